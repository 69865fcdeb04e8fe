package genome_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// drawPokerGame parses testdata/betting/draw-poker.json, five-card draw
// with limit betting after pagat.com: a stake of 100 and an ante of 1, a
// bet of 2 and at most 3 raises, a draw of up to 3 cards, a showdown, 20
// deals and no phases.
func drawPokerGame(t testing.TB) *genome.Genome {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "betting", "draw-poker.json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := genome.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playFirst gives g a play phase that sheds any card, and makes the first
// player out win: betting before a game of play.
func playFirst(g *genome.Genome) {
	g.Turn = []genome.Phase{{Kind: cardrules.PhasePlay, Legal: &genome.Expr{Op: genome.OpTrue}}}
	g.End.Conditions = []genome.Condition{{When: cardrules.EventHandEmpty, Result: cardrules.ResultWin}}
	g.End.Until = cardrules.UntilFirstOut
}

// TestDescribeBettingGoldens: the rules texts of draw poker and of its
// variants (no draw, a blind, one deal, a game of play before which the
// seats bet, without a showdown) say the betting rounds, the draw and how
// the pot is won with the game's numbers; and they are the golden texts.
func TestDescribeBettingGoldens(t *testing.T) {
	for _, c := range []struct {
		name      string
		change    func(g *genome.Genome)
		want, not []string
	}{
		{"draw-poker", func(g *genome.Genome) {}, []string{
			"\nThere is no play: each deal is only its betting and a showdown (below).\n",
			"Scoring: Each player starts with 100 chips and puts 1 chip into the pot as each deal starts. The chips carry over from deal to deal. The pot is won as the betting says (below).",
			"\nBetting: As each deal starts, once the cards are dealt, a player who has no chips left folds at once. Then comes a round of betting. Each player still in who has chips left, in turn from the dealer's left, may fold (only when they owe chips to the pot), check or call",
			"or bet or raise (put in what they owe and 2 chips more, if they have more than that; the round allows one bet and at most 3 raises after it).",
			"Then comes the draw: each player still in, in turn from the dealer's left, may set aside up to 3 cards of their hand, face down and out of play, and draws as many from the stock (all it holds, if fewer). A second round of betting follows, from the dealer's left.",
			"There is no other play: the deal ends once the betting is over.",
			"Whenever only one player is still in, the deal ends at once and they take the pot. Otherwise, when the deal ends, the players still in show their hands and the best poker hand takes the pot",
			"Equal hands share the pot, the odd chips going to the first of them from the dealer's left. There are no side pots",
			"\nDeals: The game is played over 20 deals, or until at most one player has chips left; the most chips win. The deal passes to the left after each deal.\n",
		}, []string{"On your turn", "pool", "blind", "after the dealer starts"}},
		{"draw-poker-no-draw", func(g *genome.Genome) { g.Score.Betting.Draw = 0 }, []string{
			"the round allows one bet and at most 3 raises after it). The round ends once",
			"cannot win the pot. There is no other play",
		}, []string{"draw:", "second round"}},
		{"draw-poker-blind", func(g *genome.Genome) { g.Score.Betting.Blind, g.Score.Betting.Raises = 1, 0 }, []string{
			"The player on the dealer's left still in puts a blind of 1 chip into the pot: the round's first bet. Then each player still in who has chips left, in turn from the player after them, may fold",
			"the round allows one bet and no raise, the blind counting as the bet)",
			"A second round of betting follows, with no blind, from the dealer's left.",
		}, nil},
		{"draw-poker-one-deal", func(g *genome.Genome) { g.Match = nil }, []string{
			"puts 1 chip into the pot as the deal starts. The pot is won",
			"Betting: As the deal starts, once the cards are dealt, a player",
			"in turn from the first player, may fold",
			"the odd chips going to the first of them from the first player.",
		}, []string{"Deals:", "dealer", "carry over"}},
		{"draw-poker-play", func(g *genome.Genome) {
			playFirst(g)
			g.Score.Betting.Showdown = false
			g.Score.Chips.PerCard = 1
		}, []string{
			"\nPlay starts with the first player and passes to the left. On your turn:\n1. Play one card",
			"When a deal ends, each player puts 1 chip into the pot for each card left in their hand. The pot is won as the betting says (below).",
			"Betting: As each deal starts, once the cards are dealt, a player who has no chips left",
			"Then the deal is played as above. Whenever only one player is still in, the deal ends at once and they take the pot. Otherwise, when the deal ends, the first player to go out as a winner takes the pot (with none, it stays in the pot for the next deal).",
		}, []string{"showdown", "poker hand"}},
	} {
		g := drawPokerGame(t)
		g.Name = c.name
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d := g.Describe()
		for _, w := range c.want {
			if !strings.Contains(d, w) {
				t.Errorf("%s: the rules text lacks %q:\n%s", c.name, w, d)
			}
		}
		_, rules, _ := strings.Cut(d, "Players:") // (the summary may say what the rules may not)
		for _, w := range c.not {
			if strings.Contains(rules, w) {
				t.Errorf("%s: the rules text speaks of %q:\n%s", c.name, w, d)
			}
		}
		testkit.Golden(t, filepath.Join("testdata", "betting", c.name+".txt"), []byte(d))
	}
}

// TestDescribeBettingFields: what the game around the betting changes
// shows in its words: a pass, sets laid down, a starter whose effects
// fire, the payments for cards left with a showdown, a match's target in
// chips, with partnerships too; and a game without betting speaks of
// the pool, not the pot.
func TestDescribeBettingFields(t *testing.T) {
	for _, c := range []struct {
		what   string
		change func(g *genome.Genome)
		want   string
	}{
		{"bet 50", func(g *genome.Genome) { g.Score.Betting.Bet = cardrules.MaxBet },
			"bet or raise (put in what they owe and 50 chips more"},
		{"bet 1, blind 1", func(g *genome.Genome) { g.Score.Betting.Bet, g.Score.Betting.Blind = 1, 1 },
			"puts a blind of 1 chip into the pot: the round's first bet. Then each player still in who has chips left, in turn from the player after them, may fold (only when they owe chips to the pot), check or call (put in what they owe: the most any player has put in during the round, less what they have put in; all they have if that is less, and they are then all in), or bet or raise (put in what they owe and 1 chip more"},
		{"raises 1", func(g *genome.Genome) { g.Score.Betting.Raises = 1 },
			"the round allows one bet and at most 1 raise after it)"},
		{"draw 1", func(g *genome.Genome) { g.Score.Betting.Draw = 1 },
			"may set aside up to 1 card of their hand"},
		{"draw 5", func(g *genome.Genome) { g.Score.Betting.Draw = cardrules.MaxExchange },
			"may set aside up to 5 cards of their hand"},
		{"a pass", func(g *genome.Genome) {
			g.Match.Pass = &genome.PassRules{Count: 1, To: []genome.PassTo{cardrules.PassLeft}}
		}, "Betting: As each deal starts, once the cards are dealt (after the cards are passed), a player"},
		{"sets laid down", func(g *genome.Genome) { g.Meld = 2 },
			"once the cards are dealt (after any sets are laid down), a player"},
		{"per card with a showdown", func(g *genome.Genome) { g.Score.Chips.PerCard = 2 },
			"Otherwise, when the deal ends, after the payments for the cards left in hand, the players still in show their hands"},
		{"a target", func(g *genome.Genome) { g.Match.Target = 300 },
			"Deals: The game is played in deals until a player holds 300 chips, or at most one player has any, at most 20 deals; the most chips win."},
		{"a target with partnerships", func(g *genome.Genome) {
			g.Match.Target, g.Teams = 300, 2
			g.Seats = genome.Seats{Min: 4, Max: 4, Default: 4}
		}, "until a partnership's players hold 300 chips, or at most one player has any"},
		{"a starter that fires", func(g *genome.Genome) {
			playFirst(g)
			g.Deal.Starter, g.Deal.StarterFires = true, true
			g.Effects = []genome.Effect{{Rank: 5, Type: cardrules.SkipNext, Value: 1}}
		}, "once the cards are dealt (before the starter's effects apply), a player"},
		{"no betting", func(g *genome.Genome) {
			playFirst(g)
			g.Score.Betting = nil
		}, "Scoring: Each player starts with 100 chips and puts 1 chip into the pool as each deal starts. The chips carry over from deal to deal. Then the first player to go out as a winner takes the pool (with no such player it stays for the next deal)."},
	} {
		g := drawPokerGame(t)
		c.change(g)
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if d := g.Describe(); !strings.Contains(d, c.want) {
			t.Errorf("%s: the text lacks %q:\n%s", c.what, c.want, d)
		}
	}
}

// TestDescribeBettingDistinct: bettings that differ in any field read
// differently, in a game of play (where a showdown is optional) and in
// one deal.
func TestDescribeBettingDistinct(t *testing.T) {
	texts := map[string]string{}
	for _, one := range []bool{false, true} {
		for _, bet := range []int{1, 2, cardrules.MaxBet} {
			for _, raises := range []int{0, 1, cardrules.MaxRaises} {
				for _, blind := range []int{0, 1, 2} {
					for _, draw := range []int{0, 1, cardrules.MaxExchange} {
						for _, showdown := range []bool{false, true} {
							k := genome.Betting{Bet: bet, Raises: raises, Blind: blind, Draw: draw, Showdown: showdown}
							if blind > bet {
								continue
							}
							g := drawPokerGame(t)
							playFirst(g)
							g.Score.Betting = &k
							if one {
								g.Match = nil
							}
							if err := g.Validate(); err != nil {
								t.Fatalf("%+v: %v", k, err)
							}
							what := fmt.Sprintf("one deal %v, %+v", one, k)
							d := g.Describe()
							if other, ok := texts[d]; ok {
								t.Errorf("%s reads as %s", what, other)
							}
							texts[d] = what
						}
					}
				}
			}
		}
	}
}

// TestPropDescribeShowsBettingChange: in draw poker, as one deal or with
// a game of play after the betting, with any betting, a change of one
// field of the betting, or the betting taken away, that leaves the game
// valid and alters its canonical form changes its rules text and moves it
// away.
func TestPropDescribeShowsBettingChange(t *testing.T) {
	base := drawPokerGame(t)
	rapid.Check(t, func(t *rapid.T) {
		g := base.Clone()
		if rapid.Bool().Draw(t, "play") {
			playFirst(g)
		}
		if rapid.Bool().Draw(t, "one deal") {
			g.Match = nil
		}
		bet := rapid.IntRange(1, cardrules.MaxBet).Draw(t, "bet")
		g.Score.Betting = &genome.Betting{
			Bet:      bet,
			Raises:   rapid.IntRange(0, cardrules.MaxRaises).Draw(t, "raises"),
			Blind:    rapid.IntRange(0, bet).Draw(t, "blind"),
			Draw:     rapid.IntRange(0, cardrules.MaxExchange).Draw(t, "draw"),
			Showdown: len(g.Turn) == 0 || rapid.Bool().Draw(t, "showdown"),
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("%s: %v", g.CanonicalJSON(), err)
		}
		m := g.Clone()
		k := m.Score.Betting
		switch rapid.SampledFrom([]string{"bet", "raises", "blind", "draw", "showdown", "none"}).Draw(t, "field") {
		case "bet":
			k.Bet = rapid.IntRange(1, cardrules.MaxBet).Draw(t, "new bet")
		case "raises":
			k.Raises = rapid.IntRange(0, cardrules.MaxRaises).Draw(t, "new raises")
		case "blind":
			k.Blind = rapid.IntRange(0, k.Bet).Draw(t, "new blind")
		case "draw":
			k.Draw = rapid.IntRange(0, cardrules.MaxExchange).Draw(t, "new draw")
		case "showdown":
			k.Showdown = !k.Showdown
		case "none":
			m.Score.Betting = nil
			m.Score.Chips.Ante = max(m.Score.Chips.Ante, 1)
		}
		checkChangeShows(t, g, m, "the betting")
	})
}
