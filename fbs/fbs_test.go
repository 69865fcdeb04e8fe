package fbs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// The recover net in the Read functions must never catch anything: in the
// tests (and in fuzzing workers, which run TestMain too) it re-panics with
// the original stack, so the test or fuzz input that reached it fails.
func TestMain(m *testing.M) {
	onRecover = func(what string, v any, stack []byte) {
		panic(fmt.Sprintf("fbs: the recover net caught a panic while reading a %s: %v\noriginal stack:\n%s", what, v, stack))
	}
	os.Exit(m.Run())
}

// noRecover fails t if the recover net fired during the test (belt and
// braces: TestMain's hook already turns that into a panic).
func noRecover(t testing.TB) {
	t.Helper()
	before := recovered.Load()
	t.Cleanup(func() {
		if n := recovered.Load() - before; n != 0 {
			t.Fatalf("the recover net fired %d times", n)
		}
	})
}

func TestRecoverNet(t *testing.T) {
	saved := onRecover
	defer func() { onRecover = saved }()
	var caught any
	onRecover = func(_ string, v any, _ []byte) { caught = v }
	before := recovered.Load()
	err := func() (err error) {
		defer guard("Test", &err)
		var s []int
		_ = s[3]
		return nil
	}()
	var fe *Error
	if !errors.As(err, &fe) || !strings.Contains(fe.Error(), "index out of range") {
		t.Fatalf("net gave %v", err)
	}
	if caught == nil || recovered.Load() != before+1 {
		t.Fatalf("hook not called or counter not bumped (caught %v)", caught)
	}
	recovered.Add(^uint64(0)) // undo, for noRecover checks of other tests
}

// programs returns every seed game with its code: crazy-eights first (the
// tests of one program count on its seat range, 2 to 5, and its
// decisions), then the others in library order.
func programs(t testing.TB) (names []string, gs []*genome.Genome, codes [][]byte) {
	t.Helper()
	seeds := genome.SeedNames()
	if i := slices.Index(seeds, "crazy-eights"); i > 0 {
		seeds = append(append([]string{"crazy-eights"}, seeds[:i]...), seeds[i+1:]...)
	}
	for _, name := range seeds {
		g := testkit.SeedGenome(t, name)
		code, err := compile.Compile(g)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		names, gs, codes = append(names, name), append(gs, g), append(codes, code)
	}
	if len(gs) == 0 {
		t.Fatal("no seed games")
	}
	return names, gs, codes
}

func mustWriteProgram(t testing.TB, name, summary string, g *genome.Genome, code []byte) []byte {
	t.Helper()
	buf, err := WriteProgram(name, summary, g, code)
	if err != nil {
		t.Fatal(err)
	}
	return buf
}

func TestProgramRoundTrip(t *testing.T) {
	noRecover(t)
	names, gs, codes := programs(t)
	for i, g := range gs {
		for _, meta := range [][2]string{
			{names[i], g.Summary},
			{"", ""},
			{"Crazy Eights – ♠ édition \"quoted\" back\\slash", "∑ ünïcödé 日本語 🂡"},
			{strings.Repeat("é", cardrules.MaxNameLen), strings.Repeat("x", cardrules.MaxSummaryLen)},
		} {
			buf := mustWriteProgram(t, meta[0], meta[1], g, codes[i])
			if !IsProgramFile(buf) || IsBatchRequest(buf) || IsBatchResult(buf) {
				t.Fatalf("%s: identifier sniffing wrong", names[i])
			}
			pf, err := ReadProgram(buf)
			if err != nil {
				t.Fatalf("%s: %v", names[i], err)
			}
			if pf.Name != meta[0] || pf.Summary != meta[1] {
				t.Errorf("%s: metadata %q %q, want %q %q", names[i], pf.Name, pf.Summary, meta[0], meta[1])
			}
			if pf.Hash != g.Hash() {
				t.Errorf("%s: hash differs", names[i])
			}
			if !bytes.Equal(pf.Code, codes[i]) {
				t.Errorf("%s: code differs", names[i])
			}
			want, _ := g.Encode()
			got, _ := pf.Genome.Encode()
			if !bytes.Equal(got, want) {
				t.Errorf("%s: genome differs:\n%s\nwant\n%s", names[i], got, want)
			}
			if !reflect.DeepEqual(pf.Genome.Canonical(), g.Canonical()) {
				t.Errorf("%s: canonical genome differs", names[i])
			}
			// The result shares no memory with the buffer.
			for j := range buf {
				buf[j] = 0
			}
			if !bytes.Equal(pf.Code, codes[i]) || pf.Name != meta[0] {
				t.Errorf("%s: result aliases the buffer", names[i])
			}
		}
	}
}

