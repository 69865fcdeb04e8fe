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

// island is one subpopulation of an island run: its own engine (cache,
// hall of fame, operator counts, lineage) on its own seed, and the
// population it scores next or scored last.
type island struct {
	e       *engine
	pop     []*Individual
	filled  int
	history []GenStats
	fits    [][]float64 // each generation of the epoch: the fitness of every member, ascending
}

// runIslands is Run for cfg.Islands > 1 (see the package doc): the islands
// evolve independently for an epoch (up to generation MigrateEvery, then
// each next multiple of it), in parallel on the run's workers; at the end
// of each epoch but the last, migrate sends each island's best Migrants to
// the next island along the ring. Every island's draws derive from its
// own seed (IslandSeed), and the islands meet only at the epoch's end, so
// the result depends on the configuration alone, not on the workers or on
// how many islands run at once.
func runIslands(ctx context.Context, cfg Config, seeds []*genome.Genome, opt Options) (*Result, error) {
	n := cfg.Islands
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	parallel := min(n, workers)
	isl := make([]*island, n)
	for i := range isl {
		c := cfg
		c.Seed = IslandSeed(cfg.Seed, i)
		c.Workers = max(1, workers/parallel)
		e := newEngine(c)
		pop, err := e.initial(seeds)
		if err != nil {
			return nil, err
		}
		isl[i] = &island{e: e, pop: pop}
	}
	work := context.WithoutCancel(ctx)
	var history []GenStats
	for from := 0; ; {
		to := min(epochEnd(from, cfg.MigrateEvery), cfg.Generations)
		err := forIslands(isl, parallel, func(_ int, is *island) error {
			return is.epoch(ctx, work, from, to)
		})
		if err != nil {
			return nil, err
		}
		for gen := from; gen <= to; gen++ {
			gs := combineStats(isl, gen, gen-from)
			history = append(history, gs)
			if opt.Progress != nil {
				opt.Progress(gs)
			}
		}
		if to == cfg.Generations {
			break
		}
		if ctx.Err() != nil {
			return nil, ErrInterrupted
		}
		pops := make([][]*Individual, n)
		for i, is := range isl {
			pops[i] = is.pop
		}
		for i, pop := range migrate(pops, cfg.Migrants) {
			isl[i].e.share(pop)
			isl[i].pop, isl[i].filled = isl[i].e.breed(pop, to+1)
		}
		from = to + 1
	}
	return finishIslands(ctx, cfg, isl, history, parallel)
}

// epochEnd is the last generation of the epoch that starts at generation
// from: the first multiple of every (not 0) at or after it.
func epochEnd(from, every int) int {
	return max(1, (from+every-1)/every) * every
}

// epoch scores generations from to to of the island, breeding each next
// one from the last; the population to breed from after it is is.pop. It
// stops with ErrInterrupted at a generation boundary when ctx is
// cancelled (an island run is not resumed, so its state is dropped).
func (is *island) epoch(ctx, work context.Context, from, to int) error {
	is.fits = is.fits[:0]
	for gen := from; ; gen++ {
		gs, err := is.e.evaluate(work, is.pop, gen)
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
		if gen == to {
			return nil
		}
		if ctx.Err() != nil {
			return ErrInterrupted
		}
		is.pop, is.filled = is.e.breed(is.pop, gen+1)
	}
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

// combineStats is the run's line for generation gen, the k-th of the
// epoch just scored: best, mean and median over every member of every
// island, its best's hash (equal best fitness: the smaller hash), the
// islands' mean diversity, and their counts summed.
func combineStats(isl []*island, gen, k int) GenStats {
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
		all = append(all, is.fits[k]...)
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

// migrate is the migration at the end of an epoch: pops are the islands'
// scored populations, each best first. Island i sends copies of its best k
// (by rank, as sortPop orders) to island (i+1) mod n, where they take the
// places of its k worst members, never of its elite (k is at most the
// population less the elite); a migrant whose genome the receiver keeps
// already is not sent again, and the receiver's best of its k worst fill
// the places left. Every island sends what it held before any received,
// and each new population is sorted best first, so the result depends on
// pops and k alone. pops is not changed; with fewer than two islands or k
// = 0 the populations come back as they were.
func migrate(pops [][]*Individual, k int) [][]*Individual {
	n := len(pops)
	out := make([][]*Individual, n)
	for i, pop := range pops {
		out[i] = slices.Clone(pop)
	}
	if n < 2 || k <= 0 {
		return out
	}
	for i, pop := range pops {
		from := pops[(i+n-1)%n]
		k := min(k, len(pop), len(from))
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
		out[i] = next
	}
	return out
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
func finishIslands(ctx context.Context, cfg Config, isl []*island, history []GenStats, parallel int) (*Result, error) {
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
	res := &Result{Config: cfg, History: history, Starts: isl[0].e.starts}
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
