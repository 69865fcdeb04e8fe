package evolve

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/genome"
)

// Slots of the double fields the encoder writes itself (see putDouble);
// Rates, Weights and Metrics hold only doubles, in the order of their
// values (slot i is value i).
const (
	slotConfigCapBudget      = 10
	slotConfigSharing        = 11
	slotConfigHallSpacing    = 14
	slotScoreFitness         = 0
	slotGenStatsBest         = 1
	slotGenStatsMean         = 2
	slotGenStatsMedian       = 3
	slotGenStatsDiv          = 4
	slotGenStatsQDScore      = 11
	slotScorePerSeat         = 5
	slotLineageParentFitness = 4
	slotLineageChildFitness  = 5
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

type encoder struct {
	b       *flatbuffers.Builder
	inds    map[*Individual]flatbuffers.UOffsetT // tables written, by individual
	genomes map[genome.Hash]flatbuffers.UOffsetT // genome JSON strings written
}

func (e *encoder) checkpoint(cp *Checkpoint) ([]byte, error) {
	b := e.b
	cfg, err := e.config(&cp.Config)
	if err != nil {
		return nil, err
	}
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
	var archive flatbuffers.UOffsetT
	if len(cp.Archive) > 0 {
		if archive, err = e.vector(len(cp.Archive), func(i int) (flatbuffers.UOffsetT, error) {
			return e.individual(cp.Archive[i], fmt.Sprintf("Checkpoint.archive[%d]", i))
		}); err != nil {
			return nil, err
		}
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
	lineage, err := e.vector(len(cp.Lineage), func(i int) (flatbuffers.UOffsetT, error) {
		l := &cp.Lineage[i]
		child := b.CreateByteVector(l.Child[:])
		var ps []byte
		for _, h := range l.Parents {
			ps = append(ps, h[:]...)
		}
		parents := b.CreateByteVector(ps)
		ops := b.CreateString(strings.Join(l.Operators, " "))
		fb.LineageStart(b)
		fb.LineageAddGeneration(b, uint32(l.Gen))
		fb.LineageAddChild(b, child)
		fb.LineageAddParents(b, parents)
		fb.LineageAddOperators(b, ops)
		putDouble(b, slotLineageParentFitness, l.ParentFitness)
		putDouble(b, slotLineageChildFitness, l.ChildFitness)
		return fb.LineageEnd(b), nil
	})
	if err != nil {
		return nil, err
	}
	// An island's fitnesses, bit for bit (a plain run writes none, so its
	// file is the bytes it was before islands).
	var fitsVec flatbuffers.UOffsetT
	if cp.Config.Islands > 1 {
		var fits []float64
		for _, f := range cp.Fits {
			fits = append(fits, f...)
		}
		b.StartVector(8, len(fits), 8)
		for i := len(fits) - 1; i >= 0; i-- {
			b.PrependUint64(math.Float64bits(fits[i]))
		}
		fitsVec = b.EndVector(len(fits))
	}
	id, err := IdentifyRun(cp.Config)
	if err != nil {
		return nil, &fbs.Error{Offset: -1, Path: "Checkpoint.run", Reason: "the run's identity: " + err.Error(), Err: err}
	}
	run := b.CreateByteVector(id[:])
	// Zeros, which SealCheckpoint replaces by the file's checksum.
	checksum := b.CreateByteVector(make([]byte, fbs.ChecksumSize))
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
	fb.CheckpointAddLineage(b, lineage)
	fb.CheckpointAddRun(b, run)
	fb.CheckpointAddChecksum(b, checksum)
	if archive != 0 {
		fb.CheckpointAddArchive(b, archive)
	}
	if cp.Config.Islands > 1 {
		fb.CheckpointAddIsland(b, uint32(cp.Island))
		fb.CheckpointAddFits(b, fitsVec)
	}
	b.FinishWithFileIdentifier(fb.CheckpointEnd(b), []byte(fbs.CheckpointIdentifier))
	buf := b.FinishedBytes()
	if err := fbs.SealCheckpoint(buf); err != nil {
		return nil, err
	}
	return buf, nil
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
func (e *encoder) config(c *Config) (flatbuffers.UOffsetT, error) {
	b := e.b
	skill, err := e.str(c.Skill, "Checkpoint.config.skill")
	if err != nil {
		return 0, err
	}
	search, err := e.str(c.Search, "Checkpoint.config.search")
	if err != nil {
		return 0, err
	}
	ladder, err := e.str(c.Ladder, "Checkpoint.config.ladder")
	if err != nil {
		return 0, err
	}
	topology, err := e.str(c.Topology, "Checkpoint.config.topology")
	if err != nil {
		return 0, err
	}
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
	fb.ConfigAddTargetLength(b, uint64(c.TargetLength))
	putDouble(b, slotConfigCapBudget, c.CapBudget)
	putDouble(b, slotConfigSharing, c.Sharing)
	fb.ConfigAddRescore(b, uint64(c.Rescore))
	fb.ConfigAddRetries(b, uint32(c.Retries))
	putDouble(b, slotConfigHallSpacing, c.HallSpacing)
	fb.ConfigAddAblationGames(b, uint64(c.AblationGames))
	fb.ConfigAddSkill(b, skill) // 0, for "", leaves it out
	fb.ConfigAddLadder(b, ladder)
	fb.ConfigAddLadderGames(b, uint64(c.LadderGames))
	fb.ConfigAddSearch(b, search) // 0, for "", leaves it out
	fb.ConfigAddIslands(b, uint32(c.Islands))
	fb.ConfigAddMigrateEvery(b, uint32(c.MigrateEvery))
	fb.ConfigAddMigrants(b, uint32(c.Migrants))
	fb.ConfigAddTopology(b, topology)
	return fb.ConfigEnd(b), nil
}

func (e *encoder) score(s *Score, path string) (flatbuffers.UOffsetT, error) {
	b := e.b
	if s.Evals < 1 || s.Evals > math.MaxUint32 {
		return 0, &fbs.Error{Offset: -1, Path: path + ".evals", Reason: fmt.Sprintf("%d evaluations; a score is the mean of 1 to %d", s.Evals, uint32(math.MaxUint32))}
	}
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
	fb.ScoreAddEvals(b, uint32(s.Evals))
	putDouble(b, slotScorePerSeat, s.PerSeat)
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
	fb.GenStatsAddReevaluated(b, uint32(g.Reevaluated))
	fb.GenStatsAddGames(b, g.Games)
	if best != 0 {
		fb.GenStatsAddBestHash(b, best)
	}
	fb.GenStatsAddFilled(b, uint32(g.Filled))
	fb.GenStatsAddCoverage(b, uint32(g.Coverage))
	putDouble(b, slotGenStatsQDScore, g.QDScore)
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
