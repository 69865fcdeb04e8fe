package genome_test

import (
	"math"
	"os"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// checkDistance checks what holds of any two valid genomes: Distance is in
// [0, 1], symmetric, a function of the canonical forms alone, and 0
// exactly when they are equal. It returns Distance(a, b).
func checkDistance(t interface {
	Helper()
	Fatalf(format string, args ...any)
}, a, b *genome.Genome, what string) float64 {
	t.Helper()
	d := genome.Distance(a, b)
	if !(d >= 0 && d <= 1) {
		t.Fatalf("%s: distance %v is not in [0, 1]", what, d)
	}
	if r := genome.Distance(b, a); r != d {
		t.Fatalf("%s: Distance(a, b) = %v but Distance(b, a) = %v", what, d, r)
	}
	if c := genome.Distance(a.Canonical(), b.Canonical()); c != d {
		t.Fatalf("%s: distance %v, but %v between the canonical forms", what, d, c)
	}
	if same := a.Hash() == b.Hash(); same != (d == 0) {
		t.Fatalf("%s: distance %v, equal canonical forms %v\na: %s\nb: %s", what, d, same, a.CanonicalJSON(), b.CanonicalJSON())
	}
	return d
}

// TestPropDistance: for random valid genomes, a genome is at distance 0
// from itself and from its canonical form, and every single change of any
// field (the mutations of TestPropDescribeShowsEverySemanticChange) that
// keeps it valid and changes its canonical form moves it away, the
// properties of checkDistance holding throughout.
func TestPropDistance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		checkDistance(t, g, g, "g and itself")
		checkDistance(t, g, g.Canonical(), "g and its canonical form")
		checkDistance(t, g, genometest.Genome().Draw(t, "h"), "g and another genome")
		for range 20 {
			m := g.Clone()
			what := mutate(t, m)
			if m.Validate() != nil {
				continue
			}
			checkDistance(t, g, m, "mutation "+what)
		}
	})
}

// TestDistanceSeesEveryPart: changes that an earlier Distance ignored.
func TestDistanceSeesEveryPart(t *testing.T) {
	for _, c := range []struct {
		seed, what string
		change     func(g *genome.Genome)
	}{
		{"hearts", "another trump", func(g *genome.Genome) { g.Turn[0].Trump = cardrules.TrumpSpades }},
		{"hearts", "points per trick", func(g *genome.Genome) { g.Score.Trick = 1 }},
		{"hearts", "no lead card", func(g *genome.Genome) { g.LeadCard = nil }},
		{"hearts", "hearts may always be led", func(g *genome.Genome) { g.Turn[0].LeadPrefer = nil }},
		{"hearts", "ranked highest score first", func(g *genome.Genome) { g.End.Rank = cardrules.RankScoreHigh }},
		{"whist", "no partnerships", func(g *genome.Genome) { g.Teams = 0 }},
		{"whist", "must not follow suit", func(g *genome.Genome) {
			e := genome.Compare(genome.OpNe, genome.Term{Kind: genome.TermCardSuit}, genome.Term{Kind: genome.TermTopSuit})
			g.Turn[0].Prefer = &e
		}},
		{"go-fish", "pairs", func(g *genome.Genome) { g.Meld = 2 }},
		{"old-maid", "take from the previous seat", func(g *genome.Genome) { g.Turn[0].From = cardrules.TargetPrevious }},
		{"old-maid", "losing by emptying a hand", func(g *genome.Genome) { g.End.Conditions[0].Result = cardrules.ResultLose }},
		{"crazy-eights", "jacks name the suit", func(g *genome.Genome) { g.Turn[0].NameSuit = []genome.Rank{9} }},
		{"crazy-eights", "another seat range", func(g *genome.Genome) { g.Seats.Max = 4 }},
		{"crazy-eights", "no override", func(g *genome.Genome) { g.Deal.Overrides = nil }},
		{"uno-style", "effects in another order", func(g *genome.Genome) { g.Effects[0], g.Effects[1] = g.Effects[1], g.Effects[0] }},
	} {
		g := testkit.SeedGenome(t, c.seed)
		m := g.Clone()
		c.change(m)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s, %s: %v", c.seed, c.what, err)
		}
		if d := checkDistance(t, g, m, c.seed+", "+c.what); d == 0 {
			t.Errorf("%s, %s: distance 0", c.seed, c.what)
		}
	}
	// Four cards each at every seat count, all from overrides: only the
	// base count, which no seat count uses, differs.
	a, b := testkit.SeedGenome(t, "crazy-eights"), testkit.SeedGenome(t, "crazy-eights")
	a.Seats = genome.Seats{Min: 2, Max: cardrules.MaxSeats, Default: 2}
	a.Deal.Overrides = nil
	for n := 2; n <= cardrules.MaxSeats; n++ {
		a.Deal.Overrides = append(a.Deal.Overrides, genome.DealOverride{Seats: n, Cards: 4})
	}
	b.Seats, b.Deal.Overrides, b.Deal.Cards = a.Seats, a.Deal.Overrides, 6
	if d := checkDistance(t, a, b, "another base count under overrides"); d == 0 {
		t.Error("another base count under overrides: distance 0")
	}
	// One deck of 48 cards written in two ways: the bytes differ, so the
	// hashes do, and so must the distance.
	a, b = testkit.SeedGenome(t, "war"), testkit.SeedGenome(t, "war")
	a.Deck.Ranks = []genome.Rank{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	for s := range genome.Suit(cardrules.NumSuits) {
		b.Deck.Remove = append(b.Deck.Remove, cardrules.NewCard(12, s))
	}
	if d := checkDistance(t, a, b, "one deck written in two ways"); d == 0 || d > 0.05 {
		t.Errorf("one deck written in two ways: distance %v, want a little above 0", d)
	}
}

