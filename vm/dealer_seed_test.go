package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/handrank"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestBlackjackPlays: the blackjack seed, 10,000 random games (100,000
// with SOAK=1): none aborted, at most 0.01% capped, the seats winning
// alike. In replayed games the dealer's cards (its face-down one turned
// up before it draws) end each deal at 17 or more, a seat bust never wins
// its wager, every wager settles against the totals, and the seats' chips
// with the house's always sum to the stakes. A greedy seat (drawing below
// 12, on soft totals below 18, and below 17 against a dealer's 7 or more)
// beats two random ones.
func TestBlackjackPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "blackjack", vm.Load)
	games := 10000
	if soak() {
		games = 100000
	}
	st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: games, Seats: 3, Seed: 97})
	if err != nil {
		t.Fatal(err)
	}
	n := float64(st.Games)
	if st.Aborted != 0 || float64(st.Capped) > n/10000 {
		t.Errorf("%d aborted, %d capped of %d games", st.Aborted, st.Capped, st.Games)
	}
	for s := range 3 {
		if share, want := float64(st.Wins[s])/n, (n-float64(st.Ties))/n/3; share < want-0.03 || share > want+0.03 {
			t.Errorf("seat %d wins %.3f, want about %.3f", s, share, want)
		}
	}
	busts, pushes := 0, 0
	for i := range uint64(50) {
		tr, err := vm.Replay(p, 3, []vm.Policy{vm.Greedy, vm.Random, vm.Random}, 101, i)
		if err != nil {
			t.Fatal(err)
		}
		chips := [3]int{100, 100, 100}
		house, pot := 0, 0
		var dealer [2]uint64
		var holeUp bool
		total := [3]int{} // each seat's total as it stood or went bust
		for _, e := range tr.Events {
			switch e.Kind {
			case vm.EvDeal:
				dealer, total, holeUp = [2]uint64{}, [3]int{}, false
			case vm.EvDealer:
				if e.N == 2 {
					holeUp = true
					continue
				}
				if e.N == 0 && holeUp {
					if t0, _ := handrank.Total(dealer[0], dealer[1]); t0 >= 17 {
						t.Fatalf("game %d: the dealer draws on %d", i, t0)
					}
				}
				dealer[e.Card/cardrules.PackStride] |= 1 << (e.Card % cardrules.PackStride)
			case vm.EvStand:
				total[e.Seat] = e.N
			case vm.EvBust:
				total[e.Seat] = e.N
				busts++
			case vm.EvBet:
				chips[e.Seat] -= e.N
				pot += e.N
			case vm.EvSettle:
				dt, _ := handrank.Total(dealer[0], dealer[1])
				if dt < 17 || !holeUp {
					t.Fatalf("game %d: the dealer stands on %d (its card turned up: %v)", i, dt, holeUp)
				}
				st := total[e.Seat]
				want := 0
				switch {
				case st > 21:
					want = -1
				case dt > 21 || st > dt:
					want = 1
				case st < dt:
					want = -1
				}
				if sign(e.N) != want {
					t.Fatalf("game %d: seat %d with %d against the dealer's %d settles %d", i, e.Seat, st, dt, e.N)
				}
				if e.N == 0 {
					pushes++
				}
				w := 5 // (a wager is 5, or all a seat holds)
				if e.N != 0 {
					w = max(e.N, -e.N)
				}
				pot -= w
				house -= e.N
				chips[e.Seat] += w + e.N
			}
			if chips[0]+chips[1]+chips[2]+pot+house != 300 && e.Kind == vm.EvSettle && e.N != 0 {
				t.Fatalf("game %d: %v chips, pot %d, house %d: not 300", i, chips, pot, house)
			}
		}
	}
	if busts == 0 || pushes == 0 {
		t.Errorf("%d busts and %d pushes in 50 games: want both", busts, pushes)
	}
	st, err = vm.Batch(context.Background(), p, vm.BatchConfig{Games: 2000, Seats: 3, Policies: []vm.Policy{vm.Random, vm.Greedy, vm.Random}, Seed: 103})
	if err != nil {
		t.Fatal(err)
	}
	if share := float64(st.Wins[1]) / float64(st.Games); share < 0.6 {
		t.Errorf("a greedy seat wins %.3f of its games against two random ones, want at least 0.6", share)
	}
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// TestBlackjackBigBusts: with two packs and 18 cards dealt to each seat,
// totals run far above 21 (past 127, which a narrow integer would wrap);
// every seat that busts loses its wager, and no seat that stands above 21
// exists.
func TestBlackjackBigBusts(t *testing.T) {
	g := testkit.SeedGenome(t, "blackjack")
	g.Deck.Packs, g.Deal.Cards = 2, 18
	g.Seats.Max, g.Seats.Default = 2, 2
	p, err := vm.Load(testkit.Compile(t, g))
	if err != nil {
		t.Fatal(err)
	}
	big := 0
	for i := range uint64(50) {
		tr, err := vm.Replay(p, 2, nil, 7, i)
		if err != nil {
			t.Fatal(err)
		}
		bust := map[int8]bool{}
		for _, e := range tr.Events {
			switch e.Kind {
			case vm.EvDeal:
				clear(bust)
			case vm.EvBust:
				bust[e.Seat] = true
				if e.N > 127 {
					big++
				}
			case vm.EvStand:
				if e.N > 21 {
					t.Fatalf("game %d: seat %d stands on %d", i, e.Seat, e.N)
				}
			case vm.EvSettle:
				if bust[e.Seat] && e.N >= 0 {
					t.Fatalf("game %d: seat %d went bust and settles %+d", i, e.Seat, e.N)
				}
			}
		}
	}
	if big == 0 {
		t.Fatal("no total above 127: the test does not reach what it checks")
	}
}
