package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of an effect's trigger (when) and condition (if).
//
// An effect of a played card is listed under its rank ("- 2: ..."), as it
// always was. An effect set off by another event is listed as a sentence
// that starts with the event ("- When a player draws a 7, ..."): the seat
// the event happened to is "a player", and the effect's targets are
// counted from that seat ("the next player after them", "that player").
// Such an effect does not fire at once: it waits for the end of the step in
// which its event happened, which one note after the list says, with the
// order, the bound of 32 waiting events and the chain depth of one. A
// condition ends the effect's words ("..., if the stock then holds at least
// 5 cards"): "then" is when the effect would fire, and a condition on the
// target's hand is tested for each target.

// effectsHeading is the line above the list of effects: it says what sets
// off an effect listed under its rank alone, and that effects resolve in
// the order listed.
func (g *Genome) effectsHeading() string {
	switch {
	case !g.hasTriggered():
		return "Special cards (when a card of the rank is played, in this order):"
	case g.hasPlayed():
		return "Special cards (in this order; an effect listed under a rank alone applies when a card of that rank is played):"
	}
	return "Special cards (in this order):"
}

// hasPlayed reports whether some effect of g is set off by the play of
// its card.
func (g *Genome) hasPlayed() bool {
	return slices.ContainsFunc(g.Effects, func(e Effect) bool { return e.When == cardrules.Played })
}

// hasTriggered reports whether some effect of g is set off by an event
// other than the play of its card.
func (g *Genome) hasTriggered() bool {
	return slices.ContainsFunc(g.Effects, func(e Effect) bool { return e.When != cardrules.Played })
}

// effectLine words effect e as one item of the list of effects, without
// its final full stop: its rank and what it does for a played card, the
// event and what it does for another trigger.
func (g *Genome) effectLine(e Effect) string {
	if e.When == cardrules.Played {
		return triggerWords(e) + ": " + g.describeEffect(e)
	}
	return g.describeEvent(e) + ", " + g.describeAction(e) + g.describeAt(e) + g.describeIf(e) + g.lastingNotes(e)
}

// describeEvent words the event that sets off effect e (not played): the
// seat it happens to is "a player", the card is named by its rank ("a
// 7") or as one card ("the 7 of hearts"), and an event of a rank (an ask,
// a set) by the rank's plural ("queens"). A card taken is taken by a take
// phase, or handed over in answer to an ask, as the game's phases allow.
func (g *Genome) describeEvent(e Effect) string {
	card := cardNoun(e)
	switch e.When {
	case cardrules.Drawn:
		return fmt.Sprintf("When a player draws %s from the stock", card)
	case cardrules.Asked:
		return fmt.Sprintf("When a player asks an opponent for %s (whatever the answer)", rankPlural(e.Rank))
	case cardrules.Taken:
		switch take, ask := g.HasPhase(cardrules.PhaseTake), g.HasPhase(cardrules.PhaseAsk); {
		case take && ask:
			return fmt.Sprintf("When a player gets %s from another player's hand (by taking it, or handed over after an ask)", card)
		case ask:
			return fmt.Sprintf("When a player is handed %s by the opponent they asked", card)
		}
		return fmt.Sprintf("When a player takes %s from another player's hand", card)
	case cardrules.SetLaid:
		return fmt.Sprintf("When a player lays down a set of %s during play", rankPlural(e.Rank))
	case cardrules.TrickWon:
		return fmt.Sprintf("When a player wins a trick with %s", card)
	case cardrules.ForcedDiscard:
		return fmt.Sprintf("When an effect makes a player discard %s", card)
	case cardrules.WentOut:
		return fmt.Sprintf("When a player goes out on %s (the last card to leave their hand)", card)
	}
	return "When " + e.When.String()
}

// describeTriggered is the note on effects set off by other events than a
// play, "" when there are none: when they resolve, in what order, the
// checks for going out, the bound on waiting events, that they set off
// nothing further, that sets laid from the dealt hands set off nothing,
// and that they cannot be answered in a game with responses.
func (g *Genome) describeTriggered() string {
	if !g.hasTriggered() {
		return ""
	}
	s := "Effects set off by anything but a play wait until the end of the step in which their event happened"
	if g.Deal.Starter && g.Deal.StarterFires {
		s += " (or, for events during the starter's effects, until those have resolved)"
	}
	s += fmt.Sprintf(": then, after the check for going out, the events set off their effects in the order they happened, each event followed by a check for going out, until the game is over. At most %d events wait at once; any more in the same step set off nothing. Effects set off this way set off nothing further.", cardrules.MaxWaitingEvents)
	if slices.ContainsFunc(g.Effects, func(e Effect) bool { return e.When == cardrules.SetLaid }) {
		s += " Sets laid down from the dealt hands set off nothing."
	}
	if len(g.Responses.Cards) > 0 {
		s += " They cannot be answered."
	}
	return s
}

