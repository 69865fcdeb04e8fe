package cardrules

import (
	"encoding"
	"strings"
	"testing"
)

// textEnum is what every enum type of the vocabulary implements.
type textEnum interface {
	encoding.TextMarshaler
	String() string
}

// values returns, for each enum, a constructor of its value v (so the test
// can reach each type's methods) and the enum's table.
func values() []struct {
	t   *Table
	num int
	new func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8)
} {
	type row = struct {
		t   *Table
		num int
		new func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8)
	}
	return []row{
		{&effectTypeTable, int(NumEffectTypes), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x EffectType
			return EffectType(v), &x, func() uint8 { return uint8(x) }
		}},
		{&targetTable, int(NumTargets), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Target
			return Target(v), &x, func() uint8 { return uint8(x) }
		}},
		{&phaseKindTable, int(NumPhaseKinds), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x PhaseKind
			return PhaseKind(v), &x, func() uint8 { return uint8(x) }
		}},
		{&handKindTable, int(NumHandKinds), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x HandKind
			return HandKind(v), &x, func() uint8 { return uint8(x) }
		}},
		{&returnsTable, int(NumReturns), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Returns
			return Returns(v), &x, func() uint8 { return uint8(x) }
		}},
		{&eventTable, int(NumEvents), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Event
			return Event(v), &x, func() uint8 { return uint8(x) }
		}},
		{&resultTable, int(NumResults), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Result
			return Result(v), &x, func() uint8 { return uint8(x) }
		}},
		{&untilTable, int(NumUntils), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Until
			return Until(v), &x, func() uint8 { return uint8(x) }
		}},
		{&rankByTable, int(NumRankBys), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x RankBy
			return RankBy(v), &x, func() uint8 { return uint8(x) }
		}},
		{&trumpTable, int(NumTrumps), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Trump
			return Trump(v), &x, func() uint8 { return uint8(x) }
		}},
		{&matchKindTable, int(NumMatchKinds), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x MatchKind
			return MatchKind(v), &x, func() uint8 { return uint8(x) }
		}},
		{&drawRuleTable, int(NumDrawRules), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x DrawRule
			return DrawRule(v), &x, func() uint8 { return uint8(x) }
		}},
		{&passRuleTable, int(NumPassRules), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x PassRule
			return PassRule(v), &x, func() uint8 { return uint8(x) }
		}},
		{&abilityTable, int(NumAbilities), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Ability
			return Ability(v), &x, func() uint8 { return uint8(x) }
		}},
		{&respondentsTable, int(NumRespondents), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Respondents
			return Respondents(v), &x, func() uint8 { return uint8(x) }
		}},
		{&triggerSuitTable, int(NumTriggerSuits), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x TriggerSuit
			return TriggerSuit(v), &x, func() uint8 { return uint8(x) }
		}},
		{&triggerTable, int(NumTriggers), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Trigger
			return Trigger(v), &x, func() uint8 { return uint8(x) }
		}},
		{&condOfTable, int(NumCondOfs), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x CondOf
			return CondOf(v), &x, func() uint8 { return uint8(x) }
		}},
		{&compareTable, int(NumCompares), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Compare
			return Compare(v), &x, func() uint8 { return uint8(x) }
		}},
		{&durationTable, int(NumDurations), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Duration
			return Duration(v), &x, func() uint8 { return uint8(x) }
		}},
		{&scopeTable, int(NumScopes), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Scope
			return Scope(v), &x, func() uint8 { return uint8(x) }
		}},
		{&stackTable, int(NumStacks), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Stacking
			return Stacking(v), &x, func() uint8 { return uint8(x) }
		}},
		{&resolveTable, int(NumResolves), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Resolve
			return Resolve(v), &x, func() uint8 { return uint8(x) }
		}},
		{&whoTable, int(NumWhos), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Who
			return Who(v), &x, func() uint8 { return uint8(x) }
		}},
		{&suppressedTable, int(NumSuppressed), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x Suppressed
			return Suppressed(v), &x, func() uint8 { return uint8(x) }
		}},
		{&rankOrderTable, int(NumRankOrders), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x RankOrder
			return RankOrder(v), &x, func() uint8 { return uint8(x) }
		}},
		{&passToTable, int(NumPassTos), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x PassTo
			return PassTo(v), &x, func() uint8 { return uint8(x) }
		}},
		{&claimRuleTable, int(NumClaimRules), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x ClaimRule
			return ClaimRule(v), &x, func() uint8 { return uint8(x) }
		}},
		{&layRuleTable, int(NumLayRules), func(v uint8) (textEnum, encoding.TextUnmarshaler, func() uint8) {
			var x LayRule
			return LayRule(v), &x, func() uint8 { return uint8(x) }
		}},
	}
}

