package report

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// The tests share two small run directories, made once by the first test
// that asks (runs), in a directory TestMain removes: a genetic run whose
// skill metric is a ladder, and a MAP-Elites run.
var (
	fixtureDir  string
	fixtureMu   sync.Mutex
	fixtureRuns = map[string]string{}
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "darwinsim-report-test-")
	if err != nil {
		panic(err)
	}
	fixtureDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Fixture kinds.
const (
	ladderRun    = "ladder"
	mapElitesRun = "map-elites"
)

// fixtureConfig is a run small enough for a test: four games of four
// seeds, two generations.
func fixtureConfig(kind string) evolve.Config {
	cfg, _ := evolve.Preset("quick")
	cfg.Population, cfg.Generations, cfg.Games, cfg.SkillGames = 4, 2, 30, 10
	cfg.Elite, cfg.Tournament, cfg.AblationGames, cfg.Rescore, cfg.Seed = 1, 2, 100, 2, 5
	switch kind {
	case ladderRun:
		cfg.Skill, cfg.Ladder, cfg.LadderGames = evolve.SkillLadder, "random,greedy", 4
	case mapElitesRun:
		cfg.Search = evolve.SearchMapElites
	}
	return cfg
}

// fixtureSeeds are the runs' starting games: one with effects, one
// without choices (degenerate), and two plain.
var fixtureSeeds = []string{"uno-style", "crazy-eights", "go-fish", "old-maid"}

// run returns the run directory of kind, made as darwinsim evolve --out
// makes one: a run directory, a checkpoint after every generation, the
// re-score of the best games and two seed games, then the result files.
func run(t testing.TB, kind string) string {
	t.Helper()
	fixtureMu.Lock()
	defer fixtureMu.Unlock()
	if dir, ok := fixtureRuns[kind]; ok {
		return dir
	}
	dir := filepath.Join(fixtureDir, kind)
	cfg := fixtureConfig(kind)
	rd, err := evolve.CreateRunDir(dir, cfg, evolve.Invocation{Args: []string{"darwinsim", "evolve"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	var seeds []*genome.Genome
	for _, n := range fixtureSeeds {
		seeds = append(seeds, testkit.SeedGenome(t, n))
	}
	ctx := context.Background()
	res, err := evolve.Run(ctx, cfg, seeds, evolve.Options{Checkpoint: rd.WriteCheckpoint})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var gs []*genome.Genome
	rescore := res.Hall[:min(len(res.Hall), cfg.Rescore)]
	if cfg.Search == evolve.SearchMapElites {
		rescore = res.Archive
	}
	for _, ind := range rescore {
		g := evolve.Named(ind, cfg.Seed)
		names, gs = append(names, g.Name), append(gs, g)
	}
	for _, n := range fixtureSeeds[:2] {
		names, gs = append(names, evolve.SeedPrefix+n), append(gs, testkit.SeedGenome(t, n))
	}
	rescored, err := evolve.Rescore(ctx, cfg, names, gs)
	if err != nil {
		t.Fatal(err)
	}
	if err := evolve.WriteRun(dir, res, rescored); err != nil {
		t.Fatal(err)
	}
	fixtureRuns[kind] = dir
	return dir
}

// copyRun copies the run directory of kind into a new directory of the
// test's, for a test that damages it.
func copyRun(t *testing.T, kind string) string {
	t.Helper()
	from := run(t, kind)
	to := filepath.Join(t.TempDir(), kind)
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}
