package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestTwoPacksFromTheCLI: a genome of two packs, written by a researcher
// as a JSON file, is described, simulated and replayed by the CLI; three
// packs, and a tableau with two, are errors at their JSON paths.
func TestTwoPacksFromTheCLI(t *testing.T) {
	g := testkit.SeedGenome(t, "hearts-match")
	g.Name = "hearts-match-2packs"
	g.Deck.Packs = 2
	js, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "hearts-match-2packs.json")
	if err := os.WriteFile(file, js, 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runCLI(t, "describe", file)
	if code != 0 || !strings.Contains(out, "two packs shuffled together") || !strings.Contains(out, "(104 cards;") || !strings.Contains(out, "the first pack's 2C starts") {
		t.Fatalf("describe: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "simulate", file, "-n", "100", "--seed", "5")
	if code != 0 || !strings.Contains(out, "hearts-match-2packs") || !strings.Contains(out, "aborted 0") || !strings.Contains(out, "turns per deal 26.00") {
		t.Fatalf("simulate: exit %d, stderr %q; want 26 tricks a deal, stdout:\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "replay", file, "--seed", "5", "--game", "1")
	if code != 0 || strings.Count(out, "QS") < 2 {
		t.Fatalf("replay: exit %d, stderr %q; want both queens of spades in the trace, stdout:\n%s", code, errOut, out)
	}

	bad := strings.Replace(string(js), `"packs": 2`, `"packs": 3`, 1)
	if bad == string(js) {
		t.Fatalf("the genome's JSON has no \"packs\": 2: %s", js)
	}
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "simulate", file, "-n", "10")
	if code == 0 || !strings.Contains(errOut, "$.deck.packs: must be 1 or 2 (absent: 1), got 3") {
		t.Fatalf("three packs: exit %d, stderr %q", code, errOut)
	}

	s := testkit.SeedGenome(t, "sevens")
	s.Deck.Packs = 2
	js, err = s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, js, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "simulate", file, "-n", "10")
	if code == 0 || !strings.Contains(errOut, "$.turn[0]: a suit's sequence holds each card once") {
		t.Fatalf("a tableau with two packs: exit %d, stderr %q", code, errOut)
	}
}
