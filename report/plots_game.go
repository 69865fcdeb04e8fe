package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/vm"
)

// The figures of one measured game (evolve.GameStats), whose ids start
// with prefix ("plot-game-1").

// winsFigure plots each seat's win rate with its 95% Wilson interval, per
// seat count and policy, and, dashed, the seats' mean win rate at each
// seat count (the fair share, where ties and capped games take theirs).
func winsFigure(prefix string, gs *evolve.GameStats) (figure, error) {
	id := prefix + "-wins"
	p := newPlot("Seat win rates", "seat (from 0) of seats", "win rate")
	var labels []string
	policies := policyNames(gs)
	pts := make([]plotter.XYs, len(policies))
	lo, hi := make([][]float64, len(policies)), make([][]float64, len(policies))
	pos := 0.0
	for _, ss := range gs.Seats {
		first := pos
		var share float64
		for s := range ss.Seats {
			labels = append(labels, fmt.Sprintf("%d of %d", s, ss.Seats))
			for _, ps := range ss.Play {
				k := slices.Index(policies, ps.Policy)
				rate, l, h := vm.Wilson(ps.Wins[s], ps.Games)
				off := 0.3 * (float64(k) - float64(float64(len(policies)-1)/2)) / math.Max(1, float64(len(policies)-1))
				pts[k] = append(pts[k], plotter.XY{X: pos + off, Y: rate})
				lo[k], hi[k] = append(lo[k], l), append(hi[k], h)
				if k == 0 && ps.Games > 0 {
					share += float64(ps.Wins[s]) / float64(ps.Games) / float64(ss.Seats)
				}
			}
			pos++
		}
		if err := line(p, plotter.XYs{{X: first - 0.4, Y: share}, {X: pos - 0.6, Y: share}}, "", colorOf(5), true); err != nil {
			return figure{}, fmt.Errorf("%s: %w", id, err)
		}
	}
	for k, pol := range policies {
		if err := points(p, pts[k], lo[k], hi[k], pol+" play", colorOf(k)); err != nil {
			return figure{}, fmt.Errorf("%s: %w", id, err)
		}
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.5, pos-0.5
	p.Y.Min, p.Y.Max = 0, 1
	p.Legend.Left = false
	svg, err := render(id, p, plotWidth, plotHeight, nil)
	return figure{ID: id, SVG: svg, Caption: fmt.Sprintf("Each seat's share of %d games won, with its 95%% Wilson interval, under each policy at every seat (seat 0 moves first); dashed, the seats' mean under %s play at each seat count, the share of a seat in a fair game.", gs.Games, policies[0])}, err
}

// lengthFigure plots the distribution of game length in turns under
// policy pol, a line per seat count: the share of games in each of about
// 30 bins of equal width, shared by the lines, read from the histograms'
// buckets (exact below 64 turns, an eighth of each power of two above,
// spread evenly over the bins a bucket spans).
func lengthFigure(prefix string, gs *evolve.GameStats, pol string) (figure, error) {
	id := fmt.Sprintf("%s-length-%s", prefix, pol)
	var hs []*evolve.PlayStats
	var seats []int
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, ss := range gs.Seats {
		for j := range ss.Play {
			ps := &ss.Play[j]
			if ps.Policy != pol || len(ps.Turns.Buckets) == 0 {
				continue
			}
			hs, seats = append(hs, ps), append(seats, ss.Seats)
			lo, hi = math.Min(lo, float64(ps.Turns.Buckets[0].Low)), math.Max(hi, float64(ps.Turns.Max)+1)
		}
	}
	if len(hs) == 0 {
		return figure{}, fmt.Errorf("%s: no games of %s play to draw", id, pol)
	}
	width := niceWidth((hi - lo) / 30)
	first := float64(math.Floor(lo/width) * width)
	n := int(math.Min(math.Max(math.Ceil((hi-first)/width), 1), 100))
	p := newPlot(fmt.Sprintf("Game length, %s play", pol), "turns", "share of games")
	p.Legend.Left = false
	for i, ps := range hs {
		if err := line(p, histSteps(&ps.Turns, ps.Games, first, width, n), fmt.Sprintf("%d seats", seats[i]), colorOf(i), false); err != nil {
			return figure{}, fmt.Errorf("%s: %w", id, err)
		}
	}
	p.Y.Min = 0
	svg, err := render(id, p, plotWidth, plotHeight, nil)
	return figure{ID: id, SVG: svg, Caption: fmt.Sprintf("How long games last under %s play at each seat count: the share of the %d games that lasted each span of %s turns (a game that reaches the turn cap ends there).", pol, gs.Games, strconv.FormatFloat(width, 'f', -1, 64))}, err
}

// niceWidth returns the smallest of 1, 2, 5, 10, 20, 50, ... at least w.
func niceWidth(w float64) float64 {
	for x := 1.0; ; x *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if float64(m*x) >= w {
				return float64(m * x)
			}
		}
	}
}

// histSteps returns a histogram of games values as the corners of a step
// line over n bins of width from first, each at the share of the games in
// it. A bucket's values are taken as spread evenly over it, up to the
// histogram's maximum.
func histSteps(h *evolve.Hist, games uint64, first, width float64, n int) plotter.XYs {
	share := make([]float64, n)
	for _, b := range h.Buckets {
		i := vm.Bucket(b.Low)
		lo, hi := float64(b.Low), float64(h.Max)+1
		if i+1 < vm.NumBuckets {
			hi = math.Min(hi, float64(vm.BucketLow(i+1)))
		}
		hi = math.Max(hi, lo+1)
		for k := max(0, int((lo-first)/width)); k < n; k++ {
			bl := first + float64(float64(k)*width)
			over := math.Min(hi, bl+width) - math.Max(lo, bl)
			if over <= 0 {
				break
			}
			share[k] += float64(float64(b.Count)*over) / (hi - lo) / float64(games)
		}
	}
	var pts plotter.XYs
	for k, y := range share {
		bl := first + float64(float64(k)*width)
		pts = append(pts, plotter.XY{X: bl, Y: y}, plotter.XY{X: bl + width, Y: y})
	}
	return pts
}

