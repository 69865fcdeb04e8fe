package evolve

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// gateParents are the parents of the gate tests: the seeds, the games with
// the optional rules of play, uno-style whose draw-two is gated, and whist
// with a gated discard aimed at the player (a trick game, where a gate
// narrows the cards a seat may lead or follow with).
func gateParents(t testing.TB) []*genome.Genome {
	t.Helper()
	out := rulesParents(t)
	uno := testkit.SeedGenome(t, "uno-style")
	for i := range uno.Effects {
		if uno.Effects[i].Type.Fizzles() {
			uno.Effects[i].Gate = true
		}
	}
	whist := testkit.SeedGenome(t, "whist")
	whist.Effects = append(whist.Effects, genome.Effect{Rank: 3, Type: cardrules.ForceDiscard, Target: cardrules.TargetSelf, Value: 1, Gate: true})
	out = append(out, canonical(t, "gates", uno, whist)...)
	return out
}

// gateChanges names what an effect operator did to gates, from parent a to
// child b: a new effect of a type that can fizzle with or without a gate
// (add), a gate turned on or off in place, a gate kept or cleared by a
// change of type (mutate).
func gateChanges(op string, a, b *genome.Genome) []string {
	var out []string
	switch op {
	case opAddEffect.name:
		if e := b.Effects[len(b.Effects)-1]; e.Type.Fizzles() {
			out = append(out, fmt.Sprintf("new %s gate=%v", e.Type, e.Gate))
		}
	case opMutateEffect.name:
		for i := range a.Effects {
			p, q := a.Effects[i], b.Effects[i]
			switch {
			case p.Type == q.Type && p.Gate != q.Gate:
				out = append(out, fmt.Sprintf("%s gate=%v", q.Type, q.Gate))
			case p.Type != q.Type && p.Gate && q.Gate:
				out = append(out, "type change kept the gate")
			case p.Type != q.Type && p.Gate && !q.Gate:
				out = append(out, "type change cleared the gate")
			}
		}
	}
	return out
}

// TestGateOperators: evolution reaches the gate both ways and keeps every
// child valid. add_effect gives new draw and discard effects a gate
// sometimes and other types never; mutate_effect turns a gate on and off
// and, changing the type, keeps it between types that can fizzle and
// drops it for one that cannot. A child that differs from its parent only
// in a gate is always valid, and a new effect is valid with its gate
// exactly when it is valid without, so the gate costs no first-try
// validity. The walks mix in every other operator, so that gated effects
// meet changes of the deck (a dropped rank takes its effects), the phases
// and crossover. Random walks (rapid) check the properties; fixed walks
// from every parent, checked the same way, make sure that every change is
// reached whatever rapid draws.
func TestGateOperators(t *testing.T) {
	parents := gateParents(t)
	_, pick := effectOpsHalf()
	seen := map[string]int{}
	check := func(op string, g, c *genome.Genome, ok bool) error {
		for i, e := range c.Effects {
			if e.Gate && !e.Type.Fizzles() {
				return fmt.Errorf("%s left a gate on effect %d, a %s", op, i, e.Type)
			}
		}
		switch op {
		case opAddEffect.name:
			if e := c.Effects[len(c.Effects)-1]; e.Gate {
				bare := c.Clone()
				bare.Effects[len(bare.Effects)-1].Gate = false
				if valid(bare) != ok {
					return fmt.Errorf("a new %s is valid %v with its gate, %v without", e.Type, ok, valid(bare))
				}
			}
		case opMutateEffect.name:
			if onlyGates(g, c) && !ok {
				return fmt.Errorf("turning a gate on or off made an invalid child: %v\n%s", c.Validate(), c.CanonicalJSON())
			}
		}
		return nil
	}
	walk := opWalk(parents, pick, check, gateChanges, seen, 8)
	walkAllN(t, parents, 900, 40, walk)
	want := []string{
		"mutate_effect: type change kept the gate", "mutate_effect: type change cleared the gate",
	}
	for _, ty := range []genome.EffectType{cardrules.DrawCards, cardrules.ForceDiscard} {
		for _, on := range []bool{true, false} {
			want = append(want, fmt.Sprintf("add_effect: new %s gate=%v", ty, on), fmt.Sprintf("mutate_effect: %s gate=%v", ty, on))
		}
	}
	requireReached(t, seen, want)
}

// onlyGates reports whether a and b differ in the gates of their effects
// and nothing else.
func onlyGates(a, b *genome.Genome) bool {
	if len(a.Effects) != len(b.Effects) {
		return false
	}
	x, y := a.Clone(), b.Clone()
	differ := false
	for i := range x.Effects {
		differ = differ || x.Effects[i].Gate != y.Effects[i].Gate
		x.Effects[i].Gate, y.Effects[i].Gate = false, false
	}
	return differ && slices.Equal(x.CanonicalJSON(), y.CanonicalJSON())
}

// TestGateOperatorsFirstTry: with gates among the parents' effects and
// added by add_effect, the effect operators' first tries give a valid
// child no less often than the floor TestClosure holds every operator to;
// mutate_effect, whose every change (a gate included) keeps a valid genome
// valid, gives a valid child at every first try.
func TestGateOperatorsFirstTry(t *testing.T) {
	ops := []operator{opAddEffect, opRemoveEffect, opMutateEffect}
	parents := withWalks(gateParents(t), ops, 600, 3)
	cfg, _ := Preset("quick")
	minShare := closureMinShare(cfg.Retries)
	for k, op := range ops {
		applied, ok := firstTries(parents, op, k)
		t.Logf("%-14s %4d of %4d valid", op.name, ok, applied)
		switch {
		case applied < closureMinApplied:
			t.Errorf("%s applied %d times, want at least %d", op.name, applied, closureMinApplied)
		case float64(ok) < minShare*float64(applied):
			t.Errorf("%s: %d of %d children valid, want at least %.0f%%", op.name, ok, applied, 100*minShare)
		case op.name != opAddEffect.name && ok != applied:
			t.Errorf("%s: %d of %d children valid, want all", op.name, ok, applied)
		}
	}
}
