package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// capturePhase: the current seat plays one card of its hand. When cards of
// the layout sum to the card's value, it must capture such cards, chosen
// one decision at a time (DecideCapture; with equal_first and a card of
// the value on the layout, that one card), and they and the card go to its
// won pile; a capture that empties the layout is a sweep. Otherwise the
// card joins the layout. Then the card's play is accounted as in every
// phase (onPlay) and the end conditions are checked. The vm package doc
// ("Capture by sum") gives the rules in full.
func (m *Machine) capturePhase(ph *phase) {
	s := m.cur
	m.ph = ph
	if m.resuming && m.paused == DecideCapture {
		m.captureRest(ph, s)
		return
	}
	if m.enterPlay(s) {
		return
	}
	legal := m.must(s, m.held(s)&^m.forbid[s]) &^ m.gated(s, false)
	if legal == 0 {
		m.pass(s, 0)
		return
	}
	c := nth(legal, m.decide(s, DecideCard, bits.OnesCount64(legal), legal))
	m.capCard, m.capSum, m.capN = int16(m.takeFace(s, c)), 0, 0
	m.captureRest(ph, s)
}

// captureRest chooses the cards seat s captures with the card it played
// (m.capCard), the cards chosen so far summing to m.capSum, then lands the
// card: in the won pile after a capture, else on the layout.
func (m *Machine) captureRest(ph *phase, s int) {
	p := m.p
	c := uint8(m.capCard)
	v := p.cval[c]
	for m.capSum < v {
		opts := m.captureOptions(ph, v)
		if opts == 0 {
			break // (only before any card is chosen: no capture)
		}
		f := nth(opts, m.decide(s, DecideCapture, bits.OnesCount64(opts), opts))
		x := f
		if m.lay[0]&(1<<f) == 0 {
			x += cardrules.PackStride
		}
		m.lay.remove(x)
		m.layN--
		m.capSum += p.cval[x]
		m.capN++
		m.win(s, x, 0)
	}
	m.capCard = -1
	if m.capN > 0 {
		m.gone[m.goneN] = c
		m.goneN++
		m.won[s].add(c)
		m.score[s] += int32(p.points[c])
		m.lastCap = int8(s)
		all := uint8(1)<<m.n - 1
		if m.layN == 0 && p.sweep > 0 && (m.empty&all != all || m.stockN > 0) {
			m.score[s] += int32(p.sweep)
			if m.trace != nil {
				m.trace.add(EvSweep, s, 0, int(p.sweep))
			}
		}
	} else {
		m.lay.add(c)
		m.layN++
		if m.trace != nil {
			m.trace.add(EvLayout, s, c, 0)
		}
	}
	m.passes = 0
	m.onPlay(s, c)
	m.checkEnd()
}

// win moves card x, taken from the layout, into seat s's won pile: out of
// play, scoring its card points (EvCollect with n: 0 captured, 1 gathered
// at the deal's end).
func (m *Machine) win(s int, x uint8, n int) {
	m.gone[m.goneN] = x
	m.goneN++
	m.won[s].add(x)
	m.score[s] += int32(m.p.points[x])
	if m.trace != nil {
		m.trace.add(EvCollect, s, x, n)
	}
}

// captureOptions returns the faces of the layout cards that belong to a
// capture of value v together with the cards chosen so far (m.capSum):
// with equal_first, while no card is chosen and the layout holds a card of
// value v, the faces of value v only.
func (m *Machine) captureOptions(ph *phase, v uint8) uint64 {
	p := m.p
	lay := m.lay[0] | m.lay[1]
	if m.capSum == 0 && ph.equalFirst {
		if eq := lay & p.valueSet[v]; eq != 0 {
			return eq
		}
	}
	need := v - m.capSum
	var opts uint64
	for x := lay; x != 0; x &= x - 1 {
		f := uint8(bits.TrailingZeros64(x))
		if w := p.cval[f]; w <= need && m.layReaches(need-w, f) {
			opts |= 1 << f
		}
	}
	return opts
}

// layReaches reports whether some of the layout's cards, less one card of
// face f, sum to t.
func (m *Machine) layReaches(t, f uint8) bool {
	if t == 0 {
		return true
	}
	p := m.p
	reach := uint32(1)
	skip := true
	for w := range m.lay {
		for x := m.lay[w]; x != 0; x &= x - 1 {
			g := uint8(bits.TrailingZeros64(x))
			if g == f && skip {
				skip = false
				continue
			}
			reach |= reach << p.cval[g]
		}
	}
	return reach&(1<<t) != 0
}

// greedyCapture is the Greedy policy's card in a capture phase among the
// cards of set: the highest-valued card that captures, else its
// lowest-valued card (a trail gives the least away).
func (m *Machine) greedyCapture(set uint64) uint8 {
	p := m.p
	best, low := -1, -1
	for x := set; x != 0; x &= x - 1 {
		f := int(bits.TrailingZeros64(x))
		v := p.cval[f]
		if m.layReaches(v, 0xff) && (best < 0 || v > p.cval[best]) {
			best = f
		}
		if low < 0 || v < p.cval[low] {
			low = f
		}
	}
	if best >= 0 {
		return uint8(best)
	}
	return uint8(low)
}

// gatherLayout gives the cards left on the layout at a deal's end to the
// seat that captured last (none when no seat captured), in ascending order.
func (m *Machine) gatherLayout() {
	s := int(m.lastCap)
	if s < 0 || m.layN == 0 {
		return
	}
	var cards [cardrules.MaxDeck]uint8
	for _, x := range cards[:m.lay.cards(cards[:])] {
		m.win(s, x, 1)
	}
	m.lay, m.layN = pair{}, 0
}

// dealLayout deals the deal's layout from the stock, once the hands are
// dealt, and returns its cards in the order dealt (for the trace).
func (m *Machine) dealLayout() (laid [cardrules.MaxLayout]uint8) {
	for i := range m.p.layout {
		c := m.pop()
		m.lay.add(c)
		m.layN++
		laid[i] = c
	}
	return laid
}

// lowerCapture lowers the capture rules: the layout, the sweep's points
// and each card's capture value, its rank's place among the deck's ranks
// in the deck's order, from 1.
func (p *Program) lowerCapture(im *bytecode.Image) {
	p.layout, p.sweep = im.Layout, int16(im.ScoreSweep)
	ranks := im.Ranks()
	for c := range cardrules.Card(cardrules.MaxCardID) {
		if !c.Valid() || ranks&(1<<c.Rank()) == 0 {
			continue
		}
		v := uint8(1)
		for r := range cardrules.Joker + 1 {
			if ranks&(1<<r) != 0 && im.Order.Value(r) < im.Order.Value(c.Rank()) {
				v++
			}
		}
		p.cval[c] = v
		if c < cardrules.PackStride {
			p.valueSet[v] |= 1 << c
		}
	}
	for _, ph := range im.Phases {
		p.capture = p.capture || ph.Op == bytecode.OpCapture
	}
	p.dealEnd = p.dealEnd || p.capture
}
