package vm

import (
	"flag"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// This file holds the shared helpers of the vm tests: program builders
// (seed games and hand-made "lab" genomes), a way to lay out a hand-built
// state on a Machine, and the conservation and seat invariants checked after
// every turn.

// cd parses a card such as "QS" or "10H" into its index (suit*13 + rank).
func cd(s string) uint8 {
	c, err := cardrules.ParseCard(s)
	if err != nil {
		panic(err)
	}
	return uint8(c)
}

// cards parses several cards.
func cards(ss ...string) []uint8 {
	out := make([]uint8, len(ss))
	for i, s := range ss {
		out[i] = cd(s)
	}
	return out
}

// set is the card set of cs.
func set(cs ...uint8) uint64 {
	var h uint64
	for _, c := range cs {
		h |= 1 << c
	}
	return h
}

func setOf(ss ...string) uint64 { return set(cards(ss...)...) }

func cardNames(h uint64) string {
	s := "{"
	for x := h; x != 0; x &= x - 1 {
		if s != "{" {
			s += " "
		}
		s += genome.Card(bits.TrailingZeros64(x)).String()
	}
	return s + "}"
}

// load compiles and loads a genome.
func load(tb testing.TB, g *genome.Genome) *Program {
	tb.Helper()
	code, err := compile.Compile(g)
	if err != nil {
		tb.Fatalf("compile: %v", err)
	}
	p, err := Load(code)
	if err != nil {
		tb.Fatalf("load: %v", err)
	}
	return p
}

// namedProgram is a seed game the VM can load.
type namedProgram struct {
	name string
	p    *Program
}

// vmSeeds returns every seed game of the library that compiles and loads.
// The library grows ahead of the VM: a seed that does not load yet is
// logged and left out here (the compiler's and loader's own tests cover
// that), so that these tests keep testing what the VM runs.
func vmSeeds(tb testing.TB) []namedProgram {
	tb.Helper()
	var out []namedProgram
	for _, name := range genome.SeedNames() {
		g, err := genome.Seed(name)
		if err != nil {
			tb.Logf("seed %s does not parse: %v", name, err)
			continue
		}
		code, err := compile.Compile(g)
		if err != nil {
			tb.Logf("seed %s does not compile (left out): %v", name, err)
			continue
		}
		p, err := Load(code)
		if err != nil {
			tb.Logf("seed %s does not load (left out): %v", name, err)
			continue
		}
		out = append(out, namedProgram{name, p})
	}
	for _, must := range []string{"crazy-eights", "uno-style", "war"} {
		found := false
		for _, np := range out {
			found = found || np.name == must
		}
		if !found {
			tb.Errorf("seed %s is not playable", must)
		}
	}
	return out
}

// term shorthands for legality predicates.
var (
	tCardRank = genome.Term{Kind: genome.TermCardRank}
	tCardSuit = genome.Term{Kind: genome.TermCardSuit}
	tTopRank  = genome.Term{Kind: genome.TermTopRank}
	tTopSuit  = genome.Term{Kind: genome.TermTopSuit}
)

// suitMatch is the legality "the card follows the active suit".
func suitMatch() *genome.Expr {
	e := genome.Compare(genome.OpEq, tCardSuit, tTopSuit)
	return &e
}

// labGenome is a fan-hand shedding game for effect scenarios: up to 8 seats,
// a full deck, one card dealt each, a starter, reshuffles, one play phase
// where a card must follow the active suit (so a test controls which card a
// seat plays by the suits it holds), draw_max 1, the given effects, and
// first-out-wins.
func labGenome(effects ...genome.Effect) *genome.Genome {
	return &genome.Genome{
		Schema:    genome.SchemaVersion,
		Seats:     genome.Seats{Min: 2, Max: 8, Default: 4},
		Hand:      cardrules.HandFan,
		Deal:      genome.Deal{Cards: 1, Starter: true},
		Reshuffle: true,
		Turn:      []genome.Phase{{Kind: cardrules.PhasePlay, Legal: suitMatch(), DrawMax: 1}},
		Effects:   effects,
		End: genome.End{
			Conditions: []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}},
			Until:      cardrules.UntilFirstOut,
		},
		TurnCap: 500,
	}
}

// warGenome is the war seed with the given battle parameters and effects.
func warGenome(tb testing.TB, faceDown int, ret genome.Returns, effects ...genome.Effect) *genome.Genome {
	g := testkit.SeedGenome(tb, "war")
	g.Seats = genome.Seats{Min: 2, Max: 4, Default: 2}
	g.Turn[0].WarFaceDown = faceDown
	g.Turn[0].Returns = ret
	g.Effects = effects
	return g
}

