package evolve

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// responseOps are the operators of the response abilities.
var responseOps = []string{"add_response", "remove_response", "mutate_response", "response_rules"}

// Ranks of the standard deck by name, for the fixtures below.
const (
	rank2, rank7, rankJ, rankA genome.Rank = 0, 5, 9, 12
)

// unoStacking is uno-style where a two answers a draw with a two of any
// suit, adding two (as the uno-stacking seed), a jack deflects a
// forced discard, and a seat that answers or takes the draw loses its turn.
func unoStacking(t testing.TB) *genome.Genome {
	t.Helper()
	g := testkit.SeedGenome(t, "uno-style")
	g.Responses = genome.Responses{LoseTurn: true, Cards: []genome.Response{
		{Rank: rank2, Ability: cardrules.Stack, Answers: cardrules.DrawCards, Value: 2, IgnoreLegal: true},
		{Rank: rankJ, Ability: cardrules.Deflect, Answers: cardrules.ForceDiscard},
	}}
	return g
}

// responseParents are the parents of the response tests: the seeds, the
// games with the optional rules of play and with gates, uno-style with
// stacking, crazy-eights where anyone may cancel a draw the sevens and
// aces impose (aces answering discards too), and crazy-eights with every
// rank answering both types, which no ability can be added to.
func responseParents(t testing.TB) []*genome.Genome {
	t.Helper()
	out := gateParents(t)
	c8 := testkit.SeedGenome(t, "crazy-eights")
	c8.Effects = []genome.Effect{
		{Rank: rank7, Type: cardrules.DrawCards, Target: cardrules.TargetAllOpponents, Value: 1},
		{Rank: rankA, Type: cardrules.ForceDiscard, Target: cardrules.TargetNext, Value: 2},
	}
	c8.Responses = genome.Responses{Who: cardrules.RespondEveryone, Cards: []genome.Response{
		{Rank: rank7, Ability: cardrules.Cancel, Answers: cardrules.DrawCards},
		{Rank: rankA, Ability: cardrules.Cancel, Answers: cardrules.DrawCards},
		{Rank: rankA, Ability: cardrules.Stack, Answers: cardrules.ForceDiscard, Value: 13},
	}}
	full := testkit.SeedGenome(t, "crazy-eights")
	for _, x := range deckRanks(full) {
		for _, ty := range targetedTypes() {
			full.Responses.Cards = append(full.Responses.Cards, genome.Response{Rank: x, Ability: cardrules.Deflect, Answers: ty})
		}
	}
	out = append(out, canonical(t, "responses", unoStacking(t), c8, full)...)
	return out
}

// responseChanges names what op did to the responses, from parent a to
// child b (b as the operator left it, before Canonical sorts its list).
func responseChanges(op string, a, b *genome.Genome) []string {
	ra, rb := a.Responses, b.Responses
	var out []string
	switch op {
	case "add_response":
		c := rb.Cards[len(rb.Cards)-1]
		out = append(out, "ability="+c.Ability.String(), "answers="+c.Answers.String(), fmt.Sprintf("ignore_legal=%v", c.IgnoreLegal))
		if _, ok := rankEffect(a, c.Rank, c.Answers); ok {
			out = append(out, "on a rank firing the type")
		} else {
			out = append(out, "on another rank")
		}
	case "remove_response":
		out = append(out, "removed")
		if len(rb.Cards) == 0 {
			out = append(out, "removed the last")
		}
	case "mutate_response":
		for i := range ra.Cards {
			p, q := ra.Cards[i], rb.Cards[i]
			if p.Rank != q.Rank {
				out = append(out, "rank")
			}
			if p.Ability != q.Ability {
				out = append(out, "ability="+q.Ability.String())
			}
			if p.Answers != q.Answers {
				out = append(out, "answers="+q.Answers.String())
			}
			switch {
			case p.Ability != q.Ability:
			case q.Value > p.Value:
				out = append(out, "value+")
			case q.Value < p.Value:
				out = append(out, "value-")
			}
			if p.IgnoreLegal != q.IgnoreLegal {
				out = append(out, fmt.Sprintf("ignore_legal=%v", q.IgnoreLegal))
			}
		}
	default:
		if len(ra.Cards) > 0 && len(rb.Cards) < len(ra.Cards) {
			out = append(out, "dropped abilities")
		}
	}
	if ra.Who != rb.Who {
		out = append(out, "who="+rb.Who.String())
	}
	if ra.LoseTurn != rb.LoseTurn {
		out = append(out, fmt.Sprintf("lose_turn=%v", rb.LoseTurn))
	}
	return out
}

