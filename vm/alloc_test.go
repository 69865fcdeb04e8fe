package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// TestPlayAllocatesNothing: ARCHITECTURE.md invariant 6, zero allocation
// per game in steady state, for every seed at its seat range and both
// policies.
func TestPlayAllocatesNothing(t *testing.T) {
	runs := 20
	if !testing.Short() {
		runs = 200
	}
	for _, np := range vmSeeds(t) {
		lo, hi := np.p.SeatRange()
		for _, seats := range []int{lo, np.p.DefaultSeats(), hi} {
			for _, pol := range [][]Policy{nil, {Greedy}} {
				m := mustMachine(np.p, seats, pol)
				m.Play(1) // warm up
				i := uint64(0)
				allocs := testing.AllocsPerRun(runs, func() {
					i++
					m.Play(rng.Derive(8, i))
				})
				if allocs != 0 {
					t.Errorf("%s at %d seats %v: %.2f allocations per game, want 0", np.name, seats, pol, allocs)
				}
			}
		}
	}
}

// Games with lasting effects allocate nothing either.
func TestLastingAllocatesNothing(t *testing.T) {
	for _, name := range []string{"crazy-eights-locks", "whist-bonus", "crazy-eights-rules", "uno-delayed"} {
		_, p := hybridProgram(t, name)
		checkNoAllocs(t, name, p)
	}
}

// checkNoAllocs plays p at its default seats with random and with greedy
// players and fails t if a game allocates.
func checkNoAllocs(t *testing.T, name string, p *Program) {
	t.Helper()
	for _, pol := range [][]Policy{nil, {Greedy}} {
		m := mustMachine(p, p.DefaultSeats(), pol)
		m.Play(1)
		i := uint64(0)
		if allocs := testing.AllocsPerRun(20, func() {
			i++
			m.Play(rng.Derive(8, i))
		}); allocs != 0 {
			t.Errorf("%s %v: %.2f allocations per game, want 0", name, pol, allocs)
		}
	}
}
