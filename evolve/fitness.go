package evolve

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// FitnessVersion changes whenever a score's meaning changes (a metric's
// formula, what is played to measure it); run directories record it in
// config.json.
//
//	1  the first fitness: random play at the default seat count
//	2  every seat count under random and greedy play, judged by the worst;
//	   informed decisions; rates per decision; balance per team and net of noise
const FitnessVersion = 2

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

// metricNames are the metrics' JSON names, in field order.
var metricNames = func() []string {
	t := reflect.TypeFor[Metrics]()
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = strings.Split(t.Field(i).Tag.Get("json"), ",")[0]
	}
	return names
}()

// MetricNames lists the metrics' names (as in JSON), in field order.
func MetricNames() []string { return slices.Clone(metricNames) }

// Map returns the metrics by name.
func (m Metrics) Map() map[string]float64 {
	out := make(map[string]float64, len(metricNames))
	for i, v := range m.values() {
		out[metricNames[i]] = v
	}
	return out
}

func (m Metrics) values() []float64 {
	var out []float64
	for _, p := range m.fields() {
		out = append(out, *p)
	}
	return out
}

// fields lists pointers to the metrics, in field order.
func (m *Metrics) fields() []*float64 {
	return []*float64{&m.Completion, &m.Balance, &m.Decisions, &m.LeadChanges, &m.Interaction, &m.Length, &m.Skill, &m.Simplicity, &m.Effects}
}

// Score is a genome's fitness with its breakdown. Degenerate genomes score
// 0 and say why.
type Score struct {
	Fitness    float64 `json:"fitness"`
	Metrics    Metrics `json:"metrics"`
	Degenerate string  `json:"degenerate,omitempty"`
	Games      uint64  `json:"games"` // games played to score it, skill games included
	// Evals is the number of evaluations (on the deals of different
	// generations) whose running mean the score is; 1 for one Evaluate.
	Evals int `json:"evals"`
	// PerSeat is the game's length, in decisions per seat and game under
	// random play, at the seat count the score is that of (a behaviour
	// descriptor of MAP-Elites; the length metric is a function of it).
	PerSeat float64 `json:"decisions_per_seat"`
}

// merge folds evaluation x into s, the running mean of s.Evals
// evaluations: fitness and every metric become the mean over all of them;
// the genome is degenerate only when every evaluation was, for the first
// reason found.
func (s Score) merge(x Score) Score {
	if s.Evals == 0 {
		return x
	}
	n := float64(s.Evals)
	mean := func(a, b float64) float64 { return (float64(a*n) + b) / (n + 1) }
	out := Score{Evals: s.Evals + x.Evals, Games: s.Games + x.Games, Fitness: mean(s.Fitness, x.Fitness), PerSeat: mean(s.PerSeat, x.PerSeat)}
	av, bv, ov := s.Metrics.fields(), x.Metrics.fields(), out.Metrics.fields()
	for i := range ov {
		*ov[i] = mean(*av[i], *bv[i])
	}
	if s.Degenerate != "" && x.Degenerate != "" {
		out.Degenerate = s.Degenerate
	}
	return out
}

// evalChunks is how many slices an evaluation's random games are split
// into, so that a genome whose games run into the cap is stopped early.
const evalChunks = 4

// SeatScore is a genome's score at one seat count.
type SeatScore struct {
	Seats int `json:"seats"`
	Score
}

// Evaluate scores a program at every seat count its rules allow and judges
// it by the worst: at each seat count, Games games with every seat random
// (in chunks, stopping once the capped share passes the budget), Games/2
// with every seat greedy, and SkillGames with a greedy seat 0 against
// random seats (or, with the ladder skill, the skill ladder: LadderGames
// games per rung and seat). A seat count where either kind of play is degenerate makes
// the genome degenerate, with the seat count and the policy in the reason.
// The Score is that of the worst seat count (the first of equals); the
// breakdown by seat count comes with it. seed fixes every game: seat count n
// plays from rng.Derive(seed, n), so genomes evaluated with one seed play
// the same deals (common random numbers). The random games of a genome with
// effects are played alongside the same genome without them, on the same
// deals: the effects metric is their measured impact (see Ablate).
func Evaluate(ctx context.Context, g *genome.Genome, cfg *Config, seed uint64) (Score, []SeatScore, error) {
	return evaluateSeats(ctx, g, cfg, seed, 0)
}

// evaluateSeats is Evaluate at one seat count, or every seat count the
// rules allow when seats is 0.
func evaluateSeats(ctx context.Context, g *genome.Genome, cfg *Config, seed uint64, seats int) (Score, []SeatScore, error) {
	code, err := compile.Compile(g)
	if err != nil {
		return Score{}, nil, err
	}
	p, err := vm.Load(code)
	if err != nil {
		return Score{}, nil, err
	}
	bare, err := without(g, nil)
	if err != nil {
		return Score{}, nil, err
	}
	lo, hi := p.SeatRange()
	if seats != 0 {
		lo, hi = seats, seats
	}
	var worst Score
	var all []SeatScore
	for n := lo; n <= hi; n++ {
		sc, err := evaluateAt(ctx, p, bare, n, len(code), cfg, rng.Derive(seed, uint64(n)))
		if err != nil {
			return Score{}, nil, err
		}
		all = append(all, SeatScore{Seats: n, Score: sc})
		if n == lo || worse(sc, worst) {
			worst = sc
		}
	}
	worst.Games, worst.Evals = 0, 1
	for _, s := range all {
		worst.Games += s.Games
	}
	return worst, all, nil
}

