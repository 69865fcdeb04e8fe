package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// This file holds what the operators do with effects that wait, continuous
// rules and targets of the player's choice.
//
// An effect of a type that moves cards (draw_cards, force_discard) may
// resolve later than it fires (at: turn_end, target_turn). add_effect
// gives one a later resolution point now and then, mutate_effect moves it
// to another, and a type that cannot wait resolves now. An effect that
// waits keeps no gate (its card cannot be refused for a hit that comes
// later), so a resolution point other than now drops the gate, and the
// gate is turned on and off only for an effect that resolves now.
//
// A continuous rule (Genome.Rules) holds a lasting type over the seats it
// picks from the state. add_rule, remove_rule and mutate_rule keep a game's
// rules valid: a rule holds only a type that can act in the game (as a
// lasting effect's: genome.CanLast), and every effect and rule of one type
// and stacking key shares one stacking mode, so a new rule, or one moved to
// another type or key, takes its group's mode, and mutate_rule changes the
// mode of a whole group (effects too). The operators that take away what a
// lasting type acts on drop the rules that could no longer act, as they
// drop such effects, and a crossover's child whose groups disagree takes
// each group's mode from its effects, else from its first rule (fitRules).
//
// An opponent of the player's choice (target: chosen_opponent) is a
// decision, which a pile hand's battle cannot re-enter: evolution picks it
// only in a game of fan hands, and a child of a crossover that brings it
// into a game of pile hands draws the opponent at random instead
// (fitTargets). No operator sets a take phase's from, so none makes it
// chosen_opponent.

// laterChance is the probability that a new effect of a type that can wait
// resolves later than it fires. Most effects hit at once, as a card game's
// do; mutate_effect moves the resolution point later.
const laterChance = 0.2

// scaleChance is the probability that a new rule with a value scales it
// with a count.
const scaleChance = 0.25

// laterPoints lists the resolution points other than not.
func laterPoints(not cardrules.Resolve) []cardrules.Resolve {
	var out []cardrules.Resolve
	for v := range cardrules.NumResolves {
		if v != not {
			out = append(out, v)
		}
	}
	return out
}

// setAt gives effect e the resolution point v; an effect that waits drops
// its gate.
func setAt(e *genome.Effect, v cardrules.Resolve) {
	e.At = v
	if v != cardrules.ResolveNow {
		e.Gate = false
	}
}

// gateable reports whether effect e may carry a gate: an effect of a
// played card, of a type that can fizzle, that resolves when it fires.
func gateable(e *genome.Effect) bool {
	return e.Type.Fizzles() && e.When == cardrules.Played && e.At == cardrules.ResolveNow
}

// fitTargets repairs the targets of g's effects that g does not allow: in
// a game of pile hands, an opponent of the player's choice becomes a
// random opponent. It makes no random draw.
func fitTargets(g *genome.Genome) {
	if g.Hand != cardrules.HandPile {
		return
	}
	for i := range g.Effects {
		if e := &g.Effects[i]; e.Target == cardrules.TargetChosen {
			e.Target = cardrules.TargetRandomOpponent
		}
	}
}

// ruleTypes lists the types a rule of g may hold: the lasting types that
// can act in g.
func ruleTypes(g *genome.Genome) []genome.EffectType {
	var ts []genome.EffectType
	for t := range genome.EffectType(cardrules.NumEffectTypes) {
		if ruleFits(g, t) {
			ts = append(ts, t)
		}
	}
	return ts
}

// ruleFits reports whether a rule of type t can act in g.
func ruleFits(g *genome.Genome, t genome.EffectType) bool {
	return t.Lasts() && g.CanLast(&genome.Effect{Type: t})
}

// ruleSubjects lists the subjects a rule's condition may test: every one
// but the target's hand (a rule has no target).
func ruleSubjects() []cardrules.CondOf {
	var out []cardrules.CondOf
	for of := cardrules.CondHand; of < cardrules.NumCondOfs; of++ {
		if of != cardrules.CondTarget {
			out = append(out, of)
		}
	}
	return out
}

// scaleBys lists the counts a rule's value may scale with.
func scaleBys() []cardrules.CondOf {
	var out []cardrules.CondOf
	for of := cardrules.CondHand; of < cardrules.NumCondOfs; of++ {
		if of.ScalesBy() {
			out = append(out, of)
		}
	}
	return out
}

// randomScale returns a scale by any count, one more for every 2 to 13.
func randomScale(r *rng.Source) genome.Scale {
	return genome.Scale{By: pick(r, scaleBys()), Per: 2 + r.IntN(12)}
}

