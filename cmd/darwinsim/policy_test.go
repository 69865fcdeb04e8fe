package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
)

// gameOf returns what game i of a simulate batch was, from the batch's
// counts: the difference between the statistics of its first i+1 games
// and of its first i, in the words of replay's result line.
func gameOf(t *testing.T, args []string, i int) string {
	t.Helper()
	stats := func(n int) *statsReport {
		r := statsReport{Stats: &jsonStats{}}
		if n == 0 {
			return &r
		}
		code, out, e := runCLI(t, append(append([]string{"simulate"}, args...), "-n", strconv.Itoa(n), "--json", "--workers", "3")...)
		if code != exitOK {
			t.Fatalf("simulate %v -n %d: exit %d: %s", args, n, code, e)
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return &r
	}
	a, b := stats(i), stats(i+1)
	if b.Stats.Capped != a.Stats.Capped || b.Stats.Ties != a.Stats.Ties {
		t.Fatalf("game %d was capped or tied; pick another", i)
	}
	winner := -1
	for s := range b.Stats.Wins {
		if b.Stats.Wins[s] != a.Stats.Wins[s] {
			winner = s
		}
	}
	turns := b.Stats.Turns.Sum - a.Stats.Turns.Sum
	decisions := b.Stats.Decisions.Sum - a.Stats.Decisions.Sum
	plays := b.Stats.Plays.Sum - a.Stats.Plays.Sum
	return fmt.Sprintf("result: seat %d wins after %d turns, %d decisions, %d plays", winner, turns, decisions, plays)
}

// replay returns the last line of a replay, its result.
func replayResult(t *testing.T, args []string, i int) string {
	t.Helper()
	code, out, e := runCLI(t, append(append([]string{"replay"}, args...), "-i", strconv.Itoa(i))...)
	if code != exitOK {
		t.Fatalf("replay %v -i %d: exit %d: %s", args, i, code, e)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestReplaySearchPlayers: replay with search players' specs prints the
// very game that simulate counted with the same seed, players and specs,
// whichever worker played it (the batches run on 3 workers, the replay on
// one machine): its winner, turns, decisions and plays are those the
// batch counted for that game.
func TestReplaySearchPlayers(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		games []int
	}{
		{[]string{"crazy-eights", "--policy", "ismcts:30,greedy", "--seed", "5"}, []int{0, 1, 4}},
		{[]string{"crazy-eights", "--policy", "greedy, mcts:20:1.5", "--seed", "9"}, []int{2}},
		{[]string{"uno-style", "-p", "3", "--policy", "ismcts:10", "--seed", "3"}, []int{3}},
	} {
		for _, i := range tc.games {
			if got, want := replayResult(t, tc.args, i), gameOf(t, tc.args, i); got != want {
				t.Errorf("%v game %d: replay says %q, the batch counted %q", tc.args, i, got, want)
			}
		}
	}
	// The specs are played, not read and dropped: the search plays other
	// games than random does in its seat.
	same := 0
	for i := range 5 {
		a := replayResult(t, []string{"--policy", "ismcts:30,greedy", "--seed", "5"}, i)
		b := replayResult(t, []string{"--policy", "random,greedy", "--seed", "5"}, i)
		if a == b {
			same++
		}
	}
	if same == 5 {
		t.Error("ismcts:30 and random replay the same 5 games")
	}
}

// TestSimulatePolicySpecs: simulate reports the specs it played in their
// text form, whatever spaces the flag held, and the same seed gives the
// same bytes with any number of workers, search players included.
func TestSimulatePolicySpecs(t *testing.T) {
	var first string
	for _, w := range []string{"1", "2", "5"} {
		code, out, e := runCLI(t, "simulate", "--policy", " ismcts:20:1.20 , greedy", "-n", "12", "--seed", "4", "--json", "--workers", w)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, e)
		}
		var r statsReport
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if r.Policy != "ismcts:20,greedy" {
			t.Errorf("policy %q, want the specs' text form ismcts:20,greedy", r.Policy)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("--workers %s output differs from --workers 1", w)
		}
	}
	code, out, e := runCLI(t, "simulate", "--policy", "mcts:5:2,random", "-n", "3", "--seed", "4")
	if code != exitOK || !strings.HasPrefix(out, "crazy-eights: 3 games, 2 seats, policy mcts:5:2,random, seed 4\n") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, e, out)
	}
}

// TestRequestPlaysSpecs: simulate --request plays the request's policy
// specs, search players included: its output is what simulate prints for
// the same batch named by flags, and its "policy" is the specs' text.
func TestRequestPlaysSpecs(t *testing.T) {
	dir := t.TempDir()
	req := filepath.Join(dir, "req.dsrq")
	code := testkit.SeedProgram(t, "crazy-eights")
	os.WriteFile(req, rawRequest(code, 30, 0, []string{"ismcts:25:1.25", "greedy"}, 8, 2), 0o644)
	c, got, e := runCLI(t, "simulate", "--request", req, "--json")
	if c != exitOK {
		t.Fatalf("exit %d: %s", c, e)
	}
	_, want, _ := runCLI(t, "simulate", "crazy-eights", "-n", "30", "--policy", "ismcts:25:1.25,greedy", "--seed", "8", "--json")
	if want = strings.Replace(want, `"game": "crazy-eights"`, `"game": `+strconv.Quote(req), 1); got != want {
		t.Errorf("the request's output:\n%s\ndiffers from the flags':\n%s", got, want)
	}
	var r statsReport
	if err := json.Unmarshal([]byte(got), &r); err != nil || r.Policy != "ismcts:25:1.25,greedy" {
		t.Errorf("policy %q (%v)", r.Policy, err)
	}
	_, random, _ := runCLI(t, "simulate", "crazy-eights", "-n", "30", "--policy", "random,greedy", "--seed", "8", "--json")
	if strings.Replace(random, "random,greedy", "ismcts:25:1.25,greedy", 1) == want {
		t.Error("ismcts:25 played the same 30 games as random")
	}
}
