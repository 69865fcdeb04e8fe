package reference

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// battlePhase: every active seat holding cards, in turn order from s, turns
// up its top card; the highest rank takes the table; ties go to war.
func (m *game) battlePhase(s int, p *genome.Phase) {
	// The contenders are the active seats holding cards when the battle
	// starts, in turn order from s; one whose pile an earlier card's
	// effect emptied has nothing to turn up, and a seat that gains cards
	// during the battle does not join it.
	var order []int
	for i, t := 0, s; i < m.n; i++ {
		if m.active[t] && len(m.hands[t]) > 0 {
			order = append(order, t)
		}
		t = ((t+m.dir)%m.n + m.n) % m.n
	}
	m.table = nil
	type up struct {
		seat int
		card genome.Card
	}
	turnUp := func(seats []int, war bool) []up {
		var ups []up
		for _, t := range seats {
			if !m.active[t] {
				continue
			}
			if len(m.hands[t]) == 0 {
				// An earlier card's effect emptied the pile: nothing
				// to turn up. A tied seat that cannot lay its face-up
				// card is out as a loser.
				if war {
					m.goOut(t, cardrules.ResultLose)
				}
				continue
			}
			c := m.popTop(t)
			m.table = append(m.table, c)
			m.markPlayed(t, c)
			m.firePlayed(t, c, false)
			ups = append(ups, up{t, c})
		}
		return ups
	}
	ups := turnUp(order, false)
	contenders := len(ups)
	winner := -1
	for len(ups) > 0 {
		best := ups[0].card
		for _, u := range ups {
			if m.higher(u.card, best) {
				best = u.card
			}
		}
		var tied []int
		for _, u := range ups {
			if u.card.Rank() == best.Rank() {
				tied = append(tied, u.seat)
			}
		}
		if len(tied) == 1 {
			winner = tied[0]
			break
		}
		m.emit(Event{Kind: EvWar, Seat: -1, N: len(tied)})
		m.res.Interactions++
		var still, short []int
		for _, t := range tied {
			if len(m.hands[t]) < p.WarFaceDown+1 {
				// The whole pile, top first: its bottom card is the
				// last to leave.
				m.table = append(m.table, m.hands[t]...)
				if k := len(m.hands[t]); k > 0 {
					m.leave(t, m.hands[t][k-1])
				}
				m.hands[t] = nil
				short = append(short, t)
				continue
			}
			for range p.WarFaceDown {
				m.table = append(m.table, m.popTop(t))
			}
			still = append(still, t)
		}
		for _, t := range short {
			m.goOut(t, cardrules.ResultLose)
		}
		ups = turnUp(still, true)
	}
	if winner >= 0 {
		if p.Returns == cardrules.ReturnsShuffled {
			b := make([]uint8, len(m.table))
			for i, c := range m.table {
				b[i] = uint8(c)
			}
			m.src.ShuffleBytes(b)
			for i := range b {
				m.table[i] = genome.Card(b[i])
			}
		}
		m.hands[winner] = append(m.hands[winner], m.table...)
		m.emit(Event{Kind: EvTake, Seat: winner, N: len(m.table)})
		if contenders > 1 {
			m.res.Interactions++
		}
	} else {
		m.gone = append(m.gone, m.table...)
	}
	m.table = nil
	m.endCheck()
}
