package genome_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// resolving returns e resolving at point r.
func resolving(e genome.Effect, r cardrules.Resolve) genome.Effect {
	e.At = r
	return e
}

// goesOn makes a game go on once a player is out (until one is left).
func goesOn(g *genome.Genome) { g.End.Until = cardrules.UntilOneLeft }

// A chosen target is an opponent of the player's choice; set off by an
// event, of the choice of the player it happened to, unless that player
// went out, who chooses nothing (the opponent is then drawn at random). It
// reads so for an immediate, a lasting (with a team's partners) and a
// gated effect alike.
func TestDescribeChosenTarget(t *testing.T) {
	chosen := cardrules.TargetChosen
	checkEffectLines(t, []effectLine{
		{"played", "uno-style", nil,
			genome.Effect{Rank: 1, Type: cardrules.DrawCards, Target: chosen, Value: 2},
			"3: an opponent of the player's choice draws 2 cards from the stock"},
		{"discard of a drawn card", "uno-style", nil,
			genome.Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: chosen, Value: 1, When: cardrules.Drawn},
			"When a player draws a 7 from the stock, an opponent of their choice discards 1 card of their choice, face down under the top of the discard pile"},
		{"set off by going out", "uno-style", goesOn,
			genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: chosen, Value: 3, When: cardrules.WentOut},
			"When a player goes out on a 7 (the last card to leave their hand), one of their opponents chosen at random (being out, they choose none) draws 3 cards from the stock"},
		{"lasting over a team", "whist", nil,
			lasting(genome.Effect{Rank: 12, Type: cardrules.MissTurns, Target: chosen}, genome.Lasting{For: cardrules.ForTurns, Turns: 1, Scope: cardrules.ScopeTeam}),
			"A: an opponent of the player's choice and their partner lose their turns for the rest of the turn and 1 more turn"},
		{"gated", "uno-style", nil,
			genome.Effect{Rank: 1, Type: cardrules.ForceDiscard, Target: chosen, Value: 1, Gate: true},
			"3: an opponent of the player's choice discards 1 card of their choice, face down under the top of the discard pile; a 3 may not be played while no opponent has cards"},
	})
}

// TestDescribeChosenNotRandom: the same game with a random and with a
// chosen target reads differently.
func TestDescribeChosenNotRandom(t *testing.T) {
	with := func(tg genome.Target) string {
		return describeVariant(t, "uno-style", func(g *genome.Genome) { g.Effects[0].Target = tg })
	}
	if with(cardrules.TargetChosen) == with(cardrules.TargetRandomOpponent) {
		t.Errorf("a chosen and a random target read alike:\n%s", with(cardrules.TargetChosen))
	}
}

