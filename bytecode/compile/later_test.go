package compile_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// variant is a seed game with effects added and rules given.
type variant struct {
	seed    string
	effects []genome.Effect
	rules   []genome.Rule
}

// checkVariants round-trips each variant and requires variants with
// different canonical forms to compile to different programs.
func checkVariants(t *testing.T, cases map[string]variant) {
	t.Helper()
	programs := map[string]string{} // program -> canonical JSON
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			g := testkit.SeedGenome(t, v.seed)
			g.Effects = append(g.Effects, v.effects...)
			g.Rules = v.rules
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			p := checkRoundTrip(t, g)
			c := string(g.CanonicalJSON())
			if prev, ok := programs[string(p)]; ok && prev != c {
				t.Errorf("two variants compile alike:\n%s\n%s", prev, c)
			}
			programs[string(p)] = c
		})
	}
}

// TestRoundTripDelayed: every resolution point on each type that may wait
// (of a played card and set off by an event, with a condition), and
// chosen_opponent on an immediate, a lasting (over a team) and a waiting
// effect, survive the round trip, each to its own program; so does the
// fixture game that has them with rules.
func TestRoundTripDelayed(t *testing.T) {
	cases := map[string]variant{}
	for _, ty := range []genome.EffectType{cardrules.DrawCards, cardrules.ForceDiscard} {
		for at := range cardrules.NumResolves {
			e := genome.Effect{Rank: 5, Type: ty, Target: cardrules.TargetNext, Value: 2, At: at}
			cases[fmt.Sprintf("%s at %s", ty, at)] = variant{seed: "uno-style", effects: []genome.Effect{e}}
			e.When, e.If = cardrules.Drawn, genome.EffectCondition{Of: cardrules.CondTarget, Cmp: cardrules.AtLeast, Value: 3}
			cases[fmt.Sprintf("%s drawn at %s", ty, at)] = variant{seed: "uno-style", effects: []genome.Effect{e}}
		}
	}
	chosen := cardrules.TargetChosen
	cases["chosen draw"] = variant{seed: "uno-style", effects: []genome.Effect{{Rank: 5, Type: cardrules.DrawCards, Target: chosen, Value: 1}}}
	cases["chosen gated discard"] = variant{seed: "uno-style", effects: []genome.Effect{{Rank: 5, Type: cardrules.ForceDiscard, Target: chosen, Value: 1, Gate: true, Random: true}}}
	cases["chosen team"] = variant{seed: "whist", effects: []genome.Effect{{Rank: 5, Type: cardrules.MissTurns, Target: chosen,
		Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Scope: cardrules.ScopeTeam}}}}
	cases["chosen waiting"] = variant{seed: "uno-style", effects: []genome.Effect{{Rank: 5, Type: cardrules.DrawCards, Target: chosen, Value: 1, At: cardrules.ResolveTargetTurn}}}
	cases["chosen asked"] = variant{seed: "go-fish", effects: []genome.Effect{{Rank: 5, Type: cardrules.ForceDiscard, Target: chosen, Value: 1, When: cardrules.Asked}}}
	checkVariants(t, cases)
	t.Run("fixture", func(t *testing.T) { checkRoundTrip(t, fixture(t, "later")) })
}

