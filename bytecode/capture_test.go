package bytecode_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
)

// captureCases are corrupt capture bytes: the CAPTURE instruction's rules
// and the setup's optional layout and sweep bytes. The base programs are
// war (pile hands, no capture) and crazy-eights (fan hands, one PLAY).
func captureCases() []corruptCase {
	// capture makes crazy-eights' turn one CAPTURE with rules r (its
	// predicate section keeps the PLAY's predicate, which no phase
	// references: the verifier counts them, so drop it too).
	capture := func(t *testing.T, q *prog, r byte) {
		if q.secs[turn][0] != byte(bytecode.OpPlay) {
			t.Fatalf("crazy-eights' turn is not one PLAY: % x", q.secs[turn])
		}
		q.secs[turn] = []byte{byte(bytecode.OpCapture), r}
		q.secs[code] = []byte{0}
	}
	// tail appends the setup's layout and sweep bytes.
	tail := func(q *prog, layout, sweep byte) int {
		at := q.payload(setup) + len(q.secs[setup])
		q.secs[setup] = append(q.secs[setup], layout, sweep)
		return at
	}
	return []corruptCase{
		{"capture rules with an unknown bit", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			capture(t, q, 2)
			return q.bytes(), errAt(q.payload(turn)+1, "capture rules 0x02: unknown bits")
		}},
		{"layout and sweep bytes both 0", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			capture(t, q, 0)
			at := tail(q, 0, 0)
			return q.bytes(), errAt(at, "layout and sweep bytes both 0: they are left out when no layout is dealt, no sweep scores and hands are not dealt again")
		}},
		{"layout of 13 cards", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			capture(t, q, 0)
			at := tail(q, 13, 0)
			return q.bytes(), errAt(at, "layout of 13 cards, at most 12")
		}},
		{"sweep of 14 points", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			capture(t, q, 0)
			at := tail(q, 4, 14)
			return q.bytes(), errAt(at+1, "points per sweep 14, at most 13")
		}},
		{"a layout with the whole deck dealt", "war", func(t *testing.T, q *prog) ([]byte, string) {
			at := tail(q, 4, 0)
			return q.bytes(), "first: " + errAt(at, "a layout needs a stock, but the whole deck is dealt")
		}},
		{"a layout without a capture phase", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			tail(q, 4, 0)
			return q.bytes(), errAt(q.at(turn), "a layout that no capture phase could ever take")
		}},
		{"a sweep without a capture phase", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			tail(q, 0, 1)
			return q.bytes(), errAt(q.at(turn), "the program scores sweeps but no phase captures")
		}},
		{"capture with a pile hand", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			capture(t, q, 0)
			q.secs[setup][fHand] = 1
			return q.bytes(), "first: " + errAt(q.payload(turn), "a CAPTURE phase needs a fan hand")
		}},
	}
}
