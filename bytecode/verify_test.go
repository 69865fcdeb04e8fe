package bytecode_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// prog is a program split into its sections, so that a test can change one
// and reassemble it with correct lengths.
type prog struct {
	header  []byte
	secs    [4][]byte // payloads of SETUP, TURN, CODE, END
	effects []byte    // after the EFFECTS opcode: count, entries
}

var secOps = [4]bytecode.Op{bytecode.OpSetup, bytecode.OpTurn, bytecode.OpCode, bytecode.OpEnd}

func split(t *testing.T, p []byte) *prog {
	t.Helper()
	if err := bytecode.Verify(p); err != nil {
		t.Fatalf("base program does not verify: %v", err)
	}
	q := &prog{header: slices.Clone(p[:bytecode.HeaderSize])}
	off := bytecode.HeaderSize
	for i, op := range secOps {
		if bytecode.Op(p[off]) != op {
			t.Fatalf("section %s not at %d", op, off)
		}
		n := int(binary.LittleEndian.Uint16(p[off+1:]))
		q.secs[i] = slices.Clone(p[off+3 : off+3+n])
		off += 3 + n
	}
	if bytecode.Op(p[off]) != bytecode.OpEffects {
		t.Fatalf("EFFECTS not at %d", off)
	}
	q.effects = slices.Clone(p[off+1:])
	return q
}

func (q *prog) bytes() []byte {
	out := slices.Clone(q.header)
	for i, op := range secOps {
		out = append(out, byte(op))
		out = binary.LittleEndian.AppendUint16(out, uint16(len(q.secs[i])))
		out = append(out, q.secs[i]...)
	}
	out = append(out, byte(bytecode.OpEffects))
	out = append(out, q.effects...)
	binary.LittleEndian.PutUint16(out[6:8], uint16(len(out)))
	return out
}

// at returns the offset of section i's header (4 for EFFECTS) in q.bytes().
func (q *prog) at(i int) int {
	off := bytecode.HeaderSize
	for j := 0; j < i && j < 4; j++ {
		off += 3 + len(q.secs[j])
	}
	return off
}

// payload returns the offset of section i's payload (4: the effects count).
func (q *prog) payload(i int) int {
	if i == 4 {
		return q.at(4) + 1
	}
	return q.at(i) + 3
}

const (
	setup = iota
	turn
	code
	end
	effects
)

// Setup payload field offsets (see the bytecode package doc); the fields
// after the override list move with its length, so fieldsOf finds them.
const (
	fSeatsMin = 0
	fHand     = 3
	fFlags    = 4
	fDeal     = 5
	fNOver    = 6
)

type setupFields struct {
	mask, nRemove, meld, lead, teams, scoreTrick, scoreMeld, nRules, turnCap, starterNot int
}

func fieldsOf(q *prog) setupFields {
	s := q.secs[setup]
	f := setupFields{mask: fNOver + 1 + 2*int(s[fNOver])}
	f.nRemove = f.mask + 3
	f.meld = f.nRemove + 1 + int(s[f.nRemove])
	f.lead, f.teams, f.scoreTrick, f.scoreMeld, f.nRules = f.meld+1, f.meld+2, f.meld+3, f.meld+4, f.meld+5
	f.turnCap, f.starterNot = len(s)-4, len(s)-2
	return f
}

// Operand offsets of a PLAY instruction, and END payload offsets.
const (
	pLegal   = 1
	pPrefer  = 2
	pDrawMax = 3
	pMask    = 4
	pRules   = 6
	eUntil   = 0
	eRank    = 1
	eBlocked = 2
	eCount   = 3
	ePairs   = 4
)

func errAt(off int, format string, args ...any) string {
	return fmt.Sprintf("offset %d (0x%04x): %s", off, off, fmt.Sprintf(format, args...))
}

func errList(es ...string) string {
	if len(es) == 1 {
		return es[0]
	}
	return fmt.Sprintf("%d problems:\n  %s", len(es), strings.Join(es, "\n  "))
}

// setPred replaces the CODE section with one predicate of the given bytes
// (followed by nothing: include RET if wanted).
func setPred(q *prog, pred ...byte) int {
	q.secs[code] = append([]byte{1}, pred...)
	return q.payload(code) + 1
}

const (
	tru    = byte(bytecode.OpTrue)
	fals   = byte(bytecode.OpFalse)
	cr     = byte(bytecode.OpCardRank)
	cs     = byte(bytecode.OpCardSuit)
	tr     = byte(bytecode.OpTopRank)
	ts     = byte(bytecode.OpTopSuit)
	rk     = byte(bytecode.OpRank)
	su     = byte(bytecode.OpSuit)
	eq     = byte(bytecode.OpEq)
	ne     = byte(bytecode.OpNe)
	lt     = byte(bytecode.OpLt)
	and    = byte(bytecode.OpAnd)
	or     = byte(bytecode.OpOr)
	not    = byte(bytecode.OpNot)
	ret    = byte(bytecode.OpRet)
	played = byte(bytecode.OpPlayed)
)

type corruptCase struct {
	name  string
	base  string
	build func(t *testing.T, q *prog) ([]byte, string)
}

