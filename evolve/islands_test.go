package evolve

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
)

// islandConfig is a small run of three islands that migrate after every
// generation.
func islandConfig() Config {
	cfg := testConfig()
	cfg.Population, cfg.Generations, cfg.Games, cfg.SkillGames = 6, 2, 10, 0
	cfg.Islands, cfg.MigrateEvery, cfg.Migrants = 3, 1, 2
	return cfg
}

// migrate is the migration at the end of an epoch as islandsLoop makes it,
// for the tests, in one step: pops are
// the islands' scored populations, each best first, and island i receives
// from island src[i] (immigrate). Every island sends what it held before
// any received, so the result depends on pops, src and k alone. pops is
// not changed; with k <= 0 the populations come back as they were.
func migrate(pops [][]*Individual, src []int, k int) [][]*Individual {
	out := make([][]*Individual, len(pops))
	for i, pop := range pops {
		out[i] = immigrate(pop, pops[src[i]], k)
	}
	return out
}

// ring lists the sources of a ring of n islands: i receives from i-1.
func ring(n int) []int {
	cfg := Config{Islands: n}
	return migrationSources(&cfg, 0)
}

// member makes an individual of fitness f whose hash starts with id.
func member(id byte, f float64) *Individual {
	ind := &Individual{Genome: genome.Seeds()[0].Canonical(), Score: Score{Fitness: f}}
	ind.Hash[0] = id
	return ind
}

// ids lists the first hash byte of each individual, in order.
func ids(pop []*Individual) []byte {
	var out []byte
	for _, ind := range pop {
		out = append(out, ind.Hash[0])
	}
	return out
}

// TestMigrate: each island's best k go, as copies, to the next island
// along the ring, in place of its k worst; the inputs stay as they were.
func TestMigrate(t *testing.T) {
	pops := [][]*Individual{
		{member(10, 0.9), member(11, 0.8), member(12, 0.7), member(13, 0.6)},
		{member(20, 0.95), member(21, 0.5), member(22, 0.4), member(23, 0.3)},
		{member(30, 0.85), member(31, 0.75), member(32, 0.2), member(33, 0.1)},
	}
	before := make([][]byte, len(pops))
	for i, p := range pops {
		before[i] = ids(p)
	}
	got := migrate(pops, ring(len(pops)), 2)
	want := [][]byte{
		{10, 30, 11, 31}, // from island 2: 30 and 31 replace 12 and 13
		{20, 10, 11, 21}, // from island 0: 10 and 11 replace 22 and 23
		{20, 30, 31, 21}, // from island 1: 20 and 21 replace 32 and 33
	}
	for i := range pops {
		if !slices.Equal(ids(got[i]), want[i]) {
			t.Errorf("island %d after migration: %v, want %v", i, ids(got[i]), want[i])
		}
		if !slices.Equal(ids(pops[i]), before[i]) {
			t.Errorf("island %d's input changed: %v, was %v", i, ids(pops[i]), before[i])
		}
	}
	// A migrant is a copy: the sender keeps its own, and the receiver gets
	// another individual (with its genome) of the same hash and score.
	sent, kept := got[1][1], pops[0][0]
	if sent == kept || sent.Genome == kept.Genome || sent.Hash != kept.Hash || sent.Score != kept.Score {
		t.Errorf("the migrant from island 0 to 1 is not a copy of its best")
	}
	if got[0][0] != pops[0][0] {
		t.Errorf("a member that stays is not the same individual")
	}
}

// TestMigrateDuplicates: a migrant whose genome the receiver keeps already
// is not sent, and the receiver's best of its worst keeps the place.
func TestMigrateDuplicates(t *testing.T) {
	pops := [][]*Individual{
		{member(1, 0.9), member(2, 0.8), member(3, 0.2)},
		{member(1, 0.7), member(4, 0.6), member(5, 0.5)},
	}
	got := migrate(pops, ring(len(pops)), 2)
	// Island 1 keeps 1; of island 0's best, 1 and 2, only 2 comes; 4, the
	// better of its two worst, stays; all best first.
	if want := []byte{2, 1, 4}; !slices.Equal(ids(got[1]), want) {
		t.Errorf("island 1: %v, want %v", ids(got[1]), want)
	}
	// Island 0 keeps 1; island 1's 1 is not sent again, 4 comes, 2 stays.
	if want := []byte{1, 2, 4}; !slices.Equal(ids(got[0]), want) {
		t.Errorf("island 0: %v, want %v", ids(got[0]), want)
	}
	for _, k := range []int{0, -1} {
		if got := migrate(pops, ring(len(pops)), k); !slices.Equal(ids(got[0]), ids(pops[0])) || !slices.Equal(ids(got[1]), ids(pops[1])) {
			t.Errorf("migrate(pops, %d) changed the populations", k)
		}
	}
	one := migrate(pops[:1], []int{0}, 2)
	if !slices.Equal(ids(one[0]), ids(pops[0])) {
		t.Errorf("a single island migrated: %v", ids(one[0]))
	}
}

