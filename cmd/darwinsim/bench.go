package main

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/native"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// benchReport is bench's --json document. Its figures vary from run to
// run and machine to machine.
type benchReport struct {
	Format  int     `json:"format"`
	OS      string  `json:"os"`
	Arch    string  `json:"arch"`
	Cores   int     `json:"cores"`
	Go      string  `json:"go"`
	Seed    uint64  `json:"seed"`
	Workers int     `json:"workers"`
	Seconds float64 `json:"seconds"`
	// SpinSpeedup is the spin loop's speed-up on Workers workers: the best
	// a batch can get on this machine.
	SpinSpeedup float64     `json:"spin_speedup"`
	Games       []benchGame `json:"games"`
}

// benchGame is one seed game's measurements.
type benchGame struct {
	Name               string  `json:"name"`
	Seats              int     `json:"seats"`
	GamesPerSecond     float64 `json:"games_per_second"`
	DecisionsPerSecond float64 `json:"decisions_per_second"`
	// GamesPerSecondAll is the rate on every worker, and Speedup its
	// ratio to GamesPerSecond (one worker).
	GamesPerSecondAll float64 `json:"games_per_second_all"`
	Speedup           float64 `json:"speedup"`
	// NativeGamesPerSecond is the rate of the game's hand-written native
	// version on one worker, and VMNativeRatio GamesPerSecond over it; both
	// are left out for a game with no native version.
	NativeGamesPerSecond float64 `json:"native_games_per_second,omitempty"`
	VMNativeRatio        float64 `json:"vm_native_ratio,omitempty"`
}

// nativePlayer plays native games on a reusable state of its own.
type nativePlayer interface {
	Play(seed uint64, seats int) native.Outcome
}

// nativePlayers maps each seed game that has a hand-written native version
// (package internal/native) to a constructor of its player: the one place
// that pairs seed names with native games.
var nativePlayers = map[string]func() nativePlayer{
	"crazy-eights": func() nativePlayer { return new(native.CrazyEights) },
	"uno-style":    func() nativePlayer { return new(native.Uno) },
	"war":          func() nativePlayer { return new(native.War) },
	"hearts":       func() nativePlayer { return new(native.Hearts) },
}

