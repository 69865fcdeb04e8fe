package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
)

// lowerMatch lowers the END section's MATCH block: the match, the hand
// scores and shooting the moon.
func (p *Program) lowerMatch(im *bytecode.Image) {
	m := &im.Match
	p.deals, p.target, p.moon = m.Deals, int32(m.Target), m.Moon
	for c := range p.deckN {
		card := p.deck[c]
		for _, r := range m.Hand {
			if r.Matches(card) {
				p.handPts[card] += int16(r.Points)
				p.hasHandPts = true
			}
		}
		if p.moon && p.points[card] != 0 {
			p.pointCards |= 1 << card
			p.moonPts += int32(p.points[card])
		}
	}
	p.dealEnd = p.deals > 0 || p.moon || p.hasHandPts
}

// Match reports whether the program is a match of several deals.
func (p *Program) Match() bool { return p.deals > 0 }

// endDeal scores the deal that just ended (hand scores, then shooting
// the moon) and, in a match, decides whether another deal follows: it
// starts it and reports true, or reports false when the match is over
// (rankKeys then ranks the totals alone).
func (m *Machine) endDeal() bool {
	p := m.p
	if p.contract {
		m.scoreContract()
	}
	if p.capture {
		m.gatherLayout()
	}
	if p.mostN > 0 || p.bestPts > 0 {
		m.scoreTally()
	}
	if p.deadwood {
		m.scoreDeadwood()
	}
	if p.keepOrder {
		m.dealOrder()
	}
	if p.hasHandPts {
		for s := range m.n {
			for h := m.hand[s] | m.hand2[s]; h != 0; h &= h - 1 {
				f := bits.TrailingZeros64(h)
				m.score[s] += int32(p.handPts[f]) * int32(m.countOf(s, 1<<f))
			}
		}
	}
	if p.moon {
		for s := range m.n {
			if p.pointCards&^m.won[s][0] == 0 && (!p.twoPacks || p.pointCards&^m.won[s][1] == 0) {
				// (At most one seat can have taken every card.)
				for t := range m.n {
					if t == s {
						m.score[t] -= p.moonPts
					} else {
						m.score[t] += p.moonPts
					}
				}
				if m.trace != nil {
					m.trace.add(EvMoon, s, 0, int(p.moonPts))
				}
				break
			}
		}
	}
	if p.hasFinish {
		m.scoreFinish()
	}
	if p.chips.Stake > 0 {
		// (Last: chips score nothing else, but the layout's cards are
		// gathered first.)
		m.settleChips()
	}
	if p.deals == 0 {
		return false
	}
	k := int(m.dealNo) + 1
	done := k >= p.deals
	if p.chips.Stake > 0 {
		// A match of chips ends once at most one seat holds any (against
		// a dealer, once none does).
		holders := 0
		for s := range m.n {
			if m.score[s] > 0 {
				holders++
			}
		}
		done = done || holders <= 1 && !p.dealerOn || holders == 0
	}
	if p.target > 0 {
		// (With partnerships, a partnership's total.)
		var total [MaxSeats]int32
		for s := range m.n {
			total[m.side(s)] += m.score[s]
		}
		for s := range m.n {
			done = done || total[s] >= p.target
		}
	}
	if done {
		return false
	}
	m.nextDeal(k)
	return true
}

// nextDeal starts deal k of a match, the dealer one seat on from the
// last (dealOut keeps what carries over).
func (m *Machine) nextDeal(k int) {
	m.res.Blocked = false // (a game is blocked when its last deal is)
	m.dealOut((m.n-1+k)%m.n, k)
}
