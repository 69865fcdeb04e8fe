package evolve

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// The recover net of DecodeCheckpoint must never catch anything: in the
// tests (fuzzing workers included) it re-panics with the original stack,
// so that the test or fuzz input that reached it fails.
func init() {
	onDecodeRecover = func(v any, stack []byte) {
		panic(fmt.Sprintf("evolve: the recover net caught a panic while decoding a checkpoint: %v\noriginal stack:\n%s", v, stack))
	}
}

// decode runs DecodeCheckpoint, failing t if the recover net fired or if
// an error is not an *fbs.Error with an offset within the buffer.
func decode(t testing.TB, buf []byte) (*Checkpoint, error) {
	t.Helper()
	before := decodeRecovered.Load()
	cp, err := DecodeCheckpoint(buf)
	if n := decodeRecovered.Load() - before; n != 0 {
		t.Fatalf("the recover net fired %d times", n)
	}
	if err != nil {
		fbsError(t, err, len(buf))
		if cp != nil {
			t.Fatalf("DecodeCheckpoint returned a checkpoint and the error %v", err)
		}
	}
	return cp, err
}

// fbsError checks that err is an *fbs.Error with an offset inside the
// buffer (or -1) and returns it.
func fbsError(t testing.TB, err error, n int) *fbs.Error {
	t.Helper()
	var fe *fbs.Error
	if !errors.As(err, &fe) {
		t.Fatalf("error %T %v is not an *fbs.Error", err, err)
	}
	if fe.Offset < -1 || fe.Offset > n {
		t.Fatalf("error offset %d outside the %d-byte file: %v", fe.Offset, n, err)
	}
	return fe
}

// smallConfig is a run small enough for fuzz seeds and byte-by-byte tests.
func smallConfig() Config {
	cfg := testConfig()
	cfg.Population, cfg.Generations, cfg.Games, cfg.SkillGames, cfg.Elite = 3, 2, 10, 10, 1
	cfg.Seed = 11
	return cfg
}

// recorded is one checkpoint of a run: the file written when the run
// handed it over, and the checkpoint as decoding should give it back.
type recorded struct {
	buf  []byte
	want *Checkpoint
}

// tinyConfig is the smallest of runs, for tests that try every bit of a
// checkpoint and for fuzzing seeds: from Go Fish alone (runTiny), two
// individuals, one generation after the first.
func tinyConfig() Config {
	cfg := smallConfig()
	cfg.Population, cfg.Generations, cfg.Elite, cfg.Tournament = 2, 1, 1, 2
	return cfg
}

// runTiny runs tinyConfig from Go Fish; its checkpoints are about 3 kB,
// with a hall of fame.
func runTiny(t testing.TB) []recorded {
	t.Helper()
	_, recs := runRecordedFrom(t, tinyConfig(), []*genome.Genome{testkit.SeedGenome(t, "go-fish")})
	return recs
}

// runRecorded runs cfg from the seed games, encoding every checkpoint
// when the run hands it over (the run goes on changing the individuals'
// shared fitness afterwards).
func runRecorded(t testing.TB, cfg Config) (*Result, []recorded) {
	t.Helper()
	return runRecordedFrom(t, cfg, runSeeds())
}

