package compile_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/fuzzcorpus"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// tb is what testing.T and rapid.T share.
type tb interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkRoundTrip checks invariant 4 of the architecture for one genome:
// Compile succeeds and verifies, Decompile gives the canonical form, and
// compiling that gives the same bytes.
func checkRoundTrip(t tb, g *genome.Genome) []byte {
	t.Helper()
	p, err := compile.Compile(g)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	if err := bytecode.Verify(p); err != nil {
		t.Fatalf("compiled program does not verify: %v\n% x", err, p)
	}
	if _, err := bytecode.Disassemble(p); err != nil {
		t.Fatalf("Disassemble: %v", err)
	}
	d, err := compile.Decompile(p)
	if err != nil {
		t.Fatalf("Decompile: %v\n% x", err, p)
	}
	if want := g.Canonical(); !reflect.DeepEqual(d, want) {
		t.Fatalf("Decompile(Compile(g)) differs from g.Canonical()\n got: %s\nwant: %s\n got: %#v\nwant: %#v",
			d.CanonicalJSON(), want.CanonicalJSON(), d, want)
	}
	p2, err := compile.Compile(d)
	if err != nil {
		t.Fatalf("Compile(Decompile(p)): %v", err)
	}
	if !bytes.Equal(p, p2) {
		t.Fatalf("Compile(Decompile(p)) differs from p\n% x\n% x", p, p2)
	}
	return p
}

func TestSeedsRoundTrip(t *testing.T) {
	for _, name := range genome.SeedNames() {
		t.Run(name, func(t *testing.T) {
			g := testkit.SeedGenome(t, name)
			checkRoundTrip(t, g)
		})
	}
}

func TestPropRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkRoundTrip(t, genometest.Genome().Draw(t, "g"))
	})
}

// TestPropDeterministic: the same game gives the same bytes however it is
// spelled or carried: a clone, other metadata, its canonical form, a JSON
// round trip.
func TestPropDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		p, err := compile.Compile(g)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := compile.Compile(g)
		m := g.Clone()
		m.Name, m.Summary = "renamed", "other prose"
		renamed, _ := compile.Compile(m)
		canon, _ := compile.Compile(g.Canonical())
		b, err := g.Encode()
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := genome.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		viaJSON, _ := compile.Compile(parsed)
		for name, q := range map[string][]byte{"again": again, "renamed": renamed, "canonical": canon, "via JSON": viaJSON} {
			if !bytes.Equal(p, q) {
				t.Fatalf("%s compiles differently\n% x\n% x", name, p, q)
			}
		}
	})
}

// TestPropDistinctGamesDistinctPrograms: genomes with different canonical
// forms compile to different programs (the format loses nothing).
func TestPropDistinctGamesDistinctPrograms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genometest.Genome().Draw(t, "a")
		b := genometest.Genome().Draw(t, "b")
		pa, err := compile.Compile(a)
		if err != nil {
			t.Fatal(err)
		}
		pb, err := compile.Compile(b)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(pa, pb) != bytes.Equal(a.CanonicalJSON(), b.CanonicalJSON()) {
			t.Fatalf("programs equal: %v, canonical forms equal: %v", bytes.Equal(pa, pb), bytes.Equal(a.CanonicalJSON(), b.CanonicalJSON()))
		}
	})
}

func TestCompileRejectsInvalidGenome(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.TurnCap = 0
	p, err := compile.Compile(g)
	if p != nil || err == nil {
		t.Fatalf("Compile of an invalid genome = % x, %v", p, err)
	}
	if want := "$.turn_cap: must be between 1 and 50000, got 0"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// TestDecompileRejects: Decompile refuses programs that do not verify and
// verified programs that are not in the form Compile emits.
func TestDecompileRejects(t *testing.T) {
	seed := func(name string) []byte {
		g := testkit.SeedGenome(t, name)
		p, err := compile.Compile(g)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name   string
		p      []byte
		prefix string
	}{
		{"empty", nil, "offset 0 (0x0000): program is 0 bytes"},
		{"bad magic", append([]byte("XSBC"), seed("war")[4:]...), `offset 0 (0x0000): bad magic "XSBC"`},
		{"truncated", seed("war")[:20], "offset 6 (0x0006): header says the program is"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := compile.Decompile(tc.p)
			if g != nil || err == nil {
				t.Fatalf("Decompile = %v, %v", g, err)
			}
			if !strings.HasPrefix(err.Error(), tc.prefix) {
				t.Errorf("error %q, want prefix %q", err, tc.prefix)
			}
		})
	}
}

