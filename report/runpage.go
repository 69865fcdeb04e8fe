package report

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/evolve"
)

// Options are the choices a run's page leaves open.
type Options struct {
	// Axes are the two MAP-Elites descriptors of the archive's heatmap, x
	// then y, by their names in evolve.DescriptorAxes; unset: DefaultAxes.
	Axes [2]string
}

// DefaultAxes are the heatmap's descriptors unless Options say otherwise:
// the family of the turn structure across, the length in decisions per
// seat up.
var DefaultAxes = [2]string{"family", "decisions_per_seat"}

// axes returns the indexes of the heatmap's descriptors, or an error that
// names the ones there are.
func (o Options) axes() (int, int, error) {
	a := o.Axes
	if a == [2]string{} {
		a = DefaultAxes
	}
	names := evolve.DescriptorAxes()
	x, y := slices.Index(names, a[0]), slices.Index(names, a[1])
	switch {
	case x < 0 || y < 0:
		bad := a[0]
		if x >= 0 {
			bad = a[1]
		}
		return 0, 0, fmt.Errorf("no descriptor %q (the descriptors are %s)", bad, strings.Join(names, ", "))
	case x == y:
		return 0, 0, fmt.Errorf("the heatmap needs two different descriptors, got %s twice", a[0])
	}
	return x, y, nil
}

// Check reports whether the options are valid, saying why not.
func (o Options) Check() error {
	_, _, err := o.axes()
	return err
}

// WriteRun writes the report of the run directory dir to w, with the
// default Options. It reads the run's files and plays no game; a missing
// or damaged file is an error, and then nothing is written.
func WriteRun(dir string, w io.Writer) error { return WriteRunWith(dir, w, Options{}) }

// WriteRunWith is WriteRun with opt.
func WriteRunWith(dir string, w io.Writer, opt Options) error {
	if err := opt.Check(); err != nil {
		return err
	}
	r, err := LoadRun(dir)
	if err != nil {
		return err
	}
	pg, err := r.page(opt)
	if err != nil {
		return err
	}
	return pg.write(w)
}

func f4(x float64) string { return fmt.Sprintf("%.4f", x) }

// page builds the run's page.
func (r *Run) page(opt Options) (*page, error) {
	ax, ay, err := opt.axes()
	if err != nil {
		return nil, err
	}
	css, err := fontCSS()
	if err != nil {
		return nil, err
	}
	c := r.Config
	name := filepath.Base(filepath.Clean(r.Dir))
	pg := &page{Title: "darwinsim run " + name, FontCSS: css,
		Subtitle: fmt.Sprintf("The %s run with seed %d: %d generations of %d games, %d games per evaluation.", searchName(c.Search), c.Seed, c.Generations, c.Population, c.Games)}
	var games uint64
	for _, g := range r.Generations {
		games += g.Games
	}
	skill := fmt.Sprintf("greedy against random, %d games", c.SkillGames)
	if c.Skill == evolve.SkillLadder {
		skill = fmt.Sprintf("ladder %s, %d games per rung and seat", c.Ladder, c.LadderGames)
	}
	v := evolve.CurrentVersions()
	pg.Summary = [][2]string{
		{"search", searchName(c.Search)},
		{"seed", fmt.Sprint(c.Seed)},
		{"population", fmt.Sprint(c.Population)},
		{"generations", fmt.Sprint(c.Generations)},
		{"games per evaluation", fmt.Sprintf("%d random (and %d greedy) per seat count", c.Games, max(c.Games/2, 1))},
		{"skill metric", skill},
		{"games played in the generations", fmt.Sprint(games)},
		{"winner", r.Best.Name + r.rescoreText(r.Best.Name)},
		{"starting games", r.startsText()},
		{"versions", fmt.Sprintf("fitness %d, semantics %d, bytecode format %d, genome schema %d", v.Fitness, v.Semantics, v.BytecodeFormat, v.GenomeSchema)},
	}
	for _, build := range []func() (section, error){r.fitnessSection, r.diversitySection, r.operatorSection, r.hallSection, r.gamesSection, r.ladderSection} {
		s, err := build()
		if err != nil {
			return nil, err
		}
		if s.ID != "" {
			pg.Sections = append(pg.Sections, s)
		}
	}
	if c.Search == evolve.SearchMapElites {
		s, err := r.archiveSection(ax, ay)
		if err != nil {
			return nil, err
		}
		pg.Sections = append(pg.Sections, s)
	}
	return pg, nil
}