// TestDistanceCalibration pins points of the scale, so that thresholds
// written in distance units (evolve's sharing radius and hall spacing)
// keep their meaning: one effect appended to a seed game, whatever its
// trigger (so in the games that play no card too, but for a game of no
// phases, where no event happens), is a small change, Hearts and Whist are different games, and Crazy Eights and the
// Uno-style game, two shedding games, are far apart.
func TestDistanceCalibration(t *testing.T) {
	seed := func(n string) *genome.Genome { return testkit.SeedGenome(t, n).Canonical() }
	for _, g := range genome.Seeds() {
		carried := 0
		for ty := range cardrules.NumEffectTypes {
			for when := range cardrules.NumTriggers {
				e := genome.Effect{Rank: 9, Type: ty, When: when}
				if ty.UsesTarget() {
					e.Target = cardrules.TargetNext
				}
				if ty.UsesValue() {
					e.Value = 1
				}
				m := g.Clone()
				m.Effects = append(m.Effects, e)
				if m.Validate() != nil {
					continue // the event cannot happen in this game
				}
				carried++
				if d := checkDistance(t, g, m, g.Name); d >= 0.05 {
					t.Errorf("%s with one more effect (%s when %s): distance %.4f, want < 0.05", g.Name, ty, when, d)
				}
			}
		}
		switch {
		case carried == 0 && len(g.Turn) > 0:
			t.Errorf("%s can carry no effect of any trigger", g.Name)
		case carried > 0 && len(g.Turn) == 0:
			t.Errorf("%s, a game with no phases, carries an effect", g.Name)
		}
	}
	for _, c := range []struct {
		a, b string
		min  float64
	}{{"hearts", "whist", 0.05}, {"crazy-eights", "uno-style", 0.2}} {
		d := checkDistance(t, seed(c.a), seed(c.b), c.a+" and "+c.b)
		t.Logf("%s - %s: %.4f", c.a, c.b, d)
		if d < c.min {
			t.Errorf("%s and %s: distance %.4f, want at least %v", c.a, c.b, d, c.min)
		}
	}
}

// TestDistanceAllocs: comparing canonical seed games, which differ in
// every part, allocates nothing (evolution compares every pair of its
// population each generation).
func TestDistanceAllocs(t *testing.T) {
	var gs []*genome.Genome
	for _, g := range genome.Seeds() {
		gs = append(gs, g.Canonical())
	}
	if n := testing.AllocsPerRun(10, func() {
		for _, a := range gs {
			for _, b := range gs {
				genome.Distance(a, b)
			}
		}
	}); n != 0 {
		t.Errorf("Distance allocated %v times comparing the seed games", n)
	}
}