// describeIf words effect e's condition as a clause that ends its words
// (", if the stock then holds at least 5 cards"), or "" without one. The
// player of a played card is "the player", the seat an event happened to
// "that player"; the target's hand is tested for each target ("each only
// if they then hold ..." for every opponent). The active suit is said as
// the top card's suit in a game where no suit is named. An effect that
// acts later tests its condition when it fires ("when it is played"),
// but the target's hand when it acts ("then", after the words of when).
func (g *Genome) describeIf(e Effect) string {
	c := e.If
	if c.Of == cardrules.NoCond {
		return ""
	}
	then, when := "then ", ""
	if e.At != cardrules.ResolveNow && c.Of != cardrules.CondTarget {
		then, when = "", firedWhen(e)
	}
	n := compareWords(c.Cmp) + plural(c.Value, "card")
	switch c.Of {
	case cardrules.CondHand:
		who := "the player"
		if e.When != cardrules.Played {
			who = "that player"
		}
		return fmt.Sprintf(", if %s %sholds %s%s", who, then, n, when)
	case cardrules.CondTarget:
		if e.Target == cardrules.TargetAllOpponents {
			return ", each only if they then hold " + n
		}
		return ", if they then hold " + n
	case cardrules.CondStock:
		return ", if the stock " + then + "holds " + n + when
	case cardrules.CondPile:
		return ", if the discard pile " + then + "holds " + n + when
	case cardrules.CondSeats:
		verb := "are"
		if c.Value == 1 {
			verb = "is"
		}
		return fmt.Sprintf(", if %s%s %s %sstill in%s", compareWords(c.Cmp), plural(c.Value, "player"), verb, then, when)
	case cardrules.CondTopSuit:
		suit := c.Suit.Suit()
		if slices.ContainsFunc(g.Turn, func(p Phase) bool { return len(p.NameSuit) > 0 }) {
			return fmt.Sprintf(", if the active suit is %s%s%s (there is none while the discard pile is empty)", then, suit, when)
		}
		return fmt.Sprintf(", if the top card of the discard pile is %sa %s%s", then, strings.TrimSuffix(suit.String(), "s"), when)
	}
	return ", if " + c.Of.String()
}

// describeTriggeredAction words what effect e, set off by an event other
// than a play, does: its targets are counted from the seat the event
// happened to, and a skip or an extra turn acts on the advance at the end
// of the turn whoever's turn it is.
func (g *Genome) describeTriggeredAction(e Effect) string {
	switch e.Type {
	case cardrules.SkipNext:
		if e.Value > 1 {
			return fmt.Sprintf("the next %d players due to move miss a turn", e.Value)
		}
		return "the player due to move next misses a turn"
	case cardrules.Reverse:
		return "the direction of play reverses"
	case cardrules.DrawCards:
		return fmt.Sprintf("%s draws %s from the stock", triggeredTarget(e), plural(e.Value, "card"))
	case cardrules.ExtraTurn:
		return "the player whose turn it is takes another turn"
	case cardrules.ForceDiscard:
		return g.describeDiscard(triggeredTarget(e), e)
	}
	return e.Type.String()
}

// triggeredTarget words the target of effect e set off by an event,
// counted from the seat the event happened to.
func triggeredTarget(e Effect) string {
	t := e.Target
	switch t {
	case cardrules.TargetNext:
		return "the next player after them"
	case cardrules.TargetPrevious:
		return "the player before them"
	case cardrules.TargetAllOpponents:
		return "each of their opponents"
	case cardrules.TargetRandomOpponent:
		return "one of their opponents chosen at random"
	case cardrules.TargetSelf:
		return "that player"
	case cardrules.TargetChosen:
		return chosenTarget(e)
	}
	return t.String()
}

// cardNoun names the cards that set off effect e, with an article: its
// rank ("a 7", "an ace") or its one card ("the 7 of hearts").
func cardNoun(e Effect) string {
	r := rankNoun(e.Rank)
	if e.Suit != cardrules.AnySuit {
		return "the " + r + " of " + e.Suit.Suit().String()
	}
	if r == "8" || r == "ace" {
		return "an " + r
	}
	return "a " + r
}

// rankNoun is a rank as a word: the number, or jack, queen, king, ace,
// joker.
func rankNoun(r Rank) string {
	switch r {
	case cardrules.Joker:
		return "joker"
	case 9:
		return "jack"
	case 10:
		return "queen"
	case 11:
		return "king"
	case 12:
		return "ace"
	}
	return r.String()
}

// rankPlural is the plural of a rank's word ("7s", "queens").
func rankPlural(r Rank) string {
	return rankNoun(r) + "s"
}
