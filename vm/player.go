package vm

import (
	"fmt"

	"github.com/darwinsim/darwinsim/bytecode"
)

// DecisionKind says what a decision chooses.
type DecisionKind uint8

// Decision kinds. Options come in the canonical order of the package doc.
const (
	DecideCard      DecisionKind = iota // a card to play (ascending card order)
	DecideSuit                          // a suit to name (the deck's suits, clubs first)
	DecideDiscard                       // a card to discard by force, out of turn (ascending)
	DecideBlind                         // a position in an opponent's hidden hand (0..n-1)
	DecideOpponent                      // an opponent to ask (seats in turn order from the next)
	DecideRank                          // a rank to ask for (ranks held, ascending)
	DecideRespond                       // a card to answer a chain's top link with (ascending), then OptPass to let it be
	DecideTarget                        // an opponent an effect acts on (seats in turn order from the next)
	DecideClimb                         // a further card of a climb play's rank (ascending), then OptDone where the cards chosen form a play
	DecidePass                          // a card to pass before a deal (the hand less the cards chosen, ascending)
	DecideCapture                       // a layout card to capture (the layout's cards that can complete a capture, ascending)
	DecideClaim                         // the rank to claim (the ranks the claim rule allows, ascending)
	DecideClaimCard                     // a further card to put face down with a claim (ascending), then OptDone
	DecideChallenge                     // whether to challenge a claim: OptPass (let it be), then OptChallenge
	DecideDraw                          // where to draw from in a meld phase: OptDraw (the stock), then OptTake (the discard pile's top card)
	DecideMeld                          // a card to begin a new meld with (ascending), then OptDone (lay no more melds)
	DecideMeldCard                      // a further card of the meld being laid (ascending), then OptDone where the cards laid form a meld
	DecideLayOff                        // a card to lay off onto a meld on the table (ascending), then OptDone
	DecideKnock                         // whether to knock: OptPass (play on), then OptKnock
	DecideBid                           // the tricks to bid before a deal's play (ascending; 0 a nil bid)
	DecideBet                           // an action in a betting round: BetFold (where it owes chips), BetCall, BetRaise (where offered)
	DecideExchange                      // a card to set aside in a draw round (ascending), then OptDone
	DecideHit                           // against a dealer: HitStand, then HitDraw
)

// View is what a seat may see when it decides: its own hand, the public
// cards and counts, and nothing else. It never holds another seat's hidden
// cards or the order of the stock.
type View struct {
	Seat    int
	Hand    uint64          // the seat's own cards of the first pack (bit c: card c)
	Hand2   uint64          // and of the second pack, in a deck of two (bit f: card f+64)
	Counts  [MaxSeats]uint8 // cards held by every seat
	Scores  [MaxSeats]int32 // every seat's score (in a match, its total; with chips, the chips it holds)
	Pot     int32           // the chips in the pool
	Active  uint8           // bit s: seat s is still in
	Top     int             // the top card of the discard pile, -1 when empty
	Suit    uint8           // the active suit
	Table   []uint8         // cards on the table (the trick so far), in play order
	Played  uint8           // bit s: a card of suit s has been played
	Stock   int             // cards in the stock
	Discard int             // cards in the discard pile
	// The cards each seat may not play while lasting effects hold (they
	// are public); its decisions' options already leave them out.
	Forbid [MaxSeats]uint64
	// In a response window: the seat the chain's top link hits and the
	// amount pending (the effect's value plus the stacks so far); else
	// Hit is -1.
	Hit, Pending int
	// The cards on the tableau (bit c: card c), and those a tableau phase
	// would let a seat play to it now besides the start rank's cards of
	// suits without a sequence (the ends' neighbours).
	Tableau, TableauEnds uint64
	// The layout of a capture game, face up: its first pack's cards and
	// its second's (bit f: card f+64).
	Layout, Layout2 uint64
	// A turn_up phase's pending demand: the seat that demanded and the
	// cards the seat that moves next owes it; Demander is -1 when none is
	// pending.
	Demander, Owed int
	// A climb phase's table: the rank of the play on it (-1: none), its
	// count of cards and the seat that made it (-1: none), and the seats
	// that have passed since it (bit s).
	ClimbRank, ClimbCount, ClimbBy int
	ClimbPassed                    uint8
	// A claim game's face-down pile: its count, the deal's last claimed
	// rank (-1: none), and the count of cards that claim put down (0 once
	// the pile was taken); Claimed is the rank being claimed in the
	// current decision's claim (-1 outside one) and ClaimBy the seat
	// claiming it.
	ClaimPile, ClaimRank, ClaimCount, Claimed, ClaimBy int
	// A meld game's table: the cards in melds on it (first pack, second
	// pack: bit f is card f+64) and how many melds there are.
	Melds, Melds2 uint64
	MeldCount     int
	// Before a deal's play, the seat the cards being chosen are passed to
	// (-1: no pass is being chosen) and the cards chosen so far, of the
	// first pack and of the second.
	PassTo                  int
	PassChosen, PassChosen2 uint64
	// With contracts: each seat's bid in the deal (-1: not yet; 0: nil),
	// the tricks each seat has won in it, and each side's bags (at its
	// first seat).
	Bids   [MaxSeats]int8
	Tricks [MaxSeats]uint8
	Bags   [MaxSeats]int16
	// With betting: what each seat has put into the pot in the betting
	// round (Pot is the whole pot) and the seats that folded in the deal.
	Bets   [MaxSeats]int32
	Folded uint8
	// Against a dealer: the dealer's cards the seats see (its face-down
	// card once it is turned up), of the first pack and of the second, and
	// the house's chips.
	Dealer, Dealer2 uint64
	House           int32
}

