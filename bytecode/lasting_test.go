package bytecode_test

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// unoLasting is uno-style with three lasting effects after its six: 6 a
// 7 that locks the next player to its suit until its player's turn, 7 a
// 9 that limits the next player's draws to 2 for 2 turns (key 1, max),
// 8 a 6 that switches off the next player's draw_cards effects for the
// deal. None has a trigger entry, so an empty TRIGGERS block comes before
// the LASTING block.
func unoLasting(g *genome.Genome) {
	g.Effects = append(g.Effects,
		genome.Effect{Rank: 5, Type: cardrules.LockSuit, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn}},
		genome.Effect{Rank: 7, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 2,
			Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 2, Key: 1, Stack: cardrules.StackMax}},
		genome.Effect{Rank: 4, Type: cardrules.Suppress, Target: cardrules.TargetNext,
			Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}})
}

// lastingProgram compiles seed changed by change (which must leave it
// valid, with a LASTING block) and returns the program and its image.
func lastingProgram(t *testing.T, seed string, change func(g *genome.Genome)) ([]byte, *bytecode.Image) {
	t.Helper()
	g := testkit.SeedGenome(t, seed)
	change(g)
	p := testkit.Compile(t, g)
	im, err := bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if im.At.Lasting == 0 {
		t.Fatalf("the %s variant has no lasting block", seed)
	}
	return p, im
}

// editLasting returns a build that compiles seed changed by change, lets
// edit change the program's bytes (it may change their length: the
// header's length is then set) and expects want(im), im being the image
// of the program before the edit.
func editLasting(seed string, change func(g *genome.Genome), edit func(p []byte, im *bytecode.Image) []byte, want func(im *bytecode.Image) string) func(t *testing.T, q *prog) ([]byte, string) {
	return func(t *testing.T, _ *prog) ([]byte, string) {
		p, im := lastingProgram(t, seed, change)
		p = edit(slices.Clone(p), im)
		binary.LittleEndian.PutUint16(p[6:], uint16(len(p)))
		return p, want(im)
	}
}

// entry returns an edit that sets byte k (0 the effect index, 1 the
// duration byte, 2 the turns, 3 the stacking byte, 4 the suppressed type)
// of lasting entry n to v.
func entry(n, k int, v byte) func(p []byte, im *bytecode.Image) []byte {
	return func(p []byte, im *bytecode.Image) []byte {
		p[im.At.LastingEntries[n]+k] = v
		return p
	}
}

// effectByte returns an edit that sets byte k (0 the rank, 1 the type, 2
// the target, 3 the value) of effect i's entry to v.
func effectByte(i, k int, v byte) func(p []byte, im *bytecode.Image) []byte {
	return func(p []byte, im *bytecode.Image) []byte {
		p[im.At.Effects[i]+k] = v
		return p
	}
}

// both applies edits in turn.
func both(edits ...func(p []byte, im *bytecode.Image) []byte) func(p []byte, im *bytecode.Image) []byte {
	return func(p []byte, im *bytecode.Image) []byte {
		for _, e := range edits {
			p = e(p, im)
		}
		return p
	}
}

// atEntry expects one problem at lasting entry n's byte k.
func atEntry(n, k int, format string, args ...any) func(im *bytecode.Image) string {
	return func(im *bytecode.Image) string { return errAt(im.At.LastingEntries[n]+k, format, args...) }
}

// durationByte is a lasting entry's duration byte.
func durationByte(d cardrules.Duration, s cardrules.Scope, persists bool) byte {
	b := byte(d) | byte(s)<<2
	if persists {
		b |= 0x10
	}
	return b
}

// stackByte is a lasting entry's stacking byte.
func stackByte(s cardrules.Stacking, key int) byte { return byte(s) | byte(key)<<2 }

