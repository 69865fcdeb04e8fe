package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Describe renders the rules of a valid genome in plain English, enough for
// people to play it at a table. Every semantic field shows in the text, so
// two genomes with different canonical forms describe differently.
func (g *Genome) Describe() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	if g.Name != "" {
		w("%s\n%s\n\n", g.Name, strings.Repeat("=", len(g.Name)))
	}
	if g.Summary != "" {
		w("%s\n\n", g.Summary)
	}
	s := g.Seats
	if s.Min == s.Max {
		w("Players: %d.\n", s.Min)
	} else {
		w("Players: %d to %d (usually %d).\n", s.Min, s.Max, s.Default)
	}
	w("Deck: %s.\n", describeDeck(g.Deck))
	switch {
	case g.Deal.All:
		w("Deal: shuffle and deal the whole deck one card at a time, starting with the first player.\n")
	default:
		w("Deal: shuffle and deal %d cards to each player", g.Deal.Cards)
		var ovs []string
		for _, o := range g.Deal.Overrides {
			ovs = append(ovs, fmt.Sprintf("%d with %d players", o.Cards, o.Seats))
		}
		if len(ovs) > 0 {
			w(" (%s)", strings.Join(ovs, ", "))
		}
		w("; the rest form the face-down stock.\n")
	}
	for _, s := range []string{g.describeLayout(), g.describeRefill()} {
		if s != "" {
			w("%s\n", s)
		}
	}
	if g.Deal.Starter {
		w("%s\n", describeStarter(g))
	}
	if g.Hand == cardrules.HandPile {
		w("Each player keeps their cards in a face-down pile without looking at them; cards won or drawn go to the bottom of the pile.\n")
	} else {
		w("Each player holds their cards in hand, hidden from the others.\n")
	}
	switch {
	case g.ReshuffleAtOnce:
		w("When the stock runs out, shuffle the discard pile except its top card at once to form a new stock, without waiting for the next draw; while the stock is empty, do so whenever a card is added to the discard pile.\n")
	case g.Reshuffle:
		w("When the stock runs out, shuffle the discard pile except its top card to form a new stock.\n")
	}
	if g.Teams == 2 {
		w("Players sit in two fixed partnerships: each player's partner sits opposite (players 1 and 3, players 2 and 4, and so on); partners win or lose together.\n")
	}
	if g.Meld > 0 {
		w("Whenever a player holds %d cards of one rank (after the deal too), they lay them down face up as a set.\n", g.Meld)
	}
	switch {
	case len(g.Turn) == 0:
		// (Only a game of betting with a showdown, or against a dealer,
		// has no phases.)
		deal := "the deal"
		if g.IsMatch() {
			deal = "each deal"
		}
		if g.Score.Dealer != nil {
			w("\nThere is no play of cards: %s is played against the dealer (below).\n", deal)
		} else {
			w("\nThere is no play: %s is only its betting and a showdown (below).\n", deal)
		}
	case g.LeadCard != nil:
		w("\nThe player holding the %s starts, and must play it first.", g.leadCard())
		if g.Deck.TwoPacks() {
			w(" (The packs are told apart by their backs; the other pack's %s is an ordinary card.)", *g.LeadCard)
		}
		w(" Play then passes to the left. On your turn:\n")
	default:
		w("\nPlay starts with the first player and passes to the left. On your turn:\n")
	}
	for i, p := range g.Turn {
		w("%d. %s\n", i+1, describePhase(g, p))
	}
	if s := g.describeCaptureRules(); s != "" {
		w("%s\n", s)
	}
	if len(g.Effects) > 0 {
		w("\n%s\n", g.effectsHeading())
		for _, e := range g.Effects {
			w("- %s.\n", g.effectLine(e))
		}
		if g.hasPlayed() {
			w("Skips add up but never skip everyone; effects of a card resolve before anyone is checked for going out.\n")
		} else {
			w("Skips add up but never skip everyone.\n")
		}
		if g.LastCardInert {
			if g.hasTriggered() {
				w("A player's last card, the one that empties their hand, has no effect when played (effects set off by other events still apply).\n")
			} else {
				w("A player's last card, the one that empties their hand, has no effect.\n")
			}
		}
		if g.gatesTricks() {
			w("A player none of whose cards may be played to a trick plays nothing to it.\n")
		}
		if s := g.describeTriggered(); s != "" {
			w("%s\n", s)
		}
		if s := g.describeLastingNotes(); s != "" {
			w("%s\n", s)
		}
		if s := g.describeDelayedNotes(); s != "" {
			w("%s\n", s)
		}
	}
	if len(g.Responses.Cards) > 0 {
		if len(g.Effects) == 0 {
			w("\n")
		}
		w("%s\n", g.describeResponses())
	}
	if s := g.describeRules(); s != "" {
		w("\n%s", s)
	}
	if !g.Score.playZero() || g.Score.Tallies() || g.Score.Chips.Stake > 0 {
		w("\nScoring:")
		if g.Score.Trick > 0 {
			w(" Each trick won scores %s.", plural(g.Score.Trick, "point"))
		}
		if g.Score.Meld > 0 {
			w(" Each set laid down scores %s.", plural(g.Score.Meld, "point"))
		}
		for _, c := range g.Score.Cards {
			w(" %s %s scores %s.", g.describeMatchIn(c.Match), g.wonIn(), plural(c.Points, "point"))
		}
		for _, s := range []string{g.describeSweep(), g.describeTally()} {
			if s != "" {
				w(" %s", s)
			}
		}
		if c := g.Score.Chips; c.Stake > 0 {
			w(" %s", describeChips(g))
		}
		w("\n")
	}
	// The bidding and the contracts score first as a deal ends, before
	// the deal's-end scores of the next paragraph.
	if s := g.describeContract(); s != "" {
		w("\nBidding: %s\n", s)
	}
	// The betting is worked out as each deal starts, and its pot is won
	// as the deal ends.
	if s := g.describeBetting(); s != "" {
		w("\nBetting: %s\n", s)
	}
	// The wagers are made as each deal starts and settled as it ends.
	if s := g.describeDealer(); s != "" {
		w("\nDealer: %s\n", s)
	}
	if s := g.describeMatchPlay(); s != "" {
		w("\nDeals: %s\n", s)
	}
	w("\nEnd: %s\n", g.describeEnd())
	return b.String()
}

