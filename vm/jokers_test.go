package vm

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Jokers: cards 52 and 53, of rank Joker (above every rank) and of no suit.
// Expected values come from the vm package doc's "Cards and jokers".

const joker1, joker2 = uint8(cardrules.FirstJoker), uint8(cardrules.FirstJoker) + 1

// jokerLab is labGenome (follow the active suit) with two jokers.
func jokerLab(effects ...genome.Effect) *genome.Genome {
	g := labGenome(effects...)
	g.Deck.Jokers = 2
	return g
}

func TestJokerHasNoSuit(t *testing.T) {
	p := load(t, jokerLab())
	if p.deckN != 54 || p.deck[52] != joker1 || p.deck[53] != joker2 {
		t.Fatalf("deck of %d cards, last %v %v: want 54 with the jokers last", p.deckN, p.deck[52], p.deck[53])
	}
	ph := &p.phases[0]
	// On a spade, the joker does not follow: it is of no suit.
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{{joker1, cd("3S")}, cards("4H")}, stock: cards("2C"), disc: cards("9S")})
	if got := m.legal(ph, 0); got != setOf("3S") {
		t.Errorf("legal on 9S: %s, want {3S}", cardNames(got))
	}
	// On a joker the active suit is NoSuit: only the other joker follows.
	m = newLab(t, p, 2, nil, layout{hands: [][]uint8{{joker1, cd("3S")}, cards("4H")}, stock: cards("2C"), disc: []uint8{cd("9S"), joker2}})
	m.suit = uint8(cardrules.NoSuit)
	if got := m.legal(ph, 0); got != set(joker1) {
		t.Fatalf("legal on a joker: %s, want {Joker}", cardNames(got))
	}
	m.turn()
	if m.disc[m.discN-1] != joker1 || m.suit != uint8(cardrules.NoSuit) {
		t.Errorf("after playing a joker: top %v, active suit %d; want the joker and NoSuit (4)", genome.Card(m.disc[m.discN-1]), m.suit)
	}
	if err := checkState(m, true); err != nil {
		t.Fatal(err)
	}
}

func TestJokerEffectAndNamedSuit(t *testing.T) {
	g := jokerLab(eff("Joker", cardrules.SkipNext, cardrules.NoTarget, 1))
	g.Turn[0].NameSuit = []genome.Rank{cardrules.Joker}
	p := load(t, g)
	m := newLab(t, p, 3, []Policy{Greedy, Greedy, Greedy}, layout{
		hands: [][]uint8{{joker1, cd("5H"), cd("6H")}, cards("4H"), cards("7C")},
		stock: cards("2C"), disc: []uint8{joker2},
	})
	m.suit = uint8(cardrules.NoSuit)
	tr := traced(m)
	m.turn()
	if want := []EventKind{EvPlay, EvNameSuit, EvEffect}; !slices.Equal(kinds(tr), want) {
		t.Fatalf("events %v, want %v (the joker names a suit, then its skip fires)", kinds(tr), want)
	}
	if m.suit != 2 {
		t.Errorf("named suit %d, want hearts (2): greedy holds two hearts", m.suit)
	}
	m.turn()
	if m.cur != 0 {
		t.Errorf("seat %d moves after the skip, want seat 0 (seat 1 skipped, seat 2 played)", m.cur)
	}
}

func TestJokerInTricks(t *testing.T) {
	g := testkit.SeedGenome(t, "whist")
	g.Deck.Jokers = 2
	p := load(t, g)
	ph := &p.phases[0]
	for _, tc := range []struct {
		name  string
		table []uint8
		trump cardrules.Trump
		want  int
	}{
		{"a led joker beats higher ranks of other suits", []uint8{joker1, cd("AS"), cd("KH"), cd("2C")}, cardrules.TrumpNone, 0},
		{"a trump beats a led joker", []uint8{joker1, cd("AS"), cd("2H"), cd("KH")}, cardrules.TrumpHearts, 3},
		{"of two jokers the first played wins", []uint8{joker2, cd("AS"), joker1, cd("2C")}, cardrules.TrumpNone, 0},
		{"a joker off suit never wins", []uint8{cd("2S"), joker1, cd("3S"), cd("KH")}, cardrules.TrumpNone, 2},
		{"no trump: jokers are no trumps", []uint8{cd("2S"), joker1, joker2, cd("AC")}, cardrules.TrumpNone, 0},
	} {
		m := newLab(t, p, 4, nil, layout{hands: [][]uint8{nil, nil, nil, nil}, table: tc.table})
		x := *ph
		x.trump = tc.trump
		if got := m.trickWinner(&x); got != tc.want {
			t.Errorf("%s: table %v, winner %d, want %d", tc.name, tc.table, got, tc.want)
		}
	}
	// The last card dealt a joker: the jokers are trumps.
	m := newLab(t, p, 4, nil, layout{hands: [][]uint8{nil, nil, nil, nil}, table: []uint8{cd("AS"), cd("KS"), joker2, cd("QS")}})
	m.lastDealt = joker1
	x := *ph
	x.trump = cardrules.TrumpLastDealt
	if got := m.trickWinner(&x); got != 2 {
		t.Errorf("trump of the last dealt joker: winner %d, want 2 (the joker trumps)", got)
	}
}

