package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// This file holds what the effect operators do with an effect of a lasting
// type (lock_suit, lock_rank, ban_suit, ban_rank, draw_limit, miss_turns,
// bonus, suppress), whose lasts field says how the active effect it starts
// holds: for how long, over whom, how it stacks, whether it outlives its
// source and, for suppress, the type it switches off. A lasting type needs
// something of the game to act on (a choice of card to narrow, a draw to
// limit, points to add to: genome.CanLast), so add_effect and mutate_effect
// choose a lasting type only where it can act, and the operators that take
// that away drop the effects that could no longer act (fitTriggers), as
// they drop those that could no longer fire. Every effect of one type and
// stacking key shares one stacking mode: a new effect, or one moved to
// another type or key, takes the mode its group already has, mutate_effect
// changes the mode of a whole group at once (the continuous rules of the
// group with it), and a child of a crossover whose groups disagree takes
// the mode of each group's first effect (fitLasting).

// otherKeyChance is the probability that a new lasting effect stacks under
// a key other than 0. Keys matter only where effects of one type stack, so
// most effects share the first.
const otherKeyChance = 0.25

// persistsChance is the probability that a new lasting effect outlives
// the seat that set it off.
const persistsChance = 0.25

// hasTarget reports whether effect e reads its target: a type with a
// target, unless its scope is everyone.
func hasTarget(e *genome.Effect) bool {
	return e.Type.UsesTarget() && !(e.Type.Lasts() && e.Lasts.Scope == cardrules.ScopeEveryone)
}

// durations lists the durations an effect of g may take: every one, but
// the end of the trick only in a game of tricks.
func durations(g *genome.Genome) []cardrules.Duration {
	var out []cardrules.Duration
	for d := range cardrules.NumDurations {
		if d != cardrules.UntilTrickEnd || g.HasPhase(cardrules.PhaseTrick) {
			out = append(out, d)
		}
	}
	return out
}

// scopes lists the scopes an effect of g may take: every one, but a team
// only in a game of partnerships.
func scopes(g *genome.Genome) []cardrules.Scope {
	var out []cardrules.Scope
	for s := range cardrules.NumScopes {
		if s != cardrules.ScopeTeam || g.Teams == 2 {
			out = append(out, s)
		}
	}
	return out
}

// stackModes lists the stacking modes of type t in canonical form: every
// one for a type with a value, additive and none for a type without (whose
// effects can only refuse a second one).
func stackModes(t genome.EffectType) []cardrules.Stacking {
	if t.UsesValue() {
		return []cardrules.Stacking{cardrules.StackAdditive, cardrules.StackMax, cardrules.StackMin, cardrules.StackNone}
	}
	return []cardrules.Stacking{cardrules.StackAdditive, cardrules.StackNone}
}

// suppressible lists the types a suppress effect may switch off: every
// type but suppress.
func suppressible() []cardrules.Suppressed {
	var out []cardrules.Suppressed
	for t := range genome.EffectType(cardrules.NumEffectTypes) {
		if t != cardrules.Suppress {
			out = append(out, cardrules.SuppressedOf(t))
		}
	}
	return out
}

// groupStack returns the stacking mode of the group of type t and key k
// among effects and rules (every member shares it): that of its first
// effect other than effect skipE, else of its first rule other than rule
// skipR (-1: none skipped), and whether the group has such a member.
func groupStack(effects []genome.Effect, skipE int, rules []genome.Rule, skipR int, t genome.EffectType, k int) (cardrules.Stacking, bool) {
	for j, x := range effects {
		if j != skipE && x.Type == t && x.Lasts.Key == k {
			return x.Lasts.Stack, true
		}
	}
	for j, x := range rules {
		if j != skipR && x.Type == t && x.Key == k {
			return x.Stack, true
		}
	}
	return 0, false
}

// setGroupStack gives every effect and rule of g of type t and key k the
// stacking mode s.
func setGroupStack(g *genome.Genome, t genome.EffectType, k int, s cardrules.Stacking) {
	for j := range g.Effects {
		if x := &g.Effects[j]; x.Type == t && x.Lasts.Key == k {
			x.Lasts.Stack = s
		}
	}
	for j := range g.Rules {
		if x := &g.Rules[j]; x.Type == t && x.Key == k {
			x.Stack = s
		}
	}
}

// randomLasting returns the lasting of effect i of g, of lasting type t:
// any duration g allows (a duration of 1 to 3 turns), any scope it allows,
// key 0 but for otherKeyChance of the time, the stacking mode of its type
// and key where another effect has one, else any of the type's, persisting
// with probability persistsChance and, for suppress, any type to switch
// off.
func randomLasting(g *genome.Genome, i int, t genome.EffectType, r *rng.Source) genome.Lasting {
	l := genome.Lasting{For: pick(r, durations(g)), Scope: pick(r, scopes(g))}
	if l.For == cardrules.ForTurns {
		l.Turns = 1 + r.IntN(3)
	}
	if chance(r, otherKeyChance) {
		l.Key = 1 + r.IntN(cardrules.MaxStackKey)
	}
	if s, ok := groupStack(g.Effects, i, g.Rules, -1, t, l.Key); ok {
		l.Stack = s
	} else {
		l.Stack = pick(r, stackModes(t))
	}
	l.Persists = chance(r, persistsChance)
	if t == cardrules.Suppress {
		l.Suppresses = pick(r, suppressible())
	}
	return l
}

