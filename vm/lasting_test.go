package vm

import (
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// lasts returns effect x of a lasting type with lasting l.
func lasts(x genome.Effect, l genome.Lasting) genome.Effect {
	x.Lasts = l
	return x
}

// deal is a lasting that holds to the end of the deal.
var deal = genome.Lasting{For: cardrules.UntilDealEnd}

// sevenPlayed is a lab game of the given effects in which seat 0 plays the
// seven of hearts (its only heart, on a heart) in its turn, with seats 1
// and 2 holding hands of several suits and a stock to draw from.
func sevenPlayed(t *testing.T, seats int, effects ...genome.Effect) (*Machine, *Trace) {
	t.Helper()
	p := load(t, labGenome(effects...))
	hands := [][]uint8{cards("7H", "2C"), cards("3H", "4C", "7D", "QS"), cards("5H", "6C", "9D")}
	m := newLab(t, p, seats, nil, layout{hands: hands[:seats], stock: cards("KC", "KD", "KS", "QC", "QD"), disc: cards("9H")})
	tr := &Trace{}
	m.trace = tr
	m.turn()
	return m, tr
}

// The four legality types forbid seat 1 the cards the spec gives, and its
// legal cards are computed from the rest of its hand.
func TestLastingLocks(t *testing.T) {
	hearts, sevens := bytecode.SuitCards[2], rankSet[5]
	cases := []struct {
		typ    cardrules.EffectType
		forbid uint64
	}{
		{cardrules.LockSuit, cardSet &^ hearts},
		{cardrules.LockRank, cardSet &^ sevens},
		{cardrules.BanSuit, hearts},
		{cardrules.BanRank, sevens},
	}
	for _, c := range cases {
		t.Run(c.typ.String(), func(t *testing.T) {
			m, _ := sevenPlayed(t, 3, lasts(eff("7", c.typ, cardrules.TargetNext, 0), deal))
			if m.forbid[1] != c.forbid || m.forbid[0] != 0 || m.forbid[2] != 0 {
				t.Fatalf("forbidden: seat 0 %s, seat 1 %s, seat 2 %s", cardNames(m.forbid[0]), cardNames(m.forbid[1]), cardNames(m.forbid[2]))
			}
			// Seat 1, on the seven of hearts, may follow hearts with 3H
			// unless hearts are forbidden it.
			want := setOf("3H") &^ c.forbid
			if got := m.legal(&m.p.phases[0], 1); got != want {
				t.Errorf("seat 1 may play %s, want %s", cardNames(got), cardNames(want))
			}
		})
	}
}

// The forbidden cards are taken out of the hand before the preference
// narrows it: a seat banned from the suit it would have to follow plays
// another card the rule allows.
func TestLastingForbidBeforePreference(t *testing.T) {
	g := labGenome(lasts(eff("7", cardrules.BanSuit, cardrules.TargetNext, 0), deal))
	g.Turn[0].Legal = &genome.Expr{Op: genome.OpTrue}
	g.Turn[0].Prefer = suitMatch()
	p := load(t, g)
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("7H", "2C"), cards("3H", "4C")}, stock: cards("KC"), disc: cards("9H")})
	m.turn()
	if got, want := m.legal(&p.phases[0], 1), setOf("4C"); got != want {
		t.Fatalf("seat 1 may play %s, want %s", cardNames(got), cardNames(want))
	}
}

// Durations: a count of turns holds for the rest of the turn it starts in
// and that many turns more; source_turn ends as its source's turn begins;
// deal holds on.
func TestLastingDurations(t *testing.T) {
	cases := []struct {
		name string
		l    genome.Lasting
		want []int // active effects after each of seat 0's turn and the next three
	}{
		{"turns 1", genome.Lasting{For: cardrules.ForTurns, Turns: 1}, []int{1, 0, 0, 0}},
		{"turns 2", genome.Lasting{For: cardrules.ForTurns, Turns: 2}, []int{1, 1, 0, 0}},
		{"source_turn", genome.Lasting{For: cardrules.UntilSourceTurn}, []int{1, 1, 1, 0}},
		{"deal", deal, []int{1, 1, 1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, _ := sevenPlayed(t, 3, lasts(eff("7", cardrules.BanRank, cardrules.TargetNext, 0), c.l))
			got := []int{m.actN}
			for range 3 {
				m.turn()
				got = append(got, m.actN)
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("active effects after each turn %v, want %v", got, c.want)
			}
		})
	}
}

// A seat going out ends the effects it started, unless they persist.
func TestLastingCleanup(t *testing.T) {
	for _, persists := range []bool{false, true} {
		p := load(t, labGenome(lasts(eff("7", cardrules.BanRank, cardrules.TargetNext, 0), genome.Lasting{For: cardrules.UntilDealEnd, Persists: persists})))
		m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("7H"), cards("3H", "4C"), cards("5C")}, stock: cards("KC"), disc: cards("9H")})
		tr := &Trace{}
		m.trace = tr
		m.turn()
		if !m.over || m.isActive(0) {
			t.Fatalf("seat 0 did not go out")
		}
		want := 0
		if persists {
			want = 1
		}
		if m.actN != want {
			t.Errorf("persists %v: %d effects active after its source went out, want %d", persists, m.actN, want)
		}
		ended := slices.ContainsFunc(tr.Events, func(e Event) bool { return e.Kind == EvLastEnd })
		if ended == persists {
			t.Errorf("persists %v: an end traced %v", persists, ended)
		}
	}
}

