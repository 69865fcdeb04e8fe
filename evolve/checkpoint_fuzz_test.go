package evolve

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/internal/fuzzcorpus"
)

// Fuzzing the decoder. A fuzzer's change to a checkpoint file almost never
// passes the checksum, and a whole file is a large input, which the fuzzing
// engine spends its time minimizing (its work grows with the square of an
// input's length). So FuzzDecodeCheckpoint reads each input twice:
//
//   - as a file, decoded as it is and with its checksum recomputed
//     (fbs.SealCheckpoint, where the structure allows it);
//   - as edits (fuzzcorpus.ApplyEdits) of a real checkpoint, the last of the tiny run
//     (runTiny), which is then sealed and decoded: small inputs that reach
//     every table of the decoder behind the checksum.
//
// Every decoded checkpoint must encode and decode again to itself. The
// seeds are small (at most a few dozen bytes): edits, and damaged file
// headers.

// fuzzBase is the checkpoint whose edits FuzzDecodeCheckpoint decodes.
func fuzzBase(t testing.TB) []byte {
	recs := runTiny(t)
	return recs[len(recs)-1].buf
}

// decodeAny decodes b as it is and with its checksum recomputed: each
// decodes to a checkpoint that encodes and decodes to itself, or gives an
// *fbs.Error, never a panic.
func decodeAny(t *testing.T, b []byte) {
	if cp, err := decode(t, b); err == nil {
		checkReencodes(t, cp)
	}
	sealed := bytes.Clone(b)
	if fbs.SealCheckpoint(sealed) != nil {
		return
	}
	if cp, err := decode(t, sealed); err == nil {
		checkReencodes(t, cp)
	}
}

func FuzzDecodeCheckpoint(f *testing.F) {
	// The committed corpus in testdata/fuzz/FuzzDecodeCheckpoint is read
	// by the fuzzing engine itself.
	base := fuzzBase(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		decodeAny(t, data)
		decodeAny(t, fuzzcorpus.ApplyEdits(base, data))
	})
}

// Seed corpus, committed under testdata/fuzz/FuzzDecodeCheckpoint;
// regenerate with
// `go test -run TestCheckpointSeedCorpus -update-checkpoint-corpus ./evolve`.
var updateCheckpointCorpus = flag.Bool("update-checkpoint-corpus", false, "rewrite testdata/fuzz/FuzzDecodeCheckpoint")

// checkpointSeeds are the seeds of FuzzDecodeCheckpoint: no edit (the base
// itself), edits of its fields, and damaged headers.
func checkpointSeeds(t testing.TB) [][]byte {
	base := fuzzBase(t)
	ct, err := fbs.VerifyCheckpoint(base)
	if err != nil {
		t.Fatal(err)
	}
	at := func(b []byte) int { return where(base, b) }
	var ind fb.Individual
	ct.Population(&ind, 1)
	var o fb.OpStats
	ct.Ops(&o, 2)
	cfg := ct.Config(nil)
	wrongID := bytes.Clone(base[:8])
	copy(wrongID[4:], "XXXX")
	return [][]byte{
		{}, // the base checkpoint: it decodes
		fuzzcorpus.Edit(0, at(ind.GenomeJson())+2, 'x'),                          // a genome that does not parse
		fuzzcorpus.Edit(0, at(ind.HashBytes()), 0),                               // a hash that is not the genome's
		fuzzcorpus.Edit(0, at(o.Name()), 'Z'),                                    // an unknown operator
		fuzzcorpus.Edit(1, vectorData(ct, 4)-4, 1),                               // the population one longer
		fuzzcorpus.Edit(0, int(cfg.Table().Pos)+4, 9),                            // a configuration field
		append(fuzzcorpus.Edit(2, len(base)/2, 0), fuzzcorpus.Edit(3, 40, 0)...), // a byte inserted, another deleted
		fuzzcorpus.Edit(0, at(ct.ChecksumBytes()), 1),                            // a checksum byte (decoded as it is: refused)
		base[:8], // a bare header
		wrongID,  // another file's identifier
	}
}

