package vm

import (
	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/handrank"
)

// The options of a DecideHit, in this order.
const (
	HitStand = 0
	HitDraw  = 1
)

// dealing is a program's dealer (the DEALER block).
type dealing struct {
	dealerOn       bool
	softHits       bool
	kWager, kStand int32
}

// lowerDealer lowers the END section's DEALER block.
func (p *Program) lowerDealer(im *bytecode.Image) {
	d := im.Dealer
	if d.At == 0 {
		return
	}
	p.dealerOn, p.softHits = true, d.SoftHits
	p.kWager, p.kStand = int32(d.Wager), int32(d.Stand)
	p.dealEnd = true
}

// dealerState is the deal against the dealer: whether the seats' turns
// are due, whether the seats sat out or wagered, the seat whose turn it
// is, the seats still to take theirs, whether the current seat's turn has
// begun, the dealer's cards, whether its face-down card (hole) is up,
// each seat's wager and its total once its turn is over.
type dealerState struct {
	dealerDue   bool
	seated      bool
	holeUp      bool
	inTurn      bool
	hitSeat     int8
	hitPending  uint8
	hole        uint8
	dealerCards pair
	wager       [MaxSeats]int32
	total       [MaxSeats]int16 // each seat's total as its turn ended (up to 2 packs of cards)
}

// dealerSetup deals the dealer its two cards as the deal starts
// (doc_dealer.go).
func (m *Machine) dealerSetup() {
	d := &m.dealerState
	*d = dealerState{dealerDue: true}
	for k := range 2 {
		if m.stockN == 0 {
			break
		}
		c := m.pop()
		d.dealerCards.add(c)
		if k == 1 {
			d.hole = c
		}
		if m.trace != nil {
			m.trace.add(EvDealer, -1, c, k)
		}
	}
	d.holeUp = d.dealerCards.count() < 2 // (no card face down)
}

// dealerSeats sits out the seats that hold no chips and takes the others'
// wagers, as the seats' turns are about to start.
func (m *Machine) dealerSeats() {
	d := &m.dealerState
	for s := range m.n {
		if m.score[s] == 0 {
			m.fold(s, 1)
		}
	}
	for s := range m.n {
		if m.folded&(1<<s) == 0 {
			w := min(m.p.kWager, m.score[s])
			m.score[s] -= w
			m.pot += w
			d.wager[s] = w
			if m.trace != nil {
				m.trace.add(EvBet, s, 3, int(w))
			}
		}
	}
	d.hitPending = m.betsIn()
	d.hitSeat = int8(m.seatAfter(int(m.dealer)))
	d.seated = true
}

// dealerTotal returns the dealer's total and whether it is soft.
func (m *Machine) dealerTotal() (int, bool) {
	return handrank.Total(m.dealerCards[0], m.dealerCards[1])
}

// dealerRound plays the seats' turns, the dealer's and the settling; the
// deal is then over. A copy paused at a hit re-enters the seat's turn.
func (m *Machine) dealerRound() {
	d := &m.dealerState
	if !d.seated {
		m.dealerSeats()
	}
	for d.hitPending != 0 {
		s := int(d.hitSeat)
		if d.hitPending&(1<<s) != 0 {
			if !d.inTurn && m.atCap() {
				m.betState.capped = true
				return
			}
			m.hitTurn(s)
			d.hitPending &^= 1 << s
			d.inTurn = false
		}
		d.hitSeat = int8(m.seatAfter(s))
	}
	m.dealerPlays()
	m.settleDealer()
	d.dealerDue = false
	m.over = true
}

// hitTurn is seat s's turn: it draws until it stands, reaches 21 or busts.
func (m *Machine) hitTurn(s int) {
	d := &m.dealerState
	if !d.inTurn {
		d.inTurn = true
		m.res.Turns++
		m.steps++
		if m.trace != nil {
			m.trace.add(EvTurn, s, 0, m.res.Turns)
		}
	}
	for {
		t, _ := handrank.Total(m.hand[s], m.hand2[s])
		switch {
		case t > 21:
			d.total[s] = int16(t)
			if m.trace != nil {
				m.trace.add(EvBust, s, 0, t)
			}
			return
		case t == 21:
			m.stand(s, t)
			return
		}
		if !m.canDraw() || m.decide(s, DecideHit, 2, 1<<HitStand|1<<HitDraw) == HitStand || !m.draw(s) {
			m.stand(s, t)
			return
		}
	}
}

// stand notes seat s standing on total t.
func (m *Machine) stand(s, t int) {
	m.dealerState.total[s] = int16(t)
	if m.trace != nil {
		m.trace.add(EvStand, s, 0, t)
	}
}

// dealerPlays is the dealer's turn: its face-down card up, then it draws
// by its fixed rule.
func (m *Machine) dealerPlays() {
	d := &m.dealerState
	p := m.p
	if !d.holeUp {
		d.holeUp = true
		if m.trace != nil {
			m.trace.add(EvDealer, -1, d.hole, 2)
		}
	}
	for {
		t, soft := m.dealerTotal()
		if int32(t) > p.kStand || int32(t) == p.kStand && !(soft && p.softHits) {
			return
		}
		if m.stockN == 0 && !m.refill() {
			return
		}
		c := m.pop()
		d.dealerCards.add(c)
		m.steps++
		if m.trace != nil {
			m.trace.add(EvDealer, -1, c, 0)
		}
	}
}

// settleDealer settles each wager with the dealer, in seat order.
func (m *Machine) settleDealer() {
	d := &m.dealerState
	dt, _ := m.dealerTotal()
	for s := range m.n {
		w := d.wager[s]
		if m.folded&(1<<s) != 0 {
			continue
		}
		t := int(d.total[s])
		var won int32
		switch {
		case t > 21:
			won = -w
		case dt > 21 || t > dt:
			won = w
		case t < dt:
			won = -w
		}
		m.pot -= w
		m.house -= won
		m.score[s] += w + won
		if m.trace != nil {
			m.trace.add(EvSettle, s, 0, int(won))
		}
	}
}

// greedyHit is the Greedy policy's hit or stand (doc_dealer.go).
func (m *Machine) greedyHit(s int) int {
	t, soft := handrank.Total(m.hand[s], m.hand2[s])
	up := m.dealerSeen()
	u, _ := handrank.Total(up[0], up[1])
	if t < 12 || soft && t < 18 || t < 17 && u >= 7 {
		return HitDraw
	}
	return HitStand
}

// dealerSeen returns the dealer's cards a seat may see: all but the
// face-down card while it is down.
func (m *Machine) dealerSeen() pair {
	d := &m.dealerState
	if d.holeUp {
		return d.dealerCards
	}
	x := d.dealerCards
	x.remove(d.hole)
	return x
}
