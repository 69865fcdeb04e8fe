package evolve

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// ruleOp returns the structural operator named name.
func ruleOp(t testing.TB, name string) operator {
	t.Helper()
	i := slices.IndexFunc(structural, func(o operator) bool { return o.name == name })
	if i < 0 {
		t.Fatalf("no operator %s", name)
	}
	return structural[i]
}

// ruleOps are add_rule, remove_rule and mutate_rule.
func ruleOps(t testing.TB) []operator {
	return []operator{ruleOp(t, "add_rule"), ruleOp(t, "remove_rule"), ruleOp(t, "mutate_rule")}
}

// hybrid reads the hybrid game name of testdata/hybrids, in canonical form.
func hybrid(t testing.TB, name string) *genome.Genome {
	t.Helper()
	data, err := os.ReadFile("../testdata/hybrids/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g.Canonical()
}

// laterParents are the parents of the tests of delayed effects, rules and
// chosen targets: the lasting tests' parents (every seed game and three
// with lasting effects of every kind), the two hybrids that use them
// (uno-delayed, crazy-eights-rules), Whist with a bonus rule for the
// seats holding the fewest cards and a suppress rule under a condition,
// Go Fish with a scaled draw limit, and uno-style whose draw-limit rule
// shares a stacking group with its effects.
func laterParents(t testing.TB) []*genome.Genome {
	t.Helper()
	out := lastingParents(t)
	out = append(out, hybrid(t, "uno-delayed"), hybrid(t, "crazy-eights-rules"))
	whist := testkit.SeedGenome(t, "whist")
	whist.Rules = []genome.Rule{
		{Type: cardrules.Bonus, Who: cardrules.WhoFewestCards, Value: 2, Stack: cardrules.StackMax},
		{Type: cardrules.Suppress, If: genome.EffectCondition{Of: cardrules.CondSeats, Cmp: cardrules.Compare(0), Value: 2}, Suppresses: cardrules.SuppressedOf(cardrules.LockSuit)},
		{Type: cardrules.LockSuit, Suit: cardrules.TriggerOn(cardrules.Suit(2)), Key: 2},
	}
	fish := testkit.SeedGenome(t, "go-fish")
	fish.Rules = []genome.Rule{{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1, Scale: genome.Scale{By: cardrules.CondStock, Per: 10}}}
	uno := testkit.SeedGenome(t, "uno-style")
	uno.Effects = append(uno.Effects,
		genome.Effect{Rank: 3, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 2, At: 0, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Key: 1, Stack: cardrules.StackMin}},
		genome.Effect{Rank: 9, Type: cardrules.DrawCards, Target: cardrules.TargetChosen, Value: 1, At: cardrules.ResolveTurnEnd},
	)
	uno.Rules = []genome.Rule{
		{Type: cardrules.DrawLimit, Value: 3, Key: 1, Stack: cardrules.StackMin},
		{Type: cardrules.BanRank, Who: cardrules.WhoMostCards, Rank: 5},
	}
	out = append(out, canonical(t, "rules", whist, fish, uno)...)
	return out
}

// laterProblems lists the problems of g's validation that concern its
// rules, its effects' resolution points or a target of the player's
// choice.
func laterProblems(g *genome.Genome) []string {
	return problemsWhere(g, func(p genome.Problem) bool {
		return strings.HasPrefix(p.Path, "$.rules") || strings.HasSuffix(p.Path, ".at") ||
			strings.HasSuffix(p.Path, ".gate") && strings.Contains(p.Reason, "later") ||
			strings.HasSuffix(p.Path, ".target") && strings.Contains(p.Reason, "chooses")
	})
}

