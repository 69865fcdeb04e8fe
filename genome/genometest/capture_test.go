package genometest_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestGeneratorCapture: on a fixed set of examples, the generator makes
// capture phases (fan hands only), with and without equal_first, layouts
// (only with a capture phase, never with deal.all, up to the limit
// somewhere), sweeps scored only with a capture phase and won cards scored
// in capture games without tricks; every candidate of them validates, and
// the other phase kinds keep a fair share.
func TestGeneratorCapture(t *testing.T) {
	const n = 1500
	seen := map[string]int{}
	kinds := map[genome.PhaseKind]int{}
	for i := range n {
		g := genometest.Candidate().Example(i)
		capture := g.HasPhase(cardrules.PhaseCapture)
		if err := g.Validate(); err != nil {
			if capture || g.Deal.Layout > 0 || g.Score.Sweep > 0 {
				t.Errorf("example %d: an invalid capture genome: %v\n%s", i, err, g.CanonicalJSON())
			}
			continue
		}
		for _, p := range g.Turn {
			kinds[p.Kind]++
			if p.Kind == cardrules.PhaseCapture {
				seen["capture"]++
				if p.EqualFirst {
					seen["equal_first"]++
				}
			}
		}
		switch {
		case capture && g.Hand != cardrules.HandFan:
			t.Errorf("example %d: a capture phase with pile hands", i)
		case (g.Deal.Layout > 0 || g.Score.Sweep > 0) && !capture:
			t.Errorf("example %d: a layout or sweeps without a capture phase", i)
		case g.Deal.Layout > 0 && g.Deal.All:
			t.Errorf("example %d: a layout with deal.all", i)
		}
		if g.Deal.Layout > 0 {
			seen["layout"]++
		}
		if g.Deal.Layout >= 8 {
			seen["layout.large"]++
		}
		if g.Score.Sweep > 0 {
			seen["sweep"]++
		}
		if capture && !g.HasPhase(cardrules.PhaseTrick) && len(g.Score.Cards) > 0 {
			seen["cards.captured"]++
		}
		if capture && g.Deck.TwoPacks() {
			seen["capture.packs=2"]++
		}
		if capture && g.Deck.Jokers > 0 {
			seen["capture.jokers"]++
		}
		if capture && g.Match != nil {
			seen["capture.match"]++
		}
	}
	for _, k := range []string{"capture", "equal_first", "layout", "layout.large", "sweep", "cards.captured", "capture.packs=2", "capture.jokers", "capture.match"} {
		if seen[k] == 0 {
			t.Errorf("no example covers %s", k)
		}
	}
	// Capture is one fan kind among ten: the play phase, weighted three,
	// stays far more common.
	if kinds[cardrules.PhaseCapture] == 0 || kinds[cardrules.PhasePlay] < 2*kinds[cardrules.PhaseCapture] {
		t.Errorf("phase kinds %v: capture is not a minor kind", kinds)
	}
	t.Logf("%v; phases %v", seen, kinds)
}
