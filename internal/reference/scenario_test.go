package reference

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Rule scenarios on hand-built states. The expected values are worked out
// by hand from the vm package doc and ARCHITECTURE.md.

// layout is a hand-built state: hands (a pile top first), stock and
// discard pile bottom first. Deck cards placed nowhere are out of play.
type layout struct {
	hands        [][]string
	stock, disc  []string
	cur, dir     int
	last         string // the last card played, if any
	playedSuits  uint8
	seatsOutLose []int
}

// lab sets up a game of g at n seats and replaces its state with l.
func lab(t *testing.T, g *genome.Genome, n int, l layout) *game {
	t.Helper()
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	m := &game{g: g, n: n, check: true}
	m.setupGame(1)
	m.hands = make([][]genome.Card, n)
	placed := map[genome.Card]bool{}
	put := func(ss []string) []genome.Card {
		cs := cardsOf(ss...)
		for _, c := range cs {
			if placed[c] {
				t.Fatalf("layout places %v twice", c)
			}
			placed[c] = true
		}
		return cs
	}
	for s, h := range l.hands {
		m.hands[s] = put(h)
		if !m.pile {
			slices.Sort(m.hands[s])
		}
	}
	m.stock, m.discard, m.gone, m.layout = put(l.stock), put(l.disc), nil, nil
	for _, c := range m.deck {
		if !placed[c] {
			m.gone = append(m.gone, c)
		}
	}
	if len(m.discard) > 0 {
		m.suit = m.discard[len(m.discard)-1].Suit()
	}
	m.last = -1
	if l.last != "" {
		m.last = int(card(l.last))
		m.lastSuit = card(l.last).Suit()
	}
	m.played = l.playedSuits
	m.cur, m.dir = l.cur, 1
	if l.dir != 0 {
		m.dir = l.dir
	}
	m.leadHolder, m.leader, m.next, m.again, m.skip = -1, -1, -1, false, 0
	for _, s := range l.seatsOutLose {
		m.goOut(s, cardrules.ResultLose)
	}
	for s := range m.lastLeft {
		m.lastLeft[s] = -1
	}
	m.events, m.res, m.queue, m.live = nil, Result{}, nil, true
	m.verify()
	return m
}

// eventsOf returns the events of the given kinds.
func (m *game) eventsOf(kinds ...EventKind) []Event {
	var out []Event
	for _, e := range m.events {
		if slices.Contains(kinds, e.Kind) {
			out = append(out, e)
		}
	}
	return out
}

func playsOf(m *game) []string {
	var out []string
	for _, e := range m.eventsOf(EvPlay) {
		out = append(out, genome.Card(e.Card).String())
	}
	return out
}

func pileOf(m *game, s int) []string {
	var out []string
	for _, c := range m.hands[s] {
		out = append(out, c.String())
	}
	return out
}

func warGenome(t *testing.T, faceDown int, returns genome.Returns, effects ...genome.Effect) *genome.Genome {
	g := testkit.SeedGenome(t, "war")
	g.Turn[0].WarFaceDown, g.Turn[0].Returns = faceDown, returns
	g.Effects = effects
	return g
}

// shedGenome: a fan-hand game where a card must follow the active suit,
// one card dealt, a starter, reshuffles, first out wins.
func shedGenome(effects ...genome.Effect) *genome.Genome {
	legal := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
	return &genome.Genome{
		Schema: genome.SchemaVersion, Seats: genome.Seats{Min: 2, Max: 6, Default: 4},
		Deal: genome.Deal{Cards: 1, Starter: true}, Reshuffle: true,
		Turn:    []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &legal, DrawMax: 1}},
		Effects: effects,
		End:     genome.End{Conditions: []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}, Until: cardrules.UntilFirstOut},
		TurnCap: 100,
	}
}

// trickGenome: fan hands, one trick phase with the given lead predicate,
// any card may follow, no trumps; the hands are played out.
func trickGenome(lead genome.Expr, effects ...genome.Effect) *genome.Genome {
	anyCard := genome.Expr{Op: genome.OpTrue}
	return &genome.Genome{
		Schema: genome.SchemaVersion, Seats: genome.Seats{Min: 2, Max: 6, Default: 4},
		Deal:    genome.Deal{Cards: 1},
		Turn:    []genome.Phase{{Kind: cardrules.PhaseTrick, Lead: &lead, Legal: &anyCard}},
		Effects: effects,
		End:     genome.End{Until: cardrules.UntilHandsEmpty},
		TurnCap: 100,
	}
}

