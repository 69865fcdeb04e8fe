package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Validate checks every rule of the model and returns all problems at once
// (as Problems), or nil. The package doc lists the checks.
func (g *Genome) Validate() error {
	var ps Problems
	if g.Schema != SchemaVersion {
		ps.add("$.schema", "%s", schemaProblem(g.Schema, SchemaVersion))
	}
	if p := TextProblem(g.Name, cardrules.MaxNameLen); p != "" {
		ps.add("$.name", "%s", p)
	}
	if p := TextProblem(g.Summary, cardrules.MaxSummaryLen); p != "" {
		ps.add("$.summary", "%s", p)
	}
	s := g.Seats
	if s.Min < 2 || s.Min > cardrules.MaxSeats {
		ps.add("$.seats.min", "must be between 2 and %d, got %d", cardrules.MaxSeats, s.Min)
	}
	if s.Max < s.Min || s.Max > cardrules.MaxSeats {
		ps.add("$.seats.max", "must be between min (%d) and %d, got %d", s.Min, cardrules.MaxSeats, s.Max)
	}
	if s.Default < s.Min || s.Default > s.Max {
		ps.add("$.seats.default", "must be between min (%d) and max (%d), got %d", s.Min, s.Max, s.Default)
	}

	cards := g.Deck.Cards()
	inDeck := func(c Card) bool { return slices.Contains(cards, c) }
	rankInDeck := func(r Rank) bool {
		return slices.ContainsFunc(cards, func(c Card) bool { return c.Rank() == r })
	}
	for i, c := range g.Deck.Remove {
		if c < cardrules.NumCards && !inDeck(c) && !slices.Contains(g.Deck.Remove[:i], c) {
			full := Deck{Ranks: g.Deck.Ranks, Suits: g.Deck.Suits}
			if !slices.Contains(full.Cards(), c) {
				ps.add(fmt.Sprintf("$.deck.remove[%d]", i), "card %s is not in the deck", c)
			}
		}
	}
	for i, r := range g.Deck.Ranks {
		if r >= cardrules.NumRanks {
			ps.add(fmt.Sprintf("$.deck.ranks[%d]", i), "rank %s is not a standard rank (jokers are added by deck.jokers)", r)
		}
	}
	for i, c := range g.Deck.Remove {
		if c >= cardrules.NumCards {
			ps.add(fmt.Sprintf("$.deck.remove[%d]", i), "card %s is not a standard card (jokers are added by deck.jokers)", c)
		}
	}
	if g.Deck.Jokers < 0 || g.Deck.Jokers > cardrules.MaxJokers {
		ps.add("$.deck.jokers", "must be between 0 and %d, got %d", cardrules.MaxJokers, g.Deck.Jokers)
	}
	if g.Deck.Packs < 0 || g.Deck.Packs > cardrules.MaxPacks {
		ps.add("$.deck.packs", "must be 1 or %d (absent: 1), got %d", cardrules.MaxPacks, g.Deck.Packs)
	}
	if len(cards) < 2 {
		ps.add("$.deck", "the deck has %d cards; a game needs at least 2", len(cards))
	}
	if g.Deck.Order >= cardrules.NumRankOrders {
		ps.add("$.deck.order", "unknown rank order %d", g.Deck.Order)
	}

	d := g.Deal
	switch {
	case d.All && (d.Cards != 0 || len(d.Overrides) > 0):
		ps.add("$.deal", "all deals the whole deck, so cards and overrides must be absent")
	case !d.All && d.Cards < 1:
		ps.add("$.deal.cards", "must be at least 1 (or set all), got %d", d.Cards)
	case d.Cards > len(cards):
		ps.add("$.deal.cards", "%d cards per seat is more than the deck's %d", d.Cards, len(cards))
	}
	for i, o := range d.Overrides {
		p := fmt.Sprintf("$.deal.overrides[%d]", i)
		if o.Seats < s.Min || o.Seats > s.Max {
			ps.add(p+".seats", "must be a seat count the game allows (%d..%d), got %d", s.Min, s.Max, o.Seats)
		}
		if o.Cards < 1 {
			ps.add(p+".cards", "must be at least 1, got %d", o.Cards)
		}
		if slices.ContainsFunc(d.Overrides[:i], func(x DealOverride) bool { return x.Seats == o.Seats }) {
			ps.add(p+".seats", "seat count %d has another override before this one", o.Seats)
		}
	}
	starter := 0
	if d.Starter {
		starter = 1
	}
	capture := g.HasPhase(cardrules.PhaseCapture)
	switch {
	case d.Layout < 0 || d.Layout > cardrules.MaxLayout:
		ps.add("$.deal.layout", "must be between 0 and %d, got %d", cardrules.MaxLayout, d.Layout)
	case d.Layout > 0 && d.All:
		ps.add("$.deal.layout", "a layout is dealt after the hands, but all deals the whole deck to them")
	case d.Layout > 0 && !capture:
		ps.add("$.deal.layout", "no capture phase could ever take the layout's cards")
	}
	if d.Refill && d.All {
		ps.add("$.deal.refill", "the whole deck is dealt, so no stock is left to deal again from")
	}
	starter += max(d.Layout, 0)
	if !d.All && s.Min >= 2 && s.Max <= cardrules.MaxSeats && s.Min <= s.Max {
		for n := s.Min; n <= s.Max; n++ {
			if need := g.DealFor(n)*n + starter; need > len(cards) {
				ps.add("$.deal", "with %d seats the deal needs %d cards but the deck has %d", n, need, len(cards))
			}
		}
	}
	if d.All && d.Starter {
		ps.add("$.deal.starter", "a starter card needs a stock, but all deals the whole deck")
	}
	g.validateStarter(&ps, cards, rankInDeck)
	g.validateResponses(&ps, rankInDeck)
	if g.ReshuffleAtOnce && !g.Reshuffle {
		ps.add("$.reshuffle_at_once", "says when the stock is reshuffled, but the game never reshuffles (reshuffle is false)")
	}
	if g.Hand >= cardrules.NumHandKinds {
		ps.add("$.hand", "unknown hand kind %d", g.Hand)
	}

	stockEmpty := d.All || (!d.All && s.Default >= 2 && g.DealFor(s.Default)*s.Default+starter >= len(cards))
	// (Cards land on the discard pile in play and turn_up phases.)
	hasPlay := slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhasePlay || p.Kind == cardrules.PhaseTurnUp })
	refills := g.Reshuffle && hasPlay
	if len(g.Turn) == 0 && !g.allowsNoPlay() || len(g.Turn) > cardrules.MaxPhases {
		ps.add("$.turn", "must have 1 to %d phases (0 only for a game of betting with a showdown or against a dealer), got %d", cardrules.MaxPhases, len(g.Turn))
	}
	if len(g.Turn) > 0 && !slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind != cardrules.PhaseDraw }) {
		ps.add("$.turn", "no phase plays a card, so the game can never progress")
	}
	for i, p := range g.Turn {
		g.validatePhase(&ps, fmt.Sprintf("$.turn[%d]", i), p, cards, rankInDeck, stockEmpty && !refills)
		if p.Kind == cardrules.PhaseTableau && g.Deck.Jokers > 0 {
			ps.add(fmt.Sprintf("$.turn[%d]", i), "a joker has no suit, so it could never join the tableau; a deck with jokers cannot have one")
		}
		if p.Kind == cardrules.PhaseTableau && g.Deck.TwoPacks() {
			ps.add(fmt.Sprintf("$.turn[%d]", i), "a suit's sequence holds each card once, so a second copy could never join the tableau; a deck of two packs cannot have one")
		}
	}

	if g.Meld != 0 && (g.Meld < 2 || g.Meld > cardrules.NumSuits) {
		ps.add("$.meld", "must be 0 (no sets) or a set size from 2 to %d, got %d", cardrules.NumSuits, g.Meld)
	} else if g.Meld != 0 && g.Hand != cardrules.HandFan {
		ps.add("$.meld", "laying down sets needs a fan hand (a player sees its cards), but the hand is %s", g.Hand)
	}
	if g.LeadCard != nil && (*g.LeadCard >= cardrules.NumCards || !inDeck(*g.LeadCard)) {
		ps.add("$.lead_card", "card %s is not in the deck", *g.LeadCard)
	} else if g.LeadCard != nil && g.Hand != cardrules.HandFan {
		ps.add("$.lead_card", "a lead card needs a fan hand (its holder must find it), but the hand is %s", g.Hand)
	} else if g.LeadCard != nil {
		for i, p := range g.Turn {
			if p.Kind == cardrules.PhaseTableau && p.Start != g.LeadCard.Rank() && p.Start < cardrules.NumRanks {
				ps.add("$.lead_card", "card %s must be played first, but $.turn[%d]'s tableau begins a sequence only with a %s", *g.LeadCard, i, p.Start)
			}
		}
	}
	if g.Teams != 0 {
		if g.Teams != 2 {
			ps.add("$.teams", "must be 0 (no partnerships) or 2, got %d", g.Teams)
		} else if s.Min != s.Max || s.Min%2 != 0 {
			ps.add("$.teams", "partnerships need a fixed, even seat count (min = max), got %d..%d", s.Min, s.Max)
		}
	}
	hasTrick := slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhaseTrick })
	if g.Score.Trick < 0 || g.Score.Trick > cardrules.MaxScore {
		ps.add("$.score.trick", "must be between 0 and %d, got %d", cardrules.MaxScore, g.Score.Trick)
	} else if g.Score.Trick > 0 && !hasTrick {
		ps.add("$.score", "scores tricks, but no phase plays tricks")
	} else if len(g.Score.Cards) > 0 && !hasTrick && !capture {
		ps.add("$.score", "scores the cards won, but no phase wins any (tricks or captures)")
	}
	if g.Score.Sweep < 0 || g.Score.Sweep > cardrules.MaxScore {
		ps.add("$.score.sweep", "must be between 0 and %d, got %d", cardrules.MaxScore, g.Score.Sweep)
	} else if g.Score.Sweep > 0 && !capture {
		ps.add("$.score.sweep", "scores sweeps, but no phase captures")
	}
	if g.Score.Meld < 0 || g.Score.Meld > cardrules.MaxScore {
		ps.add("$.score.meld", "must be between 0 and %d, got %d", cardrules.MaxScore, g.Score.Meld)
	} else if g.Score.Meld > 0 && g.Meld == 0 {
		ps.add("$.score.meld", "scores sets laid down, but the game lays none (meld is 0)")
	}
	validateCardPoints(&ps, "$.score.cards", g.Score.Cards, cardrules.MaxScoreRules, cardrules.MaxCardPoints, cards)
	g.validateMelds(&ps)
	if g.Score.Chips != (Chips{}) {
		validateChips(g, &ps)
	}
	if slices.ContainsFunc(g.Effects, func(e Effect) bool { return e.When == cardrules.Played }) && !slices.ContainsFunc(g.Turn, func(p Phase) bool {
		return p.Kind.PlaysCards() || p.Kind >= cardrules.NumPhaseKinds
	}) {
		ps.add("$.effects", "no phase plays a card (play, battle, trick or turn_up), so no effect of a played card can ever fire")
	}
	if len(g.Effects) > cardrules.MaxEffects {
		ps.add("$.effects", "at most %d effects, got %d", cardrules.MaxEffects, len(g.Effects))
	}
	for i, e := range g.Effects {
		p := fmt.Sprintf("$.effects[%d]", i)
		if e.Rank > cardrules.Joker {
			ps.add(p+".rank", "rank %d out of range", e.Rank)
		} else if !rankInDeck(e.Rank) {
			ps.add(p+".rank", "no card of rank %s is in the deck, so the effect can never trigger", e.Rank)
		} else if e.Suit >= cardrules.NumTriggerSuits {
			ps.add(p+".suit", "trigger suit %d out of range", e.Suit)
		} else if e.Rank == cardrules.Joker && e.Suit != cardrules.AnySuit {
			ps.add(p+".suit", "a joker has no suit, so its effect must trigger on any suit")
		} else if e.Suit != cardrules.AnySuit && !slices.Contains(cards, cardrules.NewCard(e.Rank, e.Suit.Suit())) {
			ps.add(p+".suit", "the %s of %s is not in the deck, so the effect can never trigger", e.Rank, e.Suit)
		}
		if e.Type >= cardrules.NumEffectTypes {
			ps.add(p+".type", "unknown effect type %d", e.Type)
			continue
		}
		if e.Type.UsesTarget() && e.Lasts.Scope != cardrules.ScopeEveryone {
			if e.Target == cardrules.NoTarget || e.Target >= cardrules.NumTargets {
				ps.add(p+".target", "%s needs a target (next, previous, all_opponents, random_opponent, chosen_opponent or self)", e.Type)
			}
		} else if e.Target != cardrules.NoTarget && e.Type.UsesTarget() {
			ps.add(p+".target", "a scope of everyone takes no target")
		} else if e.Target != cardrules.NoTarget {
			ps.add(p+".target", "%s takes no target", e.Type)
		}
		if e.Type.UsesValue() {
			if e.Value < 1 || e.Value > cardrules.MaxEffectValue {
				ps.add(p+".value", "%s needs a value from 1 to %d, got %d", e.Type, cardrules.MaxEffectValue, e.Value)
			}
		} else if e.Value != 0 {
			ps.add(p+".value", "%s takes no value", e.Type)
		}
		if e.Gate && !e.Type.Fizzles() {
			ps.add(p+".gate", "%s always resolves, so it takes no gate", e.Type)
		}
		if e.Random && e.Type != cardrules.ForceDiscard {
			ps.add(p+".random", "only force_discard takes cards, so only it may take them at random (%s)", e.Type)
		}
		g.checkTrigger(&ps, p, &e)
		g.checkLasting(&ps, p, i)
		if e.Target == cardrules.TargetChosen && g.Hand == cardrules.HandPile {
			ps.add(p+".target", "a pile hand plays its cards in a battle, where no player chooses a target")
		}
	}
	g.checkRules(&ps)

	if len(g.End.Conditions) > cardrules.MaxConditions {
		ps.add("$.end.conditions", "at most %d conditions, got %d", cardrules.MaxConditions, len(g.End.Conditions))
	}
	if len(g.End.Conditions) == 0 && !g.Knocks() && (g.End.Until == cardrules.UntilFirstOut || g.End.Until == cardrules.UntilOneLeft) {
		ps.add("$.end.conditions", "until %s needs a condition that puts seats out (or a meld phase where seats knock)", g.End.Until)
	}
	if g.End.Rank >= cardrules.NumRankBys {
		ps.add("$.end.rank", "unknown rank %d", g.End.Rank)
	} else if g.End.Rank != cardrules.RankCards && g.Score.IsZero() && len(g.Score.Hand) == 0 {
		ps.add("$.end.rank", "ranks by score, but the game scores nothing")
	}
	for i, c := range g.End.Conditions {
		p := fmt.Sprintf("$.end.conditions[%d]", i)
		if c.When >= cardrules.NumEvents {
			ps.add(p+".when", "unknown event %d", c.When)
		}
		if c.Result >= cardrules.NumResults {
			ps.add(p+".result", "unknown result %d", c.Result)
		}
		if slices.ContainsFunc(g.End.Conditions[:i], func(x Condition) bool { return x.When == c.When }) {
			ps.add(p+".when", "event %s already has a condition", c.When)
		}
	}
	if g.End.Blocked < 0 || g.End.Blocked > cardrules.MaxBlocked {
		ps.add("$.end.blocked", "must be between 0 (never) and %d, got %d", cardrules.MaxBlocked, g.End.Blocked)
	}
	if g.End.Until >= cardrules.NumUntils {
		ps.add("$.end.until", "unknown until %d", g.End.Until)
	}
	g.validateMatch(&ps, cards)
	g.validateTally(&ps, cards, capture || slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhaseTrick }))
	g.validateContract(&ps)
	g.validateBetting(&ps)
	g.validateDealer(&ps)
	if g.TurnCap < 1 || g.TurnCap > cardrules.MaxTurnCap {
		ps.add("$.turn_cap", "must be between 1 and %d, got %d", cardrules.MaxTurnCap, g.TurnCap)
	}
	return ps.Err()
}

