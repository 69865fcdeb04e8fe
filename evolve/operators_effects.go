package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// This file holds the effect operators: add_effect, remove_effect and
// mutate_effect (the package doc gives what each does; operators_triggers.go
// what they do with an effect's trigger and condition).

// gateChance is the probability that a new effect of a type that can
// fizzle carries a gate. A gate takes its card out of play while the
// effect cannot resolve, a narrower rule than the effect itself, so most
// new effects start without one; mutateEffect turns it on and off later.
const gateChance = 0.25

// randomDiscardChance is the probability that a new forced discard in a
// game of fan hands takes its cards at random rather than by the target's
// choice.
const randomDiscardChance = 0.25

// suitTriggerChance is the probability that a new effect is triggered by
// the card of its rank of one suit rather than by every card of the rank.
const suitTriggerChance = 0.2

// pickTriggerSuit returns a trigger suit for rank rk other than not: any
// suit, or one whose card of the rank is in the deck (not itself when
// there is no other).
func pickTriggerSuit(g *genome.Genome, rk genome.Rank, not cardrules.TriggerSuit, r *rng.Source) cardrules.TriggerSuit {
	opts := []cardrules.TriggerSuit{cardrules.AnySuit}
	for _, c := range g.Deck.Cards() {
		// A joker has no suit to trigger on; a second pack's copy names
		// the same suit as the first's.
		if c.Rank() == rk && !c.IsJoker() && c.Copy() == 0 {
			opts = append(opts, cardrules.TriggerOn(c.Suit()))
		}
	}
	opts = slices.DeleteFunc(opts, func(t cardrules.TriggerSuit) bool { return t == not })
	if len(opts) == 0 {
		return not
	}
	return pick(r, opts)
}

// addEffect appends a random effect: any rank of the deck, any type that
// can act in the game (genome.CanLast: a lasting type needs what it acts on),
// with a target where it reads one (any the game allows: targets), a small
// value, a random lasting for a lasting type (randomLasting), for a type
// that can wait a later resolution point with probability laterChance, a
// trigger that can fire in the game with the effect (pickTrigger: mostly
// the play of its card where cards are played, another event otherwise),
// for a played effect of a type that can fizzle and resolves now a gate
// with probability gateChance, for a trigger that names a card sometimes
// one suit, and sometimes a condition; fields the type does not use stay
// 0. It does not apply when the game is full of effects or no trigger can
// fire in it.
func addEffect(g *genome.Genome, r *rng.Source) bool {
	if len(g.Effects) >= cardrules.MaxEffects {
		return false
	}
	e := genome.Effect{Rank: pick(r, deckRanks(g)), Type: pick(r, fittingTypes(g))}
	if e.Type.Lasts() {
		e.Lasts = randomLasting(g, len(g.Effects), e.Type, r)
	}
	if hasTarget(&e) {
		e.Target = randomTarget(g, r)
	}
	if e.Type.CanWait() && chance(r, laterChance) {
		e.At = pick(r, laterPoints(cardrules.ResolveNow))
	}
	if e.Type.UsesValue() {
		e.Value = 1 + r.IntN(3)
	}
	g.Effects = append(g.Effects, e)
	when, ok := pickTrigger(g, r)
	if !ok {
		g.Effects = g.Effects[:len(g.Effects)-1]
		return false
	}
	e.When = when
	if gateable(&e) {
		e.Gate = chance(r, gateChance)
	}
	if e.Type == cardrules.ForceDiscard && g.Hand == cardrules.HandFan {
		e.Random = chance(r, randomDiscardChance)
	}
	if !e.When.OfRank() && chance(r, suitTriggerChance) {
		e.Suit = pickTriggerSuit(g, e.Rank, cardrules.AnySuit, r)
	}
	if chance(r, conditionChance) {
		e.If = randomCondition(g, pick(r, condSubjects(&e)), r)
	}
	g.Effects[len(g.Effects)-1] = e
	return true
}

// fittingTypes lists the effect types that can act in g (genome.CanLast, for
// an effect of a played card): every immediate type, and the lasting
// types whose game it is.
func fittingTypes(g *genome.Genome) []genome.EffectType {
	var ts []genome.EffectType
	for t := range genome.EffectType(cardrules.NumEffectTypes) {
		if g.CanLast(&genome.Effect{Type: t}) {
			ts = append(ts, t)
		}
	}
	return ts
}

func removeEffect(g *genome.Genome, r *rng.Source) bool {
	if len(g.Effects) == 0 {
		return false
	}
	i := r.IntN(len(g.Effects))
	g.Effects = slices.Delete(g.Effects, i, i+1)
	fitTriggers(g)
	return true
}

