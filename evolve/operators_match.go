package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// mutMatch changes the match and the deal's-end scores: it makes a game
// that scores a match (3 to 10 deals, a target of 50 or 100 half the
// time, ranked by score) or a match one deal again, changes the deals or
// the target by a step, adds or removes a hand scoring rule (a rank of
// the deck, 1 to 10 points; fan hands only), or flips shooting the moon
// (where cards score), or changes the pass before each deal or the
// finishing scores (mutPass, mutFinish). It reports false when the change
// drawn cannot be made.
func mutMatch(g *genome.Genome, r *rng.Source) bool {
	switch r.IntN(7) {
	case 0:
		if g.Match != nil {
			g.Match = nil
			return true
		}
		if g.Score.IsZero() {
			return false
		}
		g.Match = &genome.MatchRules{Deals: 3 + r.IntN(8)}
		if r.IntN(2) == 0 {
			g.Match.Target = pick(r, []int{50, 100})
		}
		if g.End.Rank == cardrules.RankCards {
			g.End.Rank = cardrules.RankScoreLow
		}
	case 1:
		if g.Match == nil {
			return false
		}
		g.Match.Deals = reflectStep(g.Match.Deals, r, 1, cardrules.MaxDeals)
	case 2:
		if g.Match == nil {
			return false
		}
		g.Match.Target = reflectStep(g.Match.Target, r, 0, cardrules.MaxTarget)
	case 3:
		if g.Hand != cardrules.HandFan {
			return false
		}
		if n := len(g.Score.Hand); n > 0 && (n == cardrules.MaxHandRules || r.IntN(2) == 0) {
			i := r.IntN(n)
			g.Score.Hand = append(g.Score.Hand[:i], g.Score.Hand[i+1:]...)
			if g.Score.IsZero() && g.Match != nil {
				g.Match = nil
			}
			if g.Score.IsZero() {
				g.End.Rank = cardrules.RankCards
			}
			return true
		}
		g.Score.Hand = append(g.Score.Hand, genome.CardPoints{
			Match:  genome.Match{Kind: cardrules.MatchRank, Value: uint8(pick(r, deckRanks(g)))},
			Points: 1 + r.IntN(10),
		})
	case 4:
		if len(g.Score.Cards) == 0 {
			return false
		}
		g.Score.Moon = !g.Score.Moon
	case 5:
		return mutPass(g, r)
	case 6:
		return mutFinish(g, r)
	}
	return true
}

// fitMatch keeps the match and the deal's-end scores valid after a
// crossover or a change of deck or hand: it drops a contract the game
// may no longer bid for (fitContract), fits the betting to the chips and
// the hand (fitBetting), drops a dealer from a game of play or betting
// (fitDealer), fits the deadwood scores, and
// the deal and the end to the meld phase (fitMeld), and the won-card
// comparisons (fitTally), drops the hand rules that match no card of the
// deck (all of them with pile hands), the moon where no card scores, and
// a match, or a ranking by score, that nothing scores any more; a match
// ranks by score.
func fitMatch(g *genome.Genome) {
	fitContract(g)
	fitBetting(g)
	fitDealer(g)
	fitMeld(g)
	fitTally(g)
	fitPass(g)
	cards := g.Deck.Cards()
	keep := g.Score.Hand[:0]
	for _, h := range g.Score.Hand {
		if g.Hand == cardrules.HandFan && slices.ContainsFunc(cards, h.Match.Has) {
			keep = append(keep, h)
		}
	}
	g.Score.Hand = keep
	if len(g.Score.Cards) == 0 {
		g.Score.Moon = false
	}
	if g.Score.IsZero() {
		g.Match = nil
		g.End.Rank = cardrules.RankCards
	}
	if g.Match != nil && g.End.Rank == cardrules.RankCards {
		g.End.Rank = cardrules.RankScoreLow
	}
}
