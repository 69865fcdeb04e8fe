package vm

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Invariants after every turn of full games: conservation of cards
// (checkConservation) and the seat invariants (checkSeats), for every seed
// game at every seat count and both policies, hand-written mutations of the
// seeds, and random genomes drawn by a rapid generator.

// checkGames plays games of p at seats seats with per-turn invariant checks
// and compares each result with Machine.Play and Replay of the same seed.
func checkGames(t fataler, name string, p *Program, seats int, pol []Policy, games int, batchSeed uint64) {
	t.Helper()
	if len(pol) > 1 {
		n := seats
		if n == 0 {
			n = p.DefaultSeats()
		}
		pol = perSeat(pol, n)
	}
	m := mustMachine(p, seats, pol)
	plain := mustMachine(p, seats, pol)
	for i := range games {
		seed := rng.Derive(batchSeed, uint64(i))
		r, err := playChecked(m, seed)
		if err != nil {
			t.Fatalf("%s, %d seats, %v, game %d (seed %#x): %v", name, m.n, pol, i, seed, err)
		}
		if r.Winner == Aborted {
			t.Fatalf("%s, %d seats, game %d (seed %#x): aborted by the step budget after %d turns", name, m.n, i, seed, r.Turns)
		}
		if r.Winner >= m.n || r.Winner < Aborted {
			t.Fatalf("%s: winner %d", name, r.Winner)
		}
		// WinMask: the winner and only seats of the game; none without a winner.
		if r.Winner >= 0 && (r.WinMask&(1<<r.Winner) == 0 || r.WinMask>>m.n != 0) ||
			r.Winner < 0 && r.WinMask != 0 {
			t.Fatalf("%s, game %d: winner %d with win mask %08b", name, i, r.Winner, r.WinMask)
		}
		if r.Winner >= 0 && m.p.teams == 0 && r.WinMask != 1<<r.Winner {
			t.Fatalf("%s, game %d: winner %d with win mask %08b in a game without teams", name, i, r.Winner, r.WinMask)
		}
		if got := plain.Play(seed); got != r {
			t.Fatalf("%s, game %d: Play gives %+v, the checked loop %+v", name, i, got, r)
		}
		if i < 3 {
			if tr := mustReplay(p, seats, pol, batchSeed, uint64(i)); tr.Result != r {
				t.Fatalf("%s, game %d: Replay gives %+v, want %+v", name, i, tr.Result, r)
			}
		}
	}
}

// fataler is what checkGames needs of a *testing.T or *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// policySets: everyone Random, everyone Greedy, and mixed (checkGames
// gives each seat its own, alternating).
var policySets = [][]Policy{nil, {Greedy}, {Greedy, Random}}

func TestInvariantsSeeds(t *testing.T) {
	games := 20
	if !testing.Short() {
		games = 300
	}
	for _, np := range vmSeeds(t) {
		name, p := np.name, np.p
		lo, hi := p.SeatRange()
		for seats := lo; seats <= hi; seats++ {
			for k, pol := range policySets {
				if testing.Short() && k == 1 {
					continue // all-greedy: the mixed set covers greedy
				}
				checkGames(t, name, p, seats, pol, games, 7)
			}
		}
	}
	// The hybrids with lasting effects, for the invariants of the
	// active effects (checkLasting).
	for _, name := range []string{"crazy-eights-locks", "whist-bonus", "crazy-eights-rules", "uno-delayed"} {
		_, p := hybridProgram(t, name)
		lo, hi := p.SeatRange()
		for seats := lo; seats <= hi; seats++ {
			for _, pol := range policySets {
				checkGames(t, name, p, seats, pol, games, 7)
			}
		}
	}
}

