package vm_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestDifferentialPasses: generated matches that pass cards before their
// deals (every direction, the finishing exchange, finishing scores) play
// alike on the VM and the reference, event by event; and cards were
// passed in them.
func TestDifferentialPasses(t *testing.T) {
	withRapidChecks(t, 300)
	passed := 0
	rapid.Check(t, func(rt *rapid.T) {
		g := genometest.Genome().Filter(func(g *genome.Genome) bool { return g.Passes() }).Draw(rt, "genome")
		g.TurnCap = min(g.TurnCap, 2000)
		p := diffLoad(rt, g)
		seats := rapid.IntRange(g.Seats.Min, g.Seats.Max).Draw(rt, "seats")
		batchSeed := rapid.Uint64().Draw(rt, "batchSeed")
		for i := range uint64(3) {
			if d := diffGame(g, p, seats, batchSeed, i); d != "" {
				rt.Fatalf("%s\n%s", g.CanonicalJSON(), d)
			}
			tr, err := vm.Replay(p, seats, nil, batchSeed, i)
			if err != nil {
				rt.Fatal(err)
			}
			for _, e := range tr.Events {
				if e.Kind == vm.EvPassCard {
					passed++
					break
				}
			}
		}
	})
	if passed == 0 {
		t.Fatal("no generated game passed a card")
	}
}

// TestPassMutations: the seeds' passes changed (every direction at four
// seats, the exchange in hearts-match, passing one card), played alike by
// the VM and the reference.
func TestPassMutations(t *testing.T) {
	for _, c := range []struct {
		name string
		to   []genome.PassTo
		n    int
	}{
		{"right only", []genome.PassTo{cardrules.PassRight}, 3},
		{"across, none", []genome.PassTo{cardrules.PassAcross, cardrules.PassNone}, 1},
		{"finishing, left", []genome.PassTo{cardrules.PassFinishing, cardrules.PassLeft}, 4},
		{"thirteen left", []genome.PassTo{cardrules.PassLeft}, 13},
	} {
		g := testkit.SeedGenome(t, "hearts-match")
		g.Match.Pass = &genome.PassRules{Count: c.n, To: c.to}
		g.Score.Finish = []int{0, 0, 5}
		p := diffLoad(t, g)
		for i := range uint64(20) {
			if d := diffGame(g, p, 4, 7, i); d != "" {
				t.Fatalf("%s: %s", c.name, d)
			}
		}
	}
}
