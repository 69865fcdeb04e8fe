package evolve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Individual is one genome of a population with its score.
type Individual struct {
	Genome *genome.Genome // canonical form
	Hash   genome.Hash
	Code   []byte
	Score  Score
	Origin string // the seed it descends from
	Born   int    // the generation it first appeared in
	shared float64
}

// GenStats summarises one generation.
type GenStats struct {
	Gen         int     `json:"generation"`
	Best        float64 `json:"best"`
	Mean        float64 `json:"mean"`
	Median      float64 `json:"median"`
	Diversity   float64 `json:"diversity"`   // mean pairwise genome distance
	Evaluated   int     `json:"evaluated"`   // genomes scored for the first time this generation
	Reevaluated int     `json:"reevaluated"` // genomes scored before, evaluated again on this generation's deals
	Games       uint64  `json:"games"`       // games played this generation
	BestHash    string  `json:"best_hash"`
	// Filled counts the members of this generation that breeding did not
	// make, because it reached its bound of attempts (see breed), and that
	// were taken over from the previous generation instead; 0 normally.
	Filled int `json:"filled"`
	// Coverage and QDScore describe a MAP-Elites archive after the
	// generation: its filled cells and the sum of its elites' fitness
	// (Best, Mean, Median and BestHash are then the elites'); 0 in a
	// genetic run.
	Coverage int     `json:"coverage,omitempty"`
	QDScore  float64 `json:"qd_score,omitempty"`
}

// Result is a finished run.
type Result struct {
	Config     Config
	Population []*Individual // the last generation, best first
	History    []GenStats
	Hall       []*Individual // the best games ever seen, spaced by Config.HallSpacing, best first
	Ops        []OpStats
	Games      uint64
	Lineage    []Lineage // every bred child, in the order it was bred
	// Archive is a MAP-Elites run's archive, its elites in cell order,
	// each without dead effects; nil in a genetic run.
	Archive []*Individual
	// Starts are the run's starting games (StartsFile), as Run was given
	// them; nil after Resume, whose checkpoint does not hold them.
	Starts []*genome.Genome
	// Islands is an island run's history island by island (History is
	// then the combined lines); nil in a run of one population.
	Islands [][]GenStats
}

// Lineage records how one bred child came to be, so that what each
// operator does to fitness can be attributed.
type Lineage struct {
	Gen           int
	Child         genome.Hash
	Parents       []genome.Hash // one, or two after a crossover
	Operators     []string      // the operators that changed it, in order
	ParentFitness float64       // the first parent's score when it bred
	ChildFitness  float64       // the child's score after its first evaluation
}

// Seed derivation constants: distinct streams from one run seed.
const (
	streamBreed   = 0x6272656564 // "breed"
	streamEval    = 0x6576616c   // "eval"
	streamRescore = 0x7265736372 // "rescr"
	streamAblate  = 0x61626c74   // "ablt"
	streamReport  = 0x7265707274 // "reprt"
	hallSize      = 10
)

// ErrInterrupted is returned by Run when its context is cancelled: the run
// stopped at a generation boundary, after its last checkpoint.
var ErrInterrupted = errors.New("evolution interrupted at a generation boundary")

// Options are the optional hooks of a run.
type Options struct {
	// Progress is called after each generation is scored.
	Progress func(GenStats)
	// Checkpoint is called after each generation is scored, with
	// everything needed to continue the run exactly (see Resume); never
	// in a run of islands.
	Checkpoint func(*Checkpoint) error
}

// Checkpoint is the state of a run between generations: the scored
// population of generation Gen and everything else the rest of the run
// depends on. Resuming from it gives exactly the result of the run that was
// never interrupted.
type Checkpoint struct {
	Config     Config
	Gen        int
	Population []*Individual // scored, best first
	History    []GenStats
	Hall       []*Individual
	Ops        []OpStats
	Cache      []CacheEntry // every score of the run, in hash order
	Games      uint64
	Lineage    []Lineage
	// Archive is a MAP-Elites run's archive, its elites in cell order (the
	// population is then the generation's batch of children, and the hall
	// is empty); nil in a genetic run.
	Archive []*Individual
	// Starts are the run's starting games, on generation 0's checkpoint
	// of a run Run started (nil on every other); they are no part of the
	// checkpoint file: RunDir.WriteCheckpoint writes them to StartsFile.
	Starts []*genome.Genome
	// Island is, in a run of islands (Config.Islands > 1), the island
	// this is the checkpoint of (its draws derive from IslandSeed of the
	// run seed and Island); 0 in a plain run. An island run checkpoints
	// each island on its own, in its directory (IslandDir).
	Island int
	// Fits are, in a run of islands, the fitness of every member of
	// every generation 0..Gen of the island, each generation's in
	// increasing order: what the run's combined mean and median are of.
	// nil in a plain run.
	Fits [][]float64
}

