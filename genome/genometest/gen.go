// Package genometest provides pgregory.net/rapid generators of genomes for
// property tests of the genome model, the compiler and the VM.
//
// Genome draws valid genomes from the whole model, not only from shapes like
// the seed games: any seat range; the full deck or a restricted one (rank
// and suit subsets, in any order, sometimes spelled out in full or with
// repeats, minus removed cards, sometimes repeated), with one or two jokers
// one deck in three and of two packs one deck in four; a fan or pile hand;
// per-seat deals with overrides (some equal to the base deal, which
// Canonical drops) or the whole deck, with or without a starter card (whose
// effects may fire, and which may be barred from some ranks); reshuffle on
// or off, at the next draw or at once; sets (meld), a lead card and
// partnerships; one to eight phases: play (random legality trees of every
// operator and term kind, played included, up to the node and depth limits;
// an optional preference; suit-naming ranks; draw limits; drawing when stuck
// or by choice, every pass rule, play of the drawn card only), trick (lead
// and follow predicates, their optional preferences, every trump), take
// (from each allowed target), ask, battle (war and returns), turn_up (one to
// every rank of the deck demanding, every count, both returns), capture
// (with or without equal_first; fan hands, with a layout of 1 to 12 cards
// two games in three that deal hands), meld (sets and runs, each 0 or 2 to
// 5 and not both 0, laid in the turn or out with a knock limit of 0 to 30;
// at most one a turn, only where the deal leaves a stock) and draw
// (count); scoring per trick, per set, per sweep and per matching rank,
// suit or card; the deadwood (fan hands; the gin and undercut bonuses where
// seats knock); bids and contracts (one game in four with a trick phase and
// fan hands, every field over its whole range, a penalty exactly with
// bags); limit betting (one game of chips in three, every field over its
// whole range, a draw round and a showdown only with fan hands, now and
// then a game of betting and a showdown with no phases) and chips over a
// match (one game of chips in three); a game against a dealer (one
// fan-hand game of chips without betting in four: no phases, every field
// over its whole range);
// up to 255 effects of every type, target and value, gated or not where the
// type can fizzle, set off by a play or by any other event the game makes
// possible (even in games that play no card), with or without a condition
// of every subject and comparison, the lasting types with every duration,
// scope, stacking key and mode, persistence and suppressed type, every
// target (chosen_opponent only with fan hands), draws and forced discards
// that resolve now, at the turn's end or at the target's turn; up to four
// continuous rules of every lasting type, holder, condition, scale,
// stacking key and mode; responses to draws and forced discards (every ability,
// stack value, ignore_legal, who and lose_turn) in games with a play phase;
// every end rule, with no end condition where the rule allows none (or
// where seats knock), both results, every ranking and every blocked rule;
// turn caps from 1 to the maximum; metadata (name, summary, printable text
// of any script) present or not.
//
// Candidates are built to validate by construction: play, trick, take and
// ask phases appear only with a fan hand and battle and turn_up phases only
// with a pile hand, a turn_up phase's demands name ranks of the deck once
// each, a draw phase only where the deal leaves a stock (or a play phase
// refills it by reshuffling), deals fit the deck at every seat count, effect
// ranks, suit-naming ranks, response ranks, the lead card and scoring
// matches are in the deck (the joker's rank only where Validate allows it:
// effects, of any suit, suit-naming, starter_not, scoring by rank and
// predicates; never a demand, a response, a rule's lock or ban, a
// tableau's start, the lead card or a match of a suit or a card; and a
// deck with jokers has no tableau; a deck of two packs has no tableau, and
// its lead card and matches of a card name a face, the first pack's id), responses only with a play phase and
// one per rank and effect type answered, an effect's trigger only where its event can
// happen (no suit with a rank's trigger, no gate but on a played card), a
// target_hand condition only for a type with a target, a lasting type only
// where it has a use and its fields only as Validate allows them
// (drawLasting), a rule likewise and of the stacking mode of the effects and
// rules of its type and key, a later resolution point without a gate
// (drawLater), tricks are scored only in games with a trick
// phase, won cards only with a trick or a capture phase, sweeps only with
// a capture phase (and never with chips), a layout only with a capture
// phase and a deal of hands, leaving the deck a stock where a draw phase
// needs one, sets only in games that lay them down, ranking by score only in
// games that score, drawing by choice only with a draw limit of at least 1
// and play_drawn only with it, the starter's rules only with a starter and
// barring no more ranks than leave the stock a card to turn up, reshuffling
// at once only in games that reshuffle, partnerships only at a fixed even
// seat count, and a predicate that no card of the deck satisfies gets a
// satisfiable branch (such as "eq card.suit top.suit") added to it. Genome
// filters with Validate only as a last resort; Candidate is the unfiltered
// generator, so a test can check that the filter rejects rarely (genome's
// TestGeneratorCoverage does, and checks that every primitive and field
// above is reached).
//
// Go values are built exactly as Decode would produce them from JSON: nil
// for absent or empty lists (Decode reads [] and null as nil), zero values
// in unused fields and in the Value of non-constant terms. So an
// Encode then Decode round trip can be compared with reflect.DeepEqual.
package genometest

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Genome generates random valid genomes (Validate returns nil for each).
func Genome() *rapid.Generator[*genome.Genome] {
	return Candidate().Filter(func(g *genome.Genome) bool { return g.Validate() == nil })
}