// gatesTricks reports whether some effect of g gates its card, or some
// effect or rule locks or bans cards, in a game that plays tricks, where a gate, a lock or a ban
// can leave a player no card to play.
func (g *Genome) gatesTricks() bool {
	bars := []EffectType{cardrules.LockSuit, cardrules.LockRank, cardrules.BanSuit, cardrules.BanRank}
	return (slices.ContainsFunc(g.Effects, func(e Effect) bool { return e.Gate && e.Type.Fizzles() }) ||
		g.hasLasting(bars...) || g.hasRule(bars...)) &&
		slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhaseTrick })
}

// fewerIsBetter reports whether holding fewer cards is better in this game.
func (g *Genome) fewerIsBetter() bool {
	for _, c := range g.End.Conditions {
		if c.When == cardrules.EventHandEmpty {
			return c.Result == cardrules.ResultWin
		}
	}
	return true
}

func describePhase(g *Genome, p Phase) string {
	switch p.Kind {
	case cardrules.PhasePlay:
		s := "Play one card onto the discard pile. You may play " + ruleText(p.Legal, p.Prefer) + " (any card may start an empty pile)."
		if len(p.NameSuit) > 0 {
			var names []string
			for i, r := range p.NameSuit {
				switch {
				case r == cardrules.Joker && i == 0:
					names = append(names, "joker")
				case r == cardrules.Joker:
					names = append(names, "a joker")
				default:
					names = append(names, r.String())
				}
			}
			s += fmt.Sprintf(" After playing %s %s, name a suit: it becomes the active suit until the next card is played.", article(names[0]), strings.Join(names, " or "))
		}
		return s + describeDraws(g, p)
	case cardrules.PhaseBattle:
		s := "Battle: every player turns up the top card of their pile. The highest rank takes all the cards played."
		if p.WarFaceDown > 0 {
			s += fmt.Sprintf(" If the highest ranks tie, those players go to war: each adds %d cards face down and one face up, and the highest new card takes everything; repeat while they tie.", p.WarFaceDown)
		} else {
			s += " If the highest ranks tie, those players each turn up one more card, and the highest takes everything; repeat while they tie."
		}
		s += " A player who cannot supply the cards a war needs is out."
		if p.Returns == cardrules.ReturnsShuffled {
			s += " The winner shuffles the cards taken and puts them under their pile."
		} else {
			s += " The winner puts the cards taken under their pile in the order they were played."
		}
		return s
	case cardrules.PhaseTrick:
		s := "Play a trick: you lead a card, then each other player plays one in turn. You may lead " + ruleText(p.Lead, p.LeadPrefer) + " (the top card is the last card played, if any). Each other player may play " + ruleText(p.Legal, p.Prefer) + " (the top card is the card led, and the active suit its suit)."
		switch p.Trump {
		case cardrules.TrumpNone:
			s += " The highest card of the suit led wins the trick."
		case cardrules.TrumpLastDealt:
			s += " Trumps are the suit of the last card dealt: the highest trump wins the trick, or if none was played the highest card of the suit led."
		default:
			s += fmt.Sprintf(" %s are trumps: the highest trump wins the trick, or if none was played the highest card of the suit led.", strings.ToUpper(p.Trump.String()[:1])+p.Trump.String()[1:])
		}
		if g.Deck.TwoPacks() {
			s += " Of two identical cards, the one played first beats the other."
		}
		if g.Deck.Jokers > 0 {
			// A joker's suit is none: the arithmetic of the suits, said.
			s += " A joker led makes the suit led none, which only a joker follows; a joker played to another suit never wins"
			if p.Trump == cardrules.TrumpLastDealt {
				s += ", and a joker dealt last makes the jokers trumps"
			}
			s += "."
		}
		s += " The winner takes the trick and leads the next one."
		return s
	case cardrules.PhaseTake:
		return fmt.Sprintf("Take one card, without looking, from the hand of %s (the next one holding cards).", describeTarget(p.From))
	case cardrules.PhaseTableau:
		return fmt.Sprintf("Play one card to the tableau, where each suit has a row of cards in sequence: %s %s begins its suit's row, and a card next in rank to either end of its suit's row extends it (in the deck's order, skipping cards not in the deck). If you have no such card, pass.", article(p.Start.String()), p.Start)
	case cardrules.PhaseAsk:
		return "Ask an opponent for a rank you hold. If they have any, they give you all of them and you go again; if not, draw a card from the stock, and go again if it is the rank you asked for."
	case cardrules.PhaseTurnUp:
		return describeTurnUp(p)
	case cardrules.PhaseClimb:
		return describeClimb(p)
	case cardrules.PhaseCapture:
		return describeCapture(p)
	case cardrules.PhaseClaim:
		return describeClaim(g, p)
	case cardrules.PhaseMeld:
		return describeMeld(g, p)
	case cardrules.PhaseDraw:
		if p.Count == 1 {
			return "Draw a card from the stock (if it has one)."
		}
		return fmt.Sprintf("Draw %d cards from the stock (as many as it has).", p.Count)
	}
	return p.Kind.String()
}

