package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/players"
	"github.com/darwinsim/darwinsim/vm"
)

// errInputEnded stops a game whose input ran out before it ended.
var errInputEnded = errors.New("input ended before the game did")

// errQuit stops a game the person quit.
var errQuit = errors.New("you quit")

// maxMoves bounds the moves shown at once: the moves since the person last
// decided are a few turns, but a game it has no say in (War) or has left
// (out early) plays on for hundreds.
const maxMoves = 40

// randomSeedLimit bounds a seed chosen at random: short enough to type
// back after --seed, and far more deals than anyone will play.
const randomSeedLimit = 1_000_000_000

func newPlayCmd(g *globals) *cobra.Command {
	var seat, players int
	var vs string
	cmd := &cobra.Command{
		Use:   "play [game|file]",
		Short: "Play one seat of a game against the policies (default: crazy-eights)",
		Long: `Play one seat of a game yourself, in the terminal, against the built-in
policies. At each decision you see only what your seat may see (your hand,
the top of the discard pile and the active suit, the cards on the table,
the piles' sizes, every seat's card count, and score where the game keeps
scores, and the moves since you last decided) and choose an option by its
number; a move with only one option is made for you. ? prints the rules and
q quits (exit 0).

Choices are read line by line from standard input, so a game can be piped
in: "yes 1 | darwinsim play hearts" always takes the first option; input
that ends before the game does is an error (exit 1). Without --seed a new
deal is chosen at random, and its seed printed so the game can be played
again: with the same --seed and the same choices the opponents make the
same moves.`,
		Example: `  darwinsim play hearts
  darwinsim play crazy-eights --seat 1 --vs greedy
  yes 1 | darwinsim play war --seed 7`,
		Args:              maxArgs(1),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 && args[0] == stdio {
				return usagef("play reads your moves from standard input: the game cannot come from it too (save it to a file)")
			}
			gm, err := gameArg(cmd, args, "crazy-eights")
			if err != nil {
				return err
			}
			p, err := vm.Load(gm.Code)
			if err != nil {
				return err
			}
			if err := p.CheckPlayers(players, nil); err != nil {
				return usageError{err}
			}
			if players == 0 {
				players = p.DefaultSeats()
			}
			if seat < 0 || seat >= players {
				return usagef("--seat %d: the game has seats 0 to %d", seat, players-1)
			}
			specs, err := splitOpponents(vs, players, seat)
			if err != nil {
				return err
			}
			seed := g.seed
			if !cmd.Flags().Changed("seed") {
				seed = randomSeed()
			}
			m, err := playOpponents(p, players, seat, specs)
			if err != nil {
				return err
			}
			t := &table{
				out: cmd.OutOrStdout(), in: newLineReader(cmd.Context(), cmd.InOrStdin()),
				echo: !isTerminalReader(cmd.InOrStdin()), m: m, seat: seat, seats: players,
				rules: printableText(gm.Genome.Describe()), scored: p.Scored(), pile: p.PileHands(),
				teams: p.Teams() == 2, tr: &vm.Trace{},
			}
			defer t.in.close()
			t.intro(printable(gm.Name), specs, seed)
			return t.play(seed)
		},
	}
	f := cmd.Flags()
	f.IntVar(&seat, "seat", 0, "your seat (seat 0 moves first)")
	f.StringVar(&vs, "vs", defaultOpponents, "the opponents: a policy (random, greedy, ismcts:N, mcts:N) for every other seat, or a comma-separated list, one per other seat in seat order")
	f.IntVarP(&players, "players", "p", 0, "seats (0: the game's default)")
	g.addSeed(cmd)
	return cmd
}

// defaultOpponents is --vs unless given: a search that thinks ahead for
// a few milliseconds a move.
const defaultOpponents = "ismcts:500"

