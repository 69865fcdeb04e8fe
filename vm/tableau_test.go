package vm

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
)

// TestSevensRules replays games of the sevens seed (aces low, sequences
// from the sevens, the seven of diamonds first) and checks every move
// against the rules written out here: the first card is the seven of
// diamonds; each card played begins its suit's row with a seven or is
// next in rank (A 2 ... K) to an end of its suit's row; a seat passes only
// when it holds no such card; and the game ends when a seat plays its last
// card, which wins.
func TestSevensRules(t *testing.T) {
	p := seedProgram(t, "sevens")
	aceLow := func(c uint8) int { return (int(c%13) + 1) % 13 } // A=0 .. K=12
	for _, seats := range []int{2, 4, 7} {
		for i := range uint64(40) {
			tr := mustReplay(p, seats, perSeat([]Policy{Random, Greedy}, seats), 5, i)
			if err := checkSevens(tr, aceLow); err != nil {
				t.Fatalf("%d seats, game %d: %v", seats, i, err)
			}
		}
	}
}

func checkSevens(tr *Trace, place func(uint8) int) error {
	var lo, hi [4]int // places of each row's ends; -1: no row
	for s := range lo {
		lo[s], hi[s] = -1, -1
	}
	hands := make([]map[uint8]bool, tr.Seats)
	for s, h := range tr.Hands {
		hands[s] = map[uint8]bool{}
		for _, c := range h {
			hands[s][c] = true
		}
	}
	fits := func(c uint8) bool {
		s := c / 13
		if lo[s] < 0 {
			return place(c) == 6 // a seven, aces low
		}
		return place(c) == lo[s]-1 || place(c) == hi[s]+1
	}
	plays, winner := 0, -1
	for _, e := range tr.Events {
		switch e.Kind {
		case EvPlay:
			if plays == 0 && e.Card != 18 {
				return fmt.Errorf("the first card is %v, not the seven of diamonds", genome.Card(e.Card))
			}
			if !hands[e.Seat][e.Card] || !fits(e.Card) {
				return fmt.Errorf("seat %d plays %v, held %t, rows %v..%v", e.Seat, genome.Card(e.Card), hands[e.Seat][e.Card], lo, hi)
			}
			delete(hands[e.Seat], e.Card)
			s, v := e.Card/13, place(e.Card)
			if lo[s] < 0 {
				lo[s], hi[s] = v, v
			}
			lo[s], hi[s] = min(lo[s], v), max(hi[s], v)
			plays++
		case EvPass:
			for c := range hands[e.Seat] {
				if fits(c) && plays > 0 {
					return fmt.Errorf("seat %d passes holding %v, which fits", e.Seat, genome.Card(c))
				}
			}
		case EvOut:
			if len(hands[e.Seat]) != 0 || e.Card != 0 {
				return fmt.Errorf("seat %d goes out with result %d holding %d cards", e.Seat, e.Card, len(hands[e.Seat]))
			}
			winner = int(e.Seat)
		}
	}
	if winner < 0 || tr.Result.Winner != winner {
		return fmt.Errorf("winner %d, the last seat out %d", tr.Result.Winner, winner)
	}
	return nil
}
