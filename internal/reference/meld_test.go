package reference

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Scenarios of the meld phase (meld.go) and the deadwood scores
// (deadwood.go), worked out by hand from the meld spec. Ace low unless
// said: A is 1, 2..10 their face, J 11, Q 12, K 13 (deadwood at most 10).

// ginJSON and rummyJSON are the gin-rummy and rummy seeds (not yet among
// genome's seeds).
const ginJSON = `{"schema":1,"name":"gin-rummy","seats":{"min":2,"max":2,"default":2},"deck":{"order":"ace_low"},
"hand":"fan","deal":{"cards":10,"starter":true},"reshuffle":false,
"turn":[{"kind":"meld","sets":3,"runs":3,"lay":"out","knock":10}],"effects":[],
"score":{"deadwood":true,"gin":25,"undercut":25},"end":{"until":"first_out","rank":"score_high","blocked":1},
"match":{"target":100,"deals":60},"turn_cap":8000}`

const rummyJSON = `{"schema":1,"name":"rummy","seats":{"min":2,"max":6,"default":2},"deck":{"order":"ace_low"},
"hand":"fan","deal":{"cards":7,"overrides":[{"seats":2,"cards":10},{"seats":5,"cards":6},{"seats":6,"cards":6}],"starter":true},
"reshuffle":true,"turn":[{"kind":"meld","sets":3,"runs":3}],"effects":[],"score":{"deadwood":true},
"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out","rank":"score_high"},
"match":{"target":100,"deals":60},"turn_cap":8000}`

// meldGenome parses js, changed by edit (which may be nil), and validates it.
func meldGenome(t *testing.T, js string, edit func(g *genome.Genome)) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(g)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// meldLab is lab with the given melds (out of play in l) on the table, in
// order: each a run when its first two cards differ in rank.
func meldLab(t *testing.T, g *genome.Genome, n int, l layout, melds ...[]string) *game {
	t.Helper()
	m := lab(t, g, n, l)
	for _, ms := range melds {
		var md tableMeld
		for _, c := range cardsOf(ms...) {
			i := slices.Index(m.gone, c)
			if i < 0 {
				t.Fatalf("meld card %v is placed elsewhere", c)
			}
			m.gone = slices.Delete(m.gone, i, i+1)
			md.cards = append(md.cards, c)
		}
		md.run = md.cards[0].Rank() != md.cards[1].Rank()
		m.melds.table = append(m.melds.table, md)
	}
	m.verify()
	return m
}

// ev renders an event as traceOf does for the kinds it has no short form
// of ("" for no card).
func ev(k EventKind, seat int, c string, n int) string {
	e := Event{Kind: k, Seat: seat, N: n}
	if c != "" {
		e.Card = int(card(c))
	}
	return e.String()
}

func meldsOf(m *game) [][]string {
	var out [][]string
	for _, md := range m.melds.table {
		out = append(out, namesOf(md.cards))
	}
	return out
}