// worse reports whether a is a worse score than b: degenerate before
// scored, then lower fitness.
func worse(a, b Score) bool {
	if (a.Degenerate != "") != (b.Degenerate != "") {
		return a.Degenerate != ""
	}
	return a.Fitness < b.Fitness
}

// evaluateAt scores a program at n seats; bare is the program without its
// effects (nil when it has none).
func evaluateAt(ctx context.Context, p, bare *vm.Program, n, progLen int, cfg *Config, seed uint64) (Score, error) {
	var sc Score
	random, impact, capped, err := play(ctx, p, bare, n, cfg.Games, cfg, rng.Derive(seed, 0), vm.Random)
	if err != nil {
		return sc, err
	}
	sc.Games = random.Games
	sc.PerSeat = perSeat(random)
	if capped {
		sc.Degenerate = seatsReason(n, "random", "too many games reach the turn cap")
		sc.Metrics = metrics(random, nil, nil, p.Teams(), progLen, cfg)
		return sc, nil
	}
	greedy, _, capped, err := play(ctx, p, nil, n, max(cfg.Games/2, 1), cfg, rng.Derive(seed, 1), vm.Greedy)
	if err != nil {
		return sc, err
	}
	sc.Games += greedy.Games
	if capped {
		sc.Degenerate = seatsReason(n, "greedy", "too many games reach the turn cap")
		sc.Metrics = metrics(random, greedy, nil, p.Teams(), progLen, cfg)
		return sc, nil
	}
	var skill *vm.Stats
	var ladder *players.LadderResult
	if cfg.Skill == SkillLadder {
		rungs, err := players.ParseLadder(cfg.Ladder)
		if err != nil {
			return sc, fmt.Errorf("the configuration's ladder: %w", err)
		}
		ladder, err = players.Ladder(ctx, p, players.LadderConfig{Rungs: rungs, Games: cfg.LadderGames, Seats: n,
			Seed: rng.Derive(seed, 2), Workers: cfg.Workers})
		if err != nil {
			return sc, err
		}
		for _, r := range ladder.Rungs {
			sc.Games += r.Games
		}
	} else if cfg.SkillGames > 0 {
		pols := make([]vm.Policy, n) // one per seat: seat 0 Greedy, the others Random
		pols[0] = vm.Greedy
		skill, err = vm.Batch(ctx, p, vm.BatchConfig{Games: cfg.SkillGames, Seats: n, Seed: rng.Derive(seed, 2),
			Workers: cfg.Workers, Policies: pols})
		if err != nil {
			return sc, err
		}
		sc.Games += skill.Games
	}
	sc.Metrics = metrics(random, greedy, skill, p.Teams(), progLen, cfg)
	if ladder != nil {
		sc.Metrics.Skill = ladderSkill(ladder)
	}
	sc.Metrics.Effects = 0
	if impact != nil {
		if im := impact.impact(n, p.Teams()); im.Significant {
			sc.Metrics.Effects = 1 - math.Exp(-3*im.Size)
		}
	}
	if why := degenerate(random, p.Teams()); why != "" {
		sc.Degenerate = seatsReason(n, "random", why)
	} else if why := degenerate(greedy, p.Teams()); why != "" {
		sc.Degenerate = seatsReason(n, "greedy", why)
	}
	if sc.Degenerate == "" {
		sc.Fitness = weighted(sc.Metrics, cfg.Weights)
	}
	return sc, nil
}

func seatsReason(n int, policy, why string) string {
	return fmt.Sprintf("%s (%d seats, %s play)", why, n, policy)
}

// play plays games games of p at n seats with every seat on policy, in
// chunks, and reports whether the capped and aborted games passed the cap
// budget (then it stops early). With bare (random play only), each game is
// also played without the effects, on the same seed, and their differences
// are returned.
func play(ctx context.Context, p, bare *vm.Program, n, games int, cfg *Config, seed uint64, policy vm.Policy) (*vm.Stats, *paired, bool, error) {
	st := &vm.Stats{}
	var diff *paired
	for k := range evalChunks {
		m := games*(k+1)/evalChunks - games*k/evalChunks
		if m == 0 {
			continue
		}
		var part *vm.Stats
		var err error
		if bare != nil {
			var d *paired
			part, d, err = playPaired(ctx, p, bare, n, m, cfg.Workers, rng.Derive(seed, uint64(k)), policy)
			if diff == nil {
				diff = &paired{}
			}
			if d != nil {
				diff.merge(d)
			}
		} else {
			part, err = vm.Batch(ctx, p, vm.BatchConfig{Games: m, Seats: n, Seed: rng.Derive(seed, uint64(k)), Workers: cfg.Workers, Policies: []vm.Policy{policy}})
		}
		if err != nil {
			return nil, nil, false, err
		}
		st.Merge(part)
		st.Seats = part.Seats
		if float64(st.Capped+st.Aborted) > cfg.CapBudget*float64(games) {
			return st, diff, true, nil
		}
	}
	return st, diff, false, nil
}

