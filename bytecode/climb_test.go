package bytecode_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
)

// climbCases are corrupt CLIMB instructions of the president program,
// whose turn is one CLIMB max 4.
func climbCases() []corruptCase {
	const president = "president"
	// max sets the CLIMB instruction's operand.
	max := func(v byte) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			if q.secs[turn][0] != byte(bytecode.OpClimb) {
				t.Fatalf("president's turn is not one CLIMB: % x", q.secs[turn])
			}
			q.secs[turn][1] = v
			return q.bytes(), errAt(q.payload(turn)+1, "climb max %d outside 1..4", v)
		}
	}
	return []corruptCase{
		{"climb max 0", president, max(0)},
		{"climb max 5", president, max(5)},
		{"climb with a pile hand", president, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[setup][fHand] = 1
			return q.bytes(), "first: " + errAt(q.payload(turn), "a CLIMB phase needs a fan hand")
		}},
	}
}
