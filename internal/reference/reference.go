package reference

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
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
	LeadChanges  int
	Interactions int
	Effects      [genome.NumEffectTypes]int
}

// EventKind is what happened at one step. The kinds from EvTurn to EvMeld
// mirror the VM's trace events one for one (same numbering, meaning and
// fields); EvDecision has no VM trace counterpart.
type EventKind uint8

// Events.
const (
	EvTurn      EventKind = iota // N: turn number; Seat moves
	EvDraw                       // Seat draws Card
	EvReshuffle                  // N cards of the discard pile become the stock (Seat -1)
	EvPass                       // Seat cannot play and passes
	EvPlay                       // Seat plays Card (onto the discard pile, to a trick, or turned up in a battle)
	EvNameSuit                   // Seat names suit Card
	EvEffect                     // an effect of type Card (value N) fires for Seat's card
	EvDiscard                    // Seat discards Card by force
	EvWar                        // N seats tie and go to war
	EvTake                       // Seat takes the N cards of the table (a battle or a trick), or N cards handed over in an ask
	EvOut                        // Seat is out with result Card (0 win, 1 lose)
	EvTakeFrom                   // Seat takes Card blind from seat N
	EvAsk                        // Seat asks seat N for rank Card
	EvMeld                       // Seat lays down a set of N cards of rank Card
	EvDecision                   // Seat chooses option Choice of Options
)

var kindNames = [...]string{"turn", "draw", "reshuffle", "pass", "play", "name-suit", "effect", "discard",
	"war", "take", "out", "take-from", "ask", "meld", "decision"}

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
	Options int // Decision: the number of options
	Choice  int // Decision: the index chosen (0-based, canonical order)
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
	hasPlay bool          // some phase plays to the discard pile

	hands   [][]genome.Card // fan: ascending; pile: top first
	stock   []genome.Card   // bottom first (top is last)
	discard []genome.Card   // bottom first (top is last)
	table   []genome.Card   // the cards of the current battle, in the order laid
	gone    []genome.Card   // out of play

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
	leader         int // the last seat found alone with the best standing after a turn, or -1
	over           bool

	res    Result
	events []Event
	q      Quirks
	check  bool // verify conservation after every step (tests)
}

// Quirks switch on known deviations of the VM from the vm package doc, so
// that a differential test can go on comparing everything else while a
// focused regression test pins each deviation. The zero value follows the
// doc; Play uses it.
type Quirks struct {
	// MeldWithoutGain: sets are laid down after every draw phase and
	// every ask, whether the seat gained cards or not (but not after a
	// seat with nothing to ask failed to draw).
	MeldWithoutGain bool
}

// Play plays one game of g (a valid genome) at seats seats (0: the
// default) from seed, with the given policies per seat (only "random" is
// supported; missing or empty entries are random), and returns its result
// and its events.
func Play(g *genome.Genome, seats int, policies []string, seed uint64) (Result, []Event) {
	return play(g, seats, policies, seed, Quirks{}, false)
}

// PlayQuirks is Play with the given deviations from the vm package doc.
func PlayQuirks(g *genome.Genome, seats int, policies []string, seed uint64, q Quirks) (Result, []Event) {
	return play(g, seats, policies, seed, q, false)
}

func play(g *genome.Genome, seats int, policies []string, seed uint64, q Quirks, check bool) (Result, []Event) {
	for _, p := range policies {
		if p != "" && p != "random" {
			panic("reference: only the random policy is implemented, not " + p)
		}
	}
	if seats == 0 {
		seats = g.Seats.Default
	}
	m := &game{g: g, n: seats, q: q, check: check}
	m.setup(seed)
	for !m.over {
		if m.res.Turns >= g.TurnCap {
			m.res.Winner, m.res.WinMask = Capped, 0
			return m.res, m.events
		}
		if len(m.events) > maxEvents {
			m.res.Winner, m.res.WinMask = Aborted, 0
			return m.res, m.events
		}
		m.turn()
	}
	m.res.Winner, m.res.WinMask = m.ranking()
	return m.res, m.events
}

func (m *game) emit(e Event) { m.events = append(m.events, e) }

// ---- setup ----

