package genometest

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawResponses draws g's responses, only in games with a play phase (the
// answers go to its discard pile), more often when the game has an effect
// they could answer. Each ability answers an effect type that hits a seat,
// usually one of the game's effects has, often with the rank of such an
// effect (Uno's draw two answering a draw two); every ability, stack
// value, ignore_legal, who and lose_turn is reached. A rank answers a type
// at most once (Validate's rule); a draw that would repeat one is dropped.
func drawResponses(t *rapid.T, g *genome.Genome, ranks []genome.Rank) {
	if !slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return p.Kind == cardrules.PhasePlay }) {
		return
	}
	var answerable, fired []genome.EffectType
	for typ := range genome.EffectType(cardrules.NumEffectTypes) {
		if typ.Answerable() {
			answerable = append(answerable, typ)
		}
	}
	for _, e := range g.Effects {
		if e.Type.Answerable() && !slices.Contains(fired, e.Type) {
			fired = append(fired, e.Type)
		}
	}
	odds := 4
	if len(fired) > 0 {
		odds = 2
	}
	if rapid.IntRange(0, odds-1).Draw(t, "responses.has") != 0 {
		return
	}
	k := rapid.IntRange(1, 4).Draw(t, "responses.len")
	if rapid.IntRange(0, 9).Draw(t, "responses.many") == 0 {
		k = rapid.IntRange(1, cardrules.MaxResponses).Draw(t, "responses.len.many")
	}
	var cards []genome.Response
	for range k {
		r := genome.Response{Answers: rapid.SampledFrom(answerable).Draw(t, "responses.answers")}
		if len(fired) > 0 && rapid.IntRange(0, 3).Draw(t, "responses.answers.fired") != 0 {
			r.Answers = rapid.SampledFrom(fired).Draw(t, "responses.answers.of")
		}
		r.Rank = rapid.SampledFrom(ranks).Draw(t, "responses.rank")
		var same []genome.Rank // ranks of the game's effects of the type answered
		for _, e := range g.Effects {
			if e.Type == r.Answers && e.Rank != cardrules.Joker {
				same = append(same, e.Rank)
			}
		}
		if len(same) > 0 && rapid.Bool().Draw(t, "responses.rank.same") {
			r.Rank = rapid.SampledFrom(same).Draw(t, "responses.rank.of")
		}
		r.Ability = genome.Ability(rapid.IntRange(1, int(cardrules.NumAbilities)-1).Draw(t, "responses.ability"))
		if r.Ability == cardrules.Stack {
			r.Value = rapid.IntRange(1, cardrules.MaxEffectValue).Draw(t, "responses.value")
		}
		r.IgnoreLegal = rapid.Bool().Draw(t, "responses.ignore_legal")
		if !slices.ContainsFunc(cards, func(x genome.Response) bool { return x.Rank == r.Rank && x.Answers == r.Answers }) {
			cards = append(cards, r)
		}
	}
	g.Responses = genome.Responses{
		Who:      genome.Respondents(rapid.IntRange(0, int(cardrules.NumRespondents)-1).Draw(t, "responses.who")),
		LoseTurn: rapid.Bool().Draw(t, "responses.lose_turn"),
		Cards:    cards,
	}
}
