package players

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// A skill ladder asks whether thinking wins a game. Each rung is a policy;
// the rung plays one seat against a field of the first rung (random, by
// default) at every other seat, the tested seat rotated over all seats,
// and its win rate is the share of those games its seat won. In a game of
// skill the rates climb with the policies' strength (random < greedy <
// ismcts:100 < ismcts:1000); in a lottery every rung wins its fair share.
//
// Every rung plays the same deals: the games with the tested seat at s are
// a batch seeded rng.Derive(seed, s) whatever the rung, so the rungs differ
// only in how the tested seat decides (common random numbers), and the
// differences between rungs are not the luck of the cards.

// DefaultLadderText is the default ladder: the built-in policies, then two
// searches ten times apart in iterations.
const DefaultLadderText = "random,greedy,ismcts:100,ismcts:1000"

// MaxRungs is the most rungs a ladder may have.
const MaxRungs = 16

// DefaultLadder returns the default ladder's rungs, in a slice of the
// caller's own.
func DefaultLadder() []Spec {
	s, err := ParseLadder(DefaultLadderText)
	if err != nil {
		panic("players: the default ladder: " + err.Error())
	}
	return s
}

// ParseLadder reads a ladder: a comma-separated list of two to MaxRungs
// policy specs, weakest first. An error names the rung (counted from 1)
// and why.
func ParseLadder(text string) ([]Spec, error) {
	fields := strings.Split(text, ",")
	if len(fields) > MaxRungs {
		return nil, fmt.Errorf("ladder: %d rungs, at most %d", len(fields), MaxRungs)
	}
	var out []Spec
	for i, f := range fields {
		s, err := Parse(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("ladder rung %d: %w", i+1, err)
		}
		out = append(out, s)
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("ladder %q: give at least two rungs, weakest first (as %s)", text, DefaultLadderText)
	}
	return out, nil
}

// LadderConfig says how to climb a ladder.
type LadderConfig struct {
	// Rungs are the policies, weakest first, two to MaxRungs; the first is
	// also the field every other seat plays. None: DefaultLadder.
	Rungs []Spec
	// Games is the number of games of each rung with the tested seat at
	// each seat: a rung plays Games x seats games. At least 1.
	Games   int
	Seats   int    // 0: the program's default seat count
	Seed    uint64 // the games with the tested seat at s use the batch seed rng.Derive(Seed, s)
	Workers int    // 0: runtime.GOMAXPROCS(0); the result does not depend on it
}

// Rung is one rung's result.
type Rung struct {
	Policy  string     `json:"policy"` // its spec
	Wins    uint64     `json:"wins"`   // games its tested seat won (a tie or a capped game is no win)
	Games   uint64     `json:"games"`
	WinRate float64    `json:"win_rate"` // Wins / Games
	CI95    [2]float64 `json:"ci95"`     // the 95% Wilson interval of WinRate
}

// LadderResult is a ladder's outcome.
type LadderResult struct {
	Seats        int    `json:"seats"`
	GamesPerSeat int    `json:"games_per_seat"`
	Field        string `json:"field"` // the policy of every seat but the tested one
	// FairShare is the win rate of a seat that plays no better than the
	// others: 1/seats, or 1/2 in a game of two partnerships (a seat wins
	// when its team does).
	FairShare float64 `json:"fair_share"`
	Rungs     []Rung  `json:"rungs"`
	// Slope is the least-squares slope of the win rate over the rung's
	// index (0, 1, 2, ...), and SlopeSE its standard error from the rates'
	// binomial variances, the rungs taken as independent (the shared deals
	// correlate them positively, which makes it slightly conservative).
	Slope   float64 `json:"slope"`
	SlopeSE float64 `json:"slope_se"`
	// Monotone says whether each rung's win rate is above the previous
	// one's.
	Monotone bool `json:"monotone"`
}

