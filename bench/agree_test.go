package bench_test

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/darwinsim/darwinsim/internal/native"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// The native games must be the same games as the VM's: with the same seed,
// the same winner, turns, decisions, plays and effect firings, game by game.
// A statistical check (win rates and game lengths within sampling error, on
// independent seeds) backs the exact one up, so that the comparison stays
// meaningful should exact equality ever be relaxed (say, a native game that
// draws its random numbers in another order).

const agreeSeed = 0xda5715_0bec4 // batch seed of the exact comparison

// nativeGame is one native game with the seed genome it mirrors.
type nativeGame struct {
	seed  string // seed genome name
	seats []int  // seat counts it is checked at, the default first
	// newPlayer returns a player over a fresh reusable state.
	newPlayer func() player
}

// player plays native games on one reusable state.
type player struct {
	play func(seed uint64, seats int) native.Outcome
	// counts, when not nil, returns the options summed over the last
	// game's decisions and its forced decisions, which the game counts
	// as the VM's Result.Options and Result.Forced do (a game whose
	// outcome alone says little, such as Hearts: always 13 turns, 52
	// decisions and 52 plays).
	counts func() (options, forced int)
}

var nativeGames = []nativeGame{
	{"crazy-eights", []int{2, 3, 4, 5}, func() player {
		var g native.CrazyEights
		return player{play: g.Play}
	}},
	{"uno-style", []int{4, 2, 3, 5, 6}, func() player {
		var g native.Uno
		return player{play: g.Play}
	}},
	{"war", []int{2, 3, 4}, func() player {
		var g native.War
		return player{play: g.Play}
	}},
	{"hearts", []int{4}, func() player {
		var g native.Hearts
		return player{play: g.Play, counts: g.Counts}
	}},
}

// outcomeOf converts a VM result to the native games' outcome.
func outcomeOf(r vm.Result) native.Outcome {
	o := native.Outcome{Winner: r.Winner, Turns: r.Turns, Decisions: r.Decisions, Plays: r.Plays}
	copy(o.Effects[:], r.Effects[:])
	return o
}

func TestConstantsMatchVM(t *testing.T) {
	if native.Capped != vm.Capped || native.Tie != vm.Tie {
		t.Errorf("outcome codes: native Capped %d Tie %d, vm %d %d", native.Capped, native.Tie, vm.Capped, vm.Tie)
	}
}

// TestNativeMatchesVM plays the same seeds through the native games and the
// VM and requires identical outcomes, game by game: N games at the default
// seat count (2000 with -short, 200000 without) and N/10 at every other
// seat count the game allows. For a game that counts them, the options and
// forced decisions must be identical too.
func TestNativeMatchesVM(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 2000
	}
	for _, ng := range nativeGames {
		p := testkit.LoadSeed(t, ng.seed, vm.Load)
		lo, hi := p.SeatRange()
		if lo != slicesMin(ng.seats) || hi != slicesMax(ng.seats) || p.DefaultSeats() != ng.seats[0] {
			t.Fatalf("%s: the genome is for %d..%d seats (default %d), the native game is checked at %v",
				ng.seed, lo, hi, p.DefaultSeats(), ng.seats)
		}
		for k, seats := range ng.seats {
			games := n
			if k > 0 {
				games = n / 10
			}
			t.Run(fmt.Sprintf("%s/seats=%d", ng.seed, seats), func(t *testing.T) {
				pl := ng.newPlayer()
				m := mustMachine(p, seats, nil)
				var capped, ties, options, forced int
				for i := range games {
					seed := rng.Derive(agreeSeed, uint64(i))
					r := m.Play(seed)
					if r.Winner == vm.Aborted {
						t.Fatalf("game %d (seed %#x): the VM aborted (step budget)", i, seed)
					}
					want := outcomeOf(r)
					got := pl.play(seed, seats)
					var gotOpt, gotForced int
					if pl.counts != nil {
						gotOpt, gotForced = pl.counts()
					}
					if got != want || pl.counts != nil && (gotOpt != r.Options || gotForced != r.Forced) {
						var tr bytes.Buffer
						mustReplay(p, seats, nil, agreeSeed, uint64(i)).Format(&tr)
						var counted string
						if pl.counts != nil {
							counted = fmt.Sprintf("\noptions, forced: native %d, %d; vm %d, %d", gotOpt, gotForced, r.Options, r.Forced)
						}
						t.Fatalf("game %d (batch seed %#x, game seed %#x), %d seats:\nnative: %v\nvm:     %v%s\nVM trace:\n%s",
							i, uint64(agreeSeed), seed, seats, got, want, counted, clip(tr.String(), 20000))
					}
					options += r.Options
					forced += r.Forced
					switch want.Winner {
					case vm.Capped:
						capped++
					case vm.Tie:
						ties++
					}
				}
				if pl.counts != nil {
					t.Logf("%d games identical, options and forced decisions included (%d capped, %d ties; %d options, %d forced)",
						games, capped, ties, options, forced)
				} else {
					t.Logf("%d games identical (%d capped, %d ties)", games, capped, ties)
				}
			})
		}
	}
}

