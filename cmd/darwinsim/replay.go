package main

import (
	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

func newReplayCmd(g *globals) *cobra.Command {
	var index uint64
	var seats int
	var policy string
	cmd := &cobra.Command{
		Use:   "replay [game|file]",
		Short: "Print one game of a batch move by move (default: crazy-eights)",
		Long: `Replay game --game of the batch that "darwinsim simulate" plays with the
same --seed, --players and --policy, and print it move by move. The game
is the very one the batch counted, search players included: a search is
seeded by its game, not by the worker that played it.

` + policySpecsHelp,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gameArg(args, "crazy-eights")
			if err != nil {
				return err
			}
			specs, err := parsePolicies(policy)
			if err != nil {
				return err
			}
			p, err := vm.Load(gm.Code)
			if err != nil {
				return err
			}
			cfg := vm.BatchConfig{Games: 1, Seats: seats, Seed: g.seed}
			players.Configure(&cfg, specs)
			if err := cfg.Validate(p); err != nil {
				return usageError{err}
			}
			tr, err := cfg.Replay(p, index)
			if err != nil {
				return usageError{err}
			}
			tr.Format(cmd.OutOrStdout())
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint64VarP(&index, "game", "i", 0, "index of the game in the batch")
	f.IntVarP(&seats, "players", "p", 0, "seats (0: the game's default)")
	f.StringVar(&policy, "policy", "random", policyHelp)
	return cmd
}
