package reference

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Scenarios of the starter rules (starter_not, starter_fires) and of
// reshuffling at once.

func rankOf(s string) genome.Rank {
	r, err := cardrules.ParseRank(s)
	if err != nil {
		panic(err)
	}
	return r
}

// TestReferenceStarterNot: the starter is never of a banned rank; when the
// card first turned up is, it goes back on top of the stock, the whole
// stock is shuffled with one ShuffleBytes and the top card is turned up
// again, as often as needed.
func TestReferenceStarterNot(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Deal.StarterNot = []genome.Rank{rankOf("8")}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	turnedAgain := 0
	for _, n := range []int{2, 5} {
		for seed := range uint64(1000) {
			m := &game{g: g, n: n, check: true}
			m.setupGame(seed)
			starter := m.discard[0]
			if starter.Rank() == rankOf("8") {
				t.Fatalf("%d seats, seed %d: the starter is %v", n, seed, starter)
			}
			// The same from the rules, by hand: the deal takes
			// g.DealFor(n) cards per seat from the end of the shuffled
			// deck; the stock is the rest, its top last.
			src := rng.New(seed)
			var deck []uint8
			for _, c := range g.Deck.Cards() {
				deck = append(deck, uint8(c))
			}
			src.ShuffleBytes(deck)
			stock := deck[:len(deck)-g.DealFor(n)*n]
			top := stock[len(stock)-1]
			if genome.Card(top).Rank() == rankOf("8") {
				turnedAgain++
			}
			for genome.Card(stock[len(stock)-1]).Rank() == rankOf("8") {
				src.ShuffleBytes(stock)
			}
			want := genome.Card(stock[len(stock)-1])
			var rest []genome.Card
			for _, c := range stock[:len(stock)-1] {
				rest = append(rest, genome.Card(c))
			}
			if starter != want || !slices.Equal(m.stock, rest) || m.src != src || m.suit != want.Suit() {
				t.Fatalf("%d seats, seed %d: starter %v and stock %v, want %v and %v (and the same random draws)", n, seed, starter, m.stock, want, rest)
			}
		}
	}
	if turnedAgain < 20 {
		t.Errorf("only %d of 2000 deals turned an 8 first; the test does not reach the rule", turnedAgain)
	}

	// A stock of banned cards only: the card turned up stays, and
	// nothing is shuffled.
	m := lab(t, g, 2, layout{hands: [][]string{{"2C"}, {"3C"}}, stock: []string{"8C", "8D", "8H"}})
	src := m.src
	if c := m.turnStarter(); c != card("8H") || m.src != src || !slices.Equal(m.stock, cardsOf("8C", "8D")) {
		t.Errorf("only banned cards: starter %v, stock %v, want 8H and [8C 8D] without a shuffle", c, m.stock)
	}
}

