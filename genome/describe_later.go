package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of effects that wait (at), of a target the player chooses
// (chosen_opponent) and of the continuous rules.
//
// An effect that waits reads as any effect, followed by when it acts:
// "at the end of the turn", or "at the start of their next turn" (each
// target's own next turn), with "even if the player has gone out" in a
// game that goes on once a player is out. Its players are picked when it
// fires, so a condition on the table or the player's hand is tested then
// ("when it is played"), while one on the target's hand is tested when it
// acts. A note after the list of effects says the rest: the order they
// act in, the end checks, a player out by then passed over, the bound on
// effects waiting, that they cannot be answered and set off nothing.
//
// A chosen target is "an opponent of the player's choice", or of "their"
// choice for an effect set off by an event; a player who has gone out
// chooses nothing, so an effect set off by a player going out picks at
// random.
//
// The continuous rules form a section of their own, one sentence each:
// whom the rule holds for (every player, a player holding some number of
// cards, the players holding the most or the fewest cards), under what
// condition of the table, what it does (as a lasting effect of its type
// would, with its value growing by a count where it scales), and how it
// stacks with the rules and lasting effects of its type. The heading
// says when the players they hold for and their values are worked out.

// describeAt words when delayed effect e acts, as a clause that follows
// what it does, or "" for an effect that acts at once.
func (g *Genome) describeAt(e Effect) string {
	var s string
	switch e.At {
	case cardrules.ResolveNow:
		return ""
	case cardrules.ResolveTurnEnd:
		s = " at the end of the turn"
	case cardrules.ResolveTargetTurn:
		s = " at the start of their next turn"
		if e.Target == cardrules.TargetAllOpponents {
			s = ", each at the start of their own next turn"
		}
	default:
		return " at " + e.At.String()
	}
	if e.Type == cardrules.ForceDiscard && !strings.HasPrefix(s, ",") {
		// (The words of a discard end with where the cards go.)
		s = "," + s
	}
	if g.goesOnOut() {
		s += ", even if " + g.lastingSource(e) + " has gone out"
	}
	return s
}

// goesOnOut reports whether the game can go on once a player is out.
func (g *Genome) goesOnOut() bool {
	return len(g.End.Conditions) > 0 && g.End.Until != cardrules.UntilFirstOut
}

// hasDelayed reports whether some effect of g waits (with one of ats,
// when they are given).
func (g *Genome) hasDelayed(ats ...cardrules.Resolve) bool {
	return slices.ContainsFunc(g.Effects, func(e Effect) bool {
		return e.At != cardrules.ResolveNow && (len(ats) == 0 || slices.Contains(ats, e.At))
	})
}

// firedWhen words when effect e fires, for a condition tested then while
// the effect acts later: "when it is played", or for an effect set off by
// an event "when it is set off".
func firedWhen(e Effect) string {
	if e.When == cardrules.Played {
		return " when it is played"
	}
	return " when it is set off"
}

// describeDelayedNotes is the note on effects that wait, after the list of
// effects, "" when g has none: their players are picked when they fire,
// they act in the order they fired, each followed by a check for going
// out, on the players still in, even if the player who set them off is
// out; at most cardrules.MaxDelayed wait; they cannot be answered and set
// off nothing; a lost turn is not the start of a turn; the game's end
// drops those still waiting.
func (g *Genome) describeDelayedNotes() string {
	if !g.hasDelayed() {
		return ""
	}
	s := "An effect that acts later picks its players when it fires (a player chosen is chosen then), and waits:"
	var when []string
	if g.hasDelayed(cardrules.ResolveTurnEnd) {
		when = append(when, " those for the end of the turn act once the turn is played out, before the move passes on")
	}
	if g.hasDelayed(cardrules.ResolveTargetTurn) {
		w := " those for a player's next turn act when that player's turn starts, before they play"
		if g.hasLasting(cardrules.MissTurns) || g.hasRule(cardrules.MissTurns) {
			w += " (a turn they lose does not count)"
		}
		when = append(when, w)
	}
	s += strings.Join(when, ";") + ". They act in the order they fired, each followed by a check for going out, until the game is over; a player out of the game by then is passed over."
	s += fmt.Sprintf(" At most %d wait at once; any more do nothing.", cardrules.MaxDelayed)
	var not []string
	if len(g.Responses.Cards) > 0 {
		not = append(not, "cannot be answered")
	}
	if g.hasTriggered() {
		not = append(not, "set off nothing (the cards they move set off no effect)")
	}
	if len(not) > 0 {
		s += " When they act they " + strings.Join(not, " and ") + "."
	}
	return s + " Those still waiting when the game ends do nothing."
}

