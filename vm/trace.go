package vm

import (
	"fmt"
	"io"
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// EventKind is what happened at one step of a traced game.
type EventKind uint8

// Trace events.
const (
	EvTurn      EventKind = iota // N: turn number; Seat moves
	EvDraw                       // Seat draws Card (N 0), or is dealt it as the hands are dealt again (N 1)
	EvReshuffle                  // N cards of the discard pile become the stock
	EvPass                       // Seat passes: N 0 when it has no other option, 1 when it chooses to
	EvPlay                       // Seat plays Card
	EvNameSuit                   // Seat names suit Card
	EvEffect                     // an effect of type Card fires for Seat's card: N is its value | its target<<8 | its trigger<<16 | when it resolves<<20
	EvDiscard                    // Seat discards Card by force
	EvWar                        // N seats tie and go to war
	EvTake                       // Seat takes the N cards of the table
	EvOut                        // Seat is out with result Card (0 win, 1 lose)
	EvTakeFrom                   // Seat takes Card blind from seat N
	EvAsk                        // Seat asks seat N for rank Card
	EvMeld                       // Seat lays down a set of N cards of rank Card
	EvRespond                    // Seat answers the chain's top link with Card, ability N (a cardrules.Ability)
	EvChain                      // a chain closes: its effect hits Seat with amount N; Seat -1 when it was negated
	EvLoseTurn                   // Seat loses its turn (it answered, or took an effect, with lose_turn)
	EvActive                     // an effect of type Card that Seat started is active as a turn starts: N is turns left (0xff: not counted) | its seats<<8 | its suit, rank or type<<16 | its value<<24
	EvLastEnd                    // an active effect ends: N as for EvActive
	EvRule                       // rule Seat (of type Card) holds as a turn starts: N as for EvActive (turns left 0xff)
	EvResolve                    // a delayed effect of type Card from seat Seat resolves: N is its seats | its value<<8
	EvWait                       // a delayed effect of type Card from seat Seat is queued: N as for EvResolve
	EvDemand                     // Seat's Card, turned up, demands N cards of the seat that moves next
	EvCapture                    // Seat, whose demand was paid, takes the N cards of the discard pile
	EvChips                      // Seat pays N chips into the pool (N < 0: takes -N from it)
	EvClimb                      // Seat's play of N cards of rank Card (its cards' EvPlay events came first) is on the climb table
	EvClear                      // the climb table is cleared: Seat leads
	EvDeal                       // deal N of a match begins, dealt by Seat; Card is the starter (0xff: none)
	EvMoon                       // Seat shot the moon: it gives up the N points of the card rules, which every other seat scores
	EvPassCard                   // before a deal's play, Seat passes Card to seat N (others see a card passed)
	EvLayout                     // Card joins the layout: dealt to it (Seat -1), or played by Seat and capturing nothing
	EvCollect                    // Seat wins Card from the layout: N 0 captured, 1 left on the layout at the deal's end
	EvSweep                      // Seat's capture empties the layout and scores N points
	EvTally                      // as a deal ends, Seat alone has the most won cards most rule Card counts (MostBest: the best best-of-each-suit total) and scores N points
	EvClaim                      // Seat claims that the N cards it put face down are of rank Card
	EvChallenge                  // Seat challenges the claim of seat Card: N 1 it was true, 0 false
	EvReveal                     // Seat's claimed Card is turned up after a challenge
	EvTakeTop                    // Seat takes Card, the top card of the discard pile, into its hand
	EvLay                        // Seat lays Card into meld N on the table (the meld's first card starts it)
	EvLayOff                     // Seat lays Card off onto meld N on the table
	EvKnock                      // Seat knocks with N deadwood
	EvDeadwood                   // as a deal ends, Seat's unmatched cards count N
	EvOutScore                   // as a deal ends, Seat scores N points: Card 0 the difference of deadwood, 1 an undercut, 2 gin
	EvBid                        // before a deal's play, Seat bids N tricks (0: nil)
	EvContract                   // as a deal ends, Seat scores N points (negative: loses -N): Card 0 a contract made or set, 1 a bag penalty, 2 a nil bid
	EvBet                        // Seat puts N chips into the pot: Card 0 a blind, 1 a check (N 0) or call, 2 a bet or raise, 3 a wager against the dealer
	EvFold                       // Seat folds: N 0 it chose to, 1 at once, holding no chips
	EvSetAside                   // in a draw round, Seat sets Card aside, face down and out of play
	EvShow                       // at a showdown, Seat shows its hand, N its handrank.Value
	EvDealer                     // the dealer (Seat -1) gets Card: N 0 face up, 1 face down, 2 its face-down card turned up
	EvStand                      // against a dealer, Seat stands on total N
	EvBust                       // against a dealer, Seat's total N is bust
	EvSettle                     // Seat's wager settles with the dealer: N the chips it wins from the house (negative: its wager lost; 0 a push)

	numEventKinds // (the count of kinds above; a new kind goes before it, with its name in eventKindNames)
)

// Event is one step of a traced game.
type Event struct {
	Kind EventKind
	Seat int8
	Card uint8
	N    int
}

// Trace is the record of one game, move by move: a replay's, or a game
// played with SetTrace (darwinsim play). Batches run with a nil trace and
// allocate nothing.
type Trace struct {
	Seats   int
	Seed    uint64
	Hands   [][]uint8 // each seat's cards after the deal (a pile: top first)
	Starter int       // the turned-up card, or -1
	// The hands of each later deal of a match, as Hands (DealHands[0]
	// is deal 2's, dealt just before its EvDeal event).
	DealHands [][][]uint8
	Events    []Event
	Result    Result
}

func (t *Trace) add(k EventKind, seat int, card uint8, n int) {
	t.Events = append(t.Events, Event{k, int8(seat), card, n})
}

func (t *Trace) deal(m *Machine) {
	t.Hands = handsOf(m)
	t.Starter = -1
	if m.discN > 0 {
		t.Starter = int(m.disc[0])
	}
}

// handsOf returns each seat's cards as they were dealt.
func handsOf(m *Machine) [][]uint8 {
	hands := make([][]uint8, m.n)
	for s := range m.n {
		if m.p.pileHands {
			q := m.piles[s]
			for i := range q.n {
				hands[s] = append(hands[s], q.c[(q.head+i)%pileCap])
			}
		} else {
			for x := m.hand[s]; x != 0; x &= x - 1 {
				hands[s] = append(hands[s], uint8(bits.TrailingZeros64(x)))
			}
			for x := m.hand2[s]; x != 0; x &= x - 1 {
				hands[s] = append(hands[s], uint8(bits.TrailingZeros64(x))+cardrules.PackStride)
			}
		}
	}
	return hands
}

// newDeal records the start of a match's later deal: its hands, then its
// EvDeal event (the first deal's hands are the trace's Hands).
func (t *Trace) newDeal(m *Machine) {
	t.DealHands = append(t.DealHands, handsOf(m))
	st := uint8(0xff)
	if m.discN > 0 {
		st = m.disc[0]
	}
	t.add(EvDeal, int(m.dealer), st, int(m.dealNo))
}

// Replay plays game i of a batch (the same program, seats, policies and
// batch seed) with tracing on. Its Result equals the batch's game i.
// Seats and policies that NewMachine refuses are an error.
func Replay(p *Program, seats int, policies []Policy, batchSeed uint64, i uint64) (*Trace, error) {
	c := BatchConfig{Seats: seats, Policies: policies, Seed: batchSeed}
	return c.Replay(p, i)
}

// Replay plays game i of the batch c describes (its seats, policies,
// players and seed) with tracing on. Its Result equals the batch's game i.
func (c *BatchConfig) Replay(p *Program, i uint64) (*Trace, error) {
	m, err := c.machine(p)
	if err != nil {
		return nil, err
	}
	seed := rng.Derive(c.Seed, i)
	t := &Trace{Seats: m.n, Seed: seed}
	m.trace = t
	t.Result = m.Play(seed)
	return t, nil
}

// Format writes the game in words, one step per line.
func (t *Trace) Format(w io.Writer) {
	fmt.Fprintf(w, "game seed %#016x, %d seats\n", t.Seed, t.Seats)
	hands := func(indent string, hs [][]uint8) {
		for s, h := range hs {
			fmt.Fprintf(w, "%sdeal: seat %d gets %d cards: %s\n", indent, s, len(h), cardList(h))
		}
	}
	hands("", t.Hands)
	t.writePlay(w, func(e Event) Event { return e }, hands)
}

// writePlay writes what follows the deal: the starter, every event as view
// gives it (turns flush left, the rest indented), each later deal's hands
// as hands writes them after its EvDeal, and the result.
func (t *Trace) writePlay(w io.Writer, view func(Event) Event, hands func(indent string, hs [][]uint8)) {
	if t.Starter >= 0 {
		fmt.Fprintf(w, "starter: %s\n", bytecode.CardName(uint8(t.Starter)))
	}
	for _, e := range t.Events {
		indent := "  "
		if e.Kind == EvTurn {
			indent = ""
		}
		fmt.Fprintf(w, "%s%s\n", indent, view(e))
		if e.Kind == EvDeal && e.N >= 1 && e.N <= len(t.DealHands) {
			hands(indent, t.DealHands[e.N-1])
		}
	}
	fmt.Fprintln(w, t.Result.Words())
}

func cardList(cs []uint8) string {
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		s += bytecode.CardName(c)
	}
	return s
}

func rankWord(r uint8) string { return cardrules.Rank(r).String() }
