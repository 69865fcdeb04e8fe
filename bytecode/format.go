package bytecode

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Magic opens every program.
var Magic = [4]byte{'D', 'S', 'B', 'C'}

// Versions. FormatVersion changes when the byte layout changes;
// SemanticsVersion changes when the same bytes and seed would play a
// different game (a rule, the order of random draws, a policy). A build
// reads only its own versions: programs are not migrated, because the
// genome is the durable form and a program is recompiled from it.
const (
	FormatVersion    = 19
	SemanticsVersion = 4
)

// VersionAdvice is what to do with a program of another format or
// semantics version; newer says whether the program is newer than this
// build. Messages about such programs end with it.
func VersionAdvice(newer bool) string {
	s := "recompile it from its genome: darwinsim compile GENOME.json -o FILE"
	if newer {
		s = "use a newer darwinsim, or " + s
	}
	return s
}

// versionProblems says what is wrong with a program's format and semantics
// version bytes ("" when each is this build's). What to do is said once,
// after the last problem; bare bytecode carries no genome to recompile.
func versionProblems(format, semantics uint8) (fm, sm string) {
	const bare = " (bare bytecode does not embed its genome)"
	advice := ": " + VersionAdvice(format > FormatVersion || semantics > SemanticsVersion) + bare
	if semantics != SemanticsVersion {
		sm = fmt.Sprintf("semantics version %d, this build plays version %d%s", semantics, SemanticsVersion, advice)
		advice = ""
	}
	if format != FormatVersion {
		fm = fmt.Sprintf("format version %d, this build reads version %d%s", format, FormatVersion, advice)
	}
	return fm, sm
}

// Layout limits of the format itself; the model's limits are in
// internal/cardrules.
const (
	HeaderSize = 8   // magic, format, semantics, total length u16
	MaxStack   = 16  // predicate stack depth
	MaxPredLen = 256 // above the 5 bytes per node x cardrules.MaxExprNodes a valid genome can need
	NoPred     = 0xff
	NoCard     = 0xff
)

// Setup flags.
const (
	FlagStarter   = 1 << 0 // turn a starter card up onto the discard pile
	FlagReshuffle = 1 << 1 // reshuffle the discard pile (but its top) into an empty stock
	FlagDealAll   = 1 << 2 // deal the whole deck round-robin
	// FlagReshuffleAtOnce: with FlagReshuffle, refill the stock as soon as
	// it runs out, not at the next draw
	FlagReshuffleAtOnce = 1 << 3
	// FlagStarterFires: with FlagStarter, the starter's effects fire as if
	// the dealer had played it
	FlagStarterFires = 1 << 4
	// FlagLastCardInert: a card that empties its player's hand fires no
	// effects (set only in a program with effects)
	FlagLastCardInert = 1 << 5
	// OrderShift: bits 6-7 hold the deck's rank order (a
	// cardrules.RankOrder; 3 is not one), so that every bit has a meaning
	OrderShift = 6
)

// LayoutRefill is the bit of SETUP's layout byte that deals the hands
// again, as far as the stock goes, whenever every hand in play is empty.
const LayoutRefill = 1 << 7

// Play rules: the rules byte of OpPlay. The pass rule (a
// cardrules.PassRule) sits in bits 2-3.
const (
	PlayByChoice   = 1 << 0 // drawing is an option of the decision (cardrules.DrawByChoice)
	PlayDrawnOnly  = 1 << 1 // after a draw, only the card drawn last may be played
	PlayPassShift  = 2
	playRulesKnown = PlayByChoice | PlayDrawnOnly | 3<<PlayPassShift
)

