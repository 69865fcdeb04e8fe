package reference

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// ---- setup ----

// setupGame starts a game from seed: its random numbers, zero scores (or
// the chips staked) and the first deal.
func (m *game) setupGame(seed uint64) {
	m.src = rng.New(seed)
	m.score = make([]int, m.n)
	if c := m.g.Score.Chips; c.Stake > 0 {
		for s := range m.score {
			m.score[s] = c.Stake
		}
	}
	m.leader = -1
	m.bags = make([]int, m.n)
	m.setup(m.n-1, 0)
}

// setup deals deal number deal of the game (0 for the first; dealer n-1), the
// state that carries over a match's deals (the scores, the result's
// counts, the chips' pool, the house's chips, the events, the leader, the turns done, by which effects that
// last turns are timed, the sides' bags) kept and all else afresh. The deal
// goes round from the seat after the dealer, who is the first to move.
func (m *game) setup(dealer, deal int) {
	g := m.g
	*m = game{g: g, n: m.n, src: m.src, check: m.check, picks: m.picks, score: m.score, pool: m.pool, house: m.house, res: m.res, events: m.events,
		leader: m.leader, dealNo: deal, dealer: dealer, done: m.done, order: m.order, bags: m.bags}
	first := (dealer + 1) % m.n
	m.cur = first
	m.won = make([][]genome.Card, m.n)
	m.bids, m.tricks = make([]int, m.n), make([]int, m.n)
	m.folded = make([]bool, m.n)
	m.wagers = make([]int, m.n)
	// The ante, as every deal is dealt (untraced): each seat puts it into
	// the pool, or all it holds when that is less.
	if c := g.Score.Chips; c.Stake > 0 {
		for s := range m.n {
			a := min(c.Ante, m.score[s])
			m.score[s] -= a
			m.pool += a
		}
	}
	m.deck = g.Deck.Cards()
	// The suits a seat may name: the deck's suit restriction (all four
	// when it has none), even when removed cards leave a suit without a
	// card.
	for s := genome.Suit(0); s < cardrules.NumSuits; s++ {
		if len(g.Deck.Suits) == 0 || slices.Contains(g.Deck.Suits, s) {
			m.suits = append(m.suits, s)
		}
	}
	m.pile = g.Hand == cardrules.HandPile
	for _, p := range g.Turn {
		if p.Kind == cardrules.PhasePlay || p.Kind == cardrules.PhaseTurnUp || p.Kind == cardrules.PhaseMeld {
			m.hasPlay = true
		}
	}
	m.hands = make([][]genome.Card, m.n)
	m.active = make([]bool, m.n)
	m.lost = make([]bool, m.n)
	m.lastLeft = make([]int, m.n)
	for s := range m.lastLeft {
		m.lastLeft[s] = -1
	}
	for s := range m.active {
		m.active[s] = true
	}
	m.nActive = m.n
	m.dir = 1
	m.last = -1
	m.leadHolder = -1
	m.next = -1
	m.capturer = -1

	// One ShuffleBytes of the deck in ascending order; the deal takes
	// cards from the end, one per seat round-robin from seat 0.
	shuffled := make([]uint8, len(m.deck))
	for i, c := range m.deck {
		shuffled[i] = uint8(c)
	}
	m.src.ShuffleBytes(shuffled)
	k := len(shuffled)
	lastDealt := -1
	if g.Deal.All {
		for s := first; k > 0; s = (s + 1) % m.n {
			k--
			m.give(s, genome.Card(shuffled[k]))
			lastDealt = int(shuffled[k])
		}
	} else {
		per := g.DealFor(m.n)
		for range per {
			for i := range m.n {
				s := (first + i) % m.n
				k--
				m.give(s, genome.Card(shuffled[k]))
				lastDealt = int(shuffled[k])
			}
		}
	}
	for _, b := range shuffled[:k] {
		m.stock = append(m.stock, genome.Card(b))
	}
	// The layout: popped from the stock one card at a time once the hands
	// are dealt, before the starter (traced after the deal's EvDeal).
	for range g.Deal.Layout {
		m.layout = append(m.layout, m.stock[len(m.stock)-1])
		m.stock = m.stock[:len(m.stock)-1]
	}
	if g.Deal.Starter {
		c := m.turnStarter()
		m.discard = append(m.discard, c)
		m.suit = c.Suit()
	}
	m.trump = int(genome.Card(lastDealt).Suit())
	if deal > 0 {
		starter := 0xff
		if len(m.discard) > 0 {
			starter = int(m.discard[0])
		}
		m.emit(Event{Kind: EvDeal, Seat: dealer, Card: starter, N: deal})
	}
	for _, c := range m.layout {
		m.emit(Event{Kind: EvLayout, Seat: -1, Card: int(c)})
	}
	m.passCards()
	if g.LeadCard != nil {
		for s := range m.n {
			if slices.Contains(m.hands[s], *g.LeadCard) {
				m.cur = s
				m.leadHolder = s
			}
		}
	}
	if g.Meld > 0 {
		for s := range m.n {
			m.meld(s)
		}
	}
	m.bidRound()
	// The rules hold from the deal on (the dealt sets scored no rule's
	// bonus).
	m.rerule()
	m.verify()
}

