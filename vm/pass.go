package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// passing is a program's pass before each deal and its finishing scores.
type passing struct {
	passN     int // cards each seat passes (0: no passing)
	passDirs  [cardrules.MaxPassDirs]cardrules.PassTo
	nPassDirs int
	finishPts [MaxSeats]int32 // points per place in a deal's finishing order
	hasFinish bool
	// keepOrder: the deal's finishing order is kept as it ends (for the
	// finishing scores or an exchange by it).
	keepOrder bool
	// passKey[c]: card c's strength when cards are passed by force (the
	// best cards) or greedily: its rank's place in the deck's order, then
	// its suit (the later suit stronger).
	passKey [cardrules.MaxCards]uint8
}

// lowerPass lowers the MATCH block's pass and finishing scores.
func (p *Program) lowerPass(im *bytecode.Image) {
	m := &im.Match
	p.passN = m.PassCount
	p.nPassDirs = copy(p.passDirs[:], m.PassTo)
	for i, v := range m.Finish {
		p.finishPts[i] = int32(v)
		p.hasFinish = true
	}
	p.keepOrder = p.hasFinish
	for _, d := range p.passDirs[:p.nPassDirs] {
		p.keepOrder = p.keepOrder || d == cardrules.PassFinishing
	}
	for c := range cardrules.MaxCards {
		p.passKey[c] = p.rv[c]*4 + suitOf[c]
	}
	p.dealEnd = p.dealEnd || p.hasFinish
}

// passState is a pass being chosen before a deal's play: whether one is
// due, the seat choosing and how many seats have chosen, each seat's cards
// chosen (or given by force), the seat it passes to (-1: none), how many it
// passes and the seats that choose their cards.
type passState struct {
	due    bool
	seat   int8
	done   uint8
	sel    [MaxSeats]pair
	to     [MaxSeats]int8
	n      [MaxSeats]uint8
	choose uint8
}

// best returns the k strongest cards of h by passKey, of two copies of a
// face the first pack's first.
func (p *Program) best(h pair, k int) pair {
	var out pair
	for range k {
		bestC, bestK := -1, -1
		for w := range h {
			for x := h[w] &^ out[w]; x != 0; x &= x - 1 {
				c := bits.TrailingZeros64(x)
				if int(p.passKey[c]) > bestK {
					bestC, bestK = c+w*cardrules.PackStride, int(p.passKey[c])
				}
			}
		}
		if bestC < 0 {
			break
		}
		out.add(uint8(bestC))
	}
	return out
}

// passSetup sets up the pass before deal k, after its deal, and reports
// whether one is due: deal k passes in direction passDirs[k mod count]
// (none: no pass; finishing: none before the first deal). Left passes to
// the next seat in the play direction, right to the previous, across two
// seats on, each seat's passN cards of its choice. Finishing pairs the
// previous deal's finishing order from both ends: the i-th last gives its
// passN-i best cards (by force) to the i-th first, which gives back as many
// of its choice, for i < n/2 while passN-i > 0.
func (m *Machine) passSetup(k int) bool {
	p := m.p
	ps := &m.cardPass
	*ps = passState{}
	n := m.n
	for s := range n {
		ps.to[s] = -1
	}
	switch d := p.passDirs[k%p.nPassDirs]; d {
	case cardrules.PassNone:
		return false
	case cardrules.PassFinishing:
		if k == 0 {
			return false
		}
		for i := 0; i < n/2 && p.passN-i > 0; i++ {
			lo, hi := int(m.order[n-1-i]), int(m.order[i])
			c := uint8(p.passN - i)
			ps.to[lo], ps.n[lo] = int8(hi), c
			ps.sel[lo] = p.best(m.hands(lo), int(c))
			ps.to[hi], ps.n[hi] = int8(lo), c
			ps.choose |= 1 << hi
		}
	default:
		off := 1 // left
		switch d {
		case cardrules.PassRight:
			off = n - 1
		case cardrules.PassAcross:
			off = 2
		}
		for s := range n {
			ps.to[s], ps.n[s] = int8((s+off)%n), uint8(p.passN)
		}
		ps.choose = uint8(1<<n - 1)
	}
	ps.due = true
	ps.seat = int8(m.cur) // the seat after the dealer
	return true
}

