package reference

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Scenarios of capture by sum (capture.go), in the Italian 40-card pack,
// ace low (A=1 ... 7=7, J=8, Q=9, K=10): a card played takes layout cards
// whose values sum to its own, chosen one at a time, or joins the layout.
// The expected values are worked out by hand from the capture spec.

// scopa returns the scopa-lite hybrid with equal_first as given, a sweep
// worth 3 and a point per diamond won.
func scopa(t *testing.T, equalFirst bool) *genome.Genome {
	t.Helper()
	g := hybrid(t, "scopa-lite")
	g.Turn[0].EqualFirst = equalFirst
	g.Score.Sweep = 3
	g.Score.Cards = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit, Value: 1}, Points: 1}}
	return g
}

// captureLab is lab with the given cards (out of play in l) on the layout.
func captureLab(t *testing.T, g *genome.Genome, n int, l layout, onLayout ...string) *game {
	t.Helper()
	m := lab(t, g, n, l)
	for _, c := range cardsOf(onLayout...) {
		i := slices.Index(m.gone, c)
		if i < 0 {
			t.Fatalf("layout card %v is placed elsewhere", c)
		}
		m.gone = slices.Delete(m.gone, i, i+1)
		m.layout = append(m.layout, c)
	}
	m.verify()
	return m
}