// lastingCases are the rejections of the LASTING block (bytecode/
// lasting.go), each at its offset: the block's count and length, each
// entry's effect index, a lasting type left without an entry, the
// duration and stacking bytes' unknown bits, and every problem
// checkLasting finds (at the entry), in unoLasting's program unless the
// case says otherwise.
func lastingCases() []corruptCase {
	uno := func(edit func(p []byte, im *bytecode.Image) []byte, want func(im *bytecode.Image) string) func(t *testing.T, q *prog) ([]byte, string) {
		return editLasting("uno-style", unoLasting, edit, want)
	}
	missing := func(i int) func(im *bytecode.Image) string {
		return func(im *bytecode.Image) string {
			return errAt(im.At.Effects[i], "effect %d: a lasting type needs an entry in the lasting block", i)
		}
	}
	list := func(ws ...func(im *bytecode.Image) string) func(im *bytecode.Image) string {
		return func(im *bytecode.Image) string {
			var es []string
			for _, w := range ws {
				es = append(es, w(im))
			}
			return errList(es...)
		}
	}
	// goFish is go-fish whose asks for queens set a lasting effect off, in
	// a game that also plays cards (a play phase after the ask).
	goFish := func(typ cardrules.EffectType, play bool) func(g *genome.Genome) {
		return func(g *genome.Genome) {
			if play {
				g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}})
			}
			g.Effects = []genome.Effect{{Rank: 10, Type: typ, Target: cardrules.TargetNext, When: cardrules.Asked,
				Lasts: genome.Lasting{For: cardrules.UntilSourceTurn}}}
		}
	}
	return []corruptCase{
		// The block.
		{"lasting truncated", "uno-style", uno(func(p []byte, im *bytecode.Image) []byte {
			p[im.At.Lasting] = 4
			return p
		}, func(im *bytecode.Image) string {
			return errAt(im.At.Lasting, "4 lasting entries need 20 bytes but only 15 remain (truncated)")
		})},
		{"lasting block missing", "uno-style", uno(func(p []byte, im *bytecode.Image) []byte {
			return p[:im.At.Lasting]
		}, list(missing(6), missing(7), missing(8), func(im *bytecode.Image) string {
			return errAt(im.At.Triggers, "an empty triggers block must be left out when no lasting block follows")
		}))},
		{"lasting entry left out", "uno-style", uno(func(p []byte, im *bytecode.Image) []byte {
			p[im.At.Lasting] = 2
			return p[:len(p)-5]
		}, missing(8))},
		{"empty triggers block left out", "uno-style", uno(func(p []byte, im *bytecode.Image) []byte {
			return slices.Delete(p, im.At.Triggers, im.At.Triggers+1)
		}, func(im *bytecode.Image) string {
			// The lasting count is read as the triggers count; only the
			// first problem is pinned.
			return "first: " + errAt(im.At.Effects[6], "effect 6: a lasting type needs an entry in the lasting block")
		})},
		{"byte after the lasting block", "uno-style", uno(func(p []byte, im *bytecode.Image) []byte {
			return append(p, 0)
		}, func(im *bytecode.Image) string {
			// A byte after the LASTING block is a RULES block's count.
			return errAt(im.At.LastingEntries[2]+5, "0 rules, want 1..%d", cardrules.MaxRules)
		})},
		// Entries' effect indexes.
		{"lasting entry past the effects", "uno-style", uno(entry(2, 0, 9), list(missing(8),
			atEntry(2, 0, "lasting entry for effect 9: want an effect index above 7 and below 9")))},
		{"lasting entries out of order", "uno-style", uno(both(entry(0, 0, 7), entry(1, 0, 6)), list(missing(6),
			atEntry(1, 0, "lasting entry for effect 6: want an effect index above 7 and below 9")))},
		{"lasting entry twice", "uno-style", uno(entry(1, 0, 6), list(missing(7),
			atEntry(1, 0, "lasting entry for effect 6: want an effect index above 6 and below 9")))},
		{"lasting entry of an immediate effect", "uno-style", uno(entry(0, 0, 5), list(missing(6),
			atEntry(0, 0, "effect 5: type %d acts once and takes no lasting entry", cardrules.ForceDiscard)))},
		// The bytes of an entry.
		{"unknown bits in the duration byte", "uno-style", uno(entry(0, 1, 0x21),
			atEntry(0, 1, "effect 6: unknown bits in the duration byte 0x21"))},
		{"stacking key above 3", "uno-style", uno(entry(1, 3, stackByte(cardrules.StackMax, 4)),
			atEntry(1, 3, "effect 7: stacking key 4 outside 0..3"))},
		{"no turns", "uno-style", uno(entry(1, 2, 0),
			atEntry(1, 0, "effect 7: a duration of turns counts 1..8, stored 0"))},
		{"nine turns", "uno-style", uno(entry(1, 2, 9),
			atEntry(1, 0, "effect 7: a duration of turns counts 1..8, stored 9"))},
		{"turns of another duration", "uno-style", uno(entry(0, 2, 1),
			atEntry(0, 0, "effect 6: duration source_turn counts no turns, stored 1 (must be 0)"))},
		{"a trick without a trick phase", "uno-style", uno(entry(0, 1, durationByte(cardrules.UntilTrickEnd, 0, false)),
			atEntry(0, 0, "effect 6: lasts until the end of a trick, and no phase plays tricks"))},
		{"unknown scope", "uno-style", uno(entry(0, 1, durationByte(cardrules.UntilSourceTurn, 3, false)),
			atEntry(0, 0, "effect 6: unknown scope 3"))},
		{"a team without partnerships", "uno-style", uno(entry(0, 1, durationByte(cardrules.UntilSourceTurn, cardrules.ScopeTeam, false)),
			atEntry(0, 0, "effect 6: a team scope needs partnerships"))},
		{"everyone with a target", "uno-style", uno(entry(0, 1, durationByte(cardrules.UntilSourceTurn, cardrules.ScopeEveryone, false)),
			atEntry(0, 0, "effect 6: a scope of everyone takes no target, stored 1 (must be 0)"))},
		{"no target", "uno-style", uno(effectByte(6, 2, 0),
			atEntry(0, 0, "effect 6: target 0, want 1..6"))},
		{"target out of range", "uno-style", uno(effectByte(6, 2, byte(cardrules.NumTargets)),
			atEntry(0, 0, "effect 6: target %d, want 1..6", cardrules.NumTargets))},
		{"everyone tested for the target's hand", "uno-style", editLasting("uno-style", func(g *genome.Genome) {
			unoLasting(g)
			g.Effects[6].If = genome.EffectCondition{Of: cardrules.CondTarget, Cmp: cardrules.AtMost, Value: 3}
		}, both(effectByte(6, 2, 0), entry(0, 1, durationByte(cardrules.UntilSourceTurn, cardrules.ScopeEveryone, false))),
			atEntry(0, 0, "effect 6: a scope of everyone has no target to test"))},
		{"a lock stacked by max", "uno-style", uno(entry(0, 3, stackByte(cardrules.StackMax, 0)),
			atEntry(0, 0, "effect 6: type %d has no value to stack by max (additive or none)", cardrules.LockSuit))},
		{"two modes for one type and key", "uno-style", editLasting("uno-style", func(g *genome.Genome) {
			unoLasting(g)
			e := g.Effects[7]
			e.Rank = 8
			g.Effects = append(g.Effects, e)
		}, entry(3, 3, stackByte(cardrules.StackMin, 1)),
			atEntry(3, 0, "effect 9: effect 7 has the same type and stacking key but stacks by max, not min"))},
		// The suppressed type.
		{"suppress of nothing", "uno-style", uno(entry(2, 4, 0),
			atEntry(2, 0, "effect 8: suppress needs a type other than suppress to switch off, stored 0"))},
		{"suppress of suppress", "uno-style", uno(entry(2, 4, byte(cardrules.SuppressedOf(cardrules.Suppress))),
			atEntry(2, 0, "effect 8: suppress needs a type other than suppress to switch off, stored %d", cardrules.SuppressedOf(cardrules.Suppress)))},
		{"suppressed type out of range", "uno-style", uno(entry(2, 4, byte(cardrules.NumSuppressed)),
			atEntry(2, 0, "effect 8: suppress needs a type other than suppress to switch off, stored %d", cardrules.NumSuppressed))},
		{"a lock that suppresses", "uno-style", uno(entry(0, 4, 1),
			atEntry(0, 0, "effect 6: only suppress switches off a type, stored 1 (must be 0)"))},
		// What the game must have for the type to act.
		{"a suit lock on a rank trigger", "go-fish", editLasting("go-fish", goFish(cardrules.LockRank, true), effectByte(0, 1, byte(cardrules.LockSuit)),
			atEntry(0, 0, "effect 0: type %d reads the suit of the card that sets it off, and trigger asked names only a rank", cardrules.LockSuit))},
		{"a lock where no card is chosen", "go-fish", editLasting("go-fish", goFish(cardrules.MissTurns, false), effectByte(0, 1, byte(cardrules.LockRank)),
			atEntry(0, 0, "effect 0: no play or trick phase chooses a card for it to narrow"))},
		{"a draw limit where nothing is drawn", "whist", editLasting("whist", func(g *genome.Genome) {
			g.Effects = []genome.Effect{{Rank: 10, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 2, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd}}}
		}, effectByte(0, 1, byte(cardrules.DrawLimit)),
			atEntry(0, 0, "effect 0: no card is ever drawn for it to limit"))},
		{"a bonus where nothing scores", "uno-style", uno(effectByte(7, 1, byte(cardrules.Bonus)),
			atEntry(1, 0, "effect 7: the program scores no trick and no set for it to add to"))},
	}
}

