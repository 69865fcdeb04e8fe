package handrank

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// rankMask masks one suit's 13 ranks in a hand word: bit r is rank r.
const rankMask = 1<<cardrules.NumRanks - 1

// Best returns the Value of the best five-card poker hand among the
// standard cards of hand (bit f is face f) and hand2 (bit f is a second
// copy of face f); jokers and bits above them are ignored. See the package
// doc for the rules. It allocates nothing.
func Best(hand, hand2 uint64) Value {
	one := hand | hand2 // faces held at least once
	two := hand & hand2 // faces held twice
	var s1, s2 [cardrules.NumSuits]uint32
	for s := range cardrules.NumSuits {
		s1[s] = uint32(one>>(s*cardrules.NumRanks)) & rankMask
		s2[s] = uint32(two>>(s*cardrules.NumRanks)) & rankMask
	}

	// The ranks held at least 1, 2, ..., 5 times, counted bit-sliced: each
	// suit mask (and each suit's second copies) adds one card to each of
	// its ranks.
	var a1, a2, a3, a4, a5 uint32
	for s := range cardrules.NumSuits {
		for _, m := range [2]uint32{s1[s], s2[s]} {
			a5 |= a4 & m
			a4 |= a3 & m
			a3 |= a2 & m
			a2 |= a1 & m
			a1 |= m
		}
	}

	// Flushes and straight flushes: a suit of five cards or more. The best
	// flush of a suit is its five highest cards, a second copy counting as
	// a card of its own.
	var flush, straightFlush Value
	for s := range cardrules.NumSuits {
		if bits.OnesCount32(s1[s])+bits.OnesCount32(s2[s]) < 5 {
			continue
		}
		if h := straightHigh(s1[s]); h != 0 {
			straightFlush = max(straightFlush, Value(StraightFlush)<<categoryShift|h<<firstField)
		}
		flush = max(flush, Value(Flush)<<categoryShift|topMulti(s1[s], s2[s]))
	}
	if straightFlush != 0 {
		return straightFlush
	}

	if a4 != 0 {
		q := top(a4)
		// The kicker is the best other card: another rank, or a fifth card
		// of the four's rank.
		qb := uint32(1) << q
		v := Value(FourOfAKind)<<categoryShift | Value(q+1)<<firstField
		if k := a1&^qb | a5&qb; k != 0 {
			v |= Value(top(k)+1) << (firstField - rankBits)
		}
		return v
	}
	if a3 != 0 {
		t := top(a3)
		if p := a2 &^ (1 << t); p != 0 {
			return Value(FullHouse)<<categoryShift | Value(t+1)<<firstField | Value(top(p)+1)<<(firstField-rankBits)
		}
	}
	if flush != 0 {
		return flush
	}
	if h := straightHigh(a1); h != 0 {
		return Value(Straight)<<categoryShift | h<<firstField
	}
	// From here no rank is held four times, at most one three times, and
	// a rank held three times has no pair beside it, so every kicker's
	// rank is held once.
	if a3 != 0 {
		t := top(a3)
		return Value(ThreeOfAKind)<<categoryShift | Value(t+1)<<firstField |
			topN(a1&^(1<<t), 2, firstField-rankBits)
	}
	if a2 != 0 {
		p := top(a2)
		rest := a2 &^ (1 << p)
		if rest == 0 {
			return Value(OnePair)<<categoryShift | Value(p+1)<<firstField |
				topN(a1&^(1<<p), 3, firstField-rankBits)
		}
		// Of three pairs or more, the third pair's rank is a kicker.
		l := top(rest)
		return Value(TwoPair)<<categoryShift | Value(p+1)<<firstField | Value(l+1)<<(firstField-rankBits) |
			topN(a1&^(1<<p|1<<l), 1, firstField-2*rankBits)
	}
	return Value(HighCard)<<categoryShift | topN(a1, 5, firstField)
}

// top returns the highest rank of a non-empty rank mask.
func top(m uint32) int { return bits.Len32(m) - 1 }

// topN returns the n highest ranks of m as rank fields, the first at shift
// and each next one a field lower; where m has fewer than n ranks, the
// missing fields stay 0.
func topN(m uint32, n, shift int) Value {
	var v Value
	for ; n > 0 && m != 0; n-- {
		r := top(m)
		v |= Value(r+1) << shift
		shift -= rankBits
		m &^= 1 << r
	}
	return v
}

// topMulti returns the five highest cards of a suit as rank fields, where
// m1 holds the ranks held once or more and m2 ⊆ m1 the ranks held twice.
func topMulti(m1, m2 uint32) Value {
	var v Value
	for shift := firstField; shift >= 0 && m1 != 0; shift -= rankBits {
		r := top(m1)
		v |= Value(r+1) << shift
		if m2&(1<<r) != 0 {
			m2 &^= 1 << r // the second copy comes next
		} else {
			m1 &^= 1 << r
		}
	}
	return v
}

// straightHigh returns the high card, as a rank field (rank+1), of the
// highest straight among the ranks of m, or 0 if m holds none. The ace
// also plays low, below the 2, so that A-2-3-4-5 is a straight whose high
// card is the 5; no straight wraps around past the ace.
func straightHigh(m uint32) Value {
	// Bit 0 of w is the low ace, bit r+1 is rank r.
	w := m<<1 | m>>(cardrules.NumRanks-1)
	// Bit i of s: w holds bits i..i+4, five ranks in a row.
	s := w & (w >> 1) & (w >> 2) & (w >> 3) & (w >> 4)
	if s == 0 {
		return 0
	}
	// The straight's lowest card is w's bit top(s), so its highest is w's
	// bit top(s)+4, of rank top(s)+3: field top(s)+4.
	return Value(top(s) + 4)
}
