package report

import (
	"bytes"
	"html/template"
	"io"
)

// page is what the template draws: a title, a summary table and the
// sections, each a list of blocks.
type page struct {
	Title    string
	Subtitle string
	FontCSS  template.CSS
	Summary  [][2]string
	Sections []section
}

// section is one part of the page, with an anchor in the contents.
type section struct {
	ID, Title string
	Blocks    []block
}

// block is one element of a section: the fields it sets are drawn, in
// the order of the struct.
type block struct {
	Heading string // an <h3>, with ID as its anchor
	ID      string
	Para    string
	Figure  *figure
	Table   *htmlTable
	Rules   *rules
}

// htmlTable is an HTML table: a header and rows of cells.
type htmlTable struct {
	Head []string
	Rows [][]string
}

// rules is a game's rules in words (genome Describe), folded under a
// summary (unfolded when Open); ID is its anchor.
type rules struct {
	ID, Summary, Text string
	Open              bool
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
{{.FontCSS}}
body{font-family:sans-serif;max-width:980px;margin:0 auto;padding:1em 1.5em 4em;color:#1a1a1a;background:#fff;line-height:1.4}
h1{font-size:1.6em;margin-bottom:.2em}
h2{font-size:1.3em;border-bottom:1px solid #ccc;margin-top:2em}
h3{font-size:1.1em;margin-top:1.6em}
.subtitle{color:#555;margin-top:0}
nav ul{columns:2;padding-left:1.2em}
figure.plot{margin:1em 0;padding:0}
figure.plot svg{display:block;max-width:100%;height:auto}
figcaption{font-size:.9em;color:#444;margin-top:.3em}
table{border-collapse:collapse;font-size:.88em;margin:.6em 0}
th,td{border:1px solid #ddd;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#f3f3f3}
details{margin:.5em 0}
details pre{white-space:pre-wrap;font-size:.88em;background:#f8f8f8;padding:.6em;border:1px solid #e4e4e4}
summary{cursor:pointer}
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="subtitle">{{.Subtitle}}</p>
<table class="summary">
{{- range .Summary}}
<tr><th>{{index . 0}}</th><td>{{index . 1}}</td></tr>
{{- end}}
</table>
<nav><ul>
{{- range .Sections}}
<li><a href="#{{.ID}}">{{.Title}}</a></li>
{{- end}}
</ul></nav>
{{- range .Sections}}
<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{- range .Blocks}}
{{- if .Heading}}
<h3{{if .ID}} id="{{.ID}}"{{end}}>{{.Heading}}</h3>
{{- end}}
{{- if .Para}}
<p>{{.Para}}</p>
{{- end}}
{{- with .Figure}}
<figure class="plot" id="{{.ID}}">
{{.SVG}}
<figcaption>{{.Caption}}</figcaption>
</figure>
{{- end}}
{{- with .Table}}
<table>
<tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr>
{{- range .Rows}}
<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{- end}}
</table>
{{- end}}
{{- with .Rules}}
<details{{if .ID}} id="{{.ID}}"{{end}}{{if .Open}} open{{end}}><summary>{{.Summary}}</summary>
<pre>{{.Text}}</pre>
</details>
{{- end}}
{{- end}}
</section>
{{- end}}
</body>
</html>
`))

// write renders pg and writes it to w in one piece.
func (pg *page) write(w io.Writer) error {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pg); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// fig is a block of one figure.
func fig(f figure) block { return block{Figure: &f} }

// para is a block of one paragraph.
func para(text string) block { return block{Para: text} }
