package reference

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// Disagreements the reference found between the VM and the rules of
// delayed effects and continuous rules, kept as regression tests
// (vm/differential_test.go's TestDifferentialBug tests hold the older
// ones). Each plays a small genome on both and fails if their games
// differ.

// vmDiffers plays games 0..games-1 of batch 1 of g at seats seats on the
// VM (traced) and on the reference, and returns the first difference of
// events or results, or "".
func vmDiffers(t *testing.T, g *genome.Genome, seats, games int) string {
	t.Helper()
	p, err := vm.Load(testkit.Compile(t, g))
	if err != nil {
		t.Fatal(err)
	}
	for i := range uint64(games) {
		tr, err := vm.Replay(p, seats, nil, 1, i)
		if err != nil {
			t.Fatal(err)
		}
		r, evs := Play(g, seats, nil, rng.Derive(1, i))
		var ref []Event
		for _, e := range evs {
			if e.Kind != EvDecision {
				ref = append(ref, e)
			}
		}
		for k := range max(len(ref), len(tr.Events)) {
			switch {
			case k >= len(ref) || k >= len(tr.Events):
				return fmt.Sprintf("game %d: %d events on the VM, %d on the reference", i, len(tr.Events), len(ref))
			case int(tr.Events[k].Kind) != int(ref[k].Kind) || int(tr.Events[k].Seat) != ref[k].Seat || int(tr.Events[k].Card) != ref[k].Card || tr.Events[k].N != ref[k].N:
				return fmt.Sprintf("game %d, event %d: VM %q, reference %v", i, k, tr.Events[k], ref[k])
			}
		}
		if tr.Result.Fizzled != r.Fizzled || tr.Result.Effects != r.Effects || tr.Result.Winner != r.Winner || tr.Result.Turns != r.Turns {
			return fmt.Sprintf("game %d: VM %+v, reference %+v", i, tr.Result, r)
		}
	}
	return ""
}

// TestVMBugSuppressRuleSwitchesOffTheNextType: a rule of suppress switches
// off the type it names. The VM took the RULES entry's parameter (the
// bytecode's suppresses byte, type+1, as compile writes it) for the type
// itself, so a rule suppressing draw_cards switched off extra_turn, and
// its EvRule showed that parameter; rerule now converts it. Uno-style with a rule that switches
// off the draw twos: no draw_cards effect ever fires.
func TestVMBugSuppressRuleSwitchesOffTheNextType(t *testing.T) {
	g := testkit.SeedGenome(t, "uno-style")
	g.Rules = []genome.Rule{{Type: cardrules.Suppress, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}}
	if d := vmDiffers(t, g, 3, 20); d != "" {
		t.Error(d)
	}
}

// TestVMBugTargetTurnSeatGoneOut: at the start of seat x's turn the
// target_turn entries drop the seats that are out, then every entry that
// holds x hits x. The VM dropped x from an entry when it reached it, so an
// entry after one whose discard put x out did not resolve (no EvResolve,
// no fizzle); it now drops the seats out before the first entry resolves. Crazy Eights until one is left, where a five makes the next
// player discard three and then draw one, both at its turn.
func TestVMBugTargetTurnSeatGoneOut(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	g.End.Until = cardrules.UntilOneLeft
	g.Effects = append(g.Effects,
		later(effect("5", cardrules.ForceDiscard, cardrules.TargetNext, 3), cardrules.ResolveTargetTurn),
		later(effect("5", cardrules.DrawCards, cardrules.TargetNext, 1), cardrules.ResolveTargetTurn))
	if d := vmDiffers(t, g, 3, 200); d != "" {
		t.Error(d)
	}
}
