package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/testkit"
	"github.com/darwinsim/darwinsim/vm"
)

// withStdin runs f with os.Stdin reading input, as when a file or a pipe
// is redirected into the command.
func withStdin(t *testing.T, input string, f func()) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "input")
	if err := os.WriteFile(path, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	old := os.Stdin
	os.Stdin = in
	defer func() { os.Stdin = old }()
	f()
}

// playCLI runs the CLI in-process with input as its standard input.
func playCLI(t *testing.T, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	withStdin(t, input, func() { code, stdout, stderr = runCLI(t, args...) })
	return code, stdout, stderr
}

// ones is a script that always takes the first option, long enough for a
// whole game of any seed.
var ones = strings.Repeat("1\n", 3000)

// prompts counts the decisions put to the person in a transcript.
func prompts(out string) int { return strings.Count(out, ", ? rules, q quit]> ") }

var cardName = regexp.MustCompile(`\b(10|[2-9JQKA])[CDHS]\b`)

// firstOption is the scripted person of a game replayed in the test: it
// takes the first option, as "1" does, and keeps every card it held when
// it decided.
type firstOption struct{ held uint64 }

func (f *firstOption) Choose(d *vm.Decision) int {
	f.held |= d.View.Hand
	return 0
}

// playedGame replays in-process the game "play NAME --seed SEED --seat
// SEAT" plays when the person always answers 1: the same opponents, the
// same game seed.
func playedGame(t *testing.T, name string, seed uint64, seat int, specs []string) (*vm.Trace, *firstOption) {
	t.Helper()
	gm, err := loadGame(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := vm.Load(gm.Code)
	if err != nil {
		t.Fatal(err)
	}
	m, err := playOpponents(p, len(specs), seat, specs)
	if err != nil {
		t.Fatal(err)
	}
	person := &firstOption{}
	m.SetPlayer(seat, person)
	tr := &vm.Trace{}
	m.SetTrace(tr)
	tr.Result = m.Play(playSeed(seed))
	person.held |= m.SeatView(seat).Hand
	return tr, person
}

// secretCards returns the cards an opponent of seat held that seat never
// saw: not played, not discarded face up, never in its own hand, not taken
// blind by it or from it, and not the starter. The transcript of seat must
// name none of them.
func secretCards(tr *vm.Trace, seat int, held uint64) uint64 {
	var opp, shown uint64 = 0, held
	for o, h := range tr.Hands {
		for _, c := range h {
			if o == seat {
				shown |= 1 << c
			} else {
				opp |= 1 << c
			}
		}
	}
	if tr.Starter >= 0 {
		shown |= 1 << tr.Starter
	}
	for _, e := range tr.Events {
		switch {
		case e.Kind == vm.EvPlay && e.N == 1 && int(e.Seat) != seat:
			opp |= 1 << e.Card // (face down, with a claim)
		case e.Kind == vm.EvPlay || e.Kind == vm.EvDiscard || e.Kind == vm.EvRespond || e.Kind == vm.EvReveal:
			shown |= 1 << e.Card
		case e.Kind == vm.EvDraw || e.Kind == vm.EvTakeFrom:
			if int(e.Seat) == seat || e.Kind == vm.EvTakeFrom && e.N == seat {
				shown |= 1 << e.Card
			} else {
				opp |= 1 << e.Card
			}
		}
	}
	return opp &^ shown
}

// checkNoSecrets fails if the transcript names a card of secret.
func checkNoSecrets(t *testing.T, out string, secret uint64) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		for _, name := range cardName.FindAllString(line, -1) {
			for c := range uint8(52) {
				if secret&(1<<c) != 0 && cardSet(1<<c, 0) == name {
					t.Errorf("the transcript shows %s, an opponent's card the seat never saw: %q", name, line)
				}
			}
		}
	}
}

