package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// An operator changes a genome in place. It returns false when it does not
// apply to this genome (nothing to remove, say); the caller then neither
// retries nor counts it.
type operator struct {
	name string
	fn   func(g *genome.Genome, r *rng.Source) bool
}

// Effect operators, after the reference design's list, with the semantics
// of the architecture document.
var (
	opAddEffect    = operator{"add_effect", addEffect}
	opRemoveEffect = operator{"remove_effect", removeEffect}
	opMutateEffect = operator{"mutate_effect", mutateEffect}
)

// structural lists the operators for the rest of the genome; one is chosen
// uniformly per structural mutation.
var structural = []operator{
	{"deal", mutDeal},
	{"turn_cap", mutTurnCap},
	{"draw_max", mutDrawMax},
	{"legal", mutLegal},
	{"name_suit", mutNameSuit},
	{"battle", mutBattle},
	{"phase_insert", phaseInsert},
	{"phase_remove", phaseRemove},
	{"phase_swap", phaseSwap},
	{"end", mutEnd},
	{"reshuffle", mutReshuffle},
	{"starter", mutStarter},
	{"seats", mutSeats},
	{"deck", mutDeck},
	{"trick", mutTrick},
	{"score", mutScore},
	{"meld", mutMeld},
	{"play_rules", mutPlayRules},
	{"starter_rules", mutStarterRules},
	{"reshuffle_at_once", mutReshuffleAtOnce},
	{"last_card", mutLastCard},
	{"blocked", mutBlocked},
	{"add_response", addResponse},
	{"remove_response", removeResponse},
	{"mutate_response", mutateResponse},
	{"response_rules", mutResponseRules},
	{"add_rule", addRule},
	{"remove_rule", removeRule},
	{"mutate_rule", mutateRule},
	{"tableau", mutTableau},
	{"chips", mutChips},
	{"climb", mutClimb},
	{"match", mutMatch},
	{"capture", mutCapture},
	{"tally", mutTally},
	{"claim", mutClaim},
	{"meld_phase", mutMeldPhase},
	{"contract", mutContract},
	{"betting", mutBetting},
	{"dealer", mutDealer},
}

// OperatorNames lists every operator in reporting order.
func OperatorNames() []string {
	names := []string{opAddEffect.name, opRemoveEffect.name, opMutateEffect.name, "effect_crossover", "crossover"}
	for _, o := range structural {
		names = append(names, o.name)
	}
	return names
}

// chance reports true with probability p.
func chance(r *rng.Source, p float64) bool {
	return float64(r.Uint64()>>11)/(1<<53) < p
}

func pick[T any](r *rng.Source, xs []T) T { return xs[r.IntN(len(xs))] }

// deckRanks lists the ranks present in g's deck, the joker's last when it
// has jokers (what an effect, name_suit or starter_not may name).
func deckRanks(g *genome.Genome) []genome.Rank {
	var rs []genome.Rank
	for _, c := range g.Deck.Cards() {
		if !slices.Contains(rs, c.Rank()) {
			rs = append(rs, c.Rank())
		}
	}
	slices.Sort(rs)
	return rs
}

// targets lists the targets an effect of g may take: every one, but an
// opponent of the player's choice only where hands are fans (a pile hand
// plays its cards in a battle, where no player chooses).
func targets(g *genome.Genome) []genome.Target {
	var out []genome.Target
	for t := cardrules.TargetNext; t < cardrules.NumTargets; t++ {
		if t != cardrules.TargetChosen || g.Hand != cardrules.HandPile {
			out = append(out, t)
		}
	}
	return out
}

// randomTarget returns any target an effect of g may take (targets).
func randomTarget(g *genome.Genome, r *rng.Source) genome.Target {
	return pick(r, targets(g))
}

// reflectStep moves v by ±1, reflected at lo and hi, so it always changes.
func reflectStep(v int, r *rng.Source, lo, hi int) int {
	d := 1
	if r.IntN(2) == 0 {
		d = -1
	}
	if v+d < lo || v+d > hi {
		d = -d
	}
	return v + d
}

