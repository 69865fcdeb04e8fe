package vm

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// Rules of turn_up phases (the vm package doc, "Turning up and penalty
// captures"), on hand-built piles of Beggar-my-neighbour: jacks demand 1
// card, queens 2, kings 3, aces 4.

// bmnGenome is the beggar-my-neighbour seed with the given returns and
// effects, for 2 to 6 seats.
func bmnGenome(tb testing.TB, ret genome.Returns, effects ...genome.Effect) *genome.Genome {
	g := testkit.SeedGenome(tb, "beggar-my-neighbour")
	g.Turn[0].Returns = ret
	g.Effects = effects
	return g
}

// event is an event of a trace less its turn markers, for comparisons.
type event struct {
	kind EventKind
	seat int8
	card string
	n    int
}

// events lists tr's events but the turn markers, with card names.
func events(tr *Trace) []event {
	var out []event
	for _, e := range tr.Events {
		if e.Kind == EvTurn {
			continue
		}
		c := ""
		if e.Kind == EvPlay || e.Kind == EvDemand || e.Kind == EvDiscard {
			c = genome.Card(e.Card).String()
		}
		out = append(out, event{e.Kind, e.Seat, c, e.N})
	}
	return out
}

// turns plays k turns of m and fails t if the game ends before, or its
// state breaks an invariant between turns.
func turns(t *testing.T, m *Machine, k int) {
	t.Helper()
	for i := range k {
		if m.over {
			t.Fatalf("the game ended after %d of %d turns", i, k)
		}
		m.turn()
		if err := checkState(m, true); err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
	}
}

// TestTurnUpPaymentAndCapture: a king demands three cards of the next
// seat; a queen among them stops the payment and demands two in turn;
// paid in full, the queen's seat takes the discard pile under its pile,
// in pile order or shuffled by one ShuffleBytes, and moves next.
func TestTurnUpPaymentAndCapture(t *testing.T) {
	piles := [][]uint8{cards("KC", "5C", "9C", "2H"), cards("7D", "QD", "3D", "4D")}
	taken := cards("KC", "7D", "QD", "5C", "9C") // the discard pile, bottom first
	for _, ret := range []genome.Returns{cardrules.ReturnsInOrder, cardrules.ReturnsShuffled} {
		p := load(t, bmnGenome(t, ret))
		m := newLab(t, p, 2, nil, layout{hands: piles})
		tr := traced(m)
		turns(t, m, 1)
		if v := m.SeatView(1); v.Demander != 0 || v.Owed != 3 || m.cur != 1 {
			t.Fatalf("%v: after the king, demand %d from seat %d, next seat %d; want 3 from seat 0, seat 1", ret, v.Owed, v.Demander, m.cur)
		}
		turns(t, m, 1)
		if v := m.SeatView(0); v.Demander != 1 || v.Owed != 2 || m.cur != 0 {
			t.Fatalf("%v: after the queen, demand %d from seat %d, next seat %d; want 2 from seat 1, seat 0", ret, v.Owed, v.Demander, m.cur)
		}
		ref := m.rng
		want := slices.Clone(taken)
		if ret == cardrules.ReturnsShuffled {
			ref.ShuffleBytes(want)
		}
		turns(t, m, 1)
		if m.rng != ref {
			t.Errorf("%v: the capture's random draws differ from the doc's", ret)
		}
		wantEvents := []event{
			{EvPlay, 0, "KC", 0}, {EvDemand, 0, "KC", 3},
			{EvPlay, 1, "7D", 0}, {EvPlay, 1, "QD", 0}, {EvDemand, 1, "QD", 2},
			{EvPlay, 0, "5C", 0}, {EvPlay, 0, "9C", 0}, {EvCapture, 1, "", 5},
		}
		if got := events(tr); !slices.Equal(got, wantEvents) {
			t.Errorf("%v: events\n%v\nwant\n%v", ret, got, wantEvents)
		}
		if got, want := m.pileCards(1), append(cards("3D", "4D"), want...); !slices.Equal(got, want) {
			t.Errorf("%v: seat 1's pile %v, want %v", ret, got, want)
		}
		if v := m.SeatView(0); v.Demander != -1 || v.Owed != 0 || m.discN != 0 || v.Discard != 0 {
			t.Errorf("%v: after the capture, demand %d from seat %d, discard pile %d", ret, v.Owed, v.Demander, m.discN)
		}
		if m.cur != 1 || m.res.Captures != 1 || m.res.Interactions != 1 || m.res.Plays != 5 || m.res.Decisions != 0 {
			t.Errorf("%v: next seat %d, captures %d, interactions %d, plays %d, decisions %d; want 1 1 1 5 0",
				ret, m.cur, m.res.Captures, m.res.Interactions, m.res.Plays, m.res.Decisions)
		}
		// The capturer leads: one card, no demand pending.
		turns(t, m, 1)
		if m.discN != 1 || m.disc[0] != cd("3D") || m.cur != 0 {
			t.Errorf("%v: the capturer's next turn left a pile of %d (%v), next seat %d", ret, m.discN, m.disc[:m.discN], m.cur)
		}
	}
}

