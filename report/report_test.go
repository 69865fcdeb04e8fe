package report

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// pageOf returns the report of the run directory dir.
func pageOf(t *testing.T, dir string, opt Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteRunWith(dir, &b, opt); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var (
	figureID  = regexp.MustCompile(`<figure class="plot" id="([^"]+)">\n<svg `)
	sectionID = regexp.MustCompile(`<section id="([^"]+)">`)
)

// ids returns the captures of re in page, in order.
func ids(re *regexp.Regexp, page string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestRunPageSections: the page of a run has every section and every plot
// the run's files call for, each plot an inline SVG with a fixed id, and
// the rules of the hall's games, the winner and the starting games.
func TestRunPageSections(t *testing.T) {
	for _, kind := range []string{ladderRun, mapElitesRun} {
		t.Run(kind, func(t *testing.T) {
			dir := run(t, kind)
			r, err := LoadRun(dir)
			if err != nil {
				t.Fatal(err)
			}
			page := pageOf(t, dir, Options{})
			sections := []string{"fitness", "diversity", "operators", "hall", "games"}
			figures := []string{"plot-fitness", "plot-diversity", "plot-operator-use", "plot-operator-validity", "plot-operator-impact", "plot-hall-1"}
			if kind == ladderRun {
				sections = append(sections, "ladder")
				figures = append(figures, "plot-game-1-ladder", "plot-ladder-slopes")
			} else {
				sections = append(sections, "archive")
				figures = append(figures, "plot-coverage", "plot-qd", "plot-archive")
			}
			for k := range 1 + len(fixtureSeeds) {
				for _, f := range []string{"wins", "length-random", "length-greedy"} {
					figures = append(figures, fmt.Sprintf("plot-game-%d-%s", k+1, f))
				}
			}
			// uno-style, the first starting game, has effects that fire.
			figures = append(figures, "plot-game-2-effects", "plot-game-2-impact")
			got := ids(sectionID, page)
			if !slices.Equal(got, sections) {
				t.Errorf("sections %q, want %q", got, sections)
			}
			figs := ids(figureID, page)
			for _, f := range figures {
				if !slices.Contains(figs, f) {
					t.Errorf("no figure %s (have %q)", f, figs)
				}
			}
			if n := strings.Count(page, `<figure class="plot"`); n != len(figs) {
				t.Errorf("%d figures, %d of them with an id and an inline SVG", n, len(figs))
			}
			if uniq := slices.Compact(slices.Sorted(slices.Values(figs))); len(uniq) != len(figs) {
				t.Errorf("figure ids repeat: %q", figs)
			}
			if len(r.Hall) == 0 || !r.Measured || len(r.Starts) != len(fixtureSeeds) {
				t.Fatalf("the run has %d hall games, measured %v, %d starting games", len(r.Hall), r.Measured, len(r.Starts))
			}
			for _, g := range append(append(slices.Clone(r.Starts), r.Best, r.Hall[0].Genome), r.Hall[len(r.Hall)-1].Genome) {
				if !strings.Contains(page, html.EscapeString(g.Describe())) {
					t.Errorf("the page lacks the rules of %s", g.Name)
				}
			}
			if kind == mapElitesRun {
				links := regexp.MustCompile(`<a href="#(elite-\d+)">`).FindAllStringSubmatch(page, -1)
				if len(links) == 0 {
					t.Error("the archive's heatmap links to no elite")
				}
				for _, l := range links {
					if !strings.Contains(page, `<details id="`+l[1]+`">`) {
						t.Errorf("the heatmap links to %s, which the page lacks", l[1])
					}
				}
			}
		})
	}
}

// TestPageSelfContained: the page needs nothing from outside it: no
// address, no script, no style sheet or font to fetch; the plots' font is
// embedded once, under the family name their text asks for.
func TestPageSelfContained(t *testing.T) {
	gm, err := Simulate(context.Background(), "uno-style", testkit.SeedGenome(t, "uno-style"), smallGameConfig(), 3)
	if err != nil {
		t.Fatal(err)
	}
	var game bytes.Buffer
	if err := gm.Write(&game); err != nil {
		t.Fatal(err)
	}
	for name, page := range map[string]string{"ladder run": pageOf(t, run(t, ladderRun), Options{}), "map-elites run": pageOf(t, run(t, mapElitesRun), Options{}), "game": game.String()} {
		lower := strings.ToLower(page)
		for _, bad := range []string{"http://", "https://", "<script", "<link", "@import", "<iframe", "<img", "<image", "src=", "//fonts.", "xlink:href"} {
			if strings.Contains(lower, bad) {
				i := strings.Index(lower, bad)
				t.Errorf("%s: the page holds %q: ...%s...", name, bad, page[max(0, i-60):min(len(page), i+60)])
			}
		}
		if n, d := strings.Count(lower, "url("), strings.Count(lower, "url(data:font/ttf;base64,"); n != 1 || d != 1 {
			t.Errorf("%s: %d url( and %d embedded fonts, want the one embedded font", name, n, d)
		}
		embedded := regexp.MustCompile(`@font-face\{font-family:"([^"]+)"`).FindStringSubmatch(page)
		if embedded == nil {
			t.Fatalf("%s: no @font-face", name)
		}
		used := map[string]bool{}
		for _, m := range regexp.MustCompile(`<text [^>]*font-family:([^;]+);`).FindAllStringSubmatch(page, -1) {
			used[m[1]] = true
		}
		if len(used) != 1 || !used[embedded[1]] {
			t.Errorf("%s: the plots' text asks for %v, the page embeds %q", name, used, embedded[1])
		}
	}
}

// TestPageDeterministic: the same run directory gives the same page, byte
// for byte, read twice or copied elsewhere (under the same name).
func TestPageDeterministic(t *testing.T) {
	for _, kind := range []string{ladderRun, mapElitesRun} {
		a := pageOf(t, run(t, kind), Options{})
		b := pageOf(t, run(t, kind), Options{})
		c := pageOf(t, copyRun(t, kind), Options{})
		if a != b || a != c {
			t.Errorf("%s: the page differs between reads (%d, %d and %d bytes)", kind, len(a), len(b), len(c))
		}
	}
}

// TestArchiveAxes: the heatmap's descriptors are the options'; unknown or
// twice the same descriptor is an error, before any file is read.
func TestArchiveAxes(t *testing.T) {
	dir := run(t, mapElitesRun)
	page := pageOf(t, dir, Options{Axes: [2]string{"skill", "interaction"}})
	fig := page[strings.Index(page, `id="plot-archive"`):]
	fig = fig[:strings.Index(fig, "</figure>")]
	for _, bin := range append(evolve.AxisBins(2), evolve.AxisBins(3)...) {
		if !strings.Contains(fig, ">"+html.EscapeString(bin)+"</text>") {
			t.Errorf("the heatmap over skill and interaction has no label %s", bin)
		}
	}
	if def := pageOf(t, dir, Options{}); def == page {
		t.Error("the heatmap is the same over other descriptors")
	}
	for _, c := range []struct {
		axes [2]string
		want string
	}{
		{[2]string{"skill", "luck"}, `no descriptor "luck" (the descriptors are family, decisions_per_seat, skill, interaction, effects)`},
		{[2]string{"skill", "skill"}, "the heatmap needs two different descriptors, got skill twice"},
	} {
		var b bytes.Buffer
		if err := WriteRunWith(filepath.Join(t.TempDir(), "none"), &b, Options{Axes: c.axes}); err == nil || err.Error() != c.want || b.Len() > 0 {
			t.Errorf("axes %q: %v (%d bytes written), want %q", c.axes, err, b.Len(), c.want)
		}
	}
}

// smallGameConfig is the configuration of a game's page in the tests.
func smallGameConfig() evolve.Config {
	cfg, _ := evolve.Preset("default")
	cfg.Games, cfg.SkillGames = 40, 20
	return cfg
}

// TestGamePage: the page of one game has its rules, its score and how it
// plays, and the same seed gives the same bytes whatever the workers.
func TestGamePage(t *testing.T) {
	g := testkit.SeedGenome(t, "uno-style")
	pages := map[int]string{}
	for _, workers := range []int{1, 3} {
		cfg := smallGameConfig()
		cfg.Workers = workers
		gm, err := Simulate(context.Background(), "uno-style", g, cfg, 9)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := gm.Write(&b); err != nil {
			t.Fatal(err)
		}
		pages[workers] = b.String()
	}
	page := pages[1]
	if pages[3] != page {
		t.Error("the game's page differs between 1 and 3 workers")
	}
	if got, want := ids(sectionID, page), []string{"rules", "score", "play"}; !slices.Equal(got, want) {
		t.Errorf("sections %q, want %q", got, want)
	}
	want := []string{"plot-score-metrics", "plot-game-1-wins", "plot-game-1-length-random", "plot-game-1-length-greedy", "plot-game-1-effects", "plot-game-1-impact"}
	if got := ids(figureID, page); !slices.Equal(got, want) {
		t.Errorf("figures %q, want %q", got, want)
	}
	if !strings.Contains(page, html.EscapeString(g.Describe())) || !strings.Contains(page, "<details open>") {
		t.Error("the page does not show the game's rules")
	}
	cfg := smallGameConfig()
	cfg.Games = 0
	if _, err := Simulate(context.Background(), "uno-style", g, cfg, 9); err == nil {
		t.Error("Simulate with 0 games per evaluation: no error")
	}
}

// TestOldRunDir: a run directory from before the starting games and their
// statistics were written gets a page that says so; one of the two files
// alone is an error.
func TestOldRunDir(t *testing.T) {
	dir := copyRun(t, ladderRun)
	for _, f := range []string{evolve.StartsFile, evolve.GameStatsFile} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	page := pageOf(t, dir, Options{})
	if !strings.Contains(page, "it was written before evolve measured its games for the report") || strings.Contains(page, "plot-game-1-wins") {
		t.Error("the page of an old run directory does not say why it has no statistics of play")
	}
	dir = copyRun(t, ladderRun)
	os.Remove(filepath.Join(dir, evolve.StartsFile))
	var b bytes.Buffer
	if err := WriteRun(dir, &b); err == nil || !strings.Contains(err.Error(), filepath.Join(dir, evolve.StartsFile)+": missing") || b.Len() > 0 {
		t.Errorf("without %s: %v (%d bytes written)", evolve.StartsFile, err, b.Len())
	}
}
