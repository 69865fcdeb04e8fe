// Package evolve is darwinsim's genetic loop: it breeds card games from the
// seed library and scores them by the statistics of simulated play.
//
// # The loop
//
// Generation 0 is every seed game plus mutants of them (one to three
// operators each) until the population is full of distinct genomes. Each
// generation, every genome is scored (scores are cached by canonical hash
// for the whole run), then the next generation keeps the Elite best
// unchanged and fills the rest with offspring: a parent chosen by
// tournament on shared fitness; with probability Rates.Crossover a second
// parent and a crossover (whole-genome or effect crossover, equally
// likely); then add, remove and mutate effect with their rates, and one
// structural operator with rate Rates.Structure. A child that duplicates a
// genome already in the next generation is mutated again, Retries times at
// most, and dropped if it still does. Breeding stops after 100 attempts per
// member of the population; the rest of the generation is then filled from
// the previous one, its best members not yet present first, and
// GenStats.Filled counts them. Every draw of individual i of generation g comes from
// rng.Derive(rng.Derive(seed^breed, g), i); every evaluation seed from
// (seed, genome hash): the same Config gives the same run on any number of
// workers.
//
// # Operators
//
// Effect operators (after the reference design, with the semantics of the
// architecture document): add a random effect (any rank of the deck, any
// type, any target, value 1..3), remove one, mutate one used field (rank,
// type, target, or value by ±1 reflected at 1 and 13) always to a different
// value. Effect crossover: for each rank the second parent has effects on,
// with probability 1/2 its list for that rank replaces the first parent's
// (or joins it when the first has none). Whole-genome crossover takes each
// part (setup, turn structure, effects, end, turn cap) from either parent.
// Structural operators: deal size, turn cap, draw_max, the legality
// predicate (add a disjunct or conjunct, drop an argument, replace or negate
// a comparison), suit-naming ranks, battle parameters, phase insert, remove
// and swap, end result and until, reshuffle, starter, default seats, deck
// ranks. An operator retries up to Retries times until its result validates
// and compiles; a failure is counted (OpStats) and the parent is kept, never
// passed off as a mutation.
//
// # Fitness
//
// Evaluate plays Games random-policy games (in four chunks; once the capped
// and aborted games exceed CapBudget of Games the genome is degenerate) and
// SkillGames games with a greedy seat 0 against random seats. Each metric is
// in [0, 1]:
//
//	completion   = decided games / games (decided: neither capped nor aborted)
//	balance      = 1 - seats * max over seats |wins/decided - 1/seats|, floored at 0
//	decisions    = (decisions - forced decisions) / turns, capped at 1
//	lead_changes = 1 - exp(-lead changes per game / 3)
//	interaction  = 1 - exp(-4 * interactions / turns)
//	length       = exp(-ln(mean turns / TargetTurns)^2 / (2 * 0.5^2))
//	skill        = (greedy seat-0 win rate - random seat-0 win rate) / (1 - random seat-0 win rate), clamped
//	simplicity   = 1 - (program bytes - 40) / 400, clamped
//	effects      = 1 - exp(-4 * effect firings / turns)
//
// Fitness is the weighted mean of the metrics (Weights). Hard filters score
// 0 and name the reason: no game ends, players never have a choice, one
// seat wins more than 95% of decided games, or too many capped games.
//
// Selection uses shared fitness: fitness divided by the niche count, the
// sum over the population of 1 - d/Sharing for genome distances d below
// Sharing, so that near-copies of one game share their credit and the
// population does not collapse onto it.
//
// # Results
//
// Run returns the last population, per-generation statistics, the hall of
// fame and operator counts. The hall of fame is the best games ever scored,
// at most 10, no two closer than HallSpacing in genome distance: of two
// near-copies (a game and itself with one more effect), it keeps the
// better. Rescore re-scores genomes in 10 replicates of Games games on
// fresh seeds and gives a 95% t-interval of the mean fitness. WriteRun
// writes a run directory.
package evolve
