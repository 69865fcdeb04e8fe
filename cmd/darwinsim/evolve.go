package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/report"
)

func newEvolveCmd(g *globals) *cobra.Command {
	var preset, configFile, out, from, resume, search string
	var asJSON, withReport bool
	var isl islandFlags
	cmd := &cobra.Command{
		Use:   "evolve",
		Short: "Evolve new games from the seed games",
		Long: `Evolve a population of games, starting from the seed games (or those named
by --from) and mutants of them, scored by the statistics of their simulated
games. The defaults (preset "quick") finish in seconds; --preset default is
the full-size run. With --out, the run's result files go to a new directory,
with a checkpoint after every generation; without it, the best game's rules,
score and genome JSON are printed. --json prints the run's summary as one
JSON document instead (docs/json.md), and its progress on stderr.

The configuration is built in layers: the preset, then the JSON file of
--config, then the flags given on the command line (--pop, --generations,
--games, --skill-games, --elite, --tournament, --islands, --migrate-every,
--migrants, --seed). The file holds any of
the fields of a run directory's config.json:
  ` + wrapList(jsonNames(reflect.TypeFor[evolve.Config]()), 76, "  ") + `
with "rates" and "weights" objects of the fields
  rates: ` + wrapList(jsonNames(reflect.TypeFor[evolve.Rates]()), 69, "         ") + `
  weights: ` + wrapList(jsonNames(reflect.TypeFor[evolve.Weights]()), 67, "           ") + `
A field the file leaves out keeps the preset's value, each rate and weight
too. Unknown fields, wrong types and values out of range are errors (the
file must be valid over the preset by itself). A run's config.json given to
--config (with the same --from) reproduces the run's result files byte for
byte.

--from takes a comma-separated list of seed game names, game files (a genome
JSON file, a JSON list of genomes such as a run's hall_of_fame.json, or a
program file) and directories, whose *.json files are read in name order (a
run's config.json, timings.json and provenance.json, which hold no game, are
skipped). A game given twice is used once; only as many games as the
population holds are used.

--search map-elites keeps an archive of distinct good games instead of one
population (MAP-Elites): a grid of 1,200 cells over the family of the turn
structure, the length in decisions per seat, and the skill, interaction and
effects metrics, each cell holding the best game found there. Each generation breeds
a batch of --pop children from elites drawn uniformly, with the same
operators; a cell's elite is evaluated again before a child challenges it.
At the end every elite is pruned of dead effects and re-scored, and the run
counts its distinct good games; with --out it writes archive.json and
archive.csv. Pick one archived game for describe, score or play as
DIR/archive.json#NAME.

--islands N evolves N populations of --pop games each (the island model),
each on a seed of its own; at the end of every epoch of --migrate-every
generations (default 5), each island sends copies of its best --migrants
games (default 2) to the next island along a ring (--topology random: a
ring in a new seeded random order at every migration), where they replace
its worst. The result depends only on the seed and the configuration, never
on --workers. The run's generations.csv holds the lines of all islands
together, islands.csv each island's; its hall of fame is the best of every
island's. Each island's checkpoint is in DIR/island-I, and --resume
continues them all. --islands 1 is a plain run, with a plain run's files.

--island I --exchange DIR runs island I alone, as a process of its own (one
per island, on any machines that share DIR): its files go to DIR/island-I,
its emigrants through DIR/exchange, and it waits for the others at every
migration (at most --barrier-timeout). The same command starts the island
or continues it from its checkpoint. Once every island has finished,
darwinsim merge DIR writes the run's files, the same bytes as --islands N
--out in one process writes. darwinsim slurm evolve writes a script that
runs the islands as a Slurm job.

Ctrl-C stops at the end of the generation being scored. With --out, the run
continues from its last checkpoint with --resume DIR, and ends exactly as the
uninterrupted run would have. --resume refuses a checkpoint that was damaged,
that an older or newer darwinsim wrote, or that belongs to another run (every
checkpoint names its run by the SHA-256 of the directory's config.json, which
is written before the first generation).

A run directory is locked while a run writes to it (DIR/.lock names the host
and the process): a second run on it is refused. A lock left by a process of
this host that is gone is taken over; one from another host is honoured, and
its message says which file to delete if that run has ended. A directory that
holds only what a run stopped before its first checkpoint left can be given to
--out again. provenance.json and timings.json keep every command of a run.`,
		Example: `  darwinsim evolve --preset default --out runs/a
  darwinsim evolve --config runs/a/config.json --out runs/a-again
  darwinsim evolve --config runs/a/config.json --generations 100 --out runs/b
  darwinsim evolve --config my.json --from runs/a --out runs/c
  darwinsim evolve --from war,whist,my-game.json,runs/a/hall_of_fame.json
  darwinsim evolve --search map-elites -o runs/m --json > runs/m.json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) (err error) {
			if out == stdio {
				return usagef("--out names a new run directory, which standard output (-) cannot be: give a path (--json prints the run's summary on standard output)")
			}
			island := false
			if resume == "" {
				if island, err = isl.check(cmd); err != nil {
					return err
				}
			}
			if withReport && out == "" && resume == "" {
				return usagef("--report writes report.html into the run directory: give --out DIR (or --resume DIR)")
			}
			if resume != "" {
				for _, name := range []string{"preset", "config", "pop", "generations", "games", "skill-games", "elite", "tournament", "islands", "migrate-every", "migrants", "topology", "island", "exchange", "barrier-timeout", "out", "from", "search"} {
					if cmd.Flags().Changed(name) {
						return usagef("--resume continues a run with its own configuration; --%s cannot be changed", name)
					}
				}
				if cmd.Flags().Changed("seed") {
					return usagef("--resume continues a run with its own seed; --seed cannot be changed")
				}
				return resumeEvolve(cmd, g, resume, asJSON, withReport)
			}
			base, err := evolveConfig(cmd, g, preset, configFile)
			if err != nil {
				return err
			}
			seeds, err := seedGames(from)
			if err != nil {
				return usageError{err}
			}
			if island {
				if len(seeds) > base.Population {
					seeds = seeds[:base.Population]
				}
				return islandEvolve(cmd, g, base, seeds, &isl)
			}
			var rd *evolve.RunDir
			if out != "" {
				if rd, err = evolve.CreateRunDir(out, base, invocation(g), cmd.ErrOrStderr()); err != nil {
					return err
				}
				defer closeRunDir(rd, &err)
			}
			w := evolveLog(cmd, asJSON)
			if len(seeds) > base.Population {
				// Run would take the first Population of them: say so.
				fmt.Fprintf(w, "--from gives %d games; a population of %d starts from the first %d\n", len(seeds), base.Population, base.Population)
				seeds = seeds[:base.Population]
			}
			var names []string
			for _, s := range seeds {
				names = append(names, printable(s.Name))
			}
			fmt.Fprintf(w, "evolving from %s: population %d, %d generations, %d games per evaluation, seed %d\n",
				strings.Join(names, ", "), base.Population, base.Generations, base.Games, base.Seed)
			if base.Search == evolve.SearchMapElites {
				fmt.Fprintf(w, "MAP-Elites: a batch of %d children a generation into an archive of %d cells\n", base.Population, evolve.NumCells)
			}
			if base.Islands > 1 {
				along := "a ring"
				if base.Topology == evolve.TopologyRandom {
					along = "a ring in a new random order"
				}
				fmt.Fprintf(w, "islands: %d populations of %d, %d migrants each along %s every %d generations\n", base.Islands, base.Population, base.Migrants, along, base.MigrateEvery)
			}
			return runEvolve(cmd, g, base, rd, nil, asJSON, withReport, func(opt evolve.Options) (*evolve.Result, error) {
				return evolve.Run(cmd.Context(), base, seeds, opt)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&preset, "preset", "quick", "starting configuration: "+strings.Join(evolve.PresetNames(), ", "))
	f.StringVar(&configFile, "config", "", "JSON file of configuration fields, layered over the preset (flags override it)")
	f.Int("pop", 0, "population size (default: the preset's)")
	f.Int("generations", 0, "generations (default: the preset's)")
	f.Int("games", 0, "random-policy games per evaluation (default: the preset's)")
	f.Int("skill-games", 0, "greedy-vs-random games per evaluation (default: the preset's)")
	f.Int("elite", 0, "individuals copied unchanged into the next generation (default: the preset's)")
	f.Int("tournament", 0, "tournament size for selection (default: the preset's)")
	f.Int("islands", 0, "evolve this many populations, with migration between them (default: the preset's, 1)")
	f.Int("migrate-every", 0, fmt.Sprintf("with --islands: generations between migrations (default %d)", evolve.DefaultMigrateEvery))
	f.Int("migrants", 0, fmt.Sprintf("with --islands: games each island sends to the next at a migration (default %d)", evolve.DefaultMigrants))
	f.String("topology", "ring", "with --islands: who sends to whom at a migration: ring (island i to i+1) or random (a ring in a new seeded random order at every migration)")
	isl.add(cmd)
	f.StringVarP(&out, "out", "o", "", "write the run's result files to this new directory")
	f.StringVar(&from, "from", "", "comma-separated seed games, game files and directories to start from (default: every seed game)")
	f.StringVar(&resume, "resume", "", "continue the run in this directory from its last checkpoint")
	f.StringVar(&search, "search", "genetic", "how to search: "+strings.Join(evolve.SearchNames(), " (the genetic loop), ")+" (an archive of distinct good games)")
	f.BoolVar(&withReport, "report", false, "when the run is done, also write its report ("+ReportFile+": plots and rules, one HTML file) into the run directory")
	addJSON(cmd, &asJSON, "print the run's summary as JSON (the lines of each generation go to standard error)")
	g.addSeed(cmd)
	g.addWorkers(cmd)
	g.addQuiet(cmd)
	g.addProfiles(cmd)
	return cmd
}

// evolveConfig layers a new run's configuration: the preset, then the
// --config file, then the flags given explicitly. The file must be valid
// over the preset on its own; the result is validated again with the flags.
func evolveConfig(cmd *cobra.Command, g *globals, preset, file string) (evolve.Config, error) {
	cfg, err := evolve.Preset(preset)
	if err != nil {
		return cfg, usageError{err}
	}
	cfg.Seed = DefaultSeed // --seed's default, below the file's seed
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return cfg, usagef("--config: %v", err)
		}
		if cfg, err = evolve.ParseConfig(cfg, data); err != nil {
			return cfg, usagef("%s: %w", file, err)
		}
	}
	f := cmd.Flags()
	if f.Changed("topology") {
		v, _ := f.GetString("topology")
		t, err := evolve.ParseTopology(v)
		if err != nil {
			return cfg, usagef("--topology: %v", err)
		}
		cfg.Topology = t
	}
	if f.Changed("search") {
		v, _ := f.GetString("search")
		s, err := evolve.ParseSearch(v)
		if err != nil {
			return cfg, usagef("--search: %v", err)
		}
		cfg.Search = s
	}
	for name, dst := range map[string]*int{"pop": &cfg.Population, "generations": &cfg.Generations,
		"games": &cfg.Games, "skill-games": &cfg.SkillGames, "elite": &cfg.Elite, "tournament": &cfg.Tournament,
		"islands": &cfg.Islands, "migrate-every": &cfg.MigrateEvery, "migrants": &cfg.Migrants} {
		if f.Changed(name) {
			v, _ := f.GetInt(name)
			*dst = v
		}
	}
	if f.Changed("islands") && cfg.Islands <= 1 {
		// One population: the file's migration settings do not apply.
		if !f.Changed("migrate-every") {
			cfg.MigrateEvery = 0
		}
		if !f.Changed("migrants") {
			cfg.Migrants = 0
		}
		if !f.Changed("topology") {
			cfg.Topology = evolve.TopologyRing
		}
	}
	cfg.NormalizeIslands()
	if f.Changed("seed") {
		cfg.Seed = g.seed
	}
	cfg.Workers = g.workers
	if err := cfg.Validate(); err != nil {
		return cfg, usageError{err}
	}
	return cfg, nil
}

// evolveLog is where evolve reports the run as it goes: stdout, or
// stderr when stdout carries the JSON summary.
func evolveLog(cmd *cobra.Command, asJSON bool) io.Writer {
	if asJSON {
		return cmd.ErrOrStderr()
	}
	return cmd.OutOrStdout()
}

// jsonNames lists the JSON names of a struct's fields, in field order.
func jsonNames(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}

// wrapList joins words with ", " in lines of at most width characters,
// each line after the first starting with indent.
func wrapList(words []string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, w := range words {
		if i < len(words)-1 {
			w += ","
		}
		switch {
		case i == 0:
		case line+1+len(w) > width:
			b.WriteString("\n" + indent)
			line = 0
		default:
			b.WriteString(" ")
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}

// invocation describes this command for a run directory's provenance.json.
func invocation(g *globals) evolve.Invocation {
	inv := evolve.Invocation{Args: os.Args, Go: runtime.Version(), Workers: g.workers}
	if bi, ok := debug.ReadBuildInfo(); ok {
		inv.Build = bi.String()
	}
	return inv
}

// closeRunDir releases a run directory's lock when the command ends,
// whichever way; failing to is the command's error if it had none.
func closeRunDir(rd *evolve.RunDir, err *error) {
	if cerr := rd.Close(); cerr != nil && *err == nil {
		*err = cerr
	}
}

// interrupted is the error of a command stopped by Ctrl-C: it says where
// the run stopped and how to continue it, and is evolve.ErrInterrupted
// (errors.Is), which the command's exit code reports.
type interrupted struct{ msg string }

func (e interrupted) Error() string { return e.msg }
func (e interrupted) Unwrap() error { return evolve.ErrInterrupted }

func resumeEvolve(cmd *cobra.Command, g *globals, dir string, asJSON, withReport bool) (err error) {
	rd, cps, err := evolve.OpenRunDir(dir, invocation(g), cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	defer closeRunDir(rd, &err)
	cfg := cps[0].Config
	cfg.Workers = g.workers
	from := savedOf(cps)
	fmt.Fprintf(evolveLog(cmd, asJSON), "resuming %s after generation %d of %d: population %d, %d games per evaluation, seed %d\n",
		dir, from.Gen, cfg.Generations, cfg.Population, cfg.Games, cfg.Seed)
	return runEvolve(cmd, g, cfg, rd, from, asJSON, withReport, func(opt evolve.Options) (*evolve.Result, error) {
		if len(cps) > 1 {
			return evolve.ResumeIslands(cmd.Context(), cps, g.workers, opt)
		}
		return evolve.Resume(cmd.Context(), cps[0], g.workers, opt)
	})
}

// saved is where a run's checkpoints stand: the generation every island
// has reached (a plain run's checkpoint's) and the games played so far,
// every island's.
type saved struct {
	Gen   int
	Games uint64
	games map[int]uint64 // per island, as a run of islands checkpoints them
	gens  map[int]int
}

// savedOf is where the checkpoints cps stand.
func savedOf(cps []*evolve.Checkpoint) *saved {
	s := &saved{games: map[int]uint64{}, gens: map[int]int{}}
	for _, cp := range cps {
		s.add(cp)
	}
	return s
}

// add records the checkpoint cp, an island's in a run of islands.
func (s *saved) add(cp *evolve.Checkpoint) {
	s.games[cp.Island], s.gens[cp.Island] = cp.Games, cp.Gen
	s.Games, s.Gen = 0, cp.Gen
	for i, n := range s.games {
		s.Games += n
		s.Gen = min(s.Gen, s.gens[i])
	}
}

// runEvolve runs a new run (from is nil) or resumes one from its
// checkpoint from, re-scores the best games, and, with a run directory rd,
// writes the run's files and records what this command did in
// timings.json, when the run ends or is interrupted. With asJSON, its
// summary is a JSON document on stdout, and the lines that report the run
// as it goes are on stderr.
func runEvolve(cmd *cobra.Command, g *globals, cfg evolve.Config, rd *evolve.RunDir, from *saved, asJSON, withReport bool, run func(evolve.Options) (*evolve.Result, error)) error {
	w := evolveLog(cmd, asJSON)
	start := time.Now()
	// What this command did, from which checkpoint to which, and the
	// run's games at its last checkpoint.
	timing := evolve.Timing{AfterGeneration: -1, LastGeneration: -1}
	var startGames uint64
	if from != nil {
		timing.AfterGeneration, timing.LastGeneration, startGames = from.Gen, from.Gen, from.Games
	} else {
		from = savedOf(nil)
	}
	runGames := startGames
	record := func(ended string) error {
		if rd == nil {
			return nil
		}
		timing.Games, timing.Ended = runGames-startGames, ended
		_, err := rd.RecordTiming(timing, runGames)
		return err
	}
	// One line per generation on stdout (unless --quiet); on a terminal it
	// also shows the rate and the time left, which are not reproducible and
	// so never reach a pipe or a file.
	live := isTerminal(w)
	var games uint64
	done := 0
	opt := evolve.Options{Progress: func(gs evolve.GenStats) {
		games += gs.Games
		done++
		if g.quiet {
			return
		}
		fmt.Fprintf(w, "gen %3d/%d  best %.4f  mean %.4f  median %.4f  diversity %.3f  new %3d",
			gs.Gen, cfg.Generations, gs.Best, gs.Mean, gs.Median, gs.Diversity, gs.Evaluated)
		if cfg.Search == evolve.SearchMapElites {
			fmt.Fprintf(w, "  cells %3d  qd %.2f", gs.Coverage, gs.QDScore)
		}
		if gs.Filled > 0 {
			// Breeding reached its bound of attempts (rare): say so.
			fmt.Fprintf(w, "  filled %d", gs.Filled)
		}
		if live {
			el := time.Since(start).Seconds()
			left := el / float64(done) * float64(cfg.Generations-gs.Gen)
			fmt.Fprintf(w, "  %.0f games/s  %.0fs left", float64(games)/max(el, 1e-9), left)
		}
		fmt.Fprintln(w)
	}}
	if rd != nil {
		opt.Checkpoint = func(cp *evolve.Checkpoint) error {
			if err := rd.WriteCheckpoint(cp); err != nil {
				return err
			}
			from.add(cp)
			timing.LastGeneration, runGames = from.Gen, from.Games
			return nil
		}
	}
	res, err := run(opt)
	timing.Seconds = time.Since(start).Seconds()
	if errors.Is(err, evolve.ErrInterrupted) {
		if rd == nil {
			return interrupted{"evolution interrupted at a generation boundary (with --out DIR, a run can be resumed)"}
		}
		return errors.Join(interrupted{fmt.Sprintf("evolution interrupted at a generation boundary; continue with: darwinsim evolve --resume %s (from its checkpoint of generation %d)", rd.Dir, timing.LastGeneration)},
			record("interrupted"))
	}
	if err != nil {
		return err
	}
	runGames = res.Games
	if err := evolve.CheckWinner(res); err != nil {
		return err
	}
	last := res.History[len(res.History)-1]
	first := res.History[0]
	fmt.Fprintf(w, "generation 0: best %.4f, mean %.4f; generation %d: best %.4f, mean %.4f, diversity %.3f\n",
		first.Best, first.Mean, last.Gen, last.Best, last.Mean, last.Diversity)

	// Re-score the best evolved games (a MAP-Elites run: every elite)
	// and every seed on fresh seeds.
	var rnames []string
	var rgs []*genome.Genome
	rescore := res.Hall[:min(len(res.Hall), cfg.Rescore)]
	if cfg.Search == evolve.SearchMapElites {
		rescore = res.Archive
	}
	for _, ind := range rescore {
		ng := evolve.Named(ind, cfg.Seed)
		rnames = append(rnames, ng.Name)
		rgs = append(rgs, ng)
	}
	for _, s := range genome.Seeds() {
		rnames = append(rnames, evolve.SeedPrefix+s.Name)
		rgs = append(rgs, s)
	}
	rescoreStart := time.Now()
	rescored, err := evolve.Rescore(cmd.Context(), cfg, rnames, rgs)
	timing.RescoreSeconds = time.Since(rescoreStart).Seconds()
	if err != nil && cmd.Context().Err() != nil {
		if rd == nil {
			return interrupted{"evolution interrupted during the final re-score (with --out DIR, a run can be resumed)"}
		}
		return errors.Join(interrupted{fmt.Sprintf("evolution interrupted during the final re-score, after the run's last generation, whose checkpoint is on disk; finish the run with: darwinsim evolve --resume %s", rd.Dir)},
			record("interrupted"))
	}
	if err != nil {
		return err
	}
	winner := evolve.Best(res, rescored)
	if asJSON {
		if rd != nil {
			if err := evolve.WriteRun(rd.Dir, res, rescored); err != nil {
				return err
			}
			if err := record("finished"); err != nil {
				return err
			}
			if withReport {
				if err := writeRunReport(cmd, rd.Dir, filepath.Join(rd.Dir, ReportFile), report.Options{}); err != nil {
					return err
				}
			}
		}
		rep, err := evolveJSON(res, rescored, winner, rd)
		if err != nil {
			return err
		}
		return writeJSON(cmd.OutOrStdout(), rep)
	}
	if cfg.Search == evolve.SearchMapElites {
		printArchive(w, res, rescored)
	} else {
		fmt.Fprintf(w, "\nre-scored on fresh seeds (10 x %d games each, 95%% CI):\n", cfg.Games)
		for _, r := range rescored {
			fmt.Fprintf(w, "  %-22s %.4f  [%.4f, %.4f]\n", r.Name, r.Mean, r.Lo, r.Hi)
		}
	}

	best := evolve.Named(winner, cfg.Seed)
	fmt.Fprintf(w, "\nbest game (by the re-score): %s (%s)\n%s\n", best.Name, best.Summary, evolve.FormatScore(winner.Score))
	fmt.Fprint(w, best.Describe())
	if rd == nil {
		js, err := best.Encode()
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%s", js)
		return nil
	}
	if err := evolve.WriteRun(rd.Dir, res, rescored); err != nil {
		return err
	}
	if err := record("finished"); err != nil {
		return err
	}
	written := append(slices.Clone(evolve.ResultFilesOf(cfg)), evolve.ConfigFile)
	if cfg.Islands <= 1 {
		written = append(written, evolve.CheckpointFile)
	} else {
		written = append(written, fmt.Sprintf("island-0 to island-%d/%s", cfg.Islands-1, evolve.CheckpointFile))
	}
	fmt.Fprintf(w, "\nwrote %s (%s)\n", rd.Dir, strings.Join(written, ", "))
	if withReport {
		path := filepath.Join(rd.Dir, ReportFile)
		if err := writeRunReport(cmd, rd.Dir, path, report.Options{}); err != nil {
			return err
		}
		fmt.Fprintf(w, "wrote the report %s (open it in a browser)\n", path)
	}
	return nil
}

// printArchive prints a MAP-Elites run's archive after the re-score: its
// coverage and QD-score, the seed games' re-scores, which are the bars of
// the survey, and the distinct good games family by family
// (evolve.SurveyArchive).
func printArchive(w io.Writer, res *evolve.Result, rescored []evolve.Rescored) {
	sv, rs := evolve.SurveyArchive(res, rescored)
	qd := 0.0
	for _, ind := range res.Archive {
		qd += ind.Score.Fitness
	}
	fmt.Fprintf(w, "\narchive: %d of %d cells, QD-score %.2f; every elite re-scored on fresh seeds (10 x %d games each)\n",
		len(res.Archive), evolve.NumCells, qd, res.Config.Games)
	_, seeds := evolve.SplitRescored(rescored)
	fmt.Fprintf(w, "seed games (the bar of their family):\n")
	for _, r := range seeds {
		fmt.Fprintf(w, "  %-36s %-7s %.4f  [%.4f, %.4f]\n", r.Name, evolve.Family(r.Genome), r.Mean, r.Lo, r.Hi)
	}
	fmt.Fprintf(w, "%d distinct good games (new, no degenerate replicate, at or above the best seed game of their family, pairwise %.2f apart) in %d families (%s):\n",
		sv.Distinct, res.Config.HallSpacing, len(sv.Families), strings.Join(sv.Families, ", "))
	for i, ind := range res.Archive {
		if !sv.Entries[i].Distinct {
			continue
		}
		c := evolve.CellOf(evolve.Describe(ind))
		fmt.Fprintf(w, "  %-18s %-32s %.4f  [%.4f, %.4f]\n", evolve.Named(ind, res.Config.Seed).Name, evolve.CellName(c), rs[i].Mean, rs[i].Lo, rs[i].Hi)
	}
}
