package evolve

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

func testConfig() Config {
	cfg, _ := Preset("quick")
	cfg.Population, cfg.Generations, cfg.Games, cfg.SkillGames, cfg.Rescore = 10, 4, 40, 20, 2
	cfg.AblationGames = 100
	cfg.Seed = 3
	return cfg
}

func TestConfigValidate(t *testing.T) {
	for _, n := range PresetNames() {
		c, _ := Preset(n)
		if err := c.Validate(); err != nil {
			t.Errorf("preset %s: %v", n, err)
		}
	}
	c := testConfig()
	c.Population, c.Tournament, c.Rates.AddEffect, c.CapBudget, c.HallSpacing = 1, 0, 1.5, 0, -0.1
	err := c.Validate()
	for _, want := range []string{"population must be between 2 and 100000, got 1", "tournament size must be between 1 and the population (1), got 0",
		"rate add_effect must be in [0, 1], got 1.5", "cap budget must be in (0, 1], got 0", "hall spacing must be in [0, 1], got -0.1"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate() = %v, want it to mention %q", err, want)
		}
	}
}

// TestEffectOperators: add grows the list by one, remove shrinks it by one,
// mutate keeps its length and changes exactly one used field (the gate is
// one, for the types that can fizzle; the trigger and the condition are
// one each, what a new trigger cannot hold going with it).
func TestEffectOperators(t *testing.T) {
	uno := testkit.SeedGenome(t, "uno-style").Canonical()
	for i := range uint64(200) {
		r := rng.New(i)
		g := uno.Clone()
		if !addEffect(g, &r) || len(g.Effects) != len(uno.Effects)+1 {
			t.Fatalf("add: %d effects, want %d", len(g.Effects), len(uno.Effects)+1)
		}
		if e := g.Effects[len(g.Effects)-1]; hasTarget(&e) != (e.Target != 0) || e.Type.UsesValue() != (e.Value != 0) || e.Gate && !e.Type.Fizzles() {
			t.Fatalf("add made a non-canonical effect %+v", e)
		}
		if e, c := g.Effects[len(g.Effects)-1], g.Canonical().Effects[len(g.Effects)-1]; e != c {
			t.Fatalf("add made a non-canonical effect %+v (canonical %+v)", e, c)
		}
		g = uno.Clone()
		if !removeEffect(g, &r) || len(g.Effects) != len(uno.Effects)-1 {
			t.Fatalf("remove: %d effects, want %d", len(g.Effects), len(uno.Effects)-1)
		}
		g = uno.Clone()
		if !mutateEffect(g, &r) || len(g.Effects) != len(uno.Effects) {
			t.Fatalf("mutate changed the length")
		}
		changed := 0
		for j := range g.Effects {
			a, b := uno.Effects[j], g.Effects[j]
			if a == b {
				continue
			}
			changed++
			fields := 0
			if a.When != b.When {
				fields++
				// What the new trigger cannot hold goes with the old one.
				if b.When.OfRank() && b.Suit == cardrules.AnySuit {
					a.Suit = b.Suit
				}
				if b.When != cardrules.Played && !b.Gate {
					a.Gate = b.Gate
				}
			}
			if a.Rank != b.Rank {
				fields++
			}
			if a.Type != b.Type {
				fields++
			}
			if a.Type == b.Type && a.Target != b.Target {
				fields++
			}
			if a.Type == b.Type && a.Value != b.Value {
				fields++
				if d := a.Value - b.Value; d != 1 && d != -1 {
					t.Fatalf("value moved by %d, want ±1", d)
				}
			}
			if a.Type == b.Type && a.Gate != b.Gate {
				fields++
			}
			if a.Type == b.Type && a.Random != b.Random {
				fields++
			}
			if a.Rank == b.Rank && a.Suit != b.Suit {
				fields++
			}
			if a.Type == b.Type && a.If != b.If {
				fields++
			}
			if a.Type == b.Type && a.Lasts != b.Lasts {
				fields++
			}
			if a.Type == b.Type && a.At != b.At {
				fields++
				// An effect that comes to wait drops its gate.
				if b.At != cardrules.ResolveNow && !b.Gate && a.Gate {
					fields--
				}
			}
			if fields != 1 {
				t.Fatalf("mutate changed %d fields of %+v -> %+v", fields, a, b)
			}
		}
		if changed != 1 {
			t.Fatalf("mutate changed %d effects, want 1", changed)
		}
	}
	empty := testkit.SeedGenome(t, "crazy-eights").Canonical()
	r := rng.New(1)
	if removeEffect(empty, &r) || mutateEffect(empty, &r) {
		t.Error("remove or mutate claimed to apply to a genome without effects")
	}
}

