package genome

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of a lasting effect (lock_suit, lock_rank, ban_suit, ban_rank,
// draw_limit, miss_turns, bonus, suppress).
//
// A lasting effect does not act once: when it fires it starts an effect in
// force over some players for a while. Its words say, in this order, whom
// it holds over (its target, with their partners for a team scope, or
// every player), what it does to them, and for how long; then its
// condition as for any effect; then, after semicolons, how it stacks with
// other effects of its type where that matters, and whether it ends when
// the player who set it off goes out. The player who set it off is the
// player of the card for a played card, and the player the event happened
// to otherwise ("that player"). A note after the list of effects gives
// what holds for every lasting effect of the game: the bound on effects in
// force, that locks and bans take cards out of the hand before every other rule of what may be
// played, and how lost turns pass the move on.

// describeLasting words what lasting effect e does when it fires in g,
// with its duration: "the next player may play only 7s for the rest of
// the turn and 2 more turns".
func (g *Genome) describeLasting(e Effect) string {
	who, many := g.lastingWho(e)
	verb := func(one, more string) string {
		if many {
			return more
		}
		return one
	}
	var s string
	switch e.Type {
	case cardrules.LockSuit:
		s = who + " may play only " + suitWords(e)
	case cardrules.LockRank:
		s = who + " may play only " + rankPlural(e.Rank)
	case cardrules.BanSuit:
		s = who + " may not play " + suitWords(e)
	case cardrules.BanRank:
		s = who + " may not play " + rankPlural(e.Rank)
	case cardrules.DrawLimit:
		s = fmt.Sprintf("%s %s at most %s at a time", who, verb("draws", "draw"), plural(e.Value, "card"))
	case cardrules.MissTurns:
		s = fmt.Sprintf("%s %s their turns", who, verb("loses", "lose"))
	case cardrules.Bonus:
		s = fmt.Sprintf("%s %s %s more for each %s", who, verb("scores", "score"), plural(e.Value, "point"), g.bonusFor())
	case cardrules.Suppress:
		x := e.Lasts.Suppresses.Type()
		return fmt.Sprintf("%s effects are switched off for %s %s: %s", lastingNoun(x), who, g.lastingDuration(e), g.suppressWhat(x))
	default:
		s = who + " " + e.Type.String()
	}
	return s + " " + g.lastingDuration(e)
}

// lastingWho words the players lasting effect e holds over, and whether
// they are several for the verb: its target counted from the player who
// set it off, with their partners for a team scope, or every player.
func (g *Genome) lastingWho(e Effect) (string, bool) {
	l := e.Lasts
	if l.Scope == cardrules.ScopeEveryone {
		return "every player", false
	}
	who := describeTarget(e.Target)
	if e.When != cardrules.Played {
		who = triggeredTarget(e)
	}
	if l.Scope != cardrules.ScopeTeam {
		return who, false
	}
	// (Validation fixes the seat count of a partnership game.)
	partner := "partner"
	if g.Seats.Max > 4 {
		partner = "partners"
	}
	if e.Target == cardrules.TargetAllOpponents {
		return who + " and each opponent's " + partner, true
	}
	return who + " and their " + partner, true
}

// suitWords names the suit a lock_suit or ban_suit effect e reads: the
// suit of the card that set it off ("cards of the 7's suit"), or its one
// suit when the effect names one ("hearts"). A joker's suit is none, which
// only the jokers share.
func suitWords(e Effect) string {
	if e.Suit != cardrules.AnySuit {
		return e.Suit.Suit().String()
	}
	if e.Rank == cardrules.Joker {
		return "jokers (a joker belongs to no suit, which only the jokers share)"
	}
	return "cards of the " + rankNoun(e.Rank) + "'s suit"
}

// bonusFor words what a bonus adds to in g: tricks won, sets laid down,
// or both.
func (g *Genome) bonusFor() string {
	tricks := slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhaseTrick })
	switch {
	case tricks && g.Meld > 0:
		return "trick they win and each set they lay down"
	case g.Meld > 0:
		return "set they lay down"
	}
	return "trick they win"
}

// lastingDuration words how long lasting effect e holds, as a clause that
// follows what it does. A trick duration ends with the trick under way,
// or with the next trick when none is: it reads so unless the effect can
// only start during a trick.
func (g *Genome) lastingDuration(e Effect) string {
	l := e.Lasts
	switch l.For {
	case cardrules.ForTurns:
		return cardrules.DurationPhrase(l.For, l.Turns)
	case cardrules.UntilSourceTurn:
		return "until the move next comes to " + g.lastingSource(e)
	case cardrules.UntilTrickEnd:
		inTrick := e.When == cardrules.Played && !(g.Deal.Starter && g.Deal.StarterFires) &&
			!slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind.PlaysCards() && p.Kind != cardrules.PhaseTrick })
		if inTrick {
			return "until the end of the trick"
		}
		return "until the end of the trick under way, or of the next trick when none is"
	case cardrules.UntilDealEnd:
		return "for the rest of the game"
	}
	return cardrules.DurationPhrase(l.For, l.Turns)
}

// lastingSource names the player who set off lasting effect e.
func (g *Genome) lastingSource(e Effect) string {
	if e.When != cardrules.Played {
		return "that player"
	}
	return "the player who played it"
}

