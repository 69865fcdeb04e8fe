package vm

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Validate reports every problem of a configuration at once, each with
// its field, and Batch refuses the configuration without playing.
func TestBatchConfigErrors(t *testing.T) {
	p := testkit.LoadSeed(t, "crazy-eights", Load) // 2..5 seats, default 2
	pols := func(ps ...Policy) []Policy { return ps }
	for _, tc := range []struct {
		cfg  BatchConfig
		want []ConfigError
	}{
		{BatchConfig{Games: 0}, []ConfigError{{"games", "games must be at least 1, got 0"}}},
		{BatchConfig{Games: -3}, []ConfigError{{"games", "games must be at least 1, got -3"}}},
		{BatchConfig{Games: MaxBatchGames + 1}, []ConfigError{{"games", "games must be at most 2147483648 per batch, got 2147483649"}}},
		{BatchConfig{Games: math.MaxInt}, []ConfigError{{"games", "games must be at most 2147483648 per batch, got 9223372036854775807"}}},
		{BatchConfig{Games: 1, Seats: 1}, []ConfigError{{"seats", "the game is for 2 to 5 players, not 1"}}},
		{BatchConfig{Games: 1, Seats: 6}, []ConfigError{{"seats", "the game is for 2 to 5 players, not 6"}}},
		{BatchConfig{Games: 1, Seats: 9}, []ConfigError{{"seats", "the game is for 2 to 5 players, not 9"}}},
		{BatchConfig{Games: 1, Seats: -1}, []ConfigError{{"seats", "the game is for 2 to 5 players, not -1"}}},
		{BatchConfig{Games: 1, Workers: -1}, []ConfigError{{"workers", "workers must be 0 (all cores) or more, got -1"}}},
		{BatchConfig{Games: 1, Workers: MaxWorkers + 1}, []ConfigError{{"workers", "workers must be at most 4096, got 4097"}}},
		{BatchConfig{Games: 1, Policies: pols(Random, NumPolicies)}, []ConfigError{{"policies", "policy 2 of seat 1 is unknown"}}},
		{BatchConfig{Games: 1, Policies: pols(External)}, []ConfigError{{"policies", "policy 255 of seat 0 is unknown"}}},
		{BatchConfig{Games: 1, Policies: make([]Policy, MaxSeats+1)}, []ConfigError{{"policies", "9 policies for at most 8 seats"}}},
		// Policy counts: none, one, or one per seat (the default's 2 here).
		{BatchConfig{Games: 1, Policies: pols(Greedy, Greedy, Greedy)},
			[]ConfigError{{"policies", "3 policies for 2 seats: give one policy for every seat, or a single one for all"}}},
		{BatchConfig{Games: 1, Seats: 4, Policies: pols(Greedy, Greedy)},
			[]ConfigError{{"policies", "2 policies for 4 seats: give one policy for every seat, or a single one for all"}}},
		// Everything at once, in field order.
		{BatchConfig{Games: 0, Seats: 4, Policies: pols(Greedy, 9), Workers: -2}, []ConfigError{
			{"games", "games must be at least 1, got 0"},
			{"policies", "2 policies for 4 seats: give one policy for every seat, or a single one for all"},
			{"policies", "policy 9 of seat 1 is unknown"},
			{"workers", "workers must be 0 (all cores) or more, got -2"},
		}},
		// With the seats wrong, their policy count is not compared.
		{BatchConfig{Games: 1, Seats: 7, Policies: pols(Greedy, Random)}, []ConfigError{{"seats", "the game is for 2 to 5 players, not 7"}}},
	} {
		err := tc.cfg.Validate(p)
		var es ConfigErrors
		if !errors.As(err, &es) || len(es) != len(tc.want) {
			t.Errorf("%+v: got %v, want %d problems", tc.cfg, err, len(tc.want))
			continue
		}
		for i := range es {
			if es[i] != tc.want[i] {
				t.Errorf("%+v: problem %d is %+v, want %+v", tc.cfg, i, es[i], tc.want[i])
			}
		}
		if len(es) > 1 && !strings.HasPrefix(err.Error(), "4 problems:\n  games must be at least 1") {
			t.Errorf("message %q", err)
		}
		st, berr := Batch(context.Background(), p, tc.cfg)
		if st != nil || berr == nil || berr.Error() != err.Error() {
			t.Errorf("%+v: Batch gave %v, %v; want Validate's error", tc.cfg, st, berr)
		}
	}
	for _, cfg := range []BatchConfig{
		{Games: 1},
		{Games: MaxBatchGames, Workers: MaxWorkers}, // validated, not played
		{Games: 1, Seats: 5, Policies: []Policy{Greedy}},
		{Games: 1, Seats: 3, Policies: []Policy{Greedy, Random, Greedy}},
		{Games: 1, Policies: []Policy{Random, Greedy}},
	} {
		if err := cfg.Validate(p); err != nil {
			t.Errorf("%+v refused: %v", cfg, err)
		}
	}
	var nilCfg BatchConfig
	if err := nilCfg.Validate(nil); err == nil || !strings.Contains(err.Error(), "no program") {
		t.Errorf("nil program: %v", err)
	}
}