// crossEffects is the effect crossover: for each rank the second parent has
// effects on, with probability 1/2 its list for that rank replaces the
// first parent's (or joins it, if the first has none there). Ranks are
// visited in rank order, the joker's last; genome order is kept within
// each list. The second parent's list for a rank the first parent's deck
// lacks is never taken (its effects could never fire: the Italian pack of
// a game of captures has no 8, 9 or 10), its coin still tossed so that
// the draws stay as they were.
func crossEffects(a, b *genome.Genome, r *rng.Source) []genome.Effect {
	out := slices.Clone(a.Effects)
	have := deckRanks(a)
	for rank := range cardrules.Joker + 1 {
		var theirs []genome.Effect
		for _, e := range b.Effects {
			if e.Rank == rank {
				theirs = append(theirs, e)
			}
		}
		if len(theirs) == 0 || r.IntN(2) == 0 || !slices.Contains(have, rank) {
			continue
		}
		at := slices.IndexFunc(out, func(e genome.Effect) bool { return e.Rank == rank })
		out = slices.DeleteFunc(out, func(e genome.Effect) bool { return e.Rank == rank })
		if at < 0 || at > len(out) {
			at = len(out)
		}
		out = slices.Insert(out, at, theirs...)
	}
	return out
}

// crossWhole builds a child from a, taking each part of the genome (setup,
// turn structure, effects, end, turn cap) from b with probability 1/2. A
// part carries its options: the setup its deal with the starter's rules
// and the reshuffle with its timing, the turn structure its phases with
// their draw and pass rules, the effects whether a last card fires them,
// the response abilities with who may answer and lose_turn, and the
// continuous rules, the end its blocked rule. Abilities the child cannot
// hold (no play phase, a rank its deck lacks) are dropped (fitResponses),
// and so are effects whose trigger can no longer fire and effects and
// rules that can no longer act (fitTriggers, which also repairs what the
// child's setup does not allow: fitLasting, fitRules). A child with a
// tableau has neither jokers nor two packs (fitDeal shrinks a deal that
// needed their cards). A child whose turn has no capture phase has no
// layout and no sweep, nor, when the first parent captured and the child
// plays no trick, card rules in its score (fitCapture). A child's claim
// phases start with a rank of its deck (fitClaims). A child's deadwood
// scores, deal and end fit its meld phase or its lack of one (fitMeld,
// through fitMatch). A child ranks its seats by what it scores, whichever
// end it took (fitRanking). A child takes the other parent's turn of no
// phases only where its betting has a showdown or it has a dealer, keeps
// its betting where it has chips (fitBetting, through fitMatch), and
// loses its dealer where it took the other parent's phases (fitDealer,
// through fitMatch).
func crossWhole(a, b *genome.Genome, r *rng.Source) *genome.Genome {
	c := a.Clone()
	bc := b.Clone()
	if r.IntN(2) == 1 {
		c.Seats, c.Deck, c.Hand, c.Deal = bc.Seats, bc.Deck, bc.Hand, bc.Deal
		c.Reshuffle, c.ReshuffleAtOnce = bc.Reshuffle, bc.ReshuffleAtOnce
	}
	if r.IntN(2) == 1 {
		c.Turn = bc.Turn
	}
	if len(c.Turn) == 0 && (c.Score.Betting == nil || !c.Score.Betting.Showdown) && c.Score.Dealer == nil {
		// The turn of a game of betting and a showdown, or against a
		// dealer, which has no phases, does not make a game of the other.
		c.Turn = a.Clone().Turn
	}
	if r.IntN(2) == 1 {
		c.Effects, c.LastCardInert, c.Responses, c.Rules = bc.Effects, bc.LastCardInert, bc.Responses, bc.Rules
	}
	if r.IntN(2) == 1 {
		c.End = bc.End
	}
	if r.IntN(2) == 1 {
		c.TurnCap = bc.TurnCap
	}
	if c.HasPhase(cardrules.PhaseTableau) {
		// Neither a joker nor a second copy of a card could ever join the
		// tableau: one pack without jokers, and a deal that fits it.
		c.Deck.Jokers, c.Deck.Packs = 0, 0
		fitDeal(c)
	}
	fitCapture(c, a.HasPhase(cardrules.PhaseCapture))
	fitJokers(c)
	fitTriggers(c)
	fitResponses(c)
	fitDemands(c)
	fitClaims(c)
	fitMatch(c)
	fitRanking(c)
	return c
}

