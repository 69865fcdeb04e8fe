package evolve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// lastingParents are the parents of the lasting tests: every seed game, in
// canonical form, and three with lasting effects of every type, duration,
// scope and stacking mode, persisting or not: uno-style (a lock, a ban,
// two draw limits of one group, a suppress, a miss), Whist (a team's
// bonus, a lock to the end of the trick, a ban set off by a trick won) and
// Go Fish (a draw limit of an asked rank, a bonus of a set laid, a miss
// of a card taken).
func lastingParents(t testing.TB) []*genome.Genome {
	t.Helper()
	var out []*genome.Genome
	for _, g := range genome.Seeds() {
		out = append(out, g.Canonical())
	}
	uno := testkit.SeedGenome(t, "uno-style")
	uno.Effects = append(uno.Effects,
		genome.Effect{Rank: 2, Type: cardrules.LockSuit, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 2}},
		genome.Effect{Rank: 3, Type: cardrules.DrawLimit, Value: 2, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Scope: cardrules.ScopeEveryone, Key: 1, Stack: cardrules.StackMax}},
		genome.Effect{Rank: 3, Type: cardrules.DrawLimit, Target: cardrules.TargetSelf, Value: 1, When: cardrules.Drawn, Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Key: 1, Stack: cardrules.StackMax}},
		genome.Effect{Rank: 4, Type: cardrules.Suppress, Target: cardrules.TargetSelf, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Persists: true, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}},
		genome.Effect{Rank: 6, Type: cardrules.MissTurns, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 1, Stack: cardrules.StackNone}},
		genome.Effect{Rank: 8, Type: cardrules.BanRank, Target: cardrules.TargetAllOpponents, Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Key: 3}},
	)
	whist := testkit.SeedGenome(t, "whist")
	whist.Effects = []genome.Effect{
		{Rank: 12, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 2, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Scope: cardrules.ScopeTeam, Stack: cardrules.StackMin}},
		{Rank: 11, Type: cardrules.LockRank, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Key: 2, Stack: cardrules.StackNone}},
		{Rank: 1, Type: cardrules.BanSuit, Target: cardrules.TargetNext, When: cardrules.TrickWon, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 3}},
	}
	fish := testkit.SeedGenome(t, "go-fish")
	fish.Effects = []genome.Effect{
		{Rank: 1, Type: cardrules.DrawLimit, Target: cardrules.TargetSelf, Value: 1, When: cardrules.Asked, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Stack: cardrules.StackMin}},
		{Rank: 2, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 1, When: cardrules.SetLaid, Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Persists: true}},
		{Rank: 3, Type: cardrules.MissTurns, Target: cardrules.TargetPrevious, When: cardrules.Taken, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: cardrules.MaxLastTurns}},
	}
	out = append(out, canonical(t, "lasting effects", uno, whist, fish)...)
	return out
}

// lastingProblems lists the problems of g's validation that concern its
// lasting effects: a lasting field, a lasting type the game gives nothing
// to act on, a lock or ban of a suit set off by a rank.
func lastingProblems(g *genome.Genome) []string {
	return problemsWhere(g, func(p genome.Problem) bool {
		if strings.Contains(p.Path, ".lasts") {
			return true
		}
		rest, ok := strings.CutPrefix(p.Path, "$.effects[")
		if !ok {
			return false
		}
		i, err := strconv.Atoi(rest[:strings.IndexByte(rest, ']')])
		return err == nil && i < len(g.Effects) && g.Effects[i].Type.Lasts() &&
			(strings.HasSuffix(p.Path, ".type") || strings.HasSuffix(p.Path, ".when") || strings.HasSuffix(p.Path, ".target") || strings.HasSuffix(p.Path, ".if.of"))
	})
}

