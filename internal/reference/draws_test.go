package reference

import (
	"fmt"
	"slices"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
)

// Scenarios of the play phase's draws and passes and of the blocked end,
// worked out by hand from the rules of voluntary draws and passes.

// steer gives m a fresh random source whose next IntN draws choose as
// picks say: picks[i] = {options, choice}. The scenarios use it to make a
// random seat take the branch they test.
func steer(t *testing.T, m *game, picks ...[2]int) {
	t.Helper()
	for seed := range uint64(100_000) {
		src := rng.New(seed)
		ok := true
		for _, p := range picks {
			if src.IntN(p[0]) != p[1] {
				ok = false
				break
			}
		}
		if ok {
			m.src = rng.New(seed)
			return
		}
	}
	t.Fatalf("no seed below 100000 makes the choices %v", picks)
}

// traceOf renders m's events compactly: "decide seat choice/options",
// "draw seat card", "play seat card", "pass seat", "reshuffle n",
// "effect seat type value" (then "when trigger" for a trigger other than
// played), "name-suit seat suit", "respond seat card
// ability", "chain seat amount", "lose-turn seat", "active source type left
// seats param value", "ends source type seats param value", "rule index
// type seats param value", "resolve source type seats value", "layout seat
// card", "collect seat card n", "sweep seat points", and so on (an
// effect's "at point" when it resolves later).
func traceOf(m *game) []string {
	var out []string
	for _, e := range m.events {
		var s string
		switch e.Kind {
		case EvDecision:
			s = fmt.Sprintf("decide %d %d/%d", e.Seat, e.Choice, e.Options)
		case EvDraw, EvPlay, EvDiscard:
			s = fmt.Sprintf("%v %d %v", e.Kind, e.Seat, genome.Card(e.Card))
		case EvPass:
			s = fmt.Sprintf("pass %d", e.Seat)
		case EvReshuffle:
			s = fmt.Sprintf("reshuffle %d", e.N)
		case EvEffect:
			s = fmt.Sprintf("effect %d %v %d", e.Seat, genome.EffectType(e.Card), e.N&0xff)
			if w := cardrules.Trigger(e.N >> 16 & 0xf); w != cardrules.Played {
				s += " when " + w.String()
			}
			if at := cardrules.Resolve(e.N >> 20); at != cardrules.ResolveNow {
				s += " at " + at.String()
			}
		case EvNameSuit:
			s = fmt.Sprintf("name-suit %d %v", e.Seat, genome.Suit(e.Card))
		case EvTurn:
			s = fmt.Sprintf("turn %d seat %d", e.N, e.Seat)
		case EvOut:
			s = fmt.Sprintf("out %d %d", e.Seat, e.Card)
		case EvRespond:
			s = fmt.Sprintf("respond %d %v %v", e.Seat, genome.Card(e.Card), genome.Ability(e.N))
		case EvChain:
			s = fmt.Sprintf("chain %d %d", e.Seat, e.N)
		case EvLoseTurn:
			s = fmt.Sprintf("lose-turn %d", e.Seat)
		case EvActive:
			s = fmt.Sprintf("active %d %v left %d seats %b p %d v %d", e.Seat, genome.EffectType(e.Card),
				e.N&0xff, e.N>>8&0xff, e.N>>16&0xff, e.N>>24)
		case EvLastEnd:
			s = fmt.Sprintf("ends %d %v seats %b p %d v %d", e.Seat, genome.EffectType(e.Card), e.N>>8&0xff, e.N>>16&0xff, e.N>>24)
		case EvRule:
			s = fmt.Sprintf("rule %d %v seats %b p %d v %d", e.Seat, genome.EffectType(e.Card), e.N>>8&0xff, e.N>>16&0xff, e.N>>24)
			if e.N&0xff != noTurnsLeft {
				s += fmt.Sprintf(" left %d", e.N&0xff)
			}
		case EvResolve:
			s = fmt.Sprintf("resolve %d %v seats %b v %d", e.Seat, genome.EffectType(e.Card), e.N&0xff, e.N>>8)
		case EvWait:
			s = fmt.Sprintf("wait %d %v seats %b v %d", e.Seat, genome.EffectType(e.Card), e.N&0xff, e.N>>8)
		case EvLayout:
			s = fmt.Sprintf("layout %d %v", e.Seat, genome.Card(e.Card))
		case EvCollect:
			s = fmt.Sprintf("collect %d %v %d", e.Seat, genome.Card(e.Card), e.N)
		case EvSweep:
			s = fmt.Sprintf("sweep %d %d", e.Seat, e.N)
		default:
			s = e.String()
		}
		out = append(out, s)
	}
	return out
}

