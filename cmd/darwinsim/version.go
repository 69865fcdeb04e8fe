package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/fbs"
)

// buildVersion is the module version this binary was built from, or
// "(devel)".
func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// versionText is what "darwinsim version" and "darwinsim --version" print.
func versionText() string {
	vs := evolve.CurrentVersions()
	return fmt.Sprintf("darwinsim %s\ngenome schema %d, bytecode format %d, semantics %d, fitness %d\n", buildVersion(), vs.GenomeSchema, vs.BytecodeFormat, vs.Semantics, vs.Fitness) +
		fmt.Sprintf("files: program %d, batch request %d, batch result %d, checkpoint %d\n", fbs.ProgramFileVersion, fbs.BatchRequestVersion, fbs.BatchResultVersion, fbs.CheckpointVersion)
}

// versionReport is version's --json document.
type versionReport struct {
	Format  int    `json:"format"`
	Version string `json:"version"`
	evolve.Versions
	Files fileVersions `json:"files"`
}

// fileVersions are the versions of the files darwinsim reads and writes.
type fileVersions struct {
	Program      int `json:"program"`
	BatchRequest int `json:"batch_request"`
	BatchResult  int `json:"batch_result"`
	Checkpoint   int `json:"checkpoint"`
}

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version and the formats this build reads and writes",
		Example: `  darwinsim version
  darwinsim --version
  darwinsim version --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), versionReport{Format: jsonFormat, Version: buildVersion(), Versions: evolve.CurrentVersions(),
					Files: fileVersions{Program: fbs.ProgramFileVersion, BatchRequest: fbs.BatchRequestVersion, BatchResult: fbs.BatchResultVersion, Checkpoint: fbs.CheckpointVersion}})
			}
			fmt.Fprint(cmd.OutOrStdout(), versionText())
			return nil
		},
	}
	addJSON(cmd, &asJSON, "print the versions as JSON")
	return cmd
}
