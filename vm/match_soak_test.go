package vm_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestMatchSeedsPlay: the match seeds finish their matches well inside
// their turn caps: crazy-eights-match at 2, 3 and 5 seats and hearts-match
// at 4, 10,000 random games each (100,000 with SOAK=1), none aborted, at
// most 0.01% capped, and every match runs over several deals.
func TestMatchSeedsPlay(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats []int
	}{{"crazy-eights-match", []int{2, 3, 5}}, {"hearts-match", []int{4}}} {
		p := testkit.LoadSeed(t, c.name, vm.Load)
		for _, seats := range c.seats {
			st := seedSoak(t, c.name, p, seats, 31, 0.03, 0.0001)
			t.Logf("%s, %d seats: %d games, %.2f deals and %.1f turns per game, %.1f turns per deal, %d capped, %d ties",
				c.name, seats, st.Games, st.DealsPerGame(), st.Turns.Mean(), st.TurnsPerDeal(), st.Capped, st.Ties)
			if st.DealsPerGame() < 2 {
				t.Errorf("%s, %d seats: %.2f deals per game: the match is not in play", c.name, seats, st.DealsPerGame())
			}
		}
	}
}