// describeClimb renders a climb phase as pagat.com words President.
func describeClimb(p Phase) string {
	lead := "lead one or more cards of any one rank (up to " + numberWord(p.ClimbMax()) + ")"
	if p.ClimbMax() == 1 {
		lead = "lead any one card"
	}
	return "Play cards of one rank, higher than the last play and as many cards as it (a pair beats a pair, three of a kind beat three of a kind), or pass; if the table is empty, " + lead +
		". A player who passed may play again later. When everyone else still in has passed since the last play, the cards on the table are put out of play and the last player to play leads again (if they have gone out, the next player still in after them leads)."
}

// describeTurnUp renders a turn_up phase, demands from the highest rank
// down, as pagat.com words Beggar-my-neighbour.
func describeTurnUp(p Phase) string {
	ds := slices.Clone(p.Demands)
	slices.SortFunc(ds, func(a, b Demand) int { return int(b.Rank) - int(a.Rank) })
	var demands, ranks []string
	for i, d := range ds {
		w := rankArticle(d.Rank) + " " + numberWord(d.Count)
		if i == 0 {
			cards := " cards"
			if d.Count == 1 {
				cards = " card"
			}
			w = rankArticle(d.Rank) + " demands " + numberWord(d.Count) + cards
		}
		demands = append(demands, w)
		ranks = append(ranks, rankArticle(d.Rank))
	}
	s := "Turn up the top card of your pile onto the discard pile. " + upFirst(andList(demands, "and")) +
		": the next player to move pays instead, turning up that many cards one at a time; if one of them is " + andList(ranks, "or") +
		", paying stops and that card's demand falls on the next player to move. Otherwise whoever made the demand takes the whole discard pile"
	if p.Returns == cardrules.ReturnsShuffled {
		s += ", shuffles it and puts it under their pile"
	} else {
		s += " and puts it under their pile in the order it was played"
	}
	return s + ", and plays next; they take it as well when the payer's pile runs out first. A demand lapses when whoever made it is out."
}

