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
package vm
