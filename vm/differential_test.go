package vm_test

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/reference"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// Differential tests: the VM (genome -> Compile -> Load -> Machine.Play)
// against internal/reference, a plain tree-walking interpreter of the
// genome written from the rules. Both draw through internal/rng in the
// order the vm package doc gives, so for every game seed they must agree
// on the whole Result and, through vm.Replay's trace, on every event in
// order (every card played, drawn, discarded, taken; every effect, war,
// reshuffle, set and seat going out).
//
// Sizes: under -short (make test), 200 games of every seed game at every
// seat count, 50 of every hand-written mutation of a seed, and 1,000 random
// genomes with 3 games each; without -short, 1,000, 250 and 1,000 (5 games per genome);
// with SOAK=1 in the environment, 20,000, 5,000 and 20,000 (10 games per
// genome, turn caps as drawn).
//
// A VM bug found here is pinned by a focused regression test below (named
// TestDifferentialBug...), which fails until the VM is fixed. The reference
// always follows the vm package doc, so the broad tests may fail on such a
// bug too until then.

// soak reports whether the long runs are wanted.
func soak() bool {
	v := os.Getenv("SOAK")
	return v != "" && v != "0"
}

// fataler is what diffLoad needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// diffLoad compiles and loads g.
func diffLoad(t fataler, g *genome.Genome) *vm.Program {
	t.Helper()
	code, err := compile.Compile(g)
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, g.CanonicalJSON())
	}
	p, err := vm.Load(code)
	if err != nil {
		t.Fatalf("load: %v\n%s", err, g.CanonicalJSON())
	}
	return p
}

// refResult converts a reference result to the VM's type.
func refResult(r reference.Result) vm.Result {
	return vm.Result{
		Winner: r.Winner, WinMask: r.WinMask, Turns: r.Turns, Decisions: r.Decisions, Plays: r.Plays,
		Options: r.Options, Forced: r.Forced, Informed: r.Informed, LeadChanges: r.LeadChanges, Interactions: r.Interactions,
		Effects: r.Effects, Draws: r.Draws, Passes: r.Passes, Blocked: r.Blocked, Fizzled: r.Fizzled,
		Responses: r.Responses, Cancelled: r.Cancelled, Captures: r.Captures, Deals: r.Deals,
	}
}

// vmEventKinds maps the VM's trace events to the reference's.
var vmEventKinds = map[vm.EventKind]reference.EventKind{
	vm.EvTurn: reference.EvTurn, vm.EvDraw: reference.EvDraw, vm.EvReshuffle: reference.EvReshuffle,
	vm.EvPass: reference.EvPass, vm.EvPlay: reference.EvPlay, vm.EvNameSuit: reference.EvNameSuit,
	vm.EvEffect: reference.EvEffect, vm.EvDiscard: reference.EvDiscard, vm.EvWar: reference.EvWar,
	vm.EvTake: reference.EvTake, vm.EvOut: reference.EvOut, vm.EvTakeFrom: reference.EvTakeFrom,
	vm.EvAsk: reference.EvAsk, vm.EvMeld: reference.EvMeld,
	vm.EvRespond: reference.EvRespond, vm.EvChain: reference.EvChain, vm.EvLoseTurn: reference.EvLoseTurn,
	vm.EvActive: reference.EvActive, vm.EvLastEnd: reference.EvLastEnd,
	vm.EvRule: reference.EvRule, vm.EvResolve: reference.EvResolve, vm.EvWait: reference.EvWait,
	vm.EvDemand: reference.EvDemand, vm.EvCapture: reference.EvCapture, vm.EvChips: reference.EvChips,
	vm.EvClimb: reference.EvClimb, vm.EvClear: reference.EvClear,

	vm.EvDeal: reference.EvDeal, vm.EvMoon: reference.EvMoon, vm.EvPassCard: reference.EvPassCard,
	vm.EvLayout: reference.EvLayout, vm.EvCollect: reference.EvCollect, vm.EvSweep: reference.EvSweep,
	vm.EvTally: reference.EvTally, vm.EvClaim: reference.EvClaim, vm.EvChallenge: reference.EvChallenge, vm.EvReveal: reference.EvReveal,
	vm.EvTakeTop: reference.EvTakeTop, vm.EvLay: reference.EvLay, vm.EvLayOff: reference.EvLayOff, vm.EvKnock: reference.EvKnock, vm.EvDeadwood: reference.EvDeadwood, vm.EvOutScore: reference.EvOutScore, vm.EvBid: reference.EvBid, vm.EvContract: reference.EvContract,
	vm.EvBet: reference.EvBet, vm.EvFold: reference.EvFold, vm.EvSetAside: reference.EvSetAside, vm.EvShow: reference.EvShow,
	vm.EvDealer: reference.EvDealer, vm.EvStand: reference.EvStand, vm.EvBust: reference.EvBust, vm.EvSettle: reference.EvSettle,
}

