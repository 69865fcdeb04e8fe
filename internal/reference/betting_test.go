package reference

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/handrank"
)

// Scenarios of betting (betting.go, score.betting), worked out by hand
// from the vm doc's "Betting": the folds, the calls, bets and raises and
// the raise cap, the blind and its option, all in, the draw round, the
// showdown and its odd chips, the pot won by the last seat in, and chips
// over a match.

// drawPokerJSON is five-card draw: 2 to 6 seats of 100 chips, an ante of
// 1, bets of 2, three raises, a draw of up to 3 cards, a showdown, no
// phases, a match of 20 deals.
const drawPokerJSON = `{"schema":1,"name":"draw-poker","seats":{"min":2,"max":6,"default":4},"deck":{},"hand":"fan",
"deal":{"cards":5},"reshuffle":false,"turn":[],"effects":[],
"score":{"chips":{"stake":100,"ante":1},"betting":{"bet":2,"raises":3,"draw":3,"showdown":true}},
"end":{"until":"hands_empty","rank":"score_high"},"match":{"deals":20},"turn_cap":2000}`

// poker returns the draw poker genome, changed by edit (which may be nil)
// and validated.
func poker(t *testing.T, edit func(g *genome.Genome)) *genome.Genome {
	t.Helper()
	return meldGenome(t, drawPokerJSON, edit)
}

// betLab is lab with each seat holding chips[s] (the pot the rest of
// the seats' stakes) and the decisions of two options or more made as
// picks say; the first deal's dealer is the last seat.
func betLab(t *testing.T, g *genome.Genome, l layout, chips []int, picks ...int) *game {
	t.Helper()
	m := lab(t, g, len(l.hands), l)
	m.pool = m.n * g.Score.Chips.Stake
	for s, v := range chips {
		m.score[s] = v
		m.pool -= v
	}
	m.picks = picks
	m.verify()
	return m
}

// betTrace renders m's events compactly, without the EvTurn that starts
// each action and exchange: "decide seat choice/options",
// "blind seat n", "check seat", "call seat n", "raise seat n", "fold seat
// n", "out seat result", "aside seat card", "draw seat card", "show seat",
// "chips seat n".
func betTrace(m *game) []string {
	var out []string
	for _, e := range m.events {
		var s string
		switch e.Kind {
		case EvTurn:
			continue
		case EvDecision:
			s = fmt.Sprintf("decide %d %d/%d", e.Seat, e.Choice, e.Options)
		case EvBet:
			switch {
			case e.Card == BetBlind:
				s = fmt.Sprintf("blind %d %d", e.Seat, e.N)
			case e.Card == BetRaise:
				s = fmt.Sprintf("raise %d %d", e.Seat, e.N)
			case e.N == 0:
				s = fmt.Sprintf("check %d", e.Seat)
			default:
				s = fmt.Sprintf("call %d %d", e.Seat, e.N)
			}
		case EvFold:
			s = fmt.Sprintf("fold %d %d", e.Seat, e.N)
		case EvOut:
			s = fmt.Sprintf("out %d %d", e.Seat, e.Card)
		case EvSetAside:
			s = fmt.Sprintf("aside %d %v", e.Seat, genome.Card(e.Card))
		case EvDraw:
			s = fmt.Sprintf("draw %d %v", e.Seat, genome.Card(e.Card))
		case EvShow:
			s = fmt.Sprintf("show %d", e.Seat)
		case EvChips:
			s = fmt.Sprintf("chips %d %d", e.Seat, e.N)
		default:
			s = e.String()
		}
		out = append(out, s)
	}
	return out
}

func checkBets(t *testing.T, name string, m *game, want ...string) {
	t.Helper()
	if got := betTrace(m); !slices.Equal(got, want) {
		t.Errorf("%s: events\n  %q\nwant\n  %q", name, got, want)
	}
}

// hands3 are three seats' five cards, with a stock.
var hands3 = layout{hands: [][]string{
	{"2C", "7D", "9H", "JS", "KC"},
	{"3C", "3D", "8H", "10S", "AC"},
	{"4C", "4D", "4H", "5S", "6C"},
}, stock: []string{"2D", "2H", "2S", "5C", "5D", "5H", "6D", "6H"}}

