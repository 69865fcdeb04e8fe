package report

import (
	"fmt"
	"html"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/brewer"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/darwinsim/darwinsim/evolve"
)

// born returns the generation the game with hash prefix h (hex) was born
// in, from the hall of fame or the archive, and whether it is known.
func (r *Run) born(h string) (int, bool) {
	for _, e := range r.Hall {
		if strings.HasPrefix(e.Hash, h) {
			return e.Born, true
		}
	}
	for _, e := range r.Archive {
		if strings.HasPrefix(e.Hash, h) {
			return e.Born, true
		}
	}
	return 0, false
}

// fitnessFigure plots best, mean and median fitness per generation, each
// re-scored evolved game's mean with its 95% interval at the generation it
// was born in (games born alike side by side), and the best re-scored seed
// game as a dashed line.
func (r *Run) fitnessFigure() (figure, error) {
	const id = "plot-fitness"
	p := newPlot("Fitness per generation", "generation", "fitness")
	gens := make([]float64, len(r.Generations))
	cols := [3][]float64{}
	for i, g := range r.Generations {
		gens[i] = float64(g.Gen)
		cols[0], cols[1], cols[2] = append(cols[0], g.Best), append(cols[1], g.Mean), append(cols[2], g.Median)
	}
	for k, name := range []string{"best", "mean", "median"} {
		if err := line(p, xys(gens, cols[k]), name, colorOf(k), false); err != nil {
			return figure{}, fmt.Errorf("%s: %w", id, err)
		}
	}
	last := float64(r.Config.Generations)
	var pts plotter.XYs
	var lo, hi []float64
	atGen := map[int]int{}
	var bestSeed *Rescored
	for i, x := range r.Rescored {
		if strings.HasPrefix(x.Name, evolve.SeedPrefix) {
			if bestSeed == nil || x.Mean > bestSeed.Mean {
				bestSeed = &r.Rescored[i]
			}
			continue
		}
		g, ok := r.born(x.Hash)
		if !ok {
			g = int(last)
		}
		off := float64(0.12 * float64(atGen[g]))
		atGen[g]++
		pts = append(pts, plotter.XY{X: float64(g) + off, Y: x.Mean})
		lo, hi = append(lo, x.Lo), append(hi, x.Hi)
	}
	p.Legend.Top, p.Legend.Left = false, false
	if len(pts) > 0 {
		if err := points(p, pts, lo, hi, "re-scored (95% CI), at birth", colorOf(3)); err != nil {
			return figure{}, fmt.Errorf("%s: %w", id, err)
		}
	}
	caption := "Best, mean and median fitness of each generation's scores (running means over the generations a game was evaluated in)."
	if len(pts) > 0 {
		caption += " Points: the games re-scored at the end on fresh seeds (10 replicates), with their 95% intervals, at the generation each was born in."
	}
	if bestSeed != nil {
		if err := line(p, plotter.XYs{{X: 0, Y: bestSeed.Mean}, {X: math.Max(last, 1), Y: bestSeed.Mean}}, "best seed game, re-scored", colorOf(5), true); err != nil {
			return figure{}, fmt.Errorf("%s: %w", id, err)
		}
		caption += fmt.Sprintf(" Dashed: the best seed game's re-score (%s, %.4f).", strings.TrimPrefix(bestSeed.Name, evolve.SeedPrefix), bestSeed.Mean)
	}
	// Fitness is from 0 to 1; an interval may reach beyond.
	p.Y.Min, p.Y.Max = 0, 1
	for i := range lo {
		p.Y.Min, p.Y.Max = math.Min(p.Y.Min, lo[i]), math.Max(p.Y.Max, hi[i])
	}
	svg, err := render(id, p, plotWidth, plotHeight, nil)
	return figure{ID: id, Caption: caption, SVG: svg}, err
}

// seriesFigure plots one value per generation.
func (r *Run) seriesFigure(id, title, yLabel, caption string, value func(Generation) float64) (figure, error) {
	p := newPlot(title, "generation", yLabel)
	var x, y []float64
	for _, g := range r.Generations {
		x, y = append(x, float64(g.Gen)), append(y, value(g))
	}
	if err := line(p, xys(x, y), "", colorOf(0), false); err != nil {
		return figure{}, fmt.Errorf("%s: %w", id, err)
	}
	p.Y.Min = 0
	svg, err := render(id, p, plotWidth, plotHeight, nil)
	return figure{ID: id, Caption: caption, SVG: svg}, err
}

