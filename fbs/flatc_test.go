package fbs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/vm"
)

// flatcJSON converts a binary file to JSON with the reference compiler,
// Debian's flatc: `flatc --json --strict-json --raw-binary -o <tmp>
// fbs/<schema> -- file.bin`. It skips the test when flatc is missing,
// except under CI=true, where that is a failure.
func flatcJSON(t *testing.T, schema string, bin []byte) map[string]any {
	t.Helper()
	flatc, err := exec.LookPath("flatc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("flatc is not installed (Debian package flatbuffers-compiler): %v", err)
		}
		t.Skipf("flatc is not installed: %v", err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "file.bin")
	if err := os.WriteFile(in, bin, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(schema)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(flatc, "--json", "--strict-json", "--raw-binary", "-o", dir, abs, "--", in).CombinedOutput()
	if err != nil {
		t.Fatalf("flatc on %s: %v\n%s", schema, err, out)
	}
	js, err := os.ReadFile(filepath.Join(dir, "file.json"))
	if err != nil {
		t.Fatalf("flatc wrote no JSON: %v\n%s", err, out)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("flatc JSON does not parse: %v\n%s", err, js)
	}
	return m
}

// jsonChecker compares flatc's JSON with expected values, field by field.
// flatc leaves out scalars equal to their default (0), so a missing number
// is 0 and a missing vector is empty.
type jsonChecker struct {
	t    *testing.T
	path string
	obj  map[string]any
	used map[string]bool
}

func newChecker(t *testing.T, path string, obj map[string]any) *jsonChecker {
	return &jsonChecker{t: t, path: path, obj: obj, used: map[string]bool{}}
}

func (c *jsonChecker) uint(key string, want uint64) {
	c.t.Helper()
	c.used[key] = true
	v, ok := c.obj[key]
	if !ok {
		if want != 0 {
			c.t.Errorf("%s.%s: missing, want %d", c.path, key, want)
		}
		return
	}
	if got := fmt.Sprint(v); got != strconv.FormatUint(want, 10) {
		c.t.Errorf("%s.%s: %s, want %d", c.path, key, got, want)
	}
}

func (c *jsonChecker) str(key, want string) {
	c.t.Helper()
	c.used[key] = true
	v, ok := c.obj[key]
	if got, _ := v.(string); !ok && want != "" || ok && got != want {
		c.t.Errorf("%s.%s: %q, want %q", c.path, key, v, want)
	}
}

// uints checks a vector: want up to its last non-zero entry must match;
// the JSON may hold trailing zeros but nothing beyond len(want).
func (c *jsonChecker) uints(key string, want []uint64) {
	c.t.Helper()
	c.used[key] = true
	v, ok := c.obj[key]
	var got []any
	if ok {
		if got, ok = v.([]any); !ok {
			c.t.Errorf("%s.%s: %v is not an array", c.path, key, v)
			return
		}
	}
	if len(got) > len(want) {
		c.t.Errorf("%s.%s: %d entries, want at most %d", c.path, key, len(got), len(want))
		return
	}
	for i, w := range want {
		g := "0"
		if i < len(got) {
			g = fmt.Sprint(got[i])
		}
		if g != strconv.FormatUint(w, 10) {
			c.t.Errorf("%s.%s[%d]: %s, want %d", c.path, key, i, g, w)
		}
	}
}

func (c *jsonChecker) bytes(key string, want []byte) {
	c.t.Helper()
	u := make([]uint64, len(want))
	for i, b := range want {
		u[i] = uint64(b)
	}
	c.uints(key, u)
	if got, _ := c.obj[key].([]any); len(got) != len(want) {
		c.t.Errorf("%s.%s: %d bytes, want %d", c.path, key, len(got), len(want))
	}
}

// strs checks a vector of strings (absent when want is empty).
func (c *jsonChecker) strs(key string, want []string) {
	c.t.Helper()
	c.used[key] = true
	v, ok := c.obj[key]
	got, _ := v.([]any)
	if !ok && len(want) == 0 {
		return
	}
	if len(got) != len(want) {
		c.t.Errorf("%s.%s: %v, want %q", c.path, key, v, want)
		return
	}
	for i, w := range want {
		if g, _ := got[i].(string); g != w {
			c.t.Errorf("%s.%s[%d]: %v, want %q", c.path, key, i, got[i], w)
		}
	}
}

func (c *jsonChecker) sub(key string) *jsonChecker {
	c.t.Helper()
	c.used[key] = true
	m, _ := c.obj[key].(map[string]any)
	if _, ok := c.obj[key]; ok && m == nil {
		c.t.Errorf("%s.%s: %v is not an object", c.path, key, c.obj[key])
	}
	return newChecker(c.t, c.path+"."+key, m)
}

// done fails on any key the checks did not expect.
func (c *jsonChecker) done() {
	c.t.Helper()
	for k := range c.obj {
		if !c.used[k] {
			c.t.Errorf("%s: unexpected field %q", c.path, k)
		}
	}
}

// checkStruct compares a Go struct with a flatc JSON object by reflection:
// each field's snake_case name, integers as numbers, arrays as vectors,
// nested structs as tables. It fails on a field kind it cannot compare, so
// a new kind of vm.Stats field needs this test updated too.
func (c *jsonChecker) checkStruct(v reflect.Value) {
	c.t.Helper()
	for i := range v.NumField() {
		key := snake(v.Type().Field(i).Name)
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Uint64:
			c.uint(key, f.Uint())
		case reflect.Int:
			c.uint(key, uint64(f.Int()))
		case reflect.Array:
			u := make([]uint64, f.Len())
			for j := range u {
				u[j] = f.Index(j).Uint()
			}
			c.uints(key, u)
		case reflect.Struct:
			s := c.sub(key)
			s.checkStruct(f)
			s.done()
		default:
			c.t.Fatalf("%s.%s: cannot compare kind %s", c.path, key, f.Kind())
		}
	}
}