func eff(rank string, typ genome.EffectType, target genome.Target, value int) genome.Effect {
	r, err := cardrules.ParseRank(rank)
	if err != nil {
		panic(err)
	}
	return genome.Effect{Rank: r, Type: typ, Target: target, Value: value}
}

// layout is a hand-built state. Fan hands and piles are given per seat (a
// pile top first); stock and discard bottom first (the top is last). Every
// deck card not placed is put out of play, so that conservation holds.
type layout struct {
	hands [][]uint8
	stock []uint8
	disc  []uint8
	table []uint8
	cur   int
	dir   int // 0 means +1
	out   []int
}

// newLab returns a machine of p with n seats and the given policies, reset
// from seed 1 and then overwritten with l.
func newLab(tb testing.TB, p *Program, n int, pol []Policy, l layout) *Machine {
	tb.Helper()
	m := mustMachine(p, n, pol)
	m.reset(1)
	m.apply(tb, l)
	return m
}

func (m *Machine) apply(tb testing.TB, l layout) {
	tb.Helper()
	m.hand = [MaxSeats]uint64{}
	m.count = [MaxSeats]uint8{}
	m.empty = 0xff
	for i := range m.piles {
		m.piles[i].head, m.piles[i].n = 0, 0
	}
	m.stockN, m.discN, m.tableN, m.goneN = 0, 0, 0, 0
	var placed uint64
	place := func(c uint8) {
		if placed&(1<<c) != 0 {
			tb.Fatalf("layout places %v twice", genome.Card(c))
		}
		placed |= 1 << c
	}
	for s, h := range l.hands {
		for _, c := range h {
			place(c)
			m.give(s, c)
		}
	}
	for _, c := range l.stock {
		place(c)
		m.stock[m.stockN] = c
		m.stockN++
	}
	for _, c := range l.disc {
		place(c)
		m.disc[m.discN] = c
		m.discN++
	}
	for _, c := range l.table {
		place(c)
		m.table[m.tableN] = c
		m.tableN++
	}
	for _, c := range m.p.deck[:m.p.deckN] {
		if placed&(1<<c) == 0 {
			m.gone[m.goneN] = c
			m.goneN++
		}
	}
	m.score = [MaxSeats]int32{}
	m.played, m.last, m.mustPlay, m.next, m.again = 0, -1, -1, -1, false
	if m.discN > 0 {
		top := m.disc[m.discN-1]
		m.suit = suitOf[top]
		m.last = int16(top)
		for _, c := range l.disc {
			m.played |= 1 << suitOf[c]
		}
	}
	m.active = uint8(1<<m.n - 1)
	m.nActive = m.n
	m.nOut = 0
	for _, s := range l.out {
		m.active &^= 1 << s
		m.nActive--
		m.outOrder[m.nOut] = int8(s)
		m.outRes[m.nOut] = 1 // a loser: only the seats matter here
		m.nOut++
	}
	m.cur = l.cur
	m.dir = 1
	if l.dir != 0 {
		m.dir = l.dir
	}
	m.skip = 0
	m.over = false
	m.res = Result{}
	if err := checkConservation(m); err != nil {
		tb.Fatalf("hand-built layout: %v", err)
	}
}

// pileCards returns seat s's pile, top first.
func (m *Machine) pileCards(s int) []uint8 {
	q := &m.piles[s]
	out := make([]uint8, 0, q.n)
	for i := range q.n {
		out = append(out, q.c[(q.head+i)%pileCap])
	}
	return out
}

