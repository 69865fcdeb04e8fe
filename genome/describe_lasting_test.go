package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// lasting returns e with lasting l.
func lasting(e genome.Effect, l genome.Lasting) genome.Effect {
	e.Lasts = l
	return e
}

// turnsFor is a duration of n turns.
func turnsFor(n int) genome.Lasting { return genome.Lasting{For: cardrules.ForTurns, Turns: n} }

// A lasting effect reads as whom it holds over, what it does to them and
// for how long, in the words of the game: a lock or a ban names the suit
// of the card that set it off ("the 7's suit"), or the one suit the effect
// names, and the rank by its plural; a draw limit, a bonus (on what the
// game scores) and a suppression name their value or type; a team scope
// adds the partners, a scope of everyone names every player; a duration
// of turns counts the turns after the one it starts in, one until the
// source's turn names the player who set it off, one of a trick the trick
// under way (or the next one where cards are also played outside tricks),
// one of the deal the rest of the game. An effect set off by an event
// counts its targets from the player the event happened to, who is then
// the player whose turn ends it.
func TestDescribeLasting(t *testing.T) {
	next := cardrules.TargetNext
	checkEffectLines(t, []effectLine{
		{"lock_suit until the source's turn", "uno-style", nil,
			lasting(genome.Effect{Rank: 5, Type: cardrules.LockSuit, Target: next}, genome.Lasting{For: cardrules.UntilSourceTurn}),
			"7: the next player may play only cards of the 7's suit until the move next comes to the player who played it"},
		{"ban_rank for turns", "uno-style", nil,
			lasting(genome.Effect{Rank: 9, Type: cardrules.BanRank, Target: cardrules.TargetAllOpponents}, turnsFor(2)),
			"J: every opponent may not play jacks for the rest of the turn and 2 more turns"},
		{"lock_rank for one turn", "crazy-eights", nil,
			lasting(genome.Effect{Rank: 12, Type: cardrules.LockRank, Target: cardrules.TargetSelf}, turnsFor(1)),
			"A: the player may play only aces for the rest of the turn and 1 more turn"},
		{"ban_suit of a suit trigger", "uno-style", nil,
			lasting(genome.Effect{Rank: 3, Suit: cardrules.TriggerOn(2), Type: cardrules.BanSuit, Target: cardrules.TargetPrevious}, genome.Lasting{For: cardrules.UntilDealEnd}),
			"5 of hearts: the previous player may not play hearts for the rest of the game"},
		{"lock_suit in a trick", "whist", nil,
			lasting(genome.Effect{Rank: 11, Type: cardrules.LockSuit, Target: cardrules.TargetRandomOpponent}, genome.Lasting{For: cardrules.UntilTrickEnd}),
			"K: a randomly chosen opponent may play only cards of the king's suit until the end of the trick"},
		{"trick duration of an event", "whist", func(g *genome.Genome) {
			g.Deal.Cards, g.Deal.All = 10, false
			g.Turn = append(g.Turn, genome.Phase{Kind: cardrules.PhaseDraw, Count: 1})
		},
			lasting(genome.Effect{Rank: 11, Type: cardrules.MissTurns, Target: next, When: cardrules.Drawn}, genome.Lasting{For: cardrules.UntilTrickEnd}),
			"When a player draws a king from the stock, the next player after them loses their turns until the end of the trick under way, or of the next trick when none is"},
		{"team scope", "whist", nil,
			lasting(genome.Effect{Rank: 12, Type: cardrules.MissTurns, Target: next}, genome.Lasting{For: cardrules.ForTurns, Turns: 3, Scope: cardrules.ScopeTeam}),
			"A: the next player and their partner lose their turns for the rest of the turn and 3 more turns"},
		{"team scope at six seats", "whist", func(g *genome.Genome) {
			g.Seats = genome.Seats{Min: 6, Max: 6, Default: 6}
			g.Deal = genome.Deal{Cards: 8}
		},
			lasting(genome.Effect{Rank: 12, Type: cardrules.MissTurns, Target: next}, genome.Lasting{For: cardrules.ForTurns, Turns: 3, Scope: cardrules.ScopeTeam}),
			"A: the next player and their partners lose their turns for the rest of the turn and 3 more turns"},
		{"team scope of every opponent", "whist", nil,
			lasting(genome.Effect{Rank: 12, Type: cardrules.BanRank, Target: cardrules.TargetAllOpponents}, genome.Lasting{For: cardrules.UntilTrickEnd, Scope: cardrules.ScopeTeam}),
			"A: every opponent and each opponent's partner may not play aces until the end of the trick"},
		{"everyone", "uno-style", nil,
			lasting(genome.Effect{Rank: 8, Type: cardrules.DrawLimit, Value: 1}, genome.Lasting{For: cardrules.UntilSourceTurn, Scope: cardrules.ScopeEveryone}),
			"10: every player draws at most 1 card at a time until the move next comes to the player who played it; the draw-limit effects on one player add up"},
		{"bonus on tricks", "whist", nil,
			lasting(genome.Effect{Rank: 9, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 2}, turnsFor(4)),
			"J: the player scores 2 points more for each trick they win for the rest of the turn and 4 more turns; the bonus effects on one player add up"},
		{"bonus on sets", "go-fish", nil,
			lasting(genome.Effect{Rank: 10, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 1, When: cardrules.Asked}, genome.Lasting{For: cardrules.UntilSourceTurn}),
			"When a player asks an opponent for queens (whatever the answer), that player scores 1 point more for each set they lay down until the move next comes to that player; the bonus effects on one player add up"},
		{"suppress an immediate type", "uno-style", nil,
			lasting(genome.Effect{Rank: 4, Type: cardrules.Suppress, Target: next}, genome.Lasting{For: cardrules.ForTurns, Turns: 8, Suppresses: cardrules.SuppressedOf(cardrules.DrawCards)}),
			"6: draw-cards effects are switched off for the next player for the rest of the turn and 8 more turns: those they set off do nothing"},
		{"suppress a lasting type for everyone", "uno-style", nil,
			lasting(genome.Effect{Rank: 4, Type: cardrules.Suppress}, genome.Lasting{For: cardrules.UntilDealEnd, Scope: cardrules.ScopeEveryone, Suppresses: cardrules.SuppressedOf(cardrules.LockRank)}),
			"6: rank-lock effects are switched off for every player for the rest of the game: those they set off do not start, and those in force do not apply to them"},
		{"condition on the target", "uno-style", nil,
			lasting(genome.Effect{Rank: 4, Type: cardrules.MissTurns, Target: cardrules.TargetAllOpponents, If: cond(cardrules.CondTarget, cardrules.AtMost, 2)}, turnsFor(1)),
			"6: every opponent loses their turns for the rest of the turn and 1 more turn, each only if they then hold at most 2 cards"},
	})
}

