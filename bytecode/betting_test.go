package bytecode_test

import (
	"testing"
)

// bettingCases are corrupt BET blocks of the draw-poker program, whose END
// payload ends with the block: its tag (TailBet), then bet 2, raises 3,
// blind 0, draw 3 and the flags (1: a showdown).
func bettingCases() []corruptCase {
	const dp = "draw-poker"
	// betByte sets byte i of the block (after its tag) to v.
	betByte := func(i int, v byte, want func(at int) string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			at := len(q.secs[end]) - 5
			q.secs[end][at+i] = v
			return q.bytes(), want(q.payload(end) + at)
		}
	}
	return []corruptCase{
		{"bets of nothing", dp, betByte(0, 0, func(at int) string {
			return errAt(at, "bets of 0 chips, want 1..50")
		})},
		{"bets too large", dp, betByte(0, 51, func(at int) string {
			return errAt(at, "bets of 51 chips, want 1..50")
		})},
		{"too many raises", dp, betByte(1, 6, func(at int) string {
			return errAt(at+1, "6 raises a round, at most 5")
		})},
		{"a blind above the bet", dp, betByte(2, 3, func(at int) string {
			return errAt(at+2, "a blind of 3 chips, above the bet (2)")
		})},
		{"a draw round too large", dp, betByte(3, 6, func(at int) string {
			return errAt(at+3, "a draw round of 6 cards, at most 5")
		})},
		{"unknown betting flags", dp, betByte(4, 3, func(at int) string {
			return errAt(at+4, "betting flags 0x3: unknown bits")
		})},
		{"no phases and no showdown", dp, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end][len(q.secs[end])-1] = 0
			return q.bytes(), errAt(q.at(turn), "0 phases, want 1..8 (0 only for a game of betting with a showdown or against a dealer)")
		}},
		{"a truncated BET block", dp, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = q.secs[end][:len(q.secs[end])-2]
			// (Its showdown unread, the program has no phases it may lack.)
			return q.bytes(), "first: " + errAt(q.at(turn), "0 phases, want 1..8 (0 only for a game of betting with a showdown or against a dealer)")
		}},
		{"bets without chips", "crazy-eights-match", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = append(q.secs[end], 6, 2, 0, 0, 0, 0)
			return q.bytes(), "first: " + errAt(q.payload(end)+len(q.secs[end])-5, "bets are chips, but the program has no chips")
		}},
	}
}
