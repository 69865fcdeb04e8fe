package reference

import (
	"cmp"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Out scores: the Card of an EvOutScore event.
const (
	OutDifference = 0 // the difference of deadwood
	OutUndercut   = 1 // an undercut's bonus
	OutGin        = 2 // gin's bonus
)

// deadwoodValue is card c's deadwood: its position, at most
// cardrules.DeadwoodCap; a joker's is the cap.
func (m *game) deadwoodValue(c genome.Card) int {
	if isJoker(c) {
		return cardrules.DeadwoodCap
	}
	return min(m.position(c), cardrules.DeadwoodCap)
}

// handValue is the total deadwood value of cs.
func (m *game) handValue(cs []genome.Card) int {
	v := 0
	for _, c := range cs {
		v += m.deadwoodValue(c)
	}
	return v
}

// meldMins returns the meld phase's least cards of a set and of a run, and
// whether it lays out (where a hand's deadwood is what its best
// arrangement leaves unmatched).
func (m *game) meldMins() (sets, runs int, out bool) {
	i := m.g.MeldPhase()
	if i < 0 {
		return 0, 0, false
	}
	p := m.g.Turn[i]
	return p.Sets, p.Runs, p.Lay == cardrules.LayOut
}

// deadwood is the deadwood of hand cs: in a game whose meld phase lays out,
// the least total value of the cards left unmatched when cs is arranged
// into disjoint melds; otherwise the total value of cs.
func (m *game) deadwood(cs []genome.Card) int {
	sets, runs, out := m.meldMins()
	if !out {
		return m.handValue(cs)
	}
	a := m.arranger(cs, sets, runs, nil)
	a.search(0)
	return a.best
}

// shape is a meld of an arrangement of a hand: a set of one rank or a
// run of one suit from position lo to hi.
type shape struct {
	run    bool
	rank   genome.Rank
	suit   genome.Suit
	lo, hi int
}

// arranging is one exhaustive search over the arrangements of a hand into
// melds: recursive over its standard cards sorted by suit, position and
// id, the first card not yet placed being left unmatched, or beginning a
// set with any choice of the later cards of its rank, or beginning a run
// with the cards of its suit at the next positions, or (laying off onto
// onto, the knocker's melds) going onto a set of its rank, or beginning
// the group of consecutive cards that extends a run of onto up from its
// highest (the card just above it) or down from its lowest (the group
// reaching the card just below it). Each end of a run of onto takes one
// group. Jokers are always unmatched. Each state's least deadwood is
// remembered (rest).
type arranging struct {
	m          *game
	sets, runs int
	cards      []genome.Card
	pos        []int
	used       []bool
	onto       []shape
	up, down   []bool // onto's runs extended up, down
	dw         int    // the jokers' deadwood
	best       int
	memo       map[arrangeKey]int
}

func (m *game) arranger(cs []genome.Card, sets, runs int, onto []shape) *arranging {
	a := &arranging{m: m, sets: sets, runs: runs, onto: onto, best: 1 << 30, memo: map[arrangeKey]int{},
		up: make([]bool, len(onto)), down: make([]bool, len(onto))}
	for _, c := range cs {
		if isJoker(c) {
			a.dw += m.deadwoodValue(c)
		} else {
			a.cards = append(a.cards, c)
		}
	}
	slices.SortFunc(a.cards, func(x, y genome.Card) int {
		return cmp.Or(cmp.Compare(x.Suit(), y.Suit()), cmp.Compare(m.position(x), m.position(y)), cmp.Compare(x, y))
	})
	for _, c := range a.cards {
		a.pos = append(a.pos, m.position(c))
	}
	a.used = make([]bool, len(a.cards))
	return a
}

// next returns the first card not yet placed from i on (len: none).
func (a *arranging) next(i int) int {
	for i < len(a.cards) && a.used[i] {
		i++
	}
	return i
}

// after returns the first card not yet placed after i of suit u at
// position p, or -1.
func (a *arranging) after(i int, u genome.Suit, p int) int {
	for j := i + 1; j < len(a.cards); j++ {
		if !a.used[j] && a.cards[j].Suit() == u && a.pos[j] == p {
			return j
		}
	}
	return -1
}

func (a *arranging) place(js []int, on bool) {
	for _, j := range js {
		a.used[j] = on
	}
}

func (a *arranging) search(int) {
	if len(a.cards) > cardrules.MaxArranged {
		// (A limit of the model: such a hand is not arranged.)
		a.best = a.dw + a.m.handValue(a.cards)
		return
	}
	a.best = a.dw + a.rest()
}

// arrangeKey is a state of the search: the cards placed and the ends of
// onto's runs already extended.
type arrangeKey struct{ used, ext [2]uint64 }

func (a *arranging) key() arrangeKey {
	var k arrangeKey
	for j, u := range a.used {
		if u {
			k.used[j/64] |= 1 << (j % 64)
		}
	}
	for r := range a.onto {
		if a.up[r] {
			k.ext[(2*r)/64] |= 1 << ((2 * r) % 64)
		}
		if a.down[r] {
			k.ext[(2*r+1)/64] |= 1 << ((2*r + 1) % 64)
		}
	}
	return k
}

// rest returns the least deadwood of the cards not yet placed, remembered
// per state (the search is otherwise exponential in large hands).
func (a *arranging) rest() int {
	i := a.next(0)
	if i == len(a.cards) {
		return 0
	}
	k := a.key()
	if v, ok := a.memo[k]; ok {
		return v
	}
	c := a.cards[i]
	a.used[i] = true
	// Unmatched.
	best := a.m.deadwoodValue(c) + a.rest()
	try := func(js []int) {
		a.place(js, true)
		best = min(best, a.rest())
		a.place(js, false)
	}
	// A set of c and some later cards of its rank.
	if a.sets > 0 {
		var same []int
		for j := i + 1; j < len(a.cards); j++ {
			if !a.used[j] && a.cards[j].Rank() == c.Rank() {
				same = append(same, j)
			}
		}
		for bits := 1; bits < 1<<len(same); bits++ {
			var js []int
			for b, j := range same {
				if bits&(1<<b) != 0 {
					js = append(js, j)
				}
			}
			if len(js)+1 >= a.sets {
				try(js)
			}
		}
	}
	// A run up from c.
	if a.runs > 0 {
		var js []int
		for j := a.after(i, c.Suit(), a.pos[i]+1); j >= 0; j = a.after(i, c.Suit(), a.pos[j]+1) {
			js = append(js, j)
			if len(js)+1 >= a.runs {
				try(slices.Clone(js))
			}
			a.used[j] = true
		}
		a.place(js, false)
	}
	// Laid off onto a set of its rank.
	if slices.ContainsFunc(a.onto, func(o shape) bool { return !o.run && o.rank == c.Rank() }) {
		try(nil)
	}
	// Laid off onto a run, up from its highest or down to its lowest.
	for r, o := range a.onto {
		if !o.run || o.suit != c.Suit() {
			continue
		}
		if !a.up[r] && a.pos[i] == o.hi+1 {
			a.up[r] = true
			var js []int
			last := i
			for {
				try(slices.Clone(js))
				j := a.after(i, c.Suit(), a.pos[last]+1)
				if j < 0 {
					break
				}
				js = append(js, j)
				last = j
				a.used[j] = true
			}
			a.place(js, false)
			a.up[r] = false
		}
		if !a.down[r] && a.pos[i] < o.lo {
			var js []int
			last := i
			for p := a.pos[i] + 1; p < o.lo; p++ {
				j := a.after(i, c.Suit(), p)
				if j < 0 {
					break
				}
				js = append(js, j)
				last = j
				a.used[j] = true
			}
			a.place(js, false)
			if a.pos[last] == o.lo-1 {
				a.down[r] = true
				try(js)
				a.down[r] = false
			}
		}
	}
	a.used[i] = false
	a.memo[k] = best
	return best
}

// knocker returns the first seat out as a winner in the deal, or -1.
func (m *game) knocker() int {
	for i, s := range m.outSeat {
		if m.outResult[i] == cardrules.ResultWin {
			return s
		}
	}
	return -1
}

// scoreDeadwood scores the deadwood as a deal ends (score.deadwood),
// after the layout is gathered and the tallies, before the finishing
// order and the hand scores. K is the first seat out as a winner (none:
// nothing scores). Every seat's deadwood is that of its hand (deadwood);
// in a game whose meld phase lays out, where K has some, every other seat's
// is the least after arranging its own hand and laying off its unmatched
// cards onto the melds on the table (those K laid as it knocked), each as
// if alone. EvDeadwood for K, then each other seat in seat order; then for
// each other seat s: K scores ds - dK when ds > dK, else (dK > 0) s scores
// dK - ds and the undercut; then K scores gin when dK is 0 in a game that
// lays out. Each nonzero score is an EvOutScore (Card the kind:
// OutDifference, OutUndercut, OutGin).
func (m *game) scoreDeadwood() {
	k := m.knocker()
	if !m.g.Score.Deadwood || k < 0 {
		return
	}
	sets, runs, out := m.meldMins()
	ds := make([]int, m.n)
	for s := range m.n {
		ds[s] = m.deadwood(m.hands[s])
	}
	dk := ds[k]
	if out && dk > 0 {
		var onto []shape
		for _, t := range m.melds.table {
			sh := shape{run: t.run, rank: t.cards[0].Rank(), suit: t.cards[0].Suit(), lo: 1 << 30}
			for _, c := range t.cards {
				sh.lo, sh.hi = min(sh.lo, m.position(c)), max(sh.hi, m.position(c))
			}
			onto = append(onto, sh)
		}
		for s := range m.n {
			if s != k {
				b := m.arranger(m.hands[s], sets, runs, onto)
				b.search(0)
				ds[s] = b.best
			}
		}
	}
	m.emit(Event{Kind: EvDeadwood, Seat: k, N: dk})
	for s := range m.n {
		if s != k {
			m.emit(Event{Kind: EvDeadwood, Seat: s, N: ds[s]})
		}
	}
	for s := range m.n {
		switch {
		case s == k:
		case ds[s] > dk:
			m.outScore(k, OutDifference, ds[s]-dk)
		case dk > 0:
			m.outScore(s, OutDifference, dk-ds[s])
			m.outScore(s, OutUndercut, m.g.Score.Undercut)
		}
	}
	if out && dk == 0 {
		m.outScore(k, OutGin, m.g.Score.Gin)
	}
}

// outScore scores pts of kind kind to seat s (nothing when pts is 0).
func (m *game) outScore(s, kind, pts int) {
	if pts == 0 {
		return
	}
	m.score[s] += pts
	m.emit(Event{Kind: EvOutScore, Seat: s, Card: kind, N: pts})
}
