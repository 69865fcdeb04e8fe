package vm

import "github.com/darwinsim/darwinsim/internal/cardrules"

// fireEffects resolves the effects of trigger when that card c (a rank
// event's card r), played by or otherwise come to seat s, sets off: those
// of its rank, in genome order, but those that name another suit or whose
// condition does not hold.
func (m *Machine) fireEffects(c uint8, s int, when cardrules.Trigger) {
	p := m.p
	if m.resuming {
		// Re-enter the window or forced discard the game is paused in
		// (answers may have covered the card with others since).
		c = m.effCard
	}
	m.effCard = c
	effs, start := p.effs, &p.effStart
	if when != cardrules.Played {
		effs, start = p.teffs, &p.teffStart
	}
	r, suit := rankOf[c], cardrules.Suit(suitOf[c])
	i := start[r]
	reenter := false
	if m.resuming {
		i = m.effI
		if m.paused == DecideTarget {
			// Re-enter the effect at its target's choice (it was
			// counted and traced).
			reenter = true
		} else {
			m.target(&effs[i], s)
			i++
		}
	}
	for ; i < start[r+1]; i++ {
		e := &effs[i]
		if reenter {
			reenter = false
		} else {
			if e.when != when || !e.suit.Has(suit) || e.cond != cardrules.NoCond && !m.holds(e, s) ||
				p.lasts && m.silenced[s]&(1<<e.typ) != 0 {
				continue
			}
			m.effI = i
			m.res.Effects[e.typ]++
			if m.trace != nil {
				m.trace.add(EvEffect, s, uint8(e.typ), int(e.value)|int(e.target)<<8|int(e.when)<<16|int(e.at)<<20)
			}
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
			if e.at != cardrules.ResolveNow {
				m.wait(e, s)
				continue
			}
			cancelled := m.res.Cancelled
			m.condMiss = false
			moved := m.target(e, s)
			if m.over {
				// An answer ended the game: nothing more resolves.
				return
			}
			if !moved && m.res.Cancelled == cancelled && !m.condMiss {
				// No card moved (answers aside), no chain negated it
				// and no target's condition kept it out: it fizzled.
				m.res.Fizzled++
			}
		default:
			m.startLasting(e, s, c, int(r))
		}
	}
}

// target applies a targeted effect of seat s to each of its targets, in
// seat order from the next seat, and reports whether a card moved. Once an
// answer ends the game, nothing more resolves.
func (m *Machine) target(e *effect, s int) bool {
	if m.resuming && m.paused != DecideTarget {
		// Re-enter target m.tgt's window or discards, then hit the
		// targets after it still to be hit (tgtLeft).
		moved := m.hit(e, s, int(m.tgt))
		return m.hitRest(e, s, int(m.tgt)) || moved
	}
	m.tgtLeft = 0
	if e.target == cardrules.TargetSelf {
		return m.hit(e, s, s)
	}
	// The opponents are the active seats other than the player (which
	// may itself be out by now, mid-battle); with none, nothing happens.
	opps := m.nActive
	if m.isActive(s) {
		opps--
	}
	if opps <= 0 {
		return false
	}
	switch e.target {
	case cardrules.TargetNext:
		return m.hit(e, s, m.step(s, m.dir, 1))
	case cardrules.TargetPrevious:
		return m.hit(e, s, m.step(s, -m.dir, 1))
	case cardrules.TargetAllOpponents:
		// The targets are the opponents in when it fires, in seat order
		// from the next seat; one an answer puts out gets nothing.
		m.tgtLeft = m.active &^ (1 << s)
		return m.hitRest(e, s, s)
	case cardrules.TargetRandomOpponent:
		k := m.rng.IntN(opps)
		return m.hit(e, s, m.step(s, m.dir, 1+k))
	case cardrules.TargetChosen:
		return m.hit(e, s, m.chooseTarget(e, s, opps))
	}
	return false
}

// hitRest hits the targets of tgtLeft (a seat set) in seat order after
// seat t, until the game is over.
func (m *Machine) hitRest(e *effect, s, t int) bool {
	moved := false
	for m.tgtLeft != 0 && !m.over {
		t = m.around(t, m.dir)
		if m.tgtLeft&(1<<t) != 0 {
			m.tgtLeft &^= 1 << t
			moved = m.hit(e, s, t) || moved
		}
	}
	return moved
}

// hit applies a targeted effect of seat s to seat t, through a response
// window when it opens one, and reports whether a card moved.
func (m *Machine) hit(e *effect, s, t int) bool {
	amt := int(e.value)
	switch {
	case !m.resuming:
		m.tgt = int8(t)
		if !m.isActive(t) {
			return false
		}
		if e.cond == cardrules.CondTarget && !e.cmp.Holds(int(m.count[t]), int(e.cval)) {
			m.condMiss = true
			return false
		}
		m.chainN = 0
		if m.p.answers == 0 || !m.opens(e, s, t) {
			break
		}
		m.window(e, s, t)
		fallthrough
	case m.chainN > 0:
		// The chain (closed, or re-entered at an answer and closed
		// now) says whom the effect hits, how hard, from whom.
		if m.resuming {
			m.window(e, s, t)
		}
		if m.hitSeat < 0 {
			return false
		}
		t, amt, s = int(m.hitSeat), int(m.hitAmt), int(m.hitFrom)
	}
	// It is an interaction when a card of another seat moves.
	switch e.typ {
	case cardrules.DrawCards:
		if m.drawUpTo(t, amt) {
			if t != s {
				m.res.Interactions++
			}
			return true
		}
	case cardrules.ForceDiscard:
		k := min(amt, int(m.count[t]))
		if m.resuming {
			k = int(m.discLeft) // the paused discard and those after it
		} else if k > 0 && t != s {
			m.res.Interactions++
		}
		moved := k > 0
		for ; k > 0; k-- {
			m.discLeft = uint8(k)
			var c uint8
			switch {
			case m.p.pileHands:
				c = m.popPile(t)
			case e.random:
				// Not a decision: one random draw over the hand.
				c = m.hands(t).nth(m.rng.IntN(int(m.count[t])))
				m.take(t, c)
			default:
				c = m.takeFace(t, m.chooseDiscard(t))
			}
			m.steps++
			if m.trace != nil {
				m.trace.add(EvDiscard, t, c, 0)
			}
			m.discardUnder(c)
			m.event(cardrules.ForcedDiscard, c, t)
		}
		return moved
	}
	return false
}
