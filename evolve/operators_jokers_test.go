package evolve

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// namesJoker reports whether any part of g names the joker's rank where a
// deck without jokers would make it invalid.
func namesJoker(g *genome.Genome) bool {
	joker := func(x genome.Rank) bool { return x == cardrules.Joker }
	rule := func(c genome.CardPoints) bool {
		return c.Match.Kind == cardrules.MatchRank && joker(genome.Rank(c.Match.Value))
	}
	return slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return joker(e.Rank) }) ||
		slices.ContainsFunc(g.Deal.StarterNot, joker) ||
		slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return slices.ContainsFunc(p.NameSuit, joker) }) ||
		slices.ContainsFunc(g.Score.Cards, rule) || slices.ContainsFunc(g.Score.Hand, rule)
}

// jokerEights is crazy-eights with one joker: a joker names a suit, makes
// the next seat draw two, and the starter may not be one.
func jokerEights(t testing.TB) *genome.Genome {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Deck.Jokers = 1
	g.Turn[0].NameSuit = append(g.Turn[0].NameSuit, cardrules.Joker)
	g.Effects = append(g.Effects, genome.Effect{Rank: cardrules.Joker, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2})
	g.Deal.StarterNot = []genome.Rank{cardrules.Joker}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMutJokers: the deck operator adds jokers up to two (never to a game
// with a tableau, and a game with jokers gets no tableau), and removing
// the last joker removes what named its rank; it keeps a joker a scoring
// rule or a predicate needs.
func TestMutJokers(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	r := rng.New(1)
	if !mutJokers(g, &r) || g.Deck.Jokers != 1 || !valid(g) {
		t.Fatalf("adding a joker: jokers %d, valid %v", g.Deck.Jokers, valid(g))
	}
	for range 20 {
		if g.Deck.Jokers == 2 {
			break
		}
		if !mutJokers(g, &r) || !valid(g) {
			t.Fatalf("jokers %d: not applied or invalid", g.Deck.Jokers)
		}
	}
	if g.Deck.Jokers != 2 {
		t.Fatalf("20 changes from one joker never reached two")
	}
	if !mutJokers(g, &r) || g.Deck.Jokers != 1 {
		t.Errorf("with two jokers the operator removes one, got %d", g.Deck.Jokers)
	}

	fan := testkit.SeedGenome(t, "fan-tan")
	if mutJokers(fan, &r) {
		t.Errorf("a joker was added to a game with a tableau")
	}
	eights := testkit.SeedGenome(t, "crazy-eights")
	eights.Deck.Jokers = 1
	if mutTableau(eights, &r) {
		t.Errorf("a game with a joker got a tableau")
	}

	for seed := range uint64(20) {
		g := jokerEights(t)
		r := rng.New(seed)
		if !mutJokers(g, &r) {
			t.Fatal("mutJokers did not apply")
		}
		switch g.Deck.Jokers {
		case 0:
			if namesJoker(g) || !valid(g) {
				t.Fatalf("seed %d: the last joker removed, the child names it (%v) or is invalid: %v", seed, namesJoker(g), g.Validate())
			}
			if !slices.Contains(g.Turn[0].NameSuit, 6) || len(g.Effects) != 0 {
				t.Errorf("seed %d: name_suit %v, effects %v; want the eights naming suits and no effect", seed, g.Turn[0].NameSuit, g.Effects)
			}
		case 2:
			if !valid(g) {
				t.Fatalf("seed %d: a second joker added: %v", seed, g.Validate())
			}
		}
	}

	scored := testkit.SeedGenome(t, "hearts")
	scored.Deck.Jokers = 1
	scored.Score.Cards = append(scored.Score.Cards, genome.CardPoints{Match: genome.Match{Kind: cardrules.MatchRank, Value: uint8(cardrules.Joker)}, Points: 5})
	if err := scored.Validate(); err != nil {
		t.Fatal(err)
	}
	if jokerDroppable(scored) {
		t.Errorf("the last joker of a game scoring jokers is droppable")
	}
	needed := testkit.SeedGenome(t, "crazy-eights")
	needed.Deck.Jokers = 1
	only := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermRank, Value: uint8(cardrules.Joker)})
	needed.Turn[0].Prefer = &only
	if err := needed.Validate(); err != nil {
		t.Fatal(err)
	}
	if jokerDroppable(needed) {
		t.Errorf("the last joker a preference needs is droppable")
	}
}

// TestJokerCrossovers: a child whose deck has no joker keeps nothing of
// the other parent's that names the joker's rank, and a child with a
// tableau has no jokers.
func TestJokerCrossovers(t *testing.T) {
	a := testkit.SeedGenome(t, "crazy-eights").Canonical()
	b := jokerEights(t).Canonical()
	fan := testkit.SeedGenome(t, "fan-tan").Canonical()
	for seed := range uint64(40) {
		r := rng.New(seed)
		for _, c := range []*genome.Genome{crossByRank(a, b, &r), crossWhole(a, b, &r), crossWhole(fan, b, &r), crossWhole(b, fan, &r)} {
			if c.Deck.Jokers == 0 && namesJoker(c) {
				t.Fatalf("seed %d: a child without jokers names the joker's rank", seed)
			}
			if c.Deck.Jokers > 0 && c.HasPhase(cardrules.PhaseTableau) {
				t.Fatalf("seed %d: a child with jokers has a tableau", seed)
			}
		}
	}
}

