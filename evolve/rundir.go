package evolve

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/atomicfile"
	"github.com/darwinsim/darwinsim/internal/jsontree"
)

// Named returns an individual's genome with metadata: a name from its hash
// and a summary of where it came from.
func Named(ind *Individual, seed uint64) *genome.Genome {
	g := ind.Genome.Clone()
	g.Name = fmt.Sprintf("evolved-%x", ind.Hash[:4])
	g.Summary = fmt.Sprintf("Evolved by darwinsim from %s (generation %d of the run with seed %d).", ind.Origin, ind.Born, seed)
	return g
}

// Best is the run's winner: the member of the hall of fame with the best
// mean fitness after the final re-score on fresh deals (rescored, as
// Rescore returns it for the hall's first members), or the hall's first
// when none was re-scored. A lucky score in the run does not make a winner.
// A run whose every game was degenerate has an empty hall and no winner:
// nil (CheckWinner says why).
func Best(res *Result, rescored []Rescored) *Individual {
	if len(res.Hall) == 0 {
		return nil
	}
	best, mean := res.Hall[0], math.Inf(-1)
	for _, r := range rescored {
		for _, h := range res.Hall {
			if h.Hash == r.Hash && r.Mean > mean {
				best, mean = h, r.Mean
			}
		}
	}
	return best
}

