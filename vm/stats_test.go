package vm

import (
	"math"
	"math/bits"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Unit tests of Stats, Dist and Wilson.

func TestBucketBounds(t *testing.T) {
	check := func(v uint64) {
		b := Bucket(v)
		if b < 0 || b >= NumBuckets {
			t.Fatalf("Bucket(%d) = %d out of range", v, b)
		}
		if lo := BucketLow(b); lo > v {
			t.Fatalf("BucketLow(Bucket(%d)) = %d > v", v, lo)
		}
		// The last bucket is open-ended; every other one ends where the
		// next begins.
		if b < NumBuckets-1 {
			if hi := BucketLow(b + 1); v >= hi {
				t.Fatalf("v = %d >= BucketLow(Bucket(v)+1) = %d (bucket %d)", v, hi, b)
			}
		}
	}
	for v := range uint64(1 << 16) {
		check(v)
	}
	for e := range 64 {
		for _, d := range []int64{-2, -1, 0, 1, 2} {
			check(uint64(int64(uint64(1)<<e) + d))
		}
	}
	check(math.MaxUint64)
	rapidShort()
	rapid.Check(t, func(rt *rapid.T) { check(rapid.Uint64().Draw(rt, "v")) })

	// Exact below 256, then 128 buckets per power of two.
	for v := range uint64(256) {
		if Bucket(v) != int(v) || BucketLow(int(v)) != v {
			t.Errorf("value %d: bucket %d low %d", v, Bucket(v), BucketLow(int(v)))
		}
	}
	for b := 256; b < NumBuckets; b++ {
		lo := BucketLow(b)
		if Bucket(lo) != b {
			t.Errorf("Bucket(BucketLow(%d)) = %d", b, Bucket(lo))
		}
		if b > 256 && BucketLow(b) <= BucketLow(b-1) {
			t.Errorf("bucket lows not increasing at %d", b)
		}
		// Width: 1/128 of the power of two the bucket lies in.
		if b < NumBuckets-1 {
			w := BucketLow(b+1) - lo
			if e := bits.Len64(lo) - 1; w != 1<<(e-7) {
				t.Errorf("bucket %d [%d, %d) has width %d, want %d", b, lo, lo+w, w, 1<<(e-7))
			}
		}
	}
	if lo := BucketLow(NumBuckets - 1); lo != 4177920 {
		t.Errorf("the last bucket starts at %d, want 4177920", lo)
	}
}

func TestDistQuantile(t *testing.T) {
	var d Dist
	if d.Quantile(0.5) != 0 || d.Mean() != 0 || d.Count() != 0 {
		t.Error("empty Dist")
	}
	for v := 1; v <= 1000; v++ {
		d.add(v)
	}
	if d.Count() != 1000 || d.Sum != 500500 || d.Max != 1000 || d.Mean() != 500.5 {
		t.Errorf("count %d sum %d max %d mean %v", d.Count(), d.Sum, d.Max, d.Mean())
	}
	cases := []struct {
		q    float64
		want uint64
	}{
		{0, 1}, {0.001, 1}, {0.1, 100}, {0.2555, 256}, {0.255, 255},
		{0.257, 256}, // 257 lies in [256, 258)
		{0.5, 500},   // 500 lies in [500, 502)
		{0.511, 510}, // 511 lies in [510, 512)
		{0.513, 512}, // 513 lies in [512, 516)
		{0.9, 900},   // 900 lies in [900, 904)
		{0.99, 988},  // 990 lies in [988, 992)
		{1, 1000},    // 1000 lies in [1000, 1004)
	}
	for _, c := range cases {
		if got := d.Quantile(c.q); got != c.want {
			t.Errorf("Quantile(%v) = %d, want %d", c.q, got, c.want)
		}
	}
	// One value: every quantile is that value's bucket.
	var e Dist
	e.add(100000)
	for _, q := range []float64{0, 0.5, 1} {
		if got := e.Quantile(q); got != BucketLow(Bucket(100000)) || got > 100000 || float64(got) < 100000*(1-1.0/128) {
			t.Errorf("single value 100000: Quantile(%v) = %d", q, got)
		}
	}
	// A quantile is exact below 256 and within 1/128 (under 1%) above (for
	// values a game can reach: below 2^22).
	rapidShort()
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.Uint64Range(0, 1<<22-1).Draw(rt, "v")
		var d Dist
		d.add(int(v))
		got := d.Quantile(0.5)
		if got > v || float64(v-got)*128 > float64(v) || v < 256 && got != v {
			rt.Fatalf("value %d read back as %d", v, got)
		}
	})
	// Against the exact quantile of many values spread over game lengths.
	rapid.Check(t, func(rt *rapid.T) {
		vs := rapid.SliceOfN(rapid.IntRange(0, 20000), 1, 300).Draw(rt, "values")
		q := rapid.Float64Range(0, 1).Draw(rt, "q")
		var d Dist
		for _, v := range vs {
			d.add(v)
		}
		sorted := slices.Clone(vs)
		slices.Sort(sorted)
		k := max(int(math.Ceil(q*float64(len(vs)))), 1)
		exact := uint64(sorted[k-1])
		if got := d.Quantile(q); got > exact || float64(exact-got)*100 > float64(exact) {
			rt.Fatalf("Quantile(%v) = %d, exact %d", q, got, exact)
		}
	})
}

