package vm

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Rules scenarios per seed game, on hand-built states. Expected values come
// from the seed's rules, ARCHITECTURE.md and the vm package doc.

// traced attaches an empty trace to m and returns it.
func traced(m *Machine) *Trace {
	t := &Trace{Seats: m.n}
	m.trace = t
	return t
}

// kinds lists the kinds of the trace's events but the turn markers.
func kinds(tr *Trace) []EventKind {
	var ks []EventKind
	for _, e := range tr.Events {
		if e.Kind != EvTurn {
			ks = append(ks, e.Kind)
		}
	}
	return ks
}

// ---- crazy-eights ----

func TestCrazyEightsNamesSuit(t *testing.T) {
	p := testkit.LoadSeed(t, "crazy-eights", Load)
	ph := &p.phases[0]
	hands := [][]uint8{cards("8C", "5H", "6H", "7H", "2D"), cards("5C", "3H", "9D", "8D", "QC")}

	// Greedy names the suit it holds most of.
	m := newLab(t, p, 2, []Policy{Greedy, Greedy}, layout{hands: hands, stock: cards("2S", "3S"), disc: cards("9S")})
	if got := m.legal(ph, 0); got != setOf("8C") {
		t.Fatalf("legal on 9S: %s, want {8C}", cardNames(got))
	}
	tr := traced(m)
	m.turn()
	if m.disc[m.discN-1] != cd("8C") {
		t.Fatalf("top card %v, want 8C", genome.Card(m.disc[m.discN-1]))
	}
	if m.suit != 2 {
		t.Errorf("named suit %d, want hearts (2): greedy holds three hearts", m.suit)
	}
	if want := []EventKind{EvPlay, EvNameSuit}; !slices.Equal(kinds(tr), want) {
		t.Errorf("events %v, want %v", kinds(tr), want)
	}
	// Card decision forced (1 option), then the suit (4 options).
	if m.res.Decisions != 2 || m.res.Options != 5 || m.res.Forced != 1 {
		t.Errorf("decisions %d options %d forced %d, want 2 5 1", m.res.Decisions, m.res.Options, m.res.Forced)
	}
	// Legality now uses the named suit: hearts, or rank 8, or an eight.
	// 5C follows the eight's own suit but not the named one.
	if got, want := m.legal(ph, 1), setOf("3H", "8D"); got != want {
		t.Errorf("legal after 8C naming hearts: %s, want %s", cardNames(got), cardNames(want))
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}

	// Random names a suit with one IntN(4) draw.
	for seed := uint64(1); seed <= 16; seed++ {
		m = newLab(t, p, 2, nil, layout{hands: hands, stock: cards("2S", "3S"), disc: cards("9S")})
		m.rng.Seed(seed)
		ref := m.rng
		want := uint8(ref.IntN(4))
		m.turn()
		if m.suit != want || m.rng != ref {
			t.Errorf("seed %d: named suit %d, want %d from one IntN(4) (rng in step: %v)", seed, m.suit, want, m.rng == ref)
		}
	}
}

