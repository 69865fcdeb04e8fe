package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Policy is a built-in player. The machine switches on it in its loop.
type Policy uint8

// Built-in policies.
const (
	// Random chooses uniformly among the legal options (one rng.IntN
	// draw per decision with more than one option).
	Random Policy = iota
	// Greedy scores each option with a one-ply heuristic over its own view
	// (its hand, the top card, the public rules) and takes the best, the
	// lowest option on ties. It draws no random numbers.
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

// pile is a seat's ordered face-down pile: a ring buffer, top at head.
type pile struct {
	c    [64]uint8
	head uint8
	n    uint8
}

func (q *pile) popTop() uint8 {
	c := q.c[q.head&63]
	q.head++
	q.n--
	return c
}

func (q *pile) pushBottom(c uint8) {
	q.c[(q.head+q.n)&63] = c
	q.n++
}

// Machine plays games of one program. It owns all game state in fixed-size
// arrays and is reused from game to game without allocating. A Machine is
// not safe for concurrent use; a batch gives each worker its own.
type Machine struct {
	p      *Program
	rng    rng.Source
	n      int
	policy [MaxSeats]Policy

	hand  [MaxSeats]uint64 // fan hands as card sets
	piles [MaxSeats]pile   // pile hands
	count [MaxSeats]uint8  // cards held, either kind

	stock  [52]uint8 // top at stock[stockN-1]
	stockN int
	disc   [52]uint8 // top at disc[discN-1]
	discN  int
	table  [52]uint8 // battle cards, in the order played
	tableN int
	gone   [52]uint8 // out of play
	goneN  int

	active  uint8 // bit s: seat s is still in
	empty   uint8 // bit s: seat s holds no cards
	nActive int
	cur     int
	dir     int
	skip    int
	suit    uint8 // the active suit

	score     [MaxSeats]int16
	played    uint8 // bit s: a card of suit s has been played
	last      int16 // the last card played, -1 before any
	lastSuit  uint8 // the suit named after the last card played, else its suit
	lastDealt uint8
	mustPlay  int16    // the lead card its holder must play first, -1 when none
	next      int      // a phase's choice of the next seat (trick winner), -1 when none
	again     bool     // the seat moves again (a successful ask)
	tableBy   [52]int8 // the seat that played each table card, for tricks

	// Public knowledge from asks, for the greedy policy: ranks each seat
	// is known to hold (it asked for them) and known not to hold (it was
	// asked, or laid them down, and has not gained a card since).
	knownHas [MaxSeats]uint16
	denied   [MaxSeats]uint16

	outOrder [MaxSeats]int8
	outRes   [MaxSeats]cardrules.Result
	nOut     int
	over     bool
	leader   int
	steps    int
	budget   int

	res   Result
	trace *Trace

	players [MaxSeats]Player
	dec     Decision
	opts    [52]uint8
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
	LeadChanges  int
	Interactions int
	Effects      [NumEffectTypes]int
}

// NewMachine returns a machine for p with seats seats (0: the program's
// default) and per-seat policies (missing seats play Random).
func NewMachine(p *Program, seats int, policies []Policy) *Machine {
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
	return m
}

// Play plays one whole game from seed and returns its result.
func (m *Machine) Play(seed uint64) Result {
	m.reset(seed)
	p := m.p
	for !m.over {
		if m.res.Turns >= p.turnCap {
			m.res.Winner = Capped
			return m.res
		}
		if m.steps > m.budget {
			m.res.Winner = Aborted
			return m.res
		}
		m.turn()
	}
	m.res.Winner = m.winner()
	return m.res
}

func (m *Machine) reset(seed uint64) {
	p := m.p
	m.rng.Seed(seed)
	m.hand = [MaxSeats]uint64{}
	m.count = [MaxSeats]uint8{}
	m.empty = 0xff
	for i := range m.piles[:m.n] {
		m.piles[i].head, m.piles[i].n = 0, 0
	}
	copy(m.stock[:], p.deck[:p.deckN])
	m.stockN = p.deckN
	m.discN, m.tableN, m.goneN = 0, 0, 0
	m.active = uint8(1<<m.n - 1)
	m.nActive = m.n
	m.cur, m.dir, m.skip, m.suit = 0, 1, 0, 0
	m.nOut, m.over, m.steps, m.leader = 0, false, 0, -1
	m.score = [MaxSeats]int16{}
	m.played, m.last, m.mustPlay, m.next, m.again = 0, -1, -1, -1, false
	m.knownHas, m.denied = [MaxSeats]uint16{}, [MaxSeats]uint16{}
	m.res = Result{}
	m.rng.ShuffleBytes(m.stock[:m.stockN])
	if p.dealAll {
		for s := 0; m.stockN > 0; s = (s + 1) % m.n {
			m.lastDealt = m.pop()
			m.give(s, m.lastDealt)
		}
	} else {
		for range int(p.deal[m.n]) {
			for s := range m.n {
				m.lastDealt = m.pop()
				m.give(s, m.lastDealt)
			}
		}
	}
	if p.starter {
		c := m.pop()
		m.disc[0] = c
		m.discN = 1
		m.suit = c / 13
	}
	if p.leadCard >= 0 && !p.pileHands {
		for s := range m.n {
			if m.hand[s]&(1<<p.leadCard) != 0 {
				m.cur = s
				m.mustPlay = int16(p.leadCard)
			}
		}
	}
	if m.trace != nil {
		m.trace.deal(m)
	}
	if p.meld > 0 {
		for s := range m.n {
			m.meldSets(s)
		}
	}
}

func (m *Machine) pop() uint8 {
	m.stockN--
	return m.stock[m.stockN]
}

// give puts card c into seat s's hand (the bottom of a pile).
func (m *Machine) give(s int, c uint8) {
	if m.p.pileHands {
		m.piles[s].pushBottom(c)
	} else {
		m.hand[s] |= 1 << c
	}
	m.count[s]++
	m.empty &^= 1 << s
}

// lose decrements seat s's card count.
func (m *Machine) lose(s int) {
	m.count[s]--
	if m.count[s] == 0 {
		m.empty |= 1 << s
	}
}

// take removes card c from seat s's fan hand.
func (m *Machine) take(s int, c uint8) {
	m.hand[s] &^= 1 << c
	m.lose(s)
}

// draw moves the top card of the stock to seat s, refilling the stock from
// the discard pile first when the rules allow. It reports whether a card
// was drawn.
func (m *Machine) draw(s int) bool {
	_, ok := m.drawCard(s)
	return ok
}

// drawCard is draw that also returns the card drawn.
func (m *Machine) drawCard(s int) (uint8, bool) {
	if m.stockN == 0 && !m.refill() {
		return 0, false
	}
	c := m.pop()
	m.give(s, c)
	m.denied[s] = 0
	m.steps++
	if m.trace != nil {
		m.trace.add(EvDraw, s, c, 0)
	}
	return c, true
}

// refill shuffles the discard pile, all but its top card, into the empty
// stock: the cards keep their pile order (bottom first) and are then
// shuffled with one ShuffleBytes.
func (m *Machine) refill() bool {
	if !m.p.reshuffle || m.discN <= 1 {
		return false
	}
	k := m.discN - 1
	copy(m.stock[:k], m.disc[:k])
	m.stockN = k
	m.disc[0] = m.disc[k]
	m.discN = 1
	m.rng.ShuffleBytes(m.stock[:k])
	if m.trace != nil {
		m.trace.add(EvReshuffle, -1, 0, k)
	}
	return true
}

// isActive reports whether seat s is still in.
func (m *Machine) isActive(s int) bool { return m.active&(1<<s) != 0 }

// step returns the active seat k active seats from s in direction d.
func (m *Machine) step(s, d, k int) int {
	for k > 0 {
		s += d
		if s < 0 {
			s += m.n
		} else if s >= m.n {
			s -= m.n
		}
		if m.isActive(s) {
			k--
		}
	}
	return s
}

// turn plays one turn of the current seat: its phases in order, then the
// advance of 1 + skip active seats in the play direction.
func (m *Machine) turn() {
	p := m.p
	if m.trace != nil {
		m.trace.add(EvTurn, m.cur, 0, m.res.Turns+1)
	}
	for i := range p.nPhases {
		if !m.isActive(m.cur) {
			// The seat went out during its turn: the rest of the turn
			// is not its to play.
			break
		}
		ph := &p.phases[i]
		switch ph.op {
		case bytecode.OpPlay:
			m.playPhase(ph)
		case bytecode.OpBattle:
			m.battle(ph)
		case bytecode.OpDraw:
			drew := false
			for range int(ph.count) {
				if !m.draw(m.cur) {
					break
				}
				drew = true
			}
			if drew && m.p.meld > 0 {
				m.meldSets(m.cur)
			}
		case bytecode.OpTrick:
			m.trick(ph)
		case bytecode.OpTake:
			m.takePhase(ph)
		case bytecode.OpAsk:
			m.ask()
		}
		if m.over {
			break
		}
	}
	m.res.Turns++
	m.trackLead()
	if m.over {
		return
	}
	switch {
	case m.next >= 0 && m.isActive(m.next):
		// The phase chose the next seat (the trick winner leads).
		m.cur = m.next
	case m.again && m.isActive(m.cur):
		// The seat goes again.
	case m.nActive > 0:
		m.cur = m.step(m.cur, m.dir, 1+m.skip)
	}
	m.skip, m.next, m.again = 0, -1, false
}

// playPhase: the current seat plays one legal card onto the discard pile,
// drawing up to drawMax cards first while it has none; with none after
// that, it passes.
func (m *Machine) playPhase(ph *phase) {
	s := m.cur
	if !m.isActive(s) {
		return
	}
	legal := m.legal(ph, s)
	if legal == 0 {
		for range int(ph.drawMax) {
			if !m.draw(s) {
				break
			}
			if legal = m.legal(ph, s); legal != 0 {
				break
			}
		}
		if legal == 0 {
			if m.trace != nil {
				m.trace.add(EvPass, s, 0, 0)
			}
			return
		}
	}
	c := m.chooseCard(s, legal)
	m.take(s, c)
	m.disc[m.discN] = c
	m.discN++
	m.suit = c / 13
	m.markPlayed(c)
	m.res.Plays++
	m.steps++
	if m.trace != nil {
		m.trace.add(EvPlay, s, c, 0)
	}
	if ph.nameSuit&(1<<(c%13)) != 0 {
		m.suit = m.chooseSuit(s)
		m.lastSuit = m.suit
		if m.trace != nil {
			m.trace.add(EvNameSuit, s, m.suit, 0)
		}
	}
	m.fire(c, s)
	m.checkEnd()
}

// legal returns the cards seat s may play: its hand filtered by the
// phase's table for the top card and active suit (any card on an empty
// discard pile), narrowed to the preferred cards when it holds one.
func (m *Machine) legal(ph *phase, s int) uint64 {
	h := m.hand[s]
	if m.discN == 0 {
		return m.must(s, h)
	}
	return m.must(s, m.allowed(h, ph.pred, ph.prefer, m.disc[m.discN-1], m.suit))
}

// allowed filters hand h by predicate pred, then by prefer when some card
// satisfies both ("follow suit if able").
func (m *Machine) allowed(h uint64, pred, prefer, top, active uint8) uint64 {
	l := h & m.p.preds[pred].at(top, active, m.played)
	if prefer != bytecode.NoPred {
		if f := l & m.p.preds[prefer].at(top, active, m.played); f != 0 {
			return f
		}
	}
	return l
}

// must narrows seat s's legal cards to the lead card while it must play it.
func (m *Machine) must(s int, legal uint64) uint64 {
	if m.mustPlay >= 0 && m.hand[s]&(1<<m.mustPlay) != 0 {
		return 1 << m.mustPlay
	}
	return legal
}

// battle: every active seat, in turn order from the current seat, turns up
// its top card; the highest rank takes the table. Tied seats go to war:
// each lays warFaceDown cards face down and one face up, and only the
// face-up cards of the tied seats are compared. A tied seat that cannot
// supply the cards a war needs is out (its remaining cards join the
// table). When no contender remains, the table goes out of play.
func (m *Machine) battle(ph *phase) {
	var cont [MaxSeats]int8 // contenders, in turn order
	var up [MaxSeats]uint8  // each contender's face-up card
	nc := 0
	for i, s := 0, m.cur; i < m.n; i++ {
		if m.active&^m.empty&(1<<s) != 0 {
			cont[nc] = int8(s)
			nc++
		}
		s += m.dir
		if s == m.n {
			s = 0
		} else if s < 0 {
			s = m.n - 1
		}
	}
	nc = m.upAll(&cont, &up, nc, false)
	for nc > 1 {
		// Keep the seats whose face-up card has the highest rank.
		best := uint8(0)
		for i := range nc {
			best = max(best, up[i]%13)
		}
		k := 0
		for i := range nc {
			if up[i]%13 == best {
				cont[k], up[k] = cont[i], up[i]
				k++
			}
		}
		nc = k
		if nc == 1 {
			break
		}
		m.res.Interactions++
		if m.trace != nil {
			m.trace.add(EvWar, -1, 0, nc)
		}
		// War: every tied seat that can, lays its cards.
		need := int(ph.warFaceDown) + 1
		k = 0
		for i := range nc {
			seat := int(cont[i])
			if int(m.count[seat]) < need {
				for m.count[seat] > 0 {
					m.toTable(seat)
				}
				m.out(seat, cardrules.ResultLose)
				continue
			}
			for range int(ph.warFaceDown) {
				m.toTable(seat)
			}
			cont[k] = cont[i]
			k++
		}
		nc = m.upAll(&cont, &up, k, true)
	}
	if nc == 1 {
		w := int(cont[0])
		if !ph.inOrder {
			m.rng.ShuffleBytes(m.table[:m.tableN])
		}
		for _, c := range m.table[:m.tableN] {
			m.give(w, c)
		}
		if m.tableN > 1 {
			m.res.Interactions++
		}
		if m.trace != nil {
			m.trace.add(EvTake, w, 0, m.tableN)
		}
	} else {
		copy(m.gone[m.goneN:], m.table[:m.tableN])
		m.goneN += m.tableN
	}
	m.tableN = 0
	m.checkEnd()
}

// upAll turns up a card for each of the nc contenders in order. The
// effects of one card can empty a later contender's pile: such a seat drops
// out of the battle, and in a war it cannot supply its card and is out. It
// returns the number of contenders left, compacted in order.
func (m *Machine) upAll(cont *[MaxSeats]int8, up *[MaxSeats]uint8, nc int, war bool) int {
	k := 0
	for i := range nc {
		seat := int(cont[i])
		if m.count[seat] == 0 {
			if war {
				m.out(seat, cardrules.ResultLose)
			}
			continue
		}
		cont[k] = cont[i]
		up[k] = m.turnUp(seat)
		k++
	}
	return k
}

// turnUp moves seat s's top card face up onto the table: a play, which
// fires its rank's effects.
func (m *Machine) turnUp(s int) uint8 {
	c := m.toTable(s)
	m.markPlayed(c)
	m.res.Plays++
	if m.trace != nil {
		m.trace.add(EvPlay, s, c, 0)
	}
	m.fire(c, s)
	return c
}

func (m *Machine) toTable(s int) uint8 {
	c := m.piles[s].popTop()
	m.lose(s)
	m.table[m.tableN] = c
	m.tableN++
	m.steps++
	return c
}

// fire resolves the effects of card c played by seat s, in genome order.
// It is small enough to inline, so that a card without effects (most cards
// of most games) costs one comparison.
func (m *Machine) fire(c uint8, s int) {
	r := c % 13
	if m.p.effStart[r] != m.p.effStart[r+1] {
		m.fireEffects(r, s)
	}
}

func (m *Machine) fireEffects(r uint8, s int) {
	p := m.p
	for i := p.effStart[r]; i < p.effStart[r+1]; i++ {
		e := &p.effs[i]
		m.res.Effects[e.typ]++
		if m.trace != nil {
			m.trace.add(EvEffect, s, uint8(e.typ), int(e.value))
		}
		switch e.typ {
		case cardrules.SkipNext:
			m.skip = min(m.skip+int(e.value), m.nActive-1)
			if m.nActive > 1 || !m.isActive(s) && m.nActive > 0 {
				// It hits another seat only if one is still in.
				m.res.Interactions++
			}
		case cardrules.Reverse:
			m.dir = -m.dir
		case cardrules.ExtraTurn:
			m.skip = max(m.nActive-1, 0)
		case cardrules.DrawCards, cardrules.ForceDiscard:
			m.target(e, s)
		}
	}
}

// target applies a draw or force-discard effect of seat s to each of its
// targets, in seat order from the next seat.
func (m *Machine) target(e *effect, s int) {
	if e.target == cardrules.TargetSelf {
		m.hit(e, s, s)
		return
	}
	// The opponents are the active seats other than the player (which
	// may itself be out by now, mid-battle); with none, nothing happens.
	opps := m.nActive
	if m.isActive(s) {
		opps--
	}
	if opps <= 0 {
		return
	}
	switch e.target {
	case cardrules.TargetNext:
		m.hit(e, s, m.step(s, m.dir, 1))
	case cardrules.TargetPrevious:
		m.hit(e, s, m.step(s, -m.dir, 1))
	case cardrules.TargetAllOpponents:
		t := s
		for range opps {
			t = m.step(t, m.dir, 1)
			m.hit(e, s, t)
		}
	case cardrules.TargetRandomOpponent:
		k := m.rng.IntN(opps)
		m.hit(e, s, m.step(s, m.dir, 1+k))
	}
}

func (m *Machine) hit(e *effect, s, t int) {
	if !m.isActive(t) {
		return
	}
	if t != s {
		m.res.Interactions++
	}
	if e.typ == cardrules.DrawCards {
		for range int(e.value) {
			if !m.draw(t) {
				break
			}
		}
		return
	}
	k := min(int(e.value), int(m.count[t]))
	for range k {
		var c uint8
		if m.p.pileHands {
			c = m.piles[t].popTop()
			m.lose(t)
		} else {
			c = m.chooseDiscard(t)
			m.take(t, c)
		}
		m.steps++
		if m.trace != nil {
			m.trace.add(EvDiscard, t, c, 0)
		}
		switch {
		case !m.p.hasDiscard:
			m.gone[m.goneN] = c
			m.goneN++
		case m.discN == 0:
			m.disc[0] = c
			m.discN = 1
		default:
			m.disc[m.discN] = m.disc[m.discN-1]
			m.disc[m.discN-1] = c
			m.discN++
		}
	}
}

// checkEnd puts out every seat whose end condition holds, in seat order
// (turn order: the current seat, then on in the play direction), then
// decides whether the game is over.
func (m *Machine) checkEnd() {
	p := m.p
	if p.onEmpty >= 0 && m.empty&m.active != 0 {
		s := m.cur
		for range m.n {
			if m.isActive(s) && m.count[s] == 0 {
				m.out(s, cardrules.Result(p.onEmpty))
			}
			s += m.dir
			if s == m.n {
				s = 0
			} else if s < 0 {
				s = m.n - 1
			}
		}
	}
	switch p.until {
	case cardrules.UntilFirstOut:
		m.over = m.nOut > 0 || m.nActive <= 1
	case cardrules.UntilOneLeft:
		m.over = m.nActive <= 1
	case cardrules.UntilHandsEmpty, cardrules.UntilNoCards:
		empty := m.empty&m.active == m.active
		m.over = m.nActive <= 1 || empty && (p.until == cardrules.UntilHandsEmpty || m.stockN == 0)
	}
}

func (m *Machine) out(s int, result cardrules.Result) {
	if !m.isActive(s) {
		return
	}
	m.active &^= 1 << s
	m.nActive--
	m.outOrder[m.nOut] = int8(s)
	m.outRes[m.nOut] = result
	m.nOut++
	m.skip = min(m.skip, max(m.nActive-1, 0))
	if m.trace != nil {
		m.trace.add(EvOut, s, uint8(result), 0)
	}
}

// winner ranks the finished game: seats out as winners first (in the order
// they went out), then seats still in by their standing (cards held, fewer
// or more better as the end condition says, or score, as the program
// ranks), then seats out as losers (last out best). The winner is the seat
// ranked first alone, otherwise it is a tie. With partnerships, a team's
// standing is its seats' total score and both partners win.
func (m *Machine) winner() int {
	if m.p.teams == 2 {
		return m.teamWinner()
	}
	for i := range m.nOut {
		if m.outRes[i] == cardrules.ResultWin {
			m.res.WinMask = 1 << m.outOrder[i]
			return int(m.outOrder[i])
		}
	}
	best, bestN, ties := -1, 0, 0
	for s := range m.n {
		if !m.isActive(s) {
			continue
		}
		c := m.standing(s)
		switch {
		case best < 0 || m.better(c, bestN):
			best, bestN, ties = s, c, 1
		case c == bestN:
			ties++
		}
	}
	if best < 0 || ties > 1 {
		return Tie
	}
	m.res.WinMask = 1 << best
	return best
}

// teamWinner ranks a partnership game (teams s%2): by the partners' total
// score when the program ranks by score; otherwise the team of the first
// seat out as a winner, else the team with the better total of cards held.
// Both partners of the winning team win; the winner reported is the team's
// lower seat.
func (m *Machine) teamWinner() int {
	w := -1
	if m.p.rankBy == cardrules.RankCards {
		for i := range m.nOut {
			if m.outRes[i] == cardrules.ResultWin {
				w = int(m.outOrder[i]) % 2
				break
			}
		}
	}
	if w < 0 {
		var team [2]int
		for s := range m.n {
			team[s%2] += m.standing(s)
		}
		switch {
		case m.better(team[0], team[1]):
			w = 0
		case m.better(team[1], team[0]):
			w = 1
		default:
			return Tie
		}
	}
	for s := w; s < m.n; s += 2 {
		m.res.WinMask |= 1 << s
	}
	return w
}

// standing is what ranks a seat still in: its score, or its cards.
func (m *Machine) standing(s int) int {
	if m.p.rankBy != cardrules.RankCards {
		return int(m.score[s])
	}
	return int(m.count[s])
}

// better reports whether standing a ranks above standing b.
func (m *Machine) better(a, b int) bool {
	switch m.p.rankBy {
	case cardrules.RankScoreLow:
		return a < b
	case cardrules.RankScoreHigh:
		return a > b
	}
	if m.p.fewerBetter {
		return a < b
	}
	return a > b
}

// trackLead counts changes of the sole leader (the active seat with the best
// card count) from turn to turn.
func (m *Machine) trackLead() {
	lead, best, ties := -1, 0, 0
	keys := &m.count
	sign := m.p.leadSign
	if m.p.rankBy != cardrules.RankCards {
		for a := m.active; a != 0; a &= a - 1 {
			s := bits.TrailingZeros8(a)
			v := int(m.score[s]) * sign
			if lead < 0 || v > best {
				lead, best, ties = s, v, 1
			} else if v == best {
				ties++
			}
		}
	} else {
		for a := m.active; a != 0; a &= a - 1 {
			s := bits.TrailingZeros8(a)
			v := int(keys[s]) * sign
			if lead < 0 || v > best {
				lead, best, ties = s, v, 1
			} else if v == best {
				ties++
			}
		}
	}
	if ties != 1 {
		return
	}
	if m.leader >= 0 && lead != m.leader {
		m.res.LeadChanges++
	}
	m.leader = lead
}

// decided records one decision with n options.
func (m *Machine) decided(n int) {
	m.res.Decisions++
	m.res.Options += n
	if n == 1 {
		m.res.Forced++
	}
	m.steps++
}

// chooseCard is seat s's decision among the legal cards (options in
// ascending card order).
func (m *Machine) chooseCard(s int, legal uint64) uint8 {
	n := bits.OnesCount64(legal)
	m.decided(n)
	if n == 1 {
		return uint8(bits.TrailingZeros64(legal))
	}
	switch m.policy[s] {
	case Greedy:
		return m.greedyCard(s, legal)
	case External:
		return m.opts[m.external(s, DecideCard, cardOptions(&m.opts, legal))]
	}
	return nth(legal, m.rng.IntN(n))
}

// cardOptions lists the cards of set in ascending order into opts.
func cardOptions(opts *[52]uint8, set uint64) int {
	n := 0
	for x := set; x != 0; x &= x - 1 {
		opts[n] = uint8(bits.TrailingZeros64(x))
		n++
	}
	return n
}

// chooseSuit is seat s's decision of the suit to name (options: the deck's
// suits in order).
func (m *Machine) chooseSuit(s int) uint8 {
	p := m.p
	m.decided(p.nSuits)
	if p.nSuits == 1 {
		return p.suits[0]
	}
	if m.policy[s] == External {
		copy(m.opts[:], p.suits[:p.nSuits])
		return m.opts[m.external(s, DecideSuit, p.nSuits)]
	}
	if m.policy[s] == Greedy {
		best, bestN := p.suits[0], -1
		for _, su := range p.suits[:p.nSuits] {
			if k := bits.OnesCount64(m.hand[s] & suitMask(su)); k > bestN {
				best, bestN = su, k
			}
		}
		return best
	}
	return p.suits[m.rng.IntN(p.nSuits)]
}

// chooseDiscard is seat t's decision of a card to discard (options: its
// hand in ascending card order). It is decided by t, even out of turn.
func (m *Machine) chooseDiscard(t int) uint8 {
	h := m.hand[t]
	n := bits.OnesCount64(h)
	m.decided(n)
	if n == 1 {
		return uint8(bits.TrailingZeros64(h))
	}
	if m.policy[t] == External {
		return m.opts[m.external(t, DecideDiscard, cardOptions(&m.opts, h))]
	}
	if m.policy[t] == Greedy {
		// Shed the highest rank, lowest suit first: low cards are
		// easier to match later.
		best, bestR := uint8(0), -1
		for x := h; x != 0; x &= x - 1 {
			c := uint8(bits.TrailingZeros64(x))
			if int(c%13) > bestR {
				best, bestR = c, int(c%13)
			}
		}
		return best
	}
	return nth(h, m.rng.IntN(n))
}

// greedyCard scores each legal card from seat s's own view: effects that
// hinder opponents first, then keeping suit-naming cards for later, then
// the suit it holds most of, then the highest rank.
func (m *Machine) greedyCard(s int, legal uint64) uint8 {
	var bestC uint8
	best := -1 << 30
	for x := legal; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros64(x))
		r := c % 13
		score := int(m.p.harm[r]) * 64
		if m.p.wild&(1<<r) != 0 {
			score -= 32
		}
		score += bits.OnesCount64(m.hand[s]&suitMask(c/13)) * 2
		score += int(r) / 7
		if score > best {
			best, bestC = score, c
		}
	}
	return bestC
}