func TestReflectStep(t *testing.T) {
	r := rng.New(9)
	for range 100 {
		if v := reflectStep(1, &r, 1, 13); v != 2 {
			t.Fatalf("reflectStep(1) = %d, want 2", v)
		}
		if v := reflectStep(13, &r, 1, 13); v != 12 {
			t.Fatalf("reflectStep(13) = %d, want 12", v)
		}
	}
}

// TestEffectCrossover: every rank of the result carries either the first
// parent's list or the second's, whole and in order.
func TestEffectCrossover(t *testing.T) {
	a, b := testkit.SeedGenome(t, "uno-style").Canonical(), testkit.SeedGenome(t, "uno-style").Canonical()
	b.Effects = []genome.Effect{{Rank: 0, Type: cardrules.Reverse}, {Rank: 5, Type: cardrules.ExtraTurn}, {Rank: 5, Type: cardrules.SkipNext, Value: 2}}
	byRank := func(es []genome.Effect) map[genome.Rank][]genome.Effect {
		m := map[genome.Rank][]genome.Effect{}
		for _, e := range es {
			m[e.Rank] = append(m[e.Rank], e)
		}
		return m
	}
	ma, mb := byRank(a.Effects), byRank(b.Effects)
	took := map[genome.Rank]bool{}
	for i := range uint64(100) {
		r := rng.New(i)
		mc := byRank(crossEffects(a, b, &r))
		for rank := range genome.Rank(cardrules.NumRanks) {
			got := mc[rank]
			switch {
			case reflect.DeepEqual(got, mb[rank]) && mb[rank] != nil:
				took[rank] = true
			case reflect.DeepEqual(got, ma[rank]):
			default:
				t.Fatalf("rank %s: got %v, want the list of one parent (%v or %v)", rank, got, ma[rank], mb[rank])
			}
		}
	}
	if !took[0] || !took[5] {
		t.Error("the second parent's lists never made it into a child")
	}
}

// TestClosure: every genome an operator or crossover hands on validates
// and compiles (ARCHITECTURE.md invariant 5), and it does so because the
// operators are sound, not because apply and cross fall back to the parent
// when every retry failed: each operator and crossover, run once on many
// parents, must produce a valid child in a good share of its tries.
func TestClosure(t *testing.T) {
	t.Run("offspring", func(t *testing.T) {
		seeds := genome.Seeds()
		all := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
		rapid.Check(t, func(t *rapid.T) {
			g := seeds[rapid.IntRange(0, len(seeds)-1).Draw(t, "seed")].Canonical()
			r := rng.New(rapid.Uint64().Draw(t, "rng"))
			steps := rapid.IntRange(1, 12).Draw(t, "steps")
			e := &engine{cfg: testConfig(), ops: map[string]*OpStats{}}
			for _, c := range closureCrossovers {
				e.ops[c.name] = &OpStats{}
			}
			var st OpStats
			for range steps {
				op := all[r.IntN(len(all))]
				g = apply(g, op, &r, 8, &st)
				if err := g.Validate(); err != nil {
					t.Fatalf("%s produced an invalid genome: %v", op.name, err)
				}
				if _, err := compile.Compile(g); err != nil {
					t.Fatalf("%s produced a genome that does not compile: %v", op.name, err)
				}
				c := closureCrossovers[r.IntN(len(closureCrossovers))]
				g = e.cross(g, seeds[r.IntN(len(seeds))].Canonical(), &r, c.name, c.fn)
				if !valid(g) {
					t.Fatalf("%s produced an invalid genome", c.name)
				}
			}
		})
	})

	ops := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	t.Run("first-try validity", func(t *testing.T) {
		for _, p := range closureProblems(t, ops, closureCrossovers) {
			t.Error(p)
		}
	})
	// The check above can fail: an operator or a crossover that always
	// breaks its child (retries then hand the parent on, so the offspring
	// check alone would still pass) is reported by name.
	t.Run("broken operators are caught", func(t *testing.T) {
		broken := operator{"broken", func(g *genome.Genome, r *rng.Source) bool { g.TurnCap = 0; return true }}
		brokenCross := crossover{"broken_crossover", func(a, b *genome.Genome, r *rng.Source) *genome.Genome {
			c := crossWhole(a, b, r)
			c.Seats.Min = 0
			return c
		}}
		probs := closureProblems(t, []operator{opAddEffect, broken}, []crossover{closureCrossovers[0], brokenCross})
		for _, name := range []string{"broken", "broken_crossover"} {
			if !slices.ContainsFunc(probs, func(p string) bool { return strings.HasPrefix(p, name+":") }) {
				t.Errorf("%s was not reported (problems: %q)", name, probs)
			}
		}
		if len(probs) != 2 {
			t.Errorf("problems %q, want exactly the two broken ones", probs)
		}
	})
}