// insertPhase returns p with one more phase instruction at the end of its
// TURN section, lengths fixed.
func insertPhase(t *testing.T, p []byte, ins ...byte) []byte {
	t.Helper()
	turnAt := bytecode.HeaderSize + 3 + int(binary.LittleEndian.Uint16(p[bytecode.HeaderSize+1:]))
	if bytecode.Op(p[turnAt]) != bytecode.OpTurn {
		t.Fatalf("no TURN section at %d", turnAt)
	}
	n := int(binary.LittleEndian.Uint16(p[turnAt+1:]))
	q := append(bytes.Clone(p[:turnAt+3+n]), append(ins, p[turnAt+3+n:]...)...)
	binary.LittleEndian.PutUint16(q[turnAt+1:], uint16(n+len(ins)))
	binary.LittleEndian.PutUint16(q[6:], uint16(len(q)))
	return q
}

// TestDecompileRejectsInvalidGenome: a program that verifies but decodes
// to a genome Validate refuses (war with a draw phase, though the whole
// deck is dealt and nothing refills the stock).
func TestDecompileRejectsInvalidGenome(t *testing.T) {
	g := testkit.SeedGenome(t, "war")
	p, err := compile.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	q := insertPhase(t, p, byte(bytecode.OpDraw), 1)
	if err := bytecode.Verify(q); err != nil {
		t.Fatalf("test program does not verify: %v", err)
	}
	d, err := compile.Decompile(q)
	if d != nil || err == nil {
		t.Fatalf("Decompile accepted a program whose genome is invalid")
	}
	want := "program decodes to an invalid genome: $.turn[1].count: the deal leaves no stock and nothing is reshuffled into it, so the phase can never draw"
	if err.Error() != want {
		t.Errorf("error\n got: %s\nwant: %s", err, want)
	}
}

// TestDecompileRejectsNonCanonical: a program whose END section counts more
// conditions than it holds is not what Compile emits (and should not
// verify either); Decompile must refuse it.
func TestDecompileRejectsNonCanonical(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	p, err := compile.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	im, err := bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	// END's count byte comes right before its (event, result) pairs, which
	// end where the EFFECTS section (opcode, count, 4-byte entries) begins.
	effectsAt := im.At.Sections[4]
	countAt := effectsAt - 2*len(im.Conditions) - 1
	q := bytes.Clone(p)
	if int(q[countAt]) != len(im.Conditions) {
		t.Fatalf("no END count at %d", countAt)
	}
	q[countAt]++
	d, err := compile.Decompile(q)
	if d != nil || err == nil {
		t.Fatalf("Decompile accepted % x", q)
	}
	if bytecode.Verify(q) == nil {
		want := fmt.Sprintf("offset %d: program is valid but not in canonical form (recompiling differs from here)", countAt)
		if err.Error() != want {
			t.Errorf("error\n got: %s\nwant: %s", err, want)
		}
	}
}

// TestRoundTripLargePredicate: a legality predicate at the node limit
// (MaxExprNodes) is valid, so its program must verify.
func TestRoundTripLargePredicate(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	var args []genome.Expr
	for i := range cardrules.MaxExprNodes - 1 {
		args = append(args, genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermRank, Value: uint8(i % cardrules.NumRanks)}))
	}
	legal := genome.Any(args...)
	g.Turn[0].Legal = &legal
	if err := g.Validate(); err != nil {
		t.Fatalf("test genome invalid: %v", err)
	}
	checkRoundTrip(t, g)
}

