package vm

import (
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Rules of climb phases (the vm package doc, "Climbing"), on President:
// threes low, twos high, one climb phase of max 4, hand_empty -> win,
// until one_left.

// climbScript is a Player that makes the listed choices in order (a card, or
// OptPass or OptDone), failing t when one is not offered.
type climbScript struct {
	t    *testing.T
	want []uint8
}

func (s *climbScript) Choose(d *Decision) int {
	s.t.Helper()
	if len(s.want) == 0 {
		s.t.Fatalf("an unscripted decision: seat %d, kind %d, options %v", d.View.Seat, d.Kind, d.Options)
	}
	o := s.want[0]
	s.want = s.want[1:]
	i := slices.Index(d.Options, o)
	if i < 0 {
		s.t.Fatalf("seat %d is not offered %d among %v", d.View.Seat, o, d.Options)
	}
	return i
}

// TestClimbHandBuilt plays a hand-built deal of President at 4 seats to
// its end: a lead of a pair of threes, a higher pair, a forced and a
// chosen pass and a pass by the leader clear the table and the pair's
// player leads again; it goes out with a lone two, and when the others
// have passed the table goes to the next seat still in after it; a single
// is beaten twice; the finishing order ranks the players.
func TestClimbHandBuilt(t *testing.T) {
	p := presidentDeal(t)
	m := newLab(t, p, 4, nil, layout{hands: [][]uint8{
		cards("3C", "3D", "9C", "KC"),
		cards("5C", "5D", "2C"),
		cards("4C", "6H"),
		cards("7C", "7D", "8C"),
	}})
	sc := &climbScript{t: t, want: []uint8{cd("3C"), cd("3D"), cd("5C"), OptPass, cd("4C"), cd("8C"), cd("KC")}}
	for s := range 4 {
		m.SetPlayer(s, sc)
	}
	tr := traced(m)
	turns(t, m, 2)
	if v := m.SeatView(2); v.ClimbRank != 3 || v.ClimbCount != 2 || v.ClimbBy != 1 || v.ClimbPassed != 0 {
		t.Fatalf("after the fives, the view's table is rank %d x%d by seat %d, passed %b; want 3 (a five) x2 by seat 1, none",
			v.ClimbRank, v.ClimbCount, v.ClimbBy, v.ClimbPassed)
	}
	turns(t, m, 2)
	if v := m.SeatView(0); v.ClimbPassed != 1<<2|1<<3 {
		t.Fatalf("seats %b have passed, want 2 and 3", v.ClimbPassed)
	}
	turns(t, m, 14)
	if !m.over {
		t.Fatal("the game is not over after 18 turns")
	}
	pass := func(s int8, chose int) event { return event{EvPass, s, "", chose} }
	play := func(s int8, c string) event { return event{EvPlay, s, c, 0} }
	want := []event{
		play(0, "3C"), play(0, "3D"), {EvClimb, 0, "", 2},
		play(1, "5C"), play(1, "5D"), {EvClimb, 1, "", 2},
		pass(2, 0), pass(3, 1), pass(0, 0), {EvClear, 1, "", 0},
		play(1, "2C"), {EvClimb, 1, "", 1}, {EvOut, 1, "", 0},
		pass(2, 0), pass(3, 0), pass(0, 0), {EvClear, 2, "", 0},
		play(2, "4C"), {EvClimb, 2, "", 1},
		play(3, "8C"), {EvClimb, 3, "", 1},
		play(0, "KC"), {EvClimb, 0, "", 1},
		pass(2, 0), pass(3, 0), {EvClear, 0, "", 0},
		play(0, "9C"), {EvClimb, 0, "", 1}, {EvOut, 0, "", 0},
		pass(2, 0), pass(3, 0), {EvClear, 2, "", 0},
		play(2, "6H"), {EvClimb, 2, "", 1}, {EvOut, 2, "", 0},
	}
	if got := events(tr); !slices.Equal(got, want) {
		t.Fatalf("events\n%v\nwant\n%v", got, want)
	}
	ranks := map[int]cardrules.Rank{}
	for _, e := range tr.Events {
		if e.Kind == EvClimb {
			ranks[len(ranks)] = cardrules.Rank(e.Card)
		}
	}
	if ranks[0] != 1 || ranks[1] != 3 || ranks[2] != 0 {
		t.Errorf("the first plays' ranks %v, want 3, 5 and 2 (1, 3, 0)", ranks)
	}
	r := m.res
	r.Winner = m.winner()
	if r.Winner != 1 || r.Plays != 8 || r.Passes != 10 || r.Decisions != 11 || r.Forced != 4 || r.Turns != 18 {
		t.Errorf("result %+v: want seat 1 first, 8 plays, 10 passes, 11 decisions (4 forced), 18 turns", r)
	}
	if got := m.outOrder[:m.nOut]; !slices.Equal(got, []int8{1, 0, 2}) {
		t.Errorf("finishing order %v, want seats 1, 0, 2 (seat 3 last, still in)", got)
	}
	var key [MaxSeats]int
	m.rankKeys(&key)
	if !(key[1] < key[0] && key[0] < key[2] && key[2] < key[3]) {
		t.Errorf("ranking keys %v: want seats 1, 0, 2, 3 in that order", key[:4])
	}
	if len(sc.want) != 0 {
		t.Errorf("choices left unmade: %v", sc.want)
	}
}

// TestClimbLeadMaxAndDone: a lead offers done after its first card and
// stops asking once it has max cards; a follower of a pair is asked for
// its second card with no done, and a seat holding a rank's cards but
// fewer than the play's cannot begin a play of it.
func TestClimbLeadMaxAndDone(t *testing.T) {
	g := testkit.SeedGenome(t, "president")
	g.Turn[0].Max = 2
	p := load(t, g)
	m := newLab(t, p, 4, nil, layout{hands: [][]uint8{
		cards("9C", "9D", "9H", "KD"),
		cards("JC", "JD", "JH", "QC"),
		cards("KC", "3C"),
		cards("AC", "AD", "5C"),
	}})
	var asked []Decision
	rec := playerFunc(func(d *Decision) int {
		c := *d
		c.Options = slices.Clone(d.Options)
		asked = append(asked, c)
		return 0
	})
	for s := range 4 {
		m.SetPlayer(s, rec)
	}
	turns(t, m, 4)
	// Seat 0 leads 9C (first option), then is offered 9D, 9H and done,
	// takes 9D, and is asked nothing more (max 2). Seat 1 follows the pair
	// with a jack: JC, JD, JH and the pass; then JD or JH, no done. Seat 2
	// has no pair: it passes unasked. Seat 3 beats the jacks with aces.
	want := []struct {
		seat int
		kind DecisionKind
		opts []uint8
	}{
		{0, DecideCard, cards("9C", "9D", "KD", "9H")},
		{0, DecideClimb, append(cards("9D", "9H"), OptDone)},
		{1, DecideCard, append(cards("JC", "JD", "JH"), OptPass)},
		{1, DecideClimb, cards("JD", "JH")},
		{3, DecideCard, append(cards("AC", "AD"), OptPass)},
	}
	if len(asked) != len(want) {
		t.Fatalf("%d decisions put, want %d", len(asked), len(want))
	}
	for i, w := range want {
		d := asked[i]
		if d.View.Seat != w.seat || d.Kind != w.kind || !slices.Equal(d.Options, w.opts) {
			t.Errorf("decision %d: seat %d kind %d options %v, want seat %d kind %d %v", i, d.View.Seat, d.Kind, d.Options, w.seat, w.kind, w.opts)
		}
	}
	if v := m.SeatView(0); v.ClimbRank != 12 || v.ClimbCount != 2 || v.ClimbBy != 3 || m.count[0] != 2 {
		t.Errorf("table rank %d x%d by %d, seat 0 holds %d: want aces x2 by seat 3, 2 cards", v.ClimbRank, v.ClimbCount, v.ClimbBy, m.count[0])
	}
}

// TestPresidentRules replays games of the president seed and checks every
// move against the rules written out here: a play is of cards the seat
// held, all of one rank; following, as many cards as the play on the
// table, of a higher rank (twos high, threes low); leading, one to four;
// a seat passes for want of a play only when it has no higher rank in the
// play's number; the table is cleared exactly when every other seat still
// in has passed since the last play, and then the seat that made it leads,
// or the next seat still in after it; and the finishing order ranks.
func TestPresidentRules(t *testing.T) {
	p := presidentDeal(t)
	for _, seats := range []int{4, 5, 7} {
		for i := range uint64(40) {
			tr := mustReplay(p, seats, perSeat([]Policy{Random, Greedy}, seats), 5, i)
			if err := checkPresident(tr); err != nil {
				t.Fatalf("%d seats, game %d: %v", seats, i, err)
			}
		}
	}
}

func checkPresident(tr *Trace) error {
	place := func(r uint8) int { return (int(r) + 12) % 13 } // 2 highest: 3=0 .. A=11, 2=12
	hands := make([]map[uint8]bool, tr.Seats)
	for s, h := range tr.Hands {
		hands[s] = map[uint8]bool{}
		for _, c := range h {
			hands[s][c] = true
		}
	}
	in := make([]bool, tr.Seats)
	for s := range in {
		in[s] = true
	}
	rank, count, by := -1, 0, -1
	passed := map[int]bool{}
	var cur []uint8 // the cards of the play being made
	var out []int
	expectLead := -1
	for _, e := range tr.Events {
		switch e.Kind {
		case EvPlay:
			if !hands[e.Seat][e.Card] {
				return fmt.Errorf("seat %d plays %v, which it does not hold", e.Seat, genome.Card(e.Card))
			}
			delete(hands[e.Seat], e.Card)
			cur = append(cur, e.Card)
		case EvClimb:
			if len(cur) != e.N || e.N < 1 {
				return fmt.Errorf("seat %d's play of %d cards shows %d", e.Seat, e.N, len(cur))
			}
			if expectLead >= 0 && int(e.Seat) != expectLead {
				return fmt.Errorf("seat %d leads, want seat %d", e.Seat, expectLead)
			}
			expectLead = -1
			for _, c := range cur {
				if c%13 != e.Card {
					return fmt.Errorf("seat %d's play of %ss holds %v", e.Seat, cardrules.Rank(e.Card), genome.Card(c))
				}
			}
			if rank >= 0 && (e.N != count || place(e.Card) <= place(uint8(rank))) {
				return fmt.Errorf("seat %d plays %d %ss on %d %ss", e.Seat, e.N, cardrules.Rank(e.Card), count, cardrules.Rank(rank))
			}
			if rank < 0 && e.N > 4 {
				return fmt.Errorf("seat %d leads %d cards", e.Seat, e.N)
			}
			rank, count, by, cur = int(e.Card), e.N, int(e.Seat), nil
			clear(passed)
		case EvPass:
			if rank < 0 {
				if len(hands[e.Seat]) > 0 {
					return fmt.Errorf("seat %d passes on an empty table holding cards", e.Seat)
				}
				continue
			}
			if e.N == 0 {
				held := map[uint8]int{}
				for c := range hands[e.Seat] {
					held[c%13]++
				}
				for r, n := range held {
					if n >= count && place(r) > place(uint8(rank)) {
						return fmt.Errorf("seat %d cannot play, holding %d %ss on %d %ss", e.Seat, n, cardrules.Rank(r), count, cardrules.Rank(rank))
					}
				}
			}
			passed[int(e.Seat)] = true
			all := true
			for s := range in {
				if in[s] && s != by && !passed[s] {
					all = false
				}
			}
			expectLead = -2 // an EvClear must follow when all passed
			if !all {
				expectLead = -1
			}
		case EvClear:
			if expectLead != -2 {
				return fmt.Errorf("the table is cleared before every other seat passed")
			}
			lead := by
			for !in[lead] {
				lead = (lead + 1) % tr.Seats
			}
			if int(e.Seat) != lead {
				return fmt.Errorf("seat %d leads after a clear, want seat %d", e.Seat, lead)
			}
			rank, count, by, expectLead = -1, 0, -1, lead
			clear(passed)
		case EvOut:
			if len(hands[e.Seat]) != 0 || e.Card != 0 {
				return fmt.Errorf("seat %d goes out with result %d holding %d cards", e.Seat, e.Card, len(hands[e.Seat]))
			}
			in[e.Seat] = false
			out = append(out, int(e.Seat))
		}
		if expectLead == -2 && e.Kind != EvPass {
			return fmt.Errorf("every other seat passed, but the table was not cleared (%v)", e)
		}
	}
	if len(out) != tr.Seats-1 || tr.Result.Winner != out[0] || bits.OnesCount8(tr.Result.WinMask) != 1 {
		return fmt.Errorf("winner %d, seats out %v", tr.Result.Winner, out)
	}
	return nil
}

// TestClimbForkResume: copies of President paused at every decision,
// among them a play's further cards (DecideClimb), finish their games as
// the originals did.
func TestClimbForkResume(t *testing.T) {
	p := seedProgram(t, "president")
	kinds := map[DecisionKind]int{}
	for seed := range uint64(4) {
		for at := 0; ; at++ {
			orig, cp := forkAt(p, 5, seed, at)
			if cp == nil {
				break
			}
			kinds[cp.paused]++
			if r := cp.Resume(); r != orig.res || cp.game != orig.game || cp.carry != orig.carry {
				t.Fatalf("seed %d, fork at decision %d (%d): resumed %+v, want %+v", seed, at, cp.paused, r, orig.res)
			}
		}
	}
	if kinds[DecideCard] == 0 || kinds[DecideClimb] == 0 {
		t.Errorf("forks by kind %v: want plays' first cards and further cards", kinds)
	}
}

// TestClimbGreedy: Greedy leads every card of its lowest rank (up to max)
// and follows with the lowest rank it can beat the table with that it
// holds exactly as many cards of, rather than break four fives.
func TestClimbGreedy(t *testing.T) {
	p := seedProgram(t, "president")
	m := newLab(t, p, 4, []Policy{Greedy}, layout{hands: [][]uint8{
		cards("4C", "4D", "4H", "KC"),
		cards("5C", "5D", "5H", "5S", "8C", "8D", "8H"),
		cards("3C"),
		cards("3D"),
	}})
	turns(t, m, 2)
	if v := m.SeatView(2); v.ClimbRank != 6 || v.ClimbCount != 3 || v.ClimbBy != 1 || m.hand[0] != setOf("KC") || m.hand[1] != setOf("5C", "5D", "5H", "5S") {
		t.Errorf("table rank %d x%d by seat %d, hands %s and %s: want three eights by seat 1 on three fours",
			v.ClimbRank, v.ClimbCount, v.ClimbBy, cardNames(m.hand[0]), cardNames(m.hand[1]))
	}
}

// presidentDeal is the president seed played as one deal ranked by the
// finishing order (the seed is a match with an exchange between deals),
// for the tests of climbing's rules within a deal.
func presidentDeal(t *testing.T) *Program {
	g := testkit.SeedGenome(t, "president")
	g.Match, g.Score, g.End.Rank = nil, genome.Score{}, cardrules.RankCards
	return load(t, g)
}
