package evolve

import (
	"bytes"
	"maps"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// capped returns seed game name with the given turn cap: a valid genome
// of the seed's family, as far from the seed as the caps are apart
// (genome.Distance counts the turn cap as one part of thirteen).
func capped(t *testing.T, name string, turnCap int) *genome.Genome {
	t.Helper()
	g := testkit.SeedGenome(t, name)
	if turnCap != 0 {
		g.TurnCap = turnCap
	}
	return canonical(t, "its turn cap", g)[0]
}

// rescored is a hand-made re-score of g.
func rescored(g *genome.Genome, mean float64, degenerates int) Rescored {
	return Rescored{Name: g.Name, Hash: g.Hash(), Genome: g, Mean: mean, Degenerates: degenerates}
}

// TestSurveyGames: the bar of a family is the best re-scored mean of its
// seed games, and of a family without seed games the best of all; a game
// is good when it is no seed game, degenerate in no replicate, and at or
// above its bar; the distinct good games are taken best first (mean, then
// hash) and each kept unless it lies closer than the spacing to a game
// kept before it; the families are those of the distinct games, in
// Families order.
func TestSurveyGames(t *testing.T) {
	const spacing = 0.05
	seeds := []Rescored{
		rescored(capped(t, "whist", 0), 0.60, 0),
		rescored(capped(t, "hearts", 0), 0.70, 0), // the best seed game of all
		rescored(capped(t, "go-fish", 0), 0.50, 0),
		rescored(capped(t, "crazy-eights", 0), 0.65, 0),
		rescored(capped(t, "uno-style", 0), 0.55, 0),
	}
	games := []Rescored{
		0:  rescored(capped(t, "hearts", 0), 0.95, 0), // a seed game itself
		1:  rescored(capped(t, "whist", 52), 0.70, 0), // at the trick bar
		2:  rescored(capped(t, "whist", 1000), 0.6999, 0),
		3:  rescored(capped(t, "go-fish", 6000), 0.90, 1), // degenerate in one replicate
		4:  rescored(capped(t, "go-fish", 100), 0.55, 0),
		5:  rescored(capped(t, "old-maid", 100), 0.69, 0), // take: no seed game, the bar of all, 0.70
		6:  rescored(capped(t, "old-maid", 4000), 0.75, 0),
		7:  rescored(capped(t, "crazy-eights", 800), 0.80, 0),
		8:  rescored(capped(t, "crazy-eights", 1000), 0.90, 0), // within the spacing of game 7
		9:  rescored(capped(t, "hearts", 52), 0.70, 0),
		10: rescored(capped(t, "whist", 40), 0.70, 0),    // within the spacing of game 1, the same mean
		11: rescored(capped(t, "go-fish", 100), 0.55, 0), // game 4 again
	}
	near := func(i, j int) bool { return genome.Distance(games[i].Genome, games[j].Genome) < spacing }
	for _, p := range [][2]int{{7, 8}, {1, 10}} {
		if !near(p[0], p[1]) {
			t.Fatalf("test setup: games %d and %d are not within the spacing", p[0], p[1])
		}
	}
	for _, p := range [][2]int{{1, 9}, {9, 10}, {6, 5}} {
		if near(p[0], p[1]) {
			t.Fatalf("test setup: games %d and %d are within the spacing", p[0], p[1])
		}
	}
	// Of games 1 and 10, equal in mean and close, the one of the lower
	// hash is kept.
	first, second := 1, 10
	if bytes.Compare(games[10].Hash[:], games[1].Hash[:]) < 0 {
		first, second = 10, 1
	}

	sv := SurveyGames(games, seeds, spacing)
	wantBars := map[string]float64{"trick": 0.70, "ask": 0.50, "play": 0.65, "take": 0.70}
	if !maps.Equal(sv.Bars, wantBars) {
		t.Errorf("bars %v, want %v", sv.Bars, wantBars)
	}
	wantFamilies := []string{"trick", "trick", "trick", "ask", "ask", "take", "take", "play", "play", "trick", "trick", "ask"}
	good := []bool{false, true, false, false, true, false, true, true, true, true, true, true}
	distinct := map[int]bool{8: true, 6: true, 9: true, first: true, 4: true}
	if len(sv.Entries) != len(games) {
		t.Fatalf("%d entries for %d games", len(sv.Entries), len(games))
	}
	for i, e := range sv.Entries {
		if e.Family != wantFamilies[i] || e.Good != good[i] || e.Distinct != distinct[i] {
			t.Errorf("game %d: %+v, want family %s, good %v, distinct %v", i, e, wantFamilies[i], good[i], distinct[i])
		}
	}
	if sv.Distinct != len(distinct) {
		t.Errorf("%d distinct games, want %d", sv.Distinct, len(distinct))
	}
	if want := []string{"play", "trick", "ask", "take"}; !slices.Equal(sv.Families, want) {
		t.Errorf("families %q, want %q (those of the distinct games, in Families order)", sv.Families, want)
	}
	if sv.Entries[second].Distinct {
		t.Errorf("game %d, as good as game %d and within the spacing but of a higher hash, is distinct", second, first)
	}

	// Spacing 0: every good game of its own hash is distinct (game 11
	// repeats game 4).
	sv0 := SurveyGames(games, seeds, 0)
	for i, e := range sv0.Entries {
		if want := good[i] && i != 11; e.Distinct != want {
			t.Errorf("spacing 0: game %d distinct %v, want %v", i, e.Distinct, want)
		}
	}
	if sv0.Distinct != 7 {
		t.Errorf("spacing 0: %d distinct games, want 7", sv0.Distinct)
	}
}

// TestSurveyChain: a game is compared with the games kept, not with those
// dropped: of three games in a row, A (best) near B and B near C but A
// not near C, A and C are kept. A family no game is in has no bar.
func TestSurveyChain(t *testing.T) {
	const spacing = 0.05
	a, b, c := capped(t, "crazy-eights", 1000), capped(t, "crazy-eights", 1700), capped(t, "crazy-eights", 3000)
	if genome.Distance(a, b) >= spacing || genome.Distance(b, c) >= spacing || genome.Distance(a, c) < spacing {
		t.Fatalf("test setup: distances %.4f, %.4f, %.4f", genome.Distance(a, b), genome.Distance(b, c), genome.Distance(a, c))
	}
	seeds := []Rescored{rescored(capped(t, "crazy-eights", 0), 0.5, 0)}
	// Given worst first: the order of the games given does not matter.
	sv := SurveyGames([]Rescored{rescored(c, 0.6, 0), rescored(b, 0.7, 0), rescored(a, 0.8, 0)}, seeds, spacing)
	var got []bool
	for _, e := range sv.Entries {
		got = append(got, e.Distinct)
	}
	if want := []bool{true, false, true}; !slices.Equal(got, want) || sv.Distinct != 2 {
		t.Errorf("distinct %v (%d), want %v", got, sv.Distinct, want)
	}
	if _, ok := sv.Bars["trick"]; ok || len(sv.Bars) != 1 {
		t.Errorf("bars %v, want play's only", sv.Bars)
	}
	if !slices.Equal(sv.Families, []string{"play"}) {
		t.Errorf("families %q, want play", sv.Families)
	}
}

// TestSurveyArchive: the survey of an archive has one entry per elite, in
// cell order; an elite without a re-score is neither good nor distinct
// but has its family; the seed games are told from the evolved games by
// their names.
func TestSurveyArchive(t *testing.T) {
	whist, goFish := capped(t, "whist", 52), capped(t, "go-fish", 100)
	seedWhist, seedGoFish := capped(t, "whist", 0), capped(t, "go-fish", 0)
	elite := func(g *genome.Genome) *Individual { return &Individual{Genome: g, Hash: g.Hash()} }
	res := &Result{Config: testConfig(), Archive: []*Individual{elite(whist), elite(goFish)}}
	seedRe := func(g *genome.Genome, mean float64) Rescored {
		r := rescored(g, mean, 0)
		r.Name = SeedPrefix + g.Name
		return r
	}
	sv, rs := SurveyArchive(res, []Rescored{seedRe(seedWhist, 0.6), seedRe(seedGoFish, 0.5), rescored(whist, 0.65, 0)})
	if len(sv.Entries) != 2 || len(rs) != 2 {
		t.Fatalf("%d entries and %d re-scores for 2 elites", len(sv.Entries), len(rs))
	}
	if e := sv.Entries[0]; !e.Good || !e.Distinct || e.Family != "trick" || rs[0] == nil || rs[0].Hash != whist.Hash() {
		t.Errorf("the re-scored whist elite: %+v (re-score %v), want good and distinct", e, rs[0])
	}
	if e := sv.Entries[1]; e.Good || e.Distinct || e.Family != "ask" || rs[1] != nil {
		t.Errorf("the go-fish elite without a re-score: %+v, want neither good nor distinct, family ask", e)
	}
	if sv.Bars["trick"] != 0.6 || sv.Bars["ask"] != 0.5 || sv.Distinct != 1 {
		t.Errorf("bars %v, %d distinct; want trick 0.6, ask 0.5 from the seed games, 1 distinct", sv.Bars, sv.Distinct)
	}
}
