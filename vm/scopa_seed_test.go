package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestScopaPlays: scopa finishes its matches: at 2, 3 and 4 seats, 10,000
// random games (100,000 with SOAK=1), none aborted and at most 0.01%
// capped, the seats winning alike; every deal plays all 40 cards but the
// layout's four (the hands dealt again until the stock is out), and a
// match runs over several deals. Greedy play, which takes what it can
// and trails its lowest card, beats random play from either seat at two
// seats.
func TestScopaPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "scopa", vm.Load)
	for _, seats := range []int{2, 3, 4} {
		st := seedSoak(t, "scopa", p, seats, 37, 0.03, 0.0001)
		t.Logf("%d seats: %d games, %.1f turns, %.2f deals per game, %d capped, %d ties", seats, st.Games, st.Turns.Mean(), st.DealsPerGame(), st.Capped, st.Ties)
		if perDeal := st.Turns.Mean() / st.DealsPerGame(); perDeal != 36 {
			t.Errorf("%d seats: %.2f turns per deal, want 36 (every card but the layout's played)", seats, perDeal)
		}
		if st.DealsPerGame() < 2 {
			t.Errorf("%d seats: %.2f deals per game: the match is not in play", seats, st.DealsPerGame())
		}
	}
	for seat := range 2 {
		pol := []vm.Policy{vm.Random, vm.Random}
		pol[seat] = vm.Greedy
		st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: 2000, Seats: 2, Policies: pol, Seed: 41})
		if err != nil {
			t.Fatal(err)
		}
		if share := float64(st.Wins[seat]) / float64(st.Games); share < 0.7 {
			t.Errorf("greedy at seat %d wins %.3f of its games against random play, want at least 0.7", seat, share)
		}
	}
}
