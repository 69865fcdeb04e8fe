package genome_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestGeneratorCoverage checks, on a fixed set of examples, that the
// genometest generator rarely needs its Validate filter and reaches every
// primitive and field of the model, including the limits.
func TestGeneratorCoverage(t *testing.T) {
	const n = 800
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
			if len(g.Deck.Ranks) >= cardrules.NumRanks {
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
		if g.Deck.Jokers > 0 {
			saw("deck.jokers=%d", g.Deck.Jokers)
		}
		if g.Deck.TwoPacks() {
			saw("deck.packs=2")
		}
		saw("deck.order=%s", g.Deck.Order)
		saw("hand=%s", g.Hand)
		if g.Reshuffle {
			saw("reshuffle")
		}
		if g.LastCardInert {
			saw("last_card_inert")
		}
		if g.ReshuffleAtOnce {
			saw("reshuffle_at_once")
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
		if len(g.Deal.StarterNot) > 0 {
			saw("deal.starter_not")
		}
		if len(g.Deal.StarterNot) > 1 {
			saw("deal.starter_not.many")
		}
		if g.Deal.StarterFires {
			saw("deal.starter_fires")
		}
		if len(g.Deal.Overrides) > 0 {
			saw("deal.overrides")
		}
		for _, o := range g.Deal.Overrides {
			if o.Cards == g.Deal.Cards {
				saw("deal.overrides.same")
			}
		}
		if g.Meld > 0 {
			saw("meld=%d", g.Meld)
		}
		if g.LeadCard != nil {
			saw("lead_card")
		}
		if g.Teams > 0 {
			saw("teams")
		}
		if g.Score.Trick > 0 {
			saw("score.trick")
		}
		if g.Score.Meld > 0 {
			saw("score.meld")
		}
		for _, c := range g.Score.Cards {
			saw("score.match=%d", c.Match.Kind)
			if c.Match == (genome.Match{Kind: cardrules.MatchRank, Value: uint8(cardrules.Joker)}) {
				saw("score.match.joker")
			}
		}
		if c := g.Score.Chips; c.Stake > 0 {
			saw("score.chips")
			if c.Ante > 0 {
				saw("score.chips.ante")
			}
			if c.Pass > 0 {
				saw("score.chips.pass")
			}
			if c.PerCard > 0 {
				saw("score.chips.per_card")
			}
		}
		saw("turn.len=%d", len(g.Turn))
		preds := func(es ...*genome.Expr) {
			for _, e := range es {
				if e == nil {
					continue
				}
				if e.Size() == cardrules.MaxExprNodes {
					saw("legal.nodes.max")
				}
				if depth(*e) == cardrules.MaxExprDepth {
					saw("legal.depth.max")
				}
				walkExpr(*e, func(e genome.Expr) {
					saw("op=%s", e.Op)
					if e.Op.IsCompare() {
						saw("term=%d", e.Left.Kind)
						saw("term=%d", e.Right.Kind)
					}
				})
			}
		}
		for _, p := range g.Turn {
			saw("phase=%s", p.Kind)
			preds(p.Legal, p.Prefer, p.Lead, p.LeadPrefer)
			if p.Prefer != nil {
				saw("%s.prefer", p.Kind)
			}
			switch p.Kind {
			case cardrules.PhaseTrick:
				saw("trick.trump=%s", p.Trump)
				if p.LeadPrefer != nil {
					saw("trick.lead_prefer")
				}
			case cardrules.PhaseTake:
				saw("take.from=%s", p.From)
			case cardrules.PhasePlay:
				if len(p.NameSuit) > 0 {
					saw("play.name_suit")
				}
				if slices.Contains(p.NameSuit, cardrules.Joker) {
					saw("play.name_suit.joker")
				}
				if p.DrawMax > 0 {
					saw("play.draw_max")
				}
				if p.DrawMax == cardrules.MaxDrawMax {
					saw("play.draw_max.max")
				}
				saw("play.draw=%s", p.Draw)
				if p.Draw == cardrules.DrawByChoice && p.DrawMax == 1 {
					saw("play.draw=by_choice.draw_max=1")
				}
				saw("play.pass=%s", p.Pass)
				if p.PlayDrawn {
					saw("play.play_drawn")
				}
			case cardrules.PhaseBattle:
				saw("battle.war_face_down=%d", p.WarFaceDown)
				saw("battle.returns=%s", p.Returns)
			case cardrules.PhaseDraw:
				saw("draw.count")
			case cardrules.PhaseClimb:
				saw("climb.max=%d", p.Max)
			case cardrules.PhaseClaim:
				saw("claim.claims=%s", p.Claims)
				saw("claim.max=%d", p.Max)
			case cardrules.PhaseMeld:
				saw("meld.sets=%d", p.Sets)
				saw("meld.runs=%d", p.Runs)
				saw("meld.lay=%s", p.Lay)
				switch p.Knock {
				case 0, cardrules.MaxKnock:
					saw("meld.knock=%d", p.Knock)
				default:
					saw("meld.knock.between")
				}
			case cardrules.PhaseTurnUp:
				saw("turn_up.returns=%s", p.Returns)
				saw("turn_up.demands=%d", len(p.Demands))
				for _, d := range p.Demands {
					saw("turn_up.demand.count=%d", d.Count)
				}
				if !slices.IsSortedFunc(p.Demands, func(a, b genome.Demand) int { return int(a.Rank) - int(b.Rank) }) {
					saw("turn_up.demands.unsorted")
				}
			}
		}
		if len(g.Effects) > 16 {
			saw("effects.many")
		}
		if len(g.Score.Hand) > 0 {
			saw("score.hand")
		}
		if g.Score.Moon {
			saw("score.moon")
		}
		if m := g.Match; m != nil {
			saw("match")
			if m.Target > 0 {
				saw("match.target")
			}
			if m.Deals == cardrules.MaxDeals {
				saw("match.deals.max")
			}
			if m.Deals == 1 {
				saw("match.deals=1")
			}
			if p := m.Pass; p != nil {
				saw("match.pass")
				if p.Count == 1 {
					saw("match.pass.count=1")
				}
				if len(p.To) == cardrules.MaxPassDirs {
					saw("match.pass.to.max")
				}
				for _, d := range p.To {
					saw("match.pass.to=%s", d)
				}
			}
		}
		if len(g.Score.Finish) > 0 {
			saw("score.finish")
		}
		if g.Score.Deadwood {
			saw("score.deadwood")
			if g.MeldPhase() < 0 {
				saw("score.deadwood.without_meld")
			}
			for name, v := range map[string]int{"gin": g.Score.Gin, "undercut": g.Score.Undercut} {
				switch v {
				case 0, cardrules.MaxBonus:
					saw("score.%s=%d", name, v)
				default:
					saw("score.%s.between", name)
				}
			}
		}
		if k := g.Score.Contract; k != nil {
			saw("score.contract")
			for name, v := range map[string]int{"trick": k.Trick, "over": k.Over, "bags": k.Bags, "penalty": k.Penalty, "nil": k.Nil} {
				saw("score.contract.%s=%d", name, v)
			}
		}
		for _, e := range g.Effects {
			saw("effect=%s", e.Type)
			if e.Rank == cardrules.Joker {
				saw("effect.joker")
			}
			if e.Type.UsesTarget() {
				saw("target=%s", e.Target)
			}
			if e.Gate {
				saw("gate=%s", e.Type)
				if e.Type.UsesTarget() {
					saw("gate.target=%s", e.Target)
				}
			}
			if e.Random && g.Hand == cardrules.HandFan {
				saw("random discard")
			}
			if e.Suit != cardrules.AnySuit {
				saw("effect.suit=%s", e.Suit)
			}
			saw("effect.when=%s", e.When)
			if e.When != cardrules.Played && e.Suit != cardrules.AnySuit {
				saw("effect.when.suited")
			}
			if e.Type.Lasts() {
				l := e.Lasts
				saw("lasts.type=%s", e.Type)
				saw("lasts.for=%s", l.For)
				saw("lasts.scope=%s", l.Scope)
				saw("lasts.stack=%s", l.Stack)
				saw("lasts.key=%d", l.Key)
				if l.Turns == cardrules.MaxLastTurns {
					saw("lasts.turns.max")
				}
				if l.Persists {
					saw("lasts.persists")
				}
				if e.Type == cardrules.Suppress {
					saw("lasts.suppresses=%s", l.Suppresses)
				}
				if e.When != cardrules.Played {
					saw("lasts.when_not_played")
				}
			}
			if e.At != cardrules.ResolveNow {
				saw("effect.at=%s", e.At)
				saw("effect.at.target=%s", e.Target)
				if e.When != cardrules.Played {
					saw("effect.at.when_not_played")
				}
				if e.If.Of != cardrules.NoCond {
					saw("effect.at.if")
				}
			}
			if c := e.If; c.Of != cardrules.NoCond {
				saw("effect.if.of=%s", c.Of)
				if c.Of != cardrules.CondTopSuit {
					saw("effect.if.cmp=%s", c.Cmp)
				}
				if c.Of == cardrules.CondSeats && c.Value == cardrules.MaxSeats || c.Of != cardrules.CondSeats && c.Value == cardrules.MaxCondValue {
					saw("effect.if.value.max")
				}
			}
		}
		if len(g.Effects) > 0 && !slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return p.Kind.PlaysCards() }) {
			saw("effects.without_plays")
		}
		if len(g.Responses.Cards) > 0 {
			saw("responses")
			saw("responses.who=%s", g.Responses.Who)
			if g.Responses.LoseTurn {
				saw("responses.lose_turn")
			}
			if len(g.Responses.Cards) > 8 {
				saw("responses.many")
			}
		}
		for _, r := range g.Responses.Cards {
			saw("responses.ability=%s", r.Ability)
			saw("responses.answers=%s", r.Answers)
			if r.IgnoreLegal {
				saw("responses.ignore_legal")
			}
			if r.Value == cardrules.MaxEffectValue {
				saw("responses.value.max")
			}
			if slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return e.Rank == r.Rank && e.Type == r.Answers }) {
				saw("responses.answers_itself")
			}
		}
		saw("rules.len=%d", len(g.Rules))
		for _, r := range g.Rules {
			saw("rule.type=%s", r.Type)
			saw("rule.who=%s", r.Who)
			saw("rule.stack=%s", r.Stack)
			saw("rule.key=%d", r.Key)
			if r.If.Of != cardrules.NoCond {
				saw("rule.if.of=%s", r.If.Of)
			}
			if r.Scale.By != cardrules.NoCond {
				saw("rule.scale.by=%s", r.Scale.By)
				if r.Scale.Per == cardrules.NumCards {
					saw("rule.scale.per.max")
				}
			}
			if r.Value == cardrules.MaxEffectValue {
				saw("rule.value.max")
			}
			if r.Type == cardrules.Suppress {
				saw("rule.suppresses=%s", r.Suppresses)
			}
			if slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return e.Type == r.Type && e.Lasts.Key == r.Key }) {
				saw("rule.shares_stacking")
			}
		}
		if len(g.End.Conditions) == 0 {
			saw("end.no_conditions")
			if g.End.Until == cardrules.UntilFirstOut || g.End.Until == cardrules.UntilOneLeft {
				saw("end.no_conditions.knock")
			}
		}
		for _, c := range g.End.Conditions {
			saw("result=%s", c.Result)
		}
		saw("until=%s", g.End.Until)
		saw("rank=%s", g.End.Rank)
		if g.End.Blocked > 0 {
			saw("end.blocked")
		}
		if g.End.Blocked == cardrules.MaxBlocked {
			saw("end.blocked.max")
		}
		if g.TurnCap == cardrules.MaxTurnCap {
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
		"play.name_suit", "play.draw_max",
		"legal.nodes.max", "legal.depth.max",
		"battle.war_face_down=0", "battle.war_face_down=5", "battle.returns=shuffled", "battle.returns=in_order",
		"turn_up.returns=shuffled", "turn_up.returns=in_order", "turn_up.demands=1", "turn_up.demands=13", "turn_up.demands.unsorted",
		"draw.count", "effects.many", "result=win", "result=lose", "end.no_conditions",
		"turn_cap.max", "meld=2", "meld=4", "lead_card", "teams", "score.trick", "score.meld",
		"score.hand", "score.moon", "match", "match.target", "match.deals.max", "match.deals=1",
		"play.prefer", "trick.prefer", "trick.lead_prefer",
		"reshuffle_at_once", "last_card_inert", "deal.starter_not", "deal.starter_not.many", "deal.starter_fires",
		"play.draw=by_choice.draw_max=1", "play.play_drawn", "end.blocked", "end.blocked.max",
		"responses", "responses.lose_turn", "responses.ignore_legal", "responses.many", "responses.value.max",
		"responses.answers_itself", "random discard",
		"deck.jokers=1", "deck.jokers=2", "deck.packs=2", "effect.joker", "play.name_suit.joker", "score.match.joker"}
	for a := cardrules.Stack; a < cardrules.NumAbilities; a++ {
		want = append(want, "responses.ability="+a.String())
	}
	for o := range cardrules.NumRankOrders {
		want = append(want, "deck.order="+o.String())
	}
	for w := genome.Respondents(0); w < cardrules.NumRespondents; w++ {
		want = append(want, "responses.who="+w.String())
	}
	for e := genome.EffectType(0); e < cardrules.NumEffectTypes; e++ {
		if e.Answerable() {
			want = append(want, "responses.answers="+e.String())
		}
	}
	for op := genome.Op(0); op < genome.NumOps; op++ {
		want = append(want, "op="+op.String())
	}
	for k := genome.TermCardRank; k < genome.NumTermKinds; k++ {
		want = append(want, fmt.Sprintf("term=%d", k))
	}
	for e := genome.EffectType(0); e < cardrules.NumEffectTypes; e++ {
		want = append(want, "effect="+e.String())
		if e.Lasts() {
			want = append(want, "lasts.type="+e.String())
		}
		if e != cardrules.Suppress {
			want = append(want, "lasts.suppresses="+cardrules.SuppressedOf(e).String())
		}
	}
	for d := cardrules.Duration(0); d < cardrules.NumDurations; d++ {
		want = append(want, "lasts.for="+d.String())
	}
	for sc := cardrules.Scope(0); sc < cardrules.NumScopes; sc++ {
		want = append(want, "lasts.scope="+sc.String())
	}
	for k := cardrules.Stacking(0); k < cardrules.NumStacks; k++ {
		want = append(want, "lasts.stack="+k.String())
	}
	for k := range cardrules.MaxStackKey + 1 {
		want = append(want, fmt.Sprintf("lasts.key=%d", k))
	}
	want = append(want, "lasts.turns.max", "lasts.persists", "lasts.when_not_played")
	for s := range cardrules.NumSuits {
		want = append(want, "effect.suit="+cardrules.TriggerOn(cardrules.Suit(s)).String())
	}
	for w := cardrules.Trigger(0); w < cardrules.NumTriggers; w++ {
		want = append(want, "effect.when="+w.String())
	}
	for of := cardrules.CondHand; of < cardrules.NumCondOfs; of++ {
		want = append(want, "effect.if.of="+of.String())
	}
	for c := cardrules.Compare(0); c < cardrules.NumCompares; c++ {
		want = append(want, "effect.if.cmp="+c.String())
	}
	want = append(want, "effect.when.suited", "effect.if.value.max", "effects.without_plays")
	for tg := cardrules.TargetNext; tg < cardrules.NumTargets; tg++ {
		want = append(want, "target="+tg.String(), "gate.target="+tg.String())
	}
	for e := genome.EffectType(0); e < cardrules.NumEffectTypes; e++ {
		if e.Fizzles() {
			want = append(want, "gate="+e.String())
		}
	}
	for _, tg := range []genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetRandomOpponent} {
		want = append(want, "take.from="+tg.String())
	}
	for k := genome.PhaseKind(0); k < cardrules.NumPhaseKinds; k++ {
		want = append(want, "phase="+k.String())
	}
	for n := 1; n <= cardrules.MaxDemand; n++ {
		want = append(want, fmt.Sprintf("turn_up.demand.count=%d", n))
	}
	for tr := genome.Trump(0); tr < cardrules.NumTrumps; tr++ {
		want = append(want, "trick.trump="+tr.String())
	}
	for u := genome.Until(0); u < cardrules.NumUntils; u++ {
		want = append(want, "until="+u.String())
	}
	for r := genome.RankBy(0); r < cardrules.NumRankBys; r++ {
		want = append(want, "rank="+r.String())
	}
	for at := cardrules.ResolveTurnEnd; at < cardrules.NumResolves; at++ {
		want = append(want, "effect.at="+at.String())
	}
	for _, tg := range []genome.Target{cardrules.TargetAllOpponents, cardrules.TargetRandomOpponent, cardrules.TargetSelf, cardrules.TargetChosen} {
		want = append(want, "effect.at.target="+tg.String())
	}
	want = append(want, "effect.at.when_not_played", "effect.at.if", "rule.shares_stacking", "rule.scale.per.max", "rule.value.max")
	for k := range cardrules.MaxRules + 1 {
		want = append(want, fmt.Sprintf("rules.len=%d", k))
	}
	for e := cardrules.LockSuit; e < cardrules.NumEffectTypes; e++ {
		want = append(want, "rule.type="+e.String())
		if e != cardrules.Suppress {
			want = append(want, "rule.suppresses="+cardrules.SuppressedOf(e).String())
		}
	}
	for w := cardrules.Who(0); w < cardrules.NumWhos; w++ {
		want = append(want, "rule.who="+w.String())
	}
	for of := cardrules.CondHand; of < cardrules.NumCondOfs; of++ {
		if of != cardrules.CondTarget {
			want = append(want, "rule.if.of="+of.String())
		}
		if of.ScalesBy() {
			want = append(want, "rule.scale.by="+of.String())
		}
	}
	for k := cardrules.Stacking(0); k < cardrules.NumStacks; k++ {
		want = append(want, "rule.stack="+k.String())
	}
	for k := range cardrules.MaxStackKey + 1 {
		want = append(want, fmt.Sprintf("rule.key=%d", k))
	}
	for d := genome.DrawRule(0); d < cardrules.NumDrawRules; d++ {
		want = append(want, "play.draw="+d.String())
	}
	for p := genome.PassRule(0); p < cardrules.NumPassRules; p++ {
		want = append(want, "play.pass="+p.String())
	}
	for m := genome.MatchKind(0); m < cardrules.NumMatchKinds; m++ {
		want = append(want, fmt.Sprintf("score.match=%d", m))
	}
	want = append(want, "score.chips", "score.chips.ante", "score.chips.pass", "score.chips.per_card")
	want = append(want, "match.pass", "match.pass.count=1", "match.pass.to.max", "score.finish")
	for d := cardrules.PassTo(0); d < cardrules.NumPassTos; d++ {
		want = append(want, "match.pass.to="+d.String())
	}
	for n := range cardrules.MaxClimb + 1 {
		want = append(want, fmt.Sprintf("climb.max=%d", n), fmt.Sprintf("claim.max=%d", n))
	}
	for c := range cardrules.NumClaimRules {
		want = append(want, "claim.claims="+c.String())
	}
	for _, n := range []int{0, 2, 3, 4, cardrules.MaxMeldMin} {
		want = append(want, fmt.Sprintf("meld.sets=%d", n), fmt.Sprintf("meld.runs=%d", n))
	}
	for l := range cardrules.NumLayRules {
		want = append(want, "meld.lay="+l.String())
	}
	want = append(want, "meld.knock=0", fmt.Sprintf("meld.knock=%d", cardrules.MaxKnock), "meld.knock.between",
		"score.deadwood", "score.deadwood.without_meld", "end.no_conditions.knock")
	for _, b := range []string{"gin", "undercut"} {
		want = append(want, "score."+b+"=0", fmt.Sprintf("score.%s=%d", b, cardrules.MaxBonus), "score."+b+".between")
	}
	// Bids and contracts: every field at both ends of its range (a
	// penalty exactly with bags: 0 with none).
	want = append(want, "score.contract")
	for _, f := range []struct {
		name   string
		lo, hi int
	}{{"trick", 1, cardrules.MaxBidPoints}, {"over", 0, cardrules.MaxOvertrick}, {"bags", 0, cardrules.MaxBags},
		{"penalty", 0, cardrules.MaxBidBonus}, {"penalty", 1, cardrules.MaxBidBonus}, {"nil", 0, cardrules.MaxBidBonus}} {
		want = append(want, fmt.Sprintf("score.contract.%s=%d", f.name, f.lo), fmt.Sprintf("score.contract.%s=%d", f.name, f.hi))
	}
	for _, w := range want {
		if seen[w] == 0 {
			t.Errorf("no example covers %s", w)
		}
	}
}

