package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// small returns the arguments of a run of a fraction of a second: a
// configuration file of few games, few ablation games and one re-scored
// game of the hall (the end of a run costs more than its generations).
func small(t *testing.T) []string {
	t.Helper()
	cfg := write(t, filepath.Join(t.TempDir(), "small.json"),
		`{"population": 8, "generations": 2, "games": 40, "skill_games": 10, "ablation_games": 100, "rescore": 1}`)
	return []string{"--config", cfg, "--from", runFrom}
}

// runFrom is the seed games the CLI's tests of whole runs start from: all
// but crazy-eights-openspiel-special, whose random games run about 750
// turns at each of four seat counts, so that evaluating it alone costs
// more than the rest together. The plumbing under test does not depend on
// the seed set; README's default run evolves every seed.
const runFrom = "crazy-eights,crazy-eights-openspiel,go-fish,hearts,old-maid,uno-stacking,uno-style,war,whist"

// evolveRun runs evolve with args and --out a new directory, which it
// returns with the output.
func evolveRun(t *testing.T, args ...string) (dir, stdout string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "run")
	code, out, e := runCLI(t, append(append([]string{"evolve"}, args...), "--out", dir)...)
	if code != exitOK {
		t.Fatalf("evolve %s: exit %d: %s", strings.Join(args, " "), code, e)
	}
	return dir, strings.ReplaceAll(out, dir, "RUN")
}