// validateExpr checks an expression tree and returns its node count.
func validateExpr(ps *Problems, path string, e Expr, depth int) int {
	if depth > cardrules.MaxExprDepth {
		ps.add(path, "nested deeper than %d levels", cardrules.MaxExprDepth)
		return 1
	}
	n := 1
	switch {
	case e.Op >= NumOps:
		ps.add(path+".op", "unknown operator %d", e.Op)
	case e.Op == OpTrue || e.Op == OpFalse:
		if len(e.Args) > 0 || e.Left != nil || e.Right != nil || e.Suit != nil {
			ps.add(path, "%s takes no arguments or terms", e.Op)
		}
	case e.Op == OpPlayed:
		if len(e.Args) > 0 || e.Left != nil || e.Right != nil {
			ps.add(path, "played takes only a suit")
		}
		if e.Suit == nil {
			ps.add(path+".suit", "played needs a suit")
		} else if *e.Suit >= cardrules.NumSuits {
			ps.add(path+".suit", "suit %d out of range", *e.Suit)
		}
	case e.Op == OpAny || e.Op == OpAll || e.Op == OpNot:
		if e.Left != nil || e.Right != nil || e.Suit != nil {
			ps.add(path, "%s takes args, not left/right terms", e.Op)
		}
		if e.Op == OpNot && len(e.Args) != 1 {
			ps.add(path+".args", "not takes exactly 1 argument, got %d", len(e.Args))
		}
		if e.Op != OpNot && len(e.Args) < 2 {
			ps.add(path+".args", "%s takes at least 2 arguments, got %d", e.Op, len(e.Args))
		}
		for i, a := range e.Args {
			n += validateExpr(ps, fmt.Sprintf("%s.args[%d]", path, i), a, depth+1)
		}
	default: // comparisons
		if e.Suit != nil {
			ps.add(path+".suit", "%s compares left and right and takes no suit", e.Op)
		}
		if len(e.Args) > 0 {
			ps.add(path+".args", "%s compares left and right and takes no args", e.Op)
		}
		if e.Left == nil || e.Right == nil {
			ps.add(path, "%s needs both left and right terms", e.Op)
			break
		}
		if e.Left.Kind == TermNone || e.Left.Kind >= NumTermKinds || e.Right.Kind == TermNone || e.Right.Kind >= NumTermKinds {
			ps.add(path, "unknown term")
			break
		}
		if e.Left.IsRank() != e.Right.IsRank() {
			ps.add(path, "compares %s with %s: a rank can only be compared with a rank, a suit with a suit", e.Left, e.Right)
		}
		if (e.Op == OpLt || e.Op == OpGt) && !e.Left.IsRank() {
			ps.add(path, "%s orders ranks only; suits can be compared with eq or ne", e.Op)
		}
		if (e.Left.Kind == TermRank || e.Left.Kind == TermSuit) && (e.Right.Kind == TermRank || e.Right.Kind == TermSuit) {
			ps.add(path, "compares two constants, which is always true or always false")
		}
		for _, t := range []*Term{e.Left, e.Right} {
			if (t.Kind == TermRank && t.Value > uint8(cardrules.Joker)) || (t.Kind == TermSuit && t.Value >= cardrules.NumSuits) {
				ps.add(path, "constant %d out of range", t.Value)
			}
		}
	}
	return n
}

