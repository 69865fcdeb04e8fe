package evolve

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/darwinsim/darwinsim/internal/atomicfile"
	"github.com/darwinsim/darwinsim/internal/jsontree"
)

// A run directory's side files, which are not part of the run's identity
// (the same run made again writes other ones): provenance.json, how the
// run was made, and timings.json, how long it took. A run may take several
// commands, the one that started it and each --resume after an interrupt;
// both files keep every one of them.

// Invocation is a command that worked on a run: its command line, the Go
// version and build of the darwinsim that ran it, and its worker count.
type Invocation struct {
	Args    []string `json:"args"`
	Go      string   `json:"go"`
	Build   string   `json:"build,omitempty"`
	Workers int      `json:"workers"`
}

// Resumption is a command that resumed a run, from the checkpoint of
// generation AfterGeneration.
type Resumption struct {
	Invocation
	AfterGeneration int `json:"after_generation"`
}

// Provenance is a run directory's provenance.json: the command that
// started the run (its fields at the top, as they were before runs could
// be resumed; empty when the file was lost), the run's configuration, and
// every command that resumed it, in order.
type Provenance struct {
	Invocation
	Config  Config       `json:"config"`
	Resumes []Resumption `json:"resumes,omitempty"`
}

// recordResume adds inv, resuming from cp, to provenance.json. A lost or
// unreadable file is started anew, without the commands before, saying so.
func (d *RunDir) recordResume(inv Invocation, cp *Checkpoint) error {
	path := filepath.Join(d.Dir, ProvenanceFile)
	var p Provenance
	if err := readJSON(path, &p); err != nil {
		fmt.Fprintf(d.notes, "darwinsim: %s: %v; it starts anew, without the commands before this one\n", path, err)
		p = Provenance{Config: cp.Config}
	} else {
		d.invocations = 2 + len(p.Resumes)
	}
	p.Resumes = append(p.Resumes, Resumption{inv, cp.Gen})
	return writeJSON(path, p)
}

// Timing is what one command did for a run: from the checkpoint of
// generation AfterGeneration (-1 for the command that started the run) to
// that of LastGeneration, it played Games games in Seconds seconds
// (generations and the pruning of the hall of fame at the end), then spent
// RescoreSeconds on the final re-score, whose games are not counted. Ended
// says how it ended: "finished" or "interrupted".
type Timing struct {
	AfterGeneration int     `json:"after_generation"`
	LastGeneration  int     `json:"last_generation"`
	Games           uint64  `json:"games"`
	Seconds         float64 `json:"seconds"`
	RescoreSeconds  float64 `json:"rescore_seconds"`
	Ended           string  `json:"ended"`
}

// Timings is a run directory's timings.json. Its first fields are those of
// the last command (as they were before runs could be resumed): the games
// it played, in how many seconds, at what rate, and its re-score's
// seconds. RunGames is the whole run's games so far, and RunSeconds the
// seconds of every command of the run, with their rate, when every one of
// them recorded its time (a command killed outright records nothing; then
// they are left out). Invocations lists what each command that recorded
// its time did, in order.
type Timings struct {
	Games             uint64   `json:"games"`
	Seconds           float64  `json:"seconds"`
	GamesPerSecond    float64  `json:"games_per_second"`
	RescoreSeconds    float64  `json:"rescore_seconds"`
	RunGames          uint64   `json:"run_games"`
	RunSeconds        *float64 `json:"run_seconds,omitempty"`
	RunGamesPerSecond *float64 `json:"run_games_per_second,omitempty"`
	Invocations       []Timing `json:"invocations"`
}

// RecordTiming adds what this command did, t, to timings.json, with the
// run's games so far, and returns the file's new content.
func (d *RunDir) RecordTiming(t Timing, runGames uint64) (*Timings, error) {
	path := filepath.Join(d.Dir, TimingsFile)
	var old Timings
	if readJSON(path, &old) != nil {
		old = Timings{} // none yet, or lost: the commands before are unknown
	}
	ts := &Timings{Games: t.Games, Seconds: t.Seconds, GamesPerSecond: rate(t.Games, t.Seconds),
		RescoreSeconds: t.RescoreSeconds, RunGames: runGames, Invocations: append(old.Invocations, t)}
	if d.invocations > 0 && len(ts.Invocations) == d.invocations {
		total := 0.0
		for _, x := range ts.Invocations {
			total += x.Seconds
		}
		r := rate(runGames, total)
		ts.RunSeconds, ts.RunGamesPerSecond = &total, &r
	}
	if err := writeJSON(path, ts); err != nil {
		return nil, err
	}
	return ts, nil
}

func rate(games uint64, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return float64(games) / seconds
}

// writeJSON writes v, indented, to path (atomically).
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(b, '\n'))
}

// readJSON reads the JSON file at path into v, strictly.
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if reason := jsontree.Decode(data, v, "a JSON object", "JSON document"); reason != "" {
		return fmt.Errorf("%s", reason)
	}
	return nil
}
