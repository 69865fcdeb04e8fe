package genome

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// MostRule scores, as a deal ends, Points to the seat whose won cards
// (tricks and captures) hold the most cards Match names, or the most cards
// of all when Match is absent. A tie for the most scores nothing. Each seat
// counts its own won cards, partnerships too.
type MostRule struct {
	Match  *Match `json:"match,omitempty"` // the cards counted (absent: every card)
	Points int    `json:"points"`          // points for the most of them, 1..cardrules.MaxScore
}

// BestSuits scores, as a deal ends, Points to the seat with the best
// best-of-each-suit total: a seat that has won a card of every suit of the
// deck counts the highest Value among its won cards of each suit and sums
// them; a seat short of a suit has no total. A tie for the best scores
// nothing. A rank without a value is worth 0.
type BestSuits struct {
	Points int         `json:"points"` // points for the best total, 1..cardrules.MaxScore
	Values []RankValue `json:"values"` // the ranks' values, each rank once
}

// RankValue is a rank's value in a best-of-each-suit total.
type RankValue struct {
	Rank  Rank `json:"rank"`  // the rank, one of the deck's
	Value int  `json:"value"` // its value, 1..cardrules.MaxRankValue
}

// Tallies reports whether the deal's end compares the seats' won cards
// (most or best-of-each-suit rules).
func (s Score) Tallies() bool { return len(s.Most) > 0 || s.Best != nil }

// validateTally adds the problems of the won-card comparisons; won says
// whether a phase wins cards (tricks or captures).
func (g *Genome) validateTally(ps *Problems, cards []Card, won bool) {
	s := &g.Score
	if s.Tallies() && !won {
		ps.add("$.score", "compares the cards won, but no phase wins any (tricks or captures)")
	}
	if len(s.Most) > cardrules.MaxMostRules {
		ps.add("$.score.most", "at most %d rules, got %d", cardrules.MaxMostRules, len(s.Most))
	}
	for i, r := range s.Most {
		p := fmt.Sprintf("$.score.most[%d]", i)
		if r.Points < 1 || r.Points > cardrules.MaxScore {
			ps.add(p+".points", "must be between 1 and %d, got %d", cardrules.MaxScore, r.Points)
		}
		if m := r.Match; m != nil {
			if !m.Valid() {
				ps.add(p+".match", "match kind %d value %d out of range", m.Kind, m.Value)
			} else if !slices.ContainsFunc(cards, m.Has) {
				ps.add(p+".match", "no card of the deck is %s", *m)
			}
		}
		if slices.ContainsFunc(s.Most[:i], func(q MostRule) bool { return sameMatch(q.Match, r.Match) }) {
			ps.add(p+".match", "counts the same cards as an earlier rule (add their points instead)")
		}
	}
	if b := s.Best; b != nil {
		if b.Points < 1 || b.Points > cardrules.MaxScore {
			ps.add("$.score.best.points", "must be between 1 and %d, got %d", cardrules.MaxScore, b.Points)
		}
		if len(b.Values) == 0 {
			ps.add("$.score.best.values", "no rank has a value, so no seat could have a total")
		}
		for i, v := range b.Values {
			p := fmt.Sprintf("$.score.best.values[%d]", i)
			switch {
			case v.Rank > cardrules.Joker:
				ps.add(p+".rank", "rank %d out of range", v.Rank)
			case !slices.ContainsFunc(cards, func(c Card) bool { return c.Rank() == v.Rank }):
				ps.add(p+".rank", "no card of rank %s is in the deck", v.Rank)
			case slices.ContainsFunc(b.Values[:i], func(w RankValue) bool { return w.Rank == v.Rank }):
				ps.add(p+".rank", "rank %s has a value already", v.Rank)
			}
			if v.Value < 1 || v.Value > cardrules.MaxRankValue {
				ps.add(p+".value", "must be between 1 and %d, got %d", cardrules.MaxRankValue, v.Value)
			}
		}
	}
}

// sameMatch reports whether two most rules count the same cards.
func sameMatch(a, b *Match) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// tallyCanonical is the canonical form of the won-card comparisons: the
// most rules sorted by kind and value (every card last) and the
// values sorted by rank.
func (c *Genome) tallyCanonical() {
	key := func(m *Match) int {
		if m == nil {
			return int(cardrules.NumMatchKinds) * 256
		}
		return int(m.Kind)*256 + int(m.Value)
	}
	slices.SortStableFunc(c.Score.Most, func(a, b MostRule) int {
		if d := key(a.Match) - key(b.Match); d != 0 {
			return d
		}
		return a.Points - b.Points
	})
	if len(c.Score.Most) == 0 {
		c.Score.Most = nil
	}
	if c.Score.Best != nil {
		slices.SortStableFunc(c.Score.Best.Values, func(a, b RankValue) int { return int(a.Rank) - int(b.Rank) })
	}
}
