package reference

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Scenarios of lasting effects, worked out by hand from their rules (the
// spec of issue 19's lasting effects): what starts (seats from the target
// and scope, target_hand per seat, stacking none, the bound on active
// effects), when each duration ends (turns, source turn, trick, deal, a
// source going out), the values a seat sees (forbidden cards, draw limit,
// bonus, missed turns) and suppression, with the events that trace them.

// lasts returns e lasting as l says.
func lasts(e genome.Effect, l genome.Lasting) genome.Effect {
	e.Lasts = l
	return e
}

// forTurns lasts the rest of the turn and n turns more.
func forTurns(n int) genome.Lasting { return genome.Lasting{For: cardrules.ForTurns, Turns: n} }

// forDeal lasts to the end of the game.
var forDeal = genome.Lasting{For: cardrules.UntilDealEnd}

// freeGenome is shedGenome with every card playable on any other.
func freeGenome(effects ...genome.Effect) *genome.Genome {
	g := shedGenome(effects...)
	anyCard := genome.Expr{Op: genome.OpTrue}
	g.Turn[0].Legal = &anyCard
	return g
}

// seatsOf returns the seat sets of m's active effects, in start order.
func seatsOf(m *game) []uint8 {
	var out []uint8
	for _, a := range m.lasting {
		out = append(out, a.seats)
	}
	return out
}

// TestReferenceLockSuit: a lock_suit of the next seat for one turn more
// holds for the rest of the turn it starts in and the next seat's turn:
// that seat may play only the suit of the card that set it off, the turn
// starts with the active effect shown (1 turn left, this one), and it ends
// at the end of that turn.
func TestReferenceLockSuit(t *testing.T) {
	g := freeGenome(lasts(effect("5", cardrules.LockSuit, cardrules.TargetNext, 0), forTurns(1)))
	m := lab(t, g, 3, layout{hands: [][]string{{"5H", "9C"}, {"2C", "3H"}, {"4C", "6D"}}, stock: []string{"2S", "3S"}, disc: []string{"9D"}})
	steer(t, m, [2]int{2, 1}, [2]int{2, 0})
	for range 3 {
		m.turn()
	}
	checkTrace(t, "lock_suit", m,
		"turn 1 seat 0", "decide 0 1/2", "play 0 5H", "effect 0 lock_suit 0",
		"turn 2 seat 1", "active 0 lock_suit left 1 seats 10 p 2 v 0", "decide 1 0/1", "play 1 3H",
		"ends 0 lock_suit seats 10 p 2 v 0",
		"turn 3 seat 2", "decide 2 0/2", "play 2 4C")
	if len(m.lasting) != 0 || m.res.Effects[cardrules.LockSuit] != 1 {
		t.Errorf("lock_suit: %d active after it ended, %d fired; want 0, 1", len(m.lasting), m.res.Effects[cardrules.LockSuit])
	}
	// EvActive: turns left | seats<<8 | suit<<16 | value<<24.
	if e := m.eventsOf(EvActive)[0]; e.N != 1|0b010<<8|2<<16 || e.Seat != 0 || e.Card != int(cardrules.LockSuit) {
		t.Errorf("lock_suit: active event %v", e)
	}
}

// TestReferenceLocksAndBans: each lock and ban forbids its cards to the
// seats it holds over (and only to them), taken out of the hand before
// the predicates and the preference; a seat left no allowed card draws
// when stuck (up to draw_max) while none of its cards is allowed, then
// plays the one drawn; a lead card a seat must play is still played.
func TestReferenceLocksAndBans(t *testing.T) {
	for _, tc := range []struct {
		typ  genome.EffectType
		want []string // seat 1's allowed cards of 2C 5C 7D 6H
	}{
		{cardrules.LockSuit, []string{"6H"}},
		{cardrules.LockRank, []string{"5C"}},
		{cardrules.BanSuit, []string{"2C", "5C", "7D"}},
		{cardrules.BanRank, []string{"2C", "7D", "6H"}},
	} {
		g := freeGenome(lasts(effect("5", tc.typ, cardrules.TargetNext, 0), forDeal))
		m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "5C", "7D", "6H"}, {"4C"}}, stock: []string{"2S"}, disc: []string{"9D"}})
		// Seat 0's five of hearts sets it off (a suit lock or ban reads
		// its suit).
		m.fire(0, card("5H"), cardrules.Played, false)
		var got []string
		for _, c := range m.unforbidden(1, m.hands[1]) {
			got = append(got, c.String())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: seat 1 may play %v, want %v", tc.typ, got, tc.want)
		}
		if n := len(m.unforbidden(2, m.hands[2])); n != 1 {
			t.Errorf("%s: seat 2 (not held over) may play %d cards, want 1", tc.typ, n)
		}
	}

	// Locked to hearts with none in hand, seat 1 draws while stuck: the
	// spade is not allowed, the heart is and is played.
	g := freeGenome(lasts(effect("5", cardrules.LockSuit, cardrules.TargetNext, 0), forDeal))
	g.Turn[0].DrawMax = 3
	m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "7D"}, {"4C"}}, stock: []string{"6H", "3S"}, disc: []string{"9D"}})
	m.fire(0, card("5H"), cardrules.Played, false)
	m.events = nil
	m.playPhase(1, &g.Turn[0])
	checkTrace(t, "stuck", m, "draw 1 3S", "draw 1 6H", "decide 1 0/1", "play 1 6H")

	// The lead card a seat must play is played, forbidden or not.
	lead := card("2C")
	g.LeadCard = &lead
	m = lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "7H"}, {"4C"}}, disc: []string{"9D"}})
	m.leadHolder = 1
	m.fire(0, card("5H"), cardrules.Played, false)
	m.events = nil
	m.playPhase(1, &g.Turn[0])
	checkTrace(t, "lead card", m, "decide 1 0/1", "play 1 2C")

	// Banned from hearts, a seat holding only hearts of the led suit may
	// play any other card: the preference to follow suit narrows among
	// the cards it may play.
	anyCard := genome.Expr{Op: genome.OpTrue}
	follow := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
	g = trickGenome(anyCard, lasts(effect("5", cardrules.BanSuit, cardrules.TargetNext, 0), forDeal))
	g.Turn[0].Prefer = &follow
	m = lab(t, g, 3, layout{hands: [][]string{{"AH"}, {"2H", "3C", "4D"}, {"6H", "7S"}}})
	m.fire(0, card("5H"), cardrules.Played, false)
	steer(t, m, [2]int{2, 0})
	m.events = nil
	m.trickPhase(0, &g.Turn[0])
	checkTrace(t, "prefer", m, "decide 0 0/1", "play 0 AH", "decide 1 0/2", "play 1 3C", "decide 2 0/1", "play 2 6H",
		"take seat 0 card 0 n 3")
}