func corruptCases() []corruptCase {
	// simple returns a build that sets one byte at a section-relative
	// offset and expects want(offset).
	simple := func(sec, field int, v byte, want func(off int) string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			off := q.payload(sec) + field
			p[off] = v
			return p, want(off)
		}
	}
	// setupField is simple for a setup field found by fieldsOf.
	setupField := func(field func(setupFields) int, v byte, want func(off int) string) func(t *testing.T, q *prog) ([]byte, string) {
		return func(t *testing.T, q *prog) ([]byte, string) {
			return simple(setup, field(fieldsOf(q)), v, want)(t, q)
		}
	}
	return []corruptCase{
		// Header.
		{"empty", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			return nil, errAt(0, "program is 0 bytes, shorter than the 8-byte header (truncated)")
		}},
		{"truncated header", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			return q.bytes()[:5], errAt(0, "program is 5 bytes, shorter than the 8-byte header (truncated)")
		}},
		{"bad magic", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[0] = 'X'
			return p, errAt(0, `bad magic "XSBC", want "DSBC": not a darwinsim program`)
		}},
		{"format version", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[4] = bytecode.FormatVersion + 1
			return p, errAt(4, "format version %d, this build reads version %d: use a newer darwinsim, or recompile it from its genome: darwinsim compile GENOME.json -o FILE (bare bytecode does not embed its genome)", bytecode.FormatVersion+1, bytecode.FormatVersion)
		}},
		{"older format version", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[4] = bytecode.FormatVersion - 1
			return p, errAt(4, "format version %d, this build reads version %d: recompile it from its genome: darwinsim compile GENOME.json -o FILE (bare bytecode does not embed its genome)", bytecode.FormatVersion-1, bytecode.FormatVersion)
		}},
		{"semantics version", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[5] = 9
			return p, errAt(5, "semantics version 9, this build plays version %d: use a newer darwinsim, or recompile it from its genome: darwinsim compile GENOME.json -o FILE (bare bytecode does not embed its genome)", bytecode.SemanticsVersion)
		}},
		{"both versions", "war", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[4], p[5] = 0, 0
			return p, errList(errAt(4, "format version 0, this build reads version %d", bytecode.FormatVersion),
				errAt(5, "semantics version 0, this build plays version %d: recompile it from its genome: darwinsim compile GENOME.json -o FILE (bare bytecode does not embed its genome)", bytecode.SemanticsVersion))
		}},
		{"length too large", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			binary.LittleEndian.PutUint16(p[6:], uint16(len(p)+1))
			return p, errAt(6, "header says the program is %d bytes but it is %d (truncated)", len(p)+1, len(p))
		}},
		{"truncated program", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			return p[:len(p)-3], errAt(6, "header says the program is %d bytes but it is %d (truncated)", len(p), len(p)-3)
		}},
		{"trailing byte", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := append(q.bytes(), 0)
			return p, errAt(6, "header says the program is %d bytes but it is %d (trailing bytes)", len(p)-1, len(p))
		}},
		{"trailing byte with its length", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := append(q.bytes(), 0)
			binary.LittleEndian.PutUint16(p[6:], uint16(len(p)))
			return p, errAt(len(p)-1, "an empty triggers block must be left out when no lasting block follows")
		}},
		{"empty lasting block after the triggers", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			// Effect 0 (a skip) only while the stock is empty, then a lasting block of none.
			p := append(q.bytes(), 1, 0, byte(cardrules.Played), byte(cardrules.CondStock), 0, 0)
			binary.LittleEndian.PutUint16(p[6:], uint16(len(p)))
			return p, errAt(len(p)-1, "an empty lasting block must be left out when no rules block follows")
		}},
		{"header only", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()[:8]
			binary.LittleEndian.PutUint16(p[6:], 8)
			return p, errAt(8, "program ends early (truncated)")
		}},
		{"cut inside a section", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			cut := q.payload(code) + 4
			p := q.bytes()[:cut]
			binary.LittleEndian.PutUint16(p[6:], uint16(cut))
			return p, "first: " + errAt(q.at(code)+1, "section CODE claims %d bytes but only 4 remain", len(q.secs[code]))
		}},
		{"cut before effects", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			cut := q.at(effects)
			p := q.bytes()[:cut]
			binary.LittleEndian.PutUint16(p[6:], uint16(cut))
			return p, errAt(cut, "program ends early (truncated)")
		}},
		{"cut inside effects", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			cut := q.payload(effects) + 1 + 4*5 + 2
			p := q.bytes()[:cut]
			binary.LittleEndian.PutUint16(p[6:], uint16(cut))
			// Only the first problem is pinned: the verifier then also
			// reports the unread entries as bytes after the section.
			return p, "first: " + errAt(q.payload(effects), "6 effects need 24 bytes but only 22 remain (truncated)")
		}},
		{"effects count too large", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			q.effects[0] = 7
			return q.bytes(), "first: " + errAt(q.payload(effects), "7 effects need 28 bytes but only 26 remain (truncated)")
		}},

		// Section order and lengths.
		{"effects section opcode wrong", "crazy-eights", simple(effects, -1, byte(bytecode.OpEnd), func(off int) string {
			return "first: " + errAt(off, "expected section EFFECTS (opcode 60), found END")
		})},
		{"END before CODE", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			codeSec := slices.Clone(p[q.at(code):q.at(end)])
			endSec := slices.Clone(p[q.at(end):q.at(effects)])
			swapped := slices.Concat(p[:q.at(code)], endSec, codeSec, p[q.at(effects):])
			// Only the first problem is pinned: after a misplaced section
			// the verifier reads on from an arbitrary position.
			return swapped, "first: " + errAt(q.at(code), "expected section CODE, found END (sections must be SETUP, TURN, CODE, END, EFFECTS in that order)")
		}},
		{"SETUP opcode wrong", "war", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[8] = byte(bytecode.OpTurn)
			return p, "first: " + errAt(8, "expected section SETUP, found TURN (sections must be SETUP, TURN, CODE, END, EFFECTS in that order)")
		}},
		{"section length past the end", "war", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			binary.LittleEndian.PutUint16(p[q.at(end)+1:], 200)
			return p, "first: " + errAt(q.at(end)+1, "section END claims 200 bytes but only %d remain", len(p)-q.payload(end))
		}},
		{"setup section too long", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[setup] = append(q.secs[setup], 0)
			return q.bytes(), errAt(q.at(turn)-1, "section SETUP has 1 unused trailing bytes")
		}},
		{"turn section too short", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn] = q.secs[turn][:3] // PLAY legal prefer, no draw_max, mask or rules
			return q.bytes(), errAt(q.at(turn), "section TURN overruns its length by 4 bytes")
		}},

		// Setup.
		{"seats min 1", "crazy-eights", simple(setup, fSeatsMin, 1, func(off int) string {
			return errAt(off, "seats min 1, max 5, default 2: want 2 <= min <= default <= max <= 8")
		})},
		{"seats max 9", "crazy-eights", simple(setup, fSeatsMin+1, 9, func(off int) string {
			return errAt(off-1, "seats min 2, max 9, default 2: want 2 <= min <= default <= max <= 8")
		})},
		{"seats default above max", "uno-style", simple(setup, fSeatsMin+2, 7, func(off int) string {
			return errAt(off-2, "seats min 2, max 6, default 7: want 2 <= min <= default <= max <= 8")
		})},
		{"unknown hand kind", "war", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[q.payload(setup)+fHand] = 2
			return p, errList(errAt(q.payload(setup)+fHand, "unknown hand kind 2"),
				errAt(q.payload(turn), "a battle phase needs a pile hand"))
		}},
		{"starter fires without a starter", "go-fish", simple(setup, fFlags, bytecode.FlagStarterFires, func(off int) string {
			return errAt(off, "the starter fires its effects, but no starter card is turned up")
		})},
		{"reshuffle at once without reshuffle", "crazy-eights", simple(setup, fFlags, bytecode.FlagStarter|bytecode.FlagReshuffleAtOnce, func(off int) string {
			return errAt(off, "reshuffle at once without reshuffle")
		})},
		{"starter_not without a starter", "go-fish", setupField(func(f setupFields) int { return f.starterNot }, 1, func(off int) string {
			return errAt(off, "starter_not ranks without a starter card")
		})},
		{"starter_not rank not in the deck", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			binary.LittleEndian.PutUint16(q.secs[setup][f.starterNot:], 1<<13)
			return q.bytes(), errAt(q.payload(setup)+f.starterNot, "starter_not ranks 0x2000 include ranks not in the deck")
		}},
		{"starter_not takes every card", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			binary.LittleEndian.PutUint16(q.secs[setup][f.starterNot:], 1<<13-1-1) // every rank but the 2
			q.secs[setup][fFlags] |= bytecode.FlagStarter
			want := make([]string, 0, 4)
			for n := 2; n <= 5; n++ {
				want = append(want, errAt(q.payload(setup)+f.starterNot, "with %d seats the deal may take every card the starter may be", n))
			}
			return q.bytes(), errList(want...)
		}},
		{"deal of zero", "crazy-eights", simple(setup, fDeal, 0, func(off int) string {
			return errAt(off, "deal of 0 cards per seat (must be at least 1)")
		})},
		{"deal-all with a deal", "war", simple(setup, fDeal, 3, func(off int) string {
			return errAt(off, "deal-all program with a per-seat deal of 3 (must be 0)")
		})},
		{"deal-all with overrides", "war", func(t *testing.T, q *prog) ([]byte, string) {
			s := q.secs[setup]
			q.secs[setup] = slices.Concat(s[:fNOver], []byte{1, 2, 5}, s[fNOver+1:])
			return q.bytes(), errAt(q.payload(setup)+fNOver, "deal-all program with 1 deal overrides")
		}},
		{"override outside the seat range", "crazy-eights", simple(setup, fNOver+1, 6, func(off int) string {
			return errAt(off, "deal override for 6 seats, outside 2..5")
		})},
		{"override equal to the base deal", "crazy-eights", simple(setup, fNOver+2, 5, func(off int) string {
			return errAt(off, "deal override of 5 cards (must be at least 1 and differ from the base deal)")
		})},
		{"overrides out of order", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			s := q.secs[setup]
			q.secs[setup] = slices.Concat(s[:fNOver], []byte{2, 3, 6, 2, 7}, s[fNOver+3:])
			return q.bytes(), errAt(q.payload(setup)+fNOver+3, "deal overrides must be in increasing seat order without repeats")
		}},
		{"rank mask empty", "war", func(t *testing.T, q *prog) ([]byte, string) {
			m := fieldsOf(q).mask
			q.secs[setup][m], q.secs[setup][m+1] = 0, 0
			return q.bytes(), errAt(q.payload(setup)+m, "deck masks ranks 0x0000 suits 0x0f: each needs at least one bit and no bit beyond the deck")
		}},
		{"rank mask beyond the deck", "war", setupField(func(f setupFields) int { return f.mask + 1 }, 0x3f, func(off int) string {
			return errAt(off-1, "deck masks ranks 0x3fff suits 0x0f: each needs at least one bit and no bit beyond the deck")
		})},
		{"too many jokers", "war", setupField(func(f setupFields) int { return f.mask + 2 }, 0x3f, func(off int) string {
			return errAt(off, "3 jokers, at most 2")
		})},
		{"no suit", "war", setupField(func(f setupFields) int { return f.mask + 2 }, 0x20, func(off int) string {
			return errAt(off-2, "deck masks ranks 0x1fff suits 0x00: each needs at least one bit and no bit beyond the deck")
		})},
		{"rank order out of range", "war", simple(setup, fFlags, byte(cardrules.NumRankOrders)<<bytecode.OrderShift|bytecode.FlagDealAll, func(off int) string {
			return errAt(off, "unknown rank order %d (setup flags bits 6-7)", cardrules.NumRankOrders)
		})},
		{"removed card not in the deck", "war", func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			s := q.secs[setup]
			s[f.mask+2] = 0x01 // clubs only
			q.secs[setup] = slices.Concat(s[:f.nRemove], []byte{2, 0, 20}, s[f.nRemove+1:])
			return q.bytes(), errAt(q.payload(setup)+f.nRemove+2, "removed card 20 is not in the deck")
		}},
		{"removed cards out of order", "war", func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			s := q.secs[setup]
			q.secs[setup] = slices.Concat(s[:f.nRemove], []byte{2, 9, 3}, s[f.nRemove+1:])
			return q.bytes(), errAt(q.payload(setup)+f.nRemove+2, "removed cards must be in increasing order without repeats")
		}},
		{"set size 1", "go-fish", setupField(func(f setupFields) int { return f.meld }, 1, func(off int) string {
			return errAt(off, "set size 1, want 0 or 2..4")
		})},
		{"set size 5", "go-fish", setupField(func(f setupFields) int { return f.meld }, 5, func(off int) string {
			return errAt(off, "set size 5, want 0 or 2..4")
		})},
		{"lead card out of range", "hearts", setupField(func(f setupFields) int { return f.lead }, 52, func(off int) string {
			return errAt(off, "lead card 52 is not in the deck")
		})},
		{"lead card outside the suits", "hearts", setupField(func(f setupFields) int { return f.mask + 2 }, 0x0e, func(off int) string {
			return errAt(off+3, "lead card 0 is not in the deck") // no clubs: the lead 2C is out
		})},
		{"lead card removed", "hearts", func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			s := q.secs[setup]
			q.secs[setup] = slices.Concat(s[:f.nRemove], []byte{1, 0}, s[f.nRemove+1:])
			return q.bytes(), errAt(8, "the lead card 2C is removed from the deck")
		}},
		{"teams of 3", "whist", setupField(func(f setupFields) int { return f.teams }, 3, func(off int) string {
			return errAt(off, "teams 3 with seats 4..4: want 0, or 2 with a fixed even seat count")
		})},
		{"teams with a seat range", "whist", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[setup][fSeatsMin] = 2
			return q.bytes(), errAt(q.payload(setup)+fieldsOf(q).teams, "teams 2 with seats 2..4: want 0, or 2 with a fixed even seat count")
		}},
		{"points per trick too large", "whist", setupField(func(f setupFields) int { return f.scoreTrick }, 14, func(off int) string {
			return errAt(off, "points per trick 14 and per set 0: each at most 13")
		})},
		{"points per set without sets", "whist", setupField(func(f setupFields) int { return f.scoreMeld }, 1, func(off int) string {
			return errAt(off, "points per set without sets (set size 0)")
		})},
		{"points per trick without tricks", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[setup][fieldsOf(q).scoreTrick] = 1
			return q.bytes(), errAt(q.at(turn), "the program scores tricks but no phase plays tricks")
		}},
		{"too many scoring rules", "hearts", func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			s := q.secs[setup]
			rules := bytes.Repeat([]byte{1, 2, 1}, 9)
			q.secs[setup] = slices.Concat(s[:f.nRules], []byte{9}, rules, s[f.turnCap:])
			return q.bytes(), errAt(q.payload(setup)+f.nRules, "9 scoring rules, at most 8")
		}},
		{"scoring rule value out of range", "hearts", setupField(func(f setupFields) int { return f.nRules + 2 }, 4, func(off int) string {
			return errAt(off-1, "scoring rule kind 1 value 4 out of range")
		})},
		{"scoring rule kind out of range", "hearts", setupField(func(f setupFields) int { return f.nRules + 4 }, 3, func(off int) string {
			return errAt(off, "scoring rule kind 3 value 49 out of range")
		})},
		{"scoring rule of no points", "hearts", setupField(func(f setupFields) int { return f.nRules + 3 }, 0, func(off int) string {
			return errAt(off, "scoring rule of 0 points, want 1..26")
		})},
		{"scoring rule of too many points", "hearts", setupField(func(f setupFields) int { return f.nRules + 6 }, 27, func(off int) string {
			return errAt(off, "scoring rule of 27 points, want 1..26")
		})},
		{"scoring rules unsorted", "hearts", func(t *testing.T, q *prog) ([]byte, string) {
			f := fieldsOf(q)
			r := q.secs[setup][f.nRules+1:]
			copy(r[:6], []byte{2, 49, 13, 1, 2, 1})
			return q.bytes(), errAt(q.payload(setup)+f.nRules+4, "scoring rules must be sorted by kind, value and points")
		}},
		{"scoring rule matching no card", "hearts", setupField(func(f setupFields) int { return f.mask + 2 }, 0x0b, func(off int) string {
			return errAt(8, "a scoring rule matches no card of the deck") // no hearts
		})},
		{"turn cap zero", "war", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			off := q.at(turn) - 4
			p[off], p[off+1] = 0, 0
			return p, errAt(off, "turn cap 0 outside 1..50000")
		}},
		{"turn cap too large", "war", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			off := q.at(turn) - 4
			binary.LittleEndian.PutUint16(p[off:], 50001)
			return p, errAt(off, "turn cap 50001 outside 1..50000")
		}},
		{"deal too large", "crazy-eights", simple(setup, fDeal, 11, func(off int) string {
			return errAt(8, "with 5 seats the deal needs 56 cards but the deck has 52")
		})},
		{"deck of one card", "war", func(t *testing.T, q *prog) ([]byte, string) {
			m := fieldsOf(q).mask
			copy(q.secs[setup][m:], []byte{0x01, 0x00, 0x01})
			return q.bytes(), errAt(8, "the deck has 1 cards; a game needs at least 2")
		}},
		{"starter with deal-all", "war", simple(setup, fFlags, bytecode.FlagDealAll|bytecode.FlagStarter, func(off int) string {
			return errAt(8, "a starter card needs a stock, but the whole deck is dealt")
		})},

		// Turn.
		{"unknown phase opcode", "crazy-eights", simple(turn, 0, 0x2f, func(off int) string {
			return errList(errAt(off-3, "0 phases, want 1..8 (0 only for a game of betting with a showdown or against a dealer)"),
				errAt(off, "unknown phase opcode Op(47)"),
				errAt(off+7+3, "1 predicates, but the phases reference 0"))
		})},
		{"predicate opcode as a phase", "war", simple(turn, 0, eq, func(off int) string {
			return errList(errAt(off-3, "0 phases, want 1..8 (0 only for a game of betting with a showdown or against a dealer)"), errAt(off, "unknown phase opcode EQ"))
		})},
		{"predicate reference out of order", "crazy-eights", simple(turn, pLegal, 1, func(off int) string {
			return errAt(off, "predicate reference 1; references must number the predicates 0, 1, 2... in order (next: 0)")
		})},
		{"missing required predicate", "crazy-eights", simple(turn, pLegal, bytecode.NoPred, func(off int) string {
			return errAt(off, "predicate reference 255; references must number the predicates 0, 1, 2... in order (next: 0)")
		})},
		{"unknown play rules", "crazy-eights", simple(turn, pRules, 0x10, func(off int) string {
			return errAt(off, "unknown play rules 0x10")
		})},
		{"drawing by choice without draws", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn][pDrawMax] = 0
			q.secs[turn][pRules] = bytecode.PlayByChoice
			return q.bytes(), errAt(q.payload(turn)+pRules, "drawing by choice with a draw_max of 0")
		}},
		{"only the drawn card without drawing by choice", "crazy-eights", simple(turn, pRules, bytecode.PlayDrawnOnly, func(off int) string {
			return errAt(off, "only the drawn card may be played, but drawing is not by choice")
		})},
		{"draw_max too large", "crazy-eights", simple(turn, pDrawMax, 53, func(off int) string {
			return errAt(off, "draw_max 53 above 52")
		})},
		{"name-suit rank beyond the deck", "crazy-eights", simple(turn, pMask+1, 0x20, func(off int) string {
			return errAt(off-1, "name-suit ranks 0x2000 include ranks not in the deck")
		})},
		{"play with a pile hand", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[q.payload(setup)+fHand] = 1
			return p, errAt(q.payload(turn), "a PLAY phase needs a fan hand")
		}},
		{"trick with a pile hand", "whist", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[q.payload(setup)+fHand] = 1
			return p, errAt(q.payload(turn), "a TRICK phase needs a fan hand")
		}},
		{"unknown trump", "whist", simple(turn, 5, 6, func(off int) string {
			return errAt(off, "unknown trump 6")
		})},
		{"take from self", "old-maid", simple(turn, 1, byte(cardrules.TargetSelf), func(off int) string {
			return errAt(off, "take from target 5: want next (1), previous (2) or random opponent (4)")
		})},
		{"ask with a pile hand", "go-fish", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			p[q.payload(setup)+fHand] = 1
			return p, errList(errAt(26, "sets (size 4) need a fan hand"), errAt(q.payload(turn), "an ASK phase needs a fan hand"))
		}},
		{"war_face_down too large", "war", simple(turn, 1, 6, func(off int) string {
			return errAt(off, "war_face_down 6 above 5")
		})},
		{"unknown returns", "war", simple(turn, 2, 2, func(off int) string {
			return errAt(off, "unknown returns 2")
		})},
		{"draw count zero", "war", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn] = append(q.secs[turn], byte(bytecode.OpDraw), 0)
			return q.bytes(), errAt(q.payload(turn)+4, "draw count 0 outside 1..13")
		}},
		{"draw count too large", "war", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn] = append(q.secs[turn], byte(bytecode.OpDraw), 14)
			return q.bytes(), errAt(q.payload(turn)+4, "draw count 14 outside 1..13")
		}},
		{"no phases", "war", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn] = nil
			return q.bytes(), errAt(q.at(turn), "0 phases, want 1..8 (0 only for a game of betting with a showdown or against a dealer)")
		}},
		{"nine phases", "war", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn] = bytes.Repeat(q.secs[turn], 9)
			return q.bytes(), errAt(q.at(turn), "9 phases, want 0..8")
		}},
		{"only draw phases", "war", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[turn] = []byte{byte(bytecode.OpDraw), 1}
			return q.bytes(), errAt(q.at(turn), "no phase plays a card")
		}},

		// Code.
		{"predicate count above the references", "crazy-eights", simple(code, 0, 2, func(off int) string {
			return errAt(off, "2 predicates, but the phases reference 1")
		})},
		{"predicate in a game without references", "war", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[code] = []byte{1, tru, ret}
			return q.bytes(), errAt(q.payload(code), "1 predicates, but the phases reference 0")
		}},
		{"stack imbalance at RET", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			p := q.bytes()
			last := q.at(end) - 2 // the final OR, before RET
			p[last] = tru
			return p, errAt(last+1, "RET with 3 stack values, want exactly 1")
		}},
		{"RET on an empty stack", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, ret)
			return q.bytes(), errAt(at, "RET needs 1 stack values, has 0")
		}},
		{"unknown predicate opcode 0", "crazy-eights", simple(code, 1, 0, func(off int) string {
			return errAt(off, "unknown predicate opcode Op(0)")
		})},
		{"unknown predicate opcode 18", "crazy-eights", simple(code, 2, 18, func(off int) string {
			return errAt(off, "unknown predicate opcode Op(18)")
		})},
		{"phase opcode in a predicate", "crazy-eights", simple(code, 1, byte(bytecode.OpPlay), func(off int) string {
			return errAt(off, "unknown predicate opcode PLAY")
		})},
		{"comparison on a short stack", "crazy-eights", simple(code, 2, eq, func(off int) string {
			return errAt(off, "EQ needs 2 stack values, has 1")
		})},
		{"mismatched comparison", "crazy-eights", simple(code, 2, tr, func(off int) string {
			return errAt(off+1, "EQ compares mismatched values")
		})},
		{"comparison of booleans", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, tru, fals, eq, ret)
			return q.bytes(), errAt(at+2, "EQ compares mismatched values")
		}},
		{"suits ordered", "crazy-eights", simple(code, 3, lt, func(off int) string {
			return errAt(off, "LT orders ranks only")
		})},
		{"two constants", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, rk, 5, rk, 6, ne, ret)
			return q.bytes(), errAt(at+4, "NE compares two constants")
		}},
		{"rank constant out of range", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, cr, rk, 14, eq, ret)
			return q.bytes(), errAt(at+2, "rank 14 out of range")
		}},
		{"suit constant out of range", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, su, 4, cs, eq, ret)
			return q.bytes(), errAt(at+1, "suit 4 out of range")
		}},
		{"PLAYED suit out of range", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, played, 4, ret)
			return q.bytes(), errAt(at+1, "suit 4 out of range")
		}},
		{"PLAYED compared", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, played, 1, cs, eq, ret)
			return q.bytes(), errAt(at+3, "EQ compares mismatched values")
		}},
		{"AND of ranks", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, cr, tr, and, ret)
			return q.bytes(), errAt(at+2, "AND combines non-boolean values")
		}},
		{"NOT of a suit", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, cs, not, ret)
			return q.bytes(), errAt(at+1, "NOT of a non-boolean value")
		}},
		{"RET of a rank", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, cr, ret)
			return q.bytes(), errAt(at+1, "RET of a non-boolean value")
		}},
		{"OR chain folded right", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, tru, tru, tru, or, or, ret)
			return q.bytes(), errAt(at+4, "OR chain is not left-folded (not canonical)")
		}},
		{"stack too deep", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			pred := append(bytes.Repeat([]byte{tru}, 17), ret)
			at := setPred(q, pred...)
			return q.bytes(), errAt(at+16, "stack deeper than 16")
		}},
		{"predicate too long", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			pred := []byte{tru}
			for range 140 {
				pred = append(pred, tru, or)
			}
			at := setPred(q, append(pred, ret)...)
			return q.bytes(), errAt(at+256, "predicate longer than 256 bytes")
		}},
		{"predicate without RET", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			at := setPred(q, cs, ts, eq)
			return q.bytes(), errAt(at+3, "predicate runs off the end of the code section without RET")
		}},

		// End.
		{"unknown until", "crazy-eights", simple(end, eUntil, 4, func(off int) string {
			return errAt(off, "unknown until 4")
		})},
		{"unknown ranking", "crazy-eights", simple(end, eRank, 3, func(off int) string {
			return errAt(off, "unknown ranking 3")
		})},
		{"ranking by score without scoring", "crazy-eights", simple(end, eRank, 2, func(off int) string {
			return errAt(off, "ranks by score, but the program scores nothing")
		})},
		{"no end condition", "crazy-eights", simple(end, eCount, 0, func(off int) string {
			// (The condition left behind reads as an optional block.)
			return errList(errAt(off, "no end condition and no knocking, so no seat can go out and the game can never end before its cap"),
				errAt(off+1, "END block tag 0: want MATCH (1), chips (2), TALLY (3), OUT (4), BID (5), BET (6) then DEALER (7), each at most once"))
		})},
		{"too many end conditions", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = []byte{0, 0, 0, 5, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0}
			return q.bytes(), errList(errAt(q.payload(end)+eCount, "5 end conditions, at most 4"),
				errAt(q.payload(end)+ePairs+2, "unknown end event 1"),
				errAt(q.payload(end)+ePairs+4, "unknown end event 2"),
				errAt(q.payload(end)+ePairs+6, "unknown end event 3"),
				errAt(q.payload(end)+ePairs+8, "unknown end event 4"))
		}},
		{"blocked too large", "crazy-eights", simple(end, eBlocked, 9, func(off int) string {
			return errAt(off, "blocked 9 above 8")
		})},
		{"unknown end event", "crazy-eights", simple(end, ePairs, 1, func(off int) string {
			return errAt(off, "unknown end event 1")
		})},
		{"unknown end result", "war", simple(end, ePairs+1, 2, func(off int) string {
			return errAt(off, "unknown end result 2")
		})},
		{"end event twice", "crazy-eights", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[end] = []byte{0, 0, 0, 2, 0, 0, 0, 1}
			return q.bytes(), errAt(q.payload(end)+ePairs+2, "end conditions must be in increasing event order without repeats")
		}},

		// Effects (uno-style: 0 draw_cards next 2 on 2, 1 skip_next 1 on 2,
		// 2 skip_next 1 on J, 3 reverse on Q, 4 extra_turn on K, 5
		// force_discard self 1 on 7).
		{"unknown effect type", "uno-style", simple(effects, 1+1, 0x20, func(off int) string {
			return errAt(off, "effect 0: unknown effect type 32")
		})},
		{"effect target out of range", "uno-style", simple(effects, 1+2, 7, func(off int) string {
			return errAt(off, "effect 0: target 7, want 1..6")
		})},
		{"effect target missing", "uno-style", simple(effects, 1+4*5+2, 0, func(off int) string {
			return errAt(off, "effect 5: target 0, want 1..6")
		})},
		{"effect target when the type takes none", "uno-style", simple(effects, 1+4*3+2, 2, func(off int) string {
			return errAt(off, "effect 3: type 1 takes no target, stored 2 (must be 0)")
		})},
		{"effect value out of range", "uno-style", simple(effects, 1+3, 14, func(off int) string {
			return errAt(off, "effect 0: value 14 outside 1..13")
		})},
		{"effect value zero", "uno-style", simple(effects, 1+4+3, 0, func(off int) string {
			return errAt(off, "effect 1: value 0 outside 1..13")
		})},
		{"gate on an effect that always resolves", "uno-style", simple(effects, 1+4+3, 0x81, func(off int) string {
			return errAt(off, "effect 1: type 0 always resolves and takes no gate")
		})},
		{"gated effect value out of range", "uno-style", simple(effects, 1+3, 0x80|14, func(off int) string {
			return errAt(off, "effect 0: value 14 outside 1..13")
		})},
		{"effect value when the type takes none", "uno-style", simple(effects, 1+4*4+3, 1, func(off int) string {
			return errAt(off, "effect 4: type 3 takes no value, stored 1 (must be 0)")
		})},
		{"effect trigger rank out of range", "uno-style", simple(effects, 1+4*2, 14, func(off int) string {
			return errAt(off, "effect 2: trigger rank 14 out of range 0..13")
		})},
		{"joker effect without jokers", "uno-style", simple(effects, 1+4*2, 13, func(off int) string {
			return errAt(off, "effect 2: trigger rank 13 is not in the deck")
		})},
		{"effect trigger rank not in the deck", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			q.secs[setup][fieldsOf(q).mask] = 0xfe // no twos
			e := q.payload(effects) + 1
			return q.bytes(), errList(errAt(e, "effect 0: trigger rank 0 is not in the deck"), errAt(e+4, "effect 1: trigger rank 0 is not in the deck"))
		}},
		{"every effect problem", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			q.effects = []byte{2, 14, 0x20, 9, 0, 1, 1, 1, 1, 0, 0}
			e := q.payload(effects) + 1
			return q.bytes(), errList(errAt(e, "effect 0: trigger rank 14 out of range 0..13"),
				errAt(e+1, "effect 0: unknown effect type 32"),
				errAt(e+6, "effect 1: type 1 takes no target, stored 1 (must be 0)"),
				errAt(e+7, "effect 1: type 1 takes no value, stored 1 (must be 0)"))
		}},
		{"response rules without responses", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			r := len(q.effects) - 2
			q.effects[r] = bytecode.RespondLoseTurn | 0x10
			e := q.payload(effects) + r
			return q.bytes(), errList(errAt(e, "unknown response rule bits 0x10"),
				errAt(e, "response rules 0x12 with no response (must be 0)"))
		}},
		{"responses truncated", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			r := len(q.effects) - 2
			q.effects = append(q.effects[:r], 0, 2, 0, 1, 2, 2)
			return q.bytes(), "first: " + errAt(q.payload(effects)+r+1, "2 responses need 8 bytes but only 4 remain (truncated)")
		}},
		{"every response problem", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			r := len(q.effects) - 2
			q.effects = append(q.effects[:r], 0, 4,
				0, 1, 2, 0, // stack with no value
				13, 4, 0, 1, // rank out of range, ability 4, answers skip_next, value on a non-stack
				3, 2|bytecode.ResponseIgnoreLegal, 2, 0, // a 5 deflects draws, ignoring legality: out of order after rank 13
				3, 3, 2, 0) // the same rank and type again
			e := q.payload(effects) + r + 2
			return q.bytes(), errList(errAt(e+3, "response 0: stack value 0 outside 1..13"),
				errAt(e+4, "response 1: rank 13 out of range 0..12"),
				errAt(e+5, "response 1: unknown ability 4"),
				errAt(e+6, "response 1: answers effect type 0, which hits no seat"),
				errAt(e+7, "response 1: only a stack takes a value, stored 1 (must be 0)"),
				errAt(e+8, "response 2: not after response 1 in (rank, type answered) order, or a repeat"),
				errAt(e+12, "response 3: not after response 2 in (rank, type answered) order, or a repeat"))
		}},
		{"responses without a play phase", "war", func(t *testing.T, q *prog) ([]byte, string) {
			r := len(q.effects) - 2
			q.effects = append(q.effects[:r], 0, 1, 0, 3, 2, 0)
			return q.bytes(), errAt(q.payload(effects)+r+1, "responses need a play phase to answer on, and the turn has none")
		}},
	}
}

