package genome_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// The reference's sections on mechanisms that take more than a field
// table to explain: continuous rules and contracts.

// rulesSection writes the reference's section on continuous rules: what a rule
// is, when it is worked out, and each field's part, with an example of
// each holder, a condition and a scale, as Describe words them.
func rulesSection(t *testing.T, b *strings.Builder) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	var lasting []string
	for ty := range genome.EffectType(cardrules.NumEffectTypes) {
		if ty.Lasts() {
			lasting = append(lasting, ty.String())
		}
	}
	w("## Rules\n\n")
	w("The list `rules` holds at most %d continuous rules. A rule is no card's effect: it holds a lasting type (%s) over the seats it picks, as an active effect of that type would, and never ends. ", cardrules.MaxRules, codes(lasting))
	w("The seats it holds for and its value are worked out from the seats still in after the deal and again at the end of every turn (after the turn count grows and the effects counted in turns end, before the move passes on), and hold until the next time. ")
	w("`who` picks every seat, or those holding the most or the fewest cards (all of them on a tie). ")
	w("An `if` on `hand` leaves out the seats whose own hand fails it; one on the table (`stock`, `pile`, `seats`, `top_suit`) makes the rule hold for nobody while it fails; `target_hand` is refused. ")
	w("`draw_limit` and `bonus` take a `value` 1..%d, which a `scale` makes grow by one for every `per` of a count (the seat's own hand, the stock, the discard pile or the seats still in), up to %d; ", cardrules.MaxEffectValue, cardrules.MaxEffectValue)
	w("`lock_rank` and `ban_rank` take a `rank`, `lock_suit` and `ban_suit` a `suit`, `suppress` the type it `suppresses`. ")
	w("Over a seat, a rule's value combines with those of the other rules and the active effects of its type and stacking `key`, the rules' first in list order, by the `stack` mode that every effect and rule of one type and key share; a suppress rule switches off the effects, active effects and rules of its type for its seats. ")
	w("A rule must be able to act in its game, as a lasting effect must (a lock or a ban needs a phase that plays a chosen card, `draw_limit` a draw, `bonus` a scored trick or set). Rules are not active effects: they count nothing toward `MaxActive`.\n\n")
	g, err := genome.Seed("crazy-eights")
	if err != nil {
		t.Fatal(err)
	}
	g.Rules = []genome.Rule{
		{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1, Scale: genome.Scale{By: cardrules.CondPile, Per: 10}, Stack: cardrules.StackMin},
		{Type: cardrules.BanRank, Rank: 6, If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.AtMost, Value: 2}},
		{Type: cardrules.LockSuit, Who: cardrules.WhoFewestCards, Suit: cardrules.TriggerOn(2), If: genome.EffectCondition{Of: cardrules.CondStock, Cmp: cardrules.AtMost, Value: 5}},
		{Type: cardrules.MissTurns, If: genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.AtLeast, Value: 12}},
	}
	if err := g.Validate(); err != nil {
		t.Fatalf("the rules' examples: %v", err)
	}
	_, section, _ := strings.Cut(g.Describe(), "\nStanding rules")
	var rows [][]string
	for i, r := range g.Rules {
		j, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		_, line, ok := strings.Cut(section, "\n- ")
		if !ok {
			t.Fatalf("Describe has no line for rule %d", i)
		}
		line, rest, _ := strings.Cut(line, "\n")
		section = "\n" + rest
		rows = append(rows, []string{code(string(j)), line})
	}
	w("In crazy-eights, for example:\n\n")
	table(b, []string{"Rule", "Describe"}, rows)
}

