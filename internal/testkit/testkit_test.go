package testkit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
)

// recorder is a testing.TB that records a failure instead of failing the
// test; Fatalf ends the goroutine it runs on, as testing.T's does.
type recorder struct {
	testing.TB
	failed, fatal bool
	msg           string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed, r.fatal, r.msg = true, true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

// record runs f with a recorder on a goroutine of its own and returns the
// recorder once f has returned or called Fatalf.
func record(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// withUpdate runs f with the -update flag set to u.
func withUpdate(u bool, f func()) {
	old := *update
	*update = u
	defer func() { *update = old }()
	f()
}

func TestGolden(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	withUpdate(false, func() {
		if r := record(t, func(tb testing.TB) { Golden(tb, path, []byte("same\n")) }); r.failed {
			t.Errorf("equal content failed: %s", r.msg)
		}
		r := record(t, func(tb testing.TB) { Golden(tb, path, []byte("other\n")) })
		if !r.failed || r.fatal || !strings.Contains(r.msg, path+" differs from the golden file") || !strings.Contains(r.msg, "--- got\nother\n") {
			t.Errorf("different content: failed %v, fatal %v, message %q", r.failed, r.fatal, r.msg)
		}
		r = record(t, func(tb testing.TB) { Golden(tb, filepath.Join(dir, "missing"), nil) })
		if !r.fatal || !strings.Contains(r.msg, "run go test -update to create it") {
			t.Errorf("missing file: fatal %v, message %q", r.fatal, r.msg)
		}
	})
	// Under -update, Golden writes, creating the directory.
	path = filepath.Join(dir, "new", "y.golden")
	withUpdate(true, func() {
		if r := record(t, func(tb testing.TB) { Golden(tb, path, []byte("fresh\n")) }); r.failed {
			t.Fatalf("update failed: %s", r.msg)
		}
	})
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, []byte("fresh\n")) {
		t.Errorf("after update: %q, %v", got, err)
	}
}

func TestNoPanic(t *testing.T) {
	r := record(t, func(tb testing.TB) {
		defer NoPanic(tb, []byte("in\x00put"))
		panic("boom")
	})
	if !r.fatal || !strings.HasPrefix(r.msg, "panic: boom\ninput: \"in\\x00put\"\n") {
		t.Errorf("fatal %v, message %q", r.fatal, r.msg)
	}
	if r := record(t, func(tb testing.TB) { defer NoPanic(tb, nil) }); r.failed {
		t.Errorf("no panic, but failed: %s", r.msg)
	}
}

func TestSeeds(t *testing.T) {
	for _, name := range genome.SeedNames() {
		g := SeedGenome(t, name)
		code := Compile(t, g)
		if !bytes.Equal(SeedProgram(t, name), code) {
			t.Errorf("%s: SeedProgram differs from Compile(SeedGenome)", name)
		}
		n := LoadSeed(t, name, func(b []byte) (int, error) { return len(b), nil })
		if n != len(code) {
			t.Errorf("%s: LoadSeed passed %d bytes, want %d", name, n, len(code))
		}
	}
	// Each call returns a copy of its own.
	a, b := SeedGenome(t, "war"), SeedGenome(t, "war")
	a.TurnCap++
	if a.TurnCap == b.TurnCap {
		t.Error("SeedGenome returned a shared genome")
	}
	r := record(t, func(tb testing.TB) { SeedGenome(tb, "no-such-game") })
	if !r.fatal || !strings.Contains(r.msg, `no seed game "no-such-game"`) {
		t.Errorf("unknown seed: fatal %v, message %q", r.fatal, r.msg)
	}
	r = record(t, func(tb testing.TB) {
		LoadSeed(tb, "war", func([]byte) (int, error) { return 0, fmt.Errorf("refused") })
	})
	if !r.fatal || r.msg != "load war: refused" {
		t.Errorf("failing loader: fatal %v, message %q", r.fatal, r.msg)
	}
}
