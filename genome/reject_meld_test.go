package genome_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// meldBases are the games a meld case patches when it names one of them
// as its seed (no seed: gin-rummy); other seeds are seed games.
var meldBases = map[string]string{"": ginRummyJSON, "gin-rummy": ginRummyJSON, "rummy": rummyJSON}

// runMeldCases runs patch cases on the rummy games (ginRummyJSON,
// rummyJSON), as runPatchCases does on a seed game.
func runMeldCases(t *testing.T, cases []patchCase, parse func([]byte) (*genome.Genome, error)) {
	t.Helper()
	runBaseCases(t, meldBases, cases, parse)
}

// runBaseCases runs patch cases on the games of bases, by the name a case
// gives as its seed, and the other cases on the seed games (runPatchCases).
func runBaseCases(t *testing.T, bases map[string]string, cases []patchCase, parse func([]byte) (*genome.Genome, error)) {
	t.Helper()
	var seeded []patchCase
	for _, tc := range cases {
		base, ok := bases[tc.seed]
		if !ok {
			seeded = append(seeded, tc)
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal([]byte(base), &m); err != nil {
				t.Fatal(err)
			}
			tc.patch(t, m)
			data := encodeTree(t, m)
			g, err := parse(data)
			if err == nil {
				t.Fatalf("accepted:\n%s", data)
			}
			if g != nil {
				t.Error("returned a genome with an error")
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("error\n got: %s\nwant: %s\ninput: %s", got, tc.want, data)
			}
			var ps genome.Problems
			if !errors.As(err, &ps) || len(ps) == 0 {
				t.Errorf("error is %T, want non-empty genome.Problems", err)
			}
		})
	}
	runPatchCases(t, seeded, parse)
}

// TestDecodeRejectsMeld: a lay rule that is not a name of the vocabulary
// is refused at its path, with the names it may be.
func TestDecodeRejectsMeld(t *testing.T) {
	cases := []patchCase{
		{name: "bad lay", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.lay", "sometimes") },
			want: `$.turn[0].lay: unknown lay rule "sometimes" (want one of ` + names(cardrules.NumLayRules) + `)`},
		{name: "lay as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.lay", 1.0) },
			want: `$.turn[0].lay: expected a string, got the number 1`},
		{name: "deadwood as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.deadwood", 1.0) },
			want: `$.score.deadwood: expected true or false, got the number 1`},
	}
	runMeldCases(t, cases, genome.Decode)
}

