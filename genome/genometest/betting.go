package genometest

import (
	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawBetting draws, one game of chips in three, limit betting for the
// chips' pool: the bet (1 to cardrules.MaxBet), the raises (0 to
// cardrules.MaxRaises), a blind (0, none, to the bet); with fan hands a
// draw round (0, none, to cardrules.MaxExchange) and a showdown; each
// field at its ends now and then. Then, one game of chips in three, the
// chips are played over a match (a few deals, the maximum now and then,
// with a target or none). A fan-hand game of betting with a showdown has
// no phases one time in five: it is only betting, so it loses its
// phases' effects, responses, rules and layout. Drawn after everything
// else, so that adding it left every earlier draw as it was.
func drawBetting(t *rapid.T, g *genome.Genome) {
	if g.Score.Chips.Stake == 0 {
		return
	}
	if rapid.IntRange(0, 2).Draw(t, "score.betting.has") == 0 {
		b := &genome.Betting{
			Bet:    drawSpan(t, "score.betting.bet", 1, cardrules.MaxBet),
			Raises: drawSpan(t, "score.betting.raises", 0, cardrules.MaxRaises),
		}
		b.Blind = drawSpan(t, "score.betting.blind", 0, b.Bet)
		if g.Hand == cardrules.HandFan {
			b.Draw = drawSpan(t, "score.betting.draw", 0, cardrules.MaxExchange)
			b.Showdown = rapid.Bool().Draw(t, "score.betting.showdown")
		}
		g.Score.Betting = b
		if b.Showdown && rapid.IntRange(0, 4).Draw(t, "score.betting.no_play") == 0 {
			noPlay(g)
		}
	}
	if rapid.IntRange(0, 2).Draw(t, "chips.match.has") == 0 {
		m := &genome.MatchRules{Deals: rapid.IntRange(1, 6).Draw(t, "chips.match.deals")}
		if rapid.IntRange(0, 9).Draw(t, "chips.match.deals.max") == 0 {
			m.Deals = cardrules.MaxDeals
		}
		if rapid.IntRange(0, 3).Draw(t, "chips.match.target.has") == 0 {
			m.Target = rapid.IntRange(1, 100).Draw(t, "chips.match.target")
		}
		g.Match = m
	}
}

// noPlay makes g a game of betting alone: no phases, and nothing that
// needs one.
func noPlay(g *genome.Genome) {
	g.Turn = nil
	g.Effects = nil
	g.LastCardInert = false
	g.Responses = genome.Responses{}
	g.Rules = nil
	g.Deal.Layout = 0
	g.Deal.StarterFires = false
}
