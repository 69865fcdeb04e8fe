package genome_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// ginRummyJSON is the gin-rummy seed (pagat.com's Gin Rummy), a copy of
// the seed for these tests: two players, ten cards each and a starter, sets
// and runs of three (aces low), melds laid out, knocking with at most 10
// deadwood, gin and undercut bonuses of 25, a match to 100.
const ginRummyJSON = `{
  "schema": 1,
  "name": "gin-rummy",
  "seats": {"min": 2, "max": 2, "default": 2},
  "deck": {"order": "ace_low"},
  "hand": "fan",
  "deal": {"cards": 10, "starter": true},
  "reshuffle": false,
  "turn": [
    {"kind": "meld", "sets": 3, "runs": 3, "lay": "out", "knock": 10}
  ],
  "effects": [],
  "score": {"deadwood": true, "gin": 25, "undercut": 25},
  "end": {"until": "first_out", "rank": "score_high", "blocked": 1},
  "match": {"target": 100, "deals": 60},
  "turn_cap": 8000
}`

// rummyJSON is the rummy seed (pagat.com's basic Rummy), a copy: two to
// six players, sets and runs of three laid in the turn with lay-offs, the
// discard pile reshuffled into the stock, the first out scoring the
// others' hands.
const rummyJSON = `{
  "schema": 1,
  "name": "rummy",
  "seats": {"min": 2, "max": 6, "default": 2},
  "deck": {"order": "ace_low"},
  "hand": "fan",
  "deal": {"cards": 7, "overrides": [{"seats": 2, "cards": 10}, {"seats": 5, "cards": 6}, {"seats": 6, "cards": 6}], "starter": true},
  "reshuffle": true,
  "turn": [
    {"kind": "meld", "sets": 3, "runs": 3}
  ],
  "effects": [],
  "score": {"deadwood": true},
  "end": {"conditions": [{"when": "hand_empty", "result": "win"}], "until": "first_out", "rank": "score_high"},
  "match": {"target": 100, "deals": 60},
  "turn_cap": 8000
}`

// meldGame parses and validates one of the meld games above.
func meldGame(t *testing.T, js string) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDescribeMeldSeeds: the rules texts of the two rummy games say the
// draw from the stock or the discard pile, the melds (sets and runs of
// three, aces low), laying in the turn with lay-offs or only at the end
// with the knock and its limit, the discard, the deadwood's values (face
// value, pictures 10) and the deal's-end scores; and they are the golden
// texts.
func TestDescribeMeldSeeds(t *testing.T) {
	for _, c := range []struct {
		name, js  string
		want, not []string
	}{
		{"gin-rummy", ginRummyJSON, []string{
			"1. Take the top card of the stock or, if the discard pile has a card, the top card of the discard pile. If the stock is empty, you may not take from the discard pile either: pass, and do nothing else this turn.",
			"Melds are sets of three or more cards of one rank and runs of three or more cards of one suit in sequence in the order A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K (one card of each rank; K is never followed by A).",
			"Melds are never laid on the table during play. Your deadwood is the total value of the cards left unmatched when your hand is arranged into separate melds in the way that leaves the least; each card is worth its face value, pictures 10 (A 1, 2 2, 3 3, 4 4, 5 5, 6 6, 7 7, 8 8, 9 9, 10, J, Q and K 10).",
			"Then discard a card from your hand face up onto the discard pile, but not the card you took from the discard pile this turn unless you have no other card you may discard (with none, you do not discard).",
			"Then, if you hold cards and your deadwood is 10 or less, you may knock: you lay out the melds you choose (without adding to other melds) and go out as a winner.",
			"Deals: When a deal ends with a player out as a winner, the first such player (the winner) scores against each other player by deadwood. Every hand is arranged into melds as above (the winner's cards left in hand after laying out); then, unless the winner has no deadwood, each other player may add unmatched cards to the melds the winner laid out (a card of a set's rank; cards continuing a run of its suit up from its highest or down from its lowest) to lower their deadwood, each as if alone.",
			"For each other player whose deadwood is more than the winner's, the winner scores the difference; a player whose deadwood is no more than the winner's, when the winner has some, scores the difference plus 25 points (an undercut) instead. A winner with no deadwood (gin) scores 25 points more. With no player out as a winner, the deal's deadwood scores nothing.",
		}, []string{"lay melds", "joker"}},
		{"rummy", rummyJSON, []string{
			"If the stock is empty and cannot be refilled, you may not take from the discard pile either",
			"Then you may lay melds from your hand face up on the table, as many as you like, and then add cards from your hand to any melds on the table, yours or another player's: to a set, a card of its rank; to a run, the card of its suit just below its lowest or just above its highest. Then, unless your hand is empty, discard a card",
			"Deals: When a deal ends with a player out as a winner, the first such player (the winner) scores against each other player by deadwood. A player's deadwood is the total value of the cards in their hand, each card worth its face value, pictures 10 (A 1, 2 2, 3 3, 4 4, 5 5, 6 6, 7 7, 8 8, 9 9, 10, J, Q and K 10).",
			"a player whose deadwood is no more than the winner's, when the winner has some, scores the difference instead. With no player out",
		}, []string{"knock", "gin", "undercut", "never laid"}},
	} {
		d := meldGame(t, c.js).Describe()
		for _, w := range c.want {
			if !strings.Contains(d, w) {
				t.Errorf("%s: the rules text lacks %q:\n%s", c.name, w, d)
			}
		}
		for _, w := range c.not {
			if strings.Contains(d, w) {
				t.Errorf("%s: the rules text speaks of %q:\n%s", c.name, w, d)
			}
		}
		testkit.Golden(t, filepath.Join("testdata", "meld", c.name+".txt"), []byte(d))
	}
}

