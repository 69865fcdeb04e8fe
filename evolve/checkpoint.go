package evolve

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"unicode/utf8"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/atomicfile"
)

// Checkpoint files: a Checkpoint as a FlatBuffers file (fbs/checkpoint.fbs,
// root table Checkpoint, file identifier "DSCK"), which programs in other
// languages can read with flatc's generated code. Each of evolve's types
// has a table of its own that mirrors it field by field; what is not
// stored is Config.Workers (a resumed run chooses its own) and
// Individual.Code (Resume compiles the genome again). A genome is stored as
// the JSON genome.Genome.Encode writes for its canonical form, next to its
// hash. Floating-point values are stored as their IEEE 754 bits and read
// back bit for bit, -0 and NaN payloads included.
//
// An individual both in the population and in the hall of fame (one
// *Individual) is written once and read back as one *Individual; a genome
// that several individuals share is written, and parsed, once.

// Slots of the double fields the encoder writes itself (see putDouble);
// Rates, Weights and Metrics hold only doubles, in the order of their
// values (slot i is value i).
const (
	slotConfigCapBudget = 10
	slotConfigSharing   = 11
	slotScoreFitness    = 0
	slotGenStatsBest    = 1
	slotGenStatsMean    = 2
	slotGenStatsMedian  = 3
	slotGenStatsDiv     = 4
)

func (r Rates) values() []float64 {
	return []float64{r.AddEffect, r.RemoveEffect, r.MutateEffect, r.Structure, r.Crossover}
}

// putDouble stores x in the given slot of the table being built. The
// generated Add functions leave out a value equal to the default 0, and
// -0 == 0, so they would turn -0 into +0; this leaves out only +0.
func putDouble(b *flatbuffers.Builder, slot int, x float64) {
	if math.Float64bits(x) != 0 {
		b.PrependFloat64(x)
		b.Slot(slot)
	}
}

func putDoubles(b *flatbuffers.Builder, xs []float64) {
	for i, x := range xs {
		putDouble(b, i, x)
	}
}

// EncodeCheckpoint returns cp as a checkpoint file. It refuses, with an
// *fbs.Error naming the field, a checkpoint that DecodeCheckpoint would
// refuse (see there), so a file it writes always decodes to cp, with
// Config.Workers 0, the individuals' Code nil and their genomes in
// canonical form (as Individual.Genome always is).
func EncodeCheckpoint(cp *Checkpoint) ([]byte, error) {
	if cp == nil {
		return nil, errors.New("evolve: EncodeCheckpoint: nil checkpoint")
	}
	if err := checkCheckpoint(cp, nowhere); err != nil {
		return nil, err
	}
	e := &encoder{b: flatbuffers.NewBuilder(4096), inds: map[*Individual]flatbuffers.UOffsetT{}, genomes: map[genome.Hash]flatbuffers.UOffsetT{}}
	return e.checkpoint(cp)
}

type encoder struct {
	b       *flatbuffers.Builder
	inds    map[*Individual]flatbuffers.UOffsetT // tables written, by individual
	genomes map[genome.Hash]flatbuffers.UOffsetT // genome JSON strings written
}

