package genome

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// describeEnd words the end of the game: the end conditions, when play
// ends, the blocked rule, how the seats still in are ranked, partnerships'
// scores and the turn cap. Against a dealer, where nobody plays a card,
// each deal ends once its wagers are settled, and the rules of play that
// never apply are said last, as such (describeUnplayed).
func (g *Genome) describeEnd() string {
	var rules []string
	for _, c := range g.End.Conditions {
		rules = append(rules, describeCondition(c))
	}
	switch g.End.Until {
	case cardrules.UntilFirstOut:
		rules = append(rules, "The game ends as soon as one player is out.")
	case cardrules.UntilOneLeft:
		rules = append(rules, "Play continues until at most one player is left in.")
	case cardrules.UntilHandsEmpty:
		rules = append(rules, "The game ends when every hand is empty.")
	case cardrules.UntilNoCards:
		rules = append(rules, "The game ends when every hand and the stock are empty.")
	}
	if n := g.End.Blocked; n > 0 {
		who := "every player"
		if len(g.End.Conditions) > 0 {
			who = "every player still in"
		}
		more := ""
		switch {
		case n == 2:
			more = ", plus one more pass"
		case n > 2:
			more = fmt.Sprintf(", plus %d more passes", n-1)
		}
		rules = append(rules, fmt.Sprintf("If %s and %s passes in turn%s, the game also ends, blocked.", g.emptyStock(), who, more))
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	switch {
	case g.Score.Dealer == nil:
		w("%s", strings.Join(rules, " "))
	case g.IsMatch():
		w("Each deal ends once its wagers are settled.")
	default:
		w("The game ends once the wagers are settled.")
	}
	switch g.End.Rank {
	case cardrules.RankCards:
		w(" Players still in at the end are ranked by how many cards they hold (%s is better).", map[bool]string{true: "fewer", false: "more"}[g.fewerIsBetter()])
	case cardrules.RankScoreLow:
		w(" Players still in at the end are ranked by score, lowest first.")
	case cardrules.RankScoreHigh:
		if g.Score.Chips.Stake > 0 {
			w(" Players still in at the end are ranked by their chips, most first.")
		} else {
			w(" Players still in at the end are ranked by score, highest first.")
		}
	}
	if g.Teams == 2 {
		w(" A partnership's score is the sum of its players'.")
	}
	w(" If nobody has won after %d turns, the game is a draw.", g.TurnCap)
	if g.Score.Dealer != nil {
		w("%s", g.describeUnplayed(rules))
	}
	return strings.TrimSpace(b.String())
}

// describeUnplayed says, in a game against a dealer, the rules of play
// the genome has that never apply there, since nobody plays a card: who
// starts (a lead card), the payment for passing and the ending rules
// (given as sentences); "" when it has none.
func (g *Genome) describeUnplayed(ending []string) string {
	var rules []string
	if g.LeadCard != nil {
		rules = append(rules, fmt.Sprintf("the player holding the %s starts", g.leadCard()))
	}
	if c := g.Score.Chips; c.Pass > 0 {
		rules = append(rules, fmt.Sprintf("each time a player passes they put %s into the pool", plural(c.Pass, "chip")))
	}
	for _, s := range ending {
		rules = append(rules, strings.ToLower(s[:1])+strings.TrimSuffix(s[1:], "."))
	}
	if len(rules) == 0 {
		return ""
	}
	return " Nobody plays a card against the dealer, so these rules of play never apply: " + strings.Join(rules, "; ") + "."
}
