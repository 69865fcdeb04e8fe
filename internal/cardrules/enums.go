package cardrules

import "fmt"

// Target selects the seats an effect acts on, or the seat a take phase
// takes from. 0 means "no target" and is the canonical value for effect
// types that use none.
type Target uint8

// Targets, in their bytecode numbering.
const (
	NoTarget Target = iota
	TargetNext
	TargetPrevious
	TargetAllOpponents
	TargetRandomOpponent
	TargetSelf
	TargetChosen // an opponent the effect's player chooses (a decision; one that has gone out draws at random); not with pile hands, nor a take phase's from
	NumTargets
)

var targetNames = [...]string{
	NoTarget:             "none",
	TargetNext:           "next",
	TargetPrevious:       "previous",
	TargetAllOpponents:   "all_opponents",
	TargetRandomOpponent: "random_opponent",
	TargetSelf:           "self",
	TargetChosen:         "chosen_opponent",
}

var targetTable = Table{"target", "Target", targetNames[:], 1}

// PhaseKind is the primitive a phase runs.
type PhaseKind uint8

// Phase kinds, in the order of their opcodes (bytecode.OpPlay + kind).
const (
	// PhasePlay: the seat plays one legal card from its hand onto the
	// discard pile, drawing first if it has none.
	PhasePlay PhaseKind = iota
	// PhaseBattle: every active seat turns up the top card of its pile; the
	// highest rank takes them all, ties go to war.
	PhaseBattle
	// PhaseDraw: the seat draws cards from the stock.
	PhaseDraw
	// PhaseTrick: the seat leads a trick and every other active seat
	// follows in turn; the highest trump, else the highest card of the led
	// suit, takes the trick, and its seat leads next.
	PhaseTrick
	// PhaseTake: the seat takes one card, blind, from an opponent's hand.
	PhaseTake
	// PhaseAsk: the seat asks an opponent for a rank it holds; it gets every
	// card of that rank the opponent has and goes again, or draws from the
	// stock and goes again only if it drew the rank asked for.
	PhaseAsk
	// PhaseTableau: the seat plays one card to the tableau, a row of
	// sequences, one per suit: a card of the start rank begins its suit's
	// sequence, and a card next in rank to either end of its suit's
	// sequence extends it; with no such card the seat passes.
	PhaseTableau
	// PhaseTurnUp: the seat turns up the top card of its pile onto the
	// discard pile, or, owing cards to a demanding rank turned up before,
	// pays them one by one; a demanding card passes the demand on, and a
	// demand paid in full wins its seat the discard pile.
	PhaseTurnUp
	// PhaseClimb: the seat plays one or more cards of one rank, higher in
	// the deck's order than the play on the table and as many cards as
	// it, or passes; with nothing on the table it leads any 1 to max
	// cards of one rank. When every other seat still in has passed since
	// the last play, the table is cleared and the last seat to play leads.
	PhaseClimb
	// PhaseCapture: the seat plays one card; with cards of the layout
	// whose values sum to the card's value it must capture such cards
	// (one value-equal card first, where the phase says so), taking them
	// and the card into its won pile, else the card joins the layout.
	PhaseCapture
	// PhaseClaim: the seat plays one to max cards face down onto the claim
	// pile, claiming they are all of one rank (which ranks it may claim:
	// the phase's ClaimRule); each other seat still in, in turn order, may
	// challenge, and the first to do so turns the cards up: a true claim
	// gives the challenger the whole pile, a false one gives it to the
	// claimer.
	PhaseClaim
	// PhaseMeld: the seat draws the top card of the stock or takes the top
	// card of the discard pile; where the phase lays melds in the turn, it
	// may lay sets and runs and lay cards off onto melds on the table; it
	// discards one card; where the phase lays out, it may then knock when
	// its unmatched cards (deadwood) are worth at most the phase's limit.
	PhaseMeld
	NumPhaseKinds
)

var phaseKindNames = [...]string{
	PhasePlay:    "play",
	PhaseBattle:  "battle",
	PhaseDraw:    "draw",
	PhaseTrick:   "trick",
	PhaseTake:    "take",
	PhaseAsk:     "ask",
	PhaseTableau: "tableau",
	PhaseTurnUp:  "turn_up",
	PhaseClimb:   "climb",
	PhaseCapture: "capture",
	PhaseClaim:   "claim",
	PhaseMeld:    "meld",
}

// ClaimRule says which ranks a claim phase's seat may claim.
type ClaimRule uint8

