// Package jsontree reads one JSON document strictly into a generic tree
// (numbers kept as json.Number) and names what is wrong with input, for
// the decoders that report problems at JSON paths (genomes, configuration
// files).
package jsontree

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Decode decodes the one JSON document of data into v, or says what is
// wrong with it: a syntax error with its line and column, empty input
// (where want, such as "a JSON object", was expected), or anything after
// the document (doc names it: "genome").
func Decode(data []byte, v any, want, doc string) (problem string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := dec.Decode(v)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON at %s: %s", Position(data, max(se.Offset-1, 0)), se.Error())
	case errors.As(err, &te):
		return fmt.Sprintf("expected %s, got a JSON %s", want, te.Value)
	case errors.Is(err, io.EOF):
		return "empty input: expected " + want
	case err != nil:
		return "invalid JSON: " + err.Error()
	}
	off := dec.InputOffset()
	if rest := bytes.TrimLeft(data[off:], " \t\r\n"); len(rest) > 0 {
		return fmt.Sprintf("unexpected data after the %s at %s", doc, Position(data, int64(len(data)-len(rest))))
	}
	return ""
}

// Position renders a byte offset of data as "line L, column C".
func Position(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("line %d, column %d", line, col)
}

// Kind names a decoded JSON value for an error message: "null", "a
// boolean", "the number 3", "the string \"x\"", "an array", "an object".
func Kind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "the number " + string(x)
	case string:
		return fmt.Sprintf("the string %q", x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
