package reference

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Scenarios of bids and contracts (contract.go, score.contract), worked
// out by hand from the contract semantics: the bidding round, the sides'
// contracts, bags and nil bids scored as a deal ends, and a partnership's
// total against a match's target.

// spadesJSON is a Spades-like genome: four seats in two partnerships,
// the whole deck dealt, follow suit, spades trumps; contracts of 10 a
// trick, 1 an overtrick, a penalty of 100 per 10 bags, nil 100; a match
// to 500 of at most 10 deals.
const spadesJSON = `{"schema":1,"name":"spades","seats":{"min":4,"max":4,"default":4},"deck":{},"hand":"fan",
"deal":{"all":true},"reshuffle":false,"teams":2,
"turn":[{"kind":"trick","lead":{"op":"true"},"legal":{"op":"true"},"prefer":{"op":"eq","left":"card.suit","right":"top.suit"},"trump":"spades"}],
"effects":[],"score":{"contract":{"trick":10,"over":1,"bags":10,"penalty":100,"nil":100}},
"end":{"until":"hands_empty","rank":"score_high"},"match":{"target":500,"deals":10},"turn_cap":200}`

// spades returns the Spades-like genome, changed by edit (which may be
// nil) and validated.
func spades(t *testing.T, edit func(g *genome.Genome)) *genome.Genome {
	t.Helper()
	return meldGenome(t, spadesJSON, edit)
}

// alone makes g a game of seats on their own (no partnerships) of 3 to 5
// seats.
func alone(g *genome.Genome) {
	g.Teams = 0
	g.Seats = genome.Seats{Min: 3, Max: 5, Default: 4}
}

// deckNames returns the names of the standard cards with ids lo..hi-1.
func deckNames(lo, hi int) []string {
	var out []string
	for c := lo; c < hi; c++ {
		out = append(out, genome.Card(c).String())
	}
	return out
}

// contractLab is lab with every seat's bid and tricks won this deal set.
func contractLab(t *testing.T, g *genome.Genome, l layout, bids, tricks []int) *game {
	t.Helper()
	m := lab(t, g, len(bids), l)
	copy(m.bids, bids)
	copy(m.tricks, tricks)
	return m
}