// setRuleType gives rule i of g the type t, filling in what t reads and
// clearing what it does not: a value 1..3 (without scale) or none, a rank
// of the deck or none, any suit or none, any type to switch off or none,
// and a stacking mode that is canonical for t and its group's where the
// group has one.
func setRuleType(g *genome.Genome, i int, t genome.EffectType, r *rng.Source) {
	ru := &g.Rules[i]
	hadRank := namesRank(ru.Type)
	ru.Type = t
	switch {
	case !t.UsesValue():
		ru.Value, ru.Scale = 0, genome.Scale{}
	case ru.Value == 0:
		ru.Value = 1 + r.IntN(3)
	}
	switch {
	case !namesRank(t):
		ru.Rank = 0
	case !hadRank:
		ru.Rank = pick(r, standardRanks(g))
	}
	switch {
	case !t.NamesSuit():
		ru.Suit = cardrules.AnySuit
	case ru.Suit == cardrules.AnySuit:
		ru.Suit = randomSuit(r, cardrules.AnySuit)
	}
	switch {
	case t != cardrules.Suppress:
		ru.Suppresses = cardrules.NoSuppressed
	case ru.Suppresses == cardrules.NoSuppressed:
		ru.Suppresses = pick(r, suppressible())
	}
	if !slices.Contains(stackModes(t), ru.Stack) {
		ru.Stack = cardrules.StackAdditive
	}
	if s, ok := groupStack(g.Effects, -1, g.Rules, i, t, ru.Key); ok {
		ru.Stack = s
	}
}

// addRule appends a random rule to g, while it has fewer than
// cardrules.MaxRules: any type that can act in g (ruleTypes), any holder,
// a condition one time in five (any subject but the target's hand), a
// value 1..3 scaled with probability scaleChance for draw_limit and bonus,
// a rank of the deck, a suit, a type to switch off where the type reads
// one, key 0 but for otherKeyChance of the time, and its group's stacking
// mode where it has one, else any of the type's. It does not apply when
// no lasting type can act in g.
func addRule(g *genome.Genome, r *rng.Source) bool {
	ts := ruleTypes(g)
	if len(g.Rules) >= cardrules.MaxRules || len(ts) == 0 {
		return false
	}
	t := pick(r, ts)
	ru := genome.Rule{Type: t, Who: cardrules.Who(r.IntN(int(cardrules.NumWhos)))}
	if chance(r, conditionChance) {
		ru.If = randomCondition(g, pick(r, ruleSubjects()), r)
	}
	if t.UsesValue() {
		ru.Value = 1 + r.IntN(3)
		if chance(r, scaleChance) {
			ru.Scale = randomScale(r)
		}
	}
	if namesRank(t) {
		ru.Rank = pick(r, standardRanks(g))
	}
	if t.NamesSuit() {
		ru.Suit = randomSuit(r, cardrules.AnySuit)
	}
	if t == cardrules.Suppress {
		ru.Suppresses = pick(r, suppressible())
	}
	if chance(r, otherKeyChance) {
		ru.Key = 1 + r.IntN(cardrules.MaxStackKey)
	}
	if s, ok := groupStack(g.Effects, -1, g.Rules, -1, t, ru.Key); ok {
		ru.Stack = s
	} else {
		ru.Stack = pick(r, stackModes(t))
	}
	g.Rules = append(g.Rules, ru)
	return true
}

// namesRank reports whether a rule or effect of type t names a rank.
func namesRank(t genome.EffectType) bool { return t == cardrules.LockRank || t == cardrules.BanRank }

// removeRule drops one rule of g.
func removeRule(g *genome.Genome, r *rng.Source) bool {
	if len(g.Rules) == 0 {
		return false
	}
	i := r.IntN(len(g.Rules))
	g.Rules = slices.Delete(g.Rules, i, i+1)
	if len(g.Rules) == 0 {
		g.Rules = nil
	}
	return true
}