func (m *game) setup(seed uint64) {
	g := m.g
	m.src = rng.New(seed)
	m.deck = g.Deck.Cards()
	// The suits a seat may name: the deck's suit restriction (all four
	// when it has none), even when removed cards leave a suit without a
	// card.
	for s := genome.Suit(0); s < genome.NumSuits; s++ {
		if len(g.Deck.Suits) == 0 || slices.Contains(g.Deck.Suits, s) {
			m.suits = append(m.suits, s)
		}
	}
	m.pile = g.Hand == genome.HandPile
	for _, p := range g.Turn {
		if p.Kind == genome.PhasePlay {
			m.hasPlay = true
		}
	}
	m.hands = make([][]genome.Card, m.n)
	m.active = make([]bool, m.n)
	for s := range m.active {
		m.active[s] = true
	}
	m.nActive = m.n
	m.score = make([]int, m.n)
	m.dir = 1
	m.last = -1
	m.leadHolder = -1
	m.next = -1
	m.leader = -1

	// One ShuffleBytes of the deck in ascending order; the deal takes
	// cards from the end, one per seat round-robin from seat 0.
	shuffled := make([]uint8, len(m.deck))
	for i, c := range m.deck {
		shuffled[i] = uint8(c)
	}
	m.src.ShuffleBytes(shuffled)
	k := len(shuffled)
	lastDealt := -1
	if g.Deal.All {
		for s := 0; k > 0; s = (s + 1) % m.n {
			k--
			m.give(s, genome.Card(shuffled[k]))
			lastDealt = int(shuffled[k])
		}
	} else {
		per := g.DealFor(m.n)
		for range per {
			for s := range m.n {
				k--
				m.give(s, genome.Card(shuffled[k]))
				lastDealt = int(shuffled[k])
			}
		}
	}
	if g.Deal.Starter {
		k--
		c := genome.Card(shuffled[k])
		m.discard = append(m.discard, c)
		m.suit = c.Suit()
	}
	for _, b := range shuffled[:k] {
		m.stock = append(m.stock, genome.Card(b))
	}
	m.trump = int(genome.Card(lastDealt).Suit())
	if g.LeadCard != nil {
		for s := range m.n {
			if slices.Contains(m.hands[s], *g.LeadCard) {
				m.cur = s
				m.leadHolder = s
			}
		}
	}
	if g.Meld > 0 {
		for s := range m.n {
			m.meld(s)
		}
	}
	m.verify()
}

// ---- cards in hands ----

// give puts card c into seat s's hand: in order for a fan, at the bottom
// of a pile.
func (m *game) give(s int, c genome.Card) {
	h := append(m.hands[s], c)
	if !m.pile {
		slices.Sort(h)
	}
	m.hands[s] = h
}

// remove takes card c out of seat s's hand.
func (m *game) remove(s int, c genome.Card) {
	i := slices.Index(m.hands[s], c)
	if i < 0 {
		panic(fmt.Sprintf("reference: seat %d does not hold %v", s, c))
	}
	m.hands[s] = slices.Delete(m.hands[s], i, i+1)
}

// popTop takes the top card of seat s's pile.
func (m *game) popTop(s int) genome.Card {
	c := m.hands[s][0]
	m.hands[s] = slices.Delete(m.hands[s], 0, 1)
	return c
}

// drawOne moves the top card of the stock into seat s's hand, first
// refilling an empty stock from the discard pile below its top card when
// the game reshuffles. It reports the card, or false when there is none.
func (m *game) drawOne(s int) (genome.Card, bool) {
	if len(m.stock) == 0 && m.g.Reshuffle && len(m.discard) > 1 {
		top := m.discard[len(m.discard)-1]
		below := make([]uint8, len(m.discard)-1)
		for i, c := range m.discard[:len(m.discard)-1] {
			below[i] = uint8(c)
		}
		m.src.ShuffleBytes(below)
		for _, b := range below {
			m.stock = append(m.stock, genome.Card(b))
		}
		m.discard = []genome.Card{top}
		m.emit(Event{Kind: EvReshuffle, Seat: -1, N: len(below)})
	}
	if len(m.stock) == 0 {
		return 0, false
	}
	c := m.stock[len(m.stock)-1]
	m.stock = m.stock[:len(m.stock)-1]
	m.give(s, c)
	m.emit(Event{Kind: EvDraw, Seat: s, Card: int(c)})
	return c, true
}

