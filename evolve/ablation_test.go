package evolve

import (
	"context"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

func effectOf(t cardrules.EffectType, rank cardrules.Rank, target cardrules.Target, value int) genome.Effect {
	return genome.Effect{Rank: rank, Type: t, Target: target, Value: value}
}

// twoSeats returns seed game name for exactly two seats, with effects.
func twoSeats(t *testing.T, name string, effects ...genome.Effect) *genome.Genome {
	t.Helper()
	g := testkit.SeedGenome(t, name)
	g.Seats = genome.Seats{Min: 2, Max: 2, Default: 2}
	g.Deal.Overrides = nil
	g.Effects = append(g.Effects, effects...)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestAblation: effects that cannot change the game are dead, effects
// that do are not, and Prune removes exactly the dead ones.
func TestAblation(t *testing.T) {
	ctx := context.Background()
	reverse := effectOf(cardrules.Reverse, 1, 0, 0) // 3s reverse
	skip := effectOf(cardrules.SkipNext, 2, 0, 1)   // 4s skip
	g := twoSeats(t, "crazy-eights", reverse, skip)
	imps, err := Ablate(ctx, g, 0, 4000, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(imps) != 2 {
		t.Fatalf("%d impacts for 2 effects", len(imps))
	}
	for _, im := range imps {
		want := im.Effect.Type == cardrules.Reverse // a reverse at two seats changes nothing
		if im.Dead != want {
			t.Errorf("%v: dead %v, want %v (impact %+v)", im.Effect, im.Dead, want, im.Seats)
		}
	}
	// Making the next player draw two cards is felt at every seat count.
	draw := testkit.SeedGenome(t, "crazy-eights")
	draw.Effects = []genome.Effect{effectOf(cardrules.DrawCards, 0, cardrules.TargetNext, 2)}
	imps, err = Ablate(ctx, draw, 3, 4000, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	if imps[0].Dead {
		t.Errorf("draw two at three seats is dead (impact %+v)", imps[0].Seats)
	}

	pruned, removed, err := Prune(ctx, g, 4000, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(removed) != 1 || removed[0] != reverse || len(pruned.Effects) != 1 || pruned.Effects[0] != skip {
		t.Errorf("Prune removed %v and kept %v; want the reverse removed and the skip kept", removed, pruned.Effects)
	}
	// Deterministic whatever the worker count.
	a, _ := Ablate(ctx, g, 0, 4000, 1, 5)
	b, _ := Ablate(ctx, g, 0, 4000, 3, 5)
	for i := range a {
		for j := range a[i].Seats {
			if a[i].Seats[j] != b[i].Seats[j] {
				t.Errorf("effect %d: impact %+v with 1 worker, %+v with 3", i, a[i].Seats[j], b[i].Seats[j])
			}
		}
	}
}

// TestAblationDropsUnanswerable: a game without some of its effects also
// loses the response abilities left with no effect of their type to answer
// (they could never be used), who and lose_turn going with the last; the
// abilities of a type some kept effect still has stay; and the game
// without its effects still compiles and loads.
func TestAblationDropsUnanswerable(t *testing.T) {
	g := unoStacking(t).Canonical() // a 2 draws and stacks on draws, a 7 discards and a J deflects discards
	var noDraw []genome.Effect
	for _, e := range g.Effects {
		if e.Type != cardrules.DrawCards {
			noDraw = append(noDraw, e)
		}
	}
	c := g.Clone()
	keepEffects(c, noDraw)
	want := []genome.Response{{Rank: rankJ, Ability: cardrules.Deflect, Answers: cardrules.ForceDiscard}}
	if !slices.Equal(c.Responses.Cards, want) || !c.Responses.LoseTurn || len(g.Responses.Cards) != 2 {
		t.Errorf("without the draw: responses %+v, want %v with lose_turn (parent's %d abilities untouched)", c.Responses, want, len(g.Responses.Cards))
	}
	keepEffects(c, nil)
	if !c.Responses.IsZero() || c.Validate() != nil {
		t.Errorf("without any effect: responses %+v (%v), want none", c.Responses, c.Validate())
	}
	for _, drop := range [][]int{nil, {0}} {
		if p, err := without(g, drop); err != nil || p == nil {
			t.Errorf("without %v: program %v, error %v", drop, p, err)
		}
	}
}
