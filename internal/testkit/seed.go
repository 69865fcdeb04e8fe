package testkit

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
)

// SeedGenome returns the seed game name of the embedded library, failing
// the test if it does not parse. Each call returns a fresh copy, which the
// test may change.
func SeedGenome(t testing.TB, name string) *genome.Genome {
	t.Helper()
	g, err := genome.Seed(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Compile compiles g, failing the test if it does not compile.
func Compile(t testing.TB, g *genome.Genome) []byte {
	t.Helper()
	code, err := compile.Compile(g)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return code
}

// SeedProgram returns the bytecode of the seed game name.
func SeedProgram(t testing.TB, name string) []byte {
	t.Helper()
	code, err := compile.Compile(SeedGenome(t, name))
	if err != nil {
		t.Fatalf("compile %s: %v", name, err)
	}
	return code
}

// LoadSeed compiles the seed game name and loads it with load, failing the
// test on any error: testkit.LoadSeed(t, "war", vm.Load) gives a
// *vm.Program. The loader is an argument because testkit does not import
// vm, so that vm's in-package tests can call LoadSeed(t, "war", Load).
func LoadSeed[P any](t testing.TB, name string, load func([]byte) (P, error)) P {
	t.Helper()
	p, err := load(SeedProgram(t, name))
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return p
}
