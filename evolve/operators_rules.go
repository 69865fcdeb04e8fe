package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// This file holds the operators of the optional rules of play: when a play
// phase lets a seat draw and pass, the starter's rules, when the stock is
// reshuffled, and the blocked end. Each turns its option on and off, and
// each keeps the genome valid where that is cheap: a rule that needs
// another goes with it (drawing by choice needs a draw_max of at least 1;
// only the drawn card may be played only when drawing is by choice; the
// starter's rules need a starter; reshuffling at once needs reshuffling).

// mutReshuffle turns reshuffling on or off; off, it also drops reshuffling
// at once, which says when a reshuffle that no longer happens would happen,
// and, in a game that deals the whole deck, the effects of drawn cards,
// which no card can be any more (fitTriggers).
func mutReshuffle(g *genome.Genome, r *rng.Source) bool {
	g.Reshuffle = !g.Reshuffle
	if !g.Reshuffle {
		g.ReshuffleAtOnce = false
	}
	fitTriggers(g)
	return true
}

// mutStarter turns the starter card on or off; off, it also drops the
// starter's rules (the ranks it may not be, whether it fires).
func mutStarter(g *genome.Genome, r *rng.Source) bool {
	g.Deal.Starter = !g.Deal.Starter
	if !g.Deal.Starter {
		g.Deal.StarterNot, g.Deal.StarterFires = nil, false
	}
	return true
}

// mutPlayRules changes one voluntary rule of a play phase: the draw rule
// (when stuck or by choice), the pass rule (to any other), or, when drawing
// is by choice, whether only the card drawn last may be played. Drawing by
// choice raises a draw_max of 0 to 1; drawing when stuck drops play_drawn.
func mutPlayRules(g *genome.Genome, r *rng.Source) bool {
	ps := playPhases(g)
	if len(ps) == 0 {
		return false
	}
	p := &g.Turn[pick(r, ps)]
	fields := 2
	if p.Draw == cardrules.DrawByChoice {
		fields = 3
	}
	switch r.IntN(fields) {
	case 0:
		if p.Draw == cardrules.DrawByChoice {
			p.Draw, p.PlayDrawn = cardrules.DrawWhenStuck, false
		} else {
			p.Draw, p.DrawMax = cardrules.DrawByChoice, max(p.DrawMax, 1)
		}
	case 1:
		k := genome.PassRule(r.IntN(int(cardrules.NumPassRules) - 1))
		if k >= p.Pass {
			k++
		}
		p.Pass = k
	case 2:
		p.PlayDrawn = !p.PlayDrawn
	}
	return true
}

// mutStarterRules, in a game with a starter card, turns the starter's
// effects on or off, or adds a rank of the deck to the ranks the starter
// may not be (where the stock still keeps a card the starter may be after
// the deal at every seat count), or removes it from them.
func mutStarterRules(g *genome.Genome, r *rng.Source) bool {
	d := &g.Deal
	if !d.Starter {
		return false
	}
	if r.IntN(2) == 0 {
		d.StarterFires = !d.StarterFires
		return true
	}
	rank := pick(r, deckRanks(g))
	if i := slices.Index(d.StarterNot, rank); i >= 0 {
		d.StarterNot = slices.Delete(d.StarterNot, i, i+1)
	} else {
		d.StarterNot = append(d.StarterNot, rank)
		if !d.All && dealRoom(g) < maxDealt(g) {
			return false
		}
	}
	if len(d.StarterNot) == 0 {
		d.StarterNot = nil
	}
	return true
}

// mutReshuffleAtOnce, in a game that reshuffles, switches between
// reshuffling at the next draw and as soon as the stock runs out.
func mutReshuffleAtOnce(g *genome.Genome, r *rng.Source) bool {
	if !g.Reshuffle {
		return false
	}
	g.ReshuffleAtOnce = !g.ReshuffleAtOnce
	return true
}

// mutLastCard, in a game with effects of played cards, switches whether a
// card that empties its player's hand fires its effects (the rule is only
// for played cards: in a game whose effects all wait for other events it
// would change nothing).
func mutLastCard(g *genome.Genome, r *rng.Source) bool {
	if !slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return e.When == cardrules.Played }) {
		return false
	}
	g.LastCardInert = !g.LastCardInert
	return true
}

// mutBlocked, in a game with a play phase (where seats pass), moves the
// blocked end by one, reflected at 0 (never) and cardrules.MaxBlocked.
func mutBlocked(g *genome.Genome, r *rng.Source) bool {
	if len(playPhases(g)) == 0 {
		return false
	}
	g.End.Blocked = reflectStep(g.End.Blocked, r, 0, cardrules.MaxBlocked)
	return true
}

// maxDealt is the most cards g deals a seat at any of its seat counts.
func maxDealt(g *genome.Genome) int {
	most := g.Deal.Cards
	for _, o := range g.Deal.Overrides {
		most = max(most, o.Cards)
	}
	return most
}