func suitMask(s uint8) uint64 { return (1<<13 - 1) << (13 * uint64(s)) }

// nth returns the index of the k-th set bit of x (k from 0).
func nth(x uint64, k int) uint8 {
	for range k {
		x &= x - 1
	}
	return uint8(bits.TrailingZeros64(x))
}

// markPlayed records card c as played: suits played, the last card, and
// the lead card's obligation once it is met.
func (m *Machine) markPlayed(c uint8) {
	m.played |= 1 << (c / 13)
	m.last = int16(c)
	m.lastSuit = c / 13
	if int16(c) == m.mustPlay {
		m.mustPlay = -1
	}
}

// trick: the current seat leads and every other active seat holding cards
// follows in turn order. The leader's legal cards come from the lead
// predicates with the last card played as the top card (any card when none
// has been played); a follower's from the follow predicates with the led
// card as the top card and its suit as the active suit. The highest trump
// (when the phase has trumps and one was played), else the highest card of
// the led suit, takes the trick: the won cards leave play, their points
// and the trick's points go to the winner, and the winner leads next.
func (m *Machine) trick(ph *phase) {
	m.tableN = 0
	var visited uint8
	for s := m.cur; s >= 0; s = m.nextInTrick(s, &visited) {
		if m.count[s] == 0 {
			continue
		}
		h := m.hand[s]
		var legal uint64
		switch {
		case m.tableN > 0:
			led := m.table[0]
			legal = m.allowed(h, ph.pred, ph.prefer, led, led/13)
		case m.last >= 0:
			legal = m.allowed(h, ph.lead, ph.leadPrefer, uint8(m.last), m.lastSuit)
		default:
			legal = h
		}
		if legal == 0 {
			// The predicates allow nothing from this hand: the seat
			// cannot follow and plays no card to this trick.
			continue
		}
		legal = m.must(s, legal)
		var c uint8
		if m.policy[s] == Greedy && bits.OnesCount64(legal) > 1 {
			m.decided(bits.OnesCount64(legal))
			c = m.greedyTrick(ph, legal)
		} else {
			c = m.chooseCard(s, legal)
		}
		m.take(s, c)
		m.table[m.tableN] = c
		m.tableBy[m.tableN] = int8(s)
		m.tableN++
		m.markPlayed(c)
		m.res.Plays++
		m.steps++
		if m.trace != nil {
			m.trace.add(EvPlay, s, c, 0)
		}
		m.fire(c, s)
	}
	if m.tableN == 0 {
		m.checkEnd()
		return
	}
	w := m.trickWinner(ph)
	ws := int(m.tableBy[w])
	pts := m.p.scoreTrick
	for _, c := range m.table[:m.tableN] {
		pts += m.p.points[c]
	}
	m.score[ws] += pts
	copy(m.gone[m.goneN:], m.table[:m.tableN])
	m.goneN += m.tableN
	if m.tableN > 1 {
		m.res.Interactions++
	}
	if m.trace != nil {
		m.trace.add(EvTake, ws, 0, m.tableN)
	}
	m.tableN = 0
	m.next = ws
	m.checkEnd()
}

