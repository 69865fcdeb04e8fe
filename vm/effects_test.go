package vm

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Effect scenarios on hand-built states of the lab game (labGenome: a card
// must follow the active suit, so a seat holding one heart on a heart top
// card has exactly one legal card and the decision is forced). The expected
// values come from ARCHITECTURE.md ("Seats and turn order", "Special
// effects") and the vm package doc.

// Effect shorthands.
func skipE(rank string, v int) genome.Effect { return eff(rank, cardrules.SkipNext, 0, v) }
func reverseE(rank string) genome.Effect     { return eff(rank, cardrules.Reverse, 0, 0) }
func extraE(rank string) genome.Effect       { return eff(rank, cardrules.ExtraTurn, 0, 0) }
func drawE(rank string, t genome.Target, v int) genome.Effect {
	return eff(rank, cardrules.DrawCards, t, v)
}
func discardE(rank string, t genome.Target, v int) genome.Effect {
	return eff(rank, cardrules.ForceDiscard, t, v)
}

// clubsHands gives each of n seats two clubs (never legal on a heart), so
// only the cards a test adds in hearts can be played.
func clubsHands(n int) [][]uint8 {
	h := make([][]uint8, n)
	for s := range n {
		h[s] = []uint8{uint8(2 * s), uint8(2*s + 1)} // 2C,3C / 4C,5C / ...
	}
	return h
}

// TestTurnOrderEffects plays one turn of the current seat, which holds a
// single legal card carrying the effects, and checks the skip count and
// direction after the play and who moves next.
func TestTurnOrderEffects(t *testing.T) {
	cases := []struct {
		name     string
		effects  []genome.Effect
		n        int
		out      []int
		cur, dir int
		wantSkip int // after the card resolved
		wantDir  int
		wantNext int
	}{
		{"no effect 4p", nil, 4, nil, 0, 1, 0, 1, 1},
		{"no effect wraps", nil, 4, nil, 3, 1, 0, 1, 0},
		{"skip 1 at 3p", []genome.Effect{skipE("J", 1)}, 3, nil, 0, 1, 1, 1, 2},
		{"skip 1 at 3p wraps", []genome.Effect{skipE("J", 1)}, 3, nil, 2, 1, 1, 1, 1},
		{"skip 1 at 4p", []genome.Effect{skipE("J", 1)}, 4, nil, 0, 1, 1, 1, 2},
		{"skip 1 at 4p wraps", []genome.Effect{skipE("J", 1)}, 4, nil, 3, 1, 1, 1, 1},
		{"skip 2 at 4p", []genome.Effect{skipE("J", 2)}, 4, nil, 0, 1, 2, 1, 3},
		{"skip 1 at 2p: same seat again", []genome.Effect{skipE("J", 1)}, 2, nil, 0, 1, 1, 1, 0},
		{"skip 13 capped at 3 (4p)", []genome.Effect{skipE("J", 13)}, 4, nil, 1, 1, 3, 1, 1},
		{"skip 13 capped at 2 (3p)", []genome.Effect{skipE("J", 13)}, 3, nil, 0, 1, 2, 1, 0},
		{"skip 2 capped at 1 (2p)", []genome.Effect{skipE("J", 2)}, 2, nil, 1, 1, 1, 1, 1},
		{"two skips add", []genome.Effect{skipE("J", 1), skipE("J", 1)}, 4, nil, 0, 1, 2, 1, 3},
		{"two skips capped", []genome.Effect{skipE("J", 2), skipE("J", 2)}, 4, nil, 0, 1, 3, 1, 0},
		{"skip 5 with 3 of 5 in: capped at 2", []genome.Effect{skipE("J", 5)}, 5, []int{1, 3}, 2, 1, 2, 1, 2},
		{"skip over out seats", []genome.Effect{skipE("J", 1)}, 5, []int{1, 2}, 0, 1, 1, 1, 4},
		{"skip against the direction", []genome.Effect{skipE("J", 1)}, 4, nil, 0, -1, 1, -1, 2},
		{"reverse at 4p", []genome.Effect{reverseE("Q")}, 4, nil, 1, 1, 0, -1, 0},
		{"reverse at 4p wraps", []genome.Effect{reverseE("Q")}, 4, nil, 0, 1, 0, -1, 3},
		{"reverse back", []genome.Effect{reverseE("Q")}, 4, nil, 0, -1, 0, 1, 1},
		{"double reverse", []genome.Effect{reverseE("Q"), reverseE("Q")}, 4, nil, 0, 1, 0, 1, 1},
		{"reverse at 2p: next is the other seat", []genome.Effect{reverseE("Q")}, 2, nil, 0, 1, 0, -1, 1},
		{"reverse at 2p from seat 1", []genome.Effect{reverseE("Q")}, 2, nil, 1, 1, 0, -1, 0},
		{"reverse with 2 of 3 in", []genome.Effect{reverseE("Q")}, 3, []int{2}, 0, 1, 0, -1, 1},
		{"reverse over an out seat", []genome.Effect{reverseE("Q")}, 5, []int{4}, 0, 1, 0, -1, 3},
		{"reverse then skip", []genome.Effect{reverseE("Q"), skipE("Q", 1)}, 4, nil, 1, 1, 1, -1, 3},
		{"extra turn at 4p", []genome.Effect{extraE("K")}, 4, nil, 2, 1, 3, 1, 2},
		{"extra turn at 2p", []genome.Effect{extraE("K")}, 2, nil, 1, 1, 1, 1, 1},
		{"extra turn reversed", []genome.Effect{extraE("K")}, 4, nil, 2, -1, 3, -1, 2},
		{"extra turn with out seats", []genome.Effect{extraE("K")}, 5, []int{1, 3}, 2, 1, 2, 1, 2},
		{"extra turn then skip", []genome.Effect{extraE("K"), skipE("K", 1)}, 4, nil, 2, 1, 3, 1, 2},
		{"skip then extra turn", []genome.Effect{skipE("K", 2), extraE("K")}, 4, nil, 2, 1, 3, 1, 2},
		{"extra turn then reverse", []genome.Effect{extraE("K"), reverseE("K")}, 4, nil, 2, 1, 3, -1, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := labGenome(tc.effects...)
			if len(tc.out) > 0 {
				// Seats out mid-game only exist in a one-left game.
				g.End.Until = cardrules.UntilOneLeft
			}
			p := load(t, g)
			hands := clubsHands(tc.n)
			for _, s := range tc.out {
				hands[s] = nil
			}
			// The effect card: the rank of the first effect (or a 5), in
			// hearts, on a heart top card.
			rank := "5"
			if len(tc.effects) > 0 {
				rank = tc.effects[0].Rank.String()
			}
			hands[tc.cur] = append(hands[tc.cur], cd(rank+"H"))
			m := newLab(t, p, tc.n, nil, layout{
				hands: hands, stock: cards("2D", "3D", "4D"), disc: cards("9H"),
				cur: tc.cur, dir: tc.dir, out: tc.out,
			})
			m.playPhase(&p.phases[0])
			if got := m.disc[m.discN-1]; got != cd(rank+"H") {
				t.Fatalf("played %v, want %sH", genome.Card(got), rank)
			}
			if m.skip != tc.wantSkip {
				t.Errorf("skip after the card = %d, want %d", m.skip, tc.wantSkip)
			}
			if m.dir != tc.wantDir {
				t.Errorf("direction after the card = %d, want %d", m.dir, tc.wantDir)
			}
			if err := checkState(m, false); err != nil {
				t.Fatal(err)
			}
			// The rest of the turn: end checks, then the advance.
			m2 := newLab(t, p, tc.n, nil, layout{
				hands: hands, stock: cards("2D", "3D", "4D"), disc: cards("9H"),
				cur: tc.cur, dir: tc.dir, out: tc.out,
			})
			m2.turn()
			if m2.cur != tc.wantNext {
				t.Errorf("next seat = %d, want %d", m2.cur, tc.wantNext)
			}
			if m2.skip != 0 {
				t.Errorf("skip after the turn = %d, want 0 (it resets)", m2.skip)
			}
			if err := checkState(m2, true); err != nil {
				t.Fatal(err)
			}
			var want [NumEffectTypes]int
			for _, e := range tc.effects {
				want[e.Type]++
			}
			if m2.res.Effects != want {
				t.Errorf("effect counts %v, want %v", m2.res.Effects, want)
			}
		})
	}
}

