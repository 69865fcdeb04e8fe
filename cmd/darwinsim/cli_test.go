package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// runCLI runs the CLI in-process and returns its exit code and output.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"games.txt", []string{"games"}},
		{"describe-war.txt", []string{"describe", "war"}},
		{"describe-uno-style.txt", []string{"describe", "uno-style"}},
		{"disasm-crazy-eights.txt", []string{"disasm"}},
		{"compile-war.txt", []string{"compile", "war"}},
		{"simulate-crazy-eights.txt", []string{"simulate", "-n", "3000", "--seed", "7"}},
		{"simulate-uno-greedy.txt", []string{"simulate", "uno-style", "-n", "2000", "--policy", "greedy,random,random,random"}},
		{"replay-crazy-eights.txt", []string{"replay", "--seed", "3", "--game", "5"}},
		{"replay-war.txt", []string{"replay", "war", "--game", "1"}},
		{"evolve-small.txt", []string{"evolve", "--pop", "8", "--generations", "2", "--games", "40", "--skill-games", "10"}},
		{"version.txt", []string{"version"}},
		{"score-uno-style.txt", []string{"score", "uno-style", "-n", "200"}},
		{"score-war.txt", []string{"score", "war", "-n", "200"}},
	}
	cases = append(cases, jsonGoldens...) // every --json output
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, c.args...)
			if code != exitOK {
				t.Fatalf("exit %d, stderr: %s", code, errOut)
			}
			got := []byte(out)
			if strings.HasSuffix(c.name, ".json") {
				if !json.Valid(got) || strings.Contains(out, "\n{") {
					t.Fatalf("stdout is not one JSON document:\n%s", out)
				}
				if c.args[0] == "bench" {
					got = steady(t, got)
				}
			}
			testkit.Golden(t, filepath.Join("testdata", "golden", c.name), got)
		})
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"schema": 1, "seats": {"min": 2, "max": 2, "default": 2}, "turn": [{"kind": "dance"}], "bogus": 1}`), 0o644)
	broken := filepath.Join(dir, "broken.json")
	os.WriteFile(broken, []byte("{\n  \"schema\": 1,\n  \"seats\": \n}"), 0o644)
	data := testkit.SeedProgram(t, "war")
	trunc := filepath.Join(dir, "trunc.bin")
	os.WriteFile(trunc, data[:len(data)-3], 0o644)
	prog := filepath.Join(dir, "war.dspf")
	if code, _, e := runCLI(t, "compile", "war", "-o", prog); code != 0 {
		t.Fatal(e)
	}
	file, _ := os.ReadFile(prog)
	truncFile := filepath.Join(dir, "trunc.dspf")
	os.WriteFile(truncFile, file[:1000], 0o644)

	cases := []struct {
		args []string
		code int
		want string // the first line of stderr
	}{
		{[]string{"simulate", "nosuch"}, exitError, "darwinsim: nosuch: no such file, and no seed game of that name (seed games: " + seedList + ")"},
		{[]string{"simulate", "--players", "9"}, exitUsage, "darwinsim: the game is for 2 to 5 players, not 9"},
		{[]string{"simulate", "--policy", "clever"}, exitUsage, `darwinsim: --policy: unknown policy "clever" (want random, greedy, ismcts:N or mcts:N)`},
		{[]string{"simulate", "--bogus"}, exitUsage, "darwinsim: unknown flag: --bogus"},
		{[]string{"simulate", "-n", "0"}, exitUsage, "darwinsim: games must be at least 1, got 0"},
		{[]string{"describe", "a", "b"}, exitUsage, "darwinsim: describe takes at most 1 argument(s), got 2"},
		{[]string{"describe", bad}, exitError, "darwinsim: " + bad + ": 2 problems:"},
		{[]string{"describe", broken}, exitError, "darwinsim: " + broken + ": $: invalid JSON at line 4, column 1: invalid character '}' looking for beginning of value"},
		{[]string{"disasm", trunc}, exitError, "darwinsim: " + trunc + ": offset 6 (0x0006): header says the program is 55 bytes but it is 52 (truncated)"},
		{[]string{"disasm", truncFile}, exitError, "darwinsim: " + truncFile + ": fbs: byte 816 (0x0330): ProgramFile.summary: string of 253 elements of 1 bytes at byte 820 runs past the end of the 1000-byte buffer"},
		{[]string{"evolve", "--pop", "1"}, exitUsage, "darwinsim: population must be between 2 and 100000, got 1"},
		{[]string{"evolve", "--from", "chess"}, exitUsage, "darwinsim: --from: chess: no seed game of that name, and no such file or directory (seed games: " + seedList + ")"},
		{[]string{"--workers", "-1", "simulate"}, exitUsage, "darwinsim: --workers must be 0 (all cores) or more, got -1"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr: %s)", code, c.code, errOut)
			}
			first, _, _ := strings.Cut(errOut, "\n")
			if first != c.want {
				t.Errorf("stderr first line:\n got %q\nwant %q", first, c.want)
			}
			if (code == exitUsage) != pointsToHelp(errOut) {
				t.Errorf("the pointer to --help must print exactly for usage mistakes; stderr:\n%s", errOut)
			}
		})
	}
	t.Run("invalid genome lists every problem", func(t *testing.T) {
		_, _, errOut := runCLI(t, "describe", bad)
		for _, want := range []string{`$.bogus: unknown field "bogus"`, `$.turn[0].kind: unknown phase kind "dance" (want one of play, battle, draw, trick, take, ask, tableau, turn_up, climb, capture, claim, meld)`} {
			if !strings.Contains(errOut, want) {
				t.Errorf("stderr lacks %q:\n%s", want, errOut)
			}
		}
	})
}

// TestSimulateDeterministic: the same seed gives byte-identical --json
// output with 1, 2 and 7 workers.
func TestSimulateDeterministic(t *testing.T) {
	for _, game := range []string{"crazy-eights", "uno-style", "war"} {
		var first string
		for _, w := range []string{"1", "2", "7"} {
			code, out, e := runCLI(t, "simulate", game, "-n", "3000", "--json", "--workers", w, "--seed", "11")
			if code != 0 {
				t.Fatal(e)
			}
			if first == "" {
				first = out
			} else if out != first {
				t.Fatalf("%s: --workers %s output differs from --workers 1", game, w)
			}
		}
	}
}

// TestEvolveDeterministic: the same command gives the same output and the
// same result files, whatever the worker count.
func TestEvolveDeterministic(t *testing.T) {
	args := []string{"evolve", "--pop", "10", "--generations", "3", "--games", "60", "--skill-games", "20", "--seed", "5", "--from", runFrom}
	var outs []string
	var files []map[string]string
	for _, w := range []string{"1", "2", "7"} {
		dir := filepath.Join(t.TempDir(), "run")
		code, out, e := runCLI(t, append(args, "--workers", w, "--out", dir)...)
		if code != 0 {
			t.Fatal(e)
		}
		outs = append(outs, strings.ReplaceAll(out, dir, "RUN"))
		m := map[string]string{}
		for _, f := range []string{"best.json", "best.txt", "generations.csv", "hall_of_fame.json", "rescore.csv", "operators.csv", "config.json"} {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			m[f] = string(b)
		}
		files = append(files, m)
	}
	for i := 1; i < len(outs); i++ {
		if outs[i] != outs[0] {
			t.Errorf("run %d output differs", i)
		}
		for f, v := range files[0] {
			if files[i][f] != v {
				t.Errorf("run %d: %s differs", i, f)
			}
		}
	}
	// An existing run directory is refused.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x"), []byte("keep"), 0o644)
	code, _, e := runCLI(t, append(args, "--out", dir)...)
	if code != exitError || !strings.Contains(e, "already exists") {
		t.Errorf("existing --out: exit %d, stderr %s", code, e)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "x")); string(b) != "keep" {
		t.Error("refused run touched the existing directory")
	}
}

// readmePiped matches a README example that pipes input into a command.
var readmePiped = regexp.MustCompile(`^\$ printf '([^']*)' \| darwinsim (.*)$`)

