package evolve

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// These tests keep to the genome: every child validates and compiles
// (mustCompile, valid); none plays a game (the VM's claim phase is not in
// yet).

// cheatJSON is a cheat-like game (pagat.com's Cheat): the whole deck
// dealt, aces low, claims next from A, up to four cards a claim, the first
// player out wins.
const cheatJSON = `{"schema":1,"name":"cheat","seats":{"min":3,"max":8,"default":4},"deck":{"order":"ace_low"},"hand":"fan","deal":{"all":true},"reshuffle":false,"turn":[{"kind":"claim","claims":"next","start":"A"}],"effects":[],"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out"},"turn_cap":5000}`

// cheat returns the cheat-like game, canonical and valid.
func cheat(t testing.TB) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(cheatJSON))
	if err != nil {
		t.Fatal(err)
	}
	return g.Canonical()
}

// claimParents are games with claim phases: the cheat-like game; it with
// claims near of at most two cards, with claims any of one card, with a
// short deck of two packs and jokers (aces high, from 9), dealing seven
// cards each with a draw after the claim; Crazy Eights with a claim phase
// after its play phase; and each seed game the claim operator turns a
// play phase of into a claim phase.
func claimParents(t testing.TB) []*genome.Genome {
	t.Helper()
	base := cheat(t)
	near := base.Clone()
	near.Turn[0] = genome.Phase{Kind: cardrules.PhaseClaim, Claims: cardrules.ClaimNear, Max: 2}
	anyOne := base.Clone()
	anyOne.Turn[0] = genome.Phase{Kind: cardrules.PhaseClaim, Claims: cardrules.ClaimAny, Max: 1}
	short := base.Clone()
	short.Deck = genome.Deck{Ranks: []genome.Rank{7, 8, 9, 10, 11, 12}, Jokers: 2, Packs: 2}
	short.Turn[0].Start = 7
	short.Deal = genome.Deal{Cards: 7}
	short.Seats = genome.Seats{Min: 3, Max: 5, Default: 4}
	short.Turn = append(short.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
	eights := testkit.SeedGenome(t, "crazy-eights")
	eights.Turn = append(eights.Turn, genome.Phase{Kind: cardrules.PhaseClaim, Start: 5, Max: 3})
	out := []*genome.Genome{base, near.Canonical(), anyOne.Canonical(), short.Canonical(), eights.Canonical()}
	for i, s := range genome.Seeds() {
		g := s.Canonical()
		r := rng.New(uint64(i))
		if _, plays := kindAndPlays(g, cardrules.PhaseClaim); len(plays) == 0 || g.Hand != cardrules.HandFan {
			continue
		}
		if !mutClaim(g, &r) {
			t.Fatalf("%s: no claim phase", s.Name)
		}
		out = append(out, g.Canonical())
	}
	for _, g := range out {
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v\n%s", g.Name, err, g.CanonicalJSON())
		}
	}
	return out
}

// TestClaimOperator: on the cheat-like game the claim operator reaches
// every claims rule, every max from 1 to 4 (4 written absent, one step at
// a time) and every rank of the deck as the start of claims next, a start
// only with next; on a short deck aces high, only the deck's ranks; every
// child is valid and compiles.
func TestClaimOperator(t *testing.T) {
	r := rng.New(7)
	for _, c := range []struct {
		what  string
		deck  genome.Deck
		start genome.Rank
	}{
		{"the full deck", genome.Deck{Order: cardrules.OrderAceLow}, 12},
		{"a short deck of two packs and jokers", genome.Deck{Ranks: []genome.Rank{3, 7, 8, 12}, Jokers: 1, Packs: 2}, 8},
	} {
		g := cheat(t)
		g.Deck, g.Turn[0].Start = c.deck, c.start
		mustCompile(t, g)
		want := standardRanks(g)
		claims, maxes, starts := map[genome.ClaimRule]bool{}, map[int]bool{}, map[genome.Rank]bool{}
		for range 3000 {
			before := g.Turn[0]
			if !mutClaim(g, &r) {
				t.Fatalf("%s: mutClaim did nothing", c.what)
			}
			p := g.Turn[0]
			if p.Kind != cardrules.PhaseClaim || len(g.Turn) != 1 {
				t.Fatalf("%s: the turn became %+v", c.what, g.Turn)
			}
			if d := p.ClimbMax() - before.ClimbMax(); d > 1 || d < -1 {
				t.Fatalf("%s: max %d became %d: want a step of one", c.what, before.ClimbMax(), p.ClimbMax())
			}
			if p.Max == cardrules.MaxClimb {
				t.Fatalf("%s: max 4 written out: want it absent", c.what)
			}
			switch {
			case p.Claims != cardrules.ClaimNext && p.Start != 0:
				t.Fatalf("%s: claims %s with start %s", c.what, p.Claims, p.Start)
			case p.Claims == cardrules.ClaimNext && !slices.Contains(want, p.Start):
				t.Fatalf("%s: claims next from %s, which the deck lacks", c.what, p.Start)
			case p.Claims == cardrules.ClaimNext:
				starts[p.Start] = true
			}
			if p.Claims == before.Claims && p.Start == before.Start && p.Max == before.Max {
				t.Fatalf("%s: %+v unchanged", c.what, p)
			}
			mustCompile(t, g)
			claims[p.Claims], maxes[p.ClimbMax()] = true, true
		}
		if len(claims) != int(cardrules.NumClaimRules) || len(maxes) != cardrules.MaxClimb || len(starts) != len(want) {
			t.Errorf("%s: claims %v, maxes %v, starts %v: want every rule, 1..%d and %v", c.what, claims, maxes, starts, cardrules.MaxClimb, want)
		}
	}
}

