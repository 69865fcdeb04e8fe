package genometest

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// drawLegal draws a predicate some card of the deck satisfies: a random
// tree, with a satisfiable branch added when a quick search finds no card
// that satisfies it. (genome's Satisfiable is exact but searches every
// card, top card, active suit and set of suits played, which is slow for
// large unsatisfiable trees; adding a branch to a tree that was
// satisfiable after all keeps it valid.)
func drawLegal(t *rapid.T, label string, cards []genome.Card) genome.Expr {
	e, n := drawExpr(t, label, cardrules.MaxExprDepth, cardrules.MaxExprNodes)
	if quickSatisfiable(e, cards) {
		return e
	}
	w := rapid.SampledFrom(witnesses(cards)).Draw(t, label+".witness")
	switch {
	case e.Op == genome.OpAny && n < cardrules.MaxExprNodes:
		i := rapid.IntRange(0, len(e.Args)).Draw(t, label+".witness_at")
		e.Args = slices.Insert(e.Args, i, w)
		return e
	case depth(e) < cardrules.MaxExprDepth && n+2 <= cardrules.MaxExprNodes:
		if rapid.Bool().Draw(t, label+".witness_first") {
			return genome.Any(w, e)
		}
		return genome.Any(e, w)
	}
	return w
}

// quickSatisfiable tries a fixed spread of (card, top card, active suit,
// suits played) cases in every rank order; true means some card of the deck
// satisfies e whatever the deck's order, false means none was found in some
// order.
func quickSatisfiable(e genome.Expr, cards []genome.Card) bool {
	n := len(cards)
	for o := range cardrules.NumRankOrders {
		found := false
		for i := 0; i < 512 && !found; i++ {
			c, top := cards[(i*7)%n], cards[(i*13+1)%n]
			found = c != top && e.EvalIn(o, c, top, genome.Suit(i%cardrules.NumSuits), uint8((i/4)%16))
		}
		if !found {
			return false
		}
	}
	return true
}

// witnesses lists one-node predicates that some card of the deck
// satisfies (on some other card as the top card, some active suit and some
// suits played), decided from the deck's ranks rather than by search:
// "true", "eq card.suit top.suit" (the active suit can be the card's own),
// "ne card.suit top.suit", "played" and constants present in the deck
// always qualify; comparing the card's rank with the top card's needs two
// cards of one rank (eq) or of two ranks (the others).
func witnesses(cards []genome.Card) []genome.Expr {
	cr, cs := genome.Term{Kind: genome.TermCardRank}, genome.Term{Kind: genome.TermCardSuit}
	tr, ts := genome.Term{Kind: genome.TermTopRank}, genome.Term{Kind: genome.TermTopSuit}
	ws := []genome.Expr{
		{Op: genome.OpTrue},
		genome.Compare(genome.OpEq, cs, ts),
		genome.Compare(genome.OpEq, ts, cs),
		genome.Compare(genome.OpNe, cs, ts),
	}
	var perRank [cardrules.Joker + 1]int
	for _, c := range cards {
		perRank[c.Rank()]++
	}
	ranks := presentRanks(cards)
	if slices.ContainsFunc(perRank[:], func(n int) bool { return n >= 2 }) {
		ws = append(ws, genome.Compare(genome.OpEq, cr, tr))
	}
	if len(ranks) >= 2 {
		ws = append(ws, genome.Compare(genome.OpNe, cr, tr), genome.Compare(genome.OpLt, cr, tr), genome.Compare(genome.OpGt, tr, cr))
	}
	for _, r := range ranks {
		ws = append(ws, genome.Compare(genome.OpEq, cr, genome.Term{Kind: genome.TermRank, Value: uint8(r)}))
	}
	for _, s := range presentSuits(cards) {
		ws = append(ws, genome.Compare(genome.OpEq, genome.Term{Kind: genome.TermSuit, Value: uint8(s)}, cs))
	}
	for s := range genome.Suit(cardrules.NumSuits) {
		ws = append(ws, genome.Played(s))
	}
	return ws
}

