package evolve

import (
	"context"
	"math"

	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// Metrics is a score's breakdown, each metric in [0, 1].
type Metrics struct {
	Completion  float64 `json:"completion"`
	Balance     float64 `json:"balance"`
	Decisions   float64 `json:"decisions"`
	LeadChanges float64 `json:"lead_changes"`
	Interaction float64 `json:"interaction"`
	Length      float64 `json:"length"`
	Skill       float64 `json:"skill"`
	Simplicity  float64 `json:"simplicity"`
	Effects     float64 `json:"effects"`
}

func (m Metrics) values() []float64 {
	return []float64{m.Completion, m.Balance, m.Decisions, m.LeadChanges, m.Interaction, m.Length, m.Skill, m.Simplicity, m.Effects}
}

// Score is a genome's fitness with its breakdown. Degenerate genomes score
// 0 and say why.
type Score struct {
	Fitness    float64 `json:"fitness"`
	Metrics    Metrics `json:"metrics"`
	Degenerate string  `json:"degenerate,omitempty"`
	Games      uint64  `json:"games"` // games played to score it, skill games included
}

// evalChunks is how many slices an evaluation is split into, so that a
// genome whose games run into the cap is stopped early.
const evalChunks = 4

// Evaluate scores a program: Games random-policy games (in chunks, stopping
// once the capped share passes the budget), then SkillGames games with a
// greedy seat 0 against random seats. seed fixes every game.
func Evaluate(ctx context.Context, p *vm.Program, progLen int, cfg *Config, seed uint64) (Score, *vm.Stats, error) {
	var sc Score
	st := &vm.Stats{}
	for k := range evalChunks {
		n := cfg.Games*(k+1)/evalChunks - cfg.Games*k/evalChunks
		part, err := vm.Batch(ctx, p, vm.BatchConfig{Games: n, Seed: rng.Derive(seed, uint64(k)), Workers: cfg.Workers})
		if err != nil {
			return sc, nil, err
		}
		part.Seats = p.DefaultSeats()
		st.Merge(part)
		st.Seats = part.Seats
		if float64(st.Capped+st.Aborted) > cfg.CapBudget*float64(cfg.Games) {
			sc.Games = st.Games
			sc.Degenerate = "too many games reach the turn cap"
			sc.Metrics = metrics(st, nil, progLen, cfg)
			return sc, st, nil
		}
	}
	var skill *vm.Stats
	if cfg.SkillGames > 0 {
		var err error
		skill, err = vm.Batch(ctx, p, vm.BatchConfig{Games: cfg.SkillGames, Seed: rng.Derive(seed, 1000),
			Workers: cfg.Workers, Policies: []vm.Policy{vm.Greedy, vm.Random, vm.Random, vm.Random, vm.Random, vm.Random, vm.Random, vm.Random}})
		if err != nil {
			return sc, nil, err
		}
	}
	sc.Games = st.Games
	if skill != nil {
		sc.Games += skill.Games
	}
	sc.Metrics = metrics(st, skill, progLen, cfg)
	sc.Degenerate = degenerate(st)
	if sc.Degenerate == "" {
		sc.Fitness = weighted(sc.Metrics, cfg.Weights)
	}
	return sc, st, nil
}

// degenerate names the hard filter a game fails, if any.
func degenerate(st *vm.Stats) string {
	switch {
	case st.Decided() == 0:
		return "no game ends"
	case st.Informed == 0:
		return "players never make an informed choice"
	}
	for s := range st.Seats {
		if float64(st.Wins[s]) > 0.95*float64(st.Decided()) {
			return "one seat almost always wins"
		}
	}
	return ""
}

func weighted(m Metrics, w Weights) float64 {
	sum, tot := 0.0, 0.0
	mv, wv := m.values(), w.values()
	for i := range mv {
		sum += mv[i] * wv[i]
		tot += wv[i]
	}
	return sum / tot
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }

// metrics computes each metric from the statistics. The formulas are in the
// package doc.
func metrics(st, skill *vm.Stats, progLen int, cfg *Config) Metrics {
	var m Metrics
	n := float64(st.Seats)
	games := float64(st.Games)
	decided := float64(st.Decided())
	if games > 0 {
		m.Completion = decided / games
	}
	if decided > 0 && n > 0 {
		worst := 0.0
		for s := range st.Seats {
			worst = math.Max(worst, math.Abs(float64(st.Wins[s])/decided-1/n))
		}
		m.Balance = clamp01(1 - worst*n)
	}
	turns := float64(st.Turns.Sum)
	if turns > 0 {
		m.Interaction = 1 - math.Exp(-4*float64(st.Interactions)/turns)
		var fx uint64
		for _, e := range st.Effects {
			fx += e
		}
		m.Effects = 1 - math.Exp(-4*float64(fx)/turns)
	}
	m.Decisions = 1 - math.Exp(-st.InformedPerSeat()/4)
	m.LeadChanges = 1 - math.Exp(-st.LeadChangesPerGame()/3)
	if mean := st.Turns.Mean(); mean > 0 {
		d := math.Log(mean / float64(cfg.TargetTurns))
		m.Length = math.Exp(-d * d / (2 * 0.5 * 0.5))
	}
	if skill != nil && skill.Decided() > 0 && decided > 0 {
		base := float64(st.Wins[0]) / decided
		greedy := float64(skill.Wins[0]) / float64(skill.Decided())
		if base < 1 {
			m.Skill = clamp01((greedy - base) / (1 - base))
		}
	}
	m.Simplicity = clamp01(1 - float64(progLen-40)/400)
	return m
}
