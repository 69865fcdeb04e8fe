package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestDescribeJokers: the rules name a joker as a card ("a joker",
// "jokers"), not by its rank's symbol: its effects, naming a suit after
// one, the starter that may not be one, its points, a lock to its suit
// (none: the jokers) and what its suit means in a trick.
func TestDescribeJokers(t *testing.T) {
	joker := cardrules.Joker
	jokerPoints := genome.CardPoints{Match: genome.Match{Kind: cardrules.MatchRank, Value: uint8(joker)}, Points: 5}
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Deck.Jokers = 2
	g.Turn[0].NameSuit = append(g.Turn[0].NameSuit, joker)
	g.Turn[0].Legal.Args = append(g.Turn[0].Legal.Args, genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermRank, Value: uint8(joker)}))
	g.Effects = []genome.Effect{
		{Rank: joker, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2},
		{Rank: joker, Type: cardrules.LockSuit, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 1}},
		{Rank: joker, Type: cardrules.SkipNext, Value: 1, When: cardrules.Drawn},
	}
	g.Deal.StarterNot = []genome.Rank{joker, 6}
	g.Score.Chips = genome.Chips{}
	g.Score.Hand = []genome.CardPoints{jokerPoints}
	g.End.Rank = cardrules.RankScoreLow
	w := testkit.SeedGenome(t, "whist")
	w.Deck.Jokers = 1
	w.Score.Cards = []genome.CardPoints{jokerPoints}
	for _, tc := range []struct {
		g    *genome.Genome
		want []string
	}{
		{g, []string{
			"plus two jokers (54 cards; aces high; a joker ranks above every other card and belongs to no suit)",
			"If the starter is an 8 or a joker, it is shuffled back",
			"After playing an 8 or a joker, name a suit",
			"its rank is 8 or its rank is the joker's",
			"- Joker: the next player draws 2 cards from the stock.",
			"- Joker: the next player may play only jokers (a joker belongs to no suit, which only the jokers share) for the rest of the turn",
			"- When a player draws a joker from the stock, the player due to move next misses a turn.",
			"each joker 5 points",
		}},
		{w, []string{
			"plus one joker (53 cards;",
			"A joker led makes the suit led none, which only a joker follows; a joker played to another suit never wins, and a joker dealt last makes the jokers trumps.",
			"Each joker in a trick you won scores 5 points.",
		}},
	} {
		if err := tc.g.Validate(); err != nil {
			t.Fatal(err)
		}
		d := tc.g.Describe()
		for _, s := range tc.want {
			if !strings.Contains(d, s) {
				t.Errorf("%s: the description lacks %q:\n%s", tc.g.Name, s, d)
			}
		}
		if strings.Contains(d, "rank Joker") || strings.Contains(d, "a Joker") {
			t.Errorf("%s: the description names a joker by its rank's symbol:\n%s", tc.g.Name, d)
		}
	}
}
