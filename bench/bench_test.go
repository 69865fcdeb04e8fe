package bench_test

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// The benchmarks mirror the pipeline: compile a genome, verify and load its
// program, play one game (VM and native), play a batch, run a generation of
// evolution. Every game benchmark reports games/s (and decisions/s and
// plays/s) and checks that the mean game length of the games it timed lies
// in a stated band, so that a game that has become degenerate (ending at
// once, or always at the cap) cannot pass for speed. Run them with
//
//	go test -run '^$' -bench . -count 10 ./bench/
//
// on an otherwise idle machine. BenchmarkSpin calibrates how well the cores
// run in parallel, for reading the workers=2 figures.

const benchSeed = 0xbe7c4_5eed // game i of a benchmark uses rng.Derive(benchSeed, i)

// band is the range of mean turns per game that a benchmark of a seed game
// at its default seat count must fall in. The bands are the reference means
// (20000 VM games each, seed 99) within about -20%/+25%: a changed rule or a
// broken game lands far outside them.
type band struct{ lo, hi float64 }

// bands by seed genome and policy (default seats). The reference means: Crazy
// Eights 34.0 turns (random), 27.0 (greedy); Uno-style 36.2, 33.5; War 234.8
// for both (War has no decisions); Hearts exactly 13 for both (one deal of
// 13 tricks, a turn each: its band is the one value); crazy-eights-openspiel
// 436.6 (random players draw by choice, and long) and 31.1 (greedy never
// draws while it can play).
var bands = map[string][vm.NumPolicies]band{
	"crazy-eights": {vm.Random: {27, 43}, vm.Greedy: {21, 34}},
	"uno-style":    {vm.Random: {29, 45}, vm.Greedy: {27, 42}},
	"war":          {vm.Random: {188, 294}, vm.Greedy: {188, 294}},
	"hearts":       {vm.Random: {13, 13}, vm.Greedy: {13, 13}},

	"crazy-eights-openspiel": {vm.Random: {349, 546}, vm.Greedy: {25, 39}},
	// uno-stacking 61.7 (random) and 195.1 (greedy: greedy seats always
	// stack, hoard the deck and run one game in eleven to the turn cap)
	"uno-stacking": {vm.Random: {49, 78}, vm.Greedy: {156, 244}},
	// beggar-my-neighbour 186.3 for both (no decisions), 252.0 plays
	"beggar-my-neighbour": {vm.Random: {149, 233}, vm.Greedy: {149, 233}},
	// sevens 51.9 (random) and 56.9 (greedy), fan-tan 52.2 and 57.4, at
	// 4 seats (20000 games each, seed 99)
	"sevens":  {vm.Random: {42, 65}, vm.Greedy: {46, 71}},
	"fan-tan": {vm.Random: {42, 65}, vm.Greedy: {46, 72}},
	// president, a match with the exchange, 1121.3 (random, 10.9 deals) and
	// 765.2 (greedy, 11.4 deals) at 4 seats (20000 games each, seed 99,
	// by darwinsim simulate: no timing)
	"president": {vm.Random: {897, 1402}, vm.Greedy: {612, 957}},
	// hearts-match, passing, 149.0 (random) and 136.6 (greedy; before
	// passing 148.7 and 134.4), 13 turns a deal;
	// crazy-eights-match 231.6 and 196.5, at their default seats (5000
	// games each, seed 99)
	"hearts-match":       {vm.Random: {119, 186}, vm.Greedy: {107, 168}},
	"crazy-eights-match": {vm.Random: {185, 290}, vm.Greedy: {157, 246}},
	// scopa, 36 turns a deal: 162.1 (random, 4.50 deals) and 125.6
	// (greedy, 3.49 deals) at 2 seats; cheat 149.8 and 39.8 at 4 seats
	// (20000 games each, seed 99)
	"scopa": {vm.Random: {130, 203}, vm.Greedy: {100, 157}},
	"cheat": {vm.Random: {120, 187}, vm.Greedy: {32, 50}},
	// gin-rummy 1265.2 (random: it rarely knocks, nearly 20 deals a
	// match) and 127.9 (greedy); rummy 1135.4 and 876.8, at 2 seats (20000
	// games each, seed 99, by darwinsim simulate)
	"gin-rummy": {vm.Random: {1012, 1582}, vm.Greedy: {102, 160}},
	"rummy":     {vm.Random: {908, 1419}, vm.Greedy: {701, 1096}},
	// spades 130.0 (random: its contracts fail, 10 deals of 13 tricks)
	// and 128.0 (greedy, sometimes to 500 sooner) at 4 seats (2000 games
	// each, seed 1, by darwinsim simulate)
	"spades": {vm.Random: {104, 163}, vm.Greedy: {102, 160}},
	// draw-poker 236.7 (random) and 262.1 (greedy; a turn a betting
	// action or an exchange, 20 hands) at 4 seats; blackjack 60.0 for both
	// (a turn a seat a hand, 20 hands; fewer once a seat is out of chips)
	// at 3 seats (20000 games each, seed 1, by darwinsim simulate)
	"draw-poker": {vm.Random: {189, 296}, vm.Greedy: {210, 328}},
	"blackjack":  {vm.Random: {54, 60}, vm.Greedy: {54, 60}},
}

