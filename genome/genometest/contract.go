package genometest

import (
	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawContract draws, one game in four of those with a trick phase and
// fan hands, bids and contracts: the points per trick bid (1 to
// cardrules.MaxBidPoints), per overtrick (0 to cardrules.MaxOvertrick),
// the bags (0, none, to cardrules.MaxBags) with a penalty exactly when
// there are bags (1 to cardrules.MaxBidBonus), and the nil bid's points
// (0, no nil bids, to cardrules.MaxBidBonus); each field at its ends now
// and then.
func drawContract(t *rapid.T, g *genome.Genome) {
	if g.Hand != cardrules.HandFan || !g.HasPhase(cardrules.PhaseTrick) {
		return
	}
	if rapid.IntRange(0, 3).Draw(t, "score.contract.has") != 0 {
		return
	}
	k := &genome.Contract{
		Trick: drawSpan(t, "score.contract.trick", 1, cardrules.MaxBidPoints),
		Over:  drawSpan(t, "score.contract.over", 0, cardrules.MaxOvertrick),
		Bags:  drawSpan(t, "score.contract.bags", 0, cardrules.MaxBags),
		Nil:   drawSpan(t, "score.contract.nil", 0, cardrules.MaxBidBonus),
	}
	if k.Bags > 0 {
		k.Penalty = drawSpan(t, "score.contract.penalty", 1, cardrules.MaxBidBonus)
	}
	g.Score.Contract = k
}

// drawSpan draws a number of lo..hi: lo or hi one time in four each, else
// any.
func drawSpan(t *rapid.T, label string, lo, hi int) int {
	switch rapid.IntRange(0, 3).Draw(t, label+".kind") {
	case 0:
		return lo
	case 1:
		return hi
	}
	return rapid.IntRange(lo, hi).Draw(t, label)
}
