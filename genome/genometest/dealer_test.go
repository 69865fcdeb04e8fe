package genometest_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestGeneratorDealer: on a fixed set of examples, the generator gives a
// dealer only to games of chips with fan hands and no betting, about one
// in four of them, always with no phases; it reaches both ends of the
// wager's and the stand's ranges and values between, soft_hits both ways,
// dealer games over a match and in one deal, with payments and without;
// every candidate with a dealer validates.
func TestGeneratorDealer(t *testing.T) {
	const n = 4000
	seen := map[string]int{}
	eligible, dealers, valid := 0, 0, 0
	for i := range n {
		g := genometest.Candidate().Example(i)
		d := g.Score.Dealer
		err := g.Validate()
		if err == nil {
			valid++
		}
		if d == nil {
			if err == nil && g.Score.Chips.Stake > 0 && g.Hand == cardrules.HandFan && g.Score.Betting == nil {
				eligible++
			}
			continue
		}
		if err != nil {
			t.Errorf("example %d: an invalid genome with a dealer: %v\n%s", i, err, g.CanonicalJSON())
			continue
		}
		eligible++
		dealers++
		switch {
		case g.Score.Chips.Stake == 0:
			t.Errorf("example %d: a dealer without chips", i)
		case g.Hand != cardrules.HandFan:
			t.Errorf("example %d: a dealer without fan hands", i)
		case g.Score.Betting != nil:
			t.Errorf("example %d: a dealer with betting", i)
		case len(g.Turn) != 0:
			t.Errorf("example %d: a dealer with %d phases", i, len(g.Turn))
		}
		if g.Match != nil {
			seen["match"]++
		} else {
			seen["one deal"]++
		}
		if c := g.Score.Chips; c.Ante > 0 || c.Pass > 0 || c.PerCard > 0 {
			seen["payments"]++
		} else {
			seen["no payments"]++
		}
		if d.SoftHits {
			seen["soft_hits"]++
		} else {
			seen["hard"]++
		}
		for _, f := range []struct {
			name      string
			v, lo, hi int
		}{
			{"wager", d.Wager, 1, cardrules.MaxBet},
			{"stand", d.Stand, cardrules.MinStand, cardrules.MaxStand},
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
	}
	want := []string{"match", "one deal", "payments", "no payments", "soft_hits", "hard", "wager.between", "stand.between",
		"wager=1", fmt.Sprintf("wager=%d", cardrules.MaxBet),
		fmt.Sprintf("stand=%d", cardrules.MinStand), fmt.Sprintf("stand=%d", cardrules.MaxStand)}
	for _, k := range want {
		if seen[k] == 0 {
			t.Errorf("no example covers %s", k)
		}
	}
	// About one eligible game in four, and a modest share of all.
	if dealers < eligible/8 || dealers > eligible/2 {
		t.Errorf("%d games against a dealer in %d valid fan-hand games of chips without betting: not about one in four", dealers, eligible)
	}
	if dealers > valid/20 {
		t.Errorf("%d games against a dealer in %d valid games: more than one in twenty", dealers, valid)
	}
	t.Logf("%d games against a dealer of %d eligible, %d valid of %d; %v", dealers, eligible, valid, n, seen)
}
