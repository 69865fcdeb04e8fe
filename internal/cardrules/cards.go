package cardrules

import (
	"fmt"
	"strings"
)

// Rank is a card rank, 0..12 for 2..A, or Joker. Where ranks are
// compared, the deck's RankOrder says which is higher (aces high by
// default); a joker is above every other rank in every order.
type Rank uint8

// Suit is a card suit, 0..3 for clubs, diamonds, hearts, spades, or
// NoSuit (a joker's).
type Suit uint8

// Card is a card's id: its face plus PackStride times its copy. A face is
// suit*13 + rank, 0..51, for the standard cards; a deck's jokers are the
// faces 52 and 53 (FirstJoker, FirstJoker+1), of rank Joker and no suit.
// A deck of two packs holds every face twice: the first pack's copy is
// the face itself, the second's the face plus PackStride. Cards of the
// same rank and suit (the two jokers, the two copies of a face) are
// distinct cards that every rule treats alike.
type Card uint8

// Deck geometry.
const (
	NumRanks = 13
	NumSuits = 4
	NumCards = NumRanks * NumSuits // the standard cards

	// Joker is the rank of a joker, above the standard ranks.
	Joker Rank = NumRanks
	// NoSuit is the suit of a joker, which belongs to no suit.
	NoSuit Suit = NumSuits
	// MaxJokers is the most jokers a deck holds.
	MaxJokers = 2
	// FirstJoker is the first joker's card; the second is FirstJoker+1.
	FirstJoker Card = NumCards
	// MaxCards bounds the cards of a deck: the standard cards and the
	// jokers. Card sets of a deck fit in one 64-bit word.
	MaxCards = NumCards + MaxJokers

	// MaxPacks is the most packs a deck is made of.
	MaxPacks = 2
	// PackStride is the distance between the ids of a face's copies: a
	// card's face is its id modulo PackStride, its copy its id divided by
	// it. A pack's card set is one 64-bit word.
	PackStride = 64
	// MaxDeck is the most cards a deck holds: two packs with two jokers
	// each.
	MaxDeck = MaxPacks * MaxCards
	// MaxCardID bounds the ids of cards: every card of every pack is below
	// it.
	MaxCardID = PackStride + MaxCards
)

var rankNames = [NumRanks + 1]string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Joker"}
var suitNames = [NumSuits]string{"clubs", "diamonds", "hearts", "spades"}
var suitLetters = [NumSuits]string{"C", "D", "H", "S"}

// NewCard returns the card of rank r and suit s (of a standard rank and
// suit: the first joker for Joker).
func NewCard(r Rank, s Suit) Card {
	if r >= Joker || s >= NoSuit {
		return FirstJoker
	}
	return Card(uint8(s)*NumRanks + uint8(r))
}

// Face returns the card's face: its copy in the first pack.
func (c Card) Face() Card { return c % PackStride }

// Copy returns the pack the card belongs to: 0 for the first, 1 for the
// second.
func (c Card) Copy() int { return int(c / PackStride) }

// Rank returns the card's rank.
func (c Card) Rank() Rank {
	if c.Face() >= FirstJoker {
		return Joker
	}
	return Rank(uint8(c.Face()) % NumRanks)
}

// Suit returns the card's suit.
func (c Card) Suit() Suit {
	if c.Face() >= FirstJoker {
		return NoSuit
	}
	return Suit(uint8(c.Face()) / NumRanks)
}

// IsJoker reports whether c is a joker.
func (c Card) IsJoker() bool { return c.Face() >= FirstJoker }

// Valid reports whether c is the id of a card: a face of some pack.
func (c Card) Valid() bool { return c.Face() < MaxCards && c < MaxCardID }

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
	if s == NoSuit {
		return "no suit"
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

// String names the card by its rank and suit; the copies of a face have
// the same name.
func (c Card) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	if c.IsJoker() {
		return rankNames[Joker]
	}
	return c.Rank().String() + suitLetters[c.Suit()]
}

