package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// twoPackSeeds returns the seed games played with two packs: every seed
// but those with a tableau (which a deck of two packs cannot have), the
// deck's other rules unchanged.
func twoPackSeeds(tb testing.TB) []namedProgram {
	tb.Helper()
	var out []namedProgram
	for _, name := range genome.SeedNames() {
		g, err := genome.Seed(name)
		if err != nil {
			tb.Fatal(err)
		}
		g.Deck.Packs = 2
		if err := g.Validate(); err != nil {
			if hasTableau(g) {
				continue
			}
			tb.Fatalf("%s with two packs: %v", name, err)
		}
		out = append(out, namedProgram{name + "-2packs", load(tb, g)})
	}
	if len(out) < 10 {
		tb.Fatalf("only %d seeds play with two packs", len(out))
	}
	return out
}

// twoPackSample is twoPackSeeds, or in -short runs (the race stage of make
// test) the two-pack seeds of each mechanism that reads card ids:
// responses, asks and sets, a match with passing and the moon, climbing
// with an exchange, and a pile game.
func twoPackSample(tb testing.TB) []namedProgram {
	all := twoPackSeeds(tb)
	if !testing.Short() {
		return all
	}
	var out []namedProgram
	for _, sp := range all {
		switch sp.name {
		case "uno-stacking-2packs", "go-fish-2packs", "hearts-match-2packs", "president-2packs", "war-2packs":
			out = append(out, sp)
		}
	}
	if len(out) != 5 {
		tb.Fatalf("the two-pack sample has %d seeds, want 5", len(out))
	}
	return out
}

func hasTableau(g *genome.Genome) bool {
	for _, p := range g.Turn {
		if p.Kind == cardrules.PhaseTableau {
			return true
		}
	}
	return false
}

// Every seed with two packs plays with no allocation per game, conserves
// all its cards (both copies of each, checked after every step), deals
// the second pack and plays its cards.
func TestTwoPackSeedsPlay(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 60
	}
	for _, sp := range twoPackSeeds(t) {
		t.Run(sp.name, func(t *testing.T) {
			p := sp.p
			if p.deckN != 2*p.faces() {
				t.Fatalf("%d cards, %d faces", p.deckN, p.faces())
			}
			checkNoAllocs(t, sp.name, p)
			m := mustMachine(p, p.DefaultSeats(), nil)
			second := 0
			for seed := range uint64(games) {
				tr := traced(m)
				res, err := playChecked(m, seed+1)
				if err != nil {
					t.Fatalf("seed %d: %v", seed+1, err)
				}
				if res.Winner == Aborted {
					t.Fatalf("seed %d: aborted", seed+1)
				}
				for _, e := range tr.Events {
					if (e.Kind == EvPlay || e.Kind == EvMeld || e.Kind == EvTake || e.Kind == EvDiscard) && e.Card >= cardrules.PackStride {
						second++
					}
				}
			}
			if second == 0 && !p.pileHands && p.meld == 0 && p.nPhases > 0 {
				t.Errorf("no card of the second pack was played in %d games", games)
			}
		})
	}
}

// A seat holding both copies of a card is offered it once, and playing it
// plays the first pack's copy; the second copy is offered and played next.
func TestTwoPacksOfferAFaceOnce(t *testing.T) {
	g := mustSeed(t, "crazy-eights")
	g.Deck.Packs = 2
	p := load(t, g)
	m := mustMachine(p, 2, nil)
	m.reset(1)
	// Seat 0 holds both copies of 5H and one of 9C; the top card is a
	// heart.
	for s := range 2 {
		for m.count[s] > 0 {
			m.discardUnder(m.takeFace(s, uint8(nth(m.held(s), 0))))
		}
	}
	m.give(0, cd("5H"))
	m.give(0, cd("5H")+cardrules.PackStride)
	m.give(0, cd("9C"))
	m.give(1, cd("2S"))
	m.disc[m.discN] = cd("KH")
	m.discN++
	m.suit = suitOf[cd("KH")]
	legal := m.legal(&p.phases[0], 0)
	if legal != set(cd("5H")) {
		t.Fatalf("legal %s, want 5H once", cardNames(legal))
	}
	if c := m.takeFace(0, cd("5H")); c != cd("5H") {
		t.Fatalf("played card %d, want the first pack's 5H (%d)", c, cd("5H"))
	}
	if m.legal(&p.phases[0], 0) != set(cd("5H")) || m.hand2[0] != set(cd("5H")) || m.count[0] != 2 {
		t.Fatalf("after the first 5H: hand %s + %s, count %d", cardNames(m.hand[0]), cardNames(m.hand2[0]), m.count[0])
	}
	if c := m.takeFace(0, cd("5H")); c != cd("5H")+cardrules.PackStride {
		t.Fatalf("played card %d, want the second pack's 5H", c)
	}
	if m.held(0) != set(cd("9C")) {
		t.Fatalf("left %s, want 9C", cardNames(m.held(0)))
	}
}

// Copies compare equal: of two identical cards in a trick, the first
// played wins.
func TestTwoPacksFirstCopyWinsTheTrick(t *testing.T) {
	g := mustSeed(t, "whist")
	g.Deck.Packs = 2
	p := load(t, g)
	m := mustMachine(p, 4, nil)
	m.reset(1)
	ph := &p.phases[0]
	m.table[0], m.table[1], m.table[2] = cd("QH")+cardrules.PackStride, cd("QH"), cd("2H")
	m.tableN = 3
	if w := m.trickWinner(ph); w != 0 {
		t.Fatalf("winner %d, want 0 (the first queen played)", w)
	}
}

func mustSeed(t *testing.T, name string) *genome.Genome {
	t.Helper()
	g, err := genome.Seed(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
