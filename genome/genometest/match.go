package genometest

import (
	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawMatch draws the deal's-end scores (hand rules in a fan game, the
// moon where cards score) and, one game in four that can score, a match:
// a few deals (up to the maximum now and then) and a target or none, the
// end ranking by score. A game with chips scores nothing else and is one
// deal.
func drawMatch(t *rapid.T, g *genome.Genome, cards []genome.Card) {
	if g.Score.Chips.Stake > 0 {
		return
	}
	if g.Hand == cardrules.HandFan && rapid.IntRange(0, 2).Draw(t, "score.hand.has") == 0 {
		k := rapid.IntRange(1, cardrules.MaxHandRules).Draw(t, "score.hand.len")
		for range k {
			cp := drawCardPoints(t, cards)
			cp.Points = rapid.IntRange(1, cardrules.MaxHandPoints).Draw(t, "score.hand.points")
			g.Score.Hand = append(g.Score.Hand, cp)
		}
	}
	if len(g.Score.Cards) > 0 && rapid.IntRange(0, 2).Draw(t, "score.moon.has") == 0 {
		g.Score.Moon = true
	}
	if g.Score.IsZero() && len(g.Score.Hand) == 0 || rapid.IntRange(0, 3).Draw(t, "match.has") != 0 {
		drawFinish(t, g)
		return
	}
	m := &genome.MatchRules{Deals: rapid.IntRange(1, 6).Draw(t, "match.deals")}
	if rapid.IntRange(0, 9).Draw(t, "match.deals.max") == 0 {
		m.Deals = cardrules.MaxDeals
	}
	if rapid.Bool().Draw(t, "match.target.has") {
		m.Target = rapid.IntRange(1, 100).Draw(t, "match.target")
	}
	g.Match = m
	if g.End.Rank == cardrules.RankCards {
		g.End.Rank = genome.RankBy(rapid.IntRange(int(cardrules.RankScoreLow), int(cardrules.RankScoreHigh)).Draw(t, "match.rank"))
	}
	drawPass(t, g, len(cards))
	drawFinish(t, g)
}
