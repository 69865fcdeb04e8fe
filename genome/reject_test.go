package genome_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// seedJSON returns the seed game file as a generic JSON tree.
func seedJSON(t *testing.T, name string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("seeds", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// at walks a dotted path ("turn.0.legal") in a JSON tree and returns the
// container holding its last element and that element's key.
func at(t *testing.T, root any, path string) (container any, key string) {
	t.Helper()
	parts := strings.Split(path, ".")
	cur := root
	for _, p := range parts[:len(parts)-1] {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[p]
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i >= len(c) {
				t.Fatalf("bad path %s at %s", path, p)
			}
			cur = c[i]
		default:
			t.Fatalf("bad path %s at %s", path, p)
		}
	}
	return cur, parts[len(parts)-1]
}

func set(t *testing.T, root any, path string, v any) {
	t.Helper()
	c, k := at(t, root, path)
	switch c := c.(type) {
	case map[string]any:
		c[k] = v
	case []any:
		i, _ := strconv.Atoi(k)
		c[i] = v
	default:
		t.Fatalf("bad path %s", path)
	}
}

func del(t *testing.T, root any, path string) {
	t.Helper()
	c, k := at(t, root, path)
	delete(c.(map[string]any), k)
}

// js parses a JSON literal for use as a patch value.
func js(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad JSON literal %s: %v", s, err)
	}
	return v
}

func encodeTree(t *testing.T, m any) []byte {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type patchCase struct {
	name  string
	seed  string // default crazy-eights
	patch func(t *testing.T, m map[string]any)
	want  string
}

func runPatchCases(t *testing.T, cases []patchCase, parse func([]byte) (*genome.Genome, error)) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			seed := tc.seed
			if seed == "" {
				seed = "crazy-eights"
			}
			m := seedJSON(t, seed)
			tc.patch(t, m)
			data := encodeTree(t, m)
			g, err := parse(data)
			if err == nil {
				t.Fatalf("accepted:\n%s", data)
			}
			if g != nil {
				t.Error("returned a genome with an error")
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("error\n got: %s\nwant: %s\ninput: %s", got, tc.want, data)
			}
			var ps genome.Problems
			if !errors.As(err, &ps) || len(ps) == 0 {
				t.Errorf("error is %T, want non-empty genome.Problems", err)
			}
			for _, p := range ps {
				if !strings.HasPrefix(p.Path, "$") {
					t.Errorf("problem path %q does not start with $", p.Path)
				}
			}
		})
	}
}

func TestDecodeRejectsSyntax(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", ``, `$: empty input: expected a JSON object`},
		{"space only", "  \n", `$: empty input: expected a JSON object`},
		{"truncated", `{"schema": 1,`, `$: invalid JSON: unexpected EOF`},
		{"bad token", "{\n  \"schema\": 1,\n  x}", `$: invalid JSON at line 3, column 3: invalid character 'x' looking for beginning of object key string`},
		{"trailing data", `{"schema": 1} {}`, `$: unexpected data after the genome at line 1, column 15`},
		{"stray closing brace", `{"schema": 1}}`, `$: unexpected data after the genome at line 1, column 14`},
		{"not an object", `[1, 2]`, `$: expected an object, got an array`},
		{"string", `"war"`, `$: expected an object, got the string "war"`},
		{"null", `null`, `$: expected an object, got null`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := genome.Decode([]byte(tc.in))
			if err == nil || g != nil {
				t.Fatalf("Decode(%q) = %v, %v; want an error", tc.in, g, err)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tc.want)
			}
		})
	}
}

func TestDecodeRejects(t *testing.T) {
	cases := []patchCase{
		{name: "unknown field", patch: func(t *testing.T, m map[string]any) { m["colour"] = "red" },
			want: `$.colour: unknown field "colour"`},
		{name: "unknown nested field", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.draw_maximum", 3.0) },
			want: `$.turn[0].draw_maximum: unknown field "draw_maximum"`},
		{name: "unknown field in expression", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.args.1.middle", "x") },
			want: `$.turn[0].legal.args[1].middle: unknown field "middle"`},
		{name: "integer as string", patch: func(t *testing.T, m map[string]any) { m["turn_cap"] = "400" },
			want: `$.turn_cap: expected an integer, got the string "400"`},
		{name: "fractional integer", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.draw_max", 2.5) },
			want: `$.turn[0].draw_max: expected an integer, got 2.5`},
		{name: "integer too large", patch: func(t *testing.T, m map[string]any) { m["turn_cap"] = js(t, "99999999999") },
			want: `$.turn_cap: expected an integer, got 99999999999`},
		{name: "boolean as number", patch: func(t *testing.T, m map[string]any) { m["reshuffle"] = 1.0 },
			want: `$.reshuffle: expected true or false, got the number 1`},
		{name: "object as array", patch: func(t *testing.T, m map[string]any) { m["seats"] = js(t, "[2, 5, 2]") },
			want: `$.seats: expected an object, got an array`},
		{name: "array as object", patch: func(t *testing.T, m map[string]any) { m["turn"] = js(t, `{"kind": "play"}`) },
			want: `$.turn: expected an array, got an object`},
		{name: "string as boolean", patch: func(t *testing.T, m map[string]any) { set(t, m, "deal.starter", "yes") },
			want: `$.deal.starter: expected true or false, got the string "yes"`},
		{name: "name as number", patch: func(t *testing.T, m map[string]any) { m["name"] = 8.0 },
			want: `$.name: expected a string, got the number 8`},
		{name: "enum as number", patch: func(t *testing.T, m map[string]any) { m["hand"] = 0.0 },
			want: `$.hand: expected a string, got the number 0`},
		{name: "bad hand kind", patch: func(t *testing.T, m map[string]any) { m["hand"] = "stack" },
			want: `$.hand: unknown hand kind "stack" (want one of ` + names(cardrules.NumHandKinds) + `)`},
		{name: "bad phase kind", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.kind", "shuffle") },
			want: `$.turn[0].kind: unknown phase kind "shuffle" (want one of ` + names(cardrules.NumPhaseKinds) + `)`},
		{name: "bad operator", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.op", "xor") },
			want: `$.turn[0].legal.op: unknown operator "xor" (want one of ` + names(genome.NumOps) + `)`},
		{name: "bad term", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.args.0.left", "card.colour") },
			want: `$.turn[0].legal.args[0].left: unknown term "card.colour" (want card.rank, card.suit, top.rank, top.suit, a rank or a suit)`},
		{name: "bad rank", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.name_suit.0", "1") },
			want: `$.turn[0].name_suit[0]: unknown rank "1" (want one of 2..10, J, Q, K, A, Joker)`},
		{name: "bad suit", patch: func(t *testing.T, m map[string]any) { set(t, m, "deck.suits", js(t, `["hearts", "stars"]`)) },
			want: `$.deck.suits[1]: unknown suit "stars" (want clubs, diamonds, hearts or spades)`},
		{name: "bad card", patch: func(t *testing.T, m map[string]any) { set(t, m, "deck.remove", js(t, `["QS", "1H"]`)) },
			want: `$.deck.remove[1]: unknown card "1H" (want rank then suit letter, like QS or 10H)`},
		{name: "bad effect type", seed: "uno-style", patch: func(t *testing.T, m map[string]any) { set(t, m, "effects.3.type", "swap_hands") },
			want: `$.effects[3].type: unknown effect type "swap_hands" (want one of ` + names(cardrules.NumEffectTypes) + `)`},
		{name: "bad target", seed: "uno-style", patch: func(t *testing.T, m map[string]any) { set(t, m, "effects.0.target", "left") },
			want: `$.effects[0].target: unknown target "left" (want one of ` + names(cardrules.NumTargets, 1) + `)`},
		{name: "empty target", seed: "uno-style", patch: func(t *testing.T, m map[string]any) { set(t, m, "effects.0.target", "") },
			want: `$.effects[0].target: unknown target "" (want one of ` + names(cardrules.NumTargets, 1) + `)`},
		{name: "bad returns", seed: "war", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.returns", "sorted") },
			want: `$.turn[0].returns: unknown returns "sorted" (want one of ` + names(cardrules.NumReturns) + `)`},
		{name: "bad event", patch: func(t *testing.T, m map[string]any) { set(t, m, "end.conditions.0.when", "deck_empty") },
			want: `$.end.conditions[0].when: unknown event "deck_empty" (want one of ` + names(cardrules.NumEvents) + `)`},
		{name: "bad result", patch: func(t *testing.T, m map[string]any) { set(t, m, "end.conditions.0.result", "draw") },
			want: `$.end.conditions[0].result: unknown result "draw" (want one of ` + names(cardrules.NumResults) + `)`},
		{name: "bad until", patch: func(t *testing.T, m map[string]any) { set(t, m, "end.until", "last_out") },
			want: `$.end.until: unknown until "last_out" (want one of ` + names(cardrules.NumUntils) + `)`},
		{name: "bad trump", seed: "whist", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.trump", "jokers") },
			want: `$.turn[0].trump: unknown trump "jokers" (want one of ` + names(cardrules.NumTrumps) + `)`},
		{name: "bad ranking", seed: "whist", patch: func(t *testing.T, m map[string]any) { set(t, m, "end.rank", "score") },
			want: `$.end.rank: unknown rank_by "score" (want one of ` + names(cardrules.NumRankBys) + `)`},
		{name: "bad match", seed: "hearts", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.cards.0.match", "Z") },
			want: `$.score.cards[0].match: unknown match "Z" (want a rank like Q, a suit like hearts, or a card like QS)`},
		{name: "bad lead card", seed: "hearts", patch: func(t *testing.T, m map[string]any) { m["lead_card"] = "2X" },
			want: `$.lead_card: unknown card "2X" (want rank then suit letter, like QS or 10H)`},
		{name: "played suit as number", seed: "hearts", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.lead_prefer.args.1.suit", 2.0) },
			want: `$.turn[0].lead_prefer.args[1].suit: expected a string, got the number 2`},
		{name: "score as array", seed: "hearts", patch: func(t *testing.T, m map[string]any) { m["score"] = js(t, `[]`) },
			want: `$.score: expected an object, got an array`},
		{name: "schema version 2", patch: func(t *testing.T, m map[string]any) { m["schema"] = 2.0 },
			want: `$.schema: schema version 2 is newer than this build reads (version 1): use a newer darwinsim`},
		{name: "schema version 0", patch: func(t *testing.T, m map[string]any) { m["schema"] = 0.0 },
			want: `$.schema: schema version 0 is not supported (this build reads version 1)`},
		{name: "schema version negative", patch: func(t *testing.T, m map[string]any) { m["schema"] = -1.0 },
			want: `$.schema: schema version -1 is not supported (this build reads version 1)`},
		{name: "schema version fraction", patch: func(t *testing.T, m map[string]any) { m["schema"] = 1.5 },
			want: `$.schema: expected an integer, got 1.5`},
		{name: "schema version string", patch: func(t *testing.T, m map[string]any) { m["schema"] = "1" },
			want: `$.schema: expected an integer, got the string "1"`},
		{name: "newer schema hides the rest", patch: func(t *testing.T, m map[string]any) {
			// Fields of a newer version may be unknown here: only the
			// version is reported.
			m["schema"] = 7.0
			m["hand"] = "stack"
			m["zebra"] = true
		}, want: `$.schema: schema version 7 is newer than this build reads (version 1): use a newer darwinsim`},
		{name: "schema missing", patch: func(t *testing.T, m map[string]any) { del(t, m, "schema") },
			want: `$.schema: missing: a genome names the schema version it is written in (this build reads version 1)`},
		{name: "every problem reported in key order", patch: func(t *testing.T, m map[string]any) {
			m["turn_cap"] = "many"
			m["hand"] = "stack"
			set(t, m, "turn.0.legal.args.2.right", "Z")
			m["zebra"] = true
			m["schema"] = 0.0 // not reported: only checked once the rest decodes
		}, want: `4 problems:
  $.hand: unknown hand kind "stack" (want one of ` + names(cardrules.NumHandKinds) + `)
  $.turn[0].legal.args[2].right: unknown term "Z" (want card.rank, card.suit, top.rank, top.suit, a rank or a suit)
  $.turn_cap: expected an integer, got the string "many"
  $.zebra: unknown field "zebra"`},
	}
	runPatchCases(t, cases, genome.Decode)
}

