package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// passDirs are the directions a match's pass may take at seats s (across
// only at exactly four seats).
func passDirs(s genome.Seats) []genome.PassTo {
	d := []genome.PassTo{cardrules.PassLeft, cardrules.PassRight, cardrules.PassNone, cardrules.PassFinishing}
	if s.Min == 4 && s.Max == 4 {
		d = append(d, cardrules.PassAcross)
	}
	return d
}

// passRoom is the most cards a seat can pass before every deal of g: the
// fewest it is dealt at any seat count, up to the model's limit.
func passRoom(g *genome.Genome) int {
	most := cardrules.MaxPassCount
	deck := len(g.Deck.Cards())
	for n := max(g.Seats.Min, 1); n <= g.Seats.Max; n++ {
		dealt := g.DealFor(n)
		if g.Deal.All {
			dealt = deck / n
		}
		most = min(most, dealt)
	}
	return most
}

// mutPass changes the pass before each deal of a match with fan hands:
// without one, it adds a pass of 1 to 3 cards in one direction; with one,
// it removes it, moves its count by one (reflected at 1 and passRoom), or
// changes, adds or removes a direction of its rotation.
func mutPass(g *genome.Genome, r *rng.Source) bool {
	room := passRoom(g)
	if g.Match == nil || g.Hand != cardrules.HandFan || room < 1 {
		return false
	}
	dirs := passDirs(g.Seats)
	p := g.Match.Pass
	if p == nil {
		g.Match.Pass = &genome.PassRules{Count: 1 + r.IntN(min(3, room)), To: []genome.PassTo{pick(r, dirs)}}
		fitPass(g)
		return g.Match.Pass != nil
	}
	switch r.IntN(5) {
	case 0:
		g.Match.Pass = nil
		return true
	case 1:
		if room < 2 {
			return false
		}
		p.Count = reflectStep(min(p.Count, room), r, 1, room)
	case 2:
		p.To[r.IntN(len(p.To))] = pick(r, dirs)
	case 3:
		if len(p.To) == cardrules.MaxPassDirs {
			return false
		}
		p.To = append(p.To, pick(r, dirs))
	case 4:
		if len(p.To) == 1 {
			return false
		}
		i := r.IntN(len(p.To))
		p.To = append(p.To[:i], p.To[i+1:]...)
	}
	fitPass(g)
	return true
}

// mutFinish changes the scores of a deal's finishing order: without
// them, it scores the first places 1 to 3 points down to 1 (no more places
// than seats); with them, it removes them or moves one place's points by
// one (reflected at 0 and 10, the last place at least 1).
func mutFinish(g *genome.Genome, r *rng.Source) bool {
	if g.Score.Chips.Stake > 0 {
		return false
	}
	f := g.Score.Finish
	if len(f) == 0 {
		k := 1 + r.IntN(min(3, max(g.Seats.Max, 1)))
		for i := range k {
			g.Score.Finish = append(g.Score.Finish, k-i)
		}
		if g.End.Rank == cardrules.RankCards {
			g.End.Rank = cardrules.RankScoreHigh
		}
		return true
	}
	if r.IntN(3) == 0 {
		g.Score.Finish = nil
		fitMatch(g)
		return true
	}
	i := r.IntN(len(f))
	lo := 0
	if i == len(f)-1 {
		lo = 1
	}
	f[i] = reflectStep(min(max(f[i], lo), 10), r, lo, 10)
	return true
}

// fitPass keeps the pass and the finishing scores valid after a change of
// deck, deal, seats or hand: no pass without a match or with pile hands or
// without a card to pass; its count at most passRoom; across only at four
// seats (else left); none at all when every direction is none. The
// finishing scores keep no more places than seats and end on a scoring
// place.
func fitPass(g *genome.Genome) {
	if f := g.Score.Finish; len(f) > 0 {
		f = f[:min(len(f), max(g.Seats.Max, 1))]
		for len(f) > 0 && f[len(f)-1] == 0 {
			f = f[:len(f)-1]
		}
		if len(f) == 0 {
			f = nil
		}
		g.Score.Finish = f
	}
	if g.Match == nil || g.Match.Pass == nil {
		return
	}
	p := g.Match.Pass
	room := passRoom(g)
	if g.Hand != cardrules.HandFan || room < 1 {
		g.Match.Pass = nil
		return
	}
	p.Count = max(1, min(p.Count, room))
	four := g.Seats.Min == 4 && g.Seats.Max == 4
	for i, d := range p.To {
		if d == cardrules.PassAcross && !four {
			p.To[i] = cardrules.PassLeft
		}
	}
	if !slices.ContainsFunc(p.To, func(d genome.PassTo) bool { return d != cardrules.PassNone }) {
		g.Match.Pass = nil
	}
}
