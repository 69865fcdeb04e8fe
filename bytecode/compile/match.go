package compile

import (
	"slices"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
)

// compileMatch is the MATCH block of canonical genome c.
func compileMatch(c *genome.Genome) bytecode.Match {
	var m bytecode.Match
	m.Moon = c.Score.Moon
	for _, r := range c.Score.Hand {
		m.Hand = append(m.Hand, bytecode.ScoreRule{Kind: r.Match.Kind, Value: int(r.Match.Value), Points: r.Points})
	}
	if x := c.Match; x != nil {
		m.Deals, m.Target = x.Deals, x.Target
		if x.Pass != nil {
			m.PassCount, m.PassTo = x.Pass.Count, x.Pass.To
		}
	}
	m.Finish = c.Score.Finish
	return m
}

// decompileMatch sets g's match and deal's-end scores from the MATCH block.
func decompileMatch(g *genome.Genome, m *bytecode.Match) {
	g.Score.Moon = m.Moon
	for _, r := range m.Hand {
		g.Score.Hand = append(g.Score.Hand, genome.CardPoints{Match: genome.Match{Kind: r.Kind, Value: uint8(r.Value)}, Points: r.Points})
	}
	if m.Deals > 0 {
		g.Match = &genome.MatchRules{Deals: m.Deals, Target: m.Target}
		if m.PassCount > 0 {
			g.Match.Pass = &genome.PassRules{Count: m.PassCount, To: slices.Clone(m.PassTo)}
		}
	}
	g.Score.Finish = slices.Clone(m.Finish)
}
