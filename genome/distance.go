package genome

import (
	"math/bits"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Distance is a dissimilarity between two valid genomes in [0, 1]: the
// weighted mean of eleven parts, each in [0, 1]. It is symmetric, 0 exactly
// when the canonical forms are equal, and above 0 whenever they differ:
// every field of the canonical form counts somewhere. Evolution uses it to
// keep a population diverse, comparing every pair every generation, and to
// space out its hall of fame, so it is cheap: it allocates only to canonicalise two predicates that differ
// and are not in canonical form, or to match lists of more than 64
// effects, and it evaluates predicates only when they differ.
//
// Below, rel(x, y) is |x - y| / max(x, y) (0 when equal), flag is 1 when
// two values differ, and the Jaccard distance of two sets is the share of
// their union that is not in both. The parts, with their weights:
//
//   - seats (1): rel of the default seat count, counted twice, and of the
//     minimum and the maximum (mean).
//   - deck (1): 3/4 the Jaccard distance of the card sets, as multisets
//     (a deck of two packs holds each card twice, so one pack and two
//     packs of the same cards are 1/2 apart), 1/4 the mean Jaccard
//     distance of how the deck is written down (the ranks, the suits, the
//     removed cards).
//   - hand (1): flag of the hand kind.
//   - deal (1): the mean of rel of the cards dealt at the default seat
//     count; the mean rel of the base count and of the count at every seat
//     count from 2 to 8 (so overrides count); and flags of dealing all,
//     a starter card (for two starters, the mean of the flag of firing its
//     effects and the Jaccard distance of the ranks it may not be), and
//     reshuffling (either when, or whether); with a layout in either deal,
//     rel of the layout's cards is a sixth part.
//   - table (1): the mean of rel of the set size (meld), flag of the lead
//     card (a game without one differs from every game with one) and flag
//     of partnerships.
//   - turn (2): over the positions of the longer turn, 1 where one turn has
//     no phase or the kinds differ, else phaseDiff: the mean over the
//     fields the kind uses (the phase table in phases.go) of each field's
//     diff, so every field of every phase kind counts.
//   - legality (1): predDiff of the main legality predicate, the legal of
//     the first play or trick phase, wherever it sits in the turn.
//   - effects (1): 0 for equal lists; otherwise 0.1 for the lists
//     differing (their order counts: effects resolve in it) plus 0.9 times
//     the multiset distance of the effects (two effects are the same when
//     every field is, the trigger, when, the condition, if, the resolution
//     point, at, and for a lasting type every field of its lasting, lasts,
//     included: the same change set off by another event, under another
//     test, resolving at another time, or holding for another time, over
//     other seats or stacking otherwise, is another effect; fields their
//     type does not use are ignored); at
//     least 0.1 when one game's last card fires no effects
//     and the other's does. The multiset distance of lists A and B is |A Δ B| /
//     (|A ∪ B| + 3): the slack of 3 makes one effect more or less a small
//     change to a game with few effects, not a new game. The responses to
//     effects join in as e + r - er, e the above and r their own
//     difference: (3 times the multiset distance of the abilities, whose
//     order means nothing, plus the flags of who may answer and of
//     lose_turn) / 5. So two games with the same responses are as far
//     apart as without them, and one ability more or less, like one
//     effect, is a small change. The continuous rules join in the same way,
//     as (e + r - er) + u - (e + r - er)u, u their difference, reckoned as
//     the effects': 0 for equal lists, else 0.1 for the lists differing
//     (their order counts: rules combine in it) plus 0.9 times the multiset
//     distance of the rules (two rules are the same when every field they
//     use is), so a rule more or less is a small change too.
//   - score (1): the mean of rel of the points per trick and per set, and
//     the multiset distance of the card scoring rules (with sweeps in
//     either game, rel of the points per sweep is a fourth part); the deal's-end
//     scores join in as s + d - sd, d the mean of the multiset distance of
//     the hand rules and the flag of shooting the moon; the deadwood scores
//     join d in the same way, as d + w - dw, w 1 between a game that scores
//     the deadwood and one that does not, else the mean of rel of the gin
//     and of the undercut bonuses (so games without deadwood keep the
//     distance they had); the contracts join d in the same way, as
//     d + k - dk, k 1 between a game of bids and contracts and one
//     without, else the mean of rel of the five fields (points per trick
//     bid and per overtrick, the bags, their penalty, the nil bid), so
//     games without contracts keep the distance they had too; the betting
//     joins d in the same way, as d + k - dk, k 1 between a game of
//     betting and one without, else the mean of rel of the bet, the
//     raises, the blind and the draw and the flag of the showdown; and
//     the dealer joins d in the same way, as d + k - dk, k 1 between a
//     game against a dealer and one without, else the mean of rel of the
//     wager and of the stand total and the flag of soft_hits.
//   - end (1): the mean of the larger of flag of until and rel of the
//     blocked rule, of the conditions (compared position by position,
//     event and result), and of the ranking; the match joins in as
//     e + m - em, m matchDiff (1 between a match and a single deal, else
//     the mean of rel of the target and of the deals).
//   - turn cap (1): rel of the turn cap.
//
// predDiff compares two predicates of one field, an absent one read as
// "true": 0 when their canonical forms are equal, else 1/4 for the form
// plus 3/4 times the share of a fixed sample of 104 (card, top card, active
// suit, suits played) cases (every card twice, once on a card of its own
// rank) on which they disagree. Legality is weighed by what it allows, but
// two spellings of one rule still differ.
//
// Calibration (pinned by TestDistanceCalibration): one effect appended to a
// seed game is under 0.05, Hearts and Whist are at least 0.05 apart, Crazy
// Eights and the Uno-style game at least 0.2. The turn weighs double
// because the phases are where games differ most in kind: with it, the two
// shedding games, which differ in effects, wild rank, draw limit, seats and
// deal, clear 0.2 while a single effect stays a small change.
func Distance(a, b *Genome) float64 {
	var parts [numParts]float64
	parts[partSeats] = (2*rel(a.Seats.Default, b.Seats.Default) + rel(a.Seats.Min, b.Seats.Min) + rel(a.Seats.Max, b.Seats.Max)) / 4
	parts[partDeck] = deckDiff(&a.Deck, &b.Deck)
	parts[partHand] = flag(a.Hand != b.Hand)
	parts[partDeal] = dealDiff(a, b)
	parts[partTable] = (rel(a.Meld, b.Meld) + flag(!samePtr(a.LeadCard, b.LeadCard)) + flag(a.Teams != b.Teams)) / 3
	parts[partTurn] = turnDiff(a.Turn, b.Turn)
	parts[partLegality] = predDiff(mainLegal(a), mainLegal(b))
	e := max(effectDiff(a.Effects, b.Effects, a.Hand == cardrules.HandPile && b.Hand == cardrules.HandPile), 0.1*flag(a.lastCardInert() != b.lastCardInert()))
	r := responsesDiff(&a.Responses, &b.Responses)
	er := e + r - float64(e*r) // 1 - (1-e)(1-r), exactly e when r is 0
	u := rulesDiff(a.Rules, b.Rules)
	parts[partEffects] = er + u - float64(er*u) // exactly er when u is 0
	sc := (rel(a.Score.Trick, b.Score.Trick) + rel(a.Score.Meld, b.Score.Meld) + cardPointsDiff(a.Score.Cards, b.Score.Cards)) / 3
	if a.Score.Sweep != 0 || b.Score.Sweep != 0 {
		// A fourth part, only with sweeps, so that games without them
		// keep the distance they had before captures existed.
		sc = (float64(3*sc) + rel(a.Score.Sweep, b.Score.Sweep)) / 4
	}
	if ca, cb := a.Score.Chips, b.Score.Chips; ca != cb {
		// A fourth part, only when the chips differ, so that games
		// without chips keep the distance they had before chips existed.
		d := 1.0
		if ca.Stake > 0 && cb.Stake > 0 {
			d = (rel(ca.Stake, cb.Stake) + rel(ca.Ante, cb.Ante) + rel(ca.Pass, cb.Pass) + rel(ca.PerCard, cb.PerCard)) / 4
		}
		sc = (float64(3*sc) + d) / 4
	}
	ds := dealScoreDiff(&a.Score, &b.Score)
	if w := deadwoodDiff(&a.Score, &b.Score); w != 0 {
		ds = ds + w - float64(ds*w) // exactly ds when the deadwood scores are equal
	}
	if k := contractDiff(a.Score.Contract, b.Score.Contract); k != 0 {
		ds = ds + k - float64(ds*k) // exactly ds when the contracts are equal
	}
	if k := bettingDiff(a.Score.Betting, b.Score.Betting); k != 0 {
		ds = ds + k - float64(ds*k) // exactly ds when the bettings are equal
	}
	if k := dealerDiff(a.Score.Dealer, b.Score.Dealer); k != 0 {
		ds = ds + k - float64(ds*k) // exactly ds when the dealers are equal
	}
	parts[partScore] = sc + ds - float64(sc*ds) // exactly sc when ds is 0
	en := (max(flag(a.End.Until != b.End.Until), rel(a.End.Blocked, b.End.Blocked)) +
		conditionsDiff(a.End.Conditions, b.End.Conditions) + flag(a.End.Rank != b.End.Rank)) / 3
	mt := matchDiff(a.Match, b.Match)
	parts[partEnd] = en + mt - float64(en*mt) // exactly en when mt is 0
	parts[partTurnCap] = rel(a.TurnCap, b.TurnCap)
	sum, total := 0.0, 0.0
	for i, p := range parts {
		sum += float64(partWeights[i] * p)
		total += partWeights[i]
	}
	return min(sum/total, 1)
}

// deadwoodDiff compares the deadwood scores: 1 between a game that scores
// the deadwood and one that does not, else the mean of rel of the gin and
// the undercut bonuses (0 for two games without deadwood).
func deadwoodDiff(a, b *Score) float64 {
	switch {
	case a.Deadwood != b.Deadwood:
		return 1
	case !a.Deadwood:
		return 0
	}
	return (rel(a.Gin, b.Gin) + rel(a.Undercut, b.Undercut)) / 2
}

// contractDiff compares the contracts: 1 between a game of bids and
// contracts and one without, else the mean of rel of the points per trick
// bid, the points per overtrick, the bags, the penalty and the nil bid's
// points (0 for two games without contracts).
func contractDiff(a, b *Contract) float64 {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil || b == nil:
		return 1
	}
	return (rel(a.Trick, b.Trick) + rel(a.Over, b.Over) + rel(a.Bags, b.Bags) + rel(a.Penalty, b.Penalty) + rel(a.Nil, b.Nil)) / 5
}

