package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Zones: the stock, the discard pile, the table and the out-of-play pile
// are arrays with counts; fan hands are card sets, one word per pack
// (hand, hand2: bit f is the copy of face f), and pile hands ring
// buffers. Every move of a card between zones goes through the functions
// below, which keep the counts and the conservation invariant.

// pile is a seat's ordered face-down pile: a ring buffer, top at head.
type pile struct {
	c    [pileCap]uint8
	head uint8
	n    uint8
}

// pileCap is a pile's room: a power of two at least the largest deck.
const pileCap = 128

func (q *pile) popTop() uint8 {
	c := q.c[q.head%pileCap]
	q.head++
	q.n--
	return c
}

func (q *pile) pushBottom(c uint8) {
	q.c[(q.head+q.n)%pileCap] = c
	q.n++
}

// pileUnder puts cards, in order, under seat s's pile hand: give for each
// card.
func (m *Machine) pileUnder(s int, cards []uint8) {
	q := &m.piles[s]
	end := q.head + q.n
	for _, c := range cards {
		q.c[end%pileCap] = c
		end++
	}
	q.n += uint8(len(cards))
	m.count[s] += uint8(len(cards))
	if len(cards) > 0 {
		m.empty &^= 1 << s
	}
}

func (m *Machine) pop() uint8 {
	m.stockN--
	return m.stock[m.stockN]
}

// give puts card c into seat s's hand (the bottom of a pile).
func (m *Machine) give(s int, c uint8) {
	if m.p.pileHands {
		m.piles[s].pushBottom(c)
	} else {
		if c < cardrules.PackStride {
			m.hand[s] |= 1 << c
		} else {
			m.hand2[s] |= 1 << (c - cardrules.PackStride)
		}
		if m.observe {
			m.knownBy[c] = 1 << s
		}
	}
	m.count[s]++
	m.empty &^= 1 << s
}

// lose decrements seat s's card count, card c having left its hand; the
// card that empties it is the one a seat going out goes out on.
func (m *Machine) lose(s int, c uint8) {
	m.count[s]--
	if m.count[s] == 0 {
		m.empty |= 1 << s
		m.lastLeft[s] = c + 1
	}
}

// take removes card c from seat s's fan hand.
func (m *Machine) take(s int, c uint8) {
	if c < cardrules.PackStride {
		m.hand[s] &^= 1 << c
	} else {
		m.hand2[s] &^= 1 << (c - cardrules.PackStride)
	}
	m.lose(s, c)
}

// takeFace removes a card of face f from seat s's fan hand, the first
// pack's copy when the hand holds it, and returns the card removed: a
// choice among a hand's cards is a choice of face.
func (m *Machine) takeFace(s int, f uint8) uint8 {
	if m.hand[s]&(1<<f) == 0 {
		f += cardrules.PackStride
	}
	m.take(s, f)
	return f
}

// held returns the faces seat s holds (either copy), the cards a choice
// from its hand offers.
func (m *Machine) held(s int) uint64 { return m.hand[s] | m.hand2[s] }

// countOf returns how many of the cards of faces f seat s holds, both
// packs counted.
func (m *Machine) countOf(s int, f uint64) int {
	return bits.OnesCount64(m.hand[s]&f) + bits.OnesCount64(m.hand2[s]&f)
}

// popPile removes the top card of seat s's pile hand.
func (m *Machine) popPile(s int) uint8 {
	c := m.piles[s].popTop()
	m.lose(s, c)
	return c
}

// toTable moves seat s's top pile card onto the table.
func (m *Machine) toTable(s int) uint8 {
	c := m.popPile(s)
	m.table[m.tableN] = c
	m.tableN++
	return c
}

// tableOut moves the table's cards out of play.
func (m *Machine) tableOut() {
	copy(m.gone[m.goneN:], m.table[:m.tableN])
	m.goneN += m.tableN
	m.tableN = 0
}

// draw moves the top card of the stock to seat s, refilling the stock from
// the discard pile first when the rules allow. It reports whether a card
// was drawn.
func (m *Machine) draw(s int) bool {
	_, ok := m.drawCard(s)
	return ok
}

// drawCard is draw that also returns the card drawn.
func (m *Machine) drawCard(s int) (uint8, bool) {
	if m.stockN == 0 && !m.refill() {
		return 0, false
	}
	c := m.pop()
	m.give(s, c)
	m.denied[s] = 0
	m.void[s] = 0
	m.steps++
	m.res.Draws++
	m.passes = 0
	if m.trace != nil {
		m.trace.add(EvDraw, s, c, 0)
	}
	m.event(cardrules.Drawn, c, s)
	if m.stockN == 0 && m.p.reshuffleNow {
		m.refill()
	}
	return c, true
}

