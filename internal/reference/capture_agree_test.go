package reference

import (
	"os"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
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
		"sums":       func(g *genome.Genome) { g.Turn[0].EqualFirst = false },
		"match": func(g *genome.Genome) {
			g.Match = &genome.MatchRules{Deals: 3}
			g.Score.Finish = []int{3, 1}
		},
		"two packs": func(g *genome.Genome) {
			g.Deck.Packs, g.Deck.Jokers = cardrules.MaxPacks, cardrules.MaxJokers
		},
		"no sweep points": func(g *genome.Genome) { g.Score.Sweep = 0 },
		"effects": func(g *genome.Genome) {
			skip := effect("2", cardrules.SkipNext, 0, 1)
			draw := effect("3", cardrules.DrawCards, cardrules.TargetNext, 2)
			draw.Gate = true
			discard := effect("K", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1)
			g.Effects = []genome.Effect{skip, draw, discard}
			lc := card("7D")
			g.LeadCard = &lc
		},
		"moon, finishing, until no cards": func(g *genome.Genome) {
			g.Match = &genome.MatchRules{Deals: 2}
			g.Score.Moon = true
			g.Score.Cards = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchCard, Value: uint8(card("7D"))}, Points: 2}}
			g.Score.Finish = []int{1}
			g.Score.Hand = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit, Value: 0}, Points: 1}}
			g.End = genome.End{Until: cardrules.UntilNoCards, Rank: cardrules.RankScoreLow}
		},
		"match, passing": func(g *genome.Genome) {
			g.Match = &genome.MatchRules{Deals: 4, Pass: &genome.PassRules{Count: 1, To: []genome.PassTo{cardrules.PassLeft, cardrules.PassRight}}}
		},
		"full deck less its twos, two suits": func(g *genome.Genome) {
			g.Deck = genome.Deck{Suits: []genome.Suit{0, 1}, Remove: cardsOf("2C", "2D")}
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

// TestVMAgreesCaptureGenomes: random genomes with a capture phase (all
// the rest of the model with them: effects, gates, lead cards, matches,
// two packs, jokers) play the same games on the VM and on the reference.
func TestVMAgreesCaptureGenomes(t *testing.T) {
	genomes := 60
	if !testing.Short() {
		genomes = 600
	}
	gen := genometest.Genome()
	for i, n := 0, 0; n < genomes; i++ {
		g := gen.Example(i)
		if !g.HasPhase(cardrules.PhaseCapture) || vmLacks(g) {
			continue
		}
		n++
		g.TurnCap = min(g.TurnCap, 300)
		for _, seats := range []int{g.Seats.Min, g.Seats.Max} {
			if d := vmDiffers(t, g, seats, 3); d != "" {
				t.Fatalf("example %d, %d seats: %s\n%s", i, seats, d, g.CanonicalJSON())
			}
		}
	}
}
