package evolve

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// TestDefaultRuns (make soak only: a few minutes) runs the default preset
// from seeds 11 and 12 and checks what the fitness promises of its hall of
// fame: every game ends before the cap in at least 99% of 10,000 games per
// policy at every seat count it allows; none keeps a dead effect; the games
// are pairwise at least HallSpacing apart; the winner's in-run fitness is
// within the confidence interval of its re-score; and at least one of the
// two winners carries effects.
func TestDefaultRuns(t *testing.T) {
	if os.Getenv("SOAK") == "" {
		t.Skip("SOAK=1 (make soak) runs the default preset twice")
	}
	ctx := context.Background()
	withEffects := 0
	for _, seed := range []uint64{11, 12} {
		cfg, _ := Preset("default")
		cfg.Seed = seed
		res, err := Run(ctx, cfg, genome.Seeds(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		var gs []*genome.Genome
		for i, h := range res.Hall {
			if i < cfg.Rescore {
				names = append(names, "hall")
				gs = append(gs, h.Genome)
			}
		}
		rescored, err := Rescore(ctx, cfg, names, gs)
		if err != nil {
			t.Fatal(err)
		}
		winner := Best(res, rescored)
		for _, r := range rescored {
			if r.Hash == winner.Hash {
				half := (r.Hi - r.Lo) / 2
				if d := math.Abs(winner.Score.Fitness - r.Mean); d > half {
					t.Errorf("seed %d: winner %x scored %.4f in the run, %.4f [%.4f, %.4f] re-scored", seed, winner.Hash[:4], winner.Score.Fitness, r.Mean, r.Lo, r.Hi)
				}
			}
		}
		if len(winner.Genome.Effects) > 0 {
			withEffects++
		}
		for i, h := range res.Hall {
			for _, o := range res.Hall[i+1:] {
				if d := genome.Distance(h.Genome, o.Genome); d < cfg.HallSpacing {
					t.Errorf("seed %d: hall members %x and %x are %.3f apart", seed, h.Hash[:4], o.Hash[:4], d)
				}
			}
			imps, err := Ablate(ctx, h.Genome, 0, cfg.AblationGames, 0, rng.Derive(cfg.Seed^streamAblate, h.Hash.Short()))
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range imps {
				if im.Dead {
					t.Errorf("seed %d: hall member %x keeps dead effect %v", seed, h.Hash[:4], im.Effect)
				}
			}
			code, err := compile.Compile(h.Genome)
			if err != nil {
				t.Fatal(err)
			}
			p, err := vm.Load(code)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := p.SeatRange()
			for n := lo; n <= hi; n++ {
				for _, pol := range []vm.Policy{vm.Random, vm.Greedy} {
					st, err := vm.Batch(ctx, p, vm.BatchConfig{Games: 10000, Seats: n, Policies: []vm.Policy{pol}, Seed: rng.Derive(seed, uint64(n))})
					if err != nil {
						t.Fatal(err)
					}
					if ended := float64(st.Decided()) / float64(st.Games); ended < 0.99 {
						t.Errorf("seed %d: hall member %x ends before the cap in %.1f%% of %s games at %d seats", seed, h.Hash[:4], 100*ended, pol, n)
					}
				}
			}
		}
	}
	if withEffects == 0 {
		t.Error("neither winner carries an effect")
	}
}
