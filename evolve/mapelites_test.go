package evolve

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// qdConfig is a tiny MAP-Elites run (from qdSeeds): ten children a
// generation, three generations after the first, few games.
func qdConfig() Config {
	cfg := testConfig()
	cfg.Search = SearchMapElites
	cfg.Population, cfg.Generations, cfg.Games, cfg.SkillGames, cfg.AblationGames = 10, 3, 30, 10, 100
	return cfg
}

// qdSeeds are the seed games the MAP-Elites runs of the tests start from:
// games of every family, but not the Uno-style games, whose many effects
// make the pruning at a run's end cost more than the run, nor the long
// games of Crazy Eights under the OpenSpiel rules. Mutants add effects of
// their own, for the pruning to remove.
func qdSeeds() []*genome.Genome {
	var out []*genome.Genome
	for _, n := range []string{"crazy-eights", "go-fish", "hearts", "old-maid", "war", "whist"} {
		g, err := genome.Seed(n)
		if err != nil {
			panic(err)
		}
		out = append(out, g)
	}
	return out
}

// qdShared is the tiny MAP-Elites run (qdConfig, one worker) that most
// tests of MAP-Elites inspect, run once: its result, its checkpoints
// (snapshots, which the run does not change after handing them over) and
// their files, encoded when the run handed them over. The tests change
// none of them (they decode the files, or copy: normalizedQD).
var qdShared struct {
	once sync.Once
	res  *Result
	cps  []*Checkpoint
	bufs [][]byte
	err  error
}