// Ladder plays every rung of cfg on p and reports their win rates, the
// slope of the rates over the rungs and whether they climb. The result is
// the same for a seed whatever the worker count. A bad configuration is an
// error that says which field (or which rung) and why.
func Ladder(ctx context.Context, p *vm.Program, cfg LadderConfig) (*LadderResult, error) {
	if p == nil {
		return nil, fmt.Errorf("ladder: no program")
	}
	rungs := cfg.Rungs
	if rungs == nil {
		rungs = DefaultLadder()
	}
	if len(rungs) < 2 || len(rungs) > MaxRungs {
		return nil, fmt.Errorf("ladder: %d rungs, give from two to %d, weakest first (as %s)", len(rungs), MaxRungs, DefaultLadderText)
	}
	for i, s := range rungs {
		if err := checkSpec(s); err != nil {
			return nil, fmt.Errorf("ladder rung %d: %w", i+1, err)
		}
	}
	if cfg.Games < 1 || uint64(cfg.Games) > vm.MaxBatchGames {
		return nil, fmt.Errorf("ladder: games per seat must be from 1 to %d, got %d", uint64(vm.MaxBatchGames), cfg.Games)
	}
	n := cfg.Seats
	if n == 0 {
		n = p.DefaultSeats()
	}
	if err := p.CheckPlayers(n, nil); err != nil {
		return nil, fmt.Errorf("ladder: %w", err)
	}
	if cfg.Workers < 0 || cfg.Workers > vm.MaxWorkers {
		return nil, fmt.Errorf("ladder: workers must be from 0 (all cores) to %d, got %d", vm.MaxWorkers, cfg.Workers)
	}
	res := &LadderResult{Seats: n, GamesPerSeat: cfg.Games, Field: rungs[0].String(), FairShare: 1 / float64(n)}
	if p.Teams() == 2 {
		res.FairShare = 0.5
	}
	specs := make([]Spec, n)
	for _, r := range rungs {
		rung := Rung{Policy: r.String()}
		for s := range n {
			for t := range specs {
				specs[t] = rungs[0]
			}
			specs[s] = r
			bc := vm.BatchConfig{Games: cfg.Games, Seats: n, Seed: rng.Derive(cfg.Seed, uint64(s)), Workers: cfg.Workers}
			Configure(&bc, specs)
			st, err := vm.Batch(ctx, p, bc)
			if err != nil {
				return nil, fmt.Errorf("ladder rung %s, tested seat %d: %w", rung.Policy, s, err)
			}
			rung.Wins += st.Wins[s]
			rung.Games += st.Games
		}
		rung.WinRate, rung.CI95[0], rung.CI95[1] = vm.Wilson(rung.Wins, rung.Games)
		res.Rungs = append(res.Rungs, rung)
	}
	res.Slope, res.SlopeSE = slope(res.Rungs)
	res.Monotone = true
	for i := 1; i < len(res.Rungs); i++ {
		res.Monotone = res.Monotone && res.Rungs[i].WinRate > res.Rungs[i-1].WinRate
	}
	return res, nil
}

// checkSpec reports whether s is a spec Parse could have returned: its
// text form reads back as itself.
func checkSpec(s Spec) error {
	if s.Kind >= numKinds {
		return fmt.Errorf("unknown policy kind %d", s.Kind)
	}
	back, err := Parse(s.String())
	if err != nil {
		return err
	}
	if back != s {
		return fmt.Errorf("policy %s with %d iterations and exploration constant %v is not a spec Parse gives (%q reads back with %d and %v)", s.Kind, s.Iterations, s.Exploration, s.String(), back.Iterations, back.Exploration)
	}
	return nil
}

// slope fits the rungs' win rates over their indexes 0..k-1 by least
// squares: the slope is sum((i - mean) r_i) / sum((i - mean)^2), and its
// variance sum((i - mean)^2 r_i (1 - r_i) / games_i) / sum((i - mean)^2)^2.
// Every product is rounded on its own, so that no fused multiply-add makes
// the result depend on the processor.
func slope(rungs []Rung) (b, se float64) {
	k := len(rungs)
	mean := float64(float64(k-1) / 2)
	var sxx, sxy, v float64
	for i, r := range rungs {
		dx := float64(i) - mean
		dx2 := float64(dx * dx)
		sxx += dx2
		sxy += float64(dx * r.WinRate)
		if r.Games > 0 {
			v += float64(dx2*float64(r.WinRate*(1-r.WinRate))) / float64(r.Games)
		}
	}
	if sxx == 0 {
		return 0, 0
	}
	return sxy / sxx, math.Sqrt(v) / sxx
}
