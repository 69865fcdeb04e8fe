package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/handrank"
)

// The options of a DecideBet, in this order: fold (offered only when the
// seat owes chips), check or call, bet or raise (where offered).
const (
	BetFold  = 0
	BetCall  = 1
	BetRaise = 2
)

// betting is a program's limit betting (the BET block).
type betting struct {
	betOn                        bool
	kBet, kRaises, kBlind, kDraw int32
	showdown                     bool
}

// lowerBetting lowers the END section's BET block.
func (p *Program) lowerBetting(im *bytecode.Image) {
	b := im.Betting
	if b.At == 0 {
		return
	}
	p.betOn, p.showdown = true, b.Showdown
	p.kBet, p.kRaises, p.kBlind, p.kDraw = int32(b.Bet), int32(b.Raises), int32(b.Blind), int32(b.Draw)
	p.dealEnd = true
}

// The betting's stages in a deal.
const (
	betFirst  = iota // the first round
	betDraw          // the draw round
	betSecond        // the second round
	betDone
)

// betState is the deal's betting: whether it is due, its stage, the seat
// to act (or exchanging), the seats that must still act in the round, the
// bets and raises made in it, the seats that folded, the cards the seat
// exchanging has set aside, the most any seat has put in the round and
// what each seat has.
type betState struct {
	betDue   bool
	stage    uint8
	betSeat  int8
	pending  uint8
	raised   uint8
	folded   uint8
	swapped  uint8
	roundSet bool // the round's seats to act are set
	capped   bool // the game reached its turn cap in the betting
	high     int32
	put      [MaxSeats]int32
	// The cards each seat set aside or threw in, which no other seat saw
	// (Determinize deals them again).
	away [MaxSeats]pair
}

// betSetup opens the deal's betting.
func (m *Machine) betSetup() {
	m.betState = betState{betDue: true}
}

// betsIn returns the seats still in the betting (they have not folded).
func (m *Machine) betsIn() uint8 { return uint8(1<<m.n-1) &^ m.folded }

// canAct returns the seats still in that hold chips (not all in).
func (m *Machine) canAct() uint8 {
	var a uint8
	for s := range m.n {
		if m.score[s] > 0 {
			a |= 1 << s
		}
	}
	return a & m.betsIn()
}

// betRounds plays the deal's betting (doc_betting.go). A copy paused at a
// bet or an exchange re-enters here: where it is is in m.betState.
func (m *Machine) betRounds() {
	b := &m.betState
	p := m.p
	if b.stage == betFirst && !b.roundSet && !m.resuming {
		for s := range m.n {
			if m.score[s] == 0 {
				m.fold(s, 1)
			}
		}
	}
	for b.stage != betDone && bits.OnesCount8(m.betsIn()) > 1 {
		switch b.stage {
		case betFirst, betSecond:
			m.betRound()
			if b.capped {
				return
			}
			if p.kDraw == 0 {
				b.stage = betDone
			} else {
				b.stage++
			}
		case betDraw:
			m.drawRound()
			if b.capped {
				return
			}
			b.stage = betSecond
		}
	}
	b.betDue = false
	if bits.OnesCount8(m.betsIn()) <= 1 || p.nPhases == 0 {
		m.over = true
		return
	}
	if m.folded&(1<<m.cur) != 0 {
		// The first seat to move folded: the first seat still in after
		// the dealer moves first (and a lead card it held is gone).
		m.cur = m.seatAfter(int(m.dealer))
		for m.folded&(1<<m.cur) != 0 {
			m.cur = m.seatAfter(m.cur)
		}
		if int(m.mustBy) >= 0 && m.folded&(1<<m.mustBy) != 0 {
			m.mustPlay = -1
		}
	}
	if m.nOut > 0 {
		// Seats that folded are out: the end's rule sees them.
		m.checkEnd()
	}
	if len(p.rules) > 0 && !m.over {
		// Folds and exchanges change who holds what: the rules' groups
		// are those of the state the play starts from.
		m.rerule()
	}
}

