package reference

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Scenarios of fizzles and gates, worked out by hand from their rules: a
// draw or forced discard that moves no card fizzles; a gated effect that
// cannot resolve holds its card back from the legal cards.

func gated(e genome.Effect) genome.Effect {
	e.Gate = true
	return e
}

// TestReferenceFizzle: a draw or forced discard that moves no card over all
// its targets counts once as fizzled, still counts as a firing, and is no
// interaction; one that moves a card does not fizzle.
func TestReferenceFizzle(t *testing.T) {
	draw := shedGenome(effect("2", cardrules.DrawCards, cardrules.TargetNext, 2))
	draw.Reshuffle = false
	m := lab(t, draw, 2, layout{hands: [][]string{{"2H", "3C"}, {"4C"}}, disc: []string{"9H"}})
	m.playPhase(0, &draw.Turn[0])
	checkTrace(t, "empty stock", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2")
	if m.res.Fizzled != 1 || m.res.Effects[cardrules.DrawCards] != 1 || m.res.Interactions != 0 || m.res.Draws != 0 {
		t.Errorf("empty stock: fizzled %d, draw effects %d, interactions %d, draws %d; want 1, 1, 0, 0",
			m.res.Fizzled, m.res.Effects[cardrules.DrawCards], m.res.Interactions, m.res.Draws)
	}

	// One card of two: the draw resolved, if short.
	m = lab(t, draw, 2, layout{hands: [][]string{{"2H", "3C"}, {"4C"}}, stock: []string{"5S"}, disc: []string{"9H"}})
	m.playPhase(0, &draw.Turn[0])
	checkTrace(t, "short stock", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "draw 1 5S")
	if m.res.Fizzled != 0 || m.res.Interactions != 1 {
		t.Errorf("short stock: fizzled %d, interactions %d; want 0, 1", m.res.Fizzled, m.res.Interactions)
	}

	// Every opponent short of a card to draw: one fizzle for the effect,
	// not one per target.
	all := shedGenome(effect("2", cardrules.DrawCards, cardrules.TargetAllOpponents, 1))
	all.Reshuffle = false
	m = lab(t, all, 3, layout{hands: [][]string{{"2H", "3C"}, {"4C"}, {"5C"}}, disc: []string{"9H"}})
	m.playPhase(0, &all.Turn[0])
	if m.res.Fizzled != 1 {
		t.Errorf("all opponents, empty stock: fizzled %d, want 1", m.res.Fizzled)
	}

	// A self discard played as the last card has nothing to discard; with
	// last_card_inert the card fires nothing, so nothing fizzles.
	self := shedGenome(effect("7", cardrules.ForceDiscard, cardrules.TargetSelf, 1))
	m = lab(t, self, 2, layout{hands: [][]string{{"7H"}, {"4C"}}, stock: []string{"5S"}, disc: []string{"9H"}})
	m.playPhase(0, &self.Turn[0])
	checkTrace(t, "last card, self discard", m, "decide 0 0/1", "play 0 7H", "effect 0 force_discard 1", "out 0 0")
	if m.res.Fizzled != 1 || m.res.Effects[cardrules.ForceDiscard] != 1 {
		t.Errorf("last card, self discard: fizzled %d, discard effects %d; want 1, 1", m.res.Fizzled, m.res.Effects[cardrules.ForceDiscard])
	}
	self.LastCardInert = true
	m = lab(t, self, 2, layout{hands: [][]string{{"7H"}, {"4C"}}, stock: []string{"5S"}, disc: []string{"9H"}})
	m.playPhase(0, &self.Turn[0])
	if m.res.Fizzled != 0 || m.res.Effects[cardrules.ForceDiscard] != 0 {
		t.Errorf("inert last card: fizzled %d, discard effects %d; want 0, 0", m.res.Fizzled, m.res.Effects[cardrules.ForceDiscard])
	}

	// Each effect of a rank fizzles or not on its own: the draw draws, the
	// self discard after it finds the hand empty.
	two := shedGenome(effect("2", cardrules.DrawCards, cardrules.TargetNext, 1), effect("2", cardrules.ForceDiscard, cardrules.TargetSelf, 1))
	m = lab(t, two, 2, layout{hands: [][]string{{"2H"}, {"4C"}}, stock: []string{"5S"}, disc: []string{"9H"}})
	m.playPhase(0, &two.Turn[0])
	if m.res.Fizzled != 1 || m.res.Draws != 1 {
		t.Errorf("draw then self discard: fizzled %d, draws %d; want 1, 1", m.res.Fizzled, m.res.Draws)
	}

	// No target at all (every opponent out): a fizzle even with cards to
	// draw; a random opponent among none draws no random number.
	for _, target := range []genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetAllOpponents, cardrules.TargetRandomOpponent} {
		none := shedGenome(effect("2", cardrules.DrawCards, target, 1), effect("2", cardrules.ForceDiscard, target, 1))
		none.End.Until = cardrules.UntilOneLeft
		m = lab(t, none, 3, layout{hands: [][]string{{"3C"}, nil, nil}, stock: []string{"5S"}, disc: []string{"9H"}, seatsOutLose: []int{1, 2}})
		src := m.src
		m.fire(0, card("2H"), cardrules.Played, true)
		if m.res.Fizzled != 2 || m.res.Draws != 0 || m.src != src {
			t.Errorf("%v with no opponent: fizzled %d, draws %d, random source moved %v; want 2, 0, false",
				target, m.res.Fizzled, m.res.Draws, m.src != src)
		}
	}

	// A battle turns its cards up without a choice: a gated draw's card is
	// turned up all the same, and its draw fizzles.
	war := warGenome(t, 3, cardrules.ReturnsInOrder, gated(effect("7", cardrules.DrawCards, cardrules.TargetNext, 1)))
	m = lab(t, war, 2, layout{hands: [][]string{{"7C", "2C"}, {"5D", "2D"}}})
	m.battlePhase(0, &war.Turn[0])
	if got, want := playsOf(m), []string{"7C", "5D"}; !slices.Equal(got, want) || m.res.Fizzled != 1 {
		t.Errorf("battle: plays %v fizzled %d, want %v and 1", got, m.res.Fizzled, want)
	}
}

