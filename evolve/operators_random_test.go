package evolve

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// TestRandomDiscardOperators: add_effect makes forced discards that take
// their cards at random and ones that do not, mutate_effect turns the mode
// on and off, only for forced discards in games of fan hands, and every
// child stays valid.
func TestRandomDiscardOperators(t *testing.T) {
	seen := map[string]int{}
	r := rng.New(11)
	rp := &r
	for _, name := range []string{"uno-style", "crazy-eights", "war"} {
		base, err := genome.Seed(name)
		if err != nil {
			t.Fatal(err)
		}
		g := base.Clone()
		for i := range 2000 {
			if i%40 == 0 {
				// A walk from the seed, restarted now and then.
				g = base.Clone()
			}
			if addEffect(g, rp) {
				e := g.Effects[len(g.Effects)-1]
				if e.Random && (e.Type != cardrules.ForceDiscard || g.Hand != cardrules.HandFan) {
					t.Fatalf("%s: add_effect made %+v random", name, e)
				}
				if e.Type == cardrules.ForceDiscard && g.Hand == cardrules.HandFan {
					seen[map[bool]string{true: "add random", false: "add chosen"}[e.Random]]++
				}
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("%s: add_effect: %v", name, err)
			}
			before := slices.Clone(g.Effects)
			if mutateEffect(g, rp) {
				for i := range before {
					if before[i].Random != g.Effects[i].Random && before[i].Type == g.Effects[i].Type {
						seen[map[bool]string{true: "mutate on", false: "mutate off"}[g.Effects[i].Random]]++
					}
				}
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("%s: mutate_effect: %v", name, err)
			}
		}
	}
	for _, want := range []string{"add random", "add chosen", "mutate on", "mutate off"} {
		if seen[want] == 0 {
			t.Errorf("never saw %q (%v)", want, seen)
		}
	}
}