// TestValidateRejectsMeld: every bad value of a meld phase and of the
// deadwood scores is reported at its JSON path, with its words.
func TestValidateRejectsMeld(t *testing.T) {
	cases := []patchCase{
		// The least cards of a set or a run: 0 or 2..5, not both 0.
		{name: "sets 1", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.sets", 1.0) },
			want: `$.turn[0].sets: a meld of one card is no meld: 0 (none) or 2 to 5`},
		{name: "sets 6", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.sets", 6.0) },
			want: `$.turn[0].sets: must be between 0 and 5, got 6`},
		{name: "sets negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.sets", -1.0) },
			want: `$.turn[0].sets: must be between 0 and 5, got -1`},
		{name: "runs 1", seed: "rummy", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.runs", 1.0) },
			want: `$.turn[0].runs: a meld of one card is no meld: 0 (none) or 2 to 5`},
		{name: "runs 6", seed: "rummy", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.runs", 6.0) },
			want: `$.turn[0].runs: must be between 0 and 5, got 6`},
		{name: "neither sets nor runs", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			del(t, m, "turn.0.sets")
			del(t, m, "turn.0.runs")
		}, want: `$.turn[0].runs: a meld phase needs sets or runs (or both) of at least 2 cards`},
		// The knock: 0..30, and only where melds are laid out.
		{name: "knock 31", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.knock", 31.0) },
			want: `$.turn[0].knock: must be between 0 and 30, got 31`},
		{name: "knock negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.knock", -1.0) },
			want: `$.turn[0].knock: must be between 0 and 30, got -1`},
		{name: "knock with lay turn", seed: "rummy", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.knock", 10.0) },
			want: `$.turn[0].knock: a seat knocks only where melds are laid as it goes out (lay: out)`},
		{name: "knock with lay turn written", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.lay", "turn")
			set(t, m, "turn.0.knock", 1.0)
		}, want: `$.turn[0].knock: a seat knocks only where melds are laid as it goes out (lay: out)`},
		// One meld phase in a turn, with a fan hand and a stock.
		{name: "two meld phases", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn", js(t, `[{"kind": "meld", "sets": 3}, {"kind": "meld", "runs": 3}]`))
		}, want: `$.turn[1].kind: a turn has at most one meld phase ($.turn[0] is one)`},
		{name: "three meld phases", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn", js(t, `[{"kind": "meld", "sets": 3}, {"kind": "draw", "count": 1}, {"kind": "meld", "runs": 3}, {"kind": "meld", "runs": 2}]`))
		}, want: "2 problems:\n  $.turn[2].kind: a turn has at most one meld phase ($.turn[0] is one)\n  $.turn[3].kind: a turn has at most one meld phase ($.turn[0] is one)"},
		{name: "pile hand", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			m["hand"] = "pile"
			del(t, m, "score.deadwood")
			set(t, m, "end.rank", "cards")
			del(t, m, "match")
		}, want: `$.turn[0].kind: a meld phase needs a fan hand (the player chooses its draw, its melds and its discard), but the hand is pile`},
		{name: "no stock, no reshuffle", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deal", js(t, `{"all": true}`))
		}, want: `$.turn[0].lay: the deal leaves no stock and nothing is reshuffled into it, so the phase can never draw`},
		{name: "no stock left by the deal, no reshuffle", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			m["reshuffle"] = false
			set(t, m, "deal", js(t, `{"cards": 26}`))
			set(t, m, "seats", js(t, `{"min": 2, "max": 2, "default": 2}`))
		}, want: `$.turn[0].lay: the deal leaves no stock and nothing is reshuffled into it, so the phase can never draw`},
		// Fields of other kinds.
		{name: "sets on a play phase", seed: "crazy-eights", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.sets", 3.0) },
			want: `$.turn[0].sets: a play phase takes no sets`},
		{name: "lay on a claim phase", seed: "crazy-eights", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.lay", "out") },
			want: `$.turn[0].lay: a play phase takes no lay`},
		{name: "knock on an ask phase", seed: "go-fish", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.knock", 10.0) },
			want: `$.turn[0].knock: an ask phase takes no knock`},
		{name: "runs on a draw phase", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn", js(t, `[{"kind": "meld", "sets": 3}, {"kind": "draw", "count": 1, "runs": 3}]`))
		}, want: `$.turn[1].runs: a draw phase takes no runs`},
		{name: "legal on a meld phase", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal", js(t, `{"op": "true"}`)) },
			want: `$.turn[0].legal: a meld phase takes no legal`},
		{name: "count on a meld phase", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.count", 1.0) },
			want: `$.turn[0].count: a meld phase takes no count`},
		// The deadwood scores.
		{name: "gin 51", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.gin", 51.0) },
			want: `$.score.gin: must be between 0 and 50, got 51`},
		{name: "gin negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.gin", -1.0) },
			want: `$.score.gin: must be between 0 and 50, got -1`},
		{name: "undercut 51", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.undercut", 51.0) },
			want: `$.score.undercut: must be between 0 and 50, got 51`},
		{name: "undercut negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.undercut", -5.0) },
			want: `$.score.undercut: must be between 0 and 50, got -5`},
		{name: "gin without deadwood", patch: func(t *testing.T, m map[string]any) {
			del(t, m, "score.deadwood")
			del(t, m, "score.undercut")
			set(t, m, "score.hand", js(t, `[{"match": "hearts", "points": 1}]`))
		}, want: `$.score.gin: a gin bonus is scored with the deadwood, but score.deadwood is false`},
		{name: "undercut without deadwood", patch: func(t *testing.T, m map[string]any) {
			del(t, m, "score.deadwood")
			del(t, m, "score.gin")
			set(t, m, "score.hand", js(t, `[{"match": "hearts", "points": 1}]`))
		}, want: `$.score.undercut: an undercut bonus is scored with the deadwood, but score.deadwood is false`},
		{name: "gin without a meld phase laying out", seed: "rummy", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.gin", 25.0) },
			want: `$.score.gin: a gin bonus needs a meld phase where seats knock (lay: out)`},
		{name: "undercut without a meld phase laying out", seed: "rummy", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.undercut", 10.0) },
			want: `$.score.undercut: an undercut bonus needs a meld phase where seats knock (lay: out)`},
		{name: "gin without a meld phase", seed: "crazy-eights", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score", js(t, `{"deadwood": true, "gin": 10}`))
		}, want: `$.score.gin: a gin bonus needs a meld phase where seats knock (lay: out)`},
		{name: "deadwood on a pile hand", seed: "war", patch: func(t *testing.T, m map[string]any) { m["score"] = js(t, `{"deadwood": true}`) },
			want: `$.score.deadwood: scores the cards left in hand, but pile hands are played out in battles (use a fan hand)`},
		{name: "chips with deadwood", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.chips", js(t, `{"stake": 20, "pass": 1}`))
			del(t, m, "match")
		}, want: `$.score.chips: a game with chips scores nothing else: its scores are the chips the seats hold`},
		// Until first_out (or one_left) with no condition: only where
		// seats knock.
		{name: "no end condition, melds laid in the turn", seed: "rummy", patch: func(t *testing.T, m map[string]any) { del(t, m, "end.conditions") },
			want: `$.end.conditions: until first_out needs a condition that puts seats out (or a meld phase where seats knock)`},
		{name: "no end condition, one left, melds laid in the turn", seed: "rummy", patch: func(t *testing.T, m map[string]any) {
			del(t, m, "end.conditions")
			set(t, m, "end.until", "one_left")
		}, want: `$.end.conditions: until one_left needs a condition that puts seats out (or a meld phase where seats knock)`},
	}
	runMeldCases(t, cases, genome.Parse)
}

