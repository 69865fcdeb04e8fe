package handrank

import (
	"sort"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The ranks that the rules name, as cardrules numbers them (0 is the 2).
const (
	rankJack cardrules.Rank = 9
	rankAce  cardrules.Rank = 12
)

// Slow returns the Value of the best five-card poker hand among cards,
// card ids of any pack; jokers are ignored. It ranks as Best does, but
// simply: a hand of five cards or more is the best of its five-card
// subsets, each classified by sorting and counting its ranks and suits.
// It serves the reference interpreter and the tests, which check Best
// against it.
func Slow(cards []cardrules.Card) Value {
	var std []cardrules.Card
	for _, c := range cards {
		if c.Face() < cardrules.FirstJoker {
			std = append(std, c)
		}
	}
	if len(std) < 5 {
		return classify(std)
	}
	var best Value
	var pick [5]cardrules.Card
	// choose fills pick[k:] from std[from:] in every way.
	var choose func(k, from int)
	choose = func(k, from int) {
		if k == len(pick) {
			best = max(best, classify(pick[:]))
			return
		}
		for i := from; i <= len(std)-(len(pick)-k); i++ {
			pick[k] = std[i]
			choose(k+1, i+1)
		}
	}
	choose(0, 0)
	return best
}

// classify returns the Value of a hand of at most five standard cards,
// taken as it is. Only a hand of exactly five cards can be a straight or
// a flush.
func classify(cs []cardrules.Card) Value {
	var count [cardrules.NumRanks]int
	ranks := make([]int, len(cs))
	for i, c := range cs {
		ranks[i] = int(c.Rank())
		count[c.Rank()]++
	}
	// Plain: the ranks highest first. Grouped: the ranks of the largest
	// group first (the four, the three, the pairs), each group's higher
	// rank first, and the single cards last, highest first.
	sort.Sort(sort.Reverse(sort.IntSlice(ranks)))
	grouped := append([]int(nil), ranks...)
	sort.SliceStable(grouped, func(i, j int) bool {
		a, b := grouped[i], grouped[j]
		if count[a] != count[b] {
			return count[a] > count[b]
		}
		return a > b
	})
	// The sizes of the largest group and of the next one.
	var first, second int
	if len(grouped) > 0 {
		first = count[grouped[0]]
	}
	if first < len(grouped) {
		second = count[grouped[first]]
	}

	five := len(cs) == 5
	flush := five
	for _, c := range cs {
		if c.Suit() != cs[0].Suit() {
			flush = false
		}
	}
	high := -1 // the straight's high card, if the hand is a straight
	if five && first == 1 {
		switch {
		case ranks[0]-ranks[4] == 4:
			high = ranks[0]
		case ranks[0] == int(rankAce) && ranks[1] == 3: // A-5-4-3-2
			high = 3
		}
	}

	switch {
	case flush && high >= 0:
		return encode(StraightFlush, high)
	case first >= 4:
		return encode(FourOfAKind, at(grouped, 0), at(grouped, 4))
	case first == 3 && second >= 2:
		return encode(FullHouse, at(grouped, 0), at(grouped, 3))
	case flush:
		return encode(Flush, ranks...)
	case high >= 0:
		return encode(Straight, high)
	case first == 3:
		return encode(ThreeOfAKind, at(grouped, 0), at(grouped, 3), at(grouped, 4))
	case first == 2 && second == 2:
		return encode(TwoPair, at(grouped, 0), at(grouped, 2), at(grouped, 4))
	case first == 2:
		return encode(OnePair, at(grouped, 0), at(grouped, 2), at(grouped, 3), at(grouped, 4))
	default:
		return encode(HighCard, ranks...)
	}
}

// at returns ranks[i], or -1 (no card) past the end of ranks.
func at(ranks []int, i int) int {
	if i < len(ranks) {
		return ranks[i]
	}
	return -1
}

// encode builds the Value of category c with the tie-breaking ranks rs,
// most significant first; a rank of -1 is a missing card.
func encode(c Category, rs ...int) Value {
	v := Value(c) << categoryShift
	for i, r := range rs {
		v |= Value(r+1) << (firstField - rankBits*i)
	}
	return v
}

// SlowTotal returns the blackjack count of cards, card ids of any pack,
// as Total does, counting card by card.
func SlowTotal(cards []cardrules.Card) (total int, soft bool) {
	aces := 0
	for _, c := range cards {
		switch r := c.Rank(); {
		case r == cardrules.Joker:
			// A joker counts nothing.
		case r == rankAce:
			aces++
			total++
		case r >= rankJack:
			total += 10
		default:
			total += int(r) + 2
		}
	}
	if aces > 0 && total+10 <= 21 {
		return total + 10, true
	}
	return total, false
}