// Candidate generates genomes built to be valid, without the final Validate
// filter that Genome applies.
func Candidate() *rapid.Generator[*genome.Genome] {
	return rapid.Custom(drawGenome)
}

// Expr generates well-typed legality expressions within the model's limits
// (at most cardrules.MaxExprDepth levels and cardrules.MaxExprNodes nodes), using
// every operator and term kind. They pass Validate's structural checks but
// need not be satisfiable; Legal draws satisfiable ones.
func Expr() *rapid.Generator[genome.Expr] {
	return rapid.Custom(func(t *rapid.T) genome.Expr {
		e, _ := drawExpr(t, "expr", cardrules.MaxExprDepth, cardrules.MaxExprNodes)
		return e
	})
}

// Legal generates valid legality predicates that some card of deck
// satisfies (deck must hold at least 2 cards).
func Legal(deck []genome.Card) *rapid.Generator[genome.Expr] {
	return rapid.Custom(func(t *rapid.T) genome.Expr { return drawLegal(t, "legal", deck) })
}

func drawGenome(t *rapid.T) *genome.Genome {
	g := &genome.Genome{Schema: genome.SchemaVersion}
	if rapid.Bool().Draw(t, "has_name") {
		g.Name = rapid.StringMatching(`[a-z][a-z0-9-]{0,20}`).Draw(t, "name")
	}
	if rapid.Bool().Draw(t, "has_summary") {
		// Printable text (Validate refuses control and formatting
		// characters and U+FFFD) in every script, within the limit.
		printable := rapid.RuneFrom([]rune{' '}, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S).
			Filter(func(r rune) bool { return r != utf8.RuneError })
		g.Summary = rapid.StringOfN(printable, 0, 300, -1).Draw(t, "summary")
	}

	// Seats.
	lo := rapid.IntRange(2, cardrules.MaxSeats).Draw(t, "seats.min")
	hi := rapid.IntRange(lo, cardrules.MaxSeats).Draw(t, "seats.max")
	def := rapid.IntRange(lo, hi).Draw(t, "seats.default")
	g.Seats = genome.Seats{Min: lo, Max: hi, Default: def}

	// Deck: restrictions, then removed cards, keeping at least 2 cards.
	g.Deck.Ranks = drawSubset[genome.Rank](t, "deck.ranks", cardrules.NumRanks)
	g.Deck.Suits = drawSubset[genome.Suit](t, "deck.suits", cardrules.NumSuits)
	full := g.Deck.Cards()
	if len(full) < 2 {
		// One rank in one suit: add another rank.
		g.Deck.Ranks = append(g.Deck.Ranks, (full[0].Rank()+1)%cardrules.NumRanks)
		full = g.Deck.Cards()
	}
	if k := drawRemoveCount(t, len(full)-2); k > 0 {
		perm := rapid.Permutation(full).Draw(t, "deck.remove.order")
		g.Deck.Remove = slices.Clone(perm[:k])
		if rapid.IntRange(0, 9).Draw(t, "deck.remove.repeat") == 0 {
			g.Deck.Remove = append(g.Deck.Remove, g.Deck.Remove[0])
		}
	}
	g.Deck.Order = genome.RankOrder(rapid.IntRange(0, int(cardrules.NumRankOrders)-1).Draw(t, "deck.order"))
	// Jokers, one deck in three: their rank joins the ranks every later
	// draw picks from where a joker is allowed (effects, name_suit,
	// starter_not, scoring by rank, predicates); the features keyed to a
	// standard rank or card draw from standardRanks and standardCards.
	if rapid.IntRange(0, 2).Draw(t, "deck.jokers.has") == 0 {
		g.Deck.Jokers = rapid.IntRange(1, cardrules.MaxJokers).Draw(t, "deck.jokers")
	}
	// Two packs, one deck in four: every card of the pack twice, the
	// second copy's id its face plus cardrules.PackStride. The deal sizes,
	// the starter's rules and the pass count below count both packs;
	// the lead card and a match of one card name a face (firstPack).
	if rapid.IntRange(0, 3).Draw(t, "deck.packs.two") == 0 {
		g.Deck.Packs = cardrules.MaxPacks
	}
	cards := g.Deck.Cards()
	deckSize := len(cards)

	if rapid.IntRange(0, 9).Draw(t, "hand.pile") < 3 {
		g.Hand = cardrules.HandPile
	}
	g.Reshuffle = rapid.Bool().Draw(t, "reshuffle")
	if g.Reshuffle && rapid.IntRange(0, 2).Draw(t, "reshuffle_at_once") == 0 {
		g.ReshuffleAtOnce = true
	}
	g.Deal = drawDeal(t, g.Seats, deckSize)
	ranksInDeck := presentRanks(cards)
	if g.Deal.Starter {
		drawStarterRules(t, g, cards, ranksInDeck)
	}
	// Sets and a lead card need a fan hand.
	if g.Hand == cardrules.HandFan && rapid.IntRange(0, 4).Draw(t, "meld.has") == 0 {
		g.Meld = rapid.IntRange(2, cardrules.NumSuits).Draw(t, "meld")
	}
	if g.Hand == cardrules.HandFan && rapid.IntRange(0, 4).Draw(t, "lead_card.has") == 0 {
		c := rapid.SampledFrom(standardCards(firstPack(cards))).Draw(t, "lead_card")
		g.LeadCard = &c
	}
	if lo == hi && lo%2 == 0 && rapid.Bool().Draw(t, "teams") {
		g.Teams = 2
	}

	// Phases.
	starter := 0
	if g.Deal.Starter {
		starter = 1
	}
	stock := !g.Deal.All && g.DealFor(def)*def+starter < deckSize
	mains := fanKinds
	if g.Deck.Jokers > 0 || g.Deck.TwoPacks() {
		// A joker has no suit, so it could never join a tableau; a
		// second copy could never join a sequence that holds its face.
		mains = slices.DeleteFunc(slices.Clone(fanKinds), func(k genome.PhaseKind) bool { return k == cardrules.PhaseTableau })
	}
	if g.Hand == cardrules.HandPile {
		mains = []genome.PhaseKind{cardrules.PhaseBattle, cardrules.PhaseTurnUp}
	}
	// One anchor phase is never a draw; when it plays cards it can refill
	// the stock by reshuffling, which allows draw phases without a stock.
	n := rapid.IntRange(1, cardrules.MaxPhases).Draw(t, "turn.len")
	anchor := rapid.IntRange(0, n-1).Draw(t, "turn.anchor")
	kinds := make([]genome.PhaseKind, n)
	kinds[anchor] = rapid.SampledFrom(meldKinds(mains, stock, nil)).Draw(t, "turn.kind")
	drawOK := stock || (g.Reshuffle && kinds[anchor] == cardrules.PhasePlay)
	for i := range kinds {
		if i == anchor {
			continue
		}
		kinds[i] = rapid.SampledFrom(meldKinds(mains, stock, kinds)).Draw(t, "turn.kind")
		if drawOK && rapid.IntRange(0, 2).Draw(t, "turn.kind.draw") == 0 {
			kinds[i] = cardrules.PhaseDraw
		}
	}
	hasTrick, hasCapture := false, false
	for _, k := range kinds {
		g.Turn = append(g.Turn, drawPhase(t, k, cards, ranksInDeck))
		if k == cardrules.PhaseTableau && g.LeadCard != nil {
			// The lead card must be playable first.
			g.Turn[len(g.Turn)-1].Start = g.LeadCard.Rank()
		}
		hasTrick = hasTrick || k == cardrules.PhaseTrick
		hasCapture = hasCapture || k == cardrules.PhaseCapture
	}
	if hasCapture {
		drawLayout(t, g, deckSize)
	}

	// Effects: usually few, sometimes many (up to the 255 limit); none
	// here when no phase plays a card (drawTriggers, last, may give such
	// a game effects set off by other events).
	plays := slices.ContainsFunc(g.Turn, func(p genome.Phase) bool { return p.Kind.PlaysCards() })
	var ne int
	switch rapid.IntRange(0, 9).Draw(t, "effects.size") {
	case 0, 1, 2:
		ne = 0
	case 9:
		ne = rapid.IntRange(9, cardrules.MaxEffects).Draw(t, "effects.len")
	default:
		ne = rapid.IntRange(1, 8).Draw(t, "effects.len")
	}
	g.Effects = nil
	if !plays {
		ne = 0
	}
	for range ne {
		g.Effects = append(g.Effects, drawEffect(t, ranksInDeck, cards))
	}
	if ne > 0 {
		g.LastCardInert = rapid.IntRange(0, 3).Draw(t, "last_card_inert") == 0
	}

	// Scoring: tricks only with a trick phase, won cards with a trick or
	// a capture phase, sweeps only with a capture phase, sets only when
	// sets are laid down.
	if hasTrick && rapid.IntRange(0, 2).Draw(t, "score.trick.has") == 0 {
		g.Score.Trick = rapid.IntRange(1, cardrules.MaxScore).Draw(t, "score.trick")
	}
	if hasCapture && rapid.Bool().Draw(t, "score.sweep.has") {
		g.Score.Sweep = rapid.IntRange(1, cardrules.MaxScore).Draw(t, "score.sweep")
	}
	if hasTrick || hasCapture {
		if rapid.IntRange(0, 2).Draw(t, "score.cards.has") == 0 {
			k := rapid.IntRange(1, cardrules.MaxScoreRules).Draw(t, "score.cards.len")
			for range k {
				g.Score.Cards = append(g.Score.Cards, drawCardPoints(t, cards))
			}
		}
	}
	if hasTrick || hasCapture {
		drawTally(t, g, cards, ranksInDeck)
	}
	if !g.Deal.All && rapid.IntRange(0, 3).Draw(t, "deal.refill") == 0 {
		g.Deal.Refill = true
	}
	if g.Meld > 0 && rapid.Bool().Draw(t, "score.meld.has") {
		g.Score.Meld = rapid.IntRange(1, cardrules.MaxScore).Draw(t, "score.meld")
	}
	drawDeadwood(t, g)
	drawContract(t, g)

	g.End.Until = genome.Until(rapid.IntRange(0, int(cardrules.NumUntils)-1).Draw(t, "end.until"))
	needsOut := g.End.Until == cardrules.UntilFirstOut || g.End.Until == cardrules.UntilOneLeft
	if needsOut && !g.Knocks() || rapid.Bool().Draw(t, "end.conditions.has") {
		g.End.Conditions = []genome.Condition{{
			When:   cardrules.EventHandEmpty,
			Result: genome.Result(rapid.IntRange(0, int(cardrules.NumResults)-1).Draw(t, "end.result")),
		}}
	}
	// A game that scores sweeps has no chips (chips are the only score,
	// and a sweep's points would break their sum).
	if !g.Score.IsZero() {
		g.End.Rank = genome.RankBy(rapid.IntRange(0, int(cardrules.NumRankBys)-1).Draw(t, "end.rank"))
	} else if g.Score.Sweep == 0 && rapid.IntRange(0, 3).Draw(t, "score.chips.has") == 0 {
		// Chips, the only score, ranked most first: small stakes, so
		// that seats run out of chips to pay.
		g.Score.Chips = genome.Chips{
			Stake:   rapid.IntRange(1, 30).Draw(t, "score.chips.stake"),
			Ante:    rapid.IntRange(0, 3).Draw(t, "score.chips.ante"),
			Pass:    rapid.IntRange(0, 3).Draw(t, "score.chips.pass"),
			PerCard: rapid.IntRange(0, 3).Draw(t, "score.chips.per_card"),
		}
		if g.Score.Chips == (genome.Chips{Stake: g.Score.Chips.Stake}) {
			g.Score.Chips.Pass = 1
		}
		g.End.Rank = cardrules.RankScoreHigh
	}
	if rapid.IntRange(0, 2).Draw(t, "end.blocked.has") == 0 {
		g.End.Blocked = rapid.IntRange(1, cardrules.MaxBlocked).Draw(t, "end.blocked")
	}
	switch rapid.IntRange(0, 3).Draw(t, "turn_cap.kind") {
	case 0:
		g.TurnCap = rapid.IntRange(1, 100).Draw(t, "turn_cap")
	case 1:
		g.TurnCap = rapid.SampledFrom([]int{1, 2, cardrules.MaxTurnCap - 1, cardrules.MaxTurnCap}).Draw(t, "turn_cap")
	default:
		g.TurnCap = rapid.IntRange(1, cardrules.MaxTurnCap).Draw(t, "turn_cap")
	}
	// Drawn last, so that adding them left every earlier draw as it was.
	drawResponses(t, g, standardRanks(ranksInDeck))
	drawTriggers(t, g, ranksInDeck, cards)
	drawLasting(t, g)
	drawLater(t, g, standardRanks(ranksInDeck), presentSuits(cards))
	drawMatch(t, g, cards)
	drawBetting(t, g)
	drawDealer(t, g)
	return g
}