// Claim rules.
const (
	// ClaimNext: the rank after the last claim in the deck's order (after
	// the highest, the lowest); the deal's first claim is the phase's
	// start rank.
	ClaimNext ClaimRule = iota
	// ClaimNear: the last claim's rank or a rank next to it in the deck's
	// order (cyclically); the deal's first claim any rank.
	ClaimNear
	// ClaimAny: any rank of the deck.
	ClaimAny
	NumClaimRules
)

var claimRuleNames = [...]string{ClaimNext: "next", ClaimNear: "near", ClaimAny: "any"}

var claimRuleTable = Table{"claim rule", "ClaimRule", claimRuleNames[:], 0}

// LayRule says when a meld phase's melds are laid.
type LayRule uint8

// Lay rules.
const (
	// LayTurn: in the seat's turn, voluntarily, with lay-offs onto the
	// melds on the table.
	LayTurn LayRule = iota
	// LayOut: never in play; the hand is arranged into melds only as the
	// deal ends, and the seat may knock to end it.
	LayOut
	NumLayRules
)

var layRuleNames = [...]string{LayTurn: "turn", LayOut: "out"}

var layRuleTable = Table{"lay rule", "LayRule", layRuleNames[:], 0}

var phaseKindTable = Table{"phase kind", "PhaseKind", phaseKindNames[:], 0}

// PlaysCards reports whether a phase of kind k moves cards from a hand to
// the table, so that effects can fire in it.
func (k PhaseKind) PlaysCards() bool {
	return k == PhasePlay || k == PhaseBattle || k == PhaseTrick || k == PhaseTableau || k == PhaseTurnUp ||
		k == PhaseClimb || k == PhaseCapture || k == PhaseMeld
}

// HandKind says how a seat holds its cards.
type HandKind uint8

// Hand kinds.
const (
	// HandFan: the seat sees its cards and chooses which to play.
	HandFan HandKind = iota
	// HandPile: a face-down ordered pile; the top card is played, cards
	// received go to the bottom.
	HandPile
	NumHandKinds
)

var handKindNames = [...]string{HandFan: "fan", HandPile: "pile"}

var handKindTable = Table{"hand kind", "HandKind", handKindNames[:], 0}

// Returns says how a battle's winner, or the seat that takes the discard
// pile in a turn_up phase, puts the cards it takes under its pile.
type Returns uint8

// Returns.
const (
	ReturnsShuffled Returns = iota
	ReturnsInOrder
	NumReturns
)

var returnsNames = [...]string{ReturnsShuffled: "shuffled", ReturnsInOrder: "in_order"}

var returnsTable = Table{"returns", "Returns", returnsNames[:], 0}

// Event is what an end condition watches for.
type Event uint8

// Events.
const (
	// EventHandEmpty: the seat holds no cards.
	EventHandEmpty Event = iota
	NumEvents
)

var eventNames = [...]string{EventHandEmpty: "hand_empty"}

var eventTable = Table{"event", "Event", eventNames[:], 0}

// Result is what happens to a seat whose end condition holds: it leaves play
// as a winner (ranked by the order it went out, first best) or as a loser
// (first out ranked last).
type Result uint8

// Results.
const (
	ResultWin Result = iota
	ResultLose
	NumResults
)

var resultNames = [...]string{ResultWin: "win", ResultLose: "lose"}

var resultTable = Table{"result", "Result", resultNames[:], 0}

// Until says when the game ends.
type Until uint8

// Game ends.
const (
	// UntilFirstOut: the game ends as soon as one seat leaves play.
	UntilFirstOut Until = iota
	// UntilOneLeft: play goes on until at most one seat is still in.
	UntilOneLeft
	// UntilHandsEmpty: play goes on until every hand is empty (the deal is
	// played out).
	UntilHandsEmpty
	// UntilNoCards: play goes on until every hand and the stock are empty.
	UntilNoCards
	NumUntils
)

var untilNames = [...]string{
	UntilFirstOut:   "first_out",
	UntilOneLeft:    "one_left",
	UntilHandsEmpty: "hands_empty",
	UntilNoCards:    "no_cards",
}

var untilTable = Table{"until", "Until", untilNames[:], 0}

// RankBy orders the seats still in when the game ends.
type RankBy uint8

// Rankings.
const (
	// RankCards: by cards held, fewer better unless emptying a hand loses.
	RankCards RankBy = iota
	// RankScoreLow: by score, lowest best.
	RankScoreLow
	// RankScoreHigh: by score, highest best.
	RankScoreHigh
	NumRankBys
)

var rankByNames = [...]string{RankCards: "cards", RankScoreLow: "score_low", RankScoreHigh: "score_high"}

