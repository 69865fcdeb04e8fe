package genome_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// dealerBases are the games a dealer case patches (no seed: blackjack,
// the seed game); other seeds are seed games.
func dealerBases(t *testing.T) map[string]string {
	t.Helper()
	data, err := blackjackGame(t).Encode()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"": string(data), "blackjack": string(data)}
}

// TestDecodeRejectsDealer: a dealer of the wrong JSON type, a field of the
// wrong type and a field the dealer does not have are refused at their
// paths.
func TestDecodeRejectsDealer(t *testing.T) {
	cases := []patchCase{
		{name: "dealer as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer", 17.0) },
			want: `$.score.dealer: expected an object, got the number 17`},
		{name: "wager as string", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.wager", "5") },
			want: `$.score.dealer.wager: expected an integer, got the string "5"`},
		{name: "stand as fraction", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.stand", 16.5) },
			want: `$.score.dealer.stand: expected an integer, got 16.5`},
		{name: "soft_hits as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.soft_hits", 1.0) },
			want: `$.score.dealer.soft_hits: expected true or false, got the number 1`},
		{name: "unknown field", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.bet", 1.0) },
			want: `$.score.dealer.bet: unknown field "bet"`},
	}
	runBaseCases(t, dealerBases(t), cases, genome.Decode)
}

// TestValidateRejectsDealer: every rule of validateDealer gives its
// problem at the right JSON path: the wager and the stand out of range
// (or left out), no chips, a hand that is not a fan, phases, betting; and
// the rules the dealer changes: no phases but against a dealer (or for
// betting with a showdown), chips that never move without one.
func TestValidateRejectsDealer(t *testing.T) {
	runBaseCases(t, dealerBases(t), []patchCase{
		// The wager: 1..MaxBet.
		{name: "wager 0", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.wager", 0.0) },
			want: `$.score.dealer.wager: must be between 1 and 50, got 0`},
		{name: "wager left out", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.dealer.wager") },
			want: `$.score.dealer.wager: must be between 1 and 50, got 0`},
		{name: "wager 51", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.wager", 51.0) },
			want: `$.score.dealer.wager: must be between 1 and 50, got 51`},
		{name: "wager negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.wager", -5.0) },
			want: `$.score.dealer.wager: must be between 1 and 50, got -5`},
		// The stand: MinStand..MaxStand.
		{name: "stand 11", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.stand", 11.0) },
			want: `$.score.dealer.stand: must be between 12 and 21, got 11`},
		{name: "stand 22", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.dealer.stand", 22.0) },
			want: `$.score.dealer.stand: must be between 12 and 21, got 22`},
		{name: "stand left out", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.dealer.stand") },
			want: `$.score.dealer.stand: must be between 12 and 21, got 0`},
		// Every field wrong at once: every problem, in the fields' order.
		{name: "every field out of range", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.dealer", js(t, `{"wager": 0, "stand": 30, "soft_hits": true}`))
		}, want: "2 problems:\n" +
			"  $.score.dealer.wager: must be between 1 and 50, got 0\n" +
			"  $.score.dealer.stand: must be between 12 and 21, got 30"},
		// Wagers are chips.
		{name: "no chips", patch: func(t *testing.T, m map[string]any) {
			del(t, m, "score.chips")
			del(t, m, "match")
			set(t, m, "end.rank", "cards")
		}, want: `$.score.dealer: seats wager chips against the dealer, but the game has none (score.chips)`},
		// Card sums are counted on a hand of cards.
		{name: "pile hands", patch: func(t *testing.T, m map[string]any) { set(t, m, "hand", "pile") },
			want: `$.score.dealer: card sums are counted on a hand of cards, but the hand is not a fan`},
		// No phases.
		{name: "a play phase", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn", js(t, `[{"kind": "play", "legal": {"op": "true"}}]`))
		}, want: `$.turn: a game against the dealer is played by hitting and standing: it has no phases, got 1`},
		{name: "two phases", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn", js(t, `[{"kind": "play", "legal": {"op": "true"}}, {"kind": "draw", "count": 1}]`))
		}, want: `$.turn: a game against the dealer is played by hitting and standing: it has no phases, got 2`},
		// No betting.
		{name: "betting", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.betting", js(t, `{"bet": 2, "showdown": true}`))
		}, want: `$.score.dealer: a game against the dealer has no betting rounds (score.betting)`},
		// Everything the dealer needs missing at once.
		{name: "pile hands, a phase, betting", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "hand", "pile")
			set(t, m, "turn", js(t, `[{"kind": "battle"}]`))
			set(t, m, "score.betting", js(t, `{"bet": 2}`))
		}, want: "3 problems:\n" +
			"  $.score.dealer: card sums are counted on a hand of cards, but the hand is not a fan\n" +
			"  $.turn: a game against the dealer is played by hitting and standing: it has no phases, got 1\n" +
			"  $.score.dealer: a game against the dealer has no betting rounds (score.betting)"},
		// Without the dealer, a game of no phases and no payment.
		{name: "no dealer", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.dealer") },
			want: "2 problems:\n" +
				"  $.turn: must have 1 to 8 phases (0 only for a game of betting with a showdown or against a dealer), got 0\n" +
				"  $.score.chips: no ante, pass or per_card payment, no betting and no dealer, so no chip ever moves"},
		// A dealer game is a game of chips, which score nothing else.
		{name: "a hand scored", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.hand", js(t, `[{"match": "hearts", "points": 1}]`))
		}, want: `$.score.chips: a game with chips scores nothing else: its scores are the chips the seats hold`},
	}, genome.Parse)
}