// checkContracts is checkTrace of m's EvContract events alone.
func checkContracts(t *testing.T, name string, m *game, want ...string) {
	t.Helper()
	var got []string
	for _, e := range m.eventsOf(EvContract) {
		got = append(got, e.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: contracts\n  %q\nwant\n  %q", name, got, want)
	}
}

func bidEv(seat, n int) string { return Event{Kind: EvBid, Seat: seat, N: n}.String() }

func contractEv(seat, kind, n int) string {
	return Event{Kind: EvContract, Seat: seat, Card: kind, N: n}.String()
}

// TestReferenceBidOptions: a seat's options are nil (where nil bids
// score), then 1 up to the cards it holds capped at 13, and at least 1 for
// a seat holding no card; the seats bid from the dealer's left; one option
// is a forced decision and draws no random number.
func TestReferenceBidOptions(t *testing.T) {
	l := layout{hands: [][]string{deckNames(0, 3), nil, deckNames(3, 23), deckNames(23, 24)}}

	g := spades(t, nil)
	m := lab(t, g, 4, l)
	m.dealer = 1
	steer(t, m, [2]int{14, 13}, [2]int{2, 0}, [2]int{4, 2}, [2]int{2, 1})
	m.bidRound()
	checkTrace(t, "with nil", m,
		"decide 2 13/14", bidEv(2, 13), "decide 3 0/2", bidEv(3, 0), "decide 0 2/4", bidEv(0, 2), "decide 1 1/2", bidEv(1, 1))
	if want := (counts{decisions: 4, options: 22, informed: 4}); countsOf(m.res) != want {
		t.Errorf("with nil: counts %+v, want %+v", countsOf(m.res), want)
	}
	if want := []int{2, 1, 13, 0}; !slices.Equal(m.bids, want) {
		t.Errorf("with nil: bids %v, want %v", m.bids, want)
	}

	g = spades(t, func(g *genome.Genome) { g.Score.Contract.Nil = 0 })
	m = lab(t, g, 4, l)
	m.dealer = 3
	steer(t, m, [2]int{3, 0}, [2]int{13, 12})
	m.bidRound()
	checkTrace(t, "without nil", m,
		"decide 0 0/3", bidEv(0, 1), "decide 1 0/1", bidEv(1, 1), "decide 2 12/13", bidEv(2, 13), "decide 3 0/1", bidEv(3, 1))
	if want := (counts{decisions: 4, options: 18, forced: 2, informed: 2}); countsOf(m.res) != want {
		t.Errorf("without nil: counts %+v, want %+v", countsOf(m.res), want)
	}
}

// bidsFollow checks the bidding rounds of a game's events: each deal's
// bids come after its deal's EvDeal (the first deal's open the game) and
// any card passed, before its first turn, one per seat from the dealer's
// left, each right after its seat's decision among the options of the
// hand it holds then (hands counts the cards each seat holds as the
// bidding starts). It returns the deals seen.
func bidsFollow(g *genome.Genome, n int, evs []Event, hands func(deal, seat int) int) (int, error) {
	nilBids := g.Score.Contract.Nil > 0
	deal, dealer, bid := 0, n-1, 0
	for k, e := range evs {
		switch e.Kind {
		case EvDeal:
			if bid != n {
				return 0, fmt.Errorf("event %d: deal %d begins after %d bids", k, e.N, bid)
			}
			deal, dealer, bid = e.N, e.Seat, 0
		case EvPassCard:
			if bid != 0 {
				return 0, fmt.Errorf("event %d: %v after a bid", k, e)
			}
		case EvTurn:
			if bid != n {
				return 0, fmt.Errorf("event %d: a turn after %d bids", k, bid)
			}
		case EvBid:
			s := (dealer + 1 + bid) % n
			top := max(1, min(hands(deal, s), cardrules.MaxBid))
			opts, want := top, 0
			d := evs[k-1]
			if nilBids {
				opts, want = top+1, d.Choice
			} else {
				want = d.Choice + 1
			}
			if e.Seat != s || e.Card != 0 || e.N != want || d.Kind != EvDecision || d.Seat != s || d.Options != opts {
				return 0, fmt.Errorf("event %d: %v after %v; want seat %d's bid among %d options", k, e, d, s, opts)
			}
			bid++
		}
	}
	return deal + 1, nil
}

// TestReferenceBidOrder: in every deal of matches the seats bid once each
// from the dealer's left (the dealer moving on one seat a deal), after the
// cards passed and before the first turn, among the options of the hands
// they hold (the whole deck dealt to 3 seats: more than 13 cards, capped).
func TestReferenceBidOrder(t *testing.T) {
	pass := &genome.PassRules{Count: 3, To: []genome.PassTo{cardrules.PassLeft, cardrules.PassAcross}}
	for _, tc := range []struct {
		name  string
		seats int
		edit  func(g *genome.Genome)
	}{
		{"partnerships, passing", 4, func(g *genome.Genome) { g.Match.Pass = pass }},
		{"3 seats alone, no nil", 3, func(g *genome.Genome) { alone(g); g.Score.Contract.Nil = 0 }},
		{"5 seats alone", 5, alone},
	} {
		g := spades(t, tc.edit)
		// The whole deck dealt from the dealer's left: the first
		// 52 mod n seats from there hold one card more.
		hands := func(deal, s int) int {
			first := deal % tc.seats
			if (s-first+tc.seats)%tc.seats < 52%tc.seats {
				return 52/tc.seats + 1
			}
			return 52 / tc.seats
		}
		most := 0
		for i := range uint64(20) {
			_, evs := play(g, tc.seats, nil, rng.Derive(31, i), true)
			deals, err := bidsFollow(g, tc.seats, evs, hands)
			if err != nil {
				t.Fatalf("%s, game %d: %v", tc.name, i, err)
			}
			most = max(most, deals)
		}
		if most < 3 {
			t.Errorf("%s: at most %d deals a game", tc.name, most)
		}
	}
}

// TestReferenceContractMadeAndSet: seats alone, each its own side: a
// contract made scores 10 a trick bid and 1 an overtrick, its overtricks
// becoming bags; one set loses 10 a trick bid.
func TestReferenceContractMadeAndSet(t *testing.T) {
	g := spades(t, alone)
	m := contractLab(t, g, layout{}, []int{3, 4, 2, 4}, []int{5, 3, 2, 3})
	m.scoreContract()
	checkTrace(t, "made and set", m, contractEv(0, ContractTricks, 32), contractEv(1, ContractTricks, -40),
		contractEv(2, ContractTricks, 20), contractEv(3, ContractTricks, -40))
	if want := []int{32, -40, 20, -40}; !slices.Equal(m.score, want) {
		t.Errorf("scores %v, want %v", m.score, want)
	}
	if want := []int{2, 0, 0, 0}; !slices.Equal(m.bags, want) {
		t.Errorf("bags %v, want %v", m.bags, want)
	}
}

// TestReferenceContractBags: bags carried from deal to deal (through a
// match's next deal) pay one penalty when they reach 10, two when a
// deal's overtricks take them to 20 or more, the rest carried on.
func TestReferenceContractBags(t *testing.T) {
	g := spades(t, alone)
	m := contractLab(t, g, layout{}, []int{3, 4, 2, 4}, []int{8, 2, 1, 2})
	if !m.endDeal() {
		t.Fatal("the match ended after its first deal")
	}
	if want := []int{35, -40, -20, -40}; !slices.Equal(m.score, want) {
		t.Fatalf("first deal: scores %v, want %v", m.score, want)
	}
	if want := []int{5, 0, 0, 0}; !slices.Equal(m.bags, want) || m.dealNo != 1 || slices.Max(m.tricks) != 0 {
		t.Fatalf("next deal %d: bags %v, tricks %v; want 1, %v, none", m.dealNo, m.bags, m.tricks, want)
	}

	// Deal 2: 5 bags and 5 overtricks: one penalty, none left.
	copy(m.bids, []int{1, 2, 3, 4})
	copy(m.tricks, []int{6, 2, 3, 2})
	m.events = nil
	m.endDeal()
	checkContracts(t, "one penalty", m, contractEv(0, ContractTricks, 15), contractEv(0, ContractBags, -100),
		contractEv(1, ContractTricks, 20), contractEv(2, ContractTricks, 30), contractEv(3, ContractTricks, -40))
	if want := []int{0, 0, 0, 0}; !slices.Equal(m.bags, want) {
		t.Errorf("one penalty: bags %v, want %v", m.bags, want)
	}

	// Deal 3: 9 bags carried (set by hand) and 12 overtricks: 21 bags,
	// two penalties, one bag left.
	m.bags[0] = 9
	copy(m.bids, []int{1, 1, 1, 1})
	copy(m.tricks, []int{13, 0, 0, 0})
	m.events = nil
	m.endDeal()
	checkContracts(t, "two penalties", m, contractEv(0, ContractTricks, 22), contractEv(0, ContractBags, -100),
		contractEv(0, ContractBags, -100), contractEv(1, ContractTricks, -10), contractEv(2, ContractTricks, -10),
		contractEv(3, ContractTricks, -10))
	if want := []int{1, 0, 0, 0}; !slices.Equal(m.bags, want) {
		t.Errorf("two penalties: bags %v, want %v", m.bags, want)
	}
	if want := []int{35 + 15 - 100 + 22 - 200, -40 + 20 - 10, -20 + 30 - 10, -40 - 40 - 10}; !slices.Equal(m.score, want) {
		t.Errorf("after three deals: scores %v, want %v", m.score, want)
	}

	// Without a bag count, overtricks pile up and cost nothing.
	g = spades(t, func(g *genome.Genome) { alone(g); g.Score.Contract.Bags, g.Score.Contract.Penalty = 0, 0 })
	m = contractLab(t, g, layout{}, []int{1, 1, 1, 1}, []int{13, 0, 0, 0})
	m.bags[0] = 30
	m.scoreContract()
	if m.bags[0] != 42 || m.score[0] != 22 || len(m.eventsOf(EvContract)) != 4 {
		t.Errorf("no bag count: bags %d, score %d, events %v; want 42, 22, 4 events", m.bags[0], m.score[0], m.events)
	}
}

// TestReferenceContractNil: a nil bid wins its side's first seat 100 when
// the seat won no trick and loses 100 when it won any, after every side's
// contract; a nil bidder's tricks count neither for its side's contract
// nor for its bags; a side whose seats all bid nil has no contract.
func TestReferenceContractNil(t *testing.T) {
	g := spades(t, nil)
	// Side 0: seat 0 nil (made), seat 2 bids 4 and wins 5. Side 1: seat
	// 1 bids 3 and wins 6, seat 3 nil (failed, 2 tricks not counted).
	m := contractLab(t, g, layout{}, []int{0, 3, 4, 0}, []int{0, 6, 5, 2})
	m.scoreContract()
	checkTrace(t, "partnerships", m, contractEv(0, ContractTricks, 41), contractEv(1, ContractTricks, 33),
		contractEv(0, ContractNil, 100), contractEv(1, ContractNil, -100))
	if want := []int{141, -67, 0, 0}; !slices.Equal(m.score, want) {
		t.Errorf("partnerships: scores %v, want %v", m.score, want)
	}
	if want := []int{1, 3, 0, 0}; !slices.Equal(m.bags, want) {
		t.Errorf("partnerships: bags %v, want %v", m.bags, want)
	}

	// A nil bidder's tricks do not make its partner's contract: seat 2
	// bids 5 and wins 4, seat 0's 3 tricks do not help. Side 1 all nil:
	// seat 1 failed, seat 3 made, no contract.
	m = contractLab(t, g, layout{}, []int{0, 0, 5, 0}, []int{3, 6, 4, 0})
	m.scoreContract()
	checkTrace(t, "all nil", m, contractEv(0, ContractTricks, -50), contractEv(0, ContractNil, -100),
		contractEv(1, ContractNil, -100), contractEv(1, ContractNil, 100))
	if want := []int{-150, 0, 0, 0}; !slices.Equal(m.score, want) || slices.Max(m.bags) != 0 {
		t.Errorf("all nil: scores %v, bags %v; want %v, none", m.score, m.bags, want)
	}

	// Seats alone: a nil scores to the seat itself.
	m = contractLab(t, spades(t, alone), layout{}, []int{2, 0, 0}, []int{10, 0, 3})
	m.scoreContract()
	checkTrace(t, "alone", m, contractEv(0, ContractTricks, 28), contractEv(1, ContractNil, 100), contractEv(2, ContractNil, -100))
}

// TestReferenceContractPartnership: a partnership's contract is its seats'
// bids summed against their tricks summed, scored to its first seat,
// whichever seat bid or won.
func TestReferenceContractPartnership(t *testing.T) {
	g := spades(t, nil)
	m := contractLab(t, g, layout{}, []int{1, 2, 4, 5}, []int{0, 7, 6, 0})
	m.scoreContract()
	// Side 0: 5 bid, 6 won: 51. Side 1: 7 bid, 7 won: 70, all to seat 1.
	checkTrace(t, "made", m, contractEv(0, ContractTricks, 51), contractEv(1, ContractTricks, 70))
	if want := []int{51, 70, 0, 0}; !slices.Equal(m.score, want) || !slices.Equal(m.bags, []int{1, 0, 0, 0}) {
		t.Errorf("made: scores %v, bags %v; want %v, [1 0 0 0]", m.score, m.bags, want)
	}
	m = contractLab(t, g, layout{}, []int{5, 1, 4, 1}, []int{3, 2, 4, 4})
	m.scoreContract()
	checkTrace(t, "set", m, contractEv(0, ContractTricks, -90), contractEv(1, ContractTricks, 24))
}

// TestReferenceContractFirst: the contracts score before every other
// score of a deal's end (here shooting the moon).
func TestReferenceContractFirst(t *testing.T) {
	g := spades(t, func(g *genome.Genome) {
		alone(g)
		g.Match = nil
		g.Score.Cards = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit, Value: 2}, Points: 1}}
		g.Score.Moon = true
	})
	m := contractLab(t, g, layout{}, []int{4, 3, 3, 3}, []int{13, 0, 0, 0})
	m.won[0] = cardsOf(deckNames(26, 39)...)
	if m.endDeal() {
		t.Fatal("a game of one deal deals again")
	}
	checkTrace(t, "contracts, then the moon", m, contractEv(0, ContractTricks, 49), contractEv(1, ContractTricks, -30),
		contractEv(2, ContractTricks, -30), contractEv(3, ContractTricks, -30), Event{Kind: EvMoon, Seat: 0, N: 13}.String())
}