func TestWilson(t *testing.T) {
	// Reference: the textbook Wilson score interval with z = 1.959964.
	ref := func(k, n float64) (lo, hi float64) {
		z := 1.959963984540054
		p := k / n
		c := p + z*z/(2*n)
		h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
		d := 1 + z*z/n
		return (c - h) / d, (c + h) / d
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	for _, c := range []struct{ k, n uint64 }{{0, 10}, {10, 10}, {5, 10}, {1, 3}, {50, 100}, {9818, 20000}, {1, 1000000}} {
		p, lo, hi := Wilson(c.k, c.n)
		rlo, rhi := ref(float64(c.k), float64(c.n))
		if !near(p, float64(c.k)/float64(c.n)) || !near(lo, math.Max(0, rlo)) || !near(hi, math.Min(1, rhi)) {
			t.Errorf("Wilson(%d, %d) = %v [%v, %v], want [%v, %v]", c.k, c.n, p, lo, hi, rlo, rhi)
		}
		if lo > p || hi < p || lo < 0 || hi > 1 {
			t.Errorf("Wilson(%d, %d) = %v [%v, %v] does not bracket p", c.k, c.n, p, lo, hi)
		}
	}
	// Known values: 0 of 10 gives [0, 0.2775]; 5 of 10 gives [0.2366, 0.7634].
	if _, lo, hi := Wilson(0, 10); lo != 0 || math.Abs(hi-0.27753) > 1e-4 {
		t.Errorf("Wilson(0, 10) = [%v, %v]", lo, hi)
	}
	if _, lo, hi := Wilson(5, 10); math.Abs(lo-0.23659) > 1e-4 || math.Abs(hi-0.76341) > 1e-4 {
		t.Errorf("Wilson(5, 10) = [%v, %v]", lo, hi)
	}
	if p, lo, hi := Wilson(0, 0); p != 0 || lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = %v [%v, %v]", p, lo, hi)
	}
	// WinRate is Wilson of a seat's wins over all games.
	s := Stats{Games: 40, Wins: [MaxSeats]uint64{30, 10}}
	p, lo, hi := s.WinRate(0)
	wp, wlo, whi := Wilson(30, 40)
	if p != wp || lo != wlo || hi != whi {
		t.Errorf("WinRate(0) = %v [%v %v]", p, lo, hi)
	}
}

