package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestMain lets the test binary stand in for darwinsim: with
// DARWINSIM_TEST_AS_CLI=1 in its environment it runs the CLI on its
// arguments instead of the tests, so that a test can run a shell recipe
// that calls darwinsim (TestBatchRecipe).
func TestMain(m *testing.M) {
	if os.Getenv("DARWINSIM_TEST_AS_CLI") == "1" {
		os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr, run))
	}
	os.Exit(m.Run())
}

// pointsToHelp reports whether stderr ends as a usage mistake's does, with
// the line that says where the usage is.
func pointsToHelp(stderr string) bool {
	_, last, _ := strings.Cut(stderr, "\nRun 'darwinsim")
	return strings.HasSuffix(last, " --help' for usage.\n") && !strings.Contains(stderr, "Usage:")
}

// TestUsageErrorOneLine: a usage mistake prints its error on one line
// and where to find the usage, never the usage itself, and exits 2.
func TestUsageErrorOneLine(t *testing.T) {
	cases := []struct {
		args []string
		want string // the first line, after "darwinsim: "
		cmd  string // the command path of the second line
	}{
		{[]string{"simulate", "--bogus"}, "unknown flag: --bogus", "darwinsim simulate"},
		{[]string{"simulate", "-n", "x"}, `invalid argument "x" for "-n, --games" flag: strconv.ParseInt: parsing "x": invalid syntax`, "darwinsim simulate"},
		{[]string{"describe", "a", "b"}, "describe takes at most 1 argument(s), got 2", "darwinsim describe"},
		{[]string{"gmaes"}, `unknown command "gmaes" for "darwinsim" (did you mean games?)`, "darwinsim"},
		{[]string{"completion", "bsh"}, `unknown command "bsh" for "darwinsim completion" (did you mean bash, fish or zsh?)`, "darwinsim completion"},
		{[]string{"help", "simulat"}, `unknown help topic "simulat" (did you mean simulate?)`, "darwinsim help"},
		{[]string{"replay", "--policy", "clever"}, `--policy: unknown policy "clever" (want random, greedy, ismcts:N or mcts:N)`, "darwinsim replay"},
		{[]string{"compile", "war", "--raw"}, "--raw says what -o writes: give -o FILE, or -o - for standard output", "darwinsim compile"},
		{[]string{"simulate", "-n", "0"}, "games must be at least 1, got 0", "darwinsim simulate"},
		{[]string{"evolve", "--search", "bogus"}, `--search: unknown search "bogus" (have genetic, map-elites)`, "darwinsim evolve"},
		{[]string{"--bogus"}, "unknown flag: --bogus", "darwinsim"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, e := runCLI(t, c.args...)
			want := "darwinsim: " + c.want + "\nRun '" + c.cmd + " --help' for usage.\n"
			if code != exitUsage || out != "" || e != want {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2, no stdout, stderr:\n%s", code, out, e, want)
			}
		})
	}
}

