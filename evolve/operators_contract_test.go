package evolve

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestContractOperator: the contract operator adds a contract to whist,
// then reaches every field's values away from its start (bags and a
// penalty, nil, each field changed) and takes the contract away; every
// step valid. It declines a game without a trick phase.
func TestContractOperator(t *testing.T) {
	if mutContract(testkit.SeedGenome(t, "crazy-eights").Canonical(), new(rng.Source)) {
		t.Error("a contract added to crazy-eights, which plays no tricks")
	}
	seen := map[string]bool{}
	for w := range uint64(8) {
		r := rng.New(rng.Derive(950, w))
		g := testkit.SeedGenome(t, "whist").Canonical()
		for range 200 {
			c := g.Clone()
			if !mutContract(c, &r) {
				t.Fatal("the contract operator declined whist")
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("an invalid genome: %v", err)
			}
			k := c.Score.Contract
			switch {
			case k == nil:
				seen["none"] = true
			default:
				seen["some"] = true
				note := func(name string, on bool) {
					if on {
						seen[name] = true
					}
				}
				note("trick", k.Trick != 10)
				note("over", k.Over != 1)
				note("bags", k.Bags > 0 && k.Bags != 10)
				note("penalty", k.Penalty > 0 && k.Penalty != 100)
				note("nil", k.Nil == 100)
				note("nil changed", k.Nil > 0 && k.Nil != 100)
			}
			g = c
		}
	}
	for _, want := range []string{"none", "some", "trick", "over", "bags", "penalty", "nil", "nil changed"} {
		if !seen[want] {
			t.Errorf("no walk reached %s (reached %v)", want, seen)
		}
	}
}

// TestFitContract: a contract goes with the game's trick phase, with pile
// hands and with chips, and stays in a game that may bid.
func TestFitContract(t *testing.T) {
	spades := testkit.SeedGenome(t, "spades").Canonical()
	for name, change := range map[string]func(g *genome.Genome){
		"kept":      func(*genome.Genome) {},
		"pile hand": func(g *genome.Genome) { g.Hand = cardrules.HandPile },
		"chips":     func(g *genome.Genome) { g.Score.Chips.Stake = 10 },
		"no trick":  func(g *genome.Genome) { g.Turn[0].Kind = cardrules.PhasePlay },
	} {
		g := spades.Clone()
		change(g)
		fitContract(g)
		if kept := g.Score.Contract != nil; kept != (name == "kept") {
			t.Errorf("%s: contract kept %v", name, kept)
		}
	}
}
