package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// OptDone ends a climb play's choice of cards (bit 58 of a DecideClimb
// option set, after the cards and OptPass in the canonical order).
const OptDone = 58

// climbPhase: the current seat's climb phase. With a play on the table (a
// count k of cards of rank r) the seat plays k cards of one rank higher
// than r in the deck's order, or passes; with none, it leads 1 to the
// phase's max cards of any one rank. The cards of a play are chosen one
// decision at a time (the first card, DecideCard with a pass when the
// table holds a play; each further card, DecideClimb with OptDone once the
// cards chosen form a play) and go out of play as they are chosen; the
// completed play's effects fire once, for its last card, and the end
// conditions are checked. When every other seat still in has passed since
// the last play, the table is cleared and the last seat to play leads (the
// next seat still in after it when it is out). The vm package doc
// ("Climbing") gives the rules in full.
func (m *Machine) climbPhase(ph *phase) {
	s := m.cur
	m.ph = ph
	if m.resuming && m.paused != DecideCard && m.paused != DecideClimb {
		// A copy paused inside the completed play's effects.
		m.fireEffects(uint8(m.last), s, cardrules.Played)
		m.checkEnd()
		return
	}
	if !m.isActive(s) {
		return
	}
	if !m.resuming && m.climbRank > 0 && m.active&^(1<<m.climbBy)&^m.climbPass == 0 {
		// Every other seat still in has passed (seats went out by
		// effects since): the table is cleared and this seat leads.
		m.clearClimb(s)
	}
	lead := m.climbRank == 0
	if !(m.resuming && m.paused == DecideClimb) {
		legal := m.climbCards(s, m.held(s)&^m.forbid[s])
		if lead {
			legal = m.must(s, legal)
		}
		legal &^= m.gated(s, false)
		if legal == 0 {
			if m.observe && !lead && m.climbN == 1 {
				// It shows it holds none of the higher ranks (but
				// those it may not play now).
				m.void[s] |= m.climbAbove() &^ m.forbid[s] &^ m.gated(s, false)
			}
			m.pass(s, 0)
			if !m.over { // (a blocked end)
				m.climbPassed(s)
			}
			return
		}
		opts := legal
		if !lead {
			opts |= 1 << OptPass
		}
		c := nth(opts, m.decide(s, DecideCard, bits.OnesCount64(opts), opts))
		if c == OptPass {
			m.pass(s, 1)
			if !m.over { // (a blocked end)
				m.climbPassed(s)
			}
			return
		}
		m.climbLand(s, c)
	}
	// The further cards of the play's rank (gates hold back only the
	// card that begins a play): when following, until the play has as
	// many cards as the table's; when leading, until the seat is done,
	// holds no more of them or has played max.
	r := rankOf[m.last]
	need := int(m.climbN)
	if lead {
		need = int(ph.count)
	}
	for int(m.climbSel) < need {
		more := m.held(s) &^ m.forbid[s] & rankSet[r]
		if more == 0 {
			break
		}
		opts := more
		if lead {
			opts |= 1 << OptDone
		}
		c := nth(opts, m.decide(s, DecideClimb, bits.OnesCount64(opts), opts))
		if c == OptDone {
			break
		}
		m.climbLand(s, c)
	}
	m.climbPlayed(s, r)
}

// climbCards returns the faces of avail (seat s's faces less its forbidden
// ones) that can begin a play: with a play on the table, those of each
// rank higher than its rank of which s holds at least as many cards among
// avail (both packs counted) as it; with none, all of avail.
func (m *Machine) climbCards(s int, avail uint64) uint64 {
	if m.climbRank == 0 {
		return avail
	}
	var out uint64
	above := m.climbAbove()
	for x := avail & above; x != 0; {
		r := rankOf[bits.TrailingZeros64(x)]
		of := avail & rankSet[r]
		if m.countOf(s, of) >= int(m.climbN) {
			out |= of
		}
		x &^= rankSet[r]
	}
	return out
}

