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
// respect every constraint is tried again; after determinizeTries it deals
// by counts alone. Two games that look the same to x are re-dealt the same
// way from the same random numbers: nothing x cannot see reaches the
// result. Games with pile hands have no decisions, and Determinize leaves
// them as they are.
func (m *Machine) Determinize(x int) {
	if m.p.pileHands {
		return
	}
	seen := uint8(1) << x
	var need [places]int
	var hidden uint64
	for t := range m.n {
		if t == x {
			continue
		}
		var h uint64
		for y := m.hand[t]; y != 0; y &= y - 1 {
			if c := bits.TrailingZeros64(y); m.knownBy[c]&seen == 0 {
				h |= 1 << c
			}
		}
		m.hand[t] &^= h
		need[t] = bits.OnesCount64(h)
		hidden |= h
	}
	for _, c := range m.stock[:m.stockN] {
		hidden |= 1 << c
	}
	need[stockPlace] = m.stockN
	var dealt [places]uint64
	for try := 0; !m.deal(x, &need, hidden, &dealt, try < determinizeTries); try++ {
	}
	for t := range m.n {
		m.hand[t] |= dealt[t]
		for y := dealt[t]; y != 0; y &= y - 1 {
			m.knownBy[bits.TrailingZeros64(y)] = 1 << t
		}
	}
	n := cardOptions(m.stock[:], dealt[stockPlace])
	m.rng.ShuffleBytes(m.stock[:n])
	if m.cardPass.due {
		m.redealPass(x)
	}
}

// The places Determinize deals to: the seats' hands, then the stock.
const (
	stockPlace = MaxSeats
	places     = MaxSeats + 1
)

// deal deals the hidden cards to the hands of the seats other than x and
// to the stock, need[t] to place t, into dealt: at each step to the place
// with the least room to spare (the fewest cards it may hold beyond those
// it needs; the lowest on ties), so that the places with the fewest
// choices choose first. With strict it respects what each place may hold,
// and reports false when a place is left too few of those cards.
func (m *Machine) deal(x int, need *[places]int, hidden uint64, dealt *[places]uint64, strict bool) bool {
	rest := hidden
	var done uint16
	var left [places]int
	for t := range places {
		dealt[t], left[t] = 0, need[t]
	}
	if strict {
		// First one card of each rank a seat is known to hold and shows
		// none of.
		for t := range m.n {
			if t == x {
				continue
			}
			for o := m.owed(t); o != 0; o &= o - 1 {
				of := rest & rankSet[bits.TrailingZeros16(o)] &^ m.banned(t)
				if of == 0 || left[t] == 0 {
					return false
				}
				c := nth(of, m.rng.IntN(bits.OnesCount64(of)))
				dealt[t] |= 1 << c
				rest &^= 1 << c
				left[t]--
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
				may &^= m.banned(t)
			}
			room := bits.OnesCount64(may) - left[t]
			if best < 0 || room < bestRoom {
				best, bestRoom = t, room
			}
		}
		if best < 0 {
			return true
		}
		// Cards no other place may hold must go here.
		var others uint64
		for t := range places {
			if t != x && t != best && done&(1<<t) == 0 && left[t] > 0 {
				if strict {
					others |= rest &^ m.banned(t)
				} else {
					others |= rest
				}
			}
		}
		d, ok := m.dealTo(best, left[best], rest, rest&^others, strict)
		if !ok {
			return false
		}
		dealt[best] |= d
		rest &^= d
		done |= 1 << best
	}
}

// banned returns the cards place t may not hold: for a seat, those it
// has shown it does not hold; for the stock, those that were not in it
// when it was last filled.
func (m *Machine) banned(t int) uint64 {
	if t == stockPlace {
		return ^m.stockFrom
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
	if t == stockPlace {
		return 0
	}
	for r := m.knownHas[t]; r != 0; r &= r - 1 {
		k := bits.TrailingZeros16(r)
		if m.hand[t]&rankSet[k] == 0 {
			o |= 1 << k
		}
	}
	return o
}

// dealTo draws k cards for place t from rest: the forced cards (no other
// place may hold them), then, uniformly, the rest from the cards it may
// hold (with strict, none it has shown it lacks); it reports false when
// those are too few, or too many are forced.
func (m *Machine) dealTo(t, k int, rest, forced uint64, strict bool) (uint64, bool) {
	cand := rest &^ forced
	if strict {
		if forced&m.banned(t) != 0 {
			return 0, false
		}
		cand &^= m.banned(t)
	}
	k -= bits.OnesCount64(forced)
	if k < 0 || bits.OnesCount64(cand) < k {
		return 0, false
	}
	got := forced
	var pool [cardrules.MaxCards]uint8
	n := cardOptions(pool[:], cand)
	for i := range k {
		j := i + m.rng.IntN(n-i)
		pool[i], pool[j] = pool[j], pool[i]
		got |= 1 << pool[i]
	}
	return got, true
}
