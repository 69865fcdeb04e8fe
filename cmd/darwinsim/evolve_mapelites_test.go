package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// mapElites returns the arguments of a MAP-Elites run of about a second:
// a batch of 8 children for 2 generations, few games per evaluation, few
// ablation games, from runFrom. The final re-score of every elite and
// every seed game is most of its time.
func mapElites(t *testing.T) []string {
	t.Helper()
	cfg := write(t, filepath.Join(t.TempDir(), "map-elites.json"), `{"ablation_games": 100, "rescore": 2}`)
	return []string{"--search", "map-elites", "--pop", "8", "--generations", "2", "--games", "30", "--skill-games", "10",
		"--config", cfg, "--from", runFrom}
}

// mapElitesFiles are the files of a MAP-Elites run directory that are
// its identity: its result files, config.json and its checkpoint.
func mapElitesFiles() []string {
	return append(slices.Clone(evolve.ResultFilesOf(evolve.Config{Search: evolve.SearchMapElites})), evolve.ConfigFile, evolve.CheckpointFile)
}

// sameFilesOf fails t unless files are the same bytes in directories a
// and b.
func sameFilesOf(t *testing.T, files []string, a, b string) {
	t.Helper()
	for _, f := range files {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, f))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between %s and %s (%v)", f, a, b, err)
		}
	}
}

// readArchive reads a run directory's archive.json, both as its entries
// and as the list of games darwinsim reads from it, and fails t unless
// the two agree: as many games as entries, each entry's genome carrying
// its name.
func readArchive(t *testing.T, dir string) ([]evolve.ArchiveEntry, []*genome.Genome) {
	t.Helper()
	path := filepath.Join(dir, "archive.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var entries []evolve.ArchiveEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	gs, err := evolve.ParseGenomeList(data)
	if err != nil {
		t.Fatalf("%s does not parse as a list of games: %v", path, err)
	}
	if len(gs) != len(entries) || len(entries) == 0 {
		t.Fatalf("%s: %d entries, %d games", path, len(entries), len(gs))
	}
	for i, en := range entries {
		if gs[i].Name != en.Name || en.Genome == nil || en.Genome.Name != en.Name {
			t.Errorf("%s: entry %d is named %q, its genome %q", path, i, en.Name, gs[i].Name)
		}
	}
	return entries, gs
}

// TestMapElitesSearchFlag proves that --search is checked before anything
// is written: an unknown search is a usage error naming the flag and the
// choices, and --resume refuses --search like the other flags of a run's
// configuration.
func TestMapElitesSearchFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // the first line of stderr
	}{
		{[]string{"--search", "bogus"}, `darwinsim: --search: unknown search "bogus" (have genetic, map-elites)`},
		{[]string{"--search", ""}, `darwinsim: --search: unknown search "" (have genetic, map-elites)`},
		{[]string{"--search", "MAP-Elites"}, `darwinsim: --search: unknown search "MAP-Elites" (have genetic, map-elites)`},
		{[]string{"--search", "map-elites", "--resume", t.TempDir()}, "darwinsim: --resume continues a run with its own configuration; --search cannot be changed"},
		{[]string{"--search", "genetic", "--resume", t.TempDir()}, "darwinsim: --resume continues a run with its own configuration; --search cannot be changed"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			// --out goes with a new run only: --resume refuses it before
			// --search.
			out := filepath.Join(t.TempDir(), "run")
			args := append([]string{"evolve"}, tc.args...)
			if !slices.Contains(tc.args, "--resume") {
				args = append(args, "--out", out)
			}
			code, o, e := runCLI(t, args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d: %s", code, exitUsage, e)
			}
			if first, _, _ := strings.Cut(e, "\n"); first != tc.want {
				t.Errorf("stderr first line:\n got %q\nwant %q", first, tc.want)
			}
			if !pointsToHelp(e) || o != "" {
				t.Errorf("want the usage text on stderr and nothing on stdout; stdout %q, stderr:\n%s", o, e)
			}
			if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a refused run created its --out directory (%v)", err)
			}
		})
	}
}

