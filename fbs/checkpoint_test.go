package fbs

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/internal/fuzzcorpus"
)

// Checkpoint files are mapped to evolve's types by package evolve, which
// tests the round trip, the contents and the resume; these tests are of
// the structure: the verifier's descriptions of checkpoint.fbs, vectors of
// tables, sharing, nesting depth, and that every generated accessor reads
// within a buffer that verified.

var checkpointSpecs = []*tableSpec{checkpointSpec, configSpec, ratesSpec, weightsSpec, metricsSpec, scoreSpec, individualSpec, genStatsSpec, opStatsSpec, cacheEntrySpec, lineageSpec}

// The descriptions of checkpoint.fbs's tables match the schema, slot by
// slot. (TestSpecsMatchSchemas checks every schema against the
// descriptions it lists.)
func TestCheckpointSpecsMatchSchema(t *testing.T) {
	sf := parseSchema(t, "checkpoint.fbs")
	if sf.namespace != "darwinsim.fb" || sf.identifier != CheckpointIdentifier || sf.root != "Checkpoint" {
		t.Errorf("checkpoint.fbs: namespace %q identifier %q root %q", sf.namespace, sf.identifier, sf.root)
	}
	if f := sf.tables["Checkpoint"]; len(f) == 0 || f[0] != [2]string{"version", "ushort"} {
		t.Error("Checkpoint does not start with version:ushort")
	}
	if len(sf.tables) != len(checkpointSpecs) {
		t.Errorf("checkpoint.fbs has %d tables, verify.go describes %d", len(sf.tables), len(checkpointSpecs))
	}
	for _, spec := range checkpointSpecs {
		fields, ok := sf.tables[spec.name]
		if !ok {
			t.Errorf("verify.go describes %s, which checkpoint.fbs does not define", spec.name)
			continue
		}
		if len(fields) != len(spec.fields) {
			t.Errorf("%s: %d fields, verify.go describes %d", spec.name, len(fields), len(spec.fields))
			continue
		}
		for i, f := range fields {
			if sp := spec.fields[i]; sp.name != f[0] || sp.fbs != f[1] {
				t.Errorf("%s slot %d is %s:%s, verify.go says %s:%s", spec.name, i, f[0], f[1], sp.name, sp.fbs)
			}
		}
	}
}

// synthCheckpoint is the shape of a checkpoint file built field by field
// (package fbs cannot import evolve): n individuals in the population, the
// hall sharing them when shareHall, and one genome JSON per seed game (a
// short string for each of two games when tiny: this package reads the
// JSON as a string only). The file is sealed (SealCheckpoint) unless its
// checksum is left out (checksum < 0) or given a length other than 32.
type synthCheckpoint struct {
	n         int
	shareHall bool
	degen     string
	version   uint16
	tiny      bool
	checksum  int // length of the checksum vector: 0 for 32, -1 for none
}

