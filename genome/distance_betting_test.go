package genome_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestDistanceBetting: each field of the betting (the bet, the raises, the
// blind, the draw, the showdown) moves draw poker away by a fifth of its
// rel (its flag) in the score's part; a game of betting and one without
// are the whole part apart (the betting joins the other deal's-end scores
// as d + k - dk, but a game with chips has none). Every distance is symmetric, and 0 between equal games.
func TestDistanceBetting(t *testing.T) {
	const weights = 12 // the parts' weights (Distance's doc)
	const score = 1.0 / weights
	const field = score / 5
	checkFieldDistances(t, drawPokerGame, []fieldChange{
		{"bet 4", nil, func(g *genome.Genome) { g.Score.Betting.Bet = 4 }, (1.0 / 2) * field},
		{"bet 50", nil, func(g *genome.Genome) { g.Score.Betting.Bet = cardrules.MaxBet }, (48.0 / 50) * field},
		{"raises 0", nil, func(g *genome.Genome) { g.Score.Betting.Raises = 0 }, field},
		{"raises 5", nil, func(g *genome.Genome) { g.Score.Betting.Raises = cardrules.MaxRaises }, (2.0 / 5) * field},
		{"blind 1", nil, func(g *genome.Genome) { g.Score.Betting.Blind = 1 }, field},
		{"blind 2 from 1", func(g *genome.Genome) { g.Score.Betting.Blind = 1 }, func(g *genome.Genome) { g.Score.Betting.Blind = 2 }, (1.0 / 2) * field},
		{"draw 0", nil, func(g *genome.Genome) { g.Score.Betting.Draw = 0 }, field},
		{"draw 5", nil, func(g *genome.Genome) { g.Score.Betting.Draw = cardrules.MaxExchange }, (2.0 / 5) * field},
		{"no showdown", playFirst, func(g *genome.Genome) { g.Score.Betting.Showdown = false }, field},
		{"every field", playFirst, func(g *genome.Genome) {
			*g.Score.Betting = genome.Betting{Bet: 4, Raises: 0, Blind: 1, Draw: 0}
		}, (1.0/2 + 1 + 1 + 1 + 1) * field},
		{"no betting", playFirst, func(g *genome.Genome) { g.Score.Betting = nil }, score},
	})
	// Every pair of bettings that differ is apart.
	var games []*genome.Genome
	for _, bet := range []int{1, 2, cardrules.MaxBet} {
		for _, raises := range []int{0, 1, cardrules.MaxRaises} {
			for _, blind := range []int{0, 1, 2} {
				for _, draw := range []int{0, 1, cardrules.MaxExchange} {
					for _, showdown := range []bool{false, true} {
						if blind > bet {
							continue
						}
						g := drawPokerGame(t)
						playFirst(g)
						g.Score.Betting = &genome.Betting{Bet: bet, Raises: raises, Blind: blind, Draw: draw, Showdown: showdown}
						games = append(games, g)
					}
				}
			}
		}
	}
	checkAllApart(t, games, "two bettings")
}
