package evolve

import (
	"context"
	"fmt"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// A run's report (package report) only reads files: what it shows of the
// play of the run's winner and of its starting games is measured here,
// when the run ends, and kept in the run directory as GameStatsFile. The
// starting games themselves are kept as StartsFile from the run's first
// checkpoint on, so that a resumed run, whose checkpoint does not hold
// them, measures the same games.

// Files of a run directory that the report reads besides the others.
const (
	// StartsFile holds the run's starting games (the games Run was given
	// that generation 0 holds, in order), one genome's JSON per line.
	StartsFile = "starting_games.jsonl"
	// GameStatsFile holds a GameStats per line: the run's winner, then
	// each starting game.
	GameStatsFile = "game_stats.jsonl"
)

// The roles of a measured game (GameStats.Role).
const (
	RoleWinner = "winner" // the run's winner (Best)
	RoleStart  = "start"  // one of the run's starting games
	RoleGame   = "game"   // a game measured on its own (darwinsim report GAME)
)

// measurePolicies are the policies a game is measured under, every seat
// alike, in this order.
var measurePolicies = []vm.Policy{vm.Random, vm.Greedy}

// GameStats is what a report shows of how one game plays: at every seat
// count its rules allow, the statistics of a batch under each policy of
// every seat (random, then greedy), each effect's measured impact, and,
// when the run's skill metric is a ladder, the skill ladder at the default
// seat count. Counts are integers, as vm.Stats keeps them; the report
// derives rates and intervals from them.
type GameStats struct {
	Role string `json:"role"` // RoleWinner, RoleStart or RoleGame
	Name string `json:"name"`
	Hash string `json:"hash"` // the canonical hash, in hex
	Seed uint64 `json:"seed"` // every game below derives from it
	// Games is the number of games of each batch; ImpactGames the paired
	// games per policy and seat count behind each effect's impact.
	Games       int          `json:"games"`
	ImpactGames int          `json:"impact_games"`
	Seats       []SeatStats  `json:"seats"`
	Effects     []EffectStat `json:"effects"`
	// Ladder is the skill ladder at the default seat count, for a run
	// whose skill metric is the ladder (Config.Skill); nil otherwise.
	Ladder *players.LadderResult `json:"ladder,omitempty"`
}

// SeatStats are a game's batches at one seat count.
type SeatStats struct {
	Seats int         `json:"seats"`
	Play  []PlayStats `json:"play"` // one per policy: random, then greedy
}

// PlayStats is one batch: every seat on Policy.
type PlayStats struct {
	Policy string `json:"policy"`
	Games  uint64 `json:"games"`
	// Wins counts the games each seat won (both partners of a winning
	// team); a tie, a capped or an aborted game is nobody's win.
	Wins      []uint64 `json:"wins"`
	Ties      uint64   `json:"ties"`
	Capped    uint64   `json:"capped"`
	Aborted   uint64   `json:"aborted"`
	Turns     Hist     `json:"turns"` // game length in turns
	Decisions Hist     `json:"decisions"`
	Plays     Hist     `json:"plays"`
	// Effects counts the firings of each effect type that fired, in type
	// order.
	Effects []TypeCount `json:"effects"`
}

// Hist is a vm.Dist without its empty buckets.
type Hist struct {
	Sum     uint64   `json:"sum"`
	Max     uint64   `json:"max"`
	Buckets []Bucket `json:"buckets"` // in increasing order
}

// Bucket is one non-empty bucket of a vm.Dist: the values from Low (its
// smallest, vm.BucketLow) up to the next bucket's smallest.
type Bucket struct {
	Low   uint64 `json:"low"`
	Count uint64 `json:"count"`
}

// TypeCount is how many times an effect type fired.
type TypeCount struct {
	Type  string `json:"type"`
	Count uint64 `json:"count"`
}

// EffectStat is one effect's impact (Ablate), with the effect in words.
type EffectStat struct {
	Text string `json:"text"` // "2: the next player draws 2 cards"
	EffectImpact
}

// MeasureGame measures g for a report: at every seat count its rules
// allow, cfg.Games games with every seat random and as many with every
// seat greedy; each effect's impact (Ablate) on cfg.Games paired games per
// policy and seat count, as many as an evaluation's random games; and the
// skill ladder of cfg (Skill, Ladder, LadderGames) at the default seat
// count when cfg's skill metric is the ladder. seed fixes every game, and
// the result does not depend on cfg.Workers.
func MeasureGame(ctx context.Context, cfg *Config, g *genome.Genome, seed uint64) (*GameStats, error) {
	c := g.Canonical()
	p, err := load(c)
	if err != nil {
		return nil, err
	}
	gs := &GameStats{Name: g.Name, Hash: fmt.Sprintf("%x", c.Hash()), Seed: seed, Games: cfg.Games, ImpactGames: cfg.Games,
		Seats: []SeatStats{}, Effects: []EffectStat{}}
	lo, hi := p.SeatRange()
	for n := lo; n <= hi; n++ {
		ss := SeatStats{Seats: n}
		for k, pol := range measurePolicies {
			st, err := vm.Batch(ctx, p, vm.BatchConfig{Games: cfg.Games, Seats: n, Policies: []vm.Policy{pol},
				Seed: rng.Derive(rng.Derive(seed, uint64(n)), uint64(k)), Workers: cfg.Workers})
			if err != nil {
				return nil, err
			}
			ss.Play = append(ss.Play, playStats(pol, st))
		}
		gs.Seats = append(gs.Seats, ss)
	}
	imps, err := Ablate(ctx, c, 0, cfg.Games, cfg.Workers, rng.Derive(seed, 0))
	if err != nil {
		return nil, err
	}
	for _, im := range imps {
		e := im.Effect
		gs.Effects = append(gs.Effects, EffectStat{Text: fmt.Sprintf("%s: %s", e.Rank, e.Type.Phrase(e.Target, e.Value)), EffectImpact: im})
	}
	if cfg.Skill == SkillLadder {
		rungs, err := players.ParseLadder(cfg.Ladder)
		if err != nil {
			return nil, fmt.Errorf("the configuration's ladder: %w", err)
		}
		gs.Ladder, err = players.Ladder(ctx, p, players.LadderConfig{Rungs: rungs, Games: cfg.LadderGames,
			Seed: rng.Derive(seed, 1), Workers: cfg.Workers})
		if err != nil {
			return nil, err
		}
	}
	return gs, nil
}

// playStats is a batch's statistics as PlayStats.
func playStats(pol vm.Policy, st *vm.Stats) PlayStats {
	ps := PlayStats{Policy: pol.String(), Games: st.Games, Wins: append([]uint64{}, st.Wins[:st.Seats]...),
		Ties: st.Ties, Capped: st.Capped, Aborted: st.Aborted,
		Turns: hist(&st.Turns), Decisions: hist(&st.Decisions), Plays: hist(&st.Plays), Effects: []TypeCount{}}
	for t, n := range st.Effects {
		if n > 0 {
			ps.Effects = append(ps.Effects, TypeCount{cardrules.EffectType(t).String(), n})
		}
	}
	return ps
}

func hist(d *vm.Dist) Hist {
	h := Hist{Sum: d.Sum, Max: d.Max, Buckets: []Bucket{}}
	for b, n := range d.Hist {
		if n > 0 {
			h.Buckets = append(h.Buckets, Bucket{vm.BucketLow(b), n})
		}
	}
	return h
}

// Count is the number of values the histogram holds.
func (h *Hist) Count() uint64 {
	var n uint64
	for _, b := range h.Buckets {
		n += b.Count
	}
	return n
}

// Mean is the mean value (0 for none).
func (h *Hist) Mean() float64 {
	n := h.Count()
	if n == 0 {
		return 0
	}
	return float64(h.Sum) / float64(n)
}

// measureRun measures a finished run's winner and starting games
// (MeasureGame), each on seeds from the run's seed and the game's hash, and
// returns them as GameStatsFile: one JSON object per line, the winner
// first.
func measureRun(res *Result, winner *genome.Genome, starts []*genome.Genome) ([]byte, error) {
	ctx := context.Background()
	var out []byte
	for i, g := range append([]*genome.Genome{winner}, starts...) {
		gs, err := MeasureGame(ctx, &res.Config, g, rng.Derive(res.Config.Seed^streamReport, g.Canonical().Hash().Short()))
		if err != nil {
			return nil, fmt.Errorf("measuring %s for the report: %w", g.Name, err)
		}
		gs.Role = RoleWinner
		if i > 0 {
			gs.Role = RoleStart
		}
		line, err := gs.MarshalLine()
		if err != nil {
			return nil, err
		}
		out = append(out, line...)
	}
	return out, nil
}