// turnStarter takes the starter card from the top of the stock. While it
// is of a rank the starter may not be and the rest of the stock holds a
// card it may be, it goes back on top, the whole stock (bottom first) is
// shuffled with one ShuffleBytes and the top card is taken again.
func (m *game) turnStarter() genome.Card {
	banned := m.g.Deal.StarterNot
	pop := func() genome.Card {
		c := m.stock[len(m.stock)-1]
		m.stock = m.stock[:len(m.stock)-1]
		return c
	}
	c := pop()
	for slices.Contains(banned, c.Rank()) && slices.ContainsFunc(m.stock, func(x genome.Card) bool {
		return !slices.Contains(banned, x.Rank())
	}) {
		m.stock = append(m.stock, c)
		m.shuffleCards(m.stock)
		c = pop()
	}
	return c
}

// shuffleCards shuffles cs in place with one ShuffleBytes over their
// indices, in the order cs holds them.
func (m *game) shuffleCards(cs []genome.Card) {
	b := make([]uint8, len(cs))
	for i, c := range cs {
		b[i] = uint8(c)
	}
	m.src.ShuffleBytes(b)
	for i := range b {
		cs[i] = genome.Card(b[i])
	}
}

// ---- cards in hands ----

// give puts card c into seat s's hand: in order for a fan, at the bottom
// of a pile.
func (m *game) give(s int, c genome.Card) {
	h := append(m.hands[s], c)
	if !m.pile {
		slices.Sort(h)
	}
	m.hands[s] = h
}

// remove takes card c out of seat s's hand (noting it as the last card
// that left it).
func (m *game) remove(s int, c genome.Card) {
	i := slices.Index(m.hands[s], c)
	if i < 0 {
		panic(fmt.Sprintf("reference: seat %d does not hold %v", s, c))
	}
	m.hands[s] = slices.Delete(m.hands[s], i, i+1)
	m.leave(s, c)
}

// popTop takes the top card of seat s's pile (noting it as the last card
// that left it).
func (m *game) popTop(s int) genome.Card {
	c := m.hands[s][0]
	m.hands[s] = slices.Delete(m.hands[s], 0, 1)
	m.leave(s, c)
	return c
}

// drawOne moves the top card of the stock into seat s's hand, first
// refilling an empty stock from the discard pile below its top card when
// the game reshuffles. It reports the card, or false when there is none.
// A card drawn counts as a draw and ends a run of passes; with
// reshuffle_at_once, a stock the draw empties is refilled at once, after
// the seat has the card.
func (m *game) drawOne(s int) (genome.Card, bool) {
	if len(m.stock) == 0 {
		m.refill()
	}
	if len(m.stock) == 0 {
		return 0, false
	}
	c := m.stock[len(m.stock)-1]
	m.stock = m.stock[:len(m.stock)-1]
	m.give(s, c)
	m.res.Draws++
	m.passesInRow = 0
	m.emit(Event{Kind: EvDraw, Seat: s, Card: int(c)})
	m.happen(cardrules.Drawn, s, c)
	m.refillAtOnce()
	return c, true
}

