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

// Scenarios of the claim phase (claim.go, Cheat): a seat lays one to max
// cards face down on the claim pile claiming a rank, and the other seats
// in turn may challenge it. The expected values are worked out by hand
// from the claim spec.

// cheatJSON is a cheat-like genome: the whole deck dealt, ace low, claims
// of the next rank from A, up to 4 cards, the first seat out wins.
const cheatJSON = `{"schema":1,"seats":{"min":3,"max":8,"default":4},"deck":{"order":"ace_low"},
"hand":"fan","deal":{"all":true},"reshuffle":false,"turn":[{"kind":"claim","claims":"next","start":"A"}],
"effects":[],"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out"},"turn_cap":5000}`

// cheat returns the cheat-like genome, changed by edit (which may be nil).
func cheat(t *testing.T, edit func(g *genome.Genome)) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(cheatJSON))
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(g)
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func rank(t *testing.T, s string) genome.Rank {
	t.Helper()
	r, err := cardrules.ParseRank(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// claimLab is lab with the given cards (out of play in l) on the claim
// pile, the deal's last claim of rank last ("" for none) and the latest
// claim's cards the pile's last latest cards.
func claimLab(t *testing.T, g *genome.Genome, n int, l layout, last string, latest int, pile ...string) *game {
	t.Helper()
	m := lab(t, g, n, l)
	for _, c := range cardsOf(pile...) {
		i := slices.Index(m.gone, c)
		if i < 0 {
			t.Fatalf("pile card %v is placed elsewhere", c)
		}
		m.gone = slices.Delete(m.gone, i, i+1)
		m.claims.pile = append(m.claims.pile, c)
	}
	m.claims.latest = slices.Clone(m.claims.pile[len(m.claims.pile)-latest:])
	if last != "" {
		m.claims.last, m.claims.made = rank(t, last), true
	}
	m.verify()
	return m
}

func namesOf(cs []genome.Card) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

// checkFaceDown fails unless every EvPlay of m is face down (N 1) and no
// effect fired.
func checkFaceDown(t *testing.T, m *game) {
	t.Helper()
	for _, e := range m.events {
		if (e.Kind == EvPlay && e.N != 1) || e.Kind == EvEffect {
			t.Errorf("%v: every play of a claim is face down (N 1) and sets nothing off", e)
		}
	}
}

// TestReferenceClaimTrueChallenged: seat 0 claims A (the only rank: a
// forced decision) with AC then AD and stops (done); seat 1 challenges at
// once (seat 2 is not asked). The claim was true: both cards are turned up,
// ascending, and the challenger takes the pile.
func TestReferenceClaimTrueChallenged(t *testing.T) {
	g := cheat(t, nil)
	m := claimLab(t, g, 3, layout{hands: [][]string{{"AC", "AD", "5H"}, {"2C"}, {"3C"}}}, "", 0)
	steer(t, m, [2]int{3, 0}, [2]int{3, 0}, [2]int{2, 1}, [2]int{2, 1})
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "true", m, "decide 0 0/1", "decide 0 0/3", "play 0 AC", "decide 0 0/3", "play 0 AD", "decide 0 1/2",
		"claim seat 0 card 12 n 2", "decide 1 1/2", "challenge seat 1 card 0 n 1", "reveal seat 0 card 12 n 0", "reveal seat 0 card 25 n 0",
		"take seat 1 card 0 n 2")
	checkFaceDown(t, m)
	if got := pileOf(m, 1); !slices.Equal(got, []string{"2C", "AC", "AD"}) {
		t.Errorf("seat 1 holds %v, want 2C AC AD", got)
	}
	if got := pileOf(m, 0); !slices.Equal(got, []string{"5H"}) {
		t.Errorf("seat 0 holds %v, want 5H", got)
	}
	if len(m.claims.pile) != 0 || !m.claims.made || m.claims.last != rank(t, "A") {
		t.Errorf("claims %+v: want an empty pile, the last claim A", m.claims)
	}
	if got, want := countsOf(m.res), (counts{decisions: 5, options: 11, forced: 1, informed: 4, plays: 2}); got != want {
		t.Errorf("counts %+v, want %+v", got, want)
	}
	if m.res.Interactions != 1 || m.over || m.last != -1 || m.played != 0 {
		t.Errorf("interactions %d, over %v, last card %d, suits played %b: want 1, false, -1, 0", m.res.Interactions, m.over, m.last, m.played)
	}
	m.verify()
}

// TestReferenceClaimFalseChallenged: after a claim of 6 (the pile holds
// 6H 6S), seat 0 must claim 7; it lays 7C and 9D, its last cards (no done
// is offered with an empty hand). Seat 1 lets it be, seat 2 challenges:
// only the claim's cards are turned up, and the claimer takes the whole
// pile back, so it does not go out.
func TestReferenceClaimFalseChallenged(t *testing.T) {
	g := cheat(t, nil)
	m := claimLab(t, g, 3, layout{hands: [][]string{{"7C", "9D"}, {"2C"}, {"3C"}}}, "6", 2, "6H", "6S")
	steer(t, m, [2]int{2, 0}, [2]int{2, 0}, [2]int{2, 0}, [2]int{2, 1})
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "false", m, "decide 0 0/1", "decide 0 0/2", "play 0 7C", "decide 0 0/2", "play 0 9D",
		"claim seat 0 card 5 n 2", "decide 1 0/2", "decide 2 1/2", "challenge seat 2 card 0 n 0",
		"reveal seat 0 card 5 n 0", "reveal seat 0 card 20 n 0", "take seat 0 card 0 n 4")
	if got := pileOf(m, 0); !slices.Equal(got, []string{"7C", "9D", "6H", "6S"}) {
		t.Errorf("seat 0 holds %v, want 7C 9D 6H 6S", got)
	}
	if len(m.claims.pile) != 0 || m.claims.last != rank(t, "7") || m.over || len(m.outSeat) != 0 {
		t.Errorf("claims %+v, over %v, out %v: want an empty pile, the last claim 7, nobody out", m.claims, m.over, m.outSeat)
	}
	if m.res.Interactions != 1 || m.res.Plays != 2 {
		t.Errorf("interactions %d, plays %d: want 1, 2", m.res.Interactions, m.res.Plays)
	}
	m.verify()
}