// mutations are hand-written variants of the seeds that reach rules the
// seeds do not: every effect type and target, one-left shedding games
// (seats out mid-game), losing on an empty hand, extra phases, restricted
// decks, no reshuffle, no starter, wars of every depth.
func mutations(t testing.TB) map[string]*genome.Genome {
	out := map[string]*genome.Genome{}
	add := func(name, seed string, f func(g *genome.Genome)) {
		g := testkit.SeedGenome(t, seed)
		f(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("mutation %s: %v", name, err)
		}
		out[name] = g
	}
	allTargets := []genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetAllOpponents, cardrules.TargetRandomOpponent, cardrules.TargetSelf}
	for _, tg := range allTargets {
		add("uno draw "+tg.String(), "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, drawE("3", tg, 3), drawE("4", tg, 13))
		})
		add("uno discard "+tg.String(), "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, discardE("5", tg, 2), discardE("6", tg, 13))
		})
		add("war discard "+tg.String(), "war", func(g *genome.Genome) {
			g.Effects = append(g.Effects, discardE("3", tg, 13), discardE("9", tg, 1))
		})
	}
	add("uno one-left", "uno-style", func(g *genome.Genome) { g.End.Until = cardrules.UntilOneLeft })
	add("uno lose on empty", "uno-style", func(g *genome.Genome) {
		g.End.Conditions[0].Result = cardrules.ResultLose
		g.End.Until = cardrules.UntilOneLeft
	})
	add("uno first out loses", "uno-style", func(g *genome.Genome) { g.End.Conditions[0].Result = cardrules.ResultLose })
	add("uno no reshuffle", "uno-style", func(g *genome.Genome) { g.Reshuffle = false })
	add("uno big skips", "uno-style", func(g *genome.Genome) {
		g.Effects = append(g.Effects, skipE("3", 13), extraE("4"), reverseE("4"), skipE("4", 2))
	})
	add("eights no starter", "crazy-eights", func(g *genome.Genome) { g.Deal.Starter = false })
	add("eights draw_max 0", "crazy-eights", func(g *genome.Genome) { g.Turn[0].DrawMax = 0 })
	add("eights draw_max 52", "crazy-eights", func(g *genome.Genome) { g.Turn[0].DrawMax = 52 })
	add("eights two suits", "crazy-eights", func(g *genome.Genome) {
		g.Deck.Suits = []genome.Suit{1, 3}
		g.Deck.Remove = []genome.Card{cardrules.NewCard(0, 1), cardrules.NewCard(12, 3)}
		g.Deal.Cards = 4
		g.Deal.Overrides = nil
	})
	add("eights one suit", "crazy-eights", func(g *genome.Genome) {
		g.Deck.Suits = []genome.Suit{2}
		g.Deal.Cards = 2
		g.Deal.Overrides = nil
	})
	add("eights play and draw, one left", "crazy-eights", func(g *genome.Genome) {
		g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
		g.End.Until = cardrules.UntilOneLeft
		g.Seats.Default = 4
	})
	add("eights two plays", "crazy-eights", func(g *genome.Genome) {
		second := g.Turn[0]
		legal := genome.Any(genome.Compare(genome.OpEq, tCardRank, tTopRank), genome.Compare(genome.OpGt, tCardRank, tTopRank))
		second.Legal, second.NameSuit = &legal, nil
		g.Turn = append(g.Turn, second)
		g.Effects = []genome.Effect{discardE("K", cardrules.TargetAllOpponents, 1), drawE("2", cardrules.TargetRandomOpponent, 2)}
	})
	for fd := range 6 {
		add(fmt.Sprintf("war face down %d in order", fd), "war", func(g *genome.Genome) {
			g.Turn[0].WarFaceDown = fd
			g.Turn[0].Returns = cardrules.ReturnsInOrder
		})
	}
	add("war effects", "war", func(g *genome.Genome) {
		g.Effects = []genome.Effect{skipE("J", 2), reverseE("Q"), extraE("K"), drawE("2", cardrules.TargetNext, 2)}
	})
	add("war first out", "war", func(g *genome.Genome) { g.End.Until = cardrules.UntilFirstOut })
	add("war with a stock and draws", "war", func(g *genome.Genome) {
		g.Deal = genome.Deal{Cards: 8}
		g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 2})
		g.Effects = []genome.Effect{drawE("A", cardrules.TargetAllOpponents, 3)}
	})
	add("war short deck", "war", func(g *genome.Genome) {
		g.Deck.Ranks = []genome.Rank{0, 1, 12}
		g.Turn[0].WarFaceDown = 1
	})
	return out
}

func TestInvariantsMutations(t *testing.T) {
	games := 10
	if !testing.Short() {
		games = 100
	}
	for name, g := range mutations(t) {
		t.Run(name, func(t *testing.T) {
			p := load(t, g)
			lo, hi := p.SeatRange()
			for seats := lo; seats <= hi; seats++ {
				if testing.Short() && seats != lo && seats != hi && seats != p.DefaultSeats() {
					continue
				}
				for k, pol := range policySets {
					if testing.Short() && k == 1 {
						continue // all-greedy: the mixed set covers greedy
					}
					checkGames(t, name, p, seats, pol, games, 11)
				}
			}
		})
	}
}

// ---- random genomes ----

func genRankTerm(t *rapid.T, label string, allowConst bool) genome.Term {
	k := []genome.TermKind{genome.TermCardRank, genome.TermTopRank}
	if allowConst {
		k = append(k, genome.TermRank)
	}
	kind := rapid.SampledFrom(k).Draw(t, label)
	if kind == genome.TermRank {
		return genome.Term{Kind: kind, Value: uint8(rapid.IntRange(0, 12).Draw(t, label+".v"))}
	}
	return genome.Term{Kind: kind}
}

