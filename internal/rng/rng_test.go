package rng_test

import (
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/internal/rng"
)

// The stream of every seed is part of what a game's seed means: a change
// to any value below replays every recorded game, checkpoint and golden
// outcome differently. These tests pin the first outputs of each draw
// the package exports (as math/rand/v2's regress test does), so such a
// change cannot pass unnoticed; if it is intended, it goes with a
// bytecode.SemanticsVersion bump and new golden outcomes in vm.

// TestNewStream pins the first outputs of New(seed) for a few seeds.
func TestNewStream(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		want [4]uint64
	}{
		{0, [...]uint64{0x32477c14ef17da7d, 0xe351625854218bb2, 0x313dffcfda8c38d5, 0x5d072a420a188236}},
		{1, [...]uint64{0xb8498e67c2d9caad, 0x3687d586a339dcf7, 0x9963634b04596afe, 0x0bd08ab9fcbd859f}},
		{42, [...]uint64{0x6fb6a254e35af4c1, 0x4796a388feb6d3be, 0xb7d1e68879c2410c, 0x6e62ab7b646253b7}},
		{0xdeadbeefcafef00d, [...]uint64{0x5f3d2c446c36de82, 0xbed701afc2fd4049, 0xf45bddd198dee2c5, 0xee396148feada4fd}},
		{^uint64(0), [...]uint64{0x5f5203e9813ece1c, 0x88168c95b412d688, 0xf0359c48dd96fa2e, 0xbb31c8f1161ae2a0}},
	} {
		r := rng.New(tc.seed)
		var reseeded rng.Source
		reseeded.Uint64() // Seed must reset the stream, wherever it stands
		reseeded.Seed(tc.seed)
		for i, w := range tc.want {
			if got := r.Uint64(); got != w {
				t.Errorf("New(%#x): output %d = %#016x, want %#016x", tc.seed, i, got, w)
			}
			if got := reseeded.Uint64(); got != w {
				t.Errorf("Seed(%#x): output %d = %#016x, want %#016x", tc.seed, i, got, w)
			}
		}
	}
}

// TestZeroSource pins the stream of the zero Source (documented as a
// valid, fixed stream).
func TestZeroSource(t *testing.T) {
	var z rng.Source
	for i, w := range []uint64{0x38ffff682123e08a, 0xacfc572dc29cb1fd} {
		if got := z.Uint64(); got != w {
			t.Errorf("zero Source: output %d = %#016x, want %#016x", i, got, w)
		}
	}
}

// TestMix pins Mix. Its values at k times the golden gamma (k = 1, 2, 3)
// and at 0 are the first outputs of the reference SplitMix64 generator
// seeded with 0 (e220a8397b1dcdaf, 6e789e6aa1b965f4, 06c45d188009454f,
// f88bb8a8724c81ec), which checks Mix against a source other than itself.
func TestMix(t *testing.T) {
	const gamma = 0x9e3779b97f4a7c15
	g := uint64(gamma)
	for _, tc := range []struct{ in, want uint64 }{
		{0, 0xe220a8397b1dcdaf},
		{g, 0x6e789e6aa1b965f4},
		{2 * g, 0x06c45d188009454f},
		{3 * g, 0xf88bb8a8724c81ec},
		{1, 0x910a2dec89025cc1},
		{^uint64(0), 0xe4d971771b652c20},
	} {
		// SplitMix64 adds the gamma before finalising: Mix(x) is the
		// output after a state of x.
		if got := rng.Mix(tc.in); got != tc.want {
			t.Errorf("Mix(%#x) = %#016x, want %#016x", tc.in, got, tc.want)
		}
	}
}

// TestDerive pins the seeds of children of a few parents (game i of a
// batch, individual i of a generation).
func TestDerive(t *testing.T) {
	for _, tc := range []struct{ parent, i, want uint64 }{
		{0, 0, 0xa706dd2f4d197e6f},
		{0, 1, 0xf161346224370df2},
		{42, 0, 0x57e1faba65107204},
		{42, 1, 0x79c32cd79ccd877e},
		{42, 1999, 0xbe87b6aa5c29f260},
		{^uint64(0), 7, 0xc6083c9d15c958b1},
	} {
		if got := rng.Derive(tc.parent, tc.i); got != tc.want {
			t.Errorf("Derive(%#x, %d) = %#016x, want %#016x", tc.parent, tc.i, got, tc.want)
		}
	}
}