// meld lays down every set of the genome's size of one rank that seat s
// holds: ranks ascending, lowest suits first.
func (m *game) meld(s int) {
	k := m.g.Meld
	if k == 0 {
		return
	}
	for r := genome.Rank(0); r < genome.NumRanks; r++ {
		for {
			var of []genome.Card
			for _, c := range m.hands[s] {
				if c.Rank() == r {
					of = append(of, c)
				}
			}
			if len(of) < k {
				break
			}
			slices.Sort(of)
			for _, c := range of[:k] {
				m.remove(s, c)
				m.gone = append(m.gone, c)
			}
			m.score[s] += m.g.Score.Meld
			m.emit(Event{Kind: EvMeld, Seat: s, Card: int(r), N: k})
		}
	}
}

// ---- decisions ----

// decide asks seat s's policy (random) to choose among n options.
func (m *game) decide(s, n int) int {
	if n < 1 {
		panic("reference: a decision without options")
	}
	m.res.Decisions++
	m.res.Options += n
	i := 0
	if n == 1 {
		m.res.Forced++
	} else {
		i = m.src.IntN(n)
	}
	m.emit(Event{Kind: EvDecision, Seat: s, Options: n, Choice: i})
	return i
}

// ---- seats ----

// step moves k active seats from seat from in direction dir (from itself
// may be out).
func (m *game) step(from, dir, k int) int {
	s := from
	for range k {
		for {
			s = ((s+dir)%m.n + m.n) % m.n
			if m.active[s] {
				break
			}
		}
	}
	return s
}

// opponents lists the active seats other than s in play order from the
// next seat.
func (m *game) opponents(s int) []int {
	var out []int
	for i := 1; i < m.n; i++ {
		t := ((s+m.dir*i)%m.n + m.n) % m.n
		if m.active[t] {
			out = append(out, t)
		}
	}
	return out
}

// ---- the turn ----

func (m *game) turn() {
	m.res.Turns++
	s := m.cur
	m.emit(Event{Kind: EvTurn, Seat: s, N: m.res.Turns})
	m.next, m.again = -1, false
	for i := range m.g.Turn {
		// A seat that goes out during its own turn ends that turn.
		if m.over || !m.active[s] {
			break
		}
		p := &m.g.Turn[i]
		switch p.Kind {
		case genome.PhasePlay:
			m.playPhase(s, p)
		case genome.PhaseBattle:
			m.battlePhase(s, p)
		case genome.PhaseDraw:
			m.drawPhase(s, p)
		case genome.PhaseTrick:
			m.trickPhase(s, p)
		case genome.PhaseTake:
			m.takePhase(s, p)
		case genome.PhaseAsk:
			m.askPhase(s, p)
		}
		m.verify()
	}
	m.leadCheck()
	if m.over {
		return
	}
	// The move passes to the winner of the turn's last trick when it is
	// still in (any skip count left is dropped), else to the same seat
	// again when an ask said so, else 1 + skip count active seats on. (The
	// vm doc does not say where the move goes when the trick's winner
	// went out; the VM, and this reference, fall back to the ask's rule,
	// then to the plain advance.)
	switch {
	case m.next >= 0 && m.active[m.next]:
		m.cur = m.next
	case m.again && m.active[m.cur]:
	default:
		m.cur = m.step(m.cur, m.dir, 1+m.skip)
	}
	m.skip = 0
}

// fewerIsBetter reports whether holding fewer cards is the better standing.
func (m *game) fewerIsBetter() bool {
	for _, c := range m.g.End.Conditions {
		if c.When == genome.EventHandEmpty {
			return c.Result == genome.ResultWin
		}
	}
	return true
}

// standing is seat s's standing key and whether a lower key is better: its
// card count (fewer better unless emptying the hand loses), or its score
// when the game ranks by score.
func (m *game) standing(s int) (key int, lowerBetter bool) {
	switch m.g.End.Rank {
	case genome.RankScoreLow:
		return m.score[s], true
	case genome.RankScoreHigh:
		return m.score[s], false
	}
	return len(m.hands[s]), m.fewerIsBetter()
}

