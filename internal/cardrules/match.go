package cardrules

// Limits of a match of several deals (genome.MatchRules) and of the
// scores a deal's end gives.
const (
	MaxDeals      = 255   // deals in a match
	MaxTarget     = 10000 // the total score that ends a match
	MaxHandPoints = 50    // points of one hand scoring rule
)

// MaxHandRules is the most hand scoring rules: one per rank, so that every
// rank can have its own penalty.
const MaxHandRules = 13
