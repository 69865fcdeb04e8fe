package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
)

// TestValidateRejectsClimb: every bad value of a climb phase is reported at
// its JSON path: a max out of 1..4, a pile hand, a max on a phase of
// another kind, another kind's field on a climb.
func TestValidateRejectsClimb(t *testing.T) {
	const president = "president"
	cases := []patchCase{
		{name: "max too large", seed: president, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.max", 5.0) },
			want: `$.turn[0].max: must be between 1 and 4 (absent: 4), got 5`},
		{name: "max negative", seed: president, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.max", -1.0) },
			want: `$.turn[0].max: must be between 1 and 4 (absent: 4), got -1`},
		{name: "pile hand", seed: president, patch: func(t *testing.T, m map[string]any) {
			m["hand"] = "pile"
			delete(m["match"].(map[string]any), "pass") // (passing needs a fan hand too)
		},
			want: `$.turn[0].kind: a climb phase needs a fan hand (the player chooses its cards), but the hand is pile`},
		{name: "max on a play phase", seed: "crazy-eights", patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.max", 2.0) },
			want: `$.turn[0].max: a play phase takes no max`},
		{name: "start on a climb", seed: president, patch: func(t *testing.T, m map[string]any) { set(t, m, "turn.0.start", "7") },
			want: `$.turn[0].start: a climb phase takes no start`},
	}
	runPatchCases(t, cases, genome.Parse)
}

// TestClimbCanonicalMax: a max of 4 is the default and canonically absent,
// so that a genome that writes it and one that leaves it out are one game.
func TestClimbCanonicalMax(t *testing.T) {
	g, err := genome.Seed("president")
	if err != nil {
		t.Fatal(err)
	}
	four := g.Clone()
	four.Turn[0].Max = 4
	if err := four.Validate(); err != nil {
		t.Fatal(err)
	}
	if four.Hash() != g.Hash() || four.Canonical().Turn[0].Max != 0 {
		t.Errorf("max 4 is not the canonical default: %s", four.CanonicalJSON())
	}
	two := g.Clone()
	two.Turn[0].Max = 2
	if two.Hash() == g.Hash() {
		t.Error("max 2 hashes as the default")
	}
}

// TestDescribeClimb: a climb's rules name the most cards a lead may play,
// and a max of 1 leads a single card.
func TestDescribeClimb(t *testing.T) {
	g, err := genome.Seed("president")
	if err != nil {
		t.Fatal(err)
	}
	for max, want := range map[int]string{0: "lead one or more cards of any one rank (up to four)", 2: "(up to two)", 1: "if the table is empty, lead any one card."} {
		c := g.Clone()
		c.Turn[0].Max = max
		if d := c.Describe(); !strings.Contains(d, want) {
			t.Errorf("max %d: %q is not in\n%s", max, want, d)
		}
	}
}
