package bytecode_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// eightsRules gives crazy-eights two continuous rules: 0 a draw limit of 1
// for the players holding the most cards, one more per 10 cards in the
// discard pile (key 1, min); 1 a ban on 8s for a player holding at most 2
// cards. No effect lasts, so empty TRIGGERS and LASTING blocks come before
// the RULES block.
func eightsRules(g *genome.Genome) {
	g.Rules = []genome.Rule{
		{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1, Scale: genome.Scale{By: cardrules.CondPile, Per: 10}, Key: 1, Stack: cardrules.StackMin},
		{Type: cardrules.BanRank, Rank: 6, If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.AtMost, Value: 2}},
	}
}

// rulesProgram compiles crazy-eights with eightsRules.
func rulesProgram(t *testing.T) ([]byte, *bytecode.Image) {
	t.Helper()
	return lastingProgram(t, "crazy-eights", eightsRules)
}

// ruleByte returns an edit that sets byte k (0 the type, 1 who, 2 the
// condition byte, 3 its value, 4 the value, 5 the scale's count, 6 per, 7
// the parameter, 8 the stacking byte) of rule n to v.
func ruleByte(n, k int, v byte) func(p []byte, im *bytecode.Image) []byte {
	return func(p []byte, im *bytecode.Image) []byte {
		p[im.At.Rules[n]+k] = v
		return p
	}
}

// atRule expects one problem of rule n, at its entry.
func atRule(n int, format string, args ...any) func(im *bytecode.Image) string {
	return func(im *bytecode.Image) string {
		return errAt(im.At.Rules[n], "rule %d: "+format, append([]any{n}, args...)...)
	}
}

