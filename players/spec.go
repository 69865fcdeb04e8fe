package players

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/darwinsim/darwinsim/vm"
)

// Kind is the kind of a player.
type Kind uint8

// Player kinds.
const (
	Random Kind = iota // vm.Random
	Greedy             // vm.Greedy
	ISMCTS             // information-set MCTS from the seat's own view
	MCTS               // MCTS that sees every card: a yardstick, never a fair player
	numKinds
)

var kindNames = [numKinds]string{"random", "greedy", "ismcts", "mcts"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "kind?"
}

// Bounds of a search spec.
const (
	// MaxIterations is the most iterations a search may spend on one
	// decision: about a second of one core on a short game.
	MaxIterations = 1_000_000
	// DefaultExploration is the UCT exploration constant unless a spec
	// gives one. Rewards are in [0, 1]; on 2-player Crazy Eights against
	// greedy, 1.2 won more often than 0.4, 0.7 or 3 (bench/RESULTS.md).
	DefaultExploration = 1.2
	// MaxExploration bounds the exploration constant a spec may give.
	MaxExploration = 100
)

// Rollout is how a search plays past the leaves of its tree.
type Rollout uint8

// Rollouts.
const (
	RolloutRandom Rollout = iota // uniformly at random
	RolloutGreedy                // as the Greedy policy would, four times in five; else at random
	numRollouts
)

var rolloutNames = [numRollouts]string{"random", "greedy"}

func (r Rollout) String() string {
	if r < numRollouts {
		return rolloutNames[r]
	}
	return "rollout?"
}

// Spec says how one seat plays: a built-in policy, or a search with its
// iterations per decision, exploration constant and rollouts. Its text
// form is the policy spec of the CLI and of batch requests: "random",
// "greedy", "ismcts:N" or "mcts:N", optionally followed by ":C" (the
// exploration constant) and ":greedy" or ":random" (the rollouts), as in
// "ismcts:300:1.0:greedy".
type Spec struct {
	Kind        Kind
	Iterations  int     // ISMCTS and MCTS: iterations per decision, 1..MaxIterations
	Exploration float64 // ISMCTS and MCTS: the UCT constant, > 0
	Rollout     Rollout // ISMCTS and MCTS: how rollouts choose
}

// Search reports whether the spec is a search player (not a built-in
// policy of the VM).
func (s Spec) Search() bool { return s.Kind == ISMCTS || s.Kind == MCTS }

// String returns the spec's text form, which Parse reads back.
func (s Spec) String() string {
	if !s.Search() {
		return s.Kind.String()
	}
	t := s.Kind.String() + ":" + strconv.Itoa(s.Iterations)
	if s.Exploration != DefaultExploration {
		t += ":" + strconv.FormatFloat(s.Exploration, 'g', -1, 64)
	}
	if s.Rollout != RolloutRandom {
		t += ":" + s.Rollout.String()
	}
	return t
}

// Policy returns the built-in policy a spec is, or vm.Random for a search
// player (whose seat a Player decides).
func (s Spec) Policy() vm.Policy {
	if s.Kind == Greedy {
		return vm.Greedy
	}
	return vm.Random
}

// Parse reads one policy spec.
func Parse(text string) (Spec, error) {
	name, arg, hasArg := strings.Cut(text, ":")
	for k, n := range kindNames {
		if n != name {
			continue
		}
		s := Spec{Kind: Kind(k)}
		if !s.Search() {
			if hasArg {
				return Spec{}, fmt.Errorf("policy %q: %s takes no iterations", text, name)
			}
			return s, nil
		}
		if !hasArg {
			return Spec{}, fmt.Errorf("policy %q: give %s its iterations per decision, as %s:500", text, name, name)
		}
		fields := strings.Split(arg, ":")
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 1 || n > MaxIterations {
			return Spec{}, fmt.Errorf("policy %q: iterations must be a whole number from 1 to %d, got %q", text, MaxIterations, fields[0])
		}
		s.Iterations, s.Exploration = n, DefaultExploration
		var gotC, gotR bool
		for _, f := range fields[1:] {
			if r, ok := parseRollout(f); ok {
				if gotR {
					return Spec{}, fmt.Errorf("policy %q: the rollouts are given twice", text)
				}
				s.Rollout, gotR = r, true
				continue
			}
			c, err := strconv.ParseFloat(f, 64)
			switch {
			case err != nil && !strings.ContainsAny(f, "0123456789"):
				return Spec{}, fmt.Errorf("policy %q: %q is neither an exploration constant nor rollouts (random or greedy)", text, f)
			case err != nil || !(c > 0 && c <= MaxExploration):
				return Spec{}, fmt.Errorf("policy %q: the exploration constant must be a number above 0 and at most %d, got %q", text, MaxExploration, f)
			case gotC:
				return Spec{}, fmt.Errorf("policy %q: the exploration constant is given twice", text)
			case gotR:
				return Spec{}, fmt.Errorf("policy %q: the exploration constant comes before the rollouts", text)
			}
			s.Exploration, gotC = c, true
		}
		return s, nil
	}
	return Spec{}, fmt.Errorf("unknown policy %q (want random, greedy, ismcts:N or mcts:N)", text)
}

func parseRollout(f string) (Rollout, bool) {
	for r, n := range rolloutNames {
		if n == f {
			return Rollout(r), true
		}
	}
	return 0, false
}

// ParseList reads a comma-separated list of policy specs: one for every
// seat, or one per seat.
func ParseList(text string) ([]Spec, error) {
	var out []Spec
	for _, f := range strings.Split(text, ",") {
		s, err := Parse(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// FormatList is the text form of a list of specs, which ParseList reads
// back.
func FormatList(specs []Spec) string {
	t := make([]string, len(specs))
	for i, s := range specs {
		t[i] = s.String()
	}
	return strings.Join(t, ",")
}

// Configure sets a batch configuration's policies and players from specs:
// none (every seat random), one (every seat plays it) or one per seat.
// Each worker of the batch gets its own search players.
func Configure(cfg *vm.BatchConfig, specs []Spec) {
	cfg.Policies, cfg.Players = nil, nil
	search := false
	for _, s := range specs {
		cfg.Policies = append(cfg.Policies, s.Policy())
		search = search || s.Search()
	}
	if !search {
		return
	}
	specs = append([]Spec(nil), specs...)
	cfg.Players = func(seat int) vm.Player {
		s := specs[0]
		if len(specs) > 1 {
			s = specs[seat]
		}
		if !s.Search() {
			return nil
		}
		return New(s)
	}
}

// New returns a player for a search spec, or nil for a built-in policy
// (which the VM plays itself).
func New(s Spec) vm.Player {
	if !s.Search() {
		return nil
	}
	return NewSearch(s.Iterations, s.Exploration, s.Rollout, s.Kind == MCTS)
}
