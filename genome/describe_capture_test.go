package genome_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// scopaJSON is a scopa-like game: the Italian 40-card pack (A to 7 and the
// court cards, aces low), three cards each and four to the layout; a turn
// captures (a single card of equal value first) and draws one; a sweep
// scores a point, and so do the seven of diamonds and each diamond won.
const scopaJSON = `{
  "schema": 1,
  "name": "scopa-like",
  "seats": {"min": 2, "max": 4, "default": 2},
  "deck": {"ranks": ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"], "order": "ace_low"},
  "hand": "fan",
  "deal": {"cards": 3, "layout": 4},
  "turn": [
    {"kind": "capture", "equal_first": true},
    {"kind": "draw", "count": 1}
  ],
  "score": {"sweep": 1, "cards": [{"match": "7D", "points": 1}, {"match": "diamonds", "points": 1}]},
  "end": {"until": "hands_empty", "rank": "score_high"},
  "turn_cap": 400
}`

// scopa returns the scopa-like game, valid.
func scopa(t *testing.T) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(scopaJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDescribeScopa: the rules text of the scopa-like game says the layout
// dealt after the hands, the capture phase with its rule of equal cards
// first, the trail, the values of the Italian pack (A 1 to K 10), the last
// capturer taking the layout at the game's end, the sweep, and the cards
// won by capturing that score; and it is the golden text.
func TestDescribeScopa(t *testing.T) {
	g := scopa(t)
	d := g.Describe()
	for _, want := range []string{
		"Deal: shuffle and deal 3 cards to each player; the rest form the face-down stock.\nThen deal four cards from the stock face up, one at a time, to the middle of the table: the layout, which every player sees.\n",
		"1. Play a card from your hand face up. If cards on the layout add up to its value, you must take cards that do",
		"(but while the layout holds a card of the same value, you must take one such card alone).",
		"If no cards add up to its value, the card stays face up on the layout.",
		"2. Draw a card from the stock (if it has one).\nFor capturing, each card's value is its place in the deck's order: A 1, 2 2, 3 3, 4 4, 5 5, 6 6, 7 7, J 8, Q 9, K 10.",
		"When the game ends, the last player to have taken cards from the layout takes those left on it, as cards won",
		"Scoring: The 7D you won scores 1 point. Each card of diamonds you won scores 1 point. Taking every card left on the layout is a sweep and scores 1 point, unless it was the last card to be played",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("the rules text lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "trick") {
		t.Errorf("a game of captures speaks of tricks:\n%s", d)
	}
	testkit.Golden(t, filepath.Join("testdata", "capture", "scopa-like.txt"), []byte(d))
}

// TestDescribeCaptureVariants: every field of capture by sum shows in the
// text (equal_first, the layout's size, the sweep's points), the values
// follow the deck's order and ranks (ace high, a joker above all), a match
// gathers the layout at each deal's end, and a game that both plays tricks
// and captures scores the cards won either way.
func TestDescribeCaptureVariants(t *testing.T) {
	base := scopa(t)
	variant := func(change func(g *genome.Genome)) string {
		t.Helper()
		g := base.Clone()
		change(g)
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		return g.Describe()
	}
	before := base.Describe()
	for what, change := range map[string]func(g *genome.Genome){
		"without equal_first": func(g *genome.Genome) { g.Turn[0].EqualFirst = false },
		"another layout":      func(g *genome.Genome) { g.Deal.Layout = 1 },
		"no layout":           func(g *genome.Genome) { g.Deal.Layout = 0 },
		"another sweep":       func(g *genome.Genome) { g.Score.Sweep = 3 },
		"no sweep":            func(g *genome.Genome) { g.Score.Sweep = 0 },
	} {
		if variant(change) == before {
			t.Errorf("%s: the text did not change", what)
		}
	}
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
		want   string
	}{
		{"one card to the layout", func(g *genome.Genome) { g.Deal.Layout = 1 },
			"Then deal one card from the stock face up"},
		{"sweeps of 3 points", func(g *genome.Genome) { g.Score.Sweep = 3 },
			"is a sweep and scores 3 points"},
		{"no layout", func(g *genome.Genome) { g.Deal.Layout = 0 },
			"the rest form the face-down stock.\nEach player holds"},
		{"the full pack, aces high, with a joker", func(g *genome.Genome) { g.Deck = genome.Deck{Jokers: 1} },
			"each card's value is its place in the deck's order: 2 1, 3 2, 4 3, 5 4, 6 5, 7 6, 8 7, 9 8, 10 9, J 10, Q 11, K 12, A 13, a joker 14."},
		{"a match", func(g *genome.Genome) { g.Match = &genome.MatchRules{Deals: 3} },
			"At the end of each deal, the last player to have taken cards from the layout takes those left on it"},
		{"tricks too", func(g *genome.Genome) {
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseTrick, Lead: &genome.Expr{Op: genome.OpTrue}, Legal: &genome.Expr{Op: genome.OpTrue}})
		}, "Each card of diamonds you won, in a trick or by capturing, scores 1 point."},
		{"sweeps only", func(g *genome.Genome) { g.Score.Cards = nil; g.End.Rank = cardrules.RankCards },
			"Scoring: Taking every card left on the layout is a sweep and scores 1 point"},
	} {
		if d := variant(c.change); !strings.Contains(d, c.want) {
			t.Errorf("%s: the text lacks %q:\n%s", c.what, c.want, d)
		}
	}
	if d := variant(func(g *genome.Genome) { g.Turn[0].EqualFirst = false }); strings.Contains(d, "alone") {
		t.Errorf("without equal_first the text still puts equal cards first:\n%s", d)
	}
}
