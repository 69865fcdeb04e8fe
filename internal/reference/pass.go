package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// passCards plays the pass before the deal, after the deal and the
// starter: deal k passes in the direction To[k mod len(To)]. Left is the
// next seat (the play direction is +1 as a deal starts), right the one
// before, across two seats on; none passes nothing. Each seat, in seat
// order from the seat after the dealer, chooses its Count cards one
// decision at a time among the faces of the cards of its hand it has not
// chosen (ascending, each once; the lowest id of the face chosen goes). Finishing (none before the first deal) takes the last
// deal's finishing order: for i from 0 while Count-i > 0 and i < n/2, the
// i-th last seat gives its Count-i best cards (highest in the deck's rank
// order, among equal ranks the later suit), no decision, to the i-th first
// seat, which chooses as many to give back. Only when every seat has chosen
// do the cards move, seat by seat from the seat after the dealer, each
// seat's cards in ascending order (one EvPassCard each), so no seat passes
// a card it received.
func (m *game) passCards() {
	g := m.g
	if !g.Passes() {
		return
	}
	p := g.Match.Pass
	dir := p.To[m.dealNo%len(p.To)]
	to := make([]int, m.n)
	count := make([]int, m.n)
	chosen := make([][]genome.Card, m.n)
	chooses := make([]bool, m.n)
	for s := range to {
		to[s] = -1
	}
	switch dir {
	case cardrules.PassNone:
		return
	case cardrules.PassFinishing:
		if m.dealNo == 0 {
			return
		}
		for i := 0; i < m.n/2 && p.Count-i > 0; i++ {
			lo, hi := m.order[m.n-1-i], m.order[i]
			to[lo], count[lo] = hi, p.Count-i
			to[hi], count[hi], chooses[hi] = lo, p.Count-i, true
			chosen[lo] = m.bestCards(lo, p.Count-i)
		}
	default:
		off := map[cardrules.PassTo]int{cardrules.PassLeft: 1, cardrules.PassRight: m.n - 1, cardrules.PassAcross: 2}[dir]
		for s := range m.n {
			to[s], count[s], chooses[s] = (s+off)%m.n, p.Count, true
		}
	}
	first := (m.dealer + 1) % m.n
	for i := range m.n {
		s := (first + i) % m.n
		for chooses[s] && len(chosen[s]) < count[s] {
			var left []genome.Card
			for _, c := range m.hands[s] {
				if !slices.Contains(chosen[s], c) {
					left = append(left, c)
				}
			}
			// The faces of the cards not chosen yet, each once; the
			// lowest id of the face chosen is passed.
			opts := faces(left)
			chosen[s] = append(chosen[s], lowestOf(left, opts[m.decide(s, len(opts))]))
		}
	}
	for s := range m.n {
		for _, c := range chosen[s] {
			m.hands[s] = slices.DeleteFunc(m.hands[s], func(x genome.Card) bool { return x == c })
		}
	}
	for i := range m.n {
		s := (first + i) % m.n
		cs := slices.Clone(chosen[s])
		slices.Sort(cs)
		for _, c := range cs {
			m.give(to[s], c)
			m.emit(Event{Kind: EvPassCard, Seat: s, Card: int(c), N: to[s]})
		}
	}
}

// bestCards returns seat s's k best cards: the highest in the deck's rank
// order (a joker the highest), among equal ranks the later suit; of equal
// cards (two jokers, the copies of a face) the lowest ids.
func (m *game) bestCards(s, k int) []genome.Card {
	h := slices.Clone(m.hands[s])
	slices.Sort(h)
	strength := func(c genome.Card) int { return place(m.g.Deck.Order, c.Rank())*(cardrules.NumSuits+1) + int(c.Suit()) }
	slices.SortStableFunc(h, func(a, b genome.Card) int { return strength(b) - strength(a) })
	return h[:min(k, len(h))]
}

// finishingOrder is the order in which the seats finished the deal that
// just ended: the seats out as winners in the order they went out, then
// the seats still in, the best standing first (equal standings in seat
// order), then the seats out as losers, the last out first.
func (m *game) finishingOrder() []int {
	var win, lose, in []int
	for i, s := range m.outSeat {
		if m.outResult[i] == cardrules.ResultWin {
			win = append(win, s)
		} else {
			lose = append([]int{s}, lose...)
		}
	}
	for s := range m.n {
		if m.active[s] {
			in = append(in, s)
		}
	}
	slices.SortStableFunc(in, func(a, b int) int {
		ka, lower := m.standing(a)
		kb, _ := m.standing(b)
		if !lower {
			ka, kb = -ka, -kb
		}
		return ka - kb
	})
	return append(append(win, in...), lose...)
}
