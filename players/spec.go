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
	// gives one: rewards are in [0, 1], where 0.7 is the usual choice.
	DefaultExploration = 0.7
	// MaxExploration bounds the exploration constant a spec may give.
	MaxExploration = 100
)

// Spec says how one seat plays: a built-in policy, or a search with its
// iterations per decision and exploration constant. Its text form is the
// policy spec of the CLI and of batch requests: "random", "greedy",
// "ismcts:N" or "mcts:N", optionally "ismcts:N:C" with C the exploration
// constant.
type Spec struct {
	Kind        Kind
	Iterations  int     // ISMCTS and MCTS: iterations per decision, 1..MaxIterations
	Exploration float64 // ISMCTS and MCTS: the UCT constant, > 0
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
		iters, expl, hasExpl := strings.Cut(arg, ":")
		n, err := strconv.Atoi(iters)
		if err != nil || n < 1 || n > MaxIterations {
			return Spec{}, fmt.Errorf("policy %q: iterations must be a whole number from 1 to %d, got %q", text, MaxIterations, iters)
		}
		s.Iterations, s.Exploration = n, DefaultExploration
		if hasExpl {
			c, err := strconv.ParseFloat(expl, 64)
			if err != nil || !(c > 0 && c <= MaxExploration) {
				return Spec{}, fmt.Errorf("policy %q: the exploration constant must be a number above 0 and at most %d, got %q", text, MaxExploration, expl)
			}
			s.Exploration = c
		}
		return s, nil
	}
	return Spec{}, fmt.Errorf("unknown policy %q (want random, greedy, ismcts:N or mcts:N)", text)
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
	return NewSearch(s.Iterations, s.Exploration, s.Kind == MCTS)
}
