package bytecode_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
)

// turnUpCases are corrupt TURN_UP instructions of the beggar-my-neighbour
// program, whose turn is one TURN_UP: returns in order, then the demands
// J 1, Q 2, K 3, A 4 (ranks 9 to 12).
func turnUpCases() []corruptCase {
	const bmn = "beggar-my-neighbour"
	op := byte(bytecode.OpTurnUp)
	// phase replaces the turn with one TURN_UP of the given operands.
	phase := func(operands []byte, want func(off int) string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn] = append([]byte{op}, operands...)
			return q.bytes(), want(q.payload(turn))
		}
	}
	// operand sets byte i of the TURN_UP instruction to v.
	operand := func(i int, v byte, want func(off int) string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn][i] = v
			return q.bytes(), want(q.payload(turn))
		}
	}
	return []corruptCase{
		{"turn_up unknown returns", bmn, operand(1, 2, func(off int) string {
			return errAt(off+1, "unknown returns 2")
		})},
		{"turn_up without a demand", bmn, phase([]byte{1, 0}, func(off int) string {
			return errAt(off+2, "a turn_up phase with no demanding rank")
		})},
		{"turn_up demand of no rank", bmn, phase([]byte{1, 2, 9, 1, 13, 4}, func(off int) string {
			return errAt(off+5, "demand 1: rank 13 out of range")
		})},
		{"turn_up demands out of order", bmn, phase([]byte{1, 2, 10, 2, 9, 1}, func(off int) string {
			return errAt(off+5, "demand 1: rank J after Q; demands must be in increasing rank")
		})},
		{"turn_up rank demanding twice", bmn, phase([]byte{1, 2, 9, 2, 9, 1}, func(off int) string {
			return errAt(off+5, "demand 1: rank J after J; demands must be in increasing rank")
		})},
		{"turn_up demand of nothing", bmn, phase([]byte{0, 1, 12, 0}, func(off int) string {
			return errAt(off+4, "demand 0: 0 cards outside 1..8")
		})},
		{"turn_up demand of 9 cards", bmn, operand(10, 9, func(off int) string {
			return errAt(off+10, "demand 3: 9 cards outside 1..8")
		})},
		{"turn_up with a fan hand", bmn, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[setup][fHand] = 0
			return q.bytes(), errAt(q.payload(turn), "a turn_up phase needs a pile hand")
		}},
		{"turn_up demand of a rank the deck lacks", bmn, func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			q.secs[setup][f.mask+1] &^= 1 << (12 - 8) // no aces
			return q.bytes(), errAt(q.payload(turn)+9, "demand 3: no card of rank A is in the deck")
		}},
	}
}
