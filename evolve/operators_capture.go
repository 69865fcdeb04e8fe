package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Capture by sum: a capture phase (fan hands) plays a card that takes the
// layout's cards adding up to its value, or joins the layout; deal.layout
// deals cards face up to the layout after the hands (it needs a capture
// phase and a stock: not with deal.all, and the deck must hold the hands,
// the layout and the starter at every seat count); score.sweep scores a
// capture that empties the layout (it needs a capture phase); and
// score.cards scores the cards won by tricks or captures (it needs one or
// the other). The operators that take the last capture phase away take
// the layout and the sweep with it, and the card rules of the score when
// no trick is left to win cards (fitCapture).

// mutCapture, in a game with capture phases, switches one's equal_first,
// moves the layout by one (reflected at 0 and layoutRoom) or moves the
// sweep's points by one (reflected at 0 and cardrules.MaxScore; not in a
// game with chips, which score nothing else). In a game of fan hands with
// no capture phase, it turns a play phase into a capture phase
// (randomCapture), the play phase's fields going and with them what needed
// a play phase (fitTriggers, fitResponses) and, the stock no longer
// refilled from a discard pile, a deal that left no stock to draw from
// (fitDeal); half the time it deals a layout of up to four cards too. It
// reports false when the change drawn cannot be made.
func mutCapture(g *genome.Genome, r *rng.Source) bool {
	caps, plays := kindAndPlays(g, cardrules.PhaseCapture)
	switch {
	case len(caps) > 0:
		switch r.IntN(3) {
		case 0:
			p := &g.Turn[pick(r, caps)]
			p.EqualFirst = !p.EqualFirst
		case 1:
			room := layoutRoom(g)
			if room < 1 {
				return false
			}
			g.Deal.Layout = reflectStep(min(g.Deal.Layout, room), r, 0, room)
		case 2:
			if g.Score.Chips.Stake > 0 {
				return false
			}
			g.Score.Sweep = reflectStep(g.Score.Sweep, r, 0, cardrules.MaxScore)
		}
	case len(plays) > 0 && g.Hand == cardrules.HandFan:
		g.Turn[pick(r, plays)] = randomCapture(r)
		fitTriggers(g)
		fitResponses(g)
		if !fitDeal(g) {
			return false
		}
		if r.IntN(2) == 0 {
			g.Deal.Layout = min(4, layoutRoom(g))
		}
	default:
		return false
	}
	return true
}

// randomCapture returns a capture phase, with equal_first (Scopa's rule)
// half the time.
func randomCapture(r *rng.Source) genome.Phase {
	return genome.Phase{Kind: cardrules.PhaseCapture, EqualFirst: r.IntN(2) == 0}
}

// layoutRoom is the most cards g can deal to the layout, up to
// cardrules.MaxLayout: at every seat count, what the deck holds beyond the
// hands and the starter, less a card for the stock at the default seat
// count of a game whose draws nothing refills (stockKept). It is 0 for a
// game that deals the whole deck.
func layoutRoom(g *genome.Genome) int {
	if g.Deal.All {
		return 0
	}
	cards := len(g.Deck.Cards())
	starter := 0
	if g.Deal.Starter {
		starter = 1
	}
	keep := stockKept(g)
	room := cardrules.MaxLayout
	for n := max(g.Seats.Min, 1); n <= g.Seats.Max; n++ {
		stock := 0
		if keep && n == g.Seats.Default {
			stock = 1
		}
		room = min(room, cards-g.DealFor(n)*n-starter-stock)
	}
	return max(room, 0)
}

// stockKept reports whether the deal of g must leave the stock a card at
// the default seat count: the game has a draw phase or a meld phase (which
// draws), and no discard pile refills the stock (reshuffled, in a game
// that plays cards to it).
func stockKept(g *genome.Genome) bool {
	refills := g.Reshuffle && (g.HasPhase(cardrules.PhasePlay) || g.HasPhase(cardrules.PhaseTurnUp))
	return !refills && slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return p.Count > 0 || p.Kind == cardrules.PhaseMeld })
}

// fitCapture repairs g after its turn may have lost its last capture
// phase (had: the genome had one before): without a capture phase, the
// layout and the sweep go (and, where the sweep was the only score, a
// match or a ranking by score: fitMatch), and so do the won-card
// comparisons where no trick wins cards either; where the game had
// captures but now plays no trick either, the card rules of the score,
// which no card won could meet, go too (and with them the moon, a match
// or a ranking by score that nothing scores, and the effects and rules
// that added to them: fitMatch, fitTriggers). It makes no random draw
// and changes nothing in a game with a capture phase.
func fitCapture(g *genome.Genome, had bool) {
	if g.HasPhase(cardrules.PhaseCapture) {
		return
	}
	swept := g.Score.Sweep > 0
	g.Deal.Layout, g.Score.Sweep = 0, 0
	if swept && g.Score.IsZero() {
		fitMatch(g) // (the sweep was the only score: a match or a ranking by score goes)
	}
	if !winsCards(g) && g.Score.Tallies() {
		fitMatch(g) // (fitTally drops the comparisons)
	}
	if had && !g.HasPhase(cardrules.PhaseTrick) && len(g.Score.Cards) > 0 {
		g.Score.Cards = nil
		fitMatch(g)
		fitTriggers(g)
	}
}