// degenerate names the hard filter a game fails, if any. With
// partnerships the units of balance are the teams (Wins counts both
// partners of a winning team).
func degenerate(st *vm.Stats, teams int) string {
	switch {
	case st.Decided() == 0:
		return "no game ends"
	case st.Informed == 0:
		return "players never make an informed choice"
	}
	for _, w := range sides(st, teams) {
		if float64(w) > 0.95*float64(st.Decided()) {
			return "one side almost always wins"
		}
	}
	return ""
}

// sides returns the wins of each side of the game: each seat, or each team
// (teams s%2, whose wins are those of their lowest seat).
func sides(st *vm.Stats, teams int) []uint64 {
	if teams == 2 {
		return st.Wins[:2]
	}
	return st.Wins[:st.Seats]
}

func weighted(m Metrics, w Weights) float64 {
	sum, tot := 0.0, 0.0
	mv, wv := m.values(), w.values()
	for i := range mv {
		sum += float64(mv[i] * wv[i]) // (rounded: no fused multiply-add)
		tot += wv[i]
	}
	return sum / tot
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }

// metrics computes each metric from the statistics of random play, greedy
// play (nil when it was not played) and greedy-against-random play (nil
// when not played). The formulas are in the package doc.
func metrics(st, greedy, skill *vm.Stats, teams, progLen int, cfg *Config) Metrics {
	var m Metrics
	m.Completion = completion(st)
	m.Balance = balance(st, teams)
	if greedy != nil {
		m.Completion = math.Min(m.Completion, completion(greedy))
		m.Balance = math.Min(m.Balance, balance(greedy, teams))
	}
	if d := float64(st.Decisions.Sum); d > 0 {
		m.Interaction = 1 - math.Exp(-4*float64(st.Interactions)/d)
	}
	m.Decisions = 1 - math.Exp(-st.InformedPerSeat()/4)
	m.LeadChanges = 1 - math.Exp(-st.LeadChangesPerGame()/3)
	if n := perSeat(st); n > 0 {
		d := math.Log(n / float64(cfg.TargetLength))
		m.Length = math.Exp(-float64(d*d) / (2 * 0.5 * 0.5))
	}
	if decided := float64(st.Decided()); skill != nil && skill.Decided() > 0 && decided > 0 {
		base := float64(st.Wins[0]) / decided
		greedy := float64(skill.Wins[0]) / float64(skill.Decided())
		if base < 1 {
			m.Skill = clamp01((greedy - base) / (1 - base))
		}
	}
	m.Simplicity = clamp01(1 - float64(progLen-40)/400)
	return m
}

// perSeat is the decisions per seat and game of st, 0 without games.
func perSeat(st *vm.Stats) float64 {
	if st.Games == 0 || st.Seats == 0 {
		return 0
	}
	return float64(st.Decisions.Sum) / float64(st.Games) / float64(st.Seats)
}

// ladderSkill maps a skill ladder into [0, 1]: the rise of the win rate
// over the ladder that its slope fits, slope x (rungs - 1), as a share of
// the room the first rung leaves, 1 - its win rate; clamped. With two
// rungs, random and greedy, it has the greedy skill's form, (greedy's
// rate - random's) / (1 - random's), over every seat rather than seat 0.
func ladderSkill(l *players.LadderResult) float64 {
	base := l.Rungs[0].WinRate
	if base >= 1 {
		return 0
	}
	return clamp01(float64(l.Slope*float64(len(l.Rungs)-1)) / (1 - base))
}

// completion is the share of games that ended with a result.
func completion(st *vm.Stats) float64 {
	if st.Games == 0 {
		return 0
	}
	return float64(st.Decided()) / float64(st.Games)
}

// balance is 1 - k * the largest gap between a side's win share and 1/k,
// over the k sides (seats, or teams), floored at 0. A gap counts only
// beyond the 95% sampling half-width of a fair side's share, 1.96 *
// sqrt((1/k)(1-1/k)/decided), so that a fair game is not marked down for
// the noise of a finite sample.
func balance(st *vm.Stats, teams int) float64 {
	decided := float64(st.Decided())
	w := sides(st, teams)
	k := float64(len(w))
	if decided == 0 || k == 0 {
		return 0
	}
	fair := 1 / k
	half := float64(1.96 * math.Sqrt(float64(fair*(1-fair))/decided))
	worst := 0.0
	for _, x := range w {
		worst = math.Max(worst, math.Abs(float64(x)/decided-fair)-half)
	}
	return clamp01(1 - float64(worst*k))
}