// traceEvent is an event in the common form both sides are compared in.
type traceEvent struct {
	kind reference.EventKind
	seat int
	card int
	n    int
}

func (e traceEvent) String() string {
	return fmt.Sprintf("%v(seat %d, card %d, n %d)", e.kind, e.seat, e.card, e.n)
}

func vmTrace(tr *vm.Trace) []traceEvent {
	out := make([]traceEvent, 0, len(tr.Events))
	for _, e := range tr.Events {
		k, ok := vmEventKinds[e.Kind]
		if !ok {
			k = reference.EventKind(200 + e.Kind)
		}
		out = append(out, traceEvent{k, int(e.Seat), int(e.Card), e.N})
	}
	return out
}

func refTrace(evs []reference.Event) []traceEvent {
	out := make([]traceEvent, 0, len(evs))
	for _, e := range evs {
		if e.Kind == reference.EvDecision {
			continue
		}
		out = append(out, traceEvent{e.Kind, e.Seat, e.Card, e.N})
	}
	return out
}

// diffGame plays game i of batch seed batchSeed of g at seats seats on the
// VM and on the reference and returns "" when they agree, else a
// description of the first difference.
func diffGame(g *genome.Genome, p *vm.Program, seats int, batchSeed, i uint64) string {
	seed := rng.Derive(batchSeed, i)
	got := mustMachine(p, seats, nil).Play(seed)
	ref, evs := reference.Play(g, seats, nil, seed)
	if ref.Winner == reference.Aborted {
		// The reference's own safety net (a cap on recorded events, far
		// above any sensible game) ran out: it cannot play this game to
		// its end, so there is nothing to compare. This happens only for
		// genomes with hundreds of effects on a rank played thousands of
		// times (found once in a 20,000-genome soak run).
		return ""
	}
	want := refResult(ref)
	tr, err := vm.Replay(p, seats, nil, batchSeed, i)
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	if tr.Result != got {
		fmt.Fprintf(&b, "vm.Replay result %+v differs from Machine.Play %+v\n", tr.Result, got)
	}
	a, r := vmTrace(tr), refTrace(evs)
	k := 0
	for k < len(a) && k < len(r) && a[k] == r[k] {
		k++
	}
	if k < len(a) || k < len(r) {
		fmt.Fprintf(&b, "traces differ at event %d (vm %d events, reference %d)\n", k, len(a), len(r))
		lo := max(0, k-12)
		for j := lo; j < k; j++ {
			fmt.Fprintf(&b, "    both      %v\n", a[j])
		}
		for j := k; j < min(k+4, len(a)); j++ {
			fmt.Fprintf(&b, "    vm        %v\n", a[j])
		}
		for j := k; j < min(k+4, len(r)); j++ {
			fmt.Fprintf(&b, "    reference %v\n", r[j])
		}
	}
	if got != want {
		fmt.Fprintf(&b, "results differ:\n    vm        %+v\n    reference %+v\n", got, want)
	}
	if b.Len() == 0 {
		return ""
	}
	return fmt.Sprintf("%d seats, batch seed %d, game %d (game seed %#x):\n%s", seats, batchSeed, i, seed, b.String())
}

// seedGames is the number of games per seed game and seat count.
func seedGames() int {
	if soak() {
		return 20000
	}
	if testing.Short() {
		return 200
	}
	return 1000
}