// An effect that acts later says when after what it does: at the end of
// the turn, or at the start of the target's next turn (each target's own
// for every opponent); in a game that goes on once a player is out, that
// it acts even if the player who set it off has gone out. A condition on
// the table or the player's hand is tested when the effect fires ("when it
// is played", "when it is set off"), one on the target's hand when it
// acts ("then", after the words of when).
func TestDescribeAt(t *testing.T) {
	next := cardrules.TargetNext
	draw := genome.Effect{Rank: 1, Type: cardrules.DrawCards, Target: next, Value: 2}
	discard := genome.Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: cardrules.TargetAllOpponents, Value: 1}
	withIf := func(e genome.Effect, c genome.EffectCondition) genome.Effect {
		e.If = c
		return e
	}
	checkEffectLines(t, []effectLine{
		{"draw at the target's turn", "uno-style", nil, resolving(draw, cardrules.ResolveTargetTurn),
			"3: the next player draws 2 cards from the stock at the start of their next turn"},
		{"draw at the turn's end", "uno-style", nil, resolving(draw, cardrules.ResolveTurnEnd),
			"3: the next player draws 2 cards from the stock at the end of the turn"},
		{"discard for every opponent at their turns", "uno-style", nil, resolving(discard, cardrules.ResolveTargetTurn),
			"7: every opponent discards 1 card of their choice, face down under the top of the discard pile, each at the start of their own next turn"},
		{"discard at the turn's end", "uno-style", nil, resolving(discard, cardrules.ResolveTurnEnd),
			"7: every opponent discards 1 card of their choice, face down under the top of the discard pile, at the end of the turn"},
		{"even once out", "uno-style", goesOn, resolving(draw, cardrules.ResolveTurnEnd),
			"3: the next player draws 2 cards from the stock at the end of the turn, even if the player who played it has gone out"},
		{"set off by an event, even once out", "uno-style", goesOn, resolving(genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: cardrules.TargetSelf, Value: 1, When: cardrules.Drawn}, cardrules.ResolveTargetTurn),
			"When a player draws a 7 from the stock, that player draws 1 card from the stock at the start of their next turn, even if that player has gone out"},
		{"chosen, later", "uno-style", nil, resolving(genome.Effect{Rank: 1, Type: cardrules.DrawCards, Target: cardrules.TargetChosen, Value: 2}, cardrules.ResolveTargetTurn),
			"3: an opponent of the player's choice draws 2 cards from the stock at the start of their next turn"},
		{"stock tested when played", "uno-style", nil, resolving(withIf(draw, cond(cardrules.CondStock, cardrules.AtLeast, 5)), cardrules.ResolveTurnEnd),
			"3: the next player draws 2 cards from the stock at the end of the turn, if the stock holds at least 5 cards when it is played"},
		{"hand tested when set off", "uno-style", nil,
			resolving(withIf(genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: next, Value: 1, When: cardrules.Drawn}, cond(cardrules.CondHand, cardrules.AtMost, 3)), cardrules.ResolveTargetTurn),
			"When a player draws a 7 from the stock, the next player after them draws 1 card from the stock at the start of their next turn, if that player holds at most 3 cards when it is set off"},
		{"seats tested when played", "uno-style", nil, resolving(withIf(draw, cond(cardrules.CondSeats, cardrules.AtLeast, 3)), cardrules.ResolveTurnEnd),
			"3: the next player draws 2 cards from the stock at the end of the turn, if at least 3 players are still in when it is played"},
		{"active suit tested when played", "crazy-eights", nil, resolving(withIf(draw, topSuit(2)), cardrules.ResolveTurnEnd),
			"3: the next player draws 2 cards from the stock at the end of the turn, if the active suit is hearts when it is played (there is none while the discard pile is empty)"},
		{"target's hand tested when it acts", "uno-style", nil, resolving(withIf(discard, cond(cardrules.CondTarget, cardrules.AtLeast, 4)), cardrules.ResolveTargetTurn),
			"7: every opponent discards 1 card of their choice, face down under the top of the discard pile, each at the start of their own next turn, each only if they then hold at least 4 cards"},
	})
}

// The note after the list of effects says how effects that act later
// wait, only in a game that has one: players picked when they fire, the
// points at which they act (only those the game uses), the order, the end
// checks, a player out passed over, the bound on those waiting; that a
// lost turn does not count where turns can be lost, that they cannot be
// answered in a game with responses, that they set off nothing in a game
// with triggers; and that the game's end drops them.
func TestDescribeDelayedNotes(t *testing.T) {
	const (
		picked  = "An effect that acts later picks its players when it fires (a player chosen is chosen then), and waits:"
		turnEnd = "those for the end of the turn act once the turn is played out, before the move passes on"
		next    = "those for a player's next turn act when that player's turn starts, before they play"
		lost    = "(a turn they lose does not count)"
		order   = "They act in the order they fired, each followed by a check for going out, until the game is over; a player out of the game by then is passed over. At most 16 wait at once; any more do nothing."
		answer  = "cannot be answered"
		nothing = "set off nothing (the cards they move set off no effect)"
		dropped = "Those still waiting when the game ends do nothing."
	)
	draw := func(r cardrules.Resolve) genome.Effect {
		return resolving(genome.Effect{Rank: 1, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2}, r)
	}
	for _, tc := range []struct {
		name, seed string
		change     func(g *genome.Genome)
		want, not  []string
	}{
		{"none", "uno-style", func(g *genome.Genome) {}, nil, []string{picked}},
		{"turn end", "uno-style", func(g *genome.Genome) { g.Effects = append(g.Effects, draw(cardrules.ResolveTurnEnd)) },
			[]string{picked + " " + turnEnd + ". " + order, dropped}, []string{next, answer, nothing}},
		{"both, turns lost", "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, draw(cardrules.ResolveTurnEnd), draw(cardrules.ResolveTargetTurn),
				lasting(genome.Effect{Rank: 4, Type: cardrules.MissTurns, Target: cardrules.TargetNext}, turnsFor(1)))
		}, []string{picked + " " + turnEnd + "; " + next + " " + lost + ". " + order}, nil},
		{"a rule loses turns", "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, draw(cardrules.ResolveTargetTurn))
			g.Rules = []genome.Rule{{Type: cardrules.MissTurns, Who: cardrules.WhoFewestCards}}
		}, []string{picked + " " + next + " " + lost + ". "}, []string{turnEnd}},
		{"answered and triggered", "uno-stacking", func(g *genome.Genome) {
			g.Effects = append(g.Effects, draw(cardrules.ResolveTargetTurn),
				genome.Effect{Rank: 3, Type: cardrules.Reverse, When: cardrules.Drawn})
		}, []string{"When they act they " + answer + " and " + nothing + ". " + dropped}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, tc.seed, tc.change)
			for _, w := range tc.want {
				if !strings.Contains(d, w) {
					t.Errorf("Describe lacks %q\n%s", w, d)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(d, w) {
					t.Errorf("Describe has %q\n%s", w, d)
				}
			}
		})
	}
}

