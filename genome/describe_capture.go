package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of capture by sum, after pagat.com's Scopa and Casino: the
// layout dealt face up after the hands; the capture phase (play a card,
// take layout cards adding up to its value if any do, else the card joins
// the layout); the cards' values, their places in the deck's order; the
// sweep; the last capturer taking what is left on the layout when the deal
// ends; and the cards won, which a game of captures scores whether they
// were won in tricks or captured.

// describeLayout words the layout dealt after the hands, or "" for none.
func (g *Genome) describeLayout() string {
	n := g.Deal.Layout
	if n <= 0 {
		return ""
	}
	cards := "cards"
	if n == 1 {
		cards = "card"
	}
	return fmt.Sprintf("Then deal %s %s from the stock face up, one at a time, to the middle of the table: the layout, which every player sees.",
		numberWord(n), cards)
}

// describeCapture renders a capture phase.
func describeCapture(p Phase) string {
	s := "Play a card from your hand face up. If cards on the layout add up to its value, you must take cards that do: a single card of the same value, or several cards whose values add up to it, as you choose"
	if p.EqualFirst {
		s += " (but while the layout holds a card of the same value, you must take one such card alone)"
	}
	return s + ". Put the cards you take, with the card you played, face down in front of you: they are cards you won. If no cards add up to its value, the card stays face up on the layout. If you have no card you may play, pass."
}

// captureValues lists the capture values of g's ranks, their places among
// the deck's ranks in the deck's order from 1 (the joker's the highest).
func (g *Genome) captureValues() []string {
	var ranks []Rank
	for _, c := range g.Deck.Cards() {
		if !slices.Contains(ranks, c.Rank()) {
			ranks = append(ranks, c.Rank())
		}
	}
	o := g.Deck.Order
	slices.SortFunc(ranks, func(a, b Rank) int { return int(o.Value(a)) - int(o.Value(b)) })
	var out []string
	for i, r := range ranks {
		name := r.String()
		if r == cardrules.Joker {
			name = "a joker"
		}
		out = append(out, fmt.Sprintf("%s %d", name, i+1))
	}
	return out
}

// describeCaptureRules words what every capture phase of g shares: the
// cards' values, and who takes the cards left on the layout when a deal
// ends; or "" for a game that captures nothing.
func (g *Genome) describeCaptureRules() string {
	if !g.HasPhase(cardrules.PhaseCapture) {
		return ""
	}
	s := "For capturing, each card's value is its place in the deck's order: " + strings.Join(g.captureValues(), ", ") + "."
	when := "When the game ends"
	if g.IsMatch() {
		when = "At the end of each deal"
	}
	return s + " " + when + ", the last player to have taken cards from the layout takes those left on it, as cards won (if nobody has, they stay where they are)."
}

// describeSweep words the points of a sweep, or "" without them.
func (g *Genome) describeSweep() string {
	if g.Score.Sweep <= 0 {
		return ""
	}
	return fmt.Sprintf("Taking every card left on the layout is a sweep and scores %s, unless it was the last card to be played (every hand and the stock are then empty).",
		plural(g.Score.Sweep, "point"))
}

// wonIn is where a card rule of the score finds the cards it scores, as
// the words after the cards: in tricks won, among the cards captured, or
// both.
func (g *Genome) wonIn() string {
	tricks := g.HasPhase(cardrules.PhaseTrick)
	switch {
	case !g.HasPhase(cardrules.PhaseCapture):
		return "in a trick you won"
	case tricks:
		return "you won, in a trick or by capturing,"
	}
	return "you won"
}
