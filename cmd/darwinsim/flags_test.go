package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// rawRequest builds a batch request file without WriteBatchRequest's
// checks, as a script in another language could.
func rawRequest(code []byte, games uint64, seats byte, specs []string, seed uint64, workers uint32) []byte {
	b := flatbuffers.NewBuilder(len(code) + 128)
	progOff := b.CreateByteVector(code)
	specsOff := specVector(b, specs)
	fb.BatchRequestStart(b)
	fb.BatchRequestAddVersion(b, fbs.BatchRequestVersion)
	fb.BatchRequestAddProgram(b, progOff)
	fb.BatchRequestAddGames(b, games)
	fb.BatchRequestAddSeats(b, seats)
	if specsOff != 0 {
		fb.BatchRequestAddPolicySpecs(b, specsOff)
	}
	fb.BatchRequestAddSeed(b, seed)
	fb.BatchRequestAddWorkers(b, workers)
	b.FinishWithFileIdentifier(fb.BatchRequestEnd(b), []byte(fbs.BatchRequestIdentifier))
	return b.FinishedBytes()
}

// specVector writes a request's policy_specs, or nothing (0) for nil.
func specVector(b *flatbuffers.Builder, specs []string) flatbuffers.UOffsetT {
	if specs == nil {
		return 0
	}
	offs := make([]flatbuffers.UOffsetT, len(specs))
	for i, s := range specs {
		offs[i] = b.CreateString(s)
	}
	fb.BatchRequestStartPolicySpecsVector(b, len(offs))
	for i := len(offs) - 1; i >= 0; i-- {
		b.PrependUOffsetT(offs[i])
	}
	return b.EndVector(len(offs))
}

// TestRequestFlags: the flags a request file holds are usage errors with
// --request; --quiet silences progress only; policy counts are checked.
func TestRequestFlags(t *testing.T) {
	dir := t.TempDir()
	req := filepath.Join(dir, "req.dsrq")
	code := testkit.SeedProgram(t, "uno-style")
	os.WriteFile(req, rawRequest(code, 400, 3, []string{"greedy", "random", "random"}, 99, 4000), 0o644)
	for _, flag := range [][]string{{"-n", "5"}, {"--games", "5"}, {"--seed", "99"}, {"--players", "3"}, {"-p", "3"}, {"--policy", "greedy"}} {
		c, _, e := runCLI(t, append([]string{"simulate", "--request", req}, flag...)...)
		name := strings.TrimLeft(flag[0], "-")
		if name == "n" {
			name = "games"
		} else if name == "p" {
			name = "players"
		}
		if want := "darwinsim: --" + name + " cannot be given with --request: the request file holds it\n"; c != exitUsage || !strings.HasPrefix(e, want) {
			t.Errorf("%v: exit %d, stderr %q", flag, c, e)
		}
	}
	_, want, _ := runCLI(t, "simulate", "uno-style", "-n", "400", "-p", "3", "--policy", "greedy,random,random", "--seed", "99")
	want = strings.Replace(want, "uno-style", req, 1)
	for _, extra := range [][]string{{"-q"}, {"--workers", "2"}, {"-q", "--workers", "2"}} {
		c, out, e := runCLI(t, append([]string{"simulate", "--request", req}, extra...)...)
		if c != exitOK || out != want {
			t.Errorf("%v: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", extra, c, e, out, want)
		}
		// The request asks for a million workers: clamped with a warning,
		// unless --workers overrides it.
		warned := strings.Contains(e, req+": workers 4000 is more than 4 per core")
		if warned == strings.Contains(strings.Join(extra, " "), "--workers") {
			t.Errorf("%v: stderr %q", extra, e)
		}
	}
	// Two policies for four seats: refused, not two seats silently random.
	bad := filepath.Join(dir, "bad.dsrq")
	os.WriteFile(bad, rawRequest(code, 400, 4, []string{"greedy", "ismcts:5"}, 1, 0), 0o644)
	c, _, e := runCLI(t, "simulate", "--request", bad)
	if c != exitError || !strings.HasPrefix(e, "darwinsim: "+bad+": ") || !strings.Contains(e, "2 policies for 4 seats") {
		t.Errorf("2 policies for 4 seats: exit %d, stderr %q", c, e)
	}
}

// TestPolicyCount: a policy list has one entry or one per seat, in every
// command that takes one.
func TestPolicyCount(t *testing.T) {
	for _, args := range [][]string{
		{"replay", "uno-style", "--policy", "greedy,greedy"},
		{"simulate", "uno-style", "-n", "10", "--policy", "greedy,greedy"},
		{"replay", "uno-style", "-p", "3", "--policy", "greedy,greedy,random,random"},
	} {
		code, out, e := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(e, "darwinsim: ") || !strings.Contains(e, " policies for ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, e)
		}
	}
	for _, args := range [][]string{
		{"replay", "uno-style", "--policy", "greedy"},
		{"replay", "uno-style", "--policy", "greedy,random,random,greedy"},
		{"replay", "uno-style", "-p", "2", "--policy", "greedy,random"},
	} {
		if code, _, e := runCLI(t, args...); code != exitOK {
			t.Errorf("%v: exit %d, stderr %q", args, code, e)
		}
	}
}
