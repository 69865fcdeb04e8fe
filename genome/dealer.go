package genome

import "github.com/darwinsim/darwinsim/internal/cardrules"

// Dealer makes each deal a game of card sums against a dealer, as
// Blackjack: a role the rules play, not a seat (the seats are the
// players; the dealer is not counted among them). It needs chips and fan
// hands, and the game has no phases and no betting.
//
// A hand's total counts each 2 to 10 as its number, each J, Q and K as 10
// and an ace as 11 where that keeps the total at 21 or below, else 1 (the
// total is then soft); jokers count 0. A total above 21 is bust.
//
// As each deal starts, after the seats' cards are dealt, the dealer is
// dealt two cards from the stock: the first face up, the second face down.
// Each seat that holds chips wagers Wager chips (all it holds if less); a
// seat that holds none sits the deal out. Then each seat in turn, from the
// seat after the dealer's place (the seat after the deal's dealer), draws
// cards one at a time as it chooses (a hit) until it stands, reaches 21 or
// busts. Then the dealer turns its face-down card up and draws while its
// total is below Stand, or equal to Stand and soft where SoftHits is set.
// Each seat that wagered then settles with the dealer: bust, it loses its
// wager; else, when the dealer busts or the seat's total is above the
// dealer's, the dealer pays it its wager; an equal total is a push (the
// wager comes back); a lower one loses the wager. The dealer's chips (the
// house) start at 0 and may go below, so the seats' chips and the house's
// always sum to the seats' stakes.
//
// Over a match, the match also ends once no seat holds chips.
type Dealer struct {
	Wager    int  `json:"wager"`               // the chips each seat wagers each deal (all it holds, if fewer)
	Stand    int  `json:"stand"`               // the dealer stands on this total or more
	SoftHits bool `json:"soft_hits,omitempty"` // the dealer draws on a soft total equal to stand
}

// validateDealer adds the problems of the dealer.
func (g *Genome) validateDealer(ps *Problems) {
	d := g.Score.Dealer
	if d == nil {
		return
	}
	const path = "$.score.dealer"
	if g.Score.Chips.Stake == 0 {
		ps.add(path, "seats wager chips against the dealer, but the game has none (score.chips)")
	}
	if d.Wager < 1 || d.Wager > cardrules.MaxBet {
		ps.add(path+".wager", "must be between 1 and %d, got %d", cardrules.MaxBet, d.Wager)
	}
	if d.Stand < cardrules.MinStand || d.Stand > cardrules.MaxStand {
		ps.add(path+".stand", "must be between %d and %d, got %d", cardrules.MinStand, cardrules.MaxStand, d.Stand)
	}
	if g.Hand != cardrules.HandFan {
		ps.add(path, "card sums are counted on a hand of cards, but the hand is not a fan")
	}
	if len(g.Turn) != 0 {
		ps.add("$.turn", "a game against the dealer is played by hitting and standing: it has no phases, got %d", len(g.Turn))
	}
	if g.Score.Betting != nil {
		ps.add(path, "a game against the dealer has no betting rounds (score.betting)")
	}
}
