package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// cheatJSON is a cheat-like game (pagat.com's Cheat): three to eight
// players, the whole deck dealt, aces low; a turn puts one to four cards
// face down claiming the next rank from A; the first player out wins.
const cheatJSON = `{"schema":1,"name":"cheat","seats":{"min":3,"max":8,"default":4},"deck":{"order":"ace_low"},"hand":"fan","deal":{"all":true},"reshuffle":false,"turn":[{"kind":"claim","claims":"next","start":"A"}],"effects":[],"end":{"conditions":[{"when":"hand_empty","result":"win"}],"until":"first_out"},"turn_cap":5000}`

// cheat returns the cheat-like game, valid.
func cheat(t *testing.T) *genome.Genome {
	t.Helper()
	g, err := genome.Parse([]byte(cheatJSON))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestDescribeClaim: the rules text of a claim phase says the cards put
// face down (one to max, or a single card), the ranks that may be
// announced under each claims rule (next from the start in the deck's
// order, going round; the last one or one next to it; any), the bluff
// and the challenge; every field (claims, start, max) and the deck's order
// and ranks change the text.
func TestDescribeClaim(t *testing.T) {
	base := cheat(t)
	variant := func(change func(g *genome.Genome)) string {
		t.Helper()
		g := base.Clone()
		change(g)
		if err := g.Validate(); err != nil {
			t.Fatal(err)
		}
		return g.Describe()
	}
	d := base.Describe()
	for _, want := range []string{
		"1. Put one to four cards from your hand face down on the claim pile and announce that they are all of one rank: the rank after the one announced last, in the order A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, then A again (each deal's first announcement is aces).",
		"The cards need not be of that rank: you may bluff.",
		"Then each other player still in, in turn from the next, may call your bluff; the first to do so turns your cards face up: if the cards were what you said (all of the rank announced), the challenger takes the whole claim pile into their hand; if not, you do.",
		"If nobody calls, the cards stay on the pile. If you have no cards, pass.",
		"The game ends as soon as one player is out.",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("the rules text lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "joker") {
		t.Errorf("a deck without jokers speaks of them:\n%s", d)
	}
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
		want   string
	}{
		{"claims near", func(g *genome.Genome) { g.Turn[0].Claims, g.Turn[0].Start = cardrules.ClaimNear, 0 },
			"announce that they are all of one rank: the rank announced last, or the rank just above or just below it, in the order A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, then A again (each deal's first announcement may be any rank)."},
		{"claims any", func(g *genome.Genome) { g.Turn[0].Claims, g.Turn[0].Start = cardrules.ClaimAny, 0 },
			"announce that they are all of one rank: any rank of the deck."},
		{"start 7", func(g *genome.Genome) { g.Turn[0].Start = 5 },
			"(each deal's first announcement is 7s)"},
		{"max 1", func(g *genome.Genome) { g.Turn[0].Max = 1 },
			"Put a card from your hand face down on the claim pile and announce its rank: the rank after the one announced last"},
		{"max 1's challenge", func(g *genome.Genome) { g.Turn[0].Max = 1 },
			"The card need not be of that rank: you may bluff. Then each other player still in, in turn from the next, may call your bluff; the first to do so turns your cards face up: if the card was what you said, the challenger takes"},
		{"max 2", func(g *genome.Genome) { g.Turn[0].Max = 2 },
			"Put one to two cards from your hand face down"},
		{"max 3", func(g *genome.Genome) { g.Turn[0].Max = 3 },
			"Put one to three cards from your hand face down"},
		{"max 4 written", func(g *genome.Genome) { g.Turn[0].Max = 4 },
			"Put one to four cards from your hand face down"},
		{"aces high", func(g *genome.Genome) { g.Deck.Order = cardrules.OrderAceHigh },
			"in the order 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, then 2 again"},
		{"a short deck", func(g *genome.Genome) { g.Deck.Ranks = []genome.Rank{12, 5, 9} },
			"in the order A, 7, J, then A again (each deal's first announcement is aces)"},
		{"jokers", func(g *genome.Genome) { g.Deck.Jokers = 2 },
			"you may bluff (a joker is never of the rank announced). Then each other player"},
		{"two packs", func(g *genome.Genome) { g.Deck.Packs = 2 },
			"in the order A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, then A again"},
	} {
		if d := variant(c.change); !strings.Contains(d, c.want) {
			t.Errorf("%s: the text lacks %q:\n%s", c.what, c.want, d)
		}
	}
	// Every claims rule, start and max reads differently, but a max of 4
	// is the default written out and start means nothing but with next.
	texts := map[string]string{}
	for _, p := range []genome.Phase{
		{Claims: cardrules.ClaimNext, Start: 12}, {Claims: cardrules.ClaimNext, Start: 0}, {Claims: cardrules.ClaimNext, Start: 11},
		{Claims: cardrules.ClaimNear}, {Claims: cardrules.ClaimAny},
		{Claims: cardrules.ClaimNext, Start: 12, Max: 1}, {Claims: cardrules.ClaimNext, Start: 12, Max: 2}, {Claims: cardrules.ClaimNext, Start: 12, Max: 3},
		{Claims: cardrules.ClaimNear, Max: 1}, {Claims: cardrules.ClaimAny, Max: 3},
	} {
		p.Kind = cardrules.PhaseClaim
		d := variant(func(g *genome.Genome) { g.Turn[0] = p })
		for q, other := range texts {
			if other == d {
				t.Errorf("%+v reads as %s", p, q)
			}
		}
		texts[p.Claims.String()+string(rune('a'+p.Start))+string(rune('0'+p.Max))] = d
	}
	if variant(func(g *genome.Genome) { g.Turn[0].Max = 4 }) != d {
		t.Error("max 4 reads otherwise than max absent")
	}
	near := variant(func(g *genome.Genome) { g.Turn[0].Claims, g.Turn[0].Start = cardrules.ClaimNear, 0 })
	if variant(func(g *genome.Genome) { g.Turn[0].Claims, g.Turn[0].Start = cardrules.ClaimNear, 7 }) != near {
		t.Error("a start with claims near changes the text")
	}
}
