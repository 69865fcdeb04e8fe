package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Deadwood. Where a meld phase lays out, a hand's deadwood is the least
// total value of the cards left unmatched when it is arranged into disjoint
// melds; elsewhere it is the hand's total value. The arrangement is a
// search over the hand in position-major order (bit (position-1)*4 + suit,
// a face held twice also in the second word): the lowest card left is
// either in a set with other cards of its position, at the bottom of a run
// up its suit, laid off onto a knocker's meld (anchors), or unmatched.

// arrMeld is a run a defender lays off onto: of suit, from position index
// lo to hi.
type arrMeld struct {
	suit   uint8
	lo, hi uint8
}

// arranger searches the arrangements of one hand.
type arranger struct {
	p    *Program
	memo *[arrMemoSize]arrEntry
	// The anchors a defender lays off onto: sets' position indexes (bit
	// q) and runs.
	setQ  uint16
	runs  [maxMelds]arrMeld
	nRuns int
}

// handBits returns seat s's hand in position-major order (faces held
// twice in the second word) and the value of its jokers.
func (m *Machine) handBits(s int) (r1, r2 uint64, jokers int) {
	p := m.p
	for _, h := range [2]uint64{m.hand[s], m.hand2[s]} {
		for ; h != 0; h &= h - 1 {
			f := bits.TrailingZeros64(h)
			b := p.pmBit[f]
			if b == noFace {
				jokers += int(p.faceVal[f])
				continue
			}
			if r1&(1<<b) != 0 {
				r2 |= 1 << b
			} else {
				r1 |= 1 << b
			}
		}
	}
	return r1, r2, jokers
}

// handValue returns the total deadwood value of seat s's hand.
func (m *Machine) handValue(s int) int {
	v := 0
	for _, h := range [2]uint64{m.hand[s], m.hand2[s]} {
		for ; h != 0; h &= h - 1 {
			v += int(m.p.faceVal[bits.TrailingZeros64(h)])
		}
	}
	return v
}

// arrange returns seat s's deadwood: arranged into melds where the meld
// phase lays out, else its hand's value.
func (m *Machine) arrange(s int) int {
	if !m.p.meldOut {
		return m.handValue(s)
	}
	return m.arrangeBits(m.handBits(s))
}

// arrangeBits returns the least deadwood of the cards r1, r2
// (position-major) with jokers worth j, arranged into melds.
func (m *Machine) arrangeBits(r1, r2 uint64, j int) int {
	a := m.arranger(0)
	a.setQ, a.nRuns = 0, 0
	return j + a.least(r1, r2)
}

// least returns the least deadwood of the cards r1, r2, or their whole
// value when they are more than cardrules.MaxArranged (a limit of the
// model: the search grows too fast with such hands).
func (a *arranger) least(r1, r2 uint64) int {
	if bits.OnesCount64(r1)+bits.OnesCount64(r2) > cardrules.MaxArranged {
		v := 0
		for _, r := range [2]uint64{r1, r2} {
			for ; r != 0; r &= r - 1 {
				v += int(a.p.pmVal[bits.TrailingZeros64(r)])
			}
		}
		return v
	}
	return a.rest(r1, r2, 1<<30)
}

// arranger returns scratch arranger i (0: a hand's own, 1: a defender's
// with anchors).
func (m *Machine) arranger(i int) *arranger {
	a := &m.arr[i]
	a.p, a.memo = m.p, m.arrMemo
	return a
}

// arrMemoSize is the number of remembered states of the arrangements'
// search (a power of two).
const arrMemoSize = 1 << 12

// arrEntry remembers the least deadwood of a state: the cards left (r1, r2;
// r1 0: an empty entry) and the anchors' state (sig).
type arrEntry struct {
	r1, r2, sig uint64
	val         int32
}

// memoRuns is the most runs among the anchors whose state fits a sig
// exactly; with more, the search remembers nothing.
const memoRuns = 5

