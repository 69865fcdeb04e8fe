package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
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
			fmt.Fprintf(cmd.OutOrStdout(), "darwinsim %s\ngenome schema %d, bytecode format %d, semantics %d\n",
				v, genome.SchemaVersion, bytecode.FormatVersion, bytecode.SemanticsVersion)
			return nil
		},
	}
}