// ruleCases are the rejections of the RULES block (bytecode/rules.go
// readRules and checkRule), each at its offset: the block's count and
// length, a byte after it, the LASTING block it needs, and every problem
// checkRule finds (at the rule's entry), in eightsRules' program unless
// the case says otherwise.
func ruleCases() []corruptCase {
	eights := func(edit func(p []byte, im *bytecode.Image) []byte, want func(im *bytecode.Image) string) func(t *testing.T, q *prog) ([]byte, string) {
		return editLasting("crazy-eights", eightsRules, edit, want)
	}
	count := func(v byte) func(p []byte, im *bytecode.Image) []byte {
		return func(p []byte, im *bytecode.Image) []byte {
			p[im.At.Rules[0]-1] = v
			return p
		}
	}
	atCount := func(format string, args ...any) func(im *bytecode.Image) string {
		return func(im *bytecode.Image) string { return errAt(im.At.Rules[0]-1, format, args...) }
	}
	// badCount is a count out of range: the block is not read, and its
	// rules are bytes after the section.
	badCount := func(n int) func(im *bytecode.Image) string {
		return func(im *bytecode.Image) string {
			return errList(errAt(im.At.Rules[0]-1, "%d rules, want 1..%d", n, cardrules.MaxRules), errAt(im.At.Rules[0], "18 bytes after the effects section"))
		}
	}
	// withRules gives a seed the rules given and adds effects.
	withRules := func(rules []genome.Rule, effects ...genome.Effect) func(g *genome.Genome) {
		return func(g *genome.Genome) {
			g.Effects = append(g.Effects, effects...)
			g.Rules = rules
		}
	}
	limit := genome.Rule{Type: cardrules.DrawLimit, Value: 2}
	cond := func(of cardrules.CondOf, c cardrules.Compare) byte { return condByte(of, c) }
	return []corruptCase{
		// The block.
		{"no rules", "crazy-eights", eights(count(0), badCount(0))},
		{"five rules", "crazy-eights", eights(count(5), badCount(5))},
		{"rules truncated", "crazy-eights", eights(count(3), atCount("3 rules need 27 bytes but only 18 remain (truncated)"))},
		{"byte after the rules block", "crazy-eights", eights(func(p []byte, im *bytecode.Image) []byte {
			return append(p, 0)
		}, func(im *bytecode.Image) string {
			return errAt(im.At.Rules[1]+9, "1 bytes after the effects section")
		})},
		{"empty lasting block left out before the rules", "crazy-eights", eights(func(p []byte, im *bytecode.Image) []byte {
			return slices.Delete(p, im.At.Lasting, im.At.Lasting+1)
		}, func(im *bytecode.Image) string {
			// The rules' count is read as the lasting block's; only the
			// first problem is pinned.
			return "first: " + errAt(im.At.Lasting+1, "lasting entry for effect %d: want an effect index above -1 and below 0", cardrules.DrawLimit)
		})},
		// The type and the holder.
		{"an immediate type", "crazy-eights", eights(ruleByte(0, 0, byte(cardrules.DrawCards)),
			atRule(0, "type %d is not a lasting type", cardrules.DrawCards))},
		{"an unknown type", "crazy-eights", eights(ruleByte(1, 0, 0x20), atRule(1, "type 32 is not a lasting type"))},
		{"an unknown holder", "crazy-eights", eights(ruleByte(1, 1, byte(cardrules.NumWhos)), atRule(1, "unknown rule holder %d", cardrules.NumWhos))},
		// The condition.
		{"target_hand", "crazy-eights", eights(ruleByte(1, 2, cond(cardrules.CondTarget, cardrules.AtMost)), atRule(1, "a rule has no target to test"))},
		{"an unknown condition subject", "crazy-eights", eights(ruleByte(1, 2, byte(cardrules.NumCondOfs)),
			atRule(1, "unknown condition subject %d", cardrules.NumCondOfs))},
		{"a count above 52", "crazy-eights", eights(ruleByte(1, 3, 53), atRule(1, "condition hand value 53 outside 0..52"))},
		{"a comparison without a condition", "crazy-eights", eights(ruleByte(0, 2, cond(cardrules.NoCond, cardrules.AtMost)),
			atRule(0, "no condition, but a comparison or value is stored (must be 0)"))},
		// The value and its scale.
		{"a draw limit of 0", "crazy-eights", eights(ruleByte(0, 4, 0), atRule(0, "value 0 outside 1..13"))},
		{"a draw limit of 14", "crazy-eights", eights(ruleByte(0, 4, 14), atRule(0, "value 14 outside 1..13"))},
		{"a ban with a value", "crazy-eights", eights(ruleByte(1, 4, 1),
			atRule(1, "type %d has no value, stored value 1, scale 0 per 0 (must be 0)", cardrules.BanRank))},
		{"a ban with a scale", "crazy-eights", eights(both(ruleByte(1, 5, byte(cardrules.CondPile)), ruleByte(1, 6, 2)),
			atRule(1, "type %d has no value, stored value 0, scale %d per 2 (must be 0)", cardrules.BanRank, cardrules.CondPile))},
		{"per without a scale", "crazy-eights", eights(ruleByte(0, 5, 0), atRule(0, "no scale, but per 10 is stored (must be 0)"))},
		{"a scale by the target's hand", "crazy-eights", eights(ruleByte(0, 5, byte(cardrules.CondTarget)),
			atRule(0, "a scale by hand, stock, pile or seats, per 1..52, stored %d per 10", cardrules.CondTarget))},
		{"a scale by the active suit", "crazy-eights", eights(ruleByte(0, 5, byte(cardrules.CondTopSuit)),
			atRule(0, "a scale by hand, stock, pile or seats, per 1..52, stored %d per 10", cardrules.CondTopSuit))},
		{"a scale per 0", "crazy-eights", eights(ruleByte(0, 6, 0),
			atRule(0, "a scale by hand, stock, pile or seats, per 1..52, stored %d per 0", cardrules.CondPile))},
		{"a scale per 53", "crazy-eights", eights(ruleByte(0, 6, 53),
			atRule(0, "a scale by hand, stock, pile or seats, per 1..52, stored %d per 53", cardrules.CondPile))},
		// Stacking.
		{"stacking key 4", "crazy-eights", eights(ruleByte(1, 8, stackByte(cardrules.StackAdditive, 4)), atRule(1, "stacking byte: key 4, mode 0"))},
		{"a ban stacked by max", "crazy-eights", eights(ruleByte(1, 8, stackByte(cardrules.StackMax, 0)),
			atRule(1, "type %d has no value to stack by max (additive or none)", cardrules.BanRank))},
		{"a mode other than an effect's", "crazy-eights", editLasting("crazy-eights", withRules([]genome.Rule{{Type: cardrules.DrawLimit, Value: 2, Stack: cardrules.StackMin}},
			genome.Effect{Rank: 1, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 1, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Stack: cardrules.StackMin}}),
			ruleByte(0, 8, stackByte(cardrules.StackMax, 0)), atRule(0, "effect 0 has the same type and stacking key but stacks by min, not max"))},
		{"a mode other than a rule's", "crazy-eights", editLasting("crazy-eights", withRules([]genome.Rule{limit, limit}),
			ruleByte(1, 8, stackByte(cardrules.StackMax, 0)), atRule(1, "rule 0 has the same type and stacking key but stacks by additive, not max"))},
		// The parameter.
		{"rank 13", "crazy-eights", eights(ruleByte(1, 7, 13), atRule(1, "rank 13 outside 0..12"))},
		{"suit 4", "crazy-eights", eights(both(ruleByte(1, 0, byte(cardrules.BanSuit)), ruleByte(1, 7, 4)), atRule(1, "suit 4 outside 0..3"))},
		{"suppress of nothing", "crazy-eights", eights(both(ruleByte(1, 0, byte(cardrules.Suppress)), ruleByte(1, 7, 0)),
			atRule(1, "suppress needs a type other than suppress to switch off, stored 0"))},
		{"suppress of suppress", "crazy-eights", eights(both(ruleByte(1, 0, byte(cardrules.Suppress)), ruleByte(1, 7, byte(cardrules.SuppressedOf(cardrules.Suppress)))),
			atRule(1, "suppress needs a type other than suppress to switch off, stored %d", cardrules.SuppressedOf(cardrules.Suppress)))},
		{"suppressed type out of range", "crazy-eights", eights(both(ruleByte(1, 0, byte(cardrules.Suppress)), ruleByte(1, 7, byte(cardrules.NumSuppressed))),
			atRule(1, "suppress needs a type other than suppress to switch off, stored %d", cardrules.NumSuppressed))},
		{"a parameter of a draw limit", "crazy-eights", eights(ruleByte(0, 7, 1), atRule(0, "type %d takes no parameter, stored 1 (must be 0)", cardrules.DrawLimit))},
		// What the game must have for the type to act.
		{"a bonus where nothing scores", "crazy-eights", eights(both(ruleByte(1, 0, byte(cardrules.Bonus)), ruleByte(1, 4, 1), ruleByte(1, 7, 0)),
			atRule(1, "the program scores no trick and no set for it to add to"))},
		{"a draw limit where nothing is drawn", "whist", editLasting("whist", withRules([]genome.Rule{{Type: cardrules.Bonus, Value: 1}}),
			ruleByte(0, 0, byte(cardrules.DrawLimit)), atRule(0, "no card is ever drawn for it to limit"))},
		{"a lock where no card is chosen", "go-fish", editLasting("go-fish", withRules([]genome.Rule{limit}),
			both(ruleByte(0, 0, byte(cardrules.LockRank)), ruleByte(0, 4, 0)), atRule(0, "no play or trick phase chooses a card for it to narrow"))},
	}
}

