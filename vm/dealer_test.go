package vm

import "testing"

// TestDeterminizeDealsTheHole: a search's copy of a blackjack game paused
// at a hit, re-dealt for the seat deciding, holds the dealer's face-down
// card as unknown: over copies it takes several values, while the
// dealer's face-up card stays; and in draw-poker's second betting round
// another seat's cards set aside in the draw are dealt again, the
// deciding seat's own stay.
func TestDeterminizeDealsTheHole(t *testing.T) {
	p := seedProgram(t, "blackjack")
	_, cp := forkAt(p, 3, 5, 0)
	if cp == nil || cp.paused != DecideHit {
		t.Fatalf("the first decision is not a hit")
	}
	holes := map[uint8]bool{}
	for i := range uint64(20) {
		a := mustMachine(p, 3, nil)
		a.game, a.carry = cp.game, cp.carry
		a.Seed(i)
		a.Determinize(cp.cur)
		if a.dealerSeen() != cp.dealerSeen() || a.dealerCards.count() != 2 {
			t.Fatalf("the re-deal changed the dealer's face-up card or its count")
		}
		holes[a.hole] = true
	}
	if len(holes) < 5 {
		t.Errorf("the dealer's face-down card took %d values over 20 re-deals, want it dealt again", len(holes))
	}

	p = seedProgram(t, "draw-poker")
	for seed := range uint64(40) {
		for at := 0; ; at++ {
			_, cp := forkAt(p, 4, seed, at)
			if cp == nil {
				break
			}
			x := cp.cur
			if cp.paused != DecideBet || cp.stage != betSecond {
				continue
			}
			var others, own pair
			for s := range cp.n {
				if s == x {
					own = cp.away[s]
				} else {
					others = others.or(cp.away[s])
				}
			}
			if others.count() == 0 || own.count() == 0 {
				continue
			}
			moved := false
			for i := range uint64(10) {
				a := mustMachine(p, 4, nil)
				a.game, a.carry = cp.game, cp.carry
				a.Seed(i)
				a.Determinize(x)
				if a.away[x] != own {
					t.Fatalf("the re-deal changed the cards seat %d set aside", x)
				}
				moved = moved || a.gone != cp.gone
			}
			if !moved {
				t.Fatalf("seed %d: the cards other seats set aside never moved in 10 re-deals", seed)
			}
			return
		}
	}
	t.Fatalf("no second betting round after others and the seat deciding set cards aside")
}
