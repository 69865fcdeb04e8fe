package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// MatchRules makes the game a match of several deals: deals are played until,
// after a deal, some seat's total score reaches Target (0: no target), or
// Deals deals have been played, whichever comes first; the best total by
// the end's rank wins. Absent, the game is one deal.
type MatchRules struct {
	Target int `json:"target,omitempty"` // the total score that ends the match (0: none)
	Deals  int `json:"deals"`            // the most deals played, 1..255
	// cards each seat passes before a deal, and to whom (absent: none)
	Pass *PassRules `json:"pass,omitempty"`
}

// IsMatch reports whether the game is a match of several deals.
func (g *Genome) IsMatch() bool { return g.Match != nil }

// DealScores reports whether something scores at a deal's end (hand
// scores, shooting the moon, finishing places, won-card comparisons or
// deadwood, contracts).
func (s Score) DealScores() bool {
	return len(s.Hand) > 0 || s.Moon || len(s.Finish) > 0 || s.Tallies() || s.Deadwood || s.Contract != nil
}

// validateMatch adds the problems of the match and the deal's-end scores.
func (g *Genome) validateMatch(ps *Problems, cards []Card) {
	validateCardPoints(ps, "$.score.hand", g.Score.Hand, cardrules.MaxHandRules, cardrules.MaxHandPoints, cards)
	if len(g.Score.Hand) > 0 && g.Hand == cardrules.HandPile {
		ps.add("$.score.hand", "scores the cards left in hand, but pile hands are played out in battles (use a fan hand)")
	}
	if g.Score.Moon && len(g.Score.Cards) == 0 {
		ps.add("$.score.moon", "shooting the moon takes every point the card rules give, but score.cards is empty")
	}
	g.validateFinish(ps)
	m := g.Match
	if m == nil {
		return
	}
	if m.Deals < 1 || m.Deals > cardrules.MaxDeals {
		ps.add("$.match.deals", "must be between 1 and %d, got %d", cardrules.MaxDeals, m.Deals)
	}
	if m.Target < 0 || m.Target > cardrules.MaxTarget {
		ps.add("$.match.target", "must be between 0 (no target) and %d, got %d", cardrules.MaxTarget, m.Target)
	}
	if g.End.Rank == cardrules.RankCards {
		ps.add("$.end.rank", "a match is won on total score: rank score_low or score_high")
	}
	if g.Score.IsZero() && !g.Score.DealScores() {
		ps.add("$.score", "a match is won on total score, but nothing scores")
	}
	g.validatePass(ps, len(cards))
}

// matchCanonical is the canonical form of the deal's-end scores: the hand
// rules sorted.
func (c *Genome) matchCanonical() {
	slices.SortStableFunc(c.Score.Hand, func(a, b CardPoints) int {
		if a.Match != b.Match {
			return int(a.Match.Kind)*256 + int(a.Match.Value) - int(b.Match.Kind)*256 - int(b.Match.Value)
		}
		return a.Points - b.Points
	})
	if len(c.Score.Hand) == 0 {
		c.Score.Hand = nil
	}
	c.passCanonical()
}

// cloneMatch deep-copies the match.
func (m *MatchRules) clone() *MatchRules {
	if m == nil {
		return nil
	}
	c := *m
	c.Pass = m.Pass.clone()
	return &c
}

// matchDiff compares two matches: 0 when both are one deal, 1 when one
// is a match and the other not, else the mean of rel of the target and of
// the deals.
func matchDiff(a, b *MatchRules) float64 {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil || b == nil:
		return 1
	}
	d := float64((rel(a.Target, b.Target) + rel(a.Deals, b.Deals)) / 2)
	if a.Pass != nil || b.Pass != nil {
		// A third part only with passing, so that matches without it
		// keep the distance they had.
		d = (float64(2*d) + passDiff(a.Pass, b.Pass)) / 3
	}
	return d
}

