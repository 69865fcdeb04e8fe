package fbs

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"sync/atomic"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// File identifiers (bytes 4..8 of every file), one per root table.
const (
	ProgramFileIdentifier  = "DSPF"
	BatchRequestIdentifier = "DSRQ"
	BatchResultIdentifier  = "DSRS"
	// CheckpointIdentifier marks an evolution checkpoint (checkpoint.fbs).
	CheckpointIdentifier = "DSCK"
)

// Versions of each root table's layout and meaning, stored in its version
// field. A reader accepts only its own version.
const (
	ProgramFileVersion = 1
	// BatchRequestVersion 2 names each seat's policy by its spec
	// (policy_specs); version 1 had vm.Policy numbers (policies).
	BatchRequestVersion = 2
	// BatchResultVersion 3 has the vm.Dist histograms of 2,048 buckets
	// (exact below 256, then 128 per power of two); version 2 had 192
	// (exact below 64, then 8 per power of two).
	BatchResultVersion = 3
)

// hasIdentifier reports whether buf is long enough to be a FlatBuffer and
// carries the file identifier id.
func hasIdentifier(buf []byte, id string) bool {
	return len(buf) >= 8 && string(buf[4:8]) == id
}

// IsProgramFile reports whether buf carries the program file identifier
// "DSPF". It only sniffs: ReadProgram checks everything.
func IsProgramFile(buf []byte) bool { return hasIdentifier(buf, ProgramFileIdentifier) }

// IsBatchRequest reports whether buf carries the batch request identifier
// "DSRQ".
func IsBatchRequest(buf []byte) bool { return hasIdentifier(buf, BatchRequestIdentifier) }

// IsBatchResult reports whether buf carries the batch result identifier
// "DSRS".
func IsBatchResult(buf []byte) bool { return hasIdentifier(buf, BatchResultIdentifier) }

// The last net. Reading verifies every offset before following it, so a
// panic while reading is a bug of this package; it is turned into an error
// (the project never panics on input), counted, and reported to onRecover,
// which the tests set so that they fail when the net ever catches anything.
var (
	recovered atomic.Uint64
	onRecover func(what string, v any, stack []byte)
)

func guard(what string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	recovered.Add(1)
	if h := onRecover; h != nil {
		h(what, r, debug.Stack())
	}
	*err = &Error{Offset: -1, Path: what, Reason: fmt.Sprintf("internal error while reading the file (a bug in package fbs): %v", r)}
}

// ---------------------------------------------------------------------------
// Program files

// ProgramFile is a program file as read: the metadata, the genome (parsed
// from its JSON, metadata included), its hash and its bytecode.
type ProgramFile struct {
	Name    string
	Summary string
	Hash    genome.Hash
	Genome  *genome.Genome
	Code    []byte
}

// metadataProblem says what is wrong with a program file's name or
// summary, or "": they are printed as they are, so they follow the rules
// of a genome's name and summary (genome.TextProblem).
func metadataProblem(name, summary string) (field, problem string) {
	if p := genome.TextProblem(name, cardrules.MaxNameLen); p != "" {
		return "name", "the name " + p
	}
	if p := genome.TextProblem(summary, cardrules.MaxSummaryLen); p != "" {
		return "summary", "the summary " + p
	}
	return "", ""
}

