package report

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Game is what the page of one game shows, from a fresh simulation
// (Simulate): its score and how it plays.
type Game struct {
	Name   string // the game's name on the page
	Genome *genome.Genome
	Seed   uint64
	Config evolve.Config
	Score  *evolve.Rescored
	Stats  *evolve.GameStats
}

// Simulate scores g as darwinsim score does (evolve.Replicate of cfg from
// seed: the mean fitness of 10 evaluations at every seat count, with its
// 95% interval) and measures it as a run measures its winner
// (evolve.MeasureGame, on seeds from seed), for its page. name names the
// game on the page (g's own name, or the file it came from).
func Simulate(ctx context.Context, name string, g *genome.Genome, cfg evolve.Config, seed uint64) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	rs, err := evolve.Replicate(ctx, cfg, g, seed, 0)
	if err != nil {
		return nil, err
	}
	gs, err := evolve.MeasureGame(ctx, &cfg, g, rng.Derive(seed, 1))
	if err != nil {
		return nil, err
	}
	gs.Role, gs.Name = evolve.RoleGame, name
	return &Game{Name: name, Genome: g, Seed: seed, Config: cfg, Score: rs, Stats: gs}, nil
}

// Write writes the game's page to w.
func (gm *Game) Write(w io.Writer) error {
	pg, err := gm.page()
	if err != nil {
		return err
	}
	return pg.write(w)
}

// page builds the game's page: its summary, its rules, its score with
// the metrics and the breakdown by seat count, and how it plays.
func (gm *Game) page() (*page, error) {
	css, err := fontCSS()
	if err != nil {
		return nil, err
	}
	rs, c := gm.Score, gm.Config
	v := evolve.CurrentVersions()
	pg := &page{Title: "darwinsim game " + gm.Name, FontCSS: css, Subtitle: gm.Genome.Summary}
	if pg.Subtitle == "" {
		pg.Subtitle = "A game measured on its own."
	}
	fitness := fmt.Sprintf("%.4f [%.4f, %.4f] (95%% CI of %d evaluations)", rs.Mean, rs.Lo, rs.Hi, evolve.Replicates)
	pg.Summary = [][2]string{
		{"game", gm.Name},
		{"seed", fmt.Sprint(gm.Seed)},
		{"fitness", fitness},
		{"games per evaluation", fmt.Sprintf("%d random (and %d greedy) per seat count", c.Games, max(c.Games/2, 1))},
		{"versions", fmt.Sprintf("fitness %d, semantics %d, bytecode format %d, genome schema %d", v.Fitness, v.Semantics, v.BytecodeFormat, v.GenomeSchema)},
	}
	if rs.Degenerate != "" {
		pg.Summary = append(pg.Summary, [2]string{"degenerate", rs.Degenerate})
	}
	pg.Sections = append(pg.Sections, section{ID: "rules", Title: "Rules", Blocks: []block{{Rules: &rules{Summary: "Rules of " + gm.Name, Text: gm.Genome.Describe(), Open: true}}}})

	f, err := metricsFigure("plot-score-metrics", "Metrics of "+gm.Name, rs.Metrics)
	if err != nil {
		return nil, err
	}
	names := evolve.MetricNames()
	t := &htmlTable{Head: []string{"seats", "fitness"}}
	for _, n := range names {
		t.Head = append(t.Head, strings.ReplaceAll(n, "_", " "))
	}
	t.Head = append(t.Head, "degenerate")
	for _, s := range rs.Seats {
		row := []string{fmt.Sprint(s.Seats), f4(s.Fitness)}
		m := s.Metrics.Map()
		for _, n := range names {
			row = append(row, fmt.Sprintf("%.3f", m[n]))
		}
		t.Rows = append(t.Rows, append(row, s.Degenerate))
	}
	pg.Sections = append(pg.Sections, section{ID: "score", Title: "Score", Blocks: []block{
		para(fmt.Sprintf("Fitness %s, as darwinsim score --seed %d -n %d gives it; the metrics are those of the first evaluation, at its worst seat count.", fitness, gm.Seed, c.Games)),
		fig(f), {Table: t}}})

	blocks, err := gameBlocks("plot-game-1", gm.Stats)
	if err != nil {
		return nil, err
	}
	intro := para(fmt.Sprintf("At every seat count the rules allow, %d games with every seat random and %d with every seat greedy.", gm.Stats.Games, gm.Stats.Games))
	pg.Sections = append(pg.Sections, section{ID: "play", Title: "How it plays", Blocks: append([]block{intro}, blocks...)})
	return pg, nil
}