// TestDescribeMeldFields: every field of a meld phase (sets, runs, lay,
// knock) and of the deadwood scores (deadwood, gin, undercut) shows in
// the words, and so do the deck's order and ranks (the runs' order, the
// deadwood values), jokers and two packs.
func TestDescribeMeldFields(t *testing.T) {
	for _, c := range []struct {
		what   string
		js     string
		change func(g *genome.Genome)
		want   string
	}{
		{"sets 2", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 2 },
			"Melds are sets of two or more cards of one rank and runs of three"},
		{"sets 5", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 5 },
			"Melds are sets of five or more cards of one rank and runs"},
		{"no sets", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 0 },
			"Melds are runs of three or more cards of one suit in sequence"},
		{"runs 4", rummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = 4 },
			"and runs of four or more cards of one suit in sequence"},
		{"no runs", rummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = 0 },
			"Melds are sets of three or more cards of one rank. If the discard pile is turned"},
		{"no runs: lay-offs onto sets", rummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = 0 },
			"yours or another player's: to a set, a card of its rank. Then, unless your hand is empty"},
		{"no sets: lay-offs onto runs", rummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 0 },
			"yours or another player's: to a run, the card of its suit just below its lowest or just above its highest. Then"},
		{"no sets: lay-offs at the end", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 0 },
			"to the melds the winner laid out (cards continuing a run of its suit up from its highest or down from its lowest)"},
		{"no runs: lay-offs at the end", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = 0 },
			"to the melds the winner laid out (a card of a set's rank) to lower"},
		{"lay out", rummyJSON, func(g *genome.Genome) { g.Turn[0].Lay = cardrules.LayOut },
			"Melds are never laid on the table during play. Your deadwood is the total value of the cards left unmatched"},
		{"knock 0", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Knock = 0 },
			"Then, if you hold cards and have no deadwood at all (gin), you may knock: you lay out the melds you choose (without adding to other melds) and go out as a winner."},
		{"knock 30", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Knock = 30 },
			"Then, if you hold cards and your deadwood is 30 or less, you may knock"},
		{"gin 0", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin = 0 },
			"(an undercut) instead. With no player out as a winner"},
		{"gin 50", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin = 50 },
			"A winner with no deadwood (gin) scores 50 points more."},
		{"undercut 1", ginRummyJSON, func(g *genome.Genome) { g.Score.Undercut = 1 },
			"scores the difference plus 1 point (an undercut) instead."},
		{"undercut 0", ginRummyJSON, func(g *genome.Genome) { g.Score.Undercut = 0 },
			"when the winner has some, scores the difference instead. A winner with no deadwood (gin) scores 25 points more."},
		{"no deadwood score", rummyJSON, func(g *genome.Genome) {
			g.Score.Deadwood = false
			g.Score.Hand = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit}, Points: 1}}
		}, "Deals: When a deal ends, each player scores for every card still in their hand: each card of clubs 1 point. The game"},
		{"aces high", rummyJSON, func(g *genome.Genome) { g.Deck.Order = cardrules.OrderAceHigh },
			"in the order 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A (one card of each rank; A is never followed by 2)"},
		{"aces high: values", rummyJSON, func(g *genome.Genome) { g.Deck.Order = cardrules.OrderAceHigh },
			"each card worth its place in the deck's order, at most 10 (2 1, 3 2, 4 3, 5 4, 6 5, 7 6, 8 7, 9 8, 10 9, J, Q, K and A 10)"},
		{"twos high: values", ginRummyJSON, func(g *genome.Genome) { g.Deck.Order = cardrules.OrderTwoHigh },
			"each card is worth its place in the deck's order, at most 10 (3 1, 4 2, 5 3, 6 4, 7 5, 8 6, 9 7, 10 8, J 9, Q, K, A and 2 10)"},
		{"a short deck", ginRummyJSON, func(g *genome.Genome) { g.Deck.Ranks, g.Deal.Cards = []genome.Rank{12, 5, 9, 11}, 3 },
			"in the order A, 7, J, K (one card of each rank; K is never followed by A)"},
		{"a short deck: values", ginRummyJSON, func(g *genome.Genome) { g.Deck.Ranks, g.Deal.Cards = []genome.Rank{12, 5, 9, 11}, 3 },
			"each card is worth its place in the deck's order, at most 10 (A 1, 7 2, J 3, K 4)"},
		{"one rank", ginRummyJSON, func(g *genome.Genome) { g.Deck.Ranks, g.Deal.Cards = []genome.Rank{5}, 1 },
			"in the order 7 (one card of each rank)."},
		{"jokers", rummyJSON, func(g *genome.Genome) { g.Deck.Jokers = 2 },
			"(one card of each rank; K is never followed by A); a joker is never part of a meld."},
		{"jokers: values", rummyJSON, func(g *genome.Genome) { g.Deck.Jokers = 2 },
			"(A 1, 2 2, 3 3, 4 4, 5 5, 6 6, 7 7, 8 8, 9 9, 10, J, Q and K 10, a joker 10)"},
		{"two packs: sets", rummyJSON, func(g *genome.Genome) { g.Deck.Packs = 2 },
			"Melds are sets of three or more cards of one rank (both copies of a card may be in one set) and runs"},
		{"two packs: the discard", rummyJSON, func(g *genome.Genome) { g.Deck.Packs = 2 },
			"but not the card you took from the discard pile this turn (nor the other pack's copy of it) unless"},
		{"no reshuffle", rummyJSON, func(g *genome.Genome) { g.Reshuffle = false },
			"If the stock is empty, you may not take from the discard pile either: pass"},
	} {
		g := meldGame(t, c.js)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if d := g.Describe(); !strings.Contains(d, c.want) {
			t.Errorf("%s: the text lacks %q:\n%s", c.what, c.want, d)
		}
	}
}

