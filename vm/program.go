package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// MaxSeats is the most seats a game can have.
const MaxSeats = cardrules.MaxSeats

// NumEffectTypes is the number of effect types Stats counts.
const NumEffectTypes = cardrules.NumEffectTypes

// Program is a verified program lowered into tables for execution. It is
// immutable and safe to share between machines.
type Program struct {
	code []byte

	seatsMin, seatsMax, seatsDefault int
	pileHands                        bool
	twoPacks                         bool // the deck is two packs: cards of the second have ids 64 and up
	starter, reshuffle, dealAll      bool
	reshuffleNow                     bool           // refill the stock as soon as it runs out
	starterFires                     bool           // the starter's effects fire for the dealer
	lastInert                        bool           // a card that empties its player's hand fires no effects
	starterNot                       uint16         // ranks the starter may not be
	blocked                          int            // the end's blocked rule (0: never)
	hasDiscard                       bool           // some phase plays onto the discard pile
	captures                         bool           // some phase is a turn_up phase (whose demands take the discard pile)
	chips                            bytecode.Chips // Stake 0: no chips
	deal                             [MaxSeats + 1]uint8
	deck                             [cardrules.MaxDeck]uint8
	deckN                            int
	rv                               [cardrules.MaxCardID]uint8 // rv[c]: card c's rank's place in the deck's order
	// above[c] and below[c]: the card of c's suit next above and below it
	// in the deck's order among the deck's cards, as a set (0: none),
	// for the tableau's sequences
	above, below [cardrules.MaxCards]uint64
	suits        [4]uint8 // the deck's suits, for naming
	nSuits       int
	turnCap      int

	// rankAbove[r]: the deck's cards of the ranks higher than rank r in
	// the deck's order, for climb phases
	rankAbove [numRanks]uint64

	phases  [cardrules.MaxPhases]phase
	nPhases int

	// preds[i] is predicate i evaluated at load for every input: the set of
	// cards it allows, indexed by predIndex.
	preds []predTable

	// Effects of a played card grouped by rank, genome order kept within a
	// rank: effs[effStart[r]:effStart[r+1]]; the effects of other
	// triggers likewise in teffs, so that a play looks at none of them.
	effStart  [numRanks + 1]uint16
	teffStart [numRanks + 1]uint16
	teffs     []effect
	effRanks  uint16 // bit r: rank r has effects of a played card
	// trigCards[t] has bit c when an event of trigger t naming card c (a
	// rank event names card r) sets off an effect (none for Played).
	trigCards [cardrules.NumTriggers]uint64
	gated     uint16 // bit r: rank r has a gated effect
	lasts     bool   // some effect is of a lasting type, or the game has rules
	rules     []bytecode.Rule
	loop      loopKind // the turn its machines play (loops.go)
	waits     bool     // some effect resolves later
	effs      []effect
	// harm[c] counts effects card c triggers that hinder an opponent; the greedy
	// policy reads it (it is part of the public rules).
	harm [cardrules.MaxCardID]int8
	// wild is the set of ranks that name a suit in some play phase.
	wild uint16

	// Responses (respond.go): answers has bit t when some rank answers
	// effects of type t; resp[t][r] is rank r's ability against them;
	// respCards[t][k] are the cards that may answer a link of a chain of
	// type t, k = 0 a link that is not a cancel, 1 a cancel, either
	// whatever the top card (free) or when legal under respPred, the
	// first play phase's rule.
	answers    uint8
	resp       [cardrules.NumEffectTypes][numRanks]response
	respFree   [cardrules.NumEffectTypes][2]uint64
	respLegal  [cardrules.NumEffectTypes][2]uint64
	respPred   uint8
	respondAll bool // every seat may answer, not only the seat hit
	loseTurn   bool // answering, and taking the effect, cost a turn

	until       cardrules.Until
	rankBy      cardrules.RankBy
	onEmpty     int8 // result when a hand empties, -1 when no condition watches it
	fewerBetter bool
	leadSign    int   // +1 when a higher standing ranks better, -1 when lower
	leadBy      uint8 // what trackLead ranks by: leadFewest, leadMost, leadScore

	meld     int
	leadCard int // -1: none
	// showsLastDealt: a phase's trump is the suit of the last card dealt,
	// which is turned up for everyone to see.
	showsLastDealt bool
	teams          int
	scoreTrick     int16
	scoreMeld      int16
	points         [cardrules.MaxCardID]int16 // points of each card in a won trick

	// A match and the deal's-end scores (match.go): dealEnd is set when
	// either is there; deals 0 is one deal.
	dealEnd    bool
	deals      int
	target     int32
	moon       bool
	pointCards uint64                     // the faces that card rules score
	moonPts    int32                      // the points of all the deck's cards of those faces
	handPts    [cardrules.MaxCardID]int16 // points of each card left in hand at a deal's end
	hasHandPts bool

	passing           // the pass before each deal and the finishing scores (pass.go)
	contracting       // bids and contracts (contract.go)
	betting           // limit betting for the chips' pool (betting.go)
	dealing           // card sums against a dealer (dealer.go)
	topRV       uint8 // the highest rank value of the deck's cards

	// Capture by sum (capture.go): the cards dealt to the layout, the
	// points of a sweep, each card's capture value, the first pack's cards
	// of each value, and whether some phase captures.
	layout   int
	sweep    int16
	cval     [cardrules.MaxCardID]uint8
	valueSet [numRanks + 1]uint64
	capture  bool

	tallying // the won-card comparisons and the refill rule (tally.go)
	melding  // the meld phase and the deadwood scores (meld.go)

	// Claims (claim.go): the claimable ranks in the deck's order, their
	// count, each rank's place among them, and each rank's cards in the
	// deck.
	claimOrder [numRanks]uint8
	claimNR    int
	claimAt    [numRanks + 1]int8
	rankCards  [numRanks + 1]uint8
}