func effect(rank string, typ genome.EffectType, target genome.Target, value int) genome.Effect {
	r, err := cardrules.ParseRank(rank)
	if err != nil {
		panic(err)
	}
	return genome.Effect{Rank: r, Type: typ, Target: target, Value: value}
}

// TestReferenceWarTableOrder: the table is laid in the doc's order (first
// face-up cards in turn order, then per war each tied seat's face-down
// cards, then the tied seats' face-up cards) and an in-order return puts it
// under the winner's pile in that order.
func TestReferenceWarTableOrder(t *testing.T) {
	g := warGenome(t, 3, cardrules.ReturnsInOrder)
	m := lab(t, g, 2, layout{hands: [][]string{{"5C", "2C", "3C", "4C", "KC", "6C"}, {"5D", "2D", "3D", "4D", "QD", "6D"}}})
	m.battlePhase(0, &g.Turn[0])
	if got, want := pileOf(m, 0), []string{"6C", "5C", "5D", "2C", "3C", "4C", "2D", "3D", "4D", "KC", "QD"}; !slices.Equal(got, want) {
		t.Errorf("winner's pile %v, want %v", got, want)
	}
	if got, want := playsOf(m), []string{"5C", "5D", "KC", "QD"}; !slices.Equal(got, want) {
		t.Errorf("plays %v, want %v (face-down cards are not plays)", got, want)
	}
	if m.res.Interactions != 2 {
		t.Errorf("interactions %d, want 2 (a war, a battle won)", m.res.Interactions)
	}

	// Three seats: only the tied seats go to war; the third seat's card
	// stays on the table. Reversed from seat 1 the order is 1, 0, 2.
	piles := [][]string{{"5C", "2C", "3C", "4C", "6C", "AC"}, {"5D", "2D", "3D", "4D", "7D", "AD"}, {"3H", "KH"}}
	m = lab(t, g, 3, layout{hands: piles})
	m.battlePhase(0, &g.Turn[0])
	if got, want := pileOf(m, 1), []string{"AD", "5C", "5D", "3H", "2C", "3C", "4C", "2D", "3D", "4D", "6C", "7D"}; !slices.Equal(got, want) {
		t.Errorf("three seats: winner's pile %v, want %v", got, want)
	}
	m = lab(t, g, 3, layout{hands: piles, cur: 1, dir: -1})
	m.battlePhase(1, &g.Turn[0])
	if got, want := pileOf(m, 1), []string{"AD", "5D", "5C", "3H", "2D", "3D", "4D", "2C", "3C", "4C", "7D", "6C"}; !slices.Equal(got, want) {
		t.Errorf("three seats reversed: winner's pile %v, want %v", got, want)
	}
}

// TestReferenceWarShortSeat: a tied seat that cannot lay its war cards
// adds its whole pile at its place and is out as a loser; the other lays
// its cards and takes the table. Both short: the table leaves play and
// nobody is left in.
func TestReferenceWarShortSeat(t *testing.T) {
	g := warGenome(t, 3, cardrules.ReturnsInOrder)
	m := lab(t, g, 2, layout{hands: [][]string{{"5C", "2C", "3C", "4C", "KC"}, {"5D", "2D"}}})
	m.battlePhase(0, &g.Turn[0])
	if got, want := pileOf(m, 0), []string{"5C", "5D", "2C", "3C", "4C", "2D", "KC"}; !slices.Equal(got, want) {
		t.Errorf("winner's pile %v, want %v", got, want)
	}
	if m.active[1] || !m.over {
		t.Errorf("seat 1 should be out and the game over")
	}
	if w, _ := m.ranking(); w != 0 {
		t.Errorf("winner %d, want 0", w)
	}
	m = lab(t, g, 2, layout{hands: [][]string{{"5C", "2C"}, {"5D", "2D"}}})
	m.battlePhase(0, &g.Turn[0])
	if m.nActive != 0 || len(m.gone) != 52 {
		t.Errorf("both short: %d seats in, %d cards out of play", m.nActive, len(m.gone))
	}
	if w, _ := m.ranking(); w != Tie {
		t.Errorf("both short: winner %d, want a tie", w)
	}
}

