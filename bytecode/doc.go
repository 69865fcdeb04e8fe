// Package bytecode defines darwinsim's program format: the compact,
// versioned bytes a genome compiles to and the VM runs.
//
// A program holds semantics only (no names or prose). All multi-byte
// integers are little-endian. Layout:
//
//	offset 0  magic "DSBC"
//	offset 4  format version (FormatVersion)
//	offset 5  semantics version (SemanticsVersion)
//	offset 6  total program length, u16
//	offset 8  sections, each exactly once, in this order:
//
//	SETUP (48) len u16:
//	    seats min, max, default            3 x u8
//	    hand kind                          u8: 0 fan, 1 pile
//	    flags                              u8: bit 0 starter, bit 1 reshuffle, bit 2 deal all,
//	        bit 3 reshuffle at once (with bit 1), bit 4 the starter fires (with bit 0),
//	        bit 5 a player's last card fires no effects, bits 6-7 the deck's rank order (0 aces
//	        high, 1 aces low, 2 twos high: how ranks compare)
//	    deal cards per seat                u8 (0 when the whole deck is dealt)
//	    override count n, then n x (seats u8, cards u8), increasing seats
//	    rank mask u16 (bit r: rank r, 0..12 = 2..A), suit mask u8 (bit s: clubs, diamonds, hearts, spades)
//	    removed count n, then n card bytes (suit*13 + rank), increasing
//	    set size u8 (0: no sets laid down; 2..4)
//	    lead card u8 (0xff: none)
//	    teams u8 (0, or 2: seat s partners seat s+2)
//	    points per trick u8, points per set u8
//	    card scoring rule count n, then n x (kind u8: 0 rank, 1 suit,
//	        2 card; value u8; points u8), sorted
//	    turn cap u16
//	    starter_not rank mask u16 (ranks the starter may not be; 0 without
//	        a starter)
//	TURN (49) len u16: one phase instruction per phase, in turn order:
//	    PLAY (32) legal u8, prefer u8, draw_max u8, name-suit rank mask u16,
//	        rules u8 (bit 0 drawing by choice, needing draw_max >= 1; bit 1
//	        only the card drawn may be played, needing bit 0; bits 2-3 the
//	        pass rule: 0 never, 1 always, 2 after draws, 3 empty stock)
//	    BATTLE (33) war_face_down u8, returns u8
//	    DRAW (34) count u8
//	    TRICK (35) lead u8, lead prefer u8, follow legal u8, follow prefer
//	        u8, trump u8 (0 none, 1..4 clubs..spades, 5 suit of the last
//	        card dealt)
//	    TAKE (36) from u8 (1 next, 2 previous, 4 random opponent)
//	    ASK (37)
//	    TABLEAU (38) start rank u8 (a rank of the deck; the lead card's rank when
//	        the program has a lead card)
//	    TURN_UP (39) returns u8 (0 shuffled, 1 in order), count n >= 1,
//	        then n x (rank u8, cards demanded u8: 1..8), increasing rank,
//	        ranks of the deck
//	    CLIMB (40) max u8 (1..4: the most cards of one rank a lead plays)
//	    Predicate operands index the CODE section's predicates; 0xff
//	    (NoPred) means none where a predicate is optional. References
//	    number the predicates 0, 1, 2... in order of appearance.
//	CODE (50) len u16: predicate count u8, then the predicates, each a
//	    stream of stack instructions (opcodes 1..17) ending with RET.
//	END (51) len u16: until u8 (0 first out, 1 one left, 2 every hand
//	    empty, 3 every hand and the stock empty), rank u8 (0 by cards, 1
//	    by lowest score, 2 by highest score), blocked u8 (0 never, up to
//	    8), count u8, then (event u8, result u8) pairs in increasing event
//	    order; then, in increasing tag order, each at most once and
//	    only when the game has it, the optional blocks: tag 1 (TailMatch),
//	    a match of several deals or scores at a deal's end (match.go):
//	    deals u8 (0: one deal), target u16, flags u8 (bit 0 shooting the
//	    moon, bit 1 a pass before each deal, bit 2 finishing scores),
//	    hand rule count u8 and (kind, value, points) per rule, sorted;
//	    with bit 1, the pass: count u8 (1..13), direction count u8
//	    (1..4) and a direction u8 per deal in rotation (0 left, 1 right,
//	    2 across, 3 none, 4 finishing); with bit 2, the finishing scores:
//	    count u8 (1..the most seats) and points u8 per place (0..50, the
//	    last not 0); tag 2 (TailChips), chips: the stake u16 (1..1000) and the
//	    chips an ante, a pass and a card left in hand pay, u8 each (0..20,
//	    not all 0 without betting; chips are the only score, ranked
//	    highest first); tag 3 (TailTally), the won-card
//	    comparisons (tally.go); tag 4 (TailOut), the deadwood scores
//	    (meld.go); tag 5 (TailBid), bids and contracts (contract.go):
//	    points per trick bid, per overtrick, the bags per penalty, the
//	    penalty and a nil bid's points, u8 each; tag 6 (TailBet), limit
//	    betting for the chips' pool (betting.go): bet, raises, blind and
//	    draw u8 each, flags u8 (bit 0 a showdown); tag 7 (TailDealer),
//	    card sums against a dealer (dealer.go): wager and stand u8,
//	    flags u8 (bit 0 the dealer draws on a soft stand). A program has
//	    no phases only with a showdown or a dealer.
//	EFFECTS (60): count u8, then count x 4 bytes (trigger rank 0..12 in
//	    bits 0-3 and, in bits 4-6, the one suit that triggers it, 1..4, or
//	    0 for any suit,
//	    effect type, target, value; bit 7 of the value byte gates the
//	    card, for effect types that can fizzle; bit 6 takes a forced
//	    discard's cards at random), in the order they resolve;
//	    then the responses: rules u8 (bit 0 every seat may answer, bit 1
//	    answering and taking cost a turn; 0 with no response), count u8,
//	    then count x 4 bytes (rank; ability 1 stack, 2 deflect, 3 cancel,
//	    bit 7 answering whatever the top card; the effect type answered,
//	    one that hits a seat; the amount a stack adds, else 0), sorted by
//	    rank then type answered, each pair once, only with a play phase.
//
// A predicate is evaluated for one candidate card against the top card (of
// the discard pile, or the card led to a trick), the active suit and the
// suits played so far; it pushes card and top properties, constants and
// PLAYED flags, compares them, and combines booleans with AND, OR and NOT.
// Every opcode is listed in op.go with its operands and stack effect.
//
// Verify (and Read, which also returns the decoded Image) runs once at load
// and checks everything the VM relies on, reporting every problem with its
// byte offset: magic, versions and total length; section order, lengths and
// exact consumption; setup ranges (seats, hand kind, known flags, deal and
// override sizes against the deck at every seat count, masks, removed cards
// in the deck and sorted, set size, lead card in the deck, teams only with a
// fixed even seat count, scoring values, sorted scoring rules that match a
// card of the deck, scoring tricks only with a trick phase and sets only
// with a set size, turn cap, starter rules only with a starter, ranks the
// starter may not be in the deck and leaving it a card at every seat count,
// reshuffling at once only with reshuffling); phase opcodes and operands
// (a play phase's rules consistent, a turn_up phase's demands), each phase kind
// matching the hand kind, predicate numbering; the ranking (by score only
// when something scores) and at least one end condition when the game ends
// by seats going out; every predicate's
// opcodes, operands, types, stack depth (1..16, exactly one boolean at RET)
// and canonical left-folded AND/OR chains; end conditions; and every effect's
// rank (in the deck), type, target and value (the fields a type does not use
// must be 0), and every response's (the bytes listed above). After Verify, running the program can never index out of
// range.
//
// Disassemble renders a program for people, one instruction per line with
// its offset. The compiler and decompiler live in package compile.
package bytecode
