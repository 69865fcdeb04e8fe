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
// table to explain: continuous rules, contracts, betting and a dealer.

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

// bettingSection writes the reference's section on betting: chips over a
// match, the betting rounds, the draw, how the pot is won, a game with no
// phases, each field's range, a worked example and draw poker's betting
// as Describe words it.
func bettingSection(t *testing.T, b *strings.Builder) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	w("## Betting\n\n")
	w("`score.betting` makes a game of limit betting for the chips' pool, the pot, as draw poker. It needs chips (`score.chips`), which are then the game's only score, as always with chips.\n\n")
	w("**Chips over a match.** A game with chips may be a match (`match`): each seat is given the stake as the game starts, antes as every deal is dealt, and each deal's end settles the chips (the per-card payments, then the pot); the chips carry from deal to deal, and the match also ends after a deal once at most one seat holds any. A match's `target` is then a number of chips held. With betting, no payment is needed (`ante`, `pass` and `per_card` may all be 0): the bets move the chips.\n\n")
	w("**The betting rounds.** Once per deal, after the deal, any pass, the lead card's holder and the automatic sets, and before a starter's effects fire and the first turn, a seat that holds no chips folds at once. ")
	w("Then comes the first round: where `blind` is not 0, the first seat after the dealer still in puts `blind` chips into the pot as the round's bet, and from the seat after it (without a blind, from the seat after the dealer) each seat still in and not all in acts in seat order. ")
	w("A seat owes the most any seat has put in this round less what it has put in; it may fold (only when it owes chips), check or call (put in what it owes, or all it holds when that is less, and it is then all in), or bet or raise (put in what it owes plus `bet`, while the round has had fewer than 1 + `raises` bets and raises, a blind counting as the bet, and when it holds more than that). ")
	w("The round closes once every seat still in and not all in has acted since the last bet or raise and has put in the most any seat has. A seat that folds is out of the deal as a loser and never wins the pot. Each action is a decision and counts as a turn.\n\n")
	w("**The draw.** Where `draw` is not 0, each seat still in, in seat order from the seat after the dealer, sets aside up to `draw` cards of its hand, face down and out of play, and draws as many from the stock (fewer if it runs out); then a second round follows, as the first with no blind, from the seat after the dealer. A draw needs fan hands.\n\n")
	w("**The pot.** Whenever a single seat is still in, the deal ends and it takes the pot. Otherwise the deal is played as its phases say, and at its end, after the per-card payments, with `showdown` the seats still in show their hands and the best poker hand (the best five cards; aces high, and low in A-2-3-4-5; jokers ignored; a hand of fewer than five cards ranks by its pairs and kickers) takes the pot, equal hands sharing it, the odd chips to the first of them from the seat after the dealer; without `showdown`, the first seat out as a winner takes it, and with none it stays for the next deal. No side pots are made: a seat all in can win the whole pot. A showdown needs fan hands.\n\n")
	w("**No phases.** A game of betting with a showdown may have no phases (`\"turn\": []`): each deal is its betting and its showdown. A game against a dealer has none ([Dealer](#dealer)); any other game needs 1 to %d phases.\n\n", cardrules.MaxPhases)
	table(b, []string{"Field", "Range", "Meaning"}, [][]string{
		{"`bet`", fmt.Sprintf("1..%d (`MaxBet`)", cardrules.MaxBet), "The chips of every bet and raise."},
		{"`raises`", fmt.Sprintf("0..%d (`MaxRaises`)", cardrules.MaxRaises), "The raises a round allows after its first bet."},
		{"`blind`", "0..`bet`", "The first round's forced bet, by the first seat after the dealer (0: none)."},
		{"`draw`", fmt.Sprintf("0..%d (`MaxExchange`)", cardrules.MaxExchange), "The cards each seat may exchange in a draw round, followed by a second betting round (0: one round, no draw)."},
		{"`showdown`", "true or false", "The best poker hand of the seats still in takes the pot at the deal's end (else the first seat out as a winner; required with no phases)."},
	})
	g := drawPokerGame(t)
	k := *g.Score.Betting
	j, err := json.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	_, para, ok := strings.Cut(g.Describe(), "\nBetting: ")
	if !ok {
		t.Fatal("Describe has no betting paragraph")
	}
	para, _, _ = strings.Cut(para, "\n")
	w("For example, with `\"betting\": %s`, a round is at most a bet of %d and %d raises: a seat that calls them all puts %d chips into the pot in that round. ", j, k.Bet, k.Raises, (1+k.Raises)*k.Bet)
	w("In draw poker (genome/testdata/betting/draw-poker.json: four players, a stake of %d and an ante of %d, %d deals, no phases), Describe says:\n\n> %s\n\n", g.Score.Chips.Stake, g.Score.Chips.Ante, g.Match.Deals, para)
}

