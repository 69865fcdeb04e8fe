package evolve

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Packs: deck.packs 2 shuffles two packs of the deck's cards together.
// The copies of a card are alike in every rule, so nothing that names a
// rank, a suit or a card changes with the packs; only counts of the
// deck's cards do (the deal, the starter's stock, the pass), and a game
// of two packs has no tableau (a suit's sequence holds each card once).

// mutPacks makes g's deck two packs of its cards, or one again. It adds
// the second pack to a game without a tableau, changing nothing else: a
// deal that fitted one pack fits two. It takes the second pack away and
// shrinks the deal to fit one pack (fitDeal), and with it the pass
// (fitMatch), when every seat count can still be dealt a card; it does
// not apply when one cannot.
func mutPacks(g *genome.Genome) bool {
	if !g.Deck.TwoPacks() {
		if g.HasPhase(cardrules.PhaseTableau) {
			return false
		}
		g.Deck.Packs = cardrules.MaxPacks
		return true
	}
	g.Deck.Packs = 0
	if !fitDeal(g) {
		return false
	}
	fitMatch(g)
	return true
}

// fitDeal shrinks the deal of g to what its deck can deal at every seat
// count, after the deck lost cards (a pack). A seat count whose deal does
// not fit (it needs more cards than the deck holds with the layout and the starter, or
// every card the starter may be, or at the default seat count of a game
// with a draw phase it leaves no stock to draw from and nothing refills
// it) is dealt as many as
// fit, its override changed, or the base count when it has none. It
// changes nothing where the deal fits, nor a deal of the whole deck; it
// reports false when some seat count could not be dealt a card, leaving g
// partly changed.
func fitDeal(g *genome.Genome) bool {
	if g.Deal.All {
		return true
	}
	cards := g.Deck.Cards()
	starter, others := 0, len(cards)+1 // (others: the cards the starter may be, plus one without a starter)
	if g.Deal.Starter {
		starter, others = 1, 0
		for _, c := range cards {
			if !slices.Contains(g.Deal.StarterNot, c.Rank()) {
				others++
			}
		}
	}
	starter += max(g.Deal.Layout, 0) // (the layout is dealt from the stock like the starter)
	draws := stockKept(g)
	for n := max(g.Seats.Min, 1); n <= g.Seats.Max; n++ {
		stock := 0 // the cards the stock must keep
		if draws && n == g.Seats.Default {
			stock = 1
		}
		if dealt := g.DealFor(n) * n; dealt+starter+stock <= len(cards) && dealt < others {
			continue
		}
		room := min((len(cards)-starter-stock)/n, (others-1)/n)
		if room < 1 {
			return false
		}
		over := false
		for i := range g.Deal.Overrides {
			if o := &g.Deal.Overrides[i]; o.Seats == n {
				o.Cards, over = min(o.Cards, room), true
			}
		}
		if !over {
			g.Deal.Cards = min(g.Deal.Cards, room)
		}
	}
	return true
}
