package evolve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// exchangeConfig is the run of the tests of islands run as processes of
// their own: islandConfig's three islands of six, four generations in
// epochs of two (one migration, after generation 2), on one worker, in
// the given topology; its hall of fame is spaced so as to keep a few
// games, whose pruning at the end takes little time.
func exchangeConfig(topology string) Config {
	cfg := islandConfig()
	cfg.Generations, cfg.MigrateEvery, cfg.Workers, cfg.Topology = 4, 2, 1, topology
	cfg.HallSpacing = 0.1
	return cfg
}

// exchangeSeeds are the seed games of those runs: Hearts alone, whose
// random games are among the shortest of the seeds, so that a run of
// islands takes little time under the race detector.
func exchangeSeeds(t testing.TB) []*genome.Genome {
	return []*genome.Genome{testkit.SeedGenome(t, "hearts")}
}

// oneProcess is a run of islands in one process (Run), with every
// island's checkpoint file of every generation.
type oneProcess struct {
	res   *Result
	files [][][]byte // files[i][gen]: island i's checkpoint file of generation gen
}

// cp decodes island i's checkpoint of generation gen from its file, a
// checkpoint of the caller's own (restoring an island from a checkpoint
// changes its individuals).
func (r *oneProcess) cp(t *testing.T, i, gen int) *Checkpoint {
	t.Helper()
	cp, err := DecodeCheckpoint(r.files[i][gen])
	if err != nil {
		t.Fatal(err)
	}
	return cp
}

// oneProcessRuns keeps the runs of runOneProcess, one per configuration.
var oneProcessRuns struct {
	sync.Mutex
	m map[Config]*oneProcess
}

// runOneProcess runs cfg in one process, on two workers (which change
// nothing in the result but its Config.Workers), once per test binary.
func runOneProcess(t *testing.T, cfg Config) *oneProcess {
	t.Helper()
	oneProcessRuns.Lock()
	defer oneProcessRuns.Unlock()
	cfg.Workers = 2
	if r, ok := oneProcessRuns.m[cfg]; ok {
		return r
	}
	r := &oneProcess{files: make([][][]byte, cfg.Islands)}
	for i := range cfg.Islands {
		r.files[i] = make([][]byte, cfg.Generations+1)
	}
	res, err := Run(context.Background(), cfg, exchangeSeeds(t), Options{Checkpoint: func(cp *Checkpoint) error {
		buf, err := EncodeCheckpoint(cp)
		r.files[cp.Island][cp.Gen] = buf
		return err
	}})
	if err != nil {
		t.Fatal(err)
	}
	r.res = res
	if oneProcessRuns.m == nil {
		oneProcessRuns.m = map[Config]*oneProcess{}
	}
	oneProcessRuns.m[cfg] = r
	return r
}

// islandProcs runs the islands of a run as processes of their own would:
// each with RunIsland in a goroutine of its own, meeting the others
// through the files of one directory. What each keeps of itself is its
// checkpoint file, which it reads back (decoded) to start again.
type islandProcs struct {
	cfg   Config
	dir   string
	seeds [][]*genome.Genome
	files [][]byte      // each island's last checkpoint file
	last  []*Checkpoint // that file decoded
	lines [][]GenStats  // the lines each island reported (Progress)
	notes []noteLog     // what each island said while waiting
	errs  []error
	wg    sync.WaitGroup
	// timeout is the islands' barrier timeout: long enough to fail a test
	// rather than hang it, unless a test waits for it.
	timeout time.Duration
}

func newIslandProcs(t *testing.T, cfg Config) *islandProcs {
	n := cfg.Islands
	p := &islandProcs{cfg: cfg, dir: t.TempDir(), seeds: make([][]*genome.Genome, n), files: make([][]byte, n),
		last: make([]*Checkpoint, n), lines: make([][]GenStats, n), notes: make([]noteLog, n), errs: make([]error, n), timeout: time.Minute}
	for i := range n {
		p.seeds[i] = exchangeSeeds(t)
	}
	return p
}