// TestReferenceGateDraw: a card with a gated draw is not among the legal
// cards while nothing could be drawn once it is played, judged with the
// card on the discard pile: a pile of one card plus the card played can
// be reshuffled.
func TestReferenceGateDraw(t *testing.T) {
	two := gated(effect("2", cardrules.DrawCards, cardrules.TargetNext, 1))
	for _, tc := range []struct {
		name      string
		reshuffle bool
		gate      bool
		stock     []string
		disc      []string
		want      []string
	}{
		{name: "no reshuffle, empty stock", disc: []string{"9H"}, gate: true,
			want: []string{"decide 0 0/1", "play 0 5H"}},
		{name: "no reshuffle, empty stock, no gate", disc: []string{"9H"},
			want: []string{"decide 0 0/2", "play 0 2H", "effect 0 draw_cards 1"}},
		{name: "no reshuffle, a card in the stock", stock: []string{"5S"}, disc: []string{"9H"}, gate: true,
			want: []string{"decide 0 0/2", "play 0 2H", "effect 0 draw_cards 1", "draw 1 5S"}},
		{name: "reshuffle, the card played makes the pile two cards", reshuffle: true, disc: []string{"9H"}, gate: true,
			want: []string{"decide 0 0/2", "play 0 2H", "effect 0 draw_cards 1", "reshuffle 1", "draw 1 9H"}},
		{name: "reshuffle, the card played alone on an empty pile", reshuffle: true, gate: true,
			want: []string{"decide 0 0/1", "play 0 5H"}},
	} {
		e := two
		e.Gate = tc.gate
		g := shedGenome(e)
		g.Reshuffle = tc.reshuffle
		m := lab(t, g, 2, layout{hands: [][]string{{"2H", "5H"}, {"4C"}}, stock: tc.stock, disc: tc.disc})
		steer(t, m, [2]int{2, 0})
		m.playPhase(0, &g.Turn[0])
		checkTrace(t, tc.name, m, tc.want...)
		if m.res.Fizzled != 0 && tc.gate {
			t.Errorf("%s: a gated draw fizzled", tc.name)
		}
	}

	// A seat whose only legal card is gated has no legal card; with
	// nothing to draw it passes without a decision.
	g := shedGenome(two)
	g.Reshuffle = false
	m := lab(t, g, 2, layout{hands: [][]string{{"2H", "3C"}, {"4C"}}, disc: []string{"9H"}})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "only card gated", m, "pass 0")
}