// checkConservation reports whether every card of the program's deck is in
// exactly one zone (fan hands, piles, stock, discard pile, table, out of
// play, tableau) and no other card is anywhere, and whether each seat's count
// matches what it holds. It is cheap (no allocation unless it fails), so
// that it can run after every turn of long games.
func checkConservation(m *Machine) error {
	// Zones: 0..7 the seats' hands or piles, then these.
	const (
		zStock = MaxSeats + iota
		zDisc
		zTable
		zGone
		zTableau
		zLayout
		zPlaying
		zClaims
		zMelds
		zDealer
	)
	zoneName := func(z int) string {
		switch z {
		case zStock:
			return "stock"
		case zDisc:
			return "discard"
		case zTable:
			return "table"
		case zGone:
			return "out of play"
		case zLayout:
			return "layout"
		case zPlaying:
			return "being played"
		case zTableau:
			return "tableau"
		case zClaims:
			return "claim pile"
		case zMelds:
			return "melds"
		case zDealer:
			return "the dealer's hand"
		}
		return fmt.Sprintf("seat %d", z)
	}
	var seen [cardrules.MaxCardID]uint8
	var zone [cardrules.MaxCardID]int8
	var bad error
	note := func(c uint8, z int) {
		if bad != nil {
			return
		}
		if !cardrules.Card(c).Valid() {
			bad = fmt.Errorf("card index %d in %s", c, zoneName(z))
			return
		}
		if seen[c] > 0 {
			bad = fmt.Errorf("card %v is both in %s and in %s", genome.Card(c), zoneName(int(zone[c])), zoneName(z))
		}
		seen[c]++
		zone[c] = int8(z)
	}
	for s := range m.n {
		h := m.hand[s]
		for x := h; x != 0; x &= x - 1 {
			note(uint8(bits.TrailingZeros64(x)), s)
		}
		for x := m.hand2[s]; x != 0; x &= x - 1 {
			note(uint8(bits.TrailingZeros64(x))+cardrules.PackStride, s)
		}
		if (h|m.hand2[s])>>cardrules.MaxCards != 0 {
			return fmt.Errorf("seat %d's hand has bits above card %d: %#x %#x", s, cardrules.MaxCards-1, h, m.hand2[s])
		}
		if !m.p.twoPacks && m.hand2[s] != 0 {
			return fmt.Errorf("seat %d holds second-pack cards %#x in a one-pack game", s, m.hand2[s])
		}
		q := &m.piles[s]
		if int(q.n) > cardrules.MaxDeck {
			return fmt.Errorf("seat %d's pile has %d cards", s, q.n)
		}
		for i := range q.n {
			note(q.c[(q.head+i)%pileCap], s)
		}
		held := bits.OnesCount64(h) + bits.OnesCount64(m.hand2[s]) + int(q.n)
		if int(m.count[s]) != held {
			return fmt.Errorf("seat %d: count %d but holds %d cards (fan %d, pile %d)", s, m.count[s], held, bits.OnesCount64(h), q.n)
		}
		if m.p.pileHands && h != 0 {
			return fmt.Errorf("seat %d holds a fan hand %s in a pile-hand game", s, cardNames(h))
		}
		if !m.p.pileHands && q.n != 0 {
			return fmt.Errorf("seat %d holds a pile in a fan-hand game", s)
		}
	}
	for s := m.n; s < MaxSeats; s++ {
		if m.hand[s] != 0 || m.hand2[s] != 0 || m.count[s] != 0 {
			return fmt.Errorf("seat %d does not exist but holds cards", s)
		}
	}
	for _, z := range [...]struct {
		z  int
		cs []uint8
		n  int
	}{
		{zStock, m.stock[:], m.stockN},
		{zDisc, m.disc[:], m.discN},
		{zTable, m.table[:], m.tableN},
		{zGone, m.gone[:], m.goneN},
	} {
		if z.n < 0 || z.n > cardrules.MaxDeck {
			return fmt.Errorf("%s has %d cards", zoneName(z.z), z.n)
		}
		for _, c := range z.cs[:z.n] {
			note(c, z.z)
		}
	}
	for x := m.tab; x != 0; x &= x - 1 {
		note(uint8(bits.TrailingZeros64(x)), zTableau)
	}
	var lay [cardrules.MaxDeck]uint8
	if n := m.lay.cards(lay[:]); n != m.layN {
		return fmt.Errorf("the layout holds %d cards, its count says %d", n, m.layN)
	}
	for _, c := range lay[:m.layN] {
		note(c, zLayout)
	}
	if m.capCard >= 0 {
		// The card played while its captures are chosen.
		note(uint8(m.capCard), zPlaying)
	}
	var pile [cardrules.MaxDeck]uint8
	if n := m.claimPile.cards(pile[:]); n != int(m.claimN) {
		return fmt.Errorf("the claim pile holds %d cards, its count says %d", n, m.claimN)
	}
	if m.claimCur.andNot(m.claimPile) != (pair{}) && m.claimN > 0 {
		return fmt.Errorf("the current claim's cards are not all on the claim pile")
	}
	for _, c := range pile[:m.claimN] {
		note(c, zClaims)
	}
	for _, c := range pile[:m.mt.melded.cards(pile[:])] {
		note(c, zMelds)
	}
	for _, c := range pile[:m.dealerCards.cards(pile[:])] {
		note(c, zDealer)
	}
	if bad != nil {
		return bad
	}
	var inDeck [cardrules.MaxCardID]bool
	for _, c := range m.p.deck[:m.p.deckN] {
		inDeck[c] = true
	}
	for c := range cardrules.MaxCardID {
		switch {
		case inDeck[c] && seen[c] == 0:
			return fmt.Errorf("card %v is in no zone", genome.Card(c))
		case !inDeck[c] && seen[c] > 0:
			return fmt.Errorf("card %v is not in the deck but is in %s", genome.Card(c), zoneName(int(zone[c])))
		}
	}
	return nil
}