// sig returns the state of the anchors exactly (0: none): the sets'
// positions in bits 0-12, then 10 bits per run (its suit, its current
// lowest and highest position indexes; never all 0, as a run holds two
// positions); ok is false when they are too many to fit.
func (a *arranger) sig() (sig uint64, ok bool) {
	if a.nRuns > memoRuns {
		return 0, false
	}
	sig = uint64(a.setQ)
	for i, r := range a.runs[:a.nRuns] {
		sig |= (uint64(r.suit)<<8 | uint64(r.lo)<<4 | uint64(r.hi)) << (13 + 10*i)
	}
	return sig, true
}

// rest returns the least deadwood of the cards r1, r2 (position-major)
// when it is below bound, else some value at least bound. The lowest card
// left is unmatched, or in a set with other cards of its position, or at
// the bottom of a run up its suit, or laid off onto an anchor; the melds
// are tried first, each option bounded by the best so far, and the states
// whose value is found exactly are remembered (for the program's life:
// a state's value depends on nothing else; not where the anchors hold more
// than memoRuns runs), which keeps large hands with
// small melds from an exponential search.
func (a *arranger) rest(r1, r2 uint64, bound int) int {
	if r1 == 0 || bound <= 0 {
		return 0
	}
	sig, remember := a.sig()
	h := (r1*0x9e3779b97f4a7c15 ^ r2*0xc2b2ae3d27d4eb4f ^ sig*0x165667b19e3779f9) >> 52
	e := &a.memo[h&(arrMemoSize-1)]
	if remember && e.r1 == r1 && e.r2 == r2 && e.sig == sig {
		return int(e.val)
	}
	b := uint8(bits.TrailingZeros64(r1))
	bit := uint64(1) << b
	n1, n2 := r1, r2
	if r2&bit != 0 {
		n2 &^= bit
	} else {
		n1 &^= bit
	}
	q, suit := b>>2, b&3
	p := a.p
	best := 1 << 30
	try := func(x1, x2 uint64, cost int) {
		if v := cost + a.rest(x1, x2, min(best, bound)-cost); v < best {
			best = v
		}
	}
	if p.meldSets > 0 {
		need := int(p.meldSets) - 1
		same1, same2 := n1&(0xf<<(q*4)), n2&(0xf<<(q*4))
		if bits.OnesCount64(same1)+bits.OnesCount64(same2) >= need {
			for sub1 := same1; best > 0; sub1 = (sub1 - 1) & same1 {
				both := sub1 & same2
				for sub2 := both; best > 0; sub2 = (sub2 - 1) & both {
					if bits.OnesCount64(sub1)+bits.OnesCount64(sub2) >= need {
						one := sub1 &^ sub2
						try(n1&^sub2&^(one&^n2), n2&^sub2&^one, 0)
					}
					if sub2 == 0 {
						break
					}
				}
				if sub1 == 0 {
					break
				}
			}
		}
	}
	if p.meldRuns > 0 {
		x1, x2 := n1, n2
		for k, nb := 1, b+4; nb < 64 && best > 0; k, nb = k+1, nb+4 {
			nbit := uint64(1) << nb
			if x1&nbit == 0 {
				break
			}
			if x2&nbit != 0 {
				x2 &^= nbit
			} else {
				x1 &^= nbit
			}
			if k+1 >= int(p.meldRuns) {
				try(x1, x2, 0)
			}
		}
	}
	if a.setQ&(1<<q) != 0 {
		try(n1, n2, 0) // (laid off onto a set of its position)
	}
	for i := range a.nRuns {
		r := &a.runs[i]
		if r.suit != suit || best == 0 {
			continue
		}
		switch {
		case q == r.hi+1:
			// Laid off above the run, with the cards in a row above it
			// (the run then ends higher: another copy of a card laid off
			// does not fit it).
			hi := r.hi
			x1, x2 := n1, n2
			r.hi = q
			try(x1, x2, 0)
			for nb := b + 4; nb < 64; nb += 4 {
				nbit := uint64(1) << nb
				if x1&nbit == 0 {
					break
				}
				if x2&nbit != 0 {
					x2 &^= nbit
				} else {
					x1 &^= nbit
				}
				r.hi = nb >> 2
				try(x1, x2, 0)
			}
			r.hi = hi
		case q < r.lo:
			// Laid off below the run with every card up to it.
			x1, x2, ok := n1, n2, true
			for nq := q + 1; nq < r.lo && ok; nq++ {
				nbit := uint64(1) << (nq*4 + suit)
				switch {
				case x1&nbit == 0:
					ok = false
				case x2&nbit != 0:
					x2 &^= nbit
				default:
					x1 &^= nbit
				}
			}
			if ok {
				lo := r.lo
				r.lo = q
				try(x1, x2, 0)
				r.lo = lo
			}
		}
	}
	if best > 0 {
		try(n1, n2, int(p.pmVal[b]))
	}
	if remember && best < bound {
		*e = arrEntry{r1: r1, r2: r2, sig: sig, val: int32(best)}
	}
	return best
}