// TestReferenceMissTurns: a seat that misses its turns loses each turn the
// move passes to it (an interaction on the turn's advance; not a turn);
// when every active seat misses, none loses its turn.
func TestReferenceMissTurns(t *testing.T) {
	g := freeGenome(lasts(effect("5", cardrules.MissTurns, cardrules.TargetNext, 0), forTurns(1)))
	l := layout{hands: [][]string{{"5H", "9C", "8S"}, {"2C", "3H"}, {"4C", "6D"}}, stock: []string{"2S", "3S"}, disc: []string{"9D"}}
	m := lab(t, g, 3, l)
	steer(t, m, [2]int{3, 1}, [2]int{2, 0}, [2]int{2, 0})
	for range 3 {
		m.turn()
	}
	checkTrace(t, "miss", m,
		"turn 1 seat 0", "decide 0 1/3", "play 0 5H", "effect 0 miss_turns 0", "lose-turn 1",
		"turn 2 seat 2", "active 0 miss_turns left 1 seats 10 p 0 v 0", "decide 2 0/2", "play 2 4C",
		"ends 0 miss_turns seats 10 p 0 v 0",
		"turn 3 seat 0", "decide 0 0/2", "play 0 9C")
	if m.res.Turns != 3 || m.res.Interactions != 1 || m.cur != 1 {
		t.Errorf("miss: %d turns, %d interactions, next seat %d; want 3, 1, 1", m.res.Turns, m.res.Interactions, m.cur)
	}

	// Everyone misses: nobody loses a turn.
	g = freeGenome(lasts(effect("5", cardrules.MissTurns, cardrules.NoTarget, 0), genome.Lasting{For: cardrules.UntilDealEnd, Scope: cardrules.ScopeEveryone}))
	m = lab(t, g, 3, l)
	steer(t, m, [2]int{3, 1})
	m.turn()
	if m.cur != 1 || len(m.eventsOf(EvLoseTurn)) != 0 || m.res.Interactions != 0 {
		t.Errorf("everyone misses: next seat %d, %d lost turns, %d interactions; want 1, 0, 0", m.cur, len(m.eventsOf(EvLoseTurn)), m.res.Interactions)
	}
	// Once a seat is out, every seat left still misses.
	m.goOut(2, cardrules.ResultLose)
	if !m.allMiss() || m.passMove(1) != 1 {
		t.Errorf("everyone misses, a seat out: the move does not stay with seat 1")
	}
}

