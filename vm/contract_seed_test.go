package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestSpadesPlays: the spades seed, 10,000 random games (100,000 with
// SOAK=1): none aborted or capped, the partnerships winning alike; in
// replayed games every deal has one bid per seat, in order from the
// dealer's left, and the contract events add up to the final scores (the
// contracts are the only score), partners 2 and 3 scoring nothing; a
// greedy partnership (bidding its high cards and long trumps, taking tricks
// until its contract is made) beats a random one from either side.
func TestSpadesPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "spades", vm.Load)
	games := 10000
	if soak() {
		games = 100000
	}
	st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: games, Seats: 4, Seed: 67})
	if err != nil {
		t.Fatal(err)
	}
	n := float64(st.Games)
	if st.Aborted != 0 || st.Capped != 0 {
		t.Errorf("%d aborted, %d capped of %d games", st.Aborted, st.Capped, st.Games)
	}
	for s := range 4 {
		// (Both partners win a partnership's game.)
		if share, want := float64(st.Wins[s])/n, (n-float64(st.Ties))/n/2; share < want-0.03 || share > want+0.03 || st.Wins[s] != st.Wins[s%2] {
			t.Errorf("seat %d wins %.3f, want about %.3f as its partner", s, share, want)
		}
	}
	for i := range uint64(20) {
		tr, err := vm.Replay(p, 4, []vm.Policy{vm.Greedy, vm.Random, vm.Random, vm.Greedy}, 71, i)
		if err != nil {
			t.Fatal(err)
		}
		var total [4]int
		deals, bids, next := 0, 0, -1
		for _, e := range tr.Events {
			switch e.Kind {
			case vm.EvBid:
				if bids%4 == 0 {
					deals++
					next = (deals - 1) % 4 // (the k-th deal's dealer is seat k-2 mod 4: the seat after it bids first)
				}
				if int(e.Seat) != next {
					t.Fatalf("game %d, deal %d: seat %d bids, want seat %d", i, deals, e.Seat, next)
				}
				if e.N < 0 || e.N > 13 {
					t.Fatalf("game %d: seat %d bids %d", i, e.Seat, e.N)
				}
				next = (next + 1) % 4
				bids++
			case vm.EvContract:
				total[e.Seat] += e.N
			}
		}
		if deals != tr.Result.Deals || bids != 4*deals {
			t.Errorf("game %d: %d bids in %d deals, the result says %d deals", i, bids, deals, tr.Result.Deals)
		}
		if total[2] != 0 || total[3] != 0 {
			t.Errorf("game %d: partners' second seats scored %d and %d, want 0 (a partnership scores at its first seat)", i, total[2], total[3])
		}
		winner := 0
		if total[1] > total[0] {
			winner = 1
		}
		if total[0] != total[1] && tr.Result.WinMask != 5<<winner {
			t.Errorf("game %d: contract totals %v, but the winners are %b", i, total, tr.Result.WinMask)
		}
	}
	for _, pol := range [][]vm.Policy{{vm.Greedy, vm.Random, vm.Greedy, vm.Random}, {vm.Random, vm.Greedy, vm.Random, vm.Greedy}} {
		st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: 2000, Seats: 4, Policies: pol, Seed: 73})
		if err != nil {
			t.Fatal(err)
		}
		g := 0
		if pol[1] == vm.Greedy {
			g = 1
		}
		if share := float64(st.Wins[g]) / float64(st.Games); share < 0.9 {
			t.Errorf("a greedy partnership at seats %d and %d wins %.3f of its games against random play, want at least 0.9", g, g+2, share)
		}
	}
}
