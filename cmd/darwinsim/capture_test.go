package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCaptureFromTheCLI: the scopa-lite hybrid, a capture game written as
// a JSON file, is described, simulated and replayed by the CLI; a layout
// too large and a sweep without a capture phase are errors at their JSON
// paths.
func TestCaptureFromTheCLI(t *testing.T) {
	file, err := filepath.Abs("../../testdata/hybrids/scopa-lite.json")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "describe", file)
	if code != 0 || !strings.Contains(out, "face up") || !strings.Contains(out, "add up to its value") {
		t.Fatalf("describe: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "simulate", file, "-n", "200", "--seed", "5")
	if code != 0 || !strings.Contains(out, "scopa-lite") || !strings.Contains(out, "capped 0, aborted 0") {
		t.Fatalf("simulate: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	code, out, errOut = runCLI(t, "replay", file, "--seed", "5", "--game", "1")
	if code != 0 || !strings.Contains(out, "is dealt face up to the layout") || !strings.Contains(out, "captures") {
		t.Fatalf("replay: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}

	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	for _, tc := range []struct{ from, to, want string }{
		{`"layout": 4`, `"layout": 13`, "$.deal.layout: must be between 0 and 12, got 13"},
		{`{"kind": "capture", "equal_first": true}`, `{"kind": "play", "legal": {"op": "true"}}`, "$.score.sweep: scores sweeps, but no phase captures"},
	} {
		js := strings.Replace(string(data), tc.from, tc.to, 1)
		if js == string(data) {
			t.Fatalf("scopa-lite.json has no %s", tc.from)
		}
		if err := os.WriteFile(bad, []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut = runCLI(t, "simulate", bad, "-n", "10")
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Fatalf("%s: exit %d, stderr %q; want %q", tc.to, code, errOut, tc.want)
		}
	}
}
