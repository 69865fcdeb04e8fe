package genome_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

func TestSeedsValidate(t *testing.T) {
	names := genome.SeedNames()
	if len(names) == 0 {
		t.Fatal("no seed games")
	}
	if !slices.IsSorted(names) {
		t.Errorf("SeedNames not sorted: %v", names)
	}
	seeds := genome.Seeds()
	if len(seeds) != len(names) {
		t.Fatalf("Seeds() returned %d games for %d names", len(seeds), len(names))
	}
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			g, err := genome.Seed(name)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("seed does not validate: %v", err)
			}
			if g.Name != name {
				t.Errorf("seed %s is named %q", name, g.Name)
			}
			if g.TurnCap < 1 {
				t.Errorf("seed has no turn cap")
			}
			if g.Describe() == "" {
				t.Error("empty Describe")
			}
			if !reflect.DeepEqual(g, seeds[i]) {
				t.Errorf("Seeds()[%d] differs from Seed(%q)", i, name)
			}
			// Seed returns a fresh copy each time (its phases too; a game
			// of betting with a showdown may have none).
			g.TurnCap++
			if len(g.Turn) > 0 {
				g.Turn[0].Kind = cardrules.PhaseDraw
			}
			again, _ := genome.Seed(name)
			if again.TurnCap == g.TurnCap || len(again.Turn) > 0 && again.Turn[0].Kind == cardrules.PhaseDraw {
				t.Error("Seed returned a shared genome")
			}
			// The embedded copy is the file in seeds/.
			data, err := os.ReadFile(filepath.Join("seeds", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			fromFile, err := genome.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(fromFile, again) {
				t.Error("embedded seed differs from seeds/" + name + ".json")
			}
		})
	}
	_, err := genome.Seed("no-such-game")
	want := `no seed game "no-such-game" (the library has: ` + strings.Join(names, ", ") + ")"
	if err == nil || err.Error() != want {
		t.Errorf("Seed(no-such-game) error = %v, want %s", err, want)
	}
}

func TestDescribeGolden(t *testing.T) {
	for _, name := range genome.SeedNames() {
		t.Run(name, func(t *testing.T) {
			g := testkit.SeedGenome(t, name)
			testkit.Golden(t, filepath.Join("testdata", "describe", name+".txt"), []byte(g.Describe()))
		})
	}
}

func TestPropJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		b, err := g.Encode()
		if err != nil {
			t.Fatalf("Encode: %v", err)
		}
		d, err := genome.Decode(b)
		if err != nil {
			t.Fatalf("Decode of Encode: %v\n%s", err, b)
		}
		if !reflect.DeepEqual(d, g) {
			t.Fatalf("Decode(Encode(g)) differs from g\n%s", b)
		}
		if _, err := genome.Parse(b); err != nil {
			t.Fatalf("Parse of Encode: %v", err)
		}
		b2, err := d.Encode()
		if err != nil || !bytes.Equal(b, b2) {
			t.Fatalf("Encode not stable (err %v)\n%s\n%s", err, b, b2)
		}
	})
}

func TestPropCanonicalStable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		orig := g.Clone()
		c := g.Canonical()
		if !reflect.DeepEqual(g, orig) {
			t.Fatal("Canonical modified its receiver")
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("canonical form does not validate: %v", err)
		}
		if c.Name != "" || c.Summary != "" || c.Schema != genome.SchemaVersion {
			t.Fatalf("canonical form keeps metadata: %q %q %d", c.Name, c.Summary, c.Schema)
		}
		if cc := c.Canonical(); !reflect.DeepEqual(cc, c) {
			t.Fatalf("Canonical(Canonical(g)) != Canonical(g)\n%s\n%s", cc.CanonicalJSON(), c.CanonicalJSON())
		}
		cj := g.CanonicalJSON()
		if !bytes.Equal(c.CanonicalJSON(), cj) {
			t.Fatal("CanonicalJSON of the canonical form differs")
		}
		b, err := g.Encode()
		if err != nil {
			t.Fatal(err)
		}
		d, err := genome.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(d.CanonicalJSON(), cj) {
			t.Fatalf("CanonicalJSON of a decoded re-encoding differs\n%s\n%s", d.CanonicalJSON(), cj)
		}
		if d.Hash() != g.Hash() {
			t.Fatal("Hash of a decoded re-encoding differs")
		}
		// Metadata is not part of the identity.
		m := g.Clone()
		m.Name, m.Summary = m.Name+"x", "other"
		if m.Hash() != g.Hash() {
			t.Fatal("Hash depends on metadata")
		}
		// Clone is deep: changing everything reachable from the clone
		// leaves g alone.
		k := g.Clone()
		var spoil func(e *genome.Expr)
		spoil = func(e *genome.Expr) {
			if e == nil {
				return
			}
			e.Op = 99
			for _, tm := range []*genome.Term{e.Left, e.Right} {
				if tm != nil {
					tm.Kind, tm.Value = 99, 99
				}
			}
			if e.Suit != nil {
				*e.Suit = 99
			}
			for i := range e.Args {
				spoil(&e.Args[i])
			}
		}
		for i := range k.Turn {
			p := &k.Turn[i]
			p.Kind = 99
			spoil(p.Legal)
			spoil(p.Prefer)
			spoil(p.Lead)
			spoil(p.LeadPrefer)
			for j := range p.NameSuit {
				p.NameSuit[j] = 99
			}
		}
		for _, s := range [][]genome.Rank{k.Deck.Ranks} {
			for j := range s {
				s[j] = 99
			}
		}
		for j := range k.Deck.Suits {
			k.Deck.Suits[j] = 99
		}
		for j := range k.Deck.Remove {
			k.Deck.Remove[j] = 99
		}
		for j := range k.Deal.Overrides {
			k.Deal.Overrides[j].Cards = 99
		}
		for j := range k.Effects {
			k.Effects[j].Value = 99
		}
		for j := range k.Score.Cards {
			k.Score.Cards[j].Points = 99
		}
		for j := range k.End.Conditions {
			k.End.Conditions[j].Result = 99
		}
		if k.LeadCard != nil {
			*k.LeadCard = 99
		}
		if !reflect.DeepEqual(g, orig) {
			t.Fatal("Clone shares memory with the original")
		}
	})
}

