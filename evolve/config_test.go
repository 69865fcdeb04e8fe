package evolve

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// What DefaultRates, DefaultWeights, Preset and PresetNames return is the
// caller's own: changing it does not change what the next call returns.
// (Config, Rates and Weights are compared with ==, which also keeps them
// free of slices and maps, the fields a copy would share.)
func TestPresetsImmutable(t *testing.T) {
	rates, weights := DefaultRates(), DefaultWeights()
	r := DefaultRates()
	r.Crossover = 0.99
	w := DefaultWeights()
	w.Completion, w.Skill = 0, 1e6
	if got := DefaultRates(); got != rates {
		t.Errorf("DefaultRates() = %+v after changing a returned copy, want %+v", got, rates)
	}
	if got := DefaultWeights(); got != weights {
		t.Errorf("DefaultWeights() = %+v after changing a returned copy, want %+v", got, weights)
	}

	names := PresetNames()
	want := slices.Clone(names)
	for _, n := range names {
		c, err := Preset(n)
		if err != nil {
			t.Fatal(err)
		}
		before := c
		c.Population, c.Seed = 7, 42
		c.Rates.AddEffect = 0.99
		c.Weights.Balance = 123
		if got, _ := Preset(n); got != before {
			t.Errorf("Preset(%q) = %+v after changing a returned copy, want %+v", n, got, before)
		}
	}
	if p, _ := Preset("default"); p.Rates != rates || p.Weights != weights {
		t.Errorf("the default preset has rates %+v and weights %+v, want DefaultRates() %+v and DefaultWeights() %+v", p.Rates, p.Weights, rates, weights)
	}

	names[0] = "changed"
	if got := PresetNames(); !slices.Equal(got, want) {
		t.Errorf("PresetNames() = %q after changing a returned slice, want %q", got, want)
	}
	if !slices.IsSorted(want) {
		t.Errorf("PresetNames() = %q, want them sorted", want)
	}
}

// TestConfigBounds: every count has an upper bound, so that no count, and
// no run, overflows or goes on for ever: at the bound a configuration is
// valid, one past it is not, and Validate reports every problem at once.
func TestConfigBounds(t *testing.T) {
	base, _ := Preset("quick")
	for _, tc := range []struct {
		name string
		set  func(c *Config, v int)
		max  int
		want string
	}{
		{"population", func(c *Config, v int) { c.Population = v }, 100000, "population must be between 2 and 100000"},
		{"generations", func(c *Config, v int) { c.Generations = v }, 1000000, "generations must be between 0 and 1000000"},
		{"games", func(c *Config, v int) { c.Games = v }, MaxGames, fmt.Sprintf("games per evaluation must be between 10 and %d", MaxGames)},
		{"skill games", func(c *Config, v int) { c.SkillGames = v }, MaxGames, fmt.Sprintf("skill games must be between 0 and %d", MaxGames)},
		{"ablation games", func(c *Config, v int) { c.AblationGames = v }, MaxGames, fmt.Sprintf("ablation games must be between 100 and %d", MaxGames)},
		{"target length", func(c *Config, v int) { c.TargetLength = v }, maxTargetLength, fmt.Sprintf("target length must be between 1 and %d", maxTargetLength)},
		{"rescore", func(c *Config, v int) { c.Rescore = v }, maxRescore, fmt.Sprintf("rescore must be between 0 and %d", maxRescore)},
		{"retries", func(c *Config, v int) { c.Retries = v }, 100, "retries must be between 1 and 100"},
	} {
		c := base
		tc.set(&c, tc.max)
		if err := c.Validate(); err != nil {
			t.Errorf("%s at its bound %d: %v", tc.name, tc.max, err)
		}
		for _, v := range []int{tc.max + 1, math.MaxInt} {
			c := base
			tc.set(&c, v)
			if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), strconv.Itoa(v)) {
				t.Errorf("%s = %d: %v, want %q", tc.name, v, err, tc.want)
			}
		}
	}

	// Counts each within bounds whose run would not end.
	c := base
	c.Population, c.Generations, c.Games, c.SkillGames, c.Elite = 100000, 1000000, MaxGames, MaxGames, 1
	err := c.Validate()
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("plays more than %d games", uint64(MaxRunGames))) {
		t.Errorf("a run of %d games: %v", c.runGames(), err)
	}
	c.Generations = int(MaxRunGames/(uint64(c.Population)*uint64(c.Games+c.SkillGames))) - 1
	if err := c.Validate(); err != nil || c.runGames() > MaxRunGames {
		t.Errorf("a run of %d games, within the bound: %v", c.runGames(), err)
	}

	// Every problem at once: each bad count, and the run's games are not
	// multiplied out of counts out of range.
	c = base
	c.Population, c.Games, c.SkillGames, c.Rescore, c.Retries, c.Elite, c.Tournament = 1, math.MaxInt, -1, math.MaxInt, 0, 0, 1
	err = c.Validate()
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"population must be", "games per evaluation must be", "skill games must be", "rescore must be", "retries must be"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Validate() = %v, want it to mention %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "plays more than") {
		t.Errorf("Validate() = %v: the run's games of counts out of range", err)
	}
	if n := len(strings.Split(err.Error(), "\n")); n != 5 {
		t.Errorf("Validate() reports %d problems, want 5:\n%v", n, err)
	}
}

