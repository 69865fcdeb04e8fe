package vm

import (
	"fmt"
	"math"
	"math/bits"
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
	// The rules' groups (later.go), recomputed at every turn's end: per
	// rule in genome order, the seats it holds for with one value each;
	// src is the rule's index.
	rl  [cardrules.MaxRules * MaxSeats]active
	rlN int
	// Per seat, recomputed by relast: the cards it may not play, its draw
	// limit (0: none), its bonus, the types switched off for it; and the
	// seats that lose their turns.
	forbid   [MaxSeats]uint64
	drawCap  [MaxSeats]uint8
	bonus    [MaxSeats]int16
	silenced [MaxSeats]uint16
	missing  uint8
	vals     values // the draw limits and bonuses per stacking key
	// When one may end (relast): the turn count at which the first
	// counted in turns runs out, the seats whose turn ends some, whether
	// the end of a trick does, the seats whose going out does.
	turnEnd  int
	srcTurn  uint8
	trickEnd bool
	srcOut   uint8
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
		a.param = suitOf[c]
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
	m.addLast(&m.act[m.actN-1])
}

// addLast adds what new active effect a, the last to start, says to what
// the others say: a lock, ban or lost turn adds to its seats' values, a
// draw limit or bonus to their stacking keys' values (their modes do not
// depend on order); a suppress, which may change what others give, makes
// relast recompute all.
func (m *Machine) addLast(a *active) {
	l := &m.lasting
	if a.typ == cardrules.Suppress {
		m.relast()
		return
	}
	l.noteEnd(a)
	if a.typ == cardrules.DrawLimit || a.typ == cardrules.Bonus {
		l.add(&l.vals, m.act[m.actN-1:m.actN])
		for x := a.seats; x != 0; x &= x - 1 {
			l.setValues(bits.TrailingZeros8(x))
		}
		return
	}
	l.addBar(a)
}

// addBar adds what lock, ban or miss_turns a says to the seats it applies
// to: the cards they may not play, or that they lose their turns.
func (l *lasting) addBar(a *active) {
	f := a.cards()
	for x := a.seats; x != 0; x &= x - 1 {
		t := bits.TrailingZeros8(x)
		if l.silenced[t]&(1<<a.typ) != 0 {
			continue
		}
		if a.typ == cardrules.MissTurns {
			l.missing |= 1 << t
		} else {
			l.forbid[t] |= f
		}
	}
}

// cards returns the cards lock or ban a forbids its seats (none for the
// other types).
func (a *active) cards() uint64 {
	switch a.typ {
	case cardrules.LockSuit:
		return cardSet &^ bytecode.SuitCards[a.param]
	case cardrules.LockRank:
		return cardSet &^ rankSet[a.param]
	case cardrules.BanSuit:
		return bytecode.SuitCards[a.param]
	case cardrules.BanRank:
		return rankSet[a.param]
	}
	return 0
}

// noteEnd adds when active effect a ends to when one may end.
func (l *lasting) noteEnd(a *active) {
	switch a.dur {
	case cardrules.ForTurns:
		l.turnEnd = min(l.turnEnd, a.end)
	case cardrules.UntilSourceTurn:
		l.srcTurn |= 1 << a.src
	case cardrules.UntilTrickEnd:
		l.trickEnd = true
	}
	if !a.persists {
		l.srcOut |= 1 << a.src
	}
}

// lastingSeats returns the seats effect e of seat s starts over: everyone,
// or its target's seats (taken as a targeted effect takes them) less those
// that fail a target's condition, with their partners for a team.
func (m *Machine) lastingSeats(e *effect, s int) uint8 {
	if e.scope == cardrules.ScopeEveryone {
		return uint8(1<<m.n - 1)
	}
	set := m.seatsOf(e, s)
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
	if m.srcTurn&(1<<s) != 0 {
		m.endLasting(func(a *active) bool { return a.dur == cardrules.UntilSourceTurn && int(a.src) == s })
	}
}

