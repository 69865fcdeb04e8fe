package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/darwinsim/darwinsim/evolve"
)

// The tests of islands run as processes of their own (evolve --island I
// --exchange DIR, then merge DIR) exec the test binary as darwinsim
// (TestMain), on a run small enough for the race detector: 4 islands of 4
// games, 4 generations, one migration (after generation 2).

// islandConfig is the run's --config file: few games, no skill games, one
// game of the hall re-scored (the re-score of the seed games is most of a
// merge's time).
const islandConfig = `{"population": 4, "generations": 4, "games": 10, "skill_games": 0, "ablation_games": 100, "rescore": 1}`

// cliTimeout bounds every process a test starts.
const cliTimeout = 60 * time.Second

// islandRun returns the run's flags, with its --config file in dir.
func islandRun(t testing.TB, dir string) []string {
	t.Helper()
	conf := filepath.Join(dir, "islands-run.json")
	if err := os.WriteFile(conf, []byte(islandConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"--config", conf, "--from", "war,whist,go-fish,old-maid", "--islands", "4",
		"--migrate-every", "2", "--migrants", "1", "--seed", "5", "-q"}
}

// islandArgs is the command of island i of the run in dir.
func islandArgs(flags []string, dir string, i int, extra ...string) []string {
	args := append([]string{"evolve"}, flags...)
	args = append(args, "--workers", "1", "--island", fmt.Sprint(i), "--exchange", dir)
	return append(args, extra...)
}

// cliProc is darwinsim run as a process of its own.
type cliProc struct {
	args           []string
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{} // closed when the process has ended
	err            error         // Wait's, once done is closed
}

// startCLI starts the test binary as darwinsim on args, ended (killed) at
// the latest after cliTimeout or when the test ends.
func startCLI(t *testing.T, args ...string) *cliProc {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), cliTimeout)
	p := &cliProc{args: args, cmd: exec.CommandContext(ctx, self, args...), done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), "DARWINSIM_TEST_AS_CLI=1")
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		cancel()
		close(p.done)
	}()
	t.Cleanup(func() {
		cancel()
		<-p.done
	})
	return p
}

// wait waits for the process and returns its exit code; a process that
// did not exit by itself (killed at the timeout) fails the test.
func (p *cliProc) wait(t *testing.T) int {
	t.Helper()
	<-p.done
	var ee *exec.ExitError
	switch {
	case p.err == nil:
		return 0
	case errors.As(p.err, &ee) && ee.Exited():
		return ee.ExitCode()
	}
	t.Fatalf("darwinsim %s: %v (not ended within %s?)\nstdout:\n%s\nstderr:\n%s", strings.Join(p.args, " "), p.err, cliTimeout, &p.stdout, &p.stderr)
	return -1
}

// execCLI runs darwinsim on args as a process of its own.
func execCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	p := startCLI(t, args...)
	code = p.wait(t)
	return code, p.stdout.String(), p.stderr.String()
}