// laterChanges names what an operator did, from parent g to child c, to
// resolution points, chosen targets and rules: a new effect's resolution
// point and target; a resolution point or target moved (from, to); a new
// rule's type, holder, condition subject, scale, key and stacking mode; a
// rule removed; one field of a rule moved (from and to for the type, the
// holder, the condition's subject, the scale's count and the stacking
// mode; up and down for the value and the scale's step; the rest as
// changed).
func laterChanges(op string, g, c *genome.Genome) []string {
	var out []string
	both := func(what string, from, to fmt.Stringer) {
		out = append(out, what+" "+from.String()+"->", what+" ->"+to.String())
	}
	updown := func(what string, a, b int) {
		switch {
		case a < b:
			out = append(out, what+" up")
		case a > b:
			out = append(out, what+" down")
		}
	}
	switch op {
	case opAddEffect.name:
		e := c.Effects[len(c.Effects)-1]
		if e.Type.CanWait() {
			out = append(out, "at="+e.At.String())
		}
		if hasTarget(&e) {
			out = append(out, "target="+e.Target.String())
		}
	case opMutateEffect.name:
		for i := range g.Effects {
			a, b := g.Effects[i], c.Effects[i]
			if a.Type != b.Type {
				continue
			}
			if a.At != b.At {
				both("at", a.At, b.At)
			}
			if a.Target != b.Target {
				both("target", a.Target, b.Target)
			}
		}
	case "add_rule":
		ru := c.Rules[len(c.Rules)-1]
		out = append(out, "type="+ru.Type.String(), "who="+ru.Who.String(), "if="+ru.If.Of.String(),
			fmt.Sprintf("key=%d", ru.Key), "stack="+ru.Stack.String())
		if ru.Type.UsesValue() {
			by := "none"
			if ru.Scale != (genome.Scale{}) {
				by = ru.Scale.By.String()
			}
			out = append(out, "scale="+by)
		}
	case "remove_rule":
		out = append(out, "removed")
	case "mutate_rule":
		for i := range g.Rules {
			a, b := g.Rules[i], c.Rules[i]
			switch {
			case a.Type != b.Type:
				both("type", a.Type, b.Type)
			case a.Who != b.Who:
				both("who", a.Who, b.Who)
			case a.If != b.If:
				if a.If.Of != b.If.Of {
					both("if", a.If.Of, b.If.Of)
				} else {
					out = append(out, "if changed")
				}
			case a.Value != b.Value:
				updown("value", a.Value, b.Value)
			case a.Scale != b.Scale:
				switch {
				case a.Scale == genome.Scale{}:
					out = append(out, "scale added")
				case b.Scale == genome.Scale{}:
					out = append(out, "scale removed")
				case a.Scale.By != b.Scale.By:
					both("scale", a.Scale.By, b.Scale.By)
				default:
					updown("scale per", a.Scale.Per, b.Scale.Per)
				}
			case a.Rank != b.Rank:
				out = append(out, "rank changed")
			case a.Suit != b.Suit:
				out = append(out, "suit changed")
			case a.Key != b.Key:
				out = append(out, "key changed")
			case a.Stack != b.Stack:
				both("stack", a.Stack, b.Stack)
			case a.Suppresses != b.Suppresses:
				out = append(out, "suppressed type changed")
			}
		}
	}
	return out
}

// checkMutateRule checks that mutate_rule changed one rule and nothing
// else, or, changing a stacking mode, the mode of every effect and rule of
// one type and key and nothing else.
func checkMutateRule(g, c *genome.Genome) error {
	if len(g.Rules) != len(c.Rules) || len(g.Effects) != len(c.Effects) {
		return fmt.Errorf("mutate_rule changed the number of rules or effects")
	}
	var changed []int
	for i := range g.Rules {
		if g.Rules[i] != c.Rules[i] {
			changed = append(changed, i)
		}
	}
	if len(changed) == 0 {
		return fmt.Errorf("mutate_rule changed no rule")
	}
	b := c.Rules[changed[0]]
	if a := g.Rules[changed[0]]; a.Type != b.Type || a.Key != b.Key || a.Stack == b.Stack {
		// Not a change of mode: nothing else may move.
		if len(changed) == 1 && slices.Equal(g.Effects, c.Effects) {
			return nil
		}
		return fmt.Errorf("mutate_rule changed rules %v and effects:\n%v %v\n%v %v", changed, g.Rules, g.Effects, c.Rules, c.Effects)
	}
	for i, x := range g.Rules {
		y := c.Rules[i]
		group := x.Type == b.Type && x.Key == b.Key
		x.Stack = y.Stack
		if x != y || group && y.Stack != b.Stack || !group && g.Rules[i] != y {
			return fmt.Errorf("mutate_rule changed a stacking mode, but rule %d became %+v", i, y)
		}
	}
	for i, x := range g.Effects {
		y := c.Effects[i]
		group := x.Type == b.Type && x.Lasts.Key == b.Key
		x.Lasts.Stack = y.Lasts.Stack
		if x != y || group && y.Lasts.Stack != b.Stack || !group && g.Effects[i] != y {
			return fmt.Errorf("mutate_rule changed a stacking mode, but effect %d became %+v", i, y)
		}
	}
	return nil
}

