package vm

import (
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// later returns effect x resolving at point at.
func later(x genome.Effect, at cardrules.Resolve) genome.Effect {
	x.At = at
	return x
}

// words returns the words of the events of the given kinds.
func words(tr *Trace, kinds ...EventKind) []string {
	var out []string
	for _, e := range tr.Events {
		if slices.Contains(kinds, e.Kind) {
			out = append(out, e.String())
		}
	}
	return out
}

// A turn_end effect takes its targets when it fires and hits them at the
// end of the turn: after the turn's phases, before the next seat moves.
func TestDelayedTurnEnd(t *testing.T) {
	x := later(eff("7", cardrules.DrawCards, cardrules.TargetAllOpponents, 1), cardrules.ResolveTurnEnd)
	p := load(t, labGenome(x))
	hands := [][]uint8{cards("7H", "2C"), cards("3H", "4C"), cards("5C", "6C")}
	m := newLab(t, p, 3, nil, layout{hands: hands, stock: cards("KC", "KD", "KS"), disc: cards("9H")})
	tr := &Trace{}
	m.trace = tr
	m.cur = 0
	m.turn()
	if m.count[1] != 3 || m.count[2] != 3 || m.delN != 0 {
		t.Fatalf("after the turn seats hold %d and %d cards, %d waiting", m.count[1], m.count[2], m.delN)
	}
	got := words(tr, EvPlay, EvEffect, EvWait, EvResolve, EvDraw)
	want := []string{"seat 0 plays 7H", "effect: every opponent draws 1 card, at the end of the turn", "waits: draw 1 for seats 1, 2 (from seat 0)",
		"resolves: draw 1 for seats 1, 2 (from seat 0)", "seat 1 draws KS", "seat 2 draws KD"}
	if !slices.Equal(got, want) {
		t.Fatalf("trace\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A target_turn effect hits each target at the start of its own next
// turn, before its phases, and is dropped for a target gone out.
func TestDelayedTargetTurn(t *testing.T) {
	x := later(eff("7", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1), cardrules.ResolveTargetTurn)
	x.Random = true
	g := labGenome(x)
	g.End.Until = cardrules.UntilOneLeft
	p := load(t, g)
	hands := [][]uint8{cards("7H", "2C"), cards("3H", "4H"), cards("5C")}
	m := newLab(t, p, 3, nil, layout{hands: hands, stock: cards("KC", "KD", "KS"), disc: cards("9H")})
	m.turn() // seat 0 plays 7H: seats 1 and 2 each owe a discard
	if m.delN != 1 || m.delQ[0].seats != 0b110 || m.count[1] != 2 {
		t.Fatalf("%d waiting over %03b; seat 1 holds %d", m.delN, m.delQ[0].seats, m.count[1])
	}
	m.turn() // seat 1 discards first, then plays its other heart: out
	if m.delQ[0].seats != 0b100 || m.count[1] != 0 || m.isActive(1) {
		t.Fatalf("after seat 1's turn: waiting over %03b, seat 1 holds %d", m.delQ[0].seats, m.count[1])
	}
	// Seat 2's 5C goes at the start of its turn: it is out before it plays.
	m.turn()
	if m.delN != 0 || m.count[2] != 0 || m.res.Fizzled != 0 {
		t.Fatalf("after seat 2's turn: %d waiting, seat 2 holds %d, %d fizzled", m.delN, m.count[2], m.res.Fizzled)
	}
}

// A delayed effect resolves even when its player has gone out; with no
// target it fizzles; past cardrules.MaxDelayed it is lost.
func TestDelayedSourceOutFizzleBound(t *testing.T) {
	x := later(eff("7", cardrules.DrawCards, cardrules.TargetNext, 2), cardrules.ResolveTurnEnd)
	g := labGenome(x)
	g.End.Until = cardrules.UntilOneLeft
	p := load(t, g)
	m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("7H"), cards("3C", "4C"), cards("5C")}, stock: cards("KC", "KD", "KS"), disc: cards("9H")})
	m.turn() // seat 0 goes out with its seven: seat 1 still draws 2
	if m.isActive(0) || m.count[1] != 4 {
		t.Fatalf("seat 0 in %v, seat 1 holds %d", m.isActive(0), m.count[1])
	}
	self := later(eff("7", cardrules.ForceDiscard, cardrules.TargetSelf, 1), cardrules.ResolveTurnEnd)
	p = load(t, labGenome(self))
	m = newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("7H", "2C"), cards("3C")}, stock: cards("KC"), disc: cards("9H")})
	m.turn()
	if m.count[0] != 0 || m.isActive(0) || m.res.Fizzled != 0 {
		t.Fatalf("seat 0 holds %d after discarding at its turn's end; %d fizzled", m.count[0], m.res.Fizzled)
	}
	var many []genome.Effect
	for range cardrules.MaxDelayed + 2 {
		many = append(many, later(eff("7", cardrules.DrawCards, cardrules.TargetNext, 1), cardrules.ResolveTargetTurn))
	}
	m, _ = sevenPlayed(t, 3, many...)
	if int(m.delN) != cardrules.MaxDelayed || m.res.Effects[cardrules.DrawCards] != cardrules.MaxDelayed+2 {
		t.Fatalf("%d waiting of %d fired", m.delN, m.res.Effects[cardrules.DrawCards])
	}
}