// waitForFile waits until path exists, failing the test if p ends first.
func waitForFile(t *testing.T, p *cliProc, path string) {
	t.Helper()
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		select {
		case <-p.done:
			t.Fatalf("darwinsim %s ended (%v) before writing %s\nstdout:\n%s\nstderr:\n%s", strings.Join(p.args, " "), p.err, path, &p.stdout, &p.stderr)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// islandFinished fails t unless island i's process ended with exit 0 and said
// that the island finished the run in dir.
func islandFinished(t *testing.T, p *cliProc, dir string, i int) {
	t.Helper()
	want := fmt.Sprintf("island %d: finished generation 4 (%s); once every island has, darwinsim merge %s makes the run's files\n",
		i, filepath.Join(evolve.IslandDir(dir, i), evolve.CheckpointFile), shellQuote(dir))
	if code := p.wait(t); code != exitOK || !strings.Contains(p.stdout.String(), want) {
		t.Errorf("island %d: exit %d, want 0 and %q\nstdout:\n%s\nstderr:\n%s", i, code, want, &p.stdout, &p.stderr)
	}
}

var (
	localOnce  sync.Once
	localFiles map[string][]byte
	localErr   error
)

// islandLocal returns the files of the run in one process (evolve
// --islands 4 --out LOCAL), made once for every test: its regular files but
// provenance.json and timings.json, and each island's checkpoint
// (island-I/checkpoint.dsck).
func islandLocal(t *testing.T) map[string][]byte {
	t.Helper()
	localOnce.Do(func() {
		// Until it succeeds (a test that fails in it ends here).
		localErr = errors.New("the run in one process failed: see the test that ran it")
		dir, err := os.MkdirTemp("", "darwinsim-islands-")
		if err != nil {
			localErr = err
			return
		}
		defer os.RemoveAll(dir)
		local := filepath.Join(dir, "local")
		args := append(append([]string{"evolve"}, islandRun(t, dir)...), "--workers", "2", "--out", local)
		if code, _, e := execCLI(t, args...); code != exitOK {
			localErr = fmt.Errorf("the run in one process: exit %d: %s", code, e)
			return
		}
		localFiles = map[string][]byte{}
		names := []string{}
		for i := range 4 {
			names = append(names, filepath.Join(filepath.Base(evolve.IslandDir(local, i)), evolve.CheckpointFile))
		}
		names = append(names, topFiles(t, local)...)
		for _, name := range names {
			if localFiles[name], err = os.ReadFile(filepath.Join(local, name)); err != nil {
				localErr = err
				return
			}
		}
		localErr = nil
	})
	if localErr != nil {
		t.Fatal(localErr)
	}
	return localFiles
}

// topFiles lists the regular files of dir, but provenance.json and
// timings.json.
func topFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && e.Name() != evolve.ProvenanceFile && e.Name() != evolve.TimingsFile {
			names = append(names, e.Name())
		}
	}
	return names
}

