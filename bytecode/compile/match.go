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

// compileTally lowers the won-card comparisons of canonical genome c.
func compileTally(c *genome.Genome) bytecode.Tally {
	var t bytecode.Tally
	for _, r := range c.Score.Most {
		sr := bytecode.ScoreRule{Kind: bytecode.MostEvery, Points: r.Points}
		if r.Match != nil {
			sr.Kind, sr.Value = r.Match.Kind, int(r.Match.Value)
		}
		t.Most = append(t.Most, sr)
	}
	if b := c.Score.Best; b != nil {
		t.Best = b.Points
		for _, v := range b.Values {
			t.Values[v.Rank] = v.Value
		}
	}
	return t
}

// decompileTally sets g's won-card comparisons from the TALLY block.
func decompileTally(g *genome.Genome, t *bytecode.Tally) {
	for _, r := range t.Most {
		mr := genome.MostRule{Points: r.Points}
		if r.Kind != bytecode.MostEvery {
			mr.Match = &genome.Match{Kind: r.Kind, Value: uint8(r.Value)}
		}
		g.Score.Most = append(g.Score.Most, mr)
	}
	if t.Best > 0 {
		b := &genome.BestSuits{Points: t.Best}
		for r, v := range t.Values {
			if v > 0 {
				b.Values = append(b.Values, genome.RankValue{Rank: genome.Rank(r), Value: v})
			}
		}
		g.Score.Best = b
	}
}
