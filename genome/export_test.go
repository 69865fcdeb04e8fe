package genome

import "github.com/darwinsim/darwinsim/internal/cardrules"

// What the external tests (the format reference) read of the package's
// unexported tables.

// PhaseFieldSpec is a row of phaseFields as the reference shows it.
type PhaseFieldSpec struct {
	Name     string
	Pred     bool // a predicate
	Required bool // a field that every kind using it must set
	Lo, Hi   int  // an integer's range, when Hi > 0
}

// PhaseFieldSpecs lists phaseFields in table order.
func PhaseFieldSpecs() []PhaseFieldSpec {
	var out []PhaseFieldSpec
	for _, f := range phaseFields {
		out = append(out, PhaseFieldSpec{Name: f.name, Pred: f.pred != nil, Required: f.required, Lo: f.lo, Hi: f.hi})
	}
	return out
}

// PhaseKindFields is the JSON names of the fields kind k uses.
func PhaseKindFields(k PhaseKind) []string { return phaseKinds[k].fields }

// PhaseKindHand is the hand kind k needs and why, why "" for any hand.
func PhaseKindHand(k PhaseKind) (HandKind, string) { return phaseKinds[k].hand, phaseKinds[k].why }

// DescribeEffect is Describe's text for one effect.
func DescribeEffect(e Effect) string {
	g := &Genome{Hand: cardrules.HandFan, Turn: []Phase{{Kind: cardrules.PhasePlay}}}
	return g.describeEffect(e)
}

// OpTable and TermTable are the names of the expression operators and of
// the terms that read a card.
func OpTable() cardrules.Table   { return opTable }
func TermTable() cardrules.Table { return termTable }