// TestReferenceStarterFires: the starter's effects resolve as the
// dealer's (seat n-1) before the first turn, and set the first seat.
func TestReferenceStarterFires(t *testing.T) {
	for _, tc := range []struct {
		name     string
		starter  string
		effects  []genome.Effect
		lead     int // the seat dealt the lead card (3C), or -1
		first    int
		dir      int
		hands    []int // cards held by each seat after the start
		want     []string
		interact int
	}{
		{
			name: "skip", starter: "JH", effects: []genome.Effect{effect("J", cardrules.SkipNext, 0, 1)}, lead: -1,
			first: 1, dir: 1, hands: []int{2, 2, 2, 2}, want: []string{"effect 3 skip_next 1"},
		},
		{
			name: "skip two", starter: "JH", effects: []genome.Effect{effect("J", cardrules.SkipNext, 0, 2)}, lead: -1,
			first: 2, dir: 1, hands: []int{2, 2, 2, 2}, want: []string{"effect 3 skip_next 2"},
		},
		{
			name: "reverse", starter: "QH", effects: []genome.Effect{effect("Q", cardrules.Reverse, 0, 0)}, lead: -1,
			first: 2, dir: -1, hands: []int{2, 2, 2, 2}, want: []string{"effect 3 reverse 0"},
		},
		{
			name: "extra turn", starter: "KH", effects: []genome.Effect{effect("K", cardrules.ExtraTurn, 0, 0)}, lead: -1,
			first: 3, dir: 1, hands: []int{2, 2, 2, 2}, want: []string{"effect 3 extra_turn 0"},
		},
		{
			name: "draw two, next", starter: "2H", effects: []genome.Effect{effect("2", cardrules.DrawCards, cardrules.TargetNext, 2)}, lead: -1,
			first: 0, dir: 1, hands: []int{4, 2, 2, 2}, want: []string{"effect 3 draw_cards 2", "draw 0 6S", "draw 0 5S"}, interact: 1,
		},
		{
			name: "draw one, previous", starter: "2H", effects: []genome.Effect{effect("2", cardrules.DrawCards, cardrules.TargetPrevious, 1)}, lead: -1,
			first: 0, dir: 1, hands: []int{2, 2, 3, 2}, want: []string{"effect 3 draw_cards 1", "draw 2 6S"}, interact: 1,
		},
		{
			name: "draw one, all opponents", starter: "2H", effects: []genome.Effect{effect("2", cardrules.DrawCards, cardrules.TargetAllOpponents, 1)}, lead: -1,
			first: 0, dir: 1, hands: []int{3, 3, 3, 2}, want: []string{"effect 3 draw_cards 1", "draw 0 6S", "draw 1 5S", "draw 2 4S"}, interact: 3,
		},
		{
			name: "reverse, then draw next and skip", starter: "QH",
			effects: []genome.Effect{effect("Q", cardrules.Reverse, 0, 0), effect("Q", cardrules.DrawCards, cardrules.TargetNext, 1), effect("Q", cardrules.SkipNext, 0, 1)}, lead: -1,
			first: 1, dir: -1, hands: []int{2, 2, 3, 2}, want: []string{"effect 3 reverse 0", "effect 3 draw_cards 1", "draw 2 6S", "effect 3 skip_next 1"}, interact: 1,
		},
		{
			name: "no effect of its rank", starter: "5H", effects: []genome.Effect{effect("J", cardrules.SkipNext, 0, 1)}, lead: -1,
			first: 0, dir: 1, hands: []int{2, 2, 2, 2},
		},
		{
			name: "the lead card's holder starts", starter: "JH", effects: []genome.Effect{effect("J", cardrules.SkipNext, 0, 1)}, lead: 2,
			first: 2, dir: 1, hands: []int{2, 2, 2, 2}, want: []string{"effect 3 skip_next 1"},
		},
	} {
		g := shedGenome(tc.effects...)
		g.Deal.StarterFires = true
		g.Deal.Cards = 2
		hands := [][]string{{"2C", "4D"}, {"4C", "5D"}, {"5C", "6D"}, {"6C", "7D"}}
		if tc.lead >= 0 {
			lc := card("3C")
			g.LeadCard = &lc
			hands[tc.lead][0] = "3C"
		}
		m := lab(t, g, 4, layout{hands: hands, stock: []string{"2S", "3S", "4S", "5S", "6S"}, disc: []string{tc.starter}})
		if tc.lead >= 0 {
			m.leadHolder, m.cur = tc.lead, tc.lead
		}
		m.start()
		checkTrace(t, tc.name, m, tc.want...)
		var held []int
		for s := range 4 {
			held = append(held, len(m.hands[s]))
		}
		if m.cur != tc.first || m.dir != tc.dir || m.skip != 0 || m.over || !slices.Equal(held, tc.hands) {
			t.Errorf("%s: first seat %d, direction %+d, skip %d, over %v, hands %v; want %d, %+d, 0, false, %v",
				tc.name, m.cur, m.dir, m.skip, m.over, held, tc.first, tc.dir, tc.hands)
		}
		if m.res.Interactions != tc.interact || m.res.Turns != 0 || m.res.Plays != 0 || m.res.Draws != tc.hands[0]+tc.hands[1]+tc.hands[2]+tc.hands[3]-8 {
			t.Errorf("%s: interactions %d, turns %d, plays %d, draws %d", tc.name, m.res.Interactions, m.res.Turns, m.res.Plays, m.res.Draws)
		}
		if len(tc.want) > 0 && m.res.Effects[tc.effects[0].Type] == 0 {
			t.Errorf("%s: effects %v not counted", tc.name, m.res.Effects)
		}
		if m.suit != card(tc.starter).Suit() || m.last != -1 {
			t.Errorf("%s: active suit %v, last card %d; want the starter's suit and no card played", tc.name, m.suit, m.last)
		}
	}

	// Forced discards that empty hands: the end check runs in seat order
	// from the current seat (seat 0), so seat 0 goes out first and wins.
	g := shedGenome(effect("7", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1))
	g.Deal.StarterFires = true
	m := lab(t, g, 4, layout{hands: [][]string{{"2C"}, {"3C"}, {"4C"}, {"5C", "6C"}}, stock: []string{"2S"}, disc: []string{"7H"}})
	m.start()
	checkTrace(t, "discards", m, "effect 3 force_discard 1",
		"decide 0 0/1", "discard 0 2C", "decide 1 0/1", "discard 1 3C", "decide 2 0/1", "discard 2 4C", "out 0 0", "out 1 0", "out 2 0")
	if w, _ := m.ranking(); !m.over || w != 0 || m.res.Interactions != 3 {
		t.Errorf("discards: over %v, winner %d, interactions %d; want true, 0, 3", m.over, w, m.res.Interactions)
	}

	// A lead card nobody was dealt binds nobody: the first seat follows
	// from the dealer. So it does when the holder goes out at the start.
	lc := card("3C")
	g = shedGenome(effect("J", cardrules.SkipNext, 0, 1))
	g.Deal.StarterFires, g.LeadCard = true, &lc
	m = lab(t, g, 4, layout{hands: [][]string{{"2C"}, {"4C"}, {"5C"}, {"6C"}}, stock: []string{"2S"}, disc: []string{"JH"}})
	m.start()
	if m.cur != 1 {
		t.Errorf("lead card nobody holds: first seat %d, want 1", m.cur)
	}
	g = shedGenome(effect("7", cardrules.ForceDiscard, cardrules.TargetAllOpponents, 1), effect("7", cardrules.SkipNext, 0, 1))
	g.Deal.StarterFires, g.LeadCard, g.End.Until = true, &lc, cardrules.UntilOneLeft
	m = lab(t, g, 4, layout{hands: [][]string{{"2C", "2D"}, {"4C", "4D"}, {"3C"}, {"6C"}}, stock: []string{"2S"}, disc: []string{"7H"}})
	m.leadHolder, m.cur = 2, 2
	m.start()
	if m.active[2] || m.over || m.cur != 1 {
		t.Errorf("the lead card's holder out: seat 2 in %v, over %v, first seat %d; want out, false, 1", m.active[2], m.over, m.cur)
	}

	// The end check follows the starter's effects only: a seat holding
	// nothing at the start (as after laying down sets) goes out after a
	// skip starter, and not after a starter of a rank without effects.
	g = shedGenome(effect("J", cardrules.SkipNext, 0, 1))
	g.Deal.StarterFires = true
	for _, tc := range []struct {
		starter string
		want    []string
	}{{"JH", []string{"effect 3 skip_next 1", "out 1 0"}}, {"5H", nil}} {
		m = lab(t, g, 4, layout{hands: [][]string{{"2C"}, nil, {"4C"}, {"5C"}}, stock: []string{"2S"}, disc: []string{tc.starter}})
		m.start()
		checkTrace(t, "empty hand, starter "+tc.starter, m, tc.want...)
		if m.over != (tc.want != nil) {
			t.Errorf("empty hand, starter %s: over %v", tc.starter, m.over)
		}
	}

	// Without starter_fires nothing happens at the start.
	g = shedGenome(effect("J", cardrules.SkipNext, 0, 1))
	m = lab(t, g, 4, layout{hands: [][]string{{"2C"}, {"3C"}, {"4C"}, {"5C"}}, disc: []string{"JH"}})
	m.start()
	if len(m.events) != 0 || m.cur != 0 {
		t.Errorf("without starter_fires: events %v, first seat %d", traceOf(m), m.cur)
	}
}

