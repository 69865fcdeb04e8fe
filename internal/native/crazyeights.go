package native

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// Crazy Eights (genome/seeds/crazy-eights.json): 2 to 5 players (2 by
// default), 7 cards each with 2 players and 5 otherwise, a starter card,
// reshuffle of the discard pile. A turn: play a card matching the active suit
// or the top card's rank, or any eight (then name a suit); with none, draw up
// to 3 cards one at a time until one is playable, else pass. No effects. The
// first player to empty their hand wins; the cap is 400 turns.
const (
	c8Cap   = 400
	c8Eight = 6 // rank index of the eight (ranks 2..A are 0..12)
	c8Draw  = 3 // draw_max
)

// CrazyEights is the reusable state of native Crazy Eights games. The zero
// value is ready to use; a game allocates nothing.
type CrazyEights struct {
	rng   rng.Source
	hand  [5]uint64
	stock [52]uint8 // top at stock[sn-1]
	disc  [52]uint8 // top at disc[dn-1]
}

// PlayCrazyEights plays one native game of Crazy Eights from seed with seats
// players (0: the default, 2), every seat with the Random policy.
func PlayCrazyEights(seed uint64, seats int) Outcome {
	var g CrazyEights
	return g.Play(seed, seats)
}

// Play plays one game from seed with seats players (0: 2).
func (g *CrazyEights) Play(seed uint64, seats int) Outcome {
	n := seatsOr("crazy eights", seats, 2, 2, 5)
	g.rng.Seed(seed)
	for i := range g.stock {
		g.stock[i] = uint8(i)
	}
	g.rng.ShuffleBytes(g.stock[:])
	g.hand = [5]uint64{}
	deal := 5
	if n == 2 {
		deal = 7
	}
	sn := 52
	for range deal {
		for s := range n {
			sn--
			g.hand[s] |= 1 << g.stock[sn]
		}
	}
	sn--
	top := g.stock[sn]
	g.disc[0] = top
	dn := 1
	suit := top / 13

	var o Outcome
	cur := 0
	for {
		if o.Turns >= c8Cap {
			o.Winner = Capped
			return o
		}
		h := g.hand[cur]
		playable := suitBits<<(13*uint(suit)) | rankBits<<(top%13) | rankBits<<c8Eight
		legal := h & playable
		if legal == 0 {
			for range c8Draw {
				if sn == 0 {
					// Reshuffle the discard pile but its top card,
					// in pile order, into the stock.
					if dn <= 1 {
						break
					}
					k := dn - 1
					copy(g.stock[:k], g.disc[:k])
					g.disc[0] = top
					dn = 1
					sn = k
					g.rng.ShuffleBytes(g.stock[:k])
				}
				sn--
				h |= 1 << g.stock[sn]
				if legal = h & playable; legal != 0 {
					break
				}
			}
		}
		if legal != 0 {
			o.Decisions++
			var c uint8
			if k := bits.OnesCount64(legal); k == 1 {
				c = uint8(bits.TrailingZeros64(legal))
			} else {
				c = nth(legal, g.rng.IntN(k))
			}
			h &^= 1 << c
			g.disc[dn] = c
			dn++
			top = c
			suit = c / 13
			o.Plays++
			if c%13 == c8Eight {
				o.Decisions++
				suit = uint8(g.rng.IntN(4))
			}
			if h == 0 {
				g.hand[cur] = h
				o.Turns++
				o.Winner = cur
				return o
			}
		}
		g.hand[cur] = h
		o.Turns++
		if cur++; cur == n {
			cur = 0
		}
	}
}