// dealerSection writes the reference's section on a dealer: what the
// dealer is and what it needs, the totals, a deal, the settling, each
// field's range, a worked example and blackjack's dealer as Describe words
// it.
func dealerSection(t *testing.T, b *strings.Builder) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	w("## Dealer\n\n")
	w("`score.dealer` makes each deal a game of card sums against a dealer, as Blackjack. The dealer is a role the rules play, not a seat: the seats are the players (the deal's dealer, the seat the deal passes from in a match, is one of them, as in any game). ")
	w("It needs chips (`score.chips`, then the game's only score; no payment is needed: the wagers move the chips), fan hands, no phases (`\"turn\": []`) and no betting (`score.betting`).\n\n")
	w("**Totals.** A hand's total counts each 2 to 10 as its number, each J, Q and K as 10, and an ace as 11 where that keeps the total at 21 or below, else as 1; the total is soft while an ace counts 11, else hard. Jokers count 0. A total above 21 is bust.\n\n")
	w("**A deal.** Once the deal's start is over (the deal, the ante, any pass, the automatic sets), the dealer is dealt two cards from the stock, the first face up and the second face down (no seat sees it), fewer where the stock runs out. ")
	w("Each seat that holds no chips sits the deal out: it folds, out of the deal as a loser, its hand out of play unseen. Each other seat wagers `wager` chips, all it holds when that is less. ")
	w("Then each seat that wagered, in seat order from the seat after the deal's dealer (the first seat in the first deal, one seat further on in each deal of a match), takes one turn: while its total is below 21 it chooses to stand or to draw a card from the stock (a hit; each choice is a decision; with no card left to draw it stands, with no decision); reaching 21 it stands; above 21 it is bust and its turn ends. ")
	w("Then the dealer turns its face-down card up and draws from the stock, each card face up, while its total is below `stand`, or equal to `stand` and soft where `soft_hits` is set, and a card can be drawn. The dealer's turn is no seat's turn and no decision. The turn cap is checked before every seat's turn: a game that reaches it is capped at once, its wagers unsettled.\n\n")
	w("**Settling.** Each seat that wagered settles with the dealer, in seat order: bust, it loses its wager; else when the dealer is bust or the seat's total is above the dealer's it wins its wager from the house and takes its wager back; equal totals are a push, the wager coming back; a lower total loses the wager to the house. ")
	w("The house's chips start at 0 and may go below it, so the seats' chips and the house's always sum to the seats' stakes. Then the deal is over: the end conditions, `until`, `blocked` and a lead card never apply (nobody plays a card), nor does the `pass` payment (nobody passes); the `ante` and `per_card` payments go to a pool that no seat ever takes, since none goes out as a winner. ")
	w("Over a match (`match`), the chips carry from deal to deal, and the match also ends after a deal once no seat holds chips.\n\n")
	table(b, []string{"Field", "Range", "Meaning"}, [][]string{
		{"`wager`", fmt.Sprintf("1..%d (`MaxBet`)", cardrules.MaxBet), "The chips each seat wagers each deal (all it holds, if fewer)."},
		{"`stand`", fmt.Sprintf("%d..%d (`MinStand`..`MaxStand`)", cardrules.MinStand, cardrules.MaxStand), "The dealer draws while its total is below it, and stands on it or more."},
		{"`soft_hits`", "true or false", "The dealer also draws on a soft total equal to `stand` (as on a soft 17 in many casinos)."},
	})
	g := blackjackGame(t)
	k := *g.Score.Dealer
	j, err := json.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	_, para, ok := strings.Cut(g.Describe(), "\nDealer: ")
	if !ok {
		t.Fatal("Describe has no dealer paragraph")
	}
	para, _, _ = strings.Cut(para, "\n")
	w("For example, with `\"dealer\": %s`, a seat that stands on 18 wins %d chips from the house when the dealer goes bust, and loses its %d when the dealer draws to 19; with `\"soft_hits\": true` the dealer would also draw on an ace and a %d (a soft %d). ", j, k.Wager, k.Wager, k.Stand-11, k.Stand)
	w("In blackjack (the seed game: two to six players, a stake of %d, %d deals), Describe says:\n\n> %s\n\n", g.Score.Chips.Stake, g.Match.Deals, para)
}