// TestReferenceStarterFiresGames: whole games of uno-style with the starter
// firing. Before the first turn come only the dealer's effects and what
// they cause; the first seat follows from the starter's rank; a wild
// starter names no suit.
func TestReferenceStarterFiresGames(t *testing.T) {
	g := testkit.SeedGenome(t, "uno-style")
	g.Deal.StarterFires = true
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	// uno-style: 2 draws two and skips, J skips, Q reverses, K gives
	// another turn, 7 makes the player discard one more card.
	first := map[string]int{"2": 1, "J": 1, "Q": 2, "K": 3}
	seen := map[string]int{}
	for seed := range uint64(400) {
		m := &game{g: g, n: 4}
		m.setupGame(seed)
		starter := m.discard[0]
		rank := starter.Rank().String()
		r, evs := Play(g, 4, nil, seed)
		if err := consistent(g, 4, seed); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		i := slices.IndexFunc(evs, func(e Event) bool { return e.Kind == EvTurn })
		for _, e := range evs[:max(i, 0)] {
			switch {
			case e.Kind == EvEffect && e.Seat == 3:
			case e.Kind == EvDraw && rank == "2":
			case (e.Kind == EvDecision || e.Kind == EvDiscard) && e.Seat == 3 && rank == "7":
			default:
				t.Fatalf("seed %d, starter %v: before the first turn, %v", seed, starter, e)
			}
		}
		want, ok := first[rank]
		if !ok {
			want = 0
		}
		if i < 0 || evs[i].Seat != want {
			t.Fatalf("seed %d, starter %v: the first turn %v, want seat %d", seed, starter, evs[max(i, 0)], want)
		}
		fired := 0
		for _, e := range g.Effects {
			if e.Rank == starter.Rank() {
				fired++
			}
		}
		if i != fired && rank != "2" && rank != "7" {
			t.Fatalf("seed %d, starter %v: %d events before the first turn, want %d effects", seed, starter, i, fired)
		}
		if rank == "7" && (i != 3 || evs[2].Kind != EvDiscard) {
			t.Fatalf("seed %d, starter %v: want the dealer's forced discard first, got %v", seed, starter, evs[:i])
		}
		if rank == "2" && (i != 4 || evs[1].Seat != 0 || evs[2].Seat != 0) {
			t.Fatalf("seed %d, starter %v: want seat 0 to draw two first, got %v", seed, starter, evs[:i])
		}
		if r.Winner == Aborted {
			t.Fatalf("seed %d: aborted", seed)
		}
		seen[rank]++
	}
	for _, rank := range []string{"2", "J", "Q", "K", "7", "A"} {
		if seen[rank] == 0 {
			t.Errorf("no game of 400 started with a starter of rank %s", rank)
		}
	}
}

