package evolve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// drawPoker is five-card draw, a game of betting with a showdown and no
// phases (genome/testdata/betting/draw-poker.json), canonical.
func drawPoker(t *testing.T) *genome.Genome {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "genome", "testdata", "betting", "draw-poker.json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return g.Canonical()
}

// TestBettingOperator: the betting operator adds betting to fan-tan (a
// game of chips), then reaches every field's values away from its start
// (a bet, raises, a blind, a draw, a showdown) and takes the betting
// away; in draw poker, which has no phases, it never takes the betting or
// the showdown away; every step valid. It declines a game without chips.
func TestBettingOperator(t *testing.T) {
	if mutBetting(testkit.SeedGenome(t, "crazy-eights").Canonical(), new(rng.Source)) {
		t.Error("betting added to crazy-eights, which has no chips")
	}
	for _, start := range []*genome.Genome{testkit.SeedGenome(t, "fan-tan").Canonical(), drawPoker(t)} {
		seen := map[string]bool{}
		for w := range uint64(8) {
			r := rng.New(rng.Derive(960, w))
			g := start
			for range 200 {
				c := g.Clone()
				if !mutBetting(c, &r) {
					continue
				}
				if err := c.Validate(); err != nil {
					t.Fatalf("%s: an invalid genome: %v\n%s", start.Name, err, c.CanonicalJSON())
				}
				k := c.Score.Betting
				note := func(name string, on bool) {
					if on {
						seen[name] = true
					}
				}
				note("none", k == nil)
				if k != nil {
					note("some", true)
					note("bet", k.Bet != 2)
					note("raises", k.Raises != 3)
					note("blind", k.Blind > 0)
					note("blind changed", k.Blind > 0 && k.Blind != max(k.Bet/2, 1))
					note("draw", k.Draw > 0 && k.Draw != 3)
					note("showdown", k.Showdown != (start.Score.Betting != nil && start.Score.Betting.Showdown))
				}
				g = c
			}
		}
		want := []string{"none", "some", "bet", "raises", "blind", "blind changed", "draw", "showdown"}
		if len(start.Turn) == 0 {
			want = []string{"some", "bet", "raises", "blind", "blind changed", "draw"}
			if seen["none"] || seen["showdown"] {
				t.Errorf("draw poker lost its betting or its showdown (reached %v)", seen)
			}
		}
		for _, name := range want {
			if !seen[name] {
				t.Errorf("%s: no walk reached %s (reached %v)", start.Name, name, seen)
			}
		}
	}
}

// TestFitBetting: the betting goes with the chips, the draw round and the
// showdown with fan hands, and it stays in a game that may bet.
func TestFitBetting(t *testing.T) {
	base := drawPoker(t)
	base.Turn = []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}}
	for name, c := range map[string]struct {
		change func(g *genome.Genome)
		want   *genome.Betting
	}{
		"kept":      {func(*genome.Genome) {}, base.Score.Betting},
		"no chips":  {func(g *genome.Genome) { g.Score.Chips = genome.Chips{} }, nil},
		"pile hand": {func(g *genome.Genome) { g.Hand = cardrules.HandPile }, &genome.Betting{Bet: 2, Raises: 3}},
	} {
		g := base.Clone()
		c.change(g)
		fitBetting(g)
		if got := g.Score.Betting; (got == nil) != (c.want == nil) || got != nil && *got != *c.want {
			t.Errorf("%s: betting %+v, want %+v", name, got, c.want)
		}
	}
}

// TestNoPhaseOperators: in draw poker, which has no phases, phase_insert
// adds a play phase, the chips stay (the chips operator never takes them
// from a game of betting alone), and phase_remove finds nothing to
// remove; a game of betting with a showdown and one phase may lose it;
// a crossover gives a game of play no empty turn. Every child valid.
func TestNoPhaseOperators(t *testing.T) {
	poker := drawPoker(t)
	for w := range uint64(16) {
		r := rng.New(rng.Derive(970, w))
		g := poker.Clone()
		if !phaseInsert(g, &r) || len(g.Turn) != 1 || g.Turn[0].Kind != cardrules.PhasePlay {
			t.Fatalf("phase_insert into draw poker: %s", g.CanonicalJSON())
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("phase_insert into draw poker: %v", err)
		}
		if !phaseRemove(g, &r) || len(g.Turn) != 0 {
			t.Fatalf("phase_remove of draw poker's one phase: %s", g.CanonicalJSON())
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("phase_remove of draw poker's one phase: %v", err)
		}
		if phaseRemove(g, &r) {
			t.Fatal("phase_remove applied to a game with no phases")
		}
		c := poker.Clone()
		if mutChips(c, &r) {
			if err := c.Validate(); err != nil {
				t.Fatalf("chips in draw poker: %v\n%s", err, c.CanonicalJSON())
			}
		}
		child := crossWhole(testkit.SeedGenome(t, "fan-tan").Canonical(), poker, &r)
		if err := child.Validate(); err != nil && len(child.Turn) == 0 {
			t.Fatalf("fan-tan crossed with draw poker has no phases: %v\n%s", err, child.CanonicalJSON())
		}
	}
}
