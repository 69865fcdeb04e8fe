package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
)

// climbTable is a climb phase's table: the play on it (the rank and how
// many cards; no play when count is 0), the seat that made it, and the
// seats that have passed since it.
type climbTable struct {
	rank   genome.Rank
	count  int
	by     int
	passed []bool
}

// climbPhase: seat s's climb phase.
//
//  0. If a play is on the table and every other seat still in has passed
//     since it (seats went out by effects), the table is cleared (an
//     EvClear naming s) and s leads.
//  1. Its cards: its hand less the cards its locks and bans forbid.
//     Following a play of k cards of rank r, a card can begin a play when
//     its rank is higher than r in the deck's order and the seat has at
//     least k cards of that rank; leading, every card can, and the seat
//     dealt the lead card leads with it while it holds it; then the cards
//     a gate holds back now go (judged as for a tableau card: the card does
//     not land on the discard pile).
//  2. With none, it passes without a decision (N 0); otherwise it decides
//     among their faces, ascending (a face held twice is one option; the
//     lowest id of it is played), then a pass when it follows (N 1). A pass
//     while a play is on the table is noted; when every other seat still
//     in has passed since the play, the table is cleared and the seat that
//     made it moves next (EvClear), or, when it is out, the next seat still
//     in after it in the play direction.
//  3. The card chosen leaves the hand for out of play (EvPlay, its suit
//     played, the last card played, the lead card). Then, one decision
//     per card, the faces of the further cards of its rank the seat holds
//     (unforbidden; no gate), ascending, and "done" last when leading: following, until
//     the play has k cards (no "done"); leading, until it has the phase's
//     max, the seat chooses done or holds no more of the rank.
//  4. The play is on the table (EvClimb: seat, rank, count), counts as
//     one play, its effects fire once for its last card (no response
//     window), and the end conditions are checked.
func (m *game) climbPhase(s int, p *genome.Phase) {
	t := &m.climb
	if t.passed == nil {
		t.passed = make([]bool, m.n)
	}
	if t.count > 0 && m.allPassed() {
		m.clearClimb(s)
	}
	lead := t.count == 0
	avail := m.unforbidden(s, m.hands[s])
	var legal []genome.Card
	if lead && s == m.leadHolder && slices.Contains(m.hands[s], *m.g.LeadCard) {
		legal = []genome.Card{*m.g.LeadCard}
	} else {
		for _, c := range avail {
			if lead {
				legal = append(legal, c)
				continue
			}
			same := 0
			for _, d := range avail {
				if d.Rank() == c.Rank() {
					same++
				}
			}
			if place(m.g.Deck.Order, c.Rank()) > place(m.g.Deck.Order, t.rank) && same >= t.count {
				legal = append(legal, c)
			}
		}
	}
	legal = faces(m.ungated(s, legal, false)) // one option per face
	if len(legal) == 0 {
		m.pass(s, 0)
		if !m.over { // (a blocked end)
			m.climbPass(s)
		}
		return
	}
	n := len(legal)
	if !lead {
		n++ // the pass, last
	}
	i := m.decide(s, n)
	if i == len(legal) {
		m.pass(s, 1)
		if !m.over { // (a blocked end)
			m.climbPass(s)
		}
		return
	}
	c := m.held(s, legal[i])
	m.climbLand(s, c)
	chosen, need := 1, t.count
	if lead {
		need = p.ClimbMax()
	}
	for chosen < need {
		var more []genome.Card
		for _, d := range m.unforbidden(s, m.hands[s]) {
			if d.Rank() == c.Rank() {
				more = append(more, d)
			}
		}
		more = faces(more)
		if len(more) == 0 {
			break
		}
		n := len(more)
		if lead {
			n++ // done, last
		}
		j := m.decide(s, n)
		if j == len(more) {
			break
		}
		c = m.held(s, more[j])
		m.climbLand(s, c)
		chosen++
	}
	*t = climbTable{rank: c.Rank(), count: chosen, by: s, passed: make([]bool, m.n)}
	m.passesInRow = 0
	m.res.Plays++
	m.emit(Event{Kind: EvClimb, Seat: s, Card: int(c.Rank()), N: chosen})
	m.firePlayed(s, c, false)
	if !m.over {
		m.endCheck()
	}
}

// climbLand moves card c of seat s's play out of play.
func (m *game) climbLand(s int, c genome.Card) {
	m.remove(s, c)
	m.gone = append(m.gone, c)
	m.landCard(s, c)
}

// allPassed reports whether every seat still in but the one that made the
// play on the table has passed since it.
func (m *game) allPassed() bool {
	t := &m.climb
	for x := range m.n {
		if m.active[x] && x != t.by && !t.passed[x] {
			return false
		}
	}
	return true
}

// climbPass notes seat s's pass while a play is on the table; when every
// other seat still in has passed, the table is cleared and the seat that
// made the play (or the next seat still in after it) moves next.
func (m *game) climbPass(s int) {
	t := &m.climb
	if t.count == 0 {
		return
	}
	t.passed[s] = true
	if !m.allPassed() {
		return
	}
	lead := t.by
	if !m.active[lead] {
		lead = m.step(lead, m.dir, 1)
	}
	m.clearClimb(lead)
	m.next = lead
}

// clearClimb clears the table; seat lead leads.
func (m *game) clearClimb(lead int) {
	m.climb = climbTable{passed: make([]bool, m.n)}
	m.emit(Event{Kind: EvClear, Seat: lead})
}
