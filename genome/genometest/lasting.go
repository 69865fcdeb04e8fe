package genometest

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawLasting draws how g's lasting effects last, once the rest of g is
// drawn (their validity depends on the phases, the scoring, partnerships
// and each effect's trigger and condition). A lasting type the game gives
// no use is replaced first: a suit lock or ban on a trigger that names
// only a rank by its rank counterpart, any other by a lasting type the
// game allows (a lock or ban needs a phase that chooses a card, draw_limit
// a draw, bonus points for tricks or sets; miss_turns and suppress fit
// every game), its value drawn or cleared as the new type says. Then
// every field is drawn: a duration (trick only with a trick phase) and its
// turns, a scope (team only with partnerships, everyone only without a
// target_hand condition, and then no target), a stacking key and mode (a
// key's mode is the one the first effect of its type and key took; only
// the types with a value stack by max or min), persistence, and for
// suppress the type it switches off (any other type).
func drawLasting(t *rapid.T, g *genome.Genome) {
	trick := g.HasPhase(cardrules.PhaseTrick)
	var fits []genome.EffectType
	for typ := cardrules.LockSuit; typ < cardrules.NumEffectTypes; typ++ {
		if g.CanLast(&genome.Effect{Type: typ}) {
			fits = append(fits, typ)
		}
	}
	durations := []cardrules.Duration{cardrules.ForTurns, cardrules.ForTurns, cardrules.UntilSourceTurn, cardrules.UntilDealEnd}
	if trick {
		durations = append(durations, cardrules.UntilTrickEnd)
	}
	for i := range g.Effects {
		e := &g.Effects[i]
		if !e.Type.Lasts() {
			continue
		}
		if e.Type.NamesSuit() && e.When.OfRank() {
			e.Type = map[genome.EffectType]genome.EffectType{cardrules.LockSuit: cardrules.LockRank, cardrules.BanSuit: cardrules.BanRank}[e.Type]
		}
		if !slices.Contains(fits, e.Type) {
			typ := rapid.SampledFrom(fits).Draw(t, "effect.lasts.type")
			if typ.NamesSuit() && e.When.OfRank() {
				typ = cardrules.MissTurns
			}
			e.Type = typ
		}
		switch {
		case !e.Type.UsesValue():
			e.Value = 0
		case e.Value == 0:
			e.Value = rapid.IntRange(1, cardrules.MaxEffectValue).Draw(t, "effect.value")
		}
		var l genome.Lasting
		l.For = rapid.SampledFrom(durations).Draw(t, "effect.lasts.for")
		if l.For == cardrules.ForTurns {
			l.Turns = rapid.IntRange(1, cardrules.MaxLastTurns).Draw(t, "effect.lasts.turns")
		}
		scopes := []cardrules.Scope{cardrules.ScopeTarget, cardrules.ScopeTarget, cardrules.ScopeTarget}
		if g.Teams == 2 {
			scopes = append(scopes, cardrules.ScopeTeam, cardrules.ScopeTeam)
		}
		if e.If.Of != cardrules.CondTarget {
			scopes = append(scopes, cardrules.ScopeEveryone)
		}
		l.Scope = rapid.SampledFrom(scopes).Draw(t, "effect.lasts.scope")
		if l.Scope == cardrules.ScopeEveryone {
			e.Target = cardrules.NoTarget
		}
		if rapid.IntRange(0, 2).Draw(t, "effect.lasts.key.has") == 0 {
			l.Key = rapid.IntRange(1, cardrules.MaxStackKey).Draw(t, "effect.lasts.key")
		}
		if j := slices.IndexFunc(g.Effects[:i], func(x genome.Effect) bool { return x.Type == e.Type && x.Lasts.Key == l.Key }); j >= 0 {
			l.Stack = g.Effects[j].Lasts.Stack
		} else if e.Type.UsesValue() {
			l.Stack = cardrules.Stacking(rapid.IntRange(0, int(cardrules.NumStacks)-1).Draw(t, "effect.lasts.stack"))
		} else if rapid.IntRange(0, 3).Draw(t, "effect.lasts.stack.none") == 0 {
			l.Stack = cardrules.StackNone
		}
		l.Persists = rapid.IntRange(0, 3).Draw(t, "effect.lasts.persists") == 0
		if e.Type == cardrules.Suppress {
			x := genome.EffectType(rapid.IntRange(0, int(cardrules.NumEffectTypes)-2).Draw(t, "effect.lasts.suppresses"))
			if x >= cardrules.Suppress {
				x++ // any type but suppress
			}
			l.Suppresses = cardrules.SuppressedOf(x)
		}
		e.Lasts = l
	}
}