// TestReferenceTeamTarget: with partnerships a match ends after a deal
// when a partnership's total reaches the target, not when one seat's
// score does; seats alone still end it by their own score. This holds
// without contracts too.
func TestReferenceTeamTarget(t *testing.T) {
	whist := spades(t, func(g *genome.Genome) {
		g.Score = genome.Score{Trick: 1}
		g.Match.Target = 10
	})
	whistAlone := spades(t, func(g *genome.Genome) {
		alone(g)
		g.Score = genome.Score{Trick: 1}
		g.Match.Target = 10
	})
	for _, tc := range []struct {
		g      *genome.Genome
		scores []int
		next   bool
	}{
		{whist, []int{6, 9, 4, 0}, false}, // side 0: 10
		{whist, []int{3, 9, 4, 0}, true},  // 7 and 9
		{whist, []int{12, 0, -5, 8}, true},
		{whist, []int{0, 12, 0, -3}, true},
		{whistAlone, []int{0, 9, 0, 0}, true},
		{whistAlone, []int{6, 0, 4, 0}, true},
		{whistAlone, []int{0, 10, -20, 0}, false},
	} {
		m := lab(t, tc.g, 4, layout{})
		copy(m.score, tc.scores)
		if got := m.endDeal(); got != tc.next {
			t.Errorf("teams %d, scores %v: next deal %v, want %v", tc.g.Teams, tc.scores, got, tc.next)
		}
	}

	// Contracts take a partnership over: seat 0 has 380, its partner 0;
	// side 0 makes its 4 (41) and seat 0 its nil (100): 521, and side 0
	// wins the match.
	g := spades(t, nil)
	m := contractLab(t, g, layout{}, []int{0, 3, 4, 0}, []int{0, 6, 5, 2})
	copy(m.score, []int{380, 100, 0, 300})
	if m.endDeal() {
		t.Fatalf("scores %v: the match goes on", m.score)
	}
	if w, mask := m.ranking(); w != 0 || mask != 0b0101 {
		t.Errorf("scores %v: winner %d mask %04b, want side 0", m.score, w, mask)
	}
}