// drawSubset draws a rank or suit restriction: absent (all), every value
// spelled out in some order, a subset in some order, or a subset with a
// repeat.
func drawSubset[T ~uint8](t *rapid.T, label string, n int) []T {
	all := make([]T, n)
	for i := range all {
		all[i] = T(i)
	}
	switch rapid.IntRange(0, 5).Draw(t, label+".kind") {
	case 0, 1:
		return nil
	case 2:
		return rapid.Permutation(all).Draw(t, label+".all")
	case 5:
		s := rapid.SliceOfNDistinct(rapid.SampledFrom(all), 1, n, rapid.ID[T]).Draw(t, label)
		return append(s, s[rapid.IntRange(0, len(s)-1).Draw(t, label+".repeat")])
	default:
		return rapid.SliceOfNDistinct(rapid.SampledFrom(all), 1, n, rapid.ID[T]).Draw(t, label)
	}
}

// drawRemoveCount says how many cards to remove, at most most (usually a
// few, sometimes up to the limit).
func drawRemoveCount(t *rapid.T, most int) int {
	if most <= 0 {
		return 0
	}
	switch rapid.IntRange(0, 5).Draw(t, "deck.remove.kind") {
	case 0, 1, 2:
		return 0
	case 5:
		return rapid.IntRange(0, most).Draw(t, "deck.remove.len")
	}
	return rapid.IntRange(1, min(most, 4)).Draw(t, "deck.remove.len")
}