// checkSeats reports a broken seat invariant: the active mask and count
// agree; the direction is ±1; 0 <= skip <= active-1; a game not over has
// an active current seat (between turns) and at least two seats in (one
// against a dealer, the others sitting out); seats
// out hold no cards (a seat leaves only with an empty hand, or with its
// cards put on the table in a war); the out order lists exactly the seats
// not active.
func checkSeats(m *Machine, betweenTurns bool) error {
	if m.active>>m.n != 0 {
		return fmt.Errorf("active mask %08b has seats beyond %d", m.active, m.n)
	}
	if bits.OnesCount8(m.active) != m.nActive {
		return fmt.Errorf("active mask %08b but nActive %d", m.active, m.nActive)
	}
	if m.dir != 1 && m.dir != -1 {
		return fmt.Errorf("direction %d", m.dir)
	}
	if m.skip < 0 || m.skip > max(m.nActive-1, 0) {
		return fmt.Errorf("skip %d with %d active seats", m.skip, m.nActive)
	}
	if m.cur < 0 || m.cur >= m.n {
		return fmt.Errorf("current seat %d of %d", m.cur, m.n)
	}
	if betweenTurns && !m.over {
		if !m.isActive(m.cur) {
			return fmt.Errorf("current seat %d is out (active %08b)", m.cur, m.active)
		}
		if m.skip != 0 {
			return fmt.Errorf("skip %d left over between turns", m.skip)
		}
	}
	if !m.over && m.nActive < 2 && !(m.p.dealerOn && m.nActive == 1) {
		// (Against a dealer one seat plays on alone: the others sat out.)
		return fmt.Errorf("game goes on with %d seats in", m.nActive)
	}
	if m.nOut+m.nActive != m.n {
		return fmt.Errorf("%d seats out and %d in, of %d", m.nOut, m.nActive, m.n)
	}
	for i := range m.nOut {
		s := int(m.outOrder[i])
		if m.isActive(s) {
			return fmt.Errorf("seat %d is listed out but active", s)
		}
		if m.count[s] != 0 && !m.p.meldOut { // (a seat that knocked holds its cards)
			return fmt.Errorf("seat %d is out but holds %d cards", s, m.count[s])
		}
	}
	for s := range m.n {
		if e := m.empty&(1<<s) != 0; e != (m.count[s] == 0) {
			return fmt.Errorf("seat %d: empty bit %v but holds %d cards", s, e, m.count[s])
		}
	}
	if m.suit > uint8(cardrules.NoSuit) || m.suit == uint8(cardrules.NoSuit) && !deckHas(m.p, uint8(cardrules.FirstJoker)) {
		return fmt.Errorf("active suit %d", m.suit)
	}
	if m.tableN != 0 && betweenTurns {
		return fmt.Errorf("%d cards left on the table between turns", m.tableN)
	}
	if m.due > cardrules.MaxDemand || m.due > 0 && (m.demander < 0 || int(m.demander) >= m.n || !m.p.captures) {
		return fmt.Errorf("a pending demand of %d cards from seat %d", m.due, m.demander)
	}
	return nil
}

// checkState is checkConservation, checkChips, checkSeats and
// checkLasting.
func checkState(m *Machine, betweenTurns bool) error {
	if err := checkConservation(m); err != nil {
		return err
	}
	if err := checkChips(m); err != nil {
		return err
	}
	if err := checkLasting(m, betweenTurns); err != nil {
		return err
	}
	if err := checkMelds(m); err != nil {
		return err
	}
	return checkSeats(m, betweenTurns)
}

// checkChips: with chips, no seat holds fewer than none, and the seats'
// chips, the pool and the house's (against a dealer) sum to the seats
// times the stake; without, there is no pool.
func checkChips(m *Machine) error {
	sum := int(m.pot) + int(m.house)
	for s := range m.n {
		if m.p.chips.Stake > 0 && m.score[s] < 0 {
			return fmt.Errorf("seat %d holds %d chips", s, m.score[s])
		}
		sum += int(m.score[s])
	}
	if c := m.p.chips; c.Stake > 0 && sum != m.n*c.Stake {
		return fmt.Errorf("%d chips in the scores and the pool, not %d seats of %d", sum, m.n, c.Stake)
	} else if c.Stake == 0 && m.pot != 0 {
		return fmt.Errorf("a pool of %d chips in a game without chips", m.pot)
	}
	return nil
}