// nextInTrick marks seat s as having had its chance in this trick and
// returns the next active seat in the current play direction that has not
// (or -1 when every seat has). A pending skip count makes the seats it
// passes miss this trick, one per skip.
func (m *Machine) nextInTrick(s int, visited *uint8) int {
	*visited |= 1 << s
	for {
		x, found := s, false
		for range m.n {
			x += m.dir
			if x < 0 {
				x += m.n
			} else if x >= m.n {
				x -= m.n
			}
			if m.isActive(x) && *visited&(1<<x) == 0 {
				found = true
				break
			}
		}
		if !found {
			return -1
		}
		if m.skip == 0 {
			return x
		}
		m.skip--
		*visited |= 1 << x
		s = x
	}
}

// trumpSuit returns the phase's trump suit, or 4 for none.
func (m *Machine) trumpSuit(ph *phase) uint8 {
	switch ph.trump {
	case cardrules.TrumpNone:
		return 4
	case cardrules.TrumpLastDealt:
		return m.lastDealt / 13
	}
	return uint8(ph.trump - cardrules.TrumpClubs)
}

// trickWinner returns the table index of the card that takes the trick.
func (m *Machine) trickWinner(ph *phase) int {
	trump := m.trumpSuit(ph)
	led := m.table[0] / 13
	w := 0
	for i := 1; i < m.tableN; i++ {
		c, b := m.table[i], m.table[w]
		switch {
		case c/13 == b/13 && c%13 > b%13:
			w = i
		case c/13 == trump && b/13 != trump:
			w = i
		case c/13 == led && b/13 != led && b/13 != trump:
			w = i
		}
	}
	return w
}

