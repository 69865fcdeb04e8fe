package native

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// The Uno-style game (genome/seeds/uno-style.json): 2 to 6 players (4 by
// default), 7 cards each, a starter card, reshuffle of the discard pile. A
// turn: play a card matching the active suit or the top card's rank, or any
// ace (then name a suit); with none, draw one card and play it if it can be
// played, else pass. Effects, in genome order: a 2 makes the next player draw
// 2 cards, then skips the next player; a jack skips the next player; a queen
// reverses the direction; a king gives an extra turn; a seven makes its
// player discard one card of their choice beneath the top of the discard
// pile. The first player to empty their hand wins; the cap is 600 turns.
const (
	unoCap     = 600
	unoTwo     = 0  // draw 2 cards (next), then skip 1
	unoSeven   = 5  // force discard 1 (self)
	unoJack    = 9  // skip 1
	unoQueen   = 10 // reverse
	unoKing    = 11 // extra turn
	unoAce     = 12 // wild: name a suit
	unoDrawTwo = 2
)

// Uno is the reusable state of native Uno-style games. The zero value is
// ready to use; a game allocates nothing.
type Uno struct {
	rng   rng.Source
	hand  [6]uint64
	stock [52]uint8 // top at stock[sn-1]
	disc  [52]uint8 // top at disc[dn-1]
	sn    int
	dn    int
}

// PlayUno plays one native game of the Uno-style game from seed with seats
// players (0: the default, 4), every seat with the Random policy.
func PlayUno(seed uint64, seats int) Outcome {
	var g Uno
	return g.Play(seed, seats)
}

// draw moves the top card of the stock into hand h, first refilling the
// stock from the discard pile (all but its top card, in pile order, then
// shuffled) when it is empty. It reports false when no card can be drawn.
func (g *Uno) draw(h *uint64) bool {
	if g.sn == 0 {
		if g.dn <= 1 {
			return false
		}
		k := g.dn - 1
		copy(g.stock[:k], g.disc[:k])
		g.disc[0] = g.disc[k]
		g.dn = 1
		g.sn = k
		g.rng.ShuffleBytes(g.stock[:k])
	}
	g.sn--
	*h |= 1 << g.stock[g.sn]
	return true
}

// Play plays one game from seed with seats players (0: 4).
func (g *Uno) Play(seed uint64, seats int) Outcome {
	n := seatsOr("the uno-style game", seats, 4, 2, 6)
	g.rng.Seed(seed)
	for i := range g.stock {
		g.stock[i] = uint8(i)
	}
	g.rng.ShuffleBytes(g.stock[:])
	g.hand = [6]uint64{}
	sn := 52
	for range 7 {
		for s := range n {
			sn--
			g.hand[s] |= 1 << g.stock[sn]
		}
	}
	sn--
	top := g.stock[sn]
	g.disc[0] = top
	g.sn, g.dn = sn, 1
	suit := top / 13

	var o Outcome
	cur, dir, skip := 0, 1, 0
	for {
		if o.Turns >= unoCap {
			o.Winner = Capped
			return o
		}
		h := &g.hand[cur]
		playable := suitBits<<(13*uint(suit)) | rankBits<<(top%13) | rankBits<<unoAce
		legal := *h & playable
		if legal == 0 && g.draw(h) {
			legal = *h & playable
		}
		if legal != 0 {
			o.Decisions++
			var c uint8
			if k := bits.OnesCount64(legal); k == 1 {
				c = uint8(bits.TrailingZeros64(legal))
			} else {
				c = nth(legal, g.rng.IntN(k))
			}
			*h &^= 1 << c
			g.disc[g.dn] = c
			g.dn++
			top = c
			suit = c / 13
			o.Plays++
			switch c % 13 {
			case unoAce:
				o.Decisions++
				suit = uint8(g.rng.IntN(4))
			case unoTwo:
				o.Effects[cardrules.DrawCards]++
				t := cur + dir
				if t == n {
					t = 0
				} else if t < 0 {
					t = n - 1
				}
				for range unoDrawTwo {
					if !g.draw(&g.hand[t]) {
						break
					}
				}
				o.Effects[cardrules.SkipNext]++
				skip = min(skip+1, n-1)
			case unoJack:
				o.Effects[cardrules.SkipNext]++
				skip = min(skip+1, n-1)
			case unoQueen:
				o.Effects[cardrules.Reverse]++
				dir = -dir
			case unoKing:
				o.Effects[cardrules.ExtraTurn]++
				skip = n - 1
			case unoSeven:
				o.Effects[cardrules.ForceDiscard]++
				if x := *h; x != 0 {
					o.Decisions++
					var d uint8
					if k := bits.OnesCount64(x); k == 1 {
						d = uint8(bits.TrailingZeros64(x))
					} else {
						d = nth(x, g.rng.IntN(k))
					}
					*h = x &^ (1 << d)
					// Beneath the top card of the discard pile.
					g.disc[g.dn] = top
					g.disc[g.dn-1] = d
					g.dn++
				}
			}
			if *h == 0 {
				o.Turns++
				o.Winner = cur
				return o
			}
		}
		o.Turns++
		cur += dir * (1 + skip)
		if cur >= n {
			cur -= n
		} else if cur < 0 {
			cur += n
		}
		skip = 0
	}
}
