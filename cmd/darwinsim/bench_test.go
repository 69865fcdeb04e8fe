package main

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/native"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// TestBenchNative: bench --json reports a positive native rate and VM/native
// ratio for exactly the seed games with a native version, and leaves both
// keys out for every other game; the text table shows a dash for those.
func TestBenchNative(t *testing.T) {
	code, out, e := runCLI(t, "bench", "--seconds", "0.05", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	var rep struct {
		Games []map[string]any `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	others := 0
	for _, g := range rep.Games {
		name, _ := g["name"].(string)
		nat, hasNat := g["native_games_per_second"].(float64)
		ratio, hasRatio := g["vm_native_ratio"].(float64)
		if _, ok := nativePlayers[name]; !ok {
			others++
			if hasNat || hasRatio {
				t.Errorf("%s has no native version, but bench reports native_games_per_second %v, vm_native_ratio %v", name, g["native_games_per_second"], g["vm_native_ratio"])
			}
			continue
		}
		seen[name] = true
		if !(nat > 0) || !(ratio > 0) {
			t.Errorf("%s: native_games_per_second %v, vm_native_ratio %v; want both positive", name, g["native_games_per_second"], g["vm_native_ratio"])
			continue
		}
		vmRate, _ := g["games_per_second"].(float64)
		if want := vmRate / nat; math.Abs(ratio-want) > 1e-9*want {
			t.Errorf("%s: vm_native_ratio %v, want games_per_second / native_games_per_second = %v", name, ratio, want)
		}
	}
	for _, name := range []string{"crazy-eights", "uno-style", "war", "hearts"} {
		if !seen[name] {
			t.Errorf("bench --json has no native figures for %s", name)
		}
	}
	if others == 0 {
		t.Error("bench --json lists no seed game without a native version")
	}

	code, out, e = runCLI(t, "bench", "--seconds", "0.001")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, e)
	}
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) < 5 || !slices.Contains(genome.SeedNames(), f[0]) {
			continue
		}
		_, isNative := nativePlayers[f[0]]
		if dash := f[3] == "-" && f[4] == "-"; dash == isNative {
			t.Errorf("native columns of %s: %q, %q", f[0], f[3], f[4])
		}
	}
}

// TestNativePlayersMatchVM: each seed name of nativePlayers is paired with
// the native version of that very game: its games are the VM's, seed for
// seed, at the default seat count (bench/agree_test.go checks the native
// games themselves at length).
func TestNativePlayersMatchVM(t *testing.T) {
	for name, newPlayer := range nativePlayers {
		if !slices.Contains(genome.SeedNames(), name) {
			t.Errorf("nativePlayers has %q, which is not a seed game", name)
			continue
		}
		p := testkit.LoadSeed(t, name, vm.Load)
		m, err := vm.NewMachine(p, p.DefaultSeats(), nil)
		if err != nil {
			t.Fatal(err)
		}
		pl := newPlayer()
		for i := range uint64(50) {
			seed := rng.Derive(7, i)
			r := m.Play(seed)
			want := native.Outcome{Winner: r.Winner, Turns: r.Turns, Decisions: r.Decisions, Plays: r.Plays}
			copy(want.Effects[:], r.Effects[:])
			if got := pl.Play(seed, p.DefaultSeats()); got != want {
				t.Fatalf("%s, game %d: native %v, VM %v", name, i, got, want)
			}
		}
	}
}
