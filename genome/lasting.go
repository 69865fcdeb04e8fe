package genome

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Lasting is how an effect of a lasting type (lock_suit, lock_rank,
// ban_suit, ban_rank, draw_limit, miss_turns, bonus, suppress) holds once
// it fires: for how long, over whom, how it stacks with others of its type
// and key, whether it outlives its source, and for suppress the type it
// switches off. The zero value is no lasting (every immediate type).
type Lasting struct {
	For   cardrules.Duration `json:"for"`             // how long it holds once it starts
	Turns int                `json:"turns,omitempty"` // for turns: the turns after the one it starts in, 1..8
	// whom it holds over, from its target (absent: the target's seats);
	// team adds their partners, everyone is every seat and takes no target
	Scope cardrules.Scope `json:"scope,omitempty"`
	// its stacking key 0..3: over one seat, the values of the active
	// effects of one type and key combine by Stack, which every effect of
	// the type and key must share; then the smallest draw limit over the
	// keys holds, and the keys' bonuses add up
	Key int `json:"key,omitempty"`
	// how the active effects of its type and key combine over a seat:
	// values add, the largest or smallest holds, or none (a new one does
	// not start while one of its type and key is active on any seat);
	// absent: additive
	Stack cardrules.Stacking `json:"stack,omitempty"`
	// it holds even once the seat that set it off goes out (absent: it
	// ends then)
	Persists bool `json:"persists,omitempty"`
	// suppress only: the effect type it switches off (any but suppress)
	Suppresses cardrules.Suppressed `json:"suppresses,omitempty"`
}

// lastingCanonical clears what effect e's lasting does not read.
func (e *Effect) lastingCanonical() {
	if !e.Type.Lasts() {
		e.Lasts = Lasting{}
		return
	}
	l := &e.Lasts
	if l.For != cardrules.ForTurns {
		l.Turns = 0
	}
	if l.Scope == cardrules.ScopeEveryone {
		e.Target = cardrules.NoTarget
	}
	if e.Type != cardrules.Suppress {
		l.Suppresses = cardrules.NoSuppressed
	}
	// (A stack without values can only refuse a second effect.)
	l.Stack = e.stacking()
}

// stacking is effect e's stacking mode as its canonical form has it: a
// type without a value stacks additively or not at all.
func (e *Effect) stacking() cardrules.Stacking {
	if !e.Type.UsesValue() && e.Lasts.Stack != cardrules.StackNone {
		return cardrules.StackAdditive
	}
	return e.Lasts.Stack
}

// checkLasting adds the problems of effect i's lasting (at path p) to ps.
func (g *Genome) checkLasting(ps *Problems, p string, i int) {
	e := &g.Effects[i]
	l := e.Lasts
	if !e.Type.Lasts() {
		if l != (Lasting{}) {
			ps.add(p+".lasts", "%s acts once and takes no lasts", e.Type)
		}
		return
	}
	switch {
	case l.For >= cardrules.NumDurations:
		ps.add(p+".lasts.for", "unknown duration %d", l.For)
	case l.For == cardrules.ForTurns:
		if l.Turns < 1 || l.Turns > cardrules.MaxLastTurns {
			ps.add(p+".lasts.turns", "%s lasts a number of turns from 1 to %d, got %d (or give lasts.for: source_turn, trick or deal)", e.Type, cardrules.MaxLastTurns, l.Turns)
		}
	case l.Turns != 0:
		ps.add(p+".lasts.turns", "only a duration of turns counts turns (for %s)", l.For)
	}
	switch {
	case l.Scope >= cardrules.NumScopes:
		ps.add(p+".lasts.scope", "unknown scope %d", l.Scope)
	case l.Scope == cardrules.ScopeTeam && g.Teams != 2:
		ps.add(p+".lasts.scope", "a team scope needs partnerships (teams: 2)")
	case l.Scope == cardrules.ScopeEveryone && e.If.Of == cardrules.CondTarget:
		ps.add(p+".if.of", "a scope of everyone has no target to test")
	}
	if l.Key < 0 || l.Key > cardrules.MaxStackKey {
		ps.add(p+".lasts.key", "a stacking key from 0 to %d, got %d", cardrules.MaxStackKey, l.Key)
	}
	if l.Stack >= cardrules.NumStacks {
		ps.add(p+".lasts.stack", "unknown stacking mode %d", l.Stack)
	} else if j := slices.IndexFunc(g.Effects[:i], func(x Effect) bool {
		return x.Type == e.Type && x.Lasts.Key == l.Key && x.stacking() != e.stacking()
	}); j >= 0 {
		ps.add(p+".lasts.stack", "effects %d and %d are both %s with stacking key %d, so they stack alike, but say %s and %s", j, i, e.Type, l.Key, g.Effects[j].Lasts.Stack, l.Stack)
	}
	checkSuppresses(ps, p+".lasts.suppresses", e.Type, l.Suppresses)
	for _, w := range g.lastingPossible(e) {
		ps.add(p+w.field, "%s", w.why)
	}
}

// CanLast reports whether effect e can act in g: an immediate type always
// can; a lasting type needs what it acts on, and its duration what ends it
// (the rule Validate applies to every lasting effect).
func (g *Genome) CanLast(e *Effect) bool { return len(g.lastingPossible(e)) == 0 }

// lastingPossible returns why effect e, of a lasting type, can never act
// in g, each with the field at fault; none when it can.
func (g *Genome) lastingPossible(e *Effect) []struct{ field, why string } {
	var out []struct{ field, why string }
	add := func(field, format string, args ...any) {
		out = append(out, struct{ field, why string }{field, fmt.Sprintf(format, args...)})
	}
	if !e.Type.Lasts() {
		return nil
	}
	trick := g.HasPhase(cardrules.PhaseTrick)
	if e.Lasts.For == cardrules.UntilTrickEnd && !trick {
		add(".lasts.for", "no trick phase, so a trick never ends")
	}
	if why := g.lastingActs(e.Type); why != "" {
		add(".type", "%s", why)
	}
	if e.Type.NamesSuit() && e.When.OfRank() {
		add(".when", "%s reads the suit of the card that sets it off, and %s names only a rank", e.Type, e.When)
	}
	return out
}

// lastingActs returns why lasting type t never acts in g (an effect's or a
// rule's), or "".
func (g *Genome) lastingActs(t EffectType) string {
	switch t {
	case cardrules.LockSuit, cardrules.LockRank, cardrules.BanSuit, cardrules.BanRank:
		if !g.HasPhase(cardrules.PhasePlay) && !g.HasPhase(cardrules.PhaseTrick) {
			return fmt.Sprintf("no play or trick phase chooses a card, so %s never narrows a choice", t)
		}
	case cardrules.DrawLimit:
		if why := g.triggerPossible(cardrules.Drawn); why != "" {
			return why + ", so draw_limit never limits a draw"
		}
	case cardrules.Bonus:
		if sc := g.Score; sc.Trick == 0 && sc.Meld == 0 && len(sc.Cards) == 0 || !g.HasPhase(cardrules.PhaseTrick) && g.Meld == 0 {
			return "bonus adds to the points of tricks won and sets laid down, and the game scores neither"
		}
	}
	return ""
}

// checkSuppresses adds the problems of a suppressed type sup (at path p)
// of an effect or rule of type t to ps: only suppress names one, and it
// names a type other than suppress.
func checkSuppresses(ps *Problems, p string, t EffectType, sup cardrules.Suppressed) {
	switch {
	case t != cardrules.Suppress:
		if sup != cardrules.NoSuppressed {
			ps.add(p, "only suppress switches off a type (%s)", t)
		}
	case sup == cardrules.NoSuppressed || sup >= cardrules.NumSuppressed:
		ps.add(p, "suppress needs the effect type it switches off")
	case sup.Type() == cardrules.Suppress:
		ps.add(p, "suppress cannot switch off suppress")
	}
}
