package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Options of a meld phase's decisions (bits of their option sets, after
// OptDraw, which draws from the stock, and OptPass, which plays on).
const (
	OptTake  = 60 // take the top card of the discard pile
	OptKnock = 61 // knock, ending the deal
)

// maxMelds bounds the melds on the table: each holds two cards or more.
const maxMelds = cardrules.MaxDeck / 2

// noFace marks a face that does not exist (a run's end, a joker's place).
const noFace = 0xff

// melding holds the lowered meld phase and deadwood scores: the phase's
// rules; each face's deadwood value, its place in the arrangement's
// position-major order (bit (position-1)*4 + suit) and the faces beside it
// in its suit's run order; the deadwood scores.
type melding struct {
	melds              bool  // the program has a meld phase
	meldOut            bool  // its melds are laid only as the deal ends
	meldSets, meldRuns uint8 // the least cards of a set and of a run (0: none)
	deadwood           bool  // score.deadwood
	gin, undercut      int32
	faceVal            [cardrules.PackStride]uint8 // each face's deadwood value
	pmBit              [cardrules.PackStride]uint8 // each standard face's bit in the position-major order (noFace: a joker)
	pmVal              [64]uint8                   // the deadwood value of each position-major bit
	runUp, runDown     [cardrules.PackStride]uint8 // the face of the same suit one position up and down (noFace: none)
	posOf              [cardrules.PackStride]uint8 // each standard face's position, from 1
}

// lowerMelds lowers the meld phase and the OUT block, once the capture
// values (positions) are known.
func (p *Program) lowerMelds(im *bytecode.Image) {
	p.deadwood, p.gin, p.undercut = im.Out.At != 0, int32(im.Out.Gin), int32(im.Out.Undercut)
	for _, ph := range im.Phases {
		if ph.Op == bytecode.OpMeld {
			p.melds, p.meldOut = true, ph.Lay == cardrules.LayOut
			p.meldSets, p.meldRuns = uint8(ph.Sets), uint8(ph.Runs)
			p.hasDiscard = true
		}
	}
	p.dealEnd = p.dealEnd || p.deadwood
	if !p.melds && !p.deadwood {
		return
	}
	var at [cardrules.NumSuits][cardrules.NumRanks + 2]uint8 // the face at each suit's position
	for s := range at {
		for q := range at[s] {
			at[s][q] = noFace
		}
	}
	for f := range cardrules.PackStride {
		p.pmBit[f], p.runUp[f], p.runDown[f] = noFace, noFace, noFace
	}
	for _, c := range im.Deck()[:p.faces()] {
		card := cardrules.Card(c)
		p.faceVal[c] = min(p.cval[c], cardrules.DeadwoodCap)
		if card.Rank() == cardrules.Joker {
			p.faceVal[c] = cardrules.DeadwoodCap
			continue
		}
		q := p.cval[c]
		p.posOf[c] = q
		at[card.Suit()][q] = c
		b := (q-1)*4 + uint8(card.Suit())
		p.pmBit[c], p.pmVal[b] = b, p.faceVal[c]
	}
	for _, c := range im.Deck()[:p.faces()] {
		if p.pmBit[c] == noFace {
			continue
		}
		s, q := cardrules.Card(c).Suit(), p.posOf[c]
		p.runUp[c], p.runDown[c] = at[s][q+1], at[s][q-1]
	}
}

// tableMeld is a meld on the table: a set of one rank, or a run of one
// suit from position lo to hi; its count and its first card's face.
type tableMeld struct {
	set         bool
	rank, suit  uint8
	lo, hi      uint8
	n           uint8
	first, last uint8 // a run's lowest and highest faces
}

// meldTable is the table's melds (game state kept apart from game, so that
// programs without melds never reset or copy it): the melds, the cards in
// them, whether the last is still being laid, and the face the seat took
// from the discard pile this turn (noFace: none).
type meldTable struct {
	melds  [maxMelds]tableMeld
	meldN  uint8
	melded pair
	open   bool
	taken  uint8
	// Whether a card was laid since the deal began or the stock was last
	// refilled, and whether a refill found none was (the deal is stuck).
	laidSince, stalled bool
}