// A chosen target is a decision of the player among the opponents in, in
// turn order from the next seat; Greedy takes the opponent holding the
// fewest cards for an effect that hinders, else the most.
func TestChosenTarget(t *testing.T) {
	for _, c := range []struct {
		typ  cardrules.EffectType
		want int
	}{
		{cardrules.DrawCards, 2},
		{cardrules.Bonus, 1},
	} {
		x := eff("7", c.typ, cardrules.TargetChosen, 2)
		if c.typ.Lasts() {
			x.Lasts = deal
		}
		g := labGenome(x)
		if c.typ == cardrules.Bonus {
			g.Score, g.Meld = genome.Score{Meld: 1}, 2
		}
		p := load(t, g)
		m := newLab(t, p, 3, []Policy{Greedy}, layout{hands: [][]uint8{cards("7H", "2C"), cards("3H", "4C", "7D", "QS"), cards("5H", "6C")}, stock: cards("KC", "KD"), disc: cards("9H")})
		pl := &chooser{}
		m.policy[0], m.players[0] = External, pl
		m.turn()
		// (Its card is forced: the target is its one decision.)
		if len(pl.kinds) != 1 || pl.kinds[0] != DecideTarget || !slices.Equal(pl.options[0], []uint8{1, 2}) {
			t.Fatalf("%s: decisions %v, options %v", c.typ, pl.kinds, pl.options)
		}
		m = newLab(t, p, 3, []Policy{Greedy}, layout{hands: [][]uint8{cards("7H", "2C"), cards("3H", "4C", "7D", "QS"), cards("5H", "6C")}, stock: cards("KC", "KD"), disc: cards("9H")})
		m.turn()
		hit := 0
		switch c.typ {
		case cardrules.DrawCards:
			if m.count[2] == 4 {
				hit = 2
			} else if m.count[1] == 6 {
				hit = 1
			}
		default:
			hit = int(m.bonus[1])/2 + 2*(int(m.bonus[2])/2)
		}
		if hit != c.want {
			t.Errorf("%s: Greedy hit seat %d, want %d", c.typ, hit, c.want)
		}
	}
}

// chooser is a Player that takes the first option and records each
// decision's kind and options.
type chooser struct {
	kinds   []DecisionKind
	options [][]uint8
}

func (r *chooser) Choose(d *Decision) int {
	r.kinds = append(r.kinds, d.Kind)
	r.options = append(r.options, slices.Clone(d.Options))
	return 0
}

// Rules pick their seats from the state at each turn's end: everyone, the
// most or fewest cards (ties: all), under a condition on each hand or on
// the table; a value scales with a count.
func TestRulesPick(t *testing.T) {
	hands := [][]uint8{cards("7H", "2C"), cards("3H", "4C", "7D", "QS"), cards("5H", "6C")}
	cases := []struct {
		name  string
		rule  genome.Rule
		seats []uint8 // the groups' seats
		vals  []uint8
	}{
		{"everyone", genome.Rule{Type: cardrules.MissTurns}, []uint8{0b111}, []uint8{0}},
		{"most cards", genome.Rule{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1}, []uint8{0b010}, []uint8{1}},
		{"fewest cards, a tie", genome.Rule{Type: cardrules.DrawLimit, Who: cardrules.WhoFewestCards, Value: 1}, []uint8{0b101}, []uint8{1}},
		{"hand at least 3", genome.Rule{Type: cardrules.BanRank, Rank: 5, If: genome.EffectCondition{Of: cardrules.CondHand, Value: 3}}, []uint8{0b010}, []uint8{0}},
		{"stock at most 1: nobody", genome.Rule{Type: cardrules.BanRank, If: genome.EffectCondition{Of: cardrules.CondStock, Cmp: cardrules.AtMost, Value: 1}}, nil, nil},
		{"scaled by hand", genome.Rule{Type: cardrules.DrawLimit, Value: 1, Scale: genome.Scale{By: cardrules.CondHand, Per: 2}}, []uint8{0b101, 0b010}, []uint8{2, 3}},
		{"scaled by stock, capped", genome.Rule{Type: cardrules.DrawLimit, Value: 12, Scale: genome.Scale{By: cardrules.CondStock, Per: 1}}, []uint8{0b111}, []uint8{13}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := labGenome()
			g.Rules = []genome.Rule{c.rule}
			p := load(t, g)
			m := newLab(t, p, 3, nil, layout{hands: hands, stock: cards("KC", "KD"), disc: cards("9H")})
			m.rerule()
			var seats, vals []uint8
			for _, a := range m.rl[:m.rlN] {
				seats, vals = append(seats, a.seats), append(vals, a.value)
			}
			if !slices.Equal(seats, c.seats) || !slices.Equal(vals, c.vals) {
				t.Fatalf("groups %03b values %v, want %03b %v", seats, vals, c.seats, c.vals)
			}
		})
	}
}