// WriteProgram returns a program file holding code, the genome g it was
// compiled from (as g.Encode writes it), g's hash, and a name and summary.
// It fails if g does not compile to exactly code, if g cannot be encoded,
// or if name or summary is not printable UTF-8 of bounded length (as a
// genome's name and summary must be): it never writes a file that
// ReadProgram would refuse.
func WriteProgram(name, summary string, g *genome.Genome, code []byte) ([]byte, error) {
	if g == nil {
		return nil, errors.New("fbs: WriteProgram: nil genome")
	}
	if _, p := metadataProblem(name, summary); p != "" {
		return nil, errors.New("fbs: WriteProgram: " + p)
	}
	js, err := g.Encode()
	if err != nil {
		return nil, fmt.Errorf("fbs: WriteProgram: encoding the genome: %w", err)
	}
	want, err := compile.Compile(g)
	if err != nil {
		return nil, fmt.Errorf("fbs: WriteProgram: the genome does not compile: %w", err)
	}
	if !bytes.Equal(want, code) {
		return nil, errors.New("fbs: WriteProgram: the code is not what the genome compiles to")
	}
	h := g.Hash()

	b := flatbuffers.NewBuilder(len(js) + len(code) + len(name) + len(summary) + 128)
	codeOff := b.CreateByteVector(code)
	summaryOff := b.CreateString(summary)
	jsonOff := b.CreateByteString(js)
	hashOff := b.CreateByteVector(h[:])
	nameOff := b.CreateString(name)
	fb.ProgramFileStart(b)
	fb.ProgramFileAddVersion(b, ProgramFileVersion)
	fb.ProgramFileAddFormatVersion(b, bytecode.FormatVersion)
	fb.ProgramFileAddSemanticsVersion(b, bytecode.SemanticsVersion)
	fb.ProgramFileAddName(b, nameOff)
	fb.ProgramFileAddGenomeHash(b, hashOff)
	fb.ProgramFileAddGenomeJson(b, jsonOff)
	fb.ProgramFileAddSummary(b, summaryOff)
	fb.ProgramFileAddBytecode(b, codeOff)
	b.FinishWithFileIdentifier(fb.ProgramFileEnd(b), []byte(ProgramFileIdentifier))
	return b.FinishedBytes(), nil
}

// ReadProgram reads a program file. It checks, in order and reporting the
// first problem with its byte offset: the FlatBuffers structure (every
// offset, length and table), the file identifier, the versions (the table's
// and the bytecode's format and semantics versions; another version is
// refused with what to do, recompiling from the genome, and whether the
// file embeds it), the name and summary (printable UTF-8 of bounded
// length), that the bytecode verifies, that the genome JSON parses
// (migrated from an older schema version) and validates, that its hash is
// the stored one, and that it compiles to exactly the stored bytecode.
// The result shares no memory with buf.
func ReadProgram(buf []byte) (pf *ProgramFile, err error) {
	defer guard("ProgramFile", &err)
	c, err := verifyRoot(buf, ProgramFileIdentifier, programSpec)
	if err != nil {
		return nil, err
	}
	t := fb.GetRootAsProgramFile(buf, 0)
	const p = "ProgramFile."
	// A program of another version is not read further: it is recompiled
	// from its genome, which the file usually embeds.
	advice := func(newer bool) string {
		embeds := "the file does not embed its genome"
		if c.has(pfGenomeJSON) {
			embeds = "the file embeds its genome, as JSON in its genome_json field"
		}
		return bytecode.VersionAdvice(newer) + " (" + embeds + ")"
	}
	if v := t.Version(); v != ProgramFileVersion {
		return nil, errorf(c.where(pfVersion), p+"version", "program file version %d, this build reads version %d: %s", v, ProgramFileVersion, advice(v > ProgramFileVersion))
	}
	if v := t.FormatVersion(); v != bytecode.FormatVersion {
		return nil, errorf(c.where(pfFormatVersion), p+"format_version", "bytecode format version %d, this build reads version %d: %s", v, bytecode.FormatVersion, advice(v > bytecode.FormatVersion))
	}
	if v := t.SemanticsVersion(); v != bytecode.SemanticsVersion {
		return nil, errorf(c.where(pfSemanticsVersion), p+"semantics_version", "bytecode semantics version %d, this build plays version %d: %s", v, bytecode.SemanticsVersion, advice(v > bytecode.SemanticsVersion))
	}
	if field, problem := metadataProblem(string(t.Name()), string(t.Summary())); problem != "" {
		slot := pfName
		if field == "summary" {
			slot = pfSummary
		}
		return nil, errorf(c.where(slot), p+field, "%s", problem)
	}
	if !c.has(pfBytecode) {
		return nil, errorf(c.pos, p+"bytecode", "missing")
	}
	code := bytes.Clone(t.BytecodeBytes())
	if err := bytecode.Verify(code); err != nil {
		return nil, wrap(c.where(pfBytecode), p+"bytecode", "the bytecode does not verify (offsets within the program)", err)
	}
	if !c.has(pfGenomeHash) {
		return nil, errorf(c.pos, p+"genome_hash", "missing")
	}
	var h genome.Hash
	if n := t.GenomeHashLength(); n != len(h) {
		return nil, errorf(c.where(pfGenomeHash), p+"genome_hash", "%d bytes, want %d", n, len(h))
	}
	copy(h[:], t.GenomeHashBytes())
	if !c.has(pfGenomeJSON) {
		return nil, errorf(c.pos, p+"genome_json", "missing")
	}
	g, err := genome.Parse(t.GenomeJson())
	if err != nil {
		return nil, wrap(c.where(pfGenomeJSON), p+"genome_json", "the genome is not valid", err)
	}
	if got := g.Hash(); got != h {
		return nil, errorf(c.where(pfGenomeHash), p+"genome_hash", "the genome's hash is %x, the file says %x", got[:], h[:])
	}
	want, err := compile.Compile(g)
	if err != nil {
		return nil, wrap(c.where(pfGenomeJSON), p+"genome_json", "the genome does not compile", err)
	}
	if !bytes.Equal(want, code) {
		return nil, errorf(c.where(pfBytecode), p+"bytecode", "the bytecode is not what the genome compiles to (%d bytes, the genome gives %d)", len(code), len(want))
	}
	return &ProgramFile{
		Name:    string(t.Name()),
		Summary: string(t.Summary()),
		Hash:    h,
		Genome:  g,
		Code:    code,
	}, nil
}

