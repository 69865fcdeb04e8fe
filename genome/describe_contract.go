package genome

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of bids and contracts, after pagat.com's Spades: the bidding
// round before the play of each deal, from the dealer's left, each player
// bidding the tricks they mean to win or nil; the contract, a side's bids
// other than nil; and the deal's-end scores, first of the deal's end: a
// contract made scores per trick bid and per overtrick, and its overtricks
// gather as bags that cost a penalty each time they reach the count; a
// contract set loses per trick bid; a nil bid wins or loses its points
// apart. A side is a partnership with teams, else a player, and its points
// go to its first player.

// describeContract words the bidding round and the contract scores, or ""
// without a contract.
func (g *Genome) describeContract() string {
	k := g.Score.Contract
	if k == nil {
		return ""
	}
	side, its := "player", "their"
	if g.Teams == 2 {
		side, its = "partnership", "its"
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	// The bidding round.
	from := "from the first player"
	when := "Before play begins"
	if g.IsMatch() {
		from = "from the dealer's left"
		when = "Before each deal's play"
	}
	var after []string
	if g.IsMatch() && g.Match.Pass != nil {
		after = append(after, "after the cards are passed")
	}
	if g.Deal.Starter && g.Deal.StarterFires {
		after = append(after, "before the starter's effects apply")
	}
	if len(after) > 0 {
		when += " (" + andList(after, "and") + ")"
	}
	w("%s, each player in turn %s bids the number of tricks they mean to win: from 1 to the number of cards they hold (at most %d)", when, from, cardrules.MaxBid)
	if g.Meld > 0 {
		w(", 1 if sets laid down have left them none")
	}
	if k.Nil > 0 {
		w(", or nil (0), meaning to win no trick at all")
	}
	w(". Every bid is made aloud. ")
	if g.Teams == 2 {
		w("A partnership's contract is the total of its players' bids")
		if k.Nil > 0 {
			w(" other than nil (a partnership whose players all bid nil has none), and its tricks are those its players who did not bid nil win")
		} else {
			w(", and its tricks are those its players win")
		}
		w(" in the deal. ")
	} else if k.Nil > 0 {
		w("A player's contract is their bid, unless it is nil. ")
	} else {
		w("A player's contract is their bid. ")
	}

	// The contract scores.
	deal := "the deal"
	if g.IsMatch() {
		deal = "a deal"
	}
	first := ""
	if g.otherDealScores() {
		first = ", before the other scores of its end (below)"
	}
	w("When %s ends%s, each %s with a contract scores it. If %s tricks are at least %s contract, it is made: ", deal, first, side, its, its)
	if g.Teams == 2 {
		w("the partnership scores ")
	} else {
		w("the player scores ")
	}
	w("%s for each trick bid", plural(k.Trick, "point"))
	switch {
	case k.Over > 0:
		w(" and %s for each overtrick (a trick beyond the contract)", plural(k.Over, "point"))
	default:
		w(", and nothing for overtricks (tricks beyond the contract)")
	}
	if k.Bags > 0 {
		keep := "a count kept from deal to deal"
		if !g.IsMatch() {
			keep = "a count kept through the deal"
		}
		w(". The overtricks are also added to %s bags, %s: each time %s bags reach %d, the %s loses %s and %s bags drop by %d",
			its, keep, its, k.Bags, side, plural(k.Penalty, "point"), its, k.Bags)
	}
	w(". If %s tricks are fewer, the contract is set, and the %s loses %s for each trick bid.", its, side, plural(k.Trick, "point"))
	if k.Nil > 0 {
		if g.Teams == 2 {
			w(" Then each player who bid nil wins %s for their partnership if they won no trick, or loses as many if they won any; their tricks count neither toward their partnership's contract nor as overtricks.", plural(k.Nil, "point"))
		} else {
			w(" Then each player who bid nil scores %s if they won no trick, or loses as many if they won any.", plural(k.Nil, "point"))
		}
	}
	if g.Teams == 2 {
		w(" A partnership's points from its bids are scored to its first player (player 1 or player 2).")
	}
	return b.String()
}

// otherDealScores reports whether something other than the contract
// scores at a deal's end: won-card comparisons, the deadwood, hand scores,
// shooting the moon or finishing places.
func (g *Genome) otherDealScores() bool {
	s := g.Score
	return len(s.Hand) > 0 || s.Moon || len(s.Finish) > 0 || s.Tallies() || s.Deadwood
}