// TestCanonicalEncodeDecodes checks that the canonical form of every seed
// (which is also what the decompiler returns) can be written as JSON and
// read back.
func TestCanonicalEncodeDecodes(t *testing.T) {
	for _, g := range genome.Seeds() {
		t.Run(g.Name, func(t *testing.T) {
			c := g.Canonical()
			b, err := c.Encode()
			if err != nil {
				t.Fatal(err)
			}
			d, err := genome.Parse(b)
			if err != nil {
				t.Fatalf("Parse(Canonical().Encode()): %v\n%s", err, b)
			}
			if !bytes.Equal(d.CanonicalJSON(), c.CanonicalJSON()) {
				t.Fatalf("canonical form changed through JSON")
			}
		})
	}
}

func TestPropValidAndDescribed(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		if err := g.Validate(); err != nil {
			t.Fatalf("generated genome invalid: %v", err)
		}
		d := g.Describe()
		if d == "" || !strings.HasSuffix(d, "\n") {
			t.Fatalf("Describe = %q", d)
		}
		if c := g.Canonical().Describe(); c == "" {
			t.Fatal("Describe of the canonical form is empty")
		}
	})
}

// TestPropDescribeShowsEverySemanticChange: a single change that alters the
// canonical form of a valid genome, leaving it valid, changes its rules text.
func TestPropDescribeShowsEverySemanticChange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genometest.Genome().Draw(t, "g")
		// Some genomes get responses added, so that the mutations of
		// their fields have some to change.
		for range rapid.IntRange(0, 3).Draw(t, "responses") {
			m := g.Clone()
			applyMutation(t, m, "responses.add")
			if m.Validate() == nil {
				g = m
			}
		}
		// And some get triggers and conditions, so that the mutations of
		// a condition's comparison and value have some to change.
		for range rapid.IntRange(0, 3).Draw(t, "triggers") {
			m := g.Clone()
			applyMutation(t, m, rapid.SampledFrom([]string{"effect.when", "effect.if", "effect.at"}).Draw(t, "trigger"))
			if m.Validate() == nil {
				g = m
			}
		}
		// And some get lasting effects, so that the mutations of their
		// lasting fields have some to change.
		for range rapid.IntRange(0, 3).Draw(t, "lasting") {
			m := g.Clone()
			applyMutation(t, m, "effect.lasts")
			if m.Validate() == nil {
				g = m
			}
		}
		// And some get continuous rules, so that the mutations of their
		// fields have some to change.
		for range rapid.IntRange(0, 2).Draw(t, "rules") {
			m := g.Clone()
			applyMutation(t, m, "rules.add")
			if m.Validate() == nil {
				g = m
			}
		}
		before := g.Describe()
		all := slices.Concat(mutations, responseMutations, laterMutations)
		for range 20 {
			m := g.Clone()
			what := rapid.SampledFrom(all).Draw(t, "mutation")
			applyMutation(t, m, what)
			if m.Validate() != nil || bytes.Equal(m.CanonicalJSON(), g.CanonicalJSON()) {
				continue
			}
			if m.Describe() == before {
				t.Fatalf("mutation %s changes the canonical form but not Describe\nbefore: %s\nafter:  %s\ntext:\n%s",
					what, g.CanonicalJSON(), m.CanonicalJSON(), before)
			}
			return
		}
	})
}

var mutations = []string{
	"seats.min", "seats.max", "seats.default",
	"deck.ranks", "deck.suits", "deck.remove",
	"hand", "reshuffle",
	"deal.cards", "deal.all", "deal.starter", "deal.override.add", "deal.override.delete", "deal.override.cards",
	"turn.insert", "turn.delete", "turn.swap",
	"phase.legal", "phase.legal.node", "phase.name_suit", "phase.draw_max",
	"phase.war_face_down", "phase.returns", "phase.count",
	"effect.add", "effect.delete", "effect.swap", "effect.rank", "effect.type", "effect.target", "effect.value", "effect.gate", "effect.random", "effect.suit",
	"end.result", "end.until", "end.conditions", "end.rank", "turn_cap",
	"meld", "lead_card", "teams",
	"score.trick", "score.meld", "score.cards.add", "score.cards.delete", "score.cards.points", "score.cards.match",
	"phase.prefer", "phase.lead", "phase.lead_prefer", "phase.trump", "phase.from",
	"reshuffle_at_once", "deal.starter_not", "deal.starter_fires",
	"phase.draw", "phase.pass", "phase.play_drawn", "end.blocked",
	"last_card_inert",
	"score.dealer.wager", "score.dealer.stand", "score.dealer.soft_hits",
	"effect.when", "effect.if", "effect.if.cmp", "effect.if.value",
	"effect.lasts", "effect.lasts.for", "effect.lasts.turns", "effect.lasts.scope", "effect.lasts.key",
	"effect.lasts.stack", "effect.lasts.persists", "effect.lasts.suppresses",
	"phase.demands.add", "phase.demands.delete", "phase.demands.count",
}

// responseMutations change the responses: an ability added or removed,
// who may answer, lose_turn, and each field of an ability.
// TestPropDescribeShowsEverySemanticChange draws them beside mutations.
var responseMutations = []string{
	"responses.add", "responses.delete", "responses.who", "responses.lose_turn",
	"responses.rank", "responses.ability", "responses.answers", "responses.value", "responses.ignore_legal",
}

// laterMutations change an effect's resolution point and the continuous
// rules: a rule added or removed, and each field of a rule.
// TestPropDescribeShowsEverySemanticChange draws them beside mutations.
var laterMutations = []string{
	"effect.at", "rules.add", "rules.delete",
	"rule.type", "rule.who", "rule.if", "rule.if.cmp", "rule.if.value", "rule.value", "rule.scale", "rule.scale.per",
	"rule.rank", "rule.suit", "rule.key", "rule.stack", "rule.suppresses",
}

// mutate applies one random change to g and names it. The result may be
// invalid or semantically equal; the caller checks.
func mutate(t *rapid.T, g *genome.Genome) string {
	what := rapid.SampledFrom(mutations).Draw(t, "mutation")
	applyMutation(t, g, what)
	return what
}

