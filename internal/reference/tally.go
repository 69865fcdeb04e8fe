package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TallyBest is the Card of an EvTally event of the best-of-each-suit rule.
const TallyBest = 0xff

// scoreTally scores the won-card comparisons as a deal ends, after the
// layout is gathered: each most rule in canonical order (sorted by match
// kind and value, every card last) gives its points to the one seat whose
// won cards hold the most of the cards it counts, at least one; then the
// best-of-each-suit rule gives its points to the one seat with the highest
// total, each of the deck's suits' best value among its won cards summed,
// a seat without a won card of some suit having none. A tie scores
// nothing (EvTally: Card the rule's index, or TallyBest; N the points).
func (m *game) scoreTally() {
	sc := m.g.Canonical().Score
	for i, r := range sc.Most {
		counts := make([]int, m.n)
		for s := range m.n {
			for _, c := range m.won[s] {
				if r.Match == nil || matches(*r.Match, c) {
					counts[s]++
				}
			}
		}
		m.tallyTo(counts, 1, i, r.Points)
	}
	b := sc.Best
	if b == nil {
		return
	}
	value := func(c genome.Card) int {
		for _, v := range b.Values {
			if v.Rank == c.Rank() {
				return v.Value
			}
		}
		return 0
	}
	var suits []genome.Suit
	for _, c := range m.deck {
		if c.Rank() != cardrules.Joker && !slices.Contains(suits, c.Suit()) {
			suits = append(suits, c.Suit())
		}
	}
	totals := make([]int, m.n)
	for s := range m.n {
		for _, u := range suits {
			best := -1
			for _, c := range m.won[s] {
				if c.Rank() != cardrules.Joker && c.Suit() == u {
					best = max(best, value(c))
				}
			}
			if best < 0 {
				totals[s] = -1
				break
			}
			totals[s] += best
		}
	}
	m.tallyTo(totals, 0, TallyBest, b.Points)
}

// tallyTo scores pts to the seat whose value in vals is the greatest,
// when no other seat's equals it and it is at least least.
func (m *game) tallyTo(vals []int, least, rule, pts int) {
	top := slices.Max(vals)
	if top < least || len(slices.DeleteFunc(slices.Clone(vals), func(v int) bool { return v != top })) != 1 {
		return
	}
	s := slices.Index(vals, top)
	m.score[s] += pts
	m.emit(Event{Kind: EvTally, Seat: s, Card: rule, N: pts})
}

// redeal deals the hands again once every active seat's hand is empty and
// the stock is not (deal.refill): the deal's cards per seat, one at a time
// to each active seat from the seat after the dealer, from the top of the
// stock, until the stock runs out (EvDraw, N 1). No set is laid down and
// nothing is set off: the cards are dealt, not drawn.
func (m *game) redeal() {
	if !m.g.Deal.Refill || len(m.stock) == 0 {
		return
	}
	for s := range m.n {
		if m.active[s] && len(m.hands[s]) > 0 {
			return
		}
	}
	for range m.g.DealFor(m.n) {
		for i := 1; i <= m.n; i++ {
			s := (m.dealer + i) % m.n
			if !m.active[s] {
				continue
			}
			if len(m.stock) == 0 {
				return
			}
			c := m.stock[len(m.stock)-1]
			m.stock = m.stock[:len(m.stock)-1]
			m.give(s, c)
			m.emit(Event{Kind: EvDraw, Seat: s, Card: int(c), N: 1})
		}
	}
}