// No configuration makes Batch panic: it plays, or it returns Validate's
// error.
func TestBatchNeverPanics(t *testing.T) {
	p := testkit.LoadSeed(t, "uno-style", Load)
	policy := rapid.SampledFrom([]Policy{Random, Greedy, NumPolicies, External})
	rapid.Check(t, func(rt *rapid.T) {
		cfg := BatchConfig{
			Games:    rapid.IntRange(-1, 3).Draw(rt, "games"),
			Seats:    rapid.IntRange(-2, MaxSeats+2).Draw(rt, "seats"),
			Policies: rapid.SliceOfN(policy, 0, MaxSeats+2).Draw(rt, "policies"),
			Seed:     rapid.Uint64().Draw(rt, "seed"),
			Workers:  rapid.IntRange(-1, 4).Draw(rt, "workers"),
		}
		st, err := Batch(context.Background(), p, cfg)
		verr := cfg.Validate(p)
		if (err == nil) != (verr == nil) || (err == nil) == (st == nil) {
			rt.Fatalf("%+v: Batch %v %v, Validate %v", cfg, st, err, verr)
		}
		if err == nil && st.Games != uint64(cfg.Games) {
			rt.Fatalf("%+v: played %d games", cfg, st.Games)
		}
	})
}

// NewMachine and Replay refuse a seat count or policy list the program
// cannot play with a clear error, not a panic, an index out of range or a
// game of nonsense; SetPlayer's seat is a programming precondition.
func TestNewMachineRefuses(t *testing.T) {
	p := testkit.LoadSeed(t, "uno-style", Load) // 2..6 seats
	refuses := func(what string, err error, want string) {
		t.Helper()
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %q", what, err, want)
		}
	}
	newErr := func(seats int, pols []Policy) error {
		m, err := NewMachine(p, seats, pols)
		if (m == nil) == (err == nil) {
			t.Errorf("NewMachine(%d, %v): machine %v and error %v", seats, pols, m, err)
		}
		return err
	}
	refuses("9 seats", newErr(9, nil), "the game is for 2 to 6 players, not 9")
	refuses("1 seat", newErr(1, nil), "the game is for 2 to 6 players, not 1")
	refuses("-1 seats", newErr(-1, nil), "the game is for 2 to 6 players, not -1")
	refuses("policy count", newErr(3, []Policy{Greedy, Random}),
		"2 policies for 3 seats: give one policy for every seat, or a single one for all")
	refuses("external policy", newErr(0, []Policy{External}), "policy 255 of seat 0 is unknown")
	tr, err := Replay(p, 7, nil, 1, 0)
	if tr != nil {
		t.Errorf("Replay at 7 seats: a trace")
	}
	refuses("replay", err, "the game is for 2 to 6 players, not 7")
	panics := func(what string, f func(), want string) {
		t.Helper()
		defer func() {
			t.Helper()
			r := recover()
			if r == nil {
				t.Errorf("%s: no panic", what)
			} else if s, _ := r.(string); s != want {
				t.Errorf("%s: panic %v, want %q", what, r, want)
			}
		}()
		f()
	}
	m := mustMachine(p, 3, nil)
	panics("SetPlayer", func() { m.SetPlayer(3, nil) }, "vm: SetPlayer: no seat 3 in a 3-seat game")
	panics("SetPlayer", func() { m.SetPlayer(-1, nil) }, "vm: SetPlayer: no seat -1 in a 3-seat game")

	for _, c := range []struct {
		seats int
		pols  []Policy
	}{{0, nil}, {2, nil}, {5, []Policy{Greedy}}, {4, []Policy{Greedy, Random, Greedy, Random}}} {
		if err := p.CheckPlayers(c.seats, c.pols); err != nil {
			t.Errorf("CheckPlayers(%d, %v): %v", c.seats, c.pols, err)
		}
		mustMachine(p, c.seats, c.pols).Play(1)
	}
	if n := testing.AllocsPerRun(100, func() { _ = p.CheckPlayers(3, []Policy{Greedy}) }); n != 0 {
		t.Errorf("CheckPlayers allocates %v times when all is well", n)
	}
}

// span splits any game count over any worker count into contiguous
// ranges covering every game once, sizes within one of each other, without
// overflowing even at the largest ints.
func TestSpan(t *testing.T) {
	for _, n := range []int{1, 2, 7, 1000, MaxBatchGames, math.MaxInt} {
		for _, w := range []int{1, 2, 3, 7, MaxWorkers} {
			w := min(w, n)
			if span(n, w, 0) != 0 || span(n, w, w) != n {
				t.Fatalf("n %d w %d: spans from %d to %d", n, w, span(n, w, 0), span(n, w, w))
			}
			lo, hi := n, 0
			for k := range w {
				size := span(n, w, k+1) - span(n, w, k)
				lo, hi = min(lo, size), max(hi, size)
			}
			if lo < 1 || hi-lo > 1 {
				t.Fatalf("n %d w %d: sizes from %d to %d", n, w, lo, hi)
			}
		}
	}
}