// How a lasting effect stacks follows its words where it matters: a draw
// limit's or a bonus's values combine over one player as its mode says
// (adding up, the largest or the smallest holding), and across stacking
// groups the tightest limit holds and bonuses add up; a type without a
// value only says that it does not stack (starting nothing while one of
// its group is in force), or its group once the type uses one other than
// 0. Whether it ends when its player goes out follows: said in a game
// that goes on once a player is out, unless it persists, which is always
// said.
func TestDescribeLastingStacking(t *testing.T) {
	next := cardrules.TargetNext
	limit := func(rank genome.Rank, v, key int, stack cardrules.Stacking) genome.Effect {
		return genome.Effect{Rank: rank, Type: cardrules.DrawLimit, Target: next, Value: v,
			Lasts: genome.Lasting{For: cardrules.UntilSourceTurn, Key: key, Stack: stack}}
	}
	bonus := func(rank genome.Rank, key int) genome.Effect {
		return genome.Effect{Rank: rank, Type: cardrules.Bonus, Target: cardrules.TargetSelf, Value: 3,
			Lasts: genome.Lasting{For: cardrules.UntilTrickEnd, Key: key}}
	}
	ban := func(rank genome.Rank, key int, stack cardrules.Stacking) genome.Effect {
		return genome.Effect{Rank: rank, Type: cardrules.BanRank, Target: next,
			Lasts: genome.Lasting{For: cardrules.ForTurns, Turns: 1, Key: key, Stack: stack}}
	}
	const source = " until the move next comes to the player who played it"
	const oneTurn = " for the rest of the turn and 1 more turn"
	for _, tc := range []struct {
		name, seed string
		change     func(g *genome.Genome)
		effects    []genome.Effect
		want       []string
	}{
		{"draw limits by mode and group", "uno-style", nil,
			[]genome.Effect{limit(3, 2, 0, cardrules.StackMax), limit(4, 3, 1, cardrules.StackMin), limit(8, 4, 1, cardrules.StackMin)},
			[]string{
				"5: the next player draws at most 2 cards at a time" + source + "; of the draw-limit effects of stacking group 0 on one player, the largest holds, and the smallest of the groups' limits holds",
				"6: the next player draws at most 3 cards at a time" + source + "; of the draw-limit effects of stacking group 1 on one player, the smallest holds, and the smallest of the groups' limits holds",
				"10: the next player draws at most 4 cards at a time" + source + "; of the draw-limit effects of stacking group 1 on one player, the smallest holds, and the smallest of the groups' limits holds",
			}},
		{"a draw limit that does not stack", "uno-style", nil,
			[]genome.Effect{limit(3, 2, 0, cardrules.StackNone)},
			[]string{"5: the next player draws at most 2 cards at a time" + source + "; it does not stack: it starts nothing while a draw-limit effect is in force"}},
		{"bonuses in groups", "whist", nil,
			[]genome.Effect{bonus(9, 0), bonus(10, 2)},
			[]string{
				"J: the player scores 3 points more for each trick they win until the end of the trick; the bonus effects of stacking group 0 on one player add up, and the groups' bonuses add up",
				"Q: the player scores 3 points more for each trick they win until the end of the trick; the bonus effects of stacking group 2 on one player add up, and the groups' bonuses add up",
			}},
		{"bans in groups", "uno-style", nil,
			[]genome.Effect{ban(9, 0, cardrules.StackAdditive), ban(10, 2, cardrules.StackNone), ban(11, 3, cardrules.StackAdditive)},
			[]string{
				"J: the next player may not play jacks" + oneTurn + "; it is in stacking group 0",
				"Q: the next player may not play queens" + oneTurn + "; it does not stack: it starts nothing while a rank-ban effect of stacking group 2 is in force",
				"K: the next player may not play kings" + oneTurn + "; it is in stacking group 3",
			}},
		{"a ban alone says nothing of stacking", "uno-style", nil,
			[]genome.Effect{ban(9, 0, cardrules.StackAdditive)},
			[]string{"J: the next player may not play jacks" + oneTurn}},
		{"it ends when its player goes out", "uno-style", func(g *genome.Genome) { g.End.Until = cardrules.UntilOneLeft },
			[]genome.Effect{ban(9, 0, cardrules.StackAdditive), lasting(genome.Effect{Rank: 12, Type: cardrules.MissTurns, Target: next, When: cardrules.Drawn}, turnsFor(1))},
			[]string{
				"J: the next player may not play jacks" + oneTurn + "; it ends if the player who played it goes out",
				"When a player draws an ace from the stock, the next player after them loses their turns" + oneTurn + "; it ends if that player goes out",
			}},
		{"it persists", "uno-style", func(g *genome.Genome) { g.End.Until = cardrules.UntilOneLeft },
			[]genome.Effect{
				lasting(genome.Effect{Rank: 9, Type: cardrules.LockRank, Target: next}, genome.Lasting{For: cardrules.UntilSourceTurn, Stack: cardrules.StackNone, Persists: true}),
				lasting(genome.Effect{Rank: 12, Type: cardrules.MissTurns, Target: next, When: cardrules.Drawn}, genome.Lasting{For: cardrules.UntilDealEnd, Persists: true}),
			},
			[]string{
				"J: the next player may play only jacks" + source + "; it does not stack: it starts nothing while a rank-lock effect is in force; it holds even once the player who played it is out",
				"When a player draws an ace from the stock, the next player after them loses their turns for the rest of the game; it holds even once that player is out",
			}},
		{"set off by going out", "uno-style", func(g *genome.Genome) { g.End.Until = cardrules.UntilOneLeft },
			[]genome.Effect{
				lasting(genome.Effect{Rank: 9, Type: cardrules.BanRank, Target: next, When: cardrules.WentOut}, turnsFor(1)),
				lasting(genome.Effect{Rank: 10, Type: cardrules.BanRank, Target: next, When: cardrules.WentOut}, genome.Lasting{For: cardrules.ForTurns, Turns: 1, Persists: true}),
			},
			[]string{
				"When a player goes out on a jack (the last card to leave their hand), the next player after them may not play jacks" + oneTurn,
				"When a player goes out on a queen (the last card to leave their hand), the next player after them may not play queens" + oneTurn + "; it holds even once that player is out",
			}},
		{"persists where the game ends with the first out", "uno-style", nil,
			[]genome.Effect{lasting(genome.Effect{Rank: 9, Type: cardrules.LockRank, Target: next}, genome.Lasting{For: cardrules.UntilDealEnd, Persists: true})},
			[]string{"J: the next player may play only jacks for the rest of the game; it holds even once the player who played it is out"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, tc.seed, func(g *genome.Genome) {
				if tc.change != nil {
					tc.change(g)
				}
				g.Effects = append(g.Effects, tc.effects...)
			})
			for _, w := range tc.want {
				if line := "\n- " + w + ".\n"; !strings.Contains(d, line) {
					t.Errorf("Describe lacks %q\n%s", line, d)
				}
			}
		})
	}
}