// TestReferenceGateDiscardSelf: a card with a gated self discard is not
// playable as the player's last card; after a draw it is, and discards
// the card drawn.
func TestReferenceGateDiscardSelf(t *testing.T) {
	g := shedGenome(gated(effect("7", cardrules.ForceDiscard, cardrules.TargetSelf, 1)))
	g.Reshuffle = false
	m := lab(t, g, 2, layout{hands: [][]string{{"7H"}, {"4C"}}, disc: []string{"9H"}})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "last card, nothing to draw", m, "pass 0")

	m = lab(t, g, 2, layout{hands: [][]string{{"7H"}, {"4C"}}, stock: []string{"5S"}, disc: []string{"9H"}})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "last card, then a draw", m, "draw 0 5S", "decide 0 0/1", "play 0 7H",
		"effect 0 force_discard 1", "decide 0 0/1", "discard 0 5S", "out 0 0")

	m = lab(t, g, 2, layout{hands: [][]string{{"7H", "8H"}, {"4C"}}, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "not the last card", m, "decide 0 0/2", "play 0 7H", "effect 0 force_discard 1", "decide 0 0/1", "discard 0 8H", "out 0 0")

	// The lead card obligation comes first: a seat bound to play a gated
	// lead card has no legal card, though it holds another it could play.
	lead := shedGenome(gated(effect("7", cardrules.DrawCards, cardrules.TargetNext, 1)))
	lead.Reshuffle = false
	lc := card("7H")
	lead.LeadCard = &lc
	for _, bound := range []bool{true, false} {
		m = lab(t, lead, 2, layout{hands: [][]string{{"2H", "7H"}, {"4C"}}, disc: []string{"9H"}})
		want := []string{"decide 0 0/1", "play 0 2H"}
		if bound {
			m.leadHolder = 0
			want = []string{"pass 0"}
		}
		m.playPhase(0, &lead.Turn[0])
		checkTrace(t, fmt.Sprintf("lead card bound %v", bound), m, want...)
	}
}