// TestREADME runs every console example of the README and compares its
// output with what the README shows. A block ending in a line "..." only
// has to match as a prefix. With -update the README's blocks are rewritten
// from real runs (a "..." block keeps its first lines and the "...").
// An example may pipe its input: $ printf '1\n2\n' | darwinsim play ...
func TestREADME(t *testing.T) {
	path, err := filepath.Abs("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(data), "```console\n")
	testdata, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // commands may write files
	// The examples run from the repository's root, where testdata is.
	if err := os.Symlink(testdata, "testdata"); err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for i, blk := range parts[1:] {
		body, rest, _ := strings.Cut(blk, "```")
		cmdLine, want, _ := strings.Cut(body, "\n")
		var args []string
		input := ""
		if m := readmePiped.FindStringSubmatch(cmdLine); m != nil {
			// Choices piped into a command that reads them.
			input = strings.ReplaceAll(m[1], `\n`, "\n")
			args = strings.Fields(m[2])
		} else if strings.HasPrefix(cmdLine, "$ darwinsim") {
			args = strings.Fields(strings.TrimPrefix(cmdLine, "$ darwinsim"))
		} else {
			continue
		}
		blocks++
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, got, e := playCLI(t, input, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, e)
			}
			prefix := strings.HasSuffix(want, "...\n")
			if testkit.Update() {
				if prefix {
					keep := strings.Count(want, "\n") - 1
					lines := strings.SplitAfter(got, "\n")
					got = strings.Join(lines[:min(keep, len(lines))], "") + "...\n"
				}
				parts[i+1] = cmdLine + "\n" + got + "```" + rest
				return
			}
			want = strings.TrimSuffix(want, "...\n")
			if prefix && !strings.HasPrefix(got, want) || !prefix && got != want {
				t.Errorf("README shows:\n%s\nbut the command prints:\n%s", want, got)
			}
		})
	}
	if testkit.Update() {
		testkit.WriteGolden(t, path, []byte(strings.Join(parts, "```console\n")))
	}
	if blocks < 5 {
		t.Errorf("README has %d console examples; every command should have one", blocks)
	}
}

