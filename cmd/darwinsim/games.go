package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
)

func newGamesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the seed games",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
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
				summary := g.Summary
				if i := indexSentenceEnd(summary); i > 0 {
					summary = summary[:i+1]
				}
				fmt.Fprintf(w, "%s\t%d-%d\t%d\t%s\n", printable(n), g.Seats.Min, g.Seats.Max, len(code), printable(summary))
			}
			return w.Flush()
		},
	}
}

func indexSentenceEnd(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' {
			return i
		}
	}
	return -1
}

func newDescribeCmd() *cobra.Command {
	return &cobra.Command{
		Use:               "describe [game|file]",
		Short:             "Print a game's rules in plain English (default: crazy-eights)",
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gameArg(args, "crazy-eights")
			if err != nil {
				return err
			}
			fmt.Fprint(cmd.OutOrStdout(), printableText(gm.Genome.Describe()))
			return nil
		},
	}
}
