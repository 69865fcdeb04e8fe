package compile

import (
	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// appendResponses appends the response rules byte, the count and the
// entries of a canonical genome's responses (sorted by rank, then the type
// answered).
func appendResponses(out []byte, r genome.Responses) []byte {
	var flags byte
	if r.Who == cardrules.RespondEveryone {
		flags |= bytecode.RespondEveryone
	}
	if r.LoseTurn {
		flags |= bytecode.RespondLoseTurn
	}
	out = append(out, flags, byte(len(r.Cards)))
	for _, x := range r.Cards {
		ab := byte(x.Ability)
		if x.IgnoreLegal {
			ab |= bytecode.ResponseIgnoreLegal
		}
		out = append(out, byte(x.Rank), ab, byte(x.Answers), byte(x.Value))
	}
	return out
}

// decompileResponses rebuilds the genome's responses from a program.
func decompileResponses(im *bytecode.Image) genome.Responses {
	var r genome.Responses
	if im.Respond&bytecode.RespondEveryone != 0 {
		r.Who = cardrules.RespondEveryone
	}
	r.LoseTurn = im.Respond&bytecode.RespondLoseTurn != 0
	for _, x := range im.Responses {
		r.Cards = append(r.Cards, genome.Response{Rank: genome.Rank(x.Rank), Ability: x.Ability, Answers: x.Answers, Value: int(x.Value), IgnoreLegal: x.IgnoreLegal})
	}
	return r
}

// triggerEntries is the trigger and condition of each effect, for the
// TRIGGERS block.
func triggerEntries(effects []genome.Effect) []bytecode.Effect {
	out := make([]bytecode.Effect, len(effects))
	for i, e := range effects {
		x := &out[i]
		x.When, x.If, x.Cmp, x.CondValue = e.When, e.If.Of, e.If.Cmp, uint8(e.If.Value)
		if e.If.Of == cardrules.CondTopSuit {
			x.CondValue = uint8(e.If.Suit.Suit())
		}
	}
	return out
}

// decompileCond rebuilds an effect's condition from its program entry.
func decompileCond(e bytecode.Effect) genome.EffectCondition {
	switch e.If {
	case cardrules.NoCond:
		return genome.EffectCondition{}
	case cardrules.CondTopSuit:
		return genome.EffectCondition{Of: e.If, Suit: cardrules.TriggerOn(cardrules.Suit(e.CondValue))}
	}
	return genome.EffectCondition{Of: e.If, Cmp: e.Cmp, Value: int(e.CondValue)}
}