// mutDeal, a time in four, switches dealing the hands again when all are
// empty (deal.refill); otherwise it moves the cards dealt to each seat by
// one, reflected at 1 and at the most the deck can deal at every seat
// count (dealRoom), and drops the deal's overrides. It does not apply to a
// game that deals every card, nor, but for the switch, to one whose deck
// has room for one card a seat only.
func mutDeal(g *genome.Genome, r *rng.Source) bool {
	if g.Deal.All {
		return false
	}
	if r.IntN(4) == 0 {
		g.Deal.Refill = !g.Deal.Refill
		return true
	}
	hi := dealRoom(g)
	if hi < 2 {
		return false
	}
	g.Deal.Cards = reflectStep(min(g.Deal.Cards, hi), r, 1, hi)
	g.Deal.Overrides = nil
	fitPass(g)
	return true
}

// dealRoom is the most cards, up to 26, g's deck can deal each seat at
// every seat count of g: with the layout dealt and the starter turned up
// after the deal, and a card the starter may be left in the stock.
func dealRoom(g *genome.Genome) int {
	cards := g.Deck.Cards()
	n := max(g.Seats.Max, 1)
	hi := 26
	left := len(cards) - max(g.Deal.Layout, 0)
	if g.Deal.Starter {
		others := 0
		for _, c := range cards {
			if !slices.Contains(g.Deal.StarterNot, c.Rank()) {
				others++
			}
		}
		return min(hi, (left-1)/n, (others-1)/n)
	}
	return min(hi, left/n)
}

func mutTurnCap(g *genome.Genome, r *rng.Source) bool {
	if r.IntN(2) == 0 {
		g.TurnCap = min(cardrules.MaxTurnCap, g.TurnCap*5/4+1)
	} else {
		g.TurnCap = max(10, g.TurnCap*4/5)
	}
	return true
}

func playPhases(g *genome.Genome) []int {
	var is []int
	for i, p := range g.Turn {
		if p.Kind == cardrules.PhasePlay {
			is = append(is, i)
		}
	}
	return is
}

func mutDrawMax(g *genome.Genome, r *rng.Source) bool {
	ps := playPhases(g)
	if len(ps) == 0 {
		return false
	}
	p := &g.Turn[pick(r, ps)]
	lo := 0
	if p.Draw == cardrules.DrawByChoice {
		lo = 1 // drawing by choice needs a draw to choose
	}
	p.DrawMax = reflectStep(p.DrawMax, r, lo, 8)
	fitTriggers(g)
	return true
}

func mutNameSuit(g *genome.Genome, r *rng.Source) bool {
	ps := playPhases(g)
	if len(ps) == 0 {
		return false
	}
	p := &g.Turn[pick(r, ps)]
	rank := pick(r, deckRanks(g)) // the joker's too
	if i := slices.Index(p.NameSuit, rank); i >= 0 {
		p.NameSuit = slices.Delete(p.NameSuit, i, i+1)
	} else {
		p.NameSuit = append(p.NameSuit, rank)
	}
	return true
}

// mutBattle changes a phase of pile hands: a battle's face-down cards or
// returns, or a turn_up phase's demands or returns (mutDemands).
func mutBattle(g *genome.Genome, r *rng.Source) bool {
	var bs []int
	for i, p := range g.Turn {
		if p.Kind == cardrules.PhaseBattle || p.Kind == cardrules.PhaseTurnUp {
			bs = append(bs, i)
		}
	}
	if len(bs) == 0 {
		return false
	}
	p := &g.Turn[pick(r, bs)]
	if p.Kind == cardrules.PhaseTurnUp {
		return mutDemands(g, p, r)
	}
	if r.IntN(2) == 0 {
		p.WarFaceDown = reflectStep(p.WarFaceDown, r, 0, cardrules.MaxWarFaceDown)
	} else {
		p.Returns = 1 - p.Returns
	}
	return true
}