// withResponses is uno-style where a two answers a draw with a two of any
// suit, adding two, and a jack deflects a forced discard.
func withResponses(t *testing.T) *genome.Genome {
	t.Helper()
	g := testkit.SeedGenome(t, "uno-style")
	g.Responses = genome.Responses{Cards: []genome.Response{
		{Rank: 0, Ability: cardrules.Stack, Answers: cardrules.DrawCards, Value: 2, IgnoreLegal: true},
		{Rank: 9, Ability: cardrules.Deflect, Answers: cardrules.ForceDiscard},
	}}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDistanceSeesResponses: every field of the responses counts, and one
// change of one is a small change (under 0.05, as one effect more is):
// an ability more or less (the last taking who and lose_turn with it),
// another rank, ability, type answered, value or ignore_legal, who may
// answer and lose_turn. Their order does not count.
func TestDistanceSeesResponses(t *testing.T) {
	for _, c := range []struct {
		what   string
		change func(r *genome.Responses)
	}{
		{"one ability more", func(r *genome.Responses) {
			r.Cards = append(r.Cards, genome.Response{Rank: 10, Ability: cardrules.Cancel, Answers: cardrules.DrawCards})
		}},
		{"one ability less", func(r *genome.Responses) { r.Cards = r.Cards[1:] }},
		{"no responses", func(r *genome.Responses) { *r = genome.Responses{} }},
		{"another rank", func(r *genome.Responses) { r.Cards[0].Rank = 1 }},
		{"another ability", func(r *genome.Responses) { r.Cards[1].Ability = cardrules.Cancel }},
		{"stack to cancel", func(r *genome.Responses) { r.Cards[0].Ability, r.Cards[0].Value = cardrules.Cancel, 0 }},
		{"another type answered", func(r *genome.Responses) { r.Cards[1].Answers = cardrules.DrawCards }},
		{"another value", func(r *genome.Responses) { r.Cards[0].Value = 3 }},
		{"the legal rule followed", func(r *genome.Responses) { r.Cards[0].IgnoreLegal = false }},
		{"everyone answers", func(r *genome.Responses) { r.Who = cardrules.RespondEveryone }},
		{"answering loses a turn", func(r *genome.Responses) { r.LoseTurn = true }},
	} {
		g := withResponses(t)
		m := g.Clone()
		c.change(&m.Responses)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		d := checkDistance(t, g, m, c.what)
		if d == 0 || d >= 0.05 {
			t.Errorf("%s: distance %.4f, want above 0 and under 0.05", c.what, d)
		}
	}
	g := withResponses(t)
	m := g.Clone()
	m.Responses.Cards[0], m.Responses.Cards[1] = m.Responses.Cards[1], m.Responses.Cards[0]
	if d := checkDistance(t, g, m, "abilities in another order"); d != 0 {
		t.Errorf("abilities in another order: distance %v, want 0", d)
	}
	// Everything at once is further than any one change.
	m = g.Clone()
	m.Responses = genome.Responses{Who: cardrules.RespondEveryone, LoseTurn: true, Cards: []genome.Response{
		{Rank: 3, Ability: cardrules.Cancel, Answers: cardrules.ForceDiscard, IgnoreLegal: true},
	}}
	one := g.Clone()
	one.Responses.LoseTurn = true
	if all, d1 := checkDistance(t, g, m, "other responses"), genome.Distance(g, one); all <= d1 {
		t.Errorf("other responses in every field: distance %.4f, not above one change's %.4f", all, d1)
	}
}

// TestDistanceSameResponses: two games with the same responses are exactly
// as far apart as without them (so that distances between games without
// responses are what they were), and games that differ in their effects
// and their responses are further apart than in either alone.
func TestDistanceSameResponses(t *testing.T) {
	rs := withResponses(t).Responses
	var plays []*genome.Genome
	for _, g := range genome.Seeds() {
		if len(g.Turn) > 0 && g.Turn[0].Kind == cardrules.PhasePlay {
			plays = append(plays, g)
		}
	}
	for _, a := range plays {
		for _, b := range plays {
			x, y := a.Clone(), b.Clone()
			x.Responses, y.Responses = rs, rs
			x.Responses.Cards, y.Responses.Cards = slices.Clone(rs.Cards), slices.Clone(rs.Cards)
			if x.Validate() != nil || y.Validate() != nil {
				t.Fatalf("%s or %s with responses: %v, %v", a.Name, b.Name, x.Validate(), y.Validate())
			}
			bare, bareB := a.Clone(), b.Clone()
			bare.Responses, bareB.Responses = genome.Responses{}, genome.Responses{}
			if d, want := checkDistance(t, x, y, a.Name+" and "+b.Name), genome.Distance(bare, bareB); d != want {
				t.Errorf("%s and %s with the same responses: distance %v, %v without", a.Name, b.Name, d, want)
			}
		}
	}
	g := withResponses(t)
	eff := g.Clone()
	eff.Effects = eff.Effects[1:]
	resp := g.Clone()
	resp.Responses.LoseTurn = true
	both := eff.Clone()
	both.Responses.LoseTurn = true
	de, dr, db := genome.Distance(g, eff), genome.Distance(g, resp), checkDistance(t, g, both, "effects and responses")
	if db <= de || db <= dr {
		t.Errorf("effects and responses differing: %.4f, not above the effects alone %.4f and the responses alone %.4f", db, de, dr)
	}
}

// TestDistanceResponsesAllocs: comparing games with responses, as many as
// a game may have, allocates nothing.
func TestDistanceResponsesAllocs(t *testing.T) {
	a, b := withResponses(t).Canonical(), testkit.SeedGenome(t, "crazy-eights")
	for x := range genome.Rank(cardrules.NumRanks) {
		for _, ty := range []genome.EffectType{cardrules.DrawCards, cardrules.ForceDiscard} {
			b.Responses.Cards = append(b.Responses.Cards, genome.Response{Rank: x, Ability: cardrules.Deflect, Answers: ty})
		}
	}
	if err := b.Validate(); err != nil {
		t.Fatal(err)
	}
	b = b.Canonical()
	if n := testing.AllocsPerRun(10, func() { genome.Distance(a, b) }); n != 0 {
		t.Errorf("Distance allocated %v times comparing games with responses", n)
	}
}

// withTriggers is uno-style whose draw two hits the next seat only while it
// holds at most 3 cards, and Go Fish whose asked 5s give another turn and
// whose taken 6s make the taker draw.
func withTriggers(t *testing.T) (uno, fish *genome.Genome) {
	t.Helper()
	uno = testkit.SeedGenome(t, "uno-style")
	uno.Effects[0].If = genome.EffectCondition{Of: cardrules.CondTarget, Cmp: cardrules.AtMost, Value: 3}
	fish = testkit.SeedGenome(t, "go-fish")
	fish.Effects = []genome.Effect{
		{Rank: 3, Type: cardrules.ExtraTurn, When: cardrules.Asked},
		{Rank: 4, Type: cardrules.DrawCards, Target: cardrules.TargetSelf, Value: 1, When: cardrules.Taken},
	}
	for _, g := range []*genome.Genome{uno, fish} {
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	return uno, fish
}

// TestDistanceSeesTriggers: an effect's trigger and condition count in the
// distance between effects: another trigger (the events of a game that
// plays cards and of one that does not), a condition added or removed,
// another subject, comparison, value or suit each move a game away, by a
// small change (under 0.05, as one effect more is); and an effect that
// differs in its trigger and condition both is as far as one that differs
// in one (the effect is no longer the same either way).
func TestDistanceSeesTriggers(t *testing.T) {
	uno, fish := withTriggers(t)
	cond := func(of cardrules.CondOf, cmp cardrules.Compare, v int) genome.EffectCondition {
		return genome.EffectCondition{Of: of, Cmp: cmp, Value: v}
	}
	for _, c := range []struct {
		what   string
		g      *genome.Genome
		change func(e []genome.Effect)
	}{
		{"uno: the draw two when its holder goes out", uno, func(e []genome.Effect) { e[0].When = cardrules.WentOut }},
		{"uno: the reverse when discarded by force", uno, func(e []genome.Effect) { e[3].When = cardrules.ForcedDiscard }},
		{"uno: the skip when drawn", uno, func(e []genome.Effect) { e[2].When = cardrules.Drawn }},
		{"uno: no condition", uno, func(e []genome.Effect) { e[0].If = genome.EffectCondition{} }},
		{"uno: at least 3", uno, func(e []genome.Effect) { e[0].If.Cmp = cardrules.AtLeast }},
		{"uno: exactly 3", uno, func(e []genome.Effect) { e[0].If.Cmp = cardrules.Equal }},
		{"uno: at most 4", uno, func(e []genome.Effect) { e[0].If.Value = 4 }},
		{"uno: the player's hand", uno, func(e []genome.Effect) { e[0].If.Of = cardrules.CondHand }},
		{"uno: the stock", uno, func(e []genome.Effect) { e[0].If = cond(cardrules.CondStock, cardrules.AtMost, 3) }},
		{"uno: the pile", uno, func(e []genome.Effect) { e[0].If = cond(cardrules.CondPile, cardrules.AtMost, 3) }},
		{"uno: the seats", uno, func(e []genome.Effect) { e[0].If = cond(cardrules.CondSeats, cardrules.AtMost, 3) }},
		{"uno: the active suit", uno, func(e []genome.Effect) {
			e[0].If = genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(0)}
		}},
		{"uno: a condition on the reverse", uno, func(e []genome.Effect) { e[3].If = cond(cardrules.CondSeats, cardrules.AtLeast, 3) }},
		{"fish: the 5s when taken", fish, func(e []genome.Effect) { e[0].When = cardrules.Taken }},
		{"fish: the 5s when laid as a set", fish, func(e []genome.Effect) { e[0].When = cardrules.SetLaid }},
		{"fish: the 5s when drawn", fish, func(e []genome.Effect) { e[0].When = cardrules.Drawn }},
		{"fish: the 6s when asked", fish, func(e []genome.Effect) { e[1].When = cardrules.Asked }},
		{"fish: the 6s while the stock lasts", fish, func(e []genome.Effect) { e[1].If = cond(cardrules.CondStock, cardrules.AtLeast, 1) }},
	} {
		m := c.g.Clone()
		c.change(m.Effects)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		d := checkDistance(t, c.g, m, c.what)
		if d == 0 || d >= 0.05 {
			t.Errorf("%s: distance %.4f, want above 0 and under 0.05", c.what, d)
		}
	}
	one, both := uno.Clone(), uno.Clone()
	one.Effects[0].If.Value = 2
	both.Effects[0].If.Value, both.Effects[0].When = 2, cardrules.WentOut
	if d1, d2 := genome.Distance(uno, one), checkDistance(t, uno, both, "trigger and condition"); d1 != d2 {
		t.Errorf("one effect changed in its condition: %.4f; in its condition and trigger: %.4f, want the same", d1, d2)
	}
	// An effect triggered otherwise is a change of the effects only.
	m := fish.Clone()
	m.Effects[0].When = cardrules.Taken
	other := fish.Clone()
	other.Effects = nil
	if d, none := genome.Distance(fish, m), genome.Distance(fish, other); d >= none {
		t.Errorf("another trigger for one of two effects: %.4f, not below no effects at all: %.4f", d, none)
	}
}

// TestDistanceTriggersAllocs: comparing games whose effects have triggers
// and conditions allocates nothing.
func TestDistanceTriggersAllocs(t *testing.T) {
	uno, fish := withTriggers(t)
	uno, fish = uno.Canonical(), fish.Canonical()
	m := fish.Clone()
	m.Effects[1].If = genome.EffectCondition{Of: cardrules.CondHand, Value: 2}
	if n := testing.AllocsPerRun(10, func() {
		genome.Distance(uno, fish)
		genome.Distance(fish, m)
	}); n != 0 {
		t.Errorf("Distance allocated %v times comparing games with triggered effects", n)
	}
}

// withLasting returns uno-style with a lock of the next player's suit for
// 2 turns, a draw limit over everyone until its player's next turn (key
// 1, the smallest holds) and a suppress of draw_cards that persists, and
// Whist with a team's bonus to the end of the trick.
func withLasting(t *testing.T) (uno, whist *genome.Genome) {
	t.Helper()
	uno = testkit.SeedGenome(t, "uno-style")
	uno.Effects = append(uno.Effects,
		genome.Effect{Rank: 2, Type: cardrules.LockSuit, Target: cardrules.TargetNext, Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 2}},
		genome.Effect{Rank: 3, Type: cardrules.DrawLimit, Value: 2, Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Scope: cardrules.ScopeEveryone, Key: 1, Stack: cardrules.StackMin}},
		genome.Effect{Rank: 4, Type: cardrules.Suppress, Target: cardrules.TargetSelf, Lasts: genome.Lasting{For: cardrules.UntilDealEnd, Persists: true, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}},
	)
	whist = testkit.SeedGenome(t, "whist")
	whist.Effects = []genome.Effect{{Rank: 12, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 2, Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Scope: cardrules.ScopeTeam}}}
	for _, g := range []*genome.Genome{uno, whist} {
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	return uno, whist
}

