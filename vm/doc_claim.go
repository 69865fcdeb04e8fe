// # Claims and challenges
//
// (This section of the package doc continues doc.go's.)
//
// A claim phase (OpClaim) is played with a face-down claim pile, empty at
// each deal's start. The claimable ranks are the deck's standard ranks in
// the deck's order (no joker); up(r) and down(r) are the next higher and
// lower of them, cyclically. The deal's last claim is the rank most
// recently claimed in it (none at first; it stays when the pile is taken).
//
// The current seat, when it holds no card, passes (EvPass, N 0), and the
// end conditions are checked. Otherwise it decides, in this order:
//   - the rank it claims (DecideClaim: the ranks the rule allows,
//     ascending rank index; a decision even with one option, then forced):
//     with next, up(last claim), or the phase's start rank when there is
//     none; with near, the last claim, up and down of it, or any rank when
//     there is none; with any, every claimable rank;
//   - its first card (DecideCard: the faces it holds, ascending, a face
//     once whatever its copies; no ban, lock or gate applies to face-down
//     cards);
//   - each further card, while it has chosen fewer than the phase's max
//     and holds one (DecideClaimCard: its faces ascending, then OptDone,
//     58).
//
// Each card chosen (the first pack's copy when held) goes face down onto
// the pile: EvPlay with N 1, which another seat's view shows as a hidden
// card (Event.SeenBy). It counts as a play, but fires no effect and sets
// off no trigger, and it tells no one its suit. Then EvClaim (Card the
// rank, N the cards). Then each other seat still in, in turn order from
// the seat after the claimer, decides whether it challenges
// (DecideChallenge: OptPass, 57, to let the claim be, then OptChallenge,
// 59), out of turn. The first that challenges turns the claim's cards up:
// EvChallenge (Seat the challenger, Card the claimer, N 1 when every card
// claimed is of the rank claimed, else 0), EvReveal for each card in
// ascending id, and the loser (the challenger after a true claim, else the
// claimer) takes the whole pile into its hand (EvTake, N the cards;
// Result.Interactions counts the challenge). Then the end conditions are
// checked and the turn goes on as usual.
//
// A view shows the pile's count, the last claim and the cards it put down
// (View.ClaimPile, ClaimRank, ClaimCount) and, in a claim's own decisions,
// the rank being claimed (View.Claimed). What a seat knows of the pile is
// kept while the machine observes: its own cards there and the cards
// turned up; Determinize re-deals the rest of the pile with the hidden
// cards (the claim's own share of them drawn at random among those).
//
// Greedy claims the allowed rank it holds most of (the lowest on ties),
// puts down its cards of that rank (all it may), or else one card, of the
// rank it holds fewest of; it challenges when the claim cannot be true by
// the cards it holds (its cards of the rank and the cards claimed outnumber
// the deck's), or when the claim emptied the claimer's hand.
package vm
