package reference

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Scenarios of effects set off by events other than a play and of effects'
// conditions, worked out by hand from their rules (the spec of issue 19's
// triggers, now the vm package doc's): an event waits until the end of its
// phase (or of the starter's effects), the effects it matches then fire for
// the seat it happened to, with an end check after each event; what they
// do sets nothing off in turn; a condition is tested when the effect would
// fire, a target's hand per target.

// when returns e set off by trigger w.
func when(e genome.Effect, w cardrules.Trigger) genome.Effect {
	e.When = w
	return e
}

// onSuit returns e narrowed to the card of its rank of suit s.
func onSuit(e genome.Effect, s string) genome.Effect {
	x, err := cardrules.ParseSuit(s)
	if err != nil {
		panic(err)
	}
	e.Suit = cardrules.TriggerOn(x)
	return e
}

// provided returns e with condition c.
func provided(e genome.Effect, of cardrules.CondOf, cmp cardrules.Compare, value int) genome.Effect {
	e.If = genome.EffectCondition{Of: of, Cmp: cmp, Value: value}
	return e
}

// TestReferenceTriggerDrawn: a card drawn sets off the effects of its rank
// that wait for a draw, at the end of the phase (after the pass), for the
// seat that drew it; a card drawn by such an effect sets nothing off (the
// chain depth is one), and the effect hits its target without a response
// window even where the target could answer.
func TestReferenceTriggerDrawn(t *testing.T) {
	g := answerGenome(cardrules.RespondTarget, false, []genome.Response{stackTwo},
		when(effect("3", cardrules.DrawCards, cardrules.TargetNext, 1), cardrules.Drawn))
	m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "5D"}, {"6S"}}, stock: []string{"4D", "3D", "3S"}, disc: []string{"9H"}})
	m.turn()
	checkTrace(t, "drawn", m, "turn 1 seat 0", "draw 0 3S", "pass 0", "effect 0 draw_cards 1 when drawn", "draw 1 3D")
	if m.res.Effects[cardrules.DrawCards] != 1 || m.res.Draws != 2 || m.res.Interactions != 1 || m.res.Responses != 0 || m.cur != 1 {
		t.Errorf("drawn: effects %v, draws %d, interactions %d, responses %d, next seat %d; want 1 draw effect, 2, 1, 0, 1",
			m.res.Effects, m.res.Draws, m.res.Interactions, m.res.Responses, m.cur)
	}
	if len(m.queue) != 0 {
		t.Errorf("drawn: %d events wait after the turn, want none (the 3D drawn by the effect sets nothing off)", len(m.queue))
	}
	// The event's N: value | target<<8 | trigger<<16.
	if e := m.eventsOf(EvEffect)[0]; e.N != 1|int(cardrules.TargetNext)<<8|int(cardrules.Drawn)<<16 {
		t.Errorf("drawn: effect event N %#x", e.N)
	}

	// A card of another rank sets nothing off.
	m = lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "5D"}, {"6S"}}, stock: []string{"4D", "3D", "4S"}, disc: []string{"9H"}})
	m.turn()
	checkTrace(t, "another rank", m, "turn 1 seat 0", "draw 0 4S", "pass 0")
}

// TestReferenceTriggerStarter: the events that happen while the starter's
// effects fire resolve right after them, before the first seat is chosen:
// a skip set off by the starter's draw moves the first turn on.
func TestReferenceTriggerStarter(t *testing.T) {
	g := shedGenome(effect("2", cardrules.DrawCards, cardrules.TargetNext, 1),
		when(effect("3", cardrules.SkipNext, cardrules.NoTarget, 1), cardrules.Drawn))
	g.Deal.StarterFires = true
	l := layout{hands: [][]string{{"5C"}, {"6C"}, {"7C"}}, stock: []string{"4S", "3S"}, disc: []string{"2H"}}
	m := lab(t, g, 3, l)
	m.start()
	checkTrace(t, "starter", m, "effect 2 draw_cards 1", "draw 0 3S", "effect 0 skip_next 1 when drawn")
	if m.cur != 1 || m.skip != 0 {
		t.Errorf("starter: first seat %d, skip count %d; want 1 (the dealer's next seat skipped), 0", m.cur, m.skip)
	}
	l.stock = []string{"3S", "4S"}
	m = lab(t, g, 3, l)
	m.start()
	checkTrace(t, "starter, no event", m, "effect 2 draw_cards 1", "draw 0 4S")
	if m.cur != 0 {
		t.Errorf("starter, no event: first seat %d, want 0", m.cur)
	}
}