// effectsFigure plots how often each effect type fires per game under
// each policy, over every seat count.
func effectsFigure(prefix string, gs *evolve.GameStats) (figure, bool, error) {
	id := prefix + "-effects"
	policies := policyNames(gs)
	var types []string
	for _, ss := range gs.Seats {
		for _, ps := range ss.Play {
			for _, e := range ps.Effects {
				if slices.Index(types, e.Type) < 0 {
					types = append(types, e.Type)
				}
			}
		}
	}
	if len(types) == 0 {
		return figure{}, false, nil
	}
	p := newPlot("Effect firings", "", "firings per game")
	p.Legend.Left = false
	for k, pol := range policies {
		fired := make([]float64, len(types))
		var games uint64
		for _, ss := range gs.Seats {
			for _, ps := range ss.Play {
				if ps.Policy != pol {
					continue
				}
				games += ps.Games
				for _, e := range ps.Effects {
					fired[slices.Index(types, e.Type)] += float64(e.Count)
				}
			}
		}
		for i := range fired {
			fired[i] /= math.Max(1, float64(games))
		}
		if err := bars(p, fired, k, len(policies), pol+" play", false); err != nil {
			return figure{}, false, fmt.Errorf("%s: %w", id, err)
		}
	}
	p.NominalX(types...)
	p.Y.Min = 0
	svg, err := render(id, p, plotWidth, plotHeight, nil)
	return figure{ID: id, SVG: svg, Caption: "How many times each type of effect fires per game under each policy, over every seat count (the table below breaks it down by seat count)."}, true, err
}

// impactFigure plots each effect's impact at each seat count: the largest
// standardised paired difference that removing it makes (evolve.Ablate).
func impactFigure(prefix string, gs *evolve.GameStats) (figure, bool, error) {
	id := prefix + "-impact"
	if len(gs.Effects) == 0 {
		return figure{}, false, nil
	}
	p := newPlot("Effect impact", "effect", "impact (standardised difference)")
	p.Legend.Left = false
	var labels []string
	for i := range gs.Effects {
		labels = append(labels, fmt.Sprintf("#%d", i+1))
	}
	for k, ss := range gs.Seats {
		vs := make([]float64, len(gs.Effects))
		for i, e := range gs.Effects {
			for _, im := range e.Seats {
				if im.Seats == ss.Seats && finite(im.Size) {
					vs[i] = im.Size
				}
			}
		}
		if err := bars(p, vs, k, len(gs.Seats), fmt.Sprintf("%d seats", ss.Seats), false); err != nil {
			return figure{}, false, fmt.Errorf("%s: %w", id, err)
		}
	}
	p.NominalX(labels...)
	p.Y.Min = 0
	svg, err := render(id, p, plotWidth, plotHeight, nil)
	return figure{ID: id, SVG: svg, Caption: fmt.Sprintf("What each effect (numbered as in the table below) changes: the game played with and without it on the same deals, %d paired games per policy and seat count; the impact is the largest |mean difference| / standard deviation over who wins, length, informed decisions and lead changes. An effect that changes nothing significant at any seat count is dead.", gs.ImpactGames)}, true, err
}

// ladderFigure plots a skill ladder: each rung's win rate with its 95%
// interval, and the fair share dashed.
func ladderFigure(prefix string, gs *evolve.GameStats) (figure, bool, error) {
	id := prefix + "-ladder"
	l := gs.Ladder
	if l == nil {
		return figure{}, false, nil
	}
	p := newPlot("Skill ladder", "tested seat's policy", "win rate")
	var pts plotter.XYs
	var lo, hi []float64
	var names []string
	for i, r := range l.Rungs {
		pts = append(pts, plotter.XY{X: float64(i), Y: r.WinRate})
		lo, hi = append(lo, r.CI95[0]), append(hi, r.CI95[1])
		names = append(names, r.Policy)
	}
	if !finite(l.FairShare) {
		return figure{}, false, fmt.Errorf("%s: the fair share is not a finite number", id)
	}
	if err := points(p, pts, lo, hi, "", colorOf(0)); err != nil {
		return figure{}, false, fmt.Errorf("%s: %w", id, err)
	}
	if err := line(p, plotter.XYs{{X: -0.4, Y: l.FairShare}, {X: float64(len(pts)) - 0.6, Y: l.FairShare}}, "fair share", colorOf(5), true); err != nil {
		return figure{}, false, fmt.Errorf("%s: %w", id, err)
	}
	p.NominalX(names...)
	p.Y.Min, p.Y.Max = 0, 1
	w := vg.Length(math.Min(float64(plotWidth), float64(vg.Inch)*(2+float64(0.8*float64(len(pts))))))
	svg, err := render(id, p, w, plotHeight, nil)
	return figure{ID: id, SVG: svg, Caption: fmt.Sprintf("%d seats: each policy at one seat against %s at the others, the seat rotated, %d games per seat, the same deals for every policy; slope %.4f ± %.4f per rung.",
		l.Seats, l.Field, l.GamesPerSeat, l.Slope, l.SlopeSE)}, true, err
}

// policyNames lists the policies of a game's batches, in the order they
// first appear.
func policyNames(gs *evolve.GameStats) []string {
	var out []string
	for _, ss := range gs.Seats {
		for _, ps := range ss.Play {
			if slices.Index(out, ps.Policy) < 0 {
				out = append(out, ps.Policy)
			}
		}
	}
	return out
}
