package reference

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// tableMeld is a meld laid on the table in a meld phase that lays in the
// turn: a set (cards of one rank) or a run (cards of one suit at
// consecutive positions).
type tableMeld struct {
	cards []genome.Card // a set's in the order laid; a run's lowest position first
	run   bool          // a run (decided by its second card)
}

// meldState is a deal's state of its meld phase: the melds on the table,
// in the order they were begun (a meld's index in the deal is its place
// here), and the seats that knocked (out as winners, holding their
// cards). Its zero value is a deal's start.
type meldState struct {
	table   []tableMeld
	knocked []int
	// laidSince: a card was laid on the table since the deal began or the
	// stock was last refilled; stalled: a refill found none was, so the
	// deal is stuck and ends blocked at the next end check.
	laidSince, stalled bool
}

// position is card c's position: its capture value (1 + the deck's ranks
// below its rank in the deck's order). Runs are consecutive positions.
func (m *game) position(c genome.Card) int { return m.captureValue(c) }

// isJoker reports whether c is a joker: never in a meld, never laid off.
func isJoker(c genome.Card) bool { return c.Rank() == cardrules.Joker }

// cardAt returns the lowest id among cs of a standard card of suit u at
// position p, and whether there is one.
func (m *game) cardAt(cs []genome.Card, u genome.Suit, p int) (genome.Card, bool) {
	best, found := genome.Card(0), false
	for _, c := range cs {
		if !isJoker(c) && c.Suit() == u && m.position(c) == p && (!found || c < best) {
			best, found = c, true
		}
	}
	return best, found
}

// runHeld reports whether cs hold a card of suit u at each position from
// a to b (none when b < a).
func (m *game) runHeld(cs []genome.Card, u genome.Suit, a, b int) bool {
	for q := a; q <= b; q++ {
		if _, ok := m.cardAt(cs, u, q); !ok {
			return false
		}
	}
	return true
}

// ofRank counts the cards of rank r among cs.
func ofRank(cs []genome.Card, r genome.Rank) int {
	k := 0
	for _, c := range cs {
		if c.Rank() == r {
			k++
		}
	}
	return k
}

// meldPhase: seat s's turn of a meld phase (the rummy family).
//
//  1. When the stock cannot be drawn from (empty, and no reshuffle
//     refills it), the seat passes (N 0) and its turn does nothing else.
//     Otherwise, while the discard pile holds a card, it decides between
//     drawing the stock's top card and taking the discard pile's top card
//     (EvTakeTop); with an empty discard pile it draws without a decision.
//  2. With lay turn: it lays new melds (layMelds), then lays off cards
//     onto the table's melds (layOffs); with its hand empty then, the end
//     conditions are checked and it does not discard.
//  3. It discards: its cards as a capture phase's (the lead card alone
//     while it must play it, else its hand less its forbidden cards), less
//     those a gate holds back (the card lands on the discard pile), less
//     the face it took from the discard pile this turn unless that leaves
//     none; a decision among their faces (none: no discard). The card goes
//     on top of the discard pile, is played (EvPlay, the active suit, a
//     reshuffle at once) and its effects resolve with no response window.
//  4. With lay out, a seat still in, holding cards, whose deadwood is at
//     most the phase's knock decides whether to knock (play on first);
//     a knock (EvKnock, its deadwood) puts it out as a winner.
//  5. The end conditions are checked.
func (m *game) meldPhase(s int, p *genome.Phase) {
	if !m.canDraw() {
		m.pass(s, 0)
		return
	}
	taken, took := genome.Card(0), false
	if len(m.discard) > 0 && m.decide(s, 2) == 1 {
		taken, took = m.discard[len(m.discard)-1], true
		m.discard = m.discard[:len(m.discard)-1]
		m.give(s, taken)
		m.emit(Event{Kind: EvTakeTop, Seat: s, Card: int(taken)})
	} else {
		m.drawOne(s)
	}
	if p.Lay == cardrules.LayTurn {
		m.layMelds(s, p)
		m.layOffs(s)
		if len(m.hands[s]) == 0 {
			m.endCheck()
			return
		}
	}
	var cards []genome.Card
	if s == m.leadHolder && slices.Contains(m.hands[s], *m.g.LeadCard) {
		cards = []genome.Card{*m.g.LeadCard}
	} else {
		cards = m.unforbidden(s, m.hands[s])
	}
	opts := faces(m.ungated(s, cards, true))
	if took {
		rest := slices.DeleteFunc(slices.Clone(opts), func(f genome.Card) bool { return f == taken.Face() })
		if len(rest) > 0 {
			opts = rest
		}
	}
	if len(opts) > 0 {
		c := m.held(s, opts[m.decide(s, len(opts))])
		m.remove(s, c)
		m.discard = append(m.discard, c)
		m.suit = c.Suit()
		m.passesInRow = 0
		m.refillAtOnce()
		m.markPlayed(s, c)
		m.firePlayed(s, c, false)
		if m.over {
			return
		}
	}
	if p.Lay == cardrules.LayOut && m.active[s] && len(m.hands[s]) > 0 {
		if dw := m.deadwood(m.hands[s]); dw <= p.Knock && m.decide(s, 2) == 1 {
			m.emit(Event{Kind: EvKnock, Seat: s, N: dw})
			m.layMelds(s, p) // (it lays its melds out, for the others to lay off onto)
			m.melds.knocked = append(m.melds.knocked, s)
			m.lastLeft[s] = -1 // (it goes out on no card: went_out waits for nothing)
			m.goOut(s, cardrules.ResultWin)
		}
	}
	m.endCheck()
}

