package vm_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestResponseSeedsPlay: the seeds with response windows (uno-stacking,
// crazy-eights-openspiel-special) finish their games: at 2 and 4 seats,
// 10,000 random games each (100,000 with SOAK=1), none aborted and at most
// 0.01% capped; answers are made, and the seats win alike.
func TestResponseSeedsPlay(t *testing.T) {
	for _, name := range []string{"uno-stacking", "crazy-eights-openspiel-special"} {
		p := testkit.LoadSeed(t, name, vm.Load)
		for _, seats := range []int{2, 4} {
			st := seedSoak(t, name, p, seats, 23, 0.05, 0.0001)
			t.Logf("%s, %d seats: %d games, %.1f decisions and %.2f answers per game, %d capped",
				name, seats, st.Games, st.Decisions.Mean(), st.ResponsesPerGame(), st.Capped)
			if st.ResponsesPerGame() < 0.2 {
				t.Errorf("%s, %d seats: %.2f answers per game: the windows are not in play", name, seats, st.ResponsesPerGame())
			}
		}
	}
}
