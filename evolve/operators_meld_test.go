package evolve

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// These tests keep to the genome: every child validates and compiles
// (mustCompile, valid); none plays a game (the VM's meld phase is not in
// yet).

// ginRummyJSON and rummyJSON are the seed games of the rummy family (the
// library's gin-rummy and rummy, their summaries left out), which are not
// among the seed games yet.
const (
	ginRummyJSON = `{"schema":1,"name":"gin-rummy","seats":{"min":2,"max":2,"default":2},"deck":{"order":"ace_low"},"hand":"fan","deal":{"cards":10,"starter":true},"reshuffle":false,"turn":[{"kind":"meld","sets":3,"runs":3,"lay":"out","knock":10}],"effects":[],"score":{"deadwood":true,"gin":25,"undercut":25},"end":{"until":"first_out","rank":"score_high","blocked":1},"match":{"target":100,"deals":60},"turn_cap":8000}`
	rummyJSON    = `{"schema":1,"name":"rummy","seats":{"min":2,"max":6,"default":2},"deck":{"order":"ace_low"},"hand":"fan","deal":{"cards":7,"overrides":[{"seats":2,"cards":10},{"seats":5,"cards":6},{"seats":6,"cards":6}],"starter":true},"reshuffle":true,"turn":[{"kind":"meld","sets":3,"runs":3}],"effects":[],"score":{"deadwood":true},"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out","rank":"score_high"},"match":{"target":100,"deals":60},"turn_cap":8000}`
)

// meldGame returns the game of src, canonical and valid.
func meldGame(t testing.TB, src string) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g = g.Canonical()
	if err := g.Validate(); err != nil {
		t.Fatalf("%s: %v", g.Name, err)
	}
	return g
}

// ginRummy and rummy return the two seed games of the rummy family.
func ginRummy(t testing.TB) *genome.Genome { return meldGame(t, ginRummyJSON) }
func rummy(t testing.TB) *genome.Genome    { return meldGame(t, rummyJSON) }

// meldParents are games with a meld phase: gin-rummy and rummy; gin-rummy
// knocking only with gin, of runs only, without bonuses; rummy of sets of
// two only, of two packs and jokers with a draw before the meld; Crazy
// Eights with its play phase after a meld phase laid out; and each seed
// game the meld operator turns a play phase of into a meld phase.
func meldParents(t testing.TB) []*genome.Genome {
	t.Helper()
	gin, ru := ginRummy(t), rummy(t)
	ginOnly := gin.Clone()
	ginOnly.Turn[0].Knock = 0
	runsOnly := gin.Clone()
	runsOnly.Turn[0].Sets, runsOnly.Turn[0].Runs = 0, 4
	runsOnly.Score.Gin, runsOnly.Score.Undercut = 0, 0
	pairs := ru.Clone()
	pairs.Turn[0].Sets, pairs.Turn[0].Runs = 2, 0
	packs := ru.Clone()
	packs.Deck.Packs, packs.Deck.Jokers = 2, 2
	packs.Turn = append([]genome.Phase{{Kind: cardrules.PhaseDraw, Count: 1}}, packs.Turn...)
	eights := testkit.SeedGenome(t, "crazy-eights")
	eights.Turn = append([]genome.Phase{{Kind: cardrules.PhaseMeld, Sets: 3, Runs: 3, Lay: cardrules.LayOut, Knock: 5}}, eights.Turn...)
	out := []*genome.Genome{gin, ru, ginOnly.Canonical(), runsOnly.Canonical(), pairs.Canonical(), packs.Canonical(), eights.Canonical()}
	for i, s := range genome.Seeds() {
		g := s.Canonical()
		r := rng.New(uint64(i))
		if _, plays := kindAndPlays(g, cardrules.PhaseMeld); len(plays) == 0 || g.Hand != cardrules.HandFan || g.Deal.All {
			continue
		}
		if !mutMeldPhase(g, &r) {
			t.Fatalf("%s: no meld phase", s.Name)
		}
		out = append(out, g.Canonical())
	}
	for _, g := range out {
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v\n%s", g.Name, err, g.CanonicalJSON())
		}
	}
	return out
}

