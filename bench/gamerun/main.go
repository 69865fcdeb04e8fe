// Command gamerun plays n games of a seed game one after another on one
// machine, every seat with the Random policy, on the VM or (with -native)
// as the hand-written native game. It is the plain program that profilers
// need: pprof (-cpuprofile) and valgrind's cachegrind, under which a
// benchmark's timing loop does not settle. bench/RESULTS.md gives the
// commands.
//
//	go run ./bench/gamerun -game uno-style -n 20000 [-native] [-cpuprofile f]
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/native"
	"github.com/darwinsim/darwinsim/internal/rng"
	"github.com/darwinsim/darwinsim/vm"
)

// seed is the benchmarks' seed: game i is played from rng.Derive(seed, i).
const seed = 0xbe7c4_5eed

func main() {
	game := flag.String("game", "crazy-eights", "seed game")
	n := flag.Int("n", 20000, "games to play")
	nat := flag.Bool("native", false, "play the native game (crazy-eights, uno-style, war, hearts)")
	prof := flag.String("cpuprofile", "", "write a CPU profile to this file")
	flag.Parse()
	if err := run(*game, *n, *nat, *prof); err != nil {
		fmt.Fprintln(os.Stderr, "gamerun:", err)
		os.Exit(1)
	}
}

func run(game string, n int, nat bool, prof string) error {
	play, err := player(game, nat)
	if err != nil {
		return err
	}
	if prof != "" {
		f, err := os.Create(prof)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	start, turns := time.Now(), 0
	for i := range n {
		turns += play(rng.Derive(seed, uint64(i)))
	}
	sec := time.Since(start).Seconds()
	fmt.Printf("%s: %d games, %.0f games/s, %.1f turns a game\n", game, n, float64(n)/sec, float64(turns)/float64(n))
	return nil
}

// player returns a function that plays one game from a seed and returns
// its turns.
func player(game string, nat bool) (func(uint64) int, error) {
	if nat {
		switch game {
		case "crazy-eights":
			var g native.CrazyEights
			return func(s uint64) int { return g.Play(s, 0).Turns }, nil
		case "uno-style":
			var g native.Uno
			return func(s uint64) int { return g.Play(s, 0).Turns }, nil
		case "war":
			var g native.War
			return func(s uint64) int { return g.Play(s, 0).Turns }, nil
		case "hearts":
			var g native.Hearts
			return func(s uint64) int { return g.Play(s, 0).Turns }, nil
		}
		return nil, fmt.Errorf("no native game %q", game)
	}
	g, err := genome.Seed(game)
	if err != nil {
		return nil, err
	}
	code, err := compile.Compile(g)
	if err != nil {
		return nil, err
	}
	p, err := vm.Load(code)
	if err != nil {
		return nil, err
	}
	m, err := vm.NewMachine(p, 0, nil)
	if err != nil {
		return nil, err
	}
	return func(s uint64) int { return m.Play(s).Turns }, nil
}
