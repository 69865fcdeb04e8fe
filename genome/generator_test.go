package genome_test

import (
	"fmt"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
)

// TestGeneratorCoverage checks, on a fixed set of examples, that the
// genometest generator rarely needs its Validate filter and reaches every
// primitive and field of the model, including the limits.
func TestGeneratorCoverage(t *testing.T) {
	const n = 600
	seen := make(map[string]int)
	saw := func(format string, args ...any) { seen[fmt.Sprintf(format, args...)]++ }
	invalid := 0
	var firstErr error
	for i := range n {
		g := genometest.Candidate().Example(i)
		if err := g.Validate(); err != nil {
			invalid++
			if firstErr == nil {
				firstErr = fmt.Errorf("example %d: %w", i, err)
			}
			continue
		}
		if g.Name != "" {
			saw("name")
		}
		if g.Summary != "" {
			saw("summary")
		}
		saw("seats.min=%d", g.Seats.Min)
		saw("seats.max=%d", g.Seats.Max)
		if g.Seats.Min == g.Seats.Max {
			saw("seats.fixed")
		}
		if len(g.Deck.Ranks) > 0 {
			saw("deck.ranks")
			if len(g.Deck.Ranks) >= genome.NumRanks {
				saw("deck.ranks.full")
			}
		}
		if len(g.Deck.Suits) > 0 {
			saw("deck.suits")
		}
		if len(g.Deck.Remove) > 0 {
			saw("deck.remove")
		}
		if len(g.Deck.Cards()) <= 4 {
			saw("deck.tiny")
		}
		saw("hand=%s", g.Hand)
		if g.Reshuffle {
			saw("reshuffle")
		}
		switch {
		case g.Deal.All:
			saw("deal.all")
		default:
			saw("deal.cards")
		}
		if g.Deal.Starter {
			saw("deal.starter")
		}
		if len(g.Deal.Overrides) > 0 {
			saw("deal.overrides")
		}
		for _, o := range g.Deal.Overrides {
			if o.Cards == g.Deal.Cards {
				saw("deal.overrides.same")
			}
		}
		saw("turn.len=%d", len(g.Turn))
		for _, p := range g.Turn {
			saw("phase=%s", p.Kind)
			switch p.Kind {
			case genome.PhasePlay:
				if len(p.NameSuit) > 0 {
					saw("play.name_suit")
				}
				if p.DrawMax > 0 {
					saw("play.draw_max")
				}
				if p.DrawMax == genome.MaxDrawMax {
					saw("play.draw_max.max")
				}
				if p.Legal.Size() == genome.MaxExprNodes {
					saw("legal.nodes.max")
				}
				if depth(*p.Legal) == genome.MaxExprDepth {
					saw("legal.depth.max")
				}
				walkExpr(*p.Legal, func(e genome.Expr) {
					saw("op=%s", e.Op)
					if e.Op.IsCompare() {
						saw("term=%d", e.Left.Kind)
						saw("term=%d", e.Right.Kind)
					}
				})
			case genome.PhaseBattle:
				saw("battle.war_face_down=%d", p.WarFaceDown)
				saw("battle.returns=%s", p.Returns)
			case genome.PhaseDraw:
				saw("draw.count")
			}
		}
		if len(g.Effects) > 16 {
			saw("effects.many")
		}
		for _, e := range g.Effects {
			saw("effect=%s", e.Type)
			if e.Type.UsesTarget() {
				saw("target=%s", e.Target)
			}
		}
		saw("result=%s", g.End.Conditions[0].Result)
		saw("until=%s", g.End.Until)
		if g.TurnCap == genome.MaxTurnCap {
			saw("turn_cap.max")
		}
	}
	if invalid*100 > n {
		t.Errorf("%d of %d candidates fail Validate (want at most 1%%); first: %v", invalid, n, firstErr)
	}
	want := []string{"name", "summary", "seats.fixed", "seats.min=2", "seats.min=8", "seats.max=8",
		"deck.ranks", "deck.ranks.full", "deck.suits", "deck.remove", "deck.tiny",
		"hand=fan", "hand=pile", "reshuffle", "deal.all", "deal.cards", "deal.starter",
		"deal.overrides", "deal.overrides.same", "turn.len=1", "turn.len=8",
		"phase=play", "phase=battle", "phase=draw", "play.name_suit", "play.draw_max",
		"legal.nodes.max", "legal.depth.max",
		"battle.war_face_down=0", "battle.war_face_down=5", "battle.returns=shuffled", "battle.returns=in_order",
		"draw.count", "effects.many", "result=win", "result=lose", "until=first_out", "until=one_left",
		"turn_cap.max"}
	for op := genome.Op(0); op < genome.NumOps; op++ {
		want = append(want, "op="+op.String())
	}
	for k := genome.TermCardRank; k < genome.NumTermKinds; k++ {
		want = append(want, fmt.Sprintf("term=%d", k))
	}
	for e := genome.EffectType(0); e < genome.NumEffectTypes; e++ {
		want = append(want, "effect="+e.String())
	}
	for tg := genome.TargetNext; tg < genome.NumTargets; tg++ {
		want = append(want, "target="+tg.String())
	}
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("no example covers %s", w)
		}
	}
}

// TestExprGenerator checks that Expr draws structurally valid expressions.
func TestExprGenerator(t *testing.T) {
	deck := genome.Deck{}.Cards()
	for i := range 300 {
		e := genometest.Expr().Example(i)
		g, _ := genome.Seed("crazy-eights")
		g.Turn[0].Legal = &e
		err := g.Validate()
		if err != nil && (e.Satisfiable(deck) || err.Error() != "$.turn[0].legal: no card of the deck is ever legal, so the phase can never play") {
			t.Fatalf("example %d: %v", i, err)
		}
		if e.Size() > genome.MaxExprNodes || depth(e) > genome.MaxExprDepth {
			t.Fatalf("example %d: %d nodes, depth %d", i, e.Size(), depth(e))
		}
	}
}

func walkExpr(e genome.Expr, f func(genome.Expr)) {
	f(e)
	for _, a := range e.Args {
		walkExpr(a, f)
	}
}

func depth(e genome.Expr) int {
	d := 0
	for _, a := range e.Args {
		d = max(d, depth(a))
	}
	return d + 1
}
