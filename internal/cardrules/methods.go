package cardrules

import "strings"

// Every name table has exactly one entry per value: a table shorter or
// longer than its enum does not compile (the index is out of range), and
// TestNames checks that no entry is empty.
var (
	_ = [1]struct{}{}[len(effectTypes)-int(NumEffectTypes)]
	_ = [1]struct{}{}[len(targetNames)-int(NumTargets)]
	_ = [1]struct{}{}[len(phaseKindNames)-int(NumPhaseKinds)]
	_ = [1]struct{}{}[len(handKindNames)-int(NumHandKinds)]
	_ = [1]struct{}{}[len(returnsNames)-int(NumReturns)]
	_ = [1]struct{}{}[len(eventNames)-int(NumEvents)]
	_ = [1]struct{}{}[len(resultNames)-int(NumResults)]
	_ = [1]struct{}{}[len(untilNames)-int(NumUntils)]
	_ = [1]struct{}{}[len(rankByNames)-int(NumRankBys)]
	_ = [1]struct{}{}[len(trumpNames)-int(NumTrumps)]
	_ = [1]struct{}{}[len(matchKindNames)-int(NumMatchKinds)]
	_ = [1]struct{}{}[len(drawRuleNames)-int(NumDrawRules)]
	_ = [1]struct{}{}[len(passRuleNames)-int(NumPassRules)]
	_ = [1]struct{}{}[len(abilityNames)-int(NumAbilities)]
	_ = [1]struct{}{}[len(respondentsNames)-int(NumRespondents)]
	_ = [1]struct{}{}[len(triggerSuitNames)-int(NumTriggerSuits)]
	_ = [1]struct{}{}[len(triggerNames)-int(NumTriggers)]
	_ = [1]struct{}{}[len(condOfNames)-int(NumCondOfs)]
	_ = [1]struct{}{}[len(compareNames)-int(NumCompares)]
	_ = [1]struct{}{}[len(durationNames)-int(NumDurations)]
	_ = [1]struct{}{}[len(scopeNames)-int(NumScopes)]
	_ = [1]struct{}{}[len(stackNames)-int(NumStacks)]
	_ = [1]struct{}{}[len(rankOrderNames)-int(NumRankOrders)]
	_ = [1]struct{}{}[len(claimRuleNames)-int(NumClaimRules)]
	_ = [1]struct{}{}[len(layRuleNames)-int(NumLayRules)]
)

func unmarshal[E ~uint8](t *Table, b []byte, v *E) error {
	x, err := t.Parse(b)
	*v = E(x)
	return err
}

// words turns a name into words: "skip_next" -> "skip next".
func words(name string) string { return strings.ReplaceAll(name, "_", " ") }

func (v EffectType) String() string                { return effectTypeTable.String(uint8(v)) }
func (v EffectType) MarshalText() ([]byte, error)  { return effectTypeTable.Text(uint8(v)) }
func (v *EffectType) UnmarshalText(b []byte) error { return unmarshal(&effectTypeTable, b, v) }

func (v Target) String() string                { return targetTable.String(uint8(v)) }
func (v Target) MarshalText() ([]byte, error)  { return targetTable.Text(uint8(v)) }
func (v *Target) UnmarshalText(b []byte) error { return unmarshal(&targetTable, b, v) }

func (v PhaseKind) String() string                { return phaseKindTable.String(uint8(v)) }
func (v PhaseKind) MarshalText() ([]byte, error)  { return phaseKindTable.Text(uint8(v)) }
func (v *PhaseKind) UnmarshalText(b []byte) error { return unmarshal(&phaseKindTable, b, v) }

func (v HandKind) String() string                { return handKindTable.String(uint8(v)) }
func (v HandKind) MarshalText() ([]byte, error)  { return handKindTable.Text(uint8(v)) }
func (v *HandKind) UnmarshalText(b []byte) error { return unmarshal(&handKindTable, b, v) }

