package genome_test

import (
	"math"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestDistanceClaim: the claims rule, the start and the max each move the
// cheat-like game away, as the claim phase's three fields (the phase
// table) in the turn's part, which weighs double: another claims rule is a
// flag, and so is another start (with claims near or any the start, which
// means nothing, counts as absent: going from next from A to any changes
// two fields); another max is rel of the maxes (absent: 4). Two claim
// phases that differ anywhere are apart, and a claim phase is as far from
// a phase of another kind as any two kinds.
func TestDistanceClaim(t *testing.T) {
	const weights = 12 // the parts' weights (Distance's doc)
	const field = 2 * (1.0 / 3) / weights
	g := cheat(t)
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
		want   float64
	}{
		{"claims any", func(g *genome.Genome) { g.Turn[0].Claims = cardrules.ClaimAny }, 2 * field},
		{"claims near, start absent", func(g *genome.Genome) { g.Turn[0].Claims, g.Turn[0].Start = cardrules.ClaimNear, 0 }, 2 * field},
		{"start 7", func(g *genome.Genome) { g.Turn[0].Start = 5 }, field},
		{"start 2", func(g *genome.Genome) { g.Turn[0].Start = 0 }, field},
		{"max 2", func(g *genome.Genome) { g.Turn[0].Max = 2 }, (2.0 / 4) * field},
		{"max 1", func(g *genome.Genome) { g.Turn[0].Max = 1 }, (3.0 / 4) * field},
		{"max 3, start K", func(g *genome.Genome) { g.Turn[0].Max, g.Turn[0].Start = 3, 11 }, (1 + 1.0/4) * field},
		{"max 4 written", func(g *genome.Genome) { g.Turn[0].Max = 4 }, 0},
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
	// Between the claims rules near and any (both without a start) only
	// the rule differs.
	near, other := g.Clone(), g.Clone()
	near.Turn[0].Claims, near.Turn[0].Start = cardrules.ClaimNear, 0
	other.Turn[0].Claims, other.Turn[0].Start = cardrules.ClaimAny, 9
	if d := checkDistance(t, near, other, "near and any"); math.Abs(d-field) > 1e-12 {
		t.Errorf("near and any: distance %v, want %v", d, field)
	}
	// Every pair of claim phases that differ is apart.
	var phases []genome.Phase
	for claims := range cardrules.NumClaimRules {
		for _, start := range []genome.Rank{12, 0, 5} {
			if claims != cardrules.ClaimNext && start != 0 {
				continue
			}
			for max := 1; max <= cardrules.MaxClimb; max++ {
				phases = append(phases, genome.Phase{Kind: cardrules.PhaseClaim, Claims: claims, Start: start, Max: max})
			}
		}
	}
	for i, p := range phases {
		for _, q := range phases[i+1:] {
			a, b := g.Clone(), g.Clone()
			a.Turn[0], b.Turn[0] = p, q
			if d := checkDistance(t, a, b, "two claim phases"); d <= 0 {
				t.Errorf("%+v and %+v: distance %v", p, q, d)
			}
		}
	}
	// A climb instead: the kinds differ, the whole turn's part.
	m := g.Clone()
	m.Turn[0] = genome.Phase{Kind: cardrules.PhaseClimb}
	if d := checkDistance(t, g, m, "a climb instead"); math.Abs(d-2.0/weights) > 1e-12 {
		t.Errorf("a climb instead: distance %v, want %v", d, 2.0/weights)
	}
}
