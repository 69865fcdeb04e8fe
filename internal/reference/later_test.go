package reference

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Scenarios of delayed effects, continuous rules and chosen targets,
// worked out by hand from their rules (the spec of issue 19's last
// increment): when a delayed effect takes its targets and when it resolves
// (turn_end, target_turn, the queue bound, seats gone out, fizzles, no
// windows, no events), the player's choice of a target, and the seats and
// values a rule holds, when they are recomputed and how they combine with
// active effects.

// later returns e resolving at at.
func later(e genome.Effect, at cardrules.Resolve) genome.Effect {
	e.At = at
	return e
}

// TestReferenceDelayedTurnEnd: a draw at turn_end is counted and traced
// when its card is played (N carries at<<20) and hits its target at the
// end of the turn, after the last phase: an EvResolve, then the draws, no
// response window (seat 1 holds a card that would answer it) and no event
// queued (a four drawn would set off a reverse).
func TestReferenceDelayedTurnEnd(t *testing.T) {
	g := freeGenome(later(effect("5", cardrules.DrawCards, cardrules.TargetNext, 2), cardrules.ResolveTurnEnd),
		genome.Effect{Rank: rankOf("4"), Type: cardrules.Reverse, When: cardrules.Drawn})
	g.Responses = genome.Responses{Cards: []genome.Response{stackTwo}}
	m := lab(t, g, 3, layout{hands: [][]string{{"5H", "9C"}, {"2C", "3H"}, {"4C", "6D"}}, stock: []string{"2S", "4S", "3S"}, disc: []string{"9D"}})
	steer(t, m, [2]int{2, 1})
	m.turn()
	checkTrace(t, "turn_end", m,
		"turn 1 seat 0", "decide 0 1/2", "play 0 5H", "effect 0 draw_cards 2 at turn_end",
		"wait 0 draw_cards seats 10 v 2", "resolve 0 draw_cards seats 10 v 2", "draw 1 3S", "draw 1 4S")
	if e := m.eventsOf(EvEffect)[0]; e.N != 2|int(cardrules.TargetNext)<<8|int(cardrules.ResolveTurnEnd)<<20 {
		t.Errorf("turn_end: effect N %#x", e.N)
	}
	if len(m.delays) != 0 || len(m.queue) != 0 || m.dir != 1 || m.cur != 1 {
		t.Errorf("turn_end: %d waiting, %d events queued, direction %d, next seat %d; want 0, 0, 1, 1", len(m.delays), len(m.queue), m.dir, m.cur)
	}
	if m.res.Interactions != 1 || m.res.Draws != 2 || m.res.Fizzled != 0 || m.res.Effects[cardrules.DrawCards] != 1 {
		t.Errorf("turn_end: result %+v", m.res)
	}

	// A source that goes out with the card resolves all the same, on its
	// seats in turn order from the seat after it.
	g = freeGenome(later(effect("5", cardrules.DrawCards, cardrules.TargetAllOpponents, 1), cardrules.ResolveTurnEnd))
	g.End.Until = cardrules.UntilOneLeft
	m = lab(t, g, 3, layout{hands: [][]string{{"5H"}, {"2C", "3H"}, {"4C", "6D"}}, stock: []string{"2S", "4S", "3S"}, disc: []string{"9D"}, dir: -1})
	m.turn()
	checkTrace(t, "source out", m,
		"turn 1 seat 0", "decide 0 0/1", "play 0 5H", "effect 0 draw_cards 1 at turn_end",
		"wait 0 draw_cards seats 110 v 1", "out 0 0",
		"resolve 0 draw_cards seats 110 v 1", "draw 2 3S", "draw 1 4S")
}

