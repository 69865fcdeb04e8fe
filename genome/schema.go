package genome

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// A migration turns the decoded JSON object of a genome written in schema
// version from into version from+1, in place, before strict decoding. It
// moves, renames and rewrites keys; whatever it cannot express in the next
// version it reports as a problem at its JSON path ("$.turn[2].kind"). It
// leaves "schema" alone (upgrade sets it).
type migration struct {
	from    int
	migrate func(obj map[string]any, ps *Problems)
}

// migrations has one step per version before SchemaVersion, in order:
// migrations[i] turns version i+1 into version i+2. Bumping SchemaVersion
// means appending the step from the old version, and committing a fixture
// genome/testdata/schema/v<old>.json written in the old version together
// with v<old>.want.json, the current genome it must become;
// TestSchemaMigrations fails until both are there.
var migrations = []migration{}

// readsVersions says which schema versions this build reads.
func readsVersions(current int) string {
	if current == 1 {
		return "version 1"
	}
	return fmt.Sprintf("versions 1 to %d", current)
}

// schemaProblem is the reason a genome of schema version v is refused by a
// build at version current.
func schemaProblem(v, current int) string {
	if v > current {
		return fmt.Sprintf("schema version %d is newer than this build reads (%s): use a newer darwinsim", v, readsVersions(current))
	}
	return fmt.Sprintf("schema version %d is not supported (this build reads %s)", v, readsVersions(current))
}

// upgrade brings the decoded JSON tree of a genome to schema version
// current, applying steps in order, and sets its "schema" to each version
// reached. It returns false, with the reasons in ps, when the tree cannot
// be read: its version is newer than current (its other fields may mean
// things this build does not know, so they are not looked at), or a step
// failed. A tree that is not an object, or whose version is not an integer
// or is below 1, is left as it is for strict decoding to report.
func upgrade(tree any, current int, steps []migration, ps *Problems) bool {
	obj, ok := tree.(map[string]any)
	if !ok {
		return true
	}
	n, ok := obj["schema"].(json.Number)
	if !ok {
		return true
	}
	v, err := strconv.Atoi(string(n))
	if err != nil {
		return true
	}
	if v > current {
		ps.add("$.schema", "%s", schemaProblem(v, current))
		return false
	}
	for ; v >= 1 && v < current; v++ {
		if v > len(steps) || steps[v-1].from != v {
			ps.add("$.schema", "this build has no migration from schema version %d to %d (a bug of darwinsim)", v, v+1)
			return false
		}
		before := len(*ps)
		steps[v-1].migrate(obj, ps)
		if len(*ps) > before {
			return false
		}
		obj["schema"] = json.Number(strconv.Itoa(v + 1))
	}
	return true
}
