package genome

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The phase table says, once, which JSON fields each phase kind uses and
// what each field is, how Validate checks it and how Distance compares it.
// Validate, Distance and the format reference (docs/genome.md) all read it.
// Adding a phase kind is a row in phaseKinds (and in phaseFields for each
// field it adds to Phase, with its diff: a field without one panics at
// start), its prose in describePhase, and its instruction in the bytecode
// and the VM.

// phaseKind is one phase kind's row.
type phaseKind struct {
	// hand is the hand kind the phase needs, and why in Validate's words;
	// why is "" when the phase works with any hand.
	hand HandKind
	why  string
	// fields are the JSON names of the fields the kind uses, in the order
	// Validate checks them; every other field of Phase must be unset.
	fields []string
}

// phaseKinds has one row per phase kind (a shorter or longer table does
// not compile).
var phaseKinds = [...]phaseKind{
	cardrules.PhasePlay: {
		hand: cardrules.HandFan, why: "the player chooses a card",
		fields: []string{"legal", "prefer", "name_suit", "draw_max", "draw", "pass", "play_drawn"},
	},
	cardrules.PhaseBattle: {
		hand: cardrules.HandPile, why: "the top card is turned up",
		fields: []string{"war_face_down", "returns"},
	},
	cardrules.PhaseDraw: {
		fields: []string{"count"},
	},
	cardrules.PhaseTrick: {
		hand: cardrules.HandFan, why: "each player chooses a card",
		fields: []string{"lead", "lead_prefer", "legal", "prefer", "trump"},
	},
	cardrules.PhaseTake: {
		hand: cardrules.HandFan, why: "the cards are taken from a hand",
		fields: []string{"from"},
	},
	cardrules.PhaseAsk: {
		hand: cardrules.HandFan, why: "the player asks for a rank it holds",
	},
	cardrules.PhaseTableau: {
		hand: cardrules.HandFan, why: "the player chooses a card",
		fields: []string{"start"},
	},
	cardrules.PhaseTurnUp: {
		hand: cardrules.HandPile, why: "the top card is turned up",
		fields: []string{"demands", "returns"},
	},
	cardrules.PhaseClimb: {
		hand: cardrules.HandFan, why: "the player chooses its cards",
		fields: []string{"max"},
	},
	cardrules.PhaseCapture: {
		hand: cardrules.HandFan, why: "the player chooses its card and what it captures",
		fields: []string{"equal_first"},
	},
	cardrules.PhaseClaim: {
		hand: cardrules.HandFan, why: "the player chooses its cards and its claim",
		fields: []string{"claims", "start", "max"},
	},
	cardrules.PhaseMeld: {
		hand: cardrules.HandFan, why: "the player chooses its draw, its melds and its discard",
		fields: []string{"sets", "runs", "lay", "knock"},
	},
}

var _ = [1]struct{}{}[len(phaseKinds)-int(cardrules.NumPhaseKinds)]

// phaseField is one field of Phase besides kind.
type phaseField struct {
	name string              // the JSON name, as in Phase's struct tag
	set  func(p *Phase) bool // whether the field holds other than its zero value
	// diff is how much two phases of a kind that uses the field differ on
	// it, in [0, 1], symmetric, and 0 exactly when the field's canonical
	// values are equal; Distance reads it (see phaseDiff).
	diff func(a, b *Phase) float64
	// within names the field whose part of phaseDiff this field's diff
	// counts in (the larger of the two), "" for a part of its own.
	within string
	// num is an integer field's value, nil for other fields.
	num func(p *Phase) int
	// pred reads a predicate field; required says that a kind using the
	// field must set it (a list field checks it in its check).
	pred     func(p *Phase) *Expr
	required bool
	// lo..hi is an integer field's range, when hi > 0.
	lo, hi int
	// check is the rest of Validate's rules for the field, run when the
	// value is in range.
	check func(c *phaseCheck, path string, p *Phase)
}

