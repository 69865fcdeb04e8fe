package genome_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// checkDistance checks what holds of any two valid genomes: Distance is in
// [0, 1], symmetric, a function of the canonical forms alone, and 0
// exactly when they are equal. It returns Distance(a, b).
func checkDistance(t interface {
	Helper()
	Fatalf(format string, args ...any)
}, a, b *genome.Genome, what string) float64 {
	t.Helper()
	d := genome.Distance(a, b)
	if !(d >= 0 && d <= 1) {
		t.Fatalf("%s: distance %v is not in [0, 1]", what, d)
	}
	if r := genome.Distance(b, a); r != d {
		t.Fatalf("%s: Distance(a, b) = %v but Distance(b, a) = %v", what, d, r)
	}
	if c := genome.Distance(a.Canonical(), b.Canonical()); c != d {
		t.Fatalf("%s: distance %v, but %v between the canonical forms", what, d, c)
	}
	if same := a.Hash() == b.Hash(); same != (d == 0) {
		t.Fatalf("%s: distance %v, equal canonical forms %v\na: %s\nb: %s", what, d, same, a.CanonicalJSON(), b.CanonicalJSON())
	}
	return d
}

// TestPropDistance: for random valid genomes, a genome is at distance 0
// from itself and from its canonical form, and every single change of any
// field (the mutations of TestPropDescribeShowsEverySemanticChange) that
// keeps it valid and changes its canonical form moves it away, the
// properties of checkDistance holding throughout.
func TestPropDistance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		checkDistance(t, g, g, "g and itself")
		checkDistance(t, g, g.Canonical(), "g and its canonical form")
		checkDistance(t, g, genometest.Genome().Draw(t, "h"), "g and another genome")
		for range 20 {
			m := g.Clone()
			what := mutate(t, m)
			if m.Validate() != nil {
				continue
			}
			checkDistance(t, g, m, "mutation "+what)
		}
	})
}