// Decision is one choice put to a Player. Options and View.Table are only
// valid during the call.
type Decision struct {
	Kind    DecisionKind
	Options []uint8 // cards, suits, positions, seats or ranks, by Kind
	View    View

	m *Machine // the machine asking, for Fork
}

// Program returns the program of the game being decided.
func (d *Decision) Program() *Program { return d.m.p }

// Seats returns the number of seats of the game being decided.
func (d *Decision) Seats() int { return d.m.n }

// Player decides for an External seat: a search, an external program, or
// a test. Choose returns the index of the chosen option; an index out of
// range is taken modulo the number of options. Choose is called only when
// there are at least two options.
type Player interface {
	Choose(d *Decision) int
}

// GameStarter is a Player that keeps state from game to game (a search's
// random numbers). The machine calls NewGame at the start of every game,
// before the deal, with a seed derived from the game's seed and the seat:
// a player that draws its random numbers from it makes the game
// reproducible from the game's seed alone, whatever else its worker
// played before. The seed tells nothing of the deal.
type GameStarter interface {
	NewGame(seed uint64)
}

// playerSeeds is where the seeds of players start among the seeds derived
// from a game's seed (rng.Derive(game seed, playerSeeds+seat)).
const playerSeeds = 1 << 40

// SetPlayer makes seat s an External seat decided by p (nil restores the
// Random policy). It panics unless s is a seat of the machine's game (0 to
// seats-1).
func (m *Machine) SetPlayer(s int, p Player) {
	if s < 0 || s >= m.n {
		panic(fmt.Sprintf("vm: SetPlayer: no seat %d in a %d-seat game", s, m.n))
	}
	m.players[s] = p
	m.policy[s] = External
	m.starters[s], _ = p.(GameStarter)
	if p == nil {
		m.policy[s] = Random
	}
	m.observe = false
	for _, pol := range m.policy[:m.n] {
		if pol == External {
			m.observe = true
		}
	}
}

// external puts the decision with the first n entries of m.opts as its
// options to seat s's Player and returns the chosen index.
func (m *Machine) external(s int, kind DecisionKind, n int) int {
	d := &m.dec
	d.m = m
	d.Kind = kind
	d.Options = m.opts[:n]
	v := &d.View
	v.Seat, v.Hand, v.Hand2, v.Counts, v.Scores, v.Pot, v.Active = s, m.hand[s], m.hand2[s], m.count, m.score, m.pot, m.active
	v.Top, v.Suit, v.Played = -1, m.suit, m.played
	if m.discN > 0 {
		v.Top = int(m.disc[m.discN-1])
	}
	v.Table = m.table[:m.tableN]
	v.Layout, v.Layout2 = m.lay[0], m.lay[1]
	v.Stock, v.Discard = m.stockN, m.discN
	v.Hit, v.Pending = -1, 0
	if kind == DecideRespond {
		v.Hit, v.Pending = int(m.chain[m.chainN-1].hits), m.pending()
	}
	v.Demander, v.Owed = m.demand()
	v.ClimbRank, v.ClimbCount, v.ClimbBy = m.climbView()
	v.ClimbPassed = m.climbPass
	v.ClaimPile, v.ClaimRank, v.ClaimCount, v.Claimed, v.ClaimBy = int(m.claimN), int(m.claimLast), int(m.claimCurN), -1, -1
	v.Melds, v.Melds2, v.MeldCount = m.mt.melded[0], m.mt.melded[1], int(m.mt.meldN)
	if m.claimN == 0 {
		v.ClaimCount = 0
	}
	if kind == DecideCard && m.ph != nil && m.ph.op == bytecode.OpClaim || kind == DecideClaimCard || kind == DecideChallenge {
		v.Claimed, v.ClaimBy = int(m.claimRank), m.cur
	}
	v.Bids, v.Tricks, v.Bags = m.bids, m.tricks, m.bags
	v.Bets, v.Folded = m.put, m.folded
	seen := m.dealerSeen()
	v.Dealer, v.Dealer2, v.House = seen[0], seen[1], m.house
	v.PassTo, v.PassChosen, v.PassChosen2 = -1, 0, 0
	if kind == DecidePass {
		v.PassTo, v.PassChosen, v.PassChosen2 = int(m.cardPass.to[s]), m.cardPass.sel[s][0], m.cardPass.sel[s][1]
	}
	k := m.players[s].Choose(d) % n
	if k < 0 {
		k += n
	}
	return k
}

// Greedy returns the index of the option the Greedy policy would choose in
// this decision, from the same view, or -1 where nothing the seat may see
// tells the options apart (a blind take).
func (d *Decision) Greedy() int {
	var set uint64
	if d.Kind == DecideCard || d.Kind == DecideDiscard || d.Kind == DecideClimb || d.Kind == DecidePass || d.Kind == DecideCapture || d.Kind == DecideBid || d.Kind == DecideBet || d.Kind == DecideExchange || d.Kind == DecideHit {
		for _, c := range d.Options {
			set |= 1 << c
		}
	}
	return d.m.greedy(d.View.Seat, d.Kind, len(d.Options), set)
}
