package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

func newReplayCmd(g *globals) *cobra.Command {
	var index uint64
	var seats int
	var policy string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "replay [game|file]",
		Short: "Print one game of a batch move by move (default: crazy-eights)",
		Long: `Replay game --game of the batch that "darwinsim simulate" plays with the
same --seed, --players and --policy, and print it move by move. The game
is the very one the batch counted, search players included: a search is
seeded by its game, not by the worker that played it.

` + policySpecsHelp,
		Example: `  darwinsim replay war --game 2
  darwinsim replay crazy-eights --policy ismcts:200,greedy -i 3
  darwinsim replay uno-style --seed 7 -i 0 --json | jq '.events[] | select(.kind == "effect") | .text'`,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gameArg(cmd, args, "crazy-eights")
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
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), replayJSON(gm.Name, g.seed, index, players.FormatList(specs), tr))
			}
			tr.Format(cmd.OutOrStdout())
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint64VarP(&index, "game", "i", 0, "index of the game in the batch")
	f.IntVarP(&seats, "players", "p", 0, "seats (0: the game's default)")
	f.StringVar(&policy, "policy", "random", policyHelp)
	addJSON(cmd, &asJSON, "print the deal, every event and the result as JSON")
	g.addSeed(cmd)
	return cmd
}

// replayReport is replay's --json document.
type replayReport struct {
	Format int    `json:"format"`
	Game   string `json:"game"`
	Seed   uint64 `json:"seed"`
	Index  uint64 `json:"index"`
	Policy string `json:"policy"`
	evolve.Versions
	// GameSeed is the game's own seed, derived from Seed and Index, in
	// hexadecimal as the text replay prints it: a 64-bit number that
	// JSON readers holding numbers as doubles would round.
	GameSeed string     `json:"game_seed"`
	Seats    int        `json:"seats"`
	Hands    [][]string `json:"hands"`
	// DealHands are the hands of each later deal of a match, deal 2's
	// first (each dealt just before its "deal" event).
	DealHands [][][]string  `json:"deal_hands"`
	Starter   *string       `json:"starter"`
	Events    []replayEvent `json:"events"`
	Result    replayOutcome `json:"result"`
}

// replayEvent is one vm.Event: its kind's name, its raw operands (what
// each means by kind is in the vm package's EventKind list) and its line
// of the text replay.
type replayEvent struct {
	Kind string `json:"kind"`
	Seat int    `json:"seat"`
	Card int    `json:"card"`
	N    int    `json:"n"`
	Text string `json:"text"`
}

// replayOutcome is how the game ended.
type replayOutcome struct {
	Outcome   string `json:"outcome"` // win, tie, capped or aborted
	Winners   []int  `json:"winners"`
	Turns     int    `json:"turns"`
	Decisions int    `json:"decisions"`
	Plays     int    `json:"plays"`
	Blocked   bool   `json:"blocked"`
	Text      string `json:"text"`
}

func replayJSON(name string, seed, index uint64, policy string, tr *vm.Trace) replayReport {
	rep := replayReport{Format: jsonFormat, Game: name, Seed: seed, Index: index, Policy: policy, Versions: evolve.CurrentVersions(),
		GameSeed: fmt.Sprintf("%#016x", tr.Seed), Seats: tr.Seats, Hands: cardNames(tr.Hands), DealHands: [][][]string{}, Events: []replayEvent{}}
	for _, hs := range tr.DealHands {
		rep.DealHands = append(rep.DealHands, cardNames(hs))
	}
	if tr.Starter >= 0 {
		s := bytecode.CardName(uint8(tr.Starter))
		rep.Starter = &s
	}
	for _, e := range tr.Events {
		rep.Events = append(rep.Events, replayEvent{Kind: e.Kind.String(), Seat: int(e.Seat), Card: int(e.Card), N: e.N, Text: e.String()})
	}
	r := tr.Result
	rep.Result = replayOutcome{Winners: []int{}, Turns: r.Turns, Decisions: r.Decisions, Plays: r.Plays, Blocked: r.Blocked, Text: r.Words()}
	switch r.Winner {
	case vm.Capped:
		rep.Result.Outcome = "capped"
	case vm.Tie:
		rep.Result.Outcome = "tie"
	case vm.Aborted:
		rep.Result.Outcome = "aborted"
	default:
		rep.Result.Outcome = "win"
		for s := range tr.Seats {
			if r.WinMask&(1<<s) != 0 {
				rep.Result.Winners = append(rep.Result.Winners, s)
			}
		}
	}
	return rep
}

// cardNames names each seat's cards.
func cardNames(hands [][]uint8) [][]string {
	out := [][]string{}
	for _, h := range hands {
		cards := []string{}
		for _, c := range h {
			cards = append(cards, bytecode.CardName(c))
		}
		out = append(out, cards)
	}
	return out
}