// splitOpponents reads --vs for a game of seats seats in which the person
// sits at seat: one spec for every other seat, or one per other seat in
// seat order. It returns one spec per seat, "" at the person's.
func splitOpponents(vs string, seats, seat int) ([]string, error) {
	list := strings.Split(vs, ",")
	others := seats - 1
	if len(list) != 1 && len(list) != others {
		return nil, usagef("--vs: %d policies for %s: give one for every other seat, or one per other seat in seat order", len(list), plural(others, "other seat"))
	}
	specs := make([]string, seats)
	k := 0
	for s := range specs {
		if s == seat {
			continue
		}
		specs[s] = strings.TrimSpace(list[min(k, len(list)-1)])
		k++
	}
	return specs, nil
}

// playOpponents seats the opponents: specs[s] is seat s's policy spec
// ("" at the person's seat, which the caller seats). It returns the
// machine, or a usage error naming a spec it does not know.
func playOpponents(p *vm.Program, seats, seat int, specs []string) (*vm.Machine, error) {
	pols := make([]vm.Policy, seats)
	search := make([]players.Spec, seats)
	for s, text := range specs {
		if s == seat {
			continue
		}
		spec, err := players.Parse(text)
		if err != nil {
			return nil, usagef("--vs: seat %d: %v", s, err)
		}
		pols[s], search[s] = spec.Policy(), spec
	}
	m, err := vm.NewMachine(p, seats, pols)
	if err != nil {
		return nil, usageError{err}
	}
	for s, spec := range search {
		if s != seat && spec.Search() {
			m.SetPlayer(s, players.New(spec))
		}
	}
	return m, nil
}

// playSeed is the seed of the game dealt for --seed n: the seed of game 0
// of the batch "simulate --seed n" plays, so the deal is that game's.
func playSeed(n uint64) uint64 { return rng.Derive(n, 0) }

// randomSeed chooses a seed for a new deal. It chooses which game is dealt,
// nothing else: the game itself is determined by it, as by any --seed.
func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) % randomSeedLimit
}

// isTerminalReader reports whether r is a terminal, which echoes what is
// typed: input from a pipe or a file is echoed by the game instead, so
// that its transcript reads like a session.
func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// table is one game between a person, who answers on in and sees out, and
// the policies. It is the person's vm.Player.
type table struct {
	out    io.Writer
	in     *lineReader
	echo   bool
	m      *vm.Machine
	seat   int
	seats  int
	rules  string
	scored bool // the game keeps scores: show them
	pile   bool // seats hold face-down piles, unseen even by their owner
	teams  bool // partnerships: seat s plays with seat s+2

	tr        *vm.Trace
	shown     int   // events of tr already shown
	decisions int   // decisions put to the person
	stop      error // why the person stopped the game (quit, input ended, interrupt)
	asked     int   // the opponent the person chose to ask, for the rank decision
	sawStock  bool  // the game has had a stock
	sawPile   bool  // the game has had a discard pile
}

// intro says who plays whom, and the seed.
func (t *table) intro(name string, specs []string, seed uint64) {
	var opp []string
	for s, spec := range specs {
		if s != t.seat {
			opp = append(opp, fmt.Sprintf("seat %d plays %s", s, printable(spec)))
		}
	}
	fmt.Fprintf(t.out, "%s, %d seats: you are seat %d; %s.\n", name, t.seats, t.seat, strings.Join(opp, ", "))
	if t.teams {
		fmt.Fprintf(t.out, "Seats %d and %d are partners, and so are the other two.\n", t.seat%2, t.seat%2+2)
	}
	fmt.Fprintf(t.out, "game seed %d; replay it with --seed %d\n", seed, seed)
	fmt.Fprintln(t.out, "At each decision type the number of your choice, ? for the rules, q to quit;")
	fmt.Fprintln(t.out, "a move with only one option is made for you.")
}

// play plays the game and prints its result.
func (t *table) play(seed uint64) error {
	t.m.SetPlayer(t.seat, t)
	t.m.SetTrace(t.tr)
	res := t.m.Play(playSeed(seed))
	switch {
	case errors.Is(t.stop, errQuit):
		fmt.Fprintln(t.out, "\nyou quit.")
		return nil
	case t.stop != nil:
		return t.stop
	case res.Winner == vm.Aborted:
		return fmt.Errorf("the game was aborted after %d turns: it ran out of its step budget", res.Turns)
	}
	fmt.Fprintln(t.out)
	if t.decisions == 0 {
		fmt.Fprintln(t.out, "You had no decision to make in this game: it played itself.")
	}
	t.moves("the last moves:")
	fmt.Fprintln(t.out, t.result(res))
	v := t.m.SeatView(t.seat)
	fmt.Fprintln(t.out, "final standing:")
	for s := range t.seats {
		fmt.Fprintf(t.out, "  %s: %s\n", t.seatName(s), t.standing(&v, s))
	}
	return nil
}