// predTable is a predicate tabulated over its inputs. Predicates that read
// which suits have been played get 16 entries per (top, active suit);
// others one.
type predTable struct {
	sets  []uint64
	shift uint8 // 4 when the predicate reads suits played, else 0
	mask  uint8 // 15 when the predicate reads suits played, else 0
}

func (t *predTable) at(top, active, played uint8) uint64 {
	return t.sets[(int(top%cardrules.PackStride)*numActive+int(active))<<t.shift|int(played&t.mask)]
}

// numActive counts the active suits a predicate is tabulated for: the four
// suits and NoSuit (after a joker).
const numActive = cardrules.NumSuits + 1

// numRanks counts the ranks, the joker's included.
const numRanks = int(cardrules.Joker) + 1

// rankOf[c] and suitOf[c] are card c's rank and suit, Joker and NoSuit for
// a joker, for the cards of both packs (256 entries, so that a card byte
// needs no bounds check).
var rankOf, suitOf [256]uint8

// rankCard is the card an event of rank r names: the club of its rank
// (whose byte is the rank), the first joker for the joker's rank.
func rankCard(r uint8) uint8 { return uint8(cardrules.NewCard(cardrules.Rank(r), 0)) }

func init() {
	for c := range cardrules.Card(cardrules.MaxCardID) {
		rankOf[c], suitOf[c] = uint8(c.Rank()), uint8(c.Suit())
	}
}

type phase struct {
	op         bytecode.Op
	pred       uint8 // legal (play), follow legal (trick)
	prefer     uint8 // bytecode.NoPred: none
	lead       uint8
	leadPrefer uint8
	// the tables of pred, prefer, lead and leadPrefer (nil: none), for a
	// specialised turn
	predT, preferT, leadT, leadPreferT *predTable
	trump                              cardrules.Trump
	from                               cardrules.Target
	drawMax                            uint8
	nameSuit                           uint16
	notes                              uint16 // ranks whose play does more than the bookkeeping: nameSuit | effRanks
	// The voluntary play rules: drawing by choice, when passing is an
	// option, only the card drawn may be played; voluntary is set when any
	// of them differs from the default, or the program gates cards (the
	// general path, playChoice, applies the rules and the gates).
	byChoice, playDrawn, voluntary bool
	pass                           cardrules.PassRule
	warFaceDown                    uint8
	inOrder                        bool
	equalFirst                     bool // capture: a value-equal card before any sum
	claims                         cardrules.ClaimRule
	start                          uint8 // claim: the deal's first claim, with ClaimNext
	count                          uint8
	starts                         uint64          // tableau: the deck's cards of the start rank
	demand                         [numRanks]uint8 // turn_up: the cards a card of each rank demands (0: none)
}

