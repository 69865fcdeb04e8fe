package bytecode_test

import (
	"testing"
)

// contractCases are corrupt BID blocks of the spades program, whose END
// payload ends with the block: its tag (TailBid), then trick 10, over 1,
// bags 10, penalty 100 and nil 100.
func contractCases() []corruptCase {
	const sp = "spades"
	// bidByte sets byte i of the block (after its tag) to v.
	bidByte := func(i int, v byte, want func(at int) string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			at := len(q.secs[end]) - 5
			q.secs[end][at+i] = v
			return q.bytes(), want(q.payload(end) + at)
		}
	}
	return []corruptCase{
		{"a contract worth nothing a trick", sp, bidByte(0, 0, func(at int) string {
			return errAt(at, "0 points per trick bid, want 1..50")
		})},
		{"a contract worth too much a trick", sp, bidByte(0, 51, func(at int) string {
			return errAt(at, "51 points per trick bid, want 1..50")
		})},
		{"overtricks worth too much", sp, bidByte(1, 11, func(at int) string {
			return errAt(at+1, "11 points per overtrick, at most 10")
		})},
		{"too many bags", sp, bidByte(2, 21, func(at int) string {
			return errAt(at+2, "a penalty every 21 bags, at most 20")
		})},
		{"bags without a penalty", sp, bidByte(3, 0, func(at int) string {
			return errAt(at+3, "a bag penalty of 0 points every 10 bags: both or neither must be 0")
		})},
		{"a penalty without bags", sp, bidByte(2, 0, func(at int) string {
			return errAt(at+3, "a bag penalty of 100 points every 0 bags: both or neither must be 0")
		})},
		{"a penalty too large", sp, bidByte(3, 251, func(at int) string {
			return errAt(at+3, "a bag penalty of 251 points, at most 250")
		})},
		{"a nil bid too large", sp, bidByte(4, 251, func(at int) string {
			return errAt(at+4, "a nil bid of 251 points, at most 250")
		})},
		{"a truncated BID block", sp, func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = q.secs[end][:len(q.secs[end])-2]
			return q.bytes(), "first: " + errAt(q.at(end), "section END overruns its length by 2 bytes")
		}},
		{"contracts without tricks", "crazy-eights-match", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = append(q.secs[end], 5, 10, 1, 0, 0, 0)
			return q.bytes(), "first: " + errAt(q.payload(end)+len(q.secs[end])-5, "contracts count tricks, but no phase is a TRICK")
		}},
	}
}