// TestReferenceMeldValidity: sets and runs under the phase's minimums,
// runs over consecutive positions in the deck's order (ace low or high,
// no wrapping), both copies of a card in one set of two packs, never a
// joker.
func TestReferenceMeldValidity(t *testing.T) {
	low := meldGenome(t, rummyJSON, func(g *genome.Genome) { g.Deck.Packs, g.Deck.Jokers = 2, 2 })
	high := meldGenome(t, rummyJSON, func(g *genome.Genome) { g.Deck.Order = cardrules.OrderAceHigh })
	few := meldGenome(t, rummyJSON, func(g *genome.Genome) {
		g.Deck.Ranks, g.Deal, g.Seats = []genome.Rank{3, 7, 9}, genome.Deal{Cards: 2, Starter: true}, genome.Seats{Min: 2, Max: 2, Default: 2}
	})
	for _, tc := range []struct {
		g     *genome.Genome
		cards []string
		run   bool
		ok    bool
	}{
		{low, []string{"AH", "2H", "3H"}, true, true},
		{low, []string{"QH", "KH", "AH"}, true, false},
		{low, []string{"KH", "AH", "2H"}, true, false},
		{high, []string{"QH", "KH", "AH"}, true, true},
		{high, []string{"AH", "2H", "3H"}, true, false},
		{high, []string{"KH", "AH", "2H"}, true, false},
		{low, []string{"4H", "5H"}, true, false},
		{low, []string{"4H", "5H", "7H"}, true, false},
		{low, []string{"4H", "5D", "6H"}, true, false},
		{low, []string{"9C", "9D", "9H", "9S"}, false, true},
		{low, []string{"9C", "9D"}, false, false},
		{low, []string{"9C", "9D", "10H"}, false, false},
		{low, []string{"9C", "9C'", "9D"}, false, true},
		{low, []string{"9C", "10C", "10C'"}, true, false},
		{low, []string{"Joker", "Joker2", "Joker'"}, false, false},
		{low, []string{"9C", "10C", "Joker"}, true, false},
		{few, []string{"5C", "9C", "JC"}, true, true}, // positions 1, 2, 3 of a deck of three ranks
	} {
		m := &game{g: tc.g, deck: tc.g.Deck.Cards()}
		err := m.validMeld(&tc.g.Turn[0], []tableMeld{{cards: cardsOf(tc.cards...), run: tc.run}})
		if (err == nil) != tc.ok {
			t.Errorf("%v (order %v): valid %v, want %v (%v)", tc.cards, tc.g.Deck.Order, err == nil, tc.ok, err)
		}
	}
	// A joker begins no meld, though two are held with a third card.
	m := &game{g: low, deck: low.Deck.Cards()}
	if m.begins(cardsOf("Joker", "Joker2", "Joker'"), &low.Turn[0], card("Joker")) {
		t.Error("three jokers begin a set")
	}
	if !m.begins(cardsOf("5C", "5C'", "5D"), &low.Turn[0], card("5C")) {
		t.Error("5C with 5C' and 5D does not begin a set")
	}
}

// TestReferenceMeldDraw: with a discard pile the seat decides between the
// stock (first) and the discard pile's top; the card taken is not
// discarded unless it is the only card, and the top of an empty pile is
// no option.
func TestReferenceMeldDraw(t *testing.T) {
	g := meldGenome(t, ginJSON, nil)
	l := layout{hands: [][]string{{"KC", "QD"}, {"2C"}}, stock: []string{"3C"}, disc: []string{"9S", "5H"}}

	m := meldLab(t, g, 2, l)
	steer(t, m, [2]int{2, 1}, [2]int{2, 0})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "take", m, "decide 0 1/2", ev(EvTakeTop, 0, "5H", 0), "decide 0 0/2", "play 0 KC")
	if got := namesOf(m.discard); !slices.Equal(got, []string{"9S", "KC"}) || m.suit != card("KC").Suit() || m.res.Draws != 0 {
		t.Errorf("discard pile %v, suit %v, draws %d: want 9S KC, clubs, 0", got, m.suit, m.res.Draws)
	}

	m = meldLab(t, g, 2, l)
	steer(t, m, [2]int{2, 0}, [2]int{3, 0})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "draw", m, "decide 0 0/2", "draw 0 3C", "decide 0 0/3", "play 0 3C")
	if m.res.Draws != 1 || m.res.Plays != 1 {
		t.Errorf("draws %d, plays %d: want 1, 1", m.res.Draws, m.res.Plays)
	}

	l.disc = nil
	m = meldLab(t, g, 2, l)
	steer(t, m, [2]int{3, 2})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "empty pile", m, "draw 0 3C", "decide 0 2/3", "play 0 QD")

	l = layout{hands: [][]string{nil, {"2C"}}, stock: []string{"3C"}, disc: []string{"5H"}}
	m = meldLab(t, g, 2, l)
	steer(t, m, [2]int{2, 1})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "only the card taken", m, "decide 0 1/2", ev(EvTakeTop, 0, "5H", 0), "decide 0 0/1", "play 0 5H")
	m.verify()
}

