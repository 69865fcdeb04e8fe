package report

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/darwinsim/darwinsim/internal/testkit"
)

// The browser test opens reports in headless Chromium (Debian's chromium;
// $CHROMIUM names another binary). It runs without -short, or with
// REPORT_BROWSER=1 (make report-test). Without Chromium it is skipped,
// saying why, unless REPORT_BROWSER=1 asked for it: then it fails.

// chromium returns the Chromium binary, or skips t (fails it under
// REPORT_BROWSER=1).
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() && os.Getenv("REPORT_BROWSER") != "1" {
		t.Skip("the browser test runs without -short, or with REPORT_BROWSER=1 (make report-test)")
	}
	names := []string{"chromium", "chromium-browser", "google-chrome"}
	if c := os.Getenv("CHROMIUM"); c != "" {
		names = []string{c}
	}
	for _, n := range names {
		if path, err := exec.LookPath(n); err == nil {
			return path
		}
	}
	msg := fmt.Sprintf("no Chromium to open the report in (looked for %s; on Debian: apt-get install chromium)", strings.Join(names, ", "))
	if os.Getenv("REPORT_BROWSER") == "1" {
		// make report-test (CI) asked for the browser: its absence is a
		// missing install step, not a reason to pass.
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// measureScript, added to a copy of the page, writes the box of every
// plot (its SVG, in CSS pixels from the page's top left) and the page's
// height into <body data-boxes>, and logs every error of the page to the
// console.
const measureScript = `<script>
addEventListener("error", e => console.error("page error: " + (e.message || (e.target && (e.target.src || e.target.href)) || e.type)), true);
addEventListener("load", () => {
  const boxes = [...document.querySelectorAll("figure.plot")].map(f => {
    const s = f.querySelector("svg"), b = (s || f).getBoundingClientRect();
    return [f.id, Math.round(b.left + scrollX), Math.round(b.top + scrollY), Math.round(b.width), Math.round(b.height)].join(",");
  });
  document.body.setAttribute("data-height", Math.ceil(document.documentElement.scrollHeight));
  document.body.setAttribute("data-boxes", boxes.join(";"));
});
</script>
</body>`

// browse runs Chromium headless on the file page with args and returns
// its standard output and the page's console lines.
func browse(t *testing.T, bin, page string, args ...string) (stdout string, console []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}, args...)
	cmd := exec.CommandContext(ctx, bin, append(all, "file://"+page)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, errOut.String())
	}
	for _, l := range strings.Split(errOut.String(), "\n") {
		if strings.Contains(l, ":CONSOLE") {
			console = append(console, l)
		}
	}
	return out.String(), console
}

type box struct {
	id         string
	x, y, w, h int
}

// TestReportInBrowser: Chromium opens the reports of two runs (one with
// skill ladders, one with a MAP-Elites archive) and of a game with no
// console message, and in a full-page
// screenshot every plot is drawn where the page puts it: at least 2% of
// each plot's box is not white.
func TestReportInBrowser(t *testing.T) {
	bin := chromium(t)
	var game bytes.Buffer
	gm, err := Simulate(context.Background(), "uno-style", testkit.SeedGenome(t, "uno-style"), smallGameConfig(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := gm.Write(&game); err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{"ladder run": pageOf(t, run(t, ladderRun), Options{}), "map-elites run": pageOf(t, run(t, mapElitesRun), Options{}), "game": game.String()}
	for _, name := range []string{"ladder run", "map-elites run", "game"} {
		t.Run(name, func(t *testing.T) {
			page := pages[name]
			dir := t.TempDir()
			path := filepath.Join(dir, "report.html")
			if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
			// The page as it is: no console message at all.
			if _, console := browse(t, bin, path, "--dump-dom"); len(console) > 0 {
				t.Errorf("the page logs to the console:\n%s", strings.Join(console, "\n"))
			}
			// A copy that measures itself: its boxes and height.
			measured := filepath.Join(dir, "measured.html")
			if !strings.HasSuffix(page, "</body>\n</html>\n") {
				t.Fatal("the page does not end with </body></html>")
			}
			if err := os.WriteFile(measured, []byte(strings.TrimSuffix(page, "</body>\n</html>\n")+measureScript+"\n</html>\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			dom, console := browse(t, bin, measured, "--window-size=1100,900", "--dump-dom")
			if len(console) > 0 {
				t.Errorf("the measured page logs to the console:\n%s", strings.Join(console, "\n"))
			}
			boxes, height := readBoxes(t, dom)
			if want := strings.Count(page, `<figure class="plot"`); len(boxes) != want || want == 0 {
				t.Fatalf("%d plots measured, the page has %d", len(boxes), want)
			}
			shot := filepath.Join(dir, "page.png")
			browse(t, bin, measured, fmt.Sprintf("--window-size=1100,%d", height), "--screenshot="+shot)
			f, err := os.Open(shot)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range boxes {
				r := image.Rect(b.x, b.y, b.x+b.w, b.y+b.h)
				if b.w < 100 || b.h < 100 || !r.In(img.Bounds()) {
					t.Errorf("%s: box %v is too small or outside the screenshot %v", b.id, r, img.Bounds())
					continue
				}
				if share := inked(img, r); share < 0.02 {
					t.Errorf("%s: %.2f%% of its box %v is not white, want at least 2%%", b.id, 100*share, r)
				}
			}
		})
	}
}

// readBoxes reads the boxes and the page height the measuring script
// wrote into the dumped DOM.
func readBoxes(t *testing.T, dom string) ([]box, int) {
	t.Helper()
	hm := regexp.MustCompile(`data-height="(\d+)"`).FindStringSubmatch(dom)
	bm := regexp.MustCompile(`data-boxes="([^"]*)"`).FindStringSubmatch(dom)
	if hm == nil || bm == nil {
		t.Fatalf("the page did not measure itself (no data-height or data-boxes in the DOM)")
	}
	height, _ := strconv.Atoi(hm[1])
	var out []box
	for _, s := range strings.Split(bm[1], ";") {
		f := strings.Split(s, ",")
		if len(f) != 5 {
			t.Fatalf("box %q: want id,x,y,width,height", s)
		}
		var n [4]int
		for i := range n {
			v, err := strconv.Atoi(f[i+1])
			if err != nil {
				t.Fatalf("box %q: %v", s, err)
			}
			n[i] = v
		}
		out = append(out, box{f[0], n[0], n[1], n[2], n[3]})
	}
	return out, height
}

// inked returns the share of the pixels of r in img that are not white
// (any channel below 250 of 255).
func inked(img image.Image, r image.Rectangle) float64 {
	var n int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if cr>>8 < 250 || cg>>8 < 250 || cb>>8 < 250 {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}
