package evolve

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/darwinsim/darwinsim/players"
)

// Rates are the per-offspring probabilities of each operator.
type Rates struct {
	AddEffect    float64 `json:"add_effect"`
	RemoveEffect float64 `json:"remove_effect"`
	MutateEffect float64 `json:"mutate_effect"`
	Structure    float64 `json:"structure"` // one structural mutation
	Crossover    float64 `json:"crossover"` // breed from two parents
}

// Weights weigh each fitness metric in the total (they are normalised by
// their sum).
type Weights Metrics

func (w Weights) values() []float64 { return Metrics(w).values() }

// Config is everything a run depends on. Two runs with equal configs
// produce equal result files.
type Config struct {
	Population   int     `json:"population"`
	Generations  int     `json:"generations"`
	Games        int     `json:"games"`       // random-policy games per evaluation
	SkillGames   int     `json:"skill_games"` // greedy-vs-random games per evaluation
	Seed         uint64  `json:"seed"`
	Workers      int     `json:"-"` // never part of a run's identity
	Elite        int     `json:"elite"`
	Tournament   int     `json:"tournament"`
	Rates        Rates   `json:"rates"`
	Weights      Weights `json:"weights"`
	TargetLength int     `json:"target_length"` // the length the length metric rewards, in decisions per seat and game
	CapBudget    float64 `json:"cap_budget"`    // share of capped games that makes a genome degenerate
	Sharing      float64 `json:"sharing"`       // fitness-sharing radius in genome distance (0: off)
	HallSpacing  float64 `json:"hall_spacing"`  // least genome distance between two games of the hall of fame (0: distinct hashes only)
	// AblationGames is the number of paired games per seat count with
	// which an effect is judged dead (Ablate) before a game enters the
	// final hall of fame.
	AblationGames int `json:"ablation_games"`
	Rescore       int `json:"rescore"` // top genomes re-scored at the end with 10x games
	Retries       int `json:"retries"` // attempts an operator gets to produce a valid genome
	// Skill is what the skill metric measures: SkillGreedy (the default,
	// written "greedy" in a file) a greedy seat 0 against random seats in
	// SkillGames games; SkillLadder the slope of the skill ladder Ladder,
	// LadderGames games per rung and seat (SkillGames then plays nothing).
	// The three are left out of a configuration's JSON when unset, so that
	// a run of the greedy skill has the identity it always had.
	Skill       string `json:"skill,omitempty"`
	Ladder      string `json:"ladder,omitempty"`       // the ladder's policy specs, weakest first, comma-separated: "random,greedy,ismcts:20"
	LadderGames int    `json:"ladder_games,omitempty"` // ladder games per rung and seat
	// Search is how the run searches: SearchGenetic (the default, written
	// "genetic" in a file) the genetic loop; SearchMapElites a MAP-Elites
	// archive over behaviour descriptors (see the package doc). Left out of
	// a configuration's JSON when unset, so that a genetic run has the
	// identity it always had.
	Search string `json:"search,omitempty"`
	// Islands is the number of subpopulations of an island run (see the
	// package doc), each of Population members; 0 (left out of a
	// configuration's JSON, so that a run of one population has the
	// identity it always had) and 1 are one population, a plain run.
	// MigrateEvery is the generations of an epoch between two migrations
	// and Migrants the members each island sends to the next at the end
	// of an epoch; both are used, and set, only with Islands > 1.
	Islands      int `json:"islands,omitempty"`
	MigrateEvery int `json:"migrate_every,omitempty"`
	Migrants     int `json:"migrants,omitempty"`
	// Topology is who sends to whom at a migration: TopologyRing (the
	// default, left out of a configuration's JSON) island i to island
	// i+1; TopologyRandom a ring in a new random order at every epoch,
	// drawn from the run seed (see migrationSources). Used only with
	// Islands > 1.
	Topology string `json:"topology,omitempty"`
}

// The migration topologies (Config.Topology).
const (
	TopologyRing   = ""       // island i sends to island i+1 (mod Islands)
	TopologyRandom = "random" // a ring in a seeded random order, new at every epoch
)