// TestPlayEverySeed: a person answering 1 plays a whole game of every
// seed game to its result, is shown no card an opponent kept hidden, and
// the game is the one the same seed and choices give in-process.
func TestPlayEverySeed(t *testing.T) {
	secrets := 0
	for _, name := range genome.SeedNames() {
		t.Run(name, func(t *testing.T) {
			if g := testkit.SeedGenome(t, name); testing.Short() && (g.Match != nil || g.HasPhase(cardrules.PhaseClaim)) {
				// A match is some ten deals, and the default search
				// opponents play every rollout to the match's end; in a
				// claim game every seat decides at every turn whether to
				// challenge, a search each: minutes per game. The long
				// tests play them.
				t.Skip("a match or a claim game against search opponents is a long test")
			}
			code, out, errOut := playCLI(t, ones, "play", name, "--seed", "5")
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			gm, err := loadGame(name)
			if err != nil {
				t.Fatal(err)
			}
			seats := gm.Genome.Seats.Default
			specs, err := splitOpponents(defaultOpponents, seats, 0)
			if err != nil {
				t.Fatal(err)
			}
			tr, person := playedGame(t, name, 5, 0, specs)
			if !strings.Contains(out, fmt.Sprintf(" after %d turns", tr.Result.Turns)) || !strings.Contains(out, "\nresult: ") {
				t.Errorf("the transcript does not end with the game's result (%+v):\n%s", tr.Result, tail(out))
			}
			if !strings.Contains(out, "\nfinal standing:\n  seat 0 (you): ") {
				t.Errorf("no final standing:\n%s", tail(out))
			}
			if n := prompts(out); n == 0 && !strings.Contains(out, "You had no decision to make in this game") {
				t.Errorf("no decision was put to the person, and the transcript does not say so:\n%s", tail(out))
			}
			secret := secretCards(tr, 0, person.held)
			checkNoSecrets(t, out, secret)
			if secret != 0 {
				secrets++
			}
		})
	}
	if secrets == 0 {
		t.Error("no game kept any opponent's card hidden: the secrecy check checked nothing")
	}
}

// tail is the end of a transcript, for failure messages.
func tail(out string) string {
	lines := strings.Split(out, "\n")
	return strings.Join(lines[max(0, len(lines)-12):], "\n")
}

// TestPlaySeatHidesOpponents: from another seat, with one opponent spec
// per other seat, the transcript names no card the opponents kept hidden
// (blind takes and draws included), and the hand it shows holds only the
// seat's own cards.
func TestPlaySeatHidesOpponents(t *testing.T) {
	kept := 0
	for _, c := range []struct {
		name string
		vs   string
	}{
		{"old-maid", "random,greedy,random"},
		{"go-fish", "greedy,random"},
		{"crazy-eights", "random"},
		{"hearts", "random,random,greedy"},
	} {
		gm, err := loadGame(c.name)
		if err != nil {
			t.Fatal(err)
		}
		seats := gm.Genome.Seats.Default
		seat := seats - 1
		code, out, errOut := playCLI(t, ones, "play", c.name, "--seed", "11", "--seat", strconv.Itoa(seat), "--vs", c.vs)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
		}
		specs, err := splitOpponents(c.vs, seats, seat)
		if err != nil {
			t.Fatal(err)
		}
		tr, person := playedGame(t, c.name, 11, seat, specs)
		if !strings.Contains(out, fmt.Sprintf(" after %d turns", tr.Result.Turns)) {
			t.Errorf("%s: not the game replayed in-process (%+v)", c.name, tr.Result)
		}
		secret := secretCards(tr, seat, person.held)
		if secret != 0 {
			kept++
		}
		checkNoSecrets(t, out, secret)
		// The hand shown is the seat's own: every card in it is one the
		// seat held when it decided.
		for _, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(line, "your hand ") {
				continue
			}
			for _, name := range cardName.FindAllString(line, -1) {
				if !strings.Contains(" "+cardSet(person.held, 0)+" ", " "+name+" ") {
					t.Errorf("%s: %q shows %s, which the seat never held", c.name, line, name)
				}
			}
		}
		if want := fmt.Sprintf("you are seat %d; ", seat); !strings.Contains(out, want) {
			t.Errorf("%s: the transcript does not say %q", c.name, want)
		}
	}
	if kept < 2 {
		t.Errorf("only %d of the games ended with opponent cards never shown: the check checks little", kept)
	}
}