// greedyTrick picks a trick card from the seat's own view and the public
// table: when taking tricks pays (the game ranks by high score), it plays
// the lowest card that would win, else its lowest card; when taking tricks
// costs, it plays the highest card that would not win, else its lowest.
func (m *Machine) greedyTrick(ph *phase, legal uint64) uint8 {
	want := m.p.rankBy == cardrules.RankScoreHigh
	var low, winLow, loseHigh int = -1, -1, -1
	for x := legal; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros64(x))
		if low < 0 || c%13 < uint8(low)%13 {
			low = int(c)
		}
		wins := true
		if m.tableN > 0 {
			m.table[m.tableN] = c
			m.tableN++
			wins = m.trickWinner(ph) == m.tableN-1
			m.tableN--
		}
		if wins && (winLow < 0 || c%13 < uint8(winLow)%13) {
			winLow = int(c)
		}
		if !wins && (loseHigh < 0 || c%13 > uint8(loseHigh)%13) {
			loseHigh = int(c)
		}
	}
	switch {
	case want && winLow >= 0:
		return uint8(winLow)
	case !want && loseHigh >= 0:
		return uint8(loseHigh)
	}
	return uint8(low)
}

// takePhase: the current seat takes one card, blind, from the first seat
// holding cards in the phase's direction (next or previous), or from a
// random opponent holding cards (one rng.IntN draw). The blind choice is a
// decision among positions in the giver's hand (ascending card order), made
// at random by every policy, since nothing distinguishes the positions.
func (m *Machine) takePhase(ph *phase) {
	s := m.cur
	t := -1
	switch ph.from {
	case cardrules.TargetNext, cardrules.TargetPrevious:
		d := m.dir
		if ph.from == cardrules.TargetPrevious {
			d = -d
		}
		x := s
		for range m.nActive - 1 {
			x = m.step(x, d, 1)
			if m.count[x] > 0 {
				t = x
				break
			}
		}
	case cardrules.TargetRandomOpponent:
		k := 0
		for x := range m.n {
			if x != s && m.isActive(x) && m.count[x] > 0 {
				k++
			}
		}
		if k > 0 {
			i := m.rng.IntN(k)
			for x := range m.n {
				if x != s && m.isActive(x) && m.count[x] > 0 {
					if i == 0 {
						t = x
						break
					}
					i--
				}
			}
		}
	}
	if t < 0 || t == s {
		m.checkEnd()
		return
	}
	n := int(m.count[t])
	m.decided(n)
	k := 0
	switch {
	case n > 1 && m.policy[s] == External:
		for i := range n {
			m.opts[i] = uint8(i)
		}
		k = m.external(s, DecideBlind, n)
	case n > 1:
		k = m.rng.IntN(n)
	}
	c := nth(m.hand[t], k)
	m.take(t, c)
	m.give(s, c)
	m.denied[s] = 0
	m.steps++
	m.res.Interactions++
	if m.trace != nil {
		m.trace.add(EvTakeFrom, s, c, t)
	}
	if m.p.meld > 0 {
		m.meldSets(s)
	}
	m.checkEnd()
}

