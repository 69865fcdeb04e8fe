package genome

import (
	"fmt"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// A meld phase (kind meld) is the turn of the rummy family: the seat draws
// the top card of the stock or takes the top card of the discard pile;
// where melds are laid in the turn (lay: turn) it may lay sets (Sets or
// more cards of one rank) and runs (Runs or more cards of one suit in a
// row in the deck's order) and lay cards off onto the melds on the table;
// it discards a card; where melds are laid only as a seat goes out (lay:
// out), it may then knock once its deadwood, the value of the cards its
// best arrangement into melds leaves unmatched, is at most Knock. A
// card's value is its position in the deck's order, at most
// cardrules.DeadwoodCap. Score.Deadwood scores the deadwood as a deal ends:
// the vm package doc ("Melds, knocking and deadwood") gives the rules in
// full.

// MeldPhase returns the index of the turn's meld phase, or -1.
func (g *Genome) MeldPhase() int {
	for i, p := range g.Turn {
		if p.Kind == cardrules.PhaseMeld {
			return i
		}
	}
	return -1
}

// Knocks reports whether the game has a meld phase that lays melds only
// as a seat goes out, where a seat knocks to end the deal.
func (g *Genome) Knocks() bool {
	i := g.MeldPhase()
	return i >= 0 && g.Turn[i].Lay == cardrules.LayOut
}

// validateMelds adds the problems of the meld phases and the deadwood
// scores.
func (g *Genome) validateMelds(ps *Problems) {
	first := -1
	for i, p := range g.Turn {
		if p.Kind != cardrules.PhaseMeld {
			continue
		}
		if first >= 0 {
			ps.add(fmt.Sprintf("$.turn[%d].kind", i), "a turn has at most one meld phase ($.turn[%d] is one)", first)
		} else {
			first = i
		}
	}
	sc := g.Score
	if sc.Deadwood && g.Hand != cardrules.HandFan {
		ps.add("$.score.deadwood", "scores the cards left in hand, but pile hands are played out in battles (use a fan hand)")
	}
	for _, b := range []struct {
		name, bonus string
		v           int
	}{{"gin", "a gin bonus", sc.Gin}, {"undercut", "an undercut bonus", sc.Undercut}} {
		switch {
		case b.v < 0 || b.v > cardrules.MaxBonus:
			ps.add("$.score."+b.name, "must be between 0 and %d, got %d", cardrules.MaxBonus, b.v)
		case b.v > 0 && !sc.Deadwood:
			ps.add("$.score."+b.name, "%s is scored with the deadwood, but score.deadwood is false", b.bonus)
		case b.v > 0 && !g.Knocks():
			ps.add("$.score."+b.name, "%s needs a meld phase where seats knock (lay: out)", b.bonus)
		}
	}
}
