package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// allCards is the set of every card, the jokers included.
const allCards = 1<<cardrules.MaxCards - 1

// RankCards[r] and SuitCards[s] are the sets of the cards (bit c for card
// c) of rank r and of suit s: the jokers are RankCards[Joker] and
// SuitCards[NoSuit].
var RankCards, SuitCards [16]uint64

func init() {
	for c := range cardrules.Card(cardrules.MaxCards) {
		RankCards[c.Rank()] |= 1 << c
		SuitCards[c.Suit()] |= 1 << c
	}
}

// operand is a predicate stack value while it is evaluated for all
// candidate cards at once: a set of cards (a boolean per card), a number
// that does not depend on the card, or the candidate card's rank or suit.
type operand struct {
	kind uint8
	v    uint8
	set  uint64
}

const (
	opSet uint8 = iota
	opNumber
	opCardRank
	opCardSuit
)

// EvalSet runs one verified predicate (ending with OpRet) for every
// candidate card at once and returns the set of cards it allows on top
// card top with the given active suit and suits played (a bit per suit),
// ranks ordered as order says:
// the stack machine of the package doc, with a switch dispatch and the
// stack in a local array, whose values are card sets instead of booleans.
// It is the one evaluator of predicates: the VM lowers predicates to
// tables with it, and Verify asks it whether a predicate allows any card.
func EvalSet(code []byte, order cardrules.RankOrder, top, active, played uint8) uint64 {
	val := order.Values()
	var st [MaxStack]operand
	sp := 0
	for pc := 0; ; {
		op := Op(code[pc])
		pc++
		switch op {
		case OpTrue:
			st[sp] = operand{kind: opSet, set: allCards}
			sp++
		case OpFalse:
			st[sp] = operand{kind: opSet}
			sp++
		case OpCardRank:
			st[sp] = operand{kind: opCardRank}
			sp++
		case OpCardSuit:
			st[sp] = operand{kind: opCardSuit}
			sp++
		case OpTopRank:
			st[sp] = operand{kind: opNumber, v: val[cardrules.Card(top).Rank()&15]}
			sp++
		case OpTopSuit:
			st[sp] = operand{kind: opNumber, v: active}
			sp++
		case OpRank:
			st[sp] = operand{kind: opNumber, v: val[code[pc]&15]}
			pc++
			sp++
		case OpSuit:
			st[sp] = operand{kind: opNumber, v: code[pc]}
			pc++
			sp++
		case OpPlayed:
			var set uint64
			if played&(1<<code[pc]) != 0 {
				set = allCards
			}
			st[sp] = operand{kind: opSet, set: set}
			pc++
			sp++
		case OpEq, OpNe, OpLt, OpGt:
			sp--
			st[sp-1] = operand{kind: opSet, set: compare(op, st[sp-1], st[sp], &val)}
		case OpAnd:
			sp--
			st[sp-1].set &= st[sp].set
		case OpOr:
			sp--
			st[sp-1].set |= st[sp].set
		case OpNot:
			st[sp-1].set ^= allCards
		case OpRet:
			return st[0].set
		}
	}
}

// compare returns the set of cards for which a op b holds, a rank number
// being its place in the order (val). The verifier guarantees both sides are
// ranks or both suits.
func compare(op Op, a, b operand, val *[16]uint8) uint64 {
	if a.kind == opNumber && b.kind != opNumber {
		// Put the card on the left: x < card is card > x.
		a, b = b, a
		switch op {
		case OpLt:
			op = OpGt
		case OpGt:
			op = OpLt
		}
	}
	switch {
	case a.kind == opNumber: // two numbers: all cards or none
		if holds(op, a.v, b.v) {
			return allCards
		}
		return 0
	case b.kind != opNumber: // the card against itself
		if op == OpEq {
			return allCards
		}
		return 0
	}
	by := &RankCards
	n := uint8(cardrules.Joker) + 1
	if a.kind == opCardSuit {
		by, n = &SuitCards, uint8(cardrules.NoSuit)+1
	}
	var set uint64
	for x := range n {
		v := x
		if a.kind == opCardRank {
			v = val[x]
		}
		if holds(op, v, b.v) {
			set |= by[x]
		}
	}
	return set
}

func holds(op Op, a, b uint8) bool {
	switch op {
	case OpEq:
		return a == b
	case OpNe:
		return a != b
	case OpLt:
		return a < b
	}
	return a > b
}

// satisfiable says whether a verified predicate allows some card of the
// deck (the set of its faces) on some other card of the deck, with some
// active suit and some suits played: whether any game of the deck can ever
// satisfy it. With two packs, the other card may be the top card's copy.
// It is the bytecode form of genome.Expr.Satisfiable.
func satisfiable(pred []byte, deck uint64, order cardrules.RankOrder, twoPacks bool) bool {
	for top := range uint8(cardrules.MaxCards) {
		if deck&(1<<top) == 0 {
			continue
		}
		others := deck &^ (1 << top)
		if twoPacks {
			others = deck
		}
		for active := range uint8(4) {
			for played := range uint8(16) {
				if EvalSet(pred, order, top, active, played)&others != 0 {
					return true
				}
			}
		}
	}
	return false
}
