package vm

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// BatchConfig says what games a batch plays.
type BatchConfig struct {
	Games    int      // number of games
	Seats    int      // 0: the program's default
	Policies []Policy // per seat; one entry applies to all; none: Random
	Seed     uint64   // batch seed: game i uses rng.Derive(Seed, i)
	Workers  int      // 0: runtime.GOMAXPROCS(0)
	// Progress, when set, is called with the number of games finished so
	// far, from worker goroutines, every few hundred games.
	Progress func(done int)
}

// Validate checks a batch configuration against a program.
func (c *BatchConfig) Validate(p *Program) error {
	if c.Games < 1 {
		return fmt.Errorf("games must be at least 1, got %d", c.Games)
	}
	if c.Seats != 0 && (c.Seats < p.seatsMin || c.Seats > p.seatsMax) {
		return fmt.Errorf("the game is for %d to %d players, not %d", p.seatsMin, p.seatsMax, c.Seats)
	}
	if c.Workers < 0 {
		return fmt.Errorf("workers must be 0 (all cores) or more, got %d", c.Workers)
	}
	if len(c.Policies) > MaxSeats {
		return fmt.Errorf("%d policies for at most %d seats", len(c.Policies), MaxSeats)
	}
	for i, pol := range c.Policies {
		if pol >= NumPolicies {
			return fmt.Errorf("policy %d of seat %d is unknown", pol, i)
		}
	}
	return nil
}

// progressEvery is how many games a worker plays between progress reports
// and cancellation checks.
const progressEvery = 256

// Batch plays cfg.Games games of p over cfg.Workers workers and returns
// their merged statistics. Game i always uses seed rng.Derive(cfg.Seed, i)
// and workers own contiguous ranges of games, their own machine and their
// own integer statistics, merged once at the end: the result is the same
// bytes for any worker count. A cancelled context makes Batch return the
// context's error and no statistics.
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
		lo, hi := cfg.Games*k/w, cfg.Games*(k+1)/w
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := NewMachine(p, seats, cfg.Policies)
			st := &parts[k]
			for i := lo; i < hi; i++ {
				r := m.Play(rng.Derive(cfg.Seed, uint64(i)))
				st.Add(&r)
				if (i-lo+1)%progressEvery == 0 {
					if ctx.Err() != nil {
						return
					}
					if cfg.Progress != nil {
						cfg.Progress(int(done.Add(progressEvery)))
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
