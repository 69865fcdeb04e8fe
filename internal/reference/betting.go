package reference

import (
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/handrank"
)

// EvBet's Card: why the chips go in.
const (
	BetBlind = 0 // the first round's blind
	BetCall  = 1 // a check (N 0) or a call
	BetRaise = 2 // a bet or a raise
	BetWager = 3 // a wager against the dealer (dealer.go)
)

// bet plays a deal's betting (score.betting, the vm doc's "Betting"), after
// the deal's start (the deal, the pass, the lead card's holder, the dealt
// sets, the bids and the rules' groups) and before the starter fires: the
// seats holding no chips fold at once, in seat order from seat 0; then the
// first round (with the blind), and where Draw is not 0 the draw round and
// the second round, each only while two seats or more are still in. With
// one seat left in, or with no phases, the deal is then over. Otherwise,
// when the seat to move first has folded, the first seat still in after
// the dealer moves first, and where a seat is out, the end is checked at
// once.
func (m *game) bet() {
	b := m.g.Score.Betting
	for s := range m.n {
		if m.score[s] == 0 {
			m.fold(s, 1)
		}
	}
	if m.seatsIn() > 1 {
		m.betRound(true)
	}
	if b.Draw > 0 {
		if m.seatsIn() > 1 && !m.capped {
			m.drawRound()
		}
		if m.seatsIn() > 1 && !m.capped {
			m.betRound(false)
		}
	}
	if m.capped {
		return
	}
	if m.seatsIn() <= 1 || len(m.g.Turn) == 0 {
		m.over = true
		return
	}
	if !m.active[m.cur] {
		m.cur = m.step(m.dealer, m.dir, 1)
	}
	if len(m.outSeat) > 0 {
		// Seats that folded are out: the end's rule sees them at once
		// (with until first_out, the deal ends before any play).
		m.endCheck()
	}
	if len(m.g.Rules) > 0 && !m.over {
		// The rules' groups of the state the play starts from.
		m.rerule()
	}
}

// seatsIn counts the seats still in the betting: those that have not
// folded.
func (m *game) seatsIn() int {
	k := 0
	for s := range m.n {
		if !m.folded[s] {
			k++
		}
	}
	return k
}

// fold puts seat s out of the deal as a loser (EvFold, N 1 at once for
// want of chips, 0 by choice; then its EvOut, on no card, so that no
// went_out effect is set off). Its hand goes out of play,
// unseen, with no event of its own.
func (m *game) fold(s, n int) {
	m.folded[s] = true
	m.emit(Event{Kind: EvFold, Seat: s, N: n})
	m.lastLeft[s] = -1 // (it goes out on no card: went_out waits for nothing)
	m.goOut(s, cardrules.ResultLose)
	m.gone = append(m.gone, m.hands[s]...)
	m.hands[s] = nil
	m.verify()
}

// betRound plays one round of limit betting. The first round opens with
// the blind, where there is one: the first seat after the dealer still in
// puts in min(Blind, its chips), which counts as the round's bet. Then,
// from the seat after the blind's (without one, after the dealer), each
// seat in turn that is still in and holds chips acts, until the round is
// closed (closed).
func (m *game) betRound(first bool) {
	b := m.g.Score.Betting
	put := make([]int, m.n)
	acted := make([]bool, m.n)
	high, raises := 0, 0
	s := (m.dealer + 1) % m.n
	if first && b.Blind > 0 {
		for m.folded[s] {
			s = (s + 1) % m.n
		}
		n := min(b.Blind, m.score[s])
		m.putIn(s, n, BetBlind, put)
		high, raises = n, 1
		s = (s + 1) % m.n
	}
	for !m.closed(put, acted, high) {
		if !m.folded[s] && m.score[s] > 0 {
			if m.atCap() {
				return
			}
			m.betAct(s, b.Bet, b.Raises, put, acted, &high, &raises)
		}
		s = (s + 1) % m.n
	}
}

// closed reports whether a betting round is over: one seat or none is left
// in; or, of the seats still in that hold chips (the others are all in),
// fewer than two are left and each has put in as much as the most any seat
// has (high); or each of them has acted since the round's last bet or raise
// and has put in high.
func (m *game) closed(put []int, acted []bool, high int) bool {
	if m.seatsIn() <= 1 {
		return true
	}
	can, matched, done := 0, true, true
	for s := range m.n {
		if m.folded[s] || m.score[s] == 0 {
			continue
		}
		can++
		matched = matched && put[s] == high
		done = done && acted[s]
	}
	if can < 2 {
		return matched
	}
	return matched && done
}