func checkTrace(t *testing.T, name string, m *game, want ...string) {
	t.Helper()
	if got := traceOf(m); !slices.Equal(got, want) {
		t.Errorf("%s: events\n  %q\nwant\n  %q", name, got, want)
	}
}

// drawGenome is shedGenome (follow the active suit, one card dealt, first
// out wins) with the play phase's draw rule, pass rule, draw limit and
// play_drawn set.
func drawGenome(draw genome.DrawRule, pass genome.PassRule, drawMax int, playDrawn bool) *genome.Genome {
	g := shedGenome()
	p := &g.Turn[0]
	p.Draw, p.Pass, p.DrawMax, p.PlayDrawn = draw, pass, drawMax, playDrawn
	return g
}

// counts is the part of a Result the play phase scenarios check.
type counts struct{ decisions, options, forced, informed, draws, passes, plays int }

func countsOf(r Result) counts {
	return counts{r.Decisions, r.Options, r.Forced, r.Informed, r.Draws, r.Passes, r.Plays}
}

// TestReferenceVoluntaryDraw: with draw by_choice a seat holding a playable
// card may draw instead, as one option of its decision (after the cards);
// having drawn its limit it is left with its cards. When stuck (the
// default) a seat with a playable card never draws.
func TestReferenceVoluntaryDraw(t *testing.T) {
	l := layout{hands: [][]string{{"5H"}, {"2C", "3C"}}, stock: []string{"2S", "3S"}, disc: []string{"9H"}}
	g := drawGenome(cardrules.DrawByChoice, cardrules.PassNever, 1, false)

	m := lab(t, g, 2, l)
	steer(t, m, [2]int{2, 1})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "draw", m, "decide 0 1/2", "draw 0 3S", "decide 0 0/1", "play 0 5H")
	if got, want := countsOf(m.res), (counts{decisions: 2, options: 3, forced: 1, informed: 1, draws: 1, plays: 1}); got != want {
		t.Errorf("draw: counts %+v, want %+v", got, want)
	}
	if got := pileOf(m, 0); !slices.Equal(got, []string{"3S"}) {
		t.Errorf("draw: seat 0 holds %v, want the card drawn", got)
	}

	m = lab(t, g, 2, l)
	steer(t, m, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "play", m, "decide 0 0/2", "play 0 5H", "out 0 0")

	// A drawn card that is playable joins the options with the rest of
	// the hand.
	g2 := drawGenome(cardrules.DrawByChoice, cardrules.PassNever, 2, false)
	m = lab(t, g2, 2, layout{hands: [][]string{{"5H"}, {"2C"}}, stock: []string{"2S", "3H"}, disc: []string{"9H"}})
	steer(t, m, [2]int{2, 1}, [2]int{3, 0})
	m.playPhase(0, &g2.Turn[0])
	checkTrace(t, "drawn card playable", m, "decide 0 1/2", "draw 0 3H", "decide 0 0/3", "play 0 3H")

	when := drawGenome(cardrules.DrawWhenStuck, cardrules.PassNever, 1, false)
	m = lab(t, when, 2, l)
	m.playPhase(0, &when.Turn[0])
	checkTrace(t, "when stuck", m, "decide 0 0/1", "play 0 5H", "out 0 0")
}

