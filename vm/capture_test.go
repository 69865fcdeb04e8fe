package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The capture values of the Italian 40-card pack, ace low: A=1 ... 7=7,
// J=8, Q=9, K=10; of a full ace-high pack, 2=1 ... A=13.
func TestCaptureValues(t *testing.T) {
	_, p := hybridProgram(t, "scopa-lite")
	for name, want := range map[string]uint8{"AC": 1, "7D": 7, "JS": 8, "QH": 9, "KC": 10} {
		if got := p.cval[cd(name)]; got != want {
			t.Errorf("%s is worth %d, want %d", name, got, want)
		}
	}
	g := mustSeed(t, "crazy-eights")
	g.Deck.Jokers = 1
	p = load(t, g)
	for name, want := range map[string]uint8{"2C": 1, "AS": 13} {
		if got := p.cval[cd(name)]; got != want {
			t.Errorf("full pack: %s is worth %d, want %d", name, got, want)
		}
	}
	if got := p.cval[cardrules.FirstJoker]; got != 14 {
		t.Errorf("the joker is worth %d, want 14", got)
	}
}

// Random games of scopa-lite conserve their cards (the layout included,
// checked after every step) and allocate nothing; every capture takes
// cards summing to the card played, and a sweep scores only while cards
// are left to play.
func TestCapturePlays(t *testing.T) {
	_, p := hybridProgram(t, "scopa-lite")
	checkNoAllocs(t, "scopa-lite", p)
	games := 1000
	if testing.Short() {
		games = 200
	}
	for _, seats := range []int{2, 4} {
		m := mustMachine(p, seats, nil)
		captures, sweeps, trails, gathered := 0, 0, 0, 0
		for seed := range uint64(games) {
			tr := traced(m)
			res, err := playChecked(m, seed+1)
			if err != nil {
				t.Fatalf("%d seats, seed %d: %v", seats, seed+1, err)
			}
			if res.Winner == Aborted || res.Winner == Capped {
				t.Fatalf("%d seats, seed %d: %v", seats, seed+1, res.Winner)
			}
			sum, n := 0, 0
			for i, e := range tr.Events {
				switch e.Kind {
				case EvCollect:
					if e.N == 1 {
						gathered++
						continue
					}
					sum += int(p.cval[e.Card])
					n++
				case EvSweep:
					sweeps++
					left := 0
					for _, f := range tr.Events[i+1:] {
						if f.Kind == EvPlay {
							left++
						}
					}
					if left <= 1 { // (its own play follows)
						t.Fatalf("%d seats, seed %d: a sweep by the deal's last card", seats, seed+1)
					}
				case EvLayout:
					if e.Seat >= 0 {
						trails++
					}
				case EvPlay:
					if n > 0 {
						captures++
						if sum != int(p.cval[e.Card]) {
							t.Fatalf("%d seats, seed %d: %s captured cards worth %d", seats, seed+1, cardrules.Card(e.Card), sum)
						}
					}
					sum, n = 0, 0
				}
			}
		}
		if captures == 0 || sweeps == 0 || trails == 0 || gathered == 0 {
			t.Errorf("%d seats: %d captures, %d sweeps, %d trails, %d cards gathered at the end: want each", seats, captures, sweeps, trails, gathered)
		}
	}
}
