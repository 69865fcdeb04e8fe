package jsontree

import (
	"strings"
	"testing"
)

func TestDecodeAt(t *testing.T) {
	for _, tc := range []struct {
		name, in, path, problem string
	}{
		{"ok", `{"a": 1, "b": {"a": 2, "c": [{"a": 3}, {"a": 4}]}}`, "", ""},
		{"same key in sibling objects", `[{"k": 1}, {"k": 2}]`, "", ""},
		{"duplicate at the top", `{"schema": 1, "schema": 2}`, "$.schema",
			`duplicate key "schema" at line 1, column 15 (first at line 1, column 2): a key may appear only once in an object`},
		{"duplicate nested", "{\"turn\": [\n  {\"kind\": \"play\"},\n  {\"kind\": \"draw\",\n   \"kind\": \"play\"}]}", "$.turn[1].kind",
			`duplicate key "kind" at line 4, column 4 (first at line 3, column 4)`},
		{"duplicate deep", `{"a": {"b": [[{"c": {"d": 1, "d": 1}}]]}}`, "$.a.b[0][0].c.d", `duplicate key "d"`},
		{"duplicate after a nested value", `{"a": {"x": 1}, "b": [1, 2], "a": null}`, "$.a", `duplicate key "a" at line 1, column 30`},
		{"duplicate through an escape", `{"a": 1, "\u0061": 2}`, "$.a", `duplicate key "a"`},
		{"duplicate odd key", "{\"x y\": 1, \"x y\": 2}", `$["x y"]`, `duplicate key "x y"`},
		{"duplicate control key", "{\"\\u001b[31m\": 1, \"\\u001b[31m\": 2}", `$["\x1b[31m"]`, `duplicate key "\x1b[31m"`},
		{"invalid UTF-8", "{\"name\": \"a\xffb\"}", "$", "invalid UTF-8 at line 1, column 12: JSON text must be UTF-8"},
		{"truncated UTF-8", "{\"name\": \"\xc3\"}", "$", "invalid UTF-8 at line 1, column 11"},
		{"valid UTF-8", `{"name": "Crazy ♠ édition"}`, "", ""},
		{"syntax", `{"a": }`, "$", "invalid JSON at line 1, column 7"},
		{"empty", ``, "$", "empty input: expected a JSON object"},
		{"byte order mark", "\ufeff{}", "$", "starts with a UTF-8 byte order mark, which JSON does not allow: save the genome as UTF-8 without one"},
		{"trailing", `{} {}`, "$", "unexpected data after the genome at line 1, column 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v any
			path, problem := DecodeAt([]byte(tc.in), &v, "a JSON object", "genome")
			if path != tc.path || !strings.HasPrefix(problem, tc.problem) || (tc.problem == "") != (problem == "") {
				t.Errorf("got %q %q, want %q %q...", path, problem, tc.path, tc.problem)
			}
		})
	}
}

// Decode, whose callers report a problem at "$", names the path of a
// duplicate in its message.
func TestDecodeNamesPath(t *testing.T) {
	var v any
	got := Decode([]byte(`{"rates": {"seed": 1, "seed": 2}}`), &v, "a JSON object", "JSON document")
	want := `$.rates.seed: duplicate key "seed" at line 1, column 23 (first at line 1, column 12)`
	if !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want %q...", got, want)
	}
	if got := Decode([]byte(`[]`), &v, "a JSON object", "JSON document"); got != "" {
		t.Errorf("valid document: %q", got)
	}
}

func TestKey(t *testing.T) {
	for in, want := range map[string]string{
		"draw_max": "$.draw_max",
		"A1":       "$.A1",
		"":         `$[""]`,
		"a.b":      `$["a.b"]`,
		"é":        `$["é"]`,
		"\x00":     `$["\x00"]`,
	} {
		if got := Key("$", in); got != want {
			t.Errorf("Key(%q) = %s, want %s", in, got, want)
		}
	}
}
