package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// PassRules are the cards each seat passes before a deal of a match:
// Count cards, to the seat To names for the deal, in rotation by deal
// number (deal k passes To[k mod len(To)]). Left, right and across pass
// Count cards of each seat's choice; finishing exchanges cards by the
// previous deal's finishing order (none before the first deal): the i-th
// last gives its Count-i best cards to the i-th first, which gives back as
// many of its choice, while Count-i > 0 and i < seats/2.
type PassRules struct {
	Count int      `json:"count"` // the cards each seat passes, 1..13
	To    []PassTo `json:"to"`    // the directions, one per deal in rotation (1 to 4)
}

func (p *PassRules) clone() *PassRules {
	if p == nil {
		return nil
	}
	c := *p
	c.To = slices.Clone(p.To)
	return &c
}

// Passes reports whether the game passes cards before some deal.
func (g *Genome) Passes() bool { return g.Match != nil && g.Match.Pass != nil }

// validatePass adds the problems of the pass before each deal (deck: the
// number of cards in the deck).
func (g *Genome) validatePass(ps *Problems, deck int) {
	p := g.Match.Pass
	if p == nil {
		return
	}
	if g.Hand == cardrules.HandPile {
		ps.add("$.match.pass", "passes cards from a hand, but pile hands are played face down (use a fan hand)")
	}
	if p.Count < 1 || p.Count > cardrules.MaxPassCount {
		ps.add("$.match.pass.count", "must be between 1 and %d, got %d", cardrules.MaxPassCount, p.Count)
	} else {
		for n := max(g.Seats.Min, 1); n <= g.Seats.Max && n <= cardrules.MaxSeats; n++ {
			dealt := g.DealFor(n)
			if g.Deal.All {
				dealt = deck / n
			}
			if p.Count > dealt {
				ps.add("$.match.pass.count", "passes %d cards, but a seat is dealt %d at %d seats", p.Count, dealt, n)
				break
			}
		}
	}
	if len(p.To) < 1 || len(p.To) > cardrules.MaxPassDirs {
		ps.add("$.match.pass.to", "must list 1 to %d directions, got %d", cardrules.MaxPassDirs, len(p.To))
	}
	for i, d := range p.To {
		at := fmt.Sprintf("$.match.pass.to[%d]", i)
		switch {
		case d >= cardrules.NumPassTos:
			ps.add(at, "unknown pass direction %d", d)
		case d == cardrules.PassAcross && (g.Seats.Min != 4 || g.Seats.Max != 4):
			ps.add(at, "passing across needs exactly 4 seats (seats %d to %d)", g.Seats.Min, g.Seats.Max)
		}
	}
}

// validateFinish adds the problems of the scores for the finishing order.
func (g *Genome) validateFinish(ps *Problems) {
	f := g.Score.Finish
	if len(f) == 0 {
		return
	}
	if len(f) > max(g.Seats.Max, 1) || len(f) > cardrules.MaxSeats {
		ps.add("$.score.finish", "scores %d places, but the game has at most %d seats", len(f), g.Seats.Max)
	}
	for i, v := range f {
		if v < 0 || v > cardrules.MaxFinishPoints {
			ps.add(fmt.Sprintf("$.score.finish[%d]", i), "must be between 0 and %d, got %d", cardrules.MaxFinishPoints, v)
		}
	}
	if f[len(f)-1] == 0 {
		ps.add(fmt.Sprintf("$.score.finish[%d]", len(f)-1), "the last place listed scores nothing (leave it out)")
	}
}

// passCanonical is the canonical form of the pass: the directions'
// shortest repeating cycle (left, right, left, right is left, right);
// none at all when every deal passes none.
func (c *Genome) passCanonical() {
	if c.Match == nil || c.Match.Pass == nil {
		return
	}
	p := c.Match.Pass
	if !slices.ContainsFunc(p.To, func(d PassTo) bool { return d != cardrules.PassNone }) {
		c.Match.Pass = nil
		return
	}
	p.To = PassCycle(p.To)
}

// PassCycle returns the shortest prefix of to whose repetition is to.
func PassCycle(to []PassTo) []PassTo { return to[:cardrules.PassPeriod(to)] }

// passDiff compares two passes: 1 when one is absent, else the mean of rel
// of the counts and of the share of deals (over a common cycle) that pass
// differently.
func passDiff(a, b *PassRules) float64 {
	if a == nil || b == nil {
		if a == b {
			return 0
		}
		return 1
	}
	n := len(a.To) * len(b.To)
	if n == 0 {
		return rel(a.Count, b.Count)
	}
	differ := 0
	for k := range n {
		if a.To[k%len(a.To)] != b.To[k%len(b.To)] {
			differ++
		}
	}
	return (rel(a.Count, b.Count) + float64(differ)/float64(n)) / 2
}

// finishDiff compares two lists of finishing scores place by place (a
// place one list lacks scores 0 there).
func finishDiff(a, b []int) float64 {
	n := max(len(a), len(b))
	if n == 0 {
		return 0
	}
	at := func(s []int, i int) int {
		if i < len(s) {
			return s[i]
		}
		return 0
	}
	sum := 0.0
	for i := range n {
		sum += rel(at(a, i), at(b, i))
	}
	return sum / float64(n)
}

var passPhrases = [cardrules.NumPassTos]string{
	cardrules.PassLeft:      "to the left",
	cardrules.PassRight:     "to the right",
	cardrules.PassAcross:    "across",
	cardrules.PassNone:      "none",
	cardrules.PassFinishing: "by the finishing order of the last deal",
}

// describePass says how cards are passed before each deal.
func (g *Genome) describePass() string {
	if !g.Passes() {
		return ""
	}
	p := g.Match.Pass
	var ws []string
	finishing := false
	for _, d := range p.To {
		if d < cardrules.NumPassTos {
			ws = append(ws, passPhrases[d])
		}
		finishing = finishing || d == cardrules.PassFinishing
	}
	cards := numberWord(p.Count) + " cards"
	if p.Count == 1 {
		cards = "one card"
	}
	var b strings.Builder
	switch {
	case len(p.To) == 1 && finishing:
		b.WriteString("Before each deal after the first, the players exchange cards by the order in which they finished the last deal (the order of going out, then the standings).")
	case len(p.To) == 1:
		fmt.Fprintf(&b, "Before each deal, each player passes %s %s.", cards, ws[0])
	default:
		fmt.Fprintf(&b, "Before each deal, each player passes %s: %s, in turn.", cards, strings.Join(ws, ", then "))
	}
	if finishing {
		fmt.Fprintf(&b, " In an exchange the last player gives their %s best (highest, the later suit first among equal ranks) to the first, who gives back as many cards of their choice;", cards)
		b.WriteString(" the second last gives one card fewer to the second, who gives as many back, and so on for as long as there are cards to give and the pairs do not meet.")
	} else {
		b.WriteString(" Everyone chooses their cards before any are passed, so no one passes a card they received.")
	}
	return b.String()
}

// describeFinish says what the places of a deal's finishing order score.
func (g *Genome) describeFinish() string {
	f := g.Score.Finish
	if len(f) == 0 {
		return ""
	}
	places := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"}
	var ws []string
	for i, v := range f {
		if v > 0 && i < len(places) {
			ws = append(ws, fmt.Sprintf("the %s %s", places[i], plural(v, "point")))
		}
	}
	return "When a deal ends, the players score by the order in which they finished it (the order of going out, then the standings): " + andList(ws, "and") + "; the others nothing."
}
