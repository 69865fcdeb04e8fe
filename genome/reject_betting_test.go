package genome_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// bettingBases are the games a betting case patches when it names one of
// them as its seed (no seed: draw poker, testdata/betting/draw-poker.json;
// "draw-poker-play": draw poker with a play phase after the betting, won
// by going out, without a showdown); other seeds are seed games.
func bettingBases(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "betting", "draw-poker.json"))
	if err != nil {
		t.Fatal(err)
	}
	g := drawPokerGame(t)
	playFirst(g)
	g.Score.Betting.Showdown = false
	play, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"": string(data), "draw-poker": string(data), "draw-poker-play": string(play)}
}

// TestDecodeRejectsBetting: betting of the wrong JSON type, a field of the
// wrong type and a field the betting does not have are refused at their
// paths.
func TestDecodeRejectsBetting(t *testing.T) {
	cases := []patchCase{
		{name: "betting as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting", 2.0) },
			want: `$.score.betting: expected an object, got the number 2`},
		{name: "bet as string", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.bet", "2") },
			want: `$.score.betting.bet: expected an integer, got the string "2"`},
		{name: "showdown as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.showdown", 1.0) },
			want: `$.score.betting.showdown: expected true or false, got the number 1`},
		{name: "unknown field", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.ante", 1.0) },
			want: `$.score.betting.ante: unknown field "ante"`},
	}
	runBaseCases(t, bettingBases(t), cases, genome.Decode)
}

// TestValidateRejectsBetting: every rule of validateBetting gives its
// problem at the right JSON path: each field out of range, a blind above
// the bet, no chips, a draw or a showdown without fan hands, no phases
// without a showdown; and the rules betting changes: no phases but for a
// game of betting with a showdown, chips that never move without betting.
func TestValidateRejectsBetting(t *testing.T) {
	runBaseCases(t, bettingBases(t), []patchCase{
		{name: "bet 0", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.bet", 0.0) },
			want: `$.score.betting.bet: must be between 1 and 50, got 0`},
		{name: "bet left out", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.betting.bet") },
			want: `$.score.betting.bet: must be between 1 and 50, got 0`},
		{name: "bet 51", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.bet", 51.0) },
			want: `$.score.betting.bet: must be between 1 and 50, got 51`},
		{name: "bet negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.bet", -2.0) },
			want: "2 problems:\n" +
				"  $.score.betting.bet: must be between 1 and 50, got -2\n" +
				"  $.score.betting.blind: must be between 0 (none) and the bet (-2), got 0"},
		// The raises: 0..5.
		{name: "raises 6", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.raises", 6.0) },
			want: `$.score.betting.raises: must be between 0 and 5, got 6`},
		{name: "raises negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.raises", -1.0) },
			want: `$.score.betting.raises: must be between 0 and 5, got -1`},
		// The blind: 0..bet.
		{name: "blind above the bet", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.blind", 3.0) },
			want: `$.score.betting.blind: must be between 0 (none) and the bet (2), got 3`},
		{name: "blind negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.blind", -1.0) },
			want: `$.score.betting.blind: must be between 0 (none) and the bet (2), got -1`},
		// The draw: 0..5.
		{name: "draw 6", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.draw", 6.0) },
			want: `$.score.betting.draw: must be between 0 (no draw round) and 5, got 6`},
		{name: "draw negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.betting.draw", -1.0) },
			want: `$.score.betting.draw: must be between 0 (no draw round) and 5, got -1`},
		// Every field wrong at once: every problem, in the fields' order.
		{name: "every field out of range", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.betting", js(t, `{"bet": 51, "raises": 6, "blind": 52, "draw": 6, "showdown": true}`))
		}, want: "4 problems:\n" +
			"  $.score.betting.bet: must be between 1 and 50, got 51\n" +
			"  $.score.betting.raises: must be between 0 and 5, got 6\n" +
			"  $.score.betting.blind: must be between 0 (none) and the bet (51), got 52\n" +
			"  $.score.betting.draw: must be between 0 (no draw round) and 5, got 6"},
		// Bets are chips.
		{name: "no chips", seed: "draw-poker-play", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.chips") },
			want: `$.score.betting: bets are chips, but the game has none (score.chips)`},
		// A draw and a showdown are about a hand of cards.
		{name: "pile hands, a draw", seed: "draw-poker-play", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "hand", "pile")
			set(t, m, "turn", js(t, `[{"kind": "battle"}]`))
		}, want: `$.score.betting: a draw round and a showdown are about a hand of cards, but the hand is not a fan`},
		{name: "pile hands, a showdown", seed: "draw-poker-play", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "hand", "pile")
			set(t, m, "turn", js(t, `[{"kind": "battle"}]`))
			set(t, m, "score.betting", js(t, `{"bet": 2, "showdown": true}`))
		}, want: `$.score.betting: a draw round and a showdown are about a hand of cards, but the hand is not a fan`},
		// No phases: only with a showdown.
		{name: "no phases, no showdown", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.betting.showdown") },
			want: "2 problems:\n" +
				"  $.turn: must have 1 to 8 phases (0 only for a game of betting with a showdown or against a dealer), got 0\n" +
				"  $.score.betting.showdown: with no phases the pot is won by folds alone: a game with no play needs a showdown"},
		{name: "no phases, no betting", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.betting") },
			want: `$.turn: must have 1 to 8 phases (0 only for a game of betting with a showdown or against a dealer), got 0`},
		{name: "no phases, chips only", seed: "fan-tan", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn", js(t, `[]`)) },
			want: `$.turn: must have 1 to 8 phases (0 only for a game of betting with a showdown or against a dealer), got 0`},
		// Chips move by a payment or a bet.
		{name: "no payment, no betting", seed: "draw-poker-play", patch: func(t *testing.T, m map[string]any) {
			del(t, m, "score.betting")
			del(t, m, "score.chips.ante")
		}, want: `$.score.chips: no ante, pass or per_card payment, no betting and no dealer, so no chip ever moves`},
		// Betting is a game of chips, which score nothing else.
		{name: "betting with a hand scored", seed: "draw-poker-play", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.hand", js(t, `[{"match": "hearts", "points": 1}]`))
		}, want: `$.score.chips: a game with chips scores nothing else: its scores are the chips the seats hold`},
	}, genome.Parse)
}

