package genome_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/fuzzcorpus"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// FuzzDecode: no input makes Decode, Validate or (for valid genomes)
// Describe, Canonical and Encode panic; every error is a non-empty list of
// Problems at JSON paths; a valid genome encodes to JSON that parses back
// to the same genome.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		defer testkit.NoPanic(t, data)
		if len(data) > maxFuzzGenome {
			return
		}
		g, err := genome.Decode(data)
		if err != nil {
			if g != nil {
				t.Fatal("Decode returned a genome with an error")
			}
			checkProblems(t, err)
			return
		}
		if err := g.Validate(); err != nil {
			checkProblems(t, err)
			if _, perr := genome.Parse(data); perr == nil || perr.Error() != err.Error() {
				t.Fatalf("Parse error %v differs from Validate error %v", perr, err)
			}
			return
		}
		if g.Describe() == "" {
			t.Fatal("empty Describe")
		}
		c := g.Canonical()
		if err := c.Validate(); err != nil {
			t.Fatalf("canonical form invalid: %v", err)
		}
		if !bytes.Equal(c.CanonicalJSON(), g.CanonicalJSON()) {
			t.Fatal("canonical JSON of the canonical form differs")
		}
		b, err := g.Encode()
		if err != nil {
			t.Fatalf("Encode: %v", err)
		}
		g2, err := genome.Parse(b)
		if err != nil {
			t.Fatalf("Parse(Encode(g)): %v\n%s", err, b)
		}
		if !reflect.DeepEqual(g, g2) {
			t.Fatalf("Parse(Encode(g)) differs from g\n%#v\n%#v", g, g2)
		}
	})
}

// maxFuzzGenome bounds the inputs FuzzDecode runs. Every check of the
// decoder and the validator is reached by far shorter genomes (the
// corpus entries are at most two thirds of it), while the fuzzer's minimiser takes time
// quadratic in an input's length: longer inputs would only slow the
// search down.
const maxFuzzGenome = 1536

func checkProblems(t *testing.T, err error) {
	t.Helper()
	var ps genome.Problems
	if !errors.As(err, &ps) || len(ps) == 0 {
		t.Fatalf("error %v is %T, want non-empty genome.Problems", err, err)
	}
	for _, p := range ps {
		if !strings.HasPrefix(p.Path, "$") || p.Reason == "" {
			t.Fatalf("bad problem %q: %q", p.Path, p.Reason)
		}
	}
}

// TestFuzzCorpus keeps the committed FuzzDecode seed corpus: every seed
// file and a few malformed inputs (run with -update to rewrite it).
func TestFuzzCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecode")
	want := map[string][]byte{
		"empty":            nil,
		"not-json":         []byte("{\"schema\": 1,\n  x}"),
		"trailing":         []byte(`{"schema": 1} {}`),
		"array":            []byte(`[{"schema": 1}]`),
		"deep-expression":  []byte(`{"schema":1,"turn":[{"kind":"play","legal":{"op":"not","args":[{"op":"not","args":[{"op":"not","args":[{"op":"not","args":[{"op":"not","args":[{"op":"not","args":[{"op":"not","args":[{"op":"true"}]}]}]}]}]}]}]}}]}`),
		"wrong-types":      []byte(`{"schema":"1","seats":[],"deck":{"ranks":"A"},"hand":0,"turn":{},"turn_cap":1.5}`),
		"unknown-names":    []byte(`{"schema":1,"hand":"stack","turn":[{"kind":"trick","trump":"jokers","lead":{"op":"xor"}}],"end":{"until":"never","rank":"x"}}`),
		"huge-number":      []byte(`{"schema":1,"turn_cap":1e400,"meld":-99999999999999999999}`),
		"nulls":            []byte(`{"schema":null,"lead_card":null,"turn":[null],"effects":null,"score":null}`),
		"duplicate-keys":   []byte(`{"schema":1,"schema":2,"turn_cap":5,"turn_cap":6}`),
		"no-effects-field": []byte(`{"schema":1,"seats":{"min":2,"max":2,"default":2},"deck":{},"hand":"pile","deal":{"all":true},"turn":[{"kind":"battle"}],"end":{"conditions":[{"when":"hand_empty","result":"lose"}],"until":"one_left"},"turn_cap":10}`),
		"empty-args":       []byte(`{"schema":1,"seats":{"min":2,"max":2,"default":2},"deck":{"remove":[]},"hand":"fan","deal":{"cards":3,"overrides":[]},"turn":[{"kind":"play","legal":{"op":"eq","args":[],"left":"card.suit","right":"top.suit"},"name_suit":[]}],"effects":[],"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out"},"turn_cap":10}`),
	}
	// The seed games in compact JSON without their summaries (the
	// summaries are prose, and large inputs slow the fuzzer down), and one
	// seed file as it is on disk.
	for _, name := range genome.SeedNames() {
		data, err := os.ReadFile(filepath.Join("seeds", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if name == "war" {
			want["file-"+name] = data
		}
		g, err := genome.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		g.Summary = ""
		if want["seed-"+name], err = json.Marshal(g); err != nil {
			t.Fatal(err)
		}
	}
	// A game of bids and contracts, whose fields no seed has yet.
	var contract bytes.Buffer
	if err := json.Compact(&contract, []byte(spadesJSON)); err != nil {
		t.Fatal(err)
	}
	want["contract-spades"] = contract.Bytes()
	for name, data := range want {
		if len(data) > maxFuzzGenome*2/3 {
			t.Errorf("corpus entry %s is %d bytes, more than %d", name, len(data), maxFuzzGenome*2/3)
		}
	}
	fuzzcorpus.Sync(t, dir, want, testkit.Update(), "go test -run TestFuzzCorpus -update")
}