// Choose puts one decision to the person: what the seat may see, the
// options, and the prompt, until a valid answer, a quit or the end of the
// input.
func (t *table) Choose(d *vm.Decision) int {
	if t.stop != nil {
		return 0
	}
	t.decisions++
	fmt.Fprintln(t.out)
	if t.decisions == 1 {
		t.moves("so far:")
	} else {
		t.moves("since your last decision:")
	}
	t.view(&d.View)
	what := t.options(d)
	n := len(d.Options)
	for {
		fmt.Fprintf(t.out, "%s [1-%d, ? rules, q quit]> ", what, n)
		line, err := t.in.readLine()
		if err != nil {
			if err == io.EOF {
				err = errInputEnded
			}
			fmt.Fprintln(t.out)
			return t.halt(err)
		}
		if t.echo {
			fmt.Fprintln(t.out, printable(line))
		}
		answer := strings.TrimSpace(line)
		switch answer {
		case "?":
			fmt.Fprintf(t.out, "\n%s\n", t.rules)
			t.options(d)
			continue
		case "q", "quit":
			return t.halt(errQuit)
		}
		if k, err := strconv.Atoi(answer); err == nil && k >= 1 && k <= n {
			if d.Kind == vm.DecideOpponent {
				t.asked = int(d.Options[k-1])
			}
			return k - 1
		}
		fmt.Fprintf(t.out, "type a number from 1 to %d, ? for the rules or q to quit\n", n)
	}
}

// halt stops the game for err: the machine ends it at the end of the turn,
// and the person's remaining decisions in it take the first option.
func (t *table) halt(err error) int {
	t.stop = err
	t.m.Stop()
	return 0
}

// moves prints, under title, the moves since the last shown, as the seat
// sees them, at most maxMoves of them.
func (t *table) moves(title string) {
	ev := t.tr.Events[t.shown:]
	t.shown = len(t.tr.Events)
	if len(ev) == 0 {
		return
	}
	fmt.Fprintln(t.out, title)
	if len(ev) > maxMoves {
		fmt.Fprintf(t.out, "  (%d earlier moves not shown)\n", len(ev)-maxMoves)
		ev = ev[len(ev)-maxMoves:]
	}
	for _, e := range ev {
		indent := "    "
		if e.Kind == vm.EvTurn {
			indent = "  "
		}
		fmt.Fprintf(t.out, "%s%s\n", indent, e.SeenBy(t.seat))
	}
}