func TestCrazyEightsDrawThenPass(t *testing.T) {
	p := testkit.LoadSeed(t, "crazy-eights", Load)
	hands := [][]uint8{cards("2C"), cards("5C", "6C")}
	// Stock bottom first: KS would be legal, but only draw_max=3 cards
	// are drawn: 5D, 4D, 3D, none legal on 9S.
	m := newLab(t, p, 2, nil, layout{hands: hands, stock: cards("KS", "3D", "4D", "5D"), disc: cards("9S")})
	tr := traced(m)
	m.turn()
	if want := []EventKind{EvDraw, EvDraw, EvDraw, EvPass}; !slices.Equal(kinds(tr), want) {
		t.Errorf("events %v, want %v", kinds(tr), want)
	}
	if got, want := m.hand[0], setOf("2C", "3D", "4D", "5D"); got != want {
		t.Errorf("hand %s, want %s", cardNames(got), cardNames(want))
	}
	if m.stockN != 1 || m.stock[0] != cd("KS") {
		t.Errorf("stock %v", m.stock[:m.stockN])
	}
	if m.res.Plays != 0 || m.res.Decisions != 0 || m.cur != 1 {
		t.Errorf("plays %d decisions %d next %d, want 0 0 1", m.res.Plays, m.res.Decisions, m.cur)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}

	// Drawing stops at the first legal card, which is then played.
	m = newLab(t, p, 2, nil, layout{hands: hands, stock: cards("3D", "9D", "5D"), disc: cards("9S")})
	tr = traced(m)
	m.turn()
	if want := []EventKind{EvDraw, EvDraw, EvPlay}; !slices.Equal(kinds(tr), want) {
		t.Errorf("events %v, want %v", kinds(tr), want)
	}
	if m.disc[m.discN-1] != cd("9D") || m.hand[0] != setOf("2C", "5D") || m.stockN != 1 {
		t.Errorf("top %v hand %s stock %d", genome.Card(m.disc[m.discN-1]), cardNames(m.hand[0]), m.stockN)
	}

	// Nothing to draw and nothing to reshuffle: pass at once.
	m = newLab(t, p, 2, nil, layout{hands: hands, disc: cards("9S")})
	tr = traced(m)
	m.turn()
	if want := []EventKind{EvPass}; !slices.Equal(kinds(tr), want) {
		t.Errorf("events %v, want %v", kinds(tr), want)
	}
}

func TestCrazyEightsReshuffle(t *testing.T) {
	p := testkit.LoadSeed(t, "crazy-eights", Load)
	hands := [][]uint8{cards("2C"), cards("5C", "6C")}
	below := cards("3H", "4H", "5H")
	m := newLab(t, p, 2, nil, layout{hands: hands, disc: append(slices.Clone(below), cd("9S"))})
	ref := m.rng
	want := slices.Clone(below)
	ref.ShuffleBytes(want)
	tr := traced(m)
	m.turn()
	if m.rng != ref {
		t.Error("rng state is not that of one ShuffleBytes of the 3 cards below the top")
	}
	wantEv := []Event{{EvTurn, 0, 0, 1}, {EvReshuffle, -1, 0, 3}, {EvDraw, 0, want[2], 0}, {EvDraw, 0, want[1], 0}, {EvDraw, 0, want[0], 0}, {EvPass, 0, 0, 0}}
	if !slices.Equal(tr.Events, wantEv) {
		t.Errorf("events %v, want %v", tr.Events, wantEv)
	}
	if m.discN != 1 || m.disc[0] != cd("9S") || m.suit != 3 {
		t.Errorf("discard %v suit %d, want [9S] spades", m.disc[:m.discN], m.suit)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}

// ---- war ----

func TestWarBattle(t *testing.T) {
	p := load(t, warGenome(t, 3, cardrules.ReturnsInOrder))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("KC", "6C"), cards("2D", "6D")}})
	m.turn()
	if got, want := m.pileCards(0), cards("6C", "KC", "2D"); !slices.Equal(got, want) {
		t.Errorf("seat 0 pile %v, want %v (won cards to the bottom, in the order played)", got, want)
	}
	if got, want := m.pileCards(1), cards("6D"); !slices.Equal(got, want) {
		t.Errorf("seat 1 pile %v, want %v", got, want)
	}
	if m.res.Plays != 2 || m.res.Interactions != 1 || m.cur != 1 {
		t.Errorf("plays %d interactions %d next %d", m.res.Plays, m.res.Interactions, m.cur)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}