// vectorData returns where the elements of the root's vector field slot
// start.
func vectorData(ct *fb.Checkpoint, slot int) int {
	tab := ct.Table()
	o := flatbuffers.UOffsetT(tab.Offset(flatbuffers.VOffsetT(4 + 2*slot)))
	return int(tab.Vector(o))
}

// The committed seed corpus is in the fuzzing file format and holds small
// inputs only, among them the base checkpoint as it is (no edit) and
// damaged ones; with -update-checkpoint-corpus, rewrite it.
func TestCheckpointSeedCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecodeCheckpoint")
	if *updateCheckpointCorpus {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, b := range checkpointSeeds(t) {
			data := "go test fuzz v1\n[]byte(" + strconv.Quote(string(b)) + ")\n"
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%02d", i)), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("no committed seed corpus (run with -update-checkpoint-corpus): %v", err)
	}
	base := fuzzBase(t)
	valid, refused := 0, 0
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if !strings.HasPrefix(s, "go test fuzz v1\n[]byte(") || !strings.HasSuffix(s, ")\n") {
			t.Errorf("%s: not a fuzz corpus file", e.Name())
			continue
		}
		v, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(s, "go test fuzz v1\n[]byte("), ")\n"))
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		if len(v) > 64 {
			t.Errorf("%s: a seed of %d bytes; seeds are small (regenerate with -update-checkpoint-corpus)", e.Name(), len(v))
		}
		edited := fuzzcorpus.ApplyEdits(base, []byte(v))
		if fbs.SealCheckpoint(edited) == nil {
			if _, err := decode(t, edited); err == nil {
				valid++
				continue
			}
		}
		refused++
	}
	if valid == 0 || refused < 4 {
		t.Errorf("%d committed seeds, %d of them edits that decode: want the base checkpoint itself and at least 4 damaged ones (regenerate with -update-checkpoint-corpus)", len(entries), valid)
	}
}

// TestApplyEdits: each kind of edit does what fuzzcorpus.ApplyEdits says.
func TestApplyEdits(t *testing.T) {
	base := []byte{10, 20, 30, 40, 50}
	for _, tc := range []struct {
		data []byte
		want []byte
	}{
		{nil, base},
		{[]byte{1, 2}, base}, // a trailing partial edit
		{fuzzcorpus.Edit(0, 1, 99), []byte{10, 99, 30, 40, 50}},
		{fuzzcorpus.Edit(0, 6, 99), []byte{10, 99, 30, 40, 50}}, // modulo the length
		{fuzzcorpus.Edit(1, 1, 0xff), []byte{10, 19, 30, 40, 50}},
		{fuzzcorpus.Edit(1, 0, 1), []byte{11, 20, 30, 40, 50}},
		{fuzzcorpus.Edit(2, 5, 7), []byte{10, 20, 30, 40, 50, 7}},
		{fuzzcorpus.Edit(3, 0, 0), []byte{20, 30, 40, 50}},
		{append(fuzzcorpus.Edit(2, 0, 1), fuzzcorpus.Edit(3, 5, 0)...), []byte{1, 10, 20, 30, 40}},
	} {
		if got := fuzzcorpus.ApplyEdits(base, tc.data); !bytes.Equal(got, tc.want) {
			t.Errorf("fuzzcorpus.ApplyEdits(%v, %v) = %v, want %v", base, tc.data, got, tc.want)
		}
	}
	if !bytes.Equal(base, []byte{10, 20, 30, 40, 50}) {
		t.Error("ApplyEdits changed its base")
	}
	if got := fuzzcorpus.ApplyEdits(nil, append(fuzzcorpus.Edit(0, 3, 1), fuzzcorpus.Edit(3, 0, 0)...)); len(got) != 0 {
		t.Errorf("edits of nothing: %v", got)
	}
}