// sameAsLocal fails t unless the merged run in dir has the files of the
// run in one process, the same bytes, and no other (but provenance.json
// and timings.json), and its islands' checkpoints are the same too.
func sameAsLocal(t *testing.T, dir string) {
	t.Helper()
	local := islandLocal(t)
	for _, name := range slices.Sorted(maps.Keys(local)) {
		got, err := os.ReadFile(filepath.Join(dir, name))
		switch {
		case err != nil:
			t.Errorf("the merged run has no %s: %v", name, err)
		case !bytes.Equal(got, local[name]):
			t.Errorf("the merged run's %s differs from the run in one process's", name)
		}
	}
	if len(local) < 4+10 {
		t.Errorf("only %d files compared: %v", len(local), slices.Sorted(maps.Keys(local)))
	}
	for _, name := range topFiles(t, dir) {
		if _, ok := local[name]; !ok {
			t.Errorf("the merged run has %s, which the run in one process has not", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, evolve.ExchangeDir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the merge left the emigrant files (%v)", err)
	}
}

// mergeRun merges the run in dir, in a process of its own.
func mergeRun(t *testing.T, dir string) {
	t.Helper()
	code, out, e := execCLI(t, "merge", dir, "--workers", "2", "-q")
	if code != exitOK || !strings.Contains(out, "merging the 4 islands of "+dir+": population 4 each, 4 generations, 10 games per evaluation, seed 5\n") {
		t.Fatalf("merge: exit %d, stderr %s, stdout:\n%s", code, e, out)
	}
}

// TestIslandProcesses: the 4 islands of a run, each a process of its own
// started in a scrambled order, then merge, make the files of the run in
// one process, byte for byte (but provenance.json and timings.json), and
// the same islands' checkpoints. The directory's name needs quoting.
func TestIslandProcesses(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	dir := filepath.Join(work, `it's a "run"`)
	flags := islandRun(t, work)
	procs := map[int]*cliProc{}
	for _, i := range []int{2, 0, 3, 1} {
		procs[i] = startCLI(t, islandArgs(flags, dir, i)...)
		time.Sleep(150 * time.Millisecond)
	}
	for i, p := range procs {
		islandFinished(t, p, dir, i)
	}
	if t.Failed() {
		t.FailNow()
	}
	mergeRun(t, dir)
	sameAsLocal(t, dir)
}

// TestIslandSIGTERM: an island stopped by SIGTERM, in a generation or
// while it waits for the others at the migration, exits 130 after its
// checkpoint, saying that the same command continues it; started again
// with it, it ends the run as if it had never stopped.
func TestIslandSIGTERM(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "run")
	flags := islandRun(t, filepath.Dir(dir))
	// Islands 2 and 0 alone cannot pass the migration after generation 2:
	// island 2 is stopped once it has a checkpoint, island 0 once it has
	// written its emigrants and waits.
	stop := map[int]string{
		2: filepath.Join(evolve.IslandDir(dir, 2), evolve.CheckpointFile),
		0: filepath.Join(dir, evolve.ExchangeDir, "gen-2-island-0.dsck"),
	}
	gens := map[int]string{}
	for _, i := range []int{2, 0} {
		p := startCLI(t, islandArgs(flags, dir, i)...)
		waitForFile(t, p, stop[i])
		if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		code := p.wait(t)
		m := regexp.MustCompile(fmt.Sprintf(`\Adarwinsim: SIGTERM: stopping at the next safe point \(again to stop at once\)\n`+
			`darwinsim: island %d interrupted after its checkpoint of generation ([0-4]); the same command continues it\n\z`, i)).FindStringSubmatch(p.stderr.String())
		if code != exitInterrupt || m == nil {
			t.Fatalf("island %d after SIGTERM: exit %d, want %d; stderr:\n%s", i, code, exitInterrupt, &p.stderr)
		}
		gens[i] = m[1]
		t.Logf("island %d stopped after its checkpoint of generation %s", i, m[1])
	}
	if gens[0] != "2" {
		t.Errorf("island 0 stopped at the migration after its checkpoint of generation %s, want 2", gens[0])
	}
	procs := map[int]*cliProc{}
	for _, i := range []int{1, 2, 3, 0} {
		procs[i] = startCLI(t, islandArgs(flags, dir, i)...)
	}
	for i, p := range procs {
		islandFinished(t, p, dir, i)
		if g, ok := gens[i]; ok && !strings.Contains(p.stdout.String(), fmt.Sprintf("island %d of 4: continuing from its checkpoint of generation %s of 4\n", i, g)) {
			t.Errorf("island %d started again does not continue from generation %s:\n%s", i, g, &p.stdout)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	timings, _ := os.ReadFile(filepath.Join(evolve.IslandDir(dir, 2), evolve.TimingsFile))
	if !regexp.MustCompile(`(?s)"ended": "interrupted".*"ended": "finished"`).Match(timings) {
		t.Errorf("island 2's timings.json does not record its two commands:\n%s", timings)
	}
	mergeRun(t, dir)
	sameAsLocal(t, dir)
}

// TestIslandUsage: the island flags' mistakes are usage errors of one
// line, which touch no directory.
func TestIslandUsage(t *testing.T) {
	work := t.TempDir()
	x := filepath.Join(work, "x")
	out := filepath.Join(work, "out")
	isl := []string{"--islands", "4", "--island", "1", "--exchange", x}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--island", "1"}, "--island I and --exchange DIR go together: island I of the run in DIR"},
		{[]string{"--islands", "4", "--exchange", x}, "--island I and --exchange DIR go together: island I of the run in DIR"},
		{[]string{"--island", "1", "--exchange", ""}, "--island I and --exchange DIR go together: island I of the run in DIR"},
		{append(isl, "--out", out), "--out cannot be given with --exchange: "},
		{append(isl, "-o", out), "--out cannot be given with --exchange: "},
		{append(isl, "--report"), "--report: an island writes no report; darwinsim merge --report writes the run's"},
		{append(isl, "--json"), "--json: an island prints no summary (its result is its checkpoint); darwinsim merge --json prints the run's"},
		{[]string{"--islands", "4", "--island", "4", "--exchange", x}, "--island 4: a run of 4 islands has islands 0 to 3"},
		{[]string{"--islands", "4", "--island", "-1", "--exchange", x}, "--island -1: a run of 4 islands has islands 0 to 3"},
		{[]string{"--island", "0", "--exchange", x}, "--island 0: the run has one population (give --islands N, N > 1)"},
		{[]string{"--islands", "1", "--island", "0", "--exchange", x}, "--island 0: the run has one population (give --islands N, N > 1)"},
		{[]string{"--barrier-timeout", "1m"}, "--barrier-timeout is for an island run as a process of its own (--island, --exchange)"},
		{[]string{"--islands", "4", "--barrier-timeout", "1m", "--out", out}, "--barrier-timeout is for an island run as a process of its own (--island, --exchange)"},
		{append(isl, "--barrier-timeout", "0"), "--barrier-timeout must be positive, got 0s"},
		{append(isl, "--barrier-timeout", "-5s"), "--barrier-timeout must be positive, got -5s"},
		{[]string{"--islands", "4", "--topology", "bogus"}, `--topology: unknown topology "bogus" (have ring, random)`},
		{append(isl, "--topology", "bogus"), `--topology: unknown topology "bogus" (have ring, random)`},
		{[]string{"--topology", "random"}, "a topology is used only with islands (more than 1); a run of one population migrates nothing"},
		{[]string{"--islands", "1", "--topology", "random"}, "a topology is used only with islands (more than 1); a run of one population migrates nothing"},
		{[]string{"--resume", x, "--island", "1"}, "--resume continues a run with its own configuration; --island cannot be changed"},
		{[]string{"--resume", x, "--exchange", x}, "--resume continues a run with its own configuration; --exchange cannot be changed"},
		{[]string{"--resume", x, "--barrier-timeout", "1m"}, "--resume continues a run with its own configuration; --barrier-timeout cannot be changed"},
		{[]string{"--resume", x, "--topology", "random"}, "--resume continues a run with its own configuration; --topology cannot be changed"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, stdout, e := runCLI(t, append([]string{"evolve"}, c.args...)...)
			first, rest, _ := strings.Cut(e, "\n")
			if code != exitUsage || stdout != "" || !strings.HasPrefix(first, "darwinsim: "+c.want) || rest != "Run 'darwinsim evolve --help' for usage.\n" {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2, no stdout, and one line that starts %q", code, stdout, e, c.want)
			}
		})
	}
	if entries, _ := os.ReadDir(work); len(entries) != 0 {
		t.Errorf("the usage errors left %v in %s", entries, work)
	}
}

// treeSnapshot is every file and directory under dir, with the files' bytes.
func treeSnapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			files[path+"/"] = ""
			return nil
		}
		b, err := os.ReadFile(path)
		files[path] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// treeChanges lists the files and directories that differ between snapshots.
