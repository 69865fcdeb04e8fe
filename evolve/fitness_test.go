package evolve

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// evaluateSeed scores seed game name with the quick preset's numbers of
// games.
func evaluateSeed(t *testing.T, name string) (Score, []SeatScore) {
	t.Helper()
	g := testkit.SeedGenome(t, name)
	code, err := compile.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	p, err := vm.Load(code)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := Preset("quick")
	sc, seats, err := Evaluate(context.Background(), g, &cfg, 7)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := p.SeatRange()
	if len(seats) != hi-lo+1 {
		t.Fatalf("%s: %d seat counts scored, the rules allow %d..%d", name, len(seats), lo, hi)
	}
	for i, s := range seats {
		if s.Seats != lo+i {
			t.Errorf("%s: breakdown %d is for %d seats, want %d", name, i, s.Seats, lo+i)
		}
		if s.Degenerate == "" && s.Fitness < sc.Fitness {
			t.Errorf("%s: %d seats score %.4f, below the genome's %.4f: it is not judged by its worst", name, s.Seats, s.Fitness, sc.Fitness)
		}
	}
	return sc, seats
}

// TestFitnessOfSeeds pins what the fitness says of the seed games: games
// of blind picks or no choices are degenerate and say why, a fair
// partnership game is balanced, and Crazy Eights beats Old Maid.
func TestFitnessOfSeeds(t *testing.T) {
	for _, tc := range []struct{ game, why string }{
		{"old-maid", "players never make an informed choice"},
		{"war", "players never make an informed choice"},
	} {
		sc, _ := evaluateSeed(t, tc.game)
		if sc.Fitness != 0 || !strings.Contains(sc.Degenerate, tc.why) {
			t.Errorf("%s: fitness %.4f, degenerate %q; want 0 because %s", tc.game, sc.Fitness, sc.Degenerate, tc.why)
		}
	}
	whist, _ := evaluateSeed(t, "whist")
	if whist.Degenerate != "" || whist.Metrics.Balance < 0.9 {
		t.Errorf("whist: balance %.3f (degenerate %q), want at least 0.9: partners win together", whist.Metrics.Balance, whist.Degenerate)
	}
	ce, _ := evaluateSeed(t, "crazy-eights")
	if ce.Degenerate != "" || ce.Fitness <= 0 {
		t.Errorf("crazy-eights: fitness %.4f, degenerate %q", ce.Fitness, ce.Degenerate)
	}
}

// TestBalanceByTeams: with partnerships the sides are the teams, whose
// wins count both partners.
func TestBalanceByTeams(t *testing.T) {
	st := statsOf(t, 4, []int{5000, 5000, 5000, 5000}, 0, 1000, 1000, 0, 0, 0, 0)
	st.Games = 10000 // each win above counted both partners of a team
	if b := balance(st, 2); b != 1 {
		t.Errorf("two teams winning half each: balance %v, want 1", b)
	}
	if b := balance(st, 0); b > 0.05 {
		t.Errorf("the same counts read as four seats: balance %v, want about 0 (each seat wins half, twice its share)", b)
	}
	st.Wins[0], st.Wins[2] = 5500, 5500 // team 0 wins 55%: beyond the noise of 10,000 games
	st.Wins[1], st.Wins[3] = 4500, 4500
	if b := balance(st, 2); math.Abs(b-(1-2*(0.05-1.96*0.005))) > 1e-9 {
		t.Errorf("teams winning 55%% and 45%% of 10,000 games: balance %v, want 1 - 2*(0.05-0.0098)", b)
	}
}

// TestEffectsJudgedByImpact: Crazy Eights with four reverses at two seats
// plays exactly like Crazy Eights and scores within its confidence
// interval; four skips and four extra turns, which play alike at two
// seats, score alike.
func TestEffectsJudgedByImpact(t *testing.T) {
	ctx := context.Background()
	cfg, _ := Preset("quick")
	var reverses, skips, extras []genome.Effect
	for r := range cardrules.Rank(4) {
		reverses = append(reverses, effectOf(cardrules.Reverse, r+1, 0, 0))
		skips = append(skips, effectOf(cardrules.SkipNext, r+1, 0, 1))
		extras = append(extras, effectOf(cardrules.ExtraTurn, r+1, 0, 0))
	}
	score := func(g *genome.Genome) *Rescored {
		rs, err := Replicate(ctx, cfg, g, 9, 0)
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	plain, rev := score(twoSeats(t, "crazy-eights")), score(twoSeats(t, "crazy-eights", reverses...))
	if rev.Metrics.Effects != 0 {
		t.Errorf("four reverses at two seats: effects metric %.3f, want 0", rev.Metrics.Effects)
	}
	if rev.Mean < plain.Lo || rev.Mean > plain.Hi {
		t.Errorf("four reverses at two seats score %.4f, outside plain Crazy Eights' [%.4f, %.4f]", rev.Mean, plain.Lo, plain.Hi)
	}
	sk, ex := score(twoSeats(t, "crazy-eights", skips...)), score(twoSeats(t, "crazy-eights", extras...))
	if sk.Mean != ex.Mean || sk.Metrics != ex.Metrics {
		t.Errorf("four skips score %.4f %+v, four extra turns %.4f %+v; at two seats they play alike", sk.Mean, sk.Metrics, ex.Mean, ex.Metrics)
	}
	draw := score(twoSeats(t, "crazy-eights", effectOf(cardrules.DrawCards, 0, cardrules.TargetNext, 2)))
	if draw.Metrics.Effects == 0 {
		t.Error("2s making the next player draw two have no measured impact")
	}
}

// TestLadderSkillMetric: the ladder skill maps the slope's rise over the
// ladder into the room the first rung leaves, clamped to [0, 1].
func TestLadderSkillMetric(t *testing.T) {
	ladder := func(rates ...float64) *players.LadderResult {
		l := &players.LadderResult{}
		for _, r := range rates {
			l.Rungs = append(l.Rungs, players.Rung{WinRate: r, Games: 100})
		}
		n := float64(len(rates) - 1)
		l.Slope = (rates[len(rates)-1] - rates[0]) / n // the rates below lie on a line
		return l
	}
	for _, tc := range []struct {
		rates []float64
		want  float64
	}{
		{[]float64{0.5, 0.75}, 0.5},        // two rungs: (greedy - random) / (1 - random)
		{[]float64{0.2, 0.4, 0.6}, 0.5},    // a rise of 0.4 of the room 0.8
		{[]float64{0.25, 0.5, 0.75, 1}, 1}, // from a fair share to every game
		{[]float64{0.5, 0.5, 0.5}, 0},      // a lottery
		{[]float64{0.6, 0.4}, 0},           // thinking loses: clamped
		{[]float64{0.1, 1, 1.9}, 1},        // past the room: clamped
		{[]float64{1, 1}, 0},               // no room
	} {
		if got := ladderSkill(ladder(tc.rates...)); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("rates %v: skill %v, want %v", tc.rates, got, tc.want)
		}
	}
}

