package vm

import (
	"math"
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// checkEnd puts out every seat whose end condition holds, in seat order
// (turn order: the current seat, then on in the play direction), then
// decides whether the game is over.
func (m *Machine) checkEnd() {
	if m.quietEnd() {
		m.over = m.overNow()
		return
	}
	p := m.p
	if p.onEmpty >= 0 && m.empty&m.active != 0 {
		s := m.cur
		for range m.n {
			if m.isActive(s) && m.count[s] == 0 {
				m.out(s, cardrules.Result(p.onEmpty))
			}
			s = m.around(s, m.dir)
		}
	}
	if p.redeal && m.empty&m.active == m.active && m.stockN > 0 {
		m.redealHands()
	}
	switch p.until {
	case cardrules.UntilFirstOut:
		m.over = m.nOut > 0 || m.nActive <= 1
	case cardrules.UntilOneLeft:
		m.over = m.nActive <= 1
	case cardrules.UntilHandsEmpty, cardrules.UntilNoCards:
		empty := m.empty&m.active == m.active
		m.over = m.nActive <= 1 || empty && (p.until == cardrules.UntilHandsEmpty || m.stockN == 0)
	}
	if p.melds && m.mt.stalled {
		m.over, m.res.Blocked = true, true
	}
}

// quietEnd reports whether checkEnd has only to decide the end (overNow):
// no seat still in has an empty hand, so none goes out on it and no redeal
// is due, and no melds can stall. A specialised turn tests it inline.
func (m *Machine) quietEnd() bool {
	return m.empty&m.active == 0 && m.active != 0 && !m.p.melds
}

// overNow is whether the game is over when the end is quiet: at most one
// seat left in, or, when the game ends at the first seat out, a seat out.
func (m *Machine) overNow() bool {
	return m.nActive <= 1 || m.p.until == cardrules.UntilFirstOut && m.nOut > 0
}

// out puts seat s out of play with result.
func (m *Machine) out(s int, result cardrules.Result) {
	if !m.isActive(s) {
		return
	}
	m.active &^= 1 << s
	m.nActive--
	m.outOrder[m.nOut] = int8(s)
	m.outRes[m.nOut] = result
	m.nOut++
	m.skip = min(m.skip, max(m.nActive-1, 0))
	if m.trace != nil {
		m.trace.add(EvOut, s, uint8(result), 0)
	}
	if m.srcOut&(1<<s) != 0 {
		m.endLasting(func(a *active) bool { return int(a.src) == s && !a.persists })
	}
	if c := m.lastLeft[s]; c > 0 {
		m.event(cardrules.WentOut, c-1, s)
	}
}

// winner ranks the finished game: seats out as winners first (in the order
// they went out), then seats still in by their standing (cards held, fewer
// or more better as the end condition says, or score, as the program
// ranks), then seats out as losers (last out best). The winner is the seat
// ranked first alone, otherwise it is a tie. With partnerships, a team's
// standing is its seats' total score and both partners win.
func (m *Machine) winner() int {
	if m.p.teams == 2 {
		return m.teamWinner()
	}
	var key [MaxSeats]int
	m.rankKeys(&key)
	best, ties := 0, 0
	for s := range m.n {
		switch {
		case key[s] < key[best]:
			best, ties = s, 1
		case key[s] == key[best]:
			ties++
		}
	}
	if ties > 1 || key[best] >= loserKeys {
		// Several first, or every seat out as a loser.
		return Tie
	}
	m.res.WinMask = 1 << best
	return best
}

// Ranking keys (lower ranks better): seats out as winners come first, in
// the order they went out; seats still in by their standing (which stays
// well within ±loserKeys); seats out as losers last, the last out best.
const loserKeys = 1 << 20

// rankKeys sets each seat's ranking key, the one order winner and Shares
// rank a finished game by.
func (m *Machine) rankKeys(key *[MaxSeats]int) {
	if m.p.deals > 0 {
		// A match ranks its totals alone, seats out of the last deal
		// or not.
		for s := range m.n {
			v := m.standing(s)
			if !m.better(v-1, v) {
				v = -v
			}
			key[s] = v
		}
		return
	}
	m.dealKeys(key)
}

// dealKeys sets each seat's ranking key in the deal being played: seats
// out as winners in the order they went out, seats still in by their
// standing, seats out as losers, the last out best.
func (m *Machine) dealKeys(key *[MaxSeats]int) {
	for i := range m.nOut {
		s := m.outOrder[i]
		if m.outRes[i] == cardrules.ResultWin {
			key[s] = -2*loserKeys + i
		} else {
			key[s] = 2*loserKeys - i
		}
	}
	for s := range m.n {
		if m.isActive(s) {
			v := m.standing(s)
			if !m.better(v-1, v) { // a higher standing ranks better
				v = -v
			}
			key[s] = v
		}
	}
}

// teamWinner ranks a partnership game (teams s%2): by the partners' total
// score when the program ranks by score; otherwise the team of the first
// seat out as a winner, else the team with the better total of cards held.
// Both partners of the winning team win; the winner reported is the team's
// lower seat.
func (m *Machine) teamWinner() int {
	w := -1
	if m.p.rankBy == cardrules.RankCards {
		for i := range m.nOut {
			if m.outRes[i] == cardrules.ResultWin {
				w = int(m.outOrder[i]) % 2
				break
			}
		}
	}
	if w < 0 {
		var team [2]int
		for s := range m.n {
			team[s%2] += m.standing(s)
		}
		switch {
		case m.better(team[0], team[1]):
			w = 0
		case m.better(team[1], team[0]):
			w = 1
		default:
			return Tie
		}
	}
	for s := w; s < m.n; s += 2 {
		m.res.WinMask |= 1 << s
	}
	return w
}

// standing is what ranks a seat still in: its score, or its cards.
func (m *Machine) standing(s int) int {
	if m.p.rankBy != cardrules.RankCards {
		return int(m.score[s])
	}
	return int(m.count[s])
}

// better reports whether standing a ranks above standing b.
func (m *Machine) better(a, b int) bool {
	switch m.p.rankBy {
	case cardrules.RankScoreLow:
		return a < b
	case cardrules.RankScoreHigh:
		return a > b
	}
	if m.p.fewerBetter {
		return a < b
	}
	return a > b
}

// trackLead counts changes of the sole leader (the active seat with the best
// standing: card count or score, as the program ranks) from turn to turn.
// It runs after every turn, so it avoids branches on the standings (which
// seat leads is as random as the game); its parts are small enough to
// inline, and the play turn spells it out.
func (m *Machine) trackLead() {
	switch {
	case m.active == 3 && m.n == 2:
		m.noteLead(m.leadPair())
	case m.p.leadBy == leadFewest:
		m.noteLead(m.leadFewest())
	case m.p.leadBy == leadMost:
		m.noteLead(m.leadMost())
	default:
		m.noteLead(m.leadByScore(m.p.leadSign < 0))
	}
}

// leadPair is the scan for two seats both in: which leads, and whether
// they tie (2) or not (1), by one comparison.
func (m *Machine) leadPair() (lead, ties int) {
	v0, v1 := int(m.count[0]), int(m.count[1])
	if m.p.leadBy == leadScore {
		v0, v1 = int(m.score[0]), int(m.score[1])
	}
	if m.p.leadSign < 0 {
		v0, v1 = v1, v0
	}
	ties = 1
	if v0 == v1 {
		ties = 2
	}
	if v1 > v0 {
		lead = 1
	}
	return lead, ties
}

// What the lead is by: the fewest cards, the most cards, the score (the
// highest, or with leadSign -1 the lowest).
const (
	leadFewest uint8 = iota
	leadMost
	leadScore
)

// noteLead records the lead after a turn: a sole leader (ties 1) replaces
// the last one, and a change of the sole leader is counted (the first sole
// leader is no change).
func (m *Machine) noteLead(lead, ties int) {
	was := m.leader
	now := was
	if ties == 1 {
		now = lead
	}
	changed := 0
	if now != was {
		changed = 1
	}
	if was < 0 {
		changed = 0
	}
	m.res.LeadChanges += changed
	m.leader = now
}

// leadFewest returns the seat in with the fewest cards (the first, in seat
// order, with that count) and how many seats in hold that count.
func (m *Machine) leadFewest() (lead, ties int) {
	least := math.MaxInt
	for a := m.active; a != 0; a &= a - 1 {
		s := bits.TrailingZeros8(a)
		v := int(m.count[s])
		if v < least {
			lead, least, ties = s, v, 0
		}
		if v == least {
			ties++
		}
	}
	return lead, ties
}

// leadMost is leadFewest for the most cards.
func (m *Machine) leadMost() (lead, ties int) {
	most := math.MinInt
	for a := m.active; a != 0; a &= a - 1 {
		s := bits.TrailingZeros8(a)
		v := int(m.count[s])
		if v > most {
			lead, most, ties = s, v, 0
		}
		if v == most {
			ties++
		}
	}
	return lead, ties
}

// leadByScore is leadFewest for the scores (low: the lowest leads). It
// goes over every seat and does not multiply: measured, for the scores
// this beats the bit scan over the seats in that the counts prefer
// (fan-tan +7%), and for the counts it loses (Uno-style -4%).
func (m *Machine) leadByScore(low bool) (lead, ties int) {
	lead, best := -1, math.MinInt
	for s := range m.n {
		v := int(m.score[s])
		if low {
			v = -v
		}
		if m.active&(1<<(uint(s)&7)) == 0 {
			v = math.MinInt // out: below any score
		}
		if v > best {
			lead, best, ties = s, v, 0
		}
		if v == best {
			ties++
		}
	}
	if best == math.MinInt {
		return -1, 0
	}
	return lead, ties
}

// Shares sets each seat's share of a finished game in [0, 1], by its place
// in the ranking winner uses: seats out as winners first (in the order
// they went out), then seats still in by their standing, then seats out as
// losers (the last out best). The first place gets 1, the last 0, evenly
// between; seats tied on a place share the places they span. In a
// partnership game the winning team's seats get 1 and the others 0; a game
// that did not finish (capped, aborted) gives every seat the even share.
// A search rewards itself with it, which says more than the win alone in a
// game of several seats (in Hearts, taking fewer points than the others).
func (m *Machine) Shares(out *[MaxSeats]float64) {
	n := m.n
	if !m.over || m.p.teams == 2 || n < 2 {
		mask := m.res.WinMask
		for s := range n {
			switch {
			case !m.over || mask == 0:
				out[s] = 1 / float64(n)
			case mask&(1<<s) != 0:
				out[s] = 1
			default:
				out[s] = 0
			}
		}
		return
	}
	var key [MaxSeats]int
	m.rankKeys(&key)
	for s := range n {
		above, same := 0, 0
		for t := range n {
			switch {
			case key[t] < key[s]:
				above++
			case key[t] == key[s]:
				same++
			}
		}
		// Places above .. above+same-1, shared.
		top := float64(above) + float64(float64(same-1)/2)
		out[s] = 1 - top/float64(n-1)
	}
}
