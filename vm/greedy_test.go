package vm

import (
	"math/bits"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Greedy sees only its own view (ARCHITECTURE.md, "Decisions, observation
// and randomness"): its hand, the public cards and counts. For states taken
// from real games of every fan-hand seed, shuffling the hidden cards (the
// opponents' hands and the stock, keeping every count) must not change the
// greedy seat's first decision of its turn (the card it plays or leads and
// the suit it names, or the opponent and rank it asks for), nor its choice
// of a card to discard when an effect forces it to.

// hideAndShuffle redistributes the cards of the opponents of seat s and
// the stock among themselves at random, keeping each hand's size and the
// stock's size.
func hideAndShuffle(m *Machine, s int, r *rng.Source) {
	var buf [cardrules.MaxCards]uint8
	pool := buf[:0]
	for o := range m.n {
		if o == s {
			continue
		}
		for x := m.hand[o]; x != 0; x &= x - 1 {
			pool = append(pool, uint8(bits.TrailingZeros64(x)))
		}
	}
	pool = append(pool, m.stock[:m.stockN]...)
	r.ShuffleBytes(pool)
	for o := range m.n {
		if o == s {
			continue
		}
		k := bits.OnesCount64(m.hand[o])
		m.hand[o] = set(pool[:k]...)
		pool = pool[k:]
	}
	copy(m.stock[:], pool)
}

// firstDecision plays the turn of seat s on a copy of m and returns its
// first decision: the first play or ask of s, with the suit named right
// after a play.
func firstDecision(m *Machine, s int) []Event {
	c := *m
	tr := &Trace{}
	c.trace = tr
	c.turn()
	var out []Event
	for i, e := range tr.Events {
		if int(e.Seat) != s || (e.Kind != EvPlay && e.Kind != EvAsk) {
			continue
		}
		out = append(out, e)
		if i+1 < len(tr.Events) && tr.Events[i+1].Kind == EvNameSuit {
			out = append(out, tr.Events[i+1])
		}
		break
	}
	return out
}

// decisionIsPublic reports whether seat s's first decision of the turn
// depends on its own view only: no hidden card is drawn before it.
func decisionIsPublic(m *Machine, s int) bool {
	ph := &m.p.phases[0]
	switch ph.op {
	case bytecode.OpPlay:
		return m.legal(ph, s) != 0 // else it draws (hidden cards) first
	case bytecode.OpTrick:
		return true // the current seat leads
	case bytecode.OpAsk:
		return m.count[s] > 0
	}
	return false
}

func TestGreedySeesOnlyItsView(t *testing.T) {
	games := 30
	if !testing.Short() {
		games = 300
	}
	for _, np := range vmSeeds(t) {
		p := np.p
		if p.pileHands {
			continue
		}
		checked, decided := 0, 0
		shuffler := rng.New(1)
		m := mustMachine(p, 0, nil) // everyone plays Random to reach states
		for g := range games {
			m.reset(rng.Derive(21, uint64(g)))
			for !m.over && m.res.Turns < 100 {
				s := m.cur
				if decisionIsPublic(m, s) {
					base := *m
					base.policy[s] = Greedy
					want := firstDecision(&base, s)
					if len(want) > 0 {
						decided++
					}
					for range 3 {
						alt := base
						hideAndShuffle(&alt, s, &shuffler)
						if err := checkConservation(&alt); err != nil {
							t.Fatal(err)
						}
						if got := firstDecision(&alt, s); !eventsEqual(got, want) {
							t.Fatalf("%s game %d turn %d: greedy seat %d decided %v, but %v once the hidden cards were shuffled",
								np.name, g, m.res.Turns, s, want, got)
						}
					}
					checked++
				}
				// Out of turn: greedy's choice of a card to discard.
				for o := range m.n {
					if m.hand[o] == 0 {
						continue
					}
					b := *m
					b.policy[o] = Greedy
					want := b.chooseDiscard(o)
					alt := *m
					alt.policy[o] = Greedy
					hideAndShuffle(&alt, o, &shuffler)
					if got := alt.chooseDiscard(o); got != want {
						t.Fatalf("%s: greedy seat %d discards %d, or %d with other hidden cards", np.name, o, want, got)
					}
				}
				m.turn()
			}
		}
		t.Logf("%s: %d states checked, %d with a greedy decision", np.name, checked, decided)
		if op := p.phases[0].op; op == bytecode.OpPlay || op == bytecode.OpTrick || op == bytecode.OpAsk {
			if decided < 50 {
				t.Errorf("%s: only %d greedy decisions checked", np.name, decided)
			}
		}
	}
}

func eventsEqual(a, b []Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
