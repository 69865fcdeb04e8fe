package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Specialised turn loops. Most programs evolution breeds, and most seed
// games, have a turn of a single phase: a play onto the discard pile, a
// pile battle or a trick. For such a program, Load chooses a turn that
// plays that phase directly and skips the checks of what the program cannot
// do (lasting effects and rules, delayed effects, triggers: none of their
// state can ever be set). A machine uses it only while it neither traces
// nor observes nor resumes; the general turn handles those. The
// specialised turn makes exactly the moves the general one makes, in the
// same order, with the same random draws: TestLoopsAgree plays every seed
// game both ways, and the invariant tests' checked loop (the general turn)
// random programs, and both require the same results.

// playsOn reports whether a specialised loop plays another turn: the deal
// is not over and neither the turn cap nor the step budget is reached
// (run then ends the game as capped or aborted).
func (m *Machine) playsOn() bool {
	return !m.over && m.res.Turns < m.p.turnCap && m.steps <= m.budget
}

// loopKind is the turn a program's machines play.
type loopKind uint8

const (
	loopGeneral loopKind = iota // turn: every phase kind, every rule
	loopPlay                    // playTurns: one plain play phase
	loopBattle                  // battleTurns: one battle phase
	loopTrick                   // trickTurns: one trick phase
)

// chooseLoop returns the turn for p, once its tables are built.
func chooseLoop(p *Program) loopKind {
	if p.nPhases != 1 || p.lasts || p.waits || len(p.teffs) > 0 {
		return loopGeneral
	}
	switch ph := &p.phases[0]; ph.op {
	case bytecode.OpPlay:
		if !ph.voluntary {
			return loopPlay
		}
	case bytecode.OpBattle:
		return loopBattle
	case bytecode.OpTrick:
		return loopTrick
	}
	return loopGeneral
}

// playTurns plays the turns of a loopPlay program while playsOn: the
// moves of playPhase and playCard, and of checkEnd and advance where they
// have nothing to do but decide, spelled out so that the common turn makes
// few calls.
func (m *Machine) playTurns() {
	for m.playsOn() {
		p := m.p
		ph := &p.phases[0]
		dir := m.dir
		m.turnDir, m.phaseI, m.ph = int8(dir), 0, ph
		if s := m.cur; m.isActive(s) {
			// The legal cards (legal), drawing up to drawsAllowed
			// cards one at a time while there are none.
			var legal uint64
			draws, before := int(m.drawsAllowed(ph, s)), uint64(0)
			for drew := 0; ; drew++ {
				legal = (m.hand[s] | m.hand2[s]) &^ m.forbid[s]
				if m.discN != 0 {
					legal = allowed(legal, ph.predT, ph.preferT, m.disc[m.discN-1], m.suit, m.played)
				}
				if legal = m.must(s, legal); legal != 0 {
					if drew > 0 {
						m.void[s] = before // as playPhase keeps it
					}
					break
				}
				if drew == draws {
					break
				}
				before = m.void[s]
				// draw, spelled out: no trace, no trigger to queue.
				if m.stockN == 0 && !m.refill() {
					break
				}
				m.give(s, m.pop())
				m.denied[s], m.void[s] = 0, 0
				m.steps++
				m.res.Draws++
				m.passes = 0
				if m.stockN == 0 && p.reshuffleNow {
					m.refill()
				}
			}
			if legal == 0 {
				m.pass(s, 0)
			} else {
				n := bits.OnesCount64(legal)
				m.decided(n)
				k := 0
				if n > 1 {
					m.res.Informed++
					if m.policy[s] == Random {
						k = m.rng.IntN(n)
					} else {
						k = m.choose(s, DecideCard, n, legal)
					}
				}
				c := m.takeFace(s, nth(legal, k))
				m.disc[m.discN] = c
				m.discN++
				m.suit = suitOf[c]
				m.passes = 0
				if m.stockN == 0 && p.reshuffleNow {
					m.refill()
				}
				m.landed(c)
				if r := rankOf[c] & 15; ph.notes&(1<<r) != 0 {
					// onPlayMore, spelled out: no trace, no resuming.
					if ph.nameSuit&(1<<r) != 0 {
						m.nameSuit(s)
					}
					if p.effRanks&(1<<r) != 0 && !(p.lastInert && m.count[s] == 0) {
						m.fireEffects(c, s, cardrules.Played)
					}
				}
				if m.quietEnd() {
					m.over = m.overNow()
				} else {
					m.checkEnd()
				}
			}
		}
		m.res.Turns++
		switch p.leadBy { // trackLead, spelled out but for its two-seat case
		case leadFewest:
			m.noteLead(m.leadFewest())
		case leadMost:
			m.noteLead(m.leadMost())
		default:
			m.noteLead(m.leadByScore(p.leadSign < 0))
		}
		if m.over {
			break
		}
		if m.plainAdvance(dir) {
			m.cur = m.passLost(m.step(m.cur, dir, 1))
		} else {
			m.advanceChanged(dir)
		}
	}
}

// battleTurns plays the turns of a loopBattle program while playsOn.
func (m *Machine) battleTurns() {
	p := m.p
	for m.playsOn() {
		dir := m.dir
		m.turnDir, m.phaseI = int8(dir), 0
		if ph := &p.phases[0]; m.twoUp(ph) {
			m.ph = ph
			m.battleTwo(ph, m.cur, 1-m.cur)
		} else if m.isActive(m.cur) {
			m.battle(ph)
		}
		m.res.Turns++
		m.trackLead()
		if m.over {
			return
		}
		m.advance(dir)
	}
}

// trickTurns plays the turns of a loopTrick program while playsOn: the
// moves of trick, with its seats' legal cards and decisions spelled out.
func (m *Machine) trickTurns() {
	for m.playsOn() {
		p := m.p
		ph := &p.phases[0]
		dir := m.dir
		m.turnDir, m.phaseI, m.ph = int8(dir), 0, ph
		if m.isActive(m.cur) {
			m.tableN = 0
			visited := uint8(0)
			for s := m.cur; s >= 0; s = m.nextInTrick(s, &visited) {
				m.trickSeat, m.trickVisited = int8(s), visited
				if m.count[s] == 0 {
					continue
				}
				// trick's legal cards, spelled out
				legal := m.held(s) &^ m.forbid[s]
				switch {
				case m.tableN > 0:
					led := m.table[0]
					legal = allowed(legal, ph.predT, ph.preferT, led, suitOf[led], m.played)
				case m.last >= 0:
					legal = allowed(legal, ph.leadT, ph.leadPreferT, uint8(m.last), m.lastSuit, m.played)
				}
				legal = m.must(s, legal) &^ m.gated(s, false)
				if legal == 0 {
					continue
				}
				n := bits.OnesCount64(legal)
				m.decided(n)
				k := 0
				if n > 1 {
					m.res.Informed++
					if m.policy[s] == Random {
						k = m.rng.IntN(n)
					} else {
						k = m.choose(s, DecideCard, n, legal)
					}
				}
				c := m.takeFace(s, nth(legal, k))
				m.table[m.tableN] = c
				m.tableBy[m.tableN] = int8(s)
				m.tableN++
				m.landed(c)
				if ph.notes&(1<<(rankOf[c]&15)) != 0 {
					m.onPlayMore(s, c)
				}
			}
			m.takeTrick(ph)
		}
		m.res.Turns++
		m.trackLead()
		if m.over {
			break
		}
		if m.plainAdvance(dir) {
			m.cur = m.passLost(m.step(m.cur, dir, 1))
		} else {
			m.advanceChanged(dir)
		}
	}
}