// TestJokersReachable: random walks of every operator from the seeds (the
// deck's and name_suit's a quarter of the time each, the effect operators
// half the rest) reach decks of one and two jokers, effects of the joker's
// rank and jokers that name a suit.
func TestJokersReachable(t *testing.T) {
	all, pick := effectOpsHalf()
	named := func(name string) operator {
		return all[slices.IndexFunc(all, func(o operator) bool { return o.name == name })]
	}
	deck, nameSuit := named("deck"), named("name_suit")
	seen := map[string]bool{}
	for _, name := range []string{"crazy-eights", "uno-style", "whist", "war"} {
		for w := range uint64(30) {
			g := testkit.SeedGenome(t, name).Canonical()
			r := rng.New(rng.Derive(21, w))
			var st OpStats
			for range 60 {
				op := pick(&r)
				switch r.IntN(4) {
				case 0:
					op = deck
				case 1:
					op = nameSuit
				}
				g = apply(g, op, &r, 8, &st)
				if g.Deck.Jokers > 0 {
					seen["jokers"] = true
				}
				if g.Deck.Jokers == 2 {
					seen["two jokers"] = true
				}
				if slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return e.Rank == cardrules.Joker }) {
					seen["joker effect"] = true
				}
				if slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return slices.Contains(p.NameSuit, cardrules.Joker) }) {
					seen["joker names a suit"] = true
				}
			}
		}
	}
	for _, w := range []string{"jokers", "two jokers", "joker effect", "joker names a suit"} {
		if !seen[w] {
			t.Errorf("no walk reached %s", w)
		}
	}
}

// TestJokerOperatorsFirstTry: on the closure parents' seeds and walks that
// can take jokers, every operator and crossover is first-try valid with
// two jokers in the deck no less often than without them (less a margin
// of 2 points for the draws that differ), and the effect operators and
// name_suit give a valid child at every first try.
func TestJokerOperatorsFirstTry(t *testing.T) {
	ops := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	var seeds []*genome.Genome
	for _, s := range genome.Seeds() {
		seeds = append(seeds, s.Canonical())
	}
	var plain, jokers []*genome.Genome
	nNamed := 0
	for _, g := range withWalks(seeds, ops, 77, 3) {
		j := g.Clone()
		j.Deck.Jokers = 2
		if !valid(j) {
			continue
		}
		// Where it can, a joker names a suit and makes the next seat skip.
		if k := slices.IndexFunc(j.Turn, func(p genome.Phase) bool { return p.Kind == cardrules.PhasePlay }); k >= 0 {
			named := j.Clone()
			named.Turn[k].NameSuit = append(named.Turn[k].NameSuit, cardrules.Joker)
			named.Effects = append(named.Effects, genome.Effect{Rank: cardrules.Joker, Type: cardrules.SkipNext, Value: 1})
			if valid(named) {
				j = named.Canonical()
				nNamed++
			}
		}
		plain, jokers = append(plain, g), append(jokers, j)
	}
	t.Logf("%d parents take jokers, %d of them a joker that names a suit and skips", len(jokers), nNamed)
	if len(jokers) < len(seeds) || nNamed < len(seeds)/2 {
		t.Fatalf("only %d parents take jokers, %d a joker that names a suit", len(jokers), nNamed)
	}
	rate := func(applied, ok int) float64 { return 100 * float64(ok) / float64(max(applied, 1)) }
	for k, op := range ops {
		pa, pok := firstTries(plain, op, k)
		ja, jok := firstTries(jokers, op, k)
		if ja == 0 {
			continue // (tableau: no game with jokers has one or gets one)
		}
		was, got := rate(pa, pok), rate(ja, jok)
		t.Logf("%-16s %5.1f%% of %4d with jokers, %5.1f%% of %4d without", op.name, got, ja, was, pa)
		if got < was-2 {
			t.Errorf("%s: %.1f%% of first tries valid with jokers, %.1f%% without", op.name, got, was)
		}
		switch op.name {
		case opAddEffect.name, opRemoveEffect.name, opMutateEffect.name, "name_suit":
			if jok != ja {
				t.Errorf("%s: %d of %d first tries valid with jokers, want all", op.name, jok, ja)
			}
		}
	}
	for k, cr := range closureCrossovers {
		pa, pok := crossoverTries(plain, cr, k)
		ja, jok := crossoverTries(jokers, cr, k)
		was, got := rate(pa, pok), rate(ja, jok)
		t.Logf("%-16s %5.1f%% of %4d with jokers, %5.1f%% of %4d without", cr.name, got, ja, was, pa)
		if got < was-2 {
			t.Errorf("%s: %.1f%% of first tries valid with jokers, %.1f%% without", cr.name, got, was)
		}
	}
}
