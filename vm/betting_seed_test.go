package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestDrawPokerPlays: the draw-poker seed, 10,000 random games (100,000
// with SOAK=1): none aborted, at most 0.01% capped, the seats winning
// alike. In replayed games folds happen and a seat that folds never takes
// that hand's pot; every pot is won whole (the chips taken are the antes
// and bets put in since the last pot was taken); a hand won without a
// showdown is won by the one seat left in. A greedy seat (raising on two
// pair, folding nothing better than high card) beats three random ones.
func TestDrawPokerPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "draw-poker", vm.Load)
	games := 10000
	if soak() {
		games = 100000
	}
	st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: games, Seats: 4, Seed: 79})
	if err != nil {
		t.Fatal(err)
	}
	n := float64(st.Games)
	if st.Aborted != 0 || float64(st.Capped) > n/10000 {
		t.Errorf("%d aborted, %d capped of %d games", st.Aborted, st.Capped, st.Games)
	}
	for s := range 4 {
		if share, want := float64(st.Wins[s])/n, (n-float64(st.Ties))/n/4; share < want-0.03 || share > want+0.03 {
			t.Errorf("seat %d wins %.3f, want about %.3f", s, share, want)
		}
	}
	folds, showdowns := 0, 0
	for i := range uint64(50) {
		tr, err := vm.Replay(p, 4, []vm.Policy{vm.Greedy, vm.Random, vm.Random, vm.Random}, 83, i)
		if err != nil {
			t.Fatal(err)
		}
		const ante = 1
		var folded uint8
		shown := 0
		pot := 0
		chips := [4]int{100, 100, 100, 100}
		newHand := func() {
			folded, shown = 0, 0
			for s := range chips {
				a := min(ante, chips[s])
				chips[s] -= a
				pot += a
			}
		}
		newHand()
		for _, e := range tr.Events {
			switch e.Kind {
			case vm.EvFold:
				folded |= 1 << e.Seat
				folds++
			case vm.EvBet:
				chips[e.Seat] -= e.N
				pot += e.N
			case vm.EvShow:
				shown++
			case vm.EvChips:
				if e.N >= 0 {
					t.Fatalf("game %d: seat %d pays %d chips outside a bet", i, e.Seat, e.N)
				}
				if folded&(1<<e.Seat) != 0 {
					t.Fatalf("game %d: seat %d folded, but takes the pot", i, e.Seat)
				}
				if shown == 0 && folded|1<<e.Seat != 0xf {
					t.Fatalf("game %d: seat %d takes the pot with no showdown, but seats %04b folded", i, e.Seat, folded)
				}
				chips[e.Seat] -= e.N
				pot += e.N
			case vm.EvDeal:
				if pot != 0 {
					t.Fatalf("game %d: deal %d starts with %d chips in the pot", i, e.N+1, pot)
				}
				if shown > 0 {
					showdowns++
				}
				newHand()
			}
		}
		if pot != 0 {
			t.Fatalf("game %d ends with %d chips in the pot", i, pot)
		}
		want := tr.Result.Winner
		for s := range chips {
			if chips[s] < 0 {
				t.Fatalf("game %d: seat %d ends with %d chips", i, s, chips[s])
			}
			if want >= 0 && chips[s] > chips[want] {
				t.Errorf("game %d: seat %d holds %d chips, more than the winner %d's %d", i, s, chips[s], want, chips[want])
			}
		}
	}
	if folds == 0 || showdowns == 0 {
		t.Errorf("%d folds and %d showdowns in 50 games: want both", folds, showdowns)
	}
	st, err = vm.Batch(context.Background(), p, vm.BatchConfig{Games: 2000, Seats: 4, Policies: []vm.Policy{vm.Random, vm.Greedy, vm.Random, vm.Random}, Seed: 89})
	if err != nil {
		t.Fatal(err)
	}
	if share := float64(st.Wins[1]) / float64(st.Games); share < 0.8 {
		t.Errorf("a greedy seat wins %.3f of its games against three random ones, want at least 0.8", share)
	}
}