// TestDescribeRulesHybrid: the continuous rules of crazy-eights-rules read
// as a section of their own, after the effects: its heading says when they
// are worked out, and each rule reads as whom it holds for and what it
// does, its value growing with the discard pile; a lock or a ban gets the
// note on locks when no lasting effect gave it.
func TestDescribeRulesHybrid(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "hybrids", "crazy-eights-rules.json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := "\n\nStanding rules, in this order (whom each holds for, and its value, are worked out from the players still in after the deal and again at the end of every turn, and hold until the next time):\n" +
		"- The players holding the most cards may draw at most 1 card at a time, one more for every 10 cards in the discard pile; over one player, the smallest of the draw-limit rules holds.\n" +
		"- A player holding at most 2 cards may not play 8s.\n" +
		"Locks and bans take cards out of a player's hand before the rules of what may be played apply to the rest: a player they leave no card to play is as a player with no legal card.\n\nEnd:"
	if d := g.Describe(); !strings.Contains(d, want) {
		t.Errorf("Describe lacks %q\n%s", want, d)
	}
}

// ruleLines is a rule added to a seed game (after change, when given) and
// the line of the rules' section Describe must then give it.
type ruleLines struct {
	name, seed string
	change     func(g *genome.Genome)
	rules      []genome.Rule
	want       []string
}

// checkRuleLines requires each case's lines, each ended by a full stop, in
// the rules' section of its game's description.
func checkRuleLines(t *testing.T, cases []ruleLines) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, tc.seed, func(g *genome.Genome) {
				if tc.change != nil {
					tc.change(g)
				}
				g.Rules = tc.rules
			})
			_, section, ok := strings.Cut(d, "\nStanding rules, in this order")
			if !ok {
				t.Fatalf("Describe has no rules' section\n%s", d)
			}
			for _, w := range tc.want {
				if line := "\n- " + w + ".\n"; !strings.Contains(section, line) {
					t.Errorf("the rules' section lacks %q\n%s", line, d)
				}
			}
		})
	}
}

