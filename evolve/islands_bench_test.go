package evolve

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
)

// migrationIslands makes the islands of a default-sized run of four
// islands (population 100, 2 migrants) as they stand at a migration after
// generation 25 of 50: generation 0's populations with distinct made-up
// fitnesses, best first, and 26 generations of history and fitnesses (what
// an emigrant file carries).
func migrationIslands(b *testing.B) (Config, []*island) {
	cfg, err := Preset("default")
	if err != nil {
		b.Fatal(err)
	}
	cfg.Islands, cfg.MigrateEvery, cfg.Migrants, cfg.Workers = 4, DefaultMigrateEvery, DefaultMigrants, 1
	const gen = 25
	isl := make([]*island, cfg.Islands)
	for i := range isl {
		is, err := newIsland(cfg, i, genome.Seeds())
		if err != nil {
			b.Fatal(err)
		}
		for j, ind := range is.pop {
			ind.Score = Score{Fitness: float64((j*7919+i*104729)%1000) / 1000, Evals: 1}
		}
		sortPop(is.pop)
		fits := make([]float64, len(is.pop))
		for j, ind := range is.pop {
			fits[j] = ind.Score.Fitness
		}
		slices.Sort(fits)
		for g := range gen + 1 {
			is.history = append(is.history, GenStats{Gen: g, Best: fits[len(fits)-1], BestHash: "0123456789ab"})
			is.fits = append(is.fits, fits)
		}
		is.gen, is.scored = gen, true
		isl[i] = is
	}
	return cfg, isl
}

// BenchmarkMigration measures what a migration costs a default-sized run
// of four islands, against what the epoch it ends costs (in
// bench/RESULTS.md: an epoch is 5 generations, each of them 100 genomes'
// evaluations per island; the target is under 1%):
//
//   - in-process: the migration of a run in one process, all four islands
//     (each receives its source's best, then its shared fitness is
//     computed again);
//   - files, per island: what one island run as a process of its own does
//     at a migration: write its emigrant file (encode, write, sync,
//     rename), wait at the barrier (the other islands' files are there),
//     read and decode its source's file, and receive.
func BenchmarkMigration(b *testing.B) {
	b.Run("in-process", func(b *testing.B) {
		cfg, isl := migrationIslands(b)
		pops := make([][]*Individual, len(isl))
		for i, is := range isl {
			pops[i] = is.pop
		}
		b.ReportAllocs()
		for b.Loop() {
			src := migrationSources(&cfg, 25)
			for i, is := range isl {
				is.pop = pops[i]
				is.receive(pops[src[i]], cfg.Migrants)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/epoch")
	})
	b.Run("files-per-island", func(b *testing.B) {
		cfg, isl := migrationIslands(b)
		x := &Exchange{Dir: b.TempDir(), Poll: 1}
		for _, is := range isl[1:] {
			if err := x.publish(is); err != nil {
				b.Fatal(err)
			}
		}
		is := isl[0]
		pop := is.pop
		var size int64
		b.ReportAllocs()
		for b.Loop() {
			is.pop = pop
			if err := x.publish(is); err != nil {
				b.Fatal(err)
			}
			from, err := x.await(context.Background(), &cfg, 0, 25, migrationSources(&cfg, 25)[0])
			if err != nil {
				b.Fatal(err)
			}
			is.receive(from, cfg.Migrants)
		}
		b.StopTimer()
		if fi, err := os.Stat(x.emigrantFile(25, 0)); err == nil {
			size = fi.Size()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/epoch")
		b.ReportMetric(float64(size)/1024, "KiB/file")
	})
}

// BenchmarkIslandsScaling runs a small run of four islands on one and on
// two workers: with two, two islands evolve at once, each on one worker.
// Its games/s at workers=2 over workers=1 is read against the spin-loop
// calibration (bench package, BenchmarkSpin): the target is at least 0.9 x
// the speed-up the cores allow.
func BenchmarkIslandsScaling(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			cfg, err := Preset("quick")
			if err != nil {
				b.Fatal(err)
			}
			cfg.Islands, cfg.MigrateEvery, cfg.Migrants = 4, 1, 2
			cfg.Population, cfg.Generations, cfg.AblationGames, cfg.Workers = 24, 3, 500, w
			var games uint64
			for b.Loop() {
				res, err := Run(context.Background(), cfg, genome.Seeds(), Options{})
				if err != nil {
					b.Fatal(err)
				}
				games += res.Games
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