// TestReferenceBetFoldsLeaveOne: seat 0 bets, the two others fold; with
// one seat left in the deal is over at once (no draw round) and, as it
// ends, that seat takes the pot: the antes and its bet.
func TestReferenceBetFoldsLeaveOne(t *testing.T) {
	g := poker(t, nil)
	m := betLab(t, g, hands3, []int{99, 99, 99}, 1, 0, 0)
	m.bet()
	if !m.over {
		t.Fatal("the deal goes on with one seat in")
	}
	m.settleChips()
	checkBets(t, "folds", m,
		"decide 0 1/2", "raise 0 2",
		"decide 1 0/3", "fold 1 0", "out 1 1",
		"decide 2 0/3", "fold 2 0", "out 2 1",
		"chips 0 -5")
	if m.res.Turns != 3 || m.score[0] != 102 || m.pool != 0 {
		t.Errorf("turns %d, chips %v, pot %d", m.res.Turns, m.score, m.pool)
	}
}

// TestReferenceBetRaiseCap: with one raise allowed after the bet, a bet
// and a raise close the raising: the seat then only folds or calls what
// it owes. Every seat checking ends a round too.
func TestReferenceBetRaiseCap(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Score.Betting = &genome.Betting{Bet: 3, Raises: 1, Showdown: true}
	})
	// Seat 0 bets 3, seat 1 raises (3 owed + 3), seat 2 calls 6, seat 0
	// calls the 3 it owes (no raise: two bets made).
	m := betLab(t, g, hands3, []int{99, 99, 99}, 1, 2, 1, 1)
	m.bet()
	checkBets(t, "raise cap", m,
		"decide 0 1/2", "raise 0 3",
		"decide 1 2/3", "raise 1 6",
		"decide 2 1/2", "call 2 6",
		"decide 0 1/2", "call 0 3")
	if !m.over {
		t.Error("a deal of a showdown with no phases is over after the betting, but is not marked so")
	}
	m = betLab(t, g, hands3, []int{99, 99, 99}, 0, 0, 0)
	m.bet()
	checkBets(t, "checks", m, "decide 0 0/2", "check 0", "decide 1 0/2", "check 1", "decide 2 0/2", "check 2")
	if m.res.Turns != 3 || m.res.Decisions != 3 {
		t.Errorf("%+v", m.res)
	}
}

// TestReferenceBetBlind: the first seat after the dealer puts in the
// blind (no decision, no turn), the next seat acts first, and the blind's
// seat has its option once the round comes back to it: it may check or
// raise. With two seats, a call that puts the other seat all in leaves
// one seat that can act, which has matched: the round closes without the
// blind's option.
func TestReferenceBetBlind(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Score.Betting = &genome.Betting{Bet: 2, Raises: 2, Blind: 1, Showdown: true}
	})
	m := betLab(t, g, hands3, []int{99, 99, 99}, 1, 1, 0)
	m.bet()
	checkBets(t, "blind", m,
		"blind 0 1",
		"decide 1 1/3", "call 1 1",
		"decide 2 1/3", "call 2 1",
		"decide 0 0/2", "check 0")
	if m.res.Turns != 3 {
		t.Errorf("turns %d, want 3", m.res.Turns)
	}
	two := layout{hands: hands3.hands[:2], stock: hands3.stock}
	m = betLab(t, g, two, []int{50, 1}, 1)
	m.bet()
	checkBets(t, "blind, the caller all in", m, "blind 0 1", "decide 1 1/2", "call 1 1")
	// A blind bigger than the seat's chips puts it all in.
	m = betLab(t, g, hands3, []int{1, 99, 99}, 0, 1)
	m.blindOf(t, 1)
}

// blindOf checks that m's betting (run now) opens with a blind of n.
func (m *game) blindOf(t *testing.T, n int) {
	t.Helper()
	m.bet()
	if e := m.eventsOf(EvBet)[0]; e.Card != BetBlind || e.N != n {
		t.Errorf("first bet %v, want a blind of %d", e, n)
	}
}

