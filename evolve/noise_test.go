package evolve

import (
	"context"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// TestRunningMeansAndPrunedHall: genomes that stay are evaluated again
// every generation (their score is a running mean whose count grows), and
// no game of the final hall of fame has a dead effect.
func TestRunningMeansAndPrunedHall(t *testing.T) {
	cfg := testConfig()
	res, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	again := 0
	for _, g := range res.History[1:] {
		again += g.Reevaluated
	}
	if again == 0 {
		t.Error("no genome was evaluated again in a later generation")
	}
	most := 0
	for _, ind := range res.Population {
		most = max(most, ind.Score.Evals)
		if ind.Score.Evals < 1 || ind.Score.Evals > cfg.Generations+2 {
			t.Errorf("genome %x: %d evaluations in a run of %d generations", ind.Hash[:4], ind.Score.Evals, cfg.Generations)
		}
	}
	if most < 2 {
		t.Errorf("the last generation's best-kept genome has %d evaluations; elites carry over and are evaluated again", most)
	}
	for _, h := range res.Hall {
		imps, err := Ablate(context.Background(), h.Genome, 0, cfg.AblationGames, 2, rng.Derive(cfg.Seed^streamAblate, h.Hash.Short()))
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range imps {
			if im.Dead {
				t.Errorf("hall member %x keeps dead effect %v", h.Hash[:4], im.Effect)
			}
		}
	}
}

// TestBestIsByRescore: the winner is the hall member with the best mean
// after the final re-score, not the luckiest score of the run.
func TestBestIsByRescore(t *testing.T) {
	a := &Individual{Hash: genome.Hash{1}, Score: Score{Fitness: 0.9}}
	b := &Individual{Hash: genome.Hash{2}, Score: Score{Fitness: 0.8}}
	res := &Result{Hall: []*Individual{a, b}}
	if got := Best(res, nil); got != a {
		t.Errorf("without a re-score the winner is the hall's first")
	}
	rs := []Rescored{{Hash: a.Hash, Mean: 0.70}, {Hash: b.Hash, Mean: 0.75}, {Hash: genome.Hash{3}, Mean: 0.99}}
	if got := Best(res, rs); got != b {
		t.Errorf("winner %x, want the better re-scored member %x (a game outside the hall never wins)", got.Hash[:1], b.Hash[:1])
	}
}

// TestLineage: every child bred in a generation has its lineage (its
// parents, the operators that changed it, and the fitness before and
// after), and nothing else has.
func TestLineage(t *testing.T) {
	cfg := testConfig()
	res, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	known := OperatorNames()
	children := map[genome.Hash]Lineage{}
	for _, l := range res.Lineage {
		if l.Gen < 1 || l.Gen > cfg.Generations || len(l.Parents) < 1 || len(l.Parents) > 2 {
			t.Fatalf("lineage %+v", l)
		}
		for _, op := range l.Operators {
			if !slices.Contains(known, op) {
				t.Errorf("lineage names unknown operator %q", op)
			}
		}
		if l.Gen == cfg.Generations {
			children[l.Child] = l
		}
	}
	bred := 0
	for _, ind := range res.Population {
		if ind.Born != cfg.Generations {
			continue
		}
		bred++
		l, ok := children[ind.Hash]
		if !ok {
			t.Errorf("genome %x was bred in the last generation but has no lineage", ind.Hash[:4])
			continue
		}
		if ind.Score.Evals == 1 && l.ChildFitness != ind.Score.Fitness {
			t.Errorf("genome %x: lineage says fitness %.4f after, its score is %.4f", ind.Hash[:4], l.ChildFitness, ind.Score.Fitness)
		}
	}
	if bred == 0 || len(children) != bred {
		t.Errorf("%d children bred in the last generation, %d lineage entries for it", bred, len(children))
	}
}

// TestRunDuplicateSeeds: a seed given twice starts the run once.
func TestRunDuplicateSeeds(t *testing.T) {
	war, err := genome.Seed("war")
	if err != nil {
		t.Fatal(err)
	}
	ce, err := genome.Seed("crazy-eights")
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Generations = 1
	if _, err := Run(context.Background(), cfg, []*genome.Genome{war, war, ce, war}, Options{}); err != nil {
		t.Fatal(err)
	}
}