func buildSynth(tb testing.TB, s synthCheckpoint) []byte {
	tb.Helper()
	var jsonText [][]byte
	var names []string
	if s.tiny {
		jsonText, names = [][]byte{[]byte(`{"g":1}`), []byte(`{"g":2}`)}, []string{"a", "b"}
	} else {
		_, gs, _ := programs(tb)
		for _, g := range gs {
			js, err := g.Encode()
			if err != nil {
				tb.Fatal(err)
			}
			jsonText, names = append(jsonText, js), append(names, g.Name)
		}
	}
	b := flatbuffers.NewBuilder(1024)
	score := func(fit float64) flatbuffers.UOffsetT {
		var deg flatbuffers.UOffsetT
		if s.degen != "" {
			deg = b.CreateString(s.degen)
		}
		fb.MetricsStart(b)
		fb.MetricsAddBalance(b, fit/2)
		fb.MetricsAddEffects(b, 1)
		m := fb.MetricsEnd(b)
		fb.ScoreStart(b)
		fb.ScoreAddFitness(b, fit)
		fb.ScoreAddMetrics(b, m)
		if deg != 0 {
			fb.ScoreAddDegenerate(b, deg)
		}
		fb.ScoreAddGames(b, 40)
		return fb.ScoreEnd(b)
	}
	hash := func(i int) flatbuffers.UOffsetT {
		h := make([]byte, 32)
		h[0] = byte(i)
		return b.CreateByteVector(h)
	}
	vec := func(offs []flatbuffers.UOffsetT) flatbuffers.UOffsetT {
		b.StartVector(4, len(offs), 4)
		for i := len(offs) - 1; i >= 0; i-- {
			b.PrependUOffsetT(offs[i])
		}
		return b.EndVector(len(offs))
	}
	// Genome JSON strings, written when first used (and then shared):
	// the file holds nothing that no offset leads to.
	jsons := make([]flatbuffers.UOffsetT, len(jsonText))
	individual := func(i int) flatbuffers.UOffsetT {
		g := i % len(jsonText)
		if jsons[g] == 0 {
			jsons[g] = b.CreateByteString(jsonText[g])
		}
		h, sc, origin := hash(i), score(float64(i)/10), b.CreateString(names[g])
		fb.IndividualStart(b)
		fb.IndividualAddGenomeJson(b, jsons[g])
		fb.IndividualAddHash(b, h)
		fb.IndividualAddScore(b, sc)
		fb.IndividualAddOrigin(b, origin)
		fb.IndividualAddBorn(b, uint32(i%3))
		return fb.IndividualEnd(b)
	}
	inds := make([]flatbuffers.UOffsetT, s.n)
	for i := range inds {
		inds[i] = individual(i)
	}
	hall := inds
	if !s.shareHall {
		hall = make([]flatbuffers.UOffsetT, min(s.n, 2))
		for i := range hall {
			hall[i] = individual(100 + i)
		}
	}
	var hist []flatbuffers.UOffsetT
	for g := range 3 {
		bh := b.CreateString(fmt.Sprintf("%012x", g))
		fb.GenStatsStart(b)
		fb.GenStatsAddGen(b, uint32(g))
		fb.GenStatsAddBest(b, 0.5)
		fb.GenStatsAddMedian(b, -0.25)
		fb.GenStatsAddEvaluated(b, 7)
		fb.GenStatsAddGames(b, 1<<40)
		fb.GenStatsAddBestHash(b, bh)
		fb.GenStatsAddFilled(b, uint32(g))
		hist = append(hist, fb.GenStatsEnd(b))
	}
	var ops []flatbuffers.UOffsetT
	for _, name := range []string{"add_effect", "crossover"} {
		nm := b.CreateString(name)
		fb.OpStatsStart(b)
		fb.OpStatsAddName(b, nm)
		fb.OpStatsAddApplied(b, 9)
		fb.OpStatsAddFirstTry(b, 8)
		fb.OpStatsAddFailed(b, 1)
		ops = append(ops, fb.OpStatsEnd(b))
	}
	var cache []flatbuffers.UOffsetT
	for i := range s.n {
		h, sc := hash(i), score(float64(i))
		fb.CacheEntryStart(b)
		fb.CacheEntryAddHash(b, h)
		fb.CacheEntryAddScore(b, sc)
		cache = append(cache, fb.CacheEntryEnd(b))
	}
	popV, hallV, histV, opsV, cacheV := vec(inds), vec(hall), vec(hist), vec(ops), vec(cache)
	run := b.CreateByteVector(bytes.Repeat([]byte{0xa5}, ChecksumSize))
	var sum flatbuffers.UOffsetT
	switch {
	case s.checksum == 0:
		sum = b.CreateByteVector(make([]byte, ChecksumSize))
	case s.checksum > 0:
		sum = b.CreateByteVector(make([]byte, s.checksum))
	}
	fb.RatesStart(b)
	fb.RatesAddCrossover(b, 0.3)
	rates := fb.RatesEnd(b)
	fb.WeightsStart(b)
	fb.WeightsAddSkill(b, 1.5)
	weights := fb.WeightsEnd(b)
	fb.ConfigStart(b)
	fb.ConfigAddPopulation(b, uint32(s.n))
	fb.ConfigAddGenerations(b, 5)
	fb.ConfigAddGames(b, 40)
	fb.ConfigAddSeed(b, 1<<63)
	fb.ConfigAddRates(b, rates)
	fb.ConfigAddWeights(b, weights)
	fb.ConfigAddCapBudget(b, 0.2)
	fb.ConfigAddRetries(b, 8)
	fb.ConfigAddHallSpacing(b, 0.05)
	cfg := fb.ConfigEnd(b)
	fb.CheckpointStart(b)
	fb.CheckpointAddVersion(b, s.version)
	fb.CheckpointAddGeneration(b, 2)
	fb.CheckpointAddGames(b, 12345)
	fb.CheckpointAddConfig(b, cfg)
	fb.CheckpointAddPopulation(b, popV)
	fb.CheckpointAddHistory(b, histV)
	fb.CheckpointAddHall(b, hallV)
	fb.CheckpointAddOps(b, opsV)
	fb.CheckpointAddCache(b, cacheV)
	fb.CheckpointAddRun(b, run)
	if sum != 0 {
		fb.CheckpointAddChecksum(b, sum)
	}
	b.FinishWithFileIdentifier(fb.CheckpointEnd(b), []byte(CheckpointIdentifier))
	buf := b.FinishedBytes()
	if s.checksum == 0 {
		if err := SealCheckpoint(buf); err != nil {
			tb.Fatal(err)
		}
	}
	return buf
}

