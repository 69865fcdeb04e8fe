package genome

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// SchemaVersion is the version of the JSON form. A genome file names the
// version it was written in; the decoder migrates an older one to this
// version and refuses a newer one (see the package doc).
const SchemaVersion = 1

// Genome is one card game. Name and Summary are metadata: they travel beside
// the game but are not part of its semantics (Canonical drops them).
type Genome struct {
	Schema    int      `json:"schema"`            // the version of the JSON form the genome is written in
	Name      string   `json:"name,omitempty"`    // a short name (metadata: printable text, at most cardrules.MaxNameLen characters)
	Summary   string   `json:"summary,omitempty"` // what the game is like, in a few sentences (metadata: printable text on one line, at most cardrules.MaxSummaryLen characters)
	Seats     Seats    `json:"seats"`             // how many seats the game is for
	Deck      Deck     `json:"deck"`              // the cards it is played with
	Hand      HandKind `json:"hand"`              // how each seat holds its cards
	Deal      Deal     `json:"deal"`              // how many cards each seat is dealt
	Reshuffle bool     `json:"reshuffle"`         // when the stock runs out, the discard pile but its top card is shuffled into a new stock
	// with reshuffle: the stock is refilled as soon as it runs out (and,
	// while it is empty, as soon as a card lands on the discard pile), not
	// at the next draw
	ReshuffleAtOnce bool     `json:"reshuffle_at_once,omitempty"`
	Meld            int      `json:"meld,omitempty"`      // lay down every set of this many cards of one rank (0: never)
	LeadCard        *Card    `json:"lead_card,omitempty"` // its holder moves first and must play it first
	Teams           int      `json:"teams,omitempty"`     // 2: fixed partnerships, seat s with seat s+2
	Turn            []Phase  `json:"turn"`                // the phases of a turn, in order
	Effects         []Effect `json:"effects"`             // special effects of ranks, in the order they resolve
	// a card that empties its player's hand fires no effects (with no
	// effects, canonically false)
	LastCardInert bool `json:"last_card_inert,omitempty"`
	// cards that answer effects about to hit a seat (absent: none)
	Responses Responses `json:"responses,omitzero"`
	// rules recomputed from the state at every turn's end, each holding a
	// lasting type over the seats it picks (absent: none)
	Rules []Rule `json:"rules,omitempty"`
	Score Score  `json:"score,omitzero"` // how seats earn points (absent: nothing scores)
	End   End    `json:"end"`            // how the game finishes
	// a match of several deals, scored in total (absent: one deal)
	Match   *MatchRules `json:"match,omitempty"`
	TurnCap int         `json:"turn_cap"` // after this many turns the game ends as a draw
}

// Score says how seats earn points: per trick won, per set laid down, per
// card of the tricks won that matches a rule, per card left in hand at a
// deal's end; or, with chips, a seat's score is the chips it holds.
type Score struct {
	Trick int `json:"trick,omitempty"` // points per trick won
	Meld  int `json:"meld,omitempty"`  // points per set laid down
	// points for a capture that empties the layout (a sweep), unless it is
	// the deal's last card played
	Sweep int          `json:"sweep,omitempty"`
	Cards []CardPoints `json:"cards,omitempty"` // points per card of the tricks won, by rule
	// points per card still in a seat's hand when a deal ends, by rule
	Hand []CardPoints `json:"hand,omitempty"`
	// points, as a deal ends, for the most won cards of a kind (tally.go)
	Most []MostRule `json:"most,omitempty"`
	// points, as a deal ends, for the best best-of-each-suit total of the
	// won cards (tally.go; absent: none)
	Best *BestSuits `json:"best,omitempty"`
	// as a deal ends, the first seat out as a winner scores the others'
	// deadwood less its own, and a seat with no more deadwood than it
	// scores the difference instead (meld.go)
	Deadwood bool `json:"deadwood,omitempty"`
	// with deadwood: points for knocking with no deadwood (gin)
	Gin int `json:"gin,omitempty"`
	// with deadwood: points for a seat with no more deadwood than the seat
	// that knocked (an undercut)
	Undercut int `json:"undercut,omitempty"`
	// a seat that took every card the card rules score in a deal scores 0
	// for them, and every other seat scores their total instead
	Moon bool `json:"moon,omitempty"`
	// points for the first, second, ... seat in a deal's finishing order
	// (the order of going out, then the standings), scored as the deal ends
	Finish []int `json:"finish,omitempty"`
	// chips staked, paid into a pool and won from it (absent: none); a
	// game with chips scores nothing else
	Chips Chips `json:"chips,omitzero"`
	// bids and contracts: the seats bid tricks before each deal's play
	// and score by their contracts as it ends (absent: no bidding)
	Contract *Contract `json:"contract,omitempty"`
	// betting: rounds of limit betting for the chips' pool as each deal
	// starts, folds, a draw round and a showdown (betting.go; needs
	// chips; absent: no betting)
	Betting *Betting `json:"betting,omitempty"`
	// a game of card sums against a dealer, as Blackjack: each seat
	// wagers, draws or stands, and settles with the dealer (dealer.go;
	// needs chips and fan hands, no phases and no betting; absent: no
	// dealer)
	Dealer *Dealer `json:"dealer,omitempty"`
}

