package genome_test

import (
	"math"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestDistanceCapture: the layout's size, the sweep's points and
// equal_first each move the scopa-like game away, by what their parts
// weigh: another layout is rel of the sizes in a sixth of the deal's part,
// another sweep rel of the points in a quarter of the score's, equal_first
// the one field of the capture phase (half the turn of two phases, which
// weighs double); and a game without a layout or sweeps keeps the distance
// it had (the parts join in only where a game has them).
func TestDistanceCapture(t *testing.T) {
	const weights = 12 // the parts' weights (Distance's doc)
	g := scopa(t)
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
		want   float64
	}{
		{"a layout of 2", func(g *genome.Genome) { g.Deal.Layout = 2 }, (2.0 / 4) / 6 / weights},
		{"no layout", func(g *genome.Genome) { g.Deal.Layout = 0 }, 1.0 / 6 / weights},
		{"sweeps of 4", func(g *genome.Genome) { g.Score.Sweep = 4 }, (3.0 / 4) / 4 / weights},
		{"no sweeps", func(g *genome.Genome) { g.Score.Sweep = 0 }, 1.0 / 4 / weights},
		{"without equal_first", func(g *genome.Genome) { g.Turn[0].EqualFirst = false }, 2 * (1.0 / 2) / weights},
	} {
		m := g.Clone()
		c.change(m)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		d := checkDistance(t, g, m, c.what)
		if math.Abs(d-c.want) > 1e-12 {
			t.Errorf("%s: distance %v, want %v", c.what, d, c.want)
		}
	}
	// The capture phase turned into a tableau, the layout and sweeps
	// dropped: the kinds differ (half the turn), and the deal's and the
	// score's parts count the layout and sweep that one game has.
	m := g.Clone()
	m.Turn[0] = genome.Phase{Kind: cardrules.PhaseTableau, Start: 5}
	m.Deal.Layout, m.Score.Sweep = 0, 0
	m.Score.Cards = nil
	m.End.Rank = cardrules.RankCards
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if d := checkDistance(t, g, m, "a tableau instead"); d <= 2*(1.0/2)/weights {
		t.Errorf("a tableau instead: distance %v, want more than the turn's part alone", d)
	}
}
