package genome

import (
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