func randomResult(rt *rapid.T) Result {
	r := Result{
		Winner:       rapid.IntRange(Aborted, MaxSeats-1).Draw(rt, "winner"),
		Turns:        rapid.IntRange(0, 20000).Draw(rt, "turns"),
		Decisions:    rapid.IntRange(0, 1<<20).Draw(rt, "decisions"),
		Plays:        rapid.IntRange(0, 5000).Draw(rt, "plays"),
		Options:      rapid.IntRange(0, 1<<20).Draw(rt, "options"),
		Forced:       rapid.IntRange(0, 1000).Draw(rt, "forced"),
		LeadChanges:  rapid.IntRange(0, 1000).Draw(rt, "leads"),
		Interactions: rapid.IntRange(0, 1000).Draw(rt, "inter"),
		Draws:        rapid.IntRange(0, 5000).Draw(rt, "draws"),
		Passes:       rapid.IntRange(0, 5000).Draw(rt, "passes"),
		Fizzled:      rapid.IntRange(0, 500).Draw(rt, "fizzled"),
		Responses:    rapid.IntRange(0, 2000).Draw(rt, "responses"),
		Cancelled:    rapid.IntRange(0, 500).Draw(rt, "cancelled"),
	}
	// Only a finished game (won or tied) can have ended blocked.
	r.Blocked = r.Winner >= Tie && rapid.Bool().Draw(rt, "blocked")
	for i := range r.Effects {
		r.Effects[i] = rapid.IntRange(0, 500).Draw(rt, "eff")
	}
	if r.Winner >= 0 {
		r.WinMask = 1 << r.Winner
		if rapid.Bool().Draw(rt, "team") { // both partners of a team win
			r.WinMask |= 1 << ((r.Winner + 2) % MaxSeats)
		}
	}
	return r
}

// TestStatsMerge: merging the stats of parts equals adding every result to
// one Stats, whatever the split and order.
func TestStatsMerge(t *testing.T) {
	rapidShort()
	rapid.Check(t, func(rt *rapid.T) {
		rs := rapid.SliceOfN(rapid.Custom(randomResult), 0, 60).Draw(rt, "results")
		cut := rapid.IntRange(0, len(rs)).Draw(rt, "cut")
		var all, a, b Stats
		for i := range rs {
			all.Add(&rs[i])
			if i < cut {
				a.Add(&rs[i])
			} else {
				b.Add(&rs[i])
			}
		}
		var ab, ba Stats
		ab.Merge(&a)
		ab.Merge(&b)
		ba.Merge(&b)
		ba.Merge(&a)
		if !reflect.DeepEqual(ab, all) || !reflect.DeepEqual(ba, all) {
			rt.Fatalf("merge differs from adding in one:\n%+v\n%+v", ab, all)
		}
		if all.Games != uint64(len(rs)) || all.Decided() != all.Games-all.Capped-all.Aborted {
			rt.Fatalf("games %d decided %d", all.Games, all.Decided())
		}
		var won, wantWon uint64
		for _, w := range all.Wins {
			won += w
		}
		var decided uint64
		for _, r := range rs {
			wantWon += uint64(bits.OnesCount8(r.WinMask))
			if r.Winner >= 0 {
				decided++
			}
		}
		if won != wantWon || decided+all.Ties+all.Capped+all.Aborted != all.Games {
			rt.Fatalf("wins %d (want %d); %d won + ties %d + capped %d + aborted %d != games %d", won, wantWon, decided, all.Ties, all.Capped, all.Aborted, all.Games)
		}
		if all.Turns.Count() != all.Games {
			rt.Fatalf("turn histogram holds %d games of %d", all.Turns.Count(), all.Games)
		}
		var draws, passes, blocked, fizzled, responses, cancelled uint64
		for _, r := range rs {
			draws += uint64(r.Draws)
			passes += uint64(r.Passes)
			fizzled += uint64(r.Fizzled)
			responses += uint64(r.Responses)
			cancelled += uint64(r.Cancelled)
			if r.Blocked {
				blocked++
			}
		}
		if all.Draws != draws || all.Passes != passes || all.Blocked != blocked {
			rt.Fatalf("draws %d passes %d blocked %d, want %d %d %d", all.Draws, all.Passes, all.Blocked, draws, passes, blocked)
		}
		if all.Fizzled != fizzled {
			rt.Fatalf("fizzled %d, want %d", all.Fizzled, fizzled)
		}
		if all.Responses != responses || all.Cancelled != cancelled {
			rt.Fatalf("responses %d cancelled %d, want %d %d", all.Responses, all.Cancelled, responses, cancelled)
		}
	})
}

