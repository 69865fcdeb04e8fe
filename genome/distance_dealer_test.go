package genome_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestDistanceDealer: each field of the dealer (the wager, the stand, the
// soft_hits flag) moves blackjack away by a third of its rel (its flag) in
// the score's part; a game against a dealer and one of betting instead
// (both with no phases) are the whole part apart (the dealer joins the
// other deal's-end scores as d + k - dk, but a game with chips has none).
// Every distance is symmetric, and 0 between equal games.
func TestDistanceDealer(t *testing.T) {
	const weights = 12 // the parts' weights (Distance's doc)
	const score = 1.0 / weights
	const field = score / 3
	checkFieldDistances(t, blackjackGame, []fieldChange{
		{"wager 10", nil, func(g *genome.Genome) { g.Score.Dealer.Wager = 10 }, (5.0 / 10) * field},
		{"wager 1", nil, func(g *genome.Genome) { g.Score.Dealer.Wager = 1 }, (4.0 / 5) * field},
		{"wager 50", nil, func(g *genome.Genome) { g.Score.Dealer.Wager = cardrules.MaxBet }, (45.0 / 50) * field},
		{"stand 12", nil, func(g *genome.Genome) { g.Score.Dealer.Stand = cardrules.MinStand }, (5.0 / 17) * field},
		{"stand 21", nil, func(g *genome.Genome) { g.Score.Dealer.Stand = cardrules.MaxStand }, (4.0 / 21) * field},
		{"soft hits", nil, func(g *genome.Genome) { g.Score.Dealer.SoftHits = true }, field},
		{"soft hits off", func(g *genome.Genome) { g.Score.Dealer.SoftHits = true }, func(g *genome.Genome) { g.Score.Dealer.SoftHits = false }, field},
		{"every field", nil, func(g *genome.Genome) {
			*g.Score.Dealer = genome.Dealer{Wager: 10, Stand: cardrules.MaxStand, SoftHits: true}
		}, (5.0/10 + 4.0/21 + 1) * field},
		{"betting instead", nil, func(g *genome.Genome) {
			g.Score.Dealer = nil
			g.Score.Betting = &genome.Betting{Bet: 2, Showdown: true}
		}, score},
	})
	// Every pair of dealers that differ is apart.
	var games []*genome.Genome
	for _, wager := range []int{1, 2, 5, cardrules.MaxBet} {
		for _, stand := range []int{cardrules.MinStand, 16, 17, cardrules.MaxStand} {
			for _, soft := range []bool{false, true} {
				g := blackjackGame(t)
				g.Score.Dealer = &genome.Dealer{Wager: wager, Stand: stand, SoftHits: soft}
				games = append(games, g)
			}
		}
	}
	checkAllApart(t, games, "two dealers")
}