// meldPhase: the current seat draws from the stock or takes the discard
// pile's top card (DecideDraw), lays melds and lay-offs where the phase
// lays in the turn (DecideMeld, DecideMeldCard, DecideLayOff), discards a
// card as its play (DecideCard: its effects fire) and, where the phase
// lays out, may knock (DecideKnock). Then the end conditions are checked.
// The vm package doc ("Melds, knocking and deadwood") gives the rules in
// full.
func (m *Machine) meldPhase(ph *phase) {
	s := m.cur
	m.ph = ph
	if !m.isActive(s) {
		return
	}
	step := 0 // 0 draw, 1 melds, 2 lay-offs, 3 discard, 4 the discard's effects, 5 the knock, 6 the knocker's melds
	if m.resuming {
		switch m.paused {
		case DecideDraw:
		case DecideMeld, DecideMeldCard:
			step = 1
			if m.p.meldOut {
				step = 6
			}
		case DecideLayOff:
			step = 2
		case DecideCard:
			step = 3
		case DecideKnock:
			step = 5
		default:
			step = 4
		}
	}
	if step == 0 {
		m.mt.taken = noFace
		if !m.meldDraw(s) {
			return // (a pass ends the turn, as in a play phase)
		}
	}
	if !m.p.meldOut && step <= 2 {
		if step <= 1 {
			m.layMelds(ph, s)
		}
		m.layOffs(s)
		if m.count[s] == 0 {
			m.checkEnd()
			return
		}
	}
	switch {
	case step <= 3:
		m.meldDiscard(s)
	case step == 4:
		m.onPlayMore(s, uint8(m.last))
	}
	if m.over {
		return
	}
	knocks := step == 6
	if !knocks && m.p.meldOut && m.isActive(s) && m.count[s] > 0 && (step == 5 || m.arrange(s) <= int(ph.count)) {
		const opts = 1<<OptPass | 1<<OptKnock
		if knocks = m.decide(s, DecideKnock, 2, opts) == 1; knocks && m.trace != nil {
			m.trace.add(EvKnock, s, 0, m.arrange(s))
		}
	}
	if knocks {
		// It lays its melds out, for the others to lay off onto, and goes
		// out on no card (went_out waits for nothing).
		m.layMelds(ph, s)
		m.lastLeft[s] = 0
		m.out(s, cardrules.ResultWin)
	}
	m.checkEnd()
}

// meldDraw is seat s's draw: from the stock, or the discard pile's top
// card where it decides so. With no stock to draw from it passes, and
// meldDraw reports false.
func (m *Machine) meldDraw(s int) bool {
	if !m.canDraw() {
		m.pass(s, 0)
		return false
	}
	if m.discN > 0 {
		const opts = 1<<OptDraw | 1<<OptTake
		if m.decide(s, DecideDraw, 2, opts) == 1 {
			m.discN--
			c := m.disc[m.discN]
			m.give(s, c)
			if m.observe {
				m.knownBy[c] = 0xff
			}
			m.mt.taken = c % cardrules.PackStride
			m.steps++
			if m.trace != nil {
				m.trace.add(EvTakeTop, s, c, 0)
			}
			return true
		}
	}
	m.drawCard(s)
	return true
}

// meldDiscard is seat s's discard, its play: its playable cards less the
// face it took from the discard pile this turn (unless nothing else is
// playable). With none, it discards nothing.
func (m *Machine) meldDiscard(s int) {
	opts := m.must(s, m.held(s)&^m.forbid[s]) &^ m.gated(s, true) // (it lands on the discard pile)
	if t := m.mt.taken; t != noFace && opts&^(1<<t) != 0 {
		opts &^= 1 << t
	}
	if opts == 0 {
		return
	}
	c := m.takeFace(s, nth(opts, m.decide(s, DecideCard, bits.OnesCount64(opts), opts)))
	m.disc[m.discN] = c
	m.discN++
	m.suit = suitOf[c]
	m.passes = 0
	if m.stockN == 0 && m.p.reshuffleNow {
		m.refill()
	}
	m.onPlay(s, c)
}