func TestWarTie(t *testing.T) {
	piles := [][]uint8{cards("5C", "2C", "3C", "4C", "KC", "6C"), cards("5D", "2D", "3D", "4D", "QD", "6D")}
	table := cards("5C", "5D", "2C", "3C", "4C", "2D", "3D", "4D", "KC", "QD")
	for _, ret := range []genome.Returns{cardrules.ReturnsInOrder, cardrules.ReturnsShuffled} {
		p := load(t, warGenome(t, 3, ret))
		m := newLab(t, p, 2, nil, layout{hands: piles})
		ref := m.rng
		want := slices.Clone(table)
		if ret == cardrules.ReturnsShuffled {
			ref.ShuffleBytes(want)
		}
		tr := traced(m)
		m.turn()
		if m.rng != ref {
			t.Errorf("%v: rng state differs from the expected draws", ret)
		}
		if got, want := m.pileCards(0), append(cards("6C"), want...); !slices.Equal(got, want) {
			t.Errorf("%v: winner's pile %v, want %v", ret, got, want)
		}
		if got, want := m.pileCards(1), cards("6D"); !slices.Equal(got, want) {
			t.Errorf("%v: loser's pile %v, want %v", ret, got, want)
		}
		var wars int
		for _, e := range tr.Events {
			if e.Kind == EvWar {
				wars++
				if e.N != 2 {
					t.Errorf("war of %d seats, want 2", e.N)
				}
			}
		}
		if wars != 1 || m.res.Plays != 4 || m.res.Interactions != 2 {
			t.Errorf("%v: wars %d plays %d interactions %d, want 1 4 2", ret, wars, m.res.Plays, m.res.Interactions)
		}
		if err := checkState(m, true); err != nil {
			t.Fatal(err)
		}
	}
}

