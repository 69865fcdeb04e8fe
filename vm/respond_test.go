package vm

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// seedProgram returns the named seed game's program.
func seedProgram(t *testing.T, name string) *Program {
	t.Helper()
	for _, np := range vmSeeds(t) {
		if np.name == name {
			return np.p
		}
	}
	t.Fatalf("seed %s does not load", name)
	return nil
}

// A copy paused in a response window re-enters it: the resumed game ends
// as the original did.
func TestForkResumeInResponseWindow(t *testing.T) {
	p := seedProgram(t, "uno-stacking")
	windows := 0
	for seed := range uint64(20) {
		for at := 0; ; at++ {
			orig, cp := forkAt(p, 4, seed, at)
			if cp == nil {
				break
			}
			if cp.paused != DecideRespond {
				continue
			}
			windows++
			if r := cp.Resume(); r != orig.res {
				t.Fatalf("seed %d, fork at decision %d (a response): resumed result %+v, want %+v", seed, at, r, orig.res)
			}
		}
	}
	if windows == 0 {
		t.Fatal("no game paused in a response window")
	}
	t.Logf("%d forks in response windows", windows)
}

// The rules of crazy-eights-openspiel-special, read off traces of random
// games: a chain's seat draws the whole amount (as many as can be drawn)
// right after it closes, none of those draws counts toward the five a turn,
// each answerer and the seat hit lose their next turn, and the answers
// are twos of any suit.
func TestStackingSeedRules(t *testing.T) {
	p := seedProgram(t, "crazy-eights-openspiel-special")
	chains, stacked := 0, 0
	for game := range uint64(300) {
		tr := mustReplay(p, 3, nil, 7, game)
		ev := tr.Events
		owed := map[int]int{} // seat -> lost turns owed
		turnDraws, cur := 0, -1
		for i := 0; i < len(ev); i++ {
			e := ev[i]
			switch e.Kind {
			case EvTurn:
				if owed[int(e.Seat)] > 0 {
					t.Fatalf("game %d event %d: seat %d moves though it owes a lost turn", game, i, e.Seat)
				}
				turnDraws, cur = 0, int(e.Seat)
			case EvLoseTurn:
				if owed[int(e.Seat)] == 0 {
					t.Fatalf("game %d event %d: seat %d loses a turn it does not owe", game, i, e.Seat)
				}
				owed[int(e.Seat)]--
			case EvRespond:
				if e.Card%13 != 0 || cardrules.Ability(e.N) != cardrules.Stack {
					t.Fatalf("game %d event %d: answer %v, want a two stacking", game, i, e)
				}
				owed[int(e.Seat)] = 1
				stacked++
			case EvChain:
				chains++
				if e.Seat < 0 {
					t.Fatalf("game %d event %d: a chain with no cancel was negated", game, i)
				}
				drew := 0
				for j := i + 1; j < len(ev) && (ev[j].Kind == EvDraw || ev[j].Kind == EvReshuffle); j++ {
					if ev[j].Kind == EvDraw {
						if ev[j].Seat != e.Seat {
							t.Fatalf("game %d event %d: seat %d draws for a chain on seat %d", game, j, ev[j].Seat, e.Seat)
						}
						drew++
					}
				}
				if drew > e.N || drew == 0 {
					t.Fatalf("game %d event %d: chain of %d on seat %d, %d drawn", game, i, e.N, e.Seat, drew)
				}
				if e.N%2 != 0 {
					t.Fatalf("game %d event %d: amount %d is not a sum of twos", game, i, e.N)
				}
				owed[int(e.Seat)] = 1
				// Skip its draws: they are not the mover's.
				for i+1 < len(ev) && (ev[i+1].Kind == EvDraw || ev[i+1].Kind == EvReshuffle) {
					i++
				}
			case EvDraw:
				if int(e.Seat) == cur {
					turnDraws++
					if turnDraws > 5 {
						t.Fatalf("game %d event %d: seat %d draws a sixth card in its turn", game, i, e.Seat)
					}
				}
			}
		}
	}
	if chains == 0 || stacked == 0 {
		t.Fatalf("%d chains, %d answers in 300 games: the test saw nothing", chains, stacked)
	}
}

