package bytecode_test

import (
	"testing"
)

// chipsCases are corrupt chips of the fan-tan program, whose END payload
// is until, rank (2: by score, highest first), blocked, one condition
// (two bytes), then the chips' tag (TailChips) at byte 6 and the chips at
// byte 7: stake 50 (u16), ante 1, pass 1, per card 1.
func chipsCases() []corruptCase {
	const ft = "fan-tan"
	const at = 7
	// chipByte sets byte i of the chips to v.
	chipByte := func(i int, v byte, want func(off int) string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end][at+i] = v
			return q.bytes(), want(q.payload(end))
		}
	}
	return []corruptCase{
		{"chips staking nothing", ft, chipByte(0, 0, func(off int) string {
			return errAt(off+at, "chips' stake 0, want 1..1000")
		})},
		{"chips staking too much", ft, chipByte(1, 4, func(off int) string {
			return errAt(off+at, "chips' stake 1074, want 1..1000")
		})},
		{"chips' pass payment too high", ft, chipByte(3, 21, func(off int) string {
			return errAt(off+at+3, "chips' payment 21 above 20")
		})},
		{"chips that never move", ft, func(t *testing.T, q *prog) ([]byte, string) {
			copy(q.secs[end][at+2:], []byte{0, 0, 0})
			return q.bytes(), errAt(q.payload(end)+at+2, "chips with no ante, pass or per-card payment, no betting and no dealer: no chip ever moves")
		}},
		{"chips ranked lowest first", ft, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end][1] = 1
			return q.bytes(), errAt(q.payload(end)+1, "chips rank the seats, most first (ranking 2), not ranking 1")
		}},
		{"chips and points per trick", ft, func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			q.secs[setup][f.scoreTrick] = 1
			return q.bytes(), errList(errAt(q.payload(turn)-3, "the program scores tricks but no phase plays tricks"),
				errAt(q.payload(end)+at, "chips and other scores: with chips, the scores are the chips"))
		}},
		{"an unknown END block", ft, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end][at-1] = 8
			// (Without its chips the program scores nothing.)
			return q.bytes(), errList(errAt(q.payload(end)+1, "ranks by score, but the program scores nothing"),
				errAt(q.payload(end)+at-1, "END block tag 8: want MATCH (1), chips (2), TALLY (3), OUT (4), BID (5), BET (6) then DEALER (7), each at most once"))
		}},
		{"chips before a match", ft, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = append(q.secs[end], 1, 2, 0, 0, 0, 0)
			return q.bytes(), errAt(q.payload(end)+at+5, "END block tag 1: want MATCH (1), chips (2), TALLY (3), OUT (4), BID (5), BET (6) then DEALER (7), each at most once")
		}},
	}
}