// applyMutation applies the change named what (one of mutations or
// responseMutations) to g.
func applyMutation(t *rapid.T, g *genome.Genome, what string) {
	if len(g.Turn) == 0 && (strings.HasPrefix(what, "phase.") || what == "turn.delete" || what == "turn.swap") {
		return // (a game of no phases: betting with a showdown, or against a dealer)
	}
	cards := g.Deck.Cards()
	intIn := func(label string, lo, hi int) int { return rapid.IntRange(lo, hi).Draw(t, label) }
	phase := func() *genome.Phase { return &g.Turn[intIn("phase", 0, len(g.Turn)-1)] }
	effectAt := func() int {
		if len(g.Effects) == 0 {
			return -1
		}
		return intIn("effect", 0, len(g.Effects)-1)
	}
	effect := func() *genome.Effect {
		if i := effectAt(); i >= 0 {
			return &g.Effects[i]
		}
		return nil
	}
	// lastingAt is a random effect of a lasting type, or -1.
	lastingAt := func() int {
		if i := effectAt(); i >= 0 && g.Effects[i].Type.Lasts() {
			return i
		}
		return -1
	}
	ruleAt := func() int {
		if len(g.Rules) == 0 {
			return -1
		}
		return intIn("rule", 0, len(g.Rules)-1)
	}
	response := func() *genome.Response {
		if len(g.Responses.Cards) == 0 {
			return nil
		}
		return &g.Responses.Cards[intIn("response", 0, len(g.Responses.Cards)-1)]
	}
	switch what {
	case "seats.min":
		g.Seats.Min = intIn("v", 2, cardrules.MaxSeats)
	case "seats.max":
		g.Seats.Max = intIn("v", 2, cardrules.MaxSeats)
	case "seats.default":
		g.Seats.Default = intIn("v", 2, cardrules.MaxSeats)
	case "deck.ranks":
		r := genome.Rank(intIn("v", 0, cardrules.NumRanks-1))
		g.Deck.Ranks = toggle(g.Deck.Ranks, r, cardrules.NumRanks)
	case "deck.suits":
		s := genome.Suit(intIn("v", 0, cardrules.NumSuits-1))
		g.Deck.Suits = toggle(g.Deck.Suits, s, cardrules.NumSuits)
	case "deck.remove":
		c := genome.Card(intIn("v", 0, cardrules.NumCards-1))
		if slices.Contains(g.Deck.Remove, c) {
			g.Deck.Remove = slices.DeleteFunc(g.Deck.Remove, func(x genome.Card) bool { return x == c })
			if len(g.Deck.Remove) == 0 {
				g.Deck.Remove = nil
			}
		} else {
			g.Deck.Remove = append(g.Deck.Remove, c)
		}
	case "hand":
		g.Hand = 1 - g.Hand
	case "reshuffle":
		g.Reshuffle = !g.Reshuffle
	case "deal.cards":
		g.Deal.Cards = intIn("v", 1, 26)
		g.Deal.All = false
	case "deal.all":
		if g.Deal.All {
			g.Deal = genome.Deal{Cards: intIn("v", 1, 26)}
		} else {
			g.Deal = genome.Deal{All: true}
		}
	case "deal.starter":
		g.Deal.Starter = !g.Deal.Starter
	case "deal.starter_not":
		r := genome.Rank(intIn("v", 0, cardrules.NumRanks-1))
		if slices.Contains(g.Deal.StarterNot, r) {
			g.Deal.StarterNot = slices.DeleteFunc(g.Deal.StarterNot, func(x genome.Rank) bool { return x == r })
			if len(g.Deal.StarterNot) == 0 {
				g.Deal.StarterNot = nil
			}
		} else {
			g.Deal.StarterNot = append(g.Deal.StarterNot, r)
		}
	case "deal.starter_fires":
		g.Deal.StarterFires = !g.Deal.StarterFires
	case "reshuffle_at_once":
		g.ReshuffleAtOnce = !g.ReshuffleAtOnce
	case "last_card_inert":
		g.LastCardInert = !g.LastCardInert
	case "deal.override.add":
		g.Deal.Overrides = append(g.Deal.Overrides, genome.DealOverride{Seats: intIn("seats", 2, cardrules.MaxSeats), Cards: intIn("cards", 1, 26)})
	case "deal.override.delete":
		if n := len(g.Deal.Overrides); n > 0 {
			i := intIn("i", 0, n-1)
			g.Deal.Overrides = slices.Delete(g.Deal.Overrides, i, i+1)
			if len(g.Deal.Overrides) == 0 {
				g.Deal.Overrides = nil
			}
		}
	case "deal.override.cards":
		if n := len(g.Deal.Overrides); n > 0 {
			g.Deal.Overrides[intIn("i", 0, n-1)].Cards = intIn("v", 1, 26)
		}
	case "turn.insert":
		p := genome.Phase{Kind: genome.PhaseKind(intIn("kind", 0, int(cardrules.NumPhaseKinds)-1))}
		switch p.Kind {
		case cardrules.PhasePlay:
			l := genometest.Legal(cards).Draw(t, "legal")
			p.Legal = &l
			p.DrawMax = intIn("draw_max", 0, 5)
		case cardrules.PhaseBattle:
			p.WarFaceDown = intIn("war_face_down", 0, cardrules.MaxWarFaceDown)
		case cardrules.PhaseDraw:
			p.Count = intIn("count", 1, cardrules.MaxDrawCount)
		case cardrules.PhaseTrick:
			l := genometest.Legal(cards).Draw(t, "lead")
			f := genometest.Legal(cards).Draw(t, "legal")
			p.Lead, p.Legal = &l, &f
			p.Trump = genome.Trump(intIn("trump", 0, int(cardrules.NumTrumps)-1))
		case cardrules.PhaseTake:
			p.From = rapid.SampledFrom([]genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetRandomOpponent}).Draw(t, "from")
		case cardrules.PhaseTurnUp:
			p.Demands = []genome.Demand{{Rank: cards[intIn("demand", 0, len(cards)-1)].Rank(), Count: intIn("count", 1, cardrules.MaxDemand)}}
			p.Returns = genome.Returns(intIn("returns", 0, 1))
		}
		g.Turn = slices.Insert(g.Turn, intIn("at", 0, len(g.Turn)), p)
	case "turn.delete":
		i := intIn("i", 0, len(g.Turn)-1)
		g.Turn = slices.Delete(g.Turn, i, i+1)
	case "turn.swap":
		i, j := intIn("i", 0, len(g.Turn)-1), intIn("j", 0, len(g.Turn)-1)
		g.Turn[i], g.Turn[j] = g.Turn[j], g.Turn[i]
	case "phase.legal":
		if p := phase(); p.Kind == cardrules.PhasePlay || p.Kind == cardrules.PhaseTrick {
			l := genometest.Legal(cards).Draw(t, "legal")
			p.Legal = &l
		}
	case "phase.legal.node":
		if p := phase(); p.Legal != nil {
			var cmps []*genome.Expr
			var walk func(e *genome.Expr)
			walk = func(e *genome.Expr) {
				if e.Op.IsCompare() {
					cmps = append(cmps, e)
				}
				for i := range e.Args {
					walk(&e.Args[i])
				}
			}
			walk(p.Legal)
			if len(cmps) > 0 {
				e := cmps[intIn("node", 0, len(cmps)-1)]
				switch intIn("node.change", 0, 2) {
				case 0:
					e.Op = rapid.SampledFrom([]genome.Op{genome.OpEq, genome.OpNe, genome.OpLt, genome.OpGt}).Draw(t, "op")
				case 1:
					e.Left, e.Right = e.Right, e.Left
				case 2:
					for _, term := range []*genome.Term{e.Left, e.Right} {
						switch term.Kind {
						case genome.TermRank:
							term.Value = uint8(intIn("rank", 0, cardrules.NumRanks-1))
						case genome.TermSuit:
							term.Value = uint8(intIn("suit", 0, cardrules.NumSuits-1))
						}
					}
				}
			}
		}
	case "phase.name_suit":
		if p := phase(); p.Kind == cardrules.PhasePlay {
			r := genome.Rank(intIn("v", 0, cardrules.NumRanks-1))
			if slices.Contains(p.NameSuit, r) {
				p.NameSuit = slices.DeleteFunc(p.NameSuit, func(x genome.Rank) bool { return x == r })
				if len(p.NameSuit) == 0 {
					p.NameSuit = nil
				}
			} else {
				p.NameSuit = append(p.NameSuit, r)
			}
		}
	case "phase.draw_max":
		if p := phase(); p.Kind == cardrules.PhasePlay {
			p.DrawMax = intIn("v", 0, cardrules.MaxDrawMax)
		}
	case "phase.draw":
		if p := phase(); p.Kind == cardrules.PhasePlay {
			p.Draw = 1 - p.Draw
		}
	case "phase.pass":
		if p := phase(); p.Kind == cardrules.PhasePlay {
			p.Pass = genome.PassRule(intIn("v", 0, int(cardrules.NumPassRules)-1))
		}
	case "phase.play_drawn":
		if p := phase(); p.Kind == cardrules.PhasePlay {
			p.PlayDrawn = !p.PlayDrawn
		}
	case "phase.war_face_down":
		if p := phase(); p.Kind == cardrules.PhaseBattle {
			p.WarFaceDown = intIn("v", 0, cardrules.MaxWarFaceDown)
		}
	case "phase.returns":
		if p := phase(); p.Kind == cardrules.PhaseBattle || p.Kind == cardrules.PhaseTurnUp {
			p.Returns = 1 - p.Returns
		}
	case "phase.demands.add":
		if p := phase(); p.Kind == cardrules.PhaseTurnUp {
			p.Demands = append(p.Demands, genome.Demand{Rank: genome.Rank(intIn("rank", 0, cardrules.NumRanks-1)), Count: intIn("count", 1, cardrules.MaxDemand)})
		}
	case "phase.demands.delete":
		if p := phase(); p.Kind == cardrules.PhaseTurnUp {
			i := intIn("i", 0, len(p.Demands)-1)
			p.Demands = slices.Delete(p.Demands, i, i+1)
		}
	case "phase.demands.count":
		if p := phase(); p.Kind == cardrules.PhaseTurnUp {
			p.Demands[intIn("i", 0, len(p.Demands)-1)].Count = intIn("v", 1, cardrules.MaxDemand)
		}
	case "phase.count":
		if p := phase(); p.Kind == cardrules.PhaseDraw {
			p.Count = intIn("v", 1, cardrules.MaxDrawCount)
		}
	case "effect.add":
		e := genome.Effect{
			Rank: genome.Rank(intIn("rank", 0, cardrules.NumRanks-1)),
			Type: genome.EffectType(intIn("type", 0, int(cardrules.NumEffectTypes)-1)),
		}
		if e.Type.UsesTarget() {
			e.Target = genome.Target(intIn("target", 1, int(cardrules.NumTargets)-1))
		}
		if e.Type.UsesValue() {
			e.Value = intIn("value", 1, cardrules.MaxEffectValue)
		}
		if e.Type.Fizzles() {
			e.Gate = rapid.Bool().Draw(t, "gate")
		}
		at := intIn("at", 0, len(g.Effects))
		g.Effects = slices.Insert(g.Effects, at, e)
		if e.Type.Lasts() {
			drawLasting(t, g, at)
		}
	case "effect.delete":
		if n := len(g.Effects); n > 0 {
			i := intIn("i", 0, n-1)
			g.Effects = slices.Delete(g.Effects, i, i+1)
		}
	case "effect.swap":
		if n := len(g.Effects); n > 0 {
			i, j := intIn("i", 0, n-1), intIn("j", 0, n-1)
			g.Effects[i], g.Effects[j] = g.Effects[j], g.Effects[i]
		}
	case "effect.rank":
		if e := effect(); e != nil {
			e.Rank = genome.Rank(intIn("v", 0, cardrules.NumRanks-1))
		}
	case "effect.type":
		if i := effectAt(); i >= 0 {
			e := &g.Effects[i]
			e.Type = genome.EffectType(intIn("v", 0, int(cardrules.NumEffectTypes)-1))
			e.Target, e.Value = 0, 0
			if e.Type.UsesTarget() {
				e.Target = genome.Target(intIn("target", 1, int(cardrules.NumTargets)-1))
			}
			if e.Type.UsesValue() {
				e.Value = intIn("value", 1, cardrules.MaxEffectValue)
			}
			e.Gate = e.Gate && e.Type.Fizzles()
			e.Random = e.Random && e.Type == cardrules.ForceDiscard
			e.Lasts = genome.Lasting{}
			if e.Type.Lasts() {
				drawLasting(t, g, i)
			}
		}
	case "effect.lasts":
		if i := effectAt(); i >= 0 {
			e := &g.Effects[i]
			e.Type = genome.EffectType(intIn("v", int(cardrules.LockSuit), int(cardrules.NumEffectTypes)-1))
			if !e.Type.Lasts() {
				t.Fatalf("effect type %s after lock_suit is not lasting", e.Type)
			}
			if e.Target == cardrules.NoTarget {
				e.Target = genome.Target(intIn("target", 1, int(cardrules.NumTargets)-1))
			}
			e.Value = 0
			if e.Type.UsesValue() {
				e.Value = intIn("value", 1, cardrules.MaxEffectValue)
			}
			e.Gate, e.Random = false, false
			drawLasting(t, g, i)
		}
	case "effect.lasts.for":
		if i := lastingAt(); i >= 0 {
			l := &g.Effects[i].Lasts
			l.For, l.Turns = cardrules.Duration(intIn("v", 0, int(cardrules.NumDurations)-1)), 0
			if l.For == cardrules.ForTurns {
				l.Turns = intIn("turns", 1, cardrules.MaxLastTurns)
			}
		}
	case "effect.lasts.turns":
		if i := lastingAt(); i >= 0 && g.Effects[i].Lasts.For == cardrules.ForTurns {
			g.Effects[i].Lasts.Turns = intIn("v", 1, cardrules.MaxLastTurns)
		}
	case "effect.lasts.scope":
		if i := lastingAt(); i >= 0 {
			e := &g.Effects[i]
			e.Lasts.Scope = cardrules.Scope(intIn("v", 0, int(cardrules.NumScopes)-1))
			switch {
			case e.Lasts.Scope == cardrules.ScopeEveryone:
				e.Target = cardrules.NoTarget
			case e.Target == cardrules.NoTarget:
				e.Target = genome.Target(intIn("target", 1, int(cardrules.NumTargets)-1))
			}
		}
	case "effect.lasts.key":
		if i := lastingAt(); i >= 0 {
			l := &g.Effects[i].Lasts
			l.Key = intIn("v", 0, cardrules.MaxStackKey)
			l.Stack = lastingStack(t, g, i)
		}
	case "effect.lasts.stack":
		// Every effect of the type and key stacks alike.
		if i := lastingAt(); i >= 0 {
			e := g.Effects[i]
			setStack(g, e.Type, e.Lasts.Key, cardrules.Stacking(intIn("v", 0, int(cardrules.NumStacks)-1)))
		}
	case "effect.lasts.persists":
		if i := lastingAt(); i >= 0 {
			g.Effects[i].Lasts.Persists = !g.Effects[i].Lasts.Persists
		}
	case "effect.lasts.suppresses":
		if i := lastingAt(); i >= 0 && g.Effects[i].Type == cardrules.Suppress {
			g.Effects[i].Lasts.Suppresses = drawSuppressed(t)
		}
	case "effect.target":
		if e := effect(); e != nil && e.Type.UsesTarget() {
			e.Target = genome.Target(intIn("v", 1, int(cardrules.NumTargets)-1))
		}
	case "effect.value":
		if e := effect(); e != nil && e.Type.UsesValue() {
			e.Value = intIn("v", 1, cardrules.MaxEffectValue)
		}
	case "effect.gate":
		if e := effect(); e != nil && e.Type.Fizzles() {
			e.Gate = !e.Gate
		}
	case "effect.suit":
		if e := effect(); e != nil {
			e.Suit = cardrules.TriggerSuit(intIn("v", 0, int(cardrules.NumSuits)))
		}
	case "effect.when":
		if e := effect(); e != nil {
			e.When = cardrules.Trigger(intIn("v", 0, int(cardrules.NumTriggers)-1))
			if e.When != cardrules.Played {
				e.Gate = false // a gate is only for a played card
			}
			if e.When.OfRank() {
				e.Suit = cardrules.AnySuit // an event of a rank names no card
			}
		}
	case "effect.if":
		if e := effect(); e != nil {
			c := genome.EffectCondition{Of: cardrules.CondOf(intIn("of", 0, int(cardrules.NumCondOfs)-1))}
			switch c.Of {
			case cardrules.NoCond:
			case cardrules.CondTopSuit:
				c.Suit = cardrules.TriggerOn(genome.Suit(intIn("suit", 0, cardrules.NumSuits-1)))
			case cardrules.CondSeats:
				c.Cmp, c.Value = cardrules.Compare(intIn("cmp", 0, int(cardrules.NumCompares)-1)), intIn("value", 1, cardrules.MaxSeats)
			default:
				c.Cmp, c.Value = cardrules.Compare(intIn("cmp", 0, int(cardrules.NumCompares)-1)), intIn("value", 0, cardrules.MaxCondValue)
			}
			e.If = c
		}
	case "effect.if.cmp":
		if e := effect(); e != nil && e.If.Of != cardrules.NoCond && e.If.Of != cardrules.CondTopSuit {
			e.If.Cmp = cardrules.Compare(intIn("v", 0, int(cardrules.NumCompares)-1))
		}
	case "effect.if.value":
		if e := effect(); e != nil && e.If.Of != cardrules.NoCond && e.If.Of != cardrules.CondTopSuit {
			e.If.Value = intIn("v", 0, cardrules.MaxCondValue)
		}
	case "effect.random":
		if e := effect(); e != nil && e.Type == cardrules.ForceDiscard {
			e.Random = !e.Random
		}
	case "end.result":
		if len(g.End.Conditions) > 0 {
			g.End.Conditions[0].Result = 1 - g.End.Conditions[0].Result
		}
	case "end.until":
		g.End.Until = genome.Until(intIn("v", 0, int(cardrules.NumUntils)-1))
	case "end.conditions":
		if len(g.End.Conditions) > 0 {
			g.End.Conditions = nil
		} else {
			g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: genome.Result(intIn("result", 0, 1))}}
		}
	case "end.rank":
		g.End.Rank = genome.RankBy(intIn("v", 0, int(cardrules.NumRankBys)-1))
	case "end.blocked":
		g.End.Blocked = intIn("v", 0, cardrules.MaxBlocked)
	case "meld":
		g.Meld = rapid.SampledFrom([]int{0, 2, 3, 4}).Draw(t, "v")
	case "lead_card":
		if g.LeadCard != nil && rapid.Bool().Draw(t, "none") {
			g.LeadCard = nil
		} else {
			c := rapid.SampledFrom(cards).Draw(t, "v")
			g.LeadCard = &c
		}
	case "teams":
		g.Teams = 2 - g.Teams
	case "score.trick":
		g.Score.Trick = intIn("v", 0, cardrules.MaxScore)
	case "score.meld":
		g.Score.Meld = intIn("v", 0, cardrules.MaxScore)
	case "score.cards.add":
		c := rapid.SampledFrom(cards).Draw(t, "card")
		m := genome.Match{Kind: genome.MatchKind(intIn("kind", 0, int(cardrules.NumMatchKinds)-1))}
		switch m.Kind {
		case cardrules.MatchRank:
			m.Value = uint8(c.Rank())
		case cardrules.MatchSuit:
			m.Value = uint8(c.Suit())
		default:
			m.Value = uint8(c)
		}
		g.Score.Cards = append(g.Score.Cards, genome.CardPoints{Match: m, Points: intIn("points", 1, cardrules.MaxCardPoints)})
	case "score.cards.delete":
		if n := len(g.Score.Cards); n > 0 {
			i := intIn("i", 0, n-1)
			g.Score.Cards = slices.Delete(g.Score.Cards, i, i+1)
			if len(g.Score.Cards) == 0 {
				g.Score.Cards = nil
			}
		}
	case "score.cards.points":
		if n := len(g.Score.Cards); n > 0 {
			g.Score.Cards[intIn("i", 0, n-1)].Points = intIn("v", 1, cardrules.MaxCardPoints)
		}
	case "score.dealer.wager":
		if d := g.Score.Dealer; d != nil {
			d.Wager = intIn("v", 1, cardrules.MaxBet)
		}
	case "score.dealer.stand":
		if d := g.Score.Dealer; d != nil {
			d.Stand = intIn("v", cardrules.MinStand, cardrules.MaxStand)
		}
	case "score.dealer.soft_hits":
		if d := g.Score.Dealer; d != nil {
			d.SoftHits = !d.SoftHits
		}
	case "score.cards.match":
		if n := len(g.Score.Cards); n > 0 {
			c := rapid.SampledFrom(cards).Draw(t, "card")
			g.Score.Cards[intIn("i", 0, n-1)].Match = genome.Match{Kind: cardrules.MatchCard, Value: uint8(c)}
		}
	case "phase.prefer":
		if p := phase(); p.Kind == cardrules.PhasePlay || p.Kind == cardrules.PhaseTrick {
			p.Prefer = optionalLegal(t, cards)
		}
	case "phase.lead":
		if p := phase(); p.Kind == cardrules.PhaseTrick {
			l := genometest.Legal(cards).Draw(t, "lead")
			p.Lead = &l
		}
	case "phase.lead_prefer":
		if p := phase(); p.Kind == cardrules.PhaseTrick {
			p.LeadPrefer = optionalLegal(t, cards)
		}
	case "phase.trump":
		if p := phase(); p.Kind == cardrules.PhaseTrick {
			p.Trump = genome.Trump(intIn("v", 0, int(cardrules.NumTrumps)-1))
		}
	case "phase.from":
		if p := phase(); p.Kind == cardrules.PhaseTake {
			p.From = rapid.SampledFrom([]genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetRandomOpponent}).Draw(t, "v")
		}
	case "turn_cap":
		g.TurnCap = intIn("v", 1, cardrules.MaxTurnCap)
	case "responses.add":
		c := genome.Response{
			Rank:        rapid.SampledFrom(cards).Draw(t, "card").Rank(),
			Ability:     genome.Ability(intIn("ability", 1, int(cardrules.NumAbilities)-1)),
			Answers:     rapid.SampledFrom([]genome.EffectType{cardrules.DrawCards, cardrules.ForceDiscard}).Draw(t, "answers"),
			IgnoreLegal: rapid.Bool().Draw(t, "ignore_legal"),
		}
		if c.Ability == cardrules.Stack {
			c.Value = intIn("value", 1, cardrules.MaxEffectValue)
		}
		g.Responses.Cards = slices.Insert(g.Responses.Cards, intIn("at", 0, len(g.Responses.Cards)), c)
	case "responses.delete":
		if n := len(g.Responses.Cards); n > 0 {
			i := intIn("i", 0, n-1)
			g.Responses.Cards = slices.Delete(g.Responses.Cards, i, i+1)
			if len(g.Responses.Cards) == 0 {
				g.Responses = genome.Responses{}
			}
		}
	case "responses.who":
		g.Responses.Who = 1 - g.Responses.Who
	case "responses.lose_turn":
		g.Responses.LoseTurn = !g.Responses.LoseTurn
	case "responses.rank":
		if c := response(); c != nil {
			c.Rank = rapid.SampledFrom(cards).Draw(t, "card").Rank()
		}
	case "responses.ability":
		if c := response(); c != nil {
			c.Ability = genome.Ability(intIn("v", 1, int(cardrules.NumAbilities)-1))
			c.Value = 0
			if c.Ability == cardrules.Stack {
				c.Value = intIn("value", 1, cardrules.MaxEffectValue)
			}
		}
	case "responses.answers":
		if c := response(); c != nil {
			c.Answers = cardrules.DrawCards + cardrules.ForceDiscard - c.Answers
		}
	case "responses.value":
		if c := response(); c != nil && c.Ability == cardrules.Stack {
			c.Value = intIn("v", 1, cardrules.MaxEffectValue)
		}
	case "responses.ignore_legal":
		if c := response(); c != nil {
			c.IgnoreLegal = !c.IgnoreLegal
		}
	case "effect.at":
		if e := effect(); e != nil && e.Type.CanWait() {
			e.At = cardrules.Resolve(intIn("v", 0, int(cardrules.NumResolves)-1))
			e.Gate = e.Gate && e.At == cardrules.ResolveNow
		}
	case "rules.add":
		if len(g.Rules) < cardrules.MaxRules {
			r := genome.Rule{Type: drawRuleType(t), Who: cardrules.Who(intIn("who", 0, int(cardrules.NumWhos)-1))}
			at := intIn("at", 0, len(g.Rules))
			g.Rules = slices.Insert(g.Rules, at, r)
			drawRuleFields(t, g, at)
		}
	case "rules.delete":
		if i := ruleAt(); i >= 0 {
			g.Rules = slices.Delete(g.Rules, i, i+1)
			if len(g.Rules) == 0 {
				g.Rules = nil
			}
		}
	case "rule.type":
		if i := ruleAt(); i >= 0 {
			g.Rules[i].Type = drawRuleType(t)
			drawRuleFields(t, g, i)
		}
	case "rule.who":
		if i := ruleAt(); i >= 0 {
			g.Rules[i].Who = cardrules.Who(intIn("v", 0, int(cardrules.NumWhos)-1))
		}
	case "rule.if":
		if i := ruleAt(); i >= 0 {
			ofs := []cardrules.CondOf{cardrules.NoCond, cardrules.CondHand, cardrules.CondStock, cardrules.CondPile, cardrules.CondSeats, cardrules.CondTopSuit}
			c := genome.EffectCondition{Of: rapid.SampledFrom(ofs).Draw(t, "of")}
			switch c.Of {
			case cardrules.NoCond:
			case cardrules.CondTopSuit:
				c.Suit = cardrules.TriggerOn(genome.Suit(intIn("suit", 0, cardrules.NumSuits-1)))
			case cardrules.CondSeats:
				c.Cmp, c.Value = cardrules.Compare(intIn("cmp", 0, int(cardrules.NumCompares)-1)), intIn("value", 1, cardrules.MaxSeats)
			default:
				c.Cmp, c.Value = cardrules.Compare(intIn("cmp", 0, int(cardrules.NumCompares)-1)), intIn("value", 0, cardrules.MaxCondValue)
			}
			g.Rules[i].If = c
		}
	case "rule.if.cmp":
		if i := ruleAt(); i >= 0 && g.Rules[i].If.Of != cardrules.NoCond && g.Rules[i].If.Of != cardrules.CondTopSuit {
			g.Rules[i].If.Cmp = cardrules.Compare(intIn("v", 0, int(cardrules.NumCompares)-1))
		}
	case "rule.if.value":
		if i := ruleAt(); i >= 0 && g.Rules[i].If.Of != cardrules.NoCond && g.Rules[i].If.Of != cardrules.CondTopSuit {
			g.Rules[i].If.Value = intIn("v", 0, cardrules.MaxCondValue)
		}
	case "rule.value":
		if i := ruleAt(); i >= 0 && g.Rules[i].Type.UsesValue() {
			g.Rules[i].Value = intIn("v", 1, cardrules.MaxEffectValue)
		}
	case "rule.scale":
		if i := ruleAt(); i >= 0 && g.Rules[i].Type.UsesValue() {
			g.Rules[i].Scale = drawScale(t)
		}
	case "rule.scale.per":
		if i := ruleAt(); i >= 0 && g.Rules[i].Scale != (genome.Scale{}) {
			g.Rules[i].Scale.Per = intIn("v", 1, cardrules.NumCards)
		}
	case "rule.rank":
		if i := ruleAt(); i >= 0 && (g.Rules[i].Type == cardrules.LockRank || g.Rules[i].Type == cardrules.BanRank) {
			g.Rules[i].Rank = genome.Rank(intIn("v", 0, cardrules.NumRanks-1))
		}
	case "rule.suit":
		if i := ruleAt(); i >= 0 && g.Rules[i].Type.NamesSuit() {
			g.Rules[i].Suit = cardrules.TriggerOn(genome.Suit(intIn("v", 0, cardrules.NumSuits-1)))
		}
	case "rule.key":
		if i := ruleAt(); i >= 0 {
			g.Rules[i].Key = intIn("v", 0, cardrules.MaxStackKey)
			g.Rules[i].Stack = ruleStack(t, g, i)
		}
	case "rule.stack":
		// Every effect and rule of the type and key stacks alike.
		if i := ruleAt(); i >= 0 {
			setStack(g, g.Rules[i].Type, g.Rules[i].Key, cardrules.Stacking(intIn("v", 0, int(cardrules.NumStacks)-1)))
		}
	case "rule.suppresses":
		if i := ruleAt(); i >= 0 && g.Rules[i].Type == cardrules.Suppress {
			g.Rules[i].Suppresses = drawSuppressed(t)
		}
	}
}

