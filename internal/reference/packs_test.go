package reference

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Scenarios of decks of two packs (deck.packs 2): every card twice, the
// second pack's copy's id its face plus 64. A decision offers faces, each
// once; the face chosen moves the lowest id of it the seat holds;
// positions in a hand count ids ascending; copies compare equal and each
// scores. "7H'" is the second pack's 7H.

// twoPacks returns seed game name with two packs.
func twoPacks(t *testing.T, name string) *genome.Genome {
	t.Helper()
	g := testkit.SeedGenome(t, name)
	g.Deck.Packs = cardrules.MaxPacks
	return g
}

// idsOf returns the cards of events of kind k, as ids.
func idsOf(m *game, k EventKind) []genome.Card {
	var out []genome.Card
	for _, e := range m.eventsOf(k) {
		out = append(out, genome.Card(e.Card))
	}
	return out
}

// decisions returns the option counts of m's decisions.
func decisions(m *game) []int {
	var out []int
	for _, e := range m.eventsOf(EvDecision) {
		out = append(out, e.Options)
	}
	return out
}

// TestReferenceTwoPacksDeal: crazy eights of two packs deals from 104
// cards, every id once (0..51 and 64..115), and conserves them through
// whole games at every seat count.
func TestReferenceTwoPacksDeal(t *testing.T) {
	g := twoPacks(t, "crazy-eights")
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
		m := &game{g: g, n: seats, check: true}
		m.setupGame(rng.Derive(31, uint64(seats)))
		if len(m.deck) != 2*cardrules.NumCards || m.deck[0] != 0 || m.deck[cardrules.NumCards] != cardrules.PackStride || m.deck[len(m.deck)-1] != cardrules.PackStride+cardrules.NumCards-1 {
			t.Fatalf("%d seats: deck of %d cards %v", seats, len(m.deck), m.deck)
		}
		var all []genome.Card
		for s := range seats {
			if want := g.DealFor(seats); len(m.hands[s]) != want {
				t.Errorf("%d seats: seat %d dealt %d cards, want %d", seats, s, len(m.hands[s]), want)
			}
			if !slices.IsSorted(m.hands[s]) {
				t.Errorf("%d seats: seat %d's hand %v is not in ascending id order", seats, s, m.hands[s])
			}
			all = append(all, m.hands[s]...)
		}
		all = append(append(all, m.stock...), m.discard...)
		slices.Sort(all)
		if !slices.Equal(all, m.deck) {
			t.Errorf("%d seats: the hands, stock and pile hold %d cards, not the deck's 104 once each", seats, len(all))
		}
		for i := range uint64(10) {
			if err := consistent(g, seats, rng.Derive(32, i)); err != nil {
				t.Fatalf("%d seats, game %d: %v", seats, i, err)
			}
		}
	}
}