// runRecordedFrom is runRecorded from the given games.
func runRecordedFrom(t testing.TB, cfg Config, seeds []*genome.Genome) (*Result, []recorded) {
	t.Helper()
	var out []recorded
	res, err := Run(context.Background(), cfg, seeds, Options{Checkpoint: func(cp *Checkpoint) error {
		buf, err := EncodeCheckpoint(cp)
		if err != nil {
			return err
		}
		out = append(out, recorded{buf, normalized(cp)})
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != cfg.Generations+1 {
		t.Fatalf("%d checkpoints, want %d", len(out), cfg.Generations+1)
	}
	return res, out
}

// normalized copies cp as decoding gives it back: no workers, no code, no
// shared fitness (Resume computes it again), no starting games (StartsFile
// keeps them), the same individual shared where cp shares it (between the
// population, the hall and the archive).
func normalized(cp *Checkpoint) *Checkpoint {
	c := *cp
	c.Config.Workers, c.Starts = 0, nil
	seen := map[*Individual]*Individual{}
	copyInds := func(inds []*Individual) []*Individual {
		var out []*Individual
		for _, ind := range inds {
			x, ok := seen[ind]
			if !ok {
				v := *ind
				v.Code, v.shared = nil, 0
				x = &v
				seen[ind] = x
			}
			out = append(out, x)
		}
		return out
	}
	c.Population = copyInds(cp.Population)
	c.Hall = copyInds(cp.Hall)
	c.Archive = copyInds(cp.Archive)
	c.History = slices.Clone(cp.History)
	c.Ops = slices.Clone(cp.Ops)
	c.Cache = slices.Clone(cp.Cache)
	return &c
}

// diff returns where got and want differ, "" if nowhere. It is
// reflect.DeepEqual except that floats compare by their bits (so NaN
// equals the same NaN and -0 differs from +0) and unexported fields are
// compared too.
func diff(got, want any) string {
	return diffValue(reflect.ValueOf(got), reflect.ValueOf(want), "")
}

func diffValue(a, b reflect.Value, path string) string {
	if a.Kind() != b.Kind() || a.Type() != b.Type() {
		return fmt.Sprintf("%s: %s vs %s", path, a.Type(), b.Type())
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": nil vs non-nil"
			}
			return ""
		}
		return diffValue(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := range a.NumField() {
			if d := diffValue(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil is %v vs %v", path, a.IsNil(), b.IsNil())
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := diffValue(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("%s: %v (%#x) vs %v (%#x)", path, a.Float(), math.Float64bits(a.Float()), b.Float(), math.Float64bits(b.Float()))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d vs %d", path, a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d vs %d", path, a.Uint(), b.Uint())
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q vs %q", path, a.String(), b.String())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v vs %v", path, a.Bool(), b.Bool())
		}
	default:
		return fmt.Sprintf("%s: cannot compare kind %s", path, a.Kind())
	}
	return ""
}

// TestCheckpointRoundTrip: every checkpoint of a run decodes to itself
// (doubles bit for bit), individuals shared between the population and the
// hall of fame stay shared, and encoding the decoded checkpoint gives the
// same bytes.
func TestCheckpointRoundTrip(t *testing.T) {
	_, recs := runRecorded(t, testConfig())
	for _, r := range recs {
		got, err := decode(t, r.buf)
		if err != nil {
			t.Fatalf("generation %d: %v", r.want.Gen, err)
		}
		if d := diff(got, r.want); d != "" {
			t.Fatalf("generation %d: decoded checkpoint differs: %s", r.want.Gen, d)
		}
		shared := 0
		for _, h := range got.Hall {
			if slices.Contains(got.Population, h) {
				shared++
			}
		}
		wantShared := 0
		for _, h := range r.want.Hall {
			if slices.Contains(r.want.Population, h) {
				wantShared++
			}
		}
		if shared != wantShared {
			t.Errorf("generation %d: %d hall individuals are population individuals, want %d", r.want.Gen, shared, wantShared)
		}
		again, err := EncodeCheckpoint(got)
		if err != nil {
			t.Fatalf("generation %d: re-encoding: %v", r.want.Gen, err)
		}
		if !bytes.Equal(again, r.buf) {
			t.Errorf("generation %d: re-encoding gives other bytes (%d, want %d)", r.want.Gen, len(again), len(r.buf))
		}
	}
}

// TestCheckpointResume: a run resumed from the decoded file of any of its
// checkpoints (in memory, or through a file) ends exactly as the run that
// was never interrupted.
func TestCheckpointResume(t *testing.T) {
	full, recs := runRecorded(t, testConfig())
	dir := t.TempDir()
	for i, r := range recs {
		cp, err := decode(t, r.buf)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			path := filepath.Join(dir, "checkpoint.dsck")
			if err := WriteCheckpointFile(path, cp); err != nil {
				t.Fatal(err)
			}
			if cp, err = ReadCheckpointFile(path); err != nil {
				t.Fatal(err)
			}
		}
		res, err := Resume(context.Background(), cp, 2, Options{})
		if err != nil {
			t.Fatalf("generation %d: %v", r.want.Gen, err)
		}
		if !reflect.DeepEqual(summary(res), summary(full)) {
			t.Fatalf("resumed from the file of generation %d: result differs from the uninterrupted run", r.want.Gen)
		}
		// Not only the summary: every score and individual.
		for j, ind := range res.Population {
			w := full.Population[j]
			if ind.Hash != w.Hash || ind.Born != w.Born || ind.Origin != w.Origin || diff(ind.Score, w.Score) != "" {
				t.Fatalf("resumed from generation %d: population[%d] differs", r.want.Gen, j)
			}
		}
	}
}

// extremes sets every float of cp's scores and history to values that
// only a bit-exact format keeps (NaN payloads, -0, infinities, subnormals)
// and the config's floats and integers to extremes Validate allows.
func extremes(cp *Checkpoint) {
	odd := []float64{
		math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.Float64frombits(0x7ff8000000000001),
		math.Float64frombits(0xfff0000000000abc), math.SmallestNonzeroFloat64, -math.MaxFloat64, 1.0 / 3, math.Nextafter(1, 2),
	}
	k := 0
	next := func() float64 { k++; return odd[k%len(odd)] }
	setScore := func(s *Score) {
		s.Fitness = next()
		m := reflect.ValueOf(&s.Metrics).Elem()
		for i := range m.NumField() {
			m.Field(i).SetFloat(next())
		}
		s.Games = math.MaxUint64 - uint64(k)
	}
	for _, ind := range append(slices.Clone(cp.Population), cp.Hall...) {
		setScore(&ind.Score)
		ind.Origin = "ünïcödé \x00 nul"
	}
	for i := range cp.Cache {
		setScore(&cp.Cache[i].Score)
		cp.Cache[i].Score.Degenerate = "∑ degenerate"
	}
	for i := range cp.History {
		h := &cp.History[i]
		h.Best, h.Mean, h.Median, h.Diversity = next(), next(), next(), next()
		h.Games = math.MaxUint64
		h.Evaluated, h.Reevaluated, h.Filled = math.MaxUint32, math.MaxUint32-1, math.MaxUint32-2
	}
	c := &cp.Config
	c.Rates = Rates{AddEffect: math.Copysign(0, -1), RemoveEffect: 1, MutateEffect: math.SmallestNonzeroFloat64, Structure: 0.1, Crossover: math.Nextafter(1, 0)}
	c.Weights.Balance = math.Copysign(0, -1)
	c.Weights.Skill = 1e6
	c.CapBudget = math.SmallestNonzeroFloat64
	c.Sharing = math.Copysign(0, -1)
	c.HallSpacing = math.Nextafter(0, 1)
	c.Games, c.SkillGames, c.TargetLength, c.Rescore = MaxGames, MaxGames-1, maxTargetLength, maxRescore
	c.Seed = math.MaxUint64
	cp.Games = math.MaxUint64 - 1
	for i := range cp.Ops {
		cp.Ops[i].Applied, cp.Ops[i].FirstTry, cp.Ops[i].Failed = math.MaxInt, math.MaxInt-1, i
	}
}

// TestCheckpointExtremes: doubles come back bit for bit (-0, NaN payloads,
// infinities, subnormals) and integers at the limits of their types.
func TestCheckpointExtremes(t *testing.T) {
	_, recs := runRecorded(t, smallConfig())
	for _, r := range recs {
		cp := r.want
		extremes(cp)
		buf, err := EncodeCheckpoint(cp)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decode(t, buf)
		if err != nil {
			t.Fatal(err)
		}
		if d := diff(got, cp); d != "" {
			t.Fatalf("generation %d: %s", cp.Gen, d)
		}
	}
}

// TestEncodeCheckpointRefuses: the encoder refuses, naming the field, what
// the decoder would refuse.
func TestEncodeCheckpointRefuses(t *testing.T) {
	_, recs := runRecorded(t, smallConfig())
	last := recs[len(recs)-1].want
	if _, err := EncodeCheckpoint(nil); err == nil {
		t.Error("EncodeCheckpoint(nil): no error")
	}
	other := testkit.SeedGenome(t, "uno-style").Canonical()
	cases := []struct {
		name string
		mod  func(cp *Checkpoint)
		want string
	}{
		{"config", func(cp *Checkpoint) { cp.Config.Retries = 0 }, "Checkpoint.config: the configuration is not valid: retries must be"},
		{"generation", func(cp *Checkpoint) { cp.Gen = cp.Config.Generations + 1 }, "Checkpoint.generation: generation 3 is not within the run's 0..2"},
		{"negative generation", func(cp *Checkpoint) { cp.Gen = -1 }, "Checkpoint.generation"},
		{"history length", func(cp *Checkpoint) { cp.History = cp.History[1:] }, "Checkpoint.history: 2 entries for generations 0..2"},
		{"history order", func(cp *Checkpoint) { cp.History[1].Gen = 7 }, "Checkpoint.history[1].gen: generation 7 where 1 belongs"},
		{"history count", func(cp *Checkpoint) { cp.History[0].Evaluated = -1 }, "Checkpoint.history[0].evaluated"},
		{"history filled", func(cp *Checkpoint) { cp.History[0].Filled = math.MaxUint32 + 1 }, "Checkpoint.history[0].filled"},
		{"best hash", func(cp *Checkpoint) { cp.History[0].BestHash = "\xff" }, "Checkpoint.history[0].best_hash: not valid UTF-8"},
		{"population size", func(cp *Checkpoint) { cp.Population = cp.Population[1:] }, "Checkpoint.population: 2 individuals, the configuration says 3"},
		{"nil individual", func(cp *Checkpoint) { cp.Population[1] = nil }, "Checkpoint.population[1]: missing"},
		{"nil genome", func(cp *Checkpoint) { cp.Hall[0] = &Individual{Hash: cp.Hall[0].Hash} }, "Checkpoint.hall[0].genome_json: missing"},
		{"duplicate", func(cp *Checkpoint) { cp.Population[2] = cp.Population[0] }, "Checkpoint.population[2].hash: genome"},
		{"born", func(cp *Checkpoint) { v := *cp.Hall[1]; v.Born = 9; cp.Hall[1] = &v }, "Checkpoint.hall[1].born: born in generation 9"},
		{"origin", func(cp *Checkpoint) { v := *cp.Hall[1]; v.Origin = "\xff"; cp.Hall[1] = &v }, "Checkpoint.hall[1].origin: not valid UTF-8"},
		{"hash", func(cp *Checkpoint) { v := *cp.Population[1]; v.Hash[0]++; cp.Population[1] = &v }, "Checkpoint.population[1].hash: the genome's hash is"},
		{"other genome", func(cp *Checkpoint) { v := *cp.Population[1]; v.Genome = other; cp.Population[1] = &v }, "Checkpoint.population[1].hash: the genome's hash is"},
		{"invalid genome", func(cp *Checkpoint) {
			v := *cp.Population[0]
			v.Genome = v.Genome.Clone()
			v.Genome.TurnCap = -1
			cp.Population[0] = &v
		}, "Checkpoint.population[0].genome_json: the genome is not valid"},
		{"unknown op", func(cp *Checkpoint) { cp.Ops[3].Name = "teleport" }, `Checkpoint.ops[3].name: unknown operator "teleport"`},
		{"op twice", func(cp *Checkpoint) { cp.Ops[3].Name = cp.Ops[0].Name }, "Checkpoint.ops[3].name: operator"},
		{"op count", func(cp *Checkpoint) { cp.Ops[2].Failed = -1 }, "Checkpoint.ops[2]: negative count"},
		{"too many ops", func(cp *Checkpoint) { cp.Ops = append(cp.Ops, cp.Ops...) }, fmt.Sprintf("Checkpoint.ops: %d operators, there are %d", 2*len(OperatorNames()), len(OperatorNames()))},
		{"cache order", func(cp *Checkpoint) { cp.Cache[0], cp.Cache[1] = cp.Cache[1], cp.Cache[0] }, "Checkpoint.cache[1].hash: hash"},
		{"cache twice", func(cp *Checkpoint) { cp.Cache[1] = cp.Cache[0] }, "Checkpoint.cache[1].hash"},
		{"degenerate", func(cp *Checkpoint) { cp.Cache[1].Score.Degenerate = "\xc0" }, "Checkpoint.cache[1].score.degenerate: not valid UTF-8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cp := normalized(last)
			tc.mod(cp)
			_, err := EncodeCheckpoint(cp)
			if err == nil {
				t.Fatal("no error")
			}
			if fe := fbsError(t, err, 0); fe.Offset != -1 || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v (offset %d), want %q at offset -1", err, fe.Offset, tc.want)
			}
		})
	}
}