// distinctLine matches printArchive's count of distinct good games.
var distinctLine = regexp.MustCompile(`(?m)^(\d+) distinct good games \(new, no degenerate replicate, at or above the best seed game of their family, pairwise 0\.05 apart\) in (\d+) families \(([^)]*)\):$`)

// TestMapElitesRun proves what a MAP-Elites run with --out writes and
// prints: every result file (the archive's two included) and no other;
// config.json with "search": "map-elites"; generations.csv with the
// coverage and QD-score columns; archive.json whose every entry is a game
// darwinsim reads, in the cell of its descriptors, one entry per cell in
// cell order, and archive.csv with one row per entry; on stdout the
// archive's size and the count of distinct good games, which agree with
// archive.json. The same command on another worker count writes the same
// bytes. Its subtests pick games out of the run's lists (FILE#NAME) and
// start a run from its archive.
func TestMapElitesRun(t *testing.T) {
	a, outA := evolveRun(t, append(mapElites(t), "--workers", "1")...)
	b, outB := evolveRun(t, append(mapElites(t), "--workers", "2")...)
	// The worker count changes nothing: not a byte of the identity files
	// (archive.json, archive.csv and generations.csv among them), nor of
	// stdout (which names the run's --config file nowhere).
	sameFilesOf(t, mapElitesFiles(), a, b)
	if outA != outB {
		t.Errorf("stdout differs between --workers 1 and 2:\n%s\n---\n%s", outA, outB)
	}

	cfg := fullTimingsConfig(t, a)
	if cfg.Search != evolve.SearchMapElites {
		t.Fatalf("config.json holds search %q", cfg.Search)
	}
	want := slices.Concat(evolve.ResultFilesOf(cfg), []string{evolve.ConfigFile, evolve.CheckpointFile, "provenance.json", "timings.json"})
	for _, f := range evolve.ArchiveFiles {
		if !slices.Contains(want, f) {
			t.Errorf("ResultFilesOf a MAP-Elites run lacks %s", f)
		}
	}
	var got []string
	for f := range dirFiles(t, a) {
		got = append(got, strings.TrimPrefix(f, string(filepath.Separator)))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the run directory holds\n%q\nwant\n%q", got, want)
	}
	if !strings.Contains(outA, "\nwrote RUN ("+strings.Join(evolve.ResultFilesOf(cfg), ", ")+", config.json, checkpoint.dsck)\n") {
		t.Errorf("stdout does not list the files written:\n%s", outA)
	}

	var raw map[string]any
	readJSONFile(t, filepath.Join(a, "config.json"), &raw)
	if raw["search"] != "map-elites" {
		t.Errorf(`config.json: "search" is %v, want "map-elites"`, raw["search"])
	}

	gens := readCSV(t, filepath.Join(a, "generations.csv"))
	if h := strings.Join(gens[0], ","); !strings.HasSuffix(h, ",coverage,qd_score") {
		t.Errorf("generations.csv header %q does not end with coverage,qd_score", h)
	}
	if len(gens) != 1+3 {
		t.Errorf("generations.csv has %d rows for generations 0 to 2", len(gens)-1)
	}

	entries, _ := readArchive(t, a)
	distinct := 0
	for i, en := range entries {
		if c := evolve.CellOf(en.Descriptors); en.Cell != c {
			t.Errorf("archive.json entry %d (%s): cell %d, but its descriptors %+v lie in cell %d", i, en.Name, en.Cell, en.Descriptors, c)
		}
		if en.Bins != evolve.CellName(en.Cell) {
			t.Errorf("archive.json entry %d: bins %q, cell %d is %q", i, en.Bins, en.Cell, evolve.CellName(en.Cell))
		}
		if en.Cell < 0 || en.Cell >= evolve.NumCells || i > 0 && en.Cell <= entries[i-1].Cell {
			t.Errorf("archive.json entry %d: cell %d out of range or out of order", i, en.Cell)
		}
		if h := fmt.Sprintf("%x", en.Genome.Hash()); en.Hash != h {
			t.Errorf("archive.json entry %d: hash %s, its genome's %s", i, en.Hash, h)
		}
		if en.Distinct && !en.Good {
			t.Errorf("archive.json entry %d is distinct but not good", i)
		}
		if en.Distinct {
			distinct++
		}
	}
	rows := readCSV(t, filepath.Join(a, "archive.csv"))
	if len(rows)-1 != len(entries) {
		t.Fatalf("archive.csv has %d rows, archive.json %d entries", len(rows)-1, len(entries))
	}
	head := rows[0]
	col := func(name string) int {
		i := slices.Index(head, name)
		if i < 0 {
			t.Fatalf("archive.csv has no column %s: %q", name, head)
		}
		return i
	}
	cellCol, nameCol, binsCol := col("cell"), col("name"), col("bins")
	for i, en := range entries {
		r := rows[i+1]
		if len(r) != len(head) || r[cellCol] != strconv.Itoa(en.Cell) || r[nameCol] != en.Name || r[binsCol] != en.Bins {
			t.Errorf("archive.csv row %d %q is not archive.json's entry %d (cell %d, %s)", i+1, r, i, en.Cell, en.Name)
		}
	}

	if line := fmt.Sprintf("\narchive: %d of %d cells, QD-score ", len(entries), evolve.NumCells); !strings.Contains(outA, line) {
		t.Errorf("stdout does not say %q:\n%s", line, outA)
	}
	if m := distinctLine.FindStringSubmatch(outA); m == nil {
		t.Errorf("stdout has no line of distinct good games:\n%s", outA)
	} else if m[1] != strconv.Itoa(distinct) {
		t.Errorf("stdout counts %s distinct good games, archive.json %d", m[1], distinct)
	}
	if !strings.Contains(outA, fmt.Sprintf("MAP-Elites: a batch of 8 children a generation into an archive of %d cells\n", evolve.NumCells)) {
		t.Errorf("stdout does not say the run is a MAP-Elites run:\n%s", outA)
	}

	t.Run("pick", func(t *testing.T) { testMapElitesPick(t, a, entries) })
	t.Run("from the archive", func(t *testing.T) { testMapElitesFrom(t, a, entries) })
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("%s: %d rows, %v", path, len(rows), err)
	}
	return rows
}