// topologyRingName is TopologyRing's name in a file and on the command line.
const topologyRingName = "ring"

// TopologyNames lists the topologies by the names a file or flag gives them.
func TopologyNames() []string { return []string{topologyRingName, TopologyRandom} }

// ParseTopology reads a topology's name ("ring" or "random").
func ParseTopology(name string) (string, error) {
	switch name {
	case topologyRingName:
		return TopologyRing, nil
	case TopologyRandom:
		return TopologyRandom, nil
	}
	return "", fmt.Errorf("unknown topology %q (have %s)", name, strings.Join(TopologyNames(), ", "))
}

// The island model's defaults and bounds (Config.Islands).
const (
	// DefaultMigrateEvery is the epoch, in generations, of an island run
	// whose configuration gives none.
	DefaultMigrateEvery = 5
	// DefaultMigrants is the number of emigrants of each island at the
	// end of an epoch, when the configuration gives none.
	DefaultMigrants = 2
	// MaxIslands bounds Config.Islands.
	MaxIslands = 1024
)

// islandCount is the number of populations a run of c evolves: 1 for a
// plain run.
func (c *Config) islandCount() int { return max(c.Islands, 1) }

// normalizeIslands gives the island fields one spelling, so that one run
// has one identity: Islands 1 is 0 (a plain run); with Islands > 1, an
// epoch or a number of migrants left at 0 takes its default, unless set
// says it was given (set is nil when nothing was).
func (c *Config) normalizeIslands(set func(field string) bool) {
	given := func(f string) bool { return set != nil && set(f) }
	if c.Islands == 1 {
		c.Islands = 0
	}
	if c.Islands > 1 {
		if c.MigrateEvery == 0 && !given("migrate_every") {
			c.MigrateEvery = DefaultMigrateEvery
		}
		if c.Migrants == 0 && !given("migrants") {
			c.Migrants = DefaultMigrants
		}
	}
}

// NormalizeIslands is what ParseConfig does to a configuration's island
// fields, for a configuration built otherwise (the command line's flags):
// Islands 1 becomes 0, a plain run, and with Islands > 1 a MigrateEvery or
// Migrants of 0 takes its default (DefaultMigrateEvery, DefaultMigrants).
func (c *Config) NormalizeIslands() { c.normalizeIslands(nil) }

// The searches (Config.Search).
const (
	SearchGenetic   = ""           // the genetic loop
	SearchMapElites = "map-elites" // a MAP-Elites archive
)

// searchGeneticName is SearchGenetic's name in a configuration file and
// on the command line.
const searchGeneticName = "genetic"

// SearchNames lists the searches by the names a file or flag gives them.
func SearchNames() []string { return []string{searchGeneticName, SearchMapElites} }

// ParseSearch reads a search's name ("genetic" or "map-elites").
func ParseSearch(name string) (string, error) {
	switch name {
	case searchGeneticName:
		return SearchGenetic, nil
	case SearchMapElites:
		return SearchMapElites, nil
	}
	return "", fmt.Errorf("unknown search %q (have %s)", name, strings.Join(SearchNames(), ", "))
}

// The skill metrics (Config.Skill).
const (
	SkillGreedy = ""       // greedy seat 0 against random seats
	SkillLadder = "ladder" // the slope of a skill ladder (players.Ladder)
)

// skillGreedyName is SkillGreedy's name in a configuration file.
const skillGreedyName = "greedy"

