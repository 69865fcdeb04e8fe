package vm

import (
	"os"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// hybridProgram loads a hybrid fixture of testdata/hybrids.
func hybridProgram(tb testing.TB, name string) (*genome.Genome, *Program) {
	tb.Helper()
	data, err := os.ReadFile("../testdata/hybrids/" + name + ".json")
	if err != nil {
		tb.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	return g, load(tb, g)
}

// trigOf is the trigger of an EvEffect.
func trigOf(e Event) cardrules.Trigger { return cardrules.Trigger(e.N >> 16) }

// Every effect a trigger other than a play sets off follows an event of
// that trigger, in the same turn, that happened to the effect's seat and
// names a card of the effect's rank (and suit); the effects of one phase
// come after all of its events. Read off traces of random games of the
// hybrid fixtures, which between them use every trigger, and each fires.
func TestTriggeredEffectsFollowTheirEvents(t *testing.T) {
	fired := map[cardrules.Trigger]int{}
	for _, name := range []string{"go-fish-asks", "old-maid-takes", "whist-tricks"} {
		g, p := hybridProgram(t, name)
		m := mustMachine(p, p.seatsDefault, nil)
		for seed := range uint64(300) {
			tr := &Trace{}
			m.trace = tr
			m.Play(seed)
			turn := 0 // where the current turn's events start
			for i, e := range tr.Events {
				if e.Kind == EvTurn {
					turn = i
				}
				if e.Kind != EvEffect || trigOf(e) == cardrules.Played {
					continue
				}
				w := trigOf(e)
				fired[w]++
				if !causedBy(g, tr.Events[turn:i], e, w) {
					t.Fatalf("%s seed %d: event %d (%+v, %s) follows no matching event in its turn: %+v", name, seed, i, e, w, tr.Events[turn:i+1])
				}
			}
		}
	}
	for w := cardrules.Drawn; w < cardrules.NumTriggers; w++ {
		if fired[w] == 0 {
			t.Errorf("no effect %s fired", w.Words())
		}
	}
}

// causedBy reports whether one of the events before (the turn so far)
// sets off effect event e of trigger w: an event of w that happened to e's
// seat, naming a card of a rank some effect of g of trigger w and type e's
// waits for.
func causedBy(g *genome.Genome, before []Event, e Event, w cardrules.Trigger) bool {
	// waits reads a card, or with rankOnly a rank.
	waits := func(c uint8, rankOnly bool) bool {
		r := rankOf[c]
		if rankOnly {
			r = c
		}
		for _, x := range g.Effects {
			if x.When == w && uint8(x.Type) == e.Card && uint8(x.Rank) == r && (rankOnly || x.Suit.Has(cardrules.Suit(suitOf[c]))) {
				return true
			}
		}
		return false
	}
	seat := int(e.Seat)
	lastLeft := -1 // for went_out: the rank of the seat's last card to leave its hand
	trick := []uint8{}
	for _, b := range before {
		switch {
		case b.Kind == EvPlay:
			trick = append(trick, b.Card)
			if int(b.Seat) == seat {
				lastLeft = int(rankOf[b.Card])
			}
		case b.Kind == EvTakeFrom && b.N == seat:
			lastLeft = int(rankOf[b.Card])
		case b.Kind == EvMeld && int(b.Seat) == seat:
			lastLeft = int(b.Card) // a rank
		case b.Kind == EvDiscard && int(b.Seat) == seat:
			lastLeft = int(rankOf[b.Card])
		}
		if int(b.Seat) != seat {
			continue
		}
		switch {
		case w == cardrules.Drawn && b.Kind == EvDraw && waits(b.Card, false),
			w == cardrules.Asked && b.Kind == EvAsk && waits(b.Card, true),
			w == cardrules.Taken && b.Kind == EvTakeFrom && waits(b.Card, false),
			w == cardrules.SetLaid && b.Kind == EvMeld && waits(b.Card, true),
			w == cardrules.ForcedDiscard && b.Kind == EvDiscard && waits(b.Card, false),
			w == cardrules.WentOut && b.Kind == EvOut && lastLeft >= 0 && waits(uint8(lastLeft), true):
			return true
		case w == cardrules.TrickWon && b.Kind == EvTake:
			for _, c := range trick {
				if waits(c, false) {
					return true
				}
			}
		}
	}
	return false
}

// A copy paused at a forced discard that an event's effect asks for,
// while the phase's events resolve, re-enters them: the resumed game ends
// as the original did.
func TestForkResumeInTriggers(t *testing.T) {
	_, p := hybridProgram(t, "whist-tricks")
	forks := 0
	for seed := range uint64(20) {
		for at := 0; ; at++ {
			orig, cp := forkAt(p, 4, seed, at)
			if cp == nil {
				break
			}
			if !cp.inTrig {
				continue
			}
			forks++
			if r := cp.Resume(); r != orig.res || cp.game != orig.game || cp.effState != orig.effState {
				t.Fatalf("seed %d, fork at decision %d (in a trigger's effect): resumed result %+v, want %+v", seed, at, r, orig.res)
			}
		}
	}
	if forks == 0 {
		t.Fatal("no game paused in a triggered effect")
	}
	t.Logf("%d forks in triggered effects", forks)
}

// An effect set off by a trigger sets off nothing: a seven drawn makes its
// player draw one more card, and the sevens that draw brings set off no
// more draws (chain depth one), and the events resolve after the phase.
func TestTriggerDepthBound(t *testing.T) {
	seven := eff("7", cardrules.DrawCards, cardrules.TargetSelf, 1)
	seven.When = cardrules.Drawn
	g := labGenome(seven)
	p := load(t, g)
	// Seat 0 holds a club and cannot follow the heart on the discard
	// pile; the stock holds only sevens, none a heart (the top card
	// drawn last): it draws 7S when stuck, cannot play it, and its draw
	// sets off one draw (7D), whose own seven sets off nothing.
	m := newLab(t, p, 2, nil, layout{
		hands: [][]uint8{cards("2C"), cards("3C")},
		stock: cards("7C", "7D", "7S"),
		disc:  cards("4H"),
	})
	tr := &Trace{}
	m.trace = tr
	m.turn()
	var kinds []EventKind
	for _, e := range tr.Events {
		kinds = append(kinds, e.Kind)
	}
	want := []EventKind{EvTurn, EvDraw, EvPass, EvEffect, EvDraw}
	if len(kinds) != len(want) {
		t.Fatalf("events %v, want kinds %v", tr.Events, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("events %v, want kinds %v", tr.Events, want)
		}
	}
	if m.count[0] != 3 || m.stockN != 1 || m.trigN != 0 || m.inTrig {
		t.Fatalf("seat 0 holds %d cards, stock %d, %d events queued (resolving %v)", m.count[0], m.stockN, m.trigN, m.inTrig)
	}
}

// At most cardrules.MaxWaitingEvents events wait at once; the rest are dropped, and none
// queue while events resolve.
func TestTriggerQueueBound(t *testing.T) {
	seven := eff("7", cardrules.SkipNext, 0, 1)
	seven.When = cardrules.Drawn
	p := load(t, labGenome(seven))
	m := mustMachine(p, 2, nil)
	m.reset(1)
	c := cd("7H")
	for range cardrules.MaxWaitingEvents + 5 {
		m.event(cardrules.Drawn, c, 0)
	}
	if m.trigN != cardrules.MaxWaitingEvents {
		t.Fatalf("%d events queued, want %d", m.trigN, cardrules.MaxWaitingEvents)
	}
	m.trigN, m.inTrig = 0, true
	m.event(cardrules.Drawn, c, 0)
	if m.trigN != 0 {
		t.Fatalf("an event queued while events resolve")
	}
	m.inTrig = false
	m.event(cardrules.Drawn, cd("8H"), 0)
	if m.trigN != 0 {
		t.Fatalf("an event no effect waits for was queued")
	}
}

// Conditions: an effect whose condition fails does nothing at all (no
// count, no trace event); one whose target fails its hand test counts as
// fired but neither hits it nor fizzles.
func TestEffectConditions(t *testing.T) {
	cases := []struct {
		name   string
		cond   genome.EffectCondition
		fires  bool // counted and traced
		drawn  int  // cards seat 1 draws
		fizzle bool
	}{
		{"stock at least 2 holds", genome.EffectCondition{Of: cardrules.CondStock, Value: 2}, true, 1, false},
		{"stock at least 3 fails", genome.EffectCondition{Of: cardrules.CondStock, Value: 3}, false, 0, false},
		{"hand equal 0 holds", genome.EffectCondition{Of: cardrules.CondHand, Cmp: cardrules.Equal, Value: 0}, true, 1, false},
		{"hand at least 1 fails", genome.EffectCondition{Of: cardrules.CondHand, Value: 1}, false, 0, false},
		{"pile at most 2 holds", genome.EffectCondition{Of: cardrules.CondPile, Cmp: cardrules.AtMost, Value: 2}, true, 1, false},
		{"seats equal 3 fails", genome.EffectCondition{Of: cardrules.CondSeats, Cmp: cardrules.Equal, Value: 3}, false, 0, false},
		{"top suit hearts holds", genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(2)}, true, 1, false},
		{"top suit spades fails", genome.EffectCondition{Of: cardrules.CondTopSuit, Suit: cardrules.TriggerOn(3)}, false, 0, false},
		{"target at most 1 holds", genome.EffectCondition{Of: cardrules.CondTarget, Cmp: cardrules.AtMost, Value: 1}, true, 1, false},
		{"target at least 2 keeps it out", genome.EffectCondition{Of: cardrules.CondTarget, Value: 2}, true, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			two := eff("2", cardrules.DrawCards, cardrules.TargetNext, 1)
			two.If = c.cond
			p := load(t, labGenome(two))
			// Seat 0 plays its last card, the two of hearts, on a heart:
			// the pile then holds 2 cards, the stock 2, seat 0 none.
			m := newLab(t, p, 2, nil, layout{
				hands: [][]uint8{cards("2H"), cards("3C")},
				stock: cards("9C", "9D"),
				disc:  cards("4H"),
			})
			tr := &Trace{}
			m.trace = tr
			m.turn()
			traced := 0
			for _, e := range tr.Events {
				if e.Kind == EvEffect {
					traced++
				}
			}
			if got := m.res.Effects[cardrules.DrawCards] == 1; got != c.fires || (traced == 1) != c.fires {
				t.Errorf("fired: counted %d, traced %d, want %v", m.res.Effects[cardrules.DrawCards], traced, c.fires)
			}
			if got := int(m.count[1]) - 1; got != c.drawn {
				t.Errorf("seat 1 drew %d cards, want %d", got, c.drawn)
			}
			if got := m.res.Fizzled > 0; got != c.fizzle {
				t.Errorf("fizzled %d", m.res.Fizzled)
			}
		})
	}
}