// lastingChanges names what an effect operator did to lasting effects,
// from parent g to child c: a new effect's type and, for a lasting type,
// its duration, scope, key, stacking mode, persistence and suppressed
// type; a type moved (from, to, and between immediate and lasting); a
// lasting field moved (from, to; turns up or down; persists on or off; the
// suppressed type changed).
func lastingChanges(op string, g, c *genome.Genome) []string {
	var out []string
	both := func(what string, from, to fmt.Stringer) {
		out = append(out, what+" "+from.String()+"->", what+" ->"+to.String())
	}
	switch op {
	case opAddEffect.name:
		e := c.Effects[len(c.Effects)-1]
		out = append(out, "type="+e.Type.String())
		if l := e.Lasts; e.Type.Lasts() {
			out = append(out, "for="+l.For.String(), "scope="+l.Scope.String(), "stack="+l.Stack.String(),
				fmt.Sprintf("key=%d", l.Key), fmt.Sprintf("persists=%v", l.Persists))
			if e.Type == cardrules.Suppress {
				out = append(out, "suppresses="+l.Suppresses.String())
			}
		}
	case opMutateEffect.name:
		kind := map[bool]string{false: "immediate", true: "lasting"}
		for i := range g.Effects {
			a, b := g.Effects[i], c.Effects[i]
			if a.Type != b.Type {
				if a.Type.Lasts() || b.Type.Lasts() {
					both("type", a.Type, b.Type)
					out = append(out, kind[a.Type.Lasts()]+"->"+kind[b.Type.Lasts()])
				}
				continue
			}
			x, y := a.Lasts, b.Lasts
			switch {
			case x.For != y.For:
				both("for", x.For, y.For)
			case x.Turns < y.Turns:
				out = append(out, "turns up")
			case x.Turns > y.Turns:
				out = append(out, "turns down")
			case x.Scope != y.Scope:
				both("scope", x.Scope, y.Scope)
			case x.Key != y.Key:
				out = append(out, fmt.Sprintf("key %d->", x.Key), fmt.Sprintf("key ->%d", y.Key))
			case x.Stack != y.Stack:
				both("stack", x.Stack, y.Stack)
			case x.Persists != y.Persists:
				out = append(out, fmt.Sprintf("persists=%v", y.Persists))
			case x.Suppresses != y.Suppresses:
				out = append(out, "suppressed type")
			}
		}
	}
	return out
}

// checkMutateLasting checks that mutate_effect changed one effect, or,
// changing a stacking mode, every effect of one type and key and only
// their mode.
func checkMutateLasting(g, c *genome.Genome) error {
	var changed []int
	for i := range g.Effects {
		if g.Effects[i] != c.Effects[i] {
			changed = append(changed, i)
		}
	}
	if len(changed) <= 1 {
		return nil
	}
	e := g.Effects[changed[0]]
	for i, x := range g.Effects {
		y := c.Effects[i]
		group := x.Type == e.Type && x.Lasts.Key == e.Lasts.Key
		x.Lasts.Stack = y.Lasts.Stack
		if group != slices.Contains(changed, i) || x != y {
			return fmt.Errorf("mutate_effect changed effects %v, not one nor the stacking mode of one group:\n%v\n%v", changed, g.Effects, c.Effects)
		}
	}
	return nil
}