// TestReferenceTwoPacksFaces: a seat holding both copies of a face is
// offered it once, and choosing it plays the first pack's copy; the second
// copy is played once the first is gone; the options are faces ascending,
// so a second pack's 2C comes before a first pack's 7H.
func TestReferenceTwoPacksFaces(t *testing.T) {
	g := twoPacks(t, "crazy-eights")
	m := lab(t, g, 2, layout{hands: [][]string{{"7H'", "3H", "7H", "2C"}, {"5S"}}, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 1}, [2]int{2, 1})
	m.playPhase(0, &g.Turn[0])
	m.playPhase(0, &g.Turn[0])
	if got, want := idsOf(m, EvPlay), cardsOf("7H", "7H'"); !slices.Equal(got, want) {
		t.Errorf("plays %v, want %v: the first pack's 7H, then the second's", got, want)
	}
	if got := decisions(m); !slices.Equal(got, []int{2, 2}) {
		t.Errorf("decisions of %v options, want 2 and 2 (3H and 7H, once each)", got)
	}
	if !slices.Equal(m.hands[0], cardsOf("2C", "3H")) {
		t.Errorf("seat 0 holds %v, want 2C 3H", m.hands[0])
	}

	m = lab(t, g, 2, layout{hands: [][]string{{"7H", "2C'"}, {"5S"}}, disc: []string{"2H"}})
	steer(t, m, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	if got := idsOf(m, EvPlay); !slices.Equal(got, cardsOf("2C'")) {
		t.Errorf("option 0 of 2C' and 7H played %v, want the second pack's 2C (face 0)", got)
	}
}

// TestReferenceTwoPacksPlayDrawn: with play_drawn the face drawn last is
// the one left to play. A seat that draws the second copy of a face it
// holds plays the first; the seat that must play the lead card and draws
// its second copy may play the face, which plays the lead card.
func TestReferenceTwoPacksPlayDrawn(t *testing.T) {
	g := drawGenome(cardrules.DrawByChoice, cardrules.PassNever, 2, true)
	g.Deck.Packs = cardrules.MaxPacks
	m := lab(t, g, 2, layout{hands: [][]string{{"7H", "5C"}, {"2C"}}, stock: []string{"4C", "7H'"}, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 1}, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "the second 7H drawn", m, "decide 0 1/2", "draw 0 7H", "decide 0 0/2", "play 0 7H")
	if got := idsOf(m, EvPlay); !slices.Equal(got, cardsOf("7H")) {
		t.Errorf("drew the second 7H, played %v; want the first", got)
	}

	c := card("9C")
	g.LeadCard = &c
	m = lab(t, g, 2, layout{hands: [][]string{{"9C", "3H"}, {"2C"}}, stock: []string{"4C", "9C'"}, disc: []string{"9H"}})
	m.leadHolder = 0
	steer(t, m, [2]int{2, 1}, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "the lead card's second copy drawn", m, "decide 0 1/2", "draw 0 9C", "decide 0 0/2", "play 0 9C")
	if got := idsOf(m, EvPlay); !slices.Equal(got, cardsOf("9C")) || m.leadHolder != -1 {
		t.Errorf("drew the second 9C, played %v (lead holder now %d); want the lead card", got, m.leadHolder)
	}
}

// TestReferenceTwoPacksTrick: copies compare equal, so of two copies in a
// trick the first played wins; a card rule of one card scores both
// copies.
func TestReferenceTwoPacksTrick(t *testing.T) {
	g := trickGenome(genome.Expr{Op: genome.OpTrue})
	g.Deck.Packs = cardrules.MaxPacks
	g.Score.Cards = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchCard, Value: uint8(card("QS"))}, Points: 13}}
	for _, tc := range []struct {
		hands  [][]string
		winner int
		score  int
	}{
		{[][]string{{"AS'"}, {"AS"}, {"KS"}}, 0, 0},
		{[][]string{{"KS"}, {"AS"}, {"AS'"}}, 1, 0},
		{[][]string{{"QS'"}, {"QS"}, {"2S"}}, 0, 26},
		{[][]string{{"2S"}, {"QS"}, {"QS'"}}, 1, 26},
	} {
		m := lab(t, g, 3, layout{hands: tc.hands})
		m.trickPhase(0, &g.Turn[0])
		if m.next != tc.winner || m.score[tc.winner] != tc.score {
			t.Errorf("%v: winner %d, scores %v; want seat %d scoring %d", tc.hands, m.next, m.score, tc.winner, tc.score)
		}
	}
}

// TestReferenceTwoPacksLeadCard: with two packs the seat dealt the first
// pack's 2C leads it; the second 2C is an ordinary card.
func TestReferenceTwoPacksLeadCard(t *testing.T) {
	g := twoPacks(t, "hearts")
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	for i := range uint64(20) {
		m := &game{g: g, n: 4, check: true}
		m.setupGame(rng.Derive(33, i))
		h := m.leadHolder
		if h < 0 || h != m.cur || !slices.Contains(m.hands[h], card("2C")) {
			t.Fatalf("seed %d: lead holder %d, first seat %d; want the seat dealt the first 2C", i, h, m.cur)
		}
		p := &g.Turn[0]
		if got := m.legalCards(h, p.Lead, p.LeadPrefer, m.last, m.lastSuit); !slices.Equal(got, cardsOf("2C")) {
			t.Fatalf("seed %d: the lead holder may lead %v, want only the first 2C", i, got)
		}
		if o := slices.IndexFunc(m.hands, func(cs []genome.Card) bool { return slices.Contains(cs, card("2C'")) }); o != h {
			if got := m.legalCards(o, p.Lead, p.LeadPrefer, -1, 0); len(got) < 2 {
				t.Errorf("seed %d: seat %d holding the second 2C may lead only %v", i, o, got)
			}
		}
		m.trickPhase(h, p)
		if plays := idsOf(m, EvPlay); plays[0] != card("2C") || m.leadHolder != -1 {
			t.Fatalf("seed %d: the trick began with %v (lead holder now %d), want the first 2C", i, plays[0], m.leadHolder)
		}
	}
}

