// Package jsontree reads one JSON document strictly into a generic tree
// (numbers kept as json.Number) and names what is wrong with input, for
// the decoders that report problems at JSON paths (genomes, configuration
// files).
//
// Strict means more than encoding/json checks: the text must be UTF-8
// (encoding/json silently turns invalid bytes into U+FFFD), nothing may
// follow the document, and no object, at any depth, may name a key twice
// (encoding/json keeps the last value, so a file could say one thing to a
// reader and another to the program).
package jsontree

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Decode decodes the one JSON document of data into v, or says what is
// wrong with it, as DecodeAt does; a problem inside the document names
// its JSON path in the message.
func Decode(data []byte, v any, want, doc string) (problem string) {
	path, problem := DecodeAt(data, v, want, doc)
	if problem != "" && path != "$" {
		return path + ": " + problem
	}
	return problem
}

// DecodeAt decodes the one JSON document of data into v, or says what is
// wrong with it and where: a byte order mark, a syntax error with its line and column, empty
// input (where want, such as "a JSON object", was expected), anything after
// the document (doc names it: "genome"), bytes that are not UTF-8, or a key
// that appears twice in one object. path is "$" for a problem of the whole
// document, else the JSON path of the offending value ("$.turn[0].kind"
// for the second "kind" key of the first phase). v may hold a partial
// result when there is a problem.
func DecodeAt(data []byte, v any, want, doc string) (path, problem string) {
	if bytes.HasPrefix(data, []byte("\ufeff")) {
		return "$", fmt.Sprintf("starts with a UTF-8 byte order mark, which JSON does not allow: save the %s as UTF-8 without one", doc)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := dec.Decode(v)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return "$", fmt.Sprintf("invalid JSON at %s: %s", Position(data, max(se.Offset-1, 0)), se.Error())
	case errors.As(err, &te):
		return "$", fmt.Sprintf("expected %s, got a JSON %s", want, te.Value)
	case errors.Is(err, io.EOF):
		return "$", "empty input: expected " + want
	case err != nil:
		return "$", "invalid JSON: " + err.Error()
	}
	off := dec.InputOffset()
	if rest := bytes.TrimLeft(data[off:], " \t\r\n"); len(rest) > 0 {
		return "$", fmt.Sprintf("unexpected data after the %s at %s", doc, Position(data, int64(len(data)-len(rest))))
	}
	if bad := invalidUTF8(data[:off]); bad >= 0 {
		return "$", fmt.Sprintf("invalid UTF-8 at %s: JSON text must be UTF-8", Position(data, int64(bad)))
	}
	return duplicateKey(data[:off])
}

// invalidUTF8 returns the offset of the first byte of data that is not
// part of a valid UTF-8 sequence, or -1.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		if data[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// frame is an object or array being walked by duplicateKey.
type frame struct {
	path    string           // the container's own path
	object  bool             // an object, else an array
	keys    map[string]int64 // an object's keys so far, with their offsets
	wantKey bool             // an object expects a key (or its end) next
	value   string           // an object's path of the value after the key just read
	index   int              // an array's next element
}

// duplicateKey walks data, one syntactically valid JSON document, and
// reports the first key that appears twice in one object, at the path of
// its second appearance. Keys are compared as decoded, so "a" and "\u0061"
// are the same key.
func duplicateKey(data []byte) (path, problem string) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*frame
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			// io.EOF after the document; anything else was already
			// reported by DecodeAt, which saw the same bytes.
			return "", ""
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		if top != nil && top.object && top.wantKey {
			k, _ := tok.(string)
			// The key starts after the separators Token skipped.
			at := int64(len(data)) - int64(len(bytes.TrimLeft(data[start:], " \t\r\n,")))
			top.value = Key(top.path, k)
			if first, dup := top.keys[k]; dup {
				return top.value, fmt.Sprintf("duplicate key %q at %s (first at %s): a key may appear only once in an object",
					k, Position(data, at), Position(data, first))
			}
			top.keys[k] = at
			top.wantKey = false
			continue
		}
		// A value: its path.
		p := "$"
		switch {
		case top == nil:
		case top.object:
			p = top.value
			top.wantKey = true
		default:
			p = top.path + "[" + strconv.Itoa(top.index) + "]"
			top.index++
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{path: p, object: true, keys: map[string]int64{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{path: p})
		}
	}
}

// Key returns the JSON path of key k of the object at path: path.k for a
// key of letters, digits and underscores, else path["k"] with k quoted as
// in Go, so that no key, however strange, prints raw.
func Key(path, k string) string {
	plain := k != ""
	for _, c := range k {
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			plain = false
			break
		}
	}
	if plain {
		return path + "." + k
	}
	return path + "[" + strconv.Quote(k) + "]"
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
