package genome_test

import (
	"math"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestDistancePacks: the deck's card sets compare as multisets, so a deck
// of two packs is half its cards away from one pack of the same cards (3/8
// of the deck's part, 1/32 of the whole when nothing else differs), jokers
// or not; packs 1 is packs absent; and between two decks of two packs a
// card taken out of the pack counts as it does between decks of one.
func TestDistancePacks(t *testing.T) {
	const weights = 12 // the parts' weights (Distance's doc)
	for _, jokers := range []int{0, 2} {
		one := testkit.SeedGenome(t, "crazy-eights")
		one.Deck.Jokers = jokers
		two := one.Clone()
		two.Deck.Packs = 2
		if err := two.Validate(); err != nil {
			t.Fatal(err)
		}
		d := checkDistance(t, one, two, "one pack and two")
		if want := 3.0 / 8 / weights; math.Abs(d-want) > 1e-12 {
			t.Errorf("jokers %d: one pack and two are %v apart, want %v", jokers, d, want)
		}
		explicit := one.Clone()
		explicit.Deck.Packs = 1
		if d := checkDistance(t, one, explicit, "packs absent and packs 1"); d != 0 {
			t.Errorf("jokers %d: packs absent and packs 1 are %v apart", jokers, d)
		}
	}
	a := testkit.SeedGenome(t, "crazy-eights")
	b := a.Clone()
	b.Deck.Remove = []genome.Card{0}
	single := checkDistance(t, a, b, "a card taken out of one pack")
	a.Deck.Packs, b.Deck.Packs = 2, 2
	if double := checkDistance(t, a, b, "a card taken out of two packs"); math.Abs(double-single) > 1e-12 {
		t.Errorf("a card taken out: %v apart in two packs, %v in one", double, single)
	}
}