// TestReferenceTrickOrder: a reverse played to a trick turns the rest of
// it around; a skip makes the seat that would be next miss the trick; a
// leader with no card the lead predicate allows passes the lead on.
func TestReferenceTrickOrder(t *testing.T) {
	anyCard := genome.Expr{Op: genome.OpTrue}
	g := trickGenome(anyCard, effect("Q", cardrules.Reverse, 0, 0))
	m := lab(t, g, 4, layout{hands: [][]string{{"5H"}, {"QH"}, {"7H"}, {"9H"}}})
	m.trickPhase(0, &g.Turn[0])
	if got, want := playsOf(m), []string{"5H", "QH", "9H", "7H"}; !slices.Equal(got, want) {
		t.Errorf("reverse: plays %v, want %v", got, want)
	}
	if m.next != 1 {
		t.Errorf("reverse: the queen's seat 1 should move next, got %d", m.next)
	}

	g = trickGenome(anyCard, effect("J", cardrules.SkipNext, 0, 1))
	m = lab(t, g, 4, layout{hands: [][]string{{"JH"}, {"5H"}, {"7H"}, {"9H"}}})
	m.trickPhase(0, &g.Turn[0])
	if got, want := playsOf(m), []string{"JH", "7H", "9H"}; !slices.Equal(got, want) {
		t.Errorf("skip: plays %v, want %v", got, want)
	}
	if m.skip != 0 || m.next != 0 {
		t.Errorf("skip: skip count %d next %d, want 0 and 0 (the jack wins)", m.skip, m.next)
	}

	ace := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermRank, Value: 12})
	g = trickGenome(ace)
	m = lab(t, g, 3, layout{hands: [][]string{{"5H"}, {"AS", "3S"}, {"4S"}}, last: "9S"})
	m.trickPhase(0, &g.Turn[0])
	if got, want := playsOf(m), []string{"AS", "4S"}; !slices.Equal(got, want) {
		t.Errorf("pass the lead: plays %v, want %v", got, want)
	}
	if m.next != 1 || m.res.Forced != 2 || m.res.Decisions != 2 {
		t.Errorf("pass the lead: next %d, decisions %d (forced %d), want 1, 2 (2)", m.next, m.res.Decisions, m.res.Forced)
	}
}

// TestReferenceEndCheckTurnOrder: seats emptied together go out in turn
// order from the current seat, so in a first-out game the first of them in
// that order wins.
func TestReferenceEndCheckTurnOrder(t *testing.T) {
	g := shedGenome(effect("7", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1))
	for _, tc := range []struct {
		dir, want int
	}{{1, 3}, {-1, 0}} {
		m := lab(t, g, 4, layout{hands: [][]string{{"2C"}, {"3C", "4C", "7H"}, {"5C", "6C"}, {"8C"}}, disc: []string{"9H"}, cur: 1, dir: tc.dir})
		m.playPhase(1, &g.Turn[0])
		if !m.over {
			t.Fatalf("dir %+d: the game should be over", tc.dir)
		}
		if w, _ := m.ranking(); w != tc.want {
			t.Errorf("dir %+d: winner %d, want %d", tc.dir, w, tc.want)
		}
	}
}

// TestReferenceForceDiscard: the target decides, out of turn, which cards
// to discard; they go beneath the top card of the discard pile, which
// stays with the active suit.
func TestReferenceForceDiscard(t *testing.T) {
	g := shedGenome(effect("7", cardrules.ForceDiscard, cardrules.TargetNext, 2))
	m := lab(t, g, 3, layout{hands: [][]string{{"2C", "7H"}, {"3C", "JC", "JD", "AC"}, {"4C", "5C"}}, disc: []string{"9D", "9H"}})
	m.playPhase(0, &g.Turn[0])
	var discarded []genome.Card
	for _, e := range m.eventsOf(EvDiscard) {
		discarded = append(discarded, genome.Card(e.Card))
	}
	want := append(cardsOf("9D", "9H"), append(discarded, card("7H"))...)
	if len(discarded) != 2 || !slices.Equal(m.discard, want) || m.suit != 2 {
		t.Errorf("discard pile %v (suit %d) after discarding %v, want %v (hearts)", m.discard, m.suit, discarded, want)
	}
	// Seat 0's play (one heart: forced), then seat 1's two choices.
	if m.res.Decisions != 3 || m.res.Options != 1+4+3 || m.res.Plays != 1 {
		t.Errorf("decisions %d options %d plays %d, want 3, 8, 1", m.res.Decisions, m.res.Options, m.res.Plays)
	}
}

