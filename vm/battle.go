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
	if nc == 1 {
		w := int(cont[0])
		if !ph.inOrder {
			m.rng.ShuffleBytes(m.table[:m.tableN])
		}
		for _, c := range m.table[:m.tableN] {
			m.give(w, c)
		}
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
