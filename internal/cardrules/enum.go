package cardrules

import (
	"fmt"
	"strings"
)

// Table is one enum's names: value v is called Names[v]. Values below Min
// have a name for display but no text form (Target's 0 is "no target", which
// a genome never writes). The genome's own enums (expression operators and
// terms) use it too, so that every name of the model reads and prints alike.
type Table struct {
	Kind   string // the enum in messages and docs: "effect type"
	GoName string // the Go type, for values out of range: "EffectType(9)"
	Names  []string
	Min    uint8
}

// String is value v's name, or GoName(v) when v is out of range.
func (t *Table) String(v uint8) string {
	if int(v) < len(t.Names) {
		return t.Names[v]
	}
	return fmt.Sprintf("%s(%d)", t.GoName, v)
}

// Text is value v's text form, an error when it has none.
func (t *Table) Text(v uint8) ([]byte, error) {
	if v < t.Min || int(v) >= len(t.Names) {
		return nil, fmt.Errorf("%s %d out of range", t.Kind, v)
	}
	return []byte(t.Names[v]), nil
}

// Parse reads a name, with an error that lists the names it knows.
func (t *Table) Parse(b []byte) (uint8, error) {
	s := string(b)
	for i := int(t.Min); i < len(t.Names); i++ {
		if t.Names[i] == s {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %s)", t.Kind, s, strings.Join(t.Names[t.Min:], ", "))
}

// Enums lists every enum of the vocabulary, in a fixed order; the tables
// are copies.
func Enums() []Table {
	out := make([]Table, len(tables))
	for i, t := range tables {
		out[i] = *t
		out[i].Names = append([]string(nil), t.Names...)
	}
	return out
}

var tables = []*Table{
	&effectTypeTable, &targetTable, &phaseKindTable, &handKindTable, &returnsTable,
	&eventTable, &resultTable, &untilTable, &rankByTable, &trumpTable, &matchKindTable,
	&drawRuleTable, &passRuleTable, &abilityTable, &respondentsTable, &triggerSuitTable,
	&triggerTable, &condOfTable, &compareTable, &durationTable, &scopeTable, &stackTable, &resolveTable, &whoTable,
	&suppressedTable, &rankOrderTable, &passToTable, &claimRuleTable, &layRuleTable,
}