// turnStarts is the start of seat cur's turn when effects are active or
// rules hold: its source_turn effects end, and a trace lists the rules'
// groups and the effects still active.
func (m *Machine) turnStarts() {
	m.sourceTurn(m.cur)
	if m.trace != nil {
		for i := range m.rlN {
			a := &m.rl[i]
			m.trace.add(EvRule, int(a.src), uint8(a.typ), m.activeN(a))
		}
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

// relast recomputes what the active effects say of each seat, and when
// one may end next: the turn count at which the first counted in turns
// runs out, the seats whose turn ends some, whether a trick's end does,
// and the seats whose going out does.
func (m *Machine) relast() {
	l := &m.lasting
	l.forbid, l.drawCap, l.bonus, l.silenced, l.missing = [MaxSeats]uint64{}, [MaxSeats]uint8{}, [MaxSeats]int16{}, [MaxSeats]uint16{}, 0
	l.turnEnd, l.srcTurn, l.trickEnd, l.srcOut = math.MaxInt, 0, false, 0
	var types uint16 // the types active or held by a rule
	for i := range l.actN {
		l.noteEnd(&l.act[i])
		types |= 1 << l.act[i].typ
	}
	for i := range l.rlN {
		types |= 1 << l.rl[i].typ
	}
	if types&(1<<cardrules.Suppress) != 0 {
		// The types switched off come first: they decide what applies.
		l.silence(l.rl[:l.rlN])
		l.silence(l.act[:l.actN])
	}
	if types&barTypes != 0 {
		l.bars(l.rl[:l.rlN])
		l.bars(l.act[:l.actN])
	}
	if types&(1<<cardrules.DrawLimit|1<<cardrules.Bonus) != 0 {
		m.revalue()
	} else {
		l.vals = values{}
	}
}

// barTypes are the types that forbid cards or take turns away.
const barTypes = 1<<cardrules.LockSuit | 1<<cardrules.LockRank | 1<<cardrules.BanSuit | 1<<cardrules.BanRank | 1<<cardrules.MissTurns

// silence adds the types the suppresses of as switch off to their seats.
func (l *lasting) silence(as []active) {
	for i := range as {
		if a := &as[i]; a.typ == cardrules.Suppress {
			for x := a.seats; x != 0; x &= x - 1 {
				l.silenced[bits.TrailingZeros8(x)] |= 1 << a.param
			}
		}
	}
}

// bars adds what the locks, bans and lost turns of as say.
func (l *lasting) bars(as []active) {
	for i := range as {
		if a := &as[i]; barTypes&(1<<a.typ) != 0 {
			l.addBar(a)
		}
	}
}

// values holds, per seat, the draw limits (0) and bonuses (1) of each
// stacking key combined so far, and which keys have one.
type values struct {
	v   [2][MaxSeats][cardrules.MaxStackKey + 1]int16
	has [2][MaxSeats]uint8
}

// add combines the draw limits and bonuses of as into x, in order.
func (l *lasting) add(x *values, as []active) {
	for i := range as {
		a := &as[i]
		k := 0
		switch a.typ {
		case cardrules.DrawLimit:
		case cardrules.Bonus:
			k = 1
		default:
			continue
		}
		for y := a.seats; y != 0; y &= y - 1 {
			t := bits.TrailingZeros8(y)
			if l.silenced[t]&(1<<a.typ) != 0 {
				continue
			}
			x.v[k][t][a.key] = int16(a.stack.Combine(int(x.v[k][t][a.key]), x.has[k][t]&(1<<a.key) != 0, int(a.value)))
			x.has[k][t] |= 1 << a.key
		}
	}
}

// revalue computes each seat's draw limit and bonus: per stacking key the
// values combined in order (the rules' groups, then the active effects in
// start order) by the key's mode; the smallest limit over the keys, the
// sum of the bonuses.
func (m *Machine) revalue() {
	l := &m.lasting
	l.vals = values{}
	l.add(&l.vals, l.rl[:l.rlN])
	l.add(&l.vals, l.act[:l.actN])
	for t := range m.n {
		l.setValues(t)
	}
}

// setValues sets seat t's draw limit and bonus from its keys' values.
func (l *lasting) setValues(t int) {
	x := &l.vals
	l.drawCap[t], l.bonus[t] = 0, 0
	for key := range cardrules.MaxStackKey + 1 {
		if x.has[0][t]&(1<<key) != 0 && (l.drawCap[t] == 0 || int(x.v[0][t][key]) < int(l.drawCap[t])) {
			l.drawCap[t] = uint8(min(x.v[0][t][key], 255))
		}
		if x.has[1][t]&(1<<key) != 0 {
			l.bonus[t] += x.v[1][t][key]
		}
	}
}

// cardSet is every card.
const cardSet = 1<<cardrules.MaxCards - 1

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
	if e.Kind == EvRule {
		return s
	}
	return fmt.Sprintf("%s (from seat %d)", s, e.Seat)
}

// seatsOf returns the seats effect e of seat s names, taken as a targeted
// effect takes them: itself while it is in; with no opponent in, none;
// else the next or previous seat in, every opponent in, one at random (one
// rng draw) or the one it chooses (a decision).
func (m *Machine) seatsOf(e *effect, s int) uint8 {
	opps := m.nActive
	if m.isActive(s) {
		opps--
	}
	switch {
	case e.target == cardrules.TargetSelf:
		if m.isActive(s) {
			return 1 << s
		}
	case opps <= 0:
	case e.target == cardrules.TargetNext:
		return 1 << m.step(s, m.dir, 1)
	case e.target == cardrules.TargetPrevious:
		return 1 << m.step(s, -m.dir, 1)
	case e.target == cardrules.TargetAllOpponents:
		return m.active &^ (1 << s)
	case e.target == cardrules.TargetRandomOpponent:
		return 1 << m.step(s, m.dir, 1+m.rng.IntN(opps))
	case e.target == cardrules.TargetChosen:
		return 1 << m.chooseTarget(e, s, opps)
	}
	return 0
}