// The note after the list of effects gives what holds for every lasting
// effect: the bound on effects in force, that locks and bans come after
// every other rule of what may be played (and, in a trick, leave a player
// no card to play it), and that a player who loses their turns is passed
// over without the turn counting, and still plays to tricks. A game
// without lasting effects has no such note.
func TestDescribeLastingNotes(t *testing.T) {
	const bound = "A lasting effect holds over the players it names when it starts; at most 16 are in force at once, and any more start nothing."
	const locks = " Locks and bans take cards out of a player's hand before the rules of what may be played apply to the rest: a player they leave no card to play is as a player with no legal card."
	const passed = " A player who loses their turns is passed over, the move going on to the next player, unless every player still in would be; a turn passed over does not count as a turn."
	const trick = "A player none of whose cards may be played to a trick plays nothing to it.\n"
	lock := lasting(genome.Effect{Rank: 9, Type: cardrules.LockSuit, Target: cardrules.TargetNext}, turnsFor(1))
	miss := lasting(genome.Effect{Rank: 10, Type: cardrules.MissTurns, Target: cardrules.TargetNext}, turnsFor(1))
	limit := lasting(genome.Effect{Rank: 10, Type: cardrules.DrawLimit, Target: cardrules.TargetNext, Value: 1}, turnsFor(1))
	for _, tc := range []struct {
		name, seed string
		effects    []genome.Effect
		want, not  []string
	}{
		{"none", "uno-style", nil, nil, []string{"lasting effect", trick}},
		{"a draw limit", "uno-style", []genome.Effect{limit}, []string{"\n" + bound + "\n"}, []string{trick}},
		{"a lock", "uno-style", []genome.Effect{lock}, []string{"\n" + bound + locks + "\n"}, []string{trick}},
		{"lost turns", "uno-style", []genome.Effect{miss}, []string{"\n" + bound + passed + "\n"}, nil},
		{"a lock and lost turns in tricks", "whist", []genome.Effect{lock, miss},
			[]string{"\n" + trick, "\n" + bound + locks + passed + " Such a player still plays to tricks.\n"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, tc.seed, func(g *genome.Genome) { g.Effects = append(g.Effects, tc.effects...) })
			for _, w := range tc.want {
				if !strings.Contains(d, w) {
					t.Errorf("Describe lacks %q\n%s", w, d)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(d, w) {
					t.Errorf("Describe has %q\n%s", w, d)
				}
			}
		})
	}
}

