package evolve

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// islandsRunDir makes, in a new directory, the directory of the run of
// ref whose island i has checkpointed generation 0, then gens[i] (nothing
// when gens[i] < 0), as the command of an island run as a process of its
// own keeps them (OpenIsland, RunDir.WriteCheckpoint: island 0's first
// checkpoint brings the run's starting games); with what else such a
// directory holds: a batch system's log, and an emigrant file.
func islandsRunDir(t *testing.T, ref *oneProcess, gens ...int) string {
	t.Helper()
	cfg := ref.res.Config
	dir := filepath.Join(t.TempDir(), "run")
	for i, g := range gens {
		if g < 0 {
			continue
		}
		d, _, err := OpenIsland(dir, i, cfg, testInvocation, nil)
		if err != nil {
			t.Fatal(err)
		}
		first := *ref.cp(t, i, 0)
		if i == 0 {
			first.Starts = ref.res.Starts
		}
		if err := d.WriteCheckpoint(&first); err != nil {
			t.Fatal(err)
		}
		if err := d.WriteCheckpoint(ref.cp(t, i, g)); err != nil {
			t.Fatal(err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	}
	for _, sub := range []string{"slurm", ExchangeDir} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "slurm", "island-1.out"), "island 1 gen 0/4\n")
	writeFile(t, filepath.Join(dir, ExchangeDir, "gen-2-island-0.dsck"), string(ref.files[0][2]))
	return dir
}