// TestReferenceMeldBlocked: a seat that cannot draw (the stock empty, no
// reshuffle) passes and does nothing else; with blocked 1 the second such
// pass ends the deal, which scores nothing: nobody is out.
func TestReferenceMeldBlocked(t *testing.T) {
	g := meldGenome(t, ginJSON, nil)
	m := meldLab(t, g, 2, layout{hands: [][]string{{"KC", "QD"}, {"2C", "3C"}}, disc: []string{"9S", "5H"}})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "first pass", m, "pass 0")
	if m.over || m.res.Passes != 1 {
		t.Fatalf("over %v, passes %d: want on, 1", m.over, m.res.Passes)
	}
	m.meldPhase(1, &g.Turn[0])
	if !m.over || !m.res.Blocked {
		t.Fatalf("over %v, blocked %v after two passes", m.over, m.res.Blocked)
	}
	m.events = nil
	m.endDeal()
	if got := m.eventsOf(EvDeadwood, EvOutScore); len(got) != 0 || m.score[0] != 0 || m.score[1] != 0 {
		t.Errorf("a blocked deal scored %v, scores %v", got, m.score)
	}
}

// TestReferenceMeldLay: the melds' options (faces that begin a meld the
// hand completes, then done), then each next card (a face of the rank or
// the next of the suit; done once complete), then a lay-off at a run's
// bottom.
func TestReferenceMeldLay(t *testing.T) {
	g := meldGenome(t, rummyJSON, nil)
	m := meldLab(t, g, 2, layout{hands: [][]string{{"4H", "5H", "6H", "7H", "7C", "7D", "KS"}, {"2D"}}, stock: []string{"2C"}})
	// Melds: 7C 7D (sets of 7s), 4H (4-5-6H), 5H (5-6-7H), 7H (a set),
	// done; 5H. Then 6H, 7H forced, done forced. No meld begins with
	// 4H 7C 7D KS 2C. Lay-offs: 4H, done; 4H. Discard: 2C 7C 7D KS.
	steer(t, m, [2]int{6, 3}, [2]int{2, 0}, [2]int{4, 3})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "lay", m, "draw 0 2C", "decide 0 3/6", ev(EvLay, 0, "5H", 0), "decide 0 0/1", ev(EvLay, 0, "6H", 0),
		"decide 0 0/1", ev(EvLay, 0, "7H", 0), "decide 0 0/1", "decide 0 0/2", ev(EvLayOff, 0, "4H", 0), "decide 0 3/4", "play 0 KS")
	if got := meldsOf(m); len(got) != 1 || !slices.Equal(got[0], []string{"4H", "5H", "6H", "7H"}) {
		t.Errorf("melds %v, want 4H 5H 6H 7H", got)
	}
	if m.res.Plays != 1 {
		t.Errorf("plays %d: only the discard is a play", m.res.Plays)
	}

	// 5H first: the faces of rank 5 (two more held) and 6H (6H 7H held).
	m = meldLab(t, g, 2, layout{hands: [][]string{{"5C", "5D", "5H", "6H", "7H", "5S"}, {"2D"}}, stock: []string{"2C"}})
	if got := namesOf(m.meldCards0(t, "5H")); !slices.Equal(got, []string{"5C", "5D", "6H", "5S"}) {
		t.Errorf("after 5H: options %v, want 5C 5D 6H 5S", got)
	}
	// 5C first, then 5D: a set of 5s; 5S, then done. 5H begins a run but
	// is not laid in one (done): it is laid off onto the set instead.
	m = meldLab(t, g, 2, layout{hands: [][]string{{"5C", "5D", "5H", "6H", "7H", "5S"}, {"2D"}}, stock: []string{"2C"}})
	steer(t, m, [2]int{5, 0}, [2]int{3, 0}, [2]int{2, 1}, [2]int{2, 1}, [2]int{2, 1}, [2]int{2, 0}, [2]int{3, 0})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "set", m, "draw 0 2C", "decide 0 0/5", ev(EvLay, 0, "5C", 0), "decide 0 0/3", ev(EvLay, 0, "5D", 0),
		"decide 0 1/2", ev(EvLay, 0, "5S", 0), "decide 0 1/2", "decide 0 1/2", "decide 0 0/2", ev(EvLayOff, 0, "5H", 0),
		"decide 0 0/3", "play 0 2C")
	if got := meldsOf(m); len(got) != 1 || !slices.Equal(got[0], []string{"5C", "5D", "5S", "5H"}) {
		t.Errorf("melds %v, want 5C 5D 5S 5H", got)
	}
	m.verify()
}

