package genometest_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestGeneratorContract: on a fixed set of examples, the generator gives
// bids and contracts only to games with a trick phase and fan hands, about
// one such game in four; it reaches both ends of every field's range and
// values between, a penalty exactly with bags, and contracts with
// partnerships, in matches and single deals, with cards passed, beside
// other scores; every candidate with a contract validates.
func TestGeneratorContract(t *testing.T) {
	const n = 1500
	seen := map[string]int{}
	tricks, contracts := 0, 0
	for i := range n {
		g := genometest.Candidate().Example(i)
		k := g.Score.Contract
		if err := g.Validate(); err != nil {
			if k != nil {
				t.Errorf("example %d: an invalid genome with a contract: %v\n%s", i, err, g.CanonicalJSON())
			}
			continue
		}
		trick := g.HasPhase(cardrules.PhaseTrick) && g.Hand == cardrules.HandFan
		if trick {
			tricks++
		}
		if k == nil {
			continue
		}
		contracts++
		if !trick {
			t.Errorf("example %d: a contract without a trick phase and fan hands", i)
		}
		if (k.Bags > 0) != (k.Penalty > 0) {
			t.Errorf("example %d: bags %d with a penalty of %d", i, k.Bags, k.Penalty)
		}
		for _, f := range []struct {
			name      string
			v, lo, hi int
		}{
			{"trick", k.Trick, 1, cardrules.MaxBidPoints},
			{"over", k.Over, 0, cardrules.MaxOvertrick},
			{"bags", k.Bags, 0, cardrules.MaxBags},
			{"penalty", k.Penalty, 0, cardrules.MaxBidBonus},
			{"nil", k.Nil, 0, cardrules.MaxBidBonus},
		} {
			switch {
			case f.v < f.lo || f.v > f.hi:
				t.Errorf("example %d: %s %d out of %d..%d", i, f.name, f.v, f.lo, f.hi)
			case f.v == f.lo || f.v == f.hi:
				seen[fmt.Sprintf("%s=%d", f.name, f.v)]++
			default:
				seen[f.name+".between"]++
			}
		}
		if k.Penalty == 1 {
			seen["penalty=1"]++
		}
		for name, ok := range map[string]bool{
			"teams": g.Teams == 2, "match": g.Match != nil, "one deal": g.Match == nil,
			"pass": g.Match != nil && g.Match.Pass != nil, "target": g.Match != nil && g.Match.Target > 0,
			"score.trick": g.Score.Trick > 0, "score.cards": len(g.Score.Cards) > 0,
			"deal's end": len(g.Score.Hand) > 0 || g.Score.Moon || len(g.Score.Finish) > 0 || g.Score.Tallies() || g.Score.Deadwood,
			"effects":    len(g.Effects) > 0, "deal.all": g.Deal.All, "seats>4": g.Seats.Max > 4,
		} {
			if ok {
				seen["contract."+name]++
			}
		}
	}
	want := []string{"trick.between", "over.between", "bags.between", "penalty.between", "nil.between", "penalty=1",
		"trick=1", fmt.Sprintf("trick=%d", cardrules.MaxBidPoints), "over=0", fmt.Sprintf("over=%d", cardrules.MaxOvertrick),
		"bags=0", fmt.Sprintf("bags=%d", cardrules.MaxBags), "penalty=0", fmt.Sprintf("penalty=%d", cardrules.MaxBidBonus),
		"nil=0", fmt.Sprintf("nil=%d", cardrules.MaxBidBonus)}
	for _, c := range []string{"teams", "match", "one deal", "pass", "target", "score.trick", "score.cards", "deal's end", "effects", "deal.all", "seats>4"} {
		want = append(want, "contract."+c)
	}
	for _, k := range want {
		if seen[k] == 0 {
			t.Errorf("no example covers %s", k)
		}
	}
	// About one game in four of those that may bid.
	if contracts < tricks/8 || contracts > tricks/2 {
		t.Errorf("%d contracts in %d games with tricks and fan hands: not about one in four", contracts, tricks)
	}
	t.Logf("%d contracts of %d games with tricks; %v", contracts, tricks, seen)
}
