package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// cond builds a numeric condition.
func cond(of cardrules.CondOf, cmp cardrules.Compare, v int) genome.EffectCondition {
	return genome.EffectCondition{Of: of, Cmp: cmp, Value: v}
}

// topSuit builds a top_suit condition.
func topSuit(s genome.Suit) genome.EffectCondition {
	return genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(s)}
}

// An effect set off by an event other than a play is a sentence that
// starts with the event, in the words of the game: a card drawn, a rank
// asked for, a card taken (by a take, handed over after an ask, or either,
// as the game's phases allow), a set laid down, a trick won, a card
// discarded by force, a player going out on a card. Its card is named by
// rank ("a 7", "an ace"), or as one card when the effect names a suit; a
// rank event by the rank's plural. Its targets are counted from the player
// the event happened to, and its skips and extra turns act on whoever is
// due to move.
func TestDescribeTriggers(t *testing.T) {
	checkEffectLines(t, []effectLine{
		{"drawn", "uno-style", nil,
			genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1, When: cardrules.Drawn},
			"When a player draws a 7 from the stock, the next player after them draws 1 card from the stock"},
		{"drawn, one card", "uno-style", nil,
			genome.Effect{Rank: 6, Suit: cardrules.TriggerOn(3), Type: cardrules.Reverse, When: cardrules.Drawn},
			"When a player draws the 8 of spades from the stock, the direction of play reverses"},
		{"asked", "go-fish", nil,
			genome.Effect{Rank: 10, Type: cardrules.SkipNext, Value: 1, When: cardrules.Asked},
			"When a player asks an opponent for queens (whatever the answer), the player due to move next misses a turn"},
		{"taken in an ask", "go-fish", nil,
			genome.Effect{Rank: 12, Suit: cardrules.TriggerOn(2), Type: cardrules.ExtraTurn, When: cardrules.Taken},
			"When a player is handed the ace of hearts by the opponent they asked, the player whose turn it is takes another turn"},
		{"taken by a take", "old-maid", nil,
			genome.Effect{Rank: 9, Type: cardrules.ForceDiscard, Target: cardrules.TargetPrevious, Value: 2, When: cardrules.Taken},
			"When a player takes a jack from another player's hand, the player before them discards 2 cards of their choice, out of play"},
		{"taken either way", "go-fish", func(g *genome.Genome) {
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseTake, From: cardrules.TargetNext})
		},
			genome.Effect{Rank: 6, Type: cardrules.DrawCards, Target: cardrules.TargetSelf, Value: 3, When: cardrules.Taken},
			"When a player gets an 8 from another player's hand (by taking it, or handed over after an ask), that player draws 3 cards from the stock"},
		{"set laid", "go-fish", nil,
			genome.Effect{Rank: 11, Type: cardrules.ForceDiscard, Target: cardrules.TargetAllOpponents, Value: 1, Random: true, When: cardrules.SetLaid},
			"When a player lays down a set of kings during play, each of their opponents discards 1 card taken at random from their hand, out of play"},
		{"trick won", "whist", nil,
			genome.Effect{Rank: 12, Type: cardrules.SkipNext, Value: 2, When: cardrules.TrickWon},
			"When a player wins a trick with an ace, the next 2 players due to move miss a turn"},
		{"forced discard", "uno-style", nil,
			genome.Effect{Rank: 8, Type: cardrules.DrawCards, Target: cardrules.TargetRandomOpponent, Value: 2, When: cardrules.ForcedDiscard},
			"When an effect makes a player discard a 10, one of their opponents chosen at random draws 2 cards from the stock"},
		{"went out", "uno-style", nil,
			genome.Effect{Rank: 0, Type: cardrules.ForceDiscard, Target: cardrules.TargetNext, Value: 1, When: cardrules.WentOut},
			"When a player goes out on a 2 (the last card to leave their hand), the next player after them discards 1 card of their choice, face down under the top of the discard pile"},
		{"went out, pile hands", "war", nil,
			genome.Effect{Rank: 11, Type: cardrules.ForceDiscard, Target: cardrules.TargetAllOpponents, Value: 3, When: cardrules.WentOut},
			"When a player goes out on a king (the last card to leave their hand), each of their opponents discards the top 3 cards of their pile, out of play"},
	})
}

