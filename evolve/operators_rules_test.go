package evolve

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// rulesOp is an operator of the optional rules of play with the fields it
// may change: touched clears them, so that a child and its parent compare
// equal on everything else.
type rulesOp struct {
	name    string
	touched func(g *genome.Genome)
}

// rulesOps are the operators of the optional rules of play.
var rulesOps = []rulesOp{
	{"play_rules", func(g *genome.Genome) {
		for i := range g.Turn {
			p := &g.Turn[i]
			p.Draw, p.Pass, p.PlayDrawn = 0, 0, false
			if p.Kind == cardrules.PhasePlay && p.DrawMax == 1 {
				p.DrawMax = 0 // drawing by choice raises 0 to 1
			}
		}
	}},
	{"starter_rules", func(g *genome.Genome) { g.Deal.StarterNot, g.Deal.StarterFires = nil, false }},
	{"reshuffle_at_once", func(g *genome.Genome) { g.ReshuffleAtOnce = false }},
	{"blocked", func(g *genome.Genome) { g.End.Blocked = 0 }},
	{"last_card", func(g *genome.Genome) { g.LastCardInert = false }},
}

// structuralOps looks the operators up by name in structural.
func structuralOps(t *testing.T, names []string) []operator {
	t.Helper()
	var out []operator
	for _, n := range names {
		i := slices.IndexFunc(structural, func(o operator) bool { return o.name == n })
		if i < 0 {
			t.Fatalf("no structural operator %q", n)
		}
		out = append(out, structural[i])
	}
	return out
}

// rulesParents are the seed games and two games that use the optional
// rules: crazy-eights played as OpenSpiel plays it (draw by choice up to 5,
// pass after the draws, never an 8 as the starter, reshuffle at once,
// blocked after players+1 passes) and uno-style with a starter that fires,
// only the drawn card playable, passing always allowed and the blocked end
// at its limit.
func rulesParents(t testing.TB) []*genome.Genome {
	t.Helper()
	out := []*genome.Genome{}
	for _, s := range genome.Seeds() {
		out = append(out, s.Canonical())
	}
	c8 := testkit.SeedGenome(t, "crazy-eights")
	c8.Deal.StarterNot = []genome.Rank{6}
	c8.ReshuffleAtOnce = true
	c8.Turn[0].Draw, c8.Turn[0].DrawMax, c8.Turn[0].Pass = cardrules.DrawByChoice, 5, cardrules.PassAfterDraws
	c8.End.Blocked = 2
	uno := testkit.SeedGenome(t, "uno-style")
	uno.Deal.StarterFires = true
	uno.Turn[0].Draw, uno.Turn[0].PlayDrawn, uno.Turn[0].Pass = cardrules.DrawByChoice, true, cardrules.PassAlways
	uno.End.Blocked = cardrules.MaxBlocked
	out = append(out, canonical(t, "the optional rules", c8, uno)...)
	return out
}

// TestRulesOperators: each operator of the optional rules keeps closure
// (every child validates and compiles), changes only its own fields, and
// sets each of them to each of its values: the draw rule both ways, every
// pass rule, play_drawn on and off, a rank added to and removed from
// starter_not (down to none), starter_fires on and off, reshuffle_at_once
// on and off, and every blocked value from 0 to cardrules.MaxBlocked. The
// walks mix in the other structural operators, so that the new fields meet
// every change of the rest of the genome. Random walks (rapid) check the
// properties; fixed walks from every parent, checked the same way, make
// sure that every value is reached whatever rapid draws.
func TestRulesOperators(t *testing.T) {
	var names []string
	for _, o := range rulesOps {
		names = append(names, o.name)
	}
	ops := structuralOps(t, names)
	parents := rulesParents(t)
	seen := map[string]int{}
	// walk runs steps operators from g, reporting the first problem.
	walk := func(g *genome.Genome, r *rng.Source, steps int) error {
		var st OpStats
		for range steps {
			var op operator
			k := r.IntN(len(ops) + 1)
			if k < len(ops) {
				op = ops[k]
			} else {
				op = structural[r.IntN(len(structural))]
			}
			c := apply(g, op, r, 8, &st)
			if err := c.Validate(); err != nil {
				return fmt.Errorf("%s produced an invalid genome: %v\n%s", op.name, err, c.CanonicalJSON())
			}
			if _, err := compile.Compile(c); err != nil {
				return fmt.Errorf("%s produced a genome that does not compile: %v", op.name, err)
			}
			if k < len(ops) && c != g {
				a, b := g.Clone(), c.Clone()
				rulesOps[k].touched(a)
				rulesOps[k].touched(b)
				if !bytes.Equal(a.Canonical().CanonicalJSON(), b.Canonical().CanonicalJSON()) {
					return fmt.Errorf("%s changed more than its fields\nparent %s\nchild  %s", op.name, g.CanonicalJSON(), c.CanonicalJSON())
				}
				for _, v := range rulesChanges(g, c) {
					seen[op.name+": "+v]++
				}
			}
			g = c
		}
		return nil
	}
	walkAllN(t, parents, 700, 6, walk)
	want := []string{
		"play_rules: draw=by_choice", "play_rules: draw=when_stuck",
		"play_rules: play_drawn=true", "play_rules: play_drawn=false",
		"starter_rules: starter_not+", "starter_rules: starter_not-", "starter_rules: starter_not=none",
		"starter_rules: starter_fires=true", "starter_rules: starter_fires=false",
		"reshuffle_at_once: reshuffle_at_once=true", "reshuffle_at_once: reshuffle_at_once=false",
		"last_card: last_card_inert=true", "last_card: last_card_inert=false",
	}
	for p := range cardrules.NumPassRules {
		want = append(want, "play_rules: pass="+p.String())
	}
	for n := range cardrules.MaxBlocked + 1 {
		want = append(want, fmt.Sprintf("blocked: blocked=%d", n))
	}
	requireReached(t, seen, want)
}

