package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of dealing again and of the comparisons of the cards won at a
// deal's end (most cards, most of a kind, the best card of each suit),
// after pagat.com's Scopa.

// describeRefill words dealing the hands again, or "" when the game does
// not.
func (g *Genome) describeRefill() string {
	if !g.Deal.Refill {
		return ""
	}
	return "Whenever every hand of the players still in is empty and the stock is not, deal again in the same way, one card at a time from the player after the dealer, until each has their cards or the stock runs out."
}

// describeTally words the comparisons of the cards won, or "" without
// them.
func (g *Genome) describeTally() string {
	sc := g.Score
	if !sc.Tallies() {
		return ""
	}
	when := "When the game ends"
	if g.IsMatch() {
		when = "At the end of each deal"
	}
	var parts []string
	for _, r := range sc.Most {
		what := "cards"
		if m := r.Match; m != nil {
			switch {
			case m.Kind == cardrules.MatchRank && Rank(m.Value) == cardrules.Joker:
				what = "jokers"
			case m.Kind == cardrules.MatchRank:
				what = "cards of rank " + m.String()
			case m.Kind == cardrules.MatchSuit:
				what = "cards of " + m.String()
			default:
				what = "copies of the " + m.String()
			}
		}
		parts = append(parts, fmt.Sprintf("the player who won the most %s scores %s", what, plural(r.Points, "point")))
	}
	if b := sc.Best; b != nil {
		var vals []string
		for _, v := range b.Values {
			vals = append(vals, fmt.Sprintf("%s %d", v.Rank, v.Value))
		}
		other := ""
		for _, c := range g.Deck.Cards() {
			if !slices.ContainsFunc(b.Values, func(v RankValue) bool { return v.Rank == c.Rank() }) {
				other = ", any other 0"
			}
		}
		parts = append(parts, fmt.Sprintf("the player with the highest total of the best card they won in each suit scores %s, the cards being worth %s%s; a player who won no card of some suit has no total",
			plural(b.Points, "point"), strings.Join(vals, ", "), other))
	}
	return fmt.Sprintf("%s, %s. A tie for the most or the best scores nothing.", when, strings.Join(parts, "; "))
}