// TestReferenceDelayedTargetTurn: a forced discard at target_turn takes
// its targets when it fires and hits each at the start of its own next
// turn, after the turn's EvTurn and before its first phase, then drops it;
// a target it puts out plays no phase.
func TestReferenceDelayedTargetTurn(t *testing.T) {
	g := freeGenome(later(effect("5", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1), cardrules.ResolveTargetTurn))
	g.End.Until = cardrules.UntilOneLeft
	m := lab(t, g, 3, layout{hands: [][]string{{"5H", "9C"}, {"2C", "3H"}, {"4C"}}, stock: []string{"2S", "3S"}, disc: []string{"9D"}})
	steer(t, m, [2]int{2, 1}, [2]int{2, 0})
	m.turn()
	if len(m.delays) != 1 || m.delays[0].seats != 0b110 || m.delays[0].src != 0 {
		t.Fatalf("target_turn: waiting %+v, want one entry of seat 0 over seats 1 and 2", m.delays)
	}
	m.turn()
	m.turn()
	checkTrace(t, "target_turn", m,
		"turn 1 seat 0", "decide 0 1/2", "play 0 5H", "effect 0 force_discard 1 at target_turn",
		"wait 0 force_discard seats 110 v 1", "turn 2 seat 1", "resolve 0 force_discard seats 10 v 1", "decide 1 0/2", "discard 1 2C", "decide 1 0/1", "play 1 3H", "out 1 0",
		"turn 3 seat 2", "resolve 0 force_discard seats 100 v 1", "decide 2 0/1", "discard 2 4C", "out 2 0")
	if len(m.delays) != 0 || !m.over || m.res.Interactions != 2 || m.res.Fizzled != 0 {
		t.Errorf("target_turn: %d waiting, over %v, %d interactions, %d fizzled; want 0, true, 2, 0", len(m.delays), m.over, m.res.Interactions, m.res.Fizzled)
	}
}

// TestReferenceDelayedResolution: at a turn's start every target_turn
// entry first drops the seats that are out (an entry left empty goes, with
// no event and no fizzle); an entry whose target fails its target_hand
// condition then is not hit and does not fizzle; one that moves no card
// fizzles, once per resolution.
func TestReferenceDelayedResolution(t *testing.T) {
	discard := later(effect("5", cardrules.ForceDiscard, cardrules.TargetNext, 1), cardrules.ResolveTargetTurn)
	draw := later(effect("6", cardrules.DrawCards, cardrules.TargetAllOpponents, 2), cardrules.ResolveTargetTurn)
	big := discard
	big.If = genome.EffectCondition{Of: cardrules.CondTarget, Cmp: cardrules.AtLeast, Value: 3}
	g := freeGenome(discard, draw, big)
	g.Reshuffle, g.End.Until = false, cardrules.UntilOneLeft
	m := lab(t, g, 4, layout{hands: [][]string{{"9C"}, {"2C", "3H"}, {"4C"}, nil}, disc: []string{"9D"}, seatsOutLose: []int{3}})
	// Queued while seat 3 was in.
	m.delays = []delayed{{e: discard, src: 0, seats: 0b1000, at: cardrules.ResolveTargetTurn},
		{e: draw, src: 0, seats: 0b0110, at: cardrules.ResolveTargetTurn},
		{e: big, src: 3, seats: 0b0010, at: cardrules.ResolveTargetTurn}}
	m.resolveTargetTurn(1)
	checkTrace(t, "resolution", m, "resolve 0 draw_cards seats 10 v 2", "resolve 3 force_discard seats 10 v 1")
	if len(m.delays) != 1 || m.delays[0].seats != 0b0100 || m.res.Fizzled != 1 || len(m.hands[1]) != 2 {
		t.Errorf("resolution: waiting %+v, %d fizzled, seat 1 holds %d; want the draw over seat 2, 1, 2", m.delays, m.res.Fizzled, len(m.hands[1]))
	}
	// A seat no entry holds resolves nothing.
	m.events = nil
	m.resolveTargetTurn(0)
	if len(m.events) != 0 || len(m.delays) != 1 {
		t.Errorf("seat 0's turn: events %v, %d waiting", traceOf(m), len(m.delays))
	}
}