// testMapElitesPick proves that FILE#NAME picks a game out of a run's
// archive.json and hall_of_fame.json: describe and compile print and
// write what they do for that game in a file of its own; a list without a
// pick, an unknown name and a pick from a file that is one game are
// errors that say so.
func testMapElitesPick(t *testing.T, dir string, entries []evolve.ArchiveEntry) {
	archive := filepath.Join(dir, "archive.json")
	hallFile := filepath.Join(dir, "hall_of_fame.json")
	data, err := os.ReadFile(hallFile)
	if err != nil {
		t.Fatal(err)
	}
	hall, err := evolve.ParseGenomeList(data)
	if err != nil {
		t.Fatal(err)
	}
	own := t.TempDir()
	picks := []struct {
		list string
		g    *genome.Genome
	}{
		{archive, entries[0].Genome},
		{archive, entries[len(entries)-1].Genome},
		{hallFile, hall[0]},
		{hallFile, hall[len(hall)-1]},
	}
	for i, p := range picks {
		arg := p.list + "#" + p.g.Name
		t.Run(filepath.Base(arg), func(t *testing.T) {
			js, err := p.g.Encode()
			if err != nil {
				t.Fatal(err)
			}
			file := write(t, filepath.Join(own, fmt.Sprintf("game-%d.json", i)), string(js))
			code, picked, e := runCLI(t, "describe", arg)
			if code != exitOK {
				t.Fatalf("describe %s: exit %d: %s", arg, code, e)
			}
			_, alone, _ := runCLI(t, "describe", file)
			if picked != alone || !strings.HasPrefix(picked, p.g.Name+"\n") {
				t.Errorf("describe %s prints\n%s\nbut describe of the game in its own file\n%s", arg, picked, alone)
			}
			progs := filepath.Join(own, fmt.Sprintf("prog-%d", i))
			if code, _, e := runCLI(t, "compile", arg, "-o", progs+"-picked.dspf"); code != exitOK {
				t.Fatalf("compile %s: exit %d: %s", arg, code, e)
			}
			if code, _, e := runCLI(t, "compile", file, "-o", progs+"-alone.dspf"); code != exitOK {
				t.Fatalf("compile %s: exit %d: %s", file, code, e)
			}
			x, _ := os.ReadFile(progs + "-picked.dspf")
			y, _ := os.ReadFile(progs + "-alone.dspf")
			if len(x) == 0 || !bytes.Equal(x, y) {
				t.Errorf("compile %s writes another program file than compile of the game in its own file", arg)
			}
		})
	}

	best := filepath.Join(dir, "best.json")
	for _, tc := range []struct {
		arg  string
		want string // on stderr, after "darwinsim: "
	}{
		{archive, fmt.Sprintf("%s: a list of %d games; pick one as %s#", archive, len(entries), archive)},
		{hallFile, fmt.Sprintf("%s: a list of %d games; pick one as %s#", hallFile, len(hall), hallFile)},
		{archive + "#nope", fmt.Sprintf("%s#nope: no game \"nope\" in %s (pick one of ", archive, archive)},
		{best + "#x", fmt.Sprintf("%s#x: %s holds no list of games to pick \"x\" from", best, best)},
		{filepath.Join(dir, "nosuch.json#x"), filepath.Join(dir, "nosuch.json#x") + ": no such file, and no seed game of that name"},
	} {
		t.Run(filepath.Base(tc.arg), func(t *testing.T) {
			code, o, e := runCLI(t, "describe", tc.arg)
			if code != exitError || !strings.HasPrefix(e, "darwinsim: "+tc.want) || o != "" {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 1 and %q", code, o, e, "darwinsim: "+tc.want)
			}
		})
	}
	// The choices a list without a pick offers are its first games' names.
	_, _, e := runCLI(t, "describe", archive)
	if !strings.Contains(e, "#"+gameNames(genomesOf(entries))) {
		t.Errorf("describe %s does not offer the archive's names: %s", archive, e)
	}
}

