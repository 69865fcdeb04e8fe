package genome

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// An effect's words follow the game it is in: a skip or an extra turn
// played to a trick makes players miss the trick, and says so beside the
// turn it costs in a game that also plays to the discard pile; a forced
// discard takes the top of a face-down pile, and goes out of play where no
// phase plays to the discard pile.
func TestDescribeEffectInContext(t *testing.T) {
	skip := Effect{Rank: 9, Type: cardrules.SkipNext, Value: 2}
	extra := Effect{Rank: 9, Type: cardrules.ExtraTurn}
	discard := Effect{Rank: 9, Type: cardrules.ForceDiscard, Target: cardrules.TargetAllOpponents, Value: 1}
	play := Phase{Kind: cardrules.PhasePlay}
	trick := Phase{Kind: cardrules.PhaseTrick}
	battle := Phase{Kind: cardrules.PhaseBattle}
	for _, tc := range []struct {
		hand HandKind
		turn []Phase
		e    Effect
		want string
	}{
		{cardrules.HandFan, []Phase{play}, skip, "the next 2 players miss a turn"},
		{cardrules.HandFan, []Phase{trick}, skip, "the next 2 players still to play miss the trick"},
		{cardrules.HandFan, []Phase{play, trick}, skip, "the next 2 players miss a turn (played to a trick: the next 2 players still to play miss the trick)"},
		{cardrules.HandFan, []Phase{trick}, extra, "every player still to play misses the trick"},
		{cardrules.HandFan, []Phase{play}, extra, "the player takes another turn"},
		{cardrules.HandFan, []Phase{play}, discard, "every opponent discards 1 card of their choice, face down under the top of the discard pile"},
		{cardrules.HandFan, []Phase{trick}, discard, "every opponent discards 1 card of their choice, out of play"},
		{cardrules.HandPile, []Phase{battle}, discard, "every opponent discards the top card of their pile, out of play"},
	} {
		g := &Genome{Hand: tc.hand, Turn: tc.turn}
		if got := g.describeEffect(tc.e); got != tc.want {
			t.Errorf("%v in %v (%v hand): %q, want %q", tc.e.Type, tc.turn, tc.hand, got, tc.want)
		}
	}
}

