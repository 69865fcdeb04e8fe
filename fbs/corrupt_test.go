package fbs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// kinds of file, each with a reader.
type fileKind struct {
	name string
	get  func([]byte) (any, error)
}

func (k fileKind) read(b []byte) error { _, err := k.get(b); return err }

var kinds = []fileKind{
	{"program", func(b []byte) (any, error) { return ReadProgram(b) }},
	{"request", func(b []byte) (any, error) { return ReadBatchRequest(b) }},
	{"result", func(b []byte) (any, error) {
		st, seed, games, err := ReadBatchResult(b)
		return []any{st, seed, games}, err
	}},
}

// validFiles returns valid files of each kind (indexed like kinds).
func validFiles(t testing.TB) [][][]byte {
	t.Helper()
	names, gs, codes := programs(t)
	out := make([][][]byte, len(kinds))
	for i, g := range gs {
		out[0] = append(out[0], mustWriteProgram(t, names[i], g.Summary, g, codes[i]))
		pols := make([]players.Spec, g.Seats.Max) // one per seat, every kind in turn
		for s := range pols {
			pols[s] = everyKind[s%len(everyKind)]
		}
		buf, err := WriteBatchRequest(&BatchRequest{Program: codes[i], Games: 100, Seats: g.Seats.Max, Policies: pols, Seed: 3, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		out[1] = append(out[1], buf)
	}
	for _, st := range batchStats(t) {
		buf, err := WriteBatchResult(7, int(st.Games), st)
		if err != nil {
			t.Fatal(err)
		}
		out[2] = append(out[2], buf)
	}
	return out
}

// asError checks that err is a *Error with an offset inside the buffer (or
// -1) and returns it.
func asError(t *testing.T, err error, n int) *Error {
	t.Helper()
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("error %T %v is not an *fbs.Error", err, err)
	}
	if fe.Offset < -1 || fe.Offset > n {
		t.Fatalf("error offset %d outside the %d-byte file: %v", fe.Offset, n, err)
	}
	return fe
}

// Every truncation of a valid file is an error, never a panic, except
// cutting off trailing alignment padding, which reads the same values.
func TestTruncated(t *testing.T) {
	noRecover(t)
	files := validFiles(t)
	for k, kind := range kinds {
		for _, buf := range files[k] {
			full, err := kind.get(buf)
			if err != nil {
				t.Fatalf("%s: valid file refused: %v", kind.name, err)
			}
			for n := range len(buf) {
				cut := append([]byte(nil), buf[:n]...) // own the memory: no reading past n
				got, err := kind.get(cut)
				if err != nil {
					asError(t, err, n)
					continue
				}
				if !allZero(buf[n:]) || !reflect.DeepEqual(got, full) {
					t.Fatalf("%s truncated to %d of %d bytes: no error", kind.name, n, len(buf))
				}
			}
		}
	}
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// Flipping bits of any byte, or setting any aligned word to an extreme
// value, gives an error or a valid read, never a panic.
func TestCorruptedBytes(t *testing.T) {
	noRecover(t)
	files := validFiles(t)
	words := func(n int) []uint32 {
		return []uint32{0, 1, 3, 4, 0x7fffffff, 0x80000000, 0xfffffffc, 0xffffffff, uint32(n), uint32(n - 1), uint32(n - 4), uint32(n + 4)}
	}
	for k, kind := range kinds {
		for fi, buf := range files[k] {
			if testing.Short() && fi > 0 {
				break
			}
			var refused, accepted int
			try := func(b []byte) {
				if err := kind.read(b); err != nil {
					asError(t, err, len(b))
					refused++
				} else {
					accepted++
				}
			}
			b := make([]byte, len(buf))
			for i := range buf {
				for _, mask := range []byte{0x01, 0x80, 0xff} {
					copy(b, buf)
					b[i] ^= mask
					try(b)
				}
			}
			for i := 0; i+4 <= len(buf); i += 2 {
				for _, w := range words(len(buf)) {
					copy(b, buf)
					binary.LittleEndian.PutUint32(b[i:], w)
					try(b)
				}
			}
			t.Logf("%s file %d (%d bytes): %d corruptions refused, %d read", kind.name, fi, len(buf), refused, accepted)
			if refused == 0 {
				t.Errorf("%s: no corruption refused", kind.name)
			}
		}
	}
}

// A file of each kind read as another kind is refused by its identifier.
func TestWrongIdentifier(t *testing.T) {
	noRecover(t)
	files := validFiles(t)
	for k, kind := range kinds {
		for j := range kinds {
			if j == k {
				continue
			}
			err := kind.read(files[j][0])
			fe := asError(t, err, len(files[j][0]))
			if fe.Offset != 4 || !strings.Contains(fe.Reason, "file identifier") {
				t.Errorf("%s read as %s: %v", kinds[j].name, kind.name, err)
			}
		}
		for _, n := range []int{0, 1, 7} {
			fe := asError(t, kind.read(make([]byte, n)), n)
			if !strings.Contains(fe.Reason, "shorter than the 8-byte header") {
				t.Errorf("%d bytes: %v", n, fe)
			}
		}
	}
	if IsProgramFile([]byte("1234DSP")) || !IsProgramFile([]byte("\x00\x00\x00\x00DSPF")) {
		t.Error("IsProgramFile")
	}
}

// Structural damage at known places gives errors that say where and why.
func TestStructuralErrors(t *testing.T) {
	noRecover(t)
	files := validFiles(t)
	res := files[2][0]
	c, err := verifyRoot(res, BatchResultIdentifier, resultSpec)
	if err != nil {
		t.Fatal(err)
	}
	vtOf := func(b []byte, pos int) int { return pos - int(int32(binary.LittleEndian.Uint32(b[pos:]))) }
	put32 := func(b []byte, at int, v uint32) { binary.LittleEndian.PutUint32(b[at:], v) }
	put16 := func(b []byte, at int, v uint16) { binary.LittleEndian.PutUint16(b[at:], v) }
	stats := c.sub[rsStats]
	turns := stats.sub[stTurns]
	for _, tc := range []struct {
		name   string
		mod    func(b []byte)
		offset int
		want   string
	}{
		{"root past end", func(b []byte) { put32(b, 0, uint32(len(b))) }, 0, "runs past the end"},
		{"root in header", func(b []byte) { put32(b, 0, 4) }, 0, "points into the header"},
		{"root misaligned", func(b []byte) { put32(b, 0, uint32(c.pos+2)) }, 0, "not 4-byte aligned"},
		{"vtable before start", func(b []byte) { put32(b, c.pos, uint32(c.pos+2)) }, c.pos, "outside the"},
		{"vtable past end", func(b []byte) { put32(b, c.pos, 0x80000000) }, c.pos, "outside the"},
		{"vtable odd", func(b []byte) { put32(b, c.pos, uint32(int32(c.pos-vtOf(res, c.pos))+1)) }, c.pos, "not 2-byte aligned"},
		{"vtable size odd", func(b []byte) { put16(b, vtOf(b, c.pos), 7) }, vtOf(res, c.pos), "vtable size 7"},
		{"vtable size 2", func(b []byte) { put16(b, vtOf(b, c.pos), 2) }, vtOf(res, c.pos), "vtable size 2"},
		{"vtable too long", func(b []byte) { put16(b, vtOf(b, c.pos), 0xfffe) }, vtOf(res, c.pos), "runs past the end"},
		{"table size 0", func(b []byte) { put16(b, vtOf(b, c.pos)+2, 0) }, vtOf(res, c.pos) + 2, "table size 0"},
		{"table too long", func(b []byte) { put16(b, vtOf(b, c.pos)+2, 0xfffc) }, vtOf(res, c.pos) + 2, "runs past the end"},
		{"field outside table", func(b []byte) { put16(b, vtOf(b, c.pos)+4+2*rsSeed, 0xfff8) }, vtOf(res, c.pos) + 4 + 2*rsSeed, "outside its table"},
		{"field over vtable offset", func(b []byte) { put16(b, vtOf(b, c.pos)+4+2*rsVersion, 2) }, vtOf(res, c.pos) + 4 + 2*rsVersion, "outside its table"},
		{"sub-table offset 0", func(b []byte) { put32(b, c.at[rsStats], 0) }, c.at[rsStats], "points to itself"},
		{"sub-table offset past end", func(b []byte) { put32(b, c.at[rsStats], uint32(len(b))) }, c.at[rsStats], "past the end"},
		{"sub-table offset huge", func(b []byte) { put32(b, c.at[rsStats], 0xfffffff0) }, c.at[rsStats], "larger than a FlatBuffer"},
		{"nested vtable", func(b []byte) { put32(b, turns.pos, 0x7ffffff0) }, turns.pos, "BatchResult.stats.turns: vtable offset"},
		{"vector too long", func(b []byte) { put32(b, stats.data[stWins]-4, 1<<28) }, stats.data[stWins] - 4, "BatchResult.stats.wins: vector of 268435456 elements"},
		{"vector length past end", func(b []byte) { put32(b, stats.at[stWins], uint32(len(b)-stats.at[stWins]-2)) }, stats.at[stWins], "not 4-byte aligned"},
		{"too many effects", func(b []byte) { put32(b, stats.data[stEffects]-4, uint32(vm.NumEffectTypes)+1) }, stats.data[stEffects], fmt.Sprintf("%d entries, at most %d", vm.NumEffectTypes+1, vm.NumEffectTypes)},
		{"too many seats", func(b []byte) { b[stats.at[stSeats]] = vm.MaxSeats + 1 }, stats.at[stSeats], "9 seats, at most 8"},
		{"version", func(b []byte) { put16(b, c.at[rsVersion], BatchResultVersion+1) }, c.at[rsVersion], fmt.Sprintf("batch result version %d", BatchResultVersion+1)},
		{"format version", func(b []byte) { b[c.at[rsFormatVersion]]++ }, c.at[rsFormatVersion], fmt.Sprintf("played from bytecode format %d, this build reads format %d", bytecode.FormatVersion+1, bytecode.FormatVersion)},
		{"semantics version", func(b []byte) { b[c.at[rsSemanticsVersion]]-- }, c.at[rsSemanticsVersion], fmt.Sprintf("played under semantics %d, this build plays semantics %d", bytecode.SemanticsVersion-1, bytecode.SemanticsVersion)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := append([]byte(nil), res...)
			tc.mod(b)
			_, _, _, err := ReadBatchResult(b)
			if err == nil {
				t.Fatal("no error")
			}
			fe := asError(t, err, len(b))
			if fe.Offset != tc.offset || !strings.Contains(fe.Error(), tc.want) {
				t.Fatalf("got %v (offset %d), want offset %d and %q", err, fe.Offset, tc.offset, tc.want)
			}
		})
	}

	prog := files[0][0]
	pc, err := verifyRoot(prog, ProgramFileIdentifier, programSpec)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		mod  func(b []byte)
		off  int
		want string
	}{
		{"string without NUL", func(b []byte) { b[pc.data[pfName]+pc.n[pfName]] = 'x' }, pc.data[pfName] + pc.n[pfName], "not NUL-terminated"},
		{"string not UTF-8", func(b []byte) { b[pc.data[pfName]+1] = 0xff }, pc.data[pfName] + 1, "not valid UTF-8"},
		{"hash changed", func(b []byte) { b[pc.data[pfGenomeHash]] ^= 1 }, pc.data[pfGenomeHash], "the genome's hash is"},
		{"bytecode magic", func(b []byte) { b[pc.data[pfBytecode]] = 'X' }, pc.data[pfBytecode], "does not verify"},
		{"json broken", func(b []byte) { b[pc.data[pfGenomeJSON]] = '[' }, pc.data[pfGenomeJSON], "genome is not valid"},
		{"format version", func(b []byte) { b[pc.at[pfFormatVersion]] = bytecode.FormatVersion + 1 }, pc.at[pfFormatVersion], fmt.Sprintf("bytecode format version %d", bytecode.FormatVersion+1)},
		{"semantics version", func(b []byte) { b[pc.at[pfSemanticsVersion]] = 9 }, pc.at[pfSemanticsVersion], "bytecode semantics version 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := append([]byte(nil), prog...)
			tc.mod(b)
			_, err := ReadProgram(b)
			if err == nil {
				t.Fatal("no error")
			}
			fe := asError(t, err, len(b))
			if fe.Offset != tc.off || !strings.Contains(fe.Error(), tc.want) {
				t.Fatalf("got %v (offset %d), want offset %d and %q", err, fe.Offset, tc.off, tc.want)
			}
		})
	}
}

