package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// drawStats is four games of two seats with 10 draws, 3 passes and
// blocked games as given.
func drawStats(blocked uint64) *vm.Stats {
	st := &vm.Stats{Games: 4, Seats: 2, Draws: 10, Passes: 3, Blocked: blocked}
	st.Wins[0], st.Wins[1] = 3, 1
	return st
}

// The table prints draws and passes per game always, and the blocked games
// when the game can end blocked or some game did.
func TestStatsTableDrawsPassesBlocked(t *testing.T) {
	const line = "draws per game 2.50, passes per game 0.75"
	for _, c := range []struct {
		blocked  uint64
		canBlock bool
		want     string
	}{
		{0, false, line + "\n"},
		{0, true, line + ", blocked games 0 (0.0%)\n"},
		{1, false, line + ", blocked games 1 (25.0%)\n"},
		{3, true, line + ", blocked games 3 (75.0%)\n"},
	} {
		var b bytes.Buffer
		writeStatsTable(&b, "g", 1, "random", drawStats(c.blocked), tableShows{blocked: c.canBlock})
		out := b.String()
		i := strings.Index(out, "draws per game")
		if i < 0 {
			t.Fatalf("blocked %d, canBlock %v: no draws line in\n%s", c.blocked, c.canBlock, out)
		}
		got := out[i:]
		got = got[:strings.IndexByte(got, '\n')+1]
		if got != c.want {
			t.Errorf("blocked %d, canBlock %v: line %q, want %q", c.blocked, c.canBlock, got, c.want)
		}
		if strings.Count(out, "blocked") != strings.Count(c.want, "blocked") {
			t.Errorf("blocked %d, canBlock %v: blocked games printed elsewhere too:\n%s", c.blocked, c.canBlock, out)
		}
	}
}

// --json always carries the draws, passes, blocked games, fizzled
// effects, responses and cancelled effects: per game (a share for blocked
// games) in the summary, as sums in the raw statistics, also when they
// are 0.
func TestStatsJSONPerGameCounts(t *testing.T) {
	for _, blocked := range []uint64{0, 1} {
		for _, fizzled := range []uint64{0, 3} {
			st := drawStats(blocked)
			st.Fizzled = fizzled
			st.Responses, st.Cancelled = 2*fizzled, fizzled/3
			var b bytes.Buffer
			if err := writeStatsJSON(&b, "g", 1, "random", st); err != nil {
				t.Fatal(err)
			}
			var keys struct {
				Summary map[string]any `json:"summary"`
				Stats   map[string]any `json:"stats"`
			}
			if err := json.Unmarshal(b.Bytes(), &keys); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"draws_per_game", "passes_per_game", "blocked_share", "fizzled_per_game", "responses_per_game", "cancelled_per_game"} {
				if _, ok := keys.Summary[k]; !ok {
					t.Errorf("blocked %d fizzled %d: summary has no %q", blocked, fizzled, k)
				}
			}
			for _, k := range []string{"draws", "passes", "blocked", "fizzled", "responses", "cancelled"} {
				if _, ok := keys.Stats[k]; !ok {
					t.Errorf("blocked %d fizzled %d: stats has no %q", blocked, fizzled, k)
				}
			}
			var r statsReport
			if err := json.Unmarshal(b.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			s := r.Summary
			if s.DrawsPerGame != 2.5 || s.PassesPerGame != 0.75 || s.BlockedShare != float64(blocked)/4 || s.FizzledPerGame != float64(fizzled)/4 {
				t.Errorf("blocked %d fizzled %d: summary draws %v passes %v blocked %v fizzled %v",
					blocked, fizzled, s.DrawsPerGame, s.PassesPerGame, s.BlockedShare, s.FizzledPerGame)
			}
			if s.ResponsesPerGame != float64(2*fizzled)/4 || s.CancelledPerGame != float64(fizzled/3)/4 {
				t.Errorf("blocked %d fizzled %d: summary responses %v cancelled %v, want %v %v",
					blocked, fizzled, s.ResponsesPerGame, s.CancelledPerGame, float64(2*fizzled)/4, float64(fizzled/3)/4)
			}
			if !reflect.DeepEqual((*vm.Stats)(r.Stats), st) {
				t.Errorf("blocked %d fizzled %d: raw stats %+v, want %+v", blocked, fizzled, r.Stats, st)
			}
		}
	}
}

