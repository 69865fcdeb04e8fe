package reference

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Scenarios of jokers (deck.jokers): cards 52 and 53, of rank Joker (above
// every rank in every order) and no suit. Nothing in the rules treats them
// specially, so each expected value follows from a joker's rank and suit
// read as any card's. "Joker" is the first joker, "Joker2" the second.

// jokerShed is shedGenome with both jokers, where a card follows the active
// suit or is a joker (so a joker can be played on anything, and after a
// joker only a joker follows its suit, which is none).
func jokerShed(effects ...genome.Effect) *genome.Genome {
	g := shedGenome(effects...)
	g.Deck.Jokers = 2
	suit := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
	joker := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermRank, Value: uint8(cardrules.Joker)})
	legal := genome.Expr{Op: genome.OpAny, Args: []genome.Expr{suit, joker}}
	g.Turn[0].Legal = &legal
	return g
}

// jname is card c's text, "Joker2" for the second joker.
func jname(c genome.Card) string {
	if c == cardrules.FirstJoker+1 {
		return "Joker2"
	}
	return c.String()
}

// jplays and jpile are playsOf and pileOf naming the second joker.
func jplays(m *game) []string {
	var out []string
	for _, e := range m.eventsOf(EvPlay) {
		out = append(out, jname(genome.Card(e.Card)))
	}
	return out
}

func jpile(m *game, s int) []string {
	var out []string
	for _, c := range m.hands[s] {
		out = append(out, jname(c))
	}
	return out
}

// TestReferenceJokerOrder: the joker's rank is above every rank in every
// order, in predicates and in comparisons of cards.
func TestReferenceJokerOrder(t *testing.T) {
	gt := genome.Compare(genome.OpGt, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermTopRank})
	for o, top := range map[genome.RankOrder]string{cardrules.OrderAceHigh: "AS", cardrules.OrderAceLow: "KS", cardrules.OrderTwoHigh: "2S"} {
		for _, j := range []string{"Joker", "Joker2"} {
			v := view{card: card(j), top: card(top), active: 3, order: o}
			if !holds(&gt, v) {
				t.Errorf("%v: %s is not above %s, the highest standard card", o, j, top)
			}
			v.card, v.top = card(top), card(j)
			if holds(&gt, v) {
				t.Errorf("%v: %s is above %s", o, top, j)
			}
		}
		if place(o, cardrules.Joker) != cardrules.NumRanks {
			t.Errorf("%v: the joker's place %d, want 13", o, place(o, cardrules.Joker))
		}
	}
	// A joker's suit is none: it equals no suit constant, and the active
	// suit after a joker (4) equals only a joker's suit.
	eq := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
	for _, tc := range []struct {
		card   string
		active genome.Suit
		want   bool
	}{{"Joker", cardrules.NoSuit, true}, {"Joker2", cardrules.NoSuit, true}, {"2C", cardrules.NoSuit, false}, {"Joker", 0, false}, {"Joker", 3, false}} {
		if got := holds(&eq, view{card: card(tc.card), top: card("Joker"), active: tc.active}); got != tc.want {
			t.Errorf("%s, active suit %d: card.suit == top.suit is %v, want %v", tc.card, tc.active, got, tc.want)
		}
	}
}

