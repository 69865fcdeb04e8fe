package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/fbs"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// The bad-input sweep: one table of inputs that a new user or an attacker
// could give the CLI, each of which must be refused. Every row says how:
// the exit code (never 0), the start of the first line of stderr, and the
// files it must leave exactly as they were. Across the table: no panic, no
// bad input accepted, no target changed.

// Categories of the sweep. Each holds at least minPerCategory rows, and
// the whole table at least minSweepRows.
const (
	catGenome     = "genome"
	catProgram    = "program"
	catCheckpoint = "checkpoint"
	catRequest    = "batch request"
	catFlags      = "flags"
	catPaths      = "paths"
	catOutput     = "output targets"

	minPerCategory = 10
	minSweepRows   = 150
)

var sweepCategories = []string{catGenome, catProgram, catCheckpoint, catRequest, catFlags, catPaths, catOutput}

// sweepRow is one bad input.
type sweepRow struct {
	cat  string
	name string
	args []string
	code int    // expected exit code: exitUsage, exitError or exitInterrupt
	want string // the start of stderr's first line
	// has is text stderr must also hold, where the start alone cannot tell
	// a clear message from an unclear one (or one problem from all).
	has []string
	// keep lists the paths that must be unchanged afterwards: same type,
	// permission bits and bytes, a symbolic link pointing at the same place,
	// a directory holding the same entries.
	keep []string
	// devFull sends stdout to /dev/full, where every write fails.
	devFull bool
	// interrupted runs the row with its context already cancelled, as by a
	// Ctrl-C or SIGTERM before it starts.
	interrupted bool
	// dir is the current directory for the row (default: an empty one).
	dir string
	// partial allows output on stdout before the failure (a run that fails
	// once it has started); otherwise a refused input prints nothing there.
	partial bool
}

// TestBadInputSweep runs every row of the sweep in-process and checks its
// exit code, message, stdout and targets. A panic fails the row (and is
// counted); run itself recovers nothing.
func TestBadInputSweep(t *testing.T) {
	fx := t.TempDir()
	cwd := t.TempDir() // for the rows about names in the current directory
	t.Chdir(t.TempDir())
	rows := slices.Concat(
		genomeRows(t, fx),
		programRows(t, fx),
		checkpointRows(t, fx),
		requestRows(t, fx),
		flagRows(t),
		pathRows(t, fx, cwd),
		outputRows(t, fx),
	)

	count := map[string]int{}
	seen := map[string]bool{}
	panics := 0
	for _, r := range rows {
		count[r.cat]++
		id := r.cat + "/" + r.name
		if seen[id] {
			t.Errorf("two rows named %q", id)
		}
		seen[id] = true
		if r.code == exitOK || r.want == "" {
			t.Errorf("%s: every row is a bad input with a message: exit %d, want %q", id, r.code, r.want)
		}
		t.Run(id, func(t *testing.T) {
			if sweepRun(t, r) {
				panics++
			}
		})
	}
	if panics > 0 {
		t.Errorf("%d rows panicked", panics)
	}
	for _, c := range sweepCategories {
		t.Logf("%-15s %3d rows", c, count[c])
		if count[c] < minPerCategory {
			t.Errorf("category %s has %d rows, want at least %d", c, count[c], minPerCategory)
		}
	}
	for c := range count {
		if !slices.Contains(sweepCategories, c) {
			t.Errorf("row category %q is not one of %v", c, sweepCategories)
		}
	}
	t.Logf("%-15s %3d rows", "total", len(rows))
	if len(rows) < minSweepRows {
		t.Errorf("the sweep has %d rows, want at least %d", len(rows), minSweepRows)
	}
}

// sweepRun runs one row and checks it. It reports whether run panicked.
func sweepRun(t *testing.T, r sweepRow) (panicked bool) {
	if r.dir != "" {
		t.Chdir(r.dir)
	}
	before := make([]string, len(r.keep))
	for i, p := range r.keep {
		before[i] = fileState(t, p)
	}
	var out bytes.Buffer
	var stdout io.Writer = &out
	if r.devFull {
		f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Skip("no /dev/full:", err)
		}
		defer f.Close()
		stdout = f
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if r.interrupted {
		cancel()
	}
	var errOut bytes.Buffer
	code := -1
	func() {
		defer func() {
			if v := recover(); v != nil {
				panicked = true
				t.Errorf("panic: %v\n%s", v, debug.Stack())
			}
		}()
		code = run(ctx, r.args, stdout, &errOut)
	}()
	e := errOut.String()
	if code != r.code {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, r.code, e)
	}
	first, _, _ := strings.Cut(e, "\n")
	if !strings.HasPrefix(first, r.want) {
		t.Errorf("stderr's first line:\n got %q\nwant %q...", first, r.want)
	}
	for _, h := range r.has {
		if !strings.Contains(e, h) {
			t.Errorf("stderr does not say %q:\n%s", h, e)
		}
	}
	if (code == exitUsage) != pointsToHelp(e) {
		t.Errorf("the usage text goes with exit 2 and only with it; stderr:\n%s", e)
	}
	if out.Len() > 0 && !r.partial {
		t.Errorf("a refused input printed on stdout:\n%s", out.String())
	}
	for i, p := range r.keep {
		if after := fileState(t, p); after != before[i] {
			t.Errorf("%s changed:\nbefore %s\nafter  %s", p, before[i], after)
		}
	}
	return panicked
}

// fileState describes what is at path without following it: its type and
// permission bits, and the bytes of a regular file, the target of a
// symbolic link or the entries of a directory (each described the same
// way). Devices and FIFOs are not opened.
func fileState(t *testing.T, path string) string {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		return "error: " + err.Error()
	}
	s := fi.Mode().String()
	switch {
	case fi.Mode().IsRegular():
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s += fmt.Sprintf(" %d bytes %q", len(b), b)
	case fi.Mode()&fs.ModeSymlink != 0:
		to, err := os.Readlink(path)
		if err != nil {
			t.Fatal(err)
		}
		s += " -> " + to
	case fi.IsDir():
		entries, err := os.ReadDir(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, en := range entries {
			s += fmt.Sprintf(" [%s: %s]", en.Name(), fileState(t, filepath.Join(path, en.Name())))
		}
	}
	return s
}

// sweepFile writes data to name in dir and returns its path.
func sweepFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// edited returns a copy of data changed by f.
func edited(data []byte, f func(b []byte) []byte) []byte {
	return f(bytes.Clone(data))
}

// warJSON is the genome of the seed game war as Encode writes it.
func warJSON(t *testing.T) string {
	t.Helper()
	js, err := testkit.SeedGenome(t, "war").Encode()
	if err != nil {
		t.Fatal(err)
	}
	return string(js)
}