// CacheEntry is one cached score.
type CacheEntry struct {
	Hash  genome.Hash
	Score Score
}

// Run evolves a population from the seed games for cfg.Generations
// generations. Every random draw derives from cfg.Seed, the generation and
// the individual, or from cfg.Seed and a genome's hash, so the same config
// gives the same result for any worker count. When ctx is cancelled, Run
// finishes the generation it is scoring, checkpoints, and returns
// ErrInterrupted. With cfg.Islands > 1 it evolves that many populations
// with migration between them (see the package doc), and neither
// checkpoints nor can be resumed; Islands 1 is a plain run, whose result
// has Islands 0 in its Config.
func Run(ctx context.Context, cfg Config, seeds []*genome.Genome, opt Options) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("no seed games to start from")
	}
	if cfg.Islands == 1 {
		cfg.Islands = 0 // one population: a plain run, with its identity
	}
	if cfg.Islands > 1 {
		return runIslands(ctx, cfg, seeds, opt)
	}
	e := newEngine(cfg)
	pop, err := e.initial(seeds)
	if err != nil {
		return nil, err
	}
	return e.loop(ctx, pop, 0, nil, 0, opt)
}

// Resume continues a run from its checkpoint and ends with the result the
// uninterrupted run would have had. workers may differ from the original
// run's; nothing else may.
func Resume(ctx context.Context, cp *Checkpoint, workers int, opt Options) (*Result, error) {
	cfg := cp.Config
	cfg.Workers = workers
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if cfg.Islands > 1 {
		return ResumeIslands(ctx, []*Checkpoint{cp}, workers, opt)
	}
	e, err := restore(cfg, cp)
	if err != nil {
		return nil, err
	}
	if cfg.Search == SearchMapElites {
		for _, ind := range cp.Archive {
			if !e.archive.Offer(ind) {
				return nil, fmt.Errorf("checkpoint: the archive's elite %x does not hold its cell", ind.Hash[:4])
			}
		}
		if cp.Gen >= cfg.Generations {
			return e.qdFinish(ctx, cp.Population, cp.History)
		}
		return e.loop(ctx, e.qdBreed(cp.Gen+1), cp.Gen+1, cp.History, 0, opt)
	}
	if cp.Gen >= cfg.Generations {
		return e.finish(ctx, cp.Population, cp.History)
	}
	next, filled := e.breed(cp.Population, cp.Gen+1)
	return e.loop(ctx, next, cp.Gen+1, cp.History, filled, opt)
}

func newEngine(cfg Config) *engine {
	e := &engine{cfg: cfg, cache: map[genome.Hash]Score{}, ops: map[string]*OpStats{}, archive: NewArchive()}
	for _, n := range OperatorNames() {
		e.ops[n] = &OpStats{Name: n}
	}
	return e
}