// withTriggers returns a build that appends a TRIGGERS block to q's
// effects section and expects want(off), off being the block's offset.
func withTriggers(block []byte, want func(off int) string) func(t *testing.T, q *prog) ([]byte, string) {
	return func(t *testing.T, q *prog) ([]byte, string) {
		off := q.payload(effects) + len(q.effects)
		q.effects = append(q.effects, block...)
		return q.bytes(), want(off)
	}
}

// compiled returns a build that compiles seed changed by change (which
// must leave it valid, and give it a TRIGGERS block), replaces the block
// with block and expects want(off), off being the block's offset.
func compiled(seed string, change func(g *genome.Genome), block []byte, want func(off int) string) func(t *testing.T, q *prog) ([]byte, string) {
	return func(t *testing.T, _ *prog) ([]byte, string) {
		g := testkit.SeedGenome(t, seed)
		change(g)
		p := testkit.Compile(t, g)
		im, err := bytecode.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		if im.At.Triggers == 0 {
			t.Fatalf("the %s variant has no triggers block", seed)
		}
		p = append(p[:im.At.Triggers:im.At.Triggers], block...)
		binary.LittleEndian.PutUint16(p[6:], uint16(len(p)))
		return p, want(im.At.Triggers)
	}
}

// Condition bytes of a TRIGGERS entry: subject in bits 0-2, comparison in
// bits 3-4.
func condByte(of cardrules.CondOf, c cardrules.Compare) byte { return byte(of) | byte(c)<<3 }

