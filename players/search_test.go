package players

import (
	"context"
	"testing"

	"github.com/darwinsim/darwinsim/bytecode/compile"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/vm"
)

func program(tb testing.TB, name string) *vm.Program {
	tb.Helper()
	g, err := genome.Seed(name)
	if err != nil {
		tb.Fatal(err)
	}
	code, err := compile.Compile(g)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := vm.Load(code)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func winRate(tb testing.TB, p *vm.Program, specs string, games int, seat int) float64 {
	tb.Helper()
	sp, err := ParseList(specs)
	if err != nil {
		tb.Fatal(err)
	}
	cfg := vm.BatchConfig{Games: games, Seed: 1}
	Configure(&cfg, sp)
	st, err := vm.Batch(context.Background(), p, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return float64(st.Wins[seat]) / float64(st.Games)
}

func TestSearchSmoke(t *testing.T) {
	p := program(t, "crazy-eights")
	a := winRate(t, p, "ismcts:200,greedy", 100, 0)
	b := winRate(t, p, "greedy,ismcts:200", 100, 1)
	t.Logf("ismcts:200 vs greedy: seat 0 %.2f, seat 1 %.2f", a, b)
}
