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

// tailEntries is the type, trigger, condition and lasting of each effect,
// for the TRIGGERS and LASTING blocks.
func tailEntries(effects []genome.Effect) []bytecode.Effect {
	out := make([]bytecode.Effect, len(effects))
	for i, e := range effects {
		x := &out[i]
		x.Type = e.Type
		x.When, x.If, x.Cmp, x.CondValue = e.When, e.If.Of, e.If.Cmp, uint8(e.If.Value)
		if e.If.Of == cardrules.CondTopSuit {
			x.CondValue = uint8(e.If.Suit.Suit())
		}
		l := e.Lasts
		x.For, x.Turns, x.Scope, x.Key, x.Stack, x.Persists, x.Suppresses = l.For, uint8(l.Turns), l.Scope, uint8(l.Key), l.Stack, l.Persists, l.Suppresses
	}
	return out
}

// decompileLasting rebuilds an effect's lasting from its program entry.
func decompileLasting(e bytecode.Effect) genome.Lasting {
	if !e.Type.Lasts() {
		return genome.Lasting{}
	}
	return genome.Lasting{For: e.For, Turns: int(e.Turns), Scope: e.Scope, Key: int(e.Key), Stack: e.Stack, Persists: e.Persists, Suppresses: e.Suppresses}
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