// TestDistanceSeesLasting: every field of an effect's lasting counts in
// the distance between effects: another duration, number of turns, scope,
// stacking key or mode, persistence or suppressed type, and another
// lasting type, each move a game away by a small change (under 0.05, as
// one effect more is); a lasting effect is another effect than an
// immediate one of the same rank.
func TestDistanceSeesLasting(t *testing.T) {
	uno, whist := withLasting(t)
	const lock, limit, supp = 6, 7, 8 // uno's lasting effects
	for _, c := range []struct {
		what   string
		g      *genome.Genome
		change func(e []genome.Effect)
	}{
		{"the lock for 3 turns", uno, func(e []genome.Effect) { e[lock].Lasts.Turns = 3 }},
		{"the lock until its player's next turn", uno, func(e []genome.Effect) {
			e[lock].Lasts.For, e[lock].Lasts.Turns = cardrules.UntilSourceTurn, 0
		}},
		{"the lock to the end of the deal", uno, func(e []genome.Effect) { e[lock].Lasts.For, e[lock].Lasts.Turns = cardrules.UntilDealEnd, 0 }},
		{"the lock over everyone", uno, func(e []genome.Effect) {
			e[lock].Lasts.Scope, e[lock].Target = cardrules.ScopeEveryone, cardrules.NoTarget
		}},
		{"the lock under key 2", uno, func(e []genome.Effect) { e[lock].Lasts.Key = 2 }},
		{"the lock refusing a second", uno, func(e []genome.Effect) { e[lock].Lasts.Stack = cardrules.StackNone }},
		{"the lock persisting", uno, func(e []genome.Effect) { e[lock].Lasts.Persists = true }},
		{"a rank lock", uno, func(e []genome.Effect) { e[lock].Type = cardrules.LockRank }},
		{"a suit ban", uno, func(e []genome.Effect) { e[lock].Type = cardrules.BanSuit }},
		{"the limit over the next player", uno, func(e []genome.Effect) {
			e[limit].Lasts.Scope, e[limit].Target = cardrules.ScopeTarget, cardrules.TargetNext
		}},
		{"the limit's largest", uno, func(e []genome.Effect) { e[limit].Lasts.Stack = cardrules.StackMax }},
		{"the limit's sum", uno, func(e []genome.Effect) { e[limit].Lasts.Stack = cardrules.StackAdditive }},
		{"the limit under key 0", uno, func(e []genome.Effect) { e[limit].Lasts.Key = 0 }},
		{"the limit of 3", uno, func(e []genome.Effect) { e[limit].Value = 3 }},
		{"the suppress of skips", uno, func(e []genome.Effect) { e[supp].Lasts.Suppresses = cardrules.SuppressedOf(cardrules.SkipNext) }},
		{"the suppress ending with its player", uno, func(e []genome.Effect) { e[supp].Lasts.Persists = false }},
		{"the bonus over the player alone", whist, func(e []genome.Effect) { e[0].Lasts.Scope = cardrules.ScopeTarget }},
		{"the bonus to the end of the deal", whist, func(e []genome.Effect) { e[0].Lasts.For = cardrules.UntilDealEnd }},
		{"the bonus's smallest", whist, func(e []genome.Effect) { e[0].Lasts.Stack = cardrules.StackMin }},
		{"missed turns", whist, func(e []genome.Effect) {
			e[0].Type, e[0].Value = cardrules.MissTurns, 0
		}},
	} {
		m := c.g.Clone()
		c.change(m.Effects)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		d := checkDistance(t, c.g, m, c.what)
		if d == 0 || d >= 0.05 {
			t.Errorf("%s: distance %.4f, want above 0 and under 0.05", c.what, d)
		}
	}
	// A lasting effect is not its rank's immediate effect.
	m := uno.Clone()
	m.Effects[lock] = genome.Effect{Rank: 2, Type: cardrules.SkipNext, Value: 1}
	if d := checkDistance(t, uno, m, "a skip for the lock"); d == 0 {
		t.Errorf("a skip in place of a lock: distance 0")
	}
}