// phaseFields lists every field of Phase besides kind, in the order
// Validate reports the ones a kind does not use.
var phaseFields = [...]phaseField{
	predField("legal", func(p *Phase) *Expr { return p.Legal }, true),
	predField("prefer", func(p *Phase) *Expr { return p.Prefer }, false),
	{
		name: "name_suit",
		set:  func(p *Phase) bool { return len(p.NameSuit) > 0 },
		// The sets of ranks, whatever their order and repeats.
		diff: func(a, b *Phase) float64 { return maskDiff(rankMask(a.NameSuit), rankMask(b.NameSuit)) },
		check: func(c *phaseCheck, path string, p *Phase) {
			for j, r := range p.NameSuit {
				if r > cardrules.Joker || !c.rankInDeck(r) {
					c.ps.add(fmt.Sprintf("%s[%d]", path, j), "no card of rank %s is in the deck", r)
				}
				if slices.Contains(p.NameSuit[:j], r) {
					c.ps.add(fmt.Sprintf("%s[%d]", path, j), "rank %s is listed twice", r)
				}
			}
		},
	},
	intField("draw_max", func(p *Phase) int { return p.DrawMax }, 0, cardrules.MaxDrawMax, nil),
	{
		name: "draw", within: "draw_max",
		set:  func(p *Phase) bool { return p.Draw != 0 },
		diff: func(a, b *Phase) float64 { return flag(a.Draw != b.Draw) },
		check: func(c *phaseCheck, path string, p *Phase) {
			switch {
			case p.Draw >= cardrules.NumDrawRules:
				c.ps.add(path, "unknown draw rule %d", p.Draw)
			case p.Draw == cardrules.DrawByChoice && p.DrawMax == 0:
				c.ps.add(path, "drawing by choice needs a draw_max of at least 1")
			}
		},
	},
	{
		name: "pass", within: "draw_max",
		set:  func(p *Phase) bool { return p.Pass != 0 },
		diff: func(a, b *Phase) float64 { return flag(a.Pass != b.Pass) },
		check: func(c *phaseCheck, path string, p *Phase) {
			if p.Pass >= cardrules.NumPassRules {
				c.ps.add(path, "unknown pass rule %d", p.Pass)
			}
		},
	},
	{
		name: "play_drawn", within: "draw_max",
		set:  func(p *Phase) bool { return p.PlayDrawn },
		diff: func(a, b *Phase) float64 { return flag(a.PlayDrawn != b.PlayDrawn) },
		check: func(c *phaseCheck, path string, p *Phase) {
			if p.PlayDrawn && p.Draw != cardrules.DrawByChoice {
				c.ps.add(path, "only the card drawn can be played only when drawing is by choice (draw: by_choice)")
			}
		},
	},
	intField("war_face_down", func(p *Phase) int { return p.WarFaceDown }, 0, cardrules.MaxWarFaceDown, nil),
	{
		name: "returns",
		set:  func(p *Phase) bool { return p.Returns != 0 },
		diff: func(a, b *Phase) float64 { return flag(a.Returns != b.Returns) },
		check: func(c *phaseCheck, path string, p *Phase) {
			if p.Returns >= cardrules.NumReturns {
				c.ps.add(path, "unknown returns %d", p.Returns)
			}
		},
	},
	intField("count", func(p *Phase) int { return p.Count }, 1, cardrules.MaxDrawCount, func(c *phaseCheck, path string, p *Phase) {
		if c.noStock {
			c.ps.add(path, "the deal leaves no stock and nothing is reshuffled into it, so the phase can never draw")
		}
	}),
	predField("lead", func(p *Phase) *Expr { return p.Lead }, true),
	predField("lead_prefer", func(p *Phase) *Expr { return p.LeadPrefer }, false),
	{
		name: "trump",
		set:  func(p *Phase) bool { return p.Trump != 0 },
		diff: func(a, b *Phase) float64 { return flag(a.Trump != b.Trump) },
		check: func(c *phaseCheck, path string, p *Phase) {
			if p.Trump >= cardrules.NumTrumps {
				c.ps.add(path, "unknown trump %d", p.Trump)
			}
		},
	},
	{
		name: "from",
		set:  func(p *Phase) bool { return p.From != 0 },
		diff: func(a, b *Phase) float64 { return flag(a.From != b.From) },
		check: func(c *phaseCheck, path string, p *Phase) {
			switch p.From {
			case cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetRandomOpponent:
			case cardrules.NoTarget:
				c.ps.add(path, "%s phase needs from: next, previous or random_opponent", withArticle(p.Kind.String()))
			default:
				c.ps.add(path, "must be next, previous or random_opponent, got %s", p.From)
			}
		},
	},
	startField,
	{
		name: "demands", required: true,
		set:  func(p *Phase) bool { return len(p.Demands) > 0 },
		diff: func(a, b *Phase) float64 { return demandDiff(a.Demands, b.Demands) },
		check: func(c *phaseCheck, path string, p *Phase) {
			switch {
			case len(p.Demands) == 0:
				c.ps.add(path, "%s phase needs at least one demand (a rank and the cards its cards demand)", withArticle(p.Kind.String()))
			case len(p.Demands) > cardrules.NumRanks:
				c.ps.add(path, "at most %d demands (one per rank), got %d", cardrules.NumRanks, len(p.Demands))
			}
			for j, d := range p.Demands {
				at := fmt.Sprintf("%s[%d]", path, j)
				switch {
				case d.Rank == cardrules.Joker:
					c.ps.add(at+".rank", "a joker cannot demand, only a standard rank")
				case d.Rank >= cardrules.NumRanks || !c.rankInDeck(d.Rank):
					c.ps.add(at+".rank", "no card of rank %s is in the deck", d.Rank)
				case slices.ContainsFunc(p.Demands[:j], func(x Demand) bool { return x.Rank == d.Rank }):
					c.ps.add(at+".rank", "rank %s already demands", d.Rank)
				}
				if d.Count < 1 || d.Count > cardrules.MaxDemand {
					c.ps.add(at+".count", "must be between 1 and %d, got %d", cardrules.MaxDemand, d.Count)
				}
			}
		},
	},
	maxField,
	{
		name: "equal_first",
		set:  func(p *Phase) bool { return p.EqualFirst },
		diff: func(a, b *Phase) float64 { return flag(a.EqualFirst != b.EqualFirst) },
	},
	{
		name: "claims",
		set:  func(p *Phase) bool { return p.Claims != 0 },
		diff: func(a, b *Phase) float64 { return flag(a.Claims != b.Claims) },
		check: func(c *phaseCheck, path string, p *Phase) {
			if p.Claims >= cardrules.NumClaimRules {
				c.ps.add(path, "unknown claim rule %d", p.Claims)
			}
		},
	},
	meldMinField("sets", func(p *Phase) int { return p.Sets }),
	meldMinField("runs", func(p *Phase) int { return p.Runs }),
	{
		name: "lay",
		set:  func(p *Phase) bool { return p.Lay != 0 },
		diff: func(a, b *Phase) float64 { return flag(a.Lay != b.Lay) },
		check: func(c *phaseCheck, path string, p *Phase) {
			if p.Lay >= cardrules.NumLayRules {
				c.ps.add(path, "unknown lay rule %d", p.Lay)
			}
			if c.noStock {
				c.ps.add(path, "the deal leaves no stock and nothing is reshuffled into it, so the phase can never draw")
			}
		},
	},
	intField("knock", func(p *Phase) int { return p.Knock }, 0, cardrules.MaxKnock, func(c *phaseCheck, path string, p *Phase) {
		if p.Knock != 0 && p.Lay != cardrules.LayOut {
			c.ps.add(path, "a seat knocks only where melds are laid as it goes out (lay: out)")
		}
	}),
}

