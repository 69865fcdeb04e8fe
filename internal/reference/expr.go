package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// view is what a legality predicate reads: the candidate card, the top card
// (of the discard pile, the last card played, or the card led to a trick),
// the active suit, the set of suits played so far (bit s for suit s) and
// the deck's rank order.
type view struct {
	card   genome.Card
	top    genome.Card
	active genome.Suit
	played uint8
	order  genome.RankOrder
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
		return left < right // a rank is its place in the deck's order
	case genome.OpGt:
		return left > right
	}
	panic("reference: unknown operator " + e.Op.String())
}

// termValue reads one side of a comparison.
func termValue(t genome.Term, v view) int {
	switch t.Kind {
	case genome.TermCardRank:
		return place(v.order, v.card.Rank())
	case genome.TermCardSuit:
		return int(v.card.Suit())
	case genome.TermTopRank:
		return place(v.order, v.top.Rank())
	case genome.TermTopSuit:
		// "top.suit" is the active suit: the suit last named, else the
		// top card's own suit.
		return int(v.active)
	case genome.TermRank:
		return place(v.order, genome.Rank(t.Value))
	case genome.TermSuit:
		return int(t.Value)
	}
	panic("reference: unknown term kind")
}

// place is rank r's place in the order, from 0 for the lowest: written
// from the order's list of ranks, not from cardrules' arithmetic. The
// joker's rank ends every list: a joker is above every rank in every order.
func place(o genome.RankOrder, r genome.Rank) int {
	return slices.Index(orderRanks[o], r)
}

var orderRanks = [cardrules.NumRankOrders][]genome.Rank{
	cardrules.OrderAceHigh: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, cardrules.Joker},
	cardrules.OrderAceLow:  {12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, cardrules.Joker},
	cardrules.OrderTwoHigh: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, cardrules.Joker},
}

// higher reports whether card a's rank is above card b's in the deck's
// order.
func (m *game) higher(a, b genome.Card) bool {
	return place(m.g.Deck.Order, a.Rank()) > place(m.g.Deck.Order, b.Rank())
}
