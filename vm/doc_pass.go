// # Passing before a deal and the finishing order
//
// (This section of the package doc continues doc.go's, which has no room
// left under the file length limit.)
//
// A match's MATCH block may pass cards before each deal: count cards, in
// the direction of deal k being directions[k mod len]. Left passes to the
// next seat in the play direction (+1 as a deal starts), right to the
// previous seat, across two seats on (exactly four seats); none passes
// nothing that deal. Finishing exchanges cards by the previous deal's
// finishing order (no exchange before deal 0): for i from 0 while
// count-i > 0 and i < n/2, the i-th last seat gives its count-i best cards
// (highest in the deck's rank order, among equal ranks the later suit: no
// decision) to the i-th first seat, which gives back as many cards of its
// choice; the seats between pass nothing. The pass comes after the deal
// and the starter, before anything else of the deal: every seat that
// chooses, in seat order from the seat after the dealer, chooses its cards
// one decision at a time (DecidePass: the cards of its hand it has not
// chosen, ascending; View.PassTo says to whom); a seat that gives by force
// has its cards set aside at once. Only when every seat has chosen do the
// cards move, seat by seat from the seat after the dealer and each seat's
// cards in ascending order (trace EvPassCard: Seat passes Card to seat N;
// SeenBy hides the card from every seat but those two), so no seat passes
// a card it received, and every count stays. Then the lead card's holder
// is found (the card may have moved) and moves first, the deal's sets are
// laid down and the starter fires. Greedy passes its highest card (the
// same order as the best cards); Random draws one IntN per unforced pass
// decision, in the order the decisions are made. A copy paused at a pass
// decision re-enters it (the machine keeps the seat choosing and every
// seat's cards chosen). While the machine observes, the passer and the
// receiver know where a passed card is (Determinize keeps it in the
// receiver's hand until it is played); during a pass, Determinize
// re-chooses the cards other seats have set aside from their re-dealt
// hands: a forced giver's best cards, otherwise as many as it had chosen,
// uniformly (one IntN per card, seats in order, after the re-deal).
//
// A deal's finishing order, kept where the program has finishing scores
// or exchanges by it, is fixed as the deal ends, before its scores: the
// seats out as winners in the order they went out, then the seats still
// in by their standing (as a one-deal game ranks them; equal standings in
// seat order), then the seats out as losers, the last out first. The
// finishing scores (flag bit 2 of the MATCH block) give the i-th seat of
// that order points[i], after the hand scores and the moon; they may score
// a one-deal game too.
package vm
