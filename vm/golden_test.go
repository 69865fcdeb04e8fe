package vm

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/bits"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

const goldenFile = "testdata/outcomes.golden"

// coarseHist folds d's histogram into the layout the hashes were first
// taken with (exact below 64, then 8 buckets per power of two, the last
// from 3,932,160 up), which the finer layout refines, so that a finer
// histogram leaves every outcome hash as it was.
func coarseHist(d *Dist) []uint64 {
	c := make([]uint64, 192)
	for b, h := range d.Hist {
		v := BucketLow(b)
		k := int(v)
		if v >= 64 {
			e := bits.Len64(v) - 1
			k = min(64+(e-6)*8+int((v>>(e-3))&7), len(c)-1)
		}
		c[k] += h
	}
	return c
}

// fullHist is d's histogram as it is.
func fullHist(d *Dist) []uint64 { return d.Hist[:] }

// statsBytes is the encoding the outcome hashes are taken of: encodeStats
// with the histograms folded by coarseHist.
func statsBytes(s *Stats) []byte { return encodeStats(s, coarseHist) }

// encodeStats is a deterministic encoding of every field of Stats, in
// declaration order, little-endian 64-bit words, each histogram as hist
// gives it.
func encodeStats(s *Stats, hist func(*Dist) []uint64) []byte {
	var b []byte
	u := func(x uint64) { b = binary.LittleEndian.AppendUint64(b, x) }
	dist := func(d *Dist) {
		u(d.Sum)
		u(d.Max)
		for _, h := range hist(d) {
			u(h)
		}
	}
	u(s.Games)
	u(uint64(s.Seats))
	for _, w := range s.Wins {
		u(w)
	}
	u(s.Ties)
	u(s.Capped)
	u(s.Aborted)
	u(s.Blocked)
	dist(&s.Turns)
	dist(&s.Decisions)
	dist(&s.Plays)
	u(s.Options)
	u(s.Forced)
	u(s.Informed)
	u(s.LeadChanges)
	u(s.Interactions)
	u(s.Draws)
	u(s.Passes)
	u(s.Fizzled)
	u(s.Responses)
	u(s.Cancelled)
	for _, e := range s.Effects {
		u(e)
	}
	u(s.Captures)
	u(s.Deals - s.Games) // the deals after a game's first (a match's)
	return b
}

// laterCounts is the number of words at the end of statsBytes that encode
// counts added to Stats after the outcome hashes were first made under
// semantics version 4 (Captures): a game that never counts them has the
// outcome hash it had before they were added.
const laterCounts = 2

// goldenBytes is statsBytes without the later counts that end it while
// they are zero (the last first).
func goldenBytes(s *Stats) []byte {
	b := statsBytes(s)
	for range laterCounts {
		if slices.ContainsFunc(b[len(b)-8:], func(x byte) bool { return x != 0 }) {
			break
		}
		b = b[:len(b)-8]
	}
	return b
}

// goldenOutcomes computes, for every playable seed and both policies, the
// SHA-256 of the stats of 2000 games from batch seed 42 on 2 workers
// (goldenBytes).
func goldenOutcomes(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, np := range vmSeeds(t) {
		for _, pol := range []Policy{Random, Greedy} {
			if pol == Greedy && np.p.pileHands {
				continue // no decisions in a pile-hand game: greedy plays as random
			}
			st, err := Batch(context.Background(), np.p, BatchConfig{Games: 2000, Seed: 42, Workers: 2, Policies: []Policy{pol}})
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(goldenBytes(st))
			out[np.name+" "+pol.String()] = hex.EncodeToString(sum[:])
		}
	}
	return out
}

// TestGoldenOutcomes pins what the same bytes and seed produce
// (ARCHITECTURE.md invariant 7). The file starts with the semantics
// version the hashes were made under.
func TestGoldenOutcomes(t *testing.T) {
	got := goldenOutcomes(t)
	if testkit.Update() {
		var b bytes.Buffer
		fmt.Fprintf(&b, "# Outcome hashes: SHA-256 of vm.Stats (statsBytes, see goldenBytes) for Batch{Games: 2000, Seed: 42, Workers: 2}.\n")
		fmt.Fprintf(&b, "# Regenerate only together with a bytecode.SemanticsVersion bump: go test ./vm -run TestGoldenOutcomes -update\n")
		fmt.Fprintf(&b, "semantics %d\n", bytecode.SemanticsVersion)
		var keys []string
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "%s %s\n", k, got[k])
		}
		testkit.WriteGolden(t, goldenFile, b.Bytes())
		t.Logf("wrote %s", goldenFile)
		return
	}
	data, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatalf("%v (create it with: go test ./vm -run TestGoldenOutcomes -update)", err)
	}
	want := map[string]string{}
	version := -1
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if v, ok := strings.CutPrefix(line, "semantics "); ok {
			fmt.Sscan(v, &version)
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			t.Fatalf("%s: bad line %q", goldenFile, line)
		}
		want[line[:i]] = line[i+1:]
	}
	const bump = "changing these outcome hashes requires bumping bytecode.SemanticsVersion deliberately " +
		"(the same bytes and seed now play a different game); after the bump, regenerate with: go test ./vm -run TestGoldenOutcomes -update"
	if version != bytecode.SemanticsVersion {
		t.Errorf("%s was made under semantics version %d, the code is at %d: %s", goldenFile, version, bytecode.SemanticsVersion, bump)
	}
	for k, h := range got {
		w, ok := want[k]
		switch {
		case !ok:
			t.Errorf("no golden outcome hash for %q (a new seed?): %s", k, bump)
		case w != h:
			t.Errorf("outcome hash of %q changed:\n got  %s\n want %s\n%s", k, h, w, bump)
		}
	}
	for k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("golden outcome %q has no playable seed any more: %s", k, bump)
		}
	}
}