// randomCompare returns a random well-typed comparison with at least one
// side reading the candidate card.
func randomCompare(r *rng.Source) genome.Expr {
	rankSide := r.IntN(2) == 0
	var l, rt genome.Term
	if rankSide {
		l = genome.Term{Kind: genome.TermCardRank}
		if r.IntN(2) == 0 {
			rt = genome.Term{Kind: genome.TermTopRank}
		} else {
			rt = genome.Term{Kind: genome.TermRank, Value: uint8(r.IntN(cardrules.NumRanks))}
		}
		return genome.Compare(pick(r, []genome.Op{genome.OpEq, genome.OpNe, genome.OpLt, genome.OpGt}), l, rt)
	}
	l = genome.Term{Kind: genome.TermCardSuit}
	if r.IntN(2) == 0 {
		rt = genome.Term{Kind: genome.TermTopSuit}
	} else {
		rt = genome.Term{Kind: genome.TermSuit, Value: uint8(r.IntN(cardrules.NumSuits))}
	}
	return genome.Compare(pick(r, []genome.Op{genome.OpEq, genome.OpNe}), l, rt)
}

// mutLegal edits a play phase's predicate: add a disjunct, add a conjunct,
// drop an argument of an any/all, replace a comparison, or negate one.
func mutLegal(g *genome.Genome, r *rng.Source) bool {
	ps := playPhases(g)
	if len(ps) == 0 {
		return false
	}
	p := &g.Turn[pick(r, ps)]
	e := p.Legal.Clone()
	nodes := collect(&e)
	n := pick(r, nodes)
	switch r.IntN(5) {
	case 0:
		*n = genome.Any(n.Clone(), randomCompare(r))
	case 1:
		*n = genome.All(n.Clone(), randomCompare(r))
	case 2:
		if (n.Op != genome.OpAny && n.Op != genome.OpAll) || len(n.Args) < 3 {
			return false
		}
		i := r.IntN(len(n.Args))
		n.Args = slices.Delete(n.Args, i, i+1)
	case 3:
		*n = randomCompare(r)
	case 4:
		if n.Op == genome.OpNot {
			*n = n.Args[0]
		} else {
			*n = genome.Not(n.Clone())
		}
	}
	p.Legal = &e
	return true
}

// collect lists pointers to every node of e.
func collect(e *genome.Expr) []*genome.Expr {
	out := []*genome.Expr{e}
	for i := range e.Args {
		out = append(out, collect(&e.Args[i])...)
	}
	return out
}

// phaseInsert inserts a phase at a random place: a draw phase (not in a
// game that deals every card and never reshuffles, where there is never a
// stock to draw from), a copy of one of the turn's phases, or, in a game
// of pile hands, a turn_up phase (randomTurnUp) a third of the time, and in
// a game of fan hands a climb (randomClimb) a sixth of the time and a
// capture phase (randomCapture) a sixth of the rest. It does not copy a
// meld phase (a turn has at most one). Into a game with no phases (its
// deals only betting and a showdown, or against a dealer) it inserts a
// play phase, of any card or of a random comparison; a game against a
// dealer then loses its dealer, and gains an ante of 1 where nothing else
// would move its chips (fitDealer).
func phaseInsert(g *genome.Genome, r *rng.Source) bool {
	if len(g.Turn) >= cardrules.MaxPhases {
		return false
	}
	var p genome.Phase
	switch {
	case len(g.Turn) == 0:
		// A game of betting and a showdown, or against a dealer, gains
		// some play: a play phase of any card, or of the rule mutLegal
		// would draw.
		p = genome.Phase{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}
		if r.IntN(2) == 0 {
			e := randomCompare(r)
			p.Legal = &e
		}
	case g.Hand == cardrules.HandPile && r.IntN(3) == 0:
		p = randomTurnUp(g, r)
	case g.Hand == cardrules.HandFan && r.IntN(6) == 0:
		p = randomClimb(r)
	case g.Hand == cardrules.HandFan && r.IntN(6) == 0:
		p = randomCapture(r)
	case r.IntN(2) == 0 && (!g.Deal.All || g.Reshuffle):
		p = genome.Phase{Kind: cardrules.PhaseDraw, Count: 1 + r.IntN(2)}
	default:
		p = g.Turn[r.IntN(len(g.Turn))]
		if p.Kind == cardrules.PhaseMeld {
			return false // (a turn has at most one meld phase)
		}
		if p.Legal != nil {
			l := p.Legal.Clone()
			p.Legal = &l
		}
		p.NameSuit = slices.Clone(p.NameSuit)
		p.Demands = slices.Clone(p.Demands)
	}
	g.Turn = slices.Insert(g.Turn, r.IntN(len(g.Turn)+1), p)
	fitDealer(g) // (a game of play has no dealer)
	return true
}

