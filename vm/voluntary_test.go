package vm

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Rules scenarios for a play phase's voluntary draws and passes, the
// starter rules, reshuffling at once and the blocked end (the vm package
// doc, "Phases" and "Starter and reshuffle rules").

// choiceGenome is labGenome with the given play rules: suit-following
// legality, two seats, draw_max drawMax.
func choiceGenome(draw cardrules.DrawRule, pass cardrules.PassRule, drawMax int, playDrawn bool) *genome.Genome {
	g := labGenome()
	g.Seats = genome.Seats{Min: 2, Max: 2, Default: 2}
	ph := &g.Turn[0]
	ph.Draw, ph.Pass, ph.DrawMax, ph.PlayDrawn = draw, pass, drawMax, playDrawn
	return g
}

// script is a Player that records every decision's options and answers
// from a list of wanted options (an option value: a card, OptDraw or
// OptPass), the first option when the list runs out.
type script struct {
	want []uint8
	seen [][]uint8
}

func (s *script) Choose(d *Decision) int {
	s.seen = append(s.seen, slices.Clone(d.Options))
	if len(s.want) == 0 {
		return 0
	}
	w := s.want[0]
	s.want = s.want[1:]
	if i := slices.Index(d.Options, w); i >= 0 {
		return i
	}
	return 0
}

func TestVoluntaryDrawWhileHoldingAPlayableCard(t *testing.T) {
	p := load(t, choiceGenome(cardrules.DrawByChoice, cardrules.PassAfterDraws, 2, false))
	m := newLab(t, p, 2, nil, layout{
		hands: [][]uint8{cards("5H", "2C"), cards("3S")},
		stock: cards("9D", "7H", "4H"), disc: cards("KH"),
	})
	sc := &script{want: []uint8{OptDraw, OptDraw, cd("7H")}}
	m.SetPlayer(0, sc)
	tr := traced(m)
	m.turn()
	// First: 5H (legal) or draw; then 5H, 4H or draw; then the limit is
	// reached: 4H, 5H, 7H or pass.
	want := [][]uint8{
		{cd("5H"), OptDraw},
		{cd("4H"), cd("5H"), OptDraw},
		{cd("4H"), cd("5H"), cd("7H"), OptPass},
	}
	if !slices.EqualFunc(sc.seen, want, slices.Equal[[]uint8]) {
		t.Fatalf("options %v, want %v", sc.seen, want)
	}
	if m.disc[m.discN-1] != cd("7H") {
		t.Errorf("top card %v, want 7H: after drawing, any legal card of the hand may be played", genome.Card(m.disc[m.discN-1]))
	}
	if want := []EventKind{EvDraw, EvDraw, EvPlay}; !slices.Equal(kinds(tr), want) {
		t.Errorf("events %v, want %v", kinds(tr), want)
	}
	if m.res.Decisions != 3 || m.res.Options != 2+3+4 || m.res.Draws != 2 || m.res.Plays != 1 {
		t.Errorf("decisions %d options %d draws %d plays %d, want 3 9 2 1", m.res.Decisions, m.res.Options, m.res.Draws, m.res.Plays)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}

func TestPassRules(t *testing.T) {
	// Seat 0 holds two hearts (legal on KH) and a club; its options before
	// any draw and after drawing the limit (draw_max 1), with a stock and
	// with nothing to draw.
	pass := []uint8{OptPass}
	for _, tc := range []struct {
		rule                             cardrules.PassRule
		fresh, afterLimit, nothingToDraw bool // pass offered
	}{
		{cardrules.PassNever, false, false, false},
		{cardrules.PassAlways, true, true, true},
		{cardrules.PassAfterDraws, false, true, true},
		{cardrules.PassEmptyStock, false, false, true},
	} {
		t.Run(tc.rule.String(), func(t *testing.T) {
			p := load(t, choiceGenome(cardrules.DrawByChoice, tc.rule, 1, false))
			offered := func(seen []uint8) bool { return slices.Contains(seen, pass[0]) }

			m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "6H", "2C"), cards("3S")}, stock: cards("9D", "2D"), disc: cards("KH")})
			sc := &script{want: []uint8{OptDraw}}
			m.SetPlayer(0, sc)
			m.turn()
			if len(sc.seen) < 2 {
				t.Fatalf("decisions %v: want one before and one after the draw", sc.seen)
			}
			if got := offered(sc.seen[0]); got != tc.fresh {
				t.Errorf("pass offered before drawing: %v, want %v (%v)", got, tc.fresh, sc.seen[0])
			}
			if got := offered(sc.seen[1]); got != tc.afterLimit {
				t.Errorf("pass offered after drawing the limit: %v, want %v (%v)", got, tc.afterLimit, sc.seen[1])
			}

			// Nothing to draw: no stock, and the discard pile is its top.
			m = newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "6H", "2C"), cards("3S")}, disc: cards("KH")})
			sc = &script{}
			m.SetPlayer(0, sc)
			m.turn()
			got := len(sc.seen) > 0 && offered(sc.seen[0])
			if got != tc.nothingToDraw {
				t.Errorf("pass offered with nothing to draw: %v, want %v (%v)", got, tc.nothingToDraw, sc.seen)
			}
		})
	}
}

