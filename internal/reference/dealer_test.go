package reference

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Scenarios against a dealer (dealer.go, score.dealer), worked out by hand
// from the vm doc's "A dealer's fixed rule": soft aces, busts, the dealer
// standing on 17 or drawing on a soft 17, pushes, a seat with no chips
// sitting out, a bust dealer paying every seat still standing, the house's
// chips, the turn cap in the middle of a deal and a match's end once no
// seat holds chips. In each lab game the stock's top is its last card: the
// dealer's face-up card, then its face-down card, then the draws.

// blackjackJSON is the blackjack seed: 2 to 6 seats of 100 chips, a wager
// of 5, the dealer standing on 17, a match of 20 deals.
const blackjackJSON = `{"schema":1,"name":"blackjack","seats":{"min":2,"max":6,"default":3},"deck":{},"hand":"fan",
"deal":{"cards":2},"reshuffle":false,"turn":[],"effects":[],
"score":{"chips":{"stake":100},"dealer":{"wager":5,"stand":17}},
"end":{"until":"hands_empty","rank":"score_high"},"match":{"deals":20},"turn_cap":1000}`

// blackjack returns the blackjack genome, changed by edit (which may be
// nil) and validated.
func blackjack(t *testing.T, edit func(g *genome.Genome)) *genome.Genome {
	t.Helper()
	return meldGenome(t, blackjackJSON, edit)
}

// dealerTrace renders m's events compactly, without the EvTurn that starts
// each seat's turn: "up card", "hole card", "turned card" (the dealer's),
// "wager seat n", "fold seat n", "out seat result", "decide seat
// choice/options", "draw seat card", "stand seat total", "bust seat
// total", "settle seat n".
func dealerTrace(m *game) []string {
	var out []string
	for _, e := range m.events {
		var s string
		switch e.Kind {
		case EvTurn:
			continue
		case EvDealer:
			s = fmt.Sprintf("%s %v", [...]string{"up", "hole", "turned"}[e.N], genome.Card(e.Card))
		case EvBet:
			if e.Card != BetWager {
				s = e.String()
				break
			}
			s = fmt.Sprintf("wager %d %d", e.Seat, e.N)
		case EvFold:
			s = fmt.Sprintf("fold %d %d", e.Seat, e.N)
		case EvOut:
			s = fmt.Sprintf("out %d %d", e.Seat, e.Card)
		case EvDecision:
			s = fmt.Sprintf("decide %d %d/%d", e.Seat, e.Choice, e.Options)
		case EvDraw:
			s = fmt.Sprintf("draw %d %v", e.Seat, genome.Card(e.Card))
		case EvStand:
			s = fmt.Sprintf("stand %d %d", e.Seat, e.N)
		case EvBust:
			s = fmt.Sprintf("bust %d %d", e.Seat, e.N)
		case EvSettle:
			s = fmt.Sprintf("settle %d %d", e.Seat, e.N)
		default:
			s = e.String()
		}
		out = append(out, s)
	}
	return out
}

func checkDealer(t *testing.T, name string, m *game, want ...string) {
	t.Helper()
	if got := dealerTrace(m); !slices.Equal(got, want) {
		t.Errorf("%s: events\n  %q\nwant\n  %q", name, got, want)
	}
}

// checkChips checks the seats' chips, the pot and the house after a lab
// game.
func checkChips(t *testing.T, name string, m *game, chips []int, pot, house int) {
	t.Helper()
	if !slices.Equal(m.score, chips) || m.pool != pot || m.house != house {
		t.Errorf("%s: chips %v, pot %d, house %d; want %v, %d, %d", name, m.score, m.pool, m.house, chips, pot, house)
	}
}