func slicesMin(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

func slicesMax(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "\n... (clipped)"
}

// sample summarises a run of games for the statistical comparison.
type sample struct {
	games   int
	wins    [vm.MaxSeats]int // by seat
	noWin   int              // capped or tied
	turns   moments
	decided moments // decisions per game
	plays   moments
	// Options summed over a game's decisions, and its forced decisions,
	// when counted (for games whose player has counts).
	counted         bool
	options, forced moments
}

type moments struct{ sum, sumSq float64 }

func (m *moments) add(x int) {
	f := float64(x)
	m.sum += f
	m.sumSq += f * f
}

func (s *sample) add(o native.Outcome) {
	s.games++
	if o.Winner >= 0 {
		s.wins[o.Winner]++
	} else {
		s.noWin++
	}
	s.turns.add(o.Turns)
	s.decided.add(o.Decisions)
	s.plays.add(o.Plays)
}

// addCounts records the options and forced decisions of the game just
// added.
func (s *sample) addCounts(options, forced int) {
	s.counted = true
	s.options.add(options)
	s.forced.add(forced)
}

// meanVar returns the sample mean and the (unbiased) sample variance.
func (m moments) meanVar(n int) (mean, v float64) {
	nf := float64(n)
	mean = m.sum / nf
	v = (m.sumSq - nf*mean*mean) / (nf - 1)
	return mean, max(v, 0)
}

// statAlpha is the family-wise false-alarm rate of one statistical
// comparison of two samples of the same game: the probability that two
// samples drawn from the same distribution fail it. It is split evenly
// (Bonferroni) over the comparisons made: each seat's win rate, the share of
// games without a winner, and the mean turns, decisions and plays per game
// (and options and forced decisions per game when both samples count them),
// each a two-sided z test (pooled two-proportion test for the rates, Welch's
// test for the means; the normal approximation holds at these sample
// sizes).
const statAlpha = 1e-4

// compareSamples returns a description of every comparison whose z score
// exceeds the Bonferroni threshold (nil when the samples agree).
func compareSamples(a, b *sample, seats int) []string {
	counted := a.counted && b.counted
	m := seats + 1 + 3
	if counted {
		m += 2
	}
	zc := math.Sqrt2 * math.Erfinv(1-statAlpha/float64(m))
	var bad []string
	prop := func(what string, ka, kb int) {
		na, nb := float64(a.games), float64(b.games)
		pa, pb := float64(ka)/na, float64(kb)/nb
		pool := float64(ka+kb) / (na + nb)
		se := math.Sqrt(pool * (1 - pool) * (1/na + 1/nb))
		if se == 0 {
			return // both 0 or both 1: equal
		}
		if z := (pa - pb) / se; math.Abs(z) > zc {
			bad = append(bad, fmt.Sprintf("%s: %.4f vs %.4f (z = %.2f, threshold %.2f)", what, pa, pb, z, zc))
		}
	}
	mean := func(what string, ma, mb moments) {
		xa, va := ma.meanVar(a.games)
		xb, vb := mb.meanVar(b.games)
		se := math.Sqrt(va/float64(a.games) + vb/float64(b.games))
		if se == 0 {
			if xa != xb {
				bad = append(bad, fmt.Sprintf("%s: %.3f vs %.3f with no variance", what, xa, xb))
			}
			return
		}
		if z := (xa - xb) / se; math.Abs(z) > zc {
			bad = append(bad, fmt.Sprintf("%s: %.3f vs %.3f (z = %.2f, threshold %.2f)", what, xa, xb, z, zc))
		}
	}
	for s := range seats {
		prop(fmt.Sprintf("win rate of seat %d", s), a.wins[s], b.wins[s])
	}
	prop("share of games without a winner", a.noWin, b.noWin)
	mean("mean turns", a.turns, b.turns)
	mean("mean decisions", a.decided, b.decided)
	mean("mean plays", a.plays, b.plays)
	if counted {
		mean("mean options per game", a.options, b.options)
		mean("mean forced decisions per game", a.forced, b.forced)
	}
	return bad
}

// TestNativeAgreesWithVMStatistically compares, for each game at its default
// seat count, N native games and N VM games on independent seed streams
// (N = 2000 with -short, 200000 without): win rate per seat, share of games
// without a winner, and mean turns, decisions and plays (and options and
// forced decisions, for a game that counts them) must agree within sampling
// error at the false-alarm rate statAlpha.
func TestNativeAgreesWithVMStatistically(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 2000
	}
	const nativeSeed, vmSeed = 0x6e6174697665, 0x766d5f76656d
	for _, ng := range nativeGames {
		t.Run(ng.seed, func(t *testing.T) {
			p := testkit.LoadSeed(t, ng.seed, vm.Load)
			seats := ng.seats[0]
			m := mustMachine(p, seats, nil)
			pl := ng.newPlayer()
			var a, b sample
			for i := range n {
				a.add(pl.play(rng.Derive(nativeSeed, uint64(i)), seats))
				r := m.Play(rng.Derive(vmSeed, uint64(i)))
				b.add(outcomeOf(r))
				if pl.counts != nil {
					a.addCounts(pl.counts())
					b.addCounts(r.Options, r.Forced)
				}
			}
			if bad := compareSamples(&a, &b, seats); bad != nil {
				t.Errorf("native (first) and VM (second) differ beyond sampling error over %d games each:\n%s", n, joinLines(bad))
			}
			ta, _ := a.turns.meanVar(a.games)
			tb, _ := b.turns.meanVar(b.games)
			t.Logf("mean turns: native %.2f, vm %.2f; seat 0 wins: native %d, vm %d", ta, tb, a.wins[0], b.wins[0])
		})
	}
}

