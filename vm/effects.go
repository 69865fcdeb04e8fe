package vm

import "github.com/darwinsim/darwinsim/internal/cardrules"

// fireEffects resolves the effects of rank r, played by seat s, in genome
// order.
func (m *Machine) fireEffects(r uint8, s int) {
	p := m.p
	i := p.effStart[r]
	if m.resuming {
		// Re-enter the forced discard the game is paused in.
		i = m.effI
		m.target(&p.effs[i], s)
		i++
	}
	for ; i < p.effStart[r+1]; i++ {
		e := &p.effs[i]
		m.effI = i
		m.res.Effects[e.typ]++
		if m.trace != nil {
			m.trace.add(EvEffect, s, uint8(e.typ), int(e.value))
		}
		switch e.typ {
		case cardrules.SkipNext:
			// An interaction only if it changes who moves (turn,
			// nextInTrick), like every change of turn order.
			m.skip = min(m.skip+int(e.value), m.nActive-1)
		case cardrules.Reverse:
			m.dir = -m.dir
		case cardrules.ExtraTurn:
			m.skip = max(m.nActive-1, 0)
		case cardrules.DrawCards, cardrules.ForceDiscard:
			before := m.steps
			m.target(e, s)
			if m.steps == before {
				// No card moved: it fizzled.
				m.res.Fizzled++
			}
		}
	}
}

// target applies a targeted effect of seat s to each of its targets, in
// seat order from the next seat.
func (m *Machine) target(e *effect, s int) {
	if m.resuming {
		// Re-enter target m.tgt's discards, then hit the tgtLeft
		// targets after it.
		t, left := int(m.tgt), int(m.tgtLeft)
		m.hit(e, s, t)
		for ; left > 0; left-- {
			t = m.step(t, m.dir, 1)
			m.tgtLeft = int8(left - 1)
			m.hit(e, s, t)
		}
		return
	}
	m.tgtLeft = 0
	if e.target == cardrules.TargetSelf {
		m.hit(e, s, s)
		return
	}
	// The opponents are the active seats other than the player (which
	// may itself be out by now, mid-battle); with none, nothing happens.
	opps := m.nActive
	if m.isActive(s) {
		opps--
	}
	if opps <= 0 {
		return
	}
	switch e.target {
	case cardrules.TargetNext:
		m.hit(e, s, m.step(s, m.dir, 1))
	case cardrules.TargetPrevious:
		m.hit(e, s, m.step(s, -m.dir, 1))
	case cardrules.TargetAllOpponents:
		t := s
		for k := range opps {
			t = m.step(t, m.dir, 1)
			m.tgtLeft = int8(opps - 1 - k)
			m.hit(e, s, t)
		}
	case cardrules.TargetRandomOpponent:
		k := m.rng.IntN(opps)
		m.hit(e, s, m.step(s, m.dir, 1+k))
	}
}

// hit applies a targeted effect of seat s to seat t.
func (m *Machine) hit(e *effect, s, t int) {
	m.tgt = int8(t)
	if !m.isActive(t) {
		return
	}
	// It is an interaction when a card of another seat moves.
	switch e.typ {
	case cardrules.DrawCards:
		if m.drawUpTo(t, int(e.value)) && t != s {
			m.res.Interactions++
		}
	case cardrules.ForceDiscard:
		k := min(int(e.value), int(m.count[t]))
		if m.resuming {
			k = int(m.discLeft) // the paused discard and those after it
		} else if k > 0 && t != s {
			m.res.Interactions++
		}
		for ; k > 0; k-- {
			m.discLeft = uint8(k)
			var c uint8
			if m.p.pileHands {
				c = m.popPile(t)
			} else {
				c = m.chooseDiscard(t)
				m.take(t, c)
			}
			m.steps++
			if m.trace != nil {
				m.trace.add(EvDiscard, t, c, 0)
			}
			m.discardUnder(c)
		}
	}
}
