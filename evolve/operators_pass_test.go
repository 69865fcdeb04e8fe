package evolve

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestMatchOperatorReachesPasses: the match operator, applied over and
// over to hearts-match, crazy-eights-match and president, reaches every
// direction (across only at four seats), a
// rotation of four directions, no pass, and finishing scores of one to
// three places; and walking hearts-match's pass, every count up to 13.
// Every child is valid and compiles.
func TestMatchOperatorReachesPasses(t *testing.T) {
	r := rng.New(5)
	counts := map[int]bool{}
	dirs := map[genome.PassTo]bool{}
	rotation, none, finish := false, false, map[int]bool{}
	for _, name := range []string{"hearts-match", "crazy-eights-match", "president"} {
		g := testkit.SeedGenome(t, name)
		for range 3000 {
			c := g.Clone()
			if !mutMatch(c, &r) {
				continue
			}
			mustCompile(t, c)
			if c.Match != nil && c.Match.Pass != nil {
				p := c.Match.Pass
				counts[p.Count] = true
				for _, d := range p.To {
					dirs[d] = true
					if d == cardrules.PassAcross && (c.Seats.Min != 4 || c.Seats.Max != 4) {
						t.Fatalf("%s: across at seats %+v", name, c.Seats)
					}
				}
				rotation = rotation || len(p.To) == cardrules.MaxPassDirs
			} else if c.Match != nil {
				none = true
			}
			finish[len(c.Score.Finish)] = true
			if c.Match != nil || len(c.Score.Finish) > 0 {
				g = c // walk on
			}
		}
	}
	// The count, by mutPass's steps, walking on children that pass.
	g := testkit.SeedGenome(t, "hearts-match")
	for range 3000 {
		c := g.Clone()
		if mutPass(c, &r) && c.Match.Pass != nil {
			mustCompile(t, c)
			counts[c.Match.Pass.Count] = true
			g = c
		}
	}
	for n := 1; n <= cardrules.MaxPassCount; n++ {
		if !counts[n] {
			t.Errorf("no pass of %d cards", n)
		}
	}
	for d := cardrules.PassTo(0); d < cardrules.NumPassTos; d++ {
		if !dirs[d] {
			t.Errorf("no pass %s", d)
		}
	}
	if !rotation || !none || !finish[1] || !finish[3] {
		t.Errorf("rotation of four %v, a match without a pass %v, finishing scores of 1 and 3 places %v %v", rotation, none, finish[1], finish[3])
	}
}
