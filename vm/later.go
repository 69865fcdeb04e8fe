package vm

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Delayed effects and continuous rules (the package doc's "Delayed
// effects" and "Continuous rules"), and the choice of a target.

// delay is a delayed effect waiting to resolve.
type delay struct {
	e     *effect
	src   int8
	seats uint8 // the targets it still has to hit
	at    cardrules.Resolve
}

// waiting is the part of the game that delayed effects make: those
// waiting in the order they fired; while some resolve, the point they
// resolve at (0: none) and the one resolving.
type waiting struct {
	delQ     [cardrules.MaxDelayed]delay
	delN     uint8
	delaying cardrules.Resolve
	delI     uint8
	// whether the effect whose target is being chosen hinders (for the
	// Greedy choice)
	tgtHinders bool
}

// wait queues delayed effect e of seat s, its targets taken now; with none
// it fizzles, and with the queue full it is lost.
func (m *Machine) wait(e *effect, s int) {
	seats := m.seatsOf(e, s)
	switch {
	case seats == 0:
		m.res.Fizzled++
	case m.delN < cardrules.MaxDelayed:
		m.delQ[m.delN] = delay{e: e, src: int8(s), seats: seats, at: e.at}
		m.delN++
		if m.trace != nil {
			m.trace.add(EvWait, s, uint8(e.typ), int(seats)|int(e.value)<<8)
		}
	}
}

// resolveWaiting resolves the delayed effects due at point at: at the end
// of the turn every one waiting for it; at the start of seat cur's turn
// those that target it (after every entry drops the seats gone out). Each
// is followed by the end check, until the game is over. A copy paused in
// one re-enters it.
func (m *Machine) resolveWaiting(at cardrules.Resolve) {
	i := 0
	m.delaying = at
	if m.resuming {
		i = int(m.delI)
		m.target(m.delQ[i].e, int(m.delQ[i].src))
		m.checkEnd()
		i++
	} else if at == cardrules.ResolveTargetTurn {
		// First every entry drops the seats gone out (one put out by an
		// entry resolving now is still hit by those after it).
		for k := range m.delN {
			if d := &m.delQ[k]; d.at == at {
				d.seats &= m.active
			}
		}
	}
	for ; i < int(m.delN) && !m.over; i++ {
		d := &m.delQ[i]
		if d.at != at {
			continue
		}
		hit := d.seats
		if at == cardrules.ResolveTargetTurn {
			hit &= 1 << m.cur
		}
		if hit == 0 {
			continue
		}
		d.seats &^= hit
		m.delI = uint8(i)
		if m.trace != nil {
			m.trace.add(EvResolve, int(d.src), uint8(d.e.typ), int(hit)|int(d.e.value)<<8)
		}
		m.condMiss = false
		m.tgtLeft = hit
		if !m.hitRest(d.e, int(d.src), int(d.src)) && !m.condMiss {
			m.res.Fizzled++
		}
		m.checkEnd()
	}
	m.delaying = 0
	k := uint8(0)
	for _, d := range m.delQ[:m.delN] {
		if d.seats != 0 {
			m.delQ[k] = d
			k++
		}
	}
	m.delN = k
}

// waitsFor reports whether a delayed effect waits for the start of a turn
// (so that the start of each turn looks).
func (m *Machine) waitsFor() bool {
	for _, d := range m.delQ[:m.delN] {
		if d.at == cardrules.ResolveTargetTurn {
			return true
		}
	}
	return false
}

// chooseTarget is seat s's choice of the opponent effect e acts on, among
// the opps opponents in, in turn order from the next seat. A seat that has
// gone out decides nothing: the opponent is drawn as a random one is.
func (m *Machine) chooseTarget(e *effect, s, opps int) int {
	if !m.isActive(s) {
		return m.step(s, m.dir, 1+m.rng.IntN(opps))
	}
	t := s
	for k := range opps {
		t = m.step(t, m.dir, 1)
		m.opts[k] = uint8(t)
	}
	m.tgtHinders = e.typ.Hinders(e.target)
	return int(m.opts[m.decide(s, DecideTarget, opps, 0)])
}

// greedyTarget is the Greedy choice of a target: for an effect that
// hinders, the opponent holding the fewest cards, else the most (the
// first in option order on a tie).
func (m *Machine) greedyTarget(n int) int {
	best := 0
	for k := 1; k < n; k++ {
		a, b := m.count[m.opts[k]], m.count[m.opts[best]]
		if m.tgtHinders && a < b || !m.tgtHinders && a > b {
			best = k
		}
	}
	return best
}

// ruleDur marks a rule's group among the active effects' durations: it
// never ends.
const ruleDur = cardrules.NumDurations

// rerule recomputes the rules' groups from the state, and the seats'
// values when they changed.
func (m *Machine) rerule() {
	var rl [len(m.rl)]active
	n := 0
	for k := range m.p.rules {
		x := &m.p.rules[k]
		seats := m.ruleSeats(x)
		param := x.Param
		if x.Type == cardrules.Suppress {
			param = uint8(cardrules.Suppressed(param).Type())
		}
		for seats != 0 {
			v := m.ruleValue(x, bits.TrailingZeros8(seats))
			var group uint8
			for y := seats; y != 0; y &= y - 1 {
				if t := bits.TrailingZeros8(y); m.ruleValue(x, t) == v {
					group |= 1 << t
				}
			}
			seats &^= group
			rl[n] = active{typ: x.Type, value: v, key: x.Key, stack: x.Stack, src: int8(k), seats: group, param: param, dur: ruleDur, persists: true}
			n++
		}
	}
	if n != m.rlN || rl != m.rl {
		m.rl, m.rlN = rl, n
		m.relast()
	}
}

// ruleSeats returns the seats rule x holds for now.
func (m *Machine) ruleSeats(x *bytecode.Rule) uint8 {
	seats := m.active
	if x.If != cardrules.NoCond {
		if x.If != cardrules.CondHand {
			if !m.tests(x.If, x.Cmp, x.CondValue, 0) {
				return 0
			}
		} else {
			for y := seats; y != 0; y &= y - 1 {
				if t := bits.TrailingZeros8(y); !m.tests(x.If, x.Cmp, x.CondValue, t) {
					seats &^= 1 << t
				}
			}
		}
	}
	if x.Who == cardrules.WhoEveryone || seats == 0 {
		return seats
	}
	best := -1
	for y := m.active; y != 0; y &= y - 1 {
		c := int(m.count[bits.TrailingZeros8(y)])
		if best < 0 || x.Who == cardrules.WhoMostCards && c > best || x.Who == cardrules.WhoFewestCards && c < best {
			best = c
		}
	}
	for y := seats; y != 0; y &= y - 1 {
		if t := bits.TrailingZeros8(y); int(m.count[t]) != best {
			seats &^= 1 << t
		}
	}
	return seats
}

// ruleValue is rule x's value for seat t: its value, plus one per Per of
// the count it scales by, within 1..13; 0 for a type without a value.
func (m *Machine) ruleValue(x *bytecode.Rule, t int) uint8 {
	if x.ScaleBy == cardrules.NoCond {
		return x.Value
	}
	q := 0
	switch x.ScaleBy {
	case cardrules.CondHand:
		q = int(m.count[t])
	case cardrules.CondStock:
		q = m.stockN
	case cardrules.CondPile:
		q = m.discN
	case cardrules.CondSeats:
		q = m.nActive
	}
	return uint8(min(int(x.Value)+q/int(x.Per), cardrules.MaxEffectValue))
}

// resolveWords words a delayed effect resolving for a trace.
func resolveWords(e Event) string {
	var who []string
	for t := range MaxSeats {
		if e.N&(1<<t) != 0 {
			who = append(who, fmt.Sprint(t))
		}
	}
	what := "draw"
	if cardrules.EffectType(e.Card) == cardrules.ForceDiscard {
		what = "discard"
	}
	seats := "seat "
	if len(who) > 1 {
		seats = "seats "
	}
	return fmt.Sprintf("%s %d for %s%s (from seat %d)", what, e.N>>8, seats, strings.Join(who, ", "), e.Seat)
}