// A gated effect says when its card may not be played: a draw while
// nothing could be drawn once it is played (while the stock is empty, in a
// game that never reshuffles), a discard aimed at the player as their last
// card, one aimed at another seat while that seat, or every opponent, has
// no cards. The gate keeps the effect's words for its game (a trick, a
// pile), and a battle, which turns cards up without choice, turns a gated
// card up all the same. An effect without a gate says nothing of one.
func TestDescribeGate(t *testing.T) {
	play := Phase{Kind: cardrules.PhasePlay}
	trick := Phase{Kind: cardrules.PhaseTrick}
	battle := Phase{Kind: cardrules.PhaseBattle}
	draw := func(target Target, gate bool) Effect {
		return Effect{Rank: 0, Type: cardrules.DrawCards, Target: target, Value: 2, Gate: gate}
	}
	discard := func(target Target) Effect {
		return Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: target, Value: 1, Gate: true}
	}
	for _, tc := range []struct {
		hand      HandKind
		turn      []Phase
		reshuffle bool
		e         Effect
		want      string
	}{
		{cardrules.HandFan, []Phase{play}, false, draw(cardrules.TargetNext, false),
			"the next player draws 2 cards from the stock"},
		{cardrules.HandFan, []Phase{play}, false, draw(cardrules.TargetNext, true),
			"the next player draws 2 cards from the stock; a 2 may not be played while the stock is empty"},
		{cardrules.HandFan, []Phase{play}, true, draw(cardrules.TargetAllOpponents, true),
			"every opponent draws 2 cards from the stock; a 2 may not be played while nothing could be drawn once it is played"},
		{cardrules.HandFan, []Phase{trick}, true, draw(cardrules.TargetSelf, true),
			"the player draws 2 cards from the stock; a 2 may not be played while nothing could be drawn once it is played"},
		{cardrules.HandFan, []Phase{play}, false, discard(cardrules.TargetSelf),
			"the player discards 1 card of their choice, face down under the top of the discard pile; a 7 may not be played as your last card"},
		{cardrules.HandFan, []Phase{play}, false, discard(cardrules.TargetNext),
			"the next player discards 1 card of their choice, face down under the top of the discard pile; a 7 may not be played while the next player has no cards"},
		{cardrules.HandFan, []Phase{play}, false, discard(cardrules.TargetPrevious),
			"the previous player discards 1 card of their choice, face down under the top of the discard pile; a 7 may not be played while the previous player has no cards"},
		{cardrules.HandFan, []Phase{trick}, false, discard(cardrules.TargetAllOpponents),
			"every opponent discards 1 card of their choice, out of play; a 7 may not be played while no opponent has cards"},
		{cardrules.HandFan, []Phase{play}, false, discard(cardrules.TargetRandomOpponent),
			"a randomly chosen opponent discards 1 card of their choice, face down under the top of the discard pile; a 7 may not be played while no opponent has cards"},
		{cardrules.HandPile, []Phase{battle}, false, discard(cardrules.TargetNext),
			"the next player discards the top card of their pile, out of play; a 7 may not be played while the next player has no cards, though a battle turns it up all the same"},
		{cardrules.HandFan, []Phase{play}, false, Effect{Rank: 12, Type: cardrules.DrawCards, Target: cardrules.TargetNext, Value: 1, Gate: true},
			"the next player draws 1 card from the stock; an A may not be played while the stock is empty"},
	} {
		g := &Genome{Hand: tc.hand, Turn: tc.turn, Reshuffle: tc.reshuffle}
		if got := g.describeEffect(tc.e); got != tc.want {
			t.Errorf("%+v in %v (%v hand, reshuffle %v):\n got %q\nwant %q", tc.e, tc.turn, tc.hand, tc.reshuffle, got, tc.want)
		}
	}
}

// In the rules text a gated effect's line ends with its gate, and a game
// that plays tricks says what a player does when a gate leaves them no card
// to play: they play nothing to the trick. A game without a gated effect
// says neither.
func TestDescribeGateInRules(t *testing.T) {
	uno, err := Seed("uno-style")
	if err != nil {
		t.Fatal(err)
	}
	uno.Reshuffle = false
	for i := range uno.Effects {
		uno.Effects[i].Gate = uno.Effects[i].Type.Fizzles()
	}
	if err := uno.Validate(); err != nil {
		t.Fatal(err)
	}
	text := uno.Describe()
	for _, line := range []string{
		"- 2: the next player draws 2 cards from the stock; a 2 may not be played while the stock is empty.\n",
		"- 2: the next player misses a turn.\n",
		"- 7: the player discards 1 card of their choice, face down under the top of the discard pile; a 7 may not be played as your last card.\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("uno-style with gates lacks %q:\n%s", line, text)
		}
	}
	const nothing = "A player none of whose cards may be played to a trick plays nothing to it.\n"
	if strings.Contains(text, nothing) {
		t.Errorf("a game without tricks says %q", nothing)
	}

	whist, err := Seed("whist")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(whist.Describe(), nothing) {
		t.Errorf("a trick game without gates says %q", nothing)
	}
	whist.Effects = append(whist.Effects, Effect{Rank: 5, Type: cardrules.ForceDiscard, Target: cardrules.TargetSelf, Value: 1, Gate: true})
	if err := whist.Validate(); err != nil {
		t.Fatal(err)
	}
	text = whist.Describe()
	for _, line := range []string{
		"- 7: the player discards 1 card of their choice, out of play; a 7 may not be played as your last card.\n",
		nothing,
	} {
		if !strings.Contains(text, line) {
			t.Errorf("whist with a gate lacks %q:\n%s", line, text)
		}
	}
}
