package evolve

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// effectOptionChanges names the changes op made to the random mode and the
// trigger suit of g's effects: the new effect's, for add_effect; the one
// effect of the same type it changed, for mutate_effect.
func effectOptionChanges(op string, g, c *genome.Genome) []string {
	var out []string
	switch op {
	case opAddEffect.name:
		e := c.Effects[len(c.Effects)-1]
		if e.Type == cardrules.ForceDiscard {
			out = append(out, fmt.Sprintf("random=%v", e.Random))
		}
		out = append(out, fmt.Sprintf("suited=%v", e.Suit != cardrules.AnySuit))
	case opMutateEffect.name:
		for i := range g.Effects {
			a, b := g.Effects[i], c.Effects[i]
			if a.Type == b.Type && a.Random != b.Random {
				out = append(out, fmt.Sprintf("random=%v", b.Random))
			}
			if a.Rank == b.Rank && a.Suit != b.Suit {
				out = append(out, fmt.Sprintf("suited=%v", b.Suit != cardrules.AnySuit))
			}
		}
	}
	return out
}

// TestEffectOptionOperators: add_effect makes forced discards taken at
// random and by choice, and effects triggered by one suit and by the whole
// rank; mutate_effect turns each on and off; a random discard never
// appears in a game of pile hands, and every child stays valid.
func TestEffectOptionOperators(t *testing.T) {
	var parents []*genome.Genome
	for _, name := range []string{"uno-style", "crazy-eights", "war"} {
		g, err := genome.Seed(name)
		if err != nil {
			t.Fatal(err)
		}
		parents = append(parents, g.Canonical())
	}
	// uno-style whose 7s take the discard at random, so that walks turn
	// the mode off as often as on.
	uno := parents[0].Clone()
	for i := range uno.Effects {
		uno.Effects[i].Random = uno.Effects[i].Type == cardrules.ForceDiscard
	}
	parents = append(parents, uno)
	effectOps := []operator{opAddEffect, opRemoveEffect, opMutateEffect}
	seen := map[string]int{}
	pick := func(r *rng.Source) operator { return effectOps[r.IntN(len(effectOps))] }
	check := func(op string, g, c *genome.Genome, ok bool) error {
		if !ok && op != opAddEffect.name {
			return fmt.Errorf("%s made an invalid child of a valid parent: %v", op, c.Validate())
		}
		for _, e := range c.Effects {
			if e.Random && (e.Type != cardrules.ForceDiscard || c.Hand != cardrules.HandFan) {
				return fmt.Errorf("%s left %+v random in a game of %s hands", op, e, c.Hand)
			}
		}
		return nil
	}
	walkAllN(t, parents, 1300, 12, opWalk(parents, pick, check, effectOptionChanges, seen, 1<<30))
	requireReached(t, seen, []string{
		"add_effect: random=true", "add_effect: random=false", "mutate_effect: random=true", "mutate_effect: random=false",
		"add_effect: suited=true", "add_effect: suited=false", "mutate_effect: suited=true", "mutate_effect: suited=false",
	})
}