func synthFiles(tb testing.TB) [][]byte {
	return [][]byte{
		buildSynth(tb, synthCheckpoint{n: 4, shareHall: true, version: CheckpointVersion}),
		buildSynth(tb, synthCheckpoint{n: 3, degen: "∑ too many games reach the turn cap", version: CheckpointVersion}),
		buildSynth(tb, synthCheckpoint{n: 0, version: CheckpointVersion}),
	}
}

// tinySynthFiles are small checkpoint files, of every kind of table, for
// the fuzzing seeds: the smaller the seeds, the more inputs a fuzzer tries.
func tinySynthFiles(tb testing.TB) [][]byte {
	return [][]byte{
		buildSynth(tb, synthCheckpoint{n: 2, shareHall: true, version: CheckpointVersion, tiny: true}),
		buildSynth(tb, synthCheckpoint{n: 1, degen: "∑", version: CheckpointVersion, tiny: true}),
	}
}

// walkCheckpoint reads every field of every table through the generated
// accessors, as a reader in Go would; on a buffer that verified it must not
// panic. It returns a digest of what it read, so the reads are not dead.
func walkCheckpoint(t *fb.Checkpoint) uint64 {
	var sum uint64
	f := func(x float64) { sum = sum*31 + uint64(x*7) }
	u := func(x uint64) { sum = sum*31 + x }
	bs := func(b []byte) {
		for _, c := range b {
			u(uint64(c))
		}
	}
	score := func(s *fb.Score) {
		if s == nil {
			return
		}
		f(s.Fitness())
		if m := s.Metrics(nil); m != nil {
			for _, x := range []float64{m.Completion(), m.Balance(), m.Decisions(), m.LeadChanges(), m.Interaction(), m.Length(), m.Skill(), m.Simplicity(), m.Effects()} {
				f(x)
			}
		}
		bs(s.Degenerate())
		u(s.Games())
	}
	individual := func(ind *fb.Individual) {
		bs(ind.GenomeJson())
		bs(ind.HashBytes())
		for j := range ind.HashLength() {
			u(uint64(ind.Hash(j)))
		}
		score(ind.Score(nil))
		bs(ind.Origin())
		u(uint64(ind.Born()))
	}
	u(uint64(t.Version()))
	bs(t.RunBytes())
	bs(t.ChecksumBytes())
	u(uint64(t.Generation()))
	u(t.Games())
	if c := t.Config(nil); c != nil {
		for _, x := range []uint64{uint64(c.Population()), uint64(c.Generations()), c.Games(), c.SkillGames(), c.Seed(), uint64(c.Elite()), uint64(c.Tournament()), c.TargetLength(), c.Rescore(), uint64(c.Retries())} {
			u(x)
		}
		f(c.CapBudget())
		f(c.Sharing())
		f(c.HallSpacing())
		bs(c.Skill())
		bs(c.Ladder())
		u(c.LadderGames())
		if r := c.Rates(nil); r != nil {
			for _, x := range []float64{r.AddEffect(), r.RemoveEffect(), r.MutateEffect(), r.Structure(), r.Crossover()} {
				f(x)
			}
		}
		if w := c.Weights(nil); w != nil {
			for _, x := range []float64{w.Completion(), w.Balance(), w.Decisions(), w.LeadChanges(), w.Interaction(), w.Length(), w.Skill(), w.Simplicity(), w.Effects()} {
				f(x)
			}
		}
	}
	var ind fb.Individual
	for i := range t.PopulationLength() {
		t.Population(&ind, i)
		individual(&ind)
	}
	for i := range t.HallLength() {
		t.Hall(&ind, i)
		individual(&ind)
	}
	var gs fb.GenStats
	for i := range t.HistoryLength() {
		t.History(&gs, i)
		u(uint64(gs.Gen()))
		for _, x := range []float64{gs.Best(), gs.Mean(), gs.Median(), gs.Diversity()} {
			f(x)
		}
		u(uint64(gs.Evaluated()))
		u(uint64(gs.Reevaluated()))
		u(gs.Games())
		bs(gs.BestHash())
		u(uint64(gs.Filled()))
	}
	var o fb.OpStats
	for i := range t.OpsLength() {
		t.Ops(&o, i)
		bs(o.Name())
		u(o.Applied())
		u(o.FirstTry())
		u(o.Failed())
	}
	var ce fb.CacheEntry
	for i := range t.CacheLength() {
		t.Cache(&ce, i)
		bs(ce.HashBytes())
		for j := range ce.HashLength() {
			u(uint64(ce.Hash(j)))
		}
		score(ce.Score(nil))
	}
	return sum
}