// contractSection writes the reference's section on bids and contracts:
// the bidding round, the sides, the scores as a deal ends and the match's
// target with partnerships, each field's range, a worked example and the
// Spades-like game's contract as Describe words it.
func contractSection(t *testing.T, b *strings.Builder) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	w("## Contracts\n\n")
	w("`score.contract` makes a game of bids and contracts, as Spades. It needs a trick phase and fan hands.\n\n")
	w("**The bidding round.** Once per deal, after the deal, after any cards are passed (`match.pass`), after the lead card's holder is found and the automatic sets are laid down, and before a starter's effects fire and the first turn, each seat bids once, in seat order from the seat after the dealer. ")
	w("A bid is a decision among, in ascending order, 0 (a nil bid: to win no trick) only where `nil` is not 0, then 1, 2, ... up to the cards the seat holds, at most %s (%d) (a seat holding no card, its sets laid down, bids 1); a seat with one option bids it without choosing. Bids are public.\n\n", code("MaxBid"), cardrules.MaxBid)
	w("**Sides.** With partnerships (`teams: 2`) a side is a partnership: seat s is in side s mod 2, whose first seat is s mod 2. Otherwise each seat is a side, its own first seat. ")
	w("A side's contract is the sum of its seats' bids other than nil; its tricks are the tricks won in the deal, by any trick phase, by its seats that did not bid nil.\n\n")
	w("**Scores as a deal ends.** The contracts score first among a deal's-end scores (before the layout is gathered, the won-card comparisons, the deadwood, the hand scores, shooting the moon and the finishing scores), and every point goes to the side's first seat: a partnership's standing is its seats' total. ")
	w("First each side with a contract, in order of its first seat: with at least as many tricks as its contract (made), `trick` points per trick bid and `over` points per overtrick (a trick beyond the contract); its overtricks add to its bags, a count kept from deal to deal for the whole game from 0, and while its bags are at least `bags` (where not 0) it loses `penalty` points and its bags drop by `bags`. With fewer tricks (set), it loses `trick` points per trick bid. A side whose seats all bid nil has no contract and scores nothing here. ")
	w("Then each seat that bid nil, in seat order: its side's first seat scores `nil` points if it won no trick in the deal, else loses as many. A nil bidder's tricks count toward neither its side's contract nor its bags.\n\n")
	w("**A match with partnerships.** In a match with a target and partnerships (contracts or not), the match ends after a deal when a partnership's total, its seats' scores summed, reaches the target.\n\n")
	table(b, []string{"Field", "Range", "Meaning"}, [][]string{
		{"`trick`", fmt.Sprintf("1..%d (`MaxBidPoints`)", cardrules.MaxBidPoints), "Points per trick bid, won when the contract is made and lost when it is set."},
		{"`over`", fmt.Sprintf("0..%d (`MaxOvertrick`)", cardrules.MaxOvertrick), "Points per overtrick."},
		{"`bags`", fmt.Sprintf("0..%d (`MaxBags`)", cardrules.MaxBags), "The overtricks a side gathers before it pays the penalty (0: no penalty)."},
		{"`penalty`", fmt.Sprintf("0..%d (`MaxBidBonus`)", cardrules.MaxBidBonus), "The points the bags cost each time: given exactly when `bags` is."},
		{"`nil`", fmt.Sprintf("0..%d (`MaxBidBonus`)", cardrules.MaxBidBonus), "The points a nil bid wins when made and loses when not (0: no nil bids)."},
	})
	g := spadesGame(t)
	k := *g.Score.Contract
	j, err := json.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	_, para, ok := strings.Cut(g.Describe(), "\nBidding: ")
	if !ok {
		t.Fatal("Describe has no bidding paragraph")
	}
	para, _, _ = strings.Cut(para, "\n")
	w("For example, with `\"contract\": %s`, partners who bid 4 and 3 (a contract of 7) and win 9 tricks score %d points (7 × %d + 2 × %d) and gather 2 bags; winning 6, they lose %d. ", j, 7*k.Trick+2*k.Over, k.Trick, k.Over, 7*k.Trick)
	w("In a Spades-like game of four players in partnerships, with that contract, Describe says:\n\n> %s\n\n", para)
}
