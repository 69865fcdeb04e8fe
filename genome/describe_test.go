package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// describeVariant returns the Describe text of a seed game changed by
// change, which must leave it valid.
func describeVariant(t *testing.T, seed string, change func(g *genome.Genome)) string {
	t.Helper()
	g := testkit.SeedGenome(t, seed)
	change(g)
	if err := g.Validate(); err != nil {
		t.Fatalf("%s variant: %v", seed, err)
	}
	return g.Describe()
}

// TestDescribeOpenSpielRules: crazy-eights with OpenSpiel's rules (drawing
// by choice up to 5 cards, passing after the draws or on an empty stock,
// never an 8 as the starter, reshuffling at once, blocked after players+1
// passes) reads as those rules, and no longer as drawing when stuck.
func TestDescribeOpenSpielRules(t *testing.T) {
	d := describeVariant(t, "crazy-eights", func(g *genome.Genome) {
		g.Summary = "" // it speaks of today's rules
		g.Deal.StarterNot = []genome.Rank{6}
		g.ReshuffleAtOnce = true
		g.Turn[0].Draw, g.Turn[0].DrawMax, g.Turn[0].Pass = cardrules.DrawByChoice, 5, cardrules.PassAfterDraws
		g.End.Blocked = 2
	})
	for _, want := range []string{
		"\nTurn the top card of the stock face up to start the discard pile; it has no effect. If the starter is an 8, it is shuffled back into the stock and another card is turned up, as often as needed.\n",
		"\nWhen the stock runs out, shuffle the discard pile except its top card at once to form a new stock, without waiting for the next draw; while the stock is empty, do so whenever a card is added to the discard pile.\n",
		" it becomes the active suit until the next card is played. You may draw instead of playing, one card at a time, up to 5 cards a turn, and may then play any legal card. You may pass instead of playing only after drawing 5 cards this turn or when the stock is empty.\n",
		" The game ends as soon as one player is out. If the stock is empty and every player still in passes in turn, plus one more pass, the game also ends, blocked. Players still in at the end are ranked by how many cards they hold (fewer is better).",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Describe lacks %q\n%s", want, d)
		}
	}
	for _, not := range []string{"If you cannot play", "When the stock runs out, shuffle the discard pile except its top card to form a new stock."} {
		if strings.Contains(d, not) {
			t.Errorf("Describe still says %q\n%s", not, d)
		}
	}
}

// TestDescribeDrawsAndPasses: each draw rule, pass rule and play_drawn has
// its own words in the play phase, and the words for an empty stock say
// whether the discard pile could still refill it.
func TestDescribeDrawsAndPasses(t *testing.T) {
	const stuck3 = " If you cannot play, draw cards one at a time, up to 3, until you can play one; if you still cannot, pass."
	const choice3 = " You may draw instead of playing, one card at a time, up to 3 cards a turn, and may then play any legal card."
	const neither = " If you can neither play nor draw, pass."
	for _, c := range []struct {
		name                 string
		draw                 genome.DrawRule
		drawMax              int
		pass                 genome.PassRule
		playDrawn, reshuffle bool
		atOnce               bool
		want                 string // the end of the phase's text
	}{
		{"when stuck", cardrules.DrawWhenStuck, 3, cardrules.PassNever, false, true, false, stuck3},
		{"when stuck, no draws", cardrules.DrawWhenStuck, 0, cardrules.PassNever, false, true, false, " If you cannot play, pass."},
		{"when stuck, pass always", cardrules.DrawWhenStuck, 3, cardrules.PassAlways, false, true, false, stuck3 + " You may pass instead of playing at any time."},
		{"when stuck, pass after draws", cardrules.DrawWhenStuck, 1, cardrules.PassAfterDraws, false, false, false,
			" If you cannot play, draw a card; play it if you can, otherwise pass. You may pass instead of playing only after drawing 1 card this turn or when the stock is empty."},
		{"when stuck, no draws, pass after draws", cardrules.DrawWhenStuck, 0, cardrules.PassAfterDraws, false, true, false,
			" If you cannot play, pass. You may pass instead of playing at any time, as you may not draw."},
		{"when stuck, pass on an empty stock", cardrules.DrawWhenStuck, 3, cardrules.PassEmptyStock, false, true, false,
			stuck3 + " You may pass instead of playing when the stock is empty and cannot be refilled."},
		{"by choice", cardrules.DrawByChoice, 3, cardrules.PassNever, false, true, false, choice3 + neither},
		{"by choice, one card", cardrules.DrawByChoice, 1, cardrules.PassNever, false, true, false,
			" You may draw instead of playing, one card at a time, up to 1 card a turn, and may then play any legal card." + neither},
		{"by choice, pass always", cardrules.DrawByChoice, 3, cardrules.PassAlways, false, true, false, choice3 + " You may pass instead of playing at any time."},
		{"by choice, pass after draws, no reshuffle", cardrules.DrawByChoice, 3, cardrules.PassAfterDraws, false, false, false,
			choice3 + " You may pass instead of playing only after drawing 3 cards this turn or when the stock is empty."},
		{"by choice, pass after draws, reshuffle at the next draw", cardrules.DrawByChoice, 3, cardrules.PassAfterDraws, false, true, false,
			choice3 + " You may pass instead of playing only after drawing 3 cards this turn or when the stock is empty and cannot be refilled."},
		{"by choice, pass on an empty stock, reshuffle at once", cardrules.DrawByChoice, 3, cardrules.PassEmptyStock, false, true, true,
			choice3 + " You may pass instead of playing when the stock is empty." + neither},
		{"by choice, only the drawn card", cardrules.DrawByChoice, 3, cardrules.PassNever, true, true, false,
			" You may draw instead of playing, one card at a time, up to 3 cards a turn, and may then play only the card you drew last, if it is legal." + neither},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := describeVariant(t, "crazy-eights", func(g *genome.Genome) {
				p := &g.Turn[0]
				p.Draw, p.DrawMax, p.Pass, p.PlayDrawn = c.draw, c.drawMax, c.pass, c.playDrawn
				g.Reshuffle, g.ReshuffleAtOnce = c.reshuffle, c.atOnce
			})
			if !strings.Contains(d, "until the next card is played."+c.want+"\n") {
				t.Errorf("the play phase does not end with %q\n%s", c.want, d)
			}
		})
	}
}

