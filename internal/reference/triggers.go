package reference

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- triggers other than a play, and conditions ----

// waiting is an event queued until the end of its phase: seat seat drew,
// took, won a trick with, discarded by force or went out on card card, or
// asked for or laid down a set of card's rank (its suit then means
// nothing).
type waiting struct {
	seat int
	card genome.Card
	when cardrules.Trigger
}

// happen records that event when happened to seat s with card c (for an
// asked rank or a set laid, any card of the rank). It is queued only when
// some effect of the game waits for it: an effect of that trigger whose
// rank is c's and whose suit, if it names one, is c's. Nothing is queued
// during the deal (sets laid from the dealt hands), while queued events
// or delayed effects resolve (the chain depth is one), or once cardrules.MaxWaitingEvents events wait.
func (m *game) happen(when cardrules.Trigger, s int, c genome.Card) {
	if !m.live || m.resolving || m.delaying || len(m.queue) >= cardrules.MaxWaitingEvents {
		return
	}
	for _, e := range m.g.Effects {
		if e.When == when && e.Rank == c.Rank() && e.Suit.Has(c.Suit()) {
			m.queue = append(m.queue, waiting{seat: s, card: c, when: when})
			return
		}
	}
}

// happenRank is happen for an event that names rank r, not a card.
func (m *game) happenRank(when cardrules.Trigger, s int, r genome.Rank) {
	m.happen(when, s, cardrules.NewCard(r, 0))
}

// resolve runs at the end of every phase (after the phase's own end check)
// and after the starter's effects: the queued events resolve in the order
// they happened; for each, the effects of its trigger that it matches fire
// in genome order for the seat it happened to (as a played card's do, but
// never opening a response window), then the end conditions are checked.
// Nothing resolves once the game is over. The queue is empty afterwards.
func (m *game) resolve() {
	q := m.queue
	m.queue = nil
	if len(q) == 0 {
		return
	}
	m.resolving = true
	for _, w := range q {
		if m.over {
			break
		}
		m.fire(w.seat, w.card, w.when, false)
		m.endCheck()
		m.verify()
	}
	m.resolving = false
}

// leave notes that card c left seat s's hand (played, answered with, taken
// from it, laid in a set, discarded, turned up or laid in a battle): the
// card a seat going out goes out on.
func (m *game) leave(s int, c genome.Card) {
	m.lastLeft[s] = int(c)
}

// condHolds reports whether effect e's condition holds now for the
// effect's player s (true with no condition). A target_hand condition is
// tested per target, as each is about to be hit (targeted), so it holds
// here.
func (m *game) condHolds(e genome.Effect, s int) bool {
	c := e.If
	var x int
	switch c.Of {
	case cardrules.NoCond, cardrules.CondTarget:
		return true
	case cardrules.CondHand:
		x = len(m.hands[s])
	case cardrules.CondStock:
		x = len(m.stock)
	case cardrules.CondPile:
		x = len(m.discard)
	case cardrules.CondSeats:
		x = m.nActive
	case cardrules.CondTopSuit:
		// The active suit; false while the discard pile is empty.
		return len(m.discard) > 0 && m.suit == c.Suit.Suit()
	}
	return compares(c.Cmp, x, c.Value)
}

// targetHolds reports whether effect e's target_hand condition (if it has
// one) holds for target t.
func (m *game) targetHolds(e genome.Effect, t int) bool {
	if e.If.Of != cardrules.CondTarget {
		return true
	}
	return compares(e.If.Cmp, len(m.hands[t]), e.If.Value)
}

// compares reports whether count x stands to value v as cmp says.
func compares(cmp cardrules.Compare, x, v int) bool {
	switch cmp {
	case cardrules.AtLeast:
		return x >= v
	case cardrules.AtMost:
		return x <= v
	case cardrules.Equal:
		return x == v
	}
	panic("reference: unknown comparison " + cmp.String())
}
