package bench_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// BenchmarkPacks plays seed games with one pack ("one") and with two
// ("two"), random players, and reports the time per decision (per play for
// games without decisions): what a second pack costs per move, since two
// packs make longer games.
func BenchmarkPacks(b *testing.B) {
	for _, name := range []string{"crazy-eights", "uno-style", "hearts", "war", "go-fish", "president"} {
		for packs, label := range []string{"one", "two"} {
			g := testkit.SeedGenome(b, name)
			g.Deck.Packs = packs + 1
			code, err := compile.Compile(g)
			if err != nil {
				b.Fatal(err)
			}
			p, err := vm.Load(code)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name+"/"+label, func(b *testing.B) {
				m := mustMachine(p, 0, nil)
				moves, i := 0, uint64(0)
				b.ReportAllocs()
				for b.Loop() {
					r := m.Play(rng.Derive(benchSeed, i))
					i++
					if r.Winner == vm.Aborted {
						b.Fatalf("game %d aborted (step budget)", i-1)
					}
					if p.PileHands() {
						moves += r.Plays
					} else {
						moves += r.Decisions
					}
				}
				if moves == 0 {
					b.Fatal("no moves")
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
			})
		}
	}
}
