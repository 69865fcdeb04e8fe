package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// TestLoopsChosen: Load gives the seed games whose turn is one plain play
// phase, one battle or one trick their specialised turns, and the others the general
// one.
func TestLoopsChosen(t *testing.T) {
	want := map[string]loopKind{
		"crazy-eights": loopPlay, "uno-style": loopPlay, "uno-stacking": loopPlay,
		"war": loopBattle, "hearts": loopTrick, "spades": loopTrick, "go-fish": loopGeneral, "crazy-eights-openspiel": loopGeneral,
	}
	for _, np := range vmSeeds(t) {
		if k, ok := want[np.name]; ok && np.p.loop != k {
			t.Errorf("%s: loop %d, want %d", np.name, np.p.loop, k)
		}
	}
}

// TestLoopsAgree: for every seed game, at every seat count and with every
// policy set, Play with the specialised turns leaves exactly the machine
// state and result that the general turn leaves, game after game. (The
// invariant tests compare the two on random genomes too: their checked
// loop plays the general turn.)
func TestLoopsAgree(t *testing.T) {
	games := 40
	if !testing.Short() {
		games = 400
	}
	for _, np := range vmSeeds(t) {
		lo, hi := np.p.SeatRange()
		for seats := lo; seats <= hi; seats++ {
			for _, pol := range policySets {
				if pol != nil {
					pol = perSeat(pol, seats)
				}
				fast, gen := mustMachine(np.p, seats, pol), mustMachine(np.p, seats, pol)
				gen.plain = true
				for i := range games {
					seed := rng.Derive(0x100b5, uint64(i))
					a, b := fast.Play(seed), gen.Play(seed)
					if a != b {
						t.Fatalf("%s, %d seats, %v, game %d: specialised %+v, general %+v", np.name, seats, pol, i, a, b)
					}
					if fast.game != gen.game || fast.carry != gen.carry || fast.rng != gen.rng {
						t.Fatalf("%s, %d seats, %v, game %d: the same result but not the same final state", np.name, seats, pol, i)
					}
				}
			}
		}
	}
}
