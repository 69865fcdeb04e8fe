package evolve

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/genome"
)

// qdRecorded returns the checkpoints of the shared MAP-Elites run
// (sharedQD): each file, and a copy of the checkpoint as decoding should
// give it back.
func qdRecorded(t testing.TB) []recorded {
	t.Helper()
	_, cps, bufs := sharedQD(t)
	var out []recorded
	for i, cp := range cps {
		out = append(out, recorded{bufs[i], normalized(cp)})
	}
	return out
}

// encodeUnchecked writes cp as EncodeCheckpoint does but without its
// checks, so that the decoder's can be tried on what the encoder refuses.
func encodeUnchecked(t *testing.T, cp *Checkpoint) []byte {
	t.Helper()
	e := &encoder{b: flatbuffers.NewBuilder(4096), inds: map[*Individual]flatbuffers.UOffsetT{}, genomes: map[genome.Hash]flatbuffers.UOffsetT{}}
	buf, err := e.checkpoint(cp)
	if err != nil {
		t.Fatalf("encoding without checks: %v", err)
	}
	return buf
}

// shared counts the individuals of the batch that are individuals of the
// archive too.
func shared(cp *Checkpoint) int {
	n := 0
	for _, ind := range cp.Population {
		if slices.Contains(cp.Archive, ind) {
			n++
		}
	}
	return n
}

// TestCheckpointArchiveRoundTrip: every checkpoint of a MAP-Elites run
// decodes to itself, bit for bit (the archive, the search, the scores'
// decisions per seat, the statistics' coverage and QD score included);
// an individual both in the batch and in the archive is written once and
// read back as one; and encoding the decoded checkpoint gives the same
// bytes.
func TestCheckpointArchiveRoundTrip(t *testing.T) {
	recs := qdRecorded(t)
	for _, r := range recs {
		got, err := decode(t, r.buf)
		if err != nil {
			t.Fatalf("generation %d: %v", r.want.Gen, err)
		}
		if d := diff(got, r.want); d != "" {
			t.Fatalf("generation %d: the decoded checkpoint differs at %s", r.want.Gen, d)
		}
		if got.Config.Search != SearchMapElites || len(got.Archive) == 0 || got.History[got.Gen].Coverage != len(got.Archive) {
			t.Fatalf("generation %d: search %q, %d elites, coverage %d", got.Gen, got.Config.Search, len(got.Archive), got.History[got.Gen].Coverage)
		}
		if s, w := shared(got), shared(r.want); s != w {
			t.Errorf("generation %d: %d batch individuals are archive individuals, want %d", got.Gen, s, w)
		}
		again, err := EncodeCheckpoint(got)
		if err != nil {
			t.Fatalf("generation %d: re-encoding: %v", got.Gen, err)
		}
		if !bytes.Equal(again, r.buf) {
			t.Errorf("generation %d: re-encoding gives other bytes", got.Gen)
		}
	}
	if shared(recs[0].want) == 0 {
		t.Error("no individual of generation 0 is both in the batch and in the archive: sharing went untested")
	}
}

// TestCheckpointArchiveBits: decisions per seat, coverage and QD score
// come back bit for bit whatever they are: NaN payloads, -0, infinities,
// subnormals, the largest coverage the file holds. (An elite's decisions
// per seat place it in its cell, so an elite's moves only to the next
// double that keeps it there.)
func TestCheckpointArchiveBits(t *testing.T) {
	recs := qdRecorded(t)
	cp := recs[len(recs)-1].want
	odd := []float64{math.Copysign(0, -1), math.Float64frombits(0x7ff8000000000001), math.Inf(1), math.SmallestNonzeroFloat64,
		math.MaxFloat64, math.Float64frombits(0xfff0000000000abc), 1.0 / 3}
	k := 0
	next := func() float64 { k++; return odd[k%len(odd)] }
	elites := 0
	for _, ind := range cp.Population {
		if !slices.Contains(cp.Archive, ind) {
			ind.Score.PerSeat = next()
		}
	}
	for _, ind := range cp.Archive {
		c := CellOf(Describe(ind))
		for _, dir := range []float64{math.Inf(1), math.Inf(-1)} {
			v := *ind
			v.Score.PerSeat = math.Nextafter(v.Score.PerSeat, dir)
			if CellOf(Describe(&v)) == c {
				ind.Score.PerSeat = v.Score.PerSeat
				elites++
				break
			}
		}
	}
	for i := range cp.Cache {
		cp.Cache[i].Score.PerSeat = next()
	}
	coverages := []int{0, 1, math.MaxUint32}
	for i := range cp.History {
		cp.History[i].QDScore = next()
		cp.History[i].Coverage = coverages[i%len(coverages)]
	}
	if elites == 0 {
		t.Fatal("test setup: no elite's decisions per seat moved")
	}
	roundTrip(t, cp)
}

// roundTrip encodes cp and decodes the file, and fails unless it gives
// back cp.
func roundTrip(t *testing.T, cp *Checkpoint) {
	t.Helper()
	buf, err := EncodeCheckpoint(cp)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decode(t, buf)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(got, cp); d != "" {
		t.Fatalf("the decoded checkpoint differs at %s", d)
	}
}

