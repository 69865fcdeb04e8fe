package genome_test

import (
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Ranks by index, for the responses below.
const (
	rank2 genome.Rank = 0
	rank5 genome.Rank = 3
	rank7 genome.Rank = 5
	rankJ genome.Rank = 9
)

func stackTwo(ignoreLegal bool) genome.Response {
	return genome.Response{Rank: rank2, Ability: cardrules.Stack, Answers: cardrules.DrawCards, Value: 2, IgnoreLegal: ignoreLegal}
}

// responsesLine returns the text of d from its "Responses:" line to the
// end of that paragraph, failing when it has none.
func responsesLine(t *testing.T, d string) string {
	t.Helper()
	i := strings.Index(d, "\nResponses: ")
	if i < 0 {
		t.Fatalf("Describe has no responses\n%s", d)
	}
	s := d[i+1:]
	if j := strings.Index(s, "\n\n"); j >= 0 {
		s = s[:j]
	}
	return s
}

// TestDescribeResponsesStack: Uno's draw-two stacking (any 2 answers a
// draw, adds 2 and passes it on; answering or taking it costs the next
// turn) reads as those rules, in the effects part of the rules: right
// after the special cards, before the end.
func TestDescribeResponsesStack(t *testing.T) {
	d := describeVariant(t, "uno-style", func(g *genome.Genome) {
		g.Responses = genome.Responses{LoseTurn: true, Cards: []genome.Response{stackTwo(true)}}
	})
	const want = "Skips add up but never skip everyone; effects of a card resolve before anyone is checked for going out.\n" +
		"Responses: when a draw effect is about to hit a player other than the one who sent it, and a card could be drawn, " +
		"that player may answer it with a 2 (of any suit), adding 2 to the cards pending and passing them on to the next player. " +
		"Whoever an answer is aimed at may answer it in the same way. " +
		"An answer that adds to the cards pending adds nothing if, once it is played, no card could be drawn. " +
		"When nobody answers any more, the player it is then aimed at takes the effect: draws the whole pending amount at once " +
		"(as many cards as can be drawn; these draws never count toward a turn's draw limit).\n" +
		"An answering card goes onto the discard pile and its suit becomes the active suit (no suit is named), but it has no effect of its own. " +
		"Players are checked for going out right after each answer; if that ends the game, nothing more resolves. " +
		"Answering, or taking the effect, costs the player their next turn.\n\nEnd:"
	if !strings.Contains(d, want) {
		t.Errorf("Describe lacks\n%s\n\ngot:\n%s", want, d)
	}
}

// TestDescribeResponsesNone: the seed game without responses says
// nothing of them.
func TestDescribeResponsesNone(t *testing.T) {
	d := describeVariant(t, "uno-style", func(*genome.Genome) {})
	for _, not := range []string{"Responses", "answer"} {
		if strings.Contains(d, not) {
			t.Errorf("Describe of a game without responses says %q\n%s", not, d)
		}
	}
}

// TestDescribeResponseWords: each field of a response has its words: a
// card that must be legal names the play phase whose rule it follows when
// the turn has several, each ability says what it does, everyone says
// who is asked and in what order, a cancel beside a stack or a deflect
// says only a cancel answers it, and the resolution says how cancels
// resolve only when there are cancels; an answered discard takes cards
// from the hand; the draw limit is mentioned only where a play phase has
// one; suit naming only where some rank names a suit.
func TestDescribeResponseWords(t *testing.T) {
	deflect5 := genome.Response{Rank: rank5, Ability: cardrules.Deflect, Answers: cardrules.DrawCards}
	cancelJ := genome.Response{Rank: rankJ, Ability: cardrules.Cancel, Answers: cardrules.DrawCards, IgnoreLegal: true}
	discardEffect := genome.Effect{Rank: rank7, Type: cardrules.ForceDiscard, Target: cardrules.TargetNext, Value: 1}
	for _, tc := range []struct {
		name   string
		change func(g *genome.Genome)
		want   []string
		not    []string
	}{
		{"legal", func(g *genome.Genome) {
			g.Responses.Cards = []genome.Response{stackTwo(false)}
		}, []string{"that player may answer it with a 2 that could be played on the top card, adding 2 to the cards pending and passing them on to the next player."},
			[]string{"by the rule of step", "of any suit", "costs the player", "cancel"}},
		{"legal, second play phase", func(g *genome.Genome) {
			g.Turn = append([]genome.Phase{{Kind: cardrules.PhaseDraw, Count: 1}}, g.Turn[0], g.Turn[0])
			g.Responses.Cards = []genome.Response{stackTwo(false)}
		}, []string{"with a 2 that could be played on the top card by the rule of step 2, adding 2"}, nil},
		{"deflect", func(g *genome.Genome) {
			g.Responses.Cards = []genome.Response{deflect5}
		}, []string{
			"that player may answer it with a 5 that could be played on the top card, turning it back on the player who sent it. Whoever an answer is aimed at may answer it in the same way. When nobody answers any more, the player it is then aimed at takes the effect.\n",
		}, []string{"pending", "adds nothing"}},
		{"cancel", func(g *genome.Genome) {
			g.Responses.Cards = []genome.Response{cancelJ}
		}, []string{
			"that player may answer it with a J (of any suit), cancelling what it answers (which may itself be cancelled). " +
				"Whoever an answer is aimed at (for a cancel, the player whose card it cancels) may answer it in the same way. " +
				"When nobody answers any more, the answers resolve last first: a cancel that is not itself cancelled cancels what it answered, which then does nothing. " +
				"Unless the effect itself is cancelled, the player it is then aimed at takes the effect.\n",
		}, []string{"only a cancel may answer a cancel"}},
		{"all three, everyone", func(g *genome.Genome) {
			g.Responses = genome.Responses{Who: cardrules.RespondEveryone, Cards: []genome.Response{cancelJ, deflect5, stackTwo(true)}}
		}, []string{
			"Responses: when a draw effect is about to hit a player other than the one who sent it, and a card could be drawn, " +
				"any player but the one who sent it may answer it, asked one at a time in turn order from the player it is about to hit, " +
				"with a 2 (of any suit), adding 2 to the cards pending and passing them on to the player after the one answering; " +
				"with a 5 that could be played on the top card, turning it back on the player who sent it; " +
				"or with a J (of any suit), cancelling what it answers (which may itself be cancelled). " +
				"Each answer may be answered in the same way, by any player but the one who played it, asked in turn order from the player it is aimed at " +
				"(for a cancel, the player whose card it cancels); only a cancel may answer a cancel. ",
			"Unless the effect itself is cancelled, the player it is then aimed at takes the effect: draws the whole pending amount at once",
		}, nil},
		{"discard", func(g *genome.Genome) {
			g.Effects = append(g.Effects, discardEffect)
			g.Responses.Cards = []genome.Response{{Rank: rank5, Ability: cardrules.Stack, Answers: cardrules.ForceDiscard, Value: 1, IgnoreLegal: true}}
		}, []string{
			"Responses: when a discard effect is about to hit a player other than the one who sent it, and they hold a card, that player may answer it with a 5 (of any suit), adding 1 to the cards pending and passing them on to the next player.",
			"takes the effect: discards the whole pending amount (as many cards as they hold).\n",
		}, []string{"draw effect", "adds nothing", "draw limit"}},
		{"draw and discard", func(g *genome.Genome) {
			g.Effects = append(g.Effects, discardEffect)
			g.Responses.Cards = []genome.Response{{Rank: rankJ, Ability: cardrules.Cancel, Answers: cardrules.ForceDiscard}, stackTwo(true)}
		}, []string{
			"Responses: when a draw effect is about to hit",
			"draw limit).\nWhen a discard effect is about to hit a player other than the one who sent it, and they hold a card, that player may answer it with a J that could be played on the top card, cancelling",
			"the player it is then aimed at takes the effect.\nAn answering card goes",
		}, nil},
		{"no draw limit, no suit named", func(g *genome.Genome) {
			g.Turn[0].DrawMax, g.Turn[0].NameSuit = 0, nil
			g.Responses.Cards = []genome.Response{stackTwo(true)}
		}, []string{"(as many cards as can be drawn).\n", "becomes the active suit, but it has no effect of its own."},
			[]string{"draw limit", "no suit is named"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := responsesLine(t, describeVariant(t, "uno-style", tc.change))
			for _, want := range tc.want {
				if !strings.Contains(s, want) {
					t.Errorf("responses lack %q\n%s", want, s)
				}
			}
			for _, not := range tc.not {
				if strings.Contains(s, not) {
					t.Errorf("responses say %q\n%s", not, s)
				}
			}
		})
	}
}

// TestDescribeResponsesWhichEffects: only effects of cards played onto
// the discard pile (and of a starter whose effects apply) are answered,
// which is said where cards are also played to tricks; an effect on every
// opponent is answered for each; an answered type that no card's effect
// aims at another player never opens a window, and the text says so.
func TestDescribeResponsesWhichEffects(t *testing.T) {
	trick := genome.Phase{Kind: cardrules.PhaseTrick, Lead: &genome.Expr{Op: genome.OpTrue}, Legal: &genome.Expr{Op: genome.OpTrue}}
	const onlyPile = " Only effects of cards played onto the discard pile can be answered, never those of cards played to a trick."
	const pileAndStarter = " Only effects of cards played onto the discard pile and of the starter can be answered, never those of cards played to a trick."
	const forEach = " An effect on every opponent is answered for each of them in turn."
	const never = " (No card of this game has a draw effect aimed at another player, so this never happens.)"
	for _, tc := range []struct {
		name   string
		change func(g *genome.Genome)
		want   []string
		not    []string
	}{
		{"play only", func(*genome.Genome) {}, nil, []string{"Only effects", forEach, never}},
		{"with a trick", func(g *genome.Genome) { g.Turn = append(g.Turn, trick) }, []string{onlyPile}, nil},
		{"with a trick and a starter that fires", func(g *genome.Genome) {
			g.Turn = append(g.Turn, trick)
			g.Deal.StarterFires = true
		}, []string{pileAndStarter}, nil},
		{"every opponent", func(g *genome.Genome) { g.Effects[0].Target = cardrules.TargetAllOpponents }, []string{forEach}, []string{never}},
		{"only on the player", func(g *genome.Genome) { g.Effects[0].Target = cardrules.TargetSelf }, []string{never}, []string{forEach}},
		{"no effects", func(g *genome.Genome) { g.Effects = nil }, []string{never}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := describeVariant(t, "uno-style", func(g *genome.Genome) {
				g.Responses.Cards = []genome.Response{stackTwo(true)}
				tc.change(g)
			})
			s := responsesLine(t, d)
			for _, want := range tc.want {
				if !strings.Contains(s, want) {
					t.Errorf("responses lack %q\n%s", want, s)
				}
			}
			for _, not := range tc.not {
				if strings.Contains(s, not) {
					t.Errorf("responses say %q\n%s", not, s)
				}
			}
		})
	}
	// Without special cards, the responses are a paragraph of their own.
	d := describeVariant(t, "uno-style", func(g *genome.Genome) {
		g.Effects = nil
		g.Responses.Cards = []genome.Response{stackTwo(true)}
	})
	if !strings.Contains(d, "pass.\n\nResponses: when a draw effect") {
		t.Errorf("responses of a game without effects do not follow the turn after a blank line\n%s", d)
	}
}

