package reference

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- lasting effects ----

// active is one active effect: what a lasting effect started when it
// fired, held until its duration ends (or its source goes out).
type active struct {
	typ      genome.EffectType
	value    int // draw_limit and bonus; 0 for the others
	key      int
	stack    cardrules.Stacking
	source   int   // the seat it fired for
	seats    uint8 // the seats it holds over, bit t for seat t
	param    int   // lock_suit, ban_suit: a suit; lock_rank, ban_rank: a rank; suppress: the type it switches off
	dur      cardrules.Duration
	end      int // duration turns: it ends once this many turns are completed
	persists bool
}

// noTurnsLeft is the turns-left field of an active effect whose duration
// is not a number of turns.
const noTurnsLeft = 0xFF

// startLasting starts the active effect of lasting effect e, fired for
// seat s with card c (for an event that names a rank, the card of that
// rank and suit 0). Its seats: every seat with scope everyone; otherwise
// the seats its target names, taken as an immediate effect's are (self
// only while s is in; next, previous, all or a random opponent among the
// active seats other than s, drawing the random opponent's number even
// with none), those that fail a target_hand condition dropped, and with
// scope team each one's partner added. Nothing starts with no seat, with
// stacking none while an effect of its type and key is active, or with
// cardrules.MaxActive effects active.
func (m *game) startLasting(s int, c genome.Card, e genome.Effect) {
	l := e.Lasts
	var seats uint8
	if l.Scope == cardrules.ScopeEveryone {
		for t := range m.n {
			seats |= 1 << t
		}
	} else {
		for _, t := range m.targets(s, e.Target) {
			if t == s && !m.active[s] {
				continue // self, out
			}
			if !m.targetHolds(e, t) {
				continue
			}
			seats |= 1 << t
			if l.Scope == cardrules.ScopeTeam {
				// The partnership: every seat of t's team (t mod 2).
				for u := t % 2; u < m.n; u += 2 {
					seats |= 1 << u
				}
			}
		}
	}
	if seats == 0 {
		return
	}
	if l.Stack == cardrules.StackNone && slices.ContainsFunc(m.lasting, func(a active) bool {
		return a.typ == e.Type && a.key == l.Key
	}) {
		return
	}
	if len(m.lasting) >= cardrules.MaxActive {
		return
	}
	a := active{typ: e.Type, key: l.Key, stack: l.Stack, source: s, seats: seats, dur: l.For, persists: l.Persists}
	if e.Type.UsesValue() {
		a.value = e.Value
	}
	switch e.Type {
	case cardrules.LockSuit, cardrules.BanSuit:
		a.param = int(c.Suit())
	case cardrules.LockRank, cardrules.BanRank:
		a.param = int(e.Rank)
	case cardrules.Suppress:
		a.param = int(l.Suppresses.Type())
	}
	if l.For == cardrules.ForTurns {
		// It holds for the rest of the turn it starts in and l.Turns
		// turns more.
		a.end = m.done + l.Turns + 1
	}
	m.lasting = append(m.lasting, a)
}

// spared reports whether effects of type typ do nothing for seat t: an
// active suppress, or a rule's, of that type holds over t. (Suppress
// itself is never suppressed.)
func (m *game) spared(typ genome.EffectType, t int) bool {
	return slices.ContainsFunc(m.holding(), func(a active) bool {
		return a.typ == cardrules.Suppress && a.param == int(typ) && a.seats&(1<<t) != 0
	})
}

// applies reports whether active effect a applies to seat t: t is among
// its seats and no active suppress of its type holds over t.
func (m *game) applies(a active, t int) bool {
	return a.seats&(1<<t) != 0 && !m.spared(a.typ, t)
}

// allowed reports whether seat t may play card c as far as the locks and
// bans (rules' and active) that apply to it say: a lock forbids every card
// not of its suit (or rank), a ban the cards of its suit (or rank).
func (m *game) allowed(t int, c genome.Card) bool {
	for _, a := range m.holding() {
		if !m.applies(a, t) {
			continue
		}
		ok := true
		switch a.typ {
		case cardrules.LockSuit:
			ok = int(c.Suit()) == a.param
		case cardrules.LockRank:
			ok = int(c.Rank()) == a.param
		case cardrules.BanSuit:
			ok = int(c.Suit()) != a.param
		case cardrules.BanRank:
			ok = int(c.Rank()) != a.param
		}
		if !ok {
			return false
		}
	}
	return true
}

// unforbidden returns the cards of legal that seat t may play once its
// forbidden cards are taken out (the last step of legality).
func (m *game) unforbidden(t int, legal []genome.Card) []genome.Card {
	var ok []genome.Card
	for _, c := range legal {
		if m.allowed(t, c) {
			ok = append(ok, c)
		}
	}
	return ok
}

