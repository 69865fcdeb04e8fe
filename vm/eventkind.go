package vm

import "fmt"

// eventKindNames are the kinds' names in snake_case, as darwinsim replay
// --json writes them: the constant's name without its Ev.
var eventKindNames = [numEventKinds]string{
	EvTurn:      "turn",
	EvDraw:      "draw",
	EvReshuffle: "reshuffle",
	EvPass:      "pass",
	EvPlay:      "play",
	EvNameSuit:  "name_suit",
	EvEffect:    "effect",
	EvDiscard:   "discard",
	EvWar:       "war",
	EvTake:      "take",
	EvOut:       "out",
	EvTakeFrom:  "take_from",
	EvAsk:       "ask",
	EvMeld:      "meld",
	EvRespond:   "respond",
	EvChain:     "chain",
	EvLoseTurn:  "lose_turn",
	EvActive:    "active",
	EvLastEnd:   "last_end",
	EvRule:      "rule",
	EvResolve:   "resolve",
	EvWait:      "wait",
	EvDemand:    "demand",
	EvCapture:   "capture",
	EvChips:     "chips",
	EvClimb:     "climb",
	EvClear:     "clear",
	EvDeal:      "deal",
	EvMoon:      "moon",
	EvPassCard:  "pass_card",
	EvLayout:    "layout",
	EvCollect:   "collect",
	EvSweep:     "sweep",
	EvTally:     "tally",
	EvClaim:     "claim",
	EvChallenge: "challenge",
	EvReveal:    "reveal",
	EvTakeTop:   "take_top",
	EvLay:       "lay",
	EvLayOff:    "lay_off",
	EvKnock:     "knock",
	EvDeadwood:  "deadwood",
	EvOutScore:  "out_score",
	EvBid:       "bid",
	EvContract:  "contract",
	EvBet:       "bet",
	EvFold:      "fold",
	EvSetAside:  "set_aside",
	EvShow:      "show",
	EvDealer:    "dealer",
	EvStand:     "stand",
	EvBust:      "bust",
	EvSettle:    "settle",
}

// String returns the kind's name ("play", "take_from"), or "kind(N)" for a
// number that is no kind.
func (k EventKind) String() string {
	if k < numEventKinds && eventKindNames[k] != "" {
		return eventKindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// EventKinds lists every kind, in order.
func EventKinds() []EventKind {
	ks := make([]EventKind, numEventKinds)
	for i := range ks {
		ks[i] = EventKind(i)
	}
	return ks
}
