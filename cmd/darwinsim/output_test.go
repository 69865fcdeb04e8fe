package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// failWriter accepts limit bytes, then fails every write.
type failWriter struct {
	limit int
	n     int
}

var errDiskFull = errors.New("disk full")

func (f *failWriter) Write(p []byte) (int, error) {
	if f.n+len(p) > f.limit {
		k := max(f.limit-f.n, 0)
		f.n += k
		return k, errDiskFull
	}
	f.n += len(p)
	return len(p), nil
}

// TestOutputLost: a command whose output could not be written exits 1 with
// "writing output", whether the very first write fails or a later one.
func TestOutputLost(t *testing.T) {
	dir := t.TempDir()
	cases := [][]string{
		{"games"},
		{"describe", "war"},
		{"disasm", "war"},
		{"compile", "war"},
		{"compile", "war", "-o", filepath.Join(dir, "war.dspf")},
		{"simulate", "war", "-n", "200"},
		{"simulate", "war", "-n", "200", "--json"},
		{"replay", "war"},
		{"score", "war", "-n", "20"},
		{"bench", "--seconds", "0.001"},
		{"version"},
		{"help"},
		{"evolve", "--pop", "4", "--generations", "1", "--games", "20", "--skill-games", "4", "--from", "war,whist"},
	}
	for _, args := range cases {
		for _, limit := range []int{0, 10} {
			t.Run(fmt.Sprintf("%s/after %d bytes", strings.Join(args, " "), limit), func(t *testing.T) {
				var e bytes.Buffer
				code := run(context.Background(), args, &failWriter{limit: limit}, &e)
				if code != exitError {
					t.Errorf("exit %d, want %d; stderr:\n%s", code, exitError, e.String())
				}
				if !strings.HasPrefix(e.String(), "darwinsim: writing output: disk full") {
					t.Errorf("stderr:\n%s", e.String())
				}
			})
		}
	}
}

// TestDevFull: output to /dev/full (every write fails with ENOSPC) exits 1.
func TestDevFull(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer f.Close()
	for _, args := range [][]string{{"simulate", "war", "-n", "200"}, {"describe"}, {"disasm"}} {
		var e bytes.Buffer
		code := run(context.Background(), args, f, &e)
		if code != exitError || !strings.HasPrefix(e.String(), "darwinsim: writing output: write /dev/full: no space left on device") {
			t.Errorf("%v > /dev/full: exit %d, stderr %q", args, code, e.String())
		}
	}
}

