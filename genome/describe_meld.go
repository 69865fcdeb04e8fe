package genome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The words of a meld phase and of the deadwood scores, after pagat.com's
// Rummy and Gin Rummy: the draw from the stock or the discard pile; the
// melds, sets of one rank and runs of one suit in the deck's order (no
// going round); laying melds and laying off in the turn, or arranging the
// hand only as the deal ends; the discard, never the card just taken from
// the pile; the knock with its limit; the deadwood, the cards left
// unmatched, each worth its place in the deck's order up to 10 (face
// value, pictures 10, in a full pack with aces low); and the deal's-end
// scores: the difference of the deadwood, gin and the undercut.

// describeMeld renders a meld phase.
func describeMeld(g *Genome, p Phase) string {
	s := "Take the top card of the stock or, if the discard pile has a card, the top card of the discard pile. If " + g.emptyStock() +
		", you may not take from the discard pile either: pass, and do nothing else this turn. " + meldWords(g, p) + "."
	if g.Reshuffle {
		s += " If the discard pile is turned into a new stock when no card has been laid on the table since the deal began or since it was last turned, the deal ends there, blocked."
	}
	discard := "discard a card from your hand face up onto the discard pile, but not the card you took from the discard pile this turn"
	if g.Deck.TwoPacks() {
		discard += " (nor the other pack's copy of it)"
	}
	discard += " unless you have no other card you may discard (with none, you do not discard)."
	if p.Lay == cardrules.LayTurn {
		return s + " Then you may lay melds from your hand face up on the table, as many as you like, and then add cards from your hand to any melds on the table, yours or another player's: " +
			layOffWords(p, "to a set, a card of its rank", "to a run, the card of its suit just below its lowest or just above its highest") +
			". Then, unless your hand is empty, " + discard
	}
	s += " Melds are never laid on the table during play. " + g.deadwoodWords() + ". Then " + discard
	if p.Knock == 0 {
		return s + " Then, if you hold cards and have no deadwood at all (gin), you may knock: you lay out the melds you choose (without adding to other melds) and go out as a winner."
	}
	return s + fmt.Sprintf(" Then, if you hold cards and your deadwood is %d or less, you may knock: you lay out the melds you choose (without adding to other melds) and go out as a winner.", p.Knock)
}

// meldWords words what a meld phase's melds are: sets of at least Sets
// cards of one rank, runs of at least Runs cards of one suit in sequence
// in the deck's order (no going round); never a joker.
func meldWords(g *Genome, p Phase) string {
	var kinds []string
	if p.Sets > 0 {
		set := "sets of " + numberWord(p.Sets) + " or more cards of one rank"
		if g.Deck.TwoPacks() {
			set += " (both copies of a card may be in one set)"
		}
		kinds = append(kinds, set)
	}
	if p.Runs > 0 {
		ranks := meldRanks(g)
		names := make([]string, len(ranks))
		for i, r := range ranks {
			names[i] = r.String()
		}
		run := "runs of " + numberWord(p.Runs) + " or more cards of one suit in sequence in the order " + strings.Join(names, ", ") + " (one card of each rank"
		if len(names) > 1 {
			run += "; " + names[len(names)-1] + " is never followed by " + names[0]
		}
		kinds = append(kinds, run+")")
	}
	s := "Melds are " + andList(kinds, "and")
	if g.Deck.Jokers > 0 {
		s += "; a joker is never part of a meld"
	}
	return s
}

// layOffWords words which cards extend a meld on the table: a set's, a
// run's, or both as the phase has them.
func layOffWords(p Phase, set, run string) string {
	switch {
	case p.Sets == 0:
		return run
	case p.Runs == 0:
		return set
	}
	return set + "; " + run
}

// meldRanks lists the standard ranks of g's deck, lowest first in the
// deck's order: the ranks runs follow.
func meldRanks(g *Genome) []Rank {
	var ranks []Rank
	for _, c := range g.Deck.Cards() {
		if !c.IsJoker() && !slices.Contains(ranks, c.Rank()) {
			ranks = append(ranks, c.Rank())
		}
	}
	o := g.Deck.Order
	slices.SortFunc(ranks, func(a, b Rank) int { return int(o.Value(a)) - int(o.Value(b)) })
	return ranks
}

// deadwoodValues words the cards' deadwood values: each standard card's
// place among the deck's ranks in the deck's order, at most
// cardrules.DeadwoodCap; a joker's the cap.
func (g *Genome) deadwoodValues() string {
	var low, capped []string
	face := true // every value is the card's face value, pictures 10
	for i, r := range meldRanks(g) {
		v := min(i+1, cardrules.DeadwoodCap)
		if v < cardrules.DeadwoodCap {
			low = append(low, fmt.Sprintf("%s %d", r, v))
		} else {
			capped = append(capped, r.String())
		}
		switch {
		case r == 12: // the ace
			face = face && v == 1
		case r <= 8: // 2 to 10
			face = face && v == int(r)+2
		default:
			face = face && v == cardrules.DeadwoodCap
		}
	}
	if len(capped) > 0 {
		low = append(low, fmt.Sprintf("%s %d", andList(capped, "and"), cardrules.DeadwoodCap))
	}
	if g.Deck.Jokers > 0 {
		low = append(low, fmt.Sprintf("a joker %d", cardrules.DeadwoodCap))
	}
	s := fmt.Sprintf("its place in the deck's order, at most %d", cardrules.DeadwoodCap)
	if face {
		s = fmt.Sprintf("its face value, pictures %d", cardrules.DeadwoodCap)
	}
	return s + " (" + strings.Join(low, ", ") + ")"
}

// deadwoodWords says what a player's deadwood is: in a game that knocks,
// the cards left unmatched by the hand's best arrangement into melds;
// otherwise the whole hand. Each card counts its deadwood value.
func (g *Genome) deadwoodWords() string {
	if g.Knocks() {
		return "Your deadwood is the total value of the cards left unmatched when your hand is arranged into separate melds in the way that leaves the least; each card is worth " + g.deadwoodValues()
	}
	return "A player's deadwood is the total value of the cards in their hand, each card worth " + g.deadwoodValues()
}

// describeDeadwood words the deal's-end scores of the deadwood, or ""
// without them.
func (g *Genome) describeDeadwood() string {
	sc := g.Score
	if !sc.Deadwood {
		return ""
	}
	s := "When a deal ends with a player out as a winner, the first such player (the winner) scores against each other player by deadwood. "
	if g.Knocks() {
		p := g.Turn[g.MeldPhase()]
		s += "Every hand is arranged into melds as above (the winner's cards left in hand after laying out); then, unless the winner has no deadwood, each other player may add unmatched cards to the melds the winner laid out (" +
			layOffWords(p, "a card of a set's rank", "cards continuing a run of its suit up from its highest or down from its lowest") +
			") to lower their deadwood, each as if alone. "
	} else {
		s += g.deadwoodWords() + ". "
	}
	s += "For each other player whose deadwood is more than the winner's, the winner scores the difference; a player whose deadwood is no more than the winner's, when the winner has some, scores the difference"
	if sc.Undercut > 0 {
		s += fmt.Sprintf(" plus %s (an undercut)", plural(sc.Undercut, "point"))
	}
	s += " instead."
	if sc.Gin > 0 {
		s += fmt.Sprintf(" A winner with no deadwood (gin) scores %s more.", plural(sc.Gin, "point"))
	}
	return s + " With no player out as a winner, the deal's deadwood scores nothing."
}
