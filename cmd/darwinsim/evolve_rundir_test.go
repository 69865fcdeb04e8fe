package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/fbs"
)

// tiny returns the arguments of a run of a tenth of a second (a few games
// per evaluation, no skill games, one game of the hall re-scored), for the
// tests of run directories, which run under the race detector.
func tiny(t *testing.T) []string {
	t.Helper()
	cfg := write(t, filepath.Join(t.TempDir(), "tiny.json"),
		`{"population": 4, "generations": 2, "games": 10, "skill_games": 0, "ablation_games": 100, "rescore": 1}`)
	return []string{"--config", cfg, "--from", runFrom}
}

// execute runs the CLI in-process like run, and returns the command's
// error itself, for the tests of what it wraps.
func execute(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	root := newRootCmd(&globals{}, stdout, stderr)
	root.SetArgs(args)
	return root.ExecuteContext(ctx)
}

// dirFiles returns every file of dir with its content.
func dirFiles(t *testing.T, dir string) map[string]string {
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

// sameFiles fails t unless the result files of run directories a and b
// are the same bytes.
func sameFiles(t *testing.T, a, b string) {
	t.Helper()
	for _, f := range resultFiles {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, f))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between %s and %s (%v)", f, a, b, err)
		}
	}
}

// noLock fails t if the run directory is still locked.
func noLock(t *testing.T, dir string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir, evolve.LockFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s is still locked after the command ended (%v)", dir, err)
	}
}

func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestEvolveResumeAnotherRun: run X's checkpoint copied into run Y's
// directory is refused by --resume, which leaves Y as it was.
func TestEvolveResumeAnotherRun(t *testing.T) {
	x, _ := evolveRun(t, append(tiny(t), "--seed", "5")...)
	y, _ := evolveRun(t, append(tiny(t), "--seed", "6")...)
	copyFile(t, filepath.Join(x, evolve.CheckpointFile), filepath.Join(y, evolve.CheckpointFile))
	before := dirFiles(t, y)
	code, _, e := runCLI(t, "evolve", "--resume", y)
	if code != exitError || !strings.Contains(e, "darwinsim: "+filepath.Join(y, "checkpoint.dsck")+" belongs to another run: it continues run ") || !strings.Contains(e, "seed 5,") {
		t.Fatalf("exit %d: %s", code, e)
	}
	if fmt.Sprint(dirFiles(t, y)) != fmt.Sprint(before) {
		t.Error("the refused resume changed the run directory")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// blockOn is a writer that, once the output holds a marker, signals
// reached and waits for release: a run held at a known point.
type blockOn struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	marker  string
	once    sync.Once
	reached chan struct{}
	release chan struct{}
}

func (b *blockOn) Write(p []byte) (int, error) {
	b.mu.Lock()
	n, err := b.buf.Write(p)
	hit := strings.Contains(b.buf.String(), b.marker)
	b.mu.Unlock()
	if hit {
		b.once.Do(func() {
			close(b.reached)
			<-b.release
		})
	}
	return n, err
}

// TestEvolveOutLocked: while a run writes to its directory, a second
// evolve --out or --resume of that directory is refused, and the first
// run ends as it would have alone; the lock is gone when it ends.
func TestEvolveOutLocked(t *testing.T) {
	args := tiny(t)
	dir := filepath.Join(t.TempDir(), "run")
	w := &blockOn{marker: "gen   1/2", reached: make(chan struct{}), release: make(chan struct{})}
	var code int
	var errOut bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		code = run(context.Background(), append(append([]string{"evolve"}, args...), "--out", dir), w, &errOut)
	}()
	<-w.reached
	for _, second := range [][]string{append(append([]string{"evolve"}, args...), "--out", dir), {"evolve", "--resume", dir}} {
		c, _, e := runCLI(t, second...)
		if c != exitError || !strings.Contains(e, "darwinsim: run directory "+dir+" is in use by another run of this process") {
			t.Errorf("%s while a run writes to the directory: exit %d: %s", strings.Join(second, " "), c, e)
		}
	}
	close(w.release)
	<-done
	if code != exitOK {
		t.Fatalf("the first run: exit %d: %s", code, errOut.String())
	}
	noLock(t, dir)
	alone, _ := evolveRun(t, args...)
	sameFiles(t, dir, alone)
}