func TestVerifyCheckpoint(t *testing.T) {
	noRecover(t)
	for i, buf := range synthFiles(t) {
		ct, err := VerifyCheckpoint(buf)
		if err != nil {
			t.Fatalf("file %d: %v", i, err)
		}
		walkCheckpoint(ct)
	}
	buf := synthFiles(t)[0]
	c, err := verifyRoot(buf, CheckpointIdentifier, checkpointSpec)
	if err != nil {
		t.Fatal(err)
	}
	pop, hall := c.elems[ckPopulation], c.elems[ckHall]
	if len(pop) != 4 || len(hall) != 4 || pop[0] != hall[0] || pop[3] != hall[3] {
		t.Error("tables shared by the population and the hall were not verified once")
	}
	if c.height != 4 { // Checkpoint > Individual > Score > Metrics
		t.Errorf("height %d, want 4", c.height)
	}

	for _, tc := range []struct {
		name string
		buf  []byte
		want string
	}{
		{"version 0", buildSynth(t, synthCheckpoint{n: 1}), fmt.Sprintf("Checkpoint.version: checkpoint version 0, this build reads version %d", CheckpointVersion)},
		{"older version", buildSynth(t, synthCheckpoint{n: 1, version: CheckpointVersion - 1}),
			fmt.Sprintf("Checkpoint.version: checkpoint version %d, this build reads version %d: the run was checkpointed by an older darwinsim; finish it with the darwinsim build that wrote it (checkpoints are not migrated)", CheckpointVersion-1, CheckpointVersion)},
		{"newer version", buildSynth(t, synthCheckpoint{n: 1, version: CheckpointVersion + 1}),
			fmt.Sprintf("Checkpoint.version: checkpoint version %d, this build reads version %d: the run was checkpointed by a newer darwinsim; continue it with the darwinsim build that wrote it", CheckpointVersion+1, CheckpointVersion)},
		{"no checksum", buildSynth(t, synthCheckpoint{n: 1, version: CheckpointVersion, checksum: -1}), "Checkpoint.checksum: missing"},
		{"short checksum", buildSynth(t, synthCheckpoint{n: 1, version: CheckpointVersion, checksum: 31}), "Checkpoint.checksum: 31 bytes, want 32 (SHA-256)"},
		{"unsealed", buildSynth(t, synthCheckpoint{n: 1, version: CheckpointVersion, checksum: 32}), "Checkpoint.checksum: the file's SHA-256 is "},
		{"damaged", damage(buf, dataOf(t, buf, ckRun)+3), "Checkpoint.checksum: the file's SHA-256 is "},
		{"damaged checksum", damage(buf, checksumOf(t, buf)+5), "Checkpoint.checksum: the file's SHA-256 is "},
		{"damaged padding", append(bytes.Clone(buf), 0), "Checkpoint.checksum: the file's SHA-256 is "},
		{"identifier", append(append(bytes.Clone(buf[:4]), "DSPF"...), buf[8:]...), `file identifier "DSPF", want "DSCK"`},
		{"short", buf[:7], "shorter than the 8-byte header"},
	} {
		_, err := VerifyCheckpoint(tc.buf)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
			continue
		}
		asError(t, err, len(tc.buf))
	}
}

// damage returns a copy of buf with one bit of byte i flipped.
func damage(buf []byte, i int) []byte {
	b := bytes.Clone(buf)
	b[i] ^= 0x10
	return b
}

// checksumOf returns where the checksum of a checkpoint file starts.
func checksumOf(t *testing.T, buf []byte) int { return dataOf(t, buf, ckChecksum) }

