package main

import (
	"encoding/json"

	"github.com/darwinsim/darwinsim/evolve"
)

// evolveReport is evolve's --json document: the run's configuration in
// brief, every generation's figures, the final re-score and the best game.
type evolveReport struct {
	Format int `json:"format"`
	evolve.Versions
	Seed        uint64 `json:"seed"`
	Search      string `json:"search"`
	Population  int    `json:"population"`
	Generations int    `json:"generations"`
	// Games is the random-policy games of an evaluation, and TotalGames
	// every game the run played before the re-score.
	Games      int               `json:"games"`
	TotalGames uint64            `json:"total_games"`
	History    []evolve.GenStats `json:"history"`
	// Islands is a run of islands' history island by island (History is
	// then the lines of all islands together).
	Islands  [][]evolve.GenStats `json:"islands,omitempty"`
	Rescored []rescoredGame      `json:"rescored"`
	Archive  *archiveReport      `json:"archive,omitempty"`
	Best     bestGame            `json:"best"`
	// RunDir and Files are the run directory and the files written in it,
	// with --out.
	RunDir string   `json:"run_dir,omitempty"`
	Files  []string `json:"files,omitempty"`
}

// rescoredGame is a game re-scored on fresh seeds: an evolved game, or a
// seed game (named "seed:NAME").
type rescoredGame struct {
	Name        string     `json:"name"`
	Seed        bool       `json:"seed_game"`
	Fitness     float64    `json:"fitness"`
	FitnessCI95 [2]float64 `json:"fitness_ci95"`
	Degenerate  string     `json:"degenerate,omitempty"`
}

// archiveReport is a MAP-Elites run's archive after the re-score.
type archiveReport struct {
	Cells     int           `json:"cells"`
	GridCells int           `json:"grid_cells"`
	QDScore   float64       `json:"qd_score"`
	Distinct  int           `json:"distinct"`
	Families  []string      `json:"families"`
	Good      []archiveGame `json:"distinct_games"`
}

// archiveGame is one of the archive's distinct good games.
type archiveGame struct {
	Name        string     `json:"name"`
	Family      string     `json:"family"`
	Cell        string     `json:"cell"`
	Fitness     float64    `json:"fitness"`
	FitnessCI95 [2]float64 `json:"fitness_ci95"`
}

// bestGame is the run's best game by the re-score.
type bestGame struct {
	Name       string          `json:"name"`
	Summary    string          `json:"summary"`
	Fitness    float64         `json:"fitness"`
	Degenerate string          `json:"degenerate,omitempty"`
	Metrics    evolve.Metrics  `json:"metrics"`
	Rules      string          `json:"rules"`
	Genome     json.RawMessage `json:"genome"`
}

func evolveJSON(res *evolve.Result, rescored []evolve.Rescored, winner *evolve.Individual, rd *evolve.RunDir) (evolveReport, error) {
	cfg := res.Config
	rep := evolveReport{Format: jsonFormat, Versions: evolve.CurrentVersions(), Seed: cfg.Seed, Search: cfg.Search,
		Population: cfg.Population, Generations: cfg.Generations, Games: cfg.Games, TotalGames: res.Games,
		History: res.History, Islands: res.Islands, Rescored: []rescoredGame{}}
	if rep.Search == "" {
		rep.Search = evolve.SearchNames()[0]
	}
	games, seeds := evolve.SplitRescored(rescored)
	for i, list := range [][]evolve.Rescored{games, seeds} {
		for _, r := range list {
			rep.Rescored = append(rep.Rescored, rescoredGame{Name: r.Name, Seed: i == 1, Fitness: r.Mean, FitnessCI95: [2]float64{r.Lo, r.Hi}, Degenerate: r.Degenerate})
		}
	}
	if cfg.Search == evolve.SearchMapElites {
		sv, rs := evolve.SurveyArchive(res, rescored)
		a := &archiveReport{Cells: len(res.Archive), GridCells: evolve.NumCells, Distinct: sv.Distinct, Families: append([]string{}, sv.Families...), Good: []archiveGame{}}
		for i, ind := range res.Archive {
			a.QDScore += ind.Score.Fitness
			if !sv.Entries[i].Distinct {
				continue
			}
			a.Good = append(a.Good, archiveGame{Name: evolve.Named(ind, cfg.Seed).Name, Family: sv.Entries[i].Family,
				Cell: evolve.CellName(evolve.CellOf(evolve.Describe(ind))), Fitness: rs[i].Mean, FitnessCI95: [2]float64{rs[i].Lo, rs[i].Hi}})
		}
		rep.Archive = a
	}
	best := evolve.Named(winner, cfg.Seed)
	js, err := best.Encode()
	if err != nil {
		return rep, err
	}
	rep.Best = bestGame{Name: best.Name, Summary: best.Summary, Fitness: winner.Score.Fitness, Degenerate: winner.Score.Degenerate,
		Metrics: winner.Score.Metrics, Rules: best.Describe(), Genome: js}
	if rd != nil {
		rep.RunDir = rd.Dir
		rep.Files = append(append([]string{}, evolve.ResultFilesOf(cfg)...), evolve.ConfigFile)
		if cfg.Islands <= 1 {
			rep.Files = append(rep.Files, evolve.CheckpointFile) // a run of islands writes none
		}
	}
	return rep, nil
}