// rulesChanges names the changes of the optional rules from a to b.
func rulesChanges(a, b *genome.Genome) []string {
	var out []string
	for i := range min(len(a.Turn), len(b.Turn)) {
		p, q := a.Turn[i], b.Turn[i]
		if p.Draw != q.Draw {
			out = append(out, "draw="+q.Draw.String())
		}
		if p.Pass != q.Pass {
			out = append(out, "pass="+q.Pass.String())
		}
		if p.PlayDrawn != q.PlayDrawn {
			out = append(out, fmt.Sprintf("play_drawn=%v", q.PlayDrawn))
		}
	}
	switch na, nb := len(a.Deal.StarterNot), len(b.Deal.StarterNot); {
	case nb > na:
		out = append(out, "starter_not+")
	case nb < na:
		out = append(out, "starter_not-")
		if nb == 0 {
			out = append(out, "starter_not=none")
		}
	}
	if a.Deal.StarterFires != b.Deal.StarterFires {
		out = append(out, fmt.Sprintf("starter_fires=%v", b.Deal.StarterFires))
	}
	if a.ReshuffleAtOnce != b.ReshuffleAtOnce {
		out = append(out, fmt.Sprintf("reshuffle_at_once=%v", b.ReshuffleAtOnce))
	}
	if a.End.Blocked != b.End.Blocked {
		out = append(out, fmt.Sprintf("blocked=%d", b.End.Blocked))
	}
	if a.LastCardInert != b.LastCardInert {
		out = append(out, fmt.Sprintf("last_card_inert=%v", b.LastCardInert))
	}
	return out
}

// TestRulesOperatorsFirstTry: on the parents evolution meets (the seeds,
// the games above that use the optional rules, and short random walks from
// each), every operator of the optional rules applies often enough to
// judge, and its first try gives a valid child no less often than the
// floor TestClosure holds every operator to, nor than the least valid of
// the operators that were there before them.
func TestRulesOperatorsFirstTry(t *testing.T) {
	all := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	parents := withWalks(rulesParents(t), all, 500, 3)
	type rate struct{ applied, ok int }
	rates := map[string]rate{}
	for k, op := range all {
		var rt rate
		rt.applied, rt.ok = firstTries(parents, op, k)
		rates[op.name] = rt
	}
	share := func(x rate) float64 { return float64(x.ok) / float64(max(x.applied, 1)) }
	isNew := func(name string) bool {
		return slices.ContainsFunc(rulesOps, func(o rulesOp) bool { return o.name == name })
	}
	floor, floorOp := 1.0, ""
	for _, op := range all {
		if x := rates[op.name]; !isNew(op.name) && x.applied >= closureMinApplied && share(x) < floor {
			floor, floorOp = share(x), op.name
		}
	}
	cfg, _ := Preset("quick")
	minShare := closureMinShare(cfg.Retries)
	t.Logf("floor of the earlier operators: %.2f (%s); TestClosure's: %.2f", floor, floorOp, minShare)
	for _, o := range rulesOps {
		x := rates[o.name]
		t.Logf("%-18s %4d of %4d valid (%.2f)", o.name, x.ok, x.applied, share(x))
		switch {
		case x.applied < closureMinApplied:
			t.Errorf("%s applied %d times on %d parents, want at least %d", o.name, x.applied, len(parents), closureMinApplied)
		case share(x) < minShare || share(x) < floor:
			t.Errorf("%s: %d of %d children valid (%.2f), want at least %.2f and at least the earlier operators' floor %.2f (%s)",
				o.name, x.ok, x.applied, share(x), minShare, floor, floorOp)
		}
	}
}