// TestDistanceSeesEveryPart: changes that an earlier Distance ignored.
func TestDistanceSeesEveryPart(t *testing.T) {
	for _, c := range []struct {
		seed, what string
		change     func(g *genome.Genome)
	}{
		{"hearts", "another trump", func(g *genome.Genome) { g.Turn[0].Trump = cardrules.TrumpSpades }},
		{"hearts", "points per trick", func(g *genome.Genome) { g.Score.Trick = 1 }},
		{"hearts", "no lead card", func(g *genome.Genome) { g.LeadCard = nil }},
		{"hearts", "hearts may always be led", func(g *genome.Genome) { g.Turn[0].LeadPrefer = nil }},
		{"hearts", "ranked highest score first", func(g *genome.Genome) { g.End.Rank = cardrules.RankScoreHigh }},
		{"whist", "no partnerships", func(g *genome.Genome) { g.Teams = 0 }},
		{"whist", "must not follow suit", func(g *genome.Genome) {
			e := genome.Compare(genome.OpNe, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
			g.Turn[0].Prefer = &e
		}},
		{"go-fish", "pairs", func(g *genome.Genome) { g.Meld = 2 }},
		{"old-maid", "take from the previous seat", func(g *genome.Genome) { g.Turn[0].From = cardrules.TargetPrevious }},
		{"old-maid", "losing by emptying a hand", func(g *genome.Genome) { g.End.Conditions[0].Result = cardrules.ResultLose }},
		{"crazy-eights", "jacks name the suit", func(g *genome.Genome) { g.Turn[0].NameSuit = []genome.Rank{9} }},
		{"crazy-eights", "another seat range", func(g *genome.Genome) { g.Seats.Max = 4 }},
		{"crazy-eights", "no override", func(g *genome.Genome) { g.Deal.Overrides = nil }},
		{"uno-style", "effects in another order", func(g *genome.Genome) { g.Effects[0], g.Effects[1] = g.Effects[1], g.Effects[0] }},
	} {
		g := testkit.SeedGenome(t, c.seed)
		m := g.Clone()
		c.change(m)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s, %s: %v", c.seed, c.what, err)
		}
		if d := checkDistance(t, g, m, c.seed+", "+c.what); d == 0 {
			t.Errorf("%s, %s: distance 0", c.seed, c.what)
		}
	}
	// Four cards each at every seat count, all from overrides: only the
	// base count, which no seat count uses, differs.
	a, b := testkit.SeedGenome(t, "crazy-eights"), testkit.SeedGenome(t, "crazy-eights")
	a.Seats = genome.Seats{Min: 2, Max: cardrules.MaxSeats, Default: 2}
	a.Deal.Overrides = nil
	for n := 2; n <= cardrules.MaxSeats; n++ {
		a.Deal.Overrides = append(a.Deal.Overrides, genome.DealOverride{Seats: n, Cards: 4})
	}
	b.Seats, b.Deal.Overrides, b.Deal.Cards = a.Seats, a.Deal.Overrides, 6
	if d := checkDistance(t, a, b, "another base count under overrides"); d == 0 {
		t.Error("another base count under overrides: distance 0")
	}
	// One deck of 48 cards written in two ways: the bytes differ, so the
	// hashes do, and so must the distance.
	a, b = testkit.SeedGenome(t, "war"), testkit.SeedGenome(t, "war")
	a.Deck.Ranks = []genome.Rank{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	for s := range genome.Suit(cardrules.NumSuits) {
		b.Deck.Remove = append(b.Deck.Remove, cardrules.NewCard(12, s))
	}
	if d := checkDistance(t, a, b, "one deck written in two ways"); d == 0 || d > 0.05 {
		t.Errorf("one deck written in two ways: distance %v, want a little above 0", d)
	}
}

// TestDistanceCalibration pins points of the scale, so that thresholds
// written in distance units (evolve's sharing radius and hall spacing)
// keep their meaning: one effect appended to a seed game is a small
// change, Hearts and Whist are different games, and Crazy Eights and the
// Uno-style game, two shedding games, are far apart.
func TestDistanceCalibration(t *testing.T) {
	seed := func(n string) *genome.Genome { return testkit.SeedGenome(t, n).Canonical() }
	for _, g := range genome.Seeds() {
		for ty := range cardrules.NumEffectTypes {
			e := genome.Effect{Rank: 9, Type: ty}
			if ty.UsesTarget() {
				e.Target = cardrules.TargetNext
			}
			if ty.UsesValue() {
				e.Value = 1
			}
			m := g.Clone()
			m.Effects = append(m.Effects, e)
			if m.Validate() != nil {
				continue // no phase plays a card
			}
			if d := checkDistance(t, g, m, g.Name); d >= 0.05 {
				t.Errorf("%s with one more effect (%s): distance %.4f, want < 0.05", g.Name, ty, d)
			}
		}
	}
	for _, c := range []struct {
		a, b string
		min  float64
	}{{"hearts", "whist", 0.05}, {"crazy-eights", "uno-style", 0.2}} {
		d := checkDistance(t, seed(c.a), seed(c.b), c.a+" and "+c.b)
		t.Logf("%s - %s: %.4f", c.a, c.b, d)
		if d < c.min {
			t.Errorf("%s and %s: distance %.4f, want at least %v", c.a, c.b, d, c.min)
		}
	}
}

// TestDistanceAllocs: comparing canonical seed games, which differ in
// every part, allocates nothing (evolution compares every pair of its
// population each generation).
func TestDistanceAllocs(t *testing.T) {
	var gs []*genome.Genome
	for _, g := range genome.Seeds() {
		gs = append(gs, g.Canonical())
	}
	if n := testing.AllocsPerRun(10, func() {
		for _, a := range gs {
			for _, b := range gs {
				genome.Distance(a, b)
			}
		}
	}); n != 0 {
		t.Errorf("Distance allocated %v times comparing the seed games", n)
	}
}
