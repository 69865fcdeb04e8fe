package bytecode

import (
	"fmt"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The LASTING block follows the TRIGGERS block (which is then present,
// empty when no effect needs a trigger entry) when some effect is of a
// lasting type: count u8 (at least 1, or 0 when a RULES block follows), then per such effect 5 bytes: its
// index (increasing), the duration byte (bits 0-1 the duration, bits 2-3
// the scope, bit 4 persists), the turns (for a duration of turns, else 0),
// the stacking byte (bits 0-1 the mode, bits 2-3 the key) and the
// suppressed type (suppress only, else 0). Every effect of a lasting type
// has an entry, and no other effect does.

// Bits of the duration byte.
const (
	lastScopeShift = 2
	lastPersists   = 0x10
	lastKeyShift   = 2
)

// AppendTail appends the blocks that may end the EFFECTS section after the
// responses: TRIGGERS, then LASTING, then RULES, each left out when empty
// (a block is kept, empty, before a later one).
func AppendTail(out []byte, effects []Effect, rules []Rule) []byte {
	n := 0
	for i := range effects {
		if effects[i].Type.Lasts() {
			n++
		}
	}
	out = appendTriggers(out, effects, n > 0 || len(rules) > 0)
	if n == 0 && len(rules) == 0 {
		return out
	}
	out = append(out, byte(n))
	for i := range effects {
		if e := &effects[i]; e.Type.Lasts() {
			b := e.lastingBytes()
			out = append(out, byte(i), b[0], e.Turns, b[1], byte(e.Suppresses))
		}
	}
	return appendRules(out, rules)
}

// lastingBytes returns effect e's duration and stacking bytes.
func (e *Effect) lastingBytes() [2]byte {
	d := byte(e.For) | byte(e.Scope)<<lastScopeShift
	if e.Persists {
		d |= lastPersists
	}
	return [2]byte{d, byte(e.Stack) | e.Key<<lastKeyShift}
}

// readLasting reads the optional LASTING block: present only when bytes
// remain after the TRIGGERS block.
func readLasting(r *reader, im *Image) {
	if r.truncated {
		return
	}
	have := make([]bool, len(im.Effects))
	defer func() {
		if r.truncated {
			return
		}
		for i := range im.Effects {
			if im.Effects[i].Type.Lasts() && !have[i] {
				r.fail(im.At.Effects[i], "effect %d: a lasting type needs an entry in the lasting block", i)
			}
		}
	}()
	at, n, ok := blockHead(r, "lasting", "rules")
	if !ok {
		return
	}
	im.At.Lasting = at
	readEntries(r, im, at, n, 5, "lasting", func(eat, i int) {
		db, turns, sb, sup := uint8(r.u8()), uint8(r.u8()), uint8(r.u8()), cardrules.Suppressed(r.u8())
		have[i] = true
		e := &im.Effects[i]
		im.At.LastingEntries = append(im.At.LastingEntries, eat)
		e.For, e.Scope, e.Persists = cardrules.Duration(db&3), cardrules.Scope(db>>lastScopeShift&3), db&lastPersists != 0
		e.Turns, e.Stack, e.Key, e.Suppresses = turns, cardrules.Stacking(sb&3), sb>>lastKeyShift, sup
		switch {
		case db&^(3|3<<lastScopeShift|lastPersists) != 0:
			r.fail(eat+1, "effect %d: unknown bits in the duration byte %#02x", i, db)
		case sb>>lastKeyShift > cardrules.MaxStackKey:
			r.fail(eat+3, "effect %d: stacking key %d outside 0..%d", i, sb>>lastKeyShift, cardrules.MaxStackKey)
		}
		if msg := im.checkLasting(i); msg != "" {
			r.fail(eat, "effect %d: %s", i, msg)
		}
	})
}

// checkLasting returns what is wrong with effect i's lasting entry (what
// genome.Validate checks of it), or "".
func (im *Image) checkLasting(i int) string {
	e := &im.Effects[i]
	switch {
	case !e.Type.Lasts():
		return fmt.Sprintf("type %d acts once and takes no lasting entry", e.Type)
	case e.For >= cardrules.NumDurations:
		return fmt.Sprintf("unknown duration %d", e.For)
	case e.For == cardrules.ForTurns && (e.Turns < 1 || e.Turns > cardrules.MaxLastTurns):
		return fmt.Sprintf("a duration of turns counts 1..%d, stored %d", cardrules.MaxLastTurns, e.Turns)
	case e.For != cardrules.ForTurns && e.Turns != 0:
		return fmt.Sprintf("duration %s counts no turns, stored %d (must be 0)", e.For, e.Turns)
	case e.For == cardrules.UntilTrickEnd && !im.hasOp(OpTrick):
		return "lasts until the end of a trick, and no phase plays tricks"
	case e.Scope >= cardrules.NumScopes:
		return fmt.Sprintf("unknown scope %d", e.Scope)
	case e.Scope == cardrules.ScopeTeam && im.Teams != 2:
		return "a team scope needs partnerships"
	case e.Scope == cardrules.ScopeEveryone && e.Target != cardrules.NoTarget:
		return fmt.Sprintf("a scope of everyone takes no target, stored %d (must be 0)", e.Target)
	case e.Scope != cardrules.ScopeEveryone && (e.Target == cardrules.NoTarget || e.Target >= cardrules.NumTargets):
		return fmt.Sprintf("target %d, want 1..%d", e.Target, cardrules.NumTargets-1)
	case e.Scope == cardrules.ScopeEveryone && e.If == cardrules.CondTarget:
		return "a scope of everyone has no target to test"
	case !e.Type.UsesValue() && e.Stack != cardrules.StackAdditive && e.Stack != cardrules.StackNone:
		return fmt.Sprintf("type %d has no value to stack by %s (additive or none)", e.Type, e.Stack)
	case e.Type == cardrules.Suppress && (e.Suppresses == cardrules.NoSuppressed || e.Suppresses >= cardrules.NumSuppressed || e.Suppresses.Type() == cardrules.Suppress):
		return fmt.Sprintf("suppress needs a type other than suppress to switch off, stored %d", e.Suppresses)
	case e.Type != cardrules.Suppress && e.Suppresses != cardrules.NoSuppressed:
		return fmt.Sprintf("only suppress switches off a type, stored %d (must be 0)", e.Suppresses)
	case e.Type.NamesSuit() && e.When.OfRank():
		return fmt.Sprintf("type %d reads the suit of the card that sets it off, and trigger %s names only a rank", e.Type, e.When)
	}
	if msg := im.lastingActs(e.Type); msg != "" {
		return msg
	}
	for j := range i {
		x := &im.Effects[j]
		if x.Type == e.Type && x.Key == e.Key && x.Stack != e.Stack {
			return fmt.Sprintf("effect %d has the same type and stacking key but stacks by %s, not %s", j, x.Stack, e.Stack)
		}
	}
	return ""
}

// disasmLasting is the disassembly of the LASTING block.
func (im *Image) disasmLasting(line func(off int, format string, args ...any)) {
	if im.At.Lasting == 0 {
		return
	}
	line(im.At.Lasting, "  %02x  lasting %d", len(im.At.LastingEntries), len(im.At.LastingEntries))
	k := 0
	for i := range im.Effects {
		e := &im.Effects[i]
		if !e.Type.Lasts() {
			continue
		}
		b := e.lastingBytes()
		s := fmt.Sprintf("  %02x %02x %02x %02x %02x  effect %d %s, over %s", i, b[0], e.Turns, b[1], uint8(e.Suppresses), i, cardrules.DurationPhrase(e.For, int(e.Turns)), e.Scope)
		if e.Persists {
			s += ", persists"
		}
		s += fmt.Sprintf(", key %d %s", e.Key, e.Stack)
		if e.Suppresses != cardrules.NoSuppressed {
			s += ", suppresses " + e.Suppresses.String()
		}
		line(im.At.LastingEntries[k], "%s", s)
		k++
	}
}

// lastingActs returns why lasting type t never acts in the program (an
// effect's or a rule's), or "".
func (im *Image) lastingActs(t cardrules.EffectType) string {
	switch t {
	case cardrules.LockSuit, cardrules.LockRank, cardrules.BanSuit, cardrules.BanRank:
		if !im.hasOp(OpPlay) && !im.hasOp(OpTrick) {
			return "no play or trick phase chooses a card for it to narrow"
		}
	case cardrules.DrawLimit:
		if !im.canHappen(cardrules.Drawn) {
			return "no card is ever drawn for it to limit"
		}
	case cardrules.Bonus:
		if im.ScoreTrick == 0 && im.ScoreMeld == 0 && len(im.ScoreRules) == 0 || !im.hasOp(OpTrick) && im.Meld == 0 {
			return "the program scores no trick and no set for it to add to"
		}
	}
	return ""
}
