package cardrules

import "fmt"

// EffectType is what a special effect does. An effect type is one constant
// here and one row of the effects table below; the VM's effects code, the
// reference interpreter and Describe give it its meaning (CONTRIBUTING.md).
type EffectType uint8

// Effect types, in their bytecode numbering. The immediate types act once,
// when they fire; the lasting types (lasting.go) each start an active
// effect that holds over a set of seats (its target's, their team's or
// every seat) for a duration, and the vm package doc gives how.
const (
	SkipNext     EffectType = iota // the next value players miss a turn
	Reverse                        // the direction of play reverses
	DrawCards                      // each target draws value cards
	ExtraTurn                      // the player takes another turn
	ForceDiscard                   // each target discards value cards
	// the seats it holds over may play only cards of the suit of the card
	// that set it off
	LockSuit
	// the seats it holds over may play only cards of the effect's rank
	LockRank
	// the seats it holds over may not play cards of the suit of the card
	// that set it off
	BanSuit
	// the seats it holds over may not play cards of the effect's rank
	BanRank
	// each draw of a seat it holds over takes at most value cards (the
	// smallest limit over the stacking keys holds)
	DrawLimit
	// the seats it holds over lose their turns, the move passing them by
	// (unless every seat still in would be passed by)
	MissTurns
	// each trick a seat it holds over wins, and each set it lays down,
	// scores value more points (the stacking keys' bonuses add up)
	Bonus
	// for the seats it holds over, effects of the type it suppresses that
	// they set off do not fire, and active ones do not apply to them
	Suppress
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
	// lasts: the effect starts an active effect that holds for a duration
	// (its genome entry has a lasts field).
	lasts bool
}

