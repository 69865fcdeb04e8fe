package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestGinRummyPlays: the gin-rummy seed, 10,000 random games (100,000
// with SOAK=1): none aborted or capped, knocks and deadwood scores happen
// (random play seldom knocks, but at least one game in ten is won), the
// seats win alike; greedy play
// (arranging its hand, keeping the discards that meld) beats random play
// from either seat.
func TestGinRummyPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "gin-rummy", vm.Load)
	st := meldSoak(t, "gin-rummy", p, 2, 53)
	if st.Ties > st.Games*9/10 { // (a tie: no seat scored in 20 deals, or equal totals)
		t.Errorf("%.1f deals a game, %d ties in %d games: random play never knocks", st.DealsPerGame(), st.Ties, st.Games)
	}
	greedyBeatsRandom(t, p, 2, 0.9)
}

// TestRummyPlays: the rummy seed at 2, 4 and 6 seats, as gin-rummy's
// test: melds and lay-offs happen, a stuck deal ends blocked rather than
// at the turn cap.
func TestRummyPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "rummy", vm.Load)
	for _, seats := range []int{2, 4, 6} {
		meldSoak(t, "rummy", p, seats, 59)
	}
	greedyBeatsRandom(t, p, 2, 0.9)
	greedyBeatsRandom(t, p, 4, 0.5)
}

// meldSoak plays a meld seed's random games: none aborted, at most 0.01%
// capped, and no seat's share of the wins more than 3 points from the
// mean share (ties count for no one).
func meldSoak(t *testing.T, name string, p *vm.Program, seats int, seed uint64) *vm.Stats {
	t.Helper()
	games := 10000
	if soak() {
		games = 100000
	}
	st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: games, Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	n := float64(st.Games)
	if st.Aborted != 0 || float64(st.Capped) > 0.0001*n {
		t.Errorf("%s, %d seats: %d aborted, %d capped of %d games", name, seats, st.Aborted, st.Capped, st.Games)
	}
	mean := (n - float64(st.Ties)) / n / float64(seats)
	for s := range seats {
		if share := float64(st.Wins[s]) / n; share < mean-0.03 || share > mean+0.03 {
			t.Errorf("%s, %d seats: seat %d wins %.3f, want about %.3f", name, seats, s, share, mean)
		}
	}
	t.Logf("%s, %d seats: %d games, %.1f turns and %.1f deals a game (longest %d turns), %d ties, %d capped",
		name, seats, st.Games, st.Turns.Mean(), st.DealsPerGame(), st.Turns.Max, st.Ties, st.Capped)
	return st
}

// greedyBeatsRandom: greedy play at seat 0 and at the last seat, against
// random play at the others, wins at least share of 2,000 games.
func greedyBeatsRandom(t *testing.T, p *vm.Program, seats int, share float64) {
	t.Helper()
	for _, seat := range []int{0, seats - 1} {
		pol := make([]vm.Policy, seats)
		pol[seat] = vm.Greedy
		st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: 2000, Seats: seats, Policies: pol, Seed: 61})
		if err != nil {
			t.Fatal(err)
		}
		if got := float64(st.Wins[seat]) / float64(st.Games); got < share {
			t.Errorf("%d seats: greedy at seat %d wins %.3f of its games against random play, want at least %.2f", seats, seat, got, share)
		}
	}
}
