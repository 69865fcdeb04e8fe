package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
)

// playPhase: the current seat plays one legal card onto the discard pile,
// drawing up to drawMax cards first while it has none; with none after
// that, it passes.
func (m *Machine) playPhase(ph *phase) {
	s := m.cur
	m.ph = ph
	if m.resuming && m.paused != DecideCard {
		// Paused after the card landed: naming a suit, or a discard
		// its effects force.
		m.onPlayMore(s, uint8(m.last))
		m.checkEnd()
		return
	}
	if !m.isActive(s) {
		return
	}
	legal := m.legal(ph, s)
	if legal == 0 {
		obs := m.observe
		if obs {
			m.noteNone(s, ph.pred)
		}
		for range int(ph.drawMax) {
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
			if m.trace != nil {
				m.trace.add(EvPass, s, 0, 0)
			}
			return
		}
	}
	c := nth(legal, m.decide(s, DecideCard, bits.OnesCount64(legal), legal))
	if m.observe && m.discN > 0 {
		top := m.disc[m.discN-1]
		m.notePlayed(s, c, ph.pred, ph.prefer, top, m.suit)
	}
	m.take(s, c)
	m.disc[m.discN] = c
	m.discN++
	m.suit = c / 13
	m.onPlay(s, c)
	m.checkEnd()
}

// legal returns the cards seat s may play: its hand filtered by the
// phase's table for the top card and active suit (any card on an empty
// discard pile), narrowed to the preferred cards when it holds one.
func (m *Machine) legal(ph *phase, s int) uint64 {
	h := m.hand[s]
	if m.discN == 0 {
		return m.must(s, h)
	}
	return m.must(s, m.allowed(h, ph.pred, ph.prefer, m.disc[m.discN-1], m.suit))
}

// allowed filters hand h by predicate pred, then by prefer when some card
// satisfies both ("follow suit if able").
func (m *Machine) allowed(h uint64, pred, prefer, top, active uint8) uint64 {
	l := h & m.p.preds[pred].at(top, active, m.played)
	if prefer != bytecode.NoPred {
		if f := l & m.p.preds[prefer].at(top, active, m.played); f != 0 {
			return f
		}
	}
	return l
}

// must narrows seat s's legal cards to the lead card while it must play it.
func (m *Machine) must(s int, legal uint64) uint64 {
	if m.mustPlay >= 0 && m.hand[s]&(1<<m.mustPlay) != 0 {
		return 1 << m.mustPlay
	}
	return legal
}