// usedOperators are the operators the run applied, in operators.csv's
// order.
func (r *Run) usedOperators() []evolve.OpStats {
	var used []evolve.OpStats
	for _, o := range r.Operators {
		if o.Applied > 0 {
			used = append(used, o)
		}
	}
	return used
}

// operatorFigures plots each operator's use and first-try validity, and
// its fitness impact when the lineage has children.
func (r *Run) operatorFigures() ([]figure, error) {
	used := r.usedOperators()
	if len(used) == 0 {
		return nil, nil
	}
	names := make([]string, len(used))
	applied, valid, rate := make([]float64, len(used)), make([]float64, len(used)), make([]float64, len(used))
	for i, o := range used {
		names[i] = o.Name
		applied[i], valid[i], rate[i] = float64(o.Applied), float64(o.FirstTry), o.FirstTryRate()
	}
	p := newPlot("Operator use", "applications", "")
	// The second series is drawn below the first within a row.
	if err := bars(p, reversed(valid), 0, 2, "valid at the first try", true); err != nil {
		return nil, err
	}
	if err := bars(p, reversed(applied), 1, 2, "applied", true); err != nil {
		return nil, err
	}
	p.NominalY(reversed(names)...)
	p.Legend.Left, p.Legend.Top = false, false
	use, err := render("plot-operator-use", p, plotWidth, rowsHeight(len(used), 2), nil)
	if err != nil {
		return nil, err
	}
	p = newPlot("Operator validity", "share valid at the first try", "")
	if err := bars(p, reversed(rate), 0, 1, "", true); err != nil {
		return nil, err
	}
	p.NominalY(reversed(names)...)
	p.X.Min, p.X.Max = 0, 1
	validity, err := render("plot-operator-validity", p, plotWidth, rowsHeight(len(used), 1), nil)
	if err != nil {
		return nil, err
	}
	figs := []figure{
		{ID: "plot-operator-use", Caption: "How many times each operator was applied, and how many of those gave a valid genome at the first attempt (operators never applied are left out).", SVG: use},
		{ID: "plot-operator-validity", Caption: "Each operator's share of applications valid at the first attempt.", SVG: validity},
	}
	imps := r.operatorImpacts()
	if len(imps) == 0 {
		return figs, nil
	}
	p = newPlot("Operator fitness impact", "child's fitness - parent's fitness", "")
	var pts plotter.XYs
	var lo, hi []float64
	var rows []string
	for i, im := range imps {
		pts = append(pts, plotter.XY{X: im.mean, Y: float64(len(imps) - 1 - i)})
		lo, hi = append(lo, im.lo), append(hi, im.hi)
		rows = append(rows, fmt.Sprintf("%s (%d)", im.name, im.n))
	}
	if err := xPoints(p, pts, lo, hi, colorOf(0)); err != nil {
		return nil, err
	}
	if err := line(p, plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(len(imps)) - 0.5}}, "", colorOf(5), true); err != nil {
		return nil, err
	}
	p.NominalY(reversed(rows)...)
	svg, err := render("plot-operator-impact", p, plotWidth, rowsHeight(len(imps), 1), nil)
	if err != nil {
		return nil, err
	}
	return append(figs, figure{ID: "plot-operator-impact", SVG: svg,
		Caption: "From lineage.csv: for the children each operator changed (their number in brackets), the mean difference between the child's first score and its first parent's score, with its 95% interval (normal approximation). \"(none)\" are children that no operator changed: the noise of a score."}), nil
}

// impact is one operator's mean fitness change over the children it
// changed.
type impact struct {
	name         string
	n            int
	mean, lo, hi float64
}

// operatorImpacts summarises lineage.csv per operator, in operators.csv's
// order, then the children no operator changed ("(none)").
func (r *Run) operatorImpacts() []impact {
	deltas := map[string][]float64{}
	for _, c := range r.Lineage {
		d := c.ChildFitness - c.ParentFitness
		if len(c.Operators) == 0 {
			deltas["(none)"] = append(deltas["(none)"], d)
		}
		for _, op := range slices.Compact(slices.Sorted(slices.Values(c.Operators))) {
			deltas[op] = append(deltas[op], d)
		}
	}
	var out []impact
	names := []string{}
	for _, o := range r.Operators {
		names = append(names, o.Name)
	}
	for _, name := range append(names, "(none)") {
		ds := deltas[name]
		if len(ds) == 0 {
			continue
		}
		mean, half := meanCI(ds)
		out = append(out, impact{name, len(ds), mean, mean - half, mean + half})
	}
	return out
}

