package handrank

import (
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// maxValue bounds every Value: the category's bits and the rank fields.
const maxValue = NumCategories << categoryShift

// valueSet is a set of Values, one bit each.
type valueSet []uint64

func newValueSet() valueSet { return make(valueSet, maxValue/64+1) }

func (s valueSet) add(v Value) { s[v/64] |= 1 << (v % 64) }

// perCategory counts the set's Values by category.
func (s valueSet) perCategory() (out [NumCategories]int) {
	for v := range Value(maxValue) {
		if s[v/64]&(1<<(v%64)) != 0 {
			out[v.Category()]++
		}
	}
	return out
}

func TestFiveCardCounts(t *testing.T) {
	// The number of five-card hands of each category in one pack, and the
	// number of distinct ranks (classes of hands that tie) of each.
	wantHands := [NumCategories]int{1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40}
	wantDistinct := [NumCategories]int{1277, 2860, 858, 858, 10, 1277, 156, 156, 10}
	var got [NumCategories]int
	seen := newValueSet()
	var best Value
	for a := uint64(0); a < cardrules.NumCards; a++ {
		ha := uint64(1) << a
		for b := a + 1; b < cardrules.NumCards; b++ {
			hb := ha | 1<<b
			for c := b + 1; c < cardrules.NumCards; c++ {
				hc := hb | 1<<c
				for d := c + 1; d < cardrules.NumCards; d++ {
					hd := hc | 1<<d
					for e := d + 1; e < cardrules.NumCards; e++ {
						v := Best(hd|1<<e, 0)
						got[v.Category()]++
						seen.add(v)
						best = max(best, v)
					}
				}
			}
		}
	}
	if got != wantHands {
		t.Errorf("hands per category: got %v, want %v", got, wantHands)
	}
	distinct := seen.perCategory()
	if distinct != wantDistinct {
		t.Errorf("distinct values per category: got %v, want %v", distinct, wantDistinct)
	}
	total := 0
	for _, n := range distinct {
		total += n
	}
	if total != 7462 {
		t.Errorf("distinct values: got %d, want 7462", total)
	}
	if royal := rank(t, "AS KS QS JS 10S"); best != royal {
		t.Errorf("best five-card hand: got %v, want the royal flush %v", best, royal)
	}
}

func TestSevenCardCounts(t *testing.T) {
	if os.Getenv("SOAK") != "1" {
		t.Skip("ranks all 133,784,560 seven-card hands (several seconds); set SOAK=1 to run it")
	}
	wantHands := [NumCategories]int{23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584}
	wantDistinct := [NumCategories]int{407, 1470, 763, 575, 10, 1277, 156, 156, 10}
	// Each first card is one job; the workers count the hands of their
	// jobs and the Values they saw.
	type result struct {
		hands [NumCategories]int
		seen  valueSet
	}
	jobs := make(chan uint64)
	results := make([]result, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range results {
		results[w].seen = newValueSet()
		wg.Go(func() {
			r := &results[w]
			for a := range jobs {
				sevenFrom(a, r.hands[:], r.seen)
			}
		})
	}
	for a := range uint64(cardrules.NumCards) {
		jobs <- a
	}
	close(jobs)
	wg.Wait()

	var got [NumCategories]int
	seen := newValueSet()
	for _, r := range results {
		for i, n := range r.hands {
			got[i] += n
		}
		for i, w := range r.seen {
			seen[i] |= w
		}
	}
	if got != wantHands {
		t.Errorf("hands per category: got %v, want %v", got, wantHands)
	}
	distinct := seen.perCategory()
	if distinct != wantDistinct {
		t.Errorf("distinct values per category: got %v, want %v", distinct, wantDistinct)
	}
}

// sevenFrom ranks every seven-card hand whose lowest card is a.
func sevenFrom(a uint64, hands []int, seen valueSet) {
	const n = cardrules.NumCards
	ha := uint64(1) << a
	for b := a + 1; b < n; b++ {
		hb := ha | 1<<b
		for c := b + 1; c < n; c++ {
			hc := hb | 1<<c
			for d := c + 1; d < n; d++ {
				hd := hc | 1<<d
				for e := d + 1; e < n; e++ {
					he := hd | 1<<e
					for f := e + 1; f < n; f++ {
						hf := he | 1<<f
						for g := f + 1; g < n; g++ {
							v := Best(hf|1<<g, 0)
							hands[v.Category()]++
							seen.add(v)
						}
					}
				}
			}
		}
	}
}

// TestOrder checks the rules on hands written out: each hand ranks below
// the next.
func TestOrder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hands []string
	}{
		{"the wheel is the lowest straight", []string{
			"AS AH AD 7C 2S", "AS 2D 3H 4C 5S", "2D 3H 4C 5S 6S", "10C JD QH KS AC"}},
		{"no straight wraps around the ace", []string{
			"QS KD AH 2C 3S", "AS 2D 3H 4C 5S"}},
		{"the royal flush is the best hand", []string{
			"9H 10H JH QH KH", "AS KS QS JS 10S"}},
		{"kickers decide", []string{
			"8S 8D KH 4C 3S", "8C 8H AH 2C 3D", "8C 8H AH 3C 2D 4D"}},
		{"two pair: the high pair, then the low pair, then the kicker", []string{
			"QS QD JH JC AS", "KS KD 2H 2C 3S", "KS KD 7H 7C AS", "KS KD 8H 8C QS", "KH KC 8D 8S AS"}},
		{"a third pair's rank is a two pair's kicker", []string{
			"KS KD 8H 8C 5S 4D", "KS KD 8H 8C 6S 6D"}},
		{"full house: the three first", []string{
			"2S 2D 2H AC AS", "3S 3D 3H 2C 2S", "3S 3D 3H 4C 4S"}},
		{"a flush compares all five ranks", []string{
			"AH KH QH JH 2H", "AS KS QS JS 3S", "AC KC QC JC 8C", "AD KD QD JD 9D"}},
		{"the categories", []string{
			"AS KD QH JC 9S", "2S 2D 3H 4C 5D", "2S 2D 3H 3C 4D", "2S 2D 2H 3C 4D",
			"AS 2D 3H 4C 5S", "2H 3H 4H 5H 7H", "2S 2D 2H 3C 3D", "2S 2D 2H 2C 3D",
			"AS 2S 3S 4S 5S"}},
		{"seven cards rank by their best five", []string{
			"AS KD QH JC 9S 7D 6H", "2S 2D 9H JC KD 4H 5S", "2S 2D 3H 3C 4D 4S AH",
			"9S 8D 7H 6C 5S 4D 3H", "2H 3H 4H 5H 7H 7D 7S", "AS AD KH KC KD QS QH",
			"AS AD AH AC KD KS KH", "5S 6S 7S 8S 9S 10S AD"}},
		{"fewer than five cards: what they hold, missing kickers lowest", []string{
			"", "2C", "2D 3D", "AC", "AS KS", "3S 3D", "3S 3D 2H", "3S 3D 2H 4C", "AS AD", "2S 2D 3H 3C",
			"2C 2D 2H", "2C 2D 2H 3S", "2C 2D 2H 2S", "2C 2D 2H 2S 3S"}},
		{"two packs: copies of a face are cards of one rank", []string{
			"8H 8H", "8H 8H 9C", "8H 8H 8C", "8H 8H 8C 8C", "8H 8H 8C 8C 2D", "8H 8H 8C 8C 8D",
			"8H 8H 8C 8C 8D AD"}},
		{"two packs: a flush may hold a pair, and beats two pair and a straight", []string{
			"KS KS 9D 9C AH", "9S 10D JC QH KD", "2H 2H 3H 3H 5H", "9H 9H JH QH KH", "AH AH 2H 3H 4H",
			"AH AH KH 3H 4H"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := 1; i < len(tc.hands); i++ {
				lo, hi := rank(t, tc.hands[i-1]), rank(t, tc.hands[i])
				if lo >= hi {
					t.Errorf("%q (%v) should rank below %q (%v)", tc.hands[i-1], lo, tc.hands[i], hi)
				}
			}
		})
	}
}

