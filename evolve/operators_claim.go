package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Claims and challenges (Cheat): a claim phase (fan hands) puts one to max
// cards face down, announcing a rank its claims rule allows (with claims
// next, the deal's first claim is its start, a standard rank of the
// deck); each other seat may challenge. A claim phase plays no card face
// up, so no effect of a played card fires in it and no response answers
// in it: turning a play phase into one takes along what needed a play
// phase (fitTriggers, fitResponses). A rank dropped from the deck, or a
// deck brought by a crossover, moves a start the deck lacks (fitClaims).

// mutClaim, in a game with claim phases, changes one's claims rule (to
// next with a start drawn from the deck's standard ranks; near and any
// have none), moves its max by one (reflected at 1 and cardrules.MaxClimb,
// 4 written absent, as Canonical has it) or, with claims next, moves its
// start to another standard rank of the deck. In a game of fan hands with
// a play phase and no claim phase, it turns a play phase into a claim
// phase (randomClaim), the play phase's fields going and with them what
// needed a play phase (fitTriggers, fitResponses) and, the stock no longer
// refilled from a discard pile, a deal that left no stock to draw from
// (fitDeal); it reports false when the draws of a game that deals every
// card would be left with nothing to refill the stock.
func mutClaim(g *genome.Genome, r *rng.Source) bool {
	claims, plays := kindAndPlays(g, cardrules.PhaseClaim)
	ranks := standardRanks(g)
	switch {
	case len(claims) > 0:
		p := &g.Turn[pick(r, claims)]
		n := 2
		if p.Claims == cardrules.ClaimNext && len(ranks) > 1 {
			n = 3
		}
		switch r.IntN(n) {
		case 0:
			c := genome.ClaimRule(r.IntN(int(cardrules.NumClaimRules) - 1))
			if c >= p.Claims {
				c++
			}
			p.Claims, p.Start = c, 0
			if c == cardrules.ClaimNext {
				p.Start = pick(r, ranks)
			}
		case 1:
			p.Max = climbMax(reflectStep(p.ClimbMax(), r, 1, cardrules.MaxClimb))
		case 2:
			others := slices.DeleteFunc(slices.Clone(ranks), func(x genome.Rank) bool { return x == p.Start })
			p.Start = pick(r, others)
		}
	case len(plays) > 0 && g.Hand == cardrules.HandFan:
		g.Turn[pick(r, plays)] = randomClaim(g, r)
		if g.Deal.All && stockKept(g) {
			return false // (the draws' stock was the discard pile, reshuffled)
		}
		fitTriggers(g)
		fitResponses(g)
		if !fitDeal(g) {
			return false
		}
	default:
		return false
	}
	return true
}

// randomClaim returns a claim phase for g: claims next (Cheat's) half the
// time, from a standard rank of its deck, else near or any; a max of 1 to
// 4, 4 (Cheat's) half the time.
func randomClaim(g *genome.Genome, r *rng.Source) genome.Phase {
	p := genome.Phase{Kind: cardrules.PhaseClaim}
	if r.IntN(2) == 0 {
		p.Start = pick(r, standardRanks(g))
	} else {
		p.Claims = genome.ClaimRule(1 + r.IntN(int(cardrules.NumClaimRules)-1))
	}
	n := cardrules.MaxClimb
	if r.IntN(2) == 0 {
		n = 1 + r.IntN(cardrules.MaxClimb)
	}
	p.Max = climbMax(n)
	return p
}

// fitClaims moves the start of each claim phase of g with claims next
// whose rank g's deck lacks (a rank dropped, a deck brought by a
// crossover) to the deck's next standard rank above it in the deck's
// order, going round (the lowest after the highest), the rank its claims
// would have come to next. It makes no random draw and changes nothing
// in a game whose claim phases all start with a rank of the deck.
func fitClaims(g *genome.Genome) {
	var ranks []genome.Rank
	o := g.Deck.Order
	for i := range g.Turn {
		p := &g.Turn[i]
		if p.Kind != cardrules.PhaseClaim || p.Claims != cardrules.ClaimNext {
			continue
		}
		if ranks == nil {
			ranks = standardRanks(g)
			slices.SortFunc(ranks, func(a, b genome.Rank) int { return int(o.Value(a)) - int(o.Value(b)) })
		}
		if len(ranks) == 0 || slices.Contains(ranks, p.Start) {
			continue
		}
		next := ranks[0]
		for _, x := range ranks {
			if p.Start < cardrules.NumRanks && o.Value(x) > o.Value(p.Start) {
				next = x
				break
			}
		}
		p.Start = next
	}
}
