package vm

import (
	"math"
	"math/bits"
)

// NumBuckets is the size of a Dist histogram.
const NumBuckets = exactBuckets + octaves*perOctave

// The histogram's layout: exact values below exactBuckets, then perOctave
// equal buckets in each power of two from exactBuckets up, for octaves
// powers of two.
const (
	exactBuckets = 256 // 2^exactBits
	exactBits    = 8
	perOctave    = 128 // 2^octaveBits
	octaveBits   = 7
	octaves      = 14 // 2^8 up to 2^22
)

// Dist is the distribution of a per-game count: its sum, maximum and a
// histogram. Buckets 0..255 hold the exact values 0..255; above that, each
// power of two [2^e, 2^(e+1)) is split into 128 equal buckets, so a
// quantile read from the histogram (the low edge of its bucket) is exact
// below 256 and at most 1/128 (0.78%) below the exact quantile above, up
// to 2^22; the last bucket holds every value from 4,177,920 up (Max keeps
// the largest).
type Dist struct {
	Sum  uint64
	Max  uint64
	Hist [NumBuckets]uint64
}

// Bucket returns the histogram bucket of value v.
func Bucket(v uint64) int {
	if v < exactBuckets {
		return int(v)
	}
	e := bits.Len64(v) - 1
	b := exactBuckets + (e-exactBits)*perOctave + int((v>>(e-octaveBits))&(perOctave-1))
	return min(b, NumBuckets-1)
}

// BucketLow returns the smallest value of bucket b.
func BucketLow(b int) uint64 {
	if b < exactBuckets {
		return uint64(b)
	}
	e := (b-exactBuckets)/perOctave + exactBits
	return 1<<e + uint64((b-exactBuckets)%perOctave)<<(e-octaveBits)
}

func (d *Dist) add(v int) {
	u := uint64(v)
	d.Sum += u
	d.Max = max(d.Max, u)
	d.Hist[Bucket(u)]++
}

func (d *Dist) merge(o *Dist) {
	d.Sum += o.Sum
	d.Max = max(d.Max, o.Max)
	for i := range d.Hist {
		d.Hist[i] += o.Hist[i]
	}
}

// Count is the number of values recorded.
func (d *Dist) Count() uint64 {
	var n uint64
	for _, h := range d.Hist {
		n += h
	}
	return n
}

// Mean is the average value (0 for no values).
func (d *Dist) Mean() float64 {
	n := d.Count()
	if n == 0 {
		return 0
	}
	return float64(d.Sum) / float64(n)
}

// Quantile returns the low edge of the bucket holding the q-quantile (the
// smallest value v with at least q of the values at or below it): exact
// below 256, and less than 0.8% below the exact quantile above (Dist).
func (d *Dist) Quantile(q float64) uint64 {
	n := d.Count()
	if n == 0 {
		return 0
	}
	want := uint64(math.Ceil(q * float64(n)))
	want = max(want, 1)
	var acc uint64
	for b, h := range d.Hist {
		acc += h
		if acc >= want {
			return BucketLow(b)
		}
	}
	return d.Max
}

