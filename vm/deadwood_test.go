package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/internal/testkit"
	"pgregory.net/rapid"
)

// defenderDeadwood returns the deadwood of hand h laid off onto runs, with
// machine m's remembered states.
func defenderDeadwood(m *Machine, h uint64, runs []arrMeld) int {
	m.hand[0], m.hand2[0] = h, 0
	a := m.arranger(1)
	a.setQ, a.nRuns = 0, copy(a.runs[:], runs)
	r1, r2, j := m.handBits(0)
	return j + a.least(r1, r2)
}

// TestDeadwoodAnchorsRemembered: a state remembered while laying off onto
// one run is never taken for a state of another (a run of another suit
// with the same ends once shared its remembered values).
func TestDeadwoodAnchorsRemembered(t *testing.T) {
	p := testkit.LoadSeed(t, "gin-rummy", Load)
	m := mustMachine(p, 2, nil)
	// Aces low: 9C 10C lay off below JC QC, not below JH QH.
	h := setOf("9C", "10C", "JH", "QH", "KH", "2S")
	clubs := []arrMeld{{suit: 0, lo: 10, hi: 11}}  // JC QC (position indexes)
	hearts := []arrMeld{{suit: 2, lo: 10, hi: 11}} // JH QH
	first := defenderDeadwood(m, h, clubs)
	got := defenderDeadwood(m, h, hearts)
	if want := defenderDeadwood(mustMachine(p, 2, nil), h, hearts); got != want {
		t.Errorf("onto hearts after clubs: deadwood %d, a fresh machine's %d (clubs: %d)", got, want, first)
	}
	rapid.Check(t, func(t *rapid.T) {
		shared := mustMachine(p, 2, nil)
		for range rapid.IntRange(1, 6).Draw(t, "calls") {
			faces := rapid.SliceOfNDistinct(rapid.IntRange(0, 51), 1, 16, rapid.ID[int]).Draw(t, "hand")
			var h uint64
			for _, f := range faces {
				h |= 1 << f
			}
			var runs []arrMeld
			for range rapid.IntRange(0, 7).Draw(t, "runs") {
				lo := rapid.IntRange(0, 10).Draw(t, "lo")
				runs = append(runs, arrMeld{
					suit: uint8(rapid.IntRange(0, 3).Draw(t, "suit")),
					lo:   uint8(lo),
					hi:   uint8(rapid.IntRange(lo+1, 12).Draw(t, "hi")),
				})
			}
			got := defenderDeadwood(shared, h, runs)
			if want := defenderDeadwood(mustMachine(p, 2, nil), h, runs); got != want {
				t.Fatalf("hand %s onto %+v: deadwood %d after earlier calls, %d on a fresh machine", cardNames(h), runs, got, want)
			}
		}
	})
}
