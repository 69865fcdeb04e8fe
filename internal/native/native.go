// Package native holds darwinsim's native games: plain-Go versions of four
// seed games, Crazy Eights, the Uno-style game, War and Hearts.
//
// Each implements, with every rule hard-coded, exactly the rules of its seed
// genome (genome/seeds/crazy-eights.json, uno-style.json, war.json and
// hearts.json) as the vm package doc defines them, with the Random policy at
// every seat. They import no VM code, only internal/rng and
// internal/cardrules, and draw their random numbers through internal/rng in
// exactly the order the vm package doc writes down, so that with the same
// seed a native game is the same game, move for move, as the VM's: the same
// winner, turns, decisions, plays and effect firings. They serve two
// purposes: a speed bound for the VM (what a game costs with no
// interpretation at all) and a correctness oracle written independently of
// it. The bench package's benchmarks set the VM against them and its
// agreement tests require identical outcomes, game by game; darwinsim bench
// prints the VM/native ratio of the CLI's own build.
//
// Each game has a reusable state type (CrazyEights, Uno, War, Hearts) whose
// Play method allocates nothing, and a convenience function
// (PlayCrazyEights, PlayUno, PlayWar, PlayHearts) that plays one game on a
// state of its own. A seat count outside a game's range is a programming
// error and panics: these are benchmarks and oracles, not a user-facing path.
package native

import (
	"fmt"
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Outcome values of a finished game, as the VM's Result.Winner reports them.
const (
	Capped = -1 // reached the turn cap: a draw
	Tie    = -2 // ended with no single winner
)

// Outcome is what one game produced, counted exactly as the VM's Result
// counts it.
type Outcome struct {
	Winner    int // seat, or Capped, or Tie
	Turns     int // turns played, the last one included
	Decisions int // decisions, forced ones (a single option) included
	Plays     int // cards played onto the discard pile or turned up in a battle
	Effects   [cardrules.NumEffectTypes]int
}

func (o Outcome) String() string {
	return fmt.Sprintf("winner %d, %d turns, %d decisions, %d plays, effects %v",
		o.Winner, o.Turns, o.Decisions, o.Plays, o.Effects)
}

// Card sets: card c = suit*13 + rank is bit c.
const (
	suitBits uint64 = 1<<13 - 1    // the 13 cards of suit 0; shift by 13*suit
	rankBits uint64 = 0x8004002001 // the 4 cards of rank 0; shift by rank
)

// nth returns the index of the k-th (from 0) set bit of x: the k-th option
// of a decision whose options are the cards of x in ascending order.
func nth(x uint64, k int) uint8 {
	for ; k > 0; k-- {
		x &= x - 1
	}
	return uint8(bits.TrailingZeros64(x))
}

// seatsOr returns seats, or def when seats is 0, and panics when it is
// outside lo..hi (a programming error of the caller: the native games are
// benchmarks and test oracles, not a user-facing path).
func seatsOr(game string, seats, def, lo, hi int) int {
	if seats == 0 {
		return def
	}
	if seats < lo || seats > hi {
		panic(fmt.Sprintf("native: %s is for %d to %d players, not %d", game, lo, hi, seats))
	}
	return seats
}