// TestReferenceTwoPacksMoon: shooting the moon needs every point card of
// both packs.
func TestReferenceTwoPacksMoon(t *testing.T) {
	g := twoPacks(t, "hearts")
	g.Score.Moon = true
	m := lab(t, g, 4, layout{})
	for _, c := range m.deck {
		if c.Suit() == 2 || c.Face() == card("QS") {
			m.won[0] = append(m.won[0], c)
		}
	}
	m.won[0] = slices.DeleteFunc(m.won[0], func(c genome.Card) bool { return c == card("QS'") })
	m.endDeal()
	if len(m.eventsOf(EvMoon)) != 0 {
		t.Fatalf("seat 0 won every point card but the second QS and shot the moon: scores %v", m.score)
	}
	m = lab(t, g, 4, layout{})
	for _, c := range m.deck {
		if c.Suit() == 2 || c.Face() == card("QS") {
			m.won[0] = append(m.won[0], c)
		}
	}
	m.endDeal()
	if moon := m.eventsOf(EvMoon); len(moon) != 1 || moon[0].N != 52 || !slices.Equal(m.score, []int{-52, 52, 52, 52}) {
		t.Errorf("seat 0 won both packs' 26 hearts and 2 QS: moons %v, scores %v; want 52 points each", moon, m.score)
	}
}

// TestReferenceTwoPacksPositions: positions in a hand count its ids
// ascending (the first pack's cards, then the second's): a blind take and
// a random forced discard. A chosen forced discard offers faces.
func TestReferenceTwoPacksPositions(t *testing.T) {
	g := twoPacks(t, "old-maid")
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	m := lab(t, g, 2, layout{hands: [][]string{{"3C"}, {"7H'", "2C", "7H"}}})
	steer(t, m, [2]int{3, 2})
	m.takePhase(0, &g.Turn[0])
	if got := idsOf(m, EvTakeFrom); !slices.Equal(got, cardsOf("7H'")) {
		t.Errorf("position 2 of 2C 7H 7H' took %v, want the second 7H", got)
	}

	sh := shedGenome()
	sh.Deck.Packs = cardrules.MaxPacks
	discard := effect("5", cardrules.ForceDiscard, cardrules.TargetNext, 1)
	m = lab(t, sh, 2, layout{hands: [][]string{{"3C"}, {"7H'", "2C", "7H"}}, disc: []string{"9H"}})
	discard.Random = true
	steer(t, m, [2]int{3, 2})
	m.hit(discard, 1, 1)
	if got := idsOf(m, EvDiscard); !slices.Equal(got, cardsOf("7H'")) || len(m.eventsOf(EvDecision)) != 0 {
		t.Errorf("random position 2 of 2C 7H 7H' discarded %v, want the second 7H, with no decision", got)
	}

	m = lab(t, sh, 2, layout{hands: [][]string{{"3C"}, {"7H'", "2C", "7H"}}, disc: []string{"9H"}})
	discard.Random = false
	steer(t, m, [2]int{2, 1})
	m.hit(discard, 1, 1)
	if got := idsOf(m, EvDiscard); !slices.Equal(got, cardsOf("7H")) || !slices.Equal(decisions(m), []int{2}) {
		t.Errorf("a chosen discard among 2C 7H 7H': discarded %v after decisions %v, want the first 7H of 2 options", got, decisions(m))
	}
}

