package cardrules

// effectInfo is what the model says of one effect type: its name and which
// of the target and value fields it reads. Fields a type does not read are
// stored as 0 (the canonical form) and ignored.
type effectInfo struct {
	name   string
	target bool
	value  bool
}

var effectTypes = [...]effectInfo{
	SkipNext:     {"skip_next", false, true},
	Reverse:      {"reverse", false, false},
	DrawCards:    {"draw_cards", true, true},
	ExtraTurn:    {"extra_turn", false, false},
	ForceDiscard: {"force_discard", true, true},
}

var effectTypeNames = func() (n [len(effectTypes)]string) {
	for i, e := range effectTypes {
		n[i] = e.name
	}
	return n
}()

var effectTypeTable = table{"effect type", "EffectType", effectTypeNames[:], 0}

// UsesTarget reports whether effects of type t read their target field.
func (t EffectType) UsesTarget() bool { return t < NumEffectTypes && effectTypes[t].target }

// UsesValue reports whether effects of type t read their value field.
func (t EffectType) UsesValue() bool { return t < NumEffectTypes && effectTypes[t].value }

// Words is the type's name as words ("skip next"), for prose and traces.
func (t EffectType) Words() string { return words(t.String()) }