// TestOpenIsland: OpenIsland makes the run's directory, its config.json,
// and the island's directory, with its config.json, provenance.json and
// lock, in a directory that does not exist or that holds a batch system's
// logs; it refuses a second command on an island in use (not on another
// island, whatever its workers), a directory whose config.json is another
// run's (naming it, changing nothing), and an island that is not the
// run's (making nothing). The island's checkpoints go to its directory
// (island 0's first with the run's starting games), and started again the
// island gets back its last, recorded as a resumption in its
// provenance.json; a finished island gets its last generation's.
func TestOpenIsland(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	ref := runOneProcess(t, cfg)
	wantConfig, err := ConfigJSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	plain := cfg
	plain.Islands, plain.MigrateEvery, plain.Migrants = 0, 0, 0
	for _, c := range []struct {
		cfg Config
		i   int
	}{{cfg, -1}, {cfg, 3}, {plain, 0}} {
		if _, _, err := OpenIsland(dir, c.i, c.cfg, testInvocation, nil); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("island %d of a run of %d islands: there is no such island", c.i, c.cfg.Islands)) {
			t.Errorf("island %d of %d: %v", c.i, c.cfg.Islands, err)
		}
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("a refused island made the run's directory: %v", err)
	}

	d, cp, err := OpenIsland(dir, 1, cfg, testInvocation, nil)
	if err != nil || cp != nil || d.Dir != IslandDir(dir, 1) {
		t.Fatalf("a new island: %v, checkpoint %v, directory %v", err, cp, d)
	}
	for _, f := range []string{filepath.Join(dir, ConfigFile), filepath.Join(d.Dir, ConfigFile)} {
		if b, err := os.ReadFile(f); err != nil || !bytes.Equal(b, wantConfig) {
			t.Errorf("%s: %q (%v), want the run's configuration", f, b, err)
		}
	}
	var p Provenance
	plainCfg := cfg
	plainCfg.Workers = 0
	if err := readJSON(filepath.Join(d.Dir, ProvenanceFile), &p); err != nil || !slices.Equal(p.Args, testInvocation.Args) || p.Config != plainCfg || len(p.Resumes) != 0 {
		t.Errorf("the island's provenance.json: %+v (%v)", p, err)
	}
	if _, err := os.Stat(filepath.Join(d.Dir, LockFile)); err != nil {
		t.Errorf("no lock while the island is held: %v", err)
	}
	if _, _, err := OpenIsland(dir, 1, cfg, testInvocation, nil); err == nil || !strings.Contains(err.Error(), "is in use by another run of this process") {
		t.Errorf("island 1 opened twice: %v", err)
	}
	two := cfg
	two.Workers = 2
	d2, cp, err := OpenIsland(dir, 2, two, testInvocation, nil)
	if err != nil || cp != nil {
		t.Fatalf("island 2 beside island 1, on other workers: %v", err)
	}
	if err := d2.Close(); err != nil {
		t.Fatal(err)
	}

	// The island's checkpoints, in its directory; started again, its last.
	if err := d.WriteCheckpoint(ref.cp(t, 1, 2)); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(IslandDir(dir, 1), CheckpointFile)); err != nil || !bytes.Equal(b, ref.files[1][2]) {
		t.Fatalf("island 1's checkpoint file: %v", err)
	}
	again := Invocation{Args: []string{"darwinsim", "evolve", "--island", "1"}, Go: "go1.z", Workers: 1}
	d, cp, err = OpenIsland(dir, 1, cfg, again, nil)
	if err != nil || cp == nil || diff(cp, ref.cp(t, 1, 2)) != "" {
		t.Fatalf("island 1 started again: %v, checkpoint %v", err, cp)
	}
	p = Provenance{}
	if err := readJSON(filepath.Join(d.Dir, ProvenanceFile), &p); err != nil || !slices.Equal(p.Args, testInvocation.Args) ||
		len(p.Resumes) != 1 || !slices.Equal(p.Resumes[0].Args, again.Args) || p.Resumes[0].AfterGeneration != 2 {
		t.Errorf("island 1's provenance.json after it started again: %+v (%v)", p, err)
	}
	if err := d.WriteCheckpoint(ref.cp(t, 1, cfg.Generations)); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if d, cp, err = OpenIsland(dir, 1, cfg, again, nil); err != nil || cp == nil || cp.Gen != cfg.Generations {
		t.Fatalf("island 1 finished, opened again: %v, %v", err, cp)
	}
	d.Close()

	d, _, err = OpenIsland(dir, 0, cfg, testInvocation, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := *ref.cp(t, 0, 0)
	first.Starts = ref.res.Starts
	if err := d.WriteCheckpoint(&first); err != nil {
		t.Fatal(err)
	}
	d.Close()
	want, err := MarshalStarts(ref.res.Starts)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(IslandDir(dir, 0), StartsFile)); err != nil || !bytes.Equal(b, want) {
		t.Errorf("island 0's starting games: %v", err)
	}

	// Another run's configuration is refused, naming the file.
	other := cfg
	other.Seed++
	before := snapshot(t, dir)
	if _, _, err := OpenIsland(dir, 2, other, testInvocation, nil); err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, ConfigFile)+" is another run's configuration") {
		t.Errorf("another run's island: %v", err)
	}
	if after := snapshot(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("a refused island changed the run's directory: %q, was %q", names(after), names(before))
	}
}

// TestOpenIslandBatchLogs: the directory of a run of islands may hold
// what is not the run's (a batch system's logs, written before any island
// starts): OpenIsland takes it, and leaves it alone.
func TestOpenIslandBatchLogs(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "slurm"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "slurm", "darwinsim-42_0.out"), "island 0\n")
	writeFile(t, filepath.Join(dir, "slurm", "darwinsim-42_1.err"), "")
	d, cp, err := OpenIsland(dir, 0, cfg, testInvocation, nil)
	if err != nil || cp != nil {
		t.Fatalf("a directory holding logs: %v", err)
	}
	d.Close()
	if b, err := os.ReadFile(filepath.Join(dir, "slurm", "darwinsim-42_0.out")); err != nil || string(b) != "island 0\n" {
		t.Errorf("the log: %q, %v", b, err)
	}
}

