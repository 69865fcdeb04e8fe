package players

import (
	"testing"

	"github.com/darwinsim/darwinsim/vm"
)

// BenchmarkSearch plays whole games with seat 0 searching (ismcts:300)
// and the other seats greedy, and reports the search's iterations per
// second over every decision of the games (one core).
func BenchmarkSearch(b *testing.B) {
	for _, bc := range []struct {
		name  string
		seats int
	}{{"crazy-eights", 2}, {"hearts", 4}, {"whist", 4}} {
		b.Run(bc.name, func(b *testing.B) {
			p := program(b, bc.name)
			m, err := vm.NewMachine(p, bc.seats, []vm.Policy{vm.Greedy})
			if err != nil {
				b.Fatal(err)
			}
			s := NewSearch(300, DefaultExploration, RolloutRandom, false)
			m.SetPlayer(0, s)
			m.Play(0) // warm up: the search's pools
			s.Iterations = 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				m.Play(uint64(i + 1))
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(s.Iterations)/sec, "iters/s")
			b.ReportMetric(sec*1e9/float64(s.Iterations), "ns/iter")
			b.ReportMetric(float64(b.N)/sec, "games/s")
		})
	}
}