// TestReferenceJokerPlay: a joker played onto the discard pile makes the
// active suit none, so only the other joker follows its suit; with the
// joker's rank in name_suit its player names a suit instead.
func TestReferenceJokerPlay(t *testing.T) {
	g := jokerShed()
	l := layout{hands: [][]string{{"2C", "Joker"}, {"5H", "2D", "3S", "Joker2"}, {"3C"}}, disc: []string{"9H"}}
	m := lab(t, g, 3, l)
	m.playPhase(0, &g.Turn[0])
	if got := jplays(m); !slices.Equal(got, []string{"Joker"}) {
		t.Fatalf("plays %v, want the joker (the only legal card)", got)
	}
	if m.suit != cardrules.NoSuit || m.lastSuit != cardrules.NoSuit || m.topDiscard() != int(cardrules.FirstJoker) {
		t.Errorf("active suit %d, last suit %d, top %d: want no suit (4), 4 and the joker", m.suit, m.lastSuit, m.topDiscard())
	}
	if got := m.legalCards(1, g.Turn[0].Legal, nil, m.topDiscard(), m.suit); !slices.Equal(got, cardsOf("Joker2")) {
		t.Errorf("after a joker seat 1 may play %v, want only the other joker", got)
	}
	if len(m.eventsOf(EvNameSuit)) != 0 {
		t.Errorf("a joker not in name_suit named a suit")
	}

	g = jokerShed()
	g.Turn[0].NameSuit = []genome.Rank{cardrules.Joker}
	m = lab(t, g, 3, l)
	steer(t, m, [2]int{4, 3}) // the play is forced; then spades of the four suits
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "name_suit", m, "decide 0 0/1", "play 0 Joker", "decide 0 3/4", "name-suit 0 spades")
	if m.suit != 3 || m.lastSuit != 3 {
		t.Errorf("named spades: active suit %d, last suit %d", m.suit, m.lastSuit)
	}
	if got := m.legalCards(1, g.Turn[0].Legal, nil, m.topDiscard(), m.suit); !slices.Equal(got, cardsOf("3S", "Joker2")) {
		t.Errorf("after a joker naming spades seat 1 may play %v, want 3S and the other joker", got)
	}
}

// TestReferenceJokerTrick: a led joker makes no suit the led suit and wins
// unless trumped (of two jokers, the first played); a joker played to
// another suit's trick never wins; with trump last_dealt a joker dealt
// last makes the jokers trumps.
func TestReferenceJokerTrick(t *testing.T) {
	anyCard := genome.Expr{Op: genome.OpTrue}
	for _, tc := range []struct {
		name   string
		hands  [][]string
		trump  genome.Trump
		dealt  int // m.trump, the suit of the last card dealt
		winner int
	}{
		{"led joker", [][]string{{"Joker"}, {"AS"}, {"AH"}}, cardrules.TrumpNone, 0, 0},
		{"led joker, trumped", [][]string{{"Joker"}, {"AS"}, {"2H"}}, cardrules.TrumpHearts, 0, 2},
		{"led joker, no trump played", [][]string{{"Joker"}, {"AS"}, {"AD"}}, cardrules.TrumpHearts, 0, 0},
		{"two jokers", [][]string{{"Joker2"}, {"AS"}, {"Joker"}}, cardrules.TrumpNone, 0, 0},
		{"off-suit joker", [][]string{{"5S"}, {"Joker"}, {"3S"}}, cardrules.TrumpNone, 0, 0},
		{"off-suit joker, trumps", [][]string{{"5S"}, {"Joker"}, {"2H"}}, cardrules.TrumpHearts, 0, 2},
		{"joker dealt last", [][]string{{"5S"}, {"Joker"}, {"2H"}}, cardrules.TrumpLastDealt, int(cardrules.NoSuit), 1},
		{"heart dealt last", [][]string{{"5S"}, {"Joker"}, {"2H"}}, cardrules.TrumpLastDealt, 2, 2},
	} {
		g := trickGenome(anyCard)
		g.Deck.Jokers = 2
		g.Turn[0].Trump = tc.trump
		m := lab(t, g, 3, layout{hands: tc.hands})
		m.trump = tc.dealt
		m.trickPhase(0, &g.Turn[0])
		if len(jplays(m)) != 3 || m.next != tc.winner {
			t.Errorf("%s: plays %v, winner %d; want 3 plays and seat %d", tc.name, jplays(m), m.next, tc.winner)
		}
	}

	// A follower's legal cards: the led card is the top card and its
	// suit, none for a joker, the active suit.
	follow := genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
	g := trickGenome(anyCard)
	g.Deck.Jokers = 2
	g.Turn[0].Legal = &follow
	m := lab(t, g, 3, layout{hands: [][]string{{"Joker"}, {"AS", "Joker2"}, {"KS"}}})
	m.trickPhase(0, &g.Turn[0])
	if got := jplays(m); !slices.Equal(got, []string{"Joker", "Joker2"}) || m.next != 0 {
		t.Errorf("following a joker: plays %v, winner %d; want the two jokers and seat 0", got, m.next)
	}
}