// A game with a blocked rule shows its blocked games in simulate's table
// even when none ended blocked; the same game without the rule does not,
// and a request file of its program prints the same table as the game.
func TestSimulateBlockableGame(t *testing.T) {
	dir := t.TempDir()
	g := testkit.SeedGenome(t, "crazy-eights")
	if blockable(g) || blockable(nil) {
		t.Fatal("crazy-eights has no blocked rule")
	}
	g.End.Blocked = 2
	if !blockable(g) {
		t.Fatal("end.blocked 2 is a blocked rule")
	}
	js, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "blockable.json")
	if err := os.WriteFile(path, js, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, e := runCLI(t, "simulate", path, "-n", "200", "--seed", "5")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	if !strings.Contains(out, ", blocked games ") {
		t.Errorf("no blocked games in the table of a game with a blocked rule:\n%s", out)
	}
	_, plain, _ := runCLI(t, "simulate", "crazy-eights", "-n", "200", "--seed", "5")
	if strings.Contains(plain, "blocked") {
		t.Errorf("blocked games in the table of a game without a blocked rule:\n%s", plain)
	}

	// The request path learns the rule from the program alone.
	prog := testkit.Compile(t, g)
	if d, err := compile.Decompile(prog); err != nil || d.End.Blocked != g.End.Blocked {
		t.Skip("the bytecode does not carry end.blocked: a request cannot say that its game can end blocked")
	}
	req := filepath.Join(dir, "req.dsrq")
	if err := os.WriteFile(req, rawRequest(prog, 200, 0, nil, 5, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fromReq, e := runCLI(t, "simulate", "--request", req, "-q")
	if want := strings.Replace(out, g.Name, req, 1); fromReq != want {
		t.Errorf("request output (%s):\n%s\nwant:\n%s", e, fromReq, want)
	}
}

// fizzledStats is four games of two seats whose 6 draw_cards and 2
// force_discard firings include 3 that fizzled.
func fizzledStats() *vm.Stats {
	st := &vm.Stats{Games: 4, Seats: 2, Fizzled: 3}
	st.Wins[0], st.Wins[1] = 3, 1
	st.Effects[cardrules.DrawCards] = 6
	st.Effects[cardrules.ForceDiscard] = 2
	return st
}

// The effects line ends with the effects per game that fizzled, after the
// firings by type (which count them too).
func TestStatsTableFizzled(t *testing.T) {
	var b bytes.Buffer
	writeStatsTable(&b, "g", 1, "random", fizzledStats(), tableShows{})
	out := b.String()
	i := strings.Index(out, "effects per game:")
	if i < 0 {
		t.Fatalf("no effects line in\n%s", out)
	}
	line := out[i:]
	line = line[:strings.IndexByte(line, '\n')]
	for _, want := range []string{" draw_cards 1.50 ", " force_discard 0.50"} {
		if !strings.Contains(line, want) {
			t.Errorf("effects line %q has no %q", line, want)
		}
	}
	if !strings.HasSuffix(line, "; fizzled 0.75") {
		t.Errorf("effects line %q does not end with %q", line, "; fizzled 0.75")
	}
	if strings.Count(out, "fizzled") != 1 {
		t.Errorf("fizzled printed more than once:\n%s", out)
	}
}

// responseStats is four games of two seats with responses and cancelled
// effects as given.
func responseStats(responses, cancelled uint64) *vm.Stats {
	st := &vm.Stats{Games: 4, Seats: 2, Responses: responses, Cancelled: cancelled}
	st.Wins[0], st.Wins[1] = 3, 1
	st.Effects[cardrules.DrawCards] = 8
	return st
}

// The table prints the responses and cancelled effects per game on a line
// of their own, after the effects line, when the game has responses or
// some game had one; otherwise not at all.
func TestStatsTableResponses(t *testing.T) {
	for _, c := range []struct {
		responses, cancelled uint64
		hasResponses         bool
		want                 string // the line, or "" for none
	}{
		{0, 0, false, ""},
		{0, 0, true, "responses per game 0.00, cancelled 0.00"},
		{9, 0, true, "responses per game 2.25, cancelled 0.00"},
		{6, 1, true, "responses per game 1.50, cancelled 0.25"},
		{5, 2, false, "responses per game 1.25, cancelled 0.50"},
	} {
		var b bytes.Buffer
		writeStatsTable(&b, "g", 1, "random", responseStats(c.responses, c.cancelled), tableShows{responses: c.hasResponses})
		out := b.String()
		name := fmt.Sprintf("responses %d, cancelled %d, has responses %v", c.responses, c.cancelled, c.hasResponses)
		if c.want == "" {
			if strings.Contains(out, "responses") || strings.Contains(out, "cancelled") {
				t.Errorf("%s: responses printed:\n%s", name, out)
			}
			continue
		}
		i := strings.Index(out, "effects per game:")
		if i < 0 {
			t.Fatalf("%s: no effects line in\n%s", name, out)
		}
		lines := strings.Split(out[i:], "\n")
		if len(lines) < 2 || lines[1] != c.want {
			t.Errorf("%s: the line after the effects line is %q, want %q:\n%s", name, lines[1], c.want, out)
		}
		if strings.Count(out, "responses") != 1 || strings.Count(out, "cancelled") != 1 {
			t.Errorf("%s: responses printed more than once:\n%s", name, out)
		}
	}
}

// simulate shows the responses line for a seed game with responses
// (uno-stacking, pinned by a golden file), whether the game is named or
// comes in a request file, and not for the same game without them.
func TestSimulateResponses(t *testing.T) {
	args := []string{"simulate", "uno-stacking", "-n", "2000", "--seed", "3"}
	code, out, e := runCLI(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	testkit.Golden(t, filepath.Join("testdata", "golden", "simulate-uno-stacking.txt"), []byte(out))
	if !strings.Contains(out, "\nresponses per game ") {
		t.Errorf("no responses line for uno-stacking:\n%s", out)
	}

	g := testkit.SeedGenome(t, "uno-stacking")
	req := filepath.Join(t.TempDir(), "req.dsrq")
	if err := os.WriteFile(req, rawRequest(testkit.Compile(t, g), 2000, 0, nil, 3, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fromReq, e := runCLI(t, "simulate", "--request", req, "-q")
	if want := strings.Replace(out, g.Name, req, 1); fromReq != want {
		t.Errorf("request output (%s):\n%s\nwant:\n%s", e, fromReq, want)
	}

	g.Responses = genome.Responses{}
	path := filepath.Join(t.TempDir(), "no-responses.json")
	js, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, js, 0o644); err != nil {
		t.Fatal(err)
	}
	code, plain, e := runCLI(t, "simulate", path, "-n", "200", "--seed", "3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	if strings.Contains(plain, "responses") || strings.Contains(plain, "cancelled") {
		t.Errorf("responses in the table of a game without them:\n%s", plain)
	}
}

// The table prints the captures per game (discard piles taken by paid
// demands) on a line of their own, last, when the game can capture or
// some game did; otherwise not at all. The JSON summary always has them.
func TestStatsTableCaptures(t *testing.T) {
	for _, c := range []struct {
		captures   uint64
		canCapture bool
		want       string // the last line, or "" for none
	}{
		{0, false, ""},
		{0, true, "captures per game 0.00"},
		{138, true, "captures per game 34.50"},
		{6, false, "captures per game 1.50"},
	} {
		st := &vm.Stats{Games: 4, Seats: 2, Captures: c.captures}
		st.Wins[0], st.Wins[1] = 3, 1
		var b bytes.Buffer
		writeStatsTable(&b, "g", 1, "random", st, tableShows{captures: c.canCapture})
		out := b.String()
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		switch last := lines[len(lines)-1]; {
		case c.want == "" && strings.Contains(out, "captures"):
			t.Errorf("captures %d, can capture %v: captures printed:\n%s", c.captures, c.canCapture, out)
		case c.want != "" && (last != c.want || strings.Count(out, "captures") != 1):
			t.Errorf("captures %d, can capture %v: last line %q, want %q once:\n%s", c.captures, c.canCapture, last, c.want, out)
		}
		if got := summarize(st).CapturesPerGame; got != float64(c.captures)/4 {
			t.Errorf("captures %d: summary %v per game", c.captures, got)
		}
	}
}
