package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestDescribeTwoPacks: a deck of two packs says so and counts both packs'
// cards (jokers included), says that the copies of a card are alike, that
// of two identical cards in a trick the first played wins, that the lead
// card is the first pack's and that a card's points are each copy's; a
// deck of one pack says none of it.
func TestDescribeTwoPacks(t *testing.T) {
	eights := testkit.SeedGenome(t, "crazy-eights")
	eights.Deck.Packs = 2
	eights.Deck.Jokers = 1
	short := testkit.SeedGenome(t, "whist")
	short.Deck.Packs = 2
	short.Deck.Ranks = []genome.Rank{5, 6, 7, 8, 9, 10, 11, 12}
	short.Deck.Remove = []genome.Card{5}
	hearts := testkit.SeedGenome(t, "hearts")
	hearts.Deck.Packs = 2
	for _, tc := range []struct {
		g    *genome.Genome
		want []string
	}{
		{eights, []string{
			"Deck: two packs shuffled together, each holding the standard 52 cards, plus one joker (106 cards; aces high; a joker ranks above every other card and belongs to no suit; the two copies of each card are alike in every rule).",
		}},
		{short, []string{
			"Deck: two packs shuffled together, each holding ranks 7, 8, 9, 10, J, Q, K, A in all suits, without 7C (62 cards; aces high; the two copies of each card are alike in every rule).",
			"Of two identical cards, the one played first beats the other.",
		}},
		{hearts, []string{
			"two packs shuffled together, each holding the standard 52 cards (104 cards;",
			"The player holding the first pack's 2C starts, and must play it first. (The packs are told apart by their backs; the other pack's 2C is an ordinary card.)",
			"Of two identical cards, the one played first beats the other.",
			"Each QS in a trick you won scores 13 points.",
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
		one := tc.g.Clone()
		one.Deck.Packs = 1
		if d := one.Describe(); strings.Contains(d, "pack") || strings.Contains(d, "identical") {
			t.Errorf("%s: a deck of one pack is described with packs:\n%s", tc.g.Name, d)
		}
	}
}