// phaseRemove drops a phase, never the last one that is not a draw (a
// turn of draws only never progresses); dropping the last play phase drops the
// response abilities, which are played to its discard pile, dropping
// the last phase whose events set off some effects drops those effects
// (fitTriggers), and dropping the last capture phase drops the layout,
// the sweep and, with no trick left, the card rules of the score
// (fitCapture), and dropping the meld phase drops the gin and undercut
// bonuses and, in a game that knocked and has no end condition, gives it
// one (fitMeld). In a game of betting with a showdown, which needs no
// phase, any phase may go, the last one too.
func phaseRemove(g *genome.Genome, r *rng.Source) bool {
	var can []int
	plays := 0 // the phases that are not draws
	for _, p := range g.Turn {
		if p.Kind != cardrules.PhaseDraw {
			plays++
		}
	}
	noPlay := g.Score.Betting != nil && g.Score.Betting.Showdown // (no phase needed)
	for i, p := range g.Turn {
		if p.Kind == cardrules.PhaseDraw || plays > 1 || noPlay {
			can = append(can, i)
		}
	}
	if len(g.Turn) < 2 && !(noPlay && len(g.Turn) == 1) || len(can) == 0 {
		return false
	}
	i := pick(r, can)
	had := g.HasPhase(cardrules.PhaseCapture)
	g.Turn = slices.Delete(g.Turn, i, i+1)
	fitCapture(g, had)
	fitTriggers(g)
	fitResponses(g)
	fitMeld(g)
	if g.Score.Contract != nil && !mayBid(g) {
		fitMatch(g) // (the contract goes, and what nothing scores any more)
	}
	return true
}

func phaseSwap(g *genome.Genome, r *rng.Source) bool {
	if len(g.Turn) < 2 {
		return false
	}
	i := r.IntN(len(g.Turn) - 1)
	g.Turn[i], g.Turn[i+1] = g.Turn[i+1], g.Turn[i]
	return true
}

// mutEnd changes when the game ends, a condition's result, or how the
// seats still in are ranked (not in a game with chips, which rank them).
func mutEnd(g *genome.Genome, r *rng.Source) bool {
	switch r.IntN(3) {
	case 0:
		u := genome.Until(r.IntN(int(cardrules.NumUntils) - 1))
		if u >= g.End.Until {
			u++
		}
		g.End.Until = u
	case 1:
		if len(g.End.Conditions) == 0 {
			g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: genome.Result(r.IntN(2))}}
			return true
		}
		c := &g.End.Conditions[r.IntN(len(g.End.Conditions))]
		c.Result = 1 - c.Result
	case 2:
		if g.Score.Chips.Stake > 0 {
			return false // chips rank the seats (the chips operator)
		}
		k := genome.RankBy(r.IntN(int(cardrules.NumRankBys) - 1))
		if k >= g.End.Rank {
			k++
		}
		g.End.Rank = k
	}
	return true
}

// mutTrick changes a trick phase's trump, or adds or drops its followers'
// preference.
func mutTrick(g *genome.Genome, r *rng.Source) bool {
	var ts []int
	for i, p := range g.Turn {
		if p.Kind == cardrules.PhaseTrick {
			ts = append(ts, i)
		}
	}
	if len(ts) == 0 {
		return false
	}
	p := &g.Turn[pick(r, ts)]
	if r.IntN(2) == 0 {
		t := genome.Trump(r.IntN(int(cardrules.NumTrumps) - 1))
		if t >= p.Trump {
			t++
		}
		p.Trump = t
		return true
	}
	if p.Prefer != nil {
		p.Prefer = nil
	} else {
		e := randomCompare(r)
		p.Prefer = &e
	}
	return true
}