// TestSharedFlagsWhereUsed: --seed, --workers, --quiet and the profiles
// are flags of the commands that read them only; elsewhere they are not in
// the help, and giving one is a usage error that names the commands that
// take it. The root has none of them.
func TestSharedFlagsWhereUsed(t *testing.T) {
	takes := map[string][]string{
		"seed":       {"simulate", "replay", "play", "evolve", "score", "bench"},
		"workers":    {"simulate", "evolve", "merge", "score", "bench"},
		"quiet":      {"simulate", "evolve", "merge"},
		"cpuprofile": {"simulate", "evolve", "score", "bench"},
		"memprofile": {"simulate", "evolve", "score", "bench"},
	}
	root := newRootCmd(&globals{}, &bytes.Buffer{}, &bytes.Buffer{})
	if root.PersistentFlags().HasFlags() {
		t.Errorf("the root has persistent flags: %v", root.PersistentFlags().FlagUsages())
	}
	mine := []string{"games", "describe", "compile", "disasm", "simulate", "replay", "play", "evolve", "merge", "score", "bench", "version", "completion", "help"}
	for _, c := range root.Commands() {
		if !slices.Contains(mine, c.Name()) {
			continue // a command this test does not know yet
		}
		for flag, cmds := range takes {
			if has := c.Flags().Lookup(flag) != nil; has != slices.Contains(cmds, c.Name()) {
				t.Errorf("%s: has --%s: %v", c.Name(), flag, has)
			}
		}
	}
	// The message names the commands that take the flag (those below, and
	// any other that declares it).
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"describe", "war", "--seed", "3"}, "unknown flag: --seed: darwinsim describe does not take it ("},
		{[]string{"--seed", "3", "compile", "war"}, "unknown flag: --seed: darwinsim compile does not take it ("},
		{[]string{"replay", "war", "--workers", "2"}, "unknown flag: --workers: darwinsim replay does not take it ("},
		{[]string{"score", "war", "-q"}, "unknown flag: -q (--quiet): darwinsim score does not take it ("},
		{[]string{"version", "--memprofile", "m.prof"}, "unknown flag: --memprofile: darwinsim version does not take it ("},
	} {
		code, _, e := runCLI(t, c.args...)
		first, _, _ := strings.Cut(e, "\n")
		_, list, _ := strings.Cut(first, " does not take it (")
		name := strings.TrimLeft(c.args[slices.IndexFunc(c.args, func(a string) bool { return strings.HasPrefix(a, "-") })], "-")
		if name == "q" {
			name = "quiet"
		}
		if code != exitUsage || !strings.HasPrefix(first, "darwinsim: "+c.want) || !strings.HasSuffix(list, " do)") {
			t.Errorf("%v: exit %d, stderr %q\nwant it to start %q", c.args, code, e, c.want)
		}
		for _, taker := range takes[name] {
			if !regexp.MustCompile(`(^|[, ])` + taker + `[ ,]`).MatchString(list) {
				t.Errorf("%v: %q does not name %s", c.args, first, taker)
			}
		}
	}
	code, _, e := runCLI(t, "disasm", "--json")
	if first, _, _ := strings.Cut(e, "\n"); code != exitUsage || !strings.HasPrefix(first, "darwinsim: unknown flag: --json: darwinsim disasm does not take it (bench, compile, describe, evolve, games, merge, replay, ") {
		t.Errorf("disasm --json: exit %d, stderr %q", code, e)
	}
	_, help, _ := runCLI(t, "describe", "--help")
	for _, s := range []string{"--seed", "--workers", "--quiet", "--cpuprofile", "Global Flags"} {
		if strings.Contains(help, s) {
			t.Errorf("describe --help mentions %s:\n%s", s, help)
		}
	}
	// The flags of the commands that read them work before the command's
	// name as after it.
	_, want, _ := runCLI(t, "simulate", "war", "-n", "50", "--seed", "4", "-q")
	for _, args := range [][]string{{"-q", "simulate", "war", "-n", "50", "--seed", "4"}, {"--seed", "4", "--quiet", "simulate", "war", "-n", "50"}} {
		if code, out, e := runCLI(t, args...); code != exitOK || out != want {
			t.Errorf("%v: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", args, code, e, out, want)
		}
	}
}

// TestEveryCommandHasExamples: every command's help, cobra's completion
// commands included, has an Examples section.
func TestEveryCommandHasExamples(t *testing.T) {
	root := newRootCmd(&globals{}, &bytes.Buffer{}, &bytes.Buffer{})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no Example", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	_, help, _ := runCLI(t, "simulate", "--help")
	if !strings.Contains(help, "Examples:\n  darwinsim simulate ") {
		t.Errorf("simulate --help has no examples:\n%s", help)
	}
}

// TestVersionFlag: darwinsim --version prints what darwinsim version
// prints.
func TestVersionFlag(t *testing.T) {
	_, want, _ := runCLI(t, "version")
	for _, flag := range []string{"--version", "-v"} {
		if code, out, e := runCLI(t, flag); code != exitOK || out != want || e != "" {
			t.Errorf("%s: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", flag, code, e, out, want)
		}
	}
	var v versionReport
	_, js, _ := runCLI(t, "version", "--json")
	if err := json.Unmarshal([]byte(js), &v); err != nil || !strings.Contains(want, "darwinsim "+v.Version+"\n") || v.Versions != evolve.CurrentVersions() {
		t.Errorf("version --json %s (%v) disagrees with version:\n%s", js, err, want)
	}
}

