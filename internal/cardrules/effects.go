package cardrules

import "fmt"

// EffectType is what a special effect does. An effect type is one constant
// here and one row of the effects table below; the VM's effects code, the
// reference interpreter and Describe give it its meaning (CONTRIBUTING.md).
type EffectType uint8

// Effect types, in their bytecode numbering.
const (
	SkipNext EffectType = iota
	Reverse
	DrawCards
	ExtraTurn
	ForceDiscard
	NumEffectTypes
)

// effectInfo is what the model says of one effect type: its name and which
// of the target and value fields it reads. Fields a type does not read are
// stored as 0 (the canonical form) and ignored.
type effectInfo struct {
	name   string
	target bool
	value  bool
	// hinders: the effect sets an opponent back (the greedy player's view
	// of what is worth playing first), unless it is aimed at the player.
	hinders bool
	// fizzles: the effect moves cards and can fail to move any (nothing to
	// draw, no card to discard); it may carry a gate.
	fizzles bool
}

var effectTypes = [...]effectInfo{
	SkipNext:     {"skip_next", false, true, true, false},
	Reverse:      {"reverse", false, false, false, false},
	DrawCards:    {"draw_cards", true, true, true, true},
	ExtraTurn:    {"extra_turn", false, false, true, false},
	ForceDiscard: {"force_discard", true, true, false, true},
}

var effectTypeNames = func() (n [len(effectTypes)]string) {
	for i, e := range effectTypes {
		n[i] = e.name
	}
	return n
}()

var effectTypeTable = Table{"effect type", "EffectType", effectTypeNames[:], 0}

// UsesTarget reports whether effects of type t read their target field.
func (t EffectType) UsesTarget() bool { return t < NumEffectTypes && effectTypes[t].target }

// UsesValue reports whether effects of type t read their value field.
func (t EffectType) UsesValue() bool { return t < NumEffectTypes && effectTypes[t].value }

// Hinders reports whether an effect of type t aimed at target sets an
// opponent back: a type that hinders, not aimed at the player itself.
func (t EffectType) Hinders(target Target) bool {
	return t < NumEffectTypes && effectTypes[t].hinders && !(effectTypes[t].target && target == TargetSelf)
}

// Fizzles reports whether an effect of type t can fail to resolve (it moves
// cards, and there may be none to move): such an effect may carry a gate
// that makes its card unplayable while it cannot resolve.
func (t EffectType) Fizzles() bool { return t < NumEffectTypes && effectTypes[t].fizzles }

// Words is the type's name as words ("skip next"), for prose and traces.
func (t EffectType) Words() string { return words(t.String()) }

// Phrase words one effect, with its target and value, as a short sentence
// of what it does when its card is played ("the next player draws 2
// cards"), for the disassembly and traces; Describe words effects in the
// context of a whole game. Fields the type does not use are ignored.
func (t EffectType) Phrase(target Target, value int) string {
	who := map[Target]string{
		TargetNext: "the next player", TargetPrevious: "the previous player", TargetAllOpponents: "every opponent",
		TargetRandomOpponent: "a random opponent", TargetSelf: "the player",
	}[target]
	if who == "" {
		who = "its target"
	}
	cards := func(v int) string {
		if v == 1 {
			return "1 card"
		}
		return fmt.Sprintf("%d cards", v)
	}
	switch t {
	case SkipNext:
		if value == 1 {
			return "the next player misses a turn"
		}
		return fmt.Sprintf("the next %d players miss a turn", value)
	case Reverse:
		return "the direction of play reverses"
	case DrawCards:
		return fmt.Sprintf("%s draws %s", who, cards(value))
	case ExtraTurn:
		return "the player takes another turn"
	case ForceDiscard:
		return fmt.Sprintf("%s discards %s", who, cards(value))
	}
	return t.String()
}

// TriggerSuit narrows an effect's trigger to the cards of one suit of its
// rank: 0 is any suit (a genome never writes it), s+1 suit s.
type TriggerSuit uint8

// AnySuit triggers on every card of the rank.
const AnySuit TriggerSuit = 0

// NumTriggerSuits bounds the trigger suits.
const NumTriggerSuits = TriggerSuit(NumSuits + 1)

var triggerSuitNames = [...]string{"any", "clubs", "diamonds", "hearts", "spades"}

var triggerSuitTable = Table{"trigger suit", "TriggerSuit", triggerSuitNames[:], 1}

// TriggerOn returns the trigger suit of suit s.
func TriggerOn(s Suit) TriggerSuit { return TriggerSuit(s + 1) }

// Has reports whether a card of suit s triggers it.
func (t TriggerSuit) Has(s Suit) bool { return t == AnySuit || t == TriggerSuit(s+1) }

// Suit is the suit it names (meaningless for AnySuit).
func (t TriggerSuit) Suit() Suit { return Suit(t - 1) }

func (v TriggerSuit) String() string                { return triggerSuitTable.String(uint8(v)) }
func (v TriggerSuit) MarshalText() ([]byte, error)  { return triggerSuitTable.Text(uint8(v)) }
func (v *TriggerSuit) UnmarshalText(b []byte) error { return unmarshal(&triggerSuitTable, b, v) }
