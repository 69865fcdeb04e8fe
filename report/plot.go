package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"strings"

	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// figure is one plot of the page: a <figure class="plot"> with a fixed
// id, its SVG inline, and a caption.
type figure struct {
	ID      string
	Caption string
	SVG     template.HTML
}

// Plot sizes.
const (
	plotWidth  = 6.5 * vg.Inch
	plotHeight = 3 * vg.Inch
)

// seriesColors are the series' colours, in order: distinct on white and in
// grey.
var seriesColors = []color.Color{
	color.RGBA{R: 0x1f, G: 0x5f, B: 0xa8, A: 0xff}, // blue
	color.RGBA{R: 0xd9, G: 0x5f, B: 0x02, A: 0xff}, // orange
	color.RGBA{R: 0x1b, G: 0x9e, B: 0x4f, A: 0xff}, // green
	color.RGBA{R: 0x9b, G: 0x2d, B: 0x8e, A: 0xff}, // purple
	color.RGBA{R: 0x8c, G: 0x56, B: 0x2a, A: 0xff}, // brown
	color.RGBA{R: 0x4d, G: 0x4d, B: 0x4d, A: 0xff}, // grey
}

// colorOf is series i's colour.
func colorOf(i int) color.Color { return seriesColors[i%len(seriesColors)] }

var lightGrey = color.RGBA{R: 0xe6, G: 0xe6, B: 0xe6, A: 0xff}

// newPlot returns a plot with the page's style: a title, axis labels, a
// light grid and the legend at the top left.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	g := plotter.NewGrid()
	g.Vertical.Color, g.Horizontal.Color = lightGrey, lightGrey
	p.Add(g)
	return p
}

// finite reports whether every value is a finite number: gonum's
// plotters refuse others, so the page checks first and says which.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// overlay is SVG to add on top of a drawn plot, given the plot and the
// canvas its data were drawn in (in points, y up); the SVG is in the
// page's coordinates (y down from the top), height h.
type overlay func(p *plot.Plot, data draw.Canvas, h vg.Length) string

// render draws p as an inline SVG of w by h: the prologue and the XML
// namespaces (which an SVG inside HTML does not need) are dropped, and
// extra, if any, is drawn on top. A plotter that panics (gonum's do on
// data they cannot draw) is an error naming the plot, never a crash.
func render(id string, p *plot.Plot, w, h vg.Length, extra overlay) (svg template.HTML, err error) {
	defer func() {
		if r := recover(); r != nil {
			svg, err = "", fmt.Errorf("plot %s: %v", id, r)
		}
	}()
	c := vgsvg.New(w, h)
	dc := draw.New(c)
	p.Draw(dc)
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", fmt.Errorf("plot %s: %w", id, err)
	}
	s := b.String()
	i := strings.Index(s, "<svg ")
	if i < 0 {
		return "", fmt.Errorf("plot %s: the SVG writer wrote no <svg> element", id)
	}
	s = s[i:]
	for _, ns := range []string{`xmlns="http://www.w3.org/2000/svg"`, `xmlns:xlink="http://www.w3.org/1999/xlink"`} {
		s = strings.Replace(s, ns, "", 1)
	}
	s = strings.Replace(s, "<svg ", `<svg class="chart" role="img" `, 1)
	if extra != nil {
		end := strings.LastIndex(s, "</svg>")
		s = s[:end] + extra(p, p.DataCanvas(dc), h) + s[end:]
	}
	// vgsvg escapes every text it writes, and extra is the page's own.
	return template.HTML(s), nil
}

// fontFace is the one font of every plot's text: plot.DefaultFont, which
// the page embeds (fontCSS).
func fontFace() font.Face { return font.DefaultCache.Lookup(plot.DefaultFont, 10) }

// fontCSS is the @font-face rule that embeds the plots' font in the page
// as a data URL, under the family name the SVG text asks for.
func fontCSS() (template.CSS, error) {
	f := fontFace()
	if f.Face == nil {
		return "", fmt.Errorf("the plots' font %s is not in gonum's font cache", plot.DefaultFont.Name())
	}
	family, err := f.Face.Name(nil, sfnt.NameIDFamily)
	if err != nil {
		return "", fmt.Errorf("the plots' font: %w", err)
	}
	var raw bytes.Buffer
	if _, err := f.Face.WriteSourceTo(nil, &raw); err != nil {
		return "", fmt.Errorf("the plots' font: %w", err)
	}
	return template.CSS(fmt.Sprintf("@font-face{font-family:%q;font-style:normal;font-weight:normal;src:url(data:font/ttf;base64,%s) format(\"truetype\");}",
		family, base64.StdEncoding.EncodeToString(raw.Bytes()))), nil
}

