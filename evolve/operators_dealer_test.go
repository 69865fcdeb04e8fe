package evolve

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// blackjack is the seed blackjack, a game against a dealer with no phases,
// canonical.
func blackjack(t *testing.T) *genome.Genome {
	t.Helper()
	return testkit.SeedGenome(t, "blackjack").Canonical()
}

// validCompiles fails the test unless g validates and compiles.
func validCompiles(t *testing.T, what string, g *genome.Genome) {
	t.Helper()
	if err := g.Validate(); err != nil {
		t.Fatalf("%s: an invalid genome: %v\n%s", what, err, g.CanonicalJSON())
	}
	if _, err := compile.Compile(g); err != nil {
		t.Fatalf("%s: a genome that does not compile: %v\n%s", what, err, g.CanonicalJSON())
	}
}

// TestDealerOperator: the dealer operator, walked from blackjack, reaches
// both ends of the wager's and the stand's ranges and values between,
// soft_hits both ways, and takes the dealer away for betting with a
// showdown (a game of no phases keeps one or the other), then brings it
// back; from draw poker it puts a dealer in the betting's place, and from
// fan-tan (chips and play) in the play's place; every step valid and
// compiled. It declines games without chips or fan hands.
func TestDealerOperator(t *testing.T) {
	for _, name := range []string{"crazy-eights", "war"} {
		if mutDealer(testkit.SeedGenome(t, name).Canonical(), new(rng.Source)) {
			t.Errorf("a dealer added to %s, which has no chips", name)
		}
	}
	high := blackjack(t) // (a wager near the top, which the walks from 5 seldom reach)
	high.Score.Dealer.Wager = cardrules.MaxBet - 2
	starts := map[string]*genome.Genome{"blackjack": blackjack(t), "blackjack, wager 48": high,
		"draw-poker": drawPoker(t), "fan-tan": testkit.SeedGenome(t, "fan-tan").Canonical()}
	for _, what := range []string{"blackjack", "blackjack, wager 48", "draw-poker", "fan-tan"} {
		start := starts[what]
		seen := map[string]bool{}
		for w := range uint64(8) {
			r := rng.New(rng.Derive(980, w))
			g := start
			for range 300 {
				c := g.Clone()
				if !mutDealer(c, &r) {
					continue
				}
				validCompiles(t, what, c)
				d := c.Score.Dealer
				note := func(name string, on bool) {
					if on {
						seen[name] = true
					}
				}
				note("betting alone", d == nil && c.Score.Betting != nil && c.Score.Betting.Showdown && len(c.Turn) == 0)
				if d == nil {
					if g.Score.Dealer == nil {
						t.Fatalf("%s: the operator changed a game without a dealer but gave it none:\n%s", what, c.CanonicalJSON())
					}
					g = c
					continue
				}
				note("dealer", true)
				note("from betting", g.Score.Betting != nil)
				note("from play", len(g.Turn) > 0)
				if len(c.Turn) != 0 || c.Score.Betting != nil {
					t.Fatalf("%s: a dealer with phases or betting:\n%s", what, c.CanonicalJSON())
				}
				note("wager=1", d.Wager == 1)
				note("wager=50", d.Wager == cardrules.MaxBet)
				note("wager between", d.Wager > 1 && d.Wager < cardrules.MaxBet && d.Wager != dealerStart.Wager)
				note("stand=12", d.Stand == cardrules.MinStand)
				note("stand=21", d.Stand == cardrules.MaxStand)
				note("stand between", d.Stand > cardrules.MinStand && d.Stand < cardrules.MaxStand && d.Stand != dealerStart.Stand)
				note("soft hits", d.SoftHits)
				g = c
			}
		}
		want := []string{"dealer", "betting alone", "wager=1", "wager between", "stand=12", "stand=21", "stand between", "soft hits"}
		switch what {
		case "blackjack, wager 48":
			want = []string{"wager=50", "wager between"}
		case "draw-poker":
			want = append(want, "from betting")
		case "fan-tan":
			want = append(want, "from play")
		}
		for _, name := range want {
			if !seen[name] {
				t.Errorf("%s: no walk reached %s (reached %v)", what, name, seen)
			}
		}
	}
}

