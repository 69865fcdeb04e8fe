package genometest_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestGeneratorMeld: on a fixed set of examples, the generator makes meld
// phases (fan hands only, at most one a turn) of every minimum of sets and
// runs, never both 0, laid in the turn or out, with a knock limit only
// when laid out; the deadwood scores in fan games with and without a meld
// phase, the bonuses only where seats knock; games that knock with no end
// condition; with two packs, with jokers, in matches; every candidate with
// a meld phase or deadwood scores validates, and the other phase kinds
// keep a fair share.
func TestGeneratorMeld(t *testing.T) {
	const n = 800
	seen := map[string]int{}
	kinds := map[genome.PhaseKind]int{}
	for i := range n {
		g := genometest.Candidate().Example(i)
		meld := g.HasPhase(cardrules.PhaseMeld)
		if err := g.Validate(); err != nil {
			if meld || g.Score.Deadwood {
				t.Errorf("example %d: an invalid meld genome: %v\n%s", i, err, g.CanonicalJSON())
			}
			continue
		}
		melds := 0
		for _, p := range g.Turn {
			kinds[p.Kind]++
			if p.Kind != cardrules.PhaseMeld {
				continue
			}
			melds++
			seen[fmt.Sprintf("sets=%d", p.Sets)]++
			seen[fmt.Sprintf("runs=%d", p.Runs)]++
			seen["lay="+p.Lay.String()]++
			if p.Sets == 0 && p.Runs == 0 {
				t.Errorf("example %d: a meld phase with neither sets nor runs", i)
			}
			if p.Knock != 0 && p.Lay != cardrules.LayOut {
				t.Errorf("example %d: a knock limit with lay %s", i, p.Lay)
			}
			if p.Lay == cardrules.LayOut {
				seen[fmt.Sprintf("knock=%d", min(p.Knock, 1))]++
			}
		}
		if melds > 1 {
			t.Errorf("example %d: %d meld phases in a turn", i, melds)
		}
		sc := g.Score
		if (sc.Gin > 0 || sc.Undercut > 0) && !(sc.Deadwood && g.Knocks()) {
			t.Errorf("example %d: a bonus without deadwood and a knock: %+v", i, sc)
		}
		if sc.Deadwood {
			seen["deadwood"]++
			if !meld {
				seen["deadwood.without_meld"]++
			}
			if sc.Gin > 0 {
				seen["gin"]++
			}
			if sc.Undercut > 0 {
				seen["undercut"]++
			}
		}
		if !meld {
			continue
		}
		if g.Hand != cardrules.HandFan {
			t.Errorf("example %d: a meld phase with pile hands", i)
		}
		for k, ok := range map[string]bool{
			"meld.packs=2": g.Deck.TwoPacks(), "meld.jokers": g.Deck.Jokers > 0, "meld.match": g.Match != nil,
			"meld.alone": len(g.Turn) == 1, "meld.no_conditions": len(g.End.Conditions) == 0 && g.Knocks(),
			"meld.effects": len(g.Effects) > 0, "meld.reshuffle": g.Reshuffle,
		} {
			if ok {
				seen[k]++
			}
		}
	}
	want := []string{"lay=turn", "lay=out", "knock=0", "knock=1", "deadwood", "deadwood.without_meld", "gin", "undercut",
		"meld.packs=2", "meld.jokers", "meld.match", "meld.alone", "meld.no_conditions", "meld.effects", "meld.reshuffle"}
	for _, m := range []int{0, 2, 3, 4, cardrules.MaxMeldMin} {
		want = append(want, fmt.Sprintf("sets=%d", m), fmt.Sprintf("runs=%d", m))
	}
	for _, k := range want {
		if seen[k] == 0 {
			t.Errorf("no example covers %s", k)
		}
	}
	// Meld is one fan kind among twelve: the play phase, weighted three,
	// stays far more common, and each other fan kind keeps its share.
	if kinds[cardrules.PhaseMeld] == 0 || kinds[cardrules.PhasePlay] < 2*kinds[cardrules.PhaseMeld] {
		t.Errorf("phase kinds %v: meld is not a minor kind", kinds)
	}
	for _, k := range []genome.PhaseKind{cardrules.PhaseTake, cardrules.PhaseAsk, cardrules.PhaseClaim, cardrules.PhaseCapture} {
		if kinds[k] < kinds[cardrules.PhaseMeld]/3 || kinds[k] > 3*kinds[cardrules.PhaseMeld] {
			t.Errorf("phase kinds %v: %s is not about as common as meld", kinds, k)
		}
	}
	t.Logf("%v; phases %v", seen, kinds)
}