// TestReferenceTriggerAsk: an ask sets off the effects waiting for its
// rank, the cards handed over (ascending) those waiting for each card
// (here only the seven of hearts), the set they complete those waiting for
// a set of the rank: all at the end of the phase, in that order, for the
// seat that asked.
func TestReferenceTriggerAsk(t *testing.T) {
	g := testkit.SeedGenome(t, "go-fish")
	g.Effects = []genome.Effect{
		when(effect("7", cardrules.DrawCards, cardrules.TargetSelf, 1), cardrules.Asked),
		when(onSuit(effect("7", cardrules.DrawCards, cardrules.TargetNext, 1), "hearts"), cardrules.Taken),
		when(effect("7", cardrules.DrawCards, cardrules.TargetSelf, 2), cardrules.SetLaid),
	}
	m := lab(t, g, 2, layout{hands: [][]string{{"7C", "7D", "2S"}, {"7H", "7S", "9C"}}, stock: []string{"4D", "3D", "3S", "4S"}})
	steer(t, m, [2]int{2, 1})
	m.turn()
	checkTrace(t, "ask", m, "turn 1 seat 0", "decide 0 0/1", "decide 0 1/2",
		fmt.Sprint(Event{Kind: EvAsk, Seat: 0, Card: int(rankOf("7")), N: 1}),
		fmt.Sprint(Event{Kind: EvTake, Seat: 0, N: 2}),
		fmt.Sprint(Event{Kind: EvMeld, Seat: 0, Card: int(rankOf("7")), N: 4}),
		"effect 0 draw_cards 1 when asked", "draw 0 4S",
		"effect 0 draw_cards 1 when taken", "draw 1 3S",
		"effect 0 draw_cards 2 when set_laid", "draw 0 3D", "draw 0 4D")
	if m.cur != 0 {
		t.Errorf("ask: next seat %d, want 0 (it got what it asked for)", m.cur)
	}
}

// TestReferenceTriggerTake: a card taken blind sets off its effects for
// the taker, and a turn-order effect so set off acts on the turn's
// advance; a seat whose last card is taken goes out on it.
func TestReferenceTriggerTake(t *testing.T) {
	g := testkit.SeedGenome(t, "old-maid")
	g.Effects = []genome.Effect{
		when(effect("K", cardrules.ExtraTurn, cardrules.NoTarget, 0), cardrules.Taken),
		when(effect("5", cardrules.SkipNext, cardrules.NoTarget, 1), cardrules.WentOut),
	}
	m := lab(t, g, 3, layout{hands: [][]string{{"2C", "3D"}, {"KH", "4S"}, {"5C", "6D"}}})
	steer(t, m, [2]int{2, 0})
	m.turn()
	checkTrace(t, "taken", m, "turn 1 seat 0", "decide 0 0/2",
		fmt.Sprint(Event{Kind: EvTakeFrom, Seat: 0, Card: int(card("KH")), N: 1}),
		"effect 0 extra_turn 0 when taken")
	if m.cur != 0 {
		t.Errorf("taken: next seat %d, want 0 (an extra turn)", m.cur)
	}

	// Seat 1 goes out on the five taken from it (out of turn); its skip
	// resolves for it, and the move comes back to seat 0.
	m = lab(t, g, 3, layout{hands: [][]string{{"2C", "3D"}, {"5D"}, {"8C", "6D"}}})
	m.turn()
	checkTrace(t, "went out", m, "turn 1 seat 0", "decide 0 0/1",
		fmt.Sprint(Event{Kind: EvTakeFrom, Seat: 0, Card: int(card("5D")), N: 1}),
		"out 1 0",
		"effect 1 skip_next 1 when went_out")
	if m.cur != 0 || m.res.Interactions != 2 {
		t.Errorf("went out: next seat %d, interactions %d; want 0, 2 (the take and the skip)", m.cur, m.res.Interactions)
	}
}

