package bytecode_test

import (
	"testing"
)

// passCases are corrupt passes and finishing scores. The hearts-match
// program's END payload holds no condition, so its MATCH block starts at
// byte 5: deals, target (u16), flags at 8 (moon and pass), no hand rule,
// then the pass at 10: count 3, 4 directions (left, right, across, none).
// The president program's has one condition, so its MATCH block starts at
// byte 7: flags at 10 (pass and finish), the pass at 12 (count 2, one
// direction: finishing) and the finishing scores at 15 (3 places: 3, 2, 1).
func passCases() []corruptCase {
	const hm, pr = "hearts-match", "president"
	// at sets byte i of the END payload to v and expects want at offset
	// i + d of the payload.
	at := func(i int, v byte, d int, want string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end][i] = v
			return q.bytes(), errAt(q.payload(end)+i+d, "%s", want)
		}
	}
	return []corruptCase{
		{"pass of no card", hm, at(10, 0, 0, "passing 0 cards, want 1..13")},
		{"pass of 14 cards", hm, at(10, 14, 0, "passing 14 cards, want 1..13")},
		{"pass of more cards than dealt", pr, at(12, 12, 0, "passing 12 cards, but a seat is dealt 10 at 5 seats")},
		{"an unknown pass direction", hm, at(12, 5, 0, "unknown pass direction 5")},
		{"pass across at 4 to 7 seats", pr, at(14, 2, 0, "passing across with seats 4..7 (exactly 4 only)")},
		{"every direction none", hm, func(t *testing.T, q *prog) ([]byte, string) {
			copy(q.secs[end][12:], []byte{3, 3, 3, 3})
			return q.bytes(), errAt(q.payload(end)+12, "every pass direction is none (canonically no pass)")
		}},
		{"directions that repeat", hm, func(t *testing.T, q *prog) ([]byte, string) {
			copy(q.secs[end][12:], []byte{0, 1, 0, 1})
			return q.bytes(), errAt(q.payload(end)+12, "pass directions repeat every 2 (canonically their shortest cycle)")
		}},
		{"no pass direction", hm, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = q.secs[end][:12]
			q.secs[end][11] = 0
			return q.bytes(), errList(errAt(q.payload(end)+11, "0 pass directions, want 1..4"),
				errAt(q.payload(end)+12, "every pass direction is none (canonically no pass)"))
		}},
		{"pass without a match", hm, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end][5], q.secs[end][6] = 0, 0 // one deal, no target
			return q.bytes(), errAt(q.payload(end)+8, "passing cards before each deal without a match")
		}},
		{"pass with pile hands", pr, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[setup][fHand] = 1
			return q.bytes(), "first: " + errAt(q.payload(turn), "a CLIMB phase needs a fan hand")
		}},
		{"an unknown match flag", hm, at(8, 0x0b, 0, "unknown match flags 0x08")},
		{"finishing scores for too many seats", pr, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = append(q.secs[end][:15], 8, 1, 1, 1, 1, 1, 1, 1, 1)
			return q.bytes(), errAt(q.payload(end)+15, "8 finishing scores, want 1..7 (the most seats)")
		}},
		{"finishing scores ending in 0", pr, at(18, 0, 0, "finishing score 0: 0..50, the last not 0")},
		{"a finishing score too high", pr, at(16, 51, 0, "finishing score 51: 0..50, the last not 0")},
		{"a truncated pass", hm, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = q.secs[end][:13]
			return q.bytes(), "first: " + errAt(q.payload(end)-3, "section END overruns its length by 3 bytes")
		}},
	}
}