func TestValidateRejects(t *testing.T) {
	cases := []patchCase{
		// Seats.
		{name: "seats min 1", patch: func(t *testing.T, m map[string]any) { set(t, m, "seats.min", 1.0) },
			want: `$.seats.min: must be between 2 and 8, got 1`},
		{name: "seats max 9", patch: func(t *testing.T, m map[string]any) { set(t, m, "seats.max", 9.0) },
			want: `$.seats.max: must be between min (2) and 8, got 9`},
		{name: "seats default above max", patch: func(t *testing.T, m map[string]any) { set(t, m, "seats.default", 6.0) },
			want: `$.seats.default: must be between min (2) and max (5), got 6`},
		// Deck.
		{name: "removed card not in deck", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck", js(t, `{"suits": ["hearts", "spades"], "remove": ["QS", "QC"]}`))
			set(t, m, "seats.max", 4.0) // 25 cards: 4 x 5 + 1 fits
		}, want: `$.deck.remove[1]: card QC is not in the deck`},
		{name: "deck too small", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck", js(t, `{"ranks": ["8"], "suits": ["hearts"]}`))
			set(t, m, "deal", js(t, `{"all": true}`))
			del(t, m, "turn.0.name_suit")
		}, want: `2 problems:
  $.deck: the deck has 1 cards; a game needs at least 2
  $.turn[0].legal: no card of the deck ever satisfies it`},
		// Deal.
		{name: "deal too large", patch: func(t *testing.T, m map[string]any) { set(t, m, "deal.cards", 11.0) },
			want: `$.deal: with 5 seats the deal needs 56 cards but the deck has 52`},
		{name: "deal too large at two counts", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.ranks", js(t, `["8", "9", "10", "J"]`))
		}, want: `2 problems:
  $.deal: with 4 seats the deal needs 21 cards but the deck has 16
  $.deal: with 5 seats the deal needs 26 cards but the deck has 16`},
		{name: "deal zero cards", patch: func(t *testing.T, m map[string]any) { set(t, m, "deal.cards", 0.0) },
			want: `$.deal.cards: must be at least 1 (or set all), got 0`},
		{name: "deal all with cards", patch: func(t *testing.T, m map[string]any) { set(t, m, "deal.all", true) },
			want: `2 problems:
  $.deal: all deals the whole deck, so cards and overrides must be absent
  $.deal.starter: a starter card needs a stock, but all deals the whole deck`},
		{name: "override seat count not allowed", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deal.overrides", js(t, `[{"seats": 6, "cards": 3}]`))
		}, want: `$.deal.overrides[0].seats: must be a seat count the game allows (2..5), got 6`},
		{name: "override twice", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deal.overrides", js(t, `[{"seats": 2, "cards": 7}, {"seats": 2, "cards": 6}]`))
		}, want: `$.deal.overrides[1].seats: seat count 2 has another override before this one`},
		{name: "override zero cards", patch: func(t *testing.T, m map[string]any) { set(t, m, "deal.overrides.0.cards", 0.0) },
			want: `$.deal.overrides[0].cards: must be at least 1, got 0`},
		// Turn.
		{name: "no phases", patch: func(t *testing.T, m map[string]any) { m["turn"] = js(t, `[]`) },
			want: `$.turn: must have 1 to 8 phases (0 only for a game of betting with a showdown or against a dealer), got 0`},
		{name: "nine phases", patch: func(t *testing.T, m map[string]any) {
			var ps []any
			for range 9 {
				ps = append(ps, js(t, `{"kind": "play", "legal": {"op": "true"}}`))
			}
			m["turn"] = ps
		}, want: `$.turn: must have 1 to 8 phases (0 only for a game of betting with a showdown or against a dealer), got 9`},
		{name: "only draw phases", patch: func(t *testing.T, m map[string]any) { m["turn"] = js(t, `[{"kind": "draw", "count": 1}]`) },
			want: `$.turn: no phase plays a card, so the game can never progress`},
		{name: "battle with a fan hand", patch: func(t *testing.T, m map[string]any) { m["turn"] = js(t, `[{"kind": "battle"}]`) },
			want: `$.turn[0].kind: a battle phase needs a pile hand (the top card is turned up), but the hand is fan`},
		{name: "play with a pile hand", seed: "war", patch: func(t *testing.T, m map[string]any) {
			m["turn"] = js(t, `[{"kind": "play", "legal": {"op": "true"}}]`)
		}, want: `$.turn[0].kind: a play phase needs a fan hand (the player chooses a card), but the hand is pile`},
		{name: "play without legal", patch: func(t *testing.T, m map[string]any) { del(t, m, "turn.0.legal") },
			want: `$.turn[0].legal: a play phase needs a legal predicate`},
		{name: "play with count", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.count", 2.0) },
			want: `$.turn[0].count: a play phase takes no count`},
		{name: "play with battle fields", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.war_face_down", 3.0)
			set(t, m, "turn.0.returns", "in_order")
		}, want: `2 problems:
  $.turn[0].war_face_down: a play phase takes no war_face_down
  $.turn[0].returns: a play phase takes no returns`},
		{name: "battle with play fields", seed: "war", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.legal", js(t, `{"op": "true"}`))
			set(t, m, "turn.0.name_suit", js(t, `["8"]`))
			set(t, m, "turn.0.draw_max", 1.0)
			set(t, m, "turn.0.count", 1.0)
		}, want: `4 problems:
  $.turn[0].legal: a battle phase takes no legal
  $.turn[0].name_suit: a battle phase takes no name_suit
  $.turn[0].draw_max: a battle phase takes no draw_max
  $.turn[0].count: a battle phase takes no count`},
		{name: "draw_max too large", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.draw_max", 53.0) },
			want: `$.turn[0].draw_max: must be between 0 and 52, got 53`},
		{name: "draw_max negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.draw_max", -1.0) },
			want: `$.turn[0].draw_max: must be between 0 and 52, got -1`},
		{name: "war_face_down too large", seed: "war", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.war_face_down", 6.0) },
			want: `$.turn[0].war_face_down: must be between 0 and 5, got 6`},
		{name: "draw count zero", patch: func(t *testing.T, m map[string]any) {
			m["turn"] = append(m["turn"].([]any), js(t, `{"kind": "draw", "count": 0}`))
		}, want: `$.turn[1].count: must be between 1 and 13, got 0`},
		{name: "draw count too large", patch: func(t *testing.T, m map[string]any) {
			m["turn"] = append(m["turn"].([]any), js(t, `{"kind": "draw", "count": 14}`))
		}, want: `$.turn[1].count: must be between 1 and 13, got 14`},
		{name: "draw phase with play fields", patch: func(t *testing.T, m map[string]any) {
			m["turn"] = append(m["turn"].([]any), js(t, `{"kind": "draw", "count": 1, "draw_max": 2, "returns": "in_order"}`))
		}, want: `2 problems:
  $.turn[1].draw_max: a draw phase takes no draw_max
  $.turn[1].returns: a draw phase takes no returns`},
		{name: "draw phase without stock", seed: "war", patch: func(t *testing.T, m map[string]any) {
			m["turn"] = append(m["turn"].([]any), js(t, `{"kind": "draw", "count": 1}`))
		}, want: `$.turn[1].count: the deal leaves no stock and nothing is reshuffled into it, so the phase can never draw`},
		{name: "draw phase without stock, deal uses the deck", patch: func(t *testing.T, m map[string]any) {
			// 2 seats x 7 + 1 starter = 15 cards: a 15-card deck leaves no stock.
			set(t, m, "deck.ranks", js(t, `["8", "9", "10", "J"]`))
			set(t, m, "deck.remove", js(t, `["8C"]`))
			set(t, m, "seats.max", 2.0)
			m["reshuffle"] = false
			m["turn"] = append(m["turn"].([]any), js(t, `{"kind": "draw", "count": 1}`))
		}, want: `$.turn[1].count: the deal leaves no stock and nothing is reshuffled into it, so the phase can never draw`},
		// Legality predicates.
		{name: "ill-typed comparison", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.args.0.right", "top.rank") },
			want: `$.turn[0].legal.args[0]: compares card.suit with top.rank: a rank can only be compared with a rank, a suit with a suit`},
		{name: "rank compared with suit constant", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.args.2.right", "hearts") },
			want: `$.turn[0].legal.args[2]: compares card.rank with hearts: a rank can only be compared with a rank, a suit with a suit`},
		{name: "suits ordered", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.args.0.op", "lt") },
			want: `$.turn[0].legal.args[0]: lt orders ranks only; suits can be compared with eq or ne`},
		{name: "two constants", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.args.2.left", "9") },
			want: `$.turn[0].legal.args[2]: compares two constants, which is always true or always false`},
		{name: "comparison without right", patch: func(t *testing.T, m map[string]any) { del(t, m, "turn.0.legal.args.1.right") },
			want: `$.turn[0].legal.args[1]: eq needs both left and right terms`},
		{name: "comparison with args", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.legal.args.1.args", js(t, `[{"op": "true"}]`))
		}, want: `$.turn[0].legal.args[1].args: eq compares left and right and takes no args`},
		{name: "any with one arg", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.legal.args", js(t, `[{"op": "true"}]`))
		}, want: `$.turn[0].legal.args: any takes at least 2 arguments, got 1`},
		{name: "not with two args", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.legal", js(t, `{"op": "not", "args": [{"op": "false"}, {"op": "false"}]}`))
		}, want: `$.turn[0].legal.args: not takes exactly 1 argument, got 2`},
		{name: "all with terms", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.legal", js(t, `{"op": "all", "left": "card.rank", "args": [{"op": "true"}, {"op": "true"}]}`))
		}, want: `$.turn[0].legal: all takes args, not left/right terms`},
		{name: "true with args", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.legal", js(t, `{"op": "true", "args": [{"op": "true"}]}`))
		}, want: `$.turn[0].legal: true takes no arguments or terms`},
		{name: "unsatisfiable", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.legal", js(t, `{"op": "all", "args": [
				{"op": "eq", "left": "card.rank", "right": "8"},
				{"op": "eq", "left": "card.rank", "right": "9"}]}`))
		}, want: `$.turn[0].legal: no card of the deck ever satisfies it`},
		{name: "unsatisfiable on a restricted deck", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.suits", js(t, `["clubs", "diamonds"]`))
			set(t, m, "turn.0.legal", js(t, `{"op": "eq", "left": "card.suit", "right": "spades"}`))
		}, want: `$.turn[0].legal: no card of the deck ever satisfies it`},
		{name: "too deep", patch: func(t *testing.T, m map[string]any) {
			e := `{"op": "eq", "left": "card.suit", "right": "top.suit"}`
			for range 6 {
				e = `{"op": "not", "args": [` + e + `]}`
			}
			set(t, m, "turn.0.legal", js(t, e))
		}, want: `$.turn[0].legal.args[0].args[0].args[0].args[0].args[0].args[0]: nested deeper than 6 levels`},
		{name: "too many nodes", patch: func(t *testing.T, m map[string]any) {
			var args []string
			for range 48 {
				args = append(args, `{"op": "eq", "left": "card.suit", "right": "top.suit"}`)
			}
			set(t, m, "turn.0.legal", js(t, `{"op": "any", "args": [`+strings.Join(args, ",")+`]}`))
		}, want: `$.turn[0].legal: has 49 nodes, at most 48 allowed`},
		{name: "name_suit rank not in deck", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.remove", js(t, `["AC", "AD", "AH", "AS"]`))
			set(t, m, "turn.0.name_suit", js(t, `["8", "A"]`))
		}, want: `$.turn[0].name_suit[1]: no card of rank A is in the deck`},
		{name: "name_suit twice", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.name_suit", js(t, `["8", "J", "8"]`)) },
			want: `$.turn[0].name_suit[2]: rank 8 is listed twice`},
		// Effects.
		{name: "effect target when the type takes none", seed: "uno-style", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "effects.3.target", "next")
		}, want: `$.effects[3].target: reverse takes no target`},
		{name: "effect without a target", seed: "uno-style", patch: func(t *testing.T, m map[string]any) { del(t, m, "effects.0.target") },
			want: `$.effects[0].target: draw_cards needs a target (next, previous, all_opponents, random_opponent, chosen_opponent or self)`},
		{name: "effect value when the type takes none", seed: "uno-style", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "effects.4.value", 2.0)
		}, want: `$.effects[4].value: extra_turn takes no value`},
		{name: "effect value too large", seed: "uno-style", patch: func(t *testing.T, m map[string]any) { set(t, m, "effects.0.value", 14.0) },
			want: `$.effects[0].value: draw_cards needs a value from 1 to 13, got 14`},
		{name: "effect value missing", seed: "uno-style", patch: func(t *testing.T, m map[string]any) { del(t, m, "effects.2.value") },
			want: `$.effects[2].value: skip_next needs a value from 1 to 13, got 0`},
		{name: "effect value negative", seed: "uno-style", patch: func(t *testing.T, m map[string]any) { set(t, m, "effects.5.value", -3.0) },
			want: `$.effects[5].value: force_discard needs a value from 1 to 13, got -3`},
		{name: "effect rank not in deck", seed: "uno-style", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.ranks", js(t, `["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "K", "A"]`))
		}, want: `$.effects[3].rank: no card of rank Q is in the deck, so the effect can never trigger`},
		{name: "too many effects", seed: "uno-style", patch: func(t *testing.T, m map[string]any) {
			var es []any
			for range 256 {
				es = append(es, js(t, `{"rank": "Q", "type": "reverse"}`))
			}
			m["effects"] = es
		}, want: `$.effects: at most 255 effects, got 256`},
		// End and cap.
		{name: "no end condition", patch: func(t *testing.T, m map[string]any) { set(t, m, "end.conditions", js(t, `[]`)) },
			want: `$.end.conditions: until first_out needs a condition that puts seats out (or a meld phase where seats knock)`},
		{name: "no end condition, one left", seed: "war", patch: func(t *testing.T, m map[string]any) { del(t, m, "end.conditions") },
			want: `$.end.conditions: until one_left needs a condition that puts seats out (or a meld phase where seats knock)`},
		{name: "too many end conditions", patch: func(t *testing.T, m map[string]any) {
			c := `{"when": "hand_empty", "result": "win"}`
			set(t, m, "end.conditions", js(t, "["+strings.Repeat(c+",", 4)+c+"]"))
		}, want: `5 problems:
  $.end.conditions: at most 4 conditions, got 5
  $.end.conditions[1].when: event hand_empty already has a condition
  $.end.conditions[2].when: event hand_empty already has a condition
  $.end.conditions[3].when: event hand_empty already has a condition
  $.end.conditions[4].when: event hand_empty already has a condition`},
		{name: "ranking by score without scoring", patch: func(t *testing.T, m map[string]any) { set(t, m, "end.rank", "score_low") },
			want: `$.end.rank: ranks by score, but the game scores nothing`},
		// Sets, lead card, partnerships, scoring.
		{name: "set size 1", seed: "go-fish", patch: func(t *testing.T, m map[string]any) { m["meld"] = 1.0 },
			want: `$.meld: must be 0 (no sets) or a set size from 2 to 4, got 1`},
		{name: "set size 5", seed: "go-fish", patch: func(t *testing.T, m map[string]any) { m["meld"] = 5.0 },
			want: `$.meld: must be 0 (no sets) or a set size from 2 to 4, got 5`},
		{name: "lead card removed", seed: "hearts", patch: func(t *testing.T, m map[string]any) { set(t, m, "deck.remove", js(t, `["2C"]`)) },
			want: `$.lead_card: card 2C is not in the deck`},
		{name: "lead card outside the suits", seed: "hearts", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.suits", js(t, `["hearts", "spades"]`))
		}, want: `$.lead_card: card 2C is not in the deck`},
		{name: "teams of 3", seed: "whist", patch: func(t *testing.T, m map[string]any) { m["teams"] = 3.0 },
			want: `$.teams: must be 0 (no partnerships) or 2, got 3`},
		{name: "teams with a seat range", seed: "whist", patch: func(t *testing.T, m map[string]any) { set(t, m, "seats.min", 2.0) },
			want: `$.teams: partnerships need a fixed, even seat count (min = max), got 2..4`},
		{name: "teams with an odd seat count", seed: "whist", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "seats", js(t, `{"min": 3, "max": 3, "default": 3}`))
		}, want: `$.teams: partnerships need a fixed, even seat count (min = max), got 3..3`},
		{name: "points per trick too large", seed: "whist", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.trick", 14.0) },
			want: `$.score.trick: must be between 0 and 13, got 14`},
		{name: "points per trick without tricks", patch: func(t *testing.T, m map[string]any) { m["score"] = js(t, `{"trick": 1}`) },
			want: `$.score: scores tricks, but no phase plays tricks`},
		{name: "card points without tricks", patch: func(t *testing.T, m map[string]any) {
			m["score"] = js(t, `{"cards": [{"match": "hearts", "points": 1}]}`)
		}, want: `$.score: scores the cards won, but no phase wins any (tricks or captures)`},
		{name: "sweeps without captures", patch: func(t *testing.T, m map[string]any) { m["score"] = js(t, `{"sweep": 1}`) },
			want: `$.score.sweep: scores sweeps, but no phase captures`},
		{name: "a layout without captures", patch: func(t *testing.T, m map[string]any) { set(t, m, "deal.layout", 4.0) },
			want: `$.deal.layout: no capture phase could ever take the layout's cards`},
		{name: "points per set negative", seed: "go-fish", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.meld", -1.0) },
			want: `$.score.meld: must be between 0 and 13, got -1`},
		{name: "points per set without sets", seed: "go-fish", patch: func(t *testing.T, m map[string]any) { del(t, m, "meld") },
			want: `$.score.meld: scores sets laid down, but the game lays none (meld is 0)`},
		{name: "too many card rules", seed: "hearts", patch: func(t *testing.T, m map[string]any) {
			r := `{"match": "hearts", "points": 1}`
			set(t, m, "score.cards", js(t, "["+strings.Repeat(r+",", 8)+r+"]"))
		}, want: `$.score.cards: at most 8 rules, got 9`},
		{name: "card rule of no points", seed: "hearts", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.cards.0.points", 0.0) },
			want: `$.score.cards[0].points: must be between 1 and 26, got 0`},
		{name: "card rule of too many points", seed: "hearts", patch: func(t *testing.T, m map[string]any) { set(t, m, "score.cards.1.points", 27.0) },
			want: `$.score.cards[1].points: must be between 1 and 26, got 27`},
		{name: "card rule matching no card", seed: "hearts", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.remove", js(t, `["QS"]`))
		}, want: `$.score.cards[1].match: no card of the deck is QS`},
		{name: "card rule for a missing suit", seed: "hearts", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.suits", js(t, `["clubs", "spades"]`))
		}, want: `$.score.cards[0].match: no card of the deck is hearts`},
		// Tricks, takes, asks and played.
		{name: "trick with a pile hand", seed: "whist", patch: func(t *testing.T, m map[string]any) { m["hand"] = "pile" },
			want: `$.turn[0].kind: a trick phase needs a fan hand (each player chooses a card), but the hand is pile`},
		{name: "trick without lead", seed: "whist", patch: func(t *testing.T, m map[string]any) { del(t, m, "turn.0.lead") },
			want: `$.turn[0].lead: a trick phase needs a lead predicate`},
		{name: "trick without legal", seed: "whist", patch: func(t *testing.T, m map[string]any) { del(t, m, "turn.0.legal") },
			want: `$.turn[0].legal: a trick phase needs a legal predicate`},
		{name: "trick with play fields", seed: "whist", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.draw_max", 2.0)
			set(t, m, "turn.0.name_suit", js(t, `["8"]`))
			set(t, m, "turn.0.from", "next")
		}, want: `3 problems:
  $.turn[0].name_suit: a trick phase takes no name_suit
  $.turn[0].draw_max: a trick phase takes no draw_max
  $.turn[0].from: a trick phase takes no from`},
		{name: "unsatisfiable preference", seed: "whist", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.prefer", js(t, `{"op": "ne", "left": "card.rank", "right": "card.rank"}`))
		}, want: `$.turn[0].prefer: no card of the deck ever satisfies it`},
		{name: "ill-typed lead preference", seed: "hearts", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.lead_prefer.args.0.right", "Q")
		}, want: `$.turn[0].lead_prefer.args[0]: compares card.suit with Q: a rank can only be compared with a rank, a suit with a suit`},
		{name: "played without a suit", seed: "hearts", patch: func(t *testing.T, m map[string]any) { del(t, m, "turn.0.lead_prefer.args.1.suit") },
			want: `$.turn[0].lead_prefer.args[1].suit: played needs a suit`},
		{name: "played with terms", seed: "hearts", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.lead_prefer.args.1.left", "card.suit")
		}, want: `$.turn[0].lead_prefer.args[1]: played takes only a suit`},
		{name: "comparison with a suit", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.args.0.suit", "hearts") },
			want: `$.turn[0].legal.args[0].suit: eq compares left and right and takes no suit`},
		{name: "any with a suit", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal.suit", "hearts") },
			want: `$.turn[0].legal: any takes args, not left/right terms`},
		{name: "play preference on a battle", seed: "war", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.prefer", js(t, `{"op": "true"}`))
		}, want: `$.turn[0].prefer: a battle phase takes no prefer`},
		{name: "take from self", seed: "old-maid", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.from", "self") },
			want: `$.turn[0].from: must be next, previous or random_opponent, got self`},
		{name: "take from nobody", seed: "old-maid", patch: func(t *testing.T, m map[string]any) { del(t, m, "turn.0.from") },
			want: `$.turn[0].from: a take phase needs from: next, previous or random_opponent`},
		{name: "take with a pile hand", seed: "old-maid", patch: func(t *testing.T, m map[string]any) { m["hand"] = "pile" },
			want: "2 problems:\n  $.turn[0].kind: a take phase needs a fan hand (the cards are taken from a hand), but the hand is pile\n  $.meld: laying down sets needs a fan hand (a player sees its cards), but the hand is pile"},
		{name: "lead card with a pile hand", seed: "hearts", patch: func(t *testing.T, m map[string]any) {
			m["hand"] = "pile"
			m["turn"] = []any{map[string]any{"kind": "battle"}}
			m["score"] = map[string]any{}
			m["end"] = map[string]any{"conditions": []any{map[string]any{"when": "hand_empty", "result": "lose"}}, "until": "one_left"}
		},
			want: `$.lead_card: a lead card needs a fan hand (its holder must find it), but the hand is pile`},
		{name: "ask with a count", seed: "go-fish", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.count", 1.0) },
			want: `$.turn[0].count: an ask phase takes no count`},
		{name: "end event twice", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "end.conditions", js(t, `[{"when": "hand_empty", "result": "win"}, {"when": "hand_empty", "result": "lose"}]`))
		}, want: `$.end.conditions[1].when: event hand_empty already has a condition`},
		{name: "turn cap zero", patch: func(t *testing.T, m map[string]any) { m["turn_cap"] = 0.0 },
			want: `$.turn_cap: must be between 1 and 50000, got 0`},
		{name: "turn cap missing", patch: func(t *testing.T, m map[string]any) { del(t, m, "turn_cap") },
			want: `$.turn_cap: must be between 1 and 50000, got 0`},
		{name: "turn cap too large", patch: func(t *testing.T, m map[string]any) { m["turn_cap"] = 50001.0 },
			want: `$.turn_cap: must be between 1 and 50000, got 50001`},
		{name: "every problem in document order", seed: "uno-style", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "seats.min", 0.0)
			set(t, m, "turn.0.draw_max", 99.0)
			set(t, m, "effects.1.value", 0.0)
			m["turn_cap"] = 60000.0
		}, want: `4 problems:
  $.seats.min: must be between 2 and 8, got 0
  $.turn[0].draw_max: must be between 0 and 52, got 99
  $.effects[1].value: skip_next needs a value from 1 to 13, got 0
  $.turn_cap: must be between 1 and 50000, got 60000`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestValidateRejectsGoValues covers problems that JSON cannot express
