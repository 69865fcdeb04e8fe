package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
)

// endDeal scores the deal that just ended and reports whether a match's
// next deal has begun. First the contracts score (scoreContract), then
// the layout's cards go to the deal's last capturer (gatherLayout), the
// won cards are compared (scoreTally) and the deadwood scores
// (scoreDeadwood); then every seat scores the hand rules' points for each
// card still in its hand; then, with shooting the moon, a seat that
// won every card of the deck that a card rule scores gives up their
// points (the sum of the card rules over those cards) and every other
// seat scores them. In a match the deals then go on unless the deal
// limit is reached or some seat's total (with partnerships, some
// partnership's: its seats' scores summed) reaches the target; the next
// deal is dealt by the seat after the last dealer. When the match is
// over, the totals alone rank the seats (ranking), whether or not they
// went out in the last deal. With chips the deal's chips are settled
// last (settleChips), and a match also ends once at most one seat holds
// chips (against a dealer, once none does).
func (m *game) endDeal() bool {
	g := m.g
	m.scoreContract()
	m.gatherLayout()
	m.scoreTally()
	m.scoreDeadwood()
	if len(g.Score.Finish) > 0 || g.Passes() {
		m.order = m.finishingOrder()
	}
	for s := range m.n {
		for _, c := range m.hands[s] {
			for _, r := range g.Score.Hand {
				if matches(r.Match, c) {
					m.score[s] += r.Points
				}
			}
		}
	}
	if g.Score.Moon {
		var scoring []genome.Card
		total := 0
		for _, c := range m.deck {
			pts := 0
			for _, r := range g.Score.Cards {
				if matches(r.Match, c) {
					pts += r.Points
				}
			}
			if pts > 0 {
				scoring = append(scoring, c)
				total += pts
			}
		}
		for s := range m.n {
			if !slices.ContainsFunc(scoring, func(c genome.Card) bool { return !slices.Contains(m.won[s], c) }) {
				for t := range m.n {
					if t == s {
						m.score[t] -= total
					} else {
						m.score[t] += total
					}
				}
				m.emit(Event{Kind: EvMoon, Seat: s, N: total})
				break
			}
		}
	}
	for i, v := range g.Score.Finish {
		if i < m.n {
			m.score[m.order[i]] += v
		}
	}
	chips := g.Score.Chips.Stake > 0
	if chips {
		// (Chips score nothing else; the layout's cards were gathered.)
		m.settleChips()
	}
	if g.Match == nil {
		return false
	}
	next := m.dealNo + 1
	done := next >= g.Match.Deals || chips && m.chipsGone()
	if done || m.targetReached() {
		return false
	}
	m.res.Blocked = false // a game is blocked when its last deal is
	m.setup((m.n-1+next)%m.n, next)
	return true
}