// TestReferenceDealerSoftAces: an ace counts 11 while that keeps the total
// at 21 or below, else 1. Seat 0's A6 is a soft 17: it draws a nine (the
// ace now 1: a hard 16), then a five: 21, where it stands with no
// decision. Seat 1 stands on 18; the dealer's 10 and 7 stand on 17; both
// seats win their wager from the house.
func TestReferenceDealerSoftAces(t *testing.T) {
	for _, tc := range []struct {
		cards []string
		total int
		soft  bool
	}{
		{[]string{"AS", "6H"}, 17, true},
		{[]string{"AS", "6H", "9D"}, 16, false},
		{[]string{"AS", "AH"}, 12, true},
		{[]string{"AS", "AH", "9D"}, 21, true},
		{[]string{"AS", "AH", "KD", "9D"}, 21, false},
		{[]string{"KS", "QH", "2D"}, 22, false},
	} {
		if n, soft := total(cardsOf(tc.cards...)); n != tc.total || soft != tc.soft {
			t.Errorf("total %v = %d %v, want %d %v", tc.cards, n, soft, tc.total, tc.soft)
		}
	}
	g := blackjack(t, nil)
	l := layout{hands: [][]string{{"AS", "6H"}, {"10C", "8D"}}, stock: []string{"2C", "5C", "9D", "7S", "10H"}}
	m := betLab(t, g, l, []int{100, 100}, HitDraw, HitDraw, HitStand)
	m.againstDealer()
	checkDealer(t, "soft aces", m,
		"up 10H", "hole 7S", "wager 0 5", "wager 1 5",
		"decide 0 1/2", "draw 0 9D", "decide 0 1/2", "draw 0 5C", "stand 0 21",
		"decide 1 0/2", "stand 1 18",
		"turned 7S",
		"settle 0 5", "settle 1 5")
	checkChips(t, "soft aces", m, []int{105, 105}, 0, -10)
	if !m.over || m.res.Turns != 2 || m.res.Decisions != 3 || m.res.Draws != 2 {
		t.Errorf("over %v, %+v", m.over, m.res)
	}
}

// TestReferenceDealerBustPaysEveryoneStanding: seat 0 (16) draws a king
// and is bust at 26: its turn ends and it loses its wager even though the
// dealer busts too. The dealer's 10 and 6 draw a nine (25, bust), which
// pays seat 1 (standing on a mere 5) and seat 2 (17). The house takes 5
// and pays 10.
func TestReferenceDealerBustPaysEveryoneStanding(t *testing.T) {
	g := blackjack(t, nil)
	l := layout{hands: [][]string{{"10C", "6H"}, {"2C", "3D"}, {"10S", "7D"}}, stock: []string{"9C", "KD", "6S", "10H"}}
	m := betLab(t, g, l, []int{100, 100, 100}, HitDraw, HitStand, HitStand)
	m.againstDealer()
	checkDealer(t, "bust", m,
		"up 10H", "hole 6S", "wager 0 5", "wager 1 5", "wager 2 5",
		"decide 0 1/2", "draw 0 KD", "bust 0 26",
		"decide 1 0/2", "stand 1 5",
		"decide 2 0/2", "stand 2 17",
		"turned 6S", "up 9C",
		"settle 0 -5", "settle 1 5", "settle 2 5")
	checkChips(t, "bust", m, []int{95, 105, 105}, 0, -5)
}

// TestReferenceDealerSoftSeventeen: the dealer's A6 is a soft 17. Standing
// on 17, it stands: seat 0's 18 wins, seat 1's 17 pushes (its wager back,
// nothing from the house). With SoftHits it draws: a five makes a hard 12,
// a ten 22, bust, and both seats win. SoftHits draws only on a soft total
// equal to Stand: a hard 17 and a soft 18 stand.
func TestReferenceDealerSoftSeventeen(t *testing.T) {
	l := layout{hands: [][]string{{"10C", "8D"}, {"10D", "7H"}}, stock: []string{"10S", "5D", "6C", "AH"}}
	m := betLab(t, blackjack(t, nil), l, []int{100, 100}, HitStand, HitStand)
	m.againstDealer()
	checkDealer(t, "stands on soft 17", m,
		"up AH", "hole 6C", "wager 0 5", "wager 1 5",
		"decide 0 0/2", "stand 0 18", "decide 1 0/2", "stand 1 17",
		"turned 6C",
		"settle 0 5", "settle 1 0")
	checkChips(t, "stands on soft 17", m, []int{105, 100}, 0, -5)

	soft := blackjack(t, func(g *genome.Genome) { g.Score.Dealer.SoftHits = true })
	m = betLab(t, soft, l, []int{100, 100}, HitStand, HitStand)
	m.againstDealer()
	checkDealer(t, "hits soft 17", m,
		"up AH", "hole 6C", "wager 0 5", "wager 1 5",
		"decide 0 0/2", "stand 0 18", "decide 1 0/2", "stand 1 17",
		"turned 6C", "up 5D", "up 10S",
		"settle 0 5", "settle 1 5")
	checkChips(t, "hits soft 17", m, []int{105, 105}, 0, -10)

	for _, up := range [][]string{{"3D", "7C", "10H"}, {"3D", "7C", "AH"}} {
		l.stock = up
		m = betLab(t, soft, l, []int{100, 100}, HitStand, HitStand)
		m.againstDealer()
		if d := m.eventsOf(EvDealer); len(d) != 3 || len(m.stock) != 1 {
			t.Errorf("dealer %v draws on %v with SoftHits: %v", up[1:], d, m.stock)
		}
	}
}

