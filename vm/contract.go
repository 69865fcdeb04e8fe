package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// contracting is a program's bids and contracts (the BID block).
type contracting struct {
	contract                             bool
	kTrick, kOver, kBags, kPenalty, kNil int32
}

// lowerContract lowers the END section's BID block.
func (p *Program) lowerContract(im *bytecode.Image) {
	k := im.Contract
	if k.At == 0 {
		return
	}
	p.contract = true
	p.kTrick, p.kOver, p.kBags, p.kPenalty, p.kNil = int32(k.Trick), int32(k.Over), int32(k.Bags), int32(k.Penalty), int32(k.Nil)
	p.dealEnd = true
}

// bidState is the deal's bidding: whether the round is due, the seat
// bidding and how many seats have bid, each seat's bid (-1: none yet;
// 0: nil) and the tricks each seat has won in the deal.
type bidState struct {
	bidDue  bool
	bidSeat int8
	bidDone uint8
	bids    [MaxSeats]int8
	tricks  [MaxSeats]uint8
}

// bidSetup opens the deal's bidding round, from the seat after the dealer.
func (m *Machine) bidSetup() {
	b := &m.bidState
	b.bidDue, b.bidSeat, b.bidDone = true, int8((int(m.dealer)+1)%m.n), 0
	for s := range b.bids {
		b.bids[s] = -1
	}
}

// bidOptions returns seat s's bids (bit b: a bid of b tricks): nil (0)
// where the contract allows it, then 1 up to the cards it holds (at most
// cardrules.MaxBid, at least 1).
func (m *Machine) bidOptions(s int) uint64 {
	hi := max(1, min(int(m.count[s]), cardrules.MaxBid))
	set := uint64(1)<<(hi+1) - 2
	if m.p.kNil > 0 {
		set |= 1
	}
	return set
}

// bidRound plays the bidding round: each seat in seat order from the seat
// after the dealer bids (DecideBid: its bids ascending; EvBid). A copy
// paused at a bid re-enters here: the seat bidding and the bids so far
// are in m.bidState.
func (m *Machine) bidRound() {
	b := &m.bidState
	for int(b.bidDone) < m.n {
		s := int(b.bidSeat)
		set := m.bidOptions(s)
		bid := nth(set, m.decide(s, DecideBid, bits.OnesCount64(set), set))
		b.bids[s] = int8(bid)
		if m.trace != nil {
			m.trace.add(EvBid, s, 0, int(bid))
		}
		b.bidSeat = int8((s + 1) % m.n)
		b.bidDone++
	}
	b.bidDue = false
}

// side returns the first seat of seat s's side: its partnership's (seat
// s mod 2) with teams, else s.
func (m *Machine) side(s int) int {
	if m.p.teams == 2 {
		return s & 1
	}
	return s
}

// contractOf returns side f's contract (its seats' bids other than nil)
// and the tricks its seats that did not bid nil won in the deal.
func (m *Machine) contractOf(f int) (bid, won int) {
	b := &m.bidState
	for s := range m.n {
		if m.side(s) == f && b.bids[s] > 0 {
			bid += int(b.bids[s])
			won += int(b.tricks[s])
		}
	}
	return bid, won
}

// scoreContract scores the deal's contracts, first among the deal's-end
// scores: each side in order of its first seat, where it has a contract,
// scores it made (points per trick bid and per overtrick; the overtricks
// add to its bags, and each time they reach the count it pays the
// penalty) or set (it loses the points per trick bid); then each nil bid,
// in seat order, wins or loses its points. Every point goes to the side's
// first seat (EvContract: Card 0 a contract, 1 a bag penalty, 2 a nil
// bid; N the points, negative when lost).
func (m *Machine) scoreContract() {
	p := m.p
	for f := range m.n {
		if m.side(f) != f {
			continue
		}
		bid, won := m.contractOf(f)
		if bid == 0 {
			continue
		}
		if won < bid {
			m.contractScore(f, 0, -int32(bid)*p.kTrick)
			continue
		}
		over := int32(won - bid)
		m.contractScore(f, 0, int32(bid)*p.kTrick+over*p.kOver)
		m.bags[f] += int16(over)
		for p.kBags > 0 && int32(m.bags[f]) >= p.kBags {
			m.bags[f] -= int16(p.kBags)
			m.contractScore(f, 1, -p.kPenalty)
		}
	}
	for s := range m.n {
		if m.bidState.bids[s] != 0 {
			continue
		}
		if m.bidState.tricks[s] == 0 {
			m.contractScore(m.side(s), 2, p.kNil)
		} else {
			m.contractScore(m.side(s), 2, -p.kNil)
		}
	}
}

// contractScore adds n points to seat s's score for reason why.
func (m *Machine) contractScore(s, why int, n int32) {
	m.score[s] += n
	if m.trace != nil {
		m.trace.add(EvContract, s, uint8(why), int(n))
	}
}

// greedyBid is the Greedy policy's bid: the cards it holds of the deck's
// two highest ranks, and its cards beyond three of a trick phase's fixed
// trump suit, at least its lowest bid other than nil and at most its
// highest.
func (m *Machine) greedyBid(s int, set uint64) uint8 {
	p := m.p
	h := m.hand[s] | m.hand2[s]
	n := 0
	for x := h; x != 0; x &= x - 1 {
		if c := bits.TrailingZeros64(x); int(p.rv[c]) >= int(p.topRV)-1 {
			n += m.countOf(s, 1<<c)
		}
	}
	for i := range p.nPhases {
		ph := &p.phases[i]
		if ph.op == bytecode.OpTrick && ph.trump >= cardrules.TrumpClubs {
			n += max(0, m.countOf(s, suitMask(uint8(ph.trump-cardrules.TrumpClubs)))-3)
			break
		}
	}
	lo := bits.TrailingZeros64(set &^ 1)
	hi := 63 - bits.LeadingZeros64(set)
	return uint8(min(max(n, lo), hi))
}
