package genometest

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawTriggers draws the triggers and conditions of g's effects, once the
// rest of g is drawn (so that adding them left every earlier draw as it
// was). A game in which no phase plays a card had no effects; it now gets a
// few when some other event can set one off (a Go Fish game's asks), each
// with such a trigger. In any other game an effect keeps the default
// trigger (played) most of the time and otherwise takes one of the
// triggers whose event the game makes possible (genome.CanTrigger). An
// effect of a trigger that names a
// rank (asked, set_laid) names no suit, and only an effect of a played
// card keeps a gate. Any effect may take a condition: a count of the
// player's hand, the target's hand (for types with a target), the stock,
// the discard pile or the seats still in, with every comparison and
// values to the limits, or the active suit.
func drawTriggers(t *rapid.T, g *genome.Genome, ranks []genome.Rank, cards []genome.Card) {
	plays := slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return p.Kind.PlaysCards() })
	if !plays && len(g.Effects) == 0 && possibleTriggers(g, false) != nil && rapid.IntRange(0, 2).Draw(t, "effects.waiting.has") != 0 {
		k := rapid.IntRange(1, 4).Draw(t, "effects.waiting.len")
		for range k {
			g.Effects = append(g.Effects, drawEffect(t, ranks, cards))
		}
	}
	// (Drawn and forced_discard may depend on played effects: in a game
	// that plays no card there are none.)
	whens := possibleTriggers(g, plays)
	for i := range g.Effects {
		e := &g.Effects[i]
		if len(whens) > 0 && (!plays || rapid.IntRange(0, 2).Draw(t, "effect.when.has") == 0) {
			e.When = rapid.SampledFrom(whens).Draw(t, "effect.when")
			e.Gate = false
			if e.When.OfRank() {
				e.Suit = cardrules.AnySuit
			}
		}
		if rapid.IntRange(0, 3).Draw(t, "effect.if.has") == 0 {
			e.If = drawCondition(t, e.Type)
		}
	}
	// An effect that made drawn or forced_discard possible may have taken
	// a trigger itself (a triggered effect's draws and discards set
	// nothing off): the effects whose trigger is now impossible go back to
	// played, until none is.
	for changed := plays; changed; {
		changed = false
		whens := possibleTriggers(g, true)
		for i := range g.Effects {
			if e := &g.Effects[i]; e.When != cardrules.Played && !slices.Contains(whens, e.When) {
				e.When, changed = cardrules.Played, true
			}
		}
	}
}

// possibleTriggers lists the triggers other than played whose events can
// happen in g (genome.CanTrigger), in their numbering; without effects, as
// if g had none (no draw or discard of a played effect counts).
func possibleTriggers(g *genome.Genome, effects bool) []cardrules.Trigger {
	if !effects {
		h := *g
		h.Effects = nil
		g = &h
	}
	var out []cardrules.Trigger
	for t := cardrules.Played + 1; t < cardrules.NumTriggers; t++ {
		if g.CanTrigger(t) {
			out = append(out, t)
		}
	}
	return out
}

// drawCondition draws a condition an effect of type typ may take: every
// subject (target_hand only for a type with a target), every comparison,
// small values mostly and sometimes the limits.
func drawCondition(t *rapid.T, typ genome.EffectType) genome.EffectCondition {
	return drawConditionOf(t, "effect.if", typ.UsesTarget())
}

// drawConditionOf draws a condition (labels under label): every subject
// (target_hand only when target says so), every comparison, small values
// mostly and sometimes the limits.
func drawConditionOf(t *rapid.T, label string, target bool) genome.EffectCondition {
	subjects := []cardrules.CondOf{cardrules.CondHand, cardrules.CondStock, cardrules.CondPile, cardrules.CondSeats, cardrules.CondTopSuit}
	if target {
		subjects = append(subjects, cardrules.CondTarget)
	}
	c := genome.EffectCondition{Of: rapid.SampledFrom(subjects).Draw(t, label+".of")}
	if c.Of == cardrules.CondTopSuit {
		c.Suit = cardrules.TriggerOn(genome.Suit(rapid.IntRange(0, cardrules.NumSuits-1).Draw(t, label+".suit")))
		return c
	}
	c.Cmp = cardrules.Compare(rapid.IntRange(0, int(cardrules.NumCompares)-1).Draw(t, label+".cmp"))
	lo, hi := 0, cardrules.MaxCondValue
	if c.Of == cardrules.CondSeats {
		lo, hi = 1, cardrules.MaxSeats
	}
	if rapid.IntRange(0, 4).Draw(t, label+".value.wide") == 0 {
		c.Value = rapid.IntRange(lo, hi).Draw(t, label+".value")
	} else {
		c.Value = rapid.IntRange(lo, min(hi, 8)).Draw(t, label+".value")
	}
	return c
}