// A condition ends the effect's words, tested "then", when the effect
// would fire: each subject and comparison has its words, the player of a
// played card is "the player" and the player an event happened to "that
// player", a test of the target's hand is made for each target, and the
// active suit is the top card's suit in a game where no suit is named. A
// played card's gate comes after its condition.
func TestDescribeConditions(t *testing.T) {
	draw := genome.Effect{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2}
	every := genome.Effect{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetAllOpponents, Value: 2}
	drawn := genome.Effect{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2, When: cardrules.Drawn}
	const played = "2: the next player draws 2 cards from the stock"
	const event = "When a player draws a 2 from the stock, the next player after them draws 2 cards from the stock"
	for _, tc := range []struct {
		name     string
		e        genome.Effect
		test     genome.EffectCondition
		nameSuit bool
		want     string
	}{
		{"hand", draw, cond(cardrules.CondHand, cardrules.AtLeast, 3), true, played + ", if the player then holds at least 3 cards"},
		{"hand of that player", drawn, cond(cardrules.CondHand, cardrules.AtMost, 1), true, event + ", if that player then holds at most 1 card"},
		{"target hand", draw, cond(cardrules.CondTarget, cardrules.Equal, 0), true, played + ", if they then hold exactly 0 cards"},
		{"every target's hand", every, cond(cardrules.CondTarget, cardrules.AtMost, 4), true,
			"2: every opponent draws 2 cards from the stock, each only if they then hold at most 4 cards"},
		{"stock", drawn, cond(cardrules.CondStock, cardrules.AtLeast, 5), true, event + ", if the stock then holds at least 5 cards"},
		{"pile", draw, cond(cardrules.CondPile, cardrules.Equal, 52), true, played + ", if the discard pile then holds exactly 52 cards"},
		{"seats", draw, cond(cardrules.CondSeats, cardrules.AtMost, 3), true, played + ", if at most 3 players are then still in"},
		{"one seat", draw, cond(cardrules.CondSeats, cardrules.Equal, 1), true, played + ", if exactly 1 player is then still in"},
		{"active suit", draw, topSuit(2), true, played + ", if the active suit is then hearts (there is none while the discard pile is empty)"},
		{"top card's suit", drawn, topSuit(0), false, event + ", if the top card of the discard pile is then a club"},
		{"gate after the condition", genome.Effect{Rank: 0, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 2, Gate: true},
			cond(cardrules.CondStock, cardrules.AtLeast, 2), true,
			played + ", if the stock then holds at least 2 cards; a 2 may not be played while nothing could be drawn once it is played"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, "uno-style", func(g *genome.Genome) {
				if !tc.nameSuit {
					g.Turn[0].NameSuit = nil
				}
				e := tc.e
				e.If = tc.test
				g.Effects = []genome.Effect{e}
			})
			if line := "\n- " + tc.want + ".\n"; !strings.Contains(d, line) {
				t.Errorf("Describe lacks %q\n%s", line, d)
			}
		})
	}
}