// refill makes the discard pile but its top card, in pile order (bottom
// first), the stock, shuffled with one ShuffleBytes, when the game
// reshuffles and the pile holds more than its top card. The caller has
// found the stock empty.
func (m *game) refill() {
	if !m.g.Reshuffle || len(m.discard) <= 1 {
		return
	}
	top := m.discard[len(m.discard)-1]
	below := slices.Clone(m.discard[:len(m.discard)-1])
	m.shuffleCards(below)
	m.stock = append(m.stock, below...)
	m.discard = []genome.Card{top}
	if m.g.MeldPhase() >= 0 {
		m.melds.stalled, m.melds.laidSince = !m.melds.laidSince, false
	}
	m.emit(Event{Kind: EvReshuffle, Seat: -1, N: len(below)})
}

// refillAtOnce refills an empty stock when the game reshuffles at once: it
// runs right after a card leaves the stock and right after a card lands on
// the discard pile (a play in a play phase, a forced discard).
func (m *game) refillAtOnce() {
	if m.g.ReshuffleAtOnce && len(m.stock) == 0 {
		m.refill()
	}
}

// canDraw reports whether a card can be drawn: the stock holds one, or it
// can be refilled (the game reshuffles and the discard pile holds more
// than its top card).
func (m *game) canDraw() bool {
	return len(m.stock) > 0 || (m.g.Reshuffle && len(m.discard) > 1)
}

// meld lays down every set of the genome's size of one rank that seat s
// holds: ranks ascending (the jokers' rank last: two jokers are a pair),
// lowest cards first.
func (m *game) meld(s int) {
	k := m.g.Meld
	if k == 0 {
		return
	}
	for r := genome.Rank(0); r <= cardrules.Joker; r++ {
		for {
			var of []genome.Card
			for _, c := range m.hands[s] {
				if c.Rank() == r {
					of = append(of, c)
				}
			}
			if len(of) < k {
				break
			}
			slices.Sort(of)
			for _, c := range of[:k] {
				m.remove(s, c)
				m.gone = append(m.gone, c)
			}
			m.score[s] += m.g.Score.Meld + m.bonus(s)
			m.emit(Event{Kind: EvMeld, Seat: s, Card: int(r), N: k})
			m.happenRank(cardrules.SetLaid, s, r)
		}
	}
}

// verify checks conservation when the game runs checked: every card of
// the deck is in exactly one zone (the dealer's cards one of them), and
// the chips, with the pool and the house's, are the seats' stakes.
func (m *game) verify() {
	if !m.check {
		return
	}
	seen := map[genome.Card]string{}
	note := func(zone string, cs []genome.Card) {
		for _, c := range cs {
			if z, ok := seen[c]; ok {
				panic(fmt.Sprintf("reference: card %v in %s and in %s", c, z, zone))
			}
			seen[c] = zone
		}
	}
	for s := range m.n {
		note(fmt.Sprintf("seat %d", s), m.hands[s])
		if !m.active[s] && len(m.hands[s]) > 0 && !slices.Contains(m.melds.knocked, s) && !m.folded[s] {
			panic(fmt.Sprintf("reference: seat %d is out but holds %v", s, m.hands[s]))
		}
	}
	note("stock", m.stock)
	note("discard", m.discard)
	note("table", m.table)
	note("gone", m.gone)
	note("layout", m.layout)
	note("dealer", m.dealerCards)
	note("claim pile", m.claims.pile)
	note("melds", m.meldCardsOnTable())
	for _, row := range m.rows {
		note("tableau", row)
	}
	m.verifyLasting()
	m.verifyRules()
	m.verifyClaims()
	m.verifyMelds()
	if c := m.g.Score.Chips; c.Stake > 0 {
		sum := m.pool + m.house
		for _, v := range m.score {
			if v < 0 {
				panic(fmt.Sprintf("reference: a seat holds %d chips", v))
			}
			sum += v
		}
		if sum != m.n*c.Stake {
			panic(fmt.Sprintf("reference: %d chips in the scores, the pool and the house, not %d seats of %d", sum, m.n, c.Stake))
		}
	}
	if len(seen) != len(m.deck) {
		panic(fmt.Sprintf("reference: %d cards in zones, deck has %d", len(seen), len(m.deck)))
	}
	for _, c := range m.deck {
		if _, ok := seen[c]; !ok {
			panic(fmt.Sprintf("reference: card %v is in no zone", c))
		}
	}
}
