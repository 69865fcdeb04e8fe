package bytecode_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/fuzzcorpus"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// FuzzVerify: no bytes make Verify, Read or Disassemble panic; every error
// is a non-empty ErrorList at offsets inside the program; a program that
// verifies disassembles, and its image only refers to predicates it holds
// (the VM indexes them without checks). And the verifier agrees with the
// genome model, which is separate code: the game of a verified program, as
// the decompiler reads it back, passes genome.Validate.
func FuzzVerify(f *testing.F) {
	f.Fuzz(func(t *testing.T, p []byte) {
		defer testkit.NoPanic(t, p)
		if len(p) > maxFuzzProgram {
			return
		}
		im, err := bytecode.Read(p)
		if verr := bytecode.Verify(p); (verr == nil) != (err == nil) {
			t.Fatalf("Verify %v, Read %v", verr, err)
		}
		if err != nil {
			if im != nil {
				t.Fatal("Read returned an image with an error")
			}
			var el bytecode.ErrorList
			if !errors.As(err, &el) || len(el) == 0 {
				t.Fatalf("error %v is %T, want a non-empty ErrorList", err, err)
			}
			for _, e := range el {
				if e.Offset < 0 || e.Offset > len(p) || e.Reason == "" {
					t.Fatalf("bad error %q at offset %d of %d", e.Reason, e.Offset, len(p))
				}
			}
			if s, derr := bytecode.Disassemble(p); s != "" || derr == nil {
				t.Fatalf("Disassemble of a bad program = %q, %v", s, derr)
			}
			return
		}
		s, err := bytecode.Disassemble(p)
		if err != nil {
			t.Fatalf("Disassemble of a verified program: %v", err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
			off, perr := strconv.ParseUint(line[:4], 16, 16)
			if perr != nil || int(off) >= len(p) {
				t.Fatalf("disassembly line %q does not start with an offset inside the program", line)
			}
		}
		if len(im.Preds) != len(im.PredOffsets) {
			t.Fatalf("%d predicates at %d offsets", len(im.Preds), len(im.PredOffsets))
		}
		for i, pred := range im.Preds {
			if len(pred) == 0 || bytecode.Op(pred[len(pred)-1]) != bytecode.OpRet {
				t.Fatalf("predicate %d does not end with RET: % x", i, pred)
			}
		}
		for i, ph := range im.Phases {
			for _, ref := range []int{ph.Pred, ph.Prefer, ph.Lead, ph.LeadPrefer} {
				if ref != bytecode.NoPred && (ref < 0 || ref >= len(im.Preds)) {
					t.Fatalf("phase %d refers to predicate %d of %d", i, ref, len(im.Preds))
				}
			}
		}
		for _, c := range im.Remove {
			if c >= cardrules.NumCards {
				t.Fatalf("removed card %d", c)
			}
		}
		if n := len(im.Deck()); n < 2 || n > cardrules.NumCards {
			t.Fatalf("deck of %d cards", n)
		}
		// Decompile refuses a verified program only when it is not in the
		// form the compiler emits; a genome the model forbids means the
		// verifier let through what genome.Validate does not.
		var ps genome.Problems
		if _, err := compile.Decompile(p); errors.As(err, &ps) {
			t.Fatalf("the verifier accepted a program of a game the genome model forbids: %v", err)
		}
	})
}

// maxFuzzProgram bounds the inputs FuzzVerify runs. Every check of the
// verifier is reached by programs far shorter (the seed programs are under
// 100 bytes, and one predicate tops out at bytecode.MaxPredLen), while the
// fuzzer's minimiser takes time quadratic in an input's length: longer
// inputs would only slow the search down.
const maxFuzzProgram = 1024

// TestFuzzCorpus keeps the committed FuzzVerify seed corpus: every seed
// program, truncations of two, the fixtures of the effects' blocks whole
// and cut inside them, and inputs that once broke the verifier (run with
// -update to rewrite it).
func TestFuzzCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzVerify")
	want := map[string][]byte{
		"empty":      nil,
		"magic-only": []byte("DSBC"),
	}
	for _, name := range genome.SeedNames() {
		p := testkit.SeedProgram(t, name)
		want["seed-"+name] = p
		if name == "hearts" || name == "uno-style" {
			for _, n := range []int{7, 8, 9, 12, len(p) / 3, len(p) / 2, len(p) - 5, len(p) - 1} {
				want[fmt.Sprintf("truncated-%s-%d", name, n)] = p[:n]
			}
		}
	}
	// 17 values on the predicate stack (Verify indexed past its stack).
	q := split(t, testkit.SeedProgram(t, "crazy-eights"))
	setPred(q, append(bytes.Repeat([]byte{tru}, 17), ret)...)
	want["stack-17"] = q.bytes()
	// A predicate count that matches the references, with one missing.
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Turn = append(g.Turn, g.Turn[0])
	q = split(t, testkit.Compile(t, g))
	q.secs[code] = []byte{2, tru, ret}
	want["missing-predicate"] = q.bytes()
	// A turn cap above the model's limit, which the genome model forbids:
	// were the verifier to accept it, FuzzVerify fails on this entry.
	over := testkit.SeedProgram(t, "crazy-eights")
	im, err := bytecode.Read(over)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint16(over[im.At.TurnCap:], cardrules.MaxTurnCap+1)
	want["turn-cap-over-limit"] = over
	// A TRIGGERS block with every trigger and condition subject, whole and
	// cut inside the block (its count, an entry), with its length fixed so
	// that the cut reaches the block's own checks.
	p := fixtureProgram(t, "triggers")
	want["fixture-triggers"] = p
	im, err = bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{im.At.Triggers + 1, im.At.Triggers + 3, len(p) - 1} {
		cut := bytes.Clone(p[:n])
		binary.LittleEndian.PutUint16(cut[6:], uint16(n))
		want[fmt.Sprintf("cut-triggers-%d", n)] = cut
	}
	// A LASTING block with every lasting type, duration, scope and
	// stacking mode, whole and cut inside the block (its count, an entry's
	// duration byte, the last byte), and one after an empty TRIGGERS block.
	p = fixtureProgram(t, "lasting")
	want["fixture-lasting"] = p
	im, err = bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{im.At.Lasting + 1, im.At.LastingEntries[1] + 2, len(p) - 1} {
		cut := bytes.Clone(p[:n])
		binary.LittleEndian.PutUint16(cut[6:], uint16(n))
		want[fmt.Sprintf("cut-lasting-%d", n)] = cut
	}
	g = testkit.SeedGenome(t, "uno-style")
	unoLasting(g)
	want["uno-lasting"] = testkit.Compile(t, g)
	// Effects that act later, chosen targets and a RULES block with each
	// holder, whole and cut inside the block (its count, a rule's
	// condition byte, the last byte); and the rules alone, after empty
	// TRIGGERS and LASTING blocks.
	p = fixtureProgram(t, "later")
	want["fixture-later"] = p
	im, err = bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{im.At.Rules[0], im.At.Rules[1] + 3, len(p) - 1} {
		cut := bytes.Clone(p[:n])
		binary.LittleEndian.PutUint16(cut[6:], uint16(n))
		want[fmt.Sprintf("cut-later-%d", n)] = cut
	}
	want["rules-only"], _ = rulesProgram(t)
	fuzzcorpus.Sync(t, dir, want, testkit.Update(), "go test -run TestFuzzCorpus -update")
}
