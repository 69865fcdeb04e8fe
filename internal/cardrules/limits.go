package cardrules

// Limits of the model. genome.Validate enforces them all. The bytecode
// stores each limit of the rules in one byte (the turn cap in two), and the
// verifier checks them again on every program it loads; the metadata (a
// name and a summary) never enters a program, and its lengths are counted
// in characters (Unicode code points).
const (
	MaxSeats       = 8     // seats at the table
	MaxPhases      = 8     // phases in a turn
	MaxEffects     = 255   // effects in a game
	MaxResponses   = 32    // response abilities in a game
	MaxEffectValue = 13    // an effect's value (skips, cards drawn or discarded)
	MaxConditions  = 4     // end conditions
	MaxTurnCap     = 50000 // the turn cap
	MaxDrawMax     = 52    // a play phase's draws in one turn
	MaxBlocked     = 8     // the end's blocked rule: passes in a row beyond one per seat, plus one
	MaxWarFaceDown = 5     // cards laid face down in a war
	MaxDemand      = 8     // the cards one card demands in a turn_up phase
	MaxClimb       = 4     // the cards of one rank a climb phase's lead may play, and of one claim
	MaxLayout      = 12    // cards dealt face up to the layout
	MaxMostRules   = 4     // most-won-cards scoring rules
	MaxRankValue   = 30    // a rank's value in a best-of-each-suit total
	MaxMeldMin     = 5     // a meld phase's least cards of a set or a run
	MaxKnock       = 30    // a meld phase's most deadwood a seat may knock with
	MaxBonus       = 50    // points of a gin or undercut bonus
	DeadwoodCap    = 10    // the most a card counts as deadwood
	MaxArranged    = 16    // the most standard cards of a hand arranged into melds for its deadwood (a larger hand's deadwood is its whole value)
	MaxDrawCount   = 13    // a draw phase's cards
	MaxBid         = 13    // the most tricks a seat may bid
	MaxBidPoints   = 50    // a contract's points per trick bid
	MaxOvertrick   = 10    // a contract's points per overtrick
	MaxBags        = 20    // the overtricks a contract's bag penalty counts
	MaxBidBonus    = 250   // a contract's bag penalty, and its nil bid's bonus
	MaxExprNodes   = 48    // nodes of one predicate expression
	MaxExprDepth   = 6     // depth of one predicate expression
	MaxScoreRules  = 8     // card scoring rules
	MaxCardPoints  = 26    // points of one card scoring rule
	MaxScore       = 13    // points per trick won or per set laid down
	MaxStake       = 1000  // the chips each seat starts with
	MaxChipPayment = 20    // chips of one ante, pass or card left in hand
	MaxBet         = 50    // chips of one bet or raise
	MaxRaises      = 5     // raises in one betting round after its bet
	MaxExchange    = 5     // cards a seat may exchange in a draw round
	MinStand       = 12    // the lowest total a dealer may stand on
	MaxStand       = 21    // the highest total a dealer may stand on
	MaxNameLen     = 200   // characters of a name (metadata)
	MaxSummaryLen  = 4000  // characters of a summary (metadata)
)
