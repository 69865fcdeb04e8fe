package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// stopLead is how long before a Slurm job's time limit its islands are
// sent SIGTERM, at which darwinsim evolve stops at its next generation
// boundary; the time limit must be longer.
const stopLead = 120

func newSlurmCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "slurm",
		Short: "Write scripts that run darwinsim on a Slurm cluster",
		Long: `Write bash scripts that submit darwinsim's work to a Slurm cluster. Each
script is printed on standard output, to be saved and run unchanged where
sbatch works (a cluster's login node).`,
		Example: `  darwinsim slurm evolve --islands 8 --out /shared/runs/a --preset default > submit.sh
  bash submit.sh`,
	}
	cmd.AddCommand(newSlurmEvolveCmd())
	return cmd
}

// slurmOwn are the flags of slurm evolve itself; every other flag is an
// evolve flag, passed on to each island.
var slurmOwn = map[string]bool{"islands": true, "out": true, "exchange": true, "cpus-per-task": true,
	"time": true, "partition": true, "darwinsim": true, "help": true}

func newSlurmEvolveCmd() *cobra.Command {
	var p slurmPlan
	var bin string
	cmd := &cobra.Command{
		Use:   "evolve --islands N --out DIR [evolve flags]",
		Short: "Write a script that submits an island-model evolution as a Slurm job",
		Long: `Write a bash script that submits an island-model evolution to Slurm as two
jobs, and prints their ids when run:

 1. one job of --islands tasks, started together by one srun step, task I
    running
      darwinsim evolve --island I --islands N --exchange DIR [evolve flags]
    with --cpus-per-task CPUs each (and --workers of as many, unless an
    evolve flag gives --workers). Each island sends its emigrants and
    checkpoints to the others through files in DIR, which must be on storage
    that every node shares. The islands are sent SIGTERM 120 s before the
    --time limit, at which they stop at a generation boundary; the job then
    requeues itself and continues from DIR. The job is also requeued if
    Slurm requeues it (a node failure, a preemption).
 2. darwinsim merge DIR, which starts once every island has succeeded (and
    is cancelled if one fails).

Every flag that is not one of this command's own (--islands, --out or
--exchange, --cpus-per-task, --time, --partition, --darwinsim) is a flag
of darwinsim evolve, checked here and passed on to every island as
--name=value, but --report, which goes to the merge. The logs go to
DIR/slurm/. Relative paths, DIR's and those of evolve flags, are relative
to the directory in which the script is run. The merged files are the
bytes darwinsim evolve --islands N --out writes in one process, but for
provenance.json and timings.json.`,
		Example: `  darwinsim slurm evolve --islands 8 --out /shared/runs/a --preset default > submit.sh
  darwinsim slurm evolve --islands 4 --out runs/b --cpus-per-task 4 --time 12:00:00 --partition long --generations 500 > submit.sh
  bash submit.sh`,
		Args:               cobra.ArbitraryArgs, // parsed by RunE: flags in order
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			evolveArgs, err := parseSlurmFlags(cmd, args)
			if err != nil {
				return err
			}
			if help, _ := cmd.Flags().GetBool("help"); help {
				return cmd.Help()
			}
			f := cmd.Flags()
			if f.Changed("out") && f.Changed("exchange") {
				return usagef("--out and --exchange are the same directory: give one")
			}
			if f.Changed("exchange") {
				p.Dir, _ = f.GetString("exchange")
			}
			workers := "--workers=" + strconv.Itoa(p.CPUsPerTask)
			if f.Changed("workers") {
				v, _ := f.GetInt("workers")
				workers = "--workers=" + strconv.Itoa(v)
			} else {
				evolveArgs = append(evolveArgs, workers)
			}
			if bin == "" {
				if bin, err = os.Executable(); err != nil {
					return fmt.Errorf("the path of darwinsim: %w (give --darwinsim)", err)
				}
			}
			if strings.Contains(bin, "/") {
				if bin, err = filepath.Abs(bin); err != nil {
					return err
				}
			}
			p.Task = append([]string{bin, "evolve", "--islands", strconv.Itoa(p.Islands), "--exchange", p.Dir}, evolveArgs...)
			p.TaskArgs = `--island "$SLURM_PROCID"`
			p.After, p.AfterName = []string{bin, "merge", p.Dir, workers}, "merge"
			if report, _ := f.GetBool("report"); report {
				p.After = append(p.After, "--report")
			}
			p.Command = append([]string{"darwinsim", "slurm", "evolve"}, args...)
			script, err := p.script()
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), script)
			return err
		},
	}
	f := cmd.Flags()
	f.IntVar(&p.Islands, "islands", 0, "islands: Slurm tasks started together, one darwinsim evolve each (required)")
	f.StringVarP(&p.Dir, "out", "o", "", "the run's directory on storage every node shares, through which the islands exchange (required)")
	f.String("exchange", "", "the same as --out")
	f.IntVar(&p.CPUsPerTask, "cpus-per-task", 1, "CPUs of each island (sbatch --cpus-per-task)")
	f.StringVar(&p.Time, "time", "01:00:00", "time limit of the islands' job and of the merge job (sbatch --time: MM, HH:MM:SS, D-HH, ...)")
	f.StringVar(&p.Partition, "partition", "", "Slurm partition of the jobs (default: the cluster's default)")
	f.StringVar(&bin, "darwinsim", "", "path of darwinsim on the cluster's nodes (default: this darwinsim's absolute path)")
	cmd.InitDefaultHelpFlag()
	// The evolve flags, for the help and the check: those of a fresh
	// evolve command, whose values go nowhere. Names this command has
	// (--out, --islands) stay its own.
	f.AddFlagSet(newEvolveCmd(&globals{}).Flags())
	for _, name := range []string{"resume", "island", "json"} {
		if r := f.Lookup(name); r != nil {
			r.Hidden = true
		}
	}
	return cmd
}