func genSuitTerm(t *rapid.T, label string, allowConst bool) genome.Term {
	k := []genome.TermKind{genome.TermCardSuit, genome.TermTopSuit}
	if allowConst {
		k = append(k, genome.TermSuit)
	}
	kind := rapid.SampledFrom(k).Draw(t, label)
	if kind == genome.TermSuit {
		return genome.Term{Kind: kind, Value: uint8(rapid.IntRange(0, 3).Draw(t, label+".v"))}
	}
	return genome.Term{Kind: kind}
}

func genCompare(t *rapid.T) genome.Expr {
	if rapid.Bool().Draw(t, "rankCmp") {
		op := rapid.SampledFrom([]genome.Op{genome.OpEq, genome.OpNe, genome.OpLt, genome.OpGt}).Draw(t, "op")
		l := genRankTerm(t, "l", true)
		r := genRankTerm(t, "r", l.Kind != genome.TermRank)
		return genome.Compare(op, l, r)
	}
	op := rapid.SampledFrom([]genome.Op{genome.OpEq, genome.OpNe}).Draw(t, "op")
	l := genSuitTerm(t, "l", true)
	r := genSuitTerm(t, "r", l.Kind != genome.TermSuit)
	return genome.Compare(op, l, r)
}

func genExpr(t *rapid.T, depth int) genome.Expr {
	if depth >= 3 || rapid.IntRange(0, 2).Draw(t, "leaf") == 0 {
		if rapid.IntRange(0, 15).Draw(t, "true") == 0 {
			return genome.Expr{Op: genome.OpTrue}
		}
		return genCompare(t)
	}
	switch rapid.IntRange(0, 4).Draw(t, "node") {
	case 0:
		return genome.Not(genExpr(t, depth+1))
	case 1, 2:
		n := rapid.IntRange(2, 3).Draw(t, "n")
		args := make([]genome.Expr, n)
		for i := range args {
			args[i] = genExpr(t, depth+1)
		}
		return genome.Any(args...)
	default:
		n := rapid.IntRange(2, 3).Draw(t, "n")
		args := make([]genome.Expr, n)
		for i := range args {
			args[i] = genExpr(t, depth+1)
		}
		// An all is often unsatisfiable; keep a way out.
		return genome.Any(genome.All(args...), genCompare(t))
	}
}

