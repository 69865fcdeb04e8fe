package bench_test

import (
	"os"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// BenchmarkLasting plays the hybrids with lasting effects ("with"), the
// same games with their lasting effects left out ("without") and with them
// kept but never starting ("inert", which isolates what lasting effects
// cost from the dispatch of the effects of a card played), and reports
// the time per decision and per turn: the cost of lasting effects is the
// ratio of the two (the games differ in length, so games/s would not
// compare them).
func BenchmarkLasting(b *testing.B) {
	for _, name := range []string{"crazy-eights-locks", "whist-bonus"} {
		data, err := os.ReadFile("../testdata/hybrids/" + name + ".json")
		if err != nil {
			b.Fatal(err)
		}
		with, err := genome.Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		without := with.Canonical()
		without.Effects = slices.DeleteFunc(without.Effects, func(e genome.Effect) bool { return e.Type.Lasts() })
		// inert: the lasting effects are still looked at when their cards
		// are played, but a condition that never holds (more seats still
		// in than the game seats) keeps them from starting.
		inert := with.Canonical()
		for i := range inert.Effects {
			if e := &inert.Effects[i]; e.Type.Lasts() {
				e.If = genome.EffectCondition{Of: cardrules.CondSeats, Value: cardrules.MaxSeats}
			}
		}
		for _, v := range []struct {
			label string
			g     *genome.Genome
		}{{"with", with}, {"without", without}, {"inert", inert}} {
			code, err := compile.Compile(v.g)
			if err != nil {
				b.Fatal(err)
			}
			p, err := vm.Load(code)
			if err != nil {
				b.Fatal(err)
			}
			for pol := range vm.NumPolicies {
				b.Run(name+"/"+v.label+"/"+pol.String(), func(b *testing.B) {
					m := mustMachine(p, 0, []vm.Policy{pol})
					decisions, turns, i := 0, 0, uint64(0)
					b.ReportAllocs()
					for b.Loop() {
						r := m.Play(rng.Derive(benchSeed, i))
						i++
						if r.Winner == vm.Aborted {
							b.Fatalf("game %d aborted (step budget)", i-1)
						}
						decisions += r.Decisions
						turns += r.Turns
					}
					if decisions == 0 {
						b.Fatal("no decisions")
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(turns), "ns/turn")
				})
			}
		}
	}
}
