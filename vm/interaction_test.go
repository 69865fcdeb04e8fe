package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// withEffects returns seed game name with effects appended.
func withEffects(t *testing.T, name string, effects ...genome.Effect) *genome.Genome {
	t.Helper()
	g := testkit.SeedGenome(t, name)
	g.Effects = append(g.Effects, effects...)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// sameGames plays n games of a and b at seats seats on the same seeds and
// reports the first game whose results differ in anything but effect
// firings and fizzles.
func sameGames(t *testing.T, a, b *genome.Genome, seats, n int) {
	t.Helper()
	ma, mb := mustMachine(load(t, a), seats, nil), mustMachine(load(t, b), seats, nil)
	for i := range uint64(n) {
		ra, rb := ma.Play(i), mb.Play(i)
		ra.Effects, rb.Effects = [NumEffectTypes]int{}, [NumEffectTypes]int{}
		ra.Fizzled, rb.Fizzled = 0, 0
		if ra != rb {
			t.Fatalf("game %d differs:\n %+v\n %+v", i, ra, rb)
		}
	}
}

// TestEffectsThatChangeNothing: effects that play exactly like the game
// without them add no interaction (a reverse at two seats, a draw from a
// game without stock), and a skip and an extra turn that play alike count
// alike.
func TestEffectsThatChangeNothing(t *testing.T) {
	var reverses, skips, extras []genome.Effect
	for _, r := range []string{"3", "4", "5", "6"} {
		reverses = append(reverses, eff(r, cardrules.Reverse, 0, 0))
		skips = append(skips, eff(r, cardrules.SkipNext, 0, 1))
		extras = append(extras, eff(r, cardrules.ExtraTurn, 0, 0))
	}
	plain := testkit.SeedGenome(t, "crazy-eights")
	sameGames(t, plain, withEffects(t, "crazy-eights", reverses...), 2, 2000)
	sameGames(t, withEffects(t, "crazy-eights", skips...), withEffects(t, "crazy-eights", extras...), 2, 2000)
	// Whist deals the whole deck: a draw effect never finds a card.
	sameGames(t, testkit.SeedGenome(t, "whist"), withEffects(t, "whist", eff("2", cardrules.DrawCards, cardrules.TargetNext, 2)), 4, 500)

	// At three seats a reverse changes who moves: it is an interaction.
	p := mustMachine(load(t, withEffects(t, "crazy-eights", reverses...)), 3, nil)
	q := mustMachine(load(t, plain), 3, nil)
	more := 0
	for i := range uint64(200) {
		if p.Play(i).Interactions > q.Play(i).Interactions {
			more++
		}
	}
	if more == 0 {
		t.Error("reverses at three seats never added an interaction in 200 games")
	}
}

// TestInformedDecisions: a blind pick among an opponent's face-down cards
// is a decision but not an informed one; a choice among cards in hand is.
func TestInformedDecisions(t *testing.T) {
	for _, tc := range []struct {
		game     string
		informed bool
	}{{"old-maid", false}, {"crazy-eights", true}, {"go-fish", true}, {"hearts", true}} {
		m := mustMachine(load(t, testkit.SeedGenome(t, tc.game)), 0, nil)
		var st Stats
		for i := range uint64(200) {
			r := m.Play(i)
			st.Add(&r)
		}
		if st.Decisions.Sum == st.Forced {
			t.Fatalf("%s: no unforced decision in 200 games", tc.game)
		}
		if got := st.Informed > 0; got != tc.informed {
			t.Errorf("%s: %d informed decisions of %d unforced; want informed %v", tc.game, st.Informed, st.Decisions.Sum-st.Forced, tc.informed)
		}
		if st.Informed > st.Decisions.Sum-st.Forced {
			t.Errorf("%s: %d informed decisions, more than the %d unforced", tc.game, st.Informed, st.Decisions.Sum-st.Forced)
		}
	}
}
