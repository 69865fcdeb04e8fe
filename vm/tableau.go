package vm

import "math/bits"

// tableauPhase: the current seat plays one card to the tableau, a card
// that begins its suit's sequence (of the phase's start rank, while the
// suit has none) or extends it at either end (the next card of the suit in
// the deck's order among the deck's cards); with none it passes. Locks and
// bans of lasting effects, gates and the lead card narrow the cards as in
// a play phase.
func (m *Machine) tableauPhase(ph *phase) {
	s := m.cur
	m.ph = ph
	if m.enterPlay(s) {
		return
	}
	open := m.tableauCards(ph)
	legal := m.must(s, m.hand[s]&open&^m.forbid[s]) &^ m.gated(s, false)
	if legal == 0 {
		if m.observe {
			// It shows it holds none of the cards that could extend
			// the tableau (but those it may not play now).
			m.void[s] |= open &^ m.forbid[s] &^ m.gated(s, false)
		}
		m.pass(s, 0)
		return
	}
	c := nth(legal, m.decide(s, DecideCard, bits.OnesCount64(legal), legal))
	m.take(s, c)
	m.placeTableau(c)
	m.passes = 0
	m.onPlay(s, c)
	m.checkEnd()
}

// tableauCards returns the cards that phase ph lets a seat play to the
// tableau now: the start rank's cards of the suits without a sequence, and
// the cards that extend a sequence.
func (m *Machine) tableauCards(ph *phase) uint64 {
	return ph.starts&^m.tabSuits | m.tabEnds
}

// placeTableau puts card c on the tableau: it begins its suit's sequence or
// becomes the sequence's new lowest or highest card, and the cards that
// extend the suit's sequence are worked out again.
func (m *Machine) placeTableau(c uint8) {
	s := suitOf[c]
	p := m.p
	m.tab |= 1 << c
	switch {
	case m.tabLo[s] == 0:
		m.tabLo[s], m.tabHi[s] = c+1, c+1
		m.tabSuits |= suitMask(s)
	case p.rv[c] < p.rv[m.tabLo[s]-1]:
		m.tabLo[s] = c + 1
	default:
		m.tabHi[s] = c + 1
	}
	m.tabEnds = m.tabEnds&^suitMask(s) | p.below[m.tabLo[s]-1] | p.above[m.tabHi[s]-1]
}

// greedyTableau is the Greedy policy's tableau card among legal: the card
// whose effects hinder opponents most, then the one that opens the most
// cards it holds itself against the fewest it does not (a start card opens
// both its neighbours, an end card the next one beyond it), then the
// lowest.
func (m *Machine) greedyTableau(s int, legal uint64) uint8 {
	p := m.p
	var bestC uint8
	best := -1 << 30
	for x := legal; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros64(x))
		var opens uint64
		switch {
		case m.tabLo[suitOf[c]] == 0:
			opens = p.below[c] | p.above[c]
		case p.below[m.tabLo[suitOf[c]]-1]&(1<<c) != 0:
			opens = p.below[c]
		default:
			opens = p.above[c]
		}
		mine := bits.OnesCount64(opens & m.hand[s])
		score := int(p.harm[c])*64 + 2*mine - bits.OnesCount64(opens&^m.hand[s])
		if score > best {
			best, bestC = score, c
		}
	}
	return bestC
}
