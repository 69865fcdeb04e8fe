package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/vm"
)

// gameBlocks are the figures and tables of one measured game, whose plot
// ids start with prefix: seat win rates, game lengths per policy, effect
// firings and impact, and the skill ladder when it was climbed.
func gameBlocks(prefix string, gs *evolve.GameStats) ([]block, error) {
	var out []block
	f, err := winsFigure(prefix, gs)
	if err != nil {
		return nil, err
	}
	out = append(out, fig(f), block{Table: winsTable(gs)})
	for _, pol := range policyNames(gs) {
		f, err := lengthFigure(prefix, gs, pol)
		if err != nil {
			return nil, err
		}
		out = append(out, fig(f))
	}
	f, ok, err := effectsFigure(prefix, gs)
	if err != nil {
		return nil, err
	}
	if ok {
		out = append(out, fig(f), block{Table: firingsTable(gs)})
	} else {
		out = append(out, para("No effect fired in these games."))
	}
	f, ok, err = impactFigure(prefix, gs)
	if err != nil {
		return nil, err
	}
	if ok {
		out = append(out, fig(f), block{Table: impactTable(gs)})
	} else {
		out = append(out, para("The game has no special effects."))
	}
	f, ok, err = ladderFigure(prefix, gs)
	if err != nil {
		return nil, err
	}
	if ok {
		out = append(out, fig(f))
	}
	return out, nil
}

// winsTable lists every batch: its games, each seat's win rate with its
// 95% interval, the games nobody won, and the mean length.
func winsTable(gs *evolve.GameStats) *htmlTable {
	t := &htmlTable{Head: []string{"seats", "policy", "games", "win rate of each seat [95% CI]", "ties", "capped", "aborted", "mean turns", "mean decisions", "mean plays"}}
	for _, ss := range gs.Seats {
		for _, ps := range ss.Play {
			var rates []string
			for s, w := range ps.Wins {
				p, lo, hi := vm.Wilson(w, ps.Games)
				rates = append(rates, fmt.Sprintf("%d: %.3f [%.3f, %.3f]", s, p, lo, hi))
			}
			t.Rows = append(t.Rows, []string{fmt.Sprint(ss.Seats), ps.Policy, fmt.Sprint(ps.Games), strings.Join(rates, "; "),
				fmt.Sprint(ps.Ties), fmt.Sprint(ps.Capped), fmt.Sprint(ps.Aborted),
				fmt.Sprintf("%.1f", ps.Turns.Mean()), fmt.Sprintf("%.1f", ps.Decisions.Mean()), fmt.Sprintf("%.1f", ps.Plays.Mean())})
		}
	}
	return t
}

// firingsTable lists the firings per game of each effect type by seat
// count and policy.
func firingsTable(gs *evolve.GameStats) *htmlTable {
	var types []string
	for _, ss := range gs.Seats {
		for _, ps := range ss.Play {
			for _, e := range ps.Effects {
				if !slices.Contains(types, e.Type) {
					types = append(types, e.Type)
				}
			}
		}
	}
	t := &htmlTable{Head: append([]string{"seats", "policy"}, types...)}
	for _, ss := range gs.Seats {
		for _, ps := range ss.Play {
			row := []string{fmt.Sprint(ss.Seats), ps.Policy}
			for _, ty := range types {
				var n uint64
				for _, e := range ps.Effects {
					if e.Type == ty {
						n = e.Count
					}
				}
				row = append(row, fmt.Sprintf("%.3f", float64(n)/float64(max(ps.Games, 1))))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// impactTable lists each effect, its impact at each seat count (with a
// star where it is significant) and whether it is dead.
func impactTable(gs *evolve.GameStats) *htmlTable {
	t := &htmlTable{Head: []string{"#", "effect", "impact by seat count (* significant at 1%)", "dead"}}
	for i, e := range gs.Effects {
		var parts []string
		for _, im := range e.Seats {
			star := ""
			if im.Significant {
				star = "*"
			}
			parts = append(parts, fmt.Sprintf("%d seats %.3f%s", im.Seats, im.Size, star))
		}
		dead := "no"
		if e.Dead {
			dead = "yes"
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), e.Text, strings.Join(parts, ", "), dead})
	}
	return t
}

// ladderTable lists the ladder of every game that climbed one.
func ladderTable(games []evolve.GameStats) *htmlTable {
	t := &htmlTable{Head: []string{"game", "seats", "win rate of each rung [95% CI]", "slope ± SE", "monotone"}}
	for _, g := range games {
		l := g.Ladder
		if l == nil {
			continue
		}
		var rungs []string
		for _, r := range l.Rungs {
			rungs = append(rungs, fmt.Sprintf("%s %.3f [%.3f, %.3f]", r.Policy, r.WinRate, r.CI95[0], r.CI95[1]))
		}
		mono := "no"
		if l.Monotone {
			mono = "yes"
		}
		t.Rows = append(t.Rows, []string{g.Name, fmt.Sprint(l.Seats), strings.Join(rungs, "; "), fmt.Sprintf("%.4f ± %.4f", l.Slope, l.SlopeSE), mono})
	}
	return t
}
