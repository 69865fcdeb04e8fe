package vm_test

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestOpenSpielCrazyEightsPlays: the crazy-eights-openspiel seed, whose
// random players draw and pass by choice, finishes its games: at 2 and 4
// seats, 10,000 random games (100,000 with SOAK=1), none aborted and at
// most 0.01% capped; the voluntary rules are exercised (draws, chosen
// passes, forced decisions) and the seats win alike.
func TestOpenSpielCrazyEightsPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "crazy-eights-openspiel", vm.Load)
	for _, seats := range []int{2, 4} {
		st := seedSoak(t, "crazy-eights-openspiel", p, seats, 17, 0.04, 0.0001)
		t.Logf("%d seats: %d games, %.1f decisions, %.1f draws and %.1f passes per game, %d capped, %d blocked",
			seats, st.Games, st.Decisions.Mean(), st.DrawsPerGame(), st.PassesPerGame(), st.Capped, st.Blocked)
		// A random seat draws by choice and passes after five draws:
		// about as many draws as plays in a game (plain crazy-eights
		// draws two for every three plays), and passes in most games.
		if st.DrawsPerGame() < 0.9*st.Plays.Mean() || st.PassesPerGame() < 1 {
			t.Errorf("%d seats: %.1f draws and %.1f passes per game against %.1f plays: the voluntary rules are not in play",
				seats, st.DrawsPerGame(), st.PassesPerGame(), st.Plays.Mean())
		}
	}
}

// seedSoak plays 10,000 random games of seed game p (100,000 with SOAK=1)
// at the given seats and fails t if any is aborted, more than the share
// capped of them (0.0001: 0.01%) are capped, or a seat's share of the wins
// strays more than slack from an even share.
func seedSoak(t *testing.T, name string, p *vm.Program, seats int, seed uint64, slack, capped float64) *vm.Stats {
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
	if st.Aborted != 0 {
		t.Errorf("%s, %d seats: %d games aborted", name, seats, st.Aborted)
	}
	if float64(st.Capped) > capped*n {
		t.Errorf("%s, %d seats: %d of %d games capped, more than %g%%", name, seats, st.Capped, st.Games, 100*capped)
	}
	for s := range seats {
		share := float64(st.Wins[s]) / n
		if want := 1 / float64(seats); share < want-slack || share > want+slack {
			t.Errorf("%s, %d seats: seat %d wins %.3f, want about %.3f", name, seats, s, share, want)
		}
	}
	return st
}

// TestBeggarMyNeighbourPlays: the beggar-my-neighbour seed finishes its
// games well inside its turn cap: at 2 and 4 seats, 10,000 random games
// (100,000 with SOAK=1), none aborted and at most 0.1% capped; every game
// takes discard piles (a game without a capture would be a deal that
// runs out at once), and the seats win alike (nobody chooses anything).
func TestBeggarMyNeighbourPlays(t *testing.T) {
	p := testkit.LoadSeed(t, "beggar-my-neighbour", vm.Load)
	for _, seats := range []int{2, 4} {
		st := seedSoak(t, "beggar-my-neighbour", p, seats, 29, 0.02, 0.001)
		t.Logf("%d seats: %d games, %.1f turns, %.1f plays and %.1f captures per game (longest %d turns), %d capped",
			seats, st.Games, st.Turns.Mean(), st.Plays.Mean(), st.CapturesPerGame(), st.Turns.Max, st.Capped)
		if st.Decisions.Sum != 0 || st.CapturesPerGame() < 5 {
			t.Errorf("%d seats: %d decisions, %.1f captures per game: the penalty rules are not in play", seats, st.Decisions.Sum, st.CapturesPerGame())
		}
	}
}