// triggerCases are the rejections of the TRIGGERS block (bytecode/
// triggers.go), each at its offset: the block's count and length, each
// entry's effect index, an entry that says nothing, each trigger and
// condition problem (at the entry), and an effect of a played card in a
// program where no phase plays one. uno-style's effects: 0 draw_cards next
// 2 on 2, 1 skip_next 1 on 2, 2 skip_next 1 on J, 3 reverse on Q, 4
// extra_turn on K, 5 force_discard self 1 on 7; a play phase that draws,
// no ask, take or trick phase, no sets.
func triggerCases() []corruptCase {
	drawn, asked := byte(cardrules.Drawn), byte(cardrules.Asked)
	stock := condByte(cardrules.CondStock, cardrules.AtLeast)
	// goFish gives go-fish one effect, a reverse when a queen is asked for.
	goFish := func(g *genome.Genome) {
		g.Effects = []genome.Effect{{Rank: 10, Type: cardrules.Reverse, When: cardrules.Asked}}
	}
	return []corruptCase{
		{"triggers truncated", "uno-style", withTriggers([]byte{2, 0, drawn, 0, 0}, func(off int) string {
			return errAt(off, "2 trigger entries need 8 bytes but only 4 remain (truncated)")
		})},
		{"trigger entry past the effects", "uno-style", withTriggers([]byte{1, 6, drawn, 0, 0}, func(off int) string {
			return errAt(off+1, "trigger entry for effect 6: want an effect index above -1 and below 6")
		})},
		{"trigger entries out of order", "uno-style", withTriggers([]byte{2, 3, drawn, 0, 0, 2, drawn, 0, 0}, func(off int) string {
			return errAt(off+5, "trigger entry for effect 2: want an effect index above 3 and below 6")
		})},
		{"trigger entry twice", "uno-style", withTriggers([]byte{2, 3, drawn, 0, 0, 3, 0, stock, 1}, func(off int) string {
			return errAt(off+5, "trigger entry for effect 3: want an effect index above 3 and below 6")
		})},
		{"trigger entry that says nothing", "uno-style", withTriggers([]byte{1, 3, 0, 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: an entry with trigger played and no condition must be left out")
		})},
		{"unknown trigger", "uno-style", withTriggers([]byte{1, 3, byte(cardrules.NumTriggers), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: unknown trigger %d", cardrules.NumTriggers)
		})},
		{"gate on a triggered effect", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			q.effects[1+3] |= bytecode.EffectGate // effect 0, a draw: gated
			return withTriggers([]byte{1, 0, drawn, 0, 0}, func(off int) string {
				return errAt(off+1, "effect 0: a gate needs trigger played, not drawn")
			})(t, q)
		}},
		{"suit on a rank trigger", "go-fish", compiled("go-fish", func(g *genome.Genome) {
			g.Effects = []genome.Effect{{Rank: 10, Suit: cardrules.TriggerOn(2), Type: cardrules.Reverse, When: cardrules.Taken}}
		}, []byte{1, 0, asked, 0, 0}, func(off int) string {
			return errAt(off+1, "effect 0: trigger asked names a rank and takes no suit")
		})},
		{"asked without an ask phase", "uno-style", withTriggers([]byte{1, 3, asked, 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: trigger asked can never happen in this program")
		})},
		{"taken without a take or ask phase", "uno-style", withTriggers([]byte{1, 3, byte(cardrules.Taken), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: trigger taken can never happen in this program")
		})},
		{"set_laid without sets", "uno-style", withTriggers([]byte{1, 3, byte(cardrules.SetLaid), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: trigger set_laid can never happen in this program")
		})},
		{"trick_won without a trick phase", "uno-style", withTriggers([]byte{1, 3, byte(cardrules.TrickWon), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: trigger trick_won can never happen in this program")
		})},
		{"forced_discard without force_discard", "uno-stacking", withTriggers([]byte{1, 3, byte(cardrules.ForcedDiscard), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: trigger forced_discard can never happen in this program")
		})},
		{"went_out without an end condition", "go-fish", compiled("go-fish", goFish, []byte{1, 0, byte(cardrules.WentOut), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 0: trigger went_out can never happen in this program")
		})},
		{"drawn with nothing drawing", "go-fish", compiled("whist", func(g *genome.Genome) {
			g.Effects = []genome.Effect{{Rank: 10, Type: cardrules.Reverse, When: cardrules.TrickWon}}
		}, []byte{1, 0, drawn, 0, 0}, func(off int) string {
			return errAt(off+1, "effect 0: trigger drawn can never happen in this program")
		})},
		{"drawn with the whole deck dealt", "go-fish", compiled("whist", func(g *genome.Genome) {
			g.Effects = []genome.Effect{
				{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1},
				{Rank: 10, Type: cardrules.Reverse, When: cardrules.TrickWon},
			}
		}, []byte{1, 1, drawn, 0, 0}, func(off int) string {
			return errAt(off+1, "effect 1: trigger drawn can never happen in this program")
		})},
		{"played without a phase that plays", "go-fish", compiled("go-fish", goFish, []byte{1, 0, 0, stock, 1}, func(off int) string {
			// The effect is at its entry, before the empty responses;
			// it is reported there once, not again at its trigger entry.
			return errAt(off-6, "effect 0: no phase plays a card, so it can never fire")
		})},
		{"played without a phase that plays, no block", "go-fish", compiled("go-fish", goFish, nil, func(off int) string {
			return errAt(off-6, "effect 0: no phase plays a card, so it can never fire")
		})},
		{"unknown condition subject", "uno-style", withTriggers([]byte{1, 3, 0, byte(cardrules.NumCondOfs), 0}, func(off int) string {
			return errAt(off+1, "effect 3: unknown condition subject %d", cardrules.NumCondOfs)
		})},
		{"comparison without a condition", "uno-style", withTriggers([]byte{1, 3, drawn, condByte(cardrules.NoCond, cardrules.AtMost), 0}, func(off int) string {
			return errAt(off+1, "effect 3: no condition, but a comparison or value is stored (must be 0)")
		})},
		{"value without a condition", "uno-style", withTriggers([]byte{1, 3, drawn, 0, 5}, func(off int) string {
			return errAt(off+1, "effect 3: no condition, but a comparison or value is stored (must be 0)")
		})},
		{"top_suit with a comparison", "uno-style", withTriggers([]byte{1, 3, 0, condByte(cardrules.CondTopSuit, cardrules.Equal), 2}, func(off int) string {
			return errAt(off+1, "effect 3: top_suit takes a suit 0..3 and no comparison, stored comparison 2 value 2")
		})},
		{"top_suit past spades", "uno-style", withTriggers([]byte{1, 3, 0, condByte(cardrules.CondTopSuit, 0), 4}, func(off int) string {
			return errAt(off+1, "effect 3: top_suit takes a suit 0..3 and no comparison, stored comparison 0 value 4")
		})},
		{"unknown comparison", "uno-style", withTriggers([]byte{1, 3, 0, condByte(cardrules.CondPile, cardrules.NumCompares), 5}, func(off int) string {
			return errAt(off+1, "effect 3: unknown comparison %d", cardrules.NumCompares)
		})},
		{"condition byte's high bits", "uno-style", withTriggers([]byte{1, 3, 0, 0xe0 | byte(cardrules.CondHand), 5}, func(off int) string {
			return errAt(off+1, "effect 3: unknown comparison 28")
		})},
		{"count above 52", "uno-style", withTriggers([]byte{1, 3, 0, stock, 53}, func(off int) string {
			return errAt(off+1, "effect 3: condition stock value 53 outside 0..52")
		})},
		{"no seats", "uno-style", withTriggers([]byte{1, 3, 0, condByte(cardrules.CondSeats, cardrules.AtMost), 0}, func(off int) string {
			return errAt(off+1, "effect 3: condition seats value 0 outside 1..8")
		})},
		{"nine seats", "uno-style", withTriggers([]byte{1, 3, 0, condByte(cardrules.CondSeats, cardrules.AtLeast), 9}, func(off int) string {
			return errAt(off+1, "effect 3: condition seats value 9 outside 1..8")
		})},
		{"target_hand without a target", "uno-style", withTriggers([]byte{1, 1, 0, condByte(cardrules.CondTarget, cardrules.AtLeast), 1}, func(off int) string {
			return errAt(off+1, "effect 1: type 0 has no target to test")
		})},
		{"every trigger problem", "uno-style", withTriggers([]byte{3,
			0, asked, 0, 0, // a rank trigger that cannot happen
			0, drawn, 0, 0, // the same effect again
			4, 0, condByte(cardrules.CondTarget, cardrules.Equal), 2, // extra_turn has no target
		}, func(off int) string {
			return errList(errAt(off+1, "effect 0: trigger asked can never happen in this program"),
				errAt(off+5, "trigger entry for effect 0: want an effect index above 0 and below 6"),
				errAt(off+9, "effect 4: type 3 has no target to test"))
		})},
	}
}

