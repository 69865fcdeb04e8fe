// # Specialised turns
//
// (This section of the package doc continues doc.go's, which has no room
// left under the file length limit.)
//
// Most programs have a turn of one phase: a play onto the discard pile, a
// battle of piles, a trick. For such a program whose effects all resolve at
// once (no lasting effects or rules, no delayed effects, no triggers other
// than a card played), Load chooses a turn loop of its own (loops.go) that
// plays a whole deal's turns with the phase, the end check, the lead
// tracking and the advance spelled out, and calls the general code only
// for what is uncommon (a card's effects, a changed turn order, an end that
// is not just decided). A battle of two seats whose cards fire nothing
// (battleTwo) and a trick's winner (trickWinner, without a branch on the
// cards) are spelled out in the same way for every program. The
// specialised code makes exactly the moves of the general code, in the
// same order, with the same random draws: a machine whose plain flag is
// set (tests only) plays the general code alone, and TestLoopsAgree and the
// invariant tests require both to leave the same results and the same
// final state on every seed game and on random programs. A machine that
// traces, observes (an External seat) or resumes (Fork) always plays the
// general turn.
package vm
