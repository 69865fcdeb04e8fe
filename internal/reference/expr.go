package reference

import "github.com/darwinsim/darwinsim/genome"

// view is what a legality predicate reads: the candidate card, the top card
// (of the discard pile, the last card played, or the card led to a trick),
// the active suit and the set of suits played so far (bit s for suit s).
type view struct {
	card   genome.Card
	top    genome.Card
	active genome.Suit
	played uint8
}

// holds evaluates predicate e for one view by walking the tree. It is
// written from the operator list of genome/expr.go and shares nothing with
// Expr.Eval or the VM's stack machine.
func holds(e *genome.Expr, v view) bool {
	switch e.Op {
	case genome.OpTrue:
		return true
	case genome.OpFalse:
		return false
	case genome.OpAny:
		for i := range e.Args {
			if holds(&e.Args[i], v) {
				return true
			}
		}
		return false
	case genome.OpAll:
		for i := range e.Args {
			if !holds(&e.Args[i], v) {
				return false
			}
		}
		return true
	case genome.OpNot:
		return !holds(&e.Args[0], v)
	case genome.OpPlayed:
		return v.played&(1<<uint(*e.Suit)) != 0
	}
	left := termValue(*e.Left, v)
	right := termValue(*e.Right, v)
	switch e.Op {
	case genome.OpEq:
		return left == right
	case genome.OpNe:
		return left != right
	case genome.OpLt:
		return left < right // ranks 0..12 for 2..A: aces high
	case genome.OpGt:
		return left > right
	}
	panic("reference: unknown operator " + e.Op.String())
}

// termValue reads one side of a comparison.
func termValue(t genome.Term, v view) int {
	switch t.Kind {
	case genome.TermCardRank:
		return int(v.card.Rank())
	case genome.TermCardSuit:
		return int(v.card.Suit())
	case genome.TermTopRank:
		return int(v.top.Rank())
	case genome.TermTopSuit:
		// "top.suit" is the active suit: the suit last named, else the
		// top card's own suit.
		return int(v.active)
	case genome.TermRank, genome.TermSuit:
		return int(t.Value)
	}
	panic("reference: unknown term kind")
}
