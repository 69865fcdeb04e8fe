// Package vm executes darwinsim programs: Load verifies a program once and
// lowers it into tables; a Machine plays games of it from seeds; Batch plays
// many games over parallel workers and returns Stats.
//
// # Checked at the edge
//
// What a user chooses is checked once, where it enters: Load verifies the
// bytes, and BatchConfig.Validate (which Batch calls) checks a batch's
// games (1 to MaxBatchGames), seat count (the program's range), policies
// (none, one for every seat, or exactly one per seat, each built in) and
// workers (0 to MaxWorkers), reporting every problem at once as
// ConfigErrors. Batch never panics on a configuration. NewMachine and
// Replay refuse, with the same errors, seats and policies that
// Program.CheckPlayers refuses.
//
// # Lowering
//
// Load evaluates every predicate of the program (a bytecode stack program:
// a play phase's legality and preference, a trick phase's lead and follow
// predicates) for every (card, top card, active suit) combination, and for
// every set of suits played when the predicate reads it, and stores
// the result as a table of 64-bit card sets, so that at play time the legal
// cards are one AND of the hand with a table entry. Effects are grouped by
// trigger rank, keeping genome order within a rank. Nothing is keyed to a
// particular game: every table is derived from the bytes.
//
// # State
//
// A Machine holds fixed-size state only: fan hands as 64-bit card sets, pile
// hands as ring buffers, the stock, discard pile, table (battle and trick
// cards) and an
// out-of-play zone as arrays with counts; the active-seat mask, current
// seat, play direction (+1 or -1), skip count and active suit; a turn_up
// phase's pending demand (the cards owed and the seat that demanded them);
// a climb phase's table (the play on it, its seat, the seats that passed
// since, and the cards chosen so far of a play being chosen).
// Every card of the deck is in exactly one zone at every step. A game
// allocates nothing.
//
// # Code
//
// machine.go holds the Machine, the per-game state (one struct that reset
// zeroes) and Play; zones.go every move of a card between zones and onPlay,
// the one account of a card played (bookkeeping, naming a suit, then its
// effects); turn.go seat stepping and the turn; play.go, battle.go,
// trick.go, exchange.go (take, ask, sets) and turnup.go the phase kinds;
// effects.go the effects; climb.go the climb phase; end.go the end conditions, ranking and lead
// tracking; decide.go decide, the one place where a policy is consulted;
// greedy.go the Greedy policy; player.go External seats and their views.
//
// # Turn order
//
// "Seat order from seat s" means turn order: s, then each seat on in the
// current play direction.
//
// Seat 0 moves first. A turn runs the program's phases in order, then the
// move passes 1 + skip count active seats in the play direction, and the
// skip count resets to 0. Seats that are out are skipped. A seat that goes
// out during its own turn ends that turn: its remaining phases do not run.
//
// # Phases
//
// Play: if the seat has no legal card it draws (refilling the stock from the
// discard pile when the program reshuffles) until it has one or has drawn
// draw_max cards; with none it passes. Otherwise it decides which legal card
// to play onto the discard pile; the card's suit becomes the active suit; if
// its rank names a suit, the seat then decides the suit. Any card may be
// played on an empty discard pile.
//
// A play phase's voluntary rules change what the seat may do (playChoice).
// "A card can be drawn" means the stock holds one, or the program
// reshuffles and the discard pile holds more than its top card; the seat
// may draw more while it has drawn fewer than draw_max cards in the phase
// this turn and a card can be drawn. The seat repeats: its legal cards are
// found as above (with play_drawn, once it has drawn, only the card it drew
// last, if legal); when drawing is when_stuck and it has no legal card and
// may draw more, it draws one card, no decision, and looks again;
// otherwise its options are its legal cards, then a draw when drawing is
// by_choice and it may draw more, then a pass when the pass rule offers one
// (always; after_draws: when it may draw no more; empty_stock: when no card
// can be drawn). With no option at all it passes, no decision. A draw
// takes one card and the seat decides again; a pass ends the phase; a card
// is played as above. A phase with draw when_stuck, pass never and no
// play_drawn is exactly the plain play phase.
//
// Every pass counts in Result.Passes and is traced (N 1 when chosen).
// Passes in a row while no card can be drawn are counted; any card played
// in a play phase, any card drawn and any pass while a card can be drawn
// set the count to 0. With the end's blocked rule b > 0, the game ends,
// blocked, once the count reaches the seats still in plus b - 1, and is
// ranked like any finished game. Result.Draws counts every card a seat
// draws from the stock, by any rule.
//
// Battle: every active seat holding cards,
// in turn order from the current seat, turns up its top card; the highest
// rank wins; tied seats lay war_face_down cards face down and one face up,
// compared among them, repeated while they tie; a tied seat that cannot lay
// those cards is out as a loser and its cards join the table; the winner
// takes the table to the bottom of its pile, shuffled or in the order
// played; with no winner the table goes out of play. The table's order
// (which a shuffled return starts from) is the order cards were laid: the
// first face-up cards in turn order; then, per war, each tied seat's
// face-down cards in turn order (a seat short of cards adds its whole pile
// at its place and is out), then the tied seats' face-up cards in turn
// order. Seats put out together in one war are out at once: if none is
// left in, the game is a tie. Draw: the seat draws count cards (fewer if
// the stock runs dry). Turn up: see "Turning up and penalty captures".
//
// Trick: the current seat leads and every other active seat holding cards
// follows, one seat at a time, each time the next active seat in the
// current play direction that has not yet had its chance in this trick (so
// a reverse played to a trick turns the rest of the trick around); while
// the skip count is positive, the seat that would be next misses this trick
// instead and the skip count drops by one. The leader's legal cards come
// from the lead predicates with the last card played as the top card and,
// as the active suit, the suit named after it if it named one, else its own
// suit (any card before the first play of the game); a follower's from the follow
// predicates with the led card as the top card and its suit as the active
// suit. A seat none of whose cards the predicates allow plays nothing to
// the trick, unless it is bound to the lead card, which it plays (as in a
// play phase). The highest trump (when the phase has trumps and one was
// played), else the highest card of the led suit, takes the trick: its
// cards leave play, the winner scores the trick's points, and the winner
// moves next (any skip count left is dropped).
//
// Take: the seat takes one card blind from the first other seat holding
// cards in the given direction (or from a random opponent holding cards).
// Ask: the seat decides an opponent holding cards (options in turn order
// from the next seat), then a rank it holds (ascending); the opponent hands
// over every card of that rank and the seat moves again, or else the seat
// draws one card and moves again if it is of the rank asked for; a seat
// with no cards draws instead of asking.
//
// Tableau: the seat plays one card to the tableau, a row of cards per
// suit that stays on the table to the game's end. A card may go there when
// its suit has no row yet and it is of the phase's start rank (it begins
// the row), or when it is the deck's next card of its suit above the row's
// highest card or below its lowest, in the deck's order (cards not in the
// deck are skipped; nothing wraps around). The seat's options are those of
// its cards, less the cards its locks and bans forbid, in ascending order;
// the seat bound to the lead card plays it; then gated cards go, as in a
// play phase. With no option the seat passes (for want of one: EvPass with
// N 0, counted as a pass and towards the blocked end). The card is a play:
// it becomes the last card played (the top card of later play phases'
// predicates stays the discard pile's), its suit is played, its effects
// fire with no response window, and the end conditions are checked. The
// views show the tableau's cards and the cards that would extend a row.
//
// Ranks compare in the deck's order (aces high, aces low, or twos high,
// above aces): the legality predicates' rank comparisons, a trick's and a
// battle's highest card, the tableau's sequences and the greedy policy's
// idea of a high card all read it.
//
// In games with sets (set size k), after the deal (seats in order) and
// whenever a seat gains cards by a draw phase, a take or an ask, it lays
// down every k cards of one rank (ranks ascending, lowest suits first):
// they leave play and score the set's points. A program's lead card makes
// its holder the first seat, and that seat must play it whenever it plays
// while holding it, until the card is played (a seat the card was handed
// to, by an ask or a take, is not bound). The suits of every card played so far are an input of the
// predicates ("played(hearts)").
//
// Legal cards: the hand filtered by the legality predicate's table; when
// the phase has a preference and some legal card satisfies it too, only
// those remain ("follow suit if able").
//
// # Fine points
//
// Sets are checked when a draw phase, a take, an ask or a draw effect gave
// the seat at least one card (cards drawn in a play phase wait for the next
// such gain). An ask with no opponent holding cards becomes a draw. A take from
// a random opponent counts the opponents holding cards in ascending seat
// order (an effect's random opponent counts from the next seat). The suits
// offered when naming a suit are the deck's suits, even one whose cards
// were all removed. In a trick, a leader none of whose cards is allowed
// passes the lead on (the first card played is the card led); seats with no
// cards still take their place in the order (and use up a skip); trick
// cards do not change the discard pile's active suit; when the winner of a
// trick is out, the move passes as it would after any turn. The skip count
// is lowered whenever a seat goes out, so it never exceeds active seats - 1.
// A battle's contenders are the seats holding cards when it starts. When
// every seat left goes out as a loser at once, the game is a tie. A lead
// card nobody was dealt binds nobody. An empty discard pile applies no
// preference. The starter card is not a play. Forced discards from a pile
// are not decisions.
//
// # Turning up and penalty captures
//
// A turn_up phase (pile hands only) plays the top card of the seat's pile
// onto the discard pile, as Beggar-my-neighbour does; some ranks demand
// cards (the phase's demands: rank r demands d[r] cards). Turning up a
// card is a play: it lands on the discard pile, its suit becomes the
// active suit (an empty stock is refilled then with reshuffle_at_once),
// its effects resolve and the end conditions are checked, as after any
// play. Then, unless the game is over, a card of a demanding rank makes
// its demand pending: the seat that turned it up is owed d[r] cards
// (EvDemand). There is one pending demand at a time; it is game state
// that outlives the turn, and the next turn_up phase played, by whichever
// seat moves next (after the usual 1 + skip count advance: effects may
// change who pays), is the one that pays it.
//
// A turn_up phase begins by letting a pending demand lapse when the seat
// that made it is out. With no demand pending, the seat turns up one card
// (none when its pile is empty), and the phase ends. With one pending, the
// seat pays: it turns up cards one at a time, up to the cards owed,
// stopping at once, with the phase, when the game is over; when a card
// demands (its demand, the seat's own, replaces the one being paid); and
// when the demander is out after a card (the demand lapses). When the seat
// has paid the cards owed, or its pile ran out first (it pays what it can,
// even nothing), the demander takes the whole discard pile under its pile
// (EvCapture, Result.Captures), as the returns of the phase that takes it
// say: in_order, in pile order, bottom card first (so the first card the
// pile received is the first of them to be turned up again); shuffled,
// shuffled first; and
// the demander moves next, as a trick's winner does (any skip count left
// is dropped). A capture is an interaction unless the demander paid itself.
// A seat pays a pending demand even when it made the demand itself (a
// second turn_up phase in its turn, an extra turn): it then takes its own
// pile back. Taking the pile is not a play and checks no end condition.
// Forced discards in a game with a turn_up phase go under the top of the
// discard pile, which a capture takes with the rest. The phase makes no
// decision, and uses no random number but the shuffle of a shuffled
// capture.
//
// # Climbing
//
// A climb phase (fan hands only) plays as President and its family do.
// The table holds the current play, k cards of one rank r, and the seat
// that made it, or nothing; it is game state that outlives the turn
// (View.ClimbRank, ClimbCount, ClimbBy; ClimbPassed, the seats that have
// passed since the play). Following a play, the seat plays k cards of one
// rank higher than r in the deck's order, or passes; on an empty table it
// leads 1 to max cards (the phase's max, 1..4) of any one rank. A seat
// that passed may play again later in the same round (the common President
// rule): passes only count towards clearing the table.
//
// The seat's cards are its hand less the cards its locks and bans forbid.
// A card can begin a play when its rank is higher than r and the seat has
// at least k cards of that rank (leading: any card; the seat bound to the
// lead card leads with it while it holds it, as in a play phase, but is not
// bound when following); then the cards a gate holds back now go (a gate
// judges the card as not landing on the discard pile). With no such card
// the seat passes without a decision (EvPass N 0). Otherwise the first
// decision (DecideCard) offers those cards in ascending order and, when a
// play is on the table, OptPass (57) last; passing is EvPass N 1. Each card
// chosen leaves the hand for out of play at once (EvPlay; its suit is
// played; it is the last card played). Then one decision per further card
// (DecideClimb): the seat's other cards of the rank chosen (not forbidden;
// gates hold back only the first card), ascending, and, when leading,
// OptDone (58) last. Following, the decisions go on until the play has k
// cards, with no done (a seat holding exactly k has forced decisions);
// leading, until the seat chooses done, holds no more of the rank, or has
// played max cards (no decision is put once max is reached). Every one is
// a decision in Result, forced when it has one option.
//
// The play is then on the table (EvClimb: the seat, the rank, N cards; the
// seats that passed are forgotten) and counts as one play (Result.Plays),
// even of several cards; its effects fire once, for its last card (an
// effect naming a suit fires when that card is of the suit), with no
// response window, unless the program's last card is inert and the play
// emptied the hand; then the end conditions are checked. A passing seat
// while a play is on the table is noted; when every seat still in but the
// one that made the play has passed since it, the table is cleared
// (EvClear naming the seat that leads) and the seat that made the play
// moves next, as a trick's winner does (any skip count left is dropped),
// or, when it has gone out, the next seat still in after it in the play
// direction. A climb phase that begins with a play on the table that every
// other seat still in has passed since (seats went out by effects)
// clears the table first, and its seat leads. Going out is the end's
// hand_empty; with until one_left and hand_empty -> win, the order seats
// go out in ranks them (President's finishing order). Passes count towards
// the blocked end as in a play phase (a blocked end clears nothing). The
// cards of a play go out of play, so the discard pile, the stock and their
// rules are untouched. A climb plays no card onto the discard pile and
// draws no random number. Beating a play is not an interaction, nor is the
// table's clearing (the move goes to its leader as a phase's choice).
// Greedy leads its lowest rank, every card of it up to max, and follows
// with the lowest rank it can beat the table with, preferring one it holds
// exactly k of (not breaking a larger set); it never passes while it can
// play. A seat that passes for want of a play of one card shows it holds
// none of the higher ranks (those it may play); other passes show nothing.
//
// # Starter and reshuffle rules
//
// A starter of a rank the program's starter_not lists goes back on top of
// the stock, the whole stock is shuffled and the top card turned up again,
// while the rest of the stock holds a card of another rank. With
// starter_fires, before the first turn the starter's effects resolve as if
// the dealer (seat n-1) had played it, targets relative to the dealer;
// then the end check; then the move passes from the dealer as after a
// turn (1 + skip count active seats in the play direction), unless a lead
// card's holder must start; no turn or play is counted, and a turn_end
// effect the starter fired waits for the end of the first turn. With
// reshuffle_at_once, the stock is also refilled right after a draw empties
// it, and right after a card lands on the discard pile (a play, before its
// suit is named and its effects fire; a forced discard) while it is empty.
//
// # Effects
//
// Every play (a card onto the discard pile in a play phase, turned up in a
// battle or a turn_up phase, or played to a trick) fires
// the effects of its rank whose trigger is played, in genome order (an effect that names a suit
// fires only for its rank's card of that suit), with the playing seat as the
// reference for targets: skip next adds its value to the skip count (capped
// at active seats - 1); reverse flips the direction; extra turn sets the skip
// count to active seats - 1; draw cards makes each target draw value cards,
// never more than the stock (after a reshuffle) holds; force discard makes
// each target discard min(value, hand size) cards of its own choosing (a
// decision of the target, out of turn; with random, no decision but one
// rng.IntN over its hand per card, in ascending card order; the top cards
// of a pile hand either way) beneath
// the top card of the discard pile, or out of play when no phase plays to a
// discard pile. Targets: next and previous active seat in the play
// direction, all opponents in seat order from the next seat, one random
// opponent (one rng.IntN draw over the active opponents, counted from the
// next seat, even with one opponent), or the player itself. The starter card
// fires nothing unless the program says it does (starter_fires); forced
// discards are no plays (effects may wait for them: Triggers). A card that empties its player's hand fires its
// effects like any other, unless the program's last card fires nothing
// (last_card_inert, as in OpenSpiel's crazy_eights).
//
// A draw or a forced discard that moves no card (nothing to draw, every
// target's hand empty, no target) fizzles: it counts as fired and in
// Result.Fizzled, never as an interaction. A gated one keeps its card from
// being played while it could not resolve, judged before the card is
// played on the state as it is, effect by effect: a draw, when no card
// could be drawn once the card is played (a card played onto the discard
// pile makes one more card a refill may take); a discard, when every seat
// it targets would hold no card (the player's own hand less the card). The
// gate narrows the legal cards of play and trick phases after the legal
// rule, the preference and the lead card; a seat left with none draws or
// passes, or plays nothing to the trick. A seat that has none it may play
// shows nothing of the gated cards it holds.
//
// # Responses and chains
//
// A program may give ranks response abilities against a targeted effect
// type (draw cards, force discard): stack, deflect or cancel. A targeted
// effect of seat s fired by a card of a play phase or by the starter
// (never by a battle or a trick) that is about to hit seat t opens a
// response window when some rank answers its type, t is another seat still
// in, and the effect could resolve on t now (a card could be drawn; t holds
// a card); otherwise it hits t at once. The window builds a chain whose
// first link is the effect (player s, hitting t, its value). The seats
// allowed to answer the top link are the seat it hits (who: target) or
// every seat still in, in turn order from that seat (from the next one in
// if it is out), but the link's player (who: everyone); they are asked in
// that order. A seat's answering cards are those of its hand whose rank
// answers the chain's type with an ability that may answer the top link
// (a stack or a deflect answers any link but a cancel; a cancel any link),
// and that either ignore legality or are allowed by the first play phase's
// legal rule on the top card and active suit (no preference, lead card or
// gate). A seat with none is not asked; otherwise it decides among them
// and letting the link be. An answer puts its card on the discard pile (the
// active suit becomes its suit; no suit is named; it fires no effects and
// is no play; the stock is refilled at once with reshuffle_at_once), pushes
// a link, and the end check follows; if the game is over nothing more
// resolves, not even the card's other targets and effects. A stack link
// adds its ability's value (nothing if its chain is a draw and no card
// could be drawn once it landed) and hits the seat after its player; a
// deflect hits the player of the link it answered; a cancel hits the
// player of the link it negates, who may cancel it in turn. The asking
// starts over for each new top link; when every seat allowed to answer it
// has let it be, the chain closes and resolves last in, first out: a
// cancel not itself negated negates the link below it. A negated effect
// does nothing (Result.Cancelled). Otherwise it hits the seat the topmost
// stack or deflect left standing points at (t when none), with its value
// plus the stacks left standing: the seat draws that many cards at once
// (as many as can be drawn), or discards them; a card moved for another
// seat than the one that sent it there is an interaction. Draws of a
// chain never count toward a play phase's draw limit. With lose_turn, each
// seat that answers, and the seat the effect finally hits if it is still
// in, loses its next turn: whenever the move passes to such a seat (after
// a turn, to the trick winner, the same seat again or by the usual step;
// after the starter's effects, unless a lead card's holder must start),
// its flag is cleared and the move passes on to the next seat still in.
// The targets of an effect on all opponents are fixed when it fires: one
// an answer put out gets nothing. An effect an answer cut short by ending
// the game has not fizzled; one that no chain negated and that moved no
// card has.
//
// # Triggers and conditions
//
// An effect's trigger says which event sets it off: played (the above), or
// an event that happens to a seat and names a card: drawn (the seat drew
// it from the stock: any draw but the deal and a refill), taken (it took
// the card from another seat's hand: a take, or each card an ask hands
// over, ascending), trick won (it won a trick with the card), forced
// discard (it discarded the card because an effect forced it) and went out
// (it went out, the card the last to leave its hand: played, taken from
// it, laid in a set, discarded, turned up); or a rank: asked (it asked an
// opponent for the rank, whatever the answer) and set laid (it laid down a
// set of the rank). The effects of the event's rank with that trigger (an
// effect that names a suit: for its card only) act for that seat as for
// the seat playing a card, targets and all, even when it is out by then.
//
// Such an event sets nothing off at once: it is queued, when some effect
// waits for it, and the queue resolves at the end of the phase it happened
// in, after the phase's end check (the starter's events after its effects
// and end check): event by event in the order they happened, each event's
// effects in genome order, then the end check, until the game is over. The
// events of the deal set nothing off. While the queue resolves, events
// queue nothing (a chain of triggers is one deep), and at most 32 events
// wait at once (later ones of the phase are dropped). A triggered effect
// opens no response window; a turn-order effect acts on the advance at
// the turn's end as a played one does.
//
// An effect's condition is tested when it would fire (a triggered one's
// when its event resolves): the player's hand, the stock, the discard pile
// or the seats still in compared with a count (at least, at most,
// exactly), or the active suit being a suit (false on an empty discard
// pile). An effect whose condition fails does nothing: no count, no trace.
// A condition on the target's hand is tested per target, as the effect is
// about to hit it (before any window): a target that fails is not hit; the
// effect counts as fired, and does not fizzle when a target failed. A gate
// ignores conditions.
//
// # Lasting effects
//
// An effect of a lasting type (lock_suit, lock_rank, ban_suit, ban_rank,
// draw_limit, miss_turns, bonus, suppress) fires like any other (its
// trigger, its condition, its count and trace) and starts an active effect
// over a set of seats: everyone, or its target's seats taken as a targeted
// effect takes them (one random draw for a random opponent; none when no
// opponent is in; self only while the player is in), less those failing a
// condition on the target's hand, with their partners for a team scope. An
// empty set starts nothing; neither does a stacking mode of none while an
// effect of the same type and stacking key is active, nor a new one when
// cardrules.MaxActive are active. Active effects are kept in the order they
// started.
//
// It ends: for a duration of N turns, at the end of the Nth turn after the
// one it started in (the turn count is checked at the end of every turn,
// before the next seat is chosen); for source_turn, when the move comes to
// the seat that started it (its turn begins, or it loses the turn); for
// trick, at the end of every trick, whether or not a card was played to
// it; for deal, with the game. When a seat goes out, the effects it started
// end, unless they persist (an effect a seat starts once it is out, such
// as one its going out sets off, is not ended so). Each end is traced (EvLastEnd); as each turn
// starts, a trace lists the effects then active (EvActive).
//
// An active effect applies to the seats of its set but those that an
// active suppress of its type covers. What applies to a seat: the cards it
// may not play (lock_suit: those not of the suit of the card that started
// it; lock_rank: those not of the effect's rank; ban_suit and ban_rank:
// those of it), taken out of its hand before the predicates and the
// preference give its legal cards in a play phase or a trick (a lead card
// it is bound to is still played; with no legal card it is a seat with
// none); its draw limit (per stacking key, the values combined in start
// order by the key's mode: additive sums, max and min; the smallest over
// the keys), which caps each draw phase's draw, each draw effect's cards
// and a play phase's draws in one turn; its bonus (combined the same way,
// summed over the keys), added to every trick it wins and every set it lays
// down; whether it misses turns; and the types suppressed for it, whose
// effects do not fire when it is their player (no count, no trace).
//
// Where the move passes to a seat (the advance after a turn, a trick
// winner leading, a seat going again), a seat that misses turns loses the
// turn, traced as EvLoseTurn, and the move passes on, unless every seat
// still in misses: then the move stops at the seat it came to. A turn lost
// so is not a turn. In a trick every seat still plays. A change of the
// next seat that lost turns make is an interaction.
//
// # Continuous rules
//
// A program's rules (at most cardrules.MaxRules) are lasting types that no
// card starts: each holds over the seats it picks from the state, and the
// picks are recomputed after the deal and at the end of every turn (after
// the turn count grows and turn-counted effects end, before the next seat is
// chosen, so lost turns read fresh picks), never in between. A rule picks
// the seats still in (everyone), or those of them holding the most or the
// fewest cards (all of them on a tie); less, under a condition on the
// hand, the seats whose own hand fails it, or every seat while a condition
// on the table (stock, pile, seats, active suit) fails. Its value
// (draw_limit, bonus) is its value plus one per Per of the count it scales
// by (the seat's own hand, the stock, the pile, the seats still in), within
// 1..13. Its picks form groups of seats with one value, in the order of
// their lowest seat; the rules' groups, in rule order, come before the
// active effects wherever values combine (with a stacking mode of none the
// first holds), and apply exactly as active effects do, suppression
// included. Rules never end and count nothing toward MaxActive. A trace
// lists the groups (EvRule) as each turn starts, before the active effects.
//
// # Delayed effects
//
// A draw_cards or force_discard effect may resolve later: at the end of the
// turn it fires in (turn_end) or at the start of each target's next turn
// (target_turn). When it fires it is counted and traced as any effect, and
// its targets are taken at once as a lasting effect's are (a random
// opponent's draw and a chosen opponent's decision happen then); it waits
// in a queue of at most cardrules.MaxDelayed (one past them is lost), and
// with no target it fizzles. It resolves even when its player has gone
// out. At the end of a turn, after its last phase and that phase's
// triggered events and before the turn count grows, every turn_end effect
// waiting resolves in queue order, each hitting its seats in seat order
// from the seat after its player in the direction of play, each followed by
// the end check. At the start of a turn (after the trace of the rules and
// active effects, before the first phase; a lost turn is not a turn) every
// target_turn effect drops the seats gone out, then those that wait for the
// seat to move hit it, in queue order, each followed by the end check. An
// effect's queuing (EvWait, with the seats it will hit) and its resolution
// (EvResolve, before its cards move) are traced; a
// condition on the target's hand is tested then; no response window opens
// and no event is queued while effects resolve; a resolution that moves no
// card, unless a condition kept a target out, is a fizzle. What still waits
// when the game ends is dropped.
//
// # Chosen targets
//
// An effect whose target is chosen_opponent lets its player choose one of
// the opponents still in (DecideTarget, options in turn order from the next
// seat in the direction of play; forced with one; no decision with none),
// where a random opponent's draw would be made; a player that has gone out
// decides nothing, and the opponent is drawn as a random one is. Programs
// whose hands are piles cannot choose (a battle cannot re-enter an effect's
// decision). Greedy chooses, for an effect that hinders, the opponent
// holding the fewest cards, else the one holding the most (the first on a
// tie).
//
// # End
//
// After every play, battle, trick, take and ask, the end conditions are
// checked for each active seat in seat order from the current seat; a seat
// whose hand is empty goes out with the condition's result. The game ends
// when at most one seat is left in; for first_out games, when any seat is
// out; for hands_empty games, when every hand is empty; for no_cards games,
// when every hand and the stock are empty. Ranking: seats out as winners in
// the order they went out, then seats still in by standing (card count,
// fewer better unless emptying the hand loses, or score, lowest or highest
// best as the program says), then seats out as losers, last out first. The
// winner is the seat ranked first alone, else the game is a tie. With
// partnerships (seat s in team s mod 2) both partners win or lose together:
// when the program ranks by score, the team with the better total score
// wins (seats going out do not matter); otherwise the team of the first
// seat out as a winner, else the team with the better total of cards held. A game that reaches its
// turn cap is Capped (a draw); one that exhausts its step budget (a safety
// net far above any legal game) is Aborted. Neither is a win.
//
// # Chips
//
// With chips, a seat's score is the chips it holds, and seats still in
// rank by it, most first. Each seat starts with the stake and antes into
// the pool before the deck is shuffled (no event; the pool holds the seats
// times the ante). Each pass in a play or tableau phase, chosen or not,
// pays the pass payment into the pool right after its EvPass. When a game
// finishes (not when it is capped or aborted), each seat, in seat order,
// pays the per-card payment for each card left in its hand, and then the
// first seat out as a winner takes the pool; with no such seat the pool
// stays. A seat never pays more than it holds: what it cannot pay is not
// paid. Every payment and the taking of the pool is traced (EvChips, N
// the chips paid, or minus the chips taken), so the chips in the scores
// and the pool always sum to the seats times the stake. A view shows the
// scores and the pool (View.Pot).
//
// # Decisions and options
//
// A decision presents its options in a canonical order: legal cards and
// hand cards in ascending card index (suit*13 + rank: clubs 2..A, then
// diamonds, hearts, spades; the jokers 52 and 53 last), then, in a play
// phase with voluntary rules, a draw (OptDraw, 56) and a pass (OptPass, 57)
// where offered; in a climb phase, a pass (OptPass) after a play's first
// cards and done (OptDone, 58)
// after its further cards where offered (a claim's further cards too: see
// doc_claim.go; a meld phase's options: doc_meld.go); in a pass before a deal, the hand
// less the cards chosen; in a response
// window, the answering cards, then letting the link be (OptPass); suits in the
// order clubs, diamonds, hearts, spades, restricted to the deck's suits. A decision with one option is
// forced and draws no random number. Policies: Random picks option
// rng.IntN(n); Greedy scores options from its own view only (its hand, the
// top card, the cards on the table, public card counts and the public rules)
// and draws nothing, except for blind choices; in a response window it
// answers with its lowest card when the link hits it, and otherwise lets
// the link be.
//
// External seats are decided by a Player (SetPlayer; a batch builds them
// per worker with BatchConfig.Players). A Player that is a GameStarter is
// given, before each deal, the seed rng.Derive(game seed, 2^40 + seat),
// which tells it nothing of the deal; the game's own Source never serves
// a Player.
//
// # Searching: copies, re-entry and what a seat has seen
//
// A search player copies the game it is asked to decide in (Fork: the game
// is one fixed-size value), re-deals the cards its seat cannot see
// (Determinize) and plays the copy on (Resume), with its own players and
// random numbers. The turn's code keeps where it is in the game value (the
// phase, the trick's seat and the seats it has visited, the effect being
// resolved, its target and the targets after it, the discards it still
// owes, the seat taken from or asked); a resumed copy re-enters its turn
// through the same functions, each skipping what it had done, and the
// paused decision is put again to its seat in the copy. Every kind of
// decision can be re-entered (a card in a play phase or a trick, a suit, a
// forced discard, a blind take, an opponent or a rank to ask for, an
// answer in a response window, whose chain and asking position the game
// keeps, a climb play's further card, whose cards chosen so far the game
// keeps, a card to pass, whose pass the machine keeps); pile hands have no
// decisions.
//
// While some seat is External, the machine keeps what seats have seen. For
// every card in a hand, the seats that know where it is: its holder;
// everyone for cards handed over by an ask, the lead card (its holder
// leads) and a turned-up trump; the seat a card was taken from blind. For
// every seat, the cards it has shown it does not hold among its hidden
// cards: a seat with no legal card holds none of the cards its rule allowed
// (it draws, or passes); a seat that played a card its preference did not
// allow (did not follow suit) holds none that both allow. A card gained
// unseen (a draw, a blind take) clears them, except that a seat that drew
// because it could not play and then played the card it drew keeps them:
// that card was its only legal one. Asks add the ranks a seat asked for
// (it holds one) and those it was found without. The stock, once refilled
// from the discard pile, holds only cards of that pile. Determinize keeps
// every public card, every card the seat knows the place of and every
// count, and deals the rest (the other hands' hidden cards and the stock)
// place by place, the place with the least room to spare first, each
// place's share drawn uniformly from the cards it may hold; it depends on
// nothing the seat cannot see, so two games that look alike to the seat
// are re-dealt alike from the same random numbers.
//
// # Random draws
//
// Each game seeds an internal/rng Source with rng.Derive(batch seed, game
// index). The draws, in the order they happen: one ShuffleBytes of the deck
// in ascending card order before the deal (the deal then takes cards from
// the end of the shuffled array, one per seat round-robin from seat 0; the
// starter card is the next; a starter of a rank it may not be is pushed
// back and the whole stock shuffled again with one ShuffleBytes, as often
// as it takes); then, as play goes: one IntN per unforced
// Random decision; one IntN per random-opponent target (and per chosen
// target of a player that is out); one ShuffleBytes of
// the discard pile below its top card (in pile order, bottom first) per
// reshuffle; one ShuffleBytes of the table (in the order played) per battle
// won with shuffled returns; one ShuffleBytes of the discard pile (in pile
// order, bottom first) per capture with shuffled returns in a turn_up
// phase; per take, one IntN over the opponents holding
// cards when it takes from a random opponent, then one IntN over the
// giver's hand size when it holds more than one card (a blind choice,
// random for every policy), and when the taker is External one more IntN
// over that size, which turns the ascending order its positions index (a
// Player could otherwise find a card it knows the giver holds); per
// unforced Random ask, one IntN over the opponents, then one over the
// ranks; per card a random forced discard takes from a fan hand, one IntN
// over that hand's size (even when it holds one card). Each later deal of
// a match draws as the first deal does, from the same Source, in order:
// one ShuffleBytes of the deck in ascending card order, the deal (round
// from the seat after that deal's dealer), the starter as above; no draw
// separates the deals.
//
// # Matches and deal's-end scores
//
// A program with a MATCH block is a match of deals (deals > 0) or scores
// at a deal's end (hand rules, shooting the moon), or both. A deal ends
// when the end rule ends it (until, the conditions, the blocked rule);
// then, in this order: every seat scores, for each card still in its
// hand, the sum of the hand rules the card matches; with shooting the
// moon, the first seat in seat order that won in tricks every card of the
// deck a card rule scores (the moon's total: those cards' points) loses
// that total and every other seat gains it (trace EvMoon: Seat, N the
// total). Then, in a match, the match is over when the deals played reach
// deals, or some seat's total reaches the target (target > 0, total >=
// target); otherwise deal k (from 0) starts, dealt by seat
// (n-1+k) mod n: the deck is shuffled again and dealt round from the seat
// after the dealer, who moves first unless a lead card's holder must; the
// starter is turned (and fires as the dealer's play where it fires) and
// sets are laid down as after the first deal. Everything a deal changes is
// dealt afresh (every seat back in, direction +1, skips, the discard
// pile, the trick, the tableau, the pending demand, active and delayed
// effects, the rules' values, what seats have seen); the scores (now
// totals), the result's counts (but Blocked, which says whether the last
// deal ended blocked), the step count and the last sole leader carry
// over. Trace EvDeal marks deal k: Seat its dealer, Card its
// starter (0xff: none), N = k; its hands are not in the trace. The turn
// cap counts the turns of the whole match (a capped match is capped, with
// the deals it began). A match that ends is ranked by the totals alone
// (rank score_low or score_high), whether or not a seat went out in the
// last deal, which stays as it ended; a one-deal program with deal's-end scores ranks as
// before, after they are added. Result.Deals counts the deals played (1
// for any other game).
//
// # Statistics
//
// Stats accumulates integers only: wins per seat, ties, capped and aborted
// games, histograms of turns, decisions and plays per game, options and
// forced decisions, informed decisions (at least two options the decider
// can tell apart: every unforced decision but a blind take), lead changes
// (changes of the sole seat with the best standing, checked after every
// turn), interactions, effect firings by type and captures (turn_up phases).
// An interaction is counted
// only when something actually changes for another seat: one of its cards
// moves (a draw effect that drew it at least one card, a forced discard of
// at least one card, a war, a battle or trick won against other seats, a
// card taken blind, an ask answered, a discard pile captured from another
// seat's payment), or effects change who moves (the
// seat that moves after a turn is not the one that would have moved with
// no skip and the turn's starting direction; a seat misses a trick). So a
// skip and an extra turn that play alike count alike, and a reverse with
// two seats, or a draw from an empty stock, counts nothing. Batch derives game seeds from the batch
// seed and the game index, gives each worker a contiguous range of games and
// its own machine and statistics, and merges once: the result is identical
// for any worker count.
package vm