// meldMinField is a meld phase's least cards of a set or of a run: 0
// (none of that kind) or 2..cardrules.MaxMeldMin, not both 0.
func meldMinField(name string, get func(p *Phase) int) phaseField {
	return intField(name, get, 0, cardrules.MaxMeldMin, func(c *phaseCheck, path string, p *Phase) {
		switch {
		case get(p) == 1:
			c.ps.add(path, "a meld of one card is no meld: 0 (none) or 2 to %d", cardrules.MaxMeldMin)
		case name == "runs" && p.Sets == 0 && p.Runs == 0:
			c.ps.add(path, "a meld phase needs sets or runs (or both) of at least 2 cards")
		}
	})
}

// maxField is a climb phase's most cards in a lead, a claim phase's in a
// claim: 1 to 4, 0 (absent) meaning 4, which Canonical writes as 0.
var maxField = phaseField{
	name: "max",
	set:  func(p *Phase) bool { return p.Max != 0 },
	diff: func(a, b *Phase) float64 { return rel(a.ClimbMax(), b.ClimbMax()) },
	check: func(c *phaseCheck, path string, p *Phase) {
		if p.Max < 0 || p.Max > cardrules.MaxClimb {
			c.ps.add(path, "must be between 1 and %d (absent: %d), got %d", cardrules.MaxClimb, cardrules.MaxClimb, p.Max)
		}
	},
}

