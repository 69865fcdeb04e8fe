package genome_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
)

// TestValidateRejectsTurnUp: every bad value of a turn_up phase is reported
// at its JSON path: no demand, a rank the deck lacks, a rank that demands
// twice, too many demands, a count out of 1..8, a fan hand, demands on a
// phase of another kind, an unknown field of a demand.
func TestValidateRejectsTurnUp(t *testing.T) {
	bmn := "beggar-my-neighbour"
	cases := []patchCase{
		{name: "no demand", seed: bmn, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.demands", js(t, `[]`)) },
			want: `$.turn[0].demands: a turn_up phase needs at least one demand (a rank and the cards its cards demand)`},
		{name: "demands absent", seed: bmn, patch: func(t *testing.T, m map[string]any) { del(t, m, "turn.0.demands") },
			want: `$.turn[0].demands: a turn_up phase needs at least one demand (a rank and the cards its cards demand)`},
		{name: "rank not in the deck", seed: bmn, patch: func(t *testing.T, m map[string]any) {
			set(t, m, "deck.ranks", js(t, `["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]`))
		}, want: `$.turn[0].demands[3].rank: no card of rank A is in the deck`},
		{name: "rank twice", seed: bmn, patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.demands", js(t, `[{"rank": "J", "count": 1}, {"rank": "A", "count": 4}, {"rank": "J", "count": 2}]`))
		}, want: `$.turn[0].demands[2].rank: rank J already demands`},
		{name: "too many demands", seed: bmn, patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.demands", js(t, `[{"rank": "2", "count": 1}, {"rank": "3", "count": 1}, {"rank": "4", "count": 1},
				{"rank": "5", "count": 1}, {"rank": "6", "count": 1}, {"rank": "7", "count": 1}, {"rank": "8", "count": 1},
				{"rank": "9", "count": 1}, {"rank": "10", "count": 1}, {"rank": "J", "count": 1}, {"rank": "Q", "count": 1},
				{"rank": "K", "count": 1}, {"rank": "A", "count": 1}, {"rank": "2", "count": 2}]`))
		}, want: `2 problems:
  $.turn[0].demands: at most 13 demands (one per rank), got 14
  $.turn[0].demands[13].rank: rank 2 already demands`},
		{name: "count zero", seed: bmn, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.demands.0.count", 0.0) },
			want: `$.turn[0].demands[0].count: must be between 1 and 8, got 0`},
		{name: "count too large", seed: bmn, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.demands.3.count", 9.0) },
			want: `$.turn[0].demands[3].count: must be between 1 and 8, got 9`},
		{name: "fan hand", seed: bmn, patch: func(t *testing.T, m map[string]any) { m["hand"] = "fan" },
			want: `$.turn[0].kind: a turn_up phase needs a pile hand (the top card is turned up), but the hand is fan`},
		{name: "demands on a battle", seed: "war", patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.demands", js(t, `[{"rank": "J", "count": 1}]`))
		}, want: `$.turn[0].demands: a battle phase takes no demands`},
		{name: "battle fields on a turn_up phase", seed: bmn, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.war_face_down", 2.0) },
			want: `$.turn[0].war_face_down: a turn_up phase takes no war_face_down`},
	}
	runPatchCases(t, cases, genome.Parse)
	runPatchCases(t, []patchCase{
		{name: "unknown demand field", seed: bmn, patch: func(t *testing.T, m map[string]any) {
			set(t, m, "turn.0.demands.0", js(t, `{"rank": "J", "cards": 1}`))
		}, want: `$.turn[0].demands[0].cards: unknown field "cards"`},
		{name: "bad demand rank", seed: bmn, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.demands.1.rank", "C") },
			want: `$.turn[0].demands[1].rank: unknown rank "C" (want one of 2..10, J, Q, K, A, Joker)`},
	}, genome.Decode)
}
