package evolve

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestClimbOperator: mutClimb moves President's max through every value
// 1..4 (4 written absent, as Canonical has it), one step at a time; turns
// the play phase of Crazy Eights and of Uno into a climb; every child is
// valid and compiles; and a game of pile hands, or one with neither a
// climb nor a play phase, is left alone.
func TestClimbOperator(t *testing.T) {
	r := rng.New(11)
	seen := map[int]bool{}
	g := testkit.SeedGenome(t, "president")
	for range 400 {
		before := g.Turn[0].ClimbMax()
		if !mutClimb(g, &r) {
			t.Fatal("mutClimb did nothing to President")
		}
		after := g.Turn[0].ClimbMax()
		if d := after - before; d != 1 && d != -1 {
			t.Fatalf("max %d became %d: want a step of one", before, after)
		}
		if g.Turn[0].Max == cardrules.MaxClimb {
			t.Fatalf("max %d written out: want it absent", g.Turn[0].Max)
		}
		mustCompile(t, g)
		seen[after] = true
	}
	if len(seen) != cardrules.MaxClimb {
		t.Errorf("max took the values %v, want 1..%d", seen, cardrules.MaxClimb)
	}
	for _, name := range []string{"crazy-eights", "uno-style", "uno-stacking"} {
		c := testkit.SeedGenome(t, name)
		if !mutClimb(c, &r) || c.Turn[0].Kind != cardrules.PhaseClimb {
			t.Fatalf("%s: the play phase did not become a climb: %+v", name, c.Turn)
		}
		mustCompile(t, c)
	}
	for _, name := range []string{"hearts", "war", "beggar-my-neighbour"} {
		if mutClimb(testkit.SeedGenome(t, name), &r) {
			t.Errorf("mutClimb changed %s, which has neither a climb nor a play phase", name)
		}
	}
}

// TestPhaseInsertClimb: phase_insert inserts climbs into games of fan
// hands (and never into games of pile hands), and every child with a
// climb is valid (a draw phase inserted where nothing can be drawn is
// not, and the loop draws again).
func TestPhaseInsertClimb(t *testing.T) {
	r := rng.New(3)
	climbs := 0
	for _, name := range []string{"crazy-eights", "war"} {
		for range 300 {
			g := testkit.SeedGenome(t, name)
			if !phaseInsert(g, &r) {
				continue
			}
			for _, p := range g.Turn {
				if p.Kind == cardrules.PhaseClimb {
					if g.Hand != cardrules.HandFan {
						t.Fatalf("%s: a climb inserted into a game of pile hands", name)
					}
					climbs++
					mustCompile(t, g)
				}
			}
		}
	}
	if climbs == 0 {
		t.Error("phase_insert never inserted a climb into Crazy Eights")
	}
}

func mustCompile(t *testing.T, g *genome.Genome) {
	t.Helper()
	if err := g.Validate(); err != nil {
		t.Fatalf("%v\n%s", err, g.CanonicalJSON())
	}
	if _, err := compile.Compile(g); err != nil {
		t.Fatalf("compile: %v", err)
	}
}