func TestWarDoubleWarAndFaceDownZero(t *testing.T) {
	// war_face_down 0: tied seats turn up their next card at once.
	p := load(t, warGenome(t, 0, cardrules.ReturnsInOrder))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5C", "9C", "2C", "7C"), cards("5D", "9D", "AD", "7D")}})
	m.turn()
	if got, want := m.pileCards(1), append(cards("7D"), cards("5C", "5D", "9C", "9D", "2C", "AD")...); !slices.Equal(got, want) {
		t.Errorf("winner's pile %v, want %v", got, want)
	}
	if m.res.Plays != 6 || m.res.Interactions != 3 {
		t.Errorf("plays %d interactions %d, want 6 and 3 (two wars and a take)", m.res.Plays, m.res.Interactions)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}

func TestWarSeatCannotSupplyLoses(t *testing.T) {
	p := load(t, warGenome(t, 3, cardrules.ReturnsInOrder))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5C", "2C", "3C", "4C", "KC"), cards("5D", "2D")}})
	m.turn()
	if !m.over {
		t.Fatal("the game should be over")
	}
	if m.isActive(1) || m.count[1] != 0 {
		t.Errorf("seat 1 should be out with no cards; active %v count %d", m.isActive(1), m.count[1])
	}
	if w := m.winner(); w != 0 {
		t.Errorf("winner %d, want 0", w)
	}
	// Seat 1's last card joined the table and went to the winner.
	if got, want := m.pileCards(0), cards("5C", "5D", "2C", "3C", "4C", "2D", "KC"); !slices.Equal(got, want) {
		t.Errorf("winner's pile %v, want %v", got, want)
	}
	if err := checkConservation(m); err != nil {
		t.Fatal(err)
	}
}

func TestWarBothOutIsTie(t *testing.T) {
	p := load(t, warGenome(t, 3, cardrules.ReturnsShuffled))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5C", "2C"), cards("5D", "2D")}})
	ref := m.rng
	m.turn()
	if !m.over {
		t.Fatal("the game should be over")
	}
	if w := m.winner(); w != Tie {
		t.Errorf("winner %d, want Tie (%d)", w, Tie)
	}
	if m.goneN != 52 || m.tableN != 0 {
		t.Errorf("gone %d table %d: the table should go out of play", m.goneN, m.tableN)
	}
	if m.rng != ref {
		t.Error("no battle was won, so nothing should be shuffled")
	}
	if err := checkConservation(m); err != nil {
		t.Fatal(err)
	}
}

func TestWarThreeSeats(t *testing.T) {
	p := load(t, warGenome(t, 3, cardrules.ReturnsInOrder))
	piles := [][]uint8{cards("5C", "2C", "3C", "4C", "6C", "AC"), cards("5D", "2D", "3D", "4D", "7D", "AD"), cards("3H", "KH")}
	m := newLab(t, p, 3, nil, layout{hands: piles})
	m.turn()
	// Only the tied seats 0 and 1 go to war; seat 2's 3H stays on the table.
	want := append(cards("AD"), cards("5C", "5D", "3H", "2C", "3C", "4C", "2D", "3D", "4D", "6C", "7D")...)
	if got := m.pileCards(1); !slices.Equal(got, want) {
		t.Errorf("winner's pile %v, want %v", got, want)
	}
	if !slices.Equal(m.pileCards(2), cards("KH")) || !slices.Equal(m.pileCards(0), cards("AC")) {
		t.Errorf("piles %v %v", m.pileCards(0), m.pileCards(2))
	}
	// Reversed, the battle order from seat 1 is 1, 0, 2.
	m = newLab(t, p, 3, nil, layout{hands: piles, cur: 1, dir: -1})
	m.turn()
	want = append(cards("AD"), cards("5D", "5C", "3H", "2D", "3D", "4D", "2C", "3C", "4C", "7D", "6C")...)
	if got := m.pileCards(1); !slices.Equal(got, want) {
		t.Errorf("reversed: winner's pile %v, want %v", got, want)
	}
	if m.cur != 0 {
		t.Errorf("next seat %d, want 0", m.cur)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}

// TestWarEffectEmptiesLaterContender: a card turned up earlier in a battle
// force-discards the whole pile of a seat that has not turned up yet. That
// seat has nothing to turn up; the machine must not pop an empty pile.
func TestWarEffectEmptiesLaterContender(t *testing.T) {
	p := load(t, warGenome(t, 3, cardrules.ReturnsInOrder, discardE("3", cardrules.TargetNext, 13)))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("3C", "KC"), cards("9D", "2D")}})
	m.turn()
	if err := checkConservation(m); err != nil {
		t.Fatal(err)
	}
	if !m.over || m.winner() != 0 {
		t.Errorf("over %v winner %d, want seat 0 to win: seat 1 lost its pile", m.over, m.winner())
	}
	if got, want := m.pileCards(0), cards("KC", "3C"); !slices.Equal(got, want) {
		t.Errorf("seat 0 pile %v, want %v", got, want)
	}
	// The same inside a war: seat 1 laid its face-down cards, then seat
	// 0's face-up 3 discards seat 1's last card before it is turned up.
	m = newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5C", "2C", "4C", "6C", "3C", "KC"), cards("5D", "2D", "4D", "6D", "9D", "QD")}})
	m.turn()
	if err := checkConservation(m); err != nil {
		t.Fatal(err)
	}
	if !m.over || m.winner() != 0 {
		t.Errorf("war: over %v winner %d, want seat 0 to win", m.over, m.winner())
	}
}

// TestWarNextTargetWithNoOpponentLeft: a seat that stays alone in a battle
// (its opponent could not supply war cards and is out) turns up a card
// whose effect targets the next seat. There is no other seat, so the
// effect must hit nobody; it must not turn on the player itself.
func TestWarNextTargetWithNoOpponentLeft(t *testing.T) {
	for _, target := range []genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetRandomOpponent, cardrules.TargetAllOpponents} {
		p := load(t, warGenome(t, 3, cardrules.ReturnsInOrder, discardE("7", target, 2)))
		m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5C"), cards("5D", "2D", "3D", "4D", "7D", "8D", "9D")}})
		m.turn()
		if err := checkConservation(m); err != nil {
			t.Fatal(err)
		}
		if !m.over || m.winner() != 1 {
			t.Errorf("%v: over %v winner %d, want seat 1", target, m.over, m.winner())
		}
		// Seat 1 keeps its 7 cards and takes seat 0's one.
		if got, want := m.count[1], uint8(8); got != want || m.goneN != 52-8 {
			t.Errorf("%v with no opponent left: seat 1 holds %d cards (%d of them went out of play), want %d: the effect turned on the player's own pile",
				target, got, m.goneN-(52-8), want)
		}
	}
}