// TestMeldSkipsPileHands: sets need a fan hand, so the meld operator does
// not apply to a game of pile hands (it used to make an invalid child of
// every one).
func TestMeldSkipsPileHands(t *testing.T) {
	for _, name := range []string{"war", "beggar-my-neighbour"} {
		g := testkit.SeedGenome(t, name)
		r := rng.New(1)
		if mutMeld(g, &r) {
			t.Errorf("%s: meld applied to a game of pile hands", name)
		}
	}
}

// crossover is a crossover as breed runs it: a child of a and b.
type crossover struct {
	name string
	fn   func(a, b *genome.Genome, r *rng.Source) *genome.Genome
}

// closureCrossovers are the two crossovers of breed, under its names.
var closureCrossovers = []crossover{
	{"crossover", func(a, b *genome.Genome, r *rng.Source) *genome.Genome { return crossWhole(a, b, r) }},
	{"effect_crossover", crossByRank},
}

// Each operator and crossover is tried closureTries times per parent; it
// must apply at least closureMinApplied times in all and produce a valid
// child in at least closureMinShare(retries) of the tries where it applied.
const (
	closureTries      = 16
	closureMinApplied = 50
)

// closureMinShare is the first-try validity below which all of an
// operator's retries fail more than one time in ten, so that it hands the
// parent on unchanged (p such that (1-p)^retries = 0.1; 25% at the
// presets' 8 retries).
func closureMinShare(retries int) float64 {
	return 1 - math.Pow(0.1, 1/float64(retries))
}

// closureParents are the seed genomes and uno-style with stacking and, for
// each, a few genomes a short random walk of operators leads to (the
// parents evolution meets beyond generation 0).
func closureParents(tb testing.TB, ops []operator) []*genome.Genome {
	tb.Helper()
	var seeds []*genome.Genome
	for _, s := range genome.Seeds() {
		seeds = append(seeds, s.Canonical())
	}
	// uno-style with stacking, so that the operators of existing response
	// abilities have abilities to work on.
	seeds = append(seeds, unoStacking(tb).Canonical())
	return withWalks(seeds, ops, 0, 8)
}

// withWalks returns each parent followed by walks genomes that 6 random
// operators from ops lead it to (walk w of parent i seeded from
// rng.Derive(base+i, w)).
func withWalks(parents []*genome.Genome, ops []operator, base uint64, walks int) []*genome.Genome {
	var out []*genome.Genome
	for i, p := range parents {
		out = append(out, p)
		for w := range uint64(walks) {
			r := rng.New(rng.Derive(base+uint64(i), w))
			g := p
			var st OpStats
			for range 6 {
				g = apply(g, ops[r.IntN(len(ops))], &r, 8, &st)
			}
			out = append(out, g)
		}
	}
	return out
}