// drawDeal draws a deal that fits a deck of deckSize cards at every seat
// count of s.
func drawDeal(t *rapid.T, s genome.Seats, deckSize int) genome.Deal {
	if rapid.IntRange(0, 3).Draw(t, "deal.all") == 0 {
		return genome.Deal{All: true}
	}
	var d genome.Deal
	d.Starter = rapid.Bool().Draw(t, "deal.starter")
	starter := 0
	if d.Starter {
		starter = 1
	}
	var counts []int
	if rapid.Bool().Draw(t, "deal.has_overrides") {
		counts = rapid.SliceOfNDistinct(rapid.IntRange(s.Min, s.Max), 1, s.Max-s.Min+1, rapid.ID[int]).Draw(t, "deal.overrides.seats")
	}
	overridden := make(map[int]bool)
	for _, n := range counts {
		most := (deckSize - starter) / n
		if most < 1 {
			continue
		}
		c := rapid.IntRange(1, most).Draw(t, "deal.overrides.cards")
		d.Overrides = append(d.Overrides, genome.DealOverride{Seats: n, Cards: c})
		overridden[n] = true
	}
	most := deckSize
	for n := s.Min; n <= s.Max; n++ {
		if !overridden[n] {
			most = min(most, (deckSize-starter)/n)
		}
	}
	if most < 1 {
		// Some seat count cannot get even one card: deal the whole deck.
		return genome.Deal{All: true}
	}
	d.Cards = rapid.IntRange(1, most).Draw(t, "deal.cards")
	if len(d.Overrides) > 0 && rapid.IntRange(0, 4).Draw(t, "deal.overrides.same") == 0 {
		// An override equal to the base deal: legal, dropped by Canonical.
		i := rapid.IntRange(0, len(d.Overrides)-1).Draw(t, "deal.overrides.same_at")
		if d.Cards*d.Overrides[i].Seats+starter <= deckSize {
			d.Overrides[i].Cards = d.Cards
		}
	}
	return d
}

