package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- phases ----

// legalCards lists the cards of seat s's hand (ascending) that legal
// allows, filtered by prefer when some legal card satisfies it too, once
// the cards its active locks and bans forbid are taken out of the hand
// (so the preference narrows among the cards it may play). With no top
// card every card it may play is legal. The seat dealt the lead card must
// play it while it holds it, until the card is played, forbidden or not.
func (m *game) legalCards(s int, legal, prefer *genome.Expr, top int, active genome.Suit) []genome.Card {
	if s == m.leadHolder && slices.Contains(m.hands[s], *m.g.LeadCard) {
		return []genome.Card{*m.g.LeadCard}
	}
	hand := m.unforbidden(s, m.hands[s]) // a fan: ascending already
	if top < 0 {
		return hand
	}
	var ok []genome.Card
	for _, c := range hand {
		if holds(legal, view{card: c, top: genome.Card(top), active: active, played: m.played, order: m.g.Deck.Order}) {
			ok = append(ok, c)
		}
	}
	if prefer != nil {
		var pref []genome.Card
		for _, c := range ok {
			if holds(prefer, view{card: c, top: genome.Card(top), active: active, played: m.played, order: m.g.Deck.Order}) {
				pref = append(pref, c)
			}
		}
		if len(pref) > 0 {
			ok = pref
		}
	}
	return ok
}

// markPlayed records that seat s played card c (the caller has moved it):
// the play count, and what landCard records.
func (m *game) markPlayed(s int, c genome.Card) {
	m.res.Plays++
	m.landCard(s, c)
}

// landCard records that card c of seat s landed on the table: the last
// card played, the suits played, the lead card obligation, the EvPlay
// event.
func (m *game) landCard(s int, c genome.Card) {
	m.last = int(c)
	m.lastSuit = c.Suit()
	m.played |= 1 << uint(c.Suit())
	if m.g.LeadCard != nil && c == *m.g.LeadCard {
		m.leadHolder = -1
	}
	m.emit(Event{Kind: EvPlay, Seat: s, Card: int(c)})
}

func (m *game) topDiscard() int {
	if len(m.discard) == 0 {
		return -1
	}
	return int(m.discard[len(m.discard)-1])
}

// drawPhase: s draws the phase's count of cards, at most its draw limit.
func (m *game) drawPhase(s int, p *genome.Phase) {
	drawn := 0
	for range m.limitDraw(s, p.Count) {
		if _, ok := m.drawOne(s); !ok {
			break
		}
		drawn++
	}
	if drawn > 0 {
		m.meld(s) // sets are laid down when a seat gains cards
	}
}

// takePhase: s takes one card blind from the first other seat holding
// cards in the given direction, or from a random opponent holding cards.
func (m *game) takePhase(s int, p *genome.Phase) {
	giver := -1
	switch p.From {
	case cardrules.TargetNext, cardrules.TargetPrevious:
		d := m.dir
		if p.From == cardrules.TargetPrevious {
			d = -d
		}
		for i, x := 1, s; i < m.n; i++ {
			x = ((x+d)%m.n + m.n) % m.n
			if m.active[x] && len(m.hands[x]) > 0 {
				giver = x
				break
			}
		}
	case cardrules.TargetRandomOpponent:
		// One IntN over the opponents holding cards. The vm doc does not
		// say in which order they are counted; the VM counts them in
		// ascending seat order (not from the next seat, as the effects'
		// random opponent is counted).
		var opps []int
		for o := range m.n {
			if o != s && m.active[o] && len(m.hands[o]) > 0 {
				opps = append(opps, o)
			}
		}
		if len(opps) > 0 {
			giver = opps[m.src.IntN(len(opps))]
		}
	}
	if giver >= 0 {
		h := m.hands[giver]
		// A blind choice: random for every policy, a decision of the
		// taker over the giver's hand.
		c := h[m.decideBlind(s, len(h))]
		m.remove(giver, c)
		m.give(s, c)
		m.emit(Event{Kind: EvTakeFrom, Seat: s, Card: int(c), N: giver})
		m.happen(cardrules.Taken, s, c)
		m.res.Interactions++
		m.meld(s)
	}
	m.endCheck()
}

// askPhase: s asks an opponent holding cards for a rank it holds.
func (m *game) askPhase(s int, p *genome.Phase) {
	var opps []int
	for _, o := range m.opponents(s) {
		if len(m.hands[o]) > 0 {
			opps = append(opps, o)
		}
	}
	if len(m.hands[s]) == 0 || len(opps) == 0 {
		// A seat with no cards, or with no opponent to ask, draws
		// instead of asking.
		if _, ok := m.drawOne(s); ok {
			m.meld(s)
		}
		m.endCheck()
		return
	}
	o := opps[m.decide(s, len(opps))]
	var ranks []genome.Rank
	for _, c := range m.hands[s] {
		if !slices.Contains(ranks, c.Rank()) {
			ranks = append(ranks, c.Rank())
		}
	}
	slices.Sort(ranks)
	r := ranks[m.decide(s, len(ranks))]
	m.emit(Event{Kind: EvAsk, Seat: s, Card: int(r), N: o})
	m.happenRank(cardrules.Asked, s, r)
	var got []genome.Card
	for _, c := range m.hands[o] {
		if c.Rank() == r {
			got = append(got, c)
		}
	}
	gained := len(got) > 0
	if gained {
		for _, c := range got {
			m.remove(o, c)
			m.give(s, c)
		}
		m.emit(Event{Kind: EvTake, Seat: s, N: len(got)})
		for _, c := range got { // ascending
			m.happen(cardrules.Taken, s, c)
		}
		m.res.Interactions++
		m.again = true
	} else if c, ok := m.drawOne(s); ok {
		gained = true
		if c.Rank() == r {
			m.again = true
		}
	}
	if gained {
		m.meld(s)
	}
	m.endCheck()
}
