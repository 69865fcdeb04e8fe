package evolve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/fbs"
)

// snapshot returns every file of dir (recursively) with its content, to
// check that a refused operation changed nothing.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		files[strings.TrimPrefix(path, dir)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func names(files map[string]string) []string {
	var ns []string
	for n := range files {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return ns
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// lockOf writes a lock file into dir naming host and pid.
func lockOf(t *testing.T, dir, host string, pid int) {
	t.Helper()
	b, _ := json.Marshal(lockInfo{Host: host, PID: pid, Started: "2024-01-01T00:00:00Z"})
	writeFile(t, filepath.Join(dir, LockFile), string(b)+"\n")
}

// deadPID returns the number of a process of this host that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.ProcessState.Pid()
}

func hostname(t *testing.T) string {
	t.Helper()
	h, err := os.Hostname()
	if err != nil {
		t.Skip(err)
	}
	return h
}

var testInvocation = Invocation{Args: []string{"darwinsim", "evolve", "--out", "x y"}, Go: "go1.x", Workers: 2}

// TestRunDirLock: one run at a time per directory. The lock file names
// this host and process; a second lock of the directory is refused while
// the first is held, whoever holds it on this host or another; a lock
// whose process is gone (on this host) is taken over with a message; and
// the lock file is removed on release, only if it is still this run's.
func TestRunDirLock(t *testing.T) {
	host := hostname(t)
	dir := t.TempDir()
	var notes bytes.Buffer
	l, err := lockDir(dir, &notes)
	if err != nil {
		t.Fatal(err)
	}
	var info lockInfo
	if b, err := os.ReadFile(filepath.Join(dir, LockFile)); err != nil || json.Unmarshal(b, &info) != nil || info.Host != host || info.PID != os.Getpid() {
		t.Fatalf("lock file %+v (%v), want host %s pid %d", info, err, host, os.Getpid())
	}
	if _, err := lockDir(dir, &notes); err == nil || !strings.Contains(err.Error(), "is in use by another run of this process") {
		t.Fatalf("second lock: %v", err)
	}
	if err := l.release(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, LockFile)); !os.IsNotExist(err) {
		t.Fatalf("the lock file is still there after release: %v", err)
	}
	if notes.Len() != 0 {
		t.Errorf("notes: %s", notes.String())
	}

	path := filepath.Join(dir, LockFile)
	for _, tc := range []struct {
		name  string
		setup func()
		want  string // error; "" when taken over
	}{
		{"process gone", func() { lockOf(t, dir, host, deadPID(t)) }, ""},
		{"this process number, from an earlier process", func() { lockOf(t, dir, host, os.Getpid()) }, ""},
		{"process running", func() { lockOf(t, dir, host, os.Getppid()) },
			fmt.Sprintf("run directory %s is in use by process %d on this host (since 2024-01-01T00:00:00Z); wait for that run to end or stop it (if process %d is no darwinsim run, delete %s)", dir, os.Getppid(), os.Getppid(), path)},
		{"another host", func() { lockOf(t, dir, "node-17", 4242) },
			fmt.Sprintf("run directory %s is in use by process 4242 on host node-17 (since 2024-01-01T00:00:00Z): this host cannot tell whether that run goes on; if it has ended, delete %s", dir, path)},
		{"garbage", func() { writeFile(t, path, "not json") },
			fmt.Sprintf(`run directory %s is locked by %s, which names no process (it holds "not json"); if no run is using the directory, delete %s`, dir, path, path)},
		{"empty", func() { writeFile(t, path, "") }, "which names no process"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.setup()
			before, _ := os.ReadFile(path)
			notes.Reset()
			l, err := lockDir(dir, &notes)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("got %v\nwant %q", err, tc.want)
				}
				if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
					t.Fatal("a refused lock changed the lock file")
				}
				os.Remove(path)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer l.release()
			if !l.tookOver || !strings.Contains(notes.String(), path+" was left by process ") || !strings.Contains(notes.String(), "which is gone: taking the lock over") {
				t.Errorf("took over: %v, notes %q", l.tookOver, notes.String())
			}
			if b, _ := os.ReadFile(path); !bytes.Equal(b, l.data) {
				t.Error("the lock file is not this run's after taking it over")
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				t.Errorf("%d files after taking over, want the lock alone", len(entries))
			}
		})
	}

	// Releasing leaves a lock that is no longer this run's in place.
	l, err = lockDir(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	lockOf(t, dir, "node-3", 7)
	if err := l.release(); err == nil || !strings.Contains(err.Error(), "is no longer this run's") {
		t.Errorf("release of a lock someone replaced: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("release removed another run's lock: %v", err)
	}
}

// TestCreateRunDir: a new run's directory names its run (config.json,
// provenance.json) before its first generation and is locked until
// Close; an existing directory is refused unless it is empty or holds only
// what a run that stopped before its first checkpoint left, which is
// removed with a message.
func TestCreateRunDir(t *testing.T) {
	cfg := tinyConfig()
	cfg.Workers = 3
	wantConfig, err := ConfigJSON(cfg)
	if err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, dir string) {
		t.Helper()
		if b, err := os.ReadFile(filepath.Join(dir, ConfigFile)); err != nil || !bytes.Equal(b, wantConfig) {
			t.Errorf("config.json: %q (%v), want %q", b, err, wantConfig)
		}
		var p Provenance
		if err := readJSON(filepath.Join(dir, ProvenanceFile), &p); err != nil || !slices.Equal(p.Args, testInvocation.Args) || p.Workers != 2 || p.Config != tinyConfig() || len(p.Resumes) != 0 {
			t.Errorf("provenance.json: %+v (%v)", p, err)
		}
		if _, err := os.Stat(filepath.Join(dir, LockFile)); err != nil {
			t.Errorf("no lock while the run directory is held: %v", err)
		}
	}
	closed := func(t *testing.T, d *RunDir) {
		t.Helper()
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		if got := names(snapshot(t, d.Dir)); !slices.Equal(got, []string{"/" + ConfigFile, "/" + ProvenanceFile}) {
			t.Errorf("after Close the directory holds %q", got)
		}
	}
	host := hostname(t)

	t.Run("new", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "a", "run")
		var notes bytes.Buffer
		d, err := CreateRunDir(dir, cfg, testInvocation, &notes)
		if err != nil {
			t.Fatal(err)
		}
		check(t, dir)
		if _, err := CreateRunDir(dir, cfg, testInvocation, &notes); err == nil || !strings.Contains(err.Error(), "is in use by another run of this process") {
			t.Errorf("a second run in a held directory: %v", err)
		}
		closed(t, d)
		if notes.Len() != 0 {
			t.Errorf("notes: %s", notes.String())
		}
	})
	t.Run("empty", func(t *testing.T) {
		d, err := CreateRunDir(t.TempDir(), cfg, testInvocation, nil)
		if err != nil {
			t.Fatal(err)
		}
		check(t, d.Dir)
		closed(t, d)
	})
	for _, tc := range []struct {
		name  string
		files []string // in name order
		lock  bool     // a stale lock
	}{
		{"killed writing the first checkpoint", []string{".checkpoint.dsck.tmp123456", ConfigFile, ProvenanceFile}, true},
		{"killed writing config.json", []string{".config.json.tmp1", ProvenanceFile}, false},
		{"killed before the first checkpoint's file", []string{ConfigFile, ProvenanceFile, StartsFile}, false},
		{"stale lock and config.json", []string{ConfigFile}, true},
		{"stale lock alone", nil, true},
		{"temporary file alone", []string{".provenance.json.tmp99"}, false},
	} {
		t.Run("leftovers/"+tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.files {
				writeFile(t, filepath.Join(dir, f), "old "+f)
			}
			if tc.lock {
				lockOf(t, dir, host, deadPID(t))
			}
			var notes bytes.Buffer
			d, err := CreateRunDir(dir, cfg, testInvocation, &notes)
			if err != nil {
				t.Fatal(err)
			}
			check(t, dir)
			if len(tc.files) > 0 && !strings.Contains(notes.String(), dir+" holds only what a run that stopped before its first checkpoint left ("+strings.Join(tc.files, ", ")+"): starting afresh") {
				t.Errorf("notes: %q", notes.String())
			}
			if tc.lock != strings.Contains(notes.String(), "taking the lock over") {
				t.Errorf("notes: %q", notes.String())
			}
			closed(t, d)
		})
	}
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"someone's config.json", []string{ConfigFile}, "already exists and is not empty (it holds config.json); choose another --out"},
		{"someone's starting games", []string{StartsFile}, "already exists and is not empty (it holds starting_games.jsonl); choose another --out"},
		{"other files", []string{"a.txt", "b", "c", "d", "e", ".checkpoint.dsck.tmp1"}, "already exists and is not empty (it holds .checkpoint.dsck.tmp1, a.txt, b, c and 2 more); choose another --out"},
		{"unfinished run", []string{ConfigFile, CheckpointFile, ProvenanceFile}, "holds an unfinished run (its checkpoint.dsck); continue it with darwinsim evolve --resume "},
		{"finished run", append([]string{ConfigFile, CheckpointFile, TimingsFile}, ResultFiles...), "already holds a finished run; choose another --out"},
		// Stopped while writing its result files: --resume writes them.
		{"result files half written", []string{ConfigFile, CheckpointFile, "best.json", "best.txt"}, "holds an unfinished run (its checkpoint.dsck); continue it with darwinsim evolve --resume "},
		{"a directory named like a leftover", []string{ProvenanceFile + "/x"}, "already exists and is not empty (it holds provenance.json)"},
	} {
		t.Run("refused/"+tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.files {
				os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755)
				writeFile(t, filepath.Join(dir, f), "old "+f)
			}
			before := snapshot(t, dir)
			_, err := CreateRunDir(dir, cfg, testInvocation, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant %q", err, tc.want)
			}
			if after := snapshot(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("a refused directory changed: %q, was %q", names(after), names(before))
			}
		})
	}
	t.Run("refused/locked elsewhere", func(t *testing.T) {
		dir := t.TempDir()
		lockOf(t, dir, "node-9", 12)
		before := snapshot(t, dir)
		if _, err := CreateRunDir(dir, cfg, testInvocation, nil); err == nil || !strings.Contains(err.Error(), "is in use by process 12 on host node-9") {
			t.Fatalf("got %v", err)
		}
		if after := snapshot(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Error("a refused directory changed")
		}
	})
}