// TestEvaluateLadderSkill: with the ladder skill, Evaluate climbs the
// ladder in place of the greedy-against-random games; every other metric
// is what the greedy skill's evaluation measures, the skill is the
// ladder's, the ladder's games count, and the score does not depend on
// the worker count.
func TestEvaluateLadderSkill(t *testing.T) {
	ctx := context.Background()
	g := testkit.SeedGenome(t, "crazy-eights")
	cfg, _ := Preset("quick")
	cfg.Games, cfg.Workers = 40, 1
	greedy, _, err := evaluateSeats(ctx, g, &cfg, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Skill, cfg.Ladder, cfg.LadderGames = SkillLadder, "random,greedy,ismcts:10", 8
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	lad, _, err := evaluateSeats(ctx, g, &cfg, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	lad3, _, err := evaluateSeats(ctx, g, &cfg, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	if lad3 != lad {
		t.Errorf("3 workers: %+v\n1 worker: %+v", lad3, lad)
	}

	want := greedy.Metrics
	want.Skill = lad.Metrics.Skill
	if lad.Metrics != want {
		t.Errorf("ladder skill metrics %+v, want the greedy skill's but for skill: %+v", lad.Metrics, greedy.Metrics)
	}
	p, err := vm.Load(testkit.SeedProgram(t, "crazy-eights"))
	if err != nil {
		t.Fatal(err)
	}
	rungs, _ := players.ParseLadder(cfg.Ladder)
	l, err := players.Ladder(ctx, p, players.LadderConfig{Rungs: rungs, Games: 8, Seats: 2, Seed: rng.Derive(rng.Derive(5, 2), 2)})
	if err != nil {
		t.Fatal(err)
	}
	if s := ladderSkill(l); lad.Metrics.Skill != s || s == greedy.Metrics.Skill {
		t.Errorf("skill %v, the ladder's %v (greedy against random: %v)", lad.Metrics.Skill, s, greedy.Metrics.Skill)
	}
	if d := lad.Games + uint64(cfg.SkillGames) - greedy.Games; d != 3*2*8 {
		t.Errorf("the ladder added %d games, want 3 rungs x 2 seats x 8", d)
	}
	if lad.Fitness != weighted(lad.Metrics, cfg.Weights) {
		t.Errorf("fitness %v, want the weighted metrics %v", lad.Fitness, weighted(lad.Metrics, cfg.Weights))
	}
}

// TestRunLadderSkill: a short run scored with the ladder skill is the same
// for any worker count and scores skill by the ladder.
func TestRunLadderSkill(t *testing.T) {
	cfg, _ := Preset("quick")
	cfg.Population, cfg.Generations, cfg.Games, cfg.Rescore, cfg.AblationGames, cfg.Seed = 4, 1, 20, 1, 100, 2
	cfg.Skill, cfg.Ladder, cfg.LadderGames, cfg.SkillGames = SkillLadder, "random,greedy,ismcts:3", 2, 0
	var first any
	for _, w := range []int{1, 2} {
		cfg.Workers = w
		res, err := Run(context.Background(), cfg, []*genome.Genome{testkit.SeedGenome(t, "crazy-eights"), testkit.SeedGenome(t, "hearts")}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		skilled := 0
		for _, h := range res.Hall {
			if h.Score.Metrics.Skill > 0 {
				skilled++
			}
		}
		if skilled == 0 {
			t.Errorf("%d workers: no game of the hall of fame has any skill: %+v", w, res.Hall)
		}
		if first == nil {
			first = summary(res)
		} else if !reflect.DeepEqual(summary(res), first) {
			t.Errorf("%d workers: the run differs from 1 worker's", w)
		}
	}
}
