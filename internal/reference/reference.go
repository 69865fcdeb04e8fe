package reference

import (
	"fmt"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Outcome values of Result.Winner, as the VM reports them.
const (
	Capped  = -1 // reached the turn cap
	Tie     = -2 // no single winner
	Aborted = -3 // the reference's own safety net ran out (never expected)
)

// Result is what one game produced, field for field as vm.Result.
type Result struct {
	Winner       int
	WinMask      uint8
	Turns        int
	Decisions    int
	Plays        int
	Options      int
	Forced       int
	Informed     int
	LeadChanges  int
	Interactions int
	Effects      [cardrules.NumEffectTypes]int
	Draws        int  // cards seats drew from the stock (draw phases, play phases, effects, asks)
	Passes       int  // passes in play phases, chosen or for want of any option
	Blocked      bool // the game (in a match, its last deal) ended blocked: the end's blocked rule
	Fizzled      int  // draw and discard effects that fired and moved no card
	Responses    int  // cards played to answer effects in response windows
	Cancelled    int  // effects a chain of responses negated
	Captures     int  // discard piles a paid demand won (turn_up phases)
	Deals        int  // deals played (a match's; 1 otherwise)
}

// EventKind is what happened at one step. The kinds from EvTurn to
// EvClear mirror the VM's trace events one for one (same numbering,
// meaning and fields); EvDecision has no VM trace counterpart, and the
// kinds after it (EvDeal to EvSettle) are the VM's numbered one below.
type EventKind uint8

// Events.
const (
	EvTurn      EventKind = iota // N: turn number; Seat moves
	EvDraw                       // Seat draws Card (N 0), or is dealt it as the hands are dealt again (N 1)
	EvReshuffle                  // N cards of the discard pile become the stock (Seat -1)
	EvPass                       // Seat passes in a play phase: N 1 by choice, 0 with no option
	EvPlay                       // Seat plays Card (onto the discard pile, to a trick, or turned up in a battle); N 1: face down onto the claim pile
	EvNameSuit                   // Seat names suit Card
	EvEffect                     // an effect of type Card fires for Seat: N is its value | its target<<8 | its trigger<<16 | when it resolves<<20
	EvDiscard                    // Seat discards Card by force
	EvWar                        // N seats tie and go to war
	EvTake                       // Seat takes the N cards of the table (a battle or a trick), N cards handed over in an ask, or the N cards of the claim pile
	EvOut                        // Seat is out with result Card (0 win, 1 lose)
	EvTakeFrom                   // Seat takes Card blind from seat N
	EvAsk                        // Seat asks seat N for rank Card
	EvMeld                       // Seat lays down a set of N cards of rank Card
	EvRespond                    // Seat answers a chain's top link with Card, ability N
	EvChain                      // a chain closes: its effect hits Seat (-1: negated) with amount N
	EvLoseTurn                   // Seat loses its turn: the move passes over it
	EvActive                     // at a turn's start, an active effect of type Card from seat Seat: N is turns left (0xFF: not a duration of turns) | its seats<<8 | its parameter<<16 | its value<<24
	EvLastEnd                    // an active effect of type Card from seat Seat ends: N as EvActive's (turns left as of now, 0 once its turns are over)
	EvRule                       // at a turn's start, a group of rule Seat (of type Card): N as EvActive's (turns left 0xFF)
	EvResolve                    // a delayed effect of type Card from seat Seat resolves: N is the seats it hits | its value<<8
	EvWait                       // a delayed effect of type Card from seat Seat is queued: N is the seats it will hit | its value<<8
	EvDemand                     // Seat's Card, turned up, demands N cards
	EvCapture                    // Seat takes the N cards of the discard pile: its demand was paid
	EvChips                      // Seat pays N chips into the pool (N < 0: takes -N chips from it)
	EvClimb                      // Seat's play of N cards of rank Card is on the climb table (its cards' EvPlay events came first)
	EvClear                      // the climb table is cleared: Seat leads
	EvDecision                   // Seat chooses option Choice of Options
	EvDeal                       // deal N of a match begins, dealt by Seat; Card is its starter, or 0xff
	EvMoon                       // Seat shot the moon, giving up the N points of the card rules to every other seat
	EvPassCard                   // before a deal's play, Seat passes Card to seat N
	EvLayout                     // Card joins the layout: dealt to it (Seat -1), or played by Seat and capturing nothing
	EvCollect                    // Seat wins Card from the layout: N 0 captured, 1 left on the layout at the deal's end
	EvSweep                      // Seat's capture empties the layout and scores N points
	EvTally                      // as a deal ends, Seat alone has the most won cards of most rule Card (TallyBest: the best best-of-each-suit total) and scores N points
	EvClaim                      // Seat claims that the N cards it just laid face down on the claim pile (each an EvPlay, N 1) are of rank Card
	EvChallenge                  // Seat challenges the claim of seat Card: N 1 when it was true, 0 when false
	EvReveal                     // Seat's card Card of the challenged claim is turned up (ascending ids)
	EvTakeTop                    // Seat takes Card, the top card of the discard pile, into its hand (a meld phase's draw)
	EvLay                        // Seat lays Card into meld N on the table (N from 0 in the deal; its first card begins it)
	EvLayOff                     // Seat lays Card off onto meld N on the table
	EvKnock                      // Seat knocks with N deadwood
	EvDeadwood                   // as a deal ends, Seat's deadwood is N
	EvOutScore                   // as a deal ends, Seat scores N: Card OutDifference, OutUndercut or OutGin
	EvBid                        // before a deal's play, Seat bids N tricks (0: nil); Card 0
	EvContract                   // as a deal ends, Seat (a side's first seat) scores N: Card ContractTricks, ContractBags or ContractNil
	EvBet                        // Seat puts N chips into the pot: Card BetBlind, BetCall (N 0: a check), BetRaise or BetWager
	EvFold                       // Seat folds: N 0 by choice, 1 at once, holding no chips (its EvOut follows)
	EvSetAside                   // in a draw round, Seat sets Card aside, face down and out of play
	EvShow                       // at a showdown, Seat shows its hand: N its handrank.Value
	EvDealer                     // the dealer (Seat -1) gets Card: N 0 face up, 1 face down, 2 its face-down card turned up
	EvStand                      // against a dealer, Seat stands on total N
	EvBust                       // against a dealer, Seat's total N is bust
	EvSettle                     // Seat's wager settles with the dealer: N the chips it wins from the house (negative: its wager lost; 0 a push)
)

var kindNames = [...]string{"turn", "draw", "reshuffle", "pass", "play", "name-suit", "effect", "discard",
	"war", "take", "out", "take-from", "ask", "meld", "respond", "chain", "lose-turn", "active", "last-end", "rule", "resolve", "wait", "demand", "capture", "chips", "climb", "clear", "decision", "deal", "moon", "pass-card", "layout", "collect", "sweep", "tally",
	"claim", "challenge", "reveal", "take-top", "lay", "lay-off", "knock", "deadwood", "out-score",
	"bid", "contract", "bet", "fold", "set-aside", "show", "dealer", "stand", "bust", "settle"}

func (k EventKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is one step of a game.
type Event struct {
	Kind    EventKind
	Seat    int
	Card    int
	N       int
	Options int  // Decision: the number of options
	Choice  int  // Decision: the index chosen (0-based, canonical order)
	Blind   bool // Decision: among options the seat cannot tell apart
}

func (e Event) String() string {
	if e.Kind == EvDecision {
		return fmt.Sprintf("decision seat %d: option %d of %d", e.Seat, e.Choice, e.Options)
	}
	return fmt.Sprintf("%v seat %d card %d n %d", e.Kind, e.Seat, e.Card, e.N)
}

// maxEvents is the reference's safety net: no legal game comes near it.
const maxEvents = 5_000_000

// game is the whole state of one game, in plain slices.
type game struct {
	g       *genome.Genome
	n       int
	src     rng.Source
	deck    []genome.Card // ascending
	suits   []genome.Suit // the deck's suits, ascending
	pile    bool          // pile hands (else fan hands, kept sorted ascending)
	hasPlay bool          // some phase plays to the discard pile (play, turn_up, meld)

	hands   [][]genome.Card                   // fan: ascending; pile: top first
	stock   []genome.Card                     // bottom first (top is last)
	discard []genome.Card                     // bottom first (top is last)
	table   []genome.Card                     // the cards of the current battle, in the order laid
	gone    []genome.Card                     // out of play
	rows    [cardrules.NumSuits][]genome.Card // the tableau: each suit's sequence, in the order its cards were placed
	layout  []genome.Card                     // the face-up layout of capture phases (a set: its order means nothing)

	active    []bool
	nActive   int
	outSeat   []int           // seats out, in the order they went out
	outResult []genome.Result // their results

	cur, dir, skip int
	suit           genome.Suit // the active suit
	last           int         // the last card played, or -1
	lastSuit       genome.Suit // the active suit the last card played left (its own suit, or the suit named after it)
	played         uint8       // suits played so far
	trump          int         // the suit of the last card dealt
	leadHolder     int         // the seat that must play the lead card first, or -1
	next           int         // the seat a trick says moves next, or -1
	again          bool        // an ask says the seat moves again
	score          []int
	leader         int        // the last seat found alone with the best standing after a turn, or -1
	passesInRow    int        // passes in a row while nothing could be drawn (the blocked end)
	lost           []bool     // per seat: it loses its next turn (lose_turn)
	owed, demander int        // a turn_up phase's pending demand: the cards owed (0: none) and the seat owed them
	climb          climbTable // a climb phase's table
	pool           int        // the chips in the pool
	capturer       int        // the seat that captured last in the deal, or -1
	claims         claimState // the claim phases' pile and last claim (claim.go)
	melds          meldState  // the meld phase's melds on the table and knocks (meld.go)
	over           bool

	// A match (match.go): the deal being played (from 0), its dealer,
	// and the cards each seat won in tricks this deal.
	dealNo, dealer int
	won            [][]genome.Card
	order          []int // the last deal's finishing order, best first (pass.go)

	// Bids and contracts (contract.go): each seat's bid this deal (0:
	// nil), the tricks it won this deal, and each side's bags, kept for
	// the whole game (indexed by the side's first seat).
	bids, tricks []int
	bags         []int

	// Betting (betting.go): the seats that folded in this deal, and
	// whether the game reached its turn cap in the betting (or against
	// the dealer).
	folded []bool
	capped bool

	// Against a dealer (dealer.go): the dealer's cards in the order dealt
	// (the second face down while holeDown), each seat's wager this deal,
	// and the house's chips, kept for the whole game.
	dealerCards []genome.Card
	holeDown    bool
	wagers      []int
	house       int

	// Triggers other than a play (triggers.go).
	live      bool      // the deal is over: events may set effects off
	resolving bool      // queued events are resolving: no event is queued
	queue     []waiting // events waiting for the end of the phase, in order
	lastLeft  []int     // per seat: the last card that left its hand, or -1

	// Lasting effects (lasting.go).
	lasting []active // the active effects, in the order they started
	done    int      // turns completed

	// Delayed effects and continuous rules (later.go).
	delays   []delayed // the delayed effects waiting, in the order they fired
	delaying bool      // delayed effects are resolving: no event is queued
	rules    []active  // the rules' groups as last recomputed, rule by rule

	res    Result
	events []Event
	check  bool  // verify conservation after every step (tests)
	picks  []int // tests: the choices of the next decisions of two options or more, instead of random draws
}

// Play plays one game of g (a valid genome) at seats seats (0: the
// default) from seed, with the given policies per seat (only "random" is
// supported; missing or empty entries are random), and returns its result
// and its events.
func Play(g *genome.Genome, seats int, policies []string, seed uint64) (Result, []Event) {
	return play(g, seats, policies, seed, false)
}

func play(g *genome.Genome, seats int, policies []string, seed uint64, check bool) (Result, []Event) {
	for _, p := range policies {
		if p != "" && p != "random" {
			panic("reference: only the random policy is implemented, not " + p)
		}
	}
	if seats == 0 {
		seats = g.Seats.Default
	}
	m := &game{g: g, n: seats, check: check}
	m.setupGame(seed)
	return m.run()
}

// run plays the game m was set up for to its end.
func (m *game) run() (Result, []Event) {
	g := m.g
	for {
		m.live = true
		// The turn cap is checked before each turn of the betting and
		// before each seat's turn against the dealer.
		switch {
		case g.Score.Betting != nil:
			m.bet()
		case g.Score.Dealer != nil:
			m.againstDealer()
		}
		if m.capped {
			m.res.Winner, m.res.WinMask, m.res.Deals = Capped, 0, m.dealNo+1
			return m.res, m.events
		}
		if !m.over {
			m.start()
		}
		for !m.over {
			if m.res.Turns >= g.TurnCap {
				m.res.Winner, m.res.WinMask, m.res.Deals = Capped, 0, m.dealNo+1
				return m.res, m.events
			}
			if len(m.events) > maxEvents {
				m.res.Winner, m.res.WinMask, m.res.Deals = Aborted, 0, m.dealNo+1
				return m.res, m.events
			}
			m.turn()
		}
		if !m.endDeal() {
			break
		}
	}
	m.res.Deals = m.dealNo + 1
	m.res.Winner, m.res.WinMask = m.ranking()
	return m.res, m.events
}

func (m *game) emit(e Event) { m.events = append(m.events, e) }