// ---------------------------------------------------------------------------
// Batch requests

// BatchRequest is a batch of games to play: a program and the fields of a
// vm.BatchConfig (Config converts), each seat's policy named by its spec.
type BatchRequest struct {
	Program  []byte         // bytecode
	Games    int            // at least 1
	Seats    int            // 0: the program's default
	Policies []players.Spec // the file's policy_specs; nil: every seat random; one: every seat; else exactly one per seat
	Seed     uint64         // batch seed
	Workers  int            // 0: one per core
}

// MaxPolicySpecLen bounds one policy spec of a request, in bytes. The
// longest spec players.Parse reads ("ismcts:1000000:" and a constant)
// is far shorter; the bound keeps a message that quotes a bad spec short.
const MaxPolicySpecLen = 64

// Config returns the request as a vm.BatchConfig: its policies and, for
// search players, the factory that gives each worker its own
// (players.Configure).
func (r *BatchRequest) Config() vm.BatchConfig {
	cfg := vm.BatchConfig{Games: r.Games, Seats: r.Seats, Seed: r.Seed, Workers: r.Workers}
	players.Configure(&cfg, r.Policies)
	return cfg
}

// readSpec reads one policy spec of a request.
func readSpec(text string) (players.Spec, error) {
	if len(text) > MaxPolicySpecLen {
		return players.Spec{}, fmt.Errorf("a policy spec of %d bytes, at most %d", len(text), MaxPolicySpecLen)
	}
	return players.Parse(text)
}

// specError is a problem with spec i of a request's policy_specs.
func specError(off, i int, err error) *Error {
	return &Error{Offset: off, Path: "BatchRequest.policy_specs[" + strconv.Itoa(i) + "]", Reason: err.Error(), Err: err}
}

