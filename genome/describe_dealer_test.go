package genome_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// blackjackGame is the seed blackjack: three players with a stake of 100
// against a dealer who stands on 17, a wager of 5, 20 deals, no phases.
func blackjackGame(t testing.TB) *genome.Genome {
	t.Helper()
	return testkit.SeedGenome(t, "blackjack")
}

// dealerInternals are words of the genome's Go and JSON forms that the
// rules text of a game against a dealer must never show.
var dealerInternals = []string{"soft_hits", "SoftHits", "Stand", "Wager", "score.", "dealer.", "turn_cap", "hands_empty"}

// TestDescribeDealerGoldens: the rules texts of blackjack and of its
// variants (a dealer who draws on a soft total, another wager and stand
// in one deal, payments to the pool and rules of play that never apply)
// say the wagers, the dealer's cards, the totals, the players' turns, the
// dealer's rule and the settling with the game's numbers, in plain
// English; and they are the golden texts.
func TestDescribeDealerGoldens(t *testing.T) {
	for _, c := range []struct {
		name      string
		change    func(g *genome.Genome)
		want, not []string
	}{
		{"blackjack", func(g *genome.Genome) {}, []string{
			"\nThere is no play of cards: each deal is played against the dealer (below).\n",
			"\nScoring: Each player starts with 100 chips. The chips carry over from deal to deal. Chips are won and lost on wagers against the dealer (below). Nobody pays more chips than they have.\n",
			"\nDealer: The dealer is not one of the players: the rules play its hand, for the house, whose chips start at 0 and may run below 0",
			"As each deal starts, once the cards are dealt, the dealer takes two cards from the stock, the first face up and the second face down",
			"A player who has no chips left sits the deal out, their cards put out of play unseen; each other player wagers 5 chips (all they have, if fewer).",
			"each jack, queen and king as 10, and an ace as 11 where that keeps the total at 21 or below, else as 1.",
			"A total in which an ace counts 11 is soft, any other hard; a total over 21 is bust.",
			"in turn from the first player in the first deal, and from one seat further to the left in each deal after it, draws cards from the stock one at a time as they choose (hits) until they stand",
			"Then the dealer turns its face-down card up and draws cards from the stock, face up, one at a time, while its total is below 17 (and a card is left to draw); it stands on 17 or more, soft or not.",
			"a player who went bust loses their wager, even if the dealer goes bust too",
			"wins as many chips as they wagered and takes their wager back; equal totals are a push, and the wager comes back; a lower total loses the wager.",
			"\nDeals: The game is played over 20 deals, or until no player has chips left; the most chips win.\n",
			"\nEnd: Each deal ends once its wagers are settled. Players still in at the end are ranked by their chips, most first.",
			"Nobody plays a card against the dealer, so these rules of play never apply: the game ends when every hand is empty.",
		}, []string{"On your turn", "pool", "pot", "betting", "showdown", "joker", "soft 17", "The deal passes", "at most one player"}},
		{"blackjack-soft-hits", func(g *genome.Genome) { g.Score.Dealer.SoftHits = true }, []string{
			"while its total is below 17 or is a soft 17 (and a card is left to draw); it stands on a hard 17 or on 18 or more.",
		}, []string{"soft or not"}},
		{"blackjack-one-deal", func(g *genome.Genome) {
			g.Match = nil
			*g.Score.Dealer = genome.Dealer{Wager: 1, Stand: cardrules.MaxStand, SoftHits: true}
			g.Deck.Jokers = 2
		}, []string{
			"\nThere is no play of cards: the deal is played against the dealer (below).\n",
			"Scoring: Each player starts with 100 chips. Chips are won and lost",
			"As the deal starts, once the cards are dealt, the dealer takes",
			"each other player wagers 1 chip (all they have, if fewer).",
			"else as 1; a joker counts 0.",
			"Then each player who wagered, in turn from the first player, draws cards",
			"while its total is below 21 or is a soft 21 (and a card is left to draw); it stands only on a hard 21.",
			"\nEnd: The game ends once the wagers are settled.",
		}, []string{"Deals:", "carry over", "each deal", "further to the left"}},
		{"blackjack-fees", func(g *genome.Genome) {
			g.Score.Chips = genome.Chips{Stake: 50, Ante: 2, Pass: 1, PerCard: 1}
			g.Score.Dealer.Stand = cardrules.MinStand
			g.Match.Target = 300
			c := genome.Card(12) // (the ace of clubs)
			g.LeadCard = &c
			g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
			g.End.Until = cardrules.UntilFirstOut
			g.End.Blocked = 2
		}, []string{
			"Scoring: Each player starts with 50 chips and puts 2 chips into the pool as each deal starts. The chips carry over from deal to deal. Chips are won and lost on wagers against the dealer (below). When a deal ends, once the wagers are settled, each player puts 1 chip into the pool for each card left in their hand. Nobody ever takes the pool: against the dealer no player goes out as a winner, so the chips put into it are out of the game.",
			"while its total is below 12 (and a card is left to draw); it stands on 12 or more, soft or not.",
			"\nDeals: The game is played in deals until a player holds 300 chips, or no player has any, at most 20 deals; the most chips win.\n",
			"Nobody plays a card against the dealer, so these rules of play never apply: the player holding the ",
			"starts; each time a player passes they put 1 chip into the pool; a player who has no cards left goes out as a winner (the first out ranks first); the game ends as soon as one player is out; if the stock is empty and every player still in passes in turn, plus one more pass, the game also ends, blocked.",
		}, []string{"Each time you pass", "The deal passes"}},
	} {
		g := blackjackGame(t)
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
		_, rules, _ := strings.Cut(d, "Players:") // (the summary may say what the rules may not)
		for _, w := range append(c.not, dealerInternals...) {
			if strings.Contains(rules, w) {
				t.Errorf("%s: the rules text speaks of %q:\n%s", c.name, w, d)
			}
		}
		testkit.Golden(t, filepath.Join("testdata", "dealer", c.name+".txt"), []byte(d))
	}
}

