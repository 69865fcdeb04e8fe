package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
)

// gamesReport is games' --json document.
type gamesReport struct {
	Format int         `json:"format"`
	Games  []gameEntry `json:"games"`
}

// gameEntry is one seed game in games' --json document.
type gameEntry struct {
	Name       string       `json:"name"`
	Seats      genome.Seats `json:"seats"`
	Bytes      int          `json:"bytes"`
	GenomeHash string       `json:"genome_hash"`
	Summary    string       `json:"summary"`
}

func newGamesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the seed games",
		Example: `  darwinsim games
  darwinsim games --json | jq -r '.games[].name'`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var rep gamesReport
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "NAME\tPLAYERS\tBYTES\tSUMMARY")
			for _, n := range genome.SeedNames() {
				g, err := genome.Seed(n)
				if err != nil {
					return err
				}
				code, err := compile.Compile(g)
				if err != nil {
					return err
				}
				rep.Games = append(rep.Games, gameEntry{Name: n, Seats: g.Seats, Bytes: len(code), GenomeHash: fmt.Sprintf("%x", g.Hash()), Summary: g.Summary})
				summary := g.Summary
				if i := indexSentenceEnd(summary); i > 0 {
					summary = summary[:i+1]
				}
				fmt.Fprintf(w, "%s\t%d-%d\t%d\t%s\n", printable(n), g.Seats.Min, g.Seats.Max, len(code), printable(summary))
			}
			if asJSON {
				rep.Format = jsonFormat
				return writeJSON(cmd.OutOrStdout(), rep)
			}
			return w.Flush()
		},
	}
	addJSON(cmd, &asJSON, "print the seed games as JSON")
	return cmd
}

func indexSentenceEnd(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' {
			return i
		}
	}
	return -1
}

// describeReport is describe's --json document: the game's genome and its
// rules in English.
type describeReport struct {
	Format     int             `json:"format"`
	Name       string          `json:"name"`
	GenomeHash string          `json:"genome_hash"`
	Rules      string          `json:"rules"`
	Genome     json.RawMessage `json:"genome"`
}

func newDescribeCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "describe [game|file]",
		Short: "Print a game's rules in plain English (default: crazy-eights)",
		Long: `Print a game's rules in plain English. With --json, print its genome (the
JSON document that docs/genome.md describes, which every command takes as a
game file) with the rules text.`,
		Example: `  darwinsim describe war
  darwinsim describe runs/a/hall_of_fame.json#1
  darwinsim describe war --json | jq .genome > my-war.json`,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gameArg(cmd, args, "crazy-eights")
			if err != nil {
				return err
			}
			if asJSON {
				js, err := gm.Genome.Encode()
				if err != nil {
					return err
				}
				return writeJSON(cmd.OutOrStdout(), describeReport{Format: jsonFormat, Name: gm.Name,
					GenomeHash: fmt.Sprintf("%x", gm.Genome.Hash()), Rules: gm.Genome.Describe(), Genome: js})
			}
			fmt.Fprint(cmd.OutOrStdout(), printableText(gm.Genome.Describe()))
			return nil
		},
	}
	addJSON(cmd, &asJSON, "print the genome and its rules as JSON")
	return cmd
}