// TestReferenceDelayedBound: an effect whose targets are none fizzles when
// it fires; while cardrules.MaxDelayed entries wait, one more is not
// queued and does not fizzle (its targets are taken all the same: a
// random opponent's number is drawn), and one with no target still
// fizzles.
func TestReferenceDelayedBound(t *testing.T) {
	g := freeGenome(later(effect("5", cardrules.DrawCards, cardrules.TargetRandomOpponent, 1), cardrules.ResolveTurnEnd),
		later(effect("6", cardrules.ForceDiscard, cardrules.TargetSelf, 1), cardrules.ResolveTurnEnd))
	m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C"}, {"4C"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	for range cardrules.MaxDelayed + 1 {
		m.fire(0, card("5H"), cardrules.Played, false)
	}
	if len(m.delays) != cardrules.MaxDelayed || m.res.Fizzled != 0 || m.res.Effects[cardrules.DrawCards] != cardrules.MaxDelayed+1 {
		t.Errorf("bound: %d waiting, %d fizzled, %d fired; want %d, 0, %d", len(m.delays), m.res.Fizzled, m.res.Effects[cardrules.DrawCards], cardrules.MaxDelayed, cardrules.MaxDelayed+1)
	}
	// The seventeenth drew its random opponent: steer the source so that
	// the draw shows.
	steer(t, m, [2]int{2, 1}, [2]int{7, 3})
	m.fire(0, card("5H"), cardrules.Played, false)
	if got := m.src.IntN(7); got != 3 {
		t.Errorf("bound: the effect past the bound drew no random opponent (next draw %d)", got)
	}
	// Self, out: no seat, a fizzle.
	m.gone = append(m.gone, m.hands[1]...)
	m.hands[1] = nil
	m.goOut(1, cardrules.ResultLose)
	m.fire(1, card("6H"), cardrules.Played, false)
	if m.res.Fizzled != 1 || len(m.delays) != cardrules.MaxDelayed {
		t.Errorf("no target: %d fizzled, %d waiting; want 1, %d", m.res.Fizzled, len(m.delays), cardrules.MaxDelayed)
	}
}

// TestReferenceChosenTarget: a chosen_opponent target is the player's
// decision among the opponents in turn order from the next seat, for an
// immediate, a lasting and a delayed effect alike; forced with one; none
// and no decision with none; a player that is out draws it as a random
// opponent is drawn, with no decision.
func TestReferenceChosenTarget(t *testing.T) {
	g := freeGenome(effect("5", cardrules.DrawCards, cardrules.TargetChosen, 1),
		lasts(effect("7", cardrules.LockSuit, cardrules.TargetChosen, 0), forDeal),
		later(effect("8", cardrules.ForceDiscard, cardrules.TargetChosen, 1), cardrules.ResolveTargetTurn))
	l := layout{hands: [][]string{{"9C"}, {"2C"}, {"4C"}, {"6D"}}, stock: []string{"2S", "3S"}, disc: []string{"9D"}, dir: -1}
	m := lab(t, g, 4, l)
	// Against the direction: seats 3, 2, 1.
	steer(t, m, [2]int{3, 1}, [2]int{3, 2}, [2]int{3, 0})
	m.fire(0, card("5H"), cardrules.Played, false)
	m.fire(0, card("7H"), cardrules.Played, false)
	m.fire(0, card("8H"), cardrules.Played, false)
	checkTrace(t, "chosen", m, "effect 0 draw_cards 1", "decide 0 1/3", "draw 2 3S",
		"effect 0 lock_suit 0", "decide 0 2/3",
		"effect 0 force_discard 1 at target_turn", "decide 0 0/3", "wait 0 force_discard seats 1000 v 1")
	if seats := seatsOf(m); len(seats) != 1 || seats[0] != 0b0010 || len(m.delays) != 1 || m.delays[0].seats != 0b1000 {
		t.Errorf("chosen: lock over %v, delayed %+v; want seat 1, seat 3", seats, m.delays)
	}
	if m.res.Decisions != 3 || m.res.Informed != 3 || m.res.Options != 9 {
		t.Errorf("chosen: %d decisions, %d informed, %d options; want 3, 3, 9", m.res.Decisions, m.res.Informed, m.res.Options)
	}

	// One opponent: a forced decision.
	m = lab(t, g, 4, layout{hands: [][]string{{"9C"}, nil, nil, {"6D"}}, stock: l.stock, disc: l.disc, seatsOutLose: []int{1, 2}})
	m.fire(0, card("5H"), cardrules.Played, false)
	checkTrace(t, "one opponent", m, "effect 0 draw_cards 1", "decide 0 0/1", "draw 3 3S")
	if m.res.Forced != 1 {
		t.Errorf("one opponent: %d forced, want 1", m.res.Forced)
	}

	// The player is out: one random draw among the opponents in turn
	// order from the next seat (seats 1, 2, 3), no decision.
	m = lab(t, g, 4, layout{hands: [][]string{nil, {"2C"}, {"4C"}, {"6D"}}, stock: l.stock, disc: l.disc, seatsOutLose: []int{0}})
	steer(t, m, [2]int{3, 2})
	if got := m.targets(0, cardrules.TargetChosen); len(got) != 1 || got[0] != 3 || m.res.Decisions != 0 {
		t.Errorf("player out: targets %v after %d decisions, want [3] after 0", got, m.res.Decisions)
	}

	// No opponent: no target and no decision.
	m = lab(t, g, 2, layout{hands: [][]string{{"9C"}, nil}, stock: l.stock, disc: l.disc, seatsOutLose: []int{1}})
	if got := m.targets(0, cardrules.TargetChosen); got != nil || m.res.Decisions != 0 {
		t.Errorf("no opponent: targets %v after %d decisions", got, m.res.Decisions)
	}
}