// safeVerify runs Verify, turning a panic into a test error (a panic is a
// bug: Verify must report every problem as an error).
func safeVerify(t *testing.T, p []byte) (err error, panicked bool) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("Verify panicked: %v\nprogram: % x", r, p)
			panicked = true
		}
	}()
	return bytecode.Verify(p), false
}

func TestVerifyRejectsCorruptPrograms(t *testing.T) {
	for _, tc := range slices.Concat(corruptCases(), triggerCases(), lastingCases(), ruleCases(), laterCases(), turnUpCases(), chipsCases(), climbCases(), passCases(), captureCases(), claimCases(), contractCases(), bettingCases()) {
		t.Run(tc.name, func(t *testing.T) {
			q := split(t, testkit.SeedProgram(t, tc.base))
			p, want := tc.build(t, q)
			err, panicked := safeVerify(t, p)
			if panicked {
				return
			}
			if err == nil {
				t.Fatalf("Verify accepted % x", p)
			}
			got := err.Error()
			if first, ok := strings.CutPrefix(want, "first: "); ok {
				var el bytecode.ErrorList
				if !errors.As(err, &el) || len(el) == 0 {
					t.Fatalf("error is %T, want a non-empty bytecode.ErrorList", err)
				}
				got, want = el[0].Error(), first
			}
			if got != want {
				t.Errorf("error\n got: %s\nwant: %s\nprogram: % x", got, want, p)
			}
			var el bytecode.ErrorList
			if !errors.As(err, &el) {
				t.Errorf("error is %T, want bytecode.ErrorList", err)
			}
			im, rerr := bytecode.Read(p)
			if im != nil || rerr == nil || rerr.Error() != err.Error() {
				t.Errorf("Read = %v, %v; want nil and the Verify error", im, rerr)
			}
			if s, derr := bytecode.Disassemble(p); s != "" || derr == nil || derr.Error() != err.Error() {
				t.Errorf("Disassemble = %q, %v; want the Verify error", s, derr)
			}
		})
	}
}

