package vm

import "github.com/darwinsim/darwinsim/internal/cardrules"

// battle: every active seat, in turn order from the current seat, turns up
// its top card; the highest rank takes the table. Tied seats go to war:
// each lays warFaceDown cards face down and one face up, and only the
// face-up cards of the tied seats are compared. A tied seat that cannot
// supply the cards a war needs is out (its remaining cards join the
// table). When no contender remains, the table goes out of play.
func (m *Machine) battle(ph *phase) {
	m.ph = ph
	if m.twoUp(ph) {
		m.battleTwo(ph, m.cur, 1-m.cur)
		return
	}
	var cont [MaxSeats]int8 // contenders, in turn order
	var up [MaxSeats]uint8  // each contender's face-up card
	nc := 0
	for i, s := 0, m.cur; i < m.n; i++ {
		if m.active&^m.empty&(1<<s) != 0 {
			cont[nc] = int8(s)
			nc++
		}
		s = m.around(s, m.dir)
	}
	nc = m.upAll(&cont, &up, nc, false)
	for nc > 1 {
		// Keep the seats whose face-up card has the highest rank.
		best, rv := uint8(0), &m.p.rv
		for i := range nc {
			best = max(best, rv[up[i]])
		}
		k := 0
		for i := range nc {
			if rv[up[i]] == best {
				cont[k], up[k] = cont[i], up[i]
				k++
			}
		}
		nc = k
		if nc == 1 {
			break
		}
		m.res.Interactions++
		if m.trace != nil {
			m.trace.add(EvWar, -1, 0, nc)
		}
		// War: every tied seat that can, lays its cards.
		need := int(ph.warFaceDown) + 1
		k = 0
		for i := range nc {
			seat := int(cont[i])
			if int(m.count[seat]) < need {
				for m.count[seat] > 0 {
					m.toTable(seat)
					m.steps++
				}
				m.out(seat, cardrules.ResultLose)
				continue
			}
			for range int(ph.warFaceDown) {
				m.toTable(seat)
				m.steps++
			}
			cont[k] = cont[i]
			k++
		}
		nc = m.upAll(&cont, &up, k, true)
	}
	w := -1
	if nc == 1 {
		w = int(cont[0])
	}
	m.endBattle(ph, w)
}

// endBattle ends a battle won by seat w (-1: none): the winner takes the
// table (shuffled unless the phase returns it in order) under its pile,
// or with no winner it goes out of play; then the end check.
func (m *Machine) endBattle(ph *phase, w int) {
	if w >= 0 {
		if !ph.inOrder {
			m.rng.ShuffleBytes(m.table[:m.tableN])
		}
		m.pileUnder(w, m.table[:m.tableN])
		if m.tableN > 1 {
			m.res.Interactions++
		}
		if m.trace != nil {
			m.trace.add(EvTake, w, 0, m.tableN)
		}
		m.tableN = 0
	} else {
		m.tableOut()
	}
	m.checkEnd()
}

// upAll turns up a card for each of the nc contenders in order. The
// effects of one card can empty a later contender's pile: such a seat drops
// out of the battle, and in a war it cannot supply its card and is out. It
// returns the number of contenders left, compacted in order.
func (m *Machine) upAll(cont *[MaxSeats]int8, up *[MaxSeats]uint8, nc int, war bool) int {
	k := 0
	for i := range nc {
		seat := int(cont[i])
		if m.count[seat] == 0 {
			if war {
				m.out(seat, cardrules.ResultLose)
			}
			continue
		}
		cont[k] = cont[i]
		c := m.toTable(seat)
		m.onPlay(seat, c)
		up[k] = c
		k++
	}
	return k
}

// twoUp reports whether battleTwo plays the battle: two seats, both holding
// cards, whose cards fire no effects, with no trace, and a machine not
// bound to the general code.
func (m *Machine) twoUp(ph *phase) bool {
	return m.n == 2 && ph.notes == 0 && m.trace == nil && m.active&^m.empty == 3 && !m.plain
}

// battleTwo is battle for two seats that both hold cards, a the current
// seat and b the other, whose cards fire no effects and name no suit, with
// no trace: the same moves as the general battle, spelled out for two
// (neither card can take the other seat's, so both always turn up).
func (m *Machine) battleTwo(ph *phase, a, b int) {
	rv := &m.p.rv
	ca, cb := m.upTwo(a, b)
	for rv[ca] == rv[cb] {
		m.res.Interactions++
		inA, inB := m.layWar(ph, a), m.layWar(ph, b)
		if !inA || !inB {
			// One seat or both out: the other, if any, turns up
			// its card and wins alone.
			w := -1
			switch {
			case inA:
				w = a
			case inB:
				w = b
			}
			if w >= 0 {
				m.onPlay(w, m.toTable(w))
			}
			m.endBattle(ph, w)
			return
		}
		ca, cb = m.upTwo(a, b)
	}
	w := b
	if rv[ca] > rv[cb] {
		w = a
	}
	m.endBattle(ph, w)
}

// upTwo turns up the top cards of seats a and b, in that order: toTable and
// onPlay of each, spelled out (their cards have no effects to fire, no suit
// to name, and there is no trace).
func (m *Machine) upTwo(a, b int) (ca, cb uint8) {
	ca, cb = m.popPile(a), m.popPile(b)
	m.table[m.tableN], m.table[m.tableN+1] = ca, cb
	m.tableN += 2
	m.landed(ca)
	m.landed(cb)
	return ca, cb
}

// layWar lays seat s's cards face down for a war, and reports whether it
// stays in: a seat that cannot also supply the face-up card puts all it
// holds on the table and is out.
func (m *Machine) layWar(ph *phase, s int) bool {
	if int(m.count[s]) < int(ph.warFaceDown)+1 {
		for m.count[s] > 0 {
			m.toTable(s)
			m.steps++
		}
		m.out(s, cardrules.ResultLose)
		return false
	}
	for range int(ph.warFaceDown) {
		m.toTable(s)
		m.steps++
	}
	return true
}
