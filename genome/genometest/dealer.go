package genometest

import (
	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawDealer draws, one fan-hand game of chips without betting in four, a
// game against a dealer: the wager (1 to cardrules.MaxBet), the stand
// (cardrules.MinStand to cardrules.MaxStand), each at its ends now and
// then, and soft_hits; one time in three, no ante, pass or per-card
// payment (the wagers move the chips). Such a game has no phases (noPlay), so it loses
// its phases' effects, responses, rules and layout; and, where the game
// ended at the first seat out (or one left) only because its meld phase
// let seats knock, it gains the end condition Validate then asks for
// (which never applies against a dealer). Drawn after everything else,
// so that adding it left every earlier draw as it was.
func drawDealer(t *rapid.T, g *genome.Genome) {
	if g.Score.Chips.Stake == 0 || g.Hand != cardrules.HandFan || g.Score.Betting != nil {
		return
	}
	if rapid.IntRange(0, 3).Draw(t, "score.dealer.has") != 0 {
		return
	}
	g.Score.Dealer = &genome.Dealer{
		Wager:    drawSpan(t, "score.dealer.wager", 1, cardrules.MaxBet),
		Stand:    drawSpan(t, "score.dealer.stand", cardrules.MinStand, cardrules.MaxStand),
		SoftHits: rapid.Bool().Draw(t, "score.dealer.soft_hits"),
	}
	if rapid.IntRange(0, 2).Draw(t, "score.dealer.no_payments") == 0 {
		// The wagers move the chips: no payment is needed.
		c := &g.Score.Chips
		c.Ante, c.Pass, c.PerCard = 0, 0, 0
	}
	knocked := g.Knocks()
	noPlay(g)
	needsOut := g.End.Until == cardrules.UntilFirstOut || g.End.Until == cardrules.UntilOneLeft
	if knocked && needsOut && len(g.End.Conditions) == 0 {
		g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
	}
}
