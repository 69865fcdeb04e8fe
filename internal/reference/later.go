package reference

import (
	"fmt"
	"math/bits"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- delayed effects ----

// delayed is a draw or forced discard that fired with a resolution point
// other than now and waits for it: the effect, the seat it fired for, the
// seats it still has to hit (bit t for seat t) and the point.
type delayed struct {
	e     genome.Effect
	src   int
	seats uint8
	at    cardrules.Resolve
}

// delay queues effect e of seat s, which fired (it was counted and traced)
// with a resolution point other than now. Its seats are taken now, as a
// lasting effect with scope target takes them (seatsNamed; no target_hand
// test, which is made when it resolves): with none it fizzles. Otherwise
// it is queued, with an EvWait event, unless cardrules.MaxDelayed entries wait: then it is lost
// (its targets taken, it does not fizzle), as a lasting effect is when
// cardrules.MaxActive are active.
func (m *game) delay(s int, e genome.Effect) {
	seats := m.seatsNamed(s, e.Target)
	switch {
	case seats == 0:
		m.res.Fizzled++
	case len(m.delays) < cardrules.MaxDelayed:
		m.delays = append(m.delays, delayed{e: e, src: s, seats: seats, at: e.At})
		m.emit(Event{Kind: EvWait, Seat: s, Card: int(e.Type), N: int(seats) | e.Value<<8})
	}
}

// seatsNamed returns the seats target names for an effect of seat s, as a
// set: s itself while it is in; with no opponent in, none; else the seats
// targets returns (drawing the random opponent's number, or asking for the
// chosen one, now).
func (m *game) seatsNamed(s int, target genome.Target) uint8 {
	var seats uint8
	for _, t := range m.targets(s, target) {
		if t == s && !m.active[s] {
			continue
		}
		seats |= 1 << t
	}
	return seats
}

// resolveTurnEnd runs at the end of a turn, after its last phase and that
// phase's events, while the game goes on: every turn_end entry resolves on
// all its seats, in queue order, each followed by the end check, until the
// game is over. Every one of them then leaves the queue.
func (m *game) resolveTurnEnd() {
	if len(m.delays) == 0 {
		return
	}
	m.delaying = true
	for i := range m.delays {
		d := &m.delays[i]
		if m.over {
			break
		}
		if d.at != cardrules.ResolveTurnEnd {
			continue
		}
		hit := d.seats
		d.seats = 0
		m.resolveEntry(*d, hit)
	}
	m.delaying = false
	m.dropEmpty()
}

// resolveTargetTurn runs at the start of seat x's turn (after EvTurn and
// the lists of rules and active effects, before its first phase): every
// target_turn entry first drops the seats that are out (an entry left
// without seats leaves the queue); then each that holds x, in queue order,
// resolves on x alone and drops it, followed by the end check, until the
// game is over.
func (m *game) resolveTargetTurn(x int) {
	if len(m.delays) == 0 {
		return
	}
	var in uint8
	for t := range m.n {
		if m.active[t] {
			in |= 1 << t
		}
	}
	for i := range m.delays {
		if d := &m.delays[i]; d.at == cardrules.ResolveTargetTurn {
			d.seats &= in
		}
	}
	m.dropEmpty()
	m.delaying = true
	for i := range m.delays {
		d := &m.delays[i]
		if m.over {
			break
		}
		if d.at != cardrules.ResolveTargetTurn || d.seats&(1<<x) == 0 {
			continue
		}
		d.seats &^= 1 << x
		m.resolveEntry(*d, 1<<x)
	}
	m.delaying = false
	m.dropEmpty()
}

// resolveEntry resolves delayed entry d on the seats of hit: an EvResolve
// event, then each seat of hit in seat order from the seat after d's
// source in the direction of play is hit as an immediate effect hits it,
// with no response window (a seat that is out gets nothing; its
// target_hand condition is tested now, and a seat failing it is not hit).
// The entry fizzles when no card moved and no seat failed its condition.
// The end check follows.
func (m *game) resolveEntry(d delayed, hit uint8) {
	m.emit(Event{Kind: EvResolve, Seat: d.src, Card: int(d.e.Type), N: int(hit) | d.e.Value<<8})
	moved, failed := 0, false
	for i := 1; i <= m.n; i++ {
		t := ((d.src+m.dir*i)%m.n + m.n) % m.n
		if hit&(1<<t) == 0 || !m.active[t] {
			continue
		}
		if !m.targetHolds(d.e, t) {
			failed = true
			continue
		}
		k := m.hit(d.e, t, d.e.Value)
		if t != d.src && k > 0 {
			m.res.Interactions++
		}
		moved += k
	}
	if moved == 0 && !failed {
		m.res.Fizzled++
	}
	m.endCheck()
	m.verify()
}

// dropEmpty removes the entries left without seats, keeping the order of
// the others.
func (m *game) dropEmpty() {
	kept := m.delays[:0]
	for _, d := range m.delays {
		if d.seats != 0 {
			kept = append(kept, d)
		}
	}
	m.delays = kept
}

// ---- continuous rules ----

// rerule recomputes the rules' groups from the state: per rule in genome
// order, the seats it holds for split into groups of equal value, in the
// order of their lowest seats. Each group is held as an active effect
// (source: the rule's index) that never ends.
func (m *game) rerule() {
	m.rules = nil
	for k, r := range m.g.Rules {
		seats := m.ruleSeats(r)
		for seats != 0 {
			v := m.ruleValue(r, bits.TrailingZeros8(seats))
			var group uint8
			for t := range m.n {
				if seats&(1<<t) != 0 && m.ruleValue(r, t) == v {
					group |= 1 << t
				}
			}
			seats &^= group
			a := active{typ: r.Type, value: v, key: r.Key, stack: r.Stack, source: k, seats: group, dur: cardrules.NumDurations, persists: true}
			switch r.Type {
			case cardrules.LockSuit, cardrules.BanSuit:
				a.param = int(r.Suit.Suit())
			case cardrules.LockRank, cardrules.BanRank:
				a.param = int(r.Rank)
			case cardrules.Suppress:
				a.param = int(r.Suppresses.Type())
			}
			m.rules = append(m.rules, a)
		}
	}
}

// ruleSeats returns the seats rule r holds for now: the seats still in;
// with a condition on the table (stock, pile, seats, top_suit) none while
// it fails; with a condition on the hand those whose own hand passes it;
// and with who most_cards (fewest_cards) only those holding as many cards
// as the seat in holding the most (fewest).
func (m *game) ruleSeats(r genome.Rule) uint8 {
	var seats uint8
	best := -1
	for t := range m.n {
		if !m.active[t] {
			continue
		}
		c := len(m.hands[t])
		if best < 0 || (r.Who == cardrules.WhoMostCards && c > best) || (r.Who == cardrules.WhoFewestCards && c < best) {
			best = c
		}
		if r.If.Of == cardrules.CondHand && !compares(r.If.Cmp, c, r.If.Value) {
			continue
		}
		seats |= 1 << t
	}
	if r.If.Of != cardrules.NoCond && r.If.Of != cardrules.CondHand && !m.condHolds(genome.Effect{If: r.If}, 0) {
		return 0
	}
	if r.Who != cardrules.WhoEveryone {
		for t := range m.n {
			if seats&(1<<t) != 0 && len(m.hands[t]) != best {
				seats &^= 1 << t
			}
		}
	}
	return seats
}

// ruleValue is rule r's value for seat t: 0 for a type without a value;
// else its value plus one for every scale.per of the count it scales by
// (t's own hand, the stock, the discard pile, the seats still in), at most
// cardrules.MaxEffectValue.
func (m *game) ruleValue(r genome.Rule, t int) int {
	if !r.Type.UsesValue() {
		return 0
	}
	q := 0
	switch r.Scale.By {
	case cardrules.NoCond:
		return r.Value
	case cardrules.CondHand:
		q = len(m.hands[t])
	case cardrules.CondStock:
		q = len(m.stock)
	case cardrules.CondPile:
		q = len(m.discard)
	case cardrules.CondSeats:
		q = m.nActive
	}
	return min(r.Value+q/r.Scale.Per, cardrules.MaxEffectValue)
}

// holding returns what holds over the seats, in the order their values
// combine: the rules' groups, then the active effects in start order.
func (m *game) holding() []active {
	if len(m.rules) == 0 {
		return m.lasting
	}
	out := make([]active, 0, len(m.rules)+len(m.lasting))
	return append(append(out, m.rules...), m.lasting...)
}

// showRules traces the rules' groups at the start of a turn (before the
// active effects): Seat is the rule's index, N as EvActive's with no turns
// counted.
func (m *game) showRules() {
	for _, a := range m.rules {
		m.emit(Event{Kind: EvRule, Seat: a.source, Card: int(a.typ), N: lastingN(a, noTurnsLeft)})
	}
}

// verifyRules checks the rules' groups when the game runs checked: at most
// one group per seat and rule, each over some seat, from a rule of the
// genome.
func (m *game) verifyRules() {
	if len(m.rules) > len(m.g.Rules)*m.n {
		panic(fmt.Sprintf("reference: %d rule groups", len(m.rules)))
	}
	var seen [cardrules.MaxRules]uint8
	for _, a := range m.rules {
		switch {
		case a.source < 0 || a.source >= len(m.g.Rules):
			panic(fmt.Sprintf("reference: a group of rule %d", a.source))
		case a.seats == 0 || int(a.seats)>>m.n != 0 || seen[a.source]&a.seats != 0:
			panic(fmt.Sprintf("reference: rule %d holds over seats %08b (%08b in its other groups)", a.source, a.seats, seen[a.source]))
		}
		seen[a.source] |= a.seats
	}
}
