package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestResponseSeedsPlay: the seeds with response windows (uno-stacking,
// crazy-eights-openspiel-special) finish their games: at 2 and 4 seats,
// 10,000 random games each (100,000 with SOAK=1), none aborted and at most
// 0.01% capped; answers are made, and the seats win alike.
func TestResponseSeedsPlay(t *testing.T) {
	games := 10000
	if soak() {
		games = 100000
	}
	for _, name := range []string{"uno-stacking", "crazy-eights-openspiel-special"} {
		p := testkit.LoadSeed(t, name, vm.Load)
		for _, seats := range []int{2, 4} {
			st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: games, Seats: seats, Seed: 23})
			if err != nil {
				t.Fatal(err)
			}
			n := float64(st.Games)
			t.Logf("%s, %d seats: %d games, %.1f decisions and %.2f answers per game, %d capped",
				name, seats, st.Games, st.Decisions.Mean(), st.ResponsesPerGame(), st.Capped)
			if st.Aborted != 0 {
				t.Errorf("%s, %d seats: %d games aborted", name, seats, st.Aborted)
			}
			if float64(st.Capped) > 0.0001*n {
				t.Errorf("%s, %d seats: %d of %d games capped, more than 0.01%%", name, seats, st.Capped, st.Games)
			}
			if st.ResponsesPerGame() < 0.2 {
				t.Errorf("%s, %d seats: %.2f answers per game: the windows are not in play", name, seats, st.ResponsesPerGame())
			}
			for s := range seats {
				share := float64(st.Wins[s]) / n
				if want := 1 / float64(seats); share < want-0.05 || share > want+0.05 {
					t.Errorf("%s, %d seats: seat %d wins %.3f, want about %.3f", name, seats, s, share, want)
				}
			}
		}
	}
}