// combined folds the values of the rules' groups and the active effects
// of type typ that apply to seat t, per stacking key by the key's mode:
// the rules first (in genome order), then the active effects in start
// order. It reports each key's value and whether any applies.
func (m *game) combined(typ genome.EffectType, t int) (v [cardrules.MaxStackKey + 1]int, have [cardrules.MaxStackKey + 1]bool) {
	for _, a := range m.holding() {
		if a.typ != typ || !m.applies(a, t) {
			continue
		}
		v[a.key] = a.stack.Combine(v[a.key], have[a.key], a.value)
		have[a.key] = true
	}
	return v, have
}

// drawLimit returns seat t's draw limit, the smallest over the stacking
// keys of its draw_limit effects, and whether it has one.
func (m *game) drawLimit(t int) (int, bool) {
	v, have := m.combined(cardrules.DrawLimit, t)
	lim, ok := 0, false
	for k := range v {
		if have[k] && (!ok || v[k] < lim) {
			lim, ok = v[k], true
		}
	}
	return lim, ok
}

// limitDraw returns k cut to seat t's draw limit.
func (m *game) limitDraw(t, k int) int {
	if lim, ok := m.drawLimit(t); ok {
		return min(k, lim)
	}
	return k
}

// bonus returns the points seat t scores more for each trick it wins and
// set it lays down: the sum over the stacking keys of its bonus effects.
func (m *game) bonus(t int) int {
	v, _ := m.combined(cardrules.Bonus, t)
	b := 0
	for _, x := range v {
		b += x
	}
	return b
}

// misses reports whether some miss_turns effect or rule applies to seat t.
func (m *game) misses(t int) bool {
	return slices.ContainsFunc(m.holding(), func(a active) bool {
		return a.typ == cardrules.MissTurns && m.applies(a, t)
	})
}

// allMiss reports whether every active seat misses its turns.
func (m *game) allMiss() bool {
	for t := range m.n {
		if m.active[t] && !m.misses(t) {
			return false
		}
	}
	return true
}

// lastingN is the N of an active effect's events: turns left (left) |
// its seats<<8 | its parameter<<16 | its value<<24.
func lastingN(a active, left int) int {
	return left | int(a.seats)<<8 | a.param<<16 | a.value<<24
}

// endWhere ends, in start order, the active effects that ends says have
// ended, each with an EvLastEnd event (its N as EvActive's would be now);
// the others keep their order.
func (m *game) endWhere(ends func(a active) bool) {
	if len(m.lasting) == 0 {
		return
	}
	kept := m.lasting[:0]
	for _, a := range m.lasting {
		if ends(a) {
			m.emit(Event{Kind: EvLastEnd, Seat: a.source, Card: int(a.typ), N: lastingN(a, m.turnsLeft(a))})
			continue
		}
		kept = append(kept, a)
	}
	clear(m.lasting[len(kept):])
	m.lasting = kept
}

// endTurns ends, at the end of every turn (the turn counted), the effects
// of a duration of turns whose last turn it was.
func (m *game) endTurns() {
	m.endWhere(func(a active) bool { return a.dur == cardrules.ForTurns && a.end <= m.done })
}

// endSourceTurn ends the effects of duration source_turn that seat s
// started: the move has come to s (its turn starts, or it loses it).
func (m *game) endSourceTurn(s int) {
	m.endWhere(func(a active) bool { return a.dur == cardrules.UntilSourceTurn && a.source == s })
}

// endTrick ends, at the end of every trick, the effects of duration trick.
func (m *game) endTrick() {
	m.endWhere(func(a active) bool { return a.dur == cardrules.UntilTrickEnd })
}

// cleanup ends the effects seat s started, but those that persist: s has
// gone out.
func (m *game) cleanup(s int) {
	m.endWhere(func(a active) bool { return a.source == s && !a.persists })
}

// turnsLeft is the turns active effect a has left: for a duration of
// turns, those not completed before its end (during a turn, this one
// included; none once it has ended), else noTurnsLeft.
func (m *game) turnsLeft(a active) int {
	if a.dur != cardrules.ForTurns {
		return noTurnsLeft
	}
	return max(a.end-m.done, 0)
}

// showActive traces every active effect at the start of a turn, in start
// order.
func (m *game) showActive() {
	for _, a := range m.lasting {
		m.emit(Event{Kind: EvActive, Seat: a.source, Card: int(a.typ), N: lastingN(a, m.turnsLeft(a))})
	}
}

// verifyLasting checks the active effects when the game runs checked: at
// most cardrules.MaxActive, each holding over some seat, a duration of
// turns with at least this turn left, a source that is a seat.
func (m *game) verifyLasting() {
	if len(m.lasting) > cardrules.MaxActive {
		panic(fmt.Sprintf("reference: %d active effects", len(m.lasting)))
	}
	for _, a := range m.lasting {
		switch {
		case a.seats == 0 || int(a.seats)>>m.n != 0:
			panic(fmt.Sprintf("reference: active %v holds over seats %08b", a.typ, a.seats))
		case a.dur == cardrules.ForTurns && a.end <= m.done:
			panic(fmt.Sprintf("reference: active %v ended after turn %d, %d turns are done", a.typ, a.end, m.done))
		case a.source < 0 || a.source >= m.n:
			panic(fmt.Sprintf("reference: active %v from seat %d", a.typ, a.source))
		}
	}
}