// drawRuleType is a lasting type for a rule.
func drawRuleType(t *rapid.T) genome.EffectType {
	return genome.EffectType(rapid.IntRange(int(cardrules.LockSuit), int(cardrules.NumEffectTypes)-1).Draw(t, "rule.type"))
}

// drawRuleFields gives rule i of g the fields its type reads: a value and
// perhaps a scale for draw_limit and bonus, a rank or a suit for a lock or
// a ban, a type to switch off for suppress, and a key with the stacking
// mode of the other effects and rules of its type and key. Some genomes
// stay invalid (a lock in a game that plays no card); the callers check.
func drawRuleFields(t *rapid.T, g *genome.Genome, i int) {
	r := &g.Rules[i]
	r.Value, r.Scale, r.Rank, r.Suit, r.Suppresses = 0, genome.Scale{}, 0, cardrules.AnySuit, cardrules.NoSuppressed
	if r.Type.UsesValue() {
		r.Value = rapid.IntRange(1, cardrules.MaxEffectValue).Draw(t, "rule.value")
		if rapid.Bool().Draw(t, "rule.scales") {
			r.Scale = drawScale(t)
		}
	}
	switch {
	case r.Type == cardrules.LockRank || r.Type == cardrules.BanRank:
		r.Rank = genome.Rank(rapid.IntRange(0, cardrules.NumRanks-1).Draw(t, "rule.rank"))
	case r.Type.NamesSuit():
		r.Suit = cardrules.TriggerOn(genome.Suit(rapid.IntRange(0, cardrules.NumSuits-1).Draw(t, "rule.suit")))
	case r.Type == cardrules.Suppress:
		r.Suppresses = drawSuppressed(t)
	}
	r.Key = rapid.IntRange(0, cardrules.MaxStackKey).Draw(t, "rule.key")
	r.Stack = ruleStack(t, g, i)
}