// exchange is island i's Exchange, which polls often.
func (p *islandProcs) exchange(i int) *Exchange {
	return &Exchange{Dir: p.dir, Timeout: p.timeout, Poll: 5 * time.Millisecond, Notes: &p.notes[i]}
}

// run runs island i from cp (nil: from the seed games) until it ends,
// keeping each checkpoint it hands over as its file; after the n-th of
// this run, it calls stop(n) (when not nil), whose error ends the run.
func (p *islandProcs) run(ctx context.Context, i int, cp *Checkpoint, stop func(n int) error) error {
	n := 0
	return RunIsland(ctx, p.cfg, i, p.seeds[i], cp, p.exchange(i), Options{
		Checkpoint: func(cp *Checkpoint) error {
			buf, err := EncodeCheckpoint(cp)
			if err != nil {
				return err
			}
			if p.last[i], err = DecodeCheckpoint(buf); err != nil {
				return err
			}
			p.files[i] = buf
			if n++; stop != nil {
				return stop(n)
			}
			return nil
		},
		Progress: func(gs GenStats) { p.lines[i] = append(p.lines[i], gs) },
	})
}

// noteLog keeps what an island says while waiting, to be read while it
// runs.
type noteLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (n *noteLog) Write(p []byte) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.b.Write(p)
}

func (n *noteLog) String() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.b.String()
}

// awaitWaiting waits until every island but skip says it waits at the
// migration after generation gen.
func (p *islandProcs) awaitWaiting(gen, skip int) error {
	for i := range p.cfg.Islands {
		want := fmt.Sprintf("island %d: waiting at the migration after generation %d for ", i, gen)
		for start := time.Now(); i != skip && !strings.Contains(p.notes[i].String(), want); time.Sleep(5 * time.Millisecond) {
			if time.Since(start) > time.Minute {
				return fmt.Errorf("island %d never waited for island %d: its notes %q", i, skip, p.notes[i].String())
			}
		}
	}
	return nil
}

// start runs fn, island i's process, in a goroutine of its own.
func (p *islandProcs) start(i int, fn func() error) {
	p.wg.Go(func() { p.errs[i] = fn() })
}

// wait waits for every island's process and fails the test on an error.
func (p *islandProcs) wait(t *testing.T, what string) {
	t.Helper()
	p.wg.Wait()
	for i, err := range p.errs {
		if err != nil {
			t.Fatalf("%s: island %d: %v", what, i, err)
		}
	}
}

// checkEnd checks that every island ended with the checkpoint file of the
// island in the run in one process, byte for byte.
func (p *islandProcs) checkEnd(t *testing.T, ref *oneProcess, what string) {
	t.Helper()
	g := p.cfg.Generations
	for i := range p.cfg.Islands {
		if !bytes.Equal(p.files[i], ref.files[i][g]) {
			t.Errorf("%s: island %d's last checkpoint is not the run in one process's: %s", what, i, diff(p.last[i], ref.cp(t, i, g)))
		}
	}
}

// checkMerged checks that got, the merge of a run's islands, is want, the
// run in one process.
func checkMerged(t *testing.T, what string, got, want *Result) {
	t.Helper()
	if !reflect.DeepEqual(summary(got), summary(want)) || !reflect.DeepEqual(got.Islands, want.Islands) || !reflect.DeepEqual(got.Lineage, want.Lineage) ||
		got.Config != want.Config || len(got.Population) != len(want.Population) {
		t.Fatalf("%s: the merged result differs from the run in one process", what)
	}
	for i := range got.Population {
		if got.Population[i].Hash != want.Population[i].Hash || got.Population[i].Score != want.Population[i].Score {
			t.Fatalf("%s: member %d of the merged population differs", what, i)
		}
	}
	if got.Starts != nil {
		t.Errorf("%s: the merged result has %d starting games, want none (island 0's directory keeps them)", what, len(got.Starts))
	}
}