func TestWriteProgramRefuses(t *testing.T) {
	_, gs, codes := programs(t)
	g, code := gs[0], codes[0]
	other := codes[len(codes)-1]
	if len(gs) > 1 && bytes.Equal(other, code) {
		t.Fatal("seed programs are equal")
	}
	bad := g.Clone()
	bad.TurnCap = 0
	cases := []struct {
		name, summary string
		g             *genome.Genome
		code          []byte
	}{
		{"x", "", nil, code},
		{"\xff", "", g, code},
		{"", "\xc3", g, code},
		{"a\nb", "", g, code},
		{"\x1b[31mred", "", g, code},
		{"x", "one\x00", g, code},
		{"x", "two\nlines", g, code},
		{strings.Repeat("é", cardrules.MaxNameLen+1), "", g, code},
		{"x", strings.Repeat("x", cardrules.MaxSummaryLen+1), g, code},
		{"x", "", g, nil},
		{"x", "", g, code[:len(code)-1]},
		{"x", "", bad, code},
	}
	if len(gs) > 1 {
		cases = append(cases, struct {
			name, summary string
			g             *genome.Genome
			code          []byte
		}{"x", "", g, other})
	}
	for i, c := range cases {
		if buf, err := WriteProgram(c.name, c.summary, c.g, c.code); err == nil {
			t.Errorf("case %d: wrote %d bytes, want an error", i, len(buf))
		}
	}
}

