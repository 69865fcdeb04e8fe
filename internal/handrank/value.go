package handrank

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Category is the kind of a poker hand, from the worst (HighCard) to the
// best (StraightFlush).
type Category uint8

// The categories, worst first.
const (
	HighCard Category = iota
	OnePair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush

	// NumCategories counts the categories.
	NumCategories = int(StraightFlush) + 1
)

var categoryNames = [NumCategories]string{
	"high card", "one pair", "two pair", "three of a kind", "straight",
	"flush", "full house", "four of a kind", "straight flush",
}

func (c Category) String() string {
	if int(c) < NumCategories {
		return categoryNames[c]
	}
	return fmt.Sprintf("Category(%d)", uint8(c))
}

// Value is a hand's poker rank: a greater Value is a better hand, and
// equal Values tie. Its bits from categoryShift up hold the Category; the
// five 4-bit fields below hold the ranks that break ties, most significant
// first, each as rank+1 (0 where the hand has no such card).
type Value uint32

// The layout of a Value.
const (
	// rankBits is the width of one tie-breaking rank field.
	rankBits = 4
	// numRankFields counts the tie-breaking rank fields.
	numRankFields = 5
	// categoryShift is where the category starts.
	categoryShift = rankBits * numRankFields
	// firstField is the shift of the most significant rank field.
	firstField = categoryShift - rankBits
	// fieldMask masks one rank field.
	fieldMask = 1<<rankBits - 1
)

// Category returns the hand's category.
func (v Value) Category() Category { return Category(v >> categoryShift) }

// Ranks returns the ranks that break ties between hands of v's category,
// most significant first, as the doc lists them: the cards that the hand
// lacks (a hand of fewer than five cards) are left out.
func (v Value) Ranks() []cardrules.Rank {
	var out []cardrules.Rank
	for shift := firstField; shift >= 0; shift -= rankBits {
		if f := v >> shift & fieldMask; f != 0 {
			out = append(out, cardrules.Rank(f-1))
		}
	}
	return out
}

// String names the category and its tie-breaking ranks, as
// "two pair [K 8 A]".
func (v Value) String() string {
	var b strings.Builder
	b.WriteString(v.Category().String())
	b.WriteString(" [")
	for i, r := range v.Ranks() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(r.String())
	}
	b.WriteByte(']')
	return b.String()
}
