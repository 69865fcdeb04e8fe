package evolve

import (
	"bytes"
	"os"
	"testing"
)

// TestCheckpointBitFlips: no single-bit change of a real checkpoint file
// is accepted with other content: each changed file is refused (an
// *fbs.Error), or decodes to exactly the checkpoint of the file as it was
// written. Every bit of the file with SOAK=1 (make soak); otherwise a
// sample of 2,000 bits, spread evenly over the file, each at another place
// in its byte.
func TestCheckpointBitFlips(t *testing.T) {
	recs := runTiny(t)
	buf := recs[len(recs)-1].buf
	want, err := decode(t, buf)
	if err != nil {
		t.Fatal(err)
	}
	bits := 8 * len(buf)
	var flips []int
	if os.Getenv("SOAK") != "" {
		for i := range bits {
			flips = append(flips, i)
		}
	} else {
		const n = 2000
		for k := range n {
			flips = append(flips, k*bits/n/8*8+k%8)
		}
	}
	refused, same := 0, 0
	for _, bit := range flips {
		b := bytes.Clone(buf)
		b[bit/8] ^= 1 << (bit % 8)
		got, err := decode(t, b)
		if err != nil {
			refused++
			continue
		}
		if d := diff(got, want); d != "" {
			t.Fatalf("flipping bit %d (byte %d) gives a checkpoint that decodes, with other content: %s", bit%8, bit/8, d)
		}
		same++
	}
	t.Logf("%d bit flips of a %d-byte checkpoint: %d refused, %d decode to the same checkpoint, none to another", len(flips), len(buf), refused, same)
}

// The tiny run's checkpoints have every kind of table, for the tests and
// the fuzzing seeds built from them.
func TestTinyRunTables(t *testing.T) {
	for _, r := range runTiny(t) {
		cp := r.want
		if len(cp.Hall) == 0 || len(cp.Cache) == 0 || len(cp.Ops) == 0 || len(cp.History) == 0 || cp.Gen > 0 && len(cp.Lineage) == 0 {
			t.Errorf("generation %d: hall %d, cache %d, ops %d, history %d, lineage %d", cp.Gen, len(cp.Hall), len(cp.Cache), len(cp.Ops), len(cp.History), len(cp.Lineage))
		}
		t.Logf("generation %d: %d bytes", cp.Gen, len(r.buf))
	}
}