// cancelOn is a writer that cancels a context once the output contains a
// marker: a Ctrl-C at a known point of a run.
type cancelOn struct {
	bytes.Buffer
	marker string
	cancel context.CancelFunc
}

func (c *cancelOn) Write(p []byte) (int, error) {
	n, err := c.Buffer.Write(p)
	if strings.Contains(c.String(), c.marker) {
		c.cancel()
	}
	return n, err
}

// TestEvolveResume: a run interrupted after generation 1 and resumed from
// its checkpoint writes exactly the files of the uninterrupted run.
func TestEvolveResume(t *testing.T) {
	args := []string{"evolve", "--pop", "10", "--generations", "4", "--games", "60", "--skill-games", "20", "--seed", "9", "--from", runFrom}
	full := filepath.Join(t.TempDir(), "full")
	if code, _, e := runCLI(t, append(args, "--out", full)...); code != 0 {
		t.Fatal(e)
	}
	part := filepath.Join(t.TempDir(), "part")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelOn{marker: "gen   1/4", cancel: cancel}
	var errOut bytes.Buffer
	code := run(ctx, append(args, "--out", part), out, &errOut)
	if code != exitInterrupt || !strings.Contains(errOut.String(), "interrupted at a generation boundary; continue with: darwinsim evolve --resume "+part) {
		t.Fatalf("interrupted run: exit %d, stderr %q", code, errOut.String())
	}
	if strings.Contains(out.String(), "gen   2/4") {
		t.Fatalf("the run went on past the interrupted generation:\n%s", out.String())
	}
	code, o, e := runCLI(t, "evolve", "--resume", part, "--workers", "1")
	if code != 0 {
		t.Fatalf("resume: %s", e)
	}
	if !strings.Contains(o, "resuming "+part+" after generation 1 of 4") {
		t.Errorf("resume output:\n%s", o)
	}
	for _, f := range []string{"best.json", "best.txt", "generations.csv", "hall_of_fame.json", "rescore.csv", "operators.csv", "config.json", "checkpoint.dsck"} {
		a, _ := os.ReadFile(filepath.Join(full, f))
		b, err := os.ReadFile(filepath.Join(part, f))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between the uninterrupted and the resumed run", f)
		}
	}
	if code, _, e := runCLI(t, "evolve", "--resume", part, "--pop", "20"); code != exitUsage {
		t.Errorf("--resume with --pop: exit %d (%s)", code, e)
	}
}

// seedList is the seed library's names as error messages list them.
var seedList = strings.Join(genome.SeedNames(), ", ")