// TestOutputTargets: an output path that is not a regular file is refused
// with exit 1 before any work, and left as it was.
func TestOutputTargets(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "keep")
	os.WriteFile(keep, []byte("keep"), 0o644)
	link := filepath.Join(dir, "link")
	os.Symlink(keep, link)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	unchanged := func() error {
		if fi, err := os.Lstat("/dev/null"); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			return errors.New("/dev/null is no longer a device")
		}
		if to, err := os.Readlink(link); err != nil || to != keep {
			return errors.New("the link was replaced")
		}
		if b, _ := os.ReadFile(keep); string(b) != "keep" {
			return errors.New("the link's target was written")
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			return errors.New("the FIFO was replaced")
		}
		if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
			return errors.New("the directory was replaced")
		}
		return nil
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"compile", "war", "-o", "/dev/null"}, "darwinsim: --out: refusing to write /dev/null: it is a device, not a regular file"},
		{[]string{"compile", "war", "-o", link}, "darwinsim: --out: refusing to write " + link + ": it is a symbolic link, not a regular file"},
		{[]string{"compile", "war", "-o", fifo}, "darwinsim: --out: refusing to write " + fifo + ": it is a FIFO (named pipe), not a regular file"},
		{[]string{"compile", "war", "-o", dir}, "darwinsim: --out: refusing to write " + dir + ": it is a directory, not a regular file"},
		{[]string{"simulate", "war", "-n", "100", "--out", "/dev/null"}, "darwinsim: --out: refusing to write /dev/null: it is a device, not a regular file"},
		{[]string{"simulate", "war", "-n", "100", "--out", link}, "darwinsim: --out: refusing to write " + link + ": it is a symbolic link, not a regular file"},
		{[]string{"simulate", "war", "-n", "100", "--cpuprofile", fifo}, "darwinsim: --cpuprofile: refusing to write " + fifo + ": it is a FIFO (named pipe), not a regular file"},
		{[]string{"simulate", "war", "-n", "100", "--memprofile", "/dev/null"}, "darwinsim: --memprofile: refusing to write /dev/null: it is a device, not a regular file"},
		{[]string{"bench", "--memprofile", dir}, "darwinsim: --memprofile: refusing to write " + dir + ": it is a directory, not a regular file"},
		{[]string{"compile", "war", "-o", filepath.Join(dir, "nodir", "war.dspf")}, "darwinsim: --out: cannot write " + filepath.Join(dir, "nodir", "war.dspf") + ": the directory " + filepath.Join(dir, "nodir") + " does not exist"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, e := runCLI(t, c.args...)
			if code != exitError || out != "" {
				t.Errorf("exit %d, stdout %q; want exit 1 and no output", code, out)
			}
			if first, _, _ := strings.Cut(e, "\n"); first != c.want {
				t.Errorf("stderr:\n got %q\nwant %q", first, c.want)
			}
			if err := unchanged(); err != nil {
				t.Error(err)
			}
		})
	}
	// Profiles are written whole to regular files.
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	if code, _, e := runCLI(t, "simulate", "war", "-n", "100", "--cpuprofile", cpu, "--memprofile", mem); code != exitOK {
		t.Fatal(e)
	}
	for _, p := range []string{cpu, mem} {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// TestExitCodes: unknown commands, arguments and help topics are usage
// errors (2), with cobra's suggestions; an interrupted command exits 130.
func TestExitCodes(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string // start of stderr
	}{
		{[]string{"nosuch"}, exitUsage, "darwinsim: unknown command \"nosuch\" for \"darwinsim\"\nRun 'darwinsim --help' for usage.\n"},
		{[]string{"gmaes"}, exitUsage, "darwinsim: unknown command \"gmaes\" for \"darwinsim\" (did you mean games?)\nRun 'darwinsim --help' for usage.\n"},
		{[]string{"help", "nosuch"}, exitUsage, "darwinsim: unknown help topic \"nosuch\"\nRun 'darwinsim help --help' for usage.\n"},
		{[]string{"help", "simulat"}, exitUsage, "darwinsim: unknown help topic \"simulat\" (did you mean simulate?)\n"},
		{[]string{"help", "completion", "nosuch"}, exitUsage, "darwinsim: unknown help topic \"completion nosuch\""},
		{[]string{"completion", "nosuch"}, exitUsage, "darwinsim: unknown command \"nosuch\" for \"darwinsim completion\"\nRun 'darwinsim completion --help' for usage.\n"},
		{[]string{"completion", "bsh"}, exitUsage, "darwinsim: unknown command \"bsh\" for \"darwinsim completion\" (did you mean bash, fish or zsh?)\n"},
		{[]string{"completion", "bash", "extra"}, exitUsage, "darwinsim: unknown command \"extra\" for \"darwinsim completion bash\""},
		{[]string{"games", "extra"}, exitUsage, "darwinsim: games takes 0 argument(s), got 1"},
		{[]string{"describe", "war", "--seed", "3"}, exitUsage, "darwinsim: unknown flag: --seed: darwinsim describe does not take it ("},
		{[]string{"compile", "war", "--workers", "3"}, exitUsage, "darwinsim: unknown flag: --workers: darwinsim compile does not take it ("},
		{[]string{"replay", "war", "--workers", "3"}, exitUsage, "darwinsim: unknown flag: --workers: darwinsim replay does not take it ("},
		{[]string{"version", "--seed", "3"}, exitUsage, "darwinsim: unknown flag: --seed: darwinsim version does not take it ("},
		{[]string{"completion", "bash", "--seed", "3"}, exitUsage, "darwinsim: unknown flag: --seed: darwinsim completion bash does not take it ("},
		{[]string{}, exitOK, ""},
		{[]string{"help"}, exitOK, ""},
		{[]string{"help", "simulate"}, exitOK, ""},
		{[]string{"completion"}, exitOK, ""},
		{[]string{"completion", "bash"}, exitOK, ""},
		{[]string{"--seed", "3", "simulate", "war", "-n", "10"}, exitOK, ""},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, e := runCLI(t, c.args...)
			if code != c.code || !strings.HasPrefix(e, c.want) || c.want == "" && e != "" {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d, stderr starting %q", code, e, c.code, c.want)
			}
			if code == exitOK && out == "" {
				t.Error("no output")
			}
		})
	}

	// A cancelled context (Ctrl-C or SIGTERM in main) exits 130.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	if code := run(ctx, []string{"simulate", "war", "-n", "100000"}, &o, &e); code != exitInterrupt || e.String() != "darwinsim: interrupted\n" {
		t.Errorf("interrupted simulate: exit %d, stderr %q", code, e.String())
	}
}

