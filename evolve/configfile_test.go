package evolve

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

func quick(t *testing.T) Config {
	t.Helper()
	c, err := Preset("quick")
	if err != nil {
		t.Fatal(err)
	}
	c.Seed, c.Workers = 1, 3
	return c
}

// TestParseConfigLayers: a field the file leaves out keeps the base's
// value, nested rates and weights field by field.
func TestParseConfigLayers(t *testing.T) {
	cases := []struct {
		name, file string
		change     func(c *Config)
	}{
		{"empty object", `{}`, func(c *Config) {}},
		{"one weight", `{"weights": {"skill": 3}}`, func(c *Config) { c.Weights.Skill = 3 }},
		{"one rate", `{"rates": {"crossover": 0.5}}`, func(c *Config) { c.Rates.Crossover = 0.5 }},
		{"empty nested objects", `{"rates": {}, "weights": {}}`, func(c *Config) {}},
		{"top-level fields", `{"population": 40, "generations": 0, "seed": 18446744073709551615, "sharing": 0}`,
			func(c *Config) { c.Population, c.Generations, c.Seed, c.Sharing = 40, 0, math.MaxUint64, 0 }},
		{"integral float and exponent", `{"cap_budget": 1, "hall_spacing": 5e-2}`, func(c *Config) { c.CapBudget, c.HallSpacing = 1, 0.05 }},
		{"this fitness version", `{"fitness_version": 2, "games": 30}`, func(c *Config) { c.Games = 30 }},
		{"whitespace around", "\n  {\"elite\": 0}\n\n", func(c *Config) { c.Elite = 0 }},
		{"the greedy skill by name", `{"skill": "greedy"}`, func(c *Config) {}},
		{"the ladder skill", `{"skill": "ladder", "ladder": "random, greedy,ismcts:20", "ladder_games": 7}`,
			func(c *Config) { c.Skill, c.Ladder, c.LadderGames = SkillLadder, "random, greedy,ismcts:20", 7 }},
	}
	if FitnessVersion != 2 {
		t.Fatalf("update the fitness_version case for FitnessVersion %d", FitnessVersion)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := quick(t)
			want := base
			c.change(&want)
			got, err := ParseConfig(base, []byte(c.file))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("ParseConfig(quick, %s)\n got %+v\nwant %+v", c.file, got, want)
			}
		})
	}
}

// TestParseConfigRoundTrip: a run directory's config.json, as WriteRun
// writes it, gives back the configuration whatever the base, for every
// field (each set to a value no preset has).
func TestParseConfigRoundTrip(t *testing.T) {
	want := Config{Population: 31, Generations: 7, Games: 33, SkillGames: 11, Seed: 1<<63 + 12345, Elite: 3, Tournament: 5,
		Rates:        Rates{AddEffect: 0.11, RemoveEffect: 0.12, MutateEffect: 0.13, Structure: 0.14, Crossover: 1.0 / 3},
		Weights:      Weights{Completion: 1.1, Balance: 1.2, Decisions: 1.3, LeadChanges: 1.4, Interaction: 1.5, Length: 1.6, Skill: 0.1 + 0.2, Simplicity: 1.8, Effects: 1.9},
		TargetLength: 17, CapBudget: 0.21, Sharing: 0.16, HallSpacing: 0.06, AblationGames: 150, Rescore: 4, Retries: 9,
		Skill: SkillLadder, Ladder: "random,ismcts:7:1.5", LadderGames: 3, Search: SearchMapElites}
	// Islands run the genetic loop only: a second configuration, of
	// islands, round-trips their fields.
	islands := want
	islands.Search, islands.Islands, islands.MigrateEvery, islands.Migrants, islands.Topology = SearchGenetic, 3, 4, 2, TopologyRandom
	// Every field but Workers differs from the base in one of them, so
	// none can pass through undecoded.
	base := quick(t)
	wv, iv, bv := reflect.ValueOf(want), reflect.ValueOf(islands), reflect.ValueOf(base)
	for i := range wv.NumField() {
		if f := wv.Type().Field(i); f.Name != "Workers" && wv.Field(i).Equal(bv.Field(i)) && iv.Field(i).Equal(bv.Field(i)) {
			t.Fatalf("field %s equals the base's: the test would not see it decoded", f.Name)
		}
	}
	for _, want := range []Config{want, islands} {
		configRoundTrip(t, base, want)
	}
}

