package genome_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// contractBases are the games a contract case patches when it names one of
// them as its seed (no seed: the Spades-like game); other seeds are seed
// games.
var contractBases = map[string]string{"": spadesJSON, "spades": spadesJSON}

// TestDecodeRejectsContract: a contract of the wrong JSON type, a field of
// the wrong type and a field the contract does not have are refused at
// their paths.
func TestDecodeRejectsContract(t *testing.T) {
	cases := []patchCase{
		{name: "contract as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract", 10.0) },
			want: `$.score.contract: expected an object, got the number 10`},
		{name: "trick as string", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.trick", "10") },
			want: `$.score.contract.trick: expected an integer, got the string "10"`},
		{name: "nil as boolean", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.nil", true) },
			want: `$.score.contract.nil: expected an integer, got a boolean`},
		{name: "unknown field", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.blind", 200.0) },
			want: `$.score.contract.blind: unknown field "blind"`},
	}
	runBaseCases(t, contractBases, cases, genome.Decode)
}

// TestValidateRejectsContract: every rule of validateContract gives its
// problem at the right JSON path: each field out of range, a penalty
// without bags and bags without a penalty, no trick phase, pile hands;
// and a game with chips scores no contract.
func TestValidateRejectsContract(t *testing.T) {
	cases := []patchCase{
		// The points per trick bid: 1..50.
		{name: "trick 0", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.trick", 0.0) },
			want: `$.score.contract.trick: must be between 1 and 50, got 0`},
		{name: "trick left out", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.contract.trick") },
			want: `$.score.contract.trick: must be between 1 and 50, got 0`},
		{name: "trick 51", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.trick", 51.0) },
			want: `$.score.contract.trick: must be between 1 and 50, got 51`},
		{name: "trick negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.trick", -10.0) },
			want: `$.score.contract.trick: must be between 1 and 50, got -10`},
		// The points per overtrick: 0..10.
		{name: "over 11", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.over", 11.0) },
			want: `$.score.contract.over: must be between 0 and 10, got 11`},
		{name: "over negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.over", -1.0) },
			want: `$.score.contract.over: must be between 0 and 10, got -1`},
		// The bags: 0..20.
		{name: "bags 21", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.bags", 21.0) },
			want: `$.score.contract.bags: must be between 0 (no penalty) and 20, got 21`},
		{name: "bags negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.bags", -1.0) },
			want: `$.score.contract.bags: must be between 0 (no penalty) and 20, got -1`},
		// The penalty: 0..250, and given exactly with bags.
		{name: "penalty 251", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.penalty", 251.0) },
			want: `$.score.contract.penalty: must be between 0 and 250, got 251`},
		{name: "penalty negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.penalty", -100.0) },
			want: `$.score.contract.penalty: must be between 0 and 250, got -100`},
		{name: "penalty without bags", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.contract.bags") },
			want: `$.score.contract.bags: a penalty of 100, but no count of bags to charge it at`},
		{name: "penalty with bags 0", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.bags", 0.0) },
			want: `$.score.contract.bags: a penalty of 100, but no count of bags to charge it at`},
		{name: "bags without penalty", patch: func(t *testing.T, m map[string]any) { del(t, m, "score.contract.penalty") },
			want: `$.score.contract.penalty: bags of 10 overtricks cost nothing: give a penalty or set bags to 0`},
		{name: "bags with penalty 0", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.contract.penalty", 0.0)
			set(t, m, "score.contract.bags", 5.0)
		}, want: `$.score.contract.penalty: bags of 5 overtricks cost nothing: give a penalty or set bags to 0`},
		// The nil bid: 0..250.
		{name: "nil 251", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.nil", 251.0) },
			want: `$.score.contract.nil: must be between 0 (no nil bids) and 250, got 251`},
		{name: "nil negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.contract.nil", -1.0) },
			want: `$.score.contract.nil: must be between 0 (no nil bids) and 250, got -1`},
		// Every field wrong at once: every problem, in the fields' order.
		{name: "every field out of range", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.contract", js(t, `{"trick": 0, "over": 11, "bags": 21, "penalty": 251, "nil": 251}`))
		}, want: "5 problems:\n" +
			"  $.score.contract.trick: must be between 1 and 50, got 0\n" +
			"  $.score.contract.over: must be between 0 and 10, got 11\n" +
			"  $.score.contract.bags: must be between 0 (no penalty) and 20, got 21\n" +
			"  $.score.contract.penalty: must be between 0 and 250, got 251\n" +
			"  $.score.contract.nil: must be between 0 (no nil bids) and 250, got 251"},
		// A trick phase to bid tricks in, and fan hands to bid on.
		{name: "no trick phase", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn", js(t, `[{"kind": "play", "legal": {"op": "true"}}]`))
		}, want: `$.score.contract: bids are tricks to win, but no phase is a trick`},
		{name: "a play phase", seed: "crazy-eights", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score", js(t, `{"contract": {"trick": 10}}`))
		}, want: `$.score.contract: bids are tricks to win, but no phase is a trick`},
		{name: "pile hands", seed: "war", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score", js(t, `{"contract": {"trick": 10}}`))
		}, want: "2 problems:\n" +
			"  $.score.contract: bids are tricks to win, but no phase is a trick\n" +
			"  $.score.contract: bids are made on a hand of cards, but the hand is not a fan"},
		// Chips are a game's only score.
		{name: "chips with a contract", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "score.chips", js(t, `{"stake": 20, "pass": 1}`))
			del(t, m, "match")
		}, want: `$.score.chips: a game with chips scores nothing else: its scores are the chips the seats hold`},
	}
	runBaseCases(t, contractBases, cases, genome.Parse)
}

