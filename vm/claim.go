package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// OptChallenge challenges a claim (bit 59 of a DecideChallenge option
// set, after OptPass, which lets it be).
const OptChallenge = 59

// lowerClaims lowers what claim phases share: the claimable ranks (the
// deck's standard ranks with a card in it) in the deck's order, and each
// rank's cards.
func (p *Program) lowerClaims(im *bytecode.Image) {
	if p.claimNR > 0 {
		return
	}
	for r := range cardrules.Joker + 1 {
		p.claimAt[r] = -1
	}
	var have uint16 // (the ranks with a card in the deck)
	for _, c := range im.Deck() {
		have |= 1 << rankOf[c%cardrules.PackStride]
	}
	for _, r := range im.Order.Ranks() {
		if have&(1<<r) != 0 {
			p.claimAt[r] = int8(p.claimNR)
			p.claimOrder[p.claimNR] = uint8(r)
			p.claimNR++
		}
	}
	for _, c := range im.Deck() {
		p.rankCards[rankOf[c%cardrules.PackStride]]++
	}
}

// claimPhase: the current seat puts one to the phase's max cards face down
// on the claim pile, claiming they are all of one rank the claim rule
// allows (DecideClaim; then DecideCard for the first card and
// DecideClaimCard, with OptDone, for each further one); then each other
// seat still in, in turn order, may challenge (DecideChallenge), and the
// first to do so turns the claim's cards up: a true claim gives the
// challenger the whole pile, a false one the claimer. Then the end
// conditions are checked. The vm package doc ("Claims and challenges")
// gives the rules in full.
func (m *Machine) claimPhase(ph *phase) {
	s := m.cur
	m.ph = ph
	if !m.isActive(s) {
		return
	}
	paused := DecisionKind(255)
	if m.resuming {
		paused = m.paused
	}
	switch paused {
	case DecideChallenge:
		m.challenge(s)
		return
	case DecideClaimCard:
		m.claimMore(ph, s)
		return
	case DecideCard:
	default:
		if m.held(s) == 0 {
			m.pass(s, 0)
			if !m.over { // (a blocked end)
				m.checkEnd()
			}
			return
		}
		allowed := m.claimable(ph)
		m.claimRank = int8(nth(uint64(allowed), m.decide(s, DecideClaim, bits.OnesCount16(allowed), uint64(allowed))))
		m.claimCur, m.claimCurN = pair{}, 0
	}
	h := m.held(s)
	m.claimLand(s, nth(h, m.decide(s, DecideCard, bits.OnesCount64(h), h)))
	m.claimMore(ph, s)
}

// claimable returns the ranks the claim rule allows (a rank mask).
func (m *Machine) claimable(ph *phase) uint16 {
	p := m.p
	if m.claimLast < 0 {
		if ph.claims == cardrules.ClaimNext {
			return 1 << ph.start
		}
		return m.allClaimable()
	}
	at := int(p.claimAt[m.claimLast])
	up := p.claimOrder[(at+1)%p.claimNR]
	switch ph.claims {
	case cardrules.ClaimNext:
		return 1 << up
	case cardrules.ClaimNear:
		return 1<<uint(m.claimLast) | 1<<up | 1<<p.claimOrder[(at+p.claimNR-1)%p.claimNR]
	}
	return m.allClaimable()
}

// allClaimable returns every claimable rank.
func (m *Machine) allClaimable() uint16 {
	var out uint16
	for _, r := range m.p.claimOrder[:m.p.claimNR] {
		out |= 1 << r
	}
	return out
}

// claimLand puts seat s's card of face f face down on the claim pile.
func (m *Machine) claimLand(s int, f uint8) {
	c := m.takeFace(s, f)
	m.claimPile.add(c)
	m.claimCur.add(c)
	m.claimN++
	m.claimCurN++
	m.res.Plays++
	m.steps++
	m.passes = 0
	if m.observe {
		m.knownBy[c] = 1 << s
	}
	if m.trace != nil {
		m.trace.add(EvPlay, s, c, 1)
	}
}

// claimMore chooses seat s's further cards (DecideClaimCard, OptDone
// last), then makes the claim and opens the challenge.
func (m *Machine) claimMore(ph *phase, s int) {
	for m.claimCurN < ph.count {
		h := m.held(s)
		if h == 0 {
			break
		}
		opts := h | 1<<OptDone
		f := nth(opts, m.decide(s, DecideClaimCard, bits.OnesCount64(opts), opts))
		if f == OptDone {
			break
		}
		m.claimLand(s, f)
	}
	m.claimLast = m.claimRank
	if m.trace != nil {
		m.trace.add(EvClaim, s, uint8(m.claimRank), int(m.claimCurN))
	}
	m.claimAsk = -1
	m.challenge(s)
}