// TestReferenceDealerNoChipsSitsOut: with three seats (the dealer's place
// after seat 2), seat 0 holds no chips: once the dealer has its cards it
// folds at once, before any wager, and takes no turn and no settling (its
// hand goes out of play); seat 2 holds 3 chips and wagers all 3.
// Seat 1 moves first; seat 2 loses its last chips to the dealer's 19.
func TestReferenceDealerNoChipsSitsOut(t *testing.T) {
	g := blackjack(t, nil)
	l := layout{hands: [][]string{{"KC", "AD"}, {"10C", "9H"}, {"10D", "8S"}}, stock: []string{"5S", "9C", "KH"}}
	m := betLab(t, g, l, []int{0, 100, 3}, HitStand, HitStand)
	m.againstDealer()
	checkDealer(t, "sits out", m,
		"up KH", "hole 9C",
		"fold 0 1", "out 0 1",
		"wager 1 5", "wager 2 3",
		"decide 1 0/2", "stand 1 19", "decide 2 0/2", "stand 2 18",
		"turned 9C",
		"settle 1 0", "settle 2 -3")
	// The pot holds what the lab's seats do not: 300 - 103.
	checkChips(t, "sits out", m, []int{0, 100, 0}, 197, 3)
	if turns := m.eventsOf(EvTurn); m.res.Turns != 2 || turns[0].Seat != 1 || len(m.hands[0]) != 0 || !slices.Contains(m.gone, card("AD")) {
		t.Errorf("turns %v, seat 0 holds %v", turns, m.hands[0])
	}
}

// TestReferenceDealerEmptyStock: with the stock empty (and no discard
// pile to refill it) a seat below 21 stands on its total without a
// decision. The dealer, below 17 with nothing to draw, stands too; with a
// stock of one card it gets no face-down card, and turns none up. With one
// card left, the first seat is asked and draws it; the second stands
// unasked.
func TestReferenceDealerEmptyStock(t *testing.T) {
	g := blackjack(t, nil)
	l := layout{hands: [][]string{{"2C", "3D"}, {"4C", "5D"}}, stock: []string{"2H", "3H"}}
	m := betLab(t, g, l, []int{100, 100})
	m.againstDealer()
	checkDealer(t, "empty stock", m,
		"up 3H", "hole 2H", "wager 0 5", "wager 1 5",
		"stand 0 5", "stand 1 9",
		"turned 2H",
		"settle 0 0", "settle 1 5")
	l.stock = []string{"3H"}
	m = betLab(t, g, l, []int{100, 100})
	m.againstDealer()
	checkDealer(t, "one card", m,
		"up 3H", "wager 0 5", "wager 1 5",
		"stand 0 5", "stand 1 9",
		"settle 0 5", "settle 1 5")
	l.stock = []string{"6S", "2H", "3H"}
	m = betLab(t, g, l, []int{100, 100}, HitDraw)
	m.againstDealer()
	checkDealer(t, "last card", m,
		"up 3H", "hole 2H", "wager 0 5", "wager 1 5",
		"decide 0 1/2", "draw 0 6S", "stand 0 11", "stand 1 9",
		"turned 2H",
		"settle 0 5", "settle 1 5")
}

// TestReferenceDealerCapMidDeal: the turn cap is checked before every
// seat's turn. With a cap of 1, seat 0 takes its turn and the game is
// capped before seat 1's: the dealer does not play, no wager settles and
// the wagers stay in the pot. Played from a seed with a cap of 5, the game
// stops in its third deal (two turns a deal at two seats), after the
// first seat's turn, without a settling in that deal.
func TestReferenceDealerCapMidDeal(t *testing.T) {
	g := blackjack(t, func(g *genome.Genome) { g.TurnCap = 1 })
	l := layout{hands: [][]string{{"10C", "8D"}, {"10D", "7H"}}, stock: []string{"5D", "6C", "AH"}}
	m := betLab(t, g, l, []int{100, 100}, HitStand)
	m.againstDealer()
	checkDealer(t, "cap", m, "up AH", "hole 6C", "wager 0 5", "wager 1 5", "decide 0 0/2", "stand 0 18")
	if !m.capped || m.over || m.res.Turns != 1 {
		t.Errorf("capped %v, over %v, turns %d", m.capped, m.over, m.res.Turns)
	}
	checkChips(t, "cap", m, []int{95, 95}, 10, 0)

	g = blackjack(t, func(g *genome.Genome) { g.TurnCap = 5 })
	m = &game{g: g, n: 2, check: true}
	m.setupGame(3)
	r, evs := m.run()
	if r.Winner != Capped || r.Turns != 5 || r.Deals != 3 {
		t.Fatalf("%+v", r)
	}
	lastDeal := 0
	for i, e := range evs {
		if e.Kind == EvDeal {
			lastDeal = i
		}
	}
	settles, turns := 0, 0
	for _, e := range evs[lastDeal:] {
		switch e.Kind {
		case EvSettle:
			settles++
		case EvTurn:
			turns++
		}
	}
	if settles != 0 || turns != 1 || m.pool != 10 {
		t.Errorf("the last deal has %d settles and %d turns, pot %d: want 0, 1 and both wagers", settles, turns, m.pool)
	}
}