// TestReferenceSourceTurn: an effect until its source's turn ends when that
// turn starts (before the active effects are shown), or when the source
// loses its turn: a miss of its own seat ends as its turn is lost, and a
// lost-turn flag ends it too.
func TestReferenceSourceTurn(t *testing.T) {
	until := genome.Lasting{For: cardrules.UntilSourceTurn}
	g := freeGenome(lasts(effect("5", cardrules.BanRank, cardrules.TargetAllOpponents, 0), until),
		lasts(effect("6", cardrules.MissTurns, cardrules.TargetSelf, 0), until))
	l := layout{hands: [][]string{{"5H", "6H", "9C"}, {"2C", "3H", "4D"}}, stock: []string{"2S", "3S"}, disc: []string{"9D"}}
	m := lab(t, g, 2, l)
	steer(t, m, [2]int{3, 1}, [2]int{3, 0}, [2]int{2, 1}, [2]int{2, 0})
	for range 4 {
		m.turn()
	}
	// Seat 0's miss of its own turns ends as it loses its next turn.
	checkTrace(t, "source turn", m,
		"turn 1 seat 0", "decide 0 1/3", "play 0 5H", "effect 0 ban_rank 0",
		"turn 2 seat 1", "active 0 ban_rank left 255 seats 10 p 3 v 0", "decide 1 0/3", "play 1 2C",
		"turn 3 seat 0", "ends 0 ban_rank seats 10 p 3 v 0", "decide 0 1/2", "play 0 6H", "effect 0 miss_turns 0",
		"turn 4 seat 1", "active 0 miss_turns left 255 seats 1 p 0 v 0", "decide 1 0/2", "play 1 4D",
		"lose-turn 0", "ends 0 miss_turns seats 1 p 0 v 0")
	if m.cur != 1 || m.res.Turns != 4 || len(m.lasting) != 0 {
		t.Errorf("source turn: next seat %d, %d turns, %d active; want 1, 4, 0", m.cur, m.res.Turns, len(m.lasting))
	}

	// A lost-turn flag ends the seat's source_turn effects as it is passed
	// over.
	m = lab(t, g, 2, l)
	m.fire(0, card("5H"), cardrules.Played, false)
	m.lost[0] = true
	m.events = nil
	if s := m.passMove(0); s != 1 {
		t.Errorf("lost turn: seat %d moves, want 1", s)
	}
	checkTrace(t, "lost turn", m, "lose-turn 0", "ends 0 ban_rank seats 10 p 3 v 0")
}

// limited returns a draw_limit of the player to the end of the game, of
// stacking key key and mode stack.
func limited(rank string, key int, stack cardrules.Stacking, v int) genome.Effect {
	return lasts(effect(rank, cardrules.DrawLimit, cardrules.TargetSelf, v), genome.Lasting{For: cardrules.UntilDealEnd, Key: key, Stack: stack})
}