// TestTies checks hands that split the pot: suits, the order of the cards
// and the cards beyond the best five never break ties.
func TestTies(t *testing.T) {
	for _, pair := range [][2]string{
		{"AS KS QS JS 10S", "AH KH QH JH 10H"},
		{"AS 2D 3H 4C 5S", "5D 4H 3C 2S AH"},
		{"8C 8H AH 3C 2D", "8S 8D AC 3H 2S"},
		{"KS KD 8H 8C 5S 4D", "KH KC 8S 8D 5C 2H 3S"},
		{"2S 3D 4H 5C 6S 7D", "3C 4C 5D 6H 7S AH"},
		{"AS Joker", "AS"},
		{"2C 2D 2H 2S 3D 3S", "2C 2D 2H 2S 3C"},
	} {
		if a, b := rank(t, pair[0]), rank(t, pair[1]); a != b {
			t.Errorf("%q (%v) and %q (%v) should tie", pair[0], a, pair[1], b)
		}
	}
}

func TestValueFields(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want string
	}{
		{"AS 2D 3H 4C 5S", "straight [5]"},
		{"AS KS QS JS 10S", "straight flush [A]"},
		{"KS KD 8H 8C AS 4D", "two pair [K 8 A]"},
		{"3S 3D 3H 4C 4S", "full house [3 4]"},
		{"8H 8H 8C 8C 8D AD", "four of a kind [8 A]"},
		{"8H 8H 8C 8C 8D", "four of a kind [8 8]"},
		{"8H 8H 8C 8C", "four of a kind [8]"},
		{"9H 9H JH QH KH", "flush [K Q J 9 9]"},
		{"8C 8H AH", "one pair [8 A]"},
		{"QS KD AH 2C 3S", "high card [A K Q 3 2]"},
		{"Joker Joker", "high card []"},
	} {
		if got := rank(t, tc.hand).String(); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.hand, got, tc.want)
		}
	}
	names := make([]string, NumCategories)
	for c := range Category(NumCategories) {
		names[c] = c.String()
	}
	want := []string{"high card", "one pair", "two pair", "three of a kind", "straight", "flush",
		"full house", "four of a kind", "straight flush"}
	if !slices.Equal(names, want) {
		t.Errorf("category names: got %q, want %q", names, want)
	}
	if got := Category(9).String(); got != "Category(9)" {
		t.Errorf("Category(9).String() = %q", got)
	}
}

