package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/pprof"
	"strings"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/internal/atomicfile"
)

// Exit codes.
const (
	exitOK        = 0
	exitError     = 1
	exitUsage     = 2
	exitInterrupt = 130 // 128 + SIGINT, as shells report a command stopped by Ctrl-C
)

// DefaultSeed is the seed every command uses unless --seed is given. It is
// printed with every result, so a result can always be reproduced.
const DefaultSeed = 1

// workersPerCore bounds --workers: more workers than this per core only
// cost memory (each owns a machine and its statistics), never speed.
const workersPerCore = 4

// globals are the flags that several commands share; each command
// declares those it reads (addSeed, addWorkers, addQuiet, addProfiles).
type globals struct {
	seed       uint64
	workers    int
	quiet      bool
	cpuprofile string
	memprofile string
	cpuFile    *atomicfile.File
}

// usageError marks a mistake in how the command was called: it gets exit
// code 2 and a line that points at the command's help.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// run executes the CLI and returns the process exit code: 0 success, 1
// error (a lost write to stdout included), 2 usage mistake, 130 stopped by
// ctx (an interrupt or SIGTERM in main).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out := &outWriter{w: stdout}
	g := &globals{}
	root := newRootCmd(g, out, stderr)
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if perr := g.stopCPUProfile(); perr != nil && err == nil {
		err = perr
	}
	if werr := out.Err(); werr != nil && (err == nil || errors.Is(err, werr)) {
		err = fmt.Errorf("writing output: %w", werr)
	}
	if err == nil {
		return exitOK
	}
	msg := err.Error()
	if err == context.Canceled {
		msg = "interrupted"
	}
	msg = printableText(strings.TrimRight(msg, "\n"))
	var ue usageError
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, evolve.ErrInterrupted) || ctx.Err() != nil:
		fmt.Fprintf(stderr, "darwinsim: %s\n", msg)
		return exitInterrupt
	case errors.As(err, &ue):
		path := "darwinsim"
		if cmd != nil {
			path = cmd.CommandPath()
		}
		fmt.Fprintf(stderr, "darwinsim: %s\nRun '%s --help' for usage.\n", msg, path)
		return exitUsage
	}
	fmt.Fprintf(stderr, "darwinsim: %s\n", msg)
	return exitError
}

// stopCPUProfile ends the CPU profile, if one runs, and puts its file in
// place.
func (g *globals) stopCPUProfile() error {
	if g.cpuFile == nil {
		return nil
	}
	pprof.StopCPUProfile()
	f := g.cpuFile
	g.cpuFile = nil
	if err := f.Commit(); err != nil {
		return fmt.Errorf("cpu profile: %w", err)
	}
	return nil
}

// start checks the shared flags for the command about to run and
// starts the CPU profile.
func (g *globals) start(cmd *cobra.Command) error {
	if g.workers < 0 {
		return usagef("--workers must be 0 (all cores) or more, got %d", g.workers)
	}
	g.workers = clampWorkers(cmd.ErrOrStderr(), "--workers", g.workers)
	for _, o := range []struct{ flag, path string }{{"memprofile", g.memprofile}, {"cpuprofile", g.cpuprofile}} {
		if o.path != "" {
			if err := atomicfile.Check(o.path); err != nil {
				return fmt.Errorf("--%s: %w", o.flag, err)
			}
		}
	}
	if g.cpuprofile != "" {
		f, err := atomicfile.Create(g.cpuprofile)
		if err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Abort()
			return fmt.Errorf("cpu profile: %w", err)
		}
		g.cpuFile = f
	}
	return nil
}

// clampWorkers bounds a worker count at workersPerCore per core, saying
// so on stderr when it does. Results never depend on the worker count.
func clampWorkers(stderr io.Writer, what string, workers int) int {
	limit := workersPerCore * runtime.NumCPU()
	if workers <= limit {
		return workers
	}
	fmt.Fprintf(stderr, "darwinsim: %s %d is more than %d per core; using %d (%d cores)\n", what, workers, workersPerCore, limit, runtime.NumCPU())
	return limit
}

// writeMemProfile writes the allocation profile, if asked for.
func (g *globals) writeMemProfile() error {
	if g.memprofile == "" {
		return nil
	}
	f, err := atomicfile.Create(g.memprofile)
	if err != nil {
		return fmt.Errorf("memory profile: %w", err)
	}
	runtime.GC()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Abort()
		return fmt.Errorf("memory profile: %w", err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("memory profile: %w", err)
	}
	return nil
}

