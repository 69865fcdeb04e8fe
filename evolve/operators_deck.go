package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// mutDeck changes the order of the ranks, adds or removes a joker
// (mutJokers), makes the deck two packs or one again (mutPacks), or drops
// one rank from the deck or restores one that was dropped. It drops only a rank the rest of the game can do without
// (droppable: the deal, the starter, the lead card and the score's card
// rules still find their cards, every turn_up phase keeps a demanding
// rank). A dropped rank leaves the effects (and the effects that only its
// effects could set off: fitTriggers), the response abilities, the
// suit-naming ranks, the demands and the ranks the starter may not be,
// which could no longer name it; a claim phase that started with it starts
// with the deck's next rank (fitClaims).
func mutDeck(g *genome.Genome, r *rng.Source) bool {
	switch r.IntN(6) {
	case 0:
		// Another order of the ranks.
		g.Deck.Order = (g.Deck.Order + 1 + cardrules.RankOrder(r.IntN(int(cardrules.NumRankOrders)-1))) % cardrules.NumRankOrders
		return true
	case 1:
		return mutJokers(g, r)
	case 2:
		return mutPacks(g)
	}
	have := standardRanks(g)
	if len(g.Deck.Ranks) > 0 && r.IntN(2) == 0 {
		var missing []genome.Rank
		for x := range genome.Rank(cardrules.NumRanks) {
			if !slices.Contains(g.Deck.Ranks, x) {
				missing = append(missing, x)
			}
		}
		if len(missing) == 0 {
			return false
		}
		g.Deck.Ranks = append(g.Deck.Ranks, pick(r, missing))
		return true
	}
	can := slices.DeleteFunc(slices.Clone(have), func(x genome.Rank) bool { return !droppable(g, x) })
	if len(have) <= 2 || len(can) == 0 {
		return false
	}
	drop := pick(r, can)
	g.Deck.Ranks = slices.DeleteFunc(have, func(x genome.Rank) bool { return x == drop })
	g.Deck.Remove = slices.DeleteFunc(g.Deck.Remove, func(c genome.Card) bool { return c.Rank() == drop })
	forgetRank(g, drop)
	fitResponses(g)
	fitDemands(g)
	fitClaims(g)
	fitMatch(g)
	return true
}

// forgetRank removes what names rank x from g, whose deck no longer holds
// it: its effects (and the effects only they could set off: fitTriggers),
// the suit-naming ranks and the ranks the starter may not be.
func forgetRank(g *genome.Genome, x genome.Rank) {
	is := func(y genome.Rank) bool { return y == x }
	g.Effects = slices.DeleteFunc(g.Effects, func(e genome.Effect) bool { return is(e.Rank) })
	fitTriggers(g)
	g.Deal.StarterNot = slices.DeleteFunc(g.Deal.StarterNot, is)
	for i := range g.Turn {
		g.Turn[i].NameSuit = slices.DeleteFunc(g.Turn[i].NameSuit, is)
	}
}

// droppable reports whether the deck of g can lose rank x and still hold
// what the rest of g needs: the deal at every seat count with the starter,
// a card the starter may be beyond the deal, the lead card, a card for
// every card rule of the score, a demanding rank for every turn_up phase.
func droppable(g *genome.Genome, x genome.Rank) bool {
	if !keepsDemands(g, x) {
		return false
	}
	var left []genome.Card
	for _, c := range g.Deck.Cards() {
		if c.Rank() != x {
			left = append(left, c)
		}
	}
	if g.LeadCard != nil && g.LeadCard.Rank() == x {
		return false
	}
	return holds(g, left)
}