// TestValidateRejectsMeldGoValues: out-of-range values only Go can write:
// a lay rule past the vocabulary.
func TestValidateRejectsMeldGoValues(t *testing.T) {
	g := meldGame(t, rummyJSON)
	g.Turn[0].Lay = cardrules.NumLayRules
	want := fmt.Sprintf(`$.turn[0].lay: unknown lay rule %d`, cardrules.NumLayRules)
	if err := g.Validate(); err == nil || err.Error() != want {
		t.Errorf("error\n got: %v\nwant: %s", err, want)
	}
}

// TestValidateAcceptsMeld: what the rules allow: gin rummy ends with no
// end condition (a knock puts the knocker out), until one_left too; a
// knock limit of 0 (gin only) and of 30; sets or runs alone; minimums of
// 2 and 5; the deadwood scored without bonuses and without a meld phase,
// in any fan game; bonuses of 0 and 50; a meld phase beside other phases.
// And the two rummy games keep their canonical forms through JSON.
func TestValidateAcceptsMeld(t *testing.T) {
	for _, c := range []struct {
		what   string
		js     string
		change func(g *genome.Genome)
	}{
		{"gin rummy as it is", ginRummyJSON, func(g *genome.Genome) {}},
		{"rummy as it is", rummyJSON, func(g *genome.Genome) {}},
		{"until one_left, no condition, knocking", ginRummyJSON, func(g *genome.Genome) { g.End.Until = cardrules.UntilOneLeft }},
		{"knock 0", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Knock = 0 }},
		{"knock 30", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Knock = cardrules.MaxKnock }},
		{"sets alone", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = 0 }},
		{"runs alone", rummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 0 }},
		{"minimums 2 and 5", rummyJSON, func(g *genome.Genome) { g.Turn[0].Sets, g.Turn[0].Runs = 2, 5 }},
		{"lay out without deadwood scores, ranked by cards", rummyJSON, func(g *genome.Genome) {
			g.Turn[0].Lay, g.Score, g.End.Rank, g.Match = cardrules.LayOut, genome.Score{}, cardrules.RankCards, nil
		}},
		{"no bonuses", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin, g.Score.Undercut = 0, 0 }},
		{"bonuses of 50", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin, g.Score.Undercut = cardrules.MaxBonus, cardrules.MaxBonus }},
		{"a meld phase and a draw phase", rummyJSON, func(g *genome.Genome) {
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
		}},
		{"a meld phase and a play phase", rummyJSON, func(g *genome.Genome) {
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}})
		}},
		{"two packs and jokers", rummyJSON, func(g *genome.Genome) { g.Deck.Packs, g.Deck.Jokers = 2, 2 }},
	} {
		g := meldGame(t, c.js)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", c.what, err)
		}
	}
	// A play game scoring the deadwood (the cards left in hand).
	g := meldGame(t, rummyJSON)
	g.Turn = []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}}
	if err := g.Validate(); err != nil {
		t.Errorf("a play game scoring the deadwood: %v", err)
	}
	// The two games' canonical forms: Parse, CanonicalJSON, Parse again
	// gives the same genome and the same bytes.
	for _, js := range []string{ginRummyJSON, rummyJSON} {
		g := meldGame(t, js)
		c := g.CanonicalJSON()
		h, err := genome.Parse(c)
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if !reflect.DeepEqual(h.Canonical(), g.Canonical()) || string(h.CanonicalJSON()) != string(c) {
			t.Errorf("the canonical form does not survive a round trip:\n%s\n%s", c, h.CanonicalJSON())
		}
		if genome.Distance(g, h) != 0 || g.Hash() != h.Hash() {
			t.Errorf("%s: apart from its canonical form", g.Name)
		}
	}
}