// meldCards0 begins meld 0 with face f of seat 0 and returns the options
// of its next card.
func (m *game) meldCards0(t *testing.T, f string) []genome.Card {
	t.Helper()
	m.melds.table = append(m.melds.table, tableMeld{})
	m.layInto(0, len(m.melds.table)-1, card(f))
	return m.meldCards(0, &m.g.Turn[0], len(m.melds.table)-1)
}

// TestReferenceMeldLayOffs: lay-offs onto sets and both ends of runs, any
// seat's, onto the first meld in the table's order that a card extends.
func TestReferenceMeldLayOffs(t *testing.T) {
	g := meldGenome(t, rummyJSON, nil)
	m := meldLab(t, g, 2, layout{hands: [][]string{{"KS", "6S", "2S", "4C"}, {"2D"}}, stock: []string{"QD"}},
		[]string{"KC", "KD", "KH"}, []string{"3S", "4S", "5S"}, []string{"7S", "8S", "9S"})
	// Lay-offs: 2S (meld 1's bottom), 6S (meld 1's top, before meld 2's
	// bottom), KS (meld 0), done.
	steer(t, m, [2]int{4, 1}, [2]int{3, 1}, [2]int{2, 0}, [2]int{2, 0})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "lay-offs", m, "draw 0 QD", "decide 0 1/4", ev(EvLayOff, 0, "6S", 1), "decide 0 1/3", ev(EvLayOff, 0, "KS", 0),
		"decide 0 0/2", ev(EvLayOff, 0, "2S", 1), "decide 0 0/2", "play 0 4C")
	want := [][]string{{"KC", "KD", "KH", "KS"}, {"2S", "3S", "4S", "5S", "6S"}, {"7S", "8S", "9S"}}
	if got := meldsOf(m); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("melds %v, want %v", got, want)
	}
	m.verify()
}

// TestReferenceMeldGoOut: a seat whose melds empty its hand goes out and
// does not discard; one that discards its last card goes out at the end
// check. Rummy scores the others' whole hands to it.
func TestReferenceMeldGoOut(t *testing.T) {
	g := meldGenome(t, rummyJSON, nil)
	m := meldLab(t, g, 2, layout{hands: [][]string{{"5H", "6H", "7H"}, {"AC", "10D", "KS"}}, stock: []string{"8H"}})
	steer(t, m, [2]int{3, 0}, [2]int{2, 0})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "melded out", m, "draw 0 8H", "decide 0 0/3", ev(EvLay, 0, "5H", 0), "decide 0 0/1", ev(EvLay, 0, "6H", 0),
		"decide 0 0/1", ev(EvLay, 0, "7H", 0), "decide 0 0/2", ev(EvLay, 0, "8H", 0), "decide 0 0/1", "out 0 0")
	if !m.over || m.res.Plays != 0 {
		t.Errorf("over %v, plays %d: want over, 0", m.over, m.res.Plays)
	}
	m.events = nil
	m.scoreDeadwood()
	checkTrace(t, "rummy score", m, ev(EvDeadwood, 0, "", 0), ev(EvDeadwood, 1, "", 21), ev(EvOutScore, 0, "", 21))

	m = meldLab(t, g, 2, layout{hands: [][]string{{"5H", "6H", "7H"}, {"AC"}}, stock: []string{"KD"}})
	steer(t, m, [2]int{2, 0})
	m.meldPhase(0, &g.Turn[0])
	checkTrace(t, "discarded out", m, "draw 0 KD", "decide 0 0/2", ev(EvLay, 0, "5H", 0), "decide 0 0/1", ev(EvLay, 0, "6H", 0),
		"decide 0 0/1", ev(EvLay, 0, "7H", 0), "decide 0 0/1", "decide 0 0/1", "play 0 KD", "out 0 0")
	m.verify()
}

