package vm

import (
	"math/bits"
	"testing"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// TestHeartsMatchPasses replays hearts-match games and checks every
// deal's pass against the rules written out here: deal k passes left,
// right, across or not at all as k mod 4 says; each seat passes three
// cards, all to that seat, after every seat has chosen (the events of the
// pass come together, before any play); and the first deal's first trick
// is led by whoever holds the two of clubs after the pass.
func TestHeartsMatchPasses(t *testing.T) {
	p := seedProgram(t, "hearts-match")
	for i := range uint64(30) {
		pols := []Policy{Random, Greedy}[i%2 : i%2+1]
		tr := mustReplay(p, 4, pols, 3, i)
		var hands [4]uint64
		for s, h := range tr.Hands {
			hands[s] = set(h...)
		}
		deal, sent := 0, [4]int{}
		check := func() {
			off := [4]int{1, 3, 2, 0}[deal%4]
			for s := range 4 {
				if want := [2]int{0, 3}[min(off, 1)]; sent[s] != want {
					t.Fatalf("game %d deal %d: seat %d passed %d cards, want %d", i, deal, s, sent[s], want)
				}
			}
		}
		turnSeen := false
		for _, e := range tr.Events {
			switch e.Kind {
			case EvPassCard:
				if turnSeen {
					t.Fatalf("game %d deal %d: a card passed after play began", i, deal)
				}
				off := [4]int{1, 3, 2, 0}[deal%4]
				if e.N != (int(e.Seat)+off)%4 {
					t.Fatalf("game %d deal %d: seat %d passes to seat %d", i, deal, e.Seat, e.N)
				}
				sent[e.Seat]++
				if deal == 0 {
					if hands[e.Seat]&(1<<e.Card) == 0 {
						t.Fatalf("game %d: seat %d passes %s, which it was not dealt", i, e.Seat, cardNames(1<<e.Card))
					}
					hands[e.Seat] &^= 1 << e.Card
					hands[e.N] |= 1 << e.Card
				}
			case EvTurn:
				if !turnSeen && deal == 0 {
					if hands[e.Seat]&(1<<cd("2C")) == 0 {
						t.Fatalf("game %d: seat %d leads, but the 2C is not in its hand after the pass", i, e.Seat)
					}
				}
				if !turnSeen {
					check()
				}
				turnSeen = true
			case EvDeal:
				deal, sent, turnSeen = e.N, [4]int{}, false
			}
		}
	}
}

// passPlayer records the pass decisions put to it and chooses option 0.
type passPlayer struct {
	t      *testing.T
	seen   int
	greedy []int
	want   []int
}

func (pp *passPlayer) Choose(d *Decision) int {
	if d.Kind != DecidePass {
		return 0
	}
	pp.seen++
	if d.View.PassTo < 0 || bits.OnesCount64(d.View.Hand&^d.View.PassChosen) != len(d.Options) {
		pp.t.Fatalf("a pass decision with view PassTo %d, %d options for a hand of %d less %d chosen",
			d.View.PassTo, len(d.Options), bits.OnesCount64(d.View.Hand), bits.OnesCount64(d.View.PassChosen))
	}
	// The highest card: aces high, then the later suit.
	best := 0
	for i, c := range d.Options {
		if c%13 > d.Options[best]%13 || c%13 == d.Options[best]%13 && c/13 > d.Options[best]/13 {
			best = i
		}
	}
	pp.greedy = append(pp.greedy, d.Greedy())
	pp.want = append(pp.want, best)
	return 0
}

// TestGreedyPassesItsHighestCards: the Greedy policy passes its highest
// card in the deck's order (ties by suit, the later first); a pass decision
// offers the hand less the cards chosen and says to whom.
func TestGreedyPassesItsHighestCards(t *testing.T) {
	p := seedProgram(t, "hearts-match")
	pp := &passPlayer{t: t}
	m := mustMachine(p, 4, nil)
	for s := range 4 {
		m.SetPlayer(s, pp)
	}
	for i := range uint64(5) {
		m.Play(rng.Derive(9, i))
	}
	if pp.seen < 12*5 {
		t.Fatalf("%d pass decisions in 5 games, want at least 60", pp.seen)
	}
	for i := range pp.want {
		if pp.greedy[i] != pp.want[i] {
			t.Fatalf("pass decision %d: Greedy chooses option %d, want %d", i, pp.greedy[i], pp.want[i])
		}
	}
}

// TestFinishingExchange: president's exchange before a later deal, from a
// finishing order set by hand: at five seats the last gives its two best
// cards to the first and the second last its best card to the second (no
// decision), the first and second give back as many of their choice; the
// middle seat passes nothing; the counts stay; and the cards move only
// after both have chosen.
func TestFinishingExchange(t *testing.T) {
	p := seedProgram(t, "president")
	for seed := range uint64(20) {
		m := mustMachine(p, 5, []Policy{Random})
		m.reset(rng.Derive(4, seed))
		if m.cardPass.due {
			t.Fatal("an exchange before the first deal")
		}
		m.order = [MaxSeats]int8{2, 0, 4, 1, 3}
		m.dealOut(0, 1)
		ps := &m.cardPass
		if !ps.due {
			t.Fatal("no exchange before deal 1")
		}
		before := m.hand
		counts := m.count
		best := func(h uint64, k int) uint64 {
			var out uint64
			for range k {
				b := -1
				for x := h &^ out; x != 0; x &= x - 1 {
					c := bits.TrailingZeros64(x)
					// twos high: a two ranks above an ace.
					v := func(c int) int { return (c%13+12)%13*4 + c/13 }
					if b < 0 || v(c) > v(b) {
						b = c
					}
				}
				out |= 1 << b
			}
			return out
		}
		give3, give1 := best(before[3], 2), best(before[1], 1)
		if ps.sel[3][0] != give3 || ps.sel[1][0] != give1 || ps.to[3] != 2 || ps.to[1] != 0 || ps.to[4] != -1 {
			t.Fatalf("seed %d: forced %s to %d and %s to %d (middle to %d), want %s to 2 and %s to 0",
				seed, cardNames(ps.sel[3][0]), ps.to[3], cardNames(ps.sel[1][0]), ps.to[1], ps.to[4], cardNames(give3), cardNames(give1))
		}
		if ps.choose != 1<<2|1<<0 || ps.n[2] != 2 || ps.n[0] != 1 {
			t.Fatalf("seed %d: choosers %b with %d and %d cards, want seats 2 and 0 with 2 and 1", seed, ps.choose, ps.n[2], ps.n[0])
		}
		d0 := m.res.Decisions
		m.passCards()
		if m.res.Decisions-d0 != 3 {
			t.Fatalf("seed %d: %d decisions, want 3 (two by the first, one by the second)", seed, m.res.Decisions-d0)
		}
		if m.count != counts || m.hand[4] != before[4] {
			t.Fatalf("seed %d: counts %v, want %v; the middle seat's hand changed", seed, m.count, counts)
		}
		if m.hand[2]&give3 != give3 || m.hand[0]&give1 != give1 {
			t.Fatalf("seed %d: the first and second did not get the best cards", seed)
		}
		back2, back0 := before[2]&^m.hand[2], before[0]&^m.hand[0]
		if bits.OnesCount64(back2) != 2 || m.hand[3]&back2 != back2 || bits.OnesCount64(back0) != 1 || m.hand[1]&back0 != back0 {
			t.Fatalf("seed %d: the cards given back are not in the givers' hands", seed)
		}
		if err := checkState(m, true); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// TestFinishingOrder: a deal's finishing order is the order of going out,
// then the seat left in, and president's finishing scores follow it.
func TestFinishingOrder(t *testing.T) {
	p := seedProgram(t, "president")
	for seed := range uint64(20) {
		m := mustMachine(p, 4, nil)
		m.reset(rng.Derive(6, seed))
		for m.cardPass.due {
			m.passCards()
		}
		for !m.over {
			m.turn()
		}
		if m.nOut != 3 {
			t.Fatalf("seed %d: %d seats out, want 3", seed, m.nOut)
		}
		out := m.outOrder
		m.endDeal()
		for i := range 3 {
			if m.order[i] != out[i] {
				t.Fatalf("seed %d: order %v, out order %v", seed, m.order, out)
			}
		}
		want := [MaxSeats]int32{}
		for i, pts := range []int32{3, 2, 1} {
			want[m.order[i]] = pts
		}
		if m.score != want {
			t.Fatalf("seed %d: scores %v, want %v (order %v)", seed, m.score, want, m.order)
		}
	}
}

// TestDeterminizeKeepsPassedCards: after a pass, a seat's determinization
// keeps the cards it passed in the hands it passed them to, and every
// count; during a pass, the cards other seats have set aside are
// re-chosen from their re-dealt hands.
func TestDeterminizeKeepsPassedCards(t *testing.T) {
	p := seedProgram(t, "hearts-match")
	for seed := range uint64(20) {
		m := mustMachine(p, 4, nil)
		m.SetPlayer(0, &passPlayer{t: t})
		m.reset(rng.Derive(8, seed))
		// Every seat chooses; stop before the cards move.
		ps := &m.cardPass
		for s := range 4 {
			for bits.OnesCount64(ps.sel[s][0]) < 3 {
				ps.sel[s][0] |= 1 << bits.TrailingZeros64(m.hand[s]&^ps.sel[s][0])
			}
		}
		ps.done = 3 // (seat 3's choice is left to passCards: it has its three)
		ps.seat = 3
		c := mustMachine(p, 4, nil)
		c.game, c.carry, c.cardPass = m.game, m.carry, m.cardPass
		c.observe = true
		c.Seed(seed)
		c.Determinize(1)
		for s := range 4 {
			if c.count[s] != m.count[s] || bits.OnesCount64(c.cardPass.sel[s][0]) != 3 || c.cardPass.sel[s][0]&^c.hand[s] != 0 {
				t.Fatalf("seed %d: seat %d holds %d cards with %s set aside", seed, s, c.count[s], cardNames(c.cardPass.sel[s][0]))
			}
		}
		if c.cardPass.sel[1][0] != m.cardPass.sel[1][0] {
			t.Fatalf("seed %d: the determinizing seat's own choice changed", seed)
		}
		m.passCards()
		c = mustMachine(p, 4, nil)
		c.game, c.carry, c.cardPass = m.game, m.carry, m.cardPass
		c.observe = true
		c.Seed(seed)
		gave := m.cardPass.sel[0][0]
		c.Determinize(0)
		if c.hand[1]&gave != gave {
			t.Fatalf("seed %d: seat 0 passed %s to seat 1, whose determinized hand is %s", seed, cardNames(gave), cardNames(c.hand[1]))
		}
		if c.count != m.count {
			t.Fatalf("seed %d: counts %v, want %v", seed, c.count, m.count)
		}
	}
}