// TestDescribeStarterRules: the ranks the starter may not be are listed in
// rank order, whatever the genome's order; a starter that fires says so,
// with who starts and that no suit is named for it where a phase names
// suits, and a lead card's holder still starts.
func TestDescribeStarterRules(t *testing.T) {
	d := describeVariant(t, "uno-style", func(g *genome.Genome) {
		g.Deal.StarterNot = []genome.Rank{12, 0, 9}
		g.Deal.StarterFires = true
		g.Seats.Max = 5 // at 6, the 42 cards dealt could take all 40 the starter may be
	})
	want := "\nTurn the top card of the stock face up to start the discard pile. The starter's effects apply as if the dealer, the player to the right of the first player, had played it: they resolve before the first turn and decide who starts, as after any play; no suit is named for it. If the starter is a 2, a J or an A, it is shuffled back into the stock and another card is turned up, as often as needed.\n"
	if !strings.Contains(d, want) {
		t.Errorf("Describe lacks %q\n%s", want, d)
	}

	d = describeVariant(t, "uno-style", func(g *genome.Genome) {
		g.Deal.StarterFires = true
		g.Turn[0].NameSuit = nil
		c := genome.Card(0)
		g.LeadCard = &c
	})
	want = "\nTurn the top card of the stock face up to start the discard pile. The starter's effects apply as if the dealer, the player to the right of the first player, had played it: they resolve before the first turn and decide who starts, as after any play, though the holder of the 2C starts in any case.\n"
	if !strings.Contains(d, want) {
		t.Errorf("Describe lacks %q\n%s", want, d)
	}
}

// TestDescribeBlocked: the blocked end counts one pass per player, plus
// the passes beyond; it names the players still in only where players go
// out.
func TestDescribeBlocked(t *testing.T) {
	for _, c := range []struct {
		blocked    int
		conditions bool
		want       string
	}{
		{1, true, " If the stock is empty and cannot be refilled and every player still in passes in turn, the game also ends, blocked."},
		{2, true, " If the stock is empty and cannot be refilled and every player still in passes in turn, plus one more pass, the game also ends, blocked."},
		{cardrules.MaxBlocked, false, " If the stock is empty and cannot be refilled and every player passes in turn, plus 7 more passes, the game also ends, blocked."},
	} {
		d := describeVariant(t, "crazy-eights", func(g *genome.Genome) {
			g.End.Blocked = c.blocked
			if !c.conditions {
				g.End.Conditions, g.End.Until = nil, cardrules.UntilHandsEmpty
			}
		})
		if !strings.Contains(d, c.want+" Players still in at the end are ranked") {
			t.Errorf("blocked %d: Describe lacks %q before the ranking\n%s", c.blocked, c.want, d)
		}
	}
}

// TestDescribeTurnUp: a turn_up phase's demands read from the highest
// rank down, the first with its noun, in words; one demand alone reads
// as a sentence of its own; shuffled returns are said.
func TestDescribeTurnUp(t *testing.T) {
	g := testkit.SeedGenome(t, "beggar-my-neighbour")
	for _, c := range []struct {
		demands []genome.Demand
		returns genome.Returns
		want    []string
	}{
		{g.Turn[0].Demands, cardrules.ReturnsInOrder, []string{
			"An ace demands four cards, a king three, a queen two and a jack one: the next player to move pays instead",
			"if one of them is an ace, a king, a queen or a jack, paying stops",
			"puts it under their pile in the order it was played, and plays next"}},
		{[]genome.Demand{{Rank: 9, Count: 1}}, cardrules.ReturnsShuffled, []string{
			"A jack demands one card: the next player", "if one of them is a jack, paying stops", "shuffles it and puts it under their pile, and plays next"}},
		{[]genome.Demand{{Rank: 6, Count: 8}, {Rank: 0, Count: 2}}, cardrules.ReturnsInOrder, []string{
			"An 8 demands eight cards and a 2 two:", "if one of them is an 8 or a 2,"}},
	} {
		g.Turn[0].Demands, g.Turn[0].Returns = c.demands, c.returns
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		d := g.Describe()
		for _, w := range c.want {
			if !strings.Contains(d, w) {
				t.Errorf("demands %v: Describe lacks %q:\n%s", c.demands, w, d)
			}
		}
	}
}