// ClimbMax returns the most cards a climb phase's lead, or a claim
// phase's claim, may play: Max, or cardrules.MaxClimb when it is absent.
func (p *Phase) ClimbMax() int {
	if p.Max == 0 {
		return cardrules.MaxClimb
	}
	return p.Max
}

// startField is the tableau's start rank, and the first claim's of a
// claim phase with claims next (with near or any it means nothing, and
// Canonical writes it 0). Its zero value is a rank (2), so a kind that
// does not use it can only be caught with another rank.
var startField = phaseField{
	name: "start",
	set:  func(p *Phase) bool { return p.Start != 0 },
	diff: func(a, b *Phase) float64 { return flag(a.startRank() != b.startRank()) },
	check: func(c *phaseCheck, path string, p *Phase) {
		joker, begin := "a joker has no suit, so no sequence can begin with it", "so no sequence can begin"
		if p.Kind == cardrules.PhaseClaim {
			if p.Claims != cardrules.ClaimNext {
				return // (only next claims start somewhere)
			}
			joker, begin = "a joker is no rank to claim, so the claims cannot begin with it", "so the claims cannot begin with it"
		}
		switch {
		case p.Start == cardrules.Joker:
			c.ps.add(path, "%s", joker)
		case p.Start >= cardrules.NumRanks:
			c.ps.add(path, "unknown rank %d", p.Start)
		case !c.rankInDeck(p.Start):
			c.ps.add(path, "no card of rank %s is in the deck, %s", p.Start, begin)
		}
	},
}

// startRank is p's start as Canonical has it: 0 for a claim phase whose
// claims are not next.
func (p *Phase) startRank() Rank {
	if p.Kind == cardrules.PhaseClaim && p.Claims != cardrules.ClaimNext {
		return 0
	}
	return p.Start
}

// demandDiff is how much two lists of demands differ, in [0, 1]: over the
// ranks, the sum of the differences of the cards demanded (0 for a rank
// that demands nothing) over the sum of the larger of them (the weighted
// Jaccard distance), 0 when neither demands anything.
func demandDiff(a, b []Demand) float64 {
	var x, y [cardrules.NumRanks]int
	for _, d := range a {
		if d.Rank < cardrules.NumRanks {
			x[d.Rank] = d.Count
		}
	}
	for _, d := range b {
		if d.Rank < cardrules.NumRanks {
			y[d.Rank] = d.Count
		}
	}
	num, den := 0, 0
	for r := range x {
		num += max(x[r], y[r]) - min(x[r], y[r])
		den += max(x[r], y[r])
	}
	if den == 0 {
		return 0
	}
	return float64(num) / float64(den)
}

func predField(name string, get func(p *Phase) *Expr, required bool) phaseField {
	return phaseField{
		name: name, set: func(p *Phase) bool { return get(p) != nil },
		diff: func(a, b *Phase) float64 { return predDiff(get(a), get(b)) },
		pred: get, required: required,
	}
}

func intField(name string, get func(p *Phase) int, lo, hi int, check func(c *phaseCheck, path string, p *Phase)) phaseField {
	return phaseField{
		name: name, set: func(p *Phase) bool { return get(p) != 0 },
		diff: func(a, b *Phase) float64 { return rel(get(a), get(b)) },
		num:  get, lo: lo, hi: hi, check: check,
	}
}