// verified returns the root accessor of a copy of buf, for tests that
// damage particular fields through it.
func verified(t *testing.T, buf []byte) ([]byte, *fb.Checkpoint) {
	t.Helper()
	b := bytes.Clone(buf)
	ct, err := fbs.VerifyCheckpoint(b)
	if err != nil {
		t.Fatal(err)
	}
	return b, ct
}

// where returns the position in buf of b, a slice an accessor returned.
func where(buf, b []byte) int { return cap(buf) - cap(b) }

// dropField makes the field of the given slot absent from tab's vtable
// (shared with every table of the same layout).
func dropField(buf []byte, tab flatbuffers.Table, slot int) {
	vt := int(tab.Pos) - int(int32(binary.LittleEndian.Uint32(buf[tab.Pos:])))
	binary.LittleEndian.PutUint16(buf[vt+4+2*slot:], 0)
}

// TestDecodeCheckpointContents: a file whose structure is sound but whose
// contents are not gives an *fbs.Error naming the field, at a byte of the
// file.
func TestDecodeCheckpointContents(t *testing.T) {
	_, recs := runRecorded(t, smallConfig())
	buf := recs[len(recs)-1].buf
	want := recs[len(recs)-1].want
	bornLater := slices.IndexFunc(want.Population, func(ind *Individual) bool { return ind.Born > 0 })
	if bornLater < 0 {
		t.Fatal("no individual of the last generation was born after generation 0")
	}
	type mod func(t *testing.T, b []byte, ct *fb.Checkpoint)
	var ind fb.Individual
	// Each case changes the file, then seals it again (fbs.SealCheckpoint),
	// so that what it changed is what the decoder finds, not the checksum;
	// the cases named "unsealed" leave the old checksum.
	cases := []struct {
		name string
		mod  mod
		want string
		as   any // an error type the *fbs.Error must wrap
	}{
		{"identifier", func(t *testing.T, b []byte, _ *fb.Checkpoint) { copy(b[4:], "DSPF") }, `file identifier "DSPF", want "DSCK"`, nil},
		{"version", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.MutateVersion(fbs.CheckpointVersion + 1) },
			fmt.Sprintf("Checkpoint.version: checkpoint version %d, this build reads version %d: the run was checkpointed by a newer darwinsim", fbs.CheckpointVersion+1, fbs.CheckpointVersion), nil},
		{"older version", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.MutateVersion(fbs.CheckpointVersion - 1) },
			fmt.Sprintf("Checkpoint.version: checkpoint version %d, this build reads version %d: the run was checkpointed by an older darwinsim; finish it with the darwinsim build that wrote it (checkpoints are not migrated)", fbs.CheckpointVersion-1, fbs.CheckpointVersion), nil},
		{"unsealed", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.MutateGames(ct.Games() + 1) }, "Checkpoint.checksum: the file's SHA-256 is ", nil},
		{"unsealed checksum", func(t *testing.T, b []byte, ct *fb.Checkpoint) { b[where(b, ct.ChecksumBytes())+31] ^= 0x40 }, "Checkpoint.checksum: the file's SHA-256 is ", nil},
		{"no checksum", func(t *testing.T, b []byte, ct *fb.Checkpoint) { dropField(b, ct.Table(), 11) }, "Checkpoint.checksum: missing", nil},
		{"no run", func(t *testing.T, b []byte, ct *fb.Checkpoint) { dropField(b, ct.Table(), 10) }, "Checkpoint.run: missing", nil},
		{"short run", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			binary.LittleEndian.PutUint32(b[where(b, ct.RunBytes())-4:], 16)
		}, "Checkpoint.run: 16 bytes, want 32", nil},
		{"other run", func(t *testing.T, b []byte, ct *fb.Checkpoint) { b[where(b, ct.RunBytes())] ^= 1 },
			"Checkpoint.run: the run identity", nil},
		{"other configuration", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.Config(nil).MutateSeed(ct.Config(nil).Seed() + 1) },
			"is not that of the checkpoint's configuration", nil},
		{"no version", func(t *testing.T, b []byte, ct *fb.Checkpoint) { dropField(b, ct.Table(), 0) }, "checkpoint version 0", nil},
		{"no config", func(t *testing.T, b []byte, ct *fb.Checkpoint) { dropField(b, ct.Table(), 3) }, "Checkpoint.config: missing", nil},
		{"invalid config", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.Config(nil).MutateRetries(101) }, "Checkpoint.config: the configuration is not valid: retries must be between 1 and 100, got 101", nil},
		{"config count", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.Config(nil).MutateGames(1 << 63) }, "Checkpoint.config.games: 9223372036854775808 is more than this build can count", nil},
		{"no rates", func(t *testing.T, b []byte, ct *fb.Checkpoint) { dropField(b, ct.Config(nil).Table(), 7) }, "Checkpoint.config.rates: missing", nil},
		{"generation", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.MutateGeneration(3) }, "Checkpoint.generation: generation 3 is not within the run's 0..2", nil},
		{"history", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.MutateGeneration(1) }, "Checkpoint.history: 3 entries for generations 0..1", nil},
		{"history gen", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			var gs fb.GenStats
			ct.History(&gs, 2)
			gs.MutateGen(1)
		}, "Checkpoint.history[2].gen: generation 1 where 2 belongs", nil},
		{"population size", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.Config(nil).MutatePopulation(4) }, "Checkpoint.population: 3 individuals, the configuration says 4", nil},
		{"hash", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			ct.Population(&ind, 1)
			b[where(b, ind.HashBytes())+5] ^= 1
		}, "Checkpoint.population[1].hash: the genome's hash is", nil},
		{"short hash", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			ct.Population(&ind, 1)
			binary.LittleEndian.PutUint32(b[where(b, ind.HashBytes())-4:], 31)
		}, "Checkpoint.population[1].hash: 31 bytes, want 32", nil},
		{"no hash", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.Population(&ind, 0); dropField(b, ind.Table(), 1) }, "Checkpoint.population[0].hash: missing", nil},
		{"genome", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			ct.Population(&ind, 2)
			js := ind.GenomeJson()
			i := bytes.Index(js, []byte(`"schema"`))
			b[where(b, js)+i+6] = 'X'
		}, `Checkpoint.population[2].genome_json: the genome is not valid: $.schemX: unknown field "schemX"`, genome.Problems{}},
		{"no genome", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.Hall(&ind, 0); dropField(b, ind.Table(), 0) }, "genome_json: missing", nil},
		{"no score", func(t *testing.T, b []byte, ct *fb.Checkpoint) { ct.Population(&ind, 0); dropField(b, ind.Table(), 2) }, "Checkpoint.population[0].score: missing", nil},
		{"no metrics", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			ct.Population(&ind, 0)
			dropField(b, ind.Score(nil).Table(), 1)
		}, "Checkpoint.population[0].score.metrics: missing", nil},
		{"born", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			ct.Population(&ind, bornLater)
			ind.MutateBorn(5)
		}, fmt.Sprintf("Checkpoint.population[%d].born: born in generation 5, not within 0..2", bornLater), nil},
		{"op name", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			var o fb.OpStats
			ct.Ops(&o, 4)
			b[where(b, o.Name())] = 'Z'
		}, "Checkpoint.ops[4].name: unknown operator", nil},
		{"op count", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			var o fb.OpStats
			for i := range ct.OpsLength() {
				if ct.Ops(&o, i); o.Applied() > 0 {
					o.MutateApplied(math.MaxUint64)
					return
				}
			}
			t.Skip("no operator applied")
		}, ".applied: 18446744073709551615 is more than this build can count", nil},
		{"cache order", func(t *testing.T, b []byte, ct *fb.Checkpoint) {
			var c fb.CacheEntry
			ct.Cache(&c, 1)
			clear(b[where(b, c.HashBytes()) : where(b, c.HashBytes())+32])
		}, "Checkpoint.cache[1].hash: hash 000000000000 does not follow", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, ct := verified(t, buf)
			tc.mod(t, b, ct)
			if !strings.HasPrefix(tc.name, "unsealed") {
				_ = fbs.SealCheckpoint(b) // fails where the structure does not allow it, as the decoder will say
			}
			_, err := decode(t, b)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant %q", err, tc.want)
			}
			if fe := fbsError(t, err, len(b)); fe.Offset < 0 {
				t.Errorf("no offset in %v", err)
			}
			if tc.as != nil {
				target := reflect.New(reflect.TypeOf(tc.as))
				if !errors.As(err, target.Interface()) {
					t.Errorf("%v does not wrap a %T", err, tc.as)
				}
			}
		})
	}
}

