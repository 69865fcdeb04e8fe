package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
)

// tableauPhase: seat s plays one card to the tableau, where each suit has
// a row of cards in sequence.
//
//  1. The cards it may play are those of its hand its locks and bans allow
//     that begin their suit's row (the row is empty and the card is of
//     the phase's start rank) or extend it (the card is the deck's next
//     card of the suit above the row's highest or below its lowest, in the
//     deck's order); the seat dealt the lead card plays it while it holds
//     it, whatever the row; then the cards a gate holds back now go.
//  2. With none it passes without a decision (a pass for want of any
//     option, counted towards the blocked end).
//  3. Otherwise it decides among them, in ascending order; the card goes
//     to its row, is played (the last card, the suits played, the lead
//     card), its effects resolve with no response window, and the end
//     conditions are checked.
func (m *game) tableauPhase(s int, p *genome.Phase) {
	var legal []genome.Card
	if s == m.leadHolder && slices.Contains(m.hands[s], *m.g.LeadCard) {
		legal = []genome.Card{*m.g.LeadCard}
	} else {
		for _, c := range m.unforbidden(s, m.hands[s]) {
			if m.fitsRow(p, c) {
				legal = append(legal, c)
			}
		}
	}
	legal = m.ungated(s, legal, false)
	if len(legal) == 0 {
		m.pass(s, 0)
		return
	}
	c := legal[m.decide(s, len(legal))]
	m.remove(s, c)
	m.rows[c.Suit()] = append(m.rows[c.Suit()], c)
	m.passesInRow = 0
	m.markPlayed(s, c)
	m.firePlayed(s, c, false)
	if !m.over {
		m.endCheck()
	}
}

// fitsRow reports whether card c begins or extends its suit's row.
func (m *game) fitsRow(p *genome.Phase, c genome.Card) bool {
	row := m.rows[c.Suit()]
	if len(row) == 0 {
		return c.Rank() == p.Start
	}
	low, high := row[0], row[0]
	for _, x := range row {
		if m.higher(low, x) {
			low = x
		}
		if m.higher(x, high) {
			high = x
		}
	}
	return m.nextInSuit(high, true) == c || m.nextInSuit(low, false) == c
}

// nextInSuit returns the deck's card of x's suit nearest above x (up) or
// below it in the deck's order, or x itself when there is none.
func (m *game) nextInSuit(x genome.Card, up bool) genome.Card {
	best := x
	for _, d := range m.deck {
		if d.Suit() != x.Suit() || d == x {
			continue
		}
		if up && m.higher(d, x) && (best == x || m.higher(best, d)) {
			best = d
		}
		if !up && m.higher(x, d) && (best == x || m.higher(d, best)) {
			best = d
		}
	}
	return best
}
