package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// mutDemands changes turn_up phase p of g: it adds a demanding rank of the
// deck (demanding 1 to 4 cards), removes one (never the last: the phase
// needs one), changes the cards one demands by one (reflected at 1 and
// cardrules.MaxDemand), or flips how the pile taken goes under the pile.
// It reports false when the change drawn cannot be made (no rank left to
// add, one demand left to remove).
func mutDemands(g *genome.Genome, p *genome.Phase, r *rng.Source) bool {
	switch r.IntN(4) {
	case 0:
		free := slices.DeleteFunc(standardRanks(g), func(x genome.Rank) bool {
			return slices.ContainsFunc(p.Demands, func(d genome.Demand) bool { return d.Rank == x })
		})
		if len(free) == 0 {
			return false
		}
		p.Demands = append(p.Demands, genome.Demand{Rank: pick(r, free), Count: 1 + r.IntN(4)})
	case 1:
		if len(p.Demands) < 2 {
			return false
		}
		i := r.IntN(len(p.Demands))
		p.Demands = slices.Delete(p.Demands, i, i+1)
	case 2:
		d := &p.Demands[r.IntN(len(p.Demands))]
		d.Count = reflectStep(d.Count, r, 1, cardrules.MaxDemand)
	case 3:
		p.Returns = 1 - p.Returns
	}
	return true
}

// randomTurnUp returns a turn_up phase for g: one to four ranks of its
// deck, the highest most likely (as the court cards and aces of
// Beggar-my-neighbour), each demanding 1 to 4 cards, and either returns.
func randomTurnUp(g *genome.Genome, r *rng.Source) genome.Phase {
	ranks := standardRanks(g)
	k := 1 + r.IntN(min(4, len(ranks)))
	p := genome.Phase{Kind: cardrules.PhaseTurnUp, Returns: genome.Returns(r.IntN(2))}
	for range k {
		// The highest of two draws, so that high ranks demand more often.
		i := max(r.IntN(len(ranks)), r.IntN(len(ranks)))
		p.Demands = append(p.Demands, genome.Demand{Rank: ranks[i], Count: 1 + r.IntN(4)})
		ranks = slices.Delete(ranks, i, i+1)
	}
	return p
}

// fitDemands drops the demands of ranks g's deck lacks (after a crossover
// brought a turn from a game of another deck, or a rank was dropped).
func fitDemands(g *genome.Genome) {
	have := standardRanks(g)
	for i := range g.Turn {
		p := &g.Turn[i]
		if len(p.Demands) > 0 {
			p.Demands = slices.DeleteFunc(p.Demands, func(d genome.Demand) bool { return !slices.Contains(have, d.Rank) })
		}
	}
}

// keepsDemands reports whether every turn_up phase of g keeps a demanding
// rank when its deck loses rank x.
func keepsDemands(g *genome.Genome, x genome.Rank) bool {
	return !slices.ContainsFunc(g.Turn, func(p genome.Phase) bool {
		return p.Kind == cardrules.PhaseTurnUp &&
			!slices.ContainsFunc(p.Demands, func(d genome.Demand) bool { return d.Rank != x })
	})
}

// mutTableau changes a tableau phase's start rank to another rank of the
// deck (with a lead card, which must begin every tableau, every tableau's
// start and the lead card to the same suit's card of the new rank, when
// the deck has it), or, in a game with no tableau, turns a play phase into
// a tableau begun by a random rank of the deck (the lead card's, when there
// is one): the play phase's fields go, and with them what needed a play
// phase (fitTriggers, fitResponses). A game with jokers or two packs gets
// no tableau.
func mutTableau(g *genome.Genome, r *rng.Source) bool {
	tabs, plays := kindAndPlays(g, cardrules.PhaseTableau)
	ranks := standardRanks(g)
	switch {
	case len(tabs) > 0:
		p := &g.Turn[pick(r, tabs)]
		others := slices.DeleteFunc(slices.Clone(ranks), func(x genome.Rank) bool { return x == p.Start })
		if len(others) == 0 {
			return false
		}
		start := pick(r, others)
		p.Start = start
		if g.LeadCard != nil {
			// Every tableau begins with the lead card's rank.
			lead := cardrules.NewCard(start, g.LeadCard.Suit())
			if !slices.Contains(g.Deck.Cards(), lead) {
				return false
			}
			g.LeadCard = &lead
			for _, i := range tabs {
				g.Turn[i].Start = start
			}
		}
	case len(plays) > 0 && g.Hand == cardrules.HandFan && g.Deck.Jokers == 0 && !g.Deck.TwoPacks():
		start := pick(r, ranks)
		if g.LeadCard != nil {
			start = g.LeadCard.Rank()
		}
		g.Turn[pick(r, plays)] = genome.Phase{Kind: cardrules.PhaseTableau, Start: start}
		fitTriggers(g)
		fitResponses(g)
	default:
		return false
	}
	return true
}