// view prints what the seat may see: its hand, the piles, the table and
// the other seats.
func (t *table) view(v *vm.View) {
	if t.pile {
		fmt.Fprintf(t.out, "your pile: %d cards, face down\n", v.Counts[t.seat])
	} else {
		fmt.Fprintf(t.out, "your hand (%d): %s\n", v.Counts[t.seat], cardSet(v.Hand, v.Hand2))
	}
	t.sawStock = t.sawStock || v.Stock > 0
	t.sawPile = t.sawPile || v.Discard > 0
	var piles []string
	if v.Top >= 0 {
		piles = append(piles, fmt.Sprintf("discard pile: %d cards, top %s, active suit %s", v.Discard, bytecode.CardName(uint8(v.Top)), cardrules.Suit(v.Suit)))
	} else if t.sawPile {
		piles = append(piles, "discard pile: empty")
	}
	if t.sawStock {
		piles = append(piles, fmt.Sprintf("stock: %d cards", v.Stock))
	}
	if len(piles) > 0 {
		fmt.Fprintln(t.out, strings.Join(piles, "; "))
	}
	if len(v.Table) > 0 && !t.pile { // a pile game's table holds cards laid face down
		names := make([]string, len(v.Table))
		for i, c := range v.Table {
			names[i] = bytecode.CardName(c)
		}
		fmt.Fprintf(t.out, "on the table: %s\n", strings.Join(names, " "))
	}
	if v.Layout|v.Layout2 != 0 {
		fmt.Fprintf(t.out, "the layout: %s\n", cardSet(v.Layout, v.Layout2))
	}
	if v.MeldCount > 0 {
		fmt.Fprintf(t.out, "melds on the table (%d): %s\n", v.MeldCount, cardSet(v.Melds, v.Melds2))
	}
	if v.ClaimPile > 0 {
		pile := "the face-down pile: " + plural(v.ClaimPile, "card")
		if v.ClaimRank >= 0 && v.Claimed < 0 {
			pile += fmt.Sprintf(", the last announced as %d %s(s)", v.ClaimCount, cardrules.Rank(v.ClaimRank))
		}
		fmt.Fprintln(t.out, pile)
	}
	if v.ClimbRank >= 0 {
		fmt.Fprintf(t.out, "the play to beat: %s's %d %s(s)\n", t.seatName(v.ClimbBy), v.ClimbCount, cardrules.Rank(v.ClimbRank))
	}
	var others []string
	for s := range t.seats {
		if s == t.seat && !t.scored {
			continue
		}
		others = append(others, t.seatName(s)+": "+t.standing(v, s))
	}
	fmt.Fprintln(t.out, strings.Join(others, "; "))
}

// seatName names seat s for the person.
func (t *table) seatName(s int) string {
	switch {
	case s == t.seat:
		return fmt.Sprintf("seat %d (you)", s)
	case t.teams && s%2 == t.seat%2:
		return fmt.Sprintf("seat %d (partner)", s)
	}
	return fmt.Sprintf("seat %d", s)
}

// standing is seat s's public standing: out, or its cards, and its score
// where the game keeps scores.
func (t *table) standing(v *vm.View, s int) string {
	st := plural(int(v.Counts[s]), "card")
	if v.Active&(1<<s) == 0 {
		st = "out, " + st
	}
	if t.scored {
		st += fmt.Sprintf(", score %d", v.Scores[s])
	}
	return st
}