// checkLasting: at most cardrules.MaxActive effects are active, each over
// some seat; between turns none counted in turns has run out (it would
// have ended); the per-seat values are those the active effects give.
// (A seat out may still be the source of one that does not persist: a
// triggered effect of its going out starts after it is out.)
func checkLasting(m *Machine, betweenTurns bool) error {
	if m.actN < 0 || m.actN > cardrules.MaxActive {
		return fmt.Errorf("%d active effects", m.actN)
	}
	for i, a := range m.act[:m.actN] {
		switch {
		case a.seats == 0 || a.seats>>m.n != 0:
			return fmt.Errorf("active effect %d over seats %08b", i, a.seats)
		case !a.typ.Lasts():
			return fmt.Errorf("active effect %d of immediate type %s", i, a.typ)
		case betweenTurns && a.dur == cardrules.ForTurns && a.end <= m.res.Turns:
			return fmt.Errorf("active effect %d ran out at turn %d and is still active at %d", i, a.end, m.res.Turns)
		}
	}
	if int(m.delN) > cardrules.MaxDelayed || betweenTurns && m.delaying != 0 {
		return fmt.Errorf("%d delayed effects waiting, resolving at %d", m.delN, m.delaying)
	}
	for i, d := range m.delQ[:m.delN] {
		switch {
		case d.seats == 0 && m.delaying == 0 || d.seats>>m.n != 0:
			// (While they resolve, one whose seats are all hit waits
			// to be removed.)
			return fmt.Errorf("delayed effect %d over seats %08b", i, d.seats)
		case d.at == cardrules.ResolveNow || d.at != d.e.at:
			return fmt.Errorf("delayed effect %d resolves at %s", i, d.at)
		case betweenTurns && !m.over && d.at == cardrules.ResolveTurnEnd && m.res.Turns > 0:
			// (The starter's wait for the first turn's end.)
			return fmt.Errorf("delayed effect %d waits for a turn's end between turns", i)
		}
	}
	if betweenTurns && !m.over && m.res.Turns > 0 && len(m.p.rules) > 0 && !m.cardPass.due {
		// The rules' groups are those of the state at the turn's end
		// (not recomputed once the game is over, nor while a new deal's
		// pass is due: the deal's start ends with them, after the pass).
		rl, rlN := m.rl, m.rlN
		m.rerule()
		if m.rl != rl || m.rlN != rlN {
			return fmt.Errorf("the rules' groups are stale")
		}
	}
	want := m.lasting
	m.relast()
	got := m.lasting
	if m.actN == 0 {
		// (Ends are read only while an effect is active.)
		got.turnEnd, got.srcTurn, got.trickEnd, got.srcOut = want.turnEnd, want.srcTurn, want.trickEnd, want.srcOut
	}
	if want != got {
		return fmt.Errorf("per-seat values of the active effects are stale")
	}
	return nil
}

// playChecked plays one game like Machine.Play, checking every invariant
// after the deal and after every turn; it returns the result and the first
// problem found (with the turn it happened in).
func playChecked(m *Machine, seed uint64) (Result, error) {
	m.plain = true // the general turn, which Play's specialised ones must match
	defer func() { m.plain = false }()
	m.reset(seed)
	if err := checkState(m, true); err != nil {
		return m.res, fmt.Errorf("after the deal: %w", err)
	}
	for {
		if m.cardPass.due {
			m.passCards()
			if err := checkState(m, true); err != nil {
				return m.res, fmt.Errorf("after the pass of deal %d: %w", m.dealNo, err)
			}
		}
		if m.bidDue {
			m.bidRound()
			if err := checkBids(m); err != nil {
				return m.res, fmt.Errorf("after the bids of deal %d: %w", m.dealNo, err)
			}
		}
		if m.dealerDue {
			m.dealerRound()
			if err := checkState(m, true); err != nil {
				return m.res, fmt.Errorf("after the dealer's deal %d: %w", m.dealNo, err)
			}
		}
		if m.betDue {
			m.betRounds()
			if !m.capped {
				if err := checkBets(m); err != nil {
					return m.res, fmt.Errorf("after the betting of deal %d: %w", m.dealNo, err)
				}
			}
		}
		if m.capped {
			m.res.Winner = Capped
			m.res.Deals = int(m.dealNo) + 1
			return m.res, nil
		}
		if m.starterDue && m.over {
			// As in run: a deal its betting or its dealer ended fires
			// no starter.
			m.starterDue = false
		}
		if m.starterDue {
			m.fireStarter()
			if err := checkState(m, true); err != nil {
				return m.res, fmt.Errorf("after the starter's effects: %w", err)
			}
		}
		for !m.over {
			if m.res.Turns >= m.p.turnCap {
				m.res.Winner = Capped
				m.res.Deals = int(m.dealNo) + 1
				return m.res, nil
			}
			if m.steps > m.budget {
				m.res.Winner = Aborted
				m.res.Deals = int(m.dealNo) + 1
				return m.res, nil
			}
			prevTurns := m.res.Turns
			seat := m.cur
			m.turn()
			if m.res.Turns != prevTurns+1 {
				return m.res, fmt.Errorf("turn %d: turn counter went to %d", prevTurns+1, m.res.Turns)
			}
			if err := checkState(m, true); err != nil {
				return m.res, fmt.Errorf("after turn %d (seat %d): %w", m.res.Turns, seat, err)
			}
		}
		if !m.p.dealEnd {
			break
		}
		// The deal's scores: a deal's end adds the hand scores and the
		// moon's to the totals, and a later deal starts from the totals.
		before, k := m.score, m.dealNo
		want := dealEndScores(m)
		again := m.endDeal()
		if again {
			if m.dealNo != k+1 || m.over || m.nOut != 0 || m.dir != 1 || m.nActive != m.n {
				return m.res, fmt.Errorf("deal %d starts from deal %d in a bad state: over %v, %d out, direction %d", m.dealNo, k, m.over, m.nOut, m.dir)
			}
			if err := checkState(m, true); err != nil {
				return m.res, fmt.Errorf("after the deal of deal %d: %w", m.dealNo, err)
			}
		}
		// (Sets laid down as a new deal is dealt score at once.)
		for s := range m.n {
			// (Chips move as the deal's end settles them and the next
			// deal's ante is paid: checkState counts them.)
			if (!again || m.p.scoreMeld == 0) && m.p.chips.Stake == 0 && m.score[s] != before[s]+want[s] {
				return m.res, fmt.Errorf("deal %d: seat %d's total went from %d to %d, want %d more", k, s, before[s], m.score[s], want[s])
			}
		}
		if !again {
			break
		}
	}
	m.res.Deals = int(m.dealNo) + 1
	m.res.Winner = m.finish()
	return m.res, nil
}