// TestReferenceJokerEffect: an effect of the joker's rank fires when either
// joker is played; an event naming the joker's rank carries the first
// joker.
func TestReferenceJokerEffect(t *testing.T) {
	g := jokerShed(effect("Joker", cardrules.DrawCards, cardrules.TargetNext, 2))
	l := layout{hands: [][]string{{"Joker2", "2C"}, {"3C"}, {"4C"}}, stock: []string{"2S", "3S", "4S"}, disc: []string{"9H"}}
	m := lab(t, g, 3, l)
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "joker draws", m, "decide 0 0/1", "play 0 Joker", "effect 0 draw_cards 2", "draw 1 4S", "draw 1 3S")
	if got := jplays(m); !slices.Equal(got, []string{"Joker2"}) {
		t.Errorf("plays %v, want the second joker", got)
	}
	if m.res.Effects[cardrules.DrawCards] != 1 || len(m.hands[1]) != 3 {
		t.Errorf("effects %v, seat 1 holds %d cards; want one draw_cards and 3", m.res.Effects, len(m.hands[1]))
	}

	fish := testkit.SeedGenome(t, "go-fish")
	fish.Deck.Jokers = 2
	asked := effect("Joker", cardrules.SkipNext, 0, 1)
	asked.When = cardrules.Asked
	fish.Effects = []genome.Effect{asked}
	m = lab(t, fish, 2, layout{hands: [][]string{{"Joker", "2C"}, {"Joker2", "3C"}}})
	m.happenRank(cardrules.Asked, 0, cardrules.Joker)
	if len(m.queue) != 1 || m.queue[0].card != cardrules.FirstJoker {
		t.Errorf("asked for jokers: queue %+v, want the first joker", m.queue)
	}
}

// TestReferenceJokerScoring: a card rule of the joker's rank scores each
// joker in the tricks won (whoever played it) and in the hands at the
// deal's end.
func TestReferenceJokerScoring(t *testing.T) {
	g := trickGenome(genome.Expr{Op: genome.OpTrue})
	g.Deck.Jokers = 2
	g.Score.Cards = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchRank, Value: uint8(cardrules.Joker)}, Points: 5}}
	g.Score.Hand = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchRank, Value: uint8(cardrules.Joker)}, Points: 3}}
	m := lab(t, g, 3, layout{hands: [][]string{{"5S"}, {"Joker"}, {"3S", "Joker2"}}})
	steer(t, m, [2]int{2, 0}) // seat 2: 3S of 3S and the second joker
	m.trickPhase(0, &g.Turn[0])
	if got := jplays(m); m.next != 0 || !slices.Equal(got, []string{"5S", "Joker", "3S"}) || !slices.Equal(m.score, []int{5, 0, 0}) {
		t.Fatalf("plays %v, winner %d, scores %v; want 5S Joker 3S, seat 0 scoring the off-suit joker's 5", got, m.next, m.score)
	}
	m.endDeal()
	if !slices.Equal(m.score, []int{5, 0, 3}) {
		t.Errorf("after the deal's end scores %v, want 5 0 3 (seat 2 still holds a joker)", m.score)
	}
}