// problems returns every problem of a request that ReadBatchRequest and
// WriteBatchRequest both check: that the program loads (else that is the
// only problem), then the configuration for that program as
// vm.BatchConfig.Validate checks it (games, seats, the number of policies
// against the seats, workers), whose bounds are within what the file's
// fields can hold. Each is an *Error at its field; at gives the byte
// offset to report for a field (-1 when writing).
func (r *BatchRequest) problems(at func(slot int) int) []error {
	const p = "BatchRequest."
	prog, err := vm.Load(r.Program)
	if err != nil {
		return []error{wrap(at(rqProgram), p+"program", "the program does not verify (offsets within the program)", err)}
	}
	cfg := r.Config()
	err = cfg.Validate(prog)
	var ces vm.ConfigErrors
	if !errors.As(err, &ces) {
		if err != nil {
			return []error{err} // Validate returns nothing else
		}
		return nil
	}
	errs := make([]error, len(ces))
	for i, ce := range ces {
		slot, field, what := rqSeats, ce.Field, ""
		switch ce.Field {
		case "games":
			slot = rqGames
		case "seats":
			what = "the request does not fit the program: "
		case "policies":
			slot, field, what = rqPolicySpecs, "policy_specs", "the request does not fit the program: "
		case "workers":
			slot = rqWorkers
		}
		errs[i] = &Error{Offset: at(slot), Path: p + field, Reason: what + ce.Reason, Err: ce}
	}
	return errs
}

// joinProblems returns nil for no problems, the problem itself for one,
// and errors.Join of them for several.
func joinProblems(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return errors.Join(errs...)
}

// WriteBatchRequest returns r as a batch request file. It fails if r is
// not a valid request (the program must load, the configuration must be
// valid for it, and every policy spec must be one that players.Parse reads
// back from its text): it never writes a file that ReadBatchRequest would
// refuse. Every problem is reported.
func WriteBatchRequest(r *BatchRequest) ([]byte, error) {
	if r == nil {
		return nil, errors.New("fbs: WriteBatchRequest: nil request")
	}
	errs := r.problems(func(int) int { return -1 })
	texts := make([]string, len(r.Policies))
	for i, s := range r.Policies {
		texts[i] = s.String()
		q, err := readSpec(texts[i])
		if err == nil && q != s {
			err = fmt.Errorf("the spec %+v is not what its text %q reads as (%+v)", s, texts[i], q)
		}
		if err != nil {
			errs = append(errs, specError(-1, i, err))
		}
	}
	if err := joinProblems(errs); err != nil {
		return nil, err
	}
	b := flatbuffers.NewBuilder(len(r.Program) + 128)
	progOff := b.CreateByteVector(r.Program)
	var specsOff flatbuffers.UOffsetT
	if len(texts) > 0 {
		offs := make([]flatbuffers.UOffsetT, len(texts))
		for i, t := range texts {
			offs[i] = b.CreateString(t)
		}
		fb.BatchRequestStartPolicySpecsVector(b, len(offs))
		for i := len(offs) - 1; i >= 0; i-- {
			b.PrependUOffsetT(offs[i])
		}
		specsOff = b.EndVector(len(offs))
	}
	fb.BatchRequestStart(b)
	fb.BatchRequestAddVersion(b, BatchRequestVersion)
	fb.BatchRequestAddProgram(b, progOff)
	fb.BatchRequestAddGames(b, uint64(r.Games))
	fb.BatchRequestAddSeats(b, byte(r.Seats))
	fb.BatchRequestAddSeed(b, r.Seed)
	fb.BatchRequestAddWorkers(b, uint32(r.Workers))
	if specsOff != 0 {
		fb.BatchRequestAddPolicySpecs(b, specsOff)
	}
	b.FinishWithFileIdentifier(fb.BatchRequestEnd(b), []byte(BatchRequestIdentifier))
	return b.FinishedBytes(), nil
}