// rankArticle is a rank as a word with its article ("a king", "an 8").
func rankArticle(r Rank) string {
	n := rankNoun(r)
	if n == "8" || n == "ace" {
		return "an " + n
	}
	return "a " + n
}

// numberWord is n in words for the small counts of a demand.
func numberWord(n int) string {
	if n >= 1 && n <= 8 {
		return [...]string{"one", "two", "three", "four", "five", "six", "seven", "eight"}[n-1]
	}
	return fmt.Sprint(n)
}

// andList joins words as English does: "a, b and c" (or "or").
func andList(ws []string, and string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " " + and + " " + ws[len(ws)-1]
}

// upFirst capitalises the first letter of s.
func upFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// describeStarter renders the starter card's rules: the ranks it may not
// be, and whether its effects apply.
func describeStarter(g *Genome) string {
	d := g.Deal
	s := "Turn the top card of the stock face up to start the discard pile"
	if d.StarterFires {
		s += ". The starter's effects apply as if the dealer, the player to the right of the first player, had played it: they resolve before the first turn and decide who starts, as after any play"
		if g.LeadCard != nil {
			s += fmt.Sprintf(", though the holder of the %s starts in any case", g.leadCard())
		}
		if slices.ContainsFunc(g.Turn, func(p Phase) bool { return len(p.NameSuit) > 0 }) {
			s += "; no suit is named for it"
		}
		s += "."
	} else {
		s += "; it has no effect."
	}
	if len(d.StarterNot) > 0 {
		ranks := slices.Clone(d.StarterNot)
		slices.Sort(ranks)
		var names []string
		for _, r := range ranks {
			if r == cardrules.Joker {
				names = append(names, "a joker")
				continue
			}
			names = append(names, article(r.String())+" "+r.String())
		}
		list := names[len(names)-1]
		if len(names) > 1 {
			list = strings.Join(names[:len(names)-1], ", ") + " or " + list
		}
		s += fmt.Sprintf(" If the starter is %s, it is shuffled back into the stock and another card is turned up, as often as needed.", list)
	}
	return s
}

