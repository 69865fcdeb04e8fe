package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
)

// edit changes one file of a run directory.
type edit func(t *testing.T, data string) string

// replace returns an edit that replaces the first old by new, failing
// the test when the file has no old.
func replace(old, new string) edit {
	return func(t *testing.T, data string) string {
		t.Helper()
		if !strings.Contains(data, old) {
			t.Fatalf("the file has no %q to replace", old)
		}
		return strings.Replace(data, old, new, 1)
	}
}

// TestLoadRunErrors: a run directory that is missing, incomplete or
// damaged is an error that names the file, where in it and why; the
// report writes nothing then, and never panics.
func TestLoadRunErrors(t *testing.T) {
	const gens = "generations.csv"
	cases := []struct {
		name, kind, file string
		edit             edit // nil: remove the file
		want             string
	}{
		{"no config.json", ladderRun, evolve.ConfigFile, nil, "config.json: missing: is "},
		{"no hall of fame", ladderRun, "hall_of_fame.json", nil, "hall_of_fame.json: missing"},
		{"no archive", mapElitesRun, "archive.json", nil, "archive.json: missing"},
		{"no statistics of play", ladderRun, evolve.GameStatsFile, nil, evolve.GameStatsFile + ": missing"},
		{"config.json not JSON", ladderRun, evolve.ConfigFile, func(*testing.T, string) string { return "{" }, "config.json: $: invalid JSON"},
		{"config.json another fitness", ladderRun, evolve.ConfigFile, replace(`"fitness_version": `, `"fitness_version": 9`), "config.json: $.fitness_version: "},
		{"a number that is not", ladderRun, gens, replace("\n1,", "\n1,x"), gens + ": line 3, column best: "},
		{"a generation missing", ladderRun, gens, func(t *testing.T, d string) string { return d[:strings.LastIndex(d[:len(d)-1], "\n")+1] }, gens + ": 2 generations, want 3"},
		{"generations out of order", ladderRun, gens, replace("\n1,", "\n7,"), gens + ": line 3, column generation: generation 7 on the line of generation 1"},
		{"a wrong header", ladderRun, gens, replace("generation,best", "gen,best"), gens + `: line 1: the header is "gen,best,`},
		{"a short line", ladderRun, gens, replace("\n1,", "\n1\n"), gens + ": record on line 3: wrong number of fields"},
		{"archive columns in a genetic run", ladderRun, gens, func(t *testing.T, d string) string {
			return strings.ReplaceAll(strings.Replace(d, "filled\n", "filled,coverage,qd_score\n", 1), ",0\n", ",0,1,0.5\n")
		}, gens + ": the columns coverage and qd_score belong to a MAP-Elites run"},
		{"re-score outside its interval", ladderRun, "rescore.csv", func(t *testing.T, d string) string {
			lines := strings.Split(d, "\n")
			f := strings.Split(lines[1], ",")
			f[2] = "2"
			lines[1] = strings.Join(f, ",")
			return strings.Join(lines, "\n")
		}, "rescore.csv: line 2, column fitness_mean: 2 outside its interval"},
		{"an unknown operator", ladderRun, "lineage.csv", func(t *testing.T, d string) string {
			lines := strings.Split(d, "\n")
			f := strings.Split(lines[1], ",")
			f[3] = "teleport"
			lines[1] = strings.Join(f, ",")
			return strings.Join(lines, "\n")
		}, `lineage.csv: line 2, column operators: operator "teleport" is not one of operators.csv`},
		{"a negative count", ladderRun, "operators.csv", replace(",0,0,0,", ",-1,0,0,"), "operators.csv: line "},
		{"hall not a list", ladderRun, "hall_of_fame.json", func(*testing.T, string) string { return `{"rank": 1}` }, "hall_of_fame.json: $: expected a list of genomes or of hall of fame entries, got a JSON object"},
		{"hall score of the wrong type", ladderRun, "hall_of_fame.json", replace(`"fitness": `, `"fitness": "high", "was": `), "hall_of_fame.json: "},
		{"hall fitness a string", ladderRun, "hall_of_fame.json", func(t *testing.T, d string) string {
			i := strings.Index(d, `"fitness": `) + len(`"fitness": `)
			j := i + strings.IndexAny(d[i:], ",\n")
			return d[:i] + `"high"` + d[j:]
		}, "hall_of_fame.json: $[0].score.fitness: expected float64, got a JSON string"},
		{"a hall of bare genomes", ladderRun, "hall_of_fame.json", func(t *testing.T, d string) string {
			best, err := os.ReadFile(filepath.Join(run(t, ladderRun), "best.json"))
			if err != nil {
				t.Fatal(err)
			}
			return "[" + string(best) + "]"
		}, "hall_of_fame.json: $[0]: a genome, not an entry with its genome"},
		{"best.json not a genome", ladderRun, "best.json", func(*testing.T, string) string { return "[1]" }, "best.json: $: expected an object, got"},
		{"archive cell off the grid", mapElitesRun, "archive.json", func(t *testing.T, d string) string {
			i := strings.Index(d, `"cell": `) + len(`"cell": `)
			j := i + strings.Index(d[i:], ",")
			return d[:i] + "99999" + d[j:]
		}, "archive.json: $[0].cell: 99999 is no cell of the grid (0 to 1199)"},
		{"statistics cut short", ladderRun, evolve.GameStatsFile, func(t *testing.T, d string) string { return d[:len(d)-10] }, evolve.GameStatsFile + ": line 5: the last line does not end in a newline"},
		{"statistics not JSON", ladderRun, evolve.GameStatsFile, replace(`{"role":"winner"`, `{"role":"winner",,`), evolve.GameStatsFile + ": line 1: invalid JSON at line 1, column 18"},
		{"statistics with a repeated key", ladderRun, evolve.GameStatsFile, replace(`{"role":"winner"`, `{"role":"winner","role":"start"`), evolve.GameStatsFile + `: line 1: $.role: `},
		{"statistics with an unknown key", ladderRun, evolve.GameStatsFile, replace(`{"role":"winner"`, `{"role":"winner","luck":1`), evolve.GameStatsFile + `: line 1: unknown field "luck"`},
		{"statistics of another game", ladderRun, evolve.GameStatsFile, replace(`{"role":"winner"`, `{"role":"start"`), evolve.GameStatsFile + `: line 1: the start `},
		{"more wins than games", ladderRun, evolve.GameStatsFile, replace(`"wins":[`, `"wins":[999999,`), evolve.GameStatsFile + `: line 1: $.seats[0].play[0].wins: `},
		{"a histogram of other games", ladderRun, evolve.GameStatsFile, replace(`"turns":{"sum":`, `"turns":{"buckets":[{"low":1,"count":1}],"sum":`), evolve.GameStatsFile + `: line 1: `},
		{"a starting game damaged", ladderRun, evolve.StartsFile, replace(`"turn_cap":`, `"turn_cap":0,"x":`), evolve.StartsFile + ": line 1: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := copyRun(t, c.kind)
			path := filepath.Join(dir, c.file)
			if c.edit == nil {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			} else {
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(c.edit(t, string(data))), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var b bytes.Buffer
			err := WriteRun(dir, &b)
			if err == nil {
				t.Fatalf("no error; want one starting %q", filepath.Join(dir, c.want))
			}
			if !strings.HasPrefix(err.Error(), filepath.Join(dir, c.want)) {
				t.Errorf("error %q\nwant it to start %q", err, filepath.Join(dir, c.want))
			}
			if b.Len() > 0 {
				t.Errorf("wrote %d bytes despite the error", b.Len())
			}
		})
	}
}