// sharedQD returns the result, checkpoints and checkpoint files of the
// shared run (qdShared).
func sharedQD(t testing.TB) (*Result, []*Checkpoint, [][]byte) {
	t.Helper()
	s := &qdShared
	s.once.Do(func() {
		cfg := qdConfig()
		cfg.Workers = 1
		s.res, s.err = Run(context.Background(), cfg, qdSeeds(), Options{Checkpoint: func(cp *Checkpoint) error {
			buf, err := EncodeCheckpoint(cp)
			s.cps, s.bufs = append(s.cps, cp), append(s.bufs, buf)
			return err
		}})
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	if n := qdConfig().Generations + 1; len(s.cps) != n {
		t.Fatalf("%d checkpoints, want %d", len(s.cps), n)
	}
	return s.res, s.cps, s.bufs
}

// qdElite is what a MAP-Elites run's result says of one individual.
type qdElite struct {
	Hash   genome.Hash
	Cell   int
	Origin string
	Born   int
	Score  Score
}

// qdRun is everything a MAP-Elites run's result holds but the genomes
// themselves (which the hashes stand for) and their code.
type qdRun struct {
	Archive, Population, Hall []qdElite
	History                   []GenStats
	Ops                       []OpStats
	Games                     uint64
	Lineage                   []Lineage
}

// qdSummary is r's qdRun, for comparing two runs with diff (bit for bit).
func qdSummary(r *Result) qdRun {
	list := func(inds []*Individual) []qdElite {
		var out []qdElite
		for _, ind := range inds {
			out = append(out, qdElite{ind.Hash, CellOf(Describe(ind)), ind.Origin, ind.Born, ind.Score})
		}
		return out
	}
	return qdRun{list(r.Archive), list(r.Population), list(r.Hall), r.History, r.Ops, r.Games, r.Lineage}
}

// TestMapElitesDeterministicAcrossWorkers: the same MAP-Elites config
// gives the same run, bit for bit (archive, batch, hall, history,
// operators, games, lineage), with 1 and 3 workers.
func TestMapElitesDeterministicAcrossWorkers(t *testing.T) {
	one, _, _ := sharedQD(t)
	if len(one.Archive) == 0 || len(one.Hall) == 0 || len(one.Lineage) == 0 {
		t.Fatalf("%d elites, %d in the hall, %d children bred", len(one.Archive), len(one.Hall), len(one.Lineage))
	}
	cfg := qdConfig()
	cfg.Workers = 3
	three, err := Run(context.Background(), cfg, qdSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(qdSummary(three), qdSummary(one)); d != "" {
		t.Fatalf("workers=3: the run differs from workers=1 at %s", d)
	}
}

// TestMapElitesResume: a MAP-Elites run resumed from the file of a middle
// generation's checkpoint, or of the last one's, ends exactly as the run
// that was never interrupted, archive included.
func TestMapElitesResume(t *testing.T) {
	full, _, bufs := sharedQD(t)
	cfg := qdConfig()
	want := qdSummary(full)
	for _, gen := range []int{cfg.Generations / 2, cfg.Generations} {
		cp, err := decode(t, bufs[gen])
		if err != nil {
			t.Fatalf("generation %d: %v", gen, err)
		}
		if cp.Gen != gen || len(cp.Archive) == 0 {
			t.Fatalf("checkpoint of generation %d: generation %d, %d elites", gen, cp.Gen, len(cp.Archive))
		}
		res, err := Resume(context.Background(), cp, 2, Options{})
		if err != nil {
			t.Fatalf("generation %d: %v", gen, err)
		}
		if d := diff(qdSummary(res), want); d != "" {
			t.Errorf("resumed from generation %d: the result differs from the uninterrupted run at %s", gen, d)
		}
	}
}

// TestMapElitesArchiveInvariants: after every generation of a run, the
// archive's elites are in increasing cell order, each in its cell (by its
// score then), no genome twice, each with its running mean (the cache's
// score); it holds games of every family of the seed games; the batch is
// that generation's; the generation's statistics describe the archive
// (coverage, QD score, best, mean); and no child of the batch lost its
// cell to an elite less fit than it.
func TestMapElitesArchiveInvariants(t *testing.T) {
	_, cps, _ := sharedQD(t)
	for _, cp := range cps {
		if err := checkQDCheckpoint(cp); err != nil {
			t.Errorf("generation %d: %v", cp.Gen, err)
		}
	}
}

// checkQDCheckpoint checks a MAP-Elites checkpoint's archive, batch and
// statistics (see TestMapElitesArchiveInvariants).
func checkQDCheckpoint(cp *Checkpoint) error {
	cache := map[genome.Hash]Score{}
	for _, c := range cp.Cache {
		cache[c.Hash] = c.Score
	}
	if len(cp.Hall) != 0 {
		return fmt.Errorf("a hall of %d during the run", len(cp.Hall))
	}
	if n := len(cp.Population); n < 1 || n > cp.Config.Population {
		return fmt.Errorf("a batch of %d", n)
	}
	for _, x := range cp.Population {
		if x.Born != cp.Gen {
			return fmt.Errorf("batch member %x born in generation %d", x.Hash[:6], x.Born)
		}
	}
	byCell := map[int]*Individual{}
	families := map[string]bool{}
	seen := map[genome.Hash]bool{}
	prev := -1
	sum, best := 0.0, math.Inf(-1)
	var bestInd *Individual
	for i, el := range cp.Archive {
		c := CellOf(Describe(el))
		if c <= prev {
			return fmt.Errorf("elite %d in cell %d after cell %d", i, c, prev)
		}
		if seen[el.Hash] {
			return fmt.Errorf("genome %x twice in the archive", el.Hash[:6])
		}
		if d := diff(el.Score, cache[el.Hash]); d != "" {
			return fmt.Errorf("elite %x: its score is not its running mean: %s", el.Hash[:6], d)
		}
		prev, seen[el.Hash], byCell[c] = c, true, el
		families[Family(el.Genome)] = true
		sum += el.Score.Fitness
		if bestInd == nil || rank(el, bestInd) < 0 {
			best, bestInd = el.Score.Fitness, el
		}
	}
	if len(families) != len(Families) {
		return fmt.Errorf("elites of the families %v only; the seed games have all of %v", families, Families)
	}
	gs := cp.History[cp.Gen]
	switch {
	case gs.Coverage != len(cp.Archive):
		return fmt.Errorf("coverage %d, %d elites", gs.Coverage, len(cp.Archive))
	case math.Abs(gs.QDScore-sum) > 1e-9:
		return fmt.Errorf("QD score %v, the elites' fitness sums to %v", gs.QDScore, sum)
	case gs.Best != best || gs.BestHash != fmt.Sprintf("%x", bestInd.Hash[:6]):
		return fmt.Errorf("best %v (%s), the best elite %v (%x)", gs.Best, gs.BestHash, best, bestInd.Hash[:6])
	case math.Abs(gs.Mean-sum/float64(len(cp.Archive))) > 1e-9:
		return fmt.Errorf("mean %v, the elites' mean is %v", gs.Mean, sum/float64(len(cp.Archive)))
	}
	for _, x := range cp.Population {
		c := CellOf(Describe(x))
		if el := byCell[c]; el == nil || el.Score.Fitness < x.Score.Fitness {
			held := "nothing"
			if el != nil {
				held = fmt.Sprintf("%x, of fitness %v", el.Hash[:6], el.Score.Fitness)
			}
			return fmt.Errorf("child %x (fitness %v) of cell %s is not its elite; the cell holds %s", x.Hash[:6], x.Score.Fitness, CellName(c), held)
		}
	}
	return nil
}

// TestMapElitesFinalArchive: a run's final archive is pruned: no elite
// has a dead effect left (PruneGame, as the run's end prunes, finds
// nothing); its elites are in increasing cell order, each in its cell,
// no genome twice; and the hall of fame is made of its elites, best
// first, the best non-degenerate elite at its head.
func TestMapElitesFinalArchive(t *testing.T) {
	res, _, _ := sharedQD(t)
	cfg := res.Config
	if len(res.History) != cfg.Generations+1 {
		t.Fatalf("%d generations in the history, want %d", len(res.History), cfg.Generations+1)
	}
	a := NewArchive()
	withEffects := 0
	for i, el := range res.Archive {
		if i > 0 && CellOf(Describe(el)) <= CellOf(Describe(res.Archive[i-1])) {
			t.Errorf("elite %d is not in a cell after elite %d's", i, i-1)
		}
		if !a.Offer(el) {
			t.Errorf("elite %x does not hold its cell", el.Hash[:6])
		}
		if len(el.Genome.Effects) > 0 {
			withEffects++
		}
		p, err := PruneGame(context.Background(), &cfg, el.Genome)
		if err != nil {
			t.Fatal(err)
		}
		if p != el.Genome {
			t.Errorf("elite %x (cell %s) has dead effects: %d effects, %d once pruned", el.Hash[:6], CellName(CellOf(Describe(el))), len(el.Genome.Effects), len(p.Effects))
		}
	}
	checkArchiveState(t, a)
	if a.Len() != len(res.Archive) {
		t.Errorf("%d elites fill %d cells", len(res.Archive), a.Len())
	}
	if withEffects == 0 {
		t.Error("no elite has effects: the pruning was not put to the test")
	}
	var bestLive *Individual
	for _, el := range res.Archive {
		if el.Score.Degenerate == "" && (bestLive == nil || rank(el, bestLive) < 0) {
			bestLive = el
		}
	}
	if len(res.Hall) == 0 || len(res.Hall) > hallSize || !slices.IsSortedFunc(res.Hall, rank) {
		t.Fatalf("a hall of %d, best first %v", len(res.Hall), slices.IsSortedFunc(res.Hall, rank))
	}
	for _, h := range res.Hall {
		if !slices.Contains(res.Archive, h) || h.Score.Degenerate != "" {
			t.Errorf("hall member %x is not a live elite of the archive", h.Hash[:6])
		}
	}
	if res.Hall[0] != bestLive {
		t.Errorf("the hall's head is %x, the best live elite %x", res.Hall[0].Hash[:6], bestLive.Hash[:6])
	}
}

// TestMapElitesChildMeetsReevaluatedElite: a child is compared with the
// elite of its cell as re-evaluated on the generation's deals, whatever
// the order of the batch, so that a lucky earlier score does not hold the
// cell. Here the elite's genome comes back in the batch too (a child
// that no operator changed, as breeding often makes), and its running
// mean falls below the other child's fitness: that child must take the
// cell whether it comes before the elite's copy in the batch or after.
func TestMapElitesChildMeetsReevaluatedElite(t *testing.T) {
	cfg := qdConfig()
	cfg.SkillGames = 0 // no skill measured: Whist and Hearts share a cell
	const gen = 1
	seed := rng.Derive(cfg.Seed^streamEval, gen)
	var fresh []*Individual
	for _, name := range []string{"whist", "hearts"} {
		ind, err := newEngine(cfg).individual(testkit.SeedGenome(t, name), name, 0)
		if err != nil {
			t.Fatal(err)
		}
		if ind.Score, _, err = Evaluate(context.Background(), ind.Genome, &cfg, seed); err != nil {
			t.Fatal(err)
		}
		fresh = append(fresh, ind)
	}
	sortPop(fresh)
	child, elite := fresh[0], fresh[1] // the fitter is the child
	cell := CellOf(Describe(child))
	if CellOf(Describe(elite)) != cell || child.Score.Fitness <= elite.Score.Fitness || elite.Score.Degenerate != "" {
		t.Fatalf("test setup: whist and hearts in cells %s and %s, fitness %v and %v", CellName(cell), CellName(CellOf(Describe(elite))),
			child.Score.Fitness, elite.Score.Fitness)
	}
	// The elite's earlier (lucky) score: above the child's, but its mean
	// with this generation's evaluation is below it. Its descriptors are
	// this generation's, so that the mean stays in the cell.
	lucky := elite.Score
	lucky.Fitness = child.Score.Fitness + (child.Score.Fitness-elite.Score.Fitness)/2
	mean := lucky.merge(elite.Score)
	if mean.Fitness >= child.Score.Fitness || CellOf(Describe(&Individual{Genome: elite.Genome, Score: mean})) != cell {
		t.Fatalf("test setup: the elite's mean %v is not below the child's %v in the cell", mean.Fitness, child.Score.Fitness)
	}
	for _, childFirst := range []bool{true, false} {
		e := newEngine(cfg)
		held := *elite
		held.Score = lucky
		e.cache[held.Hash] = lucky
		e.archive.Offer(&held)
		c, again := *child, *elite // again: a child that repeats the elite's genome
		c.Score, again.Score = Score{}, Score{}
		c.Born, again.Born = gen, gen
		batch := []*Individual{&again, &c}
		if childFirst {
			batch = []*Individual{&c, &again}
		}
		if _, err := e.qdGeneration(context.Background(), batch, gen); err != nil {
			t.Fatal(err)
		}
		if got := e.cache[elite.Hash]; got.Fitness != mean.Fitness {
			t.Fatalf("test setup: the elite's running mean is %v, want %v", got.Fitness, mean.Fitness)
		}
		if got := e.archive.Elite(cell); got == nil || got.Hash != child.Hash {
			holder := "nothing"
			if got != nil {
				holder = fmt.Sprintf("%s (fitness %v)", got.Origin, got.Score.Fitness)
			}
			t.Errorf("child before the elite's copy in the batch: %v: cell %s holds %s, want the child %s (fitness %v), fitter than the elite's running mean %v",
				childFirst, CellName(cell), holder, child.Origin, child.Score.Fitness, mean.Fitness)
		}
	}
}

// TestGeneticCheckpointUnchanged: a run of the genetic loop is untouched
// by MAP-Elites: its checkpoints and result have no archive, its
// statistics no coverage or QD score, and its checkpoint files leave the
// archive, the search and the statistics' coverage and QD score out
// altogether.
func TestGeneticCheckpointUnchanged(t *testing.T) {
	res, recs := runRecorded(t, smallConfig())
	if res.Archive != nil {
		t.Errorf("a genetic run's result has an archive of %d", len(res.Archive))
	}
	for _, r := range recs {
		cp := r.want
		if cp.Archive != nil || cp.Config.Search != SearchGenetic {
			t.Errorf("generation %d: archive %v, search %q", cp.Gen, cp.Archive, cp.Config.Search)
		}
		for _, h := range cp.History {
			if h.Coverage != 0 || math.Float64bits(h.QDScore) != 0 {
				t.Errorf("generation %d: coverage %d, QD score %v", h.Gen, h.Coverage, h.QDScore)
			}
		}
		ct, err := fbs.VerifyCheckpoint(r.buf)
		if err != nil {
			t.Fatal(err)
		}
		const (
			slotArchive  = 12 // Checkpoint.archive
			slotSearch   = 19 // Config.search
			slotCoverage = 10 // GenStats.coverage
			slotQDScore  = 11 // GenStats.qd_score
		)
		has := func(tab flatbuffers.Table, slot int) bool { return tab.Offset(flatbuffers.VOffsetT(4+2*slot)) != 0 }
		if has(ct.Table(), slotArchive) || has(ct.Config(nil).Table(), slotSearch) {
			t.Errorf("generation %d: the file has an archive or a search", cp.Gen)
		}
		var gs fb.GenStats
		for i := range ct.HistoryLength() {
			ct.History(&gs, i)
			if has(gs.Table(), slotCoverage) || has(gs.Table(), slotQDScore) {
				t.Errorf("generation %d: history[%d] has a coverage or a QD score", cp.Gen, i)
			}
		}
		got, err := decode(t, r.buf)
		if err != nil {
			t.Fatal(err)
		}
		if got.Archive != nil {
			t.Errorf("generation %d: decoded with an archive of %d", cp.Gen, len(got.Archive))
		}
	}
}