// genGenome draws a random game: a shedding game (fan hand, play phases
// with random legality) or a battle game (pile hand), with random effects,
// deck, seats, deal and end. Most draws are valid by construction;
// invalid ones are skipped.
func genGenome(t *rapid.T) *genome.Genome {
	pile := rapid.IntRange(0, 2).Draw(t, "pile") == 0
	g := &genome.Genome{Schema: genome.SchemaVersion, TurnCap: rapid.IntRange(20, 300).Draw(t, "cap")}
	if rapid.Bool().Draw(t, "restrictDeck") {
		for s := range genome.Suit(4) {
			if rapid.IntRange(0, 3).Draw(t, "suit") > 0 {
				g.Deck.Suits = append(g.Deck.Suits, s)
			}
		}
		if len(g.Deck.Suits) == 0 {
			g.Deck.Suits = []genome.Suit{genome.Suit(rapid.IntRange(0, 3).Draw(t, "onesuit"))}
		}
		for r := range genome.Rank(13) {
			if rapid.IntRange(0, 4).Draw(t, "rank") > 0 {
				g.Deck.Ranks = append(g.Deck.Ranks, r)
			}
		}
		if len(g.Deck.Ranks) < 2 {
			g.Deck.Ranks = append(g.Deck.Ranks, 0, 12)
		}
		deck := g.Deck.Cards()
		for range rapid.IntRange(0, 3).Draw(t, "removes") {
			g.Deck.Remove = append(g.Deck.Remove, rapid.SampledFrom(deck).Draw(t, "remove"))
		}
	}
	deck := g.Deck.Cards()
	if len(deck) < 4 {
		t.Skip("tiny deck")
	}
	starter := !pile && rapid.Bool().Draw(t, "starter")
	st := 0
	if starter {
		st = 1
	}
	maxSeats := min(8, len(deck)-st)
	lo := rapid.IntRange(2, min(4, maxSeats)).Draw(t, "seatsMin")
	hi := rapid.IntRange(lo, maxSeats).Draw(t, "seatsMax")
	g.Seats = genome.Seats{Min: lo, Max: hi, Default: rapid.IntRange(lo, hi).Draw(t, "seatsDefault")}
	if pile && rapid.IntRange(0, 2).Draw(t, "dealAll") > 0 {
		g.Deal.All = true
	} else {
		g.Deal.Cards = rapid.IntRange(1, max(1, (len(deck)-st)/hi)).Draw(t, "deal")
		if n := rapid.IntRange(lo, hi).Draw(t, "ovSeats"); n != hi && rapid.Bool().Draw(t, "override") {
			g.Deal.Overrides = []genome.DealOverride{{Seats: n, Cards: rapid.IntRange(1, (len(deck)-st)/n).Draw(t, "ovCards")}}
		}
	}
	g.Deal.Starter = starter
	g.Reshuffle = rapid.Bool().Draw(t, "reshuffle")
	if pile {
		g.Hand = cardrules.HandPile
		for range rapid.IntRange(1, 2).Draw(t, "battles") {
			g.Turn = append(g.Turn, genome.Phase{
				Kind: cardrules.PhaseBattle, WarFaceDown: rapid.IntRange(0, 5).Draw(t, "fd"),
				Returns: genome.Returns(rapid.IntRange(0, 1).Draw(t, "returns")),
			})
		}
	} else {
		g.Hand = cardrules.HandFan
		for range rapid.IntRange(1, 2).Draw(t, "plays") {
			e := genExpr(t, 0)
			ph := genome.Phase{Kind: cardrules.PhasePlay, Legal: &e, DrawMax: rapid.SampledFrom([]int{0, 1, 2, 3, 52}).Draw(t, "drawMax")}
			for _, r := range g.Deck.Cards() {
				if rapid.IntRange(0, 30).Draw(t, "wild") == 0 && !containsRank(ph.NameSuit, r.Rank()) {
					ph.NameSuit = append(ph.NameSuit, r.Rank())
				}
			}
			g.Turn = append(g.Turn, ph)
		}
	}
	if !g.Deal.All && rapid.IntRange(0, 3).Draw(t, "drawPhase") == 0 {
		g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: rapid.IntRange(1, 3).Draw(t, "count")})
	}
	for range rapid.IntRange(0, 6).Draw(t, "effects") {
		typ := genome.EffectType(rapid.IntRange(0, int(cardrules.NumEffectTypes)-1).Draw(t, "type"))
		e := genome.Effect{Rank: rapid.SampledFrom(deck).Draw(t, "effCard").Rank(), Type: typ}
		if typ.UsesTarget() {
			e.Target = genome.Target(rapid.IntRange(1, int(cardrules.NumTargets)-1).Draw(t, "target"))
		}
		if typ.UsesValue() {
			e.Value = rapid.SampledFrom([]int{1, 1, 2, 3, 13}).Draw(t, "value")
		}
		g.Effects = append(g.Effects, e)
	}
	g.End = genome.End{
		Conditions: []genome.Condition{{When: cardrules.EventHandEmpty, Result: genome.Result(rapid.IntRange(0, 1).Draw(t, "result"))}},
		Until:      genome.Until(rapid.IntRange(0, 1).Draw(t, "until")),
	}
	if pile && g.End.Conditions[0].Result == cardrules.ResultWin && rapid.IntRange(0, 3).Draw(t, "keepWin") > 0 {
		g.End.Conditions[0].Result = cardrules.ResultLose
	}
	if err := g.Validate(); err != nil {
		t.Skip("invalid draw: ", err)
	}
	return g
}

func containsRank(rs []genome.Rank, r genome.Rank) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// TestInvariantsRandomGenomes: for random games at random seat counts and
// policies, every turn of every game keeps conservation and the seat
// invariants, no game is aborted, and Play, the checked loop and Replay
// agree.
func TestInvariantsRandomGenomes(t *testing.T) {
	games := 2
	if !testing.Short() {
		games = 20
	}
	rapidShort()
	rapid.Check(t, func(rt *rapid.T) {
		g := genGenome(rt)
		code, err := compile.Compile(g)
		if err != nil {
			rt.Fatalf("compile: %v", err)
		}
		p, err := Load(code)
		if err != nil {
			rt.Fatalf("load: %v", err)
		}
		lo, hi := p.SeatRange()
		seats := rapid.IntRange(lo, hi).Draw(rt, "seats")
		var pol []Policy
		for range seats {
			pol = append(pol, Policy(rapid.IntRange(0, int(NumPolicies)-1).Draw(rt, "policy")))
		}
		checkGames(rt, string(g.CanonicalJSON()), p, seats, pol, games, rapid.Uint64().Draw(rt, "batchSeed"))
	})
}