// dataOf returns where the data of the root's vector field slot starts.
func dataOf(t *testing.T, buf []byte, slot int) int {
	t.Helper()
	c, err := verifyRoot(buf, CheckpointIdentifier, checkpointSpec)
	if err != nil {
		t.Fatal(err)
	}
	return c.data[slot]
}

// TestSealCheckpoint: SealCheckpoint writes the checksum a reader expects
// (and changes no other byte), over any change to the file's content; it
// refuses a file without a 32-byte checksum field, and is total.
func TestSealCheckpoint(t *testing.T) {
	noRecover(t)
	buf := synthFiles(t)[0]
	at := checksumOf(t, buf)
	want := CheckpointChecksum(buf, at)
	if !bytes.Equal(want[:], buf[at:at+ChecksumSize]) {
		t.Fatal("a sealed file does not hold its checksum")
	}
	// Its checksum is SHA-256 of the file with the checksum's bytes zeroed.
	z := bytes.Clone(buf)
	clear(z[at : at+ChecksumSize])
	if sha256.Sum256(z) != want {
		t.Fatal("the checksum is not the SHA-256 of the file with its checksum zeroed")
	}
	// A change anywhere outside the checksum, sealed again: it verifies,
	// with only the checksum's bytes changed.
	changed := dataOf(t, buf, ckRun) + 7
	b := damage(buf, changed)
	if _, err := VerifyCheckpoint(b); err == nil {
		t.Fatal("a changed file verified before sealing")
	}
	if err := SealCheckpoint(b); err != nil {
		t.Fatal(err)
	}
	if _, err := VerifyCheckpoint(b); err != nil {
		t.Fatalf("sealed again: %v", err)
	}
	for i := range b {
		if (i < at || i >= at+ChecksumSize) && i != changed && b[i] != buf[i] {
			t.Fatalf("sealing changed byte %d", i)
		}
	}
	for _, tc := range []struct {
		name string
		buf  []byte
		want string
	}{
		{"no checksum", buildSynth(t, synthCheckpoint{n: 1, version: CheckpointVersion, checksum: -1}), "Checkpoint.checksum: missing"},
		{"long checksum", buildSynth(t, synthCheckpoint{n: 1, version: CheckpointVersion, checksum: 33}), "33 bytes, want 32"},
		{"not a checkpoint", []byte("0123456789abcdef"), `file identifier "4567", want "DSCK"`},
		{"short", buf[:5], "shorter than the 8-byte header"},
	} {
		b := bytes.Clone(tc.buf)
		err := SealCheckpoint(b)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
			continue
		}
		asError(t, err, len(b))
		if !bytes.Equal(b, tc.buf) {
			t.Errorf("%s: a refused seal changed the file", tc.name)
		}
	}
}

// vectorAt returns the position of the vector field slot of the root
// table and of its first element.
func vectorAt(t *testing.T, buf []byte, slot int) (vec, data int) {
	t.Helper()
	c, err := verifyRoot(buf, CheckpointIdentifier, checkpointSpec)
	if err != nil {
		t.Fatal(err)
	}
	return c.data[slot] - 4, c.data[slot]
}

// Damaged vectors of tables: each problem is an *Error at the element,
// never a panic.
func TestVerifyTableVectors(t *testing.T) {
	noRecover(t)
	buf := synthFiles(t)[0]
	put := func(b []byte, at int, v uint32) { binary.LittleEndian.PutUint32(b[at:], v) }
	cases := []struct {
		name string
		mod  func(b []byte)
		want string
	}{
		{"element offset 0", func(b []byte) {
			_, d := vectorAt(t, b, ckPopulation)
			put(b, d+4, 0)
		}, "Checkpoint.population[1]: offset 0 points to itself"},
		{"element past the end", func(b []byte) {
			_, d := vectorAt(t, b, ckHistory)
			put(b, d+8, uint32(len(b)))
		}, "Checkpoint.history[2]: offset"},
		{"element misaligned", func(b []byte) {
			_, d := vectorAt(t, b, ckOps)
			put(b, d, binary.LittleEndian.Uint32(b[d:])+2)
		}, "Checkpoint.ops[0]: table at byte"},
		{"element huge", func(b []byte) {
			_, d := vectorAt(t, b, ckCache)
			put(b, d, 1<<31)
		}, "Checkpoint.cache[0]: offset 2147483648 is larger than a FlatBuffer can be"},
		{"length past the end", func(b []byte) {
			v, _ := vectorAt(t, b, ckHall)
			put(b, v, uint32(len(b)))
		}, "Checkpoint.hall: vector of"},
		{"length overflow", func(b []byte) {
			v, _ := vectorAt(t, b, ckPopulation)
			put(b, v, 1<<32-1)
		}, "Checkpoint.population: vector of 4294967295 elements"},
		{"bad element table", func(b []byte) {
			_, d := vectorAt(t, b, ckPopulation)
			at := d + 8 + int(binary.LittleEndian.Uint32(b[d+8:]))
			put(b, at, 1<<30) // its vtable offset
		}, "Checkpoint.population[2]: vtable offset"},
		{"bad string in an element", func(b []byte) {
			_, d := vectorAt(t, b, ckHistory)
			gs := d + 4 + int(binary.LittleEndian.Uint32(b[d+4:]))
			var g fb.GenStats
			g.Init(b, flatbuffers.UOffsetT(gs))
			s := cap(b) - cap(g.BestHash())
			b[s] = 0xff
		}, "Checkpoint.history[1].best_hash: string is not valid UTF-8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := bytes.Clone(buf)
			tc.mod(b)
			_, err := VerifyCheckpoint(b)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			asError(t, err, len(b))
		})
	}
}