// climbAbove returns the deck's cards of the ranks higher than the play on
// the table in the deck's order.
func (m *Machine) climbAbove() uint64 {
	return m.p.rankAbove[m.climbRank-1]
}

// climbLand moves a card of face c, chosen for seat s's play, out of
// play: the card leaves the hand at once, and its suit is played.
func (m *Machine) climbLand(s int, c uint8) {
	c = m.takeFace(s, c)
	m.gone[m.goneN] = c
	m.goneN++
	m.climbSel++
	m.played |= 1 << suitOf[c]
	m.last = int16(c)
	m.lastSuit = suitOf[c]
	if int16(c) == m.mustPlay {
		m.mustPlay = -1
	}
	if m.trace != nil {
		m.trace.add(EvPlay, s, c, 0)
	}
}

// climbPlayed completes seat s's play of the cards chosen, of rank r: it
// is the play on the table now, one play (Result.Plays), whose effects
// fire once, for its last card; then the end conditions are checked.
func (m *Machine) climbPlayed(s int, r uint8) {
	n := int(m.climbSel)
	m.climbRank, m.climbN, m.climbBy, m.climbPass, m.climbSel = r+1, uint8(n), int8(s), 0, 0
	m.passes = 0
	m.res.Plays++
	m.steps++
	if m.trace != nil {
		m.trace.add(EvClimb, s, r, n)
	}
	c := uint8(m.last)
	if m.p.effRanks&(1<<r) != 0 && !(m.p.lastInert && m.count[s] == 0) {
		m.fireEffects(c, s, cardrules.Played)
	}
	m.checkEnd()
}

// climbPassed records seat s's pass: when every other seat still in has
// passed since the last play, the table is cleared and the seat that made
// it leads next (the next seat still in after it, when it is out).
func (m *Machine) climbPassed(s int) {
	if m.climbRank == 0 {
		return
	}
	m.climbPass |= 1 << s
	by := int(m.climbBy)
	if m.active&^(1<<by)&^m.climbPass != 0 {
		return
	}
	if !m.isActive(by) {
		by = m.step(by, m.dir, 1)
	}
	m.clearClimb(by)
	m.next = by
}

// clearClimb clears the table (its cards are out of play already); seat
// leads.
func (m *Machine) clearClimb(lead int) {
	m.climbRank, m.climbN, m.climbBy, m.climbPass = 0, 0, -1, 0
	if m.trace != nil {
		m.trace.add(EvClear, lead, 0, 0)
	}
}

// climbView returns the play on the table as a View shows it: its rank
// (-1: none), its cards and the seat that made it (-1: none).
func (m *Machine) climbView() (rank, count, by int) {
	if m.climbRank == 0 {
		return -1, 0, -1
	}
	return int(m.climbRank) - 1, int(m.climbN), int(m.climbBy)
}

// greedyClimb is the Greedy policy's first card of a climb play among the
// options set: leading, a card of its lowest rank in the deck's order;
// following, a card of the lowest rank it can beat the table with,
// preferring a rank of which it holds exactly as many cards as the play
// needs (not breaking a larger set); it never passes while it can play.
// Its further cards (DecideClimb) are the lowest one offered, never done:
// a lead plays every card of the rank it can, up to max.
func (m *Machine) greedyClimb(s int, set uint64) uint8 {
	p := m.p
	cards := set &^ (1 << OptPass)
	if cards == 0 {
		return OptPass
	}
	best, bestKey := uint8(0), 1<<30
	for x := cards; x != 0; {
		c := uint8(bits.TrailingZeros64(x))
		of := cards & rankSet[rankOf[c]]
		key := int(p.rv[c])
		if m.climbRank != 0 && m.countOf(s, rankSet[rankOf[c]]) != int(m.climbN) {
			key += 16 // breaks a larger set
		}
		if key < bestKey {
			best, bestKey = c, key
		}
		x &^= of
	}
	return best
}
