package genome

import (
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of a claim phase, after pagat.com's Cheat (I Doubt It): one to
// max cards put face down on the claim pile with a rank announced (which
// ranks may be announced: the next in the deck's order from the start
// rank, the last one announced or one next to it, or any), the bluff, and
// the challenge: each other player in turn may call it, and the cards
// turned up send the whole pile to the challenger when they were what was
// announced, to the player who announced them when not.

// describeClaim renders a claim phase.
func describeClaim(g *Genome, p Phase) string {
	n := p.ClimbMax()
	var s, were string
	if n == 1 {
		s = "Put a card from your hand face down on the claim pile and announce its rank: " + claimRanks(g, p) + "."
		s += " The card need not be of that rank: you may bluff"
		were = "if the card was what you said"
	} else {
		s = "Put one to " + numberWord(n) + " cards from your hand face down on the claim pile and announce that they are all of one rank: " + claimRanks(g, p) + "."
		s += " The cards need not be of that rank: you may bluff"
		were = "if the cards were what you said (all of the rank announced)"
	}
	if g.Deck.Jokers > 0 {
		s += " (a joker is never of the rank announced)"
	}
	return s + ". Then each other player still in, in turn from the next, may call your bluff; the first to do so turns your cards face up: " + were +
		", the challenger takes the whole claim pile into their hand; if not, you do. If nobody calls, the cards stay on the pile. If you have no cards, pass."
}

// claimRanks words which ranks a claim phase may announce.
func claimRanks(g *Genome, p Phase) string {
	order := claimOrder(g)
	switch p.Claims {
	case cardrules.ClaimNext:
		return "the rank after the one announced last, in the order " + order + " (each deal's first announcement is " + rankPlural(p.Start) + ")"
	case cardrules.ClaimNear:
		return "the rank announced last, or the rank just above or just below it, in the order " + order + " (each deal's first announcement may be any rank)"
	}
	return "any rank of the deck"
}

// claimOrder lists the ranks a claim may announce, the standard ranks of
// g's deck, in the deck's order, going round: "A, 2, ..., K, then A
// again".
func claimOrder(g *Genome) string {
	var ranks []Rank
	for _, c := range g.Deck.Cards() {
		if !c.IsJoker() && !slices.Contains(ranks, c.Rank()) {
			ranks = append(ranks, c.Rank())
		}
	}
	o := g.Deck.Order
	slices.SortFunc(ranks, func(a, b Rank) int { return int(o.Value(a)) - int(o.Value(b)) })
	names := make([]string, len(ranks))
	for i, r := range ranks {
		names[i] = r.String()
	}
	return strings.Join(names, ", ") + ", then " + names[0] + " again"
}
