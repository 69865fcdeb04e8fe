package vm

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome/genometest"
)

// TestInvariantsGenometest: random valid genomes from the shared generator
// (genome/genometest, the whole model: every phase kind, scoring, teams,
// melds, lead cards, up to 255 effects) compile, load, and play games in
// which every turn keeps conservation and the seat invariants, none is
// aborted, and Play, the checked loop and Replay agree. The turn cap is
// lowered to keep the test fast; a cap only truncates a game.
func TestInvariantsGenometest(t *testing.T) {
	games, maxCap := 2, 150
	if !testing.Short() {
		games, maxCap = 10, 2000
	}
	rapidShort()
	rapid.Check(t, func(rt *rapid.T) {
		g := genometest.Genome().Draw(rt, "genome")
		g.TurnCap = min(g.TurnCap, maxCap)
		code, err := compile.Compile(g)
		if err != nil {
			rt.Fatalf("a valid genome does not compile: %v\n%s", err, g.CanonicalJSON())
		}
		p, err := Load(code)
		if err != nil {
			rt.Fatalf("a compiled genome does not load: %v\n%s", err, g.CanonicalJSON())
		}
		lo, hi := p.SeatRange()
		seats := rapid.IntRange(lo, hi).Draw(rt, "seats")
		var pol []Policy
		for range seats {
			pol = append(pol, Policy(rapid.IntRange(0, int(NumPolicies)-1).Draw(rt, "policy")))
		}
		checkGames(rt, string(g.CanonicalJSON()), p, seats, pol, games, rapid.Uint64().Draw(rt, "batchSeed"))
	})
}
