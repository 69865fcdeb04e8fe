package evolve

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/jsontree"
)

// ConfigProblem is one thing wrong with a configuration, at the JSON path
// of the value (no path: a combination of values, such as an elite larger
// than the population). ConfigProblems is every problem found, in the
// order of the file's keys (sorted) and then of Validate; it is an error
// when non-empty. They are the genome's problem types, so that a file's
// problems read alike whichever it is.
type (
	ConfigProblem  = genome.Problem
	ConfigProblems = genome.Problems
)

func addProblem(ps *ConfigProblems, path, format string, args ...any) {
	*ps = append(*ps, ConfigProblem{Path: path, Reason: fmt.Sprintf(format, args...)})
}

// ParseConfig applies a JSON configuration file over base and validates
// the result. The file holds any subset of Config's JSON fields (those of
// a run directory's config.json); a field it leaves out keeps base's
// value, and so does every rate and weight a nested "rates" or "weights"
// object leaves out. The version keys WriteRun writes (Versions) are
// optional: "fitness_version" and "semantics_version" must be this
// build's, since a run scored or played under others cannot be
// reproduced; "bytecode_format_version" and "genome_schema_version" must
// be integers and are otherwise only a record (programs are compiled
// afresh, genomes migrate). Decoding is strict: unknown fields, duplicate
// keys, wrong types, null, fractions for integers and out-of-range values
// are errors, each at its JSON path, and all are reported (as
// ConfigProblems). base.Workers is kept; the file cannot set it. A file's
// "skill": "greedy" is SkillGreedy, its "search": "genetic"
// SearchGenetic, its "topology": "ring" TopologyRing, and its "islands": 1 a plain run (Islands 0); with more
// islands, a "migrate_every" or "migrants" that neither the file nor base
// gives takes its default (NormalizeIslands).
func ParseConfig(base Config, data []byte) (Config, error) {
	var tree any
	if path, reason := jsontree.DecodeAt(data, &tree, "a JSON object", "JSON document"); reason != "" {
		return Config{}, ConfigProblems{{Path: path, Reason: reason}}
	}
	var ps ConfigProblems
	if obj, ok := tree.(map[string]any); ok {
		checkVersions(obj, &ps)
	}
	cfg := base
	set := map[string]bool{}
	decodeConfig(tree, reflect.ValueOf(&cfg).Elem(), "$", set, &ps)
	if len(ps) > 0 {
		return Config{}, ps
	}
	if cfg.Skill == skillGreedyName {
		cfg.Skill = SkillGreedy // one spelling, so that one run has one identity
	}
	if cfg.Search == searchGeneticName {
		cfg.Search = SearchGenetic
	}
	if cfg.Topology == topologyRingName {
		cfg.Topology = TopologyRing
	}
	cfg.normalizeIslands(func(f string) bool { return set["$."+f] })
	for _, p := range cfg.problems() {
		if !set[p.Path] {
			p.Path = "" // the file does not hold this field
		}
		ps = append(ps, p)
	}
	if len(ps) > 0 {
		return Config{}, ps
	}
	return cfg, nil
}

// checkVersions checks and removes obj's version keys (Versions).
func checkVersions(obj map[string]any, ps *ConfigProblems) {
	cur := CurrentVersions()
	for _, k := range []struct {
		key, name, verb string
		want            int
		binding         bool // results depend on it
	}{
		{"fitness_version", "fitness", "scores with", cur.Fitness, true},
		{"semantics_version", "semantics", "plays", cur.Semantics, true},
		{"bytecode_format_version", "", "", cur.BytecodeFormat, false},
		{"genome_schema_version", "", "", cur.GenomeSchema, false},
	} {
		v, ok := obj[k.key]
		if !ok {
			continue
		}
		delete(obj, k.key)
		n, isNum := v.(json.Number)
		i, err := strconv.ParseInt(string(n), 10, 64)
		switch {
		case !isNum || err != nil:
			addProblem(ps, "$."+k.key, "expected an integer, got %s", jsontree.Kind(v))
		case k.binding && i != int64(k.want):
			addProblem(ps, "$."+k.key, "the file is for %s version %d, but this build %s version %d, so its run cannot be reproduced (remove the key to use the configuration anyway)", k.name, i, k.verb, k.want)
		}
	}
}

// decodeConfig stores the JSON tree v into dst (a Config or one of its
// fields), reporting every mismatch at its path, and records the paths it
// set. Config's struct tags are the one description of its JSON form, read
// by both this decoder and encoding/json.
func decodeConfig(v any, dst reflect.Value, path string, set map[string]bool, ps *ConfigProblems) {
	n := len(*ps)
	switch dst.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			addProblem(ps, path, "expected an object, got %s", jsontree.Kind(v))
			return
		}
		names, index := jsonFields(dst.Type())
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			i, ok := index[k]
			switch {
			case !ok && path == "$" && k == "workers":
				addProblem(ps, path+"."+k, "unknown field %q: the worker count is not part of a run's configuration (results do not depend on it)", k)
			case !ok:
				addProblem(ps, path+"."+k, "unknown field %q (want one of %s)", k, strings.Join(names, ", "))
			default:
				decodeConfig(obj[k], dst.Field(i), path+"."+k, set, ps)
			}
		}
	case reflect.Int:
		num, ok := v.(json.Number)
		if !ok {
			addProblem(ps, path, "expected an integer, got %s", jsontree.Kind(v))
			return
		}
		i, err := strconv.ParseInt(string(num), 10, 64)
		if errors.Is(err, strconv.ErrRange) || err == nil && int64(int(i)) != i {
			addProblem(ps, path, "the integer %s is out of range", num)
			return
		}
		if err != nil {
			addProblem(ps, path, "expected an integer, got %s", num)
			return
		}
		dst.SetInt(i)
	case reflect.Uint64:
		num, ok := v.(json.Number)
		u, err := strconv.ParseUint(string(num), 10, 64)
		if !ok || err != nil {
			addProblem(ps, path, "expected an integer from 0 to %d, got %s", uint64(math.MaxUint64), jsontree.Kind(v))
			return
		}
		dst.SetUint(u)
	case reflect.String:
		str, ok := v.(string)
		if !ok {
			addProblem(ps, path, "expected a string, got %s", jsontree.Kind(v))
			return
		}
		dst.SetString(str)
	case reflect.Float64:
		num, ok := v.(json.Number)
		if !ok {
			addProblem(ps, path, "expected a number, got %s", jsontree.Kind(v))
			return
		}
		f, err := strconv.ParseFloat(string(num), 64)
		if err != nil {
			addProblem(ps, path, "the number %s is out of range", num)
			return
		}
		dst.SetFloat(f)
	default:
		addProblem(ps, path, "cannot decode into %s", dst.Type())
	}
	if len(*ps) == n {
		set[path] = true
	}
}

// jsonFields returns a struct's JSON field names in field order, and the
// field index of each.
func jsonFields(t reflect.Type) ([]string, map[string]int) {
	var names []string
	index := map[string]int{}
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			names = append(names, name)
			index[name] = i
		}
	}
	return names, index
}