// Chips are counters the seats pay into a pool: each seat starts the game
// with Stake and antes Ante into the pool as each deal starts, pays Pass
// each time it passes, and, when the deal ends, PerCard for each card left
// in its hand; then the first seat out as a winner takes the pool (with
// betting, the pool is the pot, won as Betting says). A seat never pays
// more than it holds, so chips are conserved. Over a match, the chips
// carry from deal to deal, and the match also ends once at most one seat
// holds any (none, against a dealer: Dealer).
type Chips struct {
	Stake   int `json:"stake"`              // the chips each seat starts with (1 to cardrules.MaxStake)
	Ante    int `json:"ante,omitempty"`     // the chips each seat puts into the pool as each deal starts
	Pass    int `json:"pass,omitempty"`     // the chips a seat pays into the pool each time it passes
	PerCard int `json:"per_card,omitempty"` // the chips a seat pays into the pool for each card left in its hand at a deal's end
}

// CardPoints scores Points for each won card that Match names.
type CardPoints struct {
	Match  Match `json:"match"`  // the cards that score: one rank, one suit or one card
	Points int   `json:"points"` // points for each of them
}

// IsZero reports whether the game scores nothing.
func (s Score) IsZero() bool {
	return s.playZero() && len(s.Hand) == 0 && !s.Moon && len(s.Finish) == 0 && s.Chips == Chips{} && !s.Tallies() && !s.Deadwood && s.Contract == nil && s.Betting == nil && s.Dealer == nil
}

// playZero reports whether nothing scores during play (tricks, sets, won
// cards and sweeps).
func (s Score) playZero() bool {
	return s.Trick == 0 && s.Meld == 0 && len(s.Cards) == 0 && s.Sweep == 0
}

// Seats is the range of seat counts the game supports and the count it is
// played (and evolved) at by default.
type Seats struct {
	Min     int `json:"min"`     // fewest seats
	Max     int `json:"max"`     // most seats
	Default int `json:"default"` // the seat count played (and evolved) by default
}

// Deck is the standard 52 cards restricted to Ranks and Suits (empty means
// all), minus the Remove list, plus Jokers jokers: one pack, or with Packs
// 2, two such packs shuffled together, whose copies of a card are distinct
// cards of the same rank and suit; Order is how its ranks compare. A joker has rank Joker, above every other rank in every order,
// and no suit: it is never of a suit a rule names, and effects, scoring
// and predicates name it by its rank.
type Deck struct {
	Ranks  []Rank `json:"ranks,omitempty"`  // the standard ranks in the deck (absent: all 13)
	Suits  []Suit `json:"suits,omitempty"`  // the suits in the deck (absent: all 4)
	Remove []Card `json:"remove,omitempty"` // standard cards taken out of the deck
	Jokers int    `json:"jokers,omitempty"` // jokers added to the deck, 0..2
	Packs  int    `json:"packs,omitempty"`  // packs shuffled together, 1 or 2 (absent: 1)
	// how ranks compare, in legality, tricks, battles and sequences:
	// ace_high, ace_low or two_high (absent: ace_high)
	Order RankOrder `json:"order,omitempty"`
}

