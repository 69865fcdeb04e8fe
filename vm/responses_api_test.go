package vm

import (
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// A program has responses when some rank answers an effect; a batch of
// its games counts the cards that answered and the effects a chain
// cancelled, each the sum over its games' results. A program without
// responses counts none.
func TestStatsResponses(t *testing.T) {
	cancelling := testkit.SeedGenome(t, "uno-stacking")
	jack, err := cardrules.ParseRank("J")
	if err != nil {
		t.Fatal(err)
	}
	cancelling.Responses.Cards = append(cancelling.Responses.Cards,
		genome.Response{Rank: jack, Ability: cardrules.Cancel, Answers: cardrules.DrawCards})
	for _, c := range []struct {
		name       string
		g          *genome.Genome
		responses  bool // the program has responses, and some game answers
		cancelling bool // some chain cancels its effect
	}{
		{"uno-style", testkit.SeedGenome(t, "uno-style"), false, false},
		{"uno-stacking", testkit.SeedGenome(t, "uno-stacking"), true, false},
		{"uno-stacking with cancelling jacks", cancelling, true, true},
	} {
		p := load(t, c.g)
		if p.HasResponses() != c.responses {
			t.Errorf("%s: HasResponses %v, want %v", c.name, p.HasResponses(), c.responses)
		}
		const games, seed = 300, 77
		seats := p.DefaultSeats()
		st := batch(t, p, BatchConfig{Games: games, Seed: seed, Workers: 2})
		var responses, cancelled uint64
		m := mustMachine(p, seats, nil)
		for i := range games {
			r := m.Play(rng.Derive(seed, uint64(i)))
			responses += uint64(r.Responses)
			cancelled += uint64(r.Cancelled)
		}
		if st.Responses != responses || st.Cancelled != cancelled {
			t.Errorf("%s: stats count %d responses and %d cancelled effects, the games %d and %d",
				c.name, st.Responses, st.Cancelled, responses, cancelled)
		}
		if (st.Responses > 0) != c.responses || (st.Cancelled > 0) != c.cancelling {
			t.Errorf("%s: %d responses and %d cancelled effects in %d games, want responses %v, cancelled %v",
				c.name, st.Responses, st.Cancelled, games, c.responses, c.cancelling)
		}
		// The seed's draws hit one seat each: a firing is cancelled at most once.
		if st.Cancelled > st.Effects[cardrules.DrawCards] {
			t.Errorf("%s: %d cancelled effects of %d draw_cards firings", c.name, st.Cancelled, st.Effects[cardrules.DrawCards])
		}
	}
}
