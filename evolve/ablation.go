package evolve

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// Effect impact is measured by ablation on common random numbers: the game
// is played with and without the effects in question on the same deals
// (game i of both from the same seed; every seat random, and, for Ablate,
// also every seat greedy, since an effect can matter only to players who
// choose), and the per-game
// differences of what a player feels are compared: who wins (each seat's
// win, or each team's), the game's length in decisions, its informed
// decisions and its lead changes. A measure differs when a paired z-test on
// its per-game differences rejects "no difference" at Alpha, Bonferroni-
// corrected over the measures. An effect whose removal changes no measure
// at any seat count the rules allow is dead.

// Alpha is the significance level of the ablation tests.
const Alpha = 0.01

// measures are the per-game quantities compared: a win for each seat
// (0..MaxSeats-1), then decisions, informed decisions and lead changes.
const (
	mDecisions = vm.MaxSeats + iota
	mInformed
	mLeadChanges
	numMeasures
)

// paired accumulates per-game differences (with - without) in integers, so
// that the sums do not depend on how games are split among workers.
type paired struct {
	n     int64
	sum   [numMeasures]int64
	sumSq [numMeasures]int64
}

func (p *paired) add(a, b *vm.Result) {
	p.n++
	for s := range vm.MaxSeats {
		p.addDiff(s, int64(a.WinMask>>s&1)-int64(b.WinMask>>s&1))
	}
	p.addDiff(mDecisions, int64(a.Decisions-b.Decisions))
	p.addDiff(mInformed, int64(a.Informed-b.Informed))
	p.addDiff(mLeadChanges, int64(a.LeadChanges-b.LeadChanges))
}

func (p *paired) addDiff(m int, d int64) {
	p.sum[m] += d
	p.sumSq[m] += d * d
}

func (p *paired) merge(o *paired) {
	p.n += o.n
	for i := range p.sum {
		p.sum[i] += o.sum[i]
		p.sumSq[i] += o.sumSq[i]
	}
}

// Impact is what removing effects changed at one seat count.
type Impact struct {
	Seats int `json:"seats"`
	// Size is the largest standardised paired difference over the
	// measures, |mean difference| / its standard deviation (0 when
	// nothing differs); Significant says whether any measure differs.
	Size        float64 `json:"size"`
	Significant bool    `json:"significant"`
	Games       int     `json:"games"`
}

// impact tests the accumulated differences of a game of seats seats (teams
// 2: the sides are the teams, whose wins are those of seats 0 and 1).
func (p *paired) impact(seats, teams int) Impact {
	im := Impact{Seats: seats, Games: int(p.n)}
	sides := seats
	if teams == 2 {
		sides = 2
	}
	measures := make([]int, 0, sides+3)
	for s := range sides {
		measures = append(measures, s)
	}
	measures = append(measures, mDecisions, mInformed, mLeadChanges)
	if p.n < 2 {
		return im
	}
	n := float64(p.n)
	// Bonferroni: each of the k tests at Alpha/k; two-sided normal
	// quantile by bisection on Erfc, computed once per call.
	crit := zCritical(Alpha / float64(len(measures)))
	for _, m := range measures {
		mean := float64(p.sum[m]) / n
		v := (float64(p.sumSq[m]) - float64(float64(p.sum[m])*mean)) / (n - 1)
		if v <= 0 {
			if mean != 0 {
				// Every game moved by the same amount.
				im.Size, im.Significant = math.Inf(1), true
			}
			continue
		}
		sd := math.Sqrt(v)
		es := math.Abs(mean) / sd
		if es > im.Size {
			im.Size = es
		}
		if es*math.Sqrt(n) > crit {
			im.Significant = true
		}
	}
	if math.IsInf(im.Size, 1) {
		im.Size = 10
	}
	return im
}