// Deal says how many cards each seat gets. Cards applies unless an override
// names the seat count; All deals the whole deck round-robin instead. With
// Starter, one more card is turned up onto the discard pile.
type Deal struct {
	Cards     int            `json:"cards,omitempty"`     // cards dealt to each seat
	All       bool           `json:"all,omitempty"`       // deal the whole deck round-robin instead
	Overrides []DealOverride `json:"overrides,omitempty"` // other numbers of cards for some seat counts
	Starter   bool           `json:"starter,omitempty"`   // turn one more card up to start the discard pile
	// cards dealt face up to the layout once the hands are dealt, for
	// capture phases (0..12)
	Layout int `json:"layout,omitempty"`
	// when every hand in play is empty and the stock is not, each seat in
	// play is dealt again, as at the deal's start, as far as the stock goes
	Refill bool `json:"refill,omitempty"`
	// with a starter: while the starter is of one of these ranks, it goes
	// back into the stock, the stock is shuffled and the top card turned up
	StarterNot []Rank `json:"starter_not,omitempty"`
	// with a starter: its effects fire as if the dealer (the seat before
	// seat 0) had played it
	StarterFires bool `json:"starter_fires,omitempty"`
}

// DealOverride deals Cards per seat when the game has Seats seats.
type DealOverride struct {
	Seats int `json:"seats"` // the seat count
	Cards int `json:"cards"` // cards dealt to each seat at that count
}

// Phase is one step of a turn. Which fields apply depends on Kind, as the
// phase table (phases.go) says; the others stay zero (Validate checks).
type Phase struct {
	Kind PhaseKind `json:"kind"` // the primitive the phase runs
	// which cards may be played; in a trick, which cards the followers may
	// play, with the led card as the top card
	Legal *Expr `json:"legal,omitempty"`
	// after a card of one of these ranks, the player names the active suit
	NameSuit []Rank `json:"name_suit,omitempty"`
	// the most cards the seat may draw in the phase in one turn (see draw)
	DrawMax int `json:"draw_max,omitempty"`
	// when_stuck: with no legal card, draw automatically, up to draw_max,
	// stopping once one is legal; by_choice: drawing one card is an
	// option of every decision while fewer than draw_max have been drawn
	// this turn, even with a legal card in hand
	Draw DrawRule `json:"draw,omitempty"`
	// when passing is an option: never, always, after_draws (once no more
	// can be drawn this turn) or empty_stock (when nothing can be drawn)
	Pass PassRule `json:"pass,omitempty"`
	// with draw by_choice: once the seat has drawn this turn, only the
	// card it drew last may be played
	PlayDrawn bool `json:"play_drawn,omitempty"`
	// face-down cards each tied seat adds before its next face-up card
	WarFaceDown int `json:"war_face_down,omitempty"`
	// how the seat that takes the cards (a battle's winner, a turn_up
	// phase's demander) puts them under its pile
	Returns Returns `json:"returns,omitempty"`
	// cards drawn
	Count int `json:"count,omitempty"`
	// among the legal cards, the seat must play one that also satisfies
	// prefer when it has one ("follow suit if able")
	Prefer *Expr `json:"prefer,omitempty"`
	// which cards the leader of a trick may lead (the top card is the last
	// card played, if any)
	Lead *Expr `json:"lead,omitempty"`
	// what prefer is to legal, for the lead
	LeadPrefer *Expr `json:"lead_prefer,omitempty"`
	// the trick's trump suit
	Trump Trump `json:"trump,omitempty"`
	// whose hand the card is taken from: next, previous or random_opponent
	From Target `json:"from,omitempty"`
	// the rank whose cards begin a suit's sequence on the tableau
	// (absent: 2); in a claim phase with claims next, the rank of a
	// deal's first claim (absent: 2)
	Start Rank `json:"start,omitempty"`
	// the ranks whose cards, turned up, demand cards of the seat that
	// moves next, and how many each demands
	Demands []Demand `json:"demands,omitempty"`
	// the most cards of one rank a climb phase's lead may play, or of one
	// claim in a claim phase, 1 to 4 (absent: 4)
	Max int `json:"max,omitempty"`
	// in a capture phase: while the layout holds a card of the played
	// card's value, only such a card may be captured, not a sum
	EqualFirst bool `json:"equal_first,omitempty"`
	// in a claim phase: which ranks the seat may claim (absent: next)
	Claims ClaimRule `json:"claims,omitempty"`
	// in a meld phase (meld.go): the least cards of a set of one rank,
	// 2 to 5 (absent: no sets)
	Sets int `json:"sets,omitempty"`
	// in a meld phase: the least cards of a run, cards of one suit in a
	// row in the deck's order, 2 to 5 (absent: no runs)
	Runs int `json:"runs,omitempty"`
	// in a meld phase: when melds are laid: turn (in the seat's turn, with
	// lay-offs) or out (only as the deal ends; absent: turn)
	Lay LayRule `json:"lay,omitempty"`
	// in a meld phase laying out: the most deadwood a seat may knock with
	// after its discard, ending the deal (0: only with none)
	Knock int `json:"knock,omitempty"`
}

