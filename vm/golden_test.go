package vm

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

const goldenFile = "testdata/outcomes.golden"

// statsBytes is a deterministic encoding of every field of Stats, in
// declaration order, little-endian 64-bit words.
func statsBytes(s *Stats) []byte {
	var b []byte
	u := func(x uint64) { b = binary.LittleEndian.AppendUint64(b, x) }
	dist := func(d *Dist) {
		u(d.Sum)
		u(d.Max)
		for _, h := range d.Hist {
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
	dist(&s.Turns)
	dist(&s.Decisions)
	dist(&s.Plays)
	u(s.Options)
	u(s.Forced)
	u(s.Informed)
	u(s.LeadChanges)
	u(s.Interactions)
	for _, e := range s.Effects {
		u(e)
	}
	return b
}

// goldenOutcomes computes, for every playable seed and both policies, the
// SHA-256 of the stats of 2000 games from batch seed 42 on 2 workers.
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
			sum := sha256.Sum256(statsBytes(st))
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
		fmt.Fprintf(&b, "# Outcome hashes: SHA-256 of vm.Stats (statsBytes) for Batch{Games: 2000, Seed: 42, Workers: 2}.\n")
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

// TestStatsBytesCoversEveryField guards the encoding: changing any field
// of Stats changes the bytes.
func TestStatsBytesCoversEveryField(t *testing.T) {
	base := &Stats{}
	ref := statsBytes(base)
	muts := []func(s *Stats){
		func(s *Stats) { s.Games++ }, func(s *Stats) { s.Seats++ }, func(s *Stats) { s.Wins[MaxSeats-1]++ },
		func(s *Stats) { s.Ties++ }, func(s *Stats) { s.Capped++ }, func(s *Stats) { s.Aborted++ },
		func(s *Stats) { s.Turns.Sum++ }, func(s *Stats) { s.Turns.Max++ }, func(s *Stats) { s.Turns.Hist[NumBuckets-1]++ },
		func(s *Stats) { s.Decisions.Hist[3]++ }, func(s *Stats) { s.Plays.Sum++ },
		func(s *Stats) { s.Options++ }, func(s *Stats) { s.Forced++ }, func(s *Stats) { s.Informed++ }, func(s *Stats) { s.LeadChanges++ },
		func(s *Stats) { s.Interactions++ }, func(s *Stats) { s.Effects[NumEffectTypes-1]++ },
	}
	for i, f := range muts {
		s := *base
		f(&s)
		if bytes.Equal(statsBytes(&s), ref) {
			t.Errorf("mutation %d does not change the encoding", i)
		}
	}
}
