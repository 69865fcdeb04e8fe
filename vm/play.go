package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Options of a play decision besides cards: bits 56 and 57 of its option
// set, so that they come after the cards (jokers included) in the
// canonical (ascending) order.
const (
	OptDraw = 56 // draw one card
	OptPass = 57 // pass
)

// playPhase: the current seat plays one legal card onto the discard pile,
// drawing up to drawMax cards first while it has none; with none after
// that, it passes. A phase with voluntary rules is played by playChoice.
func (m *Machine) playPhase(ph *phase) {
	s := m.cur
	m.ph = ph
	if m.enterPlay(s) {
		return
	}
	if ph.voluntary {
		m.playChoice(ph, s)
		return
	}
	legal := m.legal(ph, s)
	if legal == 0 {
		obs := m.observe
		if obs {
			m.noteNone(s, ph.pred)
		}
		for range int(m.drawsAllowed(ph, s)) {
			before := m.void[s]
			if !m.draw(s) {
				break
			}
			if legal = m.legal(ph, s); legal != 0 {
				// The hand before this draw had no legal card, so the
				// card drawn is the only one, and is played now: the
				// rest of the hand is what it was before the draw.
				m.void[s] = before
				break
			}
			if obs {
				m.noteNone(s, ph.pred)
			}
		}
		if legal == 0 {
			m.pass(s, 0)
			return
		}
	}
	m.playCard(ph, s, nth(legal, m.decide(s, DecideCard, bits.OnesCount64(legal), legal)), true)
}

// enterPlay starts a phase in which seat s plays a card (play, tableau),
// once m.ph is the phase: it reports whether the phase is done already, because the seat is out or
// because a copy paused after the card landed (naming a suit, a discard
// its effects force, an answer) has finished the card's play.
func (m *Machine) enterPlay(s int) bool {
	if m.resuming {
		return m.reenterPlay(s)
	}
	return !m.isActive(s)
}

// reenterPlay is enterPlay in a copy that resumes: one paused after the
// card landed goes on with it, and the phase is done. (Apart from
// enterPlay so that the common path inlines.)
func (m *Machine) reenterPlay(s int) bool {
	if m.paused == DecideCard {
		return !m.isActive(s)
	}
	m.onPlayMore(s, uint8(m.last))
	m.checkEnd()
	return true
}

// playChoice is a play phase with voluntary rules (the package doc gives
// them in full): the seat's options are its legal cards (with playDrawn,
// once it has drawn, only the card drawn last), a draw while it may draw
// more this turn, and a pass where the rule offers one; with none at all it
// passes. Drawing when stuck is automatic, as in a plain play phase.
func (m *Machine) playChoice(ph *phase, s int) {
	if !m.resuming {
		m.drawn, m.drawnCard = 0, -1
	}
	stuck, before := false, uint64(0) // drew when stuck; the voids it had
	for {
		legal := m.legal(ph, s) &^ m.gated(s, true)
		if stuck && legal != 0 {
			// The card drawn when stuck is its only legal one: the rest
			// of the hand stays void of what the rule allows.
			m.void[s] = before
		}
		stuck = false
		narrowed := ph.playDrawn && m.drawn > 0
		if narrowed {
			legal &= 1 << (uint8(m.drawnCard) % cardrules.PackStride)
		}
		can := m.drawn < m.drawsAllowed(ph, s) && m.canDraw()
		if !ph.byChoice && legal == 0 && can {
			// Stuck: draw, no decision.
			if m.observe {
				m.noteNone(s, ph.pred)
			}
			stuck, before = true, m.void[s]
			m.drawCard(s)
			m.drawn++
			continue
		}
		opts := legal
		if ph.byChoice && can {
			opts |= 1 << OptDraw
		}
		switch ph.pass {
		case cardrules.PassAlways:
			opts |= 1 << OptPass
		case cardrules.PassAfterDraws:
			if !can {
				opts |= 1 << OptPass
			}
		case cardrules.PassEmptyStock:
			if !m.canDraw() {
				opts |= 1 << OptPass
			}
		}
		if opts == 0 {
			if m.observe && !narrowed {
				m.noteNone(s, ph.pred)
			}
			m.pass(s, 0)
			return
		}
		switch c := nth(opts, m.decide(s, DecideCard, bits.OnesCount64(opts), opts)); c {
		case OptDraw:
			d, _ := m.drawCard(s)
			m.drawn++
			m.drawnCard = int8(d)
		case OptPass:
			m.pass(s, 1)
			return
		default:
			m.playCard(ph, s, c, !narrowed)
			return
		}
	}
}