// workBands bands the mean decisions and plays per game as well, for the
// seed games whose length in turns does not pin down the work a game does.
// Hearts: every seat plays one card to each of the 13 tricks, a decision
// each (forced or not), so exactly 52 decisions and 52 plays a game, for
// both policies (reference: 20000 VM games each, seed 99).
var workBands = map[string][vm.NumPolicies]struct{ decisions, plays band }{
	"hearts": {
		vm.Random: {decisions: band{52, 52}, plays: band{52, 52}},
		vm.Greedy: {decisions: band{52, 52}, plays: band{52, 52}},
	},
}

// benchSeeds are the seed games with a length band, in a fixed order. (A
// seed game added to the library gets game benchmarks once it has a band.)
var benchSeeds = []string{"crazy-eights", "uno-style", "war", "hearts", "crazy-eights-openspiel", "uno-stacking", "beggar-my-neighbour", "sevens", "fan-tan", "president", "hearts-match", "crazy-eights-match", "scopa", "cheat", "gin-rummy", "rummy", "spades", "draw-poker", "blackjack"}

// lengthSEs is how many standard errors of the sample mean the band is
// widened by when few games were timed: a false alarm rate below 1e-6 for a
// correct game whose true mean lies in the band.
const lengthSEs = 5

// tally accumulates the games a benchmark timed.
type tally struct {
	games                   int
	turns, decisions, plays moments
}

func (t *tally) add(turns, decisions, plays int) {
	t.games++
	t.turns.add(turns)
	t.decisions.add(decisions)
	t.plays.add(plays)
}

// report publishes the throughput metrics and fails the benchmark when the
// mean game length is outside the band, or the mean decisions or plays per
// game outside the game's work band when it has one (each widened by
// lengthSEs standard errors), or when a card game made no decisions at all.
func (t *tally) report(b *testing.B, what, name string, pol vm.Policy, wantDecisions bool) {
	b.Helper()
	if t.games == 0 {
		b.Fatalf("%s: no games played", what)
	}
	sec := b.Elapsed().Seconds()
	if sec > 0 {
		b.ReportMetric(float64(t.games)/sec, "games/s")
		if wantDecisions {
			b.ReportMetric(t.decisions.sum/sec, "decisions/s")
		}
		b.ReportMetric(t.plays.sum/sec, "plays/s")
	}
	mean, _ := t.turns.meanVar(t.games)
	b.ReportMetric(mean, "turns/game")
	t.check(b, what, "game length", "turns", t.turns, bands[name][pol])
	if wb, ok := workBands[name]; ok {
		t.check(b, what, "decisions", "decisions", t.decisions, wb[pol].decisions)
		t.check(b, what, "plays", "plays", t.plays, wb[pol].plays)
	}
	if wantDecisions && t.decisions.sum == 0 {
		b.Fatalf("%s: %d games without a single decision", what, t.games)
	}
}

// check fails the benchmark when the mean per game of m lies outside bd
// widened by lengthSEs standard errors of the mean.
func (t *tally) check(b *testing.B, what, quantity, unit string, m moments, bd band) {
	b.Helper()
	mean, v := m.meanVar(t.games)
	margin := math.Inf(1) // one game says nothing about the mean
	if t.games > 1 {
		margin = lengthSEs * math.Sqrt(v/float64(t.games))
	}
	if mean < bd.lo-margin || mean > bd.hi+margin {
		b.Fatalf("%s: mean %s %.2f %s over %d games, outside the band [%g, %g] (widened by %.2f)",
			what, quantity, mean, unit, t.games, bd.lo, bd.hi, margin)
	}
}

