package reference

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/genome/genometest"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/native"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// The reference's own tests: its predicate walker, its deal, its internal
// consistency over many games (conservation after every phase, counts that
// match the events), agreement with the hand-written native games of
// package internal/native (a third implementation, written independently
// of both the VM and this package), and rule scenarios on hand-built
// states, each checked against the vm package doc.

// card reads a card's text; "Joker2" is the second joker (cardrules
// reads "Joker" as the first), and a trailing "'" names the second pack's
// copy ("7H'", "Joker2'").
func card(s string) genome.Card {
	if k := len(s) - 1; k > 0 && s[k] == '\'' {
		return card(s[:k]) + cardrules.PackStride
	}
	if s == "Joker2" {
		return cardrules.FirstJoker + 1
	}
	c, err := cardrules.ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

func cardsOf(ss ...string) []genome.Card {
	var out []genome.Card
	for _, s := range ss {
		out = append(out, card(s))
	}
	return out
}

func TestReferenceExpr(t *testing.T) {
	term := func(k genome.TermKind) genome.Term { return genome.Term{Kind: k} }
	rank := func(r string) genome.Term {
		x, _ := cardrules.ParseRank(r)
		return genome.Term{Kind: genome.TermRank, Value: uint8(x)}
	}
	suit := func(s string) genome.Term {
		x, _ := cardrules.ParseSuit(s)
		return genome.Term{Kind: genome.TermSuit, Value: uint8(x)}
	}
	cmp := genome.Compare
	cardRank, cardSuit := term(genome.TermCardRank), term(genome.TermCardSuit)
	topRank, topSuit := term(genome.TermTopRank), term(genome.TermTopSuit)
	// Top card 9S, active suit hearts (named after it), hearts played.
	v := func(c string) view { return view{card: card(c), top: card("9S"), active: 2, played: 1 << 2} }
	for _, tc := range []struct {
		e    genome.Expr
		card string
		want bool
	}{
		{genome.Expr{Op: genome.OpTrue}, "2C", true},
		{genome.Expr{Op: genome.OpFalse}, "2C", false},
		{cmp(genome.OpEq, cardSuit, topSuit), "3H", true}, // the active suit, not the top card's
		{cmp(genome.OpEq, cardSuit, topSuit), "3S", false},
		{cmp(genome.OpEq, cardRank, topRank), "9D", true},
		{cmp(genome.OpNe, cardRank, topRank), "9D", false},
		{cmp(genome.OpGt, cardRank, topRank), "AC", true}, // aces high
		{cmp(genome.OpLt, cardRank, topRank), "AC", false},
		{cmp(genome.OpLt, cardRank, rank("3")), "2C", true},
		{cmp(genome.OpGt, rank("10"), cardRank), "10C", false},
		{cmp(genome.OpEq, suit("clubs"), cardSuit), "10C", true},
		{genome.Played(2), "2C", true},
		{genome.Played(3), "2C", false}, // the top card's suit is not "played" by being on top
		{genome.Not(genome.Played(3)), "2C", true},
		{genome.Any(genome.Expr{Op: genome.OpFalse}, cmp(genome.OpEq, cardRank, rank("8"))), "8D", true},
		{genome.Any(genome.Expr{Op: genome.OpFalse}, cmp(genome.OpEq, cardRank, rank("8"))), "7D", false},
		{genome.All(genome.Expr{Op: genome.OpTrue}, cmp(genome.OpEq, cardRank, rank("8"))), "8D", true},
		{genome.All(genome.Expr{Op: genome.OpTrue}, cmp(genome.OpEq, cardRank, rank("8"))), "7D", false},
	} {
		if got := holds(&tc.e, v(tc.card)); got != tc.want {
			t.Errorf("%s on %s: %v, want %v", tc.e.Describe(), tc.card, got, tc.want)
		}
	}
}

// TestReferenceDeal: one ShuffleBytes of the deck in ascending order; the
// deal takes cards from the end of the shuffled array, one per seat
// round-robin from seat 0 (a pile: the first card dealt on top); the
// starter is the next card; the stock is the rest, its top card last.
func TestReferenceDeal(t *testing.T) {
	for _, name := range genome.SeedNames() {
		g := testkit.SeedGenome(t, name)
		for seed := range uint64(10) {
			n := g.Seats.Default
			src := rng.New(seed)
			var deck []uint8
			for _, c := range g.Deck.Cards() {
				deck = append(deck, uint8(c))
			}
			if !slices.IsSorted(deck) {
				t.Fatalf("%s: deck not ascending", name)
			}
			src.ShuffleBytes(deck)
			hands := make([][]genome.Card, n)
			k := len(deck)
			for s := 0; k > 0 && (g.Deal.All || len(hands[n-1]) < g.DealFor(n)); s = (s + 1) % n {
				k--
				hands[s] = append(hands[s], genome.Card(deck[k]))
			}
			lastDealt := genome.Card(deck[k])
			k -= g.Deal.Layout // (the layout comes off the stock's top)
			m := &game{g: g, n: n}
			m.setupGame(seed)
			if g.Meld > 0 || g.Passes() || g.Score.Contract != nil {
				continue // sets laid down, cards passed or bids made after the deal: checked by the consistency test
			}
			for s := range n {
				want := slices.Clone(hands[s])
				if g.Hand == cardrules.HandFan {
					slices.Sort(want)
				}
				if !slices.Equal(m.hands[s], want) {
					t.Fatalf("%s seed %d: seat %d holds %v, want %v", name, seed, s, m.hands[s], want)
				}
			}
			if g.Deal.Starter {
				// Turned again from the reshuffled stock while of a
				// banned rank (the deal leaves one of another rank).
				for slices.Contains(g.Deal.StarterNot, genome.Card(deck[k-1]).Rank()) {
					src.ShuffleBytes(deck[:k])
				}
				k--
				if len(m.discard) != 1 || m.discard[0] != genome.Card(deck[k]) || m.suit != m.discard[0].Suit() {
					t.Fatalf("%s seed %d: discard pile %v, want the starter %v", name, seed, m.discard, genome.Card(deck[k]))
				}
			}
			var stock []genome.Card
			for _, c := range deck[:k] {
				stock = append(stock, genome.Card(c))
			}
			if !slices.Equal(m.stock, stock) {
				t.Fatalf("%s seed %d: stock %v, want %v", name, seed, m.stock, stock)
			}
			if m.trump != int(lastDealt.Suit()) {
				t.Fatalf("%s seed %d: trump %d, want the suit of the last card dealt %v", name, seed, m.trump, lastDealt)
			}
			if src != m.src {
				t.Fatalf("%s seed %d: the deal drew more than one ShuffleBytes", name, seed)
			}
		}
	}
}

// consistent plays game seed of g at seats checked (conservation after the
// deal and after every phase) and reports a result that disagrees with the
// game's own events or rules.
func consistent(g *genome.Genome, seats int, seed uint64) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	if seats == 0 {
		seats = g.Seats.Default
	}
	m := &game{g: g, n: seats, check: true}
	m.setupGame(seed)
	r, evs := m.run()
	var want Result
	want.Winner, want.WinMask, want.LeadChanges, want.Interactions = r.Winner, r.WinMask, r.LeadChanges, r.Interactions
	// A fizzle leaves no event of its own (an effect that moved nothing
	// may be followed at once by a draw phase's draw), so only its bound
	// is checked below.
	want.Blocked, want.Fizzled = r.Blocked, r.Fizzled
	answered := false // an answer whose chain has not closed yet
	resolved := 0     // delayed effects resolving (each may fizzle)
	want.Deals = 1
	for _, e := range evs {
		switch e.Kind {
		case EvTurn:
			if answered {
				return fmt.Errorf("turn %d starts with a chain still open", want.Turns+1)
			}
			want.Turns++
		case EvDraw:
			if e.N == 0 { // (not a card dealt again)
				want.Draws++
			}
		case EvPass:
			want.Passes++
		case EvPlay:
			want.Plays++
		case EvEffect:
			want.Effects[e.Card]++
		case EvResolve:
			resolved++
		case EvCapture:
			want.Captures++
		case EvClimb:
			// A climb play's N cards (each an EvPlay) are one play.
			want.Plays -= e.N - 1
		case EvDeal:
			if e.N != want.Deals {
				return fmt.Errorf("%v: deal %d follows deal %d", e, e.N, want.Deals-1)
			}
			want.Deals++
		case EvRespond:
			want.Responses++
			answered = true
		case EvChain:
			answered = false
			if e.Seat < 0 {
				want.Cancelled++
			}
			if (e.Seat < 0 && e.N != 0) || (e.Seat >= 0 && e.N < 1) {
				return fmt.Errorf("%v: a negated effect has no amount, any other at least 1", e)
			}
		case EvDecision:
			want.Decisions++
			want.Options += e.Options
			if e.Options == 1 {
				want.Forced++
			} else if !e.Blind {
				want.Informed++
			}
			if e.Choice < 0 || e.Choice >= e.Options {
				return fmt.Errorf("decision %v", e)
			}
		}
	}
	stuck := g.MeldPhase() >= 0 && g.Reshuffle
	switch {
	case answered && r.Winner == Capped:
		return fmt.Errorf("capped with a chain still open")
	case r != want:
		return fmt.Errorf("result %+v, events say %+v", r, want)
	case r.Winner == Aborted:
		return fmt.Errorf("aborted")
	case r.Winner >= seats || r.Winner < Tie:
		return fmt.Errorf("winner %d", r.Winner)
	case r.Winner >= 0 && r.WinMask&(1<<r.Winner) == 0, r.Winner < 0 && r.WinMask != 0, r.WinMask>>seats != 0:
		return fmt.Errorf("winner %d with win mask %08b", r.Winner, r.WinMask)
	case r.Winner == Capped && r.Turns != g.TurnCap, r.Turns > g.TurnCap:
		return fmt.Errorf("winner %d after %d turns of at most %d", r.Winner, r.Turns, g.TurnCap)
	case r.Blocked && (!stuck && g.End.Blocked == 0 || r.Winner == Capped || !stuck && r.Passes < g.End.Blocked+1):
		// (A meld game's deal that a whole stock leaves stuck ends
		// blocked too.)
		return fmt.Errorf("blocked with end.blocked %d, winner %d after %d passes", g.End.Blocked, r.Winner, r.Passes)
	case r.Blocked && !stuck && !endsWithPass(evs):
		return fmt.Errorf("blocked, but the last event (but the ends of active effects, chips paid, the layout gathered, the won cards compared and the deadwood scored) is not a pass")
	case r.Fizzled < 0 || r.Fizzled > r.Effects[cardrules.DrawCards]+r.Effects[cardrules.ForceDiscard]+resolved:
		return fmt.Errorf("%d fizzled of %d draw and %d discard effects and %d resolutions", r.Fizzled, r.Effects[cardrules.DrawCards], r.Effects[cardrules.ForceDiscard], resolved)
	case r.Responses > 0 && g.Responses.IsZero(), r.Cancelled > r.Responses:
		return fmt.Errorf("%d responses and %d effects cancelled in a game with responses %+v", r.Responses, r.Cancelled, g.Responses)
	case r.Captures > 0 && !g.HasPhase(cardrules.PhaseTurnUp):
		return fmt.Errorf("%d captures in a game without a turn_up phase", r.Captures)
	}
	return nil
}

