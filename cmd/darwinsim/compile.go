package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/fbs"
)

// compileReport is compile's --json document.
type compileReport struct {
	Format int    `json:"format"`
	Name   string `json:"name"`
	Bytes  int    `json:"bytes"`
	evolve.Versions
	GenomeHash string `json:"genome_hash"`
	// Out is the file written, if any, and Raw whether it holds the bare
	// bytecode rather than a program file.
	Out string `json:"out,omitempty"`
	Raw bool   `json:"raw,omitempty"`
}

func newCompileCmd() *cobra.Command {
	var out string
	var raw, asJSON bool
	cmd := &cobra.Command{
		Use:   "compile [game|file]",
		Short: "Compile a genome to a program (default: crazy-eights)",
		Long: `Compile a game's genome to its program and print the program's size, its
bytecode format and semantics versions and the genome's hash. With -o, also
write a program file (FlatBuffers: the bytecode, the genome JSON, its hash
and its name), which every command takes as a game argument; with --raw, the
file holds the bare bytecode alone (the bytes a batch request's program
holds, and "disasm" reads back). -o - writes the file to standard output,
and nothing else.`,
		Example: `  darwinsim compile war -o war.dspf
  darwinsim compile my-game.json --json
  darwinsim compile war --raw -o war.dsbc && darwinsim disasm war.dsbc
  darwinsim compile war --raw -o - | od -An -v -tu1`,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if raw && out == "" {
				return usagef("--raw says what -o writes: give -o FILE, or -o - for standard output")
			}
			if err := checkOut(cmd, out, asJSON); err != nil {
				return err
			}
			gm, err := gameArg(cmd, args, "crazy-eights")
			if err != nil {
				return err
			}
			if out != "" {
				data := gm.Code
				if !raw {
					// A name taken from a path is not the game's: the
					// file gets none, and its reader names it by its own
					// path.
					name := ""
					if gm.Named {
						name = gm.Name
					}
					if data, err = fbs.WriteProgram(name, gm.Genome.Summary, gm.Genome, gm.Code); err != nil {
						return err
					}
				}
				if err := writeOut(cmd, out, data); err != nil {
					return err
				}
				if out == stdio {
					return nil // the file is the output
				}
			}
			w := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(w, compileReport{Format: jsonFormat, Name: gm.Name, Bytes: len(gm.Code), Versions: evolve.CurrentVersions(),
					GenomeHash: fmt.Sprintf("%x", gm.Genome.Hash()), Out: out, Raw: raw})
			}
			fmt.Fprintf(w, "%s: %d bytes, format %d, semantics %d, genome %x\n",
				printable(gm.Name), len(gm.Code), bytecode.FormatVersion, bytecode.SemanticsVersion, gm.Genome.Hash())
			switch {
			case raw:
				fmt.Fprintf(w, "wrote %s (bare bytecode)\n", printable(out))
			case out != "":
				fmt.Fprintf(w, "wrote %s\n", printable(out))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "out", "o", "", "write a program file (FlatBuffers: bytecode, genome, name, hash) to this path (-: to standard output)")
	f.BoolVar(&raw, "raw", false, "with -o, write the bare bytecode instead of a program file")
	addJSON(cmd, &asJSON, "print the program's size, versions and genome hash as JSON")
	return cmd
}

func newDisasmCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "disasm [game|file]",
		Short: "Disassemble a game's program (default: crazy-eights)",
		Example: `  darwinsim disasm war
  darwinsim disasm war.dspf
  darwinsim compile my-game.json --raw -o - | darwinsim disasm -`,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gameArg(cmd, args, "crazy-eights")
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