// drawStarterRules draws the rules of g's starter card: whether it fires,
// and the ranks it may not be, trimmed until the stock keeps a card of
// another rank after the deal at every seat count (Validate's condition,
// so that turning the starter again always ends).
func drawStarterRules(t *rapid.T, g *genome.Genome, cards []genome.Card, ranks []genome.Rank) {
	g.Deal.StarterFires = rapid.IntRange(0, 2).Draw(t, "deal.starter_fires") == 0
	if rapid.IntRange(0, 2).Draw(t, "deal.starter_not.has") != 0 {
		return
	}
	not := rapid.SliceOfNDistinct(rapid.SampledFrom(ranks), 1, len(ranks), rapid.ID[genome.Rank]).Draw(t, "deal.starter_not")
	dealt := 0
	for n := g.Seats.Min; n <= g.Seats.Max; n++ {
		dealt = max(dealt, g.DealFor(n)*n)
	}
	for len(not) > 0 {
		others := 0
		for _, c := range cards {
			if !slices.Contains(not, c.Rank()) {
				others++
			}
		}
		if others > dealt {
			g.Deal.StarterNot = not
			return
		}
		not = not[:len(not)-1]
	}
}

// fanKinds are the phase kinds that need a fan hand (and are not draws),
// play weighted highest.
var fanKinds = []genome.PhaseKind{
	cardrules.PhasePlay, cardrules.PhasePlay, cardrules.PhasePlay,
	cardrules.PhaseTrick, cardrules.PhaseTrick,
	cardrules.PhaseTake, cardrules.PhaseAsk, cardrules.PhaseTableau, cardrules.PhaseClimb,
	cardrules.PhaseCapture, cardrules.PhaseClaim, cardrules.PhaseMeld,
}