// TestReferenceTriggerWentOut: a seat that plays its last card goes out on
// it; the effects waiting for that resolve after the phase's end check, for
// the seat that is out (its opponents are the seats still in, and it is
// not its own target), even when the last card fires nothing as a play.
// When the end check ends the game nothing resolves.
func TestReferenceTriggerWentOut(t *testing.T) {
	g := shedGenome(effect("5", cardrules.DrawCards, cardrules.TargetNext, 1),
		when(effect("5", cardrules.DrawCards, cardrules.TargetAllOpponents, 1), cardrules.WentOut),
		when(effect("5", cardrules.DrawCards, cardrules.TargetSelf, 1), cardrules.WentOut))
	g.LastCardInert = true
	g.End.Until = cardrules.UntilOneLeft
	l := layout{hands: [][]string{{"5H"}, {"6C"}, {"7C"}}, stock: []string{"2S", "3S", "4S"}, disc: []string{"9H"}}
	m := lab(t, g, 3, l)
	m.turn()
	checkTrace(t, "went out", m, "turn 1 seat 0", "decide 0 0/1", "play 0 5H",
		"out 0 0",
		"effect 0 draw_cards 1 when went_out", "draw 1 4S", "draw 2 3S", "effect 0 draw_cards 1 when went_out")
	if m.res.Effects[cardrules.DrawCards] != 2 || m.res.Fizzled != 1 || m.res.Interactions != 2 {
		t.Errorf("went out: effects %v, fizzled %d, interactions %d; want 2 draws, 1 (self, out), 2",
			m.res.Effects, m.res.Fizzled, m.res.Interactions)
	}

	g.End.Until = cardrules.UntilFirstOut
	m = lab(t, g, 3, l)
	m.turn()
	checkTrace(t, "game over", m, "turn 1 seat 0", "decide 0 0/1", "play 0 5H",
		"out 0 0")
	if len(m.queue) != 0 {
		t.Errorf("game over: %d events still wait", len(m.queue))
	}
}

// TestReferenceTriggerTrickWon: the winner of a trick sets off the effects
// of its winning card (of that suit, when the effect names one) after the
// trick. The discard pile is empty in a trick game, so a top_suit
// condition never holds.
func TestReferenceTriggerTrickWon(t *testing.T) {
	anyCard := genome.Expr{Op: genome.OpTrue}
	won := when(onSuit(effect("A", cardrules.DrawCards, cardrules.TargetSelf, 1), "hearts"), cardrules.TrickWon)
	g := trickGenome(anyCard, won)
	for _, tc := range []struct {
		name  string
		ace   string
		g     *genome.Genome
		fired bool
	}{
		{"ace of hearts", "AH", g, true},
		{"ace of spades", "AS", g, false},
		{"top_suit, no discard pile", "AH", trickGenome(anyCard, func() genome.Effect {
			e := won
			e.If = genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(2)}
			return e
		}()), false},
	} {
		m := lab(t, tc.g, 2, layout{hands: [][]string{{tc.ace, "KC"}, {"2H", "3D"}}, stock: []string{"3C", "4C"}})
		steer(t, m, [2]int{2, 1}, [2]int{2, 0})
		m.turn()
		want := []string{"turn 1 seat 0", "decide 0 1/2", "play 0 " + tc.ace, "decide 1 0/2", "play 1 3D",
			fmt.Sprint(Event{Kind: EvTake, Seat: 0, N: 2})}
		if tc.fired {
			want = append(want, "effect 0 draw_cards 1 when trick_won", "draw 0 4C")
		}
		checkTrace(t, tc.name, m, want...)
	}
}

// TestReferenceTriggerForcedDiscard: each card an effect forces a seat to
// discard sets off its effects for that seat once the phase is over
// (after the play's end check); a discard forced by such an effect sets
// nothing off.
func TestReferenceTriggerForcedDiscard(t *testing.T) {
	g := shedGenome(effect("2", cardrules.ForceDiscard, cardrules.TargetNext, 1),
		when(effect("9", cardrules.DrawCards, cardrules.TargetSelf, 1), cardrules.ForcedDiscard),
		when(effect("9", cardrules.ForceDiscard, cardrules.TargetSelf, 1), cardrules.ForcedDiscard))
	m := lab(t, g, 2, layout{hands: [][]string{{"2H", "5C"}, {"9C", "9D"}}, stock: []string{"4S", "6S"}, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 0}, [2]int{2, 0})
	m.turn()
	checkTrace(t, "forced discard", m, "turn 1 seat 0", "decide 0 0/1", "play 0 2H", "effect 0 force_discard 1",
		"decide 1 0/2", "discard 1 9C",
		"effect 1 draw_cards 1 when forced_discard", "draw 1 6S",
		"effect 1 force_discard 1 when forced_discard", "decide 1 0/2", "discard 1 9D")
	if got := m.eventsOf(EvEffect); len(got) != 3 || len(m.queue) != 0 {
		t.Errorf("forced discard: %d effects fired, %d events wait; want 3, none (the second nine sets nothing off)", len(got), len(m.queue))
	}
}