// TestExprGenerator checks that Expr draws structurally valid expressions:
// each validates as a legality predicate unless no card satisfies it.
func TestExprGenerator(t *testing.T) {
	g := testkit.SeedGenome(t, "crazy-eights")
	// A 16-card deck keeps the exhaustive satisfiability search short.
	g.Deck.Ranks = []genome.Rank{9, 10, 11, 12}
	g.Seats = genome.Seats{Min: 2, Max: 2, Default: 2}
	g.Turn[0].NameSuit = nil
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	deck := g.Deck.Cards()
	for i := range 200 {
		e := genometest.Expr().Example(i)
		g.Turn[0].Legal = &e
		err := g.Validate()
		if err != nil && (e.Satisfiable(deck, 0) || err.Error() != "$.turn[0].legal: no card of the deck ever satisfies it") {
			t.Fatalf("example %d: %v", i, err)
		}
		if e.Size() > cardrules.MaxExprNodes || depth(e) > cardrules.MaxExprDepth {
			t.Fatalf("example %d: %d nodes, depth %d", i, e.Size(), depth(e))
		}
		l := genometest.Legal(deck).Example(i)
		g.Turn[0].Legal = &l
		if err := g.Validate(); err != nil {
			t.Fatalf("Legal example %d: %v", i, err)
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