// TestEpochEnd: migrations come after generations M, 2M, ...
func TestEpochEnd(t *testing.T) {
	for _, c := range []struct{ from, every, want int }{
		{0, 5, 5}, {6, 5, 10}, {11, 5, 15}, {0, 1, 1}, {2, 1, 2}, {3, 1, 3}, {0, 3, 3}, {4, 3, 6},
	} {
		if got := epochEnd(c.from, c.every); got != c.want {
			t.Errorf("epochEnd(%d, %d) = %d, want %d", c.from, c.every, got, c.want)
		}
	}
}

// TestIslandsDeterministicAcrossWorkers: a run of islands gives the same
// result on 1 and 2 workers (whatever runs at once), its combined lines
// are those of its islands, and migration changes the run.
func TestIslandsDeterministicAcrossWorkers(t *testing.T) {
	var first *Result
	for _, w := range []int{1, 2} {
		cfg := islandConfig()
		cfg.Workers = w
		res, err := Run(context.Background(), cfg, runSeeds(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Islands) != cfg.Islands || len(res.History) != cfg.Generations+1 || len(res.Population) != cfg.Islands*cfg.Population {
			t.Fatalf("workers=%d: %d island histories, %d lines, %d members", w, len(res.Islands), len(res.History), len(res.Population))
		}
		for g, gs := range res.History {
			best, games := 0.0, uint64(0)
			for _, h := range res.Islands {
				best = max(best, h[g].Best)
				games += h[g].Games
			}
			if gs.Gen != g || gs.Best != best || gs.Games != games {
				t.Errorf("workers=%d: generation %d combines to %+v, islands' best %v and games %d", w, g, gs, best, games)
			}
		}
		if first == nil {
			first = res
			continue
		}
		if !reflect.DeepEqual(summary(res), summary(first)) || !reflect.DeepEqual(res.Islands, first.Islands) {
			t.Fatalf("workers=%d: run differs from workers=1", w)
		}
	}
	cfg := islandConfig()
	cfg.Migrants = 0
	res, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(res.Islands, first.Islands) {
		t.Errorf("the islands evolved alike with and without migrants")
	}
}

// TestIslandsIndependent: without a migration, island i is the plain run
// of seed IslandSeed(seed, i), generation for generation.
func TestIslandsIndependent(t *testing.T) {
	cfg := islandConfig()
	cfg.Islands, cfg.MigrateEvery = 2, cfg.Generations
	res, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range res.Islands {
		plain := cfg
		plain.Islands, plain.MigrateEvery, plain.Migrants = 0, 0, 0
		plain.Seed = IslandSeed(cfg.Seed, i)
		want, err := Run(context.Background(), plain, runSeeds(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(h, want.History) {
			t.Errorf("island %d differs from the plain run of its seed", i)
		}
	}
}

// TestIslandsOneIsPlain: Islands 1 is a plain run, to its configuration.
func TestIslandsOneIsPlain(t *testing.T) {
	cfg := islandConfig()
	cfg.Islands, cfg.MigrateEvery, cfg.Migrants = 0, 0, 0
	plain, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Islands = 1
	one, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(summary(one), summary(plain)) || one.Config != plain.Config || one.Islands != nil {
		t.Errorf("a run of one island differs from a plain run")
	}
}

// TestIslandsResume: a run of islands in one process, interrupted after
// any of its checkpoints (the islands then stand at different
// generations of one epoch), and resumed from every island's last
// checkpoint as the file holds it, ends exactly as the run that was never
// interrupted: its history, islands, hall, population, lineage and counts.
func TestIslandsResume(t *testing.T) {
	cfg := islandConfig()
	cfg.Generations, cfg.MigrateEvery, cfg.Workers = 4, 2, 2
	want, err := Run(context.Background(), cfg, runSeeds(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	total := cfg.Islands * (cfg.Generations + 1)
	for _, cut := range []int{1, 3, 5, 8, 9, total - 1} {
		ctx, cancel := context.WithCancel(context.Background())
		latest := make([]*Checkpoint, cfg.Islands)
		n := 0
		res, err := Run(ctx, cfg, runSeeds(), Options{Checkpoint: func(cp *Checkpoint) error {
			buf, err := EncodeCheckpoint(cp)
			if err != nil {
				return err
			}
			if latest[cp.Island], err = DecodeCheckpoint(buf); err != nil {
				return err
			}
			if n++; n == cut {
				cancel()
			}
			return nil
		}})
		cancel()
		if err == nil && n == total {
			// Cut in the last epoch, the islands at work finished it:
			// the run ends as it would have.
			if !reflect.DeepEqual(summary(res), summary(want)) {
				t.Errorf("cut after checkpoint %d: the run finished, differently", cut)
			}
			continue
		}
		if !errors.Is(err, ErrInterrupted) {
			t.Fatalf("cut after checkpoint %d: %v, want ErrInterrupted", cut, err)
		}
		if slices.Contains(latest, nil) {
			// Interrupted before every island's first checkpoint: a run
			// that starts again.
			continue
		}
		got, err := ResumeIslands(context.Background(), latest, 1, Options{})
		if err != nil {
			t.Fatalf("cut after checkpoint %d: %v", cut, err)
		}
		if !reflect.DeepEqual(summary(got), summary(want)) || !reflect.DeepEqual(got.Islands, want.Islands) || !reflect.DeepEqual(got.Lineage, want.Lineage) || len(got.Population) != len(want.Population) {
			t.Errorf("cut after checkpoint %d: the resumed run differs from the uninterrupted one", cut)
		}
		for i := range got.Population {
			if got.Population[i].Hash != want.Population[i].Hash || got.Population[i].Score != want.Population[i].Score {
				t.Errorf("cut after checkpoint %d: member %d differs", cut, i)
				break
			}
		}
	}
	// Checkpoints of two epochs are refused.
	var cps []*Checkpoint
	_, err = Run(context.Background(), cfg, runSeeds(), Options{Checkpoint: func(cp *Checkpoint) error {
		if cp.Gen == 2 && cp.Island > 0 || cp.Gen == 3 && cp.Island == 0 {
			cps = append(cps, cp)
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(cps, func(a, b *Checkpoint) int { return a.Island - b.Island })
	if _, err := ResumeIslands(context.Background(), cps, 1, Options{}); err == nil || !strings.Contains(err.Error(), "not of one epoch") {
		t.Errorf("checkpoints of generations 3, 2 and 2 (epochs 2 and 4): %v", err)
	}
}

// TestIslandsConfig: the island fields' ranges, defaults and spelling.
func TestIslandsConfig(t *testing.T) {
	base := testConfig()
	for _, c := range []struct{ file, want string }{
		{`{"islands": -1}`, "islands must be between 1 and 1024"},
		{`{"islands": 1025}`, "islands must be between 1 and 1024"},
		{`{"migrate_every": 3}`, "migrate_every is used only with islands"},
		{`{"islands": 1, "migrants": 2}`, "migrants are used only with islands"},
		{`{"islands": 2, "migrate_every": 0}`, "migrate_every must be between 1 and 1000000"},
		{`{"islands": 2, "migrants": 9}`, "migrants must be between 0 and population - elite (8)"},
		{`{"islands": 2, "search": "map-elites"}`, "islands evolve by the genetic loop only"},
	} {
		_, err := ParseConfig(base, []byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.file, err, c.want)
		}
	}
	cfg, err := ParseConfig(base, []byte(`{"islands": 4}`))
	if err != nil || cfg.Islands != 4 || cfg.MigrateEvery != DefaultMigrateEvery || cfg.Migrants != DefaultMigrants {
		t.Errorf(`{"islands": 4}: %+v, %v; want the default epoch and migrants`, cfg, err)
	}
	cfg, err = ParseConfig(base, []byte(`{"islands": 4, "migrants": 0}`))
	if err != nil || cfg.Migrants != 0 {
		t.Errorf(`{"islands": 4, "migrants": 0}: %d migrants, %v; want 0`, cfg.Migrants, err)
	}
	// One island is a plain run, with a plain run's config.json.
	cfg, err = ParseConfig(base, []byte(`{"islands": 1}`))
	if err != nil || cfg != base {
		t.Fatalf(`{"islands": 1}: %+v, %v; want the base`, cfg, err)
	}
	js, err := ConfigJSON(cfg)
	if err != nil || strings.Contains(string(js), "island") || strings.Contains(string(js), "migra") {
		t.Errorf("a plain run's config.json names islands: %s (%v)", js, err)
	}
	// A run's config.json reads back to its configuration.
	isl := islandConfig()
	js, err = ConfigJSON(isl)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := ParseConfig(Config{}, js); err != nil || cfg != isl {
		t.Errorf("config.json of islands reads back as %+v, %v", cfg, err)
	}
	// The run's bound counts every island.
	big := base
	big.Population, big.Generations, big.Games, big.Islands, big.MigrateEvery, big.Migrants = 100000, 1000000, MaxGames, 1024, 1, 1
	if err := big.Validate(); err == nil || !strings.Contains(err.Error(), "a run of 1024 islands") {
		t.Errorf("a run of 10^21 games validates: %v", err)
	}
}
