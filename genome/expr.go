package genome

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Op is the operator of a legality expression node.
type Op uint8

// Expression operators.
const (
	OpTrue   Op = iota // always holds
	OpFalse            // never holds
	OpAny              // at least one of args (two or more) holds
	OpAll              // every one of args (two or more) holds
	OpNot              // its only argument (args) does not hold
	OpEq               // left equals right
	OpNe               // left differs from right
	OpLt               // left is lower than right (ranks only, ace high)
	OpGt               // left is higher than right (ranks only, ace high)
	OpPlayed           // a card of suit has been played earlier in the game
	NumOps
)

// opTable names the expression operators.
var opTable = cardrules.Table{Kind: "operator", GoName: "Op", Names: []string{
	OpTrue: "true", OpFalse: "false", OpAny: "any", OpAll: "all", OpNot: "not",
	OpEq: "eq", OpNe: "ne", OpLt: "lt", OpGt: "gt", OpPlayed: "played",
}}

func (o Op) String() string               { return opTable.String(uint8(o)) }
func (o Op) MarshalText() ([]byte, error) { return opTable.Text(uint8(o)) }
func (o *Op) UnmarshalText(b []byte) error {
	v, err := opTable.Parse(b)
	*o = Op(v)
	return err
}

// IsCompare reports whether o compares two terms.
func (o Op) IsCompare() bool { return o >= OpEq && o <= OpGt }

// TermKind is what a comparison term reads. "top" is the top card of the
// discard pile (for the followers of a trick, the card led); its suit is the
// active suit, which is the suit last named (after a card that names one)
// or else the top card's own suit.
type TermKind uint8

// Term kinds.
const (
	TermNone     TermKind = iota
	TermCardRank          // the candidate card's rank
	TermCardSuit          // the candidate card's suit
	TermTopRank           // the top card's rank
	TermTopSuit           // the active suit
	TermRank              // a constant rank
	TermSuit              // a constant suit
	NumTermKinds
)

// Term is one side of a comparison: a property of the candidate card or of
// the top card, or a constant.
type Term struct {
	Kind  TermKind
	Value uint8 // the constant, for TermRank and TermSuit
}

// IsRank reports whether the term is rank-typed.
func (t Term) IsRank() bool {
	return t.Kind == TermCardRank || t.Kind == TermTopRank || t.Kind == TermRank
}

// termTable names the terms that read a card; constant terms are written
// as a rank or a suit.
var termTable = cardrules.Table{Kind: "term", GoName: "Term", Names: []string{
	TermNone: "none", TermCardRank: "card.rank", TermCardSuit: "card.suit", TermTopRank: "top.rank", TermTopSuit: "top.suit",
}, Min: 1}

func (t Term) String() string {
	switch t.Kind {
	case TermRank:
		return Rank(t.Value).String()
	case TermSuit:
		return Suit(t.Value).String()
	}
	return termTable.String(uint8(t.Kind))
}

func (t Term) MarshalText() ([]byte, error) {
	switch t.Kind {
	case TermRank:
		return Rank(t.Value).MarshalText()
	case TermSuit:
		return Suit(t.Value).MarshalText()
	case TermNone:
		return nil, fmt.Errorf("empty term")
	}
	return termTable.Text(uint8(t.Kind))
}

func (t *Term) UnmarshalText(b []byte) error {
	s := string(b)
	if k, err := termTable.Parse(b); err == nil {
		*t = Term{Kind: TermKind(k)}
		return nil
	}
	if r, err := cardrules.ParseRank(s); err == nil {
		*t = Term{Kind: TermRank, Value: uint8(r)}
		return nil
	}
	if su, err := cardrules.ParseSuit(s); err == nil {
		*t = Term{Kind: TermSuit, Value: uint8(su)}
		return nil
	}
	return fmt.Errorf("unknown term %q (want card.rank, card.suit, top.rank, top.suit, a rank or a suit)", s)
}

// Expr is a legality predicate over a candidate card and the top card of the
// discard pile, as an expression tree.
type Expr struct {
	Op    Op     `json:"op"`              // the operator
	Args  []Expr `json:"args,omitempty"`  // the operands of any, all and not
	Left  *Term  `json:"left,omitempty"`  // the left term of a comparison
	Right *Term  `json:"right,omitempty"` // the right term of a comparison
	Suit  *Suit  `json:"suit,omitempty"`  // the suit of played
}

