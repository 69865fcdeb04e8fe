package vm

import (
	"fmt"
	"iter"
	"math/bits"
	"os"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// pausing is a Player that hands every decision to a consumer and plays
// the option the consumer picked: with iter.Pull, a game can be stepped
// decision by decision from outside the machine.
type pausing struct {
	yield  func(*Decision) bool
	choice int
}

func (p *pausing) Choose(d *Decision) int {
	if !p.yield(d) {
		return 0 // the consumer stopped: play out the rest with option 0
	}
	return p.choice
}

// gameMachine is the state of the rapid state machine: a random valid
// genome, a machine with every seat external, and the game in progress,
// paused at a decision.
type gameMachine struct {
	g       *genome.Genome
	p       *Program
	m       *Machine
	seats   int
	seed    uint64
	games   int
	player  *pausing
	next    func() (*Decision, bool)
	stop    func()
	pending *Decision
	result  *Result
}

func (gm *gameMachine) start(t *rapid.T) {
	if gm.stop != nil {
		gm.stop()
	}
	gm.seed = rng.Derive(gm.seed, uint64(gm.games))
	gm.games++
	gm.m = mustMachine(gm.p, gm.seats, nil)
	gm.player = &pausing{}
	for s := range gm.seats {
		gm.m.SetPlayer(s, gm.player)
	}
	gm.result = nil
	var seq iter.Seq[*Decision] = func(yield func(*Decision) bool) {
		gm.player.yield = yield
		r := gm.m.Play(gm.seed)
		gm.result = &r
	}
	gm.next, gm.stop = iter.Pull(seq)
	gm.advance(t)
}

// advance runs the game to its next decision, or to its end.
func (gm *gameMachine) advance(t *rapid.T) {
	d, ok := gm.next()
	if ok {
		gm.pending = d
		return
	}
	gm.pending = nil
	gm.finished(t)
}

// decide plays option i of the pending decision.
func (gm *gameMachine) decide(t *rapid.T, i int) {
	if gm.pending == nil {
		gm.start(t)
		return
	}
	gm.player.choice = i
	gm.advance(t)
}

// finished checks a game that has ended: within its cap, never aborted,
// and over exactly when the end rules say so.
func (gm *gameMachine) finished(t *rapid.T) {
	m, r := gm.m, gm.result
	if r == nil {
		t.Fatalf("the game ended without a result")
	}
	if r.Winner == Aborted {
		t.Fatalf("game aborted by the step budget after %d turns", r.Turns)
	}
	if r.Turns > gm.p.turnCap {
		t.Fatalf("%d turns, cap %d", r.Turns, gm.p.turnCap)
	}
	if r.Winner == Capped {
		if r.Turns != gm.p.turnCap || m.over {
			t.Fatalf("capped after %d turns (cap %d, over %v)", r.Turns, gm.p.turnCap, m.over)
		}
		return
	}
	if !m.over {
		t.Fatalf("game stopped before it was over")
	}
	if err := checkState(m, false); err != nil {
		t.Fatalf("after the game: %v", err)
	}
	// Over exactly when the end rule holds, or blocked by the blocked rule
	// (passes in a row with nothing to draw), or a meld game's deal stuck
	// (a whole stock drawn with nothing laid).
	until := gm.p.until
	if m.res.Blocked {
		if !m.mt.stalled && (gm.p.blocked == 0 || m.passes < m.nActive+gm.p.blocked-1 || m.canDraw()) {
			t.Fatalf("blocked with blocked rule %d after %d passes in a row (can draw %v)", gm.p.blocked, m.passes, m.canDraw())
		}
		until = cardrules.NumUntils // no end rule need hold
	}
	if gm.p.nPhases == 0 {
		// A deal of betting and a showdown, or against a dealer, ends
		// after its rounds, whatever the end rule.
		until = cardrules.NumUntils
	}
	switch until {
	case 0: // first out
		if m.nOut == 0 && m.nActive > 1 {
			t.Fatalf("first_out game over with nobody out")
		}
	case 1: // one left
		if m.nActive > 1 {
			t.Fatalf("one_left game over with %d seats in", m.nActive)
		}
	case 2, 3: // hands empty, no cards
		if m.nActive > 1 && (m.empty&m.active != m.active || gm.p.until == 3 && m.stockN > 0) {
			t.Fatalf("game over with cards left (hands %v, stock %d)", m.count[:m.n], m.stockN)
		}
	}
	if r.Winner >= 0 && r.WinMask&(1<<r.Winner) == 0 {
		t.Fatalf("winner %d not in win mask %08b", r.Winner, r.WinMask)
	}
}

// check runs after every step: the invariants of a game paused at a
// decision, and the decision itself.
func (gm *gameMachine) check(t *rapid.T) {
	if gm.pending == nil {
		return
	}
	m, d := gm.m, gm.pending
	if err := checkState(m, false); err != nil {
		t.Fatalf("at a decision: %v", err)
	}
	s := d.View.Seat
	if !m.isActive(s) {
		t.Fatalf("seat %d decides but is out", s)
	}
	if len(d.Options) < 2 {
		t.Fatalf("%d options put to a player", len(d.Options))
	}
	if d.View.Hand != m.hand[s] || d.View.Hand2 != m.hand2[s] {
		t.Fatalf("the view's hand is not seat %d's", s)
	}
	for i, o := range d.Options {
		if i > 0 && o <= d.Options[i-1] && d.Kind != DecideOpponent && d.Kind != DecideTarget {
			t.Fatalf("options %v are not in ascending order", d.Options)
		}
		switch d.Kind {
		case DecideCard, DecideDiscard:
			if d.Kind == DecideCard && m.ph.voluntary && (o == OptDraw && m.canDraw() || o == OptPass) {
				break // a draw or a pass the phase offers
			}
			if d.Kind == DecideCard && m.ph.op == bytecode.OpClimb && o == OptPass && m.climbRank > 0 {
				break // a climb's pass, with a play on the table
			}
			if m.held(s)&(1<<o) == 0 {
				t.Fatalf("option %d: card %d is not in seat %d's hand", i, o, s)
			}
		case DecideClimb:
			if o == OptDone && i == len(d.Options)-1 && m.climbRank == 0 {
				break // a lead's done, last
			}
			if m.held(s)&(1<<o) == 0 || m.climbSel == 0 || rankOf[o] != rankOf[m.last] {
				t.Fatalf("option %d: card %d is not a further card of seat %d's play %x", i, o, s, m.climbSel)
			}
		case DecideCapture:
			if (m.lay[0]|m.lay[1])&(1<<o) == 0 || m.capCard < 0 || m.p.cval[o] > m.p.cval[m.capCard]-m.capSum {
				t.Fatalf("option %d: card %d is not a layout card that fits seat %d's capture", i, o, s)
			}
		case DecideRank:
			if m.held(s)&rankSet[o] == 0 {
				t.Fatalf("asks for rank %d it does not hold", o)
			}
		case DecideOpponent:
			if int(o) == s || !m.isActive(int(o)) || m.count[o] == 0 {
				t.Fatalf("asks seat %d, which is itself, out or empty", o)
			}
		case DecideTarget:
			if int(o) == s || !m.isActive(int(o)) {
				t.Fatalf("targets seat %d, which is itself or out", o)
			}
		case DecideSuit:
			if o > 3 {
				t.Fatalf("suit %d", o)
			}
		}
	}
	cardOpts := 0
	for _, o := range d.Options {
		if o < OptDraw {
			cardOpts++
		}
	}
	if d.Kind == DecideCard && bits.OnesCount64(m.held(s)) < cardOpts {
		t.Fatalf("more card options than faces held")
	}
}

// TestStateMachine steps games of random valid genomes (any primitive)
// decision by decision, with arbitrary legal choices, checking the
// invariants after every step: every card in exactly one zone, the
// deciding and current seats, direction, skip count, counts; and at the
// end, the cap and the end rule.
//
// make test runs at least 1,000 cases; make soak (SOAK=1) at least 20,000.
func TestStateMachine(t *testing.T) {
	want := 1000
	if os.Getenv("SOAK") != "" {
		want = 20000
	}
	cases := 0
	for cases < want && !t.Failed() {
		rapid.Check(t, func(t *rapid.T) {
			cases++
			stateMachine(t)
		})
	}
	t.Logf("%d cases", cases)
}

func stateMachine(t *rapid.T) {
	{
		g := genometest.Genome().Draw(t, "genome")
		g.TurnCap = min(g.TurnCap, 300)
		code, err := compile.Compile(g)
		if err != nil {
			t.Fatalf("compile: %v", err)
		}
		p, err := Load(code)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		lo, hi := p.SeatRange()
		gm := &gameMachine{g: g, p: p, seats: rapid.IntRange(lo, hi).Draw(t, "seats"), seed: rapid.Uint64().Draw(t, "seed")}
		defer func() {
			if gm.stop != nil {
				gm.stop()
			}
		}()
		gm.start(t)
		t.Repeat(map[string]func(*rapid.T){
			"decide": func(t *rapid.T) {
				n := 2
				if gm.pending != nil {
					n = len(gm.pending.Options)
				}
				gm.decide(t, rapid.IntRange(0, n-1).Draw(t, "option"))
			},
			"decide first": func(t *rapid.T) { gm.decide(t, 0) },
			"decide last": func(t *rapid.T) {
				if gm.pending == nil {
					gm.start(t)
					return
				}
				gm.decide(t, len(gm.pending.Options)-1)
			},
			"": gm.check,
		})
	}
}

func (gm *gameMachine) String() string {
	return fmt.Sprintf("game %d seed %#x", gm.games, gm.seed)
}