// TestRoundTripEmptyArgs: JSON may spell a comparison's absent args as
// "args": []; the genome is valid and must round-trip like any other.
func TestRoundTripEmptyArgs(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "genome", "seeds", "crazy-eights.json"))
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`{"op": "eq", "left": "card.suit"`), []byte(`{"op": "eq", "args": [], "left": "card.suit"`), 1)
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, g)
}

// TestRoundTripTermValue: the Value of a non-constant term is unused; a
// genome built in Go with one set validates, so it must round-trip (its
// canonical form should zero the field, as it does unused effect fields).
func TestRoundTripTermValue(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Turn[0].Legal.Args[0].Left.Value = 5
	if err := g.Validate(); err != nil {
		t.Fatalf("test genome invalid: %v", err)
	}
	checkRoundTrip(t, g)
}

// TestRoundTripUnusedBaseDeal: when every seat count has an override the
// base deal is never used and Validate does not bound it, but Compile
// stores it in a byte.
func TestRoundTripUnusedBaseDeal(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Seats = genome.Seats{Min: 2, Max: 2, Default: 2}
	g.Deal.Cards = 300
	if err := g.Validate(); err != nil {
		t.Skipf("Validate now rejects the unused base deal: %v", err)
	}
	checkRoundTrip(t, g)
}

// TestRoundTripPlayRules: every option of the voluntary play rules, the
// starter rules, reshuffle timing and the blocked end survives the round
// trip, each value on its own and all together.
func TestRoundTripPlayRules(t *testing.T) {
	base := testkit.SeedGenome(t, "crazy-eights")
	cases := map[string]func(g *genome.Genome){
		"by_choice":         func(g *genome.Genome) { g.Turn[0].Draw = cardrules.DrawByChoice },
		"pass always":       func(g *genome.Genome) { g.Turn[0].Pass = cardrules.PassAlways },
		"pass after_draws":  func(g *genome.Genome) { g.Turn[0].Pass = cardrules.PassAfterDraws },
		"pass empty_stock":  func(g *genome.Genome) { g.Turn[0].Pass = cardrules.PassEmptyStock },
		"starter_fires":     func(g *genome.Genome) { g.Deal.StarterFires = true },
		"reshuffle_at_once": func(g *genome.Genome) { g.ReshuffleAtOnce = true },
		"blocked":           func(g *genome.Genome) { g.End.Blocked = cardrules.MaxBlocked },
		"gate": func(g *genome.Genome) {
			g.Effects = []genome.Effect{{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2, Gate: true}, {Rank: 0, Type: cardrules.ForceDiscard, Target: cardrules.TargetSelf, Value: 1, Gate: true}}
		},
		"last_card_inert": func(g *genome.Genome) {
			g.Effects = []genome.Effect{{Rank: 0, Type: cardrules.SkipNext, Value: 1}}
			g.LastCardInert = true
		},
		"starter_not": func(g *genome.Genome) { g.Deal.StarterNot = []genome.Rank{7, 0} },
		"all": func(g *genome.Genome) {
			g.Turn[0].Draw, g.Turn[0].Pass, g.Turn[0].PlayDrawn = cardrules.DrawByChoice, cardrules.PassAfterDraws, true
			g.Deal.StarterFires, g.Deal.StarterNot, g.ReshuffleAtOnce, g.End.Blocked = true, []genome.Rank{6}, true, 2
		},
	}
	plain := checkRoundTrip(t, base)
	for name, set := range cases {
		t.Run(name, func(t *testing.T) {
			g := base.Clone()
			set(g)
			if p := checkRoundTrip(t, g); bytes.Equal(p, plain) {
				t.Errorf("the option leaves the program as it was")
			}
		})
	}
}

