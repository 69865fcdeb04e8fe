// # Cards and jokers
//
// (This section of the package doc continues doc.go's, which has no room
// left under the file length limit.)
//
// A card is a byte: suit*13 + rank for the standard cards, 52 and 53 for a
// deck's jokers. A card's rank and suit are read from two tables (rankOf,
// suitOf), the joker's being Joker (13) and NoSuit (4); a card set is one
// 64-bit word. Nothing treats a joker apart: it follows from those two
// numbers. In the deck's order a joker is above every rank (its value is
// 13), so it wins battles and climbs and is the best card to pass. A joker
// played onto the discard pile or turned up makes the active suit NoSuit
// (unless its phase names a suit after the joker's rank): predicates
// compare suits as numbers, so a card follows it by suit only if it is a
// joker too. A trick led by a joker is led in NoSuit: the jokers follow
// it, and it is won by the highest card of NoSuit (equal jokers: the first
// played) unless a trump is played; a joker played to a trick led in a
// suit never wins it. When a phase's trump is the suit of the last card
// dealt and that card is a joker, the jokers are the trumps. Effects,
// suit naming, the starter's ranks and scoring may name the joker's rank;
// an ask may ask for it and sets may be made of it. Between the two jokers
// nothing but the card byte differs; where a choice between cards is made
// without a decision (the best cards given by force), the lower byte goes
// first.
//
// # Two packs
//
// A deck of two packs holds every card of its pack twice. A card's byte is
// its face (the byte above) plus 64 times its copy: the first pack's cards
// keep their bytes, the second's are 64 to 117, and rankOf and suitOf read
// a copy as its face. The machine learns at Load which deck a program has;
// a fan hand is always two words, hand (the first pack's cards, bit f:
// card f) and hand2 (the second's, bit f: card f+64), so a one-pack program
// keeps its one-word sets and its speed: its hand2 stays empty. Legality
// and every predicate work on faces (hand | hand2), so the two copies of a
// card are alike to every rule.
//
// A decision offers faces: a seat holding both copies of a card is offered
// it once, and the card it plays, passes, answers with or discards is the
// first pack's copy when it holds it, else the second's. Where cards move
// without a decision, the lowest bytes go first (a set laid down, the
// cards an ask hands over, the best cards given by force); a position in a
// hand (a blind take, a random discard) counts the hand's bytes in
// ascending order, the first pack's cards first. The lead card is the
// first pack's copy of its face. Copies compare equal, so of two identical
// cards in a trick the first played wins, and a battle between them is a
// tie. Scores count every copy, and shooting the moon needs both copies of
// every point card. A tableau holds each card once, so a deck of two packs
// cannot have one (Validate and the verifier refuse it).
package vm
