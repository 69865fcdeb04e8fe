package fbs

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/internal/fuzzcorpus"
	"github.com/darwinsim/darwinsim/vm"
)

// Fuzz targets: any bytes give a value or an *Error, never a panic (the
// recover net fires TestMain's hook, which panics, so the fuzzer saves the
// input); a value that reads writes back and reads again to the same value.
// Inputs longer than maxFuzzFile are skipped. Seed corpora are committed
// under testdata/fuzz/<target>; regenerate them with
// `go test -run TestSeedCorpus -update-corpus ./fbs`.

var updateCorpus = flag.Bool("update-corpus", false, "rewrite the committed fuzz seed corpora in testdata/fuzz")

// checkRead runs read under the recover counter and checks the error type.
func checkRead(t *testing.T, data []byte, read func() error) {
	t.Helper()
	before := recovered.Load()
	err := read()
	if n := recovered.Load() - before; n != 0 {
		t.Fatalf("the recover net fired %d times", n)
	}
	if err != nil {
		asError(t, err, len(data))
	}
}

func FuzzReadProgram(f *testing.F) {
	for _, b := range seedInputs(f)[0] {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzFile {
			return
		}
		checkRead(t, data, func() error {
			pf, err := ReadProgram(data)
			if err != nil {
				return err
			}
			buf, err := WriteProgram(pf.Name, pf.Summary, pf.Genome, pf.Code)
			if err != nil {
				t.Fatalf("read a program that does not write: %v", err)
			}
			again, err := ReadProgram(buf)
			if err != nil {
				t.Fatalf("rewritten program does not read: %v", err)
			}
			if again.Name != pf.Name || again.Summary != pf.Summary || again.Hash != pf.Hash || !bytes.Equal(again.Code, pf.Code) {
				t.Fatal("rewritten program differs")
			}
			return nil
		})
	})
}

func FuzzReadBatchRequest(f *testing.F) {
	for _, b := range seedInputs(f)[1] {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzFile {
			return
		}
		checkRead(t, data, func() error {
			r, err := ReadBatchRequest(data)
			if err != nil {
				return err
			}
			buf, err := WriteBatchRequest(r)
			if err != nil {
				t.Fatalf("read a request that does not write: %v", err)
			}
			again, err := ReadBatchRequest(buf)
			if err != nil {
				t.Fatalf("rewritten request does not read: %v", err)
			}
			if !reflect.DeepEqual(again, r) {
				t.Fatalf("rewritten request differs: %+v, want %+v", again, r)
			}
			return nil
		})
	})
}

func FuzzReadBatchResult(f *testing.F) {
	for _, b := range seedInputs(f)[2] {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzFile {
			return
		}
		checkRead(t, data, func() error {
			st, seed, games, err := ReadBatchResult(data)
			if err != nil {
				return err
			}
			buf, err := WriteBatchResult(seed, games, st)
			if err != nil {
				t.Fatalf("read a result that does not write: %v", err)
			}
			st2, seed2, games2, err := ReadBatchResult(buf)
			if err != nil {
				t.Fatalf("rewritten result does not read: %v", err)
			}
			if !reflect.DeepEqual(st2, st) || seed2 != seed || games2 != games {
				t.Fatalf("rewritten result differs: %v", diffStats(st2, st))
			}
			return nil
		})
	})
}

// maxFuzzFile bounds the inputs the fuzz targets run. Every check of the
// readers is reached by files far shorter (the seeds are at most
// maxSeedFile bytes; a vector's length check needs no more than its
// length prefix), while the fuzzer's minimiser takes time quadratic in an
// input's length: with seeds of a few kilobytes it spent most of a minute
// minimising one input, during which the fuzzer ran nothing else.
const (
	maxFuzzFile = 1024
	maxSeedFile = 800
)

