package reference

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/handrank"
)

// The options of a hit decision (the VM's DecideHit), in this order.
const (
	HitStand = 0
	HitDraw  = 1
)

// total is the blackjack count of cards and whether it is soft
// (handrank.SlowTotal: 2..10 their number, J, Q, K 10, an ace 11 where
// that keeps the total at 21 or below, else 1; jokers 0).
func total(cards []genome.Card) (int, bool) {
	return handrank.SlowTotal(cards)
}

// againstDealer plays a deal against the dealer (score.dealer, the vm
// doc's "A dealer's fixed rule") once the deal's start is over: the
// dealer's cards and the wagers, each seat's turn, the dealer's turn and
// the settling. The deal is then over. A game that reaches its turn cap
// before a seat's turn is capped there: the dealer does not play and no
// wager settles.
func (m *game) againstDealer() {
	m.dealerSetup()
	m.seatTurns()
	if m.capped {
		return
	}
	m.dealerTurn()
	m.settleDealer()
	m.over = true
}

// dealerSetup deals the dealer two cards from the top of the stock (fewer
// when it runs out; no refill): the first face up (EvDealer N 0), the
// second face down (N 1). Then each seat holding no chips folds at once,
// in seat order from seat 0, and each other seat, in seat order from seat
// 0, wagers min(Wager, its chips) into the pot (EvBet, Card BetWager).
func (m *game) dealerSetup() {
	for k := range 2 {
		if len(m.stock) == 0 {
			break
		}
		c := m.stock[len(m.stock)-1]
		m.stock = m.stock[:len(m.stock)-1]
		m.dealerCards = append(m.dealerCards, c)
		m.emit(Event{Kind: EvDealer, Seat: -1, Card: int(c), N: k})
		m.verify()
	}
	m.holeDown = len(m.dealerCards) == 2
	for s := range m.n {
		if m.score[s] == 0 {
			m.fold(s, 1)
		}
	}
	for s := range m.n {
		if m.folded[s] {
			continue
		}
		w := min(m.g.Score.Dealer.Wager, m.score[s])
		m.score[s] -= w
		m.pool += w
		m.wagers[s] = w
		m.emit(Event{Kind: EvBet, Seat: s, Card: BetWager, N: w})
		m.verify()
	}
}

// seatTurns gives each seat still in (not folded) its turn, in seat order
// from the seat after the dealer, the turn cap checked before each.
func (m *game) seatTurns() {
	for i := range m.n {
		s := (m.dealer + 1 + i) % m.n
		if m.folded[s] {
			continue
		}
		if m.atCap() {
			return
		}
		m.hitTurn(s)
	}
}

// hitTurn is seat s's turn (one turn, its EvTurn first): while its total
// is below 21 it decides to stand or to draw a card (two options, stand
// then draw, even when no card can be drawn: a draw that finds none
// stands); at 21 it stands without a decision; above 21 it is bust.
func (m *game) hitTurn(s int) {
	m.res.Turns++
	m.emit(Event{Kind: EvTurn, Seat: s, N: m.res.Turns})
	for {
		t, _ := total(m.hands[s])
		if t > 21 {
			m.emit(Event{Kind: EvBust, Seat: s, N: t})
			return
		}
		if t == 21 {
			m.emit(Event{Kind: EvStand, Seat: s, N: t})
			return
		}
		if !m.canDraw() || m.decide(s, 2) == HitStand {
			m.emit(Event{Kind: EvStand, Seat: s, N: t})
			return
		}
		if _, ok := m.drawOne(s); !ok {
			m.emit(Event{Kind: EvStand, Seat: s, N: t})
			return
		}
		m.verify()
	}
}

// dealerTurn turns the dealer's face-down card up (EvDealer N 2), then
// draws from the stock, each card face up (EvDealer N 0), while its total
// is below Stand, or equal to it and soft where SoftHits is set, and a
// card can be drawn (an empty stock is refilled from the discard pile as
// for any draw). No turn, no decision, no draw counted.
func (m *game) dealerTurn() {
	d := m.g.Score.Dealer
	if m.holeDown {
		m.holeDown = false
		m.emit(Event{Kind: EvDealer, Seat: -1, Card: int(m.dealerCards[1]), N: 2})
	}
	for {
		t, soft := total(m.dealerCards)
		if t > d.Stand || t == d.Stand && !(soft && d.SoftHits) {
			return
		}
		if len(m.stock) == 0 {
			m.refill()
		}
		if len(m.stock) == 0 {
			return
		}
		c := m.stock[len(m.stock)-1]
		m.stock = m.stock[:len(m.stock)-1]
		m.dealerCards = append(m.dealerCards, c)
		m.emit(Event{Kind: EvDealer, Seat: -1, Card: int(c), N: 0})
		m.verify()
	}
}

// settleDealer settles each wager, in seat order from seat 0 (EvSettle, N
// what the seat wins from the house): a bust seat loses; else it wins
// when the dealer is bust or its total is higher, pushes on an equal
// total and loses on a lower one. The wager comes back from the pot to a
// seat that wins (with as much from the house) or pushes; a lost wager
// goes from the pot to the house.
func (m *game) settleDealer() {
	dt, _ := total(m.dealerCards)
	for s := range m.n {
		if m.folded[s] {
			continue
		}
		w := m.wagers[s]
		t, _ := total(m.hands[s])
		won := 0
		switch {
		case t > 21:
			won = -w
		case dt > 21 || t > dt:
			won = w
		case t < dt:
			won = -w
		}
		m.pool -= w
		m.house -= won
		m.score[s] += w + won
		m.emit(Event{Kind: EvSettle, Seat: s, N: won})
		m.verify()
	}
}
