package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
)

// resultFiles are the files of a run directory that are its identity.
var resultFiles = []string{"best.json", "best.txt", "generations.csv", "hall_of_fame.json", "rescore.csv", "operators.csv", "lineage.csv", "config.json", "checkpoint.dsck"}

// TestEvolveConfigReproduces: a run directory's config.json, given back
// to --config, reproduces the run byte for byte, on another worker count.
func TestEvolveConfigReproduces(t *testing.T) {
	a, outA := evolveRun(t, append(small(t), "--seed", "5", "--workers", "1")...)
	b, outB := evolveRun(t, "--config", filepath.Join(a, "config.json"), "--workers", "3", "--from", runFrom)
	if outA != outB {
		t.Errorf("outputs differ:\n%s\n---\n%s", outA, outB)
	}
	for _, f := range resultFiles {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, f))
		if err != nil || !bytes.Equal(x, y) {
			t.Errorf("%s differs between the run and its rerun from config.json (%v)", f, err)
		}
	}
}

// TestEvolveConfigLayers: the preset, then the file, then explicit flags;
// what the file leaves out, nested weights included, is the preset's.
func TestEvolveConfigLayers(t *testing.T) {
	dir := t.TempDir()
	file := write(t, filepath.Join(dir, "c.json"), `{"population": 8, "games": 40, "skill_games": 10, "generations": 3, "seed": 7, "weights": {"skill": 3}, "ablation_games": 100, "rescore": 1}`)
	quick, _ := evolve.Preset("quick")
	def, _ := evolve.Preset("default")
	cases := []struct {
		name string
		args []string
		want func() evolve.Config
	}{
		{"file over preset", []string{"--config", file},
			func() evolve.Config {
				c := quick
				c.Population, c.Games, c.SkillGames, c.Generations, c.Seed, c.Weights.Skill = 8, 40, 10, 3, 7, 3
				c.AblationGames, c.Rescore = 100, 1
				return c
			}},
		{"flags over file", []string{"--config", file, "--generations", "1", "--seed", "9", "--elite", "1"},
			func() evolve.Config {
				c := quick
				c.Population, c.Games, c.SkillGames, c.Generations, c.Seed, c.Weights.Skill, c.Elite = 8, 40, 10, 1, 9, 3, 1
				c.AblationGames, c.Rescore = 100, 1
				return c
			}},
		{"another preset", []string{"--preset", "default", "--config", file, "--generations", "1"},
			func() evolve.Config {
				c := def
				c.Population, c.Games, c.SkillGames, c.Generations, c.Seed, c.Weights.Skill = 8, 40, 10, 1, 7, 3
				c.AblationGames, c.Rescore = 100, 1
				return c
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run, _ := evolveRun(t, append(c.args, "--from", runFrom)...)
			data, err := os.ReadFile(filepath.Join(run, "config.json"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := evolve.ParseConfig(evolve.Config{}, data)
			if err != nil {
				t.Fatal(err)
			}
			if want := c.want(); got != want {
				t.Errorf("config.json\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

// TestEvolveConfigErrors: a bad --config is a usage mistake that names the
// file and the JSON path, and creates no run directory.
func TestEvolveConfigErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := func(name, content string) string { return write(t, filepath.Join(dir, name), content) }
	typo := cfg("typo.json", `{"weights": {"skil": 3}}`)
	wrongType := cfg("type.json", `{"population": "24"}`)
	rng := cfg("range.json", `{"rates": {"crossover": 1.5}, "population": 10}`)
	pop := cfg("pop.json", `{"population": 10}`)
	workers := cfg("workers.json", `{"workers": 4}`)
	version := cfg("version.json", `{"fitness_version": 1, "population": 10}`)
	broken := cfg("broken.json", "{\n  \"population\": 10,\n}\n")
	nosuch := filepath.Join(dir, "nosuch.json")
	cases := []struct {
		args []string
		want string // the first line of stderr
	}{
		{[]string{"--config", typo}, "darwinsim: " + typo + `: $.weights.skil: unknown field "skil" (want one of completion, balance, decisions, lead_changes, interaction, length, skill, simplicity, effects)`},
		{[]string{"--config", wrongType}, "darwinsim: " + wrongType + `: $.population: expected an integer, got the string "24"`},
		{[]string{"--config", rng}, "darwinsim: " + rng + `: $.rates.crossover: rate crossover must be in [0, 1], got 1.5`},
		{[]string{"--config", workers}, "darwinsim: " + workers + `: $.workers: unknown field "workers": the worker count is not part of a run's configuration (results do not depend on it)`},
		{[]string{"--config", version}, "darwinsim: " + version + `: $.fitness_version: the file is for fitness version 1, but this build scores with version 2, so its run cannot be reproduced (remove the key to use the configuration anyway)`},
		{[]string{"--config", broken}, "darwinsim: " + broken + `: $: invalid JSON at line 3, column 1: invalid character '}' looking for beginning of object key string`},
		{[]string{"--config", nosuch}, "darwinsim: --config: open " + nosuch + ": no such file or directory"},
		// The flags are checked with the file's values.
		{[]string{"--config", pop, "--elite", "10"}, "darwinsim: elite must be between 0 and population-1 (9), got 10"},
		{[]string{"--config", pop, "--resume", dir}, "darwinsim: --resume continues a run with its own configuration; --config cannot be changed"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "run")
			code, _, errOut := runCLI(t, append(append([]string{"evolve"}, c.args...), "--out", out)...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d (stderr: %s)", code, exitUsage, errOut)
			}
			if first, _, _ := strings.Cut(errOut, "\n"); first != c.want {
				t.Errorf("stderr first line:\n got %q\nwant %q", first, c.want)
			}
			if !pointsToHelp(errOut) {
				t.Errorf("no usage text:\n%s", errOut)
			}
			if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a refused run created its --out directory (%v)", err)
			}
		})
	}
	if evolve.FitnessVersion != 2 {
		t.Errorf("update the fitness_version case for FitnessVersion %d", evolve.FitnessVersion)
	}
}

// TestConfigFieldsDocumented: the README's evolve section names every
// field a configuration file may hold (the --help text lists them from
// the struct tags).
func TestConfigFieldsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, help, _ := runCLI(t, "evolve", "--help")
	for _, typ := range []reflect.Type{reflect.TypeFor[evolve.Config](), reflect.TypeFor[evolve.Rates](), reflect.TypeFor[evolve.Weights]()} {
		for _, name := range jsonNames(typ) {
			if !bytes.Contains(readme, []byte("`"+name+"`")) {
				t.Errorf("the README does not name the configuration field %s", name)
			}
			if !strings.Contains(help, " "+name+",") && !strings.Contains(help, " "+name+"\n") {
				t.Errorf("evolve --help does not name the configuration field %s", name)
			}
		}
	}
	if names := jsonNames(reflect.TypeFor[evolve.Config]()); len(names) < 15 || slices.Contains(names, "workers") {
		t.Errorf("configuration fields %q: want the 15 or more of evolve.Config, never workers", names)
	}
}