// meanCI returns the mean of xs and the half width of its 95% interval
// (normal approximation; 0 for a single value).
func meanCI(xs []float64) (mean, half float64) {
	for _, x := range xs {
		mean += x
	}
	n := float64(len(xs))
	mean /= n
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		d := x - mean
		ss += float64(d * d)
	}
	return mean, 1.96 * math.Sqrt(ss/(n-1)) / math.Sqrt(n)
}

// metricsFigure plots a score's metrics as horizontal bars.
func metricsFigure(id, title string, m evolve.Metrics) (figure, error) {
	names := evolve.MetricNames()
	vals := m.Map()
	vs := make([]float64, len(names))
	labels := make([]string, len(names))
	for i, n := range names {
		vs[i], labels[i] = vals[n], strings.ReplaceAll(n, "_", " ")
	}
	if !finite(vs...) {
		return figure{}, fmt.Errorf("%s: a metric is not a finite number", id)
	}
	p := newPlot(title, "metric (0 to 1)", "")
	if err := bars(p, reversed(vs), 0, 1, "", true); err != nil {
		return figure{}, fmt.Errorf("%s: %w", id, err)
	}
	p.NominalY(reversed(labels)...)
	p.X.Min, p.X.Max = 0, 1
	svg, err := render(id, p, plotWidth*0.75, rowsHeight(len(names), 1), nil)
	return figure{ID: id, Caption: "The metrics of the score, each from 0 to 1 (the evolve package doc gives their formulas).", SVG: svg}, err
}

// ladderSlopeFigure plots each measured game's ladder slope with its 95%
// interval (1.96 standard errors).
func (r *Run) ladderSlopeFigure() (figure, error) {
	const id = "plot-ladder-slopes"
	p := newPlot("Skill ladder slopes", "win rate gained per rung", "")
	var pts plotter.XYs
	var lo, hi []float64
	var names []string
	for _, g := range r.Games {
		l := g.Ladder
		if l == nil {
			continue
		}
		pts = append(pts, plotter.XY{X: l.Slope, Y: float64(len(pts))})
		half := float64(1.96 * l.SlopeSE)
		lo, hi = append(lo, l.Slope-half), append(hi, l.Slope+half)
		names = append(names, g.Name)
	}
	for i := range pts {
		pts[i].Y = float64(len(pts) - 1 - i) // the first game on top
	}
	if err := xPoints(p, pts, lo, hi, colorOf(0)); err != nil {
		return figure{}, fmt.Errorf("%s: %w", id, err)
	}
	if err := line(p, plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(len(pts)) - 0.5}}, "", colorOf(5), true); err != nil {
		return figure{}, fmt.Errorf("%s: %w", id, err)
	}
	p.NominalY(reversed(names)...)
	svg, err := render(id, p, plotWidth, rowsHeight(len(pts), 1), nil)
	return figure{ID: id, SVG: svg, Caption: "The least-squares slope of each game's skill ladder (win rate over rungs, weakest policy first), with its 95% interval: a game where thinking wins climbs; a lottery stays at 0."}, err
}

// archiveGrid is a MAP-Elites archive projected on two descriptors: the
// best elite (by re-score, else by run score) of each projected cell.
type archiveGrid struct {
	xBins, yBins []string
	best         map[[2]int]int // projected cell -> index of its best elite in the archive
	count        map[[2]int]int
	value        func(i int) float64
}

func (g *archiveGrid) Dims() (int, int) { return len(g.xBins), len(g.yBins) }
func (g *archiveGrid) X(c int) float64  { return float64(c) }
func (g *archiveGrid) Y(r int) float64  { return float64(r) }
func (g *archiveGrid) Z(c, r int) float64 {
	if i, ok := g.best[[2]int{c, r}]; ok {
		return g.value(i)
	}
	return math.NaN()
}

// eliteValue is an elite's fitness for the heatmap: its re-score's mean,
// else its score in the run.
func eliteValue(e *evolve.ArchiveEntry) float64 {
	if e.Rescore != nil {
		return e.Rescore.Mean
	}
	return e.Score.Fitness
}