// A rule's values come before the active effects' where values combine,
// its bans apply as an effect's do, a suppress from a rule switches off
// effects, and the trace lists the rules as each turn starts.
func TestRulesApply(t *testing.T) {
	limit := lasts(eff("7", cardrules.DrawLimit, cardrules.TargetNext, 3), genome.Lasting{For: cardrules.UntilDealEnd, Stack: cardrules.StackNone})
	g := labGenome(limit, eff("2", cardrules.DrawCards, cardrules.TargetNext, 2))
	g.Rules = []genome.Rule{
		{Type: cardrules.DrawLimit, Value: 1, Stack: cardrules.StackNone},
		{Type: cardrules.BanSuit, Suit: cardrules.TriggerOn(cardrules.Suit(3)), Who: cardrules.WhoMostCards},
		{Type: cardrules.Suppress, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards), If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.Equal, Value: 2}},
	}
	p := load(t, g)
	m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("7H", "2H", "5C"), cards("3H", "4C", "7D", "QS"), cards("5H", "6C")}, stock: cards("KC", "KD"), disc: cards("9H")})
	m.rerule()
	tr := &Trace{}
	m.trace = tr
	m.turn() // seat 0 plays 7H: the rule's limit of 1 holds over the effect's 3 (none: the first)
	if m.drawCap[1] != 1 || m.forbid[1] != setOf("2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS") {
		t.Fatalf("seat 1: draw limit %d, forbidden %s", m.drawCap[1], cardNames(m.forbid[1]))
	}
	if m.silenced[2]&(1<<cardrules.DrawCards) == 0 || m.silenced[0]&(1<<cardrules.DrawCards) == 0 {
		t.Fatalf("draw_cards not switched off for the seats holding 2 cards: %v", m.silenced[:3])
	}
	got := words(tr, EvRule)
	want := []string{"rule 0: draws at most 1 card for seats 0, 1, 2", "rule 1: no spades for seat 1", "rule 2: no draw_cards effects for seat 2"}
	if !slices.Equal(got, want) {
		t.Fatalf("trace\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Describe's words for a delayed effect and a rule match what the VM does:
// the draw waits for its target's turn, and the players holding the most
// cards are the ones limited.
func TestDescribedLater(t *testing.T) {
	x := later(eff("7", cardrules.DrawCards, cardrules.TargetNext, 2), cardrules.ResolveTargetTurn)
	g := labGenome(x)
	describes(t, g, "7: the next player draws 2 cards from the stock at the start of their next turn.")
	p := load(t, g)
	m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("7H", "2C"), cards("3C", "4C"), cards("5C", "6C")}, stock: cards("KC", "KD", "KS"), disc: cards("9H")})
	m.turn()
	if m.count[1] != 2 {
		t.Fatalf("seat 1 drew at once: it holds %d", m.count[1])
	}
	m.turn() // seat 1 cannot follow hearts: it draws 2 first, then 1 more
	if m.count[1] != 5 {
		t.Fatalf("seat 1 holds %d after its turn, want 5 (2 owed, 1 drawn when stuck)", m.count[1])
	}

	g, p = hybridProgram(t, "crazy-eights-rules")
	describes(t, g, "The players holding the most cards may draw at most 1 card at a time")
	m = newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("7H", "2C"), cards("3C", "4C", "5D"), cards("5C", "6C")}, stock: cards("KC", "KD", "KS"), disc: cards("9H")})
	m.rerule()
	if m.drawCap[1] != 1 || m.drawCap[0] != 0 || m.drawCap[2] != 0 {
		t.Fatalf("draw limits %v, want only seat 1's (the most cards) at 1", m.drawCap[:3])
	}
}