// TestReverseThenAdvance: after a reverse the following turns go the other
// way round, wrapping past seat 0.
func TestReverseThenAdvance(t *testing.T) {
	p := load(t, labGenome(reverseE("Q")))
	hands := clubsHands(4)
	hands[1] = append(hands[1], cd("QH"))
	hands[0] = append(hands[0], cd("5H"))
	hands[3] = append(hands[3], cd("6H"))
	m := newLab(t, p, 4, nil, layout{hands: hands, stock: cards("2D", "3D"), disc: cards("9H"), cur: 1})
	var seats []int
	for range 3 {
		seats = append(seats, m.cur)
		m.turn()
		if err := checkState(m, true); err != nil {
			t.Fatal(err)
		}
	}
	seats = append(seats, m.cur)
	// Seat 1 reverses; seat 0 plays 5H; seat 3 plays 6H; then seat 2.
	if want := []int{1, 0, 3, 2}; !slices.Equal(seats, want) {
		t.Errorf("seats moved %v, want %v", seats, want)
	}
	if m.dir != -1 {
		t.Errorf("direction %d, want -1", m.dir)
	}
}

// TestStepSkipsOutSeats checks the seat arithmetic over active seats.
func TestStepSkipsOutSeats(t *testing.T) {
	g := labGenome()
	g.End.Until = cardrules.UntilOneLeft
	p := load(t, g)
	hands := clubsHands(6)
	hands[1], hands[4] = nil, nil
	m := newLab(t, p, 6, nil, layout{hands: hands, stock: cards("2D"), disc: cards("9H"), out: []int{1, 4}})
	cases := []struct{ from, dir, k, want int }{
		{0, 1, 1, 2}, {0, 1, 2, 3}, {0, 1, 3, 5}, {0, 1, 4, 0}, {0, 1, 5, 2},
		{0, -1, 1, 5}, {5, 1, 1, 0}, {2, -1, 1, 0}, {3, -1, 2, 0}, {0, 1, 0, 0},
		// From a seat that is itself out (it just went out).
		{1, 1, 1, 2}, {4, 1, 1, 5}, {4, -1, 1, 3}, {1, -1, 1, 0},
	}
	for _, c := range cases {
		if got := m.step(c.from, c.dir, c.k); got != c.want {
			t.Errorf("step(%d, %+d, %d) = %d, want %d", c.from, c.dir, c.k, got, c.want)
		}
	}
	// Whole turns with no effects: 0 -> 2 -> 3 -> 5 -> 0.
	for i := range hands {
		if hands[i] != nil {
			hands[i] = append(hands[i], uint8(cd("2H")+uint8(i)))
		}
	}
	m = newLab(t, p, 6, nil, layout{hands: hands, stock: cards("2D"), disc: cards("9H"), out: []int{1, 4}})
	var seats []int
	for range 5 {
		seats = append(seats, m.cur)
		m.turn()
		if err := checkState(m, true); err != nil {
			t.Fatal(err)
		}
	}
	if want := []int{0, 2, 3, 5, 0}; !slices.Equal(seats, want) {
		t.Errorf("seats moved %v, want %v", seats, want)
	}
}

