package vm

import (
	"bytes"
	"fmt"
	"math/bits"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// cardNameRE matches a card's name as bytecode.CardName prints it.
var cardNameRE = regexp.MustCompile(`\b(10|[2-9JQKA])[CDHS]\b`)

// namedCards returns the cards a line of text names.
func namedCards(tb testing.TB, line string) []uint8 {
	tb.Helper()
	var out []uint8
	for _, name := range cardNameRE.FindAllString(line, -1) {
		found := false
		for c := range uint8(cardrules.NumCards) {
			if bytecode.CardName(c) == name {
				out, found = append(out, c), true
			}
		}
		if !found {
			tb.Fatalf("%q looks like a card name but names no card", name)
		}
	}
	return out
}

// leak checks the lines of a game as seat s is shown it (from FormatSeenBy,
// or any formatting of its events) against what s can know, worked out
// here on its own from the full trace: the cards it was dealt, the
// starter, every card played or discarded face up, the cards it drew, and
// the cards of blind takes it made or suffered, each from the moment it
// happens. It returns the first line that names a card s cannot know, or
// "".
func leak(tb testing.TB, tr *Trace, s int, deal []string, events []string) string {
	tb.Helper()
	var known uint64
	for _, c := range tr.Hands[s] {
		known |= 1 << c
	}
	if tr.Starter >= 0 {
		known |= 1 << tr.Starter
	}
	for o, line := range deal {
		if o%tr.Seats != s && len(namedCards(tb, line)) > 0 { // (each deal's lines in seat order)
			return line
		}
	}
	for i, e := range tr.Events {
		switch e.Kind {
		case EvPlay, EvDiscard, EvRespond, EvLayout, EvLay, EvLayOff:
			known |= 1 << e.Card
		case EvDealer: // (the dealer's cards face up)
			if e.N != 1 {
				known |= 1 << e.Card
			}
		case EvDeal: // (a later deal's starter, turned up)
			if e.Card != 0xff {
				known |= 1 << e.Card
			}
		case EvDraw, EvSetAside:
			if int(e.Seat) == s {
				known |= 1 << e.Card
			}
		case EvTakeFrom, EvPassCard:
			if int(e.Seat) == s || e.N == s {
				known |= 1 << e.Card
			}
		}
		for _, c := range namedCards(tb, events[i]) {
			if known&(1<<c) == 0 {
				return events[i]
			}
		}
		// A draw by another seat, or a blind take between two others,
		// names no card at all, even one s has seen before (a card played
		// earlier can come back through a reshuffle).
		hidden := (e.Kind == EvDraw || e.Kind == EvSetAside) && int(e.Seat) != s || e.Kind == EvDealer && e.N == 1 ||
			(e.Kind == EvTakeFrom || e.Kind == EvPassCard) && int(e.Seat) != s && e.N != s
		if hidden && len(namedCards(tb, events[i])) > 0 {
			return events[i]
		}
	}
	return ""
}

// TestSeenByShowsNothingHidden: for every event of traced games of every
// seed game and every seat, the game as that seat sees it never names a
// card the seat cannot know; and the same check catches the full trace,
// so it is not vacuous.
func TestSeenByShowsNothingHidden(t *testing.T) {
	caught := map[string]bool{}
	hiddenEvents := 0
	for _, np := range vmSeeds(t) {
		for game := range uint64(4) {
			pols := []Policy{Greedy, Random}[game%2 : game%2+1]
			tr := mustReplay(np.p, 0, pols, 41, game)
			for s := range tr.Seats {
				var buf bytes.Buffer
				tr.FormatSeenBy(&buf, s)
				lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
				// header, one deal line per seat, the starter, events
				// (each later deal's lines after its EvDeal), result
				deal := lines[1 : 1+tr.Seats]
				var rest []string
				for _, l := range lines[1+tr.Seats:] {
					if strings.HasPrefix(l, "  deal: seat ") {
						deal = append(deal, l)
					} else {
						rest = append(rest, l)
					}
				}
				if tr.Starter >= 0 {
					rest = rest[1:]
				}
				if len(rest) != len(tr.Events)+1 {
					t.Fatalf("%s: %d event lines for %d events", np.name, len(rest)-1, len(tr.Events))
				}
				if l := leak(t, tr, s, deal, rest[:len(tr.Events)]); l != "" {
					t.Errorf("%s game %d: seat %d is shown %q", np.name, game, s, strings.TrimSpace(l))
				}
				if strings.Contains(buf.String(), fmt.Sprintf("%#016x", tr.Seed)) {
					t.Errorf("%s: seat %d is shown the game seed, which fixes the deck order", np.name, s)
				}
				// The referee's view, unfiltered, must fail the same check
				// wherever something was hidden from s.
				var full []string
				for _, e := range tr.Events {
					full = append(full, e.String())
					if e.SeenBy(s) != e {
						hiddenEvents++
					}
				}
				var fullDeal []string
				for o, h := range tr.Hands {
					fullDeal = append(fullDeal, fmt.Sprintf("deal: seat %d gets %s", o, cardList(h)))
				}
				if leak(t, tr, s, fullDeal, full) != "" {
					caught[np.name] = true
				}
			}
		}
	}
	if hiddenEvents == 0 {
		t.Fatal("no event was hidden from any seat: the games drew nothing and took nothing blind")
	}
	for _, name := range []string{"crazy-eights", "go-fish", "old-maid", "hearts"} {
		if !caught[name] {
			t.Errorf("%s: the leak check did not catch the full trace", name)
		}
	}
}

// TestSeenByRules: which events each seat sees whole.
func TestSeenByRules(t *testing.T) {
	ah := cd("AH")
	cases := []struct {
		e    Event
		sees []int // the seats of four that see the card
	}{
		{Event{Kind: EvDraw, Seat: 1, Card: ah}, []int{1}},
		{Event{Kind: EvTakeFrom, Seat: 2, Card: ah, N: 0}, []int{0, 2}},
		{Event{Kind: EvPlay, Seat: 3, Card: ah}, []int{0, 1, 2, 3}},
		{Event{Kind: EvDiscard, Seat: 0, Card: ah}, []int{0, 1, 2, 3}},
	}
	for _, c := range cases {
		for s := range 4 {
			got := c.e.SeenBy(s)
			want := slices.Contains(c.sees, s)
			if (got.Card == ah) != want || got.Kind != c.e.Kind || got.Seat != c.e.Seat || got.N != c.e.N {
				t.Errorf("%v seen by seat %d: %+v", c.e, s, got)
			}
			if text := got.String(); strings.Contains(text, "AH") != want {
				t.Errorf("%v seen by seat %d reads %q", c.e, s, text)
			}
		}
	}
	if got := (Event{Kind: EvDraw, Seat: 1, Card: ah}).SeenBy(0).String(); got != "seat 1 draws a card" {
		t.Errorf("a hidden draw reads %q", got)
	}
	if got := (Event{Kind: EvTakeFrom, Seat: 1, Card: ah, N: 2}).SeenBy(0).String(); got != "seat 1 takes a card from seat 2" {
		t.Errorf("a hidden take reads %q", got)
	}
	// Public events with a field that is not a card are never changed.
	for k := EvTurn; k <= EvMeld; k++ {
		if k == EvDraw || k == EvTakeFrom {
			continue
		}
		e := Event{Kind: k, Seat: 1, Card: 2, N: 3}
		if e.SeenBy(0) != e {
			t.Errorf("event kind %d is public but SeenBy changed it", k)
		}
	}
}

// TestEventStringMatchesFormat: each event reads as Trace.Format prints
// it, so the seat's view and the referee's replay speak alike.
func TestEventStringMatchesFormat(t *testing.T) {
	for _, np := range vmSeeds(t) {
		tr := mustReplay(np.p, 0, []Policy{Random}, 5, 1)
		var buf bytes.Buffer
		tr.Format(&buf)
		lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
		skip := 1 + len(tr.Hands)
		if tr.Starter >= 0 {
			skip++
		}
		var events []string
		for _, l := range lines[skip : len(lines)-1] {
			if !strings.HasPrefix(l, "  deal: seat ") { // (a later deal's hands)
				events = append(events, l)
			}
		}
		if len(events) != len(tr.Events) {
			t.Fatalf("%s: %d lines for %d events", np.name, len(events), len(tr.Events))
		}
		for i, e := range tr.Events {
			if strings.TrimLeft(events[i], " ") != e.String() {
				t.Errorf("%s event %d: String %q, Format %q", np.name, i, e.String(), events[i])
			}
		}
		if last := lines[len(lines)-1]; last != tr.Result.Words() {
			t.Errorf("%s: Result.Words %q, Format %q", np.name, tr.Result.Words(), last)
		}
	}
}

// recorder is a Player that chooses the first option and keeps, at every
// decision, how many events the machine's trace held: a player reading
// the trace during the game sees every step up to its decision.
type recorder struct {
	tr   *Trace
	seen []int
}

func (r *recorder) Choose(d *Decision) int {
	r.seen = append(r.seen, len(r.tr.Events))
	return 0
}

// TestSetTrace: a game played with SetTrace records the same deal and
// events as Replay of the same seed, live during the game, and a second
// SetTrace starts a fresh record.
func TestSetTrace(t *testing.T) {
	for _, np := range vmSeeds(t) {
		want := mustReplay(np.p, 0, []Policy{Greedy}, 9, 3)
		m := mustMachine(np.p, 0, []Policy{Greedy})
		tr := &Trace{Events: make([]Event, 7)}
		m.SetTrace(tr)
		if len(tr.Events) != 0 || tr.Seats != np.p.DefaultSeats() || tr.Starter != -1 {
			t.Fatalf("%s: SetTrace left %+v", np.name, tr)
		}
		res := m.Play(rng.Derive(9, 3))
		if res != want.Result {
			t.Errorf("%s: traced play gives %+v, replay %+v", np.name, res, want.Result)
		}
		if !slices.Equal(tr.Events, want.Events) || tr.Starter != want.Starter || !slices.EqualFunc(tr.Hands, want.Hands, slices.Equal) {
			t.Errorf("%s: the trace differs from the replay's", np.name)
		}
		m.SetTrace(tr)
		if len(tr.Events) != 0 || tr.Hands != nil {
			t.Errorf("%s: a second SetTrace kept the old record", np.name)
		}
		m.SetTrace(nil)
		m.Play(rng.Derive(9, 3))
		if len(tr.Events) != 0 {
			t.Errorf("%s: SetTrace(nil) still records", np.name)
		}
	}

	p := load(t, seedGenome(t, "crazy-eights"))
	m := mustMachine(p, 2, []Policy{Greedy})
	tr := &Trace{}
	r := &recorder{tr: tr}
	m.SetPlayer(0, r)
	m.SetTrace(tr)
	m.Play(rng.Derive(1, 0))
	if len(r.seen) == 0 {
		t.Fatal("seat 0 never decided")
	}
	for i, n := range r.seen {
		if n == 0 || i > 0 && n < r.seen[i-1] {
			t.Fatalf("events seen at the decisions: %v", r.seen)
		}
	}
	if r.seen[len(r.seen)-1] >= len(tr.Events) {
		t.Errorf("the last decision saw all %d events of the game", len(tr.Events))
	}
}

// TestScored: a game keeps scores exactly when its genome scores something
// or ranks by score.
func TestScored(t *testing.T) {
	scored := 0
	for _, np := range vmSeeds(t) {
		g := seedGenome(t, np.name)
		want := !g.Score.IsZero() || g.End.Rank != cardrules.RankCards
		if np.p.Scored() != want {
			t.Errorf("%s: Scored() = %v, want %v", np.name, np.p.Scored(), want)
		}
		if want {
			scored++
		}
		if np.p.PileHands() != (g.Hand == cardrules.HandPile) {
			t.Errorf("%s: PileHands() = %v", np.name, np.p.PileHands())
		}
	}
	if scored == 0 {
		t.Error("no seed game keeps scores")
	}
}

// seedGenome returns a seed game's genome.
func seedGenome(tb testing.TB, name string) *genome.Genome {
	tb.Helper()
	g, err := genome.Seed(name)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// quitter is a Player that stops the game at its first decision and then
// answers every decision with the first option.
type quitter struct {
	m         *Machine
	decisions int
}

func (q *quitter) Choose(d *Decision) int {
	if q.decisions == 0 {
		q.m.Stop()
	}
	q.decisions++
	return 0
}

// TestStop: a player that stops the game at its first decision ends it at
// the end of that turn, as Aborted, and the machine plays the next game
// normally.
func TestStop(t *testing.T) {
	p := load(t, seedGenome(t, "crazy-eights"))
	m := mustMachine(p, 2, []Policy{Greedy})
	q := &quitter{m: m}
	m.SetPlayer(0, q)
	res := m.Play(rng.Derive(1, 0))
	if res.Winner != Aborted || res.Turns > 2 || q.decisions != 1 {
		t.Errorf("stopped game: %+v after %d decisions", res, q.decisions)
	}
	m.SetPlayer(0, nil)
	want := mustMachine(p, 2, []Policy{Random, Greedy}).Play(rng.Derive(1, 0))
	if got := m.Play(rng.Derive(1, 0)); got != want {
		t.Errorf("the game after a stopped one: %+v, want %+v", got, want)
	}
}

// TestSeatView: the view at the end of a game holds the seat's own hand,
// every seat's count, and nothing of the others' hands.
func TestSeatView(t *testing.T) {
	p := load(t, seedGenome(t, "crazy-eights"))
	m := mustMachine(p, 3, []Policy{Random})
	m.Play(rng.Derive(4, 0))
	total := 0
	for s := range 3 {
		v := m.SeatView(s)
		if v.Seat != s || v.Hand != m.hand[s] || int(v.Counts[s]) != bits.OnesCount64(v.Hand) {
			t.Errorf("seat %d: %+v", s, v)
		}
		total += int(v.Counts[s])
		if v.Top != int(m.disc[m.discN-1]) || v.Stock != m.stockN || v.Discard != m.discN {
			t.Errorf("seat %d: piles %+v", s, v)
		}
	}
	if total+m.stockN+m.discN != 52 {
		t.Errorf("counts %d + stock %d + discard %d do not make the deck", total, m.stockN, m.discN)
	}
}

// TestEveryEventWorded: each event kind has its words (String), none the
// fallback "event N".
func TestEveryEventWorded(t *testing.T) {
	for k := EvTurn; k <= EvSettle; k++ {
		if s := (Event{Kind: k}).String(); strings.HasPrefix(s, "event ") {
			t.Errorf("event kind %d is worded %q", k, s)
		}
	}
}