// layMelds lays seat s's new melds: a first card (DecideMeld, OptDone to
// lay no more), then its further cards (DecideMeldCard).
func (m *Machine) layMelds(ph *phase, s int) {
	if m.mt.open {
		m.meldMore(s)
	}
	for {
		opts := m.meldStarts(s)
		if opts == 0 {
			return
		}
		opts |= 1 << OptDone
		f := nth(opts, m.decide(s, DecideMeld, bits.OnesCount64(opts), opts))
		if f == OptDone {
			return
		}
		t := &m.mt
		c := m.takeFace(s, f)
		card := cardrules.Card(f)
		t.melds[t.meldN] = tableMeld{rank: uint8(card.Rank()), suit: uint8(card.Suit()), lo: m.p.posOf[f], hi: m.p.posOf[f], first: f, last: f}
		t.meldN++
		t.open = true
		m.laid(s, c, EvLay, int(t.meldN)-1)
		m.meldMore(s)
	}
}

// meldStarts returns the faces seat s holds that begin a meld it can
// complete.
func (m *Machine) meldStarts(s int) uint64 {
	p := m.p
	h := m.held(s)
	var out uint64
	for x := h; x != 0; x &= x - 1 {
		f := uint8(bits.TrailingZeros64(x))
		if p.pmBit[f] == noFace {
			continue
		}
		if p.meldSets > 0 && m.countOf(s, rankSet[rankOf[f]]) >= int(p.meldSets) || p.meldRuns > 0 && m.runHeld(h, p.runUp[f], int(p.meldRuns)-1) {
			out |= 1 << f
		}
	}
	return out
}

// runHeld reports whether hand faces h hold k faces in a row up the suit
// from face f (k 0: yes).
func (m *Machine) runHeld(h uint64, f uint8, k int) bool {
	for ; k > 0; k-- {
		if f == noFace || h&(1<<f) == 0 {
			return false
		}
		f = m.p.runUp[f]
	}
	return true
}

// meldMore lays the further cards of seat s's open meld (DecideMeldCard),
// until it chooses OptDone once the meld is complete.
func (m *Machine) meldMore(s int) {
	p, t := m.p, &m.mt
	md := &t.melds[t.meldN-1]
	for {
		h := m.held(s)
		var opts uint64
		switch {
		case md.n == 1:
			if p.meldSets > 0 && m.countOf(s, rankSet[md.rank]) >= int(p.meldSets)-1 {
				opts |= h & rankSet[md.rank]
			}
			if up := p.runUp[md.first]; p.meldRuns > 0 && m.runHeld(h, up, int(p.meldRuns)-1) {
				opts |= 1 << up
			}
		case md.set:
			opts = h & rankSet[md.rank]
			if md.n >= p.meldSets {
				opts |= 1 << OptDone
			}
		default:
			if up := p.runUp[md.last]; up != noFace && h&(1<<up) != 0 {
				opts |= 1 << up
			}
			if md.n >= p.meldRuns {
				opts |= 1 << OptDone
			}
		}
		f := nth(opts, m.decide(s, DecideMeldCard, bits.OnesCount64(opts), opts))
		if f == OptDone {
			t.open = false
			return
		}
		if md.n == 1 {
			md.set = rankOf[f] == md.rank
		}
		if !md.set {
			md.hi, md.last = p.posOf[f], f
		}
		m.laid(s, m.takeFace(s, f), EvLay, int(t.meldN)-1)
	}
}

