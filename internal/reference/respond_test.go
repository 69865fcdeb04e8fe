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

// Scenarios of response windows, chains and lost turns, worked out by hand
// from their rules (the spec of issue 18, now the vm package doc's). Unless
// a scenario says otherwise the game is shedGenome's: follow the active
// suit, draw one card when stuck, first out wins.

// response is one response ability.
func response(rank string, a genome.Ability, answers genome.EffectType, value int, ignoreLegal bool) genome.Response {
	return genome.Response{Rank: rankOf(rank), Ability: a, Answers: answers, Value: value, IgnoreLegal: ignoreLegal}
}

// answerGenome is shedGenome with effects and the responses given.
func answerGenome(who genome.Respondents, loseTurn bool, rs []genome.Response, effects ...genome.Effect) *genome.Genome {
	g := shedGenome(effects...)
	g.Responses = genome.Responses{Who: who, LoseTurn: loseTurn, Cards: rs}
	return g
}

// The abilities the scenarios use: 2 stacks two on a draw, 4 deflects a
// draw, 5 cancels a draw, all whatever the top card.
var (
	stackTwo  = response("2", cardrules.Stack, cardrules.DrawCards, 2, true)
	deflect4  = response("4", cardrules.Deflect, cardrules.DrawCards, 0, true)
	cancel5   = response("5", cardrules.Cancel, cardrules.DrawCards, 0, true)
	drawTwo   = effect("2", cardrules.DrawCards, cardrules.TargetNext, 2)
	fiveCards = []string{"4S", "5S", "6S", "7S", "8S"}
)

