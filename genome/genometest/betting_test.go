package genometest_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestGeneratorBetting: on a fixed set of examples, the generator gives
// betting only to games with chips, about one in three; a draw round and
// a showdown only with fan hands; it reaches both ends of every field's
// range and values between, games of betting with no phases (with a
// showdown), and chips over a match; every candidate with betting or
// chips over a match validates.
func TestGeneratorBetting(t *testing.T) {
	const n = 4000
	seen := map[string]int{}
	chips, bets := 0, 0
	for i := range n {
		g := genometest.Candidate().Example(i)
		b := g.Score.Betting
		if err := g.Validate(); err != nil {
			if b != nil || g.Score.Chips.Stake > 0 {
				t.Errorf("example %d: an invalid genome with chips: %v\n%s", i, err, g.CanonicalJSON())
			}
			continue
		}
		if g.Score.Chips.Stake > 0 {
			chips++
			if g.Match != nil {
				seen["chips.match"]++
				if g.Match.Target > 0 {
					seen["chips.target"]++
				}
			}
		}
		if b == nil {
			continue
		}
		bets++
		if g.Score.Chips.Stake == 0 {
			t.Errorf("example %d: betting without chips", i)
		}
		if (b.Draw > 0 || b.Showdown) && g.Hand != cardrules.HandFan {
			t.Errorf("example %d: a draw or a showdown without fan hands", i)
		}
		if len(g.Turn) == 0 {
			seen["no phases"]++
			if !b.Showdown {
				t.Errorf("example %d: no phases and no showdown", i)
			}
		}
		if b.Showdown {
			seen["showdown"]++
		}
		for _, f := range []struct {
			name      string
			v, lo, hi int
		}{
			{"bet", b.Bet, 1, cardrules.MaxBet},
			{"raises", b.Raises, 0, cardrules.MaxRaises},
			{"blind", b.Blind, 0, b.Bet},
			{"draw", b.Draw, 0, cardrules.MaxExchange},
		} {
			switch {
			case f.v < f.lo || f.v > f.hi:
				t.Errorf("example %d: %s %d out of %d..%d", i, f.name, f.v, f.lo, f.hi)
			case f.name == "blind" && f.v == f.hi && f.v > 0:
				seen["blind=bet"]++
			case f.v == f.lo || f.v == f.hi:
				seen[fmt.Sprintf("%s=%d", f.name, f.v)]++
			default:
				seen[f.name+".between"]++
			}
		}
	}
	want := []string{"chips.match", "chips.target", "no phases", "showdown", "blind=bet",
		"bet.between", "raises.between", "blind.between", "draw.between",
		"bet=1", fmt.Sprintf("bet=%d", cardrules.MaxBet), "raises=0", fmt.Sprintf("raises=%d", cardrules.MaxRaises),
		"blind=0", "draw=0", fmt.Sprintf("draw=%d", cardrules.MaxExchange)}
	for _, k := range want {
		if seen[k] == 0 {
			t.Errorf("no example covers %s", k)
		}
	}
	// About one game of chips in three.
	if bets < chips/6 || bets > chips*2/3 {
		t.Errorf("%d games of betting in %d games of chips: not about one in three", bets, chips)
	}
	t.Logf("%d games of betting of %d with chips; %v", bets, chips, seen)
}