// TestRoundTripTriggers: every trigger, in a game where its event can
// happen, and every condition subject with each comparison and the ends
// of its value range (each suit for top_suit) survive the round trip, each
// changing the program; so does the fixture game that has them all.
func TestRoundTripTriggers(t *testing.T) {
	type variant struct {
		seed string
		e    genome.Effect
	}
	cases := map[string]variant{}
	for _, v := range []variant{
		{"uno-style", genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1, When: cardrules.Drawn}},
		{"go-fish", genome.Effect{Rank: 10, Type: cardrules.SkipNext, Value: 1, When: cardrules.Asked}},
		{"old-maid", genome.Effect{Rank: 11, Suit: cardrules.TriggerOn(2), Type: cardrules.Reverse, When: cardrules.Taken}},
		{"go-fish", genome.Effect{Rank: 11, Type: cardrules.ForceDiscard, Target: cardrules.TargetAllOpponents, Value: 1, Random: true, When: cardrules.SetLaid}},
		{"whist", genome.Effect{Rank: 12, Type: cardrules.ExtraTurn, When: cardrules.TrickWon}},
		{"uno-style", genome.Effect{Rank: 3, Type: cardrules.SkipNext, Value: 2, When: cardrules.ForcedDiscard}},
		{"war", genome.Effect{Rank: 0, Suit: cardrules.TriggerOn(0), Type: cardrules.ForceDiscard, Target: cardrules.TargetPrevious, Value: 3, When: cardrules.WentOut}},
	} {
		cases["when "+v.e.When.String()] = v
	}
	draw := genome.Effect{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetRandomOpponent, Value: 2}
	for of := cardrules.CondHand; of < cardrules.NumCondOfs; of++ {
		if of == cardrules.CondTopSuit {
			for s := range genome.Suit(cardrules.NumSuits) {
				e := draw
				e.If = genome.EffectCondition{Of: of, Suit: cardrules.TriggerOn(s)}
				cases[fmt.Sprintf("if %s %s", of, s)] = variant{"uno-style", e}
			}
			continue
		}
		lo, hi := 0, cardrules.MaxCondValue
		if of == cardrules.CondSeats {
			lo, hi = 1, cardrules.MaxSeats
		}
		for c := range cardrules.NumCompares {
			for _, v := range []int{lo, hi} {
				e := draw
				e.If = genome.EffectCondition{Of: of, Cmp: c, Value: v}
				if of == cardrules.CondHand {
					e.When = cardrules.Drawn // a condition beside a trigger
				}
				cases[fmt.Sprintf("if %s %s %d", of, c, v)] = variant{"uno-style", e}
			}
		}
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			g := testkit.SeedGenome(t, v.seed)
			// The same effect of a played card, where the game plays cards.
			plain := g.Clone()
			e := v.e
			e.When, e.If = cardrules.Played, genome.EffectCondition{}
			plain.Effects = append(plain.Effects, e)
			g.Effects = append(g.Effects, v.e)
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
			p := checkRoundTrip(t, g)
			if plain.Validate() == nil && bytes.Equal(p, checkRoundTrip(t, plain)) {
				t.Errorf("the trigger or condition leaves the program as it was")
			}
		})
	}
	t.Run("fixture", func(t *testing.T) { checkRoundTrip(t, fixture(t, "triggers")) })
}

// fixture is the bytecode package's fixture game of the given name
// (bytecode/testdata/genomes): "triggers" has every trigger and condition
// subject, "lasting" every lasting type, duration, scope and stacking mode,
// "later" effects that act later, chosen targets and continuous rules.
func fixture(t testing.TB, name string) *genome.Genome {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "genomes", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// goFishAsked is go-fish whose asks for queens set off a skip while at
// least 3 players are in: effects in a game that plays no card.
func goFishAsked(t testing.TB) *genome.Genome {
	g := testkit.SeedGenome(t, "go-fish")
	g.Effects = []genome.Effect{{Rank: 10, Type: cardrules.SkipNext, Value: 1, When: cardrules.Asked,
		If: genome.EffectCondition{Of: cardrules.CondSeats, Value: 3}}}
	return g
}

// TestDecompileMissingPredicate: a program whose predicate count matches
// its phases but whose CODE section holds fewer predicates must be refused,
// not crash the decompiler.
func TestDecompileMissingPredicate(t *testing.T) {
	p := missingPredicateProgram(t)
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Decompile panicked: %v\n% x", r, p)
		}
	}()
	if g, err := compile.Decompile(p); err == nil {
		t.Fatalf("Decompile accepted the program: %+v", g)
	}
}

