package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// scoreJSON runs score --json and decodes its report.
func scoreJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"score", "--json"}, args...)...)
	if code != exitOK {
		t.Fatalf("score %v: exit %d: %s", args, code, errOut)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("score %v --json: %v\n%s", args, err, out)
	}
	return rep
}

// TestScore: the JSON report has the documented fields; games without
// informed choices score 0 and say why; Crazy Eights beats Old Maid.
func TestScore(t *testing.T) {
	rep := scoreJSON(t, "uno-style", "-n", "200", "--players", "3")
	ci, ok := rep["fitness_ci95"].([]any)
	f, _ := rep["fitness"].(float64)
	if !ok || len(ci) != 2 || ci[0].(float64) > f || ci[1].(float64) < f {
		t.Errorf("fitness %v with fitness_ci95 %v", rep["fitness"], rep["fitness_ci95"])
	}
	metrics, _ := rep["metrics"].(map[string]any)
	for _, name := range []string{"completion", "balance", "decisions", "lead_changes", "interaction", "length", "skill", "simplicity", "effects"} {
		if _, ok := metrics[name].(float64); !ok {
			t.Errorf("metrics has no %s: %v", name, metrics)
		}
	}
	if _, ok := rep["dead_effects"].([]any); !ok {
		t.Errorf("dead_effects is %T, want a list", rep["dead_effects"])
	}
	if seats, _ := rep["seats"].([]any); len(seats) != 1 {
		t.Errorf("--players 3 scored %d seat counts", len(seats))
	}

	for _, game := range []string{"war", "old-maid"} {
		rep := scoreJSON(t, game, "-n", "100")
		if rep["fitness"].(float64) != 0 || rep["degenerate"] == nil {
			t.Errorf("%s: fitness %v, degenerate %v; want 0 with the reason", game, rep["fitness"], rep["degenerate"])
		}
	}
	ce := scoreJSON(t, "crazy-eights", "-n", "100")
	if ce["fitness"].(float64) <= 0 {
		t.Errorf("crazy-eights: fitness %v", ce["fitness"])
	}

	if code, _, _ := runCLI(t, "score", "whist", "--players", "3"); code != exitUsage {
		t.Errorf("score whist --players 3 (a 4-player game): exit %d, want %d", code, exitUsage)
	}
}

