package evolve

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// streamIsland derives each island's seed from the run seed.
const streamIsland = 0x69736c6e64 // "islnd"

// IslandSeed is the seed island i of a run of seed evolves with: every
// draw of the island (its generation 0, breeding, deals, ablations)
// derives from it as a plain run's derive from the run seed.
func IslandSeed(seed uint64, i int) uint64 {
	return rng.Derive(seed^streamIsland, uint64(i))
}

// streamTopology derives a random topology's order at each migration.
const streamTopology = 0x746f706f // "topo"

// island is one subpopulation of an island run: its own engine (cache,
// hall of fame, operator counts, lineage) on its own seed, and its
// population of generation gen, scored or bred and waiting to be scored.
type island struct {
	index   int
	run     Config // the run's configuration: its seed, not the island's
	e       *engine
	pop     []*Individual
	gen     int
	scored  bool
	filled  int
	history []GenStats
	fits    [][]float64 // every generation's fitness of every member, ascending
}

// newIsland starts island i of a run of cfg from the seed games.
func newIsland(cfg Config, i int, seeds []*genome.Genome) (*island, error) {
	c := cfg
	c.Seed = IslandSeed(cfg.Seed, i)
	e := newEngine(c)
	pop, err := e.initial(seeds)
	if err != nil {
		return nil, err
	}
	return &island{index: i, run: cfg, e: e, pop: pop}, nil
}

// restoreIsland continues an island from its checkpoint, on workers.
func restoreIsland(cp *Checkpoint, workers int) (*island, error) {
	cfg := cp.Config
	cfg.Workers = workers
	c := cfg
	c.Seed = IslandSeed(cfg.Seed, cp.Island)
	e, err := restore(c, cp)
	if err != nil {
		return nil, fmt.Errorf("island %d: %w", cp.Island, err)
	}
	return &island{index: cp.Island, run: cfg, e: e, pop: cp.Population, gen: cp.Gen, scored: true,
		history: slices.Clone(cp.History), fits: slices.Clone(cp.Fits)}, nil
}

// checkpoint snapshots the island after its generation is scored: a
// checkpoint of the run's configuration, with the island's index and
// fitnesses.
func (is *island) checkpoint() *Checkpoint {
	cp := is.e.checkpoint(is.pop, is.gen, is.history)
	cp.Config, cp.Island, cp.Fits = is.run, is.index, slices.Clone(is.fits)
	if is.index != 0 {
		cp.Starts = nil // one copy of the run's starting games, island 0's
	}
	return cp
}

// advance scores the island's generations up to generation to (each
// next one bred from the last), calling save after each with its
// checkpoint; an island already scored at to does nothing. It stops with
// ErrInterrupted at a generation boundary when ctx is cancelled.
func (is *island) advance(ctx, work context.Context, to int, save func(*Checkpoint) error) error {
	for {
		if is.scored {
			if is.gen >= to {
				return nil
			}
			if ctx.Err() != nil {
				return ErrInterrupted
			}
			is.pop, is.filled = is.e.breed(is.pop, is.gen+1)
			is.gen++
			is.scored = false
		}
		gs, err := is.e.evaluate(work, is.pop, is.gen)
		if err != nil {
			return err
		}
		gs.Filled = is.filled
		is.history = append(is.history, gs)
		is.e.remember(is.pop)
		fits := make([]float64, len(is.pop))
		for i, ind := range is.pop {
			fits[i] = ind.Score.Fitness
		}
		slices.Sort(fits)
		is.fits = append(is.fits, fits)
		is.scored = true
		if save != nil {
			if err := save(is.checkpoint()); err != nil {
				return fmt.Errorf("checkpoint: %w", err)
			}
		}
	}
}

// receive takes in the emigrants of the island's source at the migration
// after its generation: from is the source's scored population, best
// first (see immigrate).
func (is *island) receive(from []*Individual, k int) {
	is.pop = immigrate(is.pop, from, k)
	is.e.share(is.pop)
}

