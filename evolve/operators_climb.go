package evolve

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// mutClimb changes a climb phase's max (the most cards of one rank a lead
// plays) by one, reflected at 1 and cardrules.MaxClimb (4 is written
// absent, as Canonical has it), or, in a game of fan hands with no climb,
// turns a play phase into a climb: the play phase's fields go, and with
// them what needed a play phase (fitTriggers, fitResponses).
func mutClimb(g *genome.Genome, r *rng.Source) bool {
	climbs, plays := kindAndPlays(g, cardrules.PhaseClimb)
	switch {
	case len(climbs) > 0:
		p := &g.Turn[pick(r, climbs)]
		p.Max = climbMax(reflectStep(p.ClimbMax(), r, 1, cardrules.MaxClimb))
	case len(plays) > 0 && g.Hand == cardrules.HandFan:
		g.Turn[pick(r, plays)] = randomClimb(r)
		fitTriggers(g)
		fitResponses(g)
	default:
		return false
	}
	return true
}

// randomClimb returns a climb phase whose max is 1 to 4, 4 (President's)
// half the time.
func randomClimb(r *rng.Source) genome.Phase {
	n := cardrules.MaxClimb
	if r.IntN(2) == 0 {
		n = 1 + r.IntN(cardrules.MaxClimb)
	}
	return genome.Phase{Kind: cardrules.PhaseClimb, Max: climbMax(n)}
}

// climbMax is the Max field for a climb of at most n cards a lead: n, or
// absent (0) for the most.
func climbMax(n int) int {
	if n == cardrules.MaxClimb {
		return 0
	}
	return n
}
