package vm

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Lasting effects (the package doc's "Lasting effects"): an effect of a
// lasting type starts an active effect over a set of seats; what the
// active effects say of each seat (the cards it may not play, its draw
// limit and bonus, whether it loses its turns, the types switched off for
// it) is recomputed whenever one starts or ends, so that the places that
// read it pay one load.

// active is one active effect.
type active struct {
	typ      cardrules.EffectType
	value    uint8
	key      uint8
	stack    cardrules.Stacking
	src      int8
	seats    uint8 // the seats it holds over
	param    uint8 // lock_suit, ban_suit: the suit; lock_rank, ban_rank: the rank; suppress: the type
	dur      cardrules.Duration
	persists bool
	end      int // a duration of turns: it ends when Result.Turns reaches end
}

// lasting is the part of the game that the active effects make.
type lasting struct {
	act  [cardrules.MaxActive]active // in the order they started
	actN int
	// Per seat, recomputed by relast: the cards it may not play, its draw
	// limit (0: none), its bonus, the types switched off for it; and the
	// seats that lose their turns.
	forbid   [MaxSeats]uint64
	drawCap  [MaxSeats]uint8
	bonus    [MaxSeats]int16
	silenced [MaxSeats]uint16
	missing  uint8
}

// startLasting starts the active effect of lasting effect e that seat s set
// off with card c (a rank event's card r) of rank r.
func (m *Machine) startLasting(e *effect, s int, c uint8, r int) {
	seats := m.lastingSeats(e, s)
	if seats == 0 || m.actN == cardrules.MaxActive {
		return
	}
	if e.stack == cardrules.StackNone {
		for _, a := range m.act[:m.actN] {
			if a.typ == e.typ && a.key == e.key {
				return
			}
		}
	}
	a := active{typ: e.typ, value: e.value, key: e.key, stack: e.stack, src: int8(s), seats: seats, dur: e.dur, persists: e.persists}
	switch e.typ {
	case cardrules.LockSuit, cardrules.BanSuit:
		a.param = c / 13
	case cardrules.LockRank, cardrules.BanRank:
		a.param = uint8(r)
	case cardrules.Suppress:
		a.param = uint8(e.sup.Type())
	}
	if e.dur == cardrules.ForTurns {
		a.end = m.res.Turns + int(e.turns) + 1
	}
	m.act[m.actN] = a
	m.actN++
	m.relast()
}

// lastingSeats returns the seats effect e of seat s starts over: everyone,
// or its target's seats (taken as a targeted effect takes them) less those
// that fail a target's condition, with their partners for a team.
func (m *Machine) lastingSeats(e *effect, s int) uint8 {
	if e.scope == cardrules.ScopeEveryone {
		return uint8(1<<m.n - 1)
	}
	var set uint8
	opps := m.nActive
	if m.isActive(s) {
		opps--
	}
	switch {
	case e.target == cardrules.TargetSelf:
		if m.isActive(s) {
			set = 1 << s
		}
	case opps <= 0:
	case e.target == cardrules.TargetNext:
		set = 1 << m.step(s, m.dir, 1)
	case e.target == cardrules.TargetPrevious:
		set = 1 << m.step(s, -m.dir, 1)
	case e.target == cardrules.TargetAllOpponents:
		set = m.active &^ (1 << s)
	case e.target == cardrules.TargetRandomOpponent:
		set = 1 << m.step(s, m.dir, 1+m.rng.IntN(opps))
	}
	if e.cond == cardrules.CondTarget {
		for t := range m.n {
			if set&(1<<t) != 0 && !e.cmp.Holds(int(m.count[t]), int(e.cval)) {
				set &^= 1 << t
			}
		}
	}
	if e.scope == cardrules.ScopeTeam {
		for t := range m.n {
			if set&(1<<t) != 0 {
				for u := t % 2; u < m.n; u += 2 {
					set |= 1 << u
				}
			}
		}
	}
	return set
}

// endLasting ends the active effects for which ends holds, in order.
func (m *Machine) endLasting(ends func(a *active) bool) {
	k := 0
	for i := range m.actN {
		a := &m.act[i]
		if !ends(a) {
			m.act[k] = *a
			k++
			continue
		}
		if m.trace != nil {
			m.trace.add(EvLastEnd, int(a.src), uint8(a.typ), m.activeN(a))
		}
	}
	if k < m.actN {
		m.actN = k
		m.relast()
	}
}

// sourceTurn ends the effects that last until seat s's turn: the move has
// come to it (it begins its turn, or loses it).
func (m *Machine) sourceTurn(s int) {
	if m.actN > 0 {
		m.endLasting(func(a *active) bool { return a.dur == cardrules.UntilSourceTurn && int(a.src) == s })
	}
}

// turnStarts is the start of seat cur's turn when effects are active: its
// source_turn effects end, and a trace lists those still active.
func (m *Machine) turnStarts() {
	m.sourceTurn(m.cur)
	if m.trace != nil {
		for i := range m.actN {
			a := &m.act[i]
			m.trace.add(EvActive, int(a.src), uint8(a.typ), m.activeN(a))
		}
	}
}

// activeN packs active effect a for a trace event: turns left counting
// this one (0xff for other durations) | seats<<8 | param<<16 | value<<24.
func (m *Machine) activeN(a *active) int {
	left := 0xff
	if a.dur == cardrules.ForTurns {
		left = max(a.end-m.res.Turns, 0)
	}
	return left | int(a.seats)<<8 | int(a.param)<<16 | int(a.value)<<24
}

// relast recomputes what the active effects say of each seat.
func (m *Machine) relast() {
	l := &m.lasting
	l.forbid, l.drawCap, l.bonus, l.silenced, l.missing = [MaxSeats]uint64{}, [MaxSeats]uint8{}, [MaxSeats]int16{}, [MaxSeats]uint16{}, 0
	for _, a := range l.act[:l.actN] {
		if a.typ == cardrules.Suppress {
			for t := range m.n {
				if a.seats&(1<<t) != 0 {
					l.silenced[t] |= 1 << a.param
				}
			}
		}
	}
	// Values of draw limits and bonuses per seat and key, combined in
	// start order by the key's mode.
	var caps, bons [MaxSeats][cardrules.MaxStackKey + 1]int
	var hasCap, hasBon [MaxSeats]uint8
	for _, a := range l.act[:l.actN] {
		for t := range m.n {
			if a.seats&(1<<t) == 0 || l.silenced[t]&(1<<a.typ) != 0 {
				continue
			}
			switch a.typ {
			case cardrules.LockSuit:
				l.forbid[t] |= cardSet &^ bytecode.SuitCards[a.param]
			case cardrules.LockRank:
				l.forbid[t] |= cardSet &^ rankSet[a.param]
			case cardrules.BanSuit:
				l.forbid[t] |= bytecode.SuitCards[a.param]
			case cardrules.BanRank:
				l.forbid[t] |= rankSet[a.param]
			case cardrules.MissTurns:
				l.missing |= 1 << t
			case cardrules.DrawLimit:
				caps[t][a.key] = a.stack.Combine(caps[t][a.key], hasCap[t]&(1<<a.key) != 0, int(a.value))
				hasCap[t] |= 1 << a.key
			case cardrules.Bonus:
				bons[t][a.key] = a.stack.Combine(bons[t][a.key], hasBon[t]&(1<<a.key) != 0, int(a.value))
				hasBon[t] |= 1 << a.key
			}
		}
	}
	for t := range m.n {
		for k := range cardrules.MaxStackKey + 1 {
			if hasCap[t]&(1<<k) != 0 && (l.drawCap[t] == 0 || caps[t][k] < int(l.drawCap[t])) {
				l.drawCap[t] = uint8(min(caps[t][k], 255))
			}
			if hasBon[t]&(1<<k) != 0 {
				l.bonus[t] += int16(bons[t][k])
			}
		}
	}
}

// cardSet is every card.
const cardSet = 1<<cardrules.NumCards - 1

// drawsAllowed is how many cards seat s may draw in phase ph's turn: its
// draw_max, or its draw limit when that is smaller.
func (m *Machine) drawsAllowed(ph *phase, s int) uint8 {
	if c := m.drawCap[s]; c != 0 && c < ph.drawMax {
		return c
	}
	return ph.drawMax
}

// activeWords words an active effect for a trace: what it does, for whom,
// for how long, from whom.
func activeWords(e Event) string {
	seats, param, value := uint8(e.N>>8), uint8(e.N>>16), e.N>>24
	var what string
	switch t := cardrules.EffectType(e.Card); t {
	case cardrules.LockSuit:
		what = cardrules.Suit(param).String() + " only"
	case cardrules.LockRank:
		what = rankWord(param) + "s only"
	case cardrules.BanSuit:
		what = "no " + cardrules.Suit(param).String()
	case cardrules.BanRank:
		what = "no " + rankWord(param) + "s"
	case cardrules.DrawLimit:
		what = fmt.Sprintf("draws at most %d cards", value)
		if value == 1 {
			what = "draws at most 1 card"
		}
	case cardrules.MissTurns:
		what = "loses turns"
	case cardrules.Bonus:
		what = fmt.Sprintf("+%d points a trick or set", value)
	case cardrules.Suppress:
		what = "no " + cardrules.EffectType(param).String() + " effects"
	default:
		what = t.String()
	}
	var who []string
	for t := range MaxSeats {
		if seats&(1<<t) != 0 {
			who = append(who, fmt.Sprint(t))
		}
	}
	s := what + " for seat " + strings.Join(who, ", ")
	if len(who) > 1 {
		s = what + " for seats " + strings.Join(who, ", ")
	}
	if left := e.N & 0xff; left != 0xff && e.Kind == EvActive {
		if left == 1 {
			s += ", 1 turn left"
		} else {
			s += fmt.Sprintf(", %d turns left", left)
		}
	}
	return fmt.Sprintf("%s (from seat %d)", s, e.Seat)
}