// Demand is a rank that demands cards in a turn_up phase: a card of Rank
// turned up makes the seat that moves next pay Count cards.
type Demand struct {
	Rank  Rank `json:"rank"`  // the demanding rank
	Count int  `json:"count"` // the cards it demands, 1 to cardrules.MaxDemand
}

// Effect is a special effect: when a card of Rank is played, it does Type to
// Target with Value (see the package doc for the semantics).
type Effect struct {
	Rank Rank `json:"rank"` // the rank whose cards trigger it
	// with the rank, the one suit whose card triggers it (absent: every
	// suit of the rank)
	Suit   cardrules.TriggerSuit `json:"suit,omitempty"`
	Type   EffectType            `json:"type"`             // what it does
	Target Target                `json:"target,omitempty"` // whom it acts on, for types that use a target
	Value  int                   `json:"value,omitempty"`  // how many, for types that use a value
	// for types that can fizzle (draw_cards, force_discard): its card may
	// not be played while the effect cannot resolve
	Gate bool `json:"gate,omitempty"`
	// force_discard only: the cards are taken at random from the target's
	// hand instead of chosen by the target (no decision; a pile hand gives
	// up its top cards either way)
	Random bool `json:"random,omitempty"`
	// the event that sets it off (absent: its card is played); an effect
	// of another event waits for the end of the phase in which the event
	// happened, counts its targets from the seat the event happened to,
	// sets off nothing further and takes no gate (the vm package doc gives
	// the rules)
	When cardrules.Trigger `json:"when,omitempty"`
	// a condition tested when it would fire (absent: none): while it
	// fails, the effect does nothing; a test of target_hand is made for
	// each target, which is spared while it fails
	If EffectCondition `json:"if,omitzero"`
	// lasting types only: how the active effect it starts holds
	Lasts Lasting `json:"lasts,omitzero"`
	// draw_cards and force_discard only: when it resolves (absent: now);
	// later, at the end of the turn or at the start of each target's next
	// turn, with its targets taken when it fires, even if its player has
	// gone out by then
	At cardrules.Resolve `json:"at,omitempty"`
}

// EffectCondition is a test an effect makes when it would fire: a count
// (Of hand, target_hand, stock, pile or seats) compared with Value as Cmp
// says, or the active suit (Of top_suit) being Suit. The zero value is no
// condition.
type EffectCondition struct {
	Of    cardrules.CondOf      `json:"of"`              // what it tests
	Cmp   cardrules.Compare     `json:"cmp,omitempty"`   // a count's comparison with value (absent: at_least)
	Value int                   `json:"value,omitempty"` // the count compared: cards 0..52, seats 1..8 (top_suit: none)
	Suit  cardrules.TriggerSuit `json:"suit,omitempty"`  // top_suit only: the suit the active suit must be
}

// End is how the game finishes: the seats for which a condition holds leave
// play with its result, checked after every play and every battle, in seat
// order from the current seat; the game ends as Until says.
type End struct {
	Conditions []Condition `json:"conditions,omitempty"` // what puts a seat out of play
	Until      Until       `json:"until"`                // when the game ends
	Rank       RankBy      `json:"rank,omitempty"`       // how the seats still in at the end are ranked
	// 0: never; N: the game also ends, ranked as above, once the passes in
	// a row while nothing can be drawn reach the seats still in plus N-1
	Blocked int `json:"blocked,omitempty"`
}

// Condition puts a seat out of play with Result when Event holds for it.
type Condition struct {
	When   Event  `json:"when"`   // the event that puts the seat out
	Result Result `json:"result"` // whether it goes out as a winner or a loser
}

// DealFor returns the cards dealt to each seat at the given seat count, and
// whether the whole deck is dealt.
func (g *Genome) DealFor(seats int) int {
	for _, o := range g.Deal.Overrides {
		if o.Seats == seats {
			return o.Cards
		}
	}
	return g.Deal.Cards
}