// TestLaterOperators: evolution reaches every resolution point, a target
// of the player's choice, every rule type, holder, condition subject,
// scale count and stacking mode, and every field of a rule both ways, and
// keeps every child valid. add_effect gives a type that can wait every
// resolution point and picks chosen_opponent; mutate_effect moves a
// resolution point and a target from and to every value; add_rule adds
// every lasting type with every holder, condition subject, scale count,
// key and mode; mutate_rule moves each field; both crossovers bring rules
// of the second parent into a child. Every child of an effect or rule
// operator is valid; mutate_rule changes one rule (or one group's mode);
// no child of any operator or crossover is invalid for its rules, its
// resolution points or its chosen targets, and none picks an opponent in
// a game of pile hands. The walks mix in every other operator, half the
// time.
func TestLaterOperators(t *testing.T) {
	parents := laterParents(t)
	all, _ := effectOpsHalf()
	later := append([]operator{opAddEffect, opMutateEffect}, ruleOps(t)...)
	pick := func(r *rng.Source) operator {
		if r.IntN(2) == 0 {
			return later[r.IntN(len(later))]
		}
		return all[r.IntN(len(all))]
	}
	seen := map[string]int{}
	check := func(op string, g, c *genome.Genome, ok bool) error {
		if ps := laterProblems(c); len(ps) > 0 {
			return fmt.Errorf("%s made a child whose rules, resolution points or targets are invalid: %q\n%s", op, ps, c.CanonicalJSON())
		}
		if c.Hand == cardrules.HandPile && slices.ContainsFunc(c.Effects, func(e genome.Effect) bool { return e.Target == cardrules.TargetChosen }) {
			return fmt.Errorf("%s left a chosen target in a game of pile hands", op)
		}
		switch op {
		case opAddEffect.name, opRemoveEffect.name, opMutateEffect.name, "add_rule", "remove_rule", "mutate_rule":
			if !ok {
				return fmt.Errorf("%s made an invalid child of a valid parent: %v\n%s", op, c.Validate(), c.CanonicalJSON())
			}
		case closureCrossovers[0].name, closureCrossovers[1].name:
			if ok && slices.ContainsFunc(c.Rules, func(x genome.Rule) bool { return !slices.Contains(g.Rules, x) }) {
				seen[op+": a rule of the second parent"]++
			}
		}
		if op == "mutate_rule" {
			return checkMutateRule(g, c)
		}
		return nil
	}
	walkAllN(t, parents, 7500, 12, opWalk(parents, pick, check, laterChanges, seen, 8))

	want := []string{
		"add_effect: target=chosen_opponent", "mutate_effect: target chosen_opponent->", "mutate_effect: target ->chosen_opponent",
		"remove_rule: removed", "mutate_rule: if changed", "mutate_rule: value up", "mutate_rule: value down",
		"mutate_rule: rank changed", "mutate_rule: suit changed", "mutate_rule: key changed", "mutate_rule: suppressed type changed",
		"add_rule: scale=none", "crossover: a rule of the second parent", "effect_crossover: a rule of the second parent",
	}
	for v := range cardrules.NumResolves {
		want = append(want, "add_effect: at="+v.String(), "mutate_effect: at "+v.String()+"->", "mutate_effect: at ->"+v.String())
	}
	for ty := range genome.EffectType(cardrules.NumEffectTypes) {
		if ty.Lasts() {
			want = append(want, "add_rule: type="+ty.String(), "mutate_rule: type "+ty.String()+"->", "mutate_rule: type ->"+ty.String())
		}
	}
	for w := range cardrules.NumWhos {
		want = append(want, "add_rule: who="+w.String(), "mutate_rule: who "+w.String()+"->", "mutate_rule: who ->"+w.String())
	}
	want = append(want, "add_rule: if=none")
	for _, of := range ruleSubjects() {
		want = append(want, "add_rule: if="+of.String(), "mutate_rule: if "+of.String()+"->", "mutate_rule: if ->"+of.String())
	}
	for _, by := range scaleBys() {
		// (TestMutateRule moves the scale from and to every count.)
		want = append(want, "add_rule: scale="+by.String())
	}
	for m := range cardrules.NumStacks {
		want = append(want, "add_rule: stack="+m.String(), "mutate_rule: stack "+m.String()+"->", "mutate_rule: stack ->"+m.String())
	}
	for k := range cardrules.MaxStackKey + 1 {
		want = append(want, fmt.Sprintf("add_rule: key=%d", k))
	}
	requireReached(t, seen, want)
}

