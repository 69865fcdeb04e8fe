package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Melds (the rummy family): a meld phase (fan hands, at most one in a
// turn, and a stock to draw from) lays sets and runs of at least its sets
// and runs cards (0 or 2..cardrules.MaxMeldMin, not both 0) in the turn
// (lay turn) or only as the deal ends (lay out, where a seat whose
// deadwood is at most knock may knock). score.deadwood (fan hands, no
// chips) scores the deadwood as a deal ends; its gin and undercut bonuses
// need a meld phase that lays out. A game that knocks may have no end
// condition (the knock puts a seat out). What a change elsewhere leaves
// dangling (a meld phase removed, a hand or a score brought by a
// crossover) is repaired by fitMeld.

// meldMins are the values of a meld phase's sets and runs, in order: none,
// then 2 to cardrules.MaxMeldMin.
var meldMins = []int{0, 2, 3, 4, 5}

var _ = [1]struct{}{}[len(meldMins)-cardrules.MaxMeldMin]

// mutMeldPhase, in a game with a meld phase, changes one of: its sets or
// its runs, a step along meldMins (reflected at its ends; never leaving
// both 0, the step going the other way instead); its lay rule (turn to
// out knocks at 10, gin rummy's, or a time in four at 0, with gin only;
// out to turn takes the knock, the gin and the undercut away, and gives a
// game without end conditions a hand_empty win: fitMeld); its knock by 1
// or 2 (reflected at 0 and cardrules.MaxKnock; lay out only);
// score.deadwood switched (on: a game ranked by cards is ranked by score,
// high first; off: the bonuses go, and a match or a ranking by score that
// nothing scores any more: fitMatch; not with chips); or the gin or the
// undercut bonus by 1 to 5 (reflected at 0 and cardrules.MaxBonus; with
// deadwood in a game that lays out). In a game of fan hands with a play
// phase and no meld phase, it turns a play phase into a meld phase of
// sets and runs of 3 laid in the turn (rummy's), the play phase's fields
// going and with them what needed a play phase (fitTriggers,
// fitResponses) and a deal that left no stock to draw from (fitDeal); it
// reports false when a game that deals every card would be left with
// nothing to refill the stock, or when no seat count could then be dealt
// a card.
func mutMeldPhase(g *genome.Genome, r *rng.Source) bool {
	m := g.MeldPhase()
	_, plays := kindAndPlays(g, cardrules.PhaseMeld)
	switch {
	case m >= 0:
		return mutMeldField(g, &g.Turn[m], r)
	case len(plays) > 0 && g.Hand == cardrules.HandFan:
		g.Turn[pick(r, plays)] = genome.Phase{Kind: cardrules.PhaseMeld, Sets: 3, Runs: 3}
		if g.Deal.All && stockKept(g) {
			return false // (the stock was the discard pile, reshuffled)
		}
		fitTriggers(g)
		fitResponses(g)
		return fitDeal(g)
	}
	return false
}

// mutMeldField changes one field of meld phase p of g, or one of g's
// deadwood scores (mutMeldPhase). It always applies.
func mutMeldField(g *genome.Genome, p *genome.Phase, r *rng.Source) bool {
	sc := &g.Score
	fields := []string{"sets", "runs", "lay"}
	if p.Lay == cardrules.LayOut {
		fields = append(fields, "knock")
	}
	if sc.Chips.Stake == 0 {
		fields = append(fields, "deadwood")
	}
	if sc.Deadwood && p.Lay == cardrules.LayOut {
		fields = append(fields, "gin", "undercut")
	}
	switch pick(r, fields) {
	case "sets":
		p.Sets = stepMin(p.Sets, p.Runs, r)
	case "runs":
		p.Runs = stepMin(p.Runs, p.Sets, r)
	case "lay":
		if p.Lay == cardrules.LayOut {
			p.Lay, p.Knock = cardrules.LayTurn, 0
		} else {
			p.Lay, p.Knock = cardrules.LayOut, 10
			if r.IntN(4) == 0 {
				p.Knock = 0
			}
		}
		fitMeld(g)
	case "knock":
		p.Knock = stepBy(p.Knock, r, 2, 0, cardrules.MaxKnock)
	case "deadwood":
		sc.Deadwood = !sc.Deadwood
		if sc.Deadwood && g.End.Rank == cardrules.RankCards {
			g.End.Rank = cardrules.RankScoreHigh
		}
		fitMatch(g) // (fitMeld: the bonuses go with the deadwood)
	case "gin":
		sc.Gin = stepBy(sc.Gin, r, 5, 0, cardrules.MaxBonus)
	case "undercut":
		sc.Undercut = stepBy(sc.Undercut, r, 5, 0, cardrules.MaxBonus)
	}
	return true
}

// stepMin moves v, a meld phase's sets or runs, one step along meldMins,
// reflected at its ends; a step to 0 while other (the other kind's least
// cards) is 0 goes up instead.
func stepMin(v, other int, r *rng.Source) int {
	i := max(slices.Index(meldMins, v), 0)
	j := reflectStep(i, r, 0, len(meldMins)-1)
	if meldMins[j] == 0 && other == 0 {
		j = i + 1
	}
	return meldMins[j]
}

// stepBy moves v by 1 to most (at least 1), reflected at lo and hi, so it
// always changes (hi-lo must be at least most).
func stepBy(v int, r *rng.Source, most, lo, hi int) int {
	d := 1 + r.IntN(most)
	if r.IntN(2) == 0 {
		d = -d
	}
	if v+d < lo || v+d > hi {
		d = -d
	}
	return v + d
}

// fitMeld keeps the deadwood scores, the deal and the end of g valid
// after its meld phase changed, came or went (a phase removed, a
// crossover's turn, hand or setup): the deadwood goes without fan hands or
// with chips, and the gin and undercut bonuses without deadwood or a meld
// phase that lays out; a meld phase that a deal of every card would leave
// no stock to draw from (nothing refilling it) deals 10 cards a seat
// instead (rummy's for two; fewer where the deck cannot deal that many at
// every seat count and keep a card), and a deal that leaves no stock
// shrinks (fitDeal); a game that no longer knocks, ending at the first
// seat out (or one left) with no end condition, ends when a seat's hand
// is empty, as a win. The caller repairs what the score and the deal lost
// (fitMatch calls fitMeld first). It makes no random draw and changes
// nothing in a valid genome.
func fitMeld(g *genome.Genome) {
	if g.MeldPhase() >= 0 && stockKept(g) {
		if g.Deal.All {
			g.Deal = genome.Deal{Cards: min(10, (len(g.Deck.Cards())-1)/max(g.Seats.Max, 1))}
		}
		fitDeal(g) // (when no seat count can be dealt a card, g stays invalid)
	}
	sc := &g.Score
	if g.Hand != cardrules.HandFan || sc.Chips.Stake > 0 {
		sc.Deadwood = false
	}
	if !sc.Deadwood || !g.Knocks() {
		sc.Gin, sc.Undercut = 0, 0
	}
	if u := g.End.Until; len(g.End.Conditions) == 0 && !g.Knocks() && (u == cardrules.UntilFirstOut || u == cardrules.UntilOneLeft) {
		g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
	}
}