// canDraw reports whether a card can be drawn: the stock holds one, or the
// discard pile can refill it.
func (m *Machine) canDraw() bool { return m.canDrawWith(0) }

// canDrawWith is canDraw once landing more cards are on the discard pile.
func (m *Machine) canDrawWith(landing int) bool {
	return m.stockN > 0 || m.p.reshuffle && m.discN+landing > 1
}

// drawUpTo draws up to k cards for seat s (a draw phase, a draw effect),
// lays down the sets they make, and reports whether it drew any.
func (m *Machine) drawUpTo(s, k int) bool {
	if c := int(m.drawCap[s]); c != 0 {
		k = min(k, c)
	}
	drew := false
	for range k {
		if !m.draw(s) {
			break
		}
		drew = true
	}
	if drew && m.p.meld > 0 {
		m.meldSets(s)
	}
	return drew
}

// refill shuffles the discard pile, all but its top card, into the empty
// stock: the cards keep their pile order (bottom first) and are then
// shuffled with one ShuffleBytes.
func (m *Machine) refill() bool {
	if !m.p.reshuffle || m.discN <= 1 {
		return false
	}
	k := m.discN - 1
	copy(m.stock[:k], m.disc[:k])
	if m.observe {
		m.stockFrom = 0
		for _, c := range m.stock[:k] {
			m.stockFrom |= 1 << (c % cardrules.PackStride)
		}
	}
	m.stockN = k
	if m.p.melds {
		// A whole stock drawn with nothing laid on the table: the deal is
		// stuck, and ends blocked (checkEnd).
		m.mt.stalled = !m.mt.laidSince
		m.mt.laidSince = false
	}
	m.disc[0] = m.disc[k]
	m.discN = 1
	m.rng.ShuffleBytes(m.stock[:k])
	if m.trace != nil {
		m.trace.add(EvReshuffle, -1, 0, k)
	}
	return true
}

// discardUnder puts a card discarded by force beneath the top of the
// discard pile (it becomes the pile when the pile is empty), or out of play
// when the game has no discard pile.
func (m *Machine) discardUnder(c uint8) {
	switch {
	case !m.p.hasDiscard:
		m.gone[m.goneN] = c
		m.goneN++
	case m.discN == 0:
		m.disc[0] = c
		m.discN = 1
	default:
		m.disc[m.discN] = m.disc[m.discN-1]
		m.disc[m.discN-1] = c
		m.discN++
	}
	if m.stockN == 0 && m.p.reshuffleNow {
		m.refill()
	}
}

// onPlay is the one account of a card being played by seat s, once it has
// landed on the discard pile or the table: the suits played, the last card,
// the lead card's obligation, the counts (landed) and the trace; then, in a
// play phase whose rules name a suit after this rank, the seat's choice of
// suit; then the card's effects. A card that is traced, names a suit or
// fires effects takes the call to onPlayMore. (The specialised turns,
// which never trace, spell it out: landed, then the test of the phase's
// notes.)
func (m *Machine) onPlay(s int, c uint8) {
	m.landed(c)
	if m.ph.notes&(1<<(rankOf[c]&15)) != 0 || m.trace != nil {
		m.onPlayMore(s, c)
	}
}

// landed is onPlay's bookkeeping of card c, small enough to inline. (The
// masks spare the shifts their range checks.)
func (m *Machine) landed(c uint8) {
	m.played |= 1 << (suitOf[c] & 7)
	m.last = int16(c)
	m.lastSuit = suitOf[c]
	if int16(c) == m.mustPlay {
		m.mustPlay = -1
	}
	m.res.Plays++
	m.steps++
}

// onPlayMore is the rest of onPlay: the trace, naming a suit, effects.
func (m *Machine) onPlayMore(s int, c uint8) {
	if m.resuming {
		// Re-entering: the card was traced; the suit was named unless
		// naming it is the decision paused at.
		if m.paused == DecideSuit {
			m.nameSuit(s)
		}
	} else {
		if m.trace != nil {
			m.trace.add(EvPlay, s, c, 0)
		}
		if m.ph.nameSuit&(1<<rankOf[c]) != 0 {
			m.nameSuit(s)
		}
	}
	if m.resuming && m.paused != DecideSuit ||
		m.p.effRanks&(1<<rankOf[c]) != 0 && !(m.p.lastInert && m.count[s] == 0) {
		// (A copy paused at an answer or a discard is inside the
		// effects, whatever the player's hand holds by now.)
		m.fireEffects(c, s, cardrules.Played)
	}
}

// nameSuit is seat s's choice of the active suit after its card.
func (m *Machine) nameSuit(s int) {
	m.suit = m.chooseSuit(s)
	m.lastSuit = m.suit
	if m.trace != nil {
		m.trace.add(EvNameSuit, s, m.suit, 0)
	}
}