func genomesOf(entries []evolve.ArchiveEntry) []*genome.Genome {
	var gs []*genome.Genome
	for _, en := range entries {
		gs = append(gs, en.Genome)
	}
	return gs
}

// testMapElitesFrom proves that a run starts from a MAP-Elites run's
// archive.json: its games, in the archive's order, as many as the
// population holds.
func testMapElitesFrom(t *testing.T, dir string, entries []evolve.ArchiveEntry) {
	archive := filepath.Join(dir, "archive.json")
	cfg := write(t, filepath.Join(t.TempDir(), "from.json"), `{"ablation_games": 100, "rescore": 1}`)
	_, out := evolveRun(t, "--from", archive, "--pop", "8", "--generations", "1", "--games", "30", "--skill-games", "10", "--config", cfg)
	var ns []string
	for _, en := range entries {
		ns = append(ns, en.Name)
	}
	want := ""
	if len(ns) > 8 {
		want = fmt.Sprintf("--from gives %d games; a population of 8 starts from the first 8\n", len(ns))
		ns = ns[:8]
	}
	want += "evolving from " + strings.Join(ns, ", ") + ": population 8, 1 generations, 30 games per evaluation, seed 1\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("output starts\n%s\nwant\n%s", out[:min(len(out), len(want)+200)], want)
	}
	gs, err := seedGames(archive)
	if err != nil || !slices.Equal(names(gs), names(genomesOf(entries))) {
		t.Errorf("--from %s: games %q (%v), want the archive's %q", archive, names(gs), err, names(genomesOf(entries)))
	}
}