// ParseRank reads a rank name ("2".."10", "J", "Q", "K", "A", "Joker").
func ParseRank(s string) (Rank, error) {
	for i, n := range rankNames {
		if strings.EqualFold(s, n) {
			return Rank(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rank %q (want one of 2..10, J, Q, K, A, Joker)", s)
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

// ParseCard reads a card as rank then suit letter: "QS", "10H", "2C"; or
// "Joker", the first joker.
func ParseCard(s string) (Card, error) {
	if strings.EqualFold(s, rankNames[Joker]) {
		return FirstJoker, nil
	}
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
	if r > Joker {
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
	if !c.Valid() {
		return nil, fmt.Errorf("card %d out of range", uint8(c))
	}
	return []byte(c.String()), nil
}

func (c *Card) UnmarshalText(b []byte) (err error) { *c, err = ParseCard(string(b)); return }

// RankOrder is how a deck's ranks compare, wherever ranks are compared
// (legality predicates, tricks, battles, a tableau's sequences). A rank's
// identity (what triggers an effect, what an ask names) does not change.
type RankOrder uint8

// Rank orders, lowest rank first.
const (
	// OrderAceHigh: 2 3 4 5 6 7 8 9 10 J Q K A.
	OrderAceHigh RankOrder = iota
	// OrderAceLow: A 2 3 4 5 6 7 8 9 10 J Q K.
	OrderAceLow
	// OrderTwoHigh: 3 4 5 6 7 8 9 10 J Q K A 2.
	OrderTwoHigh
	NumRankOrders
)

var rankOrderNames = [...]string{OrderAceHigh: "ace_high", OrderAceLow: "ace_low", OrderTwoHigh: "two_high"}

var rankOrderTable = Table{"rank order", "RankOrder", rankOrderNames[:], 0}

func (v RankOrder) String() string                { return rankOrderTable.String(uint8(v)) }
func (v RankOrder) MarshalText() ([]byte, error)  { return rankOrderTable.Text(uint8(v)) }
func (v *RankOrder) UnmarshalText(b []byte) error { return unmarshal(&rankOrderTable, b, v) }

// Value is rank r's place in the order, 0 for the lowest and 12 for the
// highest standard rank; a joker's is 13. An order out of range is read as
// ace high.
func (v RankOrder) Value(r Rank) uint8 {
	if r >= Joker {
		return uint8(Joker)
	}
	switch v {
	case OrderAceLow:
		return uint8((r + 1) % NumRanks)
	case OrderTwoHigh:
		return uint8((r + NumRanks - 1) % NumRanks)
	}
	return uint8(r)
}

// Values is Value for every rank, the joker's included, indexed by rank
// (16 entries, so that a 4-bit index never goes out of range).
func (v RankOrder) Values() (out [16]uint8) {
	for r := range Joker + 1 {
		out[r] = v.Value(r)
	}
	return out
}

// Ranks lists the ranks from the lowest to the highest in the order.
func (v RankOrder) Ranks() (out [NumRanks]Rank) {
	for r := range Rank(NumRanks) {
		out[v.Value(r)] = r
	}
	return out
}

// Match names a set of cards for scoring: one rank, one suit or one card.
type Match struct {
	Kind  MatchKind
	Value uint8
}

// Has reports whether card c is in the set: a one-card match holds every
// copy of its card.
func (m Match) Has(c Card) bool {
	switch m.Kind {
	case MatchRank:
		return uint8(c.Rank()) == m.Value
	case MatchSuit:
		return uint8(c.Suit()) == m.Value
	}
	return uint8(c.Face()) == m.Value
}

// Valid reports whether the match names a real rank, suit or card.
func (m Match) Valid() bool {
	switch m.Kind {
	case MatchRank:
		return m.Value <= uint8(Joker)
	case MatchSuit:
		return m.Value < NumSuits
	case MatchCard:
		return m.Value < NumCards // a joker is named by its rank
	}
	return false
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