// rawProgram writes a ProgramFile with any field values (nil omits a
// field), for the contents checks the writer would never let through.
type rawProgram struct {
	version, format, semantics uint
	name, json, summary        *string
	hash, code                 []byte
}

func (r rawProgram) build() []byte {
	b := flatbuffers.NewBuilder(0)
	var name, hash, json, summary, code flatbuffers.UOffsetT
	if r.name != nil {
		name = b.CreateString(*r.name)
	}
	if r.hash != nil {
		hash = b.CreateByteVector(r.hash)
	}
	if r.json != nil {
		json = b.CreateString(*r.json)
	}
	if r.summary != nil {
		summary = b.CreateString(*r.summary)
	}
	if r.code != nil {
		code = b.CreateByteVector(r.code)
	}
	fb.ProgramFileStart(b)
	fb.ProgramFileAddVersion(b, uint16(r.version))
	fb.ProgramFileAddFormatVersion(b, byte(r.format))
	fb.ProgramFileAddSemanticsVersion(b, byte(r.semantics))
	if name != 0 {
		fb.ProgramFileAddName(b, name)
	}
	if hash != 0 {
		fb.ProgramFileAddGenomeHash(b, hash)
	}
	if json != 0 {
		fb.ProgramFileAddGenomeJson(b, json)
	}
	if summary != 0 {
		fb.ProgramFileAddSummary(b, summary)
	}
	if code != 0 {
		fb.ProgramFileAddBytecode(b, code)
	}
	b.FinishWithFileIdentifier(fb.ProgramFileEnd(b), []byte(ProgramFileIdentifier))
	return b.FinishedBytes()
}