// TestDrawShortStock: a draw effect takes what the stock holds and, with no
// reshuffle allowed or nothing below the top discard card, no more.
func TestDrawShortStock(t *testing.T) {
	for _, reshuffle := range []bool{false, true} {
		g := labGenome(drawE("2", cardrules.TargetNext, 3))
		g.Reshuffle = reshuffle
		p := load(t, g)
		hands := clubsHands(3)
		hands[0] = append(hands[0], cd("2H"))
		// The played 2H lands on an empty discard pile: it is the top
		// card and nothing is below it, so no reshuffle can happen.
		m := newLab(t, p, 3, nil, layout{hands: hands, stock: cards("AS")})
		m.fireOnly(t, 0, cd("2H"))
		if got, want := m.hand[1], setOf("4C", "5C", "AS"); got != want {
			t.Errorf("reshuffle=%v: next seat holds %s, want %s", reshuffle, cardNames(got), cardNames(want))
		}
		if m.stockN != 0 || m.discN != 1 || m.disc[0] != cd("2H") {
			t.Errorf("reshuffle=%v: stock %d, discard %v", reshuffle, m.stockN, m.disc[:m.discN])
		}
		// With cards below the top: only a reshuffling game takes them.
		m = newLab(t, p, 3, nil, layout{hands: hands, stock: cards("AS"), disc: cards("4D", "5D", "9H")})
		m.fireOnly(t, 0, cd("2H"))
		got := m.count[1] - 2
		want := uint8(1)
		if reshuffle {
			want = 3
		}
		if got != want {
			t.Errorf("reshuffle=%v: next seat drew %d cards, want %d", reshuffle, got, want)
		}
		if m.disc[m.discN-1] != cd("2H") {
			t.Errorf("reshuffle=%v: top discard card is %v, want 2H", reshuffle, genome.Card(m.disc[m.discN-1]))
		}
	}
}