// The list of effects says what sets off an effect listed under a rank
// alone: with no other trigger, the heading is as it always was and no
// note follows; beside triggered effects, the heading says so; with only
// triggered effects, it says nothing of plays, and the note on skips drops
// what it says of a card's effects. One note on triggered effects says
// when they resolve, in what order, with the checks for going out, the
// bound on waiting events and the chain depth of one; in a game whose
// starter fires, where the starter's events wait; in a game with sets,
// that the dealt hands' sets set off nothing; in a game with responses,
// that they cannot be answered (and an answer only to them never
// happens). A last card that fires nothing still takes part in events.
func TestDescribeTriggeredNotes(t *testing.T) {
	const heading = "\nSpecial cards (when a card of the rank is played, in this order):\n"
	const mixed = "\nSpecial cards (in this order; an effect listed under a rank alone applies when a card of that rank is played):\n"
	const only = "\nSpecial cards (in this order):\n"
	const skips = "\nSkips add up but never skip everyone; effects of a card resolve before anyone is checked for going out.\n"
	const skipsOnly = "\nSkips add up but never skip everyone.\n"
	const note = "\nEffects set off by anything but a play wait until the end of the step in which their event happened: then, after the check for going out, the events set off their effects in the order they happened, each event followed by a check for going out, until the game is over. At most 32 events wait at once; any more in the same step set off nothing. Effects set off this way set off nothing further."
	const starter = "\nEffects set off by anything but a play wait until the end of the step in which their event happened (or, for events during the starter's effects, until those have resolved): then"
	const sets = " Sets laid down from the dealt hands set off nothing."
	const answered = " They cannot be answered."
	const inert = "\nA player's last card, the one that empties their hand, has no effect.\n"
	const inertEvents = "\nA player's last card, the one that empties their hand, has no effect when played (effects set off by other events still apply).\n"
	drawn := genome.Effect{Rank: 5, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1, When: cardrules.Drawn}
	for _, tc := range []struct {
		name, seed string
		change     func(g *genome.Genome)
		has, lacks []string
	}{
		{"played only", "uno-style", func(g *genome.Genome) { g.Effects[0].If = cond(cardrules.CondStock, cardrules.AtLeast, 1) },
			[]string{heading, skips}, []string{mixed, only, skipsOnly, "Effects set off"}},
		{"played and drawn", "uno-style", func(g *genome.Genome) { g.Effects = append(g.Effects, drawn) },
			[]string{mixed, skips, note + "\n"}, []string{heading, only, sets, answered, starter}},
		{"starter fires", "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, drawn)
			g.Deal.StarterFires = true
		}, []string{starter}, []string{note}},
		{"last card inert", "uno-style", func(g *genome.Genome) { g.LastCardInert = true },
			[]string{inert}, []string{inertEvents}},
		{"last card inert beside events", "uno-style", func(g *genome.Genome) {
			g.Effects = append(g.Effects, drawn)
			g.LastCardInert = true
		}, []string{inertEvents}, []string{inert}},
		{"triggered only, with sets", "go-fish", func(g *genome.Genome) {
			g.Effects = []genome.Effect{{Rank: 11, Type: cardrules.SkipNext, Value: 1, When: cardrules.SetLaid}}
		}, []string{only, skipsOnly, note + sets + "\n"}, []string{heading, mixed, skips}},
		{"responses", "uno-stacking", func(g *genome.Genome) {
			// Only the 8 draws when played; the 2 draws when drawn, and
			// no played card's draw is aimed at another player.
			g.Effects[0].When = cardrules.Drawn
			g.Effects[1].Target = cardrules.TargetSelf
		}, []string{note + answered + "\n", "(No card of this game has a draw effect aimed at another player when played, so this never happens.)"},
			[]string{"An effect on every opponent"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, tc.seed, tc.change)
			for _, s := range tc.has {
				if !strings.Contains(d, s) {
					t.Errorf("Describe lacks %q\n%s", s, d)
				}
			}
			for _, s := range tc.lacks {
				if strings.Contains(d, s) {
					t.Errorf("Describe says %q\n%s", s, d)
				}
			}
		})
	}
}

// Every trigger, condition subject and comparison reads differently: the
// effect's line changes with each, so no two of them describe alike.
func TestDescribeTriggersDistinct(t *testing.T) {
	seen := map[string]string{}
	add := func(what, line string) {
		t.Helper()
		if prev, ok := seen[line]; ok {
			t.Errorf("%s and %s both read %q", prev, what, line)
		}
		seen[line] = what
	}
	// A game where every event can happen: play and draw phases, an ask,
	// a trick, sets, a forced discard and seats going out.
	base := func(g *genome.Genome) {
		g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseAsk},
			genome.Phase{Kind: cardrules.PhaseTrick, Lead: &genome.Expr{Op: genome.OpTrue}, Legal: &genome.Expr{Op: genome.OpTrue}})
		g.Meld = 3
	}
	line := func(e genome.Effect) string {
		d := describeVariant(t, "uno-style", func(g *genome.Genome) {
			base(g)
			g.Effects = append(g.Effects, e)
		})
		i := strings.LastIndex(d, "\n- ")
		return d[i+3 : i+3+strings.Index(d[i+3:], "\n")]
	}
	e := genome.Effect{Rank: 3, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1}
	for w := range cardrules.NumTriggers {
		f := e
		f.When = w
		add(w.String(), line(f))
	}
	for of := cardrules.CondHand; of < cardrules.NumCondOfs; of++ {
		for c := range cardrules.NumCompares {
			f := e
			f.If = cond(of, c, 2)
			if of == cardrules.CondTopSuit {
				if c > 0 {
					continue
				}
				f.If = topSuit(1)
			}
			add(of.String()+" "+c.String(), line(f))
		}
	}
}

// effectLine is an effect e added to seed game seed (after change, when
// given) and the line of the effects list Describe must then give it.
type effectLine struct {
	name, seed string
	change     func(g *genome.Genome)
	e          genome.Effect
	want       string
}

// checkEffectLines requires each case's line, ended by a full stop, in the
// list of effects of its game's description.
func checkEffectLines(t *testing.T, cases []effectLine) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, tc.seed, func(g *genome.Genome) {
				if tc.change != nil {
					tc.change(g)
				}
				g.Effects = append(g.Effects, tc.e)
			})
			if line := "\n- " + tc.want + ".\n"; !strings.Contains(d, line) {
				t.Errorf("Describe lacks %q\n%s", line, d)
			}
		})
	}
}
