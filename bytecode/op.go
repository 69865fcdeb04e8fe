package bytecode

import "fmt"

// Op is an opcode. Each comment gives the operand bytes and the stack
// effect, as (pops -> pushes), for the predicate stack machine; section and
// phase opcodes do not touch the stack.
type Op uint8

// The opcodes. OpInvalid is zero so that a zero byte is never valid code.
const (
	OpInvalid Op = 0 // never valid

	// Predicate instructions: a predicate is evaluated for one candidate
	// card against the top card of the discard pile and the active suit,
	// and leaves one boolean on the stack for OpRet.
	OpTrue     Op = 1  // no operands; (0 -> 1) pushes true
	OpFalse    Op = 2  // no operands; (0 -> 1) pushes false
	OpCardRank Op = 3  // no operands; (0 -> 1) pushes the candidate card's rank (0..12)
	OpCardSuit Op = 4  // no operands; (0 -> 1) pushes the candidate card's suit (0..3)
	OpTopRank  Op = 5  // no operands; (0 -> 1) pushes the top card's rank
	OpTopSuit  Op = 6  // no operands; (0 -> 1) pushes the active suit
	OpRank     Op = 7  // rank u8 (0..12); (0 -> 1) pushes the constant rank
	OpSuit     Op = 8  // suit u8 (0..3); (0 -> 1) pushes the constant suit
	OpEq       Op = 9  // no operands; (2 -> 1) a == b
	OpNe       Op = 10 // no operands; (2 -> 1) a != b
	OpLt       Op = 11 // no operands; (2 -> 1) a < b
	OpGt       Op = 12 // no operands; (2 -> 1) a > b
	OpAnd      Op = 13 // no operands; (2 -> 1) a && b
	OpOr       Op = 14 // no operands; (2 -> 1) a || b
	OpNot      Op = 15 // no operands; (1 -> 1) !a
	OpRet      Op = 16 // no operands; (1 -> 0) ends the predicate with its result
	OpPlayed   Op = 17 // suit u8 (0..3); (0 -> 1) pushes whether a card of the suit has been played this game

	// Phase instructions, in the turn section, one per phase in order.
	OpPlay    Op = 32 // legal pred u8, prefer pred u8 (NoPred: none), draw_max u8, name-suit rank mask u16, rules u8 (PlayByChoice, PlayDrawnOnly, pass rule << PlayPassShift); (0 -> 0)
	OpBattle  Op = 33 // war_face_down u8, returns u8 (0 shuffled, 1 in order); (0 -> 0)
	OpDraw    Op = 34 // count u8; (0 -> 0)
	OpTrick   Op = 35 // lead pred u8, lead prefer u8, follow pred u8, follow prefer u8, trump u8 (0 none, 1..4 suit+1, 5 last dealt); (0 -> 0)
	OpTake    Op = 36 // from u8 (a target: next, previous or random opponent); (0 -> 0)
	OpAsk     Op = 37 // no operands; (0 -> 0)
	OpTableau Op = 38 // start rank u8; (0 -> 0)
	OpTurnUp  Op = 39 // returns u8 (0 shuffled, 1 in order), count u8, then count x (rank u8, cards demanded u8) in increasing rank; (0 -> 0)
	OpClimb   Op = 40 // max u8 (1..4: the most cards of one rank a lead plays); (0 -> 0)
	OpCapture Op = 41 // rules u8 (CaptureEqualFirst); (0 -> 0)
	OpClaim   Op = 42 // claims u8 (a cardrules.ClaimRule), start rank u8 (0 unless claims is next), max u8 (1..4: the most cards of one claim); (0 -> 0)
	OpMeld    Op = 43 // sets u8 (0 or 2..5), runs u8 (0 or 2..5, not both 0), lay u8 (a cardrules.LayRule), knock u8 (0..30, 0 unless lay is out); (0 -> 0)

	// Section headers, in the order they must appear.
	OpSetup   Op = 48 // length u16, then the setup fields; (0 -> 0)
	OpTurn    Op = 49 // length u16, then phase instructions; (0 -> 0)
	OpCode    Op = 50 // length u16, then a predicate count u8 and the predicates, each ending at OpRet; (0 -> 0)
	OpEnd     Op = 51 // length u16, then until u8, rank u8, blocked u8, a count u8 and (event u8, result u8) pairs, then optionally chips (stake u16, ante u8, pass u8, per card u8); (0 -> 0)
	OpEffects Op = 60 // count u8, then count x (rank, type, target, value); (0 -> 0)
)

// OpInfo describes an opcode: its name, its fixed operand width in bytes,
// and its stack effect.
type OpInfo struct {
	Name     string
	Operands int // operand bytes after the opcode (OpEffects: the count byte; entries follow)
	Pops     int
	Pushes   int
}

var opInfo = [256]OpInfo{
	OpTrue:     {"TRUE", 0, 0, 1},
	OpFalse:    {"FALSE", 0, 0, 1},
	OpCardRank: {"CARD_RANK", 0, 0, 1},
	OpCardSuit: {"CARD_SUIT", 0, 0, 1},
	OpTopRank:  {"TOP_RANK", 0, 0, 1},
	OpTopSuit:  {"TOP_SUIT", 0, 0, 1},
	OpRank:     {"RANK", 1, 0, 1},
	OpSuit:     {"SUIT", 1, 0, 1},
	OpEq:       {"EQ", 0, 2, 1},
	OpNe:       {"NE", 0, 2, 1},
	OpLt:       {"LT", 0, 2, 1},
	OpGt:       {"GT", 0, 2, 1},
	OpAnd:      {"AND", 0, 2, 1},
	OpOr:       {"OR", 0, 2, 1},
	OpNot:      {"NOT", 0, 1, 1},
	OpRet:      {"RET", 0, 1, 0},
	OpPlayed:   {"PLAYED", 1, 0, 1},
	OpPlay:     {"PLAY", 6, 0, 0},
	OpBattle:   {"BATTLE", 2, 0, 0},
	OpDraw:     {"DRAW", 1, 0, 0},
	OpTableau:  {"TABLEAU", 1, 0, 0},
	OpTrick:    {"TRICK", 5, 0, 0},
	OpTake:     {"TAKE", 1, 0, 0},
	OpAsk:      {"ASK", 0, 0, 0},
	OpTurnUp:   {"TURN_UP", 2, 0, 0},
	OpClimb:    {"CLIMB", 1, 0, 0},
	OpCapture:  {"CAPTURE", 1, 0, 0},
	OpClaim:    {"CLAIM", 3, 0, 0},
	OpMeld:     {"MELD", 4, 0, 0},
	OpSetup:    {"SETUP", 2, 0, 0},
	OpTurn:     {"TURN", 2, 0, 0},
	OpCode:     {"CODE", 2, 0, 0},
	OpEnd:      {"END", 2, 0, 0},
	OpEffects:  {"EFFECTS", 1, 0, 0},
}

// IsPredicate reports whether op may appear in a predicate.
func (op Op) IsPredicate() bool { return op >= OpTrue && op <= OpPlayed }

// Info returns the opcode's description; ok is false for an unknown opcode.
func (op Op) Info() (OpInfo, bool) {
	i := opInfo[op]
	return i, i.Name != ""
}

func (op Op) String() string {
	if i, ok := op.Info(); ok {
		return i.Name
	}
	return fmt.Sprintf("Op(%d)", uint8(op))
}

// Ops lists every defined opcode in numeric order.
func Ops() []Op {
	var ops []Op
	for i := range opInfo {
		if opInfo[i].Name != "" {
			ops = append(ops, Op(i))
		}
	}
	return ops
}