// The preset values are unexported so that no caller can change what a
// later run starts from: DefaultRates, DefaultWeights and Preset return
// copies (Rates, Weights and Config hold no slices, maps or pointers, so a
// value is a copy).
var (
	// defaultRates are the operator rates of the default preset.
	defaultRates = Rates{AddEffect: 0.10, RemoveEffect: 0.10, MutateEffect: 0.15, Structure: 0.30, Crossover: 0.30}

	// aggressiveRates double the effect operators.
	aggressiveRates = Rates{AddEffect: 0.20, RemoveEffect: 0.20, MutateEffect: 0.30, Structure: 0.50, Crossover: 0.40}

	// defaultWeights is the fitness weighting of the default preset.
	defaultWeights = Weights{Completion: 2, Balance: 1.5, Decisions: 1.5, LeadChanges: 1, Interaction: 1, Length: 1, Skill: 1.5, Simplicity: 0.5, Effects: 0.5}

	// presets are the named starting configurations.
	presets = map[string]Config{
		"quick": {Population: 24, Generations: 8, Games: 200, SkillGames: 100, Elite: 2, Tournament: 3,
			Rates: defaultRates, Weights: defaultWeights, TargetLength: 15, CapBudget: 0.01, Sharing: 0.15, HallSpacing: 0.05, AblationGames: 2000, Rescore: 5, Retries: 8},
		"default": {Population: 100, Generations: 50, Games: 500, SkillGames: 200, Elite: 4, Tournament: 3,
			Rates: defaultRates, Weights: defaultWeights, TargetLength: 15, CapBudget: 0.01, Sharing: 0.15, HallSpacing: 0.05, AblationGames: 4000, Rescore: 10, Retries: 8},
		"aggressive": {Population: 100, Generations: 50, Games: 500, SkillGames: 200, Elite: 4, Tournament: 3,
			Rates: aggressiveRates, Weights: defaultWeights, TargetLength: 15, CapBudget: 0.01, Sharing: 0.15, HallSpacing: 0.05, AblationGames: 4000, Rescore: 10, Retries: 8},
	}
)

// DefaultRates returns the operator rates of the default preset.
func DefaultRates() Rates { return defaultRates }

// DefaultWeights returns the fitness weighting of the default preset.
func DefaultWeights() Weights { return defaultWeights }