// TestReferencePassRules: which options a decision offers under each pass
// rule, and the pass without a decision when there is no option at all.
func TestReferencePassRules(t *testing.T) {
	stuck := layout{hands: [][]string{{"5C"}, {"2C"}}, stock: []string{"2S", "3S", "4S"}, disc: []string{"9H"}}
	holds := layout{hands: [][]string{{"5H"}, {"2C"}}, stock: []string{"2S", "3S", "4S"}, disc: []string{"9H"}}
	dry := layout{hands: [][]string{{"5H"}, {"2C"}}, disc: []string{"9H"}}
	for _, tc := range []struct {
		name      string
		draw      genome.DrawRule
		pass      genome.PassRule
		drawMax   int
		reshuffle bool
		l         layout
		picks     [][2]int
		want      []string
		counts    counts
	}{
		{
			name: "after_draws: passing only once the limit is drawn", draw: cardrules.DrawByChoice, pass: cardrules.PassAfterDraws, drawMax: 2, l: stuck,
			want:   []string{"decide 0 0/1", "draw 0 4S", "decide 0 0/1", "draw 0 3S", "decide 0 0/1", "pass 0"},
			counts: counts{decisions: 3, options: 3, forced: 3, draws: 2, passes: 1},
		},
		{
			name: "never: no option left, a pass without a decision", draw: cardrules.DrawByChoice, pass: cardrules.PassNever, drawMax: 2, l: stuck,
			want:   []string{"decide 0 0/1", "draw 0 4S", "decide 0 0/1", "draw 0 3S", "pass 0"},
			counts: counts{decisions: 2, options: 2, forced: 2, draws: 2, passes: 1},
		},
		{
			name: "empty_stock: not while a card can be drawn", draw: cardrules.DrawByChoice, pass: cardrules.PassEmptyStock, drawMax: 2, l: stuck,
			want:   []string{"decide 0 0/1", "draw 0 4S", "decide 0 0/1", "draw 0 3S", "pass 0"},
			counts: counts{decisions: 2, options: 2, forced: 2, draws: 2, passes: 1},
		},
		{
			name: "always: drawing and passing from the start", draw: cardrules.DrawByChoice, pass: cardrules.PassAlways, drawMax: 2, l: stuck,
			picks:  [][2]int{{2, 1}},
			want:   []string{"decide 0 1/2", "pass 0"},
			counts: counts{decisions: 1, options: 2, informed: 1, passes: 1},
		},
		{
			name: "after_draws with a playable card: the card and a draw, then the card and a pass", draw: cardrules.DrawByChoice, pass: cardrules.PassAfterDraws, drawMax: 1, l: holds,
			picks:  [][2]int{{2, 1}, {2, 1}},
			want:   []string{"decide 0 1/2", "draw 0 4S", "decide 0 1/2", "pass 0"},
			counts: counts{decisions: 2, options: 4, informed: 2, draws: 1, passes: 1},
		},
		{
			name: "empty_stock with nothing to draw, before any draw", draw: cardrules.DrawByChoice, pass: cardrules.PassEmptyStock, drawMax: 2, l: dry,
			picks:  [][2]int{{2, 1}},
			want:   []string{"decide 0 1/2", "pass 0"},
			counts: counts{decisions: 1, options: 2, informed: 1, passes: 1},
		},
		{
			name: "empty_stock while the discard pile can be reshuffled", draw: cardrules.DrawByChoice, pass: cardrules.PassEmptyStock, drawMax: 2, reshuffle: true,
			l:      layout{hands: [][]string{{"5H"}, {"2C"}}, disc: []string{"8D", "9H"}},
			picks:  [][2]int{{2, 0}},
			want:   []string{"decide 0 0/2", "play 0 5H", "out 0 0"},
			counts: counts{decisions: 1, options: 2, informed: 1, plays: 1},
		},
		{
			name: "after_draws with nothing to draw", draw: cardrules.DrawByChoice, pass: cardrules.PassAfterDraws, drawMax: 2, l: dry,
			picks:  [][2]int{{2, 1}},
			want:   []string{"decide 0 1/2", "pass 0"},
			counts: counts{decisions: 1, options: 2, informed: 1, passes: 1},
		},
		{
			name: "when stuck with passing always: the automatic draw, then a forced pass", draw: cardrules.DrawWhenStuck, pass: cardrules.PassAlways, drawMax: 1, l: stuck,
			want:   []string{"draw 0 4S", "decide 0 0/1", "pass 0"},
			counts: counts{decisions: 1, options: 1, forced: 1, draws: 1, passes: 1},
		},
		{
			name: "when stuck with passing always and a playable card", draw: cardrules.DrawWhenStuck, pass: cardrules.PassAlways, drawMax: 1, l: holds,
			picks:  [][2]int{{2, 0}},
			want:   []string{"decide 0 0/2", "play 0 5H", "out 0 0"},
			counts: counts{decisions: 1, options: 2, informed: 1, plays: 1},
		},
	} {
		g := drawGenome(tc.draw, tc.pass, tc.drawMax, false)
		g.Reshuffle = tc.reshuffle
		m := lab(t, g, 2, tc.l)
		if len(tc.picks) > 0 {
			steer(t, m, tc.picks...)
		}
		m.playPhase(0, &g.Turn[0])
		checkTrace(t, tc.name, m, tc.want...)
		if got := countsOf(m.res); got != tc.counts {
			t.Errorf("%s: counts %+v, want %+v", tc.name, got, tc.counts)
		}
	}
}

