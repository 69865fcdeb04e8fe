package reference

import (
	"os"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// hybrid reads the hybrid fixture name (testdata/hybrids).
func hybrid(t *testing.T, name string) *genome.Genome {
	t.Helper()
	data, err := os.ReadFile("../../testdata/hybrids/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestVMAgreesCapture: scopa-lite, and variants of it (no equal_first, a
// match, two packs with jokers, a full deck), play the same games on the
// VM and on the reference.
func TestVMAgreesCapture(t *testing.T) {
	games := 50
	if !testing.Short() {
		games = 500
	}
	variants := map[string]func(g *genome.Genome){
		"scopa-lite": func(*genome.Genome) {},
		"sums": func(g *genome.Genome) { g.Turn[0].EqualFirst = false },
		"match": func(g *genome.Genome) {
			g.Match = &genome.MatchRules{Deals: 3}
			g.Score.Finish = []int{3, 1}
		},
		"two packs": func(g *genome.Genome) {
			g.Deck.Packs, g.Deck.Jokers = cardrules.MaxPacks, cardrules.MaxJokers
		},
		"full deck, starter": func(g *genome.Genome) {
			g.Deck = genome.Deck{}
			g.Deal.Starter = true
			g.Deal.Layout = 12
		},
	}
	for name, change := range variants {
		g := hybrid(t, "scopa-lite")
		change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			if d := vmDiffers(t, g, seats, games); d != "" {
				t.Errorf("%s, %d seats: %s", name, seats, d)
			}
		}
	}
}
