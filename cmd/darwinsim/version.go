package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/fbs"
)

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version and the formats this build reads and writes",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			v := "(devel)"
			if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
				v = bi.Main.Version
			}
			vs := evolve.CurrentVersions()
			fmt.Fprintf(cmd.OutOrStdout(), "darwinsim %s\ngenome schema %d, bytecode format %d, semantics %d, fitness %d\n",
				v, vs.GenomeSchema, vs.BytecodeFormat, vs.Semantics, vs.Fitness)
			fmt.Fprintf(cmd.OutOrStdout(), "files: program %d, batch request %d, batch result %d, checkpoint %d\n",
				fbs.ProgramFileVersion, fbs.BatchRequestVersion, fbs.BatchResultVersion, fbs.CheckpointVersion)
			return nil
		},
	}
}