// rescoreText is the re-score of the game named name, as ", re-scored
// 0.7123 [0.70, 0.72]", or "".
func (r *Run) rescoreText(name string) string {
	for _, x := range r.Rescored {
		if x.Name == name {
			return fmt.Sprintf(", re-scored %.4f [%.4f, %.4f] (95%% CI)", x.Mean, x.Lo, x.Hi)
		}
	}
	return ""
}

func (r *Run) startsText() string {
	if !r.Measured {
		return "not recorded (the run directory has no " + evolve.StartsFile + ")"
	}
	if len(r.Starts) == 0 {
		return "none recorded (the run began before " + evolve.StartsFile + " was written)"
	}
	var names []string
	for _, g := range r.Starts {
		names = append(names, g.Name)
	}
	return fmt.Sprintf("%d: %s", len(names), strings.Join(names, ", "))
}

func (r *Run) fitnessSection() (section, error) {
	f, err := r.fitnessFigure()
	if err != nil {
		return section{}, err
	}
	t := &htmlTable{Head: []string{"game", "hash", "re-scored fitness", "95% CI"}}
	for _, x := range r.Rescored {
		t.Rows = append(t.Rows, []string{x.Name, x.Hash, f4(x.Mean), fmt.Sprintf("[%s, %s]", f4(x.Lo), f4(x.Hi))})
	}
	return section{ID: "fitness", Title: "Fitness", Blocks: []block{fig(f),
		para(fmt.Sprintf("The final re-score: each game in %d replicates of %d games on fresh seeds.", evolve.Replicates, r.Config.Games)),
		{Table: t}}}, nil
}

func (r *Run) diversitySection() (section, error) {
	f, err := r.seriesFigure("plot-diversity", "Diversity per generation", "mean pairwise genome distance",
		"The population's mean pairwise genome distance (0: all alike).", func(g Generation) float64 { return g.Div })
	if err != nil {
		return section{}, err
	}
	s := section{ID: "diversity", Title: "Diversity", Blocks: []block{fig(f)}}
	if r.Config.Search != evolve.SearchMapElites {
		return s, nil
	}
	cov, err := r.seriesFigure("plot-coverage", "Archive coverage", "filled cells",
		fmt.Sprintf("The archive's filled cells after each generation (of %d).", evolve.NumCells), func(g Generation) float64 { return float64(g.Coverage) })
	if err != nil {
		return section{}, err
	}
	qd, err := r.seriesFigure("plot-qd", "QD-score", "sum of the elites' fitness",
		"The QD-score after each generation: the sum of the elites' fitness.", func(g Generation) float64 { return g.QDScore })
	if err != nil {
		return section{}, err
	}
	s.Blocks = append(s.Blocks, fig(cov), fig(qd))
	return s, nil
}