// batchStats plays a small batch of every seed game.
func batchStats(t testing.TB) []*vm.Stats {
	t.Helper()
	_, _, codes := programs(t)
	var out []*vm.Stats
	for _, code := range codes {
		p, err := vm.Load(code)
		if err != nil {
			t.Fatal(err)
		}
		st, err := vm.Batch(context.Background(), p, vm.BatchConfig{Games: 64, Seed: 7, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, st)
	}
	return out
}

func roundTripStats(t *testing.T, seed uint64, games int, st *vm.Stats) *vm.Stats {
	t.Helper()
	buf, err := WriteBatchResult(seed, games, st)
	if err != nil {
		t.Fatal(err)
	}
	if !IsBatchResult(buf) || IsProgramFile(buf) {
		t.Fatal("identifier sniffing wrong")
	}
	got, gotSeed, gotGames, err := ReadBatchResult(buf)
	if err != nil {
		t.Fatal(err)
	}
	if gotSeed != seed || gotGames != games {
		t.Errorf("echo %d/%d, want %d/%d", gotSeed, gotGames, seed, games)
	}
	return got
}

func TestBatchResultRoundTrip(t *testing.T) {
	noRecover(t)
	for i, st := range batchStats(t) {
		got := roundTripStats(t, 7, int(st.Games), st)
		if !reflect.DeepEqual(got, st) {
			t.Errorf("game %d: stats differ: %v", i, diffStats(got, st))
		}
	}
	var zero vm.Stats
	if got := roundTripStats(t, 0, 0, &zero); !reflect.DeepEqual(got, &zero) {
		t.Errorf("zero stats differ: %v", diffStats(got, &zero))
	}
	var full vm.Stats
	full.Seats = vm.MaxSeats
	full.Turns.Hist[vm.NumBuckets-1] = math.MaxUint64
	full.Effects[len(full.Effects)-1] = 1
	if got := roundTripStats(t, math.MaxUint64, math.MaxInt, &full); !reflect.DeepEqual(got, &full) {
		t.Errorf("full stats differ: %v", diffStats(got, &full))
	}
}

func TestWriteBatchResultRefuses(t *testing.T) {
	for i, c := range []struct {
		games int
		st    *vm.Stats
	}{
		{1, nil},
		{-1, &vm.Stats{}},
		{1, &vm.Stats{Seats: -1}},
		{1, &vm.Stats{Seats: vm.MaxSeats + 1}},
	} {
		if buf, err := WriteBatchResult(1, c.games, c.st); err == nil {
			t.Errorf("case %d: wrote %d bytes, want an error", i, len(buf))
		}
	}
}

// fillDistinct sets every integer leaf of v (walking structs and arrays) to
// a distinct non-zero value and returns the paths it set. Int fields get
// small values (Seats must be at most vm.MaxSeats); uint64 fields get large
// ones, some above 2^53 so that JSON readers must keep full precision.
func fillDistinct(t *testing.T, v reflect.Value, path string, next *uint64, small *int) []string {
	t.Helper()
	switch v.Kind() {
	case reflect.Struct:
		var paths []string
		for i := range v.NumField() {
			paths = append(paths, fillDistinct(t, v.Field(i), path+"."+v.Type().Field(i).Name, next, small)...)
		}
		return paths
	case reflect.Array:
		var paths []string
		for i := range v.Len() {
			paths = append(paths, fillDistinct(t, v.Index(i), fmt.Sprintf("%s[%d]", path, i), next, small)...)
		}
		return paths
	case reflect.Uint64:
		*next++
		x := *next * 1000003
		if *next%3 == 0 {
			x += 1 << 60
		}
		v.SetUint(x)
		return []string{path}
	case reflect.Int:
		*small++
		if *small > vm.MaxSeats {
			t.Fatalf("%s: more int fields than the filler has small values for", path)
		}
		v.SetInt(int64(*small))
		return []string{path}
	default:
		t.Fatalf("%s has kind %s: map it in the Stats schema, fbs.go and this test", path, v.Kind())
		return nil
	}
}

// diffStats lists the leaf paths where a and b differ.
func diffStats(a, b *vm.Stats) []string {
	var out []string
	var walk func(x, y reflect.Value, path string)
	walk = func(x, y reflect.Value, path string) {
		switch x.Kind() {
		case reflect.Struct:
			for i := range x.NumField() {
				walk(x.Field(i), y.Field(i), path+"."+x.Type().Field(i).Name)
			}
		case reflect.Array:
			for i := range x.Len() {
				walk(x.Index(i), y.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		default:
			if !reflect.DeepEqual(x.Interface(), y.Interface()) {
				out = append(out, fmt.Sprintf("%s: %v != %v", path, x.Interface(), y.Interface()))
			}
		}
	}
	walk(reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem(), "Stats")
	return out
}

// Every field of vm.Stats must survive a round trip: set each leaf to a
// distinct non-zero value and compare. A field added to vm.Stats without a
// counterpart in the schema fails here, by name.
func TestStatsEveryFieldRoundTrips(t *testing.T) {
	noRecover(t)
	var st vm.Stats
	var next uint64
	var small int
	paths := fillDistinct(t, reflect.ValueOf(&st).Elem(), "Stats", &next, &small)
	if len(paths) == 0 {
		t.Fatal("no fields filled")
	}
	got := roundTripStats(t, 99, 12345, &st)
	if d := diffStats(got, &st); len(d) > 0 {
		t.Fatalf("%d of %d fields do not round-trip (no counterpart in the schema mapping?):\n%s", len(d), len(paths), strings.Join(d, "\n"))
	}
	if !reflect.DeepEqual(got, &st) {
		t.Fatal("stats differ")
	}
}

// snake turns a Go field name into the schema's field name.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Every field of vm.Stats and vm.Dist has a field of the same name in the
// schema's Stats and Dist tables, and vice versa.
func TestStatsFieldsHaveSchemaCounterparts(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		spec *tableSpec
	}{
		{reflect.TypeFor[vm.Stats](), statsSpec},
		{reflect.TypeFor[vm.Dist](), distSpec},
	} {
		inSchema := map[string]bool{}
		for _, f := range c.spec.fields {
			inSchema[f.name] = true
		}
		inGo := map[string]bool{}
		for i := range c.typ.NumField() {
			name := snake(c.typ.Field(i).Name)
			inGo[name] = true
			if !inSchema[name] {
				t.Errorf("%s.%s has no field %q in table %s", c.typ, c.typ.Field(i).Name, name, c.spec.name)
			}
		}
		for _, f := range c.spec.fields {
			if !inGo[f.name] {
				t.Errorf("table %s field %q has no counterpart in %s", c.spec.name, f.name, c.typ)
			}
		}
	}
}

func TestVersionsMatchBytecode(t *testing.T) {
	_, _, codes := programs(t)
	buf := mustWriteProgram(t, "x", "", testkit.SeedGenome(t, "crazy-eights"), codes[0])
	c, err := verifyRoot(buf, ProgramFileIdentifier, programSpec)
	if err != nil {
		t.Fatal(err)
	}
	if buf[c.at[pfFormatVersion]] != bytecode.FormatVersion || buf[c.at[pfSemanticsVersion]] != bytecode.SemanticsVersion {
		t.Fatal("versions not copied from package bytecode")
	}
}

// A program file of another version is refused naming both versions and
// what to do (recompile from the genome), saying whether the file embeds
// its genome; a name or summary that is not printable, bounded text is
// refused at its field.
func TestReadProgramVersionsAndMetadata(t *testing.T) {
	noRecover(t)
	_, gs, codes := programs(t)
	g, code := gs[0], codes[0]
	js, _ := g.Encode()
	h := g.Hash()
	sp := func(s string) *string { return &s }
	ok := func() rawProgram {
		return rawProgram{ProgramFileVersion, bytecode.FormatVersion, bytecode.SemanticsVersion, sp("n"), sp(string(js)), sp("s"), h[:], code}
	}
	const recompile = "recompile it from its genome: darwinsim compile GENOME.json -o FILE"
	const embeds = " (the file embeds its genome, as JSON in its genome_json field)"
	const notEmbedded = " (the file does not embed its genome)"
	printable := "text must be printable (no control characters, escape sequences or invisible formatting)"
	for _, tc := range []struct {
		name       string
		mod        func(r *rawProgram)
		slot       int
		path, want string
	}{
		{"older format", func(r *rawProgram) { r.format = bytecode.FormatVersion - 1 }, pfFormatVersion, "format_version",
			fmt.Sprintf("bytecode format version %d, this build reads version %d: %s%s", bytecode.FormatVersion-1, bytecode.FormatVersion, recompile, embeds)},
		{"newer format", func(r *rawProgram) { r.format = bytecode.FormatVersion + 1 }, pfFormatVersion, "format_version",
			fmt.Sprintf("bytecode format version %d, this build reads version %d: use a newer darwinsim, or %s%s", bytecode.FormatVersion+1, bytecode.FormatVersion, recompile, embeds)},
		{"older semantics, no genome", func(r *rawProgram) { r.semantics = bytecode.SemanticsVersion - 1; r.json = nil }, pfSemanticsVersion, "semantics_version",
			fmt.Sprintf("bytecode semantics version %d, this build plays version %d: %s%s", bytecode.SemanticsVersion-1, bytecode.SemanticsVersion, recompile, notEmbedded)},
		{"newer file", func(r *rawProgram) { r.version = ProgramFileVersion + 1 }, pfVersion, "version",
			fmt.Sprintf("program file version %d, this build reads version %d: use a newer darwinsim, or %s%s", ProgramFileVersion+1, ProgramFileVersion, recompile, embeds)},
		{"ANSI name", func(r *rawProgram) { r.name = sp("\x1b[2Jgame") }, pfName, "name",
			"the name holds the control character U+001B at character 1: " + printable},
		{"name with NUL", func(r *rawProgram) { r.name = sp("war\x00") }, pfName, "name",
			"the name holds the control character U+0000 at character 4: " + printable},
		{"summary with a bidi override", func(r *rawProgram) { r.summary = sp("abc\u202e") }, pfSummary, "summary",
			"the summary holds the non-printable character U+202E at character 4: " + printable},
		{"long summary", func(r *rawProgram) { r.summary = sp(strings.Repeat("x", cardrules.MaxSummaryLen+1)) }, pfSummary, "summary",
			"the summary is 4001 characters long, at most 4000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ok()
			tc.mod(&r)
			buf := r.build()
			pf, err := ReadProgram(buf)
			if pf != nil || err == nil {
				t.Fatal("accepted")
			}
			fe := asError(t, err, len(buf))
			c, cerr := verifyRoot(buf, ProgramFileIdentifier, programSpec)
			if cerr != nil {
				t.Fatal(cerr)
			}
			if fe.Path != "ProgramFile."+tc.path || fe.Reason != tc.want || fe.Offset != c.where(tc.slot) {
				t.Errorf("got byte %d %s: %s\nwant byte %d ProgramFile.%s: %s", fe.Offset, fe.Path, fe.Reason, c.where(tc.slot), tc.path, tc.want)
			}
		})
	}
}
