package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// table is a CSV file of the run directory read whole: its header and its
// rows. Its accessors remember the first problem (err), so that a reader
// can read a row's fields in a sequence and check once: the problem names
// the line and the column, and why (the caller names the file).
type table struct {
	head []string
	rows [][]string
	err  error
}

// readTable parses data as a CSV file whose header is want, or want
// followed by extra (columns a file may have, all or none).
func readTable(data []byte, want []string, extra ...string) (*table, error) {
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("empty: want a header line (%s)", strings.Join(want, ","))
	}
	head := recs[0]
	if !slices.Equal(head, want) && (len(extra) == 0 || !slices.Equal(head, slices.Concat(want, extra))) {
		return nil, fmt.Errorf("line 1: the header is %q, want %q", strings.Join(head, ","), strings.Join(want, ","))
	}
	return &table{head: head, rows: recs[1:]}, nil
}

// has reports whether the header has column col.
func (t *table) has(col string) bool { return slices.Contains(t.head, col) }

// cell returns row i's value of column col.
func (t *table) cell(i int, col string) string {
	j := slices.Index(t.head, col)
	if j < 0 || j >= len(t.rows[i]) {
		t.fail(i, col, "missing")
		return ""
	}
	return t.rows[i][j]
}

func (t *table) fail(i int, col, format string, args ...any) {
	if t.err == nil {
		t.err = fmt.Errorf("line %d, column %s: %s", i+2, col, fmt.Sprintf(format, args...))
	}
}

// str returns row i's text in column col.
func (t *table) str(i int, col string) string { return t.cell(i, col) }

// float returns row i's number in column col, which must be finite.
func (t *table) float(i int, col string) float64 {
	s := t.cell(i, col)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		t.fail(i, col, "%q is not a finite number", s)
		return 0
	}
	return v
}

// count returns row i's count in column col: an integer from 0.
func (t *table) count(i int, col string) int {
	s := t.cell(i, col)
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		t.fail(i, col, "%q is not a count (an integer from 0)", s)
		return 0
	}
	return v
}
