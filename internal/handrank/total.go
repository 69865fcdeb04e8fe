package handrank

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Masks of a hand word's faces by what they count in Total: pipMask holds
// the faces of rank 2..10, which count rank+2, and pipBit[k] those of them
// whose rank has bit k set, so that the sum of their ranks is the sum over
// k of 2^k times the count of pipBit[k]; courtMask holds the J, Q and K,
// aceMask the aces.
var (
	pipMask, courtMask, aceMask uint64
	pipBit                      [4]uint64
)

func init() {
	for f := range cardrules.NumCards {
		r := cardrules.Card(f).Rank()
		bit := uint64(1) << f
		switch {
		case r == rankAce:
			aceMask |= bit
		case r >= rankJack:
			courtMask |= bit
		default:
			pipMask |= bit
			for k := range pipBit {
				if r&(1<<k) != 0 {
					pipBit[k] |= bit
				}
			}
		}
	}
}

// Total returns the blackjack count of the standard cards of hand (bit f
// is face f) and hand2 (bit f is a second copy of face f): a 2..10 counts
// its number, a J, Q or K 10, an ace 11 if that keeps the total at 21 or
// below, else 1, and at most one ace counts 11. soft reports that an ace
// counts 11. Jokers count 0. It allocates nothing.
func Total(hand, hand2 uint64) (total int, soft bool) {
	total = handSum(hand) + handSum(hand2)
	aces := bits.OnesCount64(hand&aceMask) + bits.OnesCount64(hand2&aceMask)
	total += aces
	if aces > 0 && total+10 <= 21 {
		return total + 10, true
	}
	return total, false
}

// handSum counts one hand word's 2..10 and J, Q, K.
func handSum(h uint64) int {
	pips := h & pipMask
	return 2*bits.OnesCount64(pips) +
		bits.OnesCount64(h&pipBit[0]) + 2*bits.OnesCount64(h&pipBit[1]) +
		4*bits.OnesCount64(h&pipBit[2]) + 8*bits.OnesCount64(h&pipBit[3]) +
		10*bits.OnesCount64(h&courtMask)
}