func TestProgramContentsErrors(t *testing.T) {
	noRecover(t)
	_, gs, codes := programs(t)
	g, code := gs[0], codes[0]
	js, _ := g.Encode()
	h := g.Hash()
	sp := func(s string) *string { return &s }
	ok := func() rawProgram {
		return rawProgram{ProgramFileVersion, bytecode.FormatVersion, bytecode.SemanticsVersion, sp("n"), sp(string(js)), sp("s"), h[:], code}
	}
	if _, err := ReadProgram(ok().build()); err != nil {
		t.Fatalf("raw writer: %v", err)
	}
	cases := []struct {
		name string
		mod  func(r *rawProgram)
		want string
	}{
		{"version", func(r *rawProgram) { r.version = 2 }, "program file version 2"},
		{"no version", func(r *rawProgram) { r.version = 0 }, "program file version 0"},
		{"no format version", func(r *rawProgram) { r.format = 0 }, "bytecode format version 0"},
		{"no bytecode", func(r *rawProgram) { r.code = nil }, "ProgramFile.bytecode: missing"},
		{"empty bytecode", func(r *rawProgram) { r.code = []byte{} }, "does not verify"},
		{"no hash", func(r *rawProgram) { r.hash = nil }, "ProgramFile.genome_hash: missing"},
		{"short hash", func(r *rawProgram) { r.hash = h[:31] }, "31 bytes, want 32"},
		{"no json", func(r *rawProgram) { r.json = nil }, "ProgramFile.genome_json: missing"},
		{"invalid genome", func(r *rawProgram) { r.json = sp(`{"schema": 1}`) }, "the genome is not valid"},
		{"unknown field", func(r *rawProgram) { r.json = sp(strings.Replace(string(js), "{", `{"bogus": 1,`, 1)) }, "the genome is not valid"},
	}
	if len(gs) > 1 {
		js2, _ := gs[1].Encode()
		h2 := gs[1].Hash()
		cases = append(cases,
			struct {
				name string
				mod  func(r *rawProgram)
				want string
			}{"other genome", func(r *rawProgram) { r.json = sp(string(js2)) }, "the genome's hash is"},
			struct {
				name string
				mod  func(r *rawProgram)
				want string
			}{"other genome and hash", func(r *rawProgram) { r.json, r.hash = sp(string(js2)), h2[:] }, "not what the genome compiles to"},
		)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := ok()
			tc.mod(&r)
			b := r.build()
			_, err := ReadProgram(b)
			if err == nil {
				t.Fatal("no error")
			}
			fe := asError(t, err, len(b))
			if !strings.Contains(fe.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
		})
	}
	// Errors from other packages are wrapped.
	r := ok()
	r.code = append([]byte(nil), code...)
	r.code[0] = 'X'
	_, err := ReadProgram(r.build())
	var bl bytecode.ErrorList
	if !errors.As(err, &bl) {
		t.Errorf("bytecode error not wrapped: %v", err)
	}
	r = ok()
	r.json = sp(`{"schema": 1}`)
	_, err = ReadProgram(r.build())
	var ps genome.Problems
	if !errors.As(err, &ps) {
		t.Errorf("genome problems not wrapped: %v", err)
	}
}