// TestReferenceStacking: the draw limits of one stacking key combine by
// its mode (additive sums, max the largest, min the smallest, none starts
// no second one) and a seat's limit is the smallest over its keys.
func TestReferenceStacking(t *testing.T) {
	g := freeGenome(
		limited("2", 0, cardrules.StackAdditive, 2), limited("3", 0, cardrules.StackAdditive, 3),
		limited("4", 1, cardrules.StackMax, 2), limited("5", 1, cardrules.StackMax, 4),
		limited("6", 2, cardrules.StackMin, 3), limited("7", 2, cardrules.StackMin, 6),
		limited("8", 3, cardrules.StackNone, 7), limited("9", 3, cardrules.StackNone, 1))
	m := lab(t, g, 2, layout{hands: [][]string{{"10C"}, {"JC"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	if _, ok := m.drawLimit(0); ok {
		t.Fatal("a draw limit before any draw_limit")
	}
	for _, step := range []struct {
		card   string
		limit  int
		active int
	}{
		{"2C", 2, 1}, {"3C", 5, 2}, // key 0: 2+3
		{"4C", 2, 3}, {"5C", 4, 4}, // key 1: max(2, 4)
		{"6C", 3, 5}, {"7C", 3, 6}, // key 2: min(3, 6)
		{"8C", 3, 7}, {"9C", 3, 7}, // key 3: 7; the second does not start
	} {
		m.fire(0, card(step.card), cardrules.Played, false)
		if got, ok := m.drawLimit(0); !ok || got != step.limit || len(m.lasting) != step.active {
			t.Errorf("after %s: limit %d (%v) with %d active, want %d with %d", step.card, got, ok, len(m.lasting), step.limit, step.active)
		}
	}
	if _, ok := m.drawLimit(1); ok {
		t.Error("seat 1 has a draw limit of seat 0's effects")
	}
	if m.res.Effects[cardrules.DrawLimit] != 8 {
		t.Errorf("%d draw_limit effects fired, want 8 (one started nothing)", m.res.Effects[cardrules.DrawLimit])
	}
}

// TestReferenceDrawLimit: a seat's draw limit bounds a draw phase's draw,
// a draw_cards effect's draw on it and a play phase's draw_max; the active
// effect shows its value.
func TestReferenceDrawLimit(t *testing.T) {
	g := shedGenome(limited("2", 0, cardrules.StackAdditive, 2), effect("K", cardrules.DrawCards, cardrules.TargetSelf, 3))
	g.Turn[0].DrawMax = 3
	g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 3})
	m := lab(t, g, 2, layout{hands: [][]string{{"9C"}, {"JC"}}, stock: []string{"2S", "3S", "4S", "5S", "6S", "7S", "8S"}, disc: []string{"9D"}})
	m.fire(0, card("2C"), cardrules.Played, false)
	m.events = nil
	m.fire(0, card("KC"), cardrules.Played, false)
	m.drawPhase(0, &g.Turn[1])
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "draw limit", m, "effect 0 draw_cards 3", "draw 0 8S", "draw 0 7S",
		"draw 0 6S", "draw 0 5S",
		"draw 0 4S", "draw 0 3S", "pass 0")
	m.events = nil
	m.showActive()
	if e := m.events[0]; e.N != noTurnsLeft|1<<8|2<<24 {
		t.Errorf("draw limit: active event N %#x", e.N)
	}
}

// TestReferenceBonus: a seat's bonus, per stacking key combined by its mode
// and summed over the keys, adds to each set it lays down (and, in
// TestReferenceTrickDuration, to each trick it wins).
func TestReferenceBonus(t *testing.T) {
	bonus := func(key int, stack cardrules.Stacking, v int) genome.Effect {
		return lasts(effect("10", cardrules.Bonus, cardrules.TargetSelf, v), genome.Lasting{For: cardrules.UntilDealEnd, Key: key, Stack: stack})
	}
	g := freeGenome(bonus(0, cardrules.StackAdditive, 2), bonus(0, cardrules.StackAdditive, 3),
		bonus(1, cardrules.StackMax, 4), bonus(1, cardrules.StackMax, 2),
		bonus(2, cardrules.StackMin, 3), bonus(2, cardrules.StackMin, 1),
		bonus(3, cardrules.StackNone, 5), bonus(3, cardrules.StackNone, 6))
	g.Meld, g.Score.Meld = 2, 1
	m := lab(t, g, 2, layout{hands: [][]string{{"2C", "2D", "9C"}, {"3C", "3D"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	m.fire(0, card("10C"), cardrules.Played, false)
	if b := m.bonus(0); b != 5+4+1+5 || len(m.lasting) != 7 {
		t.Errorf("bonus %d with %d active, want 15 with 7", b, len(m.lasting))
	}
	m.meld(0)
	m.meld(1)
	if m.score[0] != 16 || m.score[1] != 1 {
		t.Errorf("set scores %v, want [16 1]", m.score)
	}
}

// TestReferenceTrickDuration: a lock until the end of the trick binds the
// seats that follow in that trick and ends after the winner scores (with
// its bonus), whether or not a card was played to the trick.
func TestReferenceTrickDuration(t *testing.T) {
	anyCard := genome.Expr{Op: genome.OpTrue}
	trick := genome.Lasting{For: cardrules.UntilTrickEnd}
	g := trickGenome(anyCard,
		lasts(effect("A", cardrules.LockSuit, cardrules.TargetAllOpponents, 0), trick),
		lasts(effect("A", cardrules.Bonus, cardrules.TargetSelf, 2), forDeal),
		lasts(effect("K", cardrules.LockRank, cardrules.NoTarget, 0), genome.Lasting{For: cardrules.UntilTrickEnd, Scope: cardrules.ScopeEveryone}))
	g.Score.Trick = 1
	m := lab(t, g, 3, layout{hands: [][]string{{"AH", "2C"}, {"2H", "3C"}, {"4D", "5S"}}})
	steer(t, m, [2]int{2, 1})
	m.trickPhase(0, &g.Turn[0])
	checkTrace(t, "trick", m, "decide 0 1/2", "play 0 AH", "effect 0 lock_suit 0", "effect 0 bonus 2",
		"decide 1 0/1", "play 1 2H", "take seat 0 card 0 n 2", "ends 0 lock_suit seats 110 p 2 v 0")
	if m.score[0] != 3 || len(m.lasting) != 1 {
		t.Errorf("trick: seat 0 scores %d with %d active, want 3 (1 + bonus 2) with 1", m.score[0], len(m.lasting))
	}

	// Everyone locked to kings, which nobody holds: no card is played,
	// and the lock still ends with the trick.
	m.fire(1, card("KC"), cardrules.Played, false)
	m.events = nil
	m.trickPhase(0, &g.Turn[0])
	checkTrace(t, "empty trick", m, "ends 1 lock_rank seats 111 p 11 v 0")
}

// TestReferenceSuppress: a suppress keeps effects of its type from firing
// for the seats it holds over (no count, no event), and keeps active
// effects of its type from applying to them until it ends.
func TestReferenceSuppress(t *testing.T) {
	g := freeGenome(
		lasts(effect("5", cardrules.Suppress, cardrules.TargetSelf, 0), genome.Lasting{For: cardrules.UntilDealEnd, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}),
		effect("6", cardrules.DrawCards, cardrules.TargetNext, 1),
		lasts(effect("7", cardrules.LockSuit, cardrules.TargetAllOpponents, 0), forDeal),
		lasts(effect("8", cardrules.Suppress, cardrules.TargetSelf, 0), genome.Lasting{For: cardrules.ForTurns, Turns: 1, Suppresses: cardrules.SuppressedOf(cardrules.LockSuit)}))
	m := lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "3H"}, {"4C"}}, stock: []string{"2S", "3S"}, disc: []string{"9D"}})
	m.fire(0, card("5H"), cardrules.Played, false)
	m.fire(0, card("6H"), cardrules.Played, false)
	m.fire(1, card("6C"), cardrules.Played, false)
	checkTrace(t, "suppressed draw", m, "effect 0 suppress 0", "effect 1 draw_cards 1", "draw 2 3S")
	if m.res.Effects[cardrules.DrawCards] != 1 || m.res.Fizzled != 0 {
		t.Errorf("suppressed draw: %d draw effects, %d fizzled; want 1, 0", m.res.Effects[cardrules.DrawCards], m.res.Fizzled)
	}

	// Seat 1 spared locks: its own lock does not fire, seat 0's does not
	// apply to it (while it applies to seat 2) until the suppress ends.
	m.events = nil
	m.fire(1, card("8C"), cardrules.Played, false)
	m.fire(1, card("7C"), cardrules.Played, false)
	m.fire(0, card("7H"), cardrules.Played, false)
	checkTrace(t, "spared lock", m, "effect 1 suppress 0", "effect 0 lock_suit 0")
	if !m.allowed(1, card("2C")) || m.allowed(2, card("4C")) {
		t.Errorf("spared lock: seat 1 may play 2C %v (want true), seat 2 4C %v (want false)", m.allowed(1, card("2C")), m.allowed(2, card("4C")))
	}
	m.events = nil
	m.done = 2
	m.endTurns()
	checkTrace(t, "suppress ends", m, "ends 1 suppress seats 10 p 5 v 0")
	if m.allowed(1, card("2C")) || !m.allowed(1, card("3H")) {
		t.Error("suppress ends: seat 1 is not locked to hearts again")
	}
}

// TestReferenceLastingSeats: the seats an active effect holds over, from
// its target (as an immediate effect's), its target_hand condition per
// seat and its scope; self while the player is out and any opponent when
// none is in give none, and nothing starts.
func TestReferenceLastingSeats(t *testing.T) {
	ban := func(rank string, tg genome.Target, scope cardrules.Scope) genome.Effect {
		return lasts(effect(rank, cardrules.BanRank, tg, 0), genome.Lasting{For: cardrules.UntilDealEnd, Scope: scope})
	}
	g := freeGenome(ban("2", cardrules.TargetNext, cardrules.ScopeTeam), ban("3", cardrules.TargetPrevious, cardrules.ScopeTarget),
		ban("4", cardrules.TargetSelf, cardrules.ScopeTeam), ban("5", cardrules.NoTarget, cardrules.ScopeEveryone),
		ban("6", cardrules.TargetRandomOpponent, cardrules.ScopeTarget),
		provided(ban("7", cardrules.TargetAllOpponents, cardrules.ScopeTarget), cardrules.CondTarget, cardrules.AtLeast, 2))
	g.Seats = genome.Seats{Min: 4, Max: 4, Default: 4}
	g.Teams = 2
	l := layout{hands: [][]string{{"9C"}, {"2C", "3C"}, {"4C"}, {"5C", "6C"}}, stock: []string{"2S"}, disc: []string{"9D"}}
	for _, tc := range []struct {
		card string
		want uint8
	}{{"2H", 0b1010}, {"3H", 0b1000}, {"4H", 0b0101}, {"5H", 0b1111}, {"7H", 0b1010}} {
		m := lab(t, g, 4, l)
		src := m.src
		m.fire(0, card(tc.card), cardrules.Played, false)
		if got := seatsOf(m); !slices.Equal(got, []uint8{tc.want}) {
			t.Errorf("%s: seats %b, want %b", tc.card, got, tc.want)
		}
		if m.src.IntN(1<<30) != src.IntN(1<<30) {
			t.Errorf("%s: a random number was drawn", tc.card)
		}
	}
	m := lab(t, g, 4, l)
	src := m.src
	opp := []int{1, 2, 3}[src.IntN(3)]
	m.fire(0, card("6H"), cardrules.Played, false)
	if got := seatsOf(m); !slices.Equal(got, []uint8{1 << opp}) || m.src.IntN(1<<30) != src.IntN(1<<30) {
		t.Errorf("random opponent: seats %b, want seat %d after one draw", got, opp)
	}

	// With six seats a team is every seat of one parity (seat s in team
	// s mod 2): the next seat 1 brings in seats 3 and 5.
	g.Seats = genome.Seats{Min: 6, Max: 6, Default: 6}
	m = lab(t, g, 6, layout{hands: [][]string{{"9C"}, {"2C"}, {"3C"}, {"4C"}, {"5C"}, {"6C"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	m.fire(0, card("2H"), cardrules.Played, false)
	m.fire(5, card("2D"), cardrules.Played, false)
	if got := seatsOf(m); !slices.Equal(got, []uint8{0b101010, 0b010101}) {
		t.Errorf("six seats: team seats %b, want [101010 10101]", got)
	}
	g.Seats = genome.Seats{Min: 4, Max: 4, Default: 4}

	// Seat 0 out: self (and its partner) gives none, everyone still
	// every seat; with seats 1 to 3 out, no opponent is in.
	out := l
	out.hands = [][]string{{}, {"2C", "3C"}, {"4C"}, {"5C", "6C"}}
	out.seatsOutLose = []int{0}
	m = lab(t, g, 4, out)
	m.fire(0, card("4H"), cardrules.Played, false)
	m.fire(0, card("5H"), cardrules.Played, false)
	if got := seatsOf(m); !slices.Equal(got, []uint8{0b1111}) || m.res.Effects[cardrules.BanRank] != 2 {
		t.Errorf("player out: seats %b with %d fired, want [1111] with 2", got, m.res.Effects[cardrules.BanRank])
	}
	out.hands = [][]string{{"9C"}, {}, {}, {}}
	out.seatsOutLose = []int{1, 2, 3}
	m = lab(t, g, 4, out)
	for _, c := range []string{"2H", "3H", "6H", "7H"} {
		m.fire(0, card(c), cardrules.Played, false)
	}
	if len(m.lasting) != 0 {
		t.Errorf("no opponent in: seats %b", seatsOf(m))
	}
}

// TestReferenceLastingCleanup: a seat going out ends the effects it
// started (right after it is out), but those that persist; a game's
// active effects are bounded.
func TestReferenceLastingCleanup(t *testing.T) {
	g := freeGenome(lasts(effect("5", cardrules.BanRank, cardrules.TargetNext, 0), forDeal),
		lasts(effect("5", cardrules.BanRank, cardrules.TargetAllOpponents, 0), genome.Lasting{For: cardrules.UntilDealEnd, Persists: true}),
		lasts(effect("5", cardrules.LockRank, cardrules.TargetSelf, 0), genome.Lasting{For: cardrules.UntilSourceTurn}))
	g.End.Until = cardrules.UntilOneLeft
	m := lab(t, g, 3, layout{hands: [][]string{{}, {"2C"}, {"3C"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	m.fire(0, card("5H"), cardrules.Played, false)
	m.fire(1, card("5C"), cardrules.Played, false)
	m.events = nil
	m.endCheck()
	checkTrace(t, "cleanup", m, "out 0 0", "ends 0 ban_rank seats 10 p 3 v 0", "ends 0 lock_rank seats 1 p 3 v 0")
	if got := seatsOf(m); !slices.Equal(got, []uint8{0b110, 0b100, 0b101, 0b010}) {
		t.Errorf("cleanup: seats %b left active, want the persisting one and seat 1's in start order", got)
	}

	var many []genome.Effect
	for range cardrules.MaxActive + 1 {
		many = append(many, lasts(effect("5", cardrules.BanRank, cardrules.TargetSelf, 0), forDeal))
	}
	m = lab(t, freeGenome(many...), 3, layout{hands: [][]string{{"9C"}, {"2C"}, {"3C"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	m.fire(0, card("5H"), cardrules.Played, false)
	if len(m.lasting) != cardrules.MaxActive || m.res.Effects[cardrules.BanRank] != cardrules.MaxActive+1 {
		t.Errorf("bound: %d active of %d fired, want %d of %d", len(m.lasting), m.res.Effects[cardrules.BanRank], cardrules.MaxActive, cardrules.MaxActive+1)
	}
}

// TestReferenceLastingGames: over generated games played checked (so that
// every active effect is verified after every phase), every lasting type
// is active at some turn's start and ends in some game, an active effect
// shows from 1 to cardrules.MaxLastTurns+1 turns left (or none for another
// duration) over some seat, and no more than cardrules.MaxActive are
// shown at once.
func TestReferenceLastingGames(t *testing.T) {
	var shown, ended [cardrules.NumEffectTypes]int
	for i := range 300 {
		g := genometest.Genome().Example(i)
		g.TurnCap = min(g.TurnCap, 200)
		if err := consistent(g, g.Seats.Default, rng.Derive(13, uint64(i))); err != nil {
			t.Fatalf("example %d: %v", i, err)
		}
		_, evs := Play(g, g.Seats.Default, nil, rng.Derive(13, uint64(i)))
		run := 0
		for _, e := range evs {
			switch e.Kind {
			case EvTurn:
				run = 0
			case EvActive:
				shown[e.Card]++
				run++
				left, seats := e.N&0xff, e.N>>8&0xff
				if left != noTurnsLeft && (left < 1 || left > cardrules.MaxLastTurns+1) || seats == 0 || run > cardrules.MaxActive {
					t.Fatalf("example %d: %v (%d shown this turn)", i, e, run)
				}
			case EvLastEnd:
				ended[e.Card]++
			}
		}
	}
	for typ := cardrules.LockSuit; typ < cardrules.NumEffectTypes; typ++ {
		if shown[typ] == 0 || ended[typ] == 0 {
			t.Errorf("%s: shown active %d times, ended %d times", typ, shown[typ], ended[typ])
		}
	}
}

// TestReferenceLastingGameOver: an effect started before the first turn (as
// a starter's) holds for the first turn and its turns more, and ends at
// the end of its last turn even when that turn ends the game.
func TestReferenceLastingGameOver(t *testing.T) {
	g := freeGenome(lasts(effect("5", cardrules.BanRank, cardrules.TargetNext, 0), forTurns(1)))
	m := lab(t, g, 2, layout{hands: [][]string{{"9C", "8S"}, {"2C"}}, stock: []string{"2S"}, disc: []string{"9D"}})
	steer(t, m, [2]int{2, 0})
	m.fire(0, card("5H"), cardrules.Played, false)
	m.events = nil
	m.turn()
	m.turn()
	checkTrace(t, "game over", m,
		"turn 1 seat 0", "active 0 ban_rank left 2 seats 10 p 3 v 0", "decide 0 0/2", "play 0 9C",
		"turn 2 seat 1", "active 0 ban_rank left 1 seats 10 p 3 v 0", "decide 1 0/1", "play 1 2C", "out 1 0",
		"ends 0 ban_rank seats 10 p 3 v 0")
	if e := m.events[len(m.events)-1]; !m.over || len(m.lasting) != 0 || e.N&0xff != 0 {
		t.Errorf("game over: over %v with %d active, last event N %#x; want true with 0, no turns left", m.over, len(m.lasting), e.N)
	}
}

// TestReferenceLastingBattleOut: a seat a battle puts out (short of war
// cards) ends the effects it started, as one an end condition puts out.
func TestReferenceLastingBattleOut(t *testing.T) {
	g := warGenome(t, 1, cardrules.ReturnsInOrder, lasts(effect("9", cardrules.MissTurns, cardrules.TargetNext, 0), forDeal))
	m := lab(t, g, 2, layout{hands: [][]string{{"5C", "2C", "3C"}, {"5D"}}})
	m.fire(1, card("9D"), cardrules.Played, false)
	m.events = nil
	m.battlePhase(0, &g.Turn[0])
	out := slices.IndexFunc(m.events, func(e Event) bool { return e.Kind == EvOut && e.Seat == 1 })
	if out < 0 || out+1 >= len(m.events) || m.events[out+1].Kind != EvLastEnd || len(m.lasting) != 0 {
		t.Errorf("battle out: events %q with %d active; want seat 1 out, then its miss ended", traceOf(m), len(m.lasting))
	}
}
