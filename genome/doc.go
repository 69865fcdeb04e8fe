// Package genome is the game model of darwinsim: what a card game is, as
// researchers read, write and evolve it.
//
// A Genome is a complete game. Its setup is a seat range, a deck (the
// standard 52 cards, restricted by rank and suit, minus removed cards, its
// ranks ordered aces high, aces low or twos high), a
// hand kind (a fan the player chooses from, or a face-down pile played from
// the top), and a deal (so many cards each, per seat count, or the whole
// deck; optionally a starter card turned up); optionally sets of one rank
// laid down, a lead card, fixed partnerships and scoring. A turn is an
// ordered list of phases, each a general primitive that evolution can
// recombine:
//
//   - play: the seat plays one card whose legality is an expression tree
//     over the card, the top card, the active suit and the suits played so
//     far, with an optional preference among the legal cards; some ranks
//     let it name the suit, and with no legal card it draws up to a limit.
//   - battle: every seat turns up the top card of its pile; the highest
//     takes them all, ties go to war.
//   - draw: the seat draws cards from the stock.
//   - trick: the seat leads and every other seat follows, each under its
//     own legality and preference; the highest trump, else the highest card
//     of the suit led, takes the trick and leads next.
//   - take: the seat takes one card, blind, from an opponent's hand.
//   - ask: the seat asks an opponent for a rank it holds; it gets every
//     card of that rank the opponent has and goes again, or draws from the
//     stock and goes again only if it drew the rank asked for.
//   - tableau: the seat plays one card to a row of its suit on the table,
//     begun by a card of the phase's start rank and extended one rank at a
//     time at either end; with no such card it passes.
//   - turn_up: the seat turns up the top card of its pile onto the discard
//     pile; its demands give ranks that demand cards (1 to 8) of the seat
//     that moves next, which pays them by turning up as many, one at a
//     time; a demanding card among them passes the demand on, and a
//     demand paid in full wins its demander the discard pile, put under
//     its pile in order or shuffled (returns), and the next move
//     (Beggar-my-neighbour).
//   - climb: the seat plays cards of one rank higher in the deck's order
//     than the play on the table, as many as it, or passes; with nothing
//     on the table it leads 1 to max (1..4, absent 4) cards of any one
//     rank; when every other seat still in has passed since the last
//     play, the table is cleared and the last seat to play leads
//     (President).
//
// Which fields each phase kind uses is said once, in the phase table
// (phases.go), which Validate and Distance read. Special effects are
// (rank, type, target, value) quadruples that fire, in genome order, when a
// card of their rank is played. An effect may instead wait for another
// event about a card of its rank, or about the rank itself (a draw, an ask,
// a take, a set laid down, a trick won, a forced discard, a seat going
// out), and resolve at the end of the phase in which it happened; and it
// may carry a condition, tested when it would fire, on the cards a seat,
// the stock or the discard pile holds, on the seats still in, or on the
// active suit. An effect of a lasting type (a suit or rank lock or ban, a
// draw limit, lost turns, a bonus, or the suppression of another type)
// does not act once but starts an effect that holds over some seats for
// a duration, stacking with others of its type as it says. An effect that
// moves cards (draw_cards, force_discard) may resolve later, at the end of
// the turn or at the start of each target's next turn, its targets taken
// when it fires; and a targeted effect may let its player choose the
// opponent it hits (chosen_opponent). Up to four continuous rules hold a
// lasting type over the seats they pick from the state (every seat, or
// those holding the most or the fewest cards, under a condition), worked
// out again at the end of every turn, never ending. Responses let cards of some ranks answer
// a draw or discard effect about to hit a seat, out of turn, stacking onto
// it, turning it back or cancelling it (the vm package doc gives the
// rules). End conditions put seats out as winners or losers; the game
// ends when the first seat goes out, when one seat is left, when every
// hand is empty or when every hand and the stock are, or as a draw at its
// turn cap, and the seats still in are then ranked by cards held or by
// score. A deal's end can score the cards left in each hand (score.hand)
// and shooting the moon (score.moon: a seat that took every card the card
// rules score gives their points to every other seat); a match
// (match: deals, target) plays deals with a rotating dealer until some
// total reaches the target or the deals run out, and ranks the totals
// (Validate: 1..255 deals, a target of 0..10000, a ranking by score and
// something that scores; hand rules 1..50 points, fan hands only; the moon
// only with card rules). A match may pass cards before each deal
// (match.pass: count 1..13, at most what a seat is dealt; 1 to 4
// directions in rotation, left, right, across (four seats only), none, or
// finishing, the exchange by the last deal's finishing order; fan hands
// only; canonically the directions' shortest cycle, and no pass when all
// are none), and a deal's end can score its finishing order (score.finish:
// points for the first, second... place, no more places than seats, the
// last scoring).
// With chips (score.chips: stake, ante, pass, per_card) a seat's score is
// the chips it holds: each seat stakes and antes, pays for each pass and,
// at a deal's end, for each card left, and the first seat out as a winner
// takes the pool (Validate: a stake of 1..1000, payments of 0..20 and not
// all 0 without betting or a dealer, no other score, ranked by
// score_high). Over a
// match the chips carry from deal to deal, and the match also ends once at
// most one seat holds any (none, against a dealer).
// With betting (score.betting: bet, raises, blind, draw, showdown) the
// pool is the pot, played for in rounds of limit betting as each deal
// starts, as in draw poker: after an optional blind, each seat in turn
// folds, checks or calls, or bets or raises by the bet, a round allowing
// one bet and so many raises; a seat that folds is out of the deal. A
// draw round (each seat exchanges up to so many cards) and a second round
// may follow. The last seat in takes the pot at once; else, at the deal's
// end, with a showdown the best poker hand of the seats still in takes it,
// and without, the first seat out as a winner (betting.go; Validate:
// chips, a bet of 1..50, 0..5 raises, a blind of 0 up to the bet, a draw
// of 0..5, fan hands for a draw or a showdown). A game of betting with a
// showdown may have no phases: its deals are betting and a showdown.
// With a dealer (score.dealer: wager, stand, soft_hits) each deal is a
// game of card sums against a dealer, as Blackjack: a role the rules play,
// not a seat. Each seat with chips wagers so many, the dealer takes two
// cards, one face down, each seat in turn draws cards one at a time until
// it stands, reaches 21 or goes over (bust), and the dealer then draws
// below its stand total (on a soft one equal to it too, with soft_hits)
// and settles each wager: a bust loses, a higher total than the dealer's
// or a dealer bust wins the wager from the house, equal totals push.
// Over a match, the match also ends once no seat holds chips (dealer.go;
// Validate: chips, a wager of 1..50, a stand of 12..21, fan hands, no
// phases and no betting).
// With a contract (score.contract: trick, over, bags, penalty, nil) the
// game is one of bids and contracts, as Spades: before each deal's play
// every seat bids the tricks it means to win (or nil, none), and as the
// deal ends, first of its scores, each side (a partnership, else a seat)
// scores its contract made or set, its overtricks gathering as bags that
// cost a penalty, and each nil bid apart (contract.go; Validate: a trick
// phase and fan hands, 1..50 points per trick bid, 0..10 per overtrick,
// bags of 0..20 with a penalty of 1..250 exactly when there are bags, a
// nil bid of 0..250). With partnerships, a match's target is reached by a
// partnership's total.
//
// docs/genome.md is the reference of the JSON form: every field, phase
// kind, effect type, name and limit. It is generated from this package's
// types and phase table and from internal/cardrules, and a test keeps it
// current (go test ./genome -run TestReference -update rewrites it).
//
// JSON is the exchange form. Decode is strict: text that is not UTF-8, a
// key given twice in one object (at any depth), unknown fields, wrong types
// and unknown names are errors at their JSON path ("$.turn[0].draw_max"),
// all reported together as Problems. Encode writes fields in a fixed order.
//
// # Compatibility
//
// Every genome names the schema version it is written in ("schema"), and
// Encode writes SchemaVersion. Genome files outlive the build that wrote
// them (seed libraries, halls of fame, run directories, the genome that a
// program file embeds), so a genome of any older schema version still
// loads: Decode applies one migration per version step (schema.go), on the
// decoded JSON tree and before strict decoding, and the genome it returns
// is at SchemaVersion. A change of the JSON form (a field renamed, moved or
// given a new meaning, a name retired) therefore bumps SchemaVersion and
// adds the step from the old version, together with a committed fixture
// written in the old version and the current genome it must become
// (genome/testdata/schema); TestSchemaMigrations fails until both exist. A
// field added with a zero value that means "as before" needs no bump. A
// genome of a newer version than this build is refused, naming both
// versions, with the advice to use a newer darwinsim: its fields may mean
// what this build cannot know.
//
// Programs are not migrated. Bytecode and program files carry the
// bytecode's format and semantics versions, and a build refuses any other,
// naming both versions and asking to recompile the program from its
// genome (package bytecode, package fbs): the genome is the durable form,
// and the program is derived from it.
// Canonical gives the semantic form (metadata dropped, lists sorted,
// unused effect fields zero, expressions flattened); Hash is the SHA-256 of
// its JSON and is the genome's identity.
//
// Validate reports every problem at once, with its path. It checks: the
// schema version; the name and the summary, which must be printable UTF-8
// (no control characters such as NUL, newline or the ESC of ANSI escape
// sequences, no invisible formatting characters, no U+FFFD) of at most
// cardrules.MaxNameLen and cardrules.MaxSummaryLen characters, because they
// are printed as they are; seat counts (2 <= min <= default <= max <= 8); removed
// cards that are not in the deck; a deck of fewer than 2 cards; a deal with
// fewer than one card per seat, or larger than the deck at any seat count,
// or a starter card when the whole deck is dealt; deal overrides for seat
// counts the game does not allow, or twice for one count; 1 to 8 phases (0
// in a game of betting with a showdown, and always in a game against a
// dealer), at
// least one of which plays a card; per phase, the fields its kind does not
// use set, a play phase without a fan hand or a battle or turn_up phase
// without a pile hand, a legality predicate that is ill-typed (a rank compared with a suit,
// suits ordered, two constants compared), too deep or too large, or that no
// card of the deck ever satisfies, suit-naming ranks not in the deck, limits
// of draw_max, war_face_down and count, and a draw phase that can never draw
// (no stock is left after the deal and nothing is reshuffled); a turn_up
// phase's demands, one to 13, each of a rank in the deck listed once,
// demanding 1 to 8 cards; a climb phase's max from 1 to 4 and its fan
// hand; at most 255
// effects, and none set off by a played card unless some phase plays cards
// (play, battle, trick, tableau, turn_up or climb), each with a rank that is in the deck, a known type, a target
// exactly when its type uses one, and a value from 1 to 13 exactly when its
// type uses one; 1 to 4 end conditions, one per event; a turn cap from 1 to
// 50000; sets and a lead card only with a fan hand.
//
// It also checks: a set size of 0 or 2..4; a lead card in the deck;
// partnerships (teams 2) only with a fixed, even seat count; scoring values
// in range, card scoring rules that match some card of the deck, trick
// scoring only with a trick phase and set scoring only with sets; trick,
// take and ask phases only with a fan hand, a take's direction, and every
// predicate of a trick satisfiable; an end that can happen (a condition
// when the game ends by seats going out) and ranking by score only when
// something scores; response abilities only with a play phase (its
// discard pile takes the answers), at most cardrules.MaxResponses, each
// with a rank in the deck, a known ability, an answered type that hits a
// seat (draw_cards or force_discard) and a value from 1 to 13 exactly for
// stack, one per rank and type answered; a known who, and who and
// lose_turn only beside some ability.
//
// Of an effect's trigger and condition (triggers.go) it checks: a known
// trigger whose event can happen in the game (drawn: a draw or ask phase,
// a play phase with draw_max or a draw_cards effect, and a stock left
// after the deal unless the game reshuffles; asked: an ask phase; taken: a
// take or ask phase; set_laid: sets; trick_won: a trick phase;
// forced_discard: a force_discard effect; went_out: an end condition that
// puts seats out); no suit with a trigger of a rank (asked, set_laid); a
// gate only on an effect of a played card; and a condition with a known
// subject: top_suit with a suit and no cmp or value, any other subject with
// a known cmp, a value from 0 to 52 (seats: 1 to 8) and no suit, and
// target_hand only on a type that uses a target.
//
// Of an effect's lasting (lasting.go) it checks: none on an immediate
// type; on a lasting type, a known duration, 1 to 8 turns exactly for a
// duration of turns, and a trick duration only with a trick phase; a known
// scope, team only with partnerships, and no target and no test of the
// target's hand with a scope of everyone; a stacking key from 0 to 3 and a known
// stacking mode, the same for every effect of one type and key; a
// suppressed type exactly for suppress, and never suppress itself; a lock
// or a ban only where a play or trick phase chooses a card, and lock_suit
// and ban_suit not on a trigger of a rank (asked, set_laid), which has no
// card whose suit to read; draw_limit only where a card can be drawn;
// bonus only in a game that scores and has tricks or sets.
//
// Of an effect's resolution point and its choice of target (later.go,
// validate.go) it checks: a known point, other than now only for
// draw_cards and force_discard and never with a gate; and no
// chosen_opponent target in a game of pile hands, whose battles leave no
// one a choice (nor in a take phase's from, which takes next, previous or
// random_opponent).
//
// Of the continuous rules (later.go) it checks: at most 4; each of a
// lasting type that can act in the game (as an effect's lasting must); a
// known who; a condition as an effect's, but never on target_hand; a value
// from 1 to 13 exactly for draw_limit and bonus, and a scale only for
// them, by hand, stock, pile or seats, per 1 to 52; a rank only for
// lock_rank and ban_rank, in range; a suit exactly for lock_suit and
// ban_suit; a stacking key from 0 to 3 and a known stacking mode, the
// same for every effect and rule of one type and key; a suppressed type
// exactly for suppress, and never suppress itself.
//
// Describe renders any valid genome as plain-English rules. The seed
// library (SeedNames, Seed) is embedded in the binary.
package genome
