package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
)

// Run is what a run's report shows, as read from its run directory
// (LoadRun).
type Run struct {
	Dir         string
	Config      evolve.Config
	Generations []Generation
	Rescored    []Rescored
	Operators   []evolve.OpStats
	Lineage     []Child
	Hall        []evolve.HallEntry
	Best        *genome.Genome // best.json
	// Starts are the run's starting games and Games the measured games
	// (the winner first, then each starting game); both nil for a run
	// directory that predates their files (Measured is then false).
	Starts   []*genome.Genome
	Games    []evolve.GameStats
	Measured bool
	// Archive is a MAP-Elites run's archive.json; nil for a genetic run.
	Archive []evolve.ArchiveEntry
}

// Generation is a line of generations.csv.
type Generation struct {
	Gen                     int
	Best, Mean, Median, Div float64
	Games                   uint64  // games played in the generation
	Coverage                int     // MAP-Elites only
	QDScore                 float64 // MAP-Elites only
}

// Rescored is a line of rescore.csv: a game re-scored on fresh seeds, its
// mean fitness and 95% interval. Hash is the first 6 bytes in hex.
type Rescored struct {
	Name, Hash   string
	Mean, Lo, Hi float64
}

// Child is a line of lineage.csv: a bred child, the operators that changed
// it, and the fitness of its first parent and its own.
type Child struct {
	Gen                         int
	Operators                   []string
	ParentFitness, ChildFitness float64
}

// readFile reads a file of the run directory; a missing one is an error
// that asks whether dir is a finished run's, and how to finish one.
func readFile(dir, name string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: missing: is %s the directory of a finished run of darwinsim evolve --out? (a run that was interrupted ends with darwinsim evolve --resume %s)", filepath.Join(dir, name), dir, dir)
	}
	return data, err
}

// LoadRun reads the run directory dir. Every file is read strictly; the
// first problem found is the error, naming the file and where in it.
func LoadRun(dir string) (*Run, error) {
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return nil, fmt.Errorf("no run directory: %w", err)
	case !fi.IsDir():
		return nil, fmt.Errorf("%s is not a run directory: it is not a directory", dir)
	}
	r := &Run{Dir: dir}
	data, err := readFile(dir, evolve.ConfigFile)
	if err != nil {
		return nil, err
	}
	if r.Config, err = evolve.ParseConfig(evolve.Config{}, data); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, evolve.ConfigFile), err)
	}
	type step struct {
		name string
		read func(data []byte) error
	}
	steps := []step{
		{"generations.csv", r.readGenerations},
		{"rescore.csv", r.readRescore},
		{"operators.csv", r.readOperators},
		{"lineage.csv", r.readLineage},
		{"hall_of_fame.json", r.readHall},
		{"best.json", r.readBest},
	}
	if r.Config.Search == evolve.SearchMapElites {
		steps = append(steps, step{"archive.json", r.readArchive})
	}
	for _, s := range steps {
		data, err := readFile(dir, s.name)
		if err != nil {
			return nil, err
		}
		if err := s.read(data); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, s.name), err)
		}
	}
	if err := r.readMeasured(); err != nil {
		return nil, err
	}
	return r, nil
}

// readMeasured reads the starting games and the measured games: both
// files, or neither (a run directory from before they existed).
func (r *Run) readMeasured() error {
	_, serr := os.Stat(filepath.Join(r.Dir, evolve.StartsFile))
	_, gerr := os.Stat(filepath.Join(r.Dir, evolve.GameStatsFile))
	if errors.Is(serr, fs.ErrNotExist) && errors.Is(gerr, fs.ErrNotExist) {
		return nil
	}
	starts, err := readFile(r.Dir, evolve.StartsFile)
	if err != nil {
		return err
	}
	stats, err := readFile(r.Dir, evolve.GameStatsFile)
	if err != nil {
		return err
	}
	if r.Starts, err = evolve.ParseStarts(starts); err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(r.Dir, evolve.StartsFile), err)
	}
	path := filepath.Join(r.Dir, evolve.GameStatsFile)
	if r.Games, err = evolve.ParseGameStats(stats); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(r.Games) != 1+len(r.Starts) {
		return fmt.Errorf("%s: %d games, want %d: the winner and the %d starting games of %s", path, len(r.Games), 1+len(r.Starts), len(r.Starts), evolve.StartsFile)
	}
	for i, g := range r.Games {
		want, name := evolve.RoleStart, ""
		if i == 0 {
			want, name = evolve.RoleWinner, r.Best.Name
		} else {
			name = r.Starts[i-1].Name
		}
		if g.Role != want || g.Name != name {
			return fmt.Errorf("%s: line %d: the %s %q, want the %s %q", path, i+1, g.Role, g.Name, want, name)
		}
	}
	r.Measured = true
	return nil
}

