package genome

import (
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// HasPhase reports whether g's turn has a phase of kind k.
func (g *Genome) HasPhase(k cardrules.PhaseKind) bool {
	return slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == k })
}

// CanTrigger reports whether an effect of trigger t can ever fire in g:
// whether the event it waits for can happen (the rule Validate applies to
// every effect's trigger).
func (g *Genome) CanTrigger(t cardrules.Trigger) bool { return g.triggerPossible(t) == "" }

// triggerPossible returns why effects of trigger t can never fire in g, or
// "" when the event it waits for can happen.
func (g *Genome) triggerPossible(t cardrules.Trigger) string {
	switch t {
	case cardrules.Played:
		if !slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind.PlaysCards() }) {
			return "no phase plays a card (play, battle, trick or turn_up)"
		}
	case cardrules.Drawn:
		draws := g.HasPhase(cardrules.PhaseDraw) || g.HasPhase(cardrules.PhaseAsk) || g.HasPhase(cardrules.PhaseMeld) ||
			slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhasePlay && p.DrawMax > 0 }) ||
			slices.ContainsFunc(g.Effects, func(e Effect) bool {
				return e.Type == cardrules.DrawCards && e.When == cardrules.Played && e.At == cardrules.ResolveNow
			})
		switch {
		case !draws:
			// (The draws of a triggered or delayed effect set nothing off.)
			return "nothing draws a card (a draw, ask or meld phase, a play phase with draw_max, a draw_cards effect of a played card resolving now)"
		case g.Deal.All && !g.Reshuffle:
			return "the whole deck is dealt and the stock is never refilled"
		}
	case cardrules.Asked:
		if !g.HasPhase(cardrules.PhaseAsk) {
			return "no ask phase"
		}
	case cardrules.Taken:
		if !g.HasPhase(cardrules.PhaseTake) && !g.HasPhase(cardrules.PhaseAsk) {
			return "no take or ask phase"
		}
	case cardrules.SetLaid:
		if g.Meld == 0 {
			return "no sets are laid down (meld)"
		}
	case cardrules.TrickWon:
		if !g.HasPhase(cardrules.PhaseTrick) {
			return "no trick phase"
		}
	case cardrules.ForcedDiscard:
		if !slices.ContainsFunc(g.Effects, func(e Effect) bool {
			return e.Type == cardrules.ForceDiscard && e.When == cardrules.Played && e.At == cardrules.ResolveNow
		}) {
			return "no force_discard effect of a played card resolving now (a triggered or delayed one's discards set nothing off)"
		}
	case cardrules.WentOut:
		if len(g.End.Conditions) == 0 {
			return "no end condition puts seats out"
		}
	}
	return ""
}

// checkTrigger adds the problems of effect e's trigger and condition (at
// path p) to ps.
func (g *Genome) checkTrigger(ps *Problems, p string, e *Effect) {
	switch {
	case e.When >= cardrules.NumTriggers:
		ps.add(p+".when", "unknown trigger %d", e.When)
	case e.When != cardrules.Played:
		if why := g.triggerPossible(e.When); why != "" {
			ps.add(p+".when", "%s, so an effect when %s can never fire", why, e.When)
		}
		if e.When.OfRank() && e.Suit != cardrules.AnySuit {
			ps.add(p+".suit", "%s names a rank, not a card, so the effect cannot name a suit", e.When)
		}
		if e.Gate {
			ps.add(p+".gate", "only an effect of a played card can keep its card from being played (when %s)", e.When)
		}
	}
	g.checkCondition(ps, p+".if", e.If)
	if e.If.Of == cardrules.CondTarget && !e.Type.UsesTarget() {
		ps.add(p+".if.of", "%s has no target, so it cannot test the target's hand", e.Type)
	}
	g.checkAt(ps, p, e)
}

// checkCondition adds the problems of condition c (at path p) to ps.
func (g *Genome) checkCondition(ps *Problems, p string, c EffectCondition) {
	switch {
	case c == EffectCondition{}:
	case c.Of == cardrules.NoCond:
		ps.add(p+".of", "a condition needs a subject (of: hand, target_hand, stock, pile, seats or top_suit)")
	case c.Of >= cardrules.NumCondOfs:
		ps.add(p+".of", "unknown condition subject %d", c.Of)
	case c.Of == cardrules.CondTopSuit:
		if c.Suit == cardrules.AnySuit || c.Suit >= cardrules.NumTriggerSuits {
			ps.add(p+".suit", "top_suit needs a suit (clubs, diamonds, hearts or spades)")
		}
		if c.Cmp != 0 || c.Value != 0 {
			ps.add(p, "top_suit takes a suit, not cmp or value")
		}
	default:
		lo, hi := 0, cardrules.MaxCondValue
		if c.Of == cardrules.CondSeats {
			lo, hi = 1, cardrules.MaxSeats
		}
		if c.Cmp >= cardrules.NumCompares {
			ps.add(p+".cmp", "unknown comparison %d", c.Cmp)
		}
		if c.Value < lo || c.Value > hi {
			ps.add(p+".value", "%s needs a value from %d to %d, got %d", c.Of, lo, hi, c.Value)
		}
		if c.Suit != cardrules.AnySuit {
			ps.add(p+".suit", "%s counts cards or seats and takes no suit", c.Of)
		}
	}
}
