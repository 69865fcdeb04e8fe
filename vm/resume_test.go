package vm

import (
	"fmt"
	"math"
	"math/bits"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// pure decides from what the decision shows alone, so that a game and a
// copy of it choose alike: a hash of the options and the view.
type pure struct{}

func (pure) Choose(d *Decision) int {
	h := uint64(d.Kind)*0x9e3779b97f4a7c15 + d.View.Hand*31 + uint64(d.View.Stock)*7 + uint64(d.View.Top+1)
	for _, o := range d.Options {
		h = h*1099511628211 + uint64(o)
	}
	h ^= h >> 29
	return int(h % uint64(len(d.Options)))
}

// forker is pure, and at its at-th decision calls fork.
type forker struct {
	pure
	k, at int
	fork  func(d *Decision)
}

func (f *forker) Choose(d *Decision) int {
	if f.k == f.at {
		f.fork(d)
	}
	f.k++
	return f.pure.Choose(d)
}

// forkAt plays game seed of p at n seats, every seat External (pure), and
// at decision at copies the game (and its random numbers) into a second
// machine. It returns both machines: the first has finished; the second
// is paused (nil when the game had fewer decisions).
func forkAt(p *Program, n int, seed uint64, at int) (orig, copy *Machine) {
	orig = mustMachine(p, n, nil)
	f := &forker{at: at}
	f.fork = func(d *Decision) {
		copy = mustMachine(p, n, nil)
		for s := range n {
			copy.SetPlayer(s, pure{})
		}
		copy.Fork(d)
		copy.rng = orig.rng
	}
	for s := range n {
		orig.SetPlayer(s, f)
	}
	orig.Play(seed)
	return orig, copy
}

// A copy paused at any decision, given the same random numbers and the
// same choices, plays the rest of the game exactly as the original did:
// Resume re-enters every kind of decision (cards in play phases and
// tricks, suits, forced discards, blind takes, asks) where it was.
func TestForkResumeFinishesTheSameGame(t *testing.T) {
	check := func(tb interface{ Fatalf(string, ...any) }, name string, p *Program, n int, seed uint64, at int) bool {
		orig, cp := forkAt(p, n, seed, at)
		if cp == nil {
			return false
		}
		r := cp.Resume()
		if r != orig.res {
			tb.Fatalf("%s seed %d, fork at decision %d: resumed result %+v, want %+v", name, seed, at, r, orig.res)
		}
		if cp.game != orig.game || cp.effState != orig.effState || cp.piles != orig.piles || cp.chain != orig.chain {
			tb.Fatalf("%s seed %d, fork at decision %d: the resumed game ends in another state", name, seed, at)
		}
		return true
	}
	for _, sp := range append(vmSeeds(t), twoPackSample(t)...) {
		t.Run(sp.name, func(t *testing.T) {
			forks := 0
			for seed := range uint64(6) {
				// Every fork replays the game up to it, so the
				// forks thin out along long games (rummy's run to
				// hundreds of decisions): dense early, then about
				// every 16th part of the way.
				for at := 0; ; at += 1 + int(seed) + at/16 {
					if !check(t, sp.name, sp.p, sp.p.seatsDefault, seed, at) {
						break
					}
					forks++
				}
			}
			if !sp.p.pileHands && forks == 0 {
				t.Fatalf("no decision to fork at")
			}
		})
	}
	// The hybrids with lasting and delayed effects, rules and chosen
	// targets: a copy re-enters a target's choice, and a discard owed to
	// an effect resolving at a turn's start or end.
	for _, name := range []string{"crazy-eights-locks", "whist-bonus", "crazy-eights-rules", "uno-delayed", "scopa-lite"} {
		t.Run(name, func(t *testing.T) {
			_, p := hybridProgram(t, name)
			kinds := map[DecisionKind]int{}
			delayed := 0
			for seed := range uint64(6) {
				for at := 0; ; at++ {
					_, cp := forkAt(p, p.seatsDefault, seed, at)
					if cp == nil {
						break
					}
					kinds[cp.paused]++
					if cp.delaying != 0 {
						delayed++
					}
					check(t, name, p, p.seatsDefault, seed, at)
				}
			}
			if name == "uno-delayed" && (kinds[DecideTarget] == 0 || delayed == 0) {
				t.Fatalf("forks at %v, %d in a delayed effect: want a target's choice and a delayed discard", kinds, delayed)
			}
		})
	}
	t.Run("generated", func(t *testing.T) {
		rapidShort()
		rapid.Check(t, func(rt *rapid.T) {
			g := genometest.Genome().Draw(rt, "genome")
			g.TurnCap = min(g.TurnCap, 300)
			code, err := compile.Compile(g)
			if err != nil {
				rt.Fatalf("a valid genome does not compile: %v", err)
			}
			p, err := Load(code)
			if err != nil {
				rt.Fatalf("a compiled genome does not load: %v", err)
			}
			n := rapid.IntRange(p.seatsMin, p.seatsMax).Draw(rt, "seats")
			seed := rapid.Uint64().Draw(rt, "seed")
			at := rapid.IntRange(0, 200).Draw(rt, "at")
			check(rt, "generated", p, n, seed, at)
		})
	})
}

// hiddenFrom returns, for every seat but x, the cards of its hand that x
// does not know it holds.
func hiddenFrom(m *Machine, x int) (hands [MaxSeats]pair) {
	for t := range m.n {
		if t == x {
			continue
		}
		for w, y := range m.hands(t) {
			for ; y != 0; y &= y - 1 {
				if c := bits.TrailingZeros64(y); m.knownBy[c+w*cardrules.PackStride]&(1<<x) == 0 {
					hands[t][w] |= 1 << c
				}
			}
		}
	}
	return hands
}

// consistent reports how the hidden cards of m break what seat x has seen:
// a seat holding a card it showed it lacks, or missing a rank it is known
// to hold.
func consistent(m *Machine, x int) error {
	for t := range m.n {
		if t == x {
			continue
		}
		if b := m.held(t) & m.banned(t); b != 0 {
			return fmt.Errorf("seat %d holds %s, which it showed it does not hold", t, cardNames(b))
		}
		for r := m.knownHas[t]; r != 0; r &= r - 1 {
			if m.held(t)&rankSet[bits.TrailingZeros16(r)] == 0 {
				return fmt.Errorf("seat %d holds no card of rank %d, which it asked for", t, bits.TrailingZeros16(r))
			}
		}
	}
	return nil
}

// Every decision of every seed game, determinized for the deciding seat:
// the real game respects what that seat has seen (the inferences are
// sound), and so does the re-deal; the re-deal keeps every count, every
// public card and every card the seat knows where it is, keeps each card
// in exactly one zone, and depends on nothing the seat cannot see: a game
// re-dealt once already, determinized from the same random numbers, gives
// the same deal.
func TestDeterminize(t *testing.T) {
	for _, sp := range append(vmSeeds(t), twoPackSample(t)...) {
		t.Run(sp.name, func(t *testing.T) {
			p := sp.p
			n := p.seatsDefault
			decisions := 0
			for seed := range uint64(8) {
				m := mustMachine(p, n, nil)
				f := &forker{at: -1}
				var err error
				f.fork = func(d *Decision) {}
				probe := func(d *Decision) {
					if err != nil {
						return
					}
					decisions++
					x := d.View.Seat
					if e := consistent(d.m, x); e != nil {
						err = fmt.Errorf("seed %d, the real game: %v", seed, e)
						return
					}
					a := mustMachine(p, n, nil)
					a.Fork(d)
					a.Seed(uint64(decisions))
					a.Determinize(x)
					if e := checkConservation(a); e != nil {
						err = fmt.Errorf("seed %d, re-dealt for seat %d: %v", seed, x, e)
						return
					}
					if e := consistent(a, x); e != nil {
						err = fmt.Errorf("seed %d, re-dealt for seat %d: %v", seed, x, e)
						return
					}
					src := d.m
					if a.count != src.count || a.hands(x) != src.hands(x) || a.disc != src.disc || a.table != src.table || !sameGone(a, src, x) || a.stockN != src.stockN || a.dealerSeen() != src.dealerSeen() ||
						a.claimN != src.claimN || a.claimCurN != src.claimCurN {
						err = fmt.Errorf("seed %d: the re-deal changed what seat %d sees", seed, x)
						return
					}
					for c := range uint8(cardrules.MaxCardID) {
						w, f := c/cardrules.PackStride, uint64(1)<<(c%cardrules.PackStride)
						if src.claimPile[w]&f != 0 && src.knownBy[c]&(1<<x) != 0 && (a.claimPile[w]&f == 0 || src.claimCur[w]&f != a.claimCur[w]&f) {
							err = fmt.Errorf("seed %d: the re-deal moved card %v, which seat %d knows is on the claim pile", seed, cardrules.Card(c), x)
							return
						}
					}
					for t := range n {
						known := src.hands(t).andNot(hiddenFrom(src, x)[t])
						if a.hands(t).or(known) != a.hands(t) {
							err = fmt.Errorf("seed %d: the re-deal moved a card seat %d knows seat %d holds", seed, x, t)
							return
						}
					}
					// The same random numbers on a game that looks the same.
					b := mustMachine(p, n, nil)
					b.Fork(d)
					b.Seed(^uint64(decisions))
					b.Determinize(x)
					a.Fork(d)
					a.Seed(7)
					a.Determinize(x)
					b.Seed(7)
					b.Determinize(x)
					if a.hand != b.hand || a.hand2 != b.hand2 || a.stock != b.stock || a.claimPile != b.claimPile || a.claimCur != b.claimCur {
						err = fmt.Errorf("seed %d: two games that look the same to seat %d are re-dealt differently", seed, x)
					}
				}
				for s := range n {
					m.SetPlayer(s, playerFunc(func(d *Decision) int { probe(d); return pure{}.Choose(d) }))
				}
				m.Play(seed)
				if err != nil {
					t.Fatal(err)
				}
			}
			if !sp.p.pileHands && decisions == 0 {
				t.Fatal("no decision")
			}
		})
	}
}

type playerFunc func(d *Decision) int

func (f playerFunc) Choose(d *Decision) int { return f(d) }

// Shares ranks every finished game of every seed game as its result does:
// the winners get 1; without partnerships the shares are the places
// 1, ..., 0 spread evenly (they sum to seats/2, ties sharing), a seat with
// a better standing never gets less, and a capped game gives every seat
// 1/seats.
func TestShares(t *testing.T) {
	for _, sp := range vmSeeds(t) {
		p := sp.p
		n := p.seatsDefault
		m := mustMachine(p, n, []Policy{Greedy})
		for seed := range uint64(40) {
			r := m.Play(seed)
			var sh [MaxSeats]float64
			m.Shares(&sh)
			sum := 0.0
			for s := range n {
				sum += sh[s]
				if sh[s] < 0 || sh[s] > 1 {
					t.Fatalf("%s seed %d: seat %d's share %v", sp.name, seed, s, sh[s])
				}
				if r.WinMask&(1<<s) != 0 && sh[s] != 1 {
					t.Fatalf("%s seed %d: winner %d gets %v", sp.name, seed, s, sh[s])
				}
				if r.Winner == Capped && sh[s] != 1/float64(n) {
					t.Fatalf("%s seed %d: capped, seat %d gets %v", sp.name, seed, s, sh[s])
				}
			}
			if r.Winner == Capped || p.teams == 2 {
				continue
			}
			if math.Abs(sum-float64(n)/2) > 1e-9 {
				t.Fatalf("%s seed %d: shares %v sum to %v, want %v", sp.name, seed, sh[:n], sum, float64(n)/2)
			}
			for a := range n {
				for b := range n {
					if m.isActive(a) && m.isActive(b) && m.better(m.standing(a), m.standing(b)) && sh[a] <= sh[b] {
						t.Fatalf("%s seed %d: seat %d stands better than %d but gets %v <= %v", sp.name, seed, a, b, sh[a], sh[b])
					}
				}
			}
		}
	}
}

// sameGone reports whether a's cards out of play are src's, but for those
// seat x did not see go there (set aside or thrown in by another seat).
func sameGone(a, src *Machine, x int) bool {
	if a.goneN != src.goneN {
		return false
	}
	for i, c := range src.gone[:src.goneN] {
		unseen := false
		for t := range src.n {
			unseen = unseen || t != x && src.away[t][c/cardrules.PackStride]&(1<<(c%cardrules.PackStride)) != 0
		}
		if !unseen && a.gone[i] != c {
			return false
		}
	}
	return true
}