// A draw an effect makes lays down the sets it completes, as every draw
// does (without it, a Go Fish seat could end up holding a whole set that
// nothing ever lays down, and the game never end).
func TestEffectDrawLaysSets(t *testing.T) {
	g := labGenome(eff("2", cardrules.DrawCards, cardrules.TargetNext, 1))
	g.Meld = 2
	p := load(t, g)
	m := newLab(t, p, 2, nil, layout{
		hands: [][]uint8{cards("2H", "9C"), cards("5D", "3C")},
		stock: cards("9D", "5C"),
		disc:  cards("4H"),
	})
	tr := &Trace{}
	m.trace = tr
	m.turn()
	if m.hand[1] != setOf("3C") {
		t.Fatalf("seat 1 holds %s, want 3C (the pair of fives laid down)", cardNames(m.hand[1]))
	}
	if tr.Events[len(tr.Events)-1].Kind != EvMeld {
		t.Fatalf("events %+v end without the set laid", tr.Events)
	}
}

// A traced effect reads its target and value whatever its trigger, and
// names the trigger and seat when it is not a play.
func TestTriggeredEffectWords(t *testing.T) {
	played := Event{Kind: EvEffect, Seat: 1, Card: uint8(cardrules.DrawCards), N: 2 | int(cardrules.TargetNext)<<8}
	if got, want := played.String(), "effect: the next player draws 2 cards"; got != want {
		t.Errorf("played: %q, want %q", got, want)
	}
	drawn := played
	drawn.N |= int(cardrules.Drawn) << 16
	if got, want := drawn.String(), "effect for seat 1, when drawn: the next player draws 2 cards"; got != want {
		t.Errorf("drawn: %q, want %q", got, want)
	}
}