func TestChosenPassEndsTheTurn(t *testing.T) {
	p := load(t, choiceGenome(cardrules.DrawWhenStuck, cardrules.PassAlways, 1, false))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "2C"), cards("3S")}, stock: cards("9D"), disc: cards("KH")})
	sc := &script{want: []uint8{OptPass}}
	m.SetPlayer(0, sc)
	tr := traced(m)
	m.turn()
	if len(tr.Events) != 2 || tr.Events[1].Kind != EvPass || tr.Events[1].N != 1 {
		t.Fatalf("events %v, want the turn and a chosen pass (N 1)", tr.Events)
	}
	if m.res.Passes != 1 || m.count[0] != 2 || m.cur != 1 {
		t.Errorf("passes %d, seat 0 holds %d, next seat %d: want 1, 2, 1", m.res.Passes, m.count[0], m.cur)
	}
	if got := tr.Events[1].String(); got != "seat 0 passes" {
		t.Errorf("the pass reads %q", got)
	}
}

func TestStuckDrawsStayAutomatic(t *testing.T) {
	// Drawing when stuck with a pass rule: the seat with no legal card
	// draws without deciding, and may then pass instead of playing.
	p := load(t, choiceGenome(cardrules.DrawWhenStuck, cardrules.PassAlways, 3, false))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("2C"), cards("3S")}, stock: cards("9H", "4D", "6D"), disc: cards("KH")})
	sc := &script{}
	m.SetPlayer(0, sc)
	m.turn()
	want := [][]uint8{{cd("9H"), OptPass}}
	if !slices.EqualFunc(sc.seen, want, slices.Equal[[]uint8]) {
		t.Fatalf("options %v, want %v: two automatic draws, then the drawn heart or a pass", sc.seen, want)
	}
	if m.res.Draws != 3 || m.res.Decisions != 1 {
		t.Errorf("draws %d decisions %d, want 3 1", m.res.Draws, m.res.Decisions)
	}
}

func TestPlayDrawnOnly(t *testing.T) {
	p := load(t, choiceGenome(cardrules.DrawByChoice, cardrules.PassAfterDraws, 2, true))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "2C"), cards("3S")}, stock: cards("4H", "2D"), disc: cards("KH")})
	sc := &script{want: []uint8{OptDraw, OptDraw}}
	m.SetPlayer(0, sc)
	m.turn()
	// Before drawing: 5H or draw. After drawing 2D (not a heart): only a
	// draw. After drawing 4H, the limit: 4H (not 5H) or pass.
	want := [][]uint8{
		{cd("5H"), OptDraw},
		{OptDraw},
		{cd("4H"), OptPass},
	}
	if len(sc.seen) != 2 || !slices.Equal(sc.seen[0], want[0]) || !slices.Equal(sc.seen[1], want[2]) {
		t.Fatalf("options %v, want %v then %v (the forced draw asks no one)", sc.seen, want[0], want[2])
	}
	if m.res.Decisions != 3 || m.res.Forced != 1 {
		t.Errorf("decisions %d forced %d, want 3 1: the lone draw is a forced decision", m.res.Decisions, m.res.Forced)
	}
}

func TestNoOptionPassesWithoutDeciding(t *testing.T) {
	// Drawing by choice, passing never: a seat with no legal card and
	// nothing to draw passes without a decision.
	p := load(t, choiceGenome(cardrules.DrawByChoice, cardrules.PassNever, 2, false))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("2C"), cards("3S")}, disc: cards("KH")})
	tr := traced(m)
	m.turn()
	if m.res.Decisions != 0 || m.res.Passes != 1 || !slices.Equal(kinds(tr), []EventKind{EvPass}) {
		t.Errorf("decisions %d passes %d events %v: want an automatic pass", m.res.Decisions, m.res.Passes, kinds(tr))
	}
	if tr.Events[1].N != 0 || tr.Events[1].String() != "seat 0 cannot play and passes" {
		t.Errorf("the pass reads %q (N %d)", tr.Events[1].String(), tr.Events[1].N)
	}
}

