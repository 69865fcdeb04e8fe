package bytecode

// Magic opens every program.
var Magic = [4]byte{'D', 'S', 'B', 'C'}

// Versions. FormatVersion changes when the byte layout changes;
// SemanticsVersion changes when the same bytes and seed would play a
// different game (a rule, the order of random draws, a policy).
const (
	FormatVersion    = 2
	SemanticsVersion = 2
)

// Layout limits shared with the genome model.
const (
	HeaderSize     = 8 // magic, format, semantics, total length u16
	MaxSeats       = 8
	NumRanks       = 13
	NumSuits       = 4
	NumCards       = 52
	MaxPhases      = 8
	MaxEffects     = 255
	MaxEffectValue = 13
	MaxConditions  = 4
	MaxTurnCap     = 10000
	MaxDrawMax     = 52
	MaxWarFaceDown = 5
	MaxDrawCount   = 13
	MaxStack       = 16
	MaxPredLen     = 256 // above the 5 bytes per node x 48 nodes a valid genome can need
	MaxScoreRules  = 8
	MaxCardPoints  = 26
	MaxScore       = 13 // points per trick or per set
	NoPred         = 0xff
	NoCard         = 0xff
)

// Setup flags.
const (
	FlagStarter   = 1 << 0 // turn a starter card up onto the discard pile
	FlagReshuffle = 1 << 1 // reshuffle the discard pile (but its top) into an empty stock
	FlagDealAll   = 1 << 2 // deal the whole deck round-robin
	flagsKnown    = FlagStarter | FlagReshuffle | FlagDealAll
)

// Hand kinds.
const (
	HandFan  = 0
	HandPile = 1
)

// Effect types (the effects section's type byte).
const (
	EffectSkipNext     = 0
	EffectReverse      = 1
	EffectDrawCards    = 2
	EffectExtraTurn    = 3
	EffectForceDiscard = 4
	NumEffectTypes     = 5
)

// Effect targets; 0 is "none", for types that take no target.
const (
	TargetNone           = 0
	TargetNext           = 1
	TargetPrevious       = 2
	TargetAllOpponents   = 3
	TargetRandomOpponent = 4
	TargetSelf           = 5
	NumTargets           = 6
)

// EffectUsesTarget and EffectUsesValue say which fields a type reads; the
// others are stored as 0.
func EffectUsesTarget(t uint8) bool { return t == EffectDrawCards || t == EffectForceDiscard }

// EffectUsesValue reports whether effects of type t read their value.
func EffectUsesValue(t uint8) bool {
	return t == EffectSkipNext || t == EffectDrawCards || t == EffectForceDiscard
}

// End condition codes.
const (
	EventHandEmpty  = 0
	NumEvents       = 1
	ResultWin       = 0
	ResultLose      = 1
	NumResults      = 2
	UntilFirstOut   = 0
	UntilOneLeft    = 1
	UntilHandsEmpty = 2
	UntilNoCards    = 3
	NumUntils       = 4
	RankCards       = 0
	RankScoreLow    = 1
	RankScoreHigh   = 2
	NumRankBys      = 3
	ReturnsShuffle  = 0
	ReturnsInOrder  = 1
	TrumpNone       = 0
	TrumpLastDealt  = 5
	NumTrumps       = 6
	MatchRank       = 0
	MatchSuit       = 1
	MatchCard       = 2
	NumMatchKinds   = 3
)

// Image is the decoded, verified view of a program: what Read returns and
// what the decompiler and the VM's loader consume.
type Image struct {
	SeatsMin, SeatsMax, SeatsDefault int
	Hand                             int
	Flags                            uint8
	DealCards                        int
	Overrides                        []Override
	RankMask                         uint16
	SuitMask                         uint8
	Remove                           []uint8
	Meld                             int
	LeadCard                         int // NoCard when none
	Teams                            int
	ScoreTrick, ScoreMeld            int
	ScoreRules                       []ScoreRule
	TurnCap                          int
	Phases                           []Phase
	Preds                            [][]byte // each ends with OpRet
	PredOffsets                      []int    // byte offset of each predicate in the program
	Until                            int
	Rank                             int
	Conditions                       []Condition
	Effects                          []Effect
	nPreds                           int
}

// Override deals Cards per seat at Seats seats.
type Override struct{ Seats, Cards int }

// ScoreRule scores Points per won card matching (Kind, Value).
type ScoreRule struct{ Kind, Value, Points int }

// Matches reports whether card c matches the rule.
func (r ScoreRule) Matches(c uint8) bool {
	switch r.Kind {
	case MatchRank:
		return int(c%NumRanks) == r.Value
	case MatchSuit:
		return int(c/NumRanks) == r.Value
	}
	return int(c) == r.Value
}

// Phase is one decoded phase instruction. Predicate fields hold an index
// into Image.Preds, or NoPred.
type Phase struct {
	Op          Op
	Pred        int    // OpPlay: legal; OpTrick: follow legal
	Prefer      int    // OpPlay, OpTrick: follow prefer
	Lead        int    // OpTrick
	LeadPrefer  int    // OpTrick
	Trump       int    // OpTrick
	DrawMax     int    // OpPlay
	NameSuit    uint16 // OpPlay: rank mask
	WarFaceDown int    // OpBattle
	Returns     int    // OpBattle
	Count       int    // OpDraw
	From        int    // OpTake
}

// Condition is one decoded end condition.
type Condition struct{ Event, Result int }

// Effect is one 4-byte effect entry.
type Effect struct{ Rank, Type, Target, Value uint8 }

// Deck returns the cards of the deck in ascending order.
func (im *Image) Deck() []uint8 {
	var out []uint8
	for c := range uint8(NumCards) {
		if im.RankMask&(1<<(c%NumRanks)) == 0 || im.SuitMask&(1<<(c/NumRanks)) == 0 {
			continue
		}
		removed := false
		for _, r := range im.Remove {
			if r == c {
				removed = true
			}
		}
		if !removed {
			out = append(out, c)
		}
	}
	return out
}

// DealFor returns the cards dealt per seat at n seats (0 when the whole deck
// is dealt).
func (im *Image) DealFor(n int) int {
	for _, o := range im.Overrides {
		if o.Seats == n {
			return o.Cards
		}
	}
	return im.DealCards
}
