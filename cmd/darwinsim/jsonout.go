package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/internal/atomicfile"
)

// jsonFormat is the "format" of every --json document: the version of the
// layouts that docs/json.md describes. Adding a key keeps it; removing or
// renaming a key, or changing what one means, adds one.
const jsonFormat = 1

// addJSON declares a command's --json flag.
func addJSON(cmd *cobra.Command, asJSON *bool, usage string) {
	cmd.Flags().BoolVar(asJSON, "json", false, usage+" (docs/json.md)")
}

// writeJSON prints v as one indented JSON document and a newline. Text
// such as rules is kept as it is ("<" stays "<"): the document is data for
// scripts, never HTML.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// stdio is the file name "-": standard input as a game argument, standard
// output as an output file.
const stdio = "-"

// checkOut checks an output file given to -o/--out before any work. "-"
// is standard output, which --json cannot share, and which takes binary
// data only when it is not a terminal; any other path must be one that
// atomicfile may write.
func checkOut(cmd *cobra.Command, out string, asJSON bool) error {
	switch {
	case out == "":
		return nil
	case out == stdio && asJSON:
		return usagef("--json and --out - would both write to standard output: give --out a file, or leave out --json")
	case out == stdio && isTerminal(cmd.OutOrStdout()):
		return fmt.Errorf("--out -: refusing to write a binary file to a terminal: redirect standard output, or give --out a file")
	case out == stdio:
		return nil
	}
	if err := atomicfile.Check(out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	return nil
}

// writeOut writes an output file whole: to standard output for "-",
// else through atomicfile.
func writeOut(cmd *cobra.Command, out string, data []byte) error {
	if out == stdio {
		_, err := cmd.OutOrStdout().Write(data)
		return err
	}
	return atomicfile.Write(out, data)
}