// checkMeldChild checks a child c of the meld operator from b: one meld
// phase, of sets or runs or both within 0 or 2..5, a knock only laying
// out, the bonuses only with deadwood and a phase laying out, and steps
// no larger than the operator's (sets and runs along 0, 2..5, the knock
// by 1 or 2, the bonuses by 1 to 5, or to 0 with what they need gone).
func checkMeldChild(b, c *genome.Genome) error {
	if b.MeldPhase() < 0 || c.MeldPhase() != b.MeldPhase() || len(c.Turn) != len(b.Turn) {
		return fmt.Errorf("the turn %+v became %+v", b.Turn, c.Turn)
	}
	p, q := b.Turn[b.MeldPhase()], c.Turn[c.MeldPhase()]
	sc := c.Score
	step := func(x, y int) int { return max(x-y, y-x) }
	index := func(v int) int { return slices.Index(meldMins, v) }
	switch {
	case index(q.Sets) < 0 || index(q.Runs) < 0 || q.Sets == 0 && q.Runs == 0:
		return fmt.Errorf("sets %d, runs %d", q.Sets, q.Runs)
	case q.Knock != 0 && q.Lay != cardrules.LayOut:
		return fmt.Errorf("knock %d laying %s", q.Knock, q.Lay)
	case (sc.Gin != 0 || sc.Undercut != 0) && (!sc.Deadwood || q.Lay != cardrules.LayOut):
		return fmt.Errorf("gin %d, undercut %d with deadwood %v laying %s", sc.Gin, sc.Undercut, sc.Deadwood, q.Lay)
	case step(index(p.Sets), index(q.Sets)) > 1 || step(index(p.Runs), index(q.Runs)) > 1:
		return fmt.Errorf("sets %d, runs %d became %d, %d: want a step along 0, 2..5", p.Sets, p.Runs, q.Sets, q.Runs)
	case q.Lay == p.Lay && step(p.Knock, q.Knock) > 2:
		return fmt.Errorf("knock %d became %d: want a step of 1 or 2", p.Knock, q.Knock)
	case sc.Gin != 0 && step(b.Score.Gin, sc.Gin) > 5 || sc.Undercut != 0 && step(b.Score.Undercut, sc.Undercut) > 5:
		return fmt.Errorf("gin %d, undercut %d became %d, %d: want a step of 1 to 5", b.Score.Gin, b.Score.Undercut, sc.Gin, sc.Undercut)
	case meldFields(p, b.Score) == meldFields(q, sc):
		return fmt.Errorf("%+v unchanged", meldFields(q, sc))
	}
	return nil
}

