package fbs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// schemaFile is what this test reads from one .fbs file.
type schemaFile struct {
	namespace, identifier, root string
	tables                      map[string][][2]string // table -> (field, type) in order
}

var (
	commentRE = regexp.MustCompile(`//[^\n]*`)
	tableRE   = regexp.MustCompile(`(?s)\btable\s+(\w+)\s*\{(.*?)\}`)
	fieldRE   = regexp.MustCompile(`^\s*(\w+)\s*:\s*([\w\[\]]+)`)
	stmtRE    = regexp.MustCompile(`\b(namespace|file_identifier|root_type)\s+("?[\w.]+"?)\s*;`)
)

func parseSchema(t *testing.T, path string) schemaFile {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := commentRE.ReplaceAllString(string(b), "")
	sf := schemaFile{tables: map[string][][2]string{}}
	for _, m := range stmtRE.FindAllStringSubmatch(src, -1) {
		v := strings.Trim(m[2], `"`)
		switch m[1] {
		case "namespace":
			sf.namespace = v
		case "file_identifier":
			sf.identifier = v
		case "root_type":
			sf.root = v
		}
	}
	for _, m := range tableRE.FindAllStringSubmatch(src, -1) {
		var fields [][2]string
		for _, decl := range strings.Split(m[2], ";") {
			if strings.TrimSpace(decl) == "" {
				continue
			}
			fm := fieldRE.FindStringSubmatch(decl)
			if fm == nil {
				t.Fatalf("%s: table %s: cannot read field %q", path, m[1], decl)
			}
			fields = append(fields, [2]string{fm[1], fm[2]})
		}
		sf.tables[m[1]] = fields
	}
	return sf
}

// The verifier's table descriptions, the identifiers and the versions
// agree with fbs/*.fbs: same tables, same fields in the same order (so the
// same vtable slots), same types.
func TestSpecsMatchSchemas(t *testing.T) {
	paths, err := filepath.Glob("*.fbs")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no schemas: %v", err)
	}
	specs := map[string]*tableSpec{}
	for _, s := range []*tableSpec{programSpec, requestSpec, resultSpec, statsSpec, distSpec,
		checkpointSpec, configSpec, ratesSpec, weightsSpec, metricsSpec, scoreSpec, individualSpec, genStatsSpec, opStatsSpec, cacheEntrySpec, lineageSpec} {
		specs[s.name] = s
	}
	roots := map[string]struct{ file, ident string }{
		"ProgramFile":  {"program.fbs", ProgramFileIdentifier},
		"BatchRequest": {"batch_request.fbs", BatchRequestIdentifier},
		"BatchResult":  {"batch_result.fbs", BatchResultIdentifier},
		"Checkpoint":   {"checkpoint.fbs", CheckpointIdentifier},
	}
	seen := map[string]bool{}
	for _, path := range paths {
		sf := parseSchema(t, path)
		if sf.namespace != "darwinsim.fb" {
			t.Errorf("%s: namespace %q, want darwinsim.fb", path, sf.namespace)
		}
		if sf.root != "" {
			r, ok := roots[sf.root]
			if !ok || r.file != path || r.ident != sf.identifier {
				t.Errorf("%s: root %s identifier %q does not match the package (%+v)", path, sf.root, sf.identifier, r)
			}
			if fields := sf.tables[sf.root]; len(fields) == 0 || fields[0] != [2]string{"version", "ushort"} {
				t.Errorf("%s: root table %s does not start with version:ushort", path, sf.root)
			}
			seen[sf.root+" root"] = true
		} else if sf.identifier != "" {
			t.Errorf("%s: file_identifier without root_type", path)
		}
		for name, fields := range sf.tables {
			spec, ok := specs[name]
			if !ok {
				t.Errorf("%s: table %s has no description in verify.go", path, name)
				continue
			}
			if seen[name] {
				t.Errorf("%s: table %s defined twice", path, name)
			}
			seen[name] = true
			if len(fields) != len(spec.fields) {
				t.Errorf("%s: table %s has %d fields, verify.go describes %d", path, name, len(fields), len(spec.fields))
				continue
			}
			for i, f := range fields {
				if sf := spec.fields[i]; sf.name != f[0] || sf.fbs != f[1] {
					t.Errorf("%s: %s slot %d is %s:%s, verify.go says %s:%s", path, name, i, f[0], f[1], sf.name, sf.fbs)
				}
			}
		}
	}
	for name := range specs {
		if !seen[name] {
			t.Errorf("verify.go describes table %s, which no schema defines", name)
		}
	}
	for name := range roots {
		if !seen[name+" root"] {
			t.Errorf("no schema has root_type %s", name)
		}
	}
}