// loop scores generation gen and the ones after it, by the run's search:
// the genetic loop's population, or MAP-Elites' batch of children offered
// to the archive (qdGeneration, qdBreed, qdFinish); filled is what
// breeding filled in of generation gen (always 0 for MAP-Elites).
func (e *engine) loop(ctx context.Context, pop []*Individual, gen int, history []GenStats, filled int, opt Options) (*Result, error) {
	// Scoring is never cut short: a generation is the unit of work, and
	// cancellation is honoured between generations.
	work := context.WithoutCancel(ctx)
	qd := e.cfg.Search == SearchMapElites
	for ; ; gen++ {
		var gs GenStats
		var err error
		if qd {
			gs, err = e.qdGeneration(work, pop, gen)
		} else {
			gs, err = e.evaluate(work, pop, gen)
		}
		if err != nil {
			return nil, err
		}
		gs.Filled = filled
		history = append(history, gs)
		if !qd {
			e.remember(pop)
		}
		if opt.Progress != nil {
			opt.Progress(gs)
		}
		if opt.Checkpoint != nil {
			if err := opt.Checkpoint(e.checkpoint(pop, gen, history)); err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
		}
		if gen == e.cfg.Generations {
			break
		}
		if ctx.Err() != nil {
			return nil, ErrInterrupted
		}
		if qd {
			pop = e.qdBreed(gen + 1)
		} else {
			pop, filled = e.breed(pop, gen+1)
		}
	}
	if qd {
		return e.qdFinish(ctx, pop, history)
	}
	return e.finish(ctx, pop, history)
}

// finish ends a run: no game of the hall of fame keeps a dead effect. Each
// member's dead effects are pruned (Prune, on seeds from the member's
// hash); a pruned game is a new genome, scored on the deals of the last
// generation's successor, and the hall is rebuilt from the members, best
// first, with its spacing. Then the result.
func (e *engine) finish(ctx context.Context, pop []*Individual, history []GenStats) (*Result, error) {
	ctx = context.WithoutCancel(ctx)
	seed := rng.Derive(e.cfg.Seed^streamEval, uint64(e.cfg.Generations+1))
	var hall []*Individual
	for _, h := range e.hall {
		ind, err := e.pruned(ctx, h, seed)
		if err != nil {
			return nil, err
		}
		hall = append(hall, ind)
	}
	sortPop(hall)
	e.hall = nil
	e.remember(hall)
	return e.result(pop, history), nil
}

// PruneGame returns g (canonical) without its dead effects, as a run's
// end prunes its games: Prune with cfg.AblationGames paired games, on
// seeds from cfg.Seed and the hash of the genome measured, until its own
// ablation finds none. It returns g itself when nothing was dead.
func PruneGame(ctx context.Context, cfg *Config, g *genome.Genome) (*genome.Genome, error) {
	for {
		p, removed, err := Prune(ctx, g, cfg.AblationGames, cfg.Workers, rng.Derive(cfg.Seed^streamAblate, g.Hash().Short()))
		if err != nil {
			return nil, err
		}
		if len(removed) == 0 {
			return g, nil
		}
		g = p
	}
}

// pruned returns ind without its dead effects: ind itself when its own
// ablation (on seeds from its hash) finds none, else a new individual,
// pruned until its own ablation finds none (removing effects makes a new
// genome, measured on its own seeds), scored on the deals of seed.
func (e *engine) pruned(ctx context.Context, ind *Individual, seed uint64) (*Individual, error) {
	g, err := PruneGame(ctx, &e.cfg, ind.Genome)
	if err != nil {
		return nil, err
	}
	if g == ind.Genome {
		return ind, nil
	}
	out, err := e.individual(g, ind.Origin, ind.Born)
	if err != nil {
		return nil, err
	}
	sc, _, err := Evaluate(ctx, out.Genome, &e.cfg, seed)
	if err != nil {
		return nil, err
	}
	e.games += sc.Games
	e.cache[out.Hash] = e.cache[out.Hash].merge(sc)
	out.Score = e.cache[out.Hash]
	return out, nil
}

func (e *engine) result(pop []*Individual, history []GenStats) *Result {
	res := &Result{Config: e.cfg, Population: pop, History: history, Hall: e.hall, Games: e.games, Lineage: e.lineage, Starts: e.starts}
	for _, n := range OperatorNames() {
		res.Ops = append(res.Ops, *e.ops[n])
	}
	return res
}

type engine struct {
	cfg     Config
	cache   map[genome.Hash]Score
	ops     map[string]*OpStats
	hall    []*Individual
	games   uint64
	lineage []Lineage
	archive *Archive         // MAP-Elites only
	starts  []*genome.Genome // the seeds generation 0 holds, when Run started the run
}

func (e *engine) individual(g *genome.Genome, origin string, born int) (*Individual, error) {
	c := g.Canonical()
	code, err := compile.Compile(c)
	if err != nil {
		return nil, err
	}
	return &Individual{Genome: c, Hash: c.Hash(), Code: code, Origin: origin, Born: born}, nil
}

