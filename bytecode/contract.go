package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// The BID block (tag TailBid) follows the END section's other blocks where
// the seats bid tricks before each deal's play and score by their
// contracts (absent otherwise):
//
//	trick u8 (1..cardrules.MaxBidPoints), over u8 (0..MaxOvertrick),
//	bags u8 (0..MaxBags), penalty u8 (0..MaxBidBonus, 0 exactly when bags
//	is 0), nil u8 (0..MaxBidBonus; 0: no nil bids)
//
// Bids count tricks: the program needs a TRICK phase and fan hands, and,
// as with every score, no chips.

// Contract is the decoded BID block (the zero value when absent).
type Contract struct {
	Trick, Over, Bags, Penalty, Nil int
	At                              int // the block's offset (0: absent)
}

// readBid reads the BID block, after its tag.
func readBid(r *reader, im *Image) {
	k := &im.Contract
	k.At = r.off
	k.Trick, k.Over, k.Bags, k.Penalty, k.Nil = r.u8(), r.u8(), r.u8(), r.u8(), r.u8()
	if r.truncated {
		return
	}
	at := k.At
	if k.Trick < 1 || k.Trick > cardrules.MaxBidPoints {
		r.fail(at, "%d points per trick bid, want 1..%d", k.Trick, cardrules.MaxBidPoints)
	}
	if k.Over > cardrules.MaxOvertrick {
		r.fail(at+1, "%d points per overtrick, at most %d", k.Over, cardrules.MaxOvertrick)
	}
	if k.Bags > cardrules.MaxBags {
		r.fail(at+2, "a penalty every %d bags, at most %d", k.Bags, cardrules.MaxBags)
	}
	switch {
	case k.Penalty > cardrules.MaxBidBonus:
		r.fail(at+3, "a bag penalty of %d points, at most %d", k.Penalty, cardrules.MaxBidBonus)
	case (k.Penalty == 0) != (k.Bags == 0):
		r.fail(at+3, "a bag penalty of %d points every %d bags: both or neither must be 0", k.Penalty, k.Bags)
	}
	if k.Nil > cardrules.MaxBidBonus {
		r.fail(at+4, "a nil bid of %d points, at most %d", k.Nil, cardrules.MaxBidBonus)
	}
	trick := false
	for _, ph := range im.Phases {
		trick = trick || ph.Op == OpTrick
	}
	if !trick {
		r.fail(at, "contracts count tricks, but no phase is a TRICK")
	}
	if im.Hand != cardrules.HandFan {
		r.fail(at, "bids are made on a hand of cards, but the hand is not a fan")
	}
	if im.At.Chips != 0 {
		r.fail(at, "chips and other scores: with chips, the scores are the chips")
	}
}