// TestReferenceRuleGroups: a rule holds for the seats in that pass its
// condition (a hand condition per seat, a table condition for all or
// none) and its holder (the most or fewest cards, ties all), in groups of
// equal value (value + count/per, at most 13) in order of their lowest
// seat; the groups are traced as EvRule events, rule index in Seat.
func TestReferenceRuleGroups(t *testing.T) {
	g := freeGenome()
	g.Rules = []genome.Rule{
		{Type: cardrules.DrawLimit, If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.AtLeast, Value: 2}, Value: 1, Scale: genome.Scale{By: cardrules.CondHand, Per: 2}},
		{Type: cardrules.MissTurns, Who: cardrules.WhoFewestCards},
		{Type: cardrules.LockRank, Rank: rankOf("9"), If: genome.EffectCondition{Of: cardrules.CondStock, Cmp: cardrules.AtLeast, Value: 5}},
		{Type: cardrules.Bonus, Who: cardrules.WhoMostCards, Value: 12, Scale: genome.Scale{By: cardrules.CondPile, Per: 1}},
	}
	g.Meld, g.Score.Meld = 2, 1
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	m := lab(t, g, 4, layout{hands: [][]string{{"9C"}, {"2C", "3C", "4C", "5C"}, {"2D", "3D", "4D", "5D", "6D"}, {"2H", "3H"}},
		stock: []string{"2S", "3S"}, disc: []string{"9D", "10D"}})
	m.rerule()
	m.showRules()
	checkTrace(t, "groups", m,
		"rule 0 draw_limit seats 110 p 0 v 3", "rule 0 draw_limit seats 1000 p 0 v 2",
		"rule 1 miss_turns seats 1 p 0 v 0",
		"rule 3 bonus seats 100 p 0 v 13")
	for t0, want := range []int{0, 3, 3, 2} {
		if lim, ok := m.drawLimit(t0); lim != want || ok != (want > 0) {
			t.Errorf("seat %d: draw limit %d (%v), want %d", t0, lim, ok, want)
		}
	}
	if !m.misses(0) || m.misses(3) || m.bonus(2) != 13 || m.bonus(1) != 0 {
		t.Errorf("groups: seat 0 misses %v, seat 3 %v, bonus %d and %d; want true, false, 13, 0", m.misses(0), m.misses(3), m.bonus(2), m.bonus(1))
	}
	if !m.allowed(0, card("2C")) {
		t.Error("the lock holds with 2 cards in the stock")
	}
	// Five in the stock: the lock holds for every seat in.
	m.stock = append(m.stock, m.gone[:3]...)
	m.gone = m.gone[3:]
	m.rerule()
	if m.allowed(0, card("2C")) || !m.allowed(3, card("9S")) {
		t.Error("with 5 in the stock the lock to nines does not hold")
	}
}

