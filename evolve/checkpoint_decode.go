package evolve

import (
	"fmt"
	"math"
	"runtime/debug"
	"strings"
	"sync/atomic"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/genome"
)

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
	if n := t.PopulationLength(); !populationFits(n, &cp.Config) {
		return nil, &fbs.Error{Offset: root, Path: p + "population", Reason: populationProblem(n, &cp.Config)}
	}
	if n, max := t.OpsLength(), len(OperatorNames()); n > max {
		return nil, &fbs.Error{Offset: root, Path: p + "ops", Reason: fmt.Sprintf("%d operators, there are %d", n, max)}
	}

	var gs fb.GenStats
	for i := range t.HistoryLength() {
		t.History(&gs, i)
		d.element("history", gs.Table())
		g := GenStats{
			Gen:         int(gs.Gen()),
			Best:        gs.Best(),
			Mean:        gs.Mean(),
			Median:      gs.Median(),
			Diversity:   gs.Diversity(),
			Evaluated:   int(gs.Evaluated()),
			Reevaluated: int(gs.Reevaluated()),
			Games:       gs.Games(),
			BestHash:    d.str(gs.BestHash()),
			Filled:      int(gs.Filled()),
			Coverage:    int(gs.Coverage()),
			QDScore:     gs.QdScore(),
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
	if cp.Archive, err = d.individuals("archive", t.ArchiveLength(), t.Archive); err != nil {
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

	var lt fb.Lineage
	for i := range t.LineageLength() {
		t.Lineage(&lt, i)
		at := d.element("lineage", lt.Table())
		path := fmt.Sprintf("%slineage[%d]", p, i)
		l := Lineage{Gen: int(lt.Generation()), ParentFitness: lt.ParentFitness(), ChildFitness: lt.ChildFitness()}
		if err := d.hash(lt.ChildBytes(), at, path+".child", &l.Child); err != nil {
			return nil, err
		}
		ps := lt.ParentsBytes()
		if len(ps)%len(genome.Hash{}) != 0 {
			return nil, &fbs.Error{Offset: at, Path: path + ".parents", Reason: fmt.Sprintf("%d bytes, not whole hashes of %d", len(ps), len(genome.Hash{}))}
		}
		for len(ps) > 0 {
			var h genome.Hash
			copy(h[:], ps)
			l.Parents = append(l.Parents, h)
			ps = ps[len(h):]
		}
		if ops := d.str(lt.Operators()); ops != "" {
			l.Operators = strings.Fields(ops)
		}
		cp.Lineage = append(cp.Lineage, l)
	}

	cp.Island = int(t.Island())
	if n := t.FitsLength(); n > 0 {
		size := cp.Config.Population
		if cp.Config.Islands <= 1 || n != (cp.Gen+1)*size {
			return nil, &fbs.Error{Offset: root, Path: p + "fits", Reason: fmt.Sprintf("%d values; an island's checkpoint of generation %d holds %d (population %d, each generation), a plain run's none", n, cp.Gen, (cp.Gen+1)*size, size)}
		}
		cp.Fits = make([][]float64, cp.Gen+1)
		for g := range cp.Fits {
			cp.Fits[g] = make([]float64, size)
			for j := range size {
				cp.Fits[g][j] = t.Fits(g*size + j)
			}
		}
	}
	if err := checkCheckpoint(cp, d.locate); err != nil {
		return nil, err
	}
	// Last, so that every other field is checked even when the
	// configuration differs from the one the file was written with.
	if err := d.runID(t, &cp.Config); err != nil {
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
	c.HallSpacing = t.HallSpacing()
	c.Retries = int(t.Retries())
	c.Skill = d.str(t.Skill())
	c.Search = d.str(t.Search())
	c.Ladder = d.str(t.Ladder())
	c.Topology = d.str(t.Topology())
	c.Islands = int(t.Islands())
	c.MigrateEvery = int(t.MigrateEvery())
	c.Migrants = int(t.Migrants())
	for _, f := range []struct {
		name string
		v    uint64
		dst  *int
	}{{"games", t.Games(), &c.Games}, {"skill_games", t.SkillGames(), &c.SkillGames}, {"target_length", t.TargetLength(), &c.TargetLength}, {"rescore", t.Rescore(), &c.Rescore}, {"ablation_games", t.AblationGames(), &c.AblationGames}, {"ladder_games", t.LadderGames(), &c.LadderGames}} {
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

// runID checks the checkpoint's run identity, which must be that of its
// configuration (IdentifyRun): a checkpoint names its run by the
// config.json its run directory holds, and that config.json is the one of
// the configuration the checkpoint continues.
func (d *decoder) runID(t *fb.Checkpoint, cfg *Config) error {
	const path = "Checkpoint.run"
	var got RunID
	if err := d.hash(t.RunBytes(), d.root, path, (*genome.Hash)(&got)); err != nil {
		return err
	}
	want, err := IdentifyRun(*cfg)
	if err != nil {
		return &fbs.Error{Offset: d.config, Path: "Checkpoint.config", Reason: "the run's identity: " + err.Error(), Err: err}
	}
	if got != want {
		return &fbs.Error{Offset: d.pos(t.RunBytes()), Path: path, Reason: fmt.Sprintf("the run identity %x is not that of the checkpoint's configuration, %x (the SHA-256 of its config.json)", got[:], want[:])}
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
		Evals:      int(t.Evals()),
		PerSeat:    t.DecisionsPerSeat(),
	}
	if s.Evals < 1 {
		return Score{}, &fbs.Error{Offset: tablePos(t.Table()), Path: path + ".evals", Reason: fmt.Sprintf("%d evaluations; a score is the mean of at least one", s.Evals)}
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