// initial builds generation 0: every seed game, then mutants of them (seed
// i mod the number of seeds, one to three operators) until the population
// is full of distinct genomes.
func (e *engine) initial(seeds []*genome.Genome) ([]*Individual, error) {
	var pop []*Individual
	seen := map[genome.Hash]bool{}
	for _, s := range seeds {
		ind, err := e.individual(s, s.Name, 0)
		if err != nil {
			return nil, fmt.Errorf("seed %s: %w", s.Name, err)
		}
		if !seen[ind.Hash] && len(pop) < e.cfg.Population {
			seen[ind.Hash] = true
			pop = append(pop, ind)
			e.starts = append(e.starts, s.Clone())
		}
	}
	distinct := len(pop) // the seeds, each once
	for i := 0; len(pop) < e.cfg.Population; i++ {
		if i > 1000*e.cfg.Population {
			return nil, fmt.Errorf("could not find %d distinct mutants of the seed games", e.cfg.Population)
		}
		r := rng.New(rng.Derive(rng.Derive(e.cfg.Seed^streamBreed, 0), uint64(i)))
		parent := pop[i%distinct]
		g := parent.Genome
		for range 1 + r.IntN(3) {
			g, _ = e.mutate(g, &r)
		}
		ind, err := e.individual(g, parent.Origin, 0)
		if err != nil {
			return nil, err
		}
		if !seen[ind.Hash] {
			seen[ind.Hash] = true
			pop = append(pop, ind)
		}
	}
	return pop, nil
}

// mutate applies one operator: an effect operator or a structural one. It
// returns g itself when the operator changed nothing or failed.
func (e *engine) mutate(g *genome.Genome, r *rng.Source) (*genome.Genome, string) {
	var op operator
	switch r.IntN(4) {
	case 0:
		op = opAddEffect
	case 1:
		op = opMutateEffect
	default:
		op = structural[r.IntN(len(structural))]
	}
	return apply(g, op, r, e.cfg.Retries, e.ops[op.name]), op.name
}

// evaluate scores every individual of the generation and every member of
// the hall of fame on the generation's deals (all from one seed: common
// random numbers), folds each evaluation into the genome's running mean
// over the generations it was evaluated in, then computes shared fitness
// and the generation's summary. So an elite, a member of the hall or a
// child that repeats an earlier genome is judged again on fresh deals every
// generation, and a lucky first score does not stay unexamined.
func (e *engine) evaluate(ctx context.Context, pop []*Individual, gen int) (GenStats, error) {
	gs := GenStats{Gen: gen}
	seed := rng.Derive(e.cfg.Seed^streamEval, uint64(gen))
	done := map[genome.Hash]bool{}
	for _, ind := range slices.Concat(pop, e.hall) {
		if done[ind.Hash] {
			continue
		}
		done[ind.Hash] = true
		sc, _, err := Evaluate(ctx, ind.Genome, &e.cfg, seed)
		if err != nil {
			return gs, fmt.Errorf("genome %x: %w", ind.Hash[:4], err)
		}
		prev, seen := e.cache[ind.Hash]
		if seen {
			gs.Reevaluated++
		} else {
			gs.Evaluated++
		}
		e.cache[ind.Hash] = prev.merge(sc)
		gs.Games += sc.Games
	}
	for _, ind := range slices.Concat(pop, e.hall) {
		ind.Score = e.cache[ind.Hash]
	}
	for i := len(e.lineage) - 1; i >= 0 && e.lineage[i].Gen == gen; i-- {
		e.lineage[i].ChildFitness = e.cache[e.lineage[i].Child].Fitness
	}
	sortPop(e.hall)
	e.games += gs.Games
	sortPop(pop)
	fits := make([]float64, len(pop))
	for i, ind := range pop {
		fits[i] = ind.Score.Fitness
		gs.Mean += ind.Score.Fitness
	}
	gs.Best = fits[0]
	gs.BestHash = fmt.Sprintf("%x", pop[0].Hash[:6])
	gs.Mean /= float64(len(pop))
	slices.Sort(fits)
	gs.Median = median(fits)
	gs.Diversity = e.share(pop)
	return gs, nil
}

