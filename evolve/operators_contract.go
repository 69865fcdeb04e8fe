package evolve

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Bids and contracts (the Spades family): score.contract needs a trick
// phase and fan hands, and no chips. What a change elsewhere leaves
// dangling (a trick phase removed, a pile hand, chips) is repaired by
// fitContract.

// mutContract, in a game that may bid (a trick phase, fan hands, no
// chips), adds a contract where there is none (10 points a trick bid, 1
// an overtrick: Spades' without bags or nil; a game ranked by cards is
// ranked by score, high first), else changes one of its fields: the
// points per trick bid by 1 to 5 (reflected at 1 and
// cardrules.MaxBidPoints), per overtrick by 1 or 2 (reflected at 0 and
// MaxOvertrick), the bags switched (on: 10 bags cost 100, Spades'; off:
// no penalty) or, when on, the count by 1 to 3 (reflected at 1 and
// MaxBags) or the penalty by 10 to 50 (reflected at 10 and MaxBidBonus),
// nil switched (on: 100, off: 0) or, when on, by 10 to 50; or, a time in
// eight, takes the contract away (and with it a match or a ranking by
// score that nothing scores any more: fitMatch). It reports false in a
// game that may not bid.
func mutContract(g *genome.Genome, r *rng.Source) bool {
	if !mayBid(g) {
		return false
	}
	k := g.Score.Contract
	if k == nil {
		g.Score.Contract = &genome.Contract{Trick: 10, Over: 1}
		if g.End.Rank == cardrules.RankCards {
			g.End.Rank = cardrules.RankScoreHigh
		}
		return true
	}
	if r.IntN(8) == 0 {
		g.Score.Contract = nil
		fitMatch(g)
		return true
	}
	switch r.IntN(4) {
	case 0:
		k.Trick = stepBy(k.Trick, r, 5, 1, cardrules.MaxBidPoints)
	case 1:
		k.Over = stepBy(k.Over, r, 2, 0, cardrules.MaxOvertrick)
	case 2:
		switch {
		case k.Bags == 0:
			k.Bags, k.Penalty = 10, 100
		case r.IntN(3) == 0:
			k.Bags, k.Penalty = 0, 0
		case r.IntN(2) == 0:
			k.Bags = stepBy(k.Bags, r, 3, 1, cardrules.MaxBags)
		default:
			k.Penalty = 10 * stepBy(k.Penalty/10, r, 5, 1, cardrules.MaxBidBonus/10)
		}
	default:
		switch {
		case k.Nil == 0:
			k.Nil = 100
		case r.IntN(3) == 0:
			k.Nil = 0
		default:
			k.Nil = 10 * stepBy(k.Nil/10, r, 5, 1, cardrules.MaxBidBonus/10)
		}
	}
	return true
}

// mayBid reports whether g may have a contract: a trick phase, fan hands
// and no chips.
func mayBid(g *genome.Genome) bool {
	return g.HasPhase(cardrules.PhaseTrick) && g.Hand == cardrules.HandFan && g.Score.Chips.Stake == 0
}

// fitContract takes the contract away from a game that may no longer bid
// (its trick phase removed, a pile hand or chips brought by a change or a
// crossover). The caller repairs what the score lost (fitMatch calls
// fitContract first). It makes no random draw and changes nothing in a
// valid genome.
func fitContract(g *genome.Genome) {
	if g.Score.Contract != nil && !mayBid(g) {
		g.Score.Contract = nil
	}
}