// drawLayout draws, for two capture games in three that deal hands (not
// the whole deck), a layout of 1 to 12 cards that still fits the deck
// with the hands and the starter at every seat count, and leaves a stock
// at the default seat count where a draw or a meld phase needs one
// (Validate's condition: no reshuffle from a play or turn_up phase refills
// it).
func drawLayout(t *rapid.T, g *genome.Genome, deckSize int) {
	if g.Deal.All || rapid.IntRange(0, 2).Draw(t, "deal.layout.has") == 0 {
		return
	}
	starter := 0
	if g.Deal.Starter {
		starter = 1
	}
	room := cardrules.MaxLayout
	for n := g.Seats.Min; n <= g.Seats.Max; n++ {
		room = min(room, deckSize-starter-g.DealFor(n)*n)
	}
	refills := g.Reshuffle && slices.ContainsFunc(g.Turn, func(p genome.Phase) bool {
		return p.Kind == cardrules.PhasePlay || p.Kind == cardrules.PhaseTurnUp
	})
	if (g.HasPhase(cardrules.PhaseDraw) || g.HasPhase(cardrules.PhaseMeld)) && !refills {
		n := g.Seats.Default
		room = min(room, deckSize-starter-g.DealFor(n)*n-1)
	}
	if room >= 1 {
		g.Deal.Layout = rapid.IntRange(1, room).Draw(t, "deal.layout")
	}
}

// drawTally draws, for one game in three that wins cards, the won-card
// comparisons: one to four most rules, each counting different cards
// (every card, or a match of some card of the deck), and, one time in
// two, a best-of-each-suit rule valuing some of the deck's ranks.
func drawTally(t *rapid.T, g *genome.Genome, cards []genome.Card, ranks []genome.Rank) {
	if rapid.IntRange(0, 2).Draw(t, "score.tally.has") != 0 {
		return
	}
	for range rapid.IntRange(0, cardrules.MaxMostRules).Draw(t, "score.most.len") {
		r := genome.MostRule{Points: rapid.IntRange(1, cardrules.MaxScore).Draw(t, "score.most.points")}
		if rapid.IntRange(0, 2).Draw(t, "score.most.every") != 0 {
			m := drawCardPoints(t, cards).Match
			r.Match = &m
		}
		if !slices.ContainsFunc(g.Score.Most, func(q genome.MostRule) bool {
			return q.Match == nil && r.Match == nil || q.Match != nil && r.Match != nil && *q.Match == *r.Match
		}) {
			g.Score.Most = append(g.Score.Most, r)
		}
	}
	if len(g.Score.Most) > 0 && rapid.Bool().Draw(t, "score.best.has") {
		return
	}
	b := &genome.BestSuits{Points: rapid.IntRange(1, cardrules.MaxScore).Draw(t, "score.best.points")}
	for _, r := range ranks {
		if rapid.IntRange(0, 2).Draw(t, "score.best.valued") != 0 {
			b.Values = append(b.Values, genome.RankValue{Rank: r, Value: rapid.IntRange(1, cardrules.MaxRankValue).Draw(t, "score.best.value")})
		}
	}
	if len(b.Values) == 0 {
		b.Values = []genome.RankValue{{Rank: ranks[0], Value: 1}}
	}
	g.Score.Best = b
}

