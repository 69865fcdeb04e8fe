package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
)

// TestEvolveIslandsCLI: evolve --islands writes a run directory of the
// usual files and islands.csv, and each island's checkpoint in its
// directory, from which --resume continues it. (That the workers change nothing is evolve's
// TestIslandsDeterministicAcrossWorkers.)
func TestEvolveIslandsCLI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	args := append(append([]string{"evolve"}, tiny(t)...), "--islands", "2", "--migrate-every", "1", "--migrants", "1", "--out", dir)
	code, out, e := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("evolve --islands 2: exit %d: %s", code, e)
	}
	if !strings.Contains(out, "islands: 2 populations of 4, 1 migrants each along a ring every 1 generations") || !strings.Contains(out, "island-0 to island-1/"+evolve.CheckpointFile) {
		t.Errorf("the output does not describe a run of islands:\n%s", out)
	}
	for _, f := range append([]string{evolve.ConfigFile}, evolve.ResultFilesOf(evolve.Config{Islands: 2})...) {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
	conf, _ := os.ReadFile(filepath.Join(dir, evolve.ConfigFile))
	for _, want := range []string{`"islands": 2`, `"migrate_every": 1`, `"migrants": 1`} {
		if !strings.Contains(string(conf), want) {
			t.Errorf("config.json lacks %s:\n%s", want, conf)
		}
	}
	isl, _ := os.ReadFile(filepath.Join(dir, evolve.IslandsFile))
	lines := strings.Split(strings.TrimSpace(string(isl)), "\n")
	if len(lines) != 1+2*3 || !strings.HasPrefix(lines[0], "island,generation,best") || !strings.HasPrefix(lines[4], "1,0,") {
		t.Errorf("islands.csv is not 2 islands of 3 generations:\n%s", isl)
	}
	if _, err := os.Stat(filepath.Join(dir, evolve.CheckpointFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a run of islands wrote a checkpoint of one population (%v)", err)
	}
	for i := range 2 {
		if _, err := os.Stat(filepath.Join(evolve.IslandDir(dir, i), evolve.CheckpointFile)); err != nil {
			t.Errorf("island %d has no checkpoint: %v", i, err)
		}
	}
	// --resume of the finished run ends it again, to the same files.
	gens, _ := os.ReadFile(filepath.Join(dir, "generations.csv"))
	code, out, e = runCLI(t, "evolve", "--resume", dir)
	again, _ := os.ReadFile(filepath.Join(dir, "generations.csv"))
	if code != 0 || !strings.Contains(out, "resuming "+dir+" after generation 2 of 2") || string(again) != string(gens) {
		t.Errorf("--resume of a finished run of islands: exit %d: %s%s", code, out, e)
	}
}

// TestEvolveOneIsland: --islands 1 is a plain run's configuration (and so
// writes a plain run's files: evolve's TestIslandsOneIsPlain), whatever
// islands the --config file had; --islands layers over the file.
func TestEvolveOneIsland(t *testing.T) {
	file := write(t, filepath.Join(t.TempDir(), "islands.json"), `{"islands": 4, "migrate_every": 3, "migrants": 1}`)
	config := func(args ...string) evolve.Config {
		t.Helper()
		g := &globals{}
		cmd := newEvolveCmd(g)
		if err := cmd.ParseFlags(args); err != nil {
			t.Fatal(err)
		}
		configFile, _ := cmd.Flags().GetString("config")
		cfg, err := evolveConfig(cmd, g, "quick", configFile)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return cfg
	}
	plain := config()
	for _, args := range [][]string{{"--islands", "1"}, {"--config", file, "--islands", "1"}} {
		if got := config(args...); got != plain {
			t.Errorf("%v: %+v, want the plain run's %+v", args, got, plain)
		}
	}
	if got := config("--config", file, "--islands", "2"); got.Islands != 2 || got.MigrateEvery != 3 || got.Migrants != 1 {
		t.Errorf("--islands 2 over the file: %+v", got)
	}
	if got := config("--islands", "3"); got.Islands != 3 || got.MigrateEvery != evolve.DefaultMigrateEvery || got.Migrants != evolve.DefaultMigrants {
		t.Errorf("--islands 3: %+v, want the default epoch and migrants", got)
	}
}

// TestEvolveIslandFlags: the island flags are checked as usage errors.
func TestEvolveIslandFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--migrants", "1"}, "migrants are used only with islands"},
		{[]string{"--islands", "1", "--migrate-every", "2"}, "migrate_every is used only with islands"},
		{[]string{"--islands", "2000"}, "islands must be between 1 and 1024"},
		{[]string{"--islands", "2", "--migrants", "100"}, "migrants must be between 0 and population - elite"},
		{[]string{"--islands", "2", "--search", "map-elites"}, "islands evolve by the genetic loop only"},
		{[]string{"--resume", "x", "--islands", "2"}, "--islands cannot be changed"},
	} {
		code, _, e := runCLI(t, append([]string{"evolve"}, c.args...)...)
		if code != 2 || !strings.Contains(e, c.want) {
			t.Errorf("evolve %s: exit %d: %s; want exit 2 and %q", strings.Join(c.args, " "), code, e, c.want)
		}
	}
}