// kindFields holds, for each phase kind, its row's fields from phaseFields.
var kindFields = func() (out [cardrules.NumPhaseKinds][]*phaseField) {
	for _, f := range phaseFields {
		if f.diff == nil {
			panic("genome: phase field " + f.name + " has no distance (diff)")
		}
	}
	for k, row := range phaseKinds {
		for _, name := range row.fields {
			i := slices.IndexFunc(phaseFields[:], func(f phaseField) bool { return f.name == name })
			if i < 0 {
				panic("genome: phase kind " + PhaseKind(k).String() + " uses unknown field " + name)
			}
			out[k] = append(out[k], &phaseFields[i])
		}
	}
	return out
}()

// fieldsOf returns the fields kind k uses (none for an unknown kind).
func fieldsOf(k PhaseKind) []*phaseField {
	if k >= cardrules.NumPhaseKinds {
		return nil
	}
	return kindFields[k]
}

// phaseCheck is what Validate knows when it checks one phase.
type phaseCheck struct {
	ps         *Problems
	cards      []Card
	rankInDeck func(Rank) bool
	noStock    bool // the deal leaves no stock and nothing refills it
	order      RankOrder
}

func (g *Genome) validatePhase(ps *Problems, path string, p Phase, cards []Card, rankInDeck func(Rank) bool, noStock bool) {
	if p.Kind >= cardrules.NumPhaseKinds {
		ps.add(path+".kind", "unknown phase kind %d", p.Kind)
		return
	}
	kind, fields := phaseKinds[p.Kind], kindFields[p.Kind]
	for i := range phaseFields {
		if f := &phaseFields[i]; f.set(&p) && !slices.Contains(fields, f) {
			ps.add(path+"."+f.name, "%s phase takes no %s", withArticle(p.Kind.String()), f.name)
		}
	}
	if kind.why != "" && g.Hand != kind.hand {
		ps.add(path+".kind", "%s phase needs %s hand (%s), but the hand is %s", withArticle(p.Kind.String()), withArticle(kind.hand.String()), kind.why, g.Hand)
	}
	c := &phaseCheck{ps: ps, cards: cards, rankInDeck: rankInDeck, noStock: noStock, order: g.Deck.Order}
	for _, f := range fields {
		fp := path + "." + f.name
		switch {
		case f.pred != nil:
			c.pred(fp, p.Kind, f, f.pred(&p))
		case f.hi > 0 && (f.num(&p) < f.lo || f.num(&p) > f.hi):
			ps.add(fp, "must be between %d and %d, got %d", f.lo, f.hi, f.num(&p))
		case f.check != nil:
			f.check(c, fp, &p)
		}
	}
}

// pred checks a predicate field.
func (c *phaseCheck) pred(path string, k PhaseKind, f *phaseField, e *Expr) {
	if e == nil {
		if f.required {
			c.ps.add(path, "a %s phase needs a %s predicate", k, f.name)
		}
		return
	}
	before := len(*c.ps)
	n := validateExpr(c.ps, path, *e, 1)
	if n > cardrules.MaxExprNodes {
		c.ps.add(path, "has %d nodes, at most %d allowed", n, cardrules.MaxExprNodes)
	}
	if len(*c.ps) == before && !e.Satisfiable(c.cards, c.order) {
		c.ps.add(path, "no card of the deck ever satisfies it")
	}
}

// phaseDiff is how much two phases of one kind differ, in [0, 1]: the mean,
// over the parts of the kind, of the part's diff (a relative difference of
// numbers, 1 for enum values that differ, the Jaccard distance of rank
// sets, predDiff for predicates). Each field is a part, except a field
// that counts within another's part, which takes the larger of their
// diffs: the play phase's draw and pass rules and play_drawn count within
// draw_max, so that adding them left older games' distances as they were.
// A kind with no fields (ask) has no difference.
func phaseDiff(a, b *Phase) float64 {
	fields := fieldsOf(a.Kind)
	d, parts := 0.0, 0
	for _, f := range fields {
		if f.within != "" {
			continue
		}
		v := f.diff(a, b)
		for _, g := range fields {
			if g.within == f.name {
				v = max(v, g.diff(a, b))
			}
		}
		d += v
		parts++
	}
	if parts == 0 {
		return 0
	}
	return d / float64(parts)
}