// ---- uno-style ----

func TestUnoStyleEffects(t *testing.T) {
	p := testkit.LoadSeed(t, "uno-style", Load)
	base := func() [][]uint8 {
		return [][]uint8{cards("3C", "4C"), cards("5C", "6C"), cards("8C", "10D"), cards("10C", "3D")}
	}
	cases := []struct {
		card     string
		cur      int
		wantNext int
		wantDir  int
		check    func(t *testing.T, m *Machine)
	}{
		{"2H", 0, 2, 1, func(t *testing.T, m *Machine) {
			if m.hand[1] != setOf("5C", "6C", "2S", "3S") {
				t.Errorf("a two: next seat holds %s, want it to draw 3S and 2S", cardNames(m.hand[1]))
			}
		}},
		{"2H", 3, 1, 1, func(t *testing.T, m *Machine) {
			if m.count[0] != 4 {
				t.Errorf("a two from seat 3: seat 0 holds %d, want 4", m.count[0])
			}
		}},
		{"JH", 1, 3, 1, nil},
		{"QH", 1, 0, -1, nil},
		{"QH", 0, 3, -1, nil},
		{"KH", 2, 2, 1, nil},
		{"7H", 0, 1, 1, func(t *testing.T, m *Machine) {
			// The seven makes its player discard one more card,
			// beneath the seven.
			if m.count[0] != 1 || m.discN != 3 || m.disc[2] != cd("7H") || m.hand[0]&^setOf("3C", "4C") != 0 {
				t.Errorf("a seven: hand %s discard %v", cardNames(m.hand[0]), m.disc[:m.discN])
			}
		}},
		{"5H", 0, 1, 1, nil},
	}
	for _, tc := range cases {
		hands := base()
		hands[tc.cur] = append(hands[tc.cur], cd(tc.card))
		m := newLab(t, p, 4, nil, layout{hands: hands, stock: cards("4S", "3S", "2S"), disc: cards("9H")})
		m.cur = tc.cur
		m.turn()
		if m.cur != tc.wantNext || m.dir != tc.wantDir {
			t.Errorf("%s from seat %d: next %d dir %d, want %d %d", tc.card, tc.cur, m.cur, m.dir, tc.wantNext, tc.wantDir)
		}
		if tc.check != nil {
			tc.check(t, m)
		}
		if err := checkState(m, true); err != nil {
			t.Fatalf("%s: %v", tc.card, err)
		}
	}
}