// ReadBatchRequest reads a batch request file: the FlatBuffers structure,
// the identifier and version (a request of another version is refused,
// naming both and what changed), then the request itself: the program
// must load; every policy spec must read (players.Parse, at most
// MaxPolicySpecLen bytes); the games, seats, number of policies and
// workers must be valid for the program as vm.BatchConfig.Validate says
// (policies: none, one for every seat, or exactly one per seat, the
// program's default seat count when seats is 0); and version 1's policies
// field must be absent. Each problem is an *Error at its field (a spec's
// is at policy_specs[i]), and every one is reported (joined by errors.Join
// when there are several). The result shares no memory with buf; Policies
// is nil when the file has none.
func ReadBatchRequest(buf []byte) (r *BatchRequest, err error) {
	defer guard("BatchRequest", &err)
	c, err := verifyRoot(buf, BatchRequestIdentifier, requestSpec)
	if err != nil {
		return nil, err
	}
	t := fb.GetRootAsBatchRequest(buf, 0)
	const p = "BatchRequest."
	if v := t.Version(); v != BatchRequestVersion {
		advice := "use a newer darwinsim"
		if v < BatchRequestVersion {
			advice = `write the request again in version 2, which names each seat's policy by its spec in policy_specs ("random", "greedy", "ismcts:500") where version 1 had numbers in policies`
		}
		return nil, errorf(c.where(rqVersion), p+"version", "batch request version %d, this build reads version %d: %s", v, BatchRequestVersion, advice)
	}
	if !c.has(rqProgram) {
		return nil, errorf(c.pos, p+"program", "missing")
	}
	games := t.Games()
	if games > math.MaxInt {
		return nil, errorf(c.where(rqGames), p+"games", "%d games is more than this build can count", games)
	}
	r = &BatchRequest{
		Program: bytes.Clone(t.ProgramBytes()),
		Games:   int(games),
		Seats:   int(t.Seats()),
		Seed:    t.Seed(),
		Workers: int(t.Workers()),
	}
	var errs, specErrs []error
	if c.has(rqPolicies) {
		errs = append(errs, errorf(c.where(rqPolicies), p+"policies", `version 1's policy numbers, which version 2 does not read: name each seat's policy by its spec in policy_specs ("random", "greedy", "ismcts:500")`))
	}
	if n := t.PolicySpecsLength(); n > 0 {
		if n > vm.MaxSeats {
			return nil, errorf(c.where(rqPolicySpecs), p+"policy_specs", "%d policy specs for at most %d seats", n, vm.MaxSeats)
		}
		r.Policies = make([]players.Spec, n)
		for i := range n {
			s, err := readSpec(string(t.PolicySpecs(i)))
			if err != nil {
				// The seat plays random for the checks that follow,
				// which count the policies.
				specErrs = append(specErrs, specError(c.strs[rqPolicySpecs][i], i, err))
			}
			r.Policies[i] = s
		}
	}
	errs = append(errs, r.problems(c.where)...)
	if err := joinProblems(append(errs, specErrs...)); err != nil {
		return nil, err
	}
	return r, nil
}

// ---------------------------------------------------------------------------
// Batch results

// WriteBatchResult returns the statistics of a batch as a batch result
// file, with the request's seed and game count as an echo. Every field of
// st is stored; Hist vectors stop at their last non-zero bucket. It fails
// only for values the file cannot hold (st nil, games < 0, st.Seats outside
// 0..vm.MaxSeats), which vm.Batch never produces.
func WriteBatchResult(seed uint64, games int, st *vm.Stats) ([]byte, error) {
	if st == nil {
		return nil, errors.New("fbs: WriteBatchResult: nil stats")
	}
	if games < 0 {
		return nil, fmt.Errorf("fbs: WriteBatchResult: games %d < 0", games)
	}
	if st.Seats < 0 || st.Seats > vm.MaxSeats {
		return nil, fmt.Errorf("fbs: WriteBatchResult: seats %d outside 0..%d", st.Seats, vm.MaxSeats)
	}
	b := flatbuffers.NewBuilder(1024)
	statsOff := buildStats(b, st)
	fb.BatchResultStart(b)
	fb.BatchResultAddVersion(b, BatchResultVersion)
	fb.BatchResultAddSeed(b, seed)
	fb.BatchResultAddGames(b, uint64(games))
	fb.BatchResultAddStats(b, statsOff)
	fb.BatchResultAddFormatVersion(b, bytecode.FormatVersion)
	fb.BatchResultAddSemanticsVersion(b, bytecode.SemanticsVersion)
	b.FinishWithFileIdentifier(fb.BatchResultEnd(b), []byte(BatchResultIdentifier))
	return b.FinishedBytes(), nil
}