// TestReferenceMeldKnock: after its discard a seat whose deadwood is at
// most the knock limit decides (play on, knock); a knock puts it out as a
// winner and ends the deal, once it has laid out its melds (as in a turn,
// without lay-offs). Above the limit there is no decision; with knock 0
// only gin.
func TestReferenceMeldKnock(t *testing.T) {
	hand := []string{"AC", "2C", "3C", "4D", "4H", "4S", "7D", "8D", "9D", "KS"}
	// Discard options, ascending ids: 2C 3C 5C AC 4D 7D 8D 9D 4H 4S KS.
	for _, tc := range []struct {
		name  string
		knock int
		top   string // the stock's card
		picks [][2]int
		want  []string
	}{
		// (A knocker lays its melds out: here it lays none, done being
		// the last of its options.)
		{"knock", 10, "5C", [][2]int{{11, 10}, {2, 1}, {6, 5}}, []string{"draw 0 5C", "decide 0 10/11", "play 0 KS", "decide 0 1/2", ev(EvKnock, 0, "", 5), "decide 0 5/6", "out 0 0"}},
		{"play on", 10, "5C", [][2]int{{11, 10}, {2, 0}}, []string{"draw 0 5C", "decide 0 10/11", "play 0 KS", "decide 0 0/2"}},
		{"over the limit", 10, "5C", [][2]int{{11, 9}}, []string{"draw 0 5C", "decide 0 9/11", "play 0 4S"}},
		{"not gin", 0, "5C", [][2]int{{11, 10}}, []string{"draw 0 5C", "decide 0 10/11", "play 0 KS"}},
		{"gin", 0, "4C", [][2]int{{11, 10}, {2, 1}, {8, 7}}, []string{"draw 0 4C", "decide 0 10/11", "play 0 KS", "decide 0 1/2", ev(EvKnock, 0, "", 0), "decide 0 7/8", "out 0 0"}},
	} {
		g := meldGenome(t, ginJSON, func(g *genome.Genome) { g.Turn[0].Knock = tc.knock })
		m := meldLab(t, g, 2, layout{hands: [][]string{hand, {"2D"}}, stock: []string{tc.top}})
		steer(t, m, tc.picks...)
		m.meldPhase(0, &g.Turn[0])
		checkTrace(t, tc.name, m, tc.want...)
		knocked := len(m.eventsOf(EvKnock)) == 1
		if m.over != knocked || (knocked && (m.active[0] || len(m.hands[0]) != 10)) {
			t.Errorf("%s: over %v, seat 0 in %v holding %d", tc.name, m.over, m.active[0], len(m.hands[0]))
		}
		m.verify()
	}
}