func TestBlockedEnd(t *testing.T) {
	g := choiceGenome(cardrules.DrawWhenStuck, cardrules.PassNever, 1, false)
	g.Seats = genome.Seats{Min: 3, Max: 3, Default: 3}
	for _, tc := range []struct {
		blocked, passes int // passes in a row the game ends after, 0: never
	}{{0, 0}, {1, 3}, {2, 4}} {
		g.End.Blocked = tc.blocked
		p := load(t, g)
		// Nobody holds a heart, nothing can be drawn: everyone passes.
		m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("2C", "3C"), cards("4S"), cards("5D", "6D", "7D")}, disc: cards("KH")})
		turns := 0
		for !m.over && turns < 10 {
			m.turn()
			turns++
		}
		switch {
		case tc.passes == 0 && m.over:
			t.Errorf("blocked 0: the game ended after %d turns", turns)
		case tc.passes > 0 && (!m.over || turns != tc.passes || !m.res.Blocked):
			t.Errorf("blocked %d: over %v after %d turns, blocked %v; want over after %d", tc.blocked, m.over, turns, m.res.Blocked, tc.passes)
		case tc.passes > 0:
			// Ranked by cards held, fewer better: seat 1 (one card).
			if w := m.winner(); w != 1 {
				t.Errorf("blocked %d: winner %d, want seat 1 (fewest cards)", tc.blocked, w)
			}
		}
	}

	// A pass while a card can be drawn breaks the run.
	g.End.Blocked = 1
	g.Turn[0].Draw, g.Turn[0].Pass = cardrules.DrawByChoice, cardrules.PassAlways
	p := load(t, g)
	m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("2C"), cards("4S"), cards("5D")}, stock: cards("9S"), disc: cards("KH")})
	for s := range 3 {
		m.SetPlayer(s, &script{want: []uint8{OptPass, OptPass}})
	}
	for range 6 {
		m.turn()
	}
	if m.over || m.passes != 0 || m.res.Passes != 6 {
		t.Errorf("with a card to draw: over %v, passes in a row %d, passes %d; want false 0 6", m.over, m.passes, m.res.Passes)
	}
}

func TestStarterNot(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Deal.StarterNot = []genome.Rank{6}  // no 8 ...
	g.Deck.Ranks = []genome.Rank{0, 1, 6} // ... in a deck of 2s, 3s and 8s
	g.Deal.Cards, g.Deal.Overrides = 1, nil
	g.Turn[0].NameSuit = []genome.Rank{6}
	p := load(t, g)
	m := mustMachine(p, 2, nil)
	eights := 0
	for seed := range uint64(500) {
		tr := traced(m)
		m.Play(seed)
		if tr.Starter%13 == 6 {
			t.Fatalf("seed %d: the starter is %v", seed, genome.Card(tr.Starter))
		}
		for _, h := range tr.Hands {
			for _, c := range h {
				if c%13 == 6 {
					eights++
				}
			}
		}
	}
	// Eights go back into the stock, not out of the game: the deal still
	// holds them at their share (4 of 12 cards).
	if eights < 200 || eights > 480 {
		t.Errorf("eights dealt %d in 500 two-card deals, want about 333", eights)
	}
}