// leadCheck runs after every turn: when one active seat alone has the best
// standing and it is not the seat that last led alone, the lead changes
// (the first sole leader of the game is not a change; a tie for the lead
// keeps the last sole leader).
func (m *game) leadCheck() {
	who, best, alone := -1, 0, false
	for s := range m.n {
		if !m.active[s] {
			continue
		}
		k, low := m.standing(s)
		switch {
		case who < 0 || (low && k < best) || (!low && k > best):
			who, best, alone = s, k, true
		case k == best:
			alone = false
		}
	}
	if !alone {
		return
	}
	if m.leader >= 0 && who != m.leader {
		m.res.LeadChanges++
	}
	m.leader = who
}

// ---- phases ----

// legalCards lists the cards of seat s's hand (ascending) that legal
// allows, filtered by prefer when some legal card satisfies it too. With
// no top card every card is legal. The holder of the lead card must play
// it with its first play.
func (m *game) legalCards(s int, legal, prefer *genome.Expr, top int, active genome.Suit) []genome.Card {
	if s == m.leadHolder && slices.Contains(m.hands[s], *m.g.LeadCard) {
		return []genome.Card{*m.g.LeadCard}
	}
	hand := slices.Clone(m.hands[s]) // a fan: ascending already
	if top < 0 {
		return hand
	}
	var ok []genome.Card
	for _, c := range hand {
		if holds(legal, view{card: c, top: genome.Card(top), active: active, played: m.played}) {
			ok = append(ok, c)
		}
	}
	if prefer != nil {
		var pref []genome.Card
		for _, c := range ok {
			if holds(prefer, view{card: c, top: genome.Card(top), active: active, played: m.played}) {
				pref = append(pref, c)
			}
		}
		if len(pref) > 0 {
			ok = pref
		}
	}
	return ok
}

// markPlayed records that seat s played card c (the caller has moved it):
// the play count, the last card played, the suits played, the lead card
// obligation.
func (m *game) markPlayed(s int, c genome.Card) {
	m.res.Plays++
	m.last = int(c)
	m.lastSuit = c.Suit()
	m.played |= 1 << uint(c.Suit())
	if s == m.leadHolder {
		m.leadHolder = -1
	}
	m.emit(Event{Kind: EvPlay, Seat: s, Card: int(c)})
}

func (m *game) topDiscard() int {
	if len(m.discard) == 0 {
		return -1
	}
	return int(m.discard[len(m.discard)-1])
}

func (m *game) playPhase(s int, p *genome.Phase) {
	legal := m.legalCards(s, p.Legal, p.Prefer, m.topDiscard(), m.suit)
	for drawn := 0; len(legal) == 0 && drawn < p.DrawMax; drawn++ {
		if _, ok := m.drawOne(s); !ok {
			break
		}
		legal = m.legalCards(s, p.Legal, p.Prefer, m.topDiscard(), m.suit)
	}
	if len(legal) == 0 {
		m.emit(Event{Kind: EvPass, Seat: s})
		return
	}
	c := legal[m.decide(s, len(legal))]
	m.remove(s, c)
	m.discard = append(m.discard, c)
	m.suit = c.Suit()
	m.markPlayed(s, c)
	if slices.Contains(p.NameSuit, c.Rank()) {
		m.suit = m.suits[m.decide(s, len(m.suits))]
		m.lastSuit = m.suit
		m.emit(Event{Kind: EvNameSuit, Seat: s, Card: int(m.suit)})
	}
	m.fire(s, c)
	m.endCheck()
}

func (m *game) drawPhase(s int, p *genome.Phase) {
	drawn := 0
	for range p.Count {
		if _, ok := m.drawOne(s); !ok {
			break
		}
		drawn++
	}
	if drawn > 0 || m.q.MeldWithoutGain {
		m.meld(s) // sets are laid down when a seat gains cards
	}
}