// TestIntNStream pins five bounded draws per bound from one stream, in
// sequence (so that each bound also pins how many outputs the previous
// ones consumed), then checks that a draw takes exactly one output and
// that n <= 0 takes none.
func TestIntNStream(t *testing.T) {
	r := rng.New(7)
	for _, tc := range []struct {
		n    int
		want [5]int
	}{
		{1, [...]int{0, 0, 0, 0, 0}},
		{2, [...]int{1, 0, 1, 0, 0}},
		{3, [...]int{2, 1, 0, 1, 1}},
		{6, [...]int{2, 0, 5, 4, 2}},
		{13, [...]int{6, 10, 2, 8, 8}},
		{52, [...]int{43, 26, 12, 15, 35}},
		{1000, [...]int{552, 200, 545, 219, 190}},
		{1 << 31, [...]int{167060086, 1506610146, 1608221864, 261459641, 1600814242}},
		{1 << 32, [...]int{2160478766, 3429405356, 3077829076, 2556127085, 119896978}},
	} {
		for i, w := range tc.want {
			if got := r.IntN(tc.n); got != w {
				t.Errorf("IntN(%d) draw %d = %d, want %d", tc.n, i, got, w)
			}
		}
	}

	for _, n := range []int{1, 52, 1 << 32} {
		a, b := rng.New(11), rng.New(11)
		a.IntN(n)
		b.Uint64()
		if x, y := a.Uint64(), b.Uint64(); x != y {
			t.Errorf("IntN(%d) consumed other than one output", n)
		}
	}
	for _, n := range []int{0, -1, -1 << 40} {
		a, b := rng.New(11), rng.New(11)
		if got := a.IntN(n); got != 0 {
			t.Errorf("IntN(%d) = %d, want 0", n, got)
		}
		if x, y := a.Uint64(), b.Uint64(); x != y {
			t.Errorf("IntN(%d) consumed an output", n)
		}
	}
}

// TestShuffleStream pins the shuffle of a 52-card deck for two seeds and
// the output that follows it, then checks that a shuffle of n items takes
// exactly n-1 outputs (none for n <= 1) and the documented swap order.
func TestShuffleStream(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		want []uint8
		next uint64
	}{
		{7, []uint8{42, 21, 28, 45, 41, 31, 25, 0, 24, 23, 8, 29, 39, 48, 46, 11, 35, 3, 20, 10, 4, 12, 32, 7, 51, 44,
			22, 40, 19, 43, 49, 14, 15, 27, 47, 50, 37, 16, 13, 9, 17, 34, 18, 6, 38, 2, 30, 33, 36, 26, 1, 5}, 0xfaaa17d9ea6e9453},
		{8, []uint8{21, 12, 3, 19, 1, 23, 16, 10, 6, 8, 45, 14, 51, 34, 26, 0, 47, 48, 43, 15, 39, 31, 49, 4, 9, 33,
			20, 35, 44, 32, 40, 38, 50, 22, 11, 7, 13, 30, 28, 42, 18, 46, 27, 36, 17, 41, 2, 25, 24, 37, 29, 5}, 0xa8d06bde6ccce509},
	} {
		r := rng.New(tc.seed)
		deck := make([]uint8, 52)
		for i := range deck {
			deck[i] = uint8(i)
		}
		r.ShuffleBytes(deck)
		if !slices.Equal(deck, tc.want) {
			t.Errorf("seed %d: shuffle = %v\nwant %v", tc.seed, deck, tc.want)
		}
		if got := r.Uint64(); got != tc.next {
			t.Errorf("seed %d: output after the shuffle = %#016x, want %#016x", tc.seed, got, tc.next)
		}
	}

	for _, n := range []int{0, 1, 2, 3, 52} {
		a, b := rng.New(5), rng.New(5)
		items := make([]uint8, n)
		for i := range items {
			items[i] = uint8(i)
		}
		a.ShuffleBytes(items)
		// The same swaps by hand: from the end, b[i] with b[IntN(i+1)].
		want := make([]uint8, n)
		for i := range want {
			want[i] = uint8(i)
		}
		for i := n - 1; i > 0; i-- {
			j := b.IntN(i + 1)
			want[i], want[j] = want[j], want[i]
		}
		if !slices.Equal(items, want) {
			t.Errorf("shuffle of %d items = %v, want %v", n, items, want)
		}
		c := rng.New(5)
		for range max(n-1, 0) {
			c.Uint64()
		}
		if x, y := a.Uint64(), c.Uint64(); x != y {
			t.Errorf("shuffle of %d items did not consume exactly %d outputs", n, max(n-1, 0))
		}
	}
}
