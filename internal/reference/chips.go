package reference

import "github.com/darwinsim/darwinsim/internal/cardrules"

// ---- chips ----
//
// A seat's score is its chips: the stake less the ante (paid before the
// shuffle, with no event), less what it pays for passes and for the cards
// left at the end, plus the pool if it is the first out as a winner.

// payChips moves n chips of seat s into the pool, or all it holds when it
// holds fewer (nothing, with no event, when that is 0).
func (m *game) payChips(s, n int) {
	n = min(n, m.score[s])
	if n <= 0 {
		return
	}
	m.score[s] -= n
	m.pool += n
	m.emit(Event{Kind: EvChips, Seat: s, N: n})
}

// settleChips ends a finished game's chips: every seat, in seat order,
// pays for the cards in its hand, then the first seat out as a winner
// takes the pool (which otherwise stays where it is).
func (m *game) settleChips() {
	for s := range m.n {
		m.payChips(s, m.g.Score.Chips.PerCard*len(m.hands[s]))
	}
	for i, s := range m.outSeat {
		if m.outResult[i] == cardrules.ResultWin {
			if m.pool > 0 {
				m.emit(Event{Kind: EvChips, Seat: s, N: -m.pool})
			}
			m.score[s] += m.pool
			m.pool = 0
			return
		}
	}
}
