package genome

import "github.com/darwinsim/darwinsim/internal/cardrules"

// Betting makes each deal start with rounds of limit betting for the
// chips' pool (the pot), as in draw poker. It needs chips.
//
// As a deal starts (after the deal, any pass, the lead card and the deal's
// sets; the ante is paid as the deal is dealt), a seat that holds no chips
// folds at once. Then comes the first betting round: the first seat after
// the dealer still in puts Blind chips into the pot as the round's bet
// (where Blind is not 0), and from the seat after it (without a blind,
// from the seat after the dealer) each seat still in, in seat order, that
// has chips left chooses: fold (only when it owes chips to the pot), check
// or call (it puts in what it owes: the most any seat has put in this
// round less what it has; all it holds if that is less, and it is then
// all in), or bet or raise (it puts in what it owes plus Bet; offered
// while the round has had fewer than 1+Raises bets and raises, and when
// it holds more than that). The round ends once every seat still in that
// is not all in has acted since the last bet or raise and put in as much
// as the most any seat has. A seat that folds is out of the deal as a
// loser and never wins the pot.
//
// Where Draw is not 0, a draw round and a second betting round (with no
// blind, from the seat after the dealer) follow: each seat still in, in
// seat order from the seat after the dealer, sets aside up to Draw cards
// of its hand, face down and out of play, then draws as many from the
// stock (as many as it holds, if fewer).
//
// Then the deal is played as the turn says (with no phases, it ends at
// once). Whenever a single seat is still in, the deal ends and that seat
// takes the pot. At the deal's end, the payments for the cards left in
// hand are made, then with Showdown the seats still in (which did not
// fold) show their hands and the best poker hand (the best five cards)
// takes the pot, equal hands sharing it, the odd chips going to the first
// of them from the seat after the dealer; without Showdown, the first
// seat out as a winner takes it (with none, it stays for the next deal).
//
// No side pots are made: a seat all in can win the whole pot.
type Betting struct {
	Bet      int  `json:"bet"`                // the chips of every bet and raise (limit betting)
	Raises   int  `json:"raises,omitempty"`   // the raises allowed in a round after its first bet
	Blind    int  `json:"blind,omitempty"`    // the first round's forced bet, by the first seat after the dealer (0: none; at most bet)
	Draw     int  `json:"draw,omitempty"`     // the cards each seat may exchange in a draw round after the first betting round, followed by a second (0: one round, no draw)
	Showdown bool `json:"showdown,omitempty"` // the best poker hand of the seats still in takes the pot at the deal's end (else the first seat out as a winner)
}

// validateBetting adds the problems of the betting.
func (g *Genome) validateBetting(ps *Problems) {
	b := g.Score.Betting
	if b == nil {
		return
	}
	const path = "$.score.betting"
	if g.Score.Chips.Stake == 0 {
		ps.add(path, "bets are chips, but the game has none (score.chips)")
	}
	if b.Bet < 1 || b.Bet > cardrules.MaxBet {
		ps.add(path+".bet", "must be between 1 and %d, got %d", cardrules.MaxBet, b.Bet)
	}
	if b.Raises < 0 || b.Raises > cardrules.MaxRaises {
		ps.add(path+".raises", "must be between 0 and %d, got %d", cardrules.MaxRaises, b.Raises)
	}
	if b.Blind < 0 || b.Blind > b.Bet {
		ps.add(path+".blind", "must be between 0 (none) and the bet (%d), got %d", b.Bet, b.Blind)
	}
	if b.Draw < 0 || b.Draw > cardrules.MaxExchange {
		ps.add(path+".draw", "must be between 0 (no draw round) and %d, got %d", cardrules.MaxExchange, b.Draw)
	}
	if (b.Draw > 0 || b.Showdown) && g.Hand != cardrules.HandFan {
		ps.add(path, "a draw round and a showdown are about a hand of cards, but the hand is not a fan")
	}
	if len(g.Turn) == 0 && !b.Showdown {
		ps.add(path+".showdown", "with no phases the pot is won by folds alone: a game with no play needs a showdown")
	}
}

// allowsNoPlay reports whether the game may have no phases: a deal of
// betting that ends in a showdown, or of card sums against a dealer.
func (g *Genome) allowsNoPlay() bool {
	return g.Score.Betting != nil && g.Score.Betting.Showdown || g.Score.Dealer != nil
}
