package genome

import "github.com/darwinsim/darwinsim/internal/cardrules"

// Contract makes the game one of bids and contracts (as Spades).
//
// Before each deal's play (after the deal and any pass), each seat in turn,
// from the seat after the dealer, bids the number of tricks it means to
// win: 1 up to the cards it holds (at most cardrules.MaxBid), or, where
// Nil is not 0, 0 as a nil bid (it means to win none). The bids are
// public. A side is a partnership (with teams) or else a seat; its
// contract is its seats' bids other than nil, and its tricks those its
// seats that did not bid nil won in the deal.
//
// As the deal ends, before the other scores of a deal's end, each side in
// seat order of its first seat scores its contract, where it has one: with
// at least as many tricks as its contract, Trick points per trick bid and
// Over points per overtrick (a trick beyond the contract), and the
// overtricks add to its bags, a count kept from deal to deal; each time
// its bags reach Bags (where not 0) it loses Penalty points and its bags
// drop by Bags. With fewer tricks, it loses Trick points per trick bid.
// Then each seat that bid nil, in seat order, scores Nil points if it won
// no trick, else loses Nil points; its tricks are neither its side's
// contract's nor its bags. A side's points are scored to its first seat
// (a partnership's standing is its seats' total).
type Contract struct {
	Trick   int `json:"trick"`             // points per trick bid, won when the contract is made and lost when it is not
	Over    int `json:"over,omitempty"`    // points per overtrick (a trick won beyond the contract)
	Bags    int `json:"bags,omitempty"`    // how many overtricks (bags) a side gathers before it pays the penalty (0: never)
	Penalty int `json:"penalty,omitempty"` // points lost each time a side's bags reach the count
	Nil     int `json:"nil,omitempty"`     // points a nil bid (0 tricks) wins when made and loses when not (0: no nil bids)
}

// validateContract adds the problems of the contract.
func (g *Genome) validateContract(ps *Problems) {
	k := g.Score.Contract
	if k == nil {
		return
	}
	const path = "$.score.contract"
	if k.Trick < 1 || k.Trick > cardrules.MaxBidPoints {
		ps.add(path+".trick", "must be between 1 and %d, got %d", cardrules.MaxBidPoints, k.Trick)
	}
	if k.Over < 0 || k.Over > cardrules.MaxOvertrick {
		ps.add(path+".over", "must be between 0 and %d, got %d", cardrules.MaxOvertrick, k.Over)
	}
	if k.Bags < 0 || k.Bags > cardrules.MaxBags {
		ps.add(path+".bags", "must be between 0 (no penalty) and %d, got %d", cardrules.MaxBags, k.Bags)
	}
	switch {
	case k.Penalty < 0 || k.Penalty > cardrules.MaxBidBonus:
		ps.add(path+".penalty", "must be between 0 and %d, got %d", cardrules.MaxBidBonus, k.Penalty)
	case k.Penalty == 0 && k.Bags > 0:
		ps.add(path+".penalty", "bags of %d overtricks cost nothing: give a penalty or set bags to 0", k.Bags)
	case k.Penalty > 0 && k.Bags == 0:
		ps.add(path+".bags", "a penalty of %d, but no count of bags to charge it at", k.Penalty)
	}
	if k.Nil < 0 || k.Nil > cardrules.MaxBidBonus {
		ps.add(path+".nil", "must be between 0 (no nil bids) and %d, got %d", cardrules.MaxBidBonus, k.Nil)
	}
	if !g.HasPhase(cardrules.PhaseTrick) {
		ps.add(path, "bids are tricks to win, but no phase is a trick")
	}
	if g.Hand != cardrules.HandFan {
		ps.add(path, "bids are made on a hand of cards, but the hand is not a fan")
	}
}