// laterCases are the rejections of what effects that act later and chosen
// targets add: the resolution point's bits in a TRIGGERS entry
// (bytecode/triggers.go checkTrigger), and a chosen target in a game of
// pile hands or a take phase (bytecode/verify.go), each at its offset.
func laterCases() []corruptCase {
	tb := func(when cardrules.Trigger, at cardrules.Resolve) byte { return byte(when) | byte(at)<<4 }
	// war with a draw effect on queens.
	warDraw := func(g *genome.Genome) {
		g.Effects = []genome.Effect{{Rank: 10, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1}}
	}
	return []corruptCase{
		{"unknown resolution point", "uno-style", withTriggers([]byte{1, 0, tb(cardrules.Played, cardrules.NumResolves), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 0: unknown resolution point %d", cardrules.NumResolves)
		})},
		{"a reverse that waits", "uno-style", withTriggers([]byte{1, 3, tb(cardrules.Played, cardrules.ResolveTurnEnd), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 3: type %d cannot resolve later (turn_end)", cardrules.Reverse)
		})},
		{"a skip that waits", "uno-style", withTriggers([]byte{1, 1, tb(cardrules.Drawn, cardrules.ResolveTargetTurn), 0, 0}, func(off int) string {
			return errAt(off+1, "effect 1: type %d cannot resolve later (target_turn)", cardrules.SkipNext)
		})},
		{"a gate on an effect that waits", "uno-style", func(t *testing.T, q *prog) ([]byte, string) {
			q.effects[1+3] |= bytecode.EffectGate // effect 0, a draw: gated
			return withTriggers([]byte{1, 0, tb(cardrules.Played, cardrules.ResolveTargetTurn), 0, 0}, func(off int) string {
				return errAt(off+1, "effect 0: an effect that resolves later takes no gate")
			})(t, q)
		}},
		{"chosen with pile hands", "war", editEffects("war", warDraw, effectByte(0, 2, byte(cardrules.TargetChosen)), func(im *bytecode.Image) string {
			return errAt(im.At.Effects[0]+2, "effect 0: a pile hand plays its cards in a battle, where no player chooses a target")
		})},
		{"take from a chosen opponent", "old-maid", func(t *testing.T, q *prog) ([]byte, string) {
			off := q.payload(turn) + 1
			q.secs[turn][1] = byte(cardrules.TargetChosen)
			return q.bytes(), errAt(off, "take from target %d: want next (1), previous (2) or random opponent (4)", cardrules.TargetChosen)
		}},
	}
}

