package players

import (
	"context"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/vm"
)

func ladderSpecs(t *testing.T, text string) []Spec {
	t.Helper()
	s, err := ParseLadder(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLadderDeterministic: a ladder is the same for a seed whatever the
// worker count; its rungs come in the order given, each with every seat
// tested Games times; another seed gives other games.
func TestLadderDeterministic(t *testing.T) {
	p := program(t, "crazy-eights")
	cfg := LadderConfig{Rungs: ladderSpecs(t, "random,greedy,ismcts:20"), Games: 12, Seed: 5, Workers: 1}
	one, err := Ladder(context.Background(), p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 5} {
		cfg.Workers = w
		got, err := Ladder(context.Background(), p, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, one) {
			t.Errorf("%d workers:\n%+v\n1 worker:\n%+v", w, got, one)
		}
	}
	if one.Seats != 2 || one.GamesPerSeat != 12 || one.Field != "random" || one.FairShare != 0.5 {
		t.Errorf("seats %d, games per seat %d, field %q, fair share %v; want 2, 12, random, 0.5", one.Seats, one.GamesPerSeat, one.Field, one.FairShare)
	}
	var policies []string
	for _, r := range one.Rungs {
		policies = append(policies, r.Policy)
		if r.Games != 24 || r.Wins > r.Games {
			t.Errorf("rung %s: %d wins of %d games, want 24 games", r.Policy, r.Wins, r.Games)
		}
		if p, lo, hi := vm.Wilson(r.Wins, r.Games); r.WinRate != p || r.CI95 != [2]float64{lo, hi} {
			t.Errorf("rung %s: win rate %v in %v, want %v in [%v, %v]", r.Policy, r.WinRate, r.CI95, p, lo, hi)
		}
	}
	if got := strings.Join(policies, ","); got != "random,greedy,ismcts:20" {
		t.Errorf("rungs %s, want random,greedy,ismcts:20 in that order", got)
	}

	cfg.Seed = 6
	other, err := Ladder(context.Background(), p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(other.Rungs, one.Rungs) {
		t.Errorf("seeds 5 and 6 give the same ladder: %+v", one.Rungs)
	}
}

// TestLadderSameDeals: every rung plays the same deals, so two rungs of
// the same policy get the same wins, and in a game without choices (War)
// every rung does.
func TestLadderSameDeals(t *testing.T) {
	for _, tc := range []struct {
		game, ladder string
		like         func(i int) int // the rung that rung i must equal
	}{
		{"crazy-eights", "random,greedy,random,greedy", func(i int) int { return i % 2 }},
		{"war", "random,greedy,ismcts:5", func(int) int { return 0 }},
	} {
		r, err := Ladder(context.Background(), program(t, tc.game), LadderConfig{Rungs: ladderSpecs(t, tc.ladder), Games: 30, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range r.Rungs {
			if j := tc.like(i); g.Wins != r.Rungs[j].Wins {
				t.Errorf("%s: rung %d (%s) won %d, rung %d (%s) %d: not the same deals", tc.game, i, g.Policy, g.Wins, j, r.Rungs[j].Policy, r.Rungs[j].Wins)
			}
		}
	}
}

// TestLadderFairShare: a seat's fair share is 1/seats, or 1/2 with two
// partnerships (a seat wins when its team does).
func TestLadderFairShare(t *testing.T) {
	for _, tc := range []struct {
		game  string
		seats int
		want  float64
	}{{"crazy-eights", 3, 1.0 / 3}, {"hearts", 0, 0.25}, {"whist", 0, 0.5}} {
		r, err := Ladder(context.Background(), program(t, tc.game), LadderConfig{Rungs: ladderSpecs(t, "random,greedy"), Games: 2, Seats: tc.seats})
		if err != nil {
			t.Fatal(err)
		}
		if r.FairShare != tc.want {
			t.Errorf("%s: fair share %v, want %v", tc.game, r.FairShare, tc.want)
		}
	}
}

// TestLadderSlope: the least-squares slope of the rates over the rung
// indexes, its standard error from the binomial variances, and
// monotonicity.
func TestLadderSlope(t *testing.T) {
	rung := func(wins, games uint64) Rung {
		p, _, _ := vm.Wilson(wins, games)
		return Rung{Wins: wins, Games: games, WinRate: p}
	}
	for _, tc := range []struct {
		name      string
		rungs     []Rung
		slope, se float64
	}{
		// 0.1, 0.2, 0.3: slope 0.1; var = (0.09/100 + 0.21/100) / 2^2.
		{"three", []Rung{rung(10, 100), rung(20, 100), rung(30, 100)}, 0.1, math.Sqrt(0.09/100+0.21/100) / 2},
		// Two rungs: the slope is the difference, its variance the sum.
		{"two", []Rung{rung(50, 200), rung(150, 200)}, 0.5, math.Sqrt(2 * 0.25 * 0.75 / 200)},
		{"flat", []Rung{rung(5, 10), rung(5, 10), rung(5, 10), rung(5, 10)}, 0, math.Sqrt(0.25/10*(2.25+0.25+0.25+2.25)) / 5},
		{"falling", []Rung{rung(8, 10), rung(5, 10), rung(2, 10)}, -0.3, math.Sqrt(2*0.16/10) / 2},
	} {
		b, se := slope(tc.rungs)
		if math.Abs(b-tc.slope) > 1e-12 || math.Abs(se-tc.se) > 1e-12 {
			t.Errorf("%s: slope %v ± %v, want %v ± %v", tc.name, b, se, tc.slope, tc.se)
		}
	}
}

// TestLadderMonotone: the ladder is monotone when each rung wins more
// than the one below it, and not when two rungs tie.
func TestLadderMonotone(t *testing.T) {
	r, err := Ladder(context.Background(), program(t, "crazy-eights"), LadderConfig{Rungs: ladderSpecs(t, "random,random"), Games: 20, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r.Monotone || r.Slope != 0 {
		t.Errorf("random, random: monotone %v, slope %v; want false, 0", r.Monotone, r.Slope)
	}
	// Greedy beats random at Hearts by far more than the noise of 4 x 50
	// games.
	r, err = Ladder(context.Background(), program(t, "hearts"), LadderConfig{Rungs: ladderSpecs(t, "random,greedy"), Games: 50, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := r.Rungs[0].WinRate, r.Rungs[1].WinRate; !r.Monotone || b <= a || r.Slope != b-a {
		t.Errorf("hearts, random then greedy: %v then %v, slope %v, monotone %v", a, b, r.Slope, r.Monotone)
	}
}

// TestLadderErrors: a bad configuration is an error that says which field
// or rung, and why.
func TestLadderErrors(t *testing.T) {
	p := program(t, "crazy-eights")
	two := ladderSpecs(t, "random,greedy")
	for _, tc := range []struct {
		name string
		p    *vm.Program
		cfg  LadderConfig
		want string
	}{
		{"no program", nil, LadderConfig{Rungs: two, Games: 1}, "ladder: no program"},
		{"no games", p, LadderConfig{Rungs: two}, "games per seat must be from 1 to 2147483648, got 0"},
		{"negative games", p, LadderConfig{Rungs: two, Games: -3}, "games per seat must be from 1 to 2147483648, got -3"},
		{"one rung", p, LadderConfig{Rungs: two[:1], Games: 1}, "ladder: 1 rungs, give from two to 16"},
		{"empty rungs", p, LadderConfig{Rungs: []Spec{}, Games: 1}, "ladder: 0 rungs, give from two to 16"},
		{"no iterations", p, LadderConfig{Rungs: []Spec{{Kind: Random}, {Kind: ISMCTS, Exploration: DefaultExploration}}, Games: 1},
			`ladder rung 2: policy "ismcts:0": iterations must be a whole number from 1 to 1000000`},
		{"no exploration", p, LadderConfig{Rungs: []Spec{{Kind: Random}, {Kind: MCTS, Iterations: 5}}, Games: 1},
			`ladder rung 2: policy "mcts:5:0": the exploration constant must be a number above 0`},
		{"unknown kind", p, LadderConfig{Rungs: []Spec{{Kind: 9}, {Kind: Greedy}}, Games: 1}, "ladder rung 1: unknown policy kind 9"},
		{"iterations on a built-in", p, LadderConfig{Rungs: []Spec{{Kind: Random, Iterations: 4}, {Kind: Greedy}}, Games: 1},
			`ladder rung 1: policy random with 4 iterations and exploration constant 0 is not a spec Parse gives ("random" reads back with 0 and 0)`},
		{"too many rungs", p, LadderConfig{Rungs: make([]Spec, 17), Games: 1}, "ladder: 17 rungs, give from two to 16"},
		{"seats", p, LadderConfig{Rungs: two, Games: 1, Seats: 9}, "ladder: the game is for 2 to 5 players, not 9"},
		{"workers", p, LadderConfig{Rungs: two, Games: 1, Workers: -1}, "ladder: workers must be from 0 (all cores) to 4096, got -1"},
	} {
		_, err := Ladder(context.Background(), tc.p, tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}

	for _, tc := range []struct{ text, want string }{
		{"random", `ladder "random": give at least two rungs, weakest first (as random,greedy,ismcts:100,ismcts:1000)`},
		{"", `ladder rung 1: unknown policy ""`},
		{"random,,greedy", `ladder rung 2: unknown policy ""`},
		{"random,greedy,ismcts", `ladder rung 3: policy "ismcts": give ismcts its iterations per decision`},
		{"random, smart", `ladder rung 2: unknown policy "smart"`},
		{strings.Repeat("random,", 16) + "greedy", "ladder: 17 rungs, at most 16"},
	} {
		if _, err := ParseLadder(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseLadder(%q): %v, want %q", tc.text, err, tc.want)
		}
	}
	if got := FormatList(DefaultLadder()); got != DefaultLadderText {
		t.Errorf("the default ladder is %s, want %s", got, DefaultLadderText)
	}
	if s, err := ParseLadder(" random , ismcts:50:1.5 "); err != nil || FormatList(s) != "random,ismcts:50:1.5" {
		t.Errorf("ParseLadder with spaces: %v, %v", s, err)
	}
}

// TestLadderCancel: a cancelled context stops the ladder with its error.
func TestLadderCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Ladder(ctx, program(t, "crazy-eights"), LadderConfig{Games: 1000})
	if err == nil || !strings.Contains(err.Error(), context.Canceled.Error()) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestLadderSoak (make soak only: a few minutes) climbs the default ladder
// on the seed games where thinking should win and where it cannot: the
// ladder is monotone on Crazy Eights, Hearts and Whist, and flat on War
// and Old Maid, every rung within its 95% interval of the fair share.
func TestLadderSoak(t *testing.T) {
	if os.Getenv("SOAK") == "" {
		t.Skip("SOAK=1 (make soak) climbs the full ladder on five seed games")
	}
	for _, tc := range []struct {
		game  string
		games int
		skill bool
	}{
		{"crazy-eights", 1000, true},
		{"hearts", 500, true},
		{"whist", 1000, true},
		{"war", 1000, false},
		{"old-maid", 500, false},
	} {
		r, err := Ladder(context.Background(), program(t, tc.game), LadderConfig{Games: tc.games, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Rungs {
			t.Logf("%s: %-12s %.3f [%.3f, %.3f]", tc.game, g.Policy, g.WinRate, g.CI95[0], g.CI95[1])
		}
		t.Logf("%s: slope %.4f ± %.4f, fair share %.3f, monotone %v", tc.game, r.Slope, r.SlopeSE, r.FairShare, r.Monotone)
		if tc.skill {
			if !r.Monotone {
				t.Errorf("%s: the ladder is not monotone", tc.game)
			}
			continue
		}
		for _, g := range r.Rungs {
			if r.FairShare < g.CI95[0] || r.FairShare > g.CI95[1] {
				t.Errorf("%s: %s wins %.3f [%.3f, %.3f], away from the fair share %.3f", tc.game, g.Policy, g.WinRate, g.CI95[0], g.CI95[1], r.FairShare)
			}
		}
	}
}