// A rule reads as one sentence: a condition on the table first ("If the
// stock holds ..."), then whom it holds for (every player, a player
// holding some number of cards, the players holding the most or the
// fewest, with the number where a condition on the hand narrows them), and
// what it does as a lasting effect of its type would; a ban for every
// player reads "no player may play"; a value that scales says by what,
// with the bound of 13 where the count could pass it; suppress names what
// it switches off, rules of the type included.
func TestDescribeRules(t *testing.T) {
	ban8 := genome.Rule{Type: cardrules.BanRank, Rank: 6}
	withIf := func(r genome.Rule, c genome.EffectCondition) genome.Rule {
		r.If = c
		return r
	}
	checkRuleLines(t, []ruleLines{
		{"ban for everyone", "crazy-eights", nil, []genome.Rule{ban8}, []string{"No player may play 8s"}},
		{"ban while the stock is low", "crazy-eights", nil, []genome.Rule{withIf(ban8, cond(cardrules.CondStock, cardrules.AtMost, 5))},
			[]string{"If the stock holds at most 5 cards, no player may play 8s"}},
		{"lock for the fewest while the pile is big", "crazy-eights", nil,
			[]genome.Rule{withIf(genome.Rule{Type: cardrules.LockSuit, Who: cardrules.WhoFewestCards, Suit: cardrules.TriggerOn(0)}, cond(cardrules.CondPile, cardrules.AtLeast, 10))},
			[]string{"If the discard pile holds at least 10 cards, the players holding the fewest cards may play only clubs"}},
		{"lock a rank for the most, when they hold many", "crazy-eights", nil,
			[]genome.Rule{withIf(genome.Rule{Type: cardrules.LockRank, Who: cardrules.WhoMostCards, Rank: 12}, cond(cardrules.CondHand, cardrules.AtLeast, 8))},
			[]string{"The players holding the most cards, when that is at least 8 cards, may play only aces"}},
		{"ban a suit with three in", "crazy-eights", nil,
			[]genome.Rule{withIf(genome.Rule{Type: cardrules.BanSuit, Who: cardrules.WhoMostCards, Suit: cardrules.TriggerOn(3)}, cond(cardrules.CondSeats, cardrules.Equal, 3))},
			[]string{"If exactly 3 players are still in, the players holding the most cards may not play spades"}},
		{"active suit", "crazy-eights", nil, []genome.Rule{withIf(ban8, topSuit(2))},
			[]string{"If the active suit is hearts (there is none while the discard pile is empty), no player may play 8s"}},
		{"top card's suit", "crazy-eights", func(g *genome.Genome) { g.Turn[0].NameSuit = nil }, []genome.Rule{withIf(ban8, topSuit(1))},
			[]string{"If the top card of the discard pile is a diamond, no player may play 8s"}},
		{"lost turns", "crazy-eights", nil, []genome.Rule{{Type: cardrules.MissTurns, Who: cardrules.WhoFewestCards}},
			[]string{"The players holding the fewest cards lose their turns"}},
		{"a lost turn for one holding one card", "crazy-eights", nil,
			[]genome.Rule{withIf(genome.Rule{Type: cardrules.MissTurns}, cond(cardrules.CondHand, cardrules.Equal, 1))},
			[]string{"A player holding exactly 1 card loses their turns"}},
		{"draw limit by hand, up to 13", "crazy-eights", nil,
			[]genome.Rule{{Type: cardrules.DrawLimit, Value: 2, Scale: genome.Scale{By: cardrules.CondHand, Per: 4}}},
			[]string{"Every player may draw at most 2 cards at a time, one more for every 4 cards they hold, up to 13; over one player, the draw-limit rules add up"}},
		{"draw limit by stock, per card", "crazy-eights", nil,
			[]genome.Rule{{Type: cardrules.DrawLimit, Value: 1, Scale: genome.Scale{By: cardrules.CondStock, Per: 1}, Stack: cardrules.StackMax}},
			[]string{"Every player may draw at most 1 card at a time, one more for every card in the stock, up to 13; over one player, the largest of the draw-limit rules holds"}},
		{"draw limit by seats", "crazy-eights", nil,
			[]genome.Rule{{Type: cardrules.DrawLimit, Who: cardrules.WhoMostCards, Value: 1, Scale: genome.Scale{By: cardrules.CondSeats, Per: 2}, Stack: cardrules.StackNone}},
			[]string{"The players holding the most cards may draw at most 1 card at a time, one more for every 2 players still in; over one player, the first of the draw-limit rules holds"}},
		{"bonus on tricks, by seats one each", "whist", nil,
			[]genome.Rule{{Type: cardrules.Bonus, Who: cardrules.WhoFewestCards, Value: 2, Scale: genome.Scale{By: cardrules.CondSeats, Per: 1}}},
			[]string{"The players holding the fewest cards score 2 points more for each trick they win, one more for every player still in; over one player, the bonus rules add up"}},
		{"suppress an immediate type", "uno-style", nil,
			[]genome.Rule{withIf(genome.Rule{Type: cardrules.Suppress, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}, cond(cardrules.CondHand, cardrules.AtMost, 2))},
			[]string{"Draw-cards effects are switched off for a player holding at most 2 cards: those they set off do nothing"}},
		{"suppress a type that rules hold", "uno-style", nil,
			[]genome.Rule{{Type: cardrules.Suppress, Who: cardrules.WhoMostCards, Suppresses: cardrules.SuppressedOf(cardrules.BanRank)}, ban8},
			[]string{"Rank-ban effects are switched off for the players holding the most cards: those they set off do not start, and neither those in force nor the rules of the type apply to them",
				"No player may play 8s"}},
	})
}