// runIslands is Run for cfg.Islands > 1 (see the package doc).
func runIslands(ctx context.Context, cfg Config, seeds []*genome.Genome, opt Options) (*Result, error) {
	isl := make([]*island, cfg.Islands)
	for i := range isl {
		var err error
		if isl[i], err = newIsland(cfg, i, seeds); err != nil {
			return nil, err
		}
	}
	return islandsLoop(ctx, cfg, isl, opt)
}

// ResumeIslands continues a run of islands from every island's
// checkpoint (cps, island after island: what OpenRunDir reads) on
// workers, and ends with the result the uninterrupted run would have had.
// The checkpoints must be of one run and of one epoch, as a run of
// islands in one process leaves them.
func ResumeIslands(ctx context.Context, cps []*Checkpoint, workers int, opt Options) (*Result, error) {
	isl, err := restoreIslands(cps, workers, func(gen int) int { return epochEnd(gen, cps[0].Config.MigrateEvery) })
	if err != nil {
		return nil, err
	}
	cfg := cps[0].Config
	cfg.Workers = workers
	return islandsLoop(ctx, cfg, isl, opt)
}

// restoreIslands restores every island from its checkpoint, after
// checking that cps are the checkpoints of every island of one run, in
// order, whose generations have one key.
func restoreIslands(cps []*Checkpoint, workers int, key func(gen int) int) ([]*island, error) {
	if len(cps) == 0 {
		return nil, errors.New("no island checkpoints")
	}
	cfg := cps[0].Config
	cfg.Workers = 0
	id, err := IdentifyRun(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Islands != len(cps) {
		return nil, fmt.Errorf("%d island checkpoints of a run of %d islands", len(cps), cfg.Islands)
	}
	isl := make([]*island, len(cps))
	for i, cp := range cps {
		c := cp.Config
		c.Workers = 0
		if other, err := IdentifyRun(c); err != nil || other != id {
			return nil, fmt.Errorf("island %d's checkpoint is of another run than island 0's", i)
		}
		if cp.Island != i {
			return nil, fmt.Errorf("the checkpoint of island %d is in island %d's place", cp.Island, i)
		}
		if key(cp.Gen) != key(cps[0].Gen) {
			return nil, fmt.Errorf("island %d's checkpoint is of generation %d and island 0's of %d: they are not of one epoch, as a run of islands leaves them", i, cp.Gen, cps[0].Gen)
		}
		if isl[i], err = restoreIsland(cp, workers); err != nil {
			return nil, err
		}
	}
	return isl, nil
}

// islandsLoop runs the islands in one process to the run's end (see the
// package doc): each epoch, the islands advance to its last generation,
// in parallel on the run's workers; at the end of each epoch but the
// last, they migrate (every island sends before any receives). Every
// island's draws derive from its own seed, and the islands meet only at
// the epoch's end, so the result depends on the configuration alone, not
// on the workers or on how many islands run at once.
func islandsLoop(ctx context.Context, cfg Config, isl []*island, opt Options) (*Result, error) {
	parallel := spread(isl, cfg.Workers)
	work := context.WithoutCancel(ctx)
	var mu sync.Mutex // the hook is called by one island at a time
	save := func(cp *Checkpoint) error {
		if opt.Checkpoint == nil {
			return nil
		}
		mu.Lock()
		defer mu.Unlock()
		return opt.Checkpoint(cp)
	}
	lo := isl[0].gen // the generation every island has reached
	for _, is := range isl {
		lo = min(lo, is.gen)
	}
	reported := lo // the combined lines reported before
	if !isl[0].scored {
		reported = -1 // a new run: nothing scored yet
	}
	for to := min(epochEnd(lo, cfg.MigrateEvery), cfg.Generations); ; to = min(epochEnd(to+1, cfg.MigrateEvery), cfg.Generations) {
		err := forIslands(isl, parallel, func(_ int, is *island) error {
			return is.advance(ctx, work, to, save)
		})
		if err != nil {
			return nil, err
		}
		for gen := reported + 1; gen <= to; gen++ {
			if opt.Progress != nil {
				opt.Progress(combineStats(isl, gen))
			}
		}
		reported = to
		if to == cfg.Generations {
			break
		}
		if ctx.Err() != nil {
			return nil, ErrInterrupted
		}
		pops := make([][]*Individual, len(isl))
		for i, is := range isl {
			pops[i] = is.pop
		}
		src := migrationSources(&cfg, to)
		for i, is := range isl {
			is.receive(pops[src[i]], cfg.Migrants)
		}
	}
	return finishIslands(ctx, cfg, isl, parallel)
}

// islandWorkers is the fewest workers an island is given before islands
// run at once: an island's evaluations share their games among its
// workers, which keeps every core busy to the end of each generation,
// while islands run at once wait for the slowest at every migration. On
// 2 cores, islands one at a time on both workers ran a run of four 1.78
// times as fast as on one worker, and two at a time, one worker each,
// 1.59 times (bench/RESULTS.md).
const islandWorkers = 8

// spread shares workers (0: GOMAXPROCS) among the islands: it returns how
// many islands run at once (one per islandWorkers workers, at least one),
// and gives each island's engine its share.
func spread(isl []*island, workers int) int {
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	parallel := max(1, min(len(isl), workers/islandWorkers))
	for _, is := range isl {
		is.e.cfg.Workers = max(1, workers/parallel)
	}
	return parallel
}

// epochEnd is the last generation of the epoch that holds generation
// from: the first multiple of every (not 0) at or after it.
func epochEnd(from, every int) int {
	return max(1, (from+every-1)/every) * every
}

// migrationSources lists, for the migration after generation gen, the
// island each island receives from: along the ring, island i-1 (mod n);
// in a random topology, its predecessor on a ring in a random order drawn
// from the run seed and gen alone, so that every island sends once and
// receives once, never from itself.
func migrationSources(cfg *Config, gen int) []int {
	n := cfg.Islands
	src := make([]int, n)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if cfg.Topology == TopologyRandom {
		r := rng.New(rng.Derive(cfg.Seed^streamTopology, uint64(gen)))
		for i := n - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			order[i], order[j] = order[j], order[i]
		}
	}
	for j, i := range order {
		src[i] = order[(j+n-1)%n]
	}
	return src
}