var effectTypes = [...]effectInfo{
	SkipNext:     {"skip_next", false, true, true, false, false},
	Reverse:      {"reverse", false, false, false, false, false},
	DrawCards:    {"draw_cards", true, true, true, true, false},
	ExtraTurn:    {"extra_turn", false, false, true, false, false},
	ForceDiscard: {"force_discard", true, true, false, true, false},
	LockSuit:     {"lock_suit", true, false, true, false, true},
	LockRank:     {"lock_rank", true, false, true, false, true},
	BanSuit:      {"ban_suit", true, false, true, false, true},
	BanRank:      {"ban_rank", true, false, true, false, true},
	DrawLimit:    {"draw_limit", true, true, false, false, true},
	MissTurns:    {"miss_turns", true, false, true, false, true},
	Bonus:        {"bonus", true, true, false, false, true},
	Suppress:     {"suppress", true, false, false, false, true},
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

// Lasts reports whether effects of type t start an active effect that
// holds for a duration (a lasting type) rather than act once.
func (t EffectType) Lasts() bool { return t < NumEffectTypes && effectTypes[t].lasts }

// Answerable reports whether a response may answer effects of type t: an
// immediate type aimed at a target.
func (t EffectType) Answerable() bool { return t.UsesTarget() && !t.Lasts() }

// NamesSuit reports whether effects of type t read the suit of the card
// that set them off (so that they need a trigger with a card).
func (t EffectType) NamesSuit() bool { return t == LockSuit || t == BanSuit }

// Words is the type's name as words ("skip next"), for prose and traces.
func (t EffectType) Words() string { return words(t.String()) }

// Phrase words one effect, with its target and value, as a short sentence
// of what it does when it fires ("the next player draws 2 cards"; for a
// lasting type, what it does while it holds, without its duration or
// scope), for the disassembly and traces; Describe words effects in the
// context of a whole game. Fields the type does not use are ignored.
func (t EffectType) Phrase(target Target, value int) string {
	who := map[Target]string{
		TargetNext: "the next player", TargetPrevious: "the previous player", TargetAllOpponents: "every opponent",
		TargetRandomOpponent: "a random opponent", TargetSelf: "the player", NoTarget: "every player",
		TargetChosen: "an opponent of the player's choice",
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
	case LockSuit:
		return who + " may play only the suit of the card that set it off"
	case LockRank:
		return who + " may play only cards of its rank"
	case BanSuit:
		return who + " may not play the suit of the card that set it off"
	case BanRank:
		return who + " may not play cards of its rank"
	case DrawLimit:
		return fmt.Sprintf("%s draws at most %s at a time", who, cards(value))
	case MissTurns:
		return who + " loses their turns"
	case Bonus:
		if value == 1 {
			return who + " scores 1 more point a trick or set"
		}
		return fmt.Sprintf("%s scores %d more points a trick or set", who, value)
	case Suppress:
		return "effects of one type are switched off for " + who
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

// Trigger is the event that sets an effect off: the play of its card (the
// default), or another event that names a card or a rank and a seat (the
// vm package doc gives when each happens and when its effects resolve).
type Trigger uint8

// Triggers, in their bytecode numbering.
const (
	Played        Trigger = iota // the card is played (or is the starter)
	Drawn                        // a seat draws the card from the stock
	Asked                        // a seat asks an opponent for the rank
	Taken                        // a seat takes the card from another seat's hand
	SetLaid                      // a seat lays down a set of the rank
	TrickWon                     // a seat wins a trick with the card
	ForcedDiscard                // a seat discards the card because an effect forces it
	WentOut                      // a seat goes out, the card the last to leave its hand
	NumTriggers
)

var triggerNames = [...]string{
	Played: "played", Drawn: "drawn", Asked: "asked", Taken: "taken",
	SetLaid: "set_laid", TrickWon: "trick_won", ForcedDiscard: "forced_discard", WentOut: "went_out",
}

var triggerTable = Table{"trigger", "Trigger", triggerNames[:], 0}

// MaxWaitingEvents bounds the events of one phase that wait at once to set
// off their effects at its end; later ones are dropped (the vm package doc).
const MaxWaitingEvents = 32

// OfRank reports whether trigger t names a rank rather than a card (an ask,
// a set), so that an effect it sets off may not name a suit.
func (t Trigger) OfRank() bool { return t == Asked || t == SetLaid }

// CondOf is what an effect's or a rule's condition tests, or the count a
// rule's value scales by. 0 is no condition, which a genome never writes.
type CondOf uint8

// Condition subjects, in their bytecode numbering.
const (
	NoCond      CondOf = iota
	CondHand           // cards the effect's player holds (for a rule: each seat's own)
	CondTarget         // cards the target about to be hit holds
	CondStock          // cards in the stock
	CondPile           // cards in the discard pile
	CondSeats          // seats still in
	CondTopSuit        // the active suit (the discard pile's top card's, or the suit named after it)
	NumCondOfs
)

var condOfNames = [...]string{
	NoCond: "none", CondHand: "hand", CondTarget: "target_hand", CondStock: "stock",
	CondPile: "pile", CondSeats: "seats", CondTopSuit: "top_suit",
}

var condOfTable = Table{"condition subject", "CondOf", condOfNames[:], 1}

// MaxCondValue bounds a numeric condition's value (cards in one place).
const MaxCondValue = NumCards

// Compare is how a numeric condition compares its subject with its value.
type Compare uint8

// Comparisons, in their bytecode numbering.
const (
	AtLeast Compare = iota
	AtMost
	Equal
	NumCompares
)

var compareNames = [...]string{AtLeast: "at_least", AtMost: "at_most", Equal: "equal"}

var compareTable = Table{"comparison", "Compare", compareNames[:], 0}

// Holds reports whether x compares with v as c says.
func (c Compare) Holds(x, v int) bool {
	switch c {
	case AtLeast:
		return x >= v
	case AtMost:
		return x <= v
	}
	return x == v
}

func (v Trigger) String() string                { return triggerTable.String(uint8(v)) }
func (v Trigger) MarshalText() ([]byte, error)  { return triggerTable.Text(uint8(v)) }
func (v *Trigger) UnmarshalText(b []byte) error { return unmarshal(&triggerTable, b, v) }

func (v CondOf) String() string                { return condOfTable.String(uint8(v)) }
func (v CondOf) MarshalText() ([]byte, error)  { return condOfTable.Text(uint8(v)) }
func (v *CondOf) UnmarshalText(b []byte) error { return unmarshal(&condOfTable, b, v) }

func (v Compare) String() string                { return compareTable.String(uint8(v)) }
func (v Compare) MarshalText() ([]byte, error)  { return compareTable.Text(uint8(v)) }
func (v *Compare) UnmarshalText(b []byte) error { return unmarshal(&compareTable, b, v) }

// Words is how the trigger reads after an effect's card ("when drawn").
func (t Trigger) Words() string {
	switch t {
	case Played:
		return "when played"
	case Asked:
		return "when asked for"
	case SetLaid:
		return "when laid down as a set"
	case TrickWon:
		return "when it wins a trick"
	case ForcedDiscard:
		return "when discarded by force"
	case WentOut:
		return "when its holder goes out on it"
	}
	return "when " + words(t.String())
}

// CondPhrase words a condition: subject of, comparison c, value v (a suit
// for CondTopSuit), as a clause ("the stock holds at most 3 cards"); ""
// for NoCond.
func CondPhrase(of CondOf, c Compare, v int) string {
	cmp := map[Compare]string{AtLeast: "at least ", AtMost: "at most ", Equal: "exactly "}[c]
	cards := fmt.Sprintf("%s%d cards", cmp, v)
	if v == 1 {
		cards = cmp + "1 card"
	}
	switch of {
	case CondHand:
		return "the player holds " + cards
	case CondTarget:
		return "the target holds " + cards
	case CondStock:
		return "the stock holds " + cards
	case CondPile:
		return "the discard pile holds " + cards
	case CondSeats:
		if v == 1 {
			return cmp + "1 player is still in"
		}
		return fmt.Sprintf("%s%d players are still in", cmp, v)
	case CondTopSuit:
		return "the active suit is " + Suit(v).String()
	}
	return ""
}