// bettingDiff compares the bettings: 1 between a game of betting and one
// without, else the mean of rel of the bet, the raises, the blind and the
// draw, and the flag of the showdown (0 for two games without betting).
func bettingDiff(a, b *Betting) float64 {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil || b == nil:
		return 1
	}
	return (rel(a.Bet, b.Bet) + rel(a.Raises, b.Raises) + rel(a.Blind, b.Blind) + rel(a.Draw, b.Draw) + flag(a.Showdown != b.Showdown)) / 5
}

// dealerDiff compares the dealers: 1 between a game against a dealer and
// one without, else the mean of rel of the wager and of the stand total
// and the flag of soft_hits (0 for two games without a dealer).
func dealerDiff(a, b *Dealer) float64 {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil || b == nil:
		return 1
	}
	return (rel(a.Wager, b.Wager) + rel(a.Stand, b.Stand) + flag(a.SoftHits != b.SoftHits)) / 3
}

// The parts of Distance.
const (
	partSeats = iota
	partDeck
	partHand
	partDeal
	partTable
	partTurn
	partLegality
	partEffects
	partScore
	partEnd
	partTurnCap
	numParts
)

// partWeights weighs the parts (Distance's doc says why the turn weighs
// more).
var partWeights = [numParts]float64{
	partSeats: 1, partDeck: 1, partHand: 1, partDeal: 1, partTable: 1,
	partTurn: 2, partLegality: 1, partEffects: 1, partScore: 1, partEnd: 1, partTurnCap: 1,
}

