package vm

// # Bids and contracts
//
// (This section of the package doc continues doc.go's.)
//
// The END section's BID block makes a game of bids and contracts: points
// per trick bid (Trick), per overtrick (Over), the bags that cost a
// penalty (Bags, 0: none) and the penalty (Penalty), and the points of a
// nil bid (Nil, 0: no nil bids).
//
// The bidding round comes once per deal, after its start is over (the
// deal, any pass before it, the lead card's holder found, the deal's sets
// laid) and before a starter's effects fire and the first turn. Each seat
// in seat order from the seat after the dealer bids once (DecideBid; a
// decision counted as forced when it has one option): its options, in
// ascending order, are 0 (nil) where Nil is not 0, then 1 up to the cards
// it holds, at most cardrules.MaxBid and at least 1. Each bid is an EvBid
// (N the bid). Bids are public (View.Bids); so are the tricks each seat
// has won in the deal (View.Tricks) and the sides' bags (View.Bags). A
// copy paused at a bid re-enters the round at the seat bidding.
//
// A side is a partnership (seat s in side s mod 2) with teams, else a
// seat; its first seat is the lowest. Its contract is the sum of its
// seats' bids other than nil, its tricks those its seats that did not bid
// nil won in the deal (each trick of a trick phase counts one for its
// winner). As a deal ends, before every other deal's-end score, each side
// with a contract, in order of its first seat, scores it at its first
// seat: made (tricks at least the contract) it scores Trick per trick bid
// and Over per overtrick, and the overtricks add to its bags, which are
// kept for the whole game; each time they reach Bags it loses Penalty and
// they drop by Bags. Set, it loses Trick per trick bid. Then each nil bid,
// in seat order, scores Nil (no trick won) or loses it at its side's first
// seat. Each score is an EvContract: Card 0 a contract, 1 a bag penalty, 2
// a nil bid; N the points, negative when lost. In a match with a target
// and partnerships, a partnership's total reaching the target ends the
// match.
//
// The Greedy policy bids its cards of the deck's two highest ranks plus
// its cards beyond three of a trick phase's fixed trump suit (never nil),
// and in tricks plays to win while its side's contract is not made and to
// lose otherwise and on a nil bid.