func (e *encoder) checkpoint(cp *Checkpoint) ([]byte, error) {
	b := e.b
	cfg := e.config(&cp.Config)
	pop, err := e.vector(len(cp.Population), func(i int) (flatbuffers.UOffsetT, error) {
		return e.individual(cp.Population[i], fmt.Sprintf("Checkpoint.population[%d]", i))
	})
	if err != nil {
		return nil, err
	}
	hall, err := e.vector(len(cp.Hall), func(i int) (flatbuffers.UOffsetT, error) {
		return e.individual(cp.Hall[i], fmt.Sprintf("Checkpoint.hall[%d]", i))
	})
	if err != nil {
		return nil, err
	}
	history, err := e.vector(len(cp.History), func(i int) (flatbuffers.UOffsetT, error) {
		return e.genStats(&cp.History[i], fmt.Sprintf("Checkpoint.history[%d]", i))
	})
	if err != nil {
		return nil, err
	}
	ops, err := e.vector(len(cp.Ops), func(i int) (flatbuffers.UOffsetT, error) { return e.opStats(&cp.Ops[i]), nil })
	if err != nil {
		return nil, err
	}
	cache, err := e.vector(len(cp.Cache), func(i int) (flatbuffers.UOffsetT, error) {
		c := &cp.Cache[i]
		h := b.CreateByteVector(c.Hash[:])
		sc, err := e.score(&c.Score, fmt.Sprintf("Checkpoint.cache[%d].score", i))
		if err != nil {
			return 0, err
		}
		fb.CacheEntryStart(b)
		fb.CacheEntryAddHash(b, h)
		fb.CacheEntryAddScore(b, sc)
		return fb.CacheEntryEnd(b), nil
	})
	if err != nil {
		return nil, err
	}
	fb.CheckpointStart(b)
	fb.CheckpointAddVersion(b, fbs.CheckpointVersion)
	fb.CheckpointAddGeneration(b, uint32(cp.Gen))
	fb.CheckpointAddGames(b, cp.Games)
	fb.CheckpointAddConfig(b, cfg)
	fb.CheckpointAddPopulation(b, pop)
	fb.CheckpointAddHistory(b, history)
	fb.CheckpointAddHall(b, hall)
	fb.CheckpointAddOps(b, ops)
	fb.CheckpointAddCache(b, cache)
	b.FinishWithFileIdentifier(fb.CheckpointEnd(b), []byte(fbs.CheckpointIdentifier))
	return b.FinishedBytes(), nil
}

// vector writes the n tables elem returns, then the vector of their
// offsets, and returns its offset.
func (e *encoder) vector(n int, elem func(i int) (flatbuffers.UOffsetT, error)) (flatbuffers.UOffsetT, error) {
	offs := make([]flatbuffers.UOffsetT, n)
	for i := range n {
		off, err := elem(i)
		if err != nil {
			return 0, err
		}
		offs[i] = off
	}
	e.b.StartVector(4, n, 4)
	for i := n - 1; i >= 0; i-- {
		e.b.PrependUOffsetT(offs[i])
	}
	return e.b.EndVector(n), nil
}

// str writes s (once, however often it is written) and returns its
// offset, 0 for "" (left out: it reads back as ""). s must be UTF-8, as
// the verifier requires.
func (e *encoder) str(s, path string) (flatbuffers.UOffsetT, error) {
	if s == "" {
		return 0, nil
	}
	if !utf8.ValidString(s) {
		return 0, &fbs.Error{Offset: -1, Path: path, Reason: "not valid UTF-8"}
	}
	return e.b.CreateSharedString(s), nil
}

// config writes c, whose values checkCheckpoint found to fit the schema.
func (e *encoder) config(c *Config) flatbuffers.UOffsetT {
	b := e.b
	fb.RatesStart(b)
	putDoubles(b, c.Rates.values())
	rates := fb.RatesEnd(b)
	fb.WeightsStart(b)
	putDoubles(b, c.Weights.values())
	weights := fb.WeightsEnd(b)
	fb.ConfigStart(b)
	fb.ConfigAddPopulation(b, uint32(c.Population))
	fb.ConfigAddGenerations(b, uint32(c.Generations))
	fb.ConfigAddGames(b, uint64(c.Games))
	fb.ConfigAddSkillGames(b, uint64(c.SkillGames))
	fb.ConfigAddSeed(b, c.Seed)
	fb.ConfigAddElite(b, uint32(c.Elite))
	fb.ConfigAddTournament(b, uint32(c.Tournament))
	fb.ConfigAddRates(b, rates)
	fb.ConfigAddWeights(b, weights)
	fb.ConfigAddTargetTurns(b, uint64(c.TargetTurns))
	putDouble(b, slotConfigCapBudget, c.CapBudget)
	putDouble(b, slotConfigSharing, c.Sharing)
	fb.ConfigAddRescore(b, uint64(c.Rescore))
	fb.ConfigAddRetries(b, uint32(c.Retries))
	return fb.ConfigEnd(b)
}

