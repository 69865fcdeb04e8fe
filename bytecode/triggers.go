package bytecode

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The TRIGGERS block follows the responses when some effect is set off by
// an event other than its card's play, or tests a condition: count u8 (at
// least 1, or 0 when only a LASTING block follows), then per such effect 4
// bytes: its index (increasing), the trigger byte (bits 0-3 the trigger,
// bits 4-5 the resolution point), the condition byte (bits 0-2 the
// subject, bits 3-4 the comparison) and the condition's value (a suit 0..3
// for top_suit).

// condCmpShift is where the comparison sits in the condition byte;
// atShift where the resolution point sits in the trigger byte.
const (
	condCmpShift = 3
	atShift      = 4
)

// triggered reports whether effect e needs an entry in the TRIGGERS block.
func (e *Effect) triggered() bool {
	return e.When != cardrules.Played || e.If != cardrules.NoCond || e.At != cardrules.ResolveNow
}

// appendTriggers appends the TRIGGERS block of effects, or nothing when no
// effect needs an entry and no LASTING block follows (more).
func appendTriggers(out []byte, effects []Effect, more bool) []byte {
	n := 0
	for i := range effects {
		if effects[i].triggered() {
			n++
		}
	}
	if n == 0 && !more {
		return out
	}
	out = append(out, byte(n))
	for i := range effects {
		if e := &effects[i]; e.triggered() {
			out = append(out, byte(i), byte(e.When)|byte(e.At)<<atShift, byte(e.If)|byte(e.Cmp)<<condCmpShift, e.CondValue)
		}
	}
	return out
}

// readTriggers reads the optional TRIGGERS block: present only when bytes
// remain after the responses.
func readTriggers(r *reader, im *Image) {
	if r.truncated {
		return
	}
	entryAt := make([]int, len(im.Effects)) // each effect's entry (0: none)
	defer func() {
		if r.truncated {
			return
		}
		// Whether an event can happen may depend on any effect's entry
		// (a force_discard resolving now makes forced discards
		// possible): checked once the block is read.
		for i, e := range im.Effects {
			switch {
			case e.When == cardrules.Played && !im.canHappen(cardrules.Played):
				r.fail(im.At.Effects[i], "effect %d: no phase plays a card, so it can never fire", i)
			case e.When != cardrules.Played && e.When < cardrules.NumTriggers && !im.canHappen(e.When):
				r.fail(entryAt[i], "effect %d: trigger %s can never happen in this program", i, e.When)
			}
		}
	}()
	at, n, ok := blockHead(r, "triggers", "lasting")
	if !ok {
		return
	}
	im.At.Triggers = at
	readEntries(r, im, at, n, 4, "trigger", func(eat, i int) {
		tb, cb, v := uint8(r.u8()), uint8(r.u8()), uint8(r.u8())
		e := &im.Effects[i]
		im.At.TriggerEntries = append(im.At.TriggerEntries, eat)
		entryAt[i] = eat
		e.When, e.At = cardrules.Trigger(tb&0xf), cardrules.Resolve(tb>>atShift)
		e.If, e.Cmp, e.CondValue = cardrules.CondOf(cb&7), cardrules.Compare(cb>>condCmpShift), v
		if msg := im.checkTrigger(e); msg != "" {
			r.fail(eat, "effect %d: %s", i, msg)
		}
	})
}

// blockHead reads the count of an optional block (what) that follows the
// responses: present only when bytes remain, and empty only before a block
// of next. It returns the block's offset and count, and whether there are
// entries to read.
func blockHead(r *reader, what, next string) (at, n int, ok bool) {
	if r.off >= len(r.p) {
		return 0, 0, false
	}
	at = r.off
	n = r.u8()
	if n == 0 && r.off >= len(r.p) {
		r.fail(at, "an empty %s block must be left out when no %s block follows", what, next)
		return at, 0, false
	}
	return at, n, true
}

// readEntries reads the n entries of width bytes of the block of what
// (its count at offset at) that follows the responses: each opens with the
// index of its effect, the indices increasing; entry reads the rest of the
// entry of effect i at offset eat, once its index is checked.
func readEntries(r *reader, im *Image, at, n, width int, what string, entry func(eat, i int)) {
	if rest := len(r.p) - r.off; rest < width*n {
		r.fail(at, "%d %s entries need %d bytes but only %d remain (truncated)", n, what, width*n, rest)
		r.truncated = true
		return
	}
	prev := -1
	for range n {
		eat := r.off
		i := r.u8()
		if i <= prev || i >= len(im.Effects) {
			r.fail(eat, "%s entry for effect %d: want an effect index above %d and below %d", what, i, prev, len(im.Effects))
			r.off += width - 1
			continue
		}
		prev = i
		entry(eat, i)
	}
}

