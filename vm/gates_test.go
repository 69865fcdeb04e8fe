package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Effects that cannot resolve: a draw or discard that moves no card
// fizzles (counted, never an interaction); a gated one keeps its card from
// being played while it could not resolve.

func gated(e genome.Effect) genome.Effect { e.Gate = true; return e }

func TestFizzle(t *testing.T) {
	g := labGenome(eff("5", cardrules.DrawCards, cardrules.TargetNext, 2), eff("5", cardrules.ForceDiscard, cardrules.TargetNext, 1))
	g.Reshuffle = false
	p := load(t, g)
	for _, tc := range []struct {
		stock                 []uint8
		fizzled, interactions int
	}{
		{nil, 1, 1},               // nothing to draw: the draw fizzles; the discard takes 3S
		{cards("2D", "3D"), 0, 2}, // both move cards
	} {
		m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "2C"), cards("3S")}, stock: tc.stock, disc: cards("KH")})
		m.turn()
		if m.res.Effects[cardrules.DrawCards] != 1 || m.res.Fizzled != tc.fizzled || m.res.Interactions != tc.interactions {
			t.Errorf("stock %v: draw fired %d, fizzled %d, interactions %d; want 1, %d, %d",
				tc.stock, m.res.Effects[cardrules.DrawCards], m.res.Fizzled, m.res.Interactions, tc.fizzled, tc.interactions)
		}
	}
}

func TestGateDraw(t *testing.T) {
	for _, tc := range []struct {
		reshuffle bool
		stock     []uint8
		disc      []uint8
		offered   bool
	}{
		{false, cards("2D"), cards("KH"), true}, // a card to draw
		{false, nil, cards("KH"), false},        // nothing to draw
		{true, nil, cards("KH"), true},          // the king refills the stock once the 5 lands
		{true, nil, nil, false},                 // an empty pile: the 5 alone, nothing to refill
	} {
		g := labGenome(gated(eff("5", cardrules.DrawCards, cardrules.TargetNext, 2)))
		g.Reshuffle = tc.reshuffle
		p := load(t, g)
		m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "6H"), cards("3S")}, stock: tc.stock, disc: tc.disc})
		got := (m.legal(&p.phases[0], 0)&^m.gated(0, true))&setOf("5H") != 0
		if got != tc.offered {
			t.Errorf("reshuffle %v stock %v discard %v: 5H legal %v, want %v", tc.reshuffle, tc.stock, tc.disc, got, tc.offered)
		}
	}
}

func TestGateDiscard(t *testing.T) {
	for _, tc := range []struct {
		target  genome.Target
		hands   [][]uint8
		offered bool
	}{
		{cardrules.TargetSelf, [][]uint8{cards("5H"), cards("3S"), cards("4S")}, false},      // its last card
		{cardrules.TargetSelf, [][]uint8{cards("5H", "2C"), cards("3S"), cards("4S")}, true}, // one card left to discard
		{cardrules.TargetNext, [][]uint8{cards("5H", "2C"), {}, cards("4S")}, false},
		{cardrules.TargetPrevious, [][]uint8{cards("5H", "2C"), {}, cards("4S")}, true},
		{cardrules.TargetAllOpponents, [][]uint8{cards("5H", "2C"), {}, {}}, false},
		{cardrules.TargetRandomOpponent, [][]uint8{cards("5H", "2C"), {}, cards("4S")}, true},
	} {
		p := load(t, labGenome(gated(eff("5", cardrules.ForceDiscard, tc.target, 1))))
		m := newLab(t, p, 3, nil, layout{hands: tc.hands, stock: cards("2D"), disc: cards("KH")})
		if got := (m.legal(&p.phases[0], 0)&^m.gated(0, true))&setOf("5H") != 0; got != tc.offered {
			t.Errorf("target %v, hands %v: 5H legal %v, want %v", tc.target, tc.hands, got, tc.offered)
		}
	}
}

func TestGateInATrick(t *testing.T) {
	g := testkit.SeedGenome(t, "hearts")
	g.LeadCard = nil
	g.Effects = []genome.Effect{gated(eff("J", cardrules.ForceDiscard, cardrules.TargetSelf, 1))}
	p := load(t, g)
	// Seat 1 must follow clubs with its only club, the gated jack, as its
	// last card: it cannot, so it plays nothing to the trick.
	hands := [][]uint8{cards("3C", "4D"), cards("JC"), cards("5C", "6D"), cards("7C", "8D")}
	m := newLab(t, p, 4, nil, layout{hands: hands})
	tr := traced(m)
	m.turn()
	for _, e := range tr.Events {
		if e.Kind == EvPlay && e.Seat == 1 {
			t.Fatalf("seat 1 played %v, a gated card (events %v)", genome.Card(e.Card), tr.Events)
		}
	}
	if m.count[1] != 1 {
		t.Errorf("seat 1 holds %d cards, want 1", m.count[1])
	}
}
