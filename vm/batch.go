package vm

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// Bounds of a batch configuration.
const (
	// MaxBatchGames is the most games one batch plays (2^31, hours of
	// work on every core). One game's counts are bounded by its step
	// budget (2,048 steps a turn: under 2^27 at the largest turn cap,
	// each with at most 54 options, so under 2^33 options a game), so
	// under this bound every sum Stats keeps fits its 64 bits, and so
	// does every index Batch computes.
	MaxBatchGames = 1 << 31
	// MaxWorkers is the most workers one batch runs, each with its own
	// machine and statistics (a few kilobytes); it is far above any useful
	// count (one per core) and keeps a mistyped count from exhausting
	// memory.
	MaxWorkers = 4096
)

// BatchConfig says what games a batch plays.
type BatchConfig struct {
	Games    int      // number of games, 1 to MaxBatchGames
	Seats    int      // 0: the program's default; else within its seat range
	Policies []Policy // none: every seat Random; one: every seat; else exactly one per seat
	Seed     uint64   // batch seed: game i uses rng.Derive(Seed, i)
	Workers  int      // 0: runtime.GOMAXPROCS(0); at most MaxWorkers
	// Players, when set, builds the players of one worker's machine: it
	// is called once per seat for every worker, and a non-nil Player
	// decides that seat (an External seat) in place of its policy. Each
	// worker owns what it returns, so a Player need not be safe for
	// concurrent use; a Player that is a GameStarter is given each game's
	// seed, which keeps the batch the same bytes for any worker count.
	Players func(seat int) Player
	// Progress, when set, is called with the number of games finished so
	// far, from worker goroutines, every few hundred games.
	Progress func(done int)
}

// ConfigError is one problem of a batch configuration: the field it is
// about ("program", "games", "seats", "policies" or "workers") and why.
type ConfigError struct {
	Field  string
	Reason string
}

func (e ConfigError) Error() string { return e.Reason }

// ConfigErrors is every problem of a batch configuration, in field order.
// It is an error when non-empty.
type ConfigErrors []ConfigError

func (es ConfigErrors) Error() string {
	switch len(es) {
	case 0:
		return "no problems"
	case 1:
		return es[0].Reason
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d problems:", len(es))
	for _, e := range es {
		b.WriteString("\n  ")
		b.WriteString(e.Reason)
	}
	return b.String()
}

func (es *ConfigErrors) add(field, format string, args ...any) {
	*es = append(*es, ConfigError{Field: field, Reason: fmt.Sprintf(format, args...)})
}

// err returns es as an error, or nil (without allocating) when it is
// empty.
func (es ConfigErrors) err() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

// Validate checks a batch configuration against a program and reports
// every problem at once, as ConfigErrors: games from 1 to MaxBatchGames,
// the seats and policies as Program.CheckPlayers requires, and workers
// from 0 to MaxWorkers.
func (c *BatchConfig) Validate(p *Program) error {
	var es ConfigErrors
	if p == nil {
		es.add("program", "no program")
	}
	switch {
	case c.Games < 1:
		es.add("games", "games must be at least 1, got %d", c.Games)
	case uint64(c.Games) > MaxBatchGames:
		es.add("games", "games must be at most %d per batch, got %d", uint64(MaxBatchGames), c.Games)
	}
	if p != nil {
		es.players(p, c.Seats, c.Policies)
	}
	switch {
	case c.Workers < 0:
		es.add("workers", "workers must be 0 (all cores) or more, got %d", c.Workers)
	case c.Workers > MaxWorkers:
		es.add("workers", "workers must be at most %d, got %d", MaxWorkers, c.Workers)
	}
	return es.err()
}

// players adds the problems of playing p at seats seats (0: its default)
// with policies.
func (es *ConfigErrors) players(p *Program, seats int, policies []Policy) {
	n := seats
	if n == 0 {
		n = p.seatsDefault
	}
	fits := n >= p.seatsMin && n <= p.seatsMax
	if !fits {
		es.add("seats", "the game is for %d to %d players, not %d", p.seatsMin, p.seatsMax, n)
	}
	if len(policies) > MaxSeats {
		es.add("policies", "%d policies for at most %d seats", len(policies), MaxSeats)
		return
	}
	if fits && len(policies) > 1 && len(policies) != n {
		es.add("policies", "%d policies for %d seats: give one policy for every seat, or a single one for all", len(policies), n)
	}
	for i, pol := range policies {
		if pol >= NumPolicies {
			es.add("policies", "policy %d of seat %d is unknown", pol, i)
		}
	}
}

// CheckPlayers reports whether p can be played at seats seats (0: its
// default seat count) with policies: none (every seat plays Random), one
// (every seat plays it) or exactly one per seat, each a built-in policy.
// It returns nil or ConfigErrors, and allocates nothing when all is well.
// NewMachine requires it; BatchConfig.Validate includes it.
func (p *Program) CheckPlayers(seats int, policies []Policy) error {
	var es ConfigErrors
	es.players(p, seats, policies)
	return es.err()
}

// machine returns a machine for the configuration's seats, policies and
// players.
func (c *BatchConfig) machine(p *Program) (*Machine, error) {
	m, err := NewMachine(p, c.Seats, c.Policies)
	if err != nil {
		return nil, err
	}
	if c.Players != nil {
		for s := range m.n {
			if pl := c.Players(s); pl != nil {
				m.SetPlayer(s, pl)
			}
		}
	}
	return m, nil
}

// span returns the first game of worker k of w over n games: the games
// are split into w contiguous ranges whose sizes differ by at most one.
// It never computes more than n, so it cannot overflow.
func span(n, w, k int) int { return k*(n/w) + min(k, n%w) }

// progressEvery is how many games a worker plays between progress reports
// and cancellation checks (one, when some seat has a Player).
const progressEvery = 256

// Batch plays cfg.Games games of p over cfg.Workers workers and returns
// their merged statistics. Game i always uses seed rng.Derive(cfg.Seed, i)
// and workers own contiguous ranges of games, their own machine and their
// own integer statistics, merged once at the end: the result is the same
// bytes for any worker count. A configuration that Validate refuses is an
// error (ConfigErrors), never a panic. A cancelled context makes Batch
// return the context's error and no statistics.
func Batch(ctx context.Context, p *Program, cfg BatchConfig) (*Stats, error) {
	if err := cfg.Validate(p); err != nil {
		return nil, err
	}
	w := cfg.Workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	w = min(w, cfg.Games)
	seats := cfg.Seats
	if seats == 0 {
		seats = p.seatsDefault
	}
	parts := make([]Stats, w)
	var done atomic.Int64
	var wg sync.WaitGroup
	for k := range w {
		lo, hi := span(cfg.Games, w, k), span(cfg.Games, w, k+1)
		m, err := cfg.machine(p)
		if err != nil {
			wg.Wait()
			return nil, err // Validate has checked what NewMachine does
		}
		// A game with search players can take seconds: check and report
		// after every one.
		every := progressEvery
		if cfg.Players != nil {
			every = 1
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := &parts[k]
			for i := lo; i < hi; i++ {
				r := m.Play(rng.Derive(cfg.Seed, uint64(i)))
				st.Add(&r)
				if (i-lo+1)%every == 0 {
					if ctx.Err() != nil {
						return
					}
					if cfg.Progress != nil {
						cfg.Progress(int(done.Add(int64(every))))
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	total := &Stats{Seats: seats}
	for k := range parts {
		total.Merge(&parts[k])
	}
	if cfg.Progress != nil {
		cfg.Progress(cfg.Games)
	}
	return total, nil
}