// parseSlurmFlags parses the arguments of slurm evolve with its flags
// (its own and evolve's) and returns the evolve flags given, in order, as
// --name=value (a flag without a value as --name).
func parseSlurmFlags(cmd *cobra.Command, args []string) ([]string, error) {
	f := cmd.Flags()
	var evolveArgs []string
	err := f.ParseAll(args, func(flag *pflag.Flag, value string) error {
		if err := f.Set(flag.Name, value); err != nil {
			return fmt.Errorf("invalid argument %q for %q flag: %v", value, "--"+flag.Name, err)
		}
		switch {
		case slurmOwn[flag.Name]:
		case flag.Name == "resume":
			return errors.New("--resume: the islands continue from the run's directory when the job is requeued; a new run needs a new script")
		case flag.Name == "island":
			return errors.New("--island: each task of the job is an island; the script gives each its own")
		case flag.Name == "json":
			return errors.New("--json: the islands print no summary; the merge job's log has the run's")
		case flag.Name == "report":
			// The merge's: it writes the run's report.
		case flag.NoOptDefVal != "" && value == flag.NoOptDefVal:
			evolveArgs = append(evolveArgs, "--"+flag.Name)
		default:
			evolveArgs = append(evolveArgs, "--"+flag.Name+"="+value)
		}
		return nil
	})
	if err != nil {
		return nil, cmd.FlagErrorFunc()(cmd, err)
	}
	if help, _ := f.GetBool("help"); help {
		return nil, nil
	}
	if f.NArg() > 0 {
		return nil, usagef("slurm evolve takes flags only, got the argument(s) %q", f.Args())
	}
	if !f.Changed("islands") {
		return nil, usagef("--islands is required")
	}
	if !f.Changed("out") && !f.Changed("exchange") {
		return nil, usagef("--out (or --exchange) is required: the run's directory on storage every node shares")
	}
	return evolveArgs, nil
}

// slurmPlan is what a submission script does: one job of Islands tasks,
// each running Task followed by TaskArgs (shell words, expanded in the
// task: $SLURM_PROCID is the task's number), then, once they all
// succeed, a job running After.
type slurmPlan struct {
	Islands     int
	Dir         string // the run's directory; logs go to Dir/slurm
	CPUsPerTask int
	Time        string
	Partition   string
	Task        []string
	TaskArgs    string // no single quote
	After       []string
	AfterName   string   // the job's name is darwinsim-AfterName
	Command     []string // the command that wrote the script, for its comment
}

// slurmTime is sbatch's --time: minutes, minutes:seconds,
// hours:minutes:seconds, days-hours, days-hours:minutes or
// days-hours:minutes:seconds.
var slurmTime = regexp.MustCompile(`^(?:(\d+)-(\d+)(?::(\d+)(?::(\d+))?)?|(\d+)(?::(\d+)(?::(\d+))?)?)$`)

// slurmSeconds is the length of a --time value in seconds.
func slurmSeconds(s string) (int, error) {
	m := slurmTime.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("--time %q is not a Slurm time (MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS)", s)
	}
	n := func(i int) int {
		v, _ := strconv.Atoi(m[i])
		return min(v, 1<<20)
	}
	if m[1] != "" {
		return ((n(1)*24+n(2))*60+n(3))*60 + n(4), nil
	}
	switch {
	case m[7] != "":
		return (n(5)*60+n(6))*60 + n(7), nil
	case m[6] != "":
		return n(5)*60 + n(6), nil
	}
	return n(5) * 60, nil
}