// TestWorkersClamped: --workers above 4 per core is lowered to that with a
// warning, and the results are the same.
func TestWorkersClamped(t *testing.T) {
	args := []string{"simulate", "war", "-n", "300", "--json"}
	_, want, _ := runCLI(t, append(args, "--workers", "1")...)
	code, out, e := runCLI(t, append(args, "--workers", "1000000")...)
	if code != exitOK || out != want {
		t.Fatalf("exit %d, stderr %s; output equal to --workers 1: %v", code, e, out == want)
	}
	if !strings.HasPrefix(e, "darwinsim: --workers 1000000 is more than 4 per core; using ") || strings.Count(e, "\n") != 1 {
		t.Errorf("stderr %q, want one line of warning", e)
	}
}

func TestPrintable(t *testing.T) {
	cases := []struct{ in, name, text string }{
		{"Crazy Eights", "Crazy Eights", "Crazy Eights"},
		{"♠ Pique-dame, ünïcode", "♠ Pique-dame, ünïcode", "♠ Pique-dame, ünïcode"},
		{"a\x00b", `a\x00b`, `a\x00b`},
		{"\x1b[2J\x1b[31mred", `\x1b[2J\x1b[31mred`, `\x1b[2J\x1b[31mred`},
		{"line\nforged\tline\r", `line\nforged\tline\r`, "line\nforged\tline\\r"},
		{"del\x7f c1\u009b bidi\u202e zw\u200b", `del\x7f c1\u009b bidi\u202e zw\u200b`, `del\x7f c1\u009b bidi\u202e zw\u200b`},
		{"bad\xff\xfeutf8 \ufffd", `bad\xff\xfeutf8 ` + "\ufffd", `bad\xff\xfeutf8 ` + "\ufffd"},
		{"astral \U000e0001", `astral \U000e0001`, `astral \U000e0001`},
	}
	for _, c := range cases {
		if got := printable(c.in); got != c.name {
			t.Errorf("printable(%q) = %q, want %q", c.in, got, c.name)
		}
		if got := printableText(c.in); got != c.text {
			t.Errorf("printableText(%q) = %q, want %q", c.in, got, c.text)
		}
	}
}

// fakeTTY is a writer that says it is a terminal. It has no lock of its
// own: under -race, a write to it from two goroutines at once is reported.
type fakeTTY struct{ bytes.Buffer }

func (*fakeTTY) IsTerminal() bool { return true }

// TestProgressRace drives the progress line as on a terminal from several
// goroutines at once (run it with -race), and then a whole simulate whose
// Batch workers report to it.
func TestProgressRace(t *testing.T) {
	var w fakeTTY
	p := newProgress(&w, false, 64*1000, "games")
	if !p.on {
		t.Fatal("progress is off on a terminal")
	}
	var wg sync.WaitGroup
	for k := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 1000 {
				p.update(k*1000 + i + 1)
			}
		}()
	}
	wg.Wait()
	p.update(64 * 1000)
	p.done()
	if out := w.String(); !strings.Contains(out, "\r64000/64000 games") || !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("progress output %q", out)
	}
	// The line never goes backwards.
	var q fakeTTY
	p = newProgress(&q, false, 100, "games")
	p.update(100)
	p.update(50)
	if strings.Count(q.String(), "\r") != 1 {
		t.Errorf("progress went backwards: %q", q.String())
	}

	var o bytes.Buffer
	var e fakeTTY
	if code := run(context.Background(), []string{"simulate", "war", "-n", "20000", "--workers", "4"}, &o, &e); code != exitOK {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	if !strings.Contains(e.String(), "20000/20000 games") {
		t.Errorf("no progress line on the terminal: %q", e.String())
	}
	// --quiet: nothing.
	var eq fakeTTY
	if code := run(context.Background(), []string{"simulate", "war", "-n", "2000", "-q"}, &o, &eq); code != exitOK || eq.Len() != 0 {
		t.Errorf("--quiet: exit %d, stderr %q", code, eq.String())
	}
}