type effect struct {
	suit   cardrules.TriggerSuit // the one suit of the rank that triggers it (AnySuit: all)
	typ    cardrules.EffectType
	target cardrules.Target
	value  uint8
	gate   bool // its card may not be played while it cannot resolve
	random bool // a forced discard takes its cards at random
	when   cardrules.Trigger
	cond   cardrules.CondOf // what its condition tests (NoCond: none)
	cmp    cardrules.Compare
	cval   uint8 // the condition's count, or suit (top_suit)
	// A lasting type's duration, scope, stacking and suppressed type.
	dur      cardrules.Duration
	turns    uint8
	scope    cardrules.Scope
	key      uint8
	stack    cardrules.Stacking
	persists bool
	sup      cardrules.Suppressed
	at       cardrules.Resolve // draw_cards, force_discard: when it resolves
}

// Load verifies a program and lowers it. The returned Program keeps its own
// copy of the bytes.
func Load(code []byte) (*Program, error) {
	im, err := bytecode.Read(code)
	if err != nil {
		return nil, err
	}
	p := &Program{
		code:         append([]byte(nil), code...),
		seatsMin:     im.SeatsMin,
		seatsMax:     im.SeatsMax,
		seatsDefault: im.SeatsDefault,
		pileHands:    im.Hand == cardrules.HandPile,
		twoPacks:     im.Packs > 1,
		starter:      im.Flags&bytecode.FlagStarter != 0,
		reshuffle:    im.Flags&bytecode.FlagReshuffle != 0,
		dealAll:      im.Flags&bytecode.FlagDealAll != 0,
		reshuffleNow: im.Flags&bytecode.FlagReshuffleAtOnce != 0,
		starterFires: im.Flags&bytecode.FlagStarterFires != 0,
		lastInert:    im.Flags&bytecode.FlagLastCardInert != 0,
		starterNot:   im.StarterNot,
		blocked:      im.Blocked,
		turnCap:      im.TurnCap,
		until:        im.Until,
		rankBy:       im.Rank,
		chips:        im.Chips,
		onEmpty:      -1,
		meld:         im.Meld,
		leadCard:     -1,
		teams:        im.Teams,
		scoreTrick:   int16(im.ScoreTrick),
		scoreMeld:    int16(im.ScoreMeld),
	}
	if im.LeadCard != bytecode.NoCard {
		p.leadCard = im.LeadCard
	}
	for c := range uint8(cardrules.MaxCardID) {
		for _, r := range im.ScoreRules {
			if r.Matches(c % cardrules.PackStride) {
				p.points[c] += int16(r.Points)
			}
		}
	}
	for n := im.SeatsMin; n <= im.SeatsMax; n++ {
		p.deal[n] = uint8(im.DealFor(n))
	}
	for _, c := range im.Deck() {
		p.deck[p.deckN] = c
		p.deckN++
	}
	for c := range cardrules.Card(cardrules.MaxCardID) {
		p.rv[c] = im.Order.Value(c.Rank())
	}
	for s := range 4 {
		if im.SuitMask&(1<<s) != 0 {
			p.suits[p.nSuits] = uint8(s)
			p.nSuits++
		}
	}
	for i, ph := range im.Phases {
		p.phases[i] = phase{
			op: ph.Op, pred: uint8(ph.Pred), prefer: uint8(ph.Prefer), lead: uint8(ph.Lead), leadPrefer: uint8(ph.LeadPrefer),
			trump: ph.Trump, from: ph.From, drawMax: uint8(ph.DrawMax), nameSuit: ph.NameSuit,
			warFaceDown: uint8(ph.WarFaceDown), inOrder: ph.Returns == cardrules.ReturnsInOrder, count: uint8(ph.Count),
			equalFirst: ph.EqualFirst,
			byChoice:   ph.Draw == cardrules.DrawByChoice, playDrawn: ph.PlayDrawn, pass: ph.Pass,
			voluntary: ph.Draw != cardrules.DrawWhenStuck || ph.Pass != cardrules.PassNever || ph.PlayDrawn,
		}
		copy(p.phases[i].demand[:], ph.Demand[:])
		if ph.Op == bytecode.OpTrick && ph.Trump == cardrules.TrumpLastDealt {
			p.showsLastDealt = true
		}
		if ph.Op == bytecode.OpPlay {
			p.hasDiscard = true
			p.wild |= ph.NameSuit
		}
		if ph.Op == bytecode.OpTableau {
			for _, c := range im.Deck() {
				if cardrules.Rank(rankOf[c]) == ph.Start {
					p.phases[i].starts |= 1 << c
				}
			}
		}
		if ph.Op == bytecode.OpTurnUp {
			p.hasDiscard, p.captures = true, true
		}
		if ph.Op == bytecode.OpClimb || ph.Op == bytecode.OpClaim {
			p.phases[i].count = uint8(ph.Max)
		}
		if ph.Op == bytecode.OpMeld {
			p.phases[i].count = uint8(ph.Knock)
		}
		if ph.Op == bytecode.OpClaim {
			p.phases[i].claims, p.phases[i].start = ph.Claims, uint8(ph.Start)
			p.lowerClaims(im)
		}
	}
	p.lowerSequences(im.Deck()[:p.faces()])
	for r := range cardrules.Joker + 1 {
		for _, c := range im.Deck()[:p.faces()] {
			if p.rv[c] > im.Order.Value(r) {
				p.rankAbove[r] |= 1 << c
			}
		}
	}
	p.lowerMatch(im)
	p.lowerPass(im)
	p.lowerCapture(im)
	p.lowerTally(im)
	p.lowerMelds(im)
	p.lowerContract(im)
	p.lowerBetting(im)
	p.lowerDealer(im)
	for _, c := range p.deck[:p.deckN] {
		p.topRV = max(p.topRV, p.rv[c])
	}
	p.nPhases = len(im.Phases)
	p.preds = make([]predTable, len(im.Preds))
	for i, pred := range im.Preds {
		t := &p.preds[i]
		for _, b := range pred {
			if bytecode.Op(b) == bytecode.OpPlayed {
				t.shift, t.mask = 4, 15
			}
		}
		t.sets = make([]uint64, cardrules.MaxCards*numActive<<t.shift)
		for top := range uint8(cardrules.MaxCards) {
			for active := range uint8(numActive) {
				for played := range t.mask + 1 {
					t.sets[(int(top)*numActive+int(active))<<t.shift|int(played)] = bytecode.EvalSet(pred, im.Order, top, active, played)
				}
			}
		}
	}
	for r := range uint8(numRanks) {
		p.effStart[r] = uint16(len(p.effs))
		p.teffStart[r] = uint16(len(p.teffs))
		for _, e := range im.Effects {
			if e.Rank != r {
				continue
			}
			x := effect{e.Suit, e.Type, e.Target, e.Value, e.Gate, e.Random, e.When, e.If, e.Cmp, e.CondValue,
				e.For, e.Turns, e.Scope, e.Key, e.Stack, e.Persists, e.Suppresses, e.At}
			p.lasts = p.lasts || e.Type.Lasts()
			p.waits = p.waits || e.At != cardrules.ResolveNow
			if e.When != cardrules.Played {
				p.teffs = append(p.teffs, x)
				// Events of this trigger that name one of its cards
				// (a rank event names card r) are queued.
				if e.When.OfRank() {
					p.trigCards[e.When] |= 1 << rankCard(r)
				}
				for c := range uint8(cardrules.MaxCards) {
					if !e.When.OfRank() && rankOf[c] == r && e.Suit.Has(cardrules.Suit(suitOf[c])) {
						p.trigCards[e.When] |= 1 << c
					}
				}
				continue
			}
			p.effs = append(p.effs, x)
			p.effRanks |= 1 << r
			if e.Gate {
				p.gated |= 1 << r
			}
			if e.Type.Hinders(e.Target) {
				for c := range uint8(cardrules.MaxCardID) {
					if rankOf[c] == r && e.Suit.Has(cardrules.Suit(suitOf[c])) {
						p.harm[c]++
					}
				}
			}
		}
	}
	p.effStart[numRanks] = uint16(len(p.effs))
	p.teffStart[numRanks] = uint16(len(p.teffs))
	p.rules = im.Rules
	p.lasts = p.lasts || len(p.rules) > 0
	for i := range p.nPhases {
		ph := &p.phases[i]
		ph.notes = ph.nameSuit | p.effRanks
		if ph.op == bytecode.OpPlay && p.gated != 0 {
			// Gates narrow the legal cards: the general path applies them.
			ph.voluntary = true
		}
	}
	p.loadResponses(im)
	for _, c := range im.Conditions {
		if c.Event == cardrules.EventHandEmpty {
			p.onEmpty = int8(c.Result)
		}
	}
	p.fewerBetter = p.onEmpty != int8(cardrules.ResultLose)
	p.leadSign = 1
	if p.rankBy == cardrules.RankScoreLow || p.rankBy == cardrules.RankCards && p.fewerBetter {
		p.leadSign = -1
	}
	for i := range p.nPhases {
		ph := &p.phases[i]
		switch ph.op {
		case bytecode.OpTrick:
			ph.leadT, ph.leadPreferT = p.predTable(ph.lead), p.predTable(ph.leadPrefer)
			fallthrough
		case bytecode.OpPlay:
			ph.predT, ph.preferT = p.predTable(ph.pred), p.predTable(ph.prefer)
		}
	}
	switch {
	case p.rankBy != cardrules.RankCards:
		p.leadBy = leadScore
	case p.leadSign < 0:
		p.leadBy = leadFewest
	default:
		p.leadBy = leadMost
	}
	p.loop = chooseLoop(p)
	return p, nil
}

