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
		x.When, x.At = e.When, e.At
		x.If, x.Cmp, x.CondValue = compileCond(e.If)
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

// compileCond returns condition c's subject, comparison and value byte.
func compileCond(c genome.EffectCondition) (cardrules.CondOf, cardrules.Compare, uint8) {
	if c.Of == cardrules.CondTopSuit {
		return c.Of, 0, uint8(c.Suit.Suit())
	}
	return c.Of, c.Cmp, uint8(c.Value)
}

// decompileCond rebuilds a condition from its program bytes.
func decompileCond(of cardrules.CondOf, cmp cardrules.Compare, v uint8) genome.EffectCondition {
	switch of {
	case cardrules.NoCond:
		return genome.EffectCondition{}
	case cardrules.CondTopSuit:
		return genome.EffectCondition{Of: of, Suit: cardrules.TriggerOn(cardrules.Suit(v))}
	}
	return genome.EffectCondition{Of: of, Cmp: cmp, Value: int(v)}
}

// compileRules returns the program entries of a canonical genome's rules.
func compileRules(rules []genome.Rule) []bytecode.Rule {
	var out []bytecode.Rule
	for _, r := range rules {
		x := bytecode.Rule{Type: r.Type, Who: r.Who, Value: uint8(r.Value), ScaleBy: r.Scale.By, Per: uint8(r.Scale.Per), Key: uint8(r.Key), Stack: r.Stack}
		x.If, x.Cmp, x.CondValue = compileCond(r.If)
		switch r.Type {
		case cardrules.LockRank, cardrules.BanRank:
			x.Param = uint8(r.Rank)
		case cardrules.LockSuit, cardrules.BanSuit:
			x.Param = uint8(r.Suit.Suit())
		case cardrules.Suppress:
			x.Param = uint8(r.Suppresses)
		}
		out = append(out, x)
	}
	return out
}

// decompileRules rebuilds the genome's rules from a program's.
func decompileRules(rules []bytecode.Rule) []genome.Rule {
	var out []genome.Rule
	for _, x := range rules {
		r := genome.Rule{Type: x.Type, Who: x.Who, If: decompileCond(x.If, x.Cmp, x.CondValue), Value: int(x.Value), Scale: genome.Scale{By: x.ScaleBy, Per: int(x.Per)}, Key: int(x.Key), Stack: x.Stack}
		switch x.Type {
		case cardrules.LockRank, cardrules.BanRank:
			r.Rank = genome.Rank(x.Param)
		case cardrules.LockSuit, cardrules.BanSuit:
			r.Suit = cardrules.TriggerOn(cardrules.Suit(x.Param))
		case cardrules.Suppress:
			r.Suppresses = cardrules.Suppressed(x.Param)
		}
		out = append(out, r)
	}
	return out
}
