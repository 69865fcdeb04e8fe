package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// FuzzLoadRun: any bytes either fail to load with an error or load into a
// program whose games all end (capped at worst, never aborted) with every
// card accounted for, at every seat count, under both built-in policies.
// The seed corpus (the seed games and damaged copies) runs in make test.
// Inputs over 1 KiB are skipped: every check of the loader is reached by
// far shorter programs (the seeds are under 100 bytes), and the fuzzer's
// minimiser takes time quadratic in an input's length.
func FuzzLoadRun(f *testing.F) {
	for _, name := range genome.SeedNames() {
		code := testkit.SeedProgram(f, name)
		f.Add(code)
		f.Add(code[:len(code)/2])
		bad := append([]byte(nil), code...)
		bad[len(bad)-1] ^= 0xff
		f.Add(bad)
	}
	f.Fuzz(func(t *testing.T, code []byte) {
		if len(code) > 1024 {
			return
		}
		p, err := Load(code)
		if err != nil {
			return
		}
		for seats := p.seatsMin; seats <= p.seatsMax; seats++ {
			for _, pol := range []Policy{Random, Greedy} {
				m := mustMachine(p, seats, []Policy{pol})
				for i := range uint64(3) {
					r, err := playChecked(m, i)
					if err != nil {
						t.Fatalf("%d seats, %s, game %d: %v", seats, pol, i, err)
					}
					if r.Winner == Aborted {
						t.Fatalf("%d seats, %s, game %d: aborted by the step budget", seats, pol, i)
					}
				}
			}
		}
	})
}