// betRound plays one betting round.
func (m *Machine) betRound() {
	b := &m.betState
	p := m.p
	if !b.roundSet {
		b.roundSet = true
		b.high, b.raised, b.put = 0, 0, [MaxSeats]int32{}
		b.pending = m.canAct()
		s := m.seatAfter(int(m.dealer))
		if b.stage == betFirst && p.kBlind > 0 {
			for m.folded&(1<<s) != 0 {
				s = m.seatAfter(s)
			}
			n := min(p.kBlind, m.score[s])
			m.putIn(s, n, 0)
			b.high, b.raised = n, 1
			s = m.seatAfter(s)
		}
		b.betSeat = int8(s)
	}
	for !m.roundClosed() {
		s := int(b.betSeat)
		if m.canAct()&(1<<s) != 0 {
			if b.capped = m.atCap(); b.capped {
				return
			}
			m.betAct(s)
		}
		b.betSeat = int8(m.seatAfter(s))
	}
	b.roundSet = false
}

// roundClosed reports whether the betting round is over: at most one seat
// is left in; or fewer than two seats can act (hold chips) and they have
// put in as much as the most any seat has; or every seat that can act has
// done so since the round's last bet or raise and has put in that much.
func (m *Machine) roundClosed() bool {
	b := &m.betState
	if bits.OnesCount8(m.betsIn()) <= 1 {
		return true
	}
	can := m.canAct()
	for x := can; x != 0; x &= x - 1 {
		if b.put[bits.TrailingZeros8(x)] != b.high {
			return false
		}
	}
	return bits.OnesCount8(can) < 2 || b.pending&can == 0
}

// atCap reports whether the game has reached its turn cap, as a turn of
// the betting or against the dealer is about to start (a copy re-entering
// a turn it paused in is not at a new one).
func (m *Machine) atCap() bool {
	return !m.resuming && m.res.Turns >= m.p.turnCap
}

// seatAfter returns the seat after seat s, over all the seats.
func (m *Machine) seatAfter(s int) int {
	if s++; s == m.n {
		return 0
	}
	return s
}

// betOptions returns seat s's options (bit BetFold, BetCall, BetRaise) and
// what it owes.
func (m *Machine) betOptions(s int) (set uint64, owe int32) {
	b := &m.betState
	p := m.p
	owe = b.high - b.put[s]
	set = 1 << BetCall
	if owe > 0 {
		set |= 1 << BetFold
	}
	if int32(b.raised) < 1+p.kRaises && m.score[s] > owe+p.kBet {
		set |= 1 << BetRaise
	}
	return set, owe
}

// betAct is seat s's action in a betting round: a turn.
func (m *Machine) betAct(s int) {
	b := &m.betState
	set, owe := m.betOptions(s)
	if m.trace != nil && !m.resuming {
		m.trace.add(EvTurn, s, 0, m.res.Turns+1)
	}
	act := nth(set, m.decide(s, DecideBet, bits.OnesCount64(set), set))
	b.pending &^= 1 << s
	m.res.Turns++
	m.steps++
	switch act {
	case BetFold:
		m.fold(s, 0)
	case BetCall:
		m.putIn(s, min(owe, m.score[s]), 1)
	default:
		m.putIn(s, owe+m.p.kBet, 2)
		b.high = b.put[s]
		b.raised++
		b.pending = m.canAct() &^ (1 << s)
	}
}

// putIn moves n of seat s's chips into the pot as a bet (why: 0 a blind,
// 1 a check or call, 2 a bet or raise).
func (m *Machine) putIn(s int, n int32, why uint8) {
	m.score[s] -= n
	m.pot += n
	m.betState.put[s] += n
	if m.trace != nil {
		m.trace.add(EvBet, s, why, int(n))
	}
}