// TestReferenceDeadwood: a hand's least deadwood over its arrangements,
// where taking the longest meld first is wrong; card values by position.
func TestReferenceDeadwood(t *testing.T) {
	gin := meldGenome(t, ginJSON, nil)
	high := meldGenome(t, ginJSON, func(g *genome.Genome) { g.Deck.Order = cardrules.OrderAceHigh })
	packs := meldGenome(t, ginJSON, func(g *genome.Genome) { g.Deck.Packs, g.Deck.Jokers = 2, 2 })
	runs2 := meldGenome(t, ginJSON, func(g *genome.Genome) { g.Turn[0].Sets, g.Turn[0].Runs = 0, 2 })
	sets4 := meldGenome(t, ginJSON, func(g *genome.Genome) { g.Turn[0].Sets, g.Turn[0].Runs = 4, 0 })
	for _, tc := range []struct {
		g    *genome.Genome
		hand []string
		want int
	}{
		{gin, []string{"AC", "5D", "10H", "JS", "KC"}, 1 + 5 + 10 + 10 + 10},
		{high, []string{"AC", "2D", "9H", "JS"}, 10 + 1 + 8 + 10},
		{gin, []string{"4H", "5H", "6H", "7H", "7C", "7D"}, 0},         // not the run of four
		{gin, []string{"7H", "8H", "9H", "9C", "9D"}, 7 + 8},           // the set, not the run
		{gin, []string{"9C", "9D", "9H", "10H", "JH", "QH", "QS"}, 10}, // not 9H-QH: the set and 10H-QH
		{gin, []string{"QS", "KS", "AS"}, 21},
		{high, []string{"QS", "KS", "AS"}, 0},
		{gin, []string{"KH", "AH", "2H"}, 13},
		{packs, []string{"5H", "5H'", "5C"}, 0},
		{packs, []string{"5H", "6H", "6H'", "7H"}, 6},
		{packs, []string{"5H", "6H", "6H'", "7H", "7H'", "8H"}, 0}, // two runs
		{packs, []string{"Joker", "Joker2", "Joker'", "5C", "6C", "7C"}, 30},
		{runs2, []string{"5C", "6C", "9D", "9H"}, 18},
		{sets4, []string{"5C", "5D", "5H", "6C", "6D", "6H", "6S"}, 15},
		{gin, nil, 0},
	} {
		m := &game{g: tc.g}
		if got := m.deadwood(cardsOf(tc.hand...)); got != tc.want {
			t.Errorf("%v (order %v, sets %d, runs %d): deadwood %d, want %d", tc.hand, tc.g.Deck.Order, tc.g.Turn[0].Sets, tc.g.Turn[0].Runs, got, tc.want)
		}
	}
	rummy := meldGenome(t, rummyJSON, nil)
	if got := (&game{g: rummy}).deadwood(cardsOf("4H", "5H", "6H", "KD")); got != 25 {
		t.Errorf("laying in the turn: deadwood %d, want the hand's total 25", got)
	}
}

// scoreLab is meldLab with seat k out as a winner holding its hand and
// its melds laid on the table (a knock), and no events yet; scoreDeadwood
// scores it.
func scoreLab(t *testing.T, g *genome.Genome, k int, melds [][]string, hands ...[]string) *game {
	t.Helper()
	m := meldLab(t, g, len(hands), layout{hands: hands}, melds...)
	m.melds.knocked = []int{k}
	m.goOut(k, cardrules.ResultWin)
	m.events = nil
	m.scoreDeadwood()
	return m
}