// deckHas reports whether card c is in p's deck.
func deckHas(p *Program, c uint8) bool {
	for _, d := range p.deck[:p.deckN] {
		if d == c {
			return true
		}
	}
	return false
}

// dealEndScores is what a deal's end adds to each seat's total, computed
// independently: each card left in a hand scores its hand rules, and a
// seat holding every card the card rules score (it won them all) gives
// their points to every other seat.
func dealEndScores(m *Machine) [MaxSeats]int32 {
	var out [MaxSeats]int32
	won := m.won
	if m.p.capture && m.lastCap >= 0 {
		// The last seat to capture takes the layout and its points,
		// before the finishing order and the moon are judged.
		var lay [cardrules.MaxDeck]uint8
		for _, c := range lay[:m.lay.cards(lay[:])] {
			out[m.lastCap] += int32(m.p.points[c])
			won[m.lastCap].add(c)
		}
	}
	tallied := tallyScores(m.p, won[:m.n])
	contracts := contractScores(m)
	for s := range m.n {
		out[s] += tallied[s] + contracts[s]
	}
	if k := m.deadwoods(); m.p.deadwood && k >= 0 {
		// The seat out scores the others' deadwood above its own; a
		// seat with no more than it (it having some) scores the
		// difference and the undercut bonus; none after a knock is gin.
		d := m.dwBest
		for s := range m.n {
			if s == k {
				continue
			}
			if d[s] > d[k] {
				out[k] += int32(d[s] - d[k])
			} else if d[k] > 0 {
				out[s] += int32(d[k]-d[s]) + m.p.undercut
			}
		}
		if m.p.meldOut && d[k] == 0 {
			out[k] += m.p.gin
		}
	}
	gathered := out
	for s := range m.n {
		for c := range uint8(cardrules.MaxCardID) {
			if m.hands(s)[c/cardrules.PackStride]&(1<<(c%cardrules.PackStride)) != 0 {
				out[s] += int32(m.p.handPts[c])
			}
		}
	}
	if m.p.hasFinish {
		// The finishing order: seats out as winners as they went out,
		// then those still in by standing, then losers, the last out first.
		var order []int
		for i := range m.nOut {
			if m.outRes[i] == cardrules.ResultWin {
				order = append(order, int(m.outOrder[i]))
			}
		}
		var in []int
		for s := range m.n {
			if m.isActive(s) {
				in = append(in, s)
			}
		}
		// (Standings count the layout's points and the won-card
		// comparisons', scored first.)
		saved := m.score
		for t := range m.n {
			m.score[t] += gathered[t]
		}
		sort.SliceStable(in, func(i, j int) bool {
			a, b := m.standing(in[i]), m.standing(in[j])
			return a != b && m.better(a, b)
		})
		m.score = saved
		order = append(order, in...)
		for i := m.nOut - 1; i >= 0; i-- {
			if m.outRes[i] != cardrules.ResultWin {
				order = append(order, int(m.outOrder[i]))
			}
		}
		for i, s := range order {
			out[s] += m.p.finishPts[i]
		}
	}
	if m.p.moon {
		for s := range m.n {
			all := true
			for c := range uint8(cardrules.MaxCardID) {
				if m.p.points[c] != 0 && won[s][c/cardrules.PackStride]&(1<<(c%cardrules.PackStride)) == 0 && deckHas(m.p, c) {
					all = false
				}
			}
			if all {
				for t := range m.n {
					if t == s {
						out[t] -= m.p.moonPts
					} else {
						out[t] += m.p.moonPts
					}
				}
			}
		}
	}
	return out
}

