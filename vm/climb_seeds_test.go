package vm_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestPresidentPlays: president finishes its games: at 4 and 6 seats,
// 10,000 random games (100,000 with SOAK=1), none aborted and at most
// 0.01% capped; seats pass, every game shows more plays than cards held
// by a seat (tables are cleared and led again), and at 4 seats, where
// every hand is dealt 13 cards, the seats win alike but for the first
// player's lead. At 6 seats the first four are dealt a card more and win
// less often.
func TestPresidentPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "president", vm.Load)
	for _, seats := range []int{4, 6} {
		slack := 0.04
		if 52%seats != 0 {
			slack = 1
		}
		st := seedSoak(t, "president", p, seats, 31, slack, 0.0001)
		t.Logf("%d seats: %d games, %.1f turns, %.1f plays, %.1f decisions, %.1f passes per game, %d capped",
			seats, st.Games, st.Turns.Mean(), st.Plays.Mean(), st.Decisions.Mean(), st.PassesPerGame(), st.Capped)
		if st.PassesPerGame() < 1 || st.Plays.Mean() < 52/float64(seats) {
			t.Errorf("%d seats: %.2f passes and %.1f plays per game: the climbing rules are not in play", seats, st.PassesPerGame(), st.Plays.Mean())
		}
	}
}
