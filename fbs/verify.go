package fbs

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// The FlatBuffers Go runtime reads whatever offsets a buffer holds and
// panics (or reads garbage) on a malformed one: it has no verifier. This
// file is one, driven by a description of each table (tableSpec) that
// mirrors the schemas; TestSpecsMatchSchemas parses fbs/*.fbs and fails if
// the two ever differ. The checks are those of the C++ flatbuffers::Verifier,
// a little stricter (alignment of vector elements, UTF-8 strings, fields
// that do not overlap their table's vtable offset), so that a buffer that
// passes can be read with the generated accessors without any index going
// out of range. Fields may be scalars, strings, vectors of scalars, vectors
// of strings, tables and vectors of tables (each element's offset and
// string or table checked); tables
// nest at most maxDepth deep; and an object that several offsets lead to
// (FlatBuffers lets writers share tables, vectors and strings) is checked
// once, so that the work stays linear in the buffer's size.

// maxBuffer is the largest buffer FlatBuffers can address (2 GiB - 1).
const maxBuffer = 1<<31 - 1

// kind is what a table field holds.
type kind uint8

const (
	kScalar  kind = iota // inline scalar of size bytes
	kString              // offset to a UTF-8 string
	kVector              // offset to a vector of size-byte scalars
	kTable               // offset to a table described by sub
	kTables              // offset to a vector of offsets to tables described by sub
	kStrings             // offset to a vector of offsets to UTF-8 strings
)

// maxDepth bounds how deeply tables may nest (the root is depth 1), as the
// C++ verifier's max_depth does. The schemas are not recursive, so the
// descriptions bound the depth already; this is the net should one become
// recursive.
const maxDepth = 64

// field describes one field of a table; its slot is its index in
// tableSpec.fields (vtable entry 4 + 2*slot).
type field struct {
	name string
	kind kind
	size int        // scalar or vector element size in bytes
	fbs  string     // the type as the schema writes it (checked by a test)
	sub  *tableSpec // kTable only
}

// tableSpec describes a table as the schema declares it.
type tableSpec struct {
	name   string
	fields []field
}

func scalar(name, fbsType string, size int) field {
	return field{name: name, kind: kScalar, size: size, fbs: fbsType}
}

func vector(name, fbsType string, elem int) field {
	return field{name: name, kind: kVector, size: elem, fbs: "[" + fbsType + "]"}
}

func str(name string) field { return field{name: name, kind: kString, size: 1, fbs: "string"} }

func strs(name string) field { return field{name: name, kind: kStrings, size: 4, fbs: "[string]"} }

func table(name string, sub *tableSpec) field {
	return field{name: name, kind: kTable, sub: sub, fbs: sub.name}
}

func tables(name string, sub *tableSpec) field {
	return field{name: name, kind: kTables, size: 4, sub: sub, fbs: "[" + sub.name + "]"}
}

// Slot numbers: the order of fields below is the order of the schema.
const (
	// ProgramFile
	pfVersion = iota
	pfFormatVersion
	pfSemanticsVersion
	pfName
	pfGenomeHash
	pfGenomeJSON
	pfSummary
	pfBytecode
)

const (
	// BatchRequest
	rqVersion = iota
	rqProgram
	rqGames
	rqSeats
	rqPolicies // deprecated: version 1's policy numbers
	rqSeed
	rqWorkers
	rqPolicySpecs
)

const (
	// BatchResult
	rsVersion = iota
	rsSeed
	rsGames
	rsStats
	rsFormatVersion
	rsSemanticsVersion
)

const (
	// Stats
	stGames = iota
	stSeats
	stWins
	stTies
	stCapped
	stAborted
	stTurns
	stDecisions
	stPlays
	stOptions
	stForced
	stLeadChanges
	stInteractions
	stEffects
	stInformed
	stDraws
	stPasses
	stBlocked
	stFizzled
	stResponses
	stCancelled
	stCaptures
	stDeals
)

const (
	// Dist
	dSum = iota
	dMax
	dHist
)