// deckDiff compares the card sets (3/4, as multisets: packsDiff) and how
// the decks are written (1/4).
func deckDiff(a, b *Deck) float64 {
	ca, ra, sa, xa := deckMasks(a)
	cb, rb, sb, xb := deckMasks(b)
	written := (maskDiff(ra, rb) + maskDiff(sa, sb) + maskDiff(xa, xb)) / 3
	d := (float64(3*packsDiff(ca, a.TwoPacks(), cb, b.TwoPacks())) + written) / 4
	if a.Order != b.Order {
		// A fifth part, so that decks of one order keep the distance
		// they had before orders existed.
		d = (float64(4*d) + 1) / 5
	}
	return d
}

// deckMasks returns the deck's cards, its ranks and suits (every one when
// the list is empty) and its removed cards as bit sets.
func deckMasks(d *Deck) (cards, ranks, suits, removed uint64) {
	ranks, suits = rankMask(d.Ranks), 0
	if len(d.Ranks) == 0 {
		ranks = 1<<cardrules.NumRanks - 1
	}
	for _, s := range d.Suits {
		suits |= 1 << (s & 63)
	}
	if len(d.Suits) == 0 {
		suits = 1<<cardrules.NumSuits - 1
	}
	for _, c := range d.Remove {
		removed |= 1 << (c & 63)
	}
	for s := range Suit(cardrules.NumSuits) {
		if suits&(1<<s) != 0 {
			cards |= ranks << (uint(s) * cardrules.NumRanks)
		}
	}
	cards = cards &^ removed & (1<<cardrules.NumCards - 1)
	for j := range min(max(d.Jokers, 0), cardrules.MaxJokers) {
		cards |= 1 << (int(cardrules.FirstJoker) + j)
	}
	return cards, ranks, suits, removed
}