// TestReferenceClaimUnchallenged: with the play going the other way, the
// seats are asked 2 then 1; nobody challenges, so nothing more happens, the
// cards stay face down on the pile and the claimer, its hand empty, goes
// out at the end check as a winner. When seat 2 challenges the true claim
// instead, it takes the pile and the claimer still goes out.
func TestReferenceClaimUnchallenged(t *testing.T) {
	g := cheat(t, nil)
	l := layout{hands: [][]string{{"AC"}, {"2C"}, {"3C"}}, dir: -1}

	m := claimLab(t, g, 3, l, "K", 1, "4D")
	m.passesInRow = 2
	steer(t, m, [2]int{2, 0}, [2]int{2, 0})
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "let be", m, "decide 0 0/1", "decide 0 0/1", "play 0 AC", "claim seat 0 card 12 n 1",
		"decide 2 0/2", "decide 1 0/2", "out 0 0")
	if got := namesOf(m.claims.pile); !slices.Equal(got, []string{"4D", "AC"}) || !m.over || m.res.Interactions != 0 || m.passesInRow != 0 {
		t.Errorf("pile %v, over %v, interactions %d, passes in a row %d: want 4D AC, over, 0, 0",
			got, m.over, m.res.Interactions, m.passesInRow)
	}
	if got := namesOf(m.claims.latest); !slices.Equal(got, []string{"AC"}) {
		t.Errorf("latest claim %v, want AC", got)
	}
	m.verify()

	m = claimLab(t, g, 3, l, "K", 1, "4D")
	steer(t, m, [2]int{2, 1})
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "challenged", m, "decide 0 0/1", "decide 0 0/1", "play 0 AC", "claim seat 0 card 12 n 1",
		"decide 2 1/2", "challenge seat 2 card 0 n 1", "reveal seat 0 card 12 n 0", "take seat 2 card 0 n 2", "out 0 0")
	if got := pileOf(m, 2); !slices.Equal(got, []string{"3C", "AC", "4D"}) {
		t.Errorf("seat 2 holds %v, want 3C AC 4D", got)
	}
	m.verify()
}

// TestReferenceClaimSeatsOut: the challenge is asked of the seats still
// in from the seat after the claimer, in turn order, passing over a seat
// that is out.
func TestReferenceClaimSeatsOut(t *testing.T) {
	g := cheat(t, nil)
	m := claimLab(t, g, 4, layout{hands: [][]string{{"4C"}, {"AC", "KD"}, nil, {"3C"}}, cur: 1, seatsOutLose: []int{2}}, "", 0)
	steer(t, m, [2]int{2, 0}, [2]int{2, 1}, [2]int{2, 0}, [2]int{2, 0})
	m.claimPhase(1, &g.Turn[0])
	checkTrace(t, "out", m, "decide 1 0/1", "decide 1 0/2", "play 1 AC", "decide 1 1/2", "claim seat 1 card 12 n 1",
		"decide 3 0/2", "decide 0 0/2")
	m.verify()
}