// ConfigJSON returns the bytes of the config.json of a run of cfg: this
// build's versions (CurrentVersions: fitness, semantics, bytecode format,
// genome schema) and every field of cfg but Workers, as indented JSON. ParseConfig reads it back. Its SHA-256 is the run's
// identity (IdentifyRun).
func ConfigJSON(cfg Config) ([]byte, error) {
	b, err := json.MarshalIndent(struct {
		Versions
		Config
	}{CurrentVersions(), cfg}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// RunID is a run's identity: the SHA-256 of its run directory's
// config.json. Every checkpoint of the run carries it, so that a
// checkpoint is continued only in its own run's directory.
type RunID [sha256.Size]byte

// String returns the identity's first 6 bytes in hex, enough to tell runs
// apart in a message.
func (id RunID) String() string { return hex.EncodeToString(id[:6]) }

// IdentifyRun returns the identity of a run of cfg: the SHA-256 of
// ConfigJSON(cfg).
func IdentifyRun(cfg Config) (RunID, error) {
	b, err := ConfigJSON(cfg)
	if err != nil {
		return RunID{}, err
	}
	return sha256.Sum256(b), nil
}

// CheckWinner returns an error, saying why, when the run res has no
// winner: every game it scored was degenerate, so its hall of fame is
// empty. It returns nil when the run has one (Best).
func CheckWinner(res *Result) error {
	if len(res.Hall) > 0 {
		return nil
	}
	why := ""
	if len(res.Population) > 0 && res.Population[0].Score.Degenerate != "" {
		why = fmt.Sprintf(" (the last generation's best: %s)", res.Population[0].Score.Degenerate)
	}
	return fmt.Errorf("the run has no winner: every game it scored is degenerate%s, so its hall of fame is empty; start from other games (--from) or with a larger population", why)
}

// HallEntry is one game of a run directory's hall_of_fame.json, a JSON
// list of them in the hall's order.
type HallEntry struct {
	Rank   int            `json:"rank"`   // its place in the hall, from 1
	Name   string         `json:"name"`   // as Named gives it
	Hash   string         `json:"hash"`   // the canonical hash, in hex
	Origin string         `json:"origin"` // the seed game it descends from
	Born   int            `json:"born"`   // the generation it first appeared in
	Score  Score          `json:"score"`
	Genome *genome.Genome `json:"genome"` // with the name and summary of Named
}

// ResultFiles are the files WriteRun writes besides config.json, in the
// order it writes them: the last, written when all the others are in
// place, marks a finished run. StartsFile is written with the run's first
// checkpoint too.
var ResultFiles = []string{"best.json", "best.txt", "generations.csv", "hall_of_fame.json", "rescore.csv", "operators.csv", StartsFile, GameStatsFile, "lineage.csv"}

// ArchiveFiles are the files a MAP-Elites run writes besides ResultFiles,
// before the last of them.
var ArchiveFiles = []string{"archive.json", "archive.csv"}

// IslandsFile is the file of an island run's history island by island
// (its generations.csv holds the combined lines).
const IslandsFile = "islands.csv"

// ResultFilesOf lists the files WriteRun writes for a run of cfg besides
// config.json, in order: ResultFiles, with ArchiveFiles before the last
// for a MAP-Elites run, IslandsFile for a run of islands.
func ResultFilesOf(cfg Config) []string {
	n := len(ResultFiles) - 1
	switch {
	case cfg.Search == SearchMapElites:
		return slices.Concat(ResultFiles[:n], ArchiveFiles, ResultFiles[n:])
	case cfg.Islands > 1:
		return slices.Concat(ResultFiles[:n], []string{IslandsFile}, ResultFiles[n:])
	}
	return ResultFiles
}

// SeedPrefix starts the name of a seed game among a run's re-scored games
// ("seed:war"), which are the bars of SurveyGames.
const SeedPrefix = "seed:"

// WriteRun writes a finished run's result files into dir (config.json,
// then ResultFiles, in order). These files are
// the run's identity: the same configuration writes the same bytes.
// Timings and provenance go to separate files (RunDir.RecordTiming,
// provenance.json). The run's starting games are res.Starts, or, for a
// resumed run, those dir's StartsFile holds (none when it has none);
// WriteRun measures them and the winner for the report (MeasureGame,
// GameStatsFile), which plays games.
func WriteRun(dir string, res *Result, rescored []Rescored) error {
	files := map[string][]byte{}
	cfg, err := ConfigJSON(res.Config)
	if err != nil {
		return err
	}
	files[ConfigFile] = cfg
	files["generations.csv"] = csvBytes(generationRows(res.History, res.Config.Search == SearchMapElites))

	if err := CheckWinner(res); err != nil {
		return err
	}
	winner := Best(res, rescored)
	best := Named(winner, res.Config.Seed)
	bj, err := best.Encode()
	if err != nil {
		return err
	}
	files["best.json"] = bj
	files["best.txt"] = []byte(best.Describe() + "\n" + FormatScore(winner.Score))

	starts, err := runStarts(dir, res)
	if err != nil {
		return err
	}
	if files[StartsFile], err = MarshalStarts(starts); err != nil {
		return err
	}
	if files[GameStatsFile], err = measureRun(res, best, starts); err != nil {
		return err
	}

	var hall []HallEntry
	for i, ind := range res.Hall {
		g := Named(ind, res.Config.Seed)
		hall = append(hall, HallEntry{i + 1, g.Name, fmt.Sprintf("%x", ind.Hash), ind.Origin, ind.Born, ind.Score, g})
	}
	hj, err := json.MarshalIndent(hall, "", "  ")
	if err != nil {
		return err
	}
	files["hall_of_fame.json"] = append(hj, '\n')

	ops := [][]string{{"operator", "applied", "first_try", "failed", "first_try_rate"}}
	for _, o := range res.Ops {
		ops = append(ops, []string{o.Name, strconv.Itoa(o.Applied), strconv.Itoa(o.FirstTry), strconv.Itoa(o.Failed), ff(o.FirstTryRate())})
	}
	files["operators.csv"] = csvBytes(ops)

	rs := [][]string{{"name", "hash", "fitness_mean", "ci_low", "ci_high"}}
	for _, r := range rescored {
		rs = append(rs, []string{r.Name, fmt.Sprintf("%x", r.Hash[:6]), ff(r.Mean), ff(r.Lo), ff(r.Hi)})
	}
	files["rescore.csv"] = csvBytes(rs)

	lin := [][]string{{"generation", "child", "parents", "operators", "parent_fitness", "child_fitness"}}
	for _, l := range res.Lineage {
		var parents []string
		for _, h := range l.Parents {
			parents = append(parents, fmt.Sprintf("%x", h[:6]))
		}
		lin = append(lin, []string{strconv.Itoa(l.Gen), fmt.Sprintf("%x", l.Child[:6]), strings.Join(parents, " "),
			strings.Join(l.Operators, " "), ff(l.ParentFitness), ff(l.ChildFitness)})
	}
	files["lineage.csv"] = csvBytes(lin)

	if res.Config.Islands > 1 {
		files[IslandsFile] = csvBytes(islandRows(res.Islands))
	}
	if res.Config.Search == SearchMapElites {
		aj, ac, err := archiveFiles(res, rescored)
		if err != nil {
			return err
		}
		files["archive.json"], files["archive.csv"] = aj, ac
	}
	names := ResultFilesOf(res.Config)
	if len(files) != 1+len(names) {
		return fmt.Errorf("evolve: WriteRun made %d files, ResultFilesOf lists %d and config.json", len(files), len(names))
	}
	for _, name := range append([]string{ConfigFile}, names...) {
		data, ok := files[name]
		if !ok {
			return fmt.Errorf("evolve: WriteRun made no %s", name)
		}
		if err := atomicfile.Write(filepath.Join(dir, name), data); err != nil {
			return err
		}
	}
	return nil
}

// runStarts returns the starting games of the run res: res.Starts, or
// those of dir's StartsFile when res has none (a resumed run), or none
// when dir has no such file (a run begun before the file existed).
func runStarts(dir string, res *Result) ([]*genome.Genome, error) {
	if res.Starts != nil {
		return res.Starts, nil
	}
	path := filepath.Join(dir, StartsFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	gs, err := ParseStarts(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return gs, nil
}

// generationRows is generations.csv: a row per generation, with the
// archive's coverage and QD-score in a MAP-Elites run (qd).
func generationRows(h []GenStats, qd bool) [][]string {
	head := []string{"generation", "best", "mean", "median", "diversity", "evaluated", "reevaluated", "games", "best_hash", "filled"}
	if qd {
		head = append(head, "coverage", "qd_score")
	}
	rows := [][]string{head}
	for _, g := range h {
		row := []string{strconv.Itoa(g.Gen), ff(g.Best), ff(g.Mean), ff(g.Median), ff(g.Diversity),
			strconv.Itoa(g.Evaluated), strconv.Itoa(g.Reevaluated), strconv.FormatUint(g.Games, 10), g.BestHash, strconv.Itoa(g.Filled)}
		if qd {
			row = append(row, strconv.Itoa(g.Coverage), ff(g.QDScore))
		}
		rows = append(rows, row)
	}
	return rows
}

func ff(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }

func csvBytes(rows [][]string) []byte {
	var b bytesBuffer
	w := csv.NewWriter(&b)
	_ = w.WriteAll(rows) // writes to memory cannot fail
	return b.data
}

type bytesBuffer struct{ data []byte }

func (b *bytesBuffer) Write(p []byte) (int, error) { b.data = append(b.data, p...); return len(p), nil }

// FormatScore renders a score's metric breakdown, one metric per line.
func FormatScore(s Score) string {
	out := fmt.Sprintf("fitness %.4f", s.Fitness)
	if s.Degenerate != "" {
		out += " (degenerate: " + s.Degenerate + ")"
	}
	return out + "\n" + FormatMetrics(s.Metrics)
}

// FormatMetrics renders metrics one per line.
func FormatMetrics(m Metrics) string {
	out := ""
	for i, v := range m.values() {
		out += fmt.Sprintf("  %-13s %.3f\n", strings.ReplaceAll(metricNames[i], "_", " "), v)
	}
	return out
}

// ParseGenomeList reads a JSON list of games: a run directory's
// hall_of_fame.json (HallEntry objects, of which only the genome is read),
// a MAP-Elites run's archive.json (ArchiveEntry objects, likewise) or a
// plain list of genomes. An item with any of the entries' own keys (keys
// no genome has) is an entry and must have a genome and no keys but the
// entries'; any other item is a genome. Every genome is parsed strictly and validated (genome.Parse),
// and every problem is reported (as genome.Problems) at its path in the
// file, such as "$[2].genome.turn[0].kind". The genomes come back in the
// list's order, with their metadata.
func ParseGenomeList(data []byte) ([]*genome.Genome, error) {
	var items []json.RawMessage
	if path, reason := jsontree.DecodeAt(data, &items, "a list of genomes or of hall of fame entries", "JSON document"); reason != "" {
		return nil, genome.Problems{{Path: path, Reason: reason}}
	}
	if len(items) == 0 {
		return nil, genome.Problems{{Path: "$", Reason: "an empty list: no games"}}
	}
	keys := entryKeys
	var gs []*genome.Genome
	var ps genome.Problems
	for i, item := range items {
		path := fmt.Sprintf("$[%d]", i)
		var entry map[string]json.RawMessage
		if json.Unmarshal(item, &entry) == nil && isHallEntry(entry) {
			if entry["genome"] == nil {
				ps = append(ps, genome.Problem{Path: path, Reason: "a hall of fame entry without its genome"})
				continue
			}
			bad := false
			for _, k := range slices.Sorted(maps.Keys(entry)) {
				if !slices.Contains(keys, k) {
					ps = append(ps, genome.Problem{Path: path + "." + k, Reason: fmt.Sprintf("unknown field %q (a hall of fame or archive entry has %s)", k, strings.Join(keys, ", "))})
					bad = true
				}
			}
			if bad {
				continue
			}
			item, path = entry["genome"], path+".genome"
		}
		g, err := genome.Parse(item)
		var gps genome.Problems
		switch {
		case errors.As(err, &gps):
			for _, p := range gps {
				ps = append(ps, genome.Problem{Path: path + strings.TrimPrefix(p.Path, "$"), Reason: p.Reason})
			}
		case err != nil:
			ps = append(ps, genome.Problem{Path: path, Reason: err.Error()})
		default:
			gs = append(gs, g)
		}
	}
	if len(ps) > 0 {
		return nil, ps
	}
	return gs, nil
}

// entryKeys are the JSON keys of a hall of fame entry (HallEntry), then
// those of an archive entry (ArchiveEntry) it has not, in field order.
var entryKeys = func() []string {
	keys, _ := jsonFields(reflect.TypeFor[HallEntry]())
	arch, _ := jsonFields(reflect.TypeFor[ArchiveEntry]())
	for _, k := range arch {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}()

// isHallEntry tells a hall of fame or archive entry from a genome: it has
// a key of HallEntry's or ArchiveEntry's that no genome has.
func isHallEntry(obj map[string]json.RawMessage) bool {
	for _, k := range hallOnlyKeys {
		if _, ok := obj[k]; ok {
			return true
		}
	}
	return false
}

// hallOnlyKeys are HallEntry's JSON keys that are not also a genome's.
var hallOnlyKeys = func() []string {
	_, gen := jsonFields(reflect.TypeFor[genome.Genome]())
	var only []string
	for _, k := range entryKeys {
		if _, ok := gen[k]; !ok {
			only = append(only, k)
		}
	}
	return only
}()