// TestLastingOperators: evolution reaches every lasting type, duration,
// scope, key, stacking mode, persistence and suppressed type both ways and
// keeps every child valid. add_effect adds every type, and a lasting one
// with every duration, scope, key, mode, persistence and suppressed type;
// mutate_effect turns effects into every lasting type and out of it,
// between immediate and lasting types both ways, and moves each field of a
// lasting from and to every value (turns up and down, persists on and
// off). Every child of an effect operator is valid; mutate_effect changes
// one effect, or the stacking mode of a whole group; and no child of any
// operator or crossover fails for its lasting effects: what takes away
// what a lasting type acts on takes the effect along, and a crossover that
// brings two modes into one group repairs it. The walks mix in every other
// operator and crossover, half the time.
func TestLastingOperators(t *testing.T) {
	parents := lastingParents(t)
	all, _ := effectOpsHalf()
	pick := func(r *rng.Source) operator { // mutate_effect half the time
		switch r.IntN(4) {
		case 0, 1:
			return opMutateEffect
		case 2:
			return all[r.IntN(3)]
		}
		return all[r.IntN(len(all))]
	}
	seen := map[string]int{}
	check := func(op string, g, c *genome.Genome, ok bool) error {
		if ps := lastingProblems(c); len(ps) > 0 {
			return fmt.Errorf("%s made a child whose lasting effects are invalid: %q\n%s", op, ps, c.CanonicalJSON())
		}
		switch op {
		case opAddEffect.name, opRemoveEffect.name, opMutateEffect.name:
			if !ok {
				return fmt.Errorf("%s made an invalid child of a valid parent: %v\n%s", op, c.Validate(), c.CanonicalJSON())
			}
		}
		if op == opMutateEffect.name {
			return checkMutateLasting(g, c)
		}
		return nil
	}
	walkAllN(t, parents, 7000, 24, opWalk(parents, pick, check, lastingChanges, seen, 8))
	want := []string{
		"mutate_effect: immediate->lasting", "mutate_effect: lasting->immediate", "mutate_effect: lasting->lasting",
		"mutate_effect: turns up", "mutate_effect: turns down",
		"add_effect: persists=true", "add_effect: persists=false", "mutate_effect: persists=true", "mutate_effect: persists=false",
	}
	for ty := range genome.EffectType(cardrules.NumEffectTypes) {
		want = append(want, "add_effect: type="+ty.String())
		if ty.Lasts() {
			want = append(want, "mutate_effect: type "+ty.String()+"->", "mutate_effect: type ->"+ty.String())
		}
		if ty != cardrules.Suppress {
			// (TestMutateLasting moves it from and to every type.)
			want = append(want, "add_effect: suppresses="+cardrules.SuppressedOf(ty).String())
		}
	}
	for d := range cardrules.NumDurations {
		want = append(want, "add_effect: for="+d.String(), "mutate_effect: for "+d.String()+"->", "mutate_effect: for ->"+d.String())
	}
	for s := range cardrules.NumScopes {
		want = append(want, "add_effect: scope="+s.String(), "mutate_effect: scope "+s.String()+"->", "mutate_effect: scope ->"+s.String())
	}
	for m := range cardrules.NumStacks {
		want = append(want, "add_effect: stack="+m.String(), "mutate_effect: stack "+m.String()+"->", "mutate_effect: stack ->"+m.String())
	}
	for k := range cardrules.MaxStackKey + 1 {
		want = append(want, fmt.Sprintf("add_effect: key=%d", k), fmt.Sprintf("mutate_effect: key %d->", k), fmt.Sprintf("mutate_effect: key ->%d", k))
	}
	requireReached(t, seen, append(want, "mutate_effect: suppressed type"))
}

// TestLastingOperatorsFirstTry: among parents with lasting effects of
// every kind and the walks from them, the effect operators give a valid
// child at every first try (add_effect picks only types that can act, with
// a stacking mode its group agrees with; mutate_effect keeps every effect
// able to act and every group of one mode).
func TestLastingOperatorsFirstTry(t *testing.T) {
	effectOpsAlwaysValid(t, lastingParents(t), 7100)
}

