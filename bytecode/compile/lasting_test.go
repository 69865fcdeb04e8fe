package compile_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestRoundTripLasting: every lasting type (alone, and set off by an event
// beside a condition), every duration (the ends of the turns' range),
// scope, stacking key and mode, persistence and suppressed type survive
// the round trip, in a game where each is valid; variants with different
// canonical forms compile to different programs (a stacking mode other
// than additive or none on a type without a value is canonically
// additive); and so does the fixture game that has them all.
func TestRoundTripLasting(t *testing.T) {
	type variant struct {
		seed string
		e    genome.Effect
	}
	next := cardrules.TargetNext
	source := genome.Lasting{For: cardrules.UntilSourceTurn}
	cases := map[string]variant{}
	seedOf := func(ty genome.EffectType) string {
		if ty == cardrules.Bonus {
			return "whist" // scores tricks
		}
		return "uno-style"
	}
	base := func(ty genome.EffectType) genome.Effect {
		e := genome.Effect{Rank: 5, Type: ty, Target: next, Lasts: source}
		if ty.UsesValue() {
			e.Value = 3
		}
		if ty == cardrules.Suppress {
			e.Lasts.Suppresses = cardrules.SuppressedOf(cardrules.SkipNext)
		}
		return e
	}
	for ty := cardrules.LockSuit; ty < cardrules.NumEffectTypes; ty++ {
		cases["type "+ty.String()] = variant{seedOf(ty), base(ty)}
		e := base(ty)
		e.When, e.If = cardrules.Drawn, genome.EffectCondition{Of: cardrules.CondTarget, Cmp: cardrules.AtMost, Value: 4}
		if ty != cardrules.Bonus { // whist draws nothing
			cases["drawn "+ty.String()] = variant{seedOf(ty), e}
		}
	}
	for d := range cardrules.NumDurations {
		for _, n := range []int{1, cardrules.MaxLastTurns} {
			if d != cardrules.ForTurns && n > 1 {
				continue
			}
			e := base(cardrules.LockRank)
			e.Lasts = genome.Lasting{For: d}
			if d == cardrules.ForTurns {
				e.Lasts.Turns = n
			}
			cases[fmt.Sprintf("duration %s %d", d, e.Lasts.Turns)] = variant{"whist", e}
		}
	}
	for sc := range cardrules.NumScopes {
		e := base(cardrules.MissTurns)
		e.Lasts.Scope = sc
		if sc == cardrules.ScopeEveryone {
			e.Target = cardrules.NoTarget
		}
		cases["scope "+sc.String()] = variant{"whist", e}
	}
	for st := range cardrules.NumStacks {
		for k := range cardrules.MaxStackKey + 1 {
			for _, ty := range []genome.EffectType{cardrules.DrawLimit, cardrules.BanRank} {
				e := base(ty)
				e.Lasts.Key, e.Lasts.Stack = k, st
				cases[fmt.Sprintf("stack %s key %d %s", st, k, ty)] = variant{"uno-style", e}
			}
		}
	}
	for _, ty := range []genome.EffectType{cardrules.LockSuit, cardrules.Bonus} {
		e := base(ty)
		e.Lasts.Persists = true
		cases["persists "+ty.String()] = variant{seedOf(ty), e}
	}
	for x := range genome.EffectType(cardrules.NumEffectTypes) {
		if x == cardrules.Suppress {
			continue
		}
		e := base(cardrules.Suppress)
		e.Lasts.Suppresses = cardrules.SuppressedOf(x)
		cases["suppresses "+x.String()] = variant{"uno-style", e}
	}
	programs := map[string]string{} // program -> canonical JSON
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			g := testkit.SeedGenome(t, v.seed)
			g.Effects = append(g.Effects, v.e)
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			p := checkRoundTrip(t, g)
			c := string(g.CanonicalJSON())
			if prev, ok := programs[string(p)]; ok && prev != c {
				t.Errorf("two lastings compile alike:\n%s\n%s", prev, c)
			}
			programs[string(p)] = c
			// Two effects of the type and key: the second's entry follows
			// the first's.
			two := g.Clone()
			e := v.e
			e.Rank = 6
			two.Effects = append(two.Effects, e)
			if two.Validate() == nil {
				if q := checkRoundTrip(t, two); bytes.Equal(p, q) {
					t.Error("a second lasting effect leaves the program as it was")
				}
			}
		})
	}
	t.Run("fixture", func(t *testing.T) { checkRoundTrip(t, fixture(t, "lasting")) })
}
