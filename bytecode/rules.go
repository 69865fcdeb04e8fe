package bytecode

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The RULES block follows the LASTING block (which is then present, empty
// when no effect lasts) when the game has continuous rules: count u8
// (1..cardrules.MaxRules), then per rule 9 bytes: its lasting type, the
// seats it picks (cardrules.Who), the condition byte and value (as a
// TRIGGERS entry's; no target_hand), the value (draw_limit and bonus,
// else 0), the scale's count (a CondOf, 0: none) and per, the parameter
// (lock_rank, ban_rank: the rank; lock_suit, ban_suit: the suit;
// suppress: the suppressed type; else 0) and the stacking byte (as a
// LASTING entry's).

// Rule is one continuous rule.
type Rule struct {
	Type      cardrules.EffectType
	Who       cardrules.Who
	If        cardrules.CondOf
	Cmp       cardrules.Compare
	CondValue uint8
	Value     uint8
	ScaleBy   cardrules.CondOf // NoCond: the value does not scale
	Per       uint8
	Param     uint8
	Key       uint8
	Stack     cardrules.Stacking
}

// ruleSize is the bytes of one rule.
const ruleSize = 9

func appendRules(out []byte, rules []Rule) []byte {
	if len(rules) == 0 {
		return out
	}
	out = append(out, byte(len(rules)))
	for _, x := range rules {
		out = append(out, x.bytes()...)
	}
	return out
}

// bytes is rule x's entry.
func (x *Rule) bytes() []byte {
	return []byte{byte(x.Type), byte(x.Who), byte(x.If) | byte(x.Cmp)<<condCmpShift, x.CondValue, x.Value, byte(x.ScaleBy), x.Per, x.Param, byte(x.Stack) | x.Key<<lastKeyShift}
}

// readRules reads the optional RULES block: present only when bytes remain
// after the LASTING block.
func readRules(r *reader, im *Image) {
	if r.truncated || r.off >= len(r.p) {
		// (Without a LASTING block no byte is left: readLasting read it.)
		return
	}
	at := r.off
	n := r.u8()
	if n < 1 || n > cardrules.MaxRules {
		r.fail(at, "%d rules, want 1..%d", n, cardrules.MaxRules)
		return
	}
	if rest := len(r.p) - r.off; rest < ruleSize*n {
		r.fail(at, "%d rules need %d bytes but only %d remain (truncated)", n, ruleSize*n, rest)
		r.truncated = true
		return
	}
	for i := range n {
		rat := r.off
		im.At.Rules = append(im.At.Rules, rat)
		b := r.p[r.off : r.off+ruleSize]
		r.off += ruleSize
		x := Rule{Type: cardrules.EffectType(b[0]), Who: cardrules.Who(b[1]), If: cardrules.CondOf(b[2] & 7), Cmp: cardrules.Compare(b[2] >> condCmpShift),
			CondValue: b[3], Value: b[4], ScaleBy: cardrules.CondOf(b[5]), Per: b[6], Param: b[7], Stack: cardrules.Stacking(b[8] & 3), Key: b[8] >> lastKeyShift}
		im.Rules = append(im.Rules, x)
		if msg := im.checkRule(i); msg != "" {
			r.fail(rat, "rule %d: %s", i, msg)
		}
	}
}

// checkRule returns what is wrong with rule i (what genome.Validate
// checks of it), or "".
func (im *Image) checkRule(i int) string {
	x := &im.Rules[i]
	t := x.Type
	if t >= cardrules.NumEffectTypes || !t.Lasts() {
		return fmt.Sprintf("type %d is not a lasting type", t)
	}
	// The condition reads as a TRIGGERS entry's, on an effect of the
	// rule's type (whose target_hand the rule refuses below).
	e := Effect{Type: t, If: x.If, Cmp: x.Cmp, CondValue: x.CondValue, When: cardrules.Drawn}
	if msg := im.checkCond(&e); msg != "" {
		return msg
	}
	switch {
	case x.Who >= cardrules.NumWhos:
		return fmt.Sprintf("unknown rule holder %d", x.Who)
	case x.If == cardrules.CondTarget:
		return "a rule has no target to test"
	case t.UsesValue() && (x.Value < 1 || x.Value > cardrules.MaxEffectValue):
		return fmt.Sprintf("value %d outside 1..%d", x.Value, cardrules.MaxEffectValue)
	case !t.UsesValue() && (x.Value != 0 || x.ScaleBy != cardrules.NoCond || x.Per != 0):
		return fmt.Sprintf("type %d has no value, stored value %d, scale %d per %d (must be 0)", t, x.Value, x.ScaleBy, x.Per)
	case x.ScaleBy == cardrules.NoCond && x.Per != 0:
		return fmt.Sprintf("no scale, but per %d is stored (must be 0)", x.Per)
	case x.ScaleBy != cardrules.NoCond && (!x.ScaleBy.ScalesBy() || x.Per < 1 || int(x.Per) > cardrules.NumCards):
		return fmt.Sprintf("a scale by hand, stock, pile or seats, per 1..%d, stored %d per %d", cardrules.NumCards, x.ScaleBy, x.Per)
	case x.Key > cardrules.MaxStackKey || x.Stack >= cardrules.NumStacks:
		return fmt.Sprintf("stacking byte: key %d, mode %d", x.Key, x.Stack)
	case !t.UsesValue() && x.Stack != cardrules.StackAdditive && x.Stack != cardrules.StackNone:
		return fmt.Sprintf("type %d has no value to stack by %s (additive or none)", t, x.Stack)
	}
	switch t {
	case cardrules.LockRank, cardrules.BanRank:
		if x.Param >= cardrules.NumRanks {
			return fmt.Sprintf("rank %d outside 0..12", x.Param)
		}
	case cardrules.LockSuit, cardrules.BanSuit:
		if x.Param >= cardrules.NumSuits {
			return fmt.Sprintf("suit %d outside 0..3", x.Param)
		}
	case cardrules.Suppress:
		if s := cardrules.Suppressed(x.Param); s == cardrules.NoSuppressed || s >= cardrules.NumSuppressed || s.Type() == cardrules.Suppress {
			return fmt.Sprintf("suppress needs a type other than suppress to switch off, stored %d", x.Param)
		}
	default:
		if x.Param != 0 {
			return fmt.Sprintf("type %d takes no parameter, stored %d (must be 0)", t, x.Param)
		}
	}
	if msg := im.lastingActs(t); msg != "" {
		return msg
	}
	for j := range im.Effects {
		if e := &im.Effects[j]; e.Type == t && e.Key == x.Key && e.Stack != x.Stack {
			return fmt.Sprintf("effect %d has the same type and stacking key but stacks by %s, not %s", j, e.Stack, x.Stack)
		}
	}
	for j := range i {
		if y := &im.Rules[j]; y.Type == t && y.Key == x.Key && y.Stack != x.Stack {
			return fmt.Sprintf("rule %d has the same type and stacking key but stacks by %s, not %s", j, y.Stack, x.Stack)
		}
	}
	return ""
}

// disasmRules is the disassembly of the RULES block.
func (im *Image) disasmRules(line func(off int, format string, args ...any)) {
	if len(im.At.Rules) == 0 {
		return
	}
	line(im.At.Rules[0]-1, "  %02x  rules %d", len(im.Rules), len(im.Rules))
	for i := range im.Rules {
		x := &im.Rules[i]
		s := "  "
		for _, b := range x.bytes() {
			s += fmt.Sprintf("%02x ", b)
		}
		s += fmt.Sprintf(" rule %d %s for %s", i, x.Type, x.Who)
		if x.If != cardrules.NoCond {
			// (A hand is each seat's own.)
			s += ", if " + strings.Replace(cardrules.CondPhrase(x.If, x.Cmp, int(x.CondValue)), "the player holds", "the seat holds", 1)
		}
		if x.Type.UsesValue() {
			s += fmt.Sprintf(", value %d", x.Value)
			if x.ScaleBy != cardrules.NoCond {
				s += fmt.Sprintf(" +1 per %d of %s", x.Per, x.ScaleBy)
			}
		}
		switch x.Type {
		case cardrules.LockRank, cardrules.BanRank:
			s += ", rank " + cardrules.Rank(x.Param).String()
		case cardrules.LockSuit, cardrules.BanSuit:
			s += ", suit " + cardrules.Suit(x.Param).String()
		case cardrules.Suppress:
			s += ", suppresses " + cardrules.Suppressed(x.Param).String()
		}
		s += fmt.Sprintf(", key %d %s", x.Key, x.Stack)
		line(im.At.Rules[i], "%s", s)
	}
}