// TestReferenceTriggerBound: at most 32 events wait at once; the later
// events of the phase are dropped.
func TestReferenceTriggerBound(t *testing.T) {
	var effects []genome.Effect
	for r := range genome.Rank(cardrules.NumRanks) {
		effects = append(effects, when(genome.Effect{Rank: r, Type: cardrules.Reverse}, cardrules.Drawn))
	}
	g := shedGenome(effects...)
	g.Turn[0].DrawMax = cardrules.MaxDrawMax
	// Every card but the hearts is in the stock or seat 0's hand: seat 0
	// draws the 38 of them, stuck on the nine of hearts, then passes.
	var stock []string
	for _, c := range g.Deck.Cards() {
		if c.Suit() != 2 && c != card("9C") {
			stock = append(stock, c.String())
		}
	}
	m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2H"}, {"3H"}}, stock: stock, disc: []string{"9H"}})
	m.turn()
	if m.res.Draws != 38 || m.res.Effects[cardrules.Reverse] != 32 || len(m.eventsOf(EvEffect)) != 32 {
		t.Errorf("bound: %d draws, %d reverses; want 38, 32", m.res.Draws, m.res.Effects[cardrules.Reverse])
	}
	if m.dir != 1 || m.cur != 1 {
		t.Errorf("bound: direction %d, next seat %d; want 1, 1 (an even number of reverses)", m.dir, m.cur)
	}
}

// TestReferenceConditions: a condition is tested when its effect would
// fire, on the state the play left (the card is on the discard pile and out
// of the hand): when it fails the effect does nothing at all (no count, no
// event, no fizzle). A target_hand condition is tested on each target: one
// that fails is not hit, the effect still counts, and does not fizzle.
func TestReferenceConditions(t *testing.T) {
	draw := effect("2", cardrules.DrawCards, cardrules.TargetNext, 1)
	// After seat 0 plays 2H: it holds 2 cards, the stock 2, the discard
	// pile 2, 3 seats are in, the active suit is hearts, seat 1 holds 1.
	l := layout{hands: [][]string{{"2H", "5C", "6C"}, {"7C"}, {"8C", "9D"}}, stock: []string{"3S", "4S"}, disc: []string{"9H"}}
	topSuit := func(s genome.Suit) genome.Effect {
		e := draw
		e.If = genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(s)}
		return e
	}
	for _, tc := range []struct {
		name  string
		e     genome.Effect
		fires bool
	}{
		{"hand at_least 2", provided(draw, cardrules.CondHand, cardrules.AtLeast, 2), true},
		{"hand at_least 3", provided(draw, cardrules.CondHand, cardrules.AtLeast, 3), false},
		{"hand equal 2", provided(draw, cardrules.CondHand, cardrules.Equal, 2), true},
		{"hand at_most 1", provided(draw, cardrules.CondHand, cardrules.AtMost, 1), false},
		{"stock at_most 2", provided(draw, cardrules.CondStock, cardrules.AtMost, 2), true},
		{"stock at_least 3", provided(draw, cardrules.CondStock, cardrules.AtLeast, 3), false},
		{"pile equal 2", provided(draw, cardrules.CondPile, cardrules.Equal, 2), true},
		{"pile equal 1", provided(draw, cardrules.CondPile, cardrules.Equal, 1), false},
		{"seats equal 3", provided(draw, cardrules.CondSeats, cardrules.Equal, 3), true},
		{"seats at_most 2", provided(draw, cardrules.CondSeats, cardrules.AtMost, 2), false},
		{"top_suit hearts", topSuit(2), true},
		{"top_suit clubs", topSuit(0), false},
		{"target_hand at_most 1", provided(draw, cardrules.CondTarget, cardrules.AtMost, 1), true},
	} {
		g := shedGenome(tc.e)
		m := lab(t, g, 3, l)
		m.playPhase(0, &g.Turn[0])
		want := []string{"decide 0 0/1", "play 0 2H"}
		if tc.fires {
			want = append(want, "effect 0 draw_cards 1", "draw 1 4S")
		}
		checkTrace(t, tc.name, m, want...)
		if n := m.res.Effects[cardrules.DrawCards]; m.res.Fizzled != 0 || (n == 1) != tc.fires {
			t.Errorf("%s: %d effects, %d fizzled", tc.name, n, m.res.Fizzled)
		}
	}

	// Per target: seat 1 (one card) fails at_least 2 and keeps its card;
	// seat 2 discards one.
	g := shedGenome(provided(effect("2", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1), cardrules.CondTarget, cardrules.AtLeast, 2))
	m := lab(t, g, 3, l)
	steer(t, m, [2]int{2, 1})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "per target", m, "decide 0 0/1", "play 0 2H", "effect 0 force_discard 1", "decide 2 1/2", "discard 2 9D")
	if m.res.Fizzled != 0 || m.res.Interactions != 1 {
		t.Errorf("per target: fizzled %d, interactions %d; want 0, 1", m.res.Fizzled, m.res.Interactions)
	}

	// Every target fails: nothing moves, but the effect fired and did not
	// fizzle; with an empty stock and no condition it fizzles.
	for _, tc := range []struct {
		name    string
		e       genome.Effect
		stock   []string
		fizzled int
	}{
		{"all fail", provided(draw, cardrules.CondTarget, cardrules.AtLeast, 5), l.stock, 0},
		{"no condition, empty stock", draw, nil, 1},
	} {
		g := shedGenome(tc.e)
		g.Reshuffle = false
		lt := l
		lt.stock = tc.stock
		m := lab(t, g, 3, lt)
		m.playPhase(0, &g.Turn[0])
		checkTrace(t, tc.name, m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 1")
		if m.res.Effects[cardrules.DrawCards] != 1 || m.res.Fizzled != tc.fizzled {
			t.Errorf("%s: %d effects, %d fizzled; want 1, %d", tc.name, m.res.Effects[cardrules.DrawCards], m.res.Fizzled, tc.fizzled)
		}
	}

	// A target that fails is tested before its window: it is not asked
	// to answer, though it holds an answer.
	g = answerGenome(cardrules.RespondTarget, false, []genome.Response{stackTwo}, provided(draw, cardrules.CondTarget, cardrules.AtLeast, 3))
	m = lab(t, g, 3, layout{hands: [][]string{{"2H", "5C"}, {"2C", "7C"}, {"8C"}}, stock: l.stock, disc: l.disc})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "before the window", m, "decide 0 0/1", "play 0 2H", "effect 0 draw_cards 1")
}

