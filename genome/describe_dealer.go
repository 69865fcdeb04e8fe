package genome

import (
	"fmt"
	"strings"
)

// The words of a game against a dealer, after pagat.com's Blackjack: the
// players' wagers, the dealer's two cards, one face up and one face down
// (the hole card), the totals (aces 11 or 1, soft while an ace counts 11),
// each player in turn hitting or standing, going bust over 21, the dealer
// drawing to its fixed total, and the settling: a win paid by the house,
// a push, a loss. The dealer is a role the rules play, never one of the
// players; the seat a deal's turns start from is "the first player", then
// one seat further left in each deal of a match.

// describeDealer words a deal against the dealer: the house, the dealer's
// cards, the wagers, the totals, the players' turns, the dealer's rule and
// the settling, or "" without a dealer.
func (g *Genome) describeDealer() string {
	d := g.Score.Dealer
	if d == nil {
		return ""
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	when, from := "As the deal starts, once the cards are dealt", "from the first player"
	if g.IsMatch() {
		when = "As each deal starts, once the cards are dealt"
		from = "from the first player in the first deal, and from one seat further to the left in each deal after it"
	}
	var after []string
	if g.IsMatch() && g.Match.Pass != nil {
		after = append(after, "after the cards are passed")
	}
	if g.Meld > 0 {
		after = append(after, "after any sets are laid down")
	}
	if len(after) > 0 {
		when += " (" + andList(after, "and") + ")"
	}
	w("The dealer is not one of the players: the rules play its hand, for the house, whose chips start at 0 and may run below 0, so that the house never runs out. ")
	w("%s, the dealer takes two cards from the stock, the first face up and the second face down (fewer if the stock runs out). ", when)
	w("A player who has no chips left sits the deal out, their cards put out of play unseen; each other player wagers %s (all they have, if fewer). ", plural(d.Wager, "chip"))
	w("A hand's total counts each card from 2 to 10 as its number, each jack, queen and king as 10, and an ace as 11 where that keeps the total at 21 or below, else as 1")
	if g.Deck.Jokers > 0 {
		w("; a joker counts 0")
	}
	w(". A total in which an ace counts 11 is soft, any other hard; a total over 21 is bust. ")
	w("Then each player who wagered, in turn %s, draws cards from the stock one at a time as they choose (hits) until they stand: a player whose total reaches 21 stands at once, one who goes bust ends their turn, and one who has no card left to draw stands. ", from)
	w("Then the dealer turns its face-down card up and draws cards from the stock, face up, one at a time, %s. ", dealerRule(*d))
	w("Last, each wager is settled with the house: a player who went bust loses their wager, even if the dealer goes bust too; otherwise a player whose total is higher than the dealer's, or who is not bust when the dealer is, wins as many chips as they wagered and takes their wager back; equal totals are a push, and the wager comes back; a lower total loses the wager.")
	return b.String()
}

// dealerRule words when the dealer draws and when it stands.
func dealerRule(d Dealer) string {
	const left = " (and a card is left to draw)"
	switch {
	case !d.SoftHits && d.Stand == 21:
		return "while its total is below 21" + left + "; it stands on 21, soft or not"
	case !d.SoftHits:
		return fmt.Sprintf("while its total is below %d%s; it stands on %d or more, soft or not", d.Stand, left, d.Stand)
	case d.Stand == 21:
		return "while its total is below 21 or is a soft 21" + left + "; it stands only on a hard 21"
	default:
		return fmt.Sprintf("while its total is below %d or is a soft %d%s; it stands on a hard %d or on %d or more", d.Stand, d.Stand, left, d.Stand, d.Stand+1)
	}
}
