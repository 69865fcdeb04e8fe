package vm

import (
	"fmt"
	"github.com/darwinsim/darwinsim/internal/handrank"
	"io"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// What a seat may see of a game's record
//
// A trace records everything, hidden cards included: it is the referee's
// record, for replays and tests. A seat sees less. The cards of its own
// deal, and the cards it draws, are its own: no other seat sees them. A
// card taken blind (a take phase) is seen by the taker and by the seat it
// was taken from, which knows the card it lost; every other seat sees only
// that a card moved. Everything else a trace holds is public: the starter,
// plays, named suits, effects, forced discards (face up onto the discard
// pile), asks and how many cards they gained, sets laid down, the table
// taken, cards taken from the discard pile, melds and lay-offs, knocks and
// deadwood, reshuffles and their size, passes, seats going out, and turns.
// The game's seed is not part of any seat's view: it fixes the deck order.

// HiddenCard stands for a card, in an Event as a seat sees it (SeenBy),
// that the seat may not see. Event.String words it "a card".
const HiddenCard uint8 = 0xff

// SetTrace makes the machine record the next game Play plays into t (nil:
// no record). Only a game that is being watched needs one, such as a game
// against a person; batches and replays never call it. SetTrace clears t
// and sets its seat count; Play then fills its deal, starter and events as
// they happen, so a caller may read t.Events while the game is played (from
// a Player's Choose). Play does not clear it again: call SetTrace before
// each game to record. The caller sets t.Seed and t.Result if it wants them.
func (m *Machine) SetTrace(t *Trace) {
	m.trace = t
	if t != nil {
		*t = Trace{Seats: m.n, Starter: -1, Events: t.Events[:0]}
	}
}

// Stop ends the game being played at the end of the current turn (any
// decision left in the turn still goes to its seat): Play then returns with
// Winner Aborted, as when the step budget runs out, and what it returns is
// no result. A Player calls it from Choose when the person it stands for
// quits, so that the others do not play the game out for nobody.
func (m *Machine) Stop() { m.steps = m.budget + 1 }

// SeatView returns what seat s may see now, as a decision's View shows it:
// for the end of a game, its final standing. Table aliases the machine's
// table and is valid until the machine plays on.
func (m *Machine) SeatView(s int) View {
	v := View{Seat: s, Hand: m.hand[s], Hand2: m.hand2[s], Counts: m.count, Scores: m.score, Pot: m.pot, Active: m.active,
		Top: -1, Suit: m.suit, Table: m.table[:m.tableN], Played: m.played, Stock: m.stockN, Discard: m.discN, Forbid: m.forbid,
		Tableau: m.tab, TableauEnds: m.tabEnds, Layout: m.lay[0], Layout2: m.lay[1],
		Melds: m.mt.melded[0], Melds2: m.mt.melded[1], MeldCount: int(m.mt.meldN)}
	if m.discN > 0 {
		v.Top = int(m.disc[m.discN-1])
	}
	v.Demander, v.Owed = m.demand()
	v.ClimbRank, v.ClimbCount, v.ClimbBy = m.climbView()
	v.ClimbPassed = m.climbPass
	v.PassTo = -1
	if m.cardPass.due && m.cardPass.choose&(1<<s) != 0 {
		v.PassTo, v.PassChosen, v.PassChosen2 = int(m.cardPass.to[s]), m.cardPass.sel[s][0], m.cardPass.sel[s][1]
	}
	return v
}

// SeenBy returns e as seat s sees it: the card of a draw by another seat,
// and of a blind take that s neither made nor suffered, is HiddenCard.
// Every other event is public and returned unchanged.
func (e Event) SeenBy(s int) Event {
	switch e.Kind {
	case EvDraw, EvSetAside:
		if int(e.Seat) != s {
			e.Card = HiddenCard
		}
	case EvDealer:
		if e.N == 1 {
			e.Card = HiddenCard
		}
	case EvPlay:
		if e.N == 1 && int(e.Seat) != s { // (face down, with a claim)
			e.Card = HiddenCard
		}
	case EvTakeFrom, EvPassCard:
		if int(e.Seat) != s && e.N != s {
			e.Card = HiddenCard
		}
	}
	return e
}

// String words the event on one line, as Trace.Format does but without
// its indentation; a HiddenCard is "a card".
func (e Event) String() string {
	switch e.Kind {
	case EvTurn:
		return fmt.Sprintf("turn %d: seat %d", e.N, e.Seat)
	case EvDraw:
		if e.N == 1 {
			return fmt.Sprintf("seat %d is dealt %s", e.Seat, seenCard(e.Card))
		}
		return fmt.Sprintf("seat %d draws %s", e.Seat, seenCard(e.Card))
	case EvReshuffle:
		return fmt.Sprintf("the discard pile (%d cards) is shuffled into the stock", e.N)
	case EvPass:
		if e.N == 1 {
			return fmt.Sprintf("seat %d passes", e.Seat)
		}
		return fmt.Sprintf("seat %d cannot play and passes", e.Seat)
	case EvPlay:
		if e.N == 1 {
			return fmt.Sprintf("seat %d puts %s face down on the pile", e.Seat, seenCard(e.Card))
		}
		return fmt.Sprintf("seat %d plays %s", e.Seat, seenCard(e.Card))
	case EvClaim:
		if e.N == 1 {
			return fmt.Sprintf("seat %d announces its card as a %s", e.Seat, rankWord(e.Card))
		}
		return fmt.Sprintf("seat %d announces its %d cards as %ss", e.Seat, e.N, rankWord(e.Card))
	case EvChallenge:
		if e.N == 1 {
			return fmt.Sprintf("seat %d challenges seat %d, whose claim was true", e.Seat, e.Card)
		}
		return fmt.Sprintf("seat %d challenges seat %d, whose claim was false", e.Seat, e.Card)
	case EvReveal:
		return fmt.Sprintf("seat %d's %s is turned up", e.Seat, seenCard(e.Card))
	case EvClimb:
		return fmt.Sprintf("seat %d's play of %d %ss is on the table", e.Seat, e.N, rankWord(e.Card))
	case EvPassCard:
		return fmt.Sprintf("seat %d passes %s to seat %d", e.Seat, seenCard(e.Card), e.N)
	case EvClear:
		return fmt.Sprintf("everyone else has passed: the table is cleared and seat %d leads", e.Seat)
	case EvLayout:
		if e.Seat < 0 {
			return fmt.Sprintf("%s is dealt face up to the layout", seenCard(e.Card))
		}
		return fmt.Sprintf("seat %d captures nothing: %s joins the layout", e.Seat, seenCard(e.Card))
	case EvCollect:
		if e.N == 1 {
			return fmt.Sprintf("seat %d, the last to capture, takes %s left on the layout", e.Seat, seenCard(e.Card))
		}
		return fmt.Sprintf("seat %d captures %s", e.Seat, seenCard(e.Card))
	case EvSweep:
		return fmt.Sprintf("seat %d sweeps the layout and scores %d", e.Seat, e.N)
	case EvTally:
		if e.Card == MostBest {
			return fmt.Sprintf("seat %d has the best total of its best card in each suit and scores %d", e.Seat, e.N)
		}
		return fmt.Sprintf("seat %d has the most won cards of scoring rule %d and scores %d", e.Seat, e.Card, e.N)
	case EvNameSuit:
		return fmt.Sprintf("seat %d names %s", e.Seat, cardrules.Suit(e.Card))
	case EvEffect:
		what := cardrules.EffectType(e.Card).Phrase(cardrules.Target(e.N>>8&0xff), e.N&0xff)
		switch cardrules.Resolve(e.N >> 20) {
		case cardrules.ResolveTurnEnd:
			what += ", at the end of the turn"
		case cardrules.ResolveTargetTurn:
			what += ", at the start of the target's next turn"
		}
		if w := cardrules.Trigger(e.N >> 16 & 0xf); w != cardrules.Played {
			return fmt.Sprintf("effect for seat %d, %s: %s", e.Seat, w.Words(), what)
		}
		return "effect: " + what
	case EvDiscard:
		return fmt.Sprintf("seat %d discards %s", e.Seat, seenCard(e.Card))
	case EvWar:
		return fmt.Sprintf("%d seats tie: war", e.N)
	case EvTake:
		return fmt.Sprintf("seat %d takes %d cards", e.Seat, e.N)
	case EvTakeFrom:
		return fmt.Sprintf("seat %d takes %s from seat %d", e.Seat, seenCard(e.Card), e.N)
	case EvAsk:
		return fmt.Sprintf("seat %d asks seat %d for %ss", e.Seat, e.N, rankWord(e.Card))
	case EvMeld:
		return fmt.Sprintf("seat %d lays down %d %ss", e.Seat, e.N, rankWord(e.Card))
	case EvOut:
		return fmt.Sprintf("seat %d is out (%ss)", e.Seat, cardrules.Result(e.Card))
	case EvRespond:
		return fmt.Sprintf("seat %d answers with %s: %s", e.Seat, seenCard(e.Card), cardrules.Ability(e.N))
	case EvChain:
		if e.Seat < 0 {
			return "the chain closes: the effect is negated"
		}
		return fmt.Sprintf("the chain closes: it hits seat %d, amount %d", e.Seat, e.N)
	case EvLoseTurn:
		return fmt.Sprintf("seat %d loses its turn", e.Seat)
	case EvActive:
		return "active: " + activeWords(e)
	case EvLastEnd:
		return "ends: " + activeWords(e)
	case EvRule:
		return fmt.Sprintf("rule %d: %s", e.Seat, activeWords(e))
	case EvResolve:
		return "resolves: " + resolveWords(e)
	case EvWait:
		return "waits: " + resolveWords(e)
	case EvDemand:
		if e.N == 1 {
			return fmt.Sprintf("seat %d's %s demands 1 card", e.Seat, seenCard(e.Card))
		}
		return fmt.Sprintf("seat %d's %s demands %d cards", e.Seat, seenCard(e.Card), e.N)
	case EvCapture:
		return fmt.Sprintf("seat %d takes the discard pile (%d cards)", e.Seat, e.N)
	case EvTakeTop:
		return fmt.Sprintf("seat %d takes %s from the discard pile", e.Seat, seenCard(e.Card))
	case EvLay:
		return fmt.Sprintf("seat %d lays %s in meld %d", e.Seat, seenCard(e.Card), e.N)
	case EvLayOff:
		return fmt.Sprintf("seat %d lays %s off onto meld %d", e.Seat, seenCard(e.Card), e.N)
	case EvKnock:
		return fmt.Sprintf("seat %d knocks with %d deadwood", e.Seat, e.N)
	case EvDeadwood:
		return fmt.Sprintf("seat %d's unmatched cards count %d", e.Seat, e.N)
	case EvOutScore:
		why := [...]string{"the difference of deadwood", "an undercut", "gin"}[min(int(e.Card), 2)]
		return fmt.Sprintf("seat %d scores %d for %s", e.Seat, e.N, why)
	case EvBid:
		if e.N == 0 {
			return fmt.Sprintf("seat %d bids nil", e.Seat)
		}
		return fmt.Sprintf("seat %d bids %d", e.Seat, e.N)
	case EvContract:
		why := [...]string{"its contract", "a bag penalty", "a nil bid"}[min(int(e.Card), 2)]
		if e.N < 0 {
			return fmt.Sprintf("seat %d loses %d for %s", e.Seat, -e.N, why)
		}
		return fmt.Sprintf("seat %d scores %d for %s", e.Seat, e.N, why)
	case EvDeal:
		if e.Card == 0xff {
			return fmt.Sprintf("deal %d, dealt by seat %d", e.N+1, e.Seat)
		}
		return fmt.Sprintf("deal %d, dealt by seat %d; the starter is %s", e.N+1, e.Seat, seenCard(e.Card))
	case EvMoon:
		return fmt.Sprintf("seat %d shoots the moon: every other seat scores %d", e.Seat, e.N)
	case EvBet:
		switch {
		case e.Card == 0:
			return fmt.Sprintf("seat %d puts a blind of %d into the pot", e.Seat, e.N)
		case e.Card == 2:
			return fmt.Sprintf("seat %d bets or raises: %d into the pot", e.Seat, e.N)
		case e.Card == 3:
			return fmt.Sprintf("seat %d wagers %d against the dealer", e.Seat, e.N)
		case e.N == 0:
			return fmt.Sprintf("seat %d checks", e.Seat)
		}
		return fmt.Sprintf("seat %d calls: %d into the pot", e.Seat, e.N)
	case EvFold:
		if e.N == 1 {
			return fmt.Sprintf("seat %d holds no chips and folds", e.Seat)
		}
		return fmt.Sprintf("seat %d folds", e.Seat)
	case EvSetAside:
		return fmt.Sprintf("seat %d sets %s aside", e.Seat, seenCard(e.Card))
	case EvShow:
		return fmt.Sprintf("seat %d shows %s", e.Seat, handrank.Value(e.N).Category())
	case EvDealer:
		switch e.N {
		case 1:
			return fmt.Sprintf("the dealer gets %s face down", seenCard(e.Card))
		case 2:
			return fmt.Sprintf("the dealer turns up %s", seenCard(e.Card))
		}
		return fmt.Sprintf("the dealer gets %s", seenCard(e.Card))
	case EvStand:
		return fmt.Sprintf("seat %d stands on %d", e.Seat, e.N)
	case EvBust:
		return fmt.Sprintf("seat %d is bust with %d", e.Seat, e.N)
	case EvSettle:
		switch {
		case e.N > 0:
			return fmt.Sprintf("seat %d beats the dealer and wins %d", e.Seat, e.N)
		case e.N < 0:
			return fmt.Sprintf("seat %d loses its wager of %d to the dealer", e.Seat, -e.N)
		}
		return fmt.Sprintf("seat %d pushes with the dealer", e.Seat)
	case EvChips:
		if e.N < 0 {
			return fmt.Sprintf("seat %d takes the pool (%d chips)", e.Seat, -e.N)
		}
		return fmt.Sprintf("seat %d pays %d into the pool", e.Seat, e.N)
	}
	return fmt.Sprintf("event %d", e.Kind)
}

// seenCard names a card, or "a card" for a hidden one.
func seenCard(c uint8) string {
	if c == HiddenCard {
		return "a card"
	}
	return bytecode.CardName(c)
}

// FormatSeenBy writes the game as seat s saw it, one step per line in the
// layout of Format: its own deal, only the size of the others' (at every
// deal of a match), the
// starter, every event through SeenBy, and the result. The seed is left
// out: it fixes the deck order, which no seat sees.
func (t *Trace) FormatSeenBy(w io.Writer, s int) {
	fmt.Fprintf(w, "%d seats, as seat %d sees the game\n", t.Seats, s)
	hands := func(indent string, hs [][]uint8) {
		for o, h := range hs {
			if o == s {
				fmt.Fprintf(w, "%sdeal: seat %d gets %d cards: %s\n", indent, o, len(h), cardList(h))
			} else {
				fmt.Fprintf(w, "%sdeal: seat %d gets %d cards\n", indent, o, len(h))
			}
		}
	}
	hands("", t.Hands)
	t.writePlay(w, func(e Event) Event { return e.SeenBy(s) }, hands)
}

// Words says how the game ended, as the last line of Format does.
func (r Result) Words() string {
	switch r.Winner {
	case Capped:
		return fmt.Sprintf("result: draw at the turn cap after %d turns", r.Turns)
	case Tie:
		if r.Blocked {
			return fmt.Sprintf("result: tie after %d turns (blocked: nothing left to draw and every seat passed)", r.Turns)
		}
		return fmt.Sprintf("result: tie after %d turns", r.Turns)
	case Aborted:
		return fmt.Sprintf("result: aborted (step budget) after %d turns", r.Turns)
	}
	w := fmt.Sprintf("result: seat %d wins after %d turns, %d decisions, %d plays", r.Winner, r.Turns, r.Decisions, r.Plays)
	if r.Blocked {
		w += " (blocked: nothing left to draw and every seat passed)"
	}
	return w
}

// Scored reports whether the game keeps scores: it ranks seats by score,
// or awards points for tricks, sets or cards. A view's Scores mean
// something only then.
func (p *Program) Scored() bool {
	if p.rankBy != cardrules.RankCards || p.scoreTrick != 0 || p.scoreMeld != 0 {
		return true
	}
	for _, v := range p.points {
		if v != 0 {
			return true
		}
	}
	return false
}

// PileHands reports whether seats hold face-down piles (as in War), whose
// cards not even their owner sees, rather than hands of cards they see.
func (p *Program) PileHands() bool { return p.pileHands }
