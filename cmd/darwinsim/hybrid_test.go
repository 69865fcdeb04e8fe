package main

import (
	"encoding/json"
	"testing"
)

// TestHybrids: games no seed is, mixing primitives across families, play
// by their rules from genome files: their effects fire, and every game ends
// before its cap.
func TestHybrids(t *testing.T) {
	cases := []struct {
		file    string
		effects []string // effect types that must fire
	}{
		{"../../testdata/hybrids/trick-draw-skip.json", []string{"draw_cards", "skip_next"}},
		{"../../testdata/hybrids/war-effects.json", []string{"force_discard"}},
		{"../../testdata/hybrids/go-fish-asks.json", []string{"draw_cards", "extra_turn", "skip_next"}},
		{"../../testdata/hybrids/old-maid-takes.json", []string{"skip_next", "reverse"}},
		{"../../testdata/hybrids/whist-tricks.json", []string{"force_discard", "reverse"}},
		{"../../testdata/hybrids/crazy-eights-locks.json", []string{"lock_suit", "lock_rank", "ban_rank", "miss_turns", "draw_limit", "suppress", "draw_cards"}},
		{"../../testdata/hybrids/whist-bonus.json", []string{"bonus", "ban_suit", "suppress", "lock_suit"}},
		{"../../testdata/hybrids/crazy-eights-rules.json", []string{"draw_cards"}},
		{"../../testdata/hybrids/uno-delayed.json", []string{"draw_cards", "force_discard", "lock_suit", "reverse"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			code, out, e := runCLI(t, "simulate", c.file, "-n", "2000", "--json")
			if code != 0 {
				t.Fatal(e)
			}
			var r statsReport
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			if r.Stats.Capped != 0 || r.Stats.Aborted != 0 {
				t.Errorf("%d capped and %d aborted games", r.Stats.Capped, r.Stats.Aborted)
			}
			for _, eff := range c.effects {
				if r.Summary.EffectsPerGame[eff] <= 0 {
					t.Errorf("effect %s never fired", eff)
				}
			}
			if r.Stats.Turns.Mean() <= 1 {
				t.Errorf("mean game length %.1f turns", r.Stats.Turns.Mean())
			}
		})
	}
}
