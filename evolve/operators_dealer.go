package evolve

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// A dealer (Blackjack): score.dealer needs chips, fan hands, no phases and
// no betting, and a game with no phases needs its dealer (or betting with
// a showdown). So a dealer comes and goes with a whole game: from a game
// of betting alone (draw poker's deals of betting and a showdown) or a
// game of chips and play, and back to betting alone. What a change
// elsewhere leaves dangling (a phase added, betting added, chips taken
// away) is repaired by fitDealer.

// dealerStart is the dealer a game gains: blackjack's, a wager of 5 and a
// dealer who stands on 17.
var dealerStart = genome.Dealer{Wager: 5, Stand: 17}

// mutDealer, in a game against a dealer, changes one of its fields: the
// wager by 1 to 3 (reflected at 1 and cardrules.MaxBet), the stand by 1
// (reflected at cardrules.MinStand and cardrules.MaxStand) or soft_hits
// switched; or, a time in eight, takes the dealer away, making the game
// one of betting alone (draw poker's bet of 2 and 3 raises, with a
// showdown: a game of no phases needs one or the other). In a game of
// chips and fan hands without one, it adds blackjack's dealer (a wager of
// 5, standing on 17): to a game of betting alone, in the betting's place;
// to a game of chips and play without betting, a time in four, in the
// place of its play (its phases go, and with them what only they used:
// effects, responses, rules, the layout, a starter's effects; a game that
// ended when a seat knocked gains the end condition its end then needs).
// It reports false in a game without chips or fan hands, in one of
// betting and play, and when the change drawn cannot be made.
func mutDealer(g *genome.Genome, r *rng.Source) bool {
	if d := g.Score.Dealer; d != nil {
		if r.IntN(8) == 0 {
			if g.Hand != cardrules.HandFan {
				return false // (a showdown needs fan hands)
			}
			g.Score.Dealer = nil
			g.Score.Betting = &genome.Betting{Bet: 2, Raises: 3, Showdown: true}
			return true
		}
		switch r.IntN(3) {
		case 0:
			d.Wager = stepBy(d.Wager, r, 3, 1, cardrules.MaxBet)
		case 1:
			d.Stand = reflectStep(d.Stand, r, cardrules.MinStand, cardrules.MaxStand)
		default:
			d.SoftHits = !d.SoftHits
		}
		return true
	}
	if g.Score.Chips.Stake == 0 || g.Hand != cardrules.HandFan {
		return false
	}
	switch {
	case len(g.Turn) == 0 && g.Score.Betting != nil:
		g.Score.Betting = nil
	case len(g.Turn) > 0 && g.Score.Betting == nil && r.IntN(4) == 0:
		dropPlay(g)
	default:
		return false
	}
	d := dealerStart
	g.Score.Dealer = &d
	return true
}

// dropPlay takes g's phases away, and with them what only they use: its
// effects, responses and rules, a layout and a starter's effects; a game
// that ended at the first seat out (or one left) only because seats
// knocked gains an end condition, a seat with no cards left going out as
// a winner.
func dropPlay(g *genome.Genome) {
	knocked := g.Knocks()
	g.Turn = nil
	g.Effects = nil
	g.LastCardInert = false
	g.Responses = genome.Responses{}
	g.Rules = nil
	g.Deal.Layout = 0
	g.Deal.StarterFires = false
	needsOut := g.End.Until == cardrules.UntilFirstOut || g.End.Until == cardrules.UntilOneLeft
	if knocked && needsOut && len(g.End.Conditions) == 0 {
		g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
	}
}

// fitDealer takes the dealer away from a game that has phases (a phase
// added, a crossover's turn) or betting (added), where the dealer cannot
// be; a game of chips that no payment or betting then moves gains an ante
// of 1. It makes no random draw and changes nothing in a valid genome. (A
// game with no phases and no betting keeps its dealer: it is left invalid
// when it lost its chips or its fan hands, and the caller's validity check
// refuses it.)
func fitDealer(g *genome.Genome) {
	if g.Score.Dealer == nil || len(g.Turn) == 0 && g.Score.Betting == nil {
		return
	}
	g.Score.Dealer = nil
	if c := &g.Score.Chips; c.Stake > 0 && g.Score.Betting == nil && c.Ante == 0 && c.Pass == 0 && c.PerCard == 0 {
		c.Ante = 1
	}
}
