package evolve

import (
	"errors"
	"math"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
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

// runSeeds are the seed games the tests of whole runs start from: every
// seed but crazy-eights-openspiel-special, whose random games run about
// 750 turns at each of its four seat counts, so that evaluating it alone
// costs more than the rest together. What those tests check (resume,
// determinism, checkpoints, noise) does not depend on which games a run
// starts from; the seed itself is played by the vm tests and evolved by
// the CLI's default run.
func runSeeds() []*genome.Genome {
	var out []*genome.Genome
	for _, g := range genome.Seeds() {
		if g.Name != "crazy-eights-openspiel-special" {
			out = append(out, g)
		}
	}
	return out
}

// canonical returns gs, each of which must validate (with says what was
// added to it, for the failure), in canonical form: the parents an
// operator test breeds from.
func canonical(t testing.TB, with string, gs ...*genome.Genome) []*genome.Genome {
	t.Helper()
	var out []*genome.Genome
	for _, g := range gs {
		if err := g.Validate(); err != nil {
			t.Fatalf("%s with %s: %v", g.Name, with, err)
		}
		out = append(out, g.Canonical())
	}
	return out
}

// problemsWhere lists the problems of g's validation for which keep holds.
func problemsWhere(g *genome.Genome, keep func(p genome.Problem) bool) []string {
	var ps genome.Problems
	if !errors.As(g.Validate(), &ps) {
		return nil
	}
	var out []string
	for _, p := range ps {
		if keep(p) {
			out = append(out, p.Error())
		}
	}
	return out
}