// TestStatisticalCheckHasPower makes sure the statistical comparison is not
// vacuous: it must tell apart two genuinely different games (Crazy Eights at
// two and at three seats: different win rates and lengths) at the sample
// size of a -short run.
func TestStatisticalCheckHasPower(t *testing.T) {
	const n = 2000
	var g native.CrazyEights
	var a, b sample
	for i := range n {
		a.add(g.Play(rng.Derive(1, uint64(i)), 2))
		b.add(g.Play(rng.Derive(2, uint64(i)), 3))
	}
	if compareSamples(&a, &b, 3) == nil {
		t.Fatal("the statistical check did not tell 2-seat from 3-seat Crazy Eights")
	}
	// And it passes two independent samples of the same game.
	var c sample
	for i := range n {
		c.add(g.Play(rng.Derive(3, uint64(i)), 2))
	}
	if bad := compareSamples(&a, &c, 2); bad != nil {
		t.Fatalf("two samples of the same game differ:\n%s", joinLines(bad))
	}
}

func joinLines(ss []string) string {
	var b bytes.Buffer
	for _, s := range ss {
		b.WriteString("  ")
		b.WriteString(s)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestNativeZeroAlloc: a native game allocates nothing, on a reused state
// and through the convenience functions.
func TestNativeZeroAlloc(t *testing.T) {
	for _, ng := range nativeGames {
		pl := ng.newPlayer()
		i := uint64(0)
		if a := testing.AllocsPerRun(200, func() { pl.play(rng.Derive(7, i), 0); i++ }); a != 0 {
			t.Errorf("%s: %v allocations per game on a reused state", ng.seed, a)
		}
	}
	for name, f := range map[string]func(uint64, int) native.Outcome{
		"PlayCrazyEights": native.PlayCrazyEights, "PlayUno": native.PlayUno, "PlayWar": native.PlayWar,
		"PlayHearts": native.PlayHearts,
	} {
		if a := testing.AllocsPerRun(200, func() { f(11, 0) }); a != 0 {
			t.Errorf("%s: %v allocations per game", name, a)
		}
	}
}

// mustMachine is vm.NewMachine for seats and policies right by
// construction.
func mustMachine(p *vm.Program, seats int, policies []vm.Policy) *vm.Machine {
	m, err := vm.NewMachine(p, seats, policies)
	if err != nil {
		panic(err)
	}
	return m
}

// mustReplay is vm.Replay for seats and policies right by construction.
func mustReplay(p *vm.Program, seats int, policies []vm.Policy, batchSeed, i uint64) *vm.Trace {
	t, err := vm.Replay(p, seats, policies, batchSeed, i)
	if err != nil {
		panic(err)
	}
	return t
}