// battlePhase: every active seat holding cards, in turn order from s, turns
// up its top card; the highest rank takes the table; ties go to war.
func (m *game) battlePhase(s int, p *genome.Phase) {
	// The contenders are the active seats holding cards when the battle
	// starts, in turn order from s; one whose pile an earlier card's
	// effect emptied has nothing to turn up, and a seat that gains cards
	// during the battle does not join it.
	var order []int
	for i, t := 0, s; i < m.n; i++ {
		if m.active[t] && len(m.hands[t]) > 0 {
			order = append(order, t)
		}
		t = ((t+m.dir)%m.n + m.n) % m.n
	}
	m.table = nil
	type up struct {
		seat int
		card genome.Card
	}
	turnUp := func(seats []int, war bool) []up {
		var ups []up
		for _, t := range seats {
			if !m.active[t] {
				continue
			}
			if len(m.hands[t]) == 0 {
				// An earlier card's effect emptied the pile: nothing
				// to turn up. A tied seat that cannot lay its face-up
				// card is out as a loser.
				if war {
					m.goOut(t, genome.ResultLose)
				}
				continue
			}
			c := m.popTop(t)
			m.table = append(m.table, c)
			m.markPlayed(t, c)
			m.fire(t, c)
			ups = append(ups, up{t, c})
		}
		return ups
	}
	ups := turnUp(order, false)
	contenders := len(ups)
	winner := -1
	for len(ups) > 0 {
		best := genome.Rank(0)
		for _, u := range ups {
			best = max(best, u.card.Rank())
		}
		var tied []int
		for _, u := range ups {
			if u.card.Rank() == best {
				tied = append(tied, u.seat)
			}
		}
		if len(tied) == 1 {
			winner = tied[0]
			break
		}
		m.emit(Event{Kind: EvWar, Seat: -1, N: len(tied)})
		m.res.Interactions++
		var still, short []int
		for _, t := range tied {
			if len(m.hands[t]) < p.WarFaceDown+1 {
				m.table = append(m.table, m.hands[t]...)
				m.hands[t] = nil
				short = append(short, t)
				continue
			}
			for range p.WarFaceDown {
				m.table = append(m.table, m.popTop(t))
			}
			still = append(still, t)
		}
		for _, t := range short {
			m.goOut(t, genome.ResultLose)
		}
		ups = turnUp(still, true)
	}
	if winner >= 0 {
		if p.Returns == genome.ReturnsShuffled {
			b := make([]uint8, len(m.table))
			for i, c := range m.table {
				b[i] = uint8(c)
			}
			m.src.ShuffleBytes(b)
			for i := range b {
				m.table[i] = genome.Card(b[i])
			}
		}
		m.hands[winner] = append(m.hands[winner], m.table...)
		m.emit(Event{Kind: EvTake, Seat: winner, N: len(m.table)})
		if contenders > 1 {
			m.res.Interactions++
		}
	} else {
		m.gone = append(m.gone, m.table...)
	}
	m.table = nil
	m.endCheck()
}

// trickPhase: s leads and the other active seats holding cards follow one
// at a time in the current play direction; the highest trump, else the
// highest card of the led suit, takes the trick and moves next. A seat
// none of whose cards the predicates allow plays nothing; when the leader
// plays nothing, the next seat to play a card leads (by the lead
// predicates) and the seats that passed have had their chance.
func (m *game) trickPhase(s int, p *genome.Phase) {
	type played struct {
		seat int
		card genome.Card
	}
	var trick []played
	var led genome.Card
	had := make([]bool, m.n)
	t := s
	for t >= 0 {
		had[t] = true
		var options []genome.Card
		if len(trick) == 0 {
			// The last card played is the top card; its suit (or the
			// suit named after it) the active suit. Trick cards do
			// not change the discard pile's active suit.
			options = m.legalCards(t, p.Lead, p.LeadPrefer, m.last, m.lastSuit)
		} else {
			options = m.legalCards(t, p.Legal, p.Prefer, int(led), led.Suit())
		}
		if len(options) > 0 {
			c := options[m.decide(t, len(options))]
			m.remove(t, c)
			if len(trick) == 0 {
				led = c
			}
			trick = append(trick, played{t, c})
			m.markPlayed(t, c)
			m.fire(t, c)
		}
		// The next active seat in the current direction that has not
		// yet had its chance (a seat holding no cards has it and plays
		// nothing); while the skip count is positive, that seat misses
		// this trick instead.
		for {
			next := -1
			for i, x := 1, t; i <= m.n; i++ {
				x = ((x+m.dir)%m.n + m.n) % m.n
				if m.active[x] && !had[x] {
					next = x
					break
				}
			}
			t = next
			if t < 0 || m.skip == 0 {
				break
			}
			had[t] = true
			m.skip--
		}
	}
	if len(trick) == 0 {
		m.endCheck()
		return
	}
	trump := -1
	switch p.Trump {
	case genome.TrumpNone:
	case genome.TrumpLastDealt:
		trump = m.trump
	default:
		trump = int(p.Trump) - int(genome.TrumpClubs)
	}
	win := 0
	hasTrump := false
	for i, x := range trick {
		if trump >= 0 && int(x.card.Suit()) == trump {
			if !hasTrump || x.card.Rank() > trick[win].card.Rank() {
				win = i
			}
			hasTrump = true
		}
	}
	if !hasTrump {
		for i, x := range trick {
			if x.card.Suit() == led.Suit() && x.card.Rank() > trick[win].card.Rank() {
				win = i
			}
		}
	}
	w := trick[win].seat
	pts := m.g.Score.Trick
	for _, x := range trick {
		m.gone = append(m.gone, x.card)
		for _, r := range m.g.Score.Cards {
			if matches(r.Match, x.card) {
				pts += r.Points
			}
		}
	}
	m.score[w] += pts
	m.emit(Event{Kind: EvTake, Seat: w, N: len(trick)})
	if len(trick) > 1 {
		m.res.Interactions++
	}
	// The winner moves next; any skip count left is dropped when the move
	// passes to it at the end of the turn (a later phase of this turn
	// still sees it).
	m.next = w
	m.endCheck()
}

