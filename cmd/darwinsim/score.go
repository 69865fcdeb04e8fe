package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// scoreReport is what score prints with --json.
type scoreReport struct {
	Format int    `json:"format"`
	Game   string `json:"game"`
	Seed   uint64 `json:"seed"`
	evolve.Versions
	Fitness     float64               `json:"fitness"`
	FitnessCI95 [2]float64            `json:"fitness_ci95"`
	Degenerate  string                `json:"degenerate,omitempty"`
	Metrics     map[string]float64    `json:"metrics"`
	Seats       []evolve.SeatScore    `json:"seats"`
	DeadEffects []evolve.EffectImpact `json:"dead_effects"`
	Effects     []evolve.EffectImpact `json:"effects"`
	// Rules are the game's continuous rules, which ablation keeps.
	Rules []genome.Rule `json:"rules,omitempty"`
	// Ladder is the skill ladder, with --ladder only.
	Ladder *players.LadderResult `json:"ladder,omitempty"`
}

// defaultLadderGames is --ladder-games' default: score --ladder then
// takes two seconds on two cores for Crazy Eights, five to ten for Hearts
// and Whist (four seats), half a minute for Go Fish (long games to search);
// bench/RESULTS.md has the figures.
const defaultLadderGames = 100

func newScoreCmd(g *globals) *cobra.Command {
	var seats, games, ladderGames int
	var asJSON, ladder bool
	var ladderPolicies string
	cmd := &cobra.Command{
		Use:   "score [game|file]",
		Short: "Print a game's fitness, its breakdown and its dead effects (default: crazy-eights)",
		Long: `Score one game as evolution does (preset default): every seat count its rules
allow, under random and greedy play, judged by the worst. The fitness is the
mean of ` + fmt.Sprint(evolve.Replicates) + ` independent evaluations, with its 95% confidence
interval; the metrics and the breakdown by seat count are those of the first.
Each special effect is then played against the game without it on the same
deals (4,000 random and 4,000 greedy games per seat count, as the default
preset's ablation_games): an effect whose removal changes nothing
measurable (who wins, length, informed decisions, lead changes; paired
tests at 1%) at any seat count under either play is dead.

--ladder also climbs a skill ladder at the default seat count (or
--players): each policy of --ladder-policies, weakest first, plays one seat
against the first policy (random) at every other seat, the seat rotated
over all seats, every policy on the same deals; --ladder-games games per
seat (default ` + fmt.Sprint(defaultLadderGames) + `: seconds for most seed games, half a minute
for Go Fish, whose long games are costly to search). It prints each policy's
win rate with its 95% interval against the fair share, the least-squares
slope of the rates over the rungs and whether they climb: a game where
thinking wins climbs; a lottery stays flat.`,
		Example: `  darwinsim score uno-style
  darwinsim score best.json --players 4 --json
  darwinsim score crazy-eights --ladder
  darwinsim score hearts --ladder --ladder-policies random,greedy,ismcts:300 --ladder-games 50`,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			gm, err := gameArg(cmd, args, "crazy-eights")
			if err != nil {
				return err
			}
			if gm.Genome == nil {
				return fmt.Errorf("%s: a program without its genome cannot be scored (scoring removes effects from the genome)", gm.Name)
			}
			cfg, err := evolve.Preset("default")
			if err != nil {
				return err
			}
			cfg.Seed, cfg.Workers = g.seed, g.workers
			if cmd.Flags().Changed("games") {
				cfg.Games = games
			}
			if err := cfg.Validate(); err != nil {
				return usageError{err}
			}
			lo, hi := gm.Genome.Seats.Min, gm.Genome.Seats.Max
			if seats != 0 && (seats < lo || seats > hi) {
				return usagef("--players %d: %s is for %d to %d players", seats, gm.Name, lo, hi)
			}
			var lc *players.LadderConfig
			if ladder {
				if lc, err = ladderConfig(ladderPolicies, ladderGames, seats, g); err != nil {
					return err
				}
			} else {
				for _, name := range []string{"ladder-policies", "ladder-games"} {
					if cmd.Flags().Changed(name) {
						return usagef("--%s has no effect without --ladder", name)
					}
				}
			}
			rs, err := evolve.Replicate(cmd.Context(), cfg, gm.Genome, g.seed, seats)
			if err != nil {
				return err
			}
			effects, err := evolve.Ablate(cmd.Context(), gm.Genome, seats, cfg.AblationGames, g.workers, g.seed)
			if err != nil {
				return err
			}
			rep := scoreReport{Format: jsonFormat, Game: gm.Name, Seed: g.seed, Versions: evolve.CurrentVersions(),
				Fitness: rs.Mean, FitnessCI95: [2]float64{rs.Lo, rs.Hi}, Degenerate: rs.Degenerate,
				Metrics: rs.Metrics.Map(), Seats: rs.Seats, Effects: effects, DeadEffects: []evolve.EffectImpact{},
				Rules: gm.Genome.Canonical().Rules}
			for _, e := range effects {
				if e.Dead {
					rep.DeadEffects = append(rep.DeadEffects, e)
				}
			}
			if lc != nil {
				p, err := vm.Load(gm.Code)
				if err != nil {
					return err
				}
				if rep.Ladder, err = players.Ladder(cmd.Context(), p, *lc); err != nil {
					return err
				}
			}
			w := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(w, rep)
			}
			printScore(w, &rep, rs, cfg.AblationGames)
			if rep.Ladder != nil {
				fmt.Fprintln(w)
				printLadder(w, rep.Ladder)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&seats, "players", 0, "score at this seat count only (0: every seat count the rules allow)")
	f.IntVarP(&games, "games", "n", 500, "random games per seat count and evaluation (greedy play gets half, as in evolution)")
	addJSON(cmd, &asJSON, "print the report as JSON")
	f.BoolVar(&ladder, "ladder", false, "also climb the skill ladder: each policy against a field of the first, on the same deals")
	f.StringVar(&ladderPolicies, "ladder-policies", players.DefaultLadderText, "the ladder's policies, weakest first (random, greedy, ismcts:N, mcts:N)")
	f.IntVar(&ladderGames, "ladder-games", defaultLadderGames, "ladder games per rung and seat (each rung plays this many with its policy at each seat)")
	g.addSeed(cmd)
	g.addWorkers(cmd)
	g.addProfiles(cmd)
	return cmd
}