// TestRunIslandAnyOrder: the islands of a run, each run by RunIsland as a
// process of its own would, started one after the other in any order, a
// few tens of milliseconds apart, end with the very checkpoint files of
// the run in one process (Run), each island having reported that run's
// lines of the island; MergeIslands of those checkpoints, each as its file
// holds it, is that run's result: history, hall, operator counts, games,
// islands' histories, lineage and population. In the ring and in the
// random topology, which at this seed differ.
func TestRunIslandAnyOrder(t *testing.T) {
	for _, topology := range []string{TopologyRing, TopologyRandom} {
		cfg := exchangeConfig(topology)
		if topology == TopologyRandom && slices.Equal(migrationSources(&cfg, cfg.MigrateEvery), ring(cfg.Islands)) {
			t.Fatalf("the random topology of seed %d is the ring at its migration: the test needs another seed", cfg.Seed)
		}
		ref := runOneProcess(t, cfg)
		for k, s := range []struct {
			order []int
			gap   time.Duration
		}{{[]int{2, 1, 0}, 30 * time.Millisecond}, {[]int{0, 2, 1}, 100 * time.Millisecond}, {[]int{1, 0, 2}, 60 * time.Millisecond}} {
			if topology == TopologyRandom && k > 0 {
				break // one order will do: each costs a run
			}
			what := fmt.Sprintf("topology %q, islands started in the order %v, %s apart", topology, s.order, s.gap)
			p := newIslandProcs(t, cfg)
			for j, i := range s.order {
				if j > 0 {
					time.Sleep(s.gap)
				}
				p.start(i, func() error { return p.run(context.Background(), i, nil, nil) })
			}
			p.wait(t, what)
			p.checkEnd(t, ref, what)
			for i := range cfg.Islands {
				if !reflect.DeepEqual(p.lines[i], ref.res.Islands[i]) {
					t.Errorf("%s: island %d reported %d lines, not its lines of the run in one process", what, i, len(p.lines[i]))
				}
			}
			if k > 0 {
				continue // the same checkpoint files: the same merge
			}
			got, err := MergeIslands(context.Background(), p.last, 2)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			checkMerged(t, what, got, ref.res)
		}
	}
}

// TestRunIslandRestarted: an island stopped after any of its checkpoints
// (after generation 0; mid-epoch; at the epoch's end, before its emigrant
// file, by a cancelled context or killed outright, the others then
// waiting for it at the barrier; just after the migration) and started
// again with RunIsland from its last checkpoint as its file holds it,
// while the others go on or wait, ends the run as if it had never
// stopped: every island's last checkpoint file is the run in one
// process's, and so is their merge. A cancelled island returns
// ErrInterrupted, and each generation's line is reported once.
func TestRunIslandRestarted(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	ref := runOneProcess(t, cfg)
	errKilled := errors.New("killed")
	type stop struct {
		island, after int  // the island, stopped after its after-th checkpoint (1: generation 0's)
		kill          bool // killed outright: its checkpoint hook fails, after the checkpoint is kept
	}
	for _, c := range []struct {
		name  string
		stops []stop
	}{
		{"at the start and mid-epoch", []stop{{0, 1, false}, {1, 2, false}}},
		{"at the epoch's end and after the migration", []stop{{2, 3, false}, {1, 4, false}}},
		{"killed at the epoch's end", []stop{{0, 3, true}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newIslandProcs(t, cfg)
			for _, s := range c.stops {
				p.start(s.island, func() error {
					ctx, cancel := context.WithCancel(context.Background())
					defer cancel()
					err := p.run(ctx, s.island, nil, func(n int) error {
						if n == s.after && s.kill {
							return errKilled
						} else if n == s.after {
							cancel()
						}
						return nil
					})
					switch {
					case s.kill && !errors.Is(err, errKilled):
						return fmt.Errorf("killed after checkpoint %d: %v", s.after, err)
					case !s.kill && !errors.Is(err, ErrInterrupted):
						return fmt.Errorf("cancelled after checkpoint %d: %v, want ErrInterrupted", s.after, err)
					}
					cp := p.last[s.island]
					if cp.Gen != s.after-1 {
						return fmt.Errorf("stopped after checkpoint %d, its last is of generation %d", s.after, cp.Gen)
					}
					if s.kill {
						// The others wait at the migration for its emigrant file.
						if err := p.awaitWaiting(cfg.MigrateEvery, s.island); err != nil {
							return err
						}
					} else {
						time.Sleep(20 * time.Millisecond)
					}
					return p.run(context.Background(), s.island, cp, nil)
				})
			}
			for i := range cfg.Islands {
				if !slices.ContainsFunc(c.stops, func(s stop) bool { return s.island == i }) {
					p.start(i, func() error { return p.run(context.Background(), i, nil, nil) })
				}
			}
			p.wait(t, c.name)
			p.checkEnd(t, ref, c.name)
			for _, s := range c.stops {
				if !s.kill && !reflect.DeepEqual(p.lines[s.island], ref.res.Islands[s.island]) {
					t.Errorf("island %d, started again, reported %d lines, not each of the run's once", s.island, len(p.lines[s.island]))
				} else if s.kill {
					got, err := MergeIslands(context.Background(), p.last, 2)
					if err != nil {
						t.Fatal(err)
					}
					checkMerged(t, c.name, got, ref.res)
				}
			}
		})
	}
}