func (r *Run) operatorSection() (section, error) {
	figs, err := r.operatorFigures()
	if err != nil {
		return section{}, err
	}
	s := section{ID: "operators", Title: "Operators"}
	for _, f := range figs {
		s.Blocks = append(s.Blocks, fig(f))
	}
	if len(figs) == 0 {
		s.Blocks = append(s.Blocks, para("No operator was applied."))
	}
	imps := r.operatorImpacts()
	t := &htmlTable{Head: []string{"operator", "applied", "valid at the first try", "failed", "first-try rate", "children", "mean fitness change [95% CI]"}}
	for _, o := range r.Operators {
		row := []string{o.Name, fmt.Sprint(o.Applied), fmt.Sprint(o.FirstTry), fmt.Sprint(o.Failed), fmt.Sprintf("%.3f", o.FirstTryRate()), "0", ""}
		for _, im := range imps {
			if im.name == o.Name {
				row[5], row[6] = fmt.Sprint(im.n), fmt.Sprintf("%+.4f [%+.4f, %+.4f]", im.mean, im.lo, im.hi)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	s.Blocks = append(s.Blocks, block{Table: t})
	return s, nil
}

func (r *Run) hallSection() (section, error) {
	s := section{ID: "hall", Title: "Hall of fame"}
	for i, e := range r.Hall {
		f, err := metricsFigure(fmt.Sprintf("plot-hall-%d", i+1), "Metrics of "+e.Name, e.Score.Metrics)
		if err != nil {
			return section{}, err
		}
		evals := fmt.Sprintf("the mean of %d evaluations in the run", e.Score.Evals)
		if e.Score.Evals == 1 {
			evals = "one evaluation in the run"
		}
		about := fmt.Sprintf("Fitness %.4f (%s)%s; from %s, born in generation %d.", e.Score.Fitness, evals, r.rescoreText(e.Name), e.Origin, e.Born)
		if e.Score.Degenerate != "" {
			about += " Degenerate: " + e.Score.Degenerate + "."
		}
		s.Blocks = append(s.Blocks, block{Heading: fmt.Sprintf("%d. %s", e.Rank, e.Name), ID: fmt.Sprintf("hall-%d", i+1), Para: about},
			fig(f), block{Rules: &rules{Summary: "Rules of " + e.Name, Text: e.Genome.Describe()}})
	}
	if len(r.Hall) == 0 {
		s.Blocks = append(s.Blocks, para("The hall of fame is empty."))
	}
	return s, nil
}

func (r *Run) gamesSection() (section, error) {
	s := section{ID: "games", Title: "The winner and the starting games"}
	if !r.Measured {
		s.Blocks = append(s.Blocks, para(fmt.Sprintf("This run directory has no %s and %s (it was written before evolve measured its games for the report): no statistics of play to show.", evolve.StartsFile, evolve.GameStatsFile)))
		return s, nil
	}
	s.Blocks = append(s.Blocks, para(fmt.Sprintf("Measured when the run ended: at every seat count the rules allow, %d games with every seat random and %d with every seat greedy, on seeds from the run's seed and the game.", r.Games[0].Games, r.Games[0].Games)))
	for k := range r.Games {
		gs := &r.Games[k]
		title, g := "Winner: "+gs.Name, r.Best
		if k > 0 {
			title, g = "Starting game: "+gs.Name, r.Starts[k-1]
		}
		s.Blocks = append(s.Blocks, block{Heading: title, ID: fmt.Sprintf("game-%d", k+1)},
			block{Rules: &rules{Summary: "Rules of " + gs.Name, Text: g.Describe()}})
		blocks, err := gameBlocks(fmt.Sprintf("plot-game-%d", k+1), gs)
		if err != nil {
			return section{}, err
		}
		s.Blocks = append(s.Blocks, blocks...)
	}
	return s, nil
}

func (r *Run) ladderSection() (section, error) {
	if !slices.ContainsFunc(r.Games, func(g evolve.GameStats) bool { return g.Ladder != nil }) {
		return section{}, nil
	}
	f, err := r.ladderSlopeFigure()
	if err != nil {
		return section{}, err
	}
	return section{ID: "ladder", Title: "Skill ladders", Blocks: []block{fig(f), {Table: ladderTable(r.Games)},
		para("Each game's own ladder is plotted with the game above.")}}, nil
}

func (r *Run) archiveSection(ax, ay int) (section, error) {
	s := section{ID: "archive", Title: "MAP-Elites archive"}
	if len(r.Archive) == 0 {
		s.Blocks = append(s.Blocks, para("The archive is empty."))
		return s, nil
	}
	f, err := r.archiveFigure(ax, ay)
	if err != nil {
		return section{}, err
	}
	t := &htmlTable{Head: []string{"#", "game", "cell", "run fitness", "re-scored [95% CI]", "good", "distinct"}}
	for i, e := range r.Archive {
		re := ""
		if e.Rescore != nil {
			re = fmt.Sprintf("%s [%s, %s]", f4(e.Rescore.Mean), f4(e.Rescore.Lo), f4(e.Rescore.Hi))
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), e.Name, e.Bins, f4(e.Score.Fitness), re, yesNo(e.Good), yesNo(e.Distinct)})
	}
	s.Blocks = append(s.Blocks, fig(f), block{Table: t})
	for i, e := range r.Archive {
		s.Blocks = append(s.Blocks, block{Rules: &rules{ID: fmt.Sprintf("elite-%d", i+1), Summary: fmt.Sprintf("%d. %s (%s): rules", i+1, e.Name, e.Bins), Text: e.Genome.Describe()}})
	}
	return s, nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
