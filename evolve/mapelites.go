package evolve

import (
	"context"
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// qdGeneration scores a generation's batch on the generation's deals and
// offers each child to the archive, in batch order. Before a child is
// compared with the elite of its cell, that elite is evaluated again on
// the same deals (once a generation), its score becoming the running mean
// of its evaluations, and offered again: a lucky score does not hold a
// cell, and the child and the elite are compared on equal deals.
func (e *engine) qdGeneration(ctx context.Context, batch []*Individual, gen int) (GenStats, error) {
	gs := GenStats{Gen: gen}
	seed := rng.Derive(e.cfg.Seed^streamEval, uint64(gen))
	done := map[genome.Hash]bool{}
	score := func(ind *Individual) error {
		if done[ind.Hash] {
			ind.Score = e.cache[ind.Hash]
			return nil
		}
		done[ind.Hash] = true
		sc, _, err := Evaluate(ctx, ind.Genome, &e.cfg, seed)
		if err != nil {
			return fmt.Errorf("genome %x: %w", ind.Hash[:4], err)
		}
		prev, seen := e.cache[ind.Hash]
		if seen {
			gs.Reevaluated++
		} else {
			gs.Evaluated++
		}
		e.cache[ind.Hash] = prev.merge(sc)
		ind.Score = e.cache[ind.Hash]
		gs.Games += sc.Games
		return nil
	}
	for _, ind := range batch {
		if err := score(ind); err != nil {
			return gs, err
		}
	}
	for i := len(e.lineage) - 1; i >= 0 && e.lineage[i].Gen == gen; i-- {
		e.lineage[i].ChildFitness = e.cache[e.lineage[i].Child].Fitness
	}
	for _, ind := range batch {
		ind.Score = e.cache[ind.Hash]
		if inc := e.archive.Elite(CellOf(Describe(ind))); inc != nil && inc.Hash != ind.Hash {
			// Evaluated now, or already this generation (as a child of
			// the batch too, say): either way the elite is offered again
			// with its running mean before the child is compared with it.
			if err := score(inc); err != nil {
				return gs, err
			}
			e.archive.Offer(inc)
		}
		e.archive.Offer(ind)
	}
	e.games += gs.Games
	sortPop(batch)
	elites := e.archive.Elites()
	sortPop(elites)
	fits := make([]float64, len(elites))
	for i, ind := range elites {
		fits[i] = ind.Score.Fitness
		gs.Mean += ind.Score.Fitness
		gs.QDScore += ind.Score.Fitness
	}
	gs.Coverage = len(elites)
	if len(elites) == 0 {
		return gs, nil
	}
	gs.Best, gs.BestHash = fits[0], fmt.Sprintf("%x", elites[0].Hash[:6])
	gs.Mean /= float64(len(elites))
	gs.Median = median(fits)
	gs.Diversity = e.share(batch)
	return gs, nil
}

// median returns the median of xs, sorted in either direction.
func median(xs []float64) float64 {
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// qdBreed makes the batch of generation gen: Population children, each
// from parents drawn uniformly from the archive's elites (in cell order),
// by the genetic loop's crossover and operators (offspring), distinct
// within the batch and from every elite: a child that repeats an elite
// (its parent, when no operator fired) is varied again, Retries times at
// most, as a duplicate is in the genetic loop, so that every child
// explores. Breeding stops at offspring's bound of attempts; a batch can
// then be smaller.
func (e *engine) qdBreed(gen int) []*Individual {
	elites := e.archive.Elites()
	seen := make(map[genome.Hash]bool, len(elites))
	for _, ind := range elites {
		seen[ind.Hash] = true
	}
	return e.offspring(nil, seen, e.cfg.Population, gen, 0, func(r *rng.Source) *Individual {
		return elites[r.IntN(len(elites))]
	})
}

// qdFinish ends a MAP-Elites run: every elite without its dead effects
// (pruned, as the genetic loop's hall is), the archive rebuilt from them
// (the elites that lost no effect first, in their cells; then each pruned
// one, scored afresh, offered to the cell its new score puts it in), and
// the hall of fame made from the archive's elites, best first.
func (e *engine) qdFinish(ctx context.Context, batch []*Individual, history []GenStats) (*Result, error) {
	ctx = context.WithoutCancel(ctx)
	seed := rng.Derive(e.cfg.Seed^streamEval, uint64(e.cfg.Generations+1))
	a := NewArchive()
	var changed []*Individual
	for _, ind := range e.archive.Elites() {
		p, err := e.pruned(ctx, ind, seed)
		if err != nil {
			return nil, err
		}
		if p == ind {
			a.Offer(ind)
		} else {
			changed = append(changed, p)
		}
	}
	for _, ind := range changed {
		a.Offer(ind)
	}
	e.archive = a
	elites := a.Elites()
	best := slices.Clone(elites)
	sortPop(best)
	e.hall = nil
	e.remember(best)
	res := e.result(batch, history)
	res.Archive = elites
	return res, nil
}