// dealScoreDiff compares the deal's-end scores: the mean of the multiset
// distance of the hand rules and the flag of shooting the moon.
func dealScoreDiff(a, b *Score) float64 {
	d := float64((cardPointsDiff(a.Hand, b.Hand) + flag(a.Moon != b.Moon)) / 2)
	if len(a.Finish) > 0 || len(b.Finish) > 0 {
		// A third part only with scores for going out, so that games
		// without them keep the distance they had.
		d = (float64(2*d) + finishDiff(a.Finish, b.Finish)) / 3
	}
	return d
}

// describeMatch says how the match is played and how a deal's end scores
// (but for the contracts, which have a paragraph of their own before it:
// describeContract).
func (g *Genome) describeMatchPlay() string {
	var b strings.Builder
	if len(g.Score.Hand) > 0 {
		b.WriteString("When a deal ends, each player scores for every card still in their hand:")
		for i, c := range g.Score.Hand {
			sep := ","
			if i == len(g.Score.Hand)-1 {
				sep = "."
			}
			d := g.describeMatchIn(c.Match)
			fmt.Fprintf(&b, " %s %s%s", strings.ToLower(d[:1])+d[1:], plural(c.Points, "point"), sep)
		}
		b.WriteString(" ")
	}
	for _, s := range []string{g.describeFinish(), g.describeDeadwood()} {
		if s != "" {
			b.WriteString(s + " ")
		}
	}
	if g.Score.Moon {
		b.WriteString("A player who takes every card that scores in a deal shoots the moon: they score nothing for them, and every other player scores their total instead. ")
	}
	m := g.Match
	if m == nil {
		return strings.TrimSpace(b.String())
	}
	chips := g.Score.Chips.Stake > 0
	// A match of chips ends once at most one seat holds any; against a
	// dealer (the house never runs out), once none does.
	holders := "at most one player"
	if g.Score.Dealer != nil {
		holders = "no player"
	}
	switch {
	case m.Target > 0 && chips:
		// A seat's score is the chips it holds.
		who := "a player holds"
		if g.Teams == 2 {
			who = "a partnership's players hold"
		}
		fmt.Fprintf(&b, "The game is played in deals until %s %s, or %s has any, at most %s; ", who, plural(m.Target, "chip"), holders, plural(m.Deals, "deal"))
	case chips:
		fmt.Fprintf(&b, "The game is played over %s, or until %s has chips left; ", plural(m.Deals, "deal"), holders)
	case m.Target > 0 && g.Teams == 2:
		// With partnerships, a partnership's total (its players') ends it.
		fmt.Fprintf(&b, "The game is played in deals until a partnership's total reaches %s, at most %s; ", plural(m.Target, "point"), plural(m.Deals, "deal"))
	case m.Target > 0:
		fmt.Fprintf(&b, "The game is played in deals until a player reaches %s, at most %s; ", plural(m.Target, "point"), plural(m.Deals, "deal"))
	default:
		fmt.Fprintf(&b, "The game is played over %s; ", plural(m.Deals, "deal"))
	}
	switch {
	case chips:
		b.WriteString("the most chips win.")
	case g.End.Rank == cardrules.RankScoreHigh:
		b.WriteString("the highest total wins.")
	default:
		b.WriteString("the lowest total wins.")
	}
	switch {
	case g.Score.Dealer != nil:
		// (Who goes first in each deal: describeDealer; a lead card never
		// applies: describeUnplayed.)
	case g.LeadCard != nil:
		fmt.Fprintf(&b, " The deal passes to the left after each deal, and in each deal the player holding the %s starts.", g.leadCard())
	case len(g.Turn) == 0:
		b.WriteString(" The deal passes to the left after each deal.")
	default:
		b.WriteString(" The deal passes to the left after each deal, and the player after the dealer starts.")
	}
	if s := g.describePass(); s != "" {
		b.WriteString(" " + s)
	}
	return b.String()
}
