package evolve

import (
	"bytes"
	"math"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
)

// Survey counts the distinct good games among re-scored games: the yield
// of a search. A game is good when it is not a seed game itself (a run
// that keeps a seed game has found nothing new), is degenerate in none of its
// replicates (so at every seat count its rules allow, under random and
// greedy play, at least 1 - CapBudget of its games end before the turn
// cap, and players make informed choices) and its re-scored mean is at or
// above the best re-scored mean of the seed games of its family (Family),
// its bar; a family no seed game has is held to the best seed game of
// all. The distinct good games are the good games taken best first (mean,
// then hash) and kept when at least the spacing (genome.Distance) from
// every one kept before; with spacing 0, every good game of its own hash.
// The games are expected without dead effects (a run's hall of fame and
// archive are pruned: Prune), which the survey does not measure again.
type Survey struct {
	Bars     map[string]float64 // the bar of each family a game or seed game has
	Entries  []SurveyEntry      // one per game, in the order given
	Distinct int                // the distinct good games
	Families []string           // their families, in the order of Families
}

// SurveyEntry is one game of a survey.
type SurveyEntry struct {
	Family   string
	Good     bool // no seed game, no degenerate replicate, and a mean at or above its family's bar
	Distinct bool // good, and kept by the spacing
}

// SurveyGames surveys games against the seed games seeds, both re-scored
// (Rescore) with the same configuration, games at least spacing apart.
func SurveyGames(games, seeds []Rescored, spacing float64) Survey {
	sv := Survey{Bars: map[string]float64{}, Entries: make([]SurveyEntry, len(games))}
	all := math.Inf(-1)
	seed := map[genome.Hash]bool{}
	for _, s := range seeds {
		seed[s.Hash] = true
		f := Family(s.Genome)
		if b, ok := sv.Bars[f]; !ok || s.Mean > b {
			sv.Bars[f] = s.Mean
		}
		all = math.Max(all, s.Mean)
	}
	var good []int
	for i, g := range games {
		f := Family(g.Genome)
		if _, ok := sv.Bars[f]; !ok {
			sv.Bars[f] = all
		}
		sv.Entries[i] = SurveyEntry{Family: f, Good: !seed[g.Hash] && g.Degenerates == 0 && g.Mean >= sv.Bars[f]}
		if sv.Entries[i].Good {
			good = append(good, i)
		}
	}
	slices.SortStableFunc(good, func(a, b int) int {
		if games[a].Mean != games[b].Mean {
			if games[a].Mean > games[b].Mean {
				return -1
			}
			return 1
		}
		return bytes.Compare(games[a].Hash[:], games[b].Hash[:])
	})
	var kept []*genome.Genome
	seenHash := map[genome.Hash]bool{}
	families := map[string]bool{}
	for _, i := range good {
		g := games[i]
		if seenHash[g.Hash] || slices.ContainsFunc(kept, func(k *genome.Genome) bool { return genome.Distance(k, g.Genome) < spacing }) {
			continue
		}
		seenHash[g.Hash] = true
		kept = append(kept, g.Genome)
		sv.Entries[i].Distinct = true
		families[sv.Entries[i].Family] = true
	}
	sv.Distinct = len(kept)
	for _, f := range Families {
		if families[f] {
			sv.Families = append(sv.Families, f)
		}
	}
	return sv
}