// TestDifferentialSeeds: every seed game at every seat count it allows.
func TestDifferentialSeeds(t *testing.T) {
	games := seedGames()
	for _, name := range genome.SeedNames() {
		g := testkit.SeedGenome(t, name)
		p := diffLoad(t, g)
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			t.Run(name+"/"+strconv.Itoa(seats), func(t *testing.T) {
				fails := 0
				for i := range uint64(games) {
					if d := diffGame(g, p, seats, 1, i); d != "" {
						fails++
						if fails <= 3 {
							t.Errorf("%s: %s", name, d)
						}
					}
				}
				if fails > 0 {
					t.Errorf("%s at %d seats: %d of %d games differ", name, seats, fails, games)
				}
			})
		}
	}
}

// TestDifferentialGenomes: random valid genomes from genometest, a few
// games each at a random seat count.
func TestDifferentialGenomes(t *testing.T) {
	// Turn caps are lowered to keep the runs short (a cap only
	// truncates a game: both sides must agree on where it stops too).
	checks, games, maxCap := 1000, 3, 300
	switch {
	case soak():
		checks, games, maxCap = 20000, 10, cardrules.MaxTurnCap
	case !testing.Short():
		checks, games, maxCap = 1000, 5, 2000
	}
	withRapidChecks(t, checks)
	rapid.Check(t, func(rt *rapid.T) {
		g := genometest.Genome().Draw(rt, "genome")
		g.TurnCap = min(g.TurnCap, maxCap)
		p := diffLoad(rt, g)
		seats := rapid.IntRange(g.Seats.Min, g.Seats.Max).Draw(rt, "seats")
		batchSeed := rapid.Uint64().Draw(rt, "batchSeed")
		for i := range uint64(games) {
			if d := diffGame(g, p, seats, batchSeed, i); d != "" {
				rt.Fatalf("%s\n%s", g.CanonicalJSON(), d)
			}
		}
	})
}

// mutation is a seed game with a change that reaches rules the seed itself
// does not.
type mutation struct {
	name, seed string
	change     func(g *genome.Genome)
}

func eff(rank string, typ genome.EffectType, target genome.Target, value int) genome.Effect {
	r, err := cardrules.ParseRank(rank)
	if err != nil {
		panic(err)
	}
	return genome.Effect{Rank: r, Type: typ, Target: target, Value: value}
}