// passCards plays the pass set up by passSetup: each seat that chooses,
// in seat order from the seat after the dealer, chooses its cards one
// decision at a time (DecidePass: the hand less the cards chosen, in
// ascending order); then every seat's cards move at once, seat by seat
// in the same order and each seat's cards ascending (EvPassCard), and the
// deal's start ends (dealRest). A copy paused at a DecidePass re-enters
// here: the seat choosing and its cards chosen so far are in m.cardPass.
func (m *Machine) passCards() {
	ps := &m.cardPass
	n := m.n
	for int(ps.done) < n {
		s := int(ps.seat)
		if ps.choose&(1<<s) != 0 {
			for ps.sel[s].count() < int(ps.n[s]) {
				// The faces of which it holds a card not chosen yet; a
				// face chosen adds its lowest such card.
				free, free2 := m.hand[s]&^ps.sel[s][0], m.hand2[s]&^ps.sel[s][1]
				opts := free | free2
				c := nth(opts, m.decide(s, DecidePass, bits.OnesCount64(opts), opts))
				if free&(1<<c) == 0 {
					c += cardrules.PackStride
				}
				ps.sel[s].add(c)
			}
		}
		ps.seat = int8((s + 1) % n)
		ps.done++
	}
	// (Every seat gives as many cards as it receives: the counts stay.)
	first := int(ps.seat)
	for i := range n {
		s := (first + i) % n
		if ps.to[s] < 0 {
			continue
		}
		m.hand[s] &^= ps.sel[s][0]
		m.hand2[s] &^= ps.sel[s][1]
	}
	for i := range n {
		s := (first + i) % n
		t := int(ps.to[s])
		if t < 0 {
			continue
		}
		m.hand[t] |= ps.sel[s][0]
		m.hand2[t] |= ps.sel[s][1]
		var moved [cardrules.MaxDeck]uint8
		for _, c := range moved[:ps.sel[s].cards(moved[:])] {
			if m.observe {
				m.knownBy[c] = 1<<s | 1<<t
			}
			if m.trace != nil {
				m.trace.add(EvPassCard, s, c, t)
			}
		}
	}
	ps.due = false
	m.dealRest()
}

// redealPass re-chooses, after Determinize(x) re-dealt the hidden cards,
// the cards the other seats have set aside to pass, which x cannot see:
// the best cards of a seat that gives by force, else as many cards as it
// had chosen, drawn uniformly from its hand (one IntN per card).
func (m *Machine) redealPass(x int) {
	ps := &m.cardPass
	for t := range m.n {
		k := ps.sel[t].count()
		if t == x || k == 0 {
			continue
		}
		if ps.choose&(1<<t) == 0 {
			ps.sel[t] = m.p.best(m.hands(t), k)
			continue
		}
		var pool [cardrules.MaxDeck]uint8
		h := m.hands(t).cards(pool[:])
		var got pair
		for i := range k {
			j := i + m.rng.IntN(h-i)
			pool[i], pool[j] = pool[j], pool[i]
			got.add(pool[i])
		}
		ps.sel[t] = got
	}
}

// dealOrder keeps the deal's finishing order as it ends: seats out as
// winners in the order they went out, then seats still in by their
// standing, then seats out as losers, the last out first; seats that
// rank alike in seat order.
func (m *Machine) dealOrder() {
	var key [MaxSeats]int
	m.dealKeys(&key)
	for i := range m.n {
		m.order[i] = int8(i)
	}
	// Insertion sort, stable: seats that rank alike stay in seat order.
	for i := 1; i < m.n; i++ {
		for j := i; j > 0 && key[m.order[j]] < key[m.order[j-1]]; j-- {
			m.order[j], m.order[j-1] = m.order[j-1], m.order[j]
		}
	}
}

// scoreFinish scores the finishing scores: the i-th seat of the deal's
// finishing order gains finishPts[i].
func (m *Machine) scoreFinish() {
	for i := range m.n {
		m.score[m.order[i]] += m.p.finishPts[i]
	}
}
