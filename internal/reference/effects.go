package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- effects ----

// targets lists the seats an effect of seat s acts on, in the order they
// act.
func (m *game) targets(s int, t genome.Target) []int {
	opps := m.opponents(s)
	switch t {
	case cardrules.TargetNext:
		if len(opps) > 0 {
			return []int{opps[0]}
		}
	case cardrules.TargetPrevious:
		if len(opps) > 0 {
			return []int{opps[len(opps)-1]}
		}
	case cardrules.TargetAllOpponents:
		return opps
	case cardrules.TargetRandomOpponent:
		// One IntN over the active opponents, even with one (none:
		// IntN(0) draws nothing).
		i := m.src.IntN(len(opps))
		if len(opps) > 0 {
			return []int{opps[i]}
		}
	case cardrules.TargetChosen:
		// The player's decision among the active opponents (in turn
		// order from the next seat); a player that is out decides
		// nothing, and the opponent is drawn as a random one is. With
		// none there is no decision and no target.
		if len(opps) == 0 {
			return nil
		}
		if !m.active[s] {
			return []int{opps[m.src.IntN(len(opps))]}
		}
		return []int{opps[m.decide(s, len(opps))]}
	case cardrules.TargetSelf:
		return []int{s}
	}
	return nil
}

// firePlayed resolves the effects of card c that seat s played, unless the
// game's last card fires nothing and c emptied s's hand. answerable says
// whether its targeted effects open response windows (a card played in a
// play phase; not one played to a trick or turned up in a battle).
func (m *game) firePlayed(s int, c genome.Card, answerable bool) {
	if m.g.LastCardInert && len(m.hands[s]) == 0 {
		return
	}
	m.fire(s, c, cardrules.Played, answerable)
}

// fire resolves, in genome order, the effects of trigger when that card c
// sets off for seat s (the seat that played it, or the one the event
// happened to): those of c's rank whose suit, if they name one, is c's. An
// effect whose condition does not hold, or whose type an active suppress
// switches off for s, does nothing at all (no count, no event, no fizzle).
// A lasting effect starts an active effect (startLasting). answerable says whether its targeted effects open
// response windows. An answer that ends the game stops everything: no
// later target or effect resolves.
func (m *game) fire(s int, c genome.Card, when cardrules.Trigger, answerable bool) {
	for _, e := range m.g.Effects {
		if m.over {
			return
		}
		if e.When != when || e.Rank != c.Rank() || !e.Suit.Has(c.Suit()) || !m.condHolds(e, s) || m.spared(e.Type, s) {
			continue
		}
		m.res.Effects[e.Type]++
		v := 0
		if e.Type.UsesValue() {
			v = e.Value
		}
		if e.Type.UsesTarget() {
			v |= int(e.Target) << 8
		}
		v |= int(when)<<16 | int(e.At)<<20
		m.emit(Event{Kind: EvEffect, Seat: s, Card: int(e.Type), N: v})
		switch e.Type {
		case cardrules.SkipNext:
			m.skip = min(m.skip+e.Value, m.nActive-1)
		case cardrules.Reverse:
			m.dir = -m.dir
		case cardrules.ExtraTurn:
			m.skip = m.nActive - 1
		case cardrules.DrawCards, cardrules.ForceDiscard:
			if e.At != cardrules.ResolveNow {
				m.delay(s, e)
				continue
			}
			m.targeted(s, e, answerable)
		default:
			if e.Type.Lasts() {
				m.startLasting(s, c, e)
			}
		}
	}
}

// targeted resolves a draw or forced discard of seat s on each of its
// targets in turn (the list is fixed when the effect fires; a target an
// answer has put out since gets nothing). A target the effect is about to
// hit opens a response window when windowOpens says so, and the chain
// decides what happens to it; otherwise the effect hits it directly.
//
// A target_hand condition is tested on each target that is still in as it
// is about to be hit, before any window: a target that fails it is not hit.
//
// The effect fizzles (once, over all its targets) when no card moved for it
// (answer cards do not count), no chain negated it on some target, no
// target failed its condition, and no answer ended the game while it
// resolved (it was cut short, not fizzled).
func (m *game) targeted(s int, e genome.Effect, answerable bool) {
	moved, negated, failed := 0, false, false
	for _, t := range m.targets(s, e.Target) {
		if !m.active[t] {
			continue
		}
		if !m.targetHolds(e, t) {
			failed = true
			continue
		}
		if answerable && m.windowOpens(e.Type, s, t) {
			k, neg := m.chain(s, t, e)
			moved += k
			negated = negated || neg
			if m.over {
				break
			}
			continue
		}
		k := m.hit(e, t, e.Value)
		if t != s && k > 0 {
			m.res.Interactions++
		}
		moved += k
	}
	if moved == 0 && !negated && !failed && !m.over {
		// It still counted as a firing of its type, and is never an
		// interaction.
		m.res.Fizzled++
	}
}

// hit makes seat t draw, or discard by force, up to k cards and returns how
// many moved: a draw takes cards one at a time while one can be drawn
// (refilling the stock as the game says), at most t's draw limit; a forced discard takes min(k,
// hand size) cards, the seat's own decisions in a fan, the top cards of a
// pile, onto the discard pile beneath its top card (or out of play where
// the game has no discard pile).
func (m *game) hit(e genome.Effect, t, k int) int {
	if e.Type == cardrules.DrawCards {
		drew := 0
		for range m.limitDraw(t, k) {
			if _, ok := m.drawOne(t); !ok {
				break
			}
			drew++
		}
		if drew > 0 {
			m.meld(t) // as after every gain of a draw phase, take or ask
		}
		return drew
	}
	k = min(k, len(m.hands[t]))
	for range k {
		var d genome.Card
		switch {
		case m.pile:
			d = m.popTop(t)
		case e.Random:
			// Not a decision: one random draw over the hand, in
			// ascending card order (ids: with two packs the first
			// pack's cards, then the second's).
			d = m.hands[t][m.src.IntN(len(m.hands[t]))]
			m.remove(t, d)
		default:
			// The seat's decision among the faces it holds; the lowest
			// id of the face chosen goes.
			fs := faces(m.hands[t])
			d = m.held(t, fs[m.decide(t, len(fs))])
			m.remove(t, d)
		}
		if m.hasPlay {
			// Beneath the top card of the discard pile.
			at := max(len(m.discard)-1, 0)
			m.discard = slices.Insert(m.discard, at, d)
		} else {
			m.gone = append(m.gone, d)
		}
		m.emit(Event{Kind: EvDiscard, Seat: t, Card: int(d)})
		m.happen(cardrules.ForcedDiscard, t, d)
		if m.hasPlay {
			m.refillAtOnce()
		}
	}
	return k
}
