package evolve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/atomicfile"
)

// A run of islands can also run as one process per island (RunIsland),
// on one machine or on the nodes of a cluster that share the run's
// directory. The islands meet through files in its ExchangeDir: at each
// migration, every island writes its emigrant file, a checkpoint file
// (EncodeCheckpoint) of its scored population, history and fitnesses,
// without hall of fame, operator counts, cache or lineage, written
// atomically; then it waits until every island's file of that migration
// is there (a barrier: islands never drift more than an epoch apart), and
// reads its source's. Each island keeps its own checkpoint in its
// directory (IslandDir), written after every generation and before its
// emigrant file, so an island stopped at any point and started again with
// the same command continues from it and ends as if it had never stopped;
// when every island has finished, MergeIslands makes the run's result,
// the very result of the run in one process.
//
// An island removes its emigrant file of a migration once it is past the
// next one: every island has then written its file of the next, so every
// island's checkpoint is past the first, and no island, even started
// again, will read it.

// ExchangeDir is the directory, in a run's directory, of the islands'
// emigrant files.
const ExchangeDir = "exchange"

// DefaultBarrierTimeout is how long an island waits for the others at a
// migration, unless told otherwise.
const DefaultBarrierTimeout = 30 * time.Minute

// Exchange is where an island run as a process of its own meets the
// others: the run's directory, shared by every island.
type Exchange struct {
	Dir string
	// Timeout bounds each wait at a migration (DefaultBarrierTimeout when
	// 0); the error then names the islands that did not come.
	Timeout time.Duration
	// Poll is how often the files are looked for while waiting; when 0,
	// after 100 ms, then twice as long each time, up to 2 s. A file is
	// looked for until it is there, not after.
	Poll time.Duration
	// Notes, when not nil, is told when an island starts waiting.
	Notes io.Writer
}

// emigrantFile is the path of island i's emigrant file for the migration
// after generation gen.
func (x *Exchange) emigrantFile(gen, i int) string {
	return filepath.Join(x.Dir, ExchangeDir, fmt.Sprintf("gen-%d-island-%d.%s", gen, i, "dsck"))
}

// publish writes the island's emigrant file for the migration after its
// generation.
func (x *Exchange) publish(is *island) error {
	cp := is.checkpoint()
	cp.Hall, cp.Ops, cp.Cache, cp.Lineage, cp.Starts, cp.Games = nil, nil, nil, nil, nil, 0
	buf, err := EncodeCheckpoint(cp)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(x.Dir, ExchangeDir), 0o777); err != nil {
		return err
	}
	return atomicfile.Write(x.emigrantFile(is.gen, is.index), buf)
}

// BarrierError is the error of an island that waited for the others at a
// migration longer than its Exchange's timeout.
type BarrierError struct {
	Island  int
	Gen     int           // the migration after this generation
	Missing []int         // the islands whose emigrant file never came
	Waited  time.Duration // how long it waited
	Dir     string        // where the files are looked for
}

func (e *BarrierError) Error() string {
	names := make([]string, len(e.Missing))
	for i, m := range e.Missing {
		names[i] = strconv.Itoa(m)
	}
	return fmt.Sprintf("island %d waited %s at the migration after generation %d for island(s) %s, whose emigrant files (gen-%d-island-N.dsck) never came to %s: are they running, and is the directory shared? (started again with the same command, an island continues from its checkpoint)",
		e.Island, roundWait(e.Waited), e.Gen, strings.Join(names, ", "), e.Gen, e.Dir)
}

// roundWait writes a wait to the second, or to the millisecond when it is
// shorter than a minute.
func roundWait(d time.Duration) time.Duration {
	if d < time.Minute {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Second)
}

