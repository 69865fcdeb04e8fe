package main

import (
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// parsePolicies reads --policy: one policy spec for every seat, or a
// comma-separated list, one per seat (players.ParseList). A bad spec is a
// usage error.
func parsePolicies(s string) ([]players.Spec, error) {
	specs, err := players.ParseList(s)
	if err != nil {
		return nil, usagef("--policy: %w", err)
	}
	return specs, nil
}

// policyHelp is the --policy flag's help, shared by the commands that take
// one.
const policyHelp = "policy spec for every seat, or a comma-separated list per seat: random, greedy, ismcts:N or mcts:N"

// policySpecsHelp explains policy specs in a command's long help.
const policySpecsHelp = `A policy spec says how a seat plays: random, greedy (one ply, harmful
effect cards first), ismcts:N (information-set Monte Carlo tree search of
N iterations per decision, which sees only what its seat may see) or
mcts:N (the same search allowed to see every card: a yardstick of what
peeking is worth, never a fair player); ismcts:N:C sets the search's
exploration constant C (default 0.7). --policy takes one spec for every
seat or a comma-separated list, one per seat: --policy ismcts:200,greedy.`

// requestHolds are simulate's flags that a batch request file holds: with
// --request they would be ignored, so giving one is a usage error.
var requestHolds = []string{"games", "seed", "players", "policy"}

func newSimulateCmd(g *globals) *cobra.Command {
	var games, seats int
	var policy, request, out string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "simulate [game|file]",
		Short: "Play many games and print their statistics (default: crazy-eights)",
		Long: `Play many games of one game and print win rates, game lengths and the
other statistics evolution scores games by. The same --seed gives the same
output, byte for byte, with any number of --workers, search players
included: each worker has its own, seeded by each game. The p10, median
and p90 of turns, decisions and plays are read from a histogram: exact
below 256, and at most 0.8% below the exact value above.

` + policySpecsHelp + `

With --request, the batch (program, games, seats, policy specs, seed)
comes from a FlatBuffers batch request file (fbs/batch_request.fbs), and
the flags that file holds (--games, --seed, --players, --policy) cannot be
given; --workers overrides the request's workers, since results do not
depend on them.`,
		Example: `  darwinsim simulate uno-style -n 20000
  darwinsim simulate crazy-eights -n 500 --policy ismcts:200,greedy --json
  darwinsim compile war -o - | darwinsim simulate - -n 1000
  darwinsim simulate --request req.dsrq -o res.dsrs`,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOut(cmd, out, asJSON); err != nil {
				return err
			}
			if request != "" {
				if len(args) > 0 {
					return usagef("--request names the game; give no game argument")
				}
				for _, name := range requestHolds {
					if cmd.Flags().Changed(name) {
						return usagef("--%s cannot be given with --request: the request file holds it", name)
					}
				}
				return runRequest(cmd, g, request, out, asJSON)
			}
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
			cfg := vm.BatchConfig{Games: games, Seats: seats, Seed: g.seed, Workers: g.workers}
			players.Configure(&cfg, specs)
			if err := cfg.Validate(p); err != nil {
				return usageError{err}
			}
			return playBatch(cmd, g, gm.Name, players.FormatList(specs), p, cfg, blockable(gm.Genome), out, asJSON)
		},
	}
	f := cmd.Flags()
	f.IntVarP(&games, "games", "n", 10000, "games to play")
	f.IntVarP(&seats, "players", "p", 0, "seats (0: the game's default)")
	f.StringVar(&policy, "policy", "random", policyHelp)
	addJSON(cmd, &asJSON, "print the statistics as JSON")
	f.StringVar(&request, "request", "", "run the batch described by this FlatBuffers batch request file (program, games, seats, policy specs, seed, workers)")
	f.StringVarP(&out, "out", "o", "", "also write the statistics to this FlatBuffers batch result file (-: to standard output, instead of the table)")
	g.addSeed(cmd)
	g.addWorkers(cmd)
	g.addQuiet(cmd)
	g.addProfiles(cmd)
	return cmd
}