// xys returns the points (x[i], y[i]).
func xys(x, y []float64) plotter.XYs {
	pts := make(plotter.XYs, len(x))
	for i := range x {
		pts[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return pts
}

// line adds a line of pts to p, with a legend entry when name is set.
func line(p *plot.Plot, pts plotter.XYs, name string, c color.Color, dashed bool) error {
	l, err := plotter.NewLine(pts)
	if err != nil {
		return err
	}
	l.Color, l.Width = c, vg.Points(1.5)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	p.Add(l)
	if name != "" {
		p.Legend.Add(name, l)
	}
	return nil
}

// intervals are points with an interval around each: (X, Y) within
// [Y - Low, Y + High] vertically (or, for XErrorBars, horizontally).
type intervals struct {
	plotter.XYs
	plotter.YErrors
}

// xIntervals are intervals drawn horizontally.
type xIntervals struct {
	plotter.XYs
	plotter.XErrors
}

// points adds points at pts with vertical intervals [lo, hi] to p.
func points(p *plot.Plot, pts plotter.XYs, lo, hi []float64, name string, c color.Color) error {
	errs := make(plotter.YErrors, len(pts))
	for i := range pts {
		errs[i].Low, errs[i].High = pts[i].Y-lo[i], hi[i]-pts[i].Y
	}
	bars, err := plotter.NewYErrorBars(intervals{pts, errs})
	if err != nil {
		return err
	}
	bars.Color, bars.Width, bars.CapWidth = c, vg.Points(1.2), vg.Points(6)
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	s.Color, s.Shape, s.Radius = c, draw.CircleGlyph{}, vg.Points(2.5)
	p.Add(bars, s)
	if name != "" {
		p.Legend.Add(name, s)
	}
	return nil
}

// xPoints adds points at pts with horizontal intervals [lo, hi] to p.
func xPoints(p *plot.Plot, pts plotter.XYs, lo, hi []float64, c color.Color) error {
	errs := make(plotter.XErrors, len(pts))
	for i := range pts {
		errs[i].Low, errs[i].High = pts[i].X-lo[i], hi[i]-pts[i].X
	}
	bars, err := plotter.NewXErrorBars(xIntervals{pts, errs})
	if err != nil {
		return err
	}
	bars.Color, bars.Width, bars.CapWidth = c, vg.Points(1.2), vg.Points(6)
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	s.Color, s.Shape, s.Radius = c, draw.CircleGlyph{}, vg.Points(2.5)
	p.Add(bars, s)
	return nil
}

// bars adds group k of n grouped bars (vertical, or horizontal) of values
// vs to p, with a legend entry when name is set. Horizontal bars are
// barWidth wide, so that rowsHeight leaves room for them.
func bars(p *plot.Plot, vs []float64, k, n int, name string, horizontal bool) error {
	width := vg.Points(math.Max(3, math.Min(14, 36/float64(n))))
	if horizontal {
		width = barWidth
	}
	b, err := plotter.NewBarChart(plotter.Values(vs), width)
	if err != nil {
		return err
	}
	b.Color, b.LineStyle.Width, b.Horizontal = colorOf(k), 0, horizontal
	b.Offset = vg.Length(float64(k)-float64(float64(n-1)/2)) * width
	p.Add(b)
	if name != "" {
		p.Legend.Add(name, b)
	}
	return nil
}

// barWidth is the width of a horizontal bar.
const barWidth = vg.Length(8)

// rowsHeight is the height of a plot of n rows of horizontal bars (series
// of them in each row) or of points (series 1).
func rowsHeight(n, series int) vg.Length {
	pitch := float64(float64(series)*float64(barWidth)) + 7
	return vg.Length(math.Max(float64(plotHeight)*0.7, float64(vg.Inch)+float64(float64(n)*pitch)))
}

// reversed returns xs in reverse order: a plot's nominal y axis counts
// up from the bottom, and a list reads down from the top.
func reversed[T any](xs []T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}
