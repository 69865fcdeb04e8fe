package bytecode

import (
	"fmt"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Response rules: the byte before the response count.
const (
	RespondEveryone = 1 << 0 // every seat may answer, not only the seat hit (cardrules.RespondEveryone)
	RespondLoseTurn = 1 << 1 // answering, and taking the effect, cost the seat its next turn
	respondKnown    = RespondEveryone | RespondLoseTurn
)

// ResponseIgnoreLegal is the bit of a response's ability byte that lets its
// card answer whatever the top card.
const ResponseIgnoreLegal = 0x80

// Response is one decoded 4-byte response entry.
type Response struct {
	Rank        uint8
	Ability     cardrules.Ability
	IgnoreLegal bool // bit 7 of the ability byte (ResponseIgnoreLegal)
	Answers     cardrules.EffectType
	Value       uint8 // stack: the amount it adds; else 0
}

// readResponses reads the response rules byte, the count and the entries
// that end the EFFECTS section: every ability known, answering an effect
// type that hits a seat, a stack's value in range and no other's, ranks in
// the deck, entries sorted by rank then type answered without repeats,
// rules only with entries, and a play phase to answer on.
func readResponses(r *reader, im *Image) {
	at := r.off
	im.At.Respond = at
	flags := uint8(r.u8())
	n := r.u8()
	if r.truncated {
		return
	}
	im.Respond = flags
	if flags&^respondKnown != 0 {
		r.fail(at, "unknown response rule bits %#02x", flags&^respondKnown)
	}
	if n == 0 {
		if flags != 0 {
			r.fail(at, "response rules %#02x with no response (must be 0)", flags)
		}
		return
	}
	if n > cardrules.MaxResponses {
		r.fail(at+1, "%d responses, at most %d", n, cardrules.MaxResponses)
	}
	if rest := len(r.p) - r.off; rest < 4*n {
		r.fail(at+1, "%d responses need %d bytes but only %d remain (truncated)", n, 4*n, rest)
		r.truncated = true
		return
	}
	hasPlay := false
	for _, ph := range im.Phases {
		hasPlay = hasPlay || ph.Op == OpPlay
	}
	if !hasPlay {
		r.fail(at+1, "responses need a play phase to answer on, and the turn has none")
	}
	for i := 0; i < n; i++ {
		rat := r.off
		im.At.Responses = append(im.At.Responses, rat)
		x := Response{Rank: uint8(r.u8())}
		ab := uint8(r.u8())
		x.Ability, x.IgnoreLegal = cardrules.Ability(ab&^ResponseIgnoreLegal), ab&ResponseIgnoreLegal != 0
		x.Answers = cardrules.EffectType(r.u8())
		x.Value = uint8(r.u8())
		if x.Rank >= cardrules.NumRanks {
			r.fail(rat, "response %d: rank %d out of range 0..12", i, x.Rank)
		} else if im.RankMask&(1<<x.Rank) == 0 {
			r.fail(rat, "response %d: rank %d is not in the deck", i, x.Rank)
		}
		if x.Ability == cardrules.NoAbility || x.Ability >= cardrules.NumAbilities {
			r.fail(rat+1, "response %d: unknown ability %d", i, x.Ability)
		}
		if !x.Answers.Answerable() {
			r.fail(rat+2, "response %d: answers effect type %d, which hits no seat", i, x.Answers)
		}
		if x.Ability == cardrules.Stack {
			if x.Value < 1 || x.Value > cardrules.MaxEffectValue {
				r.fail(rat+3, "response %d: stack value %d outside 1..%d", i, x.Value, cardrules.MaxEffectValue)
			}
		} else if x.Value != 0 {
			r.fail(rat+3, "response %d: only a stack takes a value, stored %d (must be 0)", i, x.Value)
		}
		if k := len(im.Responses); k > 0 {
			p := im.Responses[k-1]
			if p.Rank > x.Rank || p.Rank == x.Rank && p.Answers >= x.Answers {
				r.fail(rat, "response %d: not after response %d in (rank, type answered) order, or a repeat", i, k-1)
			}
		}
		im.Responses = append(im.Responses, x)
	}
}

// disasmResponses is the disassembly of the response rules and entries.
func (im *Image) disasmResponses(line func(off int, format string, args ...any)) {
	who := cardrules.RespondTarget
	if im.Respond&RespondEveryone != 0 {
		who = cardrules.RespondEveryone
	}
	if len(im.Responses) == 0 {
		line(im.At.Respond, "  %02x 00  no responses", im.Respond)
		return
	}
	s := fmt.Sprintf("  %02x %02x  responses %d, who %s", im.Respond, len(im.Responses), len(im.Responses), who)
	if im.Respond&RespondLoseTurn != 0 {
		s += ", lose turn"
	}
	line(im.At.Respond, "%s", s)
	for i, x := range im.Responses {
		ab := uint8(x.Ability)
		if x.IgnoreLegal {
			ab |= ResponseIgnoreLegal
		}
		s := fmt.Sprintf("  %02x %02x %02x %02x  rank %s %s answers %s", x.Rank, ab, uint8(x.Answers), x.Value, cardrules.Rank(x.Rank), x.Ability, x.Answers)
		if x.Ability == cardrules.Stack {
			s += fmt.Sprintf(" value %d", x.Value)
		}
		if x.IgnoreLegal {
			s += " ignoring legality"
		}
		s += ": " + x.Ability.Phrase(int(x.Value))
		line(im.At.Responses[i], "%s", s)
	}
}