// TestVerifyRejectsMissingPredicate: a CODE section whose predicate count
// matches the play phases but that holds fewer predicates must not verify
// (the nth play phase would index predicate n out of range).
func TestVerifyRejectsMissingPredicate(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Turn = append(g.Turn, g.Turn[0])
	q := split(t, testkit.Compile(t, g))
	q.secs[code] = []byte{2, tru, ret} // count 2, one predicate
	p := q.bytes()
	im, err := bytecode.Read(p)
	if err == nil {
		t.Errorf("Read accepted a program with %d play phases and %d predicates: % x", 2, len(im.Preds), p)
	}
}

// TestVerifyRejectsMissingEndCondition: an END section whose condition
// count is larger than the pairs it holds must not verify.
func TestVerifyRejectsMissingEndCondition(t *testing.T) {
	q := split(t, testkit.SeedProgram(t, "crazy-eights"))
	q.secs[end] = []byte{0, 0, 2, 0, 0} // until, rank, count 2, one pair
	p := q.bytes()
	im, err := bytecode.Read(p)
	if err == nil {
		t.Errorf("Read accepted an END section counting 2 conditions that holds %d: % x", len(im.Conditions), p)
	}
}

// TestErrorFormat pins the rendering of one error and of a list.
func TestErrorFormat(t *testing.T) {
	e := bytecode.Error{Offset: 300, Reason: "why"}
	if got := e.Error(); got != "offset 300 (0x012c): why" {
		t.Errorf("Error() = %q", got)
	}
	l := bytecode.ErrorList{e, {Offset: 2, Reason: "and"}}
	if got := l.Error(); got != "2 problems:\n  offset 300 (0x012c): why\n  offset 2 (0x0002): and" {
		t.Errorf("ErrorList.Error() = %q", got)
	}
	if got := (bytecode.ErrorList{e}).Error(); got != e.Error() {
		t.Errorf("one-error list = %q", got)
	}
}