// mutateEffect changes exactly one used field of one effect to a different
// value: the rank, the type (setType: fields the new type uses are filled
// in, those it does not are zeroed, a gate stays only if the new type can
// fizzle too and a condition on the target's hand only if it has a target,
// a lasting type gets a lasting or keeps its own; only types that leave
// every effect able to fire and act, so a type another effect's trigger
// needs, the last force_discard for effects of forced discards, is kept),
// the target (another the game allows, not for a scope of everyone), the
// value by ±1 reflected at its bounds, or, for a played effect of a type
// that can fizzle and resolves now, the gate on or off, or, for a forced
// discard in a game of fan hands, taking the cards at random or by choice,
// or, for a trigger that names a card, every card of the rank or the card
// of one suit, or the trigger (another that can fire in the game:
// mutateTrigger), or the condition (mutateCondition), or, for a lasting
// type, one field of its lasting (mutateLasting), or, for a type that can
// wait, its resolution point (another: setAt, which drops the gate of an
// effect that comes to wait). A change that would leave a continuous rule
// nothing to act on (the draws a draw limit limits) is not made.
func mutateEffect(g *genome.Genome, r *rng.Source) bool {
	effects, rules := slices.Clone(g.Effects), slices.Clone(g.Rules)
	if !mutateOneEffect(g, r) {
		return false
	}
	if slices.ContainsFunc(g.Rules, func(ru genome.Rule) bool { return !ruleFits(g, ru.Type) }) {
		// The effect's draws were what a rule's draw limit limits (its
		// type, trigger or resolution point changed): keep the parent's.
		g.Effects, g.Rules = effects, rules
		return false
	}
	return true
}

// mutateOneEffect is mutateEffect without the rules' check.
func mutateOneEffect(g *genome.Genome, r *rng.Source) bool {
	if len(g.Effects) == 0 {
		return false
	}
	i := r.IntN(len(g.Effects))
	e := &g.Effects[i]
	fields := []int{0, 1}
	if hasTarget(e) {
		fields = append(fields, 2)
	}
	if e.Type.UsesValue() {
		fields = append(fields, 3)
	}
	if gateable(e) {
		fields = append(fields, 4)
	}
	if e.Type == cardrules.ForceDiscard && g.Hand == cardrules.HandFan {
		fields = append(fields, 5)
	}
	if !e.When.OfRank() {
		fields = append(fields, 6)
	}
	fields = append(fields, 7, 8)
	if e.Type.Lasts() {
		fields = append(fields, 9)
	}
	if e.Type.CanWait() {
		fields = append(fields, 10)
	}
	switch pick(r, fields) {
	case 0:
		others := slices.DeleteFunc(deckRanks(g), func(x genome.Rank) bool { return x == e.Rank })
		if len(others) == 0 {
			return false
		}
		e.Rank = pick(r, others)
		if e.Suit != cardrules.AnySuit && (e.Rank == cardrules.Joker || !slices.Contains(g.Deck.Cards(), cardrules.NewCard(e.Rank, e.Suit.Suit()))) {
			e.Suit = cardrules.AnySuit
		}
	case 1:
		t, ok := pickType(g, i, r)
		if !ok {
			return false
		}
		setType(g, i, t, r)
	case 2:
		ts := slices.DeleteFunc(targets(g), func(t genome.Target) bool { return t == e.Target })
		e.Target = pick(r, ts)
	case 3:
		e.Value = reflectStep(e.Value, r, 1, cardrules.MaxEffectValue)
	case 4:
		e.Gate = !e.Gate
	case 5:
		e.Random = !e.Random
	case 6:
		s := pickTriggerSuit(g, e.Rank, e.Suit, r)
		if s == e.Suit {
			return false
		}
		e.Suit = s
	case 7:
		return mutateTrigger(g, e, r)
	case 8:
		mutateCondition(g, e, r)
	case 9:
		mutateLasting(g, i, r)
	case 10:
		was, gate := e.At, e.Gate
		setAt(e, pick(r, laterPoints(e.At)))
		if !allCanFire(g) {
			// Its draws or discards were what another effect's trigger
			// or a rule waits for (a delayed one's set nothing off).
			e.At, e.Gate = was, gate
			return false
		}
	}
	return true
}

// pickType returns a new type for effect i of g, other than its own, among
// those that leave every effect of g able to fire (genome.CanTrigger) and
// act (genome.CanLast); ok is false when there is none.
func pickType(g *genome.Genome, i int, r *rng.Source) (genome.EffectType, bool) {
	was := g.Effects[i].Type
	var ts []genome.EffectType
	for t := range genome.EffectType(cardrules.NumEffectTypes) {
		if t == was {
			continue
		}
		g.Effects[i].Type = t
		if allCanFire(g) {
			ts = append(ts, t)
		}
	}
	g.Effects[i].Type = was
	if len(ts) == 0 {
		return 0, false
	}
	return pick(r, ts), true
}
