package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// This file holds what the effect operators do with an effect's trigger
// (when) and condition (if). An effect waits for an event of its trigger,
// and the genome is valid only while that event can happen in it (a
// drawn card needs something that draws, an asked rank an ask phase, and
// so on: genome.CanTrigger). So add_effect picks its trigger among those that can
// fire, which lets games that never play a card (Go Fish, Old Maid) carry
// effects too; mutate_effect moves a trigger only to another that can
// fire, and never changes a type that another effect's trigger needs; and
// the operators that take away what a trigger needs (a phase, the sets,
// the last draw, a force_discard effect, reshuffling) take the effects
// that could no longer fire along (fitTriggers), as a rank leaving the
// deck takes its effects.

// otherTriggerChance is the probability that a new effect in a game that
// plays cards waits for another event than its card's play. Effects of a
// played card are the common case, and the ones greedy play sees; a game
// that plays no card has no choice but another trigger.
const otherTriggerChance = 0.25

// conditionChance is the probability that a new effect carries a
// condition; mutate_effect adds and removes conditions later.
const conditionChance = 0.2

// firingTriggers lists the triggers other than not (cardrules.NumTriggers:
// none left out), in trigger order, that effect e of g may take: with it,
// e and every other effect of g can fire (e itself no longer counts among
// what draws or discards once its trigger is not the play of its card).
func firingTriggers(g *genome.Genome, e *genome.Effect, not cardrules.Trigger) []cardrules.Trigger {
	old := e.When
	var ts []cardrules.Trigger
	for t := range cardrules.NumTriggers {
		e.When = t
		if t != not && allCanFire(g) {
			ts = append(ts, t)
		}
	}
	e.When = old
	return ts
}

// pickTrigger returns the trigger of a new effect, the last of g:
// played, where a card can be played, but for otherTriggerChance of the
// time, then any other trigger that can fire, with equal chances; where
// no card is played, any trigger that can fire. ok is false when none can.
func pickTrigger(g *genome.Genome, r *rng.Source) (t cardrules.Trigger, ok bool) {
	e := &g.Effects[len(g.Effects)-1]
	others := firingTriggers(g, e, cardrules.Played)
	if g.CanTrigger(cardrules.Played) && (len(others) == 0 || !chance(r, otherTriggerChance)) {
		return cardrules.Played, true
	}
	if len(others) == 0 {
		return 0, false
	}
	return pick(r, others), true
}

// fitTrigger clears what effect e cannot hold with its trigger: a suit,
// when the trigger names a rank (an ask, a set), and a gate, when it is
// not the play of the card.
func fitTrigger(e *genome.Effect) {
	if e.When.OfRank() {
		e.Suit = cardrules.AnySuit
	}
	if e.When != cardrules.Played {
		e.Gate = false
	}
}

// mutateTrigger moves effect e of g to another trigger that can fire in
// g, clearing what the new trigger does not allow (fitTrigger). It returns
// false when no other trigger can fire.
func mutateTrigger(g *genome.Genome, e *genome.Effect, r *rng.Source) bool {
	ts := firingTriggers(g, e, e.When)
	if len(ts) == 0 {
		return false
	}
	e.When = pick(r, ts)
	fitTrigger(e)
	return true
}

// allCanFire reports whether every effect of g can fire, and act once
// fired (genome.CanLast).
func allCanFire(g *genome.Genome) bool {
	return !slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return !canFire(g, &e) })
}

// canFire reports whether effect e of g can fire and act.
func canFire(g *genome.Genome, e *genome.Effect) bool {
	return g.CanTrigger(e.When) && g.CanLast(e)
}

// fitTriggers drops the effects of g that can no longer fire or act,
// until every one left can (dropping the last force_discard effect
// silences the effects of forced discards, dropping the last draw_cards
// effect can silence those of drawn cards and leave a draw_limit nothing
// to limit; a lock or ban needs a phase that plays cards, a bonus points
// to add to), then repairs the effects left (fitTargets, fitLasting) and
// the continuous rules, dropping those that can no longer act (fitRules).
// It makes no random draw and changes nothing in a genome whose effects
// and rules are valid.
func fitTriggers(g *genome.Genome) {
	for !allCanFire(g) {
		g.Effects = slices.DeleteFunc(g.Effects, func(e genome.Effect) bool { return !canFire(g, &e) })
	}
	fitTargets(g)
	fitLasting(g)
	if len(g.Effects) == 0 {
		g.Effects = nil
	}
	fitRules(g)
}

