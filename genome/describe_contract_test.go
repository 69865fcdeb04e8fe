package genome_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// spadesJSON is a game of bids and contracts after pagat.com's Spades:
// four players in two partnerships, the whole deck dealt, tricks with
// spades trumps that may not be led until a spade has been played (unless
// the leader holds nothing else), contracts of 10 points a trick bid and 1
// an overtrick, a penalty of 100 for every 10 bags, nil bids of 100, a
// match to 500.
const spadesJSON = `{
  "schema": 1,
  "name": "spades",
  "seats": {"min": 4, "max": 4, "default": 4},
  "deck": {},
  "hand": "fan",
  "deal": {"all": true},
  "reshuffle": false,
  "teams": 2,
  "turn": [
    {
      "kind": "trick",
      "lead": {"op": "true"},
      "lead_prefer": {"op": "any", "args": [
        {"op": "ne", "left": "card.suit", "right": "spades"},
        {"op": "played", "suit": "spades"}
      ]},
      "legal": {"op": "true"},
      "prefer": {"op": "eq", "left": "card.suit", "right": "top.suit"},
      "trump": "spades"
    }
  ],
  "effects": [],
  "score": {"contract": {"trick": 10, "over": 1, "bags": 10, "penalty": 100, "nil": 100}},
  "end": {"until": "hands_empty", "rank": "score_high"},
  "match": {"target": 500, "deals": 10},
  "turn_cap": 1000
}`

// spadesGame parses spadesJSON.
func spadesGame(t testing.TB) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(spadesJSON))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDescribeContractGoldens: the rules texts of the Spades-like game and
// of its variants without partnerships, without nil bids and without bags
// say the bidding round and the contract scores with the game's numbers;
// and they are the golden texts.
func TestDescribeContractGoldens(t *testing.T) {
	for _, c := range []struct {
		name      string
		change    func(g *genome.Genome)
		want, not []string
	}{
		{"spades", func(g *genome.Genome) {}, []string{
			"\nBidding: Before each deal's play, each player in turn from the dealer's left bids the number of tricks they mean to win: from 1 to the number of cards they hold (at most 13), or nil (0), meaning to win no trick at all. Every bid is made aloud.",
			"A partnership's contract is the total of its players' bids other than nil (a partnership whose players all bid nil has none), and its tricks are those its players who did not bid nil win in the deal.",
			"When a deal ends, each partnership with a contract scores it. If its tricks are at least its contract, it is made: the partnership scores 10 points for each trick bid and 1 point for each overtrick (a trick beyond the contract).",
			"The overtricks are also added to its bags, a count kept from deal to deal: each time its bags reach 10, the partnership loses 100 points and its bags drop by 10.",
			"If its tricks are fewer, the contract is set, and the partnership loses 10 points for each trick bid.",
			"Then each player who bid nil wins 100 points for their partnership if they won no trick, or loses as many if they won any; their tricks count neither toward their partnership's contract nor as overtricks.",
			"A partnership's points from its bids are scored to its first player (player 1 or player 2).\n\nDeals: The game is played in deals until a partnership's total reaches 500 points, at most 10 deals",
			"You may lead any card, but must play one where its suit is not spades or spades have been played if you can",
			"Spades are trumps",
		}, []string{"before the other scores"}},
		{"spades-no-teams", func(g *genome.Genome) { g.Teams = 0 }, []string{
			"A player's contract is their bid, unless it is nil. When a deal ends, each player with a contract scores it. If their tricks are at least their contract, it is made: the player scores 10 points for each trick bid",
			"The overtricks are also added to their bags, a count kept from deal to deal: each time their bags reach 10, the player loses 100 points and their bags drop by 10.",
			"If their tricks are fewer, the contract is set, and the player loses 10 points for each trick bid.",
			"Then each player who bid nil scores 100 points if they won no trick, or loses as many if they won any.\n",
			"The game is played in deals until a player reaches 500 points",
		}, []string{"partnership", "first player ("}},
		{"spades-no-nil", func(g *genome.Genome) { g.Score.Contract.Nil = 0 }, []string{
			"bids the number of tricks they mean to win: from 1 to the number of cards they hold (at most 13). Every bid is made aloud. A partnership's contract is the total of its players' bids, and its tricks are those its players win in the deal.",
		}, []string{"nil"}},
		{"spades-no-bags", func(g *genome.Genome) { g.Score.Contract.Bags, g.Score.Contract.Penalty = 0, 0 }, []string{
			"the partnership scores 10 points for each trick bid and 1 point for each overtrick (a trick beyond the contract). If its tricks are fewer",
		}, []string{"bags"}},
	} {
		g := spadesGame(t)
		g.Name = c.name
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d := g.Describe()
		for _, w := range c.want {
			if !strings.Contains(d, w) {
				t.Errorf("%s: the rules text lacks %q:\n%s", c.name, w, d)
			}
		}
		_, rules, _ := strings.Cut(d, "Players:") // (the name may say what the rules may not)
		for _, w := range c.not {
			if strings.Contains(rules, w) {
				t.Errorf("%s: the rules text speaks of %q:\n%s", c.name, w, d)
			}
		}
		testkit.Golden(t, filepath.Join("testdata", "contract", c.name+".txt"), []byte(d))
	}
}