// contractsFollow replays the scores of a game of contracts from its
// events: each deal's bids (EvBid) and tricks won (EvTake), scored as the
// contract semantics say with the sides' bags carried across deals, must
// be the EvContract events that end the deal, and nothing else scores. It
// returns the seats' totals and each deal's sides' totals after it.
func contractsFollow(g *genome.Genome, n int, evs []Event) (score []int, after [][]int, err error) {
	k := g.Score.Contract
	side := func(s int) int {
		if g.Teams == 2 {
			return s % 2
		}
		return s
	}
	score, bags := make([]int, n), make([]int, n)
	bids, tricks := make([]int, n), make([]int, n)
	var got []Event
	finish := func() error {
		var want []Event
		add := func(s, kind, pts int) { want = append(want, Event{Kind: EvContract, Seat: s, Card: kind, N: pts}) }
		for f := range n {
			if side(f) != f {
				continue
			}
			c, t := 0, 0
			for s := range n {
				if side(s) == f && bids[s] > 0 {
					c, t = c+bids[s], t+tricks[s]
				}
			}
			switch {
			case c == 0:
			case t >= c:
				add(f, ContractTricks, c*k.Trick+(t-c)*k.Over)
				for bags[f] += t - c; k.Bags > 0 && bags[f] >= k.Bags; bags[f] -= k.Bags {
					add(f, ContractBags, -k.Penalty)
				}
			default:
				add(f, ContractTricks, -c*k.Trick)
			}
		}
		for s := range n {
			if bids[s] == 0 && tricks[s] == 0 {
				add(side(s), ContractNil, k.Nil)
			} else if bids[s] == 0 {
				add(side(s), ContractNil, -k.Nil)
			}
		}
		if !slices.Equal(got, want) {
			return fmt.Errorf("deal %d (bids %v, tricks %v) scores %v, want %v", len(after), bids, tricks, got, want)
		}
		for _, e := range got {
			score[e.Seat] += e.N
		}
		totals := make([]int, n)
		for s := range n {
			totals[side(s)] += score[s]
		}
		after = append(after, totals)
		got = nil
		clear(tricks)
		return nil
	}
	for i, e := range evs {
		switch e.Kind {
		case EvBid:
			bids[e.Seat] = e.N
		case EvTake:
			tricks[e.Seat]++
		case EvContract:
			got = append(got, e)
		case EvDeal:
			if err := finish(); err != nil {
				return nil, nil, err
			}
		case EvMoon, EvTally, EvOutScore, EvCollect, EvSweep, EvMeld:
			return nil, nil, fmt.Errorf("event %d: %v scores in a game of contracts alone", i, e)
		}
	}
	return score, after, finish()
}