// newRun makes a run directory of cfg holding the checkpoint cp.
func newRun(t *testing.T, cfg Config, cp *Checkpoint) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	d, err := CreateRunDir(dir, cfg, testInvocation, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cp != nil {
		if err := d.WriteCheckpoint(cp); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestOpenRunDir: a run is resumed from its own directory's checkpoint
// only: the checkpoint must decode (checksum and all) and belong to the
// directory's run (config.json); whatever is refused, the directory is
// left as it was. A directory without a checkpoint says how to start its
// run again.
func TestOpenRunDir(t *testing.T) {
	recs := runTiny(t)
	cp := recs[1].want
	cfg := cp.Config
	resume := Invocation{Args: []string{"darwinsim", "evolve", "--resume", "r"}, Go: "go1.y", Workers: 1}

	t.Run("resumes", func(t *testing.T) {
		dir := newRun(t, cfg, cp)
		writeFile(t, filepath.Join(dir, ".checkpoint.dsck.tmp42"), "half a checkpoint")
		var notes bytes.Buffer
		d, got, err := OpenRunDir(dir, resume, &notes)
		if err != nil {
			t.Fatal(err)
		}
		if df := diff(got[0], recs[1].want); df != "" {
			t.Errorf("checkpoint: %s", df)
		}
		if !strings.Contains(notes.String(), "removed what a stopped run left in "+dir+": .checkpoint.dsck.tmp42") {
			t.Errorf("notes: %q", notes.String())
		}
		var p Provenance
		if err := readJSON(filepath.Join(dir, ProvenanceFile), &p); err != nil || !slices.Equal(p.Args, testInvocation.Args) ||
			len(p.Resumes) != 1 || !slices.Equal(p.Resumes[0].Args, resume.Args) || p.Resumes[0].AfterGeneration != cp.Gen || p.Resumes[0].Go != "go1.y" {
			t.Errorf("provenance.json: %+v (%v)", p, err)
		}
		if d.invocations != 2 {
			t.Errorf("%d invocations, want 2", d.invocations)
		}
		if _, _, err := OpenRunDir(dir, resume, nil); err == nil || !strings.Contains(err.Error(), "in use") {
			t.Errorf("resuming a run being resumed: %v", err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		if got := names(snapshot(t, dir)); !slices.Equal(got, []string{"/checkpoint.dsck", "/config.json", "/provenance.json"}) {
			t.Errorf("after Close: %q", got)
		}
	})

	other := cfg
	other.Seed++
	otherRun := newRun(t, other, nil)
	otherConfig, _ := os.ReadFile(filepath.Join(otherRun, ConfigFile))
	file, err := EncodeCheckpoint(cp)
	if err != nil {
		t.Fatal(err)
	}
	damaged := bytes.Clone(file)
	damaged[len(damaged)/2] ^= 4
	for _, tc := range []struct {
		name string
		mod  func(dir string)
		want string
	}{
		{"another run's checkpoint", func(dir string) { writeFile(t, filepath.Join(dir, ConfigFile), string(otherConfig)) },
			"checkpoint.dsck belongs to another run: it continues run "},
		{"a changed config.json", func(dir string) {
			b, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
			writeFile(t, filepath.Join(dir, ConfigFile), string(b)+" ")
		}, "checkpoint.dsck belongs to another run"},
		{"damaged checkpoint", func(dir string) { writeFile(t, filepath.Join(dir, CheckpointFile), string(damaged)) },
			"checkpoint.dsck: fbs: byte "},
		{"no config.json", func(dir string) { os.Remove(filepath.Join(dir, ConfigFile)) },
			"has a checkpoint but no config.json, which names its run"},
		{"no checkpoint", func(dir string) { os.Remove(filepath.Join(dir, CheckpointFile)) },
			"stopped before its first checkpoint, so there is nothing to resume; start it again (its directory can be reused) with the command that started it: darwinsim evolve --out 'x y'"},
		{"no checkpoint nor provenance", func(dir string) {
			os.Remove(filepath.Join(dir, CheckpointFile))
			os.Remove(filepath.Join(dir, ProvenanceFile))
			writeFile(t, filepath.Join(dir, ".checkpoint.dsck.tmp7"), "")
		}, "stopped before its first checkpoint, so there is nothing to resume; start it again (its directory can be reused) with darwinsim evolve --config "},
		{"not a run directory", func(dir string) {
			for _, f := range []string{CheckpointFile, ConfigFile, ProvenanceFile} {
				os.Remove(filepath.Join(dir, f))
			}
		}, "holds no checkpoint.dsck and no config.json: it is not the directory of a run"},
		{"locked", func(dir string) { lockOf(t, dir, "node-2", 77) }, "is in use by process 77 on host node-2"},
	} {
		t.Run("refused/"+tc.name, func(t *testing.T) {
			dir := newRun(t, cfg, cp)
			tc.mod(dir)
			before := snapshot(t, dir)
			_, _, err := OpenRunDir(dir, resume, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant %q", err, tc.want)
			}
			if after := snapshot(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("a refused resume changed the directory: %q, was %q", names(after), names(before))
			}
		})
	}
	if _, _, err := OpenRunDir(filepath.Join(t.TempDir(), "none"), resume, nil); err == nil || !strings.Contains(err.Error(), "no run directory to resume") {
		t.Errorf("a directory that does not exist: %v", err)
	}
}

// TestRecordTiming: timings.json keeps what every command of a run did
// (its games and seconds, not the whole run's games over its own
// seconds), with the run's totals when every command recorded its time.
func TestRecordTiming(t *testing.T) {
	recs := runTiny(t)
	cp := recs[0].want
	dir := newRun(t, cp.Config, cp)
	d, _, err := OpenRunDir(dir, testInvocation, nil) // provenance: the start and one resume
	if err != nil {
		t.Fatal(err)
	}
	// The command that started the run recorded nothing (it was killed):
	// no totals.
	ts, err := d.RecordTiming(Timing{AfterGeneration: 0, LastGeneration: 1, Games: 300, Seconds: 2, Ended: "interrupted"}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if ts.Games != 300 || ts.Seconds != 2 || ts.GamesPerSecond != 150 || ts.RunGames != 1000 || ts.RunSeconds != nil || len(ts.Invocations) != 1 {
		t.Errorf("timings %+v", ts)
	}
	d.Close()

	// The next resume, and the record of every command: totals.
	d, _, err = OpenRunDir(dir, testInvocation, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	writeFile(t, filepath.Join(dir, TimingsFile), `{"invocations": [{"after_generation": -1, "last_generation": 0, "games": 700, "seconds": 5, "ended": "interrupted"},
		{"after_generation": 0, "last_generation": 1, "games": 300, "seconds": 2, "ended": "interrupted"}]}`)
	ts, err = d.RecordTiming(Timing{AfterGeneration: 1, LastGeneration: 1, Games: 50, Seconds: 1, RescoreSeconds: 3, Ended: "finished"}, 1050)
	if err != nil {
		t.Fatal(err)
	}
	if ts.Games != 50 || ts.GamesPerSecond != 50 || ts.RescoreSeconds != 3 || ts.RunGames != 1050 || ts.RunSeconds == nil || *ts.RunSeconds != 8 ||
		*ts.RunGamesPerSecond != 1050.0/8 || len(ts.Invocations) != 3 || ts.Invocations[2].Ended != "finished" {
		t.Errorf("timings %+v", ts)
	}
	var onDisk Timings
	err = readJSON(filepath.Join(dir, TimingsFile), &onDisk)
	a, _ := json.Marshal(onDisk)
	b, _ := json.Marshal(ts)
	if err != nil || !bytes.Equal(a, b) {
		t.Errorf("timings.json %s (%v), want %s", a, err, b)
	}
}

// TestResumeOlderCheckpoint: a checkpoint that an older darwinsim wrote
// (testdata/checkpoint-v2.dsck, format version 2, in a run directory of
// that build, which wrote config.json only at the end) is refused, naming
// both versions and what to do; checkpoints are not migrated.
func TestResumeOlderCheckpoint(t *testing.T) {
	want := fmt.Sprintf("Checkpoint.version: checkpoint version 2, this build reads version %d: the run was checkpointed by an older darwinsim; finish it with the darwinsim build that wrote it (checkpoints are not migrated)", fbs.CheckpointVersion)
	old := filepath.Join("testdata", "checkpoint-v2.dsck")
	if _, err := ReadCheckpointFile(old); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadCheckpointFile: %v\nwant %q", err, want)
	}
	dir := t.TempDir()
	b, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, CheckpointFile), string(b))
	before := snapshot(t, dir)
	if _, _, err := OpenRunDir(dir, testInvocation, nil); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, CheckpointFile)+": fbs: byte ") || !strings.Contains(err.Error(), want) {
		t.Errorf("OpenRunDir: %v\nwant %q", err, want)
	}
	if after := snapshot(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Error("the refused resume changed the directory")
	}
}
