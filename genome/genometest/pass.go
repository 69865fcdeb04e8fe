package genometest

import (
	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawFinish draws, one game in four that can score, the scores of a
// deal's finishing order: a place or more, the last scoring.
func drawFinish(t *rapid.T, g *genome.Genome) {
	if g.Score.Chips.Stake > 0 || rapid.IntRange(0, 3).Draw(t, "score.finish.has") != 0 {
		return
	}
	k := rapid.IntRange(1, g.Seats.Max).Draw(t, "score.finish.len")
	for i := range k {
		lo := 0
		if i == k-1 {
			lo = 1
		}
		g.Score.Finish = append(g.Score.Finish, rapid.IntRange(lo, cardrules.MaxFinishPoints).Draw(t, "score.finish.points"))
	}
}

// drawPass draws, for half the matches with fan hands, a pass before each
// deal: a count up to the fewest cards a seat is dealt and one to four
// directions (across only at exactly four seats, to which a third of the
// games whose seats include four and that deal alike at every count are
// narrowed), not all none.
func drawPass(t *rapid.T, g *genome.Genome, deck int) {
	if g.Hand != cardrules.HandFan || !rapid.Bool().Draw(t, "match.pass.has") {
		return
	}
	if g.Seats.Min <= 4 && g.Seats.Max >= 4 && len(g.Deal.Overrides) == 0 && rapid.IntRange(0, 2).Draw(t, "match.pass.four") == 0 {
		g.Seats = genome.Seats{Min: 4, Max: 4, Default: 4}
	}
	most := cardrules.MaxPassCount
	for n := g.Seats.Min; n <= g.Seats.Max; n++ {
		dealt := g.DealFor(n)
		if g.Deal.All {
			dealt = deck / n
		}
		most = min(most, dealt)
	}
	if most < 1 {
		return
	}
	p := &genome.PassRules{Count: rapid.IntRange(1, most).Draw(t, "match.pass.count")}
	dirs := []genome.PassTo{cardrules.PassLeft, cardrules.PassRight, cardrules.PassNone, cardrules.PassFinishing}
	if g.Seats.Min == 4 && g.Seats.Max == 4 {
		dirs = append(dirs, cardrules.PassAcross)
	}
	k := rapid.IntRange(1, cardrules.MaxPassDirs).Draw(t, "match.pass.len")
	none := true
	for range k {
		d := rapid.SampledFrom(dirs).Draw(t, "match.pass.to")
		p.To = append(p.To, d)
		none = none && d == cardrules.PassNone
	}
	if none {
		p.To[0] = cardrules.PassLeft
	}
	g.Match.Pass = p
}