func depth(e genome.Expr) int {
	d := 0
	for _, a := range e.Args {
		d = max(d, depth(a))
	}
	return d + 1
}

// Expression node kinds drawn by drawExpr, weighted by repetition.
var exprKinds = []genome.Op{
	genome.OpTrue, genome.OpFalse,
	genome.OpAny, genome.OpAny, genome.OpAny,
	genome.OpAll, genome.OpAll, genome.OpAll,
	genome.OpNot, genome.OpNot,
	genome.OpEq, genome.OpEq, genome.OpEq,
	genome.OpNe, genome.OpNe,
	genome.OpLt, genome.OpLt,
	genome.OpGt, genome.OpGt,
	genome.OpPlayed,
}

// drawExpr draws a well-typed expression of at most levels levels and
// maxNodes nodes, and returns it with its node count.
func drawExpr(t *rapid.T, label string, levels, maxNodes int) (genome.Expr, int) {
	kinds := exprKinds
	if levels <= 1 || maxNodes < 2 {
		kinds = slices.DeleteFunc(slices.Clone(kinds), func(o genome.Op) bool {
			return o == genome.OpAny || o == genome.OpAll || o == genome.OpNot
		})
	} else if maxNodes < 3 {
		kinds = slices.DeleteFunc(slices.Clone(kinds), func(o genome.Op) bool {
			return o == genome.OpAny || o == genome.OpAll
		})
	}
	op := rapid.SampledFrom(kinds).Draw(t, label+".op")
	switch op {
	case genome.OpTrue, genome.OpFalse:
		return genome.Expr{Op: op}, 1
	case genome.OpPlayed:
		return genome.Played(genome.Suit(rapid.IntRange(0, cardrules.NumSuits-1).Draw(t, label+".suit"))), 1
	case genome.OpNot:
		a, n := drawExpr(t, label, levels-1, maxNodes-1)
		return genome.Not(a), n + 1
	case genome.OpAny, genome.OpAll:
		var k int
		switch rapid.IntRange(0, 15).Draw(t, label+".wide") {
		case 0:
			k = maxNodes - 1 // as wide as the node budget allows
		case 1:
			k = rapid.IntRange(2, maxNodes-1).Draw(t, label+".args.len")
		default:
			k = rapid.IntRange(2, min(4, maxNodes-1)).Draw(t, label+".args.len")
		}
		left := maxNodes - 1
		args := make([]genome.Expr, k)
		for i := range args {
			a, n := drawExpr(t, label, levels-1, left-(k-1-i))
			args[i] = a
			left -= n
		}
		return genome.Expr{Op: op, Args: args}, maxNodes - left
	}
	return drawCompare(t, label, op), 1
}

// drawCompare draws a well-typed comparison: ranks with ranks, suits with
// suits (eq and ne only), never two constants.
func drawCompare(t *rapid.T, label string, op genome.Op) genome.Expr {
	rankTerms := []genome.TermKind{genome.TermCardRank, genome.TermTopRank, genome.TermRank}
	suitTerms := []genome.TermKind{genome.TermCardSuit, genome.TermTopSuit, genome.TermSuit}
	terms := rankTerms
	if (op == genome.OpEq || op == genome.OpNe) && rapid.Bool().Draw(t, label+".suits") {
		terms = suitTerms
	}
	l := drawTerm(t, label+".left", terms)
	if l.Kind == genome.TermRank || l.Kind == genome.TermSuit {
		terms = terms[:2]
	}
	r := drawTerm(t, label+".right", terms)
	return genome.Compare(op, l, r)
}

func drawTerm(t *rapid.T, label string, kinds []genome.TermKind) genome.Term {
	k := rapid.SampledFrom(kinds).Draw(t, label)
	switch k {
	case genome.TermRank:
		return genome.Term{Kind: k, Value: uint8(rapid.IntRange(0, int(cardrules.Joker)).Draw(t, label+".rank"))}
	case genome.TermSuit:
		return genome.Term{Kind: k, Value: uint8(rapid.IntRange(0, cardrules.NumSuits-1).Draw(t, label+".suit"))}
	}
	return genome.Term{Kind: k}
}
