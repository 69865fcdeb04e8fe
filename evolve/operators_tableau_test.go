package evolve

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestTableauOperator: mutTableau moves the start rank of Sevens (and the
// lead card with it, which must begin the tableau) to every other rank,
// and turns the play phase of Crazy Eights and of Uno into a tableau; its
// children are valid on the first try, and a game with neither phase is
// left alone.
func TestTableauOperator(t *testing.T) {
	r := rng.New(7)
	starts := map[genome.Rank]bool{}
	sevens := testkit.SeedGenome(t, "sevens")
	for range 400 {
		c := sevens.Clone()
		if !mutTableau(c, &r) {
			t.Fatal("mutTableau did nothing to Sevens")
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Sevens with start %s: %v", c.Turn[0].Start, err)
		}
		if c.LeadCard.Rank() != c.Turn[0].Start || c.LeadCard.Suit() != cardrules.Suit(1) {
			t.Fatalf("start %s, lead card %s: want the diamond of the start rank", c.Turn[0].Start, *c.LeadCard)
		}
		starts[c.Turn[0].Start] = true
	}
	if len(starts) != cardrules.NumRanks-1 || starts[5] {
		t.Errorf("Sevens' start moved to %d ranks (want the 12 others than 7): %v", len(starts), starts)
	}
	for _, name := range []string{"crazy-eights", "uno-style", "uno-stacking"} {
		g := testkit.SeedGenome(t, name)
		c := g.Clone()
		if !mutTableau(c, &r) || c.Turn[0].Kind != cardrules.PhaseTableau {
			t.Fatalf("%s: the play phase did not become a tableau: %+v", name, c.Turn)
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%s as a tableau game: %v", name, err)
		}
	}
	if mutTableau(testkit.SeedGenome(t, "hearts"), &r) {
		t.Error("mutTableau changed Hearts, which has neither a tableau nor a play phase")
	}
}

// TestChipsOperator: mutChips reaches every field of fan-tan's chips (the
// stake up and down the ladder, each payment) and removes them, every
// child valid on the first try and different from its parent; it adds
// chips to Sevens, which scores nothing, and leaves Hearts, which scores
// points, alone.
func TestChipsOperator(t *testing.T) {
	r := rng.New(11)
	fan := testkit.SeedGenome(t, "fan-tan")
	moved := map[string]bool{}
	for range 400 {
		c := fan.Clone()
		if !mutChips(c, &r) {
			t.Fatal("mutChips did nothing to fan-tan")
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("fan-tan with chips %+v: %v", c.Score.Chips, err)
		}
		a, b := fan.Score.Chips, c.Score.Chips
		switch {
		case b == genome.Chips{}:
			moved["removed"] = true
		case a.Stake != b.Stake:
			moved["stake"] = true
		case a.Ante != b.Ante:
			moved["ante"] = true
		case a.Pass != b.Pass:
			moved["pass"] = true
		case a.PerCard != b.PerCard:
			moved["per_card"] = true
		default:
			t.Fatalf("mutChips left fan-tan's chips as they were: %+v", b)
		}
	}
	if len(moved) != 5 {
		t.Errorf("mutChips reached %v, want the stake, every payment and the removal", moved)
	}
	sevens := testkit.SeedGenome(t, "sevens")
	for range 20 {
		c := sevens.Clone()
		if !mutChips(c, &r) || c.Score.Chips.Stake == 0 {
			t.Fatal("mutChips gave Sevens no chips")
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Sevens with chips %+v: %v", c.Score.Chips, err)
		}
	}
	if mutChips(testkit.SeedGenome(t, "hearts"), &r) {
		t.Error("mutChips changed Hearts, which scores points")
	}
}
