package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/vm"
)

// UnmarshalJSON reads back what MarshalJSON writes, so that tests can
// compare simulate --json's statistics with vm.Stats.
func (s *jsonStats) UnmarshalJSON(data []byte) error {
	var k statsKeys
	if err := json.Unmarshal(data, &k); err != nil {
		return err
	}
	if len(k.Wins) != k.Seats || k.Seats > vm.MaxSeats {
		return fmt.Errorf("%d wins for %d seats", len(k.Wins), k.Seats)
	}
	st := vm.Stats{Games: k.Games, Seats: k.Seats, Ties: k.Ties, Capped: k.Capped, Aborted: k.Aborted, Blocked: k.Blocked,
		Options: k.Options, Forced: k.Forced, Informed: k.Informed, LeadChanges: k.LeadChanges, Interactions: k.Interactions,
		Draws: k.Draws, Passes: k.Passes, Fizzled: k.Fizzled, Responses: k.Responses, Cancelled: k.Cancelled,
		Captures: k.Captures, Deals: k.Deals}
	copy(st.Wins[:], k.Wins)
	for t := range cardrules.NumEffectTypes {
		st.Effects[t] = k.Effects[t.String()]
	}
	for _, d := range []struct {
		from distKeys
		to   *vm.Dist
	}{{k.Turns, &st.Turns}, {k.Decisions, &st.Decisions}, {k.Plays, &st.Plays}} {
		d.to.Sum, d.to.Max = d.from.Sum, d.from.Max
		for _, b := range d.from.Histogram {
			d.to.Hist[vm.Bucket(b.Low)] = b.Count
		}
	}
	*s = jsonStats(st)
	return nil
}