// holds reports whether a deck of the cards left holds what g needs but
// its demands and lead card: the deal at every seat count with the layout
// and the starter, a card the starter may be beyond the deal, a card for every
// card rule of the score.
func holds(g *genome.Genome, left []genome.Card) bool {
	for _, sc := range g.Score.Cards {
		if !slices.ContainsFunc(left, sc.Match.Has) {
			return false
		}
	}
	if g.Deal.All {
		return true
	}
	starter, others := max(g.Deal.Layout, 0), 0 // (the layout is dealt from the stock like the starter)
	if g.Deal.Starter {
		starter++
	}
	for _, c := range left {
		if !slices.Contains(g.Deal.StarterNot, c.Rank()) {
			others++
		}
	}
	for n := g.Seats.Min; n <= g.Seats.Max; n++ {
		dealt := g.DealFor(n) * n
		if dealt+starter > len(left) || g.Deal.Starter && others <= dealt {
			return false
		}
	}
	return true
}

// Jokers: deck.jokers adds one or two cards of rank Joker (above every rank)
// and no suit. Effects, name_suit, starter_not and the score's rules may
// name the joker's rank (deckRanks lists it); demands, response
// abilities, the rules' locks and bans and a tableau's start name standard
// ranks only (standardRanks), and a game with jokers has no tableau.

// standardRanks lists the standard ranks of g's deck: deckRanks without
// the joker's.
func standardRanks(g *genome.Genome) []genome.Rank {
	return slices.DeleteFunc(deckRanks(g), func(x genome.Rank) bool { return x == cardrules.Joker })
}

// mutJokers adds a joker to g's deck or removes one, either when both
// can be done. It adds one while the deck holds fewer than
// cardrules.MaxJokers and the game has no tableau (a joker could never
// join it). It removes one when the deck without it still holds what the
// game needs (holds: the deal at every seat count with the starter, a card
// for every card rule of the score, so never the last joker while a rule
// of the score names its rank) and every predicate of the turn is still
// satisfied by some card; removing the last joker removes what named the
// joker's rank (fitJokers) and fits the match to the smaller deck
// (fitMatch). It does not apply when it can do neither.
func mutJokers(g *genome.Genome, r *rng.Source) bool {
	add := g.Deck.Jokers < cardrules.MaxJokers && !g.HasPhase(cardrules.PhaseTableau)
	remove := g.Deck.Jokers > 0 && jokerDroppable(g)
	switch {
	case !add && !remove:
		return false
	case add && remove:
		add = r.IntN(2) == 0
	}
	if add {
		g.Deck.Jokers++
		return true
	}
	g.Deck.Jokers--
	fitJokers(g)
	fitMatch(g)
	return true
}

// jokerDroppable reports whether g's deck can lose its last joker card
// (the second when it has two; of each pack with two packs) and still hold
// what g needs: holds, and a card of the smaller deck for every predicate
// of the turn.
func jokerDroppable(g *genome.Genome) bool {
	fewer := g.Deck
	fewer.Jokers-- // (one joker less in each pack)
	left := fewer.Cards()
	if !holds(g, left) {
		return false
	}
	for _, p := range g.Turn {
		for _, e := range []*genome.Expr{p.Legal, p.Prefer, p.Lead, p.LeadPrefer} {
			if e != nil && !e.Satisfiable(left, g.Deck.Order) {
				return false
			}
		}
	}
	return true
}

// fitJokers removes, from a game whose deck has no joker, what named the
// joker's rank: its effects (and the effects only they could set off:
// fitTriggers), the suit-naming ranks, the ranks the starter may not be
// and the score's rules of the joker's rank. It makes no random draw and
// changes nothing in a game with jokers or that names no joker.
func fitJokers(g *genome.Genome) {
	if g.Deck.Jokers > 0 {
		return
	}
	forgetRank(g, cardrules.Joker)
	rule := func(c genome.CardPoints) bool {
		return c.Match == genome.Match{Kind: cardrules.MatchRank, Value: uint8(cardrules.Joker)}
	}
	if slices.ContainsFunc(g.Score.Cards, rule) {
		g.Score.Cards = slices.DeleteFunc(g.Score.Cards, rule)
		fitMatch(g)
	}
	if slices.ContainsFunc(g.Score.Hand, rule) {
		g.Score.Hand = slices.DeleteFunc(g.Score.Hand, rule)
		fitMatch(g)
	}
}