// Played builds "a card of suit s has been played".
func Played(s Suit) Expr { return Expr{Op: OpPlayed, Suit: &s} }

// Compare builds the comparison l op r.
func Compare(op Op, l, r Term) Expr { return Expr{Op: op, Left: &l, Right: &r} }

// Any builds the disjunction of args.
func Any(args ...Expr) Expr { return Expr{Op: OpAny, Args: args} }

// All builds the conjunction of args.
func All(args ...Expr) Expr { return Expr{Op: OpAll, Args: args} }

// Not builds the negation of x.
func Not(x Expr) Expr { return Expr{Op: OpNot, Args: []Expr{x}} }

// Clone returns a deep copy.
func (e Expr) Clone() Expr {
	c := Expr{Op: e.Op}
	if len(e.Args) > 0 {
		c.Args = make([]Expr, len(e.Args))
		for i, a := range e.Args {
			c.Args[i] = a.Clone()
		}
	}
	if e.Left != nil {
		l := *e.Left
		c.Left = &l
	}
	if e.Right != nil {
		r := *e.Right
		c.Right = &r
	}
	if e.Suit != nil {
		s := *e.Suit
		c.Suit = &s
	}
	return c
}

// Size counts the nodes of the tree.
func (e Expr) Size() int {
	n := 1
	for _, a := range e.Args {
		n += a.Size()
	}
	return n
}

// canonical returns the canonical form of a valid expression: nested any
// (all) flattened into their parent, one-argument any/all replaced by their
// argument, empty any/all replaced by false/true. The compiler emits exactly
// this shape, so the decompiler recovers it.
func (e Expr) canonical() Expr {
	switch e.Op {
	case OpAny, OpAll:
		var args []Expr
		for _, a := range e.Args {
			a = a.canonical()
			if a.Op == e.Op {
				args = append(args, a.Args...)
			} else {
				args = append(args, a)
			}
		}
		switch len(args) {
		case 0:
			if e.Op == OpAny {
				return Expr{Op: OpFalse}
			}
			return Expr{Op: OpTrue}
		case 1:
			return args[0]
		}
		return Expr{Op: e.Op, Args: args}
	case OpNot:
		if len(e.Args) == 1 {
			return Not(e.Args[0].canonical())
		}
	}
	c := e.Clone()
	// A term that reads the cards carries no constant.
	for _, t := range []*Term{c.Left, c.Right} {
		if t != nil && t.Kind != TermRank && t.Kind != TermSuit {
			t.Value = 0
		}
	}
	return c
}

// Describe renders the predicate in plain English, about "the card".
func (e Expr) Describe() string {
	switch e.Op {
	case OpTrue:
		return "any card"
	case OpFalse:
		return "no card"
	case OpAny, OpAll:
		parts := make([]string, len(e.Args))
		for i, a := range e.Args {
			parts[i] = a.Describe()
		}
		sep := " or "
		if e.Op == OpAll {
			sep = " and "
		}
		s := strings.Join(parts, sep)
		return "(" + s + ")"
	case OpNot:
		if len(e.Args) == 1 {
			return "not " + e.Args[0].Describe()
		}
	case OpPlayed:
		if e.Suit != nil {
			return e.Suit.String() + " have been played"
		}
	case OpEq, OpNe, OpLt, OpGt:
		if e.Left != nil && e.Right != nil {
			rel := map[Op]string{OpEq: "is", OpNe: "is not", OpLt: "is lower than", OpGt: "is higher than"}[e.Op]
			return describeTerm(*e.Left) + " " + rel + " " + describeTerm(*e.Right)
		}
	}
	return e.Op.String()
}

func describeTerm(t Term) string {
	switch t.Kind {
	case TermCardRank:
		return "its rank"
	case TermCardSuit:
		return "its suit"
	case TermTopRank:
		return "the top card's rank"
	case TermTopSuit:
		return "the active suit"
	case TermRank:
		if Rank(t.Value) == cardrules.Joker {
			return "the joker's" // "its rank is the joker's"
		}
		return Rank(t.Value).String()
	case TermSuit:
		return Suit(t.Value).String()
	}
	return "?"
}
