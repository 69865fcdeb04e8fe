package handrank

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// parseHand reads cards as "AS KS 10H Joker": a card named a second time
// is the face's second copy (hand2, or the card id of the second pack).
// It returns the hand's two words and its card ids.
func parseHand(t testing.TB, s string) (hand, hand2 uint64, cards []cardrules.Card) {
	t.Helper()
	for _, name := range strings.Fields(s) {
		c, err := cardrules.ParseCard(name)
		if err != nil {
			t.Fatalf("parseHand(%q): %v", s, err)
		}
		bit := uint64(1) << c
		switch {
		case hand&bit == 0:
			hand |= bit
		case hand2&bit == 0:
			hand2 |= bit
			c += cardrules.PackStride
		default:
			t.Fatalf("parseHand(%q): %s three times", s, name)
		}
		cards = append(cards, c)
	}
	return hand, hand2, cards
}

// cardsOf returns the card ids of a hand's two words: face f of hand is
// card f, face f of hand2 card f+PackStride.
func cardsOf(hand, hand2 uint64) []cardrules.Card {
	var cards []cardrules.Card
	for f := range cardrules.MaxCards {
		if hand&(1<<f) != 0 {
			cards = append(cards, cardrules.Card(f))
		}
		if hand2&(1<<f) != 0 {
			cards = append(cards, cardrules.Card(f+cardrules.PackStride))
		}
	}
	return cards
}

// rank returns the Value of a hand written as parseHand reads it, checking
// that Best and Slow agree on it.
func rank(t testing.TB, s string) Value {
	t.Helper()
	hand, hand2, cards := parseHand(t, s)
	v := Best(hand, hand2)
	if w := Slow(cards); w != v {
		t.Fatalf("%s: Best %v, Slow %v", s, v, w)
	}
	return v
}