// drawCardPoints draws a scoring rule that matches some card of the deck
// (a joker only by its rank: it has no suit, and a match of one card names
// a standard card).
func drawCardPoints(t *rapid.T, cards []genome.Card) genome.CardPoints {
	c := rapid.SampledFrom(cards).Draw(t, "score.cards.card")
	m := genome.Match{Kind: genome.MatchKind(rapid.IntRange(0, int(cardrules.NumMatchKinds)-1).Draw(t, "score.cards.kind"))}
	if c.IsJoker() && m.Kind != cardrules.MatchRank {
		c = rapid.SampledFrom(standardCards(cards)).Draw(t, "score.cards.card.standard")
	}
	switch m.Kind {
	case cardrules.MatchRank:
		m.Value = uint8(c.Rank())
	case cardrules.MatchSuit:
		m.Value = uint8(c.Suit())
	default:
		m.Value = uint8(c.Face()) // either copy of the face
	}
	return genome.CardPoints{Match: m, Points: rapid.IntRange(1, cardrules.MaxCardPoints).Draw(t, "score.cards.points")}
}

func presentRanks(cards []genome.Card) []genome.Rank {
	var rs []genome.Rank
	for _, c := range cards {
		if !slices.Contains(rs, c.Rank()) {
			rs = append(rs, c.Rank())
		}
	}
	slices.Sort(rs)
	return rs
}

// standardRanks returns ranks without the joker's.
func standardRanks(ranks []genome.Rank) []genome.Rank {
	return slices.DeleteFunc(slices.Clone(ranks), func(r genome.Rank) bool { return r == cardrules.Joker })
}

// firstPack returns the cards of the first pack (ids below
// cardrules.PackStride): the faces of a deck of two packs.
func firstPack(cards []genome.Card) []genome.Card {
	return slices.DeleteFunc(slices.Clone(cards), func(c genome.Card) bool { return c.Copy() > 0 })
}

// standardCards returns cards without the jokers.
func standardCards(cards []genome.Card) []genome.Card {
	return slices.DeleteFunc(slices.Clone(cards), genome.Card.IsJoker)
}

// presentSuits returns the suits of cards, ascending (a joker's, none, is
// not a suit).
func presentSuits(cards []genome.Card) []genome.Suit {
	var ss []genome.Suit
	for _, c := range cards {
		if !c.IsJoker() && !slices.Contains(ss, c.Suit()) {
			ss = append(ss, c.Suit())
		}
	}
	slices.Sort(ss)
	return ss
}

