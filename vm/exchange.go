package vm

import (
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// takePhase: the current seat takes one card, blind, from the first seat
// holding cards in the phase's direction (next or previous), or from a
// random opponent holding cards (one rng.IntN draw). The blind choice is a
// decision among positions in the giver's hand (ascending card order).
func (m *Machine) takePhase(ph *phase) {
	s := m.cur
	t := m.asked // re-entering: the blind choice from the seat chosen before
	if !m.resuming {
		t = m.takeSource(ph, s)
		if t < 0 || t == s {
			m.checkEnd()
			return
		}
	}
	m.asked = t
	n := int(m.count[t])
	k := m.decide(s, DecideBlind, n, 0)
	if m.policy[s] == External && n > 1 {
		// A Player could know where a card sits in the ascending order
		// (the card it gave away): the positions it chooses among are
		// that order turned by an amount it cannot see. The built-in
		// policies choose a position uniformly, which is as blind.
		k = (k + m.rng.IntN(n)) % n
	}
	c := m.hands(t).nth(k)
	m.take(t, c)
	m.give(s, c)
	m.event(cardrules.Taken, c, s)
	m.knownBy[c] |= 1 << t // the seat it was taken from saw which card left
	m.denied[s] = 0
	m.void[s] = 0
	m.steps++
	m.res.Interactions++
	if m.trace != nil {
		m.trace.add(EvTakeFrom, s, c, t)
	}
	if m.p.meld > 0 {
		m.meldSets(s)
	}
	m.checkEnd()
}

// takeSource returns the seat seat s takes from in phase ph, or -1.
func (m *Machine) takeSource(ph *phase, s int) int {
	t := -1
	switch ph.from {
	case cardrules.TargetNext, cardrules.TargetPrevious:
		d := m.dir
		if ph.from == cardrules.TargetPrevious {
			d = -d
		}
		x := s
		for range m.nActive - 1 {
			x = m.step(x, d, 1)
			if m.count[x] > 0 {
				t = x
				break
			}
		}
	case cardrules.TargetRandomOpponent:
		k := 0
		for x := range m.n {
			if x != s && m.isActive(x) && m.count[x] > 0 {
				k++
			}
		}
		if k > 0 {
			i := m.rng.IntN(k)
			for x := range m.n {
				if x != s && m.isActive(x) && m.count[x] > 0 {
					if i == 0 {
						t = x
						break
					}
					i--
				}
			}
		}
	}
	return t
}

// ask: the current seat asks an opponent holding cards for a rank it holds
// (two decisions: the opponent, among those holding cards in turn order
// from the next seat; then the rank, among its ranks in ascending order).
// If the opponent has cards of the rank it hands them all over and the seat
// goes again; otherwise the seat draws a card and goes again only if it is
// of the rank asked for. A seat with an empty hand draws a card instead of
// asking.
func (m *Machine) ask() {
	s := m.cur
	no := 0
	if m.resuming && m.paused == DecideRank {
		// Re-enter the choice of rank, the opponent chosen.
		m.askRank(s, m.asked)
		return
	}
	if m.count[s] > 0 {
		x := s
		for range m.nActive - 1 {
			x = m.step(x, m.dir, 1)
			if m.count[x] > 0 {
				m.opts[no] = uint8(x)
				no++
			}
		}
	}
	if no == 0 {
		if m.draw(s) && m.p.meld > 0 {
			m.meldSets(s)
		}
		m.checkEnd()
		return
	}
	t := int(m.opts[m.decide(s, DecideOpponent, no, 0)])
	m.asked = t
	m.askRank(s, t)
}

// askRank is the rest of an ask once seat s has chosen opponent t: the
// rank asked for and its answer.
func (m *Machine) askRank(s, t int) {
	nr := 0
	for r := range uint8(numRanks) {
		if m.held(s)&rankSet[r] != 0 {
			m.opts[nr] = r
			nr++
		}
	}
	r := m.opts[m.decide(s, DecideRank, nr, 0)]
	if m.trace != nil {
		m.trace.add(EvAsk, s, r, t)
	}
	m.event(cardrules.Asked, rankCard(r), s)
	m.knownHas[s] |= 1 << r
	m.knownHas[t] &^= 1 << r
	m.denied[t] |= 1 << r
	if got := (pair{m.hand[t] & rankSet[r], m.hand2[t] & rankSet[r]}); got.count() != 0 {
		m.denied[s] = 0
		var cards [2 * cardrules.NumSuits]uint8
		for _, c := range cards[:got.cards(cards[:])] {
			m.take(t, c)
			m.give(s, c)
			m.event(cardrules.Taken, c, s)
			m.knownBy[c] = 0xff // handed over in the open
		}
		m.steps++
		m.res.Interactions++
		m.again = true
		if m.trace != nil {
			m.trace.add(EvTake, s, 0, got.count())
		}
		if m.p.meld > 0 {
			m.meldSets(s)
		}
	} else if c, ok := m.drawCard(s); ok {
		if rankOf[c] == r {
			m.again = true
		}
		if m.p.meld > 0 {
			m.meldSets(s)
		}
	}
	m.checkEnd()
}

// meldSets lays down, for each rank in ascending order, every set of meld
// cards of that rank seat s holds (the lowest cards first: lowest suits,
// the first pack's before the second's): the cards leave play and the seat
// scores the set's points.
func (m *Machine) meldSets(s int) {
	k := m.p.meld
	for r := range numRanks {
		for {
			b := pair{m.hand[s] & rankSet[r], m.hand2[s] & rankSet[r]}
			if b.count() < k {
				break
			}
			var cards [2 * cardrules.NumSuits]uint8
			for _, c := range cards[:b.cards(cards[:])][:k] {
				m.take(s, c)
				m.gone[m.goneN] = c
				m.goneN++
			}
			m.score[s] += int32(m.p.scoreMeld + m.bonus[s])
			if m.held(s)&rankSet[r] == 0 {
				m.knownHas[s] &^= 1 << r
				m.denied[s] |= 1 << r
			}
			if m.trace != nil {
				m.trace.add(EvMeld, s, uint8(r), k)
			}
			m.event(cardrules.SetLaid, rankCard(uint8(r)), s)
		}
	}
}