// A test-only recursive description, to check the depth bound (the real
// schemas are not recursive).
var nodeSpec = func() *tableSpec {
	n := &tableSpec{name: "Node"}
	n.fields = []field{{name: "a", kind: kTable, sub: n, fbs: "Node"}, {name: "b", kind: kTable, sub: n, fbs: "Node"}, {name: "kids", kind: kTables, size: 4, sub: n, fbs: "[Node]"}}
	return n
}()

// chain builds a chain of n nested Nodes (through field a) ending in leaf
// (0: an empty node) and returns the outermost.
func chain(b *flatbuffers.Builder, n int, leaf flatbuffers.UOffsetT) flatbuffers.UOffsetT {
	for range n {
		b.StartObject(3)
		if leaf != 0 {
			b.PrependUOffsetTSlot(0, leaf, 0)
		}
		leaf = b.EndObject()
	}
	return leaf
}

func finishNode(b *flatbuffers.Builder, root flatbuffers.UOffsetT) []byte {
	b.FinishWithFileIdentifier(root, []byte("NODE"))
	return b.FinishedBytes()
}

func TestVerifyDepth(t *testing.T) {
	noRecover(t)
	for _, tc := range []struct {
		depth int
		ok    bool
	}{{1, true}, {maxDepth, true}, {maxDepth + 1, false}, {10 * maxDepth, false}} {
		b := flatbuffers.NewBuilder(0)
		buf := finishNode(b, chain(b, tc.depth, 0))
		_, err := verifyRoot(buf, "NODE", nodeSpec)
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), fmt.Sprintf("tables nest more than %d deep", maxDepth)) {
			t.Errorf("depth %d: %v", tc.depth, err)
		}
	}
	// A shared subtree, verified once through a short path, is still too
	// deep through a longer one.
	for _, viaVector := range []bool{false, true} {
		b := flatbuffers.NewBuilder(0)
		x := chain(b, maxDepth-4, 0) // height maxDepth-4
		long := chain(b, 10, x)
		var kids flatbuffers.UOffsetT
		if viaVector {
			b.StartVector(4, 2, 4)
			b.PrependUOffsetT(long)
			b.PrependUOffsetT(x)
			kids = b.EndVector(2)
		}
		b.StartObject(3)
		if viaVector {
			b.PrependUOffsetTSlot(2, kids, 0)
		} else {
			b.PrependUOffsetTSlot(1, long, 0) // b: verified second
			b.PrependUOffsetTSlot(0, x, 0)    // a: verified first
		}
		buf := finishNode(b, b.EndObject())
		_, err := verifyRoot(buf, "NODE", nodeSpec)
		if err == nil || !strings.Contains(err.Error(), "tables nest more than") {
			t.Errorf("vector %v: a shared subtree too deep through its second path: %v", viaVector, err)
		}
		// Through the short path alone it is fine.
		b = flatbuffers.NewBuilder(0)
		x = chain(b, maxDepth-4, 0)
		b.StartObject(3)
		b.PrependUOffsetTSlot(1, x, 0)
		b.PrependUOffsetTSlot(0, x, 0)
		if _, err := verifyRoot(finishNode(b, b.EndObject()), "NODE", nodeSpec); err != nil {
			t.Errorf("shared subtree at an allowed depth: %v", err)
		}
	}
}