// TestDescribeMeldDistinct: meld phases that differ in any field read
// differently, and so do deadwood scores that differ.
func TestDescribeMeldDistinct(t *testing.T) {
	texts := map[string]string{}
	add := func(what string, g *genome.Genome) {
		t.Helper()
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		d := g.Describe()
		for other, od := range texts {
			if od == d {
				t.Errorf("%s reads as %s", what, other)
			}
		}
		texts[what] = d
	}
	for sets := 0; sets <= cardrules.MaxMeldMin; sets++ {
		for runs := 0; runs <= cardrules.MaxMeldMin; runs++ {
			if sets == 1 || runs == 1 || sets == 0 && runs == 0 {
				continue
			}
			for _, lay := range []genome.LayRule{cardrules.LayTurn, cardrules.LayOut} {
				for _, knock := range []int{0, 1, 10, cardrules.MaxKnock} {
					if knock > 0 && lay == cardrules.LayTurn {
						continue
					}
					g := meldGame(t, rummyJSON)
					g.Turn[0] = genome.Phase{Kind: cardrules.PhaseMeld, Sets: sets, Runs: runs, Lay: lay, Knock: knock}
					add(g.Turn[0].Kind.String()+string(rune('0'+sets))+string(rune('0'+runs))+lay.String()+string(rune('a'+knock)), g)
				}
			}
		}
	}
	for _, gin := range []int{0, 1, cardrules.MaxBonus} {
		for _, under := range []int{0, 1, cardrules.MaxBonus} {
			g := meldGame(t, ginRummyJSON)
			g.Score.Gin, g.Score.Undercut = gin, under
			add("bonus "+string(rune('a'+gin))+string(rune('a'+under)), g)
		}
	}
}
