package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestValidateRejectsPass: every bad value of a pass before each deal and
// of the finishing scores is reported at its JSON path.
func TestValidateRejectsPass(t *testing.T) {
	const hm, pr = "hearts-match", "president"
	cases := []patchCase{
		{name: "no card", seed: hm, patch: func(t *testing.T, m map[string]any) { set(t, m, "match.pass.count", 0.0) },
			want: `$.match.pass.count: must be between 1 and 13, got 0`},
		{name: "more than dealt", seed: pr, patch: func(t *testing.T, m map[string]any) { set(t, m, "match.pass.count", 8.0) },
			want: `$.match.pass.count: passes 8 cards, but a seat is dealt 7 at 7 seats`},
		{name: "no direction", seed: hm, patch: func(t *testing.T, m map[string]any) { set(t, m, "match.pass.to", []any{}) },
			want: `$.match.pass.to: must list 1 to 4 directions, got 0`},
		{name: "five directions", seed: hm, patch: func(t *testing.T, m map[string]any) {
			set(t, m, "match.pass.to", []any{"left", "left", "left", "left", "right"})
		}, want: `$.match.pass.to: must list 1 to 4 directions, got 5`},
		{name: "across at 4 to 7 seats", seed: pr, patch: func(t *testing.T, m map[string]any) { set(t, m, "match.pass.to", []any{"across"}) },
			want: `$.match.pass.to[0]: passing across needs exactly 4 seats (seats 4 to 7)`},
		{name: "pile hands", seed: hm, patch: func(t *testing.T, m map[string]any) {
			m["hand"] = "pile"
			m["turn"] = []any{map[string]any{"kind": "battle"}}
			delete(m, "lead_card")
		}, want: "2 problems:\n  $.score: scores the cards won, but no phase wins any (tricks or captures)\n  " +
			"$.match.pass: passes cards from a hand, but pile hands are played face down (use a fan hand)"},
		{name: "finishing scores for eight places at 7 seats", seed: pr, patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.finish", []any{1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0})
		}, want: `$.score.finish: scores 8 places, but the game has at most 7 seats`},
		{name: "a finishing score too high", seed: pr, patch: func(t *testing.T, m map[string]any) { set(t, m, "score.finish.0", 51.0) },
			want: `$.score.finish[0]: must be between 0 and 50, got 51`},
		{name: "a last place scoring nothing", seed: pr, patch: func(t *testing.T, m map[string]any) { set(t, m, "score.finish.2", 0.0) },
			want: `$.score.finish[2]: the last place listed scores nothing (leave it out)`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestPassCanonical: a pass's directions are canonically their shortest
// cycle, and a pass of none every deal is no pass.
func TestPassCanonical(t *testing.T) {
	g, err := genome.Seed("hearts-match")
	if err != nil {
		t.Fatal(err)
	}
	twice := g.Clone()
	twice.Match.Pass.To = []genome.PassTo{cardrules.PassLeft, cardrules.PassRight, cardrules.PassLeft, cardrules.PassRight}
	once := g.Clone()
	once.Match.Pass.To = []genome.PassTo{cardrules.PassLeft, cardrules.PassRight}
	if twice.Hash() != once.Hash() || len(twice.Canonical().Match.Pass.To) != 2 {
		t.Errorf("left, right, left, right is not left, right: %s", twice.CanonicalJSON())
	}
	none := g.Clone()
	none.Match.Pass.To = []genome.PassTo{cardrules.PassNone, cardrules.PassNone}
	if err := none.Validate(); err != nil {
		t.Fatal(err)
	}
	if none.Canonical().Match.Pass != nil {
		t.Errorf("a pass of none is not canonically absent: %s", none.CanonicalJSON())
	}
	if d := genome.Distance(g, none); d <= 0 {
		t.Errorf("passing and not passing are at distance %v", d)
	}
	if !strings.Contains(g.Describe(), "Before each deal, each player passes three cards: to the left, then to the right, then across, then none, in turn.") {
		t.Errorf("hearts-match's description does not say its pass:\n%s", g.Describe())
	}
}
