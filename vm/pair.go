package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// pair is a set of cards of both packs: word 0 the first pack's (bit f:
// card f), word 1 the second's (bit f: card f+64).
type pair [cardrules.MaxPacks]uint64

// count returns the cards of x.
func (x pair) count() int { return bits.OnesCount64(x[0]) + bits.OnesCount64(x[1]) }

// add adds card c to x.
func (x *pair) add(c uint8) { x[c/cardrules.PackStride] |= 1 << (c % cardrules.PackStride) }

// cards lists the cards of x in ascending order into out.
func (x pair) cards(out []uint8) int {
	n := cardOptions(out, x[0])
	for y := x[1]; y != 0; y &= y - 1 {
		out[n] = uint8(bits.TrailingZeros64(y)) + cardrules.PackStride
		n++
	}
	return n
}

// or returns the cards of x or y.
func (x pair) or(y pair) pair { return pair{x[0] | y[0], x[1] | y[1]} }

// andNot returns the cards of x not in y.
func (x pair) andNot(y pair) pair { return pair{x[0] &^ y[0], x[1] &^ y[1]} }

// and returns the cards of x whose faces are in f.
func (x pair) and(f uint64) pair { return pair{x[0] & f, x[1] & f} }

// remove removes card c from x.
func (x *pair) remove(c uint8) { x[c/cardrules.PackStride] &^= 1 << (c % cardrules.PackStride) }

// nth returns the k-th card of x in ascending order (the first pack's
// cards, then the second's): a position in a hand.
func (x pair) nth(k int) uint8 {
	if n := bits.OnesCount64(x[0]); k >= n {
		return nth(x[1], k-n) + cardrules.PackStride
	}
	return nth(x[0], k)
}

// hands returns seat s's hand as a pair.
func (m *Machine) hands(s int) pair { return pair{m.hand[s], m.hand2[s]} }