// TestReferenceReshuffleAtOnce: with reshuffle_at_once the stock is
// refilled right after a draw empties it, and right after a card lands on
// the discard pile while it is empty (a play, before its suit is named; a
// forced discard); without it, only before a draw from an empty stock.
func TestReferenceReshuffleAtOnce(t *testing.T) {
	g := shedGenome()
	g.ReshuffleAtOnce = true
	l := layout{hands: [][]string{{"5C"}, {"6C"}}, stock: []string{"4C"}, disc: []string{"2H", "3H", "9H"}}
	m := lab(t, g, 2, l)
	src := m.src
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "a draw empties the stock", m, "draw 0 4C", "reshuffle 2", "pass 0")
	below := cardsOf("2H", "3H")
	shuffled := []uint8{uint8(below[0]), uint8(below[1])}
	src.ShuffleBytes(shuffled)
	if !slices.Equal(m.stock, []genome.Card{genome.Card(shuffled[0]), genome.Card(shuffled[1])}) || !slices.Equal(m.discard, cardsOf("9H")) || m.src != src {
		t.Errorf("a draw empties the stock: stock %v, discard pile %v", m.stock, m.discard)
	}

	later := shedGenome()
	m = lab(t, later, 2, l)
	m.playPhase(0, &later.Turn[0])
	checkTrace(t, "at the next draw", m, "draw 0 4C", "pass 0")
	if len(m.stock) != 0 || len(m.discard) != 3 {
		t.Errorf("at the next draw: stock %v, discard pile %v", m.stock, m.discard)
	}

	// A play lands on the discard pile while the stock is empty: the
	// reshuffle comes before the suit is named (and is traced before the
	// play).
	g.Turn[0].NameSuit = []genome.Rank{rankOf("5")}
	m = lab(t, g, 2, layout{hands: [][]string{{"5H", "6C"}, {"7C"}}, disc: []string{"9H"}})
	steer(t, m, [2]int{4, 2})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "a play", m, "decide 0 0/1", "reshuffle 1", "play 0 5H", "decide 0 2/4", "name-suit 0 hearts")
	if !slices.Equal(m.stock, cardsOf("9H")) || !slices.Equal(m.discard, cardsOf("5H")) {
		t.Errorf("a play: stock %v, discard pile %v", m.stock, m.discard)
	}

	// A forced discard lands beneath the top card while the stock is
	// empty (the play before it found only itself on the pile).
	g = shedGenome(effect("7", cardrules.ForceDiscard, cardrules.TargetNext, 1))
	g.ReshuffleAtOnce = true
	m = lab(t, g, 2, layout{hands: [][]string{{"7H", "2C"}, {"3C", "4C"}}})
	steer(t, m, [2]int{2, 1}, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "a forced discard", m, "decide 0 1/2", "play 0 7H", "effect 0 force_discard 1", "decide 1 0/2", "discard 1 3C", "reshuffle 1")
	if !slices.Equal(m.stock, cardsOf("3C")) || !slices.Equal(m.discard, cardsOf("7H")) {
		t.Errorf("a forced discard: stock %v, discard pile %v", m.stock, m.discard)
	}
}
