package vm

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Describe's words for an effect match what the VM does with it where the
// words depend on the game: a skip or an extra turn played to a trick, a
// forced discard from a face-down pile in a game without a discard pile.

// describes fails t unless Describe of g says want.
func describes(t *testing.T, g *genome.Genome, want string) {
	t.Helper()
	if d := g.Describe(); !strings.Contains(d, want) {
		t.Errorf("Describe does not say %q:\n%s", want, d)
	}
}

func TestDescribedSkipInATrick(t *testing.T) {
	for _, tc := range []struct {
		e      genome.Effect
		says   string
		played int // cards on the table once the trick is over
	}{
		{eff("J", cardrules.SkipNext, 0, 1), "J: the next player still to play misses the trick.", 3},
		{eff("J", cardrules.ExtraTurn, 0, 0), "J: every player still to play misses the trick.", 1},
	} {
		g := testkit.SeedGenome(t, "hearts")
		g.LeadCard = nil
		g.Effects = []genome.Effect{tc.e}
		describes(t, g, tc.says)
		p := load(t, g)
		hands := [][]uint8{cards("JC"), cards("3C", "4D"), cards("5C", "6D"), cards("7C", "8D")}
		m := newLab(t, p, 4, nil, layout{hands: hands})
		tr := traced(m)
		m.turn()
		plays := 0
		for _, e := range tr.Events {
			if e.Kind == EvPlay {
				plays++
			}
		}
		if plays != tc.played {
			t.Errorf("%v: %d cards played to the trick, want %d (events %v)", tc.e.Type, plays, tc.played, tr.Events)
		}
		if m.count[1] == 1 && tc.played == 3 {
			t.Errorf("%v: seat 1 played although the skip made it miss the trick", tc.e.Type)
		}
	}
}

func TestDescribedDiscardFromAPile(t *testing.T) {
	g := warGenome(t, 3, cardrules.ReturnsShuffled, eff("K", cardrules.ForceDiscard, cardrules.TargetNext, 1))
	describes(t, g, "K: the next player discards the top card of their pile, out of play.")
	p := load(t, g)
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("KC", "2D"), cards("3C", "9H", "4D")}})
	m.turn()
	// The king fired: seat 1's top card went out of play before it was
	// turned up, so the battle was the king against the 9.
	if m.goneN == 0 || m.gone[m.goneN-1] != cd("3C") {
		t.Errorf("out of play %v, want seat 1's top card 3C last", m.gone[:m.goneN])
	}
}