// TestCheckpointTruncated: every truncation of a checkpoint file is an
// error, never a panic, except cutting off trailing padding, which reads
// the same values.
func TestCheckpointTruncated(t *testing.T) {
	_, recs := runRecorded(t, smallConfig())
	for _, r := range recs[:2] {
		for n := range len(r.buf) {
			cut := bytes.Clone(r.buf[:n])
			got, err := decode(t, cut)
			if err != nil {
				continue
			}
			if !allZero(r.buf[n:]) || diff(got, r.want) != "" {
				t.Fatalf("truncated to %d of %d bytes: no error", n, len(r.buf))
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

// TestCheckpointCorrupted: changing any byte of a checkpoint file, and
// sealing it again so that the checksum lets the change through to the
// decoder, gives an error or a checkpoint that encodes and decodes to
// itself, never a panic.
func TestCheckpointCorrupted(t *testing.T) {
	_, recs := runRecorded(t, smallConfig())
	buf := recs[1].buf
	flips := []byte{0x01, 0x80, 0xff}
	step := 1
	if testing.Short() {
		step = 7 // prime: the bytes tried fall at every offset within fields
	}
	tried, accepted := 0, 0
	for i := 0; i < len(buf); i += step {
		for k, x := range flips {
			if testing.Short() && k != i%len(flips) {
				continue // one flip per byte, in turn
			}
			b := bytes.Clone(buf)
			b[i] ^= x
			if fbs.SealCheckpoint(b) != nil {
				continue // the change broke the structure: TestCheckpointBitFlips tries it
			}
			tried++
			cp, err := decode(t, b)
			if err != nil {
				continue
			}
			accepted++
			checkReencodes(t, cp)
		}
	}
	t.Logf("%d of %d corrupted files decoded", accepted, tried)
}

// checkReencodes: a decoded checkpoint encodes, and decodes again to
// itself.
func checkReencodes(t testing.TB, cp *Checkpoint) {
	t.Helper()
	again, err := EncodeCheckpoint(cp)
	if err != nil {
		t.Fatalf("decoded a checkpoint that does not encode: %v", err)
	}
	cp2, err := decode(t, again)
	if err != nil {
		t.Fatalf("re-encoded checkpoint does not decode: %v", err)
	}
	if d := diff(cp2, cp); d != "" {
		t.Fatalf("re-encoded checkpoint differs: %s", d)
	}
}

func TestDecodeRecoverNet(t *testing.T) {
	saved := onDecodeRecover
	defer func() { onDecodeRecover = saved }()
	var caught any
	onDecodeRecover = func(v any, _ []byte) { caught = v }
	before := decodeRecovered.Load()
	err := func() (err error) {
		defer decodeGuard(&err)
		var s []int
		_ = s[3]
		return nil
	}()
	var fe *fbs.Error
	if !errors.As(err, &fe) || !strings.Contains(fe.Error(), "index out of range") {
		t.Fatalf("net gave %v", err)
	}
	if caught == nil || decodeRecovered.Load() != before+1 {
		t.Fatalf("hook not called or counter not bumped (caught %v)", caught)
	}
	decodeRecovered.Add(^uint64(0)) // undo, for the checks of other tests
}

// TestCheckpointFile: WriteCheckpointFile replaces the file whole and
// leaves no temporary file; ReadCheckpointFile names the file in errors.
func TestCheckpointFile(t *testing.T) {
	_, recs := runRecorded(t, smallConfig())
	dir := t.TempDir()
	path := filepath.Join(dir, "run.dsck")
	for _, r := range recs {
		if err := WriteCheckpointFile(path, r.want); err != nil {
			t.Fatal(err)
		}
		got, err := ReadCheckpointFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if d := diff(got, r.want); d != "" {
			t.Fatalf("generation %d: %s", r.want.Gen, d)
		}
		b, _ := os.ReadFile(path)
		if !bytes.Equal(b, r.buf) {
			t.Fatalf("generation %d: the file holds other bytes than EncodeCheckpoint", r.want.Gen)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only the checkpoint", len(entries))
	}
	bad := normalized(recs[0].want)
	bad.Gen = -1
	if err := WriteCheckpointFile(path, bad); err == nil {
		t.Error("wrote an invalid checkpoint")
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, recs[len(recs)-1].buf) {
		t.Error("a refused write changed the file")
	}
	if err := WriteCheckpointFile(filepath.Join(dir, "missing", "x.dsck"), recs[0].want); err == nil {
		t.Error("wrote into a directory that does not exist")
	}
	garbage := filepath.Join(dir, "garbage.dsck")
	os.WriteFile(garbage, []byte("not a checkpoint at all"), 0o644)
	_, err := ReadCheckpointFile(garbage)
	var fe *fbs.Error
	if err == nil || !strings.HasPrefix(err.Error(), garbage+": ") || !errors.As(err, &fe) {
		t.Errorf("reading garbage: %v", err)
	}
	if _, err := ReadCheckpointFile(filepath.Join(dir, "none.dsck")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("reading a missing file: %v", err)
	}
}

// ---------------------------------------------------------------------------
// flatc

// TestFlatcReadsCheckpoint: the reference compiler, Debian's flatc, reads
// a checkpoint file with fbs/checkpoint.fbs (`flatc --json --strict-json
// --raw-binary`), and finds what was written. Skipped when flatc is
// missing, except under CI=true.
func TestFlatcReadsCheckpoint(t *testing.T) {
	flatc, err := exec.LookPath("flatc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("flatc is not installed (Debian package flatbuffers-compiler): %v", err)
		}
		t.Skipf("flatc is not installed: %v", err)
	}
	_, recs := runRecorded(t, smallConfig())
	r := recs[len(recs)-1]
	cp := r.want
	dir := t.TempDir()
	in := filepath.Join(dir, "cp.dsck")
	if err := WriteCheckpointFile(in, cp); err != nil {
		t.Fatal(err)
	}
	schema, err := filepath.Abs(filepath.Join("..", "fbs", "checkpoint.fbs"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(flatc, "--json", "--strict-json", "--raw-binary", "-o", dir, schema, "--", in).CombinedOutput()
	if err != nil {
		t.Fatalf("flatc: %v\n%s", err, out)
	}
	js, err := os.ReadFile(filepath.Join(dir, "cp.json"))
	if err != nil {
		t.Fatalf("flatc wrote no JSON: %v\n%s", err, out)
	}
	// The JSON of the file as flatc reads it; flatc leaves out fields
	// equal to their default (0, empty), and prints doubles to 12
	// significant digits (the file itself holds their bits).
	type jsonScore struct {
		Fitness    float64
		Metrics    map[string]float64
		Degenerate string
		Games      uint64
	}
	type jsonInd struct {
		GenomeJSON string `json:"genome_json"`
		Hash       []byte
		Score      jsonScore
		Origin     string
		Born       int
	}
	var got struct {
		Version    int
		Generation int
		Games      uint64
		Config     map[string]any
		Population []jsonInd
		History    []struct {
			Gen         int
			Best        float64
			Evaluated   int
			Reevaluated int
			Games       uint64
			BestHash    string `json:"best_hash"`
			Filled      int
		}
		Hall []jsonInd
		Ops  []struct {
			Name     string
			Applied  int
			FirstTry int `json:"first_try"`
			Failed   int
		}
		Cache []struct {
			Hash  []int
			Score jsonScore
		}
	}
	// []byte fields are arrays of numbers in flatc's JSON: read hashes
	// through a copy with []int.
	var raw map[string]any
	if err := json.Unmarshal(js, &raw); err != nil {
		t.Fatalf("flatc JSON does not parse: %v\n%s", err, js)
	}
	fixHashes(raw)
	fixed, _ := json.Marshal(raw)
	if err := json.Unmarshal(fixed, &got); err != nil {
		t.Fatalf("flatc JSON does not have the expected shape: %v\n%s", err, js)
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if got != want && math.Abs(got-want) > 1e-11*math.Max(1, math.Abs(want)) {
			t.Errorf("%s: flatc reads %v, want %v", what, got, want)
		}
	}
	runID, _ := IdentifyRun(cp.Config)
	file, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := fbs.VerifyCheckpoint(file)
	if err != nil {
		t.Fatal(err)
	}
	sum := ct.ChecksumBytes()
	for _, f := range []struct {
		name string
		want []byte
	}{{"run", runID[:]}, {"checksum", sum}} {
		arr, _ := raw[f.name].([]any)
		b := make([]byte, len(arr))
		for i, v := range arr {
			x, _ := v.(float64)
			b[i] = byte(x)
		}
		if len(f.want) != 32 || !bytes.Equal(b, f.want) {
			t.Errorf("%s: flatc reads %x, want %x", f.name, b, f.want)
		}
	}
	if got.Version != fbs.CheckpointVersion || got.Generation != cp.Gen || got.Games != cp.Games {
		t.Errorf("root: version %d, generation %d, games %d; want %d, %d, %d", got.Version, got.Generation, got.Games, fbs.CheckpointVersion, cp.Gen, cp.Games)
	}
	cfg := cp.Config
	for key, want := range map[string]float64{"population": float64(cfg.Population), "generations": float64(cfg.Generations), "games": float64(cfg.Games),
		"skill_games": float64(cfg.SkillGames), "elite": float64(cfg.Elite), "tournament": float64(cfg.Tournament), "target_length": float64(cfg.TargetLength),
		"cap_budget": cfg.CapBudget, "sharing": cfg.Sharing, "hall_spacing": cfg.HallSpacing, "rescore": float64(cfg.Rescore), "retries": float64(cfg.Retries), "seed": float64(cfg.Seed)} {
		v, _ := got.Config[key].(float64)
		near("config."+key, v, want)
	}
	rates, _ := got.Config["rates"].(map[string]any)
	if v, _ := rates["crossover"].(float64); v != cfg.Rates.Crossover {
		near("config.rates.crossover", v, cfg.Rates.Crossover)
	}
	weights, _ := got.Config["weights"].(map[string]any)
	near("config.weights.completion", weights["completion"].(float64), cfg.Weights.Completion)
	checkInds := func(field string, got []jsonInd, want []*Individual) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: flatc reads %d individuals, want %d", field, len(got), len(want))
		}
		for i, w := range want {
			g := got[i]
			c := w.Genome.Clone()
			if c.Effects == nil {
				c.Effects = []genome.Effect{}
			}
			text, _ := c.Encode()
			if g.GenomeJSON != string(text) {
				t.Errorf("%s[%d].genome_json differs from the canonical genome's Encode", field, i)
			}
			if !bytes.Equal(g.Hash, w.Hash[:]) {
				t.Errorf("%s[%d].hash: %x, want %x", field, i, g.Hash, w.Hash)
			}
			if g.Origin != w.Origin || g.Born != w.Born || g.Score.Games != w.Score.Games || g.Score.Degenerate != w.Score.Degenerate {
				t.Errorf("%s[%d]: origin %q born %d games %d degenerate %q; want %q %d %d %q", field, i, g.Origin, g.Born, g.Score.Games, g.Score.Degenerate, w.Origin, w.Born, w.Score.Games, w.Score.Degenerate)
			}
			near(fmt.Sprintf("%s[%d].score.fitness", field, i), g.Score.Fitness, w.Score.Fitness)
			near(fmt.Sprintf("%s[%d].score.metrics.balance", field, i), g.Score.Metrics["balance"], w.Score.Metrics.Balance)
		}
	}
	checkInds("population", got.Population, cp.Population)
	checkInds("hall", got.Hall, cp.Hall)
	if len(got.History) != len(cp.History) {
		t.Fatalf("history: %d entries, want %d", len(got.History), len(cp.History))
	}
	for i, w := range cp.History {
		g := got.History[i]
		if g.Gen != w.Gen || g.Evaluated != w.Evaluated || g.Reevaluated != w.Reevaluated || g.Games != w.Games || g.BestHash != w.BestHash || g.Filled != w.Filled {
			t.Errorf("history[%d]: %+v, want %+v", i, g, w)
		}
		near(fmt.Sprintf("history[%d].best", i), g.Best, w.Best)
	}
	if len(got.Ops) != len(cp.Ops) {
		t.Fatalf("ops: %d entries, want %d", len(got.Ops), len(cp.Ops))
	}
	for i, w := range cp.Ops {
		if g := got.Ops[i]; g.Name != w.Name || g.Applied != w.Applied || g.FirstTry != w.FirstTry || g.Failed != w.Failed {
			t.Errorf("ops[%d]: %+v, want %+v", i, g, w)
		}
	}
	if len(got.Cache) != len(cp.Cache) {
		t.Fatalf("cache: %d entries, want %d", len(got.Cache), len(cp.Cache))
	}
	for i, w := range cp.Cache {
		g := got.Cache[i]
		h := make([]int, len(w.Hash))
		for j, x := range w.Hash {
			h[j] = int(x)
		}
		if !slices.Equal(g.Hash, h) || g.Score.Games != w.Score.Games {
			t.Errorf("cache[%d]: hash %v games %d, want %x %d", i, g.Hash, g.Score.Games, w.Hash, w.Score.Games)
		}
		near(fmt.Sprintf("cache[%d].score.fitness", i), g.Score.Fitness, w.Score.Fitness)
	}
}

// fixHashes turns the individuals' hash arrays (numbers) into base64
// strings, which is how encoding/json reads a []byte.
func fixHashes(root map[string]any) {
	for _, field := range []string{"population", "hall"} {
		inds, _ := root[field].([]any)
		for _, x := range inds {
			ind, _ := x.(map[string]any)
			arr, _ := ind["hash"].([]any)
			b := make([]byte, len(arr))
			for i, v := range arr {
				f, _ := v.(float64)
				b[i] = byte(f)
			}
			ind["hash"] = b
		}
	}
}