// TestStdinGame: "-" as a game argument reads a genome, a program file or
// bare bytecode from standard input, which every command then plays as
// the same game; what is not one game is refused, saying so.
func TestStdinGame(t *testing.T) {
	_, desc, _ := runCLI(t, "describe", "war", "--json")
	var d describeReport
	if err := json.Unmarshal([]byte(desc), &d); err != nil {
		t.Fatal(err)
	}
	_, program, _ := runCLI(t, "compile", "war", "-o", "-")
	raw := string(testkit.SeedProgram(t, "war"))
	_, wantRules, _ := runCLI(t, "describe", "war")
	_, wantDisasm, _ := runCLI(t, "disasm", "war")
	_, wantSim, _ := runCLI(t, "simulate", "war", "-n", "200")
	for _, in := range []struct{ what, data string }{{"genome", string(d.Genome)}, {"program file", program}, {"bare bytecode", raw}} {
		if code, out, e := playCLI(t, in.data, "disasm", "-"); code != exitOK || out != wantDisasm {
			t.Errorf("disasm - of a %s: exit %d, stderr %q", in.what, code, e)
		}
		if code, out, e := playCLI(t, in.data, "describe", "-"); code != exitOK || !strings.HasSuffix(out, wantRules[strings.Index(wantRules, "Players:"):]) {
			t.Errorf("describe - of a %s: exit %d, stderr %q, stdout:\n%s", in.what, code, e, out)
		}
		code, out, e := playCLI(t, in.data, "simulate", "-", "-n", "200")
		if _, body, _ := strings.Cut(out, ":"); code != exitOK || !strings.HasSuffix(wantSim, body) {
			t.Errorf("simulate - of a %s: exit %d, stderr %q, stdout:\n%s", in.what, code, e, out)
		}
	}
	// A genome without a name is called stdin.
	unnamed := strings.Replace(string(d.Genome), `"name": "war",`, "", 1)
	if code, out, e := playCLI(t, unnamed, "compile", "-"); code != exitOK || !strings.HasPrefix(out, "stdin: 55 bytes") {
		t.Errorf("compile - of an unnamed genome: exit %d, stderr %q, stdout %q", code, e, out)
	}
	for _, c := range []struct {
		input string
		args  []string
		code  int
		want  string
	}{
		{"", []string{"describe", "-"}, exitError, "darwinsim: stdin: $: empty input"},
		{"{\n  \"schema\": 1,\n", []string{"simulate", "-"}, exitError, "darwinsim: stdin: $: invalid JSON"},
		{"[" + string(d.Genome) + "]", []string{"describe", "-"}, exitError, "darwinsim: stdin: a list of games, not one game: save it to a file and pick one as FILE#NAME"},
		{"\x00\x01binary", []string{"disasm", "-"}, exitError, "darwinsim: stdin: not a game file"},
		{raw, []string{"play", "-"}, exitUsage, "darwinsim: play reads your moves from standard input: the game cannot come from it too (save it to a file)"},
	} {
		code, out, e := playCLI(t, c.input, c.args...)
		if code != c.code || out != "" || !strings.HasPrefix(e, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", c.args, code, out, e, c.code, c.want)
		}
	}
}

// TestStdoutOut: -o - writes the output file, whole, to standard output
// and nothing else there; it is refused where it cannot be (a run
// directory, beside --json) and, binary, on a terminal.
func TestStdoutOut(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"compile", "war"},
		{"compile", "war", "--raw"},
		{"simulate", "war", "-n", "300", "--seed", "3"},
	} {
		file := filepath.Join(dir, "out")
		if code, _, e := runCLI(t, append(args, "-o", file)...); code != exitOK {
			t.Fatalf("%v -o FILE: exit %d: %s", args, code, e)
		}
		want := mustRead(t, file)
		for _, o := range []string{"-o", "--out"} {
			code, out, e := runCLI(t, append(args, o, "-")...)
			if code != exitOK || out != string(want) || e != "" {
				t.Errorf("%v %s -: exit %d, stderr %q, %d bytes on stdout, want the file's %d", args, o, code, e, len(out), len(want))
			}
		}
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"compile", "war", "-o", "-", "--json"}, exitUsage, "darwinsim: --json and --out - would both write to standard output: give --out a file, or leave out --json"},
		{[]string{"simulate", "war", "--out", "-", "--json"}, exitUsage, "darwinsim: --json and --out - would both write to standard output"},
		{[]string{"evolve", "-o", "-"}, exitUsage, "darwinsim: --out names a new run directory, which standard output (-) cannot be"},
	} {
		code, out, e := runCLI(t, c.args...)
		if code != c.code || out != "" || !strings.HasPrefix(e, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, out, e)
		}
	}
	var tty fakeTTY
	var e bytes.Buffer
	if code := run(context.Background(), []string{"compile", "war", "-o", "-"}, &tty, &e); code != exitError || tty.Len() != 0 ||
		e.String() != "darwinsim: --out -: refusing to write a binary file to a terminal: redirect standard output, or give --out a file\n" {
		t.Errorf("compile -o - on a terminal: exit %d, %d bytes written, stderr %q", code, tty.Len(), e.String())
	}
}