// TestReferenceRuleTiming: the rules are recomputed at the end of the turn
// (after its effects), not while it goes on: seat 1, with the fewest cards
// before the turn, draws all an effect gives it though it holds the most
// cards after the first draw; at the turn's end the draw limit passes to
// it. A turn starts with the rules' groups, then the active effects.
func TestReferenceRuleTiming(t *testing.T) {
	g := freeGenome(effect("K", cardrules.DrawCards, cardrules.TargetNext, 2), effect("K", cardrules.DrawCards, cardrules.TargetNext, 2),
		lasts(effect("Q", cardrules.BanRank, cardrules.TargetAllOpponents, 0), forDeal))
	g.Rules = []genome.Rule{{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1}}
	m := lab(t, g, 3, layout{hands: [][]string{{"KH", "9C"}, {"2C"}, {"4C", "5C", "6C"}}, stock: []string{"2S", "3S", "4S", "5S", "6S"}, disc: []string{"9D"}})
	m.rerule()
	m.fire(0, card("QC"), cardrules.Played, false)
	m.events = nil
	steer(t, m, [2]int{2, 1})
	m.turn()
	checkTrace(t, "timing", m,
		"turn 1 seat 0", "rule 0 draw_limit seats 100 p 0 v 1", "active 0 ban_rank left 255 seats 110 p 10 v 0",
		"decide 0 1/2", "play 0 KH", "effect 0 draw_cards 2", "draw 1 6S", "draw 1 5S", "effect 0 draw_cards 2", "draw 1 4S", "draw 1 3S")
	if len(m.rules) != 1 || m.rules[0].seats != 0b010 || m.rules[0].value != 1 {
		t.Errorf("timing: groups %+v after the turn, want seat 1's", m.rules)
	}
}