// options prints what the decision chooses and its numbered options, and
// returns the prompt's words.
func (t *table) options(d *vm.Decision) string {
	var what, prompt string
	label := func(o uint8) string { return bytecode.CardName(o) }
	switch d.Kind {
	case vm.DecideCard:
		what, prompt = "choose a card to play", "card to play"
		label = func(o uint8) string {
			switch o {
			case vm.OptDraw:
				return "draw a card"
			case vm.OptPass:
				return "pass"
			}
			return bytecode.CardName(o)
		}
		if n := len(d.Options); d.Options[n-1] >= vm.OptDraw {
			what, prompt = "choose a card to play, or another move", "move"
		}
		if d.View.Claimed >= 0 {
			what, prompt = fmt.Sprintf("choose a card to put face down as a %s", cardrules.Rank(d.View.Claimed)), "card to put down"
		}
	case vm.DecideClimb:
		what, prompt = "choose another card of the same rank for your play", "card to add"
		label = func(o uint8) string {
			if o == vm.OptDone {
				return "done: play the cards chosen"
			}
			return bytecode.CardName(o)
		}
	case vm.DecideCapture:
		what, prompt = "choose a layout card to capture (the cards taken must add up to your card's value)", "card to capture"
	case vm.DecideClaim:
		what, prompt = "choose the rank you announce for the cards you put face down", "rank to announce"
		label = func(o uint8) string {
			return fmt.Sprintf("%ss (you hold %d)", cardrules.Rank(o), bits.OnesCount64(d.View.Hand&bytecode.RankCards[o])+bits.OnesCount64(d.View.Hand2&bytecode.RankCards[o]))
		}
	case vm.DecideClaimCard:
		what, prompt = fmt.Sprintf("choose another card to put face down as a %s", cardrules.Rank(d.View.Claimed)), "card to add"
		label = func(o uint8) string {
			if o == vm.OptDone {
				return "done: announce the cards chosen"
			}
			return bytecode.CardName(o)
		}
	case vm.DecideChallenge:
		what = fmt.Sprintf("%s put down %s and says they are %ss: call it a cheat?", t.seatName(d.View.ClaimBy), plural(d.View.ClaimCount, "card"), cardrules.Rank(d.View.Claimed))
		prompt = "answer"
		label = func(o uint8) string {
			if o == vm.OptChallenge {
				return "challenge: turn the cards up"
			}
			return "let it be"
		}
	case vm.DecideDraw:
		what, prompt = fmt.Sprintf("draw from the stock, or take %s from the discard pile", bytecode.CardName(uint8(d.View.Top))), "draw"
		label = func(o uint8) string {
			if o == vm.OptTake {
				return "take " + bytecode.CardName(uint8(d.View.Top))
			}
			return "draw from the stock"
		}
	case vm.DecideMeld, vm.DecideMeldCard, vm.DecideLayOff:
		what, prompt = "choose a card to begin a meld with", "card to lay"
		done := "done: lay no more melds"
		switch d.Kind {
		case vm.DecideMeldCard:
			what, prompt, done = "choose the next card of the meld you are laying", "card to add", "done: the meld is laid"
		case vm.DecideLayOff:
			what, prompt, done = "choose a card to add to a meld on the table", "card to lay off", "done: lay off no more"
		}
		label = func(o uint8) string {
			if o == vm.OptDone {
				return done
			}
			return bytecode.CardName(o)
		}
	case vm.DecideKnock:
		what, prompt = "your deadwood is low enough to knock and end the deal", "answer"
		label = func(o uint8) string {
			if o == vm.OptKnock {
				return "knock"
			}
			return "play on"
		}
	case vm.DecideSuit:
		what, prompt = "choose a suit to name", "suit to name"
		label = func(o uint8) string { return cardrules.Suit(o).String() }
	case vm.DecideDiscard:
		what, prompt = "you must discard a card: choose which", "card to discard"
	case vm.DecideBlind:
		what = fmt.Sprintf("take a card blind from an opponent's hidden hand of %d: choose its position", len(d.Options))
		prompt = "position to take"
		label = func(o uint8) string { return fmt.Sprintf("card %d, face down", o+1) }
	case vm.DecideOpponent:
		what, prompt = "choose an opponent to ask", "opponent to ask"
		label = func(o uint8) string { return fmt.Sprintf("seat %d (%s)", o, plural(int(d.View.Counts[o]), "card")) }
	case vm.DecideTarget:
		what, prompt = "choose a target", "target"
		label = func(o uint8) string { return fmt.Sprintf("seat %d (%s)", o, plural(int(d.View.Counts[o]), "card")) }
	case vm.DecideRank:
		what = fmt.Sprintf("choose a rank to ask seat %d for", t.asked)
		prompt = fmt.Sprintf("rank to ask seat %d for", t.asked)
		label = func(o uint8) string {
			return fmt.Sprintf("%ss (you hold %d)", cardrules.Rank(o), bits.OnesCount64(d.View.Hand&bytecode.RankCards[o])+bits.OnesCount64(d.View.Hand2&bytecode.RankCards[o]))
		}
	case vm.DecideBid:
		what, prompt = "before the deal is played, bid the tricks you mean to win"+t.bidsSoFar(d), "bid"
		label = func(o uint8) string {
			if o == 0 {
				return "nil: win no trick"
			}
			return plural(int(o), "trick")
		}
	case vm.DecideBet, vm.DecideExchange, vm.DecideHit:
		what, prompt, label = chipWords(d, label)
	case vm.DecidePass:
		what = fmt.Sprintf("before the deal is played, choose a card to pass to seat %d", d.View.PassTo)
		if d.View.PassChosen|d.View.PassChosen2 != 0 {
			what += " (chosen so far: " + cardSet(d.View.PassChosen, d.View.PassChosen2) + ")"
		}
		prompt = "card to pass"
	case vm.DecideRespond:
		who := "you"
		if d.View.Hit != d.View.Seat {
			who = fmt.Sprintf("seat %d", d.View.Hit)
		}
		what = fmt.Sprintf("an effect of %d is about to hit %s: answer it with a card, or let it be", d.View.Pending, who)
		prompt = "answer"
		label = func(o uint8) string {
			if o == vm.OptPass {
				return "let it be"
			}
			return bytecode.CardName(o)
		}
	default:
		what, prompt = "choose an option", "option"
		label = func(o uint8) string { return strconv.Itoa(int(o)) }
	}
	fmt.Fprintln(t.out, what+":")
	for i, o := range d.Options {
		fmt.Fprintf(t.out, "  %d) %s\n", i+1, label(o))
	}
	return prompt
}