var distSpec = &tableSpec{name: "Dist", fields: []field{
	dSum:  scalar("sum", "ulong", 8),
	dMax:  scalar("max", "ulong", 8),
	dHist: vector("hist", "ulong", 8),
}}

var statsSpec = &tableSpec{name: "Stats", fields: []field{
	stGames:        scalar("games", "ulong", 8),
	stSeats:        scalar("seats", "ubyte", 1),
	stWins:         vector("wins", "ulong", 8),
	stTies:         scalar("ties", "ulong", 8),
	stCapped:       scalar("capped", "ulong", 8),
	stAborted:      scalar("aborted", "ulong", 8),
	stTurns:        table("turns", distSpec),
	stDecisions:    table("decisions", distSpec),
	stPlays:        table("plays", distSpec),
	stOptions:      scalar("options", "ulong", 8),
	stForced:       scalar("forced", "ulong", 8),
	stLeadChanges:  scalar("lead_changes", "ulong", 8),
	stInteractions: scalar("interactions", "ulong", 8),
	stEffects:      vector("effects", "ulong", 8),
	stInformed:     scalar("informed", "ulong", 8),
	stDraws:        scalar("draws", "ulong", 8),
	stPasses:       scalar("passes", "ulong", 8),
	stBlocked:      scalar("blocked", "ulong", 8),
	stFizzled:      scalar("fizzled", "ulong", 8),
	stResponses:    scalar("responses", "ulong", 8),
	stCancelled:    scalar("cancelled", "ulong", 8),
	stCaptures:     scalar("captures", "ulong", 8),
	stDeals:        scalar("deals", "ulong", 8),
}}

var programSpec = &tableSpec{name: "ProgramFile", fields: []field{
	pfVersion:          scalar("version", "ushort", 2),
	pfFormatVersion:    scalar("format_version", "ubyte", 1),
	pfSemanticsVersion: scalar("semantics_version", "ubyte", 1),
	pfName:             str("name"),
	pfGenomeHash:       vector("genome_hash", "ubyte", 1),
	pfGenomeJSON:       str("genome_json"),
	pfSummary:          str("summary"),
	pfBytecode:         vector("bytecode", "ubyte", 1),
}}

var requestSpec = &tableSpec{name: "BatchRequest", fields: []field{
	rqVersion:  scalar("version", "ushort", 2),
	rqProgram:  vector("program", "ubyte", 1),
	rqGames:    scalar("games", "ulong", 8),
	rqSeats:    scalar("seats", "ubyte", 1),
	rqPolicies: vector("policies", "ubyte", 1),
	rqSeed:     scalar("seed", "ulong", 8),
	rqWorkers:  scalar("workers", "uint", 4),
	// policy_specs is a vector of strings, each verified.
	rqPolicySpecs: strs("policy_specs"),
}}

var resultSpec = &tableSpec{name: "BatchResult", fields: []field{
	rsVersion:          scalar("version", "ushort", 2),
	rsSeed:             scalar("seed", "ulong", 8),
	rsGames:            scalar("games", "ulong", 8),
	rsStats:            table("stats", statsSpec),
	rsFormatVersion:    scalar("format_version", "ubyte", 1),
	rsSemanticsVersion: scalar("semantics_version", "ubyte", 1),
}}

var ratesSpec = &tableSpec{name: "Rates", fields: []field{
	scalar("add_effect", "double", 8),
	scalar("remove_effect", "double", 8),
	scalar("mutate_effect", "double", 8),
	scalar("structure", "double", 8),
	scalar("crossover", "double", 8),
}}

var weightsSpec = &tableSpec{name: "Weights", fields: []field{
	scalar("completion", "double", 8),
	scalar("balance", "double", 8),
	scalar("decisions", "double", 8),
	scalar("lead_changes", "double", 8),
	scalar("interaction", "double", 8),
	scalar("length", "double", 8),
	scalar("skill", "double", 8),
	scalar("simplicity", "double", 8),
	scalar("effects", "double", 8),
}}

