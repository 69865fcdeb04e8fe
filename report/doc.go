// Package report writes the HTML report of an evolution run or of one
// game: a single self-contained page (no network: no external scripts,
// styles or fonts) whose plots are SVG drawn by gonum.org/v1/plot and
// inlined in the page.
//
// # Model
//
// A report is a function of files. A run's report (LoadRun, WriteRun)
// reads its run directory and plays no game: evolve writes every figure the
// page needs when the run ends, so the page of a run directory is the same
// bytes every time it is made. It reads config.json (the run's
// configuration), generations.csv (best, mean and median fitness and
// diversity per generation; a MAP-Elites run's coverage and QD-score),
// rescore.csv (the final re-score on fresh seeds, with 95% intervals),
// operators.csv (each operator's use and first-try validity), lineage.csv
// (each bred child's operators and its fitness against its parent's, from
// which each operator's fitness impact is estimated), hall_of_fame.json
// (the hall's genomes and metric breakdowns), best.json (the winner),
// starting_games.jsonl (the games the run started from), game_stats.jsonl
// (evolve.GameStats of the winner and each starting game: per seat count and
// policy, the seats' wins, the length histograms, the effect firings, each
// effect's measured impact, and, for a run whose skill metric is a ladder,
// its skill ladder) and, for a MAP-Elites run, archive.json. Every file is
// read strictly; a missing or damaged file is an error that names the file,
// the line or JSON path, and why, and no page is written. A run directory
// from before starting_games.jsonl and game_stats.jsonl existed gets a page
// without the sections they feed, which says so.
//
// The plots' coordinates come from gonum's floating-point arithmetic,
// written to five significant digits. This package rounds its own
// products explicitly (make fma-check), but gonum's may be fused on
// processors other than amd64, so a page made on another architecture could
// differ in the last digit of a coordinate.
//
// The report of one game (Simulate, then Game.Write) is the same page
// built from a fresh simulation: the game's score with its confidence
// interval (evolve.Replicate, as darwinsim score gives it) and its
// statistics of play (evolve.MeasureGame, as a run measures its winner),
// seeded, so that the same seed gives the same bytes whatever the workers.
//
// # The page
//
// Sections, in order: the run's summary; fitness per generation (best,
// mean, median) with the re-scored games' 95% intervals at the generation
// each was born; diversity (and a MAP-Elites run's coverage and QD-score);
// the operators' use, first-try validity and fitness impact; the hall of
// fame, each game with its metric breakdown and its rules (genome
// Describe); the winner and each starting game: seat win rates with 95%
// Wilson intervals per policy and seat count, game-length histograms (in
// turns) per policy and seat count, effect firings per game and each
// effect's impact; the skill ladders, when the run climbed them; and a
// MAP-Elites run's archive as a heatmap over two of its descriptors
// (Options.Axes), each cell linked to the rules of its best elite.
//
// Every plot is a <figure class="plot"> with a fixed id ("plot-fitness",
// "plot-game-1-wins", ...) holding one inline <svg>, so that a test, or a
// reader, can find it; the page has no script. Text in the plots uses one
// font (plot.DefaultFont, Liberation Serif), embedded once in the page's
// style sheet as a data URL, so that the page draws alike on every
// machine. Plots are drawn in a fixed order from data in a fixed order: the
// same files give the same page, byte for byte.
package report
