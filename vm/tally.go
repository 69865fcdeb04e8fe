package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// tallying holds the lowered TALLY block: each most rule's faces and
// points, and the best-of-each-suit points, each card's
// value in it and the deck's suits.
type tallying struct {
	mostN    int
	mostSet  [cardrules.MaxMostRules]uint64 // the faces each rule counts
	mostPts  [cardrules.MaxMostRules]int16
	bestPts  int16
	bestVal  [cardrules.PackStride]uint8 // each face's value
	suitSet  [cardrules.NumSuits]uint64  // each suit's faces (jokers have none)
	suitMask uint8                       // the deck's suits
	redeal   bool                        // deal.refill
	keepWon  bool                        // tricks won go to the won piles (the moon or a comparison reads them)
}

// lowerTally lowers the TALLY block and the refill rule.
func (p *Program) lowerTally(im *bytecode.Image) {
	t := &im.Tally
	p.redeal = im.Refill
	p.mostN, p.bestPts = len(t.Most), int16(t.Best)
	for _, c := range im.Deck()[:p.faces()] {
		card := cardrules.Card(c)
		for i, r := range t.Most {
			if r.Kind == bytecode.MostEvery || r.Matches(c) {
				p.mostSet[i] |= 1 << c
			}
		}
		if card.Rank() != cardrules.Joker {
			p.suitSet[card.Suit()] |= 1 << c
			p.suitMask |= 1 << card.Suit()
		}
		p.bestVal[c] = uint8(t.Values[card.Rank()])
	}
	for i, r := range t.Most {
		p.mostPts[i] = int16(r.Points)
	}
	p.dealEnd = p.dealEnd || p.mostN > 0 || p.bestPts > 0
	p.keepWon = p.moon || p.mostN > 0 || p.bestPts > 0
}

// scoreTally scores the won-card comparisons as a deal ends: each most
// rule's points to the seat with the most won cards it counts, then the
// best-of-each-suit points to the seat with the best total; a tie scores
// nothing (trace EvTally: Card the rule's index, MostBest for the best
// rule, N the points).
func (m *Machine) scoreTally() {
	p := m.p
	for i := range p.mostN {
		var n [MaxSeats]int
		for s := range m.n {
			n[s] = m.won[s].and(p.mostSet[i]).count()
		}
		m.tallyWinner(n[:m.n], uint8(i), p.mostPts[i])
	}
	if p.bestPts == 0 {
		return
	}
	var tot [MaxSeats]int
	for s := range m.n {
		tot[s] = -1
		t := 0
		for u := range cardrules.NumSuits {
			if p.suitMask&(1<<u) == 0 {
				continue
			}
			held := m.won[s][0]&p.suitSet[u] | m.won[s][1]&p.suitSet[u]
			if held == 0 {
				t = -1
				break
			}
			best := 0
			for ; held != 0; held &= held - 1 {
				best = max(best, int(p.bestVal[bits.TrailingZeros64(held)]))
			}
			t += best
		}
		tot[s] = t
	}
	m.tallyWinner(tot[:m.n], MostBest, p.bestPts)
}

// MostBest is the Card of an EvTally event of the best-of-each-suit rule.
const MostBest = 0xff

// tallyWinner scores pts to the seat with the greatest n, when it is
// alone and at least 1 (for a best rule, at least 0: a total).
func (m *Machine) tallyWinner(n []int, rule uint8, pts int16) {
	best, ties := -1, 0
	for s, v := range n {
		switch {
		case best < 0 || v > n[best]:
			best, ties = s, 1
		case v == n[best]:
			ties++
		}
	}
	floor := 1
	if rule == MostBest {
		floor = 0
	}
	if ties != 1 || n[best] < floor {
		return
	}
	m.score[best] += int32(pts)
	if m.trace != nil {
		m.trace.add(EvTally, best, rule, int(pts))
	}
}

// redealHands deals every seat in play the deal's cards again, one at a
// time from the seat after the dealer, as far as the stock goes, once
// every hand in play is empty (deal.refill; trace EvDraw, N 1).
func (m *Machine) redealHands() {
	for range int(m.p.deal[m.n]) {
		for i := 1; i <= m.n; i++ {
			s := (int(m.dealer) + i) % m.n
			if !m.isActive(s) {
				continue
			}
			if m.stockN == 0 {
				return
			}
			c := m.pop()
			m.give(s, c)
			m.denied[s], m.void[s] = 0, 0
			if m.trace != nil {
				m.trace.add(EvDraw, s, c, 1)
			}
		}
	}
}