// rapidShort bounds rapid's shrinking in short mode (unless the flag was
// given), so that a failing property does not cost the default 30 seconds
// of minimisation in every short run; and writes no fail files then.
func rapidShort() {
	if !testing.Short() {
		return
	}
	given := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if !given["rapid.shrinktime"] {
		flag.Set("rapid.shrinktime", "3s")
	}
	if !given["rapid.nofailfile"] {
		flag.Set("rapid.nofailfile", "true")
	}
}

// perSeat returns one policy per seat of a seats-seat game, cycling
// through pol (which must not be empty), as Batch and NewMachine require
// of a list of more than one policy.
func perSeat(pol []Policy, seats int) []Policy {
	out := make([]Policy, seats)
	for s := range out {
		out[s] = pol[s%len(pol)]
	}
	return out
}

// mustMachine is NewMachine for tests whose seats and policies are right
// by construction.
func mustMachine(p *Program, seats int, policies []Policy) *Machine {
	m, err := NewMachine(p, seats, policies)
	if err != nil {
		panic(err)
	}
	return m
}

// mustReplay is Replay for tests whose seats and policies are right by
// construction.
func mustReplay(p *Program, seats int, policies []Policy, batchSeed, i uint64) *Trace {
	t, err := Replay(p, seats, policies, batchSeed, i)
	if err != nil {
		panic(err)
	}
	return t
}

// tallyScores is what the won-card comparisons score each seat as a deal
// ends, its won cards won[s]: card by card, each most rule's points to
// the one seat with the most cards it counts (at least one), then the
// best-of-each-suit points to the one seat with the best total.
func tallyScores(p *Program, won []pair) (out [MaxSeats]int32) {
	alone := func(v []int, least int) int {
		best := slices.Max(v)
		if best < least {
			return -1
		}
		n := 0
		for _, x := range v {
			if x == best {
				n++
			}
		}
		if n != 1 {
			return -1
		}
		return slices.Index(v, best)
	}
	for i := range p.mostN {
		v := make([]int, len(won))
		for s := range won {
			for c := range uint8(cardrules.MaxCardID) {
				if won[s][c/cardrules.PackStride]&(1<<(c%cardrules.PackStride)) != 0 && p.mostSet[i]&(1<<(c%cardrules.PackStride)) != 0 {
					v[s]++
				}
			}
		}
		if s := alone(v, 1); s >= 0 {
			out[s] += int32(p.mostPts[i])
		}
	}
	if p.bestPts == 0 {
		return out
	}
	v := make([]int, len(won))
	for s := range won {
		for u := range cardrules.NumSuits {
			if p.suitMask&(1<<u) == 0 {
				continue
			}
			best := -1
			for c := range uint8(cardrules.MaxCardID) {
				f := c % cardrules.PackStride
				if won[s][c/cardrules.PackStride]&(1<<f) != 0 && cardrules.Card(f).Rank() != cardrules.Joker && int(cardrules.Card(f).Suit()) == u {
					best = max(best, int(p.bestVal[f]))
				}
			}
			if best < 0 {
				v[s] = -1
				break
			}
			v[s] += best
		}
	}
	if s := alone(v, 0); s >= 0 {
		out[s] += int32(p.bestPts)
	}
	return out
}