// dealerChipsFollow replays a game's chips against the dealer from its
// events: each seat starts with the stake (no ante); a wager (EvBet) goes
// into the pot; a settling gives the seat its wager back from the pot and
// the house's N. It checks after every event that no seat holds fewer
// than 0 and that the seats, the pot and the house sum to the stakes, and
// returns the seats' chips and the house's.
func dealerChipsFollow(g *genome.Genome, n int, evs []Event) ([]int, int, error) {
	chips := make([]int, n)
	wager := make([]int, n)
	for s := range chips {
		chips[s] = g.Score.Chips.Stake
	}
	pot, house := 0, 0
	for i, e := range evs {
		switch e.Kind {
		case EvBet:
			chips[e.Seat] -= e.N
			pot += e.N
			wager[e.Seat] = e.N
		case EvSettle:
			if e.N != 0 && e.N != wager[e.Seat] && e.N != -wager[e.Seat] {
				return nil, 0, fmt.Errorf("event %d (%v): a wager of %d", i, e, wager[e.Seat])
			}
			chips[e.Seat] += wager[e.Seat] + e.N
			pot -= wager[e.Seat]
			house -= e.N
		}
		sum := pot + house
		for _, v := range chips {
			if v < 0 {
				return nil, 0, fmt.Errorf("event %d (%v): chips %v", i, e, chips)
			}
			sum += v
		}
		if sum != n*g.Score.Chips.Stake {
			return nil, 0, fmt.Errorf("event %d (%v): chips %v, pot %d, house %d", i, e, chips, pot, house)
		}
	}
	return chips, house, nil
}

// TestReferenceDealerMatchEndsWithNoChips: matches of blackjack with small
// stakes (7 chips, wagers of 5), played checked (every card in one zone,
// the dealer's included; the chips with the house conserved), keep their
// chips with the house's after every event, and end before the deal
// limit only once no seat holds chips: one seat holding chips plays on
// alone (its opponents folding at once).
func TestReferenceDealerMatchEndsWithNoChips(t *testing.T) {
	g := blackjack(t, func(g *genome.Genome) {
		g.Score.Chips.Stake = 7
		g.Match.Deals = cardrules.MaxDeals
	})
	early, alone := 0, 0
	for seed := range uint64(100) {
		n := 2 + int(seed%5)
		m := &game{g: g, n: n, check: true}
		m.setupGame(seed)
		r, evs := m.run()
		chips, house, err := dealerChipsFollow(g, n, evs)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !slices.Equal(chips, m.score) || house != m.house {
			t.Fatalf("seed %d: chips %v and house %d replayed, the game's %v and %d", seed, chips, house, m.score, m.house)
		}
		if r.Deals < g.Match.Deals {
			early++
			if slices.Max(chips) > 0 {
				t.Errorf("seed %d: over after %d deals with chips %v", seed, r.Deals, chips)
			}
		}
		folds := 0
		for _, e := range evs {
			switch e.Kind {
			case EvDeal:
				folds = 0
			case EvFold:
				if folds++; folds == n-1 {
					alone++
				}
			}
		}
	}
	if early == 0 || alone == 0 {
		t.Errorf("%d matches ended early, %d deals were played by one seat: want some of each", early, alone)
	}
}

// TestReferenceDealerMatchGoesOnWithOneHolder: after a deal that leaves
// one seat holding chips a match against the dealer goes on (with
// betting it would end); one that leaves none ends before its limit.
func TestReferenceDealerMatchGoesOnWithOneHolder(t *testing.T) {
	g := blackjack(t, nil)
	// Seat 0's 15 loses its last 5 chips to the dealer's 17; seat 1's 18
	// wins.
	l := layout{hands: [][]string{{"10D", "5H"}, {"10C", "8D"}}, stock: []string{"7C", "KH"}}
	m := betLab(t, g, l, []int{5, 100}, HitStand, HitStand)
	m.againstDealer()
	if next := m.endDeal(); !next || m.dealNo != 1 {
		t.Errorf("seat 1 holds %d chips: next deal %v (deal %d)", m.score[1], next, m.dealNo)
	}
	m = betLab(t, g, l, []int{5, 0}, HitStand)
	m.againstDealer()
	if next := m.endDeal(); next || m.score[0] != 0 {
		t.Errorf("chips %v: next deal %v", m.score, next)
	}
}