// TestEmptyTriggersBeforeLasting: a program whose lasting effects have no
// trigger or condition keeps an empty TRIGGERS block (count 0) before its
// LASTING block, which the disassembly shows.
func TestEmptyTriggersBeforeLasting(t *testing.T) {
	p, im := lastingProgram(t, "uno-style", unoLasting)
	if im.At.Triggers == 0 || p[im.At.Triggers] != 0 || im.At.Lasting != im.At.Triggers+1 {
		t.Fatalf("triggers block at %d (count %d), lasting block at %d; want an empty triggers block just before the lasting block",
			im.At.Triggers, p[im.At.Triggers], im.At.Lasting)
	}
	if n := int(p[im.At.Lasting]); n != 3 || len(im.At.LastingEntries) != 3 || len(p) != im.At.Lasting+1+5*n {
		t.Fatalf("lasting block of %d entries (%d read) ending at %d, in a program of %d bytes", n, len(im.At.LastingEntries), im.At.Lasting+1+5*n, len(p))
	}
	s, err := bytecode.Disassemble(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  00  triggers 0\n", "  03  lasting 3\n",
		"  06 01 00 00 00  effect 6 until its player's next turn, over target, key 0 additive\n",
		"  07 00 02 05 00  effect 7 for the rest of the turn and 2 more turns, over target, key 1 max\n",
		"  08 03 00 00 03  effect 8 until the end of the deal, over target, key 0 additive, suppresses draw_cards\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("disassembly lacks %q:\n%s", want, s)
		}
	}
}
