package genome_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// rules returns a patch that sets the seed's rules to the given JSON list.
func rules(list string) func(t *testing.T, m map[string]any) {
	return func(t *testing.T, m map[string]any) { m["rules"] = js(t, list) }
}

// TestValidateRejectsAt: every problem of an effect's resolution point
// (genome/later.go checkAt), and of a chosen target (genome/validate.go),
// each at the field at fault: a type that cannot wait, a gate on an
// effect that waits, chosen_opponent in a game of pile hands and in a take
// phase's from.
func TestValidateRejectsAt(t *testing.T) {
	cases := []patchCase{
		{name: "a reverse that waits", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "reverse", "at": "turn_end"}]`),
			want: `$.effects[0].at: only draw_cards and force_discard can resolve later (reverse)`},
		{name: "a skip that waits for the target", seed: "uno-style", patch: effects(`[{"rank": "J", "type": "skip_next", "value": 1, "at": "target_turn"}]`),
			want: `$.effects[0].at: only draw_cards and force_discard can resolve later (skip_next)`},
		{name: "a lasting type that waits", seed: "uno-style", patch: effects(`[{"rank": "Q", "type": "miss_turns", "target": "next", "lasts": {"for": "deal"}, "at": "turn_end"}]`),
			want: `$.effects[0].at: only draw_cards and force_discard can resolve later (miss_turns)`},
		{name: "a gate on an effect that waits", seed: "uno-style", patch: effects(`[{"rank": "2", "type": "draw_cards", "target": "next", "value": 2, "gate": true, "at": "target_turn"}]`),
			want: `$.effects[0].gate: an effect that resolves later cannot keep its card from being played`},
		{name: "chosen with pile hands", seed: "war", patch: effects(`[{"rank": "Q", "type": "draw_cards", "target": "chosen_opponent", "value": 1}]`),
			want: `$.effects[0].target: a pile hand plays its cards in a battle, where no player chooses a target`},
		{name: "chosen, lasting, with pile hands", seed: "war", patch: effects(`[{"rank": "Q", "type": "miss_turns", "target": "chosen_opponent", "lasts": {"for": "deal"}}]`),
			want: `$.effects[0].target: a pile hand plays its cards in a battle, where no player chooses a target`},
		{name: "chosen, waiting, with pile hands", seed: "war", patch: effects(`[{"rank": "Q", "type": "force_discard", "target": "chosen_opponent", "value": 1, "at": "turn_end"}]`),
			want: `$.effects[0].target: a pile hand plays its cards in a battle, where no player chooses a target`},
		{name: "chosen in a take phase", seed: "old-maid", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.from", "chosen_opponent") },
			want: `$.turn[0].from: must be next, previous or random_opponent, got chosen_opponent`},
		{name: "every problem of one effect", seed: "war", patch: effects(`[{"rank": "Q", "type": "skip_next", "value": 1, "gate": true, "at": "turn_end"},
			{"rank": "K", "type": "draw_cards", "target": "chosen_opponent", "value": 1, "gate": true, "at": "turn_end"}]`),
			want: `4 problems:
  $.effects[0].gate: skip_next always resolves, so it takes no gate
  $.effects[0].at: only draw_cards and force_discard can resolve later (skip_next)
  $.effects[1].gate: an effect that resolves later cannot keep its card from being played
  $.effects[1].target: a pile hand plays its cards in a battle, where no player chooses a target`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestDecodeRejectsLater: an unknown resolution point, rule holder, field
// of a rule or of a scale is an error at its JSON path, naming the known
// ones.
func TestDecodeRejectsLater(t *testing.T) {
	cases := []patchCase{
		{name: "resolution point", seed: "uno-style", patch: effects(`[{"rank": "2", "type": "draw_cards", "target": "next", "value": 2, "at": "later"}]`),
			want: `$.effects[0].at: unknown resolution point "later" (want one of ` + names(cardrules.NumResolves) + `)`},
		{name: "rule holder", seed: "crazy-eights", patch: rules(`[{"type": "ban_rank", "who": "dealer"}]`),
			want: `$.rules[0].who: unknown rule holder "dealer" (want one of ` + names(cardrules.NumWhos) + `)`},
		{name: "rule type", seed: "crazy-eights", patch: rules(`[{"type": "ban_all"}]`),
			want: `$.rules[0].type: unknown effect type "ban_all" (want one of ` + names(cardrules.NumEffectTypes) + `)`},
		{name: "rule field", seed: "crazy-eights", patch: rules(`[{"type": "ban_rank", "lasts": {"for": "deal"}}]`),
			want: `$.rules[0].lasts: unknown field "lasts"`},
		{name: "scale field", seed: "crazy-eights", patch: rules(`[{"type": "draw_limit", "value": 1, "scale": {"by": "pile", "every": 10}}]`),
			want: `$.rules[0].scale.every: unknown field "every"`},
		{name: "scale count", seed: "crazy-eights", patch: rules(`[{"type": "draw_limit", "value": 1, "scale": {"by": "turns", "per": 10}}]`),
			want: `$.rules[0].scale.by: unknown condition subject "turns" (want one of ` + names(cardrules.NumCondOfs, 1) + `)`},
		{name: "rules not a list", seed: "crazy-eights", patch: rules(`{"type": "ban_rank"}`),
			want: `$.rules: expected an array, got an object`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestValidateRejectsRules: every problem of the continuous rules
// (genome/later.go checkRules), each at the field at fault: too many, a
// type that does not last or cannot act in the game, a condition's
// problems and target_hand, the value and the scale of each kind of type,
// the rank and the suit, the stacking key, the stacking mode shared with
// effects and with other rules, and the suppressed type.
func TestValidateRejectsRules(t *testing.T) {
	const ban = `{"type": "ban_rank", "rank": "8"}`
	cases := []patchCase{
		{name: "five rules", patch: rules(`[` + ban + `,` + ban + `,` + ban + `,` + ban + `,` + ban + `]`),
			want: `$.rules: at most 4 rules, got 5`},
		// The type.
		{name: "an immediate type", patch: rules(`[{"type": "draw_cards", "value": 2}]`),
			want: `$.rules[0].type: a rule holds a lasting type (lock_suit, lock_rank, ban_suit, ban_rank, draw_limit, miss_turns, bonus or suppress), got draw_cards`},
		{name: "a lock where no card is chosen", seed: "go-fish", patch: rules(`[{"type": "lock_rank", "rank": "Q"}]`),
			want: `$.rules[0].type: no play or trick phase chooses a card, so lock_rank never narrows a choice`},
		{name: "a draw limit where nothing is drawn", seed: "whist", patch: rules(`[{"type": "draw_limit", "value": 1}]`),
			want: `$.rules[0].type: nothing draws a card (a draw, ask or meld phase, a play phase with draw_max, a draw_cards effect of a played card resolving now), so draw_limit never limits a draw`},
		{name: "a bonus where nothing scores", patch: rules(`[{"type": "bonus", "value": 1}]`),
			want: `$.rules[0].type: bonus adds to the points of tricks won and sets laid down, and the game scores neither`},
		// The condition.
		{name: "target_hand", patch: rules(`[{"type": "ban_rank", "if": {"of": "target_hand", "value": 2}}]`),
			want: `$.rules[0].if.of: a rule has no target: test each seat's own hand (hand)`},
		{name: "condition without a subject", patch: rules(`[{"type": "ban_rank", "if": {"cmp": "at_most", "value": 2}}]`),
			want: `$.rules[0].if.of: a condition needs a subject (of: hand, target_hand, stock, pile, seats or top_suit)`},
		{name: "no seats", patch: rules(`[{"type": "ban_rank", "if": {"of": "seats", "value": 0}}]`),
			want: `$.rules[0].if.value: seats needs a value from 1 to 8, got 0`},
		{name: "top_suit without a suit", patch: rules(`[{"type": "ban_rank", "if": {"of": "top_suit"}}]`),
			want: `$.rules[0].if.suit: top_suit needs a suit (clubs, diamonds, hearts or spades)`},
		// The value and its scale.
		{name: "a draw limit of 0", patch: rules(`[{"type": "draw_limit"}]`),
			want: `$.rules[0].value: draw_limit needs a value from 1 to 13, got 0`},
		{name: "a bonus of 14", seed: "whist", patch: rules(`[{"type": "bonus", "value": 14}]`),
			want: `$.rules[0].value: bonus needs a value from 1 to 13, got 14`},
		{name: "a scale by the target's hand", patch: rules(`[{"type": "draw_limit", "value": 1, "scale": {"by": "target_hand", "per": 2}}]`),
			want: `$.rules[0].scale.by: a value scales by hand, stock, pile or seats, got target_hand`},
		{name: "a scale by the active suit", patch: rules(`[{"type": "draw_limit", "value": 1, "scale": {"by": "top_suit", "per": 2}}]`),
			want: `$.rules[0].scale.by: a value scales by hand, stock, pile or seats, got top_suit`},
		{name: "a scale by nothing", patch: rules(`[{"type": "draw_limit", "value": 1, "scale": {"per": 2}}]`),
			want: `$.rules[0].scale.by: a value scales by hand, stock, pile or seats, got none`},
		{name: "a scale per 0", patch: rules(`[{"type": "draw_limit", "value": 1, "scale": {"by": "stock", "per": 0}}]`),
			want: `$.rules[0].scale.per: one more for every 1 to 52, got 0`},
		{name: "a scale per 53", patch: rules(`[{"type": "draw_limit", "value": 1, "scale": {"by": "hand", "per": 53}}]`),
			want: `$.rules[0].scale.per: one more for every 1 to 52, got 53`},
		{name: "a ban with a value", patch: rules(`[{"type": "ban_rank", "value": 2}]`),
			want: `$.rules[0].value: ban_rank takes no value`},
		{name: "lost turns that scale", patch: rules(`[{"type": "miss_turns", "scale": {"by": "pile", "per": 5}}]`),
			want: `$.rules[0].scale: miss_turns has no value to scale`},
		// The rank and the suit.
		{name: "a suit lock with a rank", patch: rules(`[{"type": "lock_suit", "suit": "hearts", "rank": "8"}]`),
			want: `$.rules[0].rank: lock_suit names no rank`},
		{name: "a suit ban without a suit", patch: rules(`[{"type": "ban_suit"}]`),
			want: `$.rules[0].suit: ban_suit needs a suit (clubs, diamonds, hearts or spades)`},
		{name: "a rank ban with a suit", patch: rules(`[{"type": "ban_rank", "suit": "hearts"}]`),
			want: `$.rules[0].suit: ban_rank names no suit`},
		// Stacking.
		{name: "key 4", patch: rules(`[{"type": "ban_rank", "key": 4}]`),
			want: `$.rules[0].key: a stacking key from 0 to 3, got 4`},
		{name: "key -1", patch: rules(`[{"type": "ban_rank", "key": -1}]`),
			want: `$.rules[0].key: a stacking key from 0 to 3, got -1`},
		{name: "a mode other than an effect's", seed: "uno-style", patch: func(t *testing.T, m map[string]any) {
			m["effects"] = js(t, `[{"rank": "Q", "type": "draw_limit", "target": "next", "value": 2, "lasts": {"for": "deal", "key": 1, "stack": "max"}}]`)
			m["rules"] = js(t, `[{"type": "draw_limit", "value": 1, "key": 1, "stack": "min"}]`)
		}, want: `$.rules[0].stack: effect 0 is draw_limit with stacking key 1 too, so they stack alike, but say max and min`},
		{name: "a mode other than a rule's", patch: rules(`[{"type": "draw_limit", "value": 1, "stack": "none"}, {"type": "draw_limit", "value": 2, "key": 1}, {"type": "draw_limit", "value": 3}]`),
			want: `$.rules[2].stack: rules 0 and 2 are both draw_limit with stacking key 0, so they stack alike, but say none and additive`},
		{name: "a lock stacked by max", patch: rules(`[{"type": "lock_rank", "stack": "max"}, {"type": "lock_rank", "rank": "3", "stack": "none"}]`),
			want: `$.rules[1].stack: rules 0 and 1 are both lock_rank with stacking key 0, so they stack alike, but say max and none`},
		// The suppressed type.
		{name: "suppresses on another type", patch: rules(`[{"type": "ban_rank", "suppresses": "reverse"}]`),
			want: `$.rules[0].suppresses: only suppress switches off a type (ban_rank)`},
		{name: "suppress without a type", patch: rules(`[{"type": "suppress"}]`),
			want: `$.rules[0].suppresses: suppress needs the effect type it switches off`},
		{name: "suppress of suppress", patch: rules(`[{"type": "suppress", "suppresses": "suppress"}]`),
			want: `$.rules[0].suppresses: suppress cannot switch off suppress`},
		{name: "every problem of one rule", seed: "go-fish", patch: rules(`[{"type": "lock_suit", "if": {"of": "target_hand", "value": 60}, "value": 3,
			"scale": {"by": "pile", "per": 2}, "rank": "Q", "key": 5, "suppresses": "reverse"}]`),
			want: `9 problems:
  $.rules[0].type: no play or trick phase chooses a card, so lock_suit never narrows a choice
  $.rules[0].if.value: target_hand needs a value from 0 to 52, got 60
  $.rules[0].if.of: a rule has no target: test each seat's own hand (hand)
  $.rules[0].value: lock_suit takes no value
  $.rules[0].scale: lock_suit has no value to scale
  $.rules[0].rank: lock_suit names no rank
  $.rules[0].suit: lock_suit needs a suit (clubs, diamonds, hearts or spades)
  $.rules[0].key: a stacking key from 0 to 3, got 5
  $.rules[0].suppresses: only suppress switches off a type (lock_suit)`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestValidateRejectsLaterGoValues: a resolution point, a rule's type,
// holder, rank, suit, stacking mode or suppressed type out of range
// (possible from Go, not from JSON) is a problem at its field, never a
// panic.
func TestValidateRejectsLaterGoValues(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(g *genome.Genome)
		want   string
	}{
		{"resolution point", func(g *genome.Genome) { g.Effects[0].At = cardrules.NumResolves },
			fmt.Sprintf(`$.effects[0].at: unknown resolution point %d`, cardrules.NumResolves)},
		{"target", func(g *genome.Genome) { g.Effects[0].Target = cardrules.NumTargets },
			`$.effects[0].target: draw_cards needs a target (next, previous, all_opponents, random_opponent, chosen_opponent or self)`},
		{"rule type", func(g *genome.Genome) { g.Rules = []genome.Rule{{Type: cardrules.NumEffectTypes}} },
			fmt.Sprintf(`$.rules[0].type: a rule holds a lasting type (lock_suit, lock_rank, ban_suit, ban_rank, draw_limit, miss_turns, bonus or suppress), got %s`, cardrules.NumEffectTypes)},
		{"rule holder", func(g *genome.Genome) { g.Rules = []genome.Rule{{Type: cardrules.MissTurns, Who: cardrules.NumWhos}} },
			fmt.Sprintf(`$.rules[0].who: unknown rule holder %d`, cardrules.NumWhos)},
		{"rank", func(g *genome.Genome) { g.Rules = []genome.Rule{{Type: cardrules.LockRank, Rank: 14}} },
			`$.rules[0].rank: rank 14 out of range`},
		{"joker rank", func(g *genome.Genome) { g.Rules = []genome.Rule{{Type: cardrules.LockRank, Rank: cardrules.Joker}} },
			`$.rules[0].rank: a rule cannot lock or ban jokers, only a standard rank`},
		{"suit", func(g *genome.Genome) {
			g.Rules = []genome.Rule{{Type: cardrules.LockSuit, Suit: cardrules.NumTriggerSuits}}
		}, `$.rules[0].suit: lock_suit needs a suit (clubs, diamonds, hearts or spades)`},
		{"stacking mode", func(g *genome.Genome) {
			g.Rules = []genome.Rule{{Type: cardrules.MissTurns, Stack: cardrules.NumStacks}}
		},
			fmt.Sprintf(`$.rules[0].stack: unknown stacking mode %d`, cardrules.NumStacks)},
		{"suppressed type", func(g *genome.Genome) {
			g.Rules = []genome.Rule{{Type: cardrules.Suppress, Suppresses: cardrules.NumSuppressed}}
		}, `$.rules[0].suppresses: suppress needs the effect type it switches off`},
		{"condition subject", func(g *genome.Genome) {
			g.Rules = []genome.Rule{{Type: cardrules.MissTurns, If: genome.EffectCondition{Of: cardrules.NumCondOfs}}}
		}, fmt.Sprintf(`$.rules[0].if.of: unknown condition subject %d`, cardrules.NumCondOfs)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := testkit.SeedGenome(t, "uno-style")
			tc.change(g)
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

// TestValidateAcceptsLater: each resolution point on each type that may
// wait, with a trigger and a condition; chosen_opponent on an immediate, a
// lasting and a waiting effect; and rules of each lasting type in a game
// where it can act, with each holder, each table condition, each scale
// count and a stacking mode shared with an effect.
func TestValidateAcceptsLater(t *testing.T) {
	chosen := cardrules.TargetChosen
	for _, tc := range []struct {
		seed  string
		e     *genome.Effect
		rules []genome.Rule
	}{
		{seed: "uno-style", e: &genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2, At: cardrules.ResolveTurnEnd}},
		{seed: "uno-style", e: &genome.Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: cardrules.TargetAllOpponents, Value: 1, At: cardrules.ResolveTargetTurn,
			When: cardrules.Drawn, If: cond(cardrules.CondTarget, cardrules.AtLeast, 2)}},
		{seed: "go-fish", e: &genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: chosen, Value: 1, At: cardrules.ResolveTargetTurn, When: cardrules.Asked}},
		{seed: "uno-style", e: &genome.Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: chosen, Value: 1, Gate: true}},
		{seed: "whist", e: &genome.Effect{Rank: 5, Type: cardrules.MissTurns, Target: chosen, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Scope: cardrules.ScopeTeam}}},
		{seed: "crazy-eights", rules: []genome.Rule{
			{Type: cardrules.LockSuit, Who: cardrules.WhoMostCards, Suit: cardrules.TriggerOn(0), If: cond(cardrules.CondStock, cardrules.AtMost, 4)},
			{Type: cardrules.LockRank, Who: cardrules.WhoFewestCards, Rank: 6, If: cond(cardrules.CondPile, cardrules.AtLeast, 20)},
			{Type: cardrules.BanSuit, Suit: cardrules.TriggerOn(3), If: cond(cardrules.CondSeats, cardrules.Equal, 2)},
			{Type: cardrules.BanRank, Rank: 12, If: topSuit(1)},
		}},
		{seed: "crazy-eights", rules: []genome.Rule{
			{Type: cardrules.DrawLimit, Value: 1, Scale: genome.Scale{By: cardrules.CondHand, Per: 1}},
			{Type: cardrules.DrawLimit, Value: 13, Key: 3, Stack: cardrules.StackNone, Scale: genome.Scale{By: cardrules.CondStock, Per: 52}},
			{Type: cardrules.MissTurns, If: cond(cardrules.CondHand, cardrules.AtLeast, 20)},
			{Type: cardrules.Suppress, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)},
		}},
		{seed: "whist", rules: []genome.Rule{
			{Type: cardrules.Bonus, Who: cardrules.WhoFewestCards, Value: 2, Scale: genome.Scale{By: cardrules.CondSeats, Per: 2}, Stack: cardrules.StackMax},
			{Type: cardrules.Bonus, Value: 1, Scale: genome.Scale{By: cardrules.CondPile, Per: 13}, Stack: cardrules.StackMax},
		}},
		{seed: "uno-style", e: &genome.Effect{Rank: 5, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 2,
			Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Key: 1, Stack: cardrules.StackMin}},
			rules: []genome.Rule{{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 3, Key: 1, Stack: cardrules.StackMin}}},
	} {
		g := testkit.SeedGenome(t, tc.seed)
		if tc.e != nil {
			g.Effects = append(g.Effects, *tc.e)
		}
		g.Rules = tc.rules
		if err := g.Validate(); err != nil {
			t.Errorf("%s with %+v and rules %+v: %v", tc.seed, tc.e, tc.rules, err)
		}
	}
}
