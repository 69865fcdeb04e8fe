package native

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// War (genome/seeds/war.json): 2 to 4 players (2 by default), the whole deck
// dealt into face-down piles. A turn is one battle: every player still in, in
// turn order from the current player, turns up the top card of their pile;
// the highest rank takes the table. Tied players go to war: each lays 3 cards
// face down and one face up, and only their new face-up cards are compared,
// repeated while they tie; a tied player who cannot lay 4 cards puts what it
// has on the table and is out. The winner shuffles the table (in the order it
// was played) and puts it under its pile; with no winner the table leaves
// play. A player with no cards left is out and loses; the game ends when at
// most one player is left in; the cap is 3000 turns.
const (
	warCap      = 3000
	warFaceDown = 3
)

// War is the reusable state of native War games. The zero value is ready to
// use; a game allocates nothing.
type War struct {
	rng   rng.Source
	pile  [4][64]uint8 // ring buffers, top at pile[s][head[s]&63]
	head  [4]uint8
	cnt   [4]uint8
	table [52]uint8 // the cards of the battle, in the order played
}

// PlayWar plays one native game of War from seed with seats players (0: the
// default, 2).
func PlayWar(seed uint64, seats int) Outcome {
	var g War
	return g.Play(seed, seats)
}

func (g *War) pop(s int) uint8 {
	c := g.pile[s][g.head[s]&63]
	g.head[s]++
	g.cnt[s]--
	return c
}

// Play plays one game from seed with seats players (0: 2).
func (g *War) Play(seed uint64, seats int) Outcome {
	n := seatsOr("war", seats, 2, 2, 4)
	g.rng.Seed(seed)
	deck := &g.table
	for i := range deck {
		deck[i] = uint8(i)
	}
	g.rng.ShuffleBytes(deck[:])
	g.head = [4]uint8{}
	g.cnt = [4]uint8{}
	// Deal the whole deck from the end, one card per seat from seat 0.
	for i, s := 51, 0; i >= 0; i-- {
		g.pile[s][g.cnt[s]] = deck[i]
		g.cnt[s]++
		if s++; s == n {
			s = 0
		}
	}

	if n == 2 {
		return g.play2()
	}
	var o Outcome
	active := uint8(1)<<n - 1
	nActive := n
	cur := 0
	for {
		if o.Turns >= warCap {
			o.Winner = Capped
			return o
		}
		// The contenders: every seat still in (each holds cards), in
		// turn order from the current seat.
		var cont [4]int
		var up [4]uint8 // ranks of the face-up cards
		nc := 0
		for i, s := 0, cur; i < n; i++ {
			if active&(1<<s) != 0 {
				cont[nc] = s
				nc++
			}
			if s++; s == n {
				s = 0
			}
		}
		tn := 0
		for i := range nc {
			c := g.pop(cont[i])
			g.table[tn] = c
			tn++
			up[i] = c % 13
		}
		o.Plays += nc
		for nc > 1 {
			best := up[0]
			for i := 1; i < nc; i++ {
				best = max(best, up[i])
			}
			k := 0
			for i := range nc {
				if up[i] == best {
					cont[k] = cont[i]
					k++
				}
			}
			if nc = k; nc == 1 {
				break
			}
			// War.
			k = 0
			for i := range nc {
				s := cont[i]
				if g.cnt[s] < warFaceDown+1 {
					for g.cnt[s] > 0 {
						g.table[tn] = g.pop(s)
						tn++
					}
					active &^= 1 << s
					nActive--
					continue
				}
				for range warFaceDown {
					g.table[tn] = g.pop(s)
					tn++
				}
				cont[k] = s
				k++
			}
			for i := range k {
				c := g.pop(cont[i])
				g.table[tn] = c
				tn++
				up[i] = c % 13
			}
			o.Plays += k
			nc = k
		}
		if nc == 1 {
			w := cont[0]
			g.rng.ShuffleBytes(g.table[:tn])
			h, m := g.head[w], g.cnt[w]
			for _, c := range g.table[:tn] {
				g.pile[w][(h+m)&63] = c
				m++
			}
			g.cnt[w] = m
		}
		// With no winner the table simply leaves play.
		for s := range n {
			if active&(1<<s) != 0 && g.cnt[s] == 0 {
				active &^= 1 << s
				nActive--
			}
		}
		o.Turns++
		if nActive <= 1 {
			if nActive == 1 {
				o.Winner = bits.TrailingZeros8(active)
			} else {
				o.Winner = Tie
			}
			return o
		}
		for {
			if cur++; cur == n {
				cur = 0
			}
			if active&(1<<cur) != 0 {
				break
			}
		}
	}
}

// play2 is Play's loop for two players (the default), after the deal: the
// same rules with the two seats spelled out. Seat a is the current seat, b
// the other; they swap every turn.
func (g *War) play2() Outcome {
	var o Outcome
	a, b := 0, 1
	for {
		if o.Turns >= warCap {
			o.Winner = Capped
			return o
		}
		ca, cb := g.pop(a), g.pop(b)
		g.table[0], g.table[1] = ca, cb
		tn := 2
		o.Plays += 2
		inA, inB := true, true
		for ca%13 == cb%13 {
			// War: a lays its cards first, then b; a seat that cannot
			// lay 4 cards puts the rest of its pile on the table and
			// is out.
			if g.cnt[a] < warFaceDown+1 {
				for g.cnt[a] > 0 {
					g.table[tn] = g.pop(a)
					tn++
				}
				inA = false
			} else {
				for range warFaceDown {
					g.table[tn] = g.pop(a)
					tn++
				}
			}
			if g.cnt[b] < warFaceDown+1 {
				for g.cnt[b] > 0 {
					g.table[tn] = g.pop(b)
					tn++
				}
				inB = false
			} else {
				for range warFaceDown {
					g.table[tn] = g.pop(b)
					tn++
				}
			}
			if !inA || !inB {
				break
			}
			ca, cb = g.pop(a), g.pop(b)
			g.table[tn], g.table[tn+1] = ca, cb
			tn += 2
			o.Plays += 2
		}
		var w int
		switch {
		case inA && inB:
			w = b
			if ca%13 > cb%13 {
				w = a
			}
		case inA:
			// b is out: a turns up its face-up card and takes all.
			g.table[tn] = g.pop(a)
			tn++
			o.Plays++
			w = a
		case inB:
			g.table[tn] = g.pop(b)
			tn++
			o.Plays++
			w = b
		default:
			// Both out: the table leaves play and the game is a tie.
			o.Turns++
			o.Winner = Tie
			return o
		}
		g.rng.ShuffleBytes(g.table[:tn])
		h, m := g.head[w], g.cnt[w]
		for _, c := range g.table[:tn] {
			g.pile[w][(h+m)&63] = c
			m++
		}
		g.cnt[w] = m
		o.Turns++
		if !inA || !inB || g.cnt[a] == 0 || g.cnt[b] == 0 {
			o.Winner = w
			return o
		}
		a, b = b, a
	}
}
