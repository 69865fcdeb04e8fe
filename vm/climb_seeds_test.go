package vm_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestPresidentPlays: president finishes its matches: at 4, 6 and 7
// seats, 10,000 random games (100,000 with SOAK=1), none aborted and at
// most 0.01% capped; seats pass, every game shows more plays than cards
// held by a seat (tables are cleared and led again), every match runs over
// several deals (with the exchange between them), and at 4 seats, where
// every hand is dealt 13 cards, the seats win alike. At 6 and 7 seats
// some seats are dealt a card more in each deal.
func TestPresidentPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "president", vm.Load)
	for _, seats := range []int{4, 6, 7} {
		slack := 0.04
		if 52%seats != 0 {
			slack = 1
		}
		st := seedSoak(t, "president", p, seats, 31, slack, 0.0001)
		t.Logf("%d seats: %d games, %.1f turns, %.1f plays, %.1f decisions, %.1f passes, %.2f deals per game, %d capped, %d ties",
			seats, st.Games, st.Turns.Mean(), st.Plays.Mean(), st.Decisions.Mean(), st.PassesPerGame(), st.DealsPerGame(), st.Capped, st.Ties)
		if st.DealsPerGame() < 2 {
			t.Errorf("%d seats: %.2f deals per game: the match is not in play", seats, st.DealsPerGame())
		}
		if st.PassesPerGame() < 1 || st.Plays.Mean() < 52/float64(seats) {
			t.Errorf("%d seats: %.2f passes and %.1f plays per game: the climbing rules are not in play", seats, st.PassesPerGame(), st.Plays.Mean())
		}
	}
}