// fold puts seat s out of the deal as a loser (how: 0 it chose to, 1 at
// once, holding no chips), and its hand goes out of play unseen.
func (m *Machine) fold(s int, how int) {
	m.folded |= 1 << s
	m.betState.pending &^= 1 << s
	if m.trace != nil {
		m.trace.add(EvFold, s, 0, how)
	}
	m.lastLeft[s] = 0 // (it goes out on no card: no went_out effect)
	m.out(s, cardrules.ResultLose)
	if m.p.pileHands {
		for m.piles[s].n > 0 {
			m.gone[m.goneN] = m.piles[s].popTop()
			m.goneN++
		}
		m.count[s] = 0
		m.empty |= 1 << s
		return
	}
	m.away[s] = m.away[s].or(m.hands(s))
	for x := m.hand[s]; x != 0; x &= x - 1 {
		m.gone[m.goneN] = uint8(bits.TrailingZeros64(x))
		m.goneN++
	}
	for x := m.hand2[s]; x != 0; x &= x - 1 {
		m.gone[m.goneN] = uint8(bits.TrailingZeros64(x)) + cardrules.PackStride
		m.goneN++
	}
	m.hand[s], m.hand2[s], m.count[s] = 0, 0, 0
	m.empty |= 1 << s
}

// drawRound plays the draw round: each seat still in, from the seat after
// the dealer, sets aside up to the draw's cards, then draws as many.
func (m *Machine) drawRound() {
	b := &m.betState
	if !b.roundSet {
		b.roundSet = true
		b.betSeat, b.swapped = int8(m.seatAfter(int(m.dealer))), 0
		b.pending = m.betsIn()
	}
	for b.pending != 0 {
		s := int(b.betSeat)
		if b.pending&(1<<s) != 0 {
			if b.capped = m.atCap(); b.capped {
				return
			}
			m.exchange(s)
			b.pending &^= 1 << s
			b.swapped = 0
		}
		b.betSeat = int8(m.seatAfter(s))
	}
	b.roundSet = false
}

// exchange is seat s's exchange: a turn.
func (m *Machine) exchange(s int) {
	b := &m.betState
	if m.trace != nil && !m.resuming && b.swapped == 0 {
		m.trace.add(EvTurn, s, 0, m.res.Turns+1)
	}
	for int32(b.swapped) < m.p.kDraw && m.count[s] > 0 {
		set := m.held(s) | 1<<OptDone
		c := nth(set, m.decide(s, DecideExchange, bits.OnesCount64(set), set))
		if c == OptDone {
			break
		}
		c = m.takeFace(s, c)
		m.gone[m.goneN] = c
		m.goneN++
		b.away[s].add(c)
		b.swapped++
		if m.trace != nil {
			m.trace.add(EvSetAside, s, c, 0)
		}
	}
	for range b.swapped {
		if !m.draw(s) {
			break
		}
	}
	m.res.Turns++
	m.steps++
}

// settlePot gives the pot away as a deal ends (doc_betting.go): to the one
// seat left in, else with a showdown to the best hands shown, else to the
// first seat out as a winner; it reports whether it did.
func (m *Machine) settlePot() bool {
	in := m.betsIn()
	switch bits.OnesCount8(in) {
	case 0:
		return true // (every seat folded, for want of chips: the pot stays)
	case 1:
		m.takePot(bits.TrailingZeros8(in), m.pot)
		return true
	}
	if !m.p.showdown {
		return false
	}
	var best handrank.Value
	var win uint8
	first := m.seatAfter(int(m.dealer))
	for i := range m.n {
		s := (first + i) % m.n
		if in&(1<<s) == 0 {
			continue
		}
		v := handrank.Best(m.hand[s], m.hand2[s])
		if m.trace != nil {
			m.trace.add(EvShow, s, 0, int(v))
		}
		switch {
		case win == 0 || v > best:
			best, win = v, 1<<s
		case v == best:
			win |= 1 << s
		}
	}
	share, odd := m.pot/int32(bits.OnesCount8(win)), m.pot%int32(bits.OnesCount8(win))
	for i := range m.n {
		s := (first + i) % m.n
		if win&(1<<s) != 0 {
			m.takePot(s, share+odd)
			odd = 0
		}
	}
	return true
}

