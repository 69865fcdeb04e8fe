package bytecode

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The MATCH block's optional fields for passing cards before each deal
// (flag bit 1) and for the scores of a deal's finishing order (flag bit
// 2), after its hand rules; a program without them is byte for byte what
// it was before they existed (match.go has the layout).
const (
	MatchFlagPass   = 1 << 1
	MatchFlagFinish = 1 << 2
)

// appendPass appends the pass fields and the finishing scores that m has.
func appendPass(out []byte, m Match) []byte {
	if m.PassCount > 0 {
		out = append(out, byte(m.PassCount), byte(len(m.PassTo)))
		for _, d := range m.PassTo {
			out = append(out, byte(d))
		}
	}
	if len(m.Finish) > 0 {
		out = append(out, byte(len(m.Finish)))
		for _, v := range m.Finish {
			out = append(out, byte(v))
		}
	}
	return out
}

// readPass reads the pass fields and the finishing scores the MATCH
// block's flags (at fat) say follow.
func readPass(r *reader, im *Image, flags, fat int) {
	m := &im.Match
	if flags&MatchFlagPass != 0 && !r.truncated {
		m.PassAt = r.off
		cat := r.off
		m.PassCount = r.u8()
		dat := r.off
		d := r.u8()
		if d < 1 || d > cardrules.MaxPassDirs {
			r.fail(dat, "%d pass directions, want 1..%d", d, cardrules.MaxPassDirs)
		}
		for i := 0; i < d && !r.truncated; i++ {
			at := r.off
			to := cardrules.PassTo(r.u8())
			switch {
			case to >= cardrules.NumPassTos:
				r.fail(at, "unknown pass direction %d", to)
			case to == cardrules.PassAcross && (im.SeatsMin != 4 || im.SeatsMax != 4):
				r.fail(at, "passing across with seats %d..%d (exactly 4 only)", im.SeatsMin, im.SeatsMax)
			}
			m.PassTo = append(m.PassTo, to)
		}
		if r.truncated {
			return
		}
		if m.Deals == 0 {
			r.fail(fat, "passing cards before each deal without a match")
		}
		if im.Hand == cardrules.HandPile {
			r.fail(fat, "passing cards with pile hands")
		}
		if m.PassCount < 1 || m.PassCount > cardrules.MaxPassCount {
			r.fail(cat, "passing %d cards, want 1..%d", m.PassCount, cardrules.MaxPassCount)
		} else if n, dealt := passDealt(im, m.PassCount); n > 0 {
			r.fail(cat, "passing %d cards, but a seat is dealt %d at %d seats", m.PassCount, dealt, n)
		}
		none := true
		for _, to := range m.PassTo {
			none = none && to == cardrules.PassNone
		}
		if none {
			r.fail(dat+1, "every pass direction is none (canonically no pass)")
		} else if k := cardrules.PassPeriod(m.PassTo); k < len(m.PassTo) {
			r.fail(dat+1, "pass directions repeat every %d (canonically their shortest cycle)", k)
		}
	}
	if flags&MatchFlagFinish != 0 && !r.truncated {
		m.FinishAt = r.off
		at := r.off
		f := r.u8()
		if f < 1 || f > cardrules.MaxSeats || f > im.SeatsMax {
			r.fail(at, "%d finishing scores, want 1..%d (the most seats)", f, min(im.SeatsMax, cardrules.MaxSeats))
		}
		for i := 0; i < f && !r.truncated; i++ {
			pat := r.off
			v := r.u8()
			if v > cardrules.MaxFinishPoints || i == f-1 && v == 0 {
				r.fail(pat, "finishing score %d: 0..%d, the last not 0", v, cardrules.MaxFinishPoints)
			}
			m.Finish = append(m.Finish, v)
		}
	}
}

// passDealt returns a seat count at which a seat is dealt fewer than count
// cards, and how many it is dealt (0, 0 when there is none).
func passDealt(im *Image, count int) (int, int) {
	deck := len(im.Deck())
	for n := max(im.SeatsMin, 1); n <= im.SeatsMax && n <= cardrules.MaxSeats; n++ {
		dealt := im.DealFor(n)
		if im.Flags&FlagDealAll != 0 {
			dealt = deck / n
		}
		if dealt < count {
			return n, dealt
		}
	}
	return 0, 0
}

// disasmPass renders the pass fields and the finishing scores.
func disasmPass(line func(off int, format string, args ...any), m *Match) {
	if m.PassAt > 0 {
		var ws []string
		for _, d := range m.PassTo {
			ws = append(ws, d.String())
		}
		line(m.PassAt, "    pass %d cards: %s", m.PassCount, strings.Join(ws, ", "))
	}
	if m.FinishAt > 0 {
		line(m.FinishAt, "    finish points %s", strings.Trim(fmt.Sprint(m.Finish), "[]"))
	}
}