// TestMutateRule: from a rule of every type that can act, with every
// holder, condition subject, scale count, key and stacking mode (in
// uno-style and in Whist, which has tricks and scores them), beside an
// effect of its type under key 2 that refuses to stack, mutateRule gives a
// valid genome every time and changes one field of the rule: it moves the
// holder, the condition's subject, the scale's count and the stacking mode
// from and to every value, adds and removes a scale and moves its step up
// and down, a new key takes the mode of its group, and a new mode is the
// whole group's, the effect's too.
func TestMutateRule(t *testing.T) {
	seen := map[string]int{}
	r := rng.New(11)
	for _, name := range []string{"uno-style", "whist"} {
		base := testkit.SeedGenome(t, name).Canonical()
		for _, ty := range ruleTypes(base) {
			plain := genome.Rule{Type: ty}
			if ty.UsesValue() {
				plain.Value = 2
			}
			if namesRank(ty) {
				plain.Rank = 4
			}
			if ty.NamesSuit() {
				plain.Suit = cardrules.TriggerOn(cardrules.Suit(1))
			}
			if ty == cardrules.Suppress {
				plain.Suppresses = cardrules.SuppressedOf(cardrules.SkipNext)
			}
			var starts []genome.Rule
			for w := range cardrules.NumWhos {
				ru := plain
				ru.Who = w
				starts = append(starts, ru)
			}
			for _, of := range ruleSubjects() {
				ru := plain
				ru.If = randomCondition(base, of, &r)
				starts = append(starts, ru)
			}
			if ty.UsesValue() {
				for _, by := range scaleBys() {
					for _, per := range []int{1, cardrules.NumCards} {
						ru := plain
						ru.Scale = genome.Scale{By: by, Per: per}
						starts = append(starts, ru)
					}
				}
			}
			for k := range cardrules.MaxStackKey + 1 {
				ru := plain
				ru.Key = k
				if k == 2 {
					ru.Stack = cardrules.StackNone
				}
				starts = append(starts, ru)
			}
			for _, m := range stackModes(ty) {
				ru := plain
				ru.Stack = m
				starts = append(starts, ru)
			}
			for _, ru := range starts {
				g := base.Clone()
				other := genome.Effect{Rank: 1, Type: ty, Target: cardrules.TargetSelf, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Key: 2, Stack: cardrules.StackNone}}
				if ty.UsesValue() {
					other.Value = 1
				}
				if ty == cardrules.Suppress {
					other.Lasts.Suppresses = plain.Suppresses
				}
				g.Effects = append(g.Effects, other)
				g.Rules = []genome.Rule{ru}
				if err := g.Validate(); err != nil {
					t.Fatalf("%s, %+v: the start is invalid: %v", name, ru, err)
				}
				for range 60 {
					c := g.Clone()
					if !mutateRule(c, &r) {
						continue
					}
					if err := c.Validate(); err != nil {
						t.Fatalf("%s, %+v became %+v: %v", name, ru, c.Rules[0], err)
					}
					if err := checkMutateRule(g, c); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					for _, w := range laterChanges("mutate_rule", g, c) {
						seen["mutate_rule: "+w]++
					}
					x, y := g.Rules[0], c.Rules[0]
					if x.Key != 2 && y.Key == 2 && y.Stack == cardrules.StackNone && x.Stack != y.Stack {
						seen["key took its group's mode"]++
					}
					if x.Key == 2 && y.Key == 2 && x.Stack != y.Stack && c.Effects[len(c.Effects)-1].Lasts.Stack == y.Stack {
						seen["the group's mode moved"]++
					}
				}
			}
		}
	}
	want := []string{"key took its group's mode", "the group's mode moved", "mutate_rule: scale added", "mutate_rule: scale removed",
		"mutate_rule: scale per up", "mutate_rule: scale per down"}
	for w := range cardrules.NumWhos {
		want = append(want, "mutate_rule: who "+w.String()+"->", "mutate_rule: who ->"+w.String())
	}
	for _, of := range ruleSubjects() {
		want = append(want, "mutate_rule: if "+of.String()+"->", "mutate_rule: if ->"+of.String())
	}
	for _, by := range scaleBys() {
		want = append(want, "mutate_rule: scale "+by.String()+"->", "mutate_rule: scale ->"+by.String())
	}
	for m := range cardrules.NumStacks {
		want = append(want, "mutate_rule: stack "+m.String()+"->", "mutate_rule: stack ->"+m.String())
	}
	requireReached(t, seen, want)
}

