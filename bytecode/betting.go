package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// The BET block (tag TailBet) ends the END section where each deal starts
// with rounds of limit betting for the chips' pool (absent otherwise):
//
//	bet u8 (1..cardrules.MaxBet), raises u8 (0..MaxRaises), blind u8
//	(0..bet), draw u8 (0..MaxExchange), flags u8 (bit 0: showdown; other
//	bits 0)
//
// Bets are chips: the program needs the chips block. A draw round and a
// showdown need fan hands. A program with no phases needs a showdown.

// Betting is the decoded BET block (the zero value when absent).
type Betting struct {
	Bet, Raises, Blind, Draw int
	Showdown                 bool
	At                       int // the block's offset (0: absent)
}

// BetShowdown is the BET block's flag for a showdown.
const BetShowdown = 1

// AppendBet appends the BET block of b, nothing when b.Bet is 0.
func AppendBet(out []byte, b Betting) []byte {
	if b.Bet == 0 {
		return out
	}
	var flags byte
	if b.Showdown {
		flags |= BetShowdown
	}
	return append(out, TailBet, byte(b.Bet), byte(b.Raises), byte(b.Blind), byte(b.Draw), flags)
}

// readBet reads the BET block, after its tag.
func readBet(r *reader, im *Image) {
	b := &im.Betting
	b.At = r.off
	b.Bet, b.Raises, b.Blind, b.Draw = r.u8(), r.u8(), r.u8(), r.u8()
	flags := r.u8()
	if r.truncated {
		return
	}
	at := b.At
	b.Showdown = flags&BetShowdown != 0
	if b.Bet < 1 || b.Bet > cardrules.MaxBet {
		r.fail(at, "bets of %d chips, want 1..%d", b.Bet, cardrules.MaxBet)
	}
	if b.Raises > cardrules.MaxRaises {
		r.fail(at+1, "%d raises a round, at most %d", b.Raises, cardrules.MaxRaises)
	}
	if b.Blind > b.Bet {
		r.fail(at+2, "a blind of %d chips, above the bet (%d)", b.Blind, b.Bet)
	}
	if b.Draw > cardrules.MaxExchange {
		r.fail(at+3, "a draw round of %d cards, at most %d", b.Draw, cardrules.MaxExchange)
	}
	if flags&^BetShowdown != 0 {
		r.fail(at+4, "betting flags %#x: unknown bits", flags)
	}
	if im.At.Chips == 0 {
		r.fail(at, "bets are chips, but the program has no chips")
	}
	if (b.Draw > 0 || b.Showdown) && im.Hand != cardrules.HandFan {
		r.fail(at, "a draw round and a showdown are about a hand of cards, but the hand is not a fan")
	}
}
