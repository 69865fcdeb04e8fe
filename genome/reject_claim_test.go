package genome_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// runCheatCases runs patch cases on the cheat-like game (cheatJSON) where
// a case names no seed, as runPatchCases does on a seed game.
func runCheatCases(t *testing.T, cases []patchCase, parse func([]byte) (*genome.Genome, error)) {
	t.Helper()
	var seeded []patchCase
	for _, tc := range cases {
		if tc.seed != "" {
			seeded = append(seeded, tc)
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal([]byte(cheatJSON), &m); err != nil {
				t.Fatal(err)
			}
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
		})
	}
	runPatchCases(t, seeded, parse)
}

// TestDecodeRejectsClaim: a claims rule that is not a name of the
// vocabulary is refused at its path, with the names it may be.
func TestDecodeRejectsClaim(t *testing.T) {
	cases := []patchCase{
		{name: "bad claims", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.claims", "sometimes") },
			want: `$.turn[0].claims: unknown claim rule "sometimes" (want one of ` + names(cardrules.NumClaimRules) + `)`},
		{name: "claims as number", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.claims", 1.0) },
			want: `$.turn[0].claims: expected a string, got the number 1`},
	}
	runCheatCases(t, cases, genome.Decode)
}

// TestValidateRejectsClaim: every bad value of a claim phase is reported at
// its JSON path: with claims next, a start the deck lacks or a joker; a
// max out of 1..4; a pile hand; a claim phase's field on a phase of
// another kind, another kind's field on a claim phase.
func TestValidateRejectsClaim(t *testing.T) {
	cases := []patchCase{
		{name: "start not in the deck", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.ranks", js(t, `["2", "3", "4", "5", "6", "7"]`))
		}, want: `$.turn[0].start: no card of rank A is in the deck, so the claims cannot begin with it`},
		{name: "start 2 absent, not in the deck", patch: func(t *testing.T, m map[string]any) {
			del(t, m, "turn.0.start")
			set(t, m, "deck.ranks", js(t, `["7", "8", "9", "10", "J", "Q", "K", "A"]`))
		}, want: `$.turn[0].start: no card of rank 2 is in the deck, so the claims cannot begin with it`},
		{name: "start joker", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.jokers", 2.0)
			set(t, m, "turn.0.start", "Joker")
		}, want: `$.turn[0].start: a joker is no rank to claim, so the claims cannot begin with it`},
		{name: "max too large", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.max", 5.0) },
			want: `$.turn[0].max: must be between 1 and 4 (absent: 4), got 5`},
		{name: "max negative", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.max", -1.0) },
			want: `$.turn[0].max: must be between 1 and 4 (absent: 4), got -1`},
		{name: "pile hand", patch: func(t *testing.T, m map[string]any) { m["hand"] = "pile" },
			want: `$.turn[0].kind: a claim phase needs a fan hand (the player chooses its cards and its claim), but the hand is pile`},
		{name: "claims on a play phase", seed: "crazy-eights", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.claims", "any") },
			want: `$.turn[0].claims: a play phase takes no claims`},
		{name: "claims on a tableau", seed: "sevens", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.claims", "near") },
			want: `$.turn[0].claims: a tableau phase takes no claims`},
		{name: "equal_first on a claim", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.equal_first", true) },
			want: `$.turn[0].equal_first: a claim phase takes no equal_first`},
		{name: "legal on a claim", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.legal", js(t, `{"op": "true"}`)) },
			want: `$.turn[0].legal: a claim phase takes no legal`},
		{name: "effects of a played card", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "effects", js(t, `[{"rank": "8", "type": "skip_next", "value": 1}]`))
		}, want: `$.effects: no phase plays a card (play, battle, trick or turn_up), so no effect of a played card can ever fire`},
	}
	runCheatCases(t, cases, genome.Parse)
}