var configSpec = &tableSpec{name: "Config", fields: []field{
	scalar("population", "uint", 4),
	scalar("generations", "uint", 4),
	scalar("games", "ulong", 8),
	scalar("skill_games", "ulong", 8),
	scalar("seed", "ulong", 8),
	scalar("elite", "uint", 4),
	scalar("tournament", "uint", 4),
	table("rates", ratesSpec),
	table("weights", weightsSpec),
	scalar("target_length", "ulong", 8),
	scalar("cap_budget", "double", 8),
	scalar("sharing", "double", 8),
	scalar("rescore", "ulong", 8),
	scalar("retries", "uint", 4),
	scalar("hall_spacing", "double", 8),
	scalar("ablation_games", "ulong", 8),
	str("skill"),
	str("ladder"),
	scalar("ladder_games", "ulong", 8),
	str("search"),
	scalar("islands", "uint", 4),
	scalar("migrate_every", "uint", 4),
	scalar("migrants", "uint", 4),
	str("topology"),
}}

var metricsSpec = &tableSpec{name: "Metrics", fields: []field{
	scalar("completion", "double", 8),
	scalar("balance", "double", 8),
	scalar("decisions", "double", 8),
	scalar("lead_changes", "double", 8),
	scalar("interaction", "double", 8),
	scalar("length", "double", 8),
	scalar("skill", "double", 8),
	scalar("simplicity", "double", 8),
	scalar("effects", "double", 8),
}}

var scoreSpec = &tableSpec{name: "Score", fields: []field{
	scalar("fitness", "double", 8),
	table("metrics", metricsSpec),
	str("degenerate"),
	scalar("games", "ulong", 8),
	scalar("evals", "uint", 4),
	scalar("decisions_per_seat", "double", 8),
}}

var individualSpec = &tableSpec{name: "Individual", fields: []field{
	str("genome_json"),
	vector("hash", "ubyte", 1),
	table("score", scoreSpec),
	str("origin"),
	scalar("born", "uint", 4),
}}

var genStatsSpec = &tableSpec{name: "GenStats", fields: []field{
	scalar("gen", "uint", 4),
	scalar("best", "double", 8),
	scalar("mean", "double", 8),
	scalar("median", "double", 8),
	scalar("diversity", "double", 8),
	scalar("evaluated", "uint", 4),
	scalar("reevaluated", "uint", 4),
	scalar("games", "ulong", 8),
	str("best_hash"),
	scalar("filled", "uint", 4),
	scalar("coverage", "uint", 4),
	scalar("qd_score", "double", 8),
}}

var opStatsSpec = &tableSpec{name: "OpStats", fields: []field{
	str("name"),
	scalar("applied", "ulong", 8),
	scalar("first_try", "ulong", 8),
	scalar("failed", "ulong", 8),
}}

var cacheEntrySpec = &tableSpec{name: "CacheEntry", fields: []field{
	vector("hash", "ubyte", 1),
	table("score", scoreSpec),
}}

var lineageSpec = &tableSpec{name: "Lineage", fields: []field{
	scalar("generation", "uint", 4),
	vector("child", "ubyte", 1),
	vector("parents", "ubyte", 1),
	str("operators"),
	scalar("parent_fitness", "double", 8),
	scalar("child_fitness", "double", 8),
}}

// checked is a table that passed verification, with where its fields are.
// A table that several offsets lead to (FlatBuffers lets a writer share
// one) is verified once and has one checked.
type checked struct {
	spec  *tableSpec
	pos   int          // the table's position in the buffer
	at    []int        // per slot: absolute offset of the inline field, or -1 if absent
	data  []int        // per slot: for strings and vectors, absolute offset of the first element
	n     []int        // per slot: for strings and vectors, the element count
	sub   []*checked   // per slot: for tables, the checked sub-table (nil if absent)
	elems [][]*checked // per slot: for vectors of tables, the checked elements (nil if no such field)
	strs  [][]int      // per slot: for vectors of strings, where each string's bytes start (nil if no such field)

	height int // 1 + the deepest nesting of tables under this one
}

// checkedVector is a vector of tables that passed verification.
type checkedVector struct {
	elems  []*checked
	height int // the greatest height of its elements (0 if empty)
}

