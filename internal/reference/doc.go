// Package reference is a slow, plain tree-walking interpreter of genomes for
// differential tests of the compiler and the VM together. It plays a
// genome.Genome directly (never bytecode), with every zone a slice of cards
// and every rule an explicit loop, and draws its random numbers through
// internal/rng in exactly the order the vm package doc writes down, so that
// with the same seed it plays the same game as
// vm.NewMachine(vm.Load(compile.Compile(g)), seats, nil).Play(seed): the same
// Result and the same events, decision by decision. It evaluates legality
// predicates with its own walk of genome.Expr.
//
// It was written from the rules (ARCHITECTURE.md, the vm package doc, the
// genome package) and shares no code with the VM or the compiler; the only
// shared piece is internal/rng. It is imported only by tests. Only the
// Random policy is implemented.
//
// # Draws, passes and the starter
//
// A play phase (play.go) loops until the seat plays a card or passes:
// with draw when_stuck a seat with no legal card draws without a decision
// (up to draw_max cards in the phase, while a card can be drawn); with
// draw by_choice drawing one card is an option of its decision while it
// can draw, and with play_drawn only the card drawn last may then be
// played. The options of a decision are the legal cards ascending, then
// drawing, then passing (by the pass rule: never, always, after_draws once
// the seat can draw no more, empty_stock when nothing can be drawn). A
// seat with no option passes without a decision. Every pass is an EvPass
// event and counts in Result.Passes; a run of passes while nothing can be
// drawn (ended by a pass while a card can be drawn, a card played in a
// play phase or any card drawn) ends the game blocked once it reaches the
// seats still in plus end.blocked - 1. Result.Draws counts every card drawn
// from the stock, by any phase or effect.
//
// With reshuffle_at_once the stock is also refilled right after a draw
// empties it and right after a card lands on the discard pile while it is
// empty. A starter of a rank in starter_not goes back on top of the stock,
// the stock is shuffled and the top card turned up again, while the stock
// holds a card of another rank; with starter_fires the starter's effects
// resolve as the dealer's (seat n-1) before the first turn (start.go).
//
// # Fizzles and gates
//
// A draw_cards or force_discard effect that fires and moves no card over
// all its targets (nothing could be drawn, every target's hand was empty,
// or it had no target) counts once in Result.Fizzled; it still counts as a
// firing of its type and is never an interaction (effects.go).
//
// A card is held back from the legal cards while some gated effect of its
// rank cannot resolve (gate.go), judged before the card is played on the
// state as it is then, each effect alone. A gated draw cannot resolve when
// the stock is empty and could not be refilled once the card has landed:
// the game does not reshuffle, or the discard pile would then hold at most
// one card (a card played in a play phase lands on it; a card played to a
// trick does not). A gated forced discard cannot resolve when every seat
// it targets would hold no card: the player's own hand less the card for
// self, the neighbouring active seat in the current direction for next and
// previous, every active opponent for all opponents and for a random
// opponent (judged without drawing a random number); with no active
// opponent, a target other than self cannot resolve. The gate applies in
// play phases and tricks (lead and follow) after the legal rule, the
// preference and the lead card obligation; a seat left with no legal card
// draws or passes as the play phase says, or plays nothing to the trick.
// Battles turn cards up without a choice and know no gate.
//
// # Responses, chains and lost turns
//
// A draw or forced discard fired by a card played in a play phase, or by
// the starter, about to hit a seat other than its player that is still in
// opens a response window when the game has a response to its type and the
// effect could resolve on that seat now (a card can be drawn; the seat
// holds a card). The window asks the respondents of the chain's top link
// (the seat it hits, or every seat still in from that seat on in turn
// order but its player) one at a time; a seat holding answering cards
// decides among them (ascending) and passing, one holding none is not
// asked. An answer (respond.go) goes on the discard pile, pushes a link and
// starts the window over; the end check follows it, and a game it ends
// resolves nothing more. When all have passed, the chain resolves last in,
// first out: cancels negate the link below them, a negated effect is
// cancelled (Result.Cancelled), otherwise the seat the topmost stack or
// deflect not negated sends it to takes the effect's value plus the stacks
// not negated. With lose_turn the answerers and that seat lose their next
// turn: the move passes over them when it next reaches them (turn.go,
// start.go). A chain's draws count toward no draw limit.
//
// Where these rules leave a choice open, the reference reads them so (the
// VM must agree, as for the readings below):
//
//   - Reshuffling at once after a card lands on the discard pile: a play
//     is traced after the reshuffle it causes, a forced discard before
//     it; after a play the suit is named after the reshuffle, as its
//     effects resolve.
//   - A starter that fires: the seat dealt the lead card starts when it is
//     still in; with no such seat (a lead card nobody was dealt, or its
//     holder put out by the starter's effects) the first seat follows from
//     the dealer like any other game's. The first seat's being moved by
//     the starter's skip, reverse or extra turn counts no interaction (no
//     turn was played); its draws and forced discards count as after a
//     play. A starter of a rank without effects fires nothing and no end
//     check follows it.
//   - An effect's targets are fixed when it fires (all opponents in turn
//     order from the next seat, a random opponent drawn at once); a target
//     an answer has put out since gets nothing: no window, no chain.
//   - Fizzles with responses: an effect fizzles when no card moved for it
//     over all its targets and no chain negated it on any of them; an
//     effect whose chain an answer cut short by ending the game did not
//     fizzle, whatever moved. A chain that ends on a seat that is out is
//     traced (EvChain with that seat and the amount), moves nothing and
//     sets no lost turn.
//   - Lost turns and interactions: passing over seats that lost their turn
//     counts as changing who moves (one interaction, as a skip) only when
//     the move advances by the usual 1 + skip count step; the seat reached
//     at last is compared with the one 1 seat on in the turn's starting
//     direction. When the move goes to a trick's winner, to the same seat
//     again, or to the first seat after the starter, no interaction is
//     counted, lost turns or not.
//   - An answer with the lead card does not release its holder from the
//     lead card obligation (an answer is not a play).
//
// # Triggers and conditions
//
// An effect is set off by the play of its card (when played, the default)
// or by an event (triggers.go) that names a card, or a rank, and the seat
// it happened to: a card drawn from the stock (by any draw but the deal and
// a refill), a rank asked for, a card taken from another seat's hand (the
// take phase's card; the cards handed over in an ask, ascending), a set
// laid down (not from the dealt hands), a trick won (with its winning
// card), a card discarded by force (each one), a seat going out (with the
// last card that left its hand). Such an event is queued, while fewer than
// 32 wait, when some effect of its trigger waits for its rank (and suit);
// the queue resolves at the end of the phase, after its own end check, and
// right after the starter's effects, in the order the events happened: for
// each, the effects it matches fire in genome order for its seat, as a
// played card's do (its targets reckoned from that seat, which may be out)
// but opening no response window, then the end conditions are checked.
// Nothing resolves once the game is over, and the queue is empty after
// every phase. While queued events resolve nothing is queued, so an effect
// so set off sets nothing off in turn. EvEffect's N carries the trigger in
// bits 16 and up.
//
// An effect's condition is tested when it would fire (a triggered effect's
// when its event resolves): one that fails does nothing at all. A
// target_hand condition is tested on each target still in as it is about
// to be hit, before its window; a target that fails is not hit, and an
// effect with such a target does not fizzle.
//
// A draw_cards effect that draws a card for a seat lays down the sets the
// seat then holds, as a draw phase, a take or an ask does.
//
// # Lasting effects
//
// A lasting effect (lasting.go) fires as any effect does and starts an
// active effect over a set of seats: every seat with scope everyone, else
// the seats its target names (as an immediate effect's, self only while
// its player is in), less those failing a target_hand condition, plus
// each one's partner (seat t+2 mod n, also with six or eight seats) with
// scope team. Nothing starts with no seat, with
// stacking none while one of its type and key is active, or with 16
// active. The active effects, in the order they started, make each seat's
// forbidden cards (locks and bans, taken out of its hand before the
// predicates and the preference in play phases and tricks; a lead card it
// must play is still played), draw limit (per stacking key combined by the
// key's mode, the smallest over the keys: a draw phase's draw, a
// draw_cards effect's draw on the seat, chains included, and a play
// phase's draw_max), bonus (per key combined, summed over the keys: added
// to each trick the seat wins and each set it lays down) and whether it
// misses its turns; an effect applies to a seat unless an active suppress
// of its type holds over the seat, which also keeps effects of that type
// from firing for it. Where the move passes to a seat, a seat that lost
// its turn, or misses its turns while some active seat does not, loses the
// turn (EvLoseTurn; its source_turn effects end) and the move passes on.
// A duration of turns ends once the turns completed reach the turns
// completed when it started plus its turns plus 1, checked at the end of
// each turn; source_turn ends when the move comes to its source (its turn
// starts, or it loses its turn); trick at the end of each trick, before
// the trick's end check; deal never. A seat going out ends the effects it
// started, but those that persist. Each ending is an EvLastEnd event;
// each turn starts (after EvTurn and the ending of its seat's source_turn
// effects) with an EvActive event per active effect.
//
// # Delayed effects, continuous rules and chosen targets
//
// A draw_cards or force_discard effect whose at is not now (later.go) is
// counted and traced when it fires (EvEffect's N carries at<<20) but hits
// nobody then: its seats are taken at once, as a lasting effect with scope
// target takes them (no target_hand test), and with none it fizzles;
// otherwise it is queued unless cardrules.MaxDelayed entries wait. At the
// end of a turn, after its last phase, while the game goes on, every
// turn_end entry resolves in queue order; at the start of seat x's turn
// (after EvTurn and the lists of rules and active effects), every
// target_turn entry drops the seats that are out, then each that holds x
// resolves on x alone (even when an earlier one has put x out since: it
// moves nothing then, and fizzles, as a turn_end entry does on a seat gone
// out). An entry resolves even when its source is out: an
// EvResolve event, then each seat it hits in turn order from the seat
// after the source, as an immediate effect hits it (target_hand tested
// then) but with no response window, then the end check; it fizzles when
// no card moved and no condition kept a seat out. While entries resolve,
// no event is queued.
//
// A continuous rule holds its lasting type over the seats in that pass
// its condition (a hand condition per seat, a table condition for all or
// none) and its holder (the seats in holding the most or the fewest cards,
// ties all), in groups of equal value (its value plus one per scale.per of
// the count it scales by, at most 13) in order of their lowest seats. The
// groups are recomputed after the deal and at the end of every turn, after
// the effects of a duration of turns have ended and before the move
// passes; they act as active effects do, and come before them wherever
// values combine (so with stacking none a rule's value holds). Each turn
// starts with an EvRule event per group, before the EvActive events.
//
// A chosen_opponent target is a decision of the player among the active
// opponents in turn order from the next seat (forced with one, none with
// none), for an immediate, lasting or delayed effect alike; a player that
// is out decides nothing, and the opponent is drawn as a random one is.
// Only the Random policy is implemented here, so the Greedy choice of a
// target (vm's DecideTarget) is not.
//
// # Turning up
//
// A turn_up phase (turnup.go) turns up the top card of the seat's pile onto
// the discard pile, or pays the pending demand: the cards owed to the seat
// that turned up the last demanding card, turned up one at a time. A card
// that demands ends the payment and its demand is the pending one (an
// EvDemand event, after its effects and end check); a demand whose demander
// is out lapses, before the payment or during it; a payment made in full,
// or as far as the payer's pile went, wins the demander the discard pile
// (EvCapture, Result.Captures; an interaction unless the demander paid
// itself) and the next move. The pending demand outlives the turn, and
// whoever next plays a turn_up phase pays it, the demander included.
//
// # Chips
//
// With chips (chips.go) the scores are chips: the stake less the ante
// before each deal's shuffle, a pass payment after every EvPass, and, once
// each deal is over (before ranking; a capped game settles nothing), every
// seat's payment for the cards it holds, in seat order, then the pool to
// the first seat out as a winner (with betting, as below). Nobody pays
// more than it holds; every payment and the taking of the pool is an
// EvChips event.
// # Climbing
//
// A climb phase (climb.go) keeps a table: the last play (its rank and
// count), its seat and the seats that passed since. The seat beats the
// play with as many cards of a higher rank (in the deck's order), or
// passes, or leads any 1 to max cards of one rank on an empty table; one
// decision per card (the first with a pass last when following, each
// further one with done last when leading), each card out of play at once
// (EvPlay), then EvClimb, one play, the effects of its last card and the
// end check. When every other seat still in has passed since the play, the
// table clears (EvClear) and the seat that made it, or the next one still
// in after it, moves next.
//
// # Capture
//
// A capture phase (capture.go) plays to a face-up layout: deal.layout
// cards popped from the stock one at a time once the hands are dealt,
// before the starter (EvLayout, Seat -1, after the deal's EvDeal). A
// card's capture value is its rank's place among the deck's ranks in the
// deck's order, from 1 (a rank listed twice is one rank; a joker's value
// is the number of ranks, its own included). The seat chooses a card as
// in a tableau phase (its hand less its forbidden and gated cards, the
// lead card alone while it must play it; with none it passes, N 0); the
// card leaves its hand, and when some set of layout cards sums to its
// value v the seat must capture, choosing the cards one decision at a
// time among the faces of the layout cards that belong to some capture
// with the cards chosen so far (with equal_first, while the layout holds
// a card of value v, only those faces); each face takes its lowest id and
// is an EvCollect (N 0), out of play into the seat's won pile with its
// score.cards points, and the choice ends when the cards sum to v. A
// capture that empties the layout is a sweep worth score.sweep (EvSweep)
// unless every hand and the stock are empty; the card played follows the
// captured ones to the won pile, or, having captured nothing, joins the
// layout (EvLayout, Seat the seat). Then it is played as a tableau card
// is (EvPlay, its effects with no response window, the end check). When
// a deal ends (not capped or aborted), the layout's cards go, ascending,
// to the seat that captured last in it (EvCollect, N 1, with their
// points), before the hand scores, the moon and the finishing order; in
// a deal with no capture they stay. Cards won by capture count for the
// moon. Only the Random policy is implemented, so the VM's Greedy
// capture (and its DecideCapture decision kind, one of the reference's
// plain decisions here) is not.
//
// # Dealing again, and comparing the cards won
//
// With deal.refill, each end check, once the seats with empty hands have
// gone out, deals the hands again when every active seat's hand is empty
// and the stock is not (tally.go): the deal's cards per seat, one at a
// time to each active seat from the seat after the dealer, off the top
// of the stock, until it runs out (EvDraw, N 1; not a draw: nothing is
// set off, no set laid down, Result.Draws unchanged). As a deal ends,
// after the layout is gathered and before everything else, the canonical
// genome's most rules (every card last) each score their points to the one
// seat whose won cards hold the most of the cards they count, at least
// one, and the best rule scores its points to the one seat with the
// highest sum over the deck's suits of its best-valued won card of each
// (a seat short of a suit has no sum); ties score nothing (EvTally, Card
// the rule's index or TallyBest).
//
// # Claims and challenges
//
// A claim phase (claim.go) plays Cheat. A deal keeps a face-down claim
// pile, empty at its start, and its last claim: the rank of its most
// recent claim, none at its start, kept when the pile is taken. The
// claimable ranks are the standard ranks some card of the deck has (no
// joker's), in the deck's order; up and down name the next higher and
// lower of them, cyclically (after the highest, the lowest). A seat
// holding no card passes (N 0, counted towards the blocked end) and the
// end conditions are checked. Otherwise it decides the rank it claims,
// among the ranks ascending by rank index (2 first, A last): with next
// the start rank for the deal's first claim, else up of the last claim;
// with near every claimable rank first, else the last claim and the ranks
// up and down of it (each once); with any every claimable rank. The
// decision is made even with one option (forced). It then decides its
// first card among the faces it holds, ascending, and, while it has laid
// fewer than the phase's max and holds a card, a further one among its
// faces with done last. No lock, ban, gate or lead card obligation
// applies: each face chosen moves its lowest id the seat holds face down
// onto the claim pile (EvPlay, N 1), a play (Result.Plays) that sets off
// no effect and no event and is neither the last card played nor a suit
// played. EvClaim follows (Seat, Card the rank, N the cards), and the
// rank is the last claim. Then each other seat still in, in turn order
// from the next, decides (two options, letting it be first, then the
// challenge) until one challenges: EvChallenge (Seat the challenger, Card
// the claimer, N 1 when every card of the claim is of the rank claimed,
// else 0; a joker never is), an EvReveal per card of the claim (Seat the
// claimer), ascending ids, and the loser (the challenger when the claim
// was true, else the claimer) takes the whole pile into its hand (EvTake,
// N its cards), one interaction. With no challenge nothing more happens.
// The end conditions are checked last, so a seat that laid its last cards
// goes out only when no challenge gave it the pile. The claim pile is a
// zone of the conservation check.
//
// # Melds, knocking and deadwood
//
// A meld phase (meld.go) plays the rummy family. A standard card's
// position is its capture value; a run is cards of one suit at
// consecutive positions (no wrapping, one card per position), a set cards
// of one rank (both copies of a card may be in it); jokers are never in a
// meld and never laid off. A seat that cannot draw (the stock empty and
// nothing refills it) passes (N 0) and does nothing else that turn, not
// even an end check. Otherwise, with a card on the discard pile, it
// decides between drawing (first) and taking the pile's top card
// (EvTakeTop; not a draw: nothing is set off, Result.Draws unchanged, the
// active suit kept); with an empty pile it draws without a decision.
// Where melds are laid in the turn, it then lays melds: while some face
// it holds begins a meld its hand can complete (at least sets cards of
// its rank, or its suit held at each of the runs-1 positions above it) it
// decides among those faces, ascending, then done (with none, no
// decision); a face starts the deal's next meld (EvLay, N the meld's index
// from 0), and each further card is a decision (even when forced: one
// option) among the faces the meld can take (with one card laid: its
// rank's faces while sets-1 of them are held, and its suit's next
// position while the run can be completed; then a set its rank's, a run
// the position above its highest), with done last once the meld is
// complete. Then lay-offs: while it holds a face extending a meld on the
// table (a set's rank; a run's suit just below its lowest or above its
// highest), it decides among them, ascending, then done; the card goes
// onto the first meld in table order that it extends (EvLayOff). A hand
// emptied so is followed by the end check, and no discard. The discard's
// options are a capture phase's cards (the lead card alone while owed,
// else the hand less forbidden cards), less those a gate holds back (the
// card lands on the discard pile), less the face taken this turn unless
// that leaves none; the card goes onto the discard pile as a play (EvPlay,
// the active suit, a reshuffle at once, its effects with no response
// window). Where melds are laid out, a seat still in and holding cards
// whose deadwood is at most the knock limit then decides (play on first,
// then knock): a knock (EvKnock, N its deadwood) is followed by its melds
// laid out, as in a turn without lay-offs, and puts it out as a winner
// holding the rest of its cards, on no card (went_out waits for nothing).
// The end check follows. The table's melds are a zone
// of the conservation check, and a deal begins with none.
//
// A card's deadwood value is its position, at most 10 (a joker's 10). A
// hand's deadwood is, where melds are laid out, the least total value
// its arrangements into disjoint melds leave unmatched (found by an
// exhaustive search that remembers each state, deadwood.go; a hand of
// more than cardrules.MaxArranged standard cards is not arranged), and
// otherwise its whole value. With
// score.deadwood, as a deal ends (after the layout is gathered and the
// tallies, before the finishing order and the hand scores), K, the first
// seat out as a winner in the deal (none: nothing scores), has deadwood
// dK (that of the cards it still holds); where melds are laid out every
// other seat's deadwood is its least after arranging its hand and laying
// unmatched cards off onto the melds on the table, those K laid out as it
// knocked (a card of a set's rank; a group of consecutive cards up from
// just above a run or up to just below it; nothing onto gin, dK 0), each
// seat as if alone. EvDeadwood for K, then each other seat in seat
// order; then per other seat s in seat order: ds > dK scores ds - dK to
// K, otherwise (dK > 0) s scores dK - ds and the undercut; then gin to K
// for dK 0 where melds are laid out. Each nonzero score is an
// EvOutScore, Card 0 a difference, 1 an undercut, 2 gin (an undercut's
// difference and bonus are two events).
//
// # Bids and contracts
//
// With score.contract (contract.go) the game is one of bids and contracts,
// as Spades. Once per deal, after the deal, the pass before it, the
// finding of the lead card's holder and the dealt sets, and before the
// starter fires and the first turn, every seat bids once, in seat order
// from the seat after the dealer. A bid is a decision among, ascending, 0
// (nil) where score.contract.nil is not 0, then 1 up to the cards the seat
// holds, at most cardrules.MaxBid and at least 1 (a seat holding no card
// may bid 1); with one option it is forced. Each bid is an EvBid (Seat,
// N the bid, 0 for nil, Card 0); bids are public. Every trick a seat wins
// in a trick phase counts among its tricks of the deal.
//
// A side is a partnership with teams (seat s in side s mod 2, its first
// seat s mod 2), otherwise a seat alone. A side's contract C is its
// seats' bids other than nil, its tricks T those its seats that did not
// bid nil won in the deal; its bags, a count kept from deal to deal for
// the whole game, start at 0. As a deal ends, before every other score
// of a deal's end, each side in order of its first seat with C > 0
// scores to its first seat: with T >= C, C*trick + (T-C)*over (EvContract,
// Card 0), its bags then grow by T-C and, where bags is not 0, while they
// reach it the first seat loses the penalty and they drop by bags (an
// EvContract, Card 1, N minus the penalty, per penalty); with T < C it
// loses C*trick (Card 0, N negative). A side whose seats all bid nil
// scores nothing so. Then each seat that bid nil, in seat order, wins its
// side's first seat the nil points when it won no trick, else loses them
// (EvContract, Card 2, N plus or minus nil). A partnership's standing is
// its seats' total; in a match with teams and a target, the match ends
// after a deal once a partnership's total reaches the target (without
// teams, a seat's score), contracts or not.
//
// # Betting
//
// With score.betting (betting.go) each deal has rounds of limit betting
// for the chips' pool (the pot), as the vm doc's "Betting" says. Chips
// may be played over a match: the stake is given once, as the game
// starts; every deal's ante is paid before its shuffle, untraced, by each
// seat up to what it holds; each deal's end settles the chips (every
// seat's per-card payment, in seat order, then the pot); a match of chips
// also ends after a deal once at most one seat holds chips.
//
// The betting comes after the deal's start (the deal, the pass, the lead
// card's holder, the dealt sets, the bids, the rules' groups) and before
// the starter fires; the turn cap is checked before each of its turns (an
// action or an exchange), and a game that reaches it there is capped at
// once. A seat holding no chips folds at once (EvFold N 1, seat order from seat
// 0). The first round opens with the blind where there is one (EvBet Card
// 0, no decision, no turn; it counts as the round's bet), then from the
// seat after the blind's (else after the dealer) each seat still in and
// holding chips acts in seat order (DecideBet: fold where it owes, check
// or call, bet or raise where offered; an EvBet Card 1 or 2, or an EvFold
// N 0 and its EvOut; one turn each, its EvTurn first) until the round closes:
// with two seats or more that can act, once each has acted since the last
// bet or raise and put in the most; with fewer, once they have put in the
// most. Where Draw is not 0, each seat still in, from the seat after the
// dealer, exchanges (DecideExchange among its faces, ascending, then
// done; EvSetAside per card at once, then the draws; one turn, its
// EvTurn first), and a
// second round follows, with no blind. One seat left in ends the deal at
// once, as does a game with no phases after the betting. At the deal's
// end, after the per-card payments: the one seat left in takes the pot;
// with none left in it stays; with a showdown each seat still in shows
// (EvShow, seat order from the seat after the dealer) and the best hands
// (handrank.Slow) share it, the first of them taking the odd chips;
// without one, the first seat out as a winner takes it, as without
// betting.
//
// Where the vm doc leaves the betting open, the reference reads it so:
//
//   - "Still in" is "has not folded" (a seat out as a winner by emptying
//     its hand is still in for the pot). A folded seat's hand goes out
//     of play, unseen (it pays nothing for it at the deal's end), and the
//     seat is out as a loser, on no card: goOut, with no went_out
//     effect set off. Where a seat is out after the betting, the end is
//     checked at once, before the starter and any play (with until
//     first_out, a fold ends the deal), and a deal so ended fires no
//     starter.
//   - The rules' groups are computed after the deal as before, and again
//     once the betting is over where the deal goes on.
//   - When the seat to move first has folded (the seat after the dealer,
//     or the lead card's holder), the first seat still in after the
//     dealer moves first; a deal the betting ends fires no starter.
//   - The closing rule is checked before every seat's action: a round in
//     which fewer than two seats can act closes, with no action, as soon
//     as those seats have put in the most (at the start of a second round
//     in which one seat holds chips; the blind's seat whose only
//     opponents called all in gets no option).
//   - An exchange stops, with no decision, once the seat has set aside
//     Draw cards or holds none; its draws are draws from the stock like
//     any (Result.Draws, drawn effects set off, a refill from the discard
//     pile where the rules allow), with no draw limit and no set laid.
//   - With no seat left in (every seat folded at once for want of chips)
//     the pot stays, with or without a showdown.
//
// # A dealer's fixed rule
//
// With score.dealer (dealer.go) each deal is played against a dealer, as
// the vm doc's "A dealer's fixed rule" says, where the betting would be:
// the dealer's two cards from the top of the stock (EvDealer N 0, then N
// 1 face down), the folds at once and the wagers (EvBet Card BetWager);
// each seat's turn from the seat after the dealer (the turn cap checked
// before each; hit or stand, totals by handrank.SlowTotal); the dealer's
// turn; the settling in seat order, which ends the deal. The dealer's
// cards are a zone of their own (verify), dropped with the deal; the
// house's chips are kept for the game, and the seats' chips, the pot and
// the house sum to the stakes. A match of chips ends once no seat holds
// any. Where the vm doc leaves it open, the reference reads it (as the VM
// plays it) so:
//
//   - The dealer's cards come off the stock with no refill; its later
//     draws refill an empty stock from the discard pile as any draw does
//     (but not at once), and count in no Result field.
//   - A seat below 21 with no card to draw (an empty stock that the
//     discard pile cannot refill) stands on its total without a decision.
//   - With no seat in, the dealer still plays its turn.
//
// # Jokers
//
// A deck's jokers (deck.jokers) are the cards 52 and 53: rank Joker and no
// suit (cardrules.NoSuit, 4), distinct cards of the same rank and suit.
// Nothing treats them specially; every rule reads their rank and suit as
// it reads any card's. The joker's rank ends the list of every rank order
// (expr.go), so it is above every rank in predicates, tricks, battles,
// climbs and the best cards of a pass (of two jokers, the first is the
// better). A joker played onto the discard pile makes the active suit no
// suit, unless name_suit lists its rank; a predicate's suits compare as
// numbers, so only a joker follows a joker's suit. A joker led to a trick
// makes no suit the led suit: only a later joker follows it, and it wins
// unless a trump is played (of two jokers, the first played); a joker
// played to another suit's trick never wins, and with trump last_dealt a
// joker dealt last makes no suit trumps, the jokers. Two jokers are a set
// of two; an ask may name the joker's rank; a score rule of the joker's
// rank scores each joker. An event that names a rank (a rank asked for,
// a set laid) carries, for the joker's rank, the first joker; a lasting
// lock_suit or ban_suit set off by a joker locks to, or bans, no suit: the
// jokers.
//
// # Two packs
//
// A deck of two packs (deck.packs 2) holds every card of its pack twice: a
// card's id is its face (suit*13+rank, 52 and 53 the jokers) plus 64 for
// the second pack's copy (cardrules.PackStride), so ids run up to 117;
// rank and suit are always read through the card (Rank, Suit, Face),
// never from the id's arithmetic. The stock is built from Deck.Cards
// (the first pack, then the second) and shuffled as before; a fan hand is
// kept in ascending id order, all its first pack's cards before its
// second's (packs.go).
//
//   - A decision that chooses a card from a hand (a play, a trick's lead
//     or follow, a climb's first and further cards, a claim's cards, an
//     answer, a chosen forced discard, a card passed before the deal)
//     offers faces: each face the seat may choose once, ascending, even
//     when it holds both copies, then drawing, passing or done as before.
//     The face chosen moves the lowest id of it the seat holds: the first
//     pack's copy when it holds it. With play_drawn, the face drawn last
//     is the one left to play: a seat that must play the lead card and
//     draws its second copy may play the face, which plays the lead card.
//   - Positions in a hand (a blind take, a random forced discard) count
//     its ids ascending.
//   - Cards of a rank that move together (a set laid, the cards an ask
//     hands over, the best cards given in a pass, the cards passed) move
//     in ascending id order; a set takes the lowest ids of its rank, and
//     of equal best cards the lowest ids go first.
//   - The lead card names a face: the seat dealt its first pack's copy
//     must play that copy first; the second copy is an ordinary card.
//   - Copies compare equal: a card beats another only when strictly
//     higher, so of two copies in a trick the first played wins, and two
//     copies in a battle tie and go to war.
//   - Every copy scores: a card rule of one card matches either copy (in
//     tricks won and in hands), and shooting the moon needs every scoring
//     card of both packs.
//   - Events carry ids (0..117); the copies of a face share its name.
//     A tableau is refused with two packs.
//
// # Readings
//

