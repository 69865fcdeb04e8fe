package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- responses and chains ----

// link is one link of a chain: link 0 is the effect itself (player the
// effect's seat, value the effect's value, hits its target); each answer
// pushes one more.
type link struct {
	player  int
	ability genome.Ability // cardrules.NoAbility for link 0
	value   int            // what the link adds to the amount (the effect's value for link 0, a stack's value)
	hits    int            // the seat the link sends the effect to
}

// windowOpens reports whether an effect of type typ of seat s about to hit
// seat t opens a response window: the game has a response to the type, t
// is still in and not the player, and the effect could resolve on t now (a
// card can be drawn; t holds a card to discard).
func (m *game) windowOpens(typ genome.EffectType, s, t int) bool {
	if !m.g.Responses.Answers(typ) || !m.active[t] || t == s {
		return false
	}
	if typ == cardrules.DrawCards {
		return m.canDraw()
	}
	return len(m.hands[t]) > 0
}

// chain runs the response window of effect e of seat s about to hit seat
// t, then resolves the chain last in, first out. It returns the cards
// moved for the effect and whether the chain negated it. When an answer
// ends the game, nothing resolves.
func (m *game) chain(s, t int, e genome.Effect) (moved int, negated bool) {
	links := []link{{player: s, value: e.Value, hits: t}}
	for !m.over {
		l, ok := m.window(links[len(links)-1], e.Type)
		if !ok {
			return m.closeChain(links, s, t, e)
		}
		links = append(links, l)
	}
	return 0, false
}

// window asks the respondents of the top link top, in order, whether they
// answer it. The first that answers plays its card and the new link is
// returned; ok is false when every respondent passed or was skipped (a
// seat with no answering card is not asked).
func (m *game) window(top link, typ genome.EffectType) (l link, ok bool) {
	for _, x := range m.respondents(top) {
		cards, rs := m.answering(x, top, typ)
		if len(cards) == 0 {
			continue
		}
		// The faces of the answering cards ascending (a face held twice
		// is one option), then passing. The lowest id of the face
		// chosen answers, with its rank's response.
		fs := faces(cards)
		i := m.decide(x, len(fs)+1)
		if i == len(fs) {
			continue
		}
		c := m.held(x, fs[i])
		return m.answer(x, c, rs[slices.Index(cards, c)], top, typ), true
	}
	return link{}, false
}

// respondents lists the seats that may answer link top, in the order they
// are asked: with who=target the seat it hits (when still in); with
// who=everyone every active seat in turn order from the seat it hits (that
// seat first) in the current direction, except the seat that played it.
func (m *game) respondents(top link) []int {
	if m.g.Responses.Who == cardrules.RespondTarget {
		if m.active[top.hits] {
			return []int{top.hits}
		}
		return nil
	}
	var out []int
	for i := range m.n {
		x := ((top.hits+i*m.dir)%m.n + m.n) % m.n
		if m.active[x] && x != top.player {
			out = append(out, x)
		}
	}
	return out
}

// answering lists the cards of seat x's hand (ascending) that may answer
// link top of a chain begun by an effect of type typ, with the response of
// each: a card whose rank has a response to typ; stack and deflect answer
// any link but a cancel, cancel answers any link; and the card is allowed
// by the legal rule of the turn's first play phase against the discard
// pile's top card and the active suit (no preference, lead card rule or
// gate; every card on an empty pile), unless its response ignores it.
func (m *game) answering(x int, top link, typ genome.EffectType) ([]genome.Card, []genome.Response) {
	var legal *genome.Expr
	for i := range m.g.Turn {
		if m.g.Turn[i].Kind == cardrules.PhasePlay {
			legal = m.g.Turn[i].Legal
			break
		}
	}
	topCard := m.topDiscard()
	var cards []genome.Card
	var rs []genome.Response
	for _, c := range m.hands[x] {
		i := slices.IndexFunc(m.g.Responses.Cards, func(r genome.Response) bool {
			return r.Rank == c.Rank() && r.Answers == typ
		})
		if i < 0 {
			continue
		}
		r := m.g.Responses.Cards[i]
		if r.Ability != cardrules.Cancel && top.ability == cardrules.Cancel {
			continue
		}
		if !r.IgnoreLegal && topCard >= 0 &&
			!holds(legal, view{card: c, top: genome.Card(topCard), active: m.suit, played: m.played, order: m.g.Deck.Order}) {
			continue
		}
		cards = append(cards, c)
		rs = append(rs, r)
	}
	return cards, rs
}