func (c *checked) has(slot int) bool { return c.at[slot] >= 0 }

// where returns the best offset to report for a problem with a field: its
// data if it has any, the inline field if present, else the table.
func (c *checked) where(slot int) int {
	switch {
	case c.at[slot] < 0:
		return c.pos
	case c.data[slot] >= 0:
		return c.data[slot]
	default:
		return c.at[slot]
	}
}

// verifier walks one buffer.
//
// Work is linear in the buffer whatever it holds: a table, a vector of
// tables or a string that several offsets lead to is checked once (the memo
// maps), so a small buffer whose offsets all lead to one large object
// cannot make verification (or a UTF-8 check) quadratic.
type verifier struct {
	buf     []byte
	len     int64
	tables  map[memoKey]*checked // verified tables, by position and description
	vectors map[memoKey]*checkedVector
	strings map[int64]bool // positions of strings found valid
}

type memoKey struct {
	pos  int64
	spec *tableSpec
}

func (v *verifier) u16(at int64) int64 { return int64(binary.LittleEndian.Uint16(v.buf[at:])) }
func (v *verifier) u32(at int64) int64 { return int64(binary.LittleEndian.Uint32(v.buf[at:])) }

// verifyRoot checks the header (root offset and file identifier) and the
// whole tree of tables under the root, which spec describes.
func verifyRoot(buf []byte, ident string, spec *tableSpec) (*checked, error) {
	if len(buf) < 8 {
		return nil, errorf(len(buf), spec.name, "file of %d bytes is shorter than the 8-byte header (root offset, file identifier %q)", len(buf), ident)
	}
	if len(buf) > maxBuffer {
		return nil, errorf(0, spec.name, "file of %d bytes is larger than a FlatBuffer can be (%d)", len(buf), maxBuffer)
	}
	if id := string(buf[4:8]); id != ident {
		return nil, errorf(4, spec.name, "file identifier %q, want %q", id, ident)
	}
	v := &verifier{buf: buf, len: int64(len(buf))}
	root := v.u32(0)
	if root < 8 {
		return nil, errorf(0, spec.name, "root offset %d points into the header", root)
	}
	return v.table(0, root, spec, spec.name, 1)
}

// offset follows the uoffset stored at at (already checked to be in the
// buffer and aligned) and returns its target.
func (v *verifier) offset(at int64, path string) (int64, error) {
	u := v.u32(at)
	switch {
	case u == 0:
		return 0, errorf(at, path, "offset 0 points to itself")
	case u > maxBuffer:
		return 0, errorf(at, path, "offset %d is larger than a FlatBuffer can be", u)
	case at+u >= v.len:
		return 0, errorf(at, path, "offset %d leads to byte %d, past the end of the %d-byte buffer", u, at+u, v.len)
	}
	return at + u, nil
}

