package genome

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const schemaFixtures = "testdata/schema"

// TestSchemaMigrations: a genome of every schema version this build has
// ever written still loads. For each version v below SchemaVersion there
// must be a migration step and a committed fixture, v<v>.json, written in
// version v, which must load as v<v>.want.json, the current genome it
// means. Bumping SchemaVersion without both fails here.
func TestSchemaMigrations(t *testing.T) {
	if len(migrations) != SchemaVersion-1 {
		t.Fatalf("SchemaVersion is %d, so %d migration steps are needed (one from each older version), and there are %d: add the step from the old version to migrations in schema.go",
			SchemaVersion, SchemaVersion-1, len(migrations))
	}
	for i, m := range migrations {
		if m.from != i+1 || m.migrate == nil {
			t.Fatalf("migrations[%d] migrates from version %d, want %d", i, m.from, i+1)
		}
	}
	for v := 1; v < SchemaVersion; v++ {
		oldPath := filepath.Join(schemaFixtures, fmt.Sprintf("v%d.json", v))
		wantPath := filepath.Join(schemaFixtures, fmt.Sprintf("v%d.want.json", v))
		old, err := os.ReadFile(oldPath)
		if err != nil {
			t.Errorf("schema version %d has no fixture: commit %s, a genome written in version %d (one that exercises what the migration changes), and %s, the version %d genome it must become (%v)",
				v, oldPath, v, wantPath, SchemaVersion, err)
			continue
		}
		wantData, err := os.ReadFile(wantPath)
		if err != nil {
			t.Errorf("schema version %d: missing %s, the version %d genome %s must become (%v)", v, wantPath, SchemaVersion, oldPath, err)
			continue
		}
		var head struct{ Schema int }
		if err := json.Unmarshal(old, &head); err != nil || head.Schema != v {
			t.Errorf("%s: says schema %d (%v), want %d", oldPath, head.Schema, err, v)
			continue
		}
		want, err := Parse(wantData)
		if err != nil {
			t.Errorf("%s: %v", wantPath, err)
			continue
		}
		got, err := Parse(old)
		if err != nil {
			t.Errorf("%s does not load: %v", oldPath, err)
			continue
		}
		if got.Schema != SchemaVersion {
			t.Errorf("%s loads with schema %d, want %d", oldPath, got.Schema, SchemaVersion)
		}
		if !reflect.DeepEqual(got, want) {
			a, _ := got.Encode()
			b, _ := want.Encode()
			t.Errorf("%s migrates to\n%s\nwant (%s)\n%s", oldPath, a, wantPath, b)
		}
	}

	// Every fixture is of an older version: one of the current version
	// means the version was bumped back, or a file is misnamed.
	entries, err := os.ReadDir(schemaFixtures)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^v([0-9]+)(\.want)?\.json$`)
	for _, e := range entries {
		if e.Name() == "README.md" {
			continue
		}
		m := name.FindStringSubmatch(e.Name())
		if m == nil {
			t.Errorf("%s: unexpected file (fixtures are v<version>.json and v<version>.want.json)", e.Name())
			continue
		}
		if v, _ := strconv.Atoi(m[1]); v < 1 || v >= SchemaVersion {
			t.Errorf("%s: a fixture for version %d, but this build is at version %d and migrates only older ones", e.Name(), v, SchemaVersion)
		}
	}
}

// The migration mechanism, on steps of the test's own for a build at a
// later version: steps run in order from the document's version, each
// sees the previous one's output, the result carries the current version,
// a step's problem stops decoding, and a newer version is refused.
func TestUpgrade(t *testing.T) {
	base, err := os.ReadFile(filepath.Join("seeds", "war.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ran []int
	steps := []migration{
		{1, func(obj map[string]any, ps *Problems) {
			// Version 1 called the turn cap "max_turns".
			ran = append(ran, 1)
			if v, ok := obj["max_turns"]; ok {
				obj["turn_cap"] = v
				delete(obj, "max_turns")
			}
		}},
		{2, func(obj map[string]any, ps *Problems) {
			// Version 2 had a "stack" hand, which version 3 dropped.
			ran = append(ran, 2)
			if obj["hand"] == "stack" {
				ps.add("$.hand", "the stack hand of schema version 2 has no equivalent in version 3")
			}
			if _, ok := obj["max_turns"]; ok {
				ps.add("$.max_turns", "step 1 did not run first")
			}
		}},
	}
	doc := func(schema int, old, new string) []byte {
		s := strings.Replace(string(base), `"schema": 1`, fmt.Sprintf(`"schema": %d`, schema), 1)
		return []byte(strings.Replace(s, old, new, 1))
	}
	want, err := Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	want.Schema = 3

	for _, tc := range []struct {
		name    string
		data    []byte
		current int
		ran     []int
		problem string
	}{
		{"from version 1", doc(1, `"turn_cap"`, `"max_turns"`), 3, []int{1, 2}, ""},
		{"from version 2", doc(2, "", ""), 3, []int{2}, ""},
		{"current", doc(3, "", ""), 3, nil, ""},
		{"one step", doc(1, `"turn_cap"`, `"max_turns"`), 2, []int{1}, ""},
		{"a step refuses", doc(1, `"hand": "pile"`, `"hand": "stack"`), 3, []int{1, 2},
			"$.hand: the stack hand of schema version 2 has no equivalent in version 3"},
		{"newer", doc(4, `"turn_cap"`, `"max_turns"`), 3, nil,
			"$.schema: schema version 4 is newer than this build reads (versions 1 to 3): use a newer darwinsim"},
		{"older than any", doc(0, "", ""), 3, nil,
			"$.schema: schema version 0 is not supported (this build reads versions 1 to 3)"},
		{"a step missing", doc(1, "", ""), 4, []int{1, 2},
			"$.schema: this build has no migration from schema version 3 to 4 (a bug of darwinsim)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ran = nil
			g, err := decode(tc.data, tc.current, steps)
			if !reflect.DeepEqual(ran, tc.ran) {
				t.Errorf("steps run: %v, want %v", ran, tc.ran)
			}
			if tc.problem != "" {
				if g != nil || err == nil || err.Error() != tc.problem {
					t.Fatalf("got %v, want %s", err, tc.problem)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			w := *want
			w.Schema = tc.current
			if !reflect.DeepEqual(g, &w) {
				t.Errorf("got %+v\nwant %+v", g, &w)
			}
		})
	}
}
