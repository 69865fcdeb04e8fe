package evolve

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Betting (draw poker): score.betting needs chips, and fan hands for a
// draw round or a showdown; a game with no phases needs its betting and
// a showdown. What a change elsewhere leaves dangling (chips taken away,
// a pile hand) is repaired by fitBetting.

// mutBetting, in a game with chips, adds betting where there is none (a
// bet of 2 and 3 raises, draw poker's, with no draw and no showdown, so
// that the game's play decides the pot; in a game against a dealer, which
// has no play, with a showdown, in the dealer's place: fitDealer), else
// changes one of its fields:
// the bet by 1 to 3 (reflected at 1 and cardrules.MaxBet; a blind above
// it comes down to it), the raises by 1 (reflected at 0 and MaxRaises),
// the blind switched (on: half the bet, at least 1; off: 0) or, when on,
// by 1 (reflected at 1 and the bet), the draw by 1 (reflected at 0 and
// MaxExchange; fan hands only) or the showdown switched (fan hands only;
// never off in a game with no phases); or, a time in eight, takes the
// betting away, but not from a game with no phases, which is its betting
// (an ante of 1 then keeps the chips moving where no payment did). It
// reports false in a game without chips, and when the change drawn
// cannot be made.
func mutBetting(g *genome.Genome, r *rng.Source) bool {
	if g.Score.Chips.Stake == 0 {
		return false
	}
	k := g.Score.Betting
	if k == nil {
		// Against a dealer (no phases), the betting takes the dealer's
		// place, with the showdown a game of no phases needs.
		g.Score.Betting = &genome.Betting{Bet: 2, Raises: 3, Showdown: len(g.Turn) == 0 && g.Hand == cardrules.HandFan}
		fitDealer(g)
		return true
	}
	if r.IntN(8) == 0 {
		if len(g.Turn) == 0 {
			return false
		}
		g.Score.Betting = nil
		if c := &g.Score.Chips; c.Ante == 0 && c.Pass == 0 && c.PerCard == 0 {
			c.Ante = 1
		}
		return true
	}
	fan := g.Hand == cardrules.HandFan
	switch r.IntN(5) {
	case 0:
		k.Bet = stepBy(k.Bet, r, 3, 1, cardrules.MaxBet)
		k.Blind = min(k.Blind, k.Bet)
	case 1:
		k.Raises = reflectStep(k.Raises, r, 0, cardrules.MaxRaises)
	case 2:
		switch {
		case k.Blind == 0:
			k.Blind = max(k.Bet/2, 1)
		case k.Bet == 1 || r.IntN(3) == 0:
			k.Blind = 0
		default:
			k.Blind = reflectStep(k.Blind, r, 1, k.Bet)
		}
	case 3:
		if !fan {
			return false
		}
		k.Draw = reflectStep(k.Draw, r, 0, cardrules.MaxExchange)
	default:
		if !fan || len(g.Turn) == 0 {
			return false
		}
		k.Showdown = !k.Showdown
	}
	return true
}

// fitBetting takes the betting away from a game without chips (a change
// or a crossover took them), and takes the draw round and the showdown
// from a game without fan hands. It makes no random draw and changes
// nothing in a valid genome. (A game with no phases keeps its betting: it
// is left invalid when it lost its chips or its fan hands, and the
// caller's validity check refuses it.)
func fitBetting(g *genome.Genome) {
	k := g.Score.Betting
	switch {
	case k == nil:
	case g.Score.Chips.Stake == 0:
		g.Score.Betting = nil
	case g.Hand != cardrules.HandFan:
		k.Draw, k.Showdown = 0, false
	}
}
