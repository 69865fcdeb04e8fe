// Package evolve is darwinsim's genetic loop: it breeds card games from the
// seed library and scores them by the statistics of simulated play.
//
// # The loop
//
// Generation 0 is every seed game plus mutants of them (one to three
// operators each) until the population is full of distinct genomes. Each
// generation, every genome of the population and of the hall of fame is
// evaluated on the generation's deals (one seed for all: common random
// numbers, so that genomes of a generation are compared on equal deals),
// and a genome's score is the running mean of its evaluations over the
// generations it was in (Score.Evals counts them): an elite, a hall member
// or a child that repeats an earlier genome is judged again every
// generation, and no lucky first score stays unexamined. Then the next
// generation keeps the Elite best
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
// rng.Derive(rng.Derive(seed^breed, g), i); generation g's evaluations
// from rng.Derive(seed^eval, g): the same Config gives the same run on any
// number of workers.
//
// # Operators
//
// Effect operators (after the reference design, with the semantics of the
// architecture document): add a random effect (any rank of the deck, any
// type that can act in the game, immediate or lasting: a lock or ban needs
// a phase that plays cards, and a suit lock or ban a trigger with a card,
// draw_limit something that draws, bonus scored tricks or sets; any
// target, an opponent of the player's choice only where hands are fans
// (a pile hand's battle has no player to choose); value 1..3; for
// draw_cards and force_discard, the types that can wait, a later
// resolution point (the turn's end or the target's next turn) one time in
// five; for a lasting type any duration the game allows, 1
// to 3 turns, the end of the trick only with tricks, any scope, a team
// only with partnerships, key 0 three times in four, the stacking mode
// its type and key already have, else any, persisting one time in four,
// and for suppress any other type to switch off; a trigger that can fire
// in the game: the play of its card three times in four where cards are
// played, else any
// other event that can happen there, so that games that play no card, Go
// Fish and Old Maid, carry effects too; for a played draw or forced
// discard, the types that can fizzle, that resolves now, a gate one time
// in four; for a
// trigger that names a card, one suit one time in five; a condition one
// time in five, of any subject its type may test, any comparison, a small
// value), remove one, mutate one used field (rank, type, target, value by
// ±1 reflected at 1 and 13, the gate on or off (of an effect that resolves
// now), the suit, the trigger, the condition, the lasting, the resolution
// point) always to a different value; a resolution point other than now
// drops the gate, a new type that cannot wait resolves now, a new type that
// cannot fizzle drops the gate, one without a target (or with a scope of
// everyone) a condition on the target's hand, a new lasting type from an
// immediate one gets a random lasting, an immediate type drops it, and a
// new trigger what it cannot hold (a rank event the suit, any but played
// the gate). A trigger moves only to another that can fire in the game,
// and a type changes only to one that leaves every effect able to fire
// and act: one that another effect's trigger needs (the last
// force_discard, for effects of forced discards) or that a draw_limit
// needs (the last draw_cards, where nothing else draws) is kept. A
// lasting changes one field: the duration (to another the game allows),
// the turns by ±1 reflected at 1 and 8, the scope (to everyone it drops
// the target, from everyone it draws one), the key (taking the mode its
// new group has), the stacking mode (of the whole group of its type and
// key: every effect of a type and key stacks alike), persistence, or the
// type suppress switches off. The
// condition is added, removed, or one of its fields changed: the subject
// (a count keeps its comparison and, within bounds, its value), the
// comparison, the value by ±1 reflected at 0 and the deck's size (seats: 1
// and the most seats), or the active suit's suit. Removing an effect, or
// any operator or crossover that takes away what a trigger waits for (a
// phase, the sets, draw_max, reshuffling of a deck all dealt, a rank, the
// other parent's events) or what a lasting type acts on (the phases that
// play cards, the draws, the scoring, the trick phase a duration waits
// for), takes along the effects and continuous rules that could no longer
// fire or act; a child keeps a team scope only with partnerships (else its
// target's seats) and an opponent of the player's choice only with fan
// hands (else a random opponent), and gives each group of one type and key
// the stacking mode of its first effect (its rules too, or, without
// effects, of its first rule). Effect crossover: for each rank the second
// parent has
// effects on, with probability 1/2 its list for that rank replaces the first
// parent's (or joins it when the first has none); then the same for the
// response abilities, rank by rank, who may answer and lose_turn coming from
// the first parent while the child keeps any of its abilities, else from the
// second; then each continuous rule of the second parent, with probability
// 1/2, takes the place of the first's at its index (or joins the list), so
// the child has at most as many as its larger parent. Whole-genome
// crossover takes each part (setup, turn structure, effects, end, turn cap)
// from either parent, with its options: the starter's rules and the
// reshuffle timing with the setup, the draw and pass rules with the turn,
// whether a last card fires, the response abilities (with who and
// lose_turn) and the continuous rules with the effects, the blocked end
// with the end, the deck's jokers and packs with the setup (a child with
// a tableau has neither, and a deal that fits one pack). A
// child of either crossover drops the abilities it cannot hold: all of them
// without a play phase, one whose rank its deck lacks; a child of the
// crossover drops the demands of ranks its deck lacks, moves a claim's
// start its deck lacks to the deck's next rank, without a capture
// phase drops the layout and the sweep, and fits the deadwood scores, the
// deal and the end to its meld phase or its lack of one (fitMeld).
// Structural operators:
// deal size (by one, within what the deck can deal at every seat count),
// turn cap, draw_max, the legality predicate (add a disjunct or
// conjunct, drop an argument, replace or negate a comparison), suit-naming
// ranks, battle parameters (a battle's face-down cards and returns, a
// turn_up phase's demands, added, removed or changed by one, and returns),
// phase insert (a draw phase, a copy of a phase, in a game of pile hands a
// turn_up phase, in a game of fan hands a climb or a capture phase),
// remove (the last capture phase takes the layout, the sweep and, with no
// trick left, the score's card rules along) and swap, a
// climb's max (by one within 1..4) or a play phase turned into a climb in
// a game of fan hands with none, capture by sum (a capture phase's
// equal_first switched, the layout by one within what the deck deals
// beyond the hands at every seat count, up to 12, the sweep's points by
// one within 0..13 in a game without chips; or, in a game of fan hands
// with none, a play phase turned into a capture phase, with a layout of
// up to four cards half the time), claims (a claim phase's claims rule,
// its max by one within 1..4 or, with claims next, its start moved to
// another rank of the deck; or, in a game of fan hands with none, a play
// phase turned into a claim phase), melds (a meld phase's sets or runs a
// step along 0, 2..5, its lay rule switched, its knock by 1 or 2 within
// 0..30, score.deadwood switched, the gin or undercut bonus by 1 to 5
// within 0..50; or, in a game of fan hands with none, a play phase turned
// into a meld phase of sets and runs of 3 laid in the turn), end result and
// until, reshuffle, starter, default seats, deck ranks (dropping only a
// rank the deal, the starter, the lead card, the score's card rules and
// the last demand of a turn_up phase can spare; a claim that started with
// it starts with the deck's next rank), the deck's jokers (one
// added, up to two, in a game without a tableau, or one removed that the
// deal, the score's card rules and the predicates can spare; the last
// takes along the effects, suit-naming ranks and starter ranks of the
// joker's rank, which effects, name_suit and starter_not may pick while the
// deck has jokers, and demands, abilities and rules never), the deck's
// packs (a second pack of the same cards added in a game without a
// tableau, or taken away, the deal and the pass shrunk to what one pack
// deals at every seat count; a game of two packs gets no tableau), a
// scoring weight the game
// can score, the size of sets (in games of fan hands), and the optional
// rules of play: a play phase's draw rule (when stuck or by choice), pass
// rule and play_drawn; the starter's rules (a rank of the deck added to the
// ranks it may not be, while the stock keeps one it may be after the deal,
// or removed from them, its effects firing or not);
// reshuffling at once or at the next draw; the blocked end (±1 within
// 0..cardrules.MaxBlocked); whether a last card fires its effects (in a
// game with effects of played cards). The response abilities (structural
// operators too), in a game with a play phase: add one (answering an effect
// type the game has an effect of a played card of, since only those open a
// response window, any targeted type when it has none, on a rank of the
// deck that does not answer that type yet, half the time one whose cards
// fire it when played; any ability; a stack
// adds the value of the rank's own effect of that type, else 1..3; ignoring
// the legal rule one time in four), remove one, mutate one field of one
// (rank, ability, type answered, a stack's value by ±1 reflected at 1 and
// 13, ignore_legal) always to a different value, and the response rules (who
// may answer, lose_turn). Turning an option off takes the options that need
// it along (reshuffle its timing, the starter its rules, drawing by choice
// play_drawn, the last ability who and lose_turn, a rank leaving the deck
// its abilities, the last play phase every ability); drawing by choice
// raises a draw_max of 0 to 1, and draw_max stays at least 1 while it holds.
// The continuous rules (structural operators too), while the game has fewer
// than four: add one (any lasting type that can act in the game, as an
// effect's; any holder: everyone, the most cards, the fewest; a condition
// one time in five, of any subject but the target's hand; for draw_limit
// and bonus a value 1..3, scaled one time in four by a count, one more for
// every 2 to 13; a rank of the deck, a suit, a type to switch off where
// the type names one; key 0 three times in four; the mode its type and key
// already have, else any), remove one, mutate one field of one (type,
// holder, condition, value by ±1 reflected at 1 and 13, the scale added,
// removed, moved to another count or its step by ±1 reflected at 1 and 52,
// rank, suit, key taking its new group's mode, the stacking mode of the
// whole group of effects and rules, the type suppress switches off) always
// to a different value. No operator sets a take phase's from, which never
// names an opponent of the player's choice.
// An operator retries up to Retries times until its result validates and
// compiles; a failure is counted (OpStats) and the parent is kept, never
// passed off as a mutation.
//
// # Fitness
//
// Evaluate plays the genome at every seat count its rules allow, and judges
// it by the worst: a game that says "2 to 5 players" must work at 5. At each
// seat count it plays Games games with every seat random (in four chunks;
// once capped and aborted games pass CapBudget of them (1% in the
// presets: a game that does not end is not a game) the genome is
// degenerate), Games/2 with every seat greedy, and SkillGames with a greedy
// seat 0 against random seats. Seat count n plays from rng.Derive(seed, n),
// so genomes scored with one seed play the same deals. Each metric is in
// [0, 1]:
//
//	completion   = decided games / games, the lower of random and greedy play
//	               (decided: neither capped nor aborted)
//	balance      = 1 - k * max over the k sides (seats, or teams with
//	               partnerships) of (|wins/decided - 1/k| - h), floored at 0,
//	               the lower of random and greedy play; h = 1.96 *
//	               sqrt((1/k)(1-1/k)/decided) is the noise a fair game shows
//	decisions    = 1 - exp(-informed decisions per seat per game / 4)
//	lead_changes = 1 - exp(-lead changes per game / 3)
//	interaction  = 1 - exp(-4 * interactions / decisions)
//	               (an interaction: a card of another seat moves, or effects
//	               change who moves next; see the vm package doc)
//	length       = exp(-ln(decisions per seat per game / TargetLength)^2 / (2 * 0.5^2))
//	skill        = (greedy seat-0 win rate - random seat-0 win rate) / (1 - random seat-0 win rate), clamped;
//	               with the ladder skill, slope x (rungs - 1) / (1 - r0), clamped (below)
//	simplicity   = 1 - (program bytes - 40) / 400, clamped
//	effects      = 1 - exp(-3 * impact) when the impact is significant, else 0:
//	               the random games are also played without any effect on
//	               the same deals, and impact is the largest standardised
//	               paired difference (|mean| / sd of the per-game
//	               differences) in a side's wins, decisions, informed
//	               decisions or lead changes, tested at Alpha (Bonferroni)
//
// The skill metric asks whether playing better wins. By default (Skill
// "greedy") it compares a greedy seat 0 against random seats with random
// play. With Skill "ladder" it climbs a skill ladder instead
// (players.Ladder), in place of the SkillGames games: each policy of
// Ladder, weakest first (say random, greedy, ismcts:20), plays one seat
// against the first policy at every other seat, the seat rotated over all
// seats, LadderGames games per rung and seat, every rung on the same deals
// (from rng.Derive(seed, 2) at each seat count). The least-squares slope
// of the rungs' win rates over their indexes 0..rungs-1, times rungs - 1,
// is the rise the ladder fits from its first rung to its last; the metric
// is that rise as a share of the room the first rung leaves, 1 - r0 with
// r0 the first rung's win rate. A lottery, where no policy wins more than
// another, scores 0; a game where each rung wins clearly more than the one
// below scores high; a ladder that falls is clamped to 0. With two rungs,
// random and greedy, it is the default's formula with the seats rotated.
//
// Rates are per decision or per seat, never per turn, because what a turn
// holds depends on the game (a trick turn is a decision of every seat).
// An informed decision is one with at least two options that the decider
// can tell apart: forced moves and blind picks among an opponent's
// face-down cards are not, so a game of blind picks (Old Maid) offers no
// choice at all. 4 informed decisions per seat and game score 0.63, 8
// score 0.86. The length target is in decisions per seat and game
// (TargetLength, 15 in the presets: about a hand of Crazy Eights or a deal
// of thirteen tricks).
//
// Effects are judged by what they change, never by how often they fire: a
// reverse at two seats, or a draw from a stock that is always empty, plays
// exactly like the game without it and scores nothing. Ablate measures each
// effect alone (AblationGames paired games per seat count); an effect whose
// removal changes no measure at any seat count is dead, and Prune removes
// dead effects one at a time. A game without an effect also loses the
// response abilities that only it gave something to answer (a response
// answers played effects of a type, and with none of that type left it can
// never be used), and the effects that only it made possible (the effects of
// forced discards go with the last force_discard, a draw_limit with the
// last draw_cards where nothing else draws, and Prune then counts them as
// removed too; a continuous rule stays, unless the effect was what it acts
// on, a draw_limit rule's only draw), so an effect is measured with the
// answers and effects it brings. An effect that only reshuffles chances
// evenly among the seats (a skip in a symmetric game) is measured as dead:
// the measures are the game's, not one player's.
//
// Fitness is the weighted mean of the metrics (Weights). Hard filters score
// 0 and name the reason, the seat count and the play: no game ends,
// players never make an informed choice, one side wins more than 95% of
// decided games, or too many capped games, under random or greedy play at
// any seat count.
//
// Selection uses shared fitness: fitness divided by the niche count, the
// sum over the population of 1 - d/Sharing for genome distances d below
// Sharing, so that near-copies of one game share their credit and the
// population does not collapse onto it.
//
// # MAP-Elites
//
// With Search "map-elites" the run keeps, instead of one population, an
// archive of distinct good games (MAP-Elites, Mouret and Clune 2015): a
// grid over behaviour descriptors, each cell holding the best genome found
// whose behaviour lies in it, its elite. The descriptors come from the
// genome and from the evaluation that scores it (Describe), at the seat
// count the score is that of:
//
//	family              the turn structure: the kind of the turn's first
//	                    phase that is not a draw (play, trick, ask, take,
//	                    battle, which turn_up joins; tableau, climb,
//	                    claim and meld join play, capture trick); 5 bins,
//	                    one per family
//	decisions_per_seat  decisions per seat and game under random play;
//	                    bins <4, 4-8, 8-16, 16-32, >=32 (doubling, around
//	                    the length target of 15)
//	skill               the skill metric; bins <0.05, 0.05-0.15,
//	                    0.15-0.4, >=0.4
//	interaction         the interaction metric; bins <0.25, 0.25-0.5,
//	                    0.5-0.75, >=0.75
//	effects             the effects metric, their measured impact; bins
//	                    <0.05 (none that matters), 0.05-0.5, >=0.5
//
// 1,200 cells. Why these: designers ask for short and long games, games of
// luck and of skill, quiet and interactive ones, and of different kinds;
// the family keeps the turn structures apart so that a Crazy Eights
// variant never displaces the last game of tricks, which a single
// objective does (in measured default runs every game of the genetic
// loop's hall of fame was a Crazy Eights variant). The length is in
// decisions per seat, as the length metric's (a trick turn is a decision
// of every seat), with bins that double; skill and interaction are the
// fitness metrics themselves (interaction a monotone function of
// interactions per decision), binned where the seed games differ: Crazy
// Eights' skill is under 0.1 and OpenSpiel's Crazy Eights' near 0.8,
// Crazy Eights' interaction 0 and Old Maid's near 1; and a game whose
// effects change nothing measurable is another game than one they
// reshape (Crazy Eights' effects score 0, Uno-style's 0.72). Most cells
// stay empty (a game of no informed decision is degenerate whatever its
// other bins), so a default run's 5,100 evaluations fill a useful share.
//
// Generation 0 is the genetic loop's (the seed games and their mutants),
// each offered to the archive. Each later generation breeds a batch of
// Population children: each parent drawn uniformly from the elites (in
// cell order), with the genetic loop's crossover, operators and rates,
// distinct within the batch (individual i of generation g draws from
// rng.Derive(rng.Derive(seed^breed, g), i), as there), and distinct from
// every elite: a child that repeats one (its parent, when no operator
// fired, a third of the time at the default rates) is varied again, as a
// duplicate is in the genetic loop, so that every child explores. The batch is
// evaluated on the generation's deals and offered in its order: a child
// becomes its cell's elite when the cell is empty or the child's fitness
// is higher than the elite's (an equal one keeps its place). Before a
// child is compared with an elite, the elite is evaluated again on the
// same deals (once a generation) and its score becomes the running mean of
// its evaluations, as in the genetic loop, so that a lucky score does not
// hold a cell and the two are compared on equal deals; a re-evaluated
// elite whose descriptors have left its cell moves to the cell they are
// in, where it is offered like a child. A genome is the elite of one cell
// at most. Degenerate games (fitness 0) enter empty cells, as stepping
// stones, and give way to any scored game. GenStats then describes the
// archive: its best, mean and median elite fitness, Coverage (filled
// cells) and QDScore (the sum of the elites' fitness); Diversity is the
// batch's. The archive is part of the checkpoint; a run resumes exactly.
//
// When the run ends, every elite loses its dead effects (Prune, as the
// hall of fame does in the genetic loop); an elite that lost some is a new
// genome, scored afresh and offered to the cell its score puts it in, after
// the elites that lost none have taken their cells. The hall of fame is
// then made from the archive (best first, spaced). The command re-scores
// every elite and every seed game (Rescore) and surveys the archive
// (SurveyGames): a game is good when it is not a seed game, is degenerate
// in none of its ten replicates (so, at every seat count and under random
// and greedy play, at most CapBudget of its games reach the cap), and its
// re-scored mean is at or above the best re-scored mean of the seed games
// of its family; the distinct good games are the good ones taken best
// first and kept at least HallSpacing apart in genome distance. Games of
// the battle family play no informed decision (a pile hand's battle or
// turn_up phase chooses nothing) and are degenerate; the family is on the grid so that
// a mutation that gives one a choice is kept.
//
// # Islands
//
// With Islands N > 1 the run evolves N populations (islands) of Population
// members each, by the genetic loop, in one process, on the run's workers.
// Island i is the run of seed IslandSeed(seed, i): its generation 0, its
// breeding, its deals and its ablations derive from that seed as a plain
// run's from the run seed, and it keeps its own scores, hall of fame and
// counts. The islands evolve independently for an epoch of MigrateEvery
// generations: up to generation MigrateEvery, then each next multiple of
// it. At the end of every epoch but the last, each island sends copies of
// its best Migrants (best first by fitness, equal fitness by hash, as
// everywhere) along a ring, island i to island (i+1) mod N (with Topology
// "random", along a ring in an order drawn afresh at every migration from
// the run seed and the generation: migrationSources), where they
// take the places of its Migrants worst members (Migrants is at most
// Population - Elite, so never of its elite); a migrant whose genome the
// receiver holds already is not sent, and the receiver's best of its worst
// keeps the place. Every island sends what it held before any received;
// the receiver then breeds its next generation from the new population,
// migrants with the score their island gave them, and scores them afresh
// on its own deals. The islands meet only at these synchronous
// migrations, so the result depends on the configuration alone, never on
// the worker count or on how many islands run at once.
//
// The run's hall of fame is made from every island's (each pruned of dead
// effects on its island's seeds), best first with its spacing, a genome
// once. Its history has a line per generation over all the islands: best,
// mean and median fitness over every member, the best's hash, the
// islands' mean diversity, their counts summed; Result.Islands holds each
// island's own lines. Its population is every island's last, best first;
// its operator counts, games and lineage (island after island) are the
// islands' together. A run directory of islands also holds islands.csv,
// each island's lines (generations.csv's columns after the island's index).
// Islands 1 (or 0, the field left out) is a plain run, with a plain run's
// files and identity. The genetic loop only (not MAP-Elites) runs on
// islands.
//
// Each island is checkpointed on its own after each of its generations:
// a checkpoint of the run's configuration with the island's index and the
// fitness of every member of each of its generations (Checkpoint.Island,
// Fits), in the island's directory (IslandDir). ResumeIslands continues
// the islands from their checkpoints, which a run in one process leaves
// within one epoch. The islands can also run as processes of their own,
// on one machine or many (RunIsland, exchange.go): they exchange
// emigrants through files in the run's directory, wait for each other at
// every migration, and each continues from its own checkpoint when
// started again; MergeIslands then makes the result of the run in one
// process, byte for byte.
//
// # Results
//
// Run returns the last population, per-generation statistics, the hall of
// fame and operator counts. The hall of fame is the best games ever scored,
// at most 10, no two closer than HallSpacing in genome distance: of two
// near-copies (a game and itself with one more effect), it keeps the
// better. When the run ends, no game of the hall keeps a dead effect: each
// member is pruned (Prune, AblationGames paired games per seat count) and
// a pruned game is scored afresh. Rescore re-scores genomes in 10
// replicates of Games games on fresh seeds and gives a 95% t-interval of
// the mean fitness; Best is the hall member with the best re-scored mean,
// the run's winner (best.json). WriteRun writes a run directory. Its
// config.json, read by ParseConfig, gives back the run's Config (so the
// same run can be made again), and its hall_of_fame.json, read by
// ParseGenomeList, the hall's genomes (so a run can start from another's
// best games). A MAP-Elites run's directory also holds archive.json (an
// ArchiveEntry per elite, in cell order, which ParseGenomeList reads too)
// and archive.csv, and its generations.csv the coverage and QD-score.
// For the run's report (package report), which plays no game, WriteRun
// also measures the winner and each of the run's starting games
// (MeasureGame: at every seat count, Games games under random and under
// greedy play, each effect's impact, and the skill ladder when the skill
// metric is the ladder, on seeds from the run's seed and the game's hash)
// into game_stats.jsonl (GameStatsFile, a GameStats per line, read by
// ParseGameStats); the starting games are in starting_games.jsonl
// (StartsFile, one genome per line, read by ParseStarts), which the run's
// first checkpoint writes, so that a resumed run measures the same games.
// Both are JSON Lines, not *.json files, so that a run directory given to
// evolve --from gives the games it always gave.
//
// # Run directories and checkpoints
//
// A run with a directory (CreateRunDir) writes provenance.json and
// config.json before its first generation, so that the directory always
// names its run, and a checkpoint after every generation; the directory is
// locked (LockFile, naming the host and process) while a run writes to it.
// Resume continues a run from its checkpoint exactly; OpenRunDir finds the
// checkpoint of a directory and refuses one that is damaged (every
// checkpoint carries a SHA-256 checksum over the whole file), of another
// format version (checkpoints are not migrated), or of another run (every
// checkpoint carries its run's identity, RunID, the SHA-256 of the run's
// config.json). A run that stopped before its first checkpoint has nothing
// to resume: its leftovers are cleared when it is started again in the same
// directory. provenance.json and timings.json keep every command of a run,
// the one that started it and each resume.
//
// # Configuration files
//
// ParseConfig applies a JSON file of any of Config's fields over a base
// Config (a preset, say): a field the file leaves out keeps the base's
// value, and each rate and weight that a "rates" or "weights" object leaves
// out keeps its own. It reads strictly, reports every problem at its JSON
// path, and validates the result; Workers is no part of a file.
package evolve
