package evolve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestParseGenomeListReadsHall: the hall_of_fame.json WriteRun writes
// reads back as its genomes, in rank order, with their names.
func TestParseGenomeListReadsHall(t *testing.T) {
	res := &Result{Config: testConfig()}
	for i, n := range []string{"whist", "uno-style", "hearts"} {
		g := testkit.SeedGenome(t, n).Canonical()
		res.Hall = append(res.Hall, &Individual{Genome: g, Hash: g.Hash(), Origin: n, Born: i, Score: Score{Fitness: 0.5}})
	}
	dir := t.TempDir()
	if err := WriteRun(dir, res, nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "hall_of_fame.json"))
	if err != nil {
		t.Fatal(err)
	}
	gs, err := ParseGenomeList(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != len(res.Hall) {
		t.Fatalf("%d genomes, want %d", len(gs), len(res.Hall))
	}
	for i, g := range gs {
		want := Named(res.Hall[i], res.Config.Seed)
		if g.Hash() != res.Hall[i].Hash || g.Name != want.Name || g.Summary != want.Summary {
			t.Errorf("genome %d: %s (%s), hash %x; want %s (%s), hash %x", i, g.Name, g.Summary, g.Hash(), want.Name, want.Summary, res.Hall[i].Hash)
		}
	}
}

func TestParseGenomeList(t *testing.T) {
	seedJSON := func(name string) string {
		b, err := testkit.SeedGenome(t, name).Encode()
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	war, goFish := seedJSON("war"), seedJSON("go-fish")
	badWar := strings.Replace(war, `"turn_cap": 3000`, `"turn_cap": 0`, 1)
	if badWar == war {
		t.Fatal("the war seed has no turn_cap of 3000 to break")
	}
	ok := []struct {
		name, file string
		want       []string
	}{
		{"genomes", "[" + war + "," + goFish + "]", []string{"war", "go-fish"}},
		{"entries", `[{"rank": 1, "genome": ` + goFish + `}, {"genome": ` + war + `, "score": {"fitness": 0}}]`, []string{"go-fish", "war"}},
		{"both", `[` + war + `, {"genome": ` + goFish + `}]`, []string{"war", "go-fish"}},
	}
	for _, c := range ok {
		t.Run(c.name, func(t *testing.T) {
			gs, err := ParseGenomeList([]byte(c.file))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, g := range gs {
				names = append(names, g.Name)
			}
			if strings.Join(names, ",") != strings.Join(c.want, ",") {
				t.Errorf("names %q, want %q", names, c.want)
			}
		})
	}
	bad := []struct{ name, file, want string }{
		{"empty", ``, `$: empty input: expected a list of genomes or of hall of fame entries`},
		{"syntax", "[\n  {,\n]", `$: invalid JSON at line 2, column 4: invalid character ',' looking for beginning of object key string`},
		{"an object", `{"schema": 1}`, `$: expected a list of genomes or of hall of fame entries, got a JSON object`},
		{"trailing data", "[3]\n]", `$: unexpected data after the JSON document at line 2, column 1`},
		{"empty list", `[]`, `$: an empty list: no games`},
		{"not an object", `[3]`, `$[0]: expected an object, got the number 3`},
		{"entry without genome", `[{"rank": 1, "name": "x"}]`, `$[0]: a hall of fame entry without its genome`},
		{"entry with null genome", `[{"rank": 1, "genome": null}]`, `$[0].genome: expected an object, got null`},
		{"entry unknown field", `[{"rank": 1, "genome": ` + war + `, "fitness": 1}]`,
			`$[0].fitness: unknown field "fitness" (a hall of fame or archive entry has rank, name, hash, origin, born, score, genome, cell, bins, descriptors, rescore, good, distinct)`},
		{"invalid genome in an entry", `[` + war + `, {"genome": ` + badWar + `}]`, `$[1].genome.turn_cap: must be between 1 and 50000, got 0`},
		{"every problem", `[` + badWar + `, {"schema": 1, "bogus": 2}]`, `2 problems:
  $[0].turn_cap: must be between 1 and 50000, got 0
  $[1].bogus: unknown field "bogus"`},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			gs, err := ParseGenomeList([]byte(c.file))
			if err == nil {
				t.Fatalf("%d genomes, want an error", len(gs))
			}
			if err.Error() != c.want {
				t.Errorf("\n got %s\nwant %s", err, c.want)
			}
			if _, ok := err.(genome.Problems); !ok {
				t.Errorf("error is a %T, want genome.Problems", err)
			}
		})
	}
}

// TestNoWinner: a run whose every game is degenerate (from War alone, in
// which no player ever has a choice) has an empty hall of fame: Best is
// nil, and CheckWinner and WriteRun say why, writing nothing.
func TestNoWinner(t *testing.T) {
	res, _ := runRecordedFrom(t, tinyConfig(), []*genome.Genome{testkit.SeedGenome(t, "war")})
	if len(res.Hall) != 0 {
		t.Fatalf("a run from War has %d games in its hall of fame", len(res.Hall))
	}
	if w := Best(res, nil); w != nil {
		t.Errorf("Best = %v", w)
	}
	const want = "the run has no winner: every game it scored is degenerate (the last generation's best: players never make an informed choice"
	if err := CheckWinner(res); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("CheckWinner: %v", err)
	}
	dir := t.TempDir()
	if err := WriteRun(dir, res, nil); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("WriteRun: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("WriteRun of a run without a winner wrote %d files", len(entries))
	}
	if res, _ := runRecordedFrom(t, tinyConfig(), []*genome.Genome{testkit.SeedGenome(t, "go-fish")}); CheckWinner(res) != nil || Best(res, nil) == nil {
		t.Errorf("a run with a hall of fame: CheckWinner %v", CheckWinner(res))
	}
}
