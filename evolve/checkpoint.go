package evolve

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/fbs"
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
// Every file carries the run's identity (RunID: the SHA-256 of the run
// directory's config.json, which is ConfigJSON of the checkpoint's
// configuration) and a checksum, the SHA-256 of the whole file with the
// checksum's own 32 bytes taken as zeros (fbs.CheckpointChecksum), written
// last (fbs.SealCheckpoint). A file changed after it was written, even by
// one bit, is refused, and a checkpoint is resumed only in its own run's
// directory (OpenRunDir). Checkpoints are never migrated: a file of
// another format version (fbs.CheckpointVersion) is refused, with both
// versions and what to do; a run is finished by the darwinsim build that
// wrote its checkpoint.
//
// An individual both in the population and in the hall of fame (one
// *Individual) is written once and read back as one *Individual; a genome
// that several individuals share is written, and parsed, once.
//
// This file holds the entry points and the checks the encoder and the
// decoder share; checkpoint_encode.go writes the tables, checkpoint_decode.go
// reads them.

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

// DecodeCheckpoint reads a checkpoint file. It verifies the whole buffer
// (fbs.VerifyCheckpoint: structure, identifier, version, checksum), then
// maps each table to evolve's types and checks them: every genome parses
// (genome.Parse) and has the stored hash; the configuration validates;
// integers fit; operator names are those of OperatorNames; the rest of
// what checkCheckpoint requires; and, last, the run identity is that of
// the configuration (IdentifyRun). Every problem is an *fbs.Error with
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
		}{{"evaluated", g.Evaluated}, {"reevaluated", g.Reevaluated}, {"filled", g.Filled}, {"coverage", g.Coverage}} {
			if n.v < 0 || n.v > math.MaxUint32 {
				return errAt(loc, "history", i, path()+"."+n.name, "%d is not within 0..%d", n.v, uint32(math.MaxUint32))
			}
		}
	}
	if !populationFits(len(cp.Population), &cfg) {
		return errAt(loc, "population", -1, p+"population", "%s", populationProblem(len(cp.Population), &cfg))
	}
	seen := make(map[genome.Hash]bool, len(cp.Population))
	for _, v := range []struct {
		field string
		inds  []*Individual
	}{{"population", cp.Population}, {"hall", cp.Hall}, {"archive", cp.Archive}} {
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
	if err := checkArchive(cp, loc); err != nil {
		return err
	}
	if err := checkIsland(cp, loc); err != nil {
		return err
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
	for i, l := range cp.Lineage {
		path := func() string { return fmt.Sprintf("%slineage[%d]", p, i) }
		switch {
		case l.Gen < 1 || l.Gen > cp.Gen:
			return errAt(loc, "lineage", i, path()+".generation", "generation %d is not within 1..%d", l.Gen, cp.Gen)
		case i > 0 && l.Gen < cp.Lineage[i-1].Gen:
			return errAt(loc, "lineage", i, path()+".generation", "generation %d after %d (the lineage is in breeding order)", l.Gen, cp.Lineage[i-1].Gen)
		case len(l.Parents) < 1 || len(l.Parents) > 2:
			return errAt(loc, "lineage", i, path()+".parents", "%d parents, want 1 or 2", len(l.Parents))
		}
		for _, op := range l.Operators {
			if !slices.Contains(known, op) {
				return errAt(loc, "lineage", i, path()+".operators", "unknown operator %q", op)
			}
		}
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

// populationFits reports whether a checkpoint's population of n fits the
// configuration: the population's size in a genetic run; a MAP-Elites
// batch holds 1 to that many (breeding can stop short of it).
func populationFits(n int, cfg *Config) bool {
	if cfg.Search == SearchMapElites {
		return n >= 1 && n <= cfg.Population
	}
	return n == cfg.Population
}

func populationProblem(n int, cfg *Config) string {
	if cfg.Search == SearchMapElites {
		return fmt.Sprintf("a batch of %d children, the configuration says 1 to %d", n, cfg.Population)
	}
	return fmt.Sprintf("%d individuals, the configuration says %d", n, cfg.Population)
}

// checkArchive checks a checkpoint's archive: empty in a genetic run; in a
// MAP-Elites run not empty (generation 0 fills cells), with no hall of
// fame, and its elites in increasing cell order, each in the cell that
// CellOf puts it in, no genome twice.
func checkArchive(cp *Checkpoint, loc locator) error {
	const p = "Checkpoint."
	if cp.Config.Search != SearchMapElites {
		if len(cp.Archive) > 0 {
			return errAt(loc, "archive", -1, p+"archive", "%d elites in a run of the genetic loop, which has no archive", len(cp.Archive))
		}
		return nil
	}
	if len(cp.Archive) == 0 {
		return errAt(loc, "archive", -1, p+"archive", "empty; a MAP-Elites run's archive holds the games of generation 0 at least")
	}
	if len(cp.Hall) > 0 {
		return errAt(loc, "hall", -1, p+"hall", "%d games; a MAP-Elites run keeps its archive and makes its hall of fame when it ends", len(cp.Hall))
	}
	seen := map[genome.Hash]bool{}
	prev := -1
	for i, ind := range cp.Archive {
		path := fmt.Sprintf("%sarchive[%d]", p, i)
		c := CellOf(Describe(ind))
		switch {
		case c <= prev:
			return errAt(loc, "archive", i, path, "in cell %d (%s) after an elite of cell %d (elites are in increasing cell order, one per cell)", c, CellName(c), prev)
		case seen[ind.Hash]:
			return errAt(loc, "archive", i, path+".hash", "genome %x is in the archive twice", ind.Hash[:6])
		}
		seen[ind.Hash] = true
		prev = c
	}
	return nil
}

// checkIsland checks a checkpoint's island fields: in a run of islands,
// an index below their number and the fitnesses of every generation so
// far, a population's of each, in increasing order; in a plain run,
// neither.
func checkIsland(cp *Checkpoint, loc locator) error {
	const p = "Checkpoint."
	n := cp.Config.Islands
	if n <= 1 {
		switch {
		case cp.Island != 0:
			return errAt(loc, "island", -1, p+"island", "island %d of a run of one population", cp.Island)
		case len(cp.Fits) > 0:
			return errAt(loc, "fits", -1, p+"fits", "%d generations of fitnesses in a run of one population, which keeps none", len(cp.Fits))
		}
		return nil
	}
	if cp.Island < 0 || cp.Island >= n {
		return errAt(loc, "island", -1, p+"island", "island %d of a run of %d islands (0..%d)", cp.Island, n, n-1)
	}
	if len(cp.Fits) != cp.Gen+1 {
		return errAt(loc, "fits", -1, p+"fits", "fitnesses of %d generations for generations 0..%d", len(cp.Fits), cp.Gen)
	}
	for g, f := range cp.Fits {
		switch {
		case len(f) != cp.Config.Population:
			return errAt(loc, "fits", -1, p+"fits", "generation %d has %d fitnesses, the population is %d", g, len(f), cp.Config.Population)
		case !slices.IsSorted(f):
			return errAt(loc, "fits", -1, p+"fits", "generation %d's fitnesses are not in increasing order", g)
		}
	}
	return nil
}

// checkpoint snapshots the run after generation gen.
func (e *engine) checkpoint(pop []*Individual, gen int, history []GenStats) *Checkpoint {
	// The checkpoint is a snapshot: the run goes on to re-score and re-sort
	// its individuals in place, so it gets copies (one per individual, an
	// individual both in the population and the hall staying one).
	copies := map[*Individual]*Individual{}
	snap := func(xs []*Individual) []*Individual {
		out := make([]*Individual, len(xs))
		for i, x := range xs {
			c, ok := copies[x]
			if !ok {
				v := *x
				c = &v
				copies[x] = c
			}
			out[i] = c
		}
		return out
	}
	cp := &Checkpoint{Config: e.cfg, Gen: gen, Population: snap(pop), History: slices.Clone(history), Hall: snap(e.hall), Games: e.games, Lineage: slices.Clone(e.lineage)}
	if e.cfg.Search == SearchMapElites {
		cp.Archive = snap(e.archive.Elites())
	}
	for _, n := range OperatorNames() {
		cp.Ops = append(cp.Ops, *e.ops[n])
	}
	for h, sc := range e.cache {
		cp.Cache = append(cp.Cache, CacheEntry{h, sc})
	}
	slices.SortFunc(cp.Cache, func(a, b CacheEntry) int { return bytes.Compare(a.Hash[:], b.Hash[:]) })
	if gen == 0 {
		cp.Starts = e.starts
	}
	return cp
}

// restore makes the engine of cfg that continues from cp: its cache,
// operator counts, hall of fame, games and lineage, the population's and
// the archive's bytecode, and the population's shared fitness.
func restore(cfg Config, cp *Checkpoint) (*engine, error) {
	e := newEngine(cfg)
	for _, c := range cp.Cache {
		e.cache[c.Hash] = c.Score
	}
	for _, o := range cp.Ops {
		st, ok := e.ops[o.Name]
		if !ok {
			return nil, fmt.Errorf("checkpoint: unknown operator %q", o.Name)
		}
		*st = o
	}
	e.hall = slices.Clone(cp.Hall)
	e.games = cp.Games
	e.lineage = slices.Clone(cp.Lineage)
	for _, ind := range slices.Concat(cp.Population, cp.Archive) {
		if ind.Code == nil {
			code, err := compile.Compile(ind.Genome)
			if err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
			ind.Code = code
		}
	}
	e.share(cp.Population)
	return e, nil
}
