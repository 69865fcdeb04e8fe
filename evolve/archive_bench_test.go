package evolve

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// BenchmarkArchive measures MAP-Elites' bookkeeping for one generation
// of a default run, against an archive of 300 elites: a batch of 100
// scored children offered to the archive (each placed by its descriptors
// and compared with its cell's elite), then the archive's elites listed,
// ranked and summed, as qdGeneration does. The individuals are the seed
// games with distinct hashes and random descriptors. The cost is
// compared with the bench package's BenchmarkGeneration, the evaluation of
// 100 genomes, in bench/RESULTS.md: it must stay under 1% of it.
func BenchmarkArchive(b *testing.B) {
	seeds := genome.Seeds()
	r := rng.New(1)
	unit := func() float64 { return float64(r.IntN(1<<20)) / (1 << 20) }
	inds := make([]*Individual, 400)
	for i := range inds {
		ind := &Individual{Genome: seeds[i%len(seeds)]}
		ind.Hash[0], ind.Hash[1] = byte(i), byte(i>>8)
		ind.Score.Fitness = unit()
		ind.Score.PerSeat = 64 * unit()
		ind.Score.Metrics.Skill = unit()
		ind.Score.Metrics.Interaction = unit()
		inds[i] = ind
	}
	a := NewArchive()
	for _, ind := range inds[:300] {
		a.Offer(ind)
	}
	batch := inds[300:]
	b.ReportAllocs()
	for b.Loop() {
		for _, ind := range batch {
			a.Offer(ind)
		}
		elites := a.Elites()
		sortPop(elites)
		_ = a.QDScore()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/generation")
}