func TestStarterFires(t *testing.T) {
	for _, tc := range []struct {
		name  string
		e     genome.Effect
		first int // the first seat, of 4
		dir   int
		draws [4]int
	}{
		{"skip", eff("2", cardrules.SkipNext, 0, 1), 1, 1, [4]int{}},
		{"reverse", eff("2", cardrules.Reverse, 0, 0), 2, -1, [4]int{}},
		{"extra turn", eff("2", cardrules.ExtraTurn, 0, 0), 3, 1, [4]int{}},
		{"draw next", eff("2", cardrules.DrawCards, cardrules.TargetNext, 2), 0, 1, [4]int{2, 0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := labGenome(tc.e)
			g.Deal.StarterFires = true
			p := load(t, g)
			m := mustMachine(p, 4, nil)
			found := false
			for seed := range uint64(400) {
				tr := traced(m)
				m.reset(seed)
				if m.disc[0]%13 != 0 {
					continue // the starter is not a 2
				}
				found = true
				m.fireStarter()
				if m.cur != tc.first || m.dir != tc.dir || m.skip != 0 {
					t.Fatalf("seed %d: first seat %d dir %d skip %d, want %d %d 0", seed, m.cur, m.dir, m.skip, tc.first, tc.dir)
				}
				for s := range 4 {
					if got := int(m.count[s]) - 1; got != tc.draws[s] {
						t.Errorf("seed %d: seat %d drew %d, want %d", seed, s, got, tc.draws[s])
					}
				}
				if m.res.Turns != 0 || m.res.Plays != 0 || m.res.Effects[tc.e.Type] != 1 {
					t.Errorf("seed %d: turns %d plays %d effect firings %d, want 0 0 1", seed, m.res.Turns, m.res.Plays, m.res.Effects[tc.e.Type])
				}
				if i := slices.IndexFunc(tr.Events, func(e Event) bool { return e.Kind == EvEffect }); i < 0 || tr.Events[i].Seat != 3 {
					t.Errorf("seed %d: events %v, want the effect fired for the dealer, seat 3", seed, tr.Events)
				}
				break
			}
			if !found {
				t.Fatal("no seed turned up a 2")
			}
		})
	}

	// Without starter_fires, the same starter fires nothing.
	p := load(t, labGenome(eff("2", cardrules.SkipNext, 0, 1)))
	m := mustMachine(p, 4, nil)
	for seed := range uint64(400) {
		m.reset(seed)
		if m.disc[0]%13 == 0 && m.starterDue {
			t.Fatalf("seed %d: the starter fires without starter_fires", seed)
		}
	}
}

func TestReshuffleAtOnce(t *testing.T) {
	for _, atOnce := range []bool{false, true} {
		g := choiceGenome(cardrules.DrawByChoice, cardrules.PassAfterDraws, 2, false)
		g.ReshuffleAtOnce = atOnce
		p := load(t, g)
		m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "2C"), cards("3S")}, stock: cards("9D"), disc: cards("4D", "QD", "KH")})
		m.SetPlayer(0, &script{want: []uint8{OptDraw, cd("5H")}})
		tr := traced(m)
		m.turn()
		ks := kinds(tr)
		want := []EventKind{EvDraw, EvPlay}
		if atOnce {
			// The draw empties the stock, which the pile below the top
			// refills at once.
			want = []EventKind{EvDraw, EvReshuffle, EvPlay}
		}
		if !slices.Equal(ks, want) {
			t.Errorf("at once %v: events %v, want %v", atOnce, ks, want)
		}
		if err := checkState(m, true); err != nil {
			t.Fatal(err)
		}
	}

	// A card landing on the discard pile refills an empty stock at once.
	g := choiceGenome(cardrules.DrawByChoice, cardrules.PassAfterDraws, 2, false)
	g.ReshuffleAtOnce = true
	p := load(t, g)
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H", "2C"), cards("3S")}, disc: cards("KH")})
	m.SetPlayer(0, &script{want: []uint8{cd("5H")}})
	m.turn()
	if m.stockN != 1 || m.discN != 1 || m.disc[0] != cd("5H") {
		t.Errorf("stock %d discard %d top %v: want KH refilled into the stock under 5H", m.stockN, m.discN, genome.Card(m.disc[m.discN-1]))
	}
}

func TestLastCardInert(t *testing.T) {
	for _, inert := range []bool{false, true} {
		g := labGenome(eff("5", cardrules.DrawCards, cardrules.TargetNext, 2))
		g.LastCardInert = inert
		if inert {
			describes(t, g, "A player's last card, the one that empties their hand, has no effect.")
		}
		p := load(t, g)
		m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5H"), cards("3S")}, stock: cards("9D", "2D"), disc: cards("KH")})
		m.turn()
		fired := m.res.Effects[cardrules.DrawCards]
		if want := map[bool]int{false: 1, true: 0}[inert]; fired != want || !m.over {
			t.Errorf("inert %v: the winning last card fired %d effects (want %d), game over %v", inert, fired, want, m.over)
		}
		if drew := int(m.count[1]) - 1; inert && drew != 0 || !inert && drew != 2 {
			t.Errorf("inert %v: seat 1 drew %d", inert, drew)
		}
	}
}