// TestReferencePlayDrawn: with play_drawn, once a seat has drawn only the
// card it drew last may be played; a drawn card that is not legal leaves
// it only further draws or a pass.
func TestReferencePlayDrawn(t *testing.T) {
	l := layout{hands: [][]string{{"7H", "5C"}, {"2C"}}, stock: []string{"4C", "3H"}, disc: []string{"9H"}}
	g := drawGenome(cardrules.DrawByChoice, cardrules.PassNever, 2, true)

	m := lab(t, g, 2, l)
	steer(t, m, [2]int{2, 1}, [2]int{2, 0})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "play the card drawn", m, "decide 0 1/2", "draw 0 3H", "decide 0 0/2", "play 0 3H")

	m = lab(t, g, 2, l)
	steer(t, m, [2]int{2, 1}, [2]int{2, 1})
	m.playPhase(0, &g.Turn[0])
	checkTrace(t, "draw again", m, "decide 0 1/2", "draw 0 3H", "decide 0 1/2", "draw 0 4C", "pass 0")
	if got := pileOf(m, 0); !slices.Equal(got, []string{"4C", "5C", "3H", "7H"}) {
		t.Errorf("draw again: seat 0 holds %v, want every card (hearts legal but not drawn last)", got)
	}

	// Without play_drawn the whole hand's legal cards remain.
	free := drawGenome(cardrules.DrawByChoice, cardrules.PassNever, 2, false)
	m = lab(t, free, 2, l)
	steer(t, m, [2]int{2, 1}, [2]int{3, 1})
	m.playPhase(0, &free.Turn[0])
	checkTrace(t, "without play_drawn", m, "decide 0 1/2", "draw 0 3H", "decide 0 1/3", "play 0 7H")
}

// playOut runs turns from m's state until the game is over or has played
// limit turns.
func playOut(m *game, limit int) {
	for !m.over && m.res.Turns < limit {
		m.turn()
	}
}

