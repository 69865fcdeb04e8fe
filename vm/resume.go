package vm

import (
	"fmt"
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Searching a game: a search player copies the game it is asked to
// decide in (Fork), re-deals the cards its seat cannot see (Determinize)
// and plays the copy on (Resume), many times per decision.
//
// The game is a fixed-size value (the game struct), so a copy is one
// assignment and allocates nothing. A copy is paused inside a turn, at a
// decision; the turn's code keeps where it is in fields of the game (the
// phase, the trick's seat, the effect, its target and the discards owed),
// and Resume re-enters it: each function on the way to the paused
// decision skips what it had done and goes on from there, and the paused
// decision is put to its seat's player again, in the copy.
//
// What a seat has seen is kept while a machine observes (some seat is
// External): for every card in a hand, the seats that know which hand
// holds it (its holder; everyone, for cards handed over in the open, the
// card a seat must lead and a turned-up trump; the seat a card was taken
// from blind); and for every seat, the cards it has shown it does not
// hold: a seat that could not play drew or passed, so it holds none of the
// cards the rule allowed; a seat that played a card the rule did not
// prefer (did not follow suit) holds none that it did prefer. A seat that
// gains a card no one else sees (a draw, a blind take) loses its shown
// voids. Asks add the ranks a seat was found without and the ranks it
// asked for, which it must hold (knownHas, denied).

// noteNone records that seat s holds no card its phase's rule pred allows
// on the discard pile's top card (it has to draw or pass).
func (m *Machine) noteNone(s int, pred uint8) {
	if m.discN > 0 {
		// Gated cards it may hold: having none it may play shows
		// nothing of them.
		m.void[s] |= m.p.preds[pred].at(m.disc[m.discN-1], m.suit, m.played) &^ m.gated(s, true) &^ m.forbid[s]
	}
}

// notePlayed records what seat s's choice of card c shows when its legal
// cards were the ones rule pred allows on top and active suit, narrowed to
// those prefer allows where it held one: a card prefer does not allow shows
// that it held none that both allow. A card it had to lead shows nothing.
func (m *Machine) notePlayed(s int, c, pred, prefer, top, active uint8) {
	if prefer == bytecode.NoPred || int16(c) == m.mustPlay {
		return
	}
	q := m.p.preds[prefer].at(top, active, m.played)
	if q&(1<<c) == 0 {
		m.void[s] |= q & m.p.preds[pred].at(top, active, m.played) &^ m.forbid[s]
	}
}

// noteTrick records what seat s's card c in a trick shows (c < 0: it had
// none it could play), by the rules that gave its legal cards: the follow
// rules with the led card once the trick has one, else the lead rules with
// the last card played (any card leads the first trick: nothing to learn).
func (m *Machine) noteTrick(ph *phase, s, c int) {
	pred, prefer, top, active := ph.pred, ph.prefer, uint8(0), uint8(0)
	switch {
	case m.tableN > 0:
		top = m.table[0]
		active = suitOf[top]
	case m.last >= 0:
		pred, prefer, top, active = ph.lead, ph.leadPrefer, uint8(m.last), m.lastSuit
	default:
		return
	}
	if c < 0 {
		m.void[s] |= m.p.preds[pred].at(top, active, m.played) &^ m.gated(s, false) &^ m.forbid[s]
		return
	}
	m.notePlayed(s, uint8(c), pred, prefer, top, active)
}

// Fork makes m a copy of the game that decision d is put in, paused at d.
// m must be a machine of the same program and seat count (a Player makes
// one with NewMachine(d.Program(), d.Seats(), nil)); its players, policies
// and random numbers stay its own, so the copy plays on with them. Fork
// copies the game whole, hidden cards and the stock's order included:
// Determinize re-deals what a seat may not see. Fork is called from a
// Player's Choose, during d.
func (m *Machine) Fork(d *Decision) {
	src := d.m
	if src == nil || m.p != src.p || m.n != src.n {
		panic(fmt.Sprintf("vm: Fork: a machine of another program or seat count (%d seats, the decision's game has %d)", m.n, d.Seats()))
	}
	m.game, m.carry = src.game, src.carry
	if m.p.lasts || m.p.waits {
		// (A program without them never changes this state.)
		m.effState = src.effState
	}
	if m.p.passN > 0 {
		m.cardPass = src.cardPass
	}
	if m.p.pileHands {
		m.piles = src.piles
	}
	if m.p.answers != 0 {
		m.chain = src.chain
	}
	if m.p.melds {
		m.mt = src.mt
	}
	m.resuming = true
	m.paused = d.Kind
	m.trace = nil
}

// Seed seeds the machine's random numbers, which a copy made by Fork draws
// for its determinizations, reshuffles and random choices.
func (m *Machine) Seed(seed uint64) { m.rng.Seed(seed) }

// Resume plays a game copied by Fork on from its paused decision, which
// its seat's player (or policy) decides again, to its end, and returns its
// result. Counts in the result include the part played before the copy.
func (m *Machine) Resume() Result {
	if m.over {
		m.resuming = false
		m.res.Winner = m.finish()
		return m.res
	}
	r := m.run()
	m.resuming = false
	return r
}

// determinizeTries is how many deals Determinize tries that respect every
// seat's shown voids and known ranks before it deals with counts alone.
const determinizeTries = 32

// Determinize re-deals, with m's own random numbers, every card that seat
// x cannot see: the cards of the other hands that x does not know to be
// there, and the stock, whose order x never sees. Each hand keeps its
// count and the cards x knows it holds, and the stock its count; the
// hidden cards are dealt to these places one place at a time, the place
// with the least room to spare first, each place's share drawn uniformly
// from the cards it may hold: a hand, none it has shown it lacks and one
// of each rank it is known to hold; the stock, once it has been refilled
// from the discard pile, only cards of that pile. A deal that cannot
// respect every constraint is tried again; after determinizeTries such
// tries, it deals checking at each card that the places left can still be
// served (dealChecked), and when even that fails (a seat known to hold a
// rank cannot be given one), by counts alone. Two games that look the same to x are re-dealt the same
// way from the same random numbers: nothing x cannot see reaches the
// result. Games with pile hands have no decisions, and Determinize leaves
// them as they are.
func (m *Machine) Determinize(x int) {
	if m.p.pileHands {
		return
	}
	seen := uint8(1) << x
	var need [places]int
	var hidden pair
	for t := range m.n {
		if t == x {
			continue
		}
		var h pair
		for w, y := range m.hands(t) {
			for ; y != 0; y &= y - 1 {
				if c := bits.TrailingZeros64(y); m.knownBy[c+w*cardrules.PackStride]&seen == 0 {
					h[w] |= 1 << c
				}
			}
		}
		m.hand[t] &^= h[0]
		m.hand2[t] &^= h[1]
		need[t] = h.count()
		hidden = hidden.or(h)
	}
	for _, c := range m.stock[:m.stockN] {
		hidden.add(c)
	}
	var away awayCards
	if m.p.betOn || m.p.dealerOn {
		m.hideAway(x, &away, &hidden)
	}
	need[stockPlace] = m.stockN + away.n
	curN := 0
	if m.claimN > 0 {
		need[pilePlace], curN = m.hidePile(seen, &hidden)
	}
	var dealt [places]pair
	m.dealHidden(x, &need, hidden, &dealt)
	if need[pilePlace] > 0 {
		m.dealPile(dealt[pilePlace], curN)
	}
	var cards [cardrules.MaxDeck]uint8
	for t := range m.n {
		m.hand[t] |= dealt[t][0]
		m.hand2[t] |= dealt[t][1]
		for _, c := range cards[:dealt[t].cards(cards[:])] {
			m.knownBy[c] = 1 << t
		}
	}
	n := dealt[stockPlace].cards(m.stock[:])
	m.rng.ShuffleBytes(m.stock[:n])
	if away.n > 0 {
		m.dealAway(&away, n)
	}
	if m.cardPass.due {
		m.redealPass(x)
	}
}

// dealHidden deals the hidden cards for Determinize: determinizeTries
// quick deals that respect every constraint, then as many deals checked
// card by card, then by counts alone.
func (m *Machine) dealHidden(x int, need *[places]int, hidden pair, dealt *[places]pair) {
	for range determinizeTries {
		if m.deal(x, need, hidden, dealt, true) {
			return
		}
	}
	for range determinizeTries {
		if m.dealChecked(x, need, hidden, dealt) {
			return
		}
	}
	m.deal(x, need, hidden, dealt, false)
}

// dealChecked deals the hidden cards respecting every constraint, when
// some deal can: after one card of each rank owed (as deal does), each
// place in turn draws its cards uniformly from those it may hold whose
// loss leaves every set of the other places enough cards they may hold
// (Hall's condition, kept as a slack per set of places). It reports false
// when the owed cards leave no such deal.
func (m *Machine) dealChecked(x int, need *[places]int, hidden pair, dealt *[places]pair) bool {
	// The places to deal to, their bans and needs.
	var at [places]int
	var left [places]int
	k := 0
	for t := range places {
		dealt[t] = pair{}
		if t != x && need[t] > 0 {
			at[k], left[k] = t, need[t]
			k++
		}
	}
	rest := hidden
	for i := range k {
		if t := at[i]; t < stockPlace && !m.dealOwed(t, &rest, &dealt[t], &left[i]) {
			return false
		}
	}
	// The cards by the set of places that may hold them (their kind).
	var kinds [1 << places]pair
	var kindList [1 << places]uint16
	nk := 0
	var banned [places]uint64
	for i := range k {
		banned[i] = m.banned(at[i])
	}
	var cards [cardrules.MaxDeck]uint8
	for _, c := range cards[:rest.cards(cards[:])] {
		var kind uint16
		for i := range k {
			if banned[i]&(1<<(c%cardrules.PackStride)) == 0 {
				kind |= 1 << i
			}
		}
		if kinds[kind].count() == 0 {
			kindList[nk] = kind
			nk++
		}
		kinds[kind].add(c)
	}
	// slack[S]: the cards some place of S may hold less the cards S needs.
	var slack [1 << places]int16
	for set := 1; set < 1<<k; set++ {
		n := 0
		for _, kind := range kindList[:nk] {
			if int(kind)&set != 0 {
				n += kinds[kind].count()
			}
		}
		for i := range k {
			if set&(1<<i) != 0 {
				n -= left[i]
			}
		}
		if n < 0 {
			return false
		}
		slack[set] = int16(n)
	}
	for i := range k {
		for ; left[i] > 0; left[i]-- {
			// The kinds place i may take a card of now: a card of kind
			// K leaves every set S without i that K serves one card
			// fewer.
			var ok [1 << places]bool
			total := 0
			for _, kind := range kindList[:nk] {
				if kind&(1<<i) == 0 || kinds[kind].count() == 0 {
					continue
				}
				good := true
				for set := 1; set < 1<<k && good; set++ {
					good = set&(1<<i) != 0 || int(kind)&set == 0 || slack[set] > 0
				}
				if good {
					ok[kind] = true
					total += kinds[kind].count()
				}
			}
			if total == 0 {
				return false
			}
			j := m.rng.IntN(total)
			for _, kind := range kindList[:nk] {
				if !ok[kind] {
					continue
				}
				if n := kinds[kind].count(); j >= n {
					j -= n
					continue
				}
				c := kinds[kind].nth(j)
				kinds[kind].remove(c)
				dealt[at[i]].add(c)
				for set := 1; set < 1<<k; set++ {
					if set&(1<<i) == 0 && int(kind)&set != 0 {
						slack[set]--
					}
				}
				break
			}
		}
	}
	return true
}

// The places Determinize deals to: the seats' hands, the stock, then the
// claim pile.
const (
	stockPlace = MaxSeats
	pilePlace  = MaxSeats + 1
	places     = MaxSeats + 2
)

// deal deals the hidden cards to the hands of the seats other than x and
// to the stock, need[t] to place t, into dealt: at each step to the place
// with the least room to spare (the fewest cards it may hold beyond those
// it needs; the lowest on ties), so that the places with the fewest
// choices choose first. With strict it respects what each place may hold,
// and reports false when a place is left too few of those cards.
func (m *Machine) deal(x int, need *[places]int, hidden pair, dealt *[places]pair, strict bool) bool {
	rest := hidden
	var done uint16
	var left [places]int
	for t := range places {
		dealt[t], left[t] = pair{}, need[t]
	}
	if strict {
		// First one card of each rank a seat is known to hold and shows
		// none of.
		for t := range m.n {
			if t == x {
				continue
			}
			if !m.dealOwed(t, &rest, &dealt[t], &left[t]) {
				return false
			}
		}
	}
	for {
		best, bestRoom := -1, 0
		for t := range places {
			if t == x || done&(1<<t) != 0 || left[t] == 0 {
				continue
			}
			may := rest
			if strict {
				may = may.and(^m.banned(t))
			}
			room := may.count() - left[t]
			if best < 0 || room < bestRoom {
				best, bestRoom = t, room
			}
		}
		if best < 0 {
			return true
		}
		// Cards no other place may hold must go here.
		var others pair
		for t := range places {
			if t != x && t != best && done&(1<<t) == 0 && left[t] > 0 {
				if strict {
					others = others.or(rest.and(^m.banned(t)))
				} else {
					others = others.or(rest)
				}
			}
		}
		d, ok := m.dealTo(best, left[best], rest, rest.andNot(others), strict)
		if !ok {
			return false
		}
		dealt[best] = dealt[best].or(d)
		rest = rest.andNot(d)
		done |= 1 << best
	}
}

// dealOwed deals seat t, from rest into dealt, one card of each rank it is
// known to hold and shows none of, while it has room left; it reports
// false when a rank has no card it may hold, or the seat no room.
func (m *Machine) dealOwed(t int, rest, dealt *pair, left *int) bool {
	for o := m.owed(t); o != 0; o &= o - 1 {
		of := rest.and(rankSet[bits.TrailingZeros16(o)] &^ m.banned(t))
		if of.count() == 0 || *left == 0 {
			return false
		}
		c := of.nth(m.rng.IntN(of.count()))
		dealt.add(c)
		rest.remove(c)
		*left--
	}
	return true
}

// banned returns the faces place t may not hold a card of: for a seat,
// those it has shown it does not hold; for the stock, those that were not
// in it when it was last filled.
func (m *Machine) banned(t int) uint64 {
	switch t {
	case stockPlace:
		return ^m.stockFrom
	case pilePlace:
		return 0
	}
	b := m.void[t]
	for r := m.denied[t]; r != 0; r &= r - 1 {
		b |= rankSet[bits.TrailingZeros16(r)]
	}
	return b
}

// owed returns the ranks seat t is known to hold but whose cards are all
// hidden (no card of it among the cards left in its hand).
func (m *Machine) owed(t int) uint16 {
	var o uint16
	if t >= stockPlace {
		return 0
	}
	for r := m.knownHas[t]; r != 0; r &= r - 1 {
		k := bits.TrailingZeros16(r)
		if m.held(t)&rankSet[k] == 0 {
			o |= 1 << k
		}
	}
	return o
}

// dealTo draws k cards for place t from rest: the forced cards (no other
// place may hold them), then, uniformly, the rest from the cards it may
// hold (with strict, none it has shown it lacks); it reports false when
// those are too few, or too many are forced.
func (m *Machine) dealTo(t, k int, rest, forced pair, strict bool) (pair, bool) {
	cand := rest.andNot(forced)
	if strict {
		if forced.and(m.banned(t)).count() != 0 {
			return pair{}, false
		}
		cand = cand.and(^m.banned(t))
	}
	k -= forced.count()
	if k < 0 || cand.count() < k {
		return pair{}, false
	}
	got := forced
	var pool [cardrules.MaxDeck]uint8
	n := cand.cards(pool[:])
	for i := range k {
		j := i + m.rng.IntN(n-i)
		pool[i], pool[j] = pool[j], pool[i]
		got.add(pool[i])
	}
	return got, true
}