// TestValidateRejectsClaimGoValues: out-of-range values only Go can write:
// a claims rule past the vocabulary, a start past the ranks.
func TestValidateRejectsClaimGoValues(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutate func(p *genome.Phase)
		want   string
	}{
		{"claims", func(p *genome.Phase) { p.Claims = cardrules.NumClaimRules }, fmt.Sprintf(`$.turn[0].claims: unknown claim rule %d`, cardrules.NumClaimRules)},
		{"start", func(p *genome.Phase) { p.Start = 14 }, `$.turn[0].start: unknown rank 14`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := cheat(t)
			tc.mutate(&g.Turn[0])
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

// TestValidateAcceptsClaim: with claims near or any, start means nothing:
// neither a deck without 2s (start absent) nor a start the deck lacks is
// refused; every claims rule and max 1 to 4 validate, with jokers and two
// packs too.
func TestValidateAcceptsClaim(t *testing.T) {
	for _, claims := range []genome.ClaimRule{cardrules.ClaimNear, cardrules.ClaimAny} {
		g := cheat(t)
		g.Deck.Ranks = []genome.Rank{5, 6, 7, 8, 9, 10, 11, 12}
		g.Turn[0].Claims, g.Turn[0].Start = claims, 0
		if err := g.Validate(); err != nil {
			t.Errorf("claims %s in a deck without 2s: %v", claims, err)
		}
		g.Turn[0].Start = 2 // (a 4: not in the deck)
		if err := g.Validate(); err != nil {
			t.Errorf("claims %s with a start the deck lacks: %v", claims, err)
		}
	}
	for claims := range cardrules.NumClaimRules {
		for max := range cardrules.MaxClimb + 1 {
			g := cheat(t)
			g.Deck.Jokers, g.Deck.Packs = 2, 2
			g.Turn[0].Claims, g.Turn[0].Max = claims, max
			if err := g.Validate(); err != nil {
				t.Errorf("claims %s, max %d: %v", claims, max, err)
			}
		}
	}
}

// TestClaimCanonical: a max of 4 is the default and canonically absent,
// and a start with claims near or any, which means nothing, is
// canonically absent; with claims next the start is the game's.
func TestClaimCanonical(t *testing.T) {
	g := cheat(t)
	four := g.Clone()
	four.Turn[0].Max = 4
	if four.Hash() != g.Hash() || four.Canonical().Turn[0].Max != 0 {
		t.Errorf("max 4 is not the canonical default: %s", four.CanonicalJSON())
	}
	for max := 1; max < 4; max++ {
		c := g.Clone()
		c.Turn[0].Max = max
		if c.Hash() == g.Hash() || c.Canonical().Turn[0].Max != max {
			t.Errorf("max %d is not kept: %s", max, c.CanonicalJSON())
		}
	}
	for _, claims := range []genome.ClaimRule{cardrules.ClaimNear, cardrules.ClaimAny} {
		c := g.Clone()
		c.Turn[0].Claims = claims // (start A)
		zero := c.Clone()
		zero.Turn[0].Start = 0
		if c.Canonical().Turn[0].Start != 0 || c.Hash() != zero.Hash() {
			t.Errorf("claims %s: start is not canonically absent: %s", claims, c.CanonicalJSON())
		}
		if strings.Contains(string(c.CanonicalJSON()), `"start"`) {
			t.Errorf("claims %s: the canonical JSON writes a start: %s", claims, c.CanonicalJSON())
		}
		if genome.Distance(c, zero) != 0 {
			t.Errorf("claims %s: a start that means nothing is a distance of %v", claims, genome.Distance(c, zero))
		}
	}
	if c := g.Canonical(); c.Turn[0].Start != 12 || c.Turn[0].Claims != cardrules.ClaimNext {
		t.Errorf("claims next from A became claims %s from %s", c.Turn[0].Claims, c.Turn[0].Start)
	}
	seven := g.Clone()
	seven.Turn[0].Start = 5
	if seven.Hash() == g.Hash() {
		t.Error("claims next from 7 hashes as from A")
	}
}
