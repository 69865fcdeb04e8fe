package cardrules

// Limits of the model. The bytecode stores each in one byte (the turn cap
// in two); genome.Validate enforces them, and the verifier checks them again
// on every program it loads.
const (
	MaxSeats       = 8     // seats at the table
	MaxPhases      = 8     // phases in a turn
	MaxEffects     = 255   // effects in a game
	MaxEffectValue = 13    // an effect's value (skips, cards drawn or discarded)
	MaxConditions  = 4     // end conditions
	MaxTurnCap     = 10000 // the turn cap
	MaxDrawMax     = 52    // a play phase's draws before it passes
	MaxWarFaceDown = 5     // cards laid face down in a war
	MaxDrawCount   = 13    // a draw phase's cards
	MaxExprNodes   = 48    // nodes of one predicate expression
	MaxExprDepth   = 6     // depth of one predicate expression
	MaxScoreRules  = 8     // card scoring rules
	MaxCardPoints  = 26    // points of one card scoring rule
	MaxScore       = 13    // points per trick won or per set laid down
)