// notify is an Exchange's Notes that hands each note over.
type notify chan string

func (n notify) Write(p []byte) (int, error) {
	n <- string(p)
	return len(p), nil
}

// TestBarrierTimeout: an island that waits at a migration longer than its
// Exchange's timeout returns a *BarrierError of the epoch's end naming
// exactly the islands whose emigrant files never came, and the directory
// (an island started from its checkpoint at the epoch's end, then one
// from the seed games, which finds the first's file); started again,
// with the others, they end the run as the run in one process. Cancelled
// while it waits (with a poll far longer than the test), an island
// returns ErrInterrupted at once.
func TestBarrierTimeout(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	ref := runOneProcess(t, cfg)
	p := newIslandProcs(t, cfg)
	gen := cfg.MigrateEvery
	for _, c := range []struct {
		island  int
		from    *Checkpoint
		missing []int
	}{{0, ref.cp(t, 0, gen), []int{1, 2}}, {1, nil, []int{2}}} {
		p.timeout = 300 * time.Millisecond
		err := p.run(context.Background(), c.island, c.from, nil)
		var be *BarrierError
		if !errors.As(err, &be) {
			t.Fatalf("island %d alone: %v, want a *BarrierError", c.island, err)
		}
		dir := filepath.Join(p.dir, ExchangeDir)
		if be.Island != c.island || be.Gen != gen || !slices.Equal(be.Missing, c.missing) || be.Dir != dir || be.Waited < p.timeout {
			t.Errorf("island %d: %+v, want island %d, generation %d, missing %v, %s, waited at least %s", c.island, be, c.island, gen, c.missing, dir, p.timeout)
		}
		names := strings.Trim(strings.ReplaceAll(fmt.Sprint(c.missing), " ", ", "), "[]")
		if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("island %d waited ", c.island)) || !strings.Contains(msg, "after generation 2 for island(s) "+names+", whose") || !strings.Contains(msg, dir) {
			t.Errorf("island %d: the message %q does not name islands %s and %s", c.island, msg, names, dir)
		}
	}
	if p.last[1] == nil || p.last[1].Gen != gen {
		t.Fatalf("island 1 did not checkpoint generation %d before the barrier", gen)
	}
	p.timeout = time.Minute
	for i, cp := range []*Checkpoint{ref.cp(t, 0, gen), p.last[1], nil} {
		p.start(i, func() error { return p.run(context.Background(), i, cp, nil) })
	}
	p.wait(t, "started again after the timeout")
	p.checkEnd(t, ref, "started again after the timeout")

	notes := make(notify, 4)
	x := &Exchange{Dir: t.TempDir(), Poll: time.Hour, Notes: notes}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	from := ref.cp(t, 2, gen)
	go func() { done <- RunIsland(ctx, cfg, 2, p.seeds[2], from, x, Options{}) }()
	select {
	case note := <-notes:
		if note != "island 2: waiting at the migration after generation 2 for 2 island(s)\n" {
			t.Errorf("note %q", note)
		}
	case err := <-done:
		t.Fatalf("the island did not wait: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, ErrInterrupted) {
			t.Errorf("cancelled while waiting: %v, want ErrInterrupted", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("cancelled while waiting, the island still waits after 5 s")
	}
}

// TestEmigrantFiles: after a run of two migrations, only the last
// migration's emigrant files remain (an island removes its file of a
// migration once past the next), one per island, each a checkpoint file
// of the island, the migration's generation and the island's population
// then, with its history and fitnesses, and no hall, cache, lineage,
// operator counts or games. A file in the source's place that is of
// another run, of another island, or damaged, is refused with an error
// naming it. An island started again should also remove its file of the
// migration before: it does not (see the subtest).
func TestEmigrantFiles(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	cfg.Generations, cfg.MigrateEvery = 3, 1
	p := newIslandProcs(t, cfg)
	all := make([][][]byte, cfg.Islands) // every island's checkpoint files
	for i := range cfg.Islands {
		p.start(i, func() error {
			return p.run(context.Background(), i, nil, func(int) error {
				all[i] = append(all[i], p.files[i])
				return nil
			})
		})
	}
	p.wait(t, "run")
	checkExchange(t, p.dir, 2, cfg.Islands)
	for i := range cfg.Islands {
		path := filepath.Join(p.dir, ExchangeDir, fmt.Sprintf("gen-2-island-%d.dsck", i))
		got, err := ReadCheckpointFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := DecodeCheckpoint(all[i][2])
		if err != nil {
			t.Fatal(err)
		}
		if got.Island != i || got.Gen != 2 || got.Config != want.Config || len(got.Hall)+len(got.Cache)+len(got.Lineage)+len(got.Ops) != 0 || got.Games != 0 {
			t.Errorf("%s: island %d, generation %d, %d in the hall, %d cached, %d in the lineage, %d operators, %d games", path,
				got.Island, got.Gen, len(got.Hall), len(got.Cache), len(got.Lineage), len(got.Ops), got.Games)
		}
		if d := diff(got.Population, want.Population) + diff(got.History, want.History) + diff(got.Fits, want.Fits); d != "" {
			t.Errorf("%s: not the island's population of generation 2, with its history: %s", path, d)
		}
	}

	t.Run("refused", func(t *testing.T) {
		cfg := exchangeConfig(TopologyRing)
		ref := runOneProcess(t, cfg)
		gen := cfg.MigrateEvery
		src := migrationSources(&cfg, gen)[0]
		other := *ref.cp(t, 1, gen)
		other.Config.Seed++
		foreign, err := EncodeCheckpoint(&other)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name string
			file []byte
			want string
		}{
			{"another run's", foreign, "is of run "},
			{"another island's", ref.files[1][gen], fmt.Sprintf("holds island 1's population of generation 2, not island %d's of generation 2", src)},
			{"damaged", ref.files[src][gen][:100], ": fbs: "},
		} {
			dir := t.TempDir()
			x := &Exchange{Dir: dir, Timeout: time.Minute, Poll: 5 * time.Millisecond}
			for i := range cfg.Islands {
				file := c.file
				if i != src {
					file = ref.files[i][gen]
				}
				os.MkdirAll(filepath.Join(dir, ExchangeDir), 0o755)
				writeFile(t, x.emigrantFile(gen, i), string(file))
			}
			err := RunIsland(context.Background(), cfg, 0, exchangeSeeds(t), ref.cp(t, 0, gen), x, Options{})
			if path := x.emigrantFile(gen, src); err == nil || !strings.HasPrefix(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s file in island %d's place: %v, want an error naming %s: %q", c.name, src, err, path, c.want)
			}
		}
	})

	// An island killed after its checkpoint at a migration, before its
	// emigrant file, and started again, restarts its count of its files:
	// it never removes its file of the migration before.
	t.Run("an island started again", func(t *testing.T) {
		q := newIslandProcs(t, cfg)
		for i := range cfg.Islands {
			from, err := DecodeCheckpoint(all[i][1])
			if err != nil {
				t.Fatal(err)
			}
			q.start(i, func() error {
				if i != 1 {
					return q.run(context.Background(), i, from, nil)
				}
				err := q.run(context.Background(), i, from, func(int) error { return errors.New("killed") })
				if err == nil || q.last[i].Gen != 2 {
					return fmt.Errorf("not killed at generation 2: %v", err)
				}
				return q.run(context.Background(), i, q.last[i], nil)
			})
		}
		q.wait(t, "island 1 started again")
		for i := range cfg.Islands {
			if !bytes.Equal(q.files[i], p.files[i]) {
				t.Errorf("island %d did not end as in the run that never stopped", i)
			}
		}
		checkExchange(t, q.dir, 2, cfg.Islands)
	})
}

