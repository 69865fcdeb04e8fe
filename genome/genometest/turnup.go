package genometest

import (
	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawDemands draws a turn_up phase's demands: one to every rank of the
// deck, in any order, each demanding 1 to cardrules.MaxDemand cards (the
// few ranks of a Beggar-my-neighbour most often, small counts more often).
func drawDemands(t *rapid.T, ranks []genome.Rank) []genome.Demand {
	var rs []genome.Rank
	switch rapid.IntRange(0, 5).Draw(t, "turn.demands.kind") {
	case 0:
		rs = rapid.Permutation(ranks).Draw(t, "turn.demands.every")
	case 1:
		rs = rapid.SliceOfNDistinct(rapid.SampledFrom(ranks), 1, len(ranks), rapid.ID[genome.Rank]).Draw(t, "turn.demands.ranks")
	default:
		rs = rapid.SliceOfNDistinct(rapid.SampledFrom(ranks), 1, min(len(ranks), 4), rapid.ID[genome.Rank]).Draw(t, "turn.demands.ranks")
	}
	ds := make([]genome.Demand, len(rs))
	for i, r := range rs {
		hi := cardrules.MaxDemand
		if rapid.Bool().Draw(t, "turn.demands.small") {
			hi = 4
		}
		ds[i] = genome.Demand{Rank: r, Count: rapid.IntRange(1, hi).Draw(t, "turn.demands.count")}
	}
	return ds
}