// ulongs writes a vector of uint64 and returns its offset.
func ulongs(b *flatbuffers.Builder, xs []uint64) flatbuffers.UOffsetT {
	b.StartVector(8, len(xs), 8)
	for i := len(xs) - 1; i >= 0; i-- {
		b.PrependUint64(xs[i])
	}
	return b.EndVector(len(xs))
}

func buildDist(b *flatbuffers.Builder, d *vm.Dist) flatbuffers.UOffsetT {
	n := len(d.Hist)
	for n > 0 && d.Hist[n-1] == 0 {
		n--
	}
	var hist flatbuffers.UOffsetT
	if n > 0 {
		hist = ulongs(b, d.Hist[:n])
	}
	fb.DistStart(b)
	fb.DistAddSum(b, d.Sum)
	fb.DistAddMax(b, d.Max)
	if hist != 0 {
		fb.DistAddHist(b, hist)
	}
	return fb.DistEnd(b)
}

// buildStats writes st (whose Seats the caller checked) as a Stats table.
func buildStats(b *flatbuffers.Builder, st *vm.Stats) flatbuffers.UOffsetT {
	wins := ulongs(b, st.Wins[:])
	effects := ulongs(b, st.Effects[:])
	turns := buildDist(b, &st.Turns)
	decisions := buildDist(b, &st.Decisions)
	plays := buildDist(b, &st.Plays)
	fb.StatsStart(b)
	fb.StatsAddGames(b, st.Games)
	fb.StatsAddSeats(b, byte(st.Seats))
	fb.StatsAddWins(b, wins)
	fb.StatsAddTies(b, st.Ties)
	fb.StatsAddCapped(b, st.Capped)
	fb.StatsAddAborted(b, st.Aborted)
	fb.StatsAddTurns(b, turns)
	fb.StatsAddDecisions(b, decisions)
	fb.StatsAddPlays(b, plays)
	fb.StatsAddOptions(b, st.Options)
	fb.StatsAddForced(b, st.Forced)
	fb.StatsAddLeadChanges(b, st.LeadChanges)
	fb.StatsAddInteractions(b, st.Interactions)
	fb.StatsAddEffects(b, effects)
	fb.StatsAddInformed(b, st.Informed)
	fb.StatsAddDraws(b, st.Draws)
	fb.StatsAddPasses(b, st.Passes)
	fb.StatsAddBlocked(b, st.Blocked)
	fb.StatsAddFizzled(b, st.Fizzled)
	fb.StatsAddResponses(b, st.Responses)
	fb.StatsAddCancelled(b, st.Cancelled)
	fb.StatsAddCaptures(b, st.Captures)
	fb.StatsAddDeals(b, st.Deals)
	return fb.StatsEnd(b)
}