// fireOnly moves card c from seat s's hand onto the discard pile as a play
// would, and resolves its effects (not the end checks).
func (m *Machine) fireOnly(tb testing.TB, s int, c uint8) {
	tb.Helper()
	if m.hand[s]&(1<<c) == 0 {
		tb.Fatalf("seat %d does not hold %v", s, genome.Card(c))
	}
	m.take(s, c)
	m.disc[m.discN] = c
	m.discN++
	m.suit = c / 13
	m.fireEffects(c%13, s, cardrules.Played)
	if err := checkState(m, false); err != nil {
		tb.Fatal(err)
	}
}

// TestDrawAcrossReshuffle: the stock runs out during a draw effect; the
// discard pile below its top card is shuffled (one ShuffleBytes, pile order
// bottom first) into the stock and the draw goes on; the top discard card
// (the card just played) is never taken.
func TestDrawAcrossReshuffle(t *testing.T) {
	for _, v := range []int{3, 13} {
		p := load(t, labGenome(drawE("2", cardrules.TargetNext, v)))
		hands := clubsHands(3)
		hands[0] = append(hands[0], cd("2H"))
		below := cards("4D", "5D", "6D", "9H")
		m := newLab(t, p, 3, nil, layout{hands: hands, stock: cards("AS"), disc: below})
		ref := m.rng
		m.turn() // 2H is the only heart: a forced decision, no random draw
		want := slices.Clone(below)
		ref.ShuffleBytes(want)
		if m.rng != ref {
			t.Errorf("value %d: rng state differs from one ShuffleBytes of the 4 cards below the top", v)
		}
		var wantHand []uint8
		wantHand = append(wantHand, cd("4C"), cd("5C"), cd("AS"))
		wantStock := slices.Clone(want)
		for range min(v-1, len(want)) {
			wantHand = append(wantHand, wantStock[len(wantStock)-1])
			wantStock = wantStock[:len(wantStock)-1]
		}
		if got := m.hand[1]; got != set(wantHand...) {
			t.Errorf("value %d: next seat holds %s, want %s", v, cardNames(got), cardNames(set(wantHand...)))
		}
		if !slices.Equal(m.stock[:m.stockN], wantStock) {
			t.Errorf("value %d: stock %v, want %v", v, m.stock[:m.stockN], wantStock)
		}
		if m.discN != 1 || m.disc[0] != cd("2H") {
			t.Errorf("value %d: discard pile %v, want just the played 2H", v, m.disc[:m.discN])
		}
		if m.suit != 2 {
			t.Errorf("value %d: active suit %d after the reshuffle, want hearts (2)", v, m.suit)
		}
		if err := checkState(m, true); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDrawTargets: next, previous, self and all opponents, in both
// directions; the draws of all opponents go round from the next seat, so
// a short stock favours the seats nearest in play order.
func TestDrawTargets(t *testing.T) {
	cases := []struct {
		target   genome.Target
		cur, dir int
		stock    int
		want     []int // cards drawn per seat
	}{
		{cardrules.TargetNext, 1, 1, 5, []int{0, 0, 2, 0}},
		{cardrules.TargetNext, 1, -1, 5, []int{2, 0, 0, 0}},
		{cardrules.TargetPrevious, 1, 1, 5, []int{2, 0, 0, 0}},
		{cardrules.TargetPrevious, 0, 1, 5, []int{0, 0, 0, 2}},
		{cardrules.TargetPrevious, 1, -1, 5, []int{0, 0, 2, 0}},
		{cardrules.TargetSelf, 2, 1, 5, []int{0, 0, 2, 0}},
		{cardrules.TargetAllOpponents, 1, 1, 9, []int{2, 0, 2, 2}},
		// A short stock: 3 cards for 2 each, from the next seat round
		// in play direction.
		{cardrules.TargetAllOpponents, 1, 1, 3, []int{0, 0, 2, 1}},
		{cardrules.TargetAllOpponents, 3, 1, 3, []int{2, 1, 0, 0}},
	}
	for _, tc := range cases {
		hands := clubsHands(4)
		hands[tc.cur] = append(hands[tc.cur], cd("2H"))
		stock := cards("2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S")[:tc.stock]
		g := labGenome(drawE("2", tc.target, 2))
		g.Reshuffle = false
		p := load(t, g)
		m := newLab(t, p, 4, nil, layout{hands: hands, stock: stock, disc: cards("9H"), cur: tc.cur, dir: tc.dir})
		m.fireOnly(t, tc.cur, cd("2H"))
		var got []int
		for s := range 4 {
			n := int(m.count[s]) - 2
			got = append(got, n)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%v from seat %d dir %+d, stock %d: drawn %v, want %v", tc.target, tc.cur, tc.dir, tc.stock, got, tc.want)
		}
		// Interactions: each other seat that drew a card counts.
		wantI := 0
		for s, n := range tc.want {
			if s != tc.cur && n > 0 {
				wantI++
			}
		}
		if tc.target != cardrules.TargetSelf && m.res.Interactions != wantI {
			t.Errorf("%v: interactions %d, want %d", tc.target, m.res.Interactions, wantI)
		}
	}
}

// TestEffectsResolveInGenomeOrder: a reverse listed before a draw-next
// changes who "next" is; listed after, it does not.
func TestEffectsResolveInGenomeOrder(t *testing.T) {
	for _, tc := range []struct {
		name    string
		effects []genome.Effect
		drawer  int
	}{
		{"reverse then draw", []genome.Effect{reverseE("Q"), drawE("Q", cardrules.TargetNext, 1)}, 0},
		{"draw then reverse", []genome.Effect{drawE("Q", cardrules.TargetNext, 1), reverseE("Q")}, 2},
		{"reverse then draw previous", []genome.Effect{reverseE("Q"), drawE("Q", cardrules.TargetPrevious, 1)}, 2},
		{"skip then draw next (skip does not move next)", []genome.Effect{skipE("Q", 1), drawE("Q", cardrules.TargetNext, 1)}, 2},
	} {
		p := load(t, labGenome(tc.effects...))
		hands := clubsHands(4)
		hands[1] = append(hands[1], cd("QH"))
		m := newLab(t, p, 4, nil, layout{hands: hands, stock: cards("AS", "KS"), disc: cards("9H"), cur: 1})
		m.turn()
		if m.hand[tc.drawer]&setOf("KS") == 0 {
			t.Errorf("%s: seat %d should have drawn KS; hands %s %s %s %s", tc.name, tc.drawer,
				cardNames(m.hand[0]), cardNames(m.hand[1]), cardNames(m.hand[2]), cardNames(m.hand[3]))
		}
		if err := checkState(m, true); err != nil {
			t.Fatal(err)
		}
	}
}

// TestForceDiscard: the target decides which cards (Greedy sheds its
// highest ranks), they go beneath the top card of the discard pile, they
// fire nothing, and the top card and active suit stay.
func TestForceDiscard(t *testing.T) {
	p := load(t, labGenome(discardE("7", cardrules.TargetNext, 2), skipE("J", 1), drawE("A", cardrules.TargetAllOpponents, 3)))
	hands := [][]uint8{cards("2C", "7H"), cards("3C", "JC", "JD", "AC"), cards("4C", "5C")}
	m := newLab(t, p, 3, []Policy{Greedy, Greedy, Greedy}, layout{hands: hands, stock: cards("2S", "3S"), disc: cards("9D", "9H")})
	m.turn()
	// Greedy sheds the highest rank first, lowest suit on ties: AC, then JC.
	if got, want := m.disc[:m.discN], cards("9D", "9H", "AC", "JC", "7H"); !slices.Equal(got, want) {
		t.Errorf("discard pile %v, want %v (bottom first)", got, want)
	}
	if got, want := m.hand[1], setOf("3C", "JD"); got != want {
		t.Errorf("target holds %s, want %s", cardNames(got), cardNames(want))
	}
	if m.suit != 2 {
		t.Errorf("active suit %d, want hearts (2)", m.suit)
	}
	// Nothing but the 7 fired: no skip from the jack, no draw from the ace.
	if want := [NumEffectTypes]int{4: 1}; m.res.Effects != want {
		t.Errorf("effects fired %v, want %v", m.res.Effects, want)
	}
	if m.cur != 1 {
		t.Errorf("next seat %d, want 1 (the discarded jack must not skip)", m.cur)
	}
	if m.count[2] != 2 || m.stockN != 2 {
		t.Errorf("the discarded ace drew cards: seat 2 holds %d, stock %d", m.count[2], m.stockN)
	}
	// Decisions: seat 0's play (one option: 7H is its only heart) and
	// seat 1's two discards out of turn (4 then 3 options).
	if m.res.Decisions != 3 || m.res.Options != 1+4+3 || m.res.Forced != 1 {
		t.Errorf("decisions %d options %d forced %d, want 3, 8, 1", m.res.Decisions, m.res.Options, m.res.Forced)
	}
	if m.res.Plays != 1 {
		t.Errorf("plays %d, want 1 (forced discards are not plays)", m.res.Plays)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}

// TestForceDiscardShortHand: the target discards min(value, hand size);
// emptying its hand that way puts it out like any empty hand.
func TestForceDiscardShortHand(t *testing.T) {
	p := load(t, labGenome(discardE("7", cardrules.TargetNext, 3)))
	hands := [][]uint8{cards("2C", "7H"), cards("KC"), cards("4C", "5C")}
	m := newLab(t, p, 3, nil, layout{hands: hands, stock: cards("2S"), disc: cards("9H")})
	m.turn()
	if got, want := m.disc[:m.discN], cards("9H", "KC", "7H"); !slices.Equal(got, want) {
		t.Errorf("discard pile %v, want %v", got, want)
	}
	if m.count[1] != 0 || m.hand[1] != 0 {
		t.Errorf("target holds %s", cardNames(m.hand[1]))
	}
	if !m.over || m.winner() != 1 {
		t.Errorf("over=%v winner=%d, want the emptied seat 1 to win the first-out game", m.over, m.winner())
	}
	if m.res.Decisions != 2 || m.res.Forced != 2 {
		t.Errorf("decisions %d forced %d, want 2 and 2", m.res.Decisions, m.res.Forced)
	}
	if err := checkConservation(m); err != nil {
		t.Fatal(err)
	}
	// An empty target discards nothing and decides nothing.
	hands = [][]uint8{cards("2C", "7H"), nil, cards("4C", "5C")}
	m = newLab(t, p, 3, nil, layout{hands: hands, stock: cards("2S"), disc: cards("9H")})
	m.fireOnly(t, 0, cd("7H"))
	if m.discN != 2 || m.res.Decisions != 0 {
		t.Errorf("empty target: discard %v, decisions %d", m.disc[:m.discN], m.res.Decisions)
	}
}

// TestWinningLastCardFires: the last card of a hand still fires its
// effects before the win is checked.
func TestWinningLastCardFires(t *testing.T) {
	p := load(t, labGenome(drawE("2", cardrules.TargetNext, 2), reverseE("2")))
	hands := [][]uint8{cards("2H"), cards("3C"), cards("4C"), cards("5C")}
	m := newLab(t, p, 4, nil, layout{hands: hands, stock: cards("2S", "3S", "4S"), disc: cards("9H")})
	m.turn()
	if !m.over {
		t.Fatal("the game should be over")
	}
	if w := m.winner(); w != 0 {
		t.Errorf("winner %d, want 0", w)
	}
	if want := [NumEffectTypes]int{2: 1, 1: 1}; m.res.Effects != want {
		t.Errorf("effects %v, want %v", m.res.Effects, want)
	}
	// The draw went to seat 1 (next before the reverse).
	if m.count[1] != 3 {
		t.Errorf("seat 1 holds %d cards, want 3", m.count[1])
	}
	if err := checkConservation(m); err != nil {
		t.Fatal(err)
	}
	// The same through Play's result: a game that ends on turn 1.
	if m.res.Turns != 1 {
		t.Errorf("turns %d, want 1", m.res.Turns)
	}
}

// TestRandomOpponentOneDraw: a random-opponent target takes exactly one
// rng.IntN over the active opponents, counted from the next seat, even
// when there is a single opponent.
func TestRandomOpponentOneDraw(t *testing.T) {
	for _, tc := range []struct {
		n   int
		out []int
		cur int
	}{
		{2, nil, 0}, {2, nil, 1}, {3, nil, 0}, {4, nil, 2}, {5, []int{2}, 0}, {5, []int{0, 4}, 1}, {3, []int{1}, 0},
	} {
		g := labGenome(drawE("2", cardrules.TargetRandomOpponent, 1))
		g.End.Until = cardrules.UntilOneLeft
		p := load(t, g)
		for seed := uint64(1); seed <= 40; seed++ {
			hands := clubsHands(tc.n)
			for _, s := range tc.out {
				hands[s] = nil
			}
			hands[tc.cur] = append(hands[tc.cur], cd("2H"))
			m := newLab(t, p, tc.n, nil, layout{hands: hands, stock: cards("AS"), disc: cards("9H"), cur: tc.cur, out: tc.out})
			m.rng.Seed(seed)
			ref := rng.New(seed)
			k := ref.IntN(m.nActive - 1)
			// The opponents counted from the next seat in play direction.
			var opp []int
			for i := 1; i < tc.n; i++ {
				s := (tc.cur + i) % tc.n
				if !slices.Contains(tc.out, s) {
					opp = append(opp, s)
				}
			}
			m.turn()
			if m.rng != ref {
				t.Fatalf("%d seats, out %v, seed %d: rng state is not that of a fresh source after one IntN(%d)", tc.n, tc.out, seed, len(opp))
			}
			if m.hand[opp[k]]&setOf("AS") == 0 {
				t.Fatalf("%d seats, out %v, seed %d: IntN gave %d, so seat %d should have drawn", tc.n, tc.out, seed, k, opp[k])
			}
			if err := checkState(m, true); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestEndCheckOrderFromCurrentSeat: when an effect empties several hands at
// once in a first-out game, the seats go out in seat order from the current
// seat, so the first of them after the current seat wins.
func TestEndCheckOrderFromCurrentSeat(t *testing.T) {
	p := load(t, labGenome(discardE("7", cardrules.TargetAllOpponents, 1)))
	hands := [][]uint8{cards("2C"), cards("3C", "4C", "7H"), cards("5C", "6C"), cards("8C")}
	m := newLab(t, p, 4, nil, layout{hands: hands, stock: cards("2S"), disc: cards("9H"), cur: 1})
	m.turn()
	if !m.over {
		t.Fatal("game should be over")
	}
	// Seats 0 and 3 emptied; from seat 1 the order is 2, 3, 0, 1.
	if w := m.winner(); w != 3 {
		t.Errorf("winner %d, want 3 (first emptied seat after the current seat 1)", w)
	}
	if m.nOut != 2 || m.outOrder[0] != 3 || m.outOrder[1] != 0 {
		t.Errorf("out order %v", m.outOrder[:m.nOut])
	}
}

// TestPhasesAfterGoingOut: a seat that went out during its play phase
// takes no further part in its turn: a later draw, take or ask phase must
// not give it cards. (Seats are out only with empty hands, or with their
// cards on the table; the play phase itself already skips an out seat.)
func TestPhasesAfterGoingOut(t *testing.T) {
	for _, later := range []genome.Phase{
		{Kind: cardrules.PhaseDraw, Count: 2},
		{Kind: cardrules.PhaseTake, From: cardrules.TargetNext},
		{Kind: cardrules.PhaseAsk},
	} {
		t.Run(later.Kind.String(), func(t *testing.T) {
			g := labGenome()
			g.End.Until = cardrules.UntilOneLeft
			g.Turn = append(g.Turn, later)
			if err := g.Validate(); err != nil {
				t.Skipf("the model does not allow play then %v: %v", later.Kind, err)
			}
			p := load(t, g)
			hands := [][]uint8{cards("2H"), cards("3C", "4C"), cards("5C", "6C")}
			m := newLab(t, p, 3, nil, layout{hands: hands, stock: cards("2S", "3S", "4S"), disc: cards("9H")})
			m.turn()
			if m.isActive(0) {
				t.Fatal("seat 0 emptied its hand and should be out")
			}
			if m.count[0] != 0 {
				t.Errorf("seat 0 is out (a winner), but the %v phase after it went out gave it cards: %s", later.Kind, cardNames(m.hand[0]))
			}
			if m.cur != 1 {
				t.Errorf("next seat %d, want 1", m.cur)
			}
			if err := checkState(m, true); err != nil {
				t.Error(err)
			}
		})
	}
}
