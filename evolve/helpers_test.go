package evolve

import (
	"math"
	"testing"

	"github.com/darwinsim/darwinsim/vm"
)

func exp(x float64) float64 { return math.Exp(x) }

// statsOf builds statistics of len(wins) seats over sum(wins)+capped games,
// each game of turns/games turns.
func statsOf(t *testing.T, seats int, wins []int, capped int, turns, decisions, forced, leadChanges, interactions, effects uint64) *vm.Stats {
	t.Helper()
	st := &vm.Stats{Seats: seats}
	games := capped
	for s, w := range wins {
		st.Wins[s] = uint64(w)
		games += w
	}
	st.Games = uint64(games)
	st.Capped = uint64(capped)
	per := int(turns) / games
	for range games {
		st.Turns.Hist[vm.Bucket(uint64(per))]++
	}
	st.Turns.Sum = turns
	st.Decisions.Sum = decisions
	st.Forced = forced
	st.Informed = decisions - forced // none blind
	st.LeadChanges = leadChanges
	st.Interactions = interactions
	st.Effects[0] = effects
	return st
}

func close(a, b Metrics) bool {
	av, bv := a.values(), b.values()
	for i := range av {
		if math.Abs(av[i]-bv[i]) > 1e-9 {
			return false
		}
	}
	return true
}