// TestFitLasting: each operator that takes away what a lasting type acts
// on drops the effects of that type (and only those), and a crossover
// repairs what the child cannot hold, so that every child is valid where,
// without fitTriggers and fitLasting, it would not be: the only play phase
// removed (a lock), draw_max 0 in a game whose only draw it was (a draw
// limit), the last draw_cards effect removed where it was the only draw (a
// draw limit, in ablation too), a game left scoring nothing (a bonus), the
// trick phase removed (an effect to the end of the trick); a team scope
// brought into a game without partnerships becomes the target's, and two
// effects of one type and key from two parents take the first's mode.
func TestFitLasting(t *testing.T) {
	lock := genome.Effect{Rank: 4, Type: cardrules.LockRank, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn}}
	limit := genome.Effect{Rank: 5, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 1, Lasts: genome.Lasting{For: cardrules.UntilDealEnd}}

	// Go Fish with a play phase after its ask, whose effects wait for asked
	// ranks: removing the play phase leaves the lock no choice of card to
	// narrow.
	twoPhases := testkit.SeedGenome(t, "go-fish")
	twoPhases.Turn = append(twoPhases.Turn, genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}})
	askedLock := lock
	askedLock.When = cardrules.Asked
	twoPhases.Effects = []genome.Effect{askedLock, {Rank: 6, Type: cardrules.Reverse, When: cardrules.Asked}}

	// crazy-eights dealing every card, whose only draw is draw_max.
	c8 := testkit.SeedGenome(t, "crazy-eights")
	c8.Turn[0].Draw, c8.Turn[0].DrawMax = cardrules.DrawWhenStuck, 1
	c8.Deal = genome.Deal{All: true}
	c8.Seats = genome.Seats{Min: 2, Max: 2, Default: 2}
	c8.Effects = []genome.Effect{limit, {Rank: 6, Type: cardrules.Reverse}}

	// war, reshuffled, whose only draw is its draw_cards effect.
	war := testkit.SeedGenome(t, "war")
	war.Reshuffle = true
	war.Effects = []genome.Effect{{Rank: 3, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1}, limit}

	// whist scoring one point a trick, with a bonus and a lock to the end
	// of the trick.
	whist := testkit.SeedGenome(t, "whist")
	whist.Effects = []genome.Effect{
		{Rank: 7, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 1, Lasts: genome.Lasting{For: cardrules.UntilDealEnd}},
		{Rank: 8, Type: cardrules.Reverse},
	}
	trickLock := testkit.SeedGenome(t, "whist")
	trickLock.Turn = append(trickLock.Turn, genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}})
	trickLock.Effects = []genome.Effect{
		{Rank: 7, Type: cardrules.LockRank, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd}},
		{Rank: 8, Type: cardrules.LockRank, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.UntilDealEnd}},
	}

	for _, c := range []struct {
		what string
		g    *genome.Genome
		op   func(g *genome.Genome, r *rng.Source) bool
		keep int // effects left
	}{
		{"phase_remove of the only play phase", twoPhases, func(g *genome.Genome, r *rng.Source) bool {
			for len(g.Turn) != 1 || g.Turn[0].Kind != cardrules.PhaseAsk {
				*g = *twoPhases.Clone()
				phaseRemove(g, r)
			}
			return true
		}, 1},
		{"draw_max 0", c8, func(g *genome.Genome, r *rng.Source) bool {
			for g.Turn[0].DrawMax != 0 {
				*g = *c8.Clone()
				mutDrawMax(g, r)
			}
			return true
		}, 1},
		{"remove_effect of the only draw_cards", war, func(g *genome.Genome, r *rng.Source) bool {
			for len(g.Effects) == 2 || slices.ContainsFunc(g.Effects, func(e genome.Effect) bool { return e.Type == cardrules.DrawCards }) {
				*g = *war.Clone()
				removeEffect(g, r)
			}
			return true
		}, 0},
		{"ablation without the only draw_cards", war, func(g *genome.Genome, r *rng.Source) bool {
			keepEffects(g, war.Effects[1:])
			return true
		}, 0},
		{"score to nothing", whist, func(g *genome.Genome, r *rng.Source) bool {
			for !g.Score.IsZero() {
				*g = *whist.Clone()
				mutScore(g, r)
			}
			g.End.Rank = cardrules.RankCards // (a rule of its own: ranking by score)
			return true
		}, 1},
		{"phase_remove of the trick phase", trickLock, func(g *genome.Genome, r *rng.Source) bool {
			for len(g.Turn) != 1 || g.Turn[0].Kind != cardrules.PhasePlay {
				*g = *trickLock.Clone()
				phaseRemove(g, r)
			}
			g.Score, g.End.Rank = genome.Score{}, cardrules.RankCards // (rules of their own: scoring tricks)
			return true
		}, 1},
	} {
		if err := c.g.Validate(); err != nil {
			t.Fatalf("%s: the parent is invalid: %v", c.what, err)
		}
		g := c.g.Clone()
		r := rng.New(1)
		c.op(g, &r)
		if err := g.Validate(); err != nil {
			t.Errorf("%s: %v", c.what, err)
		}
		if len(g.Effects) != c.keep {
			t.Errorf("%s: %d effects left (%v), want %d", c.what, len(g.Effects), g.Effects, c.keep)
		}
	}

	// A team's bonus in a game without partnerships (Hearts scores
	// tricks, too): the child of the whole-genome crossover that takes
	// Whist's effects keeps the bonus over the target's seats.
	team := whist.Clone()
	team.Effects[0].Lasts.Scope = cardrules.ScopeTeam
	hearts := testkit.SeedGenome(t, "hearts").Canonical()
	var sawTeam bool
	for s := range uint64(64) {
		r := rng.New(s)
		c := crossWhole(hearts, team.Canonical(), &r)
		if ps := lastingProblems(c); len(ps) > 0 {
			t.Fatalf("crossover: %q", ps)
		}
		if len(c.Effects) > 0 && c.Effects[0].Type == cardrules.Bonus && c.Teams != 2 {
			sawTeam = true
			if c.Effects[0].Lasts.Scope != cardrules.ScopeTarget {
				t.Errorf("crossover: a team scope without partnerships: %+v", c.Effects[0])
			}
		}
	}

	// Two draw limits of one key, additive in one parent and max in the
	// other: the effect crossover's child that has both takes the first's.
	a, b := c8.Clone(), c8.Clone()
	a.Effects = []genome.Effect{limit}
	b.Effects = []genome.Effect{limit, limit}
	b.Effects[0].Rank, b.Effects[1].Rank = 3, 9
	b.Effects[0].Lasts.Stack, b.Effects[1].Lasts.Stack = cardrules.StackMax, cardrules.StackMax
	var sawStack bool
	for s := range uint64(64) {
		r := rng.New(s)
		c := crossByRank(a.Canonical(), b.Canonical(), &r)
		if err := c.Validate(); err != nil {
			t.Fatalf("effect crossover: %v", err)
		}
		if len(c.Effects) == 2 {
			sawStack = true
			if c.Effects[1].Lasts.Stack != c.Effects[0].Lasts.Stack {
				t.Errorf("effect crossover: %v", c.Effects)
			}
		}
	}
	if !sawTeam || !sawStack {
		t.Errorf("the crossovers never made the child to repair (team %v, stack %v)", sawTeam, sawStack)
	}
}