// checkExchange checks that the exchange directory of dir holds only
// every island's emigrant file of the migration after generation gen.
func checkExchange(t *testing.T, dir string, gen, n int) {
	t.Helper()
	var want []string
	for i := range n {
		want = append(want, fmt.Sprintf("/gen-%d-island-%d.dsck", gen, i))
	}
	if got := names(snapshot(t, filepath.Join(dir, ExchangeDir))); !slices.Equal(got, want) {
		t.Errorf("the exchange directory holds %q, want %q", got, want)
	}
}

// TestMigrationSources: along the ring, island i receives from island
// i-1 (mod n), whatever the seed and the generation; in the random
// topology, at every migration every island receives from exactly one
// other, never from itself, and sends to exactly one, along a single
// cycle through every island, the same for the same seed and generation,
// and another at another generation or seed, at least sometimes (for
// three islands or more: two have one cycle).
func TestMigrationSources(t *testing.T) {
	for n := 2; n <= 9; n++ {
		for _, seed := range []uint64{1, 3, 77} {
			for gen := range 40 {
				for i, s := range migrationSources(&Config{Islands: n, Seed: seed}, gen) {
					if s != (i+n-1)%n {
						t.Fatalf("ring of %d, seed %d, generation %d: island %d receives from %d", n, seed, gen, i, s)
					}
				}
			}
		}
	}
	for n := 2; n <= 9; n++ {
		orders := map[string]bool{}
		for _, seed := range []uint64{1, 3} {
			cfg := Config{Islands: n, Seed: seed, Topology: TopologyRandom}
			byGen := map[string]bool{}
			for gen := range 40 {
				src := migrationSources(&cfg, gen)
				what := fmt.Sprintf("random, %d islands, seed %d, generation %d: %v", n, seed, gen, src)
				if again := migrationSources(&cfg, gen); !slices.Equal(again, src) {
					t.Fatalf("%s, then %v", what, again)
				}
				sends := make([]int, n)
				for i, s := range src {
					if s < 0 || s >= n || s == i {
						t.Fatalf("%s: island %d receives from %d", what, i, s)
					}
					sends[s]++
				}
				if slices.ContainsFunc(sends, func(k int) bool { return k != 1 }) {
					t.Fatalf("%s: the islands send %v times", what, sends)
				}
				steps := 1 // along the sources from island 0 back to it
				for i := src[0]; i != 0; i = src[i] {
					steps++
				}
				if steps != n {
					t.Fatalf("%s: a cycle of %d islands, not one through all %d", what, steps, n)
				}
				byGen[fmt.Sprint(src)] = true
				orders[fmt.Sprint(src)] = true
			}
			if n > 2 && len(byGen) < 2 {
				t.Errorf("random, %d islands, seed %d: the same order at each of 40 generations", n, seed)
			}
		}
		if n > 3 && len(orders) < 3 {
			t.Errorf("random, %d islands: %d orders over 80 migrations", n, len(orders))
		}
	}
}