// configRoundTrip checks that want's config.json, read over base, is want.
func configRoundTrip(t *testing.T, base, want Config) {
	t.Helper()
	data, err := json.MarshalIndent(struct {
		FitnessVersion int `json:"fitness_version"`
		Config
	}{FitnessVersion, want}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseConfig(base, data)
	if err != nil {
		t.Fatal(err)
	}
	want.Workers = base.Workers
	if got != want {
		t.Errorf("round trip\n got %+v\nwant %+v", got, want)
	}
}

// TestParseConfigErrors: every problem, at its JSON path, and nothing
// else.
func TestParseConfigErrors(t *testing.T) {
	cases := []struct{ name, file, want string }{
		{"unknown nested field", `{"weights": {"skil": 3}}`,
			`$.weights.skil: unknown field "skil" (want one of completion, balance, decisions, lead_changes, interaction, length, skill, simplicity, effects)`},
		{"unknown top-level field", `{"populaton": 3}`,
			`$.populaton: unknown field "populaton" (want one of population, generations, games, skill_games, seed, elite, tournament, rates, weights, target_length, cap_budget, sharing, hall_spacing, ablation_games, rescore, retries, skill, ladder, ladder_games, search, islands, migrate_every, migrants, topology)`},
		{"workers", `{"workers": 4}`,
			`$.workers: unknown field "workers": the worker count is not part of a run's configuration (results do not depend on it)`},
		{"string for an integer", `{"population": "24"}`, `$.population: expected an integer, got the string "24"`},
		{"fraction for an integer", `{"population": 24.5}`, `$.population: expected an integer, got 24.5`},
		{"exponent for an integer", `{"games": 1e3}`, `$.games: expected an integer, got 1e3`},
		{"huge integer", `{"games": 99999999999999999999}`, `$.games: the integer 99999999999999999999 is out of range`},
		{"negative seed", `{"seed": -1}`, `$.seed: expected an integer from 0 to 18446744073709551615, got the number -1`},
		{"seed past uint64", `{"seed": 18446744073709551616}`, `$.seed: expected an integer from 0 to 18446744073709551615, got the number 18446744073709551616`},
		{"null", `{"sharing": null}`, `$.sharing: expected a number, got null`},
		{"boolean for a number", `{"sharing": true}`, `$.sharing: expected a number, got a boolean`},
		{"huge number", `{"sharing": 1e400}`, `$.sharing: the number 1e400 is out of range`},
		{"array for an object", `{"rates": [0.1]}`, `$.rates: expected an object, got an array`},
		{"not an object", `[]`, `$: expected an object, got an array`},
		{"empty", ``, `$: empty input: expected a JSON object`},
		{"byte order mark", "\ufeff{}", `$: starts with a UTF-8 byte order mark, which JSON does not allow: save the JSON document as UTF-8 without one`},
		{"syntax", "{\n  \"population\": 24,\n}", `$: invalid JSON at line 3, column 1: invalid character '}' looking for beginning of object key string`},
		{"truncated", `{"population": 24`, `$: invalid JSON: unexpected EOF`},
		{"trailing data", `{} {}`, `$: unexpected data after the JSON document at line 1, column 4`},
		{"duplicate key", `{"rates": {"crossover": 0.5, "crossover": 0.2}}`, `$.rates.crossover: duplicate key "crossover" at line 1, column 30 (first at line 1, column 12): a key may appear only once in an object`},
		{"trailing bracket", `{}}`, `$: unexpected data after the JSON document at line 1, column 3`},
		{"several, in key order", `{"weights": {"skil": 1}, "elite": "2", "rates": {"crossover": "x"}}`, `3 problems:
  $.elite: expected an integer, got the string "2"
  $.rates.crossover: expected a number, got the string "x"
  $.weights.skil: unknown field "skil" (want one of completion, balance, decisions, lead_changes, interaction, length, skill, simplicity, effects)`},
		{"out of range", `{"rates": {"crossover": 1.5}}`, `$.rates.crossover: rate crossover must be in [0, 1], got 1.5`},
		{"out of range weight", `{"weights": {"balance": -1}}`, `$.weights.balance: fitness weights must be non-negative and finite, got -1`},
		{"all weights zero", `{"weights": {"completion": 0, "balance": 0, "decisions": 0, "lead_changes": 0, "interaction": 0, "length": 0, "skill": 0, "simplicity": 0, "effects": 0}}`,
			`$.weights: at least one fitness weight must be positive`},
		// The preset's elite and tournament do not fit the file's
		// population: the file holds no path for them.
		{"against the base", `{"population": 2}`, `2 problems:
  elite must be between 0 and population-1 (1), got 2
  tournament size must be between 1 and the population (2), got 3`},
		{"against each other", `{"population": 1, "elite": 1}`, `3 problems:
  $.population: population must be between 2 and 100000, got 1
  $.elite: elite must be between 0 and population-1 (0), got 1
  tournament size must be between 1 and the population (1), got 3`},
		{"other fitness version", `{"fitness_version": 1}`,
			`$.fitness_version: the file is for fitness version 1, but this build scores with version 2, so its run cannot be reproduced (remove the key to use the configuration anyway)`},
		{"fitness version not a number", `{"fitness_version": "2"}`, `$.fitness_version: expected an integer, got the string "2"`},
		{"other semantics version", `{"semantics_version": 2}`,
			`$.semantics_version: the file is for semantics version 2, but this build plays version 4, so its run cannot be reproduced (remove the key to use the configuration anyway)`},
		{"format version not a number", `{"bytecode_format_version": null}`, `$.bytecode_format_version: expected an integer, got null`},
		{"schema version not a number", `{"genome_schema_version": 1.5}`, `$.genome_schema_version: expected an integer, got the number 1.5`},
		{"number for a string", `{"skill": 1}`, `$.skill: expected a string, got the number 1`},
		{"null for a string", `{"ladder": null}`, `$.ladder: expected a string, got null`},
		{"unknown skill", `{"skill": "ismcts"}`, `$.skill: skill must be "greedy" (the default: greedy against random) or "ladder" (the slope of a skill ladder), got "ismcts"`},
		{"ladder skill without a ladder", `{"skill": "ladder"}`, `2 problems:
  the ladder skill needs a ladder: policy specs, weakest first, as "random,greedy,ismcts:20"
  ladder games must be between 1 and 10000000 games per rung and seat, got 0`},
		{"a ladder of one rung", `{"skill": "ladder", "ladder": "random", "ladder_games": 5}`,
			`$.ladder: ladder "random": give at least two rungs, weakest first (as random,greedy,ismcts:100,ismcts:1000)`},
		{"a bad rung", `{"skill": "ladder", "ladder": "random,greedy,ismcts:0", "ladder_games": 5}`,
			`$.ladder: ladder rung 3: policy "ismcts:0": iterations must be a whole number from 1 to 1000000, got "0"`},
		{"too many ladder games", `{"skill": "ladder", "ladder": "random,greedy", "ladder_games": 10000001}`,
			`$.ladder_games: ladder games must be between 1 and 10000000 games per rung and seat, got 10000001`},
		{"a ladder without the ladder skill", `{"ladder": "random,greedy", "ladder_games": 5}`, `2 problems:
  $.ladder: a ladder is used only with "skill": "ladder"; the skill is greedy against random
  $.ladder_games: ladder games are used only with "skill": "ladder"; the skill is greedy against random`},
		{"fitness version nested", `{"rates": {"fitness_version": 2}}`,
			`$.rates.fitness_version: unknown field "fitness_version" (want one of add_effect, remove_effect, mutate_effect, structure, crossover)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseConfig(quick(t), []byte(c.file))
			if err == nil {
				t.Fatalf("ParseConfig(%s) = %+v, want an error", c.file, got)
			}
			if err.Error() != c.want {
				t.Errorf("ParseConfig(%s):\n got %s\nwant %s", c.file, err, c.want)
			}
			if _, ok := err.(ConfigProblems); !ok {
				t.Errorf("error is a %T, want ConfigProblems", err)
			}
			if got != (Config{}) {
				t.Errorf("a failed parse returned %+v, want the zero Config", got)
			}
		})
	}
	if !strings.Contains(ConfigProblems{{Path: "", Reason: "x"}, {Path: "$.a", Reason: "y"}}.Error(), "\n  x\n  $.a: y") {
		t.Error("a problem without a path prints its reason alone")
	}
}

// TestParseConfigVersionRecords: the bytecode format and genome schema
// versions of a config.json are a record, not a condition: programs are
// compiled afresh and genomes migrate, so a run written under others is
// still reproduced.
func TestParseConfigVersionRecords(t *testing.T) {
	base, _ := Preset("quick")
	cfg, err := ParseConfig(base, []byte(`{"bytecode_format_version": 1, "genome_schema_version": 7, "games": 33}`))
	if err != nil || cfg.Games != 33 {
		t.Fatalf("got games %d, %v", cfg.Games, err)
	}
	js, err := ConfigJSON(base)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseConfig(Config{}, js)
	if err != nil || !reflect.DeepEqual(back, base) {
		t.Fatalf("config.json does not read back: %v\n%+v\n%+v", err, back, base)
	}
	for _, key := range []string{"fitness_version", "semantics_version", "bytecode_format_version", "genome_schema_version"} {
		if !bytes.Contains(js, []byte(`"`+key+`"`)) {
			t.Errorf("config.json lacks %s:\n%s", key, js)
		}
	}
}
