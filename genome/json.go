package genome

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/darwinsim/darwinsim/internal/jsontree"
)

// Problem is one thing wrong with a genome or its JSON, at a JSON path such
// as "$.turn[0].draw_max".
type Problem struct {
	Path   string
	Reason string
}

func (p Problem) Error() string {
	if p.Path == "" {
		// A problem of the whole (a configuration's combination of values).
		return p.Reason
	}
	return p.Path + ": " + p.Reason
}

// Problems is every problem found, in document order. It is an error when
// non-empty.
type Problems []Problem

func (ps Problems) Error() string {
	switch len(ps) {
	case 0:
		return "no problems"
	case 1:
		return ps[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d problems:", len(ps))
	for _, p := range ps {
		b.WriteString("\n  ")
		b.WriteString(p.Error())
	}
	return b.String()
}

// Err returns ps as an error, or nil when it is empty.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

func (ps *Problems) add(path, format string, args ...any) {
	*ps = append(*ps, Problem{Path: path, Reason: fmt.Sprintf(format, args...)})
}

// Decode reads a genome from JSON strictly: a key twice in one object,
// unknown fields, wrong types, unknown names and a schema version this
// build cannot read are errors, each naming its JSON path, and every one
// is reported. A genome of an older schema version is migrated first (see
// the package doc), so the result is always at SchemaVersion. It does not
// Validate; Parse does both.
func Decode(data []byte) (*Genome, error) {
	return decode(data, SchemaVersion, migrations)
}

// decode is Decode for a build whose schema version is current and whose
// migrations are steps (the tests try the mechanism on steps of their own).
func decode(data []byte, current int, steps []migration) (*Genome, error) {
	var tree any
	if path, problem := jsontree.DecodeAt(data, &tree, "a JSON object", "genome"); problem != "" {
		return nil, Problems{{Path: path, Reason: problem}}
	}
	var ps Problems
	if !upgrade(tree, current, steps, &ps) {
		return nil, ps
	}
	var g Genome
	decodeValue(tree, reflect.ValueOf(&g).Elem(), "$", &ps)
	if len(ps) == 0 && g.Schema != current {
		if obj, _ := tree.(map[string]any); obj["schema"] == nil {
			ps.add("$.schema", "missing: a genome names the schema version it is written in (this build reads %s)", readsVersions(current))
		} else {
			ps.add("$.schema", "%s", schemaProblem(g.Schema, current))
		}
	}
	if len(ps) > 0 {
		return nil, ps
	}
	return &g, nil
}

// Parse decodes and validates a genome.
func Parse(data []byte) (*Genome, error) {
	g, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// Encode returns the genome as indented JSON, metadata included. Field order
// is fixed, so equal genomes encode to equal bytes.
func (g *Genome) Encode() ([]byte, error) {
	b, err := json.MarshalIndent(g, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// decodeValue stores the generic JSON tree v into dst, reporting every
// mismatch at its path. The struct tags of the genome types are the one
// description of the JSON form, read by both this decoder and encoding/json.
func decodeValue(v any, dst reflect.Value, path string, ps *Problems) {
	if dst.CanAddr() && dst.Addr().Type().Implements(textUnmarshaler) && dst.Kind() != reflect.Pointer {
		s, ok := v.(string)
		if !ok {
			ps.add(path, "expected a string, got %s", jsontree.Kind(v))
			return
		}
		if err := dst.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			ps.add(path, "%s", err.Error())
		}
		return
	}
	switch dst.Kind() {
	case reflect.Pointer:
		if v == nil {
			// null is an absent optional field.
			return
		}
		p := reflect.New(dst.Type().Elem())
		decodeValue(v, p.Elem(), path, ps)
		dst.Set(p)
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			ps.add(path, "expected an object, got %s", jsontree.Kind(v))
			return
		}
		fields := structFields(dst.Type())
		// Walk keys in sorted order so problems come out in a stable order.
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			i, ok := fields[k]
			if !ok {
				ps.add(jsontree.Key(path, k), "unknown field %q", k)
				continue
			}
			decodeValue(obj[k], dst.Field(i), jsontree.Key(path, k), ps)
		}
	case reflect.Slice:
		if v == nil {
			// null is an empty list.
			return
		}
		arr, ok := v.([]any)
		if !ok {
			ps.add(path, "expected an array, got %s", jsontree.Kind(v))
			return
		}
		if len(arr) == 0 {
			// An empty list is the absent one (nil), as Encode omits it.
			return
		}
		s := reflect.MakeSlice(dst.Type(), len(arr), len(arr))
		for i, e := range arr {
			decodeValue(e, s.Index(i), fmt.Sprintf("%s[%d]", path, i), ps)
		}
		dst.Set(s)
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			ps.add(path, "expected true or false, got %s", jsontree.Kind(v))
			return
		}
		dst.SetBool(b)
	case reflect.Int:
		n, ok := v.(json.Number)
		if !ok {
			ps.add(path, "expected an integer, got %s", jsontree.Kind(v))
			return
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil || i < math.MinInt32 || i > math.MaxInt32 {
			ps.add(path, "expected an integer, got %s", n)
			return
		}
		dst.SetInt(i)
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			ps.add(path, "expected a string, got %s", jsontree.Kind(v))
			return
		}
		dst.SetString(s)
	default:
		ps.add(path, "cannot decode into %s", dst.Type())
	}
}

func structFields(t reflect.Type) map[string]int {
	m := make(map[string]int, t.NumField())
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	return m
}