// TestReferenceClaimRanks: the ranks a seat may claim under each rule,
// ascending by rank index, in the deck's order cyclically, over the deck's
// claimable ranks (those it has a card of; no joker's).
func TestReferenceClaimRanks(t *testing.T) {
	ranks := func(ss ...string) []genome.Rank {
		var out []genome.Rank
		for _, s := range ss {
			out = append(out, rank(t, s))
		}
		return out
	}
	all := ranks("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
	few := genome.Deck{Order: cardrules.OrderAceLow, Ranks: ranks("5", "9", "J")}
	two := genome.Deck{Ranks: ranks("2", "3")}
	one := genome.Deck{Ranks: ranks("Q"), Jokers: 2}
	noSevens := genome.Deck{Remove: cardsOf("7C", "7D", "7H", "7S")}
	for _, tc := range []struct {
		name   string
		deck   genome.Deck
		claims genome.ClaimRule
		start  string
		last   string // "" for none
		want   []genome.Rank
	}{
		{"next, first claim", genome.Deck{Order: cardrules.OrderAceLow}, cardrules.ClaimNext, "A", "", ranks("A")},
		{"next, ace low", genome.Deck{Order: cardrules.OrderAceLow}, cardrules.ClaimNext, "A", "A", ranks("2")},
		{"next, ace low, wraps", genome.Deck{Order: cardrules.OrderAceLow}, cardrules.ClaimNext, "A", "K", ranks("A")},
		{"next, ace high, wraps", genome.Deck{}, cardrules.ClaimNext, "2", "A", ranks("2")},
		{"next, ace high", genome.Deck{}, cardrules.ClaimNext, "2", "10", ranks("J")},
		{"next, two high", genome.Deck{Order: cardrules.OrderTwoHigh}, cardrules.ClaimNext, "3", "A", ranks("2")},
		{"next, two high, wraps", genome.Deck{Order: cardrules.OrderTwoHigh}, cardrules.ClaimNext, "3", "2", ranks("3")},
		{"next, few ranks", few, cardrules.ClaimNext, "5", "5", ranks("9")},
		{"next, few ranks, wraps", few, cardrules.ClaimNext, "5", "J", ranks("5")},
		{"next, a rank removed", noSevens, cardrules.ClaimNext, "2", "6", ranks("8")},
		{"next, one rank", one, cardrules.ClaimNext, "Q", "Q", ranks("Q")},
		{"near, first claim", genome.Deck{}, cardrules.ClaimNear, "", "", all},
		{"near", genome.Deck{}, cardrules.ClaimNear, "", "7", ranks("6", "7", "8")},
		{"near, ace high, wraps", genome.Deck{}, cardrules.ClaimNear, "", "A", ranks("2", "K", "A")},
		{"near, ace low, wraps", genome.Deck{Order: cardrules.OrderAceLow}, cardrules.ClaimNear, "", "A", ranks("2", "K", "A")},
		{"near, ace low, wraps down", genome.Deck{Order: cardrules.OrderAceLow}, cardrules.ClaimNear, "", "K", ranks("Q", "K", "A")},
		{"near, two high", genome.Deck{Order: cardrules.OrderTwoHigh}, cardrules.ClaimNear, "", "2", ranks("2", "3", "A")},
		{"near, few ranks", few, cardrules.ClaimNear, "", "9", ranks("5", "9", "J")},
		{"near, few ranks, first claim", few, cardrules.ClaimNear, "", "", ranks("5", "9", "J")},
		{"near, two ranks (once each)", two, cardrules.ClaimNear, "", "2", ranks("2", "3")},
		{"near, one rank", one, cardrules.ClaimNear, "", "Q", ranks("Q")},
		{"near, a rank removed", noSevens, cardrules.ClaimNear, "", "8", ranks("6", "8", "9")},
		{"any", genome.Deck{Jokers: 1}, cardrules.ClaimAny, "", "5", all},
		{"any, first claim", genome.Deck{}, cardrules.ClaimAny, "", "", all},
		{"any, one rank and jokers", one, cardrules.ClaimAny, "", "", ranks("Q")},
	} {
		// (Not validated: a near or any claim's start is 0, rank 2, which
		// some of these decks lack.)
		g := cheat(t, nil)
		func(g *genome.Genome) {
			g.Deck = tc.deck
			g.Turn[0].Claims, g.Turn[0].Start = tc.claims, 0
			if tc.start != "" {
				g.Turn[0].Start = rank(t, tc.start)
			}
		}(g)
		m := &game{g: g, deck: g.Deck.Cards()}
		if tc.last != "" {
			m.claims.last, m.claims.made = rank(t, tc.last), true
		}
		if got := m.claimRanks(&g.Turn[0]); !slices.Equal(got, tc.want) {
			t.Errorf("%s: ranks %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestReferenceClaimRankDecision: the rank is the claim's first decision,
// among the allowed ranks ascending: near a claim of 2 (ace low), seat 0
// chooses among 2, 3 and A, and claims A (the last option).
func TestReferenceClaimRankDecision(t *testing.T) {
	g := cheat(t, func(g *genome.Genome) { g.Turn[0].Claims, g.Turn[0].Start = cardrules.ClaimNear, 0 })
	m := claimLab(t, g, 3, layout{hands: [][]string{{"5C", "6C"}, {"2C"}, {"3C"}}}, "2", 1, "9S")
	steer(t, m, [2]int{3, 2}, [2]int{2, 1}, [2]int{2, 1}, [2]int{2, 0}, [2]int{2, 0})
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "near", m, "decide 0 2/3", "decide 0 1/2", "play 0 6C", "decide 0 1/2", "claim seat 0 card 12 n 1",
		"decide 1 0/2", "decide 2 0/2")
	if got := namesOf(m.claims.latest); !slices.Equal(got, []string{"6C"}) || m.claims.last != rank(t, "A") {
		t.Errorf("latest claim %v of %v, want 6C of A", got, m.claims.last)
	}
	m.verify()
}

// TestReferenceClaimMax: with max 1 a claim is one card: no further
// decision; with max 2 the choice stops at two cards without a done.
func TestReferenceClaimMax(t *testing.T) {
	for _, tc := range []struct {
		max   int
		picks [][2]int
		want  []string
	}{
		{1, [][2]int{{3, 2}, {2, 0}, {2, 0}}, []string{"decide 0 0/1", "decide 0 2/3", "play 0 AS", "claim seat 0 card 12 n 1", "decide 1 0/2", "decide 2 0/2"}},
		{2, [][2]int{{3, 0}, {3, 1}, {2, 0}, {2, 0}}, []string{"decide 0 0/1", "decide 0 0/3", "play 0 AC", "decide 0 1/3", "play 0 AS",
			"claim seat 0 card 12 n 2", "decide 1 0/2", "decide 2 0/2"}},
	} {
		g := cheat(t, func(g *genome.Genome) { g.Turn[0].Max = tc.max })
		m := claimLab(t, g, 3, layout{hands: [][]string{{"AC", "AH", "AS"}, {"2C"}, {"3C"}}}, "", 0)
		steer(t, m, tc.picks...)
		m.claimPhase(0, &g.Turn[0])
		checkTrace(t, fmt.Sprintf("max %d", tc.max), m, tc.want...)
	}
}

// TestReferenceClaimPass: a seat holding no card passes without a
// decision (N 0, a pass towards the blocked end) and the end conditions are
// checked: with hand_empty it goes out then; without, the game goes on, and
// the pass counts in a run of passes until a claim ends it.
func TestReferenceClaimPass(t *testing.T) {
	g := cheat(t, nil)
	m := claimLab(t, g, 3, layout{hands: [][]string{nil, {"2C"}, {"3C"}}}, "", 0)
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "out", m, "pass 0", "out 0 0")
	if m.res.Passes != 1 || m.res.Decisions != 0 || !m.over || m.events[0].N != 0 {
		t.Errorf("passes %d, decisions %d, over %v, pass %v: want 1, 0, over, N 0", m.res.Passes, m.res.Decisions, m.over, m.events[0])
	}

	g = cheat(t, func(g *genome.Genome) {
		g.End = genome.End{Until: cardrules.UntilHandsEmpty, Blocked: 2}
	})
	m = claimLab(t, g, 3, layout{hands: [][]string{nil, {"2C"}, {"3C"}}}, "", 0)
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "on", m, "pass 0")
	if m.res.Passes != 1 || m.over || m.passesInRow != 1 {
		t.Errorf("passes %d, over %v, passes in a row %d: want 1, not over, 1", m.res.Passes, m.over, m.passesInRow)
	}
	steer(t, m, [2]int{2, 0}, [2]int{2, 0})
	m.claimPhase(1, &g.Turn[0])
	if m.passesInRow != 0 || m.over {
		t.Errorf("passes in a row %d, over %v after a claim: want 0, not over", m.passesInRow, m.over)
	}
	m.verify()
}

// TestReferenceClaimTwoPacks: a face held in both packs is one option; a
// choice of it moves the first pack's copy, the next the second's; a seat
// holding only the second copy moves that. The claim's cards are turned up
// in ascending id order.
func TestReferenceClaimTwoPacks(t *testing.T) {
	g := cheat(t, func(g *genome.Genome) {
		g.Deck.Packs = 2
		g.Turn[0].Start = rank(t, "5")
	})
	m := claimLab(t, g, 3, layout{hands: [][]string{{"5C'", "5C", "7D", "8H'"}, {"2C"}, {"3C"}}}, "", 0)
	steer(t, m, [2]int{3, 0}, [2]int{4, 0}, [2]int{3, 1}, [2]int{2, 1}, [2]int{2, 1})
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "two packs", m, "decide 0 0/1", "decide 0 0/3", "play 0 5C", "decide 0 0/4", "play 0 5C", "decide 0 1/3", "play 0 8H",
		"decide 0 1/2", "claim seat 0 card 3 n 3", "decide 1 1/2", "challenge seat 1 card 0 n 0",
		"reveal seat 0 card 3 n 0", "reveal seat 0 card 67 n 0", "reveal seat 0 card 96 n 0", "take seat 0 card 0 n 3")
	var ids []int
	for _, e := range m.eventsOf(EvPlay) {
		ids = append(ids, e.Card)
	}
	if want := []int{3, 67, 96}; !slices.Equal(ids, want) {
		t.Errorf("cards laid %v, want %v (5C, 5C', 8H')", ids, want)
	}
	if got := m.hands[0]; !slices.Equal(got, cardsOf("5C", "7D", "5C'", "8H'")) {
		t.Errorf("seat 0 holds %v, want 5C 7D 5C' 8H'", got)
	}
	m.verify()
}

// TestReferenceClaimJoker: a joker is never of the rank claimed, so a
// claim holding one is false; no joker's rank can be claimed.
func TestReferenceClaimJoker(t *testing.T) {
	g := cheat(t, func(g *genome.Genome) { g.Deck.Jokers = 2 })
	m := claimLab(t, g, 3, layout{hands: [][]string{{"AC", "Joker", "2D"}, {"2C"}, {"3C"}}}, "", 0)
	steer(t, m, [2]int{3, 0}, [2]int{3, 1}, [2]int{2, 1}, [2]int{2, 1})
	m.claimPhase(0, &g.Turn[0])
	checkTrace(t, "joker", m, "decide 0 0/1", "decide 0 0/3", "play 0 AC", "decide 0 1/3", "play 0 Joker", "decide 0 1/2",
		"claim seat 0 card 12 n 2", "decide 1 1/2", "challenge seat 1 card 0 n 0",
		"reveal seat 0 card 12 n 0", "reveal seat 0 card 52 n 0", "take seat 0 card 0 n 2")
	if got := len(m.claimable()); got != 13 {
		t.Errorf("%d claimable ranks with jokers, want 13", got)
	}
	m.verify()
}

// claimGenomes are cheat-like genomes for whole games.
func claimGenomes(t *testing.T) map[string]*genome.Genome {
	return map[string]*genome.Genome{
		"cheat":       cheat(t, nil),
		"near, max 2": cheat(t, func(g *genome.Genome) { g.Turn[0].Claims, g.Turn[0].Start, g.Turn[0].Max = cardrules.ClaimNear, 0, 2 }),
		"any, two packs, jokers": cheat(t, func(g *genome.Genome) {
			g.Turn[0].Claims, g.Turn[0].Start, g.Deck.Packs, g.Deck.Jokers = cardrules.ClaimAny, 0, 2, 2
		}),
		"next, few ranks, ace high": cheat(t, func(g *genome.Genome) { g.Deck = genome.Deck{Ranks: []genome.Rank{3, 7, 12}}; g.Turn[0].Start = 12 }),
		"next, max 1, until one":    cheat(t, func(g *genome.Genome) { g.Turn[0].Max = 1; g.End.Until = cardrules.UntilOneLeft }),
		"a match": cheat(t, func(g *genome.Genome) {
			g.Score.Hand = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchRank, Value: 12}, Points: 10}, {Match: genome.Match{Kind: cardrules.MatchSuit, Value: 2}, Points: 1}}
			g.End.Rank = cardrules.RankScoreLow
			g.Match = &genome.MatchRules{Target: 60, Deals: 5}
		}),
		"near, hands empty, blocked": cheat(t, func(g *genome.Genome) {
			g.Turn[0].Claims, g.Turn[0].Start = cardrules.ClaimNear, 0
			g.End.Until, g.End.Blocked = cardrules.UntilHandsEmpty, 1
		}),
	}
}