func TestDisassembleGolden(t *testing.T) {
	for _, name := range genome.SeedNames() {
		t.Run(name, func(t *testing.T) {
			p := testkit.SeedProgram(t, name)
			s, err := bytecode.Disassemble(p)
			if err != nil {
				t.Fatalf("seed program does not verify: %v", err)
			}
			testkit.Golden(t, filepath.Join("testdata", "disasm", name+".txt"), []byte(s))
		})
	}
}

// TestDisassembleFixtures: the disassembly of the fixture genomes in
// testdata/genomes, games made to show what no seed has (the TRIGGERS
// block: every trigger, each condition subject and comparison; the
// LASTING block: every lasting type, duration, scope and stacking mode;
// effects that act later, chosen targets and the RULES block).
func TestDisassembleFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "genomes", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			if slices.Contains(genome.SeedNames(), name) {
				t.Fatalf("fixture %s has a seed's name, and so its golden file", name)
			}
			s, err := bytecode.Disassemble(fixtureProgram(t, name))
			if err != nil {
				t.Fatalf("fixture program does not verify: %v", err)
			}
			testkit.Golden(t, filepath.Join("testdata", "disasm", name+".txt"), []byte(s))
		})
	}
}

// fixtureProgram compiles the fixture genome testdata/genomes/name.json.
func fixtureProgram(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "genomes", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return testkit.Compile(t, g)
}

