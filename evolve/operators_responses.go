package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// This file holds the operators of the response abilities
// (Genome.Responses): add one, remove one, mutate one field of one, and the
// game's response rules (who may answer, whether answering costs a turn).
// Responses are played to the discard pile of a play phase, so they exist
// only in a game with one: add_response applies only there, and the
// operators that take a game's last play phase away, or the last rank of
// an ability out of the deck, take the abilities along (fitResponses). An
// ability is one per (rank, effect type answered); every operator keeps it
// so. Removing the last ability clears who and lose_turn, which say how
// abilities answer and mean nothing without one: the canonical form.

// ignoreLegalChance is the probability that a new response ability may
// answer whatever the top card. Most answers follow the legal rule, as a
// play would; the exception (OpenSpiel's 2s answer any 2) is the rarer one,
// and mutate_response turns it on and off later.
const ignoreLegalChance = 0.25

// targetedTypes lists the effect types a response can answer: those that
// hit a seat.
func targetedTypes() []genome.EffectType {
	var ts []genome.EffectType
	for t := range genome.EffectType(cardrules.NumEffectTypes) {
		if t.Answerable() {
			ts = append(ts, t)
		}
	}
	return ts
}

// freeRanks lists the standard ranks of g's deck that have no ability
// answering t (a joker has none).
func freeRanks(g *genome.Genome, t genome.EffectType) []genome.Rank {
	return slices.DeleteFunc(standardRanks(g), func(x genome.Rank) bool {
		return slices.ContainsFunc(g.Responses.Cards, func(c genome.Response) bool { return c.Rank == x && c.Answers == t })
	})
}

// rankEffect returns the first effect of g of type t on rank x that its
// card's play sets off.
func rankEffect(g *genome.Genome, x genome.Rank, t genome.EffectType) (genome.Effect, bool) {
	i := slices.IndexFunc(g.Effects, func(e genome.Effect) bool { return e.Rank == x && e.Type == t && e.When == cardrules.Played })
	if i < 0 {
		return genome.Effect{}, false
	}
	return g.Effects[i], true
}

// stackValue is the value of a new stack ability of rank x answering t:
// what the card's own effect of that type imposes when it has one (Uno's
// draw two adds two to the pending draw), else 1..3, small as add_effect's
// values.
func stackValue(g *genome.Genome, x genome.Rank, t genome.EffectType, r *rng.Source) int {
	if e, ok := rankEffect(g, x, t); ok && e.Value > 0 {
		return e.Value
	}
	return 1 + r.IntN(3)
}

// randomAbility returns stack, deflect or cancel.
func randomAbility(r *rng.Source) genome.Ability {
	return genome.Ability(1 + r.IntN(int(cardrules.NumAbilities)-1))
}

// addResponse appends a response ability, in a game with a play phase. It
// answers an effect type the game has an effect of a played card of (any
// targeted type when it has none: only such effects open a response
// window), on a rank of the deck that does not answer that type yet,
// half the time a rank whose cards fire such an effect when there is one
// (the Uno pattern: the draw two answers the draw two); any ability; a
// stack adds the value of the rank's own effect of that type, or 1..3; it
// ignores the legal rule with probability ignoreLegalChance. It does not
// apply when every rank of the deck already answers every type it may
// answer.
func addResponse(g *genome.Genome, r *rng.Source) bool {
	rs := &g.Responses
	if len(playPhases(g)) == 0 || len(rs.Cards) >= cardrules.MaxResponses {
		return false
	}
	types := slices.DeleteFunc(targetedTypes(), func(t genome.EffectType) bool {
		return !slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return e.Type == t && e.When == cardrules.Played })
	})
	if len(types) == 0 {
		types = targetedTypes()
	}
	types = slices.DeleteFunc(types, func(t genome.EffectType) bool { return len(freeRanks(g, t)) == 0 })
	if len(types) == 0 {
		return false
	}
	t := pick(r, types)
	free := freeRanks(g, t)
	firing := slices.DeleteFunc(slices.Clone(free), func(x genome.Rank) bool { _, ok := rankEffect(g, x, t); return !ok })
	if len(firing) > 0 && r.IntN(2) == 0 {
		free = firing
	}
	x := pick(r, free)
	c := genome.Response{Rank: x, Ability: randomAbility(r), Answers: t}
	if c.Ability == cardrules.Stack {
		c.Value = stackValue(g, x, t, r)
	}
	c.IgnoreLegal = chance(r, ignoreLegalChance)
	rs.Cards = append(rs.Cards, c)
	return true
}

// removeResponse drops one ability; the last takes who and lose_turn with
// it.
func removeResponse(g *genome.Genome, r *rng.Source) bool {
	rs := &g.Responses
	if len(rs.Cards) == 0 {
		return false
	}
	i := r.IntN(len(rs.Cards))
	rs.Cards = slices.Delete(rs.Cards, i, i+1)
	clearIfNoResponses(g)
	return true
}

