package genometest

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawMeld draws a meld phase: the least cards of a set and of a run, each
// 0 (none) or 2..cardrules.MaxMeldMin and not both 0; the lay rule; and,
// with lay out, a knock limit of 0..cardrules.MaxKnock (its ends now and
// then).
func drawMeld(t *rapid.T) genome.Phase {
	p := genome.Phase{Kind: cardrules.PhaseMeld}
	mins := []int{0, 2, 3, 4, cardrules.MaxMeldMin}
	p.Sets = rapid.SampledFrom(mins).Draw(t, "turn.sets")
	p.Runs = rapid.SampledFrom(mins).Draw(t, "turn.runs")
	if p.Sets == 0 && p.Runs == 0 {
		p.Runs = rapid.IntRange(2, cardrules.MaxMeldMin).Draw(t, "turn.runs.some")
	}
	p.Lay = genome.LayRule(rapid.IntRange(0, int(cardrules.NumLayRules)-1).Draw(t, "turn.lay"))
	if p.Lay == cardrules.LayOut {
		switch rapid.IntRange(0, 3).Draw(t, "turn.knock.kind") {
		case 0:
			p.Knock = 0
		case 1:
			p.Knock = cardrules.MaxKnock
		default:
			p.Knock = rapid.IntRange(0, cardrules.MaxKnock).Draw(t, "turn.knock")
		}
	}
	return p
}

// meldKinds returns the phase kinds a game may draw from mains: without
// the meld phase when the deal leaves no stock (a meld phase draws), and
// for the phases after a meld phase, the turn having at most one.
func meldKinds(mains []genome.PhaseKind, stock bool, kinds []genome.PhaseKind) []genome.PhaseKind {
	if stock && !slices.Contains(kinds, cardrules.PhaseMeld) {
		return mains
	}
	return slices.DeleteFunc(slices.Clone(mains), func(k genome.PhaseKind) bool { return k == cardrules.PhaseMeld })
}

// drawDeadwood draws, in a fan game, the deadwood scores: one game in two
// with a meld phase, one in eight without; and where the meld phase lays
// out (seats knock), a gin and an undercut bonus, each absent, at most
// cardrules.MaxBonus, or any in between.
func drawDeadwood(t *rapid.T, g *genome.Genome) {
	if g.Hand != cardrules.HandFan {
		return
	}
	odds := 8
	if g.MeldPhase() >= 0 {
		odds = 2
	}
	if rapid.IntRange(0, odds-1).Draw(t, "score.deadwood.has") != 0 {
		return
	}
	g.Score.Deadwood = true
	if !g.Knocks() {
		return
	}
	for _, b := range []*int{&g.Score.Gin, &g.Score.Undercut} {
		switch rapid.IntRange(0, 3).Draw(t, "score.bonus.kind") {
		case 0:
			*b = 0
		case 1:
			*b = cardrules.MaxBonus
		default:
			*b = rapid.IntRange(1, cardrules.MaxBonus).Draw(t, "score.bonus")
		}
	}
}
