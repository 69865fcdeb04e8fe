package genome

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Type aliases of the response vocabulary.
type (
	Ability     = cardrules.Ability
	Respondents = cardrules.Respondents
)

// Responses are the game's response abilities: cards that answer an effect
// about to hit a seat, in a response window, instead of being played in a
// turn (the vm package doc gives the rules). Who may answer and whether
// answering costs a turn hold for every ability of the game.
type Responses struct {
	// which seats may answer: only the seat the effect, or the last answer
	// to it, is about to hit (target), or every seat still in but the one
	// that sent it, in turn order from the seat it is about to hit
	// (everyone)
	Who Respondents `json:"who,omitempty"`
	// a seat that answers, and the seat the effect finally hits, lose
	// their next turn (as in Uno, where answering a draw two is the
	// answerer's turn and taking it the taker's)
	LoseTurn bool `json:"lose_turn,omitempty"`
	// the abilities, one per rank and effect type answered
	Cards []Response `json:"cards,omitempty"`
}

// IsZero reports whether the game has no responses.
func (r Responses) IsZero() bool { return r.Who == 0 && !r.LoseTurn && len(r.Cards) == 0 }

// Response is one ability: a card of Rank may answer an effect of type
// Answers (or a link of a chain begun by one) with Ability.
type Response struct {
	Rank    Rank       `json:"rank"`    // the rank whose cards answer
	Ability Ability    `json:"ability"` // stack, deflect or cancel
	Answers EffectType `json:"answers"` // the effect type it answers: draw_cards or force_discard
	// stack only: what it adds to the pending amount (1..13)
	Value int `json:"value,omitempty"`
	// the card may answer whatever the top card; otherwise the legal rule
	// of the turn's first play phase must allow it on the top card (its
	// preference aside)
	IgnoreLegal bool `json:"ignore_legal,omitempty"`
}

// validateResponses checks the responses: abilities known and answering a
// targeted effect type, stack values in range, ranks in the deck, one
// ability per rank and type answered, and a play phase whose discard pile
// the answers are played to.
func (g *Genome) validateResponses(ps *Problems, rankInDeck func(Rank) bool) {
	r := g.Responses
	if r.Who >= cardrules.NumRespondents {
		ps.add("$.responses.who", "unknown respondents %d", r.Who)
	}
	if len(r.Cards) == 0 {
		if r.Who != 0 || r.LoseTurn {
			ps.add("$.responses.cards", "who and lose_turn say how cards answer effects, but no card answers any (cards is empty)")
		}
		return
	}
	if len(r.Cards) > cardrules.MaxResponses {
		ps.add("$.responses.cards", "at most %d response abilities, got %d", cardrules.MaxResponses, len(r.Cards))
	}
	if !slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhasePlay }) {
		ps.add("$.responses", "responses are played to the discard pile of a play phase, and the turn has none")
	}
	for i, c := range r.Cards {
		p := fmt.Sprintf("$.responses.cards[%d]", i)
		if c.Rank == cardrules.Joker {
			ps.add(p+".rank", "a joker has no response ability, only a standard rank")
		} else if c.Rank >= cardrules.NumRanks {
			ps.add(p+".rank", "rank %d out of range", c.Rank)
		} else if !rankInDeck(c.Rank) {
			ps.add(p+".rank", "no card of rank %s is in the deck, so the ability can never be used", c.Rank)
		}
		if c.Ability == cardrules.NoAbility || c.Ability >= cardrules.NumAbilities {
			ps.add(p+".ability", "unknown ability %d (want stack, deflect or cancel)", c.Ability)
		}
		if !c.Answers.Answerable() {
			ps.add(p+".answers", "answers only effects that hit a seat (draw_cards or force_discard), got %s", c.Answers)
		}
		if c.Ability == cardrules.Stack {
			if c.Value < 1 || c.Value > cardrules.MaxEffectValue {
				ps.add(p+".value", "stack needs a value from 1 to %d (what it adds to the pending amount), got %d", cardrules.MaxEffectValue, c.Value)
			}
		} else if c.Value != 0 {
			ps.add(p+".value", "only stack takes a value")
		}
		if slices.ContainsFunc(r.Cards[:i], func(x Response) bool { return x.Rank == c.Rank && x.Answers == c.Answers }) {
			ps.add(p, "rank %s already answers %s", c.Rank, c.Answers)
		}
	}
}

// canonicalResponses sorts the abilities by rank, then effect type
// answered (their order means nothing), and drops an empty list.
func (r *Responses) canonical() {
	r.Cards = slices.Clone(r.Cards)
	slices.SortFunc(r.Cards, func(a, b Response) int {
		if a.Rank != b.Rank {
			return int(a.Rank) - int(b.Rank)
		}
		return int(a.Answers) - int(b.Answers)
	})
	if len(r.Cards) == 0 {
		r.Cards = nil
	}
}

// Answers reports whether the game has a response to effects of type t.
func (r Responses) Answers(t EffectType) bool {
	return slices.ContainsFunc(r.Cards, func(c Response) bool { return c.Answers == t })
}
