package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// The won-card comparisons of a deal's end (score.most, score.best) need a
// phase that wins cards (a trick or a capture phase) and no chips (chips
// are the only score); each most rule counts cards of the deck, and only
// the deck's ranks have values. fitTally keeps them so; the deck, match
// and capture operators call it through fitMatch and fitCapture.

// mutTally, in a game that wins cards and has no chips, adds a most rule
// (counting every card, or a rank, suit or card of the deck, unlike the
// rules there), removes one, or moves one's points by one; adds a
// best-of-each-suit rule valuing every rank of the deck from 1 to the
// number of ranks, removes it, or moves its points by one; or gives a
// rank without a value the value 1, or half the time moves a rank's value
// by one (reflected at 0, which takes the value away, and
// cardrules.MaxRankValue) and half the time draws it anew (1 to
// cardrules.MaxRankValue). It reports false when the change drawn
// cannot be made.
func mutTally(g *genome.Genome, r *rng.Source) bool {
	if !winsCards(g) || g.Score.Chips.Stake > 0 {
		return false
	}
	sc := &g.Score
	switch r.IntN(4) {
	case 0:
		if len(sc.Most) >= cardrules.MaxMostRules {
			return false
		}
		m := randomMost(g, r)
		if slices.ContainsFunc(sc.Most, func(q genome.MostRule) bool { return sameCount(q.Match, m.Match) }) {
			return false
		}
		sc.Most = append(sc.Most, m)
	case 1:
		if len(sc.Most) == 0 {
			return false
		}
		i := r.IntN(len(sc.Most))
		if r.IntN(2) == 0 {
			sc.Most = slices.Delete(sc.Most, i, i+1)
			if len(sc.Most) == 0 {
				sc.Most = nil
			}
			fitMatch(g)
		} else {
			sc.Most[i].Points = reflectStep(sc.Most[i].Points, r, 1, cardrules.MaxScore)
		}
	case 2:
		if sc.Best == nil {
			b := &genome.BestSuits{Points: 1}
			for i, x := range deckRanks(g) {
				b.Values = append(b.Values, genome.RankValue{Rank: x, Value: i + 1})
			}
			sc.Best = b
			return true
		}
		if r.IntN(2) == 0 {
			sc.Best = nil
			fitMatch(g)
		} else {
			sc.Best.Points = reflectStep(sc.Best.Points, r, 1, cardrules.MaxScore)
		}
	case 3:
		b := sc.Best
		if b == nil {
			return false
		}
		x := pick(r, deckRanks(g))
		i := slices.IndexFunc(b.Values, func(v genome.RankValue) bool { return v.Rank == x })
		if i < 0 {
			b.Values = append(b.Values, genome.RankValue{Rank: x, Value: 1})
			return true
		}
		v := 1 + r.IntN(cardrules.MaxRankValue)
		if r.IntN(2) == 0 {
			v = reflectStep(b.Values[i].Value, r, 0, cardrules.MaxRankValue)
		}
		if v > 0 {
			b.Values[i].Value = v
			return true
		}
		if len(b.Values) == 1 {
			return false // (the last value: remove the rule instead)
		}
		b.Values = slices.Delete(b.Values, i, i+1)
	}
	return true
}

// randomMost returns a most rule of 1 point counting every card (a time in
// three) or a rank, suit or card of g's deck (a joker by its rank).
func randomMost(g *genome.Genome, r *rng.Source) genome.MostRule {
	out := genome.MostRule{Points: 1}
	if r.IntN(3) == 0 {
		return out
	}
	cards := g.Deck.Cards()
	c := cards[r.IntN(len(cards))]
	m := genome.Match{Kind: cardrules.MatchRank, Value: uint8(c.Rank())}
	if !c.IsJoker() {
		switch r.IntN(3) {
		case 1:
			m = genome.Match{Kind: cardrules.MatchSuit, Value: uint8(c.Suit())}
		case 2:
			m = genome.Match{Kind: cardrules.MatchCard, Value: uint8(c.Face())}
		}
	}
	out.Match = &m
	return out
}

// sameCount reports whether two most rules' matches count the same cards.
func sameCount(a, b *genome.Match) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// winsCards reports whether a phase of g wins cards: a trick or a capture
// phase.
func winsCards(g *genome.Genome) bool {
	return g.HasPhase(cardrules.PhaseTrick) || g.HasPhase(cardrules.PhaseCapture)
}

// fitTally keeps the won-card comparisons valid: without a phase that wins
// cards, or with chips, they go; otherwise the most rules that count no
// card of the deck go, and so do the values of ranks the deck lacks (the
// best rule too when no value is left). It makes no random draw; the
// caller repairs what the score lost (fitMatch).
func fitTally(g *genome.Genome) {
	sc := &g.Score
	if !winsCards(g) || sc.Chips.Stake > 0 {
		sc.Most, sc.Best = nil, nil
		return
	}
	cards := g.Deck.Cards()
	sc.Most = slices.DeleteFunc(sc.Most, func(m genome.MostRule) bool {
		return m.Match != nil && !slices.ContainsFunc(cards, m.Match.Has)
	})
	if len(sc.Most) == 0 {
		sc.Most = nil
	}
	if b := sc.Best; b != nil {
		b.Values = slices.DeleteFunc(b.Values, func(v genome.RankValue) bool {
			return !slices.ContainsFunc(cards, func(c genome.Card) bool { return c.Rank() == v.Rank })
		})
		if len(b.Values) == 0 {
			sc.Best = nil
		}
	}
}