// TestTurnUpPayerRunsOut: a seat whose pile runs out while it pays is out
// (hand_empty loses); with two seats the game is over and nothing is
// taken, with three the demander takes the pile of what was paid.
func TestTurnUpPayerRunsOut(t *testing.T) {
	p := load(t, bmnGenome(t, cardrules.ReturnsInOrder))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("AC", "2C"), cards("3D", "4D")}})
	turns(t, m, 1)
	m.turn()
	if !m.over || m.winner() != 0 || m.res.Captures != 0 || m.discN != 3 {
		t.Errorf("two seats: over %v, winner %d, captures %d, discard pile %d; want the game over, seat 0 the winner, nothing taken",
			m.over, m.winner(), m.res.Captures, m.discN)
	}
	if err := checkConservation(m); err != nil {
		t.Fatal(err)
	}

	m = newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("AC", "2C"), cards("3D", "4D"), cards("5H", "6H")}})
	tr := traced(m)
	turns(t, m, 2)
	if m.isActive(1) || m.over {
		t.Fatalf("three seats: seat 1 active %v, over %v; want seat 1 out, the game on", m.isActive(1), m.over)
	}
	if got, want := m.pileCards(0), cards("2C", "AC", "3D", "4D"); !slices.Equal(got, want) {
		t.Errorf("three seats: seat 0's pile %v, want %v", got, want)
	}
	if want := []EventKind{EvPlay, EvDemand, EvPlay, EvPlay, EvOut, EvCapture}; !slices.Equal(kinds(tr), want) {
		t.Errorf("three seats: events %v, want %v", kinds(tr), want)
	}
	if m.cur != 0 || m.res.Captures != 1 {
		t.Errorf("three seats: next seat %d, captures %d; want 0 and 1", m.cur, m.res.Captures)
	}
}

// TestTurnUpLapses: a demand whose demander is out lapses: made with the
// demander's last card, the next seat turns up one card as if nothing
// were pending; the demander put out while it is paid (the payer's card
// makes it discard its last card), the payment stops there.
func TestTurnUpLapses(t *testing.T) {
	p := load(t, bmnGenome(t, cardrules.ReturnsInOrder))
	m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("AC"), cards("3D", "4D"), cards("5H", "6H")}})
	turns(t, m, 3)
	if m.isActive(0) || m.res.Captures != 0 || m.discN != 3 || m.res.Plays != 3 {
		t.Errorf("last card: seat 0 active %v, captures %d, discard pile %d, plays %d; want out, 0, 3, 3",
			m.isActive(0), m.res.Captures, m.discN, m.res.Plays)
	}
	if got := m.pileCards(1); !slices.Equal(got, cards("4D")) {
		t.Errorf("last card: seat 1 paid the lapsed demand: its pile is %v", got)
	}

	p = load(t, bmnGenome(t, cardrules.ReturnsInOrder, eff("5", cardrules.ForceDiscard, cardrules.TargetPrevious, 13)))
	m = newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("KC", "2C"), cards("5D", "6D", "7D", "8D"), cards("9H", "10H")}})
	tr := traced(m)
	turns(t, m, 2)
	want := []event{
		{EvPlay, 0, "KC", 0}, {EvDemand, 0, "KC", 3},
		{EvPlay, 1, "5D", 0}, {EvEffect, 1, "", int(cardrules.TargetPrevious)<<8 | 13}, {EvDiscard, 0, "2C", 0}, {EvOut, 0, "", 0},
	}
	if got := events(tr); !slices.Equal(got, want) {
		t.Errorf("demander out: events\n%v\nwant\n%v", got, want)
	}
	if m.due != 0 || m.cur != 2 || !slices.Equal(m.pileCards(1), cards("6D", "7D", "8D")) {
		t.Errorf("demander out: %d still owed, next seat %d, payer's pile %v; want 0, seat 2, 6D 7D 8D", m.due, m.cur, m.pileCards(1))
	}
	if got, want := m.disc[:m.discN], cards("KC", "2C", "5D"); !slices.Equal(got, want) {
		t.Errorf("demander out: discard pile %v, want %v (the forced discard under the top)", got, want)
	}
	turns(t, m, 1)
	if m.discN != 4 || m.cur != 1 {
		t.Errorf("after the lapse seat 2 turns up one card: discard pile %d, next seat %d", m.discN, m.cur)
	}
}