// mutateRule changes one field of one rule of g to a different value: the
// type (to another that can act in g: setRuleType), the holder, the
// condition (mutateCond, without the target's hand), the value by ±1
// reflected at 1 and 13, the scale (added where there is none; else
// removed, or its count changed, or its step by ±1 reflected at 1 and 52),
// the rank (to another of the deck), the suit, the key (taking its new
// group's mode where it has one), the stacking mode (of every effect and
// rule of its type and key, which share it), or the type suppress switches
// off. It returns false when the field drawn has no other value.
func mutateRule(g *genome.Genome, r *rng.Source) bool {
	if len(g.Rules) == 0 {
		return false
	}
	i := r.IntN(len(g.Rules))
	ru := &g.Rules[i]
	fields := []int{0, 1, 2, 7, 8}
	if ru.Type.UsesValue() {
		fields = append(fields, 3, 4)
	}
	if namesRank(ru.Type) {
		fields = append(fields, 5)
	}
	if ru.Type.NamesSuit() {
		fields = append(fields, 6)
	}
	if ru.Type == cardrules.Suppress {
		fields = append(fields, 9)
	}
	switch pick(r, fields) {
	case 0:
		ts := slices.DeleteFunc(ruleTypes(g), func(t genome.EffectType) bool { return t == ru.Type })
		if len(ts) == 0 {
			return false
		}
		setRuleType(g, i, pick(r, ts), r)
	case 1:
		w := cardrules.Who(r.IntN(int(cardrules.NumWhos) - 1))
		if w >= ru.Who {
			w++
		}
		ru.Who = w
	case 2:
		mutateCond(g, &ru.If, ruleSubjects(), r)
	case 3:
		ru.Value = reflectStep(ru.Value, r, 1, cardrules.MaxEffectValue)
	case 4:
		mutateScale(&ru.Scale, r)
	case 5:
		rs := slices.DeleteFunc(standardRanks(g), func(x genome.Rank) bool { return x == ru.Rank })
		if len(rs) == 0 {
			return false
		}
		ru.Rank = pick(r, rs)
	case 6:
		ru.Suit = randomSuit(r, ru.Suit)
	case 7:
		k := r.IntN(cardrules.MaxStackKey)
		if k >= ru.Key {
			k++
		}
		ru.Key = k
		if s, ok := groupStack(g.Effects, -1, g.Rules, i, ru.Type, k); ok {
			ru.Stack = s
		}
	case 8:
		ms := slices.DeleteFunc(stackModes(ru.Type), func(s cardrules.Stacking) bool { return s == ru.Stack })
		setGroupStack(g, ru.Type, ru.Key, pick(r, ms))
	case 9:
		ts := slices.DeleteFunc(suppressible(), func(s cardrules.Suppressed) bool { return s == ru.Suppresses })
		ru.Suppresses = pick(r, ts)
	}
	return true
}

// mutateScale changes scale s: adds one (randomScale) where there is none;
// else removes it, moves it to another count, or moves its step by ±1,
// reflected at 1 and cardrules.NumCards.
func mutateScale(s *genome.Scale, r *rng.Source) {
	if *s == (genome.Scale{}) {
		*s = randomScale(r)
		return
	}
	switch r.IntN(3) {
	case 0:
		*s = genome.Scale{}
	case 1:
		s.By = pick(r, slices.DeleteFunc(scaleBys(), func(of cardrules.CondOf) bool { return of == s.By }))
	case 2:
		s.Per = reflectStep(s.Per, r, 1, cardrules.NumCards)
	}
}

// fitRules repairs what g's rules hold that g no longer allows: it keeps
// the first cardrules.MaxRules, drops those whose type cannot act in g, and
// gives each rule its group's stacking mode, the mode of the group's
// effects where it has some (fitLasting makes them one), else of its first
// rule. It makes no random draw and changes nothing in a genome whose
// rules are valid.
func fitRules(g *genome.Genome) {
	if len(g.Rules) > cardrules.MaxRules {
		g.Rules = g.Rules[:cardrules.MaxRules]
	}
	g.Rules = slices.DeleteFunc(g.Rules, func(ru genome.Rule) bool { return !ruleFits(g, ru.Type) })
	for i := range g.Rules {
		ru := &g.Rules[i]
		if s, ok := groupStack(g.Effects, -1, g.Rules[:i], -1, ru.Type, ru.Key); ok {
			ru.Stack = s
		}
	}
	if len(g.Rules) == 0 {
		g.Rules = nil
	}
}

// crossRules crosses the rules of b into c (a child of a) as crossEffects
// crosses effects: each rule of b, with probability 1/2, takes the place
// of a's rule at its index (or joins the list when a has fewer), so the
// child holds at most as many rules as its larger parent. A random number
// is drawn only for a rule of b, so crossing games without rules draws
// nothing. What the child cannot hold is repaired later (fitRules).
func crossRules(c, a, b *genome.Genome, r *rng.Source) {
	out := slices.Clone(a.Rules)
	for i, x := range b.Rules {
		if r.IntN(2) == 0 {
			continue
		}
		if i < len(out) {
			out[i] = x
		} else {
			out = append(out, x)
		}
	}
	c.Rules = out
}