// TestChainsClose: in games with responses (uno-stacking with every
// ability and both rules for who answers, and random valid genomes with
// responses), every chain closes before the next turn (an EvChain after its
// answers, unless an answer ended the game), a chain's amount is never
// negative nor nothing when it hits, lost turns are only owed by seats that
// answered or took an effect, and the answers traced are the result's.
func TestChainsClose(t *testing.T) {
	base, err := genome.Seed("uno-stacking")
	if err != nil {
		t.Fatal(err)
	}
	chains := 0
	for _, who := range []cardrules.Respondents{cardrules.RespondTarget, cardrules.RespondEveryone} {
		for _, lose := range []bool{false, true} {
			g := base.Clone()
			g.Responses.Who, g.Responses.LoseTurn = who, lose
			g.Responses.Cards = append(g.Responses.Cards,
				genome.Response{Rank: 9, Ability: cardrules.Cancel, Answers: cardrules.DrawCards},
				genome.Response{Rank: 10, Ability: cardrules.Deflect, Answers: cardrules.DrawCards, IgnoreLegal: true})
			for game := range uint64(200) {
				chains += checkChains(t, g, 4, game)
			}
		}
	}
	if chains == 0 {
		t.Fatal("no chain closed: the test saw nothing")
	}
	rapidShort()
	rapid.Check(t, func(rt *rapid.T) {
		g := genometest.Genome().Draw(rt, "genome")
		if len(g.Responses.Cards) == 0 {
			return
		}
		g.TurnCap = min(g.TurnCap, 200)
		checkChains(rt, g, 0, rapid.Uint64().Draw(rt, "seed"))
	})
}

// checkChains plays game seed of g (random seats) with a trace and checks
// its chains; it returns how many closed.
func checkChains(t fataler, g *genome.Genome, seats int, seed uint64) int {
	t.Helper()
	code, err := compile.Compile(g)
	if err != nil {
		t.Fatalf("does not compile: %v", err)
	}
	p, err := Load(code)
	if err != nil {
		t.Fatalf("does not load: %v", err)
	}
	tr := mustReplay(p, seats, nil, seed, 0)
	open, answers, chains, owed := false, 0, 0, uint8(0)
	// (A miss_turns effect or rule takes turns away as well.)
	misses := slices.ContainsFunc(g.Effects, func(x genome.Effect) bool { return x.Type == cardrules.MissTurns }) ||
		slices.ContainsFunc(g.Rules, func(x genome.Rule) bool { return x.Type == cardrules.MissTurns })
	for i, e := range tr.Events {
		switch e.Kind {
		case EvTurn:
			if open {
				t.Fatalf("seed %d event %d: a turn starts with a chain open", seed, i)
			}
		case EvRespond:
			open = true
			answers++
			if g.Responses.LoseTurn {
				owed |= 1 << e.Seat
			}
		case EvChain:
			open = false
			chains++
			if e.N < 0 || e.Seat >= 0 && e.N == 0 {
				t.Fatalf("seed %d event %d: chain amount %d on seat %d", seed, i, e.N, e.Seat)
			}
			if g.Responses.LoseTurn && e.Seat >= 0 {
				owed |= 1 << e.Seat
			}
		case EvLoseTurn:
			if owed&(1<<e.Seat) == 0 && !misses {
				t.Fatalf("seed %d event %d: seat %d loses a turn it does not owe", seed, i, e.Seat)
			}
			owed &^= 1 << e.Seat
		}
	}
	if open && (tr.Result.Winner == Capped || tr.Result.Winner == Aborted) {
		// Only an answer that ends the game (with a winner, or a tie
		// when every seat left goes out) leaves its chain unresolved.
		t.Fatalf("seed %d: the game stops with a chain open: %+v", seed, tr.Result)
	}
	if answers != tr.Result.Responses {
		t.Fatalf("seed %d: %d answers traced, the result says %d", seed, answers, tr.Result.Responses)
	}
	return chains
}