// endsWithPass reports whether the last event of evs, but the ends of
// active effects at the end of the last turn, the chips settled and the
// deal's-end scores (contracts, the layout's cards gathered, the won
// cards compared, the deadwood), is a pass.
func endsWithPass(evs []Event) bool {
	i := len(evs) - 1
	for i >= 0 && (evs[i].Kind == EvLastEnd || evs[i].Kind == EvChips || evs[i].Kind == EvTally || evs[i].Kind == EvDeadwood || evs[i].Kind == EvOutScore || evs[i].Kind == EvContract || evs[i].Kind == EvCollect && evs[i].N == 1) {
		i--
	}
	return i >= 0 && evs[i].Kind == EvPass
}

func TestReferenceConsistentSeeds(t *testing.T) {
	games := 30
	if !testing.Short() {
		games = 300
	}
	for _, name := range genome.SeedNames() {
		g := testkit.SeedGenome(t, name)
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				if err := consistent(g, seats, rng.Derive(5, i)); err != nil {
					t.Fatalf("%s, %d seats, game %d: %v", name, seats, i, err)
				}
			}
		}
	}
}

// openSpielEights is crazy-eights with OpenSpiel's rules: draws by choice,
// up to 5 a turn; passing once no more can be drawn; the starter never an
// 8; the stock refilled at once; blocked after players + 1 passes in a row.
func openSpielEights(t *testing.T) *genome.Genome {
	g := testkit.SeedGenome(t, "crazy-eights")
	p := &g.Turn[0]
	p.Draw, p.Pass, p.DrawMax = cardrules.DrawByChoice, cardrules.PassAfterDraws, 5
	g.Deal.StarterNot = []genome.Rank{6}
	g.ReshuffleAtOnce = true
	g.End.Blocked = 2
	g.TurnCap = 2000
	return g
}

