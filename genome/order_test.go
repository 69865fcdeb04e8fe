package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestOrderSatisfiable: "card.rank > A" is a legality no card satisfies
// with aces high, and the ranks above the ace with aces low or twos high.
func TestOrderSatisfiable(t *testing.T) {
	g, err := genome.Seed("crazy-eights")
	if err != nil {
		t.Fatal(err)
	}
	e := genome.Compare(genome.OpGt, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermRank, Value: 12})
	g.Turn[0].Legal = &e
	for o := range cardrules.NumRankOrders {
		g.Deck.Order = o
		err := g.Validate()
		if unsat := err != nil && strings.Contains(err.Error(), "no card of the deck ever satisfies it"); unsat != (o == cardrules.OrderAceHigh) {
			t.Errorf("%s: Validate says %v", o, err)
		}
	}
	g.Deck.Order = cardrules.OrderAceLow
	if want := "aces low, kings high"; !strings.Contains(g.Describe(), want) {
		t.Errorf("Describe of an ace-low deck does not say %q", want)
	}
}