// TestReferenceGateDiscardTargets: a gated discard aimed at others holds
// its card back while every seat it targets holds no card: next and
// previous are the neighbouring active seats in the current direction,
// all opponents and a random opponent look at every active opponent
// (without a random number), and with no active opponent nothing can
// resolve. The player's hand counts only for self.
func TestReferenceGateDiscardTargets(t *testing.T) {
	for _, tc := range []struct {
		target genome.Target
		dir    int
		hands  [][]string // seats 1..3
		out    []int
		want   bool
	}{
		{cardrules.TargetNext, 1, [][]string{nil, {"3C"}, {"4C"}}, nil, false},
		{cardrules.TargetNext, 1, [][]string{{"2C"}, nil, nil}, nil, true},
		{cardrules.TargetNext, -1, [][]string{{"2C"}, {"3C"}, nil}, nil, false},
		{cardrules.TargetNext, -1, [][]string{nil, nil, {"4C"}}, nil, true},
		{cardrules.TargetNext, 1, [][]string{nil, {"3C"}, nil}, []int{1}, true},
		{cardrules.TargetPrevious, 1, [][]string{{"2C"}, {"3C"}, nil}, nil, false},
		{cardrules.TargetPrevious, 1, [][]string{nil, nil, {"4C"}}, nil, true},
		{cardrules.TargetPrevious, -1, [][]string{nil, {"3C"}, {"4C"}}, nil, false},
		{cardrules.TargetPrevious, -1, [][]string{{"2C"}, nil, nil}, nil, true},
		{cardrules.TargetPrevious, 1, [][]string{nil, {"3C"}, nil}, []int{3}, true},
		{cardrules.TargetAllOpponents, 1, [][]string{nil, nil, nil}, nil, false},
		{cardrules.TargetAllOpponents, 1, [][]string{nil, {"3C"}, nil}, nil, true},
		{cardrules.TargetAllOpponents, 1, [][]string{nil, nil, nil}, []int{1, 2, 3}, false},
		{cardrules.TargetRandomOpponent, 1, [][]string{nil, nil, nil}, nil, false},
		{cardrules.TargetRandomOpponent, -1, [][]string{nil, nil, {"4C"}}, nil, true},
		{cardrules.TargetRandomOpponent, 1, [][]string{nil, nil, nil}, []int{1, 2, 3}, false},
		{cardrules.TargetNext, 1, [][]string{nil, nil, nil}, []int{1, 2, 3}, false},
		{cardrules.TargetSelf, 1, [][]string{nil, nil, nil}, []int{1, 2, 3}, true},
	} {
		g := shedGenome(gated(effect("7", cardrules.ForceDiscard, tc.target, 1)))
		g.End.Until = cardrules.UntilOneLeft
		hands := append([][]string{{"7H", "8H"}}, tc.hands...)
		m := lab(t, g, 4, layout{hands: hands, disc: []string{"9H"}, dir: tc.dir, seatsOutLose: tc.out})
		src := m.src
		want := cardsOf("8H")
		if tc.want {
			want = cardsOf("7H", "8H")
		}
		if got := m.ungated(0, m.hands[0], true); !slices.Equal(got, want) || m.src != src {
			t.Errorf("%v dir %+d hands %v out %v: playable %v, want %v (random source moved: %v)",
				tc.target, tc.dir, tc.hands, tc.out, got, want, m.src != src)
		}
	}
}

// TestReferenceGateTrick: in a trick a gated card is judged without landing
// on the discard pile, after the preference: a follower whose only
// preferred card is gated plays nothing (not its other cards), and a
// leader whose cards are all gated leaves the lead to the next seat.
func TestReferenceGateTrick(t *testing.T) {
	anyCard := genome.Expr{Op: genome.OpTrue}
	follow := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
	g := trickGenome(anyCard, gated(effect("7", cardrules.DrawCards, cardrules.TargetNext, 1)))
	g.Reshuffle = true
	g.Turn[0].Prefer = &follow

	m := lab(t, g, 3, layout{hands: [][]string{{"5H"}, {"7H", "2C"}, {"9H"}}})
	m.trickPhase(0, &g.Turn[0])
	if got, want := playsOf(m), []string{"5H", "9H"}; !slices.Equal(got, want) || m.next != 2 {
		t.Errorf("follower: plays %v next %d, want %v and 2", got, m.next, want)
	}
	if got := pileOf(m, 1); !slices.Equal(got, []string{"2C", "7H"}) {
		t.Errorf("follower: seat 1 holds %v, want both its cards", got)
	}

	m = lab(t, g, 3, layout{hands: [][]string{{"7H"}, {"5H"}, {"9H"}}})
	m.trickPhase(0, &g.Turn[0])
	if got, want := playsOf(m), []string{"5H", "9H"}; !slices.Equal(got, want) || m.next != 2 {
		t.Errorf("leader: plays %v next %d, want %v and 2", got, m.next, want)
	}

	// A discard pile of one card: a play phase's card would make it two
	// and reshuffle; a trick card does not land there. Two cards can be
	// reshuffled either way.
	for _, tc := range []struct {
		disc          []string
		onPile, trick bool
	}{{[]string{"9S"}, true, false}, {[]string{"8S", "9S"}, true, true}, {nil, false, false}} {
		m = lab(t, g, 3, layout{hands: [][]string{{"7H"}, {"5H"}, {"9H"}}, disc: tc.disc})
		if got := len(m.ungated(0, m.hands[0], true)) == 1; got != tc.onPile {
			t.Errorf("pile %v: playable onto the pile %v, want %v", tc.disc, got, tc.onPile)
		}
		if got := len(m.ungated(0, m.hands[0], false)) == 1; got != tc.trick {
			t.Errorf("pile %v: playable to a trick %v, want %v", tc.disc, got, tc.trick)
		}
	}
	m = lab(t, g, 3, layout{hands: [][]string{{"5H"}, {"7H", "2C"}, {"9H"}}, disc: []string{"8S", "9S"}})
	m.trickPhase(0, &g.Turn[0])
	if got, want := playsOf(m), []string{"5H", "7H", "9H"}; !slices.Equal(got, want) {
		t.Errorf("follower with a pile to reshuffle: plays %v, want %v", got, want)
	}
}