// TestMapElitesResume proves that a MAP-Elites run interrupted at a
// generation boundary (after generation 0 or 1) or during its final
// re-score, then resumed with --resume on another worker count, ends
// exactly as the uninterrupted run: the same result files, archive.json
// and archive.csv included, and the same archive summary on stdout.
func TestMapElitesResumeCLI(t *testing.T) {
	args := mapElites(t)
	full, fullOut := evolveRun(t, args...)
	summary := func(out string) string {
		_, s, _ := strings.Cut(out, "\ngeneration 0: best ")
		s, _, _ = strings.Cut(s, "\nwrote ")
		return s
	}
	if summary(fullOut) == "" {
		t.Fatalf("no summary in the output:\n%s", fullOut)
	}
	for _, tc := range []struct {
		name, marker, want string
		after              int
	}{
		{"after generation 0", "gen   0/2", "evolution interrupted at a generation boundary; continue with: darwinsim evolve --resume %s (from its checkpoint of generation 0)", 0},
		{"after generation 1", "gen   1/2", "evolution interrupted at a generation boundary; continue with: darwinsim evolve --resume %s (from its checkpoint of generation 1)", 1},
		{"during the final re-score", "generation 0: best", "evolution interrupted during the final re-score, after the run's last generation, whose checkpoint is on disk; finish the run with: darwinsim evolve --resume %s", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := interruptRun(t, args, tc.marker, tc.want)
			for _, f := range evolve.ArchiveFiles {
				if _, err := os.Stat(filepath.Join(dir, f)); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the interrupted run wrote %s (%v)", f, err)
				}
			}

			code, o, e := runCLI(t, "evolve", "--resume", dir, "--workers", "2")
			if code != exitOK {
				t.Fatalf("resume: exit %d: %s", code, e)
			}
			if !strings.Contains(o, fmt.Sprintf("resuming %s after generation %d of 2", dir, tc.after)) {
				t.Errorf("resume output:\n%s", o)
			}
			sameFilesOf(t, mapElitesFiles(), dir, full)
			if s := summary(o); s != summary(fullOut) {
				t.Errorf("the resumed run's summary\n%s\ndiffers from the uninterrupted run's\n%s", s, summary(fullOut))
			}
			noLock(t, dir)
		})
	}
}

