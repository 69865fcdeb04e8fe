// Package testkit holds the helpers that darwinsim's tests share, so that
// each exists once: loading and compiling the seed games, golden files with
// the -update flag, and turning a panic on a fuzz input into a test
// failure. It is a normal package only so that tests of several packages
// can import it; it is for _test.go files only, and no production code may
// import it.
//
// Importing testkit registers the -update flag in the test binary (a flag
// can be registered only once per binary, so no test defines its own):
//
//	go test ./vm -run TestGoldenOutcomes -update
//
// rewrites the golden files, and the committed fuzz seed corpora kept with
// internal/fuzzcorpus, instead of comparing with them.
//
// testkit imports genome and bytecode/compile but not vm, so that vm's own
// in-package tests can use it (LoadSeed takes the loader as an argument for
// that reason). Tests of genome, bytecode and bytecode/compile use it from
// their external test packages (package genome_test and so on): their
// in-package tests, and those of internal/cardrules, cannot import it
// without an import cycle.
package testkit

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files and committed fuzz seed corpora instead of comparing with them")

// Update reports whether the test binary runs with -update.
func Update() bool { return *update }

// Golden compares got with the golden file at path; with -update it
// rewrites the file instead (creating its directory if need be).
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		WriteGolden(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update if the change is intended)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// WriteGolden writes data to the golden file at path, creating its
// directory if need be. It is for golden files that a test compares in
// its own way rather than byte for byte with Golden.
func WriteGolden(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// NoPanic, deferred, turns a panic into a test failure that shows input
// and the stack, so that a crashing corpus entry fails its own subtest
// instead of ending the test binary (and so hiding every other result):
//
//	f.Fuzz(func(t *testing.T, data []byte) {
//		defer testkit.NoPanic(t, data)
//		...
//	})
func NoPanic(t testing.TB, input []byte) {
	if r := recover(); r != nil {
		t.Fatalf("panic: %v\ninput: %q\n%s", r, input, debug.Stack())
	}
}