// scoreDeadwood scores the deal's deadwood (score.deadwood): the first
// seat out as a winner scores each other seat's deadwood less its own, or
// a seat with no more deadwood than it (an undercut, where it has any)
// scores the difference and the undercut bonus; a knock with no deadwood
// scores the gin bonus.
func (m *Machine) scoreDeadwood() {
	k := m.deadwoods()
	if k < 0 {
		return
	}
	d := &m.dwBest
	dk := d[k]
	if m.trace != nil {
		m.trace.add(EvDeadwood, k, 0, dk)
		for s := range m.n {
			if s != k {
				m.trace.add(EvDeadwood, s, 0, d[s])
			}
		}
	}
	for s := range m.n {
		switch {
		case s == k:
		case d[s] > dk:
			m.outScore(k, 0, d[s]-dk)
		case dk > 0:
			m.outScore(s, 0, dk-d[s])
			m.outScore(s, 1, int(m.p.undercut))
		}
	}
	if m.p.meldOut && dk == 0 {
		m.outScore(k, 2, int(m.p.gin))
	}
}

// deadwoods returns the first seat out as a winner in the deal (-1:
// none, and nothing scores) and puts every seat's deadwood in dwBest:
// where the meld phase lays out and that seat has some, the others' once
// they lay off onto the melds on the table (those it laid as it knocked).
func (m *Machine) deadwoods() int {
	k := -1
	for i, s := range m.outOrder[:m.nOut] {
		if m.outRes[i] == cardrules.ResultWin {
			k = int(s)
			break
		}
	}
	if k < 0 {
		return -1
	}
	d := &m.dwBest
	for s := range m.n {
		d[s] = m.arrange(s)
	}
	if !m.p.meldOut || d[k] == 0 {
		return k
	}
	a := m.arranger(1)
	a.setQ, a.nRuns = 0, 0
	t := &m.mt
	for _, md := range t.melds[:t.meldN] {
		if md.set {
			a.setQ |= 1 << (m.p.posOf[md.first] - 1)
		} else {
			a.runs[a.nRuns] = arrMeld{suit: md.suit, lo: md.lo - 1, hi: md.hi - 1}
			a.nRuns++
		}
	}
	for s := range m.n {
		if s != k {
			r1, r2, j := m.handBits(s)
			d[s] = j + a.least(r1, r2)
		}
	}
	return k
}

// outScore scores n deadwood points to seat s, for reason why (0 the
// difference, 1 an undercut, 2 gin).
func (m *Machine) outScore(s, why, n int) {
	if n == 0 {
		return
	}
	m.score[s] += int32(n)
	if m.trace != nil {
		m.trace.add(EvOutScore, s, uint8(why), n)
	}
}