// Eval evaluates a valid predicate for a candidate card, the top card, the
// active suit and the set of suits played so far (bit s for suit s), with
// aces high.
func (e Expr) Eval(card, top Card, active Suit, played uint8) bool {
	return e.EvalIn(cardrules.OrderAceHigh, card, top, active, played)
}

// EvalIn is Eval with ranks compared in the given order.
func (e Expr) EvalIn(order RankOrder, card, top Card, active Suit, played uint8) bool {
	switch e.Op {
	case OpTrue:
		return true
	case OpFalse:
		return false
	case OpAny:
		for _, a := range e.Args {
			if a.EvalIn(order, card, top, active, played) {
				return true
			}
		}
		return false
	case OpAll:
		for _, a := range e.Args {
			if !a.EvalIn(order, card, top, active, played) {
				return false
			}
		}
		return true
	case OpNot:
		return !e.Args[0].EvalIn(order, card, top, active, played)
	case OpPlayed:
		return played&(1<<*e.Suit) != 0
	}
	l, r := e.Left.value(order, card, top, active), e.Right.value(order, card, top, active)
	switch e.Op {
	case OpEq:
		return l == r
	case OpNe:
		return l != r
	case OpLt:
		return l < r
	case OpGt:
		return l > r
	}
	return false
}