func write(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// names lists the games' names.
func names(gs []*genome.Genome) []string {
	var ns []string
	for _, g := range gs {
		ns = append(ns, g.Name)
	}
	return ns
}

// TestEvolveFromRun: a run directory, its hall of fame and its best game
// are games to start from, and a run starts from them; each game is used
// once.
func TestEvolveFromRun(t *testing.T) {
	a, _ := evolveRun(t, append(small(t), "--seed", "3")...)
	data, err := os.ReadFile(filepath.Join(a, "hall_of_fame.json"))
	if err != nil {
		t.Fatal(err)
	}
	hall, err := evolve.ParseGenomeList(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(hall) < 3 {
		t.Fatalf("the hall of fame has %d games; the test wants 3 or more", len(hall))
	}
	hallNames := names(hall)
	bj, err := os.ReadFile(filepath.Join(a, "best.json"))
	if err != nil {
		t.Fatal(err)
	}
	best, err := genome.Parse(bj)
	if err != nil {
		t.Fatal(err)
	}
	// The directory's files in name order: best.json (the winner by the
	// final re-score, a member of the hall), then the rest of the hall.
	dirNames := []string{best.Name}
	for _, n := range hallNames {
		if n != best.Name {
			dirNames = append(dirNames, n)
		}
	}
	if len(dirNames) != len(hallNames) {
		t.Fatalf("best.json's game %s is not in the hall of fame %q", best.Name, hallNames)
	}
	hallFile, bestFile := filepath.Join(a, "hall_of_fame.json"), filepath.Join(a, "best.json")
	for _, c := range []struct {
		from  string
		names []string
	}{
		{a, dirNames},
		{hallFile, hallNames},
		{hallFile + "," + bestFile + "," + a, hallNames},
		{bestFile + "," + hallFile, dirNames},
	} {
		gs, err := seedGames(c.from)
		if err != nil {
			t.Errorf("--from %s: %v", c.from, err)
		} else if got := names(gs); !slices.Equal(got, c.names) {
			t.Errorf("--from %s: games %q, want %q", c.from, got, c.names)
		}
	}

	line := func(names []string, pop int) string {
		return "evolving from " + strings.Join(names, ", ") + ": population " + strconv.Itoa(pop) + ", 1 generations, 40 games per evaluation, seed 1\n"
	}
	t.Run("a run from a run directory", func(t *testing.T) {
		run, out := evolveRun(t, append(small(t), "--from", a, "--pop", "12", "--generations", "1")...)
		if first, _, _ := strings.Cut(out, "\n"); first+"\n" != line(dirNames, 12) {
			t.Errorf("first line:\n got %q\nwant %q", first, line(dirNames, 12))
		}
		if _, err := os.Stat(filepath.Join(run, "best.json")); err != nil {
			t.Error(err)
		}
	})
	t.Run("more games than the population", func(t *testing.T) {
		_, out := evolveRun(t, append(small(t), "--from", a, "--pop", "2", "--elite", "1", "--tournament", "2", "--generations", "1")...)
		want := "--from gives " + strconv.Itoa(len(hall)) + " games; a population of 2 starts from the first 2\n" + line(dirNames[:2], 2)
		if !strings.HasPrefix(out, want) {
			t.Errorf("output starts\n%s\nwant\n%s", out[:min(len(out), len(want))], want)
		}
	})
}

// TestEvolveFromFiles: seed names, program files and genome files mix;
// a game without a name takes its file's, and a game given twice (war's
// program file and war) is used once.
func TestEvolveFromFiles(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "war.dspf")
	if code, _, e := runCLI(t, "compile", "war", "-o", prog); code != 0 {
		t.Fatal(e)
	}
	g := testkit.SeedGenome(t, "whist")
	g.Name, g.Summary = "", ""
	js, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	mine := write(t, filepath.Join(dir, "my-game.json"), string(js))
	gs, err := seedGames(prog + ", go-fish ," + mine + ",war,whist")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(gs), []string{"war", "go-fish", "my-game"}; !slices.Equal(got, want) {
		t.Errorf("games %q, want %q", got, want)
	}
	if gs, err := seedGames(""); err != nil || !slices.Equal(names(gs), genome.SeedNames()) {
		t.Errorf("no --from: games %q (%v), want every seed game %q", names(gs), err, genome.SeedNames())
	}
}

// TestEvolveFromErrors: what --from cannot load is a usage mistake naming
// the item or file and why, and creates no run directory.
func TestEvolveFromErrors(t *testing.T) {
	dir := t.TempDir()
	mkdir := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := mkdir("empty")
	sideOnly := mkdir("side-only")
	write(t, filepath.Join(sideOnly, "config.json"), `{"fitness_version": 2}`)
	write(t, filepath.Join(sideOnly, "notes.txt"), `not json`)
	notes := mkdir("notes")
	write(t, filepath.Join(notes, "a.json"), string(mustEncode(t, "war")))
	write(t, filepath.Join(notes, "b.json"), `{"title": "my notes"}`)
	war := string(mustEncode(t, "war"))
	badWar := strings.Replace(war, `"turn_cap": 3000`, `"turn_cap": 0`, 1)
	hall := write(t, filepath.Join(dir, "hall.json"), `[{"rank": 1, "genome": `+war+`}, {"rank": 2, "genome": `+badWar+`}]`)
	broken := write(t, filepath.Join(dir, "broken.json"), "{\n  \"schema\": 1,\n  \"seats\": \n}")
	runCfg := write(t, filepath.Join(dir, "config.json"), `{"fitness_version": 2, "population": 8}`)
	seeds := seedList
	cases := []struct {
		from string
		want string // the first line of stderr
	}{
		{"chess", `darwinsim: --from: chess: no seed game of that name, and no such file or directory (seed games: ` + seeds + `)`},
		{"war,", `darwinsim: --from: an empty item (a doubled or trailing comma?)`},
		{"war,,whist", `darwinsim: --from: an empty item (a doubled or trailing comma?)`},
		{filepath.Join(dir, "nosuch.json"), `darwinsim: --from: ` + filepath.Join(dir, "nosuch.json") + `: no such file or directory`},
		{empty, `darwinsim: --from: ` + empty + `: no game files in the directory (*.json other than a run's config.json, timings.json, provenance.json)`},
		{sideOnly, `darwinsim: --from: ` + sideOnly + `: no game files in the directory (*.json other than a run's config.json, timings.json, provenance.json)`},
		{"war," + notes, `darwinsim: --from: ` + filepath.Join(notes, "b.json") + `: $.title: unknown field "title"`},
		{hall, `darwinsim: --from: ` + hall + `: $[1].genome.turn_cap: must be between 1 and 50000, got 0`},
		{broken, `darwinsim: --from: ` + broken + `: $: invalid JSON at line 4, column 1: invalid character '}' looking for beginning of value`},
		{runCfg, `darwinsim: --from: ` + runCfg + `: a run's configuration, not a game (it goes to --config)`},
	}
	for _, c := range cases {
		t.Run(c.from, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "run")
			code, _, errOut := runCLI(t, "evolve", "--from", c.from, "--out", out)
			if code != exitUsage {
				t.Errorf("exit %d, want %d (stderr: %s)", code, exitUsage, errOut)
			}
			if first, _, _ := strings.Cut(errOut, "\n"); first != c.want {
				t.Errorf("stderr first line:\n got %q\nwant %q", first, c.want)
			}
			if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a refused run created its --out directory (%v)", err)
			}
		})
	}
}

func mustEncode(t *testing.T, seed string) []byte {
	t.Helper()
	b, err := testkit.SeedGenome(t, seed).Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
