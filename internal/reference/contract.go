package reference

import "github.com/darwinsim/darwinsim/internal/cardrules"

// Contract scores: the Card of an EvContract event.
const (
	ContractTricks = 0 // a side's contract, made (N > 0) or set (N < 0)
	ContractBags   = 1 // a side's bags reached the count: N is minus the penalty
	ContractNil    = 2 // a nil bid: N is the nil bonus, won (N > 0) or lost (N < 0)
)

// bidRound plays the bidding round of a game with contracts
// (score.contract), once per deal: after the deal, the pass, the lead
// card's holder and the dealt sets, before the starter fires and the
// first turn. Each seat bids once, in seat order from the seat after the
// dealer; its options, ascending, are 0 (nil) where nil bids score, then 1
// up to the cards it holds, at most cardrules.MaxBid (at least 1, even
// for an empty hand). One option is a forced decision. Each bid is an
// EvBid (N the bid, 0 nil); bids are public.
func (m *game) bidRound() {
	k := m.g.Score.Contract
	if k == nil {
		return
	}
	first := (m.dealer + 1) % m.n
	for i := range m.n {
		s := (first + i) % m.n
		top := max(1, min(len(m.hands[s]), cardrules.MaxBid))
		opts, low := top, 1
		if k.Nil > 0 {
			opts, low = top+1, 0
		}
		m.bids[s] = low + m.decide(s, opts)
		m.emit(Event{Kind: EvBid, Seat: s, N: m.bids[s]})
	}
}

// side is seat s's side and the side's first seat, to which its points
// go: with partnerships (teams 2) seat s is in side s mod 2, whose first
// seat is s mod 2; otherwise every seat is a side of its own.
func (m *game) side(s int) int {
	if m.g.Teams == 2 {
		return s % 2
	}
	return s
}

// sides lists the sides by their first seats, ascending.
func (m *game) sides() []int {
	if m.g.Teams == 2 {
		return []int{0, 1}
	}
	out := make([]int, m.n)
	for s := range out {
		out[s] = s
	}
	return out
}

// scoreContract scores the contracts as a deal ends, first among the
// deal's-end scores. For each side in order of its first seat, with a
// contract C (its seats' bids other than nil) above 0 and T the tricks its
// seats that did not bid nil won in the deal: with T >= C the first seat
// scores C*trick + (T-C)*over (EvContract, Card ContractTricks), the side's
// bags grow by T-C, and while they reach the count (bags > 0) the first
// seat loses the penalty and they drop by the count (an EvContract, Card
// ContractBags, for each); with T < C the first seat loses C*trick. Then
// each seat that bid nil, in seat order, makes its side's first seat win
// the nil bonus when it won no trick, else lose it (Card ContractNil).
func (m *game) scoreContract() {
	k := m.g.Score.Contract
	if k == nil {
		return
	}
	for _, f := range m.sides() {
		c, t := 0, 0
		for s := range m.n {
			if m.side(s) == f && m.bids[s] > 0 {
				c += m.bids[s]
				t += m.tricks[s]
			}
		}
		switch {
		case c == 0:
			// Every seat of the side bid nil: no contract.
		case t >= c:
			m.contractScore(f, ContractTricks, c*k.Trick+(t-c)*k.Over)
			m.bags[f] += t - c
			for k.Bags > 0 && m.bags[f] >= k.Bags {
				m.bags[f] -= k.Bags
				m.contractScore(f, ContractBags, -k.Penalty)
			}
		default:
			m.contractScore(f, ContractTricks, -c*k.Trick)
		}
	}
	for s := range m.n {
		if m.bids[s] != 0 {
			continue
		}
		if m.tricks[s] == 0 {
			m.contractScore(m.side(s), ContractNil, k.Nil)
		} else {
			m.contractScore(m.side(s), ContractNil, -k.Nil)
		}
	}
}

// contractScore scores pts of kind kind to seat s, an EvContract.
func (m *game) contractScore(s, kind, pts int) {
	m.score[s] += pts
	m.emit(Event{Kind: EvContract, Seat: s, Card: kind, N: pts})
}

// targetReached reports whether a match's target ends it after a deal:
// with partnerships when a side's total (its seats' scores) reaches it,
// otherwise when a seat's score does.
func (m *game) targetReached() bool {
	t := m.g.Match.Target
	if t <= 0 {
		return false
	}
	total := make([]int, m.n)
	for s := range m.n {
		total[m.side(s)] += m.score[s]
	}
	for _, v := range total {
		if v >= t {
			return true
		}
	}
	return false
}