// runRequest runs a batch request written by an external driver. Its seed
// and workers come from the file; --workers, when given, overrides the
// workers (the result does not depend on them).
func runRequest(cmd *cobra.Command, g *globals, path, out string, asJSON bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	req, err := fbs.ReadBatchRequest(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	p, err := vm.Load(req.Program)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	cfg := req.Config() // valid: ReadBatchRequest checks it against the program
	if cmd.Flags().Changed("workers") {
		cfg.Workers = g.workers
	} else {
		cfg.Workers = clampWorkers(cmd.ErrOrStderr(), path+": workers", cfg.Workers)
	}
	policy := players.FormatList(req.Policies)
	if policy == "" {
		policy = "random"
	}
	// The request holds only the program: its genome says whether a game
	// can end blocked. A program Load accepts decompiles; should one not,
	// the blocked share is printed only when some game ended blocked.
	gm, _ := compile.Decompile(req.Program)
	return playBatch(cmd, g, path, policy, p, cfg, blockable(gm), out, asJSON)
}

// blockable reports whether a game of g can end blocked (its end has a
// blocked rule), so that simulate's table shows the share of blocked games
// even when no game of the batch ended so.
func blockable(g *genome.Genome) bool { return g != nil && g.End.Blocked > 0 }

// playBatch plays the batch cfg of p with a progress bar, writes its
// result file out (if any) and prints its statistics for the game name
// played by policy. The table shows the share of blocked games when
// canBlock (the game has a blocked rule) or some game ended blocked.
func playBatch(cmd *cobra.Command, g *globals, name, policy string, p *vm.Program, cfg vm.BatchConfig, canBlock bool, out string, asJSON bool) error {
	bar := newProgress(cmd.ErrOrStderr(), g.quiet, cfg.Games, "games")
	cfg.Progress = bar.update
	st, err := vm.Batch(cmd.Context(), p, cfg)
	bar.done()
	if err != nil {
		return err
	}
	if out != "" {
		buf, err := fbs.WriteBatchResult(cfg.Seed, cfg.Games, st)
		if err != nil {
			return err
		}
		if err := writeOut(cmd, out, buf); err != nil {
			return err
		}
		if out == stdio {
			return nil // the result file is the output
		}
	}
	w := cmd.OutOrStdout()
	if asJSON {
		return writeStatsJSON(w, name, cfg.Seed, policy, st)
	}
	writeStatsTable(w, name, cfg.Seed, policy, st, tableShows{blocked: canBlock, responses: p.HasResponses(), captures: p.CanCapture()})
	return nil
}

type summary struct {
	WinRate              []float64          `json:"win_rate"`
	WinRateLow           []float64          `json:"win_rate_low"`
	WinRateHigh          []float64          `json:"win_rate_high"`
	FirstPlayerAdvantage float64            `json:"first_player_advantage"`
	Turns                distSummary        `json:"turns"`
	Decisions            distSummary        `json:"decisions"`
	Plays                distSummary        `json:"plays"`
	OptionsPerDecision   float64            `json:"options_per_decision"`
	ForcedShare          float64            `json:"forced_share"`
	InformedPerSeat      float64            `json:"informed_decisions_per_seat"`
	LeadChangesPerGame   float64            `json:"lead_changes_per_game"`
	InteractionsPerTurn  float64            `json:"interactions_per_turn"`
	DrawsPerGame         float64            `json:"draws_per_game"`
	PassesPerGame        float64            `json:"passes_per_game"`
	BlockedShare         float64            `json:"blocked_share"`
	FizzledPerGame       float64            `json:"fizzled_per_game"`
	ResponsesPerGame     float64            `json:"responses_per_game"`
	CancelledPerGame     float64            `json:"cancelled_per_game"`
	EffectsPerGame       map[string]float64 `json:"effects_per_game"`
	CapturesPerGame      float64            `json:"captures_per_game"`
	DealsPerGame         float64            `json:"deals_per_game,omitempty"` // a match's only
	TurnsPerDeal         float64            `json:"turns_per_deal,omitempty"` // a match's only
}

type distSummary struct {
	Mean   float64 `json:"mean"`
	P10    uint64  `json:"p10"`
	Median uint64  `json:"median"`
	P90    uint64  `json:"p90"`
	Max    uint64  `json:"max"`
}

func summarize(st *vm.Stats) summary {
	s := summary{
		FirstPlayerAdvantage: st.FirstPlayerAdvantage(),
		Turns:                distOf(&st.Turns),
		Decisions:            distOf(&st.Decisions),
		Plays:                distOf(&st.Plays),
		OptionsPerDecision:   st.OptionsPerDecision(),
		ForcedShare:          st.ForcedShare(),
		InformedPerSeat:      st.InformedPerSeat(),
		LeadChangesPerGame:   st.LeadChangesPerGame(),
		InteractionsPerTurn:  st.InteractionsPerTurn(),
		DrawsPerGame:         st.DrawsPerGame(),
		PassesPerGame:        st.PassesPerGame(),
		BlockedShare:         st.BlockedShare(),
		FizzledPerGame:       st.FizzledPerGame(),
		ResponsesPerGame:     st.ResponsesPerGame(),
		CancelledPerGame:     st.CancelledPerGame(),
		EffectsPerGame:       map[string]float64{},
		CapturesPerGame:      st.CapturesPerGame(),
	}
	if st.Deals > st.Games {
		s.DealsPerGame, s.TurnsPerDeal = st.DealsPerGame(), st.TurnsPerDeal()
	}
	for i := range st.Seats {
		p, lo, hi := st.WinRate(i)
		s.WinRate = append(s.WinRate, p)
		s.WinRateLow = append(s.WinRateLow, lo)
		s.WinRateHigh = append(s.WinRateHigh, hi)
	}
	for t := range cardrules.NumEffectTypes {
		s.EffectsPerGame[t.String()] = st.EffectsPerGame(int(t))
	}
	return s
}

func distOf(d *vm.Dist) distSummary {
	return distSummary{Mean: d.Mean(), P10: d.Quantile(0.1), Median: d.Quantile(0.5), P90: d.Quantile(0.9), Max: d.Max}
}

// tableShows says which figures simulate's table prints although they
// may all be 0, because the game can have them: blocked games (the game
// has a blocked rule), responses (some rank answers effects) and captures
// (a turn_up phase's demands take the discard pile).
type tableShows struct {
	blocked, responses, captures bool
}

// writeStatsTable prints st as tables for people. The share of blocked
// games is printed only when show.blocked or some game ended blocked: for
// the many games without a blocked rule it would always read 0. The
// effects line ends with the effects per game that fizzled (fired and
// moved no card), which are also among the firings of their types. A line
// of the responses per game (cards that answered an effect) and the
// effects per game that a chain cancelled follows it only when
// show.responses or some game had one, for the same reason; and so does a
// line of the captures per game (discard piles taken by paid demands),
// when show.captures or some game had one.
func writeStatsTable(w io.Writer, name string, seed uint64, policy string, st *vm.Stats, show tableShows) {
	s := summarize(st)
	fmt.Fprintf(w, "%s: %d games, %d seats, policy %s, seed %d\n\n", printable(name), st.Games, st.Seats, policy, seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "seat\twins\twin rate\t95% CI\t")
	for i := range st.Seats {
		fmt.Fprintf(tw, "%d\t%d\t%.3f\t%.3f-%.3f\t\n", i, st.Wins[i], s.WinRate[i], s.WinRateLow[i], s.WinRateHigh[i])
	}
	tw.Flush()
	fmt.Fprintf(w, "ties %d, capped %d, aborted %d; first-player advantage %+.3f\n\n", st.Ties, st.Capped, st.Aborted, s.FirstPlayerAdvantage)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "per game\tmean\tp10\tmedian\tp90\tmax\t")
	for _, r := range []struct {
		name string
		d    distSummary
	}{{"turns", s.Turns}, {"decisions", s.Decisions}, {"plays", s.Plays}} {
		fmt.Fprintf(tw, "%s\t%.1f\t%d\t%d\t%d\t%d\t\n", r.name, r.d.Mean, r.d.P10, r.d.Median, r.d.P90, r.d.Max)
	}
	tw.Flush()
	fmt.Fprintf(w, "\noptions per decision %.2f, forced decisions %.1f%%, informed decisions per seat %.2f\n",
		s.OptionsPerDecision, 100*s.ForcedShare, s.InformedPerSeat)
	fmt.Fprintf(w, "lead changes per game %.2f, interactions per turn %.2f\n", s.LeadChangesPerGame, s.InteractionsPerTurn)
	fmt.Fprintf(w, "draws per game %.2f, passes per game %.2f", s.DrawsPerGame, s.PassesPerGame)
	if show.blocked || st.Blocked > 0 {
		fmt.Fprintf(w, ", blocked games %d (%.1f%%)", st.Blocked, 100*s.BlockedShare)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "effects per game:")
	for t := range cardrules.NumEffectTypes {
		// (The immediate types always; a lasting type when it fired.)
		if !t.Lasts() || st.Effects[t] > 0 {
			fmt.Fprintf(w, " %s %.2f", t, st.EffectsPerGame(int(t)))
		}
	}
	fmt.Fprintf(w, "; fizzled %.2f\n", s.FizzledPerGame)
	if show.responses || st.Responses > 0 || st.Cancelled > 0 {
		fmt.Fprintf(w, "responses per game %.2f, cancelled %.2f\n", s.ResponsesPerGame, s.CancelledPerGame)
	}
	if show.captures || st.Captures > 0 {
		fmt.Fprintf(w, "captures per game %.2f\n", s.CapturesPerGame)
	}
	if st.Deals > st.Games {
		fmt.Fprintf(w, "deals per game %.2f, turns per deal %.2f\n", s.DealsPerGame, s.TurnsPerDeal)
	}
}
