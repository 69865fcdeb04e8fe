package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// seedGames resolves --from, a comma-separated list: each item is a seed
// game's name, a game file (a genome JSON file, a JSON list of genomes such
// as a run's hall_of_fame.json, or a program file) or a directory, whose
// *.json files are read in name order, a run directory's files that hold
// no game (runSideFiles) excepted. A game given twice (the same canonical
// hash) is kept once, where it first appears. Without items: every seed
// game.
func seedGames(from string) ([]*genome.Genome, error) {
	if from == "" {
		return genome.Seeds(), nil
	}
	var gs []*genome.Genome
	seen := map[genome.Hash]bool{}
	for _, item := range strings.Split(from, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, errors.New("--from: an empty item (a doubled or trailing comma?)")
		}
		loaded, err := fromItem(item)
		if err != nil {
			return nil, fmt.Errorf("--from: %w", err)
		}
		for _, g := range loaded {
			if h := g.Hash(); !seen[h] {
				seen[h] = true
				gs = append(gs, g)
			}
		}
	}
	return gs, nil
}

// fromItem loads the games of one item of --from. A seed game's name is
// read as for every game argument (seedName); since a directory is an
// item of --from too, a directory named like a seed game is as ambiguous
// as a file.
func fromItem(item string) ([]*genome.Genome, error) {
	name, isSeed, err := seedName(item)
	if err != nil {
		return nil, err
	}
	bare := isSeed && !strings.HasPrefix(item, seedPrefix)
	if isSeed {
		if fi, err := os.Lstat(item); bare && err == nil && fi.IsDir() {
			return nil, fmt.Errorf("%s is both a seed game and a directory in the current directory: write ./%s for the directory or %s%s for the seed game", item, item, seedPrefix, item)
		}
		g, err := genome.Seed(name)
		if err != nil {
			return nil, err
		}
		return []*genome.Genome{g}, nil
	}
	bare = !strings.ContainsAny(item, "/.")
	fi, err := os.Stat(item)
	switch {
	case errors.Is(err, fs.ErrNotExist) && bare:
		return nil, fmt.Errorf("%s: no seed game of that name, and no such file or directory (seed games: %s)", item, strings.Join(genome.SeedNames(), ", "))
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such file or directory", item)
	case err != nil:
		return nil, err
	case fi.IsDir():
		return dirGames(item)
	}
	return fileGames(item)
}

// runSideFiles are the JSON files of a run directory that hold no game.
var runSideFiles = []string{"config.json", "timings.json", "provenance.json"}

// dirGames loads every *.json file of dir, in name order, but
// runSideFiles; it does not descend into subdirectories.
func dirGames(dir string) ([]*genome.Genome, error) {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		return nil, err
	}
	var gs []*genome.Genome
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".json") || slices.Contains(runSideFiles, name) {
			continue
		}
		loaded, err := fileGames(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		gs = append(gs, loaded...)
	}
	if len(gs) == 0 {
		return nil, fmt.Errorf("%s: no game files in the directory (*.json other than a run's %s)", dir, strings.Join(runSideFiles, ", "))
	}
	return gs, nil
}

// fileGames loads the games of one file: a JSON list of genomes or hall
// of fame entries, or one game as every game argument reads it. A game
// without a name takes the file's (with its place in a list).
func fileGames(path string) ([]*genome.Genome, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	// A file's name names its games: escaped and cut to a name's length,
	// since a genome's name must be printable and bounded.
	stem := printable(strings.ToValidUTF8(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), "_"))
	if r := []rune(stem); len(r) > cardrules.MaxNameLen-8 {
		stem = string(r[:cardrules.MaxNameLen-8])
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '[' {
		gs, err := evolve.ParseGenomeList(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		for i, g := range gs {
			if _, err := compile.Compile(g); err != nil {
				return nil, fmt.Errorf("%s: $[%d]: %w", path, i, err)
			}
			if g.Name == "" {
				g.Name = fmt.Sprintf("%s-%d", stem, i+1)
			}
		}
		return gs, nil
	}
	gm, err := decodeGame(path, data)
	if err != nil {
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) == nil && obj["fitness_version"] != nil {
			return nil, fmt.Errorf("%s: a run's configuration, not a game (it goes to --config)", path)
		}
		return nil, err
	}
	g := gm.Genome
	if g.Name == "" && gm.Name != path {
		g.Name = gm.Name // a program file's name
	}
	if g.Name == "" {
		g.Name = stem
	}
	return []*genome.Genome{g}, nil
}
