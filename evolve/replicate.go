package evolve

import (
	"context"
	"math"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Replicates is the number of independent evaluations behind a fitness
// with a confidence interval.
const Replicates = 10

// Replicate scores g in Replicates independent evaluations, replicate k
// from rng.Derive(seed, k), and returns the mean fitness with its 95%
// t-interval, the first replicate's metrics and its breakdown by seat
// count. seats restricts the evaluation to one seat count (0: every seat
// count the rules allow).
func Replicate(ctx context.Context, cfg Config, g *genome.Genome, seed uint64, seats int) (*Rescored, error) {
	c := g.Canonical()
	rs := &Rescored{Hash: c.Hash(), Genome: c}
	for k := range Replicates {
		sc, bySeats, err := evaluateSeats(ctx, c, &cfg, rng.Derive(seed, uint64(k)), seats)
		if err != nil {
			return nil, err
		}
		if k == 0 {
			rs.Metrics, rs.Degenerate, rs.Seats = sc.Metrics, sc.Degenerate, bySeats
		}
		rs.Reps = append(rs.Reps, sc.Fitness)
		if sc.Degenerate != "" {
			rs.Degenerates++
		}
	}
	mean, ss := 0.0, 0.0
	for _, f := range rs.Reps {
		mean += f
	}
	mean /= Replicates
	for _, f := range rs.Reps {
		d := f - mean
		ss += float64(d * d)
	}
	sd := math.Sqrt(ss / (Replicates - 1))
	half := 2.262 * sd / math.Sqrt(Replicates) // t(0.975, 9 df)
	rs.Mean, rs.Lo, rs.Hi = mean, mean-half, mean+half
	return rs, nil
}

// Rescored is a genome re-scored at the end of a run on fresh seeds, as
// replicates so that its fitness has a confidence interval.
type Rescored struct {
	Name    string
	Hash    genome.Hash
	Genome  *genome.Genome
	Mean    float64 // mean fitness over the replicates
	Lo, Hi  float64 // 95% confidence interval of the mean
	Metrics Metrics // of the first replicate
	// Degenerate and Seats are the first replicate's reason and
	// breakdown by seat count.
	Degenerate string
	Seats      []SeatScore
	Reps       []float64
	// Degenerates counts the replicates in which the game was degenerate.
	Degenerates int
}

// Rescore evaluates each genome in 10 replicates of cfg.Games games (ten
// times the games of a normal evaluation) on seeds no evaluation used.
func Rescore(ctx context.Context, cfg Config, names []string, gs []*genome.Genome) ([]Rescored, error) {
	var out []Rescored
	for i, g := range gs {
		h := g.Canonical().Hash()
		rs, err := Replicate(ctx, cfg, g, rng.Derive(cfg.Seed^streamRescore, h.Short()), 0)
		if err != nil {
			return nil, err
		}
		rs.Name = names[i]
		out = append(out, *rs)
	}
	return out, nil
}