// TestValidateAcceptsBetting: what the rules allow: every field at both
// ends of its range, a blind equal to the bet, betting without an ante,
// one deal, a game of play after the betting with or without a showdown
// or a draw, and chips over a match without betting.
func TestValidateAcceptsBetting(t *testing.T) {
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
	}{
		{"as it is", func(g *genome.Genome) {}},
		{"the least", func(g *genome.Genome) { *g.Score.Betting = genome.Betting{Bet: 1, Showdown: true} }},
		{"the most", func(g *genome.Genome) {
			*g.Score.Betting = genome.Betting{Bet: cardrules.MaxBet, Raises: cardrules.MaxRaises, Blind: cardrules.MaxBet, Draw: cardrules.MaxExchange, Showdown: true}
		}},
		{"a blind of the bet", func(g *genome.Genome) { g.Score.Betting.Blind = g.Score.Betting.Bet }},
		{"no ante", func(g *genome.Genome) { g.Score.Chips.Ante = 0 }},
		{"one deal", func(g *genome.Genome) { g.Match = nil }},
		{"a match with a target", func(g *genome.Genome) { g.Match.Target = 400 }},
		{"play, no showdown", func(g *genome.Genome) { playFirst(g); g.Score.Betting.Showdown = false }},
		{"play, no draw, no showdown", func(g *genome.Genome) {
			playFirst(g)
			g.Score.Betting.Showdown, g.Score.Betting.Draw = false, 0
		}},
		{"play and a showdown", func(g *genome.Genome) { playFirst(g) }},
		{"chips over a match, no betting", func(g *genome.Genome) { playFirst(g); g.Score.Betting = nil }},
	} {
		g := drawPokerGame(t)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", c.what, err)
		}
	}
}

// TestBettingRoundTrip: the betting survives Encode and Parse, keeps its
// place in the canonical form (fields left out when 0 or false), and a
// clone's betting is its own.
func TestBettingRoundTrip(t *testing.T) {
	g := drawPokerGame(t)
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	h, err := genome.Parse(b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if !reflect.DeepEqual(g, h) {
		t.Errorf("Parse(Encode(g)) differs from g:\n%s", b)
	}
	c := g.CanonicalJSON()
	if !strings.Contains(string(c), `"betting":{"bet":2,"raises":3,"draw":3,"showdown":true}`) || !strings.Contains(string(c), `"turn":[]`) {
		t.Errorf("the canonical form lacks the betting or the empty turn:\n%s", c)
	}
	h, err = genome.Parse(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(h.CanonicalJSON()) != string(c) || h.Hash() != g.Hash() || genome.Distance(g, h) != 0 {
		t.Errorf("the canonical form does not survive a round trip:\n%s\n%s", c, h.CanonicalJSON())
	}
	// The least betting: the fields at 0 are left out.
	g.Score.Betting = &genome.Betting{Bet: 1, Showdown: true}
	var tree map[string]any
	if err := json.Unmarshal(g.CanonicalJSON(), &tree); err != nil {
		t.Fatal(err)
	}
	if k := tree["score"].(map[string]any)["betting"]; !reflect.DeepEqual(k, map[string]any{"bet": 1.0, "showdown": true}) {
		t.Errorf("the least betting is written %v", k)
	}
	// A clone's betting is a copy.
	c2 := g.Clone()
	c2.Score.Betting.Draw = 2
	if g.Score.Betting.Draw != 0 || g.Hash() == c2.Hash() {
		t.Error("a clone shares its betting")
	}
}
