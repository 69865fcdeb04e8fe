// # Capture by sum
//
// (This section of the package doc continues doc.go's.)
//
// A program may deal a layout: once the hands are dealt, and before the
// starter, its cards are popped from the stock one at a time and laid face
// up (trace EvLayout, Seat -1, after the deal's own record). The layout is
// a set of cards that every seat sees (View.Layout, View.Layout2).
//
// A card's capture value is its rank's place among the deck's ranks in the
// deck's order, counting from 1: in the Italian 40-card pack, ace low, A=1
// to 7=7, J=8, Q=9, K=10; in a full ace-high pack 2=1 to A=13; a joker's
// is the number of the deck's ranks, its own included.
//
// In a capture phase the seat chooses a card of its hand as it does in a
// tableau phase (DecideCard among the faces it holds, less forbidden and
// gated cards, narrowed to the lead card while it must play it; with none
// it passes). The card leaves the hand, and, v being its value, a capture
// is a set of layout cards whose values sum to v. With some capture on the
// layout the seat must capture, choosing the cards one at a time
// (DecideCapture: the layout's faces, each once and ascending, that belong
// to some capture together with the cards chosen so far; with equal_first,
// while no card is chosen and the layout holds a card of value v, only the
// faces of value v). Choosing a face takes its lowest card on the layout.
// The choice ends by itself when the cards chosen sum to v: no card could
// be added, so there is no "done". Each captured card goes out of play into
// the seat's won pile, scoring its card points (trace EvCollect, N 0); the
// card played follows it there. A capture that empties the layout scores
// the sweep's points (EvSweep) unless no card is left to play in the deal
// (every hand and the stock empty). A card that captures nothing joins the
// layout (EvLayout, Seat the seat). Then the card is accounted as played
// (EvPlay, Result.Plays, its effects, the end check): the trace shows the
// captures before the play that made them.
//
// When a deal ends (each deal of a match; not a capped or aborted game),
// the cards left on the layout go to the seat that captured last in the
// deal, in ascending order (EvCollect, N 1), scoring their points, before
// the deal's other end scores. A deal in which no seat captured leaves
// them where they are.
package vm