// takePhase: s takes one card blind from the first other seat holding
// cards in the given direction, or from a random opponent holding cards.
func (m *game) takePhase(s int, p *genome.Phase) {
	giver := -1
	switch p.From {
	case genome.TargetNext, genome.TargetPrevious:
		d := m.dir
		if p.From == genome.TargetPrevious {
			d = -d
		}
		for i, x := 1, s; i < m.n; i++ {
			x = ((x+d)%m.n + m.n) % m.n
			if m.active[x] && len(m.hands[x]) > 0 {
				giver = x
				break
			}
		}
	case genome.TargetRandomOpponent:
		// One IntN over the opponents holding cards. The vm doc does not
		// say in which order they are counted; the VM counts them in
		// ascending seat order (not from the next seat, as the effects'
		// random opponent is counted).
		var opps []int
		for o := range m.n {
			if o != s && m.active[o] && len(m.hands[o]) > 0 {
				opps = append(opps, o)
			}
		}
		if len(opps) > 0 {
			giver = opps[m.src.IntN(len(opps))]
		}
	}
	if giver >= 0 {
		h := m.hands[giver]
		// A blind choice: random for every policy, a decision of the
		// taker over the giver's hand.
		c := h[m.decide(s, len(h))]
		m.remove(giver, c)
		m.give(s, c)
		m.emit(Event{Kind: EvTakeFrom, Seat: s, Card: int(c), N: giver})
		m.res.Interactions++
		m.meld(s)
	}
	m.endCheck()
}

// askPhase: s asks an opponent holding cards for a rank it holds.
func (m *game) askPhase(s int, p *genome.Phase) {
	var opps []int
	for _, o := range m.opponents(s) {
		if len(m.hands[o]) > 0 {
			opps = append(opps, o)
		}
	}
	if len(m.hands[s]) == 0 || len(opps) == 0 {
		// A seat with no cards, or with no opponent to ask, draws
		// instead of asking.
		if _, ok := m.drawOne(s); ok {
			m.meld(s)
		}
		m.endCheck()
		return
	}
	o := opps[m.decide(s, len(opps))]
	var ranks []genome.Rank
	for _, c := range m.hands[s] {
		if !slices.Contains(ranks, c.Rank()) {
			ranks = append(ranks, c.Rank())
		}
	}
	slices.Sort(ranks)
	r := ranks[m.decide(s, len(ranks))]
	m.emit(Event{Kind: EvAsk, Seat: s, Card: int(r), N: o})
	var got []genome.Card
	for _, c := range m.hands[o] {
		if c.Rank() == r {
			got = append(got, c)
		}
	}
	gained := len(got) > 0
	if gained {
		for _, c := range got {
			m.remove(o, c)
			m.give(s, c)
		}
		m.emit(Event{Kind: EvTake, Seat: s, N: len(got)})
		m.res.Interactions++
		m.again = true
	} else if c, ok := m.drawOne(s); ok {
		gained = true
		if c.Rank() == r {
			m.again = true
		}
	}
	if gained || m.q.MeldWithoutGain {
		m.meld(s)
	}
	m.endCheck()
}

// ---- effects ----