// TestMutateLasting: from a lasting effect of every type with every
// duration, scope, key, stacking mode, persistence and suppressed type
// (in uno-style and in Whist, which has tricks and partnerships), beside
// another effect of its type under key 2 that refuses to stack,
// mutateLasting gives a valid genome every time and changes one field of
// the lasting: it moves every field from and to every value (turns up and
// down), a new key takes the mode of its group, and a new mode is the
// whole group's.
func TestMutateLasting(t *testing.T) {
	seen := map[string]int{}
	r := rng.New(9)
	for _, name := range []string{"uno-style", "whist"} {
		base := testkit.SeedGenome(t, name).Canonical()
		for ty := cardrules.LockSuit; ty < cardrules.NumEffectTypes; ty++ {
			if !base.CanLast(&genome.Effect{Type: ty}) {
				continue
			}
			plain := genome.Lasting{For: cardrules.UntilSourceTurn}
			if ty == cardrules.Suppress {
				plain.Suppresses = cardrules.SuppressedOf(cardrules.SkipNext)
			}
			var starts []genome.Lasting
			for _, d := range durations(base) {
				l := plain
				l.For = d
				if d == cardrules.ForTurns {
					for _, n := range []int{1, cardrules.MaxLastTurns} {
						l.Turns = n
						starts = append(starts, l)
					}
					continue
				}
				starts = append(starts, l)
			}
			for _, s := range scopes(base) {
				l := plain
				l.Scope = s
				starts = append(starts, l)
			}
			for k := range cardrules.MaxStackKey + 1 {
				l := plain
				l.Key = k
				starts = append(starts, l)
			}
			for _, m := range stackModes(ty) {
				l := plain
				l.Stack = m
				starts = append(starts, l)
			}
			l := plain
			l.Persists = true
			starts = append(starts, l)
			if ty == cardrules.Suppress {
				for _, s := range suppressible() {
					l := plain
					l.Suppresses = s
					starts = append(starts, l)
				}
			}
			for _, l := range starts {
				g := base.Clone()
				other := genome.Effect{Rank: 1, Type: ty, Target: cardrules.TargetSelf, Lasts: plain}
				other.Lasts.Key, other.Lasts.Stack = 2, cardrules.StackNone
				e := genome.Effect{Rank: 2, Type: ty, Target: cardrules.TargetNext, Lasts: l}
				if l.Key == 2 {
					e.Lasts.Stack = cardrules.StackNone
				}
				if l.Scope == cardrules.ScopeEveryone {
					e.Target = cardrules.NoTarget
				}
				if ty.UsesValue() {
					e.Value, other.Value = 2, 1
				}
				g.Effects = append(g.Effects, other, e)
				if err := g.Validate(); err != nil {
					t.Fatalf("%s, %s %+v: the start is invalid: %v", name, ty, l, err)
				}
				i := len(g.Effects) - 1
				for range 40 {
					c := g.Clone()
					mutateLasting(c, i, &r)
					if err := c.Validate(); err != nil {
						t.Fatalf("%s, %s %+v became %+v: %v", name, ty, l, c.Effects[i].Lasts, err)
					}
					x, y := g.Effects[i].Lasts, c.Effects[i].Lasts
					var what []string
					n := 0
					count := func(differ bool, w ...string) {
						if differ {
							n++
							what = append(what, w...)
						}
					}
					count(x.For != y.For, "for "+x.For.String()+"->", "for ->"+y.For.String())
					count(x.For == y.For && x.Turns < y.Turns, "turns up")
					count(x.For == y.For && x.Turns > y.Turns, "turns down")
					count(x.Scope != y.Scope, "scope "+x.Scope.String()+"->", "scope ->"+y.Scope.String())
					count(x.Key != y.Key, fmt.Sprintf("key %d->", x.Key), fmt.Sprintf("key ->%d", y.Key))
					count(x.Key == y.Key && x.Stack != y.Stack, "stack "+x.Stack.String()+"->", "stack ->"+y.Stack.String())
					count(x.Persists != y.Persists, fmt.Sprintf("persists=%v", y.Persists))
					count(x.Suppresses != y.Suppresses, "suppresses "+x.Suppresses.String()+"->", "suppresses ->"+y.Suppresses.String())
					if n != 1 {
						t.Fatalf("%s, %s %+v became %+v: %d fields changed", name, ty, x, y, n)
					}
					if y.Key == 2 && c.Effects[i-1].Lasts.Stack != y.Stack {
						t.Fatalf("%s, %s %+v became %+v, and the other effect of key 2 stacks by %s", name, ty, x, y, c.Effects[i-1].Lasts.Stack)
					}
					if x.Key != 2 && y.Key == 2 && x.Stack != y.Stack {
						what = append(what, "key took its group's mode")
					}
					if x.Key == 2 && y.Key == 2 && x.Stack != y.Stack {
						what = append(what, "the group's mode moved")
					}
					if hasTarget(&c.Effects[i]) != (c.Effects[i].Target != cardrules.NoTarget) {
						t.Fatalf("%s, %s %+v: target %s", name, ty, y, c.Effects[i].Target)
					}
					for _, w := range what {
						seen[w]++
					}
				}
			}
		}
	}
	want := []string{"turns up", "turns down", "persists=true", "persists=false", "key took its group's mode", "the group's mode moved"}
	for d := range cardrules.NumDurations {
		want = append(want, "for "+d.String()+"->", "for ->"+d.String())
	}
	for s := range cardrules.NumScopes {
		want = append(want, "scope "+s.String()+"->", "scope ->"+s.String())
	}
	for k := range cardrules.MaxStackKey + 1 {
		want = append(want, fmt.Sprintf("key %d->", k), fmt.Sprintf("key ->%d", k))
	}
	for m := range cardrules.NumStacks {
		want = append(want, "stack "+m.String()+"->", "stack ->"+m.String())
	}
	for _, s := range suppressible() {
		want = append(want, "suppresses "+s.String()+"->", "suppresses ->"+s.String())
	}
	requireReached(t, seen, want)
}