// predTable returns predicate i's table, nil for bytecode.NoPred.
func (p *Program) predTable(i uint8) *predTable {
	if i == bytecode.NoPred {
		return nil
	}
	return &p.preds[i]
}

// faces returns the number of the deck's faces: its cards in one pack.
func (p *Program) faces() int {
	if p.twoPacks {
		return p.deckN / cardrules.MaxPacks
	}
	return p.deckN
}

// Bytes returns the program's bytes (do not modify them).
func (p *Program) Bytes() []byte { return p.code }

// DefaultSeats returns the seat count the game is played at by default.
func (p *Program) DefaultSeats() int { return p.seatsDefault }

// Teams returns 2 for a partnership game (seat s in team s%2), else 0.
func (p *Program) Teams() int { return p.teams }

// SeatRange returns the seat counts the game allows.
func (p *Program) SeatRange() (lo, hi int) { return p.seatsMin, p.seatsMax }

// rankSet[r] is the set of the cards of rank r.
var rankSet = bytecode.RankCards

// lowerSequences sets above and below: for each card of the deck, the
// next card of its suit in the deck, up and down the deck's order.
func (p *Program) lowerSequences(deck []uint8) {
	for _, c := range deck {
		for _, d := range deck {
			if suitOf[d] != suitOf[c] || d == c {
				continue
			}
			if p.rv[d] > p.rv[c] && (p.above[c] == 0 || p.rv[d] < p.rv[bits.TrailingZeros64(p.above[c])]) {
				p.above[c] = 1 << d
			}
			if p.rv[d] < p.rv[c] && (p.below[c] == 0 || p.rv[d] > p.rv[bits.TrailingZeros64(p.below[c])]) {
				p.below[c] = 1 << d
			}
		}
	}
}