// condSubjects lists the condition subjects effect e may test: every one,
// but the target's hand only for an effect that has a target (hasTarget:
// not a scope of everyone).
func condSubjects(e *genome.Effect) []cardrules.CondOf {
	var out []cardrules.CondOf
	for of := cardrules.CondHand; of < cardrules.NumCondOfs; of++ {
		if of != cardrules.CondTarget || hasTarget(e) {
			out = append(out, of)
		}
	}
	return out
}

// condBounds is the range mutate_effect keeps a numeric condition's value
// in: a count of cards from 0 to the deck's size, seats from 1 to the most
// the game seats.
func condBounds(g *genome.Genome, of cardrules.CondOf) (lo, hi int) {
	if of == cardrules.CondSeats {
		return 1, min(max(g.Seats.Max, 1), cardrules.MaxSeats)
	}
	return 0, min(len(g.Deck.Cards()), cardrules.MaxCondValue)
}

// newCondValue draws the value of a new numeric condition: seats within
// the game's seat range; a hand from 0 to 8 cards, where hands are small;
// the stock or the pile from 0 to half the deck.
func newCondValue(g *genome.Genome, of cardrules.CondOf, r *rng.Source) int {
	lo, hi := condBounds(g, of)
	switch of {
	case cardrules.CondHand, cardrules.CondTarget:
		hi = min(hi, 8)
	case cardrules.CondStock, cardrules.CondPile:
		hi /= 2
	}
	return lo + r.IntN(hi-lo+1)
}

// randomSuit returns a suit as a condition names it, other than not.
func randomSuit(r *rng.Source, not cardrules.TriggerSuit) cardrules.TriggerSuit {
	if not == cardrules.AnySuit {
		return cardrules.TriggerSuit(1 + r.IntN(cardrules.NumSuits))
	}
	s := cardrules.TriggerSuit(1 + r.IntN(cardrules.NumSuits-1))
	if s >= not {
		s++
	}
	return s
}

// randomCondition returns a condition on subject of for an effect of g:
// the active suit being a random suit, or a count compared, by a random
// comparison, with a value from newCondValue.
func randomCondition(g *genome.Genome, of cardrules.CondOf, r *rng.Source) genome.EffectCondition {
	if of == cardrules.CondTopSuit {
		return genome.EffectCondition{Of: of, Suit: randomSuit(r, cardrules.AnySuit)}
	}
	return genome.EffectCondition{Of: of, Cmp: cardrules.Compare(r.IntN(int(cardrules.NumCompares))), Value: newCondValue(g, of, r)}
}

// mutateCondition changes effect e's condition: adds one (any subject its
// type may test) where it has none; else removes it, or changes one of
// its fields to a different value: the subject (a count keeps its
// comparison and, within the new subject's bounds, its value; the active
// suit and a count swap one for the other whole), the comparison, the
// value by ±1 reflected at the subject's bounds (condBounds), or the
// active suit's suit.
func mutateCondition(g *genome.Genome, e *genome.Effect, r *rng.Source) {
	mutateCond(g, &e.If, condSubjects(e), r)
}

// mutateCond is mutateCondition for condition c of an effect or a rule of
// g, whose subjects may be subjects.
func mutateCond(g *genome.Genome, c *genome.EffectCondition, subjects []cardrules.CondOf, r *rng.Source) {
	if c.Of == cardrules.NoCond {
		*c = randomCondition(g, pick(r, subjects), r)
		return
	}
	switch r.IntN(3) {
	case 0:
		*c = genome.EffectCondition{}
	case 1:
		subjects = slices.DeleteFunc(subjects, func(of cardrules.CondOf) bool { return of == c.Of })
		of := pick(r, subjects)
		if of == cardrules.CondTopSuit || c.Of == cardrules.CondTopSuit {
			*c = randomCondition(g, of, r)
			return
		}
		c.Of = of
		if lo, hi := condBounds(g, of); c.Value < lo || c.Value > hi {
			c.Value = newCondValue(g, of, r)
		}
	default:
		if c.Of == cardrules.CondTopSuit {
			c.Suit = randomSuit(r, c.Suit)
			return
		}
		if r.IntN(2) == 0 {
			k := cardrules.Compare(r.IntN(int(cardrules.NumCompares) - 1))
			if k >= c.Cmp {
				k++
			}
			c.Cmp = k
			return
		}
		lo, hi := condBounds(g, c.Of)
		c.Value = reflectStep(c.Value, r, lo, max(hi, lo+1))
	}
}