// TestReferenceResponseStack: a stack adds its value and passes the effect
// on to the seat after the one that answered, which may stack in turn; a
// seat with no answering card is not asked; with nobody able to answer the
// window still closes with a chain on the target.
func TestReferenceResponseStack(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{stackTwo}, drawTwo)
	draws := func(s int, cs ...string) []string {
		var out []string
		for _, c := range cs {
			out = append(out, fmt.Sprintf("draw %d %s", s, c))
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		hands [][]string
		picks [][2]int
		want  []string
	}{
		{"stacked, then passed", [][]string{{"2H", "3C"}, {"2C", "5D"}, {"2S", "6D"}}, [][2]int{{2, 0}, {2, 1}},
			append([]string{"decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 2C stack",
				"decide 2 1/2", "chain 2 4"}, draws(2, "8S", "7S", "6S", "5S")...)},
		{"stacked, the next seat not asked", [][]string{{"2H", "3C"}, {"2C", "5D"}, {"3S", "6D"}}, [][2]int{{2, 0}},
			append([]string{"decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 2C stack",
				"chain 2 4"}, draws(2, "8S", "7S", "6S", "5S")...)},
		{"passed", [][]string{{"2H", "3C"}, {"2C", "5D"}, {"2S", "6D"}}, [][2]int{{2, 1}},
			append([]string{"decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 1/2", "chain 1 2"}, draws(1, "8S", "7S")...)},
		{"nobody can answer", [][]string{{"2H", "3C"}, {"3D", "5D"}, {"2S", "6D"}}, nil,
			append([]string{"decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "chain 1 2"}, draws(1, "8S", "7S")...)},
	} {
		m := lab(t, g, 3, layout{hands: tc.hands, stock: fiveCards, disc: []string{"9H"}})
		steer(t, m, tc.picks...)
		m.playPhase(0, &g.Turn[0])
		checkTrace(t, tc.name, m, tc.want...)
		responses := len(m.eventsOf(EvRespond))
		if m.res.Responses != responses || m.res.Plays != 1 || m.res.Interactions != 1 || m.res.Fizzled != 0 || m.res.Cancelled != 0 {
			t.Errorf("%s: responses %d, plays %d, interactions %d, fizzled %d, cancelled %d; want %d, 1, 1, 0, 0",
				tc.name, m.res.Responses, m.res.Plays, m.res.Interactions, m.res.Fizzled, m.res.Cancelled, responses)
		}
		if responses > 0 {
			// The answer is on top of the pile: its suit active and a
			// suit played; the last card played is still the 2H that
			// fired the effect (an answer is no play).
			if top := m.discard[len(m.discard)-1]; top != card("2C") || m.suit != top.Suit() || m.last != int(card("2H")) || m.played&(1<<top.Suit()) == 0 {
				t.Errorf("%s: top %v, active suit %v, last %d, suits played %04b", tc.name, top, m.suit, m.last, m.played)
			}
		}
	}

	// Two seats: the seat after the one that stacked is the player, who
	// may stack again; the amount adds up.
	m := lab(t, g, 2, layout{hands: [][]string{{"2H", "2D", "3C"}, {"2C", "5D"}}, stock: append([]string{"3S"}, fiveCards...), disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0}, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "two seats", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 2C stack",
		"decide 0 0/2", "respond 0 2D stack", "chain 1 6", "draw 1 8S", "draw 1 7S", "draw 1 6S", "draw 1 5S", "draw 1 4S", "draw 1 3S")
	if m.res.Responses != 2 || m.res.Draws != 6 {
		t.Errorf("two seats: responses %d, draws %d; want 2, 6", m.res.Responses, m.res.Draws)
	}
}

// TestReferenceResponseLegal: without ignore_legal a card answers only when
// the legal rule of the turn's first play phase allows it against the
// discard pile's top card and the active suit, whichever phase played the
// effect's card; the phase's preference does not narrow the answers.
func TestReferenceResponseLegal(t *testing.T) {
	suit := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
	five := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermRank, Value: uint8(rankOf("5"))})
	anyCard := genome.Expr{Op: genome.OpTrue}
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{
		response("3", cardrules.Stack, cardrules.DrawCards, 1, false), deflect4,
	}, effect("2", cardrules.DrawCards, cardrules.TargetNext, 1))
	g.Turn = []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &suit, Prefer: &five, DrawMax: 1}, {Kind: cardrules.PhasePlay, Legal: &anyCard}}
	// Seat 1: 3C is a stack the suit rule refuses on 2H, 3H one it
	// allows (though 5H is preferred), 4C a deflect that ignores the
	// rule, 5H no response. Its options: 4C, 3H, pass.
	m := lab(t, g, 2, layout{hands: [][]string{{"9C", "2H"}, {"3C", "3H", "4C", "5H"}}, stock: fiveCards, disc: []string{"9S"}})
	steer(t, m, [2]int{2, 1}, [2]int{3, 2})
	m.playPhase(0, &g.Turn[1])
	checkTrace(t, "first phase's rule", m, "decide 0 1/2", "play 0 2H", "effect 0 draw_cards 1", "decide 1 2/3", "chain 1 1", "draw 1 8S")

	m = lab(t, g, 2, layout{hands: [][]string{{"9C", "2H"}, {"3C", "3H", "4C", "5H"}}, stock: fiveCards, disc: []string{"9S"}})
	steer(t, m, [2]int{2, 1}, [2]int{3, 1})
	m.playPhase(0, &g.Turn[1])
	checkTrace(t, "a legal stack", m, "decide 0 1/2", "play 0 2H", "effect 0 draw_cards 1", "decide 1 1/3", "respond 1 3H stack",
		"chain 0 2", "draw 0 8S", "draw 0 7S")

	// With ignore_legal the clubs stack answers too.
	g.Responses.Cards[0].IgnoreLegal = true
	m = lab(t, g, 2, layout{hands: [][]string{{"9C", "2H"}, {"3C", "3H", "4C", "5H"}}, stock: fiveCards, disc: []string{"9S"}})
	steer(t, m, [2]int{2, 1}, [2]int{4, 0})
	m.playPhase(0, &g.Turn[1])
	checkTrace(t, "ignore_legal", m, "decide 0 1/2", "play 0 2H", "effect 0 draw_cards 1", "decide 1 0/4", "respond 1 3C stack",
		"chain 0 2", "draw 0 8S", "draw 0 7S")
}