// TestStatsJSONKeys: simulate --json's raw statistics have a snake_case
// key for every field of vm.Stats, one win per seat and the buckets that
// hold a game, and read back as the same statistics.
func TestStatsJSONKeys(t *testing.T) {
	code, out, e := runCLI(t, "simulate", "uno-style", "-n", "300", "-p", "3", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	var doc struct {
		Format int                        `json:"format"`
		Stats  map[string]json.RawMessage `json:"stats"`
		Sum    struct {
			WinRate []float64 `json:"win_rate"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != jsonFormat {
		t.Errorf("format %d, want %d", doc.Format, jsonFormat)
	}
	st := reflect.TypeFor[vm.Stats]()
	for i := range st.NumField() {
		key := snake(st.Field(i).Name)
		if _, ok := doc.Stats[key]; !ok {
			t.Errorf("vm.Stats.%s has no key %q in simulate --json's stats", st.Field(i).Name, key)
		}
	}
	if len(doc.Stats) != st.NumField() {
		t.Errorf("stats has %d keys, vm.Stats %d fields", len(doc.Stats), st.NumField())
	}
	var wins []uint64
	if err := json.Unmarshal(doc.Stats["wins"], &wins); err != nil || len(wins) != 3 || len(doc.Sum.WinRate) != 3 {
		t.Errorf("3 seats: wins %s, win_rate %v (%v)", doc.Stats["wins"], doc.Sum.WinRate, err)
	}
	var turns distKeys
	if err := json.Unmarshal(doc.Stats["turns"], &turns); err != nil {
		t.Fatal(err)
	}
	var games uint64
	for i, b := range turns.Histogram {
		if b.Count == 0 || b.Low > b.High || i > 0 && b.Low <= turns.Histogram[i-1].High {
			t.Errorf("bucket %d: %+v", i, b)
		}
		games += b.Count
	}
	if games != 300 || turns.Histogram[len(turns.Histogram)-1].High != turns.Max {
		t.Errorf("the histogram counts %d games, its last bucket %+v, max %d", games, turns.Histogram[len(turns.Histogram)-1], turns.Max)
	}
	var r statsReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	var again strings.Builder
	if err := writeStatsJSON(&again, r.Game, r.Seed, r.Policy, (*vm.Stats)(r.Stats)); err != nil {
		t.Fatal(err)
	}
	if again.String() != out {
		t.Error("simulate --json read back and written again differs")
	}
}

// snake is a Go field name in snake_case: LeadChanges is lead_changes.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jsonGoldens are the golden outputs of --json, one or more per command
// that has the flag; TestGolden checks them, and TestJSONDocumented reads
// them.
var jsonGoldens = []struct {
	name string
	args []string
}{
	{"games.json", []string{"games", "--json"}},
	{"describe-war.json", []string{"describe", "war", "--json"}},
	{"compile-war.json", []string{"compile", "war", "--json"}},
	{"simulate-war.json", []string{"simulate", "war", "-n", "500", "--json"}},
	{"replay-crazy-eights.json", []string{"replay", "--seed", "3", "--game", "5", "--json"}},
	{"replay-blackjack.json", []string{"replay", "blackjack", "--policy", "greedy,random,random", "-i", "0", "--json"}},
	{"evolve-small.json", []string{"evolve", "--pop", "8", "--generations", "2", "--games", "40", "--skill-games", "10", "--from", "war,crazy-eights,uno-style", "--json"}},
	{"evolve-map-elites.json", []string{"evolve", "--search", "map-elites", "--pop", "8", "--generations", "1", "--games", "40", "--skill-games", "10", "--from", "crazy-eights,uno-style", "--json"}},
	{"score-uno-style.json", []string{"score", "uno-style", "-n", "100", "--players", "3", "--json"}},
	{"bench.json", []string{"bench", "--seconds", "0.001", "--json"}},
	{"version.json", []string{"version", "--json"}},
}

// varies are the keys of --json documents whose values differ from run
// to run or machine to machine (bench's measurements): their goldens
// hold a placeholder of the value's type.
var varies = []string{"os", "arch", "cores", "go", "workers", "spin_speedup", "games_per_second", "decisions_per_second", "games_per_second_all", "speedup",
	"native_games_per_second", "vm_native_ratio"}

// steady replaces the values of varies in a JSON document with
// placeholders: 0 for a number, "" for a string.
func steady(t *testing.T, doc []byte) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if !slices.Contains(varies, k) {
					walk(x)
					continue
				}
				switch x.(type) {
				case float64:
					v[k] = 0
				case string:
					v[k] = ""
				}
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	var b strings.Builder
	if err := writeJSON(&b, v); err != nil {
		t.Fatal(err)
	}
	return []byte(b.String())
}

// genomeKeys are the keys whose values are genome JSON (a genome, or its
// effects and rules), which docs/genome.md describes rather than
// docs/json.md.
var genomeKeys = []string{"genome", "effect", "rules"}

// TestJSONDocumented: every key of every --json golden is named in
// docs/json.md (in backquotes, alone or in a path), and each document has
// the format; the keys within genome JSON are named in docs/genome.md.
func TestJSONDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	gdoc, err := os.ReadFile("../../docs/genome.md")
	if err != nil {
		t.Fatal(err)
	}
	named, gnamed := quotedNames(string(doc)), quotedNames(string(gdoc))
	for _, k := range vm.EventKinds() {
		if !named[k.String()] {
			t.Errorf("replay's event kind %q is not in docs/json.md", k)
		}
	}
	for _, c := range jsonGoldens {
		data, err := os.ReadFile(filepath.Join("testdata", "golden", c.name))
		if err != nil {
			t.Fatalf("%v (run go test -run TestGoldenJSON -update)", err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m, ok := v.(map[string]any); !ok || m["format"] != float64(jsonFormat) {
			t.Errorf("%s: no \"format\": %d", c.name, jsonFormat)
		}
		if !strings.Contains(string(doc), "darwinsim "+c.args[0]) {
			t.Errorf("docs/json.md has no section on darwinsim %s", c.args[0])
		}
		for _, k := range jsonKeys(v, "$", false) {
			if k.genome && !gnamed[k.name] {
				t.Errorf("%s: %s: genome key %q is not in docs/genome.md", c.name, k.path, k.name)
			}
			if !k.genome && !named[k.name] {
				t.Errorf("%s: %s: key %q is not in docs/json.md", c.name, k.path, k.name)
			}
		}
	}
}

// jsonKey is a key of a JSON document, at its path.
type jsonKey struct {
	name, path string
	genome     bool // within genome JSON
}

// jsonKeys lists every key of v, in a fixed order.
func jsonKeys(v any, path string, genome bool) []jsonKey {
	var out []jsonKey
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, jsonKey{k, path + "." + k, genome})
			out = append(out, jsonKeys(v[k], path+"."+k, genome || slices.Contains(genomeKeys, k))...)
		}
	case []any:
		for i, x := range v {
			out = append(out, jsonKeys(x, fmt.Sprintf("%s[%d]", path, i), genome)...)
		}
	}
	return out
}

// quotedNames returns the words that a Markdown text names in backquotes:
// `a`, `a.b` and `a[].b` name a and b.
func quotedNames(md string) map[string]bool {
	names := map[string]bool{}
	word := regexp.MustCompile(`[a-z0-9_]+`)
	for _, m := range regexp.MustCompile("`([^`\n]+)`").FindAllStringSubmatch(md, -1) {
		for _, w := range word.FindAllString(m[1], -1) {
			names[w] = true
		}
	}
	return names
}