// TestLaterOperatorsFirstTry: among parents with delayed effects, chosen
// targets and rules of every kind and the walks from them, the effect and
// rule operators give a valid child at every first try.
func TestLaterOperatorsFirstTry(t *testing.T) {
	opsAlwaysValid(t, laterParents(t), append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, ruleOps(t)...), 7600)
}

// TestChosenTargetOnlyWithFans: in a game of pile hands (War, which plays
// its cards in battles) add_effect and mutate_effect never pick an
// opponent of the player's choice, and every child is valid; in a game of
// fan hands they do pick it.
func TestChosenTargetOnlyWithFans(t *testing.T) {
	for _, c := range []struct {
		name   string
		chosen bool
	}{{"war", false}, {"uno-style", true}} {
		base := testkit.SeedGenome(t, c.name).Canonical()
		base.Effects = append(base.Effects, genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1})
		r := rng.New(3)
		saw := false
		for range 400 {
			g := base.Clone()
			if !addEffect(g, &r) || !mutateEffect(g, &r) {
				continue
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			saw = saw || slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return e.Target == cardrules.TargetChosen })
		}
		if saw != c.chosen {
			t.Errorf("%s: picked chosen_opponent %v, want %v", c.name, saw, c.chosen)
		}
	}
}

// TestFitRules: each operator that takes away what a rule's type acts on
// drops the rule (and only it), and a crossover repairs what the child
// cannot hold, so that every child is valid where, without fitRules and
// fitTargets, it would not be: the only play phase removed (a lock rule),
// draw_max 0 in a game whose only draw it was (a draw-limit rule), the
// only draw_cards effect left out by ablation where it was the only draw
// (a draw-limit rule), a game left scoring nothing (a bonus rule), a rule
// of a type that cannot act brought by the effect crossover (a ban in Go
// Fish); a rule brought into a group of another mode takes the group's
// effects' mode; a chosen target brought into a game of pile hands
// becomes a random opponent; and a new mode of an effect's group is its
// rules' too.
func TestFitRules(t *testing.T) {
	lock := genome.Rule{Type: cardrules.LockRank, Rank: 4}
	limit := genome.Rule{Type: cardrules.DrawLimit, Value: 1}

	twoPhases := testkit.SeedGenome(t, "go-fish")
	twoPhases.Turn = append(twoPhases.Turn, genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}})
	twoPhases.Rules = []genome.Rule{lock, limit}

	c8 := testkit.SeedGenome(t, "crazy-eights")
	c8.Turn[0].Draw, c8.Turn[0].DrawMax = cardrules.DrawWhenStuck, 1
	c8.Deal = genome.Deal{All: true}
	c8.Seats = genome.Seats{Min: 2, Max: 2, Default: 2}
	c8.Rules = []genome.Rule{limit, lock}

	war := testkit.SeedGenome(t, "war")
	war.Reshuffle = true
	war.Effects = []genome.Effect{{Rank: 3, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1}}
	war.Rules = []genome.Rule{limit}

	whist := testkit.SeedGenome(t, "whist")
	whist.Rules = []genome.Rule{{Type: cardrules.Bonus, Value: 1}, lock}

	for _, c := range []struct {
		what string
		g    *genome.Genome
		op   func(g *genome.Genome, r *rng.Source) bool
		keep []genome.EffectType // the rules' types left
	}{
		{"phase_remove of the only play phase", twoPhases, func(g *genome.Genome, r *rng.Source) bool {
			for len(g.Turn) != 1 || g.Turn[0].Kind != cardrules.PhaseAsk {
				*g = *twoPhases.Clone()
				phaseRemove(g, r)
			}
			return true
		}, []genome.EffectType{cardrules.DrawLimit}},
		{"draw_max 0", c8, func(g *genome.Genome, r *rng.Source) bool {
			for g.Turn[0].DrawMax != 0 {
				*g = *c8.Clone()
				mutDrawMax(g, r)
			}
			return true
		}, []genome.EffectType{cardrules.LockRank}},
		{"ablation without the only draw_cards", war, func(g *genome.Genome, r *rng.Source) bool {
			keepEffects(g, nil)
			return true
		}, nil},
		{"score to nothing", whist, func(g *genome.Genome, r *rng.Source) bool {
			for !g.Score.IsZero() {
				*g = *whist.Clone()
				mutScore(g, r)
			}
			g.End.Rank = cardrules.RankCards // (a rule of its own: ranking by score)
			return true
		}, []genome.EffectType{cardrules.LockRank}},
	} {
		if err := c.g.Validate(); err != nil {
			t.Fatalf("%s: the parent is invalid: %v", c.what, err)
		}
		g := c.g.Clone()
		r := rng.New(1)
		c.op(g, &r)
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", c.what, err)
		}
		var types []genome.EffectType
		for _, ru := range g.Rules {
			types = append(types, ru.Type)
		}
		if !slices.Equal(types, c.keep) {
			t.Errorf("%s: rules %v left, want %v", c.what, types, c.keep)
		}
	}

	// The effect crossover of Go Fish with crazy-eights-rules: its ban
	// cannot act in Go Fish, where no card is played, and goes; its draw
	// limit, max where Go Fish's draw limits are min, takes their mode.
	fish := testkit.SeedGenome(t, "go-fish")
	fish.Effects = []genome.Effect{{Rank: 1, Type: cardrules.DrawLimit, Target: cardrules.TargetSelf, Value: 1, When: cardrules.Asked, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Stack: cardrules.StackMax}}}
	rules := hybrid(t, "crazy-eights-rules")
	var sawBan, sawMode bool
	for s := range uint64(64) {
		r := rng.New(s)
		c := crossByRank(fish.Canonical(), rules, &r)
		if err := c.Validate(); err != nil {
			t.Fatalf("effect crossover: %v", err)
		}
		sawBan = sawBan || len(c.Rules) < len(rules.Rules)
		for _, ru := range c.Rules {
			if ru.Type == cardrules.DrawLimit {
				sawMode = true
				if ru.Stack != cardrules.StackMax {
					t.Errorf("effect crossover: the draw limit rule stacks by %s, its group's effects by max", ru.Stack)
				}
			}
		}
	}

	// A whole-genome crossover of War (pile hands) with uno-delayed, whose
	// two draws on the player's choice: a child with War's hands draws the
	// opponent at random.
	delayed := hybrid(t, "uno-delayed")
	var sawPile bool
	for s := range uint64(64) {
		r := rng.New(s)
		c := crossWhole(testkit.SeedGenome(t, "war").Canonical(), delayed, &r)
		if ps := laterProblems(c); len(ps) > 0 {
			t.Fatalf("crossover: %q", ps)
		}
		if c.Hand == cardrules.HandPile && len(c.Effects) > 0 && c.Effects[0].Type == cardrules.DrawCards {
			sawPile = true
			if c.Effects[0].Target != cardrules.TargetRandomOpponent {
				t.Errorf("crossover: %+v in a game of pile hands", c.Effects[0])
			}
		}
	}
	if !sawBan || !sawMode || !sawPile {
		t.Errorf("the crossovers never made the child to repair (ban %v, mode %v, pile %v)", sawBan, sawMode, sawPile)
	}

	// A new stacking mode of uno-style's draw limits (effects and a rule
	// of key 1) is the rule's too.
	uno := laterParents(t)[len(laterParents(t))-1]
	i := slices.IndexFunc(uno.Effects, func(e genome.Effect) bool { return e.Type == cardrules.DrawLimit })
	r := rng.New(5)
	moved := false
	for range 200 {
		g := uno.Clone()
		mutateLasting(g, i, &r)
		if err := g.Validate(); err != nil {
			t.Fatalf("mutateLasting: %v", err)
		}
		if e := g.Effects[i]; e.Lasts.Key == 1 && e.Lasts.Stack != uno.Effects[i].Lasts.Stack {
			moved = true
			if g.Rules[0].Stack != e.Lasts.Stack {
				t.Errorf("the group's effect stacks by %s, its rule by %s", e.Lasts.Stack, g.Rules[0].Stack)
			}
		}
	}
	if !moved {
		t.Error("mutateLasting never moved the group's mode")
	}
}

