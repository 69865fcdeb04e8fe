package bytecode

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The TALLY block (tag TailTally) follows the END section's other blocks
// when a deal's end compares the seats' won cards (absent otherwise, so a
// program without such rules is byte for byte what it was):
//
//	most rule count n (0..cardrules.MaxMostRules), then n x (kind u8: a
//	    cardrules.MatchKind, or MostEvery for every card; value u8, 0 with
//	    MostEvery; points u8: 1..cardrules.MaxScore), sorted by kind, value
//	    and points, each kind and value once
//	best points u8 (0: no best-of-each-suit rule, else 1..MaxScore), then
//	    with points, 14 x value u8 (0..cardrules.MaxRankValue), the values
//	    of ranks 2..A and the joker, 0 for a rank not in the deck, not all 0
//
// A block that says nothing is refused: the canonical program omits it.

// MostEvery is the kind of a most rule that counts every card.
const MostEvery = cardrules.NumMatchKinds

// Tally is the decoded TALLY block (the zero value when absent).
type Tally struct {
	Most   []ScoreRule // Kind MostEvery: every card
	Best   int         // points for the best best-of-each-suit total (0: none)
	Values [cardrules.Joker + 1]int
	At     int   // the block's offset (0: absent)
	MostAt []int // each most rule's offset
	BestAt int   // the best rule's offset
}

// AppendTally appends the TALLY block (nothing when t says nothing).
func AppendTally(out []byte, t Tally) []byte {
	if len(t.Most) == 0 && t.Best == 0 {
		return out
	}
	out = append(out, TailTally, byte(len(t.Most)))
	for _, r := range t.Most {
		out = append(out, byte(r.Kind), byte(r.Value), byte(r.Points))
	}
	out = append(out, byte(t.Best))
	if t.Best > 0 {
		for _, v := range t.Values {
			out = append(out, byte(v))
		}
	}
	return out
}

// readTally reads the TALLY block, after its tag.
func readTally(r *reader, im *Image) {
	t := &im.Tally
	t.At = r.off
	at := r.off
	n := r.u8()
	if n > cardrules.MaxMostRules {
		r.fail(at, "%d most rules, at most %d", n, cardrules.MaxMostRules)
	}
	for i := 0; i < n && !r.truncated; i++ {
		rat := r.off
		t.MostAt = append(t.MostAt, rat)
		sr := ScoreRule{Kind: cardrules.MatchKind(r.u8()), Value: r.u8(), Points: r.u8()}
		switch {
		case sr.Kind == MostEvery && sr.Value != 0:
			r.fail(rat+1, "a most rule of every card has value %d, want 0", sr.Value)
		case sr.Kind != MostEvery && !(cardrules.Match{Kind: sr.Kind, Value: uint8(sr.Value)}).Valid():
			r.fail(rat, "most rule kind %d value %d out of range", sr.Kind, sr.Value)
		case sr.Kind != MostEvery && !matchesDeck(im, sr):
			r.fail(rat, "most rule matches no card of the deck")
		}
		if sr.Points < 1 || sr.Points > cardrules.MaxScore {
			r.fail(rat+2, "most rule of %d points, want 1..%d", sr.Points, cardrules.MaxScore)
		}
		if len(t.Most) > 0 {
			last := t.Most[len(t.Most)-1]
			if sr.Kind == last.Kind && sr.Value == last.Value {
				r.fail(rat, "two most rules count the same cards")
			} else if lessRule(sr, last) {
				r.fail(rat, "most rules must be sorted by kind, value and points")
			}
		}
		t.Most = append(t.Most, sr)
	}
	t.BestAt = r.off
	t.Best = r.u8()
	if t.Best > cardrules.MaxScore {
		r.fail(t.BestAt, "best-of-each-suit rule of %d points, at most %d", t.Best, cardrules.MaxScore)
	}
	if t.Best > 0 {
		ranks, any := im.Ranks(), false
		for k := range t.Values {
			vat := r.off
			v := r.u8()
			t.Values[k] = v
			any = any || v > 0
			if v > cardrules.MaxRankValue {
				r.fail(vat, "rank value %d, at most %d", v, cardrules.MaxRankValue)
			} else if v > 0 && ranks&(1<<k) == 0 {
				r.fail(vat, "a value for rank %s, which is not in the deck", cardrules.Rank(k))
			}
		}
		if !any && !r.truncated {
			r.fail(t.BestAt, "a best-of-each-suit rule where no rank has a value")
		}
	}
	if n == 0 && t.Best == 0 {
		r.fail(at, "a TALLY block that says nothing (canonically absent)")
	}
	if im.At.Chips != 0 {
		r.fail(at, "chips and other scores: with chips, the scores are the chips")
	}
	if !im.winsCards() {
		r.fail(at, "compares the cards won, but no phase wins any (tricks or captures)")
	}
}

// winsCards reports whether a phase wins cards (a trick or capture phase).
func (im *Image) winsCards() bool {
	for _, ph := range im.Phases {
		if ph.Op == OpTrick || ph.Op == OpCapture {
			return true
		}
	}
	return false
}

// disasmTally renders the TALLY block.
func disasmTally(line func(off int, format string, args ...any), t *Tally) {
	if t.At == 0 {
		return
	}
	line(t.At, "  tally %d most rules", len(t.Most))
	for i, sr := range t.Most {
		what := "every card"
		if sr.Kind != MostEvery {
			what = fmt.Sprintf("%s %s", sr.Kind, cardrules.Match{Kind: sr.Kind, Value: uint8(sr.Value)})
		}
		line(t.MostAt[i], "    most %s: %d points", what, sr.Points)
	}
	if t.Best == 0 {
		return
	}
	var vals []string
	for k, v := range t.Values {
		if v > 0 {
			vals = append(vals, fmt.Sprintf("%s=%d", cardrules.Rank(k), v))
		}
	}
	line(t.BestAt, "    best of each suit: %d points, values %s", t.Best, strings.Join(vals, " "))
}