// seedSizes is the size in bytes of each seed game's program. A change here
// is a change of the format or of a seed: say which in the commit.
var seedSizes = map[string]int{
	"beggar-my-neighbour":            63,
	"crazy-eights-match":             119,
	"hearts-match":                   90,
	"crazy-eights":                   74,
	"crazy-eights-openspiel":         74,
	"crazy-eights-openspiel-special": 90,
	"go-fish":                        55,
	"hearts":                         78,
	"old-maid":                       55,
	"uno-stacking":                   101,
	"uno-style":                      96,
	"president":                      67,
	"sevens":                         54,
	"fan-tan":                        60,
	"war":                            55,
	"whist":                          64,
	"spades":                         84,
	"draw-poker":                     68,
	"blackjack":                      66,
	"scopa":                          86,
	"cheat":                          56,
	"gin-rummy":                      64,
	"rummy":                          72,
}

func TestSeedProgramSizes(t *testing.T) {
	for _, name := range genome.SeedNames() {
		t.Run(name, func(t *testing.T) {
			p := testkit.SeedProgram(t, name)
			want, ok := seedSizes[name]
			if !ok {
				t.Fatalf("seed %s (%d bytes) missing from the seedSizes table", name, len(p))
			}
			if len(p) != want {
				t.Errorf("program is %d bytes, want %d", len(p), want)
			}
			if err := bytecode.Verify(p); err != nil {
				t.Errorf("seed program does not verify: %v", err)
			}
			if int(binary.LittleEndian.Uint16(p[6:8])) != len(p) {
				t.Errorf("header length %d, program %d bytes", binary.LittleEndian.Uint16(p[6:8]), len(p))
			}
		})
	}
	for name := range seedSizes {
		if !slices.Contains(genome.SeedNames(), name) {
			t.Errorf("seedSizes lists %s, which is not a seed", name)
		}
	}
}

// TestReadImage checks the decoded image of a seed against its genome.
func TestReadImage(t *testing.T) {
	p := testkit.SeedProgram(t, "uno-style")
	im, err := bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if im.SeatsMin != 2 || im.SeatsMax != 6 || im.SeatsDefault != 4 || im.Hand != cardrules.HandFan ||
		im.Flags != bytecode.FlagStarter|bytecode.FlagReshuffle || im.DealCards != 7 || im.TurnCap != 600 {
		t.Errorf("setup decoded as %+v", im)
	}
	if len(im.Deck()) != 52 || im.DealFor(3) != 7 {
		t.Errorf("deck %d cards, deal at 3 seats %d", len(im.Deck()), im.DealFor(3))
	}
	if len(im.Phases) != 1 || im.Phases[0].Op != bytecode.OpPlay || im.Phases[0].DrawMax != 1 || im.Phases[0].NameSuit != 1<<12 {
		t.Errorf("phases %+v", im.Phases)
	}
	if len(im.Preds) != 1 || im.Preds[0][len(im.Preds[0])-1] != ret || bytecode.Op(p[im.PredOffsets[0]-4]) != bytecode.OpCode ||
		!bytes.Equal(p[im.PredOffsets[0]:im.PredOffsets[0]+len(im.Preds[0])], im.Preds[0]) {
		t.Errorf("predicates %x at %v", im.Preds, im.PredOffsets)
	}
	want := []bytecode.Effect{{Rank: 0, Type: 2, Target: 1, Value: 2}, {Rank: 0, Type: 0, Value: 1}, {Rank: 9, Type: 0, Value: 1}, {Rank: 10, Type: 1}, {Rank: 11, Type: 3}, {Rank: 5, Type: 4, Target: 5, Value: 1}}
	if !slices.Equal(im.Effects, want) {
		t.Errorf("effects %v, want %v", im.Effects, want)
	}
	if im.Until != cardrules.UntilFirstOut || !slices.Equal(im.Conditions, []bytecode.Condition{{cardrules.EventHandEmpty, cardrules.ResultWin}}) {
		t.Errorf("end %d %v", im.Until, im.Conditions)
	}
	if got := bytecode.CardName(49); got != "QS" {
		t.Errorf("CardName(49) = %q", got)
	}
	if got := bytecode.CardName(52); got != "Joker" {
		t.Errorf("CardName(52) = %q", got)
	}
	if got := bytecode.CardName(54); got != "card(54)" {
		t.Errorf("CardName(54) = %q", got)
	}
}