// mutations: every effect type and target in shedding games, battles and
// tricks; seats going out mid-game; restricted decks; other phases mixed in.
func mutations() []mutation {
	var ms []mutation
	for _, tg := range []genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetAllOpponents, cardrules.TargetRandomOpponent, cardrules.TargetSelf} {
		ms = append(ms,
			mutation{"uno draw " + tg.String(), "uno-style", func(g *genome.Genome) {
				g.Effects = append(g.Effects, eff("3", cardrules.DrawCards, tg, 3), eff("4", cardrules.DrawCards, tg, 13))
			}},
			mutation{"uno discard " + tg.String(), "uno-style", func(g *genome.Genome) {
				g.Effects = append(g.Effects, eff("5", cardrules.ForceDiscard, tg, 2), eff("6", cardrules.ForceDiscard, tg, 13))
			}},
			mutation{"war discard " + tg.String(), "war", func(g *genome.Genome) {
				g.Effects = []genome.Effect{eff("3", cardrules.ForceDiscard, tg, 13), eff("9", cardrules.ForceDiscard, tg, 1), eff("J", cardrules.SkipNext, 0, 2)}
			}},
			mutation{"hearts draw and discard " + tg.String(), "hearts", func(g *genome.Genome) {
				g.Effects = []genome.Effect{eff("5", cardrules.DrawCards, tg, 2), eff("9", cardrules.ForceDiscard, tg, 1)}
			}},
			mutation{"old-maid take " + tg.String(), "old-maid", func(g *genome.Genome) {
				if tg == cardrules.TargetNext || tg == cardrules.TargetPrevious || tg == cardrules.TargetRandomOpponent {
					g.Turn[0].From = tg
				}
			}},
		)
	}
	ms = append(ms,
		mutation{"uno one left, empty hand loses", "uno-style", func(g *genome.Genome) {
			g.End.Conditions[0].Result = cardrules.ResultLose
			g.End.Until = cardrules.UntilOneLeft
		}},
		mutation{"uno big skips, no reshuffle", "uno-style", func(g *genome.Genome) {
			g.Reshuffle = false
			g.Effects = append(g.Effects, eff("3", cardrules.SkipNext, 0, 13), eff("4", cardrules.ExtraTurn, 0, 0), eff("4", cardrules.Reverse, 0, 0))
		}},
		mutation{"eights play and draw, one left", "crazy-eights", func(g *genome.Genome) {
			g.Deal.Starter = false
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
			g.End.Until = cardrules.UntilOneLeft
		}},
		mutation{"eights two suits, draw_max 52", "crazy-eights", func(g *genome.Genome) {
			g.Deck.Suits = []genome.Suit{1, 3}
			g.Deck.Remove = []genome.Card{cardrules.NewCard(0, 1)}
			g.Deal.Cards, g.Deal.Overrides = 4, nil
			g.Turn[0].DrawMax = 52
		}},
		mutation{"war in order, no face-down cards, effects", "war", func(g *genome.Genome) {
			g.Turn[0].WarFaceDown, g.Turn[0].Returns = 0, cardrules.ReturnsInOrder
			g.Effects = []genome.Effect{eff("J", cardrules.SkipNext, 0, 2), eff("Q", cardrules.Reverse, 0, 0), eff("K", cardrules.ExtraTurn, 0, 0), eff("2", cardrules.DrawCards, cardrules.TargetNext, 2)}
		}},
		mutation{"war with a stock and draws", "war", func(g *genome.Genome) {
			g.Deal = genome.Deal{Cards: 8}
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 2})
			g.Effects = []genome.Effect{eff("A", cardrules.DrawCards, cardrules.TargetAllOpponents, 3)}
		}},
		mutation{"hearts with skips and reverses", "hearts", func(g *genome.Genome) {
			g.Effects = []genome.Effect{eff("J", cardrules.SkipNext, 0, 1), eff("Q", cardrules.Reverse, 0, 0), eff("K", cardrules.ExtraTurn, 0, 0)}
		}},
		mutation{"whist with spades trumps and a draw phase", "whist", func(g *genome.Genome) {
			g.Deal = genome.Deal{Cards: 8}
			g.Turn[0].Trump = cardrules.TrumpSpades
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
			g.TurnCap = 200
		}},
		mutation{"go-fish in pairs", "go-fish", func(g *genome.Genome) { g.Meld = 2 }},
	)
	// The voluntary rules, the starter rules, reshuffling at once and the
	// blocked end, with effects that draw, discard and change turns.
	for _, pass := range []genome.PassRule{cardrules.PassNever, cardrules.PassAlways, cardrules.PassAfterDraws, cardrules.PassEmptyStock} {
		ms = append(ms,
			mutation{"uno by choice, pass " + pass.String(), "uno-style", func(g *genome.Genome) {
				g.Turn[0].Draw, g.Turn[0].Pass, g.Turn[0].DrawMax = cardrules.DrawByChoice, pass, 3
				g.End.Blocked = 1
			}},
			mutation{"uno when stuck, pass " + pass.String() + ", at once, starter fires", "uno-style", func(g *genome.Genome) {
				g.Turn[0].Pass = pass
				g.ReshuffleAtOnce, g.Deal.StarterFires, g.Deal.StarterNot = true, true, []genome.Rank{12}
				g.End.Blocked = 2
			}},
			mutation{"openspiel only the drawn card, last card inert, pass " + pass.String(), "crazy-eights-openspiel", func(g *genome.Genome) {
				g.Turn[0].Pass, g.Turn[0].PlayDrawn = pass, true
				g.LastCardInert = true
				g.Effects = []genome.Effect{eff("2", cardrules.DrawCards, cardrules.TargetNext, 2), eff("Q", cardrules.SkipNext, 0, 1),
					eff("A", cardrules.Reverse, 0, 0), eff("7", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1)}
				g.Deal.StarterFires = true
			}},
		)
	}
	return append(ms,
		mutation{"hearts effects, last card inert", "hearts", func(g *genome.Genome) {
			g.Effects = []genome.Effect{eff("J", cardrules.SkipNext, 0, 1), eff("Q", cardrules.Reverse, 0, 0), eff("K", cardrules.ExtraTurn, 0, 0)}
			g.LastCardInert = true
		}},
		mutation{"war with effects, last card inert", "war", func(g *genome.Genome) {
			g.Effects = []genome.Effect{eff("J", cardrules.ForceDiscard, cardrules.TargetNext, 2), eff("2", cardrules.SkipNext, 0, 1)}
			g.LastCardInert = true
		}},
		// Penalty captures: every turn order effect on demanding and paid
		// cards, discards under the pile, draws into piles, a seat paying
		// itself, a battle beside the turn_up phase, seats going out as
		// winners.
		mutation{"beggar shuffled, turn order effects", "beggar-my-neighbour", func(g *genome.Genome) {
			g.Turn[0].Returns = cardrules.ReturnsShuffled
			g.Effects = []genome.Effect{eff("K", cardrules.SkipNext, 0, 1), eff("5", cardrules.Reverse, 0, 0), eff("A", cardrules.ExtraTurn, 0, 0), eff("9", cardrules.SkipNext, 0, 2)}
		}},
		mutation{"beggar discards and draws", "beggar-my-neighbour", func(g *genome.Genome) {
			g.Deal = genome.Deal{Cards: 8}
			g.Seats.Max = 6
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
			g.Effects = []genome.Effect{eff("3", cardrules.ForceDiscard, cardrules.TargetPrevious, 13), eff("7", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 2),
				eff("Q", cardrules.DrawCards, cardrules.TargetNext, 2)}
		}},
		mutation{"beggar pays itself, reshuffles at once", "beggar-my-neighbour", func(g *genome.Genome) {
			g.Deal = genome.Deal{Cards: 5, Starter: true}
			g.Reshuffle, g.ReshuffleAtOnce = true, true
			g.Turn = append(g.Turn, g.Turn[0], genome.Phase{Kind: cardrules.PhaseDraw, Count: 2})
			g.Turn[1].Demands = []genome.Demand{{Rank: 0, Count: 8}, {Rank: 12, Count: 1}}
		}},
		mutation{"beggar battles, first out wins", "beggar-my-neighbour", func(g *genome.Genome) {
			g.Turn = append([]genome.Phase{{Kind: cardrules.PhaseBattle, WarFaceDown: 1}}, g.Turn...)
			g.End = genome.End{Conditions: []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}, Until: cardrules.UntilFirstOut}
			g.Effects = []genome.Effect{eff("J", cardrules.ForceDiscard, cardrules.TargetNext, 3)}
		}},
		// Climbing: turn order effects (the table's leader after a skip, a
		// reverse, an extra turn), discards and draws that put seats out
		// or bring them cards, a lead card, a short lead, a draw phase
		// beside the climb, and the blocked end.
		mutation{"president turn order effects, max 2", "president", func(g *genome.Genome) {
			g.Turn[0].Max = 2
			g.Effects = []genome.Effect{eff("9", cardrules.SkipNext, 0, 1), eff("K", cardrules.Reverse, 0, 0), eff("J", cardrules.ExtraTurn, 0, 0)}
		}},
		mutation{"president discards, lead card, last card inert", "president", func(g *genome.Genome) {
			g.Seats = genome.Seats{Min: 2, Max: 7, Default: 4}
			lead := genome.Card(1) // the three of clubs leads
			g.LeadCard = &lead
			g.LastCardInert = true
			g.Effects = []genome.Effect{eff("8", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 2), eff("Q", cardrules.ForceDiscard, cardrules.TargetSelf, 1)}
		}},
		mutation{"president with a stock, draws, max 1, first out wins, blocked", "president", func(g *genome.Genome) {
			g.Deal = genome.Deal{Cards: 5}
			g.Seats = genome.Seats{Min: 2, Max: 6, Default: 3}
			g.Turn = []genome.Phase{{Kind: cardrules.PhaseClimb, Max: 1}, {Kind: cardrules.PhaseDraw, Count: 1}}
			g.Effects = []genome.Effect{eff("5", cardrules.DrawCards, cardrules.TargetNext, 2), eff("A", cardrules.DrawCards, cardrules.TargetRandomOpponent, 1)}
			g.End = genome.End{Conditions: []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}, Until: cardrules.UntilFirstOut, Blocked: 2}
			g.Match, g.Score = nil, genome.Score{} // one deal, ranked by cards
		}},
		mutation{"openspiel small deck, no reshuffle, blocked", "crazy-eights-openspiel", func(g *genome.Genome) {
			g.Deck.Ranks = []genome.Rank{0, 1, 2, 6, 12}
			g.Deal.Cards, g.Deal.Overrides = 3, nil
			g.Seats = genome.Seats{Min: 2, Max: 4, Default: 2}
			g.Reshuffle, g.ReshuffleAtOnce = false, false
			g.End.Blocked = 1
		}},
	)
}