// TestScoreLadder: --ladder adds the skill ladder, in the order of
// --ladder-policies, to the table and to --json; plain score has none;
// bad ladder flags are usage mistakes that say which flag and why.
func TestScoreLadder(t *testing.T) {
	args := []string{"crazy-eights", "-n", "10", "--players", "2", "--ladder", "--ladder-policies", "random,greedy,ismcts:5", "--ladder-games", "6"}
	rep := scoreJSON(t, args...)
	lad, ok := rep["ladder"].(map[string]any)
	if !ok {
		t.Fatalf("score --ladder --json has no ladder: %v", rep)
	}
	rungs, _ := lad["rungs"].([]any)
	var policies []string
	for _, r := range rungs {
		r, _ := r.(map[string]any)
		policies = append(policies, fmt.Sprint(r["policy"]))
		if r["games"] != 12.0 {
			t.Errorf("rung %v: %v games, want 12 (6 per seat, 2 seats)", r["policy"], r["games"])
		}
		ci, _ := r["ci95"].([]any)
		if rate, _ := r["win_rate"].(float64); len(ci) != 2 || ci[0].(float64) > rate || ci[1].(float64) < rate {
			t.Errorf("rung %v: win rate %v with ci95 %v", r["policy"], r["win_rate"], r["ci95"])
		}
	}
	if got := strings.Join(policies, ","); got != "random,greedy,ismcts:5" {
		t.Errorf("ladder rungs %s, want random,greedy,ismcts:5", got)
	}
	for _, k := range []string{"seats", "games_per_seat", "field", "fair_share", "slope", "slope_se", "monotone"} {
		if _, ok := lad[k]; !ok {
			t.Errorf("the ladder has no %s: %v", k, lad)
		}
	}
	if lad["fair_share"] != 0.5 || lad["field"] != "random" || lad["games_per_seat"] != 6.0 {
		t.Errorf("fair share %v, field %v, games per seat %v", lad["fair_share"], lad["field"], lad["games_per_seat"])
	}

	code, out, errOut := runCLI(t, append([]string{"score"}, args...)...)
	if code != exitOK {
		t.Fatalf("score %v: exit %d: %s", args, code, errOut)
	}
	i := strings.Index(out, "skill ladder (2 seats")
	if i < 0 {
		t.Fatalf("score --ladder prints no ladder:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out[i:]), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[5], "slope ") {
		t.Fatalf("the ladder table:\n%s", out[i:])
	}
	for k, want := range []string{"random", "greedy", "ismcts:5"} {
		if f := strings.Fields(lines[2+k]); len(f) < 2 || f[0] != fmt.Sprint(k) || f[1] != want {
			t.Errorf("ladder line %d is %q, want rung %d, %s", k, lines[2+k], k, want)
		}
	}

	if _, ok := scoreJSON(t, "crazy-eights", "-n", "10", "--players", "2")["ladder"]; ok {
		t.Error("plain score --json has a ladder")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--ladder", "--ladder-games", "0"}, "darwinsim: --ladder-games must be from 1 to 2147483648, got 0"},
		{[]string{"--ladder", "--ladder-policies", "random,clever"}, `darwinsim: --ladder-policies: ladder rung 2: unknown policy "clever"`},
		{[]string{"--ladder", "--ladder-policies", "greedy"}, `darwinsim: --ladder-policies: ladder "greedy": give at least two rungs`},
		{[]string{"--ladder-games", "5"}, "darwinsim: --ladder-games has no effect without --ladder"},
		{[]string{"--ladder-policies", "random,greedy"}, "darwinsim: --ladder-policies has no effect without --ladder"},
	} {
		code, _, errOut := runCLI(t, append([]string{"score", "war", "-n", "10"}, tc.args...)...)
		if code != exitUsage || !strings.HasPrefix(errOut, tc.want) {
			t.Errorf("score %v: exit %d, %q; want %d, %q", tc.args, code, errOut, exitUsage, tc.want)
		}
	}
}

// TestEffectText: score lists an immediate effect as the genome writes it,
// and a lasting one with whom it holds over (its target, with partners,
// or everyone), for how long, the type a suppress switches off, and what
// else of its lasting is not the default.
func TestEffectText(t *testing.T) {
	for _, c := range []struct {
		e    genome.Effect
		want string
	}{
		{genome.Effect{Rank: 2, Type: cardrules.SkipNext, Value: 1}, "4: skip_next 1"},
		{genome.Effect{Rank: 0, Suit: cardrules.TriggerOn(2), Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2}, "2 of hearts: draw_cards next 2"},
		{genome.Effect{Rank: 3, Type: cardrules.LockSuit, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 2}},
			"5: lock_suit next for the rest of the turn and 2 more turns"},
		{genome.Effect{Rank: 3, Type: cardrules.BanRank, Target: cardrules.TargetPrevious, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 1, Scope: cardrules.ScopeTeam}},
			"5: ban_rank previous and partners for the rest of the turn and 1 more turn"},
		{genome.Effect{Rank: 9, Type: cardrules.DrawLimit, Value: 2, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Scope: cardrules.ScopeEveryone, Key: 1, Stack: cardrules.StackMin}},
			"J: draw_limit everyone 2 until its player's next turn [key 1, stacks min]"},
		{genome.Effect{Rank: 12, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 3, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd}},
			"A: bonus self 3 until the end of the trick"},
		{genome.Effect{Rank: 4, Type: cardrules.Suppress, Target: cardrules.TargetAllOpponents,
			Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Stack: cardrules.StackNone, Persists: true, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}},
			"6: suppress all_opponents draw_cards until the end of the deal [stacks none, persists]"},
		{genome.Effect{Rank: 5, Type: cardrules.MissTurns, Target: cardrules.TargetRandomOpponent, Lasts: genome.Lasting{For: cardrules.UntilDealEnd}},
			"7: miss_turns random_opponent until the end of the deal"},
		{genome.Effect{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetChosen, Value: 2, At: cardrules.ResolveTargetTurn},
			"2: draw_cards chosen_opponent 2, resolving at the target's next turn"},
		{genome.Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: cardrules.TargetAllOpponents, Value: 1, At: cardrules.ResolveTurnEnd},
			"7: force_discard all_opponents 1, resolving at the end of the turn"},
	} {
		if got := effectText(c.e); got != c.want {
			t.Errorf("effectText(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}

func TestRuleText(t *testing.T) {
	for _, c := range []struct {
		r    genome.Rule
		want string
	}{
		{genome.Rule{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1, Scale: genome.Scale{By: cardrules.CondPile, Per: 10}, Stack: cardrules.StackMin},
			"rule 1: draw_limit most_cards 1 +1 per 10 pile [stacks min]"},
		{genome.Rule{Type: cardrules.BanRank, Rank: 6, If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.AtMost, Value: 2}},
			"rule 1: ban_rank everyone 8 if hand at_most 2"},
		{genome.Rule{Type: cardrules.LockSuit, Who: cardrules.WhoFewestCards, Suit: cardrules.TriggerOn(2), Key: 1, If: genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(3)}},
			"rule 1: lock_suit fewest_cards hearts if top_suit spades [key 1]"},
		{genome.Rule{Type: cardrules.Suppress, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards), Stack: cardrules.StackNone},
			"rule 1: suppress everyone draw_cards [stacks none]"},
		{genome.Rule{Type: cardrules.Bonus, Value: 2}, "rule 1: bonus everyone 2"},
	} {
		if got := ruleText(0, c.r); got != c.want {
			t.Errorf("ruleText(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

// TestScoreListsLater: score lists a game's continuous rules in words after
// its effects, and says when an effect that waits resolves; --json reports
// the rules.
func TestScoreListsLater(t *testing.T) {
	code, out, errOut := runCLI(t, "score", "../../testdata/hybrids/crazy-eights-rules.json", "-n", "60", "--players", "3")
	if code != exitOK {
		t.Fatalf("score crazy-eights-rules: exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"rules (continuous, kept in every game played without an effect):\n",
		"  rule 1: draw_limit most_cards 1 +1 per 10 pile [stacks min]\n",
		"  rule 2: ban_rank everyone 8 if hand at_most 2\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("score crazy-eights-rules does not print %q:\n%s", want, out)
		}
	}
	rep := scoreJSON(t, "../../testdata/hybrids/crazy-eights-rules.json", "-n", "60", "--players", "3")
	if rules, _ := rep["rules"].([]any); len(rules) != 2 {
		t.Errorf("score --json: rules %v, want the game's two", rep["rules"])
	}
	code, out, errOut = runCLI(t, "score", "../../testdata/hybrids/uno-delayed.json", "-n", "60", "--players", "3")
	if code != exitOK {
		t.Fatalf("score uno-delayed: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "2: draw_cards chosen_opponent 2, resolving at the target's next turn (impact") || strings.Contains(out, "rules (") {
		t.Errorf("score uno-delayed:\n%s", out)
	}
}
