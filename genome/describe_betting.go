package genome

import (
	"fmt"
	"strings"
)

// The words of betting, after pagat.com's Draw Poker: the betting round,
// in turn from the dealer's left, each player checking or betting, then
// folding, calling or raising once a bet is made, the round ending when
// the bets are equal; the draw, each player still in throwing away some
// cards and drawing as many, and a second round; the showdown, the best
// poker hand of the players still in taking the pot. The pool of the
// chips is "the pot" in a game of betting.

// describeBetting words the betting rounds, the draw and how the pot is
// won, or "" without betting.
func (g *Genome) describeBetting() string {
	k := g.Score.Betting
	if k == nil {
		return ""
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	// Who starts: the player after the dealer, who in one deal is the
	// first player (the dealer sits to their right).
	from, when := "from the first player", "Before play begins, once the cards are dealt"
	if g.IsMatch() {
		from, when = "from the dealer's left", "As each deal starts, once the cards are dealt"
	}
	if len(g.Turn) == 0 {
		when = strings.Replace(when, "Before play begins", "As the deal starts", 1)
	}
	var after []string
	if g.IsMatch() && g.Match.Pass != nil {
		after = append(after, "after the cards are passed")
	}
	if g.Meld > 0 {
		after = append(after, "after any sets are laid down")
	}
	if g.Deal.Starter && g.Deal.StarterFires {
		after = append(after, "before the starter's effects apply")
	}
	if len(after) > 0 {
		when += " (" + andList(after, "and") + ")"
	}
	w("%s, a player who has no chips left folds at once. Then comes a round of betting. ", when)
	if k.Blind > 0 {
		opener := "The first player"
		if g.IsMatch() {
			opener = "The player on the dealer's left"
		}
		w("%s still in puts a blind of %s into the pot: the round's first bet. Then each player still in who has chips left, in turn from the player after them,", opener, plural(k.Blind, "chip"))
	} else {
		w("Each player still in who has chips left, in turn %s,", from)
	}
	w(" may fold (only when they owe chips to the pot), check or call (put in what they owe: the most any player has put in during the round, less what they have put in; all they have if that is less, and they are then all in), or bet or raise (put in what they owe and %s more, if they have more than that", plural(k.Bet, "chip"))
	switch k.Raises {
	case 0:
		w("; the round allows one bet and no raise")
	default:
		w("; the round allows one bet and at most %s after it", plural(k.Raises, "raise"))
	}
	if k.Blind > 0 {
		w(", the blind counting as the bet")
	}
	w("). The round ends once every player still in who is not all in has acted since the last bet or raise and has put in as much as anyone. A player who folds is out of the deal as a loser and cannot win the pot. ")
	if k.Draw > 0 {
		noBlind := ""
		if k.Blind > 0 {
			noBlind = "with no blind, "
		}
		w("Then comes the draw: each player still in, in turn %s, may set aside up to %s of their hand, face down and out of play, and draws as many from the stock (all it holds, if fewer). A second round of betting follows, %s%s. ", from, plural(k.Draw, "card"), noBlind, from)
	}
	if len(g.Turn) == 0 {
		w("There is no other play: the deal ends once the betting is over. ")
	} else {
		w("Then the deal is played as above. ")
	}
	w("Whenever only one player is still in, the deal ends at once and they take the pot. ")
	if k.Showdown {
		w("Otherwise, when the deal ends")
		if g.Score.Chips.PerCard > 0 {
			w(", after the payments for the cards left in hand")
		}
		w(", the players still in show their hands and the best poker hand takes the pot: the best five of their cards, ranked as in poker (a straight flush, four of a kind, a full house, a flush, a straight, three of a kind, two pair, one pair, then high card; aces high or low in A-2-3-4-5; jokers count for nothing; a hand of fewer than five cards ranks by its pairs and high cards). Equal hands share the pot, the odd chips going to the first of them %s.", from)
	} else {
		w("Otherwise, when the deal ends, the first player to go out as a winner takes the pot (with none, it stays in the pot")
		if g.IsMatch() {
			w(" for the next deal")
		}
		w(").")
	}
	w(" There are no side pots: a player who is all in can win the whole pot.")
	return b.String()
}

// describeChips says how chips move: the stake, the ante, the payments
// for passing and for the cards left, and who takes the pool (the pot,
// with betting, which says how it is won; nobody, against a dealer, whose
// wagers move the chips).
func describeChips(g *Genome) string {
	c := g.Score.Chips
	pool, deal := "pool", "the deal"
	if g.Score.Betting != nil {
		pool = "pot"
	}
	if g.IsMatch() {
		deal = "each deal"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Each player starts with %s", plural(c.Stake, "chip"))
	if c.Ante > 0 {
		fmt.Fprintf(&b, " and puts %s into the %s as %s starts", plural(c.Ante, "chip"), pool, deal)
	}
	b.WriteString(".")
	if g.IsMatch() {
		b.WriteString(" The chips carry over from deal to deal.")
	}
	dealer := g.Score.Dealer != nil
	if dealer {
		b.WriteString(" Chips are won and lost on wagers against the dealer (below).")
	}
	if c.Pass > 0 && !dealer {
		// (Against a dealer nobody passes: describeUnplayed says so.)
		fmt.Fprintf(&b, " Each time you pass you put %s into the %s.", plural(c.Pass, "chip"), pool)
	}
	if c.PerCard > 0 {
		end := "the game"
		if g.IsMatch() {
			end = "a deal"
		}
		settled := ""
		if dealer {
			settled = ", once the wagers are settled"
		}
		fmt.Fprintf(&b, " When %s ends%s, each player puts %s into the %s for each card left in their hand.", end, settled, plural(c.PerCard, "chip"), pool)
	}
	switch {
	case g.Score.Betting != nil:
		b.WriteString(" The pot is won as the betting says (below).")
	case dealer && (c.Ante > 0 || c.PerCard > 0):
		b.WriteString(" Nobody ever takes the pool: against the dealer no player goes out as a winner, so the chips put into it are out of the game.")
	case dealer:
	case g.IsMatch():
		b.WriteString(" Then the first player to go out as a winner takes the pool (with no such player it stays for the next deal).")
	default:
		b.WriteString(" Then the first player to go out as a winner takes the pool (with no such player it stays).")
	}
	b.WriteString(" Nobody pays more chips than they have.")
	return b.String()
}
