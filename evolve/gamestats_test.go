package evolve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestRunDirReportFiles: a run with a directory keeps its starting games
// from its first checkpoint on, and its result files add the statistics of
// play of the winner and of each starting game, which read back and hold
// together. A run resumed from a later checkpoint, which does not hold the
// starting games, writes the same bytes.
func TestRunDirReportFiles(t *testing.T) {
	cfg := smallConfig()
	seeds := []*genome.Genome{testkit.SeedGenome(t, "uno-style"), testkit.SeedGenome(t, "go-fish"), testkit.SeedGenome(t, "go-fish"), testkit.SeedGenome(t, "crazy-eights")}
	dir := t.TempDir()
	rd, err := CreateRunDir(dir, cfg, testInvocation, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	var gen1 []byte
	res, err := Run(context.Background(), cfg, seeds, Options{Checkpoint: func(cp *Checkpoint) error {
		if (cp.Gen == 0) != (cp.Starts != nil) {
			t.Errorf("generation %d's checkpoint holds %d starting games", cp.Gen, len(cp.Starts))
		}
		if cp.Gen == 1 {
			b, err := EncodeCheckpoint(cp)
			gen1 = b
			return err
		}
		err := rd.WriteCheckpoint(cp)
		if _, serr := os.Stat(filepath.Join(dir, StartsFile)); serr != nil {
			t.Errorf("after generation %d's checkpoint: %v", cp.Gen, serr)
		}
		return err
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteRun(dir, res, nil); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, StartsFile))
	if err != nil {
		t.Fatal(err)
	}
	starts, err := ParseStarts(data)
	if err != nil {
		t.Fatal(err)
	}
	// The population of 3 holds the first three distinct games.
	var names []string
	for _, g := range starts {
		names = append(names, g.Name)
	}
	if want := []string{"uno-style", "go-fish", "crazy-eights"}; !slices.Equal(names, want) {
		t.Errorf("starting games %q, want %q", names, want)
	}
	stats, err := os.ReadFile(filepath.Join(dir, GameStatsFile))
	if err != nil {
		t.Fatal(err)
	}
	games, err := ParseGameStats(stats)
	if err != nil {
		t.Fatal(err)
	}
	winner := Named(Best(res, nil), cfg.Seed)
	if len(games) != 4 || games[0].Role != RoleWinner || games[0].Name != winner.Name || games[0].Hash != fmt.Sprintf("%x", winner.Canonical().Hash()) {
		t.Fatalf("%d games, the first %s %s %s; want the winner %s, then the starting games", len(games), games[0].Role, games[0].Name, games[0].Hash, winner.Name)
	}
	for i, g := range games[1:] {
		if g.Role != RoleStart || g.Name != names[i] {
			t.Errorf("game %d: the %s %s, want the starting game %s", i+2, g.Role, g.Name, names[i])
		}
	}
	uno := games[1]
	if len(uno.Seats) != uno.Seats[len(uno.Seats)-1].Seats-uno.Seats[0].Seats+1 || uno.Seats[0].Seats != starts[0].Seats.Min {
		t.Errorf("uno-style measured at seat counts %+v", uno.Seats)
	}
	for _, ss := range uno.Seats {
		for k, ps := range ss.Play {
			if ps.Policy != measurePolicies[k].String() || ps.Games != uint64(cfg.Games) || ps.Turns.Count() != ps.Games || len(ps.Effects) == 0 {
				t.Errorf("uno-style at %d seats, batch %d: %s, %d games, %d lengths, %d effect types fired", ss.Seats, k, ps.Policy, ps.Games, ps.Turns.Count(), len(ps.Effects))
			}
		}
	}
	if len(uno.Effects) != len(starts[0].Effects) || uno.Effects[0].Text == "" {
		t.Errorf("uno-style's %d effects measured as %+v", len(starts[0].Effects), uno.Effects)
	}

	// Resumed from generation 1 in a copy of the directory as it was
	// then: the same result files, the new ones included.
	cp, err := DecodeCheckpoint(gen1)
	if err != nil {
		t.Fatal(err)
	}
	again := t.TempDir()
	for _, f := range []string{ConfigFile, StartsFile} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(again, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res2, err := Resume(context.Background(), cp, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res2.Starts != nil {
		t.Error("a resumed run knows its starting games")
	}
	if err := WriteRun(again, res2, nil); err != nil {
		t.Fatal(err)
	}
	for _, f := range ResultFiles {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, err := os.ReadFile(filepath.Join(again, f))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs after a resume (%v)", f, err)
		}
	}
}

// TestMeasureGameWorkers: a game's statistics depend on the seed, never on
// the workers; a ladder is climbed when the skill metric is the ladder.
func TestMeasureGameWorkers(t *testing.T) {
	g := testkit.SeedGenome(t, "uno-style")
	cfg := smallConfig()
	cfg.Skill, cfg.Ladder, cfg.LadderGames = SkillLadder, "random,greedy", 3
	var lines [][]byte
	for _, w := range []int{1, 4} {
		cfg.Workers = w
		gs, err := MeasureGame(context.Background(), &cfg, g, 7)
		if err != nil {
			t.Fatal(err)
		}
		gs.Role = RoleGame
		line, err := gs.MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		if gs.Ladder == nil || len(gs.Ladder.Rungs) != 2 {
			t.Errorf("workers %d: ladder %+v", w, gs.Ladder)
		}
		if err := gs.Check(); err != nil {
			t.Errorf("workers %d: %v", w, err)
		}
		lines = append(lines, line)
	}
	if !bytes.Equal(lines[0], lines[1]) {
		t.Error("the statistics differ between 1 and 4 workers")
	}
	if back, err := ParseGameStats(lines[0]); err != nil || len(back) != 1 {
		t.Errorf("ParseGameStats of MarshalLine: %v", err)
	}
}

// TestParseGameStatsBad: a damaged statistics file is an error naming the
// line and what is wrong; an empty one holds no games.
func TestParseGameStatsBad(t *testing.T) {
	cfg := smallConfig()
	gs, err := MeasureGame(context.Background(), &cfg, testkit.SeedGenome(t, "go-fish"), 1)
	if err != nil {
		t.Fatal(err)
	}
	gs.Role = RoleStart
	good, err := gs.MarshalLine()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := ParseGameStats(nil); err != nil || len(out) != 0 {
		t.Errorf("an empty file: %d games, %v", len(out), err)
	}
	changed := func(f func(g *GameStats)) string {
		var c GameStats
		if err := json.Unmarshal(good, &c); err != nil {
			t.Fatal(err)
		}
		f(&c)
		b, err := c.MarshalLine()
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	line := string(good)
	for _, c := range []struct{ name, file, want string }{
		{"no newline", strings.TrimSuffix(line, "\n"), "line 1: the last line does not end in a newline (was the file cut short?)"},
		{"an empty line", line + "\n" + line, "line 2: an empty line (want one JSON object per line)"},
		{"not JSON", line + "{\n", "line 2: invalid JSON: unexpected EOF"},
		{"a list", "[]\n", "line 1: expected a JSON object, got an array"},
		{"a repeated key", strings.Replace(line, `{"role":"start"`, `{"role":"start","role":"winner"`, 1), `line 1: $.role: `},
		{"an unknown key", strings.Replace(line, `{"role":"start"`, `{"role":"start","luck":3`, 1), `line 1: unknown field "luck"`},
		{"a wrong type", strings.Replace(line, `"games":`, `"games":"many","x":`, 1), `line 1: $.games: expected int, got a JSON string`},
		{"an unknown role", changed(func(g *GameStats) { g.Role = "loser" }), `line 1: $.role: unknown role "loser" (want winner, start or game)`},
		{"a short hash", changed(func(g *GameStats) { g.Hash = "abc" }), `line 1: $.hash: "abc" is not a genome hash (64 hex digits)`},
		{"no seat counts", changed(func(g *GameStats) { g.Seats = nil }), "line 1: $.seats: no seat counts"},
		{"seat counts out of order", changed(func(g *GameStats) { g.Seats[1].Seats = 2 }), "line 1: $.seats[1].seats: seat count 2: want increasing seat counts from 1 to 8"},
		{"an unknown policy", changed(func(g *GameStats) { g.Seats[0].Play[1].Policy = "clever" }), `line 1: $.seats[0].play[1].policy: unknown policy "clever"`},
		{"wins of too many seats", changed(func(g *GameStats) { g.Seats[0].Play[0].Wins = append(g.Seats[0].Play[0].Wins, 0) }), "line 1: $.seats[0].play[0].wins: 3 seats' wins at 2 seats"},
		{"more wins than games", changed(func(g *GameStats) { g.Seats[0].Play[0].Wins[1] = 1 << 40 }), "line 1: $.seats[0].play[0].wins[1]: 1099511627776 wins in "},
		{"more games nobody won than games", changed(func(g *GameStats) { g.Seats[0].Play[0].Ties = 1 << 40 }), "line 1: $.seats[0].play[0]: 1099511627776 ties, "},
		{"a bucket of no vm.Dist", changed(func(g *GameStats) { g.Seats[0].Play[0].Turns.Buckets[0].Low = 65 }), "line 1: $.seats[0].play[0].turns.buckets[0]: bucket from 65 of "},
		{"lengths of other games", changed(func(g *GameStats) { g.Seats[0].Play[0].Plays.Buckets[0].Count++ }), "line 1: $.seats[0].play[0].plays.buckets: "},
		{"an unknown effect", changed(func(g *GameStats) { g.Seats[0].Play[0].Effects = []TypeCount{{"teleport", 1}} }), `line 1: $.seats[0].play[0].effects[0]: effect type "teleport" fired 1 times`},
	} {
		if _, err := ParseGameStats([]byte(c.file)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant an error starting %q", c.name, err, c.want)
		}
	}
}

// TestParseStartsBad: a damaged starting games file is an error naming
// the line and the JSON path.
func TestParseStartsBad(t *testing.T) {
	good, err := MarshalStarts([]*genome.Genome{testkit.SeedGenome(t, "war"), testkit.SeedGenome(t, "whist")})
	if err != nil {
		t.Fatal(err)
	}
	if gs, err := ParseStarts(good); err != nil || len(gs) != 2 || gs[1].Name != "whist" {
		t.Fatalf("ParseStarts(MarshalStarts): %d games, %v", len(gs), err)
	}
	lines := strings.SplitAfter(string(good), "\n")
	for _, c := range []struct{ name, file, want string }{
		{"cut short", string(good[:len(good)-5]), "line 2: the last line does not end in a newline"},
		{"an invalid genome", lines[0] + strings.Replace(lines[1], `"turn_cap":`, `"turn_cap":0,"x":`, 1), "line 2: "},
		{"not a genome", "[]\n", "line 1: $: "},
	} {
		if _, err := ParseStarts([]byte(c.file)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant an error starting %q", c.name, err, c.want)
		}
	}
}

// TestCellBins: CellBins gives each cell's bins as CellName names them,
// and AxisBins names every bin of every axis of DescriptorAxes.
func TestCellBins(t *testing.T) {
	axes := DescriptorAxes()
	for cell := range NumCells {
		bins := CellBins(cell)
		var parts []string
		for i, b := range bins {
			parts = append(parts, AxisBins(i)[b])
		}
		if got := strings.Join(parts, "/"); got != CellName(cell) || len(bins) != len(axes) {
			t.Fatalf("cell %d: bins %v name %s, want %s", cell, bins, got, CellName(cell))
		}
	}
	if CellBins(-1) != nil || CellBins(NumCells) != nil || AxisBins(len(axes)) != nil {
		t.Error("bins of cells or axes off the grid")
	}
}