// TestCheckpointArchiveRefusals: the encoder refuses, and the decoder
// refuses in a file, what no MAP-Elites run (or genetic run) makes, each
// naming the field: an archive in a genetic run; an empty archive in a
// MAP-Elites run; a hall of fame in a MAP-Elites run; elites out of cell
// order, or two in one cell; one genome twice in the archive; a batch of
// none, or larger than the population. A batch smaller than the
// population is a MAP-Elites batch (breeding can stop short) and passes.
func TestCheckpointArchiveRefusals(t *testing.T) {
	recs := qdRecorded(t)
	last := recs[len(recs)-1].want
	if len(last.Population) != last.Config.Population || len(last.Archive) < 3 {
		t.Fatalf("test setup: a batch of %d and %d elites", len(last.Population), len(last.Archive))
	}
	cellOf := func(ind *Individual) int { return CellOf(Describe(ind)) }
	// i and j = i+1: two elites of one family (the elites of a family are
	// neighbours in cell order), so that the score of either puts the
	// other in the same cell.
	i, j := -1, -1
	for a := range last.Archive {
		for b := a + 1; b < len(last.Archive) && i < 0; b++ {
			if Family(last.Archive[a].Genome) == Family(last.Archive[b].Genome) {
				i, j = a, b
			}
		}
	}
	if i < 0 {
		t.Fatal("test setup: no two elites of one family")
	}
	c0, c1 := cellOf(last.Archive[0]), cellOf(last.Archive[1])
	cases := []struct {
		name string
		mod  func(cp *Checkpoint)
		want string
	}{
		{"archive in a genetic run", func(cp *Checkpoint) { cp.Config.Search = SearchGenetic },
			fmt.Sprintf("Checkpoint.archive: %d elites in a run of the genetic loop, which has no archive", len(last.Archive))},
		{"empty archive", func(cp *Checkpoint) { cp.Archive = nil }, "Checkpoint.archive: empty; a MAP-Elites run's archive holds the games of generation 0 at least"},
		{"hall", func(cp *Checkpoint) { cp.Hall = cp.Archive[:1] }, "Checkpoint.hall: 1 games; a MAP-Elites run keeps its archive"},
		{"cell order", func(cp *Checkpoint) { cp.Archive[0], cp.Archive[1] = cp.Archive[1], cp.Archive[0] },
			fmt.Sprintf("Checkpoint.archive[1]: in cell %d (%s) after an elite of cell %d", c0, CellName(c0), c1)},
		{"two in one cell", func(cp *Checkpoint) {
			v := *cp.Archive[j]
			v.Score = cp.Archive[i].Score
			cp.Archive[j] = &v
		}, fmt.Sprintf("Checkpoint.archive[%d]: in cell %d (%s) after an elite of cell %d", j, cellOf(last.Archive[i]), CellName(cellOf(last.Archive[i])), cellOf(last.Archive[i]))},
		{"genome twice", func(cp *Checkpoint) {
			v := *cp.Archive[i]
			v.Score = cp.Archive[j].Score
			cp.Archive[j] = &v
		}, fmt.Sprintf("Checkpoint.archive[%d].hash: genome %x is in the archive twice", j, last.Archive[i].Hash[:6])},
		{"no batch", func(cp *Checkpoint) { cp.Population = nil },
			fmt.Sprintf("Checkpoint.population: a batch of 0 children, the configuration says 1 to %d", last.Config.Population)},
		{"batch too large", func(cp *Checkpoint) { cp.Config.Population = len(cp.Population) - 1 },
			fmt.Sprintf("Checkpoint.population: a batch of %d children, the configuration says 1 to %d", len(last.Population), len(last.Population)-1)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cp := normalized(last)
			tc.mod(cp)
			_, err := EncodeCheckpoint(cp)
			if err == nil {
				t.Fatal("the encoder took it")
			}
			if fe := fbsError(t, err, 0); fe.Offset != -1 || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("encoder: %v (offset %d), want %q at offset -1", err, fe.Offset, tc.want)
			}
			buf := encodeUnchecked(t, cp)
			_, err = decode(t, buf)
			if err == nil {
				t.Fatal("the decoder took it")
			}
			if fe := fbsError(t, err, len(buf)); fe.Offset < 0 || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("decoder: %v (offset %d), want %q at an offset in the file", err, fe.Offset, tc.want)
			}
		})
	}
	t.Run("small batch", func(t *testing.T) {
		cp := normalized(last)
		cp.Population = cp.Population[:1]
		roundTrip(t, cp)
	})
}

// TestCheckpointCountsFit: a count the file cannot hold, or that the
// decoder refuses, is refused by the encoder, naming the field, and never
// written as a file that fails to decode or decodes to another number (a
// file EncodeCheckpoint writes decodes to the checkpoint it was given): a
// coverage below 0 or above 32 bits, as the counts beside it are; a
// score's evaluations of 0 (a score is the mean of at least one) or above
// 32 bits.
func TestCheckpointCountsFit(t *testing.T) {
	recs := qdRecorded(t)
	for _, tc := range []struct {
		field string
		set   func(cp *Checkpoint, n int)
		bad   []int
	}{
		{"Checkpoint.history[0].coverage", func(cp *Checkpoint, n int) { cp.History[0].Coverage = n }, []int{-1, math.MaxUint32 + 1}},
		{"Checkpoint.cache[0].score.evals", func(cp *Checkpoint, n int) { cp.Cache[0].Score.Evals = n }, []int{0, math.MaxUint32 + 1}},
	} {
		for _, n := range tc.bad {
			cp := normalized(recs[len(recs)-1].want)
			tc.set(cp, n)
			if _, err := EncodeCheckpoint(cp); err == nil || !strings.Contains(err.Error(), tc.field) {
				t.Errorf("%s = %d: the encoder gave %v, want a refusal naming the field", tc.field, n, err)
			}
		}
	}
}