// TestReferenceBetAllIn: a seat owing more than it holds calls with all it
// holds and is all in: it acts no more and takes part in the showdown; a
// raise is offered only to a seat holding more than it owes plus the bet.
func TestReferenceBetAllIn(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Score.Betting = &genome.Betting{Bet: 4, Raises: 3, Draw: 1, Showdown: true}
	})
	// Seat 0 bets 4; seat 1 (3 chips) calls 3, all in; seat 2 (8 chips)
	// may not raise (8 is not more than 4 + 4): it calls 4; the round is
	// closed. Draw round: every seat still in exchanges (seat 1 too), each
	// choosing done at once; the second round: seat 0 checks, seat 2 (4
	// chips left) may only check: a forced decision.
	m := betLab(t, g, hands3, []int{99, 3, 8}, 1, 1, 1, 5, 5, 5, 0, 0)
	m.bet()
	checkBets(t, "all in", m,
		"decide 0 1/2", "raise 0 4",
		"decide 1 1/2", "call 1 3",
		"decide 2 1/2", "call 2 4",
		"decide 0 5/6", "decide 1 5/6", "decide 2 5/6",
		"decide 0 0/2", "check 0", "decide 2 0/1", "check 2")
	if m.res.Turns != 8 {
		t.Errorf("turns %d, want 8 (3 bets, 3 exchanges, 2 checks)", m.res.Turns)
	}
	// Showdown: seat 2's three fours beat seat 1's pair, seat 0's high
	// card; seat 2 takes the whole pot (no side pots).
	pot := m.pool
	m.settleChips()
	ev := m.eventsOf(EvShow, EvChips)
	if len(ev) != 4 || ev[3].Seat != 2 || ev[3].N != -pot {
		t.Errorf("showdown %v", ev)
	}
	if ev[0].Seat != 0 || ev[0].N != int(handrank.Slow(cardsOf(hands3.hands[0]...))) {
		t.Errorf("seat 0 shows %v", ev[0])
	}
}

// TestReferenceBetDraw: in the draw round each seat still in, from the seat
// after the dealer, sets aside up to Draw cards (each a decision among its
// cards, ascending, then done; none once it has set aside Draw), then draws
// as many from the stock, fewer when it runs out. A folded seat does not
// exchange. The second round follows, from the seat after the dealer.
func TestReferenceBetDraw(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Score.Betting = &genome.Betting{Bet: 2, Draw: 2, Showdown: true}
	})
	l := hands3
	l.stock = []string{"2D", "2H", "2S"} // the top is last
	// First round: seat 0 bets, seat 1 folds, seat 2 calls. Draw round
	// from seat 0 (the dealer is seat 2): seat 0 sets aside 2C and KC (no
	// decision after the second) and draws 2S and 2H; seat 2 sets aside
	// 4C, chooses done, and draws 2D, the last card. Second round: 0
	// checks, 2 checks.
	m := betLab(t, g, l, []int{99, 99, 99}, 1, 0, 1, 0, 0, 0, 4, 0, 0)
	m.bet()
	checkBets(t, "draw", m,
		"decide 0 1/2", "raise 0 2",
		"decide 1 0/2", "fold 1 0", "out 1 1",
		"decide 2 1/2", "call 2 2",
		"decide 0 0/6", "aside 0 2C", "decide 0 0/5", "aside 0 KC",
		"draw 0 2S", "draw 0 2H",
		"decide 2 0/6", "aside 2 4C", "decide 2 4/5",
		"draw 2 2D",
		"decide 0 0/2", "check 0", "decide 2 0/2", "check 2")
	if m.res.Turns != 7 || m.res.Draws != 3 {
		t.Errorf("turns %d draws %d, want 7 and 3", m.res.Turns, m.res.Draws)
	}
	if !slices.Contains(m.gone, card("4C")) || len(m.hands[0]) != 5 || len(m.hands[2]) != 5 {
		t.Errorf("gone %v, seat 0 %v", m.gone, m.hands[0])
	}
	// An empty stock: the card set aside is not replaced.
	l.stock = nil
	m = betLab(t, g, l, []int{99, 99, 99}, 0, 0, 0, 0, 4, 5, 5, 0, 0, 0)
	m.bet()
	if len(m.hands[0]) != 4 || m.res.Draws != 0 {
		t.Errorf("seat 0 holds %v, %d draws", m.hands[0], m.res.Draws)
	}
}

// TestReferenceBetShowdownSplit: equal hands share the pot, the odd chips
// going to the first of them from the seat after the dealer; a folded
// seat shows nothing; the per-card payments come first.
func TestReferenceBetShowdownSplit(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Score.Chips.PerCard = 1
	})
	l := layout{hands: [][]string{
		{"2C", "3C", "5D", "7H", "9S"},
		{"2D", "3D", "5H", "7S", "9C"},
		{"2H", "3H", "5S", "7C", "9D"},
		{"AS", "AH", "AD", "AC", "KS"},
	}}
	// The dealer is seat 3, which holds no chips and folds at once; seats
	// 0, 1 and 2 hold the same hand, and all check twice.
	m := betLab(t, g, l, []int{99, 99, 99, 0}, 0, 0, 0, 5, 5, 5, 0, 0, 0)
	m.bet()
	m.settleChips()
	ev := m.eventsOf(EvFold, EvShow, EvChips)
	var got []string
	for _, e := range ev {
		got = append(got, fmt.Sprintf("%v %d %d", e.Kind, e.Seat, e.N))
	}
	v := int(handrank.Slow(cardsOf(l.hands[0]...)))
	// The pot: 400 - 297 = 103 before the cards, +15 for the three seats'
	// 5 cards each (seat 3 holds none to pay with): 118 = 3*39 + 1.
	want := []string{"fold 3 1",
		"chips 0 5", "chips 1 5", "chips 2 5",
		fmt.Sprintf("show 0 %d", v), fmt.Sprintf("show 1 %d", v), fmt.Sprintf("show 2 %d", v),
		"chips 0 -40", "chips 1 -39", "chips 2 -39"}
	if !slices.Equal(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}
	if m.pool != 0 {
		t.Errorf("pot %d left", m.pool)
	}
}