// meldFields are the fields the meld operator changes: a meld phase's
// and the deadwood scores'.
func meldFields(p genome.Phase, sc genome.Score) [7]int {
	return [7]int{p.Sets, p.Runs, int(p.Lay), p.Knock, btoi(sc.Deadwood), sc.Gin, sc.Undercut}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMeldPhaseOperator: from gin-rummy and from rummy the meld operator
// reaches every value of sets and runs, both lay rules, knocks of 0 and
// of more than 10, the deadwood on and off, and gin and undercut bonuses
// moved, taken away and given again; every step is small
// (checkMeldChild) and every child is valid and compiles. Started a step
// below them, the knock reaches cardrules.MaxKnock and the bonuses
// cardrules.MaxBonus, never more.
func TestMeldPhaseOperator(t *testing.T) {
	for i, g := range []*genome.Genome{ginRummy(t), rummy(t)} {
		name := []string{"gin-rummy", "rummy"}[i]
		r := rng.New(uint64(40 + i))
		seen := map[string]bool{}
		for range 4000 {
			b := g.Clone()
			if !mutMeldPhase(g, &r) {
				t.Fatalf("%s: mutMeldPhase did nothing", name)
			}
			if err := checkMeldChild(b, g); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, g.CanonicalJSON())
			}
			mustCompile(t, g)
			p, sc := g.Turn[0], g.Score
			seen[fmt.Sprintf("sets=%d", p.Sets)] = true
			seen[fmt.Sprintf("runs=%d", p.Runs)] = true
			seen["lay="+p.Lay.String()] = true
			seen[fmt.Sprintf("deadwood=%v", sc.Deadwood)] = true
			switch {
			case p.Lay != cardrules.LayOut:
			case p.Knock == 0:
				seen["knock=0"] = true
			case p.Knock > 10:
				seen["knock>10"] = true
			}
			for name, v := range map[string][2]int{"gin": {b.Score.Gin, sc.Gin}, "undercut": {b.Score.Undercut, sc.Undercut}} {
				switch {
				case v[0] == v[1]:
				case v[1] == 0:
					seen[name+" gone"] = true
				case v[0] == 0:
					seen[name+" given"] = true
				default:
					seen[name+" moved"] = true
				}
			}
		}
		for _, want := range []string{"sets=0", "sets=2", "sets=3", "sets=4", "sets=5", "runs=0", "runs=2", "runs=3", "runs=4", "runs=5",
			"lay=turn", "lay=out", "knock=0", "knock>10", "deadwood=true", "deadwood=false",
			"gin gone", "gin given", "gin moved", "undercut gone", "undercut given", "undercut moved"} {
			if !seen[want] {
				t.Errorf("%s: the meld operator never reached %s (reached %v)", name, want, seen)
			}
		}
	}
	g := ginRummy(t)
	g.Turn[0].Knock, g.Score.Gin, g.Score.Undercut = cardrules.MaxKnock-1, cardrules.MaxBonus-1, cardrules.MaxBonus-1
	r := rng.New(3)
	top := [3]bool{}
	for range 300 {
		c := g.Clone()
		if !mutMeldPhase(c, &r) {
			t.Fatal("mutMeldPhase did nothing to gin-rummy")
		}
		mustCompile(t, c)
		for k, v := range [3][2]int{{c.Turn[0].Knock, cardrules.MaxKnock}, {c.Score.Gin, cardrules.MaxBonus}, {c.Score.Undercut, cardrules.MaxBonus}} {
			top[k] = top[k] || v[0] == v[1]
		}
	}
	if top != [3]bool{true, true, true} {
		t.Errorf("the knock, gin and undercut reached their most: %v, want all", top)
	}
}

// TestMeldPhaseLay: laying out to laying in the turn takes the knock and the
// bonuses away and gives gin-rummy, which has no end condition, a
// hand_empty win; laying in the turn to laying out knocks at 10 or 0 and
// keeps the rest (a game that knocks needs no end condition).
func TestMeldPhaseLay(t *testing.T) {
	for seed := range uint64(200) {
		g := ginRummy(t)
		r := rng.New(seed)
		if !mutMeldPhase(g, &r) {
			t.Fatal("mutMeldPhase did nothing to gin-rummy")
		}
		if g.Turn[0].Lay != cardrules.LayTurn {
			continue
		}
		want := []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
		if g.Turn[0].Knock != 0 || g.Score.Gin != 0 || g.Score.Undercut != 0 || !slices.Equal(g.End.Conditions, want) {
			t.Fatalf("laid in the turn: %s", g.CanonicalJSON())
		}
		mustCompile(t, g)
		back := g.Clone()
		for !mutMeldPhase(back, &r) || back.Turn[0].Lay != cardrules.LayOut {
			back = g.Clone()
		}
		if k := back.Turn[0].Knock; k != 0 && k != 10 || !slices.Equal(back.End.Conditions, want) || !back.Score.Deadwood {
			t.Fatalf("laid out again: %s", back.CanonicalJSON())
		}
		mustCompile(t, back)
		return
	}
	t.Fatal("no draw laid gin-rummy's melds in the turn")
}