// betAct is seat s's action (DecideBet), one turn: it owes high less what
// it has put in; its options, in order, are fold (only when it owes
// chips), check or call (what it owes, or all it holds when that is less)
// and bet or raise (what it owes plus bet, while the round has had fewer
// than 1+raises bets and raises and it holds more than that). A bet or
// raise makes every other seat act again.
func (m *game) betAct(s, bet, maxRaises int, put []int, acted []bool, high, raises *int) {
	owe := *high - put[s]
	var opts []int
	if owe > 0 {
		opts = append(opts, -1)
	}
	opts = append(opts, BetCall)
	if *raises < 1+maxRaises && m.score[s] > owe+bet {
		opts = append(opts, BetRaise)
	}
	m.res.Turns++
	m.emit(Event{Kind: EvTurn, Seat: s, N: m.res.Turns})
	// (No effect is active in a deal's betting, which comes before any
	// play: the turn is done as it starts.)
	m.done = m.res.Turns
	act := opts[m.decide(s, len(opts))]
	switch act {
	case -1:
		m.fold(s, 0)
	case BetCall:
		m.putIn(s, min(owe, m.score[s]), BetCall, put)
	default:
		m.putIn(s, owe+bet, BetRaise, put)
		*high = put[s]
		*raises++
		clear(acted)
	}
	acted[s] = true
}

// putIn moves n of seat s's chips into the pot as a bet of kind why
// (EvBet; a check puts in 0 and is traced too).
func (m *game) putIn(s, n, why int, put []int) {
	m.score[s] -= n
	m.pool += n
	put[s] += n
	m.emit(Event{Kind: EvBet, Seat: s, Card: why, N: n})
	m.verify()
}

// drawRound plays the draw round: each seat still in, in seat order from
// the seat after the dealer, exchanges (one turn each).
func (m *game) drawRound() {
	for i := range m.n {
		if s := (m.dealer + 1 + i) % m.n; !m.folded[s] {
			if m.atCap() {
				return
			}
			m.exchange(s)
		}
	}
}

// atCap reports whether the game has reached its turn cap as a turn of
// the betting (or against the dealer) is about to start; it then marks the
// game capped, which ends it where it is.
func (m *game) atCap() bool {
	if m.res.Turns >= m.g.TurnCap {
		m.capped = true
	}
	return m.capped
}

// exchange is seat s's exchange (one turn, its EvTurn first): while it has set
// aside fewer than Draw cards and holds a card, it decides (DecideExchange)
// among the faces it holds, ascending, then done; each face chosen sets
// its lowest id aside face down, out of play (EvSetAside), at once. Then
// it draws as many from the stock, one at a time, as any draw does
// (EvDraw, Result.Draws, drawn effects set off; no draw limit applies and
// no set is laid down), fewer when nothing can be drawn.
func (m *game) exchange(s int) {
	m.res.Turns++
	m.emit(Event{Kind: EvTurn, Seat: s, N: m.res.Turns})
	m.done = m.res.Turns
	k := 0
	for k < m.g.Score.Betting.Draw && len(m.hands[s]) > 0 {
		fs := faces(m.hands[s])
		i := m.decide(s, len(fs)+1)
		if i == len(fs) {
			break
		}
		c := m.held(s, fs[i])
		m.remove(s, c)
		m.gone = append(m.gone, c)
		m.emit(Event{Kind: EvSetAside, Seat: s, Card: int(c)})
		k++
	}
	for range k {
		if _, ok := m.drawOne(s); !ok {
			break
		}
	}
	m.verify()
}

// settlePot gives the pot away as a deal of betting ends, after the
// per-card payments, and reports whether it settled it: with one seat left
// in, that seat takes it; with none, it stays (settled); else, with a
// showdown, each seat still in, in seat order from the seat after the
// dealer, shows its hand (EvShow, N its handrank value) and the best hands
// share the pot, the first of them from the seat after the dealer taking
// the odd chips. Without a showdown it is not settled here: the first seat
// out as a winner takes it, as without betting.
func (m *game) settlePot() bool {
	var in []int
	for i := range m.n {
		if s := (m.dealer + 1 + i) % m.n; !m.folded[s] {
			in = append(in, s)
		}
	}
	switch {
	case len(in) == 1:
		m.takePot(in[0], m.pool)
		return true
	case len(in) == 0:
		return true
	case !m.g.Score.Betting.Showdown:
		return false
	}
	var best handrank.Value
	var win []int
	for _, s := range in {
		v := handrank.Slow(m.hands[s])
		m.emit(Event{Kind: EvShow, Seat: s, N: int(v)})
		switch {
		case len(win) == 0 || v > best:
			best, win = v, []int{s}
		case v == best:
			win = append(win, s)
		}
	}
	share, odd := m.pool/len(win), m.pool%len(win)
	for i, s := range win {
		if i == 0 {
			m.takePot(s, share+odd)
		} else {
			m.takePot(s, share)
		}
	}
	return true
}

// takePot moves n chips of the pot to seat s (an EvChips of -n; nothing
// for 0).
func (m *game) takePot(s, n int) {
	if n <= 0 {
		return
	}
	m.score[s] += n
	m.pool -= n
	m.emit(Event{Kind: EvChips, Seat: s, N: -n})
}