// TestReferenceJokerRanks: a joker beats every card in a battle (two tie
// and go to war), two jokers are a set of two, a pair of jokers climbs
// over a pair of aces, and a joker is the best card to pass.
func TestReferenceJokerRanks(t *testing.T) {
	g := warGenome(t, 1, cardrules.ReturnsInOrder)
	g.Deck.Jokers = 2
	m := lab(t, g, 2, layout{hands: [][]string{{"Joker", "2C"}, {"AD", "3D"}}})
	m.battlePhase(0, &g.Turn[0])
	if takes := m.eventsOf(EvTake); len(takes) != 1 || takes[0].Seat != 0 {
		t.Errorf("joker against an ace: takes %v, want seat 0", takes)
	}
	m = lab(t, g, 2, layout{hands: [][]string{{"Joker", "2C", "KC"}, {"Joker2", "3D", "4D"}}})
	m.battlePhase(0, &g.Turn[0])
	if len(m.eventsOf(EvWar)) != 1 || !slices.Equal(jpile(m, 0), []string{"Joker", "Joker2", "2C", "3D", "KC", "4D"}) {
		t.Errorf("two jokers: wars %d, winner's pile %v; want a war won by the king", len(m.eventsOf(EvWar)), jpile(m, 0))
	}

	sets := jokerShed()
	sets.Meld = 2
	m = lab(t, sets, 2, layout{hands: [][]string{{"5C", "Joker2", "5D", "Joker", "7H"}, {"2C"}}, disc: []string{"9H"}})
	m.meld(0)
	var laid []int
	for _, e := range m.eventsOf(EvMeld) {
		laid = append(laid, e.Card)
	}
	if !slices.Equal(laid, []int{3, int(cardrules.Joker)}) || !slices.Equal(pileOf(m, 0), []string{"7H"}) {
		t.Errorf("sets of two: laid ranks %v, hand %v; want the fives then the jokers, 7H left", laid, pileOf(m, 0))
	}

	pres := testkit.SeedGenome(t, "president")
	pres.Deck.Jokers = 2
	m = lab(t, pres, 3, layout{hands: [][]string{{"KS", "Joker", "KH", "Joker2"}, {"2C"}, {"3C"}}})
	m.climb = climbTable{rank: 12, count: 2, by: 2, passed: make([]bool, 3)}
	steer(t, m, [2]int{3, 0}) // the first joker of: Joker, Joker2, pass
	m.climbPhase(0, &pres.Turn[0])
	if cl := m.eventsOf(EvClimb); len(cl) != 1 || cl[0].Card != int(cardrules.Joker) || cl[0].N != 2 {
		t.Errorf("over a pair of aces: climbs %v, want a pair of jokers", cl)
	}
	m = lab(t, pres, 3, layout{hands: [][]string{{"AS", "Joker2", "KH", "Joker"}, {"2C"}, {"3C"}}})
	for k, want := range [][]string{{"Joker"}, {"Joker", "Joker2"}, {"Joker", "Joker2", "AS"}} {
		var got []string
		for _, c := range m.bestCards(0, k+1) {
			got = append(got, jname(c))
		}
		if !slices.Equal(got, want) {
			t.Errorf("best %d cards %v, want %v", k+1, got, want)
		}
	}
}

// TestReferenceConsistentJokers: the consistency check over the seed games
// with one and with two jokers added (those a joker can join: no tableau).
func TestReferenceConsistentJokers(t *testing.T) {
	games := 5
	if !testing.Short() {
		games = 50
	}
	for _, name := range genome.SeedNames() {
		for jokers := 1; jokers <= cardrules.MaxJokers; jokers++ {
			g := testkit.SeedGenome(t, name)
			g.Deck.Jokers = jokers
			if g.HasPhase(cardrules.PhaseTableau) {
				continue
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("%s with %d jokers: %v", name, jokers, err)
			}
			for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
				for i := range uint64(games) {
					if err := consistent(g, seats, rng.Derive(21, i)); err != nil {
						t.Fatalf("%s with %d jokers, %d seats, game %d: %v", name, jokers, seats, i, err)
					}
				}
			}
		}
	}
}