// packsDiff is the Jaccard distance of two decks as multisets of cards: a
// and b are the cards of one pack, twoA and twoB whether the deck holds
// two such packs. Each pack counts as one set of bits, the second empty in
// a deck of one pack, so that between decks of one pack it is maskDiff.
func packsDiff(a uint64, twoA bool, b uint64, twoB bool) float64 {
	var a2, b2 uint64
	if twoA {
		a2 = a
	}
	if twoB {
		b2 = b
	}
	union := bits.OnesCount64(a|b) + bits.OnesCount64(a2|b2)
	if union == 0 {
		return 0
	}
	return float64(bits.OnesCount64(a^b)+bits.OnesCount64(a2^b2)) / float64(union)
}

// rankMask returns a set of ranks as bits.
func rankMask(rs []Rank) uint64 {
	var m uint64
	for _, r := range rs {
		m |= 1 << (r & 63)
	}
	return m
}

// dealDiff compares the deals and whether the stock is reshuffled.
func dealDiff(a, b *Genome) float64 {
	counts := rel(a.Deal.Cards, b.Deal.Cards)
	for n := 2; n <= cardrules.MaxSeats; n++ {
		counts += rel(a.DealFor(n), b.DealFor(n))
	}
	counts = float64(counts / cardrules.MaxSeats)
	d := (rel(a.DealFor(a.Seats.Default), b.DealFor(b.Seats.Default)) + counts +
		flag(a.Deal.All != b.Deal.All) + starterDiff(&a.Deal, &b.Deal) +
		flag(a.Reshuffle != b.Reshuffle || a.ReshuffleAtOnce != b.ReshuffleAtOnce)) / 5
	if a.Deal.Layout != 0 || b.Deal.Layout != 0 {
		// A sixth part, only with a layout, so that deals without one
		// keep the distance they had before captures existed.
		d = (float64(5*d) + rel(a.Deal.Layout, b.Deal.Layout)) / 6
	}
	return d
}

// starterDiff is 1 when one deal turns a starter up and the other does not;
// for two starters, the mean of the flag of firing its effects and the
// Jaccard distance of the ranks it may not be.
func starterDiff(a, b *Deal) float64 {
	if a.Starter != b.Starter {
		return 1
	}
	return (flag(a.StarterFires != b.StarterFires) + maskDiff(rankMask(a.StarterNot), rankMask(b.StarterNot))) / 2
}