// newRootCmd builds the command tree writing to stdout and stderr (set
// before the completion command is made, which keeps the writer it finds).
func newRootCmd(g *globals, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "darwinsim",
		Short: "Compile, simulate and evolve card games",
		Long: `darwinsim evolves card games. A game is a genome (JSON), compiled to compact
bytecode that a seeded VM plays thousands of times in parallel; the statistics
of those games score the genome, and a genetic loop breeds new games.

Game arguments accept a seed game's name (see "darwinsim games"), a genome
JSON file or a program file, or - for a genome or program read from
standard input. A name that is both a seed game and a file in the current
directory is refused: write ./NAME for the file or seed:NAME for the seed
game. Every result is reproducible from --seed.

Output files (-o/--out) are written whole or not at all (through a
temporary file and a rename), and only over regular files: a device, FIFO,
socket, directory or symbolic link is refused and left as it is. -o - writes
the file to standard output instead.

--json prints a command's result as one JSON document, with a "format"
version; docs/json.md describes every key.

Ctrl-C or SIGTERM stops the work at its next safe point (evolve: after the
generation being scored, with a checkpoint to --resume from); a second one
stops at once.

Exit codes: 0 success, 1 error (an output that could not be written
included), 2 usage mistake, 130 stopped by Ctrl-C or SIGTERM.`,
		Example: `  darwinsim games
  darwinsim describe war
  darwinsim simulate uno-style -n 20000 --json
  darwinsim evolve --preset default -o runs/a`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          subcommandArgs,
		RunE:          func(cmd *cobra.Command, args []string) error { return cmd.Help() },
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return g.start(cmd)
		},
		PersistentPostRunE: func(cmd *cobra.Command, args []string) error {
			return g.writeMemProfile()
		},
	}
	// -q before the command's name ("darwinsim -q simulate") is the
	// command's flag, but cobra looks for the command past the root's
	// flags, and would take the name for the value of a flag it does not
	// know: hidden here, -q tells it that --quiet takes none.
	root.Flags().BoolP("quiet", "q", false, "no progress output")
	root.Flags().MarkHidden("quiet")
	root.Version = buildVersion()
	root.SetVersionTemplate(versionText())
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newGamesCmd(),
		newDescribeCmd(),
		newCompileCmd(),
		newDisasmCmd(),
		newSimulateCmd(g),
		newReplayCmd(g),
		newPlayCmd(g),
		newEvolveCmd(g),
		newMergeCmd(g),
		newScoreCmd(g),
		newReportCmd(g),
		newBenchCmd(g),
		newSlurmCmd(),
		newVersionCmd(),
	)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetHelpCommand(newHelpCmd(root))
	root.InitDefaultCompletionCmd()
	completionExamples(root)
	registerCompletions(root)
	strictArgs(root)
	return root
}

// strictArgs makes every argument mistake in the tree a usage error: a
// command with subcommands and no work of its own (completion) rejects an
// unknown subcommand and shows its help when given none, and every
// argument check (cobra's own included) returns a usageError.
func strictArgs(c *cobra.Command) {
	if c.HasSubCommands() && !c.Runnable() {
		c.Args = subcommandArgs
		c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
	}
	if check := c.Args; check != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			err := check(cmd, args)
			var ue usageError
			if err != nil && !errors.As(err, &ue) {
				err = usageError{err}
			}
			return err
		}
	}
	for _, sub := range c.Commands() {
		strictArgs(sub)
	}
}

// subcommandArgs is the argument check of a command that only groups
// subcommands: any argument is an unknown subcommand.
func subcommandArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	return usagef("unknown command %q for %q%s", args[0], cmd.CommandPath(), suggestions(cmd, args[0]))
}

// suggestions is cobra's "did you mean" list of cmd's subcommands close to
// arg, or "".
func suggestions(cmd *cobra.Command, arg string) string {
	if cmd.SuggestionsMinimumDistance <= 0 {
		cmd.SuggestionsMinimumDistance = 2 // cobra's default
	}
	s := cmd.SuggestionsFor(arg)
	if len(s) == 0 {
		return ""
	}
	return " (did you mean " + wordList(s, "or") + "?)"
}

// newHelpCmd replaces cobra's help command, which prints the root's usage
// and exits 0 for an unknown topic: here an unknown topic is a usage error.
func newHelpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long: `Help provides help for any command in the application.
Simply type darwinsim help [path to command] for full details.`,
		Example: `  darwinsim help simulate
  darwinsim help completion bash`,
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			cmd, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, sub := range cmd.Commands() {
				if (sub.IsAvailableCommand() || sub.Name() == "help") && strings.HasPrefix(sub.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				parent, unknown := root, args[0]
				if err == nil {
					parent, unknown = cmd, rest[0]
				}
				return usagef("unknown help topic %q%s", strings.Join(args, " "), suggestions(parent, unknown))
			}
			cmd.InitDefaultHelpFlag()
			cmd.InitDefaultVersionFlag()
			return cmd.Help()
		},
	}
}

// exactArgs is cobra.ExactArgs returning a usage error.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s takes %d argument(s), got %d", cmd.Name(), n, len(args))
		}
		return nil
	}
}

// maxArgs is cobra.MaximumNArgs returning a usage error.
func maxArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return usagef("%s takes at most %d argument(s), got %d", cmd.Name(), n, len(args))
		}
		return nil
	}
}