// TestReferenceSpadesGames plays whole random Spades-like matches checked
// (the consistency of the result with the events, conservation after
// every step): every deal's bids follow the bidding round and its
// contract scores follow from its bids and tricks with the bags carried;
// the match ends exactly when a partnership's total first reaches the
// target or after 10 deals, and the partnership with the better total
// wins. Random bids are mostly set, so no random match comes near 500
// (every one plays its 10 deals); a target of 60 ends some early.
func TestReferenceSpadesGames(t *testing.T) {
	games := 30
	if !testing.Short() {
		games = 300
	}
	for _, target := range []int{500, 60} {
		g := spades(t, func(g *genome.Genome) { g.Match.Target = target })
		reached, full := 0, 0
		for i := range uint64(games) {
			seed := rng.Derive(32, i)
			if err := consistent(g, 4, seed); err != nil {
				t.Fatalf("target %d, game %d: %v", target, i, err)
			}
			r, evs := play(g, 4, nil, seed, true)
			if _, err := bidsFollow(g, 4, evs, func(int, int) int { return 13 }); err != nil {
				t.Fatalf("target %d, game %d: %v", target, i, err)
			}
			score, after, err := contractsFollow(g, 4, evs)
			if err != nil {
				t.Fatalf("target %d, game %d: %v", target, i, err)
			}
			if r.Winner == Capped || r.Deals != len(after) {
				t.Fatalf("target %d, game %d: winner %d after %d deals, %d deals scored", target, i, r.Winner, r.Deals, len(after))
			}
			// Only the last deal may take a side to the target, and a
			// last deal that does not is the tenth.
			for d, totals := range after {
				hit, last := max(totals[0], totals[1]) >= target, d == len(after)-1
				if (hit && !last) || (last && !hit && d != 9) {
					t.Fatalf("target %d, game %d, deal %d of %d: sides' totals %v", target, i, d, len(after), totals)
				}
			}
			if score[2] != 0 || score[3] != 0 {
				t.Fatalf("target %d, game %d: seats 2 and 3 scored %v (every point goes to a side's first seat)", target, i, score)
			}
			tot := after[len(after)-1]
			want, mask := Tie, uint8(0)
			switch {
			case tot[0] > tot[1]:
				want, mask = 0, 0b0101
			case tot[1] > tot[0]:
				want, mask = 1, 0b1010
			}
			if r.Winner != want || r.WinMask != mask {
				t.Fatalf("target %d, game %d: totals %v, winner %d mask %04b", target, i, tot, r.Winner, r.WinMask)
			}
			if max(tot[0], tot[1]) >= target {
				reached++
			}
			if len(after) == 10 {
				full++
			}
		}
		if full == 0 || (target == 60 && reached == 0) {
			t.Errorf("target %d: %d of %d games reached the target, %d played 10 deals", target, reached, games, full)
		}
	}
}