// TestReferenceConsistentGated: seed games with gated draws and discards
// stay consistent (cards conserved after every phase, results that agree
// with their events). A gated effect alone on its rank and aimed at next,
// previous, all opponents or self always resolves once its card is played,
// so none fizzles; the same games without the gates do fizzle.
func TestReferenceConsistentGated(t *testing.T) {
	games := 10
	if !testing.Short() {
		games = 100
	}
	added := []genome.Effect{
		effect("2", cardrules.DrawCards, cardrules.TargetNext, 2),
		effect("3", cardrules.DrawCards, cardrules.TargetPrevious, 1),
		effect("7", cardrules.ForceDiscard, cardrules.TargetSelf, 1),
		effect("9", cardrules.ForceDiscard, cardrules.TargetPrevious, 1),
		effect("10", cardrules.ForceDiscard, cardrules.TargetNext, 2),
		effect("K", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1),
	}
	type variant struct {
		name string
		g    *genome.Genome
	}
	var variants []variant
	uno := testkit.SeedGenome(t, "uno-style")
	variants = append(variants, variant{"uno-style", uno})
	dry := testkit.SeedGenome(t, "uno-style")
	dry.Reshuffle = false
	variants = append(variants, variant{"uno-style without reshuffles", dry})
	for _, name := range []string{"crazy-eights", "hearts", "whist"} {
		g := testkit.SeedGenome(t, name)
		g.Effects = slices.Clone(added)
		variants = append(variants, variant{name + " with draws and discards", g})
	}
	fizzledUngated := 0
	for _, v := range variants {
		gatedG := *v.g
		gatedG.Effects = slices.Clone(v.g.Effects)
		for i := range gatedG.Effects {
			gatedG.Effects[i].Gate = gatedG.Effects[i].Type.Fizzles()
		}
		if err := gatedG.Validate(); err != nil {
			t.Fatalf("%s: %v", v.name, err)
		}
		for seats := v.g.Seats.Min; seats <= v.g.Seats.Max; seats++ {
			for i := range uint64(games) {
				seed := rng.Derive(18, i)
				if err := consistent(&gatedG, seats, seed); err != nil {
					t.Fatalf("%s gated, %d seats, game %d: %v", v.name, seats, i, err)
				}
				if r, _ := Play(&gatedG, seats, nil, seed); r.Fizzled != 0 {
					t.Errorf("%s gated, %d seats, game %d: %d fizzled, want 0", v.name, seats, i, r.Fizzled)
				}
				r, _ := Play(v.g, seats, nil, seed)
				fizzledUngated += r.Fizzled
			}
		}
	}
	if fizzledUngated == 0 {
		t.Errorf("no effect fizzled in the games without gates: the gates were never put to the test")
	}
}