// value is the term's value: a rank's place in the order, or a suit.
func (t Term) value(order RankOrder, card, top Card, active Suit) uint8 {
	switch t.Kind {
	case TermCardRank:
		return order.Value(card.Rank())
	case TermCardSuit:
		return uint8(card.Suit())
	case TermTopRank:
		return order.Value(top.Rank())
	case TermTopSuit:
		return uint8(active)
	case TermRank:
		return order.Value(Rank(t.Value))
	}
	return t.Value
}

// Satisfiable reports whether some card of the deck is legal on some top card
// of the deck under some active suit and suits played, ranks compared in
// the given order.
func (e Expr) Satisfiable(deck []Card, order RankOrder) bool {
	playedMasks := uint8(1)
	if e.usesPlayed() {
		playedMasks = 16
	}
	for _, c := range deck {
		for _, t := range deck {
			if t == c {
				continue
			}
			for s := Suit(0); s < cardrules.NumSuits; s++ {
				for played := range playedMasks {
					if e.EvalIn(order, c, t, s, played) {
						return true
					}
				}
			}
		}
	}
	return false
}

func (e Expr) usesPlayed() bool {
	if e.Op == OpPlayed {
		return true
	}
	for _, a := range e.Args {
		if a.usesPlayed() {
			return true
		}
	}
	return false
}