// TestDistanceLastingCanonical: what a lasting type does not read does
// not count: a rank lock written to stack by the largest value (it has no
// value, so it stacks as additive does) is at distance 0 from the same
// lock written additive, as their canonical forms are equal.
func TestDistanceLastingCanonical(t *testing.T) {
	uno, _ := withLasting(t)
	uno.Effects[6].Type = cardrules.LockRank
	m := uno.Clone()
	m.Effects[6].Lasts.Stack = cardrules.StackMax
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if d := checkDistance(t, uno, m, "a lock stacking by max"); d != 0 {
		t.Errorf("a lock stacking by max: distance %v, want 0", d)
	}
}

// TestDistanceLastingAllocs: comparing games with lasting effects
// allocates nothing.
func TestDistanceLastingAllocs(t *testing.T) {
	uno, whist := withLasting(t)
	uno, whist = uno.Canonical(), whist.Canonical()
	m := uno.Clone()
	m.Effects[7].Lasts.Stack = cardrules.StackMax
	if n := testing.AllocsPerRun(10, func() {
		genome.Distance(uno, whist)
		genome.Distance(uno, m)
	}); n != 0 {
		t.Errorf("Distance allocated %v times comparing games with lasting effects", n)
	}
}

// withLater returns uno-delayed and crazy-eights-rules, the hybrids of
// testdata/hybrids with delayed effects, chosen targets and continuous
// rules.
func withLater(t *testing.T) (delayed, rules *genome.Genome) {
	t.Helper()
	var out [2]*genome.Genome
	for i, name := range []string{"uno-delayed", "crazy-eights-rules"} {
		data, err := os.ReadFile("../testdata/hybrids/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		if out[i], err = genome.Parse(data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return out[0], out[1]
}

// TestDistanceSeesLater: an effect's resolution point and a target of
// the player's choice count in the distance between effects, and the
// continuous rules count as the effects do: another resolution point, the
// opponent drawn rather than chosen, and a rule of another type, holder,
// condition, value, scale, rank, key or stacking mode, a rule more or
// less, or two rules in another order, each move a game away by a small
// change (under 0.05, as one effect more is).
func TestDistanceSeesLater(t *testing.T) {
	delayed, rules := withLater(t)
	for _, c := range []struct {
		what   string
		g      *genome.Genome
		change func(g *genome.Genome)
	}{
		{"the draw at the end of the turn", delayed, func(g *genome.Genome) { g.Effects[0].At = cardrules.ResolveTurnEnd }},
		{"the draw at once", delayed, func(g *genome.Genome) { g.Effects[0].At = cardrules.ResolveNow }},
		{"the discard at the target's turn", delayed, func(g *genome.Genome) { g.Effects[1].At = cardrules.ResolveTargetTurn }},
		{"the draw on a random opponent", delayed, func(g *genome.Genome) { g.Effects[0].Target = cardrules.TargetRandomOpponent }},
		{"the lock on the next player rather than a chosen one", delayed, func(g *genome.Genome) { g.Effects[2].Target = cardrules.TargetNext }},
		{"a bonus-free type: draw limit to miss turns", rules, func(g *genome.Genome) {
			g.Rules[0] = genome.Rule{Type: cardrules.MissTurns, Who: cardrules.WhoMostCards}
		}},
		{"the limit for everyone", rules, func(g *genome.Genome) { g.Rules[0].Who = cardrules.WhoEveryone }},
		{"the limit for the fewest cards", rules, func(g *genome.Genome) { g.Rules[0].Who = cardrules.WhoFewestCards }},
		{"the limit of 2", rules, func(g *genome.Genome) { g.Rules[0].Value = 2 }},
		{"the limit scaled by the stock", rules, func(g *genome.Genome) { g.Rules[0].Scale.By = cardrules.CondStock }},
		{"the limit scaled every 9", rules, func(g *genome.Genome) { g.Rules[0].Scale.Per = 9 }},
		{"the limit unscaled", rules, func(g *genome.Genome) { g.Rules[0].Scale = genome.Scale{} }},
		{"the limit stacking by max", rules, func(g *genome.Genome) { g.Rules[0].Stack = cardrules.StackMax }},
		{"the limit under key 1", rules, func(g *genome.Genome) { g.Rules[0].Key = 1 }},
		{"the limit under a condition", rules, func(g *genome.Genome) {
			g.Rules[0].If = genome.EffectCondition{Of: cardrules.CondStock, Cmp: cardrules.Compare(1), Value: 3}
		}},
		{"the ban of nines", rules, func(g *genome.Genome) { g.Rules[1].Rank = 7 }},
		{"the ban at three cards", rules, func(g *genome.Genome) { g.Rules[1].If.Value = 3 }},
		{"the ban without its condition", rules, func(g *genome.Genome) { g.Rules[1].If = genome.EffectCondition{} }},
		{"the ban for the most cards", rules, func(g *genome.Genome) { g.Rules[1].Who = cardrules.WhoMostCards }},
		{"a lock of eights", rules, func(g *genome.Genome) { g.Rules[1].Type = cardrules.LockRank }},
		{"no ban", rules, func(g *genome.Genome) { g.Rules = g.Rules[:1] }},
		{"no rules", rules, func(g *genome.Genome) { g.Rules = nil }},
		{"a suppress rule more", rules, func(g *genome.Genome) {
			g.Rules = append(g.Rules, genome.Rule{Type: cardrules.Suppress, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)})
		}},
		{"the rules in another order", rules, func(g *genome.Genome) { g.Rules[0], g.Rules[1] = g.Rules[1], g.Rules[0] }},
	} {
		m := c.g.Clone()
		c.change(m)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		d := checkDistance(t, c.g, m, c.what)
		if d == 0 || d >= 0.05 {
			t.Errorf("%s: distance %.4f, want above 0 and under 0.05", c.what, d)
		}
	}
}

// TestDistanceRulesCanonical: what a rule's type does not read does not
// count: a rank ban written to stack by the largest value (it has no
// value, so it stacks as additive does) is at distance 0 from the same ban
// written additive, as their canonical forms are equal.
func TestDistanceRulesCanonical(t *testing.T) {
	_, rules := withLater(t)
	m := rules.Clone()
	m.Rules[1].Stack = cardrules.StackMax
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if d := checkDistance(t, rules, m, "a ban stacking by max"); d != 0 {
		t.Errorf("a ban stacking by max: distance %v, want 0", d)
	}
}

// TestDistanceLaterAllocs: comparing games with delayed effects and rules
// allocates nothing.
func TestDistanceLaterAllocs(t *testing.T) {
	delayed, rules := withLater(t)
	delayed, rules = delayed.Canonical(), rules.Canonical()
	m := rules.Clone()
	m.Rules[0].Who = cardrules.WhoEveryone
	if n := testing.AllocsPerRun(10, func() {
		genome.Distance(delayed, rules)
		genome.Distance(rules, m)
	}); n != 0 {
		t.Errorf("Distance allocated %v times comparing games with delayed effects and rules", n)
	}
}

// TestDistanceDemands: two turn_up phases differ by the cards their
// demands differ by, over the cards the larger of each demands (whatever
// the order they are listed in): doubling what an ace demands moves a game
// less than taking the ace's demand away.
func TestDistanceDemands(t *testing.T) {
	a := testkit.SeedGenome(t, "beggar-my-neighbour")
	steeper, noAce, reordered := a.Clone(), a.Clone(), a.Clone()
	steeper.Turn[0].Demands[3].Count = 8
	noAce.Turn[0].Demands = noAce.Turn[0].Demands[:3]
	slices.Reverse(reordered.Turn[0].Demands)
	if d := checkDistance(t, a, reordered, "reordered demands"); d != 0 {
		t.Errorf("reordered demands: distance %v, want 0", d)
	}
	ds, dn := checkDistance(t, a, steeper, "an ace demanding 8"), checkDistance(t, a, noAce, "no ace")
	if !(0 < ds && ds < dn) {
		t.Errorf("distances %v (an ace demanding 8) and %v (no ace), want 0 < the first < the second", ds, dn)
	}
}

// fieldChange is one case of a field-by-field distance test: a change of
// a game (after base, when given) and the distance it must make.
type fieldChange struct {
	what   string
	base   func(g *genome.Genome)
	change func(g *genome.Genome)
	want   float64
}

// checkFieldDistances checks each case against a fresh game of newGame:
// the changed game validates, lies want from the game (checkDistance
// checks symmetry too), and 0 from a copy of itself.
func checkFieldDistances(t *testing.T, newGame func(t testing.TB) *genome.Genome, cases []fieldChange) {
	t.Helper()
	for _, c := range cases {
		g := newGame(t)
		if c.base != nil {
			c.base(g)
		}
		m := g.Clone()
		c.change(m)
		if err := m.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		d := checkDistance(t, g, m, c.what)
		if math.Abs(d-c.want) > 1e-12 {
			t.Errorf("%s: distance %v, want %v", c.what, d, c.want)
		}
		if d := checkDistance(t, m, m.Clone(), c.what+", with itself"); d != 0 {
			t.Errorf("%s: distance %v from itself", c.what, d)
		}
	}
}

// checkAllApart checks that games validate and that every two of them,
// which must differ, are apart.
func checkAllApart(t *testing.T, games []*genome.Genome, what string) {
	t.Helper()
	for i, a := range games {
		if err := a.Validate(); err != nil {
			t.Fatalf("%s: %v", a.CanonicalJSON(), err)
		}
		for _, b := range games[i+1:] {
			if d := checkDistance(t, a, b, what); d <= 0 {
				t.Errorf("distance %v between\n%s\n%s", d, a.CanonicalJSON(), b.CanonicalJSON())
			}
		}
	}
}
