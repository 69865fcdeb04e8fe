package vm

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Determinism (ARCHITECTURE.md invariant 1): program, config and seed fix
// every result bit for bit, whatever the worker count; game i of a batch
// uses rng.Derive(seed, i); Replay reproduces game i.

func batch(tb testing.TB, p *Program, cfg BatchConfig) *Stats {
	tb.Helper()
	st, err := Batch(context.Background(), p, cfg)
	if err != nil {
		tb.Fatalf("batch %+v: %v", cfg, err)
	}
	return st
}

// gamesFor keeps the long games (war) shorter in short mode.
func gamesFor(p *Program, n int) int {
	if p.pileHands && testing.Short() {
		return n / 4
	}
	return n
}

func TestBatchWorkerCountInvariance(t *testing.T) {
	n, workers := 300, []int{1, 2, 7}
	if !testing.Short() {
		n, workers = 4000, []int{1, 2, 7, 0}
	}
	for _, np := range vmSeeds(t) {
		for _, pol := range [][]Policy{nil, {Greedy}} {
			if pol != nil && np.p.pileHands {
				continue // no decisions in a pile-hand game
			}
			games := gamesFor(np.p, n)
			var first *Stats
			for _, w := range workers {
				st := batch(t, np.p, BatchConfig{Games: games, Seed: 99, Workers: w, Policies: pol})
				if st.Games != uint64(games) {
					t.Fatalf("%s: %d games played, want %d", np.name, st.Games, games)
				}
				if first == nil {
					first = st
					continue
				}
				if !reflect.DeepEqual(st, first) {
					t.Errorf("%s %v: stats with %d workers differ from 1 worker:\n%+v\n%+v", np.name, pol, w, st, first)
				}
			}
			// More workers than games.
			st := batch(t, np.p, BatchConfig{Games: 5, Seed: 99, Workers: 7, Policies: pol})
			one := batch(t, np.p, BatchConfig{Games: 5, Seed: 99, Workers: 1, Policies: pol})
			if !reflect.DeepEqual(st, one) {
				t.Errorf("%s: 5 games on 7 workers differ from 1 worker", np.name)
			}
		}
	}
}

func TestBatchSeeds(t *testing.T) {
	for _, np := range vmSeeds(t) {
		games := gamesFor(np.p, 400)
		a := batch(t, np.p, BatchConfig{Games: games, Seed: 5, Workers: 2})
		b := batch(t, np.p, BatchConfig{Games: games, Seed: 5, Workers: 2})
		c := batch(t, np.p, BatchConfig{Games: games, Seed: 6, Workers: 2})
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the same seed gave different stats", np.name)
		}
		if reflect.DeepEqual(a, c) {
			t.Errorf("%s: seeds 5 and 6 gave identical stats", np.name)
		}
		if a.Seats != np.p.DefaultSeats() {
			t.Errorf("%s: Stats.Seats %d, want the default %d", np.name, a.Seats, np.p.DefaultSeats())
		}
	}
}

// TestBatchEqualsGames: a batch is exactly the sum of its games, each
// played alone with rng.Derive(seed, i), and of their replays.
func TestBatchEqualsGames(t *testing.T) {
	for _, np := range vmSeeds(t) {
		lo, hi := np.p.SeatRange()
		for _, seats := range []int{lo, hi} {
			for _, pol := range [][]Policy{nil, perSeat([]Policy{Greedy, Random}, seats)} {
				games := gamesFor(np.p, 120)
				st := batch(t, np.p, BatchConfig{Games: games, Seats: seats, Seed: 1234, Workers: 3, Policies: pol})
				want := &Stats{Seats: seats}
				m := mustMachine(np.p, seats, pol)
				for i := range games {
					r := m.Play(rng.Derive(1234, uint64(i)))
					want.Add(&r)
					if i%7 == 0 {
						tr := mustReplay(np.p, seats, pol, 1234, uint64(i))
						if tr.Result != r {
							t.Fatalf("%s game %d: Replay result %+v, want %+v", np.name, i, tr.Result, r)
						}
						if tr.Seed != rng.Derive(1234, uint64(i)) || tr.Seats != seats {
							t.Fatalf("%s game %d: trace seed %#x seats %d", np.name, i, tr.Seed, tr.Seats)
						}
					}
				}
				if !reflect.DeepEqual(st, want) {
					t.Errorf("%s at %d seats %v: batch stats differ from the games played one by one:\n%+v\n%+v", np.name, seats, pol, st, want)
				}
			}
		}
	}
}

// TestReplayIsGameI: mustReplay(p, seats, policies, seed, i) has the result of
// game i, for games deep into a batch as well.
func TestReplayIsGameI(t *testing.T) {
	for _, np := range vmSeeds(t) {
		m := mustMachine(np.p, 0, nil)
		for _, i := range []uint64{0, 1, 2, 255, 256, 1 << 20, 1<<63 + 5} {
			want := m.Play(rng.Derive(77, i))
			tr := mustReplay(np.p, 0, nil, 77, i)
			if tr.Result != want {
				t.Errorf("%s: Replay of game %d = %+v, want %+v", np.name, i, tr.Result, want)
			}
			// The trace accounts for the result.
			var turns, plays int
			for _, e := range tr.Events {
				switch e.Kind {
				case EvTurn:
					turns++
				case EvPlay:
					plays++
				case EvClimb:
					// A climb play's N cards are one play.
					plays -= e.N - 1
				}
			}
			if turns != want.Turns || plays != want.Plays {
				t.Errorf("%s game %d: trace has %d turns %d plays, result %d %d", np.name, i, turns, plays, want.Turns, want.Plays)
			}
		}
	}
}