// TestBestMatchesSlowRandom compares Best with Slow on many seeded random
// hands of up to twelve cards of two packs, more than the rapid
// properties try.
func TestBestMatchesSlowRandom(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 4000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range n {
		// A narrow range of faces makes flushes and repeated ranks common.
		lo := rng.IntN(cardrules.MaxCards)
		width := 1 + rng.IntN(cardrules.MaxCards-lo)
		var hand, hand2 uint64
		for range rng.IntN(13) {
			bit := uint64(1) << (lo + rng.IntN(width))
			if hand&bit == 0 {
				hand |= bit
			} else {
				hand2 |= bit
			}
		}
		if got, want := Best(hand, hand2), Slow(cardsOf(hand, hand2)); got != want {
			t.Fatalf("Best(%#x, %#x) = %v, Slow %v (cards %v)", hand, hand2, got, want, cardsOf(hand, hand2))
		}
	}
}

func TestNoAllocations(t *testing.T) {
	hand, hand2, _ := parseHand(t, "AS AS KD QH JC 9S 9S 7D")
	var sink Value
	if n := testing.AllocsPerRun(100, func() { sink += Best(hand, hand2) }); n != 0 {
		t.Errorf("Best allocates %v times a call", n)
	}
	total := 0
	if n := testing.AllocsPerRun(100, func() { v, _ := Total(hand, hand2); total += v }); n != 0 {
		t.Errorf("Total allocates %v times a call", n)
	}
	if sink == 0 || total == 0 {
		t.Error("no hand ranked")
	}
}

// randomHands deals n random hands of k distinct cards of one pack.
func randomHands(n, k int) []uint64 {
	rng := rand.New(rand.NewPCG(7, 7))
	hands := make([]uint64, n)
	for i := range hands {
		for bits := 0; bits < k; {
			bit := uint64(1) << rng.IntN(cardrules.NumCards)
			if hands[i]&bit == 0 {
				hands[i] |= bit
				bits++
			}
		}
	}
	return hands
}

func BenchmarkBest7(b *testing.B) {
	hands := randomHands(4096, 7)
	var sink Value
	n := 0
	for b.Loop() {
		sink += Best(hands[n%len(hands)], 0)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
	if sink == 0 {
		b.Fatal("no hand ranked")
	}
}

func BenchmarkTotal(b *testing.B) {
	hands := randomHands(4096, 3)
	sink := 0
	n := 0
	for b.Loop() {
		v, _ := Total(hands[n%len(hands)], 0)
		sink += v
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
	if sink == 0 {
		b.Fatal("no hand counted")
	}
}
