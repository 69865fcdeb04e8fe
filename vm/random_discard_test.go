package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// askedKinds counts the askedKinds of decisions put to it; it takes the first option.
type askedKinds map[DecisionKind]int

func (k askedKinds) Choose(d *Decision) int { k[d.Kind]++; return 0 }

// A random forced discard takes its cards without asking the target: in
// uno-style with its seven's discard made random, cards are discarded by
// force and no seat is ever asked which; with the discard chosen, seats
// are asked.
func TestRandomDiscardAsksNobody(t *testing.T) {
	for _, random := range []bool{false, true} {
		g, err := genome.Seed("uno-style")
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.Effects {
			if g.Effects[i].Type == cardrules.ForceDiscard {
				g.Effects[i].Random = random
			}
		}
		code, err := compile.Compile(g)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Load(code)
		if err != nil {
			t.Fatal(err)
		}
		m := mustMachine(p, 4, nil)
		asked := askedKinds{}
		for s := range 4 {
			m.SetPlayer(s, asked)
		}
		discards := 0
		for seed := range uint64(200) {
			tr := &Trace{}
			m.trace = tr
			m.Play(seed)
			for _, e := range tr.Events {
				if e.Kind == EvDiscard {
					discards++
				}
			}
		}
		if discards == 0 {
			t.Fatalf("random %v: no card was discarded by force in 200 games", random)
		}
		if got := asked[DecideDiscard] > 0; got == random {
			t.Errorf("random %v: %d discards, %d decisions of which to discard", random, discards, asked[DecideDiscard])
		}
	}
}
