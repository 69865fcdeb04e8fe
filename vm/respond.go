package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Response windows and chains (the package doc gives the rules): a
// targeted effect about to hit a seat may be answered by the cards of the
// ranks that carry a response ability against its type; each answer is a
// link of the chain, which resolves last in, first out, when every seat
// allowed to answer its top link has let it be.

// response is one rank's ability against one effect type.
type response struct {
	ability cardrules.Ability // NoAbility: none
	value   uint8             // stack: the amount it adds
}

// link is one link of a chain: the effect (link 0) or an answer.
type link struct {
	player, hits int8
	ability      cardrules.Ability
	value        uint8
}

// loadResponses lowers the program's responses.
func (p *Program) loadResponses(im *bytecode.Image) {
	p.respondAll = im.Respond&bytecode.RespondEveryone != 0
	p.loseTurn = im.Respond&bytecode.RespondLoseTurn != 0
	for i := range p.nPhases {
		if p.phases[i].op == bytecode.OpPlay {
			p.respPred = p.phases[i].pred
			break
		}
	}
	for _, x := range im.Responses {
		t := x.Answers
		p.answers |= 1 << t
		p.resp[t][x.Rank] = response{x.Ability, x.Value}
		set := &p.respLegal[t]
		if x.IgnoreLegal {
			set = &p.respFree[t]
		}
		set[0] |= rankSet[x.Rank]
		if x.Ability == cardrules.Cancel {
			set[1] |= rankSet[x.Rank]
		}
	}
}

// opens reports whether effect e of seat s, about to hit seat t, opens a
// response window: some rank answers its type, the card was played in a
// play phase or is the starter, t is another seat still in, and the effect
// could resolve on it now.
func (m *Machine) opens(e *effect, s, t int) bool {
	if m.p.answers&(1<<e.typ) == 0 || t == s || m.inTrig || m.delaying != 0 || (m.ph != nil && m.ph.op != bytecode.OpPlay) {
		return false
	}
	if e.typ == cardrules.DrawCards {
		return m.canDraw()
	}
	return m.count[t] > 0
}

// answering returns the cards seat x may answer the chain's top link with,
// for a chain of effect type t.
func (m *Machine) answering(x int, t cardrules.EffectType) uint64 {
	p := m.p
	k := 0
	if m.chain[m.chainN-1].ability == cardrules.Cancel {
		k = 1
	}
	h := m.held(x)
	free, legal := h&p.respFree[t][k], h&p.respLegal[t][k]
	if legal != 0 && m.discN > 0 {
		legal = allowed(legal, &p.preds[p.respPred], nil, m.disc[m.discN-1], m.suit, m.played)
	}
	return free | legal
}

// respondent returns the k-th seat allowed to answer the top link (-1:
// there is none): the seat it hits, or every seat still in in turn order
// from it but the link's player.
func (m *Machine) respondent(k int) int {
	top := &m.chain[m.chainN-1]
	h := int(top.hits)
	if !m.p.respondAll {
		if k == 0 && m.isActive(h) {
			return h
		}
		return -1
	}
	x := h
	if !m.isActive(x) {
		x = m.step(h, m.dir, 1)
	}
	for range m.nActive {
		if x != int(top.player) {
			if k == 0 {
				return x
			}
			k--
		}
		x = m.step(x, m.dir, 1)
	}
	return -1
}

// window runs the response window of effect e of seat s about to hit seat
// t, then resolves the chain. It sets hitSeat (-1: the effect does
// nothing), hitAmt and hitFrom.
func (m *Machine) window(e *effect, s, t int) {
	if !m.resuming {
		m.chain[0] = link{player: int8(s), hits: int8(t), value: e.value}
		m.chainN, m.winAsked = 1, 0
	} else if m.paused != DecideRespond {
		// Re-entering the discards the closed chain's effect owes (its
		// links are kept until the next targeted hit).
		return
	}
	for {
		answered := false
		for k := int(m.winAsked); ; k++ {
			x := m.respondent(k)
			if x < 0 {
				break
			}
			m.winAsked = uint8(k)
			opts := m.answering(x, e.typ)
			if opts == 0 {
				continue
			}
			opts |= 1 << OptPass
			c := nth(opts, m.decide(x, DecideRespond, bits.OnesCount64(opts), opts))
			if c == OptPass {
				continue
			}
			m.answer(x, c, e.typ)
			if m.over {
				m.hitSeat = -1
				return
			}
			answered = true
			break
		}
		if !answered {
			break
		}
		m.winAsked = 0
	}
	m.resolveChain(e, s, t)
}