// TestReferenceClaimGames plays whole random games of cheat-like genomes
// checked (every card of the deck in one zone, the claim pile one of them,
// after every phase) and follows the claim pile through the events: each
// claim's count is the face-down plays before it, each challenge turns up
// the claim's cards and hands the whole pile to the loser, and the
// interactions are the challenges.
func TestReferenceClaimGames(t *testing.T) {
	games := 10
	if !testing.Short() {
		games = 100
	}
	gs := claimGenomes(t)
	for _, name := range slices.Sorted(maps.Keys(gs)) {
		g := gs[name]
		finished, deals := 0, 0
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				seed := rng.Derive(22, i)
				if err := consistent(g, seats, seed); err != nil {
					t.Fatalf("%s, %d seats, game %d: %v", name, seats, i, err)
				}
				r, evs := play(g, seats, nil, seed, true)
				n, err := claimsFollow(evs, len(g.Deck.Cards()))
				if err != nil {
					t.Fatalf("%s, %d seats, game %d: %v", name, seats, i, err)
				}
				if r.Interactions != n {
					t.Fatalf("%s, %d seats, game %d: %d interactions, %d challenges", name, seats, i, r.Interactions, n)
				}
				if r.Winner != Capped {
					finished++
				}
				deals = max(deals, r.Deals)
			}
		}
		if finished == 0 || (g.Match != nil && deals < 2) {
			t.Errorf("%s: %d games finished, at most %d deals", name, finished, deals)
		}
	}
}