func TestJokerRanksHighest(t *testing.T) {
	for _, o := range []cardrules.RankOrder{cardrules.OrderAceHigh, cardrules.OrderAceLow, cardrules.OrderTwoHigh} {
		g := jokerLab()
		g.Deck.Order = o
		p := load(t, g)
		for c := range uint8(cardrules.NumCards) {
			if p.rv[c] >= p.rv[joker1] || p.rv[joker1] != p.rv[joker2] {
				t.Fatalf("%s: card %v of value %d, jokers %d and %d", o, genome.Card(c), p.rv[c], p.rv[joker1], p.rv[joker2])
			}
		}
		if p.rankAbove[cardrules.Joker] != 0 || p.rankAbove[rankOf[cd("AS")]]&set(joker1, joker2) != set(joker1, joker2) {
			t.Errorf("%s: the climb's ranks above miss the jokers", o)
		}
	}
}

// TestJokerSeedsPlay plays seeds of every family with two jokers added, with
// no allocation per game,
// (the deck's other rules unchanged, but crazy-eights', whose jokers would
// never match the top card, made wild: a joker is always legal and names a
// suit), checking the state after every step
// (cards, including the jokers, conserved) and that the jokers are dealt and
// played.
func TestJokerSeedsPlay(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 100
	}
	for _, name := range []string{"crazy-eights", "uno-style", "whist", "hearts", "war", "go-fish", "old-maid", "president", "beggar-my-neighbour", "hearts-match"} {
		t.Run(name, func(t *testing.T) {
			g := testkit.SeedGenome(t, name)
			g.Deck.Jokers = 2
			if name == "crazy-eights" {
				ph := &g.Turn[0]
				ph.Legal.Args = append(ph.Legal.Args, genome.Compare(genome.OpEq, tCardRank, genome.Term{Kind: genome.TermRank, Value: uint8(cardrules.Joker)}))
				ph.NameSuit = append(ph.NameSuit, cardrules.Joker)
			}
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			p := load(t, g)
			checkNoAllocs(t, name, p)
			m := mustMachine(p, p.DefaultSeats(), nil)
			played := 0
			for seed := range uint64(games) {
				tr := traced(m)
				res, err := playChecked(m, seed+1)
				if err != nil {
					t.Fatalf("seed %d: %v", seed+1, err)
				}
				if res.Winner == Aborted {
					t.Fatalf("seed %d: aborted", seed+1)
				}
				for _, e := range tr.Events {
					if e.Kind == EvPlay && e.Card >= joker1 {
						played++
					}
				}
			}
			if played == 0 && name != "old-maid" && name != "go-fish" {
				t.Errorf("no joker was played in %d games", games)
			}
			t.Logf("%d jokers played in %d games", played, games)
		})
	}
}

// An event of the joker's rank (asked for, set laid) names the first joker,
// so that it sets off the joker's effects and never those of card 13 (the
// two of diamonds).
func TestJokerRankEvents(t *testing.T) {
	g := testkit.SeedGenome(t, "go-fish")
	g.Deck.Jokers = 2
	g.Effects = []genome.Effect{{Rank: cardrules.Joker, Type: cardrules.ExtraTurn, When: cardrules.Asked}}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	p := load(t, g)
	if got := p.trigCards[cardrules.Asked]; got != set(joker1) {
		t.Errorf("asked events set off effects for %s, want {Joker}", cardNames(got))
	}
	// Played: an ask for the jokers' rank sets off the extra turn, and no
	// other ask does.
	m := mustMachine(p, 2, nil)
	fired := 0
	for seed := range uint64(200) {
		tr := traced(m)
		m.Play(seed + 1)
		asked := false
		for _, e := range tr.Events {
			switch e.Kind {
			case EvAsk:
				asked = e.Card == uint8(cardrules.Joker)
			case EvEffect:
				if !asked {
					t.Fatalf("seed %d: an effect fired after an ask for another rank", seed+1)
				}
				fired++
			}
		}
	}
	if fired == 0 {
		t.Error("no ask for the jokers' rank set off its effect in 200 games")
	}
	if rankCard(uint8(cardrules.Joker)) != joker1 || rankCard(5) != cd("7C") {
		t.Errorf("rankCard: Joker gives %d, 5 gives %d; want 52 and 5 (7C)", rankCard(uint8(cardrules.Joker)), rankCard(5))
	}
}