func TestUnoStyleWildAndTwoSeats(t *testing.T) {
	p := testkit.LoadSeed(t, "uno-style", Load)
	// The ace is wild: legal on anything, and names a suit.
	m := newLab(t, p, 4, []Policy{Greedy}, layout{
		hands: [][]uint8{cards("AC", "3D", "4D"), cards("5C"), cards("6C"), cards("7C")},
		stock: cards("2S"), disc: cards("9H"),
	})
	if got := m.legal(&p.phases[0], 0); got != setOf("AC") {
		t.Fatalf("legal %s, want {AC}", cardNames(got))
	}
	m.turn()
	if m.suit != 1 {
		t.Errorf("greedy named suit %d, want diamonds (1)", m.suit)
	}
	// Two seats: a reverse leaves the other seat next; a skip gives the
	// player another turn.
	for _, tc := range []struct {
		card string
		next int
	}{{"QH", 1}, {"JH", 0}, {"KH", 0}, {"2H", 0}} {
		m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("3C", tc.card), cards("5C")}, stock: cards("2S", "3S"), disc: cards("9H")})
		m.turn()
		if m.cur != tc.next {
			t.Errorf("2 seats, %s: next %d, want %d", tc.card, m.cur, tc.next)
		}
		if err := checkState(m, true); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWinnerRanking: seats out as winners first (in the order they went
// out); then seats still in by card count (fewer better, unless emptying
// the hand loses); then seats out as losers. The winner is the seat ranked
// first alone, else the game is a tie.
func TestWinnerRanking(t *testing.T) {
	for _, tc := range []struct {
		name   string
		result genome.Result
		counts []int    // cards held by the seats still in (-1: out)
		outs   [][2]int // seat, result, in the order they went out
		want   int
	}{
		{"first winner out", cardrules.ResultWin, []int{-1, 3, -1, 5}, [][2]int{{2, 0}, {0, 0}}, 2},
		{"winner out beats cards", cardrules.ResultWin, []int{2, -1, 1}, [][2]int{{1, 0}}, 1},
		{"fewest cards", cardrules.ResultWin, []int{4, 2, 3}, nil, 1},
		{"fewest cards tied", cardrules.ResultWin, []int{2, 2, 3}, nil, Tie},
		{"emptying loses: most cards", cardrules.ResultLose, []int{-1, 3, 5, 4}, [][2]int{{0, 1}}, 2},
		{"emptying loses: most cards tied", cardrules.ResultLose, []int{-1, 5, 5}, [][2]int{{0, 1}}, Tie},
		{"all out as losers at once", cardrules.ResultLose, []int{-1, -1}, [][2]int{{0, 1}, {1, 1}}, Tie},
		{"the one left", cardrules.ResultLose, []int{-1, 9, -1}, [][2]int{{2, 1}, {0, 1}}, 1},
	} {
		g := labGenome()
		g.End.Conditions[0].Result = tc.result
		g.End.Until = cardrules.UntilOneLeft
		p := load(t, g)
		m := mustMachine(p, len(tc.counts), nil)
		m.reset(1)
		m.active, m.nActive, m.nOut = 0, 0, 0
		for s, c := range tc.counts {
			if c >= 0 {
				m.active |= 1 << s
				m.nActive++
				m.count[s] = uint8(c)
			}
		}
		for _, o := range tc.outs {
			m.outOrder[m.nOut], m.outRes[m.nOut] = int8(o[0]), cardrules.Result(o[1])
			m.nOut++
		}
		if got := m.winner(); got != tc.want {
			t.Errorf("%s: winner %d, want %d", tc.name, got, tc.want)
		}
	}
}

// ---- go-fish (ask) ----

// TestAskDrawAfterReshuffle: a seat whose ask fails draws a card and goes
// again only if it is of the rank asked for (vm package doc, "ask"). That
// must hold as well when the stock was empty and the draw came from a
// reshuffle of the discard pile.
func TestAskDrawAfterReshuffle(t *testing.T) {
	g := testkit.SeedGenome(t, "go-fish")
	g.Reshuffle = true
	p := load(t, g)
	// From the stock: seat 0 asks seat 1 for fives, gets none, draws the
	// 5D from the stock and goes again.
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5C"), cards("9D")}, stock: cards("5D"), disc: cards("7H")})
	m.turn()
	if m.cur != 0 || m.hand[0] != setOf("5C", "5D") {
		t.Fatalf("from the stock: next seat %d, hand %s; want seat 0 to go again holding 5C 5D", m.cur, cardNames(m.hand[0]))
	}
	// From a reshuffle: the stock is empty; the 5D below the top discard
	// card becomes the stock and is drawn.
	m = newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("5C"), cards("9D")}, disc: cards("5D", "7H")})
	m.turn()
	if m.hand[0] != setOf("5C", "5D") {
		t.Fatalf("after a reshuffle: seat 0 holds %s, want 5C 5D", cardNames(m.hand[0]))
	}
	if m.cur != 0 {
		t.Errorf("seat 0 drew the five it asked for (from a reshuffled stock) but the move passed to seat %d; it should go again", m.cur)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}