// checkTrigger returns what is wrong with effect e's trigger and condition
// (what genome.Validate checks of them), or "".
func (im *Image) checkTrigger(e *Effect) string {
	switch {
	case !e.triggered():
		return "an entry with trigger played and no condition must be left out"
	case e.When >= cardrules.NumTriggers:
		return fmt.Sprintf("unknown trigger %d", e.When)
	case e.When != cardrules.Played && e.Gate:
		return fmt.Sprintf("a gate needs trigger played, not %s", e.When)
	case e.When.OfRank() && e.Suit != cardrules.AnySuit:
		return fmt.Sprintf("trigger %s names a rank and takes no suit", e.When)
	case e.At >= cardrules.NumResolves:
		return fmt.Sprintf("unknown resolution point %d", e.At)
	case e.At != cardrules.ResolveNow && !e.Type.CanWait():
		return fmt.Sprintf("type %d cannot resolve later (%s)", e.Type, e.At)
	case e.At != cardrules.ResolveNow && e.Gate:
		return "an effect that resolves later takes no gate"
	}
	return im.checkCond(e)
}

// checkCond returns what is wrong with effect e's condition, or "".
func (im *Image) checkCond(e *Effect) string {
	switch {
	case e.If >= cardrules.NumCondOfs:
		return fmt.Sprintf("unknown condition subject %d", e.If)
	case e.If == cardrules.NoCond:
		if e.Cmp != 0 || e.CondValue != 0 {
			return "no condition, but a comparison or value is stored (must be 0)"
		}
	case e.If == cardrules.CondTopSuit:
		if e.Cmp != 0 || e.CondValue >= cardrules.NumSuits {
			return fmt.Sprintf("top_suit takes a suit 0..3 and no comparison, stored comparison %d value %d", e.Cmp, e.CondValue)
		}
	default:
		lo, hi := 0, cardrules.MaxCondValue
		if e.If == cardrules.CondSeats {
			lo, hi = 1, cardrules.MaxSeats
		}
		switch {
		case e.Cmp >= cardrules.NumCompares:
			return fmt.Sprintf("unknown comparison %d", e.Cmp)
		case int(e.CondValue) < lo || int(e.CondValue) > hi:
			return fmt.Sprintf("condition %s value %d outside %d..%d", e.If, e.CondValue, lo, hi)
		case e.If == cardrules.CondTarget && !e.Type.UsesTarget():
			return fmt.Sprintf("type %d has no target to test", e.Type)
		}
	}
	return ""
}

// hasOp reports whether a phase of the program has op.
func (im *Image) hasOp(op Op) bool {
	return slices.ContainsFunc(im.Phases, func(ph Phase) bool { return ph.Op == op })
}

// canHappen reports whether the event of trigger t can happen in the
// program.
func (im *Image) canHappen(t cardrules.Trigger) bool {
	switch t {
	case cardrules.Played:
		return im.hasOp(OpPlay) || im.hasOp(OpBattle) || im.hasOp(OpTrick) || im.hasOp(OpTableau) || im.hasOp(OpTurnUp) || im.hasOp(OpClimb) || im.hasOp(OpCapture) || im.hasOp(OpMeld)
	case cardrules.Drawn:
		draws := im.hasOp(OpDraw) || im.hasOp(OpAsk) || im.hasOp(OpMeld)
		for _, ph := range im.Phases {
			draws = draws || ph.Op == OpPlay && ph.DrawMax > 0
		}
		for _, e := range im.Effects {
			draws = draws || e.Type == cardrules.DrawCards && e.When == cardrules.Played && e.At == cardrules.ResolveNow
		}
		return draws && (im.Flags&FlagDealAll == 0 || im.Flags&FlagReshuffle != 0)
	case cardrules.Asked:
		return im.hasOp(OpAsk)
	case cardrules.Taken:
		return im.hasOp(OpTake) || im.hasOp(OpAsk)
	case cardrules.SetLaid:
		return im.Meld > 0
	case cardrules.TrickWon:
		return im.hasOp(OpTrick)
	case cardrules.ForcedDiscard:
		for _, e := range im.Effects {
			if e.Type == cardrules.ForceDiscard && e.When == cardrules.Played && e.At == cardrules.ResolveNow {
				return true
			}
		}
	case cardrules.WentOut:
		return len(im.Conditions) > 0
	}
	return false
}

// disasmTriggers is the disassembly of the TRIGGERS block.
func (im *Image) disasmTriggers(line func(off int, format string, args ...any)) {
	if im.At.Triggers == 0 {
		return
	}
	line(im.At.Triggers, "  %02x  triggers %d", len(im.At.TriggerEntries), len(im.At.TriggerEntries))
	k := 0
	for i := range im.Effects {
		e := &im.Effects[i]
		if !e.triggered() {
			continue
		}
		s := fmt.Sprintf("  %02x %02x %02x %02x  effect %d when %s", i, uint8(e.When)|uint8(e.At)<<atShift, uint8(e.If)|uint8(e.Cmp)<<condCmpShift, e.CondValue, i, e.When)
		if e.If != cardrules.NoCond {
			s += ", if " + e.CondPhrase()
		}
		if e.At != cardrules.ResolveNow {
			s += ", resolves at " + e.At.String()
		}
		line(im.At.TriggerEntries[k], "%s", s)
		k++
	}
}

// CondPhrase words effect e's condition ("the stock holds at most 3
// cards"), "" without one.
func (e *Effect) CondPhrase() string {
	return cardrules.CondPhrase(e.If, e.Cmp, int(e.CondValue))
}