// TestReferenceBlocked: passes in a row while nothing can be drawn end the
// game at the seats still in + blocked - 1; the game is ranked as any
// finished game. A card played in a play phase ends the run, and passes
// while a card can be drawn never count.
func TestReferenceBlocked(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		n, blocked            int
		hands                 [][]string
		stock                 []string
		winsOut               int // a seat put out as a winner before play, or -1
		until                 genome.Until
		turns, passes, winner int
		wantBlocked           bool
	}{
		{"three seats stuck", 3, 1, [][]string{{"2C"}, {"3C", "4C"}, {"5D", "6D"}}, nil, -1, cardrules.UntilFirstOut, 3, 3, 0, true},
		{"one more pass", 3, 2, [][]string{{"2C"}, {"3C", "4C"}, {"5D", "6D"}}, nil, -1, cardrules.UntilFirstOut, 4, 4, 0, true},
		{"a play ends the run", 2, 1, [][]string{{"2C", "5C"}, {"3H", "4C"}}, nil, -1, cardrules.UntilFirstOut, 4, 3, 1, true},
		{"a seat out as a winner ranks first", 4, 1, [][]string{{"2C"}, {"3C", "4C"}, {"5D", "6D"}, nil}, nil, 3, cardrules.UntilOneLeft, 3, 3, 3, true},
		{"a card can be drawn: never blocked", 2, 1, [][]string{{"2C"}, {"3C"}}, []string{"2S"}, -1, cardrules.UntilFirstOut, 12, 12, Capped, false},
	} {
		g := drawGenome(cardrules.DrawWhenStuck, cardrules.PassNever, 0, false)
		g.Reshuffle = false
		g.End.Blocked, g.End.Until = tc.blocked, tc.until
		m := lab(t, g, tc.n, layout{hands: tc.hands, stock: tc.stock, disc: []string{"9H"}})
		if tc.winsOut >= 0 {
			m.goOut(tc.winsOut, cardrules.ResultWin)
			m.cur = 0
		}
		playOut(m, 12)
		winner := Capped
		if m.over {
			winner, _ = m.ranking()
		}
		if m.res.Turns != tc.turns || m.res.Passes != tc.passes || winner != tc.winner || m.res.Blocked != tc.wantBlocked || m.over != tc.wantBlocked {
			t.Errorf("%s: %d turns, %d passes, winner %d, blocked %v (over %v); want %d, %d, %d, %v",
				tc.name, m.res.Turns, m.res.Passes, winner, m.res.Blocked, m.over, tc.turns, tc.passes, tc.winner, tc.wantBlocked)
		}
	}

	// The whole game through Play: a blocked game's result says so and
	// names the seat with the fewest cards.
	g := drawGenome(cardrules.DrawWhenStuck, cardrules.PassNever, 3, false)
	g.Reshuffle = false
	g.Deal.Cards = 12
	g.End.Blocked = 1
	blocked := 0
	for seed := range uint64(200) {
		r, evs := Play(g, 4, nil, seed)
		if !r.Blocked {
			continue
		}
		blocked++
		if err := consistent(g, 4, seed); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// The game ends on the fourth pass in a row (4 seats, blocked 1),
		// with only turns between them.
		passes := 0
		for _, e := range slices.Backward(evs) {
			if e.Kind != EvTurn && e.Kind != EvPass {
				break
			}
			if e.Kind == EvPass {
				passes++
			}
		}
		if passes < 4 || evs[len(evs)-1].Kind != EvPass {
			t.Fatalf("seed %d: blocked after %d passes in a row, ending on %v", seed, passes, evs[len(evs)-1])
		}
	}
	if blocked == 0 {
		t.Errorf("no game of 200 ended blocked")
	}
}

// TestReferenceDrawsCounted: Result.Draws counts the cards drawn by a play
// phase, a draw effect and a draw phase alike.
func TestReferenceDrawsCounted(t *testing.T) {
	g := shedGenome(effect("2", cardrules.DrawCards, cardrules.TargetNext, 2))
	g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
	m := lab(t, g, 2, layout{hands: [][]string{{"2H", "3C"}, {"4C", "5C"}}, stock: []string{"2S", "3S", "4S", "5S", "6S"}, disc: []string{"9H"}})
	m.turn() // seat 0 plays 2H (seat 1 draws 2), then draws 1
	m.turn() // seat 1 is stuck: draws 1 (draw_max), passes, then draws 1
	if m.res.Draws != 5 || len(m.eventsOf(EvDraw)) != 5 || len(m.stock) != 0 {
		t.Errorf("draws %d (%d events), stock %d; want 5, 5, 0", m.res.Draws, len(m.eventsOf(EvDraw)), len(m.stock))
	}
}
