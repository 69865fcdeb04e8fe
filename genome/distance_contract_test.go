package genome_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestDistanceContract: each field of a contract (the points per trick
// bid and per overtrick, the bags, the penalty, the nil bid) moves the
// Spades-like game away by a fifth of its rel in the score's part; a game
// with a contract and one without are the whole part apart; the contracts
// join the other deal's-end scores as d + k - dk. Every distance is
// symmetric, and 0 between equal games.
func TestDistanceContract(t *testing.T) {
	const weights = 12 // the parts' weights (Distance's doc)
	const score = 1.0 / weights
	const field = score / 5
	moon := func(g *genome.Genome) {
		g.Score.Cards = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit, Value: 2}, Points: 1}}
		g.Score.Moon = true
	}
	checkFieldDistances(t, spadesGame, []fieldChange{
		{"trick 20", nil, func(g *genome.Genome) { g.Score.Contract.Trick = 20 }, (1.0 / 2) * field},
		{"trick 1", nil, func(g *genome.Genome) { g.Score.Contract.Trick = 1 }, (9.0 / 10) * field},
		{"over 0", nil, func(g *genome.Genome) { g.Score.Contract.Over = 0 }, field},
		{"over 10", nil, func(g *genome.Genome) { g.Score.Contract.Over = cardrules.MaxOvertrick }, (9.0 / 10) * field},
		{"bags 20", nil, func(g *genome.Genome) { g.Score.Contract.Bags = cardrules.MaxBags }, (1.0 / 2) * field},
		{"penalty 50", nil, func(g *genome.Genome) { g.Score.Contract.Penalty = 50 }, (1.0 / 2) * field},
		{"no bags", nil, func(g *genome.Genome) { g.Score.Contract.Bags, g.Score.Contract.Penalty = 0, 0 }, 2 * field},
		{"nil 0", nil, func(g *genome.Genome) { g.Score.Contract.Nil = 0 }, field},
		{"nil 250", nil, func(g *genome.Genome) { g.Score.Contract.Nil = cardrules.MaxBidBonus }, (150.0 / 250) * field},
		{"every field", nil, func(g *genome.Genome) {
			*g.Score.Contract = genome.Contract{Trick: 20, Over: 2, Bags: 5, Penalty: 50, Nil: 50}
		}, 5 * (1.0 / 2) * field},
		{"no contract: tricks scored instead", nil, func(g *genome.Genome) { g.Score = genome.Score{Trick: 1} }, score},
		{"no contract: the moon instead", moon, func(g *genome.Genome) { g.Score.Contract = nil }, score},
		// With the moon in both, the contracts change nothing of it: k alone.
		{"nil 0, with the moon", moon, func(g *genome.Genome) { g.Score.Contract.Nil = 0 }, field},
		// The moon lost (d = 1/2) and nil 0 (k = 1/5): d + k - dk = 3/5.
		{"nil 0, without the moon", moon, func(g *genome.Genome) {
			g.Score.Contract.Nil, g.Score.Moon = 0, false
		}, (1.0/2 + 1.0/5 - 1.0/10) * score},
	})
	// Every pair of contracts that differ is apart.
	var games []*genome.Genome
	for _, trick := range []int{1, 10, cardrules.MaxBidPoints} {
		for _, over := range []int{0, 1, cardrules.MaxOvertrick} {
			for _, bags := range []int{0, 1, cardrules.MaxBags} {
				for _, penalty := range []int{1, cardrules.MaxBidBonus} {
					for _, nilBid := range []int{0, 1, cardrules.MaxBidBonus} {
						k := genome.Contract{Trick: trick, Over: over, Bags: bags, Penalty: penalty, Nil: nilBid}
						if bags == 0 {
							if penalty != 1 {
								continue
							}
							k.Penalty = 0
						}
						g := spadesGame(t)
						g.Score.Contract = &k
						games = append(games, g)
					}
				}
			}
		}
	}
	checkAllApart(t, games, "two contracts")
}