// checkResponseChild checks what every response operator keeps: it
// changes the responses only, an ability added answers a type the parent
// has an effect of a played card of when it has one, mutate changes exactly one ability,
// and no ability is left without who and lose_turn being cleared.
func checkResponseChild(op string, a, b *genome.Genome) error {
	x, y := a.Clone(), b.Clone()
	x.Responses, y.Responses = genome.Responses{}, genome.Responses{}
	if !slices.Equal(x.Canonical().CanonicalJSON(), y.Canonical().CanonicalJSON()) {
		return fmt.Errorf("%s changed more than the responses\nparent %s\nchild  %s", op, a.CanonicalJSON(), b.CanonicalJSON())
	}
	rb := b.Responses
	if len(rb.Cards) == 0 && (rb.Who != 0 || rb.LoseTurn) {
		return fmt.Errorf("%s left who %s and lose_turn %v without an ability", op, rb.Who, rb.LoseTurn)
	}
	switch op {
	case "add_response":
		c := rb.Cards[len(rb.Cards)-1]
		// Only an effect of a played card opens a response window.
		has := func(t genome.EffectType) bool {
			return slices.ContainsFunc(a.Effects, func(e genome.Effect) bool { return e.Type == t && e.When == cardrules.Played })
		}
		if slices.ContainsFunc(targetedTypes(), has) && !has(c.Answers) {
			return fmt.Errorf("a new ability answers %s, which no effect of a played card of %v has", c.Answers, a.Effects)
		}
		if c.Ability == cardrules.Stack && !(c.Value >= 1 && c.Value <= cardrules.MaxEffectValue) {
			return fmt.Errorf("a new stack adds %d", c.Value)
		}
	case "mutate_response":
		changed := 0
		for i := range a.Responses.Cards {
			if a.Responses.Cards[i] != rb.Cards[i] {
				changed++
			}
		}
		if changed != 1 || len(rb.Cards) != len(a.Responses.Cards) {
			return fmt.Errorf("mutate_response changed %d of %d abilities, want 1", changed, len(rb.Cards))
		}
	}
	return nil
}

// TestResponseOperators: evolution reaches every field of the responses
// both ways and keeps every child valid. add_response adds each ability,
// answering each type, following the legal rule or not, on a rank that
// fires the type or another; remove_response removes one, and the last
// (clearing who and lose_turn); mutate_response moves the rank, sets each
// ability and each type answered, steps a stack's value up and down, and
// turns ignore_legal on and off; response_rules sets who to each value and
// lose_turn on and off. Every response operator gives a valid child of a
// valid parent at the first try and touches nothing else. The walks mix in
// every other operator and both crossovers, so that abilities meet changes
// of the deck (a dropped rank takes its abilities), the phases and the
// effects; the deck and crossovers are seen to drop abilities the child
// cannot hold. Random walks (rapid) check the properties; fixed walks from
// every parent, checked the same way, make sure that every change is
// reached whatever rapid draws.
func TestResponseOperators(t *testing.T) {
	parents := responseParents(t)
	all := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	mine := structuralOps(t, responseOps)
	seen := map[string]int{}
	pick := func(r *rng.Source) operator {
		op := all[r.IntN(len(all))]
		if r.IntN(2) == 0 {
			op = mine[r.IntN(len(mine))] // the response operators, half the time
		}
		return op
	}
	check := func(op string, g, c *genome.Genome, ok bool) error {
		switch {
		case slices.Contains(responseOps, op):
			if !ok {
				return fmt.Errorf("%s made an invalid child of a valid parent: %v\n%s", op, c.Validate(), c.CanonicalJSON())
			}
			return checkResponseChild(op, g, c)
		case slices.ContainsFunc(closureCrossovers, func(x crossover) bool { return x.name == op }):
			if !ok && validWithoutResponses(c) {
				return fmt.Errorf("%s: the responses made the child invalid: %v\n%s", op, c.Validate(), c.CanonicalJSON())
			}
		}
		return nil
	}
	walk := opWalk(parents, pick, check, responseChanges, seen, 6)
	walkAllN(t, parents, 1100, 24, walk)
	want := []string{
		"add_response: on a rank firing the type", "add_response: on another rank",
		"add_response: ignore_legal=true", "add_response: ignore_legal=false",
		"remove_response: removed", "remove_response: removed the last",
		"mutate_response: rank", "mutate_response: value+", "mutate_response: value-",
		"mutate_response: ignore_legal=true", "mutate_response: ignore_legal=false",
		"response_rules: lose_turn=true", "response_rules: lose_turn=false",
		"deck: dropped abilities",
	}
	for a := cardrules.Stack; a < cardrules.NumAbilities; a++ {
		want = append(want, "add_response: ability="+a.String(), "mutate_response: ability="+a.String())
	}
	for _, ty := range targetedTypes() {
		want = append(want, "add_response: answers="+ty.String(), "mutate_response: answers="+ty.String())
	}
	for w := range cardrules.NumRespondents {
		want = append(want, "response_rules: who="+w.String())
	}
	requireReached(t, seen, want)
}