// TestStatsBytesCoversEveryField guards the encoding (with the histograms
// whole; the hashes fold them, and the folding is checked too): every integer of
// Stats (each array element and each field of a nested struct included),
// found by reflection so that a field added later cannot be missed, is
// encoded in a word of its own.
func TestStatsBytesCoversEveryField(t *testing.T) {
	full := func(s *Stats) []byte { return encodeStats(s, fullHist) }
	if probs := statsEncodingProblems(full); len(probs) > 0 {
		t.Errorf("statsBytes does not encode every field of Stats (extend it, in declaration order):\n%s", strings.Join(probs, "\n"))
	}
	// Folding a value's bucket gives the bucket the first layout put the
	// value in: the finer layout refines it.
	first := func(v uint64) int {
		if v < 64 {
			return int(v)
		}
		e := bits.Len64(v) - 1
		return min(64+(e-6)*8+int((v>>(e-3))&7), 191)
	}
	for v := uint64(0); v < 1<<23; v += 1 + v/97 {
		var d Dist
		d.add(int(v))
		if c := coarseHist(&d); c[first(v)] != 1 {
			t.Fatalf("value %d folds out of its first bucket %d", v, first(v))
		}
	}
	// The check itself can fail: an encoding that forgets one field, or
	// writes one field twice in place of another, is caught.
	forgets := func(s *Stats) []byte {
		c := *s
		c.Effects[NumEffectTypes-1] = 0
		return encodeStats(&c, fullHist)
	}
	doubles := func(s *Stats) []byte {
		c := *s
		c.Informed = c.Forced
		return encodeStats(&c, fullHist)
	}
	for name, enc := range map[string]func(*Stats) []byte{"forgets a field": forgets, "doubles a field": doubles} {
		if len(statsEncodingProblems(enc)) == 0 {
			t.Errorf("an encoding that %s passes the check", name)
		}
	}
}

// statsLeaves returns every integer inside Stats as a path (for messages)
// and a setter, walking fields and array elements in declaration order.
// A kind it does not know is a problem, so that a new kind of field is
// added to statsBytes and to this walk deliberately.
func statsLeaves(s *Stats) (paths []string, set []func(uint64), probs []string) {
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
		case reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			paths = append(paths, path)
			set = append(set, v.SetUint)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			paths = append(paths, path)
			set = append(set, func(x uint64) { v.SetInt(int64(x)) })
		default:
			probs = append(probs, fmt.Sprintf("%s is a %s, which statsBytes and this test do not handle", path, v.Type()))
		}
	}
	walk(reflect.ValueOf(s).Elem(), "Stats")
	return paths, set, probs
}

// statsEncodingProblems lists the integers of Stats that enc does not
// encode in a word of their own: for each, a Stats holding a distinct
// value there (and zero elsewhere) must encode differently from the zero
// Stats and from every other such Stats, and the encoding must be one
// word per integer.
func statsEncodingProblems(enc func(*Stats) []byte) []string {
	var s Stats
	paths, set, probs := statsLeaves(&s)
	if len(paths) == 0 {
		return append(probs, "no integer found in Stats")
	}
	zero := string(enc(&Stats{}))
	if len(zero) != 8*len(paths) {
		probs = append(probs, fmt.Sprintf("the encoding is %d bytes, want 8 per integer of Stats (%d integers)", len(zero), len(paths)))
	}
	seen := map[string]string{}
	for i, path := range paths {
		s = Stats{}
		set[i](1)
		b := string(enc(&s))
		switch other, dup := seen[b]; {
		case b == zero:
			probs = append(probs, path+" does not change the encoding")
		case dup:
			probs = append(probs, path+" encodes like "+other)
		default:
			seen[b] = path
		}
	}
	return probs
}
