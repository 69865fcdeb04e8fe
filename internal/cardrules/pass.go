package cardrules

// PassTo says where the cards passed before a deal go (genome
// MatchRules.Pass.To: one per deal, in rotation by deal number).
type PassTo uint8

// Pass directions. Their numbers are the bytecode's.
const (
	PassLeft      PassTo = iota // to the next seat in the play direction
	PassRight                   // to the previous seat
	PassAcross                  // two seats on (four seats only)
	PassNone                    // no passing this deal
	PassFinishing               // the exchange by the previous deal's finishing order (none before the first)
	NumPassTos
)

var passToNames = [...]string{
	PassLeft:      "left",
	PassRight:     "right",
	PassAcross:    "across",
	PassNone:      "none",
	PassFinishing: "finishing",
}

var passToTable = Table{"pass direction", "PassTo", passToNames[:], 0}

func (v PassTo) String() string                { return passToTable.String(uint8(v)) }
func (v PassTo) MarshalText() ([]byte, error)  { return passToTable.Text(uint8(v)) }
func (v *PassTo) UnmarshalText(b []byte) error { return unmarshal(&passToTable, b, v) }

// Limits of passing cards before a deal and of the scores for going out.
const (
	MaxPassCount    = 13 // cards each seat passes
	MaxPassDirs     = 4  // directions in a pass's rotation
	MaxFinishPoints = 50 // points of one place in the finishing order
)

// PassPeriod returns the length of the shortest prefix of to whose
// repetition is to (the canonical cycle of a pass's directions).
func PassPeriod(to []PassTo) int {
	for k := 1; k < len(to); k++ {
		if len(to)%k != 0 {
			continue
		}
		ok := true
		for i := k; i < len(to) && ok; i++ {
			ok = to[i] == to[i-k]
		}
		if ok {
			return k
		}
	}
	return len(to)
}
