package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestCheatPlays: cheat finishes its games: at 3, 4 and 6 seats, 10,000
// random games (100,000 with SOAK=1), none aborted and at most 0.01%
// capped, the seats winning alike; claims are challenged (interactions)
// and piles taken back into hands (more plays than cards). Greedy play,
// which tells the truth when it can and calls claims its own hand shows
// false, beats random play from the first and the third seat at 4 seats.
func TestCheatPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "cheat", vm.Load)
	for _, seats := range []int{3, 4, 6} {
		slack := 0.03
		if 52%seats != 0 {
			slack = 0.06 // (some seats are dealt a card more)
		}
		st := seedSoak(t, "cheat", p, seats, 43, slack, 0.0001)
		t.Logf("%d seats: %d games, %.1f turns, %.1f plays, %.1f challenges per game, %d capped", seats, st.Games, st.Turns.Mean(), st.Plays.Mean(), st.InteractionsPerTurn()*st.Turns.Mean(), st.Capped)
		if st.InteractionsPerTurn() < 0.1 || st.Plays.Mean() <= 52 {
			t.Errorf("%d seats: %.2f challenges per turn, %.1f plays per game: the challenges are not in play", seats, st.InteractionsPerTurn(), st.Plays.Mean())
		}
	}
	for _, seat := range []int{0, 2} {
		pol := []vm.Policy{vm.Random, vm.Random, vm.Random, vm.Random}
		pol[seat] = vm.Greedy
		st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: 2000, Seats: 4, Policies: pol, Seed: 47})
		if err != nil {
			t.Fatal(err)
		}
		if share := float64(st.Wins[seat]) / float64(st.Games); share < 0.6 {
			t.Errorf("greedy at seat %d wins %.3f of its games against random play, want at least 0.6", seat, share)
		}
	}
}