// zCritical returns z with P(|Z| > z) = a for a standard normal Z.
func zCritical(a float64) float64 {
	lo, hi := 0.0, 40.0
	for range 100 {
		mid := (lo + hi) / 2
		if math.Erfc(mid/math.Sqrt2) > a {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// playPaired plays games games of a and b at seats seats, game i of both
// from rng.Derive(seed, i) (as vm.Batch seeds them), every seat on policy, and
// returns a's statistics and the accumulated differences. Workers own
// contiguous ranges of games and everything is counted in integers, so the
// result does not depend on the worker count.
func playPaired(ctx context.Context, a, b *vm.Program, seats, games, workers int, seed uint64, policy vm.Policy) (*vm.Stats, *paired, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, games))
	parts := make([]paired, workers)
	stats := make([]vm.Stats, workers)
	var wg sync.WaitGroup
	pol := []vm.Policy{policy}
	for w := range workers {
		ma, err := vm.NewMachine(a, seats, pol)
		if err != nil {
			wg.Wait()
			return nil, nil, err
		}
		mb, err := vm.NewMachine(b, seats, pol)
		if err != nil {
			wg.Wait()
			return nil, nil, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := games * w / workers; i < games*(w+1)/workers; i++ {
				if i%256 == 0 && ctx.Err() != nil {
					return
				}
				s := rng.Derive(seed, uint64(i))
				ra, rb := ma.Play(s), mb.Play(s)
				stats[w].Add(&ra)
				parts[w].add(&ra, &rb)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	st := &vm.Stats{Seats: seats}
	var out paired
	for i := range parts {
		st.Merge(&stats[i])
		out.merge(&parts[i])
	}
	return st, &out, nil
}

// without returns g's canonical form without the effects whose indexes
// drop lists (nil: without all of them) and the response abilities left
// with nothing to answer (keepEffects), compiled and loaded; nil when g has
// no effects to drop.
func without(g *genome.Genome, drop []int) (*vm.Program, error) {
	c := g.Canonical()
	if len(c.Effects) == 0 {
		return nil, nil
	}
	var keep []genome.Effect
	if drop != nil {
		for i, e := range c.Effects {
			dropped := false
			for _, d := range drop {
				dropped = dropped || d == i
			}
			if !dropped {
				keep = append(keep, e)
			}
		}
	}
	keepEffects(c, keep)
	return load(c)
}

// load compiles g and loads its program.
func load(g *genome.Genome) (*vm.Program, error) {
	code, err := compile.Compile(g)
	if err != nil {
		return nil, err
	}
	return vm.Load(code)
}

// EffectImpact is the impact of one effect of a genome (by its index in
// the canonical form's effect list) at every seat count.
type EffectImpact struct {
	Index  int           `json:"index"`
	Effect genome.Effect `json:"effect"`
	Seats  []Impact      `json:"seats"`
	// Dead: removing it changed nothing measurable at any seat count.
	Dead bool `json:"dead"`
}

// Ablate measures each effect of g by playing g with and without it, games
// paired games at each seat count the rules allow (one seat count when
// seats is not 0) under random play and as many under greedy play; the
// effect matters at a seat count when either differs. seed fixes every
// game.
func Ablate(ctx context.Context, g *genome.Genome, seats, games, workers int, seed uint64) ([]EffectImpact, error) {
	c := g.Canonical()
	p, err := load(c)
	if err != nil {
		return nil, err
	}
	lo, hi := p.SeatRange()
	if seats != 0 {
		lo, hi = seats, seats
	}
	var out []EffectImpact
	for i, e := range c.Effects {
		q, err := without(c, []int{i})
		if err != nil {
			return nil, err
		}
		ei := EffectImpact{Index: i, Effect: e, Dead: true}
		for n := lo; n <= hi; n++ {
			var im Impact
			for k, pol := range []vm.Policy{vm.Random, vm.Greedy} {
				_, d, err := playPaired(ctx, p, q, n, games, workers, rng.Derive(rng.Derive(seed, uint64(n)), uint64(k)), pol)
				if err != nil {
					return nil, err
				}
				pi := d.impact(n, p.Teams())
				im.Seats, im.Games = n, im.Games+pi.Games
				im.Size = max(im.Size, pi.Size)
				im.Significant = im.Significant || pi.Significant
			}
			ei.Seats = append(ei.Seats, im)
			ei.Dead = ei.Dead && !im.Significant
		}
		out = append(out, ei)
	}
	return out, nil
}

// Prune returns g without its dead effects and the effects it removed. It
// removes every effect found dead, with the response abilities that answer
// only the types removed and the effects that only the removed ones could
// set off (keepEffects; both are removed too), then measures what is left
// again (an effect can matter only with another one, so removing one can
// kill another), until none is dead.
func Prune(ctx context.Context, g *genome.Genome, games, workers int, seed uint64) (*genome.Genome, []genome.Effect, error) {
	c := g.Canonical()
	var removed []genome.Effect
	for {
		imps, err := Ablate(ctx, c, 0, games, workers, seed)
		if err != nil {
			return nil, nil, err
		}
		var keep []genome.Effect
		for _, im := range imps {
			if im.Dead {
				removed = append(removed, im.Effect)
			} else {
				keep = append(keep, im.Effect)
			}
		}
		if len(keep) == len(c.Effects) {
			return c, removed, nil
		}
		keepEffects(c, keep)
		removed = append(removed, lost(keep, c.Effects)...)
		c = c.Canonical()
	}
}

// keepEffects sets g's effects to keep, less the effects and continuous
// rules that can no longer fire or act (fitTriggers: the effects of forced
// discards once no force_discard effect is kept, say, or a draw_limit,
// effect or rule, once nothing draws; the rules are otherwise kept, since
// they are not what is measured), and drops the response abilities that answer an effect type none of them
// has as an effect of a played card: a response opens no window but for a
// played effect of its type (an effect set off by another event opens
// none), so such an ability can never be used, and the game plays exactly
// as with it. Who and lose_turn go with the last ability. An effect is
// thus measured with the answers, and the effects, only it gives rise to.
func keepEffects(g *genome.Genome, keep []genome.Effect) {
	g.Effects = slices.Clone(keep)
	fitTriggers(g)
	keep = g.Effects
	g.Responses.Cards = slices.DeleteFunc(slices.Clone(g.Responses.Cards), func(c genome.Response) bool {
		return !slices.ContainsFunc(keep, func(e genome.Effect) bool { return e.Type == c.Answers && e.When == cardrules.Played })
	})
	clearIfNoResponses(g)
}

// lost returns the effects of from that kept, a subsequence of from, left
// out, in order.
func lost(from, kept []genome.Effect) []genome.Effect {
	var out []genome.Effect
	j := 0
	for _, e := range from {
		if j < len(kept) && kept[j] == e {
			j++
			continue
		}
		out = append(out, e)
	}
	return out
}