// TestMergeIslandsRefuses: MergeIslands refuses checkpoints that are not
// all of the run's last generation, naming the island and its generation;
// it, restoreIslands and ResumeIslands refuse a checkpoint in another
// island's place, checkpoints of another run, too few and none.
func TestMergeIslandsRefuses(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	ref := runOneProcess(t, cfg)
	g := cfg.Generations
	last := []*Checkpoint{ref.cp(t, 0, g), ref.cp(t, 1, g), ref.cp(t, 2, g)}
	other := *ref.cp(t, 2, g)
	other.Config.Seed++
	ctx := context.Background()
	for _, c := range []struct {
		cps  []*Checkpoint
		want string
	}{
		{[]*Checkpoint{last[0], ref.cp(t, 1, g-1), last[2]}, "island 1 has reached generation 3 of 4: it has not finished"},
		{[]*Checkpoint{ref.cp(t, 0, 2), last[1], last[2]}, "island 0 has reached generation 2 of 4: it has not finished"},
		{[]*Checkpoint{last[0], last[2], last[1]}, "the checkpoint of island 2 is in island 1's place"},
		{[]*Checkpoint{last[0], last[1], &other}, "island 2's checkpoint is of another run than island 0's"},
		{last[:2], "2 island checkpoints of a run of 3 islands"},
		{nil, "no island checkpoints"},
	} {
		if _, err := MergeIslands(ctx, c.cps, 1); err == nil || err.Error() != c.want {
			t.Errorf("MergeIslands: %v, want %q", err, c.want)
		}
	}
	if _, err := restoreIslands([]*Checkpoint{last[1], last[0], last[2]}, 1, func(g int) int { return g }); err == nil || err.Error() != "the checkpoint of island 1 is in island 0's place" {
		t.Errorf("restoreIslands: %v", err)
	}
	if _, err := ResumeIslands(ctx, []*Checkpoint{ref.cp(t, 0, 3), ref.cp(t, 2, 3), ref.cp(t, 1, 3)}, 1, Options{}); err == nil || err.Error() != "the checkpoint of island 2 is in island 1's place" {
		t.Errorf("ResumeIslands: %v", err)
	}
}