// forIslands calls fn for every island, at most parallel at once, and
// returns the first error in island order (ErrInterrupted only when no
// island failed otherwise).
func forIslands(isl []*island, parallel int, fn func(i int, is *island) error) error {
	errs := make([]error, len(isl))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, is := range isl {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			errs[i] = fn(i, is)
		})
	}
	wg.Wait()
	var stop error
	for i, err := range errs {
		switch {
		case errors.Is(err, ErrInterrupted):
			stop = err
		case err != nil:
			return fmt.Errorf("island %d: %w", i, err)
		}
	}
	return stop
}

// combineStats is the run's line for generation gen, which every island
// has scored: best, mean and median over every member of every
// island, its best's hash (equal best fitness: the smaller hash), the
// islands' mean diversity, and their counts summed.
func combineStats(isl []*island, gen int) GenStats {
	out := GenStats{Gen: gen}
	var all []float64
	div := 0.0
	for i, is := range isl {
		gs := is.history[gen]
		if i == 0 || gs.Best > out.Best || gs.Best == out.Best && gs.BestHash < out.BestHash {
			out.Best, out.BestHash = gs.Best, gs.BestHash
		}
		div += gs.Diversity
		out.Evaluated += gs.Evaluated
		out.Reevaluated += gs.Reevaluated
		out.Games += gs.Games
		out.Filled += gs.Filled
		all = append(all, is.fits[gen]...)
	}
	for _, f := range all {
		out.Mean += f
	}
	out.Mean /= float64(len(all))
	slices.Sort(all)
	out.Median = median(all)
	out.Diversity = div / float64(len(isl))
	return out
}