// TestValidateAcceptsContract: what the rules allow: every field at both
// ends of its range, no overtrick points, no bags, no nil bids, no
// partnerships, a single deal, the contract the only score or beside
// others, a trick phase beside other phases.
func TestValidateAcceptsContract(t *testing.T) {
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
	}{
		{"as it is", func(g *genome.Genome) {}},
		{"the least", func(g *genome.Genome) { *g.Score.Contract = genome.Contract{Trick: 1} }},
		{"the most", func(g *genome.Genome) {
			*g.Score.Contract = genome.Contract{Trick: cardrules.MaxBidPoints, Over: cardrules.MaxOvertrick, Bags: cardrules.MaxBags,
				Penalty: cardrules.MaxBidBonus, Nil: cardrules.MaxBidBonus}
		}},
		{"bags of 1, a penalty of 1", func(g *genome.Genome) { g.Score.Contract.Bags, g.Score.Contract.Penalty = 1, 1 }},
		{"no partnerships", func(g *genome.Genome) { g.Teams = 0 }},
		{"one deal", func(g *genome.Genome) { g.Match = nil }},
		{"one deal ranked by cards", func(g *genome.Genome) { g.Match, g.End.Rank = nil, cardrules.RankCards }},
		{"tricks and cards scored too", func(g *genome.Genome) {
			g.Score.Trick = 1
			g.Score.Cards = []genome.CardPoints{{Match: genome.Match{Kind: cardrules.MatchSuit, Value: 2}, Points: 1}}
			g.Score.Moon = true
		}},
		{"a trick phase and a draw phase", func(g *genome.Genome) {
			g.Deal = genome.Deal{Cards: 5}
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
		}},
		{"two players", func(g *genome.Genome) {
			g.Teams, g.Seats = 0, genome.Seats{Min: 2, Max: 2, Default: 2}
		}},
	} {
		g := spadesGame(t)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", c.what, err)
		}
	}
}

// TestContractRoundTrip: the contract survives Encode and Parse, keeps
// its place in the canonical form (fields left out when 0), and a clone's
// contract is its own.
func TestContractRoundTrip(t *testing.T) {
	g := spadesGame(t)
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
	if !strings.Contains(string(c), `"contract":{"trick":10,"over":1,"bags":10,"penalty":100,"nil":100}`) {
		t.Errorf("the canonical form lacks the contract:\n%s", c)
	}
	h, err = genome.Parse(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(h.CanonicalJSON()) != string(c) || h.Hash() != g.Hash() || genome.Distance(g, h) != 0 {
		t.Errorf("the canonical form does not survive a round trip:\n%s\n%s", c, h.CanonicalJSON())
	}
	// The least contract: the fields at 0 are left out.
	g.Score.Contract = &genome.Contract{Trick: 5}
	var tree map[string]any
	if err := json.Unmarshal(g.CanonicalJSON(), &tree); err != nil {
		t.Fatal(err)
	}
	if k := tree["score"].(map[string]any)["contract"]; !reflect.DeepEqual(k, map[string]any{"trick": 5.0}) {
		t.Errorf("the least contract is written %v", k)
	}
	// A clone's contract is a copy.
	c2 := g.Clone()
	c2.Score.Contract.Nil = 50
	if g.Score.Contract.Nil != 0 || g.Hash() == c2.Hash() {
		t.Error("a clone shares its contract")
	}
	// With no contract, no field.
	g.Score = genome.Score{Trick: 1}
	if strings.Contains(string(g.CanonicalJSON()), "contract") {
		t.Errorf("a game without a contract writes one:\n%s", g.CanonicalJSON())
	}
}