// TestDescribeContractFields: every field of the contract shows in the
// words with its value, and so do what the game around it changes: a
// single deal, cards passed before the deal, a starter whose effects
// fire, sets laid down, other deal's-end scores, partnerships of six.
func TestDescribeContractFields(t *testing.T) {
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
		want   string
	}{
		{"trick 1", func(g *genome.Genome) { g.Score.Contract.Trick = 1 },
			"the partnership scores 1 point for each trick bid and 1 point for each overtrick"},
		{"trick 50: set", func(g *genome.Genome) { g.Score.Contract.Trick = cardrules.MaxBidPoints },
			"the contract is set, and the partnership loses 50 points for each trick bid."},
		{"over 0", func(g *genome.Genome) { g.Score.Contract.Over = 0 },
			"10 points for each trick bid, and nothing for overtricks (tricks beyond the contract). The overtricks are also added to its bags"},
		{"over 10", func(g *genome.Genome) { g.Score.Contract.Over = cardrules.MaxOvertrick },
			"and 10 points for each overtrick (a trick beyond the contract)"},
		{"over 0, no bags", func(g *genome.Genome) {
			g.Score.Contract.Over, g.Score.Contract.Bags, g.Score.Contract.Penalty = 0, 0, 0
		},
			"10 points for each trick bid, and nothing for overtricks (tricks beyond the contract). If its tricks are fewer"},
		{"bags 1", func(g *genome.Genome) { g.Score.Contract.Bags = 1 },
			"each time its bags reach 1, the partnership loses 100 points and its bags drop by 1"},
		{"bags 20, penalty 250", func(g *genome.Genome) {
			g.Score.Contract.Bags, g.Score.Contract.Penalty = cardrules.MaxBags, cardrules.MaxBidBonus
		},
			"each time its bags reach 20, the partnership loses 250 points and its bags drop by 20"},
		{"penalty 1", func(g *genome.Genome) { g.Score.Contract.Penalty = 1 },
			"the partnership loses 1 point and its bags drop by 10"},
		{"nil 1", func(g *genome.Genome) { g.Score.Contract.Nil = 1 },
			"Then each player who bid nil wins 1 point for their partnership if they won no trick, or loses as many"},
		{"nil 250", func(g *genome.Genome) { g.Score.Contract.Nil = cardrules.MaxBidBonus },
			"wins 250 points for their partnership"},
		{"one deal", func(g *genome.Genome) { g.Match = nil },
			"Bidding: Before play begins, each player in turn from the first player bids"},
		{"one deal: the bags", func(g *genome.Genome) { g.Match = nil },
			"added to its bags, a count kept through the deal: each time"},
		{"one deal: the scores", func(g *genome.Genome) { g.Match = nil },
			"When the deal ends, each partnership with a contract scores it."},
		{"a pass", func(g *genome.Genome) {
			g.Match.Pass = &genome.PassRules{Count: 3, To: []genome.PassTo{cardrules.PassLeft}}
		},
			"Bidding: Before each deal's play (after the cards are passed), each player in turn from the dealer's left bids"},
		{"a starter that fires", func(g *genome.Genome) {
			g.Deal = genome.Deal{Cards: 12, Starter: true, StarterFires: true}
			g.Effects = []genome.Effect{{Rank: 5, Type: cardrules.SkipNext, Value: 1}}
		}, "Before each deal's play (before the starter's effects apply), each player"},
		{"sets laid down", func(g *genome.Genome) { g.Meld = 4 },
			"from 1 to the number of cards they hold (at most 13), 1 if sets laid down have left them none, or nil (0)"},
		{"other deal's-end scores", func(g *genome.Genome) {
			g.Score.Moon, g.Score.Cards = true, []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit, Value: 2}, Points: 1}}
		},
			"When a deal ends, before the other scores of its end (below), each partnership with a contract scores it."},
		{"six players in partnerships", func(g *genome.Genome) {
			g.Seats = genome.Seats{Min: 6, Max: 6, Default: 6}
			g.Deal = genome.Deal{Cards: 8}
		}, "A partnership's points from its bids are scored to its first player (player 1 or player 2)."},
		{"no contract", func(g *genome.Genome) { g.Score = genome.Score{Trick: 1} },
			"Scoring: Each trick won scores 1 point.\n\nDeals: The game is played in deals until a partnership's total reaches 500 points"},
	} {
		g := spadesGame(t)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if d := g.Describe(); !strings.Contains(d, c.want) {
			t.Errorf("%s: the text lacks %q:\n%s", c.what, c.want, d)
		}
	}
	g := spadesGame(t)
	g.Score = genome.Score{Trick: 1}
	if d := g.Describe(); strings.Contains(d, "Bidding") || strings.Contains(d, "contract") {
		t.Errorf("a game without a contract speaks of bids:\n%s", d)
	}
}