func (v ClaimRule) String() string                { return claimRuleTable.String(uint8(v)) }
func (v ClaimRule) MarshalText() ([]byte, error)  { return claimRuleTable.Text(uint8(v)) }
func (v *ClaimRule) UnmarshalText(b []byte) error { return unmarshal(&claimRuleTable, b, v) }

func (v LayRule) String() string                { return layRuleTable.String(uint8(v)) }
func (v LayRule) MarshalText() ([]byte, error)  { return layRuleTable.Text(uint8(v)) }
func (v *LayRule) UnmarshalText(b []byte) error { return unmarshal(&layRuleTable, b, v) }

func (v Returns) String() string                { return returnsTable.String(uint8(v)) }
func (v Returns) MarshalText() ([]byte, error)  { return returnsTable.Text(uint8(v)) }
func (v *Returns) UnmarshalText(b []byte) error { return unmarshal(&returnsTable, b, v) }

func (v Event) String() string                { return eventTable.String(uint8(v)) }
func (v Event) MarshalText() ([]byte, error)  { return eventTable.Text(uint8(v)) }
func (v *Event) UnmarshalText(b []byte) error { return unmarshal(&eventTable, b, v) }

func (v Result) String() string                { return resultTable.String(uint8(v)) }
func (v Result) MarshalText() ([]byte, error)  { return resultTable.Text(uint8(v)) }
func (v *Result) UnmarshalText(b []byte) error { return unmarshal(&resultTable, b, v) }

func (v Until) String() string                { return untilTable.String(uint8(v)) }
func (v Until) MarshalText() ([]byte, error)  { return untilTable.Text(uint8(v)) }
func (v *Until) UnmarshalText(b []byte) error { return unmarshal(&untilTable, b, v) }

func (v RankBy) String() string                { return rankByTable.String(uint8(v)) }
func (v RankBy) MarshalText() ([]byte, error)  { return rankByTable.Text(uint8(v)) }
func (v *RankBy) UnmarshalText(b []byte) error { return unmarshal(&rankByTable, b, v) }

func (v Trump) String() string                { return trumpTable.String(uint8(v)) }
func (v Trump) MarshalText() ([]byte, error)  { return trumpTable.Text(uint8(v)) }
func (v *Trump) UnmarshalText(b []byte) error { return unmarshal(&trumpTable, b, v) }

func (v MatchKind) String() string                { return matchKindTable.String(uint8(v)) }
func (v MatchKind) MarshalText() ([]byte, error)  { return matchKindTable.Text(uint8(v)) }
func (v *MatchKind) UnmarshalText(b []byte) error { return unmarshal(&matchKindTable, b, v) }

func (v DrawRule) String() string                { return drawRuleTable.String(uint8(v)) }
func (v DrawRule) MarshalText() ([]byte, error)  { return drawRuleTable.Text(uint8(v)) }
func (v *DrawRule) UnmarshalText(b []byte) error { return unmarshal(&drawRuleTable, b, v) }

func (v PassRule) String() string                { return passRuleTable.String(uint8(v)) }
func (v PassRule) MarshalText() ([]byte, error)  { return passRuleTable.Text(uint8(v)) }
func (v *PassRule) UnmarshalText(b []byte) error { return unmarshal(&passRuleTable, b, v) }

func (v Ability) String() string                { return abilityTable.String(uint8(v)) }
func (v Ability) MarshalText() ([]byte, error)  { return abilityTable.Text(uint8(v)) }
func (v *Ability) UnmarshalText(b []byte) error { return unmarshal(&abilityTable, b, v) }

func (v Respondents) String() string                { return respondentsTable.String(uint8(v)) }
func (v Respondents) MarshalText() ([]byte, error)  { return respondentsTable.Text(uint8(v)) }
func (v *Respondents) UnmarshalText(b []byte) error { return unmarshal(&respondentsTable, b, v) }