// TestEvolveLeftovers: a run killed while it wrote its first checkpoint
// leaves config.json, provenance.json, a temporary file and its lock.
// --resume then says that the run stopped before its first checkpoint and
// how to start it again, changing nothing; --out starts it afresh in the
// same directory, saying so, and writes what a run in a new directory
// writes.
func TestEvolveLeftovers(t *testing.T) {
	args := tiny(t)
	clean, _ := evolveRun(t, args...)
	dir := filepath.Join(t.TempDir(), "run")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(clean, "config.json"), filepath.Join(dir, "config.json"))
	copyFile(t, filepath.Join(clean, "provenance.json"), filepath.Join(dir, "provenance.json"))
	copyFile(t, filepath.Join(clean, "checkpoint.dsck"), filepath.Join(dir, ".checkpoint.dsck.tmp2961"))
	host, _ := os.Hostname()
	gone := exec.Command(os.Args[0], "-test.run=^$")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	staleLock := func() {
		lock := fmt.Sprintf(`{"host":%q,"pid":%d,"started":"2024-05-01T10:00:00Z"}`, host, gone.ProcessState.Pid())
		if err := os.WriteFile(filepath.Join(dir, evolve.LockFile), []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before := dirFiles(t, dir)
	staleLock()

	// The stale lock is taken over (and so gone), nothing else changes.
	code, _, e := runCLI(t, "evolve", "--resume", dir)
	if code != exitError || !strings.Contains(e, "darwinsim: the run in "+dir+" stopped before its first checkpoint, so there is nothing to resume; start it again (its directory can be reused) with the command that started it: darwinsim ") {
		t.Fatalf("--resume: exit %d: %s", code, e)
	}
	if !strings.Contains(e, "darwinsim: "+filepath.Join(dir, ".lock")+" was left by process ") {
		t.Errorf("--resume did not say it took the stale lock over: %s", e)
	}
	if after := dirFiles(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("the refused resume changed the directory")
	}
	staleLock()

	code, _, e = runCLI(t, append(append([]string{"evolve"}, args...), "--out", dir)...)
	if code != exitOK {
		t.Fatalf("--out: exit %d: %s", code, e)
	}
	for _, want := range []string{
		"darwinsim: " + filepath.Join(dir, ".lock") + " was left by process ",
		"darwinsim: " + dir + " holds only what a run that stopped before its first checkpoint left (.checkpoint.dsck.tmp2961, config.json, provenance.json): starting afresh",
	} {
		if !strings.Contains(e, want) {
			t.Errorf("stderr %q does not say %q", e, want)
		}
	}
	sameFiles(t, dir, clean)
	if _, err := os.Stat(filepath.Join(dir, ".checkpoint.dsck.tmp2961")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the leftover temporary file is still there")
	}
	noLock(t, dir)
}

// TestEvolveResumeRecords: a run interrupted after a generation, or during
// its final re-score (after its last checkpoint), says how to continue it,
// with an error that is evolve.ErrInterrupted; --resume then ends it with
// exactly the files of the uninterrupted run. timings.json records what
// each command did (its own games and seconds, and the run's totals), and
// provenance.json keeps the command that started the run and adds each
// resume.
func TestEvolveResumeRecords(t *testing.T) {
	args := tiny(t)
	full, _ := evolveRun(t, args...)
	var fullTimings evolve.Timings
	readJSONFile(t, filepath.Join(full, "timings.json"), &fullTimings)
	if len(fullTimings.Invocations) != 1 || fullTimings.RunSeconds == nil || fullTimings.Games != fullTimings.RunGames || fullTimings.Invocations[0].Ended != "finished" {
		t.Errorf("timings.json of an uninterrupted run: %+v", fullTimings)
	}
	for _, tc := range []struct {
		name, marker, want string
		after              int
	}{
		{"after generation 1", "gen   1/2", "evolution interrupted at a generation boundary; continue with: darwinsim evolve --resume %s (from its checkpoint of generation 1)", 1},
		{"during the final re-score", "generation 0: best", "evolution interrupted during the final re-score, after the run's last generation, whose checkpoint is on disk; finish the run with: darwinsim evolve --resume %s", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := interruptRun(t, args, tc.marker, tc.want)
			if _, err := os.Stat(filepath.Join(dir, "best.json")); err == nil {
				t.Fatal("the interrupted run wrote its results")
			}

			code, o, e := runCLI(t, "evolve", "--resume", dir, "--workers", "1")
			if code != exitOK {
				t.Fatalf("resume: exit %d: %s", code, e)
			}
			if !strings.Contains(o, fmt.Sprintf("resuming %s after generation %d of 2", dir, tc.after)) {
				t.Errorf("resume output:\n%s", o)
			}
			sameFiles(t, dir, full)
			noLock(t, dir)

			var ts evolve.Timings
			readJSONFile(t, filepath.Join(dir, "timings.json"), &ts)
			inv := ts.Invocations
			if len(inv) != 2 || inv[0].AfterGeneration != -1 || inv[0].LastGeneration != tc.after || inv[0].Ended != "interrupted" ||
				inv[1].AfterGeneration != tc.after || inv[1].LastGeneration != 2 || inv[1].Ended != "finished" {
				t.Fatalf("timings.json invocations: %+v", inv)
			}
			// Each command's own games and seconds; the run's games are
			// the uninterrupted run's. A command interrupted during the
			// re-score had played the whole run, and its resume plays
			// again what came after the last checkpoint (the pruning of
			// the hall of fame).
			if ts.RunGames != fullTimings.RunGames || ts.Games != inv[1].Games || ts.Seconds != inv[1].Seconds ||
				ts.RunSeconds == nil || *ts.RunSeconds != inv[0].Seconds+inv[1].Seconds || ts.GamesPerSecond != float64(ts.Games)/ts.Seconds {
				t.Errorf("timings.json: %+v (the uninterrupted run played %d games)", ts, fullTimings.RunGames)
			}
			if tc.after < 2 && (inv[0].Games+inv[1].Games != ts.RunGames || inv[0].Games == 0 || inv[1].Games == 0) ||
				tc.after == 2 && (inv[0].Games != ts.RunGames || inv[1].Games >= ts.RunGames) {
				t.Errorf("timings.json invocations: %+v, the run played %d games", inv, ts.RunGames)
			}

			var p evolve.Provenance
			readJSONFile(t, filepath.Join(dir, "provenance.json"), &p)
			if len(p.Args) == 0 || len(p.Resumes) != 1 || p.Resumes[0].AfterGeneration != tc.after || p.Resumes[0].Workers != 1 || p.Config != fullTimingsConfig(t, full) {
				t.Errorf("provenance.json: %+v", p)
			}
		})
	}
}