// chosenTarget words a chosen target of effect e set off by an event:
// the player the event happened to chooses, unless they have gone out, who
// choose nothing, so that one is picked at random.
func chosenTarget(e Effect) string {
	if e.When == cardrules.WentOut {
		return "one of their opponents chosen at random (being out, they choose none)"
	}
	return "an opponent of their choice"
}

// hasRule reports whether some rule of g is of one of types (of any type,
// when none are given).
func (g *Genome) hasRule(types ...EffectType) bool {
	return slices.ContainsFunc(g.Rules, func(r Rule) bool { return len(types) == 0 || slices.Contains(types, r.Type) })
}

// describeRules is the section of the continuous rules, "" when g has
// none: a heading that says when they are worked out, one line per rule,
// and the notes on locks, bans, lost turns and a player left nothing to
// play to a trick that the notes after the effects did not already give.
func (g *Genome) describeRules() string {
	if len(g.Rules) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Standing rules, in this order (whom each holds for, and its value, are worked out from the players still in after the deal and again at the end of every turn, and hold until the next time):\n")
	for _, r := range g.Rules {
		fmt.Fprintf(&b, "- %s.\n", g.ruleLine(r))
	}
	var notes []string
	if g.hasLasting() {
		notes = append(notes, fmt.Sprintf("They are not lasting effects and count nothing toward the %d in force.", cardrules.MaxActive))
	}
	if g.hasRule(cardrules.DrawLimit, cardrules.Bonus) && g.hasLasting(cardrules.DrawLimit, cardrules.Bonus) {
		notes = append(notes, "Over one player, a rule's value combines with the lasting effects' of its type and stacking group, the rules' values first.")
	}
	bars := []EffectType{cardrules.LockSuit, cardrules.LockRank, cardrules.BanSuit, cardrules.BanRank}
	if g.hasRule(bars...) && !g.hasLasting(bars...) {
		notes = append(notes, locksNote)
	}
	if g.hasRule(cardrules.MissTurns) && !g.hasLasting(cardrules.MissTurns) {
		notes = append(notes, g.missNote())
	}
	if len(g.Effects) == 0 && g.gatesTricks() {
		// (With effects, the note follows them.)
		notes = append(notes, "A player none of whose cards may be played to a trick plays nothing to it.")
	}
	if len(notes) > 0 {
		b.WriteString(strings.Join(notes, " ") + "\n")
	}
	return b.String()
}