// TestMeldPhaseConversion: in a game of fan hands with a play phase and no meld
// phase the meld operator turns a play phase into a meld phase of sets and
// runs of 3 laid in the turn, taking along what needed the play phase
// (the response abilities); every child is valid and compiles. A game of
// pile hands, one with neither a meld nor a play phase, and one that
// deals every card with the stock refilled only from its play phase's
// discard pile are left alone.
func TestMeldPhaseConversion(t *testing.T) {
	for _, name := range []string{"crazy-eights", "uno-style", "uno-stacking", "crazy-eights-match"} {
		for seed := range uint64(20) {
			c := testkit.SeedGenome(t, name)
			r := rng.New(seed)
			if !mutMeldPhase(c, &r) {
				t.Fatalf("%s: mutMeldPhase did nothing", name)
			}
			m := c.MeldPhase()
			if m < 0 || meldFields(c.Turn[m], genome.Score{}) != [7]int{3, 3, 0, 0, 0, 0, 0} || c.Turn[m].Legal != nil || c.Turn[m].DrawMax != 0 {
				t.Fatalf("%s: the play phase did not become rummy's meld phase: %+v", name, c.Turn)
			}
			if c.HasPhase(cardrules.PhasePlay) || len(c.Responses.Cards) > 0 {
				t.Fatalf("%s: a play phase or responses left: %s", name, c.CanonicalJSON())
			}
			mustCompile(t, c)
		}
	}
	r := rng.New(1)
	for _, name := range []string{"hearts", "war", "beggar-my-neighbour", "president", "go-fish", "cheat"} {
		if mutMeldPhase(testkit.SeedGenome(t, name), &r) {
			t.Errorf("mutMeldPhase changed %s, which has neither a meld nor a play phase of fan hands", name)
		}
	}
	drawAll := testkit.SeedGenome(t, "crazy-eights")
	drawAll.Deal, drawAll.Reshuffle = genome.Deal{All: true}, true
	drawAll.Turn = append(drawAll.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
	mustCompile(t, drawAll)
	for seed := range uint64(20) {
		r := rng.New(seed)
		if c := drawAll.Clone(); mutMeldPhase(c, &r) {
			t.Fatalf("mutMeldPhase took away the play phase whose discards the stock needs: %s", c.CanonicalJSON())
		}
	}
}

// TestMeldPhaseRepairs: what loses a game's meld phase, or brings it a
// hand or a score it cannot hold, is repaired (fitMeld): phase_remove
// dropping gin-rummy's meld phase (a play phase after it) takes the gin
// and undercut bonuses away and gives the game, which has no end
// condition, a hand_empty win; a crossover child of gin-rummy's score
// with a turn of tricks or claims keeps the deadwood but not the
// bonuses; a pile hand or chips take the deadwood away. Every repaired
// game is valid.
func TestMeldPhaseRepairs(t *testing.T) {
	gin := ginRummy(t)
	gin.Turn = append(gin.Turn, testkit.SeedGenome(t, "crazy-eights").Turn[0])
	mustCompile(t, gin)
	removed := 0
	for seed := range uint64(40) {
		g := gin.Clone()
		r := rng.New(seed)
		if !phaseRemove(g, &r) || g.MeldPhase() >= 0 {
			continue
		}
		removed++
		if g.Score.Gin != 0 || g.Score.Undercut != 0 || !g.Score.Deadwood || len(g.End.Conditions) != 1 {
			t.Fatalf("the meld phase removed: %s", g.CanonicalJSON())
		}
		mustCompile(t, g)
	}
	if removed == 0 {
		t.Error("phase_remove never removed gin-rummy's meld phase")
	}

	r := rng.New(11)
	crossed := map[string]bool{}
	for _, name := range []string{"hearts", "whist", "cheat", "crazy-eights"} {
		other := testkit.SeedGenome(t, name).Canonical()
		for range 100 {
			c := crossWhole(ginRummy(t), other, &r)
			if c.MeldPhase() >= 0 {
				continue
			}
			crossed[name] = true
			if c.Score.Gin != 0 || c.Score.Undercut != 0 || c.Score.Deadwood != (c.Hand == cardrules.HandFan) {
				t.Fatalf("a child of gin-rummy's score and %s's turn: %s", name, c.CanonicalJSON())
			}
			if len(c.End.Conditions) == 0 && (c.End.Until == cardrules.UntilFirstOut || c.End.Until == cardrules.UntilOneLeft) {
				t.Fatalf("a child of gin-rummy's end and %s's turn ends with no condition", name)
			}
		}
	}
	if len(crossed) != 4 {
		t.Errorf("crossed gin-rummy's score with the turns of %v only", crossed)
	}

	pile := ginRummy(t)
	pile.Hand = cardrules.HandPile
	fitMeld(pile)
	chips := rummy(t)
	chips.Score.Chips = genome.Chips{Stake: 20, Ante: 1}
	fitMeld(chips)
	for _, g := range []*genome.Genome{pile, chips} {
		if g.Score.Deadwood || g.Score.Gin != 0 || g.Score.Undercut != 0 {
			t.Errorf("deadwood scored with %s hands and chips %v", g.Hand, g.Score.Chips)
		}
	}
	for _, g := range []*genome.Genome{ginRummy(t), rummy(t)} {
		c := g.Clone()
		fitMeld(c)
		if string(c.CanonicalJSON()) != string(g.CanonicalJSON()) {
			t.Errorf("fitMeld changed a valid game: %s became %s", g.CanonicalJSON(), c.CanonicalJSON())
		}
	}
}

// TestMeldPhaseCrossovers: the children of both crossovers between
// gin-rummy or rummy and the games of tricks (hearts, whist) or of claims
// (cheat), either parent first, are never invalid for a reason of the
// rummy family (a meld phase's fields or its stock, the deal, the deadwood
// scores, an end without conditions): those a crossover can break are
// repaired (fitMeld), and every child with a meld phase is valid but for
// what a trick game's score and partnerships bring, which stays invalid
// with a turn of melds as with one of claims (trickParts); at least half
// are valid.
func TestMeldPhaseCrossovers(t *testing.T) {
	others := []*genome.Genome{testkit.SeedGenome(t, "hearts").Canonical(), testkit.SeedGenome(t, "whist").Canonical(), cheat(t)}
	melds := []*genome.Genome{ginRummy(t), rummy(t)}
	ours := []string{".sets", ".runs", ".lay", ".knock", "deadwood", ".gin", ".undercut", "$.end.conditions", "$.deal"}
	r := rng.New(2)
	withMeld, validMeld, all, ok := 0, 0, 0, 0
	for range 100 {
		for _, a := range others {
			for _, m := range melds {
				for _, p := range [][2]*genome.Genome{{a, m}, {m, a}} {
					for _, cr := range closureCrossovers {
						c := cr.fn(p[0], p[1], &r)
						err := c.Validate()
						all++
						if c.MeldPhase() >= 0 {
							withMeld++
						}
						if err == nil {
							if _, err := compile.Compile(c); err != nil {
								t.Fatalf("%s: compile: %v\n%s", cr.name, err, c.CanonicalJSON())
							}
							ok++
							if c.MeldPhase() >= 0 {
								validMeld++
							}
							continue
						}
						if c.MeldPhase() >= 0 && !trickParts(c) {
							t.Fatalf("%s: a child with a meld phase is invalid: %v\n%s", cr.name, err, c.CanonicalJSON())
						}
						ps, _ := err.(genome.Problems)
						for _, q := range ps {
							if slices.ContainsFunc(ours, func(s string) bool { return strings.Contains(q.Path, s) }) || strings.Contains(q.Reason, "meld") {
								t.Fatalf("%s: a child invalid for a reason of melds: %v\n%s", cr.name, q, c.CanonicalJSON())
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d of %d children valid, %d of %d with a meld phase", ok, all, validMeld, withMeld)
	if validMeld*2 < withMeld {
		t.Errorf("%d of %d children with a meld phase valid, want at least half", validMeld, withMeld)
	}
}

// trickParts reports whether g holds what a trick game's crossover
// brings and only tricks allow: points for tricks or won cards, or
// partnerships (whist's, of a fixed even seat count).
func trickParts(g *genome.Genome) bool {
	return g.Score.Trick > 0 || len(g.Score.Cards) > 0 || g.Score.Tallies() || g.Teams > 0
}

// TestMeldPhaseReached: walks of every operator from the seed games of
// fan hands with a play phase reach a meld phase laid in the turn and
// laid out, with the deadwood scored, laying out too (where the gin and
// undercut bonuses may join: TestMeldPhaseOperator); walks from gin-rummy
// lose the deadwood and the meld phase (after an insert gives
// phase_remove another phase to keep); every step valid.
func TestMeldPhaseReached(t *testing.T) {
	ops := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	seen := map[string]bool{}
	note := func(from string, g *genome.Genome) {
		m := g.MeldPhase()
		switch {
		case m < 0:
			seen[from+": no meld"] = true
		case g.Turn[m].Lay == cardrules.LayOut:
			seen[from+": lay out"] = true
		default:
			seen[from+": lay turn"] = true
		}
		if m >= 0 && g.Score.Deadwood {
			seen[from+": deadwood"] = true
		}
		if m >= 0 && g.Score.Deadwood && g.Turn[m].Lay == cardrules.LayOut {
			seen[from+": deadwood out"] = true
		}
		if m >= 0 && !g.Score.Deadwood {
			seen[from+": no deadwood"] = true
		}
	}
	parents := map[string]*genome.Genome{"gin-rummy": ginRummy(t)}
	for _, name := range []string{"crazy-eights", "uno-style"} {
		parents[name] = testkit.SeedGenome(t, name).Canonical()
	}
	for i, name := range []string{"gin-rummy", "crazy-eights", "uno-style"} {
		for w := range uint64(32) {
			r := rng.New(rng.Derive(uint64(900+i), w))
			g := parents[name]
			var st OpStats
			for range 400 {
				g = apply(g, ops[r.IntN(len(ops))], &r, 8, &st)
				if !valid(g) {
					t.Fatalf("an invalid genome: %v", g.Validate())
				}
				from := "seeds"
				if name == "gin-rummy" {
					from = name
				}
				note(from, g)
			}
		}
	}
	for _, want := range []string{"seeds: lay turn", "seeds: lay out", "seeds: deadwood", "seeds: deadwood out", "gin-rummy: no deadwood", "gin-rummy: no meld"} {
		if !seen[want] {
			t.Errorf("no walk reached %s (reached %v)", want, seen)
		}
	}
}

// TestMeldPhaseOperatorsFirstTry: operators and crossovers keep their
// first-try validity on games with a meld phase (checkFirstTries).
func TestMeldPhaseOperatorsFirstTry(t *testing.T) {
	checkFirstTries(t, "melds", "meld_phase", []string{"deal", "phase_remove", "deck", "match", "chips", "meld_phase"}, meldParents(t), 610)
}

// TestMeldPhaseFamily: a game whose turn starts with a meld phase (a draw
// before it skipped) is of the play family: rummy sheds cards into melds.
func TestMeldPhaseFamily(t *testing.T) {
	for _, g := range []*genome.Genome{ginRummy(t), rummy(t)} {
		if f := Family(g); f != "play" {
			t.Errorf("%s is of family %s, want play", g.CanonicalJSON(), f)
		}
		g.Turn = append([]genome.Phase{{Kind: cardrules.PhaseDraw, Count: 1}}, g.Turn...)
		mustCompile(t, g)
		if f := Family(g); f != "play" {
			t.Errorf("drawing first, %s is of family %s, want play", g.CanonicalJSON(), f)
		}
	}
}