// TestDescribeDealerFields: what the game around the dealer changes shows
// in its words: a pass before each deal, sets laid down, a match's target
// with partnerships, stand totals at both ends.
func TestDescribeDealerFields(t *testing.T) {
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
		want   string
	}{
		{"wager 50", func(g *genome.Genome) { g.Score.Dealer.Wager = cardrules.MaxBet },
			"each other player wagers 50 chips (all they have, if fewer)"},
		{"stand 21", func(g *genome.Genome) { g.Score.Dealer.Stand = cardrules.MaxStand },
			"while its total is below 21 (and a card is left to draw); it stands on 21, soft or not."},
		{"stand 12, soft hits", func(g *genome.Genome) { g.Score.Dealer.Stand, g.Score.Dealer.SoftHits = cardrules.MinStand, true },
			"while its total is below 12 or is a soft 12 (and a card is left to draw); it stands on a hard 12 or on 13 or more."},
		{"a pass", func(g *genome.Genome) {
			g.Match.Pass = &genome.PassRules{Count: 1, To: []genome.PassTo{cardrules.PassLeft}}
		}, "As each deal starts, once the cards are dealt (after the cards are passed), the dealer takes"},
		{"sets laid down", func(g *genome.Genome) { g.Meld = 2 },
			"As each deal starts, once the cards are dealt (after any sets are laid down), the dealer takes"},
		{"a target with partnerships", func(g *genome.Genome) {
			g.Match.Target, g.Teams = 300, 2
			g.Seats = genome.Seats{Min: 4, Max: 4, Default: 4}
		}, "until a partnership's players hold 300 chips, or no player has any, at most 20 deals"},
		{"a pass payment never applies", func(g *genome.Genome) { g.Score.Chips.Pass = 3 },
			"these rules of play never apply: each time a player passes they put 3 chips into the pool; the game ends when every hand is empty."},
	} {
		g := blackjackGame(t)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if d := g.Describe(); !strings.Contains(d, c.want) {
			t.Errorf("%s: the text lacks %q:\n%s", c.what, c.want, d)
		}
	}
}