// Scopes: the target's seats, their partnership, or everyone; a target's
// condition drops the seats that fail it.
func TestLastingScopes(t *testing.T) {
	cases := []struct {
		name   string
		target cardrules.Target
		l      genome.Lasting
		cond   genome.EffectCondition
		seats  uint8
	}{
		{"next", cardrules.TargetNext, deal, genome.EffectCondition{}, 0b0010},
		{"previous", cardrules.TargetPrevious, deal, genome.EffectCondition{}, 0b0100},
		{"self", cardrules.TargetSelf, deal, genome.EffectCondition{}, 0b0001},
		{"all opponents", cardrules.TargetAllOpponents, deal, genome.EffectCondition{}, 0b0110},
		{"everyone", cardrules.NoTarget, genome.Lasting{For: cardrules.UntilDealEnd, Scope: cardrules.ScopeEveryone}, genome.EffectCondition{}, 0b0111},
		{"all opponents holding at most 3", cardrules.TargetAllOpponents, deal, genome.EffectCondition{Of: cardrules.CondTarget, Cmp: cardrules.AtMost, Value: 3}, 0b0100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := lasts(eff("7", cardrules.MissTurns, c.target, 0), c.l)
			x.If = c.cond
			m, _ := sevenPlayed(t, 3, x)
			if m.actN != 1 || m.act[0].seats != c.seats {
				t.Fatalf("%d active, seats %04b, want %04b", m.actN, m.act[0].seats, c.seats)
			}
		})
	}
	g := labGenome(lasts(eff("7", cardrules.MissTurns, cardrules.TargetNext, 0), genome.Lasting{For: cardrules.UntilDealEnd, Scope: cardrules.ScopeTeam}))
	g.Teams, g.Seats = 2, genome.Seats{Min: 4, Max: 4, Default: 4}
	p := load(t, g)
	m := newLab(t, p, 4, nil, layout{hands: [][]uint8{cards("7H", "2C"), cards("3H", "4C"), cards("5C", "6C"), cards("8C", "9C")}, stock: cards("KC"), disc: cards("9H")})
	m.turn()
	if m.actN != 1 || m.act[0].seats != 0b1010 {
		t.Fatalf("team: seats %04b, want 1010", m.act[0].seats)
	}
}

// Stacking: values of one type and key combine by the key's mode; keys
// combine as the type says (the smallest draw limit, the sum of bonuses);
// none starts no second effect of its type and key.
func TestLastingStacking(t *testing.T) {
	cases := []struct {
		name     string
		stack    cardrules.Stacking
		keys     [2]int
		cap, bon int
		started  int
	}{
		{"additive", cardrules.StackAdditive, [2]int{0, 0}, 5, 5, 2},
		{"max", cardrules.StackMax, [2]int{0, 0}, 3, 3, 2},
		{"min", cardrules.StackMin, [2]int{0, 0}, 2, 2, 2},
		{"none", cardrules.StackNone, [2]int{0, 0}, 2, 2, 1},
		{"two keys", cardrules.StackAdditive, [2]int{0, 1}, 2, 5, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var effs []genome.Effect
			for i, v := range []int{2, 3} {
				l := genome.Lasting{For: cardrules.UntilDealEnd, Key: c.keys[i], Stack: c.stack}
				effs = append(effs, lasts(eff("7", cardrules.DrawLimit, cardrules.TargetNext, v), l), lasts(eff("7", cardrules.Bonus, cardrules.TargetNext, v), l))
			}
			g := labGenome(effs...)
			g.Score = genome.Score{Meld: 1}
			g.Meld = 2
			p := load(t, g)
			m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("7H", "2C"), cards("3H", "4C"), cards("5C")}, stock: cards("KC"), disc: cards("9H")})
			m.turn()
			if m.actN != 2*c.started || int(m.drawCap[1]) != c.cap || int(m.bonus[1]) != c.bon {
				t.Fatalf("%d active, draw limit %d, bonus %d; want %d, %d, %d", m.actN, m.drawCap[1], m.bonus[1], 2*c.started, c.cap, c.bon)
			}
		})
	}
}