// editEffects is editLasting for a program that need not have a LASTING
// block.
func editEffects(seed string, change func(g *genome.Genome), edit func(p []byte, im *bytecode.Image) []byte, want func(im *bytecode.Image) string) func(t *testing.T, q *prog) ([]byte, string) {
	return func(t *testing.T, q *prog) ([]byte, string) {
		g := testkit.SeedGenome(t, seed)
		change(g)
		p := testkit.Compile(t, g)
		im, err := bytecode.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		return edit(slices.Clone(p), im), want(im)
	}
}

// TestEmptyBlocksBeforeRules: a program whose only addition is its rules
// keeps empty TRIGGERS and LASTING blocks (count 0) before its RULES
// block, found at their offsets, which the disassembly shows; an empty
// LASTING block is refused when no RULES block follows.
func TestEmptyBlocksBeforeRules(t *testing.T) {
	p, im := rulesProgram(t)
	if im.At.Triggers == 0 || p[im.At.Triggers] != 0 || im.At.Lasting != im.At.Triggers+1 || p[im.At.Lasting] != 0 {
		t.Fatalf("triggers block at %d, lasting block at %d (count %d); want empty blocks, one after the other",
			im.At.Triggers, im.At.Lasting, p[im.At.Lasting])
	}
	if len(im.At.Rules) != 2 || p[im.At.Lasting+1] != 2 || im.At.Rules[0] != im.At.Lasting+2 || im.At.Rules[1] != im.At.Rules[0]+9 || len(p) != im.At.Rules[1]+9 {
		t.Fatalf("rules at %v in a program of %d bytes, the lasting block at %d", im.At.Rules, len(p), im.At.Lasting)
	}
	want := []bytecode.Rule{
		{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1, ScaleBy: cardrules.CondPile, Per: 10, Key: 1, Stack: cardrules.StackMin},
		{Type: cardrules.BanRank, If: cardrules.CondHand, Cmp: cardrules.AtMost, CondValue: 2, Param: 6},
	}
	if !slices.Equal(im.Rules, want) {
		t.Errorf("rules %+v, want %+v", im.Rules, want)
	}
	s, err := bytecode.Disassemble(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"  00  triggers 0\n", "  00  lasting 0\n", "  02  rules 2\n",
		"  09 01 00 00 01 04 0a 00 06  rule 0 draw_limit for most_cards, value 1 +1 per 10 of pile, key 1 min\n",
		"  08 00 09 02 00 00 00 06 00  rule 1 ban_rank for everyone, if the seat holds at most 2 cards, rank 8, key 0 additive\n"} {
		if !strings.Contains(s, w) {
			t.Errorf("disassembly lacks %q:\n%s", w, s)
		}
	}
	// Cut before the RULES block, the empty LASTING block ends the
	// program.
	cut := slices.Clone(p[:im.At.Lasting+1])
	cut[6], cut[7] = byte(len(cut)), byte(len(cut)>>8)
	err = bytecode.Verify(cut)
	if want := errAt(im.At.Lasting, "an empty lasting block must be left out when no rules block follows"); err == nil || err.Error() != want {
		t.Errorf("Verify = %v, want %s", err, want)
	}
}

// TestDelayedEntries: an effect whose only difference from a played one is
// its resolution point has a TRIGGERS entry, whose trigger byte carries the
// point in bits 4-5, read back into the image and shown by the
// disassembly.
func TestDelayedEntries(t *testing.T) {
	g := testkit.SeedGenome(t, "uno-style")
	g.Effects[0].At = cardrules.ResolveTargetTurn
	g.Effects[5].At = cardrules.ResolveTurnEnd
	g.Effects[5].When = cardrules.Drawn
	p := testkit.Compile(t, g)
	im, err := bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(im.At.TriggerEntries) != 2 || p[im.At.TriggerEntries[0]+1] != 0x20 || p[im.At.TriggerEntries[1]+1] != 0x10|byte(cardrules.Drawn) {
		t.Fatalf("trigger entries at %v: % x", im.At.TriggerEntries, p[im.At.Triggers:])
	}
	if im.Effects[0].At != cardrules.ResolveTargetTurn || im.Effects[5].At != cardrules.ResolveTurnEnd || im.Effects[5].When != cardrules.Drawn {
		t.Errorf("effects 0 and 5 read as %+v and %+v", im.Effects[0], im.Effects[5])
	}
	s, err := bytecode.Disassemble(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"  00 20 00 00  effect 0 when played, resolves at target_turn\n", "  05 11 00 00  effect 5 when drawn, resolves at turn_end\n"} {
		if !strings.Contains(s, w) {
			t.Errorf("disassembly lacks %q:\n%s", w, s)
		}
	}
}
