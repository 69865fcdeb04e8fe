package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// describeResponses words the game's responses for players at a table,
// with every field of Responses. For each effect type answered it says
// when a response window opens (an effect of that type about to hit a
// player other than the one who sent it, while it could take effect on
// them), who may answer (that player, or every player but the sender in
// turn order from it), with which cards (rank, whether the card must be
// playable on the top card) and what each does (stack, deflect, cancel),
// how answers are answered in turn and resolve last first, and what the
// player finally hit does. Then what holds for every answer: where the
// card goes, the check for going out, which effects can be answered at
// all, and the turn that answering or taking an effect costs. Which
// effects can be answered is said only in a game that also plays tricks,
// whose effects never can be (a game with responses has a play phase, so
// a fan hand, and never battles). Each effect type answered has a line,
// and what holds for every answer one more; the text is empty for a game
// without responses. Only effects of played cards (and the starter) open
// a window: an effect set off by another event is never answered.
func (g *Genome) describeResponses() string {
	r := g.Responses
	if len(r.Cards) == 0 {
		return ""
	}
	var parts []string
	for t := range cardrules.NumEffectTypes {
		if r.Answers(t) {
			s := g.describeAnswers(t)
			if len(parts) > 0 {
				s = strings.ToUpper(s[:1]) + s[1:]
			}
			parts = append(parts, s)
		}
	}
	s := "Responses: " + strings.Join(parts, "\n") + "\n"
	s += "An answering card goes onto the discard pile and its suit becomes the active suit"
	if slices.ContainsFunc(g.Turn, func(p Phase) bool { return len(p.NameSuit) > 0 }) {
		s += " (no suit is named)"
	}
	s += ", but it has no effect of its own. Players are checked for going out right after each answer; if that ends the game, nothing more resolves."
	if slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhaseTrick }) {
		s += " Only effects of cards played onto the discard pile"
		if g.Deal.Starter && g.Deal.StarterFires {
			s += " and of the starter"
		}
		s += " can be answered, never those of cards played to a trick."
	}
	if r.LoseTurn {
		s += " Answering, or taking the effect, costs the player their next turn."
	}
	return s
}

// describeAnswers words the responses to effects of type t: the window,
// the answering cards with their abilities, the chain and its resolution.
func (g *Genome) describeAnswers(t EffectType) string {
	r := g.Responses
	cards := slices.Clone(r.Cards)
	cards = slices.DeleteFunc(cards, func(c Response) bool { return c.Answers != t })
	slices.SortFunc(cards, func(a, b Response) int { return int(a.Rank) - int(b.Rank) })
	has := func(a Ability) bool {
		return slices.ContainsFunc(cards, func(c Response) bool { return c.Ability == a })
	}
	stack, cancel := has(cardrules.Stack), has(cardrules.Cancel)

	var what, can, take string
	switch t {
	case cardrules.DrawCards:
		what, can = "a draw effect", "a card could be drawn"
		take = ": draws the whole pending amount at once (as many cards as can be drawn"
		if slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhasePlay && p.DrawMax > 0 }) {
			take += "; these draws never count toward a turn's draw limit"
		}
		take += ")"
	case cardrules.ForceDiscard:
		what, can = "a discard effect", "they hold a card"
		take = ": discards the whole pending amount (as many cards as they hold)"
	default:
		what, can = "a "+t.String()+" effect", "it could take effect"
	}
	if !stack {
		take = ""
	}

	var opts []string
	for _, c := range cards {
		opts = append(opts, "with "+g.describeAnsweringCard(c)+", "+describeAbility(c, r.Who))
	}
	list := opts[len(opts)-1]
	if len(opts) > 1 {
		list = strings.Join(opts[:len(opts)-1], "; ") + "; or " + list
	}

	aimed := "aimed at"
	if cancel {
		aimed += " (for a cancel, the player whose card it cancels)"
	}
	s := fmt.Sprintf("when %s is about to hit a player other than the one who sent it, and %s, ", what, can)
	if r.Who == cardrules.RespondEveryone {
		s += "any player but the one who sent it may answer it, asked one at a time in turn order from the player it is about to hit, " + list + "."
		s += " Each answer may be answered in the same way, by any player but the one who played it, asked in turn order from the player it is " + aimed
	} else {
		s += "that player may answer it " + list + "."
		s += " Whoever an answer is " + aimed + " may answer it in the same way"
	}
	if cancel && (stack || has(cardrules.Deflect)) {
		s += "; only a cancel may answer a cancel"
	}
	s += "."
	if stack && t == cardrules.DrawCards {
		s += " An answer that adds to the cards pending adds nothing if, once it is played, no card could be drawn."
	}
	s += " When nobody answers any more, "
	if cancel {
		s += "the answers resolve last first: a cancel that is not itself cancelled cancels what it answered, which then does nothing. Unless the effect itself is cancelled, "
	}
	s += "the player it is then aimed at takes the effect" + take + "."
	if slices.ContainsFunc(g.Effects, func(e Effect) bool {
		return e.Type == t && e.Target == cardrules.TargetAllOpponents && e.When == cardrules.Played
	}) {
		s += " An effect on every opponent is answered for each of them in turn."
	}
	if !slices.ContainsFunc(g.Effects, func(e Effect) bool {
		return e.Type == t && e.Target != cardrules.TargetSelf && e.When == cardrules.Played
	}) {
		played := ""
		if g.hasTriggered() {
			played = " when played"
		}
		s += fmt.Sprintf(" (No card of this game has %s aimed at another player%s, so this never happens.)", what, played)
	}
	return s
}

// describeAnsweringCard words which cards of a response's rank may
// answer: any, or those the legality rule of the turn's first play phase
// allows on the top card (named by its step when the turn has several
// play phases).
func (g *Genome) describeAnsweringCard(c Response) string {
	rank := c.Rank.String()
	if c.IgnoreLegal {
		return fmt.Sprintf("%s %s (of any suit)", article(rank), rank)
	}
	s := fmt.Sprintf("%s %s that could be played on the top card", article(rank), rank)
	first := slices.IndexFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhasePlay })
	if first >= 0 && slices.ContainsFunc(g.Turn[first+1:], func(p Phase) bool { return p.Kind == cardrules.PhasePlay }) {
		s += fmt.Sprintf(" by the rule of step %d", first+1)
	}
	return s
}

// describeAbility words what an answer with response c does to what it
// answers, in a game whose respondents are who.
func describeAbility(c Response, who Respondents) string {
	switch c.Ability {
	case cardrules.Stack:
		next := "the next player"
		if who == cardrules.RespondEveryone {
			next = "the player after the one answering"
		}
		return fmt.Sprintf("adding %d to the cards pending and passing them on to %s", c.Value, next)
	case cardrules.Deflect:
		return "turning it back on the player who sent it"
	case cardrules.Cancel:
		return "cancelling what it answers (which may itself be cancelled)"
	}
	return c.Ability.String()
}