// checkMelds: the melds on the table hold exactly the melded cards, each
// a valid meld (a set of one standard rank, a run of one suit at
// consecutive positions, one card each), complete unless it is the one
// being laid, and their counts agree.
func checkMelds(m *Machine) error {
	t := &m.mt
	p := m.p
	var cards [cardrules.MaxDeck]uint8
	n := t.melded.cards(cards[:])
	total := 0
	var seenPos [maxMelds]uint16 // the positions of each run's cards
	// (A card belongs to the meld whose rank or suit and span it fits;
	// runs of one suit never overlap, two sets of one rank may share
	// their cards between them in any way.)
	for i, md := range t.melds[:t.meldN] {
		total += int(md.n)
		least := p.meldRuns
		if md.set {
			least = p.meldSets
		}
		if md.n < least && (!t.open || i != int(t.meldN)-1) && md.n > 1 {
			return fmt.Errorf("meld %d holds %d cards, fewer than %d", i, md.n, least)
		}
		if !md.set && md.n > 1 && int(md.hi-md.lo)+1 != int(md.n) {
			return fmt.Errorf("run %d spans positions %d..%d with %d cards", i, md.lo, md.hi, md.n)
		}
	}
	if total != n {
		return fmt.Errorf("the melds count %d cards, the table holds %d", total, n)
	}
	for _, c := range cards[:n] {
		f := c % cardrules.PackStride
		if p.pmBit[f] == noFace {
			return fmt.Errorf("card %v is a joker in a meld", genome.Card(c))
		}
		fits := false
		for i, md := range t.melds[:t.meldN] {
			if md.set && rankOf[f] == md.rank || !md.set && md.n > 1 && suitOf[f] == md.suit && p.posOf[f] >= md.lo && p.posOf[f] <= md.hi ||
				!md.set && md.n == 1 && f == md.first {
				fits = true
				seenPos[i] |= 1 << p.posOf[f]
			}
		}
		if !fits {
			return fmt.Errorf("card %v on the table fits no meld", genome.Card(c))
		}
	}
	for i, md := range t.melds[:t.meldN] {
		// (Two packs: the other copy of a card may be in another run of
		// the suit over the same positions.)
		if !md.set && md.n > 1 && bits.OnesCount16(seenPos[i]) != int(md.n) {
			return fmt.Errorf("run %d has %d cards but %d of its positions are on the table", i, md.n, bits.OnesCount16(seenPos[i]))
		}
	}
	return nil
}

// checkBids checks a deal's bids once made, and the sides' bags: every
// seat bid one of its options (nil only where the contract allows it, at
// most the cards it holds or 1, and never above cardrules.MaxBid); no
// trick is won yet; each side's bags are below the count that costs the
// penalty, and no seat but a side's first has any.
func checkBids(m *Machine) error {
	p := m.p
	for s := range m.n {
		b := int(m.bids[s])
		hi := max(1, min(int(m.count[s]), cardrules.MaxBid))
		switch {
		case b < 0 || b > hi:
			return fmt.Errorf("seat %d bid %d, want 0..%d", s, b, hi)
		case b == 0 && p.kNil == 0:
			return fmt.Errorf("seat %d bid nil, which the contract does not allow", s)
		case m.tricks[s] != 0:
			return fmt.Errorf("seat %d has won %d tricks before the deal's play", s, m.tricks[s])
		}
		if m.bags[s] < 0 || p.kBags > 0 && int32(m.bags[s]) >= p.kBags || m.bags[s] != 0 && m.side(s) != s {
			return fmt.Errorf("seat %d holds %d bags (a penalty every %d)", s, m.bags[s], p.kBags)
		}
	}
	return nil
}

// contractScores recomputes the deal's contract scores from the bids, the
// tricks and the bags, seat by seat: a partnership (seats of one parity,
// with teams) scores at its first seat.
func contractScores(m *Machine) (out [MaxSeats]int32) {
	p := m.p
	if !p.contract {
		return out
	}
	first := func(s int) int {
		if p.teams == 2 {
			return s % 2
		}
		return s
	}
	var bid, won [MaxSeats]int32
	for s := range m.n {
		switch b := int32(m.bids[s]); {
		case b > 0:
			bid[first(s)] += b
			won[first(s)] += int32(m.tricks[s])
		case m.tricks[s] == 0:
			out[first(s)] += p.kNil
		default:
			out[first(s)] -= p.kNil
		}
	}
	for f := range m.n {
		switch {
		case bid[f] == 0:
		case won[f] < bid[f]:
			out[f] -= bid[f] * p.kTrick
		default:
			out[f] += bid[f]*p.kTrick + (won[f]-bid[f])*p.kOver
			if p.kBags > 0 {
				out[f] -= (int32(m.bags[f]) + won[f] - bid[f]) / p.kBags * p.kPenalty
			}
		}
	}
	return out
}

// checkBets checks the betting once it is over: every seat still in that
// is not all in has put in as much as the most any seat has in the last
// round, a seat that folded is out as a loser, and the deal is over when
// one seat is left in or the program has no phases.
func checkBets(m *Machine) error {
	if err := checkState(m, true); err != nil {
		return err
	}
	b := &m.betState
	in := m.betsIn()
	for s := range m.n {
		if in&(1<<s) == 0 {
			if m.isActive(s) {
				return fmt.Errorf("seat %d folded but is still in", s)
			}
			continue
		}
		if m.score[s] > 0 && b.put[s] != b.high && bits.OnesCount8(in) > 1 {
			return fmt.Errorf("seat %d is in with %d chips left but put in %d of the round's %d", s, m.score[s], b.put[s], b.high)
		}
	}
	if (bits.OnesCount8(in) <= 1 || m.p.nPhases == 0) && !m.over {
		return fmt.Errorf("%d seats left in, %d phases, but the deal is not over", bits.OnesCount8(in), m.p.nPhases)
	}
	return nil
}