// TestNames: every value of every enum has a non-empty name of lower-case
// letters and underscores, unique within its enum, and its text form reads
// back as the same value.
func TestNames(t *testing.T) {
	rows := values()
	if len(rows) != len(tables) {
		t.Fatalf("the test covers %d enums, the vocabulary has %d", len(rows), len(tables))
	}
	for _, r := range rows {
		if len(r.t.Names) != r.num {
			t.Errorf("%s: %d names for %d values", r.t.Kind, len(r.t.Names), r.num)
		}
		seen := map[string]bool{}
		for v := range r.num {
			val, into, got := r.new(uint8(v))
			name := val.String()
			if name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") != "" {
				t.Errorf("%s %d: name %q", r.t.Kind, v, name)
			}
			if seen[name] {
				t.Errorf("%s: name %q used twice", r.t.Kind, name)
			}
			seen[name] = true
			if v < int(r.t.Min) {
				if _, err := val.MarshalText(); err == nil {
					t.Errorf("%s %d (%s) has a text form; it is below the enum's minimum", r.t.Kind, v, name)
				}
				if err := into.UnmarshalText([]byte(name)); err == nil {
					t.Errorf("%s %q reads as a value; it is below the enum's minimum", r.t.Kind, name)
				}
				continue
			}
			b, err := val.MarshalText()
			if err != nil || string(b) != name {
				t.Errorf("%s %d: MarshalText = %q, %v; want %q", r.t.Kind, v, b, err, name)
			}
			if err := into.UnmarshalText(b); err != nil || got() != uint8(v) {
				t.Errorf("%s %q: UnmarshalText = %d, %v; want %d", r.t.Kind, b, got(), err, v)
			}
		}
		val, into, _ := r.new(uint8(r.num))
		if s := val.String(); !strings.HasPrefix(s, r.t.GoName+"(") {
			t.Errorf("%s %d (out of range): String = %q", r.t.Kind, r.num, s)
		}
		if _, err := val.MarshalText(); err == nil {
			t.Errorf("%s %d (out of range): MarshalText succeeded", r.t.Kind, r.num)
		}
		if err := into.UnmarshalText([]byte("no_such_name")); err == nil || !strings.Contains(err.Error(), "want one of") {
			t.Errorf("%s: unknown name gave %v", r.t.Kind, err)
		}
	}
	enums := Enums()
	for i, e := range enums {
		if e.Kind != tables[i].Kind || len(e.Names) != len(tables[i].Names) {
			t.Errorf("Enums()[%d] = %+v, does not describe %s", i, e, tables[i].Kind)
		}
	}
	enums[0].Names[0] = "changed"
	if Enums()[0].Names[0] == "changed" {
		t.Error("Enums returns the tables themselves; a caller could change them")
	}
}

// TestCards: every card's name reads back as the card.
func TestCards(t *testing.T) {
	for c := range Card(NumCards) {
		b, err := c.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var got Card
		if err := got.UnmarshalText(b); err != nil || got != c {
			t.Errorf("card %d: %q reads as %d, %v", c, b, got, err)
		}
		if NewCard(c.Rank(), c.Suit()) != c {
			t.Errorf("card %d: NewCard(Rank, Suit) = %d", c, NewCard(c.Rank(), c.Suit()))
		}
	}
	for _, m := range []Match{{MatchRank, 10}, {MatchSuit, 2}, {MatchCard, 50}} {
		b, err := m.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var got Match
		if err := got.UnmarshalText(b); err != nil || got != m {
			t.Errorf("match %+v: %q reads as %+v, %v", m, b, got, err)
		}
	}
}

func TestEffectFields(t *testing.T) {
	for e := range NumEffectTypes {
		if e.Words() == "" || strings.Contains(e.Words(), "_") {
			t.Errorf("%s: words %q", e, e.Words())
		}
	}
	if NumEffectTypes.UsesTarget() || NumEffectTypes.UsesValue() {
		t.Error("an unknown effect type uses fields")
	}
	if !DrawCards.UsesTarget() || !DrawCards.UsesValue() || Reverse.UsesTarget() || Reverse.UsesValue() {
		t.Error("the effects table lost its fields")
	}
}

// Every effect type and target, and every ability, has its own phrase,
// which names the value where the type uses one.
func TestPhrases(t *testing.T) {
	seen := map[string]bool{}
	for e := range NumEffectTypes {
		for tg := TargetNext; tg < NumTargets; tg++ {
			if !e.UsesTarget() && tg != TargetNext {
				continue
			}
			for _, v := range []int{1, 3} {
				if !e.UsesValue() && v != 1 {
					continue
				}
				p := e.Phrase(tg, v)
				if p == "" || seen[p] {
					t.Errorf("%s %s %d: phrase %q empty or shared", e, tg, v, p)
				}
				seen[p] = true
				if e.UsesValue() && v == 3 && !strings.Contains(p, "3") {
					t.Errorf("%s %s %d: phrase %q does not name the value", e, tg, v, p)
				}
			}
		}
	}
	for a := Stack; a < NumAbilities; a++ {
		if p := a.Phrase(4); p == "" || seen[p] || a == Stack && !strings.Contains(p, "4") {
			t.Errorf("%s: phrase %q", a, p)
		}
	}
}

// TestRankOrders: each order is a bijection of the ranks onto 0..12 that puts
// the ranks it names lowest and highest where it says.
func TestRankOrders(t *testing.T) {
	ends := map[RankOrder][2]Rank{OrderAceHigh: {0, 12}, OrderAceLow: {12, 11}, OrderTwoHigh: {1, 0}}
	for o := range NumRankOrders {
		seen := map[uint8]bool{}
		for r := range Rank(NumRanks) {
			seen[o.Value(r)] = true
		}
		if len(seen) != NumRanks {
			t.Errorf("%s: %d distinct places for 13 ranks", o, len(seen))
		}
		rs := o.Ranks()
		if rs[0] != ends[o][0] || rs[NumRanks-1] != ends[o][1] {
			t.Errorf("%s: lowest %s and highest %s, want %s and %s", o, rs[0], rs[NumRanks-1], ends[o][0], ends[o][1])
		}
		for i, r := range rs {
			if o.Value(r) != uint8(i) {
				t.Errorf("%s: Ranks()[%d] = %s, whose Value is %d", o, i, r, o.Value(r))
			}
		}
	}
}