// claimsFollow replays the claim pile of a game's events and returns the
// challenges, or the first event that does not follow the claim rules.
func claimsFollow(evs []Event, deck int) (int, error) {
	var pile, latest []int
	laid := 0 // face-down plays since the last claim
	claimer, claimed := -1, 0
	challenges := 0
	for k, e := range evs {
		switch e.Kind {
		case EvPlay:
			if e.N != 1 {
				return 0, fmt.Errorf("event %d: %v is not face down", k, e)
			}
			if laid == 0 {
				latest = nil
			}
			laid++
			pile = append(pile, e.Card)
			latest = append(latest, e.Card)
		case EvClaim:
			if e.N != laid || e.N < 1 || e.N > cardrules.MaxClimb {
				return 0, fmt.Errorf("event %d: %v after %d cards laid", k, e, laid)
			}
			claimer, claimed, laid = e.Seat, e.Card, 0
		case EvChallenge:
			truth := 1
			for _, c := range latest {
				if genome.Card(c).Rank() != genome.Rank(claimed) {
					truth = 0
				}
			}
			if e.Card != claimer || e.Seat == claimer || e.N != truth {
				return 0, fmt.Errorf("event %d: %v of seat %d's claim of %d, %v (true: %d)", k, e, claimer, claimed, latest, truth)
			}
			shown := slices.Clone(latest)
			slices.Sort(shown)
			for j, c := range shown {
				if r := evs[k+1+j]; r.Kind != EvReveal || r.Seat != claimer || r.Card != c {
					return 0, fmt.Errorf("event %d: %v, want the reveal of %d", k+1+j, r, c)
				}
			}
			take := evs[k+1+len(shown)]
			loser := claimer
			if truth == 1 {
				loser = e.Seat
			}
			if take.Kind != EvTake || take.Seat != loser || take.N != len(pile) {
				return 0, fmt.Errorf("event %d: %v, want seat %d taking the %d cards of the pile", k+1+len(shown), take, loser, len(pile))
			}
			pile, latest = nil, nil
			challenges++
		case EvDeal: // a new deal's claim pile is empty
			pile, latest = nil, nil
		case EvTurn:
			if laid != 0 {
				return 0, fmt.Errorf("event %d: %d cards laid and no claim", k, laid)
			}
		}
		if len(pile) > deck {
			return 0, fmt.Errorf("event %d: %d cards on the pile of a deck of %d", k, len(pile), deck)
		}
	}
	return challenges, nil
}