// check says what is wrong with a plan, as a usage error.
func (p *slurmPlan) check() error {
	if p.Islands < 1 {
		return usagef("--islands must be at least 1, got %d", p.Islands)
	}
	if p.CPUsPerTask < 1 {
		return usagef("--cpus-per-task must be at least 1, got %d", p.CPUsPerTask)
	}
	secs, err := slurmSeconds(p.Time)
	if err != nil {
		return usageError{err}
	}
	if secs <= stopLead {
		return usagef("--time %s leaves no time: the islands are asked to stop %d s before the limit", p.Time, stopLead)
	}
	if p.Dir == "" {
		return usagef("--out must name a directory")
	}
	if strings.ContainsAny(p.Dir, `%\`) {
		return usagef("--out %s: Slurm takes %% and \\ in its log paths for patterns: choose a directory without them", shellQuote(p.Dir))
	}
	if strings.Contains(p.TaskArgs, "'") || !shellSafe.MatchString(p.AfterName) {
		return fmt.Errorf("slurm plan: the task's arguments hold a single quote, or the name %q is not a word", p.AfterName)
	}
	if strings.HasPrefix(p.Partition, "-") {
		return usagef("--partition %s is not a partition name", shellQuote(p.Partition))
	}
	for _, a := range append(append(append([]string{p.Dir, p.Partition}, p.Task...), p.After...), p.Command...) {
		if strings.ContainsAny(a, "\n\r\x00") {
			return usagef("an argument holds a line break or NUL, which a batch script cannot carry: %q", a)
		}
	}
	return nil
}

// script is the bash script that submits the plan's two jobs and prints
// their ids. Every value is quoted for the shell; the batch scripts are
// here-documents whose delimiter is quoted, so that nothing in them is
// expanded before they run on the cluster.
func (p *slurmPlan) script() (string, error) {
	if err := p.check(); err != nil {
		return "", err
	}
	opts := func(extra ...string) string {
		o := append([]string{"--cpus-per-task=" + strconv.Itoa(p.CPUsPerTask), "--time=" + p.Time}, extra...)
		if p.Partition != "" {
			o = append(o, "--partition="+p.Partition)
		}
		return shellWords(o)
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("#!/usr/bin/env bash\n")
	w("# Submits darwinsim's islands to Slurm; written by\n#   %s\n", shellWords(p.Command))
	w("# Run it unchanged where sbatch works (bash submit.sh). It submits\n")
	w("#  1. one job of %d tasks started together, each an island; they are sent\n", p.Islands)
	w("#     SIGTERM %d s before the time limit, stop at a generation boundary,\n", stopLead)
	w("#     and the job requeues itself to continue;\n")
	w("#  2. a job that runs once every island has succeeded.\n")
	w("# It prints the two job ids. Logs: the directory's slurm/.\n")
	w("set -euo pipefail\n\n")
	w("dir=%s\n", shellQuote(p.Dir))
	w("mkdir -p -- \"$dir/slurm\"\n\n")
	w("islands=$(sbatch --parsable --job-name=darwinsim-islands --ntasks=%d \\\n", p.Islands)
	w("\t%s \\\n", opts("--signal=TERM@"+strconv.Itoa(stopLead), "--requeue", "--open-mode=append"))
	w("\t--output=\"$dir/slurm/islands-%%j.out\" <<'BATCH'\n")
	w("#!/bin/bash\n")
	w("# Each task's exit: 0 done, 1 stopped by SIGTERM (evolve's 130), 2 failed;\n")
	w("# srun exits with the highest.\n")
	w("set -uo pipefail\n")
	w("rc=0\n")
	w("srun --label --cpus-per-task=%d bash -c 'trap : TERM; \"$@\" %s; case $? in 0) exit 0 ;; 130) exit 1 ;; *) exit 2 ;; esac' task \\\n", p.CPUsPerTask, p.TaskArgs)
	w("\t%s || rc=$?\n", shellWords(p.Task))
	w("if [ \"$rc\" -eq 1 ]; then\n")
	w("\techo \"islands stopped before the time limit: requeueing job $SLURM_JOB_ID to continue\"\n")
	w("\tscontrol requeue \"$SLURM_JOB_ID\"\n")
	w("fi\n")
	w("exit \"$rc\"\n")
	w("BATCH\n)\n")
	w("islands=${islands%%%%;*}\n")
	w("echo \"islands: job $islands\"\n\n")
	w("after=$(sbatch --parsable --job-name=%s --ntasks=1 \\\n", shellQuote("darwinsim-"+p.AfterName))
	w("\t--dependency=afterok:\"$islands\" --kill-on-invalid-dep=yes \\\n")
	w("\t%s \\\n", opts())
	w("\t--output=\"$dir/slurm/%s-%%j.out\" <<'BATCH'\n", p.AfterName)
	w("#!/bin/bash\n")
	w("exec %s\n", shellWords(p.After))
	w("BATCH\n)\n")
	w("after=${after%%%%;*}\n")
	w("echo \"%s: job $after, once job $islands has succeeded\"\n", p.AfterName)
	return b.String(), nil
}

// shellSafe matches the words that the shell takes as they are.
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// shellQuote quotes s for a POSIX shell: as it is when that is safe, else
// in single quotes (a single quote inside as '\”).
func shellQuote(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellWords quotes each word and joins them with spaces.
func shellWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}