func (r *Run) readGenerations(data []byte) error {
	t, err := readTable(data, []string{"generation", "best", "mean", "median", "diversity", "evaluated", "reevaluated", "games", "best_hash", "filled"}, "coverage", "qd_score")
	if err != nil {
		return err
	}
	qd := t.has("coverage")
	if qd != (r.Config.Search == evolve.SearchMapElites) {
		return fmt.Errorf("the columns coverage and qd_score belong to a MAP-Elites run, and %s says this run is %s", evolve.ConfigFile, searchName(r.Config.Search))
	}
	for i := range t.rows {
		g := Generation{Gen: t.count(i, "generation"), Best: t.float(i, "best"), Mean: t.float(i, "mean"),
			Median: t.float(i, "median"), Div: t.float(i, "diversity"), Games: uint64(t.count(i, "games"))}
		if qd {
			g.Coverage, g.QDScore = t.count(i, "coverage"), t.float(i, "qd_score")
		}
		if t.err == nil && g.Gen != i {
			t.fail(i, "generation", "generation %d on the line of generation %d", g.Gen, i)
		}
		r.Generations = append(r.Generations, g)
	}
	if t.err == nil && len(r.Generations) != r.Config.Generations+1 {
		return fmt.Errorf("%d generations, want %d (generation 0 to %d of %s)", len(r.Generations), r.Config.Generations+1, r.Config.Generations, evolve.ConfigFile)
	}
	return t.err
}

func (r *Run) readRescore(data []byte) error {
	t, err := readTable(data, []string{"name", "hash", "fitness_mean", "ci_low", "ci_high"})
	if err != nil {
		return err
	}
	for i := range t.rows {
		x := Rescored{Name: t.str(i, "name"), Hash: t.str(i, "hash"), Mean: t.float(i, "fitness_mean"), Lo: t.float(i, "ci_low"), Hi: t.float(i, "ci_high")}
		if t.err == nil && !(x.Lo <= x.Mean && x.Mean <= x.Hi) {
			t.fail(i, "fitness_mean", "%v outside its interval [%v, %v]", x.Mean, x.Lo, x.Hi)
		}
		r.Rescored = append(r.Rescored, x)
	}
	return t.err
}

func (r *Run) readOperators(data []byte) error {
	t, err := readTable(data, []string{"operator", "applied", "first_try", "failed", "first_try_rate"})
	if err != nil {
		return err
	}
	for i := range t.rows {
		o := evolve.OpStats{Name: t.str(i, "operator"), Applied: t.count(i, "applied"), FirstTry: t.count(i, "first_try"), Failed: t.count(i, "failed")}
		if t.err == nil && o.FirstTry > o.Applied {
			t.fail(i, "first_try", "%d first tries of %d applications", o.FirstTry, o.Applied)
		}
		r.Operators = append(r.Operators, o)
	}
	return t.err
}

func (r *Run) readLineage(data []byte) error {
	t, err := readTable(data, []string{"generation", "child", "parents", "operators", "parent_fitness", "child_fitness"})
	if err != nil {
		return err
	}
	known := map[string]bool{}
	for _, o := range r.Operators {
		known[o.Name] = true
	}
	for i := range t.rows {
		c := Child{Gen: t.count(i, "generation"), Operators: strings.Fields(t.str(i, "operators")),
			ParentFitness: t.float(i, "parent_fitness"), ChildFitness: t.float(i, "child_fitness")}
		for _, op := range c.Operators {
			if t.err == nil && !known[op] {
				t.fail(i, "operators", "operator %q is not one of operators.csv", op)
			}
		}
		r.Lineage = append(r.Lineage, c)
	}
	return t.err
}

// readEntries reads a JSON list of hall of fame or archive entries (E),
// their genomes read strictly (evolve.ParseGenomeList) and set by set.
func readEntries[E any](data []byte, set func(e *E, g *genome.Genome)) ([]E, error) {
	gs, err := evolve.ParseGenomeList(data)
	if err != nil {
		return nil, err
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		return nil, err // ParseGenomeList has read it as a list
	}
	out := make([]E, len(items))
	for i, item := range items {
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(item, &keys); err != nil || keys["genome"] == nil {
			return nil, fmt.Errorf("$[%d]: a genome, not an entry with its genome", i)
		}
		if err := json.Unmarshal(item, &out[i]); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return nil, fmt.Errorf("$[%d]%s: expected %s, got a JSON %s", i, strings.TrimPrefix(jsonPath(te.Field), "$"), te.Type, te.Value)
			}
			return nil, fmt.Errorf("$[%d]: %w", i, err)
		}
		set(&out[i], gs[i])
	}
	return out, nil
}

// jsonPath turns encoding/json's field path ("0.score.fitness") into a
// JSON path ("$[0].score.fitness").
func jsonPath(field string) string {
	var b strings.Builder
	b.WriteString("$")
	for _, f := range strings.Split(field, ".") {
		if f != "" && strings.Trim(f, "0123456789") == "" {
			b.WriteString("[" + f + "]")
		} else if f != "" {
			b.WriteString("." + f)
		}
	}
	return b.String()
}

func (r *Run) readHall(data []byte) (err error) {
	r.Hall, err = readEntries(data, func(e *evolve.HallEntry, g *genome.Genome) { e.Genome = g })
	return err
}

func (r *Run) readArchive(data []byte) (err error) {
	if r.Archive, err = readEntries(data, func(e *evolve.ArchiveEntry, g *genome.Genome) { e.Genome = g }); err != nil {
		return err
	}
	for i, e := range r.Archive {
		if evolve.CellBins(e.Cell) == nil {
			return fmt.Errorf("$[%d].cell: %d is no cell of the grid (0 to %d)", i, e.Cell, evolve.NumCells-1)
		}
	}
	return nil
}

func (r *Run) readBest(data []byte) error {
	g, err := genome.Parse(data)
	if err != nil {
		return err
	}
	r.Best = g
	return nil
}

func searchName(s string) string {
	if s == evolve.SearchGenetic {
		return "genetic"
	}
	return s
}