// TestRunIslandRefuses: RunIsland refuses an island that is not one of
// the run's, a run of one population, an invalid configuration, another
// island's checkpoint and a checkpoint of another configuration; from a
// checkpoint of the run's last generation it does nothing and returns nil.
func TestRunIslandRefuses(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	ref := runOneProcess(t, cfg)
	x := &Exchange{Dir: t.TempDir()}
	ctx := context.Background()
	plain, bad, other := cfg, cfg, cfg
	plain.Islands, plain.MigrateEvery, plain.Migrants = 1, 0, 0
	bad.Population = 1
	other.Migrants = 1
	for _, c := range []struct {
		cfg   Config
		index int
		cp    *Checkpoint
		want  string
	}{
		{cfg, 3, nil, "island 3 of a run of 3 islands: there is no such island"},
		{cfg, -1, nil, "island -1 of a run of 3 islands: there is no such island"},
		{plain, 0, nil, "island 0 of a run of 1 islands: there is no such island"},
		{bad, 0, nil, "population must be between 2 and 100000, got 1"},
		{cfg, 1, ref.cp(t, 2, 2), "the checkpoint is island 2's, not island 1's"},
		{other, 2, ref.cp(t, 2, 2), "the checkpoint is of another configuration than this island's"},
	} {
		err := RunIsland(ctx, c.cfg, c.index, exchangeSeeds(t), c.cp, x, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("island %d: %v, want %q", c.index, err, c.want)
		}
	}
	again := Options{Checkpoint: func(*Checkpoint) error { return errors.New("checkpointed again") }}
	if err := RunIsland(ctx, cfg, 1, exchangeSeeds(t), ref.cp(t, 1, cfg.Generations), x, again); err != nil {
		t.Errorf("from its last checkpoint: %v", err)
	}
	if entries, _ := os.ReadDir(x.Dir); len(entries) != 0 {
		t.Errorf("the refused islands left %d files", len(entries))
	}
}