// PresetNames lists the presets, sorted, in a slice of the caller's own.
func PresetNames() []string {
	var names []string
	for n := range presets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Preset returns a copy of the named preset.
func Preset(name string) (Config, error) {
	c, ok := presets[name]
	if !ok {
		return Config{}, fmt.Errorf("unknown preset %q (have %s)", name, strings.Join(PresetNames(), ", "))
	}
	return c, nil
}

// Validate checks every field and reports all problems at once.
func (c *Config) Validate() error {
	var errs []error
	for _, p := range c.problems() {
		errs = append(errs, errors.New(p.Reason))
	}
	return errors.Join(errs...)
}

// problems is every problem Validate reports, each at the JSON path of the
// field it is about ("$.weights" for the weights together, "" for Workers,
// which has none), so that ParseConfig can point into the file.
func (c *Config) problems() ConfigProblems {
	var ps ConfigProblems
	bad := func(path, format string, args ...any) {
		ps = append(ps, ConfigProblem{Path: path, Reason: fmt.Sprintf(format, args...)})
	}
	if c.Population < 2 || c.Population > 100000 {
		bad("$.population", "population must be between 2 and 100000, got %d", c.Population)
	}
	if c.Generations < 0 || c.Generations > 1000000 {
		bad("$.generations", "generations must be between 0 and 1000000, got %d", c.Generations)
	}
	if c.Games < 10 || c.Games > MaxGames {
		bad("$.games", "games per evaluation must be between 10 and %d, got %d", MaxGames, c.Games)
	}
	if c.SkillGames < 0 || c.SkillGames > MaxGames {
		bad("$.skill_games", "skill games must be between 0 and %d, got %d", MaxGames, c.SkillGames)
	}
	if c.Workers < 0 {
		bad("", "workers must be 0 (all cores) or more, got %d", c.Workers)
	}
	if c.Elite < 0 || c.Elite >= c.Population {
		bad("$.elite", "elite must be between 0 and population-1 (%d), got %d", c.Population-1, c.Elite)
	}
	if c.Tournament < 1 || c.Tournament > c.Population {
		bad("$.tournament", "tournament size must be between 1 and the population (%d), got %d", c.Population, c.Tournament)
	}
	for _, r := range []struct {
		name string
		v    float64
	}{{"add_effect", c.Rates.AddEffect}, {"remove_effect", c.Rates.RemoveEffect}, {"mutate_effect", c.Rates.MutateEffect}, {"structure", c.Rates.Structure}, {"crossover", c.Rates.Crossover}} {
		if !(r.v >= 0 && r.v <= 1) {
			bad("$.rates."+r.name, "rate %s must be in [0, 1], got %v", r.name, r.v)
		}
	}
	sum := 0.0
	for i, w := range c.Weights.values() {
		if !(w >= 0) || w > 1e6 {
			bad("$.weights."+metricNames[i], "fitness weights must be non-negative and finite, got %v", w)
		}
		sum += w
	}
	if sum <= 0 {
		bad("$.weights", "at least one fitness weight must be positive")
	}
	if c.TargetLength < 1 || c.TargetLength > maxTargetLength {
		bad("$.target_length", "target length must be between 1 and %d decisions per seat, got %d", maxTargetLength, c.TargetLength)
	}
	if !(c.CapBudget > 0 && c.CapBudget <= 1) {
		bad("$.cap_budget", "cap budget must be in (0, 1], got %v", c.CapBudget)
	}
	if !(c.Sharing >= 0 && c.Sharing <= 1) {
		bad("$.sharing", "sharing radius must be in [0, 1], got %v", c.Sharing)
	}
	if c.AblationGames < 100 || c.AblationGames > MaxGames {
		bad("$.ablation_games", "ablation games must be between 100 and %d paired games per seat count, got %d", MaxGames, c.AblationGames)
	}
	if !(c.HallSpacing >= 0 && c.HallSpacing <= 1) {
		bad("$.hall_spacing", "hall spacing must be in [0, 1], got %v", c.HallSpacing)
	}
	if c.Rescore < 0 || c.Rescore > maxRescore {
		bad("$.rescore", "rescore must be between 0 and %d, got %d", maxRescore, c.Rescore)
	}
	if c.Retries < 1 || c.Retries > 100 {
		bad("$.retries", "retries must be between 1 and 100, got %d", c.Retries)
	}
	switch c.Skill {
	case SkillGreedy:
		if c.Ladder != "" {
			bad("$.ladder", "a ladder is used only with \"skill\": \"ladder\"; the skill is greedy against random")
		}
		if c.LadderGames != 0 {
			bad("$.ladder_games", "ladder games are used only with \"skill\": \"ladder\"; the skill is greedy against random")
		}
	case SkillLadder:
		if c.Ladder == "" {
			bad("$.ladder", "the ladder skill needs a ladder: policy specs, weakest first, as \"random,greedy,ismcts:20\"")
		} else if _, err := players.ParseLadder(c.Ladder); err != nil {
			bad("$.ladder", "%v", err)
		}
		if c.LadderGames < 1 || c.LadderGames > MaxGames {
			bad("$.ladder_games", "ladder games must be between 1 and %d games per rung and seat, got %d", MaxGames, c.LadderGames)
		}
	default:
		bad("$.skill", "skill must be %q (the default: greedy against random) or %q (the slope of a skill ladder), got %q", skillGreedyName, SkillLadder, c.Skill)
	}
	if c.Search != SearchGenetic && c.Search != SearchMapElites {
		bad("$.search", "search must be %q (the default: the genetic loop) or %q (a MAP-Elites archive), got %q", searchGeneticName, SearchMapElites, c.Search)
	}
	c.islandProblems(bad)
	// Each bound above keeps its own arithmetic within an int; together
	// they could still make a run whose game count overflows (and that
	// would never end): bound the whole run too, when the counts it
	// multiplies are each in range (so that the product cannot overflow).
	if !slices.ContainsFunc(ps, func(p ConfigProblem) bool { return slices.Contains(runCounts, p.Path) }) {
		if n := c.runGames(); n > MaxRunGames && c.Islands > 1 {
			bad("", "a run of %d islands of population %d, %d generations, %d games and %d skill games per evaluation plays more than %d games (islands x population x (generations + 1) x (games + skill games) = %d); make it smaller", c.Islands, c.Population, c.Generations, c.Games, c.SkillGames, uint64(MaxRunGames), n)
		} else if n > MaxRunGames && c.Skill == SkillLadder {
			bad("", "a run of population %d, %d generations, %d games per evaluation and a ladder of %d games per rung and seat plays more than %d games (population x (generations + 1) x (games + ladder games x rungs) = %d); make it smaller", c.Population, c.Generations, c.Games, c.LadderGames, uint64(MaxRunGames), n)
		} else if n > MaxRunGames {
			bad("", "a run of population %d, %d generations and %d games and %d skill games per evaluation plays more than %d games (population x (generations + 1) x (games + skill games) = %d); make it smaller", c.Population, c.Generations, c.Games, c.SkillGames, uint64(MaxRunGames), n)
		}
	}
	return ps
}

// Bounds of a configuration's counts.
const (
	// MaxGames bounds the games per evaluation, the skill games and the
	// ablation games: ten million games of a seed game take minutes on a
	// core, at every seat count, for each of the population.
	MaxGames = 10_000_000
	// MaxRunGames bounds a run's games, as runGames counts them: a run of
	// 10^15 games takes years.
	MaxRunGames = 1_000_000_000_000_000
	// maxTargetLength bounds the target length (decisions per seat).
	maxTargetLength = 1_000_000
	// maxRescore bounds Rescore (the hall of fame holds at most 10 games,
	// so a larger value re-scores the same ones).
	maxRescore = 1000
)

// runCounts are the paths of the counts runGames multiplies.
var runCounts = []string{"$.islands", "$.population", "$.generations", "$.games", "$.skill_games", "$.skill", "$.ladder", "$.ladder_games"}

// runGames is islands x population x (generations + 1) x (games + skill
// games): the random and skill games of every evaluation of a run, at one
// seat count (saturating at the largest uint64);
// with the ladder skill, the skill games are the ladder games x its rungs
// (per tested seat). The counts must be within Validate's bounds
// (players.MaxRungs bounds the rungs).
func (c *Config) runGames() uint64 {
	skill := uint64(c.SkillGames)
	if c.Skill == SkillLadder {
		skill = uint64(c.LadderGames) * uint64(strings.Count(c.Ladder, ",")+1)
	}
	n := uint64(c.Population) * uint64(c.Generations+1) * (uint64(c.Games) + skill)
	if k := uint64(c.islandCount()); n <= math.MaxUint64/k {
		return n * k
	}
	return math.MaxUint64
}

// islandProblems reports the problems of the island fields.
func (c *Config) islandProblems(bad func(path, format string, args ...any)) {
	if c.Islands < 0 || c.Islands > MaxIslands {
		bad("$.islands", "islands must be between 1 and %d, got %d", MaxIslands, c.Islands)
		return
	}
	if c.Islands <= 1 {
		if c.MigrateEvery != 0 {
			bad("$.migrate_every", "migrate_every is used only with islands (more than 1); a run of one population migrates nothing")
		}
		if c.Migrants != 0 {
			bad("$.migrants", "migrants are used only with islands (more than 1); a run of one population migrates nothing")
		}
		if c.Topology != TopologyRing {
			bad("$.topology", "a topology is used only with islands (more than 1); a run of one population migrates nothing")
		}
		return
	}
	if c.Topology != TopologyRing && c.Topology != TopologyRandom {
		bad("$.topology", "topology must be %q (the default) or %q, got %q", topologyRingName, TopologyRandom, c.Topology)
	}
	if c.Search != SearchGenetic {
		bad("$.islands", "islands evolve by the genetic loop only; search %q keeps one archive", c.Search)
	}
	if c.MigrateEvery < 1 || c.MigrateEvery > 1000000 {
		bad("$.migrate_every", "migrate_every must be between 1 and 1000000 generations, got %d", c.MigrateEvery)
	}
	if c.Migrants < 0 || c.Migrants > c.Population-c.Elite {
		bad("$.migrants", "migrants must be between 0 and population - elite (%d): they replace the receiving island's worst members, never its elite; got %d", max(c.Population-c.Elite, 0), c.Migrants)
	}
}