func treeChanges(before, after map[string]string) []string {
	var diff []string
	for name, b := range before {
		if a, ok := after[name]; !ok || a != b {
			diff = append(diff, name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			diff = append(diff, name+" (new)")
		}
	}
	slices.Sort(diff)
	return diff
}

// TestMergeErrors: merge refuses a directory that is no run's, a plain
// run's, and a run of islands of which one has not started or some have
// not finished, each time with a message that names the problem, and
// changes nothing.
func TestMergeErrors(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	refuse := func(dir string, want ...string) {
		t.Helper()
		before := treeSnapshot(t, work)
		code, out, e := runCLI(t, "merge", dir, "-q")
		if code != exitError || out != "" || strings.Count(e, "\n") != 1 {
			t.Errorf("merge %s: exit %d, want 1 and one line; stdout %q, stderr:\n%s", dir, code, out, e)
		}
		for _, w := range want {
			if !strings.Contains(e, w) {
				t.Errorf("merge %s: the message does not say %q:\n%s", dir, w, e)
			}
		}
		if diff := treeChanges(before, treeSnapshot(t, work)); len(diff) > 0 {
			t.Errorf("merge %s changed %v", dir, diff)
		}
	}
	refuse(filepath.Join(work, "nosuch"), filepath.Join(work, "nosuch")+" is not the directory of a run of islands: ", "no such file or directory")

	// A plain run's directory (stopped after its first generation).
	flags := islandRun(t, work)
	plain := filepath.Join(work, "plain")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	args := append(append([]string{"evolve"}, flags[:4]...), "--seed", "5", "--workers", "1", "-q", "--out", plain)
	if code := run(ctx, args, &o, &e); code != exitInterrupt {
		t.Fatalf("the plain run: exit %d: %s", code, &e)
	}
	refuse(plain, "the run in "+plain+" is a run of one population, which has nothing to merge")

	// Islands 0 to 2 without island 3 give up at the migration, naming it.
	dir := filepath.Join(work, "islands")
	wait := []string{"--barrier-timeout", "2s"}
	var procs []*cliProc
	for i := range 3 {
		procs = append(procs, startCLI(t, islandArgs(flags, dir, i, wait...)...))
	}
	gaveUp := regexp.MustCompile(`\Adarwinsim: island ([0-2]) waited [0-9.]+m?s at the migration after generation 2 for island\(s\) ([0-9, ]+), whose emigrant files \(gen-2-island-N\.dsck\) never came to ` +
		regexp.QuoteMeta(filepath.Join(dir, evolve.ExchangeDir)) + `: are they running, and is the directory shared\? \(started again with the same command, an island continues from its checkpoint\)\n\z`)
	only3 := 0
	for i, p := range procs {
		code := p.wait(t)
		m := gaveUp.FindStringSubmatch(p.stderr.String())
		if code != exitError || m == nil || m[1] != fmt.Sprint(i) || !slices.Contains(strings.Split(m[2], ", "), "3") {
			t.Errorf("island %d without island 3: exit %d, want 1 and a message naming island 3; stderr:\n%s", i, code, &p.stderr)
			continue
		}
		if m[2] == "3" {
			only3++
		}
	}
	if only3 == 0 {
		t.Errorf("no island named island 3 alone, though the last to wait had every other island's emigrants")
	}
	refuse(dir, "island(s) 3 of the run in "+dir+" have no checkpoint: they have not started; run every island (darwinsim evolve --island I --exchange "+dir+" ...) before the merge")

	// Island 3 alone passes the migration (the others' emigrants are
	// there) and finishes; islands 0 to 2 have not.
	islandFinished(t, startCLI(t, islandArgs(flags, dir, 3, wait...)...), dir, 3)
	refuse(dir, "island(s) 0 (at generation 2), 1 (at generation 2), 2 (at generation 2) of the run in "+dir+" have not reached generation 4: run them again with the same command")

	if code, _, e := runCLI(t, "merge"); code != exitUsage || !strings.HasPrefix(e, "darwinsim: merge takes 1 argument(s), got 0\n") {
		t.Errorf("merge without a directory: exit %d: %s", code, e)
	}
}

// TestIslandAlreadyFinished: the command of an island that has finished,
// run again, exits at once, says so, and changes nothing but the island's
// provenance.json and timings.json.
func TestIslandAlreadyFinished(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "run")
	flags := islandRun(t, filepath.Dir(dir))
	procs := map[int]*cliProc{}
	for i := range 4 {
		procs[i] = startCLI(t, islandArgs(flags, dir, i)...)
	}
	for i, p := range procs {
		islandFinished(t, p, dir, i)
	}
	if t.Failed() {
		t.FailNow()
	}
	before := treeSnapshot(t, dir)
	start := time.Now()
	p := startCLI(t, islandArgs(flags, dir, 1)...)
	islandFinished(t, p, dir, 1)
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the finished island took %s", took)
	}
	if !strings.HasPrefix(p.stdout.String(), "island 1 of 4: continuing from its checkpoint of generation 4 of 4\n") {
		t.Errorf("stdout:\n%s", &p.stdout)
	}
	idir := evolve.IslandDir(dir, 1)
	want := []string{filepath.Join(idir, evolve.ProvenanceFile), filepath.Join(idir, evolve.TimingsFile)}
	after := treeSnapshot(t, dir)
	if diff := treeChanges(before, after); !slices.Equal(diff, want) {
		t.Errorf("the finished island's command changed %v, want %v", diff, want)
	}
	// The command of another run (another seed) is refused, changing nothing.
	other := append(islandArgs(flags, dir, 1), "--seed", "6")
	if code, _, e := execCLI(t, other...); code != exitError || !strings.Contains(e, filepath.Join(dir, evolve.ConfigFile)+" is another run's configuration than this island's") {
		t.Errorf("island 1 of another run: exit %d, want 1: %s", code, e)
	}
	if diff := treeChanges(after, treeSnapshot(t, dir)); len(diff) > 0 {
		t.Errorf("the island of another run changed %v", diff)
	}
}