// smallFiles returns, per kind (indexed like kinds), the small valid files
// the fuzz targets start from: the programs of the seed games without
// their prose (a program file carries the genome's JSON, and the name and
// summary again), one with non-ASCII metadata, batch requests for each
// seed game, and batch results of a few short games.
func smallFiles(tb testing.TB) [][][]byte {
	tb.Helper()
	out := make([][][]byte, len(kinds))
	names, gs, codes := programs(tb)
	for i, g := range gs {
		bare := g.Clone()
		bare.Name, bare.Summary = "", ""
		if buf := mustWriteProgram(tb, "", "", bare, codes[i]); len(buf) <= maxSeedFile {
			out[0] = append(out[0], buf)
		}
		if names[i] == "war" {
			out[0] = append(out[0], mustWriteProgram(tb, "Krieg – ♠", "Zwei Stapel.", bare, codes[i]))
		}
		for _, r := range []*BatchRequest{
			{Program: codes[i], Games: 100, Policies: everyKind[1:2], Seed: 3, Workers: 2},
			{Program: codes[i], Games: 7, Seats: g.Seats.Min, Policies: slices.Repeat(everyKind[2:3], g.Seats.Min), Seed: ^uint64(0)},
			{Program: codes[i], Games: 9, Seats: len(everyKind), Policies: everyKind, Seed: 11},
		} {
			if len(everyKind) < g.Seats.Min || len(everyKind) > g.Seats.Max {
				r.Seats, r.Policies = 0, nil
			}
			buf, err := WriteBatchRequest(r)
			if err != nil {
				tb.Fatal(err)
			}
			out[1] = append(out[1], buf)
		}
	}
	var few, all vm.Stats
	few.Games, few.Seats, few.Ties, few.Capped = 3, 2, 1, 1
	few.Wins[1] = 1
	for _, d := range []*vm.Dist{&few.Turns, &few.Decisions, &few.Plays} {
		d.Sum, d.Max = 12, 5
		d.Hist[3], d.Hist[4], d.Hist[5] = 1, 1, 1
	}
	few.Options, few.Forced, few.Informed, few.LeadChanges, few.Interactions = 40, 3, 30, 2, 5
	all = few
	all.Games, all.Seats, all.Aborted = 9, vm.MaxSeats, 1
	for i := range all.Wins {
		all.Wins[i] = 1
	}
	for i := range all.Effects {
		all.Effects[i] = uint64(i + 1)
	}
	for i, st := range []*vm.Stats{{}, &few, &all} {
		buf, err := WriteBatchResult(uint64(i), int(st.Games), st)
		if err != nil {
			tb.Fatal(err)
		}
		out[2] = append(out[2], buf)
	}
	return out
}

// seedInputs returns, per kind, the files of smallFiles plus a few damaged
// ones (truncated, bad identifier, bad version): the seeds of the fuzz
// targets and their committed corpora.
func seedInputs(tb testing.TB) [][][]byte {
	tb.Helper()
	files := smallFiles(tb)
	out := make([][][]byte, len(files))
	for k, fs := range files {
		out[k] = append(out[k], fs...)
		b := slices.MinFunc(fs, func(x, y []byte) int { return len(x) - len(y) })
		wrongID := append([]byte(nil), b...)
		copy(wrongID[4:], "XXXX")
		newer := append([]byte(nil), b...)
		// The version is the root table's first field: find it.
		var spec *tableSpec
		var id string
		switch k {
		case 0:
			spec, id = programSpec, ProgramFileIdentifier
		case 1:
			spec, id = requestSpec, BatchRequestIdentifier
		default:
			spec, id = resultSpec, BatchResultIdentifier
		}
		c, err := verifyRoot(b, id, spec)
		if err != nil {
			tb.Fatal(err)
		}
		newer[c.at[0]]++
		out[k] = append(out[k], b[:len(b)/2], b[:8], wrongID, newer)
	}
	return out
}

var corpusTargets = []string{"FuzzReadProgram", "FuzzReadBatchRequest", "FuzzReadBatchResult"}

// The committed seed corpora hold exactly seedInputs, every valid seed
// reads and every seed is small enough for its target to run it; with
// -update-corpus, rewrite them.
func TestSeedCorpus(t *testing.T) {
	inputs := seedInputs(t)
	valid := smallFiles(t)
	for k, target := range corpusTargets {
		dir := filepath.Join("testdata", "fuzz", target)
		want := map[string][]byte{}
		for i, b := range inputs[k] {
			if len(b) > maxSeedFile {
				t.Errorf("%s: seed %d is %d bytes, more than %d", target, i, len(b), maxSeedFile)
			}
			if i < len(valid[k]) {
				if err := kinds[k].read(b); err != nil {
					t.Errorf("%s: seed %d does not read: %v", target, i, err)
				}
			}
			want[fmt.Sprintf("seed-%02d", i)] = b
		}
		if *updateCorpus {
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
		}
		fuzzcorpus.Sync(t, dir, want, *updateCorpus, "go test ./fbs -run TestSeedCorpus -update-corpus")
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != len(want) {
			t.Errorf("%s: %d committed corpus files, want the %d seeds (run go test ./fbs -run TestSeedCorpus -update-corpus)", target, len(entries), len(want))
		}
	}
}