// TestRawRoundTrip: compile --raw writes the program's bare bytecode,
// which disasm and every other command read back as the same program.
func TestRawRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"war", "crazy-eights", "blackjack", "scopa"} {
		path := filepath.Join(dir, name+".dsbc")
		code, out, e := runCLI(t, "compile", name, "--raw", "-o", path)
		if code != exitOK || !strings.HasSuffix(out, "\nwrote "+path+" (bare bytecode)\n") {
			t.Fatalf("compile %s --raw: exit %d, stderr %q, stdout %q", name, code, e, out)
		}
		if got := mustRead(t, path); !bytes.Equal(got, testkit.SeedProgram(t, name)) {
			t.Errorf("%s: --raw wrote %d bytes that are not its program", name, len(got))
		}
		_, want, _ := runCLI(t, "disasm", name)
		if code, got, e := runCLI(t, "disasm", path); code != exitOK || got != want {
			t.Errorf("disasm of %s's bare bytecode: exit %d, stderr %q, output differs from disasm %s", name, code, e, name)
		}
		_, want, _ = runCLI(t, "simulate", name, "-n", "100", "--json")
		_, got, _ := runCLI(t, "simulate", path, "-n", "100", "--json")
		if strings.Replace(got, `"game": "`+path+`"`, `"game": "`+name+`"`, 1) != want {
			t.Errorf("simulate of %s's bare bytecode differs", name)
		}
	}
}

// TestCompletionValues: the shell completion (cobra's __complete) offers
// the values of the flags that take names: policies, presets, searches,
// the games of --from, and the seed games as game arguments.
func TestCompletionValues(t *testing.T) {
	seeds := genome.SeedNames()
	cases := []struct {
		args []string
		want []string
		dir  string // the directive, a bit set
	}{
		{[]string{"simulate", "--policy", ""}, []string{"random", "greedy", "ismcts:", "mcts:"}, ":6"},
		{[]string{"replay", "--policy", "greedy,is"}, []string{"greedy,ismcts:"}, ":6"},
		{[]string{"play", "--vs", "r"}, []string{"random"}, ":6"},
		{[]string{"score", "--ladder-policies", "random,m"}, []string{"random,mcts:"}, ":6"},
		{[]string{"evolve", "--preset", ""}, evolve.PresetNames(), ":4"},
		{[]string{"evolve", "--search", "m"}, []string{"map-elites"}, ":4"},
		{[]string{"evolve", "--from", "war,wh"}, []string{"war,whist"}, ":2"},
		{[]string{"evolve", "--from", ""}, seeds, ":2"},
		{[]string{"describe", ""}, seeds, ":0"},
		{[]string{"simulate", ""}, seeds, ":0"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, e := runCLI(t, append([]string{cobra.ShellCompRequestCmd}, c.args...)...)
			want := strings.Join(c.want, "\n") + "\n" + c.dir + "\n"
			if code != exitOK || out != want {
				t.Errorf("exit %d, stderr %q, completions:\n%s\nwant:\n%s", code, e, out, want)
			}
		})
	}
}

// TestBatchRecipe runs the README's recipe for external drivers as it is
// written (section "batches for external drivers"): a batch request made
// with flatc from JSON, run by simulate, its result read back with flatc.
// The test binary stands in for darwinsim (TestMain).
func TestBatchRecipe(t *testing.T) {
	flatc := needFlatc(t)
	for _, tool := range []string{"bash", "jq", "od"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: %v", tool, err)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "### batches for external drivers\n")
	section, _, _ = strings.Cut(section, "\n### ")
	_, script, ok := strings.Cut(section, "```sh\n")
	script, _, _ = strings.Cut(script, "```")
	if !ok || !strings.Contains(script, "darwinsim simulate --request") {
		t.Fatalf("no sh block running a request in the README's section:\n%s", section)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	fbsDir, err := filepath.Abs("../../fbs")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(self, filepath.Join(bin, "darwinsim")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(flatc, filepath.Join(bin, "flatc")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(fbsDir, filepath.Join(dir, "fbs")); err != nil {
		t.Fatal(err)
	}
	sh := exec.Command("bash", "-euo", "pipefail", "-c", script)
	sh.Dir = dir
	sh.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "DARWINSIM_TEST_AS_CLI=1")
	out, err := sh.CombinedOutput()
	if err != nil {
		t.Fatalf("the recipe failed: %v\n%s\nscript:\n%s", err, out, script)
	}
	var res struct {
		Version int    `json:"version"`
		Seed    uint64 `json:"seed"`
		Games   uint64 `json:"games"`
	}
	js, err := os.ReadFile(filepath.Join(dir, "res.json"))
	if err != nil {
		t.Fatalf("the recipe wrote no res.json: %v\n%s", err, out)
	}
	if err := json.Unmarshal(js, &res); err != nil || res.Seed != 7 || res.Games != 1000 {
		t.Errorf("res.json: %+v (%v)", res, err)
	}
}
