package vm

import "github.com/darwinsim/darwinsim/internal/cardrules"

// Chips: each seat stakes the program's chips and antes into the pool as
// the deal starts, pays into it for every pass and, when the game ends,
// for every card left in its hand; the first seat out as a winner then
// takes the pool. A seat's chips are its score; it never pays more than it
// holds, so the chips in the seats' scores and the pool always sum to the
// seats times the stake.

// stake gives every seat its stake as the game starts (deal k 0), then
// each seat puts the ante into the pool, or all it holds if less. (The
// ante is not traced: every seat pays it.)
func (m *Machine) stake(k int) {
	c := m.p.chips
	if k == 0 {
		for s := range m.n {
			m.score[s] = int32(c.Stake)
		}
	}
	for s := range m.n {
		a := min(int32(c.Ante), m.score[s])
		m.score[s] -= a
		m.pot += a
	}
}

// payChips moves up to n of seat s's chips into the pool.
func (m *Machine) payChips(s, n int) {
	n = min(n, int(m.score[s]))
	if n <= 0 {
		return
	}
	m.score[s] -= int32(n)
	m.pot += int32(n)
	if m.trace != nil {
		m.trace.add(EvChips, s, 0, n)
	}
}

// finish settles a finished game's chips, once, and returns its winner.
func (m *Machine) finish() int {
	if m.p.chips.Stake > 0 && !m.settled {
		m.settleChips()
	}
	return m.winner()
}

// settleChips settles a deal's chips: every seat pays for the cards left
// in its hand, in seat order; then, with betting, the pot may go as
// settlePot says; else the first seat out as a winner takes the pool, and
// with none, the pool stays.
func (m *Machine) settleChips() {
	m.settled = true
	if per := int(m.p.chips.PerCard); per > 0 {
		for s := range m.n {
			if m.count[s] > 0 {
				m.payChips(s, per*int(m.count[s]))
			}
		}
	}
	if m.p.betOn && m.settlePot() {
		return
	}
	for i := range m.nOut {
		if m.outRes[i] == cardrules.ResultWin {
			w := int(m.outOrder[i])
			if m.trace != nil && m.pot > 0 {
				m.trace.add(EvChips, w, 0, -int(m.pot))
			}
			m.score[w] += m.pot
			m.pot = 0
			return
		}
	}
}
