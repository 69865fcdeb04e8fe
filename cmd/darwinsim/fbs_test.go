package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// needFlatc returns the path of flatc, skipping the test when it is missing
// outside CI (in CI a missing tool is a failure).
func needFlatc(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("flatc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("flatc is not installed (CI=true): .ci/run must install flatbuffers-compiler")
		}
		t.Skip("flatc not installed")
	}
	return path
}

// TestRequestFromScript: a batch request written by a script (here JSON
// turned into a binary by flatc, as any FlatBuffers implementation could)
// runs through "simulate --request", and flatc decodes the result, which
// equals what "simulate" prints for the same batch.
func TestRequestFromScript(t *testing.T) {
	flatc := needFlatc(t)
	dir := t.TempDir()
	code := testkit.SeedProgram(t, "uno-style")
	// encoding/json writes []byte as base64; flatc wants a list of numbers.
	var prog []int
	for _, b := range code {
		prog = append(prog, int(b))
	}
	req := map[string]any{"version": fbs.BatchRequestVersion, "program": prog, "games": 1500, "seats": 3, "policy_specs": []string{"greedy", "random", "random"}, "seed": 99, "workers": 2}
	js, _ := json.Marshal(req)
	os.WriteFile(filepath.Join(dir, "req.json"), js, 0o644)
	schemas, _ := filepath.Abs("../../fbs")
	if out, err := exec.Command(flatc, "--binary", "-o", dir, filepath.Join(schemas, "batch_request.fbs"), filepath.Join(dir, "req.json")).CombinedOutput(); err != nil {
		t.Fatalf("flatc --binary: %v\n%s", err, out)
	}
	reqBin := filepath.Join(dir, "req.dsrq") // flatc names it by the schema's file_extension
	resBin := filepath.Join(dir, "res.bin")
	if code, _, e := runCLI(t, "simulate", "--request", reqBin, "--out", resBin, "--quiet"); code != 0 {
		t.Fatalf("simulate --request: %s", e)
	}
	if out, err := exec.Command(flatc, "--json", "--strict-json", "--raw-binary", "-o", dir, filepath.Join(schemas, "batch_result.fbs"), "--", resBin).CombinedOutput(); err != nil {
		t.Fatalf("flatc --json: %v\n%s", err, out)
	}
	var got struct {
		Seed  uint64 `json:"seed"`
		Games uint64 `json:"games"`
		Stats struct {
			Games uint64   `json:"games"`
			Seats int      `json:"seats"`
			Wins  []uint64 `json:"wins"`
		} `json:"stats"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "res.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	// The same batch through the ordinary command line.
	_, out, _ := runCLI(t, "simulate", "uno-style", "-n", "1500", "-p", "3", "--policy", "greedy,random,random", "--seed", "99", "--json")
	var want statsReport
	if err := json.Unmarshal([]byte(out), &want); err != nil {
		t.Fatal(err)
	}
	if got.Seed != 99 || got.Games != 1500 || got.Stats.Games != 1500 || got.Stats.Seats != 3 {
		t.Fatalf("result header %+v", got)
	}
	if !reflect.DeepEqual(got.Stats.Wins[:3], want.Stats.Wins[:3]) {
		t.Errorf("wins from the request %v, from the command line %v", got.Stats.Wins, want.Stats.Wins[:3])
	}
	st, _, _, err := fbs.ReadBatchResult(mustRead(t, resBin))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st, (*vm.Stats)(want.Stats)) {
		t.Error("the result file's statistics differ from simulate --json's")
	}
}

// TestProgramFile: compile -o writes a program file that every command
// reads back as the same game.
func TestProgramFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "war.dspf")
	if code, _, e := runCLI(t, "compile", "war", "-o", path); code != 0 {
		t.Fatal(e)
	}
	_, a, _ := runCLI(t, "describe", "war")
	_, b, _ := runCLI(t, "describe", path)
	if a != b {
		t.Errorf("describe of the program file differs:\n%s\nvs\n%s", b, a)
	}
	_, a, _ = runCLI(t, "simulate", "war", "-n", "300", "--json")
	_, b, _ = runCLI(t, "simulate", path, "-n", "300", "--json")
	if a != b {
		t.Error("simulate of the program file differs from the seed game's")
	}
	data := mustRead(t, path)
	bad := filepath.Join(t.TempDir(), "bad.dspf")
	os.WriteFile(bad, data[:len(data)/2], 0o644)
	code, _, e := runCLI(t, "disasm", bad)
	if code != exitError || e == "" {
		t.Errorf("truncated program file: exit %d, stderr %q", code, e)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