// TestMutScoreOnlyWhatScores: mutScore does not apply to a game that can
// score nothing (crazy-eights: no tricks, no sets, no card rules), where
// any weight it set would make the game invalid, and in a game that lays
// sets without tricks (Go Fish) it moves only the points of a set; every
// child that still scores is valid.
func TestMutScoreOnlyWhatScores(t *testing.T) {
	r := rng.New(2)
	c8 := testkit.SeedGenome(t, "crazy-eights").Canonical()
	for range 50 {
		if mutScore(c8.Clone(), &r) {
			t.Fatal("mutScore applied to a game that scores nothing")
		}
	}
	fish := testkit.SeedGenome(t, "go-fish").Canonical()
	for range 50 {
		g := fish.Clone()
		if !mutScore(g, &r) {
			t.Fatal("mutScore did not apply to Go Fish, which lays sets")
		}
		if g.Score.Trick != 0 || len(g.Score.Cards) != 0 {
			t.Fatalf("mutScore scored tricks or cards in Go Fish: %+v", g.Score)
		}
		if err := g.Validate(); err != nil && !g.Score.IsZero() {
			t.Fatal(err)
		}
	}
}

// TestMutDeckSpares: mutDeck drops no rank that the rest of the game
// needs: not Hearts' two (its lead card, the two of clubs) or queen (a
// card rule scores the queen of spades), and not a rank of uno-style for
// six seats dealt eight cards each and a starter (49 of 52 cards: one rank
// less leaves too few); every child is valid.
func TestMutDeckSpares(t *testing.T) {
	hearts := testkit.SeedGenome(t, "hearts").Canonical()
	uno := testkit.SeedGenome(t, "uno-style")
	uno.Seats = genome.Seats{Min: 2, Max: 6, Default: 4}
	uno.Deal.Cards = 8
	if err := uno.Validate(); err != nil {
		t.Fatal(err)
	}
	r := rng.New(4)
	dropped := 0
	for range 200 {
		g := hearts.Clone()
		if mutDeck(g, &r) && len(g.Deck.Ranks) > 0 {
			dropped++
			if err := g.Validate(); err != nil {
				t.Fatalf("hearts: %v", err)
			}
			for _, x := range []genome.Rank{0, 10} {
				if !slices.Contains(deckRanks(g), x) {
					t.Fatalf("hearts lost rank %s", x)
				}
			}
		}
		if g := uno.Canonical(); mutDeck(g, &r) && len(g.Deck.Ranks) > 0 {
			t.Fatalf("uno-style for six seats of eight cards lost a rank: %v", g.Deck)
		}
	}
	if dropped == 0 {
		t.Error("mutDeck never dropped a rank of Hearts")
	}
}