// archiveFigure draws the archive as a heatmap over descriptor axes ax
// and ay (indexes of evolve.DescriptorAxes): each cell the best elite of
// the archive's cells that project onto it, its fitness written in it,
// and the cell a link to that elite's rules (#elite-N, N its place in
// archive.json from 1).
func (r *Run) archiveFigure(ax, ay int) (figure, error) {
	const id = "plot-archive"
	axes := evolve.DescriptorAxes()
	g := &archiveGrid{xBins: evolve.AxisBins(ax), yBins: evolve.AxisBins(ay), best: map[[2]int]int{}, count: map[[2]int]int{},
		value: func(i int) float64 { return eliteValue(&r.Archive[i]) }}
	for i := range r.Archive {
		bins := evolve.CellBins(r.Archive[i].Cell)
		k := [2]int{bins[ax], bins[ay]}
		g.count[k]++
		if j, ok := g.best[k]; !ok || g.value(i) > g.value(j) {
			g.best[k] = i
		}
	}
	for i := range r.Archive {
		if !finite(g.value(i)) {
			return figure{}, fmt.Errorf("%s: the fitness of elite %d is not a finite number", id, i+1)
		}
	}
	p := newPlot("MAP-Elites archive", axes[ax], axes[ay])
	p.Legend.Top = false
	pal, err := brewer.GetPalette(brewer.TypeSequential, "YlGnBu", 9)
	if err != nil {
		return figure{}, fmt.Errorf("%s: %w", id, err)
	}
	// The seven lighter colours: the cells' labels stay legible.
	hm := plotter.NewHeatMap(g, lighter{pal.Colors()[:7]})
	hm.Min, hm.Max = 0, 1
	hm.NaN = lightGrey
	p.Add(hm)
	var labels plotter.XYLabels
	for _, k := range sortedCells(g.best) {
		i := g.best[k]
		labels.XYs = append(labels.XYs, plotter.XY{X: float64(k[0]), Y: float64(k[1])})
		labels.Labels = append(labels.Labels, fmt.Sprintf("%.2f (%d)", g.value(i), g.count[k]))
	}
	if len(labels.XYs) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return figure{}, fmt.Errorf("%s: %w", id, err)
		}
		for i := range l.TextStyle {
			l.TextStyle[i].Font.Size = vg.Points(8)
			l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = draw.XCenter, draw.YCenter
		}
		p.Add(l)
	}
	p.NominalX(g.xBins...)
	p.NominalY(g.yBins...)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(len(g.xBins))-0.5, -0.5, float64(len(g.yBins))-0.5
	links := func(p *plot.Plot, dc draw.Canvas, h vg.Length) string {
		xf, yf := p.Transforms(&dc)
		var b strings.Builder
		for _, k := range sortedCells(g.best) {
			i := g.best[k]
			x0, x1 := xf(float64(k[0])-0.5), xf(float64(k[0])+0.5)
			y0, y1 := yf(float64(k[1])-0.5), yf(float64(k[1])+0.5)
			e := &r.Archive[i]
			fmt.Fprintf(&b, `<a href="#elite-%d"><title>%s: %s, fitness %.4f (%d elites here)</title><rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#000" fill-opacity="0"/></a>`+"\n",
				i+1, html.EscapeString(e.Name), html.EscapeString(e.Bins), g.value(i), g.count[k],
				x0.Points(), (h - y1).Points(), (x1 - x0).Points(), (y1 - y0).Points())
		}
		return b.String()
	}
	h := vg.Length(math.Max(float64(plotHeight), float64(float64(len(g.yBins))*float64(vg.Points(40)))+float64(vg.Inch)))
	svg, err := render(id, p, plotWidth, h, links)
	return figure{ID: id, SVG: svg, Caption: fmt.Sprintf("The archive's %d elites projected on %s and %s: each cell shows the best fitness (re-scored, where the elite was) of the elites it holds, and their number; a click on a cell opens the rules of its best elite below. Grey cells hold none.",
		len(r.Archive), axes[ax], axes[ay])}, err
}

// lighter is a palette of the given colours.
type lighter struct{ colors []color.Color }

func (l lighter) Colors() []color.Color { return l.colors }

// sortedCells returns the keys of m in order.
func sortedCells(m map[[2]int]int) [][2]int {
	keys := make([][2]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return keys
}
