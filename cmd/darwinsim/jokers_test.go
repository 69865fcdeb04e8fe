package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestJokersFromTheCLI: a genome with jokers, written by a researcher as a
// JSON file, is described, simulated and replayed by the CLI.
func TestJokersFromTheCLI(t *testing.T) {
	g := testkit.SeedGenome(t, "president")
	g.Name = "president-jokers"
	g.Deck.Jokers = 2
	js, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "president-jokers.json")
	if err := os.WriteFile(file, js, 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runCLI(t, "describe", file)
	if code != 0 || !strings.Contains(out, "plus two jokers (54 cards;") || !strings.Contains(out, "a joker ranks above every other card") {
		t.Fatalf("describe: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "simulate", file, "-n", "300", "--seed", "5")
	if code != 0 || !strings.Contains(out, "president-jokers") {
		t.Fatalf("simulate: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "replay", file, "--seed", "5", "--game", "1")
	if code != 0 || !strings.Contains(out, "Joker") {
		t.Fatalf("replay: exit %d, stderr %q; want the jokers in the trace, stdout:\n%s", code, errOut, out)
	}

	// Three jokers is an error at its JSON path, with a non-zero exit.
	bad := strings.Replace(string(js), `"jokers": 2`, `"jokers": 3`, 1)
	if bad == string(js) {
		t.Fatalf("the genome's JSON has no \"jokers\": 2: %s", js)
	}
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "simulate", file, "-n", "10")
	if code == 0 || !strings.Contains(errOut, "$.deck.jokers: must be between 0 and 2, got 3") {
		t.Fatalf("three jokers: exit %d, stderr %q", code, errOut)
	}
}
