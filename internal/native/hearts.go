package native

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// Hearts (genome/seeds/hearts.json): 4 players, the whole deck dealt, one
// deal of 13 tricks. The holder of the two of clubs leads the first trick
// with it. A leader may lead any card but must lead a non-heart while it
// holds one, until a heart has been played; a follower may play any card
// but must follow the led suit if able. No trumps: the highest card of the
// led suit takes the trick, scores 1 point per heart in it and 13 for the
// queen of spades, and leads the next trick. No effects. The game ends when
// every hand is empty (after the 13th trick, the 13th turn; the cap of 26
// turns is never reached); the lowest score wins, a shared lowest score is
// a tie.
//
// Every seat holds cards in every trick and every seat may play any card,
// so each trick is 4 plays and 4 decisions (forced when a single card is
// legal): a game is always 13 turns, 52 decisions and 52 plays. What varies
// is the winner and how many options the decisions had; Hearts counts those
// as the VM does (Result.Options and Result.Forced) and reports them through
// Counts.
const (
	heartsSeats  = 4
	heartsTricks = 13
	heartsSuit   = 2         // hearts: clubs, diamonds, hearts, spades
	heartsQS     = 3*13 + 10 // the queen of spades (ranks 2..A are 0..12)
	heartsQSPts  = 13        // points of the queen of spades
	heartsLead   = 0         // the two of clubs, which leads the first trick
	heartsCards  = 13 * 4    // the whole deck is dealt
	heartsHearts = suitBits << (13 * heartsSuit)
)

// suitMasks[s] is the set of the 13 cards of suit s.
var suitMasks = [4]uint64{suitBits, suitBits << 13, suitBits << 26, suitBits << 39}

// Hearts is the reusable state of native Hearts games. The zero value is
// ready to use; a game allocates nothing.
type Hearts struct {
	rng     rng.Source
	deck    [heartsCards]uint8
	options int // legal options summed over the last game's decisions
	forced  int // the last game's decisions with a single option
}

// PlayHearts plays one native game of Hearts from seed with seats players
// (0: the default and only seat count, 4), every seat with the Random
// policy.
func PlayHearts(seed uint64, seats int) Outcome {
	var g Hearts
	return g.Play(seed, seats)
}

// Counts returns the options summed over the decisions of the last game
// played and the number of those decisions that were forced, counted as
// the VM's Result.Options and Result.Forced.
func (g *Hearts) Counts() (options, forced int) {
	return g.options, g.forced
}

// Play plays one game from seed with seats players (0: 4; 4 is the only
// seat count).
func (g *Hearts) Play(seed uint64, seats int) Outcome {
	seatsOr("hearts", seats, heartsSeats, heartsSeats, heartsSeats)
	g.rng.Seed(seed)
	deck := &g.deck
	for i := range deck {
		deck[i] = uint8(i)
	}
	g.rng.ShuffleBytes(deck[:])
	// Deal the whole deck from the end, one card per seat from seat 0:
	// deck[51] to seat 0, deck[50] to seat 1, ..., so deck[i] goes to
	// seat 3 - i%4.
	var hand [heartsSeats]uint64
	for i, c := range deck {
		hand[3-(i&3)] |= 1 << c
	}
	// The holder of the lead card moves first, and must lead it: the
	// first lead is a forced decision.
	cur := 0
	for s := range hand {
		if hand[s]&(1<<heartsLead) != 0 {
			cur = s
		}
	}

	var o Outcome
	var score [heartsSeats]int
	options, forced := 0, 0
	heartsPlayed := false
	for t := range heartsTricks {
		// The lead.
		h := hand[cur&3]
		legal := h
		switch {
		case t == 0:
			legal = 1 << heartsLead
		case !heartsPlayed:
			if nh := h &^ heartsHearts; nh != 0 {
				legal = nh
			}
		}
		n := bits.OnesCount64(legal)
		options += n
		var c uint8
		if n == 1 {
			forced++
			c = uint8(bits.TrailingZeros64(legal))
		} else {
			c = nth(legal, g.rng.IntN(n))
		}
		hand[cur&3] = h &^ (1 << c)
		trick := uint64(1) << c
		led := suitMasks[c/13&3]
		best, winner := c, cur

		// The three followers, in seat order from the leader.
		for k := 1; k < heartsSeats; k++ {
			s := (cur + k) & 3
			h := hand[s]
			legal := h & led
			if legal == 0 {
				legal = h
			}
			n := bits.OnesCount64(legal)
			options += n
			var c uint8
			if n == 1 {
				forced++
				c = uint8(bits.TrailingZeros64(legal))
			} else {
				c = nth(legal, g.rng.IntN(n))
			}
			hand[s] = h &^ (1 << c)
			trick |= 1 << c
			// A card of the led suit above the best one so far
			// (of the led suit too) takes the lead in the trick.
			if led&(1<<c) != 0 && c > best {
				best, winner = c, s
			}
		}
		// Only the next lead reads whether a heart has been played.
		heartsPlayed = heartsPlayed || trick&heartsHearts != 0

		score[winner&3] += bits.OnesCount64(trick&heartsHearts) + heartsQSPts*int(trick>>heartsQS&1)
		cur = winner
	}
	o.Turns = heartsTricks
	o.Decisions = heartsCards
	o.Plays = heartsCards
	g.options, g.forced = options, forced

	// The unique lowest score wins.
	o.Winner = 0
	low, ties := score[0], 1
	for s := 1; s < heartsSeats; s++ {
		switch {
		case score[s] < low:
			o.Winner, low, ties = s, score[s], 1
		case score[s] == low:
			ties++
		}
	}
	if ties > 1 {
		o.Winner = Tie
	}
	return o
}