// immigrate is one island's part of a migration: pop is its scored
// population and from its source's, each best first. Copies of the best k
// of from (by rank, as sortPop orders) take the places of pop's k worst
// members, never of its elite (k is at most the population less the
// elite); a migrant whose genome pop keeps already is not taken, and the
// best of pop's k worst fill the places left. The new population is
// sorted best first; pop and from are not changed, and with k <= 0 a
// copy of pop comes back.
func immigrate(pop, from []*Individual, k int) []*Individual {
	k = min(k, len(pop), len(from))
	if k <= 0 {
		return slices.Clone(pop)
	}
	worst := pop[len(pop)-k:]
	next := slices.Clone(pop[:len(pop)-k])
	seen := map[genome.Hash]bool{}
	for _, ind := range next {
		seen[ind.Hash] = true
	}
	for _, m := range from[:k] {
		if !seen[m.Hash] {
			seen[m.Hash] = true
			next = append(next, emigrant(m))
		}
	}
	for _, w := range worst {
		if len(next) < len(pop) && !seen[w.Hash] {
			seen[w.Hash] = true
			next = append(next, w)
		}
	}
	for j := 0; len(next) < len(pop); j++ {
		next = append(next, worst[j%k]) // a population that repeats itself
	}
	sortPop(next)
	return next
}

// emigrant copies ind for another island, which scores, shares and
// breeds it on its own: no two islands share an *Individual or a genome.
func emigrant(ind *Individual) *Individual {
	c := *ind
	c.Genome = ind.Genome.Clone()
	c.Code = slices.Clone(ind.Code)
	return &c
}

// finishIslands ends an island run: each island's hall of fame loses its
// dead effects (engine.finish, on the island's seed), then the run's hall
// is made from every island's, best first, with its spacing (one place
// per genome: of two islands' scores of one genome, the better). The
// result's population is every island's last, best first; its history the
// combined lines, Islands each island's; the operator counts, games and
// lineage (island after island) are summed over the islands.
func finishIslands(ctx context.Context, cfg Config, isl []*island, parallel int) (*Result, error) {
	results := make([]*Result, len(isl))
	err := forIslands(isl, parallel, func(i int, is *island) error {
		var err error
		results[i], err = is.e.finish(ctx, is.pop, is.history)
		return err
	})
	if err != nil {
		return nil, err
	}
	merged := newEngine(cfg)
	var pop, hall []*Individual
	res := &Result{Config: cfg, Starts: isl[0].e.starts}
	for gen := range cfg.Generations + 1 {
		res.History = append(res.History, combineStats(isl, gen))
	}
	for _, r := range results {
		pop = append(pop, r.Population...)
		hall = append(hall, r.Hall...)
		res.Islands = append(res.Islands, r.History)
		res.Games += r.Games
		res.Lineage = append(res.Lineage, r.Lineage...)
		for _, o := range r.Ops {
			st := merged.ops[o.Name]
			st.Applied += o.Applied
			st.FirstTry += o.FirstTry
			st.Failed += o.Failed
		}
	}
	sortPop(pop)
	sortPop(hall)
	merged.remember(hall)
	res.Population, res.Hall = pop, merged.hall
	for _, name := range OperatorNames() {
		res.Ops = append(res.Ops, *merged.ops[name])
	}
	return res, nil
}

// islandRows is islands.csv: generations.csv's columns after the island's
// index, a row per island and generation, island after island.
func islandRows(islands [][]GenStats) [][]string {
	var rows [][]string
	for i, h := range islands {
		gen := generationRows(h, false)
		if i == 0 {
			rows = append(rows, append([]string{"island"}, gen[0]...))
		}
		for _, row := range gen[1:] {
			rows = append(rows, append([]string{strconv.Itoa(i)}, row...))
		}
	}
	return rows
}