// Every lasting field shows in the rules: over every duration (with the
// ends of the turns' range), scope, stacking key and mode, persistence and
// suppressed type, each lasting type's variants that are valid and differ
// in canonical form describe differently, alone and beside another effect
// of its type (whose group then matters).
func TestDescribeShowsEveryLastingField(t *testing.T) {
	for ty := cardrules.LockSuit; ty < cardrules.NumEffectTypes; ty++ {
		seed := "whist" // tricks, partnerships and scoring
		if ty == cardrules.DrawLimit {
			seed = "uno-style" // draws
		}
		base := testkit.SeedGenome(t, seed)
		e := genome.Effect{Rank: 9, Type: ty, Target: cardrules.TargetNext}
		if ty.UsesValue() {
			e.Value = 2
		}
		sibling := genome.Effect{Rank: 10, Type: ty, Target: cardrules.TargetSelf, Value: e.Value, Lasts: turnsFor(1)}
		if ty == cardrules.Suppress {
			sibling.Lasts.Suppresses = cardrules.SuppressedOf(cardrules.SkipNext)
		}
		seen := map[string]string{} // Describe -> canonical JSON
		n := 0
		for _, others := range [][]genome.Effect{nil, {sibling}} {
			for _, l := range lastingVariants(ty) {
				g := base.Clone()
				v := e
				v.Lasts = l
				if l.Scope == cardrules.ScopeEveryone {
					v.Target = cardrules.NoTarget
				}
				g.Effects = append(append([]genome.Effect{}, others...), v)
				if g.Validate() != nil {
					continue
				}
				n++
				d, c := g.Describe(), string(g.CanonicalJSON())
				if prev, ok := seen[d]; ok && prev != c {
					t.Fatalf("%s: two lasting variants describe alike:\n%s\n%s\ntext:\n%s", ty, prev, c, d)
				}
				seen[d] = c
			}
		}
		if n < 100 {
			t.Errorf("%s: only %d valid variants", ty, n)
		}
	}
}

