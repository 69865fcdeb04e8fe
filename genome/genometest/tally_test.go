package genometest_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestGeneratorTally: on a fixed set of examples, the generator deals the
// hands again (never with deal.all) and compares won cards (most rules of
// every card and of a match, best-of-each-suit rules) only in games that
// win cards, in tricks and in captures, in matches and with two packs;
// every such candidate validates.
func TestGeneratorTally(t *testing.T) {
	const n = 1500
	seen := map[string]int{}
	for i := range n {
		g := genometest.Candidate().Example(i)
		if err := g.Validate(); err != nil {
			if g.Deal.Refill || g.Score.Tallies() {
				t.Errorf("example %d: an invalid genome that deals again or compares won cards: %v\n%s", i, err, g.CanonicalJSON())
			}
			continue
		}
		wins := g.HasPhase(cardrules.PhaseTrick) || g.HasPhase(cardrules.PhaseCapture)
		if g.Score.Tallies() && !wins {
			t.Errorf("example %d: compares won cards, but wins none", i)
		}
		if g.Deal.Refill {
			seen["refill"]++
			if g.HasPhase(cardrules.PhaseCapture) {
				seen["refill.capture"]++
			}
		}
		for _, r := range g.Score.Most {
			if r.Match == nil {
				seen["most.every"]++
			} else {
				seen["most."+r.Match.Kind.String()]++
			}
		}
		if len(g.Score.Most) == cardrules.MaxMostRules {
			seen["most.full"]++
		}
		if g.Score.Best != nil {
			seen["best"]++
		}
		if g.Score.Tallies() {
			for k, ok := range map[string]bool{
				"tally.trick": g.HasPhase(cardrules.PhaseTrick), "tally.capture": g.HasPhase(cardrules.PhaseCapture),
				"tally.match": g.Match != nil, "tally.packs=2": g.Deck.TwoPacks(), "tally.teams": g.Teams == 2,
			} {
				if ok {
					seen[k]++
				}
			}
		}
	}
	for _, k := range []string{"refill", "refill.capture", "most.every", "most.rank", "most.suit", "most.card", "most.full", "best",
		"tally.trick", "tally.capture", "tally.match", "tally.packs=2"} {
		if seen[k] == 0 {
			t.Errorf("no example covers %s", k)
		}
	}
	t.Logf("%v", seen)
}
