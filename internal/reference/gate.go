package reference

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- gates ----

// ungated returns the cards of legal that seat s may play now: a card is
// taken out while some gated effect of its rank cannot resolve. The
// caller has applied the legal rule, the preference and the lead card
// obligation already. onPile says the card lands on the discard pile when
// played (a play phase); a card played to a trick does not.
func (m *game) ungated(s int, legal []genome.Card, onPile bool) []genome.Card {
	var ok []genome.Card
	for _, c := range legal {
		if m.resolvable(s, c, onPile) {
			ok = append(ok, c)
		}
	}
	return ok
}

// resolvable reports whether every gated effect card c triggers could
// resolve if seat s played c now. Each effect is judged on the state
// before the play, alone: what an effect before it in the list would do
// does not count.
func (m *game) resolvable(s int, c genome.Card, onPile bool) bool {
	for _, e := range m.g.Effects {
		// Only effects of a played card take a gate; a gate ignores
		// the effect's condition.
		if e.When != cardrules.Played || e.Rank != c.Rank() || !e.Suit.Has(c.Suit()) || !e.Gate {
			continue
		}
		switch e.Type {
		case cardrules.DrawCards:
			if !m.drawable(onPile) {
				return false
			}
		case cardrules.ForceDiscard:
			if !m.discardable(s, e.Target) {
				return false
			}
		}
	}
	return true
}

// drawable reports whether a card could be drawn once the card about to be
// played has landed: the stock holds one, or the game reshuffles and the
// discard pile would then hold more than its top card (a card played in a
// play phase adds one to it).
func (m *game) drawable(onPile bool) bool {
	pile := len(m.discard)
	if onPile {
		pile++
	}
	return len(m.stock) > 0 || (m.g.Reshuffle && pile > 1)
}

// discardable reports whether some seat a forced discard of seat s aimed
// at t targets would hold a card once s has played its card: s itself
// holds one card fewer; next and previous are the neighbouring active
// seats in the current direction; all opponents and a random opponent
// look at every active opponent (no random number is drawn). With no
// active opponent a target other than self has nothing to discard.
func (m *game) discardable(s int, t genome.Target) bool {
	if t == cardrules.TargetSelf {
		return len(m.hands[s])-1 > 0
	}
	opps := m.opponents(s)
	if len(opps) > 0 {
		switch t {
		case cardrules.TargetNext:
			opps = opps[:1]
		case cardrules.TargetPrevious:
			opps = opps[len(opps)-1:]
		}
	}
	for _, o := range opps {
		if len(m.hands[o]) > 0 {
			return true
		}
	}
	return false
}
