package vm_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestTableauSeedsPlay: the tableau seeds finish their games: 10,000
// random games (100,000 with SOAK=1) at each seat count, none aborted and
// none capped, and seats pass (in fan-tan a pass costs a chip).
//   - sevens at 2, 4 and 7 seats: where every hand is dealt 52/seats cards
//     the seats win alike within 0.03 (the lead card, dealt at random,
//     decides who starts). At 7 seats the first three are dealt a card
//     more, as at a real table, and win less often.
//   - fan-tan at 3, 4 and 8 seats: with no lead card the first seat plays
//     first and wins more often (a table passes the deal round to even it
//     out), so at 4 seats the shares are only checked within 0.05.
func TestTableauSeedsPlay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seats []int
		slack float64
		seed  uint64
	}{
		{"sevens", []int{2, 4, 7}, 0.03, 29},
		{"fan-tan", []int{3, 4, 8}, 0.05, 31},
	} {
		p := testkit.LoadSeed(t, tc.name, vm.Load)
		for _, seats := range tc.seats {
			slack := tc.slack
			if 52%seats != 0 {
				slack = 1
			}
			st := seedSoak(t, tc.name, p, seats, tc.seed, slack, 0)
			t.Logf("%s, %d seats: %d games, %.1f decisions, %.1f passes per game, %d capped", tc.name, seats, st.Games, st.Decisions.Mean(), st.PassesPerGame(), st.Capped)
			if st.PassesPerGame() < 1 {
				t.Errorf("%s, %d seats: %.2f passes per game: nobody is ever stuck", tc.name, seats, st.PassesPerGame())
			}
		}
	}
}