// genomeRows: genome JSON files that must be refused, each with the path
// of its problem.
func genomeRows(t *testing.T, fx string) []sweepRow {
	war := warJSON(t)
	// variant writes war's genome with old replaced by new (which must be
	// there) and returns its path.
	variant := func(name, old, new string) string {
		t.Helper()
		if !strings.Contains(war, old) {
			t.Fatalf("%s: war's genome has no %q:\n%s", name, old, war)
		}
		return sweepFile(t, fx, name, []byte(strings.Replace(war, old, new, 1)))
	}
	type g struct {
		name, file string
		cmd        []string
		want       string // after "darwinsim: FILE: "
	}
	long := strings.Repeat("a", 300)
	cases := []g{
		{"duplicate key", variant("dup.json", `"name": "war"`, `"name": "war", "name": "evil"`), []string{"describe"},
			`$.name: duplicate key "name" at line `},
		{"duplicate nested key", variant("dup-nested.json", `"war_face_down": 3`, `"war_face_down": 3, "war_face_down": 2`), []string{"simulate", "-n", "20"},
			`$.turn[0].war_face_down: duplicate key "war_face_down" at line `},
		{"duplicate list key", variant("dup-list.json", `"turn": [`, `"turn": [], "turn": [`), []string{"compile"},
			`$.turn: duplicate key "turn" at line `},
		{"NUL in name", variant("nul.json", `"name": "war"`, `"name": "w\u0000ar"`), []string{"describe"},
			`$.name: holds the control character U+0000 at character 2`},
		{"ANSI escape in name", variant("ansi.json", `"name": "war"`, `"name": "w\u001b[2J\u001b[31mar"`), []string{"compile"},
			`$.name: holds the control character U+001B at character 2`},
		{"newline in name", variant("newline.json", `"name": "war"`, `"name": "war\nforged: 1"`), []string{"simulate", "-n", "20"},
			`$.name: holds the control character U+000A at character 4`},
		{"tab in name", variant("tab.json", `"name": "war"`, `"name": "w\tar"`), []string{"describe"},
			`$.name: holds the control character U+0009 at character 2`},
		{"bidi override in name", variant("bidi.json", `"name": "war"`, `"name": "w\u202ear"`), []string{"replay"},
			`$.name: holds the non-printable character U+202E at character 2`},
		{"lone surrogate in name", variant("surrogate.json", `"name": "war"`, `"name": "w\ud800ar"`), []string{"describe"},
			`$.name: holds U+FFFD, the replacement character`},
		{"invalid UTF-8 in name", variant("utf8.json", `"name": "war"`, "\"name\": \"w\xffar\""), []string{"describe"},
			`$: invalid UTF-8 at line `},
		{"raw control byte in a string", variant("ctl.json", `"name": "war"`, "\"name\": \"w\x01ar\""), []string{"describe"},
			`$: invalid JSON at line `},
		{"too-long name", variant("long-name.json", `"name": "war"`, `"name": "`+long+`"`), []string{"describe"},
			`$.name: is 300 characters long, at most 200`},
		{"NUL in summary", variant("nul-summary.json", `"summary": "`, `"summary": "\u0000`), []string{"describe"},
			`$.summary: holds the control character U+0000 at character 1`},
		{"too-long summary", variant("long-summary.json", `"summary": "`, `"summary": "`+strings.Repeat("b", 5000)), []string{"describe"},
			`$.summary: is `},
		{"unknown field", variant("unknown.json", `"turn_cap": 3000`, `"turn_cap": 3000, "colour": "red"`), []string{"describe"},
			`$.colour: unknown field "colour"`},
		{"field name in the wrong case", variant("case.json", `"turn_cap"`, `"Turn_Cap"`), []string{"simulate", "-n", "20"},
			`$.Turn_Cap: unknown field "Turn_Cap"`},
		{"string for an integer", variant("type-string.json", `"turn_cap": 3000`, `"turn_cap": "3000"`), []string{"describe"},
			`$.turn_cap: expected an integer, got the string "3000"`},
		{"fraction for an integer", variant("type-float.json", `"turn_cap": 3000`, `"turn_cap": 30.5`), []string{"describe"},
			`$.turn_cap: expected an integer, got 30.5`},
		{"exponent for an integer", variant("type-exp.json", `"turn_cap": 3000`, `"turn_cap": 3e3`), []string{"describe"},
			`$.turn_cap: expected an integer, got 3e3`},
		{"integer too large", variant("type-huge.json", `"turn_cap": 3000`, `"turn_cap": 99999999999999999999999`), []string{"describe"},
			`$.turn_cap: expected an integer, got 99999999999999999999999`},
		{"object for a string", variant("type-object.json", `"name": "war"`, `"name": {}`), []string{"describe"},
			`$.name: expected a string, got an object`},
		{"schema 0", variant("schema0.json", `"schema": 1`, `"schema": 0`), []string{"describe"},
			`$.schema: schema version 0 is not supported (this build reads version 1)`},
		{"schema 99", variant("schema99.json", `"schema": 1`, `"schema": 99`), []string{"simulate", "-n", "20"},
			`$.schema: schema version 99 is newer than this build reads (version 1): use a newer darwinsim`},
		{"schema -1", variant("schema-neg.json", `"schema": 1`, `"schema": -1`), []string{"describe"},
			`$.schema: schema version -1 is not supported`},
		{"schema missing", variant("schema-missing.json", `"schema": 1,`, ``), []string{"compile"},
			`$.schema: missing: a genome names the schema version it is written in`},
		{"schema null", variant("schema-null.json", `"schema": 1`, `"schema": null`), []string{"describe"},
			`$.schema: expected an integer, got null`},
		{"schema as a string", variant("schema-string.json", `"schema": 1`, `"schema": "1"`), []string{"describe"},
			`$.schema: expected an integer, got the string "1"`},
		{"schema 1.0", variant("schema-float.json", `"schema": 1`, `"schema": 1.0`), []string{"describe"},
			`$.schema: expected an integer, got 1.0`},
		{"empty file", sweepFile(t, fx, "empty.json", nil), []string{"describe"},
			`$: empty input: expected a JSON object`},
		{"only whitespace", sweepFile(t, fx, "blank.json", []byte(" \n\t\n")), []string{"simulate", "-n", "20"},
			`$: empty input: expected a JSON object`},
		{"not JSON", sweepFile(t, fx, "prose.json", []byte("war, but with jokers\n")), []string{"describe"},
			`$: invalid JSON at line 1, column 1: invalid character 'w'`},
		{"an empty list", sweepFile(t, fx, "list.json", []byte("[]\n")), []string{"describe"},
			`$: an empty list: no games`},
		{"null", sweepFile(t, fx, "null.json", []byte("null\n")), []string{"describe"},
			`$: expected an object, got null`},
		{"trailing garbage", sweepFile(t, fx, "trailing.json", []byte(war+"}garbage")), []string{"describe"},
			`$: unexpected data after the genome at line `},
		{"two genomes", sweepFile(t, fx, "two.json", []byte(war+war)), []string{"describe"},
			`$: unexpected data after the genome at line `},
		{"truncated", sweepFile(t, fx, "truncated.json", []byte(war[:len(war)/2])), []string{"describe"},
			`$: invalid JSON: unexpected EOF`},
		{"nested too deep", sweepFile(t, fx, "deep.json", []byte(strings.Repeat("[", 100000))), []string{"describe"},
			`$: invalid JSON at line 1, column 10001: invalid character '[' exceeded max depth`},
		{"byte order mark", sweepFile(t, fx, "bom.json", []byte("\ufeff"+war)), []string{"describe"},
			`$: starts with a UTF-8 byte order mark, which JSON does not allow: save the genome as UTF-8 without one`},
		{"seats min above max", variant("seats.json", `"min": 2`, `"min": 5`), []string{"simulate", "-n", "20"},
			`2 problems:`},
		{"unknown phase kind", variant("kind.json", `"kind": "battle"`, `"kind": "dance"`), []string{"compile"},
			`$.turn[0].kind: unknown phase kind "dance" (want one of `},
		{"turn cap 0", variant("cap0.json", `"turn_cap": 3000`, `"turn_cap": 0`), []string{"simulate", "-n", "20"},
			`$.turn_cap: must be between 1 and 50000, got 0`},
		{"negative turn cap", variant("cap-neg.json", `"turn_cap": 3000`, `"turn_cap": -5`), []string{"score", "-n", "20"},
			`$.turn_cap: must be between 1 and 50000, got -5`},
		{"unknown effect type", variant("effect-type.json", `"effects": null`, `"effects": [{"rank": "4", "type": "explode"}]`), []string{"describe"},
			`$.effects[0].type: unknown effect type "explode" (want one of `},
		{"effect value out of range", variant("effect-value.json", `"effects": null`, `"effects": [{"rank": "4", "type": "skip_next", "value": 99}]`), []string{"simulate", "-n", "20"},
			`$.effects[0].value: skip_next needs a value from 1 to 13, got 99`},
	}
	var rows []sweepRow
	for _, c := range cases {
		rows = append(rows, sweepRow{cat: catGenome, name: c.name, args: append(slices.Clone(c.cmd), c.file),
			code: exitError, want: "darwinsim: " + c.file + ": " + c.want})
	}
	// Through --from, a list of genomes: usage errors with the element's path.
	for _, c := range []g{
		{"--from list with a duplicate key", sweepFile(t, fx, "from-dup.json", []byte("["+strings.Replace(war, `"name": "war"`, `"name": "a", "name": "b"`, 1)+"]")), nil,
			`$[0].name: duplicate key "name" at line `},
		{"--from list with a number", sweepFile(t, fx, "from-number.json", []byte("["+war+", 5]")), nil,
			`$[1]: expected an object, got the number 5`},
		{"--from list with an invalid genome", sweepFile(t, fx, "from-invalid.json", []byte(`[{"schema": 1}]`)), nil,
			`5 problems:`},
		{"--from truncated list", sweepFile(t, fx, "from-truncated.json", []byte("["+war+", "+war)), nil,
			`$: invalid JSON: unexpected EOF`},
	} {
		rows = append(rows, sweepRow{cat: catGenome, name: c.name, args: []string{"evolve", "--from", c.file},
			code: exitUsage, want: "darwinsim: --from: " + c.file + ": " + c.want})
	}
	return rows
}

// programFields are the fields of a program file as sweepProgram writes
// them, right or wrong; a nil slice or string pointer leaves the field out.
type programFields struct {
	version        uint16
	format, sem    byte
	name, summary  *string
	hash, js, code []byte
}

// sweepProgram builds a program file without fbs.WriteProgram's checks.
func sweepProgram(p programFields) []byte {
	b := flatbuffers.NewBuilder(1024)
	var code, js, hash, name, summary flatbuffers.UOffsetT
	if p.code != nil {
		code = b.CreateByteVector(p.code)
	}
	if p.js != nil {
		js = b.CreateByteString(p.js)
	}
	if p.hash != nil {
		hash = b.CreateByteVector(p.hash)
	}
	if p.name != nil {
		name = b.CreateString(*p.name)
	}
	if p.summary != nil {
		summary = b.CreateString(*p.summary)
	}
	fb.ProgramFileStart(b)
	fb.ProgramFileAddVersion(b, p.version)
	fb.ProgramFileAddFormatVersion(b, p.format)
	fb.ProgramFileAddSemanticsVersion(b, p.sem)
	for _, f := range []struct {
		off flatbuffers.UOffsetT
		add func(*flatbuffers.Builder, flatbuffers.UOffsetT)
	}{{name, fb.ProgramFileAddName}, {hash, fb.ProgramFileAddGenomeHash}, {js, fb.ProgramFileAddGenomeJson},
		{summary, fb.ProgramFileAddSummary}, {code, fb.ProgramFileAddBytecode}} {
		if f.off != 0 {
			f.add(b, f.off)
		}
	}
	b.FinishWithFileIdentifier(fb.ProgramFileEnd(b), []byte(fbs.ProgramFileIdentifier))
	return b.FinishedBytes()
}