// TestRulesOperatorsKeepDependencies: the operators that turn an option
// off, or change what another option needs, take the dependent options
// with them, so that the child stays valid at the first try: reshuffle off
// drops reshuffle_at_once, starter off drops the starter's rules, dropping
// a rank from the deck drops it from starter_not, draw_max never falls
// below 1 while drawing is by choice, and drawing when stuck drops
// play_drawn while drawing by choice raises draw_max 0 to 1.
func TestRulesOperatorsKeepDependencies(t *testing.T) {
	ps := rulesParents(t)
	c8, uno := ps[len(ps)-2], ps[len(ps)-1]
	for seed := range uint64(64) {
		r := rng.New(seed)

		g := c8.Clone()
		if !mutReshuffle(g, &r) || g.Reshuffle || g.ReshuffleAtOnce || !valid(g) {
			t.Fatalf("reshuffle off: reshuffle %v, at once %v, valid %v", g.Reshuffle, g.ReshuffleAtOnce, valid(g))
		}
		if !mutReshuffle(g, &r) || !g.Reshuffle || g.ReshuffleAtOnce {
			t.Fatalf("reshuffle on again: reshuffle %v, at once %v", g.Reshuffle, g.ReshuffleAtOnce)
		}
		if mutReshuffleAtOnce(testkit.SeedGenome(t, "war"), &r) {
			t.Fatal("reshuffle_at_once applied to a game that never reshuffles")
		}

		for name, p := range map[string]*genome.Genome{"crazy-eights": c8, "uno-style": uno} {
			g = p.Clone()
			if !mutStarter(g, &r) || g.Deal.Starter || g.Deal.StarterNot != nil || g.Deal.StarterFires || !valid(g) {
				t.Fatalf("%s with the optional rules, starter off: %+v, valid %v", name, g.Deal, valid(g))
			}
			if mutStarterRules(g, &r) {
				t.Fatal("starter_rules applied to a game without a starter")
			}
		}

		g = c8.Clone()
		g.Deck.Ranks = deckRanks(g)
		for range 20 {
			if mutDeck(g, &r) && slices.ContainsFunc(g.Deal.StarterNot, func(x genome.Rank) bool { return !slices.Contains(deckRanks(g), x) }) {
				t.Fatalf("deck %v keeps starter_not %v", deckRanks(g), g.Deal.StarterNot)
			}
		}

		g = c8.Clone()
		g.Turn[0].DrawMax = 1
		for range 20 {
			mutDrawMax(g, &r)
			if g.Turn[0].DrawMax < 1 {
				t.Fatalf("draw_max %d while drawing by choice", g.Turn[0].DrawMax)
			}
		}

		g = uno.Clone()
		for range 20 {
			before := g.Turn[0]
			mutPlayRules(g, &r)
			p := g.Turn[0]
			if p.PlayDrawn && p.Draw != cardrules.DrawByChoice {
				t.Fatal("play_drawn kept without drawing by choice")
			}
			if p.Draw == cardrules.DrawByChoice && before.Draw != p.Draw && p.DrawMax != max(before.DrawMax, 1) {
				t.Fatalf("drawing by choice: draw_max %d -> %d", before.DrawMax, p.DrawMax)
			}
			if !valid(g) {
				t.Fatalf("play_rules made an invalid phase %+v", p)
			}
			if r.IntN(4) == 0 {
				g.Turn[0].DrawMax = 0
				g.Turn[0].Draw, g.Turn[0].PlayDrawn = cardrules.DrawWhenStuck, false
			}
		}
	}
	if mutPlayRules(testkit.SeedGenome(t, "war"), new(rng.New(1))) || mutBlocked(testkit.SeedGenome(t, "war"), new(rng.New(1))) {
		t.Error("play_rules or blocked applied to a game without a play phase")
	}
}

// TestCrossoverCarriesRules: the whole-genome crossover takes the optional
// rules with the part they belong to: the starter's rules with the deal,
// reshuffle_at_once with reshuffle, the play phase's rules with the turn,
// blocked with the end. The parents differ only in those rules, so each
// part of a child is one parent's whole, and each comes from either.
func TestCrossoverCarriesRules(t *testing.T) {
	ps := rulesParents(t)
	a, b := testkit.SeedGenome(t, "crazy-eights").Canonical(), ps[len(ps)-2]
	parts := []struct {
		name string
		of   func(x *genome.Genome) string
	}{
		{"setup", func(x *genome.Genome) string {
			return fmt.Sprint(x.Seats, x.Deck, x.Hand, x.Deal.Cards, x.Deal.Overrides, x.Deal.Starter, x.Deal.StarterNot, x.Deal.StarterFires, x.Reshuffle, x.ReshuffleAtOnce)
		}},
		{"turn", func(x *genome.Genome) string {
			return fmt.Sprint(x.Turn[0].DrawMax, x.Turn[0].Draw, x.Turn[0].Pass, x.Turn[0].PlayDrawn)
		}},
		{"end", func(x *genome.Genome) string { return fmt.Sprint(x.End) }},
	}
	fromB := map[string]int{}
	for seed := range uint64(64) {
		r := rng.New(seed)
		c := crossWhole(a, b, &r)
		for _, p := range parts {
			switch p.of(c) {
			case p.of(b):
				fromB[p.name]++
			case p.of(a):
			default:
				t.Fatalf("the child's %s %s is neither parent's (%s, %s)", p.name, p.of(c), p.of(a), p.of(b))
			}
		}
		if !valid(c) {
			t.Fatalf("crossover child invalid: %s", c.CanonicalJSON())
		}
	}
	for _, p := range parts {
		if n := fromB[p.name]; n == 0 || n == 64 {
			t.Errorf("the %s came from the parent with the optional rules in %d of 64 children, want some but not all", p.name, n)
		}
	}
}