// targets lists the seats an effect of seat s acts on, in the order they
// act.
func (m *game) targets(s int, t genome.Target) []int {
	opps := m.opponents(s)
	switch t {
	case genome.TargetNext:
		if len(opps) > 0 {
			return []int{opps[0]}
		}
	case genome.TargetPrevious:
		if len(opps) > 0 {
			return []int{opps[len(opps)-1]}
		}
	case genome.TargetAllOpponents:
		return opps
	case genome.TargetRandomOpponent:
		// One IntN over the active opponents, even with one (none:
		// IntN(0) draws nothing).
		i := m.src.IntN(len(opps))
		if len(opps) > 0 {
			return []int{opps[i]}
		}
	case genome.TargetSelf:
		return []int{s}
	}
	return nil
}

// fire resolves the effects of card c, played by seat s, in genome order.
func (m *game) fire(s int, c genome.Card) {
	for _, e := range m.g.Effects {
		if e.Rank != c.Rank() {
			continue
		}
		m.res.Effects[e.Type]++
		v := 0
		if e.Type.UsesValue() {
			v = e.Value
		}
		m.emit(Event{Kind: EvEffect, Seat: s, Card: int(e.Type), N: v})
		switch e.Type {
		case genome.SkipNext:
			m.skip = min(m.skip+e.Value, m.nActive-1)
			if m.nActive > 1 {
				m.res.Interactions++
			}
		case genome.Reverse:
			m.dir = -m.dir
		case genome.ExtraTurn:
			m.skip = m.nActive - 1
		case genome.DrawCards:
			for _, t := range m.targets(s, e.Target) {
				if t != s {
					m.res.Interactions++
				}
				for range e.Value {
					if _, ok := m.drawOne(t); !ok {
						break
					}
				}
			}
		case genome.ForceDiscard:
			for _, t := range m.targets(s, e.Target) {
				if t != s {
					m.res.Interactions++
				}
				k := min(e.Value, len(m.hands[t]))
				for range k {
					var d genome.Card
					if m.pile {
						d = m.popTop(t)
					} else {
						d = m.hands[t][m.decide(t, len(m.hands[t]))]
						m.remove(t, d)
					}
					if m.hasPlay {
						// Beneath the top card of the discard pile.
						at := max(len(m.discard)-1, 0)
						m.discard = slices.Insert(m.discard, at, d)
					} else {
						m.gone = append(m.gone, d)
					}
					m.emit(Event{Kind: EvDiscard, Seat: t, Card: int(d)})
				}
			}
		}
	}
}

// matches reports whether card c is one that scoring rule m names: a
// rank, a suit or one card.
func matches(m genome.Match, c genome.Card) bool {
	switch m.Kind {
	case genome.MatchRank:
		return int(c.Rank()) == int(m.Value)
	case genome.MatchSuit:
		return int(c.Suit()) == int(m.Value)
	}
	return int(c) == int(m.Value)
}

// ---- the end ----

func (m *game) condition() (genome.Result, bool) {
	for _, c := range m.g.End.Conditions {
		if c.When == genome.EventHandEmpty {
			return c.Result, true
		}
	}
	return 0, false
}

func (m *game) goOut(s int, r genome.Result) {
	m.active[s] = false
	m.nActive--
	// The skip count stays below a whole round of the seats still in.
	m.skip = min(m.skip, max(m.nActive-1, 0))
	m.outSeat = append(m.outSeat, s)
	m.outResult = append(m.outResult, r)
	m.emit(Event{Kind: EvOut, Seat: s, Card: int(r)})
}

// endCheck puts out every active seat whose hand is empty, in seat order
// from the current seat (turn order: the current seat, then each seat on
// in the current play direction), then decides whether the game is over.
func (m *game) endCheck() {
	if r, ok := m.condition(); ok {
		for i := range m.n {
			s := ((m.cur+i*m.dir)%m.n + m.n) % m.n
			if m.active[s] && len(m.hands[s]) == 0 {
				m.goOut(s, r)
			}
		}
	}
	switch {
	case m.nActive <= 1:
		m.over = true
	case m.g.End.Until == genome.UntilFirstOut && len(m.outSeat) > 0:
		m.over = true
	case m.g.End.Until == genome.UntilHandsEmpty && m.handsEmpty():
		m.over = true
	case m.g.End.Until == genome.UntilNoCards && m.handsEmpty() && len(m.stock) == 0:
		m.over = true
	}
}

