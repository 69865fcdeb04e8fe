package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// The DEALER block (tag TailDealer) ends the END section where each deal
// is a game of card sums against a dealer (absent otherwise):
//
//	wager u8 (1..cardrules.MaxBet), stand u8 (MinStand..MaxStand), flags
//	u8 (bit 0: the dealer draws on a soft total equal to stand; other
//	bits 0)
//
// The program needs the chips block, fan hands, no phases and no BET
// block.

// Dealer is the decoded DEALER block (the zero value when absent).
type Dealer struct {
	Wager, Stand int
	SoftHits     bool
	At           int // the block's offset (0: absent)
}

// DealerSoftHits is the DEALER block's flag for drawing on a soft stand.
const DealerSoftHits = 1

// AppendDealer appends the DEALER block of d, nothing when d.Wager is 0.
func AppendDealer(out []byte, d Dealer) []byte {
	if d.Wager == 0 {
		return out
	}
	var flags byte
	if d.SoftHits {
		flags |= DealerSoftHits
	}
	return append(out, TailDealer, byte(d.Wager), byte(d.Stand), flags)
}

// readDealer reads the DEALER block, after its tag.
func readDealer(r *reader, im *Image) {
	d := &im.Dealer
	d.At = r.off
	d.Wager, d.Stand = r.u8(), r.u8()
	flags := r.u8()
	if r.truncated {
		return
	}
	at := d.At
	d.SoftHits = flags&DealerSoftHits != 0
	if d.Wager < 1 || d.Wager > cardrules.MaxBet {
		r.fail(at, "wagers of %d chips, want 1..%d", d.Wager, cardrules.MaxBet)
	}
	if d.Stand < cardrules.MinStand || d.Stand > cardrules.MaxStand {
		r.fail(at+1, "a dealer standing on %d, want %d..%d", d.Stand, cardrules.MinStand, cardrules.MaxStand)
	}
	if flags&^DealerSoftHits != 0 {
		r.fail(at+2, "dealer flags %#x: unknown bits", flags)
	}
	if im.At.Chips == 0 {
		r.fail(at, "seats wager chips against the dealer, but the program has no chips")
	}
	if im.Hand != cardrules.HandFan {
		r.fail(at, "card sums are counted on a hand of cards, but the hand is not a fan")
	}
	if len(im.Phases) != 0 {
		r.fail(at, "a game against the dealer has no phases, got %d", len(im.Phases))
	}
	if im.Betting.At != 0 {
		r.fail(at, "a game against the dealer has no BET block")
	}
}
