// # Melds, knocking and deadwood
//
// (This section of the package doc continues doc.go's.)
//
// A meld phase (OpMeld) is the rummy family's turn. Its rules: sets (the
// least cards of a set of one standard rank, 0 for none), runs (the least
// cards of a run: one suit, consecutive positions, no wrapping, one card a
// position; 0 for none), lay (LayTurn: melds are laid in the turn; LayOut:
// never in play, the hand being arranged as the deal ends) and knock (with
// LayOut, the most deadwood a seat knocks with). A card's position is its
// capture value (1 + the deck's ranks below its rank in the deck's order);
// its deadwood value is its position, at most 10, a joker's 10. Jokers are
// never in a meld. The melds on the table are a zone of their own, empty at
// each deal's start, numbered from 0 in the order they were begun.
//
// The current seat (a seat out does nothing):
//  1. Draws. When the stock cannot be drawn from (empty, and the discard
//     pile cannot refill it), it passes (EvPass, N 0; the end's blocked
//     rule counts it) and its turn is over. Otherwise, with a card on the
//     discard pile, it decides (DecideDraw: OptDraw 56 the stock's top,
//     then OptTake 60 the discard pile's top); with none it draws. A card
//     taken (EvTakeTop) is known to every seat, is not a draw (it sets off
//     nothing, Result.Draws does not count it) and may not be discarded
//     this turn, nor another copy of it, unless nothing else could be.
//  2. With LayTurn, lays melds: while some face it holds begins a meld it
//     can complete (at least sets cards of its rank; or the cards of its
//     suit at the runs-1 positions above it), it decides (DecideMeld: those
//     faces, ascending, then OptDone, which lays no more). A face chosen
//     starts meld k (EvLay, N k; the first pack's copy first); then
//     DecideMeldCard, a decision even when forced, offers: with one card
//     f0 laid, the faces of f0's rank (while it holds at least sets-1
//     cards of it) and the face one position above f0 in its suit (when it
//     holds the runs-1 above f0); with more, a set's rank or the face above
//     a run's highest; and OptDone once the meld holds sets (a set) or runs
//     (a run) cards. The second card makes the meld a set (same rank) or a
//     run. Then it lays off: while it holds faces that extend a meld on the
//     table (a set's rank; a run's suit one position below its lowest or
//     above its highest), it decides (DecideLayOff: those faces, then
//     OptDone); a face goes onto the first meld, in table order, it extends
//     (EvLayOff, N the meld). With its hand empty then, the end conditions
//     are checked and the turn is over.
//  3. Discards: its options are the cards it may play (bans, locks, gates
//     and the lead card's duty apply) less the face it took this turn
//     (unless that leaves none); with none, no discard. The card chosen
//     (DecideCard) lands on the discard pile as a play: EvPlay, the played
//     suits, the last card, and its effects fire.
//  4. With LayOut, once the discard's effects are resolved and the game is
//     not over: when the seat is still in, holds cards and its deadwood is
//     at most knock, it decides (DecideKnock: OptPass 57, then OptKnock
//     61). After a knock (EvKnock, N its deadwood) it lays its melds out
//     (DecideMeld and DecideMeldCard as in step 2, without lay-offs) and
//     goes out as a winner holding the rest of its cards, on no card
//     (went_out triggers wait for nothing).
//  5. The end conditions are checked.
//
// A hand's deadwood, where the meld phase lays out, is the least total
// value of the cards left unmatched when it is arranged into disjoint sets
// and runs of the phase's sizes (a hand of more than
// cardrules.MaxArranged standard cards is not arranged: the search grows
// too fast); elsewhere, the total value of the hand.
// With score.deadwood (the OUT block), as a deal ends (after the layout is
// gathered and the won cards compared, before the finishing order and the
// hand scores) the first seat out as a winner, K, scores: EvDeadwood for K,
// then every other seat in seat order. Where the meld phase lays out and
// K has deadwood (that of the cards it still holds), each other seat's
// deadwood is the least once it also lays off onto the melds on the table,
// those K laid out (a card of a set's rank; cards in a row from one
// position above a run's highest, or up to one below its lowest; each seat
// as if alone). Then for each other seat s in seat order: with more
// deadwood than K, K scores the difference; else, when K has deadwood, s
// scores the difference and the undercut bonus (two EvOutScore events,
// Card 0 and 1); then, where the phase lays out and K has none, K scores
// gin (Card 2). A score of 0 is no event.
//
// A stuck deal ends: when the discard pile refills the stock and no card
// has been laid on the table since the deal began or the stock was last
// refilled, the deal ends blocked (Result.Blocked) at the next end check.
//
// Views show the melds' cards (View.Melds, Melds2) and count. Greedy takes
// the discard pile's top card when it joins a meld of its hand's best
// arrangement (or, laying in the turn, extends a meld on the table), lays
// every meld and lay-off it can, lowest first (as it knocks too), discards the card whose loss
// leaves the least deadwood once arranged (the highest valued on ties) and
// always knocks.
package vm
