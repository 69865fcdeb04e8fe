package bytecode

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Error is one problem with a program, at a byte offset.
type Error struct {
	Offset int
	Reason string
}

func (e Error) Error() string {
	return fmt.Sprintf("offset %d (0x%04x): %s", e.Offset, e.Offset, e.Reason)
}

// ErrorList is every problem Verify found, in offset order.
type ErrorList []Error

func (l ErrorList) Error() string {
	if len(l) == 1 {
		return l[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d problems:", len(l))
	for _, e := range l {
		b.WriteString("\n  ")
		b.WriteString(e.Error())
	}
	return b.String()
}

// Verify checks a program completely (see the package doc) and returns an
// ErrorList with every problem, or nil. A program that verifies can be run
// without any further bounds check.
func Verify(p []byte) error {
	_, err := Read(p)
	return err
}

// reader walks a program and collects problems. Reads past the end return
// zero and record a truncation once.
type reader struct {
	p         []byte
	off       int
	errs      ErrorList
	truncated bool
	sections  []int // where each section header was found
}

// fail records a problem. Once the program has been found truncated,
// further problems are consequences of reading past its end and are
// dropped, so every offset reported lies inside the program.
func (r *reader) fail(off int, format string, args ...any) {
	if r.truncated {
		return
	}
	r.errs = append(r.errs, Error{off, fmt.Sprintf(format, args...)})
}

func (r *reader) u8() int {
	if r.off >= len(r.p) {
		if !r.truncated {
			r.fail(len(r.p), "program ends early (truncated)")
			r.truncated = true
		}
		r.off++
		return 0
	}
	v := r.p[r.off]
	r.off++
	return int(v)
}

func (r *reader) u16() int { lo := r.u8(); return lo | r.u8()<<8 }

// section reads a section header with a u16 length and returns the
// section's payload end, checking that it lies inside the program.
func (r *reader) section(want Op) (end int, ok bool) {
	at := r.off
	r.sections = append(r.sections, at)
	op := Op(r.u8())
	if r.truncated {
		return 0, false
	}
	if op != want {
		r.fail(at, "expected section %s, found %s (sections must be SETUP, TURN, CODE, END, EFFECTS in that order)", want, op)
		return 0, false
	}
	n := r.u16()
	if r.truncated {
		return 0, false
	}
	end = r.off + n
	if end > len(r.p) {
		r.fail(at+1, "section %s claims %d bytes but only %d remain", want, n, len(r.p)-r.off)
		return 0, false
	}
	return end, true
}

// finish checks that a section's payload was consumed exactly.
func (r *reader) finish(name Op, start, end int) {
	if r.off != end && !r.truncated {
		if r.off > end {
			r.fail(start, "section %s overruns its length by %d bytes", name, r.off-end)
		} else {
			r.fail(r.off, "section %s has %d unused trailing bytes", name, end-r.off)
		}
	}
	r.off = end
}

// Read verifies a program and returns its decoded image. Any problem makes
// it return a nil image and an ErrorList.
func Read(p []byte) (*Image, error) {
	r := &reader{p: p}
	im := &Image{}
	if len(p) < HeaderSize {
		r.fail(0, "program is %d bytes, shorter than the %d-byte header (truncated)", len(p), HeaderSize)
		return nil, r.errs
	}
	if [4]byte(p[:4]) != Magic {
		r.fail(0, "bad magic %q, want %q: not a darwinsim program", p[:4], Magic[:])
		return nil, r.errs
	}
	fm, sm := versionProblems(p[4], p[5])
	for i, m := range [2]string{fm, sm} {
		if m != "" {
			r.fail(4+i, "%s", m)
		}
	}
	if n := int(binary.LittleEndian.Uint16(p[6:8])); n != len(p) {
		reason := "truncated"
		if n < len(p) {
			reason = "trailing bytes"
		}
		r.fail(6, "header says the program is %d bytes but it is %d (%s)", n, len(p), reason)
	}
	if len(r.errs) > 0 {
		return nil, r.errs
	}
	r.off = HeaderSize
	readSetup(r, im)
	readTurn(r, im)
	readCode(r, im)
	readEnd(r, im)
	readEffects(r, im)
	if !r.truncated && r.off < len(p) {
		r.fail(r.off, "%d bytes after the effects section", len(p)-r.off)
	}
	if len(r.errs) > 0 {
		slices.SortStableFunc(r.errs, func(a, b Error) int { return a.Offset - b.Offset })
		return nil, r.errs
	}
	copy(im.At.Sections[:], r.sections)
	return im, nil
}

func readTurn(r *reader, im *Image) {
	if r.truncated {
		return
	}
	start := r.off
	end, ok := r.section(OpTurn)
	if !ok {
		return
	}
	preds := 0
	// ref reads a predicate reference: NoPred, or the next predicate in
	// order of reference (the canonical numbering).
	ref := func(optional bool) int {
		at := r.off
		v := r.u8()
		if v == NoPred && optional {
			return v
		}
		if v != preds {
			r.fail(at, "predicate reference %d; references must number the predicates 0, 1, 2... in order (next: %d)", v, preds)
		}
		preds++
		return v
	}
	fan := func(at int, op Op) {
		if im.Hand != cardrules.HandFan {
			r.fail(at, "%s phase needs a fan hand", withArticle(op.String()))
		}
	}
	for r.off < end && !r.truncated {
		at := r.off
		op := Op(r.u8())
		im.At.Phases = append(im.At.Phases, at)
		ph := Phase{Op: op, Pred: NoPred, Prefer: NoPred, Lead: NoPred, LeadPrefer: NoPred}
		switch op {
		case OpPlay:
			ph.Pred = ref(false)
			ph.Prefer = ref(true)
			ph.DrawMax = r.u8()
			ph.NameSuit = uint16(r.u16())
			rules := r.u8()
			if ph.DrawMax > cardrules.MaxDrawMax {
				r.fail(at+3, "draw_max %d above %d", ph.DrawMax, cardrules.MaxDrawMax)
			}
			if ph.NameSuit&^im.Ranks() != 0 {
				r.fail(at+4, "name-suit ranks 0x%04x include ranks not in the deck", ph.NameSuit&^im.Ranks())
			}
			if rules&^playRulesKnown != 0 {
				r.fail(at+6, "unknown play rules 0x%02x", rules&^playRulesKnown)
			}
			if rules&PlayByChoice != 0 {
				ph.Draw = cardrules.DrawByChoice
				if ph.DrawMax == 0 {
					r.fail(at+6, "drawing by choice with a draw_max of 0")
				}
			}
			ph.Pass = cardrules.PassRule(rules >> PlayPassShift & 3)
			ph.PlayDrawn = rules&PlayDrawnOnly != 0
			if ph.PlayDrawn && ph.Draw != cardrules.DrawByChoice {
				r.fail(at+6, "only the drawn card may be played, but drawing is not by choice")
			}
			fan(at, op)
		case OpBattle:
			ph.WarFaceDown = r.u8()
			ph.Returns = cardrules.Returns(r.u8())
			if ph.WarFaceDown > cardrules.MaxWarFaceDown {
				r.fail(at+1, "war_face_down %d above %d", ph.WarFaceDown, cardrules.MaxWarFaceDown)
			}
			if ph.Returns > cardrules.ReturnsInOrder {
				r.fail(at+2, "unknown returns %d", ph.Returns)
			}
			if im.Hand != cardrules.HandPile {
				r.fail(at, "a battle phase needs a pile hand")
			}
		case OpDraw:
			ph.Count = r.u8()
			if ph.Count < 1 || ph.Count > cardrules.MaxDrawCount {
				r.fail(at+1, "draw count %d outside 1..%d", ph.Count, cardrules.MaxDrawCount)
			}
		case OpTrick:
			ph.Lead = ref(false)
			ph.LeadPrefer = ref(true)
			ph.Pred = ref(false)
			ph.Prefer = ref(true)
			ph.Trump = cardrules.Trump(r.u8())
			if ph.Trump >= cardrules.NumTrumps {
				r.fail(at+5, "unknown trump %d", ph.Trump)
			}
			fan(at, op)
		case OpTake:
			ph.From = cardrules.Target(r.u8())
			if ph.From != cardrules.TargetNext && ph.From != cardrules.TargetPrevious && ph.From != cardrules.TargetRandomOpponent {
				r.fail(at+1, "take from target %d: want next (1), previous (2) or random opponent (4)", ph.From)
			}
			fan(at, op)
		case OpAsk:
			fan(at, op)
		case OpTableau:
			ph.Start = cardrules.Rank(r.u8())
			if ph.Start >= cardrules.NumRanks || im.RankMask&(1<<ph.Start) == 0 {
				r.fail(at+1, "tableau start rank %d is not a rank of the deck", ph.Start)
			} else if im.Packs > 1 {
				r.fail(at, "a tableau in a deck of two packs: a suit's sequence holds each card once")
			} else if im.LeadCard != NoCard && im.LeadCard%cardrules.NumRanks != int(ph.Start) {
				r.fail(at+1, "tableau start rank %s, but the lead card %s must be played first", ph.Start, CardName(uint8(im.LeadCard)))
			}
			fan(at, op)
		case OpTurnUp:
			readDemands(r, im, at, &ph)
		case OpClimb:
			ph.Max = r.u8()
			if ph.Max < 1 || ph.Max > cardrules.MaxClimb {
				r.fail(at+1, "climb max %d outside 1..%d", ph.Max, cardrules.MaxClimb)
			}
			fan(at, op)
		case OpClaim:
			readClaim(r, im, at, &ph)
			fan(at, op)
		case OpMeld:
			readMeld(r, im, at, &ph)
			fan(at, op)
		case OpCapture:
			rules := r.u8()
			if rules&^CaptureEqualFirst != 0 {
				r.fail(at+1, "capture rules 0x%02x: unknown bits", rules)
			}
			ph.EqualFirst = rules&CaptureEqualFirst != 0
			fan(at, op)
		default:
			r.fail(at, "unknown phase opcode %s", op)
			r.off = end
			continue
		}
		im.Phases = append(im.Phases, ph)
	}
	im.nPreds = preds
	verifyWins(r, im, start)
	r.finish(OpTurn, start, end)
	if len(im.Phases) > cardrules.MaxPhases {
		r.fail(start, "%d phases, want 0..%d", len(im.Phases), cardrules.MaxPhases)
	}
	progress := false
	for _, ph := range im.Phases {
		progress = progress || ph.Op != OpDraw
	}
	if !progress && len(im.Phases) > 0 {
		r.fail(start, "no phase plays a card")
	}
}

// readDemands reads a TURN_UP phase's operands after its opcode at at:
// returns, then at least one (rank, cards demanded) pair, ranks of the deck
// in increasing order, each demanding 1 to cardrules.MaxDemand cards.
func readDemands(r *reader, im *Image, at int, ph *Phase) {
	ph.Returns = cardrules.Returns(r.u8())
	if ph.Returns > cardrules.ReturnsInOrder {
		r.fail(at+1, "unknown returns %d", ph.Returns)
	}
	n := r.u8()
	if n == 0 {
		r.fail(at+2, "a turn_up phase with no demanding rank")
	}
	prev := -1
	for i := range n {
		off := r.off
		rank, count := r.u8(), r.u8()
		if r.truncated {
			return
		}
		switch {
		case rank >= cardrules.NumRanks:
			r.fail(off, "demand %d: rank %d out of range", i, rank)
			continue
		case im.RankMask&(1<<rank) == 0:
			r.fail(off, "demand %d: no card of rank %s is in the deck", i, cardrules.Rank(rank))
			continue
		case rank <= prev:
			r.fail(off, "demand %d: rank %s after %s; demands must be in increasing rank", i, cardrules.Rank(rank), cardrules.Rank(prev))
		}
		prev = rank
		if count < 1 || count > cardrules.MaxDemand {
			r.fail(off+1, "demand %d: %d cards outside 1..%d", i, count, cardrules.MaxDemand)
		}
		ph.Demand[rank] = uint8(count)
	}
	if im.Hand != cardrules.HandPile {
		r.fail(at, "a turn_up phase needs a pile hand")
	}
}

func readCode(r *reader, im *Image) {
	if r.truncated {
		return
	}
	start := r.off
	end, ok := r.section(OpCode)
	if !ok {
		return
	}
	at := r.off
	im.At.Preds = at
	n := r.u8()
	if n != im.nPreds {
		r.fail(at, "%d predicates, but the phases reference %d", n, im.nPreds)
	}
	var deck uint64 // the deck's faces
	for _, c := range im.Deck() {
		deck |= 1 << (c % cardrules.PackStride)
	}
	for i := 0; i < n && !r.truncated && r.off < end; i++ {
		ps, errs := r.off, len(r.errs)
		verifyPred(r, end)
		pred := r.p[ps:min(r.off, len(r.p))]
		if len(r.errs) == errs && !r.truncated && !satisfiable(pred, deck, im.Order, im.Packs > 1) {
			r.fail(ps, "predicate %d: no card of the deck ever satisfies it", i)
		}
		im.Preds = append(im.Preds, pred)
		im.PredOffsets = append(im.PredOffsets, ps)
	}
	if len(im.Preds) != n && n == im.nPreds {
		r.fail(at, "count says %d predicates but the section holds %d", n, len(im.Preds))
	}
	r.finish(OpCode, start, end)
}

// verifyPred checks one predicate: known opcodes, operands in range, the
// stack depth at every instruction within 1..MaxStack and exactly one
// boolean at RET, operand types (ranks compared with ranks, suits with
// suits, booleans combined with booleans), and the canonical shape the
// compiler emits (left-folded AND/OR chains).
func verifyPred(r *reader, end int) {
	const (
		tBool = iota
		tRank
		tSuit
	)
	var stack [MaxStack]uint8
	var last [MaxStack]Op // the opcode that produced each stack entry
	sp := 0
	start := r.off
	for r.off < end {
		at := r.off
		op := Op(r.u8())
		info, known := op.Info()
		if !known || !op.IsPredicate() {
			r.fail(at, "unknown predicate opcode %s", op)
			r.off = end
			return
		}
		if sp < info.Pops {
			r.fail(at, "%s needs %d stack values, has %d", op, info.Pops, sp)
			r.off = end
			return
		}
		if sp-info.Pops+info.Pushes > MaxStack {
			r.fail(at, "stack deeper than %d", MaxStack)
			r.off = end
			return
		}
		var operand int
		if info.Operands == 1 {
			operand = r.u8()
		}
		if r.off-start > MaxPredLen {
			r.fail(at, "predicate longer than %d bytes", MaxPredLen)
			r.off = end
			return
		}
		switch op {
		case OpTrue, OpFalse:
			stack[sp], last[sp] = tBool, op
		case OpCardRank, OpTopRank:
			stack[sp], last[sp] = tRank, op
		case OpCardSuit, OpTopSuit:
			stack[sp], last[sp] = tSuit, op
		case OpRank:
			if operand > int(cardrules.Joker) {
				r.fail(at+1, "rank %d out of range", operand)
			}
			stack[sp], last[sp] = tRank, op
		case OpSuit:
			if operand >= cardrules.NumSuits {
				r.fail(at+1, "suit %d out of range", operand)
			}
			stack[sp], last[sp] = tSuit, op
		case OpPlayed:
			if operand >= cardrules.NumSuits {
				r.fail(at+1, "suit %d out of range", operand)
			}
			stack[sp], last[sp] = tBool, op
		case OpEq, OpNe, OpLt, OpGt:
			a, b := stack[sp-2], stack[sp-1]
			if a == tBool || a != b {
				r.fail(at, "%s compares mismatched values", op)
			}
			if (op == OpLt || op == OpGt) && a != tRank {
				r.fail(at, "%s orders ranks only", op)
			}
			isConst := func(o Op) bool { return o == OpRank || o == OpSuit }
			if isConst(last[sp-2]) && isConst(last[sp-1]) {
				r.fail(at, "%s compares two constants", op)
			}
			sp -= 2
			stack[sp], last[sp] = tBool, op
		case OpAnd, OpOr:
			if stack[sp-2] != tBool || stack[sp-1] != tBool {
				r.fail(at, "%s combines non-boolean values", op)
			}
			if last[sp-1] == op {
				r.fail(at, "%s chain is not left-folded (not canonical)", op)
			}
			sp -= 2
			stack[sp], last[sp] = tBool, op
		case OpNot:
			if stack[sp-1] != tBool {
				r.fail(at, "NOT of a non-boolean value")
			}
			stack[sp-1], last[sp-1] = tBool, op
			sp--
		case OpRet:
			if sp != 1 {
				r.fail(at, "RET with %d stack values, want exactly 1", sp)
			} else if stack[0] != tBool {
				r.fail(at, "RET of a non-boolean value")
			}
			return
		}
		sp++
	}
	r.fail(r.off, "predicate runs off the end of the code section without RET")
}

func readEnd(r *reader, im *Image) {
	if r.truncated {
		return
	}
	start := r.off
	end, ok := r.section(OpEnd)
	if !ok {
		return
	}
	at := r.off
	im.At.Until = at
	im.Until = cardrules.Until(r.u8())
	if im.Until >= cardrules.NumUntils {
		r.fail(at, "unknown until %d", im.Until)
	}
	rankAt := r.off
	im.Rank = cardrules.RankBy(r.u8())
	if im.Rank >= cardrules.NumRankBys {
		r.fail(rankAt, "unknown ranking %d", im.Rank)
	}
	at = r.off
	im.Blocked = r.u8()
	if im.Blocked > cardrules.MaxBlocked {
		r.fail(at, "blocked %d above %d", im.Blocked, cardrules.MaxBlocked)
	}
	at = r.off
	n := r.u8()
	if n > cardrules.MaxConditions {
		r.fail(at, "%d end conditions, at most %d", n, cardrules.MaxConditions)
	}
	if n == 0 && !im.Knocks() && (im.Until == cardrules.UntilFirstOut || im.Until == cardrules.UntilOneLeft) {
		r.fail(at, "no end condition and no knocking, so no seat can go out and the game can never end before its cap")
	}
	for i := 0; i < n && !r.truncated && r.off < end; i++ {
		cat := r.off
		im.At.Conditions = append(im.At.Conditions, cat)
		c := Condition{Event: cardrules.Event(r.u8()), Result: cardrules.Result(r.u8())}
		if c.Event >= cardrules.NumEvents {
			r.fail(cat, "unknown end event %d", c.Event)
		}
		if c.Result >= cardrules.NumResults {
			r.fail(cat+1, "unknown end result %d", c.Result)
		}
		if len(im.Conditions) > 0 && c.Event <= im.Conditions[len(im.Conditions)-1].Event {
			r.fail(cat, "end conditions must be in increasing event order without repeats")
		}
		im.Conditions = append(im.Conditions, c)
	}
	if len(im.Conditions) != n {
		r.fail(at, "count says %d end conditions but the section holds %d", n, len(im.Conditions))
	}
	readTails(r, im, end, rankAt)
	if len(im.Phases) == 0 && !im.Betting.Showdown && im.Dealer.At == 0 && !r.truncated {
		r.fail(r.sections[1], "0 phases, want 1..%d (0 only for a game of betting with a showdown or against a dealer)", cardrules.MaxPhases)
	}
	if c := im.Chips; im.At.Chips != 0 && c.Ante == 0 && c.Pass == 0 && c.PerCard == 0 && im.Betting.At == 0 && im.Dealer.At == 0 {
		r.fail(im.At.Chips+2, "chips with no ante, pass or per-card payment, no betting and no dealer: no chip ever moves")
	}
	if im.Rank < cardrules.NumRankBys && im.Rank != cardrules.RankCards && im.ScoreTrick == 0 && im.ScoreMeld == 0 && im.ScoreSweep == 0 && len(im.ScoreRules) == 0 && len(im.Match.Hand) == 0 && len(im.Match.Finish) == 0 && im.At.Chips == 0 && im.Tally.At == 0 && im.Out.At == 0 && im.Contract.At == 0 {
		r.fail(rankAt, "ranks by score, but the program scores nothing")
	}
	r.finish(OpEnd, start, end)
}

// The END section's optional blocks, after its conditions, each opened by
// its tag, in increasing tag order, each at most once.
const (
	TailMatch  = 1 // the MATCH block (match.go)
	TailChips  = 2 // the chips
	TailTally  = 3 // the TALLY block (tally.go)
	TailOut    = 4 // the OUT block (meld.go)
	TailBid    = 5 // the BID block (contract.go)
	TailBet    = 6 // the BET block (betting.go)
	TailDealer = 7 // the DEALER block (dealer.go)
)

// readTails reads the END section's optional blocks up to its end.
func readTails(r *reader, im *Image, end, rankAt int) {
	last := 0
	for r.off < end && !r.truncated {
		at := r.off
		tag := r.u8()
		if tag <= last || tag > TailDealer {
			r.fail(at, "END block tag %d: want MATCH (1), chips (2), TALLY (3), OUT (4), BID (5), BET (6) then DEALER (7), each at most once", tag)
			r.off = end
			return
		}
		last = tag
		switch tag {
		case TailMatch:
			readMatch(r, im)
		case TailChips:
			readChips(r, im, rankAt)
		case TailTally:
			readTally(r, im)
		case TailOut:
			readOut(r, im)
		case TailBid:
			readBid(r, im)
		case TailBet:
			readBet(r, im)
		default:
			readDealer(r, im)
		}
	}
}

func readEffects(r *reader, im *Image) {
	if r.truncated {
		return
	}
	at := r.off
	op := Op(r.u8())
	if r.truncated {
		return
	}
	r.sections = append(r.sections, at)
	if op != OpEffects {
		r.fail(at, "expected section EFFECTS (opcode %d), found %s", OpEffects, op)
		return
	}
	n := r.u8()
	if r.truncated {
		return
	}
	if rest := len(r.p) - r.off; rest < 4*n {
		r.fail(at+1, "%d effects need %d bytes but only %d remain (truncated)", n, 4*n, rest)
		r.truncated = true
		return
	}
	for i := 0; i < n; i++ {
		eat := r.off
		im.At.Effects = append(im.At.Effects, eat)
		rb := uint8(r.u8())
		e := Effect{Rank: rb & 0x0f, Suit: cardrules.TriggerSuit(rb >> 4), Type: cardrules.EffectType(r.u8()), Target: cardrules.Target(r.u8())}
		v := uint8(r.u8())
		e.Value, e.Gate, e.Random = v&^(EffectGate|EffectRandom), v&EffectGate != 0, v&EffectRandom != 0
		if e.Rank > uint8(cardrules.Joker) {
			r.fail(eat, "effect %d: trigger rank %d out of range 0..13", i, e.Rank)
		} else if im.Ranks()&(1<<e.Rank) == 0 {
			r.fail(eat, "effect %d: trigger rank %d is not in the deck", i, e.Rank)
		} else if e.Suit >= cardrules.NumTriggerSuits {
			r.fail(eat, "effect %d: trigger suit %d out of range 0..4", i, e.Suit)
		} else if e.Rank == uint8(cardrules.Joker) && e.Suit != cardrules.AnySuit {
			r.fail(eat, "effect %d: a joker's effect names suit %d, but a joker has no suit", i, e.Suit.Suit())
		} else if e.Suit != cardrules.AnySuit && !slices.Contains(im.Deck(), uint8(e.Suit.Suit())*13+e.Rank) {
			r.fail(eat, "effect %d: its trigger card (rank %d, suit %d) is not in the deck", i, e.Rank, e.Suit.Suit())
		}
		if e.Type >= cardrules.NumEffectTypes {
			r.fail(eat+1, "effect %d: unknown effect type %d", i, e.Type)
		} else {
			if e.Type.Lasts() {
				// (Checked with its LASTING entry: a scope of everyone
				// takes no target.)
			} else if e.Type.UsesTarget() {
				if e.Target == cardrules.NoTarget || e.Target >= cardrules.NumTargets {
					r.fail(eat+2, "effect %d: target %d, want 1..%d", i, e.Target, cardrules.NumTargets-1)
				}
			} else if e.Target != 0 {
				r.fail(eat+2, "effect %d: type %d takes no target, stored %d (must be 0)", i, e.Type, e.Target)
			}
			if e.Type.UsesValue() {
				if e.Value < 1 || e.Value > cardrules.MaxEffectValue {
					r.fail(eat+3, "effect %d: value %d outside 1..%d", i, e.Value, cardrules.MaxEffectValue)
				}
			} else if e.Value != 0 {
				r.fail(eat+3, "effect %d: type %d takes no value, stored %d (must be 0)", i, e.Type, e.Value)
			}
			if e.Gate && !e.Type.Fizzles() {
				r.fail(eat+3, "effect %d: type %d always resolves and takes no gate", i, e.Type)
			}
			if e.Random && e.Type != cardrules.ForceDiscard {
				r.fail(eat+3, "effect %d: type %d takes no cards and cannot take them at random", i, e.Type)
			}
			if e.Target == cardrules.TargetChosen && im.Hand == cardrules.HandPile {
				r.fail(eat+2, "effect %d: a pile hand plays its cards in a battle, where no player chooses a target", i)
			}
		}
		im.Effects = append(im.Effects, e)
	}
	readResponses(r, im)
	readTriggers(r, im)
	readLasting(r, im)
	readRules(r, im)
}