// layOffs lays seat s's cards off onto the melds on the table
// (DecideLayOff, OptDone to lay no more), each onto the first meld it
// extends.
func (m *Machine) layOffs(s int) {
	t := &m.mt
	for t.meldN > 0 {
		opts := m.layOffOptions(s)
		if opts == 0 {
			return
		}
		opts |= 1 << OptDone
		f := nth(opts, m.decide(s, DecideLayOff, bits.OnesCount64(opts), opts))
		if f == OptDone {
			return
		}
	melds:
		for i := range t.meldN {
			md := &t.melds[i]
			switch {
			case md.set && rankOf[f] == md.rank:
			case !md.set && f == m.p.runUp[md.last]:
				md.hi, md.last = m.p.posOf[f], f
			case !md.set && f == m.p.runDown[md.first]:
				md.lo, md.first = m.p.posOf[f], f
			default:
				continue
			}
			m.laid(s, m.takeFace(s, f), EvLayOff, int(i))
			break melds
		}
	}
}

// layOffOptions returns the faces seat s holds that extend a meld on the
// table.
func (m *Machine) layOffOptions(s int) uint64 { return m.held(s) & m.layOffFaces() }

// layOffFaces returns the faces that extend a meld on the table.
func (m *Machine) layOffFaces() uint64 {
	t := &m.mt
	var ext uint64
	for i := range t.meldN {
		md := &t.melds[i]
		if md.set {
			ext |= rankSet[md.rank]
			continue
		}
		if up := m.p.runUp[md.last]; up != noFace {
			ext |= 1 << up
		}
		if down := m.p.runDown[md.first]; down != noFace {
			ext |= 1 << down
		}
	}
	return ext
}

// laid accounts card c, which seat s laid onto meld i (event k: EvLay or
// EvLayOff).
func (m *Machine) laid(s int, c uint8, k EventKind, i int) {
	t := &m.mt
	t.melded.add(c)
	t.melds[i].n++
	t.laidSince = true
	m.steps++
	m.passes = 0
	if m.observe {
		m.knownBy[c] = 0xff
	}
	if m.trace != nil {
		m.trace.add(k, s, c, i)
	}
}

// greedyMeldDraw is the Greedy policy's draw (0: the stock, 1: the
// discard pile's top card): the top card when it joins a meld of its hand's
// best arrangement or extends a meld on the table.
func (m *Machine) greedyMeldDraw(s int) int {
	p := m.p
	top := m.disc[m.discN-1] % cardrules.PackStride
	b := p.pmBit[top]
	if b == noFace {
		return 0
	}
	if !p.meldOut && m.layOffFaces()&(1<<top) != 0 {
		return 1
	}
	r1, r2, j := m.handBits(s)
	base := m.arrangeBits(r1, r2, j)
	if r1&(1<<b) != 0 {
		r2 |= 1 << b
	} else {
		r1 |= 1 << b
	}
	if m.arrangeBits(r1, r2, j) < base+int(p.faceVal[top]) {
		return 1
	}
	return 0
}

// greedyMeldDiscard is the Greedy policy's discard among the faces of
// set: the one whose loss leaves its hand the least deadwood once
// arranged, the highest valued on ties (the lowest face on further ties).
func (m *Machine) greedyMeldDiscard(s int, set uint64) uint8 {
	p := m.p
	r1, r2, j := m.handBits(s)
	best, bestDW, bestVal := uint8(bits.TrailingZeros64(set)), 1<<30, -1
	for x := set; x != 0; x &= x - 1 {
		f := uint8(bits.TrailingZeros64(x))
		dw := 0
		if b := p.pmBit[f]; b == noFace {
			dw = m.arrangeBits(r1, r2, j-int(p.faceVal[f]))
		} else if r2&(1<<b) != 0 {
			dw = m.arrangeBits(r1, r2&^(1<<b), j)
		} else {
			dw = m.arrangeBits(r1&^(1<<b), r2, j)
		}
		if v := int(p.faceVal[f]); dw < bestDW || dw == bestDW && v > bestVal {
			best, bestDW, bestVal = f, dw, v
		}
	}
	return best
}