// TestReferenceTwoPacksSets: a set takes the lowest ids of its rank; a
// climb's further cards are faces (the second copy of the face just
// played is one); the best cards given in a pass are, among copies, the
// lowest ids; a card pass offers faces and passes in ascending id order.
func TestReferenceTwoPacksSets(t *testing.T) {
	sets := shedGenome()
	sets.Deck.Packs = cardrules.MaxPacks
	sets.Meld = 2
	m := lab(t, sets, 2, layout{hands: [][]string{{"5C'", "5D", "7H", "5C", "5D'"}, {"2C"}}, disc: []string{"9H"}})
	m.meld(0)
	if laid := m.gone[len(m.gone)-4:]; !slices.Equal(laid, cardsOf("5C", "5D", "5C'", "5D'")) || !slices.Equal(m.hands[0], cardsOf("7H")) {
		t.Errorf("sets laid %v, hand %v; want the first pack's pair, then the second's, 7H left", laid, m.hands[0])
	}

	pres := twoPacks(t, "president")
	m = lab(t, pres, 4, layout{hands: [][]string{{"KS", "KH", "KS'"}, {"2C"}, {"3C"}, {"4C"}}})
	m.climb = climbTable{rank: 10, count: 2, by: 2, passed: make([]bool, 4)}
	steer(t, m, [2]int{3, 1}, [2]int{2, 1}) // KS of KH, KS, pass; then KS of KH, KS
	m.climbPhase(0, &pres.Turn[0])
	if got := idsOf(m, EvPlay); !slices.Equal(got, cardsOf("KS", "KS'")) || !slices.Equal(decisions(m), []int{3, 2}) {
		t.Errorf("over a pair of queens: plays %v after decisions %v; want KS then KS' of 3 and 2 options", got, decisions(m))
	}
	m = lab(t, pres, 4, layout{hands: [][]string{{"2S'", "AS", "2S"}, {"2C"}, {"3C"}, {"4C"}}})
	if got := m.bestCards(0, 2); !slices.Equal(got, cardsOf("2S", "2S'")) {
		t.Errorf("best two cards %v, want 2S 2S'", got)
	}

	hm := twoPacks(t, "hearts-match")
	m = lab(t, hm, 4, layout{hands: [][]string{{"4C", "2C'", "3C", "2C"}, {"2D", "3D", "4D"}, {"2H", "3H", "4H"}, {"2S", "3S", "4S"}}})
	steer(t, m, [2]int{3, 0}, [2]int{3, 0}, [2]int{2, 0}) // seat 0: 2C, 2C again, 3C
	m.passCards()
	if got := decisions(m)[:3]; !slices.Equal(got, []int{3, 3, 2}) {
		t.Errorf("seat 0's pass decisions of %v options, want 3 3 2", got)
	}
	var passed []genome.Card
	for _, e := range m.eventsOf(EvPassCard) {
		if e.Seat == 0 {
			passed = append(passed, genome.Card(e.Card))
		}
	}
	if !slices.Equal(passed, cardsOf("2C", "3C", "2C'")) || !slices.Contains(m.hands[0], card("4C")) {
		t.Errorf("seat 0 passed %v, holds %v; want 2C 3C 2C' (ids ascending), 4C kept", passed, m.hands[0])
	}
}

// TestReferenceConsistentTwoPacks: the consistency check over the seed
// games of two packs (those a second pack can join: no tableau), with and
// without jokers.
func TestReferenceConsistentTwoPacks(t *testing.T) {
	games := 5
	if !testing.Short() {
		games = 50
	}
	for _, name := range genome.SeedNames() {
		for jokers := range cardrules.MaxJokers + 1 {
			g := twoPacks(t, name)
			g.Deck.Jokers = jokers
			if g.HasPhase(cardrules.PhaseTableau) {
				continue
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("%s of two packs with %d jokers: %v", name, jokers, err)
			}
			for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
				for i := range uint64(games) {
					if err := consistent(g, seats, rng.Derive(34, i)); err != nil {
						t.Fatalf("%s of two packs with %d jokers, %d seats, game %d: %v", name, jokers, seats, i, err)
					}
				}
			}
		}
	}
}