// firstTries runs op, without retries, closureTries times on every parent
// (the k-th operator's random numbers) and counts the times it applied and
// the valid children it gave.
func firstTries(parents []*genome.Genome, op operator, k int) (applied, ok int) {
	for i, g := range parents {
		r := rng.New(rng.Derive(uint64(k), uint64(i)))
		for range closureTries {
			c := g.Clone()
			if !op.fn(c, &r) {
				continue
			}
			applied++
			if valid(c) {
				ok++
			}
		}
	}
	return applied, ok
}

// crossoverTries is firstTries for crossover cr, the k-th: closureTries
// children of every parent and a random other parent.
func crossoverTries(parents []*genome.Genome, cr crossover, k int) (applied, ok int) {
	for i, a := range parents {
		r := rng.New(rng.Derive(uint64(1000+k), uint64(i)))
		for range closureTries {
			applied++
			if valid(cr.fn(a, parents[r.IntN(len(parents))], &r)) {
				ok++
			}
		}
	}
	return applied, ok
}

// effectOpsHalf returns the effect operators and every structural one,
// and a pick of one of them that draws an effect operator half the time.
func effectOpsHalf() ([]operator, func(r *rng.Source) operator) {
	all := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	return all, func(r *rng.Source) operator {
		op := all[r.IntN(len(all))]
		if r.IntN(2) == 0 {
			op = all[r.IntN(3)] // the effect operators, half the time
		}
		return op
	}
}

// walkAllN drives walk from random parents under rapid, then walks the
// given number of fixed walks of 100 steps from every parent (seeded from
// base), so that the values a test requires are reached whatever rapid
// draws.
func walkAllN(t *testing.T, parents []*genome.Genome, base uint64, walks int, walk func(g *genome.Genome, r *rng.Source, steps int) error) {
	t.Helper()
	rapid.Check(t, func(rt *rapid.T) {
		g := parents[rapid.IntRange(0, len(parents)-1).Draw(rt, "parent")]
		r := rng.New(rapid.Uint64().Draw(rt, "rng"))
		if err := walk(g, &r, rapid.IntRange(1, 40).Draw(rt, "steps")); err != nil {
			rt.Fatal(err)
		}
	})
	for i, g := range parents {
		for w := range uint64(walks) {
			r := rng.New(rng.Derive(base+uint64(i), w))
			if err := walk(g, &r, 100); err != nil {
				t.Fatalf("parent %d, walk %d: %v", i, w, err)
			}
		}
	}
}

// opWalk is a walk for walkAllN, shared by the tests of the operators of
// one part of the genome: steps operators from g without retries, each
// drawn by pick. check sees every child with whether it validates (ok) and
// may fail the walk; an invalid child leaves g as it was; a valid one must
// compile, adds the changes it made (op: change) to seen and becomes g. One
// step in crossEvery then crosses g with a random parent, which check also
// sees (op: the crossover's name); a valid child becomes g.
func opWalk(parents []*genome.Genome, pick func(r *rng.Source) operator, check func(op string, g, c *genome.Genome, ok bool) error,
	changes func(op string, g, c *genome.Genome) []string, seen map[string]int, crossEvery int) func(g *genome.Genome, r *rng.Source, steps int) error {
	return func(g *genome.Genome, r *rng.Source, steps int) error {
		for range steps {
			op := pick(r)
			c := g.Clone()
			if !op.fn(c, r) {
				continue
			}
			ok := valid(c)
			if err := check(op.name, g, c, ok); err != nil {
				return err
			}
			if !ok {
				continue
			}
			if _, err := compile.Compile(c); err != nil {
				return fmt.Errorf("%s produced a genome that does not compile: %v", op.name, err)
			}
			for _, v := range changes(op.name, g, c) {
				seen[op.name+": "+v]++
			}
			g = c.Canonical()
			if r.IntN(crossEvery) == 0 {
				x := closureCrossovers[r.IntN(len(closureCrossovers))]
				child := x.fn(g, parents[r.IntN(len(parents))], r)
				ok := valid(child)
				if err := check(x.name, g, child, ok); err != nil {
					return err
				}
				if ok {
					g = child.Canonical()
				}
			}
		}
		return nil
	}
}

