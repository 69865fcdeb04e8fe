package evolve

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// twoPacks returns seed name with two packs, or fails.
func twoPacks(t testing.TB, name string) *genome.Genome {
	t.Helper()
	g := testkit.SeedGenome(t, name)
	g.Deck.Packs = cardrules.MaxPacks
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMutPacks: the deck operator makes a deck two packs and one again,
// and back where it started when the deal fitted one pack; it never gives
// a game with a tableau two packs, and no game of two packs gets a
// tableau; taking a pack away shrinks a deal (base count, override,
// starter, stock to draw from) that needed it, and the pass with it.
func TestMutPacks(t *testing.T) {
	for _, s := range genome.Seeds() {
		g := s.Canonical()
		c := g.Clone()
		if !mutPacks(c) {
			if !g.HasPhase(cardrules.PhaseTableau) {
				t.Errorf("%s: no second pack added", g.Name)
			}
			continue
		}
		if !c.Deck.TwoPacks() || !valid(c) {
			t.Fatalf("%s: two packs %v, valid: %v", g.Name, c.Deck.TwoPacks(), c.Validate())
		}
		if !mutPacks(c) || c.Deck.TwoPacks() || !valid(c) {
			t.Fatalf("%s: the second pack taken away: two packs %v, valid: %v", g.Name, c.Deck.TwoPacks(), c.Validate())
		}
		if c.Canonical().Hash() != g.Hash() {
			t.Errorf("%s: one pack, two and one again is another game:\n%s\n%s", g.Name, g.CanonicalJSON(), c.Canonical().CanonicalJSON())
		}
	}
	r := rng.New(1)
	if fan := testkit.SeedGenome(t, "fan-tan"); mutPacks(fan) {
		t.Errorf("a game with a tableau got two packs")
	}
	if eights := twoPacks(t, "crazy-eights"); mutTableau(eights, &r) {
		t.Errorf("a game of two packs got a tableau")
	}

	// Crazy eights at 2 to 4 seats dealing 12 (20 at 2 seats) from two
	// packs, with a starter that may not be an 8 and a draw phase: one pack
	// deals each seat count what it can and leaves a card of the stock.
	eights := twoPacks(t, "crazy-eights")
	eights.Seats = genome.Seats{Min: 2, Max: 4, Default: 3}
	eights.Deal.Cards = 12
	eights.Deal.Overrides = []genome.DealOverride{{Seats: 2, Cards: 20}}
	eights.Deal.StarterNot = []genome.Rank{6}
	eights.Turn = append(eights.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
	eights.Reshuffle = false
	if err := eights.Validate(); err != nil {
		t.Fatal(err)
	}
	if !mutPacks(eights) || !valid(eights) {
		t.Fatalf("two packs taken from a deal that needs them: %v", eights.Validate())
	}
	// 52 cards, 48 the starter may be: 47/4 = 11 at four seats, 20 at
	// two; at three (the default) 12*3+1 leaves a stock.
	if eights.Deal.Cards != 11 || eights.Deal.Overrides[0].Cards != 20 {
		t.Errorf("deal %d, %v; want 11 and 20 at two seats", eights.Deal.Cards, eights.Deal.Overrides)
	}
	big := twoPacks(t, "crazy-eights")
	big.Deal.Overrides = []genome.DealOverride{{Seats: 2, Cards: 40}}
	if err := big.Validate(); err != nil {
		t.Fatal(err)
	}
	if !mutPacks(big) || !valid(big) || big.Deal.Overrides[0].Cards != 25 {
		// 52 cards less the starter: 51/2 = 25.
		t.Errorf("two seats dealt %v from one pack, valid: %v", big.Deal.Overrides, big.Validate())
	}

	// A match at four or five seats that passes 13 of 20 cards each from
	// two packs deals and passes 10, what one pack deals at five.
	hearts := twoPacks(t, "hearts-match")
	hearts.Seats = genome.Seats{Min: 4, Max: 5, Default: 4}
	hearts.Deal = genome.Deal{Cards: 20}
	hearts.Match.Pass = &genome.PassRules{Count: 13, To: []genome.PassTo{cardrules.PassLeft}}
	if err := hearts.Validate(); err != nil {
		t.Fatal(err)
	}
	if !mutPacks(hearts) || !valid(hearts) {
		t.Fatalf("hearts from two packs to one: %v", hearts.Validate())
	}
	if hearts.Deal.Cards != 10 || hearts.Match.Pass.Count != 10 {
		t.Errorf("hearts from one pack: deal %d, pass %d; want 10 and 10", hearts.Deal.Cards, hearts.Match.Pass.Count)
	}

	// Two packs with two jokers each: removing a joker removes one of
	// each pack.
	jokers := twoPacks(t, "crazy-eights")
	jokers.Deck.Jokers = 2
	if !mutJokers(jokers, &r) || jokers.Deck.Jokers != 1 || !valid(jokers) || len(jokers.Deck.Cards()) != 106 {
		t.Errorf("a joker removed from two packs of two: jokers %d, %d cards, valid %v", jokers.Deck.Jokers, len(jokers.Deck.Cards()), valid(jokers))
	}
}

// TestPacksCrossovers: a child with a tableau has one pack, and a deal
// that fits it, whichever parent its deck came from; the crossovers carry
// the packs with the deck.
func TestPacksCrossovers(t *testing.T) {
	fan := testkit.SeedGenome(t, "fan-tan").Canonical()
	two := testkit.SeedGenome(t, "sevens")
	two.Turn[0] = genome.Phase{Kind: cardrules.PhasePlay, Legal: testkit.SeedGenome(t, "crazy-eights").Turn[0].Legal}
	two.LeadCard = nil
	two.Deck.Packs = cardrules.MaxPacks
	two.Seats = genome.Seats{Min: 2, Max: 3, Default: 2}
	two.Deal = genome.Deal{Cards: 30} // more than one pack deals at three
	if err := two.Validate(); err != nil {
		t.Fatal(err)
	}
	two = two.Canonical()
	var carried, fitted int
	for seed := range uint64(40) {
		r := rng.New(seed)
		for _, c := range []*genome.Genome{crossWhole(fan, two, &r), crossWhole(two, fan, &r), crossByRank(two, fan, &r)} {
			if c.Deck.TwoPacks() && c.HasPhase(cardrules.PhaseTableau) {
				t.Fatalf("seed %d: a child of two packs has a tableau", seed)
			}
			if c.Deck.TwoPacks() {
				carried++
			}
			if c.HasPhase(cardrules.PhaseTableau) && c.Deal.Cards == 30 {
				t.Fatalf("seed %d: a child of one pack deals 30 cards", seed)
			}
			if c.HasPhase(cardrules.PhaseTableau) && !c.Deal.All {
				fitted++
				if !valid(c) {
					t.Fatalf("seed %d: a child with a tableau and two's deal is invalid: %v", seed, c.Validate())
				}
			}
		}
	}
	if carried == 0 || fitted == 0 {
		t.Errorf("%d children carried two packs, %d had their deal fitted to one pack; want both", carried, fitted)
	}
}

// TestPacksReachable: random walks of every operator from the seeds (the
// deck's a quarter of the time, the effect operators half the rest) reach
// decks of two packs, and of one again after two.
func TestPacksReachable(t *testing.T) {
	all, pick := effectOpsHalf()
	deck := all[slices.IndexFunc(all, func(o operator) bool { return o.name == "deck" })]
	seen := map[string]bool{}
	for _, name := range []string{"crazy-eights", "whist", "war", "go-fish"} {
		for w := range uint64(10) {
			g := testkit.SeedGenome(t, name).Canonical()
			r := rng.New(rng.Derive(23, w))
			var st OpStats
			was := false
			for range 60 {
				op := pick(&r)
				if r.IntN(4) == 0 {
					op = deck
				}
				g = apply(g, op, &r, 8, &st)
				two := g.Deck.TwoPacks()
				if two {
					seen["two packs"] = true
					if g.Deck.Jokers > 0 {
						seen["two packs with jokers"] = true
					}
				}
				if was && !two {
					seen["one pack again"] = true
				}
				was = two
			}
		}
	}
	for _, w := range []string{"two packs", "two packs with jokers", "one pack again"} {
		if !seen[w] {
			t.Errorf("no walk reached %s", w)
		}
	}
}

// TestPacksOperatorsFirstTry: on the closure parents' seeds and walks that
// can take two packs, every operator and crossover is first-try valid
// with two packs no less often than with one (less a margin of 2 points
// for the draws that differ), the crossovers too between games of one
// pack and of two (tableaux among them), and the effect operators give a
// valid child at every first try.
func TestPacksOperatorsFirstTry(t *testing.T) {
	ops := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	var seeds []*genome.Genome
	for _, s := range genome.Seeds() {
		seeds = append(seeds, s.Canonical())
	}
	walks := withWalks(seeds, ops, 79, 3)
	var one, two, mixed []*genome.Genome
	for i, g := range walks {
		d := g.Clone()
		d.Deck.Packs = cardrules.MaxPacks
		if !valid(d) {
			mixed = append(mixed, g)
			continue
		}
		d = d.Canonical()
		if !d.Deck.TwoPacks() {
			t.Fatal("the canonical form lost the second pack")
		}
		one, two = append(one, g), append(two, d)
		mixed = append(mixed, []*genome.Genome{g, d}[i%2])
	}
	t.Logf("%d parents take two packs", len(two))
	if len(two) < len(seeds) {
		t.Fatalf("only %d parents take two packs", len(two))
	}
	rate := func(applied, ok int) float64 { return 100 * float64(ok) / float64(max(applied, 1)) }
	for k, op := range ops {
		pa, pok := firstTries(one, op, k)
		ta, tok := firstTries(two, op, k)
		if ta == 0 {
			continue // (tableau: no game of two packs has one or gets one)
		}
		was, got := rate(pa, pok), rate(ta, tok)
		t.Logf("%-18s %5.1f%% of %4d with two packs, %5.1f%% of %4d with one", op.name, got, ta, was, pa)
		if got < was-2 {
			t.Errorf("%s: %.1f%% of first tries valid with two packs, %.1f%% with one", op.name, got, was)
		}
		switch op.name {
		case opAddEffect.name, opRemoveEffect.name, opMutateEffect.name:
			if tok != ta {
				t.Errorf("%s: %d of %d first tries valid with two packs, want all", op.name, tok, ta)
			}
		}
	}
	for k, cr := range closureCrossovers {
		pa, pok := crossoverTries(one, cr, k)
		ta, tok := crossoverTries(two, cr, k)
		was, got := rate(pa, pok), rate(ta, tok)
		t.Logf("%-18s %5.1f%% of %4d with two packs, %5.1f%% of %4d with one", cr.name, got, ta, was, pa)
		if got < was-2 {
			t.Errorf("%s: %.1f%% of first tries valid with two packs, %.1f%% with one", cr.name, got, was)
		}
		// Between games of one pack and two, tableaux included.
		pa, pok = crossoverTries(walks, cr, k)
		ma, mok := crossoverTries(mixed, cr, k)
		was, got = rate(pa, pok), rate(ma, mok)
		t.Logf("%-18s %5.1f%% of %4d with one pack or two, %5.1f%% of %4d with one", cr.name, got, ma, was, pa)
		if got < was-2 {
			t.Errorf("%s: %.1f%% of first tries valid with one pack or two, %.1f%% with one", cr.name, got, was)
		}
	}
}