func drawPhase(t *rapid.T, k genome.PhaseKind, cards []genome.Card, ranks []genome.Rank) genome.Phase {
	p := genome.Phase{Kind: k}
	switch k {
	case cardrules.PhasePlay:
		p.Legal = drawPred(t, "turn.legal", cards, true)
		p.Prefer = drawPred(t, "turn.prefer", cards, false)
		if rapid.Bool().Draw(t, "turn.name_suit.has") {
			p.NameSuit = rapid.SliceOfNDistinct(rapid.SampledFrom(ranks), 1, len(ranks), rapid.ID[genome.Rank]).Draw(t, "turn.name_suit")
		}
		if rapid.Bool().Draw(t, "turn.draw_max.small") {
			p.DrawMax = rapid.IntRange(0, 3).Draw(t, "turn.draw_max")
		} else {
			p.DrawMax = rapid.IntRange(0, cardrules.MaxDrawMax).Draw(t, "turn.draw_max")
		}
		// Drawing by choice needs a draw to choose, and only it lets a
		// phase restrict the play to the card drawn.
		if rapid.IntRange(0, 2).Draw(t, "turn.draw.by_choice") == 0 {
			p.Draw = cardrules.DrawByChoice
			if p.DrawMax == 0 {
				p.DrawMax = rapid.IntRange(1, 5).Draw(t, "turn.draw_max.by_choice")
			}
			p.PlayDrawn = rapid.Bool().Draw(t, "turn.play_drawn")
		}
		p.Pass = genome.PassRule(rapid.IntRange(0, int(cardrules.NumPassRules)-1).Draw(t, "turn.pass"))
	case cardrules.PhaseBattle:
		p.WarFaceDown = rapid.IntRange(0, cardrules.MaxWarFaceDown).Draw(t, "turn.war_face_down")
		p.Returns = genome.Returns(rapid.IntRange(0, int(cardrules.NumReturns)-1).Draw(t, "turn.returns"))
	case cardrules.PhaseDraw:
		p.Count = rapid.IntRange(1, cardrules.MaxDrawCount).Draw(t, "turn.count")
	case cardrules.PhaseTrick:
		p.Lead = drawPred(t, "turn.lead", cards, true)
		p.LeadPrefer = drawPred(t, "turn.lead_prefer", cards, false)
		p.Legal = drawPred(t, "turn.legal", cards, true)
		p.Prefer = drawPred(t, "turn.prefer", cards, false)
		p.Trump = genome.Trump(rapid.IntRange(0, int(cardrules.NumTrumps)-1).Draw(t, "turn.trump"))
	case cardrules.PhaseTake:
		p.From = rapid.SampledFrom([]genome.Target{cardrules.TargetNext, cardrules.TargetPrevious, cardrules.TargetRandomOpponent}).Draw(t, "turn.from")
	case cardrules.PhaseTableau:
		p.Start = rapid.SampledFrom(standardRanks(ranks)).Draw(t, "turn.start")
	case cardrules.PhaseClimb:
		// 0: absent (4).
		p.Max = rapid.IntRange(0, cardrules.MaxClimb).Draw(t, "turn.max")
	case cardrules.PhaseCapture:
		p.EqualFirst = rapid.Bool().Draw(t, "turn.equal_first")
	case cardrules.PhaseClaim:
		// Any claims rule; a start only for next (with near and any it
		// means nothing), a standard rank of the deck; max 0: absent (4).
		p.Claims = genome.ClaimRule(rapid.IntRange(0, int(cardrules.NumClaimRules)-1).Draw(t, "turn.claims"))
		if p.Claims == cardrules.ClaimNext {
			p.Start = rapid.SampledFrom(standardRanks(ranks)).Draw(t, "turn.claims.start")
		}
		p.Max = rapid.IntRange(0, cardrules.MaxClimb).Draw(t, "turn.claims.max")
	case cardrules.PhaseMeld:
		p = drawMeld(t)
	case cardrules.PhaseTurnUp:
		p.Demands = drawDemands(t, standardRanks(ranks))
		p.Returns = genome.Returns(rapid.IntRange(0, int(cardrules.NumReturns)-1).Draw(t, "turn.returns"))
	}
	return p
}

// drawPred draws a satisfiable predicate, or (when optional, half the
// time) none.
func drawPred(t *rapid.T, label string, cards []genome.Card, required bool) *genome.Expr {
	if !required && rapid.Bool().Draw(t, label+".none") {
		return nil
	}
	e := drawLegal(t, label, cards)
	return &e
}

func drawEffect(t *rapid.T, ranks []genome.Rank, cards []genome.Card) genome.Effect {
	e := genome.Effect{
		Rank: rapid.SampledFrom(ranks).Draw(t, "effect.rank"),
		Type: genome.EffectType(rapid.IntRange(0, int(cardrules.NumEffectTypes)-1).Draw(t, "effect.type")),
	}
	if e.Type.UsesTarget() {
		e.Target = genome.Target(rapid.IntRange(1, int(cardrules.NumTargets)-1).Draw(t, "effect.target"))
	}
	if e.Type.UsesValue() {
		e.Value = rapid.IntRange(1, cardrules.MaxEffectValue).Draw(t, "effect.value")
	}
	if e.Type.Fizzles() {
		e.Gate = rapid.IntRange(0, 2).Draw(t, "effect.gate") == 0
	}
	if e.Type == cardrules.ForceDiscard {
		e.Random = rapid.IntRange(0, 2).Draw(t, "effect.random") == 0
	}
	if e.Rank != cardrules.Joker && rapid.IntRange(0, 3).Draw(t, "effect.suited") == 0 {
		// The card of the rank of one suit of the deck (a joker's
		// effect triggers on any suit: it has none).
		var of []genome.Card
		for _, c := range cards {
			if c.Rank() == e.Rank {
				of = append(of, c)
			}
		}
		e.Suit = cardrules.TriggerOn(rapid.SampledFrom(of).Draw(t, "effect.suit").Suit())
	}
	return e
}
