package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestSeedNameAndFile: a bare name that is both a seed game and a file in
// the current directory is refused; ./NAME is the file, seed:NAME the seed.
func TestSeedNameAndFile(t *testing.T) {
	t.Chdir(t.TempDir())
	if code, _, e := runCLI(t, "compile", "whist", "-o", "war"); code != exitOK {
		t.Fatal(e)
	}
	for _, cmd := range []string{"describe", "simulate", "disasm", "compile", "score", "replay"} {
		code, out, e := runCLI(t, cmd, "war")
		want := "darwinsim: war is both a seed game and a file in the current directory: write ./war for the file or seed:war for the seed game\n"
		if code != exitError || out != "" || e != want {
			t.Errorf("%s war: exit %d, stdout %q, stderr %q", cmd, code, out, e)
		}
	}
	// A directory of that name is no game: the seed game, without doubt.
	os.Mkdir("hearts", 0o755)
	if code, out, e := runCLI(t, "describe", "hearts"); code != exitOK || !strings.HasPrefix(out, "hearts\n") {
		t.Errorf("describe hearts beside a directory hearts: exit %d, %s%s", code, out, e)
	}
	_, whist, _ := runCLI(t, "describe", "whist")
	_, war, _ := runCLI(t, "describe", "seed:war")
	if _, file, _ := runCLI(t, "describe", "./war"); file != whist {
		t.Errorf("describe ./war is not the file's game:\n%s", file)
	}
	os.Remove("war")
	if _, bare, _ := runCLI(t, "describe", "war"); bare != war || !strings.HasPrefix(war, "war\n===\n") {
		t.Errorf("describe seed:war differs from describe war:\n%s\n%s", war, bare)
	}
	code, _, e := runCLI(t, "describe", "seed:chess")
	if code != exitError || !strings.HasPrefix(e, "darwinsim: seed:chess: no seed game named chess (seed games: ") {
		t.Errorf("seed:chess: exit %d, stderr %q", code, e)
	}
}

// TestEscapedNames: a game whose name (here taken from its file's path)
// holds control characters is printed escaped by every command that prints
// it, and so are error messages.
func TestEscapedNames(t *testing.T) {
	dir := t.TempDir()
	evil := filepath.Join(dir, "war\x1b[2J\nforged: 1.bin")
	if err := os.WriteFile(evil, testkit.SeedProgram(t, "war"), 0o644); err != nil {
		t.Fatal(err)
	}
	shown := strings.ReplaceAll(strings.ReplaceAll(evil, "\x1b", `\x1b`), "\n", `\n`)
	for _, args := range [][]string{
		{"compile", evil},
		{"compile", evil, "-o", evil + ".dspf"},
		{"simulate", evil, "-n", "50"},
		{"score", evil, "-n", "20"},
		{"describe", evil},
		{"replay", evil},
	} {
		code, out, e := runCLI(t, args...)
		if code != exitOK {
			t.Fatalf("%q: exit %d: %s", args, code, e)
		}
		if strings.ContainsAny(out, "\x1b") || strings.Contains(out, "\nforged") {
			t.Errorf("%q printed a raw control character:\n%q", args, out)
		}
		if args[0] != "describe" && args[0] != "replay" && !strings.Contains(out, shown) {
			t.Errorf("%q does not show the escaped name %q:\n%s", args, shown, out)
		}
	}
	code, _, e := runCLI(t, "describe", evil+".missing")
	if code != exitError || strings.Contains(e, "\x1b") || !strings.HasPrefix(e, "darwinsim: "+shown+".missing: no such file") {
		t.Errorf("error message: exit %d, %q", code, e)
	}
}

// TestFromSeedNameAndPath: an item of --from that is both a seed game's
// name and a file or directory in the current directory is refused, never
// silently read as the seed.
func TestFromSeedNameAndPath(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, mk := range []func(string) error{
		func(n string) error { return os.WriteFile(n, []byte("{}"), 0o644) },
		func(n string) error { return os.Mkdir(n, 0o755) },
	} {
		if err := mk("war"); err != nil {
			t.Fatal(err)
		}
		code, _, e := runCLI(t, "evolve", "--from", "war,whist")
		if code != exitUsage || !strings.HasPrefix(e, "darwinsim: --from: war is both a seed game and a ") {
			t.Errorf("exit %d, stderr %q", code, e)
		}
		os.RemoveAll("war")
	}
	if _, err := fromItem("seed:war"); err != nil {
		t.Errorf("seed:war: %v", err)
	}
}

// TestFromOddFileName: a game file whose name holds control characters or
// runs long gives its games a printable, bounded name, and the run starts.
func TestFromOddFileName(t *testing.T) {
	dir := t.TempDir()
	js, err := testkit.SeedGenome(t, "war").Canonical().Encode()
	if err != nil {
		t.Fatal(err)
	}
	odd := filepath.Join(dir, "war\x1b[2J"+strings.Repeat("x", 240)+".json")
	if err := os.WriteFile(odd, js, 0o644); err != nil {
		t.Fatal(err)
	}
	gs, err := fromItem(odd)
	if err != nil {
		t.Fatal(err)
	}
	if n := gs[0].Name; !strings.HasPrefix(n, `war\x1b[2J`) || len([]rune(n)) > cardrules.MaxNameLen {
		t.Errorf("name %q", n)
	}
	if err := gs[0].Validate(); err != nil {
		t.Errorf("the named genome does not validate: %v", err)
	}
}