// Offsets that all lead to one large object cost one check of it: a
// 100 000-element population, half of it one individual and half distinct
// individuals, all with the same genome JSON, a megabyte of multi-byte
// UTF-8, verifies in well under a second (checking the string for each
// element would read 100 GB).
func TestVerifySharingIsLinear(t *testing.T) {
	noRecover(t)
	const n = 100000
	b := flatbuffers.NewBuilder(1 << 21)
	big := b.CreateString(strings.Repeat("é", 1<<19))
	h := b.CreateByteVector(make([]byte, 32))
	fb.IndividualStart(b)
	fb.IndividualAddGenomeJson(b, big)
	fb.IndividualAddHash(b, h)
	ind := fb.IndividualEnd(b)
	// Half the elements are that table; the others are distinct tables
	// sharing its string.
	inds := make([]flatbuffers.UOffsetT, n/2)
	for i := range inds {
		fb.IndividualStart(b)
		fb.IndividualAddGenomeJson(b, big)
		inds[i] = fb.IndividualEnd(b)
	}
	b.StartVector(4, n, 4)
	for i := range n {
		if i%2 == 0 {
			b.PrependUOffsetT(ind)
		} else {
			b.PrependUOffsetT(inds[i/2])
		}
	}
	pop := b.EndVector(n)
	sum := b.CreateByteVector(make([]byte, ChecksumSize))
	fb.CheckpointStart(b)
	fb.CheckpointAddVersion(b, CheckpointVersion)
	fb.CheckpointAddPopulation(b, pop)
	fb.CheckpointAddHall(b, pop)
	fb.CheckpointAddChecksum(b, sum)
	b.FinishWithFileIdentifier(fb.CheckpointEnd(b), []byte(CheckpointIdentifier))
	buf := b.FinishedBytes()
	if err := SealCheckpoint(buf); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	ct, err := VerifyCheckpoint(buf)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("verifying took %v", d)
	}
	if ct.PopulationLength() != n {
		t.Fatalf("population of %d", ct.PopulationLength())
	}
	// And a bad byte in the shared string is found.
	bad := bytes.Clone(buf)
	var x fb.Individual
	ct.Population(&x, 0)
	bad[cap(buf)-cap(x.GenomeJson())+7] = 0xff
	if _, err := VerifyCheckpoint(bad); err == nil || !strings.Contains(err.Error(), "Checkpoint.population[0].genome_json: string is not valid UTF-8") {
		t.Errorf("bad shared string: %v", err)
	}
}

// Every truncation of a checkpoint file is an error (or, cutting off
// padding, the same file), and changing any byte gives an error or a file
// whose every accessor reads within the buffer.
func TestCheckpointDamaged(t *testing.T) {
	noRecover(t)
	for _, buf := range synthFiles(t) {
		full, err := VerifyCheckpoint(buf)
		if err != nil {
			t.Fatal(err)
		}
		want := walkCheckpoint(full)
		for n := range len(buf) {
			cut := bytes.Clone(buf[:n])
			ct, err := VerifyCheckpoint(cut)
			if err != nil {
				asError(t, err, n)
				continue
			}
			if !allZero(buf[n:]) || walkCheckpoint(ct) != want {
				t.Fatalf("truncated to %d of %d bytes: no error", n, len(buf))
			}
		}
		step := 1
		if testing.Short() {
			step = 2
		}
		at := checksumOf(t, buf)
		for i := 0; i < len(buf); i += step {
			for _, x := range []byte{0x01, 0x80, 0xff} {
				b := bytes.Clone(buf)
				b[i] ^= x
				readCheckpoint(t, b, i < at || i >= at+ChecksumSize)
			}
		}
	}
}

// readCheckpoint verifies a changed checkpoint file, which must be refused
// when changed, never panic, and be readable whole through the generated
// accessors when it verifies; then the same with its checksum recomputed
// (when the structure allows it), so that the structure is verified as it
// would be in a file that its writer sealed.
func readCheckpoint(t *testing.T, b []byte, changed bool) {
	t.Helper()
	checkRead(t, b, func() error {
		ct, err := VerifyCheckpoint(b)
		if err == nil {
			if changed {
				t.Fatal("a changed file passed its checksum")
			}
			walkCheckpoint(ct)
		}
		return err
	})
	sealed := bytes.Clone(b)
	if SealCheckpoint(sealed) != nil {
		return
	}
	checkRead(t, sealed, func() error {
		ct, err := VerifyCheckpoint(sealed)
		if err == nil {
			walkCheckpoint(ct)
		}
		return err
	})
}