// turnDiff compares the phases position by position: kinds, and for two
// phases of one kind the fields of the phase table (phaseDiff).
func turnDiff(a, b []Phase) float64 {
	n := max(len(a), len(b))
	if n == 0 {
		return 0
	}
	diff := 0.0
	for i := range n {
		switch {
		case i >= len(a) || i >= len(b) || a[i].Kind != b[i].Kind:
			diff++
		default:
			diff += phaseDiff(&a[i], &b[i])
		}
	}
	return diff / float64(n)
}

// mainLegal is the legality predicate of the first play or trick phase.
func mainLegal(g *Genome) *Expr {
	for i := range g.Turn {
		if k := g.Turn[i].Kind; k == cardrules.PhasePlay || k == cardrules.PhaseTrick {
			return g.Turn[i].Legal
		}
	}
	return nil
}

// listSlack is what the multiset distance adds to the union: a list of a
// few elements that gains or loses one changes by less than all.
const listSlack = 3

// listDiff is the multiset distance of lists of na and nb elements with
// common elements in common.
func listDiff(common, na, nb int) float64 {
	if na == 0 && nb == 0 {
		return 0
	}
	return float64(na+nb-2*common) / float64(na+nb-common+listSlack)
}

// effectDiff compares effect lists: 0.1 for any difference (order
// included), plus 0.9 times the multiset distance. Between two games of pile
// hands, a random forced discard is no different from a chosen one (both
// give up the top cards), as Canonical has it.
func effectDiff(a, b []Effect, piles bool) float64 {
	norm := normEffect
	if piles {
		norm = normPileEffect
	}
	if len(a) == len(b) {
		same := true
		for i := range a {
			if norm(a[i]) != norm(b[i]) {
				same = false
				break
			}
		}
		if same {
			return 0
		}
	}
	return 0.1 + float64(0.9*listDiff(common(a, b, norm), len(a), len(b)))
}

// rulesDiff compares continuous rule lists as effectDiff compares effect
// lists: 0 when equal, else 0.1 plus 0.9 times the multiset distance, the
// fields a rule's type does not use ignored.
func rulesDiff(a, b []Rule) float64 {
	if slices.EqualFunc(a, b, func(x, y Rule) bool { return normRule(x) == normRule(y) }) {
		return 0
	}
	return 0.1 + float64(0.9*listDiff(common(a, b, normRule), len(a), len(b)))
}

// normRule is rule r as Canonical has it.
func normRule(r Rule) Rule {
	r.canonical()
	return r
}

// responsesDiff compares the response abilities (as multisets: Canonical
// sorts their order away) and who may answer and lose_turn, which the
// canonical form keeps only beside an ability.
func responsesDiff(a, b *Responses) float64 {
	if len(a.Cards) == 0 && len(b.Cards) == 0 {
		return 0
	}
	id := func(r Response) Response { return r }
	return (float64(3*listDiff(common(a.Cards, b.Cards, id), len(a.Cards), len(b.Cards))) +
		flag(a.Who != b.Who) + flag(a.LoseTurn != b.LoseTurn)) / 5
}

// normEffect zeroes the fields the effect's type does not use, its
// lasting's included, as Canonical does.
func normEffect(e Effect) Effect {
	if !e.Type.UsesTarget() {
		e.Target = cardrules.NoTarget
	}
	if !e.Type.UsesValue() {
		e.Value = 0
	}
	if !e.Type.Fizzles() {
		e.Gate = false
	}
	if e.Type != cardrules.ForceDiscard {
		e.Random = false
	}
	e.lastingCanonical()
	return e
}

// normPileEffect is normEffect in a game of pile hands, where a forced
// discard takes the top cards whether or not it is random.
func normPileEffect(e Effect) Effect {
	e = normEffect(e)
	e.Random = false
	return e
}

// cardPointsDiff is the multiset distance of card scoring rules (whose
// order Canonical sorts away).
func cardPointsDiff(a, b []CardPoints) float64 {
	return listDiff(common(a, b, func(c CardPoints) CardPoints { return c }), len(a), len(b))
}

// common counts the elements a and b have in common as multisets, after
// norm.
func common[T comparable](a, b []T, norm func(T) T) int {
	var buf [64]bool
	var used []bool
	if len(b) <= len(buf) {
		used = buf[:len(b)]
	} else {
		used = make([]bool, len(b))
	}
	n := 0
	for _, x := range a {
		x = norm(x)
		for j, y := range b {
			if !used[j] && x == norm(y) {
				used[j] = true
				n++
				break
			}
		}
	}
	return n
}

