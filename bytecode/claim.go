package bytecode

import (
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// readClaim reads a CLAIM phase's operands after its opcode at at: the
// claim rule, the start rank (a standard rank of the deck with next
// claims, else 0) and the most cards of one claim (1..4).
func readClaim(r *reader, im *Image, at int, ph *Phase) {
	ph.Claims = cardrules.ClaimRule(r.u8())
	ph.Start = cardrules.Rank(r.u8())
	ph.Max = r.u8()
	switch {
	case ph.Claims >= cardrules.NumClaimRules:
		r.fail(at+1, "unknown claim rule %d", ph.Claims)
	case ph.Claims == cardrules.ClaimNext && (ph.Start >= cardrules.NumRanks || !slices.ContainsFunc(im.Deck(), func(c uint8) bool { return c%cardrules.NumRanks == uint8(ph.Start) })):
		r.fail(at+2, "claim start rank %d is not a standard rank of the deck", ph.Start)
	case ph.Claims != cardrules.ClaimNext && ph.Start != 0:
		r.fail(at+2, "claim start rank %d, but only next claims start somewhere (want 0)", ph.Start)
	}
	if ph.Max < 1 || ph.Max > cardrules.MaxClimb {
		r.fail(at+3, "claim max %d outside 1..%d", ph.Max, cardrules.MaxClimb)
	}
}