func layoutOf(m *game) []string {
	cs := slices.Clone(m.layout)
	slices.Sort(cs)
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

func wonOf(m *game, s int) []string {
	var out []string
	for _, c := range m.won[s] {
		out = append(out, c.String())
	}
	return out
}

// TestReferenceCaptureValues: a card's value is its rank's place among
// the deck's ranks in the deck's order, from 1; a joker's is the number of
// the deck's ranks, its own included.
func TestReferenceCaptureValues(t *testing.T) {
	italian := scopa(t, false)
	full := scopa(t, false)
	full.Deck = genome.Deck{Jokers: 1}
	twoHigh := scopa(t, false)
	twoHigh.Deck = genome.Deck{Order: cardrules.OrderTwoHigh}
	twice := scopa(t, false)
	twice.Deck.Ranks = append(twice.Deck.Ranks, twice.Deck.Ranks[0]) // a rank listed twice counts once
	italianJoker := scopa(t, false)
	italianJoker.Deck.Jokers = 1
	for _, tc := range []struct {
		name string
		g    *genome.Genome
		want map[string]int
	}{
		{"italian", italian, map[string]int{"AC": 1, "2D": 2, "3H": 3, "4S": 4, "5C": 5, "6D": 6, "7H": 7, "JS": 8, "QC": 9, "KD": 10}},
		{"italian, a rank twice", twice, map[string]int{"AC": 1, "7H": 7, "JS": 8, "KD": 10}},
		{"italian with a joker", italianJoker, map[string]int{"KD": 10, "Joker": 11}},
		{"full, ace high", full, map[string]int{"2C": 1, "9D": 8, "10H": 9, "KS": 12, "AS": 13, "Joker": 14}},
		{"full, two high", twoHigh, map[string]int{"3C": 1, "AS": 12, "2H": 13}},
	} {
		m := &game{g: tc.g}
		for c, want := range tc.want {
			if got := m.captureValue(card(c)); got != want {
				t.Errorf("%s: %s is worth %d, want %d", tc.name, c, got, want)
			}
		}
	}
}

// TestReferenceCaptureSum: a 5 played on 2C 3D 5H 7S must capture (no
// trail is offered): the options are the cards of some capture, 2C 3D
// 5H; choosing 2C leaves 3D alone to complete it, a decision of one
// option (forced). The captured cards and the card played are won, the
// diamond scoring its point; the play comes after the captures.
func TestReferenceCaptureSum(t *testing.T) {
	g := scopa(t, false)
	m := captureLab(t, g, 2, layout{hands: [][]string{{"5C", "KS"}, {"4D"}}}, "2C", "3D", "5H", "7S")
	steer(t, m, [2]int{2, 0}, [2]int{3, 0})
	m.capturePhase(0, &g.Turn[0])
	checkTrace(t, "sum", m, "decide 0 0/2", "decide 0 0/3", "collect 0 2C 0", "decide 0 0/1", "collect 0 3D 0", "play 0 5C")
	if got := layoutOf(m); !slices.Equal(got, []string{"5H", "7S"}) {
		t.Errorf("layout %v, want 5H 7S", got)
	}
	if got := wonOf(m, 0); !slices.Equal(got, []string{"2C", "3D", "5C"}) {
		t.Errorf("seat 0 won %v, want 2C 3D 5C", got)
	}
	if m.score[0] != 1 || m.capturer != 0 || m.last != int(card("5C")) {
		t.Errorf("score %v, last capturer %d, last card %d: want 1 point (3D), seat 0, 5C", m.score, m.capturer, m.last)
	}
	if got, want := countsOf(m.res), (counts{decisions: 3, options: 6, forced: 1, informed: 2, plays: 1}); got != want {
		t.Errorf("counts %+v, want %+v", got, want)
	}
	m.verify()
}

// TestReferenceCaptureEqualFirst: with equal_first, a 5 on 2C 3D 5H 7S
// may only take the 5H (one option, forced); with no card of its value on
// the layout, it takes a sum.
func TestReferenceCaptureEqualFirst(t *testing.T) {
	g := scopa(t, true)
	m := captureLab(t, g, 2, layout{hands: [][]string{{"5C"}, {"4D"}}}, "2C", "3D", "5H", "7S")
	m.capturePhase(0, &g.Turn[0])
	checkTrace(t, "equal", m, "decide 0 0/1", "decide 0 0/1", "collect 0 5H 0", "play 0 5C")
	if got := layoutOf(m); !slices.Equal(got, []string{"2C", "3D", "7S"}) {
		t.Errorf("layout %v, want 2C 3D 7S", got)
	}

	m = captureLab(t, g, 2, layout{hands: [][]string{{"5C"}, {"4D"}}}, "2C", "3D", "7S")
	steer(t, m, [2]int{2, 1})
	m.capturePhase(0, &g.Turn[0])
	checkTrace(t, "no equal", m, "decide 0 0/1", "decide 0 1/2", "collect 0 3D 0", "decide 0 0/1", "collect 0 2C 0", "play 0 5C")
}

// TestReferenceCaptureTrail: a card no set of layout cards sums to (a J,
// 8, on 2C 3D 7S) joins
// the layout (EvLayout with its seat) after no capture decision; it makes
// no capturer.
func TestReferenceCaptureTrail(t *testing.T) {
	g := scopa(t, false)
	m := captureLab(t, g, 2, layout{hands: [][]string{{"JC"}, {"4D"}}}, "2C", "3D", "7S")
	m.capturePhase(0, &g.Turn[0])
	checkTrace(t, "trail", m, "decide 0 0/1", "layout 0 JC", "play 0 JC")
	if got := layoutOf(m); !slices.Equal(got, []string{"2C", "JC", "3D", "7S"}) {
		t.Errorf("layout %v, want 2C JC 3D 7S", got)
	}
	if m.capturer != -1 || len(m.won[0]) != 0 || m.res.Plays != 1 {
		t.Errorf("capturer %d, won %v, plays %d: want none, nothing, 1", m.capturer, wonOf(m, 0), m.res.Plays)
	}
	// A seat with no card passes without a decision.
	m.capturePhase(0, &g.Turn[0])
	if e := m.events[len(m.events)-1]; e.Kind != EvPass || e.N != 0 || m.res.Passes != 1 {
		t.Errorf("empty hand: last event %v, passes %d; want a pass for want of a card", e, m.res.Passes)
	}
}

// TestReferenceCaptureSweep: a capture that empties the layout scores the
// sweep (EvSweep before the play) while a card is left to play in a hand
// or the stock; the deal's last card sweeps nothing.
func TestReferenceCaptureSweep(t *testing.T) {
	g := scopa(t, false)
	for _, tc := range []struct {
		name  string
		l     layout
		sweep bool
	}{
		{"a card left in a hand", layout{hands: [][]string{{"5C", "KS"}, {}}}, true},
		{"a card left in another hand", layout{hands: [][]string{{"5C"}, {"KS"}}}, true},
		{"a card left in the stock", layout{hands: [][]string{{"5C"}, {}}, stock: []string{"KS"}}, true},
		{"the deal's last card", layout{hands: [][]string{{"5C"}, {}}}, false},
	} {
		m := captureLab(t, g, 2, tc.l, "2C", "3D")
		m.capturePhase(0, &g.Turn[0])
		sweeps := m.eventsOf(EvSweep)
		switch {
		case tc.sweep && (len(sweeps) != 1 || sweeps[0].Seat != 0 || sweeps[0].N != 3 || m.score[0] != 3+1):
			t.Errorf("%s: sweeps %v, score %v; want one of 3 points (and the diamond's)", tc.name, sweeps, m.score)
		case !tc.sweep && (len(sweeps) != 0 || m.score[0] != 1):
			t.Errorf("%s: sweeps %v, score %v; want none (the diamond's point only)", tc.name, sweeps, m.score)
		}
		if k := slices.IndexFunc(m.events, func(e Event) bool { return e.Kind == EvSweep }); tc.sweep && m.events[k+1].Kind != EvPlay {
			t.Errorf("%s: the sweep is not followed by the play: %v", tc.name, traceOf(m))
		}
		if len(m.layout) != 0 {
			t.Errorf("%s: layout %v left", tc.name, layoutOf(m))
		}
	}
}

// TestReferenceCaptureGather: as a deal ends, the layout's cards go to the
// deal's last capturer, in ascending order (EvCollect N 1), scoring their
// points before the finishing order is made; with no capture in the deal
// they stay.
func TestReferenceCaptureGather(t *testing.T) {
	g := scopa(t, false)
	g.Score.Finish = []int{5}
	m := captureLab(t, g, 2, layout{hands: [][]string{{}, {}}}, "KS", "4D", "AC")
	m.capturer = 1
	m.endDeal()
	checkTrace(t, "gather", m, "collect 1 AC 1", "collect 1 4D 1", "collect 1 KS 1")
	if got := wonOf(m, 1); !slices.Equal(got, []string{"AC", "4D", "KS"}) || len(m.layout) != 0 {
		t.Errorf("seat 1 won %v, layout %v; want AC 4D KS, none", got, layoutOf(m))
	}
	// The diamond's point puts seat 1 first in the finishing order.
	if !slices.Equal(m.score, []int{0, 1 + 5}) {
		t.Errorf("scores %v, want 0 and 6 (a diamond, then first to finish)", m.score)
	}
	m.verify()

	m = captureLab(t, g, 2, layout{hands: [][]string{{}, {}}}, "KS", "4D")
	m.endDeal()
	if len(m.eventsOf(EvCollect)) != 0 || len(m.layout) != 2 {
		t.Errorf("no capturer: collects %v, layout %v; want none, the two cards", m.eventsOf(EvCollect), layoutOf(m))
	}
}

// TestReferenceCaptureTwoPacks: a capture decision offers each face once;
// the face chosen takes its lowest id on the layout.
func TestReferenceCaptureTwoPacks(t *testing.T) {
	g := scopa(t, false)
	g.Deck.Packs = cardrules.MaxPacks
	m := captureLab(t, g, 2, layout{hands: [][]string{{"5C"}, {"4D"}}}, "2C", "3D'", "3D", "5H")
	steer(t, m, [2]int{3, 1})
	m.capturePhase(0, &g.Turn[0])
	checkTrace(t, "two packs", m, "decide 0 0/1", "decide 0 1/3", "collect 0 3D 0", "decide 0 0/1", "collect 0 2C 0", "play 0 5C")
	if got := idsOf(m, EvCollect); !slices.Equal(got, cardsOf("3D", "2C")) {
		t.Errorf("collected ids %v, want the first pack's 3D, then 2C", got)
	}
}

// TestReferenceCaptureGames: whole games of scopa-lite (and with sums
// only, two packs, a match) are consistent, each capture's cards sum to
// the card played, sweeps come only while cards are left to play, and
// the cards gathered at a deal's end go to its last capturer.
func TestReferenceCaptureGames(t *testing.T) {
	games := 50
	if !testing.Short() {
		games = 500
	}
	sums := scopa(t, false)
	packs := scopa(t, true)
	packs.Deck.Packs, packs.Deck.Jokers = cardrules.MaxPacks, cardrules.MaxJokers
	match := scopa(t, true)
	match.Match = &genome.MatchRules{Deals: 3}
	seen := map[string]int{}
	for name, g := range map[string]*genome.Genome{"scopa-lite": scopa(t, true), "sums": sums, "two packs": packs, "match": match} {
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				seed := rng.Derive(77, i)
				if err := consistent(g, seats, seed); err != nil {
					t.Fatalf("%s, %d seats, game %d: %v", name, seats, i, err)
				}
				_, evs := play(g, seats, nil, seed, true)
				m := &game{g: g}
				sum, capturer := 0, -1
				for k, e := range evs {
					switch {
					case e.Kind == EvCollect && e.N == 0:
						sum += m.captureValue(genome.Card(e.Card))
						capturer = e.Seat
					case e.Kind == EvCollect:
						seen["gathered"]++
						if e.Seat != capturer {
							t.Fatalf("%s, game %d: %v gathered, the last capturer was seat %d", name, i, e, capturer)
						}
					case e.Kind == EvSweep:
						seen["sweep"]++
						// Another play follows in the deal (the game is
						// not capped: a card left is played).
						rest := evs[k+2:]
						if j := slices.IndexFunc(rest, func(e Event) bool { return e.Kind == EvDeal }); j >= 0 {
							rest = rest[:j]
						}
						if !slices.ContainsFunc(rest, func(e Event) bool { return e.Kind == EvPlay }) {
							t.Fatalf("%s, game %d: a sweep by the deal's last card", name, i)
						}
					case e.Kind == EvPlay && sum > 0:
						seen["capture"]++
						if v := m.captureValue(genome.Card(e.Card)); v != sum {
							t.Fatalf("%s, game %d: %v captured cards worth %d", name, i, e, sum)
						}
						sum = 0
					case e.Kind == EvLayout && e.Seat >= 0:
						seen["trail"]++
					case e.Kind == EvDeal:
						capturer = -1
					}
				}
			}
		}
	}
	for _, k := range []string{"capture", "trail", "sweep", "gathered"} {
		if seen[k] == 0 {
			t.Errorf("no game had a %s", k)
		}
	}
}