// programRows: program files and bare bytecode that must be refused.
func programRows(t *testing.T, fx string) []sweepRow {
	code := testkit.SeedProgram(t, "war")
	uno := testkit.SeedProgram(t, "uno-style")
	g := testkit.SeedGenome(t, "war")
	js, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	hash := g.Hash()
	str := func(s string) *string { return &s }
	good := programFields{version: fbs.ProgramFileVersion, format: code[4], sem: code[5], name: str("war"),
		summary: str(g.Summary), hash: hash[:], js: js, code: code}
	// The writer's own file is read back: the fixtures below differ from it
	// in one thing each.
	if _, err := fbs.ReadProgram(sweepProgram(good)); err != nil {
		t.Fatalf("the fixture program file does not read: %v", err)
	}
	file, err := fbs.WriteProgram("war", g.Summary, g, code)
	if err != nil {
		t.Fatal(err)
	}
	pf := func(name string, change func(p *programFields)) string {
		p := good
		change(&p)
		return sweepFile(t, fx, name, sweepProgram(p))
	}
	rnd := rand.New(rand.NewPCG(14, 150))
	random := make([]byte, 64)
	for i := range random {
		random[i] = byte(rnd.Uint32())
	}
	notGame := "not a game file"
	type c struct {
		name, file string
		cmd        string
		want       string // after "darwinsim: FILE: "
	}
	cases := []c{
		// Bare bytecode.
		{"bytecode truncated", sweepFile(t, fx, "trunc.bin", code[:20]), "disasm",
			"offset 6 (0x0006): header says the program is 55 bytes but it is 20 (truncated)"},
		{"bytecode of the magic only", sweepFile(t, fx, "magic-only.bin", code[:4]), "simulate",
			"offset 0 (0x0000): program is 4 bytes, shorter than the 8-byte header (truncated)"},
		{"bytecode with trailing bytes", sweepFile(t, fx, "trailing.bin", append(bytes.Clone(code), 0, 0)), "disasm",
			"offset 6 (0x0006): header says the program is 55 bytes but it is 57 (trailing bytes)"},
		{"bytecode length field too large", sweepFile(t, fx, "length.bin", edited(code, func(b []byte) []byte { b[6] = 200; return b })), "describe",
			"offset 6 (0x0006): header says the program is 200 bytes but it is 55 (truncated)"},
		{"bytecode with a bad magic", sweepFile(t, fx, "magic.bin", edited(code, func(b []byte) []byte { copy(b, "XXXX"); return b })), "disasm",
			notGame},
		{"bytecode of an older format", sweepFile(t, fx, "format-old.bin", edited(code, func(b []byte) []byte { b[4]--; return b })), "disasm",
			fmt.Sprintf("offset 4 (0x0004): format version %d, this build reads version %d: recompile it from its genome", code[4]-1, code[4])},
		{"bytecode of a newer format", sweepFile(t, fx, "format-new.bin", edited(code, func(b []byte) []byte { b[4] = 99; return b })), "simulate",
			fmt.Sprintf("offset 4 (0x0004): format version 99, this build reads version %d: use a newer darwinsim", code[4])},
		{"bytecode of older semantics", sweepFile(t, fx, "semantics-old.bin", edited(code, func(b []byte) []byte { b[5]--; return b })), "simulate",
			fmt.Sprintf("offset 5 (0x0005): semantics version %d, this build plays version %d: recompile it from its genome", code[5]-1, code[5])},
		{"bytecode of newer semantics", sweepFile(t, fx, "semantics-new.bin", edited(code, func(b []byte) []byte { b[5] = 99; return b })), "replay",
			fmt.Sprintf("offset 5 (0x0005): semantics version 99, this build plays version %d: use a newer darwinsim", code[5])},
		{"bytecode with a flipped section length", sweepFile(t, fx, "flip-section.bin", edited(code, func(b []byte) []byte { b[9] ^= 0xff; return b })), "disasm",
			"6 problems:"},
		{"bytecode with a flipped turn cap", sweepFile(t, fx, "flip-cap.bin", edited(code, func(b []byte) []byte { b[0x1d] ^= 0xf0; return b })), "simulate",
			"offset 28 (0x001c): turn cap 64440 outside 1..50000"},
		{"bytecode for one seat", sweepFile(t, fx, "one-seat.bin", edited(code, func(b []byte) []byte { b[11] = 1; return b })), "simulate",
			"offset 11 (0x000b): seats min 1, max 4, default 2: want 2 <= min <= default <= max <= 8"},
		{"bytecode with a truncated effect", sweepFile(t, fx, "effect.bin", edited(code, func(b []byte) []byte { b[0x34] = 1; return b })), "disasm",
			"offset 52 (0x0034): 1 effects need 4 bytes but only 2 remain (truncated)"},
		{"bytecode magic then random bytes", sweepFile(t, fx, "magic-random.bin", append([]byte("DSBC"), random...)), "simulate",
			""},
		{"random bytes", sweepFile(t, fx, "random.bin", random), "describe",
			notGame},
		{"zero-length program file", sweepFile(t, fx, "zero.dspf", nil), "disasm",
			"$: empty input: expected a JSON object"},
		// Program files.
		{"program file truncated by half", sweepFile(t, fx, "half.dspf", file[:len(file)/2]), "disasm",
			"fbs: byte "},
		{"program file of its header only", sweepFile(t, fx, "header.dspf", file[:8]), "disasm",
			"fbs: byte 0 (0x0000): ProgramFile: table at byte "},
		{"program file cut inside its identifier", sweepFile(t, fx, "seven.dspf", file[:7]), "disasm",
			notGame},
		{"program file with a wrong identifier", sweepFile(t, fx, "ident.dspf", edited(file, func(b []byte) []byte { copy(b[4:], "DSXX"); return b })), "simulate",
			notGame},
		{"program file with a flipped root offset", sweepFile(t, fx, "flip-root.dspf", edited(file, func(b []byte) []byte { b[0] ^= 0xff; return b })), "disasm",
			"fbs: byte 0 (0x0000): ProgramFile: table at byte "},
		{"program file with random bytes", sweepFile(t, fx, "random.dspf", append(bytes.Clone(file[:8]), random...)), "simulate",
			"fbs: byte "},
		{"program file of a newer version", pf("version-new.dspf", func(p *programFields) { p.version = fbs.ProgramFileVersion + 1 }), "simulate",
			fmt.Sprintf("fbs: byte 54 (0x0036): ProgramFile.version: program file version %d, this build reads version %d: use a newer darwinsim", fbs.ProgramFileVersion+1, fbs.ProgramFileVersion)},
		{"program file of version 0", pf("version0.dspf", func(p *programFields) { p.version = 0 }), "simulate",
			fmt.Sprintf("fbs: byte 28 (0x001c): ProgramFile.version: program file version 0, this build reads version %d", fbs.ProgramFileVersion)},
		{"program file of an older format", pf("format-old.dspf", func(p *programFields) { p.format-- }), "disasm",
			fmt.Sprintf("fbs: byte 53 (0x0035): ProgramFile.format_version: bytecode format version %d, this build reads version %d: recompile it from its genome", code[4]-1, code[4])},
		{"program file of newer semantics", pf("semantics-new.dspf", func(p *programFields) { p.sem = 99 }), "simulate",
			fmt.Sprintf("fbs: byte 52 (0x0034): ProgramFile.semantics_version: bytecode semantics version 99, this build plays version %d: use a newer darwinsim", code[5])},
		{"program file with NUL in its name", pf("nul.dspf", func(p *programFields) { p.name = str("w\x00ar") }), "simulate",
			"fbs: byte "},
		{"program file with ANSI in its name", pf("ansi.dspf", func(p *programFields) { p.name = str("w\x1b[31mar") }), "describe",
			"fbs: byte "},
		{"program file with a too-long name", pf("long.dspf", func(p *programFields) { p.name = str(strings.Repeat("a", 300)) }), "simulate",
			"fbs: byte "},
		{"program file with invalid UTF-8 in its name", pf("utf8.dspf", func(p *programFields) { p.name = str("w\xffar") }), "compile",
			"fbs: byte "},
		{"program file with a newline in its summary", pf("summary.dspf", func(p *programFields) { p.summary = str("a\nforged: 1") }), "simulate",
			"fbs: byte "},
		{"program file whose genome does not match its code", pf("mismatch.dspf", func(p *programFields) { p.code = uno }), "simulate",
			"fbs: byte "},
		{"program file with a wrong genome hash", pf("hash.dspf", func(p *programFields) { p.hash = make([]byte, 32) }), "simulate",
			"fbs: byte "},
		{"program file with a short genome hash", pf("hash5.dspf", func(p *programFields) { p.hash = hash[:5] }), "describe",
			"fbs: byte "},
		{"program file without bytecode", pf("no-code.dspf", func(p *programFields) { p.code = nil }), "disasm",
			"fbs: byte 28 (0x001c): ProgramFile.bytecode: missing"},
		{"program file without its genome", pf("no-genome.dspf", func(p *programFields) { p.js = nil }), "simulate",
			"fbs: byte 28 (0x001c): ProgramFile.genome_json: missing"},
		{"program file without a genome hash", pf("no-hash.dspf", func(p *programFields) { p.hash = nil }), "simulate",
			"fbs: byte 28 (0x001c): ProgramFile.genome_hash: missing"},
		{"program file with an invalid genome", pf("bad-genome.dspf", func(p *programFields) { p.js = []byte("{bad") }), "describe",
			"fbs: byte "},
		{"program file whose bytecode does not verify", pf("bad-code.dspf", func(p *programFields) { p.code = code[:20] }), "simulate",
			"fbs: byte "},
	}
	// Detail of the messages that the start does not show.
	has := map[string][]string{
		"program file with NUL in its name":                 {"ProgramFile.name: the name holds the control character U+0000 at character 2"},
		"program file with ANSI in its name":                {"ProgramFile.name: the name holds the control character U+001B at character 2"},
		"program file with a too-long name":                 {"ProgramFile.name: the name is 300 characters long, at most 200"},
		"program file with invalid UTF-8 in its name":       {"ProgramFile.name: string is not valid UTF-8"},
		"program file with a newline in its summary":        {"ProgramFile.summary: the summary holds the control character U+000A"},
		"program file whose genome does not match its code": {"ProgramFile.bytecode: the bytecode is not what the genome compiles to (96 bytes, the genome gives 55)"},
		"program file with a wrong genome hash":             {"ProgramFile.genome_hash: the genome's hash is "},
		"program file with a short genome hash":             {"ProgramFile.genome_hash: 5 bytes, want 32"},
		"program file with an invalid genome":               {"ProgramFile.genome_json: the genome is not valid: $: invalid JSON at line 1, column 2"},
		"program file whose bytecode does not verify":       {"ProgramFile.bytecode: the bytecode does not verify", "header says the program is 55 bytes but it is 20 (truncated)"},
		"program file truncated by half":                    {"runs past the end of the "},
		"program file with random bytes":                    {"ProgramFile"},
		"bytecode magic then random bytes":                  {"format version"},
		"program file of an older format":                   {"the file embeds its genome, as JSON in its genome_json field"},
		"bytecode of an older format":                       {"bare bytecode does not embed its genome"},
	}
	var rows []sweepRow
	for _, c := range cases {
		rows = append(rows, sweepRow{cat: catProgram, name: c.name, args: []string{c.cmd, c.file},
			code: exitError, want: "darwinsim: " + c.file + ": " + c.want, has: has[c.name]})
	}
	// Other darwinsim files given as a game: said what they are.
	req := sweepFile(t, fx, "game.dsrq", sweepRequest(requestFields{version: fbs.BatchRequestVersion, ident: fbs.BatchRequestIdentifier, code: code, games: 20}))
	rows = append(rows, sweepRow{cat: catProgram, name: "a batch request given as a game", args: []string{"simulate", req},
		code: exitError, want: "darwinsim: " + req + ": a batch request file, not a game", has: []string{"--request"}})
	res := filepath.Join(fx, "result.dsrs")
	if c, _, e := runCLI(t, "simulate", "war", "-n", "20", "--out", res); c != exitOK {
		t.Fatalf("writing a batch result: %s", e)
	}
	rows = append(rows, sweepRow{cat: catProgram, name: "a batch result given as a game", args: []string{"describe", res},
		code: exitError, want: "darwinsim: " + res + ": a batch result file, not a game"})
	run := filepath.Join(fx, "run")
	if c, _, e := runCLI(t, "evolve", "--pop", "4", "--generations", "1", "--games", "10", "--skill-games", "4", "--from", "go-fish,whist", "--out", run); c != exitOK {
		t.Fatalf("writing a checkpoint: %s", e)
	}
	ck := filepath.Join(run, "checkpoint.dsck")
	rows = append(rows, sweepRow{cat: catProgram, name: "a checkpoint given as a game", args: []string{"simulate", ck},
		code: exitError, want: "darwinsim: " + ck + ": an evolution checkpoint, not a game", has: []string{"--resume"}})
	return rows
}

