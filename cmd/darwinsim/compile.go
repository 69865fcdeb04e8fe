package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/internal/atomicfile"
)

func newCompileCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:               "compile [game|file]",
		Short:             "Compile a genome to a program (default: crazy-eights)",
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out != "" {
				if err := atomicfile.Check(out); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			gm, err := gameArg(args, "crazy-eights")
			if err != nil {
				return err
			}
			if out != "" {
				// A name taken from a path is not the game's: the file
				// gets none, and its reader names it by its own path.
				name := ""
				if gm.Named {
					name = gm.Name
				}
				file, err := fbs.WriteProgram(name, gm.Genome.Summary, gm.Genome, gm.Code)
				if err != nil {
					return err
				}
				if err := atomicfile.Write(out, file); err != nil {
					return err
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d bytes, format %d, semantics %d, genome %x\n",
				printable(gm.Name), len(gm.Code), bytecode.FormatVersion, bytecode.SemanticsVersion, gm.Genome.Hash())
			if out != "" {
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", printable(out))
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "write a program file (FlatBuffers: bytecode, genome, name, hash) to this path")
	return cmd
}

func newDisasmCmd() *cobra.Command {
	return &cobra.Command{
		Use:               "disasm [game|file]",
		Short:             "Disassemble a game's program (default: crazy-eights)",
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gameArg(args, "crazy-eights")
			if err != nil {
				return err
			}
			s, err := bytecode.Disassemble(gm.Code)
			if err != nil {
				return err
			}
			fmt.Fprint(cmd.OutOrStdout(), s)
			return nil
		},
	}
}
