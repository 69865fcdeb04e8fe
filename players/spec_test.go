package players

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/darwinsim/darwinsim/vm"
)

func TestParse(t *testing.T) {
	good := []struct {
		text  string
		want  Spec
		canon string
	}{
		{"random", Spec{Kind: Random}, "random"},
		{"greedy", Spec{Kind: Greedy}, "greedy"},
		{"ismcts:500", Spec{ISMCTS, 500, DefaultExploration, RolloutRandom}, "ismcts:500"},
		{"mcts:1", Spec{MCTS, 1, DefaultExploration, RolloutRandom}, "mcts:1"},
		{"ismcts:300:0.7", Spec{ISMCTS, 300, 0.7, RolloutRandom}, "ismcts:300:0.7"},
		{"ismcts:300:greedy", Spec{ISMCTS, 300, DefaultExploration, RolloutGreedy}, "ismcts:300:greedy"},
		{"ismcts:300:2:greedy", Spec{ISMCTS, 300, 2, RolloutGreedy}, "ismcts:300:2:greedy"},
		{"ismcts:300:1.2:random", Spec{ISMCTS, 300, 1.2, RolloutRandom}, "ismcts:300"},
		{"ismcts:1000000", Spec{ISMCTS, MaxIterations, DefaultExploration, RolloutRandom}, "ismcts:1000000"},
	}
	for _, c := range good {
		s, err := Parse(c.text)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.text, err)
			continue
		}
		if s != c.want {
			t.Errorf("Parse(%q) = %+v, want %+v", c.text, s, c.want)
		}
		if got := s.String(); got != c.canon {
			t.Errorf("Parse(%q).String() = %q, want %q", c.text, got, c.canon)
		}
		if back, err := Parse(s.String()); err != nil || back != s {
			t.Errorf("%q does not read back: %+v, %v", s.String(), back, err)
		}
	}
	bad := []struct{ text, why string }{
		{"", `unknown policy ""`},
		{"clever", `unknown policy "clever"`},
		{"Greedy", `unknown policy "Greedy"`},
		{"greedy:3", "greedy takes no iterations"},
		{"ismcts", "give ismcts its iterations per decision, as ismcts:500"},
		{"ismcts:", `iterations must be a whole number from 1 to 1000000, got ""`},
		{"ismcts:0", `got "0"`},
		{"ismcts:-5", `got "-5"`},
		{"ismcts:1000001", `got "1000001"`},
		{"ismcts:1e3", `got "1e3"`},
		{"ismcts:10:0", `the exploration constant must be a number above 0 and at most 100, got "0"`},
		{"ismcts:10:-1", `got "-1"`},
		{"ismcts:10:NaN", `the exploration constant must be a number above 0 and at most 100, got "NaN"`},
		{"ismcts:10:slow", `"slow" is neither an exploration constant nor rollouts (random or greedy)`},
		{"ismcts:10:1e9", `got "1e9"`},
		{"ismcts:10:101", `got "101"`},
		{"ismcts:10:", `"" is neither`},
		{"ismcts:10:greedy:1", "the exploration constant comes before the rollouts"},
		{"ismcts:10:1:1", "the exploration constant is given twice"},
		{"ismcts:10:greedy:random", "the rollouts are given twice"},
		{"ismcts:10:fast", `"fast" is neither`},
	}
	for _, c := range bad {
		_, err := Parse(c.text)
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("Parse(%q) = %v, want an error saying %q", c.text, err, c.why)
		}
	}
}

func TestParseList(t *testing.T) {
	specs, err := ParseList(" ismcts:20 , greedy")
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatList(specs); got != "ismcts:20,greedy" {
		t.Errorf("FormatList = %q", got)
	}
	if _, err := ParseList("greedy,,random"); err == nil {
		t.Error("an empty spec in a list is accepted")
	}
}

// Configure: built-in policies stay the VM's; search specs become a
// factory of fresh players, one per seat and worker.
func TestConfigure(t *testing.T) {
	specs, err := ParseList("greedy,ismcts:10,random")
	if err != nil {
		t.Fatal(err)
	}
	var cfg vm.BatchConfig
	Configure(&cfg, specs)
	if want := []vm.Policy{vm.Greedy, vm.Random, vm.Random}; len(cfg.Policies) != 3 || cfg.Policies[0] != want[0] || cfg.Policies[1] != want[1] || cfg.Policies[2] != want[2] {
		t.Errorf("policies %v, want %v", cfg.Policies, want)
	}
	if cfg.Players(0) != nil || cfg.Players(2) != nil {
		t.Error("a built-in policy got a Player")
	}
	a, b := cfg.Players(1), cfg.Players(1)
	if a == nil || a == b {
		t.Error("the search seat did not get a fresh Player per call")
	}
	specs, _ = ParseList("greedy")
	Configure(&cfg, specs)
	if cfg.Players != nil {
		t.Error("a configuration without searches has a factory of players")
	}
}

// A batch of slow search games stops soon after its context is cancelled:
// workers check after every game, not every few hundred.
func TestBatchWithSearchCancels(t *testing.T) {
	p := program(t, "crazy-eights")
	specs, _ := ParseList("ismcts:300")
	ctx, cancel := context.WithCancel(context.Background())
	cfg := vm.BatchConfig{Games: 100000, Seed: 1, Workers: 2}
	Configure(&cfg, specs)
	var played atomic.Int64
	cfg.Progress = func(done int) {
		played.Store(int64(done))
		if done >= 10 {
			cancel()
		}
	}
	if _, err := vm.Batch(ctx, p, cfg); err != context.Canceled {
		t.Fatalf("Batch after cancel: %v, want context.Canceled", err)
	}
	if n := played.Load(); n > 100 {
		t.Errorf("%d games reported before the batch stopped", n)
	}
}
