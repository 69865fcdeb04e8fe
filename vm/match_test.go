package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// TestMatchTotalIsSumOfDeals: a match's totals are the sums of what each
// deal's end scored (crazy-eights-match scores nothing else), the dealer
// moves one seat on per deal and the first seat follows it, and the result
// counts the deals.
func TestMatchTotalIsSumOfDeals(t *testing.T) {
	for _, np := range vmSeeds(t) {
		if np.name != "crazy-eights-match" {
			continue
		}
		for seats := 2; seats <= 5; seats++ {
			m := mustMachine(np.p, seats, nil)
			for i := range 50 {
				var sum [MaxSeats]int32
				m.reset(rng.Derive(5, uint64(i)))
				deals := 1
				for {
					if m.dealer != int8((seats-1+deals-1)%seats) {
						t.Fatalf("%d seats, deal %d: dealer %d", seats, deals-1, m.dealer)
					}
					for !m.over && m.res.Turns < m.p.turnCap {
						m.turn()
					}
					if !m.over {
						t.Fatalf("%d seats, game %d: capped", seats, i)
					}
					add := dealEndScores(m)
					for s := range seats {
						sum[s] += add[s]
					}
					if !m.endDeal() {
						break
					}
					deals++
				}
				if m.score != sum {
					t.Fatalf("%d seats, game %d: totals %v, the deals' scores sum to %v", seats, i, m.score, sum)
				}
				r := mustMachine(np.p, seats, nil).Play(rng.Derive(5, uint64(i)))
				if r.Deals != deals || deals > np.p.deals {
					t.Fatalf("%d seats, game %d: result says %d deals, played %d", seats, i, r.Deals, deals)
				}
				reached := false
				for s := range seats {
					reached = reached || sum[s] >= np.p.target
				}
				if !reached && deals < np.p.deals {
					t.Fatalf("%d seats, game %d: ended after %d deals with totals %v under the target", seats, i, deals, sum)
				}
			}
		}
	}
}
