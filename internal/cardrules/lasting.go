package cardrules

import "fmt"

// Duration is how long an active effect holds once a lasting effect starts
// it (the vm package doc gives when each ends).
type Duration uint8

// Durations, in their bytecode numbering.
const (
	ForTurns        Duration = iota // the rest of the turn it starts in and Turns turns more
	UntilSourceTurn                 // until the turn of the seat that set it off begins
	UntilTrickEnd                   // until the end of the trick it starts in (or the next trick)
	UntilDealEnd                    // until the end of the deal (a game is one deal)
	NumDurations
)

var durationNames = [...]string{
	ForTurns: "turns", UntilSourceTurn: "source_turn", UntilTrickEnd: "trick", UntilDealEnd: "deal",
}

var durationTable = Table{"duration", "Duration", durationNames[:], 0}

// Scope is the seats an active effect holds over, from the seats its target
// names when it starts.
type Scope uint8

// Scopes, in their bytecode numbering.
const (
	ScopeTarget   Scope = iota // the seats its target names
	ScopeTeam                  // those seats and their partners
	ScopeEveryone              // every seat (the target is not read)
	NumScopes
)

var scopeNames = [...]string{ScopeTarget: "target", ScopeTeam: "team", ScopeEveryone: "everyone"}

var scopeTable = Table{"scope", "Scope", scopeNames[:], 0}

// Stacking is how the active effects of one type and stacking key combine
// over a seat: their values add, the largest or smallest holds, or a new
// one does not start while one is active.
type Stacking uint8

// Stacking modes, in their bytecode numbering.
const (
	StackAdditive Stacking = iota
	StackMax
	StackMin
	StackNone
	NumStacks
)

var stackNames = [...]string{StackAdditive: "additive", StackMax: "max", StackMin: "min", StackNone: "none"}

var stackTable = Table{"stacking mode", "Stacking", stackNames[:], 0}

// Combine folds value v into acc (the group's value so far; have reports
// whether there is one) as the mode says. With none the first holds (a
// rule's, since a second active effect never starts).
func (k Stacking) Combine(acc int, have bool, v int) int {
	switch {
	case !have:
		return v
	case k == StackMax:
		return max(acc, v)
	case k == StackMin:
		return min(acc, v)
	case k == StackNone:
		return acc
	}
	return acc + v
}

// Suppressed is the effect type a suppress effect switches off: 0 is none
// (a genome never writes it), t+1 type t.
type Suppressed uint8

// NoSuppressed is no type (every lasting type but suppress).
const NoSuppressed Suppressed = 0

// NumSuppressed bounds the suppressed values.
const NumSuppressed = Suppressed(NumEffectTypes + 1)

var suppressedNames = func() (n [NumSuppressed]string) {
	n[0] = "none"
	for i, e := range effectTypes {
		n[i+1] = e.name
	}
	return n
}()

var suppressedTable = Table{"suppressed type", "Suppressed", suppressedNames[:], 1}

// SuppressedOf returns the value that names type t.
func SuppressedOf(t EffectType) Suppressed { return Suppressed(t + 1) }

// Type is the effect type it names (meaningless for NoSuppressed).
func (v Suppressed) Type() EffectType { return EffectType(v - 1) }

// Limits of lasting effects.
const (
	MaxLastTurns = 8  // a duration's turns
	MaxStackKey  = 3  // a stacking key
	MaxActive    = 16 // active effects at once: a new one past them does not start
)

func (v Duration) String() string                { return durationTable.String(uint8(v)) }
func (v Duration) MarshalText() ([]byte, error)  { return durationTable.Text(uint8(v)) }
func (v *Duration) UnmarshalText(b []byte) error { return unmarshal(&durationTable, b, v) }

func (v Scope) String() string                { return scopeTable.String(uint8(v)) }
func (v Scope) MarshalText() ([]byte, error)  { return scopeTable.Text(uint8(v)) }
func (v *Scope) UnmarshalText(b []byte) error { return unmarshal(&scopeTable, b, v) }

func (v Stacking) String() string                { return stackTable.String(uint8(v)) }
func (v Stacking) MarshalText() ([]byte, error)  { return stackTable.Text(uint8(v)) }
func (v *Stacking) UnmarshalText(b []byte) error { return unmarshal(&stackTable, b, v) }

func (v Suppressed) String() string                { return suppressedTable.String(uint8(v)) }
func (v Suppressed) MarshalText() ([]byte, error)  { return suppressedTable.Text(uint8(v)) }
func (v *Suppressed) UnmarshalText(b []byte) error { return unmarshal(&suppressedTable, b, v) }

// DurationPhrase words a duration of turns n (read for ForTurns only) as a
// clause that follows an effect ("for 2 more turns").
func DurationPhrase(d Duration, n int) string {
	switch d {
	case ForTurns:
		if n == 1 {
			return "for the rest of the turn and 1 more turn"
		}
		return fmt.Sprintf("for the rest of the turn and %d more turns", n)
	case UntilSourceTurn:
		return "until its player's next turn"
	case UntilTrickEnd:
		return "until the end of the trick"
	case UntilDealEnd:
		return "until the end of the deal"
	}
	return d.String()
}