func (m *game) handsEmpty() bool {
	for s := range m.n {
		if len(m.hands[s]) > 0 {
			return false
		}
	}
	return true
}

// ranking returns the winner (or Tie) and the win mask: seats out as
// winners in the order they went out, then seats still in by standing,
// then seats out as losers, last out first; the winner is the seat ranked
// first alone. With partnerships the team with the better total score
// wins.
func (m *game) ranking() (int, uint8) {
	if m.g.Teams == 2 {
		return m.teamRanking()
	}
	for i, s := range m.outSeat {
		if m.outResult[i] == genome.ResultWin {
			return s, 1 << s
		}
	}
	var in []int
	for s := range m.n {
		if m.active[s] {
			in = append(in, s)
		}
	}
	if len(in) > 0 {
		// a's standing is strictly better than b's.
		better := func(a, b int) bool {
			ka, lower := m.standing(a)
			kb, _ := m.standing(b)
			return ka != kb && (ka < kb) == lower
		}
		best := in[0]
		for _, s := range in[1:] {
			if better(s, best) {
				best = s
			}
		}
		for _, s := range in {
			if s != best && !better(best, s) {
				return Tie, 0
			}
		}
		return best, 1 << best
	}
	// Every seat is out, as a loser: the game is a tie. (The vm doc ranks
	// losers "last out first" and says that seats put out together in one
	// war are out at once, "if none is left in, the game is a tie"; it does
	// not say whether a seat whose empty hand puts it out at the end check
	// of the same battle is out "at once" with them. The VM, and this
	// reference, read it so: a game in which nobody is left in and nobody
	// went out as a winner has no winner.)
	return Tie, 0
}

// teamRanking: seat s partners seat s+2 (team s mod 2) and both partners
// win or lose together; the lowest seat of the winning team is reported.
// A game that ranks by score is won by the team with the better total
// score (seats going out do not matter); any other by the team of the first
// seat out as a winner, else by the team with the better total of cards
// held (fewer unless emptying the hand loses).
func (m *game) teamRanking() (int, uint8) {
	var total [2]int
	lower := true
	switch m.g.End.Rank {
	case genome.RankScoreLow, genome.RankScoreHigh:
		for s := range m.n {
			total[s%2] += m.score[s]
		}
		lower = m.g.End.Rank == genome.RankScoreLow
	default:
		if i := slices.Index(m.outResult, genome.ResultWin); i >= 0 {
			return m.team(m.outSeat[i] % 2)
		}
		for s := range m.n {
			total[s%2] += len(m.hands[s])
		}
		lower = m.fewerIsBetter()
	}
	switch {
	case total[0] == total[1]:
		return Tie, 0
	case (total[1] < total[0]) == lower:
		return m.team(1)
	}
	return m.team(0)
}

// team returns the result of team t winning: its lowest seat and the mask
// of its seats.
func (m *game) team(t int) (int, uint8) {
	var mask uint8
	for s := t; s < m.n; s += 2 {
		mask |= 1 << s
	}
	return t, mask
}

// verify checks conservation when the game runs checked: every card of
// the deck is in exactly one zone.
func (m *game) verify() {
	if !m.check {
		return
	}
	seen := map[genome.Card]string{}
	note := func(zone string, cs []genome.Card) {
		for _, c := range cs {
			if z, ok := seen[c]; ok {
				panic(fmt.Sprintf("reference: card %v in %s and in %s", c, z, zone))
			}
			seen[c] = zone
		}
	}
	for s := range m.n {
		note(fmt.Sprintf("seat %d", s), m.hands[s])
		if !m.active[s] && len(m.hands[s]) > 0 {
			panic(fmt.Sprintf("reference: seat %d is out but holds %v", s, m.hands[s]))
		}
	}
	note("stock", m.stock)
	note("discard", m.discard)
	note("table", m.table)
	note("gone", m.gone)
	if len(seen) != len(m.deck) {
		panic(fmt.Sprintf("reference: %d cards in zones, deck has %d", len(seen), len(m.deck)))
	}
	for _, c := range m.deck {
		if _, ok := seen[c]; !ok {
			panic(fmt.Sprintf("reference: card %v is in no zone", c))
		}
	}
}
