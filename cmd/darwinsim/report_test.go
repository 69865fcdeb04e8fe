package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/report"
)

// TestReportCommand: report RUN_DIR writes the page report.WriteRun
// writes, to -o or to standard output; report GAME writes a game's page;
// mistakes are usage errors or errors that say what is wrong, and write
// nothing.
func TestReportCommand(t *testing.T) {
	dir, _ := evolveRun(t, tiny(t)...)
	var want bytes.Buffer
	if err := report.WriteRun(dir, &want); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "run.html")
	if code, stdout, e := runCLI(t, "report", dir, "-o", out); code != exitOK || stdout != "" || e != "" {
		t.Fatalf("report -o: exit %d, stdout %q, stderr %q", code, stdout, e)
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("report -o wrote other bytes than report.WriteRun (%v)", err)
	}
	if code, stdout, e := runCLI(t, "report", dir); code != exitOK || stdout != want.String() {
		t.Errorf("report to standard output: exit %d, stderr %q, %d bytes", code, e, len(stdout))
	}

	game := filepath.Join(t.TempDir(), "war.html")
	if code, _, e := runCLI(t, "report", "crazy-eights", "-n", "20", "--seed", "2", "-o", game); code != exitOK {
		t.Fatalf("report crazy-eights: exit %d: %s", code, e)
	}
	if page, err := os.ReadFile(game); err != nil || !strings.Contains(string(page), "<title>darwinsim game crazy-eights</title>") || !strings.Contains(string(page), `id="plot-game-1-wins"`) {
		t.Errorf("report crazy-eights wrote no game page (%v)", err)
	}

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"report", dir, "--seed", "3"}, exitUsage, "--seed: a run's report plays no game (it reads " + dir + "); --seed is for the report of one game"},
		{[]string{"report", dir, "--axes", "skill"}, exitUsage, `--axes "skill": give two descriptors, across then up, as family,decisions_per_seat`},
		{[]string{"report", dir, "--axes", "skill,luck"}, exitUsage, `--axes: no descriptor "luck" (the descriptors are family, decisions_per_seat, skill, interaction, effects)`},
		{[]string{"report", "war", "--axes", "skill,effects"}, exitUsage, "--axes: the heatmap of a MAP-Elites archive is in a run's report, not in a game's"},
		{[]string{"report", t.TempDir()}, exitError, "config.json: missing: is "},
		{[]string{"report"}, exitUsage, "report takes 1 argument(s), got 0"},
	} {
		code, stdout, e := runCLI(t, c.args...)
		if code != c.code || stdout != "" || !strings.Contains(e, c.want) {
			t.Errorf("%q: exit %d, %d bytes out, stderr %q\nwant exit %d and %q", c.args, code, len(stdout), e, c.code, c.want)
		}
	}
}