// lastingNotes words what follows lasting effect e's condition, each part
// after a semicolon, or "" for an effect that is not lasting: how it
// stacks, where that matters, and whether it ends when the player who set
// it off goes out (said in a game that goes on once a player is out).
func (g *Genome) lastingNotes(e Effect) string {
	if !e.Type.Lasts() {
		return ""
	}
	var s string
	if n := g.stackingNote(e); n != "" {
		s += "; " + n
	}
	switch {
	case e.Lasts.Persists:
		s += "; it holds even once " + g.lastingSource(e) + " is out"
	case g.goesOnOut() && e.When != cardrules.WentOut:
		// (An effect set off by a player going out starts once they are
		// out: the cleanup when they went out is behind it.)
		s += "; it ends if " + g.lastingSource(e) + " goes out"
	}
	return s
}

// stackingNote words how lasting effect e stacks with the other effects
// of its type in force, or "" where nothing needs saying. Effects of one
// type fall in stacking groups (their keys), named once the type uses a
// group other than 0 (in an effect or a rule). Over one player, the values in force of a group
// combine as its mode says, and for draw_limit the smallest group's limit
// holds, for bonus the groups add up; with the mode none an effect starts
// nothing while one of its group is in force on anyone. The other types
// have no value, so only none changes what they do.
func (g *Genome) stackingNote(e Effect) string {
	l := e.Lasts
	noun := lastingNoun(e.Type)
	groups := g.usesKeys(e.Type) || l.Key != 0
	group := ""
	if groups {
		group = fmt.Sprintf(" of stacking group %d", l.Key)
	}
	if l.Stack == cardrules.StackNone {
		return fmt.Sprintf("it does not stack: it starts nothing while a %s effect%s is in force", noun, group)
	}
	if !e.Type.UsesValue() {
		if groups {
			return fmt.Sprintf("it is in stacking group %d", l.Key)
		}
		return ""
	}
	var s string
	switch l.Stack {
	case cardrules.StackMax:
		s = fmt.Sprintf("of the %s %s%s on one player, the largest holds", noun, g.kinds(e.Type), group)
	case cardrules.StackMin:
		s = fmt.Sprintf("of the %s %s%s on one player, the smallest holds", noun, g.kinds(e.Type), group)
	default:
		s = fmt.Sprintf("the %s %s%s on one player add up", noun, g.kinds(e.Type), group)
	}
	if g.stackKeys(e.Type) > 1 {
		if e.Type == cardrules.DrawLimit {
			s += ", and the smallest of the groups' limits holds"
		} else {
			s += ", and the groups' bonuses add up"
		}
	}
	return s
}

// lastingNoun names effects of type t as a modifier ("draw-cards" in
// "draw-cards effects"), one word group per type.
func lastingNoun(t EffectType) string {
	switch t {
	case cardrules.SkipNext:
		return "skip"
	case cardrules.Reverse:
		return "reverse"
	case cardrules.DrawCards:
		return "draw-cards"
	case cardrules.ExtraTurn:
		return "extra-turn"
	case cardrules.ForceDiscard:
		return "forced-discard"
	case cardrules.LockSuit:
		return "suit-lock"
	case cardrules.LockRank:
		return "rank-lock"
	case cardrules.BanSuit:
		return "suit-ban"
	case cardrules.BanRank:
		return "rank-ban"
	case cardrules.DrawLimit:
		return "draw-limit"
	case cardrules.MissTurns:
		return "lost-turn"
	case cardrules.Bonus:
		return "bonus"
	case cardrules.Suppress:
		return "suppress"
	}
	return t.String()
}

// hasLasting reports whether some effect of g is of a lasting type (of
// one of types, when types are given).
func (g *Genome) hasLasting(types ...EffectType) bool {
	return slices.ContainsFunc(g.Effects, func(e Effect) bool {
		return e.Type.Lasts() && (len(types) == 0 || slices.Contains(types, e.Type))
	})
}

// describeLastingNotes is the note on lasting effects after the list of
// effects, "" when g has none: the bound on effects in force at once, that
// locks and bans take cards out of the hand before every other rule of what may be played, and
// that a player who loses their turns is passed over without the turn
// counting, unless every player still in would be, and still plays to
// tricks.
func (g *Genome) describeLastingNotes() string {
	if !g.hasLasting() {
		return ""
	}
	s := fmt.Sprintf("A lasting effect holds over the players it names when it starts; at most %d are in force at once, and any more start nothing.", cardrules.MaxActive)
	if g.hasLasting(cardrules.LockSuit, cardrules.LockRank, cardrules.BanSuit, cardrules.BanRank) {
		s += " " + locksNote
	}
	if g.hasLasting(cardrules.MissTurns) {
		s += " " + g.missNote()
	}
	return s
}

// locksNote says that locks and bans (effects or rules) narrow a hand
// before the rules of what may be played.
const locksNote = "Locks and bans take cards out of a player's hand before the rules of what may be played apply to the rest: a player they leave no card to play is as a player with no legal card."

// missNote says how a player who loses their turns (to an effect or a
// rule) is passed over, and that they still play to tricks.
func (g *Genome) missNote() string {
	s := "A player who loses their turns is passed over, the move going on to the next player, unless every player still in would be; a turn passed over does not count as a turn."
	if slices.ContainsFunc(g.Turn, func(p Phase) bool { return p.Kind == cardrules.PhaseTrick }) {
		s += " Such a player still plays to tricks."
	}
	return s
}