func newBenchCmd(g *globals) *cobra.Command {
	var seconds float64
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure this machine: games per second for every seed game",
		Long: `Measure VM throughput on this machine: for every seed game, games and
decisions per second on one worker (random players, default seats), then a
batch on every core with its speed-up, and a spin-loop calibration of how
well the cores run in parallel.

For the seed games that have a hand-written native version (crazy-eights,
uno-style, war, hearts) it also times the native game on one worker, for
the same time and on the same seeds, and prints its games per second and
the VM/native ratio (VM games per second over native; a dash for the other
games). That ratio is measured here, with this build of darwinsim, which may
be profile-guided and so favour the VM; the ratios in bench/RESULTS.md come
from the bench package's benchmarks, where both sides are compiled alike.

Figures vary from run to run; "make bench" runs the full benchmark suite
with repeated counts for benchstat.`,
		Example: `  darwinsim bench
  darwinsim bench --seconds 2 --workers 2
  darwinsim bench --json > bench.json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if seconds <= 0 {
				return usagef("--seconds must be positive, got %v", seconds)
			}
			workers := g.workers
			if workers == 0 {
				workers = runtime.GOMAXPROCS(0)
			}
			per := time.Duration(seconds * float64(time.Second))
			spin1, spinN := spin(per, 1), spin(per, workers)
			rep := benchReport{Format: jsonFormat, OS: runtime.GOOS, Arch: runtime.GOARCH, Cores: runtime.NumCPU(), Go: runtime.Version(),
				Seed: g.seed, Workers: workers, Seconds: seconds, SpinSpeedup: spinN / spin1, Games: []benchGame{}}
			for _, name := range genome.SeedNames() {
				gm, err := genome.Seed(name)
				if err != nil {
					return err
				}
				code, err := compile.Compile(gm)
				if err != nil {
					return err
				}
				p, err := vm.Load(code)
				if err != nil {
					return err
				}
				one, dec, err := rate(cmd.Context(), p, 1, g.seed, per)
				if err != nil {
					return err
				}
				bg := benchGame{Name: name, Seats: p.DefaultSeats(), GamesPerSecond: one, DecisionsPerSecond: dec}
				if newPlayer, ok := nativePlayers[name]; ok {
					nat, err := nativeRate(cmd.Context(), newPlayer(), p.DefaultSeats(), g.seed, per)
					if err != nil {
						return err
					}
					bg.NativeGamesPerSecond, bg.VMNativeRatio = nat, one/nat
				}
				all, _, err := rate(cmd.Context(), p, workers, g.seed, per)
				if err != nil {
					return err
				}
				bg.GamesPerSecondAll, bg.Speedup = all, all/one
				rep.Games = append(rep.Games, bg)
			}
			w := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(w, rep)
			}
			fmt.Fprintf(w, "%s/%s, %d cores, Go %s; spin-loop speed-up on %d workers: %.2fx\n\n",
				rep.OS, rep.Arch, rep.Cores, rep.Go, workers, rep.SpinSpeedup)
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintf(tw, "game\tseats\tgames/s (1 worker)\tnative games/s\tVM/native\tdecisions/s\tgames/s (%d workers)\tspeed-up\t\n", workers)
			for _, r := range rep.Games {
				nat, ratio := "-", "-"
				if r.NativeGamesPerSecond > 0 {
					nat, ratio = fmt.Sprintf("%.0f", r.NativeGamesPerSecond), fmt.Sprintf("%.2f", r.VMNativeRatio)
				}
				fmt.Fprintf(tw, "%s\t%d\t%.0f\t%s\t%s\t%.0f\t%.0f\t%.2fx\t\n", r.Name, r.Seats, r.GamesPerSecond, nat, ratio, r.DecisionsPerSecond, r.GamesPerSecondAll, r.Speedup)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().Float64Var(&seconds, "seconds", 0.5, "time to spend on each measurement")
	addJSON(cmd, &asJSON, "print the measurements as JSON")
	g.addSeed(cmd)
	g.addWorkers(cmd)
	g.addProfiles(cmd)
	return cmd
}

// rate plays batches of growing size until one lasts at least d and returns
// its games and decisions per second.
func rate(ctx context.Context, p *vm.Program, workers int, seed uint64, d time.Duration) (games, decisions float64, err error) {
	for n := 1000; ; n *= 4 {
		start := time.Now()
		st, err := vm.Batch(ctx, p, vm.BatchConfig{Games: n, Seed: seed, Workers: workers})
		if err != nil {
			return 0, 0, err
		}
		if el := time.Since(start); el >= d || n >= 1<<26 {
			return float64(n) / el.Seconds(), float64(st.Decisions.Sum) / el.Seconds(), nil
		}
	}
}

// nativeRate plays native games on pl, game i from seed rng.Derive(seed, i)
// as in a VM batch, in runs of growing size until one lasts at least d, and
// returns its games per second.
func nativeRate(ctx context.Context, pl nativePlayer, seats int, seed uint64, d time.Duration) (float64, error) {
	for n := 1000; ; n *= 4 {
		start := time.Now()
		for i := range n {
			if i%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return 0, err
				}
			}
			pl.Play(rng.Derive(seed, uint64(i)), seats)
		}
		if el := time.Since(start); el >= d || n >= 1<<26 {
			return float64(n) / el.Seconds(), nil
		}
	}
}

// spin runs a pure arithmetic loop on w goroutines for about d and returns
// the loop iterations per second: the ratio for w workers to one worker is
// the best speed-up this machine can give a batch.
func spin(d time.Duration, w int) float64 {
	const chunk = 1 << 20
	var wg sync.WaitGroup
	counts := make([]uint64, w*8) // padded: no false sharing
	sink := make([]uint64, w*8)
	start := time.Now()
	for k := range w {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(k) + 1
			for time.Since(start) < d {
				for range chunk {
					x = x*6364136223846793005 + 1442695040888963407
				}
				counts[k*8] += chunk
			}
			sink[k*8] = x
		}()
	}
	wg.Wait()
	var total uint64
	for k := range w {
		total += counts[k*8]
	}
	return float64(total) / time.Since(start).Seconds()
}
