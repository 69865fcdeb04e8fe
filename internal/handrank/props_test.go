package handrank

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// faces draws up to n distinct faces, jokers included, from a range of
// faces that is sometimes one suit, sometimes two, sometimes the whole
// pack: narrow ranges make flushes and straight flushes common.
func faces(t *rapid.T, n int) []int {
	top := rapid.SampledFrom([]int{cardrules.NumRanks, 2 * cardrules.NumRanks, cardrules.MaxCards}).Draw(t, "range")
	lo := rapid.IntRange(0, cardrules.MaxCards-top).Draw(t, "lo")
	return rapid.SliceOfNDistinct(rapid.IntRange(lo, lo+top-1), 0, min(n, top), rapid.ID[int]).Draw(t, "faces")
}

// twoPackHand draws a hand of up to n faces and a second copy of some of
// them (hand2 ⊆ hand).
func twoPackHand(t *rapid.T, n int) (hand, hand2 uint64) {
	for _, f := range faces(t, n) {
		hand |= 1 << f
		if rapid.Bool().Draw(t, "twice") {
			hand2 |= 1 << f
		}
	}
	return hand, hand2
}

func TestBestMatchesSlow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var hand uint64
		var cards []cardrules.Card
		for _, f := range faces(t, 9) {
			hand |= 1 << f
			cards = append(cards, cardrules.Card(f))
		}
		if got, want := Best(hand, 0), Slow(cards); got != want {
			t.Fatalf("cards %v: Best %v, Slow %v", cards, got, want)
		}
	})
}

func TestBestMatchesSlowTwoPacks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hand, hand2 := twoPackHand(t, 9)
		cards := cardsOf(hand, hand2)
		if got, want := Best(hand, hand2), Slow(cards); got != want {
			t.Fatalf("cards %v: Best %v, Slow %v", cards, got, want)
		}
	})
}

// TestBestAnyWords checks that every set bit of either word is a card,
// even where hand2 holds a face that hand lacks: the words' order does
// not matter.
func TestBestAnyWords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var hand, hand2 uint64
		for _, f := range faces(t, 12) {
			switch rapid.IntRange(0, 2).Draw(t, "where") {
			case 0:
				hand |= 1 << f
			case 1:
				hand2 |= 1 << f
			default:
				hand |= 1 << f
				hand2 |= 1 << f
			}
		}
		v := Best(hand, hand2)
		if w := Best(hand2, hand); w != v {
			t.Fatalf("Best(%#x, %#x) = %v, swapped %v", hand, hand2, v, w)
		}
		if w := Slow(cardsOf(hand, hand2)); w != v {
			t.Fatalf("cards %v: Best %v, Slow %v", cardsOf(hand, hand2), v, w)
		}
	})
}

func TestSlowIgnoresCardOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hand, hand2 := twoPackHand(t, 9)
		cards := cardsOf(hand, hand2)
		shuffled := rapid.Permutation(cards).Draw(t, "shuffled")
		if got, want := Slow(shuffled), Slow(cards); got != want {
			t.Fatalf("cards %v: %v, shuffled %v: %v", cards, want, shuffled, got)
		}
	})
}

func TestTotalMatchesSlowTotal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		hand, hand2 := twoPackHand(t, 12)
		cards := cardsOf(hand, hand2)
		total, soft := Total(hand, hand2)
		wantTotal, wantSoft := SlowTotal(cards)
		if total != wantTotal || soft != wantSoft {
			t.Fatalf("cards %v: Total %d %v, SlowTotal %d %v", cards, total, soft, wantTotal, wantSoft)
		}
	})
}
