package vm

import (
	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// isActive reports whether seat s is still in.
func (m *Machine) isActive(s int) bool { return m.active&(1<<(uint(s)&7)) != 0 } // (the mask spares the shift its range check: a seat is below 8)

// around returns the seat next to s in direction d (+1 or -1), in or out.
func (m *Machine) around(s, d int) int {
	s += d
	if s < 0 {
		s += m.n
	} else if s >= m.n {
		s -= m.n
	}
	return s
}

// step returns the active seat k active seats from s in direction d.
func (m *Machine) step(s, d, k int) int {
	for k > 0 {
		s = m.around(s, d)
		if m.isActive(s) {
			k--
		}
	}
	return s
}

// turn plays one turn of the current seat: its phases in order, then the
// advance of 1 + skip active seats in the play direction.
func (m *Machine) turn() {
	p := m.p
	dir, i := m.dir, 0 // the direction the turn started with, the phase
	if m.resuming {
		// Re-enter the phase the turn is paused in.
		dir, i = int(m.turnDir), int(m.phaseI)
	} else {
		if m.trace != nil {
			m.trace.add(EvTurn, m.cur, 0, m.res.Turns+1)
		}
		if m.actN > 0 || m.rlN > 0 {
			m.turnStarts()
		}
	}
	m.turnDir = int8(dir)
	if m.delN > 0 && (m.resuming && m.delaying == cardrules.ResolveTargetTurn || !m.resuming && m.waitsFor()) {
		// Delayed effects due at the start of this seat's turn.
		m.phaseI = 0
		m.resolveWaiting(cardrules.ResolveTargetTurn)
		if m.over {
			i = p.nPhases
		}
	}
	if m.resuming && m.inTrig {
		// Re-enter the paused phase's events, the phase played (its
		// seat may have gone out in it), and go on after it.
		m.resolveTriggers()
		i++
		if m.over {
			i = p.nPhases
		}
	}
	for ; i < p.nPhases; i++ {
		if !m.isActive(m.cur) {
			// The seat went out during its turn: the rest of the turn
			// is not its to play.
			break
		}
		m.phaseI = uint8(i)
		ph := &p.phases[i]
		switch ph.op {
		case bytecode.OpPlay:
			m.playPhase(ph)
		case bytecode.OpBattle:
			m.battle(ph)
		case bytecode.OpDraw:
			m.drawUpTo(m.cur, int(ph.count))
		case bytecode.OpTrick:
			m.trick(ph)
		case bytecode.OpTake:
			m.takePhase(ph)
		case bytecode.OpAsk:
			m.ask()
		case bytecode.OpTableau:
			m.tableauPhase(ph)
		case bytecode.OpTurnUp:
			m.turnUp(ph)
		case bytecode.OpClimb:
			m.climbPhase(ph)
		case bytecode.OpCapture:
			m.capturePhase(ph)
		case bytecode.OpClaim:
			m.claimPhase(ph)
		case bytecode.OpMeld:
			m.meldPhase(ph)
		}
		if m.trigN > 0 {
			m.resolveTriggers()
		}
		if m.over {
			break
		}
	}
	if m.delN > 0 && !m.over && (!m.resuming || m.delaying == cardrules.ResolveTurnEnd) {
		// Delayed effects due at the end of the turn (a copy paused in
		// one re-enters here, its phases played).
		m.phaseI = uint8(p.nPhases)
		m.resolveWaiting(cardrules.ResolveTurnEnd)
	}
	m.res.Turns++
	if m.actN > 0 && m.res.Turns >= m.turnEnd {
		m.endLasting(func(a *active) bool { return a.dur == cardrules.ForTurns && a.end <= m.res.Turns })
	}
	if len(p.rules) > 0 && !m.over {
		m.rerule()
	}
	m.trackLead()
	if m.over {
		return
	}
	m.advance(dir)
}

// advance moves the turn on from the current seat, whose turn started in
// direction dir: to the seat a phase chose, to the same seat again, or
// 1 + skip active seats on in the play direction.
func (m *Machine) advance(dir int) {
	if m.plainAdvance(dir) {
		m.cur = m.passLost(m.step(m.cur, dir, 1))
		return
	}
	m.advanceChanged(dir)
}

// advanceChanged is advance when plainAdvance does not hold: a phase chose
// the next seat, the seat goes again, or effects changed the order.
func (m *Machine) advanceChanged(dir int) {
	switch {
	case m.next >= 0 && m.isActive(m.next):
		// The phase chose the next seat (the trick winner leads).
		m.cur = m.passLost(m.next)
	case m.again && m.isActive(m.cur):
		// The seat goes again.
		m.cur = m.passLost(m.cur)
	case m.nActive > 0:
		next := m.passLost(m.step(m.cur, m.dir, 1+m.skip))
		if (m.skip != 0 || m.dir != dir || m.p.loseTurn || m.p.lasts) && next != m.step(m.cur, dir, 1) {
			// Effects changed who moves next (without a skip, a
			// reverse or a lost turn they cannot have).
			m.res.Interactions++
		}
		m.cur = next
	}
	m.skip, m.next, m.again = 0, -1, false
}

// plainAdvance reports whether the turn moves on to the next seat in the
// direction it started in, which no phase or effect has changed: no chosen
// seat, no second turn, no skip, no reverse, no lost turn, no lasting
// effect. A specialised turn tests it inline.
func (m *Machine) plainAdvance(dir int) bool {
	return m.next < 0 && !m.again && m.skip == 0 && m.dir == dir && m.nActive > 0 && !m.p.loseTurn && !m.p.lasts
}
