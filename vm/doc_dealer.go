package vm

// # A dealer's fixed rule
//
// (This section of the package doc continues doc.go's.)
//
// The END section's DEALER block makes each deal a game of card sums
// against a dealer: a role the rules play, not a seat (Machine's seats are
// the players only). It gives each seat's wager (Wager), the total the
// dealer stands on (Stand) and whether it draws on a soft total equal to
// it (SoftHits). The program has chips, fan hands and no phases.
//
// A hand's total is handrank.Total: each 2..10 its number, J, Q, K 10, an
// ace 11 where that keeps the total at 21 or below, else 1 (soft when an
// ace counts 11); jokers 0. Above 21 is bust.
//
// As each deal starts, once its start is over (the deal, any pass, the
// lead card's holder, the deal's sets), the dealer is dealt two cards from
// the stock (none where it is empty): the first face up (EvDealer, Card
// the card, N 0), the second face down (EvDealer, N 1; no seat sees it).
// Then each seat in seat order from seat 0 that holds no chips sits the
// deal out: it folds at once (EvFold, N 1), out of the deal as a loser,
// its hand out of play unseen. Each other seat, in seat order from seat
// 0, wagers min(Wager, its chips) into the pot (EvBet, Card 3, N the
// chips).
//
// The seats' turns: each seat still in, in seat order from the seat after
// the dealer, takes one turn (EvTurn first; Result.Turns counts it). While
// its total is below 21 it chooses (DecideHit: HitStand, then HitDraw)
// to stand (EvStand, N its total) or to draw a card from the stock (EvDraw,
// N 0, as any draw: refilled from the discard pile where the game
// reshuffles). With no card to draw (an empty stock that the discard pile
// cannot refill), it stands without a decision. Reaching 21 it stands
// without a decision (EvStand, N 21); above 21 it is bust (EvBust, N its
// total) and its turn ends.
//
// The dealer's turn: it turns its face-down card up (EvDealer, N 2), then
// draws from the stock, each card face up (EvDealer, N 0), while its total
// is below Stand, or equal to Stand and soft where SoftHits is set, and a
// card can be drawn. The dealer's turn is no seat's turn and no decision.
//
// Settling, each seat that wagered, in seat order from seat 0 (EvSettle, N
// the chips it wins from the house, negative when it loses its wager, 0 a
// push): bust, it loses; else when the dealer busts or the seat's total is
// above the dealer's it wins its wager, equal totals push, a lower one
// loses. A seat that wins takes its wager back from the pot and as many
// from the house; a push takes its wager back; a losing wager goes from
// the pot to the house. The house starts each game at 0 and may go below;
// the seats' chips, the pot and the house always sum to the seats' stakes.
// Then the deal is over. Over a match, the match also ends after a deal
// once no seat holds chips.
//
// The turn cap is checked before every seat's turn: a game that reaches
// it is capped there, at once (the dealer does not play, no wager
// settles).
//
// A view shows the dealer's face-up cards (View.Dealer, View.Dealer2; its
// face-down card is shown once it is turned up) and the house's chips
// (View.House). A copy paused at a hit re-enters the seat's turn.
//
// The Greedy policy draws while its total is below 12, while it is soft
// and below 18, and while it is below 17 and the dealer's face-up card
// counts 7 or more (an ace 11); otherwise it stands.
