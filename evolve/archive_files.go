package evolve

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/darwinsim/darwinsim/genome"
)

// ArchiveEntry is one elite of a MAP-Elites run directory's archive.json,
// a JSON list of them in cell order. Its genome has the name and summary
// of Named, so that darwinsim describe, score and play take it
// (FILE#NAME), and --from takes the whole list.
type ArchiveEntry struct {
	Cell        int            `json:"cell"` // CellOf, from 0
	Bins        string         `json:"bins"` // CellName
	Descriptors Descriptors    `json:"descriptors"`
	Name        string         `json:"name"`
	Hash        string         `json:"hash"`
	Origin      string         `json:"origin"`
	Born        int            `json:"born"`
	Score       Score          `json:"score"` // the run's, a running mean over its evaluations
	Rescore     *RescoreEntry  `json:"rescore,omitempty"`
	Good        bool           `json:"good"`     // SurveyGames
	Distinct    bool           `json:"distinct"` // SurveyGames
	Genome      *genome.Genome `json:"genome"`
}

// RescoreEntry is a game's final re-score (Rescored): the mean fitness of
// its replicates, its 95% interval, and the replicates it was degenerate
// in.
type RescoreEntry struct {
	Mean        float64 `json:"mean"`
	Lo          float64 `json:"ci_low"`
	Hi          float64 `json:"ci_high"`
	Degenerates int     `json:"degenerate_replicates"`
	Bar         float64 `json:"family_bar"` // the best seed game of its family (SurveyGames)
}

// SplitRescored splits a run's re-scored games into the evolved ones and
// the seed games (named with SeedPrefix).
func SplitRescored(rescored []Rescored) (games, seeds []Rescored) {
	for _, r := range rescored {
		if strings.HasPrefix(r.Name, SeedPrefix) {
			seeds = append(seeds, r)
		} else {
			games = append(games, r)
		}
	}
	return games, seeds
}

// SurveyArchive surveys the archive of res (SurveyGames, at the run's hall
// spacing) with its re-scored games: one entry per elite, in cell order,
// an elite without a re-score neither good nor distinct.
func SurveyArchive(res *Result, rescored []Rescored) (Survey, []*Rescored) {
	games, seeds := SplitRescored(rescored)
	byHash := map[genome.Hash]*Rescored{}
	for i := range games {
		byHash[games[i].Hash] = &games[i]
	}
	var list []Rescored
	var at []int
	rs := make([]*Rescored, len(res.Archive))
	for i, ind := range res.Archive {
		if r := byHash[ind.Hash]; r != nil {
			rs[i] = r
			list = append(list, *r)
			at = append(at, i)
		}
	}
	sv := SurveyGames(list, seeds, res.Config.HallSpacing)
	entries := make([]SurveyEntry, len(res.Archive))
	for i, ind := range res.Archive {
		entries[i] = SurveyEntry{Family: Family(ind.Genome)}
	}
	for k, i := range at {
		entries[i] = sv.Entries[k]
	}
	sv.Entries = entries
	return sv, rs
}

// archiveFiles returns archive.json and archive.csv of a MAP-Elites run.
func archiveFiles(res *Result, rescored []Rescored) (js, csvData []byte, err error) {
	sv, rs := SurveyArchive(res, rescored)
	var entries []ArchiveEntry
	rows := [][]string{{"cell", "bins", "family", "decisions_per_seat", "skill", "interaction", "effects", "fitness", "evals",
		"rescore_mean", "ci_low", "ci_high", "degenerate_replicates", "family_bar", "good", "distinct", "hash", "name"}}
	for i, ind := range res.Archive {
		g := Named(ind, res.Config.Seed)
		d := Describe(ind)
		c := CellOf(d)
		en := ArchiveEntry{Cell: c, Bins: CellName(c), Descriptors: d, Name: g.Name, Hash: fmt.Sprintf("%x", ind.Hash),
			Origin: ind.Origin, Born: ind.Born, Score: ind.Score, Good: sv.Entries[i].Good, Distinct: sv.Entries[i].Distinct, Genome: g}
		re := []string{"", "", "", "", ""}
		if r := rs[i]; r != nil {
			bar := sv.Bars[d.Family]
			en.Rescore = &RescoreEntry{Mean: r.Mean, Lo: r.Lo, Hi: r.Hi, Degenerates: r.Degenerates, Bar: bar}
			re = []string{ff(r.Mean), ff(r.Lo), ff(r.Hi), strconv.Itoa(r.Degenerates), ff(bar)}
		}
		entries = append(entries, en)
		rows = append(rows, append(append([]string{strconv.Itoa(c), en.Bins, d.Family, ff(d.Length), ff(d.Skill), ff(d.Interaction), ff(d.Effects),
			ff(ind.Score.Fitness), strconv.Itoa(ind.Score.Evals)}, re...),
			strconv.FormatBool(en.Good), strconv.FormatBool(en.Distinct), fmt.Sprintf("%x", ind.Hash[:6]), g.Name))
	}
	js, err = json.MarshalIndent(entries, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	return append(js, '\n'), csvBytes(rows), nil
}