// describeDraws renders a play phase's rules for drawing and passing.
func describeDraws(g *Genome, p Phase) string {
	var s string
	switch {
	case p.Draw == cardrules.DrawByChoice:
		then := "any legal card"
		if p.PlayDrawn {
			then = "only the card you drew last, if it is legal"
		}
		s = fmt.Sprintf(" You may draw instead of playing, one card at a time, up to %s a turn, and may then play %s.", plural(p.DrawMax, "card"), then)
	case p.DrawMax == 0:
		s = " If you cannot play, pass."
	case p.DrawMax == 1:
		s = " If you cannot play, draw a card; play it if you can, otherwise pass."
	default:
		s = fmt.Sprintf(" If you cannot play, draw cards one at a time, up to %d, until you can play one; if you still cannot, pass.", p.DrawMax)
	}
	stuck := ""
	if p.Draw == cardrules.DrawByChoice {
		stuck = " If you can neither play nor draw, pass."
	}
	switch p.Pass {
	case cardrules.PassNever:
		s += stuck
	case cardrules.PassAlways:
		s += " You may pass instead of playing at any time."
	case cardrules.PassAfterDraws:
		if p.DrawMax == 0 {
			s += " You may pass instead of playing at any time, as you may not draw."
		} else {
			s += fmt.Sprintf(" You may pass instead of playing only after drawing %s this turn or when %s.", plural(p.DrawMax, "card"), g.emptyStock())
		}
	case cardrules.PassEmptyStock:
		s += fmt.Sprintf(" You may pass instead of playing when %s.", g.emptyStock()) + stuck
	}
	return s
}

// emptyStock says when nothing can be drawn: the stock is empty, and in a
// game that reshuffles only at the next draw, the discard pile cannot
// refill it. (A game that reshuffles at once refills the stock whenever it
// can, so its stock is empty only when it cannot be refilled.)
func (g *Genome) emptyStock() string {
	if g.Reshuffle && !g.ReshuffleAtOnce {
		return "the stock is empty and cannot be refilled"
	}
	return "the stock is empty"
}

// describeEffect words effect e as it plays in g, with its condition and
// its gate if it has them (the condition first). A skip or an extra turn played to a trick makes players miss that
// trick rather than a turn (the trick's winner leads next); a forced
// discard takes the top cards of a face-down pile, not cards of the
// player's choice, and goes out of play in a game with no discard pile.
func (g *Genome) describeEffect(e Effect) string {
	s := g.describeAction(e) + g.describeAt(e) + g.describeIf(e) + g.lastingNotes(e)
	if e.Gate && e.Type.Fizzles() {
		s += "; " + g.describeGate(e)
	}
	return s
}

// describeGate words the gate of effect e: when a card of its rank may not
// be played, judged before it is played, on the state as it is then. A
// draw cannot resolve when nothing could be drawn once the card is played
// (without a reshuffle: while the stock is empty); a discard, when every
// seat it targets holds no card (the player: once the card has left their
// hand). A battle or a turn_up phase turns cards up without choice, so a
// gate never holds a card back there.
func (g *Genome) describeGate(e Effect) string {
	var when string
	switch e.Type {
	case cardrules.DrawCards:
		when = "while nothing could be drawn once it is played"
		if !g.Reshuffle {
			when = "while the stock is empty"
		}
	case cardrules.ForceDiscard:
		switch e.Target {
		case cardrules.TargetSelf:
			when = "as your last card"
		case cardrules.TargetNext:
			when = "while the next player has no cards"
		case cardrules.TargetPrevious:
			when = "while the previous player has no cards"
		default:
			when = "while no opponent has cards"
		}
	}
	rank := triggerWords(e)
	s := fmt.Sprintf("%s %s may not be played %s", article(rank), rank, when)
	switch {
	case g.HasPhase(cardrules.PhaseBattle):
		s += ", though a battle turns it up all the same"
	case g.HasPhase(cardrules.PhaseTurnUp):
		s += ", though it is turned up all the same"
	}
	return s
}

