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

// arrMeld is a meld of an arrangement: a set of position index q, or a run
// of suit from position index lo to hi.
type arrMeld struct {
	set     bool
	q, suit uint8
	lo, hi  uint8
}

// arranger searches the arrangements of one hand.
type arranger struct {
	p    *Program
	best int // the least deadwood found
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
	for w, h := range [2]uint64{m.hand[s], m.hand2[s]} {
		_ = w
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
	a.search(r1, r2, j)
	return a.best
}

// arranger returns scratch arranger i (0: a hand's own, 1: a defender's
// with anchors), reset.
func (m *Machine) arranger(i int) *arranger {
	a := &m.arr[i]
	a.p, a.best = m.p, 1<<30
	return a
}

// search arranges the cards r1, r2 (position-major) with acc deadwood so
// far.
func (a *arranger) search(r1, r2 uint64, acc int) {
	if acc >= a.best {
		return
	}
	if r1 == 0 {
		a.best = acc
		return
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
	if p.meldSets > 0 {
		a.sets(n1, n2, acc, q)
	}
	if p.meldRuns > 0 {
		x1, x2 := n1, n2
		for k, nb := 1, b+4; nb < 64; k, nb = k+1, nb+4 {
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
				a.search(x1, x2, acc)
			}
		}
	}
	if a.setQ&(1<<q) != 0 {
		a.search(n1, n2, acc) // (laid off onto a set of its position)
	}
	for i := range a.nRuns {
		r := &a.runs[i]
		if r.suit != suit {
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
			a.search(x1, x2, acc)
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
				a.search(x1, x2, acc)
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
				a.search(x1, x2, acc)
				r.lo = lo
			}
		}
	}
	a.search(n1, n2, acc+int(p.pmVal[b]))
}

// sets tries the sets of position index q holding the card just taken
// from r1, r2 and some of the other cards of that position left in n1, n2.
func (a *arranger) sets(n1, n2 uint64, acc int, q uint8) {
	need := int(a.p.meldSets) - 1
	same1, same2 := n1&(0xf<<(q*4)), n2&(0xf<<(q*4))
	if bits.OnesCount64(same1)+bits.OnesCount64(same2) < need {
		return
	}
	for sub1 := same1; ; sub1 = (sub1 - 1) & same1 {
		both := sub1 & same2
		for sub2 := both; ; sub2 = (sub2 - 1) & both {
			if bits.OnesCount64(sub1)+bits.OnesCount64(sub2) >= need {
				one := sub1 &^ sub2
				a.search(n1&^sub2&^(one&^n2), n2&^sub2&^one, acc)
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
	a := &m.arr[1]
	a.p, a.setQ, a.nRuns = m.p, 0, 0
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
			a.best = 1 << 30
			r1, r2, j := m.handBits(s)
			a.search(r1, r2, j)
			d[s] = a.best
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