// Where the vm package doc is silent or open to more than one reading, the
// reference follows the reading below. Each agrees with what the VM does
// (found by the differential test) and is a fair reading of the text; a
// change to the doc that settles one differently must change both.
//
//   - Lead changes: the first seat found alone with the best standing
//     after a turn is no change; a tie for the best standing keeps the last
//     sole leader (a later sole leader is compared with it).
//   - Interactions: a draw or forced discard counts one per target other
//     than the player that drew or discarded at least one card; a battle
//     or trick won counts one when two cards or more were turned up or
//     played to it; effects that change who moves count once per turn (the
//     seat moving next is not the one 1 seat on in the turn's starting
//     direction) and once per seat that misses a trick.
//   - A seat with cards but no opponent holding any draws instead of asking,
//     like a seat with no cards, and does not move again. A seat's moving
//     again after an ask is not undone by a later ask of the same turn.
//   - A take from a random opponent counts the opponents holding cards in
//     ascending seat order.
//   - The suits a seat may name are the deck's suit restriction (all four
//     without one), even when removed cards leave a suit without a card.
//   - Tricks: when the leader has no card the lead predicates allow, the
//     next seat to play a card leads (by the lead predicates); every active
//     seat reached has had its chance, one holding no cards plays nothing,
//     and a positive skip count makes the seat reached miss the trick. Trick
//     cards do not change the discard pile's active suit. The winner of the
//     turn's last trick moves next when it is still in, and only then is the
//     skip count left dropped (a later phase of the same turn still sees
//     it); when it went out, a seat whose ask said so moves again, else the
//     move passes as usual.
//   - The skip count stays at most active seats - 1: a seat going out lowers
//     it.
//   - A battle's contenders are the seats holding cards when it starts; a
//     tied seat whose pile an effect emptied before it could turn up its war
//     card is out as a loser then.
//   - A game in which every seat is out and none went out as a winner is a
//     tie.
//   - A lead card nobody is dealt binds nobody, and seat 0 starts.
//   - On an empty discard pile, and for a lead before any card was played,
//     every card is legal and no preference applies. The starter card is not
//     a play: it sets the active suit, but is neither the last card played
//     nor a suit played.
//   - A forced discard onto an empty discard pile becomes the pile; forced
//     discards from a pile hand (its top cards) are not decisions.
//   - Going out: every seat going out is an event, whether an end condition
//     or a battle (a tied seat short of war cards) puts it out. The card
//     it goes out on is the last that left its hand in any way (played,
//     answered with, taken from it, laid in a set, even from the dealt
//     hand, discarded, turned up or laid face down in a battle; a seat
//     short of war cards lays its whole pile top first, so its bottom
//     card). A seat no card ever left goes out on no card: nothing is set
//     off.
//   - A starter "of a rank without effects" is one of a rank without
//     effects of a played card. The seats its end check puts out are
//     events of the starter, resolved with the others right after it.
//   - A seat with no one to ask that draws instead draws a card (an
//     event); it asks for nothing.
//   - An event no effect waits for is not queued and does not count
//     toward the 32.
//   - A gate judges its effect alone as before: it does not look at the
//     effect's condition.
//   - A target_hand condition is not tested on a target that is out (it
//     is passed over, as before, and does not count as failing).
//   - Active effects of a duration of turns end at the end of every turn,
//     the one that ends the game included (a blocked game's last pass may
//     be followed by their EvLastEnd events). A seat going out ends its
//     effects right after its EvOut event.
//   - A seat a battle puts out (short of war cards) goes out as one an end
//     condition puts out does: the effects it started end too.
//   - A delayed effect fired while cardrules.MaxDelayed entries wait takes
//     its targets all the same (a random opponent's number drawn, a chosen
//     one decided) before it is lost, and with no target it fizzles, as a
//     lasting effect takes its seats before the bound on active effects
//     is tested.
//   - A sweep worth no points (no score.sweep) is not traced: no EvSweep.
//   - A capture value counts the ranks the deck names (deck.ranks, all 13
//     without it), whether or not removed cards leave one of them with no
//     card.
//   - An EvLastEnd event's N is its effect's EvActive N as of the moment
//     it ends (turns left 0 at the end of its last turn, more when its
//     source goes out before); a suppress effect's parameter is the type
//     it switches off (the effect type's number, not lasts.suppresses'
//     t+1).
//   - Claims: a claim ends a run of passes towards the blocked end, as
//     any play does; a pass that ends the game blocked is followed by no
//     end check. A card laid face down is the last card that left its
//     seat's hand (a seat out on it sets its went_out effects off, as
//     with a battle's face-down cards). A lead card laid face down does
//     not discharge its holder's obligation: the holder must play it in
//     another phase should it get it back from the pile. The loser of a
//     challenge lays down no set for the cards taken (a pile is not a
//     draw, a take or an ask), and no event of it is set off. A deal's
//     end leaves the claim pile's cards with the deal (they score for
//     nobody); the next deal's pile is empty.
//
// The reference always follows the doc (with the readings above) and has no
// switch for a known deviation of the VM: a VM bug shows as a difference in
// the differential test (vm/differential_test.go), where a focused
// regression test pins it until the VM is fixed.
package reference

// (Matches: endDeal in match.go plays the vm doc's "Matches and deal's-end
// scores" from its words: the contracts, then the hand rules, then the
// moon, then the match's end check and the next deal through setup, which
// keeps the scores, the result, the events, the leader and the sides'
// bags. Passing before a deal (pass.go) plays
// the vm doc's "Passing before a deal and the finishing order": setup
// deals, turns the starter, emits the deal's EvDeal, then passCards asks
// every choosing seat for its cards through decide and moves them all at
// once; endDeal fixes the finishing order before any score and adds the
// finishing scores after the moon.)
