package reference

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// meldVariants are gin-rummy, rummy and variants of them (sets only, runs
// only, runs of 2 to 5, ace high, two packs, jokers, a discard rank with a
// skip or a draw).
func meldVariants(t *testing.T) map[string]*genome.Genome {
	gs := map[string]*genome.Genome{
		"gin-rummy": meldGenome(t, ginJSON, nil),
		"rummy":     meldGenome(t, rummyJSON, nil),
		"gin, sets only": meldGenome(t, ginJSON, func(g *genome.Genome) {
			g.Turn[0].Sets, g.Turn[0].Runs, g.Turn[0].Knock = 3, 0, 20
		}),
		"rummy, runs only": meldGenome(t, rummyJSON, func(g *genome.Genome) { g.Turn[0].Sets, g.Turn[0].Runs = 0, 3 }),
		"gin, ace high, knock 0": meldGenome(t, ginJSON, func(g *genome.Genome) {
			g.Deck.Order, g.Turn[0].Knock = cardrules.OrderAceHigh, 0
		}),
		"rummy, ace high": meldGenome(t, rummyJSON, func(g *genome.Genome) { g.Deck.Order = cardrules.OrderAceHigh }),
		"gin, two packs, jokers": meldGenome(t, ginJSON, func(g *genome.Genome) {
			g.Deck.Packs, g.Deck.Jokers, g.Turn[0].Knock = cardrules.MaxPacks, cardrules.MaxJokers, 30
		}),
		"rummy, two packs, jokers": meldGenome(t, rummyJSON, func(g *genome.Genome) {
			g.Deck.Packs, g.Deck.Jokers = cardrules.MaxPacks, cardrules.MaxJokers
		}),
		"rummy, a skip and a draw": meldGenome(t, rummyJSON, func(g *genome.Genome) {
			g.Effects = []genome.Effect{effect("2", cardrules.SkipNext, 0, 1), effect("3", cardrules.DrawCards, cardrules.TargetNext, 2)}
		}),
		"gin, a gated draw": meldGenome(t, ginJSON, func(g *genome.Genome) {
			g.Effects = []genome.Effect{gated(effect("5", cardrules.DrawCards, cardrules.TargetNext, 1))}
		}),
	}
	for runs := 2; runs <= cardrules.MaxMeldMin; runs++ {
		gs[fmt.Sprintf("rummy, runs %d", runs)] = meldGenome(t, rummyJSON, func(g *genome.Genome) { g.Turn[0].Runs = runs })
		gs[fmt.Sprintf("gin, runs %d, knock 20", runs)] = meldGenome(t, ginJSON, func(g *genome.Genome) {
			g.Turn[0].Runs, g.Turn[0].Knock = runs, 20
		})
	}
	return gs
}

// TestVMAgreesMeld: gin-rummy, rummy and their variants play the same
// games on the VM and on the reference, a few hundred games each shared
// among their seat counts.
func TestVMAgreesMeld(t *testing.T) {
	total := 30
	if !testing.Short() {
		total = 300
	}
	gs := meldVariants(t)
	for _, name := range slices.Sorted(maps.Keys(gs)) {
		g := gs[name]
		games := max(total/(g.Seats.Max-g.Seats.Min+1), 5)
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			if d := vmDiffers(t, g, seats, games); d != "" {
				t.Errorf("%s, %d seats: %s", name, seats, d)
			}
		}
	}
}