// lastingVariants are the lastings of an effect of type ty to compare:
// every duration (turns 1 and the most), scope, key 0, 1 and the largest,
// stacking mode and persistence, and for suppress every type it may
// switch off.
func lastingVariants(ty genome.EffectType) []genome.Lasting {
	var ls []genome.Lasting
	sup := []cardrules.Suppressed{cardrules.NoSuppressed}
	if ty == cardrules.Suppress {
		sup = nil
		for x := range genome.EffectType(cardrules.NumEffectTypes) {
			if x != cardrules.Suppress {
				sup = append(sup, cardrules.SuppressedOf(x))
			}
		}
	}
	for d := range cardrules.NumDurations {
		turns := []int{0}
		if d == cardrules.ForTurns {
			turns = []int{1, cardrules.MaxLastTurns}
		}
		for _, n := range turns {
			for sc := range cardrules.NumScopes {
				for _, k := range []int{0, 1, cardrules.MaxStackKey} {
					for st := range cardrules.NumStacks {
						for _, p := range []bool{false, true} {
							for _, x := range sup {
								ls = append(ls, genome.Lasting{For: d, Turns: n, Scope: sc, Key: k, Stack: st, Persists: p, Suppresses: x})
							}
						}
					}
				}
			}
		}
	}
	return ls
}
