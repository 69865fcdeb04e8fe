// Package rng is the one source of random numbers for darwinsim: the VM, the
// reference interpreter used in tests and the native benchmark games all draw
// through it, so that they can reproduce the same game from the same seed.
//
// A Source is a math/rand/v2 PCG generator held by value (no pointer chasing,
// no allocation) plus the few derived draws the engines need. Each method
// documents exactly how many 64-bit outputs it consumes, because the order and
// number of draws is part of what makes a game reproducible.
//
// Seeds are derived, never taken from a clock: Mix is a SplitMix64 finaliser
// and Derive(seed, i) gives the seed of game i of a batch (or of individual i
// of a generation) from its parent seed.
package rng

import (
	"math/bits"
	"math/rand/v2"
)

// Source is a seeded PCG stream. The zero value is a valid (fixed) stream, but
// callers seed it with New or Seed.
type Source struct {
	pcg rand.PCG
}

// New returns a Source seeded from seed.
func New(seed uint64) Source {
	var s Source
	s.Seed(seed)
	return s
}

// Seed resets the stream. The two PCG words are seed and Mix(seed), so that
// nearby seeds give unrelated streams.
func (s *Source) Seed(seed uint64) {
	s.pcg.Seed(seed, Mix(seed))
}

// Uint64 returns the next 64 random bits (one output).
func (s *Source) Uint64() uint64 { return s.pcg.Uint64() }

// IntN returns a uniform integer in [0, n) for 0 < n <= 2^32, by Lemire's
// multiply-and-reject method: one output (even for n == 1), and another only
// on the rare rejection (probability < n/2^64). n <= 0 returns 0 and
// consumes nothing.
func (s *Source) IntN(n int) int {
	if n <= 0 {
		return 0
	}
	un := uint64(n)
	hi, lo := bits.Mul64(s.pcg.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), un)
		}
	}
	return int(hi)
}

// ShuffleBytes shuffles b in place with the Fisher-Yates method from the end:
// for i from len(b)-1 down to 1, swap b[i] with b[IntN(i+1)]. It consumes
// len(b)-1 draws (plus rare rejections); an empty or one-element slice
// consumes nothing.
func (s *Source) ShuffleBytes(b []uint8) {
	for i := len(b) - 1; i > 0; i-- {
		j := s.IntN(i + 1)
		b[i], b[j] = b[j], b[i]
	}
}

// Mix is the SplitMix64 finaliser: a bijection on uint64 that spreads every
// input bit over every output bit.
func Mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Derive returns the seed of child i of parent: game i of a batch, individual
// i of a generation. It depends only on its arguments, never on scheduling.
func Derive(parent, i uint64) uint64 {
	return Mix(Mix(parent) ^ (i * 0xd1b54a32d192ed03))
}