// (out-of-range enum values set from Go).
func TestValidateRejectsGoValues(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(g *genome.Genome)
		want   string
	}{
		{"schema", func(g *genome.Genome) { g.Schema = 3 }, `$.schema: schema version 3 is newer than this build reads (version 1): use a newer darwinsim`},
		{"schema 0", func(g *genome.Genome) { g.Schema = 0 }, `$.schema: schema version 0 is not supported (this build reads version 1)`},
		{"hand kind", func(g *genome.Genome) { g.Hand = 7 }, "2 problems:\n  $.hand: unknown hand kind 7\n  $.turn[0].kind: a play phase needs a fan hand (the player chooses a card), but the hand is HandKind(7)"},
		{"phase kind", func(g *genome.Genome) { g.Turn[0].Kind = cardrules.NumPhaseKinds }, fmt.Sprintf(`$.turn[0].kind: unknown phase kind %d`, cardrules.NumPhaseKinds)},
		{"effect type", func(g *genome.Genome) { g.Effects[0].Type = cardrules.NumEffectTypes }, fmt.Sprintf(`$.effects[0].type: unknown effect type %d`, cardrules.NumEffectTypes)},
		{"effect target", func(g *genome.Genome) { g.Effects[0].Target = cardrules.NumTargets }, `$.effects[0].target: draw_cards needs a target (next, previous, all_opponents, random_opponent, chosen_opponent or self)`},
		{"effect rank", func(g *genome.Genome) { g.Effects[0].Rank = 14 }, `$.effects[0].rank: rank 14 out of range`},
		{"joker effect without jokers", func(g *genome.Genome) { g.Effects[0].Rank = cardrules.Joker },
			`$.effects[0].rank: no card of rank Joker is in the deck, so the effect can never trigger`},
		{"joker effect of a suit", func(g *genome.Genome) {
			g.Deck.Jokers = 2
			g.Effects[0].Rank, g.Effects[0].Suit = cardrules.Joker, cardrules.TriggerSuit(2)
		}, `$.effects[0].suit: a joker has no suit, so its effect must trigger on any suit`},
		{"jokers out of range", func(g *genome.Genome) { g.Deck.Jokers = 3 }, `$.deck.jokers: must be between 0 and 2, got 3`},
		{"joker in deck ranks", func(g *genome.Genome) {
			g.Deck.Ranks = append(g.Deck.Ranks[:0:0], cardrules.Joker, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
		},
			`$.deck.ranks[0]: rank Joker is not a standard rank (jokers are added by deck.jokers)`},
		{"returns", func(g *genome.Genome) { g.Turn[0].Returns = 2 }, `$.turn[0].returns: a play phase takes no returns`},
		{"operator", func(g *genome.Genome) { g.Turn[0].Legal.Op = 200 }, `$.turn[0].legal.op: unknown operator 200`},
		{"term kind", func(g *genome.Genome) { g.Turn[0].Legal.Args[0].Left.Kind = 0 }, `$.turn[0].legal.args[0]: unknown term`},
		{"rank constant", func(g *genome.Genome) { g.Turn[0].Legal.Args[2].Right.Value = 14 }, `$.turn[0].legal.args[2]: constant 14 out of range`},
		{"event", func(g *genome.Genome) { g.End.Conditions[0].When = cardrules.NumEvents }, fmt.Sprintf(`$.end.conditions[0].when: unknown event %d`, cardrules.NumEvents)},
		{"result", func(g *genome.Genome) { g.End.Conditions[0].Result = cardrules.NumResults }, fmt.Sprintf(`$.end.conditions[0].result: unknown result %d`, cardrules.NumResults)},
		{"until", func(g *genome.Genome) { g.End.Until = cardrules.NumUntils }, fmt.Sprintf(`$.end.until: unknown until %d`, cardrules.NumUntils)},
		{"trump", func(g *genome.Genome) {
			g.Turn[0] = genome.Phase{Kind: cardrules.PhaseTrick, Lead: &genome.Expr{Op: genome.OpTrue}, Legal: &genome.Expr{Op: genome.OpTrue}, Trump: cardrules.NumTrumps}
		}, fmt.Sprintf(`$.turn[0].trump: unknown trump %d`, cardrules.NumTrumps)},
		{"ranking", func(g *genome.Genome) { g.End.Rank = cardrules.NumRankBys }, fmt.Sprintf(`$.end.rank: unknown rank %d`, cardrules.NumRankBys)},
		{"played suit", func(g *genome.Genome) {
			e := genome.Played(7)
			g.Turn[0].Legal.Args[0] = e
		}, `$.turn[0].legal.args[0].suit: suit 7 out of range`},
		{"lead card out of range", func(g *genome.Genome) { c := genome.Card(60); g.LeadCard = &c }, `$.lead_card: card Card(60) is not in the deck`},
		{"deck card out of range", func(g *genome.Genome) { g.Deck.Remove = []genome.Card{60} }, `$.deck.remove[0]: card Card(60) is not a standard card (jokers are added by deck.jokers)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := testkit.SeedGenome(t, "uno-style")
			tc.mutate(g)
			err := g.Validate()
			if err == nil {
				t.Fatal("accepted")
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tc.want)
			}
		})
	}
}

// names lists the text names of an enum's values from..n-1, as the
// decoder's "want one of" hint does (the enums grow with the model).
func names[T interface {
	~uint8
	String() string
}](n T, from ...T) string {
	var ns []string
	start := T(0)
	if len(from) > 0 {
		start = from[0]
	}
	for v := start; v < n; v++ {
		ns = append(ns, v.String())
	}
	return strings.Join(ns, ", ")
}

// TestValidateRejectsUnknownMatchKind: a scoring rule whose match kind is
// out of range (possible from Go, not from JSON) must not validate: the
// canonical JSON of such a genome cannot be written (CanonicalJSON and Hash
// panic) and its program does not verify.
func TestValidateRejectsUnknownMatchKind(t *testing.T) {
	g := testkit.SeedGenome(t, "hearts")
	g.Score.Cards[0].Match = genome.Match{Kind: cardrules.NumMatchKinds, Value: 0}
	if err := g.Validate(); err == nil {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("Validate accepted the genome and CanonicalJSON panicked: %v", r)
			}
		}()
		g.CanonicalJSON()
		t.Error("Validate accepted a scoring rule of unknown match kind")
	}
}

// effects returns a patch that sets the seed's effects to the given JSON
// list.
func effects(list string) func(t *testing.T, m map[string]any) {
	return func(t *testing.T, m map[string]any) { m["effects"] = js(t, list) }
}

// TestValidateRejectsTriggers: every problem of an effect's trigger and
// condition (genome/triggers.go), each at the field at fault: a trigger
// whose event cannot happen in the game, a suit beside a trigger of a
// rank, a gate off a played card, a condition's subject, comparison, value
// and suit out of place, and target_hand on an effect without a target.
func TestValidateRejectsTriggers(t *testing.T) {
	const never = "so an effect when %s can never fire"
	cases := []patchCase{
		// Triggers whose event cannot happen.
		{name: "drawn with nothing drawing", seed: "whist", patch: effects(`[{"rank": "A", "type": "reverse", "when": "drawn"}]`),
			want: `$.effects[0].when: nothing draws a card (a draw, ask or meld phase, a play phase with draw_max, a draw_cards effect of a played card resolving now), ` + fmt.Sprintf(never, "drawn")},
		{name: "drawn with only a triggered draw", seed: "old-maid", patch: effects(`[
			{"rank": "2", "type": "draw_cards", "target": "next", "value": 1, "when": "taken"},
			{"rank": "A", "type": "reverse", "when": "drawn"}]`),
			want: `$.effects[1].when: nothing draws a card (a draw, ask or meld phase, a play phase with draw_max, a draw_cards effect of a played card resolving now), ` + fmt.Sprintf(never, "drawn")},
		{name: "drawn with only a delayed draw", seed: "whist", patch: effects(`[
			{"rank": "2", "type": "draw_cards", "target": "next", "value": 1, "at": "turn_end"},
			{"rank": "A", "type": "reverse", "when": "drawn"}]`),
			want: `$.effects[1].when: nothing draws a card (a draw, ask or meld phase, a play phase with draw_max, a draw_cards effect of a played card resolving now), ` + fmt.Sprintf(never, "drawn")},
		{name: "forced_discard with only a delayed discard", patch: effects(`[
			{"rank": "2", "type": "force_discard", "target": "next", "value": 1, "at": "target_turn"},
			{"rank": "K", "type": "reverse", "when": "forced_discard"}]`),
			want: `$.effects[1].when: no force_discard effect of a played card resolving now (a triggered or delayed one's discards set nothing off), ` + fmt.Sprintf(never, "forced_discard")},
		{name: "drawn with the whole deck dealt", seed: "whist", patch: effects(`[
			{"rank": "2", "type": "draw_cards", "target": "next", "value": 1},
			{"rank": "A", "type": "reverse", "when": "drawn"}]`),
			want: `$.effects[1].when: the whole deck is dealt and the stock is never refilled, ` + fmt.Sprintf(never, "drawn")},
		{name: "asked without an ask phase", seed: "old-maid", patch: effects(`[{"rank": "K", "type": "reverse", "when": "asked"}]`),
			want: `$.effects[0].when: no ask phase, ` + fmt.Sprintf(never, "asked")},
		{name: "taken without a take or ask phase", patch: effects(`[{"rank": "K", "type": "reverse", "when": "taken"}]`),
			want: `$.effects[0].when: no take or ask phase, ` + fmt.Sprintf(never, "taken")},
		{name: "set_laid without sets", patch: effects(`[{"rank": "K", "type": "reverse", "when": "set_laid"}]`),
			want: `$.effects[0].when: no sets are laid down (meld), ` + fmt.Sprintf(never, "set_laid")},
		{name: "trick_won without a trick phase", patch: effects(`[{"rank": "K", "type": "reverse", "when": "trick_won"}]`),
			want: `$.effects[0].when: no trick phase, ` + fmt.Sprintf(never, "trick_won")},
		{name: "forced_discard without force_discard", patch: effects(`[{"rank": "K", "type": "reverse", "when": "forced_discard"}]`),
			want: `$.effects[0].when: no force_discard effect of a played card resolving now (a triggered or delayed one's discards set nothing off), ` + fmt.Sprintf(never, "forced_discard")},
		{name: "forced_discard with only a triggered discard", seed: "go-fish", patch: effects(`[{"rank": "K", "type": "force_discard", "target": "next", "value": 1, "when": "forced_discard"}]`),
			want: `$.effects[0].when: no force_discard effect of a played card resolving now (a triggered or delayed one's discards set nothing off), ` + fmt.Sprintf(never, "forced_discard")},
		{name: "went_out without an end condition", seed: "go-fish", patch: effects(`[{"rank": "K", "type": "extra_turn", "when": "went_out"}]`),
			want: `$.effects[0].when: no end condition puts seats out, ` + fmt.Sprintf(never, "went_out")},
		{name: "played without a phase that plays", seed: "go-fish", patch: effects(`[
			{"rank": "K", "type": "extra_turn", "when": "asked"},
			{"rank": "Q", "type": "reverse"}]`),
			want: `$.effects: no phase plays a card (play, battle, trick or turn_up), so no effect of a played card can ever fire`},
		// A rank event names no suit; a gate is for played cards.
		{name: "asked with a suit", seed: "go-fish", patch: effects(`[{"rank": "Q", "suit": "hearts", "type": "extra_turn", "when": "asked"}]`),
			want: `$.effects[0].suit: asked names a rank, not a card, so the effect cannot name a suit`},
		{name: "set_laid with a suit", seed: "go-fish", patch: effects(`[{"rank": "Q", "suit": "spades", "type": "extra_turn", "when": "set_laid"}]`),
			want: `$.effects[0].suit: set_laid names a rank, not a card, so the effect cannot name a suit`},
		{name: "gate when drawn", seed: "uno-style", patch: effects(`[{"rank": "2", "type": "draw_cards", "target": "next", "value": 2, "gate": true, "when": "drawn"}]`),
			want: `$.effects[0].gate: only an effect of a played card can keep its card from being played (when drawn)`},
		// Conditions.
		{name: "condition without a subject", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"cmp": "at_most", "value": 3}}]`),
			want: `$.effects[0].if.of: a condition needs a subject (of: hand, target_hand, stock, pile, seats or top_suit)`},
		{name: "top_suit without a suit", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"of": "top_suit"}}]`),
			want: `$.effects[0].if.suit: top_suit needs a suit (clubs, diamonds, hearts or spades)`},
		{name: "top_suit with a count", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"of": "top_suit", "suit": "hearts", "cmp": "at_most", "value": 3}}]`),
			want: `$.effects[0].if: top_suit takes a suit, not cmp or value`},
		{name: "hand above 52", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"of": "hand", "value": 53}}]`),
			want: `$.effects[0].if.value: hand needs a value from 0 to 52, got 53`},
		{name: "pile negative", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"of": "pile", "cmp": "equal", "value": -1}}]`),
			want: `$.effects[0].if.value: pile needs a value from 0 to 52, got -1`},
		{name: "no seats", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"of": "seats", "cmp": "at_most", "value": 0}}]`),
			want: `$.effects[0].if.value: seats needs a value from 1 to 8, got 0`},
		{name: "nine seats", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"of": "seats", "value": 9}}]`),
			want: `$.effects[0].if.value: seats needs a value from 1 to 8, got 9`},
		{name: "a count with a suit", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "if": {"of": "stock", "value": 3, "suit": "hearts"}}]`),
			want: `$.effects[0].if.suit: stock counts cards or seats and takes no suit`},
		{name: "target_hand without a target", seed: "uno-style", patch: effects(`[{"rank": "J", "type": "skip_next", "value": 1, "if": {"of": "target_hand", "value": 1}}]`),
			want: `$.effects[0].if.of: skip_next has no target, so it cannot test the target's hand`},
		{name: "every problem of one effect", seed: "go-fish", patch: effects(`[{"rank": "Q", "suit": "hearts", "type": "draw_cards", "target": "next", "value": 1, "gate": true,
			"when": "trick_won", "if": {"of": "seats", "value": 0, "suit": "clubs"}}]`),
			want: `4 problems:
  $.effects[0].when: no trick phase, so an effect when trick_won can never fire
  $.effects[0].gate: only an effect of a played card can keep its card from being played (when trick_won)
  $.effects[0].if.value: seats needs a value from 1 to 8, got 0
  $.effects[0].if.suit: seats counts cards or seats and takes no suit`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestValidateRejectsTriggerGoValues: a trigger, a condition subject, a
// comparison or a top_suit's suit out of range (possible from Go, not
// from JSON) is a problem at its field, never a panic.
func TestValidateRejectsTriggerGoValues(t *testing.T) {
	for _, tc := range []struct {
		name string
		e    genome.Effect
		want string
	}{
		{"trigger", genome.Effect{Rank: 10, Type: cardrules.Reverse, When: cardrules.NumTriggers},
			fmt.Sprintf(`$.effects[0].when: unknown trigger %d`, cardrules.NumTriggers)},
		{"subject", genome.Effect{Rank: 10, Type: cardrules.Reverse, If: genome.EffectCondition{Of: cardrules.NumCondOfs}},
			fmt.Sprintf(`$.effects[0].if.of: unknown condition subject %d`, cardrules.NumCondOfs)},
		{"comparison", genome.Effect{Rank: 10, Type: cardrules.Reverse, If: genome.EffectCondition{Of: cardrules.CondStock, Cmp: cardrules.NumCompares, Value: 2}},
			fmt.Sprintf(`$.effects[0].if.cmp: unknown comparison %d`, cardrules.NumCompares)},
		{"top suit", genome.Effect{Rank: 10, Type: cardrules.Reverse, If: genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.NumTriggerSuits}},
			`$.effects[0].if.suit: top_suit needs a suit (clubs, diamonds, hearts or spades)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := testkit.SeedGenome(t, "uno-style")
			g.Effects = []genome.Effect{tc.e}
			err := g.Validate()
			if err == nil {
				t.Fatal("accepted")
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tc.want)
			}
		})
	}
}

// TestValidateAcceptsTriggers: each trigger is accepted in a game where
// its event can happen (the seeds without a card-playing phase included:
// an ask, a take or a set sets their effects off), and each condition
// subject and comparison on a type it suits.
func TestValidateAcceptsTriggers(t *testing.T) {
	for _, tc := range []struct {
		seed string
		e    genome.Effect
	}{
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.Reverse, When: cardrules.Drawn}},
		{"go-fish", genome.Effect{Rank: 5, Type: cardrules.Reverse, When: cardrules.Drawn}},
		{"go-fish", genome.Effect{Rank: 5, Type: cardrules.SkipNext, Value: 1, When: cardrules.Asked}},
		{"go-fish", genome.Effect{Rank: 5, Suit: cardrules.TriggerOn(1), Type: cardrules.ExtraTurn, When: cardrules.Taken}},
		{"old-maid", genome.Effect{Rank: 5, Type: cardrules.ExtraTurn, When: cardrules.Taken}},
		{"old-maid", genome.Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: cardrules.TargetNext, Value: 1, When: cardrules.SetLaid}},
		{"whist", genome.Effect{Rank: 12, Suit: cardrules.TriggerOn(3), Type: cardrules.SkipNext, Value: 1, When: cardrules.TrickWon}},
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.Reverse, When: cardrules.ForcedDiscard}},
		{"war", genome.Effect{Rank: 5, Type: cardrules.Reverse, When: cardrules.WentOut}},
		{"old-maid", genome.Effect{Rank: 5, Type: cardrules.Reverse, When: cardrules.WentOut, If: cond(cardrules.CondSeats, cardrules.AtLeast, 8)}},
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: cardrules.TargetAllOpponents, Value: 1, If: cond(cardrules.CondTarget, cardrules.Equal, 0)}},
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.Reverse, If: cond(cardrules.CondHand, cardrules.AtMost, 52)}},
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.Reverse, If: cond(cardrules.CondStock, cardrules.AtLeast, 0)}},
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.Reverse, If: cond(cardrules.CondPile, cardrules.Equal, 1)}},
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.Reverse, If: topSuit(3)}},
	} {
		g := testkit.SeedGenome(t, tc.seed)
		g.Effects = append(g.Effects, tc.e)
		if err := g.Validate(); err != nil {
			t.Errorf("%s with %+v: %v", tc.seed, tc.e, err)
		}
	}
}

// TestValidateRejectsLasting: every problem of an effect's lasting
// (genome/lasting.go checkLasting, and the target a scope of everyone
// takes), each at the field at fault: lasts on an immediate type, the
// turns of a duration, a trick duration without tricks, a team scope
// without partnerships, a scope of everyone with a target or a test of
// the target's hand, the stacking key's range, two stacking modes for one
// type and key, the suppressed type, a lock or ban where no card is
// chosen, a suit read off a rank trigger, a draw limit where nothing is
// drawn and a bonus where nothing it adds to scores.
func TestValidateRejectsLasting(t *testing.T) {
	cases := []patchCase{
		{name: "lasts on an immediate type", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "lasts": {"for": "deal"}}]`),
			want: `$.effects[0].lasts: reverse acts once and takes no lasts`},
		{name: "a lasting type without lasts", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "miss_turns", "target": "next"}]`),
			want: `$.effects[0].lasts.turns: miss_turns lasts a number of turns from 1 to 8, got 0 (or give lasts.for: source_turn, trick or deal)`},
		{name: "nine turns", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "lock_rank", "target": "next", "lasts": {"for": "turns", "turns": 9}}]`),
			want: `$.effects[0].lasts.turns: lock_rank lasts a number of turns from 1 to 8, got 9 (or give lasts.for: source_turn, trick or deal)`},
		{name: "turns of another duration", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "lock_rank", "target": "next", "lasts": {"for": "source_turn", "turns": 2}}]`),
			want: `$.effects[0].lasts.turns: only a duration of turns counts turns (for source_turn)`},
		{name: "a trick without a trick phase", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "ban_rank", "target": "next", "lasts": {"for": "trick"}}]`),
			want: `$.effects[0].lasts.for: no trick phase, so a trick never ends`},
		{name: "a team without partnerships", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "ban_rank", "target": "next", "lasts": {"for": "deal", "scope": "team"}}]`),
			want: `$.effects[0].lasts.scope: a team scope needs partnerships (teams: 2)`},
		{name: "everyone with a target", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "ban_rank", "target": "next", "lasts": {"for": "deal", "scope": "everyone"}}]`),
			want: `$.effects[0].target: a scope of everyone takes no target`},
		{name: "no target", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "ban_rank", "lasts": {"for": "deal"}}]`),
			want: `$.effects[0].target: ban_rank needs a target (next, previous, all_opponents, random_opponent, chosen_opponent or self)`},
		{name: "everyone tested for the target's hand", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "miss_turns", "lasts": {"for": "deal", "scope": "everyone"},
			"if": {"of": "target_hand", "value": 2}}]`),
			want: `$.effects[0].if.of: a scope of everyone has no target to test`},
		{name: "key 4", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "miss_turns", "target": "next", "lasts": {"for": "deal", "key": 4}}]`),
			want: `$.effects[0].lasts.key: a stacking key from 0 to 3, got 4`},
		{name: "key -1", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "miss_turns", "target": "next", "lasts": {"for": "deal", "key": -1}}]`),
			want: `$.effects[0].lasts.key: a stacking key from 0 to 3, got -1`},
		{name: "two modes for one type and key", seed: "uno-style", patch: effects(`[
			{"rank": "Q", "type": "draw_limit", "target": "next", "value": 2, "lasts": {"for": "deal", "key": 1, "stack": "max"}},
			{"rank": "K", "type": "draw_limit", "target": "self", "value": 1, "lasts": {"for": "deal", "key": 2, "stack": "min"}},
			{"rank": "J", "type": "draw_limit", "target": "next", "value": 3, "lasts": {"for": "deal", "key": 1, "stack": "none"}}]`),
			want: `$.effects[2].lasts.stack: effects 0 and 2 are both draw_limit with stacking key 1, so they stack alike, but say max and none`},
		{name: "suppresses on another type", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "miss_turns", "target": "next", "lasts": {"for": "deal", "suppresses": "reverse"}}]`),
			want: `$.effects[0].lasts.suppresses: only suppress switches off a type (miss_turns)`},
		{name: "suppress without a type", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "suppress", "target": "next", "lasts": {"for": "deal"}}]`),
			want: `$.effects[0].lasts.suppresses: suppress needs the effect type it switches off`},
		{name: "suppress of suppress", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "suppress", "target": "next", "lasts": {"for": "deal", "suppresses": "suppress"}}]`),
			want: `$.effects[0].lasts.suppresses: suppress cannot switch off suppress`},
		{name: "a lock where no card is chosen", seed: "go-fish", patch: effects(`[{"rank": "Q", "type": "lock_rank", "target": "next", "when": "asked", "lasts": {"for": "deal"}}]`),
			want: `$.effects[0].type: no play or trick phase chooses a card, so lock_rank never narrows a choice`},
		{name: "a ban where no card is chosen", seed: "war", patch: effects(`[{"rank": "Q", "type": "ban_suit", "target": "next", "lasts": {"for": "deal"}}]`),
			want: `$.effects[0].type: no play or trick phase chooses a card, so ban_suit never narrows a choice`},
		{name: "a suit lock on a rank trigger", seed: "go-fish", patch: func(t *testing.T, m map[string]any) {
			m["turn"] = js(t, `[{"kind": "ask"}, {"kind": "play", "legal": {"op": "true"}}]`)
			m["effects"] = js(t, `[{"rank": "Q", "type": "lock_suit", "target": "next", "when": "asked", "lasts": {"for": "deal"}}]`)
		}, want: `$.effects[0].when: lock_suit reads the suit of the card that sets it off, and asked names only a rank`},
		{name: "a suit ban on a set laid", seed: "go-fish", patch: func(t *testing.T, m map[string]any) {
			m["turn"] = js(t, `[{"kind": "ask"}, {"kind": "play", "legal": {"op": "true"}}]`)
			m["effects"] = js(t, `[{"rank": "Q", "type": "ban_suit", "target": "next", "when": "set_laid", "lasts": {"for": "deal"}}]`)
		}, want: `$.effects[0].when: ban_suit reads the suit of the card that sets it off, and set_laid names only a rank`},
		{name: "a draw limit where nothing is drawn", seed: "whist", patch: effects(`[{"rank": "Q", "type": "draw_limit", "target": "next", "value": 1, "lasts": {"for": "trick"}}]`),
			want: `$.effects[0].type: nothing draws a card (a draw, ask or meld phase, a play phase with draw_max, a draw_cards effect of a played card resolving now), so draw_limit never limits a draw`},
		{name: "a bonus where nothing scores", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "bonus", "target": "self", "value": 2, "lasts": {"for": "deal"}}]`),
			want: `$.effects[0].type: bonus adds to the points of tricks won and sets laid down, and the game scores neither`},
		{name: "every problem of one lasting", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "lock_rank", "target": "next",
			"lasts": {"for": "trick", "turns": 3, "scope": "team", "key": 7, "suppresses": "skip_next"}}]`),
			want: `5 problems:
  $.effects[0].lasts.turns: only a duration of turns counts turns (for trick)
  $.effects[0].lasts.scope: a team scope needs partnerships (teams: 2)
  $.effects[0].lasts.key: a stacking key from 0 to 3, got 7
  $.effects[0].lasts.suppresses: only suppress switches off a type (lock_rank)
  $.effects[0].lasts.for: no trick phase, so a trick never ends`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestDecodeRejectsLasting: an unknown duration, scope, stacking mode or
// suppressed type is an error at its JSON path, naming the known ones.
func TestDecodeRejectsLasting(t *testing.T) {
	lasts := func(l string) func(t *testing.T, m map[string]any) {
		return effects(`[{"rank": "Q", "type": "suppress", "target": "next", "lasts": ` + l + `}]`)
	}
	cases := []patchCase{
		{name: "duration", seed: "uno-style", patch: lasts(`{"for": "forever", "suppresses": "reverse"}`),
			want: `$.effects[0].lasts.for: unknown duration "forever" (want one of ` + names(cardrules.NumDurations) + `)`},
		{name: "scope", seed: "uno-style", patch: lasts(`{"for": "deal", "scope": "table", "suppresses": "reverse"}`),
			want: `$.effects[0].lasts.scope: unknown scope "table" (want one of ` + names(cardrules.NumScopes) + `)`},
		{name: "stacking mode", seed: "uno-style", patch: lasts(`{"for": "deal", "stack": "sum", "suppresses": "reverse"}`),
			want: `$.effects[0].lasts.stack: unknown stacking mode "sum" (want one of ` + names(cardrules.NumStacks) + `)`},
		{name: "suppressed type", seed: "uno-style", patch: lasts(`{"for": "deal", "suppresses": "none"}`),
			want: `$.effects[0].lasts.suppresses: unknown suppressed type "none" (want one of ` + names(cardrules.NumSuppressed, 1) + `)`},
		{name: "unknown field", seed: "uno-style", patch: lasts(`{"for": "deal", "until": "never", "suppresses": "reverse"}`),
			want: `$.effects[0].lasts.until: unknown field "until"`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestValidateRejectsLastingGoValues: a duration, scope, stacking mode or
// suppressed type out of range (possible from Go, not from JSON) is a
// problem at its field, never a panic.
func TestValidateRejectsLastingGoValues(t *testing.T) {
	miss := genome.Effect{Rank: 10, Type: cardrules.MissTurns, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.UntilDealEnd}}
	for _, tc := range []struct {
		name   string
		change func(e *genome.Effect)
		want   string
	}{
		{"duration", func(e *genome.Effect) { e.Lasts.For = cardrules.NumDurations },
			fmt.Sprintf(`$.effects[0].lasts.for: unknown duration %d`, cardrules.NumDurations)},
		{"scope", func(e *genome.Effect) { e.Lasts.Scope = cardrules.NumScopes },
			fmt.Sprintf(`$.effects[0].lasts.scope: unknown scope %d`, cardrules.NumScopes)},
		{"stacking mode", func(e *genome.Effect) { e.Lasts.Stack = cardrules.NumStacks },
			fmt.Sprintf(`$.effects[0].lasts.stack: unknown stacking mode %d`, cardrules.NumStacks)},
		{"suppressed type", func(e *genome.Effect) {
			e.Type, e.Lasts.Suppresses = cardrules.Suppress, cardrules.NumSuppressed
		}, `$.effects[0].lasts.suppresses: suppress needs the effect type it switches off`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := testkit.SeedGenome(t, "uno-style")
			e := miss
			tc.change(&e)
			g.Effects = []genome.Effect{e}
			err := g.Validate()
			if err == nil {
				t.Fatal("accepted")
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tc.want)
			}
		})
	}
}

// TestValidateAcceptsLasting: each lasting type in a game where it can
// act, with each duration, scope and stacking mode, persisting, and
// suppress switching off each other type.
func TestValidateAcceptsLasting(t *testing.T) {
	next := cardrules.TargetNext
	for _, tc := range []struct {
		seed string
		e    genome.Effect
	}{
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.LockSuit, Target: next, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn}}},
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.LockSuit, Target: next, When: cardrules.Drawn, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 8}}},
		{"whist", genome.Effect{Rank: 5, Type: cardrules.LockRank, Target: next, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Scope: cardrules.ScopeTeam}}},
		{"hearts", genome.Effect{Rank: 5, Type: cardrules.BanSuit, When: cardrules.TrickWon, Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Scope: cardrules.ScopeEveryone}}},
		{"crazy-eights", genome.Effect{Rank: 5, Type: cardrules.BanRank, Target: cardrules.TargetAllOpponents, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 1, Key: 3, Stack: cardrules.StackNone}}},
		{"go-fish", genome.Effect{Rank: 5, Type: cardrules.DrawLimit, Target: cardrules.TargetSelf, Value: 1, When: cardrules.Asked, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Stack: cardrules.StackMin}}},
		{"old-maid", genome.Effect{Rank: 5, Type: cardrules.MissTurns, Target: cardrules.TargetPrevious, When: cardrules.Taken, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 2, Persists: true}}},
		{"go-fish", genome.Effect{Rank: 5, Type: cardrules.Bonus, Target: cardrules.TargetRandomOpponent, Value: 13, When: cardrules.SetLaid, Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Stack: cardrules.StackMax}}},
		{"whist", genome.Effect{Rank: 5, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 1, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Key: 2}}},
	} {
		g := testkit.SeedGenome(t, tc.seed)
		g.Effects = append(g.Effects, tc.e)
		if err := g.Validate(); err != nil {
			t.Errorf("%s with %+v: %v", tc.seed, tc.e, err)
		}
	}
	for x := range genome.EffectType(cardrules.NumEffectTypes) {
		if x == cardrules.Suppress {
			continue
		}
		g := testkit.SeedGenome(t, "uno-style")
		g.Effects = append(g.Effects, genome.Effect{Rank: 5, Type: cardrules.Suppress, Target: cardrules.TargetNext,
			Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Suppresses: cardrules.SuppressedOf(x)}})
		if err := g.Validate(); err != nil {
			t.Errorf("suppress of %s: %v", x, err)
		}
	}
}