// validWithoutResponses reports whether g is valid once its responses are
// taken away: whether anything but the responses makes it invalid.
func validWithoutResponses(g *genome.Genome) bool {
	c := g.Clone()
	c.Responses = genome.Responses{}
	return c.Validate() == nil
}

// TestResponseOperatorsFirstTry: on the parents evolution meets (the
// parents above and short random walks from each), every response
// operator applies often enough to judge and gives a valid child at every
// first try, and the operators that now take abilities along (deck, phase
// removal) and both crossovers stay as valid as the floor TestClosure
// holds every operator to.
func TestResponseOperatorsFirstTry(t *testing.T) {
	all := append([]operator{opAddEffect, opRemoveEffect, opMutateEffect}, structural...)
	walkOps := append(slices.Clone(all), structuralOps(t, responseOps)...)
	parents := withWalks(responseParents(t), walkOps, 1300, 3)
	cfg, _ := Preset("quick")
	minShare := closureMinShare(cfg.Retries)
	for k, op := range all {
		mine := slices.Contains(responseOps, op.name)
		if !mine && op.name != "deck" && op.name != "phase_remove" {
			continue
		}
		applied, ok := firstTries(parents, op, k)
		t.Logf("%-16s %4d of %4d valid", op.name, ok, applied)
		switch {
		case mine && ok != applied:
			t.Errorf("%s: %d of %d children valid, want all", op.name, ok, applied)
		case applied < closureMinApplied:
			t.Errorf("%s applied %d times on %d parents, want at least %d", op.name, applied, len(parents), closureMinApplied)
		case float64(ok) < minShare*float64(applied):
			t.Errorf("%s: %d of %d children valid, want at least %.0f%%", op.name, ok, applied, 100*minShare)
		}
	}
	for k, x := range closureCrossovers {
		n, ok := 0, 0
		for i, a := range parents {
			r := rng.New(rng.Derive(uint64(100+k), uint64(i)))
			for range 4 {
				n++
				if valid(x.fn(a, parents[r.IntN(len(parents))], &r)) {
					ok++
				}
			}
		}
		t.Logf("%-16s %4d of %4d valid", x.name, ok, n)
		if float64(ok) < minShare*float64(n) {
			t.Errorf("%s: %d of %d children valid, want at least %.0f%%", x.name, ok, n, 100*minShare)
		}
	}
}