// TestReferenceBetNoChipsFolds: a seat holding no chips as the betting
// starts folds at once (EvFold N 1, no decision, no turn), in seat order
// from seat 0, before the blind; the blind goes to the next seat still in.
// (With no raise after the bet, the blind is the round's one bet.)
func TestReferenceBetNoChipsFolds(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Score.Betting = &genome.Betting{Bet: 2, Blind: 2, Showdown: true}
	})
	m := betLab(t, g, hands3, []int{0, 99, 0}, 0)
	m.bet()
	checkBets(t, "no chips", m, "fold 0 1", "out 0 1", "fold 2 1", "out 2 1")
	if !m.over || m.res.Turns != 0 || m.res.Decisions != 0 {
		t.Errorf("over %v, %+v", m.over, m.res)
	}
	m = betLab(t, g, hands3, []int{0, 99, 99}, 1, 0)
	m.bet()
	checkBets(t, "no chips, blind", m, "fold 0 1", "out 0 1", "blind 1 2", "decide 2 1/2", "call 2 2", "decide 1 0/1", "check 1")
}

// TestReferenceBetFoldedFirstSeat: with phases, the deal is played after
// the betting; when the seat to move first folded, the first seat still
// in after the dealer moves first, and the folded seat's five cards are
// out of play.
func TestReferenceBetFoldedFirstSeat(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Turn = []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}}
		g.Score.Betting = &genome.Betting{Bet: 2, Showdown: true}
		g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
	})
	// Seat 0 checks, seat 1 bets, seat 2 calls, seat 0 folds.
	m := betLab(t, g, hands3, []int{99, 99, 99}, 0, 1, 1, 0)
	gone := len(m.gone)
	m.bet()
	if m.over || m.cur != 1 || len(m.hands[0]) != 0 || len(m.gone) != gone+5 {
		t.Fatalf("over %v, cur %d, seat 0 holds %v, out of play %v", m.over, m.cur, m.hands[0], m.gone)
	}
}

// TestReferenceBetCapInTheRound: the turn cap is checked before each turn
// of the betting (an action or an exchange): with a cap of 1, the first
// seat acts and the game is capped before the second does, in the first
// deal.
func TestReferenceBetCapInTheRound(t *testing.T) {
	g := poker(t, func(g *genome.Genome) { g.TurnCap = 1 })
	r, evs := play(g, 3, nil, 7, true)
	if r.Winner != Capped || r.Deals != 1 || r.Turns != 1 {
		t.Fatalf("%+v", r)
	}
	turns := 0
	for _, e := range evs {
		if e.Kind == EvTurn {
			turns++
		}
	}
	if last := evs[len(evs)-1]; turns != 1 || last.Kind != EvBet && last.Kind != EvOut {
		t.Errorf("%d turns, last event %v: want one turn ending in its action", turns, last)
	}
}

// chipsFollow replays a game's chips from its events: each seat starts
// with the stake and antes min(ante, its chips) as every deal starts;
// EvBet and EvChips move chips between the seats and the pot. It checks
// after every event that no seat holds fewer than 0 and that the seats'
// chips and the pot sum to the stakes, and returns the chips at the end.
func chipsFollow(g *genome.Genome, n int, evs []Event) ([]int, int, error) {
	c := g.Score.Chips
	chips := make([]int, n)
	pot := 0
	ante := func() {
		for s := range chips {
			a := min(c.Ante, chips[s])
			chips[s] -= a
			pot += a
		}
	}
	for s := range chips {
		chips[s] = c.Stake
	}
	ante()
	for i, e := range evs {
		switch e.Kind {
		case EvDeal:
			ante()
		case EvBet, EvChips:
			chips[e.Seat] -= e.N
			pot += e.N
		}
		sum := pot
		for _, v := range chips {
			if v < 0 {
				return nil, 0, fmt.Errorf("event %d (%v): chips %v", i, e, chips)
			}
			sum += v
		}
		if pot < 0 || sum != n*c.Stake {
			return nil, 0, fmt.Errorf("event %d (%v): chips %v and pot %d", i, e, chips, pot)
		}
	}
	return chips, pot, nil
}

