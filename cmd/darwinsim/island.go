package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
)

// islandFlags are evolve's flags of one island run as a process of its own.
type islandFlags struct {
	index    int
	exchange string
	timeout  time.Duration
}

func (p *islandFlags) add(cmd *cobra.Command) {
	f := cmd.Flags()
	f.IntVar(&p.index, "island", 0, "run only this island (0 to --islands - 1) of the run in --exchange, as a process of its own")
	f.StringVar(&p.exchange, "exchange", "", "with --island: the run's directory, shared by every island, through which they exchange emigrants")
	f.DurationVar(&p.timeout, "barrier-timeout", evolve.DefaultBarrierTimeout, "with --island: how long to wait for the other islands at a migration before giving up")
}

// check says what is wrong with the island flags given with the other
// flags of evolve; on says whether evolve runs one island.
func (p *islandFlags) check(cmd *cobra.Command) (on bool, err error) {
	f := cmd.Flags()
	on = f.Changed("island") || f.Changed("exchange")
	switch {
	case !on:
		if f.Changed("barrier-timeout") {
			return false, usagef("--barrier-timeout is for an island run as a process of its own (--island, --exchange)")
		}
		return false, nil
	case !f.Changed("island") || p.exchange == "":
		return true, usagef("--island I and --exchange DIR go together: island I of the run in DIR")
	case f.Changed("out"):
		return true, usagef("--out cannot be given with --exchange: the island's files go to its directory in the run's (--exchange DIR/island-I), the run's files to DIR when darwinsim merge DIR makes them")
	case f.Changed("report"):
		return true, usagef("--report: an island writes no report; darwinsim merge --report writes the run's")
	case f.Changed("json"):
		return true, usagef("--json: an island prints no summary (its result is its checkpoint); darwinsim merge --json prints the run's")
	case p.timeout <= 0:
		return true, usagef("--barrier-timeout must be positive, got %s", p.timeout)
	}
	return true, nil
}

// islandEvolve runs island p.index of the run of cfg in p.exchange, as a
// process of its own: from its checkpoint when it has one (the same
// command starts and continues an island), to the run's last generation.
func islandEvolve(cmd *cobra.Command, g *globals, cfg evolve.Config, seeds []*genome.Genome, p *islandFlags) (err error) {
	w := cmd.OutOrStdout()
	i := p.index
	if cfg.Islands <= 1 {
		return usagef("--island %d: the run has one population (give --islands N, N > 1)", i)
	}
	if i < 0 || i >= cfg.Islands {
		return usagef("--island %d: a run of %d islands has islands 0 to %d", i, cfg.Islands, cfg.Islands-1)
	}
	rd, cp, err := evolve.OpenIsland(p.exchange, i, cfg, invocation(g), cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	defer closeRunDir(rd, &err)
	start := time.Now()
	timing := evolve.Timing{AfterGeneration: -1, LastGeneration: -1}
	var startGames, games uint64
	if cp != nil {
		timing.AfterGeneration, timing.LastGeneration, startGames, games = cp.Gen, cp.Gen, cp.Games, cp.Games
		fmt.Fprintf(w, "island %d of %d: continuing from its checkpoint of generation %d of %d\n", i, cfg.Islands, cp.Gen, cfg.Generations)
	} else {
		fmt.Fprintf(w, "island %d of %d: population %d, %d generations, %d games per evaluation, seed %d\n",
			i, cfg.Islands, cfg.Population, cfg.Generations, cfg.Games, cfg.Seed)
	}
	record := func(ended string) error {
		timing.Games, timing.Ended, timing.Seconds = games-startGames, ended, time.Since(start).Seconds()
		_, err := rd.RecordTiming(timing, games)
		return err
	}
	opt := evolve.Options{
		Checkpoint: func(cp *evolve.Checkpoint) error {
			if err := rd.WriteCheckpoint(cp); err != nil {
				return err
			}
			timing.LastGeneration, games = cp.Gen, cp.Games
			return nil
		},
		Progress: func(gs evolve.GenStats) {
			if !g.quiet {
				fmt.Fprintf(w, "island %d gen %3d/%d  best %.4f  mean %.4f  median %.4f  diversity %.3f  new %3d\n",
					i, gs.Gen, cfg.Generations, gs.Best, gs.Mean, gs.Median, gs.Diversity, gs.Evaluated)
			}
		},
	}
	x := &evolve.Exchange{Dir: p.exchange, Timeout: p.timeout}
	if !g.quiet {
		x.Notes = w // that it waits at a migration: progress, as the lines are
	}
	err = evolve.RunIsland(cmd.Context(), cfg, i, seeds, cp, x, opt)
	switch {
	case errors.Is(err, evolve.ErrInterrupted):
		return errors.Join(interrupted{fmt.Sprintf("island %d interrupted after its checkpoint of generation %d; the same command continues it", i, timing.LastGeneration)},
			record("interrupted"))
	case err != nil:
		return err
	}
	if err := record("finished"); err != nil {
		return err
	}
	fmt.Fprintf(w, "island %d: finished generation %d (%s); once every island has, darwinsim merge %s makes the run's files\n",
		i, cfg.Generations, filepath.Join(rd.Dir, evolve.CheckpointFile), shellQuote(p.exchange))
	return nil
}

func newMergeCmd(g *globals) *cobra.Command {
	var asJSON, withReport bool
	cmd := &cobra.Command{
		Use:   "merge DIR",
		Short: "Make a run's files from its islands, each run as a process of its own",
		Long: `Make the result files of a run of islands whose islands ran as processes of
their own (darwinsim evolve --island I --exchange DIR, as a Slurm job from
darwinsim slurm evolve runs them), once every island has finished: the
islands' halls of fame are combined, the best games re-scored on fresh
seeds, and the usual run files written into DIR, the same bytes as the run
in one process (darwinsim evolve --islands N --out DIR2) writes, but for
provenance.json and timings.json. An island that has not finished is named
with the generation it reached.`,
		Example: `  darwinsim merge runs/cluster-a
  darwinsim merge runs/cluster-a --report`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) (err error) {
			dir := args[0]
			rd, cps, err := evolve.OpenMerge(dir, invocation(g), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer closeRunDir(rd, &err)
			cfg := cps[0].Config
			cfg.Workers = g.workers
			fmt.Fprintf(evolveLog(cmd, asJSON), "merging the %d islands of %s: population %d each, %d generations, %d games per evaluation, seed %d\n",
				cfg.Islands, dir, cfg.Population, cfg.Generations, cfg.Games, cfg.Seed)
			return runEvolve(cmd, g, cfg, rd, savedOf(cps), asJSON, withReport, func(evolve.Options) (*evolve.Result, error) {
				return evolve.MergeIslands(cmd.Context(), cps, g.workers)
			})
		},
	}
	cmd.Flags().BoolVar(&withReport, "report", false, "also write the run's report ("+ReportFile+") into DIR")
	addJSON(cmd, &asJSON, "print the run's summary as JSON, as evolve --json does")
	g.addWorkers(cmd)
	g.addQuiet(cmd)
	return cmd
}