// TestReferenceConsistentRules: the consistency check over seed games with
// the play rules, the starter rules, reshuffling at once and the blocked
// end switched on, alone and together.
func TestReferenceConsistentRules(t *testing.T) {
	games, long := 5, 40
	if !testing.Short() {
		games, long = 100, 1000
	}
	type variant struct {
		name   string
		seed   string
		change func(g *genome.Genome)
	}
	var vs []variant
	for _, seed := range []string{"crazy-eights", "uno-style"} {
		for pass := range cardrules.NumPassRules {
			for _, drawn := range []bool{false, true} {
				vs = append(vs, variant{fmt.Sprintf("by choice, pass %v, play_drawn %v", pass, drawn), seed, func(g *genome.Genome) {
					g.Turn[0].Draw, g.Turn[0].Pass, g.Turn[0].PlayDrawn = cardrules.DrawByChoice, pass, drawn
				}})
			}
			vs = append(vs, variant{fmt.Sprintf("when stuck, pass %v, blocked 1", pass), seed, func(g *genome.Genome) {
				g.Turn[0].Pass, g.End.Blocked = pass, 1
			}})
		}
		vs = append(vs,
			variant{"at once", seed, func(g *genome.Genome) { g.ReshuffleAtOnce = true }},
			variant{"starter not 8 or J", seed, func(g *genome.Genome) { g.Deal.StarterNot = []genome.Rank{6, 9} }},
			variant{"starter fires", seed, func(g *genome.Genome) { g.Deal.StarterFires = true }},
			variant{"no reshuffle, blocked 3", seed, func(g *genome.Genome) { g.Reshuffle, g.End.Blocked = false, 3 }},
			variant{"everything", seed, func(g *genome.Genome) {
				g.Turn[0].Draw, g.Turn[0].Pass, g.Turn[0].DrawMax = cardrules.DrawByChoice, cardrules.PassEmptyStock, 2
				g.ReshuffleAtOnce, g.Deal.StarterFires, g.End.Blocked = true, true, 1
				g.Deal.StarterNot = []genome.Rank{0}
			}},
		)
	}
	for _, v := range vs {
		g := testkit.SeedGenome(t, v.seed)
		v.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s, %s: %v", v.seed, v.name, err)
		}
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				if err := consistent(g, seats, rng.Derive(7, i)); err != nil {
					t.Fatalf("%s, %s, %d seats, game %d: %v", v.seed, v.name, seats, i, err)
				}
			}
		}
	}
	g := openSpielEights(t)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, seats := range []int{2, 4} {
		var draws, passes int
		for i := range uint64(long) {
			seed := rng.Derive(8, i)
			if err := consistent(g, seats, seed); err != nil {
				t.Fatalf("OpenSpiel's rules, %d seats, game %d: %v", seats, i, err)
			}
			r, _ := Play(g, seats, nil, seed)
			draws, passes = draws+r.Draws, passes+r.Passes
		}
		// Random seats draw by choice often: far more draws than games.
		if draws < long*10 || passes == 0 {
			t.Errorf("OpenSpiel's rules, %d seats: %d draws, %d passes in %d games", seats, draws, passes, long)
		}
	}
}