// TestResponseOperatorsApply: the response operators apply where the rules
// let them and nowhere else: add_response needs a play phase (responses
// are played to its discard pile) and a rank free to answer, the others an
// ability to work on; a new ability answers a type the game has an effect
// of, and a stack on a rank that fires the type adds what the effect
// imposes.
func TestResponseOperatorsApply(t *testing.T) {
	r := rng.New(3)
	for _, name := range []string{"war", "whist", "hearts", "go-fish", "old-maid"} {
		if addResponse(testkit.SeedGenome(t, name), &r) {
			t.Errorf("add_response applied to %s, which has no play phase", name)
		}
	}
	ps := responseParents(t)
	if full := ps[len(ps)-1]; addResponse(full.Clone(), &r) {
		t.Error("add_response applied to a game whose every rank answers every type")
	}
	for _, f := range []func(*genome.Genome, *rng.Source) bool{removeResponse, mutateResponse, mutResponseRules} {
		if f(testkit.SeedGenome(t, "crazy-eights"), &r) {
			t.Error("an operator of existing abilities applied to a game without any")
		}
	}
	uno := testkit.SeedGenome(t, "uno-style") // draws on 2s, discards on 7s
	stacks := 0
	for seed := range uint64(200) {
		r := rng.New(seed)
		g := uno.Clone()
		if !addResponse(g, &r) {
			t.Fatal("add_response did not apply to uno-style")
		}
		c := g.Responses.Cards[0]
		if e, ok := rankEffect(g, c.Rank, c.Answers); ok && c.Ability == cardrules.Stack {
			stacks++
			if c.Value != e.Value {
				t.Errorf("a stack on %s answering %s adds %d, want the effect's %d", c.Rank, c.Answers, c.Value, e.Value)
			}
		}
	}
	if stacks == 0 {
		t.Error("no stack was added on a rank firing the type it answers")
	}

	// The last ability removed clears who and lose_turn.
	g := unoStacking(t)
	g.Responses.Who = cardrules.RespondEveryone
	for len(g.Responses.Cards) > 0 {
		removeResponse(g, &r)
	}
	if !g.Responses.IsZero() || !valid(g) {
		t.Errorf("responses after removing every ability: %+v, valid %v", g.Responses, valid(g))
	}
}

// TestResponsesFollowTheirRanks: the operators that take a rank out of the
// deck or the last play phase out of the turn take the abilities they
// leave without a home along, so the child stays valid: the deck dropping
// a rank drops its abilities (and who and lose_turn with the last), and
// removing the play phase of a game that still plays tricks drops them all.
func TestResponsesFollowTheirRanks(t *testing.T) {
	dropped := 0
	for seed := range uint64(300) {
		r := rng.New(seed)
		g := unoStacking(t)
		g.Deck.Ranks = deckRanks(g)
		g.Responses.Cards = g.Responses.Cards[:1] // the twos only
		if !mutDeck(g, &r) || slices.Contains(deckRanks(g), rank2) {
			continue
		}
		dropped++
		if !g.Responses.IsZero() || !valid(g) {
			t.Fatalf("the deck without twos keeps responses %+v (valid %v)", g.Responses, valid(g))
		}
	}
	if dropped == 0 {
		t.Fatal("no walk dropped the twos")
	}

	g := testkit.SeedGenome(t, "whist")
	g.Turn = append(g.Turn, testkit.SeedGenome(t, "crazy-eights").Turn[0])
	g.Responses.Cards = []genome.Response{{Rank: rankA, Ability: cardrules.Cancel, Answers: cardrules.ForceDiscard}}
	g.Responses.LoseTurn = true
	if err := g.Validate(); err != nil {
		t.Fatalf("whist with a play phase: %v", err)
	}
	removed := false
	for seed := range uint64(64) {
		r := rng.New(seed)
		c := g.Clone()
		phaseRemove(c, &r)
		if len(playPhases(c)) > 0 {
			continue
		}
		removed = true
		if !c.Responses.IsZero() || !valid(c) {
			t.Fatalf("the turn without its play phase keeps responses %+v (valid %v: %v)", c.Responses, valid(c), c.Validate())
		}
	}
	if !removed {
		t.Fatal("phase_remove never removed the play phase")
	}
}