// ask: the current seat asks an opponent holding cards for a rank it holds
// (two decisions: the opponent, among those holding cards in turn order
// from the next seat; then the rank, among its ranks in ascending order).
// If the opponent has cards of the rank it hands them all over and the seat
// goes again; otherwise the seat draws a card and goes again only if it is
// of the rank asked for. A seat with an empty hand draws a card instead of
// asking.
func (m *Machine) ask() {
	s := m.cur
	if m.count[s] == 0 {
		if m.draw(s) && m.p.meld > 0 {
			m.meldSets(s)
		}
		m.checkEnd()
		return
	}
	var opp [MaxSeats]int8
	no := 0
	x := s
	for range m.nActive - 1 {
		x = m.step(x, m.dir, 1)
		if m.count[x] > 0 {
			opp[no] = int8(x)
			no++
		}
	}
	if no == 0 {
		if m.draw(s) && m.p.meld > 0 {
			m.meldSets(s)
		}
		m.checkEnd()
		return
	}
	var ranks [13]uint8
	nr := 0
	for r := range uint8(13) {
		if m.hand[s]&m.p.rankBits[r] != 0 {
			ranks[nr] = r
			nr++
		}
	}
	var t int
	var r uint8
	m.decided(no)
	m.decided(nr)
	if m.policy[s] == Greedy {
		// From public knowledge only: prefer a rank the opponent is
		// known to hold, never one it is known not to hold, then the
		// rank the seat holds most of, then the opponent with most cards.
		best := -1 << 30
		for _, o := range opp[:no] {
			for _, rr := range ranks[:nr] {
				score := bits.OnesCount64(m.hand[s]&m.p.rankBits[rr])*4 + int(m.count[o])
				if m.knownHas[o]&(1<<rr) != 0 {
					score += 100
				}
				if m.denied[o]&(1<<rr) != 0 {
					score -= 100
				}
				if score > best {
					best, t, r = score, int(o), rr
				}
			}
		}
	} else if m.policy[s] == External {
		t, r = int(opp[0]), ranks[0]
		if no > 1 {
			for i, o := range opp[:no] {
				m.opts[i] = uint8(o)
			}
			t = int(m.opts[m.external(s, DecideOpponent, no)])
		}
		if nr > 1 {
			copy(m.opts[:], ranks[:nr])
			r = m.opts[m.external(s, DecideRank, nr)]
		}
	} else {
		t = int(opp[0])
		if no > 1 {
			t = int(opp[m.rng.IntN(no)])
		}
		r = ranks[0]
		if nr > 1 {
			r = ranks[m.rng.IntN(nr)]
		}
	}
	if m.trace != nil {
		m.trace.add(EvAsk, s, r, t)
	}
	m.knownHas[s] |= 1 << r
	m.knownHas[t] &^= 1 << r
	m.denied[t] |= 1 << r
	if got := m.hand[t] & m.p.rankBits[r]; got != 0 {
		m.denied[s] = 0
		for x := got; x != 0; x &= x - 1 {
			c := uint8(bits.TrailingZeros64(x))
			m.take(t, c)
			m.give(s, c)
		}
		m.steps++
		m.res.Interactions++
		m.again = true
		if m.trace != nil {
			m.trace.add(EvTake, s, 0, bits.OnesCount64(got))
		}
		if m.p.meld > 0 {
			m.meldSets(s)
		}
	} else if c, ok := m.drawCard(s); ok {
		if c%13 == r {
			m.again = true
		}
		if m.p.meld > 0 {
			m.meldSets(s)
		}
	}
	m.checkEnd()
}

// meldSets lays down, for each rank in ascending order, every set of meld
// cards of that rank seat s holds (lowest suits first): the cards leave
// play and the seat scores the set's points.
func (m *Machine) meldSets(s int) {
	k := m.p.meld
	for r := range 13 {
		for {
			b := m.hand[s] & m.p.rankBits[r]
			if bits.OnesCount64(b) < k {
				break
			}
			for range k {
				c := uint8(bits.TrailingZeros64(b))
				b &= b - 1
				m.take(s, c)
				m.gone[m.goneN] = c
				m.goneN++
			}
			m.score[s] += m.p.scoreMeld
			if m.hand[s]&m.p.rankBits[r] == 0 {
				m.knownHas[s] &^= 1 << r
				m.denied[s] |= 1 << r
			}
			if m.trace != nil {
				m.trace.add(EvMeld, s, uint8(r), k)
			}
		}
	}
}