// TestConfigLadderSkill: the ladder skill's fields are bounded, counted
// in a run's games (ladder games x rungs in place of the skill games), and
// left out of the JSON of a configuration without them, so that the
// default configuration keeps its identity.
func TestConfigLadderSkill(t *testing.T) {
	base, _ := Preset("quick")
	base.Skill, base.Ladder, base.LadderGames = SkillLadder, "random,greedy", MaxGames
	if err := base.Validate(); err != nil {
		t.Errorf("ladder games at their bound %d: %v", MaxGames, err)
	}
	c := base
	c.LadderGames = MaxGames + 1
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("ladder games must be between 1 and %d games per rung and seat, got %d", MaxGames, MaxGames+1)) {
		t.Errorf("ladder games past their bound: %v", err)
	}

	// 100000 x 10000 x (games + skill): 500000 games + 200 skill games
	// fit under MaxRunGames, 500000 + a ladder of 2 rungs of 300000 games
	// does not.
	c = base
	c.Population, c.Generations, c.Games, c.SkillGames, c.Elite = 100000, 9999, 500000, 200, 1
	c.LadderGames = 300000
	err := c.Validate()
	if err == nil || !strings.Contains(err.Error(), "a ladder of 300000 games per rung and seat plays more than") {
		t.Errorf("a run of %d games with the ladder skill: %v", c.runGames(), err)
	}
	c.Skill, c.Ladder, c.LadderGames = SkillGreedy, "", 0
	if err := c.Validate(); err != nil {
		t.Errorf("the same run with the greedy skill (%d games): %v", c.runGames(), err)
	}
	// The largest counts cannot overflow the product.
	c = base
	c.Population, c.Generations, c.Games, c.Elite = 100000, 1000000, MaxGames, 1
	c.Ladder = strings.Repeat("random,", 15) + "greedy"
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "plays more than") || c.runGames() < MaxRunGames {
		t.Errorf("the largest run, %d games: %v", c.runGames(), err)
	}

	for _, name := range PresetNames() {
		p, _ := Preset(name)
		js, err := ConfigJSON(p)
		if err != nil {
			t.Fatal(err)
		}
		var top map[string]any
		if err := json.Unmarshal(js, &top); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"skill", "ladder", "ladder_games"} {
			if _, ok := top[key]; ok {
				t.Errorf("preset %s: config.json names %s:\n%s", name, key, js)
			}
		}
	}
	js, err := ConfigJSON(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"skill": "ladder"`, `"ladder": "random,greedy"`, `"ladder_games": 10000000`} {
		if !strings.Contains(string(js), key) {
			t.Errorf("config.json of the ladder skill lacks %s:\n%s", key, js)
		}
	}
}
