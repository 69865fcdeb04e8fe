package vm

// turnUp: a turn_up phase of the current seat. With no demand pending (or
// one whose demander is out, which lapses), the seat turns up one card.
// With one pending, the seat pays: it turns up cards one by one, up to the
// cards owed, and stops at once when a card demands in turn (the demand is
// then its own) or when the demander goes out (the demand lapses); when it
// has paid the cards owed, or its pile ran out first, the demander takes
// the discard pile and moves next. The vm package doc ("Turning up and
// penalty captures") gives the rules in full.
func (m *Machine) turnUp(ph *phase) {
	s := m.cur
	m.ph = ph
	if m.due > 0 && !m.isActive(int(m.demander)) {
		m.due = 0
	}
	if m.due == 0 {
		if m.count[s] > 0 {
			m.upCard(ph, s)
		}
		return
	}
	d := int(m.demander)
	for range int(m.due) {
		if m.count[s] == 0 {
			break
		}
		if m.upCard(ph, s) || m.over {
			return
		}
		if !m.isActive(d) {
			// Its effects or the end check put the demander out.
			m.due = 0
			return
		}
	}
	m.capture(ph, d, s)
}

// upCard turns up seat s's top card onto the discard pile: a play, whose
// effects resolve and after which the end conditions are checked; then,
// unless the game is over, a card of a demanding rank makes its demand
// pending, s's. It reports whether the card demanded.
func (m *Machine) upCard(ph *phase, s int) bool {
	c := m.popPile(s)
	m.disc[m.discN] = c
	m.discN++
	m.suit = suitOf[c]
	if m.stockN == 0 && m.p.reshuffleNow {
		// (As after a play phase's card: it has landed.)
		m.refill()
	}
	m.onPlay(s, c)
	m.checkEnd()
	n := ph.demand[rankOf[c]]
	if n == 0 || m.over {
		return false
	}
	m.due, m.demander = n, int8(s)
	if m.trace != nil {
		m.trace.add(EvDemand, s, c, int(n))
	}
	return true
}

// capture: seat d, whose demand seat s has paid, takes the whole discard
// pile under its pile, shuffled or in pile order (bottom card first), and
// moves next.
func (m *Machine) capture(ph *phase, d, s int) {
	m.due = 0
	if !ph.inOrder {
		m.rng.ShuffleBytes(m.disc[:m.discN])
	}
	for _, c := range m.disc[:m.discN] {
		m.give(d, c)
	}
	m.res.Captures++
	if d != s {
		m.res.Interactions++
	}
	if m.trace != nil {
		m.trace.add(EvCapture, d, 0, m.discN)
	}
	m.discN = 0
	m.next = d
}

// demand returns the pending demand as a View shows it: its demander and
// the cards owed, or -1 and 0 when none is pending.
func (m *Machine) demand() (demander, owed int) {
	if m.due == 0 {
		return -1, 0
	}
	return int(m.demander), int(m.due)
}

// CanCapture reports whether the program has a turn_up phase with demands:
// only its games can count captures (Result.Captures), so a report may
// leave them out for the others.
func (p *Program) CanCapture() bool { return p.captures }
