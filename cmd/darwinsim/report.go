package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/report"
)

func newReportCmd(g *globals) *cobra.Command {
	var out, axes string
	var games int
	cmd := &cobra.Command{
		Use:   "report RUN_DIR|GAME|FILE",
		Short: "Write the HTML report of an evolution run or of one game",
		Long: `Write one self-contained HTML page (no network: its plots are inline SVG,
its font embedded) about a run directory of darwinsim evolve --out, or about
one game.

The page of a run reads the run's files and plays no game: fitness per
generation with the re-score's 95% intervals, diversity, each operator's use,
first-try validity and fitness impact (from lineage.csv), the hall of fame
with each game's rules and metrics, and for the winner and each starting game
the seats' win rates with their 95% intervals, game-length histograms per
policy and seat count, effect firings and each effect's impact; the skill
ladders of a run whose skill metric is the ladder, and a MAP-Elites run's
archive as a heatmap over two descriptors (--axes), each cell linked to the
rules of its best elite. The same run directory gives the same page, byte for
byte. A missing or damaged file is an error that names it, and no page is
written.

The page of a game (a seed game's name, a genome or program file, or - for
standard input) comes from a fresh simulation: its score as darwinsim score
gives it (the mean of 10 evaluations at every seat count, with its 95%
interval), its metrics, and the same statistics of play as a run's winner,
--games games per policy and seat count. The same --seed gives the same
page.

The page goes to -o FILE (written whole or not at all), or to standard
output when it is not a terminal.`,
		Example: `  darwinsim report runs/a -o runs/a.html
  darwinsim report runs/me --axes skill,interaction -o me.html
  darwinsim report uno-style -o uno-style.html
  darwinsim report runs/a/best.json -n 1000 --seed 7 > best.html`,
		Args:              exactArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkReportOut(cmd, out); err != nil {
				return err
			}
			arg := args[0]
			run, err := isRunDir(arg)
			if err != nil {
				return err
			}
			if run {
				for _, name := range []string{"seed", "workers", "games"} {
					if cmd.Flags().Changed(name) {
						return usagef("--%s: a run's report plays no game (it reads %s); --%s is for the report of one game", name, arg, name)
					}
				}
				opt, err := reportOptions(axes)
				if err != nil {
					return err
				}
				return writeRunReport(cmd, arg, out, opt)
			}
			if cmd.Flags().Changed("axes") {
				return usagef("--axes: the heatmap of a MAP-Elites archive is in a run's report, not in a game's")
			}
			gm, err := gameArg(cmd, args, "")
			if err != nil {
				return err
			}
			if gm.Genome == nil {
				return fmt.Errorf("%s: a program without its genome cannot be reported (its effects are measured by removing them from the genome)", gm.Name)
			}
			cfg, err := evolve.Preset("default")
			if err != nil {
				return err
			}
			cfg.Seed, cfg.Workers, cfg.Games = g.seed, g.workers, games
			if err := cfg.Validate(); err != nil {
				return usageError{err}
			}
			page, err := report.Simulate(cmd.Context(), gm.Name, gm.Genome, cfg, g.seed)
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := page.Write(&b); err != nil {
				return err
			}
			return writeReportOut(cmd, out, b.Bytes())
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "out", "o", "", "write the page to this file (default: standard output, when it is not a terminal)")
	f.StringVar(&axes, "axes", strings.Join(report.DefaultAxes[:], ","), "a MAP-Elites archive's heatmap: two descriptors, across then up ("+strings.Join(evolve.DescriptorAxes(), ", ")+")")
	f.IntVarP(&games, "games", "n", 500, "a game's report: games per policy and seat count (and random games per evaluation of its score)")
	g.addSeed(cmd)
	g.addWorkers(cmd)
	return cmd
}

// isRunDir tells a run directory from a game argument: an existing
// directory is a run's, and a bare name that is both a directory and a
// seed game is refused as ambiguous.
func isRunDir(arg string) (bool, error) {
	fi, err := os.Stat(arg)
	if err != nil || !fi.IsDir() {
		return false, nil
	}
	if _, isSeed, _ := seedName(arg); isSeed && !strings.HasPrefix(arg, seedPrefix) {
		return false, usagef("%s is both a seed game and a directory in the current directory: write ./%s for the run directory or %s%s for the seed game", arg, arg, seedPrefix, arg)
	}
	return !strings.HasPrefix(arg, seedPrefix), nil
}

// reportOptions reads --axes.
func reportOptions(axes string) (report.Options, error) {
	x, y, ok := strings.Cut(axes, ",")
	if !ok || strings.Contains(y, ",") {
		return report.Options{}, usagef("--axes %q: give two descriptors, across then up, as %s", axes, strings.Join(report.DefaultAxes[:], ","))
	}
	opt := report.Options{Axes: [2]string{strings.TrimSpace(x), strings.TrimSpace(y)}}
	if err := opt.Check(); err != nil {
		return opt, usagef("--axes: %v", err)
	}
	return opt, nil
}

// checkReportOut checks -o before any work: a file atomicfile may write,
// or standard output ("" or "-") when it is not a terminal, which a page
// of HTML would flood.
func checkReportOut(cmd *cobra.Command, out string) error {
	if (out == "" || out == stdio) && isTerminal(cmd.OutOrStdout()) {
		return usagef("refusing to write an HTML page to a terminal: give -o FILE, or redirect standard output")
	}
	if out == "" {
		return nil
	}
	return checkOut(cmd, out, false)
}

// writeReportOut writes the page to -o, or to standard output.
func writeReportOut(cmd *cobra.Command, out string, page []byte) error {
	if out == "" {
		out = stdio
	}
	return writeOut(cmd, out, page)
}

// ReportFile is the report evolve --report writes into its run directory.
const ReportFile = "report.html"

// writeRunReport writes the report of the run directory dir to out (a
// file, written whole or not at all; "" or "-": cmd's standard output),
// with opt. Nothing is written when a file of the run is missing or
// damaged. evolve --report can call it once the run's files are in place.
func writeRunReport(cmd *cobra.Command, dir, out string, opt report.Options) error {
	var b bytes.Buffer
	if err := report.WriteRunWith(dir, &b, opt); err != nil {
		return err
	}
	return writeReportOut(cmd, out, b.Bytes())
}