// TestRoundTripRules: every rule type (in a game where it acts), holder,
// condition subject a rule may test, scale count (per at both ends of its
// range), rank, suit, suppressed type and stacking key and mode survive the
// round trip, each to its own program; so do four rules at once, and a
// rule sharing its stacking mode with an effect.
func TestRoundTripRules(t *testing.T) {
	seedOf := func(ty genome.EffectType) string {
		if ty == cardrules.Bonus {
			return "whist" // scores tricks
		}
		return "crazy-eights"
	}
	base := func(ty genome.EffectType) genome.Rule {
		r := genome.Rule{Type: ty}
		switch {
		case ty.UsesValue():
			r.Value = 3
		case ty.NamesSuit():
			r.Suit = cardrules.TriggerOn(1)
		case ty == cardrules.Suppress:
			r.Suppresses = cardrules.SuppressedOf(cardrules.DrawCards)
		case ty == cardrules.LockRank || ty == cardrules.BanRank:
			r.Rank = 11
		}
		return r
	}
	one := func(r genome.Rule) variant { return variant{seed: seedOf(r.Type), rules: []genome.Rule{r}} }
	cases := map[string]variant{}
	for ty := cardrules.LockSuit; ty < cardrules.NumEffectTypes; ty++ {
		cases["type "+ty.String()] = one(base(ty))
	}
	for who := range cardrules.NumWhos {
		r := base(cardrules.MissTurns)
		r.Who = who
		cases["who "+who.String()] = one(r)
	}
	for _, c := range []genome.EffectCondition{
		{Of: cardrules.CondHand, Cmp: cardrules.AtMost, Value: 2},
		{Of: cardrules.CondStock, Cmp: cardrules.Equal, Value: 0},
		{Of: cardrules.CondPile, Cmp: cardrules.AtLeast, Value: 52},
		{Of: cardrules.CondSeats, Cmp: cardrules.AtLeast, Value: 3},
		{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(3)},
	} {
		r := base(cardrules.BanRank)
		r.If = c
		cases["if "+c.Of.String()] = one(r)
	}
	for _, by := range []cardrules.CondOf{cardrules.CondHand, cardrules.CondStock, cardrules.CondPile, cardrules.CondSeats} {
		for _, per := range []int{1, cardrules.NumCards} {
			for _, ty := range []genome.EffectType{cardrules.DrawLimit, cardrules.Bonus} {
				r := base(ty)
				r.Scale = genome.Scale{By: by, Per: per}
				cases[fmt.Sprintf("%s scale %s per %d", ty, by, per)] = one(r)
			}
		}
	}
	for rank := range genome.Rank(cardrules.NumRanks) {
		r := base(cardrules.LockRank)
		r.Rank = rank
		cases[fmt.Sprintf("rank %s", rank)] = one(r)
	}
	for s := range genome.Suit(cardrules.NumSuits) {
		r := base(cardrules.BanSuit)
		r.Suit = cardrules.TriggerOn(s)
		cases[fmt.Sprintf("suit %s", s)] = one(r)
	}
	for x := range genome.EffectType(cardrules.NumEffectTypes) {
		if x != cardrules.Suppress {
			r := base(cardrules.Suppress)
			r.Suppresses = cardrules.SuppressedOf(x)
			cases["suppresses "+x.String()] = one(r)
		}
	}
	for st := range cardrules.NumStacks {
		for k := range cardrules.MaxStackKey + 1 {
			for _, ty := range []genome.EffectType{cardrules.DrawLimit, cardrules.BanRank} {
				r := base(ty)
				r.Key, r.Stack = k, st
				if ty == cardrules.BanRank && st != cardrules.StackNone {
					r.Stack = cardrules.StackAdditive // (canonically so)
					if st != cardrules.StackAdditive {
						continue
					}
				}
				cases[fmt.Sprintf("stack %s key %d %s", st, k, ty)] = one(r)
			}
		}
	}
	cases["four rules"] = variant{seed: "crazy-eights", rules: []genome.Rule{
		base(cardrules.DrawLimit), base(cardrules.LockSuit), base(cardrules.MissTurns), base(cardrules.Suppress)}}
	limit := base(cardrules.DrawLimit)
	limit.Key, limit.Stack = 2, cardrules.StackMin
	cases["shared with an effect"] = variant{seed: "crazy-eights", rules: []genome.Rule{limit}, effects: []genome.Effect{
		{Rank: 5, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 1, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Key: 2, Stack: cardrules.StackMin}}}}
	checkVariants(t, cases)
}