// TestReferenceBetMatchEndsWithOneHolder: a match of draw poker with small
// stakes ends once one seat holds every chip (before its deal limit) or
// at the limit; the chips are conserved after every event; the winner is
// the seat with the most chips.
func TestReferenceBetMatchEndsWithOneHolder(t *testing.T) {
	g := poker(t, func(g *genome.Genome) {
		g.Score.Chips = genome.Chips{Stake: 6, Ante: 1}
		g.Match.Deals = cardrules.MaxDeals
	})
	early := 0
	for seed := range uint64(100) {
		n := 2 + int(seed%5)
		r, evs := play(g, n, nil, seed, true)
		chips, pot, err := chipsFollow(g, n, evs)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		holders := 0
		for _, v := range chips {
			if v > 0 {
				holders++
			}
		}
		if r.Deals < g.Match.Deals {
			early++
			if holders > 1 {
				t.Errorf("seed %d: over after %d deals with %d seats holding chips %v", seed, r.Deals, holders, chips)
			}
		}
		if r.Winner >= 0 && slices.Max(chips) != chips[r.Winner] {
			t.Errorf("seed %d: winner %d, chips %v (pot %d)", seed, r.Winner, chips, pot)
		}
	}
	if early == 0 {
		t.Error("no match ended before its deal limit")
	}
}

// bettingGenome draws a small genome of betting: 2 to 6 seats, five
// cards each, chips and betting over their ranges (small stakes so that
// seats run out), no phases (with a showdown) or a play phase, one deal
// or a match.
func bettingGenome(t *rapid.T) *genome.Genome {
	js := drawPokerJSON
	g, err := genome.Parse([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	g.Score.Chips = genome.Chips{
		Stake:   rapid.IntRange(1, 40).Draw(t, "stake"),
		Ante:    rapid.IntRange(0, 3).Draw(t, "ante"),
		PerCard: rapid.IntRange(0, 2).Draw(t, "per_card"),
	}
	b := &genome.Betting{
		Bet:      rapid.IntRange(1, 8).Draw(t, "bet"),
		Raises:   rapid.IntRange(0, cardrules.MaxRaises).Draw(t, "raises"),
		Draw:     rapid.IntRange(0, cardrules.MaxExchange).Draw(t, "draw"),
		Showdown: rapid.Bool().Draw(t, "showdown"),
	}
	b.Blind = rapid.IntRange(0, b.Bet).Draw(t, "blind")
	g.Score.Betting = b
	if !b.Showdown || rapid.Bool().Draw(t, "phases") {
		g.Turn = []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}}
		g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
		g.End.Until = cardrules.UntilFirstOut
	}
	if rapid.Bool().Draw(t, "one_deal") {
		g.Match = nil
	} else {
		g.Match.Deals = rapid.IntRange(1, 30).Draw(t, "deals")
	}
	g.TurnCap = rapid.IntRange(1, 300).Draw(t, "turn_cap")
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestReferenceBetProperties: in random games of betting, played checked
// (every card in one zone, the chips conserved), the chips replayed from
// the events are conserved after every event; every bet or raise is of the
// bet plus what the seat owed at most; a folded seat never bets or shows
// again in its deal; a match ends early only with at most one seat
// holding chips.
func TestReferenceBetProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := bettingGenome(t)
		n := rapid.IntRange(g.Seats.Min, g.Seats.Max).Draw(t, "seats")
		seed := rapid.Uint64().Draw(t, "seed")
		r, evs := play(g, n, nil, seed, true)
		chips, _, err := chipsFollow(g, n, evs)
		if err != nil {
			t.Fatal(err)
		}
		folded := make([]bool, n)
		for i, e := range evs {
			switch e.Kind {
			case EvDeal:
				clear(folded)
			case EvFold:
				folded[e.Seat] = true
			case EvBet, EvShow, EvSetAside:
				if folded[e.Seat] {
					t.Fatalf("event %d: folded seat %d: %v", i, e.Seat, e)
				}
			}
		}
		if g.Match != nil && r.Winner != Capped && r.Deals < g.Match.Deals {
			holders := 0
			for _, v := range chips {
				if v > 0 {
					holders++
				}
			}
			if holders > 1 {
				t.Fatalf("match over after %d of %d deals with chips %v", r.Deals, g.Match.Deals, chips)
			}
		}
	})
}