// setType gives effect i of g the type t, filling in what t reads and
// clearing what it does not: a target (a random one where t needs one and
// the effect has none, none where t or its scope of everyone reads none,
// with a condition on the target's hand), a value 1..3 or none, the gate
// (only a type that can fizzle keeps it), the random mode (only
// force_discard), the resolution point (only a type that can wait keeps
// one other than now), and the lasting: a new one (randomLasting) from an
// immediate type, none to an immediate type, and between lasting types the
// same one, with a canonical stacking mode, the mode of the new type's
// group where it has one, and a type to switch off only for suppress.
func setType(g *genome.Genome, i int, t genome.EffectType, r *rng.Source) {
	e := &g.Effects[i]
	was := e.Type
	e.Type = t
	switch {
	case !t.Lasts():
		e.Lasts = genome.Lasting{}
	case !was.Lasts():
		e.Lasts = randomLasting(g, i, t, r)
	default:
		l := &e.Lasts
		if !slices.Contains(stackModes(t), l.Stack) {
			l.Stack = cardrules.StackAdditive
		}
		if s, ok := groupStack(g.Effects, i, g.Rules, -1, t, l.Key); ok {
			l.Stack = s
		}
		switch {
		case t != cardrules.Suppress:
			l.Suppresses = cardrules.NoSuppressed
		case l.Suppresses == cardrules.NoSuppressed:
			l.Suppresses = pick(r, suppressible())
		}
	}
	if !hasTarget(e) {
		e.Target = cardrules.NoTarget
		if e.If.Of == cardrules.CondTarget {
			e.If = genome.EffectCondition{}
		}
	} else if e.Target == cardrules.NoTarget {
		e.Target = randomTarget(g, r)
	}
	if !t.UsesValue() {
		e.Value = 0
	} else if e.Value == 0 {
		e.Value = 1 + r.IntN(3)
	}
	if !t.Fizzles() {
		e.Gate = false
	}
	if t != cardrules.ForceDiscard {
		e.Random = false
	}
	if !t.CanWait() {
		e.At = cardrules.ResolveNow
	}
}

// mutateLasting changes one field of the lasting of effect i of g, of a
// lasting type, to a different value: the duration (to another g allows; a
// new duration of turns lasts 1 to 3), the turns by ±1 reflected at 1 and
// cardrules.MaxLastTurns, the scope (to another g allows: to everyone drops
// the target and a condition on the target's hand, from everyone draws a
// target), the key (taking the stacking mode of the new key's group where
// it has one), the stacking mode (of every effect and rule of its type and
// key, which share it), persisting or not, or the type suppress switches
// off.
func mutateLasting(g *genome.Genome, i int, r *rng.Source) {
	e := &g.Effects[i]
	l := &e.Lasts
	fields := []int{0, 2, 3, 4, 5}
	if l.For == cardrules.ForTurns {
		fields = append(fields, 1)
	}
	if e.Type == cardrules.Suppress {
		fields = append(fields, 6)
	}
	switch pick(r, fields) {
	case 0:
		ds := slices.DeleteFunc(durations(g), func(d cardrules.Duration) bool { return d == l.For })
		l.For, l.Turns = pick(r, ds), 0
		if l.For == cardrules.ForTurns {
			l.Turns = 1 + r.IntN(3)
		}
	case 1:
		l.Turns = reflectStep(l.Turns, r, 1, cardrules.MaxLastTurns)
	case 2:
		ss := slices.DeleteFunc(scopes(g), func(s cardrules.Scope) bool { return s == l.Scope })
		l.Scope = pick(r, ss)
		if !hasTarget(e) {
			e.Target = cardrules.NoTarget
			if e.If.Of == cardrules.CondTarget {
				e.If = genome.EffectCondition{}
			}
		} else if e.Target == cardrules.NoTarget {
			e.Target = randomTarget(g, r)
		}
	case 3:
		k := r.IntN(cardrules.MaxStackKey)
		if k >= l.Key {
			k++
		}
		l.Key = k
		if s, ok := groupStack(g.Effects, i, g.Rules, -1, e.Type, k); ok {
			l.Stack = s
		}
	case 4:
		ms := slices.DeleteFunc(stackModes(e.Type), func(s cardrules.Stacking) bool { return s == l.Stack })
		setGroupStack(g, e.Type, l.Key, pick(r, ms))
	case 5:
		l.Persists = !l.Persists
	case 6:
		ts := slices.DeleteFunc(suppressible(), func(s cardrules.Suppressed) bool { return s == l.Suppresses })
		l.Suppresses = pick(r, ts)
	}
}

// fitLasting repairs what a lasting effect of g holds that g no longer
// allows, where a repair keeps the effect: a team scope without
// partnerships becomes the target's seats alone, and an effect whose
// stacking mode differs from that of the first effect of its type and key
// takes that mode. It makes no random draw and changes nothing in a genome
// whose lasting effects are valid.
func fitLasting(g *genome.Genome) {
	for i := range g.Effects {
		e := &g.Effects[i]
		if !e.Type.Lasts() {
			continue
		}
		if e.Lasts.Scope == cardrules.ScopeTeam && g.Teams != 2 {
			e.Lasts.Scope = cardrules.ScopeTarget
		}
		if st, ok := groupStack(g.Effects[:i], -1, nil, -1, e.Type, e.Lasts.Key); ok {
			e.Lasts.Stack = st
		}
	}
}