func TestReferenceConsistentGenomes(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g := genometest.Genome().Draw(rt, "genome")
		g.TurnCap = min(g.TurnCap, 500)
		seats := rapid.IntRange(g.Seats.Min, g.Seats.Max).Draw(rt, "seats")
		seed := rapid.Uint64().Draw(rt, "seed")
		if err := consistent(g, seats, seed); err != nil {
			rt.Fatalf("%s\n%d seats, seed %#x: %v", g.CanonicalJSON(), seats, seed, err)
		}
	})
}

// TestReferenceNativeGames: the native games of package internal/native,
// written by hand from the same rules, play the same games as the
// reference: the same winner, turns, decisions, plays and effect firings.
func TestReferenceNativeGames(t *testing.T) {
	games := 200
	if !testing.Short() {
		games = 2000
	}
	for _, tc := range []struct {
		name   string
		native func(seed uint64, seats int) native.Outcome
	}{
		{"crazy-eights", native.PlayCrazyEights},
		{"uno-style", native.PlayUno},
		{"war", native.PlayWar},
		{"hearts", native.PlayHearts},
	} {
		g := testkit.SeedGenome(t, tc.name)
		for seats := g.Seats.Min; seats <= g.Seats.Max; seats++ {
			for i := range uint64(games) {
				seed := rng.Derive(9, i)
				nat := tc.native(seed, seats)
				r, _ := Play(g, seats, nil, seed)
				got := native.Outcome{Winner: r.Winner, Turns: r.Turns, Decisions: r.Decisions, Plays: r.Plays, Effects: r.Effects}
				if got != nat {
					t.Fatalf("%s, %d seats, seed %#x:\nreference %v\nnative    %v", tc.name, seats, seed, got, nat)
				}
			}
		}
	}
}
