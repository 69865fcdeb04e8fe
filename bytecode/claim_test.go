package bytecode_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
)

// claimCases are corrupt CLAIM instructions on crazy-eights (fan hands,
// one PLAY), whose turn becomes one CLAIM with the given operands.
func claimCases() []corruptCase {
	claim := func(t *testing.T, q *prog, claims, start, max byte) int {
		if q.secs[turn][0] != byte(bytecode.OpPlay) {
			t.Fatalf("crazy-eights' turn is not one PLAY: % x", q.secs[turn])
		}
		q.secs[turn] = []byte{byte(bytecode.OpClaim), claims, start, max}
		q.secs[code] = []byte{0}
		return q.payload(turn)
	}
	return []corruptCase{
		{"an unknown claim rule", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := claim(t, q, 3, 0, 4)
			return q.bytes(), errAt(at+1, "unknown claim rule 3")
		}},
		{"next claims from a rank not in the deck", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := claim(t, q, 0, 13, 4)
			return q.bytes(), errAt(at+2, "claim start rank 13 is not a standard rank of the deck")
		}},
		{"near claims with a start rank", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := claim(t, q, 1, 5, 4)
			return q.bytes(), errAt(at+2, "claim start rank 5, but only next claims start somewhere (want 0)")
		}},
		{"claims of five cards", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := claim(t, q, 2, 0, 5)
			return q.bytes(), errAt(at+3, "claim max 5 outside 1..4")
		}},
		{"claims of no card", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := claim(t, q, 0, 12, 0)
			return q.bytes(), errAt(at+3, "claim max 0 outside 1..4")
		}},
		{"claims with a pile hand", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			claim(t, q, 2, 0, 1)
			q.secs[setup][fHand] = 1
			return q.bytes(), "first: " + errAt(q.payload(turn), "a CLAIM phase needs a fan hand")
		}},
	}
}