func TestBatchResultContentsErrors(t *testing.T) {
	noRecover(t)
	build := func(version uint16, games uint64, stats bool, hist int) []byte {
		b := flatbuffers.NewBuilder(0)
		var st flatbuffers.UOffsetT
		if stats {
			h := ulongs(b, make([]uint64, hist))
			fb.DistStart(b)
			fb.DistAddHist(b, h)
			d := fb.DistEnd(b)
			fb.StatsStart(b)
			fb.StatsAddPlays(b, d)
			st = fb.StatsEnd(b)
		}
		fb.BatchResultStart(b)
		fb.BatchResultAddVersion(b, version)
		fb.BatchResultAddFormatVersion(b, bytecode.FormatVersion)
		fb.BatchResultAddSemanticsVersion(b, bytecode.SemanticsVersion)
		fb.BatchResultAddGames(b, games)
		if stats {
			fb.BatchResultAddStats(b, st)
		}
		b.FinishWithFileIdentifier(fb.BatchResultEnd(b), []byte(BatchResultIdentifier))
		return b.FinishedBytes()
	}
	// Absent fields, dists and short vectors read as zero.
	st, _, _, err := ReadBatchResult(build(BatchResultVersion, 0, true, 3))
	if err != nil || *st != (vm.Stats{}) {
		t.Fatalf("sparse stats: %+v, %v", st, err)
	}
	for _, tc := range []struct {
		name string
		buf  []byte
		want string
	}{
		{"version", build(0, 1, true, 0), "batch result version 0"},
		{"no stats", build(BatchResultVersion, 1, false, 0), "BatchResult.stats: missing"},
		{"games", build(BatchResultVersion, math.MaxUint64, true, 0), "more than this build can count"},
		{"hist", build(BatchResultVersion, 1, true, vm.NumBuckets+1), fmt.Sprintf("BatchResult.stats.plays.hist: %d buckets, at most %d", vm.NumBuckets+1, vm.NumBuckets)},
	} {
		_, _, _, err := ReadBatchResult(tc.buf)
		if err == nil {
			t.Fatalf("%s: no error", tc.name)
		}
		if fe := asError(t, err, len(tc.buf)); !strings.Contains(fe.Error(), tc.want) {
			t.Fatalf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}
