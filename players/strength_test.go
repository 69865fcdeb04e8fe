package players

import (
	"os"
	"testing"

	"github.com/darwinsim/darwinsim/vm"
)

// seatWinRate plays games games of p at seats seats with spec at one seat
// and greedy at the others, the spec's seat rotated game by game, and
// returns the spec's win rate.
func seatWinRate(t *testing.T, p *vm.Program, seats int, spec string, games int) float64 {
	t.Helper()
	sp, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	for s := range seats {
		m, err := vm.NewMachine(p, seats, []vm.Policy{vm.Greedy})
		if err != nil {
			t.Fatal(err)
		}
		m.SetPlayer(s, New(sp))
		for g := s; g < games; g += seats {
			if r := m.Play(uint64(g)); r.WinMask&(1<<s) != 0 {
				wins++
			}
		}
	}
	return float64(wins) / float64(games)
}

// points plays games games of p (4 seats) on the same deals twice: every
// seat greedy, then the seat under test (rotated) playing spec; it returns
// the points the tested seat took per game in each.
func points(t *testing.T, p *vm.Program, spec string, games int) (greedy, search float64) {
	t.Helper()
	sp, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	var sumG, sumS int
	for s := range 4 {
		base, err := vm.NewMachine(p, 4, []vm.Policy{vm.Greedy})
		if err != nil {
			t.Fatal(err)
		}
		m, err := vm.NewMachine(p, 4, []vm.Policy{vm.Greedy})
		if err != nil {
			t.Fatal(err)
		}
		m.SetPlayer(s, New(sp))
		for g := s; g < games; g += 4 {
			base.Play(uint64(g))
			sumG += int(base.SeatView(s).Scores[s])
			m.Play(uint64(g))
			sumS += int(m.SeatView(s).Scores[s])
		}
	}
	return float64(sumG) / float64(games), float64(sumS) / float64(games)
}

// The search beats the greedy policy where thinking pays: it wins Crazy
// Eights more often than not (seats alternated) and takes fewer points in
// Hearts. Whole strength runs are long: make soak runs them.
func TestStrength(t *testing.T) {
	if os.Getenv("SOAK") == "" {
		t.Skip("SOAK=1 (make soak) runs the strength games")
	}
	t.Run("crazy-eights", func(t *testing.T) {
		rate := seatWinRate(t, program(t, "crazy-eights"), 2, "ismcts:1000", 1000)
		t.Logf("ismcts:1000 against greedy: win rate %.3f over 1000 games, seats alternated", rate)
		if rate < 0.60 {
			t.Errorf("ismcts:1000 wins %.3f against greedy, want at least 0.60", rate)
		}
	})
	t.Run("hearts", func(t *testing.T) {
		g, s := points(t, program(t, "hearts"), "ismcts:300", 400)
		t.Logf("points per game at the tested seat: greedy %.2f, ismcts:300 %.2f", g, s)
		if s >= g {
			t.Errorf("ismcts:300 takes %.2f points a game, greedy %.2f: want fewer", s, g)
		}
	})
}