// Image is the decoded, verified view of a program: what Read returns and
// what the decompiler and the VM's loader consume.
type Image struct {
	SeatsMin, SeatsMax, SeatsDefault int
	Hand                             cardrules.HandKind
	Flags                            uint8
	DealCards                        int
	Overrides                        []Override
	RankMask                         uint16 // the standard ranks of the deck
	SuitMask                         uint8
	Jokers                           uint8 // the jokers added to the deck, 0..2
	Packs                            uint8 // the packs shuffled together, 1 or 2
	Order                            cardrules.RankOrder
	Remove                           []uint8
	Meld                             int
	LeadCard                         int // NoCard when none
	Teams                            int
	ScoreTrick, ScoreMeld            int
	ScoreRules                       []ScoreRule
	TurnCap                          int
	StarterNot                       uint16 // ranks the starter may not be (rank mask)
	Layout                           int    // cards dealt face up to the layout after the hands
	ScoreSweep                       int    // points for a capture that empties the layout
	Blocked                          int    // the end's blocked rule (0: never)
	Phases                           []Phase
	Preds                            [][]byte // each ends with OpRet
	PredOffsets                      []int    // byte offset of each predicate in the program
	Until                            cardrules.Until
	Rank                             cardrules.RankBy
	Conditions                       []Condition
	Chips                            Chips // Stake 0: no chips
	Effects                          []Effect
	Respond                          uint8 // response rules (RespondEveryone, RespondLoseTurn)
	Responses                        []Response
	Rules                            []Rule   // the RULES block (rules.go)
	Match                            Match    // the END section's MATCH block (match.go)
	Tally                            Tally    // the END section's TALLY block (tally.go)
	Out                              Out      // the END section's OUT block (meld.go)
	Contract                         Contract // the END section's BID block (contract.go)
	Betting                          Betting  // the END section's BET block (betting.go)
	Dealer                           Dealer   // the END section's DEALER block (dealer.go)
	// when every hand in play is empty and the stock is not, deal again
	// (bit LayoutRefill of the layout byte)
	Refill bool
	At     Offsets // where Read found each field group
	nPreds int
}

// Offsets records the byte offset at which Read found each section header
// and each field group, so that tools (the disassembler) need not count
// bytes themselves.
type Offsets struct {
	Sections                                                     [5]int // SETUP, TURN, CODE, END, EFFECTS
	Seats, Hand, Flags, Deal, Deck, Remove, Meld, Score, TurnCap int
	StarterNot, Layout                                           int
	Overrides, ScoreRules                                        []int
	Phases                                                       []int
	Preds                                                        int // the predicate count
	Until                                                        int
	Chips                                                        int // the chips' stake (0: no chips)
	Conditions, Effects                                          []int
	Respond                                                      int // the response rules byte
	Responses                                                    []int
	Triggers                                                     int   // the TRIGGERS block's count (0: no block)
	TriggerEntries                                               []int // its entries, in effect order
	Lasting                                                      int   // the LASTING block's count (0: no block)
	LastingEntries                                               []int // its entries, in effect order
	Rules                                                        []int // the RULES block's entries
}

// Override deals Cards per seat at Seats seats.
type Override struct{ Seats, Cards int }

// ScoreRule scores Points per won card matching (Kind, Value).
type ScoreRule struct {
	Kind          cardrules.MatchKind
	Value, Points int
}

// Matches reports whether card c matches the rule.
func (r ScoreRule) Matches(c uint8) bool {
	return cardrules.Match{Kind: r.Kind, Value: uint8(r.Value)}.Has(cardrules.Card(c))
}

// Phase is one decoded phase instruction. Predicate fields hold an index
// into Image.Preds, or NoPred.
type Phase struct {
	Op          Op
	Pred        int                 // OpPlay: legal; OpTrick: follow legal
	Prefer      int                 // OpPlay, OpTrick: follow prefer
	Lead        int                 // OpTrick
	LeadPrefer  int                 // OpTrick
	Trump       cardrules.Trump     // OpTrick
	DrawMax     int                 // OpPlay
	NameSuit    uint16              // OpPlay: rank mask
	Draw        cardrules.DrawRule  // OpPlay
	Pass        cardrules.PassRule  // OpPlay
	PlayDrawn   bool                // OpPlay
	WarFaceDown int                 // OpBattle
	Returns     cardrules.Returns   // OpBattle, OpTurnUp
	Count       int                 // OpDraw
	From        cardrules.Target    // OpTake
	Start       cardrules.Rank      // OpTableau
	Demand      [13]uint8           // OpTurnUp: the cards a card of each rank demands (0: none)
	Max         int                 // OpClimb: the most cards of one rank a lead plays (1..4)
	EqualFirst  bool                // OpCapture: a value-equal card is captured before any sum
	Claims      cardrules.ClaimRule // OpClaim: which ranks may be claimed (Start: the first, with ClaimNext; Max: the most cards)
	Sets, Runs  int                 // OpMeld: the least cards of a set and of a run (0: none)
	Lay         cardrules.LayRule   // OpMeld: when melds are laid
	Knock       int                 // OpMeld: the most deadwood a seat knocks with (lay out)
}

