package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
)

// FuzzGameBlocks: statistics of play that evolve.ParseGameStats accepts
// always make their figures and tables, whatever their numbers: the page
// never fails, nor panics, on a file that reads.
func FuzzGameBlocks(f *testing.F) {
	data, err := os.ReadFile(filepath.Join(run(f, ladderRun), evolve.GameStatsFile))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		if len(line) > 0 {
			f.Add(line)
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		games, err := evolve.ParseGameStats(line)
		if err != nil {
			return
		}
		for i := range games {
			if _, err := gameBlocks("plot-game-1", &games[i]); err != nil {
				t.Errorf("statistics that read do not plot: %v", err)
			}
		}
	})
}
