package vm

// # Betting
//
// (This section of the package doc continues doc.go's.)
//
// The END section's BET block makes a game of betting for the chips' pool
// (the pot): the chips of every bet and raise (Bet), the raises a round
// allows after its first bet (Raises), the first round's blind (Blind, 0:
// none), the cards a draw round exchanges (Draw, 0: no draw round and one
// betting round) and whether a showdown decides the pot (Showdown).
//
// Chips over a match: the stake is given as the game starts; the ante is
// paid as every deal is dealt, untraced, by each seat up to what it holds
// (the first deal's as the stake is given). Each deal's end settles the
// chips (the per-card payments, then the pot, as below), not only the
// game's. A match with chips also ends after a deal once at most one seat
// holds chips.
//
// The betting comes once per deal, after its start is over (the deal, any
// pass before it, the lead card's holder, the deal's sets) and before a
// starter's effects fire and the first turn:
//
//  1. Each seat, in seat order from seat 0, that holds no chips after the
//     ante folds at once (EvFold, N 1; no decision; no turn).
//  2. The first round. Where Blind is not 0, the first seat after the
//     dealer still in puts min(Blind, its chips) into the pot (EvBet, Card
//     0). Then, from the seat after it (without a blind, from the seat
//     after the dealer), each seat in turn that is still in and not all in
//     (it holds chips) acts, until the round closes (below).
//  3. Where Draw is not 0, the draw round: each seat still in, in seat
//     order from the seat after the dealer, chooses up to Draw cards of its
//     hand one at a time (DecideExchange: its cards not yet chosen,
//     ascending, then OptDone; once it has chosen Draw, it stops
//     undecided). Each chosen card is set aside face down, out of play, as
//     it is chosen (EvSetAside); then the seat draws as many from the
//     stock, one at a time (EvDraw, N 0), as any draw does (where the game
//     reshuffles, the discard pile refills an empty stock), fewer if no
//     card can be drawn. Its exchange counts as one turn (Result.Turns; an
//     EvTurn comes first).
//  4. Where Draw is not 0, the second round, as the first with no blind,
//     from the seat after the dealer.
//
// A seat acting (DecideBet) owes the most any seat has put in this round
// less what it has put in. Its options, in order: fold (OptFold), only
// when it owes chips; check or call (OptCall): it puts in what it owes, or
// all it holds when that is less (it is then all in); bet or raise
// (OptRaise): it puts in what it owes plus Bet, offered while the round has
// had fewer than 1+Raises bets and raises (a blind counts as the round's
// bet) and when it holds more than that. Each action is an EvBet (Card 1 a
// check or call, 2 a bet or raise; N the chips put in) or an EvFold (N 0)
// and counts as one turn (an EvTurn comes first). A seat that folds is
// out of the deal as a loser (EvOut follows, through the same path as any
// seat going out, but on no card: it sets no went_out effect off) and its
// hand goes out of play, unseen, with no further event. Before each seat's turn to act the round may close: once at most
// one seat is left in; once fewer than two seats still in hold chips and
// each of them has put in the most any seat has (so a lone seat with chips
// does not act against seats all in, and a second round where only one
// seat holds chips has no action); or once each seat still in that holds
// chips has acted since the round's last bet or raise (the blind's seat,
// too, acts once the round comes back to it) and has put in that most.
//
// Whenever one seat is left in, the deal is over at once: no later round,
// no play. Otherwise the deal is played as its phases say; a program with
// no phases ends the deal after the betting. Before the play, where the
// seat to move first folded, the first seat still in after the dealer
// moves first (a lead card the folded seat held binds no one); and where
// some seat folded, the end's rule is checked at once (so with until
// first_out the deal ends before any play). A deal the betting ends fires
// no starter. The standing rules' groups are computed after the deal's
// start, and again once the betting is over where the deal goes on (its
// folds and exchanges change who holds what). At the deal's end, where the
// deal's winner takes the pot: each seat pays the per-card payment for its
// cards in hand, then, with one seat left in, it takes the pot; else, with
// Showdown, each seat still in, in seat order from the seat after the
// dealer, shows its hand (EvShow, N its handrank.Value), and the best
// hands share the pot: each takes the pot divided by their number, and
// the first of them takes the odd chips; without Showdown, the first seat
// out as a winner other than by folding takes the pot, and with none it
// stays for the next deal. With no seat left in (every seat folded for
// want of chips) the pot stays. Taking the pot is an EvChips with N minus
// the chips taken.
//
// The turn cap is checked before every turn, a betting action and an
// exchange included: a game that reaches it in the betting is capped
// there, at once.
//
// A view shows the pot (View.Pot), what each seat has put in the round
// (View.Bets) and who folded (View.Folded). A copy paused at a bet or an
// exchange re-enters the betting where it was (Machine.betState).
//
// The Greedy policy rates its hand by handrank.Best: with two pair or
// better it raises where it can, else calls; with a pair it calls; with
// less it checks where it owes nothing and folds otherwise. In a draw
// round it keeps the cards of its ranks held twice or more (all of them
// with a straight or better) and sets aside the others, lowest first, up
// to Draw.