// TestReferenceDeadwoodScores: the difference to K, an undercut, gin (no
// lay-offs onto it), and lay-offs onto K's sets and both ends of its runs
// (a group reaching the run; a gap lays off nothing).
func TestReferenceDeadwoodScores(t *testing.T) {
	g := meldGenome(t, ginJSON, nil)
	kMelds := [][]string{{"5H", "6H", "7H"}, {"9C", "9D", "9S"}}
	k := []string{"AC"} // deadwood 1
	for _, tc := range []struct {
		name  string
		melds [][]string
		k     []string
		other []string
		want  []string
		score [2]int
	}{
		{"lay-offs", kMelds, k, []string{"3H", "4H", "8H", "9H", "KS"}, []string{ev(EvDeadwood, 0, "", 1), ev(EvDeadwood, 1, "", 10), ev(EvOutScore, 0, "", 9)}, [2]int{9, 0}},
		{"a gap", kMelds, k, []string{"3H", "8H", "10H", "2S"}, []string{ev(EvDeadwood, 0, "", 1), ev(EvDeadwood, 1, "", 15), ev(EvOutScore, 0, "", 14)}, [2]int{14, 0}},
		{"own set, not a lay-off", kMelds, k, []string{"8H", "8C", "8S"}, []string{ev(EvDeadwood, 0, "", 1), ev(EvDeadwood, 1, "", 0),
			ev(EvOutScore, 1, "", 1), Event{Kind: EvOutScore, Seat: 1, Card: OutUndercut, N: 25}.String()}, [2]int{0, 26}},
		{"undercut, equal", kMelds, []string{"5C"}, []string{"5D"}, []string{ev(EvDeadwood, 0, "", 5), ev(EvDeadwood, 1, "", 5),
			Event{Kind: EvOutScore, Seat: 1, Card: OutUndercut, N: 25}.String()}, [2]int{0, 25}},
		{"gin", kMelds, nil, []string{"4H", "8H", "KS"}, []string{ev(EvDeadwood, 0, "", 0), ev(EvDeadwood, 1, "", 22),
			ev(EvOutScore, 0, "", 22), Event{Kind: EvOutScore, Seat: 0, Card: OutGin, N: 25}.String()}, [2]int{47, 0}},
		{"melds kept in hand count", nil, []string{"5H", "6H", "7H", "AC"}, []string{"8H", "KS"}, []string{ev(EvDeadwood, 0, "", 1), ev(EvDeadwood, 1, "", 18),
			ev(EvOutScore, 0, "", 17)}, [2]int{17, 0}},
	} {
		m := scoreLab(t, g, 0, tc.melds, tc.k, tc.other)
		checkTrace(t, tc.name, m, tc.want...)
		if [2]int(m.score) != tc.score {
			t.Errorf("%s: scores %v, want %v", tc.name, m.score, tc.score)
		}
	}
	// Seat 1 knocked: its deadwood comes first, then seat 0's.
	m := scoreLab(t, g, 1, nil, []string{"KD", "QD"}, k)
	checkTrace(t, "seat 1", m, ev(EvDeadwood, 1, "", 1), ev(EvDeadwood, 0, "", 20), ev(EvOutScore, 1, "", 19))
}

// TestReferenceDeadwoodLaidMelds: K's 10C 10D 10H JH QH is worth 20 as the
// set of tens or as the run 10H-QH; the melds K laid decide what the
// others lay off: 10S onto the set, 9H and KH onto the run.
func TestReferenceDeadwoodLaidMelds(t *testing.T) {
	g := meldGenome(t, ginJSON, nil)
	other := []string{"10S", "9H", "KH"}
	m := scoreLab(t, g, 0, [][]string{{"10C", "10D", "10H"}}, []string{"JH", "QH"}, other)
	checkTrace(t, "the set", m, ev(EvDeadwood, 0, "", 20), ev(EvDeadwood, 1, "", 19), ev(EvOutScore, 1, "", 1),
		Event{Kind: EvOutScore, Seat: 1, Card: OutUndercut, N: 25}.String())
	m = scoreLab(t, g, 0, [][]string{{"10H", "JH", "QH"}}, []string{"10C", "10D"}, other)
	checkTrace(t, "the run", m, ev(EvDeadwood, 0, "", 20), ev(EvDeadwood, 1, "", 10), ev(EvOutScore, 1, "", 10),
		Event{Kind: EvOutScore, Seat: 1, Card: OutUndercut, N: 25}.String())
}