// drawScale is a scale of a rule's value by one of the counts it may
// follow.
func drawScale(t *rapid.T) genome.Scale {
	by := rapid.SampledFrom([]cardrules.CondOf{cardrules.CondHand, cardrules.CondStock, cardrules.CondPile, cardrules.CondSeats}).Draw(t, "scale.by")
	return genome.Scale{By: by, Per: rapid.IntRange(1, cardrules.NumCards).Draw(t, "scale.per")}
}

// ruleStack is the stacking mode of the effects and other rules of rule
// i's type and key, or a random one when there are none.
func ruleStack(t *rapid.T, g *genome.Genome, i int) cardrules.Stacking {
	r := g.Rules[i]
	for _, x := range g.Effects {
		if x.Type == r.Type && x.Lasts.Key == r.Key {
			return x.Lasts.Stack
		}
	}
	for j, x := range g.Rules {
		if j != i && x.Type == r.Type && x.Key == r.Key {
			return x.Stack
		}
	}
	return cardrules.Stacking(rapid.IntRange(0, int(cardrules.NumStacks)-1).Draw(t, "rule.stack"))
}

// setStack gives every effect and rule of type typ and key the stacking
// mode s.
func setStack(g *genome.Genome, typ genome.EffectType, key int, s cardrules.Stacking) {
	for j := range g.Effects {
		if x := &g.Effects[j]; x.Type == typ && x.Lasts.Key == key {
			x.Lasts.Stack = s
		}
	}
	for j := range g.Rules {
		if x := &g.Rules[j]; x.Type == typ && x.Key == key {
			x.Stack = s
		}
	}
}