// TestOpenIslandTogether: the islands of a run started at once each make
// the run's directory and config.json if need be, and each get their own
// island's directory.
func TestOpenIslandTogether(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	dir := filepath.Join(t.TempDir(), "run")
	dirs := make([]*RunDir, cfg.Islands)
	errs := make([]error, cfg.Islands)
	var wg sync.WaitGroup
	for i := range cfg.Islands {
		wg.Go(func() { dirs[i], _, errs[i] = OpenIsland(dir, i, cfg, testInvocation, nil) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("island %d: %v", i, err)
		}
		if dirs[i].Dir != IslandDir(dir, i) {
			t.Errorf("island %d's directory is %s", i, dirs[i].Dir)
		}
		dirs[i].Close()
	}
	want, err := ConfigJSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	got := snapshot(t, dir)
	if got["/"+ConfigFile] != string(want) || len(got) != 1+2*cfg.Islands {
		t.Errorf("the run's directory holds %q", names(got))
	}
}

// TestOpenIslandOtherIsland: an island's directory holding another
// island's checkpoint (copied there) is refused, naming both, and the
// refusal changes nothing in it, as a refused resume does not
// (TestOpenRunDir).
func TestOpenIslandOtherIsland(t *testing.T) {
	ref := runOneProcess(t, exchangeConfig(TopologyRing))
	dir := islandsRunDir(t, ref, 2, 2, 2)
	path := filepath.Join(IslandDir(dir, 2), CheckpointFile)
	writeFile(t, path, string(ref.files[1][2]))
	before := snapshot(t, dir)
	_, _, err := OpenIsland(dir, 2, ref.res.Config, testInvocation, nil)
	if want := path + " is the checkpoint of island 1, not of island 2"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v\nwant %q", err, want)
	}
	after := snapshot(t, dir)
	for _, n := range slices.Compact(slices.Sorted(slices.Values(slices.Concat(names(before), names(after))))) {
		if after[n] != before[n] {
			t.Errorf("the refusal changed %s (it holds %d bytes, it held %d)", n, len(after[n]), len(before[n]))
		}
	}
	var p Provenance
	if err := readJSON(filepath.Join(IslandDir(dir, 2), ProvenanceFile), &p); err != nil || len(p.Resumes) != 0 {
		t.Errorf("island 2's provenance.json records %d resumptions after a refusal (%v), want none", len(p.Resumes), err)
	}
}