// requireReached fails t for every wanted change no walk made.
func requireReached(t *testing.T, seen map[string]int, want []string) {
	t.Helper()
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("no walk reached %s", w)
		}
	}
	if t.Failed() {
		t.Logf("reached: %v", seen)
	}
}

// closureProblems runs each operator and crossover, without retries, on
// every parent and reports each one that applied too rarely to judge or
// whose children were valid in less than closureMinShare of its tries.
func closureProblems(tb testing.TB, ops []operator, crosses []crossover) []string {
	tb.Helper()
	parents := closureParents(tb, ops)
	cfg, _ := Preset("quick")
	minShare := closureMinShare(cfg.Retries)
	var probs []string
	judge := func(name string, applied, ok int) {
		switch {
		case applied < closureMinApplied:
			probs = append(probs, fmt.Sprintf("%s: applied %d times on %d parents, want at least %d", name, applied, len(parents), closureMinApplied))
		case float64(ok) < minShare*float64(applied):
			probs = append(probs, fmt.Sprintf("%s: %d of %d children valid (%.0f%%), want at least %.0f%% (below that, all %d retries fail more than one time in ten)",
				name, ok, applied, 100*float64(ok)/float64(applied), 100*minShare, cfg.Retries))
		}
		tb.Logf("%-18s %4d of %4d valid", name, ok, applied)
	}
	for k, op := range ops {
		applied, ok := firstTries(parents, op, k)
		judge(op.name, applied, ok)
	}
	for k, cr := range crosses {
		applied, ok := crossoverTries(parents, cr, k)
		judge(cr.name, applied, ok)
	}
	return probs
}