// TestTurnUpEffects: a turned-up card is a play: its effects fire. A skip
// on the king makes the seat after next pay; a reverse on a card paid
// does not change who takes the pile and moves next.
func TestTurnUpEffects(t *testing.T) {
	p := load(t, bmnGenome(t, cardrules.ReturnsInOrder, eff("K", cardrules.SkipNext, 0, 1), eff("4", cardrules.Reverse, 0, 0)))
	m := newLab(t, p, 3, nil, layout{hands: [][]uint8{cards("KC", "2C"), cards("3D"), cards("4H", "5H", "6H", "7H")}})
	turns(t, m, 1)
	if m.cur != 2 || m.res.Effects[cardrules.SkipNext] != 1 || m.res.Interactions != 1 {
		t.Fatalf("after the king and its skip: next seat %d, skips %d, interactions %d; want 2, 1, 1", m.cur, m.res.Effects[cardrules.SkipNext], m.res.Interactions)
	}
	turns(t, m, 1)
	if m.res.Effects[cardrules.Reverse] != 1 || m.dir != -1 {
		t.Errorf("the 4 paid did not reverse: reverses %d, direction %d", m.res.Effects[cardrules.Reverse], m.dir)
	}
	if got, want := m.pileCards(0), cards("2C", "KC", "4H", "5H", "6H"); !slices.Equal(got, want) || m.cur != 0 {
		t.Errorf("seat 0's pile %v, want %v; next seat %d, want 0", got, want, m.cur)
	}
	if !slices.Equal(m.pileCards(1), cards("3D")) || m.res.Captures != 1 || m.res.Interactions != 2 {
		t.Errorf("seat 1's pile %v, captures %d, interactions %d: seat 1 was skipped and seat 2 paid",
			m.pileCards(1), m.res.Captures, m.res.Interactions)
	}
}

// TestTurnUpPaysItself: a seat that moves again with its own demand
// pending (here a second turn_up phase in its turn) pays itself, and
// takes its own cards back: a capture, not an interaction.
func TestTurnUpPaysItself(t *testing.T) {
	g := bmnGenome(t, cardrules.ReturnsInOrder)
	g.Turn = append(g.Turn, g.Turn[0])
	p := load(t, g)
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("KC", "2C", "3C", "4C", "5C"), cards("6D")}})
	turns(t, m, 1)
	if got, want := m.pileCards(0), cards("5C", "KC", "2C", "3C", "4C"); !slices.Equal(got, want) {
		t.Errorf("seat 0's pile %v, want %v", got, want)
	}
	if m.res.Captures != 1 || m.res.Interactions != 0 || m.cur != 0 || m.res.Plays != 4 {
		t.Errorf("captures %d, interactions %d, next seat %d, plays %d; want 1, 0, 0, 4", m.res.Captures, m.res.Interactions, m.cur, m.res.Plays)
	}
}

// TestTurnUpDemandIsGameState: reset clears a pending demand, and the
// seed plays whole games allocation-free with demands pending across
// turns (TestPlayAllocatesNothing covers every seed).
func TestTurnUpDemandIsGameState(t *testing.T) {
	p := load(t, bmnGenome(t, cardrules.ReturnsInOrder))
	m := newLab(t, p, 2, nil, layout{hands: [][]uint8{cards("KC", "2C"), cards("3D", "4D")}})
	m.turn()
	if m.due != 3 {
		t.Fatalf("owed %d after the king, want 3", m.due)
	}
	m.reset(9)
	if m.due != 0 || m.demander != 0 {
		t.Errorf("reset left a demand of %d from seat %d", m.due, m.demander)
	}
}