// TestDescribeDealerDistinct: dealers that differ in any field read
// differently, in a match and in one deal.
func TestDescribeDealerDistinct(t *testing.T) {
	texts := map[string]string{}
	for _, one := range []bool{false, true} {
		for _, wager := range []int{1, 2, 5, cardrules.MaxBet} {
			for _, stand := range []int{cardrules.MinStand, 16, 17, 20, cardrules.MaxStand} {
				for _, soft := range []bool{false, true} {
					g := blackjackGame(t)
					g.Score.Dealer = &genome.Dealer{Wager: wager, Stand: stand, SoftHits: soft}
					if one {
						g.Match = nil
					}
					if err := g.Validate(); err != nil {
						t.Fatalf("%+v: %v", *g.Score.Dealer, err)
					}
					what := fmt.Sprintf("one deal %v, %+v", one, *g.Score.Dealer)
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

// TestPropDescribeShowsDealerChange: in blackjack, as a match or one
// deal, with any dealer and any payments, a change of one field of the
// dealer or of the game's rules of play that never apply against it, or
// the dealer replaced by betting with a showdown, that leaves the game
// valid and alters its canonical form changes its rules text and moves
// it away.
func TestPropDescribeShowsDealerChange(t *testing.T) {
	base := blackjackGame(t)
	rapid.Check(t, func(t *rapid.T) {
		g := base.Clone()
		if rapid.Bool().Draw(t, "one deal") {
			g.Match = nil
		}
		g.Score.Chips.Ante = rapid.IntRange(0, 2).Draw(t, "ante")
		g.Score.Chips.Pass = rapid.IntRange(0, 2).Draw(t, "pass")
		g.Score.Dealer = &genome.Dealer{
			Wager:    rapid.IntRange(1, cardrules.MaxBet).Draw(t, "wager"),
			Stand:    rapid.IntRange(cardrules.MinStand, cardrules.MaxStand).Draw(t, "stand"),
			SoftHits: rapid.Bool().Draw(t, "soft_hits"),
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", g.CanonicalJSON(), err)
		}
		m := g.Clone()
		d := m.Score.Dealer
		switch rapid.SampledFrom([]string{"wager", "stand", "soft_hits", "pass", "until", "conditions", "blocked", "lead", "betting"}).Draw(t, "field") {
		case "wager":
			d.Wager = rapid.IntRange(1, cardrules.MaxBet).Draw(t, "new wager")
		case "stand":
			d.Stand = rapid.IntRange(cardrules.MinStand, cardrules.MaxStand).Draw(t, "new stand")
		case "soft_hits":
			d.SoftHits = !d.SoftHits
		case "pass":
			m.Score.Chips.Pass = rapid.IntRange(0, 3).Draw(t, "new pass")
		case "until":
			m.End.Until = genome.Until(rapid.IntRange(0, int(cardrules.NumUntils)-1).Draw(t, "new until"))
			if m.End.Until == cardrules.UntilFirstOut || m.End.Until == cardrules.UntilOneLeft {
				m.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty}}
			}
		case "conditions":
			m.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: genome.Result(rapid.IntRange(0, 1).Draw(t, "result"))}}
		case "blocked":
			m.End.Blocked = rapid.IntRange(0, cardrules.MaxBlocked).Draw(t, "new blocked")
		case "lead":
			c := genome.Card(rapid.IntRange(0, 51).Draw(t, "lead card"))
			m.LeadCard = &c
		case "betting":
			m.Score.Dealer = nil
			m.Score.Betting = &genome.Betting{Bet: 2, Showdown: true}
		}
		checkChangeShows(t, g, m, "the change")
	})
}
