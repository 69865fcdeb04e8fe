package vm

import "github.com/darwinsim/darwinsim/internal/cardrules"

// Effects set off by events other than a play (the package doc's
// "Triggers and conditions"): an event is queued when it names a card an
// effect of its trigger waits for, and the queue resolves at the end of
// the phase, or after the starter's effects.

// event queues an event of trigger t naming card c (a rank event: card r)
// that happened to seat s, unless no effect waits for it, events are
// resolving (the chain depth bound) or the queue is full. Small enough to
// inline: a program without triggers pays one test.
func (m *Machine) event(t cardrules.Trigger, c uint8, s int) {
	if m.p.trigCards[t]&(1<<(c%cardrules.PackStride)) != 0 {
		m.queue(t, c, s)
	}
}

func (m *Machine) queue(t cardrules.Trigger, c uint8, s int) {
	if m.inTrig || m.delaying != 0 || m.trigN >= cardrules.MaxWaitingEvents {
		return
	}
	m.trigQ[m.trigN] = uint16(c) | uint16(s)<<7 | uint16(t)<<10
	m.trigN++
}

// resolveTriggers fires the effects of the queued events in order, each
// followed by the end check, until the game is over, and empties the
// queue. A copy paused in an effect re-enters the event it is paused at.
func (m *Machine) resolveTriggers() {
	i := 0
	if m.resuming {
		i = int(m.trigI)
	}
	m.inTrig = true
	for ; i < int(m.trigN) && !m.over; i++ {
		m.trigI = uint8(i)
		q := m.trigQ[i]
		m.fireEffects(uint8(q&127), int(q>>7&7), cardrules.Trigger(q>>10))
		m.checkEnd()
	}
	m.trigN, m.inTrig = 0, false
}

// holds reports whether effect e of seat s, which has a condition, passes
// it, but for a target's hand, which hit tests per target.
func (m *Machine) holds(e *effect, s int) bool {
	if e.cond == cardrules.CondTarget {
		return true
	}
	return m.tests(e.cond, e.cmp, e.cval, s)
}

// tests reports whether condition of (cmp, val) holds for seat s: its
// hand, or the table's stock, pile, seats in or active suit.
func (m *Machine) tests(of cardrules.CondOf, cmp cardrules.Compare, val uint8, s int) bool {
	x := 0
	switch of {
	case cardrules.CondHand, cardrules.CondTarget:
		x = int(m.count[s])
	case cardrules.CondStock:
		x = m.stockN
	case cardrules.CondPile:
		x = m.discN
	case cardrules.CondSeats:
		x = m.nActive
	case cardrules.CondTopSuit:
		return m.discN > 0 && m.suit == val
	}
	return cmp.Holds(x, int(val))
}