// FuzzReadCheckpoint: any bytes verify or give an *Error, never a panic,
// and a buffer that verifies can be read whole through the generated
// accessors; the same bytes with their checksum recomputed too. A fuzzer's
// change almost never passes the checksum, and a whole file is a large
// input, which the fuzzing engine spends its time minimizing; so each
// input is also read as edits (fuzzcorpus.ApplyEdits) of a small checkpoint
// (tinySynthFiles), sealed: small inputs that reach the verification of
// every table behind the checksum. (evolve's FuzzDecodeCheckpoint fuzzes
// the decoding of real checkpoints into evolve's types.)
func FuzzReadCheckpoint(f *testing.F) {
	for _, b := range checkpointSeedInputs(f) {
		f.Add(b)
	}
	base := tinySynthFiles(f)[0]
	f.Fuzz(func(t *testing.T, data []byte) {
		readCheckpoint(t, data, false)
		edited := fuzzcorpus.ApplyEdits(base, data)
		readCheckpoint(t, edited, !bytes.Equal(edited, base))
	})
}

// checkpointSeedInputs are the seeds of FuzzReadCheckpoint, each of a few
// dozen bytes at most: no edit (the base itself, which verifies), edits of
// its tables, and damaged headers.
func checkpointSeedInputs(tb testing.TB) [][]byte {
	b := tinySynthFiles(tb)[0]
	c, err := verifyRoot(b, CheckpointIdentifier, checkpointSpec)
	if err != nil {
		tb.Fatal(err)
	}
	wrongID := bytes.Clone(b[:8])
	copy(wrongID[4:], "XXXX")
	pop := c.elems[ckPopulation]
	return [][]byte{
		{},
		fuzzcorpus.Edit(0, c.at[ckVersion], CheckpointVersion+1),              // another version
		fuzzcorpus.Edit(1, c.data[ckPopulation]-4, 1),                         // the population one longer
		fuzzcorpus.Edit(1, c.data[ckHistory], 2),                              // an element's offset moved
		fuzzcorpus.Edit(0, pop[0].pos, 0xff),                                  // an individual's vtable offset
		fuzzcorpus.Edit(0, pop[1].data[0], 0xc0),                              // a genome JSON that is not UTF-8
		append(fuzzcorpus.Edit(2, len(b)/2, 0), fuzzcorpus.Edit(3, 40, 0)...), // a byte inserted, another deleted
		b[:8],   // a bare header
		wrongID, // another file's identifier
	}
}

// TestCheckpointSeedInputs: the seeds reach what they are for: the base
// verifies, each edit of it is refused, and each seed is small.
func TestCheckpointSeedInputs(t *testing.T) {
	noRecover(t)
	base := tinySynthFiles(t)[0]
	for i, s := range checkpointSeedInputs(t)[:7] {
		b := fuzzcorpus.ApplyEdits(base, s)
		_ = SealCheckpoint(b)
		_, err := VerifyCheckpoint(b)
		if (err == nil) != (i == 0) {
			t.Errorf("seed %d: %v", i, err)
		}
		if len(s) > 64 {
			t.Errorf("seed %d: %d bytes", i, len(s))
		}
	}
	if got := fuzzcorpus.ApplyEdits([]byte{10, 20, 30, 40, 50}, append(append(fuzzcorpus.Edit(0, 6, 99), fuzzcorpus.Edit(1, 2, 0xff)...), append(fuzzcorpus.Edit(2, 5, 7), fuzzcorpus.Edit(3, 0, 0)...)...)); !bytes.Equal(got, []byte{99, 30, 40, 50, 7}) {
		t.Errorf("applyEdits: %v", got)
	}
}

// The committed seed corpus of FuzzReadCheckpoint exists and is in the
// fuzzing file format; with -update-corpus, rewrite it.
func TestCheckpointSeedCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzReadCheckpoint")
	if *updateCorpus {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, b := range checkpointSeedInputs(t) {
			data := "go test fuzz v1\n[]byte(" + strconv.Quote(string(b)) + ")\n"
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%02d", i)), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("no committed seed corpus (run with -update-corpus): %v", err)
	}
	if len(entries) < 5 {
		t.Errorf("%d committed seeds, want at least 5", len(entries))
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), "go test fuzz v1\n[]byte(") {
			t.Errorf("%s: not a fuzz corpus file", e.Name())
		}
	}
}