// TestReferenceDrawAllOpponents: each opponent, in turn order from the next
// seat, draws in full before the next; a short stock favours the nearest,
// and an opponent left with nothing to draw is no interaction.
func TestReferenceDrawAllOpponents(t *testing.T) {
	g := shedGenome(effect("2", cardrules.DrawCards, cardrules.TargetAllOpponents, 2))
	g.Reshuffle = false
	for _, tc := range []struct {
		cur, dir int
		want     []int
	}{{1, 1, []int{0, 0, 2, 1}}, {1, -1, []int{2, 0, 0, 1}}, {3, 1, []int{2, 1, 0, 0}}} {
		hands := [][]string{{"2C"}, {"3C"}, {"4C"}, {"5C"}}
		hands[tc.cur] = append(hands[tc.cur], "2H")
		m := lab(t, g, 4, layout{hands: hands, stock: []string{"2S", "3S", "4S"}, disc: []string{"9H"}, cur: tc.cur, dir: tc.dir})
		m.playPhase(tc.cur, &g.Turn[0])
		var got []int
		for s := range 4 {
			got = append(got, len(m.hands[s])-1)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("from seat %d dir %+d: drawn %v, want %v", tc.cur, tc.dir, got, tc.want)
		}
		if m.res.Interactions != 2 {
			t.Errorf("from seat %d dir %+d: interactions %d, want 2 (one per opponent that drew a card)", tc.cur, tc.dir, m.res.Interactions)
		}
	}
}

// TestReferenceSkipCap: skips add up to active seats - 1; an extra turn
// sets that; a seat going out lowers it, so an extra turn stays one.
func TestReferenceSkipCap(t *testing.T) {
	g := shedGenome(effect("K", cardrules.ExtraTurn, 0, 0), effect("J", cardrules.SkipNext, 0, 13))
	g.End.Until = cardrules.UntilOneLeft
	m := lab(t, g, 5, layout{hands: [][]string{{"2C"}, {"3C"}, {"4C"}, {"5C"}, {"6C"}}, disc: []string{"9H"}})
	m.fire(0, card("JH"), cardrules.Played, true)
	if m.skip != 4 {
		t.Errorf("skip 13 at 5 seats: %d, want 4", m.skip)
	}
	m.fire(0, card("KH"), cardrules.Played, true)
	m.goOut(2, cardrules.ResultWin)
	if m.skip != 3 {
		t.Errorf("after a seat went out: skip %d, want 3", m.skip)
	}
	if next := m.step(0, 1, 1+m.skip); next != 0 {
		t.Errorf("extra turn: seat %d moves next, want 0", next)
	}
}

// TestReferenceTargets: next and previous are the neighbouring active
// seats in the play direction; all opponents go round from the next seat;
// a random opponent is one IntN over them, counted from the next seat.
func TestReferenceTargets(t *testing.T) {
	g := shedGenome()
	g.End.Until = cardrules.UntilOneLeft
	for _, tc := range []struct {
		dir, cur  int
		out       []int
		next, prv int
		all       []int
	}{
		{1, 0, nil, 1, 4, []int{1, 2, 3, 4}},
		{-1, 0, nil, 4, 1, []int{4, 3, 2, 1}},
		{1, 1, []int{2, 0}, 3, 4, []int{3, 4}},
		{-1, 3, []int{2}, 1, 4, []int{1, 0, 4}},
	} {
		hands := [][]string{{"2C"}, {"3C"}, {"4C"}, {"5C"}, {"6C"}}
		for _, s := range tc.out {
			hands[s] = nil
		}
		m := lab(t, g, 5, layout{hands: hands, disc: []string{"9H"}, cur: tc.cur, dir: tc.dir, seatsOutLose: tc.out})
		if got := m.targets(tc.cur, cardrules.TargetNext); !slices.Equal(got, []int{tc.next}) {
			t.Errorf("%+v: next %v", tc, got)
		}
		if got := m.targets(tc.cur, cardrules.TargetPrevious); !slices.Equal(got, []int{tc.prv}) {
			t.Errorf("%+v: previous %v", tc, got)
		}
		if got := m.targets(tc.cur, cardrules.TargetAllOpponents); !slices.Equal(got, tc.all) {
			t.Errorf("%+v: all opponents %v", tc, got)
		}
		ref := m.src
		want := tc.all[ref.IntN(len(tc.all))]
		if got := m.targets(tc.cur, cardrules.TargetRandomOpponent); !slices.Equal(got, []int{want}) || m.src != ref {
			t.Errorf("%+v: random opponent %v, want %d from one IntN", tc, got, want)
		}
		if got := m.targets(tc.cur, cardrules.TargetSelf); !slices.Equal(got, []int{tc.cur}) {
			t.Errorf("%+v: self %v", tc, got)
		}
	}
}

