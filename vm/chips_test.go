package vm

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// TestFanTanChips plays games of the fan-tan seed (sevens for chips: stake
// 50, ante 1, a chip per pass, a chip per card left) and checks the chips
// against the rules written out here, from the trace alone: every seat
// starts with 49 chips and the pool with one per seat; a pass is followed
// by its seat paying a chip (none when it has none); at the end every
// other seat pays a chip for each card it still holds, in seat order, and
// then the winner takes the pool; the final scores are those chips and
// the pool is empty. Games at the smallest stakes (a stake of 2, so that
// seats run dry) check that nobody pays more than they hold.
func TestFanTanChips(t *testing.T) {
	for _, stake := range []int{50, 2} {
		g := seedGenome(t, "fan-tan")
		g.Score.Chips.Stake = stake
		p := load(t, g)
		for _, seats := range []int{3, 4, 8} {
			for i := range uint64(40) {
				m, err := NewMachine(p, seats, perSeat([]Policy{Random, Greedy}, seats))
				if err != nil {
					t.Fatal(err)
				}
				var tr Trace
				m.SetTrace(&tr)
				res := m.Play(rng.Derive(7, i))
				if err := checkFanTanChips(m, &tr, res, stake); err != nil {
					t.Fatalf("stake %d, %d seats, game %d: %v", stake, seats, i, err)
				}
			}
		}
	}
}

func checkFanTanChips(m *Machine, tr *Trace, res Result, stake int) error {
	n := tr.Seats
	chips := make([]int, n)
	held := make([]int, n)
	for s := range n {
		chips[s] = stake - 1
		held[s] = len(tr.Hands[s])
	}
	pool := n
	evs := tr.Events
	settling := false
	next := 0 // the seat that pays next while settling
	for i, e := range evs {
		switch e.Kind {
		case EvPlay:
			held[e.Seat]--
		case EvPass:
			paid := i+1 < len(evs) && evs[i+1].Kind == EvChips && evs[i+1].Seat == e.Seat
			if paid != (chips[e.Seat] > 0) {
				return fmt.Errorf("event %d: seat %d passes holding %d chips, and pays: %t", i, e.Seat, chips[e.Seat], paid)
			}
		case EvOut:
			settling = true
		case EvChips:
			s := int(e.Seat)
			switch {
			case e.N < 0:
				if s != res.Winner || -e.N != pool || i != len(evs)-1 {
					return fmt.Errorf("event %d: seat %d takes %d chips of a pool of %d; winner %d", i, s, -e.N, pool, res.Winner)
				}
			case !settling:
				if evs[i-1].Kind != EvPass || e.N != 1 {
					return fmt.Errorf("event %d: seat %d pays %d, not after a pass", i, s, e.N)
				}
			default:
				if s < next || held[s] == 0 || e.N != min(held[s], chips[s]) {
					return fmt.Errorf("event %d: seat %d pays %d for %d cards, holding %d chips", i, s, e.N, held[s], chips[s])
				}
				next = s + 1
			}
			chips[s] -= e.N
			pool += e.N
		}
	}
	if res.Winner < 0 || pool != 0 {
		return fmt.Errorf("winner %d, %d chips left in the pool", res.Winner, pool)
	}
	sum := 0
	for s := range n {
		if settling && held[s] > 0 && chips[s] > 0 && s != res.Winner {
			// Everyone with cards and chips must have paid.
			paid := false
			for _, e := range evs {
				paid = paid || e.Kind == EvChips && int(e.Seat) == s && e.N > 0
			}
			if !paid {
				return fmt.Errorf("seat %d holds %d cards and %d chips and never paid", s, held[s], chips[s])
			}
		}
		if v := m.SeatView(s).Scores[s]; int(v) != chips[s] {
			return fmt.Errorf("seat %d ends with score %d, the trace says %d chips", s, v, chips[s])
		}
		sum += chips[s]
	}
	if sum != n*stake {
		return fmt.Errorf("%d chips at the end, %d staked", sum, n*stake)
	}
	return nil
}