// mutScore changes a scoring weight the game can score by one, reflected
// at its bounds: the points of a trick (in a game of tricks), of a set
// laid down (in a game that lays sets), of a card rule, or of a sweep (in
// a game of captures). It does not
// apply to a game that can score none of them. A game left scoring nothing
// drops its bonus effects and rules, which would have no points to add to
// (fitTriggers).
func mutScore(g *genome.Genome, r *rng.Source) bool {
	if g.Score.Chips.Stake > 0 {
		return false // chips are the only score (the chips operator)
	}
	var fields []int
	if g.HasPhase(cardrules.PhaseTrick) {
		fields = append(fields, 0)
	}
	if g.Meld != 0 {
		fields = append(fields, 1)
	}
	if len(g.Score.Cards) > 0 {
		fields = append(fields, 2)
	}
	if g.HasPhase(cardrules.PhaseCapture) {
		fields = append(fields, 3)
	}
	if len(fields) == 0 {
		return false
	}
	switch pick(r, fields) {
	case 0:
		g.Score.Trick = reflectStep(g.Score.Trick, r, 0, cardrules.MaxScore)
	case 1:
		g.Score.Meld = reflectStep(g.Score.Meld, r, 0, cardrules.MaxScore)
	case 2:
		c := &g.Score.Cards[r.IntN(len(g.Score.Cards))]
		c.Points = reflectStep(c.Points, r, 1, cardrules.MaxCardPoints)
	case 3:
		g.Score.Sweep = reflectStep(g.Score.Sweep, r, 0, cardrules.MaxScore)
	}
	fitTriggers(g)
	return true
}

// mutMeld changes the size of the sets laid down (0: none, which drops
// the effects of sets laid). Sets need a fan hand: it does not apply to a
// game of pile hands.
func mutMeld(g *genome.Genome, r *rng.Source) bool {
	if g.Hand != cardrules.HandFan {
		return false
	}
	sizes := slices.DeleteFunc([]int{0, 2, 3, 4}, func(x int) bool { return x == g.Meld })
	g.Meld = pick(r, sizes)
	fitTriggers(g)
	return true
}

func mutSeats(g *genome.Genome, r *rng.Source) bool {
	if g.Seats.Min == g.Seats.Max {
		return false
	}
	g.Seats.Default = reflectStep(g.Seats.Default, r, g.Seats.Min, g.Seats.Max)
	return true
}

// OpStats counts one operator's use: how often it was applied, how often
// the first attempt gave a valid genome, and how often every retry failed.
type OpStats struct {
	Name     string `json:"name"`
	Applied  int    `json:"applied"`
	FirstTry int    `json:"first_try"`
	Failed   int    `json:"failed"`
}

// FirstTryRate is the share of applications valid at the first attempt.
func (o OpStats) FirstTryRate() float64 {
	if o.Applied == 0 {
		return 0
	}
	return float64(o.FirstTry) / float64(o.Applied)
}

// valid reports whether g validates and compiles.
func valid(g *genome.Genome) bool {
	if g.Validate() != nil {
		return false
	}
	_, err := compile.Compile(g)
	return err == nil
}

// apply runs an operator on a copy of g, retrying up to retries times until
// the result is valid. It returns the new genome, or g unchanged when the
// operator does not apply or every attempt failed (counted as a failure).
func apply(g *genome.Genome, op operator, r *rng.Source, retries int, st *OpStats) *genome.Genome {
	for attempt := range retries {
		c := g.Clone()
		if !op.fn(c, r) {
			if attempt == 0 {
				return g
			}
			continue
		}
		if attempt == 0 {
			st.Applied++
		}
		if valid(c) {
			if attempt == 0 {
				st.FirstTry++
			}
			return c.Canonical()
		}
	}
	st.Failed++
	return g
}