// ruleLine words rule r as one item of the rules' section, without its
// final full stop.
func (g *Genome) ruleLine(r Rule) string {
	who, many := g.ruleWho(r)
	verb := func(one, more string) string {
		if many {
			return more
		}
		return one
	}
	var s string
	switch r.Type {
	case cardrules.LockSuit:
		s = who + " may play only " + r.Suit.Suit().String()
	case cardrules.LockRank:
		s = who + " may play only " + rankPlural(r.Rank)
	case cardrules.BanSuit, cardrules.BanRank:
		what := rankPlural(r.Rank)
		if r.Type == cardrules.BanSuit {
			what = r.Suit.Suit().String()
		}
		if who == "every player" {
			s = "no player may play " + what
		} else {
			s = who + " may not play " + what
		}
	case cardrules.DrawLimit:
		s = fmt.Sprintf("%s may draw at most %s at a time%s", who, plural(r.Value, "card"), g.scaleWords(r))
	case cardrules.MissTurns:
		s = fmt.Sprintf("%s %s their turns", who, verb("loses", "lose"))
	case cardrules.Bonus:
		s = fmt.Sprintf("%s %s %s more for each %s%s", who, verb("scores", "score"), plural(r.Value, "point"), g.bonusFor(), g.scaleWords(r))
	case cardrules.Suppress:
		x := r.Suppresses.Type()
		s = fmt.Sprintf("%s effects are switched off for %s: %s", lastingNoun(x), who, g.suppressWhat(x))
	default:
		s = who + " " + r.Type.String()
	}
	s = ruleIf(g, r) + s + g.ruleStacking(r)
	return strings.ToUpper(s[:1]) + s[1:]
}

// ruleWho words the players rule r holds for, and whether they are
// several for the verb: every player, or a player holding some number of
// cards; the players holding the most or the fewest cards, when they hold
// some number.
func (g *Genome) ruleWho(r Rule) (string, bool) {
	hand := ""
	if r.If.Of == cardrules.CondHand {
		hand = compareWords(r.If.Cmp) + plural(r.If.Value, "card")
	}
	switch r.Who {
	case cardrules.WhoMostCards, cardrules.WhoFewestCards:
		who := "the players holding the most cards"
		if r.Who == cardrules.WhoFewestCards {
			who = "the players holding the fewest cards"
		}
		if hand != "" {
			who += ", when that is " + hand + ","
		}
		return who, true
	}
	if hand != "" {
		return "a player holding " + hand, false
	}
	return "every player", false
}

// compareWords words comparison c before a count ("at least ").
func compareWords(c cardrules.Compare) string {
	return map[cardrules.Compare]string{cardrules.AtLeast: "at least ", cardrules.AtMost: "at most ", cardrules.Equal: "exactly "}[c]
}

// ruleIf words rule r's condition on the table as a clause that starts its
// sentence ("if the stock holds at least 5 cards, "), or "" (a condition
// on the hand is part of whom the rule holds for).
func ruleIf(g *Genome, r Rule) string {
	c := r.If
	n := compareWords(c.Cmp) + plural(c.Value, "card")
	switch c.Of {
	case cardrules.CondStock:
		return "if the stock holds " + n + ", "
	case cardrules.CondPile:
		return "if the discard pile holds " + n + ", "
	case cardrules.CondSeats:
		verb := "are"
		if c.Value == 1 {
			verb = "is"
		}
		return fmt.Sprintf("if %s%s %s still in, ", compareWords(c.Cmp), plural(c.Value, "player"), verb)
	case cardrules.CondTopSuit:
		suit := c.Suit.Suit()
		if slices.ContainsFunc(g.Turn, func(p Phase) bool { return len(p.NameSuit) > 0 }) {
			return fmt.Sprintf("if the active suit is %s (there is none while the discard pile is empty), ", suit)
		}
		return fmt.Sprintf("if the top card of the discard pile is a %s, ", strings.TrimSuffix(suit.String(), "s"))
	}
	return ""
}

// scaleWords words how rule r's value grows ("one more for every 10 cards
// in the discard pile"), with the bound of 13 where the count can reach
// it, or "" for a value that does not grow.
func (g *Genome) scaleWords(r Rule) string {
	sc := r.Scale
	if sc == (Scale{}) {
		return ""
	}
	every := "every " + plural(sc.Per, "card")
	if sc.Per == 1 {
		every = "every card"
	}
	most := len(g.Deck.Cards())
	var s string
	switch sc.By {
	case cardrules.CondHand:
		s = every + " they hold"
	case cardrules.CondStock:
		s = every + " in the stock"
	case cardrules.CondPile:
		s = every + " in the discard pile"
	case cardrules.CondSeats:
		s = "every " + plural(sc.Per, "player") + " still in"
		if sc.Per == 1 {
			s = "every player still in"
		}
		most = g.Seats.Max
	default:
		s = "every " + fmt.Sprint(sc.Per) + " " + sc.By.String()
	}
	s = ", one more for " + s
	if r.Value+most/sc.Per > cardrules.MaxEffectValue {
		s += fmt.Sprintf(", up to %d", cardrules.MaxEffectValue)
	}
	return s
}