// plural is "1 card", "2 cards".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// result words the game's end from the person's seat, saying so when
// the game ended blocked (it is ranked like any finished game).
func (t *table) result(r vm.Result) string {
	s := t.outcome(r)
	if r.Blocked {
		s += "; the game was blocked (everyone passed with nothing left to draw)"
	}
	return s
}

// outcome words who won the game from the person's seat.
func (t *table) outcome(r vm.Result) string {
	switch {
	case r.Winner == vm.Capped:
		return fmt.Sprintf("result: a draw at the turn cap after %d turns", r.Turns)
	case r.Winner == vm.Tie:
		return fmt.Sprintf("result: a tie after %d turns", r.Turns)
	case r.WinMask&(1<<t.seat) != 0:
		if t.teams {
			return fmt.Sprintf("result: you and your partner won after %d turns", r.Turns)
		}
		return fmt.Sprintf("result: you won after %d turns", r.Turns)
	}
	var won []string
	for s := range t.seats {
		if r.WinMask&(1<<s) != 0 {
			won = append(won, strconv.Itoa(s))
		}
	}
	who := "seat " + strings.Join(won, "")
	if len(won) > 1 {
		who = "seats " + strings.Join(won, " and ")
	}
	return fmt.Sprintf("result: you lost after %d turns (%s won)", r.Turns, who)
}

// cardSet names the cards of a hand, its first pack's h and its second
// pack's h2, in ascending order of their faces (a card held twice is named
// twice).
func cardSet(h, h2 uint64) string {
	if h|h2 == 0 {
		return "no cards"
	}
	var names []string
	for x := h | h2; x != 0; x &= x - 1 {
		f := uint8(bits.TrailingZeros64(x))
		for _, w := range [...]uint64{h, h2} {
			if w&(1<<f) != 0 {
				names = append(names, bytecode.CardName(f))
			}
		}
	}
	return strings.Join(names, " ")
}

// lineReader reads the person's answers a line at a time, on request, in a
// goroutine of its own, so that an interrupt stops a game waiting for an
// answer. It never reads ahead of the game: input after the game's last
// decision is left unread.
type lineReader struct {
	ctx  context.Context
	in   *bufio.Scanner
	want chan struct{}
	got  chan lineResult
}

type lineResult struct {
	line string
	err  error
}

func newLineReader(ctx context.Context, in io.Reader) *lineReader {
	return &lineReader{ctx: ctx, in: bufio.NewScanner(in)}
}

// readLine returns the next line, without its end; io.EOF at the end of the
// input, or the context's error when it is cancelled first.
func (r *lineReader) readLine() (string, error) {
	if r.want == nil {
		r.want = make(chan struct{})
		r.got = make(chan lineResult, 1)
		go r.serve()
	}
	select {
	case r.want <- struct{}{}:
	case <-r.ctx.Done():
		return "", r.ctx.Err()
	}
	select {
	case l := <-r.got:
		return l.line, l.err
	case <-r.ctx.Done():
		return "", r.ctx.Err()
	}
}

// serve reads one line per request until close.
func (r *lineReader) serve() {
	for range r.want {
		var l lineResult
		if r.in.Scan() {
			l.line = r.in.Text()
		} else if l.err = r.in.Err(); l.err == nil {
			l.err = io.EOF
		} else {
			l.err = fmt.Errorf("reading input: %w", l.err)
		}
		r.got <- l
	}
}

// close ends the reading goroutine once it is done with a line it may be
// reading.
func (r *lineReader) close() {
	if r.want != nil {
		close(r.want)
	}
}