// takePot moves n chips of the pot to seat s.
func (m *Machine) takePot(s int, n int32) {
	if n <= 0 {
		return
	}
	m.score[s] += n
	m.pot -= n
	if m.trace != nil {
		m.trace.add(EvChips, s, 0, -int(n))
	}
}

// greedyBet is the Greedy policy's action (doc_betting.go).
func (m *Machine) greedyBet(s int, set uint64) int {
	v := handrank.Best(m.hand[s], m.hand2[s]).Category()
	switch {
	case v >= handrank.TwoPair && set&(1<<BetRaise) != 0:
		return BetRaise
	case v >= handrank.OnePair || set&(1<<BetFold) == 0:
		return BetCall
	}
	return BetFold
}

// greedyExchange is the Greedy policy's exchange: OptDone, or its lowest
// card of a rank it holds once (none with a straight or better).
func (m *Machine) greedyExchange(s int) uint8 {
	h := m.held(s)
	if handrank.Best(m.hand[s], m.hand2[s]).Category() >= handrank.Straight {
		return OptDone
	}
	var lone uint64
	for x := h; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		if c >= cardrules.NumCards || m.countOf(s, rankFaces(uint8(c%13))) == 1 {
			lone |= 1 << c
		}
	}
	if lone == 0 {
		return OptDone
	}
	// Its lowest lone card by rank (aces high), then suit.
	low := uint8(0xff)
	for x := lone; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros64(x))
		if low == 0xff || c%13 < low%13 || c%13 == low%13 && c < low {
			low = c
		}
	}
	return low
}

// rankFaces returns the standard faces of rank r (0 the 2).
func rankFaces(r uint8) uint64 {
	return (1 | 1<<13 | 1<<26 | 1<<39) << r
}

// awayCards are the cards out of a seat's sight that are neither in a hand
// nor in the stock, for Determinize: where each is (its place among the
// cards out of play, -1 for the dealer's face-down card) and whose it was.
type awayCards struct {
	n     int
	at    [cardrules.MaxDeck]int16
	owner [cardrules.MaxDeck]int8
}

// hideAway adds to hidden the cards seat x has not seen set aside or
// thrown in by the others, and the dealer's face-down card, taking them
// from where they are; dealAway puts cards dealt in their place.
func (m *Machine) hideAway(x int, a *awayCards, hidden *pair) {
	var unseen pair
	for t := range m.n {
		if t != x {
			unseen = unseen.or(m.away[t])
		}
	}
	if unseen.count() > 0 {
		for i, c := range m.gone[:m.goneN] {
			if unseen[c/cardrules.PackStride]&(1<<(c%cardrules.PackStride)) == 0 {
				continue
			}
			a.at[a.n], a.owner[a.n] = int16(i), -1
			for t := range m.n {
				if m.away[t][c/cardrules.PackStride]&(1<<(c%cardrules.PackStride)) != 0 {
					a.owner[a.n] = int8(t)
					m.away[t].remove(c)
				}
			}
			hidden.add(c)
			a.n++
		}
	}
	if d := &m.dealerState; m.p.dealerOn && !d.holeUp && d.dealerCards.count() > 0 {
		d.dealerCards.remove(d.hole)
		hidden.add(d.hole)
		a.at[a.n], a.owner[a.n] = -1, -1
		a.n++
	}
}

// dealAway takes the away cards from the top of the n cards dealt to the
// stock, the stock keeping the rest.
func (m *Machine) dealAway(a *awayCards, n int) {
	for i := range a.n {
		n--
		c := m.stock[n]
		switch at := a.at[i]; {
		case at < 0:
			m.hole = c
			m.dealerCards.add(c)
		default:
			m.gone[at] = c
			if t := a.owner[i]; t >= 0 {
				m.away[t].add(c)
			}
		}
	}
}
