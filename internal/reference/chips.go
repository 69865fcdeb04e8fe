package reference

import "github.com/darwinsim/darwinsim/internal/cardrules"

// ---- chips ----
//
// A seat's score is its chips: the stake, less the ante of each deal
// (paid before its shuffle, with no event), less what it pays for passes,
// bets and the cards left at each deal's end, plus the pool it takes.

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

// settleChips ends a finished deal's chips (each deal of a match): every
// seat, in seat order, pays for the cards in its hand (a seat that folded
// holds none), then, with betting, the pot goes as settlePot says; otherwise the
// first seat out as a winner takes the pool (which otherwise stays where
// it is, for the next deal).
func (m *game) settleChips() {
	for s := range m.n {
		m.payChips(s, m.g.Score.Chips.PerCard*len(m.hands[s]))
	}
	defer m.verify()
	if m.g.Score.Betting != nil && m.settlePot() {
		return
	}
	for i, s := range m.outSeat {
		if m.outResult[i] == cardrules.ResultWin {
			m.takePot(s, m.pool)
			return
		}
	}
}

// chipsGone reports whether a match of chips is over after a deal for
// want of chips: at most one seat holds any, or, against a dealer (whom
// seats play alone, not each other), none does.
func (m *game) chipsGone() bool {
	k := 0
	for _, v := range m.score {
		if v > 0 {
			k++
		}
	}
	if m.g.Score.Dealer != nil {
		return k == 0
	}
	return k <= 1
}
