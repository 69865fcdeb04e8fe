package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// The OUT block (tag TailOut) follows the END section's other blocks when
// a deal's end scores the deadwood (absent otherwise):
//
//	gin u8 (0..cardrules.MaxBonus), undercut u8 (0..MaxBonus)
//
// Its presence is score.deadwood. A bonus needs a MELD phase that lays
// out (where seats knock).

// Out is the decoded OUT block (the zero value when absent).
type Out struct {
	Gin, Undercut int
	At            int // the block's offset (0: absent)
}

// readMeld reads a MELD phase's operands after its opcode at at: the
// least cards of a set and of a run (0 or 2..MaxMeldMin, not both 0), the
// lay rule and the knock limit (0..MaxKnock, 0 unless melds are laid out).
func readMeld(r *reader, im *Image, at int, ph *Phase) {
	ph.Sets, ph.Runs = r.u8(), r.u8()
	ph.Lay = cardrules.LayRule(r.u8())
	ph.Knock = r.u8()
	for i, v := range []int{ph.Sets, ph.Runs} {
		if v == 1 || v > cardrules.MaxMeldMin {
			r.fail(at+1+i, "meld minimum %d: want 0 or 2..%d", v, cardrules.MaxMeldMin)
		}
	}
	if ph.Sets == 0 && ph.Runs == 0 {
		r.fail(at+1, "a meld phase with neither sets nor runs")
	}
	if ph.Lay >= cardrules.NumLayRules {
		r.fail(at+3, "unknown lay rule %d", ph.Lay)
	}
	switch {
	case ph.Knock > cardrules.MaxKnock:
		r.fail(at+4, "knock limit %d above %d", ph.Knock, cardrules.MaxKnock)
	case ph.Knock != 0 && ph.Lay != cardrules.LayOut:
		r.fail(at+4, "knock limit %d, but seats knock only where melds are laid out", ph.Knock)
	}
	for _, q := range im.Phases {
		if q.Op == OpMeld {
			r.fail(at, "a second MELD phase in a turn")
		}
	}
}

// Knocks reports whether the program has a MELD phase that lays out.
func (im *Image) Knocks() bool {
	for _, ph := range im.Phases {
		if ph.Op == OpMeld && ph.Lay == cardrules.LayOut {
			return true
		}
	}
	return false
}

// readOut reads the OUT block, after its tag.
func readOut(r *reader, im *Image) {
	o := &im.Out
	o.At = r.off
	o.Gin, o.Undercut = r.u8(), r.u8()
	for i, v := range []int{o.Gin, o.Undercut} {
		if v > cardrules.MaxBonus {
			r.fail(o.At+i, "bonus of %d points, at most %d", v, cardrules.MaxBonus)
		} else if v > 0 && !im.Knocks() {
			r.fail(o.At+i, "a gin or undercut bonus, but no MELD phase lays out (where seats knock)")
		}
	}
	if im.At.Chips != 0 {
		r.fail(o.At, "chips and other scores: with chips, the scores are the chips")
	}
	if im.Hand != cardrules.HandFan {
		r.fail(o.At, "scores the deadwood of hands, but the hand is not a fan")
	}
}
