// Package handrank ranks poker hands and counts card sums for the betting
// games (draw poker, blackjack). A hand is the VM's set of card faces: a
// uint64 whose bit f is face f (suit*13 + rank, rank 0..12 for 2..A, suit
// 0..3 for clubs, diamonds, hearts, spades; faces 52 and 53 are the
// jokers), plus a second word, hand2, whose bit f says the face is held a
// second time (decks of two packs). Every set bit of either word is one
// card.
//
// # Poker ranks
//
// Best returns a hand's Value: the best five-card poker hand it holds. A
// greater Value is a better hand and equal Values tie, so Values compare
// with < and ==. A Value holds its Category in its high bits and below
// that, most significant first, the ranks that break ties between hands of
// the category, one 4-bit field each (rank+1, so that 0 is "no card"):
//
//   - straight flush: the straight's high card;
//   - four of a kind: the rank of the four, then the kicker;
//   - full house: the rank of the three, then the rank of the pair;
//   - flush: all five ranks, highest first;
//   - straight: its high card;
//   - three of a kind: the rank of the three, then the two kickers;
//   - two pair: the higher pair, the lower pair, then the kicker;
//   - one pair: the pair, then the three kickers, highest first;
//   - high card: all five ranks, highest first.
//
// Suits never break ties: hands equal in category and in those ranks
// split the pot.
//
// Aces are high, except that A-2-3-4-5 (the wheel) is a straight too, the
// lowest one: its high card is the 5, so it loses to 2-3-4-5-6. Straights
// do not wrap around the ace: Q-K-A-2-3 is no straight.
//
// Jokers are not wild: they are ignored, as if the hand did not hold them.
//
// A hand of five cards or more ranks as the best of its five-card
// subsets (seven-card stud and hold'em hands rank this way). A hand of
// fewer than five cards ranks by what it holds: it can make high card,
// one pair, two pair, three of a kind or four of a kind, but never a
// straight, a flush or a full house, which need five cards. Its kickers
// are the cards it holds, and a missing kicker ranks below every card: a
// pair of 8s with a 3 beats a lone pair of 8s, which beats a pair of 7s
// with an ace.
//
// With two packs a face can be held twice. The two copies are two cards
// of one rank (a pair) and of one suit, so a flush may hold a pair (it
// ranks as a flush, listing the paired rank twice); four or more cards of
// one rank are four of a kind, whose kicker may be a fifth card of the
// same rank.
//
// Best is the VM's ranking: it works on 13-bit rank masks (one per suit,
// and the masks of ranks held at least once, twice, ... five times), so it
// allocates nothing and takes a few tens of nanoseconds for seven cards.
// Slow ranks a list of card ids by enumerating the five-card subsets and
// classifying each by sorting and counting; it serves the reference
// interpreter, and the tests check that the two agree.
//
// # Card sums
//
// Total is a hand's blackjack count: each 2..10 counts its number; a J, Q
// or K counts 10; an ace counts 11 if that keeps the total at 21 or below,
// else 1, and at most one ace counts 11 (two aces at 11 would bust). The
// total is soft when an ace counts 11, so that another card cannot bust
// it. Jokers count 0. SlowTotal counts a list of card ids the same way.
package handrank
