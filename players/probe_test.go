package players

import "testing"

func TestProbeC(t *testing.T) {
	p := program(t, "crazy-eights")
	for _, gf := range []bool{true, false} {
		GreedyFirst = gf
		for _, eps := range []int{80, 90} {
			RolloutEps = eps
			for _, s := range []string{"ismcts:300:1.0", "ismcts:300:1.4"} {
				a := winRate(t, p, s+",greedy", 2000, 0)
				b := winRate(t, p, "greedy,"+s, 2000, 1)
				t.Logf("greedy-first %v greedy-rollout %d%% %s vs greedy: mean %.3f", gf, eps, s, (a+b)/2)
			}
		}
	}
}