// share computes each individual's shared fitness, its fitness divided by
// its niche count (the sum of 1 - d/radius over the population within the
// sharing radius), and returns the mean pairwise distance. Distance is
// symmetric, bit for bit, so each pair is measured once.
func (e *engine) share(pop []*Individual) float64 {
	n := len(pop)
	d := make([]float64, n*n)
	dist := 0.0
	pairs := 0
	for i, a := range pop {
		for j := i + 1; j < n; j++ {
			x := genome.Distance(a.Genome, pop[j].Genome)
			d[i*n+j], d[j*n+i] = x, x
			dist += x
			pairs++
		}
	}
	for i, a := range pop {
		niche := 0.0
		for _, x := range d[i*n : (i+1)*n] {
			if e.cfg.Sharing > 0 && x < e.cfg.Sharing {
				niche += 1 - x/e.cfg.Sharing
			}
		}
		a.shared = a.Score.Fitness
		if niche > 0 {
			a.shared /= niche
		}
	}
	if pairs == 0 {
		return 0
	}
	return dist / float64(pairs)
}

// sortPop orders by fitness, best first; equal fitness by hash, so the
// order never depends on anything but the genomes.
func sortPop(pop []*Individual) { slices.SortStableFunc(pop, rank) }

// rank orders individuals as sortPop does: a before b when it is better.
func rank(a, b *Individual) int {
	if a.Score.Fitness != b.Score.Fitness {
		if a.Score.Fitness > b.Score.Fitness {
			return -1
		}
		return 1
	}
	return bytes.Compare(a.Hash[:], b.Hash[:])
}

// remember keeps the hall of fame: the best games ever scored, hallSize of
// them at most, best first, no two of the same hash and no two closer than
// Config.HallSpacing in genome distance, so that near-copies of one game
// (a game and itself with one more effect) take one place, not several.
// pop must be sorted best first (sortPop), and is visited in that order.
// An individual within the spacing of members of the hall joins it only if
// it is better than each of them, and then replaces them all; otherwise it
// stays out. So of two games too close together the hall keeps the
// better, and its members stay spaced.
func (e *engine) remember(pop []*Individual) {
	var near []int
	for _, ind := range pop {
		if len(e.hall) == hallSize && rank(ind, e.hall[hallSize-1]) > 0 {
			// Worse than every member of a full hall, as is the rest of
			// the population: none would stay, or displace a member.
			break
		}
		if ind.Score.Degenerate != "" || slices.ContainsFunc(e.hall, func(h *Individual) bool { return h.Hash == ind.Hash }) {
			// A degenerate game is no game to remember (a pruned game
			// can become one: an effect the ablation found dead may
			// have been what ended games under greedy play).
			continue
		}
		near = near[:0]
		admit := true
		for j, h := range e.hall {
			if genome.Distance(h.Genome, ind.Genome) < e.cfg.HallSpacing {
				if rank(h, ind) < 0 {
					admit = false
					break
				}
				near = append(near, j)
			}
		}
		if !admit {
			continue
		}
		hall := make([]*Individual, 0, len(e.hall)+1)
		for j, h := range e.hall {
			if !slices.Contains(near, j) {
				hall = append(hall, h)
			}
		}
		hall = append(hall, ind)
		sortPop(hall)
		e.hall = hall[:min(len(hall), hallSize)]
	}
}

// tournament picks the best of k random individuals by shared fitness.
func (e *engine) tournament(pop []*Individual, r *rng.Source) *Individual {
	best := pop[r.IntN(len(pop))]
	for range e.cfg.Tournament - 1 {
		c := pop[r.IntN(len(pop))]
		if c.shared > best.shared {
			best = c
		}
	}
	return best
}

// breedAttempts bounds breeding: a generation tries at most this many
// children per member of the population before it stops breeding.
const breedAttempts = 100