func (e *encoder) score(s *Score, path string) (flatbuffers.UOffsetT, error) {
	b := e.b
	degenerate, err := e.str(s.Degenerate, path+".degenerate")
	if err != nil {
		return 0, err
	}
	fb.MetricsStart(b)
	putDoubles(b, s.Metrics.values())
	metrics := fb.MetricsEnd(b)
	fb.ScoreStart(b)
	putDouble(b, slotScoreFitness, s.Fitness)
	fb.ScoreAddMetrics(b, metrics)
	if degenerate != 0 {
		fb.ScoreAddDegenerate(b, degenerate)
	}
	fb.ScoreAddGames(b, s.Games)
	return fb.ScoreEnd(b), nil
}

// individual writes ind (once, however often it is listed). Its genome
// must be valid and have the hash ind says.
func (e *encoder) individual(ind *Individual, path string) (flatbuffers.UOffsetT, error) {
	if off, ok := e.inds[ind]; ok {
		return off, nil
	}
	b := e.b
	if err := ind.Genome.Validate(); err != nil {
		return 0, &fbs.Error{Offset: -1, Path: path + ".genome_json", Reason: "the genome is not valid: " + err.Error(), Err: err}
	}
	c := ind.Genome.Canonical()
	if h := c.Hash(); h != ind.Hash {
		return 0, &fbs.Error{Offset: -1, Path: path + ".hash", Reason: fmt.Sprintf("the genome's hash is %x, the individual says %x", h[:], ind.Hash[:])}
	}
	js, ok := e.genomes[ind.Hash]
	if !ok {
		// The canonical form has nil Effects when there are none, which
		// Encode writes as "effects": null and genome.Parse refuses: write
		// [] instead (parsed and made canonical, it is nil again).
		if c.Effects == nil {
			c.Effects = []genome.Effect{}
		}
		text, err := c.Encode()
		if err != nil {
			return 0, &fbs.Error{Offset: -1, Path: path + ".genome_json", Reason: "encoding the genome: " + err.Error(), Err: err}
		}
		js = b.CreateByteString(text)
		e.genomes[ind.Hash] = js
	}
	hash := b.CreateByteVector(ind.Hash[:])
	score, err := e.score(&ind.Score, path+".score")
	if err != nil {
		return 0, err
	}
	origin, err := e.str(ind.Origin, path+".origin")
	if err != nil {
		return 0, err
	}
	fb.IndividualStart(b)
	fb.IndividualAddGenomeJson(b, js)
	fb.IndividualAddHash(b, hash)
	fb.IndividualAddScore(b, score)
	if origin != 0 {
		fb.IndividualAddOrigin(b, origin)
	}
	fb.IndividualAddBorn(b, uint32(ind.Born))
	off := fb.IndividualEnd(b)
	e.inds[ind] = off
	return off, nil
}

func (e *encoder) genStats(g *GenStats, path string) (flatbuffers.UOffsetT, error) {
	b := e.b
	best, err := e.str(g.BestHash, path+".best_hash")
	if err != nil {
		return 0, err
	}
	fb.GenStatsStart(b)
	fb.GenStatsAddGen(b, uint32(g.Gen))
	putDouble(b, slotGenStatsBest, g.Best)
	putDouble(b, slotGenStatsMean, g.Mean)
	putDouble(b, slotGenStatsMedian, g.Median)
	putDouble(b, slotGenStatsDiv, g.Diversity)
	fb.GenStatsAddEvaluated(b, uint32(g.Evaluated))
	fb.GenStatsAddCached(b, uint32(g.Cached))
	fb.GenStatsAddGames(b, g.Games)
	if best != 0 {
		fb.GenStatsAddBestHash(b, best)
	}
	return fb.GenStatsEnd(b), nil
}

