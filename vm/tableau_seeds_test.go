package vm_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestTableauSeedsPlay: sevens finishes its games: at 2, 4 and 7 seats,
// 10,000 random games (100,000 with SOAK=1), none aborted and at most
// 0.01% capped; seats pass, and at 2 and 4 seats, where every hand is
// dealt 52/seats cards, the seats win alike (the lead card, dealt at
// random, decides who starts). At 7 seats the first three are dealt a card
// more, as at a real table, and win less often.
func TestTableauSeedsPlay(t *testing.T) {
	p := testkit.LoadSeed(t, "sevens", vm.Load)
	for _, seats := range []int{2, 4, 7} {
		slack := 0.03
		if 52%seats != 0 {
			slack = 1
		}
		st := seedSoak(t, "sevens", p, seats, 29, slack, 0)
		t.Logf("%d seats: %d games, %.1f decisions, %.1f passes per game, %d capped", seats, st.Games, st.Decisions.Mean(), st.PassesPerGame(), st.Capped)
		if st.PassesPerGame() < 1 {
			t.Errorf("%d seats: %.2f passes per game: nobody is ever stuck", seats, st.PassesPerGame())
		}
	}
}
