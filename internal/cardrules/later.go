package cardrules

// Resolve is when an effect that moves cards resolves once it fires: now
// (the default), or later, at a set point, even if its player has gone out
// by then. An effect that resolves later takes its targets when it fires
// and waits (at most MaxDelayed at once); when it resolves it tests a
// condition on the target's hand, hits each target still in, opens no
// response window and sets off no further effect.
type Resolve uint8

// Resolution points, in their bytecode numbering.
const (
	ResolveNow        Resolve = iota // when it fires
	ResolveTurnEnd                   // at the end of the turn it fired in, after its last phase
	ResolveTargetTurn                // at the start of each target's next turn (a lost turn is none), before its first phase
	NumResolves
)

var resolveNames = [...]string{ResolveNow: "now", ResolveTurnEnd: "turn_end", ResolveTargetTurn: "target_turn"}

var resolveTable = Table{"resolution point", "Resolve", resolveNames[:], 0}

// CanWait reports whether effects of type t may resolve later: the types
// that move cards (draw_cards, force_discard). The turn-order types act
// at the turn's advance anyway, and lasting types have durations.
func (t EffectType) CanWait() bool { return t == DrawCards || t == ForceDiscard }

// Who is the seats a continuous rule holds for, picked among the seats
// still in after the deal and again at the end of every turn.
type Who uint8

// Rule holders, in their bytecode numbering.
const (
	WhoEveryone    Who = iota // every seat still in
	WhoMostCards              // the seats in holding the most cards (all of them on a tie)
	WhoFewestCards            // the seats in holding the fewest cards (all of them on a tie)
	NumWhos
)

var whoNames = [...]string{WhoEveryone: "everyone", WhoMostCards: "most_cards", WhoFewestCards: "fewest_cards"}

var whoTable = Table{"rule holder", "Who", whoNames[:], 0}

// ScalesBy reports whether a rule's value may scale with count c: a seat's
// own hand, or the stock, the discard pile or the seats still in.
func (c CondOf) ScalesBy() bool {
	return c == CondHand || c == CondStock || c == CondPile || c == CondSeats
}

// Limits of delayed effects and continuous rules.
const (
	MaxDelayed = 16 // delayed effects waiting at once: one past them is not queued
	MaxRules   = 4  // continuous rules in a game
)

func (v Resolve) String() string                { return resolveTable.String(uint8(v)) }
func (v Resolve) MarshalText() ([]byte, error)  { return resolveTable.Text(uint8(v)) }
func (v *Resolve) UnmarshalText(b []byte) error { return unmarshal(&resolveTable, b, v) }

func (v Who) String() string                { return whoTable.String(uint8(v)) }
func (v Who) MarshalText() ([]byte, error)  { return whoTable.Text(uint8(v)) }
func (v *Who) UnmarshalText(b []byte) error { return unmarshal(&whoTable, b, v) }