// breed makes generation gen: the elite unchanged, then offspring of
// tournament winners by crossover and mutation. Individual i draws from
// rng.Derive(rng.Derive(seed, gen), i) alone. A child that duplicates a
// genome already in the generation is mutated again, Retries times at
// most, and dropped if it still does. After breedAttempts times the
// population's size in attempts (children tried, counted whether kept or
// dropped), breeding stops and the rest of the generation is filled from
// the previous one: its best members not yet present, in order, then (for
// a population that repeats itself, which Run never makes) its members in
// order. filled counts the members filled in.
func (e *engine) breed(pop []*Individual, gen int) (next []*Individual, filled int) {
	next = make([]*Individual, 0, len(pop))
	seen := map[genome.Hash]bool{}
	for _, ind := range pop[:e.cfg.Elite] {
		next = append(next, ind)
		seen[ind.Hash] = true
	}
	next = e.offspring(next, seen, len(pop), gen, e.cfg.Elite, func(r *rng.Source) *Individual { return e.tournament(pop, r) })
	filled = len(pop) - len(next)
	for _, ind := range pop {
		if len(next) == len(pop) {
			break
		}
		if !seen[ind.Hash] {
			seen[ind.Hash] = true
			next = append(next, ind)
		}
	}
	for j := 0; len(next) < len(pop); j++ {
		next = append(next, pop[j%len(pop)])
	}
	return next, filled
}

// offspring breeds children into next until it holds n members or
// breedAttempts x n children were tried: child attempt k is individual
// first+k of generation gen, and draws from rng.Derive(rng.Derive(seed,
// gen), first+k) alone. pick selects a parent. A child whose genome seen
// holds is mutated again, Retries times at most, and dropped if it still
// is; seen gets every child kept.
func (e *engine) offspring(next []*Individual, seen map[genome.Hash]bool, n, gen, first int, pick func(r *rng.Source) *Individual) []*Individual {
	rt := e.cfg.Rates
	for attempt := 0; len(next) < n && attempt < breedAttempts*n; attempt++ {
		i := first + attempt
		r := rng.New(rng.Derive(rng.Derive(e.cfg.Seed^streamBreed, uint64(gen)), uint64(i)))
		a := pick(&r)
		g := a.Genome
		lin := Lineage{Gen: gen, Parents: []genome.Hash{a.Hash}, ParentFitness: a.Score.Fitness}
		did := func(ng *genome.Genome, name string) {
			if ng != g {
				lin.Operators = append(lin.Operators, name)
			}
			g = ng
		}
		if chance(&r, rt.Crossover) {
			b := pick(&r)
			lin.Parents = append(lin.Parents, b.Hash)
			if r.IntN(2) == 0 {
				did(e.cross(g, b.Genome, &r, "crossover", func(x, y *genome.Genome, r *rng.Source) *genome.Genome { return crossWhole(x, y, r) }), "crossover")
			} else {
				did(e.cross(g, b.Genome, &r, "effect_crossover", crossByRank), "effect_crossover")
			}
		}
		for _, op := range []struct {
			rate float64
			op   operator
		}{{rt.AddEffect, opAddEffect}, {rt.RemoveEffect, opRemoveEffect}, {rt.MutateEffect, opMutateEffect}} {
			if chance(&r, op.rate) {
				did(apply(g, op.op, &r, e.cfg.Retries, e.ops[op.op.name]), op.op.name)
			}
		}
		if chance(&r, rt.Structure) {
			op := structural[r.IntN(len(structural))]
			did(apply(g, op, &r, e.cfg.Retries, e.ops[op.name]), op.name)
		}
		for try := 0; try < e.cfg.Retries && seen[g.Canonical().Hash()]; try++ {
			did(e.mutate(g, &r))
		}
		ind, err := e.individual(g, a.Origin, gen)
		if err != nil || seen[ind.Hash] {
			continue
		}
		seen[ind.Hash] = true
		next = append(next, ind)
		lin.Child = ind.Hash
		e.lineage = append(e.lineage, lin)
	}
	return next
}

// cross applies a crossover with retries, counting it like an operator.
func (e *engine) cross(a, b *genome.Genome, r *rng.Source, name string, fn func(a, b *genome.Genome, r *rng.Source) *genome.Genome) *genome.Genome {
	st := e.ops[name]
	st.Applied++
	for attempt := range e.cfg.Retries {
		c := fn(a, b, r)
		if valid(c) {
			if attempt == 0 {
				st.FirstTry++
			}
			return c.Canonical()
		}
	}
	st.Failed++
	return a
}