// Stats is everything a batch measures, accumulated in integers so that
// merging workers in any order gives the same bytes; floats are derived on
// demand. It is the one statistics type: the CLI's tables and --json, the
// FlatBuffers result and evolution's fitness all read it.
type Stats struct {
	Games   uint64           // games played (including capped and aborted)
	Seats   int              // seats per game
	Wins    [MaxSeats]uint64 // games won by each seat (both partners of a winning team)
	Ties    uint64           // games that ended with no single winner
	Capped  uint64           // games that hit the turn cap (draws)
	Aborted uint64           // games that ran out of step budget (errors)
	Blocked uint64           // games that ended blocked (the end's blocked rule), ranked: also among the wins or ties

	Turns     Dist // game length in turns
	Decisions Dist // decisions per game
	Plays     Dist // plays per game

	Options      uint64 // legal options summed over all decisions
	Forced       uint64 // decisions with exactly one legal option
	Informed     uint64 // decisions among options the decider can tell apart
	LeadChanges  uint64 // changes of the sole leader, summed over games
	Interactions uint64 // actions that hit another seat, summed over games
	Draws        uint64 // cards drawn from the stock (draw phases, play phases, effects, asks), summed over games
	Passes       uint64 // passes in play phases, chosen or for want of any option, summed over games
	Fizzled      uint64 // draw and discard effects that fired and moved no card (also among Effects), summed over games
	Responses    uint64 // cards played to answer effects in response windows (not plays), summed over games
	Cancelled    uint64 // chains of responses that negated their effect, one per seat spared (the firing is among Effects, never fizzled), summed over games

	Effects [NumEffectTypes]uint64 // effect firings by type

	// Counts added after the others keep to the end, so that the outcome
	// hashes of games that never count them stay as they were (see
	// vm/golden_test.go).

	Captures uint64 // discard piles taken by a demand paid in a turn_up phase, summed over games
	Deals    uint64 // deals played, summed over games (one per game unless the game is a match)
}

// Add records one game's result.
func (s *Stats) Add(r *Result) {
	s.Games++
	switch r.Winner {
	case Capped:
		s.Capped++
	case Tie:
		s.Ties++
	case Aborted:
		s.Aborted++
	default:
		for w := r.WinMask; w != 0; w &= w - 1 {
			s.Wins[bits.TrailingZeros8(w)]++
		}
	}
	s.Turns.add(r.Turns)
	s.Decisions.add(r.Decisions)
	s.Plays.add(r.Plays)
	s.Options += uint64(r.Options)
	s.Forced += uint64(r.Forced)
	s.Informed += uint64(r.Informed)
	s.LeadChanges += uint64(r.LeadChanges)
	s.Interactions += uint64(r.Interactions)
	s.Draws += uint64(r.Draws)
	s.Passes += uint64(r.Passes)
	s.Fizzled += uint64(r.Fizzled)
	s.Responses += uint64(r.Responses)
	s.Cancelled += uint64(r.Cancelled)
	if r.Blocked {
		s.Blocked++
	}
	for i, e := range r.Effects {
		s.Effects[i] += uint64(e)
	}
	s.Captures += uint64(r.Captures)
	s.Deals += uint64(r.Deals)
}

// Merge adds o into s.
func (s *Stats) Merge(o *Stats) {
	s.Games += o.Games
	for i := range s.Wins {
		s.Wins[i] += o.Wins[i]
	}
	s.Ties += o.Ties
	s.Capped += o.Capped
	s.Aborted += o.Aborted
	s.Blocked += o.Blocked
	s.Turns.merge(&o.Turns)
	s.Decisions.merge(&o.Decisions)
	s.Plays.merge(&o.Plays)
	s.Options += o.Options
	s.Forced += o.Forced
	s.Informed += o.Informed
	s.LeadChanges += o.LeadChanges
	s.Interactions += o.Interactions
	s.Draws += o.Draws
	s.Passes += o.Passes
	s.Fizzled += o.Fizzled
	s.Responses += o.Responses
	s.Cancelled += o.Cancelled
	for i := range s.Effects {
		s.Effects[i] += o.Effects[i]
	}
	s.Captures += o.Captures
	s.Deals += o.Deals
}

// Decided is the number of games that ended with a result (neither capped
// nor aborted).
func (s *Stats) Decided() uint64 { return s.Games - s.Capped - s.Aborted }

// WinRate returns seat i's share of all games and its 95% Wilson interval.
func (s *Stats) WinRate(i int) (p, lo, hi float64) {
	return Wilson(s.Wins[i], s.Games)
}