func TestStatsDerived(t *testing.T) {
	var s Stats
	if s.FirstPlayerAdvantage() != 0 || s.OptionsPerDecision() != 0 || s.ForcedShare() != 0 ||
		s.LeadChangesPerGame() != 0 || s.InteractionsPerTurn() != 0 || s.EffectsPerGame(0) != 0 ||
		s.DrawsPerGame() != 0 || s.PassesPerGame() != 0 || s.BlockedShare() != 0 || s.FizzledPerGame() != 0 ||
		s.ResponsesPerGame() != 0 || s.CancelledPerGame() != 0 {
		t.Error("derived figures of empty stats should be 0")
	}
	s.Seats = 2
	rs := []Result{
		{Winner: 0, WinMask: 1, Turns: 10, Decisions: 8, Options: 20, Forced: 2, LeadChanges: 3, Interactions: 4, Effects: [NumEffectTypes]int{1, 0, 2}, Draws: 7, Passes: 1, Fizzled: 2, Responses: 5, Cancelled: 1},
		{Winner: 0, WinMask: 1, Turns: 20, Decisions: 12, Options: 30, Forced: 3, LeadChanges: 1, Interactions: 6, Draws: 2, Passes: 4, Blocked: true},
		{Winner: 1, WinMask: 2, Turns: 30, Decisions: 0, Draws: 1, Fizzled: 1, Responses: 2},
		{Winner: Capped, Turns: 40, Decisions: 0, Passes: 3},
	}
	for i := range rs {
		s.Add(&rs[i])
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if got := s.FirstPlayerAdvantage(); !near(got, 2.0/3-0.5) {
		t.Errorf("FirstPlayerAdvantage %v, want %v (among decided games)", got, 2.0/3-0.5)
	}
	if got := s.OptionsPerDecision(); !near(got, 50.0/20) {
		t.Errorf("OptionsPerDecision %v", got)
	}
	if got := s.ForcedShare(); !near(got, 5.0/20) {
		t.Errorf("ForcedShare %v", got)
	}
	if got := s.LeadChangesPerGame(); !near(got, 1) {
		t.Errorf("LeadChangesPerGame %v", got)
	}
	if got := s.InteractionsPerTurn(); !near(got, 10.0/100) {
		t.Errorf("InteractionsPerTurn %v", got)
	}
	if got := s.EffectsPerGame(2); !near(got, 0.5) {
		t.Errorf("EffectsPerGame(2) %v", got)
	}
	if got := s.DrawsPerGame(); !near(got, 10.0/4) {
		t.Errorf("DrawsPerGame %v, want %v", got, 10.0/4)
	}
	if got := s.PassesPerGame(); !near(got, 8.0/4) {
		t.Errorf("PassesPerGame %v, want %v", got, 8.0/4)
	}
	if got := s.FizzledPerGame(); s.Fizzled != 3 || !near(got, 3.0/4) {
		t.Errorf("Fizzled %d, FizzledPerGame %v, want 3 and %v", s.Fizzled, got, 3.0/4)
	}
	if got := s.ResponsesPerGame(); s.Responses != 7 || !near(got, 7.0/4) {
		t.Errorf("Responses %d, ResponsesPerGame %v, want 7 and %v", s.Responses, got, 7.0/4)
	}
	if got := s.CancelledPerGame(); s.Cancelled != 1 || !near(got, 1.0/4) {
		t.Errorf("Cancelled %d, CancelledPerGame %v, want 1 and %v", s.Cancelled, got, 1.0/4)
	}
	if got := s.BlockedShare(); s.Blocked != 1 || !near(got, 0.25) {
		t.Errorf("Blocked %d, BlockedShare %v, want 1 and 0.25", s.Blocked, got)
	}
	if s.Capped != 1 || s.Decided() != 3 || s.Turns.Max != 40 {
		t.Errorf("capped %d decided %d max %d", s.Capped, s.Decided(), s.Turns.Max)
	}
}