// TestDifferentialMutations: hand-written variants of the seed games, at
// every seat count they allow.
func TestDifferentialMutations(t *testing.T) {
	games := seedGames() / 4
	for _, mu := range mutations() {
		g := testkit.SeedGenome(t, mu.seed)
		mu.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", mu.name, err)
		}
		p := diffLoad(t, g)
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				if d := diffGame(g, p, seats, 3, i); d != "" {
					t.Fatalf("%s: %s\n%s", mu.name, g.CanonicalJSON(), d)
				}
			}
		}
	}
}

// withRapidChecks makes the rapid.Check calls of test t run n checks
// (rapid reads its flags at each Check and divides by 5 under -short) and
// write no fail files, restoring the flags when t ends.
func withRapidChecks(t *testing.T, n int) {
	if testing.Short() {
		n *= 5
	}
	for name, v := range map[string]string{"rapid.checks": strconv.Itoa(n), "rapid.nofailfile": "true", "rapid.shrinktime": "5s"} {
		f := flag.Lookup(name)
		if f == nil {
			t.Fatalf("rapid flag %s is not registered", name)
		}
		old := f.Value.String()
		if err := flag.Set(name, v); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { flag.Set(name, old) })
	}
}

// ---- regression tests: VM bugs the differential test found ----
//
// Each test plays a small genome that shows one bug, and fails while the VM
// disagrees with the vm package doc (and with the reference).