// TestOpenMerge: OpenMerge refuses a directory without config.json, a run
// of one population, islands without a checkpoint (listing them),
// islands that have not finished (listing them with their generations),
// a checkpoint in another island's place, checkpoints of another run and
// a directory in use, each time changing nothing in the directory. Once
// every island has finished, it returns their last checkpoints, records
// the merge in the run's provenance.json (and a merge again as a
// resumption), copies the run's starting games from island 0's directory,
// removes the emigrant files, leaves the rest alone, and holds the
// directory until Close.
func TestOpenMerge(t *testing.T) {
	cfg := exchangeConfig(TopologyRing)
	ref := runOneProcess(t, cfg)
	g := cfg.Generations
	plain := cfg
	plain.Islands, plain.MigrateEvery, plain.Migrants = 0, 0, 0
	plainJSON, err := ConfigJSON(plain)
	if err != nil {
		t.Fatal(err)
	}
	other := cfg
	other.Seed++
	otherJSON, err := ConfigJSON(other)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		dir  func() string
		want string // the error, DIR standing for the directory
	}{
		{"no config.json", func() string { return t.TempDir() }, "DIR is not the directory of a run of islands: "},
		{"a run of one population", func() string {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, ConfigFile), string(plainJSON))
			return dir
		}, "the run in DIR is a run of one population, which has nothing to merge"},
		{"missing islands", func() string { return islandsRunDir(t, ref, g, -1, -1) },
			"island(s) 1, 2 of the run in DIR have no checkpoint: they have not started; run every island (darwinsim evolve --island I --exchange DIR ...) before the merge"},
		{"unfinished islands", func() string { return islandsRunDir(t, ref, g, g-1, 2) },
			"island(s) 1 (at generation 3), 2 (at generation 2) of the run in DIR have not reached generation 4: run them again"},
		{"another island's checkpoint", func() string {
			dir := islandsRunDir(t, ref, g, g, g)
			writeFile(t, filepath.Join(IslandDir(dir, 1), CheckpointFile), string(ref.files[2][g]))
			return dir
		}, "DIR/island-1/checkpoint.dsck is the checkpoint of island 2, not of island 1"},
		{"another run's", func() string {
			dir := islandsRunDir(t, ref, g, g, g)
			writeFile(t, filepath.Join(dir, ConfigFile), string(otherJSON))
			return dir
		}, "DIR/island-0/checkpoint.dsck belongs to another run"},
		{"in use", func() string {
			dir := islandsRunDir(t, ref, g, g, g)
			lockOf(t, dir, "node-9", 12)
			return dir
		}, "run directory DIR is in use by process 12 on host node-9"},
	} {
		t.Run("refused/"+c.name, func(t *testing.T) {
			dir := c.dir()
			before := snapshot(t, dir)
			_, _, err := OpenMerge(dir, testInvocation, nil)
			if want := strings.ReplaceAll(c.want, "DIR", dir); err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("got %v\nwant %q", err, want)
			}
			if after := snapshot(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("a refused merge changed the directory: %q, was %q", names(after), names(before))
			}
		})
	}

	dir := islandsRunDir(t, ref, g, g, g)
	islands := snapshot(t, IslandDir(dir, 0))
	merge := Invocation{Args: []string{"darwinsim", "merge", dir}, Go: "go1.m", Workers: 2}
	d, cps, err := OpenMerge(dir, merge, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cps) != cfg.Islands {
		t.Fatalf("%d checkpoints", len(cps))
	}
	for i, cp := range cps {
		if d := diff(cp, ref.cp(t, i, g)); d != "" {
			t.Errorf("island %d's checkpoint: %s", i, d)
		}
	}
	var p Provenance
	plainCfg := cfg
	plainCfg.Workers = 0
	if err := readJSON(filepath.Join(dir, ProvenanceFile), &p); err != nil || !slices.Equal(p.Args, merge.Args) || p.Config != plainCfg || len(p.Resumes) != 0 {
		t.Errorf("the run's provenance.json: %+v (%v)", p, err)
	}
	starts, err := os.ReadFile(filepath.Join(IslandDir(dir, 0), StartsFile))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, StartsFile)); err != nil || !bytes.Equal(b, starts) {
		t.Errorf("the run's starting games: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, ExchangeDir)); !os.IsNotExist(err) {
		t.Errorf("the exchange directory is still there: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "slurm", "island-1.out")); err != nil || string(b) != "island 1 gen 0/4\n" {
		t.Errorf("the batch system's log: %q, %v", b, err)
	}
	if fmt.Sprint(snapshot(t, IslandDir(dir, 0))) != fmt.Sprint(islands) {
		t.Error("the merge changed island 0's directory")
	}
	if _, _, err := OpenMerge(dir, merge, nil); err == nil || !strings.Contains(err.Error(), "is in use by another run of this process") {
		t.Errorf("a second merge while the first holds the directory: %v", err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, LockFile)); !os.IsNotExist(err) {
		t.Errorf("the lock is still there after Close: %v", err)
	}
	d, _, err = OpenMerge(dir, merge, nil)
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	p = Provenance{}
	if err := readJSON(filepath.Join(dir, ProvenanceFile), &p); err != nil || len(p.Resumes) != 1 || p.Resumes[0].AfterGeneration != g || !slices.Equal(p.Resumes[0].Args, merge.Args) {
		t.Errorf("provenance.json after a merge again: %+v (%v)", p, err)
	}
}