var rankByTable = Table{"rank_by", "RankBy", rankByNames[:], 0}

// Trump is a trick phase's trump suit.
type Trump uint8

// Trumps: none, one fixed suit (TrumpClubs + suit), or the suit of the last
// card dealt.
const (
	TrumpNone Trump = iota
	TrumpClubs
	TrumpDiamonds
	TrumpHearts
	TrumpSpades
	TrumpLastDealt
	NumTrumps
)

var trumpNames = [...]string{
	TrumpNone:      "none",
	TrumpClubs:     "clubs",
	TrumpDiamonds:  "diamonds",
	TrumpHearts:    "hearts",
	TrumpSpades:    "spades",
	TrumpLastDealt: "last_dealt",
}

var trumpTable = Table{"trump", "Trump", trumpNames[:], 0}

// MatchKind says what a scoring match names: one rank, one suit or one card.
type MatchKind uint8

// Match kinds.
const (
	MatchRank MatchKind = iota
	MatchSuit
	MatchCard
	NumMatchKinds
)

var matchKindNames = [...]string{MatchRank: "rank", MatchSuit: "suit", MatchCard: "card"}

var matchKindTable = Table{"match kind", "MatchKind", matchKindNames[:], 0}

// DrawRule says when a play phase draws.
type DrawRule uint8

// Draw rules.
const (
	// DrawWhenStuck: a seat with no legal card draws, automatically, until
	// it has one or has drawn the phase's draw_max; drawing is never a
	// decision.
	DrawWhenStuck DrawRule = iota
	// DrawByChoice: drawing is an option of the seat's decision, even when
	// it holds a legal card, while it has drawn fewer than draw_max cards
	// this turn and a card can be drawn; one card per decision.
	DrawByChoice
	NumDrawRules
)

var drawRuleNames = [...]string{DrawWhenStuck: "when_stuck", DrawByChoice: "by_choice"}

var drawRuleTable = Table{"draw rule", "DrawRule", drawRuleNames[:], 0}

// PassRule says when passing is an option of a play phase's decision. A
// seat left with no option at all passes without deciding, whatever the
// rule.
type PassRule uint8

// Pass rules.
const (
	// PassNever: passing is never an option.
	PassNever PassRule = iota
	// PassAlways: passing is always an option.
	PassAlways
	// PassAfterDraws: passing is an option once the seat can draw no more
	// this turn (it has drawn draw_max cards, or nothing can be drawn).
	PassAfterDraws
	// PassEmptyStock: passing is an option when nothing can be drawn (the
	// stock is empty and nothing can be reshuffled into it).
	PassEmptyStock
	NumPassRules
)

var passRuleNames = [...]string{
	PassNever:      "never",
	PassAlways:     "always",
	PassAfterDraws: "after_draws",
	PassEmptyStock: "empty_stock",
}

var passRuleTable = Table{"pass rule", "PassRule", passRuleNames[:], 0}

// Ability is what a responding card does to the link of a chain it answers
// (the vm package doc gives the rules in full).
type Ability uint8

// Response abilities. 0 is no ability, which a genome never writes.
const (
	NoAbility Ability = iota
	// Stack: add the response's value to the pending amount and pass the
	// effect on to the seat after the responder.
	Stack
	// Deflect: turn the effect back on the seat that sent it to the
	// responder.
	Deflect
	// Cancel: negate the link answered; the seat that played it may
	// answer the cancel in turn.
	Cancel
	NumAbilities
)

var abilityNames = [...]string{NoAbility: "none", Stack: "stack", Deflect: "deflect", Cancel: "cancel"}

var abilityTable = Table{"response ability", "Ability", abilityNames[:], 1}

// Respondents says which seats may answer an effect about to hit a seat.
type Respondents uint8

// Respondents.
const (
	// RespondTarget: only the seat the chain's top link hits.
	RespondTarget Respondents = iota
	// RespondEveryone: every seat still in, in turn order from the seat
	// the top link hits, except the seat that played it.
	RespondEveryone
	NumRespondents
)

var respondentsNames = [...]string{RespondTarget: "target", RespondEveryone: "everyone"}

var respondentsTable = Table{"respondents", "Respondents", respondentsNames[:], 0}

// Phrase words what an answer with ability a does (value: what a stack
// adds), for the disassembly and traces.
func (a Ability) Phrase(value int) string {
	switch a {
	case Stack:
		return fmt.Sprintf("adds %d to the pending amount and passes it to the next player", value)
	case Deflect:
		return "turns the effect back on the player who sent it"
	case Cancel:
		return "negates what it answers"
	}
	return a.String()
}
