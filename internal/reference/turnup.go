package reference

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// turnUpPhase: seat s turns up cards from its pile onto the discard pile,
// as in Beggar-my-neighbour. A demand left pending by an earlier card
// (m.owed cards to m.demander) is paid, unless its demander has gone out:
// then it lapses, and s turns up one card as if none were pending.
//
// With none pending, s turns up one card, if it has any. Paying, s turns up
// one card at a time until it has turned up the cards owed or its pile is
// empty: a card that demands ends the payment at once (the demand is now
// s's own), and so does the demander going out after a card (its demand
// lapses). Paid in full, or as far as s's pile went, the demand wins its
// demander the whole discard pile, put under its pile in pile order,
// bottom card first, or shuffled first; the demander moves next.
func (m *game) turnUpPhase(s int, p *genome.Phase) {
	if m.owed > 0 && !m.active[m.demander] {
		m.owed = 0
	}
	if m.owed == 0 {
		if len(m.hands[s]) > 0 {
			m.turnUpCard(s, p)
		}
		return
	}
	d, owed := m.demander, m.owed
	for paid := 0; paid < owed && len(m.hands[s]) > 0; paid++ {
		if m.turnUpCard(s, p) || m.over {
			return
		}
		if !m.active[d] {
			m.owed = 0
			return
		}
	}
	m.owed = 0
	pile := m.discard
	m.discard = nil
	if p.Returns == cardrules.ReturnsShuffled {
		m.shuffleCards(pile)
	}
	for _, c := range pile {
		m.give(d, c)
	}
	m.res.Captures++
	if d != s {
		m.res.Interactions++
	}
	m.emit(Event{Kind: EvCapture, Seat: d, N: len(pile)})
	m.next = d
}

// turnUpCard plays the top card of seat s's pile onto the discard pile: its
// suit is the active suit, an empty stock is refilled at once when the
// game says so, the card's effects resolve (no response window: nobody
// chose the card) and the end conditions are checked. Then, unless the game
// is over, a card of a rank the phase lists in its demands makes s the
// demander, owed that rank's count. It reports whether the card demanded.
func (m *game) turnUpCard(s int, p *genome.Phase) bool {
	c := m.popTop(s)
	m.discard = append(m.discard, c)
	m.suit = c.Suit()
	m.refillAtOnce()
	m.markPlayed(s, c)
	m.firePlayed(s, c, false)
	if !m.over {
		m.endCheck()
	}
	if m.over {
		return false
	}
	for _, d := range p.Demands {
		if d.Rank == c.Rank() {
			m.owed, m.demander = d.Count, s
			m.emit(Event{Kind: EvDemand, Seat: s, Card: int(c), N: d.Count})
			return true
		}
	}
	return false
}