// TestValidateAcceptsDealer: what the rules allow: every field at both
// ends of its range, drawing on a soft total, one deal, a match with a
// target, payments besides the wagers, a lead card, end conditions and a
// blocked rule (which never apply), sets laid down, jokers and two packs,
// a deal of the whole deck (the dealer then has no card to take).
func TestValidateAcceptsDealer(t *testing.T) {
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
	}{
		{"as it is", func(g *genome.Genome) {}},
		{"the least", func(g *genome.Genome) { *g.Score.Dealer = genome.Dealer{Wager: 1, Stand: cardrules.MinStand} }},
		{"the most", func(g *genome.Genome) {
			*g.Score.Dealer = genome.Dealer{Wager: cardrules.MaxBet, Stand: cardrules.MaxStand, SoftHits: true}
		}},
		{"soft hits", func(g *genome.Genome) { g.Score.Dealer.SoftHits = true }},
		{"one deal", func(g *genome.Genome) { g.Match = nil }},
		{"a match with a target", func(g *genome.Genome) { g.Match.Target = 400 }},
		{"payments", func(g *genome.Genome) { g.Score.Chips = genome.Chips{Stake: 20, Ante: 1, Pass: 2, PerCard: 3} }},
		{"a lead card", func(g *genome.Genome) { c := genome.Card(5); g.LeadCard = &c }},
		{"end conditions", func(g *genome.Genome) {
			g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
			g.End.Until, g.End.Blocked = cardrules.UntilFirstOut, 3
		}},
		{"sets laid down", func(g *genome.Genome) { g.Meld = 2 }},
		{"jokers and two packs", func(g *genome.Genome) { g.Deck.Jokers, g.Deck.Packs = 2, 2 }},
		{"the whole deck dealt", func(g *genome.Genome) { g.Deal = genome.Deal{All: true} }},
	} {
		g := blackjackGame(t)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", c.what, err)
		}
	}
}

// TestDealerRoundTrip: the dealer survives Encode and Parse, keeps its
// place in the canonical form (soft_hits left out when false), and a
// clone's dealer is its own.
func TestDealerRoundTrip(t *testing.T) {
	g := blackjackGame(t)
	b, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	h, err := genome.Parse(b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if !reflect.DeepEqual(g, h) {
		t.Errorf("Parse(Encode(g)) differs from g:\n%s", b)
	}
	c := g.CanonicalJSON()
	if !strings.Contains(string(c), `"dealer":{"wager":5,"stand":17}`) || !strings.Contains(string(c), `"turn":[]`) {
		t.Errorf("the canonical form lacks the dealer or the empty turn:\n%s", c)
	}
	h, err = genome.Parse(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(h.CanonicalJSON()) != string(c) || h.Hash() != g.Hash() || genome.Distance(g, h) != 0 {
		t.Errorf("the canonical form does not survive a round trip:\n%s\n%s", c, h.CanonicalJSON())
	}
	// Soft hits are written.
	g.Score.Dealer.SoftHits = true
	var tree map[string]any
	if err := json.Unmarshal(g.CanonicalJSON(), &tree); err != nil {
		t.Fatal(err)
	}
	if k := tree["score"].(map[string]any)["dealer"]; !reflect.DeepEqual(k, map[string]any{"wager": 5.0, "stand": 17.0, "soft_hits": true}) {
		t.Errorf("the dealer is written %v", k)
	}
	// A clone's dealer is a copy.
	c2 := g.Clone()
	c2.Score.Dealer.Stand = 16
	if g.Score.Dealer.Stand != 17 || g.Hash() == c2.Hash() {
		t.Error("a clone shares its dealer")
	}
}
