package genome

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// describeDeck says what the deck holds: one pack (the ranks and suits,
// the cards taken out, the jokers) or two such packs shuffled together,
// the count of every card of it, how its ranks compare, what a joker is
// and that the two copies of a card are alike.
func describeDeck(d Deck) string {
	n := len(d.Cards())
	var parts []string
	if len(d.Ranks) == 0 && len(d.Suits) == 0 {
		parts = append(parts, "the standard 52 cards")
	} else {
		rs := "all ranks"
		if len(d.Ranks) > 0 {
			var names []string
			for _, r := range d.Ranks {
				names = append(names, r.String())
			}
			rs = "ranks " + strings.Join(names, ", ")
		}
		ss := "all suits"
		if len(d.Suits) > 0 {
			var names []string
			for _, s := range d.Suits {
				names = append(names, s.String())
			}
			ss = strings.Join(names, ", ")
		}
		parts = append(parts, rs+" in "+ss)
	}
	if len(d.Remove) > 0 {
		var names []string
		for _, c := range d.Remove {
			names = append(names, c.String())
		}
		parts = append(parts, "without "+strings.Join(names, ", "))
	}
	switch d.Jokers {
	case 1:
		parts = append(parts, "plus one joker")
	case 2:
		parts = append(parts, "plus two jokers")
	}
	pack := strings.Join(parts, ", ")
	order := describeOrder(d.Order)
	if d.Jokers > 0 {
		order += "; a joker ranks above every other card and belongs to no suit"
	}
	if d.TwoPacks() {
		pack = "two packs shuffled together, each holding " + pack
		order += "; the two copies of each card are alike in every rule"
	}
	return fmt.Sprintf("%s (%d cards; %s)", pack, n, order)
}

// describeOrder says how the deck's ranks compare.
func describeOrder(o RankOrder) string {
	switch o {
	case cardrules.OrderAceLow:
		return "aces low, kings high"
	case cardrules.OrderTwoHigh:
		return "threes low; aces rank above kings and twos above aces"
	}
	return "aces high"
}

// leadCard names the lead card of g, which has one: with two packs, its
// first pack's copy (the second copy is an ordinary card).
func (g *Genome) leadCard() string {
	if g.Deck.TwoPacks() {
		return "first pack's " + g.LeadCard.String()
	}
	return g.LeadCard.String()
}

// describeMatchIn is describeMatch in g's deck: with two packs, a rule of
// one card scores each of its copies ("Each QS").
func (g *Genome) describeMatchIn(m Match) string {
	if m.Kind == cardrules.MatchCard && g.Deck.TwoPacks() {
		return "Each " + m.String()
	}
	return describeMatch(m)
}