// meldGames are the gin-rummy and rummy genomes and variants of them for
// whole games.
func meldGames(t *testing.T) map[string]*genome.Genome {
	return map[string]*genome.Genome{
		"gin-rummy": meldGenome(t, ginJSON, nil),
		"gin, knock 30, two packs, jokers": meldGenome(t, ginJSON, func(g *genome.Genome) {
			g.Turn[0].Knock, g.Deck.Packs, g.Deck.Jokers = 30, 2, 2
		}),
		"rummy": meldGenome(t, rummyJSON, nil),
		"rummy, runs 2, sets 4, ace high": meldGenome(t, rummyJSON, func(g *genome.Genome) {
			g.Turn[0].Sets, g.Turn[0].Runs, g.Deck.Order = 4, 2, cardrules.OrderAceHigh
		}),
	}
}

// TestReferenceMeldGames plays whole games checked (every card in one
// zone, the table's melds one of them and every one valid, after every
// phase), and replays the table from the events: each card laid begins
// or joins the meld it names, laid-off cards extend it, and a knock is
// within the limit and ends the deal.
func TestReferenceMeldGames(t *testing.T) {
	games := 5
	if !testing.Short() {
		games = 30
	}
	seen := map[EventKind]int{}
	gs := meldGames(t)
	for _, name := range slices.Sorted(maps.Keys(gs)) {
		g := gs[name]
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				seed := rng.Derive(31, i)
				if err := consistent(g, seats, seed); err != nil {
					t.Fatalf("%s, %d seats, game %d: %v", name, seats, i, err)
				}
				_, evs := play(g, seats, nil, seed, true)
				if err := meldsFollow(g, evs); err != nil {
					t.Fatalf("%s, %d seats, game %d: %v", name, seats, i, err)
				}
				for _, e := range evs {
					seen[e.Kind]++
				}
			}
		}
	}
	for _, k := range []EventKind{EvTakeTop, EvLay, EvLayOff, EvKnock, EvDeadwood, EvOutScore} {
		if seen[k] == 0 {
			t.Errorf("no game had a %v", k)
		}
	}
}

// meldsFollow replays the table's melds of a game's events, checking each
// meld valid at each turn's start, and the knocks.
func meldsFollow(g *genome.Genome, evs []Event) error {
	m := &game{g: g, deck: g.Deck.Cards()}
	p := &g.Turn[0]
	var table []tableMeld
	for k, e := range evs {
		switch e.Kind {
		case EvDeal:
			table = nil
		case EvLay:
			c := genome.Card(e.Card)
			switch {
			case e.N == len(table):
				table = append(table, tableMeld{cards: []genome.Card{c}})
			case e.N == len(table)-1:
				md := &table[e.N]
				if len(md.cards) == 1 {
					md.run = c.Rank() != md.cards[0].Rank()
				}
				md.cards = append(md.cards, c)
			default:
				return fmt.Errorf("event %d: %v with %d melds on the table", k, e, len(table))
			}
		case EvLayOff:
			if e.N >= len(table) {
				return fmt.Errorf("event %d: %v with %d melds on the table", k, e, len(table))
			}
			md := &table[e.N]
			c := genome.Card(e.Card)
			if md.run && m.position(c) < m.position(md.cards[0]) {
				md.cards = slices.Insert(md.cards, 0, c)
			} else {
				md.cards = append(md.cards, c)
			}
			if err := m.validMeld(p, table); err != nil {
				return fmt.Errorf("event %d: %v: %v", k, e, err)
			}
		case EvTurn:
			if err := m.validMeld(p, table); err != nil {
				return fmt.Errorf("event %d: %v", k, err)
			}
		case EvKnock:
			// (The knocker lays its melds out, then goes out.)
			j := k + 1
			for j < len(evs) && (evs[j].Kind == EvDecision || evs[j].Kind == EvLay && evs[j].Seat == e.Seat) {
				j++
			}
			if e.N > p.Knock || p.Lay != cardrules.LayOut || j >= len(evs) || evs[j].Kind != EvOut || evs[j].Seat != e.Seat {
				return fmt.Errorf("event %d: %v (knock %d), then %v", k, e, p.Knock, evs[min(j, len(evs)-1)])
			}
		}
	}
	return nil
}
