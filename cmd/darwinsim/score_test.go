package main

import (
	"encoding/json"
	"testing"
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
