package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- the end ----

func (m *game) condition() (genome.Result, bool) {
	for _, c := range m.g.End.Conditions {
		if c.When == cardrules.EventHandEmpty {
			return c.Result, true
		}
	}
	return 0, false
}

func (m *game) goOut(s int, r genome.Result) {
	m.active[s] = false
	m.nActive--
	// The skip count stays below a whole round of the seats still in.
	m.skip = min(m.skip, max(m.nActive-1, 0))
	m.outSeat = append(m.outSeat, s)
	m.outResult = append(m.outResult, r)
	m.emit(Event{Kind: EvOut, Seat: s, Card: int(r)})
	// The effects it started end, but those that persist.
	m.cleanup(s)
	if c := m.lastLeft[s]; c >= 0 {
		// A seat no card ever left goes out on no card: nothing waits
		// for it.
		m.happen(cardrules.WentOut, s, genome.Card(c))
	}
}

// endCheck puts out every active seat whose hand is empty, in seat order
// from the current seat (turn order: the current seat, then each seat on
// in the current play direction), then decides whether the game is over.
func (m *game) endCheck() {
	if r, ok := m.condition(); ok {
		for i := range m.n {
			s := ((m.cur+i*m.dir)%m.n + m.n) % m.n
			if m.active[s] && len(m.hands[s]) == 0 {
				m.goOut(s, r)
			}
		}
	}
	m.redeal()
	switch {
	case m.nActive <= 1:
		m.over = true
	case m.g.End.Until == cardrules.UntilFirstOut && len(m.outSeat) > 0:
		m.over = true
	case m.g.End.Until == cardrules.UntilHandsEmpty && m.handsInEmpty():
		m.over = true
	case m.g.End.Until == cardrules.UntilNoCards && m.handsInEmpty() && len(m.stock) == 0:
		m.over = true
	}
	if m.melds.stalled {
		// A whole stock drawn with nothing laid on the table.
		m.over, m.res.Blocked = true, true
	}
}

// handsInEmpty reports whether every seat still in holds no card (a seat
// that knocked is out holding its cards).
func (m *game) handsInEmpty() bool {
	for s := range m.n {
		if m.active[s] && len(m.hands[s]) > 0 {
			return false
		}
	}
	return true
}

func (m *game) handsEmpty() bool {
	for s := range m.n {
		if len(m.hands[s]) > 0 {
			return false
		}
	}
	return true
}

// ranking returns the winner (or Tie) and the win mask: seats out as
// winners in the order they went out, then seats still in by standing,
// then seats out as losers, last out first; the winner is the seat ranked
// first alone. With partnerships the team with the better total score
// wins.
func (m *game) ranking() (int, uint8) {
	if m.g.Teams == 2 {
		return m.teamRanking()
	}
	match := m.g.Match != nil
	for i, s := range m.outSeat {
		if m.outResult[i] == cardrules.ResultWin && !match {
			return s, 1 << s
		}
	}
	var in []int
	for s := range m.n {
		if m.active[s] || match {
			in = append(in, s)
		}
	}
	if len(in) > 0 {
		// a's standing is strictly better than b's.
		better := func(a, b int) bool {
			ka, lower := m.standing(a)
			kb, _ := m.standing(b)
			return ka != kb && (ka < kb) == lower
		}
		best := in[0]
		for _, s := range in[1:] {
			if better(s, best) {
				best = s
			}
		}
		for _, s := range in {
			if s != best && !better(best, s) {
				return Tie, 0
			}
		}
		return best, 1 << best
	}
	// Every seat is out, as a loser: the game is a tie. (The vm doc ranks
	// losers "last out first" and says that seats put out together in one
	// war are out at once, "if none is left in, the game is a tie"; it does
	// not say whether a seat whose empty hand puts it out at the end check
	// of the same battle is out "at once" with them. The VM, and this
	// reference, read it so: a game in which nobody is left in and nobody
	// went out as a winner has no winner.)
	return Tie, 0
}

// teamRanking: seat s partners seat s+2 (team s mod 2) and both partners
// win or lose together; the lowest seat of the winning team is reported.
// A game that ranks by score is won by the team with the better total
// score (seats going out do not matter); any other by the team of the first
// seat out as a winner, else by the team with the better total of cards
// held (fewer unless emptying the hand loses).
func (m *game) teamRanking() (int, uint8) {
	var total [2]int
	lower := true
	switch m.g.End.Rank {
	case cardrules.RankScoreLow, cardrules.RankScoreHigh:
		for s := range m.n {
			total[s%2] += m.score[s]
		}
		lower = m.g.End.Rank == cardrules.RankScoreLow
	default:
		if i := slices.Index(m.outResult, cardrules.ResultWin); i >= 0 {
			return m.team(m.outSeat[i] % 2)
		}
		for s := range m.n {
			total[s%2] += len(m.hands[s])
		}
		lower = m.fewerIsBetter()
	}
	switch {
	case total[0] == total[1]:
		return Tie, 0
	case (total[1] < total[0]) == lower:
		return m.team(1)
	}
	return m.team(0)
}

// team returns the result of team t winning: its lowest seat and the mask
// of its seats.
func (m *game) team(t int) (int, uint8) {
	var mask uint8
	for s := t; s < m.n; s += 2 {
		mask |= 1 << s
	}
	return t, mask
}