// TestPlayHelpAndBadLines: "?" prints the rules, a line that is not an
// option gets a hint and the prompt again, and neither changes the game.
func TestPlayHelpAndBadLines(t *testing.T) {
	_, plain, _ := playCLI(t, ones, "play", "crazy-eights", "--seed", "7")
	code, noisy, errOut := playCLI(t, "?\nfive\n0\n3x\n99\n"+ones, "play", "crazy-eights", "--seed", "7")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	g, _ := genome.Seed("crazy-eights")
	if !strings.Contains(noisy, g.Describe()) {
		t.Error("? did not print the rules")
	}
	if n := strings.Count(noisy, "type a number from 1 to 4, ? for the rules or q to quit\n"); n != 4 {
		t.Errorf("%d hints for 4 bad lines:\n%s", n, noisy[:min(len(noisy), 3000)])
	}
	if prompts(noisy) != prompts(plain)+5 {
		t.Errorf("%d prompts with 5 lines that chose nothing, %d without", prompts(noisy), prompts(plain))
	}
	res := func(s string) string { return s[strings.LastIndex(s, "\nresult: "):] }
	if res(noisy) != res(plain) {
		t.Errorf("the noise changed the game:\n%s\nwant:\n%s", res(noisy), res(plain))
	}
}

// TestPlayQuit: q quits at once, with exit 0 and no result.
func TestPlayQuit(t *testing.T) {
	for _, input := range []string{"q\n", "1\n1\nquit\n1\n", " q \n"} {
		code, out, errOut := playCLI(t, input, "play", "crazy-eights", "--seed", "7")
		if code != exitOK || errOut != "" {
			t.Errorf("%q: exit %d, stderr %q", input, code, errOut)
		}
		if !strings.HasSuffix(out, "\nyou quit.\n") || strings.Contains(out, "result:") {
			t.Errorf("%q: output ends:\n%s", input, tail(out))
		}
	}
}

// TestPlayInputEnds: input that ends before the game is an error, exit 1.
func TestPlayInputEnds(t *testing.T) {
	for _, input := range []string{"", "1\n1", "1\n1\n"} {
		code, out, errOut := playCLI(t, input, "play", "crazy-eights", "--seed", "7")
		if code != exitError || errOut != "darwinsim: input ended before the game did\n" {
			t.Errorf("%q: exit %d, stderr %q", input, code, errOut)
		}
		if strings.Contains(out, "result:") {
			t.Errorf("%q: a result after the input ended:\n%s", input, tail(out))
		}
	}
	// A game with no decision for the person needs no input at all.
	if code, out, errOut := playCLI(t, "", "play", "war", "--seed", "7"); code != exitOK || !strings.Contains(out, "\nresult: ") {
		t.Errorf("war with no input: exit %d, stderr %q", code, errOut)
	}
}

// TestPlayUsage: mistakes in the flags are usage errors, exit 2, with the
// usage text, before any game is dealt.
func TestPlayUsage(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--seat", "2"}, "darwinsim: --seat 2: the game has seats 0 to 1"},
		{[]string{"--seat", "-1"}, "darwinsim: --seat -1: the game has seats 0 to 1"},
		{[]string{"hearts", "--seat", "4"}, "darwinsim: --seat 4: the game has seats 0 to 3"},
		{[]string{"--vs", "clever"}, `darwinsim: --vs: seat 1: unknown policy "clever" (want random, greedy, ismcts:N or mcts:N)`},
		{[]string{"--vs", "greedy,random"}, "darwinsim: --vs: 2 policies for 1 other seat: give one for every other seat, or one per other seat in seat order"},
		{[]string{"hearts", "--vs", "greedy,random"}, "darwinsim: --vs: 2 policies for 3 other seats: give one for every other seat, or one per other seat in seat order"},
		{[]string{"hearts", "--seat", "2", "--vs", "greedy,,random"}, `darwinsim: --vs: seat 1: unknown policy "" (want random, greedy, ismcts:N or mcts:N)`},
		{[]string{"--players", "9"}, "darwinsim: the game is for 2 to 5 players, not 9"},
		{[]string{"--workers", "2"}, "darwinsim: unknown flag: --workers: darwinsim play does not take it ("},
		{[]string{"--bogus"}, "darwinsim: unknown flag: --bogus"},
		{[]string{"war", "war"}, "darwinsim: play takes at most 1 argument(s), got 2"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errOut := playCLI(t, ones, append([]string{"play"}, c.args...)...)
			first, _, _ := strings.Cut(errOut, "\n")
			// (A want ending in "(" is the start of a line that goes on
			// with a list.)
			matches := first == c.want || strings.HasSuffix(c.want, "(") && strings.HasPrefix(first, c.want)
			if code != exitUsage || !matches || !pointsToHelp(errOut) {
				t.Errorf("exit %d, stderr:\n%s\nwant first line %q", code, errOut, c.want)
			}
			if out != "" {
				t.Errorf("a usage mistake printed:\n%s", out)
			}
		})
	}
	code, _, errOut := playCLI(t, ones, "play", "nosuch")
	if code != exitError || !strings.HasPrefix(errOut, "darwinsim: nosuch: no such file") {
		t.Errorf("unknown game: exit %d, %s", code, errOut)
	}
}