// TestDealOrder checks the documented first random draws: one ShuffleBytes
// of the deck in ascending card order, the deal from the end of the
// shuffled array round-robin from seat 0, then the starter.
func TestDealOrder(t *testing.T) {
	for _, np := range vmSeeds(t) {
		p := np.p
		for i := range uint64(20) {
			seed := rng.Derive(3, i)
			src := rng.New(seed)
			deck := slices.Clone(p.deck[:p.deckN])
			if !slices.IsSorted(deck) {
				t.Fatalf("%s: deck not in ascending order", np.name)
			}
			src.ShuffleBytes(deck)
			n := p.DefaultSeats()
			hands := make([][]uint8, n)
			k := len(deck)
			if p.dealAll {
				for s := 0; k > 0; s = (s + 1) % n {
					k--
					hands[s] = append(hands[s], deck[k])
				}
			} else {
				for range int(p.deal[n]) {
					for s := range n {
						k--
						hands[s] = append(hands[s], deck[k])
					}
				}
			}
			k -= p.layout // (the layout comes off the stock's top, before the starter)
			starter := -1
			if p.starter {
				k--
				starter = int(deck[k])
				// A starter of a rank it may not be goes back, the stock
				// is shuffled, and the top is turned again, while the
				// stock holds a card of another rank.
				for p.starterNot&(1<<rankOf[starter]) != 0 && slices.ContainsFunc(deck[:k], func(c uint8) bool { return p.starterNot&(1<<rankOf[c]) == 0 }) {
					k++
					src.ShuffleBytes(deck[:k])
					k--
					starter = int(deck[k])
				}
			}
			tr := mustReplay(p, 0, nil, 3, i)
			for s := range n {
				want := hands[s]
				if !p.pileHands {
					want = slices.Clone(want)
					slices.Sort(want)
				}
				if !slices.Equal(tr.Hands[s], want) {
					t.Fatalf("%s game %d: seat %d dealt %v, want %v", np.name, i, s, tr.Hands[s], want)
				}
			}
			if tr.Starter != starter {
				t.Fatalf("%s game %d: starter %d, want %d", np.name, i, tr.Starter, starter)
			}
			if p.dealerOn {
				k -= 2 // (the dealer's two cards, once the seats' are dealt)
			}
			// And the machine's stock after the deal is the rest, top last.
			m := mustMachine(p, 0, nil)
			m.reset(seed)
			if !slices.Equal(m.stock[:m.stockN], deck[:k]) {
				t.Fatalf("%s game %d: stock after the deal differs", np.name, i)
			}
			if m.rng != src {
				t.Fatalf("%s game %d: the deal drew other random numbers than one ShuffleBytes", np.name, i)
			}
		}
	}
}

func TestBatchCancel(t *testing.T) {
	p := testkit.LoadSeed(t, "war", Load)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, err := Batch(ctx, p, BatchConfig{Games: 10, Seed: 1, Workers: 2})
	if !errors.Is(err, context.Canceled) || st != nil {
		t.Errorf("cancelled before the start: stats %v, err %v; want nil and context.Canceled", st, err)
	}

	// Cancelled while running: the first progress report cancels; the
	// workers stop at their next check, long before 10^6 war games.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()
	st, err = Batch(ctx, p, BatchConfig{Games: 1_000_000, Seed: 1, Workers: 2, Progress: func(int) { cancel() }})
	if !errors.Is(err, context.Canceled) || st != nil {
		t.Errorf("cancelled while running: stats %v, err %v; want nil and context.Canceled", st, err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("cancellation took %v", d)
	}

	dctx, dcancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer dcancel()
	st, err = Batch(dctx, p, BatchConfig{Games: 3, Seed: 1})
	if !errors.Is(err, context.DeadlineExceeded) || st != nil {
		t.Errorf("past deadline: stats %v, err %v", st, err)
	}
}

func TestBatchProgress(t *testing.T) {
	p := testkit.LoadSeed(t, "crazy-eights", Load)
	var mu sync.Mutex
	var calls []int
	cfg := BatchConfig{Games: 2000, Seed: 1, Workers: 3, Progress: func(done int) {
		mu.Lock()
		calls = append(calls, done)
		mu.Unlock()
	}}
	batch(t, p, cfg)
	if len(calls) == 0 || calls[len(calls)-1] != cfg.Games {
		t.Fatalf("progress calls %v: the last must report all %d games", calls, cfg.Games)
	}
	for _, c := range calls {
		if c < 1 || c > cfg.Games {
			t.Errorf("progress reported %d of %d games", c, cfg.Games)
		}
	}
}

func TestPolicyNames(t *testing.T) {
	for pol := range NumPolicies {
		got, ok := ParsePolicy(pol.String())
		if !ok || got != pol {
			t.Errorf("ParsePolicy(%q) = %v %v", pol.String(), got, ok)
		}
	}
	if _, ok := ParsePolicy("smart"); ok {
		t.Error("ParsePolicy accepted an unknown name")
	}
	if NumPolicies.String() != "policy?" {
		t.Errorf("unknown policy prints %q", NumPolicies.String())
	}
}