// TestMapElitesSearchConfig proves that a configuration file's "search"
// is the flag's: {"search": "genetic"} is the default, so its run's
// config.json has no "search" key and the run's files are byte for byte
// those of the run without the file (or with --search genetic); an
// unknown search is a usage error at $.search that creates no directory.
func TestMapElitesSearchConfig(t *testing.T) {
	dir := t.TempDir()
	flags := []string{"--pop", "4", "--generations", "1", "--games", "10", "--skill-games", "0", "--from", runFrom}
	genetic := write(t, filepath.Join(dir, "genetic.json"), `{"search": "genetic"}`)
	plain, _ := evolveRun(t, flags...)
	withFile, _ := evolveRun(t, append(slices.Clone(flags), "--config", genetic)...)
	withFlag, _ := evolveRun(t, append(slices.Clone(flags), "--search", "genetic")...)
	sameFiles(t, plain, withFile)
	sameFiles(t, plain, withFlag)
	var raw map[string]any
	readJSONFile(t, filepath.Join(withFile, "config.json"), &raw)
	if _, ok := raw["search"]; ok {
		t.Errorf(`a genetic run's config.json has "search": %v`, raw["search"])
	}
	for _, f := range evolve.ArchiveFiles {
		if _, err := os.Stat(filepath.Join(withFile, f)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a genetic run wrote %s (%v)", f, err)
		}
	}

	for _, tc := range []struct{ name, content, want string }{
		{"bogus", `{"search": "bogus"}`, `$.search: search must be "genetic" (the default: the genetic loop) or "map-elites" (a MAP-Elites archive), got "bogus"`},
		{"number", `{"search": 1}`, `$.search: expected a string, got the number 1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := write(t, filepath.Join(dir, tc.name+".json"), tc.content)
			out := filepath.Join(t.TempDir(), "run")
			// Small counts, should the file be accepted by mistake.
			code, _, e := runCLI(t, "evolve", "--config", file, "--pop", "4", "--generations", "0", "--games", "10", "--skill-games", "0", "--from", "war,whist", "--out", out)
			want := "darwinsim: " + file + ": " + tc.want
			if first, _, _ := strings.Cut(e, "\n"); code != exitUsage || first != want || !pointsToHelp(e) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %q", code, e, want)
			}
			if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a refused run created its --out directory (%v)", err)
			}
		})
	}

	// A MAP-Elites run's config.json, given back to --config, reproduces
	// the run: "search": "map-elites" in a file is --search map-elites.
	t.Run("map-elites", func(t *testing.T) {
		me := write(t, filepath.Join(dir, "me.json"), `{"search": "map-elites", "population": 8, "generations": 1, "games": 30, "skill_games": 10, "ablation_games": 100, "rescore": 2}`)
		a, outA := evolveRun(t, "--config", me, "--from", runFrom)
		b, outB := evolveRun(t, "--config", filepath.Join(a, "config.json"), "--from", runFrom)
		sameFilesOf(t, mapElitesFiles(), a, b)
		if outA != outB {
			t.Errorf("outputs differ:\n%s\n---\n%s", outA, outB)
		}
	})
}

// TestPickWholeName proves that a file whose own name holds "#" is read
// whole: FILE#NAME picks only when no file has the whole name.
func TestPickWholeName(t *testing.T) {
	dir := t.TempDir()
	war := string(mustEncode(t, "war"))
	odd := write(t, filepath.Join(dir, "my#game.json"), war)
	// A list that "my#game.json" read as a pick would name, holding no
	// game named game.json.
	write(t, filepath.Join(dir, "my"), `[`+war+`]`)
	code, o, e := runCLI(t, "describe", odd)
	_, want, _ := runCLI(t, "describe", "war")
	if code != exitOK || o != want {
		t.Errorf("describe %s: exit %d: %s\n%s", odd, code, e, o)
	}
}

// TestPickHashInPath proves that a list under a directory whose name
// holds "#" (runs/exp#3/archive.json) can be picked from: the pick is
// what follows the last "#" that leaves a file's path before it.
func TestPickHashInPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "exp#3")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	list := write(t, filepath.Join(dir, "list.json"), `[`+string(mustEncode(t, "war"))+`, `+string(mustEncode(t, "whist"))+`]`)
	code, o, e := runCLI(t, "describe", list+"#whist")
	_, want, _ := runCLI(t, "describe", "whist")
	if code != exitOK || o != want {
		t.Errorf("describe %s#whist: exit %d, stderr: %s", list, code, e)
	}
}

// choiceList matches the choices of a list without a pick.
var choiceList = regexp.MustCompile(`pick one as .*#(\{[^}]*\}|.*)$`)

// TestPickEveryGame proves that every game of a short list (five games
// or fewer, all of which the message names) is picked by one of the
// names the message of the list without a pick offers: the list's games
// must each have a name that picks them, and that one only. A list of
// genomes may hold games without a name (--from names them after the
// file, list-1, list-2) or two games of the same name.
func TestPickEveryGame(t *testing.T) {
	dir := t.TempDir()
	unnamed := func(seed string) string {
		g := testkit.SeedGenome(t, seed)
		g.Name, g.Summary = "", ""
		js, err := g.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return string(js)
	}
	renamed := func(seed, name string) string {
		g := testkit.SeedGenome(t, seed)
		g.Name = name
		js, err := g.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return string(js)
	}
	for _, tc := range []struct{ name, content string }{
		{"named", `[` + string(mustEncode(t, "war")) + `, ` + string(mustEncode(t, "whist")) + `]`},
		{"unnamed", `[` + unnamed("war") + `, ` + unnamed("whist") + `]`},
		{"same name", `[` + renamed("war", "mine") + `, ` + renamed("whist", "mine") + `]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list := write(t, filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".json"), tc.content)
			gs, err := evolve.ParseGenomeList([]byte(tc.content))
			if err != nil {
				t.Fatal(err)
			}
			_, _, e := runCLI(t, "describe", list)
			first, _, _ := strings.Cut(e, "\n")
			m := choiceList.FindStringSubmatch(first)
			if m == nil {
				t.Fatalf("describe %s offers no choices: %s", list, e)
			}
			choices := []string{m[1]}
			if strings.HasPrefix(m[1], "{") {
				choices = strings.Split(strings.Trim(m[1], "{}"), "|")
			}
			picked := map[string]bool{}
			for _, c := range choices {
				code, o, e := runCLI(t, "describe", list+"#"+c)
				if code != exitOK {
					t.Errorf("describe %s#%s, a choice it offers: exit %d: %s", list, c, code, e)
					continue
				}
				if picked[o] {
					t.Errorf("%s#%s picks a game an earlier choice picked", list, c)
				}
				picked[o] = true
			}
			if len(picked) != len(gs) {
				t.Errorf("%s: the choices %q it offers pick %d of its %d games", list, choices, len(picked), len(gs))
			}
		})
	}
}
