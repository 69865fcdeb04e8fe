package players

import (
	"os"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/vm"
)

// hybridProgram loads a hybrid game of testdata/hybrids.
func hybridProgram(tb testing.TB, name string) *vm.Program {
	tb.Helper()
	data, err := os.ReadFile("../testdata/hybrids/" + name + ".json")
	if err != nil {
		tb.Fatal(err)
	}
	g, err := genome.Parse(data)
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

// TestSearchChoosesTargets: a search seat of uno-delayed, whose twos and
// jacks hit an opponent of the player's choice, decides every choice of
// target it is put (DecideTarget) by searching it: each option of the
// choice is a child of the search's root, visited (the searches' copies
// re-enter the effect from its choice of target), and the seat chosen is
// among the options. The games end.
func TestSearchChoosesTargets(t *testing.T) {
	p := hybridProgram(t, "uno-delayed")
	for _, mcts := range []bool{false, true} {
		s := NewSearch(60, 0.7, RolloutRandom, mcts)
		targets := 0
		rec := playerFunc(func(d *vm.Decision) int {
			i := s.Choose(d)
			if d.Kind == vm.DecideTarget {
				targets++
				if i < 0 || i >= len(d.Options) {
					t.Fatalf("the search chose option %d of %d", i, len(d.Options))
				}
				for k, v := range rootVisits(s, d) {
					if v == 0 && len(d.Options) > 1 {
						t.Fatalf("the search never tried target %d of %v", d.Options[k], d.Options)
					}
				}
			}
			return i
		})
		for seed := range uint64(6) {
			m, err := vm.NewMachine(p, 4, nil)
			if err != nil {
				t.Fatal(err)
			}
			m.SetPlayer(0, rec)
			if r := m.Play(seed + 1); r.Winner == vm.Capped {
				t.Errorf("seed %d: the game reached its turn cap", seed)
			}
		}
		if targets == 0 {
			t.Errorf("peek %v: the search was never put a choice of target", mcts)
		}
	}
}

// TestKeyKeepsTargetsApart: the search tree's key tells a choice of target
// from every other decision kind, seat and option.
func TestKeyKeepsTargetsApart(t *testing.T) {
	seen := map[uint16]bool{}
	for seat := range vm.MaxSeats {
		for kind := vm.DecideCard; kind <= vm.DecidePass; kind++ {
			for o := range 256 {
				k := key(seat, kind, uint8(o))
				if seen[k] {
					t.Fatalf("key(%d, %d, %d) is another decision's key", seat, kind, o)
				}
				seen[k] = true
			}
		}
	}
}
