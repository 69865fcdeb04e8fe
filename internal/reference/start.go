package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// start runs what happens when the game starts, after the whole setup and
// before the first turn. With starter_fires, when the starter card's rank
// has effects, they resolve as if the dealer, seat n-1 (the seat before
// seat 0), had played it: in genome order, with targets relative to the
// dealer, counted and traced as the dealer's; no turn and no play is
// counted, and no suit is named (the active suit stays the starter's). Its
// draws and forced discards open response windows as a play's do. The
// end conditions are then checked as after a play, in seat order from the
// current seat (seat 0, or the lead card's holder). If the game goes on,
// the seat dealt the lead card starts when it is still in; otherwise the
// seat 1 + skip count active seats from the dealer in the play direction
// starts (a skip passes over seat 0, a reverse hands the start to the
// dealer's other neighbour, an extra turn to the dealer), the move then
// passing over the seats that have lost their turn (the lead card's holder
// starts even when it owes one, and loses its turn later). The skip count then
// resets to 0. A starter of a rank without effects changes nothing:
// no end check, and seat 0 or the lead card's holder starts.
func (m *game) start() {
	d := m.g.Deal
	if !d.Starter || !d.StarterFires || len(m.discard) == 0 {
		return
	}
	starter := m.discard[len(m.discard)-1]
	if !slices.ContainsFunc(m.g.Effects, func(e genome.Effect) bool {
		return e.When == cardrules.Played && e.Rank == starter.Rank()
	}) {
		return
	}
	dealer := m.dealer
	m.fire(dealer, starter, cardrules.Played, true)
	if !m.over {
		m.endCheck()
	}
	m.verify()
	m.resolve()
	if m.over {
		return
	}
	if m.leadHolder < 0 || !m.active[m.leadHolder] {
		// The move passes from the dealer, over the seats that have
		// lost their turn; a lead card's holder starts whatever it owes.
		m.cur = m.passMove(m.step(dealer, m.dir, 1+m.skip))
	}
	m.skip = 0
}