// TestResponseCrossover: the effect crossover crosses the response
// abilities per rank as it crosses effects: every rank of the child has
// the first parent's list or the second's, whole; who and lose_turn are
// the first parent's while the child keeps any of its abilities, else the
// second's; the second parent's lists make it into some children; and
// crossing games without responses draws the same random numbers as the
// effect crossover did alone.
func TestResponseCrossover(t *testing.T) {
	a := unoStacking(t).Canonical()
	b := unoStacking(t).Canonical()
	b.Responses = genome.Responses{Who: cardrules.RespondEveryone, Cards: []genome.Response{
		{Rank: rank2, Ability: cardrules.Cancel, Answers: cardrules.DrawCards},
		{Rank: rank2, Ability: cardrules.Deflect, Answers: cardrules.ForceDiscard},
		{Rank: rank7, Ability: cardrules.Stack, Answers: cardrules.ForceDiscard, Value: 1},
	}}
	byRank := func(rs []genome.Response) map[genome.Rank][]genome.Response {
		m := map[genome.Rank][]genome.Response{}
		for _, x := range rs {
			m[x.Rank] = append(m[x.Rank], x)
		}
		return m
	}
	ma, mb := byRank(a.Responses.Cards), byRank(b.Responses.Cards)
	took := map[genome.Rank]bool{}
	for i := range uint64(100) {
		r := rng.New(i)
		c := crossByRank(a, b, &r)
		if !valid(c) {
			t.Fatalf("child invalid: %v", c.Validate())
		}
		mc := byRank(c.Responses.Cards)
		fromA := false
		for rank := range genome.Rank(cardrules.NumRanks) {
			got := mc[rank]
			switch {
			case reflect.DeepEqual(got, mb[rank]) && mb[rank] != nil:
				took[rank] = true
			case reflect.DeepEqual(got, ma[rank]):
				fromA = fromA || got != nil
			default:
				t.Fatalf("rank %s: got %v, want the list of one parent (%v or %v)", rank, got, ma[rank], mb[rank])
			}
		}
		want := a.Responses
		if !fromA {
			want = b.Responses
		}
		if c.Responses.Who != want.Who || c.Responses.LoseTurn != want.LoseTurn {
			t.Fatalf("child with abilities %v has who %s, lose_turn %v; want %s, %v", c.Responses.Cards, c.Responses.Who, c.Responses.LoseTurn, want.Who, want.LoseTurn)
		}
	}
	if !took[rank2] || !took[rank7] {
		t.Error("the second parent's lists never made it into a child")
	}

	// A child of a game without responses takes the second parent's
	// options with its abilities.
	plain := testkit.SeedGenome(t, "uno-style").Canonical()
	gotB := false
	for i := range uint64(20) {
		r := rng.New(i)
		c := crossByRank(plain, b, &r)
		if len(c.Responses.Cards) > 0 {
			gotB = true
			if c.Responses.Who != cardrules.RespondEveryone {
				t.Fatalf("a child with only the second parent's abilities answers as %s", c.Responses.Who)
			}
		}
	}
	if !gotB {
		t.Error("a game without responses never took the second parent's")
	}

	// Without responses, the same draws as the effect crossover alone.
	x, y := testkit.SeedGenome(t, "uno-style").Canonical(), testkit.SeedGenome(t, "crazy-eights").Canonical()
	y.Effects = []genome.Effect{{Rank: 0, Type: cardrules.Reverse}, {Rank: 5, Type: cardrules.ExtraTurn}}
	for i := range uint64(50) {
		r1, r2 := rng.New(i), rng.New(i)
		c := crossByRank(x, y, &r1)
		if want := crossEffects(x, y, &r2); !reflect.DeepEqual(c.Effects, want) || r1.Uint64() != r2.Uint64() {
			t.Fatalf("seed %d: the effect crossover of games without responses changed", i)
		}
		if !c.Responses.IsZero() {
			t.Fatalf("responses %+v out of two games without any", c.Responses)
		}
	}
}

// TestCrossoverCarriesResponses: the whole-genome crossover takes the
// response abilities, with who and lose_turn, and whether a last card
// fires its effects, along with the effects; and it drops the abilities a
// child without a play phase cannot hold.
func TestCrossoverCarriesResponses(t *testing.T) {
	a := testkit.SeedGenome(t, "uno-style").Canonical()
	b := unoStacking(t)
	b.Effects = b.Effects[:1]
	b.LastCardInert = true
	b = b.Canonical()
	of := func(x *genome.Genome) string { return fmt.Sprint(x.Effects, x.LastCardInert, x.Responses) }
	fromB := 0
	for seed := range uint64(64) {
		r := rng.New(seed)
		c := crossWhole(a, b, &r)
		switch of(c) {
		case of(b):
			fromB++
		case of(a):
		default:
			t.Fatalf("the child's effects and responses %s are neither parent's (%s, %s)", of(c), of(a), of(b))
		}
		if !valid(c) {
			t.Fatalf("crossover child invalid: %v", c.Validate())
		}
	}
	if fromB == 0 || fromB == 64 {
		t.Errorf("the effects came from the parent with responses in %d of 64 children, want some but not all", fromB)
	}

	war := testkit.SeedGenome(t, "war").Canonical()
	for seed := range uint64(64) {
		r := rng.New(seed)
		c := crossWhole(war, b, &r)
		if len(playPhases(c)) == 0 && !c.Responses.IsZero() {
			t.Fatalf("a child without a play phase keeps responses %+v", c.Responses)
		}
	}
}