// Wilson returns k/n and its 95% Wilson score interval.
func Wilson(k, n uint64) (p, lo, hi float64) {
	if n == 0 {
		return 0, 0, 1
	}
	const z = 1.959963984540054
	nf := float64(n)
	p = float64(k) / nf
	den := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / den
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return p, math.Max(0, c-h), math.Min(1, c+h)
}

// FirstPlayerAdvantage is seat 0's win rate among decided games minus the
// fair share 1/seats.
func (s *Stats) FirstPlayerAdvantage() float64 {
	d := s.Decided()
	if d == 0 || s.Seats == 0 {
		return 0
	}
	return float64(s.Wins[0])/float64(d) - 1/float64(s.Seats)
}

// OptionsPerDecision is the mean number of legal options per decision.
func (s *Stats) OptionsPerDecision() float64 {
	if n := s.Decisions.Sum; n > 0 {
		return float64(s.Options) / float64(n)
	}
	return 0
}

// ForcedShare is the share of decisions that had a single option.
func (s *Stats) ForcedShare() float64 {
	if n := s.Decisions.Sum; n > 0 {
		return float64(s.Forced) / float64(n)
	}
	return 0
}

// perGame divides a total by the number of games.
func (s *Stats) perGame(x uint64) float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(x) / float64(s.Games)
}

// InformedPerSeat is the mean number of informed decisions per seat and
// game: decisions among options the decider can tell apart.
func (s *Stats) InformedPerSeat() float64 {
	if s.Seats == 0 {
		return 0
	}
	return s.perGame(s.Informed) / float64(s.Seats)
}

// LeadChangesPerGame is the mean number of lead changes per game.
func (s *Stats) LeadChangesPerGame() float64 { return s.perGame(s.LeadChanges) }

// InteractionsPerTurn is the mean number of interactions per turn.
func (s *Stats) InteractionsPerTurn() float64 {
	if s.Turns.Sum == 0 {
		return 0
	}
	return float64(s.Interactions) / float64(s.Turns.Sum)
}

// DrawsPerGame is the mean number of cards drawn from the stock per game.
func (s *Stats) DrawsPerGame() float64 { return s.perGame(s.Draws) }

// PassesPerGame is the mean number of passes per game.
func (s *Stats) PassesPerGame() float64 { return s.perGame(s.Passes) }

// FizzledPerGame is the mean number of effects per game that fizzled: draw
// and discard effects that fired and moved no card.
func (s *Stats) FizzledPerGame() float64 { return s.perGame(s.Fizzled) }

// ResponsesPerGame is the mean number of cards per game played to answer
// an effect in a response window (stacking, deflecting or cancelling it).
func (s *Stats) ResponsesPerGame() float64 { return s.perGame(s.Responses) }

// CancelledPerGame is the mean number of effects per game that a chain of
// responses negated, counted per seat spared: an effect aimed at all
// opponents counts once for each opponent whose chain negated it.
func (s *Stats) CancelledPerGame() float64 { return s.perGame(s.Cancelled) }

// CapturesPerGame is the mean number of discard piles per game that a seat
// took because its demand was paid (turn_up phases).
func (s *Stats) CapturesPerGame() float64 { return s.perGame(s.Captures) }

// DealsPerGame is the mean number of deals per game (1 unless the game is
// a match of several deals).
func (s *Stats) DealsPerGame() float64 { return s.perGame(s.Deals) }

// TurnsPerDeal is the mean number of turns per deal, over every deal of
// every game.
func (s *Stats) TurnsPerDeal() float64 {
	if s.Deals == 0 {
		return 0
	}
	return float64(s.Turns.Sum) / float64(s.Deals)
}

// BlockedShare is the share of all games that ended blocked.
func (s *Stats) BlockedShare() float64 { return s.perGame(s.Blocked) }

// EffectsPerGame is the mean number of effect firings of type t per game.
func (s *Stats) EffectsPerGame(t int) float64 { return s.perGame(s.Effects[t]) }