// TestDealAndStarterRulesSpare: mutDeal and mutStarterRules keep the deal
// within the deck: in uno-style for six seats dealt eight cards each with
// a starter (49 of 52 cards), mutDeal only deals fewer (when it does not
// switch dealing the hands again), and
// mutStarterRules never bars a rank from the starter, which would leave
// the stock no card it may be after the deal; every child is valid. They
// still apply to the game as the seed has it.
func TestDealAndStarterRulesSpare(t *testing.T) {
	uno := testkit.SeedGenome(t, "uno-style")
	full := uno.Clone()
	full.Seats = genome.Seats{Min: 2, Max: 6, Default: 4}
	full.Deal.Cards = 8
	if err := full.Validate(); err != nil {
		t.Fatal(err)
	}
	r := rng.New(6)
	var fewer, barred int
	for range 200 {
		g := full.Canonical()
		if mutDeal(g, &r) && !g.Deal.Refill { // (or it deals the hands again)
			if g.Deal.Cards != 7 {
				t.Fatalf("mutDeal dealt %d cards a seat", g.Deal.Cards)
			}
			fewer++
		}
		g = full.Canonical()
		if mutStarterRules(g, &r) {
			if err := g.Validate(); err != nil {
				t.Fatalf("mutStarterRules: %v", err)
			}
		}
		g = uno.Canonical()
		if mutStarterRules(g, &r) && len(g.Deal.StarterNot) > len(uno.Deal.StarterNot) {
			barred++
		}
	}
	if fewer == 0 || barred == 0 {
		t.Errorf("mutDeal dealt fewer %d times, mutStarterRules barred a rank %d times in the seed", fewer, barred)
	}
}