// A draw limit caps a draw effect's cards and a play phase's draws.
func TestLastingDrawLimit(t *testing.T) {
	limit := lasts(eff("7", cardrules.DrawLimit, cardrules.TargetNext, 1), deal)
	two := eff("2", cardrules.DrawCards, cardrules.TargetNext, 3)
	p := load(t, labGenome(limit, two))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("7H", "2H", "5C"), cards("3C", "4C")}, stock: cards("KC", "KD", "KS", "QC", "QD"), disc: cards("9H")})
	m.turn() // seat 0 plays 7H: seat 1 draws at most 1 card at once
	if m.drawCap[1] != 1 {
		t.Fatalf("draw limit %d", m.drawCap[1])
	}
	// Seat 1 cannot follow hearts: it draws 1 card (KC... the top), no more.
	before := m.count[1]
	m.turn()
	if got := m.count[1] - before; got != 1 {
		t.Fatalf("seat 1 drew %d cards when stuck, want 1", got)
	}
	m.cur = 0
	before = m.count[1]
	m.turn() // seat 0 plays 2H: seat 1 draws 1 of 3
	if got := m.count[1] - before; got != 1 {
		t.Fatalf("seat 1 drew %d cards of a draw of 3, want 1", got)
	}
}

// miss_turns: the move passes over a seat that misses, but never over
// every seat still in.
func TestLastingMissTurns(t *testing.T) {
	m, tr := sevenPlayed(t, 3, lasts(eff("7", cardrules.MissTurns, cardrules.TargetNext, 0), deal))
	if m.cur != 2 || !slices.ContainsFunc(tr.Events, func(e Event) bool { return e.Kind == EvLoseTurn && e.Seat == 1 }) {
		t.Fatalf("after seat 0's turn seat %d moves, events %v", m.cur, tr.Events)
	}
	m, _ = sevenPlayed(t, 3, lasts(eff("7", cardrules.MissTurns, cardrules.NoTarget, 0), genome.Lasting{For: cardrules.UntilDealEnd, Scope: cardrules.ScopeEveryone}))
	if m.cur != 1 {
		t.Fatalf("with every seat missing, seat %d moves, want 1", m.cur)
	}
}

// suppress: effects of its type do not fire for its seats, and active
// effects of its type do not apply to them while it holds.
func TestLastingSuppress(t *testing.T) {
	shield := lasts(eff("7", cardrules.Suppress, cardrules.TargetNext, 0), genome.Lasting{For: cardrules.ForTurns, Turns: 1, Suppresses: cardrules.SuppressedOf(cardrules.DrawLimit)})
	limit := lasts(eff("7", cardrules.DrawLimit, cardrules.TargetNext, 1), deal)
	m, _ := sevenPlayed(t, 3, shield, limit)
	if m.actN != 2 || m.drawCap[1] != 0 {
		t.Fatalf("%d active, seat 1's draw limit %d under a suppress of draw limits", m.actN, m.drawCap[1])
	}
	m.turn()
	m.turn() // the suppress ends
	if m.actN != 1 || m.drawCap[1] != 1 {
		t.Fatalf("%d active, seat 1's draw limit %d once the suppress ended", m.actN, m.drawCap[1])
	}
	// Seat 0 is spared draw_cards effects: its own two sets nothing off.
	self := lasts(eff("7", cardrules.Suppress, cardrules.TargetSelf, 0), genome.Lasting{For: cardrules.UntilDealEnd, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)})
	p := load(t, labGenome(self, eff("2", cardrules.DrawCards, cardrules.TargetNext, 2)))
	m = newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("7H", "2H", "5C"), cards("3H", "4H", "6H")}, stock: cards("KC", "KD"), disc: cards("9H")})
	m.turn()
	m.turn()
	m.turn() // seat 0 plays 2H
	if m.res.Effects[cardrules.DrawCards] != 0 || m.count[1] != 2 {
		t.Fatalf("a suppressed draw_cards fired %d times; seat 1 holds %d", m.res.Effects[cardrules.DrawCards], m.count[1])
	}
}

// At most cardrules.MaxActive effects are active at once.
func TestLastingBound(t *testing.T) {
	var effs []genome.Effect
	for range cardrules.MaxActive + 3 {
		effs = append(effs, lasts(eff("7", cardrules.MissTurns, cardrules.TargetNext, 0), deal))
	}
	m, _ := sevenPlayed(t, 3, effs...)
	if m.actN != cardrules.MaxActive || m.res.Effects[cardrules.MissTurns] != cardrules.MaxActive+3 {
		t.Fatalf("%d active of %d fired", m.actN, m.res.Effects[cardrules.MissTurns])
	}
}

// A trace lists the active effects as each turn starts, and their ends.
func TestLastingTrace(t *testing.T) {
	m, tr := sevenPlayed(t, 3, lasts(eff("7", cardrules.LockSuit, cardrules.TargetNext, 0), genome.Lasting{For: cardrules.ForTurns, Turns: 1}))
	m.turn()
	m.turn()
	var lines []string
	for _, e := range tr.Events {
		if e.Kind == EvActive || e.Kind == EvLastEnd {
			lines = append(lines, e.String())
		}
	}
	want := []string{"active: hearts only for seat 1, 1 turn left (from seat 0)", "ends: hearts only for seat 1 (from seat 0)"}
	if !slices.Equal(lines, want) {
		t.Fatalf("trace lines\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