// mutateResponse changes exactly one field of one ability to a different
// value: the rank (to a rank of the deck that does not answer the type
// yet), the ability (a stack gets a value as addResponse gives one, the
// others drop theirs), the effect type answered (to one the rank does not
// answer yet), a stack's value by ±1 reflected at 1 and
// cardrules.MaxEffectValue, or ignore_legal on or off. A rank or type with
// no free alternative does not apply.
func mutateResponse(g *genome.Genome, r *rng.Source) bool {
	rs := &g.Responses
	if len(rs.Cards) == 0 {
		return false
	}
	c := &rs.Cards[r.IntN(len(rs.Cards))]
	fields := []int{0, 1, 2, 4}
	if c.Ability == cardrules.Stack {
		fields = append(fields, 3)
	}
	switch pick(r, fields) {
	case 0:
		others := freeRanks(g, c.Answers)
		if len(others) == 0 {
			return false
		}
		c.Rank = pick(r, others)
	case 1:
		a := genome.Ability(1 + r.IntN(int(cardrules.NumAbilities)-2))
		if a >= c.Ability {
			a++
		}
		c.Ability, c.Value = a, 0
		if a == cardrules.Stack {
			c.Value = stackValue(g, c.Rank, c.Answers, r)
		}
	case 2:
		others := slices.DeleteFunc(targetedTypes(), func(t genome.EffectType) bool {
			return t == c.Answers || !slices.Contains(freeRanks(g, t), c.Rank)
		})
		if len(others) == 0 {
			return false
		}
		c.Answers = pick(r, others)
	case 3:
		c.Value = reflectStep(c.Value, r, 1, cardrules.MaxEffectValue)
	case 4:
		c.IgnoreLegal = !c.IgnoreLegal
	}
	return true
}

// mutResponseRules, in a game with response abilities, changes who may
// answer (the target or everyone) or turns lose_turn on or off.
func mutResponseRules(g *genome.Genome, r *rng.Source) bool {
	rs := &g.Responses
	if len(rs.Cards) == 0 {
		return false
	}
	if r.IntN(2) == 0 {
		rs.LoseTurn = !rs.LoseTurn
		return true
	}
	w := genome.Respondents(r.IntN(int(cardrules.NumRespondents) - 1))
	if w >= rs.Who {
		w++
	}
	rs.Who = w
	return true
}

// clearIfNoResponses clears who and lose_turn once no ability is left.
func clearIfNoResponses(g *genome.Genome) {
	if len(g.Responses.Cards) == 0 {
		g.Responses = genome.Responses{}
	}
}

// fitResponses drops what of g's responses its other parts cannot hold:
// every ability when no phase plays to a discard pile, an ability whose
// rank the deck lacks, and who and lose_turn once no ability is left. It
// makes no random draw, so it changes nothing for a game without responses.
func fitResponses(g *genome.Genome) {
	rs := &g.Responses
	if len(rs.Cards) > 0 {
		if len(playPhases(g)) == 0 {
			rs.Cards = nil
		} else {
			have := standardRanks(g)
			rs.Cards = slices.DeleteFunc(rs.Cards, func(c genome.Response) bool { return !slices.Contains(have, c.Rank) })
		}
	}
	clearIfNoResponses(g)
}

// crossResponses crosses the abilities of b into c (a child of a) as
// crossEffects crosses effects: for each rank b has abilities on, with
// probability 1/2 its list for that rank replaces the first parent's (or
// joins it, if the first has none there). Who and lose_turn come with the
// abilities: the first parent's while the child keeps any of its
// abilities, else the second's. What the child cannot hold (fitResponses)
// is dropped. A random number is drawn only for a rank b has abilities on,
// so crossing games without responses draws nothing.
func crossResponses(c, a, b *genome.Genome, r *rng.Source) {
	out := slices.Clone(a.Responses.Cards)
	for rank := range genome.Rank(cardrules.NumRanks) {
		var theirs []genome.Response
		for _, x := range b.Responses.Cards {
			if x.Rank == rank {
				theirs = append(theirs, x)
			}
		}
		if len(theirs) == 0 || r.IntN(2) == 0 {
			continue
		}
		at := slices.IndexFunc(out, func(x genome.Response) bool { return x.Rank == rank })
		out = slices.DeleteFunc(out, func(x genome.Response) bool { return x.Rank == rank })
		if at < 0 || at > len(out) {
			at = len(out)
		}
		out = slices.Insert(out, at, theirs...)
	}
	from := b
	if slices.ContainsFunc(out, func(x genome.Response) bool { return slices.Contains(a.Responses.Cards, x) }) {
		from = a
	}
	c.Responses = genome.Responses{Who: from.Responses.Who, LoseTurn: from.Responses.LoseTurn, Cards: out}
	fitResponses(c)
}

// crossByRank is the effect crossover: a child of a whose effects
// (crossEffects) and then response abilities (crossResponses) are crossed
// with b's, each rank's list whole from one parent, and whose continuous
// rules are a's with each of b's in its place half the time (crossRules).
// Effects whose trigger cannot fire in the child (b's effects of an asked
// rank in a game without an ask phase, say) or of the joker's rank in a
// game without jokers are dropped, and the effects and rules left
// repaired (fitTriggers).
func crossByRank(a, b *genome.Genome, r *rng.Source) *genome.Genome {
	c := a.Clone()
	c.Effects = crossEffects(a, b, r)
	fitJokers(c) // b's effects of the joker's rank, when a has no joker
	crossRules(c, a, b, r)
	fitTriggers(c)
	crossResponses(c, a, b, r)
	return c
}