// describeAction words what effect e does when it fires in g. An effect
// set off by an event other than a play names its targets from the seat
// the event happened to, and fires at the end of a step, never during a
// trick: its skip or extra turn acts on the turn's advance.
func (g *Genome) describeAction(e Effect) string {
	if e.Type.Lasts() {
		return g.describeLasting(e)
	}
	if e.When != cardrules.Played {
		return g.describeTriggeredAction(e)
	}
	var tricks, turns bool // cards are played to tricks; to the discard pile or a battle
	for _, p := range g.Turn {
		switch {
		case p.Kind == cardrules.PhaseTrick:
			tricks = true
		case p.Kind.PlaysCards():
			turns = true
		}
	}
	// both words an effect that plays differently in a turn and in a trick.
	both := func(turn, trick string) string {
		switch {
		case tricks && !turns:
			return trick
		case tricks:
			return turn + " (played to a trick: " + trick + ")"
		}
		return turn
	}
	switch e.Type {
	case cardrules.SkipNext:
		if e.Value > 1 {
			return both(fmt.Sprintf("the next %d players miss a turn", e.Value),
				fmt.Sprintf("the next %d players still to play miss the trick", e.Value))
		}
		return both("the next player misses a turn", "the next player still to play misses the trick")
	case cardrules.Reverse:
		return "the direction of play reverses"
	case cardrules.DrawCards:
		return fmt.Sprintf("%s draws %s from the stock", describeTarget(e.Target), plural(e.Value, "card"))
	case cardrules.ExtraTurn:
		return both("the player takes another turn", "every player still to play misses the trick")
	case cardrules.ForceDiscard:
		return g.describeDiscard(describeTarget(e.Target), e)
	}
	return e.Type.String()
}

// describeDiscard words forced discard e aimed at who.
func (g *Genome) describeDiscard(who string, e Effect) string {
	what := fmt.Sprintf("%s of their choice", plural(e.Value, "card"))
	if e.Random {
		what = fmt.Sprintf("%s taken at random from their hand", plural(e.Value, "card"))
	}
	if g.Hand == cardrules.HandPile {
		what = "the top " + plural(e.Value, "card") + " of their pile"
		if e.Value == 1 {
			what = "the top card of their pile"
		}
	}
	where := "face down under the top of the discard pile"
	if !g.HasPhase(cardrules.PhasePlay) && !g.HasPhase(cardrules.PhaseTurnUp) {
		where = "out of play"
	}
	return fmt.Sprintf("%s discards %s, %s", who, what, where)
}

func describeTarget(t Target) string {
	switch t {
	case cardrules.TargetNext:
		return "the next player"
	case cardrules.TargetPrevious:
		return "the previous player"
	case cardrules.TargetAllOpponents:
		return "every opponent"
	case cardrules.TargetRandomOpponent:
		return "a randomly chosen opponent"
	case cardrules.TargetSelf:
		return "the player"
	case cardrules.TargetChosen:
		return "an opponent of the player's choice"
	}
	return t.String()
}

func plural(n int, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return fmt.Sprintf("%d %ss", n, s)
}

func describeCondition(c Condition) string {
	switch {
	case c.When == cardrules.EventHandEmpty && c.Result == cardrules.ResultWin:
		return "A player who has no cards left goes out as a winner (the first out ranks first)."
	case c.When == cardrules.EventHandEmpty && c.Result == cardrules.ResultLose:
		return "A player who has no cards left is out and loses (the first out ranks last)."
	}
	return c.When.String() + " " + c.Result.String()
}

// article is the indefinite article for a rank name ("an 8", "a 9").
func article(rank string) string {
	if rank == "8" || rank == "A" {
		return "an"
	}
	return "a"
}

// ruleText renders a legality predicate with its preference.
func ruleText(legal, prefer *Expr) string {
	s := "a card if " + strings.Trim(legal.Describe(), "()")
	if legal.Op == OpTrue {
		s = "any card"
	}
	if prefer != nil {
		s += ", but must play one where " + strings.Trim(prefer.Describe(), "()") + " if you can"
	}
	return s
}

func describeMatch(m Match) string {
	switch m.Kind {
	case cardrules.MatchRank:
		if Rank(m.Value) == cardrules.Joker {
			return "Each joker"
		}
		return "Each card of rank " + m.String()
	case cardrules.MatchSuit:
		return "Each card of " + m.String()
	}
	if m.Kind == cardrules.MatchCard {
		return "The " + m.String()
	}
	return m.String()
}

// triggerWords names the cards that trigger effect e: its rank ("2"), or
// its rank of one suit ("2 of hearts").
func triggerWords(e Effect) string {
	if e.Suit == cardrules.AnySuit {
		return e.Rank.String()
	}
	return e.Rank.String() + " of " + e.Suit.String()
}