// answer: seat x answers link top with card c and response r. The card
// goes on top of the discard pile (its suit the active suit; no suit is
// named; its suit is a suit played, but it fires nothing and is not a
// play, so the last card played, which a trick's lead rule reads, stays
// what it was), a run of passes ends, and an empty
// stock is refilled at once when the game says so. The new link: a stack
// adds r's value (0 for a draw when nothing can be drawn now) and sends
// the effect to the next active seat after x; a deflect or a cancel sends
// it back to the player of the link answered. With lose_turn, x loses its
// next turn. The end conditions are then checked as after a play.
func (m *game) answer(x int, c genome.Card, r genome.Response, top link, typ genome.EffectType) link {
	m.remove(x, c)
	m.discard = append(m.discard, c)
	m.suit = c.Suit()
	m.played |= 1 << uint(c.Suit())
	m.passesInRow = 0
	m.res.Responses++
	m.emit(Event{Kind: EvRespond, Seat: x, Card: int(c), N: int(r.Ability)})
	m.refillAtOnce()
	l := link{player: x, ability: r.Ability, hits: top.player}
	if r.Ability == cardrules.Stack {
		l.hits = m.step(x, m.dir, 1)
		if typ != cardrules.DrawCards || m.canDraw() {
			l.value = r.Value
		}
	}
	if m.g.Responses.LoseTurn {
		m.lost[x] = true
	}
	m.endCheck()
	m.verify()
	return l
}

// closeChain resolves the chain links of effect e of seat s
// aimed at seat t, last in, first out: from the top down to link 1, a
// cancel not negated itself negates the link below it. A negated effect
// (link 0) is cancelled and does nothing. Otherwise the amount is the
// effect's value plus the stacks not negated; the seat hit is the one the
// topmost stack or deflect not negated sends it to (t when none), the
// sender that link's player (s when none). The effect then resolves on the
// seat hit with the amount, when it is still in: an interaction when a
// card moved and the seat is not the sender; with lose_turn the seat loses
// its next turn.
func (m *game) closeChain(links []link, s, t int, e genome.Effect) (moved int, negated bool) {
	neg := make([]bool, len(links))
	for i := len(links) - 1; i >= 1; i-- {
		if !neg[i] && links[i].ability == cardrules.Cancel {
			neg[i-1] = true
		}
	}
	if neg[0] {
		m.res.Cancelled++
		m.emit(Event{Kind: EvChain, Seat: -1})
		return 0, true
	}
	amount, f, sender, found := links[0].value, t, s, false
	for i := len(links) - 1; i >= 1; i-- {
		l := links[i]
		if neg[i] || l.ability == cardrules.Cancel {
			continue
		}
		if l.ability == cardrules.Stack {
			amount += l.value
		}
		if !found {
			f, sender, found = l.hits, l.player, true
		}
	}
	m.emit(Event{Kind: EvChain, Seat: f, N: amount})
	if !m.active[f] {
		return 0, false
	}
	moved = m.hit(e, f, amount)
	if moved > 0 && f != sender {
		m.res.Interactions++
	}
	if m.g.Responses.LoseTurn {
		m.lost[f] = true
	}
	return moved, false
}

// passMove passes the move to seat s: while the seat it passes to has lost
// its turn (the flag is cleared), or misses its turns while some active
// seat does not, the seat loses its turn (its source_turn effects end) and
// the move passes on to the next active seat in the current direction. It
// returns the seat that moves.
func (m *game) passMove(s int) int {
	for {
		switch {
		case m.lost[s]:
			m.lost[s] = false
		case m.misses(s) && !m.allMiss():
		default:
			return s
		}
		m.emit(Event{Kind: EvLoseTurn, Seat: s})
		m.endSourceTurn(s)
		s = m.step(s, m.dir, 1)
	}
}