// TestReferenceResponseDeflect: a deflect sends the effect back to the
// player of the link it answers, with nothing added; a deflect may be
// deflected again.
func TestReferenceResponseDeflect(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{deflect4}, drawTwo)
	m := lab(t, g, 3, layout{hands: [][]string{{"2H", "3C"}, {"4C", "5D"}, {"6D"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "deflected", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 4C deflect",
		"chain 0 2", "draw 0 8S", "draw 0 7S")
	if m.res.Interactions != 1 || m.res.Responses != 1 {
		t.Errorf("deflected: interactions %d, responses %d; want 1, 1", m.res.Interactions, m.res.Responses)
	}

	m = lab(t, g, 3, layout{hands: [][]string{{"2H", "4D", "9S"}, {"4C", "5D"}, {"6D"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0}, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "deflected back", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 4C deflect",
		"decide 0 0/2", "respond 0 4D deflect", "chain 1 2", "draw 1 8S", "draw 1 7S")
}

// TestReferenceResponseCancel: a cancel negates the link below it: the
// effect itself (cancelled, nothing happens, no fizzle), a stack (its value
// no longer counts and the effect stays on its target) or another cancel
// (which then negates nothing). Only a cancel answers a cancel.
func TestReferenceResponseCancel(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{stackTwo, cancel5}, drawTwo)
	for _, tc := range []struct {
		name      string
		hands     [][]string
		picks     [][2]int
		want      []string
		cancelled int
	}{
		{"the effect cancelled", [][]string{{"2H", "3C"}, {"5C", "9D"}}, [][2]int{{2, 0}},
			[]string{"decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 5C cancel", "chain -1 0"}, 1},
		{"a cancel cancelled", [][]string{{"2H", "2S", "5D"}, {"5C", "9D"}}, [][2]int{{2, 0}, {2, 0}},
			[]string{"decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 5C cancel",
				"decide 0 0/2", "respond 0 5D cancel", "chain 1 2", "draw 1 8S", "draw 1 7S"}, 0},
		{"a stack cancelled", [][]string{{"2H", "5D", "9S"}, {"2C", "9D"}}, [][2]int{{2, 0}, {2, 0}},
			[]string{"decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 2C stack",
				"decide 0 0/2", "respond 0 5D cancel", "chain 1 2", "draw 1 8S", "draw 1 7S"}, 0},
	} {
		m := lab(t, g, 2, layout{hands: tc.hands, stock: fiveCards, disc: []string{"9H"}})
		steer(t, m, tc.picks...)
		m.playPhase(0, &g.Turn[0])
		checkTrace(t, tc.name, m, tc.want...)
		if m.res.Cancelled != tc.cancelled || m.res.Fizzled != 0 || m.res.Interactions != 1-tc.cancelled {
			t.Errorf("%s: cancelled %d, fizzled %d, interactions %d; want %d, 0, %d",
				tc.name, m.res.Cancelled, m.res.Fizzled, m.res.Interactions, tc.cancelled, 1-tc.cancelled)
		}
	}
}

// TestReferenceResponseEveryone: with who=everyone the respondents are the
// seats still in, in turn order from the seat the top link hits (that seat
// first), except the seat that played the top link; after an answer the
// window starts over from the new top link.
func TestReferenceResponseEveryone(t *testing.T) {
	g := answerGenome(cardrules.RespondEveryone, false, []genome.Response{response("2", cardrules.Stack, cardrules.DrawCards, 1, true)},
		effect("2", cardrules.DrawCards, cardrules.TargetNext, 1))
	hands := [][]string{{"2H", "3C"}, {"2C", "5D"}, {"2D", "6D"}, {"2S", "7D"}}
	m := lab(t, g, 4, layout{hands: hands, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 1}, [2]int{2, 1}, [2]int{2, 0}, [2]int{2, 1}, [2]int{2, 1})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "clockwise", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 1",
		"decide 1 1/2", "decide 2 1/2", "decide 3 0/2", "respond 3 2S stack",
		"decide 1 1/2", "decide 2 1/2", "chain 0 2", "draw 0 8S", "draw 0 7S")

	m = lab(t, g, 4, layout{hands: hands, stock: fiveCards, disc: []string{"9H"}, dir: -1})
	steer(t, m, [2]int{2, 1}, [2]int{2, 0}, [2]int{2, 1}, [2]int{2, 1})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "counter-clockwise", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 1",
		"decide 3 1/2", "decide 2 0/2", "respond 2 2D stack",
		"decide 1 1/2", "decide 3 1/2", "chain 1 2", "draw 1 8S", "draw 1 7S")
}

// TestReferenceResponseLoseTurn: with lose_turn the seats that answer and
// the seat the effect finally hits lose their next turn: the move passes
// over each (one flag cleared per pass), after a turn and after the
// starter's effects. A negated effect costs its target nothing, but its
// answerers keep their flags.
func TestReferenceResponseLoseTurn(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, true, []genome.Response{stackTwo, cancel5}, drawTwo)
	m := lab(t, g, 4, layout{hands: [][]string{{"2H", "3C"}, {"2C", "8C"}, {"6D"}, {"7D"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.turn()
	checkTrace(t, "stacked and taken", m, "turn 1 seat 0", "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2",
		"decide 1 0/2", "respond 1 2C stack", "chain 2 4", "draw 2 8S", "draw 2 7S", "draw 2 6S", "draw 2 5S",
		"lose-turn 1", "lose-turn 2")
	if m.cur != 3 || slices.Contains(m.lost, true) || m.res.Interactions != 2 {
		t.Errorf("stacked and taken: seat %d moves, flags %v, interactions %d; want 3, none, 2 (the draw, the turn order)", m.cur, m.lost, m.res.Interactions)
	}

	m = lab(t, g, 3, layout{hands: [][]string{{"2H", "3C"}, {"5C", "8C"}, {"6D"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.turn()
	checkTrace(t, "cancelled", m, "turn 1 seat 0", "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2",
		"decide 1 0/2", "respond 1 5C cancel", "chain -1 0", "lose-turn 1")
	if m.cur != 2 || slices.Contains(m.lost, true) {
		t.Errorf("cancelled: seat %d moves, flags %v; want 2, none", m.cur, m.lost)
	}

	// The starter's draw two (the dealer's, seat 3) aims at seat 0, which
	// stacks; seat 1 takes four. Both lose their turn: seat 2 starts, and
	// no turn order interaction is counted (no turn was played).
	g.Deal.StarterFires = true
	m = lab(t, g, 4, layout{hands: [][]string{{"2C", "3C"}, {"6D"}, {"7D"}, {"8D"}}, stock: fiveCards, disc: []string{"2H"}})
	steer(t, m, [2]int{2, 0})
	m.start()
	checkTrace(t, "starter", m, "effect 3 draw_cards 2", "decide 0 0/2", "respond 0 2C stack", "chain 1 4",
		"draw 1 8S", "draw 1 7S", "draw 1 6S", "draw 1 5S", "lose-turn 0", "lose-turn 1")
	if m.cur != 2 || m.res.Interactions != 1 {
		t.Errorf("starter: seat %d starts, interactions %d; want 2, 1", m.cur, m.res.Interactions)
	}
}

// TestReferenceResponsePenaltyDraws: the draws of a chain's resolution do
// not count toward a play phase's draw limit, even when they fall on the
// seat whose turn it is: deflected back onto seat 0, it draws two, then
// its second play phase still draws its one card.
func TestReferenceResponsePenaltyDraws(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{deflect4}, drawTwo)
	g.Turn = append(g.Turn, g.Turn[0])
	m := lab(t, g, 2, layout{hands: [][]string{{"2H", "3D"}, {"4C", "9D"}}, stock: []string{"5S", "6S", "7S"}, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.turn()
	checkTrace(t, "penalty", m, "turn 1 seat 0", "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2",
		"decide 1 0/2", "respond 1 4C deflect", "chain 0 2", "draw 0 7S", "draw 0 6S", "draw 0 5S", "pass 0")
}

// TestReferenceResponseStackNothingToDraw: a stack answering a draw adds
// nothing when no card can be drawn once it has landed. (A window on a draw
// opens only while a card can be drawn, and nothing in a window takes a
// card from the stock, so in play this does not arise; the rule is checked
// on the answer alone.)
func TestReferenceResponseStackNothingToDraw(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{stackTwo,
		response("2", cardrules.Stack, cardrules.ForceDiscard, 3, true)}, drawTwo)
	g.Reshuffle = false
	for _, tc := range []struct {
		name  string
		stock []string
		typ   genome.EffectType
		want  int
	}{
		{"draw, empty stock", nil, cardrules.DrawCards, 0},
		{"draw, a card to draw", []string{"8S"}, cardrules.DrawCards, 2},
		{"discard, empty stock", nil, cardrules.ForceDiscard, 3},
	} {
		m := lab(t, g, 3, layout{hands: [][]string{{"3C"}, {"2C", "5D"}, {"6D"}}, stock: tc.stock, disc: []string{"9H"}})
		r := g.Responses.Cards[0]
		if tc.typ == cardrules.ForceDiscard {
			r = g.Responses.Cards[1]
		}
		l := m.answer(1, card("2C"), r, link{player: 0, value: 2, hits: 1}, tc.typ)
		if l != (link{player: 1, ability: cardrules.Stack, value: tc.want, hits: 2}) {
			t.Errorf("%s: link %+v, want value %d, hits 2", tc.name, l, tc.want)
		}
	}
}

// TestReferenceNoWindow: no window opens when the effect could not resolve
// on its target (nothing to draw, no card to discard), when it aims at its
// own player, or when its card was played to a trick: the effect hits as
// it always did, with no decision and no chain.
func TestReferenceNoWindow(t *testing.T) {
	g := answerGenome(cardrules.RespondEveryone, false, []genome.Response{stackTwo}, drawTwo)
	g.Reshuffle = false
	m := lab(t, g, 3, layout{hands: [][]string{{"2H", "3C"}, {"2C", "5D"}, {"2D"}}, disc: []string{"9H"}})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "nothing to draw", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2")
	if m.res.Fizzled != 1 {
		t.Errorf("nothing to draw: fizzled %d, want 1", m.res.Fizzled)
	}

	g = answerGenome(cardrules.RespondEveryone, false, []genome.Response{response("7", cardrules.Cancel, cardrules.ForceDiscard, 0, true)},
		effect("7", cardrules.ForceDiscard, cardrules.TargetNext, 1))
	g.End.Until = cardrules.UntilHandsEmpty
	m = lab(t, g, 3, layout{hands: [][]string{{"7H", "3C"}, nil, {"7C", "9D"}}, stock: fiveCards, disc: []string{"9H"}})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "no card to discard", m, "decide 0 0/1", "play 0 7H", "effect 0 force_discard 1", "out 1 0")

	g = answerGenome(cardrules.RespondEveryone, false, []genome.Response{stackTwo}, effect("2", cardrules.DrawCards, cardrules.TargetSelf, 1))
	m = lab(t, g, 3, layout{hands: [][]string{{"2H", "2C"}, {"2D"}, {"2S"}}, stock: fiveCards, disc: []string{"9H"}})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "the player itself", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 1", "draw 0 8S")

	// A trick: seat 0 leads 2H, seat 1 draws at once, then follows.
	anyCard := genome.Expr{Op: genome.OpTrue}
	g = trickGenome(anyCard, effect("2", cardrules.DrawCards, cardrules.TargetNext, 1))
	g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhasePlay, Legal: &anyCard})
	g.Responses = genome.Responses{Cards: []genome.Response{stackTwo}}
	m = lab(t, g, 2, layout{hands: [][]string{{"2H"}, {"2C"}}, stock: fiveCards})
	m.trickPhase(0, &g.Turn[0])
	if got := m.eventsOf(EvRespond, EvChain); len(got) != 0 || m.res.Draws != 1 || len(m.hands[1]) != 1 {
		t.Errorf("trick: chain events %v, draws %d, seat 1 holds %v; want none, 1, one card", got, m.res.Draws, m.hands[1])
	}
}

// TestReferenceResponseEndsGame: an answer that empties the seat's hand
// puts it out at once (the end check runs as after a play); in a first_out
// game that ends it, and nothing more resolves: not the chain, not the
// effect's other targets, not the card's later effects.
func TestReferenceResponseEndsGame(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{stackTwo},
		effect("2", cardrules.DrawCards, cardrules.TargetAllOpponents, 1), effect("2", cardrules.SkipNext, 0, 1))
	m := lab(t, g, 3, layout{hands: [][]string{{"2H", "3C"}, {"2C"}, {"2D", "9D"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "first out", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 1", "decide 1 0/2", "respond 1 2C stack", "out 1 0")
	if !m.over || m.res.Effects[cardrules.SkipNext] != 0 || m.skip != 0 {
		t.Errorf("first out: over %v, skips fired %d, skip count %d; want true, 0, 0", m.over, m.res.Effects[cardrules.SkipNext], m.skip)
	}
	if w, _ := m.ranking(); w != 1 {
		t.Errorf("first out: winner %d, want 1", w)
	}
	// No card moved for the draw, but an answer cut it short by ending
	// the game: not a fizzle (the reading the package doc gives).
	if m.res.Fizzled != 0 {
		t.Errorf("first out: fizzled %d, want 0", m.res.Fizzled)
	}
}

// TestReferenceResponseSeatOut: when the game goes on after an answer puts
// a seat out, a later target of the same effect that is out gets nothing,
// and a chain that ends on a seat that is out is traced with its amount
// and moves nothing.
func TestReferenceResponseSeatOut(t *testing.T) {
	g := answerGenome(cardrules.RespondEveryone, false, []genome.Response{response("2", cardrules.Stack, cardrules.DrawCards, 1, true)},
		effect("2", cardrules.DrawCards, cardrules.TargetAllOpponents, 1))
	g.End.Until = cardrules.UntilOneLeft
	m := lab(t, g, 4, layout{hands: [][]string{{"2H", "3C"}, {"5D"}, {"2D"}, {"9D"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "target out", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 1", "decide 2 0/2", "respond 2 2D stack", "out 2 0",
		"chain 3 2", "draw 3 8S", "draw 3 7S", "chain 3 1", "draw 3 6S")
	if m.res.Interactions != 2 || m.over {
		t.Errorf("target out: interactions %d, over %v; want 2, false", m.res.Interactions, m.over)
	}

	g = answerGenome(cardrules.RespondTarget, true, []genome.Response{deflect4}, drawTwo)
	g.End.Until = cardrules.UntilOneLeft
	m = lab(t, g, 3, layout{hands: [][]string{{"2H"}, {"4C", "9D"}, {"9C"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "the seat hit is out", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 2", "decide 1 0/2", "respond 1 4C deflect",
		"out 0 0", "chain 0 2")
	if m.res.Draws != 0 || m.res.Fizzled != 1 || !m.lost[1] || m.lost[0] || m.over {
		t.Errorf("the seat hit is out: draws %d, fizzled %d, flags %v, over %v; want 0, 1, [false true false], false", m.res.Draws, m.res.Fizzled, m.lost, m.over)
	}
}

// TestReferenceResponseDiscard: a chain on a forced discard: the seat
// finally hit discards the whole amount by its own decisions, beneath the
// answer card now on top of the pile.
func TestReferenceResponseDiscard(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{response("7", cardrules.Stack, cardrules.ForceDiscard, 1, true)},
		effect("7", cardrules.ForceDiscard, cardrules.TargetNext, 1))
	m := lab(t, g, 3, layout{hands: [][]string{{"7H", "3C"}, {"7C", "5D"}, {"8D", "9D"}}, stock: fiveCards, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0}, [2]int{2, 1})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "discard", m, "decide 0 0/1", "play 0 7H", "effect 0 force_discard 1", "decide 1 0/2", "respond 1 7C stack",
		"chain 2 2", "decide 2 1/2", "discard 2 9D", "decide 2 0/1", "discard 2 8D", "out 2 0")
	if want := cardsOf("9H", "7H", "9D", "8D", "7C"); !slices.Equal(m.discard, want) {
		t.Errorf("discard pile %v, want %v", m.discard, want)
	}
}

// TestReferenceConsistentResponses: whole games of uno-style with
// responses (Uno's stacking draw two, and every ability on draws and
// forced discards, answered by the target or by everyone, with and without
// lost turns) keep every card in one zone after every step and agree with
// their own events; between them they answer, stack, deflect, cancel,
// negate effects and lose turns.
func TestReferenceConsistentResponses(t *testing.T) {
	games := 10
	if !testing.Short() {
		games = 100
	}
	type variant struct {
		name   string
		change func(g *genome.Genome)
	}
	all := []genome.Response{
		response("2", cardrules.Stack, cardrules.DrawCards, 2, true),
		response("4", cardrules.Deflect, cardrules.DrawCards, 0, false),
		response("5", cardrules.Cancel, cardrules.DrawCards, 0, false),
		response("5", cardrules.Cancel, cardrules.ForceDiscard, 0, true),
		response("9", cardrules.Stack, cardrules.ForceDiscard, 1, false),
		response("10", cardrules.Deflect, cardrules.ForceDiscard, 0, true),
	}
	vs := []variant{
		{"uno stacking", func(g *genome.Genome) {
			g.Responses = genome.Responses{LoseTurn: true, Cards: []genome.Response{all[0]}}
		}},
		{"everything, target", func(g *genome.Genome) {
			g.Responses = genome.Responses{Cards: all}
		}},
		{"everything, everyone, lose_turn, starter fires, at once", func(g *genome.Genome) {
			g.Responses = genome.Responses{Who: cardrules.RespondEveryone, LoseTurn: true, Cards: all}
			g.Deal.StarterFires, g.ReshuffleAtOnce = true, true
		}},
		{"everything, everyone, one left, no reshuffle", func(g *genome.Genome) {
			g.Responses = genome.Responses{Who: cardrules.RespondEveryone, Cards: all}
			g.End.Until, g.Reshuffle = cardrules.UntilOneLeft, false
		}},
	}
	var counts [cardrules.NumAbilities]int
	var cancelled, lost, chains int
	for _, v := range vs {
		g := testkit.SeedGenome(t, "uno-style")
		g.Effects = append(g.Effects, effect("9", cardrules.ForceDiscard, cardrules.TargetNext, 1),
			effect("10", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 2), effect("3", cardrules.DrawCards, cardrules.TargetAllOpponents, 1))
		v.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", v.name, err)
		}
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				seed := rng.Derive(11, i)
				if err := consistent(g, seats, seed); err != nil {
					t.Fatalf("%s, %d seats, game %d: %v", v.name, seats, i, err)
				}
				r, evs := Play(g, seats, nil, seed)
				for _, e := range evs {
					switch e.Kind {
					case EvRespond:
						counts[e.N]++
					case EvChain:
						chains++
					case EvLoseTurn:
						lost++
					}
				}
				cancelled += r.Cancelled
			}
		}
	}
	for a := cardrules.Stack; a < cardrules.NumAbilities; a++ {
		if counts[a] == 0 {
			t.Errorf("no answer with %v", a)
		}
	}
	if cancelled == 0 || lost == 0 || chains == 0 {
		t.Errorf("%d effects cancelled, %d turns lost, %d chains; want some of each", cancelled, lost, chains)
	}
}