// table checks the table at pos, reached from the offset at from, and every
// field spec describes; depth is its nesting depth (the root's is 1).
func (v *verifier) table(from, pos int64, spec *tableSpec, path string, depth int) (*checked, error) {
	if c, ok := v.tables[memoKey{pos, spec}]; ok {
		// Verified already, through another offset, maybe at another
		// depth: only the depth remains to check.
		if depth+c.height-1 > maxDepth {
			return nil, errorf(from, path, "tables nest more than %d deep", maxDepth)
		}
		return c, nil
	}
	if depth > maxDepth {
		return nil, errorf(from, path, "tables nest more than %d deep", maxDepth)
	}
	if pos%4 != 0 {
		return nil, errorf(from, path, "table at byte %d is not 4-byte aligned", pos)
	}
	if pos+4 > v.len {
		return nil, errorf(from, path, "table at byte %d runs past the end of the %d-byte buffer", pos, v.len)
	}
	so := int64(int32(v.u32(pos)))
	vt := pos - so
	if vt < 0 || vt+4 > v.len {
		return nil, errorf(pos, path, "vtable offset %d leads to byte %d, outside the %d-byte buffer", so, vt, v.len)
	}
	if vt%2 != 0 {
		return nil, errorf(pos, path, "vtable at byte %d is not 2-byte aligned", vt)
	}
	vtLen, tLen := v.u16(vt), v.u16(vt+2)
	if vtLen < 4 || vtLen%2 != 0 {
		return nil, errorf(vt, path, "vtable size %d (it must be even and at least 4)", vtLen)
	}
	if vt+vtLen > v.len {
		return nil, errorf(vt, path, "vtable of %d bytes at byte %d runs past the end of the %d-byte buffer", vtLen, vt, v.len)
	}
	if tLen < 4 {
		return nil, errorf(vt+2, path, "table size %d is less than its 4-byte vtable offset", tLen)
	}
	if pos+tLen > v.len {
		return nil, errorf(vt+2, path, "table of %d bytes at byte %d runs past the end of the %d-byte buffer", tLen, pos, v.len)
	}
	n := len(spec.fields)
	c := &checked{spec: spec, pos: int(pos), height: 1, at: make([]int, n), data: make([]int, n), n: make([]int, n), sub: make([]*checked, n)}
	for _, f := range spec.fields {
		switch f.kind {
		case kTables:
			if c.elems == nil {
				c.elems = make([][]*checked, n)
			}
		case kStrings:
			if c.strs == nil {
				c.strs = make([][]int, n)
			}
		}
	}
	for slot, f := range spec.fields {
		c.at[slot], c.data[slot] = -1, -1
		vo := int64(4 + 2*slot)
		if vo+2 > vtLen {
			continue // the vtable ends before this field: absent
		}
		fo := v.u16(vt + vo)
		if fo == 0 {
			continue // absent: the default
		}
		fpath := path + "." + f.name
		size := int64(4) // offset fields
		if f.kind == kScalar {
			size = int64(f.size)
		}
		if fo < 4 || fo+size > tLen {
			return nil, errorf(vt+vo, fpath, "field offset %d (%d bytes) is outside its table's %d bytes", fo, size, tLen)
		}
		at := pos + fo
		if at%size != 0 {
			return nil, errorf(at, fpath, "field at byte %d is not %d-byte aligned", at, size)
		}
		c.at[slot] = int(at)
		if f.kind == kScalar {
			continue
		}
		target, err := v.offset(at, fpath)
		if err != nil {
			return nil, err
		}
		if f.kind == kTable {
			sub, err := v.table(at, target, f.sub, fpath, depth+1)
			if err != nil {
				return nil, err
			}
			c.sub[slot] = sub
			c.height = max(c.height, 1+sub.height)
			continue
		}
		data, cnt, err := v.vector(at, target, int64(f.size), f.kind == kString, fpath)
		if err != nil {
			return nil, err
		}
		c.data[slot], c.n[slot] = int(data), int(cnt)
		switch f.kind {
		case kTables:
			tv, err := v.tableVector(target, data, cnt, f.sub, fpath, depth+1)
			if err != nil {
				return nil, err
			}
			c.elems[slot] = tv.elems
			c.height = max(c.height, 1+tv.height)
		case kStrings:
			c.strs[slot], err = v.stringVector(data, cnt, fpath)
			if err != nil {
				return nil, err
			}
		}
	}
	if v.tables == nil {
		v.tables = map[memoKey]*checked{}
	}
	v.tables[memoKey{pos, spec}] = c
	return c, nil
}

// tableVector checks the elements of the vector of tables at target
// (whose n offsets, starting at data, the caller checked to be in the
// buffer): each element's offset, then its table at nesting depth depth.
func (v *verifier) tableVector(target, data, n int64, spec *tableSpec, path string, depth int) (*checkedVector, error) {
	if tv, ok := v.vectors[memoKey{target, spec}]; ok {
		if depth+tv.height-1 > maxDepth {
			return nil, errorf(target, path, "tables nest more than %d deep", maxDepth)
		}
		return tv, nil
	}
	tv := &checkedVector{elems: make([]*checked, n)}
	for i := range n {
		at := data + 4*i
		epath := path + "[" + strconv.FormatInt(i, 10) + "]"
		pos, err := v.offset(at, epath)
		if err != nil {
			return nil, err
		}
		e, err := v.table(at, pos, spec, epath, depth)
		if err != nil {
			return nil, err
		}
		tv.elems[i] = e
		tv.height = max(tv.height, e.height)
	}
	if v.vectors == nil {
		v.vectors = map[memoKey]*checkedVector{}
	}
	v.vectors[memoKey{target, spec}] = tv
	return tv, nil
}

