package fbs

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Fuzz targets: any bytes give a value or an *Error, never a panic (the
// recover net fires TestMain's hook, which panics, so the fuzzer saves the
// input); a value that reads writes back and reads again to the same value.
// Seed corpora are committed under testdata/fuzz/<target>; regenerate them
// with `go test -run TestSeedCorpus -update-corpus ./fbs`.

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

// seedInputs returns, per kind, the valid files of validFiles plus a few
// damaged ones (truncated, bad identifier, bad version), which are also the
// committed seed corpora.
func seedInputs(tb testing.TB) [][][]byte {
	tb.Helper()
	files := validFiles(tb)
	out := make([][][]byte, len(files))
	for k, fs := range files {
		out[k] = append(out[k], fs...)
		b := fs[0]
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

// The committed seed corpora exist and are in the fuzzing file format;
// with -update-corpus, rewrite them from seedInputs.
func TestSeedCorpus(t *testing.T) {
	inputs := seedInputs(t)
	for k, target := range corpusTargets {
		dir := filepath.Join("testdata", "fuzz", target)
		if *updateCorpus {
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for i, b := range inputs[k] {
				name := filepath.Join(dir, fmt.Sprintf("seed-%02d", i))
				data := "go test fuzz v1\n[]byte(" + strconv.Quote(string(b)) + ")\n"
				if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatalf("%s: no committed seed corpus (run with -update-corpus): %v", target, err)
		}
		// At least one valid file and the four damaged ones (the seed
		// library, and so the number of valid files, grows over time).
		if len(entries) < 5 {
			t.Errorf("%s: %d committed seeds, want at least 5", target, len(entries))
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(b), "go test fuzz v1\n[]byte(") {
				t.Errorf("%s/%s: not a fuzz corpus file", target, e.Name())
			}
		}
	}
}