// Condition is one decoded end condition.
type Condition struct {
	Event  cardrules.Event
	Result cardrules.Result
}

// Effect is one 4-byte effect entry.
type Effect struct {
	Rank   uint8                 // bits 0-3 of the rank byte
	Suit   cardrules.TriggerSuit // bits 4-6 of the rank byte: the one suit that triggers it (0: any)
	Type   cardrules.EffectType
	Target cardrules.Target
	Value  uint8 // without the gate bit
	Gate   bool  // bit 7 of the value byte (EffectGate)
	Random bool  // bit 6 of the value byte (EffectRandom)
	// From the TRIGGERS block (triggers.go); zero without an entry.
	When      cardrules.Trigger // the event that sets it off
	If        cardrules.CondOf  // what its condition tests (NoCond: none)
	Cmp       cardrules.Compare
	CondValue uint8 // the count compared, or the suit (top_suit)
	// From the LASTING block (lasting.go); zero without an entry.
	For        cardrules.Duration
	Turns      uint8
	Scope      cardrules.Scope
	Key        uint8
	Stack      cardrules.Stacking
	Persists   bool
	Suppresses cardrules.Suppressed
	// From the TRIGGERS entry's trigger byte, bits 4-5.
	At cardrules.Resolve
}

// EffectGate is the bit of an effect's value byte that gates its card: the
// card may not be played while the effect cannot resolve. Only effect types
// that can fizzle carry it.
const EffectGate = 0x80

// EffectRandom is the bit of a force_discard effect's value byte that takes
// the cards at random from the target's hand instead of letting it choose.
const EffectRandom = 0x40

// CaptureEqualFirst is the bit of a capture phase's rules byte that makes
// a value-equal card the only capture while the layout holds one.
const CaptureEqualFirst = 1

// JokerShift places the deck's joker count in the suit mask's byte.
const JokerShift = 4

// TwoPacks is the bit of the suit mask's byte that makes the deck two
// packs shuffled together.
const TwoPacks = 0x40

// Ranks returns the ranks of the deck's cards as a mask: the standard ranks,
// and bit Joker when the deck has jokers.
func (im *Image) Ranks() uint16 {
	if im.Jokers > 0 {
		return im.RankMask | 1<<cardrules.Joker
	}
	return im.RankMask
}

// Deck returns the cards of the deck: the first pack's in ascending order,
// the jokers last, then with two packs the second's in the same order.
func (im *Image) Deck() []uint8 {
	var out []uint8
	for c := range uint8(cardrules.NumCards) {
		if im.RankMask&(1<<(c%cardrules.NumRanks)) == 0 || im.SuitMask&(1<<(c/cardrules.NumRanks)) == 0 {
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
	for j := range im.Jokers {
		out = append(out, uint8(cardrules.FirstJoker)+j)
	}
	if im.Packs == cardrules.MaxPacks {
		for _, c := range out {
			out = append(out, c+cardrules.PackStride)
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

// lessRule orders scoring rules as a program lists them.
func lessRule(a, b ScoreRule) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Value != b.Value {
		return a.Value < b.Value
	}
	return a.Points < b.Points
}

// withArticle prefixes a word with "a" or "an".
func withArticle(w string) string {
	if w != "" && strings.ContainsRune("AEIOUaeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// Chips are the END section's optional chips: each seat's stake and the
// chips an ante, a pass and a card left in hand at the end pay into the
// pool.
type Chips struct {
	Stake, Ante, Pass, PerCard int
}