// drawLasting gives effect i of g, of a lasting type, lasting fields that
// suit the game: a duration (of a trick only with a trick phase), a scope
// (team only with partnerships, everyone only without a test of the
// target's hand, and then without a target), a key with the stacking mode
// the other effects of its type and key have, and for suppress another
// type to switch off. Some genomes stay invalid (a lock in a game that
// plays no card); the callers check.
func drawLasting(t *rapid.T, g *genome.Genome, i int) {
	e := &g.Effects[i]
	durations := []cardrules.Duration{cardrules.ForTurns, cardrules.UntilSourceTurn, cardrules.UntilDealEnd}
	if slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return p.Kind == cardrules.PhaseTrick }) {
		durations = append(durations, cardrules.UntilTrickEnd)
	}
	l := genome.Lasting{For: rapid.SampledFrom(durations).Draw(t, "lasts.for")}
	if l.For == cardrules.ForTurns {
		l.Turns = rapid.IntRange(1, cardrules.MaxLastTurns).Draw(t, "lasts.turns")
	}
	scopes := []cardrules.Scope{cardrules.ScopeTarget}
	if g.Teams == 2 {
		scopes = append(scopes, cardrules.ScopeTeam)
	}
	if e.If.Of != cardrules.CondTarget {
		scopes = append(scopes, cardrules.ScopeEveryone)
	}
	l.Scope = rapid.SampledFrom(scopes).Draw(t, "lasts.scope")
	switch {
	case l.Scope == cardrules.ScopeEveryone:
		e.Target = cardrules.NoTarget
	case e.Target == cardrules.NoTarget:
		e.Target = genome.Target(rapid.IntRange(1, int(cardrules.NumTargets)-1).Draw(t, "target"))
	}
	l.Key = rapid.IntRange(0, cardrules.MaxStackKey).Draw(t, "lasts.key")
	l.Persists = rapid.Bool().Draw(t, "lasts.persists")
	if e.Type == cardrules.Suppress {
		l.Suppresses = drawSuppressed(t)
	}
	e.Lasts = l
	e.Lasts.Stack = lastingStack(t, g, i)
}

