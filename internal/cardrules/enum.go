package cardrules

import (
	"fmt"
	"strings"
)

// table is one enum's names: value v is called names[v]. Values below min
// have a name for display but no text form (Target's 0 is "no target", which
// a genome never writes).
type table struct {
	kind   string // the enum in messages: "effect type"
	goName string // the Go type, for values out of range: "EffectType(9)"
	names  []string
	min    uint8
}

func (t *table) str(v uint8) string {
	if int(v) < len(t.names) {
		return t.names[v]
	}
	return fmt.Sprintf("%s(%d)", t.goName, v)
}

func (t *table) text(v uint8) ([]byte, error) {
	if v < t.min || int(v) >= len(t.names) {
		return nil, fmt.Errorf("%s %d out of range", t.kind, v)
	}
	return []byte(t.names[v]), nil
}

func (t *table) parse(b []byte) (uint8, error) {
	s := string(b)
	for i := int(t.min); i < len(t.names); i++ {
		if t.names[i] == s {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %s)", t.kind, s, strings.Join(t.names[t.min:], ", "))
}

// Enum describes one enum of the vocabulary, for documentation and tests.
type Enum struct {
	Kind   string   // as messages and the genome reference call it: "effect type"
	GoName string   // the Go type: "EffectType"
	Names  []string // the name of each value, in value order
	Min    int      // the lowest value a genome writes by name
}

// Enums lists every enum of the vocabulary, in a fixed order.
func Enums() []Enum {
	out := make([]Enum, len(tables))
	for i, t := range tables {
		out[i] = Enum{Kind: t.kind, GoName: t.goName, Names: append([]string(nil), t.names...), Min: int(t.min)}
	}
	return out
}

var tables = []*table{
	&effectTypeTable, &targetTable, &phaseKindTable, &handKindTable, &returnsTable,
	&eventTable, &resultTable, &untilTable, &rankByTable, &trumpTable, &matchKindTable,
}