// BenchmarkCompile compiles each seed genome of the library (validation and
// canonical form included).
func BenchmarkCompile(b *testing.B) {
	for _, name := range genome.SeedNames() {
		b.Run(name, func(b *testing.B) {
			g := testkit.SeedGenome(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := compile.Compile(g); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "programs/s")
		})
	}
}

// BenchmarkVerify verifies each seed game's program.
func BenchmarkVerify(b *testing.B) {
	for _, name := range genome.SeedNames() {
		b.Run(name, func(b *testing.B) {
			code := testkit.SeedProgram(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if err := bytecode.Verify(code); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "programs/s")
		})
	}
}

// BenchmarkLoad loads (verifies and lowers) each seed game's program.
func BenchmarkLoad(b *testing.B) {
	for _, name := range genome.SeedNames() {
		b.Run(name, func(b *testing.B) {
			code := testkit.SeedProgram(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := vm.Load(code); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "programs/s")
		})
	}
}

// BenchmarkGame plays one VM game per iteration on a reused machine, at the
// default seat count, every seat with the policy named.
func BenchmarkGame(b *testing.B) {
	for _, name := range benchSeeds {
		for pol := range vm.NumPolicies {
			b.Run(name+"/"+pol.String(), func(b *testing.B) {
				p := testkit.LoadSeed(b, name, vm.Load)
				m := mustMachine(p, 0, []vm.Policy{pol})
				var t tally
				i := uint64(0)
				b.ReportAllocs()
				for b.Loop() {
					r := m.Play(rng.Derive(benchSeed, i))
					i++
					if r.Winner == vm.Aborted {
						b.Fatalf("game %d aborted (step budget)", i-1)
					}
					t.add(r.Turns, r.Decisions, r.Plays)
				}
				t.report(b, name+"/"+pol.String(), name, pol, !p.PileHands())
			})
		}
	}
}

// BenchmarkNative plays one native game per iteration on a reused state, at
// the default seat count with the random policy: the speed bound to set
// BenchmarkGame/<game>/random against (the same games, seed for seed).
func BenchmarkNative(b *testing.B) {
	for _, ng := range nativeGames {
		b.Run(ng.seed, func(b *testing.B) {
			play := ng.newPlayer().play
			var t tally
			i := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				o := play(rng.Derive(benchSeed, i), 0)
				i++
				t.add(o.Turns, o.Decisions, o.Plays)
			}
			t.report(b, "native "+ng.seed, ng.seed, vm.Random, ng.seed != "war")
		})
	}
}

// batchGames is the size of one BenchmarkBatch iteration.
const batchGames = 10000

// BenchmarkBatch plays a batch of 10000 games per iteration (random policy,
// default seats) over 1 and 2 workers. Per-iteration allocations are the
// batch's own (workers, statistics), not per game.
func BenchmarkBatch(b *testing.B) {
	ctx := context.Background()
	for _, name := range benchSeeds {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", name, w), func(b *testing.B) {
				p := testkit.LoadSeed(b, name, vm.Load)
				var total vm.Stats
				k := uint64(0)
				b.ReportAllocs()
				for b.Loop() {
					st, err := vm.Batch(ctx, p, vm.BatchConfig{Games: batchGames, Seed: rng.Derive(benchSeed, k), Workers: w})
					k++
					if err != nil {
						b.Fatal(err)
					}
					total.Merge(st)
				}
				if total.Aborted > 0 {
					b.Fatalf("%d games aborted (step budget)", total.Aborted)
				}
				sec := b.Elapsed().Seconds()
				b.ReportMetric(float64(total.Games)/sec, "games/s")
				if !p.PileHands() {
					b.ReportMetric(float64(total.Decisions.Sum)/sec, "decisions/s")
				}
				b.ReportMetric(float64(total.Plays.Sum)/sec, "plays/s")
				mean := total.Turns.Mean()
				b.ReportMetric(mean, "turns/game")
				// At least 10000 games: the bands need no widening (5
				// standard errors are under 10 turns for War and
				// Beggar-my-neighbour, under 1 for the others; Hearts' turns, decisions and plays
				// per game do not vary at all).
				if bd := bands[name][vm.Random]; mean < bd.lo || mean > bd.hi {
					b.Fatalf("mean game length %.2f turns over %d games, outside the band [%g, %g]", mean, total.Games, bd.lo, bd.hi)
				}
				if wb, ok := workBands[name]; ok {
					for _, q := range []struct {
						what string
						d    *vm.Dist
						bd   band
					}{{"decisions", &total.Decisions, wb[vm.Random].decisions}, {"plays", &total.Plays, wb[vm.Random].plays}} {
						if m := q.d.Mean(); m < q.bd.lo || m > q.bd.hi {
							b.Fatalf("mean %s %.2f per game over %d games, outside the band [%g, %g]", q.what, m, total.Games, q.bd.lo, q.bd.hi)
						}
					}
				}
			})
		}
	}
}