// TestReferenceRuleMissTurns: the move reads the values recomputed at the
// turn's end: seat 1, down to the fewest cards (tied with seat 0) by a
// forced discard in seat 0's turn, loses its turn at once.
func TestReferenceRuleMissTurns(t *testing.T) {
	g := freeGenome(effect("5", cardrules.ForceDiscard, cardrules.TargetNext, 2))
	g.Rules = []genome.Rule{{Type: cardrules.MissTurns, Who: cardrules.WhoFewestCards}}
	m := lab(t, g, 3, layout{hands: [][]string{{"5H", "9C"}, {"2C", "3H", "4H"}, {"4C", "6D", "7D"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	m.rerule()
	steer(t, m, [2]int{2, 1}, [2]int{3, 0}, [2]int{2, 0})
	m.turn()
	checkTrace(t, "miss", m,
		"turn 1 seat 0", "rule 0 miss_turns seats 1 p 0 v 0", "decide 0 1/2", "play 0 5H", "effect 0 force_discard 2",
		"decide 1 0/3", "discard 1 2C", "decide 1 0/2", "discard 1 3H", "lose-turn 1")
	if m.cur != 2 || m.res.Interactions != 2 || len(m.rules) != 1 || m.rules[0].seats != 0b011 {
		t.Errorf("miss: next seat %d, %d interactions, groups %+v; want 2, 2, seats 0 and 1", m.cur, m.res.Interactions, m.rules)
	}
}

// TestReferenceRuleCombine: a rule's group comes before the active effects
// in the combine order (so with stacking none the rule's value holds and
// the effect's, which starts all the same, is ignored); a suppress rule
// switches off for its seats the effects of its type (they do not fire),
// the active effects and the other rules; its EvRule parameter is the
// type it switches off.
func TestReferenceRuleCombine(t *testing.T) {
	g := freeGenome(limited("2", 0, cardrules.StackNone, 1),
		lasts(effect("7", cardrules.LockSuit, cardrules.TargetAllOpponents, 0), forDeal))
	g.Rules = []genome.Rule{
		{Type: cardrules.DrawLimit, Value: 3, Stack: cardrules.StackNone},
		{Type: cardrules.Suppress, If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.AtLeast, Value: 3}, Suppresses: cardrules.SuppressedOf(cardrules.DrawLimit)},
		{Type: cardrules.Suppress, If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.AtLeast, Value: 3}, Suppresses: cardrules.SuppressedOf(cardrules.LockSuit)},
	}
	m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "3H", "4H"}, {"4C"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	m.rerule()
	m.fire(0, card("2H"), cardrules.Played, false)
	m.fire(1, card("2S"), cardrules.Played, false)
	m.fire(0, card("7H"), cardrules.Played, false)
	if len(m.lasting) != 2 || m.res.Effects[cardrules.DrawLimit] != 1 {
		t.Fatalf("combine: %d active, %d draw_limit fired; want 2, 1 (seat 1's is switched off)", len(m.lasting), m.res.Effects[cardrules.DrawLimit])
	}
	if lim, _ := m.drawLimit(0); lim != 3 {
		t.Errorf("combine: seat 0's draw limit %d, want the rule's 3", lim)
	}
	if _, ok := m.drawLimit(1); ok || !m.allowed(1, card("2C")) || m.allowed(2, card("4C")) {
		t.Errorf("suppressed: seat 1 has a draw limit %v, may play 2C %v, seat 2 4C %v; want false, true, false", ok, m.allowed(1, card("2C")), m.allowed(2, card("4C")))
	}
	m.events = nil
	m.showRules()
	checkTrace(t, "suppress", m, "rule 0 draw_limit seats 111 p 0 v 3",
		fmt.Sprintf("rule 1 suppress seats 10 p %d v 0", int(cardrules.DrawLimit)), fmt.Sprintf("rule 2 suppress seats 10 p %d v 0", int(cardrules.LockSuit)))
}

// TestReferenceLaterGames: over generated games (each consistent), delayed
// effects of both types resolve at both points, rules of every lasting
// type hold, and players choose targets.
func TestReferenceLaterGames(t *testing.T) {
	var rules [cardrules.NumEffectTypes]int
	var at [cardrules.NumResolves]int
	resolved, chosen := 0, 0
	for i := range 400 {
		g := genometest.Genome().Example(i)
		g.TurnCap = min(g.TurnCap, 200)
		if err := consistent(g, g.Seats.Default, rng.Derive(17, uint64(i))); err != nil {
			t.Fatalf("example %d: %v", i, err)
		}
		_, evs := Play(g, g.Seats.Default, nil, rng.Derive(17, uint64(i)))
		for _, e := range evs {
			switch e.Kind {
			case EvEffect:
				at[e.N>>20]++
				if cardrules.Target(e.N>>8&0xff) == cardrules.TargetChosen {
					chosen++
				}
			case EvResolve:
				resolved++
				if e.N&0xff == 0 || e.N>>8 < 1 || e.N>>8 > cardrules.MaxEffectValue {
					t.Fatalf("example %d: %v", i, e)
				}
			case EvRule:
				rules[e.Card]++
				if e.N&0xff != noTurnsLeft || e.N>>8&0xff == 0 || e.Seat >= len(g.Rules) {
					t.Fatalf("example %d: %v", i, e)
				}
			}
		}
	}
	for typ := cardrules.LockSuit; typ < cardrules.NumEffectTypes; typ++ {
		if rules[typ] == 0 {
			t.Errorf("no rule of %s held at a turn's start", typ)
		}
	}
	if at[cardrules.ResolveTurnEnd] == 0 || at[cardrules.ResolveTargetTurn] == 0 || resolved == 0 || chosen == 0 {
		t.Errorf("%v effects by resolution point, %d resolved, %d of a chosen target", at, resolved, chosen)
	}
}