func TestFlatcReadsProgram(t *testing.T) {
	names, gs, codes := programs(t)
	for i, g := range gs {
		summary := "∑ ünïcödé \"quoted\" back\\slash" // metadata is printable: no newline or tab
		buf := mustWriteProgram(t, names[i], summary, g, codes[i])
		c := newChecker(t, names[i], flatcJSON(t, "program.fbs", buf))
		c.uint("version", ProgramFileVersion)
		c.uint("format_version", bytecode.FormatVersion)
		c.uint("semantics_version", bytecode.SemanticsVersion)
		c.str("name", names[i])
		h := g.Hash()
		c.bytes("genome_hash", h[:])
		js, _ := g.Encode()
		c.str("genome_json", string(js))
		c.str("summary", summary)
		c.bytes("bytecode", codes[i])
		c.done()
	}
}

func TestFlatcReadsBatchRequest(t *testing.T) {
	_, gs, codes := programs(t)
	for i, r := range []*BatchRequest{
		{Program: codes[0], Games: 1},
		{Program: codes[len(codes)-1], Games: vm.MaxBatchGames, Seats: gs[len(gs)-1].Seats.Max, Policies: everyKind[1:2], Seed: 1<<64 - 1, Workers: vm.MaxWorkers},
		{Program: codes[0], Games: 3, Seats: len(everyKind), Policies: everyKind}, // crazy-eights, 2 to 5 seats
	} {
		buf, err := WriteBatchRequest(r)
		if err != nil {
			t.Fatal(err)
		}
		c := newChecker(t, fmt.Sprintf("request %d", i), flatcJSON(t, "batch_request.fbs", buf))
		c.uint("version", BatchRequestVersion)
		c.bytes("program", r.Program)
		c.uint("games", uint64(r.Games))
		c.uint("seats", uint64(r.Seats))
		specs := make([]string, len(r.Policies))
		for j, p := range r.Policies {
			specs[j] = p.String()
		}
		c.strs("policy_specs", specs)
		c.uint("seed", r.Seed)
		c.uint("workers", uint64(r.Workers))
		c.done()
	}
}

func TestFlatcReadsBatchResult(t *testing.T) {
	var distinct vm.Stats
	var next uint64
	var small int
	fillDistinct(t, reflect.ValueOf(&distinct).Elem(), "Stats", &next, &small)
	all := append(batchStats(t), &vm.Stats{}, &distinct)
	for i, st := range all {
		seed, games := uint64(i)*0x9e3779b97f4a7c15, int(st.Games)
		buf, err := WriteBatchResult(seed, games, st)
		if err != nil {
			t.Fatal(err)
		}
		c := newChecker(t, fmt.Sprintf("result %d", i), flatcJSON(t, "batch_result.fbs", buf))
		c.uint("version", BatchResultVersion)
		c.uint("seed", seed)
		c.uint("games", uint64(games))
		c.uint("format_version", bytecode.FormatVersion)
		c.uint("semantics_version", bytecode.SemanticsVersion)
		s := c.sub("stats")
		s.checkStruct(reflect.ValueOf(st).Elem())
		s.done()
		c.done()
	}
}