// checkpointRows are the run directories that --resume must refuse,
// leaving them as they were: damaged checkpoints (a flipped byte,
// truncated, extended, empty, of another kind), checkpoints of other
// versions or of another run, a config.json that no longer names the
// checkpoint's run, directories that hold no checkpoint or are locked by
// another run.
func checkpointRows(t *testing.T, dir string) []sweepRow {
	t.Helper()
	tiny := sweepFile(t, dir, "tiny-run.json",
		[]byte(`{"population": 4, "generations": 1, "games": 10, "skill_games": 0, "ablation_games": 100, "rescore": 1}`))
	runDir := func(name string, seed string) string {
		d := filepath.Join(dir, name)
		if code, _, e := runCLI(t, "evolve", "-q", "--config", tiny, "--seed", seed, "--out", d); code != exitOK {
			t.Fatalf("evolve --out %s: exit %d: %s", d, code, e)
		}
		return d
	}
	a, b := runDir("run-a", "1"), runDir("run-b", "2")
	cp := func(d string) string { return filepath.Join(d, "checkpoint.dsck") }
	good, err := os.ReadFile(cp(a))
	if err != nil {
		t.Fatal(err)
	}
	// variant copies run a's directory with its checkpoint (and maybe
	// other files) replaced.
	variant := func(name string, files map[string][]byte) string {
		d := filepath.Join(dir, name)
		if err := os.CopyFS(d, os.DirFS(a)); err != nil {
			t.Fatal(err)
		}
		for f, data := range files {
			p := filepath.Join(d, f)
			if data == nil {
				os.Remove(p)
				continue
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	with := func(name string, data []byte) string {
		return variant(name, map[string][]byte{"checkpoint.dsck": data})
	}
	flip := func(at int) []byte {
		b := bytes.Clone(good)
		b[at] ^= 0x10
		return b
	}
	// The middle of the file, in the text of a genome (a byte the structure
	// check cannot see, unlike a string's length or its terminator, which
	// the middle byte itself may be).
	mid := len(good)/2 + bytes.Index(good[len(good)/2:], []byte(`"turn"`)) + 1
	other, err := os.ReadFile(cp(b))
	if err != nil {
		t.Fatal(err)
	}
	// A checkpoint written by the build before checksums (version 2).
	v2, err := os.ReadFile(filepath.Join(sweepPkgDir, "..", "..", "evolve", "testdata", "checkpoint-v2.dsck"))
	if err != nil {
		t.Fatal(err)
	}
	newer := bytes.Clone(good)
	binary.LittleEndian.PutUint16(newer[rootField(good, 0):], fbs.CheckpointVersion+1)
	cfg, err := os.ReadFile(filepath.Join(a, "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	cfgEdited := bytes.Replace(cfg, []byte(`"games": 10`), []byte(`"games": 11`), 1)
	if bytes.Equal(cfg, cfgEdited) {
		t.Fatalf("config.json holds no games 10:\n%s", cfg)
	}
	prog := filepath.Join(dir, "war-for-checkpoint.dspf")
	if code, _, e := runCLI(t, "compile", "war", "-o", prog); code != exitOK {
		t.Fatal(e)
	}
	progData, err := os.ReadFile(prog)
	if err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	lock := func(host string, pid int) []byte {
		return []byte(fmt.Sprintf(`{"host": %q, "pid": %d, "started": "2026-11-23T00:00:00Z"}`, host, pid))
	}
	// A running process of this host, other than this one (which knows
	// the locks it holds), holds the lock of the locked rows.
	sleeper := exec.Command("sleep", "600")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sleeper.Process.Kill(); sleeper.Wait() })
	live := lock(host, sleeper.Process.Pid)
	resume := func(d string) []string { return []string{"evolve", "--resume", d} }
	damaged := "Checkpoint.checksum: the file's SHA-256 is "
	type cpRow struct {
		name string
		dir  string
		out  bool   // evolve --out dir, not --resume dir
		want string // after "darwinsim: ", with {d} for the directory
		has  []string
	}
	cps := []cpRow{
		{"a byte flipped in the header", with("flip-head", flip(10)), false, "{d}/checkpoint.dsck: fbs: byte 100 (0x0064): " + damaged, []string{"the file was damaged after it was written"}},
		{"a byte flipped in the middle", with("flip-mid", flip(mid)), false, "{d}/checkpoint.dsck: fbs: byte 100 (0x0064): " + damaged, nil},
		{"a byte flipped in the last byte", with("flip-end", flip(len(good)-1)), false, "{d}/checkpoint.dsck: fbs: byte 100 (0x0064): " + damaged, nil},
		{"one byte appended", with("long", append(bytes.Clone(good), 0)), false, "{d}/checkpoint.dsck: fbs: byte 100 (0x0064): " + damaged, nil},
		{"truncated to half", with("half", good[:len(good)/2]), false, "{d}/checkpoint.dsck: fbs: byte ", []string{"past the end of the"}},
		{"truncated by one byte", with("short", good[:len(good)-1]), false, "{d}/checkpoint.dsck: fbs: byte ", []string{"past the end of the"}},
		{"empty", with("empty", []byte{}), false, "{d}/checkpoint.dsck: fbs: byte 0 (0x0000): Checkpoint: file of 0 bytes is shorter than the 8-byte header", nil},
		{"random bytes", with("random", bytes.Repeat([]byte{0x5a, 0xc3, 0x11}, 400)), false, `{d}/checkpoint.dsck: fbs: byte 4 (0x0004): Checkpoint: file identifier "\xc3\x11Z\xc3", want "DSCK"`, nil},
		{"a program file", with("program", progData), false, `{d}/checkpoint.dsck: fbs: byte 4 (0x0004): Checkpoint: file identifier "DSPF", want "DSCK"`, nil},
		{"a genome", with("genome", []byte(warJSON(t))), false, `{d}/checkpoint.dsck: fbs: byte 4 (0x0004): Checkpoint: file identifier "\"sch", want "DSCK"`, nil},
		{"version 2", with("v2", v2), false, fmt.Sprintf("{d}/checkpoint.dsck: fbs: byte 78 (0x004e): Checkpoint.version: checkpoint version 2, this build reads version %d: the run was checkpointed by an older darwinsim; finish it with the darwinsim build that wrote it", fbs.CheckpointVersion), nil},
		{"a newer version", with("newer", newer), false, fmt.Sprintf("{d}/checkpoint.dsck: fbs: byte %d (0x%04x): Checkpoint.version: checkpoint version %d, this build reads version %d: the run was checkpointed by a newer darwinsim", rootField(good, 0), rootField(good, 0), fbs.CheckpointVersion+1, fbs.CheckpointVersion), nil},
		{"another run's checkpoint", with("other-run", other), false, "{d}/checkpoint.dsck belongs to another run: it continues run ", []string{"(seed 2, ", "was it copied from another run's directory?"}},
		{"config.json edited", variant("edited", map[string][]byte{"config.json": cfgEdited}), false, "{d}/checkpoint.dsck belongs to another run: it continues run ", []string{"(seed 1, "}},
		{"config.json missing", variant("no-config", map[string][]byte{"config.json": nil}), false, "{d} has a checkpoint but no config.json, which names its run", nil},
		{"no checkpoint", variant("no-checkpoint", map[string][]byte{"checkpoint.dsck": nil}), false, "the run in {d} stopped before its first checkpoint, so there is nothing to resume", nil},
		{"only a temporary file", variant("tmp-only", map[string][]byte{"checkpoint.dsck": nil, ".checkpoint.dsck.tmp123": good[:100]}), false, "the run in {d} stopped before its first checkpoint, so there is nothing to resume", nil},
		{"locked by a running process here", variant("locked-here", map[string][]byte{".lock": live}), false, "run directory {d} is in use by process ", []string{fmt.Sprintf("process %d on this host", sleeper.Process.Pid), "delete {d}/.lock"}},
		{"locked by another host", variant("locked-there", map[string][]byte{".lock": lock("node-17.cluster", 4242)}), false, "run directory {d} is in use by process 4242 on host node-17.cluster", []string{"if it has ended, delete {d}/.lock"}},
		{"checkpoint is a directory", func() string {
			d := variant("cp-dir", map[string][]byte{"checkpoint.dsck": nil})
			os.Mkdir(cp(d), 0o755)
			return d
		}(), false, "read {d}/checkpoint.dsck: is a directory", nil},
		{"--out onto a run in progress", variant("out-locked", map[string][]byte{".lock": live}), true, "run directory {d} is in use by process ", nil},
		{"--out onto a finished run", variant("out-finished", nil), true, "run directory {d} already holds a finished run; choose another --out", nil},
		{"--out onto another host's run", variant("out-there", map[string][]byte{".lock": lock("node-17.cluster", 4242)}), true, "run directory {d} is in use by process 4242 on host node-17.cluster", nil},
	}
	var rows []sweepRow
	for _, c := range cps {
		args := resume(c.dir)
		if c.out {
			args = []string{"evolve", "-q", "--config", tiny, "--out", c.dir}
		}
		fill := func(s string) string { return strings.ReplaceAll(s, "{d}", c.dir) }
		var has []string
		for _, h := range c.has {
			has = append(has, fill(h))
		}
		rows = append(rows, sweepRow{cat: catCheckpoint, name: c.name, args: args, code: exitError,
			want: "darwinsim: " + fill(c.want), has: has, keep: []string{c.dir}})
	}
	return rows
}

// sweepPkgDir is the package's directory (the sweep runs from temporary
// ones).
var sweepPkgDir, _ = os.Getwd()

// rootField returns the position in a FlatBuffers file of field i of its
// root table (present in the file).
func rootField(buf []byte, i int) int {
	table := int(binary.LittleEndian.Uint32(buf))
	vtable := table - int(int32(binary.LittleEndian.Uint32(buf[table:])))
	return table + int(binary.LittleEndian.Uint16(buf[vtable+4+2*i:]))
}

// requestFields are the fields of a batch request as sweepRequest writes
// them, right or wrong.
type requestFields struct {
	version  uint16
	ident    string
	code     []byte // nil: no program field
	games    uint64
	seats    byte
	policies []byte // version 1's policy numbers; nil: no policies field
	seed     uint64
	workers  uint32
	specs    []string // nil: no policy_specs field
}

// sweepRequest builds a batch request file without WriteBatchRequest's
// checks.
func sweepRequest(r requestFields) []byte {
	b := flatbuffers.NewBuilder(256)
	var prog, pols flatbuffers.UOffsetT
	if r.code != nil {
		prog = b.CreateByteVector(r.code)
	}
	if r.policies != nil {
		pols = b.CreateByteVector(r.policies)
	}
	specs := specVector(b, r.specs)
	fb.BatchRequestStart(b)
	fb.BatchRequestAddVersion(b, r.version)
	if prog != 0 {
		fb.BatchRequestAddProgram(b, prog)
	}
	fb.BatchRequestAddGames(b, r.games)
	fb.BatchRequestAddSeats(b, r.seats)
	if pols != 0 {
		b.PrependUOffsetTSlot(4, pols, 0) // version 1's policies: no generated adder
	}
	fb.BatchRequestAddSeed(b, r.seed)
	fb.BatchRequestAddWorkers(b, r.workers)
	if specs != 0 {
		fb.BatchRequestAddPolicySpecs(b, specs)
	}
	b.FinishWithFileIdentifier(fb.BatchRequestEnd(b), []byte(r.ident))
	return b.FinishedBytes()
}

// requestRows: batch requests (simulate --request) that must be refused.
func requestRows(t *testing.T, fx string) []sweepRow {
	uno := testkit.SeedProgram(t, "uno-style")
	good := requestFields{version: fbs.BatchRequestVersion, ident: fbs.BatchRequestIdentifier, code: uno, games: 20, seats: 4, specs: []string{"greedy"}, seed: 1}
	if _, err := fbs.ReadBatchRequest(sweepRequest(good)); err != nil {
		t.Fatalf("the fixture request does not read: %v", err)
	}
	rq := func(name string, change func(r *requestFields)) string {
		r := good
		change(&r)
		return sweepFile(t, fx, name, sweepRequest(r))
	}
	ok := rq("good.dsrq", func(*requestFields) {})
	const p = "BatchRequest."
	type c struct {
		name, file string
		want       string // after "darwinsim: FILE: fbs: byte N (0xN): "
		has        []string
	}
	cases := []c{
		{"2 policies for 4 seats", rq("pol2.dsrq", func(r *requestFields) { r.specs = []string{"greedy", "ismcts:5"} }),
			p + "policy_specs: the request does not fit the program: 2 policies for 4 seats", nil},
		{"5 policies for 4 seats", rq("pol5.dsrq", func(r *requestFields) { r.specs = []string{"greedy", "greedy", "random", "random", "random"} }),
			p + "policy_specs: the request does not fit the program: 5 policies for 4 seats", nil},
		{"20 policies", rq("pol20.dsrq", func(r *requestFields) { r.specs = make([]string, 20) }),
			p + "policy_specs: 20 policy specs for at most 8 seats", nil},
		{"unknown policy", rq("pol-clever.dsrq", func(r *requestFields) { r.specs = []string{"clever"} }),
			p + `policy_specs[0]: unknown policy "clever" (want random, greedy, ismcts:N or mcts:N)`, nil},
		{"empty policy spec", rq("pol-empty.dsrq", func(r *requestFields) { r.specs = []string{""} }),
			p + `policy_specs[0]: unknown policy "" (want random, greedy, ismcts:N or mcts:N)`, nil},
		{"policy spec with spaces", rq("pol-space.dsrq", func(r *requestFields) { r.specs = []string{"greedy ", "random"} }),
			p + `policy_specs[0]: unknown policy "greedy " (want random, greedy, ismcts:N or mcts:N)`, nil},
		{"ismcts without iterations", rq("pol-ismcts.dsrq", func(r *requestFields) { r.specs = []string{"ismcts"} }),
			p + `policy_specs[0]: policy "ismcts": give ismcts its iterations per decision, as ismcts:500`, nil},
		{"ismcts:0", rq("pol-ismcts0.dsrq", func(r *requestFields) { r.specs = []string{"greedy", "ismcts:0", "random", "random"} }),
			p + `policy_specs[1]: policy "ismcts:0": iterations must be a whole number from 1 to 1000000, got "0"`, nil},
		{"mcts beyond the most iterations", rq("pol-mcts-huge.dsrq", func(r *requestFields) { r.specs = []string{"mcts:1000001"} }),
			p + `policy_specs[0]: policy "mcts:1000001": iterations must be a whole number from 1 to 1000000, got "1000001"`, nil},
		{"greedy with iterations", rq("pol-greedy5.dsrq", func(r *requestFields) { r.specs = []string{"greedy:5"} }),
			p + `policy_specs[0]: policy "greedy:5": greedy takes no iterations`, nil},
		{"exploration 0", rq("pol-c0.dsrq", func(r *requestFields) { r.specs = []string{"ismcts:9:0"} }),
			p + `policy_specs[0]: policy "ismcts:9:0": the exploration constant must be a number above 0 and at most 100, got "0"`, nil},
		{"exploration NaN", rq("pol-cnan.dsrq", func(r *requestFields) { r.specs = []string{"ismcts:9:NaN"} }),
			p + `policy_specs[0]: policy "ismcts:9:NaN": the exploration constant must be a number above 0 and at most 100, got "NaN"`, nil},
		{"policy spec with a control character", rq("pol-esc.dsrq", func(r *requestFields) { r.specs = []string{"ismcts:\x1b[2J"} }),
			p + `policy_specs[0]: policy "ismcts:\x1b[2J": iterations must be a whole number from 1 to 1000000, got "\x1b[2J"`, nil},
		{"policy spec of 100 bytes", rq("pol-long.dsrq", func(r *requestFields) { r.specs = []string{strings.Repeat("x", 100)} }),
			p + "policy_specs[0]: a policy spec of 100 bytes, at most 64", nil},
		{"every bad spec and more", rq("pol-many.dsrq", func(r *requestFields) { r.games = 0; r.specs = []string{"clever", "greedy", "ismcts:0"} }),
			p + "games: games must be at least 1, got 0", []string{
				"policy_specs: the request does not fit the program: 3 policies for 4 seats",
				`policy_specs[0]: unknown policy "clever"`, `policy_specs[2]: policy "ismcts:0"`}},
		{"version 1's policy numbers", rq("pol-v1field.dsrq", func(r *requestFields) { r.specs = nil; r.policies = []byte{1} }),
			p + `policies: version 1's policy numbers, which version 2 does not read: name each seat's policy by its spec in policy_specs ("random", "greedy", "ismcts:500")`, nil},
		{"version 1", rq("version1.dsrq", func(r *requestFields) { r.version = 1; r.specs = nil; r.policies = []byte{1} }),
			p + `version: batch request version 1, this build reads version 2: write the request again in version 2, which names each seat's policy by its spec in policy_specs ("random", "greedy", "ismcts:500") where version 1 had numbers in policies`, nil},
		{"one seat", rq("seats1.dsrq", func(r *requestFields) { r.seats = 1 }),
			p + "seats: the request does not fit the program: the game is for 2 to 6 players, not 1", nil},
		{"7 seats for a 2-6 seat game", rq("seats7.dsrq", func(r *requestFields) { r.seats = 7; r.specs = nil }),
			p + "seats: the request does not fit the program: the game is for 2 to 6 players, not 7", nil},
		{"9 seats", rq("seats9.dsrq", func(r *requestFields) { r.seats = 9 }),
			p + "seats: the request does not fit the program: the game is for 2 to 6 players, not 9", nil},
		{"200 seats", rq("seats200.dsrq", func(r *requestFields) { r.seats = 200 }),
			p + "seats: the request does not fit the program: the game is for 2 to 6 players, not 200", nil},
		{"games 0", rq("games0.dsrq", func(r *requestFields) { r.games = 0 }),
			p + "games: games must be at least 1, got 0", nil},
		{"games 2^40", rq("games-huge.dsrq", func(r *requestFields) { r.games = 1 << 40 }),
			p + "games: games must be at most 2147483648 per batch, got 1099511627776", nil},
		{"games 2^64-1", rq("games-max.dsrq", func(r *requestFields) { r.games = 1<<64 - 1 }),
			p + "games: 18446744073709551615 games is more than this build can count", nil},
		{"5000 workers", rq("workers.dsrq", func(r *requestFields) { r.workers = 5000 }),
			p + "workers: workers must be at most 4096, got 5000", nil},
		{"2^32-1 workers", rq("workers-max.dsrq", func(r *requestFields) { r.workers = 1<<32 - 1 }),
			p + "workers: workers must be at most 4096, got 4294967295", nil},
		{"every problem at once", rq("three.dsrq", func(r *requestFields) { r.games = 0; r.specs = []string{"greedy", "greedy"}; r.workers = 5000 }),
			p + "games: games must be at least 1, got 0", []string{"2 policies for 4 seats", "workers must be at most 4096"}},
		{"every problem at once, seats out of range", rq("three-seats.dsrq", func(r *requestFields) { r.games = 0; r.seats = 9; r.workers = 5000 }),
			p + "games: games must be at least 1, got 0", []string{"seats: the request does not fit the program: the game is for 2 to 6 players, not 9", "workers must be at most 4096"}},
		{"newer version", rq("version-new.dsrq", func(r *requestFields) { r.version = fbs.BatchRequestVersion + 1 }),
			p + fmt.Sprintf("version: batch request version %d, this build reads version %d", fbs.BatchRequestVersion+1, fbs.BatchRequestVersion), nil},
		{"version 0", rq("version0.dsrq", func(r *requestFields) { r.version = 0 }),
			p + fmt.Sprintf("version: batch request version 0, this build reads version %d", fbs.BatchRequestVersion), nil},
		{"wrong identifier", rq("ident.dsrq", func(r *requestFields) { r.ident = "XXXX" }),
			`BatchRequest: file identifier "XXXX", want "DSRQ"`, nil},
		{"no program", rq("no-program.dsrq", func(r *requestFields) { r.code = nil }),
			p + "program: missing", nil},
		{"truncated program", rq("trunc-program.dsrq", func(r *requestFields) { r.code = uno[:30] }),
			p + "program: the program does not verify (offsets within the program): offset 6 (0x0006): header says the program is 96 bytes but it is 30 (truncated)", nil},
		{"empty program", rq("empty-program.dsrq", func(r *requestFields) { r.code = []byte{} }),
			p + "program: the program does not verify (offsets within the program): offset 0 (0x0000): program is 0 bytes, shorter than the 8-byte header (truncated)", nil},
	}
	var rows []sweepRow
	for _, c := range cases {
		rows = append(rows, sweepRow{cat: catRequest, name: c.name, args: []string{"simulate", "--request", c.file},
			code: exitError, want: "darwinsim: " + c.file + ": fbs: byte ", has: append([]string{c.want}, c.has...)})
	}
	data, err := os.ReadFile(ok)
	if err != nil {
		t.Fatal(err)
	}
	trunc := sweepFile(t, fx, "truncated.dsrq", data[:len(data)/2])
	empty := sweepFile(t, fx, "empty.dsrq", nil)
	result := filepath.Join(fx, "request-result.dsrs")
	if c, _, e := runCLI(t, "simulate", "war", "-n", "20", "--out", result); c != exitOK {
		t.Fatalf("writing a batch result: %s", e)
	}
	prog := sweepFile(t, fx, "request-program.dsbc", uno)
	genome := sweepFile(t, fx, "request-genome.json", []byte(warJSON(t)))
	out := sweepFile(t, fx, "request-out.dsrs", []byte("an earlier result"))
	usage := func(flag string) string {
		return "darwinsim: --" + flag + " cannot be given with --request: the request file holds it"
	}
	rows = append(rows,
		sweepRow{cat: catRequest, name: "truncated file", args: []string{"simulate", "--request", trunc}, code: exitError,
			want: "darwinsim: " + trunc + ": fbs: byte ", has: []string{"past the end of the "}},
		sweepRow{cat: catRequest, name: "zero-length file", args: []string{"simulate", "--request", empty}, code: exitError,
			want: "darwinsim: " + empty + `: fbs: byte 0 (0x0000): BatchRequest: file of 0 bytes is shorter than the 8-byte header`},
		sweepRow{cat: catRequest, name: "a batch result", args: []string{"simulate", "--request", result}, code: exitError,
			want: "darwinsim: " + result + `: fbs: byte 4 (0x0004): BatchRequest: file identifier "DSRS", want "DSRQ"`},
		sweepRow{cat: catRequest, name: "bare bytecode", args: []string{"simulate", "--request", prog}, code: exitError,
			want: "darwinsim: " + prog + `: fbs: byte 4 (0x0004): BatchRequest: file identifier `},
		sweepRow{cat: catRequest, name: "a genome", args: []string{"simulate", "--request", genome}, code: exitError,
			want: "darwinsim: " + genome + `: fbs: byte 4 (0x0004): BatchRequest: file identifier `},
		sweepRow{cat: catRequest, name: "missing file", args: []string{"simulate", "--request", filepath.Join(fx, "nosuch.dsrq")}, code: exitError,
			want: "darwinsim: ", has: []string{filepath.Join(fx, "nosuch.dsrq"), "no such file or directory"}},
		sweepRow{cat: catRequest, name: "a directory", args: []string{"simulate", "--request", fx}, code: exitError,
			want: "darwinsim: ", has: []string{fx, "is a directory"}},
		sweepRow{cat: catRequest, name: "with -n", args: []string{"simulate", "--request", ok, "-n", "5"}, code: exitUsage, want: usage("games")},
		sweepRow{cat: catRequest, name: "with --games", args: []string{"simulate", "--request", ok, "--games", "5"}, code: exitUsage, want: usage("games")},
		sweepRow{cat: catRequest, name: "with --seed", args: []string{"simulate", "--request", ok, "--seed", "99"}, code: exitUsage, want: usage("seed")},
		sweepRow{cat: catRequest, name: "with --seed before the command", args: []string{"--seed", "99", "simulate", "--request", ok}, code: exitUsage, want: usage("seed")},
		sweepRow{cat: catRequest, name: "with --players", args: []string{"simulate", "--request", ok, "--players", "3"}, code: exitUsage, want: usage("players")},
		sweepRow{cat: catRequest, name: "with -p", args: []string{"simulate", "--request", ok, "-p", "3"}, code: exitUsage, want: usage("players")},
		sweepRow{cat: catRequest, name: "with --policy", args: []string{"simulate", "--request", ok, "--policy", "greedy"}, code: exitUsage, want: usage("policy")},
		sweepRow{cat: catRequest, name: "with -n, --seed and --players", args: []string{"simulate", "--request", ok, "-n", "5", "--seed", "99", "--players", "3"}, code: exitUsage, want: usage("games")},
		sweepRow{cat: catRequest, name: "with a game argument", args: []string{"simulate", "--request", ok, "war"}, code: exitUsage,
			want: "darwinsim: --request names the game; give no game argument"},
		sweepRow{cat: catRequest, name: "refused with --out", args: []string{"simulate", "--request", trunc, "--out", out}, code: exitError,
			want: "darwinsim: " + trunc + ": fbs: byte ", keep: []string{out}},
	)
	return rows
}

// flagRows: commands, arguments and flags that must be refused.
func flagRows(t *testing.T) []sweepRow {
	// A tiny evolution, should a row get as far as running one.
	tiny := func(args ...string) []string {
		return append([]string{"evolve", "--pop", "4", "--generations", "1", "--games", "10", "--skill-games", "4"}, args...)
	}
	usage := func(name string, args []string, want string) sweepRow {
		return sweepRow{cat: catFlags, name: name, args: args, code: exitUsage, want: "darwinsim: " + want}
	}
	dir := t.TempDir()
	rows := []sweepRow{
		usage("unknown command", []string{"nosuch"}, `unknown command "nosuch" for "darwinsim"`),
		usage("misspelt command", []string{"simulat"}, `unknown command "simulat" for "darwinsim"`),
		usage("help nosuch", []string{"help", "nosuch"}, `unknown help topic "nosuch"`),
		usage("help help nosuch", []string{"help", "help", "nosuch"}, `unknown help topic "help nosuch"`),
		usage("completion nosuch", []string{"completion", "nosuch"}, `unknown command "nosuch" for "darwinsim completion"`),
		usage("completion bash extra", []string{"completion", "bash", "extra"}, `unknown command "extra" for "darwinsim completion bash"`),
		usage("--workers -1", []string{"--workers", "-1", "simulate", "war", "-n", "20"}, "--workers must be 0 (all cores) or more, got -1"),
		usage("--workers not a number", []string{"--workers", "many", "simulate"}, `invalid argument "many" for "--workers" flag`),
		usage("simulate huge --games", []string{"simulate", "war", "-n", "9223372036854775807"}, "games must be at most 2147483648 per batch, got 9223372036854775807"),
		usage("simulate --games beyond int64", []string{"simulate", "war", "-n", "99999999999999999999"}, `invalid argument "99999999999999999999" for "-n, --games" flag`),
		usage("simulate -n 0", []string{"simulate", "-n", "0"}, "games must be at least 1, got 0"),
		usage("simulate -n -5", []string{"simulate", "war", "-n", "-5"}, "games must be at least 1, got -5"),
		usage("simulate -n abc", []string{"simulate", "-n", "abc"}, `invalid argument "abc" for "-n, --games" flag`),
		usage("evolve huge --games", tiny("--games", "9223372036854775807"), "games per evaluation must be between 10 and "),
		usage("evolve huge --skill-games", tiny("--skill-games", "9223372036854775807"), "skill games must be between 0 and "),
		usage("evolve huge --generations", tiny("--generations", "9223372036854775807"), "generations must be between 0 and 1000000, got 9223372036854775807"),
		usage("evolve --pop 0", []string{"evolve", "--pop", "0"}, "population must be between 2 and 100000, got 0"),
		usage("evolve --pop 1", []string{"evolve", "--pop", "1"}, "population must be between 2 and 100000, got 1"),
		usage("evolve huge --pop", []string{"evolve", "--pop", "9999999"}, "population must be between 2 and 100000, got 9999999"),
		usage("evolve --skill-games -1", []string{"evolve", "--skill-games", "-1"}, "skill games must be "),
		usage("evolve --elite beyond the population", tiny("--elite", "99"), "elite must be between 0 and population-1 (3), got 99"),
		usage("evolve --tournament 0", []string{"evolve", "--tournament", "0"}, "tournament size must be between 1 and the population (24), got 0"),
		usage("evolve --preset nosuch", []string{"evolve", "--preset", "nosuch"}, `unknown preset "nosuch" (have `),
		usage("evolve an argument", []string{"evolve", "war"}, "evolve takes 0 argument(s), got 1"),
		usage("evolve --resume with --pop", []string{"evolve", "--resume", dir, "--pop", "4"}, "--resume continues a run with its own configuration; --pop cannot be changed"),
		usage("evolve --resume with --seed", []string{"evolve", "--resume", dir, "--seed", "3"}, "--resume continues a run with its own seed; --seed cannot be changed"),
		usage("evolve --resume with --generations", []string{"evolve", "--resume", dir, "--generations", "9"}, "--resume continues a run with its own configuration; --generations cannot be changed"),
		usage("evolve --resume with --out", []string{"evolve", "--resume", dir, "--out", filepath.Join(dir, "other")}, "--resume continues a run with its own configuration; --out cannot be changed"),
		usage("evolve --resume with --from", []string{"evolve", "--resume", dir, "--from", "war"}, "--resume continues a run with its own configuration; --from cannot be changed"),
		usage("evolve --resume with --search", []string{"evolve", "--resume", dir, "--search", "map-elites"}, "--resume continues a run with its own configuration; --search cannot be changed"),
		usage("evolve --search bogus", tiny("--search", "bogus"), `--search: unknown search "bogus" (have genetic, map-elites)`),
		usage("evolve --search empty", tiny("--search", ""), `--search: unknown search "" (have genetic, map-elites)`),
		usage("evolve --search in capitals", tiny("--search", "MAP-ELITES"), `--search: unknown search "MAP-ELITES" (have genetic, map-elites)`),
		usage("simulate --players 9", []string{"simulate", "--players", "9"}, "the game is for 2 to 5 players, not 9"),
		usage("simulate --players 1", []string{"simulate", "war", "--players", "1"}, "the game is for 2 to 4 players, not 1"),
		usage("simulate --players -1", []string{"simulate", "war", "--players", "-1"}, "the game is for 2 to 4 players, not -1"),
		usage("simulate --policy clever", []string{"simulate", "--policy", "clever"}, `--policy: unknown policy "clever" (want random, greedy, ismcts:N or mcts:N)`),
		usage("simulate --policy with an empty item", []string{"simulate", "--policy", "greedy,,random"}, `--policy: unknown policy ""`),
		usage("simulate --policy ismcts without iterations", []string{"simulate", "--policy", "ismcts"}, `--policy: policy "ismcts": give ismcts its iterations per decision, as ismcts:500`),
		usage("simulate --policy ismcts:0", []string{"simulate", "--policy", "ismcts:0,greedy"}, `--policy: policy "ismcts:0": iterations must be a whole number from 1 to 1000000, got "0"`),
		usage("simulate --policy ismcts:many", []string{"simulate", "--policy", "ismcts:many"}, `--policy: policy "ismcts:many": iterations must be a whole number from 1 to 1000000, got "many"`),
		usage("simulate --policy ismcts beyond the most iterations", []string{"simulate", "--policy", "ismcts:1000001"}, `--policy: policy "ismcts:1000001": iterations must be a whole number from 1 to 1000000, got "1000001"`),
		usage("simulate --policy ismcts with a huge count", []string{"simulate", "--policy", "ismcts:99999999999999999999999"}, `--policy: policy "ismcts:99999999999999999999999": iterations must be a whole number from 1 to 1000000`),
		usage("simulate --policy mcts:-3", []string{"simulate", "--policy", "greedy,mcts:-3"}, `--policy: policy "mcts:-3": iterations must be a whole number from 1 to 1000000, got "-3"`),
		usage("simulate --policy greedy with iterations", []string{"simulate", "--policy", "greedy:5"}, `--policy: policy "greedy:5": greedy takes no iterations`),
		usage("simulate --policy ismcts exploration 0", []string{"simulate", "--policy", "ismcts:10:0"}, `--policy: policy "ismcts:10:0": the exploration constant must be a number above 0 and at most 100, got "0"`),
		usage("simulate --policy ismcts exploration NaN", []string{"simulate", "--policy", "ismcts:10:NaN"}, `--policy: policy "ismcts:10:NaN": the exploration constant must be a number above 0 and at most 100, got "NaN"`),
		usage("simulate --policy ismcts exploration Inf", []string{"simulate", "--policy", "ismcts:10:+Inf"}, `--policy: policy "ismcts:10:+Inf": the exploration constant must be a number above 0 and at most 100, got "+Inf"`),
		usage("simulate --policy ismcts with a fourth field", []string{"simulate", "--policy", "ismcts:10:1:2"}, `--policy: policy "ismcts:10:1:2": the exploration constant is given twice`),
		usage("simulate --policy in capitals", []string{"simulate", "--policy", "ISMCTS:10"}, `--policy: unknown policy "ISMCTS:10" (want random, greedy, ismcts:N or mcts:N)`),
		usage("simulate --policy with a control character", []string{"simulate", "--policy", "ismcts:1\x1b[2J"}, `--policy: policy "ismcts:1\x1b[2J": iterations must be a whole number from 1 to 1000000, got "1\x1b[2J"`),
		usage("simulate 3 specs for 2 seats", []string{"simulate", "-n", "5", "--policy", "ismcts:10,greedy,mcts:5"}, "3 policies for 2 seats: give one policy for every seat, or a single one for all"),
		usage("replay --policy ismcts:0", []string{"replay", "--policy", "ismcts:0"}, `--policy: policy "ismcts:0": iterations must be a whole number from 1 to 1000000, got "0"`),
		usage("replay --policy clever", []string{"replay", "war", "--policy", "greedy,clever"}, `--policy: unknown policy "clever" (want random, greedy, ismcts:N or mcts:N)`),
		usage("replay 3 specs for 2 seats", []string{"replay", "--policy", "ismcts:10,greedy,random"}, "3 policies for 2 seats"),
		usage("simulate 2 policies for 4 seats", []string{"simulate", "uno-style", "-n", "20", "--policy", "greedy,greedy"}, "2 policies for 4 seats"),
		usage("replay 2 policies for 4 seats", []string{"replay", "uno-style", "--policy", "greedy,greedy"}, "2 policies for 4 seats"),
		usage("replay 4 policies for 3 seats", []string{"replay", "uno-style", "-p", "3", "--policy", "greedy,greedy,random,random"}, "4 policies for 3 seats"),
		usage("replay --players 9", []string{"replay", "war", "--players", "9"}, "the game is for 2 to 4 players, not 9"),
		usage("replay --game -1", []string{"replay", "war", "--game", "-1"}, `invalid argument "-1" for "-i, --game" flag`),
		usage("replay -i -1", []string{"replay", "war", "-i", "-1"}, `invalid argument "-1" for "-i, --game" flag`),
		usage("score -n 0", []string{"score", "war", "-n", "0"}, "games per evaluation must be "),
		usage("score huge -n", []string{"score", "war", "-n", "9223372036854775807"}, "games per evaluation must be "),
		usage("score --players 9", []string{"score", "war", "--players", "9"}, "--players 9: war is for 2 to 4 players"),
		usage("bench --seconds 0", []string{"bench", "--seconds", "0"}, "--seconds must be positive, got 0"),
		usage("bench an argument", []string{"bench", "war"}, "bench takes 0 argument(s), got 1"),
		usage("bogus flag", []string{"simulate", "--bogus"}, "unknown flag: --bogus"),
		usage("bogus shorthand", []string{"simulate", "-z"}, "unknown shorthand flag: 'z' in -z"),
		usage("flag without its value", []string{"simulate", "--cpuprofile"}, "flag needs an argument: --cpuprofile"),
		usage("--seed -1", []string{"--seed", "-1", "simulate", "war"}, `invalid argument "-1" for "--seed" flag`),
		usage("--quiet=maybe", []string{"--quiet=maybe", "simulate"}, `invalid argument "maybe" for "-q, --quiet" flag`),
		usage("describe two arguments", []string{"describe", "war", "whist"}, "describe takes at most 1 argument(s), got 2"),
		usage("simulate two arguments", []string{"simulate", "war", "extra"}, "simulate takes at most 1 argument(s), got 2"),
		usage("games an argument", []string{"games", "extra"}, "games takes 0 argument(s), got 1"),
		usage("version an argument", []string{"version", "extra"}, "version takes 0 argument(s), got 1"),
		usage("--seed on describe", []string{"describe", "war", "--seed", "3"}, "unknown flag: --seed: darwinsim describe does not take it ("),
		usage("--workers on disasm", []string{"disasm", "--workers", "2"}, "unknown flag: --workers: darwinsim disasm does not take it ("),
		usage("--workers on replay", []string{"replay", "war", "--workers", "2"}, "unknown flag: --workers: darwinsim replay does not take it ("),
		{cat: catFlags, name: "simulate every problem at once", args: []string{"simulate", "uno-style", "-n", "0", "--players", "9"}, code: exitUsage,
			want: "darwinsim: 2 problems:", has: []string{"games must be at least 1, got 0", "the game is for 2 to 6 players, not 9"}},
		{cat: catFlags, name: "simulate -n 0 and 2 policies for 3 seats", args: []string{"simulate", "uno-style", "-n", "0", "-p", "3", "--policy", "greedy,greedy"}, code: exitUsage,
			want: "darwinsim: 2 problems:", has: []string{"games must be at least 1, got 0", "2 policies for 3 seats"}},
		// Ctrl-C (or SIGTERM) before the work: exit 130, not 1.
		{cat: catFlags, name: "simulate interrupted", args: []string{"simulate", "war", "-n", "100000"}, code: exitInterrupt,
			want: "darwinsim: interrupted", interrupted: true},
		{cat: catFlags, name: "evolve interrupted", args: tiny(), code: exitInterrupt,
			want: "darwinsim: ", has: []string{"interrupted at a generation boundary"}, interrupted: true, partial: true},
		{cat: catFlags, name: "score interrupted", args: []string{"score", "war", "-n", "20"}, code: exitInterrupt,
			want: "darwinsim: interrupted", interrupted: true},
		// Every game of this run is degenerate: no winner, an error, never
		// an index out of range.
		{cat: catFlags, name: "evolve from games that are all degenerate", args: tiny("--generations", "0", "--from", "seed:war"),
			code: exitError, want: "darwinsim: the run has no winner", partial: true},
	}
	return rows
}

// pathRows: game, configuration and run directory paths that must be
// refused. cwd is the current directory.
func pathRows(t *testing.T, fx, cwd string) []sweepRow {
	war := []byte(warJSON(t))
	// Files named like seed games in the current directory.
	for _, n := range []string{"war", "whist"} {
		sweepFile(t, cwd, n, war)
	}
	if err := os.Mkdir(filepath.Join(cwd, "hearts"), 0o755); err != nil {
		t.Fatal(err)
	}
	both := func(n string) string {
		return "darwinsim: " + n + " is both a seed game and a file in the current directory: write ./" + n + " for the file or seed:" + n + " for the seed game"
	}
	seedNames := "(seed games: " + seedList + ")"
	dir := filepath.Join(fx, "a-directory")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(fx, "empty-dir")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(fx, "full-dir")
	if err := os.Mkdir(full, 0o755); err != nil {
		t.Fatal(err)
	}
	regular := sweepFile(t, full, "notes.txt", []byte("mine\n"))
	missing := filepath.Join(fx, "nosuch.json")
	cfgDup := sweepFile(t, fx, "cfg-dup.json", []byte(`{"population": 4, "population": 5}`))
	cfgBad := sweepFile(t, fx, "cfg-broken.json", []byte(`{"population": 4,`))
	cfgUnknown := sweepFile(t, fx, "cfg-unknown.json", []byte(`{"bogus": 1}`))
	cfgEmpty := sweepFile(t, fx, "cfg-empty.json", nil)
	cfgWrong := sweepFile(t, fx, "cfg-values.json", []byte(`{"population": 0, "generations": -1}`))
	cfgType := sweepFile(t, fx, "cfg-type.json", []byte(`{"population": "4"}`))
	runCfg, err := json.Marshal(map[string]any{"fitness_version": 1, "population": 4})
	if err != nil {
		t.Fatal(err)
	}
	cfgRun := sweepFile(t, fx, "config.json", runCfg)
	cfgSearch := sweepFile(t, fx, "cfg-search.json", []byte(`{"search": "bogus"}`))
	// Lists of games to pick one of (FILE#NAME), and a file of one game.
	whist, err := testkit.SeedGenome(t, "whist").Encode()
	if err != nil {
		t.Fatal(err)
	}
	list := sweepFile(t, fx, "pick-list.json", []byte("["+string(war)+", "+string(whist)+"]"))
	badList := sweepFile(t, fx, "pick-bad-list.json", []byte("["+string(war)+`, {"bogus": 1}]`))
	one := sweepFile(t, fx, "pick-one.json", war)
	tiny := []string{"evolve", "--pop", "4", "--generations", "1", "--games", "10", "--skill-games", "4"}
	rows := []sweepRow{
		{name: "simulate a file named like a seed", args: []string{"simulate", "war", "-n", "20"}, code: exitError, want: both("war")},
		{name: "compile a file named like a seed", args: []string{"compile", "whist"}, code: exitError, want: both("whist")},
		{name: "replay a file named like a seed", args: []string{"replay", "war"}, code: exitError, want: both("war")},
		{name: "score a file named like a seed", args: []string{"score", "war", "-n", "20"}, code: exitError, want: both("war")},
		{name: "describe a file named like a seed", args: []string{"describe", "war"}, code: exitError, want: both("war")},
		{name: "disasm a file named like a seed", args: []string{"disasm", "whist"}, code: exitError, want: both("whist")},
		{name: "--from a file named like a seed", args: []string{"evolve", "--from", "war"}, code: exitUsage, want: "darwinsim: --from: " + both("war")[len("darwinsim: "):]},
		{name: "--from a directory named like a seed", args: []string{"evolve", "--from", "hearts"}, code: exitUsage,
			want: "darwinsim: --from: hearts is both a seed game and a directory in the current directory: write ./hearts for the directory or seed:hearts for the seed game"},
		{name: "an unknown seed", args: []string{"describe", "seed:chess"}, code: exitError, want: "darwinsim: seed:chess: no seed game named chess " + seedNames},
		{name: "a directory as a game", args: []string{"describe", dir}, code: exitError, want: "darwinsim: " + dir + ": is a directory"},
		{name: "the current directory as a game", args: []string{"simulate", ".", "-n", "20"}, code: exitError, want: "darwinsim: .: is a directory"},
		{name: "a missing game file", args: []string{"describe", missing}, code: exitError, want: "darwinsim: " + missing + ": no such file, and no seed game of that name " + seedNames},
		{name: "a game in a missing directory", args: []string{"simulate", "/nonexistent/x.json"}, code: exitError, want: "darwinsim: /nonexistent/x.json: no such file, and no seed game of that name"},
		{name: "a missing ./NAME", args: []string{"disasm", "./old-maid"}, code: exitError, want: "darwinsim: ./old-maid: no such file, and no seed game of that name"},
		{name: "a bare name that is nothing", args: []string{"simulate", "chess"}, code: exitError, want: "darwinsim: chess: no such file, and no seed game of that name " + seedNames},
		{name: "--from a missing file", args: []string{"evolve", "--from", missing}, code: exitUsage, want: "darwinsim: --from: " + missing + ": no such file or directory"},
		{name: "--from an unknown name", args: []string{"evolve", "--from", "chess"}, code: exitUsage, want: "darwinsim: --from: chess: no seed game of that name, and no such file or directory " + seedNames},
		{name: "--from an empty directory", args: []string{"evolve", "--from", empty}, code: exitUsage, want: "darwinsim: --from: " + empty + ": no game files in the directory"},
		{name: "--from with a trailing comma", args: []string{"evolve", "--from", "go-fish,"}, code: exitUsage, want: "darwinsim: --from: an empty item (a doubled or trailing comma?)"},
		{name: "--from a run's configuration", args: []string{"evolve", "--from", cfgRun}, code: exitUsage, want: "darwinsim: --from: " + cfgRun + ": a run's configuration, not a game (it goes to --config)"},
		{name: "--config missing", args: []string{"evolve", "--config", missing}, code: exitUsage, want: "darwinsim: --config: ", has: []string{missing, "no such file or directory"}},
		{name: "--config a directory", args: []string{"evolve", "--config", dir}, code: exitUsage, want: "darwinsim: --config: ", has: []string{dir, "is a directory"}},
		{name: "--config broken JSON", args: []string{"evolve", "--config", cfgBad}, code: exitUsage, want: "darwinsim: " + cfgBad + ": $: invalid JSON: unexpected EOF"},
		{name: "--config with a duplicate key", args: []string{"evolve", "--config", cfgDup}, code: exitUsage, want: "darwinsim: " + cfgDup + `: $.population: duplicate key "population" at line `},
		{name: "--config with an unknown field", args: []string{"evolve", "--config", cfgUnknown}, code: exitUsage, want: "darwinsim: " + cfgUnknown + `: $.bogus: unknown field "bogus" (want one of `},
		{name: "--config empty", args: []string{"evolve", "--config", cfgEmpty}, code: exitUsage, want: "darwinsim: " + cfgEmpty + ": $: empty input: expected a JSON object"},
		{name: "--config with wrong values", args: []string{"evolve", "--config", cfgWrong}, code: exitUsage, want: "darwinsim: " + cfgWrong + ": ",
			has: []string{"population must be between 2 and 100000, got 0", "generations must be between 0 and 1000000, got -1"}},
		{name: "--config with a wrong type", args: []string{"evolve", "--config", cfgType}, code: exitUsage, want: "darwinsim: " + cfgType + `: $.population: expected an integer, got the string "4"`},
		{name: "--config with an unknown search", args: []string{"evolve", "--config", cfgSearch}, code: exitUsage,
			want: "darwinsim: " + cfgSearch + `: $.search: search must be "genetic" (the default: the genetic loop) or "map-elites" (a MAP-Elites archive), got "bogus"`},
		{name: "describe a list without a pick", args: []string{"describe", list}, code: exitError,
			want: "darwinsim: " + list + ": a list of 2 games; pick one as " + list + "#{war|whist}"},
		{name: "simulate an unknown pick", args: []string{"simulate", list + "#chess", "-n", "20"}, code: exitError,
			want: "darwinsim: " + list + `#chess: no game "chess" in ` + list + " (pick one of {war|whist}, or by position from 1 to 2)"},
		{name: "compile a pick from a file of one game", args: []string{"compile", one + "#war"}, code: exitError,
			want: "darwinsim: " + one + "#war: " + one + ` holds no list of games to pick "war" from`},
		{name: "disasm a pick from a broken list", args: []string{"disasm", badList + "#war"}, code: exitError,
			want: "darwinsim: " + badList + `: $[1].bogus: unknown field "bogus"`},
		{name: "replay a pick from a missing list", args: []string{"replay", missing + "#war"}, code: exitError,
			want: "darwinsim: " + missing + "#war: no such file, and no seed game of that name " + seedNames},
		{name: "score a pick from a directory", args: []string{"score", dir + "#war", "-n", "20"}, code: exitError,
			want: "darwinsim: " + dir + ": is a directory"},
		{name: "--out on a non-empty directory", args: append(slices.Clone(tiny), "--out", full), code: exitError,
			want: "darwinsim: run directory " + full + " already exists and is not empty", keep: []string{full}},
		{name: "--out on a regular file", args: append(slices.Clone(tiny), "--out", regular), code: exitError,
			want: "darwinsim: ", has: []string{regular, "not a directory"}, keep: []string{regular}},
		{name: "--resume a regular file", args: []string{"evolve", "--resume", regular}, code: exitError,
			want: "darwinsim: ", has: []string{regular, "not a directory"}, keep: []string{regular}},
		{name: "--resume a missing directory", args: []string{"evolve", "--resume", filepath.Join(fx, "nosuch-run")}, code: exitError,
			want: "darwinsim: ", has: []string{filepath.Join(fx, "nosuch-run"), "no such file or directory"}},
		{name: "--resume an empty directory", args: []string{"evolve", "--resume", empty}, code: exitError,
			want: "darwinsim: ", has: []string{empty, "checkpoint.dsck"}, keep: []string{empty}},
		{name: "--resume a directory that is no run", args: []string{"evolve", "--resume", full}, code: exitError,
			want: "darwinsim: ", has: []string{full, "checkpoint.dsck"}, keep: []string{full}},
	}
	for i := range rows {
		rows[i].cat = catPaths
		rows[i].dir = cwd
	}
	return rows
}

// outputRows: output paths that are not regular files, and outputs that
// cannot take what is written.
func outputRows(t *testing.T, fx string) []sweepRow {
	dir := filepath.Join(fx, "out")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	keep := sweepFile(t, dir, "keep", []byte("keep\n"))
	link := filepath.Join(dir, "link")
	dangling := filepath.Join(dir, "dangling")
	fifo := filepath.Join(dir, "fifo")
	sub := filepath.Join(dir, "sub")
	if err := errorsOf(os.Symlink(keep, link), os.Symlink(filepath.Join(dir, "nowhere"), dangling),
		syscall.Mkfifo(fifo, 0o644), os.Mkdir(sub, 0o755)); err != nil {
		t.Fatal(err)
	}
	sweepFile(t, sub, "inside", []byte("inside\n"))
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	existing := sweepFile(t, dir, "existing.dspf", []byte("an earlier program\n"))
	if err := os.Chmod(existing, 0o640); err != nil {
		t.Fatal(err)
	}
	bad := sweepFile(t, fx, "out-bad.json", []byte("{"))
	targets := []struct{ path, is string }{
		{"/dev/null", "a device"},
		{link, "a symbolic link"},
		{dangling, "a symbolic link"},
		{fifo, "a FIFO (named pipe)"},
		{sub, "a directory"},
		{sock, "a socket"},
	}
	// Every row keeps every target, and the directory that holds them
	// gets no new file (a temporary file left behind, say).
	all := []string{"/dev/null", keep, link, dangling, fifo, sub, sock, existing, dir}
	refuse := func(flag, path, is string) string {
		return "darwinsim: --" + flag + ": refusing to write " + path + ": it is " + is + ", not a regular file"
	}
	var rows []sweepRow
	add := func(name string, args []string, code int, want string, has ...string) {
		rows = append(rows, sweepRow{cat: catOutput, name: name, args: args, code: code, want: want, has: has, keep: all})
	}
	for _, tg := range targets {
		base := filepath.Base(tg.path)
		add("compile -o "+base, []string{"compile", "war", "-o", tg.path}, exitError, refuse("out", tg.path, tg.is))
		add("simulate --out "+base, []string{"simulate", "war", "-n", "20", "--out", tg.path}, exitError, refuse("out", tg.path, tg.is))
	}
	for _, tg := range targets[:5] {
		base := filepath.Base(tg.path)
		add("--cpuprofile "+base, []string{"simulate", "war", "-n", "20", "--cpuprofile", tg.path}, exitError, refuse("cpuprofile", tg.path, tg.is))
		add("--memprofile "+base, []string{"--memprofile", tg.path, "score", "war", "-n", "20"}, exitError, refuse("memprofile", tg.path, tg.is))
	}
	nodir := filepath.Join(dir, "nodir", "war.dspf")
	add("compile -o into a missing directory", []string{"compile", "war", "-o", nodir}, exitError,
		"darwinsim: --out: cannot write "+nodir+": the directory "+filepath.Dir(nodir)+" does not exist")
	underFile := filepath.Join(keep, "war.dspf")
	add("compile -o under a regular file", []string{"compile", "war", "-o", underFile}, exitError,
		"darwinsim: --out: cannot write "+underFile+": ", "not a directory")
	// A refused input leaves an existing output as it was.
	add("compile of a broken genome onto an existing file", []string{"compile", bad, "-o", existing}, exitError,
		"darwinsim: "+bad+": $: invalid JSON: unexpected EOF")
	add("simulate of a missing game onto an existing file", []string{"simulate", "nosuch", "--out", existing}, exitError,
		"darwinsim: nosuch: no such file, and no seed game of that name")
	add("simulate -n 0 onto an existing file", []string{"simulate", "war", "-n", "0", "--out", existing}, exitUsage,
		"darwinsim: games must be at least 1, got 0")
	// Run directories that are not directories.
	tiny := []string{"evolve", "--pop", "4", "--generations", "1", "--games", "10", "--skill-games", "4"}
	for _, tg := range []struct{ path, is string }{{"/dev/null", ""}, {fifo, ""}, {link, ""}, {sock, ""}, {dangling, "symbolic link"}} {
		has := []string{tg.path}
		if tg.is != "" {
			has = append(has, tg.is)
		} else {
			has = append(has, "not a directory")
		}
		add("evolve --out "+filepath.Base(tg.path), append(slices.Clone(tiny), "--out", tg.path), exitError, "darwinsim: ", has...)
	}
	// Standard output that takes nothing.
	full := "darwinsim: writing output: write /dev/full: no space left on device"
	for _, args := range [][]string{
		{"simulate", "war", "-n", "20"},
		{"simulate", "war", "-n", "20", "--json"},
		{"describe", "war"},
		{"disasm", "war"},
		{"games"},
		{"version"},
		{"compile", "war"},
		{"replay", "war"},
		{"help"},
		append(slices.Clone(tiny), "--from", "go-fish,whist"),
	} {
		rows = append(rows, sweepRow{cat: catOutput, name: strings.Join(args, " ") + " > /dev/full",
			args: args, code: exitError, want: full, devFull: true})
	}
	return rows
}

// errorsOf returns the first non-nil error.
func errorsOf(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// TestSweepFileState: fileState tells apart what the sweep's targets could
// become (rewritten, re-pointed, re-typed, chmodded), so that "unchanged"
// means unchanged.
func TestSweepFileState(t *testing.T) {
	dir := t.TempDir()
	f := sweepFile(t, dir, "f", []byte("a"))
	l := filepath.Join(dir, "l")
	if err := os.Symlink(f, l); err != nil {
		t.Fatal(err)
	}
	states := map[string]bool{}
	record := func(what string) {
		s := fileState(t, dir)
		if states[s] {
			t.Errorf("%s: the directory's state did not change: %s", what, s)
		}
		states[s] = true
	}
	record("start")
	os.WriteFile(f, []byte("b"), 0o644)
	record("rewritten")
	os.Chmod(f, 0o600)
	record("chmodded")
	os.Remove(l)
	os.Symlink(dir, l)
	record("re-pointed")
	os.Remove(l)
	os.WriteFile(l, []byte(f), 0o777)
	record("a file in place of the link")
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	record("a new entry")
	os.WriteFile(filepath.Join(sub, "x"), nil, 0o644)
	record("a new entry deeper")
	if len(states) != 7 {
		t.Errorf("%d states, want 7", len(states))
	}
}
