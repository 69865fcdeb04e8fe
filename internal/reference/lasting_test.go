package reference

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
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
// seats it holds over (and only to them), taken out last of the legal
// cards; a seat left no allowed card draws when stuck (up to draw_max)
// while none of its cards is allowed, then plays the one drawn.
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

	// The lead card a seat must play is forbidden too: it plays nothing.
	lead := card("2C")
	g.LeadCard = &lead
	m = lab(t, g, 3, layout{hands: [][]string{{"9C"}, {"2C", "7H"}, {"4C"}}, disc: []string{"9D"}})
	m.leadHolder = 1
	m.fire(0, card("5H"), cardrules.Played, false)
	m.events = nil
	m.playPhase(1, &g.Turn[0])
	checkTrace(t, "lead card", m, "pass 1")
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