// Cards returns the deck in its canonical order (ascending card index).
func (d Deck) Cards() []Card {
	var ranks, suits [16]bool
	if len(d.Ranks) == 0 {
		for i := range cardrules.NumRanks {
			ranks[i] = true
		}
	}
	for _, r := range d.Ranks {
		if r < cardrules.NumRanks {
			ranks[r] = true
		}
	}
	if len(d.Suits) == 0 {
		for i := range cardrules.NumSuits {
			suits[i] = true
		}
	}
	for _, s := range d.Suits {
		if s < cardrules.NumSuits {
			suits[s] = true
		}
	}
	var out []Card
	for c := Card(0); c < cardrules.NumCards; c++ {
		if ranks[c.Rank()] && suits[c.Suit()] && !slices.Contains(d.Remove, c) {
			out = append(out, c)
		}
	}
	for j := range Card(min(max(d.Jokers, 0), cardrules.MaxJokers)) {
		out = append(out, cardrules.FirstJoker+j)
	}
	if d.Packs == cardrules.MaxPacks {
		for _, c := range out {
			out = append(out, c+cardrules.PackStride)
		}
	}
	return out
}

// TwoPacks reports whether the deck is made of two packs.
func (d Deck) TwoPacks() bool { return d.Packs == cardrules.MaxPacks }

// Clone returns a deep copy.
func (g *Genome) Clone() *Genome {
	c := *g
	c.Deck.Ranks = slices.Clone(g.Deck.Ranks)
	c.Deck.Suits = slices.Clone(g.Deck.Suits)
	c.Deck.Remove = slices.Clone(g.Deck.Remove)
	c.Deal.Overrides = slices.Clone(g.Deal.Overrides)
	c.Deal.StarterNot = slices.Clone(g.Deal.StarterNot)
	if g.Turn != nil { // (nil, as Decode reads an empty turn, stays nil)
		c.Turn = make([]Phase, len(g.Turn))
		for i, p := range g.Turn {
			c.Turn[i] = p.clone()
		}
	}
	c.Effects = slices.Clone(g.Effects)
	c.Rules = slices.Clone(g.Rules)
	c.Responses.Cards = slices.Clone(g.Responses.Cards)
	c.End.Conditions = slices.Clone(g.End.Conditions)
	c.Score.Cards = slices.Clone(g.Score.Cards)
	c.Score.Hand = slices.Clone(g.Score.Hand)
	c.Score.Finish = slices.Clone(g.Score.Finish)
	c.Score.Most = slices.Clone(g.Score.Most)
	for i, r := range c.Score.Most {
		if r.Match != nil {
			m := *r.Match
			c.Score.Most[i].Match = &m
		}
	}
	if g.Score.Contract != nil {
		k := *g.Score.Contract
		c.Score.Contract = &k
	}
	if g.Score.Betting != nil {
		b := *g.Score.Betting
		c.Score.Betting = &b
	}
	if g.Score.Dealer != nil {
		d := *g.Score.Dealer
		c.Score.Dealer = &d
	}
	if g.Score.Best != nil {
		b := *g.Score.Best
		b.Values = slices.Clone(b.Values)
		c.Score.Best = &b
	}
	c.Match = g.Match.clone()
	if g.LeadCard != nil {
		lc := *g.LeadCard
		c.LeadCard = &lc
	}
	return &c
}

func cloneExpr(e *Expr) *Expr {
	if e == nil {
		return nil
	}
	c := e.Clone()
	return &c
}

func (p Phase) clone() Phase {
	c := p
	c.Legal = cloneExpr(p.Legal)
	c.Prefer = cloneExpr(p.Prefer)
	c.Lead = cloneExpr(p.Lead)
	c.LeadPrefer = cloneExpr(p.LeadPrefer)
	c.NameSuit = slices.Clone(p.NameSuit)
	c.Demands = slices.Clone(p.Demands)
	return c
}

func canonicalExpr(e *Expr) *Expr {
	if e == nil {
		return nil
	}
	c := e.canonical()
	return &c
}