// ReadBatchResult reads a batch result file: the FlatBuffers structure,
// the identifier and version, then the statistics (at most vm.MaxSeats
// seats and wins, vm.NumEffectTypes effect counts and vm.NumBuckets
// histogram buckets; missing entries are zero). A result played under
// another bytecode format or semantics is refused, naming both versions.
// It returns the statistics and the request's seed and game count.
func ReadBatchResult(buf []byte) (st *vm.Stats, seed uint64, games int, err error) {
	defer guard("BatchResult", &err)
	c, err := verifyRoot(buf, BatchResultIdentifier, resultSpec)
	if err != nil {
		return nil, 0, 0, err
	}
	t := fb.GetRootAsBatchResult(buf, 0)
	const p = "BatchResult."
	if v := t.Version(); v != BatchResultVersion {
		return nil, 0, 0, errorf(c.where(rsVersion), p+"version", "batch result version %d, this build reads version %d", v, BatchResultVersion)
	}
	// Statistics are what one semantics plays: a result of another is
	// not comparable with this build's, and is refused rather than mixed.
	if v := t.FormatVersion(); v != bytecode.FormatVersion {
		return nil, 0, 0, errorf(c.where(rsFormatVersion), p+"format_version", "the batch was played from bytecode format %d, this build reads format %d (run the request again to get this build's statistics)", v, bytecode.FormatVersion)
	}
	if v := t.SemanticsVersion(); v != bytecode.SemanticsVersion {
		return nil, 0, 0, errorf(c.where(rsSemanticsVersion), p+"semantics_version", "the batch was played under semantics %d, this build plays semantics %d (run the request again to get this build's statistics)", v, bytecode.SemanticsVersion)
	}
	g := t.Games()
	if g > math.MaxInt {
		return nil, 0, 0, errorf(c.where(rsGames), p+"games", "%d games is more than this build can count", g)
	}
	if !c.has(rsStats) {
		return nil, 0, 0, errorf(c.pos, p+"stats", "missing")
	}
	st, err = readStats(t.Stats(nil), c.sub[rsStats], p+"stats")
	if err != nil {
		return nil, 0, 0, err
	}
	return st, t.Seed(), int(g), nil
}

// readStats reads a verified Stats table (c says where its fields are).
func readStats(t *fb.Stats, c *checked, path string) (*vm.Stats, error) {
	st := &vm.Stats{
		Games:        t.Games(),
		Seats:        int(t.Seats()),
		Ties:         t.Ties(),
		Capped:       t.Capped(),
		Aborted:      t.Aborted(),
		Blocked:      t.Blocked(),
		Options:      t.Options(),
		Forced:       t.Forced(),
		Informed:     t.Informed(),
		LeadChanges:  t.LeadChanges(),
		Interactions: t.Interactions(),
		Draws:        t.Draws(),
		Passes:       t.Passes(),
		Fizzled:      t.Fizzled(),
		Responses:    t.Responses(),
		Cancelled:    t.Cancelled(),
		Captures:     t.Captures(),
		Deals:        t.Deals(),
	}
	if st.Deals == 0 {
		// (A file from before deals were counted: one deal per game.)
		st.Deals = st.Games
	}
	if st.Seats > vm.MaxSeats {
		return nil, errorf(c.where(stSeats), path+".seats", "%d seats, at most %d", st.Seats, vm.MaxSeats)
	}
	nw := t.WinsLength()
	if nw > len(st.Wins) {
		return nil, errorf(c.where(stWins), path+".wins", "%d entries, at most %d (one per seat)", nw, len(st.Wins))
	}
	for i := range nw {
		st.Wins[i] = t.Wins(i)
	}
	ne := t.EffectsLength()
	if ne > len(st.Effects) {
		return nil, errorf(c.where(stEffects), path+".effects", "%d entries, at most %d (one per effect type)", ne, len(st.Effects))
	}
	for i := range ne {
		st.Effects[i] = t.Effects(i)
	}
	dists := []struct {
		slot int
		name string
		get  func(*fb.Dist) *fb.Dist
		dst  *vm.Dist
	}{
		{stTurns, "turns", t.Turns, &st.Turns},
		{stDecisions, "decisions", t.Decisions, &st.Decisions},
		{stPlays, "plays", t.Plays, &st.Plays},
	}
	for _, d := range dists {
		dt := d.get(nil)
		if dt == nil {
			continue // absent: an empty distribution
		}
		dc := c.sub[d.slot]
		d.dst.Sum, d.dst.Max = dt.Sum(), dt.Max()
		n := dt.HistLength()
		if n > len(d.dst.Hist) {
			return nil, errorf(dc.where(dHist), path+"."+d.name+".hist", "%d buckets, at most %d", n, len(d.dst.Hist))
		}
		for i := range n {
			d.dst.Hist[i] = dt.Hist(i)
		}
	}
	return st, nil
}
