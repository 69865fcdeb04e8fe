package reference

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
)

// ---- two packs: choosing a face ----

// faces returns the faces of cards cs, each once, ascending: the options
// of a decision that chooses a card from a hand. With one pack a card is
// its own face, so the options are the cards themselves.
func faces(cs []genome.Card) []genome.Card {
	var out []genome.Card
	for _, c := range cs {
		if f := c.Face(); !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// lowestOf returns the lowest id of face f among cs (the card a choice of
// f moves: the first pack's copy when cs holds it, else the second's).
// cs holds some copy of f.
func lowestOf(cs []genome.Card, f genome.Card) genome.Card {
	best, found := genome.Card(0), false
	for _, c := range cs {
		if c.Face() == f && (!found || c < best) {
			best, found = c, true
		}
	}
	if !found {
		panic(fmt.Sprintf("reference: no copy of %v among %v", f, cs))
	}
	return best
}

// held returns the card of seat s's hand a choice of face f moves: the
// lowest id of f that s holds.
func (m *game) held(s int, f genome.Card) genome.Card { return lowestOf(m.hands[s], f) }
