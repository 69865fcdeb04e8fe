package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// trick: the current seat leads and every other active seat holding cards
// follows in turn order. The leader's legal cards come from the lead
// predicates with the last card played as the top card (any card when none
// has been played); a follower's from the follow predicates with the led
// card as the top card and its suit as the active suit. The highest trump
// (when the phase has trumps and one was played), else the highest card of
// the led suit, takes the trick: the won cards leave play, their points
// and the trick's points go to the winner, and the winner leads next.
func (m *Machine) trick(ph *phase) {
	m.ph = ph
	s, visited := m.cur, uint8(0)
	if m.resuming {
		// Re-enter at the seat the trick is paused at.
		s, visited = int(m.trickSeat), m.trickVisited
	} else {
		m.tableN = 0
	}
	for ; s >= 0; s = m.nextInTrick(s, &visited) {
		m.trickSeat, m.trickVisited = int8(s), visited
		if m.resuming && m.paused != DecideCard {
			// Paused in the effects of the card this seat played.
			m.onPlayMore(s, uint8(m.last))
			continue
		}
		if m.count[s] == 0 {
			continue
		}
		h := m.held(s) &^ m.forbid[s]
		var legal uint64
		switch {
		case m.tableN > 0:
			led := m.table[0]
			legal = allowed(h, ph.predT, ph.preferT, led, suitOf[led], m.played)
		case m.last >= 0:
			legal = allowed(h, ph.leadT, ph.leadPreferT, uint8(m.last), m.lastSuit, m.played)
		default:
			legal = h
		}
		// The seat dealt the lead card plays it, whatever the
		// predicates allow (as in a play phase); gates narrow the rest.
		if legal = m.must(s, legal) &^ m.gated(s, false); legal == 0 {
			// Nothing it may play: the seat cannot follow and plays no
			// card to this trick. Bound to the lead card (must(s, 0)
			// is it), it shows nothing of the others.
			if m.observe && m.must(s, 0) == 0 {
				m.noteTrick(ph, s, -1)
			}
			continue
		}
		c := nth(legal, m.decide(s, DecideCard, bits.OnesCount64(legal), legal))
		if m.observe {
			m.noteTrick(ph, s, int(c))
		}
		c = m.takeFace(s, c)
		m.table[m.tableN] = c
		m.tableBy[m.tableN] = int8(s)
		m.tableN++
		m.onPlay(s, c)
	}
	m.takeTrick(ph)
}

// takeTrick ends a trick once every seat has played to it: the winner
// takes the table's cards out of play with their points, and leads next;
// then the end check.
func (m *Machine) takeTrick(ph *phase) {
	if m.tableN == 0 {
		m.trickEnds()
		m.checkEnd()
		return
	}
	w := m.trickWinner(ph)
	ws := int(m.tableBy[w])
	pts := m.p.scoreTrick
	for _, c := range m.table[:m.tableN] {
		pts += m.p.points[c]
	}
	m.score[ws] += int32(pts + m.bonus[ws])
	m.tricks[ws]++
	if m.p.keepWon {
		for _, c := range m.table[:m.tableN] {
			m.won[ws].add(c)
		}
	}
	if m.tableN > 1 {
		m.res.Interactions++
	}
	if m.trace != nil {
		m.trace.add(EvTake, ws, 0, m.tableN)
	}
	m.event(cardrules.TrickWon, m.table[w], ws)
	m.tableOut()
	m.next = ws
	m.trickEnds()
	m.checkEnd()
}

// trickEnds ends the effects that last until the end of a trick.
func (m *Machine) trickEnds() {
	if m.trickEnd {
		m.endLasting(func(a *active) bool { return a.dur == cardrules.UntilTrickEnd })
	}
}

// nextInTrick marks seat s as having had its chance in this trick and
// returns the next active seat in the current play direction that has not
// (or -1 when every seat has). A pending skip count makes the seats it
// passes miss this trick, one per skip.
func (m *Machine) nextInTrick(s int, visited *uint8) int {
	*visited |= 1 << s
	if m.skip == 0 {
		// The common case: the first seat round that is in and has not
		// had its chance, if any.
		left := m.active &^ *visited
		if left == 0 {
			return -1
		}
		for {
			if s = m.around(s, m.dir); left&(1<<s) != 0 {
				return s
			}
		}
	}
	for {
		x, found := s, false
		for range m.n {
			x = m.around(x, m.dir)
			if m.isActive(x) && *visited&(1<<x) == 0 {
				found = true
				break
			}
		}
		if !found {
			return -1
		}
		if m.skip == 0 {
			return x
		}
		m.skip--
		m.res.Interactions++ // x misses this trick
		*visited |= 1 << x
		s = x
	}
}

// noTrump is trumpSuit's answer for no trump: no card's suit (a joker's
// is NoSuit).
const noTrump = 0xff

// trumpSuit returns the phase's trump suit, or noTrump. When the last card
// dealt is a joker, the jokers (of NoSuit) are the trumps.
func (m *Machine) trumpSuit(ph *phase) uint8 {
	switch ph.trump {
	case cardrules.TrumpNone:
		return noTrump
	case cardrules.TrumpLastDealt:
		return suitOf[m.lastDealt]
	}
	return uint8(ph.trump - cardrules.TrumpClubs)
}

// trickWinner returns the table index of the card that takes the trick:
// the first with the highest key, a trump above a card of the led suit
// above any other card, then by rank value. (The first card is of the led
// suit, so a card of neither suit never takes the trick.) The scan has no
// branch on the cards: who takes a trick is as random as the game.
func (m *Machine) trickWinner(ph *phase) int {
	trump := m.trumpSuit(ph)
	led := suitOf[m.table[0]]
	w, best := 0, -1
	for i, c := range m.table[:m.tableN] {
		k := int(m.p.rv[c])
		if suitOf[c] == led {
			k |= 1 << 8
		}
		if suitOf[c] == trump {
			k |= 1 << 9
		}
		if k > best {
			w, best = i, k
		}
	}
	return w
}