func (e *encoder) opStats(o *OpStats) flatbuffers.UOffsetT {
	b := e.b
	name := b.CreateSharedString(o.Name)
	fb.OpStatsStart(b)
	fb.OpStatsAddName(b, name)
	fb.OpStatsAddApplied(b, uint64(o.Applied))
	fb.OpStatsAddFirstTry(b, uint64(o.FirstTry))
	fb.OpStatsAddFailed(b, uint64(o.Failed))
	return fb.OpStatsEnd(b)
}

// ---------------------------------------------------------------------------
// Checks shared by the encoder and the decoder

// locator gives the byte offset in the file of a root field (i < 0) or of
// element i of a root vector field, for error messages; nowhere is the
// encoder's, which has no file yet.
type locator func(field string, i int) int

func nowhere(string, int) int { return -1 }

func errAt(loc locator, field string, i int, path, format string, args ...any) *fbs.Error {
	return &fbs.Error{Offset: loc(field, i), Path: path, Reason: fmt.Sprintf(format, args...)}
}

// checkCheckpoint checks what a checkpoint must be for Resume to continue
// it, whether it is about to be written or was just read: the
// configuration validates (Workers aside) and fits the file; the
// generation is at most the configured number; the history has one entry
// per generation so far, in order; the population has the configured size,
// of distinct individuals each with a genome and born no later than this
// generation, as are those of the hall of fame; the operators are known,
// each listed once; the cache is in increasing hash order; and every count
// fits the file's integers. Its work is linear in the number of entries
// (a file may list one large individual many times). The encoder checks,
// as it writes them, that strings are UTF-8 and genomes valid with their
// hash; the decoder, as it reads them.
func checkCheckpoint(cp *Checkpoint, loc locator) error {
	const p = "Checkpoint."
	cfg := cp.Config
	cfg.Workers = 0
	if err := cfg.Validate(); err != nil {
		return &fbs.Error{Offset: loc("config", -1), Path: p + "config", Reason: "the configuration is not valid: " + err.Error(), Err: err}
	}
	if cp.Gen < 0 || cp.Gen > cfg.Generations {
		return errAt(loc, "generation", -1, p+"generation", "generation %d is not within the run's 0..%d", cp.Gen, cfg.Generations)
	}
	if len(cp.History) != cp.Gen+1 {
		return errAt(loc, "history", -1, p+"history", "%d entries for generations 0..%d", len(cp.History), cp.Gen)
	}
	for i, g := range cp.History {
		path := func() string { return fmt.Sprintf("%shistory[%d]", p, i) }
		if g.Gen != i {
			return errAt(loc, "history", i, path()+".gen", "generation %d where %d belongs", g.Gen, i)
		}
		for _, n := range []struct {
			name string
			v    int
		}{{"evaluated", g.Evaluated}, {"cached", g.Cached}} {
			if n.v < 0 || n.v > math.MaxUint32 {
				return errAt(loc, "history", i, path()+"."+n.name, "%d is not within 0..%d", n.v, uint32(math.MaxUint32))
			}
		}
	}
	if len(cp.Population) != cfg.Population {
		return errAt(loc, "population", -1, p+"population", "%d individuals, the configuration says %d", len(cp.Population), cfg.Population)
	}
	seen := make(map[genome.Hash]bool, len(cp.Population))
	for _, v := range []struct {
		field string
		inds  []*Individual
	}{{"population", cp.Population}, {"hall", cp.Hall}} {
		for i, ind := range v.inds {
			path := func() string { return fmt.Sprintf("%s%s[%d]", p, v.field, i) }
			switch {
			case ind == nil:
				return errAt(loc, v.field, i, path(), "missing")
			case ind.Genome == nil:
				return errAt(loc, v.field, i, path()+".genome_json", "missing")
			case ind.Born < 0 || ind.Born > cp.Gen:
				return errAt(loc, v.field, i, path()+".born", "born in generation %d, not within 0..%d", ind.Born, cp.Gen)
			}
			if v.field == "population" {
				if seen[ind.Hash] {
					return errAt(loc, v.field, i, path()+".hash", "genome %x is in the population twice", ind.Hash[:6])
				}
				seen[ind.Hash] = true
			}
		}
	}
	known := OperatorNames()
	if len(cp.Ops) > len(known) {
		return errAt(loc, "ops", -1, p+"ops", "%d operators, there are %d", len(cp.Ops), len(known))
	}
	listed := map[string]bool{}
	for i, o := range cp.Ops {
		path := func() string { return fmt.Sprintf("%sops[%d]", p, i) }
		switch {
		case !slices.Contains(known, o.Name):
			return errAt(loc, "ops", i, path()+".name", "unknown operator %q", o.Name)
		case listed[o.Name]:
			return errAt(loc, "ops", i, path()+".name", "operator %q listed twice", o.Name)
		case o.Applied < 0 || o.FirstTry < 0 || o.Failed < 0:
			return errAt(loc, "ops", i, path(), "negative count (applied %d, first try %d, failed %d)", o.Applied, o.FirstTry, o.Failed)
		}
		listed[o.Name] = true
	}
	for i := range cp.Cache {
		c := &cp.Cache[i]
		path := func() string { return fmt.Sprintf("%scache[%d]", p, i) }
		if i > 0 && bytes.Compare(cp.Cache[i-1].Hash[:], c.Hash[:]) >= 0 {
			return errAt(loc, "cache", i, path()+".hash", "hash %x does not follow %x (the cache is in increasing hash order, each hash once)", c.Hash[:6], cp.Cache[i-1].Hash[:6])
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Decoding

// The last net, as in package fbs: decoding reads only a verified buffer,
// so a panic while decoding is a bug of this file. It becomes an error,
// counted and reported to onDecodeRecover, which the tests set so that they
// fail when the net catches anything.
var (
	decodeRecovered atomic.Uint64
	onDecodeRecover func(v any, stack []byte)
)

func decodeGuard(err *error) {
	r := recover()
	if r == nil {
		return
	}
	decodeRecovered.Add(1)
	if h := onDecodeRecover; h != nil {
		h(r, debug.Stack())
	}
	*err = &fbs.Error{Offset: -1, Path: "Checkpoint", Reason: fmt.Sprintf("internal error while decoding the checkpoint (a bug in package evolve): %v", r)}
}

// DecodeCheckpoint reads a checkpoint file. It verifies the whole buffer
// (fbs.VerifyCheckpoint: structure, identifier, version), then maps each
// table to evolve's types and checks them: every genome parses
// (genome.Parse) and has the stored hash; the configuration validates;
// integers fit; operator names are those of OperatorNames; and the rest
// of what checkCheckpoint requires. Every problem is an *fbs.Error with
// the byte offset and the field ("Checkpoint.population[3].genome_json"),
// wrapping the error of another package (genome.Problems, ...) when there
// is one. Config.Workers is 0 and every Individual.Code is nil (Resume
// compiles them). The result shares no memory with buf.
func DecodeCheckpoint(buf []byte) (cp *Checkpoint, err error) {
	defer decodeGuard(&err)
	t, err := fbs.VerifyCheckpoint(buf)
	if err != nil {
		return nil, err
	}
	d := &decoder{
		buf:     buf,
		strs:    map[int]string{},
		genomes: map[int]parsedGenome{},
		inds:    map[flatbuffers.UOffsetT]*Individual{},
		scores:  map[flatbuffers.UOffsetT]Score{},
		elems:   map[string][]int{},
	}
	return d.checkpoint(t)
}

type decoder struct {
	buf []byte
	// Memos by position in buf, so that objects several offsets lead to
	// are decoded (and strings copied, genomes parsed) once: decoding
	// stays linear in the buffer whatever it holds.
	strs    map[int]string
	genomes map[int]parsedGenome
	inds    map[flatbuffers.UOffsetT]*Individual
	scores  map[flatbuffers.UOffsetT]Score
	// Positions of the root table, the config table and the elements of
	// the root's vectors, by field name, for error messages.
	root, config int
	elems        map[string][]int
}

type parsedGenome struct {
	g *genome.Genome
	h genome.Hash
}

// pos returns where b, a slice of buf that a generated accessor returned,
// starts in buf.
func (d *decoder) pos(b []byte) int { return cap(d.buf) - cap(b) }

// str copies the string s (from an accessor; nil when absent) out of the
// buffer, once per string.
func (d *decoder) str(s []byte) string {
	if len(s) == 0 {
		return ""
	}
	at := d.pos(s)
	if v, ok := d.strs[at]; ok {
		return v
	}
	v := string(s)
	d.strs[at] = v
	return v
}

// locate is the decoder's locator: the element's table, the config
// table, or else the root table.
func (d *decoder) locate(field string, i int) int {
	switch {
	case i >= 0 && i < len(d.elems[field]):
		return d.elems[field][i]
	case field == "config":
		return d.config
	}
	return d.root
}

func tablePos(t flatbuffers.Table) int { return int(t.Pos) }

func (d *decoder) count(v uint64, at int, path string) (int, error) {
	if v > math.MaxInt {
		return 0, &fbs.Error{Offset: at, Path: path, Reason: fmt.Sprintf("%d is more than this build can count", v)}
	}
	return int(v), nil
}

func (d *decoder) checkpoint(t *fb.Checkpoint) (*Checkpoint, error) {
	const p = "Checkpoint."
	root := tablePos(t.Table())
	d.root, d.config = root, root
	cp := &Checkpoint{Gen: int(t.Generation()), Games: t.Games()}

	ct := t.Config(nil)
	if ct == nil {
		return nil, &fbs.Error{Offset: root, Path: p + "config", Reason: "missing"}
	}
	d.config = tablePos(ct.Table())
	if err := d.readConfig(ct, &cp.Config); err != nil {
		return nil, err
	}
	if cp.Gen > cp.Config.Generations {
		return nil, &fbs.Error{Offset: root, Path: p + "generation", Reason: fmt.Sprintf("generation %d is not within the run's 0..%d", cp.Gen, cp.Config.Generations)}
	}

	// Lengths first: nothing is decoded for a vector of the wrong size.
	if n := t.HistoryLength(); n != cp.Gen+1 {
		return nil, &fbs.Error{Offset: root, Path: p + "history", Reason: fmt.Sprintf("%d entries for generations 0..%d", n, cp.Gen)}
	}
	if n := t.PopulationLength(); n != cp.Config.Population {
		return nil, &fbs.Error{Offset: root, Path: p + "population", Reason: fmt.Sprintf("%d individuals, the configuration says %d", n, cp.Config.Population)}
	}
	if n, max := t.OpsLength(), len(OperatorNames()); n > max {
		return nil, &fbs.Error{Offset: root, Path: p + "ops", Reason: fmt.Sprintf("%d operators, there are %d", n, max)}
	}

	var gs fb.GenStats
	for i := range t.HistoryLength() {
		t.History(&gs, i)
		d.element("history", gs.Table())
		g := GenStats{
			Gen:       int(gs.Gen()),
			Best:      gs.Best(),
			Mean:      gs.Mean(),
			Median:    gs.Median(),
			Diversity: gs.Diversity(),
			Evaluated: int(gs.Evaluated()),
			Cached:    int(gs.Cached()),
			Games:     gs.Games(),
			BestHash:  d.str(gs.BestHash()),
		}
		cp.History = append(cp.History, g)
	}

	var err error
	if cp.Population, err = d.individuals("population", t.PopulationLength(), t.Population); err != nil {
		return nil, err
	}
	if cp.Hall, err = d.individuals("hall", t.HallLength(), t.Hall); err != nil {
		return nil, err
	}

	var ot fb.OpStats
	for i := range t.OpsLength() {
		t.Ops(&ot, i)
		at := d.element("ops", ot.Table())
		path := fmt.Sprintf("%sops[%d]", p, i)
		o := OpStats{Name: d.str(ot.Name())}
		for _, c := range []struct {
			name string
			v    uint64
			dst  *int
		}{{"applied", ot.Applied(), &o.Applied}, {"first_try", ot.FirstTry(), &o.FirstTry}, {"failed", ot.Failed(), &o.Failed}} {
			if *c.dst, err = d.count(c.v, at, path+"."+c.name); err != nil {
				return nil, err
			}
		}
		cp.Ops = append(cp.Ops, o)
	}

	var ce fb.CacheEntry
	if n := t.CacheLength(); n > 0 {
		cp.Cache = make([]CacheEntry, n)
	}
	for i := range t.CacheLength() {
		t.Cache(&ce, i)
		at := d.element("cache", ce.Table())
		path := fmt.Sprintf("%scache[%d]", p, i)
		c := &cp.Cache[i]
		if err := d.hash(ce.HashBytes(), at, path+".hash", &c.Hash); err != nil {
			return nil, err
		}
		if c.Score, err = d.score(ce.Score(nil), at, path+".score"); err != nil {
			return nil, err
		}
	}

	if err := checkCheckpoint(cp, d.locate); err != nil {
		return nil, err
	}
	return cp, nil
}

// element records the position of the next element of a root vector and
// returns it.
func (d *decoder) element(field string, t flatbuffers.Table) int {
	d.elems[field] = append(d.elems[field], tablePos(t))
	return tablePos(t)
}

func (d *decoder) readConfig(t *fb.Config, c *Config) error {
	const p = "Checkpoint.config."
	at := tablePos(t.Table())
	var err error
	c.Population = int(t.Population())
	c.Generations = int(t.Generations())
	c.Seed = t.Seed()
	c.Elite = int(t.Elite())
	c.Tournament = int(t.Tournament())
	c.CapBudget = t.CapBudget()
	c.Sharing = t.Sharing()
	c.Retries = int(t.Retries())
	for _, f := range []struct {
		name string
		v    uint64
		dst  *int
	}{{"games", t.Games(), &c.Games}, {"skill_games", t.SkillGames(), &c.SkillGames}, {"target_turns", t.TargetTurns(), &c.TargetTurns}, {"rescore", t.Rescore(), &c.Rescore}} {
		if *f.dst, err = d.count(f.v, at, p+f.name); err != nil {
			return err
		}
	}
	r := t.Rates(nil)
	if r == nil {
		return &fbs.Error{Offset: at, Path: p + "rates", Reason: "missing"}
	}
	c.Rates = Rates{AddEffect: r.AddEffect(), RemoveEffect: r.RemoveEffect(), MutateEffect: r.MutateEffect(), Structure: r.Structure(), Crossover: r.Crossover()}
	w := t.Weights(nil)
	if w == nil {
		return &fbs.Error{Offset: at, Path: p + "weights", Reason: "missing"}
	}
	c.Weights = Weights{Completion: w.Completion(), Balance: w.Balance(), Decisions: w.Decisions(), LeadChanges: w.LeadChanges(),
		Interaction: w.Interaction(), Length: w.Length(), Skill: w.Skill(), Simplicity: w.Simplicity(), Effects: w.Effects()}
	// Validate now, so that the lengths checked against the configuration
	// are checked against a valid one.
	if err := c.Validate(); err != nil {
		return &fbs.Error{Offset: at, Path: "Checkpoint.config", Reason: "the configuration is not valid: " + err.Error(), Err: err}
	}
	return nil
}

func (d *decoder) hash(b []byte, at int, path string, dst *genome.Hash) error {
	if b == nil {
		return &fbs.Error{Offset: at, Path: path, Reason: "missing"}
	}
	if len(b) != len(dst) {
		return &fbs.Error{Offset: d.pos(b), Path: path, Reason: fmt.Sprintf("%d bytes, want %d", len(b), len(dst))}
	}
	copy(dst[:], b)
	return nil
}

func (d *decoder) score(t *fb.Score, at int, path string) (Score, error) {
	if t == nil {
		return Score{}, &fbs.Error{Offset: at, Path: path, Reason: "missing"}
	}
	if s, ok := d.scores[t.Table().Pos]; ok {
		return s, nil
	}
	m := t.Metrics(nil)
	if m == nil {
		return Score{}, &fbs.Error{Offset: tablePos(t.Table()), Path: path + ".metrics", Reason: "missing"}
	}
	s := Score{
		Fitness: t.Fitness(),
		Metrics: Metrics{Completion: m.Completion(), Balance: m.Balance(), Decisions: m.Decisions(), LeadChanges: m.LeadChanges(),
			Interaction: m.Interaction(), Length: m.Length(), Skill: m.Skill(), Simplicity: m.Simplicity(), Effects: m.Effects()},
		Degenerate: d.str(t.Degenerate()),
		Games:      t.Games(),
	}
	d.scores[t.Table().Pos] = s
	return s, nil
}

// individuals decodes the n individuals of the root vector field, which
// get returns.
func (d *decoder) individuals(field string, n int, get func(*fb.Individual, int) bool) ([]*Individual, error) {
	var out []*Individual
	var it fb.Individual
	for i := range n {
		get(&it, i)
		d.element(field, it.Table())
		ind, err := d.individual(&it, fmt.Sprintf("Checkpoint.%s[%d]", field, i))
		if err != nil {
			return nil, err
		}
		out = append(out, ind)
	}
	return out, nil
}

// individual decodes one individual (once per table: an individual both in
// the population and the hall of fame is one *Individual, as it was).
func (d *decoder) individual(t *fb.Individual, path string) (*Individual, error) {
	pos := t.Table().Pos
	if ind, ok := d.inds[pos]; ok {
		return ind, nil
	}
	at := int(pos)
	ind := &Individual{Origin: d.str(t.Origin()), Born: int(t.Born())}
	if err := d.hash(t.HashBytes(), at, path+".hash", &ind.Hash); err != nil {
		return nil, err
	}
	js := t.GenomeJson()
	if js == nil {
		return nil, &fbs.Error{Offset: at, Path: path + ".genome_json", Reason: "missing"}
	}
	pg, ok := d.genomes[d.pos(js)]
	if !ok {
		g, err := genome.Parse(js)
		if err != nil {
			return nil, &fbs.Error{Offset: d.pos(js), Path: path + ".genome_json", Reason: "the genome is not valid: " + err.Error(), Err: err}
		}
		pg.g = g.Canonical()
		pg.h = pg.g.Hash()
		d.genomes[d.pos(js)] = pg
	}
	if pg.h != ind.Hash {
		return nil, &fbs.Error{Offset: d.pos(t.HashBytes()), Path: path + ".hash", Reason: fmt.Sprintf("the genome's hash is %x, the file says %x", pg.h[:], ind.Hash[:])}
	}
	ind.Genome = pg.g
	var err error
	if ind.Score, err = d.score(t.Score(nil), at, path+".score"); err != nil {
		return nil, err
	}
	d.inds[pos] = ind
	return ind, nil
}

// ---------------------------------------------------------------------------
// Files

// WriteCheckpointFile writes cp (EncodeCheckpoint) to path atomically: to
// a temporary file in the same directory, synced to disk, then renamed over
// path (and the directory synced), so that path holds either the previous
// checkpoint or the new one, whole, even if the machine stops midway.
func WriteCheckpointFile(path string, cp *Checkpoint) error {
	buf, err := EncodeCheckpoint(cp)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, buf)
}

// ReadCheckpointFile reads and decodes (DecodeCheckpoint) the checkpoint
// file at path. A decoding error is an *fbs.Error wrapped with the path.
func ReadCheckpointFile(path string) (*Checkpoint, error) {
	buf, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cp, err := DecodeCheckpoint(buf)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cp, nil
}
