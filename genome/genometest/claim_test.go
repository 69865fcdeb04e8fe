package genometest_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestGeneratorClaim: on a fixed set of examples, the generator makes
// claim phases (fan hands only) of every claims rule, with a start (a
// standard rank of the deck) only with claims next, and every max from 1
// to 4, written or absent; with two packs, with jokers, in matches; every
// candidate with a claim phase validates, and the other phase kinds keep
// a fair share.
func TestGeneratorClaim(t *testing.T) {
	const n = 800
	seen := map[string]int{}
	kinds := map[genome.PhaseKind]int{}
	for i := range n {
		g := genometest.Candidate().Example(i)
		claim := g.HasPhase(cardrules.PhaseClaim)
		if err := g.Validate(); err != nil {
			if claim {
				t.Errorf("example %d: an invalid claim genome: %v\n%s", i, err, g.CanonicalJSON())
			}
			continue
		}
		for _, p := range g.Turn {
			kinds[p.Kind]++
			if p.Kind != cardrules.PhaseClaim {
				continue
			}
			seen["claim"]++
			seen["claims="+p.Claims.String()]++
			seen[fmt.Sprintf("max=%d", p.ClimbMax())]++
			if p.Max == 0 {
				seen["max.absent"]++
			}
			if p.Claims != cardrules.ClaimNext && p.Start != 0 {
				t.Errorf("example %d: claims %s with start %s", i, p.Claims, p.Start)
			}
			if p.Claims == cardrules.ClaimNext && p.Start != 0 {
				seen["start.written"]++
			}
		}
		if !claim {
			continue
		}
		if g.Hand != cardrules.HandFan {
			t.Errorf("example %d: a claim phase with pile hands", i)
		}
		if g.Deck.TwoPacks() {
			seen["claim.packs=2"]++
		}
		if g.Deck.Jokers > 0 {
			seen["claim.jokers"]++
		}
		if g.Match != nil {
			seen["claim.match"]++
		}
		if len(g.Turn) == 1 {
			seen["claim.alone"]++
		}
	}
	want := []string{"claim", "max.absent", "start.written", "claim.packs=2", "claim.jokers", "claim.match", "claim.alone"}
	for c := range cardrules.NumClaimRules {
		want = append(want, "claims="+c.String())
	}
	for m := 1; m <= cardrules.MaxClimb; m++ {
		want = append(want, fmt.Sprintf("max=%d", m))
	}
	for _, k := range want {
		if seen[k] == 0 {
			t.Errorf("no example covers %s", k)
		}
	}
	// Claim is one fan kind among eleven: the play phase, weighted three,
	// stays far more common, and each other fan kind keeps its share.
	if kinds[cardrules.PhaseClaim] == 0 || kinds[cardrules.PhasePlay] < 2*kinds[cardrules.PhaseClaim] {
		t.Errorf("phase kinds %v: claim is not a minor kind", kinds)
	}
	for _, k := range []genome.PhaseKind{cardrules.PhaseTake, cardrules.PhaseAsk, cardrules.PhaseClimb, cardrules.PhaseCapture} {
		if kinds[k] < kinds[cardrules.PhaseClaim]/2 || kinds[k] > 2*kinds[cardrules.PhaseClaim] {
			t.Errorf("phase kinds %v: %s is not as common as claim", kinds, k)
		}
	}
	t.Logf("%v; phases %v", seen, kinds)
}