// playCard: seat s plays card c from its legal cards onto the discard
// pile. With note, what the choice shows of its hand is noted (not when
// only the card it drew could be played).
func (m *Machine) playCard(ph *phase, s int, c uint8, note bool) {
	if note && m.observe && m.discN > 0 {
		top := m.disc[m.discN-1]
		m.notePlayed(s, c, ph.pred, ph.prefer, top, m.suit)
	}
	c = m.takeFace(s, c)
	m.disc[m.discN] = c
	m.discN++
	m.suit = suitOf[c]
	m.passes = 0
	if m.stockN == 0 && m.p.reshuffleNow {
		// Refill now that the card has landed, before its suit is named
		// and its effects fire (the trace shows the reshuffle first).
		m.refill()
	}
	m.onPlay(s, c)
	m.checkEnd()
}

// pass: seat s passes in a play phase, by choice (chose 1) or for want of
// any option (0). Passes in a row while nothing can be drawn end the game
// as blocked once they reach the seats still in plus the blocked rule less
// one.
func (m *Machine) pass(s, chose int) {
	if m.trace != nil {
		m.trace.add(EvPass, s, 0, chose)
	}
	m.res.Passes++
	if m.p.chips.Pass > 0 {
		m.payChips(s, m.p.chips.Pass)
	}
	if m.canDraw() {
		m.passes = 0
		return
	}
	m.passes++
	if b := m.p.blocked; b > 0 && m.passes >= m.nActive+b-1 {
		m.over = true
		m.res.Blocked = true
	}
}

// legal returns the cards seat s may play: its hand filtered by the
// phase's table for the top card and active suit (any card on an empty
// discard pile), narrowed to the preferred cards when it holds one, and to
// the lead card while it must play it. Gates are applied by the caller
// (playChoice), so that a program without them pays nothing for them.
func (m *Machine) legal(ph *phase, s int) uint64 {
	h := m.held(s) &^ m.forbid[s]
	if m.discN == 0 {
		return m.must(s, h)
	}
	return m.must(s, allowed(h, ph.predT, ph.preferT, m.disc[m.discN-1], m.suit, m.played))
}

// gated returns the cards seat s may not play now for a gate: those that
// trigger a gated effect that could not resolve if s played the card
// (onDisc: it would land on the discard pile). None in a program without
// gates, which the inlined test answers.
func (m *Machine) gated(s int, onDisc bool) uint64 {
	if m.p.gated == 0 {
		return 0
	}
	return m.gatedRanks(s, onDisc)
}

// gatedRanks is gated for a program with gates.
func (m *Machine) gatedRanks(s int, onDisc bool) uint64 {
	var out uint64
	p := m.p
	for r := p.gated; r != 0; r &= r - 1 {
		k := bits.TrailingZeros16(r)
		for i := p.effStart[k]; i < p.effStart[k+1]; i++ {
			if e := &p.effs[i]; e.gate && !m.canResolve(e, s, onDisc) {
				if e.suit == cardrules.AnySuit {
					out |= rankSet[k]
					break
				}
				out |= 1 << cardrules.NewCard(cardrules.Rank(k), e.suit.Suit())
			}
		}
	}
	return out
}

// canResolve reports whether effect e of a card seat s is about to play
// could move a card: a draw, whether a card could be drawn once the card is
// played (onDisc: it lands on the discard pile, which a refill may then
// take from); a discard, whether a seat it targets would hold a card.
func (m *Machine) canResolve(e *effect, s int, onDisc bool) bool {
	opps := m.nActive - 1
	if e.target != cardrules.TargetSelf && opps <= 0 {
		return false
	}
	switch e.typ {
	case cardrules.DrawCards:
		landing := 0
		if onDisc {
			landing = 1
		}
		return m.canDrawWith(landing)
	case cardrules.ForceDiscard:
		switch e.target {
		case cardrules.TargetSelf:
			return m.count[s] > 1
		case cardrules.TargetNext:
			return m.count[m.step(s, m.dir, 1)] > 0
		case cardrules.TargetPrevious:
			return m.count[m.step(s, -m.dir, 1)] > 0
		}
		for t := s; opps > 0; opps-- {
			t = m.step(t, m.dir, 1)
			if m.count[t] > 0 {
				return true
			}
		}
		return false
	}
	return true
}

// allowed filters hand h by predicate table pred, then by prefer (nil:
// none) when some card satisfies both ("follow suit if able").
func allowed(h uint64, pred, prefer *predTable, top, active, played uint8) uint64 {
	l := h & pred.at(top, active, played)
	if prefer != nil {
		if f := l & prefer.at(top, active, played); f != 0 {
			return f
		}
	}
	return l
}

// must narrows seat s's legal cards to the lead card while it must play it:
// the card has not been played, and s was dealt it and holds it (a seat the
// card was handed to is not bound).
func (m *Machine) must(s int, legal uint64) uint64 {
	if m.mustPlay >= 0 && m.hand[s]&(1<<m.mustPlay) != 0 && s == int(m.mustBy) {
		return 1 << m.mustPlay
	}
	return legal
}
