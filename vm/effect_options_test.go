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

// An effect with a trigger suit fires for the card of its rank of that
// suit only: in uno-style with the two's draw limited to the two of
// hearts, every draw effect traced follows the two of hearts, and the
// other twos still skip.
func TestSuitTrigger(t *testing.T) {
	g, err := genome.Seed("uno-style")
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Effects {
		if g.Effects[i].Type == cardrules.DrawCards {
			g.Effects[i].Suit = cardrules.TriggerOn(cardrules.Suit(2))
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
	draws, otherTwos := 0, 0
	for game := range uint64(300) {
		tr := mustReplay(p, 4, nil, 5, game)
		var last uint8
		for i, e := range tr.Events {
			switch e.Kind {
			case EvPlay:
				last = e.Card
				if e.Card%13 == 0 && e.Card/13 != 2 {
					otherTwos++
					if i+1 < len(tr.Events) && tr.Events[i+1].Kind == EvEffect && cardrules.EffectType(tr.Events[i+1].Card) == cardrules.DrawCards {
						t.Fatalf("game %d: the draw fires after %d", game, e.Card)
					}
				}
			case EvEffect:
				if cardrules.EffectType(e.Card) == cardrules.DrawCards {
					draws++
					if last != 2*13 {
						t.Fatalf("game %d: a draw effect fires after card %d, not the two of hearts", game, last)
					}
				}
			}
		}
	}
	if draws == 0 || otherTwos == 0 {
		t.Fatalf("%d draw effects, %d other twos played: the test saw nothing", draws, otherTwos)
	}
}