// TestDescribeContractDistinct: contracts that differ in any field read
// differently, with partnerships and without.
func TestDescribeContractDistinct(t *testing.T) {
	texts := map[string]string{}
	for _, teams := range []int{0, 2} {
		for _, trick := range []int{1, 10, cardrules.MaxBidPoints} {
			for _, over := range []int{0, 1, cardrules.MaxOvertrick} {
				for _, bags := range []int{0, 1, cardrules.MaxBags} {
					for _, penalty := range []int{1, cardrules.MaxBidBonus} {
						for _, nilBid := range []int{0, 1, cardrules.MaxBidBonus} {
							k := genome.Contract{Trick: trick, Over: over, Bags: bags, Penalty: penalty, Nil: nilBid}
							if bags == 0 {
								if penalty != 1 {
									continue
								}
								k.Penalty = 0
							}
							g := spadesGame(t)
							g.Teams, g.Score.Contract = teams, &k
							if err := g.Validate(); err != nil {
								t.Fatalf("%+v: %v", k, err)
							}
							what := fmt.Sprintf("teams %d, %+v", teams, k)
							d := g.Describe()
							if other, ok := texts[d]; ok {
								t.Errorf("%s reads as %s", what, other)
							}
							texts[d] = what
						}
					}
				}
			}
		}
	}
}

// TestPropDescribeShowsContractChange: in generated games that may bid
// (a trick phase, fan hands), a change of one field of the contract, or
// a contract added or taken away, that leaves the game valid and alters
// its canonical form changes its rules text and moves it away.
func TestPropDescribeShowsContractChange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		if !g.HasPhase(cardrules.PhaseTrick) || g.Hand != cardrules.HandFan || g.Score.Chips.Stake > 0 {
			t.Skip("a game that cannot bid")
		}
		m := g.Clone()
		if m.Score.Contract == nil {
			m.Score.Contract = &genome.Contract{Trick: 1}
		} else {
			k := m.Score.Contract
			field := rapid.SampledFrom([]string{"trick", "over", "bags", "penalty", "nil", "none"}).Draw(t, "field")
			switch field {
			case "trick":
				k.Trick = rapid.IntRange(1, cardrules.MaxBidPoints).Draw(t, "trick")
			case "over":
				k.Over = rapid.IntRange(0, cardrules.MaxOvertrick).Draw(t, "over")
			case "bags":
				k.Bags = rapid.IntRange(0, cardrules.MaxBags).Draw(t, "bags")
			case "penalty":
				k.Penalty = rapid.IntRange(0, cardrules.MaxBidBonus).Draw(t, "penalty")
			case "nil":
				k.Nil = rapid.IntRange(0, cardrules.MaxBidBonus).Draw(t, "nil")
			case "none":
				m.Score.Contract = nil
			}
		}
		checkChangeShows(t, g, m, "the contract")
	})
}

// checkChangeShows checks that m, a change of g that leaves it valid and
// alters its canonical form, reads differently and lies apart from g (it
// checks nothing of an invalid or canonically equal m); what names the
// change.
func checkChangeShows(t *rapid.T, g, m *genome.Genome, what string) {
	if m.Validate() != nil || string(m.CanonicalJSON()) == string(g.CanonicalJSON()) {
		return
	}
	if m.Describe() == g.Describe() {
		t.Fatalf("%s changes the canonical form but not Describe\nbefore: %s\nafter:  %s", what, g.CanonicalJSON(), m.CanonicalJSON())
	}
	if d := genome.Distance(g, m); d <= 0 {
		t.Fatalf("%s changes the canonical form, but the distance is %v\nbefore: %s\nafter:  %s", what, d, g.CanonicalJSON(), m.CanonicalJSON())
	}
}
