package genome

import "github.com/darwinsim/darwinsim/internal/cardrules"

// The rules vocabulary (cards, enums, their names and the model's limits) is
// defined once, in internal/cardrules, and shared with the bytecode. These
// aliases give the genome's fields their familiar names.
type (
	Rank       = cardrules.Rank
	Suit       = cardrules.Suit
	Card       = cardrules.Card
	Match      = cardrules.Match
	MatchKind  = cardrules.MatchKind
	EffectType = cardrules.EffectType
	Target     = cardrules.Target
	PhaseKind  = cardrules.PhaseKind
	HandKind   = cardrules.HandKind
	Returns    = cardrules.Returns
	Event      = cardrules.Event
	Result     = cardrules.Result
	Until      = cardrules.Until
	RankBy     = cardrules.RankBy
	Trump      = cardrules.Trump
	DrawRule   = cardrules.DrawRule
	ClaimRule  = cardrules.ClaimRule
	LayRule    = cardrules.LayRule
	PassRule   = cardrules.PassRule
	RankOrder  = cardrules.RankOrder
	PassTo     = cardrules.PassTo
)
