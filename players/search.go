package players

import (
	"math"

	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// Search is a single-observer information-set MCTS player (Cowling,
// Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
// TCIAIG 2012). Each decision it spends a fixed number of iterations; one
// iteration copies the game (vm.Machine.Fork), re-deals the cards its
// seat cannot see (vm.Machine.Determinize), and plays the copy to its end:
// down the tree while every option of a decision has been tried, choosing
// by UCT on availability (an option's mean reward plus the exploration
// constant times sqrt(ln(times it was available) / visits)); then it adds
// one untried option, chosen uniformly, and plays on with its rollouts.
// Each seat that chose on the way is credited with its own reward: its
// share of the finished game (vm.Machine.Shares: 1 for the first place, 0
// for the last, evenly between; the win alone with two seats). The tree
// holds every seat's decisions, keyed by the seat, the kind of decision
// and the option (a card, suit, seat, rank or position), so the nodes are
// information sets of the observer's search. The option chosen is the one
// visited most (the lowest on ties).
//
// The search sees only its seat's view: the determinization re-deals
// everything else from the search's own random numbers, which it draws
// from the seed each game gives it (vm.GameStarter), never from the game's.
// With peek set (the mcts:N spec) it skips the determinization and sees
// every card and the stock's order: it exists to measure what peeking is
// worth, and its results are never a fair player's.
//
// A Search is not safe for concurrent use: a batch gives each worker its
// own. After its first decision in a game of a program, a decision
// allocates nothing.
type Search struct {
	// Iterations counts the iterations spent so far, for benchmarks.
	Iterations uint64

	iters int
	c     float64
	peek  bool
	roll  Rollout

	rng   rng.Source
	sim   *vm.Machine
	simP  *vm.Program
	simN  int
	nodes []node
	path  []int32
	cur   int32 // the node the iteration is at, while in the tree
	in    bool  // the iteration is still in the tree
	w     walker
}

// node is one option taken at a decision: its key, its children (the
// decisions after it, as a list), its visits, the times it was available,
// and the rewards credited to the seat that took it.
type node struct {
	key    uint16 // seat<<12 | kind<<8 | option
	child  int32  // first child, 0 for none (the root is no child)
	next   int32  // next sibling, 0 for none
	visits int32
	avail  int32
	reward float64
}

// NewSearch returns a search player spending iters iterations per
// decision with UCT exploration constant c and rollouts roll; with peek it
// sees every card (a perfect-information MCTS, to measure what peeking is
// worth).
func NewSearch(iters int, c float64, roll Rollout, peek bool) *Search {
	s := &Search{iters: max(iters, 1), c: c, roll: roll, peek: peek}
	s.w.s = s
	return s
}

// NewGame seeds the search's random numbers for a game.
func (s *Search) NewGame(seed uint64) { s.rng.Seed(seed) }

// walker decides for every seat of the copies: in the tree it selects and
// expands, past it it plays by the rollouts.
type walker struct{ s *Search }

// key packs a decision's seat (3 bits), kind (4 bits: up to 16 kinds;
// DecidePass is the tenth) and option (8 bits) into a node's key.
func key(seat int, kind vm.DecisionKind, opt uint8) uint16 {
	return uint16(seat)<<12 | uint16(kind)<<8 | uint16(opt)
}

// Choose implements vm.Player: the search's decision.
func (s *Search) Choose(d *vm.Decision) int {
	if s.sim == nil || s.simP != d.Program() || s.simN != d.Seats() {
		s.simP, s.simN = d.Program(), d.Seats()
		m, err := vm.NewMachine(s.simP, s.simN, nil)
		if err != nil {
			panic("players: a machine for the game being decided: " + err.Error())
		}
		for t := range s.simN {
			m.SetPlayer(t, &s.w)
		}
		s.sim = m
		s.nodes = make([]node, 1, s.iters+1)
	}
	s.nodes = s.nodes[:1]
	s.nodes[0] = node{}
	s.Iterations += uint64(s.iters)
	s.sim.Seed(s.rng.Uint64())
	x := d.View.Seat
	var reward [vm.MaxSeats]float64
	for range s.iters {
		s.sim.Fork(d)
		if !s.peek {
			s.sim.Determinize(x)
		}
		s.cur, s.in, s.path = 0, true, s.path[:0]
		s.sim.Resume()
		s.sim.Shares(&reward)
		for _, i := range s.path {
			n := &s.nodes[i]
			n.visits++
			n.reward += reward[n.key>>12]
		}
	}
	best, bestV := 0, int32(-1)
	for i, o := range d.Options {
		if c := s.find(0, key(x, d.Kind, o)); c > 0 && s.nodes[c].visits > bestV {
			best, bestV = i, s.nodes[c].visits
		}
	}
	return best
}

// find returns the child of node p with key k, or 0.
func (s *Search) find(p int32, k uint16) int32 {
	for c := s.nodes[p].child; c != 0; c = s.nodes[c].next {
		if s.nodes[c].key == k {
			return c
		}
	}
	return 0
}

// rollout decides past the tree's leaves: uniformly at random, or with
// greedy rollouts as the Greedy policy would four times in five.
func (s *Search) rollout(d *vm.Decision) int {
	if s.roll == RolloutGreedy && s.rng.IntN(5) != 0 {
		if k := d.Greedy(); k >= 0 {
			return k
		}
	}
	return s.rng.IntN(len(d.Options))
}

// Choose implements vm.Player for the copies.
func (w *walker) Choose(d *vm.Decision) int {
	s := w.s
	if !s.in {
		return s.rollout(d)
	}
	seat := d.View.Seat
	var untried [64]uint8 // the options with no child yet
	nu, best, bestC, bestU := 0, 0, int32(0), math.Inf(-1)
	for i, o := range d.Options {
		c := s.find(s.cur, key(seat, d.Kind, o))
		if c == 0 {
			untried[nu] = uint8(i)
			nu++
			continue
		}
		nd := &s.nodes[c]
		nd.avail++
		if nu > 0 {
			continue // an untried option will be expanded: no need to score
		}
		u := nd.reward/float64(nd.visits) + float64(s.c*math.Sqrt(math.Log(float64(nd.avail))/float64(nd.visits)))
		if u > bestU {
			best, bestC, bestU = i, c, u
		}
	}
	if nu > 0 {
		// Expand an untried option, chosen uniformly, and play on from
		// there by the rollouts.
		i := int(untried[s.rng.IntN(nu)])
		s.path = append(s.path, s.add(s.cur, key(seat, d.Kind, d.Options[i])))
		s.in = false
		return i
	}
	s.path = append(s.path, bestC)
	s.cur = bestC
	return best
}

// add makes a new child of node p with key k, available once.
func (s *Search) add(p int32, k uint16) int32 {
	i := int32(len(s.nodes)) // at most one node per iteration: within the pool
	s.nodes = append(s.nodes, node{key: k, next: s.nodes[p].child, avail: 1})
	s.nodes[p].child = i
	return i
}