// missingPredicateProgram compiles crazy-eights with its play phase twice,
// then drops the second predicate from CODE (keeping the count 2).
func missingPredicateProgram(t testing.TB) []byte {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.Turn = append(g.Turn, g.Turn[0])
	p, err := compile.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	im, err := bytecode.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	second := im.PredOffsets[1]
	n := len(im.Preds[1])
	q := append(bytes.Clone(p[:second]), p[second+n:]...)
	// Fix the CODE section length (its header is 3 bytes before the count
	// byte, which is 1 byte before the first predicate).
	codeAt := im.PredOffsets[0] - 4
	if bytecode.Op(q[codeAt]) != bytecode.OpCode {
		t.Fatalf("no CODE header at %d", codeAt)
	}
	binary.LittleEndian.PutUint16(q[codeAt+1:], binary.LittleEndian.Uint16(q[codeAt+1:])-uint16(n))
	binary.LittleEndian.PutUint16(q[6:], uint16(len(q)))
	return q
}

// FuzzDecompile: no input makes Decompile panic; when it succeeds, its
// genome is canonical and valid and compiles back to the same bytes.
//
// Inputs over 1 KiB are skipped: every check is reached by far shorter
// programs (the seeds are under 100 bytes), and the fuzzer's minimiser
// takes time quadratic in an input's length.
func FuzzDecompile(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		defer testkit.NoPanic(t, data)
		if len(data) > 1024 {
			return
		}
		g, err := compile.Decompile(data)
		if err != nil {
			if g != nil {
				t.Fatal("Decompile returned a genome with an error")
			}
			return
		}
		if verr := bytecode.Verify(data); verr != nil {
			t.Fatalf("Decompile accepted a program that does not verify: %v", verr)
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("Decompile returned an invalid genome: %v", err)
		}
		if !reflect.DeepEqual(g, g.Canonical()) {
			t.Fatalf("Decompile returned a non-canonical genome: %s", g.CanonicalJSON())
		}
		p, err := compile.Compile(g)
		if err != nil {
			t.Fatalf("Compile(Decompile(p)): %v", err)
		}
		if !bytes.Equal(p, data) {
			t.Fatalf("Compile(Decompile(p)) differs from p\n% x\n% x", p, data)
		}
	})
}

// TestFuzzCorpus keeps the committed FuzzDecompile seed corpus: every seed
// program, truncations of one, and known crashers.
func TestFuzzCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecompile")
	want := map[string][]byte{}
	for _, name := range genome.SeedNames() {
		g := testkit.SeedGenome(t, name)
		p, err := compile.Compile(g)
		if err != nil {
			t.Fatal(err)
		}
		want["seed-"+name] = p
		if name == "uno-style" {
			for _, n := range []int{0, 7, 8, 20, len(p) / 2, len(p) - 1} {
				want[fmt.Sprintf("truncated-%s-%d", name, n)] = p[:n]
			}
		}
	}
	want["missing-predicate"] = missingPredicateProgram(t)
	// Programs with a TRIGGERS block: every trigger and condition subject,
	// and effects in a game that plays no card.
	want["fixture-triggers"] = testkit.Compile(t, fixture(t, "triggers"))
	want["go-fish-asked"] = testkit.Compile(t, goFishAsked(t))
	// A program with a LASTING block: every lasting type, duration, scope
	// and stacking mode.
	want["fixture-lasting"] = testkit.Compile(t, fixture(t, "lasting"))
	// A program with effects that act later, chosen targets and a RULES
	// block.
	want["fixture-later"] = testkit.Compile(t, fixture(t, "later"))
	fuzzcorpus.Sync(t, dir, want, testkit.Update(), "go test -run TestFuzzCorpus -update")
}