// withArticle prefixes a word with "a" or "an".
func withArticle(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// validateStarter checks the starter's rules: they need a starter; the
// ranks it may not be are ranks of the deck, listed once, and the deal
// leaves the stock a card of another rank at every seat count, so that
// turning again always ends.
func (g *Genome) validateStarter(ps *Problems, cards []Card, rankInDeck func(Rank) bool) {
	d := g.Deal
	if d.StarterFires && !d.Starter {
		ps.add("$.deal.starter_fires", "fires the starter card's effects, but no starter card is turned up (starter is false)")
	}
	if len(d.StarterNot) == 0 {
		return
	}
	if !d.Starter {
		ps.add("$.deal.starter_not", "names ranks the starter card may not be, but no starter card is turned up (starter is false)")
		return
	}
	for j, r := range d.StarterNot {
		p := fmt.Sprintf("$.deal.starter_not[%d]", j)
		if r > cardrules.Joker || !rankInDeck(r) {
			ps.add(p, "no card of rank %s is in the deck", r)
		}
		if slices.Contains(d.StarterNot[:j], r) {
			ps.add(p, "rank %s is listed twice", r)
		}
	}
	others := 0
	for _, c := range cards {
		if !slices.Contains(d.StarterNot, c.Rank()) {
			others++
		}
	}
	s := g.Seats
	if d.All || s.Min < 2 || s.Max > cardrules.MaxSeats || s.Min > s.Max {
		return
	}
	for n := s.Min; n <= s.Max; n++ {
		if dealt := g.DealFor(n) * n; others <= dealt {
			ps.add("$.deal.starter_not", "with %d seats the deal of %d cards may take every card the starter may be (%d), leaving the stock none to turn up", n, dealt, others)
			return
		}
	}
}

// validateChips adds the problems of g's chips to ps: the stake and
// payments within their limits, some payment that moves chips, chips the
// only score, and the seats ranked by them (the most first).
func validateChips(g *Genome, ps *Problems) {
	c := g.Score.Chips
	if c.Stake < 1 || c.Stake > cardrules.MaxStake {
		ps.add("$.score.chips.stake", "must be between 1 and %d, got %d", cardrules.MaxStake, c.Stake)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"ante", c.Ante}, {"pass", c.Pass}, {"per_card", c.PerCard}} {
		if f.v < 0 || f.v > cardrules.MaxChipPayment {
			ps.add("$.score.chips."+f.name, "must be between 0 and %d, got %d", cardrules.MaxChipPayment, f.v)
		}
	}
	if c.Ante == 0 && c.Pass == 0 && c.PerCard == 0 && g.Score.Betting == nil && g.Score.Dealer == nil {
		ps.add("$.score.chips", "no ante, pass or per_card payment, no betting and no dealer, so no chip ever moves")
	}
	if !g.Score.playZero() || len(g.Score.Hand) != 0 || g.Score.Moon || len(g.Score.Finish) != 0 || g.Score.Tallies() || g.Score.Deadwood || g.Score.Contract != nil {
		ps.add("$.score.chips", "a game with chips scores nothing else: its scores are the chips the seats hold")
	}
	if g.End.Rank != cardrules.RankScoreHigh {
		ps.add("$.end.rank", "a game with chips ranks the seats by them: want score_high, got %s", g.End.Rank)
	}
}

// validateCardPoints adds the problems of the card scoring rules at path
// to ps: at most maxRules rules, each of 1 to maxPoints points, matching a
// card of the deck.
func validateCardPoints(ps *Problems, path string, rules []CardPoints, maxRules, maxPoints int, cards []Card) {
	if len(rules) > maxRules {
		ps.add(path, "at most %d rules, got %d", maxRules, len(rules))
	}
	for i, c := range rules {
		p := fmt.Sprintf("%s[%d]", path, i)
		if c.Points < 1 || c.Points > maxPoints {
			ps.add(p+".points", "must be between 1 and %d, got %d", maxPoints, c.Points)
		}
		if m := c.Match; m.Kind >= cardrules.NumMatchKinds || m.Kind == cardrules.MatchRank && m.Value > uint8(cardrules.Joker) || m.Kind == cardrules.MatchSuit && m.Value >= cardrules.NumSuits || m.Kind == cardrules.MatchCard && m.Value >= cardrules.NumCards {
			ps.add(p+".match", "match kind %d value %d out of range", m.Kind, m.Value)
		} else if !slices.ContainsFunc(cards, c.Match.Has) {
			ps.add(p+".match", "no card of the deck is %s", c.Match)
		}
	}
}
