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
//	    flags                              u8: bit 0 starter, bit 1 reshuffle, bit 2 deal all
//	    deal cards per seat                u8 (0 when the whole deck is dealt)
//	    override count n, then n x (seats u8, cards u8), increasing seats
//	    rank mask u16 (bit r: rank r, 0..12 = 2..A), suit mask u8 (bit s: clubs, diamonds, hearts, spades)
//	    removed count n, then n card bytes (suit*13 + rank), increasing
//	    turn cap u16
//	TURN (49) len u16: one phase instruction per phase, in turn order:
//	    PLAY (32) pred u8, draw_max u8, name-suit rank mask u16
//	    BATTLE (33) war_face_down u8, returns u8
//	    DRAW (34) count u8
//	CODE (50) len u16: predicate count u8, then the predicates, each a
//	    stream of stack instructions (opcodes 1..16) ending with RET;
//	    the nth PLAY uses predicate n.
//	END (51) len u16: until u8 (0 first out, 1 one left), count u8, then
//	    (event u8, result u8) pairs in increasing event order.
//	EFFECTS (60): count u8, then count x 4 bytes (trigger rank 0..12,
//	    effect type, target, value), in the order they resolve.
//
// A predicate is evaluated for one candidate card against the top card of
// the discard pile and the active suit; it pushes card and top properties
// and constants, compares them, and combines booleans with AND, OR and NOT.
// Every opcode is listed in op.go with its operands and stack effect.
//
// Verify (and Read, which also returns the decoded Image) runs once at load
// and checks everything the VM relies on, reporting every problem with its
// byte offset: magic, versions and total length; section order, lengths and
// exact consumption; setup ranges (seats, hand kind, known flags, deal and
// override sizes against the deck at every seat count, masks, removed cards
// in the deck and sorted, turn cap); phase opcodes and operands, each phase
// kind matching the hand kind, predicate numbering; every predicate's
// opcodes, operands, types, stack depth (1..16, exactly one boolean at RET)
// and canonical left-folded AND/OR chains; end conditions; and every effect's
// rank (in the deck), type, target and value (the fields a type does not use
// must be 0). After Verify, running the program can never index out of
// range.
//
// Disassemble renders a program for people, one instruction per line with
// its offset. The compiler and decompiler live in package compile.
package bytecode
