package evolve

import (
	"slices"
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