// TestLoadRunNoDirectory: a run directory that does not exist, or is a
// file, is an error that says so.
func TestLoadRunNoDirectory(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none")
	if _, err := LoadRun(missing); err == nil || !strings.Contains(err.Error(), "no run directory: stat "+missing+": no such file or directory") {
		t.Errorf("a missing directory: %v", err)
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadRun(file); err == nil || err.Error() != file+" is not a run directory: it is not a directory" {
		t.Errorf("a file: %v", err)
	}
}

// TestTruncatedFiles: every file of a run directory cut short anywhere
// gives an error and no page, or a whole page, never a panic.
func TestTruncatedFiles(t *testing.T) {
	for _, kind := range []string{ladderRun, mapElitesRun} {
		src := run(t, kind)
		cfg := fixtureConfig(kind)
		for _, name := range append([]string{evolve.ConfigFile}, evolve.ResultFilesOf(cfg)...) {
			data, err := os.ReadFile(filepath.Join(src, name))
			if err != nil {
				t.Fatal(err)
			}
			dir := copyRun(t, kind)
			for _, cut := range []int{0, 1, len(data) / 3, len(data) / 2, len(data) - 2, len(data) - 1} {
				if err := os.WriteFile(filepath.Join(dir, name), data[:max(cut, 0)], 0o644); err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				err := WriteRun(dir, &b)
				switch {
				case err != nil && b.Len() > 0:
					t.Errorf("%s %s cut at %d: %v, and %d bytes written", kind, name, cut, err, b.Len())
				case err == nil && !strings.HasSuffix(b.String(), "</html>\n"):
					t.Errorf("%s %s cut at %d: no error and no whole page", kind, name, cut)
				case err != nil && !strings.Contains(err.Error(), name):
					t.Errorf("%s %s cut at %d: the error does not name the file: %v", kind, name, cut, err)
				}
			}
		}
	}
}