// answer: seat x answers the top link with card c, in a chain of effect
// type t.
func (m *Machine) answer(x int, c uint8, t cardrules.EffectType) {
	top := m.chain[m.chainN-1]
	c = m.takeFace(x, c)
	m.disc[m.discN] = c
	m.discN++
	// Not a play: the last card played (a trick's lead rule reads it)
	// stays the card whose effect is answered.
	m.suit = suitOf[c]
	m.played |= 1 << suitOf[c]
	m.passes = 0
	m.steps++
	m.res.Responses++
	r := m.p.resp[t][rankOf[c]]
	if m.trace != nil {
		m.trace.add(EvRespond, x, c, int(r.ability))
	}
	if m.stockN == 0 && m.p.reshuffleNow {
		m.refill()
	}
	l := link{player: int8(x), hits: top.player, ability: r.ability}
	if r.ability == cardrules.Stack {
		l.hits = int8(m.step(x, m.dir, 1))
		if t != cardrules.DrawCards || m.canDraw() {
			l.value = r.value
		}
	}
	m.chain[m.chainN] = l
	m.chainN++
	if m.p.loseTurn {
		m.losesTurn |= 1 << x
	}
	m.checkEnd()
}

// resolveChain resolves the closed chain of effect e of seat s first
// aimed at seat t, last in first out: a cancel not itself negated negates
// the link below it; the effect, unless negated, hits the seat the topmost
// stack or deflect left standing passes it to, with its value plus the
// stacks left standing.
func (m *Machine) resolveChain(e *effect, s, t int) {
	var negated uint64
	for i := int(m.chainN) - 1; i >= 1; i-- {
		if negated&(1<<i) == 0 && m.chain[i].ability == cardrules.Cancel {
			negated |= 1 << (i - 1)
		}
	}
	if negated&1 != 0 {
		m.res.Cancelled++
		m.hitSeat = -1
		if m.trace != nil {
			m.trace.add(EvChain, -1, 0, 0)
		}
		return
	}
	amt, f, from, found := int(e.value), t, s, false
	for i := int(m.chainN) - 1; i >= 1; i-- {
		l := &m.chain[i]
		if negated&(1<<i) != 0 {
			continue
		}
		amt += int(l.value)
		if !found && l.ability != cardrules.Cancel {
			f, from, found = int(l.hits), int(l.player), true
		}
	}
	m.hitSeat, m.hitAmt, m.hitFrom = int8(f), int16(amt), int8(from)
	if m.trace != nil {
		m.trace.add(EvChain, f, 0, amt)
	}
	if !m.isActive(f) {
		m.hitSeat = -1
		return
	}
	if m.p.loseTurn {
		m.losesTurn |= 1 << f
	}
}

// passLost returns the seat the move passes to when it would pass to seat
// x: while that seat is to lose its turn, the flag is cleared and the move
// passes on to the next seat still in.
func (m *Machine) passLost(x int) int {
	if m.losesTurn == 0 && m.missing == 0 {
		return x
	}
	return m.passLostSlow(x)
}

// passLostSlow is passLost when some seat may lose its turn: to its flag,
// or to miss_turns unless every seat still in would.
func (m *Machine) passLostSlow(x int) int {
	for {
		switch {
		case m.losesTurn&(1<<x) != 0:
			m.losesTurn &^= 1 << x
		case m.missing&(1<<x) != 0 && m.missing&m.active != m.active:
		default:
			return x
		}
		if m.trace != nil {
			m.trace.add(EvLoseTurn, x, 0, 0)
		}
		m.sourceTurn(x)
		x = m.step(x, m.dir, 1)
	}
}

// pending returns the amount the chain's effect carries so far: its value
// plus every stack, negations aside.
func (m *Machine) pending() int {
	n := 0
	for _, l := range m.chain[:m.chainN] {
		n += int(l.value)
	}
	return n
}
