package genome

import (
	"fmt"
	"strings"
)

// Rank is a card rank, 0..12 for 2..A. Aces rank high wherever ranks are
// compared.
type Rank uint8

// Suit is a card suit, 0..3 for clubs, diamonds, hearts, spades.
type Suit uint8

// Card is suit*13 + rank, 0..51.
type Card uint8

// Deck geometry.
const (
	NumRanks = 13
	NumSuits = 4
	NumCards = NumRanks * NumSuits
	MaxSeats = 8
)

var rankNames = [NumRanks]string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
var suitNames = [NumSuits]string{"clubs", "diamonds", "hearts", "spades"}
var suitLetters = [NumSuits]string{"C", "D", "H", "S"}

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)*NumRanks + uint8(r)) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(uint8(c) % NumRanks) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(uint8(c) / NumRanks) }

func (r Rank) String() string {
	if int(r) < len(rankNames) {
		return rankNames[r]
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

func (s Suit) String() string {
	if int(s) < len(suitNames) {
		return suitNames[s]
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

func (c Card) String() string {
	if c >= NumCards {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return c.Rank().String() + suitLetters[c.Suit()]
}

// ParseRank reads a rank name ("2".."10", "J", "Q", "K", "A").
func ParseRank(s string) (Rank, error) {
	for i, n := range rankNames {
		if strings.EqualFold(s, n) {
			return Rank(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rank %q (want one of 2..10, J, Q, K, A)", s)
}

// ParseSuit reads a suit name.
func ParseSuit(s string) (Suit, error) {
	for i, n := range suitNames {
		if strings.EqualFold(s, n) {
			return Suit(i), nil
		}
	}
	return 0, fmt.Errorf("unknown suit %q (want clubs, diamonds, hearts or spades)", s)
}

// ParseCard reads a card as rank then suit letter: "QS", "10H", "2C".
func ParseCard(s string) (Card, error) {
	if len(s) < 2 {
		return 0, fmt.Errorf("unknown card %q (want rank then suit letter, like QS or 10H)", s)
	}
	r, err := ParseRank(s[:len(s)-1])
	if err != nil {
		return 0, fmt.Errorf("unknown card %q (want rank then suit letter, like QS or 10H)", s)
	}
	for i, l := range suitLetters {
		if strings.EqualFold(s[len(s)-1:], l) {
			return NewCard(r, Suit(i)), nil
		}
	}
	return 0, fmt.Errorf("unknown card %q (want rank then suit letter, like QS or 10H)", s)
}

func (r Rank) MarshalText() ([]byte, error) {
	if r >= NumRanks {
		return nil, fmt.Errorf("rank %d out of range", uint8(r))
	}
	return []byte(r.String()), nil
}

func (r *Rank) UnmarshalText(b []byte) (err error) { *r, err = ParseRank(string(b)); return }

func (s Suit) MarshalText() ([]byte, error) {
	if s >= NumSuits {
		return nil, fmt.Errorf("suit %d out of range", uint8(s))
	}
	return []byte(s.String()), nil
}

func (s *Suit) UnmarshalText(b []byte) (err error) { *s, err = ParseSuit(string(b)); return }

func (c Card) MarshalText() ([]byte, error) {
	if c >= NumCards {
		return nil, fmt.Errorf("card %d out of range", uint8(c))
	}
	return []byte(c.String()), nil
}

func (c *Card) UnmarshalText(b []byte) (err error) { *c, err = ParseCard(string(b)); return }

// enum is the shared text form of the small named enums below: index i has
// name names[i]; index 0 is the zero value.
func enumText(names []string, i uint8, kind string) ([]byte, error) {
	if int(i) >= len(names) || names[i] == "" {
		return nil, fmt.Errorf("%s %d out of range", kind, i)
	}
	return []byte(names[i]), nil
}

func enumParse(names []string, b []byte, kind string) (uint8, error) {
	s := string(b)
	for i, n := range names {
		if n != "" && n == s {
			return uint8(i), nil
		}
	}
	var want []string
	for _, n := range names {
		if n != "" {
			want = append(want, n)
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %s)", kind, s, strings.Join(want, ", "))
}

func enumString(names []string, i uint8, kind string) string {
	if int(i) < len(names) && names[i] != "" {
		return names[i]
	}
	return fmt.Sprintf("%s(%d)", kind, i)
}

// EffectType is what a special effect does (see the package doc).
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

var effectTypeNames = []string{"skip_next", "reverse", "draw_cards", "extra_turn", "force_discard"}

func (t EffectType) String() string { return enumString(effectTypeNames, uint8(t), "EffectType") }
func (t EffectType) MarshalText() ([]byte, error) {
	return enumText(effectTypeNames, uint8(t), "effect type")
}
func (t *EffectType) UnmarshalText(b []byte) error {
	v, err := enumParse(effectTypeNames, b, "effect type")
	*t = EffectType(v)
	return err
}

// UsesTarget reports whether effects of this type read their target field.
func (t EffectType) UsesTarget() bool { return t == DrawCards || t == ForceDiscard }

// UsesValue reports whether effects of this type read their value field.
func (t EffectType) UsesValue() bool { return t == SkipNext || t == DrawCards || t == ForceDiscard }

// Target selects the seats an effect acts on. 0 means "no target" and is the
// canonical value for types that do not use one.
type Target uint8

// Targets, in their bytecode numbering.
const (
	NoTarget Target = iota
	TargetNext
	TargetPrevious
	TargetAllOpponents
	TargetRandomOpponent
	TargetSelf
	NumTargets
)

var targetNames = []string{"", "next", "previous", "all_opponents", "random_opponent", "self"}

func (t Target) String() string { return enumString(targetNames, uint8(t), "Target") }
func (t Target) MarshalText() ([]byte, error) {
	return enumText(targetNames, uint8(t), "target")
}
func (t *Target) UnmarshalText(b []byte) error {
	v, err := enumParse(targetNames, b, "target")
	*t = Target(v)
	return err
}

// PhaseKind is the primitive a phase runs.
type PhaseKind uint8

// Phase kinds.
const (
	// PhasePlay: the seat plays one legal card from its hand onto the
	// discard pile, drawing first if it has none.
	PhasePlay PhaseKind = iota
	// PhaseBattle: every active seat turns up the top card of its pile; the
	// highest rank takes them all, ties go to war.
	PhaseBattle
	// PhaseDraw: the seat draws cards from the stock.
	PhaseDraw
	// PhaseTrick: the seat leads a trick and every other active seat
	// follows in turn; the highest trump, else the highest card of the led
	// suit, takes the trick, and its seat leads next.
	PhaseTrick
	// PhaseTake: the seat takes one card, blind, from an opponent's hand.
	PhaseTake
	// PhaseAsk: the seat asks an opponent for a rank it holds; it gets every
	// card of that rank the opponent has and goes again, or draws from the
	// stock and goes again only if it drew the rank asked for.
	PhaseAsk
	NumPhaseKinds
)

var phaseKindNames = []string{"play", "battle", "draw", "trick", "take", "ask"}

func (k PhaseKind) String() string { return enumString(phaseKindNames, uint8(k), "PhaseKind") }
func (k PhaseKind) MarshalText() ([]byte, error) {
	return enumText(phaseKindNames, uint8(k), "phase kind")
}
func (k *PhaseKind) UnmarshalText(b []byte) error {
	v, err := enumParse(phaseKindNames, b, "phase kind")
	*k = PhaseKind(v)
	return err
}

// HandKind says how a seat holds its cards.
type HandKind uint8

// Hand kinds.
const (
	// HandFan: the seat sees its cards and chooses which to play.
	HandFan HandKind = iota
	// HandPile: a face-down ordered pile; the top card is played, cards
	// received go to the bottom.
	HandPile
	NumHandKinds
)

var handKindNames = []string{"fan", "pile"}

func (k HandKind) String() string { return enumString(handKindNames, uint8(k), "HandKind") }
func (k HandKind) MarshalText() ([]byte, error) {
	return enumText(handKindNames, uint8(k), "hand kind")
}
func (k *HandKind) UnmarshalText(b []byte) error {
	v, err := enumParse(handKindNames, b, "hand kind")
	*k = HandKind(v)
	return err
}

// Returns says how a battle's winner puts the won cards under its pile.
type Returns uint8

// Battle returns.
const (
	ReturnsShuffled Returns = iota
	ReturnsInOrder
	NumReturns
)

var returnsNames = []string{"shuffled", "in_order"}

func (r Returns) String() string { return enumString(returnsNames, uint8(r), "Returns") }
func (r Returns) MarshalText() ([]byte, error) {
	return enumText(returnsNames, uint8(r), "returns")
}
func (r *Returns) UnmarshalText(b []byte) error {
	v, err := enumParse(returnsNames, b, "returns")
	*r = Returns(v)
	return err
}

// Event is what an end condition watches for.
type Event uint8

// Events.
const (
	// EventHandEmpty: the seat holds no cards.
	EventHandEmpty Event = iota
	NumEvents
)

var eventNames = []string{"hand_empty"}

func (e Event) String() string { return enumString(eventNames, uint8(e), "Event") }
func (e Event) MarshalText() ([]byte, error) {
	return enumText(eventNames, uint8(e), "event")
}
func (e *Event) UnmarshalText(b []byte) error {
	v, err := enumParse(eventNames, b, "event")
	*e = Event(v)
	return err
}

// Result is what happens to a seat whose end condition holds: it leaves play
// as a winner (ranked by the order it went out, first best) or as a loser
// (first out ranked last).
type Result uint8

// Results.
const (
	ResultWin Result = iota
	ResultLose
	NumResults
)

var resultNames = []string{"win", "lose"}

func (r Result) String() string { return enumString(resultNames, uint8(r), "Result") }
func (r Result) MarshalText() ([]byte, error) {
	return enumText(resultNames, uint8(r), "result")
}
func (r *Result) UnmarshalText(b []byte) error {
	v, err := enumParse(resultNames, b, "result")
	*r = Result(v)
	return err
}

// Until says when the game ends.
type Until uint8

// Game ends.
const (
	// UntilFirstOut: the game ends as soon as one seat leaves play.
	UntilFirstOut Until = iota
	// UntilOneLeft: play goes on until at most one seat is still in.
	UntilOneLeft
	// UntilHandsEmpty: play goes on until every hand is empty (the deal is
	// played out).
	UntilHandsEmpty
	// UntilNoCards: play goes on until every hand and the stock are empty.
	UntilNoCards
	NumUntils
)

var untilNames = []string{"first_out", "one_left", "hands_empty", "no_cards"}

func (u Until) String() string { return enumString(untilNames, uint8(u), "Until") }
func (u Until) MarshalText() ([]byte, error) {
	return enumText(untilNames, uint8(u), "until")
}
func (u *Until) UnmarshalText(b []byte) error {
	v, err := enumParse(untilNames, b, "until")
	*u = Until(v)
	return err
}

// RankBy orders the seats still in when the game ends.
type RankBy uint8

// Rankings.
const (
	// RankCards: by cards held, fewer better unless emptying a hand loses.
	RankCards RankBy = iota
	// RankScoreLow: by score, lowest best.
	RankScoreLow
	// RankScoreHigh: by score, highest best.
	RankScoreHigh
	NumRankBys
)

var rankByNames = []string{"cards", "score_low", "score_high"}

func (r RankBy) String() string { return enumString(rankByNames, uint8(r), "RankBy") }
func (r RankBy) MarshalText() ([]byte, error) {
	return enumText(rankByNames, uint8(r), "rank_by")
}
func (r *RankBy) UnmarshalText(b []byte) error {
	v, err := enumParse(rankByNames, b, "rank_by")
	*r = RankBy(v)
	return err
}

// Trump is a trick phase's trump suit.
type Trump uint8

// Trumps: none, one fixed suit, or the suit of the last card dealt.
const (
	TrumpNone Trump = iota
	TrumpClubs
	TrumpDiamonds
	TrumpHearts
	TrumpSpades
	TrumpLastDealt
	NumTrumps
)

var trumpNames = []string{"none", "clubs", "diamonds", "hearts", "spades", "last_dealt"}

func (t Trump) String() string { return enumString(trumpNames, uint8(t), "Trump") }
func (t Trump) MarshalText() ([]byte, error) {
	return enumText(trumpNames, uint8(t), "trump")
}
func (t *Trump) UnmarshalText(b []byte) error {
	v, err := enumParse(trumpNames, b, "trump")
	*t = Trump(v)
	return err
}

// Match names a set of cards for scoring: one rank, one suit or one card.
type Match struct {
	Kind  MatchKind
	Value uint8
}

// MatchKind says what a Match names.
type MatchKind uint8

// Match kinds.
const (
	MatchRank MatchKind = iota
	MatchSuit
	MatchCard
	NumMatchKinds
)

// Has reports whether card c is in the set.
func (m Match) Has(c Card) bool {
	switch m.Kind {
	case MatchRank:
		return uint8(c.Rank()) == m.Value
	case MatchSuit:
		return uint8(c.Suit()) == m.Value
	}
	return uint8(c) == m.Value
}

func (m Match) String() string {
	switch m.Kind {
	case MatchRank:
		return Rank(m.Value).String()
	case MatchSuit:
		return Suit(m.Value).String()
	}
	return Card(m.Value).String()
}

func (m Match) MarshalText() ([]byte, error) {
	switch m.Kind {
	case MatchRank:
		return Rank(m.Value).MarshalText()
	case MatchSuit:
		return Suit(m.Value).MarshalText()
	case MatchCard:
		return Card(m.Value).MarshalText()
	}
	return nil, fmt.Errorf("match kind %d out of range", m.Kind)
}

func (m *Match) UnmarshalText(b []byte) error {
	s := string(b)
	if c, err := ParseCard(s); err == nil && len(s) >= 2 {
		if _, rerr := ParseRank(s); rerr != nil {
			*m = Match{MatchCard, uint8(c)}
			return nil
		}
	}
	if r, err := ParseRank(s); err == nil {
		*m = Match{MatchRank, uint8(r)}
		return nil
	}
	if su, err := ParseSuit(s); err == nil {
		*m = Match{MatchSuit, uint8(su)}
		return nil
	}
	return fmt.Errorf("unknown match %q (want a rank like Q, a suit like hearts, or a card like QS)", s)
}