// challenge asks each other seat still in, in turn order from the seat
// after claimer s (from m.claimAsk when re-entering), whether it
// challenges; the first that does settles the claim. Then the end
// conditions are checked.
func (m *Machine) challenge(s int) {
	t := m.around(s, m.dir)
	if m.claimAsk >= 0 {
		t = int(m.claimAsk)
	}
	for t != s {
		if !m.isActive(t) {
			t = m.around(t, m.dir)
			continue
		}
		m.claimAsk = int8(t)
		const opts = 1<<OptPass | 1<<OptChallenge
		if m.decide(t, DecideChallenge, 2, opts) == 1 {
			m.settle(s, t)
			break
		}
		t = m.around(t, m.dir)
	}
	m.claimAsk = -1
	m.checkEnd()
}

// settle turns up seat s's claim, challenged by seat t: the loser (t when
// every card is of the rank claimed, else s) takes the whole pile.
func (m *Machine) settle(s, t int) {
	r := m.claimRank
	rs := rankSet[r]
	loser, n := s, 0
	if (m.claimCur[0]|m.claimCur[1])&^rs == 0 {
		loser, n = t, 1
	}
	m.res.Interactions++
	var cards [cardrules.MaxDeck]uint8
	k := m.claimCur.cards(cards[:])
	if m.trace != nil {
		m.trace.add(EvChallenge, t, uint8(s), n)
		for _, c := range cards[:k] {
			m.trace.add(EvReveal, s, c, 0)
		}
	}
	if m.observe {
		for _, c := range cards[:k] {
			m.knownBy[c] = 0xff
		}
	}
	k = m.claimPile.cards(cards[:])
	for _, c := range cards[:k] {
		kb := m.knownBy[c]
		m.give(loser, c)
		if m.observe {
			m.knownBy[c] |= kb // (who knew the card in the pile knows where it went)
		}
	}
	if m.observe {
		// (give marked each card known to the loser alone; the others
		// still know what they knew of the pile's cards.)
		m.denied[loser], m.void[loser] = 0, 0
	}
	m.claimPile, m.claimN = pair{}, 0
	if m.trace != nil {
		m.trace.add(EvTake, loser, 0, k)
	}
}

// greedyClaim is the Greedy policy's rank to claim among the ranks of set:
// the one it holds most cards of (the lowest on ties).
func (m *Machine) greedyClaim(s int, set uint64) uint8 {
	best, most := uint8(bits.TrailingZeros64(set)), -1
	for x := set; x != 0; x &= x - 1 {
		r := uint8(bits.TrailingZeros64(x))
		if k := m.countOf(s, rankSet[r]); k > most {
			best, most = r, k
		}
	}
	return best
}

// greedyClaimCard is the Greedy policy's first card of a claim among the
// faces of set: a card of the rank claimed when it holds one, else the
// face it holds fewest of (the lowest on ties), a bluff that gives away
// the least.
func (m *Machine) greedyClaimCard(s int, set uint64) uint8 {
	if honest := set & rankSet[m.claimRank]; honest != 0 {
		return uint8(bits.TrailingZeros64(honest))
	}
	best, fewest := uint8(bits.TrailingZeros64(set)), 1<<30
	for x := set; x != 0; x &= x - 1 {
		f := uint8(bits.TrailingZeros64(x))
		if k := m.countOf(s, rankSet[rankOf[f]]); k < fewest {
			best, fewest = f, k
		}
	}
	return best
}

// greedyChallenge is the Greedy policy's answer to the current claim (0:
// let it be, 1: challenge): it challenges when the claim cannot be true by
// the cards it holds, or when the claim emptied the claimer's hand.
func (m *Machine) greedyChallenge(s int) int {
	r := m.claimRank
	if m.countOf(s, rankSet[r])+int(m.claimCurN) > int(m.p.rankCards[r]) || m.count[m.cur] == 0 {
		return 1
	}
	return 0
}

// hidePile takes out of the claim pile the cards seat-set seen does not
// know to be there, adds them to hidden and returns how many there were
// and how many of them were the current claim's (Determinize).
func (m *Machine) hidePile(seen uint8, hidden *pair) (pileN, curN int) {
	var cards [cardrules.MaxDeck]uint8
	for _, c := range cards[:m.claimPile.cards(cards[:])] {
		if m.knownBy[c]&seen != 0 {
			continue
		}
		m.claimPile.remove(c)
		hidden.add(c)
		pileN++
		if m.claimCur[c/cardrules.PackStride]&(1<<(c%cardrules.PackStride)) != 0 {
			m.claimCur.remove(c)
			curN++
		}
	}
	return pileN, curN
}

// dealPile puts the hidden cards Determinize dealt to the claim pile back
// on it, curN of them, drawn at random, as the current claim's.
func (m *Machine) dealPile(rest pair, curN int) {
	var cards [cardrules.MaxDeck]uint8
	n := rest.cards(cards[:])
	m.rng.ShuffleBytes(cards[:n])
	for i, c := range cards[:n] {
		m.claimPile.add(c)
		m.knownBy[c] = 0
		if i < curN {
			m.claimCur.add(c)
		}
	}
}