// TestClaimConversion: in a game of fan hands with a play phase and no
// claim phase the claim operator turns a play phase into a claim phase,
// reaching every claims rule and max, a start of the deck with next only,
// and taking along what needed the play phase (the effects of played
// cards, the response abilities); every child is valid and compiles. A
// game of pile hands, one with neither a claim nor a play phase, is left
// alone.
func TestClaimConversion(t *testing.T) {
	seen := map[string]bool{}
	for _, name := range []string{"crazy-eights", "uno-style", "uno-stacking", "crazy-eights-match"} {
		for seed := range uint64(40) {
			c := testkit.SeedGenome(t, name)
			r := rng.New(seed)
			if !mutClaim(c, &r) || c.Turn[0].Kind != cardrules.PhaseClaim {
				t.Fatalf("%s: the play phase did not become a claim phase: %+v", name, c.Turn)
			}
			p := c.Turn[0]
			if (p.Claims == cardrules.ClaimNext) != slices.Contains(standardRanks(c), p.Start) && p.Start != 0 {
				t.Fatalf("%s: claims %s from %s", name, p.Claims, p.Start)
			}
			if c.HasPhase(cardrules.PhasePlay) || len(c.Responses.Cards) > 0 {
				t.Fatalf("%s: a play phase or responses left: %s", name, c.CanonicalJSON())
			}
			if slices.ContainsFunc(c.Effects, func(e genome.Effect) bool { return e.When == cardrules.Played }) {
				t.Fatalf("%s: effects of a played card left in a game that plays none face up", name)
			}
			mustCompile(t, c)
			seen[p.Claims.String()] = true
			seen[fmt.Sprintf("max=%d", p.ClimbMax())] = true
		}
	}
	for _, w := range []string{"next", "near", "any", "max=1", "max=2", "max=3", "max=4"} {
		if !seen[w] {
			t.Errorf("no conversion reached %s (reached %v)", w, seen)
		}
	}
	r := rng.New(1)
	for _, name := range []string{"hearts", "war", "beggar-my-neighbour", "president", "go-fish", "sevens"} {
		if mutClaim(testkit.SeedGenome(t, name), &r) {
			t.Errorf("mutClaim changed %s, which has neither a claim nor a play phase of fan hands", name)
		}
	}
	// A game that deals every card and draws, the stock refilled from the
	// discard pile of its only play phase, is left as it is.
	drawAll := testkit.SeedGenome(t, "crazy-eights")
	drawAll.Deal, drawAll.Reshuffle = genome.Deal{All: true}, true
	drawAll.Turn = append(drawAll.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
	mustCompile(t, drawAll)
	for seed := range uint64(20) {
		r := rng.New(seed)
		if c := drawAll.Clone(); mutClaim(c, &r) {
			t.Fatalf("mutClaim took away the play phase whose discards the draws need: %s", c.CanonicalJSON())
		}
	}
}

// TestClaimStartRepairs: a claim's start stays a rank of the deck: the
// deck operator dropping it moves it to the deck's next rank in the
// deck's order (the lowest after the highest), a crossover child taking
// a deck that lacks it likewise, and every such child is valid at the
// first try; claims near and any keep no start.
func TestClaimStartRepairs(t *testing.T) {
	for _, c := range []struct {
		what        string
		order       genome.RankOrder
		ranks       []genome.Rank
		start, want genome.Rank
	}{
		{"A, aces low", cardrules.OrderAceLow, nil, 12, 0},
		{"K, aces low", cardrules.OrderAceLow, nil, 11, 12},
		{"A, aces high", cardrules.OrderAceHigh, nil, 12, 0},
		{"7 of 2, 7, 9", cardrules.OrderAceHigh, []genome.Rank{0, 5, 7}, 5, 7},
		{"2, two high", cardrules.OrderTwoHigh, nil, 0, 1},
		{"A, two high", cardrules.OrderTwoHigh, nil, 12, 0},
	} {
		g := cheat(t)
		g.Deck.Order, g.Deck.Ranks, g.Turn[0].Start = c.order, c.ranks, c.start
		mustCompile(t, g)
		g.Deck.Ranks = slices.DeleteFunc(standardRanks(g), func(x genome.Rank) bool { return x == c.start })
		fitClaims(g)
		if g.Turn[0].Start != c.want {
			t.Errorf("%s: the start moved to %s, want %s", c.what, g.Turn[0].Start, c.want)
		}
		mustCompile(t, g)
	}

	// The deck operator drops the start at times, never leaving it out.
	dropped := 0
	for seed := range uint64(400) {
		g := cheat(t)
		r := rng.New(seed)
		if !mutDeck(g, &r) {
			continue
		}
		if !slices.Contains(standardRanks(g), 12) {
			dropped++
			if g.Turn[0].Start != 0 {
				t.Fatalf("A dropped: the claims start with %s, want 2", g.Turn[0].Start)
			}
		}
		if !valid(g) {
			t.Fatalf("mutDeck: %v\n%s", g.Validate(), g.CanonicalJSON())
		}
	}
	if dropped == 0 {
		t.Error("mutDeck never dropped the start")
	}

	// Crossovers with games of other decks: a start of the child's deck.
	r := rng.New(9)
	base := cheat(t)
	base.Turn[0].Start = 6 // an 8, which the piquet-like deck lacks
	other := testkit.SeedGenome(t, "crazy-eights").Canonical()
	other.Deck.Ranks = []genome.Rank{5, 7, 8, 9, 10, 11, 12}
	other.Turn[0].NameSuit = nil
	other.Deal.Cards = 5
	mustCompile(t, other)
	moved := 0
	for range 200 {
		for _, pair := range [][2]*genome.Genome{{base, other}, {other, base}} {
			c := crossWhole(pair[0], pair[1], &r)
			for _, p := range c.Turn {
				if p.Kind != cardrules.PhaseClaim {
					continue
				}
				if !slices.Contains(standardRanks(c), p.Start) {
					t.Fatalf("a child's claims start with %s, which its deck lacks", p.Start)
				}
				if p.Start == 7 {
					moved++
				}
			}
		}
	}
	if moved == 0 {
		t.Error("no crossover child moved the start to 9")
	}

	// Near and any: no start to keep.
	for _, claims := range []genome.ClaimRule{cardrules.ClaimNear, cardrules.ClaimAny} {
		g := cheat(t)
		g.Turn[0].Claims, g.Turn[0].Start = claims, 0
		g.Deck.Ranks = []genome.Rank{3, 4, 5}
		fitClaims(g)
		if g.Turn[0].Start != 0 {
			t.Errorf("claims %s: start %s", claims, g.Turn[0].Start)
		}
		mustCompile(t, g)
	}
}

// TestClaimReached: walks of every operator from the seed games of fan
// hands with a play phase reach a claim phase of every claims rule and
// max, and walks from the cheat-like game move its start and lose the
// claim phase again (phase_insert's copies and phase_remove), every step
// valid.
func TestClaimReached(t *testing.T) {
	ops := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	seen := map[string]bool{}
	note := func(g *genome.Genome) {
		for _, p := range g.Turn {
			if p.Kind == cardrules.PhaseClaim {
				seen["claims="+p.Claims.String()] = true
				seen[fmt.Sprintf("max=%d", p.ClimbMax())] = true
				if p.Claims == cardrules.ClaimNext && p.Start != 12 {
					seen["start moved"] = true
				}
			}
		}
		if g.HasPhase(cardrules.PhaseClaim) {
			seen["claim"] = true
		} else {
			seen["no claim"] = true
		}
	}
	parents := []*genome.Genome{cheat(t)}
	for _, name := range []string{"crazy-eights", "uno-style", "go-fish"} {
		parents = append(parents, testkit.SeedGenome(t, name).Canonical())
	}
	for i, p := range parents {
		for w := range uint64(6) {
			r := rng.New(rng.Derive(uint64(700+i), w))
			g := p
			var st OpStats
			for range 150 {
				g = apply(g, ops[r.IntN(len(ops))], &r, 8, &st)
				if !valid(g) {
					t.Fatalf("an invalid genome: %v", g.Validate())
				}
				note(g)
			}
		}
	}
	for _, want := range []string{"claim", "no claim", "claims=next", "claims=near", "claims=any", "max=1", "max=2", "max=3", "max=4", "start moved"} {
		if !seen[want] {
			t.Errorf("no walk reached %s (reached %v)", want, seen)
		}
	}
}

// TestClaimOperatorsFirstTry: operators and crossovers keep their
// first-try validity on games with claim phases (checkFirstTries).
func TestClaimOperatorsFirstTry(t *testing.T) {
	checkFirstTries(t, "claims", "claim", []string{"deal", "phase_insert", "phase_remove", "deck", "claim"}, claimParents(t), 510)
}

// TestClaimFamily: a game whose turn starts with a claim phase (a draw
// before it skipped) is of the play family: Cheat sheds cards.
func TestClaimFamily(t *testing.T) {
	g := cheat(t)
	if f := Family(g); f != "play" {
		t.Errorf("cheat is of family %s, want play", f)
	}
	g.Turn = append([]genome.Phase{{Kind: cardrules.PhaseDraw, Count: 1}}, g.Turn...)
	g.Deal = genome.Deal{Cards: 5}
	mustCompile(t, g)
	if f := Family(g); f != "play" {
		t.Errorf("cheat drawing first is of family %s, want play", f)
	}
}