// stringVector checks the strings of a vector of strings whose n offsets,
// starting at data, the caller checked to be in the buffer, and returns
// where each string's bytes start. Each string is checked once however
// many offsets lead to it (the verifier's memo), so the work stays linear.
func (v *verifier) stringVector(data, n int64, path string) ([]int, error) {
	out := make([]int, n)
	for i := range n {
		at := data + 4*i
		epath := path + "[" + strconv.FormatInt(i, 10) + "]"
		target, err := v.offset(at, epath)
		if err != nil {
			return nil, err
		}
		sdata, _, err := v.vector(at, target, 1, true, epath)
		if err != nil {
			return nil, err
		}
		out[i] = int(sdata)
	}
	return out, nil
}

// vector checks the vector or string at target (reached from the offset at
// from) and returns where its elements start and how many there are.
func (v *verifier) vector(from, target, elem int64, isString bool, path string) (data, n int64, err error) {
	what := "vector"
	if isString {
		what = "string"
	}
	if target%4 != 0 {
		return 0, 0, errorf(from, path, "%s at byte %d is not 4-byte aligned", what, target)
	}
	if target+4 > v.len {
		return 0, 0, errorf(target, path, "%s length at byte %d runs past the end of the %d-byte buffer", what, target, v.len)
	}
	n = v.u32(target)
	data = target + 4
	if data%elem != 0 {
		return 0, 0, errorf(target, path, "%s elements at byte %d are not %d-byte aligned", what, data, elem)
	}
	if n > (v.len-data)/elem {
		return 0, 0, errorf(target, path, "%s of %d elements of %d bytes at byte %d runs past the end of the %d-byte buffer", what, n, elem, data, v.len)
	}
	if isString && !v.strings[target] {
		end := data + n
		if end >= v.len {
			return 0, 0, errorf(target, path, "string of %d bytes at byte %d has no terminating NUL (the buffer ends)", n, data)
		}
		if v.buf[end] != 0 {
			return 0, 0, errorf(end, path, "string of %d bytes at byte %d is not NUL-terminated", n, data)
		}
		if s := v.buf[data:end]; !utf8.Valid(s) {
			bad := data
			for i := 0; i < len(s); {
				r, w := utf8.DecodeRune(s[i:])
				if r == utf8.RuneError && w <= 1 {
					bad = data + int64(i)
					break
				}
				i += w
			}
			return 0, 0, errorf(bad, path, "string is not valid UTF-8 (byte %d)", bad)
		}
		if v.strings == nil {
			v.strings = map[int64]bool{}
		}
		v.strings[target] = true
	}
	return data, n, nil
}

// Error is a problem with a FlatBuffers file: where (a byte offset into the
// file, or -1), in which field, and why. Err, when set, is the underlying
// error of another package (bytecode, genome, vm), also returned by Unwrap.
type Error struct {
	Offset int    // byte offset in the file, -1 when the problem has no one place
	Path   string // the table and field, e.g. "BatchResult.stats.turns.hist"
	Reason string
	Err    error
}

func (e *Error) Error() string {
	var s string
	if e.Offset >= 0 {
		s = fmt.Sprintf("fbs: byte %d (0x%04x): ", e.Offset, e.Offset)
	} else {
		s = "fbs: "
	}
	if e.Path != "" {
		s += e.Path + ": "
	}
	return s + e.Reason
}

func (e *Error) Unwrap() error { return e.Err }

func errorf[T int | int64](off T, path, format string, args ...any) *Error {
	return &Error{Offset: int(off), Path: path, Reason: fmt.Sprintf(format, args...)}
}

func wrap(off int, path, what string, err error) *Error {
	return &Error{Offset: off, Path: path, Reason: what + ": " + err.Error(), Err: err}
}