// parseGenome reads a valid genome from JSON.
func parseGenome(t *testing.T, js string) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// requireAgreement fails t with the first game of batch seed 1 on which
// the VM and the reference disagree.
func requireAgreement(t *testing.T, g *genome.Genome, seats, games int) {
	t.Helper()
	p := diffLoad(t, g)
	for i := range uint64(games) {
		if d := diffGame(g, p, seats, 1, i); d != "" {
			t.Fatalf("%s\n%s", g.CanonicalJSON(), d)
		}
	}
}

// TestDifferentialBugPileHandsIgnoreSetsAndLeadCard: the VM ignored sets
// and the lead card in pile-hand games (no set was ever laid down, seat 0
// moved first whoever held the lead card), which the vm doc gives for
// every game. Fixed in 0197586 by refusing the combination: Validate (and
// the verifier) reject sets and a lead card without a fan hand.
func TestDifferentialBugPileHandsIgnoreSetsAndLeadCard(t *testing.T) {
	for _, extra := range []string{`"meld":2,`, `"lead_card":"2C",`} {
		_, err := genome.Parse([]byte(`{"schema":1,"seats":{"min":2,"max":2,"default":2},"deck":{},"hand":"pile",
			"deal":{"all":true},"reshuffle":false,` + extra + `"turn":[{"kind":"battle","war_face_down":3}],"effects":[],
			"end":{"conditions":[{"when":"hand_empty","result":"lose"}],"until":"one_left"},"turn_cap":100}`))
		if err == nil {
			t.Errorf("a pile-hand game with %s is valid, but the VM does not play it as the vm doc says", extra)
		}
	}
}

