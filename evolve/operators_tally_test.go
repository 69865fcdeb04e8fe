package evolve

import (
	"maps"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestTallyOperator: walking from scopa and from whist (tricks, no
// comparison), the tally operator adds and removes most rules of every
// kind (every card, rank, suit and card) up to the limit, moves their
// points over 1..13, adds and removes the best-of-each-suit rule, moves
// its points over 1..13 and values from 1 to above scopa's highest, takes a rank's value
// away and gives it back (the walk going on from the parent after a
// removal seven times in eight, so that it goes far); every child is valid and compiles. It leaves
// alone games that win no cards (crazy-eights) and games with chips
// (fan-tan).
func TestTallyOperator(t *testing.T) {
	seen := map[string]bool{}
	mostPts, bestPts, values := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, name := range []string{"scopa", "whist"} {
		g := testkit.SeedGenome(t, name)
		r := rng.New(7)
		applied := 0
		for i := range 40000 {
			before := g.Clone()
			if !mutTally(g, &r) {
				continue
			}
			applied++
			mustCompile(t, g)
			for _, m := range g.Score.Most {
				mostPts[m.Points] = true
				if m.Match == nil {
					seen["most.every"] = true
				} else {
					seen["most."+m.Match.Kind.String()] = true
				}
			}
			if len(g.Score.Most) == cardrules.MaxMostRules {
				seen["most.full"] = true
			}
			if len(g.Score.Most) < len(before.Score.Most) {
				seen["most.removed"] = true
			}
			switch {
			case g.Score.Best != nil && before.Score.Best == nil:
				seen["best.added"] = true
			case g.Score.Best == nil && before.Score.Best != nil:
				seen["best.removed"] = true
			case g.Score.Best != nil:
				bestPts[g.Score.Best.Points] = true
				for _, v := range g.Score.Best.Values {
					values[v.Value] = true
				}
				if len(g.Score.Best.Values) < len(before.Score.Best.Values) {
					seen["value.removed"] = true
				}
				if len(g.Score.Best.Values) > len(before.Score.Best.Values) {
					seen["value.added"] = true
				}
			}
			// (A walk that kept removing what it added would never go
			// far: after a removal it goes on from the parent.)
			if i%8 != 0 && (len(g.Score.Most) < len(before.Score.Most) || g.Score.Best == nil && before.Score.Best != nil) {
				g = before
			}
		}
		if applied < 1000 {
			t.Errorf("%s: the tally operator applied %d times of 40000", name, applied)
		}
	}
	for _, k := range []string{"most.every", "most.rank", "most.suit", "most.card", "most.full", "most.removed", "best.added", "best.removed", "value.removed", "value.added"} {
		if !seen[k] {
			t.Errorf("no walk reached %s (reached %v)", k, seen)
		}
	}
	above := slices.ContainsFunc(slices.Collect(maps.Keys(values)), func(v int) bool { return v > 21 })
	if len(mostPts) != cardrules.MaxScore || len(bestPts) != cardrules.MaxScore || !values[1] || !above {
		t.Errorf("most points %v, best points %v, values %v: want 1..%d, 1..%d, and values from 1 to above scopa's 21", mostPts, bestPts, values, cardrules.MaxScore, cardrules.MaxScore)
	}
	for _, name := range []string{"crazy-eights", "fan-tan"} {
		g := testkit.SeedGenome(t, name)
		r := rng.New(1)
		for range 100 {
			if mutTally(g, &r) {
				t.Fatalf("%s: the tally operator applied", name)
			}
		}
	}
}

// TestDealOperatorRefill: the deal operator switches deal.refill both
// ways on scopa and crazy-eights, never on a game that deals every card.
func TestDealOperatorRefill(t *testing.T) {
	for _, name := range []string{"scopa", "crazy-eights"} {
		g := testkit.SeedGenome(t, name)
		r := rng.New(3)
		seen := map[bool]bool{}
		for range 400 {
			if mutDeal(g, &r) {
				mustCompile(t, g)
				seen[g.Deal.Refill] = true
			}
		}
		if len(seen) != 2 {
			t.Errorf("%s: refill took only %v", name, seen)
		}
	}
	g := testkit.SeedGenome(t, "hearts")
	r := rng.New(3)
	for range 100 {
		if mutDeal(g, &r) || g.Deal.Refill {
			t.Fatal("hearts deals every card, but the deal operator changed its deal")
		}
	}
}

// TestFitTally: a game that loses its last phase that wins cards loses its
// comparisons (and, scoring nothing more, its ranking by score); a deck
// that loses a rank loses the most rules and values of that rank only.
func TestFitTally(t *testing.T) {
	g := testkit.SeedGenome(t, "scopa")
	g.Turn = []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}}
	g.Score.Sweep, g.Score.Cards, g.Deal.Layout = 0, nil, 0
	fitCapture(g, true)
	if g.Score.Tallies() || g.Match != nil || g.End.Rank != cardrules.RankCards {
		t.Errorf("without captures: most %v, best %v, match %v, rank %s", g.Score.Most, g.Score.Best, g.Match, g.End.Rank)
	}
	mustCompile(t, g)

	g = testkit.SeedGenome(t, "scopa")
	r7, _ := cardrules.ParseRank("7")
	seven := genome.Match{Kind: cardrules.MatchRank, Value: uint8(r7)}
	g.Score.Most = append(g.Score.Most, genome.MostRule{Match: &seven, Points: 2})
	g.Score.Cards = nil // (the seven of diamonds would hold the rank)
	g.Deck.Ranks = slices.DeleteFunc(g.Deck.Ranks, func(x genome.Rank) bool { return x == r7 })
	fitMatch(g)
	if len(g.Score.Most) != 2 || slices.ContainsFunc(g.Score.Best.Values, func(v genome.RankValue) bool { return v.Rank == r7 }) || len(g.Score.Best.Values) != 9 {
		t.Errorf("without sevens: most %v, best values %v", g.Score.Most, g.Score.Best.Values)
	}
	mustCompile(t, g)
}