// TestDeterministicAcrossWorkers: the same config gives the same run with
// 1 and 7 workers (more than the cores; TestIslandsDeterministicAcrossWorkers
// has 2).
func TestDeterministicAcrossWorkers(t *testing.T) {
	var first *Result
	for _, w := range []int{1, 7} {
		cfg := testConfig()
		cfg.Workers = w
		res, err := Run(context.Background(), cfg, runSeeds(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.History {
			if h.Filled != 0 {
				t.Errorf("workers=%d: generation %d filled %d members without breeding them", w, h.Gen, h.Filled)
			}
		}
		if first == nil {
			first = res
			continue
		}
		if !reflect.DeepEqual(summary(res), summary(first)) {
			t.Fatalf("workers=%d: run differs from workers=1", w)
		}
	}
}

func summary(r *Result) any {
	var hall []string
	for _, h := range r.Hall {
		hall = append(hall, string(h.Genome.CanonicalJSON()))
	}
	return []any{r.History, hall, r.Ops, r.Games}
}

// TestResume: a run resumed from any generation's checkpoint ends exactly
// like the run that was never interrupted.
func TestResume(t *testing.T) {
	cfg := testConfig()
	var cps []*Checkpoint
	full, err := Run(context.Background(), cfg, runSeeds(), Options{Checkpoint: func(cp *Checkpoint) error {
		cps = append(cps, cp)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(cps) != cfg.Generations+1 {
		t.Fatalf("%d checkpoints, want %d", len(cps), cfg.Generations+1)
	}
	for _, cp := range cps {
		res, err := Resume(context.Background(), cp, 2, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(summary(res), summary(full)) {
			t.Fatalf("resumed from generation %d: result differs from the uninterrupted run", cp.Gen)
		}
	}
}

// TestInterrupt: a cancelled run stops at a generation boundary after
// checkpointing it.
func TestInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var last *Checkpoint
	_, err := Run(ctx, testConfig(), runSeeds(), Options{Checkpoint: func(cp *Checkpoint) error {
		last = cp
		if cp.Gen == 1 {
			cancel()
		}
		return nil
	}})
	if err != ErrInterrupted {
		t.Fatalf("err = %v, want ErrInterrupted", err)
	}
	if last == nil || last.Gen != 1 {
		t.Fatalf("last checkpoint %v, want generation 1", last)
	}
}

// TestFitnessFormulas checks the metrics on hand-made statistics.
func TestFitnessFormulas(t *testing.T) {
	cfg := testConfig()
	cfg.TargetLength = 20 // 4000 decisions in 100 games of 2 seats
	st := statsOf(t, 2, []int{60, 40}, 0, 100*40, 100*40, 1000, 50, 300, 400)
	m := metrics(st, nil, nil, 0, 40, &cfg)
	want := Metrics{Completion: 1, Balance: 1 - (0.1-1.96*math.Sqrt(0.25/100))*2, Decisions: 1 - exp(-float64(4000-1000)/(100*2)/4), LeadChanges: 1 - exp(-0.5/3),
		Interaction: 1 - exp(-4*300.0/4000), Length: 1, Simplicity: 1}
	if !close(m, want) {
		t.Errorf("metrics = %+v\nwant      %+v", m, want)
	}
	if d := degenerate(statsOf(t, 2, []int{97, 3}, 0, 100, 100, 0, 0, 0, 0), 0); d != "one side almost always wins" {
		t.Errorf("degenerate = %q", d)
	}
	if d := degenerate(statsOf(t, 2, []int{50, 50}, 0, 100, 100, 100, 0, 0, 0), 0); d != "players never make an informed choice" {
		t.Errorf("degenerate = %q", d)
	}
	// Blind picks only (Old Maid): choices, but none informed.
	blind := statsOf(t, 2, []int{50, 50}, 0, 1000, 1000, 500, 0, 0, 0)
	blind.Informed = 0
	if d := degenerate(blind, 0); d != "players never make an informed choice" {
		t.Errorf("blind decisions only: degenerate = %q", d)
	}
	if m := metrics(blind, nil, nil, 0, 40, &cfg); m.Decisions != 0 {
		t.Errorf("blind decisions only: decisions metric %v, want 0", m.Decisions)
	}
}

// neverApply makes every mutation operator inapplicable for the rest of the
// test: a mutated genome is its parent.
func neverApply(t *testing.T) {
	never := func(*genome.Genome, *rng.Source) bool { return false }
	add, remove, mutate, others := opAddEffect, opRemoveEffect, opMutateEffect, structural
	t.Cleanup(func() { opAddEffect, opRemoveEffect, opMutateEffect, structural = add, remove, mutate, others })
	opAddEffect.fn, opRemoveEffect.fn, opMutateEffect.fn = never, never, never
	structural = slices.Clone(structural)
	for i := range structural {
		structural[i].fn = never
	}
}

// TestBreedBounded: when every child duplicates a genome already in the
// generation (a population of one genome, whose crossovers are itself,
// under operators that never apply), breeding stops at its bound of
// attempts and fills the generation, the same way every time, and says
// how many it filled.
func TestBreedBounded(t *testing.T) {
	neverApply(t)
	cfg := testConfig()
	cfg.Population, cfg.Elite = 6, 1
	one, err := newEngine(cfg).individual(testkit.SeedGenome(t, "crazy-eights"), "crazy-eights", 0)
	if err != nil {
		t.Fatal(err)
	}
	pop := make([]*Individual, cfg.Population)
	for i := range pop {
		c := *one
		pop[i] = &c
	}
	breed := func() ([]genome.Hash, int, []OpStats) {
		e := newEngine(cfg)
		e.share(pop)
		next, filled := e.breed(pop, 1)
		var hs []genome.Hash
		for _, ind := range next {
			hs = append(hs, ind.Hash)
		}
		return hs, filled, e.result(nil, nil).Ops
	}
	hs, filled, ops := breed()
	if len(hs) != cfg.Population || filled != cfg.Population-cfg.Elite {
		t.Fatalf("breed made %d individuals and filled %d, want %d and %d", len(hs), filled, cfg.Population, cfg.Population-cfg.Elite)
	}
	for i, h := range hs {
		if h != one.Hash {
			t.Errorf("individual %d is %x, not the only genome %x", i, h[:6], one.Hash[:6])
		}
	}
	crossed := 0
	for _, o := range ops {
		if o.Name == "crossover" || o.Name == "effect_crossover" {
			crossed += o.Applied
		}
	}
	if crossed == 0 {
		t.Error("breed made no attempt")
	}
	hs2, filled2, ops2 := breed()
	if !slices.Equal(hs, hs2) || filled != filled2 || !reflect.DeepEqual(ops, ops2) {
		t.Error("breed filled the generation differently the second time")
	}
}

// TestHallSpacing: of two games closer than the hall spacing (here a game
// and itself with one more effect), the hall of fame keeps the better,
// whether they arrive together or one after the other, and it keeps games
// that are farther apart; at spacing 0 it keeps every distinct genome. In
// a run, its members are spaced and best first.
func TestHallSpacing(t *testing.T) {
	cfg := testConfig()
	if cfg.HallSpacing != 0.05 {
		t.Fatalf("the quick preset's hall spacing is %v, want 0.05", cfg.HallSpacing)
	}
	uno := testkit.SeedGenome(t, "uno-style")
	more := uno.Clone()
	more.Effects = append(more.Effects, genome.Effect{Rank: 9, Type: cardrules.SkipNext, Value: 1})
	if d := genome.Distance(uno, more); d >= cfg.HallSpacing {
		t.Fatalf("one more effect is at distance %v, not within the spacing", d)
	}
	ind := func(g *genome.Genome, fitness float64) *Individual {
		in, err := newEngine(cfg).individual(g, g.Name, 0)
		if err != nil {
			t.Fatal(err)
		}
		in.Score.Fitness = fitness
		return in
	}
	hall := func(spacing float64, gens ...[]*Individual) []string {
		c := cfg
		c.HallSpacing = spacing
		e := newEngine(c)
		for _, pop := range gens {
			sortPop(pop)
			e.remember(pop)
		}
		var out []string
		for _, h := range e.hall {
			out = append(out, fmt.Sprintf("%s %.1f", h.Origin, h.Score.Fitness))
		}
		return out
	}
	c8 := testkit.SeedGenome(t, "crazy-eights")
	for _, c := range []struct {
		name    string
		spacing float64
		gens    [][]*Individual
		want    []string
	}{
		{"together, the near-copy better", 0.05, [][]*Individual{{ind(uno, 0.5), ind(more, 0.7), ind(c8, 0.6)}},
			[]string{"uno-style 0.7", "crazy-eights 0.6"}},
		{"together, the near-copy worse", 0.05, [][]*Individual{{ind(uno, 0.5), ind(more, 0.3), ind(c8, 0.6)}},
			[]string{"crazy-eights 0.6", "uno-style 0.5"}},
		{"later and better", 0.05, [][]*Individual{{ind(uno, 0.5), ind(c8, 0.6)}, {ind(more, 0.7)}},
			[]string{"uno-style 0.7", "crazy-eights 0.6"}},
		{"later and worse", 0.05, [][]*Individual{{ind(uno, 0.5), ind(c8, 0.6)}, {ind(more, 0.4)}},
			[]string{"crazy-eights 0.6", "uno-style 0.5"}},
		{"no spacing", 0, [][]*Individual{{ind(uno, 0.5), ind(more, 0.7), ind(c8, 0.6)}},
			[]string{"uno-style 0.7", "crazy-eights 0.6", "uno-style 0.5"}},
	} {
		if got := hall(c.spacing, c.gens...); !slices.Equal(got, c.want) {
			t.Errorf("%s: hall %q, want %q", c.name, got, c.want)
		}
	}

	res, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hall) == 0 || !slices.IsSortedFunc(res.Hall, rank) {
		t.Errorf("the hall of %d games is not best first", len(res.Hall))
	}
	for i, a := range res.Hall {
		for _, b := range res.Hall[:i] {
			if d := genome.Distance(a.Genome, b.Genome); d < cfg.HallSpacing {
				t.Errorf("hall members %x and %x are %.4f apart, closer than %v", a.Hash[:4], b.Hash[:4], d, cfg.HallSpacing)
			}
		}
	}
}