// bmnGenome is the beggar-my-neighbour seed (jacks demand 1, queens 2,
// kings 3, aces 4) with the given returns and effects.
func bmnGenome(t *testing.T, returns genome.Returns, effects ...genome.Effect) *genome.Genome {
	g := testkit.SeedGenome(t, "beggar-my-neighbour")
	g.Turn[0].Returns = returns
	g.Effects = effects
	return g
}

// TestReferenceTurnUpPaysAndCaptures: a king demands 3 cards; a queen
// paid demands 2 of the seat after; paid in full, the queen's seat takes
// the discard pile, bottom card first, and moves next.
func TestReferenceTurnUpPaysAndCaptures(t *testing.T) {
	g := bmnGenome(t, cardrules.ReturnsInOrder)
	m := lab(t, g, 2, layout{hands: [][]string{{"KC", "5C", "9C", "2H"}, {"7D", "QD", "3D", "4D"}}})
	for range 3 {
		m.turn()
		m.verify()
	}
	if got, want := playsOf(m), []string{"KC", "7D", "QD", "5C", "9C"}; !slices.Equal(got, want) {
		t.Errorf("plays %v, want %v", got, want)
	}
	var demands []int
	for _, e := range m.eventsOf(EvDemand) {
		demands = append(demands, e.Seat, e.N)
	}
	if want := []int{0, 3, 1, 2}; !slices.Equal(demands, want) {
		t.Errorf("demands (seat, cards) %v, want %v", demands, want)
	}
	if got, want := pileOf(m, 1), []string{"3D", "4D", "KC", "7D", "QD", "5C", "9C"}; !slices.Equal(got, want) {
		t.Errorf("capturer's pile %v, want %v", got, want)
	}
	if cs := m.eventsOf(EvCapture); len(cs) != 1 || cs[0].Seat != 1 || cs[0].N != 5 {
		t.Errorf("captures %v, want seat 1 taking 5 cards", cs)
	}
	if m.cur != 1 || m.owed != 0 || len(m.discard) != 0 || m.res.Captures != 1 || m.res.Interactions != 1 {
		t.Errorf("next seat %d, owed %d, discard pile %d, captures %d, interactions %d; want 1 0 0 1 1",
			m.cur, m.owed, len(m.discard), m.res.Captures, m.res.Interactions)
	}
}

// TestReferenceTurnUpLapsesAndRunsOut: a demand made with the demander's
// last card lapses, and the next seat turns up one card; a payer whose
// pile runs out has paid what it could, and the demander takes the pile.
func TestReferenceTurnUpLapsesAndRunsOut(t *testing.T) {
	g := bmnGenome(t, cardrules.ReturnsInOrder)
	m := lab(t, g, 3, layout{hands: [][]string{{"AC"}, {"3D", "4D"}, {"5H", "6H"}}})
	for range 3 {
		m.turn()
	}
	if m.active[0] || m.res.Captures != 0 || !slices.Equal(playsOf(m), []string{"AC", "3D", "5H"}) {
		t.Errorf("lapse: seat 0 in %v, captures %d, plays %v; want out, 0, AC 3D 5H", m.active[0], m.res.Captures, playsOf(m))
	}
	m = lab(t, g, 3, layout{hands: [][]string{{"AC", "2C"}, {"3D", "4D"}, {"5H", "6H"}}})
	m.turn()
	m.turn()
	if m.active[1] || m.cur != 0 || !slices.Equal(pileOf(m, 0), []string{"2C", "AC", "3D", "4D"}) {
		t.Errorf("runs out: seat 1 in %v, next seat %d, seat 0's pile %v", m.active[1], m.cur, pileOf(m, 0))
	}
}