// BenchmarkGeneration runs one generation of evolution per iteration: the
// default preset with a population of 100 built from the seed library (the
// seeds and their mutants, the same every time), each genome scored with 500
// random games (plus the preset's skill games), no breeding (Generations 0),
// workers = GOMAXPROCS. It reports genomes and games scored per second.
func BenchmarkGeneration(b *testing.B) {
	cfg, err := evolve.Preset("default")
	if err != nil {
		b.Fatal(err)
	}
	cfg.Generations = 0
	cfg.Population = 100
	cfg.Games = 500
	cfg.Seed = benchSeed
	cfg.Workers = 0
	ctx := context.Background()
	var genomes int
	var games uint64
	b.ReportAllocs()
	for b.Loop() {
		res, err := evolve.Run(ctx, cfg, genome.Seeds(), evolve.Options{})
		if err != nil {
			b.Fatal(err)
		}
		gs := res.History[0]
		if gs.Evaluated != cfg.Population || gs.Reevaluated != 0 {
			b.Fatalf("evaluated %d genomes (%d evaluated again), want all %d", gs.Evaluated, gs.Reevaluated, cfg.Population)
		}
		genomes += gs.Evaluated
		games += res.Games
	}
	// A genome plays Games + SkillGames games at each seat count it
	// allows (fitness 2 scores every seat count, 2 to 8), and at least a
	// quarter of Games at one (an evaluation stops after its first chunk
	// when too many games reach the cap). A generation that averages
	// under half of one seat count's games is degenerate (most genomes
	// capped), not fast.
	perGenome := float64(games) / float64(genomes)
	if one := float64(cfg.Games + cfg.SkillGames); perGenome > one*(cardrules.MaxSeats-1) || perGenome < one/2 {
		b.Fatalf("%.1f games per genome, want between %g and %g", perGenome, one/2, one*(cardrules.MaxSeats-1))
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(genomes)/sec, "genomes/s")
	b.ReportMetric(float64(games)/sec, "games/s")
	b.ReportMetric(perGenome, "games/genome")
}

// spinOps is the number of loop steps each goroutine of BenchmarkSpin runs
// per iteration (about a millisecond).
const spinOps = 1 << 20

var spinSink [8]uint64

// spin is a pure arithmetic loop (an xorshift-multiply chain: no memory
// traffic, no calls) of spinOps steps.
func spin(x uint64) uint64 {
	for range spinOps {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		x *= 0x9e3779b97f4a7c15
	}
	return x
}

// BenchmarkSpin runs spin on 1 and 2 goroutines at once and reports the
// total loop steps per second: the ratio of workers=2 to workers=1 is the
// parallel speedup the machine gives pure computation, the ceiling for
// BenchmarkBatch's workers=2 over workers=1.
func BenchmarkSpin(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			if w > runtime.GOMAXPROCS(0) {
				b.Logf("GOMAXPROCS is %d: %d workers share the cores", runtime.GOMAXPROCS(0), w)
			}
			var wg sync.WaitGroup
			k := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				for j := range w {
					wg.Add(1)
					go func() {
						defer wg.Done()
						spinSink[j] = spin(k*8 + uint64(j) + 1)
					}()
				}
				wg.Wait()
				k++
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(w)*spinOps*float64(b.N)/sec, "ops/s")
			b.ReportMetric(spinOps*float64(b.N)/sec, "ops/s/worker")
		})
	}
}
