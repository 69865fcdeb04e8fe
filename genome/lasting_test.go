package genome_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Effects of a type without a value, on one stacking key, share their mode
// as the canonical form has it: max and min are additive there, so they
// agree with additive, and a genome is valid exactly when its canonical
// form is.
func TestStackingOfValuelessTypes(t *testing.T) {
	lock := func(rank genome.Rank, stack cardrules.Stacking) genome.Effect {
		return genome.Effect{Rank: rank, Type: cardrules.LockRank, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Stack: stack}}
	}
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Effects = []genome.Effect{lock(3, cardrules.StackMax), lock(4, cardrules.StackAdditive)}
	if err := g.Validate(); err != nil {
		t.Fatalf("max and additive on a lock: %v", err)
	}
	if err := g.Canonical().Validate(); err != nil {
		t.Fatalf("canonical form: %v", err)
	}
	g.Effects = []genome.Effect{lock(3, cardrules.StackMax), lock(4, cardrules.StackNone)}
	if err := g.Validate(); err == nil {
		t.Fatal("max and none on a lock of one key validate")
	}
}
