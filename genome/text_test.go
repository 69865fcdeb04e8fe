package genome_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// A key given twice is refused at the path of its second appearance, at
// every level of the document, however the key is spelled.
func TestDecodeRejectsDuplicateKeys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("seeds", "crazy-eights.json"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for _, tc := range []struct {
		name, old, new, path, reason string
	}{
		{"top level", `"turn_cap": 400`, `"turn_cap": 400, "turn_cap": 5`, "$.turn_cap",
			`duplicate key "turn_cap" at line 24, column 20 (first at line 24, column 3): a key may appear only once in an object`},
		{"schema", `"schema": 1,`, `"schema": 1, "schema": 1,`, "$.schema", `duplicate key "schema" at line 2, column 16`},
		{"nested object", `"min": 2,`, `"min": 2, "min": 3,`, "$.seats.min", `duplicate key "min"`},
		{"in a list", `"seats": 2, "cards": 7`, `"seats": 2, "cards": 7, "seats": 3`, "$.deal.overrides[0].seats", `duplicate key "seats"`},
		{"deep in an expression", `"right": "8"}`, `"right": "8", "right": "9"}`, "$.turn[0].legal.args[2].right", `duplicate key "right"`},
		{"escaped spelling", `"draw_max": 3`, `"draw_max": 3, "draw\u005fmax": 1`, "$.turn[0].draw_max", `duplicate key "draw_max"`},
		{"unknown key twice", `"hand": "fan",`, `"hand": "fan", "zebra": 1, "zebra": 2,`, "$.zebra", `duplicate key "zebra"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Replace(src, tc.old, tc.new, 1)
			if in == src {
				t.Fatalf("%q not found in the seed", tc.old)
			}
			g, err := genome.Parse([]byte(in))
			var ps genome.Problems
			if g != nil || !errors.As(err, &ps) || len(ps) != 1 {
				t.Fatalf("got %v, %v; want one problem", g, err)
			}
			if ps[0].Path != tc.path || !strings.HasPrefix(ps[0].Reason, tc.reason) {
				t.Errorf("got %s: %s\nwant %s: %s...", ps[0].Path, ps[0].Reason, tc.path, tc.reason)
			}
		})
	}
}

// Names and summaries must be printable UTF-8 of bounded length, whether
// they come from JSON or from Go.
func TestTextFields(t *testing.T) {
	const printable = "text must be printable (no control characters, escape sequences or invisible formatting)"
	long := func(n int) string { return strings.Repeat("é", n) }
	for _, tc := range []struct {
		name, text, reason string
	}{
		{"plain", "Crazy Eights", ""},
		{"unicode", `Crazy ♠ Eights – édition "quoted" 日本語 🂡`, ""},
		{"empty", "", ""},
		{"NUL", "war\x00", "holds the control character U+0000 at character 4: " + printable},
		{"ANSI escape", "\x1b[31mred\x1b[0m", "holds the control character U+001B at character 1: " + printable},
		{"newline", "two\nlines", "holds the control character U+000A at character 4: " + printable},
		{"tab", "a\tb", "holds the control character U+0009 at character 2: " + printable},
		{"DEL", "a\x7f", "holds the control character U+007F at character 2: " + printable},
		{"C1 control", "a\u009bb", "holds the control character U+009B at character 2: " + printable},
		{"bidi override", "abc\u202edcba", "holds the non-printable character U+202E at character 4: " + printable},
		{"zero width space", "a\u200bb", "holds the non-printable character U+200B at character 2: " + printable},
		{"no-break space", "a\u00a0b", "holds the non-printable character U+00A0 at character 2: " + printable},
		{"invalid UTF-8", "caf\xe9", "is not valid UTF-8 (byte 0xe9 at byte 3)"},
		{"replacement character", "caf\ufffd", "holds U+FFFD, the replacement character that marks text that was not valid UTF-8, at character 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := genome.TextProblem(tc.text, 100); got != tc.reason {
				t.Errorf("TextProblem(%q) = %q, want %q", tc.text, got, tc.reason)
			}
		})
	}
	// Lengths count characters, not bytes.
	if got := genome.TextProblem(long(cardrules.MaxNameLen), cardrules.MaxNameLen); got != "" {
		t.Errorf("a name of %d characters: %s", cardrules.MaxNameLen, got)
	}
	if got, want := genome.TextProblem(long(cardrules.MaxNameLen+1), cardrules.MaxNameLen), "is 201 characters long, at most 200"; got != want {
		t.Errorf("too long: %q, want %q", got, want)
	}

	// Validate reports both fields at their paths, in document order.
	g := testkit.SeedGenome(t, "war")
	g.Name = "war\x1b]0;pwned\x07"
	g.Summary = long(cardrules.MaxSummaryLen + 1)
	err := g.Validate()
	want := "2 problems:\n  $.name: holds the control character U+001B at character 4: " + printable +
		"\n  $.summary: is 4001 characters long, at most 4000"
	if err == nil || err.Error() != want {
		t.Errorf("Validate: %v\nwant %s", err, want)
	}
	g.Name, g.Summary = long(cardrules.MaxNameLen), long(cardrules.MaxSummaryLen)
	if err := g.Validate(); err != nil {
		t.Errorf("names at the limits: %v", err)
	}
}

// From JSON, escapes reach the same checks, and raw bytes that are not
// UTF-8 (which encoding/json would silently replace) are refused where
// they are.
func TestParseRejectsBadText(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("seeds", "war.json"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for _, tc := range []struct {
		name, value, path, reason string
	}{
		{"escaped ANSI", `\u001b[2J`, "$.name", "holds the control character U+001B at character 1"},
		{"escaped NUL", `w\u0000ar`, "$.name", "holds the control character U+0000 at character 2"},
		{"lone surrogate", `w\ud800ar`, "$.name", "holds U+FFFD, the replacement character"},
		{"raw invalid byte", "w\xffar", "$", "invalid UTF-8 at line 3, column 13: JSON text must be UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Replace(src, `"name": "war"`, `"name": "`+tc.value+`"`, 1)
			if in == src {
				t.Fatal("name not found in the seed")
			}
			_, err := genome.Parse([]byte(in))
			var ps genome.Problems
			if !errors.As(err, &ps) || len(ps) != 1 || ps[0].Path != tc.path || !strings.HasPrefix(ps[0].Reason, tc.reason) {
				t.Errorf("got %v, want %s: %s...", err, tc.path, tc.reason)
			}
		})
	}
}