// TestReferenceConditionAtResolution: a triggered effect's condition is
// tested when its event resolves, not when it happened: the stock a seat
// drew from is emptied by its next draw before the phase ends.
func TestReferenceConditionAtResolution(t *testing.T) {
	g := shedGenome(provided(when(effect("3", cardrules.Reverse, cardrules.NoTarget, 0), cardrules.Drawn), cardrules.CondStock, cardrules.AtLeast, 1))
	g.Turn[0].DrawMax = 2
	for _, tc := range []struct {
		name  string
		stock []string
		want  []string
		next  int
	}{
		{"stock empty by then", []string{"4D", "3S"}, []string{"turn 1 seat 0", "draw 0 3S", "draw 0 4D", "pass 0"}, 1},
		{"a card left", []string{"5D", "4D", "3S"}, []string{"turn 1 seat 0", "draw 0 3S", "draw 0 4D", "pass 0", "effect 0 reverse 0 when drawn"}, 2},
	} {
		m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"5C"}, {"6C"}}, stock: tc.stock, disc: []string{"9H"}})
		m.turn()
		checkTrace(t, tc.name, m, tc.want...)
		if m.cur != tc.next {
			t.Errorf("%s: next seat %d, want %d", tc.name, m.cur, tc.next)
		}
	}
}

// TestReferenceTriggersFire: over generated games, the effects of every
// trigger fire (so the generator and the reference reach each), an event's
// trigger is one the game's effects wait for, and only played effects open
// response windows.
func TestReferenceTriggersFire(t *testing.T) {
	var fired [cardrules.NumTriggers]int
	for i := range 800 {
		g := genometest.Genome().Example(i)
		g.TurnCap = min(g.TurnCap, 200)
		_, evs := Play(g, g.Seats.Default, nil, rng.Derive(11, uint64(i)))
		for _, e := range evs {
			if e.Kind != EvEffect {
				continue
			}
			w := cardrules.Trigger(e.N >> 16 & 0xf)
			if w >= cardrules.NumTriggers || !slices.ContainsFunc(g.Effects, func(x genome.Effect) bool {
				return x.When == w && x.Type == genome.EffectType(e.Card)
			}) {
				t.Fatalf("example %d: %v fired with trigger %d, which no effect of its type has", i, e, w)
			}
			fired[w]++
		}
	}
	for w, n := range fired {
		if n == 0 {
			t.Errorf("no effect fired when %s", cardrules.Trigger(w))
		}
	}
}