// fullTimingsConfig is the configuration a run directory's config.json
// holds.
func fullTimingsConfig(t *testing.T, dir string) evolve.Config {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := evolve.ParseConfig(evolve.Config{}, data)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestEvolveCountBounds: counts that would overflow, or make a run that
// never ends, are usage errors, all of them reported at once.
func TestEvolveCountBounds(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--games", "9223372036854775807"}, []string{"games per evaluation must be between 10 and 10000000, got 9223372036854775807"}},
		{[]string{"--skill-games", "10000001", "--pop", "1", "--generations", "-1"}, []string{
			"population must be between 2 and 100000, got 1", "generations must be between 0 and 1000000, got -1", "skill games must be between 0 and 10000000, got 10000001"}},
		{[]string{"--pop", "100000", "--generations", "1000000", "--games", "10000000"}, []string{"plays more than 1000000000000000 games"}},
	} {
		dir := filepath.Join(t.TempDir(), "run")
		code, _, e := runCLI(t, append(append([]string{"evolve"}, tc.args...), "--out", dir)...)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d: %s", tc.args, code, exitUsage, e)
		}
		for _, w := range tc.want {
			if !strings.Contains(e, w) {
				t.Errorf("%s: stderr %q does not say %q", tc.args, e, w)
			}
		}
		if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: the refused run made its directory", tc.args)
		}
	}
}

// TestEvolveNoWinner: a run whose every game is degenerate has no best
// game to report: a clear error, not a crash.
func TestEvolveNoWinner(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, e := runCLI(t, append(append([]string{"evolve"}, tiny(t)...), "--from", "war", "--out", dir)...)
	if code != exitError || !strings.HasPrefix(e, "darwinsim: the run has no winner: every game it scored is degenerate (the last generation's best: players never make an informed choice") {
		t.Fatalf("exit %d: %s", code, e)
	}
	noLock(t, dir)
}

// TestEvolveResumeOlderCheckpoint: --resume of a run checkpointed by an
// older darwinsim names both versions and what to do.
func TestEvolveResumeOlderCheckpoint(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, filepath.Join("..", "..", "evolve", "testdata", "checkpoint-v2.dsck"), filepath.Join(dir, "checkpoint.dsck"))
	code, _, e := runCLI(t, "evolve", "--resume", dir)
	want := fmt.Sprintf("checkpoint version 2, this build reads version %d: the run was checkpointed by an older darwinsim; finish it with the darwinsim build that wrote it (checkpoints are not migrated)", fbs.CheckpointVersion)
	if code != exitError || !strings.Contains(e, want) {
		t.Errorf("exit %d: %s", code, e)
	}
	noLock(t, dir)
}

// interruptRun runs evolve with args into a new directory, cancelled once
// its output shows marker, and checks that the command stops with the
// message want (its %s the directory), wrapping evolve.ErrInterrupted,
// and leaves no lock. It returns the directory.
func interruptRun(t *testing.T, args []string, marker, want string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelOn{marker: marker, cancel: cancel}
	var errOut bytes.Buffer
	err := execute(ctx, append(append([]string{"evolve"}, args...), "--out", dir), out, &errOut)
	if !errors.Is(err, evolve.ErrInterrupted) || err.Error() != fmt.Sprintf(want, dir) {
		t.Fatalf("interrupted run: %v\nwant %q, wrapping evolve.ErrInterrupted", err, fmt.Sprintf(want, dir))
	}
	noLock(t, dir)
	return dir
}
