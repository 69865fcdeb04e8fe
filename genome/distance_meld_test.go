package genome_test

import (
	"math"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestDistanceMeld: each field of a meld phase (sets, runs, lay, knock)
// moves a rummy game away as one of the phase's four fields in the turn's
// part, which weighs double (the minimums and the knock limit by rel, the
// lay rule by a flag); each deadwood score moves it in the score's part:
// the gin and the undercut bonuses by half their rel each, scoring the
// deadwood or not by the whole part. Every distance is symmetric, and 0
// between equal games.
func TestDistanceMeld(t *testing.T) {
	const weights = 12 // the parts' weights (Distance's doc)
	const field = 2 * (1.0 / 4) / weights
	const score = 1.0 / weights
	for _, c := range []struct {
		what   string
		js     string
		change func(g *genome.Genome)
		want   float64
	}{
		{"sets 5", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 5 }, (2.0 / 5) * field},
		{"no sets", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Sets = 0 }, field},
		{"runs 2", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = 2 }, (1.0 / 3) * field},
		{"no runs", rummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = 0 }, field},
		{"runs 4, sets 4", rummyJSON, func(g *genome.Genome) { g.Turn[0].Runs, g.Turn[0].Sets = 4, 4 }, 2 * (1.0 / 4) * field},
		{"lay out", rummyJSON, func(g *genome.Genome) { g.Turn[0].Lay = cardrules.LayOut }, field},
		{"lay out, knock 10", rummyJSON, func(g *genome.Genome) { g.Turn[0].Lay, g.Turn[0].Knock = cardrules.LayOut, 10 }, 2 * field},
		{"knock 30", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Knock = 30 }, (2.0 / 3) * field},
		{"knock 0", ginRummyJSON, func(g *genome.Genome) { g.Turn[0].Knock = 0 }, field},
		{"gin 50", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin = 50 }, (1.0 / 2) * (1.0 / 2) * score},
		{"no gin", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin = 0 }, (1.0 / 2) * score},
		{"undercut 20", ginRummyJSON, func(g *genome.Genome) { g.Score.Undercut = 20 }, (1.0 / 2) * (5.0 / 25) * score},
		{"no bonuses", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin, g.Score.Undercut = 0, 0 }, score},
		{"gin and undercut 50", ginRummyJSON, func(g *genome.Genome) { g.Score.Gin, g.Score.Undercut = 50, 50 }, (1.0 / 2) * score},
		{"no deadwood score, ranked by cards", rummyJSON, func(g *genome.Genome) {
			g.Score.Deadwood, g.End.Rank, g.Match = false, cardrules.RankCards, nil
		}, 2 * score}, // the score's part and the end's (a match or not)
		{"knocking without deadwood scores", ginRummyJSON, func(g *genome.Genome) {
			g.Score = genome.Score{Hand: []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit}, Points: 1}}}
		}, score},
	} {
		g := meldGame(t, c.js)
		m := g.Clone()
		c.change(m)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		d := checkDistance(t, g, m, c.what)
		if math.Abs(d-c.want) > 1e-12 {
			t.Errorf("%s: distance %v, want %v", c.what, d, c.want)
		}
		if d := checkDistance(t, m, m.Clone(), c.what+", with itself"); d != 0 {
			t.Errorf("%s: distance %v from itself", c.what, d)
		}
	}
	// Every pair of meld phases that differ is apart, and so is every
	// pair of deadwood scores.
	var games []*genome.Genome
	for sets := 0; sets <= cardrules.MaxMeldMin; sets++ {
		for runs := 0; runs <= cardrules.MaxMeldMin; runs++ {
			if sets == 1 || runs == 1 || sets == 0 && runs == 0 {
				continue
			}
			for _, knock := range []int{-1, 0, 7, cardrules.MaxKnock} {
				g := meldGame(t, ginRummyJSON)
				g.Turn[0] = genome.Phase{Kind: cardrules.PhaseMeld, Sets: sets, Runs: runs, Lay: cardrules.LayOut, Knock: knock}
				if knock < 0 {
					g.Turn[0].Lay, g.Turn[0].Knock, g.Score.Gin, g.Score.Undercut = cardrules.LayTurn, 0, 0, 0
					g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
				}
				games = append(games, g)
			}
		}
	}
	for _, gin := range []int{0, 1, cardrules.MaxBonus} {
		for _, under := range []int{0, 1, cardrules.MaxBonus} {
			g := meldGame(t, ginRummyJSON)
			g.Score.Gin, g.Score.Undercut = gin, under
			if gin != 25 || under != 25 {
				games = append(games, g)
			}
		}
	}
	for i, a := range games {
		if err := a.Validate(); err != nil {
			t.Fatalf("%s: %v", a.CanonicalJSON(), err)
		}
		for _, b := range games[i+1:] {
			if d := checkDistance(t, a, b, "two meld games"); d <= 0 {
				t.Errorf("distance %v between\n%s\n%s", d, a.CanonicalJSON(), b.CanonicalJSON())
			}
		}
	}
	// A claim phase instead: the kinds differ, the whole turn's part.
	g := meldGame(t, rummyJSON)
	m := g.Clone()
	m.Turn[0] = genome.Phase{Kind: cardrules.PhaseClaim}
	if d := genome.Distance(g, m); math.Abs(d-2.0/weights) > 1e-12 {
		t.Errorf("a claim instead: distance %v, want %v", d, 2.0/weights)
	}
}
