package vm

// Options of a meld phase's decisions (bits of their option sets, after
// OptDraw, which draws from the stock, and OptPass, which plays on).
const (
	OptTake  = 60 // take the top card of the discard pile
	OptKnock = 61 // knock, ending the deal
)
