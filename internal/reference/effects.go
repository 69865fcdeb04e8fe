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
	case cardrules.TargetSelf:
		return []int{s}
	}
	return nil
}

// firePlayed resolves the effects of card c that seat s played, unless the
// game's last card fires nothing and c emptied s's hand.
func (m *game) firePlayed(s int, c genome.Card) {
	if m.g.LastCardInert && len(m.hands[s]) == 0 {
		return
	}
	m.fire(s, c)
}

// fire resolves the effects of card c, played by seat s, in genome order.
func (m *game) fire(s int, c genome.Card) {
	for _, e := range m.g.Effects {
		if e.Rank != c.Rank() {
			continue
		}
		m.res.Effects[e.Type]++
		v := 0
		if e.Type.UsesValue() {
			v = e.Value
		}
		m.emit(Event{Kind: EvEffect, Seat: s, Card: int(e.Type), N: v})
		switch e.Type {
		case cardrules.SkipNext:
			m.skip = min(m.skip+e.Value, m.nActive-1)
		case cardrules.Reverse:
			m.dir = -m.dir
		case cardrules.ExtraTurn:
			m.skip = m.nActive - 1
		case cardrules.DrawCards:
			moved := 0
			for _, t := range m.targets(s, e.Target) {
				drew := 0
				for range e.Value {
					if _, ok := m.drawOne(t); !ok {
						break
					}
					drew++
				}
				if t != s && drew > 0 {
					m.res.Interactions++
				}
				moved += drew
			}
			m.fizzle(moved)
		case cardrules.ForceDiscard:
			moved := 0
			for _, t := range m.targets(s, e.Target) {
				k := min(e.Value, len(m.hands[t]))
				moved += k
				if t != s && k > 0 {
					m.res.Interactions++
				}
				for range k {
					var d genome.Card
					if m.pile {
						d = m.popTop(t)
					} else {
						d = m.hands[t][m.decide(t, len(m.hands[t]))]
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
					if m.hasPlay {
						m.refillAtOnce()
					}
				}
			}
			m.fizzle(moved)
		}
	}
}

// fizzle counts a draw or forced discard that fired and moved no card over
// all its targets (nothing to draw, every target's hand empty, or no
// target at all): once per effect, never as an interaction. It has still
// counted as a firing of its type.
func (m *game) fizzle(moved int) {
	if moved == 0 {
		m.res.Fizzled++
	}
}