// How a rule stacks follows its words: a value's rules and effects of one
// stacking group combine over a player as the group's mode says, the
// groups named once the type uses one other than 0, and across groups the
// smallest limit holds or the bonuses add up; a type without a value names
// its group, and says when it does not stack. The lasting effects' notes
// count the rules too.
func TestDescribeRuleStacking(t *testing.T) {
	limit := func(key int, s cardrules.Stacking) genome.Rule {
		return genome.Rule{Type: cardrules.DrawLimit, Value: 3, Key: key, Stack: s}
	}
	limitEffect := func(key int, s cardrules.Stacking) genome.Effect {
		return genome.Effect{Rank: 5, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 2,
			Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Key: key, Stack: s}}
	}
	checkRuleLines(t, []ruleLines{
		{"one group with effects", "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, limitEffect(0, cardrules.StackMin))
		}, []genome.Rule{limit(0, cardrules.StackMin)},
			[]string{"Every player may draw at most 3 cards at a time; over one player, the smallest of the draw-limit rules and effects holds"}},
		{"two groups", "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, limitEffect(1, cardrules.StackMax))
		}, []genome.Rule{limit(0, cardrules.StackAdditive)},
			[]string{"Every player may draw at most 3 cards at a time; over one player, the draw-limit rules and effects of stacking group 0 add up, and the smallest of the groups' limits holds"}},
		{"a lock in a group", "crazy-eights", nil, []genome.Rule{{Type: cardrules.LockRank, Rank: 6, Key: 2}},
			[]string{"Every player may play only 8s; it is in stacking group 2"}},
		{"a ban that does not stack", "crazy-eights", nil, []genome.Rule{{Type: cardrules.BanRank, Rank: 6, Stack: cardrules.StackNone}},
			[]string{"No player may play 8s; it does not stack"}},
		{"a ban in a group that does not stack", "crazy-eights", nil, []genome.Rule{{Type: cardrules.BanRank, Rank: 6, Key: 1, Stack: cardrules.StackNone}},
			[]string{"No player may play 8s; it is in stacking group 1, which does not stack"}},
	})
	d := describeVariant(t, "uno-style", func(g *genome.Genome) {
		g.Effects = append(g.Effects, limitEffect(0, cardrules.StackMin))
		g.Rules = []genome.Rule{limit(1, cardrules.StackMin)}
	})
	for _, w := range []string{
		"7: the next player draws at most 2 cards at a time until the move next comes to the player who played it; of the draw-limit rules and effects of stacking group 0 on one player, the smallest holds, and the smallest of the groups' limits holds.",
		"They are not lasting effects and count nothing toward the 16 in force. Over one player, a rule's value combines with the lasting effects' of its type and stacking group, the rules' values first.",
	} {
		if !strings.Contains(d, w) {
			t.Errorf("Describe lacks %q\n%s", w, d)
		}
	}
}

// The notes on locks, bans and lost turns come once: after the lasting
// effects when one has the type, else after the rules; a lock rule in a
// trick game gets the note on a player left nothing to play to a trick.
func TestDescribeRuleNotes(t *testing.T) {
	const locks = "Locks and bans take cards out of a player's hand"
	const passed = "A player who loses their turns is passed over"
	for _, tc := range []struct {
		name, seed string
		change     func(g *genome.Genome)
		notes      map[string]int
	}{
		{"rules only", "crazy-eights", func(g *genome.Genome) {
			g.Rules = []genome.Rule{{Type: cardrules.BanRank, Rank: 6}, {Type: cardrules.MissTurns, Who: cardrules.WhoMostCards}}
		}, map[string]int{locks: 1, passed: 1}},
		{"effects and rules", "crazy-eights", func(g *genome.Genome) {
			g.Effects = []genome.Effect{
				lasting(genome.Effect{Rank: 1, Type: cardrules.LockRank, Target: cardrules.TargetNext}, turnsFor(1)),
				lasting(genome.Effect{Rank: 2, Type: cardrules.MissTurns, Target: cardrules.TargetNext}, turnsFor(1)),
			}
			g.Rules = []genome.Rule{{Type: cardrules.BanRank, Rank: 6}, {Type: cardrules.MissTurns, Who: cardrules.WhoMostCards}}
		}, map[string]int{locks: 1, passed: 1}},
		{"a lock in tricks", "whist", func(g *genome.Genome) {
			g.Rules = []genome.Rule{{Type: cardrules.LockSuit, Who: cardrules.WhoMostCards, Suit: cardrules.TriggerOn(2)}}
		}, map[string]int{locks: 1, "A player none of whose cards may be played to a trick plays nothing to it.": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, tc.seed, tc.change)
			for note, n := range tc.notes {
				if got := strings.Count(d, note); got != n {
					t.Errorf("%q %d times, want %d\n%s", note, got, n, d)
				}
			}
		})
	}
}