func printScore(w io.Writer, rep *scoreReport, rs *evolve.Rescored, ablationGames int) {
	fmt.Fprintf(w, "%s: fitness %.4f [%.4f, %.4f] (95%% CI of %d evaluations, seed %d)\n", printable(rep.Game), rep.Fitness, rep.FitnessCI95[0], rep.FitnessCI95[1], evolve.Replicates, rep.Seed)
	if rep.Degenerate != "" {
		fmt.Fprintf(w, "degenerate: %s\n", rep.Degenerate)
	}
	fmt.Fprintln(w, "\nmetrics of the first evaluation, at its worst seat count:")
	fmt.Fprint(w, evolve.FormatMetrics(rs.Metrics))
	fmt.Fprintln(w, "\nby seat count:")
	names := evolve.MetricNames()
	fmt.Fprintf(w, "%5s  %7s", "seats", "fitness")
	for _, n := range names {
		fmt.Fprintf(w, "  %s", short(n))
	}
	fmt.Fprintln(w)
	for _, s := range rep.Seats {
		fmt.Fprintf(w, "%5d  %7.4f", s.Seats, s.Fitness)
		m := s.Metrics.Map()
		for _, n := range names {
			fmt.Fprintf(w, "  %*.2f", len(short(n)), m[n])
		}
		if s.Degenerate != "" {
			fmt.Fprintf(w, "  degenerate: %s", s.Degenerate)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	printEffects(w, rep, ablationGames)
	if len(rep.Rules) > 0 {
		fmt.Fprintln(w, "rules (continuous, kept in every game played without an effect):")
		for i, r := range rep.Rules {
			fmt.Fprintf(w, "  %s\n", ruleText(i, r))
		}
	}
}

// printEffects prints each effect with its impact, and how many are dead.
func printEffects(w io.Writer, rep *scoreReport, ablationGames int) {
	if len(rep.Effects) == 0 {
		fmt.Fprintln(w, "no special effects")
		return
	}
	fmt.Fprintf(w, "effects (paired games without each, %d random and %d greedy per seat count):\n", ablationGames, ablationGames)
	for _, e := range rep.Effects {
		state := "alive"
		if e.Dead {
			state = "DEAD"
		}
		var sizes []string
		for _, im := range e.Seats {
			sizes = append(sizes, fmt.Sprintf("%d seats %.3f", im.Seats, im.Size))
		}
		fmt.Fprintf(w, "  %-5s %s (impact %s)\n", state, effectText(e.Effect), strings.Join(sizes, ", "))
	}
	fmt.Fprintf(w, "%d dead\n", len(rep.DeadEffects))
}

// ladderConfig checks the ladder's flags.
func ladderConfig(policies string, games, seats int, g *globals) (*players.LadderConfig, error) {
	rungs, err := players.ParseLadder(policies)
	if err != nil {
		return nil, usagef("--ladder-policies: %v", err)
	}
	if games < 1 || uint64(games) > vm.MaxBatchGames {
		return nil, usagef("--ladder-games must be from 1 to %d, got %d", uint64(vm.MaxBatchGames), games)
	}
	return &players.LadderConfig{Rungs: rungs, Games: games, Seats: seats, Seed: g.seed, Workers: g.workers}, nil
}

// printLadder prints a skill ladder: a line per rung, then its slope.
func printLadder(w io.Writer, l *players.LadderResult) {
	fmt.Fprintf(w, "skill ladder (%d seats: each policy at one seat against %s at the others, seat rotated, %d games per seat, the same deals for every policy):\n",
		l.Seats, printable(l.Field), l.GamesPerSeat)
	fmt.Fprintf(w, "%4s  %-16s  %8s  %-16s  %s\n", "rung", "policy", "win rate", "95% CI", fmt.Sprintf("vs fair share %.3f", l.FairShare))
	for i, r := range l.Rungs {
		vs := "within"
		switch {
		case r.CI95[0] > l.FairShare:
			vs = "above"
		case r.CI95[1] < l.FairShare:
			vs = "below"
		}
		fmt.Fprintf(w, "%4d  %-16s  %8.3f  [%.3f, %.3f]    %+.3f %s\n", i, printable(r.Policy), r.WinRate, r.CI95[0], r.CI95[1], r.WinRate-l.FairShare, vs)
	}
	mono := "no"
	if l.Monotone {
		mono = "yes"
	}
	fmt.Fprintf(w, "slope %.4f ± %.4f per rung (least squares of the win rate over rungs 0..%d); monotone: %s\n", l.Slope, l.SlopeSE, len(l.Rungs)-1, mono)
}

// effectText is an effect as the genome writes it: "4: skip_next 1"; an
// effect that waits adds when it resolves ("4: draw_cards chosen_opponent
// 2, resolving at the target's next turn"); a lasting effect adds whom it
// holds over and for how long ("5: lock_suit next and partners until its
// player's next turn"), and what else of its lasting is not the default,
// in brackets ("[key 1, stacks max, persists]"); suppress names the type
// it switches off.
func effectText(e genome.Effect) string {
	s := fmt.Sprintf("%s: %s", e.Rank, e.Type)
	if e.Suit != cardrules.AnySuit {
		s = fmt.Sprintf("%s of %s: %s", e.Rank, e.Suit, e.Type)
	}
	l := e.Lasts
	switch {
	case e.Type.Lasts() && l.Scope == cardrules.ScopeEveryone:
		s += " everyone"
	case e.Type.UsesTarget():
		s += " " + e.Target.String()
	}
	if e.Type.Lasts() && l.Scope == cardrules.ScopeTeam {
		s += " and partners"
	}
	if e.Type.UsesValue() {
		s += fmt.Sprintf(" %d", e.Value)
	}
	switch e.At {
	case cardrules.ResolveTurnEnd:
		s += ", resolving at the end of the turn"
	case cardrules.ResolveTargetTurn:
		s += ", resolving at the target's next turn"
	}
	if !e.Type.Lasts() {
		return s
	}
	if e.Type == cardrules.Suppress {
		s += " " + l.Suppresses.String()
	}
	s += " " + cardrules.DurationPhrase(l.For, l.Turns)
	var more []string
	if l.Key != 0 {
		more = append(more, fmt.Sprintf("key %d", l.Key))
	}
	if l.Stack != cardrules.StackAdditive {
		more = append(more, "stacks "+l.Stack.String())
	}
	if l.Persists {
		more = append(more, "persists")
	}
	if len(more) > 0 {
		s += " [" + strings.Join(more, ", ") + "]"
	}
	return s
}

// ruleText is rule i of a game (counted from 1) as the genome writes it:
// "rule 1: draw_limit most_cards 1"; a scaled value adds its step ("+1 per
// 10 pile"), a condition what it tests ("if hand at_most 2", "if top_suit
// hearts"), and its stacking key and mode where they are not the default,
// in brackets ("[key 1, stacks min]"); a lock or ban names its rank or
// suit, suppress the type it switches off.
func ruleText(i int, r genome.Rule) string {
	s := fmt.Sprintf("rule %d: %s %s", i+1, r.Type, r.Who)
	switch {
	case r.Type == cardrules.LockRank || r.Type == cardrules.BanRank:
		s += " " + r.Rank.String()
	case r.Type.NamesSuit():
		s += " " + r.Suit.String()
	case r.Type == cardrules.Suppress:
		s += " " + r.Suppresses.String()
	}
	if r.Type.UsesValue() {
		s += fmt.Sprintf(" %d", r.Value)
		if r.Scale != (genome.Scale{}) {
			s += fmt.Sprintf(" +1 per %d %s", r.Scale.Per, r.Scale.By)
		}
	}
	switch c := r.If; c.Of {
	case cardrules.NoCond:
	case cardrules.CondTopSuit:
		s += " if top_suit " + c.Suit.String()
	default:
		s += fmt.Sprintf(" if %s %s %d", c.Of, c.Cmp, c.Value)
	}
	var more []string
	if r.Key != 0 {
		more = append(more, fmt.Sprintf("key %d", r.Key))
	}
	if r.Stack != cardrules.StackAdditive {
		more = append(more, "stacks "+r.Stack.String())
	}
	if len(more) > 0 {
		s += " [" + strings.Join(more, ", ") + "]"
	}
	return s
}

// short abbreviates a metric name for a table column.
func short(name string) string {
	if len(name) > 6 {
		return name[:6]
	}
	return name
}