// TestDescribeResponsesEveryField: from a game with responses, changing
// any one field of them (who, lose_turn, adding or removing an ability,
// and each field of an ability) changes the text.
func TestDescribeResponsesEveryField(t *testing.T) {
	base := func(g *genome.Genome) {
		g.Effects = append(g.Effects, genome.Effect{Rank: rank7, Type: cardrules.ForceDiscard, Target: cardrules.TargetNext, Value: 1})
		g.Responses.Cards = []genome.Response{stackTwo(true), {Rank: rank5, Ability: cardrules.Deflect, Answers: cardrules.DrawCards}}
	}
	before := describeVariant(t, "uno-style", base)
	for _, tc := range []struct {
		name   string
		change func(r *genome.Responses)
	}{
		{"who", func(r *genome.Responses) { r.Who = cardrules.RespondEveryone }},
		{"lose_turn", func(r *genome.Responses) { r.LoseTurn = true }},
		{"add", func(r *genome.Responses) {
			r.Cards = append(r.Cards, genome.Response{Rank: rankJ, Ability: cardrules.Cancel, Answers: cardrules.DrawCards})
		}},
		{"remove", func(r *genome.Responses) { r.Cards = r.Cards[1:] }},
		{"rank", func(r *genome.Responses) { r.Cards[1].Rank = rankJ }},
		{"ability deflect to cancel", func(r *genome.Responses) { r.Cards[1].Ability = cardrules.Cancel }},
		{"ability stack to deflect", func(r *genome.Responses) { r.Cards[0].Ability, r.Cards[0].Value = cardrules.Deflect, 0 }},
		{"answers", func(r *genome.Responses) { r.Cards[1].Answers = cardrules.ForceDiscard }},
		{"value", func(r *genome.Responses) { r.Cards[0].Value = 4 }},
		{"ignore_legal on", func(r *genome.Responses) { r.Cards[1].IgnoreLegal = true }},
		{"ignore_legal off", func(r *genome.Responses) { r.Cards[0].IgnoreLegal = false }},
	} {
		after := describeVariant(t, "uno-style", func(g *genome.Genome) {
			base(g)
			tc.change(&g.Responses)
		})
		if after == before {
			t.Errorf("changing %s leaves the text as it was:\n%s", tc.name, before)
		}
	}
}