// begins reports whether face f, held in cs, begins a meld the cards cs
// can complete: a set (at least sets cards of its rank) or a run (a card
// of its suit at each of the runs-1 positions above its own).
func (m *game) begins(cs []genome.Card, p *genome.Phase, f genome.Card) bool {
	if isJoker(f) {
		return false
	}
	if p.Sets > 0 && ofRank(cs, f.Rank()) >= p.Sets {
		return true
	}
	at := m.position(f)
	return p.Runs > 0 && m.runHeld(cs, f.Suit(), at+1, at+p.Runs-1)
}

// layMelds: seat s lays new melds. While some face it holds begins a meld
// it can complete, it decides among those faces, ascending, then done;
// a face chosen (its lowest id) starts meld k on the table (EvLay, N k),
// and the seat adds cards to it one decision at a time (meldCards, then
// done once the meld is complete) until it chooses done.
func (m *game) layMelds(s int, p *genome.Phase) {
	for {
		var opts []genome.Card
		for _, f := range faces(m.hands[s]) {
			if m.begins(m.hands[s], p, f) {
				opts = append(opts, f)
			}
		}
		if len(opts) == 0 {
			return
		}
		if i := m.decide(s, len(opts)+1); i < len(opts) {
			k := len(m.melds.table)
			m.melds.table = append(m.melds.table, tableMeld{})
			m.layInto(s, k, opts[i])
			for {
				more := m.meldCards(s, p, k)
				n := len(more)
				if m.complete(p, k) {
					n++ // done
				}
				j := m.decide(s, n)
				if j == len(more) {
					break
				}
				m.layInto(s, k, more[j])
			}
			continue
		}
		return
	}
}

// complete reports whether meld k holds enough cards for its kind.
func (m *game) complete(p *genome.Phase, k int) bool {
	md := m.melds.table[k]
	switch {
	case len(md.cards) < 2:
		return false
	case md.run:
		return len(md.cards) >= p.Runs
	}
	return len(md.cards) >= p.Sets
}

// meldCards returns the faces seat s may add to meld k, ascending. With
// one card f0 laid: the faces of f0's rank it holds (while sets > 0 and it
// holds at least sets-1 of them) and the face of f0's suit at the next
// position (while runs > 0 and it holds f0's suit at each position up to
// f0's + runs - 1). With more: a set's rank; a run's suit at the position
// after its highest.
func (m *game) meldCards(s int, p *genome.Phase, k int) []genome.Card {
	md := m.melds.table[k]
	h := m.hands[s]
	f0 := md.cards[0]
	var out []genome.Card
	addRank := func() {
		for _, c := range h {
			if c.Rank() == f0.Rank() {
				out = append(out, c)
			}
		}
	}
	switch {
	case len(md.cards) == 1:
		if p.Sets > 0 && ofRank(h, f0.Rank()) >= p.Sets-1 {
			addRank()
		}
		at := m.position(f0)
		if c, ok := m.cardAt(h, f0.Suit(), at+1); ok && p.Runs > 0 && m.runHeld(h, f0.Suit(), at+1, at+p.Runs-1) {
			out = append(out, c)
		}
	case !md.run:
		addRank()
	default:
		if c, ok := m.cardAt(h, f0.Suit(), m.position(md.cards[len(md.cards)-1])+1); ok {
			out = append(out, c)
		}
	}
	return faces(out)
}