// TestDifferentialBugTeamsIgnoredWhenASeatGoesOutAsWinner: in a
// partnership game ranked by score where seats go out as winners, the VM
// credited the first seat out alone (WinMask without its partner) whatever
// the teams' scores; the vm doc then said "With partnerships the team with
// the better total score wins and both partners are counted as winners".
// Fixed in 0197586 (partner) and f8c220d (the doc now says: "when the
// program ranks by score, the team with the better total score wins
// (seats going out do not matter)"). Here four seats in two partnerships
// play tricks for a point each and go out as winners when their hands are
// empty, all at once after the fifth trick: the partnership that took more
// tricks must win.
func TestDifferentialBugTeamsIgnoredWhenASeatGoesOutAsWinner(t *testing.T) {
	g := parseGenome(t, `{"schema":1,"seats":{"min":4,"max":4,"default":4},"deck":{},"hand":"fan",
		"deal":{"cards":5},"reshuffle":false,"teams":2,
		"turn":[{"kind":"trick","lead":{"op":"true"},"legal":{"op":"true"},"prefer":{"op":"eq","left":"card.suit","right":"top.suit"}}],
		"effects":[],"score":{"trick":1},
		"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out","rank":"score_high"},"turn_cap":26}`)
	p := diffLoad(t, g)
	bad := 0
	for i := range uint64(40) {
		tr, err := vm.Replay(p, 4, nil, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		var tricks [2]int
		for _, e := range tr.Events {
			if e.Kind == vm.EvTake {
				tricks[e.Seat%2]++
			}
		}
		want, mask := vm.Tie, uint8(0)
		switch {
		case tricks[0] > tricks[1]:
			want, mask = 0, 0b0101
		case tricks[1] > tricks[0]:
			want, mask = 1, 0b1010
		}
		if r := tr.Result; r.Winner != want || r.WinMask != mask {
			bad++
			if bad <= 3 {
				t.Errorf("game %d (seed %#x): tricks taken %d (seats 0 and 2) to %d (seats 1 and 3), but the VM's winner is %d with win mask %04b",
					i, tr.Seed, tricks[0], tricks[1], r.Winner, r.WinMask)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of 40 games credit the wrong partnership", bad)
	}
	requireAgreement(t, g, 4, 40)
}

// TestDifferentialBugLonelySkipCountsAsInteraction: a skip fired by a card
// turned up after a war put every other seat out hits no seat (the skip
// count is capped at active seats - 1 = 0), yet the VM counted it as an
// interaction; the vm doc counted "a skip, a draw or forced discard hitting
// another seat" (now "a skip while another seat is still in"). Fixed in
// f8c220d. Game 0 of batch seed 0: seat 0 turns up 2S (a skip), seat 1
// takes the battle; next turn 3D and 3C tie, seat 0 cannot lay its war card
// and is out, seat 1 turns up the 2S alone: 4 interactions (a skip, a
// battle won, a war, a battle won), not 5.
func TestDifferentialBugLonelySkipCountsAsInteraction(t *testing.T) {
	g := parseGenome(t, `{"schema":1,"seats":{"min":2,"max":3,"default":2},"deck":{"ranks":["2","3"]},"hand":"pile",
		"deal":{"cards":2},"reshuffle":false,"turn":[{"kind":"battle"}],
		"effects":[{"rank":"2","type":"skip_next","value":1}],
		"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out"},"turn_cap":2}`)
	p := diffLoad(t, g)
	r := mustMachine(p, 2, nil).Play(rng.Derive(0, 0))
	ref, _ := reference.Play(g, 2, nil, rng.Derive(0, 0))
	if r.Interactions != ref.Interactions || ref.Interactions != 4 {
		t.Errorf("interactions: VM %d, reference %d, want 4", r.Interactions, ref.Interactions)
	}
}

// TestDifferentialBugTrickLeadIgnoresNamedSuit: when the last card played
// named a suit, the VM evaluated a trick's lead predicate with that card's
// own suit as the active suit, not the suit named. The vm doc said the
// leader's legal cards come "from the lead predicates with the last card
// played as the top card", and after a card whose rank names a suit "the
// seat then decides the suit" that becomes the active suit; top.suit is
// "the active suit, which is the suit last named (after a card that names
// one) or else the top card's own suit" (genome/expr.go). Fixed in f8c220d
// (the doc now says so for the lead). Here every card names a suit and a
// trick may only be led in the active suit: in game 0 of batch seed 1 seat
// 1 plays QS and names hearts, then the VM had it lead 7S where only its
// hearts may lead.
func TestDifferentialBugTrickLeadIgnoresNamedSuit(t *testing.T) {
	g := parseGenome(t, `{"schema":1,"seats":{"min":2,"max":2,"default":2},"deck":{},"hand":"fan",
		"deal":{"cards":6},"reshuffle":false,
		"turn":[{"kind":"play","legal":{"op":"true"},"name_suit":["2","3","4","5","6","7","8","9","10","J","Q","K","A"]},
			{"kind":"trick","lead":{"op":"eq","left":"card.suit","right":"top.suit"},"legal":{"op":"true"}}],
		"effects":[],"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out"},"turn_cap":20}`)
	requireAgreement(t, g, 2, 8)
}

// TestDifferentialBugMeldWithoutGain: the VM lays down sets after every
// draw phase and every ask, also when the seat gained no card (an empty
// stock, an ask answered with nothing), so a set that play-phase draws
// made is laid down early. The vm doc: "In games with sets (set size k),
// after the deal (seats in order) and whenever a seat gains cards by a draw
// phase, a take or an ask, it lays down every k cards of one rank". Here a
// play phase draws until a card of the top card's rank turns up (up to 52),
// then a draw phase draws one card: once the stock is empty, the VM lays
// down pairs in draw phases that drew nothing.
func TestDifferentialBugMeldWithoutGain(t *testing.T) {
	g := parseGenome(t, `{"schema":1,"seats":{"min":2,"max":2,"default":2},"deck":{},"hand":"fan",
		"deal":{"cards":3},"reshuffle":false,"meld":2,
		"turn":[{"kind":"play","legal":{"op":"eq","left":"card.rank","right":"top.rank"},"draw_max":52},{"kind":"draw","count":1}],
		"effects":[],"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out"},"turn_cap":10}`)
	p := diffLoad(t, g)
	early := 0
	for i := range uint64(4) {
		tr, err := vm.Replay(p, 2, nil, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		drawPhase, drew := false, false
		for k, e := range tr.Events {
			switch e.Kind {
			case vm.EvTurn:
				drawPhase, drew = false, false
			case vm.EvPlay, vm.EvPass:
				drawPhase = true // the draw phase comes next
			case vm.EvDraw:
				drew = drew || drawPhase
			case vm.EvMeld:
				if drawPhase && !drew {
					if early++; early <= 3 {
						t.Errorf("game %d, event %d: seat %d lays down a set of %ss after a draw phase that drew no card", i, k, e.Seat, genome.Rank(e.Card))
					}
				}
			}
		}
	}
	if early > 0 {
		t.Errorf("%d sets laid down without a gain in 4 games", early)
	}
	requireAgreement(t, g, 2, 4)
}

// mustMachine is vm.NewMachine for seats and policies right by
// construction.
func mustMachine(p *vm.Program, seats int, policies []vm.Policy) *vm.Machine {
	m, err := vm.NewMachine(p, seats, policies)
	if err != nil {
		panic(err)
	}
	return m
}

// TestDifferentialBugLeadCardHandedOn: with passing always an option, the
// seat dealt the lead card can pass, and an ask can then hand the card to
// another seat. The VM bound whoever held the card to play it; the vm doc
// (and the reference) bind only the seat dealt it, until its first play.
func TestDifferentialBugLeadCardHandedOn(t *testing.T) {
	g := parseGenome(t, `{"schema":1,"seats":{"min":2,"max":4,"default":2},
		"deck":{"ranks":["2","3","4","5","6"],"suits":["clubs","diamonds","hearts"],
			"remove":["2C","3C","4C","5C","6C","2D","4D","5D","6D","2H","4H","5H"]},
		"hand":"fan","deal":{"all":true},"reshuffle":true,"reshuffle_at_once":true,"lead_card":"3D",
		"turn":[{"kind":"ask"},{"kind":"play","legal":{"op":"true"},"pass":"always"},{"kind":"draw","count":1}],
		"effects":[],"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out","blocked":1},"turn_cap":2}`)
	requireAgreement(t, g, 2, 50)
}

// TestDifferentialBugLeadCardFollowerInATrick: a gate let the seat dealt
// the lead card pass the first lead on; following a later trick, the VM
// let the predicates refuse its lead card (it played nothing), while the
// vm doc and the reference bind it to play the card, as in a play phase.
func TestDifferentialBugLeadCardFollowerInATrick(t *testing.T) {
	g := parseGenome(t, `{"schema":1,"seats":{"min":3,"max":6,"default":3},"deck":{"ranks":["2","3","4","5","6","7","8"]},
		"hand":"fan","deal":{"cards":2},"reshuffle":false,"meld":2,"lead_card":"3C",
		"turn":[{"kind":"trick","legal":{"op":"eq","left":"card.rank","right":"top.rank"},"lead":{"op":"true"},"lead_prefer":{"op":"true"}}],
		"effects":[{"rank":"3","type":"force_discard","target":"previous","value":1,"gate":true},
			{"rank":"2","type":"skip_next","value":1},{"rank":"2","type":"skip_next","value":1}],
		"last_card_inert":true,"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"one_left","blocked":1},"turn_cap":2}`)
	requireAgreement(t, g, 6, 200)
}
