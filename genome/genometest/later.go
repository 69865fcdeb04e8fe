package genometest

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawLater draws, once the rest of g is drawn (its effects' types,
// triggers and lasting fields included), what waits and what holds: an
// effect's chosen target is drawn again in a game of pile hands (no
// player chooses in a battle); a draw_cards or force_discard effect
// sometimes resolves at the turn's end or at its target's next turn,
// with any trigger and condition, and then takes no gate; and the game
// sometimes has continuous rules (drawRule).
func drawLater(t *rapid.T, g *genome.Genome, ranks []genome.Rank, suits []genome.Suit) {
	for i := range g.Effects {
		e := &g.Effects[i]
		if e.Target == cardrules.TargetChosen && g.Hand == cardrules.HandPile {
			// Any other target (next .. self, chosen last).
			e.Target = genome.Target(rapid.IntRange(1, int(cardrules.TargetChosen)-1).Draw(t, "effect.target.unchosen"))
		}
		if e.Type.CanWait() && rapid.IntRange(0, 2).Draw(t, "effect.at.has") == 0 {
			e.At = cardrules.Resolve(rapid.IntRange(1, int(cardrules.NumResolves)-1).Draw(t, "effect.at"))
			if !slices.ContainsFunc(g.Effects, func(x genome.Effect) bool { return !g.CanTrigger(x.When) || !g.CanLast(&x) }) {
				e.Gate = false
			} else {
				// Its draws or discards were what another effect's
				// trigger waits for, or what a draw_limit limits (a
				// delayed one's draws count for neither).
				e.At = cardrules.ResolveNow
			}
		}
	}
	var fits []genome.EffectType
	for typ := cardrules.LockSuit; typ < cardrules.NumEffectTypes; typ++ {
		if g.CanLast(&genome.Effect{Type: typ}) {
			fits = append(fits, typ)
		}
	}
	if len(fits) == 0 || rapid.IntRange(0, 3).Draw(t, "rules.has") != 0 {
		return
	}
	k := rapid.IntRange(1, cardrules.MaxRules).Draw(t, "rules.len")
	for range k {
		g.Rules = append(g.Rules, drawRule(t, g, fits, ranks, suits))
	}
}

// drawRule draws one continuous rule of g, of one of the lasting types
// fits that can act in g: every holder; a condition of every subject but
// target_hand, sometimes; for draw_limit and bonus a value and sometimes
// a scale by each count (per 1..52, mostly small); a rank or suit of the
// deck, or the type to switch off (any but suppress), as the type needs;
// a stacking key sometimes, and the stacking mode of the effects and
// rules before it of the same type and key, else one drawn as for an
// effect (max and min only for the types with a value).
func drawRule(t *rapid.T, g *genome.Genome, fits []genome.EffectType, ranks []genome.Rank, suits []genome.Suit) genome.Rule {
	r := genome.Rule{
		Type: rapid.SampledFrom(fits).Draw(t, "rule.type"),
		Who:  cardrules.Who(rapid.IntRange(0, int(cardrules.NumWhos)-1).Draw(t, "rule.who")),
	}
	if rapid.IntRange(0, 2).Draw(t, "rule.if.has") == 0 {
		r.If = drawConditionOf(t, "rule.if", false)
	}
	if r.Type.UsesValue() {
		r.Value = rapid.IntRange(1, cardrules.MaxEffectValue).Draw(t, "rule.value")
		if rapid.IntRange(0, 2).Draw(t, "rule.scale.has") == 0 {
			r.Scale.By = rapid.SampledFrom([]cardrules.CondOf{cardrules.CondHand, cardrules.CondStock, cardrules.CondPile, cardrules.CondSeats}).Draw(t, "rule.scale.by")
			switch rapid.IntRange(0, 5).Draw(t, "rule.scale.per.wide") {
			case 0:
				r.Scale.Per = cardrules.NumCards // the limit
			case 1:
				r.Scale.Per = rapid.IntRange(1, cardrules.NumCards).Draw(t, "rule.scale.per")
			default:
				r.Scale.Per = rapid.IntRange(1, 10).Draw(t, "rule.scale.per")
			}
		}
	}
	switch r.Type {
	case cardrules.LockRank, cardrules.BanRank:
		r.Rank = rapid.SampledFrom(ranks).Draw(t, "rule.rank")
	case cardrules.LockSuit, cardrules.BanSuit:
		r.Suit = cardrules.TriggerOn(rapid.SampledFrom(suits).Draw(t, "rule.suit"))
	case cardrules.Suppress:
		x := genome.EffectType(rapid.IntRange(0, int(cardrules.NumEffectTypes)-2).Draw(t, "rule.suppresses"))
		if x >= cardrules.Suppress {
			x++ // any type but suppress
		}
		r.Suppresses = cardrules.SuppressedOf(x)
	}
	if rapid.IntRange(0, 2).Draw(t, "rule.key.has") == 0 {
		r.Key = rapid.IntRange(1, cardrules.MaxStackKey).Draw(t, "rule.key")
	}
	if j := slices.IndexFunc(g.Effects, func(x genome.Effect) bool { return x.Type == r.Type && x.Lasts.Key == r.Key }); j >= 0 {
		r.Stack = g.Effects[j].Lasts.Stack
	} else if j := slices.IndexFunc(g.Rules, func(x genome.Rule) bool { return x.Type == r.Type && x.Key == r.Key }); j >= 0 {
		r.Stack = g.Rules[j].Stack
	} else if r.Type.UsesValue() {
		r.Stack = cardrules.Stacking(rapid.IntRange(0, int(cardrules.NumStacks)-1).Draw(t, "rule.stack"))
	} else if rapid.IntRange(0, 3).Draw(t, "rule.stack.none") == 0 {
		r.Stack = cardrules.StackNone
	}
	return r
}
