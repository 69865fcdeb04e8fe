package players

import (
	"context"
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/vm"
)

func program(tb testing.TB, name string) *vm.Program {
	tb.Helper()
	g, err := genome.Seed(name)
	if err != nil {
		tb.Fatal(err)
	}
	code, err := compile.Compile(g)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := vm.Load(code)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func winRate(tb testing.TB, p *vm.Program, specs string, games int, seat int) float64 {
	tb.Helper()
	sp, err := ParseList(specs)
	if err != nil {
		tb.Fatal(err)
	}
	cfg := vm.BatchConfig{Games: games, Seed: 1}
	Configure(&cfg, sp)
	st, err := vm.Batch(context.Background(), p, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return float64(st.Wins[seat]) / float64(st.Games)
}

// A short search already plays Crazy Eights better than chance: against
// random, seats alternated, it wins clearly more than half of 200 games.
func TestSearchBeatsRandom(t *testing.T) {
	p := program(t, "crazy-eights")
	a := winRate(t, p, "ismcts:100,random", 100, 0)
	b := winRate(t, p, "random,ismcts:100", 100, 1)
	if mean := (a + b) / 2; mean < 0.6 {
		t.Fatalf("ismcts:100 wins %.3f of its games against random, want at least 0.6", mean)
	} else {
		t.Logf("ismcts:100 against random: %.3f", mean)
	}
}

// rootVisits returns the visits of the root's children for the options of
// d, in option order, after a decision of s.
func rootVisits(s *Search, d *vm.Decision) []int32 {
	out := make([]int32, len(d.Options))
	for i, o := range d.Options {
		if c := s.find(0, key(d.View.Seat, d.Kind, o)); c > 0 {
			out[i] = s.nodes[c].visits
		}
	}
	return out
}

type playerFunc func(d *vm.Decision) int

func (f playerFunc) Choose(d *vm.Decision) int { return f(d) }

// noPeek plays games of p in which, at every decision of seat 0 (up to
// max), two searches from the same seed decide: one in the real game, one
// in a copy whose hidden cards were re-dealt consistently with seat 0's
// view. It returns the decisions compared and those where the two differ
// in their choice or in the visits of any option.
func noPeek(t *testing.T, p *vm.Program, iters int, roll Rollout, peek bool, games, max int) (compared, differ int) {
	t.Helper()
	n := p.DefaultSeats()
	for g := range uint64(games) {
		m, err := vm.NewMachine(p, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		m.SetPlayer(0, playerFunc(func(d *vm.Decision) int {
			if compared >= max {
				return 0
			}
			seed := g<<20 | uint64(compared)
			a := NewSearch(iters, DefaultExploration, roll, peek)
			a.NewGame(seed)
			ca := a.Choose(d)
			va := rootVisits(a, d)

			b, err := vm.NewMachine(p, n, nil)
			if err != nil {
				t.Fatal(err)
			}
			b.Fork(d)
			b.Seed(seed ^ 0xdead)
			b.Determinize(0)
			var cb int
			var vb []int32
			first := true
			b.SetPlayer(0, playerFunc(func(e *vm.Decision) int {
				if first {
					first = false
					s := NewSearch(iters, DefaultExploration, roll, peek)
					s.NewGame(seed)
					cb = s.Choose(e)
					vb = rootVisits(s, e)
				}
				return 0
			}))
			b.Resume()
			compared++
			if ca != cb || fmt.Sprint(va) != fmt.Sprint(vb) {
				differ++
			}
			return ca
		}))
		m.Play(g)
	}
	return compared, differ
}

// The search never peeks: re-dealing the cards its seat cannot see, in any
// way consistent with what the seat has seen, never changes its choice or
// the visits behind it (the same search seed). The perfect-information
// search, which does peek, is told apart by the same test.
func TestSearchNeverPeeks(t *testing.T) {
	for i, name := range []string{"crazy-eights", "uno-style", "hearts", "whist", "go-fish", "old-maid", "crazy-eights-openspiel", "uno-stacking"} {
		roll := Rollout(i % int(numRollouts))
		t.Run(name+"/"+roll.String(), func(t *testing.T) {
			p := program(t, name)
			compared, differ := noPeek(t, p, 40, roll, false, 4, 60)
			if compared == 0 {
				t.Fatal("no decision compared")
			}
			t.Logf("%d decisions compared", compared)
			if differ != 0 {
				t.Fatalf("%d of %d decisions changed when hidden cards were re-dealt", differ, compared)
			}
		})
	}
	t.Run("mcts peeks", func(t *testing.T) {
		p := program(t, "crazy-eights")
		compared, differ := noPeek(t, p, 40, RolloutRandom, true, 3, 25)
		if differ == 0 {
			t.Fatalf("the perfect-information search chose alike in all %d re-dealt games: the test cannot see peeking", compared)
		}
	})
}

// A batch with search players is the same bytes for any worker count.
func TestSearchBatchDeterministic(t *testing.T) {
	p := program(t, "crazy-eights")
	sp, err := ParseList("ismcts:30,greedy")
	if err != nil {
		t.Fatal(err)
	}
	var first *vm.Stats
	for _, w := range []int{1, 2, 3} {
		cfg := vm.BatchConfig{Games: 24, Seed: 9, Workers: w}
		Configure(&cfg, sp)
		st, err := vm.Batch(context.Background(), p, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = st
		} else if *st != *first {
			t.Fatalf("%d workers: %+v, 1 worker: %+v", w, st, first)
		}
	}
}

// After its first game, a search allocates nothing.
func TestSearchAllocatesNothing(t *testing.T) {
	for _, name := range []string{"crazy-eights", "hearts"} {
		p := program(t, name)
		m, err := vm.NewMachine(p, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		m.SetPlayer(0, NewSearch(50, DefaultExploration, RolloutRandom, false))
		for g := range uint64(3) {
			m.Play(g)
		}
		g := uint64(10)
		if a := testing.AllocsPerRun(5, func() { m.Play(g); g++ }); a != 0 {
			t.Fatalf("%s: %v allocations per game", name, a)
		}
	}
}