// lastingStack is the stacking mode of the other effects and the rules of
// effect i's type and key, or a random one when there are none.
func lastingStack(t *rapid.T, g *genome.Genome, i int) cardrules.Stacking {
	e := g.Effects[i]
	for j, x := range g.Effects {
		if j != i && x.Type == e.Type && x.Lasts.Key == e.Lasts.Key {
			return x.Lasts.Stack
		}
	}
	for _, x := range g.Rules {
		if x.Type == e.Type && x.Key == e.Lasts.Key {
			return x.Stack
		}
	}
	return cardrules.Stacking(rapid.IntRange(0, int(cardrules.NumStacks)-1).Draw(t, "lasts.stack"))
}

// drawSuppressed is a type for suppress to switch off: any but suppress.
func drawSuppressed(t *rapid.T) cardrules.Suppressed {
	var types []genome.EffectType
	for ty := range genome.EffectType(cardrules.NumEffectTypes) {
		if ty != cardrules.Suppress {
			types = append(types, ty)
		}
	}
	return cardrules.SuppressedOf(rapid.SampledFrom(types).Draw(t, "lasts.suppresses"))
}

func optionalLegal(t *rapid.T, cards []genome.Card) *genome.Expr {
	if rapid.Bool().Draw(t, "none") {
		return nil
	}
	e := genometest.Legal(cards).Draw(t, "pred")
	return &e
}

// toggle adds v to the restriction set s, or removes it; nil means every
// one of n values.
func toggle[T ~uint8](s []T, v T, n int) []T {
	if len(s) == 0 {
		for i := range n {
			if T(i) != v {
				s = append(s, T(i))
			}
		}
		return s
	}
	if slices.Contains(s, v) {
		s = slices.DeleteFunc(slices.Clone(s), func(x T) bool { return x == v })
		if len(s) == 0 {
			return []T{(v + 1) % T(n)}
		}
		return s
	}
	return append(s, v)
}