// await waits until every island has written its emigrant file of the
// migration after generation gen, then reads island src's and returns its
// population, best first. It stops with ErrInterrupted when ctx is
// cancelled, and with a *BarrierError after the timeout.
func (x *Exchange) await(ctx context.Context, cfg *Config, self, gen, src int) ([]*Individual, error) {
	timeout, poll := x.Timeout, x.Poll
	if timeout <= 0 {
		timeout = DefaultBarrierTimeout
	}
	grow := poll <= 0 // from 100 ms, doubling to 2 s: a shared file system sees few looks
	if grow {
		poll = 100 * time.Millisecond
	}
	start := time.Now()
	told := false
	here := make([]bool, cfg.Islands) // a file once there stays until every island is past
	for {
		var missing []int
		for i := range cfg.Islands {
			if here[i] {
				continue
			}
			if _, err := os.Stat(x.emigrantFile(gen, i)); errors.Is(err, fs.ErrNotExist) {
				missing = append(missing, i)
			} else if err != nil {
				return nil, err
			} else {
				here[i] = true
			}
		}
		if len(missing) == 0 {
			break
		}
		waited := time.Since(start)
		if waited >= timeout {
			return nil, &BarrierError{Island: self, Gen: gen, Missing: missing, Waited: waited, Dir: filepath.Join(x.Dir, ExchangeDir)}
		}
		if !told && x.Notes != nil {
			fmt.Fprintf(x.Notes, "island %d: waiting at the migration after generation %d for %d island(s)\n", self, gen, len(missing))
			told = true
		}
		select {
		case <-ctx.Done():
			return nil, ErrInterrupted
		case <-time.After(min(poll, timeout-waited)):
		}
		if grow {
			poll = min(2*poll, 2*time.Second)
		}
	}
	path := x.emigrantFile(gen, src)
	cp, err := ReadCheckpointFile(path)
	if err != nil {
		return nil, err
	}
	want, err := IdentifyRun(*cfg)
	if err != nil {
		return nil, err
	}
	c := cp.Config
	c.Workers = cfg.Workers
	switch got, _ := IdentifyRun(c); {
	case got != want:
		return nil, fmt.Errorf("%s is of run %s, and this island's run is %s: is the directory another run's?", path, got, want)
	case cp.Island != src || cp.Gen != gen:
		return nil, fmt.Errorf("%s holds island %d's population of generation %d, not island %d's of generation %d", path, cp.Island, cp.Gen, src, gen)
	}
	return cp.Population, nil
}

// RunIsland runs island index of a run of cfg (cfg.Islands > 1) as a
// process of its own, meeting the others through x: from the seed games,
// or, when cp is not nil, from its checkpoint, which must be this
// island's. It calls opt.Checkpoint after every generation (the island's
// checkpoint, to keep: it is how the island continues, and what
// MergeIslands reads) and opt.Progress with the island's own line. It
// returns nil once the island has scored the run's last generation,
// ErrInterrupted at a generation boundary or while waiting when ctx is
// cancelled, and a *BarrierError when the others do not come.
func RunIsland(ctx context.Context, cfg Config, index int, seeds []*genome.Genome, cp *Checkpoint, x *Exchange, opt Options) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	if cfg.Islands <= 1 || index < 0 || index >= cfg.Islands {
		return fmt.Errorf("island %d of a run of %d islands: there is no such island", index, cfg.Islands)
	}
	var is *island
	var err error
	if cp != nil {
		if cp.Island != index {
			return fmt.Errorf("the checkpoint is island %d's, not island %d's", cp.Island, index)
		}
		c := cp.Config
		c.Workers = cfg.Workers
		if c != cfg {
			return fmt.Errorf("the checkpoint is of another configuration than this island's")
		}
		is, err = restoreIsland(cp, cfg.Workers)
	} else {
		is, err = newIsland(cfg, index, seeds)
	}
	if err != nil {
		return err
	}
	save := func(cp *Checkpoint) error {
		if opt.Checkpoint != nil {
			if err := opt.Checkpoint(cp); err != nil {
				return err
			}
		}
		if opt.Progress != nil {
			opt.Progress(cp.History[cp.Gen])
		}
		return nil
	}
	work := context.WithoutCancel(ctx)
	for to := min(epochEnd(is.gen, cfg.MigrateEvery), cfg.Generations); ; to = min(epochEnd(to+1, cfg.MigrateEvery), cfg.Generations) {
		if err := is.advance(ctx, work, to, save); err != nil {
			return err
		}
		if to == cfg.Generations {
			return nil
		}
		if err := x.publish(is); err != nil {
			return fmt.Errorf("island %d's emigrants: %w", index, err)
		}
		from, err := x.await(ctx, &cfg, index, to, migrationSources(&cfg, to)[index])
		if err != nil {
			return err
		}
		is.receive(from, cfg.Migrants)
		if prev := to - cfg.MigrateEvery; prev > 0 {
			// Past this migration's barrier: the file of the one before,
			// written before this island was perhaps started again.
			if err := os.Remove(x.emigrantFile(prev, index)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
}

// MergeIslands ends a run of islands run as processes of their own, from
// every island's last checkpoint (island after island), each of the run's
// last generation: the result is the one of the run in one process (see
// finishIslands), computed on workers. Its Starts are nil: the run's
// starting games are in island 0's directory (IslandDir).
func MergeIslands(ctx context.Context, cps []*Checkpoint, workers int) (*Result, error) {
	for i, cp := range cps {
		if cp.Gen != cp.Config.Generations {
			return nil, fmt.Errorf("island %d has reached generation %d of %d: it has not finished", i, cp.Gen, cp.Config.Generations)
		}
	}
	isl, err := restoreIslands(cps, workers, func(gen int) int { return gen })
	if err != nil {
		return nil, err
	}
	cfg := cps[0].Config
	cfg.Workers = workers
	return finishIslands(ctx, cfg, isl, spread(isl, workers))
}
