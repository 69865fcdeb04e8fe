package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// DefaultSeed is the seed every command uses unless --seed is given. It is
// printed with every result, so a result can always be reproduced.
const DefaultSeed = 1

// globals are the flags every command shares.
type globals struct {
	seed       uint64
	workers    int
	quiet      bool
	cpuprofile string
	memprofile string
	cpuFile    *os.File
}

// usageError marks a mistake in how the command was called: it gets the
// usage text and exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// run executes the CLI and returns the process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	g := &globals{}
	root := newRootCmd(g)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if g.cpuFile != nil {
		pprof.StopCPUProfile()
		g.cpuFile.Close()
	}
	if err == nil {
		return exitOK
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "darwinsim: %v\n\n", err)
		fmt.Fprint(stderr, cmd.UsageString())
		return exitUsage
	}
	fmt.Fprintf(stderr, "darwinsim: %v\n", err)
	return exitError
}

func newRootCmd(g *globals) *cobra.Command {
	root := &cobra.Command{
		Use:   "darwinsim",
		Short: "Compile, simulate and evolve card games",
		Long: `darwinsim evolves card games. A game is a genome (JSON), compiled to compact
bytecode that a seeded VM plays thousands of times in parallel; the statistics
of those games score the genome, and a genetic loop breeds new games.

Game arguments accept a seed game's name (see "darwinsim games"), a genome
JSON file or a program file. Every result is reproducible from --seed.

Exit codes: 0 success, 1 error, 2 usage mistake.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if g.workers < 0 {
				return usagef("--workers must be 0 (all cores) or more, got %d", g.workers)
			}
			if g.cpuprofile != "" {
				f, err := os.Create(g.cpuprofile)
				if err != nil {
					return fmt.Errorf("cpu profile: %w", err)
				}
				if err := pprof.StartCPUProfile(f); err != nil {
					f.Close()
					return fmt.Errorf("cpu profile: %w", err)
				}
				g.cpuFile = f
			}
			return nil
		},
		PersistentPostRunE: func(cmd *cobra.Command, args []string) error {
			if g.memprofile == "" {
				return nil
			}
			f, err := os.Create(g.memprofile)
			if err != nil {
				return fmt.Errorf("memory profile: %w", err)
			}
			defer f.Close()
			runtime.GC()
			if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
				return fmt.Errorf("memory profile: %w", err)
			}
			return nil
		},
	}
	pf := root.PersistentFlags()
	pf.Uint64Var(&g.seed, "seed", DefaultSeed, "seed of every random choice (printed with each result)")
	pf.IntVar(&g.workers, "workers", 0, "parallel workers (0: one per core); results do not depend on it")
	pf.BoolVarP(&g.quiet, "quiet", "q", false, "no progress output")
	pf.StringVar(&g.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	pf.StringVar(&g.memprofile, "memprofile", "", "write an allocation profile to this file")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newGamesCmd(),
		newDescribeCmd(),
		newCompileCmd(),
		newDisasmCmd(),
		newSimulateCmd(g),
		newReplayCmd(g),
		newEvolveCmd(g),
		newScoreCmd(g),
		newBenchCmd(g),
		newVersionCmd(),
	)
	return root
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