// ruleStacking words how rule r stacks with the rules and lasting effects
// of its type, after a semicolon, or "" where nothing needs saying. Over
// one player the values of a stacking group combine as its mode says, the
// rules' first, in the order listed; across groups the smallest draw limit
// holds and bonuses add up. A type without a value names its group once
// the type uses one other than 0, and says when it does not stack.
func (g *Genome) ruleStacking(r Rule) string {
	noun := lastingNoun(r.Type)
	groups := g.usesKeys(r.Type) || r.Key != 0
	group := ""
	if groups {
		group = fmt.Sprintf(" of stacking group %d", r.Key)
	}
	stack := r.stacking()
	if !r.Type.UsesValue() {
		switch {
		case stack == cardrules.StackNone && groups:
			return fmt.Sprintf("; it is in stacking group %d, which does not stack", r.Key)
		case stack == cardrules.StackNone:
			return "; it does not stack"
		case groups:
			return fmt.Sprintf("; it is in stacking group %d", r.Key)
		}
		return ""
	}
	all := fmt.Sprintf("the %s %s%s", noun, g.kinds(r.Type), group)
	var s string
	switch stack {
	case cardrules.StackMax:
		s = "; over one player, the largest of " + all + " holds"
	case cardrules.StackMin:
		s = "; over one player, the smallest of " + all + " holds"
	case cardrules.StackNone:
		s = "; over one player, the first of " + all + " holds"
	default:
		s = "; over one player, " + all + " add up"
	}
	if g.stackKeys(r.Type) > 1 {
		if r.Type == cardrules.DrawLimit {
			s += ", and the smallest of the groups' limits holds"
		} else {
			s += ", and the groups' bonuses add up"
		}
	}
	return s
}

// kinds names what of type t g has that stacks: "rules", "effects" or
// "rules and effects".
func (g *Genome) kinds(t EffectType) string {
	switch rules, effects := g.hasRule(t), g.hasLasting(t); {
	case rules && effects:
		return "rules and effects"
	case rules:
		return "rules"
	}
	return "effects"
}

// usesKeys reports whether some effect or rule of type t is in a stacking
// group other than 0.
func (g *Genome) usesKeys(t EffectType) bool {
	return slices.ContainsFunc(g.Effects, func(x Effect) bool { return x.Type == t && x.Lasts.Key != 0 }) ||
		slices.ContainsFunc(g.Rules, func(x Rule) bool { return x.Type == t && x.Key != 0 })
}

// stackKeys counts the stacking groups the effects and rules of type t
// use.
func (g *Genome) stackKeys(t EffectType) int {
	keys := 0
	for k := range cardrules.MaxStackKey + 1 {
		if slices.ContainsFunc(g.Effects, func(x Effect) bool { return x.Type == t && x.Lasts.Key == k }) ||
			slices.ContainsFunc(g.Rules, func(x Rule) bool { return x.Type == t && x.Key == k }) {
			keys++
		}
	}
	return keys
}

// suppressWhat words what switching off type x does to the players it
// holds for: their effects of x do nothing, or for a lasting type do not
// start, and neither the effects of x in force nor, in a game with them,
// the rules of x apply to them.
func (g *Genome) suppressWhat(x EffectType) string {
	switch {
	case !x.Lasts():
		return "those they set off do nothing"
	case g.hasRule(x):
		return "those they set off do not start, and neither those in force nor the rules of the type apply to them"
	}
	return "those they set off do not start, and those in force do not apply to them"
}