// TestPlaySeed: without --seed the deal is chosen at random and its seed
// printed; that seed and the same choices replay the game exactly.
func TestPlaySeed(t *testing.T) {
	seedLine := regexp.MustCompile(`(?m)^game seed (\d+); replay it with --seed (\d+)$`)
	var seeds []string
	for range 3 {
		code, out, errOut := playCLI(t, ones, "play")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		m := seedLine.FindStringSubmatch(out)
		if m == nil || m[1] != m[2] {
			t.Fatalf("no seed line:\n%s", out[:min(len(out), 400)])
		}
		code, again, _ := playCLI(t, ones, "play", "--seed", m[1])
		if code != exitOK || again != out {
			t.Errorf("--seed %s does not replay the game", m[1])
		}
		seeds = append(seeds, m[1])
	}
	if seeds[0] == seeds[1] && seeds[1] == seeds[2] {
		t.Errorf("three games without --seed all had seed %s", seeds[0])
	}
}

// TestPlayInterrupt: an interrupt while the game waits for an answer stops
// it at once, exit 130, as for every command.
func TestPlayInterrupt(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	old := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = old }()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelOn{marker: ", ? rules, q quit]> ", cancel: cancel}
	var errOut bytes.Buffer
	code := run(ctx, []string{"play", "--seed", "7"}, out, &errOut)
	if code != exitInterrupt || errOut.String() != "darwinsim: interrupted\n" {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

// TestPlayFiles: a genome JSON file, a program file and bare bytecode play
// as the seed game they hold, and "?" prints the rules of the genome each
// holds (a program's decompiled genome for bare bytecode).
func TestPlayFiles(t *testing.T) {
	dir := t.TempDir()
	g, err := genome.Seed("uno-style")
	if err != nil {
		t.Fatal(err)
	}
	js, err := g.Encode()
	if err != nil {
		t.Fatal(err)
	}
	jsonFile := filepath.Join(dir, "uno.json")
	progFile := filepath.Join(dir, "uno.dspf")
	bareFile := filepath.Join(dir, "uno.bin")
	if err := os.WriteFile(jsonFile, js, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, e := runCLI(t, "compile", "uno-style", "-o", progFile); code != 0 {
		t.Fatal(e)
	}
	if err := os.WriteFile(bareFile, testkit.SeedProgram(t, "uno-style"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, want, _ := playCLI(t, ones, "play", "uno-style", "--seed", "3")
	result := func(s string) string { return s[strings.Index(s, "\nresult: "):] }
	for _, file := range []string{jsonFile, progFile, bareFile} {
		code, out, errOut := playCLI(t, "?\n"+ones, "play", file, "--seed", "3")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", file, code, errOut)
		}
		if result(out) != result(want) {
			t.Errorf("%s: not the seed game's game:\n%s", file, result(out))
		}
		if !strings.Contains(out, "Play starts with the first player") || !strings.Contains(out, "End: ") {
			t.Errorf("%s: ? did not print the rules:\n%s", file, out[:min(len(out), 2000)])
		}
	}
}

// TestPlayResult: the result is worded from the person's seat.
func TestPlayResult(t *testing.T) {
	solo := &table{seat: 1, seats: 3}
	team := &table{seat: 1, seats: 4, teams: true}
	cases := []struct {
		t    *table
		r    vm.Result
		want string
	}{
		{solo, vm.Result{Winner: 1, WinMask: 2, Turns: 9}, "result: you won after 9 turns"},
		{solo, vm.Result{Winner: 2, WinMask: 4, Turns: 9}, "result: you lost after 9 turns (seat 2 won)"},
		{solo, vm.Result{Winner: vm.Tie, Turns: 9}, "result: a tie after 9 turns"},
		{solo, vm.Result{Winner: vm.Capped, Turns: 400}, "result: a draw at the turn cap after 400 turns"},
		{team, vm.Result{Winner: 1, WinMask: 0b1010, Turns: 13}, "result: you and your partner won after 13 turns"},
		{team, vm.Result{Winner: 0, WinMask: 0b0101, Turns: 13}, "result: you lost after 13 turns (seats 0 and 2 won)"},
		{solo, vm.Result{Winner: 1, WinMask: 2, Turns: 30, Blocked: true}, "result: you won after 30 turns; the game was blocked (everyone passed with nothing left to draw)"},
		{solo, vm.Result{Winner: 0, WinMask: 1, Turns: 30, Blocked: true}, "result: you lost after 30 turns (seat 0 won); the game was blocked (everyone passed with nothing left to draw)"},
		{solo, vm.Result{Winner: vm.Tie, Turns: 31, Blocked: true}, "result: a tie after 31 turns; the game was blocked (everyone passed with nothing left to draw)"},
	}
	for _, c := range cases {
		if got := c.t.result(c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// TestPlayResponseWindow: a response window put to the person says what is
// about to hit whom and offers its answering cards and letting it be; the
// answer chosen is the one played.
func TestPlayResponseWindow(t *testing.T) {
	code, out, errOut := playCLI(t, ones, "play", "uno-stacking", "--seed", "4")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "an effect of 4 is about to hit you: answer it with a card, or let it be:\n  1) 2H\n  2) let it be\nanswer [1-2, ? rules, q quit]> "
	if !strings.Contains(out, want) {
		t.Fatalf("no response window put to the person:\n%s", out)
	}
	specs, err := splitOpponents(defaultOpponents, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	tr, _ := playedGame(t, "uno-stacking", 4, 0, specs)
	answered := false
	for _, e := range tr.Events {
		answered = answered || e.Kind == vm.EvRespond && e.Seat == 0 && bytecode.CardName(e.Card) == "2H"
	}
	if !answered {
		t.Error("the answer chosen (2H) is not played in the game")
	}
}

// TestPlayChooseTarget: an effect whose player chooses its target
// (uno-delayed's twos: an opponent of the player's choice draws two cards
// at the start of its next turn) puts the choice to the person: the
// opponents in turn order with their cards; the seat chosen is the one the
// effect hits, and the game is the one the same choices give in-process.
func TestPlayChooseTarget(t *testing.T) {
	const game = "../../testdata/hybrids/uno-delayed.json"
	code, out, errOut := playCLI(t, ones, "play", game, "--seed", "3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "choose a target:\n  1) seat 1 (4 cards)\n  2) seat 2 (5 cards)\n  3) seat 3 (2 cards)\ntarget [1-3, ? rules, q quit]> "
	at := strings.Index(out, want)
	if at < 0 {
		t.Fatalf("no choice of target put to the person:\n%s", out)
	}
	if hit := "resolves: draw 2 for seat 1 (from seat 0)"; !strings.Contains(out[at:], hit) {
		t.Errorf("the seat chosen (1) is not the one hit:\n%s", out[at:min(len(out), at+1500)])
	}
	specs, err := splitOpponents(defaultOpponents, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	tr, _ := playedGame(t, game, 3, 0, specs)
	if !strings.Contains(out, fmt.Sprintf(" after %d turns", tr.Result.Turns)) {
		t.Errorf("not the game the same choices give in-process (%+v):\n%s", tr.Result, tail(out))
	}
}
