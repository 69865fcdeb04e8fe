package vm

import (
	"math"

	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Policy is a built-in player. The machine switches on it in decide.
type Policy uint8

// Built-in policies.
const (
	// Random chooses uniformly among the legal options (one rng.IntN
	// draw per decision with more than one option).
	Random Policy = iota
	// Greedy scores each option with a one-ply heuristic over its own view
	// (its hand, the top card, the public rules) and takes the best, the
	// lowest option on ties. It draws no random numbers, except where
	// nothing it may see tells the options apart (a blind take).
	Greedy
	// NumPolicies counts the built-in policies.
	NumPolicies
	// External seats are decided by a Player (a search, a trained model,
	// a test); see Machine.SetPlayer. It is not a built-in policy.
	External Policy = 255
)

var policyNames = [NumPolicies]string{"random", "greedy"}

func (p Policy) String() string {
	if p < NumPolicies {
		return policyNames[p]
	}
	return "policy?"
}

// ParsePolicy reads a policy name.
func ParsePolicy(s string) (Policy, bool) {
	for i, n := range policyNames {
		if n == s {
			return Policy(i), true
		}
	}
	return 0, false
}

// Outcome values of a finished game.
const (
	Capped  = -1 // reached the turn cap: a draw, never a win
	Tie     = -2 // ended with no single winner (all out at once, equal standings)
	Aborted = -3 // the step budget ran out: an error, never a result
)

// Machine plays games of one program. It owns all game state in fixed-size
// arrays and is reused from game to game without allocating. A Machine is
// not safe for concurrent use; a batch gives each worker its own.
type Machine struct {
	game  // the state of the deal being played, set afresh by each deal
	carry // the state a match carries from deal to deal, zeroed by reset

	p      *Program
	rng    rng.Source
	n      int
	policy [MaxSeats]Policy
	budget int
	trace  *Trace

	players  [MaxSeats]Player
	starters [MaxSeats]GameStarter // the External players that want each game's seed
	dec      Decision
	opts     [cardrules.MaxDeck]uint8 // the options of the decision being made (a blind choice has one per card of a hand)

	// observe keeps what each seat has seen (knownBy, void) for the
	// determinization of a search; it is on when some seat is External.
	observe bool
	// resuming is set by Fork: the game is paused at a decision of kind
	// paused and the turn's code re-enters to it, skipping what it has
	// done (see resume.go).
	resuming bool
	paused   DecisionKind
	// plain plays every turn with the general code, never a specialised
	// loop or phase (loops.go), and deals with give: the tests set it to
	// compare the two.
	plain bool

	// The pass before a deal being chosen (pass.go): game state too, kept
	// apart so that programs without passing never reset or copy it.
	cardPass passState

	// Pile hands (zones.go) and a response window's links (respond.go):
	// game state too, kept apart so that programs without pile hands or
	// responses never reset or copy them.
	piles [MaxSeats]pile
	chain [cardrules.MaxDeck + 1]link
	// The melds on the table (meld.go): game state too, kept apart so
	// that programs without melds never reset or copy it.
	mt meldTable

	// Scratch of the deadwood's arrangements (deadwood.go): a hand's own
	// and one laying off onto the table's melds; every seat's deadwood.
	// (The remembered states are allocated with the machine of a program
	// with a meld phase or deadwood scores: others never arrange.)
	arr     [2]arranger
	arrMemo *[arrMemoSize]arrEntry
	dwBest  [MaxSeats]int

	// The active effects, the rules' values and the delayed effects are
	// game state too (Fork copies them), kept apart from game so that a
	// game of a program that has none does not reset them.
	effState
}

// effState is the state of lasting effects, rules and delayed effects.
type effState struct {
	lasting // the active effects and the rules' values (lasting.go)
	waiting // the delayed effects (later.go)
}

// game is everything one game changes. reset zeroes it in one assignment
// and then sets the few fields whose start is not zero.
// carry is the state of a game that a match carries from deal to deal:
// the scores (a match's totals), the result's counts, the steps against
// the budget and the leader. dealOut leaves it alone, so that a deal sets
// afresh only what a deal holds.
type carry struct {
	score  [MaxSeats]int32 // in a match, the totals of the deals so far
	leader int
	steps  int
	res    Result
	order  [MaxSeats]int8  // the last deal's finishing order, where the program keeps it (pass.go)
	bags   [MaxSeats]int16 // with contracts, each side's bags (at its first seat; contract.go)
	pot    int32           // the chips in the pool (the pot), kept from deal to deal
	house  int32           // against a dealer, the house's chips (dealer.go)
}

type game struct {
	hand  [MaxSeats]uint64 // fan hands as card sets: the first pack's cards
	hand2 [MaxSeats]uint64 // and the second's (bit f: card f+64)
	count [MaxSeats]uint8  // cards held, either kind

	stock  [cardrules.MaxDeck]uint8 // top at stock[stockN-1]
	stockN int
	disc   [cardrules.MaxDeck]uint8 // top at disc[discN-1]
	discN  int
	table  [cardrules.MaxDeck]uint8 // battle and trick cards, in the order played
	tableN int
	gone   [cardrules.MaxDeck]uint8 // out of play
	goneN  int

	// The tableau: its cards; the cards of the suits whose sequence has
	// begun; the cards that would extend a sequence; each suit's lowest
	// and highest card plus 1 (0: no sequence yet).
	tab          uint64
	tabSuits     uint64
	tabEnds      uint64
	tabLo, tabHi [4]uint8

	active  uint8 // bit s: seat s is still in
	empty   uint8 // bit s: seat s holds no cards
	nActive int
	cur     int
	dir     int
	skip    int
	suit    uint8  // the active suit
	ph      *phase // the card-playing phase being played (play, battle, trick)

	settled   bool  // the chips were settled at the deal's end
	played    uint8 // bit s: a card of suit s has been played
	last      int16 // the last card played, -1 before any
	lastSuit  uint8 // the suit named after the last card played, else its suit
	lastDealt uint8
	mustPlay  int16                   // the lead card its holder must play first, -1 when none
	mustBy    int8                    // the seat dealt the lead card, bound to play it while it holds it, until it is played
	next      int                     // a phase's choice of the next seat (trick winner), -1 when none
	again     bool                    // the seat moves again (a successful ask)
	asked     int                     // the opponent an ask is put to, while its rank is decided
	tableBy   [cardrules.MaxDeck]int8 // the seat that played each table card, for tricks

	// Public knowledge from asks, for the greedy policy: ranks each seat
	// is known to hold (it asked for them) and known not to hold (it was
	// asked, or laid them down, and has not gained a card since).
	knownHas [MaxSeats]uint16
	denied   [MaxSeats]uint16

	// What seats have seen, kept while the machine observes (see
	// resume.go): knownBy[c] is the set of seats that know which hand
	// holds card c while a hand does; void[s] is the cards seat s has shown
	// it does not hold among its hidden cards (it could not follow, or
	// had to draw), until it gains a card no one else sees.
	knownBy [cardrules.MaxCardID]uint8
	void    [MaxSeats]uint64
	// stockFrom holds the faces of every card the stock may hold: the whole deck until
	// the stock is refilled, then the cards of the discard pile that
	// refilled it (everyone saw them).
	stockFrom uint64

	// Where the current turn is, so that a copy paused at a decision can
	// re-enter it: the phase, the play direction the turn started with,
	// the trick's seat and the seats it has visited, the effect being
	// resolved, its target and the targets after it, and the discards the
	// target still owes.
	phaseI       uint8
	turnDir      int8
	trickSeat    int8
	trickVisited uint8
	effI         uint16
	tgt          int8
	tgtLeft      uint8 // seat set: the targets of the effect still to be hit
	discLeft     uint8

	outOrder [MaxSeats]int8
	outRes   [MaxSeats]cardrules.Result
	nOut     int
	over     bool

	// The play phase's voluntary actions: the cards the seat has drawn in
	// it this turn and the card it drew last (-1: none); passes in a row
	// while nothing can be drawn, for the blocked end; the starter's
	// effects are still to fire.
	drawn      uint8
	drawnCard  int8
	passes     int
	starterDue bool

	// A response window's chain (respond.go): its links (chain, kept
	// apart), bottom (the effect) first; how many respondents of the top
	// link have passed; the
	// seat the effect finally hits, its amount and the seat that sent it
	// there (kept for a copy re-entering the discards it owes); and bit s:
	// seat s loses its next turn.
	chainN    uint8
	effCard   uint8 // the card whose effects are firing
	winAsked  uint8
	hitSeat   int8
	hitFrom   int8
	hitAmt    int16
	losesTurn uint8

	// Events waiting to set off their effects at the end of the phase
	// (triggers.go): each card | seat<<7 | trigger<<10, in the order they
	// happened; the one resolving; whether they are resolving (events
	// then queue nothing); whether a target's condition kept it out of
	// the effect resolving; and the card that last emptied each seat's hand
	// plus 1 (0: none).
	trigQ    [cardrules.MaxWaitingEvents]uint16
	trigN    uint8
	trigI    uint8
	inTrig   bool
	condMiss bool
	lastLeft [MaxSeats]uint8

	// A turn_up phase's pending demand (turnup.go): the cards the seat
	// that moves next owes (0: none pending) and the seat that demanded
	// them.
	due      uint8
	demander int8

	// A climb phase's table (climb.go): the rank of the play on it plus 1
	// (0: none), its cards, the seat that made it and the seats that have
	// passed since (bit s); the cards chosen so far of a play being
	// chosen.
	climbRank uint8
	climbN    uint8
	climbBy   int8
	climbPass uint8
	climbSel  uint8 // the cards chosen so far
	// A match (match.go): the deal being played (from 0), its dealer, and
	// with shooting the moon, the cards each seat has won in tricks this
	// deal.
	dealNo uint8
	dealer int8
	won    [MaxSeats]pair

	// Capture by sum (capture.go): the layout, face up, and its count;
	// the card being played while its captures are chosen (-1: none), the
	// value of the cards chosen so far and their count; the seat that
	// captured last in the deal (-1: none).
	lay     pair
	layN    int
	capCard int16
	capSum  uint8
	capN    uint8
	lastCap int8

	// Claims (claim.go): the face-down claim pile and its count, the
	// current (or last) claim's cards and their count, the deal's last
	// claimed rank (-1: none), the rank being claimed this turn and the
	// seat asked whether it challenges (-1: none yet).
	claimPile pair
	claimCur  pair
	claimN    uint8
	claimCurN uint8
	claimLast int8
	claimRank int8
	claimAsk  int8

	// Bids and contracts (contract.go): the deal's bidding and the tricks
	// each seat has won in it.
	bidState
	betState
	dealerState
}

// Result is what one game produced.
type Result struct {
	Winner       int   // seat (the lowest seat of the winning team), or Capped, Tie, Aborted
	WinMask      uint8 // every seat that won (both partners of a winning team)
	Turns        int
	Decisions    int
	Plays        int
	Options      int // legal options summed over decisions
	Forced       int // decisions with exactly one option
	Informed     int // decisions among options the decider can tell apart (not forced, not blind)
	LeadChanges  int
	Interactions int
	Effects      [NumEffectTypes]int
	Draws        int  // cards seats drew from the stock (draw phases, play phases, effects, asks)
	Passes       int  // passes in play phases, chosen or for want of any option
	Blocked      bool // the game (in a match, its last deal) ended blocked: the end's blocked rule
	Fizzled      int  // draw and discard effects that moved no card
	Responses    int  // cards played to answer effects in response windows
	Cancelled    int  // effects negated by a chain of responses
	Captures     int  // discard piles a demand paid in a turn_up phase won its seat
	Deals        int  // deals played (1 unless the game is a match; a capped match counts the deal it stopped in)
}

// NewMachine returns a machine for p with seats seats (0: the program's
// default) and policies: none (every seat plays Random), one (every seat
// plays it) or one per seat. Seats and policies that p.CheckPlayers
// refuses are an error: a machine at a seat count its program does not
// support would index past its tables or deal a game that is not the
// program's.
func NewMachine(p *Program, seats int, policies []Policy) (*Machine, error) {
	if err := p.CheckPlayers(seats, policies); err != nil {
		return nil, err
	}
	if seats == 0 {
		seats = p.seatsDefault
	}
	m := &Machine{p: p, n: seats}
	copy(m.policy[:], policies)
	if len(policies) == 1 {
		for i := range m.policy {
			m.policy[i] = policies[0]
		}
	}
	m.budget = p.turnCap*2048 + 4096
	if p.melds || p.deadwood {
		m.arrMemo = new([arrMemoSize]arrEntry)
	}
	return m, nil
}

// Play plays one whole game from seed and returns its result.
func (m *Machine) Play(seed uint64) Result {
	m.reset(seed)
	return m.run()
}

// run plays turns until the game is over, capped or aborted. A resumed
// game is in the middle of a turn, whose start has passed these checks.
func (m *Machine) run() Result {
	p := m.p
	for {
		if m.cardPass.due {
			m.passCards()
		}
		if m.bidDue {
			m.bidRound()
		}
		if m.dealerDue || m.betDue {
			if m.dealerDue {
				m.dealerRound()
			} else {
				m.betRounds()
			}
			if m.capped {
				m.res.Winner = Capped
				m.res.Deals = int(m.dealNo) + 1
				return m.res
			}
		}
		if m.starterDue {
			// A deal over before its play (its betting or its dealer
			// ended it) fires no starter.
			if m.over {
				m.starterDue = false
			} else {
				m.fireStarter()
			}
		}
		for !m.over {
			if m.resuming {
				m.turn()
				continue
			}
			if m.res.Turns >= p.turnCap {
				m.res.Winner = Capped
				m.res.Deals = int(m.dealNo) + 1
				return m.res
			}
			if m.steps > m.budget {
				m.res.Winner = Aborted
				m.res.Deals = int(m.dealNo) + 1
				return m.res
			}
			switch {
			case p.loop == loopGeneral || m.trace != nil || m.observe || m.plain:
				m.turn()
			case p.loop == loopPlay:
				m.playTurns()
			case p.loop == loopBattle:
				m.battleTurns()
			default:
				m.trickTurns()
			}
		}
		if !p.dealEnd || !m.endDeal() {
			break
		}
	}
	m.res.Deals = int(m.dealNo) + 1
	m.res.Winner = m.finish()
	return m.res
}

// reset starts a new game from seed: the deck shuffled into the stock,
// the deal, the starter card, the lead card's holder, and the sets the deal
// gave.
func (m *Machine) reset(seed uint64) {
	m.rng.Seed(seed)
	for s, g := range m.starters[:m.n] {
		if g != nil {
			g.NewGame(rng.Derive(seed, playerSeeds+uint64(s)))
		}
	}
	m.carry = carry{leader: -1}
	m.dealOut(m.n-1, 0)
}

// dealOut starts a deal with dealer dealer: the deck shuffled into the stock,
// the deal from the seat after the dealer, the starter card, the first
// seat (the one after the dealer) or the lead card's holder, and the sets
// the deal gave. Every game's first deal (k = 0) has dealer n-1. What a
// match carries from deal to deal (the scores, the result's counts, the
// steps and the leader) is kept.
func (m *Machine) dealOut(dealer, k int) {
	p := m.p
	first := dealer + 1
	if first == m.n {
		first = 0
	}
	// Zeroed in place, then the fields whose start is not zero (a
	// composite literal here is built in a temporary and copied: two
	// passes over the deal's state instead of one).
	g := &m.game
	*g = game{}
	g.empty, g.active, g.nActive = 0xff, uint8(1<<m.n-1), m.n
	g.dir, g.last, g.drawnCard, g.mustPlay, g.next = 1, -1, -1, -1, -1
	g.capCard, g.lastCap, g.claimLast, g.claimAsk = -1, -1, -1, -1
	g.stockN, g.stockFrom = p.deckN, ^uint64(0)
	g.dealer, g.dealNo, g.cur = int8(dealer), uint8(k), first
	if p.pileHands {
		m.piles = [MaxSeats]pile{}
	}
	if p.answers != 0 {
		m.chain = [cardrules.MaxDeck + 1]link{}
	}
	if p.melds {
		m.mt = meldTable{taken: noFace}
	}
	if p.lasts || p.waits {
		// (No active effect can end before one starts.)
		m.effState = effState{lasting: lasting{turnEnd: math.MaxInt}}
	}
	if p.chips.Stake > 0 {
		m.stake(k)
	}
	copy(m.stock[:], p.deck[:p.deckN])
	m.rng.ShuffleBytes(m.stock[:m.stockN])
	if p.dealAll {
		m.dealRound(first, m.stockN)
	} else {
		m.dealRound(first, int(p.deal[m.n])*m.n)
	}
	var laid [cardrules.MaxLayout]uint8
	if p.layout > 0 {
		laid = m.dealLayout()
	}
	if p.starter {
		c := m.pop()
		for p.starterNot&(1<<rankOf[c]) != 0 && m.stockHolds(^p.starterNot) {
			// Back into the stock, which is shuffled, and turn again.
			m.stock[m.stockN] = c
			m.stockN++
			m.rng.ShuffleBytes(m.stock[:m.stockN])
			c = m.pop()
		}
		m.disc[0] = c
		m.discN = 1
		m.suit = suitOf[c]
		m.starterDue = p.starterFires && p.effRanks&(1<<rankOf[c]) != 0
	}
	if p.showsLastDealt && !p.pileHands {
		m.knownBy[m.lastDealt] = 0xff
	}
	if m.trace != nil {
		if k == 0 {
			m.trace.deal(m)
		} else {
			m.trace.newDeal(m)
		}
		for _, c := range laid[:p.layout] {
			m.trace.add(EvLayout, -1, c, 0)
		}
	}
	if p.passN > 0 && m.passSetup(k) {
		// The cards are passed first (run), then dealRest.
		return
	}
	m.dealRest()
}

// dealRest ends a deal's start once the hands are final (after a pass):
// the lead card's holder moves first, and the sets the deal gave are laid
// down.
func (m *Machine) dealRest() {
	p := m.p
	if p.leadCard >= 0 && !p.pileHands {
		for s := range m.n {
			if m.hand[s]&(1<<p.leadCard) != 0 {
				m.cur = s
				m.mustPlay, m.mustBy = int16(p.leadCard), int8(s)
				// Everyone sees who holds it: that seat leads.
				m.knownBy[p.leadCard] = 0xff
			}
		}
	}
	if p.meld > 0 {
		for s := range m.n {
			m.meldSets(s)
		}
		m.trigN = 0 // the deal's sets set off nothing
	}
	if len(p.rules) > 0 {
		m.rerule()
	}
	if p.contract {
		m.bidSetup()
	}
	if p.betOn {
		m.betSetup()
	}
	if p.dealerOn {
		m.dealerSetup()
	}
}

// dealRound deals k cards from the stock one at a time round the table from
// seat first. (Round by a compare, not a remainder: a division per card
// costs more than the rest of the deal.)
func (m *Machine) dealRound(first, k int) {
	if k == 0 {
		return
	}
	if m.p.pileHands || m.observe || m.plain {
		for s := first; k > 0; k-- {
			m.lastDealt = m.pop()
			m.give(s, m.lastDealt)
			s = m.around(s, 1)
		}
		return
	}
	// Fan hands no one observes: give's moves, each seat's count and
	// empty bit set once.
	var got [MaxSeats]uint8
	var c uint8
	for s := first; k > 0; k-- {
		c = m.pop()
		if c < cardrules.PackStride {
			m.hand[s] |= 1 << (c & 63)
		} else {
			m.hand2[s] |= 1 << (c & 63)
		}
		got[s]++
		if s++; s == m.n {
			s = 0
		}
	}
	m.lastDealt = c
	for s, g := range got[:m.n] {
		if g > 0 {
			m.count[s] += g
			m.empty &^= 1 << s
		}
	}
}

// stockHolds reports whether the stock holds a card of one of the ranks of
// mask.
func (m *Machine) stockHolds(mask uint16) bool {
	for _, c := range m.stock[:m.stockN] {
		if mask&(1<<rankOf[c]) != 0 {
			return true
		}
	}
	return false
}

// fireStarter resolves the starter's effects as if the dealer (the seat
// before seat 0) had played it, before the first turn: then the end check,
// and the first seat is the one the effects pass the turn to from the
// dealer, unless a lead card's holder, still in, must start.
func (m *Machine) fireStarter() {
	d := int(m.dealer)
	if !(m.resuming && m.inTrig) {
		m.fireEffects(m.disc[m.discN-1], d, cardrules.Played)
		m.checkEnd()
	}
	if m.trigN > 0 {
		// The events of its effects and of the end check.
		m.resolveTriggers()
	}
	m.starterDue = false
	if !m.over && (m.mustPlay < 0 || !m.isActive(m.cur)) {
		m.cur = m.passLost(m.step(d, m.dir, 1+m.skip))
	}
	m.skip = 0
}