// conditionsDiff is 1 when the end conditions differ, compared position by
// position as the canonical form keeps them.
func conditionsDiff(a, b []Condition) float64 {
	if len(a) != len(b) {
		return 1
	}
	for i := range a {
		if a[i] != b[i] {
			return 1
		}
	}
	return 0
}

// predSample is one case on which predDiff evaluates predicates.
type predSample struct {
	card, top Card
	active    Suit
	played    uint8
}

// predSamples are the cases predDiff compares predicates on, the same for
// every genome so that Distance is symmetric: every card of the full deck
// twice, once on the next suit's card of its own rank under that card's
// suit, once on a card spread over the deck under a spread active suit,
// each with a spread set of suits played.
var predSamples = func() (out [2 * cardrules.NumCards]predSample) {
	for i := range cardrules.NumCards {
		c := Card(i)
		same := cardrules.NewCard(c.Rank(), (c.Suit()+1)%cardrules.NumSuits)
		out[2*i] = predSample{c, same, same.Suit(), uint8((i*5 + 1) % 16)}
		other := Card((i*19 + 7) % cardrules.NumCards)
		if other == c {
			other = Card((i + 1) % cardrules.NumCards)
		}
		out[2*i+1] = predSample{c, other, Suit((i*3 + i/cardrules.NumRanks) % cardrules.NumSuits), uint8((i*11 + 6) % 16)}
	}
	return out
}()

// predDiff compares two predicates, nil read as "true": 0 when their
// canonical forms are equal; else 1/4 plus 3/4 times the share of
// predSamples on which they disagree.
func predDiff(a, b *Expr) float64 {
	if exprEqual(a, b) {
		return 0
	}
	if !(a.isCanonical() && b.isCanonical()) && exprEqual(canonicalExpr(a), canonicalExpr(b)) {
		return 0
	}
	differ := 0
	for _, s := range predSamples {
		if evalOrTrue(a, s) != evalOrTrue(b, s) {
			differ++
		}
	}
	return (1 + 3*float64(differ)/float64(len(predSamples))) / 4
}

func evalOrTrue(e *Expr, s predSample) bool {
	return e == nil || e.Eval(s.card, s.top, s.active, s.played)
}

// exprEqual reports whether two predicates are the same tree.
func exprEqual(a, b *Expr) bool {
	switch {
	case a == nil || b == nil:
		return a == b
	case a.Op != b.Op || len(a.Args) != len(b.Args) || !samePtr(a.Left, b.Left) || !samePtr(a.Right, b.Right) || !samePtr(a.Suit, b.Suit):
		return false
	}
	for i := range a.Args {
		if !exprEqual(&a.Args[i], &b.Args[i]) {
			return false
		}
	}
	return true
}

func samePtr[T comparable](a, b *T) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// isCanonical reports whether a valid predicate (nil included) is in the
// form canonical gives it: no any (all) directly under an any (all), and no
// constant in a term that reads the cards.
func (e *Expr) isCanonical() bool {
	if e == nil {
		return true
	}
	for _, t := range []*Term{e.Left, e.Right} {
		if t != nil && t.Kind != TermRank && t.Kind != TermSuit && t.Value != 0 {
			return false
		}
	}
	for i := range e.Args {
		a := &e.Args[i]
		if (e.Op == OpAny || e.Op == OpAll) && a.Op == e.Op || !a.isCanonical() {
			return false
		}
	}
	return true
}

// maskDiff is the Jaccard distance of two bit sets.
func maskDiff(a, b uint64) float64 {
	union := bits.OnesCount64(a | b)
	if union == 0 {
		return 0
	}
	return float64(bits.OnesCount64(a^b)) / float64(union)
}

func rel(a, b int) float64 {
	if a == b {
		return 0
	}
	d := float64(a - b)
	if d < 0 {
		d = -d
	}
	return d / float64(max(a, b, 1))
}

func flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// lastCardInert is LastCardInert as the canonical form has it: only a game
// with effects keeps it.
func (g *Genome) lastCardInert() bool { return g.LastCardInert && len(g.Effects) > 0 }