// TestFitDealer: the dealer goes with phases and with betting (a game of
// chips that nothing then moves antes 1), and stays in a game of no phases
// and no betting, even one it no longer fits (left to the validity check).
func TestFitDealer(t *testing.T) {
	play := genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}
	for name, c := range map[string]struct {
		change func(g *genome.Genome)
		kept   bool
		ante   int
	}{
		"kept":    {func(*genome.Genome) {}, true, 0},
		"a phase": {func(g *genome.Genome) { g.Turn = []genome.Phase{play} }, false, 1},
		"a phase, a payment": {func(g *genome.Genome) {
			g.Turn = []genome.Phase{play}
			g.Score.Chips.PerCard = 2
		}, false, 0},
		"betting":   {func(g *genome.Genome) { g.Score.Betting = &genome.Betting{Bet: 2, Showdown: true} }, false, 0},
		"no chips":  {func(g *genome.Genome) { g.Score.Chips = genome.Chips{} }, true, 0},
		"pile hand": {func(g *genome.Genome) { g.Hand = cardrules.HandPile }, true, 0},
	} {
		g := blackjack(t)
		c.change(g)
		fitDealer(g)
		if got := g.Score.Dealer != nil; got != c.kept {
			t.Errorf("%s: dealer kept %v, want %v", name, got, c.kept)
		}
		if g.Score.Chips.Ante != c.ante {
			t.Errorf("%s: ante %d, want %d", name, g.Score.Chips.Ante, c.ante)
		}
		if name != "no chips" && name != "pile hand" {
			validCompiles(t, name, g)
		}
	}
}

// TestDealerConversions: the other operators that change what a dealer
// needs leave blackjack valid: phase_insert makes it a game of play of
// chips (its dealer gone, an ante of 1 moving the chips), betting makes it
// a game of betting with a showdown, the chips operator never takes its
// chips away, and a crossover child keeps either its dealer, its empty
// turn and its match, or the other parent's phases and no dealer. Each operator's child valid and compiled wherever it applied.
func TestDealerConversions(t *testing.T) {
	bj := blackjack(t)
	for w := range uint64(16) {
		r := rng.New(rng.Derive(990, w))
		g := bj.Clone()
		if !phaseInsert(g, &r) || len(g.Turn) != 1 || g.Score.Dealer != nil || g.Score.Chips.Ante != 1 {
			t.Fatalf("phase_insert into blackjack: %s", g.CanonicalJSON())
		}
		validCompiles(t, "phase_insert into blackjack", g)
		g = bj.Clone()
		if !mutBetting(g, &r) || g.Score.Dealer != nil || g.Score.Betting == nil || !g.Score.Betting.Showdown {
			t.Fatalf("betting into blackjack: %s", g.CanonicalJSON())
		}
		validCompiles(t, "betting into blackjack", g)
		g = bj.Clone()
		if mutChips(g, &r) {
			validCompiles(t, "chips in blackjack", g)
			if g.Score.Chips.Stake == 0 {
				t.Fatal("chips taken from blackjack")
			}
		}
		for _, other := range []string{"crazy-eights", "fan-tan", "draw-poker", "blackjack"} {
			child := crossWhole(bj, testkit.SeedGenome(t, other).Canonical(), &r)
			if child.Score.Dealer != nil && child.Match == nil {
				t.Errorf("blackjack crossed with %s lost its match", other)
			}
			if (child.Score.Dealer != nil) != (len(child.Turn) == 0) {
				t.Errorf("blackjack crossed with %s: a dealer %v with %d phases", other, child.Score.Dealer != nil, len(child.Turn))
			}
			if child.Validate() == nil {
				validCompiles(t, "blackjack crossed with "+other, child)
			}
		}
	}
}

// dealerParents are blackjack, blackjack with a dealer who draws on a
// soft 17, and blackjack as one deal with an ante.
func dealerParents(t *testing.T) []*genome.Genome {
	soft := blackjack(t)
	soft.Score.Dealer.SoftHits = true
	one := blackjack(t)
	one.Match = nil
	one.Score.Chips.Ante = 1
	return []*genome.Genome{blackjack(t), soft, one}
}

// TestDealerOperatorsFirstTry: operators and crossovers keep their
// first-try validity on games against a dealer and the walks from them
// (checkFirstTries); the operators that add phases or betting or change
// the chips, and the dealer's own, no less than on the seed games.
func TestDealerOperatorsFirstTry(t *testing.T) {
	checkFirstTries(t, "a dealer", "dealer", []string{"phase_insert", "betting", "chips", "dealer"}, dealerParents(t), 420)
}