// Canonical returns the canonical semantic form of a valid genome: metadata
// dropped, deck and deal lists sorted and free of duplicates (a list that
// names every rank or suit becomes empty), a turn_up phase's demands in
// rank order, unused effect fields zeroed, expressions flattened. Two
// genomes that play the same game by the same bytes have equal canonical
// forms; the compiler reads only this form.
func (g *Genome) Canonical() *Genome {
	c := g.Clone()
	c.Name, c.Summary = "", ""
	c.Schema = SchemaVersion
	if c.Turn == nil {
		c.Turn = []Phase{} // (written "turn": [], as every canonical turn is a list)
	}
	c.Deck.Ranks = sortedSet(c.Deck.Ranks, cardrules.NumRanks)
	c.Deck.Suits = sortedSet(c.Deck.Suits, cardrules.NumSuits)
	c.Deck.Remove = sortedSet(c.Deck.Remove, 0)
	if c.Deck.Packs == 1 {
		c.Deck.Packs = 0
	}
	if c.Deal.All {
		c.Deal.Cards = 0
		c.Deal.Overrides = nil
	}
	c.Deal.StarterNot = sortedSet(c.Deal.StarterNot, 0)
	slices.SortFunc(c.Deal.Overrides, func(a, b DealOverride) int { return a.Seats - b.Seats })
	c.Deal.Overrides = slices.CompactFunc(c.Deal.Overrides, func(a, b DealOverride) bool { return a.Seats == b.Seats })
	var ovs []DealOverride
	for _, o := range c.Deal.Overrides {
		if o.Cards != c.Deal.Cards {
			ovs = append(ovs, o)
		}
	}
	c.Deal.Overrides = ovs
	for i := range c.Turn {
		p := &c.Turn[i]
		p.Legal = canonicalExpr(p.Legal)
		p.Prefer = canonicalExpr(p.Prefer)
		p.Lead = canonicalExpr(p.Lead)
		p.LeadPrefer = canonicalExpr(p.LeadPrefer)
		p.NameSuit = sortedSet(p.NameSuit, 0)
		slices.SortStableFunc(p.Demands, func(a, b Demand) int { return int(a.Rank) - int(b.Rank) })
		if (p.Kind == cardrules.PhaseClimb || p.Kind == cardrules.PhaseClaim) && p.Max == cardrules.MaxClimb {
			p.Max = 0 // absent means the most
		}
		if p.Kind == cardrules.PhaseClaim && p.Claims != cardrules.ClaimNext {
			p.Start = 0 // (only the sequence of next claims starts somewhere)
		}
	}
	for i := range c.Effects {
		e := &c.Effects[i]
		if !e.Type.UsesTarget() {
			e.Target = cardrules.NoTarget
		}
		if !e.Type.UsesValue() {
			e.Value = 0
		}
		if !e.Type.Fizzles() {
			e.Gate = false
		}
		if e.Type != cardrules.ForceDiscard || c.Hand == cardrules.HandPile {
			// (A pile hand gives up its top cards: there is no choice
			// to make at random.)
			e.Random = false
		}
		e.lastingCanonical()
	}
	if len(c.Effects) == 0 {
		c.Effects = nil
		c.LastCardInert = false
	}
	c.Responses.canonical()
	for i := range c.Rules {
		c.Rules[i].canonical()
	}
	if len(c.Rules) == 0 {
		c.Rules = nil
	}
	slices.SortStableFunc(c.Score.Cards, func(a, b CardPoints) int {
		if a.Match != b.Match {
			return int(a.Match.Kind)*256 + int(a.Match.Value) - int(b.Match.Kind)*256 - int(b.Match.Value)
		}
		return a.Points - b.Points
	})
	if len(c.Score.Cards) == 0 {
		c.Score.Cards = nil
	}
	if len(c.End.Conditions) == 0 {
		c.End.Conditions = nil
	}
	c.matchCanonical()
	c.tallyCanonical()
	return c
}

// sortedSet sorts and deduplicates s; when full > 0 and s holds full
// distinct values, it returns nil (the "all" spelling).
func sortedSet[T ~uint8](s []T, full int) []T {
	s = slices.Clone(s)
	slices.Sort(s)
	s = slices.Compact(s)
	if len(s) == 0 || (full > 0 && len(s) == full) {
		return nil
	}
	return s
}

// Hash is the genome's identity: the SHA-256 of its canonical JSON.
type Hash [32]byte

// CanonicalJSON returns the canonical semantic form as JSON bytes (stable
// field order, no metadata, no insignificant space).
func (g *Genome) CanonicalJSON() []byte {
	b, err := json.Marshal(g.Canonical())
	if err != nil {
		// Only an out-of-range enum can fail to marshal, and a genome
		// that reaches here has validated.
		panic("genome: canonical form of an invalid genome: " + err.Error())
	}
	return b
}

// Hash returns the genome's canonical hash.
func (g *Genome) Hash() Hash { return sha256.Sum256(g.CanonicalJSON()) }

// Short returns the first 8 bytes of the hash as a number, for seeds and
// compact display.
func (h Hash) Short() uint64 { return binary.BigEndian.Uint64(h[:8]) }
