package evolve

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
)

// TestSearchYield (make yield only, SOAK=yield: about an hour on two
// cores) is
// MAP-Elites' promise at the evaluation budget of the default preset, from
// the seed library, with seed 1: its archive holds at least 30 distinct
// good games (SurveyGames: new, never degenerate in ten replicates, at or
// above the best seed game of their family, pairwise at least HallSpacing
// apart, without dead effects) in at least four families, and more of
// them, in more families, than the genetic loop of the same configuration
// holds in its last population and hall of fame, pruned and re-scored the
// same way. It logs both surveys (the figures of bench/RESULTS.md).
func TestSearchYield(t *testing.T) {
	if os.Getenv("SOAK") != "yield" {
		t.Skip("SOAK=yield (make yield) runs the default preset with both searches")
	}
	ctx := context.Background()
	cfg, _ := Preset("default")
	cfg.Seed = 1
	seeds := genome.Seeds()
	var seedNames []string
	for _, s := range seeds {
		seedNames = append(seedNames, SeedPrefix+s.Name)
	}
	seedScores, err := Rescore(ctx, cfg, seedNames, seeds)
	if err != nil {
		t.Fatal(err)
	}
	survey := func(search string) (Survey, *Result) {
		c := cfg
		c.Search = search
		res, err := Run(ctx, c, seeds, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var games []*genome.Genome
		if search == SearchMapElites {
			for _, ind := range res.Archive { // pruned by the run
				games = append(games, ind.Genome)
			}
		} else {
			seen := map[genome.Hash]bool{}
			for _, ind := range append(res.Population, res.Hall...) {
				g, err := PruneGame(ctx, &c, ind.Genome)
				if err != nil {
					t.Fatal(err)
				}
				if h := g.Canonical().Hash(); !seen[h] {
					seen[h] = true
					games = append(games, g)
				}
			}
		}
		names := make([]string, len(games))
		rs, err := Rescore(ctx, c, names, games)
		if err != nil {
			t.Fatal(err)
		}
		sv := SurveyGames(rs, seedScores, c.HallSpacing)
		good := 0
		for _, e := range sv.Entries {
			if e.Good {
				good++
			}
		}
		t.Logf("%s: %d games, %d good, %d distinct good in %d families (%s); %d games played",
			map[string]string{SearchGenetic: "genetic loop", SearchMapElites: "MAP-Elites"}[search],
			len(games), good, sv.Distinct, len(sv.Families), strings.Join(sv.Families, ", "), res.Games)
		return sv, res
	}
	qd, _ := survey(SearchMapElites)
	ga, _ := survey(SearchGenetic)
	if qd.Distinct < 30 || len(qd.Families) < 4 {
		t.Errorf("MAP-Elites: %d distinct good games in %d families, want at least 30 in 4", qd.Distinct, len(qd.Families))
	}
	if qd.Distinct <= ga.Distinct || len(qd.Families) <= len(ga.Families) {
		t.Errorf("MAP-Elites: %d distinct good games in %d families; the genetic loop: %d in %d; want more of both", qd.Distinct, len(qd.Families), ga.Distinct, len(ga.Families))
	}
}
