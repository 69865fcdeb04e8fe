package evolve

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// These tests keep to the genome: every child validates and compiles
// (mustCompile, valid); none plays a game.

// captureParents are games of capture by sum: scopa-lite (testdata/hybrids),
// scopa-lite with a trick phase after its capture, Crazy Eights with a
// capture phase after its play phase, a layout of four and sweeps, and
// each seed game the capture operator turns a play phase of into a capture
// phase (with a layout half the time).
func captureParents(t testing.TB) []*genome.Genome {
	t.Helper()
	scopa := hybrid(t, "scopa-lite")
	tricks := scopa.Clone()
	tricks.Turn = append(tricks.Turn, genome.Phase{Kind: cardrules.PhaseTrick, Lead: &genome.Expr{Op: genome.OpTrue}, Legal: &genome.Expr{Op: genome.OpTrue}})
	eights := testkit.SeedGenome(t, "crazy-eights")
	eights.Turn = append(eights.Turn, genome.Phase{Kind: cardrules.PhaseCapture, EqualFirst: true})
	eights.Deal.Layout, eights.Score.Sweep, eights.End.Rank = 4, 1, cardrules.RankCards
	out := []*genome.Genome{scopa, tricks.Canonical(), eights.Canonical()}
	for i, s := range genome.Seeds() {
		g := s.Canonical()
		r := rng.New(uint64(i))
		if _, plays := kindAndPlays(g, cardrules.PhaseCapture); len(plays) == 0 || g.Hand != cardrules.HandFan {
			continue
		}
		if !mutCapture(g, &r) {
			t.Fatalf("%s: no capture phase", s.Name)
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

// TestCaptureOperator: on scopa-lite the capture operator switches
// equal_first both ways, moves the layout through every size from 0 to
// 12 (the most the 40 cards deal beyond four hands of three) and the
// sweep's points through 0..13, one step at a time; it turns the play
// phase of Crazy Eights and of Uno into a capture phase; every child is
// valid and compiles; and a game of pile hands, or one with neither a
// capture nor a play phase, is left alone.
func TestCaptureOperator(t *testing.T) {
	r := rng.New(5)
	g := hybrid(t, "scopa-lite")
	layouts, sweeps, equal := map[int]bool{}, map[int]bool{}, map[bool]bool{}
	for range 3000 {
		before := *g.Clone()
		if !mutCapture(g, &r) {
			t.Fatal("mutCapture did nothing to scopa-lite")
		}
		if d := g.Deal.Layout - before.Deal.Layout; d > 1 || d < -1 {
			t.Fatalf("layout %d became %d: want a step of one", before.Deal.Layout, g.Deal.Layout)
		}
		if d := g.Score.Sweep - before.Score.Sweep; d > 1 || d < -1 {
			t.Fatalf("sweep %d became %d: want a step of one", before.Score.Sweep, g.Score.Sweep)
		}
		mustCompile(t, g)
		layouts[g.Deal.Layout], sweeps[g.Score.Sweep], equal[g.Turn[0].EqualFirst] = true, true, true
	}
	if len(layouts) != cardrules.MaxLayout+1 || len(sweeps) != cardrules.MaxScore+1 || len(equal) != 2 {
		t.Errorf("layouts %v, sweeps %v, equal_first %v: want 0..%d, 0..%d and both", layouts, sweeps, equal, cardrules.MaxLayout, cardrules.MaxScore)
	}
	for _, name := range []string{"crazy-eights", "uno-style", "uno-stacking"} {
		converted := 0
		for seed := range uint64(8) {
			c := testkit.SeedGenome(t, name)
			r := rng.New(seed)
			if !mutCapture(c, &r) || c.Turn[0].Kind != cardrules.PhaseCapture {
				t.Fatalf("%s: the play phase did not become a capture phase: %+v", name, c.Turn)
			}
			if c.Deal.Layout > 0 {
				converted++
			}
			mustCompile(t, c)
		}
		if converted == 0 || converted == 8 {
			t.Errorf("%s: %d of 8 conversions dealt a layout, want about half", name, converted)
		}
	}
	for _, name := range []string{"hearts", "war", "beggar-my-neighbour", "president", "go-fish"} {
		if mutCapture(testkit.SeedGenome(t, name), &r) {
			t.Errorf("mutCapture changed %s, which has neither a capture nor a play phase of fan hands", name)
		}
	}
	// A game with chips scores nothing else: its sweep stays 0.
	chips := testkit.SeedGenome(t, "fan-tan")
	chips.Turn = append(chips.Turn, genome.Phase{Kind: cardrules.PhaseCapture})
	mustCompile(t, chips)
	for range 200 {
		c := chips.Clone()
		if mutCapture(c, &r) && c.Score.Sweep != 0 {
			t.Fatal("a game with chips got a sweep")
		}
		if mutChips(c, &r) && c.Score.Chips.Stake == 0 && c.Score.Sweep != 0 {
			t.Fatal("chips removed left a sweep")
		}
	}
	sweepOnly := hybrid(t, "scopa-lite")
	sweepOnly.Score.Cards, sweepOnly.End.Rank = nil, cardrules.RankCards
	mustCompile(t, sweepOnly)
	if mutChips(sweepOnly, &r) {
		t.Error("mutChips added chips to a game that scores sweeps")
	}
}

// TestPhaseInsertCapture: phase_insert inserts capture phases into games of
// fan hands (and never into games of pile hands), each child with one
// valid.
func TestPhaseInsertCapture(t *testing.T) {
	r := rng.New(3)
	captures := map[string]int{}
	for _, name := range []string{"crazy-eights", "hearts", "war", "beggar-my-neighbour"} {
		for range 300 {
			g := testkit.SeedGenome(t, name)
			if !phaseInsert(g, &r) || !g.HasPhase(cardrules.PhaseCapture) {
				continue
			}
			if g.Hand != cardrules.HandFan {
				t.Fatalf("%s: a capture phase inserted into a game of pile hands", name)
			}
			captures[name]++
			mustCompile(t, g)
		}
	}
	if captures["crazy-eights"] == 0 || captures["hearts"] == 0 {
		t.Errorf("phase_insert inserted capture phases %v times, want some into Crazy Eights and Hearts", captures)
	}
}

// TestCaptureRepairs: taking away the last capture phase (phase_remove, or
// a crossover child given a turn without one) takes the layout and the
// sweep along, and the card rules of the score unless a trick phase is
// left to win cards; the child is valid at the first try. The layout
// counts in what the deck must deal: the deal operator, a rank dropped
// and the second pack taken away keep the hands, the layout and the
// starter within the deck.
func TestCaptureRepairs(t *testing.T) {
	scopa := hybrid(t, "scopa-lite")
	for _, c := range []struct {
		what      string
		other     genome.Phase
		keepCards bool
	}{
		{"a trick left", genome.Phase{Kind: cardrules.PhaseTrick, Lead: &genome.Expr{Op: genome.OpTrue}, Legal: &genome.Expr{Op: genome.OpTrue}}, true},
		{"a play phase left", genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}, false},
	} {
		base := scopa.Clone()
		base.Turn = append(base.Turn, c.other)
		mustCompile(t, base)
		removed := 0
		for seed := range uint64(40) {
			g := base.Clone()
			r := rng.New(seed)
			if !phaseRemove(g, &r) || g.HasPhase(cardrules.PhaseCapture) {
				continue
			}
			removed++
			if g.Deal.Layout != 0 || g.Score.Sweep != 0 || (len(g.Score.Cards) > 0) != c.keepCards {
				t.Errorf("%s: the capture phase removed left layout %d, sweep %d, card rules %v", c.what, g.Deal.Layout, g.Score.Sweep, g.Score.Cards)
			}
			mustCompile(t, g)
		}
		if removed == 0 {
			t.Errorf("%s: phase_remove never removed the capture phase", c.what)
		}
	}

	// Crossovers with games that do not capture.
	r := rng.New(9)
	for _, name := range []string{"crazy-eights", "hearts", "war", "go-fish", "sevens"} {
		other := testkit.SeedGenome(t, name).Canonical()
		for range 64 {
			for _, pair := range [][2]*genome.Genome{{scopa, other}, {other, scopa}} {
				c := crossWhole(pair[0], pair[1], &r)
				if !c.HasPhase(cardrules.PhaseCapture) && (c.Deal.Layout != 0 || c.Score.Sweep != 0) {
					t.Fatalf("%s: a child without a capture phase kept layout %d, sweep %d", name, c.Deal.Layout, c.Score.Sweep)
				}
			}
		}
	}

	// The layout counts in the deal's room: twelve cards on the layout
	// leave the 40 cards seven a hand at four seats.
	g := scopa.Clone()
	g.Deal.Layout = cardrules.MaxLayout
	mustCompile(t, g)
	if n := dealRoom(g); n != 7 {
		t.Errorf("dealRoom with a layout of 12: %d, want 7", n)
	}
	for seed := range uint64(200) {
		c := g.Clone()
		c.Deal.Cards = 6
		r := rng.New(seed)
		if mutDeal(c, &r) && !valid(c) {
			t.Fatalf("mutDeal from 6 cards with a layout of 12 gave deal %d: %v", c.Deal.Cards, c.Validate())
		}
		c = g.Clone()
		c.Deal.Cards = 7
		if holds(c, c.Deck.Cards()[1:]) {
			t.Fatal("holds: 39 cards hold four hands of seven and a layout of 12")
		}
		c = g.Clone()
		c.Deck.Packs = cardrules.MaxPacks
		c.Deal.Cards = 14
		mustCompile(t, c)
		if !mutPacks(c) || !valid(c) {
			t.Fatalf("one pack again with a layout of 12: deal %d, %v", c.Deal.Cards, c.Validate())
		}
	}
}

// TestCaptureReached: walks of every operator from the seed games of fan
// hands reach a capture phase with and without equal_first, a layout and
// a sweep, and walks from scopa-lite take them away again (no capture
// phase, no layout, no sweep), every step valid.
func TestCaptureReached(t *testing.T) {
	ops := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	seen := map[string]bool{}
	note := func(g *genome.Genome) {
		for _, p := range g.Turn {
			if p.Kind == cardrules.PhaseCapture {
				seen[fmt.Sprintf("equal_first=%v", p.EqualFirst)] = true
			}
		}
		if g.HasPhase(cardrules.PhaseCapture) {
			seen["capture"] = true
		} else {
			seen["no capture"] = true
		}
		if g.Deal.Layout > 0 {
			seen["layout"] = true
		}
		if g.Score.Sweep > 0 {
			seen["sweep"] = true
		}
	}
	parents := []*genome.Genome{hybrid(t, "scopa-lite")}
	for _, name := range []string{"crazy-eights", "uno-style", "hearts", "go-fish"} {
		parents = append(parents, testkit.SeedGenome(t, name).Canonical())
	}
	for i, p := range parents {
		for w := range uint64(6) {
			r := rng.New(rng.Derive(uint64(900+i), w))
			g := p
			var st OpStats
			for range 150 {
				g = apply(g, ops[r.IntN(len(ops))], &r, 8, &st)
				if !valid(g) {
					t.Fatalf("an invalid genome: %v", g.Validate())
				}
				if i > 0 || w > 2 {
					note(g)
				}
			}
		}
	}
	for _, want := range []string{"capture", "no capture", "equal_first=true", "equal_first=false", "layout", "sweep"} {
		if !seen[want] {
			t.Errorf("no walk reached %s (reached %v)", want, seen)
		}
	}
}

// TestCaptureOperatorsFirstTry: operators and crossovers keep their
// first-try validity on games of capture by sum (checkFirstTries). (The
// others fail for reasons of their own, as often as the parents give them
// the chance: end ranks by score a game that scores nothing, which
// converted shedding games and games that score only sweeps are,
// genome.Score.IsZero not counting sweeps.)
func TestCaptureOperatorsFirstTry(t *testing.T) {
	checkFirstTries(t, "captures", "capture", []string{"deal", "phase_insert", "phase_remove", "starter", "deck", "score", "chips", "capture"}, captureParents(t), 410)
}

// checkFirstTries: on parents with a family of rules (named by what) and
// walks from them (walk seeds from walk), every operator is first-try
// valid no less often than the floor TestClosure holds every operator to;
// the family's own operator applies often enough to judge; the operators
// that count or repair what the family needs (aware) and both crossovers
// are first-try valid no less often than on the seed games and their walks
// (less a margin of 2 points for the draws that differ), the crossovers
// between the family's games and the others too.
func checkFirstTries(t *testing.T, what, own string, aware []string, parents []*genome.Genome, walk uint64) {
	t.Helper()
	ops := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	var seeds []*genome.Genome
	for _, s := range genome.Seeds() {
		seeds = append(seeds, s.Canonical())
	}
	base := withWalks(seeds, ops, 310, 2)
	fam := withWalks(parents, ops, walk, 4)
	t.Logf("%d parents without %s, %d with", len(base), what, len(fam))
	rate := func(applied, ok int) float64 { return 100 * float64(ok) / float64(max(applied, 1)) }
	cfg, _ := Preset("quick")
	floor := 100 * closureMinShare(cfg.Retries)
	for k, op := range ops {
		ba, bok := firstTries(base, op, k)
		ca, cok := firstTries(fam, op, k)
		was, got := rate(ba, bok), rate(ca, cok)
		t.Logf("%-18s %5.1f%% of %4d with %s, %5.1f%% of %4d without", op.name, got, ca, what, was, ba)
		switch {
		case op.name == own && ca < closureMinApplied:
			t.Errorf("%s applied %d times on %d parents, want at least %d", own, ca, len(fam), closureMinApplied)
		case ca > 0 && got < floor:
			t.Errorf("%s: %d of %d first tries valid with %s (%.1f%%), want at least %.1f%%", op.name, cok, ca, what, got, floor)
		case slices.Contains(aware, op.name) && got < was-2:
			t.Errorf("%s: %.1f%% of first tries valid with %s, %.1f%% without", op.name, got, what, was)
		}
	}
	mixed := append(append([]*genome.Genome{}, base...), fam...)
	for k, cr := range closureCrossovers {
		ba, bok := crossoverTries(base, cr, k)
		ca, cok := crossoverTries(fam, cr, k)
		ma, mok := crossoverTries(mixed, cr, k)
		was := rate(ba, bok)
		t.Logf("%-18s %5.1f%% of %4d with %s, %5.1f%% mixed, %5.1f%% of %4d without", cr.name, rate(ca, cok), ca, what, rate(ma, mok), was, ba)
		if got := rate(ca, cok); got < was-2 {
			t.Errorf("%s: %.1f%% of first tries valid with %s, %.1f%% without", cr.name, got, what, was)
		}
		if got := rate(ma, mok); got < was-2 {
			t.Errorf("%s: %.1f%% of first tries valid between games with %s and games without, %.1f%% without", cr.name, got, what, was)
		}
	}
}

// TestCaptureFamily: a game whose turn starts with a capture phase (a draw
// before it skipped) is of the trick family, the games that win cards that
// score.
func TestCaptureFamily(t *testing.T) {
	g := hybrid(t, "scopa-lite")
	if f := Family(g); f != "trick" {
		t.Errorf("scopa-lite is of family %s, want trick", f)
	}
	g.Turn[0], g.Turn[1] = g.Turn[1], g.Turn[0]
	if f := Family(g); f != "trick" {
		t.Errorf("scopa-lite drawing first is of family %s, want trick", f)
	}
}

// TestCaptureEvaluates: with the VM's capture phase in, the games of
// capture by sum the operators make are scored like any other: Evaluate
// plays scopa-lite and each capture parent without an error, to a fitness
// in [0, 1], and scopa-lite, a real fishing game, is not degenerate.
func TestCaptureEvaluates(t *testing.T) {
	cfg := testConfig()
	for i, g := range captureParents(t) {
		s, _, err := Evaluate(context.Background(), g, &cfg, uint64(i))
		if err != nil {
			t.Fatalf("parent %d: %v", i, err)
		}
		if math.IsNaN(s.Fitness) || s.Fitness < 0 || s.Fitness > 1 {
			t.Errorf("parent %d: fitness %v", i, s.Fitness)
		}
		if i == 0 && s.Degenerate != "" {
			t.Errorf("scopa-lite is degenerate: %s", s.Degenerate)
		}
		t.Logf("parent %d: fitness %.3f %s", i, s.Fitness, s.Degenerate)
	}
}