// layInto moves the lowest id of face f from seat s's hand into meld k
// (EvLay, N k); the meld's second card makes it a set (same rank) or a
// run.
func (m *game) layInto(s, k int, f genome.Card) {
	c := m.held(s, f)
	m.remove(s, c)
	md := &m.melds.table[k]
	if len(md.cards) == 1 {
		md.run = c.Rank() != md.cards[0].Rank()
	}
	md.cards = append(md.cards, c)
	m.melds.laidSince = true
	m.emit(Event{Kind: EvLay, Seat: s, Card: int(c), N: k})
}

// extends returns the first meld on the table (in the table's order) that
// card c extends: a set of its rank, or a run of its suit whose lowest
// position is just above c's or whose highest is just below; -1 for none.
func (m *game) extends(c genome.Card) int {
	if isJoker(c) {
		return -1
	}
	for k, md := range m.melds.table {
		if !md.run {
			if md.cards[0].Rank() == c.Rank() {
				return k
			}
			continue
		}
		lo, hi := m.position(md.cards[0]), m.position(md.cards[len(md.cards)-1])
		if c.Suit() == md.cards[0].Suit() && (m.position(c) == lo-1 || m.position(c) == hi+1) {
			return k
		}
	}
	return -1
}

// layOffs: while seat s holds a face that extends a meld on the table, it
// decides among those faces, ascending, then done; the face chosen (its
// lowest id) goes onto the first meld it extends (EvLayOff, N the meld's
// index), below a run's lowest card or above its highest.
func (m *game) layOffs(s int) {
	for {
		var opts []genome.Card
		for _, f := range faces(m.hands[s]) {
			if m.extends(f) >= 0 {
				opts = append(opts, f)
			}
		}
		if len(opts) == 0 {
			return
		}
		i := m.decide(s, len(opts)+1)
		if i == len(opts) {
			return
		}
		c := m.held(s, opts[i])
		k := m.extends(c)
		m.remove(s, c)
		md := &m.melds.table[k]
		if md.run && m.position(c) < m.position(md.cards[0]) {
			md.cards = slices.Insert(md.cards, 0, c)
		} else {
			md.cards = append(md.cards, c)
		}
		m.melds.laidSince = true
		m.emit(Event{Kind: EvLayOff, Seat: s, Card: int(c), N: k})
	}
}

// meldCardsOnTable lists the cards of the table's melds (a zone of the
// conservation check).
func (m *game) meldCardsOnTable() []genome.Card {
	var out []genome.Card
	for _, md := range m.melds.table {
		out = append(out, md.cards...)
	}
	return out
}

// verifyMelds checks, when the game runs checked, that every meld on the
// table is valid under the meld phase's minimums: a set of at least sets
// standard cards of one rank, or a run of at least runs standard cards of
// one suit at consecutive positions, lowest first.
func (m *game) verifyMelds() {
	if len(m.melds.table) == 0 {
		return
	}
	i := m.g.MeldPhase()
	if i < 0 {
		panic("reference: melds on the table without a meld phase")
	}
	if err := m.validMeld(&m.g.Turn[i], m.melds.table); err != nil {
		panic("reference: " + err.Error())
	}
}

// validMeld returns the first meld of ms that is not valid under p.
func (m *game) validMeld(p *genome.Phase, ms []tableMeld) error {
	for k, md := range ms {
		cs := md.cards
		ok := len(cs) >= 2 && !slices.ContainsFunc(cs, isJoker)
		if ok && md.run {
			ok = p.Runs > 0 && len(cs) >= p.Runs
			for j := 1; ok && j < len(cs); j++ {
				ok = cs[j].Suit() == cs[0].Suit() && m.position(cs[j]) == m.position(cs[0])+j
			}
		} else if ok {
			ok = p.Sets > 0 && len(cs) >= p.Sets && ofRank(cs, cs[0].Rank()) == len(cs)
		}
		if !ok {
			return fmt.Errorf("meld %d (run %v) %v is not a meld of sets %d, runs %d", k, md.run, cs, p.Sets, p.Runs)
		}
	}
	return nil
}