// stakes are the stakes mutChips moves between, each about twice the one
// before.
var stakes = []int{5, 10, 20, 50, 100, 200, 500, cardrules.MaxStake}

// mutChips adds chips to a game that scores nothing (a stake of 20 or 50,
// and an ante, a pass payment or a per-card payment of 1, with the seats
// ranked by chips), and in a game with chips moves the stake one step
// along stakes, changes one payment by one (reflected at 0 and
// cardrules.MaxChipPayment; a last payment of 1 goes to 2, not 0), or, one time
// in four, removes the chips and with them any betting and match (the
// seats ranked by cards again; not in a game with no phases, whose deals
// are only betting). It does not apply to a game that scores something
// else (sweeps included).
func mutChips(g *genome.Genome, r *rng.Source) bool {
	c := &g.Score.Chips
	if c.Stake == 0 {
		if !g.Score.IsZero() || g.Score.Sweep > 0 {
			return false // (chips are the only score; IsZero does not see sweeps)
		}
		*c = genome.Chips{Stake: pick(r, []int{20, 50})}
		switch r.IntN(3) {
		case 0:
			c.Ante = 1
		case 1:
			c.Pass = 1
		default:
			c.PerCard = 1
		}
		g.End.Rank = cardrules.RankScoreHigh
		return true
	}
	switch r.IntN(4) {
	case 0:
		if len(g.Turn) == 0 {
			return false // (a game of no phases is its betting, of chips)
		}
		*c = genome.Chips{}
		g.Score.Betting = nil
		g.End.Rank = cardrules.RankCards
		g.Match = nil // (a match of nothing scored)
	case 1:
		i := max(slices.Index(stakes, c.Stake), 0)
		i = reflectStep(i, r, 0, len(stakes)-1)
		c.Stake = stakes[i]
	default:
		pay := []*int{&c.Ante, &c.Pass, &c.PerCard}
		p := pick(r, pay)
		*p = reflectStep(*p, r, 0, cardrules.MaxChipPayment)
		if c.Ante == 0 && c.Pass == 0 && c.PerCard == 0 {
			*p = 2 // (from 1: it must move and chips must too)
		}
	}
	return true
}

// fitRanking ranks the seats of a game with chips by them, most first, in
// one deal but for a game of betting or against a dealer (whose match goes
// on while the chips do), and those of a game that scores nothing by their
// cards (a crossover may have brought the end of a game that scores
// otherwise).
func fitRanking(g *genome.Genome) {
	switch {
	case g.Score.Chips.Stake > 0:
		g.End.Rank = cardrules.RankScoreHigh
		if g.Score.Betting == nil && g.Score.Dealer == nil {
			g.Match = nil
		}
	case g.Score.IsZero():
		g.End.Rank = cardrules.RankCards
	}
}

// kindAndPlays lists the places of g's phases of kind k and of its play
// phases, for the operators that change a phase of kind k or turn a play
// phase into one.
func kindAndPlays(g *genome.Genome, k cardrules.PhaseKind) (of, plays []int) {
	for i, p := range g.Turn {
		switch p.Kind {
		case k:
			of = append(of, i)
		case cardrules.PhasePlay:
			plays = append(plays, i)
		}
	}
	return of, plays
}
